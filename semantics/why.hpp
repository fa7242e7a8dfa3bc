// Why T(M)(σ) is ⊤ or ⊥: what the reference computes on the way, as values — the GTSS or GCSS
// call and its (S, v), the update σ^{…}_{…} in the order the equation writes it, every IIC T asks
// and its answer, and each premise of [[M]] and T with its value. `pgnsem explain` prints this
// record and computes nothing of its own (app/explain_report.cpp).
//
// The equations do not record anything: each computes what the paper says it computes, and
// returns it as a value — GTSS/GCSS its steps (`SourceCall`), an equation its update as a list
// x ↦ v (`Update`), a premise its value (`Premise`), and a conjunction the premises it evaluated,
// up to the first ⊥ (`Premises`). `why_of` asks the same functions T and [[M]] are made of, in
// the order they ask them, and puts their answers side by side; T is a conjunction, so the first
// ⊥ ends the record (the premises after it are not evaluated, and none is shown). A premise that
// exists, or reads as it does, because of an erratum carries the erratum (proofs-notes/errata.md)
// and whether the reading corrects it: the Laws' additions are tagged with their slug, and under
// --semantics paper the paper's own form is tagged with the same slug, read as printed. That the
// record agrees with T is W1 (proofs-notes/invariants.md; tests/semantics/why_test.cpp).
//
// Fixed capacities: a Why is a value with no allocation (the most any move computes is counted at
// each list).
#pragma once

#include <cstddef>
#include <optional>

#include "ast/ast.hpp"
#include "semantics/board.hpp"
#include "semantics/denote.hpp"
#include "semantics/errata.hpp"
#include "semantics/find_source.hpp"
#include "semantics/premise.hpp"
#include "semantics/rules.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// x ↦ v of the update, with what x held just before (in σ, but for an identifier the update wrote
// earlier).
struct UpdateEntry {
    Ide x = Ide::turn();
    unsigned value = 0;
    unsigned was = 0;
    UpdateOrigin origin = UpdateOrigin::Paper;
    std::optional<Erratum> erratum;
};

// Which of the paper's ten cases of [[Q=T]] / [[W::x::Q=T]] gave the new piece its id (moves.hpp,
// promoted_id): by the colour, T and, for a bishop, the file of Q.
struct PromotionCase {
    Color colour = Color::White;
    ast::PromotionPiece piece = ast::PromotionPiece::Queen;
    Square to = Square::unchecked(0);
    PieceId id = kEmpty;
};

struct Why {
    std::optional<SourceCall> source;
    std::optional<Equation> equation;  // the equation that fired
    std::optional<PromotionCase> promotion;
    Few<UpdateEntry, 12> update;   // castling with every flag: 5 + king flag + rook flag + clock
    Few<IicCall, 4> iic;           // σ before castling, σ′ for the mover, σ′ for the claim
    Few<Premise, 12> premises;     // [[M]]'s conditions, then T's
    std::size_t own_premises = 0;  // how many of them are [[M]]'s own conditions (the first ones)
};

// The record of T(M)(σ) under r.
[[nodiscard]] Why why_of(const ast::Move& m, const State& sigma, Reading r = Reading::laws()) noexcept;

}  // namespace pgnsem::sem
