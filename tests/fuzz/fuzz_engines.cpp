// libFuzzer target for F (proofs-notes/invariants.md): the fast path is the reference, faster, on
// whole games. The input chooses a game: its start (σ₀ or a position chosen to break move
// generators) and, ply by ply, either a legal move (by its place among the legal moves, written in
// canonical SAN, its `+`/`#` sometimes wrong) or a near miss (a move built from the input's bytes:
// any kind, target, capture mark, origin, promotion or castling). The game's text goes through the
// PGN reader and the interpreter with the fast engine and with the reference, in the default mode
// and under --strict; the verdicts (as JSON) and the traces must be the same bytes.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "interpreter/interpret.hpp"
#include "io/output.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "semantics/engines.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/fast/terminates.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"
#include "syntax/san.hpp"

namespace {

using namespace pgnsem;

constexpr const char* kStarts[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4k3/8/1N3N2/8/R6R/8/1N3N2/4K3 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
};

class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    [[nodiscard]] bool empty() const { return at_ >= size_; }
    std::uint8_t next() { return at_ < size_ ? data_[at_++] : 0; }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

// A move a careless writer could produce, from the input's bytes (it may be legal, illegal, or not
// even a move the reader accepts once printed).
ast::Move near_miss(Bytes& in) {
    ast::Move m;
    const std::uint8_t kind = in.next() % 8;
    const Square to = Square::unchecked(in.next() % 64);
    const std::uint8_t how = in.next();
    ast::Disambiguator from;
    if (how & 1) from.file = File::unchecked(in.next() % 8);
    if (how & 2) from.rank = Rank::unchecked(in.next() % 8);
    if (kind == 6) {
        m.body = ast::Castle{(how & 4) ? ast::CastleSide::King : ast::CastleSide::Queen};
    } else if (kind == 7) {
        const auto t = static_cast<ast::PromotionPiece>(in.next() % 4);
        const auto p = ast::Promotion::make(from.file, to, t);
        if (p)
            m.body = *p;
        else
            m.body = ast::Traversal{PieceKind::Pawn, {}, to};
    } else {
        const auto k = static_cast<PieceKind>(kind);
        if (k == PieceKind::Pawn && !(how & 4))
            m.body = ast::Traversal{k, {}, to};
        else if (k == PieceKind::Pawn)
            m.body = ast::Capture{k, {from.file.value_or(File::unchecked(0)), std::nullopt}, to};
        else if (how & 4)
            m.body = ast::Capture{k, from, to};
        else
            m.body = ast::Traversal{k, from, to};
    }
    m.claim = static_cast<ast::CheckClaim>((how >> 4) % 3);
    return m;
}

// The verdict and the trace of one game, as the command line writes them.
struct Seen : interp::TraceSink {
    std::string text;
    void on_ply(const interp::PlyEvent& e) override {
        interp::append_trace_json(text, {}, "fuzz", e);
        text += '\n';
    }
};

std::string judge(const std::string& pgn, const sem::Engine& e, bool strict) {
    syntax::PgnReader reader(pgn);
    ast::Game g;
    Seen seen;
    interp::Interpreter interpreter(interp::Options{strict, &e});
    interp::Verdict v;
    while (reader.next(g)) {
        interpreter.run(g, v, &seen);
        interp::append_verdict_json(seen.text, {}, "fuzz", v);
        seen.text += '\n';
    }
    return seen.text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in(data, size);
    const std::size_t start = in.next() % (std::size(kStarts) + 1);
    sem::State s = sem::initial_state();
    std::string pgn = "[Event \"fuzz\"]\n[Result \"*\"]\n";
    if (start > 0) {
        const auto parsed = syntax::parse_fen(kStarts[start - 1]);
        s = sem::from_placement(boost::variant2::get<Placement>(parsed));
        pgn += std::string("[SetUp \"1\"]\n[FEN \"") + kStarts[start - 1] + "\"]\n";
    }
    pgn += "\n";
    for (int ply = 0; ply < 80 && !in.empty(); ++ply) {
        if (sem::to_move(s) == Color::White || ply == 0)
            pgn += std::to_string(sem::move_number(s)) + (sem::to_move(s) == Color::White ? ". " : "... ");
        const std::uint8_t op = in.next();
        if (op < 224) {
            const sem::MoveList moves = sem::fast::legal_moves(s);
            if (moves.size == 0) break;
            const sem::ConcreteMove m = moves.moves[in.next() % moves.size];
            const sem::Accepted ok =
                boost::variant2::get<sem::Accepted>(sem::FastEngine::instance().terminates_concrete(s, m));
            ast::Move written = sem::fast_engine().canonical_move(s, ok.action, ok.next);
            // now and then a wrong +/# claim, for the claims' warnings
            if (op < 16) written.claim = static_cast<ast::CheckClaim>(op % 3);
            pgn += std::string(syntax::print_san(written).view()) + " ";
            s = ok.next;
            continue;
        }
        const ast::Move m = near_miss(in);
        if (boost::variant2::holds_alternative<ast::NullMove>(m.body)) break;
        pgn += std::string(syntax::print_san(m).view()) + " ";
        const sem::Termination t = sem::FastEngine::instance().terminates(m, s);
        if (const auto* ok = boost::variant2::get_if<sem::Accepted>(&t))
            s = ok->next;
        else
            break;
    }
    pgn += "*\n";
    const std::unique_ptr<sem::Engine> reference = sem::reference_engine();
    for (const bool strict : {false, true})
        if (judge(pgn, sem::fast_engine(), strict) != judge(pgn, *reference, strict)) __builtin_trap();
    return 0;
}
