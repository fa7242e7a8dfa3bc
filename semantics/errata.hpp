// The paper's errata as named corrections (proofs-notes/errata.md). Each correction lives in
// exactly one place of the reference semantics, where the paper's form and the Laws' form stand
// side by side behind a test of the Reading:
//
//     // Erratum castle-through-check. Paper: the crossed square is not examined.
//     // Laws 3.8.2.2.1: it must not be attacked.
//     if (r.corrected(Erratum::CastleThroughCheck) && …)
//
// A Reading says which corrections are made. Reading::laws() makes them all (pgnsem's default,
// `--semantics laws`); Reading::paper() makes none (`--semantics paper`: the equations exactly as
// printed, typos included); laws().with_paper(e) undoes one (`--erratum SLUG=paper`), which is the
// reading errata.md's "Paper" column gives. A slug never changes; new errata are appended, and the
// number shown is only the entry's place in the list.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace pgnsem::sem {

enum class Erratum : std::uint8_t {
    CastleBlackKingsideRook,
    CastleBlackQueensideSquares,
    CastleSideNames,
    CastleRookMoved,
    CastleUsesUpCastling,
    CastleThroughCheck,
    PawnDoubleStepStartRank,
    EnPassantCapture,
    EnPassantTiming,
    PromotionCompulsory,
    PromotionLetters,
    PromotionCaptureFile,
    DestinationEmpty,
    CaptureTurnParity,
    KingNeverCaptured,
    AmbiguityAmongLegalMoves,
    GameOver,
    StepsInTextOrder,
    CastleBlackQueensideRook,
    CheckTurnReading,
    PromotionLastRank,
    EnPassantExampleFile,
    CaptureMarkerClaim,
    AutomaticDrawEndsGame,
    PromotedRookId,
};

struct ErratumInfo {
    Erratum erratum;
    std::string_view slug;
    // false: there is no paper form to run (`--erratum SLUG=paper` is refused, with the note's
    // reason): the slip is in the paper's prose only, its equations already agree with the Laws; or
    // the Laws' form lives outside the reference semantics (the reader, the interpreter's notation
    // claims and draw facts) and changes no verdict the semantics gives.
    bool executable;
    std::string_view title;
    // The rule of the FIDE Laws of Chess (or the PGN standard) the correction follows.
    std::string_view law;
    // What the paper prints, and what pgnsem does instead, in a line each.
    std::string_view paper;
    std::string_view correction;
    // The game that tells the two readings apart: where its conformance case is (file and Event)
    // and its text. Empty when no game from a valid start can (the entry's note says why).
    std::string_view game_file;
    std::string_view game_event;
    std::string_view game;
    // Anything the reader of the list must know besides (why no game tells it apart, …).
    std::string_view note;
};

