// Short names: s = σ, rng = the game's generator.
#include "app/generate.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <vector>

#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "semantics/engine.hpp"
#include "semantics/engines.hpp"
#include "semantics/rules.hpp"
#include "syntax/san.hpp"

namespace pgnsem::interp {
namespace {

// A number that orders moves as their UCI texts order (uci_text, interpreter/interpret.hpp): the
// from square's file and rank, the to square's, then no promotion before b, n, q and r. Sorting by
// the texts themselves built two strings a comparison.
[[nodiscard]] int uci_order(const sem::ConcreteMove& m) noexcept {
    int promotion = 0;
    if (m.promotion) {
        switch (*m.promotion) {
            case ast::PromotionPiece::Bishop: promotion = 1; break;
            case ast::PromotionPiece::Knight: promotion = 2; break;
            case ast::PromotionPiece::Queen: promotion = 3; break;
            case ast::PromotionPiece::Rook: promotion = 4; break;
        }
    }
    const int from = m.from.file().index() * 8 + m.from.rank().index();
    const int to = m.to.file().index() * 8 + m.to.rank().index();
    return (from * 64 + to) * 5 + promotion;
}

// The generator walks the fast path: its games and labels are what `pgnsem check` (fast by
// default) answers, and the fast path is the reference, faster (proofs-notes/invariants.md).
const sem::FastEngine& engine() noexcept {
    return sem::FastEngine::instance();
}

class Rng {
public:
    explicit Rng(std::uint64_t seed) : x_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (x_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // uniform in [0, n)
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

private:
    std::uint64_t x_;
};

// An illegal move of the side to move, as the AST a careless writer would produce: a piece of
// the side to move sent to a square it may not go to, a king stepping into check, a castling
// that is not allowed, a pinned piece moving. Tried until `judge_move` rejects it.
std::optional<std::pair<ast::Move, sem::Refused>> near_miss(const sem::State& s, Rng& rng) {
    const Color me = sem::to_move(s);
    std::vector<Square> mine;
    for (int i = 0; i < 64; ++i) {
        const sem::PieceId id = s.board[static_cast<std::size_t>(i)];
        if (id != sem::kEmpty && sem::belongs_to(id, me)) mine.push_back(Square::unchecked(i));
    }
    for (int attempt = 0; attempt < 200; ++attempt) {
        ast::Move m;
        const std::uint32_t strategy = rng.below(10);
        if (strategy == 0) {
            m.body = ast::Castle{rng.below(2) == 0 ? ast::CastleSide::King : ast::CastleSide::Queen};
        } else {
            const Square from = mine[rng.below(static_cast<std::uint32_t>(mine.size()))];
            const PieceKind kind = sem::kind_of(sem::at(s, from));
            Square to = Square::unchecked(static_cast<int>(rng.below(64)));
            if (strategy <= 4) {
                // near the piece: one or two squares away, the usual slip of a hand
                const int df = static_cast<int>(rng.below(5)) - 2, dr = static_cast<int>(rng.below(5)) - 2;
                auto q = Square::from_coords(from.file().index() + df, from.rank().index() + dr);
                if (!q) continue;
                to = *q;
            }
            if (to == from) continue;
            const bool occupied = sem::at(s, to) != sem::kEmpty;
            if (kind == PieceKind::Pawn) {
                const bool last = to.rank().index() == (me == Color::White ? 7 : 0);
                if (last && rng.below(4) != 0) {
                    auto promo =
                        ast::Promotion::make(to.file() == from.file() ? std::nullopt : std::optional<File>(from.file()),
                                             to, static_cast<ast::PromotionPiece>(rng.below(4)));
                    if (!promo) continue;
                    m.body = *promo;
                } else if (to.file() == from.file()) {
                    m.body = ast::Traversal{PieceKind::Pawn, {}, to};
                } else {
                    const int d = to.file().index() - from.file().index();
                    if (d != 1 && d != -1) continue;
                    m.body = ast::Capture{PieceKind::Pawn, {from.file(), std::nullopt}, to};
                }
            } else {
                // Name the origin fully when the kind has several pieces, so the move means this piece.
                ast::Disambiguator d;
                if (rng.below(2) == 0) d = {from.file(), from.rank()};
                if (occupied)
                    m.body = ast::Capture{kind, d, to};
                else
                    m.body = ast::Traversal{kind, d, to};
            }
        }
        const Judged j = judge_move(engine(), m, s);
        if (!j.defined()) return std::make_pair(m, j.reported());
    }
    return std::nullopt;
}

void append_move(std::string& movetext, std::size_t& line_start, const std::string& token) {
    if (movetext.size() - line_start + 1 + token.size() > 79) {
        movetext.push_back('\n');
        line_start = movetext.size();
    } else if (movetext.size() != line_start) {
        movetext.push_back(' ');
    }
    movetext += token;
}

}  // namespace

GeneratedGame generate_game(std::uint64_t seed, std::uint32_t index, std::uint32_t near_miss_per_mille) {
    Rng rng(seed * 0x100000001B3ull ^ (static_cast<std::uint64_t>(index) * 0x9E3779B97F4A7C15ull));
    GeneratedGame g;
    const std::uint32_t length = 8 + rng.below(140);
    // the near-miss ply, 0 for none
    std::uint32_t bad = 0;
    if (rng.below(1000) < near_miss_per_mille) bad = 1 + rng.below(length);

    sem::State s = sem::initial_state();
    std::string movetext;
    std::size_t line_start = 0;
    std::string result = "*";
    for (std::uint32_t ply = 1; ply <= length; ++ply) {
        const sem::MoveList moves = engine().legal_moves(s);
        if (moves.size == 0) {
            if (engine().in_check(s, sem::to_move(s)))
                result = sem::to_move(s) == Color::White ? "0-1" : "1-0";
            else
                result = "1/2-1/2";
            bad = 0;
            break;
        }
        const bool white = sem::to_move(s) == Color::White;
        if (white)
            append_move(movetext, line_start, std::to_string(sem::move_number(s)) + ".");
        else if (ply == 1)
            append_move(movetext, line_start, std::to_string(sem::move_number(s)) + "...");
        if (bad == ply) {
            auto miss = near_miss(s, rng);
            if (miss) {
                append_move(movetext, line_start, std::string(syntax::print_san(miss->first).view()));
                g.bad_ply = ply;
                g.rule = std::string(sem::rule_id(miss->second.rule));
                break;
            }
            bad = 0;
        }
        std::vector<sem::ConcreteMove> sorted(moves.begin(), moves.end());
        std::sort(sorted.begin(), sorted.end(),
                  [](const sem::ConcreteMove& a, const sem::ConcreteMove& b) { return uci_order(a) < uci_order(b); });
        const sem::ConcreteMove m = sorted[rng.below(static_cast<std::uint32_t>(sorted.size()))];
        const sem::Termination t = engine().terminates_concrete(s, m);
        const auto& ok = boost::variant2::get<sem::Accepted>(t);
        append_move(movetext, line_start,
                    std::string(syntax::print_san(engine().canonical_move(s, ok.action, ok.next)).view()));
        s = ok.next;
        // Stop at an automatic draw (Laws 9.6): moves after it would be warned about.
        if (s.halfmove_clock >= 150) {
            result = "1/2-1/2";
            break;
        }
    }
    if (!g.bad_ply && result == "*" && engine().legal_moves(s).size == 0) {
        if (engine().in_check(s, sem::to_move(s)))
            result = sem::to_move(s) == Color::White ? "0-1" : "1-0";
        else
            result = "1/2-1/2";
    }
    append_move(movetext, line_start, result);
    g.pgn = "[Event \"pgnsem gen\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"" + std::to_string(index) +
            "\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"" + result + "\"]\n[GenSeed \"" + std::to_string(seed) +
            "\"]\n\n" + movetext + "\n\n";
    return g;
}

int generate(std::uint64_t seed, std::uint32_t games, double near_miss_rate, const std::string& labels_path,
             JsonLayout labels_layout, std::FILE* out) {
    std::FILE* labels = nullptr;
    if (!labels_path.empty()) {
        labels = std::fopen(labels_path.c_str(), "wb");
        if (!labels) {
            std::fprintf(stderr, "pgnsem: cannot write %s: %s\n", text_for_people(labels_path).c_str(),
                         std::strerror(errno));
            return 2;
        }
    }
    // Every write is checked: stdout's failures are reported by finish_output, the labels' here.
    bool labels_ok = true;
    int labels_errno = 0;
    const auto per_mille = static_cast<std::uint32_t>(std::lround(near_miss_rate * 1000.0));
    std::string label;  // one line of the labels file
    for (std::uint32_t i = 1; i <= games; ++i) {
        const GeneratedGame g = generate_game(seed, i, per_mille);
        if (!write_bytes(out, g.pgn)) break;
        if (labels && labels_ok) {
            // one label object (schemas/label.json): what check will say of the game
            label.clear();
            if (labels_layout == JsonLayout::Document) label += i == 1 ? "[\n" : ",\n";
            {
                JsonOut json(label);
                JsonObject o(json);
                write_envelope(o, "label", sem::Reading::laws());
                o.num("game", i).str("verdict", g.bad_ply ? "illegal" : "legal");
                if (g.bad_ply) {
                    const std::optional<sem::Failure> f = sem::failure_of(g.rule);
                    PGNSEM_ASSERT(f.has_value(), "a near-miss game breaks a rule of the table");
                    JsonObject(o.key("error"))
                        .str("rule", g.rule)
                        .str("message", sem::info(*f).what)
                        .null("line")
                        .null("column")
                        .num("ply", *g.bad_ply);
                } else {
                    o.null("error");
                }
            }
            if (labels_layout == JsonLayout::Lines) label += '\n';
            if (!write_records(labels, label)) {
                labels_ok = false;
                labels_errno = errno;
            }
        }
    }
    if (labels) {
        if (labels_layout == JsonLayout::Document && labels_ok &&
            !write_records(labels, games == 0 ? "[]\n" : "\n]\n")) {
            labels_ok = false;
            labels_errno = errno;
        }
        if (!flush_records(labels) && labels_ok) {
            labels_ok = false;
            labels_errno = errno;
        }
        if (std::fclose(labels) != 0 && labels_ok) {
            labels_ok = false;
            labels_errno = errno;
        }
        if (!labels_ok) {
            std::fprintf(stderr, "pgnsem: write error: %s: %s\n", text_for_people(labels_path).c_str(),
                         std::strerror(labels_errno != 0 ? labels_errno : EIO));
            return 2;
        }
    }
    return write_failed() ? 2 : 0;
}

}  // namespace pgnsem::interp
