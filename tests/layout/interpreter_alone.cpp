// A program that links the interpreter's library alone (pgnsem_interpreter, and what it links:
// syntax, laws, semantics, the AST), not io/: it reads one game from a string and judges it.
// tests/layout/interpreter_alone.sh runs it and reads its dynamic section, so that whole games can
// be judged without files, threads or a decompressor (docs/ARCHITECTURE.md, "Layers").
#include <cstdio>

#include "interpreter/interpret.hpp"
#include "syntax/pgn/reader.hpp"

int main() {
    using namespace pgnsem;
    syntax::PgnReader reader("[Event \"alone\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    ast::Game game;
    interp::Interpreter interpreter(interp::Options{});
    interp::Verdict verdict;
    if (!reader.next(game)) return 1;
    interpreter.run(game, verdict);
    std::printf("%s %u %s\n", interp::verdict_name(verdict.kind), verdict.plies,
                verdict.end == sem::Outcome::Checkmate ? "checkmate" : "not checkmate");
    return 0;
}
