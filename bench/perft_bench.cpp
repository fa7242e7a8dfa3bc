// perft_bench FEN DEPTH: the number of leaves of the legal-move tree and the speed (nodes/s).
// Not a test. The FEN is read by the small helper of the semantics tests (this target links
// the semantics only); "startpos" means σ₀.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "semantics/legal_moves.hpp"
#include "semantics/state.hpp"
#include "tests/semantics/sigma_from_fen.hpp"

int main(int argc, char** argv) {
    using namespace pgnsem::sem;
    if (argc != 3) {
        std::fprintf(stderr, "usage: perft_bench FEN|startpos DEPTH\n");
        return 2;
    }
    const std::string_view fen = argv[1];
    std::optional<State> sigma =
        fen == "startpos" ? std::optional<State>{initial_state()} : testing::sigma_from_fen(fen);
    if (!sigma) {
        std::fprintf(stderr, "perft_bench: cannot read the FEN\n");
        return 2;
    }
    const int depth = std::atoi(argv[2]);
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = perft(*sigma, depth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("nodes %llu\ntime %.3f s\nnodes/s %.0f\n", static_cast<unsigned long long>(nodes), seconds,
                seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
    return 0;
}
