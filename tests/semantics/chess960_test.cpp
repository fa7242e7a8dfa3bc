// Chess960 (proofs-notes/chess960.md): the start positions by number, σ's ids and castling files,
// castling's equations and conditions at each of their edges — under the reference and the fast
// path, which must answer alike (F3, F4) — X-FEN's ambiguous rights, and perft of the reference
// against the fast path (F6) on Chess960 positions.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "laws/setup.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/fast/position_key.hpp"
#include "semantics/fast/terminates.hpp"
#include "semantics/legal_moves.hpp"
#include "semantics/moves.hpp"
#include "semantics/position.hpp"
#include "semantics/terminates.hpp"
#include "tests/semantics/helpers.hpp"
#include "tests/semantics/walks.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;
namespace v2 = boost::variant2;

namespace {

State chess960(std::string_view text) {
    const auto s = sigma_from_fen(text, true);
    REQUIRE(s.has_value());
    return *s;
}

std::string rank_of(const std::array<PieceKind, 8>& r) {
    std::string out;
    for (const PieceKind k : r) out.push_back("PNBRQK"[static_cast<int>(k)]);
    return out;
}

// T of a move by its squares, asked of the reference and of the fast path, which must agree.
Termination both(const State& s, std::string_view uci) {
    const ConcreteMove m = concrete(uci);
    const Termination reference = terminates_concrete(s, m);
    const Termination fast = fast::answer_of(fast::terminates_concrete(fast::position_from(s), m));
    INFO(uci);
    CHECK(fast == reference);
    return reference;
}

// The move is castling on `side`, accepted; σ′ has the king and the rook on `king` and `rook`.
State castles(const State& s, std::string_view uci, ast::CastleSide side, std::string_view king,
              std::string_view rook) {
    const Termination t = both(s, uci);
    const Accepted* ok = v2::get_if<Accepted>(&t);
    INFO(uci);
    REQUIRE(ok != nullptr);
    CHECK(ok->action.castle == side);
    CHECK(kind_of(at(ok->next, king)) == PieceKind::King);
    CHECK(kind_of(at(ok->next, rook)) == PieceKind::Rook);
    // the same σ′ written O-O / O-O-O
    const Termination san = terminates(castle(side), s);
    REQUIRE(v2::holds_alternative<Accepted>(san));
    CHECK(v2::get<Accepted>(san).next == ok->next);
    // listed by both move generators as the king taking its rook
    CHECK(enumerated(s, uci));
    bool listed = false;
    for (const ConcreteMove& m : fast::legal_moves(s)) listed = listed || m == concrete(uci);
    CHECK(listed);
    return ok->next;
}

Detail refused(const State& s, std::string_view uci, Failure rule) {
    const Termination t = both(s, uci);
    const Refused* no = v2::get_if<Refused>(&t);
    INFO(uci);
    REQUIRE(no != nullptr);
    CHECK(rule_name(no->rule) == rule_name(rule));
    return no->detail;
}

}  // namespace

TEST_CASE("Chess960 start positions by their standard numbers", "[chess960]") {
    CHECK(rank_of(chess960_arrangement(518)) == "RNBQKBNR");
    CHECK(rank_of(chess960_arrangement(0)) == "BBQNNRKR");
    CHECK(rank_of(chess960_arrangement(959)) == "RKRNNQBB");
    std::set<std::string> seen;
    for (int n = 0; n < 960; ++n) {
        const std::string r = rank_of(chess960_arrangement(n));
        INFO(n << " " << r);
        seen.insert(r);
        // the bishops on squares of both colours, the king between the rooks
        const auto b1 = r.find('B'), b2 = r.rfind('B');
        CHECK(b1 % 2 != b2 % 2);
        CHECK(r.find('R') < r.find('K'));
        CHECK(r.find('K') < r.rfind('R'));
        const State s = initial_state_960(n);
        CHECK(well_formed(s));
        const CastlingFiles white = castling_files(s, Color::White);
        CHECK(white == castling_files(s, Color::Black));
        CHECK(static_cast<std::size_t>(white.king) == r.find('K'));
        CHECK(static_cast<std::size_t>(white.rook[1]) == r.find('R'));
        CHECK(static_cast<std::size_t>(white.rook[0]) == r.rfind('R'));
        // σ₀ of position n is the position its X-FEN reads as (the ids by role: fen-positions.md)
        State read = from_placement(to_placement(s), true);
        read.turn = 0;
        read.number_base = 1;
        CHECK(read == s);
    }
    CHECK(seen.size() == 960);
    State standard = initial_state_960(518);
    CHECK(standard.chess960);
    standard.chess960 = false;
    CHECK(standard == initial_state());
}

