// σ₀, the update σ^{v…}_{x…} (§3.2.2), and what a well-formed σ is.
#include "semantics/state.hpp"

namespace pgnsem::sem {

// σ₀ (Figure 1): rank 1 holds ids 1–8 from a1 to h1, rank 2 the white pawns 9–16, rank 7 the
// black pawns 25–32, rank 8 ids 17–24; turn = 0; no stamps; no flags.
State initial_state() noexcept {
    State s;
    for (int f = 0; f < 8; ++f) {
        s.board[static_cast<std::size_t>(f)] = PieceId::unchecked(1 + f);
        s.board[static_cast<std::size_t>(8 + f)] = PieceId::unchecked(kWhitePawnA.value() + f);
        s.board[static_cast<std::size_t>(48 + f)] = PieceId::unchecked(kBlackPawnA.value() + f);
        s.board[static_cast<std::size_t>(56 + f)] = PieceId::unchecked(kBlackQueensideRook.value() + f);
    }
    s.two_step.fill(kNoStamp);
    s.turn = 0;
    s.halfmove_clock = 0;
    s.number_base = 1;
    s.king_moved = 0;
    s.rook_moved = 0;
    return s;
}

// The standard numbering of the Chess960 start positions (proofs-notes/chess960.md): n mod 4 places
// the light-squared bishop on b, d, f or h, (n div 4) mod 4 the dark-squared one on a, c, e or g,
// (n div 16) mod 6 the queen on one of the six squares left, n div 96 the two knights on two of the
// five left (the ten pairs in order), and rook, king, rook fill the last three.
std::array<PieceKind, 8> chess960_arrangement(int n) noexcept {
    PGNSEM_ASSERT(n >= 0 && n <= 959, "a Chess960 start position is numbered 0 to 959");
    std::array<PieceKind, 8> rank{};
    std::array<bool, 8> placed{};
    const auto put = [&](int file, PieceKind k) {
        rank[static_cast<std::size_t>(file)] = k;
        placed[static_cast<std::size_t>(file)] = true;
    };
    // the file of the i-th square (from a) not yet placed
    const auto free_file = [&](int i) {
        for (int f = 0; f < 8; ++f)
            if (!placed[static_cast<std::size_t>(f)] && i-- == 0) return f;
        PGNSEM_UNREACHABLE("there are enough free squares");
    };
    put(2 * (n % 4) + 1, PieceKind::Bishop);
    n /= 4;
    put(2 * (n % 4), PieceKind::Bishop);
    n /= 4;
    put(free_file(n % 6), PieceKind::Queen);
    n /= 6;
    constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    const int first = free_file(kKnights[n][0]), second = free_file(kKnights[n][1]);
    put(first, PieceKind::Knight);
    put(second, PieceKind::Knight);
    const int rooks[2] = {free_file(0), free_file(2)};
    put(free_file(1), PieceKind::King);
    put(rooks[0], PieceKind::Rook);
    put(rooks[1], PieceKind::Rook);
    return rank;
}

// σ₀ of Chess960 position n: rank 1 by role — the rooks 1 (queenside) and 8, the knights 2 and 7
// by file, the bishops 3 (dark) and 6 (light), the queen 4, the king 5 — rank 8 the same ids + 16
// (Black's bishops are 19 light and 22 dark, as in σ₀), the pawns by file; turn = 0; the files of
// the king and rooks as both colours' castling files.
State initial_state_960(int n) noexcept {
    State s = initial_state();
    const std::array<PieceKind, 8> rank = chess960_arrangement(n);
    CastlingFiles files;
    int rooks = 0, knights = 0;
    for (int f = 0; f < 8; ++f) {
        const Square q = Square::unchecked(f);
        int id = 0;
        switch (rank[static_cast<std::size_t>(f)]) {
            case PieceKind::Rook:
                id = rooks++ == 0 ? kWhiteQueensideRook.value() : kWhiteKingsideRook.value();
                files.rook[id == kWhiteQueensideRook.value() ? 1 : 0] = static_cast<std::uint8_t>(f);
                break;
            case PieceKind::Knight:
                id = knights++ == 0 ? kWhiteQueensideKnight.value() : kWhiteKingsideKnight.value();
                break;
            case PieceKind::Bishop:
                id = q.is_light() ? kWhiteKingsideBishop.value() : kWhiteQueensideBishop.value();
                break;
            case PieceKind::Queen: id = kWhiteQueen.value(); break;
            case PieceKind::King:
                id = kWhiteKing.value();
                files.king = static_cast<std::uint8_t>(f);
                break;
            case PieceKind::Pawn: PGNSEM_UNREACHABLE("no pawn on the first rank");
        }
        s.board[static_cast<std::size_t>(f)] = PieceId::unchecked(id);
        // Black's piece on the same file: the same role, id + 16. (For a bishop that is its square
        // colour's too: rank 8's square on file f has the other colour from rank 1's, and Black's
        // ids 19 and 22 are light and dark where White's 3 and 6 are dark and light.)
        s.board[static_cast<std::size_t>(56 + f)] = PieceId::unchecked(id + 16);
    }
    s.chess960 = true;
    set_castling_files(s, Color::White, files);
    set_castling_files(s, Color::Black, files);
    return s;
}

namespace {

void set_bit(std::uint8_t& bits, std::uint8_t bit, unsigned value) noexcept {
    PGNSEM_ASSERT(value <= 1, "a flag is 0 or 1");
    bits = static_cast<std::uint8_t>(value != 0 ? bits | bit : bits & ~bit);
}

}  // namespace

void assign_in_place(State& n, const Assignment& a) noexcept {
    switch (a.x.kind()) {
        case Ide::Kind::Square: {
            const auto v = PieceId::from_value(static_cast<int>(a.value));
            PGNSEM_ASSERT(v.has_value(), "a square holds a piece id, 0 to 32");
            n.board[a.x.index()] = *v;
            break;
        }
        case Ide::Kind::Turn:
            PGNSEM_ASSERT(a.value <= kTurnLimit, "turn stays below the turn limit");
            n.turn = static_cast<std::uint16_t>(a.value);
            break;
        case Ide::Kind::TwoStep:
            PGNSEM_ASSERT(a.value <= 0xFFFF, "a stamp is a turn");
            n.two_step[a.x.index()] = static_cast<std::uint16_t>(a.value);
            break;
        case Ide::Kind::KingMoved: set_bit(n.king_moved, a.x.index(), a.value); break;
        case Ide::Kind::RookMoved: set_bit(n.rook_moved, a.x.index(), a.value); break;
        case Ide::Kind::HalfmoveClock: n.halfmove_clock = a.value; break;
    }
}

State update(const State& s, std::initializer_list<Assignment> assignments) noexcept {
    State n = s;
    for (const Assignment& a : assignments) assign_in_place(n, a);
    return n;
}

State update(const State& s, Square q, PieceId v) noexcept {
    return update(s, {{q, v}});
}

unsigned value_of(const State& s, Ide x) noexcept {
    switch (x.kind()) {
        case Ide::Kind::Square: return s.board[x.index()].value();
        case Ide::Kind::Turn: return s.turn;
        case Ide::Kind::TwoStep: return s.two_step[x.index()];
        case Ide::Kind::KingMoved: return (s.king_moved & x.index()) != 0 ? 1u : 0u;
        case Ide::Kind::RookMoved: return (s.rook_moved & x.index()) != 0 ? 1u : 0u;
        case Ide::Kind::HalfmoveClock: return s.halfmove_clock;
    }
    PGNSEM_UNREACHABLE("every kind of identifier is listed");
}

bool well_formed(const State& s) noexcept {
    int kings[2] = {0, 0};
    for (int q = 0; q < 64; ++q) {
        const PieceId v = s.board[static_cast<std::size_t>(q)];
        if (v.empty()) continue;
        const Square sq = Square::unchecked(q);
        switch (kind_of(v)) {
            case PieceKind::King: ++kings[static_cast<std::size_t>(color_of(v))]; break;
            case PieceKind::Pawn:
                if (sq.rank().index() == 0 || sq.rank().index() == 7) return false;
                break;
            case PieceKind::Bishop: {
                const bool light_id = v == kWhiteKingsideBishop || v == kBlackQueensideBishop;
                if (sq.is_light() != light_id) return false;
                break;
            }
            case PieceKind::Knight:
            case PieceKind::Rook:
            case PieceKind::Queen: break;
        }
    }
    return kings[0] == 1 && kings[1] == 1;
}

}  // namespace pgnsem::sem
