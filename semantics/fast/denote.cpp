// [[M]] : St ⇀ St (§3.2.2), one function per equation, with the errata of proofs-notes/errata.md.
//
// Notation (the paper's): σ^{v,0,…}_{Q,S,…} is σ with Q ↦ v, S ↦ 0, …; `turn` is σ(turn);
// (S, v) = GTSS(Q, P, σ) or GCSS(Q, P, σ) finds the source square S and the id v that moves.
// Every equation also does what the FIDE Laws need beyond the paper, and which the paper's
// equations leave out (erratum "bookkeeping"): a piece leaving or landing on a1, h1, a8 or h8
// sets that corner's rook flag (Art. 3.8.2: a rook that moved, or was captured, never castles),
// and the halfmove clock (Art. 9.3) restarts on pawn moves and captures, else counts up.
//
// Names: `s` is σ, `n` is σ' (next), `from` is S, `to` is Q, `v` the moving id.
#include "semantics/fast/denote.hpp"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "ast/mutants.hpp"
#include "semantics/fast/equations.hpp"
#include "semantics/fast/find_source.hpp"
#include "semantics/fast/geometry.hpp"
#include "semantics/fast/movement.hpp"
#include "semantics/fast/wide.hpp"
#if defined(PGNSEM_WIDE)
#include <immintrin.h>
#elif defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
#include <emmintrin.h>
#endif

namespace pgnsem::sem::fast {
namespace {

[[nodiscard]] constexpr std::size_t ix(Square q) noexcept {
    return static_cast<std::size_t>(q.index());
}

}  // namespace

// σ.board with Q ↦ v and S ↦ 0 (equations.hpp), square by square.
void write_move_scalar(std::array<PieceId, 64>& out, const std::array<PieceId, 64>& in, int from, int to,
                       PieceId v) noexcept {
    out = in;
    out[static_cast<std::size_t>(to)] = v;
    out[static_cast<std::size_t>(from)] = kEmpty;
}

// The same with SSE2, sixteen squares at a time: σ' is read back right away (T asks IIC of it), and
// whole-register writes can be read back without waiting.
void write_move_narrow(std::array<PieceId, 64>& out, const std::array<PieceId, 64>& in, int from, int to,
                       PieceId v) noexcept {
#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
    const __m128i squares = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i put = _mm_set1_epi8(static_cast<char>(v.value()));
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i q = _mm_add_epi8(squares, _mm_set1_epi8(static_cast<char>(16 * chunk)));
        const __m128i at_to = _mm_cmpeq_epi8(q, _mm_set1_epi8(static_cast<char>(to)));
        const __m128i at_from = _mm_cmpeq_epi8(q, _mm_set1_epi8(static_cast<char>(from)));
        __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in.data() + 16 * chunk));
        ids = _mm_or_si128(_mm_andnot_si128(at_to, ids), _mm_and_si128(at_to, put));
        ids = _mm_andnot_si128(at_from, ids);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data() + 16 * chunk), ids);
    }
#else
    write_move_scalar(out, in, from, to, v);
#endif
}

#if defined(PGNSEM_WIDE)
// The same, thirty-two squares at a time, for the processors with AVX2 (wide.hpp). Written whole,
// as the narrow one is: IIC's wide pass then reads each half of σ′ back from one store.
[[gnu::target("avx2")]] void write_move_wide(std::array<PieceId, 64>& out, const std::array<PieceId, 64>& in, int from,
                                             int to, PieceId v) noexcept {
    const __m256i squares =
        _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                         26, 27, 28, 29, 30, PGNSEM_MUTATE(fast_denote_avx2_square_twice, 30, 31));
    const __m256i put = _mm256_set1_epi8(static_cast<char>(v.value()));
    const __m256i at = _mm256_set1_epi8(static_cast<char>(to));
    const __m256i leaving = _mm256_set1_epi8(static_cast<char>(from));
    for (int half = 0; half < 2; ++half) {
        const __m256i q = _mm256_add_epi8(squares, _mm256_set1_epi8(static_cast<char>(32 * half)));
        __m256i ids = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in.data() + 32 * half));
        ids = _mm256_blendv_epi8(ids, put, _mm256_cmpeq_epi8(q, at));
        ids = _mm256_andnot_si256(_mm256_cmpeq_epi8(q, leaving), ids);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.data() + 32 * half), ids);
    }
}
#else
void write_move_wide(std::array<PieceId, 64>& out, const std::array<PieceId, 64>& in, int from, int to,
                     PieceId v) noexcept {
    write_move_narrow(out, in, from, to, v);
}
#endif