// In the order of proofs-notes/errata.md; entry i is shown as number i + 1.
inline constexpr ErratumInfo kErrata[] = {
    {Erratum::CastleBlackKingsideRook, "castle-black-kingside-rook", true, "Black's O-O tests h1 instead of h8",
     "Laws 3.8.2", "[[O-O]] for Black requires h1 = 24", "h8 = 24: the rook on its own corner",
     "tests/conformance/errata.pgn", "erratum: Black's O-O tests h8, not h1",
     "1. e4 e5 2. Nf3 Nf6 3. Bc4 Be7 4. d3 O-O 5. Nc3 d6 *",
     "h1 holds 24 once Black's h-rook reaches it (…Rxh1); with castle-rook-moved read as printed too, the paper's "
     "O-O is then defined and leaves two rooks with id 24 (tests/conformance/errata.pgn, \"erratum: Black's O-O "
     "with its h-rook on h1\")"},
    {Erratum::CastleBlackQueensideSquares, "castle-black-queenside-squares", true,
     "Black's O-O-O tests f8 instead of d8", "Laws 3.8.2.2.2", "[[O-O-O]] for Black requires b8 = c8 = f8 = 0",
     "b8 = c8 = d8 = 0: the squares between the king and the rook", "tests/conformance/errata.pgn",
     "erratum: Black's O-O-O with the queen still on d8",
     "1. e4 e6 2. d4 Bb4+ 3. c3 Ba5 4. Nf3 Nc6 5. Bd3 d6 6. O-O Bd7 7. h3 O-O-O *", ""},
    {Erratum::CastleSideNames, "castle-side-names", false, "The words \"kingside\" and \"queenside\"",
     "Laws 3.8.2, Appendix C", "castling with the b-file rook is called kingside castling",
     "the h-file rook; the equations already use h1/h8", "examples/legal-tricky.pgn",
     "castling while the rook is attacked and across an attacked b8", "",
     "the slip is in the prose; the equations name h1 and h8"},
    {Erratum::CastleRookMoved, "castle-rook-moved", true, "A rook that has moved cannot castle", "Laws 3.8.2.1.2",
     "castling tests the rook's id on its corner (h1 = 8), which holds again after it returns",
     "a flag per corner, set by any move from or onto it; castling with a flagged corner is castle/rook-moved",
     "examples/illegal.pgn", "castling after the rook moved and returned",
     "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Rg1 Nf6 5. Rh1 d6 6. O-O *", ""},
    {Erratum::CastleUsesUpCastling, "castle-uses-up-castling", true, "Castling uses up castling", "Laws 3.8.2.1.1",
     "[[O-O]] and [[O-O-O]] neither set w_king / b_king nor require the king on e1 / e8",
     "castling sets the king's flag and requires the king's id on e1 / e8", "tests/conformance/errata.pgn",
     "erratum: castling uses up castling",
     "1. d4 d5 2. Nf3 Nf6 3. e3 e6 4. Be2 Be7 5. O-O O-O 6. Nc3 Nc6 7. Bd2 Bd7 8. Qe1 a6 9. O-O-O *", ""},
    {Erratum::CastleThroughCheck, "castle-through-check", true, "No castling through an attacked square",
     "Laws 3.8.2.2.1", "T(O-O) excludes castling out of and into check only",
     "the square the king crosses (f1, d1, f8, d8) must not be attacked either", "examples/illegal.pgn",
     "castling through an attacked square", "1. e4 b6 2. g3 Ba6 3. Bh3 Nc6 4. Nf3 e6 5. O-O *", ""},
    {Erratum::PawnDoubleStepStartRank, "pawn-double-step-start-rank", true, "The double step only from the start rank",
     "Laws 3.7.2", "GTSS takes a pawn two squares behind any target on rank 4 or 5, of either colour",
     "White's double step goes from rank 2 to 4, Black's from rank 7 to 5", "tests/conformance/errata.pgn",
     "erratum: the double step only from the start rank", "1. e3 d5 2. a3 Be6 3. e5 *", ""},
    {Erratum::EnPassantCapture, "en-passant-capture", true, "En passant is a capture onto an empty square",
     "Laws 3.7.3.1", "T(P::x::Q) requires an enemy piece on Q, and [[P::x::Q]] leaves the captured pawn",
     "en passant has its own equation, which removes the pawn behind Q, and T accepts its empty Q",
     "examples/legal-tricky.pgn", "en passant right after the double step, both colours",
     "1. e4 d5 2. e5 f5 3. exf6 d4 4. c4 dxc3 *", ""},
    {Erratum::EnPassantTiming, "en-passant-timing", false,
     "En passant only on the very next ply, against a double step", "Laws 3.7.3.1, 3.7.3.2",
     "GCSS's prose: a pawn beside the target on rank 5 (4) \"which moved in the previous turn\"",
     "the pawn behind the target, with stamp = turn − 1; stamps start at 'never'", "tests/conformance/semantics.pgn",
     "pawn captures a pawn that came by single steps", "1. e4 d6 2. e5 d5 3. exd6 *",
     "the paper's own formalisation of the prose, the two-step stamps, is the Law; that stamps start "
     "unassigned makes no difference any game from σ₀ can show"},
    {Erratum::PromotionCompulsory, "promotion-compulsory", true, "Promotion is compulsory", "Laws 3.7.3.3",
     "no equation enforces it: a pawn move onto the last rank without =T is an ordinary [[Q]]",
     "a pawn move onto the last rank without =T is promo/missing", "examples/illegal.pgn",
     "pawn reaches the last rank without promoting", "1. a4 b5 2. axb5 Nc6 3. b6 e6 4. b7 Be7 5. b8 *", ""},
    {Erratum::PromotionLetters, "promotion-letters", false, "=N, not =K; and =K, =P are not promotions",
     "Laws 3.7.3.3; PGN 8.2.3", "the prose promotes with =K, =B, =R or =Q",
     "=N is the knight; =K and =P are syntax errors (the grammar's T ∈ Pmajor = {Q, N, B, R} already says so)",
     "tests/conformance/errata.pgn", "erratum: =P is not a promotion",
     "1. a4 b5 2. axb5 Nc6 3. b6 e6 4. b7 Be7 5. b8=P *", "the slip is in the prose; the grammar has Pmajor"},
    {Erratum::PromotionCaptureFile, "promotion-capture-file", true, "Promotion by capture takes the pawn from file W",
     "Laws 3.7.3, 3.7.3.3", "[[W::x::Q=T]] finds its pawn with GCSS(Q, file(Q), σ)",
     "GCSS(Q, W, σ), as in an ordinary pawn capture", "tests/conformance/errata.pgn",
     "erratum: promotion by capture takes the pawn from W, not from the file of Q",
     "[SetUp \"1\"]\n[FEN \"rn2k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. bxa8=Q Kd7 2. Qxb8 *", ""},
    {Erratum::DestinationEmpty, "destination-empty", true, "\"Q ≠ 0\" means \"Q is empty\"", "Laws 3.1",
     "T(Q) and T(P::Q) require Q ≠ 0, an occupied destination", "σ(Q) = 0, as the paper's prose says",
     "tests/conformance/errata.pgn", "erratum: Q ≠ 0 means an empty destination", "1. e4 e6 *", ""},
    {Erratum::CaptureTurnParity, "capture-turn-parity", true, "\"turn = 0\" means \"White to move\"", "Laws 3.1",
     "T(P::x::Q) requires turn = 0 (White) or turn = 1 (Black)", "mod(turn, 2) = 0 or 1",
     "tests/conformance/errata.pgn", "erratum: turn = 0 means White to move", "1. e4 d5 2. exd5 Qxd5 *", ""},
    {Erratum::KingNeverCaptured, "king-never-captured", true, "The king is never captured", "Laws 1.4.1, 3.9.2",
     "T(P::x::Q) accepts any enemy id on Q, the king's (21, 5) included", "a capture of the king is cap/of-king",
     "tests/conformance/errata.pgn", "erratum: the king is taken once T's king test is read literally",
     "1. e4 e5 2. Ke2 Bc5 3. Ke3 Bxe3 *",
     "a king can be taken only when the side not to move is in check, which no move T accepts under the Laws "
     "leaves and no valid FEN starts with (position/opposite-check); with check-turn-reading read as printed, T "
     "lets 3. Ke3 step into the bishop's line, and the game is run so on both sides (--erratum "
     "check-turn-reading=paper)"},
    {Erratum::AmbiguityAmongLegalMoves, "ambiguity-among-legal-moves", true,
     "Ambiguity counts legal moves only, and it is illegal, not malformed", "PGN 8.2.3.4; Laws Appendix C",
     "GTSS / GCSS count every piece whose movement reaches Q: a pinned knight makes Ne2 ambiguous",
     "only the candidates whose move T accepts count", "examples/legal-tricky.pgn",
     "the other knight is pinned, so Ne2 needs no disambiguator", "1. e4 e5 2. Nc3 Bb4 3. d3 Nc6 4. Ne2 a6 *", ""},
    {Erratum::GameOver, "game-over", true, "The game ends at checkmate and stalemate", "Laws 5.1.1, 5.2.1",
     "[[S]] folds every step; a move after mate fails for its own reason",
     "after checkmate or stalemate every further move is game/over", "examples/illegal.pgn", "a move after checkmate",
     "1. f3 e5 2. g4 Qh4# 3. a3 *", ""},
    {Erratum::StepsInTextOrder, "steps-in-text-order", true, "Steps are played in text order, whatever their numbers",
     "PGN 8.2.2", "[[S]] is a map keyed by the step number: a repeated number keeps only its first step",
     "the plies are played as written, and a wrong number is the notation claim move-number",
     "tests/conformance/notation.pgn", "a wrong move number", "1. e4 e5 3. Nf3 Nc6 3. Bb5 a6 *", ""},
    {Erratum::CastleBlackQueensideRook, "castle-black-queenside-rook", true, "Black's O-O-O tests a1 instead of a8",
     "Laws 3.8.2", "[[O-O-O]] for Black requires a1 = 17", "a8 = 17: the rook on its own corner",
     "tests/conformance/errata.pgn", "erratum: Black's O-O-O tests a8, not a1",
     "1. d4 d5 2. c4 Nc6 3. Nc3 Bf5 4. Nf3 Qd7 5. e3 O-O-O 6. Be2 e6 *",
     "a1 holds 17 once Black's a-rook reaches it (…Rxa1), or a black pawn promotes to a rook there; with "
     "castle-rook-moved read as printed too, the paper's O-O-O after …Rxa1 is defined and leaves two rooks with id 17 "
     "(tests/conformance/errata.pgn, \"erratum: Black's O-O-O with its a-rook on a1\")"},
    {Erratum::CheckTurnReading, "check-turn-reading", true, "T's king test reads turn in σ′, not σ",
     "Laws 3.9.1, 3.9.2",
     "T requires ¬IIC(σ′, mod(turn − 1, 2)); read in σ, as the paper reads every identifier, that is the "
     "opponent's king: a move may leave its own king attacked and may not give check",
     "turn is read in σ′ (the mover's king, mod(turn, 2) in σ): the mover's king must not be attacked after the move",
     "tests/conformance/errata.pgn", "erratum: T tests the mover's king, not the opponent's",
     "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *",
     "the paper's convention reads an identifier in σ \"unless otherwise specified\"; its prose (\"moves which "
     "place the king in check are invalid\") and T(O-O)'s ¬IIC(σ, mod(turn, 2)) beside ¬IIC(σ′, mod(turn − 1, 2)) "
     "say that turn is meant in σ′"},
    {Erratum::PromotionLastRank, "promotion-last-rank", false, "A promotion is a move onto the last rank",
     "Laws 3.7.3.3; PGN 8.2.3", "[[Q=T]] has no rank premise: e5=Q is a defined move whose T is ⊤",
     "a promotion off the last rank is not a move: the reader refuses it (syntax/promotion-rank)",
     "examples/illegal.pgn", "promotion on the fifth rank", "1. e4 d5 2. e5=Q *",
     "not run: the reader refuses e5=Q before any reading is chosen, and the AST cannot hold it "
     "(ast::Promotion::make); read as printed, [[Q=T]] would put a queen on e5"},
    {Erratum::EnPassantExampleFile, "en-passant-example-file", false, "The en passant example bxd3 names no pawn",
     "Laws 3.7.3.1", "§2.2.3: \"black's en passant capture in Figure 3 would be denoted as bxd3\"",
     "a pawn captures from a file next to Q's: cxd3 or exd3", "tests/conformance/errata.pgn",
     "erratum: en passant onto d3 is not bxd3", "1. h3 e5 2. h4 e4 3. d4 bxd3 *",
     "the slip is in the prose; GCSS takes the capturing pawn from the file W, which must be next to Q's"},
    {Erratum::CaptureMarkerClaim, "capture-marker-claim", false, "x is a claim of the notation, not a premise of T",
     "PGN 8.2.3; Laws Appendix C", "T(P::x::Q) requires an enemy piece on Q, T(P::Q) an empty Q: a wrong x is ⊥",
     "the interpreter plays the move the piece and squares name and reports a wrong or missing x (capture-marker)",
     "examples/illegal.pgn", "a capture written without x", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bc6 dxc6 *",
     "not run: the tolerance is the interpreter's (interpreter/judge.cpp), outside the reference semantics, and "
     "--strict makes a wrong x malformed; T itself is the paper's"},
    {Erratum::AutomaticDrawEndsGame, "automatic-draw-ends-game", false,
     "Dead positions and automatic draws end the game", "Laws 5.2.2, 9.6",
     "[[S]] folds every step; nothing ends a game but the moves running out",
     "moves after a dead position, fivefold repetition or the 75-move rule are still played and reported "
     "(after-automatic-draw, automatic_draw_at); the verdict does not change",
     "tests/conformance/claims.pgn", "a game that starts in a dead position is drawn at ply 0 (Law 5.2.2)",
     "[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *",
     "not run: the Laws' form is a warning and a field, never ⊥, so no verdict differs"},
    {Erratum::PromotedRookId, "promoted-rook-id", false, "A promoted rook is not the corner's rook", "Laws 3.8.2.1.2",
     "a promoted rook takes id 1 (17), the queenside rook's, so it passes castling's test a1 = 1",
     "the corner flags of castle-rook-moved: the rook that castles never moved, and a promoted one has",
     "tests/conformance/errata.pgn", "erratum: castling with a promoted rook on a1",
     "1. b4 c6 2. b5 Nf6 3. bxc6 Na6 4. cxb7 Nc7 5. b8=R e6 6. Nc3 Be7 7. a4 O-O 8. Ra3 d6 9. d3 Bd7 10. Be3 h6 "
     "11. Qd2 Kh7 12. Rb1 Kg8 13. Rba1 Kh8 14. O-O-O *",
     "not run on its own: its paper form is castle-rook-moved's (the ids are the paper's under every reading); the "
     "case reads that one as printed (--erratum castle-rook-moved=paper) to show the paper castle with the promoted "
     "rook"},
};

