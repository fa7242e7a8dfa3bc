// [[S]] over whole games: verdicts, notation claims, draw facts, --strict, output.
#include "interpreter/interpret.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/generate.hpp"
#include "interpreter/explain.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "syntax/pgn/reader.hpp"

using namespace pgnsem;
using interp::Verdict;
using interp::VerdictKind;

namespace {

// Judges every game of a PGN text.
std::vector<Verdict> judge_all(const std::string& pgn, bool strict = false) {
    syntax::PgnReader reader(pgn);
    interp::Interpreter interpreter(interp::Options{strict});
    std::vector<Verdict> out;
    ast::Game g;
    while (reader.next(g)) {
        Verdict v;
        interpreter.run(g, v);
        out.push_back(v);
    }
    return out;
}

Verdict one(const std::string& pgn, bool strict = false) {
    auto all = judge_all(pgn, strict);
    REQUIRE(all.size() == 1);
    return all.front();
}

std::vector<std::string> kinds(const Verdict& v) {
    std::vector<std::string> k;
    for (const auto& w : v.warnings) k.emplace_back(kind_name(w.kind));
    return k;
}

bool has_warning(const Verdict& v, const std::string& kind) {
    for (const auto& w : v.warnings)
        if (kind_name(w.kind) == kind) return true;
    return false;
}

}  // namespace

