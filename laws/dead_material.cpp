// Law 5.2.2's dead position (laws/dead_position.hpp), part 1: the material rules that
// prove a side can never mate (cannot_mate_by_material), and the frozen pawn wall behind which only
// the kings move. proofs-notes/dead-positions.md argues each rule's soundness.
#include <array>
#include <cstdint>

#include "laws/dead_position.hpp"
#include "semantics/engines.hpp"

namespace pgnsem::sem::laws {

namespace {

struct Material {
    int pawns = 0, knights = 0, bishops = 0, rooks = 0, queens = 0;
    bool light_bishop = false, dark_bishop = false;
    [[nodiscard]] int minors_and_majors() const noexcept { return knights + bishops + rooks + queens; }
};

}  // namespace

bool frozen_pawn_wall(const State& s) noexcept {
    const FastEngine::Boards b = FastEngine::boards(s);
    const std::uint64_t white = b.of(Color::White, PieceKind::Pawn);
    const std::uint64_t black = b.of(Color::Black, PieceKind::Pawn);
    const std::uint64_t kings = b.kind[static_cast<std::size_t>(PieceKind::King)];
    // Kings and pawns only, every pawn blocked by an enemy pawn right in front of it.
    if (white == 0 || (white | black | kings) != b.occupied || white << 8 != black) return false;
    constexpr std::uint64_t file_a = 0x0101010101010101ull;
    constexpr std::uint64_t file_h = file_a << 7;
    const std::uint64_t white_attacks = ((white << 7) & ~file_h) | ((white << 9) & ~file_a);
    const std::uint64_t black_attacks = ((black >> 9) & ~file_h) | ((black >> 7) & ~file_a);
    // No pawn can take another, and the player to move is not in check (a check now might be mate).
    if ((white_attacks & black) != 0 || (black_attacks & white) != 0) return false;
    const std::uint64_t kings_attacked = (kings & b.colour[0] & black_attacks) | (kings & b.colour[1] & white_attacks);
    if (kings_attacked != 0) return false;
    const auto spread = [](std::uint64_t r) {
        const std::uint64_t sideways = r | ((r << 1) & ~file_a) | ((r >> 1) & ~file_h);
        return sideways | (sideways << 8) | (sideways >> 8);
    };
    // Each king's squares: flooded from where it stands over the squares no pawn holds and no enemy
    // pawn attacks (more than it can reach: the other king is ignored). An enemy pawn next to them
    // that no other enemy pawn defends might be taken; then nothing is claimed.
    for (const Color c : {Color::White, Color::Black}) {
        const std::uint64_t enemy_pawns = c == Color::White ? black : white;
        const std::uint64_t enemy_attacks = c == Color::White ? black_attacks : white_attacks;
        const std::uint64_t open = ~(white | black) & ~enemy_attacks;
        std::uint64_t region = kings & b.colour[static_cast<std::size_t>(c)];
        for (std::uint64_t before = 0; region != before;) {
            before = region;
            region = (spread(region) & open) | region;
        }
        if ((spread(region) & enemy_pawns & ~enemy_attacks) != 0) return false;
    }
    // So no pawn ever moves or is taken, and only the kings move: no move ever gives check.
    return true;
}

bool pawns_face_each_other(const State& s) noexcept {
    const FastEngine::Boards b = FastEngine::boards(s);
    const std::uint64_t white = b.of(Color::White, PieceKind::Pawn), black = b.of(Color::Black, PieceKind::Pawn);
    // The squares above some white pawn of their file, and below some black pawn.
    std::uint64_t above = white << 8, below = black >> 8;
    for (int i = 0; i < 3; ++i) {
        above |= above << (8 << i);
        below |= below >> (8 << i);
    }
    // At least three files locked: a white pawn right below a black one.
    return std::popcount((white << 8) & black) >= 3 && (black & ~above) == 0 && (white & ~below) == 0;
}

bool dead_by_material(const State& s) noexcept {
    return cannot_mate_by_material(s, Color::White) && cannot_mate_by_material(s, Color::Black);
}

bool cannot_mate_by_material(const State& s, Color side) noexcept {
    std::array<Material, 2> m{};
    for (int q = 0; q < 64; ++q) {
        const PieceId id = s.board[static_cast<std::size_t>(q)];
        if (id.empty()) continue;
        Material& mine = m[static_cast<std::size_t>(color_of(id))];
        switch (kind_of(id)) {
            case PieceKind::Pawn: ++mine.pawns; break;
            case PieceKind::Knight: ++mine.knights; break;
            case PieceKind::Bishop:
                ++mine.bishops;
                (Square::unchecked(q).is_light() ? mine.light_bishop : mine.dark_bishop) = true;
                break;
            case PieceKind::Rook: ++mine.rooks; break;
            case PieceKind::Queen: ++mine.queens; break;
            case PieceKind::King: break;
        }
    }
    const Material& me = m[static_cast<std::size_t>(side)];
    const Material& them = m[static_cast<std::size_t>(opposite(side))];
    // A pawn may promote, a rook or a queen mates with help: no material rule applies.
    if (me.pawns + PGNSEM_MUTATE(laws_material_rook_cannot_mate, 0, me.rooks) + me.queens > 0) return false;
    // A lone king never gives check.
    if (me.minors_and_majors() == 0) return true;
    // One knight: its check is never mate when the other side's only helpers are queens, which
    // would capture it or leave a flight square (proofs-notes/dead-positions.md, rule M2).
    if (me.knights > 0)
        return me.knights == 1 && me.bishops == 0 && them.minors_and_majors() == them.queens && them.pawns == 0;
    // Bishops only, and every bishop on the board on squares of one colour, with no pawn and no
    // knight anywhere: the checked king's orthogonal neighbours are of the other colour and can be
    // neither covered nor blocked so that the check is mate (rule M3).
    const bool one_colour = !((me.light_bishop || them.light_bishop) && (me.dark_bishop || them.dark_bishop));
    return one_colour && them.pawns == 0 && them.knights == 0;
}

}  // namespace pgnsem::sem::laws
