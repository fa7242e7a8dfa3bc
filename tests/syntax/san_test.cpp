// SAN (§8.2.3 of the PGN standard): parse_san and print_san, table-driven, and the SAN cases
// of the edge-case catalogue (§4d, §4f, §4g), each asserting pgnsem's decision.
#include <catch2/catch.hpp>

#include "tests/syntax/syntax_test_util.hpp"

using namespace pgnsem;
using test::printed;
using test::san;
using test::san_error;

namespace {

Square sq(const char* s) {
    return *Square::from_chars(s[0], s[1]);
}

struct Canonical {
    const char* text;
    ast::MoveBody body;
};

}  // namespace

TEST_CASE("§8.2.3.3 canonical SAN reads to the expected AST and prints back unchanged", "[san][8.2.3.3]") {
    const ast::Disambiguator none{};
    const std::vector<Canonical> table = {
        {"e4", ast::Traversal{PieceKind::Pawn, none, sq("e4")}},
        {"exd5", ast::Capture{PieceKind::Pawn, {File::from_char('e'), std::nullopt}, sq("d5")}},
        {"Nf3", ast::Traversal{PieceKind::Knight, none, sq("f3")}},
        {"Nbd7", ast::Traversal{PieceKind::Knight, {File::from_char('b'), std::nullopt}, sq("d7")}},
        {"R1a3", ast::Traversal{PieceKind::Rook, {std::nullopt, Rank::from_char('1')}, sq("a3")}},
        {"Qa1b2", ast::Traversal{PieceKind::Queen, {File::from_char('a'), Rank::from_char('1')}, sq("b2")}},
        {"Nxe5", ast::Capture{PieceKind::Knight, none, sq("e5")}},
        {"Qa6xb7", ast::Capture{PieceKind::Queen, {File::from_char('a'), Rank::from_char('6')}, sq("b7")}},
        {"Kxe2", ast::Capture{PieceKind::King, none, sq("e2")}},
        {"O-O", ast::Castle{ast::CastleSide::King}},
        {"O-O-O", ast::Castle{ast::CastleSide::Queen}},
        {"e8=Q", *ast::Promotion::make(std::nullopt, sq("e8"), ast::PromotionPiece::Queen)},
        {"exd8=N", *ast::Promotion::make(File::from_char('e'), sq("d8"), ast::PromotionPiece::Knight)},
        {"a1=R", *ast::Promotion::make(std::nullopt, sq("a1"), ast::PromotionPiece::Rook)},
        {"gxh1=B", *ast::Promotion::make(File::from_char('g'), sq("h1"), ast::PromotionPiece::Bishop)},
    };
    for (const Canonical& c : table) {
        INFO(c.text);
        const ast::Move m = san(c.text);
        CHECK(m.body == c.body);
        CHECK(m.claim == ast::CheckClaim::None);
        CHECK(m.suffix == ast::Suffix::None);
        CHECK(m.spelling == ast::kCanonical);
        CHECK(printed(m) == c.text);
    }
}

TEST_CASE("§8.2.3.5 check and mate signs are read as claims", "[san][8.2.3.5]") {
    CHECK(san("Qh5+").claim == ast::CheckClaim::Check);
    CHECK(san("Qh7#").claim == ast::CheckClaim::Mate);
    CHECK(san("fxg1=Q+").claim == ast::CheckClaim::Check);
    CHECK(san("O-O-O#").claim == ast::CheckClaim::Mate);
    CHECK(printed(san("Qa6xb7#")) == "Qa6xb7#");
    // edge case 80: `e4++` is not SAN
    const syntax::SanError e = san_error("e4++");
    CHECK(e.kind == "syntax/suffix");
    CHECK(e.column == 3);
    CHECK(san_error("e4+#").kind == "syntax/suffix");
}

TEST_CASE("§8.2.3.8 the six suffix annotations, always last", "[san][8.2.3.8]") {
    const std::vector<std::pair<const char*, ast::Suffix>> table = {
        {"e4!", ast::Suffix::Good},      {"e4?", ast::Suffix::Mistake},       {"Nf3!!", ast::Suffix::Brilliant},
        {"Nc6??", ast::Suffix::Blunder}, {"Bb5!?", ast::Suffix::Interesting}, {"a6?!", ast::Suffix::Dubious},
        {"Qh5+!", ast::Suffix::Good},    {"e8=Q#??", ast::Suffix::Blunder},
    };
    for (const auto& [text, suffix] : table) {
        INFO(text);
        const ast::Move m = san(text);
        CHECK(m.suffix == suffix);
        CHECK(printed(m, true) == text);
        CHECK(printed(m, false) == std::string(text).substr(0, std::string(text).find_first_of("!?")));
    }
    // edge case 85: glyph before the check sign
    SECTION("Qh5!+ is an error at the +") {
        const syntax::SanError e = san_error("Qh5!+");
        CHECK(e.kind == "syntax/suffix");
        CHECK(e.column == 4);
    }
    // edge case 86: two glyphs
    SECTION("e4!!! is an error at the third glyph character") {
        const syntax::SanError e = san_error("e4!!!");
        CHECK(e.kind == "syntax/suffix");
        CHECK(e.column == 4);
    }
}

