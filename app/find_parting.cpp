// `pgnsem errata --find SLUG` (app/find_parting.hpp): the exhaustive search, the shrinker, and
// what they found in words or as a `finding` object (schemas/finding.json).
//
// Short names: a, b = the two readings (their engines, or a node's positions under each).
#include "app/find_parting.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <unordered_set>
#include <utility>
#include <vector>

#include "app/compare.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/reading.hpp"
#include "interpreter/start_position.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "semantics/rules.hpp"
#include "syntax/pgn/reader.hpp"
#include "syntax/san.hpp"

namespace pgnsem::interp {

namespace {

// --- the exhaustive search -------------------------------------------------------------------

// σ as far as what any reading can still make of it: the halfmove clock only decides draw facts,
// which are warnings; of a pawn's two-step stamp only whether it is turn − 1 (en passant now),
// set earlier, or never set is ever asked (semantics/find_source.cpp). So transpositions meet.
sem::State key_of(sem::State s) noexcept {
    s.halfmove_clock = 0;
    for (std::uint16_t& stamp : s.two_step)
        if (stamp != sem::kNoStamp && stamp + 1 != s.turn) stamp = sem::kNoStamp - 1;
    return s;
}

struct PairKey {
    sem::State a, b;
    friend bool operator==(const PairKey&, const PairKey&) = default;
};

struct PairHash {
    std::size_t operator()(const PairKey& k) const noexcept {
        std::uint64_t h = 1469598103934665603ull;
        const auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ull; };
        for (const sem::State* s : {&k.a, &k.b}) {
            for (const sem::PieceId id : s->board) mix(id.value());
            for (const std::uint16_t stamp : s->two_step) mix(stamp);
            mix(s->turn);
            mix(s->king_moved);
            mix(s->rook_moved);
        }
        return static_cast<std::size_t>(h);
    }
};

// How the readings' answers to one text differ, if they do.
bool part(const Judged& a, const Judged& b) noexcept {
    if (a.defined() != b.defined()) return true;
    return !a.defined() && a.rule != b.rule;
}

// T's ⊤ for a move of the engine's legal_moves: by its squares, or, where a reading accepts it only
// as written otherwise (the paper's traversal onto a piece of one's own), in the forms the notation
// has for it, as semantics/legal_moves.cpp enumerates them.
std::optional<sem::Accepted> accepted_move(const sem::Engine& e, const sem::State& s, sem::ConcreteMove m) {
    const sem::Termination t = e.terminates_concrete(s, m);
    if (const auto* ok = boost::variant2::get_if<sem::Accepted>(&t)) return *ok;
    const PieceKind k = sem::kind_of(sem::at(s, m.from));
    std::vector<ast::Move> forms;
    if (k != PieceKind::Pawn) {
        const ast::Disambiguator from{m.from.file(), m.from.rank()};
        forms = {ast::Move{ast::Traversal{k, from, m.to}}, ast::Move{ast::Capture{k, from, m.to}}};
        if (k == PieceKind::King)
            forms.insert(forms.end(), {ast::Move{ast::Castle{ast::CastleSide::King}},
                                       ast::Move{ast::Castle{ast::CastleSide::Queen}}});
    } else if (m.promotion) {
        const bool diagonal = m.from.file() != m.to.file();
        if (const auto p =
                ast::Promotion::make(diagonal ? std::optional(m.from.file()) : std::nullopt, m.to, *m.promotion))
            forms.push_back(ast::Move{*p});
    } else if (m.from.file() != m.to.file()) {
        forms.push_back(
            ast::Move{ast::Capture{PieceKind::Pawn, ast::Disambiguator{m.from.file(), std::nullopt}, m.to}});
    } else {
        forms.push_back(ast::Move{ast::Traversal{PieceKind::Pawn, {}, m.to}});
    }
    for (const ast::Move& form : forms) {
        const sem::Termination tf = e.terminates(form, s);
        if (const auto* ok = boost::variant2::get_if<sem::Accepted>(&tf);
            ok != nullptr && ok->action.from == m.from && ok->action.to == m.to)
            return *ok;
    }
    return std::nullopt;
}

class Search {
public:
    Search(const sem::Engine& a, const sem::Engine& b) : a_(a), b_(b) {}

