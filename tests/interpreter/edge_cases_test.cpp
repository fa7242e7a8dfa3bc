// The cases of ../shared/reference/edge-cases.md that are decided by the interpreter (tags that
// choose the start position, move numbers, results, SAN resolved in a position, claims), each
// named by its number in the catalogue. Reader-level cases are in tests/syntax/edge_cases_test.cpp,
// FEN cases in tests/fen/edge_cases_test.cpp.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/interpret.hpp"
#include "syntax/pgn/reader.hpp"

using namespace pgnsem;
using interp::Verdict;
using interp::VerdictKind;

namespace {

// The catalogue's named positions.
const std::string CASTLE = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
const std::string EP = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
const std::string PROMO = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
const std::string KN = "4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1";
const std::string KNPIN = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1";
const std::string ROOKS = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
const std::string QUEENS = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
const std::string CAP = "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1";
const std::string E4D5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";

Verdict judge_one(const std::string& pgn) {
    syntax::PgnReader reader(pgn);
    interp::Interpreter interpreter(interp::Options{});
    ast::Game g;
    REQUIRE(reader.next(g));
    Verdict v;
    interpreter.run(g, v);
    ast::Game rest;
    REQUIRE_FALSE(reader.next(rest));
    return v;
}

// One move (with its move number) from a FEN position.
Verdict at(const std::string& fen, const std::string& movetext) {
    return judge_one("[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + movetext + " *\n");
}

std::vector<std::string> sorted_kinds(const Verdict& v) {
    std::vector<std::string> k;
    for (const auto& w : v.warnings) k.emplace_back(kind_name(w.kind));
    std::sort(k.begin(), k.end());
    return k;
}

std::string rule(const Verdict& v) {
    return v.error ? v.error->rule : std::string();
}

using Kinds = std::vector<std::string>;

}  // namespace

TEST_CASE("edge 25: FEN without SetUp is used, with a warning", "[edge-cases]") {
    const Verdict v = judge_one("[FEN \"" + KN + "\"]\n\n1. Nge2 *\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(v) == Kinds{"fen-without-setup"});
}

TEST_CASE("edge 26: SetUp 1 without FEN is malformed", "[edge-cases]") {
    const Verdict v = judge_one("[SetUp \"1\"]\n\n1. e4 *\n");
    CHECK(v.kind == VerdictKind::Malformed);
    CHECK(rule(v) == "syntax/setup-without-fen");
}

TEST_CASE("edge 27: SetUp 0 with a FEN uses the FEN and says so", "[edge-cases]") {
    const Verdict v = judge_one("[SetUp \"0\"]\n[FEN \"" + KN + "\"]\n\n1. Nge2 *\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(v) == Kinds{"fen-without-setup"});
}

TEST_CASE("edge 28: a FEN tag that does not parse is malformed, no move is played", "[edge-cases]") {
    const Verdict v = judge_one("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/4K2k w - - 0 1\"]\n\n1. Kd2 *\n");
    CHECK(v.kind == VerdictKind::Malformed);
    CHECK(rule(v) == "syntax/fen");
    CHECK(v.plies == 0);
}

TEST_CASE("edge 31: wrong move numbers are reported", "[edge-cases]") {
    const Verdict v = judge_one("1. e4 e5 5. Nf3 *\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(v) == Kinds{"move-number"});
    REQUIRE(v.warnings.size() == 1);
    CHECK(v.warnings[0].canonical == "2.");
}

TEST_CASE("edge 32: Black first from a FEN, numbered 12...", "[edge-cases]") {
    const Verdict v = judge_one(
        "[SetUp \"1\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 12\"]\n\n"
        "12... Nf6 13. d4 *\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(v.warnings.empty());
    CHECK(v.plies == 2);
}

TEST_CASE("edge 33: Result tag and termination marker disagree", "[edge-cases]") {
    const Verdict v = judge_one("[Result \"0-1\"]\n\n1. e4 e5 1-0\n");
    CHECK(sorted_kinds(v) == Kinds{"result-mismatch"});
}

TEST_CASE("edge 34: 1-0 after Black mates", "[edge-cases]") {
    const Verdict v = judge_one("1. f3 e5 2. g4 Qh4# 1-0\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(v) == Kinds{"result-position"});
    CHECK(v.end == sem::Outcome::Checkmate);
}

TEST_CASE("edge 37/38/39: O-O canonical, 0-0 tolerated with a warning, o-o malformed", "[edge-cases]") {
    CHECK(at(CASTLE, "4. O-O").warnings.empty());
    const Verdict zero = at(CASTLE, "4. 0-0");
    CHECK(zero.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(zero) == Kinds{"castling-zero"});
    CHECK(at(CASTLE, "4. o-o").kind == VerdictKind::Malformed);
}

TEST_CASE("edge 40: Kg1 is not castling", "[edge-cases]") {
    const Verdict v = at(CASTLE, "4. Kg1");
    CHECK(v.kind == VerdictKind::Illegal);
    CHECK(rule(v) == "src/unreachable");
}

TEST_CASE("edge 41: e1g1 castles, with a coordinate-move warning", "[edge-cases]") {
    const Verdict v = at(CASTLE, "4. e1g1");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(v) == Kinds{"coordinate-move"});
    CHECK(v.fen_after == "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
}

TEST_CASE("edge 42: O-O+ when it gives no check is played, the claim is wrong", "[edge-cases]") {
    const Verdict v = at(CASTLE, "4. O-O+");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(v) == Kinds{"check-claim"});
}

TEST_CASE("edge 43/44: en passant without a mark, and e.p. tolerated with a warning", "[edge-cases]") {
    CHECK(at(EP, "3. exd6").warnings.empty());
    CHECK(at(EP, "3. exd6").kind == VerdictKind::Legal);
    for (const char* written : {"3. exd6e.p.", "3. exd6ep", "3. exd6 e.p."}) {
        INFO(written);
        const Verdict v = at(EP, written);
        CHECK(v.kind == VerdictKind::Legal);
        CHECK(sorted_kinds(v) == Kinds{"en-passant-suffix"});
    }
}

TEST_CASE("edge 45-50: promotion spellings", "[edge-cases]") {
    CHECK(at(PROMO, "1. b8=Q+").warnings.empty());
    CHECK(sorted_kinds(at(PROMO, "1. b8Q+")) == Kinds{"promotion-without-equals"});
    CHECK(sorted_kinds(at(PROMO, "1. b8=q+")) == Kinds{"lowercase-promotion"});
    CHECK(sorted_kinds(at(PROMO, "1. b8q+")) == (Kinds{"lowercase-promotion", "promotion-without-equals"}));
    // 48: no piece named — an error, never an automatic queen
    const Verdict bare = at(PROMO, "1. b8");
    CHECK(bare.kind == VerdictKind::Illegal);
    CHECK(rule(bare) == "promo/missing");
    // 49, 50: not SAN
    CHECK(at(PROMO, "1. b8/Q").kind == VerdictKind::Malformed);
    CHECK(rule(at(PROMO, "1. b8=K")) == "syntax/promotion-piece");
    CHECK(rule(at(PROMO, "1. b8=P")) == "syntax/promotion-piece");
}

TEST_CASE("edge 51-54: P prefix, UCI and long algebraic moves, each with its warning", "[edge-cases]") {
    CHECK(sorted_kinds(judge_one("1. Pe4 *\n")) == Kinds{"pawn-letter"});
    CHECK(sorted_kinds(judge_one("1. e2e4 *\n")) == Kinds{"coordinate-move"});
    CHECK(sorted_kinds(judge_one("1. e2-e4 *\n")) == Kinds{"long-algebraic"});
    CHECK(sorted_kinds(judge_one("1. Ng1-f3 *\n")) == Kinds{"long-algebraic"});
    const Verdict uci = judge_one("1. e2e4 e7e5 2. g1f3 *\n");
    CHECK(uci.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(uci) == (Kinds{"coordinate-move", "coordinate-move", "coordinate-move"}));
    CHECK(uci.fen_after == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST_CASE("edge 55: nf3 is an error, never the pawn move f3", "[edge-cases]") {
    const Verdict v = judge_one("1. nf3 *\n");
    CHECK(v.kind == VerdictKind::Malformed);
    CHECK(v.plies == 0);
}

TEST_CASE("edge 56/57: the capture marker is a claim", "[edge-cases]") {
    const Verdict missing = at(CAP, "1. Nf3");
    CHECK(missing.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(missing) == Kinds{"capture-marker"});
    const Verdict extra = judge_one("1. Nxf3 *\n");
    CHECK(extra.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(extra) == Kinds{"capture-marker"});
}

TEST_CASE("edge 58/59: pawn captures need the file and the x", "[edge-cases]") {
    CHECK(at(E4D5, "2. ed5").kind == VerdictKind::Malformed);
    CHECK(at(E4D5, "2. xd5").kind == VerdictKind::Malformed);
    CHECK(at(E4D5, "2. ed").kind == VerdictKind::Malformed);
    const Verdict push = at(E4D5, "2. d5");
    CHECK(push.kind == VerdictKind::Illegal);
    CHECK(at(E4D5, "2. exd5").warnings.empty());
}

TEST_CASE("edge 60/61: N:f3 is a capture written with a colon; trailing garbage is not SAN", "[edge-cases]") {
    const Verdict colon = judge_one("1. e4 d5 2. e:d5 Q:d5 3. Nc3 Qa5 4. Nf3 Nf6 5. Nd4 Q:a2 6. N:a2 *\n");
    CHECK(colon.kind == VerdictKind::Legal);
    CHECK(sorted_kinds(colon) == Kinds{"capture-colon", "capture-colon", "capture-colon", "capture-colon"});
    // a colon for a move that captures nothing: the capture-marker warning as for `x`
    CHECK(sorted_kinds(judge_one("1. N:f3 *\n")) == Kinds{"capture-colon", "capture-marker"});
    CHECK(judge_one("1. Nf3: *\n").kind == VerdictKind::Malformed);
    CHECK(judge_one("1. Nf3xyz *\n").kind == VerdictKind::Malformed);
}

TEST_CASE("edge 62-64: two knights can reach e2", "[edge-cases]") {
    CHECK(rule(at(KN, "1. Ne2")) == "src/ambiguous");
    CHECK(at(KN, "1. Nge2").warnings.empty());
    CHECK(sorted_kinds(at(KN, "1. N1e2")) == Kinds{"disambiguation"});
    CHECK(sorted_kinds(at(KN, "1. Ng1e2")) == Kinds{"over-disambiguation"});
}

TEST_CASE("edge 65-67: the pinned knight does not count", "[edge-cases]") {
    CHECK(at(KNPIN, "1. Ne2").warnings.empty());
    CHECK(at(KNPIN, "1. Ne2").kind == VerdictKind::Legal);
    CHECK(sorted_kinds(at(KNPIN, "1. Nge2")) == Kinds{"over-disambiguation"});
    CHECK(rule(at(KNPIN, "1. Nce2")) == "check/pinned");
}

TEST_CASE("edge 68-71: rooks and queens that a file or rank does not tell apart", "[edge-cases]") {
    CHECK(rule(at(ROOKS, "1. Ra3")) == "src/ambiguous");
    CHECK(rule(at(ROOKS, "1. Raa3")) == "src/ambiguous");
    CHECK(at(ROOKS, "1. R1a3").warnings.empty());
    CHECK(rule(at(QUEENS, "1. Qab2")) == "src/ambiguous");
    CHECK(at(QUEENS, "1. Qa1b2").warnings.empty());
    CHECK(at(QUEENS, "1. Q3b2").warnings.empty());
    CHECK(at(QUEENS, "1. Qcb2").warnings.empty());
}

TEST_CASE("edge 72: the check sign never disambiguates", "[edge-cases]") {
    CHECK(rule(at("5rk1/4R2R/5r2/8/8/8/5PPP/6K1 w - - 0 1", "1. Rg7+")) == "src/ambiguous");
}

TEST_CASE("edge 73: en passant that exposes the king on the rank", "[edge-cases]") {
    CHECK(rule(at("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", "1. bxc6")) == "check/pinned");
}

TEST_CASE("edge 74-79: en passant late, castling rights, checks, a move after mate", "[edge-cases]") {
    CHECK(rule(judge_one("1. e4 Nf6 2. e5 d5 3. Nf3 Nc6 4. exd6 *\n")) == "ep/expired");
    CHECK(rule(judge_one("1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Bc4 Bc5 6. O-O *\n")) == "castle/king-moved");
    CHECK(rule(at("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "1. O-O")) == "castle/through-check");
    CHECK(rule(at("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "1. O-O")) == "castle/out-of-check");
    CHECK(rule(at("4k3/8/8/8/8/8/6r1/4K2R w K - 0 1", "1. O-O")) == "castle/into-check");
    CHECK(rule(judge_one("1. f3 e5 2. g4 Qh4# 3. a3 *\n")) == "game/over");
    // with d2 still occupied, Bb4 pins nothing: both knights can go to e2
    CHECK(rule(judge_one("1. e4 e5 2. Nc3 Bb4 3. Ne2 *\n")) == "src/ambiguous");
    CHECK(rule(judge_one("1. d4 e5 2. Nc3 Bb4 3. Nd5 *\n")) == "check/pinned");
    CHECK(rule(judge_one("1. e4 f5 2. Ke2 fxe4 3. Kf3 *\n")) == "check/into");
}

TEST_CASE("edge 77: a castling right claimed with no rook makes an impossible position", "[edge-cases]") {
    const Verdict v = at("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "1. O-O");
    CHECK(v.kind == VerdictKind::Illegal);
    CHECK(rule(v) == "position/castling-rights");
    CHECK(v.error->ply == 0);
}

TEST_CASE("edge 80: + and # are checked against the position", "[edge-cases]") {
    CHECK(sorted_kinds(judge_one("1. e4+ *\n")) == Kinds{"check-claim"});
    CHECK(sorted_kinds(judge_one("1. e4# *\n")) == Kinds{"check-claim"});
    CHECK(sorted_kinds(judge_one("1. f3 e5 2. g4 Qh4 *\n")) == Kinds{"check-claim"});
    CHECK(judge_one("1. f3 e5 2. g4 Qh4# *\n").warnings.empty());
    CHECK(judge_one("1. e4++ *\n").kind == VerdictKind::Malformed);
}

TEST_CASE("edge 81: an illegal move in a variation is reported, the main line still judged", "[edge-cases]") {
    const Verdict v = judge_one("1. e4 (1. Ke2 e5) 1... e5 2. Nf3 *\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(v.plies == 3);
    CHECK(sorted_kinds(v) == Kinds{"variation-illegal"});
}
