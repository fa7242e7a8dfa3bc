// Every rule id of the semantics, declared once, in one table of three parts. The same id appears
// in verdicts, traces, tests (as a Catch2 tag) and proofs-notes. Ids never change meaning; new ones
// are appended to their part.
//
// The three parts are three types, so that a rule of one kind cannot stand where another is meant:
//   - Equation: the rules that *fire* when a move is defined (T(M)(σ) = ⊤): which equation of
//     [[M]] produced σ' (an Action's rule, a trace's);
//   - Failure: the rules that *fail*: why T(M)(σ) = ⊥ (or [[S]]: game/over), or why a game has no
//     meaning here (variant/unsupported);
//   - PositionRule: a position read from FEN that cannot arise in a game (`position/…`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace pgnsem::sem {

// X(Enum, "id", "one line: what it says")
#define PGNSEM_EQUATIONS(X)                                                                              \
    X(TravPawn, "trav/pawn", "[[Q]]: a pawn advances one square")                                        \
    X(TravPawnDouble, "trav/pawn-double", "[[Q]], |rank(S)-rank(Q)| = 2: a pawn's double step, stamped") \
    X(TravPiece, "trav/piece", "[[P::Q]]: a knight, bishop, rook or queen moves to an empty square")     \
    X(TravKing, "trav/king", "[[K::Q]]: the king moves to an empty square; its moved flag is set")       \
    X(CapPawn, "cap/pawn", "[[W::x::Q]]: a pawn captures diagonally")                                    \
    X(CapEnPassant, "cap/en-passant", "[[W::x::Q]] en passant: removes the pawn behind Q")               \
    X(CapPiece, "cap/piece", "[[P::x::Q]]: a piece captures")                                            \
    X(CapKing, "cap/king", "[[K::x::Q]]: the king captures; its moved flag is set")                      \
    X(CastleKingSide, "castle/king-side", "[[O-O]]")                                                     \
    X(CastleQueenSide, "castle/queen-side", "[[O-O-O]]")                                                 \
    X(PromoPush, "promo/push", "[[Q=T]]: a pawn advances to the last rank and promotes")                 \
    X(PromoCapture, "promo/capture", "[[W::x::Q=T]]: a pawn captures onto the last rank and promotes")

