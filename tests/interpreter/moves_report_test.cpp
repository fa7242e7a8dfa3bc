// `pgnsem san` and `pgnsem moves` (app/moves_report.hpp): the JSON of a token as the SAN
// reader reads it, its errors (seed 003's acceptance rules), --strict, and moves resolved in a
// position; the move list and status of `moves`; four-field EPD (syntax/fen-decisions.md, case 111).
#include "app/moves_report.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/contract.hpp"
#include "laws/setup.hpp"
#include "semantics/state.hpp"
#include "syntax/fen.hpp"

namespace {

using namespace pgnsem;
using nlohmann::json;

json token(std::string_view t, bool strict = false, bool* ok_out = nullptr) {
    bool ok = false;
    const json j = json::parse(interp::san_token_json(t, strict, ok));
    if (ok_out) *ok_out = ok;
    return j;
}

Placement position(std::string_view fen) {
    auto parsed = syntax::parse_position(fen);
    REQUIRE(boost::variant2::holds_alternative<Placement>(parsed));
    return boost::variant2::get<Placement>(parsed);
}

json resolved(std::string_view fen, std::string_view t, bool strict = false, bool* ok_out = nullptr) {
    bool ok = false;
    const json j = json::parse(interp::san_move_json(position(fen), t, strict, ok));
    if (ok_out) *ok_out = ok;
    return j;
}

const json kNull = nullptr;

}  // namespace

TEST_CASE("san: a piece capture with disambiguation, claim and suffix", "[san][cli]") {
    bool ok = false;
    const json j = token("Nbxd7+!?", false, &ok);
    CHECK(ok);
    CHECK(j == json::parse(R"({"object":"san","contract":"1.1","pgnsem":")" + std::string(interp::pgnsem_version()) +
                           R"(","reading":{"name":"laws","as_printed":[]},"written":"Nbxd7+!?","canonical":"Nbxd7+",
        "piece":"N","from_file":"b","from_rank":null,"capture":true,"to":"d7","promotion":null,"castle":null,
        "claim":"+","suffix":"!?","error":null,"warnings":[]})"));
}

TEST_CASE("san: pawn moves have a null piece; promotion and castling", "[san][cli]") {
    CHECK(token("e4")["piece"] == kNull);
    CHECK(token("e4")["to"] == "e4");
    const json p = token("exf8=N#");
    CHECK(p["piece"] == kNull);
    CHECK(p["from_file"] == "e");
    CHECK(p["capture"] == true);
    CHECK(p["to"] == "f8");
    CHECK(p["promotion"] == "N");
    CHECK(p["claim"] == "#");
    const json k = token("O-O-O");
    CHECK(k["castle"] == "queen");
    CHECK(k["piece"] == "K");
    CHECK(k["to"] == kNull);
    CHECK(token("O-O")["castle"] == "king");
    CHECK(token("R1e2")["from_rank"] == "1");
    CHECK(token("R1e2")["from_file"] == kNull);
}

TEST_CASE("san: tolerated spellings are read with their warning", "[san][cli]") {
    bool ok = false;
    const json z = token("0-0", false, &ok);
    CHECK(ok);
    CHECK(z["castle"] == "king");
    REQUIRE(z["warnings"].size() == 1);
    CHECK(z["warnings"][0]["kind"] == "castling-zero");
    CHECK(z["warnings"][0]["canonical"] == "O-O");
    const json p = token("Pe4");
    REQUIRE(p["warnings"].size() == 1);
    CHECK(p["warnings"][0]["kind"] == "pawn-letter");
    CHECK(p["warnings"][0]["canonical"] == "e4");
    const json u = token("g1f3");
    CHECK(u["from_file"] == "g");
    CHECK(u["from_rank"] == "1");
    CHECK(u["to"] == "f3");
    REQUIRE(u["warnings"].size() == 1);
    CHECK(u["warnings"][0]["kind"] == "coordinate-move");
    CHECK(u["warnings"][0]["canonical"] == kNull);  // a move by its squares has no SAN without a position
    CHECK(u["canonical"] == kNull);
    CHECK(z["canonical"] == "O-O");
    CHECK(p["canonical"] == "e4");
    CHECK(token("e8=q")["warnings"][0]["kind"] == "lowercase-promotion");
    CHECK(token("e8Q")["warnings"][0]["kind"] == "promotion-without-equals");
}

