// The notation's claims that the position can refute, checked once a move is played (warnings;
// the error under --strict, interpreter/strict.hpp). The move itself is judged by T
// (interpreter/judge.hpp); what is checked here is what the text says about it:
//   - §8.2.3.3: the capture indicator `x` (`capture-marker`);
//   - §8.2.3.7: the spellings of the import format the reader tolerated (`0-0`, `e.p.`, `P`, long
//     algebraic, UCI, a lower-case or `=`-less promotion, `:`, a detached glyph), each reported
//     with its export form;
//   - §8.2.3.4: disambiguation, the first of file, rank and square that tells the move apart from
//     the other legal moves of its kind to its square (`over-disambiguation`, `disambiguation`);
//   - §8.2.3.5: `+` and `#` (`check-claim`);
//   - §8.2.2: move numbers, in the main line (`move-number`);
//   - §8.1.1.7, §8.2.6: the result, the Result tag against the termination marker
//     (`result-mismatch`) and the marker against checkmate, stalemate or an automatic draw
//     (`result-position`).
// What is wrong with a move is found once (claim_faults, on every ply); report_claims spells the
// warnings out, and runs only for the few moves with something wrong.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "ast/ast.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/warnings.hpp"
#include "semantics/engine.hpp"
#include "semantics/state.hpp"

