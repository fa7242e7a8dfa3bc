// The fast path is the reference, faster (proofs-notes/invariants.md, F1–F6): on positions of
// random walks from σ₀ and from positions chosen to break move generators (pins on the rank and
// the diagonal, double check, en passant with pins and checks, promotions, castling next to
// attacks; tests/semantics/walks.hpp), every question the interpreter asks gets the same answer
// from semantics/fast/ as from the reference at the top of semantics/ — the same σ', the same
// action, the same check flag, and for every failure the same rule and the same squares.
#include <rapidcheck/catch.h>

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "semantics/engines.hpp"
#include "semantics/fast/boards.hpp"
#include "semantics/fast/equations.hpp"
#include "semantics/fast/find_source.hpp"
#include "semantics/fast/in_check.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/fast/position_key.hpp"
#include "semantics/fast/terminates.hpp"
#include "semantics/fast/wide.hpp"
#include "semantics/find_source.hpp"
#include "semantics/in_check.hpp"
#include "semantics/legal_moves.hpp"
#include "semantics/position.hpp"
#include "semantics/terminates.hpp"
#include "tests/semantics/walks.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;
namespace v2 = boost::variant2;

namespace {

// The positions of a walk that are checked: the last, and (outside the sanitizer build) one in the
// middle, so that each property sees openings, middle games and endings.
std::vector<State> positions_of(const std::vector<WalkStep>& steps) {
    std::vector<State> out;
    if (steps.empty()) return {initial_state()};
    out.push_back(steps.back().result.next);
    if (PGNSEM_PERFT_SCALE != 0 && steps.size() > 2) out.push_back(steps[steps.size() / 2].before);
    return out;
}

std::string describe_source(const SourceResult& r) {
    if (const auto* src = v2::get_if<Source>(&r)) return "source " + std::to_string(src->from.index());
    const Undefined& u = v2::get<Undefined>(r);
    return testing::describe(Termination{Refused{u.rule, u.detail}});
}

// The fast T's answer in σ, as the reference writes it; when it accepts, the kings it wrote with σ′
// must be σ′'s (what the next move's T reads instead of looking for them).
Termination fast_answer(const fast::Termination& t) {
    if (const auto* a = v2::get_if<fast::Accepted>(&t)) {
        if (a->next.king != fast::kings_of_scalar(a->next.sigma)) {
            RC_LOG() << "kings written on " << int{a->next.king[0]} << " and " << int{a->next.king[1]} << "\n";
            RC_FAIL("the fast T's σ′ carries kings other than σ′'s");
        }
    }
    return fast::answer_of(t);
}

bool same(const SourceResult& a, const SourceResult& b) {
    if (a.index() != b.index()) return false;
    if (const auto* s = v2::get_if<Source>(&a)) {
        const Source& t = v2::get<Source>(b);
        return s->from == t.from && s->piece == t.piece;
    }
    return v2::get<Undefined>(a) == v2::get<Undefined>(b);
}

}  // namespace