TEST_CASE("σ keeps each colour's castling files apart: every triple of one colour's files with a spread of the other's",
          "[chess960]") {
    // σ packs both colours' files into three bytes (StartFiles); each colour reads back what it was
    // given, whatever the other holds, and σ₀'s are the standard e, h, a.
    CHECK(castling_files(State{}, Color::White) == kStandardFiles);
    CHECK(castling_files(State{}, Color::Black) == kStandardFiles);
    for (int w = 0; w < 512; ++w)
        for (const int b : {0, 1, 7, 63, 64, 100, 292, 511}) {
            const auto files = [](int n) {
                return CastlingFiles{static_cast<std::uint8_t>(n & 7),
                                     {{static_cast<std::uint8_t>((n >> 3) & 7), static_cast<std::uint8_t>(n >> 6)}}};
            };
            State s;
            set_castling_files(s, Color::Black, files(b));
            set_castling_files(s, Color::White, files(w));
            CHECK(castling_files(s, Color::White) == files(w));
            CHECK(castling_files(s, Color::Black) == files(b));
            set_castling_files(s, Color::Black, files(w));
            CHECK(castling_files(s, Color::White) == files(w));
            CHECK(castling_files(s, Color::Black) == files(w));
        }
}

TEST_CASE("Chess960 castling squares stay within their lists for every start", "[chess960]") {
    for (int k = 1; k < 7; ++k)
        for (int q = 0; q < k; ++q)
            for (int h = k + 1; h < 8; ++h)
                for (const Color c : {Color::White, Color::Black})
                    for (const ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen}) {
                        CastlingFiles f;
                        f.king = static_cast<std::uint8_t>(k);
                        f.rook = {static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(q)};
                        const CastleSquares s = castle_squares(c, side, f);
                        CHECK(s.between_count <= 5);
                        CHECK(s.crossed_count <= 4);
                    }
    // standard chess: the Laws' squares
    const CastleSquares k = castle_squares(Color::White, ast::CastleSide::King, kStandardFiles);
    CHECK((k.between_count == 2 && k.between[0] == sq("f1") && k.between[1] == sq("g1")));
    CHECK((k.crossed_count == 1 && k.crossed[0] == sq("f1")));
    const CastleSquares q = castle_squares(Color::Black, ast::CastleSide::Queen, kStandardFiles);
    CHECK((q.between_count == 3 && q.between[0] == sq("d8") && q.between[1] == sq("c8") && q.between[2] == sq("b8")));
}

TEST_CASE("Chess960: a rook flag watches its castling rook's start square, which names it", "[chess960]") {
    // rook_start is rook_corner's inverse on every start position; castle_squares' flag is the one
    // of its rook's start square (io/output.cpp names the flag by rook_start).
    for (int n = 0; n < 960; ++n) {
        const State s = initial_state_960(n);
        for (const Color c : {Color::White, Color::Black})
            for (const ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen}) {
                const CastleSquares q = castle_squares(s, c, side);
                CHECK(rook_start(s, q.corner) == q.rook_from);
                CHECK(rook_corner(s, q.rook_from) == q.corner);
            }
    }
    const State standard = initial_state();
    CHECK(rook_start(standard, kCornerA1) == sq("a1"));
    CHECK(rook_start(standard, kCornerH1) == sq("h1"));
    CHECK(rook_start(standard, kCornerA8) == sq("a8"));
    CHECK(rook_start(standard, kCornerH8) == sq("h8"));
    // position 0, BBQNNRKR: the rooks start on f1 and h1
    CHECK(rook_start(initial_state_960(0), kCornerA1) == sq("f1"));
    CHECK(rook_start(initial_state_960(0), kCornerH8) == sq("h8"));
}

