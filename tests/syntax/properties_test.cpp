// Property tests of the syntax layer (lemmas of proofs-notes/invariants.md): L5 (print_san and
// parse_san are inverse), L11 (the readers never crash or hang), L12 (writing a game and
// reading it back gives the same AST; writing is idempotent through reading).
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "syntax/pgn/reader.hpp"
#include "syntax/pgn/writer.hpp"
#include "syntax/san.hpp"

using namespace pgnsem;

namespace {

rc::Gen<Square> gen_square() {
    return rc::gen::map(rc::gen::inRange(0, 64), [](int i) { return Square::unchecked(i); });
}
rc::Gen<File> gen_file() {
    return rc::gen::map(rc::gen::inRange(0, 8), [](int i) { return File::unchecked(i); });
}
rc::Gen<Rank> gen_rank() {
    return rc::gen::map(rc::gen::inRange(0, 8), [](int i) { return Rank::unchecked(i); });
}
std::optional<File> maybe_file() {
    if (*rc::gen::arbitrary<bool>()) return *gen_file();
    return std::nullopt;
}
std::optional<Rank> maybe_rank() {
    if (*rc::gen::arbitrary<bool>()) return *gen_rank();
    return std::nullopt;
}
rc::Gen<PieceKind> gen_piece() {
    return rc::gen::element(PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen, PieceKind::King);
}
rc::Gen<ast::PromotionPiece> gen_promotion_piece() {
    return rc::gen::element(ast::PromotionPiece::Knight, ast::PromotionPiece::Bishop, ast::PromotionPiece::Rook,
                            ast::PromotionPiece::Queen);
}

// A move body in the canonical space: what print_san writes and parse_san reads back exactly.
ast::MoveBody any_body() {
    const int kind = *rc::gen::inRange(0, 8);
    switch (kind) {
        case 0: {
            // a pawn advance
            return ast::Traversal{PieceKind::Pawn, {}, *gen_square()};
        }
        case 1: {
            ast::Disambiguator d{maybe_file(), maybe_rank()};
            return ast::Traversal{*gen_piece(), d, *gen_square()};
        }
        case 2: {
            ast::Disambiguator d{maybe_file(), maybe_rank()};
            return ast::Capture{*gen_piece(), d, *gen_square()};
        }
        case 3: {
            // a pawn capture: from an adjacent file
            const Square to = *gen_square();
            const int f = to.file().index();
            const int from = f == 0 ? 1 : f == 7 ? 6 : *rc::gen::element(f - 1, f + 1);
            return ast::Capture{PieceKind::Pawn, {File::unchecked(from), std::nullopt}, to};
        }
        case 4: return ast::Castle{*rc::gen::element(ast::CastleSide::King, ast::CastleSide::Queen)};
        case 5: {
            const int file = *rc::gen::inRange(0, 8);
            const Square to = Square::unchecked(file + 8 * *rc::gen::element(0, 7));
            std::optional<File> from;
            if (*rc::gen::arbitrary<bool>())
                from = File::unchecked(file == 0 ? 1 : file == 7 ? 6 : *rc::gen::element(file - 1, file + 1));
            return *ast::Promotion::make(from, to, *gen_promotion_piece());
        }
        case 6: {
            const Square from = *gen_square();
            const Square to = *gen_square();
            const bool last = to.rank().index() == 0 || to.rank().index() == 7;
            std::optional<ast::PromotionPiece> promo;
            if (last && *rc::gen::arbitrary<bool>()) promo = *gen_promotion_piece();
            return ast::Coordinate{from, to, promo};
        }
        default: return ast::NullMove{};
    }
}

ast::Move any_move() {
    ast::Move m{any_body()};
    m.claim = *rc::gen::element(ast::CheckClaim::None, ast::CheckClaim::Check, ast::CheckClaim::Mate);
    m.suffix = static_cast<ast::Suffix>(*rc::gen::inRange(0, 7));
    return m;
}

ast::Move without_spelling(ast::Move m) {
    m.spelling = ast::kCanonical;
    return m;
}

// --- a movetext tree, flattened into an ast::Game the way the reader stores one ------------
// Comments stand in every kind of place (before the game's first move, before a variation's
// first move, in an empty variation, after a move, after each of its variations, before the
// marker), NAGs after moves, and variations nest to depth 4, one chain of them always at least
// three deep.

struct TLine;
struct TVariation;
struct TPly {
    ast::Move move;
    std::vector<std::uint8_t> nags;
    std::vector<std::string> comments;
    std::vector<TVariation> variations;
};
struct TLine {
    std::vector<std::string> start_comments;
    std::vector<TPly> plies;
};
struct TVariation {
    TLine line;
    std::vector<std::string> comments_after;  // between its `)` and what follows
};

std::string any_comment_text() {
    // Comment text: anything but `}`; a line that starts with `[` is avoided, since the reader
    // takes `[Event ` or `[` after a blank line as the next game (syntax/README.md).
    return *rc::gen::container<std::string>(
        rc::gen::element<char>('a', 'Z', '0', ' ', '{', ';', '(', '"', '%', '\xE9'));
}

std::vector<std::string> some_comments(int one_in) {
    std::vector<std::string> out;
    if (*rc::gen::inRange(0, one_in) == 0) {
        const int n = *rc::gen::inRange(1, 3);
        for (int i = 0; i < n; ++i) out.push_back(any_comment_text());
    }
    return out;
}

// `forced` > 0: the line's first ply gets a variation nested `forced` deep.
TLine any_line(int depth, int forced = 0) {
    TLine line;
    const int min = forced > 0 ? 1 : 0;
    const int n = *rc::gen::inRange(min, depth == 0 ? 12 : 5);
    line.start_comments = some_comments(3);
    for (int i = 0; i < n; ++i) {
        TPly p{any_move(), {}, {}, {}};
        const int nags = *rc::gen::inRange(0, 3) == 0 ? *rc::gen::inRange(1, 3) : 0;
        for (int k = 0; k < nags; ++k) p.nags.push_back(*rc::gen::arbitrary<std::uint8_t>());
        p.comments = some_comments(4);
        int v = depth < 4 && *rc::gen::inRange(0, 5) == 0 ? *rc::gen::inRange(1, 4) : 0;
        if (i == 0 && forced > 0 && v == 0) v = 1;
        for (int k = 0; k < v; ++k) {
            const int inner = i == 0 && k == 0 && forced > 0 ? forced - 1 : 0;
            TVariation var{any_line(depth + 1, inner), some_comments(3)};
            p.variations.push_back(std::move(var));
        }
        line.plies.push_back(std::move(p));
    }
    return line;
}

struct Builder {
    ast::Game& g;
    std::vector<std::string>& texts;  // storage for the comments' views (reserved up front)

