// L14 of proofs-notes/invariants.md: the fast SAN reader reads as the general one. The PGN reader
// reads nearly every move through parse_common_san (syntax/san_fast.hpp); these tests compare it
// with parse_general_san, the reader parse_san falls back on, which reads every token itself.
//
// Soundness: every token parse_common_san accepts, the general reader accepts too, with an equal
// ast::Move (body, claim, suffix, spelling). Tokens are random bytes, words of SAN's alphabet,
// SAN-shaped tokens with near-misses (origins, separators, promotions, suffixes, castling spelled
// every way), and such tokens with a few characters inserted, removed or replaced.
//
// Completeness: parse_common_san covers exactly these forms, each with no suffix, `+` or `#`, in
// canonical spelling:
//   - a pawn advance onto ranks 2–7: `e4`;
//   - a pawn capture from an adjacent file onto ranks 2–7: `exd5`;
//   - a move or capture of N, B, R, Q or K with no origin, an origin file or an origin rank:
//     `Nf3`, `Nxe5`, `Nbd7`, `R1e2`, `Nbxd7`, `R1xe2`;
//   - `O-O` and `O-O-O`.
// It accepts every token of these forms (all 33,042 are enumerated) and leaves everything else to
// the general reader: promotions, moves onto the last rank without one, full origin squares,
// suffix glyphs, and every tolerated spelling.
#include "syntax/san_fast.hpp"

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "syntax/san.hpp"

using namespace pgnsem;