TEST_CASE("F3 the fast path's rook flags by square are rook_corner's for every pair of castling files", "[chess960]") {
    // move_piece (semantics/fast/denote.cpp) reads the flags a move sets from the table its position
    // names (semantics/fast/position.hpp); the reference asks rook_corner of σ's files.
    for (int wq = 0; wq < 8; ++wq)
        for (int wh = wq + 1; wh < 8; ++wh)
            for (int bq = 0; bq < 8; ++bq)
                for (int bh = bq + 1; bh < 8; ++bh) {
                    State s;
                    set_castling_files(
                        s, Color::White,
                        CastlingFiles{4, {{static_cast<std::uint8_t>(wh), static_cast<std::uint8_t>(wq)}}});
                    set_castling_files(
                        s, Color::Black,
                        CastlingFiles{4, {{static_cast<std::uint8_t>(bh), static_cast<std::uint8_t>(bq)}}});
                    const fast::CornerTable& t = fast::kCornerTables[fast::corner_table_of(s)];
                    for (int q = 0; q < 64; ++q)
                        if (t[static_cast<std::size_t>(q)] != rook_corner(s, Square::unchecked(q)))
                            FAIL("files " << wq << wh << ' ' << bq << bh << ", square " << q);
                }
    CHECK(fast::corner_table_of(State{}) == fast::kStandardCornerTable);
    CHECK(fast::position_from(initial_state()).corner_table == fast::kStandardCornerTable);
    CHECK(fast::position_from(initial_state_960(518)).corner_table == fast::kStandardCornerTable);
    CHECK(fast::position_from(initial_state_960(0)).corner_table != fast::kStandardCornerTable);
}

TEST_CASE("Chess960 castling: the king already on its destination", "[chess960][castle/king-side][accept]") {
    const State s = chess960("qr4kr/pppppppp/8/8/8/8/PPPPPPPP/QR4KR w HBhb - 0 1");
    const State n = castles(s, "g1h1", ast::CastleSide::King, "g1", "f1");
    CHECK(at(n, "h1") == kEmpty);
    CHECK(at(n, "g1") == kWhiteKing);
    CHECK(at(n, "f1") == kWhiteKingsideRook);
    // a king's step from g1 to h1 is not what g1h1 means; in standard chess it is the king onto its rook
    CHECK(enumerated(s, "g1h1"));
}

TEST_CASE("Chess960 castling: the rook already on its destination", "[chess960][castle/king-side][accept]") {
    const State s = chess960("4k3/8/8/8/8/8/8/1R2KR2 w FB - 0 1");
    const State n = castles(s, "e1f1", ast::CastleSide::King, "g1", "f1");
    CHECK(at(n, "e1") == kEmpty);
    // the crossed square f1 holds the rook, and may not be attacked
    const State attacked = chess960("4k1r1/8/8/8/8/8/8/1R2KR2 w FB - 0 1");
    refused(attacked, "e1f1", Failure::CastleIntoCheck);
    const State through = chess960("5r1k/8/8/8/8/8/4P3/1R2KR2 w FB - 0 1");
    const Detail d = refused(through, "e1f1", Failure::CastleThroughCheck);
    CHECK(d.square == sq("f1"));
}

TEST_CASE("Chess960 castling: the king and the rook swap squares", "[chess960][castle/queen-side][accept]") {
    const State s = chess960("2rkr3/pppppppp/8/8/8/8/PPPPPPPP/2RKR3 w ECec - 0 1");
    const State n = castles(s, "d1c1", ast::CastleSide::Queen, "c1", "d1");
    CHECK(at(n, "c1") == kWhiteKing);
    CHECK(at(n, "d1") == kWhiteQueensideRook);
    // O-O from d1 with the rook on e1: the king crosses e1 (its rook) and f1
    castles(s, "d1e1", ast::CastleSide::King, "g1", "f1");
}

TEST_CASE("Chess960 castling: the rook shields the king's destination", "[chess960][castle/into-check][reject]") {
    // X-FEN KQ: the rooks on b1 and f1 (a1 holds Black's queen); O-O-O puts the king on c1 and the
    // rook on d1, and the queen then attacks c1 along b1. In σ the rook on b1 stood between.
    const State s = chess960("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1");
    const Detail d = refused(s, "d1b1", Failure::CastleIntoCheck);
    CHECK(d.square == sq("c1"));
    CHECK(d.attacker == sq("a1"));
    rejects(s, ooo(), Failure::CastleIntoCheck);
    // O-O crosses e1, which the rook on e8 attacks
    const Detail through = refused(s, "d1f1", Failure::CastleThroughCheck);
    CHECK(through.square == sq("e1"));
}