    // The moves of a game of at most `depth` plies from `start` on which the readings part (the
    // last move is where), shortest first; none when no game within `depth` does. depth_done():
    // the plies searched through without a parting.
    std::optional<std::vector<ast::Move>> run(const sem::State& start, std::uint32_t depth) {
        std::vector<Node> level{{start, start, kRoot}};
        std::vector<ast::Move> texts;
        for (std::uint32_t d = 1; d <= depth; ++d) {
            std::vector<Node> next;
            std::unordered_set<PairKey, PairHash> seen;
            for (const Node& node : level) {
                ++expanded_;
                const Over over = candidates(node, texts);
                for (const ast::Move& m : texts) {
                    const std::optional<std::pair<Judged, Judged>> j = judge_both(m, node, over);
                    if (!j) continue;
                    const auto& [ja, jb] = *j;
                    if (part(ja, jb)) return path(node.step, m);
                    if (!ja.defined() || d == depth) continue;
                    const sem::State& na = ja.played().next;
                    const sem::State& nb = jb.played().next;
                    if (!seen.insert(PairKey{key_of(na), key_of(nb)}).second) continue;
                    steps_.push_back(Step{node.step, m});
                    next.push_back(Node{na, nb, static_cast<std::uint32_t>(steps_.size() - 1)});
                }
            }
            depth_done_ = d;
            level = std::move(next);
        }
        return std::nullopt;
    }

    [[nodiscard]] std::uint32_t depth_done() const noexcept { return depth_done_; }
    [[nodiscard]] std::uint64_t expanded() const noexcept { return expanded_; }

private:
    static constexpr std::uint32_t kRoot = 0xFFFFFFFFu;
    struct Node {
        sem::State a, b;
        std::uint32_t step;  // the last move of the game that reaches it, in steps_
    };
    struct Step {
        std::uint32_t parent;
        ast::Move move;
    };

    std::vector<ast::Move> path(std::uint32_t step, const ast::Move& last) const {
        std::vector<ast::Move> moves{last};
        for (std::uint32_t s = step; s != kRoot; s = steps_[s].parent) moves.push_back(steps_[s].move);
        std::reverse(moves.begin(), moves.end());
        return moves;
    }

    // Whether each reading reports every refused move at a node as game/over (it corrects the
    // erratum game-over, and has no legal move there: sem::reported_rule).
    struct Over {
        bool a = false, b = false;
    };

    // judge_move of one text under both readings, or nothing when they refuse it alike. T is asked
    // first; judge_move only when T's answers leave the interpreter's room to tell the readings
    // apart. Where both T refuse with one rule that the capture-marker tolerance does not read again
    // (interpreter/judge.cpp), judge_move reports that rule under each, or game/over where `over`
    // says so: the same refusal when `over` is the same.
    std::optional<std::pair<Judged, Judged>> judge_both(const ast::Move& m, const Node& node, Over over) const {
        sem::Termination ta = a_.terminates(m, node.a), tb = b_.terminates(m, node.b);
        const auto* ra = boost::variant2::get_if<sem::Refused>(&ta);
        const auto* rb = boost::variant2::get_if<sem::Refused>(&tb);
        if (ra == nullptr && rb == nullptr)
            return std::pair{Judged{false, sem::Failure::GameOver, std::move(ta)},
                             Judged{false, sem::Failure::GameOver, std::move(tb)}};
        if (ra != nullptr && rb != nullptr && ra->rule == rb->rule && over.a == over.b &&
            ra->rule != sem::Failure::TravOccupied && ra->rule != sem::Failure::CapNoVictim)
            return std::nullopt;
        return std::pair{judge_move(a_, m, node.a), judge_move(b_, m, node.b)};
    }

    // The texts tried at a node: each reading's canonical SAN of each move it accepts there (the
    // games go on with these); then, as the game's last move, castling and every move of a piece or
    // pawn of the side to move written without a disambiguator (last_moves), which both readings
    // may refuse, for different rules (after checkmate, say).
    Over candidates(const Node& node, std::vector<ast::Move>& texts) const {
        Over over;
        texts.clear();
        const auto add = [&texts](const ast::Move& m) {
            if (std::find(texts.begin(), texts.end(), m) == texts.end()) texts.push_back(m);
        };
        for (const auto& [e, s] : {std::pair{&a_, &node.a}, std::pair{&b_, &node.b}}) {
            const sem::MoveList moves = e->legal_moves(*s);
            const bool over_here = moves.size == 0 && e->reading().corrected(sem::Erratum::GameOver);
            (e == &a_ ? over.a : over.b) = over_here;
            for (const sem::ConcreteMove m : moves)
                if (const std::optional<sem::Accepted> ok = accepted_move(*e, *s, m)) add(e->canonical_move(*s, *ok));
        }
        last_moves(node.a, add);
        if (!(node.b == node.a)) last_moves(node.b, add);
        return over;
    }