#define PGNSEM_FAILURES(X)                                                                                              \
    X(SrcUnreachable, "src/unreachable", "GTSS/GCSS: no piece of that kind can reach the square")                       \
    X(SrcBlocked, "src/blocked", "GTSS/GCSS: a piece of that kind is on the line, but the way is blocked")              \
    X(SrcOpponentPiece, "src/opponent-piece", "the only piece that could make the move belongs to the opponent")        \
    X(SrcEmptySquare, "src/empty-square", "a move written by its squares starts on an empty square")                    \
    X(SrcAmbiguous, "src/ambiguous", "GTSS/GCSS: more than one piece could legally make the move")                      \
    X(SrcWrongDisambiguator, "src/wrong-disambiguator", "the origin file/rank names no piece that can make the move")   \
    X(TravPawnBlocked, "trav/pawn-blocked", "a pawn cannot advance onto or through an occupied square")                 \
    X(TravOccupied, "trav/occupied", "a traversal needs an empty destination (a capture is written with x)")            \
    X(DestOwnPiece, "dest/own-piece", "the destination holds a piece of the side to move")                              \
    X(CapNoVictim, "cap/no-victim", "a pawn capture needs an enemy piece on the target (or en passant)")                \
    X(CapOfKing, "cap/of-king", "the king is never captured")                                                           \
    X(EpExpired, "ep/expired", "en passant only on the move right after the double step")                               \
    X(EpNoDoubleStep, "ep/no-double-step", "en passant only captures a pawn that has just made a double step")          \
    X(PromoMissing, "promo/missing", "a pawn reaching the last rank must promote")                                      \
    X(PromoNotPawn, "promo/not-pawn", "only a pawn promotes")                                                           \
    X(CheckInto, "check/into", "the king may not move onto an attacked square")                                         \
    X(CheckPinned, "check/pinned", "the move exposes the own king to an attack (the piece is pinned)")                  \
    X(CheckUnanswered, "check/unanswered", "the side in check must get out of check")                                   \
    X(CastleKingMoved, "castle/king-moved", "castling needs a king that has never moved")                               \
    X(CastleRookMoved, "castle/rook-moved", "castling needs a rook that has never moved")                               \
    X(CastleNoRook, "castle/no-rook", "castling needs the rook on its starting square")                                 \
    X(CastleBlocked, "castle/blocked", "castling needs the squares between king and rook empty")                        \
    X(CastleOutOfCheck, "castle/out-of-check", "no castling while in check")                                            \
    X(CastleThroughCheck, "castle/through-check", "no castling through an attacked square")                             \
    X(CastleIntoCheck, "castle/into-check", "no castling into check")                                                   \
    X(GameOver, "game/over", "no move after checkmate or stalemate")                                                    \
    X(MoveNull, "move/null", "a null move is not a chess move")                                                         \
    X(TurnLimit, "game/too-long", "a game has at most 65,000 plies and move numbers up to 999,999,999")                 \
    X(PaperDestinationEmpty, "paper/destination-empty",                                                                 \
      "the paper's T(Q) as printed: Q ≠ 0, the destination must be occupied (errata.md, destination-empty)")            \
    X(PaperCaptureTurn, "paper/capture-turn",                                                                           \
      "the paper's T(P::x::Q) as printed: turn = 0 for White, turn = 1 for Black (errata.md, capture-turn-parity)")     \
    X(VariantUnsupported, "variant/unsupported", "only standard chess and Chess960 are supported")                      \
    X(PaperCheckTurn, "paper/check-turn",                                                                               \
      "the paper's T read literally: ¬IIC(σ', mod(turn − 1, 2)) with turn in σ, the opponent's king: no move may " \
      "give check (errata.md, check-turn-reading)")

#define PGNSEM_POSITION_RULES(X)                                                                                  \
    X(PosMissingKing, "position/missing-king", "each side has a king")                                            \
    X(PosTooManyKings, "position/too-many-kings", "each side has only one king")                                  \
    X(PosPawnOnBackRank, "position/pawn-on-back-rank", "no pawn may stand on rank 1 or 8")                        \
    X(PosTooManyPawns, "position/too-many-pawns", "at most 8 pawns a side")                                       \
    X(PosTooManyPieces, "position/too-many-pieces",                                                               \
      "at most 16 pieces a side, and promoted pieces need missing pawns")                                         \
    X(PosCastlingRights, "position/castling-rights", "a castling right needs its king and rook on their squares") \
    X(PosEnPassantRank, "position/en-passant-rank",                                                               \
      "the en passant square must be on rank 6 with White to move, rank 3 with Black")                            \
    X(PosEnPassantNoPawn, "position/en-passant-no-pawn",                                                          \
      "the en passant square needs the double-stepped pawn in front of it")                                       \
    X(PosEnPassantOccupied, "position/en-passant-occupied",                                                       \
      "the en passant square and the one behind it must be empty")                                                \
    X(PosOppositeCheck, "position/opposite-check", "the side not to move must not be in check")                   \
    X(PosTooManyCheckers, "position/too-many-checkers", "no move gives check with three pieces")                  \
    X(PosImpossibleCheck, "position/impossible-check", "no last move could have given this check")                \
    X(PosClock, "position/clock", "the halfmove clock is at most 65535 and the fullmove number 1 to 999,999,999") \
    X(PosCastlingSides, "position/castling-sides",                                                                \
      "Chess960: a colour's castling rights name one rook on each side of its king")                              \
    X(PosCastlingFiles, "position/castling-files", "Chess960: White's and Black's castling rights name the same files")

