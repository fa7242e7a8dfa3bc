// L8: perft(σ, d) matches the published counts of ../shared/data/perft (read in place).
//   standard.perft — every position to every depth given (in the sanitizer build: nodes ≤ 2·10⁵);
//   tricky.perft   — the standard-chess positions, every depth given; the xfen-* and
//                    asymmetrical-and-king-on-h ones read as Chess960 (X-FEN), every depth given;
//   chess960.perft — all 960 positions (Shredder-FEN) at depths 1–4 (1–3 under sanitizers); with
//                    PGNSEM_PERFT_960_DEEP=1 (scripts/test --full), at 5 and 6 too (=5: to 5 only);
//   random.perft   — all 6,838 positions to depth 3 (depth 2 under sanitizers); with
//                    PGNSEM_PERFT_DEEP=1, to depth 5 (an opt-in run of about 1.3·10¹¹ nodes).
// Without ../shared/data the test exits 77, which ctest reports as skipped.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "laws/setup.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "syntax/fen.hpp"
#include "tests/shared_data.hpp"

using namespace pgnsem;

namespace {

using Entry = test::PerftEntry;

sem::State state_of(const std::string& epd, bool chess960 = false) {
    std::string fen = epd;
    // EPD carries four fields; the clocks do not change perft.
    int fields = 1;
    for (char c : fen)
        if (c == ' ') ++fields;
    if (fields == 4) fen += " 0 1";
    auto parsed = syntax::parse_fen(fen);
    if (auto* e = boost::variant2::get_if<syntax::FenError>(&parsed)) FAIL("FEN " << fen << ": " << e->message);
    return sem::from_placement(boost::variant2::get<Placement>(parsed), chess960);
}

constexpr bool kSanitized = PGNSEM_PERFT_SCALE == 0;

}  // namespace

TEST_CASE("L8 perft matches standard.perft at every depth given", "[perft][property]") {
    for (const Entry& e : test::read_perft_suite("standard.perft")) {
        const sem::State s = state_of(e.epd);
        for (auto [depth, nodes] : e.counts) {
            if (kSanitized && nodes > 200000) continue;
            INFO(e.id << " depth " << depth);
            CHECK(sem::fast::perft(s, depth) == nodes);
        }
    }
}

TEST_CASE("L8 perft matches tricky.perft (standard-chess positions)", "[perft][property]") {
    int positions = 0;
    for (const Entry& e : test::read_perft_suite("tricky.perft")) {
        if (test::chess960_entry(e)) continue;
        ++positions;
        const sem::State s = state_of(e.epd);
        for (auto [depth, nodes] : e.counts) {
            if (kSanitized && nodes > 200000) continue;
            INFO(e.id << " " << e.epd << " depth " << depth);
            CHECK(sem::fast::perft(s, depth) == nodes);
        }
    }
    CHECK(positions > 0);
}

TEST_CASE("L8 perft matches tricky.perft's Chess960 positions (X-FEN)", "[perft][property][chess960]") {
    int positions = 0;
    for (const Entry& e : test::read_perft_suite("tricky.perft")) {
        if (!test::chess960_entry(e)) continue;
        ++positions;
        const sem::State s = state_of(e.epd, true);
        for (auto [depth, nodes] : e.counts) {
            if (kSanitized && nodes > 200000) continue;
            INFO(e.id << " " << e.epd << " depth " << depth);
            CHECK(sem::fast::perft(s, depth) == nodes);
        }
    }
    CHECK(positions == 6);
}

TEST_CASE("L8 perft matches chess960.perft for all positions", "[perft][property][chess960]") {
    // PGNSEM_PERFT_960_DEEP=1 (or 6): to depth 6; =5: to depth 5
    const char* deep = std::getenv("PGNSEM_PERFT_960_DEEP");
    const std::string deep_value = deep ? deep : "";
    const int max_depth = (deep_value == "1" || deep_value == "6") ? 6 : deep_value == "5" ? 5 : (kSanitized ? 3 : 4);
    const auto suite = test::read_perft_suite("chess960.perft");
    CHECK(suite.size() == 960);
    std::uint64_t checked = 0, mismatches = 0, leaves = 0;
    for (const Entry& e : suite) {
        const sem::State s = state_of(e.epd, true);
        for (auto [depth, nodes] : e.counts) {
            if (depth > max_depth) continue;
            const std::uint64_t got = sem::fast::perft(s, depth);
            ++checked;
            leaves += got;
            if (got != nodes) {
                ++mismatches;
                if (mismatches <= 10)
                    FAIL_CHECK(e.id << " " << e.epd << " depth " << depth << ": " << got << " != " << nodes);
            }
        }
    }
    std::cout << "chess960.perft: " << checked << " counts checked to depth " << max_depth << " (" << leaves
              << " leaves), " << mismatches << " mismatches\n";
    CHECK(mismatches == 0);
}

TEST_CASE("L8 perft matches random.perft for all positions", "[perft][property]") {
    const char* deep = std::getenv("PGNSEM_PERFT_DEEP");
    const int max_depth = (deep && std::string(deep) == "1") ? 5 : (kSanitized ? 2 : 3);
    const auto suite = test::read_perft_suite("random.perft");
    CHECK(suite.size() == 6838);
    std::uint64_t checked = 0, mismatches = 0;
    for (const Entry& e : suite) {
        const sem::State s = state_of(e.epd);
        for (auto [depth, nodes] : e.counts) {
            if (depth > max_depth) continue;
            const std::uint64_t got = sem::fast::perft(s, depth);
            ++checked;
            if (got != nodes) {
                ++mismatches;
                if (mismatches <= 10)
                    FAIL_CHECK(e.id << " " << e.epd << " depth " << depth << ": " << got << " != " << nodes);
            }
        }
    }
    std::cout << "random.perft: " << checked << " counts checked to depth " << max_depth << ", " << mismatches
              << " mismatches\n";
    CHECK(mismatches == 0);
}