TEST_CASE("F1 IIC and the attack questions: fast = reference", "[property][F1]") {
    rc::prop("F1", [](const std::vector<std::uint32_t>& choices) {
        for (const State& s : positions_of(walk(choices))) {
            const fast::Boards b = fast::boards_of(s);
            // the SIMD bodies (boards.hpp) give what the scalar ones give
            const fast::Boards scalar = fast::boards_of_scalar(s);
            RC_ASSERT(b.colour == scalar.colour && b.kind == scalar.kind && b.occupied == scalar.occupied);
            for (Color c : {Color::White, Color::Black}) {
                const fast::AttackBoards a = fast::attack_boards(s, c), as = fast::attack_boards_scalar(s, c);
                RC_ASSERT(a.occupied == as.occupied && a.knights == as.knights && a.kings == as.kings &&
                          a.pawns == as.pawns && a.rank_file == as.rank_file && a.diagonal == as.diagonal);
            }
            for (int q = 0; q < 64; ++q) {
                const Square sq = Square::unchecked(q);
                // the bit sets the fast path derives describe σ exactly
                const PieceId v = s.board[static_cast<std::size_t>(q)];
                const std::uint64_t m = std::uint64_t{1} << q;
                RC_ASSERT(((b.occupied & m) != 0) == (v != kEmpty));
                if (v != kEmpty) {
                    RC_ASSERT((b.colour[static_cast<std::size_t>(color_of(v))] & m) != 0);
                    RC_ASSERT((b.kind[static_cast<std::size_t>(kind_of(v))] & m) != 0);
                }
                for (Color c : {Color::White, Color::Black}) {
                    const std::uint64_t reference = attackers(s, sq, c).bits();
                    RC_ASSERT(fast::attackers(s, sq, c) == reference);
                    RC_ASSERT(fast::attacked(s, sq, c) == attacked(s, sq, c));
                    RC_ASSERT(fast::attackers_on(b, q, c, b.occupied) == reference);
                }
            }
            // the sets GTSS and GCSS look for a piece in, in each body (boards.hpp, wide.hpp)
            for (Color c : {Color::White, Color::Black})
                for (int kind = 0; kind < 6; ++kind) {
                    const auto k = static_cast<PieceKind>(kind);
                    std::uint64_t pieces = 0;
                    for (int q = 0; q < 64; ++q) {
                        const PieceId v = s.board[static_cast<std::size_t>(q)];
                        if (v != kEmpty && color_of(v) == c && kind_of(v) == k) pieces |= std::uint64_t{1} << q;
                    }
                    const auto described = [&](const fast::KindBoards& kb) {
                        return kb.pieces == pieces && kb.occupied == b.occupied;
                    };
                    RC_ASSERT(described(fast::kind_boards(s, c, k)));
                    RC_ASSERT(described(fast::kind_boards_narrow(s, c, k)));
                    RC_ASSERT(described(fast::kind_boards_scalar(s, c, k)));
                    if (fast::wide_available()) RC_ASSERT(described(fast::kind_boards_wide(s, c, k)));
                }
            // the kings the fast path's position carries (semantics/fast/position.hpp) are σ's
            const fast::KingSquares kings = fast::kings_of(s);
            RC_ASSERT(kings == fast::kings_of_scalar(s));
            for (Color c : {Color::White, Color::Black}) {
                const std::optional<Square> home = king_square(s, c);
                RC_ASSERT(kings[static_cast<std::size_t>(c)] == (home ? home->index() : kNoSquare));
            }
            for (Color c : {Color::White, Color::Black}) {
                RC_ASSERT(fast::in_check(s, c) == in_check(s, c));
                RC_ASSERT(fast::checks(s).of(c) == in_check(s, c));
                // each body of checks(), whichever this processor chooses (wide.hpp), and the scalar one
                RC_ASSERT(fast::checks_narrow(s).of(c) == in_check(s, c));
                RC_ASSERT(fast::checks_scalar(s).of(c) == in_check(s, c));
                RC_ASSERT(fast::in_check_scalar(s, c) == in_check(s, c));
                if (fast::wide_available()) RC_ASSERT(fast::checks_wide(s).of(c) == in_check(s, c));
            }
            // IIC of the king on every empty square: each way a piece can give check, from every
            // distance and direction, is met (the positions of a walk alone rarely have the king in
            // check by, say, an h-pawn).
            for (Color c : {Color::White, Color::Black}) {
                const std::optional<Square> home = king_square(s, c);
                if (!home) continue;
                for (int q = 0; q < 64; ++q) {
                    const Square sq = Square::unchecked(q);
                    if (s.board[static_cast<std::size_t>(q)] != kEmpty) continue;
                    const State moved = update(s, {{*home, kEmpty}, {sq, at(s, *home)}});
                    RC_ASSERT(fast::in_check(moved, c) == in_check(moved, c));
                    RC_ASSERT(fast::in_check_scalar(moved, c) == in_check(moved, c));
                    const fast::Checks expected{in_check(moved, Color::White), in_check(moved, Color::Black)};
                    RC_ASSERT(fast::checks(moved) == expected);
                    RC_ASSERT(fast::checks_narrow(moved) == expected);
                    RC_ASSERT(fast::checks_scalar(moved) == expected);
                    if (fast::wide_available()) RC_ASSERT(fast::checks_wide(moved) == expected);
                }
            }
        }
    });
}