#define PGNSEM_RULE_ENUM(e, id, what) e,
enum class Equation : std::uint8_t { PGNSEM_EQUATIONS(PGNSEM_RULE_ENUM) };
enum class Failure : std::uint8_t { PGNSEM_FAILURES(PGNSEM_RULE_ENUM) };
enum class PositionRule : std::uint8_t { PGNSEM_POSITION_RULES(PGNSEM_RULE_ENUM) };
#undef PGNSEM_RULE_ENUM

enum class RuleGroup : std::uint8_t { Equation, Failure, Position };

struct RuleInfo {
    RuleGroup group;
    std::string_view id;
    bool fires;  // true: an equation that defines σ'; false: a reason for ⊥ or a position problem
    std::string_view what;
};

// The whole table: the equations, then the failures, then the position rules.
inline constexpr RuleInfo kRules[] = {
#define PGNSEM_RULE_INFO(e, id, what) RuleInfo{RuleGroup::Equation, id, true, what},
    PGNSEM_EQUATIONS(PGNSEM_RULE_INFO)
#undef PGNSEM_RULE_INFO
#define PGNSEM_RULE_INFO(e, id, what) RuleInfo{RuleGroup::Failure, id, false, what},
        PGNSEM_FAILURES(PGNSEM_RULE_INFO)
#undef PGNSEM_RULE_INFO
#define PGNSEM_RULE_INFO(e, id, what) RuleInfo{RuleGroup::Position, id, false, what},
            PGNSEM_POSITION_RULES(PGNSEM_RULE_INFO)
#undef PGNSEM_RULE_INFO
};

inline constexpr std::size_t kRuleCount = sizeof(kRules) / sizeof(kRules[0]);

namespace rules_detail {
#define PGNSEM_RULE_ONE(e, id, what) +1
inline constexpr std::size_t kEquations = 0 PGNSEM_EQUATIONS(PGNSEM_RULE_ONE);
inline constexpr std::size_t kFailures = 0 PGNSEM_FAILURES(PGNSEM_RULE_ONE);
#undef PGNSEM_RULE_ONE
}  // namespace rules_detail

[[nodiscard]] constexpr const RuleInfo& info(Equation r) noexcept {
    return kRules[static_cast<std::size_t>(r)];
}
[[nodiscard]] constexpr const RuleInfo& info(Failure r) noexcept {
    return kRules[rules_detail::kEquations + static_cast<std::size_t>(r)];
}
[[nodiscard]] constexpr const RuleInfo& info(PositionRule r) noexcept {
    return kRules[rules_detail::kEquations + rules_detail::kFailures + static_cast<std::size_t>(r)];
}
[[nodiscard]] constexpr std::string_view rule_id(Equation r) noexcept {
    return info(r).id;
}
[[nodiscard]] constexpr std::string_view rule_id(Failure r) noexcept {
    return info(r).id;
}
[[nodiscard]] constexpr std::string_view rule_id(PositionRule r) noexcept {
    return info(r).id;
}

// The failure with this id, if it is one (a verdict keeps its rule as text).
[[nodiscard]] constexpr std::optional<Failure> failure_of(std::string_view id) noexcept {
    for (std::size_t i = 0; i < rules_detail::kFailures; ++i)
        if (kRules[rules_detail::kEquations + i].id == id) return static_cast<Failure>(i);
    return std::nullopt;
}

// Is the equation one of the captures (cap/*, promo/capture), whose move is written with x?
[[nodiscard]] constexpr bool is_capture(Equation e) noexcept {
    switch (e) {
        case Equation::CapPawn:
        case Equation::CapEnPassant:
        case Equation::CapPiece:
        case Equation::CapKing:
        case Equation::PromoCapture: return true;
        case Equation::TravPawn:
        case Equation::TravPawnDouble:
        case Equation::TravPiece:
        case Equation::TravKing:
        case Equation::CastleKingSide:
        case Equation::CastleQueenSide:
        case Equation::PromoPush: return false;
    }
    return false;
}

