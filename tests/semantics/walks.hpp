// Positions for the property tests: random walks through the semantics from σ₀ or from positions
// chosen to break move generators (castling rights under attack, pins on the rank and the
// diagonal, double check, en passant with pins and checks, promotions by push and capture). Each
// step picks one of the legal moves — the fast generator chooses, for speed, and the reference T
// plays it (and must accept it: a disagreement fails the walk). The seed is fixed by ctest
// (RC_PARAMS); a run by hand prints its seed so a failure can be replayed.
#pragma once

#include <rapidcheck.h>

#include <array>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "semantics/denote.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "tests/semantics/helpers.hpp"

namespace pgnsem::sem::testing {

// One step of a walk: σ, the move chosen and what the reference T made of it.
struct WalkStep {
    State before;
    ConcreteMove move;
    Accepted result;
};

inline constexpr const char* kTrickyStarts[] = {
    // Kiwipete: castling both ways with attacked squares, pins, en passant after b2-b4 / g2-g4.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    // pins along the rank and en passant that would expose the king.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3",
    // promotions by push and by capture, with checks.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq -",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ -",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - -",
    // a quiet middle game, many pieces of each kind.
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - -",
    // double check, castling next to attacks, two knights and two rooks reaching one square.
    "4k3/8/8/8/8/5n2/4r3/R3K2R w KQ -",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq -",
    "k7/8/8/8/8/8/6r1/4K2R w K -",
    "4k3/8/1N3N2/8/R6R/8/1N3N2/4K3 w - -",
    "3qk3/8/8/Q7/8/8/8/Q3K2Q w - -",
};

// Chess960 positions (proofs-notes/chess960.md), read as such: X-FEN's rights with the king already
// on its castling destination, the rook on its own, the two swapped, castling that lands in check
// through the rook's square, and positions of chess960.perft (Shredder-FEN).
inline constexpr const char* kChess960Starts[] = {
    "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
    "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq -",
    "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q -",
    "2r5/8/8/8/8/8/6PP/k2KR3 w K -",
    "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ -",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe -",
    "rk4rq/pp1ppppp/8/8/8/8/PP1PPPPP/RK4RQ w GAga -",
    "1rkr4/pppppppp/8/8/8/8/PPPPPPPP/1RKR4 w DBdb -",
    "qr4kr/pppppppp/8/8/8/8/PPPPPPPP/QR4KR w HBhb -",
    "nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w FBfb -",
    "2rkr3/pppppppp/8/8/8/8/PPPPPPPP/2RKR3 w ECec -",
};

inline State start_position() {
    const int tricky = static_cast<int>(std::size(kTrickyStarts));
    const int pick = *rc::gen::inRange(0, 2 * tricky + 4);
    if (pick >= 2 * tricky + 2) return initial_state_960(*rc::gen::inRange(0, 960));
    if (pick >= 2 * tricky) {
        const auto s =
            sigma_from_fen(kChess960Starts[*rc::gen::inRange(0, static_cast<int>(std::size(kChess960Starts)))], true);
        RC_ASSERT(s.has_value());
        return *s;
    }
    if (pick >= tricky) return initial_state();
    const auto s = sigma_from_fen(kTrickyStarts[pick]);
    RC_ASSERT(s.has_value());
    return *s;
}

// Walks from `start` following the choices (each taken modulo the number of legal moves) until the
// choices run out or the game is over. Before T is asked of a move, `before_t(σ, σ′)` is called with
// the σ′ of [[M]] alone (denote), so that a property can look at what T would assert
// about (a move the Laws accept keeps σ well-formed: a bug aborts) and fail as itself first.
template <class BeforeT>
inline std::vector<WalkStep> walk_from(State s, const std::vector<std::uint32_t>& choices, BeforeT before_t) {
    std::vector<WalkStep> steps;
    for (std::uint32_t c : choices) {
        const MoveList moves = fast::legal_moves(s);
        if (moves.size == 0) break;
        const ConcreteMove m = moves.moves[c % moves.size];
        const Partial<Transition> d = denote(ast::Move{ast::Coordinate{m.from, m.to, m.promotion}}, s, Reading::laws());
        if (const Transition* t = boost::variant2::get_if<Transition>(&d)) before_t(s, t->next);
        const Termination t = terminates_concrete(s, m);
        RC_ASSERT(boost::variant2::holds_alternative<Accepted>(t));
        steps.push_back(WalkStep{s, m, boost::variant2::get<Accepted>(t)});
        s = steps.back().result.next;
    }
    return steps;
}

// Walks from a start position (start_position()).
inline std::vector<WalkStep> walk(const std::vector<std::uint32_t>& choices) {
    return walk_from(start_position(), choices, [](const State&, const State&) {});
}

// What the notation may say of a move's origin when moving a piece of colour c and kind k: nothing,
// the file, rank or square of each such piece, and a file and a rank where none stands.
inline std::vector<ast::Disambiguator> origins(const State& s, Color c, PieceKind k) {
    std::vector<ast::Disambiguator> out{{}};
    bool file_used[8] = {}, rank_used[8] = {};
    for (int q = 0; q < 64; ++q) {
        const PieceId v = s.board[static_cast<std::size_t>(q)];
        if (v == kEmpty || color_of(v) != c || kind_of(v) != k) continue;
        const Square sq = Square::unchecked(q);
        out.push_back({sq.file(), std::nullopt});
        out.push_back({std::nullopt, sq.rank()});
        out.push_back({sq.file(), sq.rank()});
        file_used[sq.file().index()] = rank_used[sq.rank().index()] = true;
    }
    for (int i = 0; i < 8; ++i)
        if (!file_used[i]) {
            out.push_back({File::unchecked(i), std::nullopt});
            break;
        }
    for (int i = 0; i < 8; ++i)
        if (!rank_used[i]) {
            out.push_back({std::nullopt, Rank::unchecked(i)});
            break;
        }
    return out;
}

inline constexpr std::array<PieceKind, 6> kKinds{PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop,
                                                 PieceKind::Rook, PieceKind::Queen,  PieceKind::King};
inline constexpr std::array<std::optional<ast::PromotionPiece>, 5> kPromotions{
    std::nullopt, ast::PromotionPiece::Knight, ast::PromotionPiece::Bishop, ast::PromotionPiece::Rook,
    ast::PromotionPiece::Queen};

// Every move the notation can write in σ for the side to move (and, for GTSS/GCSS's opponent test,
// the same kinds): traversals and captures of every kind to every square with every origin above,
// both castlings, and promotions by push and by capture to every square of both last ranks.
inline std::vector<ast::Move> written_moves(const State& s) {
    std::vector<ast::Move> out;
    const Color c = to_move(s);
    for (PieceKind k : kKinds) {
        const std::vector<ast::Disambiguator> from = origins(s, c, k);
        for (int q = 0; q < 64; ++q)
            for (const ast::Disambiguator& d : from) {
                const Square to = Square::unchecked(q);
                if (k != PieceKind::Pawn) out.push_back(ast::Move{ast::Traversal{k, d, to}});
                if (k == PieceKind::Pawn && !d.file && !d.rank) out.push_back(ast::Move{ast::Traversal{k, d, to}});
                // A pawn's capture names its file W, and only its file.
                if (k != PieceKind::Pawn || (d.file && !d.rank)) out.push_back(ast::Move{ast::Capture{k, d, to}});
            }
    }
    out.push_back(ast::Move{ast::Castle{ast::CastleSide::King}});
    out.push_back(ast::Move{ast::Castle{ast::CastleSide::Queen}});
    for (int f = 0; f < 8; ++f)
        for (int rank : {0, 7})
            for (int w = f - 1; w <= f + 1; ++w)
                for (std::size_t t = 1; t < kPromotions.size(); ++t) {
                    const Square to = Square::unchecked(rank * 8 + f);
                    const std::optional<File> W = w == f ? std::nullopt : File::from_index(w);
                    if (w != f && !W) continue;
                    if (const auto p = ast::Promotion::make(W, to, *kPromotions[t])) out.push_back(ast::Move{*p});
                }
    return out;
}

// A short description of a failed comparison, for the counterexample rapidcheck prints.
inline std::string describe(const Termination& t) {
    if (const auto* ok = boost::variant2::get_if<Accepted>(&t))
        return "⊤ by " + rule_name(ok->action.rule) + (ok->check ? " (check)" : "");
    const Refused& f = boost::variant2::get<Refused>(t);
    std::string s = "⊥ " + rule_name(f.rule);
    const auto sq_or = [](const std::optional<Square>& q) {
        if (!q) return std::string("-");
        char n[2];
        write_square(n, *q);
        return std::string(n, 2);
    };
    s += " from " + sq_or(f.detail.from) + " to " + sq_or(f.detail.to) + " attacker " + sq_or(f.detail.attacker) +
         " king " + sq_or(f.detail.king) + " square " + sq_or(f.detail.square) + " candidates " +
         std::to_string(f.detail.candidates);
    return s;
}

// When two answers are both ⊤ but not the same, which parts differ (describe shows only the rule):
// " (differ: halfmove clock, rook flags)"; empty otherwise.
inline std::string differences(const Termination& a, const Termination& b) {
    const auto* x = boost::variant2::get_if<Accepted>(&a);
    const auto* y = boost::variant2::get_if<Accepted>(&b);
    if (x == nullptr || y == nullptr) return "";
    std::string parts;
    const auto differ = [&parts](bool d, const char* what) {
        if (d) parts += (parts.empty() ? "" : ", ") + std::string(what);
    };
    differ(x->next.board != y->next.board, "σ′'s squares");
    differ(x->next.two_step != y->next.two_step, "two-step stamps");
    differ(x->next.turn != y->next.turn, "turn");
    differ(x->next.halfmove_clock != y->next.halfmove_clock, "halfmove clock");
    differ(x->next.number_base != y->next.number_base, "move number base");
    differ(x->next.king_moved != y->next.king_moved, "king flags");
    differ(x->next.rook_moved != y->next.rook_moved, "rook flags");
    differ(!(x->action == y->action), "action");
    differ(x->check != y->check, "check");
    return parts.empty() ? "" : " (differ: " + parts + ")";
}

// A move as SAN would write it, roughly (the semantics tests do not link the printer).
inline std::string move_text(const ast::Move& m) {
    const auto square = [](Square q) {
        char n[2];
        write_square(n, q);
        return std::string(n, 2);
    };
    const auto origin = [](const ast::Disambiguator& d) {
        std::string o;
        if (d.file) o += d.file->to_char();
        if (d.rank) o += d.rank->to_char();
        return o;
    };
    if (const auto* t = boost::variant2::get_if<ast::Traversal>(&m.body))
        return std::string(1, piece_letter(t->piece)) + origin(t->from) + square(t->to);
    if (const auto* c = boost::variant2::get_if<ast::Capture>(&m.body))
        return std::string(1, piece_letter(c->piece)) + origin(c->from) + "x" + square(c->to);
    if (const auto* c = boost::variant2::get_if<ast::Castle>(&m.body))
        return c->side == ast::CastleSide::King ? "O-O" : "O-O-O";
    if (const auto* p = boost::variant2::get_if<ast::Promotion>(&m.body))
        return (p->capture_from() ? std::string(1, p->capture_from()->to_char()) + "x" : std::string()) +
               square(p->to()) + "=" + piece_letter(ast::kind_of(p->piece()));
    if (const auto* c = boost::variant2::get_if<ast::Coordinate>(&m.body)) return square(c->from) + square(c->to);
    return "?";
}

}  // namespace pgnsem::sem::testing