    // Returns the first ply of the line; `variation` is the line's (kNone: the main line).
    std::uint32_t line(const TLine& l, std::uint32_t variation) {
        for (const std::string& c : l.start_comments)
            comment(ast::Comment{ast::kNone, ast::kNone, variation, {}, {}}, c);
        std::uint32_t first = ast::kNone;
        std::uint32_t last = ast::kNone;
        for (const TPly& p : l.plies) {
            const auto index = static_cast<std::uint32_t>(g.plies.size());
            ast::Ply ply{p.move,
                         {},
                         {},
                         0,
                         {},
                         ast::kNone,
                         ast::kNone,
                         static_cast<std::uint32_t>(g.nags.size()),
                         static_cast<std::uint16_t>(p.nags.size())};
            g.plies.push_back(ply);
            for (std::uint8_t v : p.nags) g.nags.push_back(ast::Nag{v, {}});
            if (last != ast::kNone) g.plies[last].next = index;
            if (first == ast::kNone) first = index;
            last = index;
            for (const std::string& c : p.comments) comment(ast::Comment{index, ast::kNone, ast::kNone, {}, {}}, c);
            std::uint32_t previous = ast::kNone;
            for (const TVariation& v : p.variations) {
                const auto vi = static_cast<std::uint32_t>(g.variations.size());
                g.variations.push_back(ast::Variation{});
                if (previous == ast::kNone)
                    g.plies[index].first_variation = vi;
                else
                    g.variations[previous].next_sibling = vi;
                previous = vi;
                const std::uint32_t f = line(v.line, vi);
                g.variations[vi].first_ply = f;
                for (const std::string& c : v.comments_after) comment(ast::Comment{index, vi, ast::kNone, {}, {}}, c);
            }
        }
        return first;
    }
    void comment(ast::Comment place, const std::string& text) {
        texts.push_back(text);
        place.text = texts.back();
        g.comments.push_back(place);
    }
};

// The game as a canonical string: moves (spelling dropped, a suffix glyph as its NAG first),
// NAGs, comments at their places and variations, in the writer's order. Every comment is
// looked up by its place (not by its order in Game::comments), so two games that print the same
// here have the same movetext AST, places included, up to positions and spellings.
void describe_comments(const ast::Game& g, const ast::Comment& place, std::string& out) {
    for (const ast::Comment& c : g.comments) {
        if (!c.same_place(place)) continue;
        out += "{";
        out += c.text;
        out += "} ";
    }
}

void describe_line(const ast::Game& g, std::uint32_t variation, std::uint32_t p, std::string& out) {
    describe_comments(g, ast::Comment{ast::kNone, ast::kNone, variation, {}, {}}, out);
    for (; p != ast::kNone; p = g.plies[p].next) {
        const ast::Ply& ply = g.plies[p];
        ast::Move m = without_spelling(ply.move);
        const auto suffix = m.suffix;
        m.suffix = ast::Suffix::None;
        out += syntax::print_san(m).view();
        if (suffix != ast::Suffix::None) {
            out += " $";
            out += std::to_string(static_cast<int>(suffix));
        }
        for (std::uint32_t i = 0; i < ply.nags_count; ++i) {
            out += " $";
            out += std::to_string(g.nags[ply.nags_begin + i].value);
        }
        out += " ";
        describe_comments(g, ast::Comment{p, ast::kNone, ast::kNone, {}, {}}, out);
        for (std::uint32_t v = ply.first_variation; v != ast::kNone; v = g.variations[v].next_sibling) {
            out += "(";
            describe_line(g, v, g.variations[v].first_ply, out);
            out += ") ";
            describe_comments(g, ast::Comment{p, v, ast::kNone, {}, {}}, out);
        }
    }
}

std::string describe_text(const ast::Game& g) {
    std::string out;
    describe_line(g, ast::kNone, g.main_line, out);
    if (g.result)
        out += ast::result_text(*g.result);
    else
        out += "none";
    return out;
}

// How deep the variations of a line nest.
int nesting(const ast::Game& g, std::uint32_t p) {
    int deepest = 0;
    for (; p != ast::kNone; p = g.plies[p].next)
        for (std::uint32_t v = g.plies[p].first_variation; v != ast::kNone; v = g.variations[v].next_sibling)
            deepest = std::max(deepest, 1 + nesting(g, g.variations[v].first_ply));
    return deepest;
}

}  // namespace

