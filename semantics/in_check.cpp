// IIC — IsInCheck (Algorithm 3) and the attack questions built on it.
//
// Algorithm 3, in legible form:
//   IIC(σ', c) = 1  iff, with G the square of c's king, one of the following holds:
//     an unblocked ¬c queen on G's diagonal, file or rank;  a ¬c king one square from G;
//     an unblocked ¬c rook on G's rank or file;  an unblocked ¬c bishop on G's diagonal;
//     a ¬c knight a knight's jump from G;  a ¬c pawn diagonally in front of G (from c's side).
// `attacked` asks the same of any square; the castling erratum needs it for the squares the
// king crosses. The question is asked backwards from the square: which squares would a knight,
// a king or a pawn of `by` attack it from, and which is the first piece on each of its eight
// lines (the "unblocked" slider). One side's pieces and the occupancy are bit sets derived from
// σ on the spot (boards.hpp, AttackBoards); the move generator (legal_moves.cpp) derives its own
// (Boards) and the property test L6 checks that the two agree. IIC itself (in_check, checks)
// reads σ once and matches each square's piece against the ways it could reach the king (Watch).
#include "semantics/in_check.hpp"

#include <array>
#include <bit>
#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

#include "semantics/boards.hpp"
#include "semantics/geometry.hpp"

namespace pgnsem::sem {
namespace {

using geo::Bits;

// The pieces of `by` (their sets in b) that attack q: a knight a knight's jump away, a king one
// square away, a pawn diagonally in front of q from `by`'s side (the squares a pawn of the other
// colour on q would attack), and the first piece on each of q's lines when it moves along that
// line (rook or queen on a rank or file, bishop or queen on a diagonal).
[[nodiscard]] Bits attackers_of(const AttackBoards& b, int q, Color by) noexcept {
    Bits found = (geo::knight_targets(q) & b.knights) | (geo::king_targets(q) & b.kings) |
                 (geo::pawn_attacks(colour_index(opposite(by)), q) & b.pawns);
    if ((geo::rook_rays(q) & b.rank_file) != 0) found |= geo::rook_attacks(q, b.occupied) & b.rank_file;
    if ((geo::bishop_rays(q) & b.diagonal) != 0) found |= geo::bishop_attacks(q, b.occupied) & b.diagonal;
    return found;
}

}  // namespace

std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept {
    return attackers_of(attack_boards(sigma, by), q.index(), by);
}

bool attacked(const State& sigma, Square q, Color by) noexcept {
    return attackers_of(attack_boards(sigma, by), q.index(), by) != 0;
}

namespace {

// The ways a piece can attack, one bit each, as bytes (see kReach and kHow).
enum Way : std::uint8_t {
    kByKnight = 0x01,
    kByKing = 0x02,
    kByWhitePawn = 0x04,
    kByBlackPawn = 0x08,
    kByRankFile = 0x10,  // rook, queen
    kByDiagonal = 0x20,  // bishop, queen
};

// kReach[k][x]: the ways in which a piece on x attacks k on an otherwise empty board — Algorithm 3
// read from the king's side: a knight's jump, a king's step, a pawn diagonally in front of the
// king (from the pawn's side), a shared rank or file, a shared diagonal.
constexpr std::array<std::array<std::uint8_t, 64>, 64> make_reach() noexcept {
    std::array<std::array<std::uint8_t, 64>, 64> t{};
    for (int k = 0; k < 64; ++k)
        for (int x = 0; x < 64; ++x) {
            std::uint8_t w = 0;
            if (geo::knight_targets(x) & geo::bit(k)) w |= kByKnight;
            if (geo::king_targets(x) & geo::bit(k)) w |= kByKing;
            if (geo::pawn_attacks(0, x) & geo::bit(k)) w |= kByWhitePawn;
            if (geo::pawn_attacks(1, x) & geo::bit(k)) w |= kByBlackPawn;
            if (geo::rook_rays(x) & geo::bit(k)) w |= kByRankFile;
            if (geo::bishop_rays(x) & geo::bit(k)) w |= kByDiagonal;
            t[static_cast<std::size_t>(k)][static_cast<std::size_t>(x)] = w;
        }
    return t;
}
alignas(64) constexpr std::array<std::array<std::uint8_t, 64>, 64> kReach = make_reach();

// kHow[by][r]: the ways a piece of colour `by` attacks, by its place r = id − base in its
// colour's numbering (0–7 the back rank R N B Q K B N R, 8–15 the pawns). A constant table, so
// it is loaded as a whole rather than assembled on the stack first.
constexpr std::array<std::uint8_t, 16> make_how(std::uint8_t pawn) noexcept {
    return {kByRankFile, kByKnight, kByDiagonal, kByRankFile | kByDiagonal, kByKing, kByDiagonal, kByKnight,
            kByRankFile, pawn, pawn, pawn, pawn, pawn, pawn, pawn, pawn};
}
alignas(16) constexpr std::array<std::array<std::uint8_t, 16>, 2> kHow{make_how(kByWhitePawn), make_how(kByBlackPawn)};

}  // namespace

namespace {

// IIC asked without deriving bit sets: every square gets the ways its piece attacks (none for an
// empty square or one of the king's own pieces), which are matched against the ways a piece on
// that square would reach the king (kReach). A knight, king or pawn that matches attacks; a
// rook, bishop or queen that matches attacks when the squares between are empty. A Watch is one
// king's side of that, kept sixteen squares at a time: what matched, split into leapers and
// sliders, so that `checks` can keep two over one reading of the board.
struct Watch {
    const std::array<std::uint8_t, 64>& reach;  // kReach of the king's square
    const std::array<std::uint8_t, 16>& how;    // kHow of the attacking colour
    int base;                                   // the attacking colour's first id (1 or 17)
#if defined(__SSSE3__)
    __m128i leapers = _mm_setzero_si128();      // the knights, kings and pawns that matched, as bytes
#else
    bool leaper = false;                        // a knight, king or pawn matched
#endif
    Bits sliders = 0;                           // the rooks, bishops and queens that matched