TEST_CASE("a legal game with correct claims has no warnings", "[interpreter]") {
    const Verdict v = one("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(v.plies == 7);
    CHECK(v.warnings.empty());
    CHECK(v.end == sem::Outcome::Checkmate);
    CHECK(v.fen_after == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
}

TEST_CASE("the first illegal move stops the fold with its ply, number, side and rule", "[interpreter]") {
    const Verdict v = one("1. e4 e5 2. Ke3 *\n");
    CHECK(v.kind == VerdictKind::Illegal);
    REQUIRE(v.error);
    CHECK(v.error->ply == 3);
    CHECK(v.error->move_number == 2);
    CHECK(v.error->side == Color::White);
    CHECK(v.error->written == "Ke3");
    CHECK(v.error->rule == "src/unreachable");
    CHECK(v.plies == 2);
    CHECK(v.fen_after == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
}

TEST_CASE("a move after checkmate is game/over", "[game/over]") {
    const Verdict v = one("1. f3 e5 2. g4 Qh4# 3. a3 *\n");
    REQUIRE(v.error);
    CHECK(v.error->rule == "game/over");
    CHECK(v.error->ply == 5);
    CHECK(v.error->message.find("checkmated") != std::string::npos);
}

TEST_CASE("capture-marker: a piece capture without x and a non-capture with x are played with a warning",
          "[interpreter][capture-marker]") {
    const Verdict without_x = one("1. e4 d5 2. Nc3 d4 3. Nb5 c6 4. Nd4 *\n");
    CHECK(without_x.kind == VerdictKind::Legal);
    CHECK(has_warning(without_x, "capture-marker"));
    const Verdict with_x = one("1. Nxf3 *\n");
    CHECK(with_x.kind == VerdictKind::Legal);
    REQUIRE(has_warning(with_x, "capture-marker"));
    for (const auto& w : with_x.warnings)
        if (w.kind == interp::WarningKind::CaptureMarker) CHECK(w.canonical == "Nf3");
    // a pawn's x names another pawn and square: no tolerance
    const Verdict pawn = one("1. e4 d5 2. exd6 *\n");
    CHECK(pawn.kind == VerdictKind::Illegal);
}

TEST_CASE("check claims: missing and false + and # are warnings, errors under --strict", "[interpreter][check-claim]") {
    const Verdict missing = one("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n");
    CHECK(missing.kind == VerdictKind::Legal);
    CHECK(kinds(missing) == std::vector<std::string>{"check-claim"});
    const Verdict false_check = one("1. e4+ e5 *\n");
    CHECK(kinds(false_check) == std::vector<std::string>{"check-claim"});
    const Verdict strict = one("1. e4+ e5 *\n", true);
    CHECK(strict.kind == VerdictKind::Malformed);
    REQUIRE(strict.error);
    CHECK(strict.error->rule == "notation/check-claim");
    CHECK(strict.error->ply == 1);
    CHECK(strict.plies == 0);
}

TEST_CASE("results: tag against marker, marker against the final position", "[interpreter][result]") {
    const Verdict mismatch = one("[Result \"0-1\"]\n\n1. e4 e5 1-0\n");
    CHECK(has_warning(mismatch, "result-mismatch"));
    const Verdict contradicted = one("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
    CHECK(has_warning(contradicted, "result-position"));
    const Verdict drawn_after_mate = one("1. f3 e5 2. g4 Qh4# 1/2-1/2\n");
    CHECK(has_warning(drawn_after_mate, "result-position"));
    const Verdict missing = one("1. e4 e5\n");
    CHECK(has_warning(missing, "missing-result"));
    CHECK(!missing.result.has_value());
}

TEST_CASE("repetition: threefold is claimable, fivefold automatic", "[interpreter][draws]") {
    const std::string shuffle = "Nf3 Nf6 Ng1 Ng8 ";
    std::string moves;
    for (int i = 0; i < 4; ++i) moves += shuffle;
    // positions: start, after ply 4, 8 (third time: threefold), 12, 16 (fifth time: fivefold);
    // after ply 7 Black may already claim by announcing Ng8 (Law 9.2.1)
    const Verdict v = one("[Result \"*\"]\n\n" + moves + "*\n");
    CHECK(v.draws.threefold == 7);
    CHECK(v.draws.fivefold == 16);
    CHECK(v.draws.claimable_at() == 7);
    CHECK(v.draws.automatic_at() == 16);
    const Verdict after = one("[Result \"*\"]\n\n" + moves + "Nf3 *\n");
    CHECK(has_warning(after, "after-automatic-draw"));
}

TEST_CASE("fifty and seventy-five moves from the halfmove clock", "[interpreter][draws]") {
    const Verdict fifty = one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]\n\n80. Ra2 *\n");
    // at 99, White may announce Ra2 (Law 9.3.1): claimable at the start position, ply 0
    CHECK(fifty.draws.fifty_moves == 0);
    CHECK(fifty.draws.automatic_at() == interp::DrawFacts::kNever);
    const Verdict seventy_five = one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 80\"]\n\n80. Ra2 *\n");
    CHECK(seventy_five.draws.seventy_five_moves == 1);
}

// The position key is updated from what each move did. Repetitions right after a promotion, a
// capture and castling are found (the first position after the move comes back twice more; from
// ply 8 the player to move may announce its third occurrence, Law 9.2.1), and an en passant right
// makes two placements of the same pieces different positions.
TEST_CASE("repetition after a promotion, a capture, castling and a double step", "[interpreter][draws]") {
    const auto fen = [](const std::string& f, const std::string& moves) {
        return one("[SetUp \"1\"]\n[FEN \"" + f + "\"]\n\n" + moves + " *\n").draws.threefold;
    };
    CHECK(fen("8/P6k/8/8/8/8/8/K7 w - - 0 1", "1. a8=Q Kh6 2. Qb8 Kh7 3. Qa8 Kh6 4. Qb8 Kh7 5. Qa8") == 8);
    CHECK(fen("4k3/7p/8/3p4/8/2N5/8/4K3 w - - 0 1", "1. Nxd5 Kd7 2. Nc3 Ke8 3. Nd5 Kd7 4. Nc3 Ke8 5. Nd5") == 8);
    CHECK(fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "1. O-O Kd7 2. Kh1 Ke8 3. Kg1 Kd7 4. Kh1 Ke8 5. Kg1") == 8);
    // After 1. e4 the pawn on f4 may take en passant: the same pieces after 3. Ng1 and 5. Ng1,
    // without that right, are another position, so after ply 8 White's Ng1 would make only its
    // second occurrence; the first claim is Black's after ply 9, announcing Kd7 (the position
    // after 1... Kd7 for the third time). With the pawn on a4 there is no such right, and after
    // ply 8 White may announce Ng1, the position after 1. e4 for the third time.
    const std::string shuffle = "1. e4 Kd7 2. Nf3 Ke8 3. Ng1 Kd7 4. Nf3 Ke8 5. Ng1 Kd7";
    CHECK(fen("4k3/8/8/8/5p2/8/4P3/4K1N1 w - - 0 1", shuffle) == 9);
    CHECK(fen("4k3/8/8/8/p7/8/4P3/4K1N1 w - - 0 1", shuffle) == 8);
}

TEST_CASE("dead position after a capture leaves kings and a minor piece", "[interpreter][draws]") {
    const Verdict v = one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/3QK1N1 w - - 0 1\"]\n\n1. Qxd2 Kf7 *\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(v.draws.dead_position == interp::DrawFacts::kNever);
    const Verdict dead = one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/5N2/3q4/4K3 w - - 0 1\"]\n\n1. Nxd2 *\n");
    CHECK(dead.draws.dead_position == 1);
}