TEST_CASE("L5 print_san and parse_san are inverse on canonical moves", "[property][san]") {
    rc::prop("parse_san(print_san(m)) = m", [] {
        const ast::Move m = any_move();
        const syntax::ShortText text = syntax::print_san(m, true);
        const syntax::SanResult r = syntax::parse_san(text.view());
        const ast::Move* back = boost::variant2::get_if<ast::Move>(&r);
        const bool parsed = back != nullptr;
        RC_ASSERT(parsed);
        RC_ASSERT(without_spelling(*back) == m);
    });
}

TEST_CASE("L5 printing what the reader accepted is a fixpoint", "[property][san]") {
    rc::prop("print_san(parse_san(print_san(parse_san(t)))) = print_san(parse_san(t))", [] {
        // a canonical move, respelled with some of the reader's tolerances
        std::string t(syntax::print_san(any_move(), true).view());
        const auto splice = [&t](std::size_t at, std::size_t erase, std::string_view with) {
            std::string u;
            u.append(t, 0, at);
            u.append(with);
            u.append(t, at + erase);
            t.swap(u);
        };
        const auto replace = [&t, &splice](std::string_view from, std::string_view to) {
            const std::size_t at = t.find(from);
            if (at != std::string::npos) splice(at, from.size(), to);
        };
        const bool pawn =
            t[0] >= 'a' && t[0] <= 'h' && !(t.size() >= 4 && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8');
        if (*rc::gen::arbitrary<bool>()) replace("O-O", "0-0");
        if (*rc::gen::arbitrary<bool>()) replace("-O", "-0");
        if (pawn && *rc::gen::arbitrary<bool>()) splice(0, 0, "P");
        if (*rc::gen::arbitrary<bool>()) replace("=", "");
        for (char c : std::string_view("NBRQ")) {
            const std::array<char, 2> upper{'=', c};
            const std::array<char, 2> lower{'=', static_cast<char>(c - 'A' + 'a')};
            if (*rc::gen::inRange(0, 3) == 0)
                replace(std::string_view(upper.data(), 2), std::string_view(lower.data(), 2));
        }
        if (pawn && t.find('x') != std::string::npos && t.find('=') == std::string::npos && *rc::gen::arbitrary<bool>())
            splice(t[0] == 'P' ? 5 : 4, 0, *rc::gen::element<std::string>("e.p.", "ep"));
        if (*rc::gen::inRange(0, 8) == 0)
            splice(*rc::gen::inRange<std::size_t>(0, t.size() + 1), 0,
                   *rc::gen::element<std::string>("-", "x", "1", "e"));
        const syntax::SanResult r = syntax::parse_san(t);
        const ast::Move* m = boost::variant2::get_if<ast::Move>(&r);
        // (a respelling the reader refuses, e.g. with a stray character inserted, proves nothing here)
        if (m == nullptr) return;
        const syntax::ShortText once = syntax::print_san(*m, true);
        const syntax::SanResult again = syntax::parse_san(once.view());
        const ast::Move* m2 = boost::variant2::get_if<ast::Move>(&again);
        const bool reparsed = m2 != nullptr;
        RC_ASSERT(reparsed);
        RC_ASSERT(syntax::print_san(*m2, true).view() == once.view());
        RC_ASSERT(m2->claim == m->claim);
        RC_ASSERT(m2->suffix == m->suffix);
    });
}

TEST_CASE("L11 parse_san never crashes on arbitrary bytes", "[property][san]") {
    rc::prop("parse_san terminates with a move or an error inside the token", [] {
        const std::string t =
            *rc::gen::container<std::string>(*rc::gen::inRange<std::size_t>(0, 40), rc::gen::arbitrary<char>());
        const syntax::SanResult r = syntax::parse_san(t);
        if (const auto* e = boost::variant2::get_if<syntax::SanError>(&r)) {
            RC_ASSERT(!e->kind.empty());
            RC_ASSERT(e->column <= t.size());
        }
    });
}

TEST_CASE("L11 PgnReader never crashes or hangs on arbitrary bytes", "[property][pgn]") {
    rc::prop("every game read is well formed", [] {
        // bytes biased towards PGN's own characters, so the reader gets deep into its states
        const auto pgn_char = rc::gen::weightedOneOf<char>(
            {{3, rc::gen::element<char>('[', ']', '"', '{', '}', '(', ')', ';', '%', '$', '.', '*', '\n', ' ', '\r',
                                        '\\', '!', '?')},
             {3, rc::gen::element<char>('1', '0', '-', '/', '2', 'e', '4', 'N', 'f', '3', 'x', 'O', 'E', 'v')},
             {1, rc::gen::arbitrary<char>()}});
        const std::string text = *rc::gen::container<std::string>(*rc::gen::inRange<std::size_t>(0, 400), pgn_char);
        syntax::PgnReader reader(text);
        ast::Game g;
        std::size_t games = 0;
        while (reader.next(g)) {
            ++games;
            RC_ASSERT(games <= text.size());
            RC_ASSERT(g.index == games);
            for (const ast::Ply& p : g.plies) {
                RC_ASSERT((p.next == ast::kNone || p.next < g.plies.size()));
                RC_ASSERT((p.first_variation == ast::kNone || p.first_variation < g.variations.size()));
                RC_ASSERT(p.nags_begin + p.nags_count <= g.nags.size());
                RC_ASSERT(p.text.data() >= text.data());
                RC_ASSERT(p.text.data() + p.text.size() <= text.data() + text.size());
                RC_ASSERT(p.pos.line >= 1);
                RC_ASSERT(p.pos.column >= 1);
            }
            if (g.error) RC_ASSERT(g.error->pos.line >= 1);
        }
    });
}

TEST_CASE("L12 writing a game and reading it back gives the same AST", "[property][pgn]") {
    rc::prop("read(write(g)) = g, and write(read(write(g))) = write(g)", [] {
        // one case in three has no forced nesting, so that short and empty games are drawn too
        const TLine main = any_line(0, *rc::gen::inRange(0, 3) == 0 ? 0 : 3);
        ast::Game g;
        std::vector<std::string> texts;
        texts.reserve(8192);
        Builder b{g, texts};
        g.main_line = b.line(main, ast::kNone);
        RC_PRE(texts.size() < 8192);
        RC_TAG(nesting(g, g.main_line) >= 3 ? "nested 3 deep or more" : "nested less");
        const auto n_tags = *rc::gen::inRange(0, 6);
        std::vector<std::string> tag_storage;
        tag_storage.reserve(16);
        for (int i = 0; i < n_tags; ++i) {
            tag_storage.push_back(
                *rc::gen::element<std::string>("Event", "Site", "White", "ECO", "My_Tag2", "Annotator", "Round"));
            const std::string& name = tag_storage.back();
            tag_storage.push_back(
                *rc::gen::container<std::string>(rc::gen::element<char>('a', 'Z', ' ', '"', '\\', '?', '.', '\xFC')));
            g.tags.push_back(ast::Tag{name, tag_storage.back(), {}});
        }
        g.result =
            *rc::gen::element(ast::Result::WhiteWins, ast::Result::BlackWins, ast::Result::Draw, ast::Result::Unknown);
        syntax::WriteOptions options;
        options.first_move_number = *rc::gen::inRange<std::uint32_t>(1, 200);
        options.first_side = *rc::gen::element(Color::White, Color::Black);
        const std::string written = syntax::write_game(g, options);

        syntax::PgnReader reader(written);
        ast::Game back;
        RC_ASSERT(reader.next(back));
        RC_ASSERT(!back.error);
        RC_ASSERT(describe_text(back) == describe_text(g));
        for (const char* name : {"Event", "Site", "White", "ECO", "My_Tag2", "Annotator", "Round"}) {
            if (g.tag(name)) RC_ASSERT(back.tag(name) == g.tag(name));
        }
        RC_ASSERT(back.tag("Date") == std::optional<std::string_view>("????.??.??"));
        const std::string rewritten = syntax::write_game(back, options);
        RC_ASSERT(rewritten == written);
        RC_ASSERT(!reader.next(back));
    });
}
