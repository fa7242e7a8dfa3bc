// "No heap allocation per move": reading and judging a game allocates the same number of times
// whether it has 20 plies or 200 (once the reusable buffers have grown). Every global
// operator new of this test executable is counted.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <new>
#include <string>

// AddressSanitizer replaces operator new itself, so a build with it counts through the hooks its
// allocator calls on every allocation (malloc and operator new alike); other builds count every
// global operator new of this executable.
#if defined(__SANITIZE_ADDRESS__)
#define PGNSEM_ASAN_HOOKS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PGNSEM_ASAN_HOOKS 1
#endif
#endif
#ifndef PGNSEM_ASAN_HOOKS
#define PGNSEM_ASAN_HOOKS 0
#endif
#if PGNSEM_ASAN_HOOKS
#include <sanitizer/allocator_interface.h>
#endif

#include "app/generate.hpp"
#include "interpreter/interpret.hpp"
#include "syntax/pgn/reader.hpp"

namespace {
std::atomic<long> g_allocations{0};
std::atomic<long> g_bytes{0};  // bytes asked of operator new
}  // namespace

#if PGNSEM_ASAN_HOOKS

namespace {
void count_malloc(const volatile void*, std::size_t n) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    g_bytes.fetch_add(static_cast<long>(n), std::memory_order_relaxed);
}
void count_free(const volatile void*) {}
// installed before any test runs
const int g_hooks = __sanitizer_install_malloc_and_free_hooks(count_malloc, count_free);
}  // namespace

#else

void* operator new(std::size_t n) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    g_bytes.fetch_add(static_cast<long>(n), std::memory_order_relaxed);
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    g_bytes.fetch_add(static_cast<long>(n), std::memory_order_relaxed);
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete[](void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    std::free(p);
}
#endif

using namespace pgnsem;

namespace {

// A legal generated game with exactly `plies` plies (export format, correct claims: no warnings).
std::string game_of_length(std::uint32_t plies) {
    for (std::uint32_t i = 1; i < 5000; ++i) {
        const auto g = interp::generate_game(99, i, 0);
        syntax::PgnReader reader(g.pgn);
        ast::Game game;
        REQUIRE(reader.next(game));
        std::uint32_t n = 0;
        for (std::uint32_t p = game.main_line; p != ast::kNone; p = game.plies[p].next) ++n;
        if (n >= plies) {
            // cut the movetext after `plies` plies: regenerate from the first `plies` tokens
            std::string moves;
            std::uint32_t k = 0;
            for (std::uint32_t p = game.main_line; p != ast::kNone && k < plies; p = game.plies[p].next, ++k) {
                if (k % 2 == 0) moves += std::to_string(k / 2 + 1) + ". ";
                moves += std::string(game.plies[p].text) + " ";
            }
            return "[Event \"x\"]\n[Result \"*\"]\n\n" + moves + "*\n";
        }
    }
    FAIL("no generated game is long enough");
    return {};
}

// Allocations made while reading and judging `text` with warmed-up buffers.
long allocations_for(const std::string& text, interp::Interpreter& interpreter, ast::Game& game,
                     interp::Verdict& verdict) {
    const long before = g_allocations.load();
    syntax::PgnReader reader(text);
    while (reader.next(game)) interpreter.run(game, verdict);
    return g_allocations.load() - before;
}

}  // namespace

TEST_CASE("reading and judging a game allocates nothing per move", "[allocation]") {
#if PGNSEM_ASAN_HOOKS
    REQUIRE(g_hooks != 0);
#endif
    const std::string short_game = game_of_length(20);
    const std::string long_game = game_of_length(120);
    interp::Interpreter interpreter(interp::Options{});
    ast::Game game;
    interp::Verdict verdict;
    // warm up: let every reusable buffer grow to the long game's size
    allocations_for(long_game, interpreter, game, verdict);
    allocations_for(long_game, interpreter, game, verdict);
    const long short_count = allocations_for(short_game, interpreter, game, verdict);
    const long long_count = allocations_for(long_game, interpreter, game, verdict);
    INFO("short game: " << short_count << " allocations, long game: " << long_count);
    CHECK(verdict.kind == interp::VerdictKind::Legal);
    CHECK(verdict.warnings.empty());
    CHECK(verdict.plies == 120);
    CHECK(long_count == short_count);
}

TEST_CASE("judging a game's variations allocates in proportion to its text, not a position per variation",
          "[allocation][memory]") {
#if PGNSEM_ASAN_HOOKS
    REQUIRE(g_hooks != 0);
#endif
    // were each waiting variation to hold a copy of σ (116 bytes for 8 bytes of text), a game of
    // millions of one-move variations would take many times its text
    std::string text = "[Event \"variations\"]\n\n1. e4 ";
    for (int i = 0; i < 20000; ++i) text += "(1. d4) ";
    text += "e5 *\n";
    syntax::PgnReader reader(text);
    ast::Game game;
    REQUIRE(reader.next(game));
    interp::Interpreter interpreter(interp::Options{});
    interp::Verdict verdict;
    const long before = g_bytes.load();
    interpreter.run(game, verdict);
    const long bytes = g_bytes.load() - before;
    INFO(bytes << " bytes allocated to judge a game of " << text.size() << " bytes");
    CHECK(verdict.kind == interp::VerdictKind::Legal);
    CHECK(verdict.plies == 2);
    CHECK(bytes <= 4 * static_cast<long>(text.size()));
}
