// The FEN reader and printer against §16.1 of the PGN standard and the FEN cases of the edge-case
// catalogue (§4h, 109–115; §4b 28); the record form of seed 001; the board of seed 002.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "syntax/fen.hpp"
#include "tests/fen/fen_test_util.hpp"

namespace {

using pgnsem::Color;
using pgnsem::ColoredPiece;
using pgnsem::PieceKind;
using pgnsem::Placement;
using pgnsem::Square;
using pgnsem::test::fen;
using pgnsem::test::fen_error;
using pgnsem::test::printed;
using pgnsem::test::sq;
namespace syntax = pgnsem::syntax;

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::optional<ColoredPiece> at(const Placement& p, const char* name) {
    return p.squares[static_cast<std::size_t>(sq(name).index())];
}

struct ErrorCase {
    const char* fen;
    const char* field;
    std::uint32_t column;
    // a phrase the message must contain
    const char* words;
};

void check_errors(std::initializer_list<ErrorCase> cases) {
    for (const auto& c : cases) {
        INFO("FEN: \"" << c.fen << "\"");
        const auto e = fen_error(c.fen);
        INFO("message: " << e.message);
        CHECK(e.field == c.field);
        CHECK(e.column == c.column);
        CHECK_THAT(e.message, Catch::Contains(c.words));
    }
}

}  // namespace

TEST_CASE("§16.1.3 six fields separated by a single space", "[fen][16.1.3]") {
    const Placement p = fen(kStart);
    CHECK(p.side_to_move == Color::White);
    // Leading and trailing white space (a line end, a tag's padding) is not part of the FEN.
    CHECK(fen("  " + std::string(kStart) + " \r\n") == p);
    check_errors({
        {"", "fields", 0, "empty"},
        {"   ", "fields", 3, "empty"},
        // edge case 111: board only, and four fields (EPD)
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "fields", 43, "has 1 field"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "fields", 52, "has 4 fields"},
        // edge case 113: two spaces
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1", "fields", 46, "two spaces"},
        // edge case 114: a seventh field
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "fields", 57, "seventh field"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1", "fields", 43, "a tab"},
    });
}

TEST_CASE("§16.1.3.1 piece placement data", "[fen][16.1.3.1]") {
    const Placement p = fen(kStart);
    CHECK(at(p, "a1") == ColoredPiece{Color::White, PieceKind::Rook});
    CHECK(at(p, "e1") == ColoredPiece{Color::White, PieceKind::King});
    CHECK(at(p, "d8") == ColoredPiece{Color::Black, PieceKind::Queen});
    CHECK(at(p, "g7") == ColoredPiece{Color::Black, PieceKind::Pawn});
    CHECK(at(p, "b8") == ColoredPiece{Color::Black, PieceKind::Knight});
    CHECK(at(p, "c1") == ColoredPiece{Color::White, PieceKind::Bishop});
    CHECK_FALSE(at(p, "e4").has_value());
    int pieces = 0;
    for (const auto& q : p.squares) pieces += q ? 1 : 0;
    CHECK(pieces == 32);
    check_errors({
        // edge cases 109 and §4b 28: 7 ranks, a rank overflowing, the digit 9
        {"8/8/8/8/8/8/4K2k w - - 0 1", "placement", 16, "has 7 ranks"},
        {"4k4/8/8/8/8/8/8/4K3 w - - 0 1", "placement", 2, "overflows"},
        {"4k3/8/8/8/8/8/8/4K2k1 w - - 0 1", "placement", 20, "overflows"},
        {"9/8/8/8/8/8/8/4K2k w - - 0 1", "placement", 0, "digit 9"},
        {"4k3/8/8/0/8/8/8/4K3 w - - 0 1", "placement", 8, "digit 0"},
        {"4k3/8/8/7/8/8/8/4K3 w - - 0 1", "placement", 9, "rank 5 describes only 7 files"},
        {"4k3/8/8/8/8/8/8/4K2 w - - 0 1", "placement", 19, "rank 1 describes only 7 files"},
        {"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", "placement", 17, "ninth rank"},
        {"4k3/8/8/8/8/8/8/4X3 w - - 0 1", "placement", 17, "unknown piece letter 'X'"},
        {"4k3/8/8/8/8/8/8/4K3/ w - - 0 1", "placement", 19, "ninth rank"},
        // edge case 110: consecutive digits (syntax/fen-decisions.md)
        {"4k3/8/8/8/8/8/8/K34 w - - 0 1", "placement", 18, "two digits in a row"},
    });
    CHECK_THAT(fen_error("4k3/8/8/8/8/8/8/K34 w - - 0 1").message, Catch::Contains("write 7"));
}