// The main line counts the pawns, rooks and queens; these moves change that count in each way.
TEST_CASE("dead position after a promotion, and after a capture that promotes", "[interpreter][draws]") {
    CHECK(one("[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. e8=B *\n").draws.dead_position == 1);
    CHECK(one("[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. e8=Q *\n").draws.dead_position ==
          interp::DrawFacts::kNever);
    CHECK(one("[SetUp \"1\"]\n[FEN \"3r4/4P3/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. exd8=N *\n").draws.dead_position == 1);
    CHECK(one("[SetUp \"1\"]\n[FEN \"3r4/4P3/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. exd8=R *\n").draws.dead_position ==
          interp::DrawFacts::kNever);
    CHECK(one("[SetUp \"1\"]\n[FEN \"3r4/4P3/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. e8=N Rd1+ 2. Kg2 Rd2+ 3. Kg3 Rd3+ 4. Kf4 "
              "Rd4+ 5. Ke5 Kb2 6. Kxd4 *\n")
              .draws.dead_position == 11);
    // A position dead before the first move is dead at ply 0, the start position.
    CHECK(one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4KB2 w - - 0 1\"]\n\n1. Bc4 *\n").draws.dead_position == 0);
}

TEST_CASE("variations are replayed from the position before the move they replace", "[interpreter][variation]") {
    const Verdict ok = one("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 *\n");
    CHECK(ok.kind == VerdictKind::Legal);
    CHECK_FALSE(has_warning(ok, "variation-illegal"));
    const Verdict bad = one("1. e4 (1. Ke2) 1... e5 2. Nf3 *\n");
    CHECK(bad.kind == VerdictKind::Legal);
    CHECK(has_warning(bad, "variation-illegal"));
    CHECK(bad.error_in_variation);
    const Verdict strict = one("1. e4 (1. Ke2) 1... e5 2. Nf3 *\n", true);
    CHECK(strict.kind == VerdictKind::Illegal);
}

TEST_CASE("null moves: illegal in the main line, a warning in a variation", "[move/null]") {
    const Verdict main_line = one("1. e4 -- 2. d4 *\n");
    REQUIRE(main_line.error);
    CHECK(main_line.error->rule == "move/null");
    CHECK(main_line.error->ply == 2);
    const Verdict variation = one("1. e4 (1. d4 -- 2. c4) 1... e5 *\n");
    CHECK(variation.kind == VerdictKind::Legal);
    CHECK(has_warning(variation, "variation-null"));
}