    Watch(int king, Color by) noexcept
        : reach(kReach[static_cast<std::size_t>(king)]), how(kHow[static_cast<std::size_t>(by)]),
          base(by == Color::White ? 1 : 17) {}

#if defined(__SSSE3__)
    // Squares 16·chunk to 16·chunk + 15, whose ids are `ids`.
    void look(__m128i ids, int chunk) noexcept {
        const __m128i table = _mm_load_si128(reinterpret_cast<const __m128i*>(how.data()));
        // r = id − base modulo 256, read as a signed byte: 0 ≤ r ≤ 15 exactly for the attacking
        // side's sixteen ids.
        const __m128i r = _mm_sub_epi8(ids, _mm_set1_epi8(static_cast<char>(base)));
        const __m128i theirs = _mm_and_si128(_mm_cmpgt_epi8(r, _mm_set1_epi8(-1)), _mm_cmplt_epi8(r, _mm_set1_epi8(16)));
        const __m128i hit = _mm_and_si128(_mm_and_si128(_mm_shuffle_epi8(table, r), theirs),
                                          _mm_load_si128(reinterpret_cast<const __m128i*>(reach.data() + 16 * chunk)));
        const __m128i zero = _mm_setzero_si128();
        leapers = _mm_or_si128(leapers, _mm_and_si128(hit, _mm_set1_epi8(0x0F)));
        const auto matched = static_cast<std::uint32_t>(
            ~_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(hit, _mm_set1_epi8(0x30)), zero)) & 0xFFFF);
        sliders |= static_cast<Bits>(matched) << (16 * chunk);
    }
    [[nodiscard]] bool leaper() const noexcept {
        return _mm_movemask_epi8(_mm_cmpeq_epi8(leapers, _mm_setzero_si128())) != 0xFFFF;
    }
#else
    // Square q, holding id.
    void look(int q, PieceId id) noexcept {
        if (id < base || id >= base + 16) return;
        const std::uint8_t hit = how[static_cast<std::size_t>(id - base)] & reach[static_cast<std::size_t>(q)];
        leaper = leaper || (hit & 0x0F) != 0;
        if (hit & 0x30) sliders |= geo::bit(q);
    }
#endif

    // After every square was looked at: is the king (on `king`) attacked?
    [[nodiscard]] bool attacked(int king, Bits occupied) const noexcept {
#if defined(__SSSE3__)
        if (leaper()) return true;
#else
        if (leaper) return true;
#endif
        for (Bits b = sliders; b != 0; b &= b - 1)
            if ((geo::between(std::countr_zero(b), king) & occupied) == 0) return true;
        return false;
    }
};

// Reads σ once, sixteen squares at a time where SSSE3 allows, showing every square to each watch.
template <class... Watches>
[[nodiscard]] Bits read_board(const State& sigma, Watches&... watches) noexcept {
    Bits occupied = 0;
#if defined(__SSSE3__)
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sigma.board.data() + 16 * chunk));
        (watches.look(ids, chunk), ...);
        const auto empty = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(ids, _mm_setzero_si128())));
        occupied |= static_cast<Bits>(~empty & 0xFFFFu) << (16 * chunk);
    }
#else
    for (int q = 0; q < 64; ++q) {
        const PieceId id = sigma.board[static_cast<std::size_t>(q)];
        if (id == kEmpty) continue;
        occupied |= geo::bit(q);
        (watches.look(q, id), ...);
    }
#endif
    return occupied;
}

}  // namespace

// IIC(σ, c): c's king is attacked by ¬c. A side without a king is never in check.
// The property test L6 checks the answer against `attacked` on the king's square.
bool in_check(const State& sigma, Color c) noexcept {
    const std::uint8_t k = sigma.king_square[static_cast<std::size_t>(c)];
    if (k == kNoSquare) return false;
    Watch w(k, opposite(c));
    const Bits occupied = read_board(sigma, w);
    return w.attacked(k, occupied);
}

// Both kings over one reading of σ.
Checks checks(const State& sigma) noexcept {
    const std::uint8_t kw = sigma.king_square[0], kb = sigma.king_square[1];
    if (kw == kNoSquare || kb == kNoSquare) return {in_check(sigma, Color::White), in_check(sigma, Color::Black)};
    Watch white(kw, Color::Black), black(kb, Color::White);
    const Bits occupied = read_board(sigma, white, black);
    return {white.attacked(kw, occupied), black.attacked(kb, occupied)};
}

}  // namespace pgnsem::sem