namespace pgnsem::interp {

// The `+`/`#` claim σ′ makes good: `check` is IIC(σ′, the side to move), as T found it
// (Accepted::check); `#` when that side has no legal move.
[[nodiscard]] inline ast::CheckClaim actual_claim(const sem::Engine& e, const sem::State& after, bool check) noexcept {
    if (!check) return ast::CheckClaim::None;
    return e.has_legal_move(after) ? ast::CheckClaim::Check : ast::CheckClaim::Mate;
}

namespace claims_detail {

// Traversals and captures are nearly every move; which of the two a move is, is asked through
// the variant's index below, in one test, rather than in a chain of tests on the kind (a branch
// on something that changes from move to move at random is one the processor often guesses wrong).
inline constexpr std::size_t kTraversalIndex = 0, kCaptureIndex = 1;
static_assert(std::is_same_v<boost::variant2::variant_alternative_t<kTraversalIndex, ast::MoveBody>, ast::Traversal> &&
              std::is_same_v<boost::variant2::variant_alternative_t<kCaptureIndex, ast::MoveBody>, ast::Capture>);

// The origin hint written on a piece move, or null: none was written, or the move is a pawn's
// (whose capture file is no hint) or of another kind. (Worked out without a branch on whether a
// pawn moved; the answer, nearly always null, is then easy to predict.)
inline const ast::Disambiguator* origin_hint(const ast::Move& m) noexcept {
    if (m.body.index() > kCaptureIndex) return nullptr;
    const auto* t = boost::variant2::get_if<ast::Traversal>(&m.body);
    const auto* c = boost::variant2::get_if<ast::Capture>(&m.body);
    const PieceKind piece = t ? t->piece : c->piece;
    const ast::Disambiguator& from = t ? t->from : c->from;
    const int given = int{from.file.has_value()} | int{from.rank.has_value()};
    const bool hint = (piece != PieceKind::Pawn) & (given != 0);
    return hint ? &from : nullptr;
}

inline int disambiguation_size(const ast::Disambiguator& d) noexcept {
    return (d.file ? 1 : 0) + (d.rank ? 1 : 0);
}

// Whether the move as written claims a capture (`x`), for the capture-marker check.
inline std::optional<bool> written_capture(const ast::Move& m) noexcept {
    if (m.body.index() <= kCaptureIndex) return m.body.index() == kCaptureIndex;
    if (const auto* p = boost::variant2::get_if<ast::Promotion>(&m.body)) return p->is_capture();
    return std::nullopt;
}

// What is wrong with the notation of one defined move: a set of faults, each a warning of
// report_claims.
enum ClaimFault : std::uint8_t {
    kMarker = 1,             // `x` where there is no capture, or none where there is
    kSpelling = 2,           // a tolerated spelling
    kOverDisambiguated = 4,  // the origin named more precisely than needed
    kFileSuffices = 8,       // disambiguated otherwise when the file is what tells the pieces apart
    kRankNeeded = 16,        // disambiguated otherwise when the rank is (the file does not)
    kClaim = 32,             // `+`/`#` not what σ′ makes good
    kNumber = 64,            // a written move number that is not this move's
    kNumberMissing = 128,    // no move number before a White move
};

}  // namespace claims_detail

// The faults of `ply`, played in σ as `p`; `actual` is what σ′ makes good (actual_claim), as the
// caller found it. `numbers` says whether the written move number is a claim: it is on the main line
// only, and only where [[S]] plays the steps in text order (under the paper's map the numbers are
// its keys: errata.md, steps-in-text-order); the caller knows which, once per game.
[[nodiscard]] inline unsigned claim_faults(const sem::Engine& e, const ast::Ply& ply, const sem::State& s,
                                           const Played& p, bool numbers, ast::CheckClaim actual) {
    using namespace claims_detail;
    const ast::Move& m = ply.move;
    unsigned f = 0;
    // A marker T's retry had to flip, or one a move T read either way states wrongly (`x` on
    // a pawn move or promotion written wrongly cannot get here, T rejects it; a Coordinate
    // move has no `x`).
    if (const auto wc = written_capture(m); p.capture_marker_flipped || (wc && *wc != sem::is_capture(p.action.rule)))
        f |= kMarker;
    if (m.spelling != ast::kCanonical) f |= kSpelling;
    // §8.2.3.4: the first of file, rank, square that tells the move apart from the other
    // legal moves of that kind to that square, and nothing when none is needed.
    if (const ast::Disambiguator* written = origin_hint(m); written && !(m.spelling & ast::kLongAlgebraic)) {
        const ast::Disambiguator needed = e.canonical_disambiguator(s, p.action);
        if (disambiguation_size(*written) > disambiguation_size(needed))
            f |= kOverDisambiguated;
        else if (!needed.empty() && !(*written == needed))
            f |= needed.file ? kFileSuffices : kRankNeeded;
    }
    if (m.claim != actual) f |= kClaim;
    if (numbers) {
        if (ply.number_written == 0) {
            if (sem::to_move(s) == Color::White) f |= kNumberMissing;
        } else if (ply.number_written != sem::move_number(s)) {
            f |= kNumber;
        }
    }
    return f;
}

// The spellings the reader tolerates (§8.2.3.7), by the Spelling bit it sets: the warning each
// gets and its sentence.
struct SpellingWarning {
    ast::Spelling bit;
    WarningKind kind;
    const char* what;
};
[[nodiscard]] std::span<const SpellingWarning> tolerated_spellings() noexcept;

// The warnings of `faults` into `out`, about the main-line ply `ply_no` (0 in a variation).
void report_claims(const sem::Engine& e, std::vector<Warning>& out, const ast::Ply& ply, std::uint32_t ply_no,
                   const sem::State& s, const Played& p, bool in_variation, ast::CheckClaim actual, unsigned faults);

// The claims one defined move makes, checked against the position: warnings into `out`.
inline void check_claims(const sem::Engine& e, std::vector<Warning>& out, const ast::Ply& ply, std::uint32_t ply_no,
                         const sem::State& s, const Played& p, bool in_variation, bool numbers,
                         ast::CheckClaim actual) {
    if (const unsigned f = claim_faults(e, ply, s, p, numbers, actual); f != 0)
        report_claims(e, out, ply, ply_no, s, p, in_variation, actual, f);
}

// The termination marker against the Result tag and against σ, the final position (its outcome
// and draws as `v` holds them).
void result_claims(const ast::Game& g, const sem::State& s, Verdict& v);

}  // namespace pgnsem::interp
