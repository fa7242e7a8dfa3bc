// Every rule id of the semantics, declared once. The same id appears in verdicts, traces,
// tests (as a Catch2 tag) and proofs-notes. Ids never change meaning; new ones are appended.
//
// Three groups:
//   - rules that *fire* when a move is defined (T(M)(σ) = ⊤): which equation produced σ';
//   - rules that *fail* (T(M)(σ) = ⊥): why no σ' exists;
//   - rules about a position read from FEN that cannot arise in a game (`position/…`).
#pragma once

#include <cstdint>
#include <string_view>

namespace pgnsem::sem {

// X(Enum, "id", fires, "one line: what it says")
#define PGNSEM_RULES(X)                                                                                               \
    /* --- equations that define σ' --- */                                                                           \
    X(TravPawn, "trav/pawn", true, "[[Q]]: a pawn advances one square")                                               \
    X(TravPawnDouble, "trav/pawn-double", true, "[[Q]], |rank(S)-rank(Q)| = 2: a pawn's double step, stamped")        \
    X(TravPiece, "trav/piece", true, "[[P::Q]]: a knight, bishop, rook or queen moves to an empty square")            \
    X(TravKing, "trav/king", true, "[[K::Q]]: the king moves to an empty square; its moved flag is set")              \
    X(CapPawn, "cap/pawn", true, "[[W::x::Q]]: a pawn captures diagonally")                                           \
    X(CapEnPassant, "cap/en-passant", true, "[[W::x::Q]] en passant: removes the pawn behind Q")                      \
    X(CapPiece, "cap/piece", true, "[[P::x::Q]]: a piece captures")                                                   \
    X(CapKing, "cap/king", true, "[[K::x::Q]]: the king captures; its moved flag is set")                             \
    X(CastleKingSide, "castle/king-side", true, "[[O-O]]")                                                            \
    X(CastleQueenSide, "castle/queen-side", true, "[[O-O-O]]")                                                        \
    X(PromoPush, "promo/push", true, "[[Q=T]]: a pawn advances to the last rank and promotes")                        \
    X(PromoCapture, "promo/capture", true, "[[W::x::Q=T]]: a pawn captures onto the last rank and promotes")          \
    /* --- why T(M)(σ) = ⊥ --- */                                                                                  \
    X(SrcUnreachable, "src/unreachable", false, "GTSS/GCSS: no piece of that kind can reach the square")              \
    X(SrcBlocked, "src/blocked", false, "GTSS/GCSS: a piece of that kind is on the line, but the way is blocked")     \
    X(SrcOpponentPiece, "src/opponent-piece", false,                                                                  \
      "the only piece that could make the move belongs to the opponent")                                              \
    X(SrcEmptySquare, "src/empty-square", false, "a move written by its squares starts on an empty square")           \
    X(SrcAmbiguous, "src/ambiguous", false, "GTSS/GCSS: more than one piece could legally make the move")             \
    X(SrcWrongDisambiguator, "src/wrong-disambiguator", false,                                                        \
      "the origin file/rank names no piece that can make the move")                                                   \
    X(TravPawnBlocked, "trav/pawn-blocked", false, "a pawn cannot advance onto or through an occupied square")        \
    X(TravOccupied, "trav/occupied", false, "a traversal needs an empty destination (a capture is written with x)")   \
    X(DestOwnPiece, "dest/own-piece", false, "the destination holds a piece of the side to move")                     \
    X(CapNoVictim, "cap/no-victim", false, "a pawn capture needs an enemy piece on the target (or en passant)")       \
    X(CapOfKing, "cap/of-king", false, "the king is never captured")                                                  \
    X(EpExpired, "ep/expired", false, "en passant only on the move right after the double step")                      \
    X(EpNoDoubleStep, "ep/no-double-step", false, "en passant only captures a pawn that has just made a double step") \
    X(PromoMissing, "promo/missing", false, "a pawn reaching the last rank must promote")                             \
    X(PromoNotPawn, "promo/not-pawn", false, "only a pawn promotes")                                                  \
    X(CheckInto, "check/into", false, "the king may not move onto an attacked square")                                \
    X(CheckPinned, "check/pinned", false, "the move exposes the own king to an attack (the piece is pinned)")         \
    X(CheckUnanswered, "check/unanswered", false, "the side in check must get out of check")                          \
    X(CastleKingMoved, "castle/king-moved", false, "castling needs a king that has never moved")                      \
    X(CastleRookMoved, "castle/rook-moved", false, "castling needs a rook that has never moved")                      \
    X(CastleNoRook, "castle/no-rook", false, "castling needs the rook on its starting square")                        \
    X(CastleBlocked, "castle/blocked", false, "castling needs the squares between king and rook empty")               \
    X(CastleOutOfCheck, "castle/out-of-check", false, "no castling while in check")                                   \
    X(CastleThroughCheck, "castle/through-check", false, "no castling through an attacked square")                    \
    X(CastleIntoCheck, "castle/into-check", false, "no castling into check")                                          \
    X(GameOver, "game/over", false, "no move after checkmate or stalemate")                                           \
    X(MoveNull, "move/null", false, "a null move is not a chess move")                                                \
    X(TurnLimit, "game/too-long", false, "the interpreter counts at most 65,000 plies per game")                      \
    X(PaperDestinationEmpty, "paper/destination-empty", false,                                                        \
      "the paper's T(Q) as printed: Q ≠ 0, the destination must be occupied (errata.md, destination-empty)")          \
    X(PaperCaptureTurn, "paper/capture-turn", false,                                                                  \
      "the paper's T(P::x::Q) as printed: turn = 0 for White, turn = 1 for Black (errata.md, capture-turn-parity)")   \
    /* --- positions that cannot arise (FEN validation) --- */                                                        \
    X(PosMissingKing, "position/missing-king", false, "each side has a king")                                         \
    X(PosTooManyKings, "position/too-many-kings", false, "each side has only one king")                               \
    X(PosPawnOnBackRank, "position/pawn-on-back-rank", false, "no pawn stands on rank 1 or 8")                        \
    X(PosTooManyPawns, "position/too-many-pawns", false, "at most 8 pawns a side")                                    \
    X(PosTooManyPieces, "position/too-many-pieces", false,                                                            \
      "at most 16 pieces a side, and promoted pieces need missing pawns")                                             \
    X(PosCastlingRights, "position/castling-rights", false,                                                           \
      "a castling right needs its king and rook on their squares")                                                    \
    X(PosEnPassantRank, "position/en-passant-rank", false,                                                            \
      "the en passant square is on rank 6 with White to move, rank 3 with Black")                                     \
    X(PosEnPassantNoPawn, "position/en-passant-no-pawn", false,                                                       \
      "the en passant square needs the double-stepped pawn in front of it")                                           \
    X(PosEnPassantOccupied, "position/en-passant-occupied", false,                                                    \
      "the en passant square and the one behind it are empty")                                                        \
    X(PosOppositeCheck, "position/opposite-check", false, "the side not to move is not in check")                     \
    X(PosTooManyCheckers, "position/too-many-checkers", false, "no move gives check with three pieces")               \
    X(PosImpossibleCheck, "position/impossible-check", false, "no last move could have given this check")             \
    X(PosClock, "position/clock", false, "the halfmove clock is at most 65535 and the fullmove number at least 1")    \
    /* --- the game as a whole --- */                                                                                 \
    X(VariantUnsupported, "variant/unsupported", false, "only standard chess is supported")

enum class Rule : std::uint8_t {
#define PGNSEM_RULE_ENUM(e, id, fires, what) e,
    PGNSEM_RULES(PGNSEM_RULE_ENUM)
#undef PGNSEM_RULE_ENUM
};

struct RuleInfo {
    Rule rule;
    std::string_view id;
    bool fires;  // true: an equation that defines σ'; false: a reason for ⊥
    std::string_view what;
};

inline constexpr RuleInfo kRules[] = {
#define PGNSEM_RULE_INFO(e, id, fires, what) RuleInfo{Rule::e, id, fires, what},
    PGNSEM_RULES(PGNSEM_RULE_INFO)
#undef PGNSEM_RULE_INFO
};

inline constexpr std::size_t kRuleCount = sizeof(kRules) / sizeof(kRules[0]);

[[nodiscard]] constexpr const RuleInfo& info(Rule r) noexcept {
    return kRules[static_cast<std::size_t>(r)];
}
[[nodiscard]] constexpr std::string_view rule_id(Rule r) noexcept {
    return info(r).id;
}

}  // namespace pgnsem::sem