TEST_CASE("san --strict: only the export form; a tolerated spelling is the error", "[san][cli]") {
    bool ok = true;
    const json z = token("0-0", true, &ok);
    CHECK(!ok);
    CHECK(z["written"] == "0-0");
    CHECK(z["error"] == json::parse(R"({"rule":"notation/castling-zero",
        "message":"castling is written with the letter O, not the digit zero; the export format writes O-O",
        "line":null,"column":1})"));
    CHECK(token("Nf3", true, &ok)["warnings"] == json::array());
    CHECK(ok);
    CHECK(token("e4!", true, &ok)["suffix"] == "!");  // a suffix annotation at the end is SAN (§8.2.3.8)
    CHECK(ok);
}

TEST_CASE("san: what is not SAN is an error with its rule and column", "[san][cli]") {
    bool ok = true;
    const json e = token("e5=Q", false, &ok);
    CHECK(!ok);
    CHECK(e["written"] == "e5=Q");
    CHECK(e["error"]["rule"] == "syntax/promotion-rank");
    CHECK(e["error"]["column"].get<int>() >= 1);
    CHECK(e["piece"] == kNull);
    CHECK(e["canonical"] == kNull);
    CHECK(token("Nz9")["error"]["rule"] == "syntax/san");
    CHECK(token("e8=K")["error"]["rule"] == "syntax/promotion-piece");
    CHECK(token("--")["error"]["rule"] == "move/null");
    CHECK(token("e4!x")["error"]["column"].get<int>() >= 3);  // a suffix only at the end
}