namespace {

// Every field of a move, for messages: the text printed with its suffix, then the fields the text
// does not show (which body alternative, the spelling bits, the claim).
std::string describe(const ast::Move& m) {
    std::string out(syntax::print_san(m, true).view());
    out += " [body " + std::to_string(m.body.index()) + ", spelling " + std::to_string(m.spelling) + ", claim " +
           std::to_string(static_cast<int>(m.claim)) + ", suffix " + std::to_string(static_cast<int>(m.suffix)) + "]";
    return out;
}

std::string describe(const syntax::SanResult& r) {
    if (const auto* m = boost::variant2::get_if<ast::Move>(&r)) return describe(*m);
    const auto& e = boost::variant2::get<syntax::SanError>(r);
    return "error " + std::string(e.kind) + " at " + std::to_string(e.column);
}

// --- tokens ----------------------------------------------------------------------------------

// A file or rank, now and then one step beyond the board, so that near-misses occur.
std::string file_char() {
    return std::string(
        1, *rc::gen::weightedElement<char>(
               {{16, 'a'}, {16, 'b'}, {16, 'c'}, {16, 'd'}, {16, 'e'}, {16, 'f'}, {16, 'g'}, {16, 'h'}, {8, 'i'}}));
}
std::string rank_char() {
    return std::string(1, *rc::gen::weightedElement<char>({{4, '0'},
                                                           {16, '1'},
                                                           {16, '2'},
                                                           {16, '3'},
                                                           {16, '4'},
                                                           {16, '5'},
                                                           {16, '6'},
                                                           {16, '7'},
                                                           {16, '8'},
                                                           {4, '9'}}));
}

// A token shaped like SAN: an optional piece letter, an optional origin, a separator, a
// destination, a promotion, an en passant mark, a claim and a glyph, each of them sometimes
// wrong; or castling, spelled every way. With these weights the fast path reads about one in
// eight of them (and one in fourteen of all the tokens generated).
std::string san_shaped() {
    using Part = std::pair<std::size_t, std::string>;
    const auto pick = [](std::initializer_list<Part> parts) { return *rc::gen::weightedElement<std::string>(parts); };
    std::string t;
    if (*rc::gen::inRange(0, 8) == 0) {
        t = *rc::gen::element<std::string>("O-O", "O-O-O", "0-0", "0-0-0", "O-O-O-O", "o-o", "OO", "O-", "O-0");
    } else {
        t += pick({{4, ""}, {2, "N"}, {2, "B"}, {2, "R"}, {2, "Q"}, {2, "K"}, {1, "P"}, {1, "n"}, {1, "b"}, {1, "Z"}});
        const std::string f = file_char(), r = rank_char();
        t += pick({{6, ""}, {2, f}, {2, r}, {1, f + r}, {1, f + f}});
        t += pick({{5, ""}, {4, "x"}, {1, "-"}, {1, ":"}, {1, "xx"}});
        t += pick({{8, file_char() + rank_char()}, {1, f}, {1, r}, {1, ""}});
        if (*rc::gen::inRange(0, 6) == 0)
            t += *rc::gen::element<std::string>("=Q", "=N", "=B", "=R", "=K", "=P", "Q", "q", "=q", "=", "n");
        if (*rc::gen::inRange(0, 10) == 0) t += *rc::gen::element<std::string>("e.p.", "ep", "e.p");
    }
    t += pick({{6, ""}, {3, "+"}, {2, "#"}, {1, "++"}, {1, "+#"}, {1, "#+"}});
    if (*rc::gen::inRange(0, 6) == 0) t += *rc::gen::element<std::string>("!", "?", "!!", "??", "!?", "?!", "!!!");
    return t;
}

// A word over SAN's characters and a few neighbours of them.
std::string san_alphabet_word() {
    const auto c = rc::gen::element<char>('N', 'B', 'R', 'Q', 'K', 'P', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i',
                                          '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'x', '+', '#', '=', 'O',
                                          '-', '!', '?', '.', 'p', 'q', ' ');
    return *rc::gen::container<std::string>(*rc::gen::inRange<std::size_t>(0, 9), c);
}

// One, two or three characters inserted, removed or replaced.
std::string edited(std::string t) {
    const int edits = *rc::gen::inRange(1, 4);
    for (int k = 0; k < edits; ++k) {
        const auto at = *rc::gen::inRange<std::size_t>(0, t.size() + 1);
        const char c = *rc::gen::element<char>('N', 'K', 'a', 'h', '1', '8', 'x', '+', '#', '-', 'O', '=', '\0');
        switch (*rc::gen::inRange(0, 3)) {
            case 0: t.insert(at, 1, c); break;
            case 1:
                if (at < t.size()) t.erase(at, 1);
                break;
            default:
                if (at < t.size()) t[at] = c;
                break;
        }
    }
    return t;
}

std::string any_token() {
    switch (*rc::gen::inRange(0, 10)) {
        case 0:
            return *rc::gen::container<std::string>(*rc::gen::inRange<std::size_t>(0, 12), rc::gen::arbitrary<char>());
        case 1:
        case 2: return san_alphabet_word();
        case 3:
        case 4: return edited(san_shaped());
        default: return san_shaped();
    }
}

// --- the forms parse_common_san covers -------------------------------------------------------

constexpr PieceKind kPieces[] = {PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen,
                                 PieceKind::King};
constexpr ast::CheckClaim kClaims[] = {ast::CheckClaim::None, ast::CheckClaim::Check, ast::CheckClaim::Mate};

// Every move body of the forms listed at the top, in canonical spelling.
std::vector<ast::MoveBody> common_forms() {
    std::vector<ast::MoveBody> bodies;
    for (int q = 0; q < 64; ++q) {
        const Square to = Square::unchecked(q);
        const int file = to.file().index();
        const int rank = to.rank().index();
        if (rank != 0 && rank != 7) {
            bodies.push_back(ast::Traversal{PieceKind::Pawn, {}, to});
            for (int from : {file - 1, file + 1})
                if (from >= 0 && from < 8)
                    bodies.push_back(ast::Capture{PieceKind::Pawn, {File::unchecked(from), std::nullopt}, to});
        }
        for (PieceKind piece : kPieces) {
            std::vector<ast::Disambiguator> origins{{}};
            for (int i = 0; i < 8; ++i) {
                origins.push_back({File::unchecked(i), std::nullopt});
                origins.push_back({std::nullopt, Rank::unchecked(i)});
            }
            for (const ast::Disambiguator& from : origins) {
                bodies.push_back(ast::Traversal{piece, from, to});
                bodies.push_back(ast::Capture{piece, from, to});
            }
        }
    }
    bodies.push_back(ast::Castle{ast::CastleSide::King});
    bodies.push_back(ast::Castle{ast::CastleSide::Queen});
    return bodies;
}

}  // namespace

