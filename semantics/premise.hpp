// A premise as a value: one condition of T (§3.3) or of an equation of [[M]] (§3.2.2), evaluated
// in σ (or σ′), with the rule a ⊥ is reported under. The reference writes each condition as a
// small function that returns one; a conjunction is a list of them, evaluated in order up to the
// first ⊥ (`Conjunction`). T and [[M]] read the first ⊥ off that list, and `pgnsem explain`
// (semantics/why.hpp) prints the same list: each premise is computed once, by the one function
// that states it.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "ast/assert.hpp"
#include "semantics/board.hpp"
#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/rules.hpp"

namespace pgnsem::sem {

// A list of at most N values, in order, held in place (no allocation).
template <class T, std::size_t N>
struct Few {
    std::array<T, N> items;
    std::size_t size = 0;
    void push_back(const T& x) noexcept {
        PGNSEM_ASSERT(size < N, "a Few holds what one move computes");
        items[size++] = x;
    }
    [[nodiscard]] bool empty() const noexcept { return size == 0; }
    [[nodiscard]] const T& back() const noexcept {
        PGNSEM_ASSERT(size > 0, "back() of a list that has an element");
        return items[size - 1];
    }
    [[nodiscard]] const T* begin() const noexcept { return items.data(); }
    [[nodiscard]] const T* end() const noexcept { return items.data() + size; }
};

// IIC(σ, c) or IIC(σ′, c), as T asked it, and the pieces that attack the king (when it is ⊤).
struct IicCall {
    SquareSet attackers;
    bool after = true;  // σ′ (else σ)
    Color colour = Color::White;
    bool answer = false;
    // Why T asked: for a premise, or for what a `+`/`#` claims (the opponent's king).
    bool for_claim = false;
};

// One premise and its value. `as`: the rule reported when it is ⊥, whose text (sem::premise) is
// the premise's, unless `text` gives the finer statement the reading tests. `square`: the square
// it is about, when one (the rook's corner, a blocker, the crossed square). A premise that exists,
// or reads as it does, because of an erratum carries the erratum (proofs-notes/errata.md) and
// whether the reading makes its correction.
struct Premise {
    Failure as = Failure::GameOver;
    bool holds = true;
    std::optional<Erratum> erratum;
    bool corrected = true;  // the reading makes the erratum's correction (the Laws' form)
    std::optional<Square> square;
    const char* text = nullptr;
    Detail detail;               // what a ⊥ is about: the detail of the Undefined or Refused reported
    std::optional<IicCall> iic;  // the IIC the premise is a test of, when it is one
    [[nodiscard]] std::string_view statement() const noexcept {
        return text == nullptr ? premise(as) : std::string_view(text);
    }
};

// The premise `as` with its value, read under r; `about`: what its ⊥ is about. (Made where the
// caller keeps it: a premise is evaluated for every move T judges.)
[[nodiscard]] inline std::optional<Premise> tested(const Detail& about, Failure as, bool holds,
                                                   std::optional<Erratum> e = std::nullopt, Reading r = Reading::laws(),
                                                   const char* text = nullptr,
                                                   std::optional<Square> square = std::nullopt) noexcept {
    std::optional<Premise> p(std::in_place);
    p->as = as;
    p->holds = holds;
    p->erratum = e;
    p->corrected = !e || r.corrected(*e);
    p->square = square;
    p->text = text;
    p->detail = about;
    return p;
}

// What a walk over a conjunction keeps. `take` is handed each premise's value in order (none when
// it is not one of this move) and says whether the walk goes on: a conjunction ends at its first ⊥.
// Every premise evaluated, up to and including the first ⊥ (what `pgnsem explain` prints); the
// conjunction holds when none is ⊥.
struct Premises : Few<Premise, 8> {
    [[nodiscard]] bool hold() const noexcept { return empty() || back().holds; }
    bool take(const std::optional<Premise>& p) noexcept {
        if (p) push_back(*p);
        return !p || p->holds;
    }
};
// Only the first ⊥, none while the conjunction holds (what T and [[M]] need).
struct FirstFalse {
    std::optional<Premise> premise;
    bool take(const std::optional<Premise>& p) noexcept {
        if (p && !p->holds) premise = p;
        return !premise;
    }
};

// A conjunction of premises: the functions that state them, in the order they are tested. Each
// function takes the same arguments (the move, σ, the reading, …) and returns none when its premise
// is not one of this move under this reading (an erratum's premise under the paper's reading, the
// victim's colour when there is no victim).
template <auto... Premise_>
struct Conjunction {
    // Each premise in order, handed to `out` (Premises or FirstFalse) until `out` ends the walk at
    // a ⊥ (the premises after it are not evaluated). Whether the walk went to the end.
    template <class Out, class... A>
    static bool walk(Out& out, const A&... args) noexcept {
        return (out.take(Premise_(args...)) && ...);
    }
};

}  // namespace pgnsem::sem