namespace {
// position.hpp's tables of rook flags by square: for each pair of White's castling rooks' files
// (q < h) with each pair of Black's, kCornerA1 on q1, kCornerH1 on h1, kCornerA8 on q8, kCornerH8 on h8.
constexpr std::array<CornerTable, kFilePairs * kFilePairs> make_corner_tables() noexcept {
    std::array<CornerTable, kFilePairs * kFilePairs> t{};
    for (int q = 0; q < 8; ++q)
        for (int h = q + 1; h < 8; ++h)
            for (int other = 0; other < kFilePairs; ++other) {
                CornerTable& white = t[static_cast<std::size_t>(file_pair(q, h) * kFilePairs + other)];
                white[static_cast<std::size_t>(q)] = kCornerA1;
                white[static_cast<std::size_t>(h)] = kCornerH1;
                CornerTable& black = t[static_cast<std::size_t>(other * kFilePairs + file_pair(q, h))];
                black[static_cast<std::size_t>(56 + q)] = kCornerA8;
                black[static_cast<std::size_t>(56 + h)] = kCornerH8;
            }
    return t;
}
}  // namespace

constinit const std::array<CornerTable, kFilePairs* kFilePairs> kCornerTables = make_corner_tables();

namespace {

// σ^{v,0,turn+1}_{Q,S,turn}, plus the Laws' rook flags and halfmove clock.
// σ′ is σ with its board written once, by write_move: only what follows the board is copied from
// σ's position — σ's other fields and the kings, which only a king's move then writes (with
// `Position out = p` the board would be copied and then written over, on every move).
// `Position out;` zero-initialises the board in the source, and GCC 12 keeps those stores: in the
// Release builds (plain and profile-guided) four 16-byte stores of zeros come before write_move,
// on both widths, since the wide one is a call (its avx2 target keeps it out of line) that GCC
// must assume reads `out`. Skipping them would need a State that can be left uninitialised, which
// an aggregate with default member initialisers cannot be.
[[nodiscard]] Position move_piece(const Position& p, Square from, Square to, PieceId placed,
                                  bool resets_clock) noexcept {
    static_assert(std::is_standard_layout_v<Position> && offsetof(Position, sigma) == 0 &&
                  offsetof(State, board) == 0 && offsetof(State, two_step) == sizeof(State::board) &&
                  offsetof(Position, king) >= sizeof(State));
    const State& s = p.sigma;
    Position out;
    std::memcpy(reinterpret_cast<unsigned char*>(&out) + sizeof s.board,
                reinterpret_cast<const unsigned char*>(&p) + sizeof s.board, sizeof(Position) - sizeof s.board);
    State& n = out.sigma;
    const PieceId victim = s.board[ix(to)];
    write_move(n.board, s.board, from.index(), to.index(), placed);
    n.turn = static_cast<std::uint16_t>(s.turn + 1);
    const bool capture = victim != kEmpty;
    n.halfmove_clock = (resets_clock || capture) ? 0u : s.halfmove_clock + 1;
    // The rook flags of the castling rooks' start squares the move touched (rook_corner,
    // semantics/state.hpp): a1, h1, a8, h8 in standard chess, from the table of σ's castling files.
    const CornerTable& corners = kCornerTables[p.corner_table];
    n.rook_moved = static_cast<std::uint8_t>(n.rook_moved | corners[ix(from)] |
                                             PGNSEM_MUTATE(fast_denote_rook_flag, 0, corners[ix(to)]));
    return out;
}

// What the move did. The equations build Accepted{σ', action} in place (σ' is written once,
// where it is returned, not copied: σ is copied per move, and only once).
[[nodiscard]] Action action(Equation r, Square from, Square to, PieceId v, PieceId captured,
                            std::optional<Square> captured_on) noexcept {
    return Action{r, from, to, v, captured, captured_on, std::nullopt, std::nullopt};
}

[[nodiscard]] std::optional<Square> victim_square(const State& s, Square to) noexcept {
    if (s.board[ix(to)] == kEmpty) return std::nullopt;
    return to;
}

}  // namespace