TEST_CASE("san --fen: each move resolved, legal with its SAN and UCI or the rule it breaks", "[san][cli]") {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    bool ok = false;
    const json e4 = resolved(start, "e4", false, &ok);
    CHECK(ok);
    CHECK(e4["object"] == "move");
    CHECK(e4["written"] == "e4");
    CHECK(e4["fen_before"] == start);
    CHECK(e4["side"] == "white");
    CHECK(e4["legal"] == true);
    CHECK(e4["san"] == "e4");
    CHECK(e4["uci"] == "e2e4");
    CHECK(e4["equation"] == "trav/pawn-double");
    CHECK(e4["error"] == kNull);
    CHECK(e4["warnings"] == json::array());
    CHECK(e4["fen_after"] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    const json uci = resolved(start, "g1f3");
    CHECK(uci["san"] == "Nf3");
    CHECK(uci["warnings"][0]["kind"] == "coordinate-move");
    const json bad = resolved(start, "Ke3", false, &ok);
    CHECK(!ok);
    CHECK(bad["legal"] == false);
    CHECK(bad["san"] == kNull);
    CHECK(bad["error"]["rule"] == "src/unreachable");
    CHECK(!bad["error"]["message"].get<std::string>().empty());
    CHECK(bad["error"]["column"] == kNull);
    CHECK(bad["equation"] == kNull);
    CHECK(bad["fen_after"] == kNull);
    // a wrong claim is a warning, and the error under --strict
    const json claim = resolved(start, "e4+", false, &ok);
    CHECK(ok);
    CHECK(claim["warnings"][0]["kind"] == "check-claim");
    CHECK(resolved(start, "e4+", true, &ok)["error"]["rule"] == "notation/check-claim");
    CHECK(!ok);
    // mate, with the claim written by the canonical SAN; four-field EPD
    const json mate = resolved("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -", "Ra8");
    CHECK(mate["san"] == "Ra8#");
    CHECK(mate["uci"] == "a1a8");
    CHECK(mate["warnings"][0]["kind"] == "check-claim");
    // ambiguity is illegal
    CHECK(resolved("k7/8/8/8/8/8/8/KN3N2 w - - 0 1", "Nd2")["error"]["rule"] == "src/ambiguous");
}

TEST_CASE("moves: sorted by UCI with export-format SAN, and the position's status", "[moves][cli]") {
    const json start = json::parse(interp::moves_report(sem::to_placement(sem::initial_state()), true));
    CHECK(start["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    REQUIRE(start["moves"].size() == 20);
    CHECK(start["moves"][0] == json::parse(R"({"uci":"a2a3","san":"a3"})"));
    CHECK(start["moves"][19] == json::parse(R"({"uci":"h2h4","san":"h4"})"));
    CHECK(start["check"] == false);
    CHECK(start["checkmate"] == false);
    CHECK(start["stalemate"] == false);
    // Fool's mate: checkmate, no moves
    const json mated = json::parse(
        interp::moves_report(position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), true));
    CHECK(mated["moves"] == json::array());
    CHECK(mated["check"] == true);
    CHECK(mated["checkmate"] == true);
    CHECK(mated["stalemate"] == false);
    const json stale = json::parse(interp::moves_report(position("7k/5Q2/6K1/8/8/8/8/8 b - -"), true));
    CHECK(stale["stalemate"] == true);
    CHECK(stale["check"] == false);
    // promotions, disambiguation and the check suffix
    const json promo = json::parse(interp::moves_report(position("3k4/1P6/8/8/8/8/8/R3K2R w KQ -"), true));
    std::vector<std::string> sans;
    for (const json& m : promo["moves"]) sans.push_back(m["san"]);
    CHECK(std::find(sans.begin(), sans.end(), "b8=Q+") != sans.end());
    CHECK(std::find(sans.begin(), sans.end(), "b8=N") != sans.end());
    CHECK(std::find(sans.begin(), sans.end(), "O-O-O+") != sans.end());
    CHECK(std::find(sans.begin(), sans.end(), "Rd1+") != sans.end());  // the king on e1 keeps the h1 rook off d1
    const json two = json::parse(interp::moves_report(position("3k4/8/8/8/8/8/4K3/R6R w - -"), true));
    sans.clear();
    for (const json& m : two["moves"]) sans.push_back(m["san"]);
    CHECK(std::find(sans.begin(), sans.end(), "Rad1+") != sans.end());
    CHECK(std::find(sans.begin(), sans.end(), "Rhd1+") != sans.end());
}

TEST_CASE("four-field EPD: the clocks default to 0 1, operations are read, hmvc and fmvn set them", "[fen][epd]") {
    const Placement p = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
    CHECK(p.halfmove_clock == 0);
    CHECK(p.fullmove_number == 1);
    CHECK(syntax::print_fen(p).view() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    const Placement q = position(R"(8/8/8/8/8/8/8/K1k5 w - - bm Kb1; id "a; b"; hmvc 12; fmvn 40;)");
    CHECK(q.halfmove_clock == 12);
    CHECK(q.fullmove_number == 40);
    const auto error_field = [](std::string_view text) {
        const auto r = syntax::parse_position(text);
        REQUIRE(boost::variant2::holds_alternative<syntax::FenError>(r));
        return std::string(boost::variant2::get<syntax::FenError>(r).field);
    };
    CHECK(error_field("8/8/8/8/8/8/8/K1k5 w - - bm Kb1") == "operations");  // no ';'
    CHECK(error_field("8/8/8/8/8/8/8/K1k5 w - - hmvc x;") == "halfmove");
    CHECK(error_field("8/8/8/8/8/8/8/K1k5 w - - 0") == "fields");  // five fields: a FEN cut short
    CHECK(error_field("8/8/8/8/8/8/8/K1k5 w -") == "fields");
    // a PGN [FEN] tag is read by parse_fen, which still needs six fields
    CHECK(boost::variant2::holds_alternative<syntax::FenError>(syntax::parse_fen("8/8/8/8/8/8/8/K1k5 w - -")));
}
