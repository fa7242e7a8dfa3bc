// The canonical SAN of a defined move as an AST (semantics/canonical.hpp).
#include "semantics/canonical.hpp"

namespace pgnsem::sem {

ast::Move canonical_san(const Action& action, const ast::Disambiguator& origin, ast::CheckClaim claim) noexcept {
    ast::Move mv{ast::NullMove{}};
    // x follows the equation that fired (under the paper's T(Q), Q ≠ 0, a traversal may land on a
    // piece: it is written without x); under the Laws a move has a victim exactly when it is a capture
    const bool capture = is_capture(action.rule);
    const PieceKind k = kind_of(action.piece);
    if (action.castle) {
        mv.body = ast::Castle{*action.castle};
    } else if (k == PieceKind::Pawn) {
        if (action.promotion) {
            const auto p = ast::Promotion::make(capture ? std::optional(action.from.file()) : std::nullopt, action.to,
                                                *action.promotion);
            PGNSEM_ASSERT(p.has_value(), "a promotion T accepted is a promotion the AST can hold");
            mv.body = *p;
        } else if (capture) {
            mv.body = ast::Capture{PieceKind::Pawn, ast::Disambiguator{action.from.file(), std::nullopt}, action.to};
        } else {
            mv.body = ast::Traversal{PieceKind::Pawn, ast::Disambiguator{}, action.to};
        }
    } else if (capture) {
        mv.body = ast::Capture{k, origin, action.to};
    } else {
        mv.body = ast::Traversal{k, origin, action.to};
    }
    mv.claim = claim;
    return mv;
}

}  // namespace pgnsem::sem