// [[Q]] (one step):  σ' = σ^{v,0,turn+1}_{Q,S,turn},  (S, v) = GTSS(Q, file(Q), σ)     — trav/pawn
Accepted pawn_step(const Position& p, Square from, Square to) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(from)];
    return Accepted{move_piece(p, from, to, v, true),
                    action(Equation::TravPawn, from, to, v, s.board[ix(to)], victim_square(s, to))};
}

// [[Q]], |rank(S) − rank(Q)| = 2:  σ' = σ^{v,0,turn,turn+1}_{Q,S,S_2step,turn}       — trav/pawn-double
// The pawn's stamp S_2step (two_step[stamp_index(v)]) takes the value of turn in σ.
Accepted pawn_double_step(const Position& p, Square from, Square to) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(from)];
    Accepted t{move_piece(p, from, to, v, true),
               action(Equation::TravPawnDouble, from, to, v, s.board[ix(to)], victim_square(s, to))};
    t.next.sigma.two_step[static_cast<std::size_t>(stamp_index(v))] = s.turn;
    return t;
}

// [[P::Q]], P ∉ Pking:  σ' = σ^{v,0,turn+1}_{Q,S,turn},  (S, v) = GTSS(Q, P, σ)         — trav/piece
Accepted piece_traversal(const Position& p, Square from, Square to) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(from)];
    return Accepted{move_piece(p, from, to, v, false),
                    action(Equation::TravPiece, from, to, v, s.board[ix(to)], victim_square(s, to))};
}

// [[K::Q]]:  σ' = σ^{v,0,1,turn+1}_{Q,S,w_king,turn} (b_king for Black),  (S, v) = GTSS(Q, K, σ) — trav/king
Accepted king_traversal(const Position& p, Square from, Square to) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(from)];
    Accepted t{move_piece(p, from, to, v, false),
               action(Equation::TravKing, from, to, v, s.board[ix(to)], victim_square(s, to))};
    State& n = t.next.sigma;
    const Color c = color_of(v);
    t.next.king[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(to.index());
    n.king_moved = static_cast<std::uint8_t>(n.king_moved | (c == Color::White ? kWhiteKingMoved : kBlackKingMoved));
    return t;
}

// [[W::x::Q]]:  σ' = σ^{v,0,turn+1}_{Q,S,turn},  (S, v) = GCSS(Q, W, σ)                 — cap/pawn
Accepted pawn_capture(const Position& p, Square from, Square to) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(from)];
    return Accepted{move_piece(p, from, to, v, true), action(Equation::CapPawn, from, to, v, s.board[ix(to)], to)};
}

// [[W::x::Q]] en passant (GCSS's second case):  σ' = σ^{v,0,0,turn+1}_{Q,S,B,turn} where B is the
// square behind Q (rank 5 for White, 4 for Black) holding the pawn that just double-stepped.
// Erratum: the paper's single capture equation writes v onto Q and leaves B untouched; the
// captured pawn stands on B, not on Q.                                                   — cap/en-passant
Accepted en_passant(const Position& p, Square from, Square to) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(from)];
    const Square behind = Square::unchecked(to.index() - 8 * forward(color_of(v)));
    const PieceId victim = s.board[ix(behind)];
    Accepted t{move_piece(p, from, to, v, true), action(Equation::CapEnPassant, from, to, v, victim, behind)};
    t.next.sigma.board[ix(behind)] = kEmpty;
    return t;
}