TEST_CASE("§8.2.3.4 disambiguators: file, rank, square", "[san][8.2.3.4]") {
    CHECK(boost::variant2::get<ast::Traversal>(san("Nge2").body).from.file == File::from_char('g'));
    CHECK(boost::variant2::get<ast::Traversal>(san("N1e2").body).from.rank == Rank::from_char('1'));
    const auto full = boost::variant2::get<ast::Traversal>(san("Ng1e2").body).from;
    CHECK(full.file == File::from_char('g'));
    CHECK(full.rank == Rank::from_char('1'));
    CHECK(san("Ng1e2").spelling == ast::kCanonical);
    CHECK(printed(san("Raxa3")) == "Raxa3");
}

TEST_CASE("§8.2.3.2 piece letters: upper case only, P is a tolerance", "[san][8.2.3.2]") {
    // edge case 51: `Pe4` is a pawn move with the kPawnLetter bit
    const ast::Move pe4 = san("Pe4");
    CHECK(pe4.body == ast::MoveBody(ast::Traversal{PieceKind::Pawn, {}, sq("e4")}));
    CHECK(pe4.spelling == ast::kPawnLetter);
    CHECK(printed(pe4) == "e4");
    const ast::Move pexd5 = san("Pexd5");
    CHECK(pexd5.spelling == ast::kPawnLetter);
    CHECK(printed(pexd5) == "exd5");
    // edge case 55: a lower-case piece letter could be a file: an error, never a pawn move
    for (const char* t : {"nf3", "rd1", "qh5", "ke2"}) {
        INFO(t);
        const syntax::SanError e = san_error(t);
        CHECK(e.kind == "syntax/san");
        CHECK(e.column == 0);
    }
}

TEST_CASE("edge cases 37-39: castling spellings", "[san][edge]") {
    CHECK(san("O-O").spelling == ast::kCanonical);
    const ast::Move zero = san("0-0");
    CHECK(zero.body == ast::MoveBody(ast::Castle{ast::CastleSide::King}));
    CHECK(zero.spelling == ast::kZeroCastle);
    CHECK(printed(zero) == "O-O");
    const ast::Move zero_long = san("0-0-0+");
    CHECK(zero_long.body == ast::MoveBody(ast::Castle{ast::CastleSide::Queen}));
    CHECK(zero_long.spelling == ast::kZeroCastle);
    CHECK(printed(zero_long) == "O-O-O+");
    CHECK(san_error("o-o").kind == "syntax/san");
    CHECK(san_error("O-O-").kind == "syntax/san");
}

TEST_CASE("edge case 44: en passant remarks glued to the capture", "[san][edge]") {
    for (const char* t : {"exd6e.p.", "exd6ep", "exd6e.p.+"}) {
        INFO(t);
        const ast::Move m = san(t);
        CHECK(m.body == ast::MoveBody(ast::Capture{PieceKind::Pawn, {File::from_char('e'), std::nullopt}, sq("d6")}));
        CHECK((m.spelling & ast::kEnPassantSuffix) != 0);
        CHECK(printed(m, false).substr(0, 4) == "exd6");
    }
    CHECK(san_error("e4ep").kind == "syntax/san");
}

TEST_CASE("edge cases 45-50: promotion spellings and errors", "[san][edge]") {
    CHECK(san("b8=Q+").spelling == ast::kCanonical);
    const ast::Move no_eq = san("b8Q");
    CHECK(no_eq.body == ast::MoveBody(*ast::Promotion::make(std::nullopt, sq("b8"), ast::PromotionPiece::Queen)));
    CHECK(no_eq.spelling == ast::kPromotionWithoutEquals);
    CHECK(san("b8=q").spelling == ast::kLowercasePromotion);
    CHECK(san("b8q").spelling == (ast::kLowercasePromotion | ast::kPromotionWithoutEquals));
    CHECK(printed(san("b8q")) == "b8=Q");
    // edge case 48: `b8` without a piece parses; the semantics rejects it (promo/missing)
    CHECK(san("b8").body == ast::MoveBody(ast::Traversal{PieceKind::Pawn, {}, sq("b8")}));
    // edge case 49: `b8/Q` is not SAN
    CHECK(san_error("b8/Q").kind == "syntax/san");
    // edge case 50: =K and =P are no promotions, the column is the letter's
    const syntax::SanError k = san_error("b8=K");
    CHECK(k.kind == "syntax/promotion-piece");
    CHECK(k.column == 3);
    CHECK(san_error("b8=P").kind == "syntax/promotion-piece");
    CHECK(san_error("b8=").kind == "syntax/promotion-piece");
    // promotion off the last rank, column of `=`
    const syntax::SanError rank = san_error("e5=Q");
    CHECK(rank.kind == "syntax/promotion-rank");
    CHECK(rank.column == 2);
    CHECK(san_error("exd5=Q").kind == "syntax/promotion-rank");
    CHECK(san_error("Ne8=Q").kind == "syntax/san");
}