TEST_CASE("Chess960 castling: a blocked rook path", "[chess960][castle/blocked][reject]") {
    // the king on b1 goes to c1, the rook from a1 to d1 over b1 (the king) and c1; d1 holds a knight
    const State s = chess960("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1");
    const Detail d = refused(s, "b1a1", Failure::CastleBlocked);
    CHECK(d.square == sq("d1"));
    const State free = chess960("4k3/8/8/8/8/8/8/RK2N3 w A - 0 1");
    castles(free, "b1a1", ast::CastleSide::Queen, "c1", "d1");
}

TEST_CASE("Chess960: X-FEN's ambiguous rights name the outermost rook, file letters the others", "[chess960]") {
    // Q is the outermost rook on the queenside (a1); B the one on b1
    const State q = chess960("4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1");
    CHECK(castling_files(q, Color::White).rook[1] == 0);
    refused(q, "e1a1", Failure::CastleBlocked);
    const State b = chess960("4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
    CHECK(castling_files(b, Color::White).rook[1] == 1);
    const State n = castles(b, "e1b1", ast::CastleSide::Queen, "c1", "d1");
    CHECK(at(n, "a1") != kEmpty);
    // written back as read: K and Q for the outermost rooks, the file letter for the other
    CHECK(fen_fields(q).white_queen_side);
    CHECK(fen_fields(b).castling_files[0] == (1u << 1));
    CHECK(fen_fields(b, CastlingStyle::Shredder).castling_files[0] == ((1u << 7) | (1u << 1)));
}

TEST_CASE("Chess960: the same pieces with rights to different rooks are different positions (Laws 9.2.3)",
          "[chess960][repetition]") {
    // the same board, the same side to move, a queenside right each: with the rook on a1, with the one on b1
    const State a = chess960("4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1");
    const State b = chess960("4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
    CHECK(a.board == b.board);
    CHECK(sem::position_of(a) != sem::position_of(b));
    CHECK(sem::fast::full_key(a) != sem::fast::full_key(b));
    // the same right read from X-FEN and from Shredder-FEN is one position
    const State shredder = chess960("4k3/8/8/8/8/8/8/RR2K2R w HA - 0 1");
    CHECK(sem::position_of(a) == sem::position_of(shredder));
    CHECK(sem::fast::full_key(a) == sem::fast::full_key(shredder));
    // a standard position's key has no part of the files: the same as before Chess960
    const State standard = fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    const State standard960 = chess960("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    CHECK(sem::position_of(standard) == sem::position_of(standard960));
}

TEST_CASE("Chess960: a move by its squares onto the king's own rook is castling only in Chess960", "[chess960]") {
    const State standard = fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    refused(standard, "e1h1", Failure::SrcUnreachable);
    refused(fen("4k3/8/8/8/8/8/8/R3KR2 w Q - 0 1"), "e1f1", Failure::DestOwnPiece);
    castles(standard, "e1g1", ast::CastleSide::King, "g1", "f1");
    const State same = chess960("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    castles(same, "e1h1", ast::CastleSide::King, "g1", "f1");
    castles(same, "e1a1", ast::CastleSide::Queen, "c1", "d1");
    refused(same, "e1g1", Failure::SrcUnreachable);
    // the king onto its own piece elsewhere is no castling
    const State pawn = chess960("4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1");
    refused(pawn, "e1e2", Failure::DestOwnPiece);
}

TEST_CASE("F6 on Chess960 positions: the fast perft is the reference's", "[chess960][property]") {
    for (const char* text : kChess960Starts) {
        INFO(text);
        const State s = chess960(text);
        CHECK(fast::perft(s, 2) == perft(s, 2));
    }
    for (const int n : {0, 105, 518, 959}) {
        INFO(n);
        const State s = initial_state_960(n);
        CHECK(fast::perft(s, 2) == perft(s, 2));
    }
}