TEST_CASE("a variant other than standard chess and Chess960 is unsupported and named", "[variant/unsupported]") {
    const Verdict v = one("[Variant \"Crazyhouse\"]\n\n1. e4 *\n");
    CHECK(v.kind == VerdictKind::Unsupported);
    REQUIRE(v.error);
    CHECK(v.error->message.find("Crazyhouse") != std::string::npos);
    CHECK(one("[Variant \"Standard\"]\n\n1. e4 *\n").kind == VerdictKind::Legal);
    // Chess960 under the spellings of real files (proofs-notes/chess960.md), judged
    for (const char* name : {"Chess960", "chess 960", "Fischerandom", "freestyle", "FISCHER RANDOM"}) {
        INFO(name);
        const Verdict c =
            one(std::string("[Variant \"") + name +
                "\"]\n[SetUp \"1\"]\n[FEN \"qr4kr/pppppppp/8/8/8/8/PPPPPPPP/QR4KR w HBhb - 0 1\"]\n\n1. O-O "
                "O-O *\n");
        CHECK(c.kind == VerdictKind::Legal);
        CHECK(c.fen_after == "qr3rk1/pppppppp/8/8/8/8/PPPPPPPP/QR3RK1 w - - 2 2");
    }
}

TEST_CASE("a FEN start: ply counts from it, Black first, impossible positions are illegal at ply 0",
          "[interpreter][fen]") {
    const Verdict black_first =
        one("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n1... Ke7 *\n");
    REQUIRE(black_first.error);
    CHECK(black_first.error->ply == 1);
    CHECK(black_first.error->side == Color::Black);
    CHECK(black_first.error->move_number == 1);
    const Verdict impossible = one("[SetUp \"1\"]\n[FEN \"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n");
    CHECK(impossible.kind == VerdictKind::Illegal);
    REQUIRE(impossible.error);
    CHECK(impossible.error->ply == 0);
    CHECK(impossible.error->rule == "position/opposite-check");
    const Verdict no_setup = one("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n");
    CHECK(no_setup.kind == VerdictKind::Legal);
    CHECK(has_warning(no_setup, "fen-without-setup"));
}

TEST_CASE("explanations name the pin", "[check/pinned]") {
    const Verdict v = one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1\"]\n\n1. Ne4 *\n");
    REQUIRE(v.error);
    CHECK(v.error->rule == "check/pinned");
    CHECK(v.error->message == "the white knight on c3 is pinned by the black bishop on b4 against the king on e1");
}

TEST_CASE("one broken game does not hide the next", "[interpreter][recovery]") {
    const auto all = judge_all("[Event \"1\"]\n\n1. e4 e5=Q *\n\n[Event \"2\"]\n\n1. d4 d5 *\n");
    REQUIRE(all.size() == 2);
    CHECK(all[0].kind == VerdictKind::Malformed);
    CHECK(all[1].kind == VerdictKind::Legal);
}

TEST_CASE("JSON output: Latin-1 bytes become UTF-8, control characters are escaped", "[output]") {
    std::string out;
    interp::append_json_string(out, std::string("M\xfcller \"x\"\n\x01 \xc3\xa9"));
    CHECK(out == "\"M\xc3\xbcller \\\"x\\\"\\n\\u0001 \xc3\xa9\"");
    const Verdict v = one("[White \"M\xfcller\"]\n\n1. e4 *\n");
    std::string line;
    interp::append_verdict_json(line, {}, "f.pgn", v);
    const auto j = nlohmann::json::parse(line);
    CHECK(j["players"]["white"] == "M\xc3\xbcller");
    CHECK(j["players"]["black"].is_null());
    CHECK(j["verdict"] == "legal");
    CHECK(j["plies"] == 1);
    CHECK(j["error"].is_null());
}