// F1 and F3 ask the wide bodies only when wide_available(): were that false on a processor with
// AVX2 (a broken test of the processor), the wide bodies would go untested and unused without a
// word. The flag must be what the processor says.
TEST_CASE("F1 the passes over σ read wide exactly where the build has the wide bodies and the processor AVX2", "[F1]") {
#if defined(PGNSEM_WIDE)
    __builtin_cpu_init();
    CHECK(fast::wide_available() == (__builtin_cpu_supports("avx2") != 0));
#else
    CHECK_FALSE(fast::wide_available());
#endif
}

TEST_CASE("F2 GTSS and GCSS: fast = reference", "[property][F2]") {
    rc::prop("F2", [](const std::vector<std::uint32_t>& choices) {
        for (const State& s : positions_of(walk(choices))) {
            for (const ast::Move& m : written_moves(s)) {
                SourceResult f = Undefined{}, r = Undefined{};
                if (const auto* t = v2::get_if<ast::Traversal>(&m.body)) {
                    r = traversal_source(s, t->piece, t->from, t->to);
                    f = t->piece == PieceKind::Pawn
                            ? fast::find_pawn_traversal_source(s, t->from, t->to)
                            : fast::find_piece_traversal_source(fast::position_from(s), t->piece, t->from, t->to);
                } else if (const auto* c = v2::get_if<ast::Capture>(&m.body)) {
                    r = capture_source(s, c->piece, c->from, c->to);
                    f = c->piece == PieceKind::Pawn
                            ? fast::find_pawn_capture_source(s, c->from, c->to)
                            : fast::find_piece_capture_source(fast::position_from(s), c->piece, c->from, c->to);
                } else {
                    continue;
                }
                if (!same(f, r)) {
                    RC_LOG() << "move " << move_text(m) << ": fast " << describe_source(f) << ", reference "
                             << describe_source(r) << "\n";
                    RC_FAIL("GTSS/GCSS differ");
                }
            }
        }
    });
}

TEST_CASE("F3 T: fast = reference, for every move written by its squares and every move SAN can write",
          "[property][F3]") {
    rc::prop("F3", [](const std::vector<std::uint32_t>& choices) {
        for (const State& s : positions_of(walk(choices))) {
            for (int from = 0; from < 64; ++from)
                for (int to = 0; to < 64; ++to)
                    for (const auto& t : kPromotions) {
                        const ConcreteMove m{Square::unchecked(from), Square::unchecked(to), t};
                        const Termination f = fast_answer(fast::terminates_concrete(fast::position_from(s), m));
                        const Termination r = terminates_concrete(s, m);
                        if (!(f == r)) {
                            RC_LOG() << "move " << from << "→" << to << ": fast " << describe(f) << ", reference "
                                     << describe(r) << differences(f, r) << "\n";
                            RC_FAIL("T differs on a move written by its squares");
                        }
                    }
            for (const ast::Move& m : written_moves(s)) {
                const Termination f = fast_answer(fast::terminates(m, fast::position_from(s)));
                const Termination r = terminates(m, s);
                if (!(f == r)) {
                    RC_LOG() << "move " << move_text(m) << ": fast " << describe(f) << ", reference " << describe(r)
                             << differences(f, r) << "\n";
                    RC_FAIL("T differs on a written move");
                }
            }
            // σ′'s board, Q ↦ v and S ↦ 0, in each body (equations.hpp), for every S and Q, S = Q
            // included (the definition's order: S ↦ 0 last)
            for (int from = 0; from < 64; ++from)
                for (int to = 0; to < 64; ++to) {
                    const PieceId v = s.board[static_cast<std::size_t>(from)] != kEmpty
                                          ? s.board[static_cast<std::size_t>(from)]
                                          : kWhiteQueen;
                    std::array<PieceId, 64> expected = s.board;
                    expected[static_cast<std::size_t>(to)] = v;
                    expected[static_cast<std::size_t>(from)] = kEmpty;
                    std::array<PieceId, 64> written{};
                    fast::write_move_narrow(written, s.board, from, to, v);
                    RC_ASSERT(written == expected);
                    written = {};
                    fast::write_move_scalar(written, s.board, from, to, v);
                    RC_ASSERT(written == expected);
                    if (fast::wide_available()) {
                        written = {};
                        fast::write_move_wide(written, s.board, from, to, v);
                        RC_ASSERT(written == expected);
                    }
                }
        }
    });
}

