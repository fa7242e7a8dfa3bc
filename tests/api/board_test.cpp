// The board of pgnsem/board.hpp: each call against what the command line says (trace's FEN after
// every ply of the example and conformance games, `perft`'s published counts), and push and pop
// against each other.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "pgnsem/api.hpp"
#include "tests/api/tool_output.hpp"
#include "tests/shared_data.hpp"

namespace api = pgnsem::api;
namespace test = pgnsem::test;

namespace {

// What `pgnsem trace --format jsonl FILE` writes, one step object a line.
std::vector<nlohmann::json> trace_steps(const std::string& path) {
    const std::string written =
        test::tool_output(std::string("'") + PGNSEM_BINARY + "' trace --format jsonl '" + path + "'");
    std::vector<nlohmann::json> steps;
    std::istringstream lines(written);
    for (std::string line; std::getline(lines, line);) steps.push_back(nlohmann::json::parse(line));
    return steps;
}

// The leaves below a board, by legal_moves, push and pop, the last ply counted whole
// (legal_move_count), as bench/board_bench.cpp counts them.
std::uint64_t walk(api::Board& b, int depth, bool checked) {
    if (depth == 0) return 1;
    if (depth == 1) return b.legal_move_count();
    std::uint64_t n = 0;
    for (const api::Move m : b.legal_moves()) {
        if (checked)
            b.push(m);
        else
            b.push_unchecked(m);
        n += walk(b, depth - 1, checked);
        b.pop();
    }
    return n;
}

}  // namespace

TEST_CASE("board: push_san replays the example and conformance games with trace's FEN after every ply, and pops back",
          "[api][board]") {
    if (std::string(PGNSEM_BINARY).empty()) test::skip("the command line is not built (PGNSEM_CLI=OFF)");
    std::vector<std::string> files;
    for (const char* dir : {"examples", "tests/conformance"})
        for (const auto& e : std::filesystem::directory_iterator(std::string(PGNSEM_SOURCE_DIR) + "/" + dir))
            if (e.path().extension() == ".pgn") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 8);
    std::size_t plies = 0, refused = 0, games_replayed = 0;
    for (const std::string& path : files) {
        INFO(path);
        // trace's steps, by game
        std::map<std::uint32_t, std::vector<nlohmann::json>> steps;
        for (nlohmann::json& s : trace_steps(path)) steps[s.at("game").get<std::uint32_t>()].push_back(std::move(s));
        api::GameReader reader = api::GameReader::open(path);
        while (const std::optional<api::Game> game = reader.next()) {
            const auto it = steps.find(game->index());
            // a game trace has no move for: refused before its first move (another variant, a FEN
            // that cannot arise)
            if (it == steps.end() || it->second.front().at("ply").is_null()) continue;
            INFO("game " << game->index());
            // the library's Board has no Chess960 option yet (CHESS960-STATUS.md)
            if (const auto variant = game->tag("Variant")) {
                std::string v;
                for (const char c : *variant)
                    if (c != ' ') v.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
                if (v == "chess960" || v == "freestyle" || v == "fischerandom") continue;
            }
            api::Board board;
            if (const auto fen = game->tag("FEN")) board = api::Board::from_fen(*fen);
            const api::Board start = board;
            const std::string start_fen = board.fen();
            for (const nlohmann::json& step : it->second) {
                const std::string written = step.at("written").get<std::string>();
                INFO("ply " << step.at("ply") << " " << written);
                if (!step.at("legal").get<bool>()) {
                    // The ⊥ step: push_san refuses it with trace's rule, and the board is unchanged.
                    const std::string before = board.fen();
                    try {
                        board.push_san(written);
                        FAIL("push_san accepted a move trace refuses");
                    } catch (const api::Error& e) {
                        CHECK(e.rule_id() == step.at("error").at("rule").get<std::string>());
                    }
                    CHECK(board.fen() == before);
                    ++refused;
                    break;
                }
                const api::Move m = board.push_san(written);
                CHECK(m.uci() == step.at("uci").get<std::string>());
                CHECK(board.fen() == step.at("fen_after").get<std::string>());
                ++plies;
            }
            // Popped back move by move, the board is the start position again, σ and all.
            const std::vector<api::Move> stack = board.move_stack();
            for (std::size_t i = stack.size(); i-- > 0;) CHECK(board.pop() == stack[i]);
            CHECK(board.pushed() == 0);
            CHECK(board.fen() == start_fen);
            CHECK(board == start);
            CHECK_THROWS_AS(board.pop(), std::out_of_range);
            ++games_replayed;
        }
    }
    // Fischer–Spassky alone is 85 plies; the conformance files hold illegal games too.
    CHECK(plies > 500);
    CHECK(refused > 20);
    CHECK(games_replayed > 50);
}

