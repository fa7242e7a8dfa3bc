// L13 (proofs-notes/invariants.md): the position key the main line keeps move by move (next_key)
// is the key of the whole position (full_key), and the en passant file it carries along is the
// position's. Games are walked through legal_moves from σ₀ and from positions chosen for the moves
// that change a key in unusual ways: castling, en passant, promotions, captures of rooks on their
// corners.
#include "semantics/fast/position_key.hpp"

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <iterator>
#include <vector>

#include "laws/setup.hpp"
#include "semantics/engines.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "syntax/fen.hpp"

using namespace pgnsem;
namespace v2 = boost::variant2;

namespace {

constexpr const char* kStarts[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
};

sem::State start_position() {
    const int pick = *rc::gen::inRange(0, 2 * static_cast<int>(std::size(kStarts)));
    if (pick >= static_cast<int>(std::size(kStarts))) return sem::initial_state();
    const auto parsed = syntax::parse_fen(kStarts[pick]);
    RC_ASSERT(v2::holds_alternative<Placement>(parsed));
    return sem::from_placement(v2::get<Placement>(parsed));
}

// A random walk from s: the legal move each choice picks, played; `step(σ, T's answer)` is told of
// each before σ′ becomes σ.
template <class Step>
void walk(sem::State s, const std::vector<std::uint32_t>& choices, Step&& step) {
    for (std::uint32_t c : choices) {
        const sem::MoveList moves = sem::fast::legal_moves(s);
        if (moves.size == 0) break;
        const sem::Termination t = sem::FastEngine::instance().terminates_concrete(s, moves.moves[c % moves.size]);
        RC_ASSERT(v2::holds_alternative<sem::Accepted>(t));
        const sem::Accepted& ok = v2::get<sem::Accepted>(t);
        step(s, ok);
        s = ok.next;
    }
}

}  // namespace

TEST_CASE("L13 the position key kept move by move is the key of the position", "[property][L13]") {
    rc::prop("L13", [](const std::vector<std::uint32_t>& choices) {
        const sem::State start = start_position();
        std::uint64_t key = sem::fast::full_key(start);
        int ep_file = sem::fast::en_passant_file(start);
        walk(start, choices, [&](const sem::State& s, const sem::Accepted& ok) {
            key = sem::fast::next_key(key, s, ok.next, ok.action, ep_file);
            RC_ASSERT(key == sem::fast::full_key(ok.next));
            RC_ASSERT(ep_file == sem::fast::en_passant_file(ok.next));
        });
    });
}

TEST_CASE("L13 the window key kept move by move is the key up to the window's constant", "[property][L13]") {
    // What the main line keeps (interpreter/draws.hpp, DrawBook): at a capture or pawn move a new
    // window opens with its first position's en passant value alone; within it next_key_quiet
    // carries the key along. Within each window, key(σ) = window key(σ) ⊕ B for one B, so two
    // positions of the window have equal window keys exactly when their keys are equal.
    rc::prop("L13 window", [](const std::vector<std::uint32_t>& choices) {
        const sem::State start = start_position();
        int ep_file = sem::fast::en_passant_file(start);
        std::uint64_t key = sem::fast::window_start_key(ep_file);
        std::uint64_t base = sem::fast::full_key(start) ^ key;
        std::size_t quiet = 0;
        walk(start, choices, [&](const sem::State& s, const sem::Accepted& ok) {
            if (ok.next.halfmove_clock == 0) {
                ep_file = sem::fast::en_passant_file_after(ok.next, ok.action);
                key = sem::fast::window_start_key(ep_file);
                base = sem::fast::full_key(ok.next) ^ key;  // the new window's constant
            } else {
                // a move within the window: next_key_quiet is next_key, with less to ask
                int full_ep = ep_file;
                const std::uint64_t full = sem::fast::next_key(key, s, ok.next, ok.action, full_ep);
                key = sem::fast::next_key_quiet(key, s, ok.next, ok.action, ep_file);
                RC_ASSERT(key == full);
                RC_ASSERT(full_ep == ep_file);
                ++quiet;
            }
            RC_ASSERT((key ^ base) == sem::fast::full_key(ok.next));
            RC_ASSERT(ep_file == sem::fast::en_passant_file(ok.next));
        });
        RC_TAG(quiet > 0 ? "moves within a window" : "none within a window");
    });
}

TEST_CASE("L13 a square's key by id is its kind and colour's key", "[L13]") {
    // square_key reads a table by id; the keys are Keys::piece's, one row per kind and colour (two
    // knights of one side share theirs, Laws 9.2.3), and the empty square's row is zeros.
    for (int v = 0; v <= sem::kMaxPieceId; ++v)
        for (int q = 0; q < 64; ++q) {
            const auto id = sem::PieceId::unchecked(v);
            const std::uint64_t want =
                id.empty() ? 0
                           : sem::fast::detail::kKeys
                                 .piece[static_cast<std::size_t>(sem::kind_of(id)) +
                                        (sem::color_of(id) == Color::Black ? 6 : 0)][static_cast<std::size_t>(q)];
            CHECK(sem::fast::detail::square_key(id, q) == want);
        }
}