// [[P::x::Q]], P ∉ Pking:  σ' = σ^{v,0,turn+1}_{Q,S,turn},  (S, v) = GCSS(Q, P, σ)      — cap/piece
Accepted piece_capture(const Position& p, Square from, Square to) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(from)];
    return Accepted{move_piece(p, from, to, v, false),
                    action(Equation::CapPiece, from, to, v, s.board[ix(to)], victim_square(s, to))};
}

// [[K::x::Q]]:  σ' = σ^{v,0,1,turn+1}_{Q,S,w_king,turn} (b_king for Black)              — cap/king
Accepted king_capture(const Position& p, Square from, Square to) noexcept {
    const State& s = p.sigma;
    Accepted t = king_traversal(p, from, to);
    t.action.rule = Equation::CapKing;
    t.action.captured_on = victim_square(s, to);
    return t;
}

// [[O-O]], White:  σ' = σ^{5,8,0,0,1,turn+1}_{g1,f1,e1,h1,w_king,turn}
//   if mod(turn,2) = 0, w_king = 0, f1 = 0, g1 = 0, h1 = 8       (Black: g8, f8, e8, h8, ids 21, 24)
// [[O-O-O]], White: σ' = σ^{5,1,0,0,1,turn+1}_{c1,d1,e1,a1,w_king,turn}
//   if mod(turn,2) = 0, w_king = 0, b1 = c1 = d1 = 0, a1 = 1      (Black: c8, d8, e8, a8, ids 21, 17)
// Errata: castling sets the king's moved flag (the paper's equation does not, so it would allow
// castling twice); the Laws' rook flag is set too; black O-O tests h8 (the paper writes h1), black
// O-O-O tests b8, c8, d8 and a8 (the paper writes f8 and a1). In Chess960 the king and the rook
// start on σ's castling files and end on the same squares; the start squares are emptied before the
// destinations are written, so that a start square that is also a destination keeps what lands on
// it (proofs-notes/chess960.md). The movement conditions are checked by denote_castle; this function
// is the update alone.                                                   — castle/king-side, castle/queen-side
Accepted castle(const Position& p, ast::CastleSide side) noexcept {
    const State& s = p.sigma;
    const Color c = to_move(s);
    const CastleSquares& q = castle_entry(s, c, side).squares;
    Position out = p;
    State& n = out.sigma;
    out.king[static_cast<std::size_t>(c)] =
        static_cast<std::uint8_t>(PGNSEM_MUTATE(fast_denote_castle_king_square, q.king_from, q.king_to).index());
    n.board[ix(q.king_from)] = kEmpty;
    n.board[ix(q.rook_from)] = kEmpty;
    n.board[ix(q.king_to)] = q.king;
    n.board[ix(q.rook_to)] = q.rook;
    n.king_moved = static_cast<std::uint8_t>(n.king_moved | (c == Color::White ? kWhiteKingMoved : kBlackKingMoved));
    n.rook_moved = static_cast<std::uint8_t>(n.rook_moved | q.corner);
    n.turn = static_cast<std::uint16_t>(s.turn + 1);
    n.halfmove_clock = PGNSEM_MUTATE(fast_denote_castle_clock, s.halfmove_clock, s.halfmove_clock + 1);
    Action a{side == ast::CastleSide::King ? Equation::CastleKingSide : Equation::CastleQueenSide,
             q.king_from,
             q.king_to,
             q.king,
             kEmpty,
             std::nullopt,
             std::nullopt,
             side};
    return Accepted{out, a};
}

