// Why T(M)(σ) is ⊤ or ⊥: what the reference computed on the way, as values — the GTSS or GCSS
// call and its (S, v), the update σ^{…}_{…} in the order the equation writes it, every IIC it
// asked and its answer, and each premise of [[M]] and T with its value. `pgnsem explain` prints
// this record and computes nothing of its own (interpreter/explain_command.cpp).
//
// The reference functions fill a Why when handed one (`Why* why`, null by default: then nothing is
// recorded and nothing else changes). A premise is recorded where the reference tests it, in the
// order it tests it; T is a conjunction, so the first ⊥ ends the record (the premises after it are
// not evaluated, and none is shown). A premise that exists, or reads as it does, because of an
// erratum carries the erratum (proofs-notes/errata.md) and whether the reading corrects it: the
// Laws' additions are tagged with their slug, and under --semantics paper the paper's own form is
// tagged with the same slug, read as printed.
//
// Fixed capacities: a Why is a value with no allocation (the most any move records is counted at
// each list).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "semantics/board.hpp"
#include "semantics/errata.hpp"
#include "semantics/find_source.hpp"
#include "semantics/rules.hpp"
#include "semantics/state.hpp"
#include "syntax/assert.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem {

// A list of at most N values, in the order recorded.
template <class T, std::size_t N>
struct Few {
    std::array<T, N> items{};
    std::size_t size = 0;
    void push_back(const T& x) noexcept {
        PGNSEM_ASSERT(size < N, "a Why list holds what one move records");
        items[size++] = x;
    }
    [[nodiscard]] bool empty() const noexcept { return size == 0; }
    [[nodiscard]] const T* begin() const noexcept { return items.data(); }
    [[nodiscard]] const T* end() const noexcept { return items.data() + size; }
};

// GTSS(Q, P, σ) or GCSS(Q, P, σ): the call, the candidates after each step of the algorithm as
// proofs-notes/semantics.md ("GTSS and GCSS") numbers them, and the answer.
struct SourceCall {
    bool capture = false;  // GCSS, else GTSS
    PieceKind kind = PieceKind::Pawn;
    ast::Disambiguator from;  // what the notation says of S (for a pawn capture: its file W)
    Square to = Square::unchecked(0);
    Color mover = Color::White;
    SquareSet reach;    // step 1: the pieces of kind P and colour mover whose movement reaches Q
    SquareSet matched;  // step 2: … on the file or rank written
    SquareSet clear;    // step 3: … unblocked
    // Step 4, when more than one is unblocked: those whose move T accepts (erratum
    // ambiguity-among-legal-moves; the paper counts them all). `filtered` says the step ran.
    bool filtered = false;
    SquareSet counted;
    std::optional<Source> result;   // (S, v)
    std::optional<Failure> failed;  // ⊥, and by which rule
};

// IIC(σ, c) or IIC(σ′, c), as T asked it, and the pieces that attack the king.
struct IicCall {
    bool after = true;  // σ′ (else σ)
    Color colour = Color::White;
    bool answer = false;
    SquareSet attackers;
    // Why T asked: for its king-safety premise, or for what a `+`/`#` claims (the opponent's king).
    bool for_claim = false;
};

// x ↦ v of the update, with what x held in σ. `origin`: the paper's equation; an erratum's
// correction (the castling king's flag); or an identifier the Laws need beyond the paper (a
// corner's rook flag, the halfmove clock: errata.md, "Additions the Laws need").
enum class UpdateOrigin : std::uint8_t { Paper, Erratum, LawsAddition };
struct UpdateEntry {
    Ide x = Ide::turn();
    unsigned value = 0;
    unsigned was = 0;
    UpdateOrigin origin = UpdateOrigin::Paper;
    std::optional<Erratum> erratum;
};

// One premise and its value. `as`: the rule reported when it is ⊥, whose text (sem::premise) is
// the premise's, unless `text` gives the finer statement the reading tests. `square`: the square
// it is about, when one (the rook's corner, a blocker, the crossed square).
struct PremiseValue {
    Failure as = Failure::GameOver;
    std::string_view text;
    bool holds = true;
    std::optional<Erratum> erratum;
    bool corrected = true;  // the reading makes the erratum's correction (the Laws' form)
    std::optional<Square> square;
    [[nodiscard]] std::string_view statement() const noexcept { return text.empty() ? premise(as) : text; }
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
    Few<UpdateEntry, 12> update;  // castling with every flag: 5 + king flag + rook flags + clock
    Few<IicCall, 4> iic;          // σ before castling, σ′ for the mover, σ′ for the claim
    Few<PremiseValue, 12> premises;
};

// Record helpers for the reference: each does nothing without a Why.
inline void note_premise(Why* why, Failure as, bool holds, std::optional<Erratum> e = std::nullopt,
                         Reading r = Reading::laws(), std::string_view text = {},
                         std::optional<Square> square = std::nullopt) noexcept {
    if (why == nullptr) return;
    why->premises.push_back(PremiseValue{as, text, holds, e, !e || r.corrected(*e), square});
}
inline void note_iic(Why* why, bool after, Color c, bool answer, SquareSet attackers, bool for_claim = false) noexcept {
    if (why == nullptr) return;
    why->iic.push_back(IicCall{after, c, answer, attackers, for_claim});
}

}  // namespace pgnsem::sem
