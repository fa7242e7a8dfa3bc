// The rare parts of the draw bookkeeping (interpreter/draws.hpp): the dead positions of Law 5.2.2
// that are easy to prove, and the warning for moves after an automatic draw (Laws 9.6, 5.2.2).
#include "interpreter/draws.hpp"

#include <string>

namespace pgnsem::interp {

bool dead_position(const sem::State& s) noexcept {
    int knights = 0, bishops = 0;
    bool light = false, dark = false;
    for (int i = 0; i < 64; ++i) {
        const sem::PieceId id = s.board[static_cast<std::size_t>(i)];
        if (id == sem::kEmpty) continue;
        const PieceKind k = sem::kind_of(id);
        if (draws_detail::is_heavy(k)) return false;
        if (k == PieceKind::Knight) ++knights;
        if (k == PieceKind::Bishop) {
            ++bishops;
            (Square::unchecked(i).is_light() ? light : dark) = true;
        }
    }
    // K v K, K+N v K, K+B v K; else kings and bishops only, all on squares of one colour.
    if (knights + bishops <= 1) return true;
    return knights == 0 && !(light && dark);
}

void DrawBook::after_automatic_draw(std::vector<Warning>& out, std::uint32_t ply, const ast::Ply& written,
                                    std::uint32_t at) {
    add_warning(out, WarningKind::AfterAutomaticDraw, ply, written.pos, std::string(written.text), "",
                "the game was drawn automatically at ply " + std::to_string(at) +
                    " (Laws 5.2.2 / 9.6); this and later moves are replayed but do not count");
}

}  // namespace pgnsem::interp
