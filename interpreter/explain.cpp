// Words for rules. One case per rule id (no default: a new rule without words does not compile
// silently under -Wswitch-enum).
#include "interpreter/explain.hpp"

#include <bit>
#include <cctype>
#include <string>

namespace pgnsem::interp {
namespace {

std::string sq(Square q) {
    std::string s(2, ' ');
    write_square(s.data(), q);
    return s;
}

std::string sq(const std::optional<Square>& q) {
    return q ? sq(*q) : std::string("?");
}

std::string side_name(Color c) {
    return c == Color::White ? "White" : "Black";
}

std::string kind_word(const std::optional<PieceKind>& k) {
    return k ? piece_name(*k) : "piece";
}

std::string piece_at(const sem::State& s, const std::optional<Square>& q) {
    if (!q) return "a piece";
    return describe_piece(s, *q);
}

// Does the text write a pawn's capture with a promotion (`bxa8=Q`, `bxa8Q`, `bxa8(Q)`, claims after)?
bool written_promotion_capture(std::string_view w) {
    while (!w.empty() && (w.back() == '+' || w.back() == '#' || w.back() == '!' || w.back() == '?')) w.remove_suffix(1);
    if (w.size() < 4 || w.find('x') == std::string_view::npos) return false;
    if (w.back() == ')') w.remove_suffix(1);
    const char last = static_cast<char>(std::toupper(static_cast<unsigned char>(w.back())));
    return last == 'Q' || last == 'R' || last == 'B' || last == 'N';
}

}  // namespace

std::string describe_piece(const sem::State& sigma, Square q) {
    const sem::PieceId id = sem::at(sigma, q);
    if (id == sem::kEmpty) return "the empty square " + sq(q);
    return std::string("the ") + color_name(sem::color_of(id)) + " " + piece_name(sem::kind_of(id)) + " on " + sq(q);
}

std::string explain_failure(const sem::Refused& f, const sem::State& s, std::string_view written, sem::Reading r) {
    const sem::Detail& d = f.detail;
    const Color mover = sem::to_move(s);
    const std::string side = side_name(mover);
    const std::string w(written);
    switch (f.rule) {
        case sem::Failure::SrcUnreachable:
            if (d.from && d.piece == PieceKind::Pawn && d.to)
                return describe_piece(s, *d.from) + " cannot step twice to " + sq(d.to) +
                       (r.corrected(sem::Erratum::PawnDoubleStepStartRank)
                            ? ": a pawn makes its double step only from its start rank"
                            : ": the paper's GTSS takes a pawn two squares behind Q only for Q on rank 4 or 5");
            return "no " + std::string(color_name(mover)) + " " + kind_word(d.piece) + " can reach " + sq(d.to);
        case sem::Failure::SrcBlocked:
            return "the way of " + piece_at(s, d.from) + " to " + sq(d.to) + " is blocked by " + piece_at(s, d.square);
        case sem::Failure::SrcOpponentPiece:
            return "it is " + side + "'s move, but only " + piece_at(s, d.from) + " could play " + w;
        case sem::Failure::SrcEmptySquare: return "there is no piece on " + sq(d.from);
        case sem::Failure::SrcAmbiguous: {
            std::string list;
            std::uint64_t bits = d.candidates;
            int n = 0;
            const int total = std::popcount(bits);
            while (bits) {
                const int i = std::countr_zero(bits);
                bits &= bits - 1;
                if (n > 0) list += (n + 1 == total) ? " and " : ", ";
                list += piece_at(s, Square::unchecked(i));
                ++n;
            }
            return list + (total == 2 ? " can both" : " can all") + " legally move to " + sq(d.to) + "; " + w +
                   " must name its origin";
        }
        case sem::Failure::SrcWrongDisambiguator:
            // Erratum promotion-capture-file read as printed: the pawn is looked for on file(Q), not
            // on the file W the move writes
            if (!r.corrected(sem::Erratum::PromotionCaptureFile) && d.to && d.piece == PieceKind::Pawn &&
                written_promotion_capture(w))
                return "no pawn on file " + std::string(1, d.to->file().to_char()) + " can capture on " + sq(d.to) +
                       ": the paper's [[W::x::Q=T]] as printed looks for its pawn on file(Q), not on the file " +
                       w.substr(0, 1) + " written (erratum promotion-capture-file)";
            return "no " + kind_word(d.piece) + " on the file or rank " + w + " names can move to " + sq(d.to) +
                   (d.from ? " (" + piece_at(s, d.from) + " could)" : std::string());
        case sem::Failure::TravPawnBlocked:
            return "the pawn cannot advance to " + sq(d.to) + ": " + piece_at(s, d.square) + " is in the way";
        case sem::Failure::TravOccupied:
            return sq(d.to) + " is occupied by " + piece_at(s, d.to) + "; a capture is written with x";
        case sem::Failure::DestOwnPiece:
            return piece_at(s, d.from) + " cannot move onto " + piece_at(s, d.to) + ", a piece of its own side";
        case sem::Failure::CapNoVictim:
            return "there is nothing to capture on " + sq(d.to) +
                   (d.from ? " for " + piece_at(s, d.from) : std::string());
        case sem::Failure::CapOfKing: return "the king on " + sq(d.to) + " cannot be captured";
        case sem::Failure::EpExpired:
            return "the pawn on " + sq(d.square) +
                   " made its double step earlier; en passant is only allowed on the move right after it";
        case sem::Failure::EpNoDoubleStep:
            return "the pawn on " + sq(d.square) + " did not arrive by a double step, so it cannot be taken en passant";
        case sem::Failure::PromoMissing:
            return "a pawn that reaches " + sq(d.to) + " must promote (write =Q, =R, =B or =N)";
        case sem::Failure::PromoNotPawn: return piece_at(s, d.from) + " is not a pawn and cannot promote";
        case sem::Failure::CheckInto:
            return "the king cannot move to " + sq(d.to) + ": it would be attacked by " + piece_at(s, d.attacker);
        case sem::Failure::CheckPinned:
            return piece_at(s, d.from) + " is pinned by " + piece_at(s, d.attacker) + " against the king on " +
                   sq(d.king);
        case sem::Failure::CheckUnanswered:
            return side + " is in check from " + piece_at(s, d.attacker) + " and " + w + " does not answer it";
        case sem::Failure::CastleKingMoved:
            return side + "'s king has already moved, so " + side + " can no longer castle";
        case sem::Failure::CastleRookMoved:
            return "the rook of " + sq(d.square) + " has already moved (or was taken), so " + side +
                   " cannot castle on that side";
        case sem::Failure::CastleNoRook:
            return "there is no " + std::string(color_name(mover)) + " rook on " + sq(d.square) + " to castle with";
        case sem::Failure::CastleBlocked:
            // Chess960 (proofs-notes/chess960.md): the squares the king and the rook cross or land on,
            // which need not lie between them
            if (s.chess960)
                return "castling needs every square the king and the rook cross or land on empty but for the two of "
                       "them, but " +
                       piece_at(s, d.square) + " is in the way";
            return "castling needs the squares between king and rook empty, but " + piece_at(s, d.square) +
                   " stands between them";
        case sem::Failure::CastleOutOfCheck:
            return side + " is in check from " + piece_at(s, d.attacker) + " and cannot castle out of check";
        case sem::Failure::CastleThroughCheck:
            return "the king would pass through " + sq(d.square) + ", which " + piece_at(s, d.attacker) + " attacks";
        case sem::Failure::CastleIntoCheck:
            return "the king would land on " + sq(d.square) + ", which " + piece_at(s, d.attacker) + " attacks";
        case sem::Failure::GameOver: return "the game was already over";
        case sem::Failure::MoveNull: return "a null move (" + w + ") is not a chess move";
        case sem::Failure::TurnLimit:
            return "the game is longer than pgnsem counts: at most 65,000 plies, and no move number above "
                   "999,999,999";
        case sem::Failure::PaperDestinationEmpty:
            return sq(d.to) + " is empty, and the paper's T(Q) as printed requires Q ≠ 0 (an occupied destination)";
        case sem::Failure::PaperCaptureTurn:
            return "the paper's T(P::x::Q) as printed allows a capture only at turn 0 (White) or turn 1 (Black), "
                   "and this is turn " +
                   std::to_string(s.turn);
        case sem::Failure::VariantUnsupported: return std::string(sem::info(f.rule).what);
        case sem::Failure::PaperCheckTurn:
            return "the move attacks the king on " + sq(d.king) +
                   ", and the paper's T read literally requires ¬IIC(σ′, mod(turn − 1, 2)) with turn = " +
                   std::to_string(s.turn) + ": the opponent's king must not be attacked";
    }
    return std::string(sem::info(f.rule).what);
}

std::string explain_problem(sem::PositionRule rule, const sem::Detail& d, const sem::State& s) {
    std::string base(sem::info(rule).what);
    switch (rule) {
        case sem::PositionRule::PosPawnOnBackRank:
        case sem::PositionRule::PosEnPassantNoPawn:
        case sem::PositionRule::PosEnPassantOccupied:
        case sem::PositionRule::PosEnPassantRank:
            if (d.square) return base + " (" + sq(d.square) + ")";
            return base;
        case sem::PositionRule::PosCastlingRights: {
            if (!s.chess960) {
                if (d.square && d.square->file().index() != 0 && d.square->file().index() != 7)
                    return base + " (" + sq(d.square) +
                           ": a right by its rook's file is Chess960 notation; a Chess960 game says so in its Variant "
                           "tag)";
                if (d.square) return base + " (" + sq(d.square) + ")";
                return base;
            }
            // Chess960 (laws/setup.cpp): the colour by the square the right names, or its king's
            const std::optional<Square> at = d.square ? d.square : d.king ? d.king : d.to;
            const std::string colour = at && at->rank().index() == 7 ? "black" : "white";
            if (!d.king)
                return base + ": no " + colour + " king on its first rank" +
                       (d.square ? " (" + sq(d.square) + ")" : "");
            if (d.square) return base + ": no " + colour + " rook on " + sq(d.square);
            return base + ": no " + colour + " rook between the king on " + sq(d.king) + " and " + sq(d.to);
        }
        case sem::PositionRule::PosCastlingSides:
            return base + ": two rights name rooks on the same side of the king on " + sq(d.king) + " (" +
                   sq(d.square) + ")";
        case sem::PositionRule::PosCastlingFiles:
            return base + " (White's king and rooks start as on " + sq(d.king) + ", Black's do not: its king on " +
                   sq(d.square) + ")";
        case sem::PositionRule::PosOppositeCheck:
        case sem::PositionRule::PosImpossibleCheck:
        case sem::PositionRule::PosTooManyCheckers:
            if (d.attacker) return base + " (" + piece_at(s, d.attacker) + " gives check)";
            return base;
        case sem::PositionRule::PosMissingKing:
            // laws/setup.cpp names the colour by the king's home square (e1 or e8)
            if (d.square) return std::string(d.square->rank().index() == 0 ? "White" : "Black") + " has no king";
            return base;
        case sem::PositionRule::PosTooManyKings:
        case sem::PositionRule::PosTooManyPawns:
        case sem::PositionRule::PosTooManyPieces:
        case sem::PositionRule::PosClock: return base;
    }
    return base;
}

}  // namespace pgnsem::interp