inline constexpr std::size_t kErratumCount = sizeof(kErrata) / sizeof(kErrata[0]);

// Where the paper says nothing, and what pgnsem does there under every reading (proofs-notes/
// errata.md, "Where the paper is silent").
struct Silence {
    std::string_view topic;
    std::string_view choice;
};
inline constexpr Silence kSilences[] = {
    {"a game from a FEN position",
     "the paper starts from σ₀ only; pgnsem gives the pieces ids as proofs-notes/fen-positions.md says and starts "
     "turn at 2 (White to move) or 3 (Black), and a position no game can reach is illegal at ply 0"},
    {"the halfmove clock and the rooks' moved flags",
     "not identifiers of the paper's σ; pgnsem keeps them under every reading, and no verdict of the paper depends "
     "on them (the rook flags decide castling only when castle-rook-moved is corrected)"},
    {"the two-step stamps before any double step", "they hold 'never' (no value of turn), not 0"},
    {"moves written by their squares, null moves, check claims, variations",
     "not in the paper's grammar; a move by its squares is read as the move its piece makes (semantics.md, What we "
     "extend), a null move is never a move, `+`/`#` and the other claims are the notation's and judged apart"},
    {"IIC with two kings of one colour",
     "a state the paper's own equations can reach (castle-uses-up-castling read as printed): the colour is in "
     "check when either king is attacked"},
    {"the first step of the paper's map without a number",
     "it takes the number the game starts at (1, or the FEN's fullmove number)"},
    {"a game longer than 65,000 plies", "game/too-long: σ's turn counts in 16 bits"},
};

