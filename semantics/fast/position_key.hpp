// Position keys for the repetition rules (Laws 9.2.3: same pieces on the same squares, same side to
// move, same castling rights, same en passant possibility). Ids do not matter: two knights that
// swapped squares make the same position, so keys use kind and colour. full_key computes a
// position's key from the whole position; next_key updates it from the squares a move changed. The
// interpreter's main line keeps window keys (below): the key up to a constant of the stretch since
// the last capture or pawn move, updated by next_key_quiet. This header is its own so that the
// property tests L13 can check both updates against full_key.
#pragma once

#include <array>
#include <boost/variant2/variant.hpp>
#include <cstddef>
#include <cstdint>

#include "ast/assert.hpp"
#include "ast/mutants.hpp"
#include "ast/square.hpp"
#include "semantics/fast/equations.hpp"
#include "semantics/fast/terminates.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// The values keys are made of, and how an id and a square choose one.
namespace detail {

constexpr std::uint64_t splitmix(std::uint64_t& x) noexcept {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Row 12 of `piece` is the empty square's, all zeros, so that a key is updated without asking
// whether a square is occupied.
inline constexpr std::size_t kEmptyRow = 12;

struct Keys {
    std::array<std::array<std::uint64_t, 64>, 13> piece{};
    std::array<std::uint64_t, 16> castling{};
    // Chess960: a right's rook file, by right (K Q k q) and file; 0 for the standard file (h for K
    // and k, a for Q and q), so that a standard position's key has no part of these.
    std::array<std::array<std::uint64_t, 8>, 4> castling_file{};
    std::array<std::uint64_t, 8> ep_file{};
    std::uint64_t black_to_move = 0;
};

constexpr Keys make_keys() noexcept {
    Keys k{};
    std::uint64_t seed = 20261121;
    for (std::size_t row = 0; row < kEmptyRow; ++row)
        for (auto& v : k.piece[row]) v = splitmix(seed);
    for (auto& v : k.castling) v = splitmix(seed);
    for (auto& v : k.ep_file) v = splitmix(seed);
    k.black_to_move = splitmix(seed);
    for (std::size_t right = 0; right < 4; ++right)
        for (std::size_t file = 0; file < 8; ++file)
            k.castling_file[right][file] = file == (right % 2 == 0 ? 7u : 0u) ? 0 : splitmix(seed);
    return k;
}

inline constexpr Keys kKeys = make_keys();

// The en passant file's value (mutant fast-position-key-en-passant, ast/mutants.hpp: none).
[[nodiscard]] inline std::uint64_t ep_file_key(int file) noexcept {
    return PGNSEM_MUTATE(fast_position_key_en_passant, std::uint64_t{0}, kKeys.ep_file[static_cast<std::size_t>(file)]);
}

// The row of Keys::piece by id: kind and colour (white 0–5, black 6–11), kEmptyRow for 0.
inline constexpr auto kKeyRow = table_by_id<std::uint8_t>([](PieceId v) {
    return v.empty() ? static_cast<std::uint8_t>(kEmptyRow)
                     : static_cast<std::uint8_t>(static_cast<int>(kind_of(v)) + (color_of(v) == Color::Black ? 6 : 0));
});

// Keys::piece by id rather than by row (the empty square's row of zeros included): a square's key
// is then one look-up, not two in a row (the main line asks two a quiet ply, next_key_quiet).
inline constexpr auto kKeyById = [] {
    std::array<std::array<std::uint64_t, 64>, kMaxPieceId + 1> t{};
    for (std::size_t v = 0; v <= kMaxPieceId; ++v) t[v] = kKeys.piece[kKeyRow[v]];
    return t;
}();

inline std::uint64_t square_key(sem::PieceId id, int q) noexcept {
    return kKeyById[id.value()][static_cast<std::size_t>(q)];
}

// The castling rights as a 4-bit set (K Q k q): the king and that rook have never moved.
inline unsigned castling_rights(const sem::State& s) noexcept {
    unsigned r = 0;
    if (!(s.king_moved & sem::kWhiteKingMoved)) {
        if (!(s.rook_moved & sem::kCornerH1)) r |= 1u;
        if (!(s.rook_moved & sem::kCornerA1)) r |= 2u;
    }
    if (!(s.king_moved & sem::kBlackKingMoved)) {
        if (!(s.rook_moved & sem::kCornerH8)) r |= 4u;
        if (!(s.rook_moved & sem::kCornerA8)) r |= 8u;
    }
    return r;
}

// The castling rights' value: by the set of rights and, in a Chess960 position, by the file of each
// right's rook (Laws 9.2.3: a right is the right to castle with that rook; proofs-notes/chess960.md).
inline std::uint64_t castling_key(const sem::State& s) noexcept {
    const unsigned r = castling_rights(s);
    std::uint64_t k = kKeys.castling[r];
    if (s.chess960) [[unlikely]]
        for (std::size_t right = 0; right < 4; ++right)
            if ((r & (1u << right)) != 0)
                k ^= kKeys.castling_file[right]
                                        [castling_files(s, right < 2 ? Color::White : Color::Black).rook[right % 2]];
    return k;
}

// The castling rook's values a castling changes: taken off its start square, put on its
// destination (castle_squares of σ, whose castling files give the start square).
inline std::uint64_t castling_rook_keys(const sem::State& s, const sem::Action& a) noexcept {
    const sem::CastleSquares& q = castle_entry(s, sem::color_of(a.piece), *a.castle).squares;
    return square_key(q.rook, q.rook_from.index()) ^ square_key(q.rook, q.rook_to.index());
}

}  // namespace detail

// The file on which an en passant capture is legal now, or -1.
// Only files first … last are looked at (after a double step, the pawn's file alone). Out of line:
// it is asked after double steps only, and inlined it made the main line's loop longer.
[[gnu::noinline]] inline int en_passant_file(const sem::State& s, int first = 0, int last = 7) noexcept {
    const Color mover = sem::to_move(s);
    const int victim_rank = mover == Color::White ? 4 : 3;
    const int dir = mover == Color::White ? 1 : -1;
    for (int f = first; f <= last; ++f) {
        const sem::PieceId id = s.board[static_cast<std::size_t>(victim_rank * 8 + f)];
        if (id == sem::kEmpty || sem::kind_of(id) != PieceKind::Pawn || sem::color_of(id) == mover) continue;
        if (s.two_step[static_cast<std::size_t>(sem::stamp_index(id))] + 1u != s.turn) continue;
        const Square target = Square::unchecked((victim_rank + dir) * 8 + f);
        for (int df : {-1, 1}) {
            const auto from = Square::from_coords(f + df, victim_rank);
            if (!from) continue;
            const sem::PieceId p = sem::at(s, *from);
            if (p == sem::kEmpty || sem::kind_of(p) != PieceKind::Pawn || sem::color_of(p) != mover) continue;
            if (fast::legal_concrete(s, {*from, target, std::nullopt})) return f;
        }
        return -1;
    }
    return -1;
}

// en_passant_file(σ′, f, f) for σ′ right after a double step to `to` on file f. Only a pawn of σ′'s
// side to move beside `to` (on its rank, the file to either side) can take en passant; with none
// there, en_passant_file would look at the pawn on `to` and find no capturer on either side, so the
// answer is −1 without the call and its loop (most double steps).
inline int en_passant_file_after_double_step(const sem::State& n, Square to) noexcept {
    const int q = to.index();
    const int file = to.file().index();
    const Color mover = sem::to_move(n);
    const auto capturer = [&](int beside) { return sem::is_pawn_of(n.board[static_cast<std::size_t>(beside)], mover); };
    if (!(file > 0 && capturer(q - 1)) && !(file < 7 && capturer(q + 1))) return -1;
    return en_passant_file(n, file, file);
}

// The en passant file of σ′ after the move by action `a` (what next_key sets it to):
// the file of a double step when a pawn of σ′'s side to move can take it, else −1.
inline int en_passant_file_after(const sem::State& n, const sem::Action& a) noexcept {
    return a.rule == sem::Equation::TravPawnDouble ? en_passant_file_after_double_step(n, a.to) : -1;
}

inline std::uint64_t full_key(const sem::State& s) noexcept {
    std::uint64_t k = 0;
    for (int i = 0; i < 64; ++i) {
        k ^= detail::square_key(s.board[static_cast<std::size_t>(i)], i);
    }
    k ^= detail::castling_key(s);
    if (sem::to_move(s) == Color::Black) k ^= detail::kKeys.black_to_move;
    const int ep = en_passant_file(s);
    if (ep >= 0) k ^= detail::ep_file_key(ep);
    return k;
}

// The key of σ' from the key of σ and the squares the move changed (no 64-square walk), for any
// move. `ep_file` is the en passant file of σ (−1 for none) on entry and that of σ' on return: it
// can only be set right after a double step, so it is looked for only then. (The main line asks
// next_key_quiet, the same update for the moves that stay in a window; L13 checks the two equal.)
inline std::uint64_t next_key(std::uint64_t key, const sem::State& s, const sem::State& n, const sem::Action& a,
                              int& ep_file) noexcept {
    // The pieces the move moved, as the action tells: v leaves S and stands on Q (a promoted pawn
    // under its new id, read off σ′), and the captured id leaves its square, Q or (en passant) the
    // one behind it; without a capture that id is 0, whose row is zeros. Castling also moves the
    // rook, from its start square to the one beside the king's destination (the squares of σ's
    // castling files: in Chess960 the king's and the rook's squares may coincide, and each piece's
    // value is taken off its start square and put on its destination, which holds whatever the
    // squares). (The action, not the boards: σ′ was written a moment ago.)
    key ^= detail::square_key(a.piece, a.from.index());
    key ^= detail::square_key(a.promotion ? sem::at(n, a.to) : a.piece, a.to.index());
    key ^= detail::square_key(a.captured, (a.captured_on ? *a.captured_on : a.to).index());
    if (a.castle) key ^= detail::castling_rook_keys(s, a);
    if (s.king_moved != n.king_moved || s.rook_moved != n.rook_moved)
        key ^= detail::castling_key(s) ^ detail::castling_key(n);
    key ^= detail::kKeys.black_to_move;
    if (ep_file >= 0) key ^= detail::ep_file_key(ep_file);
    ep_file = en_passant_file_after(n, a);
    if (ep_file >= 0) key ^= detail::ep_file_key(ep_file);
    return key;
}

// Keys within a window of the repetition rules. Only the positions since the last capture or pawn
// move can repeat one another (Law 9.2.3: those moves cannot be undone), so the main line needs a
// key that tells apart the positions of one window, not of the whole game. The window key of a
// position σ of the window that opened at σ_w is key(σ) ⊕ B, where B = key(σ_w) ⊕ (σ_w's en passant
// value): the same constant for the whole window, so two positions of the window have equal window
// keys exactly when their keys are equal (L13 in proofs-notes/invariants.md). σ_w's own window key
// is then its en passant value alone, no walk over the 64 squares; and since next_key only XORs
// values into the key, it carries a window key from σ to σ′ as it carries a key.

// The en passant value of a position whose en passant file is `ep_file` (0 for −1): the window key
// of a window's first position.
inline std::uint64_t window_start_key(int ep_file) noexcept {
    return ep_file >= 0 ? detail::ep_file_key(ep_file) : 0;
}

// next_key for a move that captures nothing and moves no pawn, the only moves that keep σ′ in σ's
// window (σ′'s halfmove clock is not 0): v leaves S for Q, castling also moves the rook, the rights
// may change, the side to move does, and σ's en passant value goes (σ′ has none: only a double
// step, a pawn move, gives one). The same value as next_key, with less to ask.
inline std::uint64_t next_key_quiet(std::uint64_t key, const sem::State& s, const sem::State& n, const sem::Action& a,
                                    int& ep_file) noexcept {
    PGNSEM_EXPENSIVE_ASSERT(a.captured == sem::kEmpty && !a.promotion && sem::kind_of(a.piece) != PieceKind::Pawn,
                            "a move within a window captures nothing and moves no pawn");
    key ^= detail::square_key(a.piece, a.from.index()) ^ detail::square_key(a.piece, a.to.index());
    if (a.castle) [[unlikely]]
        key ^= detail::castling_rook_keys(s, a);
    if (s.king_moved != n.king_moved || s.rook_moved != n.rook_moved) [[unlikely]]
        key ^= detail::castling_key(s) ^ detail::castling_key(n);
    key ^= detail::kKeys.black_to_move;
    if (ep_file >= 0) [[unlikely]] {
        key ^= detail::ep_file_key(ep_file);
        ep_file = -1;
    }
    return key;
}

}  // namespace pgnsem::sem::fast