// [[Q=T]]:      σ' = σ^{id(T),0,turn+1}_{Q,S,turn},  (S, v) = GTSS(Q, file(Q), σ)        — promo/push
// [[W::x::Q=T]]: σ' = σ^{id(T),0,turn+1}_{Q,S,turn}, (S, v) = GCSS(Q, W, σ)               — promo/capture
// with id(T) as in promoted_id (ten cases in the paper, by colour, T and the file of Q).
Accepted promotion(const Position& p, Square from, Square to, ast::PromotionPiece t) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(from)];
    const PieceId placed = promoted_id(color_of(v), t, to);
    const bool capture = from.file() != to.file();
    Accepted tr{move_piece(p, from, to, placed, true), action(capture ? Equation::PromoCapture : Equation::PromoPush,
                                                              from, to, v, s.board[ix(to)], victim_square(s, to))};
    tr.action.promotion = t;
    return tr;
}

namespace {
// Whether the king's move m onto a piece of its own is castling in a Chess960 game: from its start
// square onto a castling rook's (otherwise the king would take its own piece, which T refuses).
[[nodiscard]] bool castles_960(const State& s, Color c, ConcreteMove m) noexcept {
    const CastlingFiles f = castling_files(s, c);
    const int base = c == Color::White ? 0 : 56;
    return m.from.index() == base + f.king && (m.to.index() == base + f.rook[0] || m.to.index() == base + f.rook[1]);
}
}  // namespace

