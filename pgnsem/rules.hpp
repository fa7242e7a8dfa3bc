// Every rule id of pgnsem as a C++ enum: the ids a verdict's error, a warning, a refused move or a
// refused position carries (docs/vocabulary.md, `rule`), one enumerator each. The ids are the
// contract's: schemas/common.json lists the same ones, in the same (alphabetical) order, and
// tests/api/api_test.cpp holds the two lists equal. Compare rules by enumerator or by id; the
// enumerators' numeric values may change between minor versions (a new id is inserted in order).
// Only the standard library is needed: this header is part of the installed interface.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace pgnsem::api {

// `Area/name` → AreaName: check/pinned → CheckPinned, syntax/san → SyntaxSan, notation/check-claim →
// NotationCheckClaim (a warning kind's rule under --strict), request/… and limit/… (`pgnsem serve`).
enum class Rule : std::uint8_t {
    CapEnPassant,                    // cap/en-passant
    CapKing,                         // cap/king
    CapNoVictim,                     // cap/no-victim
    CapOfKing,                       // cap/of-king
    CapPawn,                         // cap/pawn
    CapPiece,                        // cap/piece
    CastleBlocked,                   // castle/blocked
    CastleIntoCheck,                 // castle/into-check
    CastleKingMoved,                 // castle/king-moved
    CastleKingSide,                  // castle/king-side
    CastleNoRook,                    // castle/no-rook
    CastleOutOfCheck,                // castle/out-of-check
    CastleQueenSide,                 // castle/queen-side
    CastleRookMoved,                 // castle/rook-moved
    CastleThroughCheck,              // castle/through-check
    CheckInto,                       // check/into
    CheckPinned,                     // check/pinned
    CheckUnanswered,                 // check/unanswered
    DestOwnPiece,                    // dest/own-piece
    EpExpired,                       // ep/expired
    EpNoDoubleStep,                  // ep/no-double-step
    GameOver,                        // game/over
    GameTooLong,                     // game/too-long
    LimitDeadBudget,                 // limit/dead-budget
    LimitPerftDepth,                 // limit/perft-depth
    LimitPerftNodes,                 // limit/perft-nodes
    LimitWarnings,                   // limit/warnings
    MoveNull,                        // move/null
    NotationAfterAutomaticDraw,      // notation/after-automatic-draw
    NotationBlankLineInTags,         // notation/blank-line-in-tags
    NotationCaptureColon,            // notation/capture-colon
    NotationCaptureMarker,           // notation/capture-marker
    NotationCastlingZero,            // notation/castling-zero
    NotationCheckClaim,              // notation/check-claim
    NotationCommentBeforeTags,       // notation/comment-before-tags
    NotationCoordinateMove,          // notation/coordinate-move
    NotationDetachedGlyph,           // notation/detached-glyph
    NotationDisambiguation,          // notation/disambiguation
    NotationDuplicateTag,            // notation/duplicate-tag
    NotationEnPassantSuffix,         // notation/en-passant-suffix
    NotationFenWithoutSetup,         // notation/fen-without-setup
    NotationLongAlgebraic,           // notation/long-algebraic
    NotationLowercasePromotion,      // notation/lowercase-promotion
    NotationMissingResult,           // notation/missing-result
    NotationMoveNumber,              // notation/move-number
    NotationOverDisambiguation,      // notation/over-disambiguation
    NotationPaperIllFormedState,     // notation/paper-ill-formed-state
    NotationPaperStepDropped,        // notation/paper-step-dropped
    NotationPawnLetter,              // notation/pawn-letter
    NotationPromotionWithoutEquals,  // notation/promotion-without-equals
    NotationResultMismatch,          // notation/result-mismatch
    NotationResultPosition,          // notation/result-position
    NotationTextAfterResult,         // notation/text-after-result
    NotationVariationIllegal,        // notation/variation-illegal
    NotationVariationNull,           // notation/variation-null
    PaperCaptureTurn,                // paper/capture-turn
    PaperCheckTurn,                  // paper/check-turn
    PaperDestinationEmpty,           // paper/destination-empty
    PositionCastlingFiles,           // position/castling-files
    PositionCastlingRights,          // position/castling-rights
    PositionCastlingSides,           // position/castling-sides
    PositionClock,                   // position/clock
    PositionEnPassantNoPawn,         // position/en-passant-no-pawn
    PositionEnPassantOccupied,       // position/en-passant-occupied
    PositionEnPassantRank,           // position/en-passant-rank
    PositionImpossibleCheck,         // position/impossible-check
    PositionMissingKing,             // position/missing-king
    PositionOppositeCheck,           // position/opposite-check
    PositionPawnOnBackRank,          // position/pawn-on-back-rank
    PositionTooManyCheckers,         // position/too-many-checkers
    PositionTooManyKings,            // position/too-many-kings
    PositionTooManyPawns,            // position/too-many-pawns
    PositionTooManyPieces,           // position/too-many-pieces
    PromoCapture,                    // promo/capture
    PromoMissing,                    // promo/missing
    PromoNotPawn,                    // promo/not-pawn
    PromoPush,                       // promo/push
    RequestField,                    // request/field
    RequestJson,                     // request/json
    RequestOp,                       // request/op
    RequestPgn,                      // request/pgn
    RequestPly,                      // request/ply
    RequestReading,                  // request/reading
    RequestTooLarge,                 // request/too-large
    SrcAmbiguous,                    // src/ambiguous
    SrcBlocked,                      // src/blocked
    SrcEmptySquare,                  // src/empty-square
    SrcOpponentPiece,                // src/opponent-piece
    SrcUnreachable,                  // src/unreachable
    SrcWrongDisambiguator,           // src/wrong-disambiguator
    SyntaxEncoding,                  // syntax/encoding
    SyntaxFen,                       // syntax/fen
    SyntaxGameTooLong,               // syntax/game-too-long
    SyntaxNag,                       // syntax/nag
    SyntaxPawnCaptureFile,           // syntax/pawn-capture-file
    SyntaxPromotionPiece,            // syntax/promotion-piece
    SyntaxPromotionRank,             // syntax/promotion-rank
    SyntaxResultInVariation,         // syntax/result-in-variation
    SyntaxSan,                       // syntax/san
    SyntaxSetupWithoutFen,           // syntax/setup-without-fen
    SyntaxSuffix,                    // syntax/suffix
    SyntaxTag,                       // syntax/tag
    SyntaxToken,                     // syntax/token
    SyntaxUnclosedVariation,         // syntax/unclosed-variation
    SyntaxUnmatchedParen,            // syntax/unmatched-paren
    SyntaxUnterminatedComment,       // syntax/unterminated-comment
    SyntaxUnterminatedString,        // syntax/unterminated-string
    SyntaxVariationStart,            // syntax/variation-start
    TravKing,                        // trav/king
    TravOccupied,                    // trav/occupied
    TravPawn,                        // trav/pawn
    TravPawnBlocked,                 // trav/pawn-blocked
    TravPawnDouble,                  // trav/pawn-double
    TravPiece,                       // trav/piece
    VariantUnsupported,              // variant/unsupported
};

