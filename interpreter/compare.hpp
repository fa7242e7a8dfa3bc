// One game under two readings of the paper (`check --compare A,B`, `trace --compare A,B`,
// `errata --find`): both verdicts, and where the readings part.
//
//   - parts_at: the first ply whose step has another outcome under A than under B — defined under
//     one and not under the other (refused, or not reached: the game ended before it), or refused
//     under both for another rule or kind. The verdicts then differ: legal against not, another
//     failing ply, or another rule. None when every ply has the same outcome.
//   - state_parts_at: the first ply defined under both whose σ′ differs. A reading may change σ′
//     and no verdict yet: the paper's O-O leaves b_king unset, which shows only at a second castling.
//   - errata: for every erratum the two readings read differently (and that can be read either way),
//     A with that one erratum read as B reads it: named when that alone parts the verdict from A's
//     at parts_at.
//
// Ply 0 is the start position (a FEN no game can reach is refused there under every reading).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/reading.hpp"
#include "semantics/engine.hpp"
#include "semantics/errata.hpp"
#include "semantics/state.hpp"

namespace pgnsem::interp {

// A ply of a game: its index, its move number and side (computed), and the move as written.
struct PlyPlace {
    std::uint32_t ply = 0;
    std::uint32_t move_number = 0;
    Color side = Color::White;
    std::string written;
};

// One defined ply under one reading, as the comparison keeps it: where it stands, σ′, and (for
// trace --compare) its canonical SAN and σ′'s FEN.
struct DefinedPly {
    PlyPlace place;
    sem::State after;
    std::string san;
    std::string fen_after;
};

struct Comparison {
    Verdict a, b;
    std::optional<PlyPlace> parts_at;
    std::optional<PlyPlace> state_parts_at;
    // In the order of kErrata.
    std::vector<sem::Erratum> errata;
    // The defined plies under each reading, in order (ply 1 first).
    std::vector<DefinedPly> plies_a, plies_b;
    // σ₀ of the game (the same under every reading), none when the start position itself is refused.
    std::optional<sem::State> start;
};

// The last ply a verdict says anything of (its failing ply, or its last defined one).
[[nodiscard]] std::uint32_t last_ply(const Verdict& v) noexcept;
// Where a verdict's error stands.
[[nodiscard]] PlyPlace place_of(const ErrorInfo& e);

// The first ply at which two verdicts of one game part (above), if any. Only the verdicts are
// read: a ply up to `plies` is defined, the error's ply is refused with its kind and rule, a ply
// past both is not reached.
[[nodiscard]] std::optional<std::uint32_t> parting_ply(const Verdict& a, const Verdict& b) noexcept;

class Comparer {
public:
    // The two engines must outlive the Comparer. `strict` is check's --strict, for both readings;
    // `keep_text` keeps each defined ply's SAN and FEN (trace --compare).
    Comparer(const sem::Engine& a, const sem::Engine& b, bool strict, bool keep_text = false);
    // Judges `g` under both readings into `out`; with `name_errata`, also the errata that part them.
    void run(const ast::Game& g, Comparison& out, bool name_errata = true);

private:
    Options options(const sem::Engine& e) const noexcept;
    // The engine of A with erratum e read as B reads it (made once, kept for the next games).
    const sem::Engine& switched(sem::Erratum e);

    const sem::Engine& a_;
    const sem::Engine& b_;
    bool strict_;
    bool keep_text_;
    Interpreter ia_, ib_;
    std::map<sem::Erratum, EngineChoice> switched_;
    Verdict scratch_;
};

}  // namespace pgnsem::interp