Accepted apply_concrete(const Position& p, ConcreteMove m) noexcept {
    const State& s = p.sigma;
    const PieceId v = s.board[ix(m.from)];
    const bool occupied = s.board[ix(m.to)] != kEmpty;
    switch (kind_of(v)) {
        case PieceKind::Pawn:
            if (m.promotion) return promotion(p, m.from, m.to, *m.promotion);
            if (m.from.file() != m.to.file())
                return occupied ? pawn_capture(p, m.from, m.to) : en_passant(p, m.from, m.to);
            if (std::abs(m.to.index() - m.from.index()) == 16) return pawn_double_step(p, m.from, m.to);
            return pawn_step(p, m.from, m.to);
        case PieceKind::King: {
            // castling: the king onto its own rook in a Chess960 game, two files in standard chess
            const Color c = color_of(v);
            const bool castles = s.chess960 ? occupied && belongs_to(s.board[ix(m.to)], c) && castles_960(s, c, m)
                                            : std::abs(m.to.file().index() - m.from.file().index()) == 2;
            if (castles) return castle(p, castle_side(s, c, m.from.index(), m.to.index()));
            return occupied ? king_capture(p, m.from, m.to) : king_traversal(p, m.from, m.to);
        }
        case PieceKind::Knight:
        case PieceKind::Bishop:
        case PieceKind::Rook:
        case PieceKind::Queen: return occupied ? piece_capture(p, m.from, m.to) : piece_traversal(p, m.from, m.to);
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

// ⊤ with the σ' an equation builds, constructed in the result itself: the equation's value is
// not copied into the variant (a copy that reads back a σ' written byte by byte a moment before
// waits for those writes to land, and that wait was a tenth of T's time). Every [[M]] below
// returns ⊤ through it. The result is T's own answer (denote.hpp), its check flag not yet asked.
template <class F>
struct Built {
    F equation;
    operator Accepted() const noexcept { return equation(); }  // NOLINT: converts on purpose
};
template <class F>
[[nodiscard]] Termination defined(F equation) noexcept {
    return Termination(boost::variant2::in_place_index_t<0>{}, Built<F>{equation});
}

// ⊥: T reports [[M]]'s undefinedness by the same rule and detail.
[[nodiscard]] Termination bottom(const Undefined& u) noexcept {
    return Refused{u.rule, u.detail};
}

// [[Q]] and [[P::Q]]: find (S, v) with GTSS, then the traversal equation for its kind. (Whether a
// pawn moves is asked once, for GTSS and the equation together.)
[[gnu::flatten]] Termination denote_traversal(const ast::Traversal& m, const Position& p) noexcept {
    const State& sigma = p.sigma;
    if (sigma.turn >= kTurnLimit) return bottom(too_long());
    if (m.piece == PieceKind::Pawn) {
        const SourceResult src = find_pawn_traversal_source(sigma, m.from, m.to);
        if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return bottom(*u);
        const Source& S = boost::variant2::get<Source>(src);
        if (std::abs(m.to.rank().index() - S.from.rank().index()) == 2)
            return defined([&] { return pawn_double_step(p, S.from, m.to); });
        return defined([&] { return pawn_step(p, S.from, m.to); });
    }
    const SourceResult src = find_piece_traversal_source(p, m.piece, m.from, m.to);
    if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return bottom(*u);
    const Source& S = boost::variant2::get<Source>(src);
    if (m.piece == PieceKind::King) return defined([&] { return king_traversal(p, S.from, m.to); });
    return defined([&] { return piece_traversal(p, S.from, m.to); });
}

// [[P::x::Q]] and [[W::x::Q]]: find (S, v) with GCSS, then the capture equation for its kind
// (en passant when a pawn captures onto the empty square GCSS accepted).
[[gnu::flatten]] Termination denote_capture(const ast::Capture& m, const Position& p) noexcept {
    const State& sigma = p.sigma;
    if (sigma.turn >= kTurnLimit) return bottom(too_long());
    if (m.piece == PieceKind::Pawn) {
        const SourceResult src = find_pawn_capture_source(sigma, m.from, m.to);
        if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return bottom(*u);
        const Source& S = boost::variant2::get<Source>(src);
        if (sigma.board[ix(m.to)] == kEmpty) return defined([&] { return en_passant(p, S.from, m.to); });
        return defined([&] { return pawn_capture(p, S.from, m.to); });
    }
    const SourceResult src = find_piece_capture_source(p, m.piece, m.from, m.to);
    if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return bottom(*u);
    const Source& S = boost::variant2::get<Source>(src);
    if (m.piece == PieceKind::King) return defined([&] { return king_capture(p, S.from, m.to); });
    return defined([&] { return piece_capture(p, S.from, m.to); });
}

// [[O-O]], [[O-O-O]]: the movement conditions of the equation (king unmoved, rook in place and
// unmoved, the squares between empty), then the update. Attacks on the king's path are T's.
Termination denote_castle(const ast::Castle& m, const Position& p) noexcept {
    const State& sigma = p.sigma;
    if (sigma.turn >= kTurnLimit) return bottom(too_long());
    const Color c = to_move(sigma);
    const CastleSquares& q = castle_entry(sigma, c, m.side).squares;
    Detail d;
    d.from = q.king_from;
    d.to = q.king_to;
    d.king = q.king_from;
    d.piece = PieceKind::King;
    const std::uint8_t king_flag = c == Color::White ? kWhiteKingMoved : kBlackKingMoved;
    // w_king = 0 (b_king = 0): the king never moved, so it still stands on e1 (e8).
    if ((sigma.king_moved & king_flag) != 0 || sigma.board[ix(q.king_from)] != q.king)
        return bottom(Undefined{Failure::CastleKingMoved, d});
    d.square = q.rook_from;
    // Erratum (Laws 3.8.2.1): the rook must never have moved either (nor been captured there).
    if ((sigma.rook_moved & q.corner) != 0) return bottom(Undefined{Failure::CastleRookMoved, d});
    // h1 = 8 (a1 = 1, h8 = 24, a8 = 17): that very rook stands on its corner.
    if (sigma.board[ix(q.rook_from)] != q.rook) return bottom(Undefined{Failure::CastleNoRook, d});
    for (int i = 0; i < q.between_count; ++i) {
        const Square e = q.between[static_cast<std::size_t>(i)];
        if (sigma.board[ix(e)] != kEmpty) {
            d.square = e;
            return bottom(Undefined{Failure::CastleBlocked, d});
        }
    }
    return defined([&] { return castle(p, m.side); });
}

// [[Q=T]], [[W::x::Q=T]]: GTSS (push) or GCSS (capture from file W) finds the pawn.
Termination denote_promotion(const ast::Promotion& m, const Position& p) noexcept {
    const State& sigma = p.sigma;
    if (sigma.turn >= kTurnLimit) return bottom(too_long());
    const SourceResult src =
        m.is_capture() ? find_pawn_capture_source(sigma, ast::Disambiguator{m.capture_from(), std::nullopt}, m.to())
                       : find_pawn_traversal_source(sigma, ast::Disambiguator{}, m.to());
    if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return bottom(*u);
    return defined([&] { return promotion(p, boost::variant2::get<Source>(src).from, m.to(), m.piece()); });
}

// A move written by its squares (UCI): the piece is σ(S); its movement rules are checked here,
// then the equation for what it does (castling when the king stands on e1/e8 and moves two
// files, or in a Chess960 game stands on its start square and moves onto a piece of its own on a
// castling rook's start square; en passant when a pawn moves diagonally onto an empty square, …).
Termination denote_coordinate(const ast::Coordinate& m, const Position& p) noexcept {
    const State& sigma = p.sigma;
    if (sigma.turn >= kTurnLimit) return bottom(too_long());
    const PieceId v = sigma.board[ix(m.from)];
    if (v == kEmpty) return bottom(undefined(Failure::SrcEmptySquare, m.from, m.to));
    const Color c = to_move(sigma);
    const PieceKind k = kind_of(v);
    if (!belongs_to(v, c)) return bottom(undefined(Failure::SrcOpponentPiece, m.from, m.to, k));
    if (m.promotion && k != PieceKind::Pawn) return bottom(undefined(Failure::PromoNotPawn, m.from, m.to, k));
    const int from = m.from.index();
    const int to = m.to.index();
    if (k == PieceKind::King && sigma.chess960) {
        const PieceId on_q = sigma.board[ix(m.to)];
        if (on_q != kEmpty && belongs_to(on_q, c))
            for (const ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen})
                if (const CastleSquares& q = castle_entry(sigma, c, side).squares;
                    m.from == q.king_from && m.to == q.rook_from)
                    return denote_castle(ast::Castle{side}, p);
    } else if (k == PieceKind::King && m.from == castle_entry(sigma, c, ast::CastleSide::King).squares.king_from &&
               m.from.rank() == m.to.rank()) {
        const int df = m.to.file().index() - m.from.file().index();
        if (df == 2) return denote_castle(ast::Castle{ast::CastleSide::King}, p);
        if (df == -2) return denote_castle(ast::Castle{ast::CastleSide::Queen}, p);
    }
    const bool diagonal_pawn = k == PieceKind::Pawn && m.from.file() != m.to.file();
    if (!reaches(k, c, from, to, diagonal_pawn)) return bottom(undefined(Failure::SrcUnreachable, m.from, m.to, k));
    // A promotion is a pawn move onto the last rank; naming a piece for any other pawn move
    // describes no move of chess.
    if (m.promotion && geo::rank_of(to) != last_rank(c))
        return bottom(undefined(Failure::SrcUnreachable, m.from, m.to, k));
    const int b = blocker(sigma, k, from, to, diagonal_pawn);
    if (b >= 0) {
        Undefined u = undefined(k == PieceKind::Pawn ? Failure::TravPawnBlocked : Failure::SrcBlocked, m.from, m.to, k);
        u.detail.square = Square::unchecked(b);
        return bottom(u);
    }
    if (diagonal_pawn)
        if (auto u = pawn_capture_victim(sigma, from, to)) return bottom(*u);
    return defined([&] { return apply_concrete(p, ConcreteMove{m.from, m.to, m.promotion}); });
}

}  // namespace pgnsem::sem::fast
