// [[S]] — the meaning of a whole game: fold T over the plies of the main line, stop at the first
// ⊥, and give a Verdict (docs/ARCHITECTURE.md, "The verdict contract"). Variations are replayed
// from the position before the ply they replace. Notation claims the position contradicts
// (`x`, `+`/`#`, move numbers, the result) are warnings, errors under --strict. The fold is in
// interpret.cpp; each concern around it has its own file (interpreter/README.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "interpreter/draws.hpp"
#include "interpreter/warnings.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "semantics/steps.hpp"

namespace pgnsem::interp {

enum class VerdictKind : std::uint8_t { Legal, Illegal, Malformed, Unsupported };

[[nodiscard]] constexpr const char* verdict_name(VerdictKind k) noexcept {
    switch (k) {
        case VerdictKind::Legal: return "legal";
        case VerdictKind::Illegal: return "illegal";
        case VerdictKind::Malformed: return "malformed";
        case VerdictKind::Unsupported: return "unsupported";
    }
    PGNSEM_UNREACHABLE("every verdict is listed");
}

struct ErrorInfo {
    std::uint32_t ply = 0;          // 0: the start position itself
    std::uint32_t move_number = 0;  // computed, not as written
    Color side = Color::White;
    std::string written;  // the move as written (empty when not about a move)
    std::string rule;     // a rule id (semantics/rules.hpp), a syntax kind, or notation/<kind>
    std::string message;
    ast::SourcePos pos;
};

struct Verdict {
    std::uint32_t game = 0;
    std::uint64_t offset = 0;  // ast::Game::offset: where the game's first byte is in the input
    std::optional<std::string> white, black, result_tag;
    std::optional<ast::Result> result;
    std::uint32_t plies = 0;
    VerdictKind kind = VerdictKind::Legal;
    std::optional<ErrorInfo> error;
    std::vector<Warning> warnings;
    std::string fen_after;
    sem::State final_state{};
    sem::Outcome end = sem::Outcome::Ongoing;  // of the final position
    bool error_in_variation = false;           // a variation had an illegal move (a warning unless --strict)
    DrawFacts draws;
    void clear();
    // The verdict's kind and error. `s` is the state the failing ply was tried in: the error's move
    // number and side are read off it.
    void set_error(VerdictKind k, std::uint32_t ply, const sem::State& s, std::string written, std::string rule,
                   std::string message, ast::SourcePos pos);
};

// The most warnings one game may have (memory in proportion to the configuration, not to the
// input). A game past it is `unsupported`, rule `limit/warnings`, at the ply where the limit
// was passed: judged no further, never silently cut. Real games have a handful; a hostile file of
// millions of illegal variations in one game would otherwise hold a warning for each.
inline constexpr std::size_t kMaxWarnings = 10'000;
inline constexpr std::string_view kWarningsLimitRule = "limit/warnings";

struct Options {
    bool strict = false;
    // Who answers T and the other questions of the semantics (semantics/engine.hpp): the fast path
    // when null, else this engine, which must outlive the Interpreter (a reference engine carries the
    // run's reading of the errata).
    const sem::Engine* engine = nullptr;
};

// One defined ply, for traces.
struct PlyEvent {
    std::uint32_t game = 0;
    std::uint32_t ply = 0;
    std::uint32_t move_number = 0;
    Color side = Color::White;
    std::string_view san_written;
    std::string_view san_canonical;
    std::string_view uci;
    sem::Equation rule = sem::Equation::TravPawn;
    const sem::State* before = nullptr;
    const sem::State* after = nullptr;
    std::string_view fen_after;
    const ast::Ply* source = nullptr;  // the ply as read: its move, its place in Game::plies
};

class TraceSink {
public:
    virtual ~TraceSink() = default;
    virtual void on_ply(const PlyEvent& e) = 0;
};

// Reusable: keeps its buffers between games so a steady state allocates nothing per move.
class Interpreter {
public:
    explicit Interpreter(Options options) : options_(options) {}
    // Judges one game into `out` (cleared first). `trace`, if given, sees every defined main-line ply.
    void run(const ast::Game& g, Verdict& out, TraceSink* trace = nullptr);
    [[nodiscard]] std::uint64_t repetition_comparisons() const noexcept { return history_.table.comparisons(); }

private:
    Options options_;
    DrawHistory history_;  // the positions of the main line so far (interpreter/draws.hpp)
};

// The canonical SAN text of a defined move (minimal disambiguation, `x`, `=T`, `+`/`#`), as the
// engine chooses it.
[[nodiscard]] std::string canonical_text(const sem::Engine& e, const sem::State& before, const sem::Action& a,
                                         const sem::State& after);
// UCI text of a move (`e2e4`, `e7e8q`, castling as the king's move `e1g1`; in a Chess960 game the
// king taking its rook, `e1h1`, as UCI_Chess960 engines write it: proofs-notes/chess960.md).
[[nodiscard]] std::string uci_text(const sem::ConcreteMove& m);
// The same of a defined move made in σ `before`.
[[nodiscard]] std::string uci_text(const sem::State& before, const sem::Action& a);
// FEN of σ; a Chess960 σ's castling rights as X-FEN, or Shredder-FEN when `style` says so
// (laws/setup.hpp).
[[nodiscard]] std::string fen_of(const sem::State& s, sem::CastlingStyle style = sem::CastlingStyle::XFen);

}  // namespace pgnsem::interp
