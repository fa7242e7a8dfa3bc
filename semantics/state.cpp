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
