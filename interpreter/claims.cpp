// The warnings of the notation's claims (interpreter/claims.hpp): the rare path of a move whose
// claims the position refutes, and the claims about the result (§8.1.1.7, §8.2.6).
#include "interpreter/claims.hpp"

#include <string>

#include "laws/dead_position.hpp"

namespace pgnsem::interp {

namespace {

using namespace claims_detail;

// The spellings the reader tolerated (§8.2.3.7), by the Spelling bit it set, and their warnings.
constexpr SpellingWarning kSpellings[] = {
    {ast::kZeroCastle, WarningKind::CastlingZero, "castling is written with the letter O, not the digit zero"},
    {ast::kEnPassantSuffix, WarningKind::EnPassantSuffix, "SAN has no en passant mark"},
    {ast::kPawnLetter, WarningKind::PawnLetter, "SAN writes pawn moves without the letter P"},
    {ast::kLongAlgebraic, WarningKind::LongAlgebraic, "a move written in long algebraic form"},
    {ast::kCoordinate, WarningKind::CoordinateMove, "a move written by its squares (UCI), not in SAN"},
    {ast::kLowercasePromotion, WarningKind::LowercasePromotion, "the promotion piece is written in upper case"},
    {ast::kPromotionWithoutEquals, WarningKind::PromotionWithoutEquals, "a promotion is written with ="},
    {ast::kCaptureColon, WarningKind::CaptureColon, "a capture is written with x"},
    {ast::kDetachedSuffix, WarningKind::DetachedGlyph, "a suffix annotation belongs right after its move"},
};

const char* claim_text(ast::CheckClaim c) noexcept {
    switch (c) {
        case ast::CheckClaim::None: return "no check";
        case ast::CheckClaim::Check: return "check (+)";
        case ast::CheckClaim::Mate: return "checkmate (#)";
    }
    PGNSEM_UNREACHABLE("every claim is listed");
}

}  // namespace

std::span<const SpellingWarning> tolerated_spellings() noexcept {
    return kSpellings;
}

void report_claims(const sem::Engine& e, std::vector<Warning>& out, const ast::Ply& ply, std::uint32_t ply_no,
                   const sem::State& s, const Played& p, bool in_variation, ast::CheckClaim actual, unsigned f) {
    const ast::Move& m = ply.move;
    const std::string where = in_variation ? "in a variation: " : "";
    const std::uint32_t wply = in_variation ? 0 : ply_no;
    auto warn = [&](WarningKind kind, ast::SourcePos pos, std::string found, std::string canonical,
                    std::string message) {
        add_warning(out, kind, wply, pos, std::move(found), std::move(canonical), std::move(message));
    };
    std::string canonical;
    auto canon = [&]() -> const std::string& {
        if (canonical.empty()) canonical = canonical_text(e, s, p.action, p.next);
        return canonical;
    };
    const bool captured = sem::is_capture(p.action.rule);
    // A marker T's retry flipped comes before the spellings; one T read either way, after them.
    if ((f & kMarker) && p.capture_marker_flipped)
        warn(WarningKind::CaptureMarker, ply.pos, std::string(ply.text), canon(),
             where + (captured ? "a capture is written with x" : "x is written only on captures"));
    if (f & kSpelling)
        for (const SpellingWarning& sw : kSpellings)
            if (m.spelling & sw.bit) warn(sw.kind, ply.pos, std::string(ply.text), canon(), where + sw.what);
    if ((f & kMarker) && !p.capture_marker_flipped)
        warn(WarningKind::CaptureMarker, ply.pos, std::string(ply.text), canon(),
             where + (captured ? "a capture is written with x" : "x is written only on captures"));
    if (f & kOverDisambiguated)
        warn(WarningKind::OverDisambiguation, ply.pos, std::string(ply.text), canon(),
             where + "the origin is named more precisely than needed (§8.2.3.4)");
    if (f & (kFileSuffices | kRankNeeded))
        warn(WarningKind::Disambiguation, ply.pos, std::string(ply.text), canon(),
             where + ((f & kFileSuffices)
                          ? "the origin is named by its file when the file suffices (§8.2.3.4)"
                          : "the origin is named by its rank when the file does not tell the pieces apart (§8.2.3.4)"));
    if (f & kClaim)
        warn(WarningKind::CheckClaim, ply.pos, std::string(ply.text), canon(),
             where + "the move claims " + claim_text(m.claim) + " but gives " + claim_text(actual));
    const std::uint32_t number = sem::move_number(s);
    if (f & kNumber)
        warn(WarningKind::MoveNumber, ply.number_pos, std::to_string(ply.number_written),
             std::to_string(number) + (sem::to_move(s) == Color::White ? "." : "..."),
             "this is move " + std::to_string(number) + ", not " + std::to_string(ply.number_written));
    else if (f & kNumberMissing)
        warn(WarningKind::MoveNumber, ply.pos, std::string(ply.text), std::to_string(number) + ". " + canon(),
             "the export format writes the move number before every White move");
}

namespace {

// Whether the Termination tag says the game ended on time: it contains "time forfeit" (lichess) or
// "won on time" (chess.com), in any case.
bool ended_on_time(const ast::Game& g) {
    const auto tag = g.tag("Termination");
    if (!tag) return false;
    std::string lower(*tag);
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return lower.find("time forfeit") != std::string::npos || lower.find("won on time") != std::string::npos;
}

}  // namespace

void result_claims(const ast::Game& g, const sem::State& s, Verdict& v) {
    auto warn = [&](WarningKind kind, ast::SourcePos pos, std::string found, std::string canonical,
                    std::string message) {
        add_warning(v.warnings, kind, 0, pos, std::move(found), std::move(canonical), std::move(message));
    };
    if (g.result && v.result_tag && *v.result_tag != ast::result_text(*g.result))
        warn(WarningKind::ResultMismatch, g.tag_pos("Result"), *v.result_tag, std::string(ast::result_text(*g.result)),
             "the Result tag says " + *v.result_tag + " but the game ends with " +
                 std::string(ast::result_text(*g.result)) + " (§8.1.1.7)");
    if (!g.result) return;
    const ast::Result r = *g.result;
    // The result the game's end forces, if any: an automatic draw (Laws 9.6, 5.2.2) ends the game
    // where it arises, so moves after it do not change the result (DrawFacts keeps none at a
    // checkmate or stalemate: there the mate or stalemate ends the game first, 9.6.2); else
    // checkmate and stalemate in the final position (5.1.1, 5.2.1); `*` claims nothing.
    std::optional<ast::Result> forced;
    std::string why;
    if (DrawFacts::held(v.draws.automatic_at())) {
        forced = ast::Result::Draw;
        why = "the game was drawn automatically at ply " + std::to_string(v.draws.automatic_at());
    } else if (v.end == sem::Outcome::Checkmate) {
        forced = sem::to_move(s) == Color::White ? ast::Result::BlackWins : ast::Result::WhiteWins;
        why = sem::to_move(s) == Color::White ? "White is checkmated" : "Black is checkmated";
    } else if (v.end == sem::Outcome::Stalemate) {
        forced = ast::Result::Draw;
        why = "the game ends in stalemate";
    }
    // Law 6.9: a player whose flag falls loses, "however, the game is drawn if the position is
    // such that the opponent cannot checkmate the player's king by any possible series of legal
    // moves". A game ended on time is one whose Termination tag says so as lichess ("Time
    // forfeit") and chess.com ("… won on time") write it. Whether the winner can mate is asked of
    // the rules that prove it without a search (laws/dead_position.hpp: material; and,
    // when every pawn faces an enemy pawn on its file, the walls of rules F, W and R); a position
    // they do not decide keeps the result.
    if (!forced && (r == ast::Result::WhiteWins || r == ast::Result::BlackWins) && ended_on_time(g)) {
        const Color winner = r == ast::Result::WhiteWins ? Color::White : Color::Black;
        const auto wall = [&s, winner] {
            const sem::laws::MateAbility m = sem::laws::static_bound(s);
            return (winner == Color::White ? m.white : m.black) == sem::laws::Verdict::No;
        };
        if (sem::laws::cannot_mate_by_material(s, winner) || (sem::laws::pawns_face_each_other(s) && wall())) {
            forced = ast::Result::Draw;
            why = std::string("the game ended on time, but ") + (winner == Color::White ? "White" : "Black") +
                  " cannot checkmate by any series of legal moves (Law 6.9)";
        }
    }
    if (forced && r != *forced && r != ast::Result::Unknown)
        warn(WarningKind::ResultPosition, g.result_pos, std::string(ast::result_text(r)),
             std::string(ast::result_text(*forced)),
             why + ", so the result is " + std::string(ast::result_text(*forced)));
}

}  // namespace pgnsem::interp