TEST_CASE("L14 every token parse_common_san accepts, the general reader reads as the same move",
          "[property][san][L14]") {
    rc::prop("parse_common_san(t) = m implies parse_general_san(t) = m and parse_san(t) = m", [] {
        // Many tokens per case: most random tokens are refused by both readers, and only the
        // accepted ones say anything. At full size, so that every choice of the token generators
        // is open from the first case on (rapidcheck scales ranges down for its early cases).
        const auto token = rc::gen::resize(rc::kNominalSize, rc::gen::exec(any_token));
        const auto tokens = *rc::gen::container<std::vector<std::string>>(256, token);
        int accepted = 0;
        for (const std::string& t : tokens) {
            ast::Move fast;
            if (!syntax::parse_common_san(t, fast)) continue;
            ++accepted;
            // compared as text first, so that a failure shows the token and both readings
            const std::string read_fast = "`" + t + "` " + describe(fast);
            const syntax::SanResult general = syntax::parse_general_san(t);
            RC_ASSERT("`" + t + "` " + describe(general) == read_fast);
            RC_ASSERT(boost::variant2::get<ast::Move>(general) == fast);
            RC_ASSERT("`" + t + "` " + describe(syntax::parse_san(t)) == read_fast);
        }
        RC_TAG(accepted == 0   ? "no token accepted"
               : accepted < 16 ? "1-15 of 256 tokens accepted"
                               : "16 or more of 256 accepted");
    });
}

TEST_CASE("L14 parse_common_san accepts every token of its forms, as the general reader reads it", "[san][L14]") {
    std::size_t tokens = 0;
    std::vector<std::string> failures;
    for (const ast::MoveBody& body : common_forms()) {
        for (ast::CheckClaim claim : kClaims) {
            const ast::Move want{body, claim, ast::Suffix::None, ast::kCanonical};
            const std::string t(syntax::print_san(want).view());
            ++tokens;
            ast::Move fast;
            const bool accepted = syntax::parse_common_san(t, fast);
            const syntax::SanResult general = syntax::parse_general_san(t);
            const auto* m = boost::variant2::get_if<ast::Move>(&general);
            if (!accepted || !(fast == want) || m == nullptr || !(*m == want))
                failures.push_back(t + ": fast " + (accepted ? describe(fast) : "refused") + ", general " +
                                   describe(general) + ", wanted " + describe(want));
        }
    }
    // pawns: 48 advances and 84 captures (14 pairs of adjacent files, 6 ranks); pieces: 5 kinds,
    // 17 origins (none, 8 files, 8 ranks), move or capture, 64 squares; two castlings; each with
    // three claims: (48 + 84 + 5 * 17 * 2 * 64 + 2) * 3
    CHECK(tokens == 33042);
    INFO("first failure: " << (failures.empty() ? std::string("none") : failures.front()));
    CHECK(failures.empty());
    if (failures.size() > 1) WARN(failures.size() << " tokens failed; the second: " << failures[1]);
}

TEST_CASE("L14 parse_common_san leaves the other forms to the general reader", "[san][L14]") {
    // The boundary documented in syntax/san_fast.hpp: each of these is read by parse_san (through
    // the general reader), none by the fast path.
    for (const char* t : {"e8=Q",  "exd8=N+",  "e8",     "exd1", "Qh4e1", "Ng1f3", "Ng1-f3", "Nb1xc3",
                          "e2e4",  "e2-e4",    "e4xd5",  "Pe4",  "0-0",   "0-0-0", "Nf3!",   "e4?!",
                          "O-O!!", "exd6e.p.", "exd6ep", "e8Q",  "e8=q",  "--",    "Z0",     "0000"}) {
        INFO(t);
        ast::Move fast;
        CHECK_FALSE(syntax::parse_common_san(t, fast));
        CHECK(boost::variant2::holds_alternative<ast::Move>(syntax::parse_san(t)));
    }
}
