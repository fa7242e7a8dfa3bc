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
    std::size_t plies = 0, refused = 0, games_replayed = 0, games_960 = 0;
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
            // A Chess960 game starts from its FEN read as X-FEN, or from position 518 without one.
            const bool chess960 = game->chess960();
            api::Board board = chess960 ? api::Board::chess960_start(518) : api::Board();
            if (const auto fen = game->tag("FEN"))
                board = api::Board::from_fen(*fen, api::Board::Validation::Game,
                                             chess960 ? api::Variant::Chess960 : api::Variant::Standard);
            CHECK(board.is_chess960() == chess960);
            games_960 += chess960 ? 1 : 0;
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
    // the Chess960 games of tests/conformance/semantics.pgn
    CHECK(games_960 >= 7);
}

TEST_CASE("board: perft by legal_moves, push (and push_unchecked) and pop equals the published counts and Board::perft",
          "[api][board]") {
    // The Chess Programming Wiki's positions (standard.perft, tricky.perft), every depth up to a
    // million leaves (fewer in the checked build).
    const std::uint64_t most = PGNSEM_PERFT_SCALE == 0 ? 20'000 : 1'000'000;
    std::size_t compared = 0, compared_960 = 0;
    for (const char* name : {"standard.perft", "tricky.perft"}) {
        for (const test::PerftEntry& e : test::read_perft_suite(name)) {
            // (a composed position among them cannot arise in a game: read as perft reads it; the
            // Chess960 positions, X-FEN, by Chess960's rules)
            const bool chess960 = test::chess960_entry(e);
            api::Board board = api::Board::from_fen(e.epd, api::Board::Validation::None,
                                                    chess960 ? api::Variant::Chess960 : api::Variant::Standard);
            CHECK(board.is_chess960() == chess960);
            compared_960 += chess960 ? 1 : 0;
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
    CHECK(compared_960 >= 6);
}

TEST_CASE("board: a game says whether its Variant tag names Chess960", "[api][board][chess960]") {
    const std::vector<std::string> spellings = {"Chess960",       "chess 960", "FISCHERANDOM",
                                                "Fischer Random", "freestyle", "960"};
    std::string text;
    for (const std::string& v : spellings) text.append("[Variant \"").append(v).append("\"]\n\n*\n\n");
    text.append("[Variant \"Crazyhouse\"]\n\n*\n\n[Variant \"Standard\"]\n\n*\n\n[Event \"no Variant tag\"]\n\n*\n");
    api::GameReader reader(text);
    std::vector<bool> got;
    while (const std::optional<api::Game> g = reader.next()) got.push_back(g->chess960());
    std::vector<bool> want(spellings.size(), true);
    want.insert(want.end(), {false, false, false});
    CHECK(got == want);
}

TEST_CASE("board: Chess960's start positions by number, position 518 the standard one", "[api][board][chess960]") {
    const api::Board standard;
    const api::Board start = api::Board::chess960_start(518);
    CHECK(start.is_chess960());
    CHECK(!standard.is_chess960());
    // The same position, played by other rules: the same FEN, moves and counts, another σ.
    CHECK(start.fen() == standard.fen());
    CHECK(start.fen(api::CastlingStyle::Shredder) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    CHECK(standard.fen(api::CastlingStyle::Shredder) == standard.fen());
    const auto sorted_uci = [](const api::Board& b) {
        std::vector<std::string> out;
        for (const api::Move m : b.legal_moves()) out.push_back(m.uci());
        std::sort(out.begin(), out.end());
        return out;
    };
    CHECK(sorted_uci(start) == sorted_uci(standard));
    CHECK(start.perft(3) == 8902);
    CHECK(start.castling_rights() == standard.castling_rights());
    CHECK(start.castling_rooks() ==
          api::CastlingRooks{api::Square::h1, api::Square::a1, api::Square::h8, api::Square::a8});
    CHECK(standard.castling_rooks() == start.castling_rooks());
    CHECK(start != standard);
    // read from its FEN: turn 2, not σ₀'s 0 (proofs-notes/numbering.md), the same position
    const api::Board read = api::Board::from_fen(standard.fen(), api::Board::Validation::Game, api::Variant::Chess960);
    CHECK(read.is_chess960());
    CHECK(read.fen(api::CastlingStyle::Shredder) == start.fen(api::CastlingStyle::Shredder));
    CHECK(read.hash() == start.hash());

    // The first and the last of the numbering; its edges.
    const api::Board first = api::Board::chess960_start(0);
    CHECK(first.fen() == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    CHECK(first.fen(api::CastlingStyle::Shredder) == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    CHECK(first.castling_rooks() ==
          api::CastlingRooks{api::Square::h1, api::Square::f1, api::Square::h8, api::Square::f8});
    const api::Board last = api::Board::chess960_start(959);
    CHECK(last.epd() == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq -");
    CHECK(last.epd(api::CastlingStyle::Shredder) == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca -");
    CHECK_THROWS_AS(api::Board::chess960_start(-1), std::out_of_range);
    CHECK_THROWS_AS(api::Board::chess960_start(960), std::out_of_range);
}

TEST_CASE("board: perft of chess960.perft's positions by legal_moves, push and pop, their Shredder-FEN read back",
          "[api][board][chess960]") {
    const std::vector<test::PerftEntry> suite = test::read_perft_suite("chess960.perft");
    REQUIRE(suite.size() == 960);
    std::size_t compared = 0;
    // every 40th position, to depth 3
    for (std::size_t i = 0; i < suite.size(); i += 40) {
        const test::PerftEntry& e = suite[i];
        INFO(e.id << ": " << e.epd);
        api::Board board = api::Board::from_fen(e.epd, api::Board::Validation::None, api::Variant::Chess960);
        CHECK(board.is_chess960());
        CHECK(board.epd(api::CastlingStyle::Shredder) == e.epd);
        // a file letter in the castling field is Chess960 notation, whatever the variant asked for
        const bool letters = e.epd.find(" - ") == std::string::npos;
        CHECK(api::Board::from_fen(e.epd, api::Board::Validation::None).is_chess960() == letters);
        for (const auto& [depth, expected] : e.counts) {
            if (depth > 3) continue;
            INFO("depth " << depth);
            CHECK(walk(board, depth, true) == expected);
            CHECK(walk(board, depth, false) == expected);
            CHECK(board.perft(depth) == expected);
            ++compared;
        }
        CHECK(board.pushed() == 0);
        CHECK(board.epd(api::CastlingStyle::Shredder) == e.epd);
    }
    CHECK(compared == 72);
}

TEST_CASE("board: castling in UCI is the king taking its rook in Chess960, the king's two squares in standard chess",
          "[api][board][chess960]") {
    // The same position, by each rule set: O-O is e1g1 in standard chess, e1h1 in Chess960.
    const std::vector<const char*> opening = {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"};
    api::Board standard;
    api::Board c960 = api::Board::chess960_start(518);
    for (const char* san : opening) {
        standard.push_san(san);
        c960.push_san(san);
    }
    const api::Move king_two(api::Square::e1, api::Square::g1), king_takes_rook(api::Square::e1, api::Square::h1);
    CHECK(standard.legal_moves().contains(king_two));
    CHECK(!standard.legal_moves().contains(king_takes_rook));
    CHECK(c960.legal_moves().contains(king_takes_rook));
    CHECK(!c960.legal_moves().contains(king_two));
    CHECK(standard.parse_san("O-O") == king_two);
    CHECK(c960.parse_san("O-O") == king_takes_rook);
    CHECK(c960.parse_san("0-0") == king_takes_rook);
    CHECK(c960.san(king_takes_rook) == "O-O");
    CHECK(standard.judge("O-O").uci == "e1g1");
    CHECK(c960.judge("O-O").uci == "e1h1");
    CHECK(c960.judge("e1h1").san == "O-O");
    CHECK(!c960.judge("e1g1").legal);
    try {
        standard.push_uci("e1h1");
        FAIL("the king took its own rook in standard chess");
    } catch (const api::Error& e) {
        // as `pgnsem san` refuses it: no king's move reaches h1
        CHECK(e.rule() == api::Rule::SrcUnreachable);
    }
    CHECK_THROWS_AS(c960.push_uci("e1g1"), api::Error);
    CHECK(c960.pushed() == opening.size());
    // Pushed and popped: the same position after, each move as its board writes it.
    const std::string after = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
    CHECK(standard.push_uci("e1g1").uci() == "e1g1");
    CHECK(c960.push_uci("e1h1").uci() == "e1h1");
    CHECK(standard.fen() == after);
    CHECK(c960.fen() == after);
    CHECK(c960.castling_rooks() == api::CastlingRooks{std::nullopt, std::nullopt, api::Square::h8, api::Square::a8});
    CHECK(c960.fen(api::CastlingStyle::Shredder) ==
          "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4");
    CHECK(c960.pop() == king_takes_rook);
    CHECK(c960.fen(api::CastlingStyle::Shredder) ==
          "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w HAha - 4 4");

    // The king on b1 and its rook on a1: b1a1 castles (the king to c1, the rook to d1); b1c1, the
    // same square for the king, is a king's step that gives up the right.
    const std::string fen = "4k3/8/8/8/8/8/8/RK6 w A - 0 1";
    api::Board b = api::Board::from_fen(fen);
    CHECK(b.is_chess960());
    CHECK(b.castling_rooks() == api::CastlingRooks{std::nullopt, api::Square::a1, std::nullopt, std::nullopt});
    CHECK(b.castling_rights() == api::CastlingRights{false, true, false, false});
    const api::Move castle = b.push_uci("b1a1");
    CHECK(castle == api::Move(api::Square::b1, api::Square::a1));
    CHECK(b.fen() == "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    CHECK(b.pop() == castle);
    CHECK(b.san(castle) == "O-O-O");
    CHECK(b.san(api::Move(api::Square::b1, api::Square::c1)) == "Kc1");
    b.push_uci("b1c1");
    CHECK(b.fen() == "4k3/8/8/8/8/8/8/R1K5 b - - 1 1");
    CHECK(b.castling_rooks() == api::CastlingRooks{});
    // read as standard chess by name, the right is no standard castling: the king is not on e1
    try {
        (void)api::Board::from_fen("4k3/8/8/8/8/8/8/RK6 w Q - 0 1");
        FAIL("a standard board read a queenside right with the king on b1");
    } catch (const api::Error& e) {
        CHECK(e.rule() == api::Rule::PositionCastlingRights);
    }
    CHECK(api::Board::from_fen("4k3/8/8/8/8/8/8/RK6 w Q - 0 1", api::Board::Validation::Game, api::Variant::Chess960) ==
          api::Board::from_fen(fen));
}

TEST_CASE("board: a Chess960 board writes X-FEN, or Shredder-FEN on request, and reads either",
          "[api][board][chess960]") {
    // Two rooks on the queenside: the right with b1's is written B in X-FEN (a1's is the outermost).
    const std::string shredder = "rr2k2r/8/8/8/8/8/8/RR2K2R w HBhb - 0 1";
    const std::string xfen = "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1";
    const api::Board b = api::Board::from_fen(shredder);
    CHECK(b.is_chess960());
    CHECK(b.fen() == xfen);
    CHECK(b.fen(api::CastlingStyle::XFen) == xfen);
    CHECK(b.fen(api::CastlingStyle::Shredder) == shredder);
    CHECK(b.castling_rooks() == api::CastlingRooks{api::Square::h1, api::Square::b1, api::Square::h8, api::Square::b8});
    CHECK(api::Board::from_fen(xfen, api::Board::Validation::Game, api::Variant::Chess960) == b);
    // X-FEN's Q is the outermost rook: a1's
    const api::Board outer = api::Board::from_fen("rr2k2r/8/8/8/8/8/8/RR2K2R w KQkq - 0 1",
                                                  api::Board::Validation::Game, api::Variant::Chess960);
    CHECK(outer.fen(api::CastlingStyle::Shredder) == "rr2k2r/8/8/8/8/8/8/RR2K2R w HAha - 0 1");
    CHECK(outer.castling_rooks().white_queen_side == api::Square::a1);
    CHECK(outer != b);
    CHECK(outer.hash() != b.hash());
    // read_fen by the same rules
    const api::FenReading r = api::read_fen(xfen, api::Variant::Chess960);
    REQUIRE(r.position);
    CHECK(r.position->fen(api::CastlingStyle::Shredder) == shredder);
    // rights whose rooks stand on the same side of the king
    CHECK(api::read_fen("4k3/8/8/8/8/8/8/4KRR1 w GF - 0 1").rule == api::Rule::PositionCastlingSides);
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