// The premise a failure falsifies: the condition of [[M]], GTSS/GCSS or T (as the Laws correct
// them, proofs-notes/errata.md) in the notation of proofs-notes/semantics.md, whose table "The
// premise each failure falsifies" lists the same text for each rule (a test compares them). What
// `trace` shows as a ⊥ step's `premise`; mover = mod(turn, 2), the side to move in σ.
[[nodiscard]] constexpr std::string_view premise(Failure r) noexcept {
    switch (r) {
        case Failure::SrcUnreachable: return "GTSS/GCSS step 1: some piece of kind P and colour mover reaches Q";
        case Failure::SrcBlocked: return "GTSS/GCSS step 3: the way from S to Q is unblocked";
        case Failure::SrcOpponentPiece: return "GTSS/GCSS step 1: the piece that reaches Q has colour mover";
        case Failure::SrcEmptySquare: return "σ(S) ≠ 0";
        case Failure::SrcAmbiguous: return "GTSS/GCSS step 4: exactly one candidate S whose move T accepts";
        case Failure::SrcWrongDisambiguator: return "GTSS/GCSS step 2: a candidate S on the file or rank written";
        case Failure::TravPawnBlocked: return "GTSS step 3: the squares the pawn steps onto are 0";
        case Failure::TravOccupied: return "σ(Q) = 0";
        case Failure::DestOwnPiece: return "σ(Q) is no piece of mover";
        case Failure::CapNoVictim: return "σ(Q) is an enemy piece, or GCSS step 5 (en passant) applies";
        case Failure::CapOfKing: return "σ(Q) is not the enemy king";
        case Failure::EpExpired: return "GCSS step 5: the pawn behind Q has stamp turn − 1";
        case Failure::EpNoDoubleStep: return "GCSS step 5: the pawn behind Q made a double step";
        case Failure::PromoMissing: return "a pawn move onto the last rank is Q=T";
        case Failure::PromoNotPawn: return "σ(S) is a pawn";
        case Failure::CheckInto:
        case Failure::CheckPinned:
        case Failure::CheckUnanswered: return "¬IIC(σ′, mover)";
        case Failure::CastleKingMoved: return "w_king = 0 (b_king = 0) and the king on e1 (e8)";
        case Failure::CastleRookMoved: return "the rook of the corner never moved";
        case Failure::CastleNoRook: return "h1 = 8, a1 = 1 (h8 = 24, a8 = 17)";
        case Failure::CastleBlocked: return "the squares between king and rook are 0";
        case Failure::CastleOutOfCheck: return "¬IIC(σ, mover)";
        case Failure::CastleThroughCheck: return "the square the king crosses is not attacked in σ";
        case Failure::CastleIntoCheck: return "¬IIC(σ′, mover)";
        case Failure::GameOver: return "the game is not over: mover has a legal move in σ";
        case Failure::MoveNull: return "M is a move of the grammar";
        case Failure::TurnLimit: return "turn + 1 fits the turn counter";
        case Failure::PaperDestinationEmpty: return "Q ≠ 0";
        case Failure::PaperCaptureTurn: return "turn = 0 (White), turn = 1 (Black)";
        case Failure::PaperCheckTurn: return "¬IIC(σ′, mod(turn − 1, 2)), turn read in σ";
        case Failure::VariantUnsupported: return "the game is standard chess or Chess960";
    }
    return {};
}

static_assert(info(Equation::TravPawn).group == RuleGroup::Equation &&
                  info(Failure::SrcUnreachable).group == RuleGroup::Failure &&
                  info(PositionRule::PosMissingKing).group == RuleGroup::Position,
              "each part of the table is found where info() looks");

}  // namespace pgnsem::sem