[[nodiscard]] constexpr const ErratumInfo& info(Erratum e) noexcept {
    return kErrata[static_cast<std::size_t>(e)];
}
[[nodiscard]] constexpr std::string_view slug(Erratum e) noexcept {
    return info(e).slug;
}

// The erratum with this slug, if there is one.
[[nodiscard]] constexpr std::optional<Erratum> erratum_of(std::string_view slug) noexcept {
    for (const ErratumInfo& i : kErrata)
        if (i.slug == slug) return i.erratum;
    return std::nullopt;
}

constexpr bool errata_in_order() noexcept {
    for (std::size_t i = 0; i < kErratumCount; ++i)
        if (static_cast<std::size_t>(kErrata[i].erratum) != i) return false;
    return true;
}
static_assert(errata_in_order(), "kErrata lists every Erratum once, in the enum's order");
static_assert(kErratumCount <= 32, "a Reading holds one bit per erratum");

// Which corrections are made. A value: cheap to copy, compared by ==.
class Reading {
public:
    // Every correction made: the FIDE Laws (pgnsem's default).
    [[nodiscard]] static constexpr Reading laws() noexcept { return Reading(0); }
    // No correction made: the paper's equations exactly as printed.
    [[nodiscard]] static constexpr Reading paper() noexcept {
        std::uint32_t all = 0;
        for (const ErratumInfo& i : kErrata)
            if (i.executable) all |= bit(i.erratum);
        return Reading(all);
    }
    // The same reading with erratum e read as the paper prints it.
    [[nodiscard]] constexpr Reading with_paper(Erratum e) const noexcept { return Reading(paper_ | bit(e)); }
    // The same reading with erratum e corrected.
    [[nodiscard]] constexpr Reading with_laws(Erratum e) const noexcept { return Reading(paper_ & ~bit(e)); }
    // Is erratum e corrected (the Laws' form) in this reading?
    [[nodiscard]] constexpr bool corrected(Erratum e) const noexcept { return (paper_ & bit(e)) == 0; }
    // Is every correction made?
    [[nodiscard]] constexpr bool is_laws() const noexcept { return paper_ == 0; }
    friend constexpr bool operator==(Reading, Reading) noexcept = default;

private:
    constexpr explicit Reading(std::uint32_t paper) noexcept : paper_(paper) {}
    [[nodiscard]] static constexpr std::uint32_t bit(Erratum e) noexcept {
        return std::uint32_t{1} << static_cast<unsigned>(e);
    }
    // Bit e set: erratum e read as the paper prints it.
    std::uint32_t paper_;
};

}  // namespace pgnsem::sem