inline constexpr std::array<std::string_view, 115> kRuleIds = {
    "cap/en-passant",
    "cap/king",
    "cap/no-victim",
    "cap/of-king",
    "cap/pawn",
    "cap/piece",
    "castle/blocked",
    "castle/into-check",
    "castle/king-moved",
    "castle/king-side",
    "castle/no-rook",
    "castle/out-of-check",
    "castle/queen-side",
    "castle/rook-moved",
    "castle/through-check",
    "check/into",
    "check/pinned",
    "check/unanswered",
    "dest/own-piece",
    "ep/expired",
    "ep/no-double-step",
    "game/over",
    "game/too-long",
    "limit/dead-budget",
    "limit/perft-depth",
    "limit/perft-nodes",
    "limit/warnings",
    "move/null",
    "notation/after-automatic-draw",
    "notation/blank-line-in-tags",
    "notation/capture-colon",
    "notation/capture-marker",
    "notation/castling-zero",
    "notation/check-claim",
    "notation/comment-before-tags",
    "notation/coordinate-move",
    "notation/detached-glyph",
    "notation/disambiguation",
    "notation/duplicate-tag",
    "notation/en-passant-suffix",
    "notation/fen-without-setup",
    "notation/long-algebraic",
    "notation/lowercase-promotion",
    "notation/missing-result",
    "notation/move-number",
    "notation/over-disambiguation",
    "notation/paper-ill-formed-state",
    "notation/paper-step-dropped",
    "notation/pawn-letter",
    "notation/promotion-without-equals",
    "notation/result-mismatch",
    "notation/result-position",
    "notation/text-after-result",
    "notation/variation-illegal",
    "notation/variation-null",
    "paper/capture-turn",
    "paper/check-turn",
    "paper/destination-empty",
    "position/castling-files",
    "position/castling-rights",
    "position/castling-sides",
    "position/clock",
    "position/en-passant-no-pawn",
    "position/en-passant-occupied",
    "position/en-passant-rank",
    "position/impossible-check",
    "position/missing-king",
    "position/opposite-check",
    "position/pawn-on-back-rank",
    "position/too-many-checkers",
    "position/too-many-kings",
    "position/too-many-pawns",
    "position/too-many-pieces",
    "promo/capture",
    "promo/missing",
    "promo/not-pawn",
    "promo/push",
    "request/field",
    "request/json",
    "request/op",
    "request/pgn",
    "request/ply",
    "request/reading",
    "request/too-large",
    "src/ambiguous",
    "src/blocked",
    "src/empty-square",
    "src/opponent-piece",
    "src/unreachable",
    "src/wrong-disambiguator",
    "syntax/encoding",
    "syntax/fen",
    "syntax/game-too-long",
    "syntax/nag",
    "syntax/pawn-capture-file",
    "syntax/promotion-piece",
    "syntax/promotion-rank",
    "syntax/result-in-variation",
    "syntax/san",
    "syntax/setup-without-fen",
    "syntax/suffix",
    "syntax/tag",
    "syntax/token",
    "syntax/unclosed-variation",
    "syntax/unmatched-paren",
    "syntax/unterminated-comment",
    "syntax/unterminated-string",
    "syntax/variation-start",
    "trav/king",
    "trav/occupied",
    "trav/pawn",
    "trav/pawn-blocked",
    "trav/pawn-double",
    "trav/piece",
    "variant/unsupported",
};