    template <class Add>
    static void last_moves(const sem::State& s, Add&& add) {
        const Color c = sem::to_move(s);
        add(ast::Move{ast::Castle{ast::CastleSide::King}});
        add(ast::Move{ast::Castle{ast::CastleSide::Queen}});
        // a piece: every square its movement reaches, whatever stands between
        static constexpr std::array<std::array<int, 2>, 8> kKnight{
            {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
        static constexpr std::array<std::array<int, 2>, 8> kLines{
            {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
        for (int q = 0; q < 64; ++q) {
            const Square from = Square::unchecked(q);
            const sem::PieceId v = sem::at(s, from);
            if (v.empty() || !sem::belongs_to(v, c) || sem::kind_of(v) == PieceKind::Pawn) continue;
            const PieceKind k = sem::kind_of(v);
            const auto to = [&](int df, int dr) {
                const int f = from.file().index() + df, r = from.rank().index() + dr;
                if (f < 0 || f > 7 || r < 0 || r > 7) return false;
                const Square t = Square::unchecked(r * 8 + f);
                const sem::PieceId there = sem::at(s, t);
                if (!there.empty() && !sem::belongs_to(there, c))
                    add(ast::Move{ast::Capture{k, {}, t}});
                else
                    add(ast::Move{ast::Traversal{k, {}, t}});
                return true;
            };
            if (k == PieceKind::Knight)
                for (const auto& [df, dr] : kKnight) to(df, dr);
            for (std::size_t d = 0; d < kLines.size(); ++d) {
                const bool straight = d < 4;
                if (k == PieceKind::Knight || (k == PieceKind::Rook && !straight) ||
                    (k == PieceKind::Bishop && straight))
                    continue;
                const int reach = k == PieceKind::King ? 1 : 7;
                for (int n = 1; n <= reach && to(kLines[d][0] * n, kLines[d][1] * n); ++n) {
                }
            }
        }
        const int forward = c == Color::White ? 1 : -1;
        for (int q = 0; q < 64; ++q) {
            const Square from = Square::unchecked(q);
            if (!sem::is_pawn_of(sem::at(s, from), c)) continue;
            const int f = from.file().index(), r = from.rank().index();
            for (const int df : {0, -1, 1})
                for (int dr = forward; std::abs(dr) <= (df == 0 ? 2 : 1); dr += forward) {
                    if (f + df < 0 || f + df > 7 || r + dr < 0 || r + dr > 7) continue;
                    const Square to = Square::unchecked((r + dr) * 8 + f + df);
                    const std::optional<File> w = df == 0 ? std::nullopt : std::optional(from.file());
                    if (r + dr == 0 || r + dr == 7) {
                        if (const auto p = ast::Promotion::make(w, to, ast::PromotionPiece::Queen)) add(ast::Move{*p});
                    } else if (w) {
                        add(ast::Move{ast::Capture{PieceKind::Pawn, ast::Disambiguator{w, std::nullopt}, to}});
                    } else {
                        add(ast::Move{ast::Traversal{PieceKind::Pawn, {}, to}});
                    }
                }
        }
    }

    const sem::Engine& a_;
    const sem::Engine& b_;
    std::vector<Step> steps_;
    std::uint32_t depth_done_ = 0;
    std::uint64_t expanded_ = 0;
};

// --- games as texts, and the shrinker ----------------------------------------------------------

// A game being shrunk: its tags (SetUp and FEN, when it starts from a FEN) and its plies as written,
// each with the move number written before it (0: none).
struct Line {
    struct Ply {
        std::string text;
        std::uint32_t number = 0;
    };
    std::string tags;
    std::vector<Ply> plies;
    // The start's move number and side to move, for the numbers written afresh.
    std::uint32_t first_number = 1;
    bool black_first = false;
    // false: the numbers as written are kept (they may be what parts the readings:
    // steps-in-text-order); true: every ply numbered as the export format numbers it.
    bool renumber = true;

    [[nodiscard]] std::string pgn() const {
        std::string s = tags;
        for (std::size_t k = 0; k < plies.size(); ++k) {
            const bool white = ((k + (black_first ? 1 : 0)) % 2) == 0;
            std::uint32_t number = plies[k].number;
            if (renumber)
                number =
                    (white || k == 0) ? first_number + static_cast<std::uint32_t>((k + (black_first ? 1 : 0)) / 2) : 0;
            if (k > 0) s.push_back(' ');
            if (number != 0) s.append(std::to_string(number)).append(white ? ". " : "... ");
            s.append(plies[k].text);
        }
        s.append(plies.empty() ? "*\n" : " *\n");
        return s;
    }
};

class Shrinker {
public:
    Shrinker(Comparer& comparer, const sem::Engine& a, const sem::State& start, std::uint32_t budget)
        : comparer_(comparer), a_(a), start_(start), budget_(budget) {}

    // The ply where the readings part on `line`, if they do.
    std::optional<std::uint32_t> parts(const Line& line) {
        ++games_;
        const std::string text = line.pgn();
        syntax::PgnReader reader(text);
        if (!reader.next(game_)) return std::nullopt;
        comparer_.run(game_, c_, false);
        if (!c_.parts_at) return std::nullopt;
        return c_.parts_at->ply;
    }

    // Shrinks `line`, which parts the readings at `ply`; then writes the plies before that one in
    // A's canonical SAN, when the readings still part there (a deletion can leave a `+` that no
    // longer checks, or a disambiguator no longer needed).
    void shrink(Line& line, std::uint32_t ply) {
        if (line.plies.size() > ply) line.plies.resize(ply);
        while (delete_plies(line, 0) || rewrite_then_delete(line)) {
        }
        const std::optional<std::uint32_t> at = parts(line);
        if (!at) return;
        Line canonical = line;
        for (std::size_t i = 0; i + 1 < canonical.plies.size() && i < c_.plies_a.size(); ++i)
            canonical.plies[i].text = c_.plies_a[i].san;
        if (parts(canonical) == at) line = std::move(canonical);
    }

    [[nodiscard]] bool budget_spent() const noexcept { return spent_; }

private:
    // One ply or two (of different sides, so that the plies after them keep theirs) deleted, the
    // first such deletion after which the readings still part; plies from `from` on only.
    bool delete_plies(Line& line, std::size_t from) {
        const std::size_t n = line.plies.size();
        for (std::size_t i = from; i < n; ++i)
            for (std::size_t j = i; j < n; j += (j == i ? 1 : 2)) {
                if (n == 1) return false;
                Line t = line;
                t.plies.erase(t.plies.begin() + static_cast<std::ptrdiff_t>(j));
                if (j != i) t.plies.erase(t.plies.begin() + static_cast<std::ptrdiff_t>(i));
                if (const auto ply = parts(t)) {
                    if (t.plies.size() > *ply) t.plies.resize(*ply);
                    line = std::move(t);
                    return true;
                }
            }
        return false;
    }

    // A move rewritten to another the reading A accepts there, when the readings still part and a
    // deletion from that ply on then shortens the game; within the budget of games judged.
    bool rewrite_then_delete(Line& line) {
        if (!parts(line)) return false;
        const std::vector<DefinedPly> before = c_.plies_a;
        for (std::size_t i = 0; i + 1 < line.plies.size() && i <= before.size(); ++i) {
            const sem::State& s = i == 0 ? start_ : before[i - 1].after;
            for (const sem::ConcreteMove m : a_.legal_moves(s)) {
                const std::optional<sem::Accepted> ok = accepted_move(a_, s, m);
                if (!ok) continue;
                const std::string text(syntax::print_san(a_.canonical_move(s, *ok)).view());
                if (text == line.plies[i].text) continue;
                if (games_ >= budget_) {
                    spent_ = true;
                    return false;
                }
                Line t = line;
                t.plies[i].text = text;
                if (parts(t) && delete_plies(t, i)) {
                    line = std::move(t);
                    return true;
                }
            }
        }
        return false;
    }

    Comparer& comparer_;
    const sem::Engine& a_;
    sem::State start_;
    std::uint32_t budget_;
    std::uint32_t games_ = 0;
    bool spent_ = false;
    ast::Game game_;
    Comparison c_;
};

// --- what was found ----------------------------------------------------------------------------

struct Finding {
    bool found = false;
    bool exhaustive = false;
    // No game of this many plies or fewer, written in either reading's canonical SAN, parts them.
    std::uint32_t depth = 0;
    std::uint64_t searched = 0;
    std::string pgn;
    std::uint32_t plies = 0;
    std::uint32_t shrunk_from = 0;
    bool budget_spent = false;
    std::string reason;
    Comparison comparison;
    [[nodiscard]] bool shortest() const noexcept { return found && plies == depth + 1; }
};

// What the search tried, in words: the games of `depth` plies or fewer that it went through.
std::string searched_text(const Finding& f) {
    std::string s = "exhaustive to depth " + std::to_string(f.depth) +
                    ": every game of moves both readings play, each in either reading's canonical SAN, then any "
                    "castling or move written without a disambiguator; " +
                    std::to_string(f.searched) + (f.searched == 1 ? " pair" : " pairs") + " of positions";
    return s;
}

std::string method_text(const Finding& f) {
    std::string s;
    if (!f.exhaustive)
        s.append("shrunk from the erratum's game (")
            .append(std::to_string(f.shrunk_from))
            .append(f.shrunk_from == 1 ? " ply" : " plies")
            .append(f.shortest() ? "); " : "): ");
    if (f.shortest()) return s.append("shortest: no game of fewer plies parts the readings (" + searched_text(f) + ")");
    s.append("no single deletion shortens it");
    if (f.budget_spent) s.append(" (the rewrites stopped at their budget of games judged)");
    return s.append(", not proven shortest; the search found none of ")
        .append(std::to_string(f.depth))
        .append(f.depth == 1 ? " ply" : " plies")
        .append(" or fewer (" + searched_text(f) + ")");
}

void write_text(std::string& out, const sem::ErratumInfo& e, const CompareOptions& o, const Finding& f) {
    out.append(e.slug).append(": ");
    if (!f.found) {
        out.append("no game found on which ").append(o.label_a).append(" and ").append(o.label_b).append(" part\n  ");
        out.append(f.reason).append("\n");
        return;
    }
    out.append(o.label_a).append(" and ").append(o.label_b).append(" part on this game of ");
    out.append(std::to_string(f.plies)).append(f.plies == 1 ? " ply:\n\n" : " plies:\n\n");
    out.append(f.pgn).append("\n");
    append_comparison_text(out, o, "-", f.comparison);
    out.append(method_text(f)).append("\n");
}

void write_json(std::string& s, const sem::ErratumInfo& e, const CompareOptions& o, const Finding& f, sem::Reading a) {
    JsonOut out(s);
    JsonObject obj(out);
    write_envelope(obj, "finding", a);
    obj.str("slug", e.slug).boolean("found", f.found);
    if (f.found)
        obj.str("method", f.exhaustive ? "exhaustive" : "shrunk");
    else
        obj.null("method");
    obj.num("depth", f.depth).boolean("shortest", f.shortest()).num("searched", f.searched);
    if (f.found) {
        obj.str("pgn", f.pgn).num("ply_count", f.plies);
        if (f.exhaustive)
            obj.null("shrunk_from");
        else
            obj.num("shrunk_from", f.shrunk_from);
        std::string comparison;
        append_comparison_json(comparison, o, "-", f.comparison);
        obj.key("comparison").raw(comparison);
        obj.null("reason");
    } else {
        obj.null("pgn").null("ply_count").null("shrunk_from").null("comparison").str("reason", f.reason);
    }
}

// The tags of a game that starts from a FEN, for the games written from it.
std::string start_tags(const ast::Game& g) {
    const std::optional<std::string_view> fen = g.tag("FEN");
    if (!fen) return {};
    return "[SetUp \"1\"]\n[FEN \"" + std::string(*fen) + "\"]\n\n";
}

// The game of `line`, judged as `check --compare` judges it: as the one game of standard input.
void judge_found(Comparer& comparer, Finding& f) {
    syntax::PgnReader reader(f.pgn);
    ast::Game g;
    if (reader.next(g)) comparer.run(g, f.comparison);
}

}  // namespace

int find_parting_game(const FindOptions& options, std::FILE* out) {
    const std::optional<sem::Erratum> erratum = sem::erratum_of(options.slug);
    if (!erratum) {
        std::fprintf(stderr, "pgnsem errata: no erratum is called '%s' (pgnsem errata lists them)\n",
                     text_for_people(options.slug).c_str());
        return 2;
    }
    const sem::ErratumInfo& info = sem::info(*erratum);
    if (!info.executable) {
        std::fprintf(stderr, "pgnsem errata: --find %s: it has no paper form to run (%s)\n", info.slug.data(),
                     std::string(info.note).c_str());
        return 2;
    }
    CompareOptions o;
    o.label_a = options.base;
    o.label_b = options.base + "+" + std::string(info.slug) + "=paper";
    EngineChoice engines[2];
    for (int k = 0; k < 2; ++k) {
        const std::string& word = k == 0 ? o.label_a : o.label_b;
        auto request = reading_request(word);
        std::string error;
        if (auto* e = std::get_if<std::string>(&request)) error = *e;
        if (error.empty()) {
            auto choice = choose_engine(std::get<ReadingRequest>(request));
            if (auto* e = std::get_if<std::string>(&choice))
                error = *e;
            else
                engines[k] = std::move(std::get<EngineChoice>(choice));
        }
        if (!error.empty()) {
            std::fprintf(stderr, "pgnsem errata: --base '%s': %s\n", text_for_people(options.base).c_str(),
                         text_for_people(error).c_str());
            return 2;
        }
    }
    o.a = engines[0].engine;
    o.b = engines[1].engine;
    const sem::Reading ra = o.a->reading();
    if (!ra.corrected(*erratum)) {
        std::fprintf(stderr, "pgnsem errata: --base '%s' reads %s as the paper prints it already\n",
                     text_for_people(options.base).c_str(), info.slug.data());
        return 2;
    }
    o.envelope = envelope_members("comparison", ra);
    o.envelope_a = envelope_members("verdict", ra);
    o.envelope_b = envelope_members("verdict", o.b->reading());
    // (keeping each ply's SAN: the shrinker writes the games it keeps in it)
    Comparer comparer(*o.a, *o.b, false, true);

    // The erratum's own game: where it starts, and where the readings part on it.
    const std::string own_text = std::string(info.game) + "\n";
    syntax::PgnReader own_reader(own_text);
    ast::Game own;
    Verdict scratch;
    const bool has_own = !info.game.empty() && own_reader.next(own);
    const std::optional<sem::State> start = has_own ? start_position(own, scratch) : sem::initial_state();
    Finding f;
    if (!start) {
        f.reason = "the erratum's game has no start position to search from";
    } else {
        std::optional<std::uint32_t> own_parts;
        Comparison c;
        if (has_own) {
            comparer.run(own, c, false);
            if (c.parts_at) own_parts = c.parts_at->ply;
        }
        Line line;
        line.tags = has_own ? start_tags(own) : std::string();
        line.first_number = sem::move_number(*start);
        line.black_first = sem::to_move(*start) == Color::Black;
        // 1. exhaustive, to --max-plies or the erratum's game's parting ply, if that is nearer
        const std::uint32_t depth = own_parts ? std::min(options.max_plies, *own_parts) : options.max_plies;
        Search search(*o.a, *o.b);
        const std::optional<std::vector<ast::Move>> moves = search.run(*start, depth);
        f.searched = search.expanded();
        f.depth = search.depth_done();
        if (moves) {
            f.found = f.exhaustive = true;
            for (const ast::Move& m : *moves) line.plies.push_back({std::string(syntax::print_san(m).view()), 0});
        } else if (own_parts) {
            // 2. the erratum's game, shrunk
            for (std::uint32_t i = own.main_line; i != ast::kNone; i = own.plies[i].next)
                line.plies.push_back({std::string(own.plies[i].text), own.plies[i].number_written});
            f.shrunk_from = static_cast<std::uint32_t>(line.plies.size());
            Shrinker shrinker(comparer, *o.a, *start, options.rewrite_budget);
            line.renumber = false;
            Line renumbered = line;
            renumbered.renumber = true;
            if (shrinker.parts(renumbered)) line = renumbered;
            shrinker.shrink(line, *own_parts);
            f.found = true;
            f.budget_spent = shrinker.budget_spent();
        } else {
            f.reason = has_own ? "no game within the search's depth parts them (exhaustive to depth " +
                                     std::to_string(f.depth) + "), and the erratum's own game does not either" +
                                     (info.note.empty() ? std::string() : ": " + std::string(info.note))
                               : "no game within the search's depth parts them (exhaustive to depth " +
                                     std::to_string(f.depth) + "), and the erratum has no game of its own";
        }
        if (f.found) {
            f.pgn = line.pgn();
            f.plies = static_cast<std::uint32_t>(line.plies.size());
            judge_found(comparer, f);
        }
    }

    std::string text;
    if (options.json) {
        write_json(text, info, o, f, ra);
        JsonDocument doc(out, *options.json);
        doc.add(text);
        if (!doc.finish()) return 2;
    } else {
        write_text(text, info, o, f);
        if (!write_bytes(out, text)) return 2;
    }
    return f.found ? 0 : 1;
}

}  // namespace pgnsem::interp