TEST_CASE("edge cases 52-54: long algebraic and UCI moves", "[san][edge]") {
    const ast::Move dash = san("e2-e4");
    CHECK(dash.body == ast::MoveBody(ast::Coordinate{sq("e2"), sq("e4"), std::nullopt}));
    CHECK(dash.spelling == ast::kLongAlgebraic);
    const ast::Move uci = san("e2e4");
    CHECK(uci.body == ast::MoveBody(ast::Coordinate{sq("e2"), sq("e4"), std::nullopt}));
    CHECK(uci.spelling == ast::kCoordinate);
    CHECK(printed(uci) == "e2e4");
    const ast::Move knight = san("g1f3");
    CHECK(knight.body == ast::MoveBody(ast::Coordinate{sq("g1"), sq("f3"), std::nullopt}));
    const ast::Move promo = san("e7e8q");
    CHECK(promo.body == ast::MoveBody(ast::Coordinate{sq("e7"), sq("e8"), ast::PromotionPiece::Queen}));
    CHECK(printed(promo) == "e7e8q");
    CHECK(san_error("e7e6q").kind == "syntax/promotion-rank");
    const ast::Move lan = san("Ng1-f3");
    CHECK(lan.body ==
          ast::MoveBody(ast::Traversal{PieceKind::Knight, {File::from_char('g'), Rank::from_char('1')}, sq("f3")}));
    CHECK(lan.spelling == ast::kLongAlgebraic);
    CHECK(printed(lan) == "Ng1f3");
    const ast::Move pawn_lan = san("e4xd5");
    CHECK(pawn_lan.body ==
          ast::MoveBody(ast::Capture{PieceKind::Pawn, {File::from_char('e'), Rank::from_char('4')}, sq("d5")}));
    CHECK(pawn_lan.spelling == ast::kLongAlgebraic);
    CHECK(printed(pawn_lan) == "exd5");
    CHECK(san_error("N-f3").kind == "syntax/san");
    // the promotion AST keeps only the file, so a rank that cannot promote is refused
    CHECK(san("e7xd8=Q").body ==
          ast::MoveBody(*ast::Promotion::make(File::from_char('e'), sq("d8"), ast::PromotionPiece::Queen)));
    CHECK(san_error("e6xd8=Q").kind == "syntax/san");
}

TEST_CASE("edge cases 58-61: missing x, pawn capture without file, Nf3:, trailing garbage, empty", "[san][edge]") {
    CHECK(san_error("ed5").kind == "syntax/san");
    CHECK(san_error("ed").kind == "syntax/san");
    const syntax::SanError xd5 = san_error("xd5");
    CHECK(xd5.kind == "syntax/pawn-capture-file");
    CHECK(xd5.column == 0);
    CHECK(san_error("Pxd5").kind == "syntax/pawn-capture-file");
    CHECK(san_error("exg5").kind == "syntax/pawn-capture-file");
    // `N:f3` is the capture-colon spelling (tests/syntax/edge_cases_test.cpp); a colon after the
    // square is not a spelling of anything
    CHECK(san_error("Nf3:").kind == "syntax/san");
    const syntax::SanError garbage = san_error("Nf3xyz");
    CHECK(garbage.kind == "syntax/san");
    CHECK(garbage.column == 4);
    CHECK(san_error("Kg1x").kind == "syntax/san");
    const syntax::SanError nz9 = san_error("Nz9");
    CHECK(nz9.kind == "syntax/san");
    CHECK(nz9.column == 1);
    CHECK(san_error("").kind == "syntax/san");
    CHECK(san_error("d").kind == "syntax/san");
}

TEST_CASE("edge cases 92-94: null moves", "[san][edge]") {
    for (const char* t : {"--", "Z0", "0000", "@@@@"}) {
        INFO(t);
        const ast::Move m = san(t);
        CHECK(m.body == ast::MoveBody(ast::NullMove{}));
        CHECK(printed(m) == "--");
    }
}

TEST_CASE("print_san prints the canonical spelling whatever the spelling bits", "[san][8.2.3.7]") {
    ast::Move m = san("Nf3");
    m.spelling = 0xFFFF;
    m.suffix = ast::Suffix::Dubious;
    m.claim = ast::CheckClaim::Mate;
    CHECK(printed(m, false) == "Nf3#");
    CHECK(printed(m, true) == "Nf3#?!");
}
