// The words of `pgnsem explain` (app/explain_report.cpp) in the paper's notation: a premise of
// [[M]] or T for this move under the reading (`h8 = 24`, `d5 ∈ {17…32}`, `IIC(σ′, White) = 0`,
// the literal `¬IIC(σ′, mod(turn − 1, 2))`), with what σ holds in what it reads; the GTSS/GCSS call
// with a pawn named by its file, as the paper writes GTSS(e4, e, σ); GCSS's en passant step with the
// stamp and turn it compares; IIC as the 1 or 0 of Algorithm 3 (⊤ and ⊥ are kept for defined and
// undefined); and the lines of a derivation tree. Nothing here decides anything: each function
// writes a value the reference computed (semantics/why.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "semantics/errata.hpp"
#include "semantics/find_source.hpp"
#include "semantics/premise.hpp"
#include "semantics/state.hpp"
#include "semantics/why.hpp"

namespace pgnsem::interp::notation {

// What a premise or a step is read in: the move, σ and the reading.
struct Ctx {
    const ast::Move& move;
    const sem::State& s;
    sem::Reading r;
    [[nodiscard]] Color mover() const noexcept { return sem::to_move(s); }
};

// A premise as the paper prints it, for this move (`h8 = 24`, `Q ∈ {17…32}` with Q = d5, the
// literal ¬IIC(σ′, mod(turn − 1, 2))), and what σ holds in what it reads.
struct Instance {
    std::string form;
    std::string values;  // "σ: h8 = 24", or empty
};

// A derivation tree in text: each node a line, its children below it, drawn with ├─ └─ │.
struct TreeNode {
    std::string text;
    std::string origin;  // the equation or erratum the node comes from (shown after it), or empty
    std::vector<TreeNode> children;
};

// A square ("e4"), a set of squares ("{e2, e4}"), a side ("White"), a disambiguator as written.
[[nodiscard]] std::string sq(Square q);
[[nodiscard]] std::string set_text(sem::SquareSet set);
[[nodiscard]] const char* side_word(Color c);
[[nodiscard]] std::string disambiguator_text(const ast::Disambiguator& d);

// "[castle-through-check: Laws]" or "[capture-turn-parity: paper]", or nothing.
[[nodiscard]] std::string erratum_tag(const std::optional<sem::Erratum>& e, bool corrected);

// IIC's answer as the paper's Algorithm 3 returns it: 1 or 0 (⊤ and ⊥ are kept for defined and
// undefined).
[[nodiscard]] std::string iic_text(const sem::IicCall& c);

[[nodiscard]] Instance instance(const sem::Premise& p, const Ctx& c);

// The GTSS/GCSS call and its steps, a line each (without indentation).
[[nodiscard]] std::vector<std::string> source_lines(const sem::SourceCall& c, const Ctx& ctx);

// x ↦ v of the update, with what x held, its origin and, for a double step read as printed from
// another rank than the start rank, the identifier the paper's equation names instead.
[[nodiscard]] std::string update_line(const sem::UpdateEntry& u, const sem::Why& why, const sem::State& sigma);

// An empty text is no text: null.
[[nodiscard]] std::optional<std::string_view> text_or_null(std::string_view t);

// "true   h8 = 24   (σ: h8 = 24)   [h8]   → rule   [erratum …]"
[[nodiscard]] std::string premise_line(const sem::Premise& pv, const Ctx& c);

void draw(std::string& out, const TreeNode& n, const std::string& prefix, const std::string& own);

[[nodiscard]] TreeNode premise_node(const sem::Premise& pv, const Ctx& c, const std::string& of);

}  // namespace pgnsem::interp::notation