// The string writer looks at sixteen bytes at a time, the last sixteen overlapping what came
// before; a byte that needs escaping is found wherever it stands, in strings of any length, and
// the text before the string is kept.
TEST_CASE("JSON output: an escaped byte at every place of strings of 1 to 40 bytes", "[output]") {
    const std::string specials[] = {"\"", "\\", "\n", "\x7f", "\x01", "\xe9", "\x9b", "\xc2\x85"};
    const std::string decoded[] = {"\"", "\\", "\n", "\x7f", "\x01", "\xc3\xa9", "\xc2\x9b", "\xc2\x85"};
    for (std::size_t n = 1; n <= 40; ++n)
        for (std::size_t at = 0; at < n; ++at)
            for (std::size_t k = 0; k < std::size(specials); ++k) {
                std::string text(n - 1, 'a');
                text.insert(at, specials[k]);
                std::string expected(n - 1, 'a');
                expected.insert(at, decoded[k]);
                std::string out = "[";
                interp::append_json_string(out, text);
                out += "]";
                const auto j = nlohmann::json::parse(out);
                CHECK(j[0].get<std::string>() == expected);
            }
    // Much longer than the room the writer makes at a time: 6 bytes out for each byte in.
    std::string out;
    interp::append_json_string(out, std::string(10000, '\x01'));
    CHECK(out.size() == 60002);
    CHECK(nlohmann::json::parse(out).get<std::string>() == std::string(10000, '\x01'));
}

TEST_CASE("JSON output: control characters, C1 included, are \\u00XX and never the character", "[output]") {
    std::string out;
    interp::append_json_string(out, std::string("\x1b]0;x\x07 \x9b \xc2\x9b \xc2\xa0"));
    CHECK(out == "\"\\u001b]0;x\\u0007 \\u009b \\u009b \xc2\xa0\"");
}

TEST_CASE("text output: control bytes are \\xNN, other bytes as JSON reads them", "[output]") {
    // ESC, BEL, DEL, a C1 control in ISO 8859-1 and in UTF-8; é in both; quotes and backslashes as they are
    CHECK(interp::text_for_people("a\x1b[31mb\x07\x7f\x9b\xc2\x9b\xe9\xc3\xa9\"\\\t") ==
          "a\\x1b[31mb\\x07\\x7f\\x9b\\xc2\\x9b\xc3\xa9\xc3\xa9\"\\\\x09");
    // every length and place, with the SIMD run finder in front
    for (std::size_t n = 1; n <= 40; ++n)
        for (std::size_t at = 0; at < n; ++at) {
            const std::string before(at, 'a'), after(n - 1 - at, 'a');
            CHECK(interp::text_for_people(before + "\x1b" + after) == before + "\\x1b" + after);
        }
}

TEST_CASE("gen: the same seed gives the same game, and labels name the first bad ply", "[gen]") {
    const auto a = interp::generate_game(7, 3, 1000);
    const auto b = interp::generate_game(7, 3, 1000);
    CHECK(a.pgn == b.pgn);
    CHECK(a.pgn != interp::generate_game(8, 3, 1000).pgn);
    int labelled = 0;
    for (std::uint32_t i = 1; i <= 40; ++i) {
        const auto g = interp::generate_game(11, i, 1000);
        const Verdict v = one(g.pgn);
        if (g.bad_ply) {
            ++labelled;
            CHECK(v.kind == VerdictKind::Illegal);
            REQUIRE(v.error);
            CHECK(v.error->ply == *g.bad_ply);
            CHECK(v.error->rule == g.rule);
        } else {
            CHECK(v.kind == VerdictKind::Legal);
        }
    }
    CHECK(labelled > 20);
}

TEST_CASE("a syntax error inside a variation says so; the main line is judged up to it", "[interpreter][recovery]") {
    const Verdict v = one("1. e4 (1. d4 Nz9) 1... e5 2. Nf3 *\n");
    CHECK(v.kind == VerdictKind::Malformed);
    REQUIRE(v.error);
    CHECK(v.error->message.find("inside a variation") != std::string::npos);
    CHECK(v.plies == 1);
    const Verdict main_line = one("1. e4 Nz9 *\n");
    REQUIRE(main_line.error);
    CHECK(main_line.error->message.find("variation") == std::string::npos);
}