TEST_CASE("board: perft by legal_moves, push (and push_unchecked) and pop equals the published counts and Board::perft",
          "[api][board]") {
    // The Chess Programming Wiki's positions (standard.perft, tricky.perft), every depth up to a
    // million leaves (fewer in the checked build).
    const std::uint64_t most = PGNSEM_PERFT_SCALE == 0 ? 20'000 : 1'000'000;
    std::size_t compared = 0;
    for (const char* name : {"standard.perft", "tricky.perft"}) {
        for (const test::PerftEntry& e : test::read_perft_suite(name)) {
            // Chess960 positions (X-FEN castling) are not standard chess
            if (test::chess960_entry(e)) continue;
            // (a composed position among them cannot arise in a game: read as perft reads it)
            api::Board board = api::Board::from_fen(e.epd, api::Board::Validation::None);
            for (const auto& [depth, expected] : e.counts) {
                if (expected > most) continue;
                INFO(e.epd << " depth " << depth);
                CHECK(walk(board, depth, true) == expected);
                CHECK(walk(board, depth, false) == expected);
                CHECK(board.perft(depth) == expected);
                CHECK(board.pushed() == 0);
                ++compared;
            }
        }
    }
    CHECK(compared >= 20);
}

TEST_CASE("board: the position's facts", "[api][board]") {
    api::Board b;
    CHECK(b.turn() == api::Side::White);
    CHECK(b.piece_at(api::Square::e1) == api::Piece{api::Side::White, api::PieceType::King});
    CHECK(b.piece_at(api::Square::d8) == api::Piece{api::Side::Black, api::PieceType::Queen});
    CHECK(!b.piece_at(api::Square::e4));
    CHECK(b.castling_rights() == api::CastlingRights{true, true, true, true});
    CHECK(!b.en_passant_square());
    CHECK(b.halfmove_clock() == 0);
    CHECK(b.fullmove_number() == 1);
    CHECK(!b.in_check());
    CHECK(!b.end());
    CHECK(b.legal_moves().size() == 20);
    CHECK(b.legal_move_count() == 20);
    CHECK(b.epd() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");

    b.push_san("e4");
    CHECK(b.en_passant_square() == api::Square::e3);
    CHECK(b.turn() == api::Side::Black);
    b.push_uci("g8f6");
    CHECK(!b.en_passant_square());
    CHECK(b.halfmove_clock() == 1);
    CHECK(b.fullmove_number() == 2);
    b.push_san("Ke2");
    CHECK(b.castling_rights() == api::CastlingRights{false, false, true, true});
    CHECK(b.move_stack() == std::vector<api::Move>{api::Move(api::Square::e2, api::Square::e4),
                                                   api::Move(api::Square::g8, api::Square::f6),
                                                   api::Move(api::Square::e1, api::Square::e2)});

    // The hash follows the repetition rule: the knights out and back make the same position (and
    // castling rights lost make another); the clocks do not count.
    api::Board r;
    const std::uint64_t start = r.hash();
    for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8"}) r.push_san(m);
    CHECK(r.hash() == start);
    CHECK(r.halfmove_clock() == 4);
    for (const char* m : {"e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8"}) r.push_san(m);
    api::Board same_squares = api::Board::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 5");
    CHECK(r.hash() == same_squares.hash());
    CHECK(r.hash() != api::Board::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").hash());

    // Check, checkmate, stalemate.
    api::Board fool;
    for (const char* m : {"f3", "e5", "g4", "Qh4#"}) fool.push_san(m);
    CHECK(fool.in_check());
    CHECK(fool.end() == api::End::Checkmate);
    CHECK(fool.legal_moves().empty());
    CHECK(api::Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").end() == api::End::Stalemate);

    // EPD in: four fields, the clocks from hmvc and fmvn when given.
    const api::Board epd = api::Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - hmvc 7; fmvn 30;");
    CHECK(epd.halfmove_clock() == 7);
    CHECK(epd.fullmove_number() == 30);
    CHECK(epd.epd() == "4k3/8/8/8/8/8/8/4K2R w K -");
}

TEST_CASE("board: moves refused with the contract's rules, the board unchanged", "[api][board]") {
    api::Board b;
    const auto refuses = [&b](auto play, api::Rule rule, std::uint32_t column = 0) {
        const std::string before = b.fen();
        try {
            play();
            FAIL("the move was played");
        } catch (const api::Error& e) {
            INFO(e.what());
            CHECK(e.rule() == rule);
            CHECK(e.column() == column);
            CHECK(std::string(e.what()).rfind(std::string(api::rule_id(rule)) + ": ", 0) == 0);
        }
        CHECK(b.fen() == before);
        CHECK(b.pushed() == 0);
    };
    refuses([&] { b.push_san("e5"); }, api::Rule::SrcOpponentPiece);  // the pawn on e7 could
    refuses([&] { b.push_san("Nz9"); }, api::Rule::SyntaxSan, 2);
    refuses([&] { b.push_uci("e2e5"); }, api::Rule::SrcUnreachable);
    refuses([&] { b.push_uci("e2e9"); }, api::Rule::SyntaxSan, 4);
    refuses([&] { b.push_uci("e2"); }, api::Rule::SyntaxSan, 3);
    refuses([&] { b.push_uci("e7e8Q"); }, api::Rule::SyntaxSan, 5);
    refuses([&] { b.push_uci("0000"); }, api::Rule::MoveNull);
    refuses([&] { b.push(api::Move(api::Square::e1, api::Square::g1)); }, api::Rule::CastleBlocked);
    refuses([&] { b.push(api::Move(api::Square::e2, api::Square::e4, api::PieceType::King)); },
            api::Rule::SyntaxPromotionPiece);
    // Bits past the last piece type (Move::from_bits): no piece, refused as such, and spelt with '?'.
    const api::Move junk = api::Move::from_bits(
        static_cast<std::uint16_t>(api::Move(api::Square::e2, api::Square::e4).bits() | (7u << 12)));
    CHECK(junk.uci() == "e2e4?");
    CHECK(!b.is_legal(junk));
    refuses([&] { b.push(junk); }, api::Rule::SyntaxPromotionPiece);
    // A promotion to a pawn: not the plain move (PieceType::Pawn is 0, the field of no promotion).
    const api::Move to_pawn(api::Square::e7, api::Square::e8, api::PieceType::Pawn);
    CHECK(to_pawn != api::Move(api::Square::e7, api::Square::e8));
    CHECK(to_pawn.promotion() == api::PieceType::Pawn);
    CHECK(to_pawn.uci() == "e7e8p");
    refuses([&] { b.push(api::Move(api::Square::e2, api::Square::e4, api::PieceType::Pawn)); },
            api::Rule::SyntaxPromotionPiece);
    // A promotion named on a move that promotes nothing.
    CHECK(!b.is_legal(api::Move(api::Square::e2, api::Square::e4, api::PieceType::Queen)));
    refuses([&] { b.push(api::Move(api::Square::e2, api::Square::e4, api::PieceType::Queen)); },
            api::Rule::SyntaxPromotionRank);
    CHECK(!b.is_legal(api::Move(api::Square::e2, api::Square::e5)));
    CHECK(b.is_legal(api::Move(api::Square::e2, api::Square::e4)));
    CHECK_THROWS_AS(b.san(api::Move(api::Square::a1, api::Square::a8)), api::Error);

    // A pinned knight; castling through check; a promotion by UCI and its SAN.
    api::Board pinned = api::Board::from_fen("rnbqk1nr/pppp1ppp/8/4p3/1b6/2NP4/PPP1PPPP/R1BQKBNR w KQkq - 1 3");
    try {
        pinned.push_san("Nd5");
        FAIL("a pinned knight moved");
    } catch (const api::Error& e) {
        CHECK(e.rule() == api::Rule::CheckPinned);
    }
    api::Board through = api::Board::from_fen("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1");
    CHECK_THROWS_AS(through.push_uci("e1g1"), api::Error);
    api::Board promote = api::Board::from_fen("8/P6k/8/8/8/8/8/4K3 w - - 0 1");
    const api::Move q = api::Move(api::Square::a7, api::Square::a8, api::PieceType::Queen);
    CHECK(promote.san(q) == "a8=Q");
    CHECK(promote.push_uci("a7a8n") == api::Move(api::Square::a7, api::Square::a8, api::PieceType::Knight));
    CHECK(promote.piece_at(api::Square::a8) == api::Piece{api::Side::White, api::PieceType::Knight});

    // FEN refused: the syntax error's column, or the position's rule.
    try {
        (void)api::Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
        FAIL("a FEN with side x was read");
    } catch (const api::Error& e) {
        CHECK(e.rule() == api::Rule::SyntaxFen);
        CHECK(e.column() > 0);
    }
    try {
        (void)api::Board::from_fen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1");
        FAIL("two white kings were read");
    } catch (const api::Error& e) {
        CHECK(e.rule() == api::Rule::PositionTooManyKings);
    }
}

TEST_CASE("board: every rule id of the contract is an api::Rule, in the same order", "[api][board]") {
    std::ifstream in(std::string(PGNSEM_SOURCE_DIR) + "/schemas/common.json");
    REQUIRE(in);
    const nlohmann::json schema = nlohmann::json::parse(in);
    const std::vector<std::string> ids = schema.at("$defs").at("rule").at("enum").get<std::vector<std::string>>();
    REQUIRE(ids.size() == api::kRuleIds.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        CHECK(api::kRuleIds[i] == ids[i]);
        CHECK(api::rule_from_id(ids[i]) == static_cast<api::Rule>(i));
    }
}

TEST_CASE("board: every warning kind of the contract is an api::WarningKind, in the same order", "[api][board]") {
    std::ifstream in(std::string(PGNSEM_SOURCE_DIR) + "/schemas/common.json");
    REQUIRE(in);
    const nlohmann::json schema = nlohmann::json::parse(in);
    const auto kinds = schema.at("$defs").at("warning_kind").at("enum").get<std::vector<std::string>>();
    REQUIRE(kinds.size() == api::kWarningKinds.size());
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        CHECK(api::kWarningKinds[i] == kinds[i]);
        CHECK(api::warning_kind_from_name(kinds[i]) == static_cast<api::WarningKind>(i));
        // and each has its rule under --strict
        CHECK(api::rule_from_id("notation/" + kinds[i]));
    }
}
