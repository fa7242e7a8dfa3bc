// The public library interface (pgnsem/api.hpp): each answer is checked against what the
// interpreter and the command line give, so the API cannot drift from `pgnsem check`.
#include "pgnsem/api.hpp"

#include <sys/wait.h>
#include <zlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "interpreter/interpret.hpp"
#include "io/output.hpp"
#include "syntax/pgn/reader.hpp"
#include "tests/api/tool_output.hpp"
#include "tests/shared_data.hpp"

using namespace pgnsem;

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> ucis(const api::Board& p) {
    std::vector<std::string> out;
    for (const api::Move m : p.legal_moves()) out.push_back(m.uci());
    return out;
}

// What `pgnsem check FORMAT --quiet -j 1 NAME` writes, run in `dir` (so that its "file" field is the
// name the API is given); its exit must be 0 (every game legal) or 1 (some game not), never a crash
// or a usage error.
std::string check_output(const std::string& dir, const char* name, const char* format) {
    return test::tool_output("cd '" + dir + "' && '" + PGNSEM_BINARY + "' check --format " + format +
                             " --quiet -j 1 '" + name + "'");
}

}  // namespace

TEST_CASE("api: read_games gives tags, main-line moves and the marker as written", "[api]") {
    const auto games = api::read_games(
        "[White \"Fischer\"]\n[Black \"Spassky\"]\n\n1. e4 e5 (1... c5) 2. Nf3 {a comment} Nc6 1-0\n\n1. d4 *\n",
        "two.pgn");
    REQUIRE(games.size() == 2);
    CHECK(games[0].source() == "two.pgn");
    CHECK(games[0].index() == 1);
    CHECK(games[1].index() == 2);
    CHECK(games[0].tag("White") == "Fischer");
    CHECK(!games[0].tag("Event"));
    REQUIRE(games[0].tags().size() == 2);
    CHECK(games[0].tags()[1].name == "Black");
    CHECK(games[0].tags()[1].value == "Spassky");
    CHECK(games[0].moves() == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"});
    CHECK(games[0].result() == "1-0");
    CHECK(games[1].tags().empty());
    CHECK(games[1].moves() == std::vector<std::string>{"d4"});
    CHECK(games[1].result() == "*");
}

TEST_CASE("api: a game's verdict JSON is the object check --format jsonl writes", "[api]") {
    // Every example game, against the bytes a `pgnsem check --format jsonl` process writes for the
    // same file.
    if (std::string(PGNSEM_BINARY).empty()) test::skip("the command line is not built (PGNSEM_CLI=OFF)");
    for (const char* name : {"illegal.pgn", "legal-tricky.pgn", "fischer-spassky-1992-an.pgn"}) {
        const std::string dir = std::string(PGNSEM_SOURCE_DIR) + "/examples";
        const std::string text = read_file(dir + "/" + name);
        REQUIRE(!text.empty());
        const std::string written = check_output(dir, name, "jsonl");
        std::vector<std::string> expected;
        for (std::size_t at = 0, end; (end = written.find('\n', at)) != std::string::npos; at = end + 1)
            expected.push_back(written.substr(at, end - at));
        const auto games = api::read_games(text, name);
        REQUIRE(games.size() == expected.size());
        REQUIRE(!games.empty());
        for (std::size_t i = 0; i < games.size(); ++i) {
            INFO(name << ", game " << i + 1);
            CHECK(api::judge(games[i]).json == expected[i]);
        }
    }
}

namespace {

using nlohmann::json;

// The JSON a member of the API stands for, in the contract's conventions (docs/vocabulary.md): a
// string or a number as it is; a Status or a Side by its name; null where the API has 0 or "" for
// "does not apply".
json value(const std::string& s) {
    return s;
}
json value(std::uint32_t n) {
    return n;
}
json value(std::uint64_t n) {
    return n;
}
json value(api::Status s) {
    return std::string(api::status_name(s));
}
json value(api::Side s) {
    return std::string(api::side_name(s));
}
json value(api::Rule r) {
    return std::string(api::rule_id(r));
}
json value(api::WarningKind k) {
    return std::string(api::warning_kind_name(k));
}
json or_null(const std::optional<api::Rule>& r) {
    return r ? value(*r) : json();
}
json or_null(const std::string& s) {
    return s.empty() ? json() : json(s);
}
json or_null(std::uint32_t n) {
    return n == 0 ? json() : json(n);
}
// Where the API has nothing, the JSON has null.
json value(const std::optional<std::string>& s) {
    return s ? json(*s) : json();
}
json value(const std::optional<std::uint32_t>& n) {
    return n ? json(*n) : json();
}
json value(const std::optional<api::End>& e) {
    return e ? json(std::string(api::end_name(*e))) : json();
}
json value(const std::optional<api::Result>& r) {
    return r ? json(std::string(api::result_name(*r))) : json();
}
json value(const std::optional<api::Players>& p) {
    return p ? json{{"white", value(p->white)}, {"black", value(p->black)}} : json();
}

}  // namespace

// Each member is compared with the field of the command line's object that has the member's own
// name (#member): a member renamed without the field, or the field without the member, fails here.
#define PGNSEM_SAME_FIELD(object, fields, member, convert)       \
    do {                                                         \
        INFO(#member);                                           \
        REQUIRE((fields).contains(#member));                     \
        CHECK(convert((object).member) == (fields).at(#member)); \
        compared.push_back(#member);                             \
    } while (false)

TEST_CASE("api: Verdict, GameError and Warning have the names and values of check's verdict object", "[api]") {
    if (std::string(PGNSEM_BINARY).empty()) test::skip("the command line is not built (PGNSEM_CLI=OFF)");
    std::size_t games_compared = 0, errors = 0, warnings = 0;
    // how many games have each member that may be null, and have it null
    std::map<std::string, std::pair<std::size_t, std::size_t>> set_and_null;
    const auto count = [&](const char* member, bool set) {
        auto& [yes, no] = set_and_null[member];
        ++(set ? yes : no);
    };
    for (const char* folder : {"examples", "tests/conformance"}) {
        const std::string dir = std::string(PGNSEM_SOURCE_DIR) + "/" + folder;
        // every game of the folders, each file in the order of its name
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(dir))
            if (entry.path().extension() == ".pgn") names.push_back(entry.path().filename().string());
        std::sort(names.begin(), names.end());
        REQUIRE(!names.empty());
        for (const std::string& name : names) {
            const std::string text = read_file(dir + "/" + name);
            const json document = json::parse(check_output(dir, name.c_str(), "json"));
            const auto games = api::read_games(text, name);
            REQUIRE(games.size() == document.size());
            for (std::size_t i = 0; i < games.size(); ++i) {
                INFO(folder << "/" << name << ", game " << i + 1);
                const api::Verdict v = api::judge(games[i]);
                const json& o = document[i];
                std::vector<std::string> compared;
                PGNSEM_SAME_FIELD(v, o, file, value);
                PGNSEM_SAME_FIELD(v, o, game, value);
                PGNSEM_SAME_FIELD(v, o, offset, value);
                PGNSEM_SAME_FIELD(v, o, players, value);
                PGNSEM_SAME_FIELD(v, o, result, value);
                PGNSEM_SAME_FIELD(v, o, result_tag, value);
                PGNSEM_SAME_FIELD(v, o, verdict, value);
                PGNSEM_SAME_FIELD(v, o, plies, value);
                PGNSEM_SAME_FIELD(v, o, fen_after, value);
                PGNSEM_SAME_FIELD(v, o, end, value);
                PGNSEM_SAME_FIELD(v, o, draw_claimable_at, value);
                PGNSEM_SAME_FIELD(v, o, automatic_draw_at, value);
                count("players", v.players.has_value());
                count("players.white", v.players && v.players->white);
                count("result", v.result.has_value());
                count("result_tag", v.result_tag.has_value());
                count("end", v.end.has_value());
                count("draw_claimable_at", v.draw_claimable_at.has_value());
                count("automatic_draw_at", v.automatic_draw_at.has_value());
                CHECK(v.file == games[i].source());
                CHECK(v.game == games[i].index());
                REQUIRE(v.error.has_value() == !o.at("error").is_null());
                compared.push_back("error");
                if (v.error) {
                    const api::GameError& e = *v.error;
                    const json& eo = o.at("error");
                    std::vector<std::string> outer = compared;
                    compared.clear();
                    const auto at_a_move = [&](const json& j) { return e.ply == 0 ? json() : j; };
                    PGNSEM_SAME_FIELD(e, eo, rule, value);
                    PGNSEM_SAME_FIELD(e, eo, message, value);
                    PGNSEM_SAME_FIELD(e, eo, line, value);
                    PGNSEM_SAME_FIELD(e, eo, column, value);
                    PGNSEM_SAME_FIELD(e, eo, ply, or_null);
                    PGNSEM_SAME_FIELD(e, eo, move_number, at_a_move);
                    PGNSEM_SAME_FIELD(e, eo, side, [&](api::Side x) { return at_a_move(value(x)); });
                    PGNSEM_SAME_FIELD(e, eo, written, or_null);
                    CHECK(compared.size() == eo.size());  // every field of the error object has its member
                    compared = outer;
                    ++errors;
                }
                REQUIRE(v.warnings.size() == o.at("warnings").size());
                compared.push_back("warnings");
                for (std::size_t k = 0; k < v.warnings.size(); ++k) {
                    const api::Warning& w = v.warnings[k];
                    const json& wo = o.at("warnings")[k];
                    std::vector<std::string> outer = compared;
                    compared.clear();
                    PGNSEM_SAME_FIELD(w, wo, kind, value);
                    PGNSEM_SAME_FIELD(w, wo, message, value);
                    PGNSEM_SAME_FIELD(w, wo, line, value);
                    PGNSEM_SAME_FIELD(w, wo, column, value);
                    PGNSEM_SAME_FIELD(w, wo, ply, or_null);
                    PGNSEM_SAME_FIELD(w, wo, written, value);
                    PGNSEM_SAME_FIELD(w, wo, canonical, or_null);
                    PGNSEM_SAME_FIELD(w, wo, rule, or_null);
                    CHECK(compared.size() == wo.size());  // every field of the warning object has its member
                    compared = outer;
                    ++warnings;
                }
                // what the object has beyond the API's Verdict: the envelope only
                for (const char* f : {"object", "contract", "pgnsem", "reading"}) compared.push_back(f);
                CHECK(compared.size() == o.size());  // every field of the verdict object has its member
                CHECK(json::parse(v.json) == o);
                ++games_compared;
            }
        }
    }
    // the files hold verdicts of every kind, errors and warnings, and each member both set and null
    CHECK(games_compared > 100);
    CHECK(errors > 50);
    CHECK(warnings > 20);
    for (const auto& [member, counts] : set_and_null) {
        INFO(member);
        CHECK(counts.first > 0);
        CHECK(counts.second > 0);
    }
}

#undef PGNSEM_SAME_FIELD

TEST_CASE("api: judge gives the verdict's fields", "[api]") {
    const auto games = api::read_games(
        "1. f3 e5 2. g4 Qh4# 0-1\n"
        "1. e4 e5 2. Ke3 *\n"
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n");
    REQUIRE(games.size() == 3);

    const api::Verdict mate = api::judge(games[0]);
    CHECK(mate.verdict == api::Status::Legal);
    CHECK(mate.plies == 4);
    CHECK(!mate.error);
    CHECK(mate.warnings.empty());
    CHECK(mate.position_after.end() == api::End::Checkmate);
    CHECK(mate.fen_after == "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(mate.fen_after == mate.position_after.fen());
    CHECK(mate.json.find("\"end\":\"checkmate\"") != std::string::npos);

    // The king cannot step two squares.
    const api::Verdict bad = api::judge(games[1]);
    CHECK(bad.verdict == api::Status::Illegal);
    CHECK(bad.plies == 2);
    REQUIRE(bad.error);
    CHECK(bad.error->ply == 3);
    CHECK(bad.error->move_number == 2);
    CHECK(bad.error->side == api::Side::White);
    CHECK(bad.error->written == "Ke3");
    CHECK(bad.error->line == 2);
    CHECK(bad.error->column == 13);
    CHECK(bad.fen_after == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");

    // 4. Qxf7 mates without saying so: a warning, the error under --strict.
    const api::Verdict claim = api::judge(games[2]);
    CHECK(claim.verdict == api::Status::Legal);
    REQUIRE(claim.warnings.size() == 1);
    CHECK(claim.warnings[0].kind == api::WarningKind::CheckClaim);
    CHECK(claim.warnings[0].ply == 7);
    CHECK(claim.warnings[0].written == "Qxf7");
    CHECK(claim.warnings[0].canonical == "Qxf7#");
    const api::Verdict strict = api::judge(games[2], api::JudgeOptions{true});
    CHECK(strict.verdict == api::Status::Malformed);
    REQUIRE(strict.error);
    CHECK(strict.error->rule == api::Rule::NotationCheckClaim);
    CHECK(api::status_name(strict.verdict) == "malformed");

    // The game's identity and how it ended on the board.
    CHECK(mate.file == "-");
    CHECK(mate.game == 1);
    CHECK(claim.game == 3);
    CHECK(!mate.players);
    CHECK(mate.result == api::Result::BlackWins);
    CHECK(api::result_name(*mate.result) == "0-1");
    CHECK(!mate.result_tag);
    CHECK(mate.end == api::End::Checkmate);
    CHECK(!mate.draw_claimable_at);
    CHECK(!mate.automatic_draw_at);
    CHECK(bad.result == api::Result::Unknown);
    CHECK(!bad.end);
}

TEST_CASE("api: judge gives the players, the Result tag and the draw facts", "[api]") {
    // The knights go out and back four times: the start position stands for the third time after ply
    // 8, which Black may announce at ply 7 (Law 9.2.1); for the fifth after ply 16 (9.6.1).
    const auto games = api::read_games(
        "[White \"Anand\"]\n[Result \"1/2-1/2\"]\n\n"
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 1/2-1/2\n\n"
        "1. e4 e5\n",
        "draws.pgn");
    REQUIRE(games.size() == 2);
    const api::Verdict draw = api::judge(games[0]);
    CHECK(draw.verdict == api::Status::Legal);
    CHECK(draw.file == "draws.pgn");
    REQUIRE(draw.players);
    CHECK(draw.players->white == "Anand");
    CHECK(!draw.players->black);
    CHECK(draw.result == api::Result::Draw);
    CHECK(draw.result_tag == "1/2-1/2");
    CHECK(!draw.end);
    CHECK(draw.draw_claimable_at == 7u);
    CHECK(draw.automatic_draw_at == 16u);
    // No tags and no marker.
    const api::Verdict bare = api::judge(games[1]);
    CHECK(bare.game == 2);
    CHECK(!bare.players);
    CHECK(!bare.result);
    CHECK(!bare.result_tag);
    CHECK(!bare.draw_claimable_at);
    CHECK(!bare.automatic_draw_at);
    CHECK(api::result_name(api::Result::WhiteWins) == "1-0");
    CHECK(api::result_name(api::Result::Unknown) == "*");
}

namespace {

// Every member of a verdict, written out, to compare two verdicts whole.
std::string everything(const api::Verdict& v) {
    std::ostringstream o;
    const auto opt = [&o](const auto& x) -> std::ostringstream& {
        if (x)
            o << *x << ";";
        else
            o << "none;";
        return o;
    };
    o << api::status_name(v.verdict) << ";" << v.plies << ";";
    if (v.error)
        o << v.error->ply << "," << v.error->move_number << "," << api::side_name(v.error->side) << ","
          << v.error->written << "," << api::rule_id(v.error->rule) << "," << v.error->message << "," << v.error->line
          << "," << v.error->column << ";";
    else
        o << "no error;";
    for (const api::Warning& w : v.warnings)
        o << api::warning_kind_name(w.kind) << "," << w.ply << "," << w.line << "," << w.column << "," << w.written
          << "," << w.canonical << "," << (w.rule ? api::rule_id(*w.rule) : "none") << "," << w.message << ";";
    o << v.position_after.fen() << ";" << v.fen_after << ";";
    o << (v.end ? api::end_name(*v.end) : "none") << ";";
    opt(v.draw_claimable_at);
    opt(v.automatic_draw_at);
    o << v.file << ";" << v.game << ";";
    if (v.players) {
        opt(v.players->white);
        opt(v.players->black);
    } else {
        o << "no players;";
    }
    o << (v.result ? api::result_name(*v.result) : "none") << ";";
    opt(v.result_tag);
    o << v.json;
    return o.str();
}

}  // namespace

TEST_CASE("api: a Judge gives judge's verdicts, into a Verdict used again and again", "[api]") {
    // Games of every kind one after another, so that each member of the reused Verdict is seen going
    // from set to unset and back: errors, warnings, players, results, draw facts, ends.
    std::vector<api::Game> games;
    for (const char* path : {"tests/conformance/claims.pgn", "examples/illegal.pgn", "tests/conformance/notation.pgn",
                             "examples/legal-tricky.pgn", "tests/conformance/semantics.pgn"}) {
        const std::string name = std::string(PGNSEM_SOURCE_DIR) + "/" + path;
        for (api::Game& g : api::read_games(read_file(name), name)) games.push_back(std::move(g));
    }
    REQUIRE(games.size() > 100);
    for (const bool strict : {false, true}) {
        api::Judge judge(api::JudgeOptions{strict});
        api::Verdict reused;
        for (std::size_t i = 0; i < games.size(); ++i) {
            INFO(games[i].source() << ", game " << games[i].index() << (strict ? ", strict" : ""));
            const api::Verdict fresh = api::judge(games[i], api::JudgeOptions{strict});
            judge.judge(games[i], reused);
            CHECK(everything(reused) == everything(fresh));
            CHECK(everything(judge.judge(games[i])) == everything(fresh));
        }
    }
}

TEST_CASE("api: a Judge under another reading gives check's verdicts under it", "[api]") {
    // Each reading against `pgnsem check` with the same flags, on the errata's games (each tells one
    // erratum's two readings apart) and the semantics' games, byte for byte: the verdict and its
    // envelope's reading.
    if (std::string(PGNSEM_BINARY).empty()) test::skip("the command line is not built (PGNSEM_CLI=OFF)");
    struct Asked {
        const char* flags;
        api::JudgeOptions options;
    };
    const Asked readings[] = {
        {"--semantics paper", {false, "paper", {}, ""}},
        {"--erratum castle-through-check=paper", {false, "laws", {"castle-through-check=paper"}, ""}},
        {"--semantics paper --erratum destination-empty=laws --erratum promotion-compulsory=laws",
         {false, "paper", {"destination-empty=laws", "promotion-compulsory=laws"}, ""}},
        {"--erratum game-over=paper --erratum game-over=laws",
         {false, "laws", {"game-over=paper", "game-over=laws"}, ""}},
        {"--engine reference", {false, "laws", {}, "reference"}},
        {"--strict --semantics paper", {true, "paper", {}, ""}},
    };
    const std::string dir = std::string(PGNSEM_SOURCE_DIR) + "/tests/conformance";
    std::size_t differ = 0;  // verdicts of a paper reading that are not the Laws'
    for (const char* name : {"errata.pgn", "semantics.pgn"}) {
        const auto games = api::read_games(read_file(dir + "/" + name), name);
        REQUIRE(games.size() > 10);
        for (const Asked& r : readings) {
            const std::string written =
                test::tool_output("cd '" + dir + "' && '" + PGNSEM_BINARY + "' check --format jsonl --quiet -j 1 " +
                                  r.flags + " " + name);
            api::Judge judge(r.options);
            std::string judged;
            for (const api::Game& g : games) {
                const api::Verdict v = judge.judge(g);
                judged += v.json + "\n";
                if (r.options.semantics == "paper" && v.verdict != api::judge(g).verdict) ++differ;
            }
            INFO(name << ", " << r.flags);
            CHECK(judged == written);
        }
    }
    CHECK(differ > 5);
}

TEST_CASE("api: options that are not a reading are refused as check refuses them", "[api]") {
    const auto refused = [](const api::JudgeOptions& options, const std::string& says) {
        INFO(says);
        try {
            api::Judge judge(options);
            FAIL("accepted");
        } catch (const api::Error& e) {
            CHECK(e.rule() == api::Rule::RequestReading);
            CHECK(e.rule_id() == "request/reading");
            CHECK(std::string(e.what()).find(says) != std::string::npos);
        }
    };
    refused({false, "laws", {"no-such-erratum=paper"}, ""}, "no erratum is called 'no-such-erratum'");
    refused({false, "laws", {"castle-through-check"}, ""}, "--erratum takes SLUG=paper or SLUG=laws");
    refused({false, "laws", {"castle-side-names=paper"}, ""}, "'castle-side-names' has no paper form to run");
    refused({false, "paper", {}, "fast"}, "the fast engine runs the Laws' reading only");
    // and judge(game, options) as the Judge
    const auto games = api::read_games("1. e4 *\n");
    CHECK_THROWS_AS(api::judge(games.at(0), api::JudgeOptions{false, "laws", {"x=paper"}, ""}), api::Error);
    // every slug `pgnsem errata` lists, and only the executable ones run as the paper prints them
    const std::vector<api::Erratum> errata = api::errata();
    REQUIRE(errata.size() == 25);
    CHECK(errata[0].slug == "castle-black-kingside-rook");
    for (const api::Erratum& e : errata) {
        INFO(e.slug);
        CHECK(!e.title.empty());
        CHECK(!e.correction.empty());
        // (an erratum without a paper form is refused in either form, as check refuses it)
        for (const char* form : {"=paper", "=laws"}) {
            const api::JudgeOptions options{false, "laws", {std::string(e.slug) + form}, ""};
            if (e.executable) {
                CHECK_NOTHROW(api::Judge(options));
            } else {
                CHECK_THROWS_AS(api::Judge(options), api::Error);
            }
        }
    }
}

TEST_CASE("api: GameReader reads the next game into the memory of one no Game holds any more", "[api]") {
    const std::string text = read_file(std::string(PGNSEM_SOURCE_DIR) + "/tests/conformance/claims.pgn");
    // Where each game's data lives, read with `hold` games of the past kept alive: none, the last
    // one (a loop judging a game while asking for the next, as Python's for loop does), or every one.
    const auto places = [&](std::size_t hold) {
        api::GameReader reader{text, "claims.pgn"};
        std::vector<api::Game> held;
        std::vector<const void*> at;
        while (auto g = reader.next()) {
            at.push_back(&g->data());
            held.push_back(std::move(*g));
            if (held.size() > hold) held.erase(held.begin());
        }
        return at;
    };
    const std::vector<const void*> none = places(0), last = places(1), every = places(1000);
    REQUIRE(none.size() > 10);
    for (std::size_t i = 1; i < none.size(); ++i) {
        INFO("game " << i + 1);
        CHECK(none[i] == none[0]);
        CHECK(last[i] != last[i - 1]);
        if (i >= 2) CHECK(last[i] == last[i - 2]);
    }
    std::vector<const void*> distinct = every;
    std::sort(distinct.begin(), distinct.end());
    CHECK(std::unique(distinct.begin(), distinct.end()) == distinct.end());
}

TEST_CASE("api: GameReader reads a file one game at a time, and says when it cannot", "[api]") {
    api::GameReader reader =
        api::GameReader::open(std::string(PGNSEM_SOURCE_DIR) + "/examples/fischer-spassky-1992.pgn");
    auto game = reader.next();
    REQUIRE(game);
    CHECK(game->tag("White") == "Fischer, Robert J.");
    CHECK(api::judge(*game).verdict == api::Status::Legal);
    CHECK(!reader.next());
    CHECK(!reader.next());
    CHECK_THROWS_AS(api::GameReader::open("/nonexistent/games.pgn"), std::runtime_error);
}

TEST_CASE("api: GameReader reads a gzip file as the plain one, and names damaged data", "[api]") {
    const std::string plain = read_file(std::string(PGNSEM_SOURCE_DIR) + "/examples/illegal.pgn");
    const std::string path = "api_test_illegal.pgn.gz";
    const auto write_gzip = [&path](std::string_view text) {
        gzFile z = gzopen(path.c_str(), "wb");
        REQUIRE(z != nullptr);
        REQUIRE(gzwrite(z, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size()));
        REQUIRE(gzclose(z) == Z_OK);
    };
    write_gzip(plain);
    const std::vector<api::Game> want = api::read_games(plain, path);
    REQUIRE(want.size() > 10);
    // Every third game is kept while the reader goes on (the others are let go, and the reader reads
    // the next game into what they held): a game kept is never changed by the games read after it.
    std::vector<std::string> got_json;
    std::vector<api::Game> kept;
    api::GameReader reader = api::GameReader::open(path);
    while (auto g = reader.next()) {
        got_json.push_back(api::judge(*g).json);
        if (got_json.size() % 3 == 0) kept.push_back(*g);
    }
    std::vector<std::string> want_json;
    for (const api::Game& g : want) want_json.push_back(api::judge(g).json);
    CHECK(got_json == want_json);
    REQUIRE(kept.size() == want.size() / 3);
    for (std::size_t k = 0; k < kept.size(); ++k) {
        const api::Game& w = want[3 * k + 2];
        CHECK(kept[k].index() == w.index());
        CHECK(kept[k].moves() == w.moves());
        CHECK(kept[k].tags().size() == w.tags().size());
        CHECK(api::judge(kept[k]).json == want_json[3 * k + 2]);
    }
    // cut the compressed file short: the games before the cut, then an error naming the file
    const std::string whole = read_file(path);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << whole.substr(0, whole.size() * 2 / 3);
    api::GameReader cut = api::GameReader::open(path);
    std::size_t games = 0;
    try {
        while (cut.next()) ++games;
        FAIL("a truncated gzip file read to its end without an error");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()).find(path) != std::string::npos);
        CHECK(std::string(e.what()).find("truncated") != std::string::npos);
    }
    CHECK(games > 0);
    CHECK(games < want.size());
    std::remove(path.c_str());
}

TEST_CASE("api: FEN in and out", "[api]") {
    CHECK(api::Board().fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const char* kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const api::FenReading read = api::read_fen(kiwipete);
    REQUIRE(read.position);
    CHECK(!read.rule);
    CHECK(read.position->fen() == kiwipete);
    CHECK(read.position->turn() == api::Side::White);

    const api::FenReading broken = api::read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
    CHECK(!broken.position);
    CHECK(broken.rule == api::Rule::SyntaxFen);
    CHECK(broken.message.find("side") != std::string::npos);

    // Two white kings cannot arise in a game.
    const api::FenReading impossible = api::read_fen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1");
    CHECK(!impossible.position);
    REQUIRE(impossible.rule);
    CHECK(api::rule_id(*impossible.rule).rfind("position/", 0) == 0);
    CHECK(!impossible.message.empty());
}

namespace {
// A position's legal moves as `pgnsem moves` lists them: UCI and canonical SAN, sorted by UCI.
struct LegalMove {
    std::string uci, san;
};
std::vector<LegalMove> sorted_moves(const api::Board& b) {
    std::vector<LegalMove> out;
    for (const api::Move m : b.legal_moves()) out.push_back(LegalMove{m.uci(), b.san(m)});
    std::sort(out.begin(), out.end(), [](const LegalMove& x, const LegalMove& y) { return x.uci < y.uci; });
    return out;
}
}  // namespace

TEST_CASE("api: legal moves, sorted by UCI, with canonical SAN", "[api]") {
    const std::vector<LegalMove> start = sorted_moves(api::Board());
    REQUIRE(start.size() == 20);
    CHECK(start.front().uci == "a2a3");
    CHECK(start.front().san == "a3");
    CHECK(start[2].uci == "b1a3");
    CHECK(start[2].san == "Na3");
    CHECK(start.back().uci == "h2h4");
    CHECK(start.back().san == "h4");
    // Kiwipete has 48 moves, castling both ways among them (the king's move in UCI).
    const auto kiwipete = api::read_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    REQUIRE(kiwipete.position);
    const std::vector<LegalMove> moves = sorted_moves(*kiwipete.position);
    CHECK(moves.size() == 48);
    const auto has = [&](const char* uci, const char* san) {
        return std::any_of(moves.begin(), moves.end(),
                           [&](const LegalMove& m) { return m.uci == uci && m.san == san; });
    };
    CHECK(has("e1g1", "O-O"));
    CHECK(has("e1c1", "O-O-O"));
    CHECK(has("f3f6", "Qxf6"));
    // Fool's mate: no legal move.
    const auto mated = api::read_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    REQUIRE(mated.position);
    CHECK(mated.position->legal_moves().empty());
    CHECK(mated.position->end() == api::End::Checkmate);
    CHECK(ucis(api::Board()).size() == 20);
}

TEST_CASE("api: one move judged in a position", "[api]") {
    const api::Board start;
    const api::MoveJudgement e4 = start.judge("e4");
    CHECK(e4.legal);
    CHECK(e4.san == "e4");
    CHECK(e4.uci == "e2e4");
    CHECK(e4.warnings.empty());
    REQUIRE(e4.after);
    CHECK(e4.after->fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(e4.after->turn() == api::Side::Black);
    CHECK(e4.move == api::Move(api::Square::e2, api::Square::e4));

    // UCI is read too, and reported as a spelling of the import format.
    const api::MoveJudgement uci = start.judge("g1f3");
    CHECK(uci.legal);
    CHECK(uci.san == "Nf3");
    CHECK(uci.uci == "g1f3");
    REQUIRE(uci.warnings.size() == 1);
    CHECK(uci.warnings[0].kind == api::WarningKind::CoordinateMove);
    CHECK(uci.warnings[0].canonical == "Nf3");

    // Illegal: no white piece can reach e5.
    const api::MoveJudgement e5 = start.judge("e5");
    CHECK(!e5.legal);
    CHECK(e5.rule);
    CHECK(!e5.message.empty());
    CHECK(!e5.after);
    CHECK(e5.san.empty());

    // A pinned piece: the knight on c3 is pinned by the bishop on b4 against the king on e1.
    const auto pinned = api::read_fen("rnbqk1nr/pppp1ppp/8/4p3/1b6/2NP4/PPP1PPPP/R1BQKBNR w KQkq - 1 3");
    REQUIRE(pinned.position);
    const api::MoveJudgement nd5 = pinned.position->judge("Nd5");
    CHECK(!nd5.legal);
    CHECK(nd5.rule == api::Rule::CheckPinned);

    // Not SAN at all.
    const api::MoveJudgement z9 = start.judge("Nz9");
    CHECK(!z9.legal);
    REQUIRE(z9.rule);
    CHECK(api::rule_id(*z9.rule).rfind("syntax/", 0) == 0);

    // A claim the position refutes: played, with its warning.
    const api::MoveJudgement claim = start.judge("e4+");
    CHECK(claim.legal);
    CHECK(claim.san == "e4");
    REQUIRE(claim.warnings.size() == 1);
    CHECK(claim.warnings[0].kind == api::WarningKind::CheckClaim);

    // After checkmate every move is refused as game/over.
    const auto mated = api::read_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    REQUIRE(mated.position);
    const api::MoveJudgement after = mated.position->judge("a3");
    CHECK(!after.legal);
    CHECK(after.rule == api::Rule::GameOver);
}

TEST_CASE("api: SAN in and out without a position", "[api]") {
    CHECK(api::read_san("0-0").san == "O-O");
    CHECK(api::read_san("e8q").san == "e8=Q");
    CHECK(api::read_san("Pe4").san == "e4");
    CHECK(api::read_san("Nbd7+").san == "Nbd7+");
    const api::SanReading bad = api::read_san("e5=Q");
    CHECK(!bad.san);
    CHECK(bad.rule == api::Rule::SyntaxPromotionRank);
    CHECK(!bad.message.empty());
    // columns are 1-based, in the library as in `pgnsem san` ({"written":"e9",…,"error":{…,"column":2}})
    CHECK(api::read_san("e9").column == 2);
    CHECK(api::read_san("Nz9").column == 2);
}
