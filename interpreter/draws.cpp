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

int DrawBook::same_positions(const sem::State& next) {
    history_.positions.push_back(sem::position_of(next, engine_.reading()));
    const std::size_t size = history_.positions.size();
    const std::size_t window = std::min<std::size_t>(std::size_t{next.halfmove_clock} + 1, size);
    int same = 0;
    if (window >= 5)
        for (std::size_t back = 0; back < window; back += 2)
            if (history_.positions[size - 1 - back] == history_.positions.back()) ++same;
    return same;
}

void DrawBook::after_automatic_draw(std::vector<Warning>& out, std::uint32_t ply, const ast::Ply& written,
                                    std::uint32_t at) {
    add_warning(out, WarningKind::AfterAutomaticDraw, ply, written.pos, std::string(written.text), "",
                "the game was drawn automatically at ply " + std::to_string(at) +
                    " (Laws 5.2.2 / 9.6); this and later moves are replayed but do not count");
}

}  // namespace pgnsem::interp