// F4 first on positions a walk may miss: en passant both ways, castling both sides and colours, a
// castling through an attacked square, and a capture that is castling's only blocker (a run that
// stops at its first failure, as scripts/mutation-check's, stops here).
TEST_CASE("F4 the legal moves on fixed positions: fast = reference", "[property][F4]") {
    for (const char* f : {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2",
                          "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
                          "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "rn2k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1"}) {
        INFO(f);
        const auto s = sigma_from_fen(f);
        REQUIRE(s.has_value());
        CHECK(sorted_move_keys(fast::legal_moves(*s)) == sorted_move_keys(legal_moves(*s)));
        CHECK(fast::has_legal_move(*s) == has_legal_move(*s));
    }
}

TEST_CASE("F4 the legal moves: fast = reference, and is_legal_packed on every from × to × promotion",
          "[property][F4]") {
    rc::prop("F4", [](const std::vector<std::uint32_t>& choices) {
        const std::vector<WalkStep> steps = walk(choices);
        std::vector<State> checked = positions_of(steps);
        // every position of short walks: the game's end (mate, stalemate) is where has_legal_move matters
        if (steps.size() < 40)
            for (const WalkStep& st : steps) checked.push_back(st.result.next);
        for (const State& s : checked) {
            const std::vector<int> fk = sorted_move_keys(fast::legal_moves(s));
            const std::vector<int> rk = sorted_move_keys(legal_moves(s));
            RC_ASSERT(fk == rk);
            RC_ASSERT(fast::has_legal_move(s) == has_legal_move(s));
            RC_ASSERT(fast::outcome(s) == outcome(s));
            // is_legal_packed, the generator asked about one move, for all 16 bits of a move: the
            // squares and every promotion field (0 none, 1–4 knight … queen, 5–7 no piece). The
            // reference's list rk is the moves T accepts (L6), so a move is listed exactly when T
            // accepts it.
            const fast::Boards b = fast::boards_of(s);
            for (int bits = 0; bits < 1 << 15; ++bits) {
                const int promotion = bits >> 12;
                const bool listed =
                    promotion <= 4 &&
                    std::binary_search(rk.begin(), rk.end(), move_key(bits & 63, (bits >> 6) & 63, promotion));
                if (fast::is_legal_packed(s, b, static_cast<fast::PackedMove>(bits)) != listed) {
                    RC_LOG() << "move " << (bits & 63) << "→" << ((bits >> 6) & 63) << " promotion " << promotion
                             << ": is_legal_packed " << !listed << ", the reference's list " << listed << "\n";
                    RC_FAIL("is_legal_packed differs from the legal moves");
                }
            }
        }
    });
}

TEST_CASE("F5 the chosen disambiguation and canonical SAN: fast = reference", "[property][F5]") {
    // First (a run that stops at its first failure stops here), where a walk need not go: a candidate on its king's
    // line with an enemy piece behind it that pins nothing (a knight), so both knights reach d3 and Ncd3 needs its
    // file.
    for (const char* f : {"7k/8/8/8/8/8/5N2/K1N1n3 w - - 0 1", "7k/8/8/8/8/8/5N2/K1N1b3 w - - 0 1"}) {
        INFO(f);
        const auto s = sigma_from_fen(f);
        REQUIRE(s.has_value());
        for (const ConcreteMove& m : fast::legal_moves(*s)) {
            const Accepted ok = v2::get<Accepted>(terminates_concrete(*s, m));
            CHECK(fast::canonical_disambiguator(*s, ok.action) == canonical_disambiguator(*s, ok.action));
            CHECK(fast::canonical_move(*s, ok.action, ok.next) == canonical_move(*s, ok.action, ok.next));
        }
    }
    rc::prop("F5", [](const std::vector<std::uint32_t>& choices) {
        for (const State& s : positions_of(walk(choices)))
            for (const ConcreteMove& m : fast::legal_moves(s)) {
                const Accepted ok = v2::get<Accepted>(terminates_concrete(s, m));
                RC_ASSERT(fast::canonical_disambiguator(s, ok.action) == canonical_disambiguator(s, ok.action));
                RC_ASSERT(fast::canonical_move(s, ok.action, ok.next) == canonical_move(s, ok.action, ok.next));
            }
    });
}

TEST_CASE("F5 play_legal: the fast engine's = the reference's T, on every legal move", "[property][F5]") {
    const Engine& fast_engine = sem::fast_engine();
    const std::unique_ptr<Engine> reference = reference_engine();
    const auto every_move = [&](const State& s) {
        for (const ConcreteMove& m : fast::legal_moves(s)) {
            const Accepted want = v2::get<Accepted>(terminates_concrete(s, m));
            if (!(fast_engine.play_legal(s, m) == want) || !(reference->play_legal(s, m) == want)) return false;
            if (!(fast_engine.canonical_move(s, want) == canonical_move(s, want.action, want.next))) return false;
        }
        return true;
    };
    rc::prop("F5 play_legal", [&](const std::vector<std::uint32_t>& choices) {
        const std::vector<WalkStep> steps = walk(choices);
        for (const State& s : positions_of(steps)) RC_ASSERT(every_move(s));
        // every position of short walks (outside the sanitizer build): checks and mates, where
        // `check` matters
        if (PGNSEM_PERFT_SCALE != 0 && steps.size() < 40)
            for (const WalkStep& st : steps) RC_ASSERT(every_move(st.result.next));
    });
    for (const char* f : kTrickyStarts) {
        INFO(f);
        const auto s = sigma_from_fen(f);
        REQUIRE(s.has_value());
        CHECK(every_move(*s));
        if (PGNSEM_PERFT_SCALE != 0)
            for (const ConcreteMove& m : fast::legal_moves(*s)) CHECK(every_move(fast_engine.play_legal(*s, m).next));
    }
}

TEST_CASE("F6 perft: fast = reference, on positions of walks", "[property][F6]") {
    rc::prop("F6", [](const std::vector<std::uint32_t>& choices) {
        const std::vector<WalkStep> steps = walk(choices);
        const State s = steps.empty() ? initial_state() : steps.back().result.next;
        RC_ASSERT(fast::perft(s, 2) == perft(s, 2));
    });
}

TEST_CASE("F7 the position keys tell positions apart as the Laws' 'same position' does", "[property][F7]") {
    rc::prop("F7", [](const std::vector<std::uint32_t>& choices) {
        const std::vector<WalkStep> steps = walk(choices);
        std::vector<State> states{steps.empty() ? initial_state() : steps.front().before};
        for (const WalkStep& st : steps) states.push_back(st.result.next);
        std::vector<std::uint64_t> keys;
        std::vector<Position> positions;
        for (const State& s : states) {
            keys.push_back(fast::full_key(s));
            positions.push_back(position_of(s));
            // The same position under other ids and another history: the knights (or bishops of a
            // colour, rooks) of a side swapped, the clocks moved; the key must not change.
            State other = s;
            other.halfmove_clock = static_cast<std::uint16_t>(other.halfmove_clock + 1);
            other.number_base += 3;
            for (PieceId& v : other.board)
                if (v == kWhiteQueensideKnight)
                    v = kWhiteKingsideKnight;
                else if (v == kBlackKingsideKnight)
                    v = kBlackQueensideKnight;
            RC_ASSERT(position_of(other) == positions.back());
            RC_ASSERT(fast::full_key(other) == keys.back());
            // The same pieces on the same squares with one other part of the position changed: the
            // en passant capture gone (no pawn ever double-stepped), the castling rights gone (both
            // kings moved), the other side to move. The key changes exactly when the position does
            // (a walk alone seldom comes back to its pieces' squares once an en passant capture
            // is no longer there, so the pairs below would not show a key blind to it).
            State no_en_passant = s;
            no_en_passant.two_step.fill(kNoStamp);
            State no_castling = s;
            no_castling.king_moved = kWhiteKingMoved | kBlackKingMoved;
            State other_side = s;
            other_side.turn = static_cast<std::uint16_t>(other_side.turn + 1);
            for (const State* changed : {&no_en_passant, &no_castling, &other_side})
                RC_ASSERT((fast::full_key(*changed) == keys.back()) == (position_of(*changed) == positions.back()));
        }
        // Different positions, different keys (two of them colliding has a chance of about 2⁻⁶⁴).
        for (std::size_t i = 0; i < states.size(); ++i)
            for (std::size_t j = i + 1; j < states.size(); ++j)
                RC_ASSERT((keys[i] == keys[j]) == (positions[i] == positions[j]));
    });
}