// The id of a rule: Rule::CheckPinned → "check/pinned".
[[nodiscard]] constexpr std::string_view rule_id(Rule r) noexcept {
    return kRuleIds[static_cast<std::size_t>(r)];
}

// The rule of an id, or nothing for a text that is no rule id.
[[nodiscard]] constexpr std::optional<Rule> rule_from_id(std::string_view id) noexcept {
    std::size_t lo = 0, hi = kRuleIds.size();
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (kRuleIds[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < kRuleIds.size() && kRuleIds[lo] == id) return static_cast<Rule>(lo);
    return std::nullopt;
}

// The ids are sorted (rule_from_id searches them by halves) and none is repeated.
static_assert([] {
    for (std::size_t i = 1; i < kRuleIds.size(); ++i)
        if (!(kRuleIds[i - 1] < kRuleIds[i])) return false;
    return true;
}());
static_assert(rule_from_id("check/pinned") == Rule::CheckPinned && !rule_from_id("check/nothing"));

// The warning kinds (the main README's table "Warning kinds"; a warning object's `kind`): the move
// is played, and `--strict` would refuse it with the rule notation/KIND. In the order of
// schemas/common.json's list, which tests/api/board_test.cpp holds equal to this one.
enum class WarningKind : std::uint8_t {
    AfterAutomaticDraw,      // after-automatic-draw
    BlankLineInTags,         // blank-line-in-tags
    CaptureColon,            // capture-colon
    CaptureMarker,           // capture-marker
    CastlingZero,            // castling-zero
    CheckClaim,              // check-claim
    CommentBeforeTags,       // comment-before-tags
    CoordinateMove,          // coordinate-move
    DetachedGlyph,           // detached-glyph
    Disambiguation,          // disambiguation
    DuplicateTag,            // duplicate-tag
    EnPassantSuffix,         // en-passant-suffix
    FenWithoutSetup,         // fen-without-setup
    LongAlgebraic,           // long-algebraic
    LowercasePromotion,      // lowercase-promotion
    MissingResult,           // missing-result
    MoveNumber,              // move-number
    OverDisambiguation,      // over-disambiguation
    PaperIllFormedState,     // paper-ill-formed-state
    PaperStepDropped,        // paper-step-dropped
    PawnLetter,              // pawn-letter
    PromotionWithoutEquals,  // promotion-without-equals
    ResultMismatch,          // result-mismatch
    ResultPosition,          // result-position
    TextAfterResult,         // text-after-result
    VariationIllegal,        // variation-illegal
    VariationNull,           // variation-null
};

inline constexpr std::array<std::string_view, 27> kWarningKinds = {
    "after-automatic-draw",     "blank-line-in-tags", "capture-colon",
    "capture-marker",           "castling-zero",      "check-claim",
    "comment-before-tags",      "coordinate-move",    "detached-glyph",
    "disambiguation",           "duplicate-tag",      "en-passant-suffix",
    "fen-without-setup",        "long-algebraic",     "lowercase-promotion",
    "missing-result",           "move-number",        "over-disambiguation",
    "paper-ill-formed-state",   "paper-step-dropped", "pawn-letter",
    "promotion-without-equals", "result-mismatch",    "result-position",
    "text-after-result",        "variation-illegal",  "variation-null",
};

// after-automatic-draw, capture-marker, …
[[nodiscard]] constexpr std::string_view warning_kind_name(WarningKind k) noexcept {
    return kWarningKinds[static_cast<std::size_t>(k)];
}

[[nodiscard]] constexpr std::optional<WarningKind> warning_kind_from_name(std::string_view name) noexcept {
    for (std::size_t i = 0; i < kWarningKinds.size(); ++i)
        if (kWarningKinds[i] == name) return static_cast<WarningKind>(i);
    return std::nullopt;
}

}  // namespace pgnsem::api
