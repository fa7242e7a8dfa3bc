// board_bench [--runs N] FEN|startpos DEPTH: a perft written with the public board
// (pgnsem/board.hpp: legal_moves, push or push_unchecked, and pop, the last ply counted whole with
// legal_move_count) against the library's own perft (Board::perft, the function `pgnsem perft`
// runs), the three timed in turn in the same process, N rounds (5 unless given). Prints each one's
// median time and nanoseconds a leaf, and the ratios to perft. Not a test; bench/README.md quotes
// it. Uses only the public interface.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "pgnsem/api.hpp"

namespace api = pgnsem::api;

namespace {

// Checked: every move pushed is judged by T again (push); unchecked: played as listed
// (push_unchecked).
template <bool checked>
std::uint64_t walk(api::Board& b, int depth) {
    if (depth <= 1) return depth == 1 ? b.legal_move_count() : 1;
    std::uint64_t n = 0;
    for (const api::Move m : b.legal_moves()) {
        if constexpr (checked)
            b.push(m);
        else
            b.push_unchecked(m);
        n += walk<checked>(b, depth - 1);
        b.pop();
    }
    return n;
}

template <class F>
double seconds(F&& f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    int runs = 5;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() >= 2 && args[0] == "--runs") {
        runs = std::max(1, std::atoi(args[1].c_str()));
        args.erase(args.begin(), args.begin() + 2);
    }
    if (args.size() != 2) {
        std::fprintf(stderr, "usage: board_bench [--runs N] FEN|startpos DEPTH\n");
        return 2;
    }
    try {
        api::Board board =
            args[0] == "startpos" ? api::Board() : api::Board::from_fen(args[0], api::Board::Validation::None);
        const int depth = std::atoi(args[1].c_str());
        std::vector<double> by_perft, by_push, by_unchecked;
        std::uint64_t counted = 0, pushed = 0, unchecked = 0;
        for (int i = 0; i < runs; ++i) {
            by_perft.push_back(seconds([&] { counted = board.perft(depth); }));
            by_push.push_back(seconds([&] { pushed = walk<true>(board, depth); }));
            by_unchecked.push_back(seconds([&] { unchecked = walk<false>(board, depth); }));
        }
        if (pushed != counted || unchecked != counted) {
            std::fprintf(stderr, "board_bench: the board's walks counted %llu and %llu leaves, perft %llu\n",
                         static_cast<unsigned long long>(pushed), static_cast<unsigned long long>(unchecked),
                         static_cast<unsigned long long>(counted));
            return 1;
        }
        const double p = median(by_perft), b = median(by_push), u = median(by_unchecked);
        const double leaves = static_cast<double>(counted);
        std::printf("leaves %llu, %d rounds\n", static_cast<unsigned long long>(counted), runs);
        std::printf("perft (Board::perft, pgnsem perft's)        median %.3f s  %.2f ns/leaf\n", p, 1e9 * p / leaves);
        std::printf("board (legal_moves, push, pop)              median %.3f s  %.2f ns/leaf  ratio %.2f\n", b,
                    1e9 * b / leaves, b / p);
        std::printf("board (legal_moves, push_unchecked, pop)    median %.3f s  %.2f ns/leaf  ratio %.2f\n", u,
                    1e9 * u / leaves, u / p);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "board_bench: %s\n", e.what());
        return 2;
    }
    return 0;
}