TEST_CASE("§16.1.3.2 active color", "[fen][16.1.3.2]") {
    CHECK(fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").side_to_move == Color::White);
    CHECK(fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").side_to_move == Color::Black);
    check_errors({
        // edge case 112: side x
        {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side", 20, "'w' or 'b'"},
        {"4k3/8/8/8/8/8/8/4K3 W - - 0 1", "side", 20, "'w' or 'b'"},
        {"4k3/8/8/8/8/8/8/4K3 white - - 0 1", "side", 20, "'w' or 'b'"},
    });
}

TEST_CASE("§16.1.3.3 castling availability", "[fen][16.1.3.3]") {
    const Placement all = fen(kStart);
    CHECK((all.white_king_side && all.white_queen_side && all.black_king_side && all.black_queen_side));
    const Placement some = fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
    CHECK((some.white_king_side && !some.white_queen_side && !some.black_king_side && some.black_queen_side));
    const Placement none = fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    CHECK((!none.white_king_side && !none.white_queen_side && !none.black_king_side && !none.black_queen_side));
    check_errors({
        // edge case 102: order and repeats
        {"r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", "castling", 27, "out of order"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1", "castling", 27, "repeated"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w Qk- - 0 1", "castling", 28, "stands alone"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQx - 0 1", "castling", 28, "unknown castling letter 'x'"},
        // Chess960's file letters: after K and before Q of their colour, from h to a
        {"r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1", "castling", 27, "out of order"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w QH - 0 1", "castling", 27, "out of order"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w HHah - 0 1", "castling", 27, "repeated"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w hH - 0 1", "castling", 27, "out of order"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KI - 0 1", "castling", 27, "unknown castling letter 'I'"},
    });
}

TEST_CASE("§16.1.3.3 castling by file letter: Shredder-FEN and X-FEN, for Chess960", "[fen][16.1.3.3][chess960]") {
    // edge case 103: the letters are read and kept as written; what they mean is the semantics'
    const Placement shredder = fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    CHECK_FALSE((shredder.white_king_side || shredder.white_queen_side || shredder.black_king_side ||
                 shredder.black_queen_side));
    CHECK(shredder.castling_files[0] == ((1u << 7) | 1u));
    CHECK(shredder.castling_files[1] == ((1u << 7) | 1u));
    const Placement xfen = fen("1r2kr2/8/8/8/8/8/8/RR2K2R w KBkb - 0 1");
    CHECK((xfen.white_king_side && !xfen.white_queen_side && xfen.black_king_side && !xfen.black_queen_side));
    CHECK(xfen.castling_files[0] == (1u << 1));
    for (const char* text :
         {"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "1r2kr2/8/8/8/8/8/8/RR2K2R w KBkb - 0 1",
          "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", "4k3/8/8/8/8/8/8/R3K2R w KHGQ - 0 1"}) {
        INFO(text);
        CHECK(printed(fen(text)) == text);
    }
}

TEST_CASE("§16.1.3.4 en passant target square", "[fen][16.1.3.4]") {
    const Placement p = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    REQUIRE(p.en_passant.has_value());
    CHECK(*p.en_passant == sq("e3"));
    CHECK_FALSE(fen(kStart).en_passant.has_value());
    // Any square parses; whether it fits the position is validate()'s (edge cases 97, 98).
    CHECK(*fen("4k3/8/8/8/8/8/8/4K3 w - e4 0 1").en_passant == sq("e4"));
    check_errors({
        {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "en-passant", 25, "rank digit"},
        {"4k3/8/8/8/8/8/8/4K3 w - E3 0 1", "en-passant", 24, "not a file"},
        {"4k3/8/8/8/8/8/8/4K3 w - e 0 1", "en-passant", 25, "rank digit"},
        {"4k3/8/8/8/8/8/8/4K3 w - e3x 0 1", "en-passant", 26, "single square"},
        {"4k3/8/8/8/8/8/8/4K3 w - -- 0 1", "en-passant", 24, "not a file"},
    });
}

TEST_CASE("§16.1.3.5 halfmove clock", "[fen][16.1.3.5]") {
    CHECK(fen("4k3/8/8/8/8/8/8/4K3 w - - 150 80").halfmove_clock == 150);
    // 70000 parses: the range is validate()'s question (position/clock).
    CHECK(fen("4k3/8/8/8/8/8/8/4K3 w - - 70000 1").halfmove_clock == 70000);
    CHECK(fen("4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1").halfmove_clock == 4294967295u);
    check_errors({
        // edge case 112: halfmove -1
        {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove", 26, "not a digit"},
        {"4k3/8/8/8/8/8/8/4K3 w - - +1 1", "halfmove", 26, "not a digit"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 1x 1", "halfmove", 27, "not a digit"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1", "halfmove", 26, "32 bits"},
    });
}

TEST_CASE("§16.1.3.6 fullmove number", "[fen][16.1.3.6]") {
    CHECK(fen("4k3/8/8/8/8/8/8/4K3 w - - 5 39").fullmove_number == 39);
    // edge case 112: fullmove 0 parses (validate() reports position/clock)
    CHECK(fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0").fullmove_number == 0);
    check_errors({
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1.", "fullmove", 29, "not a digit"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999", "fullmove", 28, "32 bits"},
    });
}

TEST_CASE("§16.1.4 the standard's examples read and print back", "[fen][16.1.4]") {
    const char* examples[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39",
    };
    for (const char* x : examples) {
        INFO(x);
        CHECK(printed(fen(x)) == x);
    }
    const Placement nf3 = fen(examples[3]);
    CHECK(at(nf3, "f3") == ColoredPiece{Color::White, PieceKind::Knight});
    CHECK_FALSE(at(nf3, "g1").has_value());
    CHECK(nf3.halfmove_clock == 1);
    CHECK(nf3.fullmove_number == 2);
}

TEST_CASE("print_fen of the longest placement fits", "[fen]") {
    Placement p;
    for (auto& q : p.squares) q = ColoredPiece{Color::Black, PieceKind::Queen};
    p.white_king_side = p.white_queen_side = p.black_king_side = p.black_queen_side = true;
    p.en_passant = sq("e3");
    p.halfmove_clock = 4294967295u;
    p.fullmove_number = 4294967295u;
    const std::string text = printed(p);
    CHECK(text.size() == 103);
    CHECK(fen(text) == p);
}

TEST_CASE("FEN record: tags, FEN, comment (seed 001)", "[fen][record]") {
    const auto r = syntax::parse_fen_record(
        "[Event \"Casual Game\"] [White \"Alice\"] [Black \"Bob\"] "
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {This is the starting position}");
    REQUIRE(boost::variant2::holds_alternative<syntax::FenRecord>(r));
    const auto& rec = boost::variant2::get<syntax::FenRecord>(r);
    CHECK(rec.event == std::optional<std::string>("Casual Game"));
    CHECK(rec.white == std::optional<std::string>("Alice"));
    CHECK(rec.black == std::optional<std::string>("Bob"));
    CHECK(rec.comment == std::optional<std::string>("This is the starting position"));
    CHECK(rec.placement == fen(kStart));

    // Tags on their own lines, some missing, escapes in the value; no comment.
    const auto r2 = syntax::parse_fen_record("[White \"A \\\"B\\\" C\"]\n\n4k3/8/8/8/8/8/8/4K3 b - - 0 7\n");
    REQUIRE(boost::variant2::holds_alternative<syntax::FenRecord>(r2));
    const auto& rec2 = boost::variant2::get<syntax::FenRecord>(r2);
    CHECK_FALSE(rec2.event.has_value());
    CHECK(rec2.white == std::optional<std::string>("A \"B\" C"));
    CHECK_FALSE(rec2.black.has_value());
    CHECK_FALSE(rec2.comment.has_value());
    CHECK(rec2.placement.fullmove_number == 7);

    // A bare FEN is a record; the comment may follow on the next line.
    const auto r3 = syntax::parse_fen_record("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n{mate in none}");
    REQUIRE(boost::variant2::holds_alternative<syntax::FenRecord>(r3));
    CHECK(boost::variant2::get<syntax::FenRecord>(r3).comment == std::optional<std::string>("mate in none"));

    struct Bad {
        const char* text;
        const char* field;
        std::uint32_t column;
    };
    const Bad bad[] = {
        {"[Site \"x\"] 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "tag", 1},
        {"[Black \"x\"] [White \"y\"] 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "tag", 13},
        {"[Event \"x\" 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "tag", 11},
        {"[Event \"x] 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "tag", 0},
        {"[Event \"x\"] 4k3/8/8/8/8/8/8/4K3 w - - 0 1 {open", "comment", 42},
        {"[Event \"x\"] 4k3/8/8/8/8/8/8/4K3 w - - 0 1 {c} junk", "record", 46},
        // a FEN error keeps its column, counted from the start of the record
        {"[Event \"x\"] 4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side", 32},
        {"[Event \"x\"]", "fields", 11},
    };
    for (const auto& b : bad) {
        INFO(b.text);
        const auto e = syntax::parse_fen_record(b.text);
        REQUIRE(boost::variant2::holds_alternative<syntax::FenError>(e));
        const auto& err = boost::variant2::get<syntax::FenError>(e);
        INFO(err.message);
        CHECK(err.field == b.field);
        CHECK(err.column == b.column);
    }
}

TEST_CASE("board diagram in the style of seed 002", "[fen][diagram]") {
    const std::string d = syntax::board_diagram(fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"));
    const std::string rule = "+---+---+---+---+---+---+---+---+\n";
    const std::string expected =
        rule + "| r | n | b | q | k | b | n | r | 8\n" + rule + "| p | p |   | p | p | p | p | p | 7\n" + rule +
        "|   |   |   |   |   |   |   |   | 6\n" + rule + "|   |   | p |   |   |   |   |   | 5\n" + rule +
        "|   |   |   |   | P |   |   |   | 4\n" + rule + "|   |   |   |   |   | N |   |   | 3\n" + rule +
        "| P | P | P | P |   | P | P | P | 2\n" + rule + "| R | N | B | Q | K | B |   | R | 1\n" + rule +
        "  a   b   c   d   e   f   g   h\n";
    CHECK(d == expected);
}

namespace {

// Any placement at all: each square empty or any piece, any side, rights, target and clocks.
rc::Gen<Placement> arbitrary_placement() {
    return rc::gen::exec([] {
        Placement p;
        for (auto& q : p.squares) {
            if (*rc::gen::inRange(0, 3) != 0) continue;
            q = ColoredPiece{*rc::gen::element(Color::White, Color::Black),
                             *rc::gen::element(PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook,
                                               PieceKind::Queen, PieceKind::King)};
        }
        p.side_to_move = *rc::gen::element(Color::White, Color::Black);
        p.white_king_side = *rc::gen::arbitrary<bool>();
        p.white_queen_side = *rc::gen::arbitrary<bool>();
        p.black_king_side = *rc::gen::arbitrary<bool>();
        p.black_queen_side = *rc::gen::arbitrary<bool>();
        if (*rc::gen::arbitrary<bool>()) p.en_passant = Square::unchecked(*rc::gen::inRange(0, 64));
        p.halfmove_clock = *rc::gen::arbitrary<std::uint32_t>();
        p.fullmove_number = *rc::gen::arbitrary<std::uint32_t>();
        return p;
    });
}

// Whether an error is well formed: a known field, a column inside (or at the end of) the text.
bool well_formed(const syntax::FenError& e, std::size_t size) {
    constexpr std::string_view fields[] = {"placement", "side",     "castling", "en-passant",
                                           "halfmove",  "fullmove", "fields"};
    bool known = false;
    for (auto f : fields) known = known || f == e.field;
    return known && e.column <= size && !e.message.empty();
}

}  // namespace

TEST_CASE("L9 print_fen and parse_fen are inverse on canonical FENs", "[property][fen]") {
    rc::prop("parse_fen(print_fen(p)) = p", [] {
        const Placement p = *arbitrary_placement();
        const std::string text = printed(p);
        const auto back = syntax::parse_fen(text);
        RC_ASSERT(boost::variant2::holds_alternative<Placement>(back));
        RC_ASSERT(boost::variant2::get<Placement>(back) == p);
    });
    rc::prop("print_fen(parse_fen(x)) = x for the FEN printed from any placement", [] {
        const std::string text = printed(*arbitrary_placement());
        RC_ASSERT(printed(fen(text)) == text);
    });
}

TEST_CASE("L11 parse_fen never crashes or hangs on arbitrary bytes", "[property][fen]") {
    rc::prop("arbitrary strings", [](const std::string& text) {
        const auto r = syntax::parse_fen(text);
        if (const auto* e = boost::variant2::get_if<syntax::FenError>(&r)) RC_ASSERT(well_formed(*e, text.size()));
    });
    rc::prop("a valid FEN with one byte changed, inserted or removed", [] {
        std::string text = printed(*arbitrary_placement());
        const auto i = *rc::gen::inRange<std::size_t>(0, text.size());
        const char c = *rc::gen::arbitrary<char>();
        switch (*rc::gen::inRange(0, 3)) {
            case 0: text[i] = c; break;
            case 1: text.insert(i, 1, c); break;
            default: text.erase(i, 1); break;
        }
        const auto r = syntax::parse_fen(text);
        if (const auto* e = boost::variant2::get_if<syntax::FenError>(&r)) {
            RC_ASSERT(well_formed(*e, text.size()));
        } else {
            // What parses prints back as a FEN that reads the same.
            const Placement& p = boost::variant2::get<Placement>(r);
            RC_ASSERT(fen(printed(p)) == p);
        }
        // The same text inside a record reads the same, unless the change made a line break, a
        // brace or a bracket, which the record form gives a meaning of its own.
        const auto rec = syntax::parse_fen_record("[Event \"e\"] " + text + " {c}");
        if (text.find_first_of("{}[\n\r") == std::string::npos) {
            RC_ASSERT(boost::variant2::holds_alternative<syntax::FenRecord>(rec) ==
                      boost::variant2::holds_alternative<Placement>(r));
        }
    });
}
