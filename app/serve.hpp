// `pgnsem serve`: one process answering questions, one JSON request a line on its input and one JSON
// response a line on its output, in order (README, "pgnsem serve"; the protocol in
// docs/vocabulary.md, the schemas schemas/request.json and schemas/response.json).
//
// Each response carries its request's `id` and, as `result`, the very object the one-shot command
// writes for the same question (`moves`, `perft`, `san` and `move`, `position`, `verdict`,
// `explanation`), so that a harness may switch between them. A request that cannot be answered
// (not JSON, an unknown operation or field, a FEN that does not parse, a limit passed) gets a
// response with `ok` false and its error, and the server goes on with the next line.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "app/position_report.hpp"

namespace pgnsem::interp {

// The limits of one request (README, "pgnsem serve"): a request over one is refused, not obeyed.
struct ServeLimits {
    // The bytes of one request line, its newline aside.
    std::uint64_t request_bytes = std::uint64_t{1} << 20;
    // perft's depth, and the leaves it counts before it stops and refuses.
    int perft_depth = 10;
    std::uint64_t perft_nodes = 1'000'000'000;
    // The positions the dead-position analysis may visit (a request's `dead_budget`, `fen`'s
    // --dead-budget); kFenDeadBudget when the request names none.
    std::uint32_t dead_budget = 10'000'000;
};

// Answers the requests of `in` on `out` until the end of `in`. 0 at the end of the input; 2 when
// reading failed (said on stderr) or writing did (finish_output of io/output.hpp says why).
[[nodiscard]] int serve(std::FILE* in, std::FILE* out, const ServeLimits& limits);

// The same server for a caller that holds its requests one at a time rather than on a file
// descriptor (the WebAssembly build, wasm/pgnsem_wasm.cpp): respond() gives the response to one
// request line (no newline), as serve writes it; a line over limits.request_bytes is refused as
// serve refuses it. The lines are numbered from 1 in the order they are given.
class ServeSession {
public:
    explicit ServeSession(const ServeLimits& limits);
    ~ServeSession();
    ServeSession(const ServeSession&) = delete;
    ServeSession& operator=(const ServeSession&) = delete;
    [[nodiscard]] std::string respond(std::string_view line);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pgnsem::interp
