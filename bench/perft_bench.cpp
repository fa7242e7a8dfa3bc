// perft_bench FEN DEPTH: the number of leaves of the legal-move tree and the speed (nodes/s).
// Not a test. The FEN is read as pgnsem reads it (syntax::parse_fen, then sem::from_placement
// with the canonical id assignment of proofs-notes/numbering.md); "startpos" means σ₀.
#include <boost/variant2/variant.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "laws/setup.hpp"
#include "semantics/legal_moves.hpp"
#include "semantics/state.hpp"
#include "syntax/fen.hpp"

int main(int argc, char** argv) {
    using namespace pgnsem;
    if (argc != 3) {
        std::fprintf(stderr, "usage: perft_bench FEN|startpos DEPTH\n");
        return 2;
    }
    const std::string_view fen = argv[1];
    sem::State sigma = sem::initial_state();
    if (fen != "startpos") {
        const syntax::FenResult read = syntax::parse_fen(fen);
        if (const auto* e = boost::variant2::get_if<syntax::FenError>(&read)) {
            std::fprintf(stderr, "perft_bench: cannot read the FEN (%.*s, column %u): %s\n",
                         static_cast<int>(e->field.size()), e->field.data(), e->column + 1, e->message.c_str());
            return 2;
        }
        // As `pgnsem perft`: any FEN that parses is counted, valid or not.
        sigma = sem::from_placement(boost::variant2::get<Placement>(read));
    }
    const int depth = std::atoi(argv[2]);
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = sem::perft(sigma, depth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("nodes %llu\ntime %.3f s\nnodes/s %.0f\n", static_cast<unsigned long long>(nodes), seconds,
                seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
    return 0;
}
