// `pgnsem diff` (app/diff.hpp).
#include "app/diff.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "app/child.hpp"
#include "app/generate.hpp"
#include "app/moves_report.hpp"
#include "interpreter/interpret.hpp"
#include "io/contract.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"

namespace pgnsem::interp {

namespace {

using Divide = std::map<std::string, std::uint64_t>;  // a move's UCI → the leaves below it
using MoveSet = std::set<std::string>;

// A position given: where it comes from, and the position.
struct Root {
    std::string file;  // the file, or "gen"
    std::uint32_t record = 0;
    std::string id;  // the .perft file's id, or the generated game's number
    sem::State state;
    std::string fen;       // as pgnsem writes it (X-FEN in Chess960)
    std::string problems;  // why the position cannot arise in a game, or empty
};

// A position as the other program is given it: the FEN of σ; in Chess960 Shredder-FEN, whose file
// letters name each castling rook whatever stands beside it (X-FEN's K and Q ask the reader to find
// the outermost rook).
std::string other_fen(const sem::State& s) {
    if (!s.chess960) return fen_of(s);
    return std::string(syntax::print_fen(sem::to_placement(s, sem::CastlingStyle::Shredder)).view());
}

std::string describe(const sem::Problems& problems) {
    std::string out;
    for (const sem::Problem& p : problems) out += (out.empty() ? "" : ", ") + std::string(sem::rule_id(p.rule));
    return out;
}

// pgnsem's side: the fast path under the Laws' reading (F: the reference, faster).
const sem::Engine& engine() {
    return sem::fast_engine();
}

std::optional<sem::State> after(const sem::State& s, std::string_view uci) {
    for (const sem::ConcreteMove& m : engine().legal_moves(s))
        if (uci_text(m) == uci) {
            const sem::Termination t = engine().terminates_concrete(s, m);
            return boost::variant2::get<sem::Accepted>(t).next;
        }
    return std::nullopt;
}

Divide our_divide(const sem::State& s, int depth) {
    Divide d;
    for (const sem::ConcreteMove& m : engine().legal_moves(s)) {
        const sem::Termination t = engine().terminates_concrete(s, m);
        d[uci_text(m)] = engine().perft(boost::variant2::get<sem::Accepted>(t).next, depth - 1);
    }
    return d;
}

MoveSet our_moves(const sem::State& s) {
    MoveSet out;
    for (const sem::ConcreteMove& m : engine().legal_moves(s)) out.insert(uci_text(m));
    return out;
}

// A UCI move as engines write it: from, to, an optional promotion letter.
bool looks_like_uci(std::string_view t) {
    const auto square = [&](std::size_t i) { return t[i] >= 'a' && t[i] <= 'h' && t[i + 1] >= '1' && t[i + 1] <= '8'; };
    return (t.size() == 4 || (t.size() == 5 && std::string_view("nbrq").find(t[4]) != std::string_view::npos)) &&
           square(0) && square(2);
}

// The other program, started when first asked, and again after it failed.
class Other {
public:
    explicit Other(const DiffOptions& o) : o_(o) {}

    [[nodiscard]] bool speaks_uci() const { return !o_.uci.empty(); }
    std::uint64_t questions = 0;

    // The other's divide `depth` plies below root + path (UCI): asked, then read, so that pgnsem counts
    // its own while the other program counts (ask, then answer).
    bool divide(const std::string& root, const std::vector<std::string>& path, int depth, bool chess960, Divide& out,
                std::string& why) {
        return ask(root, path, depth, chess960, why) && answer(out, why);
    }
    bool ask(const std::string& root, const std::vector<std::string>& path, int depth, bool chess960,
             std::string& why) {
        if (!ready(why) || !rule_set(chess960, why)) return false;
        std::string position = "position fen " + root;
        if (!path.empty()) position += " moves";
        for (const std::string& m : path) position += " " + m;
        ++questions;
        if (!child_->send(position) || !child_->send("go perft " + std::to_string(depth))) return ended(why);
        return true;
    }
    bool answer(Divide& out, std::string& why) {
        out.clear();
        std::uint64_t sum = 0;
        std::string line;
        for (;;) {
            if (!read(line, why)) return false;
            std::string_view l = line;
            if (l.starts_with("Nodes searched:")) {
                std::uint64_t n = 0;
                std::string_view digits = l.substr(15);
                while (!digits.empty() && digits.front() == ' ') digits.remove_prefix(1);
                const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
                if (error != std::errc{} || end != digits.data() + digits.size())
                    return unreadable(line, "a node count", why);
                if (n != sum) return unreadable(line, "the sum of its divide lines (" + std::to_string(sum) + ")", why);
                return true;
            }
            const std::size_t colon = l.find(": ");
            if (colon == std::string_view::npos || !looks_like_uci(l.substr(0, colon))) continue;  // info lines
            std::uint64_t n = 0;
            const std::string_view digits = l.substr(colon + 2);
            const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
            if (error != std::errc{} || end != digits.data() + digits.size())
                return unreadable(line, "a divide line `MOVE: COUNT`", why);
            if (!out.emplace(std::string(l.substr(0, colon)), n).second)
                return unreadable(line, "a move listed once", why);
            sum += n;
        }
    }

    // The other's legal moves in `fen` (serve's `moves`), or below root + path (UCI: perft 1).
    // `chess960`: the position is a Chess960 one (UCI_Chess960; serve's `"chess960": true`).
    bool moves(const std::string& root, const std::vector<std::string>& path, const std::string& fen, bool chess960,
               MoveSet& out, std::string& why) {
        out.clear();
        if (speaks_uci()) {
            Divide d;
            if (!divide(root, path, 1, chess960, d, why)) return false;
            for (const auto& [m, n] : d) {
                if (n != 1) return unreadable(m + ": " + std::to_string(n), "a count of 1 at depth 1", why);
                out.insert(m);
            }
            return true;
        }
        if (!ready(why)) return false;
        ++questions;
        nlohmann::json request = {{"id", questions}, {"op", "moves"}, {"fen", fen}};
        if (chess960) request["chess960"] = true;
        if (!child_->send(request.dump())) return ended(why);
        std::string line;
        if (!read(line, why)) return false;
        const nlohmann::json r = nlohmann::json::parse(line, nullptr, false);
        if (r.is_discarded() || !r.is_object()) return unreadable(line, "a JSON response", why);
        if (r.value("ok", false) != true || !r.contains("result") || !r["result"].is_object() ||
            !r["result"].contains("moves") || !r["result"]["moves"].is_array())
            return unreadable(line, "a response with ok true and result.moves", why);
        for (const nlohmann::json& m : r["result"]["moves"]) {
            if (!m.is_object() || !m.contains("uci") || !m["uci"].is_string() ||
                !looks_like_uci(m["uci"].get<std::string>()))
                return unreadable(line, "moves of the form {\"uci\": \"e2e4\"}", why);
            if (!out.insert(m["uci"].get<std::string>()).second) return unreadable(line, "each move listed once", why);
        }
        return true;
    }

    // After a failure: the next question starts the program again.
    void restart() { child_.reset(); }

private:
    bool ready(std::string& why) {
        if (child_) return true;
        const std::string& command = speaks_uci() ? o_.uci : o_.serve;
        child_ = Child::start(command, why);
        if (!child_) return false;
        chess960_ = false;
        has_chess960_ = false;
        if (!speaks_uci()) return true;
        std::string line;
        if (!child_->send("uci")) return ended(why);
        do {
            if (!read(line, why)) return false;
            if (line.starts_with("option name UCI_Chess960 ")) has_chess960_ = true;
        } while (line != "uciok");
        if (!child_->send("isready")) return ended(why);
        do {
            if (!read(line, why)) return false;
        } while (line != "readyok");
        return true;
    }
    // UCI: the engine told the rule set of the next position (`setoption name UCI_Chess960`, which
    // also makes it read and write castling as the king taking its rook), only when it changes: an
    // engine that has seen no Chess960 position is told nothing, as before there was Chess960.
    bool rule_set(bool chess960, std::string& why) {
        if (chess960 == chess960_) return true;
        if (chess960 && !has_chess960_) {
            why = "the position is a Chess960 one, and the other program has no UCI_Chess960 option";
            return false;
        }
        if (!child_->send(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false")))
            return ended(why);
        chess960_ = chess960;
        return true;
    }
    bool read(std::string& line, std::string& why) {
        switch (child_->read_line(line, o_.timeout)) {
            case Child::Read::Line: return true;
            case Child::Read::Timeout:
                why = "the other program did not answer within " + std::to_string(o_.timeout.count()) + " ms";
                restart();
                return false;
            case Child::Read::TooLong:
                why = "the other program wrote a line longer than " + std::to_string(Child::kMaxLine) + " bytes";
                restart();
                return false;
            case Child::Read::End: return ended(why);
        }
        return false;
    }
    bool ended(std::string& why) {
        why = "the other program ended (" + child_->how_it_ended() + ") before it answered";
        restart();
        return false;
    }
    bool unreadable(const std::string& line, const std::string& wanted, std::string& why) {
        why = "the other program wrote `" + line.substr(0, 200) + "` where " + wanted + " was expected";
        restart();
        return false;
    }

    const DiffOptions& o_;
    std::unique_ptr<Child> child_;
    bool chess960_ = false;      // what the engine was last told of UCI_Chess960 (false: never told)
    bool has_chess960_ = false;  // it lists the option UCI_Chess960
};

// Where the two part: the position (the moves from the root) and its moves on each side.
struct Finding {
    std::vector<std::string> path;
    sem::State at;
    std::size_t ours = 0, theirs = 0;
    std::vector<std::string> missing, extra;  // listed by pgnsem only, by the other only
};

struct Comparison {
    std::uint64_t nodes = 0;                   // pgnsem's perft
    std::optional<std::uint64_t> other_nodes;  // the other's, when it gave one (UCI)
    std::optional<Finding> finding;
    std::string reason;    // why no comparison could be made, or a note on the finding
    bool skipped = false;  // not asked: the position cannot arise in a game
    [[nodiscard]] bool agree() const { return reason.empty() && !finding; }
};

Finding finding_at(std::vector<std::string> path, const sem::State& at, const MoveSet& ours, const MoveSet& theirs) {
    Finding f{std::move(path), at, ours.size(), theirs.size(), {}, {}};
    std::set_difference(ours.begin(), ours.end(), theirs.begin(), theirs.end(), std::back_inserter(f.missing));
    std::set_difference(theirs.begin(), theirs.end(), ours.begin(), ours.end(), std::back_inserter(f.extra));
    return f;
}

MoveSet keys(const Divide& d) {
    MoveSet s;
    for (const auto& [m, n] : d) s.insert(m);
    return s;
}

// UCI: the divide at the root; where it differs, a level at a time, the moves there first (the
// shallowest position whose moves differ), else the first move whose count differs.
void compare_uci(Other& other, const Root& root, int depth, Comparison& c) {
    Divide theirs;
    const bool chess960 = root.state.chess960;
    const std::string fen = other_fen(root.state);
    const bool asked = other.ask(fen, {}, depth, chess960, c.reason);
    Divide ours = our_divide(root.state, depth);  // while the other program counts
    for (const auto& [m, n] : ours) c.nodes += n;
    if (!asked || !other.answer(theirs, c.reason)) return;
    std::uint64_t total = 0;
    for (const auto& [m, n] : theirs) total += n;
    c.other_nodes = total;
    std::vector<std::string> path;
    sem::State here = root.state;
    for (int d = depth; ours != theirs; --d) {
        // the moves here first: asked apart (perft 1), so that the position reported is the
        // shallowest whose moves differ, whatever the counts below
        MoveSet their_moves = keys(theirs);
        if (d > 1 && !other.moves(fen, path, {}, chess960, their_moves, c.reason)) return;
        const MoveSet our_moves_here = keys(ours);
        if (their_moves == our_moves_here && keys(theirs) != their_moves) {
            c.reason = "the other program's moves at depth 1 and at depth " + std::to_string(d) + " differ";
            return;
        }
        if (their_moves != our_moves_here || d == 1) {
            c.finding = finding_at(path, here, our_moves_here, their_moves);
            if (c.finding->missing.empty() && c.finding->extra.empty())
                c.reason = "the other program counted a move's leaves wrong at depth 1 below " +
                           (path.empty() ? std::string("the root") : path.back());
            return;
        }
        const auto differs =
            std::find_if(ours.begin(), ours.end(), [&](const auto& e) { return theirs.at(e.first) != e.second; });
        path.push_back(differs->first);
        here = *after(here, differs->first);
        if (!other.ask(fen, path, d - 1, chess960, c.reason)) return;
        ours = our_divide(here, d - 1);
        if (!other.answer(theirs, c.reason)) return;
        if (ours == theirs) {
            c.reason = "the other program's counts below " + differs->first + " changed between two questions";
            return;
        }
    }
}

// serve: the moves at every position of pgnsem's tree above the leaves, level by level: the first
// that differs is the shallowest.
void compare_serve(Other& other, const Root& root, int depth, Comparison& c) {
    c.nodes = engine().perft(root.state, depth);
    std::deque<std::pair<std::vector<std::string>, sem::State>> level{{{}, root.state}};
    for (int d = 0; d < depth && !level.empty(); ++d) {
        std::deque<std::pair<std::vector<std::string>, sem::State>> next;
        for (const auto& [path, s] : level) {
            MoveSet theirs;
            if (!other.moves({}, path, other_fen(s), s.chess960, theirs, c.reason)) return;
            const MoveSet ours = our_moves(s);
            if (ours != theirs) {
                c.finding = finding_at(path, s, ours, theirs);
                return;
            }
            if (d + 1 < depth)
                for (const std::string& m : ours) {
                    std::vector<std::string> p = path;
                    p.push_back(m);
                    next.emplace_back(std::move(p), *after(s, m));
                }
        }
        level = std::move(next);
    }
}

std::string where(const Root& r) {
    std::string w = r.file + ":" + std::to_string(r.record);
    if (!r.id.empty()) w += " (" + r.id + ")";
    return w;
}

std::string report_lines(const Root& r, int depth, const Comparison& c);

std::string report_text(const Root& r, int depth, const Comparison& c) {
    std::string out = report_lines(r, depth, c);
    if (!r.problems.empty() && !c.skipped)
        out += "  note      the position cannot arise in a game (" + r.problems + "); an engine may assume one\n";
    return out;
}

std::string report_lines(const Root& r, int depth, const Comparison& c) {
    std::string out;
    if (c.agree()) {
        out = "agree   " + where(r) + ", depth " + std::to_string(depth) + ": " + std::to_string(c.nodes) + " leaves\n";
        return out;
    }
    if (!c.finding) {
        out = (c.skipped ? "skipped " : "failed  ") + where(r) + ": ";
        append_text(out, c.reason);
        return out + "\n  root      " + r.fen + "\n";
    }
    const Finding& f = *c.finding;
    out = "differ  " + where(r) + ", depth " + std::to_string(depth) + ": pgnsem " + std::to_string(c.nodes) +
          " leaves, the other " + (c.other_nodes ? std::to_string(*c.other_nodes) : std::string("(no count)")) + "\n";
    out += "  root      " + r.fen + "\n  moves     ";
    for (const std::string& m : f.path) out += m + " ";
    out += f.path.empty() ? "(none: at the root)\n" : "(from the root)\n";
    out += "  position  " + fen_of(f.at) + "\n";
    out += "  its moves pgnsem " + std::to_string(f.ours) + ", the other " + std::to_string(f.theirs) + "\n";
    for (const std::string& m : f.missing) {
        const MoveVerdict v = judge_move_text(f.at, m);
        out += "  missing   " + m + " (" + v.san + "): legal, " + v.equation + "\n";
    }
    for (const std::string& m : f.extra) {
        const MoveVerdict v = judge_move_text(f.at, m);
        out += "  extra     " + m + ": pgnsem refuses it, " + v.rule + ": ";
        append_text(out, v.message);
        out += "\n";
    }
    if (!c.reason.empty()) {
        out += "  note      ";
        append_text(out, c.reason);
        out += "\n";
    }
    return out;
}

std::string report_json(const Root& r, int depth, const Comparison& c, const std::string& envelope) {
    std::string out;
    JsonOut json_out(out);
    JsonObject o(json_out);
    o.members(envelope).str("file", r.file).num("record", r.record);
    if (r.id.empty())
        o.null("position_id");
    else
        o.str("position_id", r.id);
    o.str("fen", r.fen).boolean("legal", r.problems.empty()).num("depth", static_cast<std::uint64_t>(depth));
    if (c.skipped || (!c.finding && !c.reason.empty()))
        o.null("agree");
    else
        o.boolean("agree", c.agree());
    o.num("nodes", c.nodes);
    if (c.other_nodes)
        o.num("other_nodes", *c.other_nodes);
    else
        o.null("other_nodes");
    if (c.finding) {
        const Finding& f = *c.finding;
        JsonObject d(o.key("difference"));
        {
            JsonArray path(d.key("path"));
            for (const std::string& m : f.path) path.next().string(m);
        }
        const Placement at = to_placement(f.at);
        d.str("fen", fen_of(f.at)).num("legal_count", f.ours).num("other_count", f.theirs);
        for (const auto& [name, list] : {std::pair{"missing", &f.missing}, std::pair{"extra", &f.extra}}) {
            JsonArray a(d.key(name));
            for (const std::string& m : *list) {
                bool ok = false;
                a.next().raw(san_move_json(at, m, false, ok));
            }
        }
    } else {
        o.null("difference");
    }
    if (c.reason.empty())
        o.null("reason");
    else
        o.str("reason", c.reason);
    return out;
}

// The positions of one file, each handed to `each` as it is read. False, said on stderr, when the
// file cannot be read or a line is no position. A position is a Chess960 one (proofs-notes/chess960.md)
// when `chess960` says so (--chess960: X-FEN's K and Q are the outermost rooks), when its castling field
// names a rook by its file (Shredder-FEN, X-FEN's letters), or when the line is `chess960:N`, start
// position N, as perft reads them.
template <class Each>
bool read_roots(const std::string& path, bool chess960, Each&& each) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "pgnsem diff: %s: cannot open\n", path.c_str());
        return false;
    }
    std::string line, id;
    std::uint32_t number = 0, record = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::string_view l = line;
        while (!l.empty() && std::isspace(static_cast<unsigned char>(l.front()))) l.remove_prefix(1);
        while (!l.empty() && std::isspace(static_cast<unsigned char>(l.back()))) l.remove_suffix(1);
        if (l.empty() || l.front() == '#' || l.starts_with("perft ")) continue;
        if (l.starts_with("id ")) {
            id = std::string(l.substr(3));
            continue;
        }
        std::string_view fen = l.starts_with("epd ") ? l.substr(4) : l;
        bool bad_number = false;
        std::optional<Placement> start = chess960_start(fen, bad_number);
        if (bad_number) {
            std::fprintf(stderr,
                         "pgnsem diff: %s:%u: not a position: a Chess960 start position is chess960:N with N "
                         "from 0 to 959\n",
                         path.c_str(), number);
            return false;
        }
        syntax::FenResult p = start ? syntax::FenResult(*start) : syntax::parse_position(fen);
        if (const auto* e = boost::variant2::get_if<syntax::FenError>(&p)) {
            std::fprintf(stderr, "pgnsem diff: %s:%u:%u: not a position: %s\n", path.c_str(), number,
                         static_cast<unsigned>(e->column + (fen.data() - line.data())), e->message.c_str());
            return false;
        }
        Placement& placement = boost::variant2::get<Placement>(p);
        placement.chess960 =
            placement.chess960 || chess960 || placement.castling_files[0] != 0 || placement.castling_files[1] != 0;
        const sem::State state = sem::from_placement(placement);
        // The other program is given the position as pgnsem reads it (σ's FEN, other_fen): castling
        // rights whose king and rook do not stand on their squares are none, an en passant square no
        // pawn could have passed is none, as σ has them. (X-FEN's Chess960 rights read as standard
        // ones, without --chess960, are compared as the standard position pgnsem plays.)
        Root r{path, ++record, id, state, fen_of(state), {}};
        r.problems = describe(sem::validate(placement, state));
        id.clear();
        if (!each(r)) return true;
    }
    if (in.bad()) {
        std::fprintf(stderr, "pgnsem diff: %s: cannot read\n", path.c_str());
        return false;
    }
    return true;
}

}  // namespace

int diff_command(const DiffOptions& o, const std::vector<std::string>& files) {
    Other other(o);
    const std::string envelope = envelope_members("diff", sem::Reading::laws());
    std::optional<JsonDocument> doc;
    if (o.json) doc.emplace(stdout, *o.json);
    std::uint64_t positions = 0, agreed = 0, differed = 0, failed = 0, skipped = 0, leaves = 0;
    bool stopped = false, write_failed = false;
    const auto start = std::chrono::steady_clock::now();
    // the report of one position; false when it could not be written
    const auto report = [&](const Root& r, const Comparison& c) {
        if (doc) {
            doc->add(report_json(r, o.depth, c, envelope));
            write_failed = !doc->ok();
        } else {
            write_failed = !write_bytes(stdout, report_text(r, o.depth, c));
        }
        return !write_failed;
    };
    const auto each = [&](const Root& r) {
        Comparison c;
        if (!r.problems.empty() && o.skip_impossible) {
            c.skipped = true;
            c.reason = "skipped: the position cannot arise in a game (" + r.problems + ")";
            ++skipped;
            return report(r, c);
        }
        if (o.max_nodes != UINT64_MAX && leaves + engine().perft(r.state, o.depth) > o.max_nodes) {
            stopped = true;
            return false;
        }
        ++positions;
        if (other.speaks_uci())
            compare_uci(other, r, o.depth, c);
        else
            compare_serve(other, r, o.depth, c);
        leaves += c.nodes;
        if (c.agree())
            ++agreed;
        else if (c.finding)
            ++differed;
        else
            ++failed;
        return report(r, c);
    };
    bool read_ok = true;
    for (const std::string& f : files) {
        if (stopped || write_failed) break;
        read_ok = read_roots(f, o.chess960, each) && read_ok;
    }
    for (std::uint32_t g = 1; o.gen_seed && g <= o.gen_games && !stopped && !write_failed; ++g) {
        // the position a legal generated game ends in
        const GeneratedGame game = generate_game(*o.gen_seed, g, 0);
        syntax::PgnReader reader(game.pgn);
        ast::Game ast;
        if (!reader.next(ast)) continue;
        Interpreter interpreter(Options{});
        Verdict v;
        interpreter.run(ast, v);
        Root r{"gen",
               g,
               "seed " + std::to_string(*o.gen_seed) + ", game " + std::to_string(g),
               v.final_state,
               fen_of(v.final_state),
               {}};
        if (!each(r)) break;
    }
    if (doc && !doc->finish()) write_failed = true;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(
        stderr,
        "diff: %llu positions at depth %d: %llu agree, %llu differ, %llu failed, %llu skipped (impossible); %llu "
        "leaves; %llu questions to the other program; %.2f s (%.0f leaves/s)%s\n",
        static_cast<unsigned long long>(positions + skipped), o.depth, static_cast<unsigned long long>(agreed),
        static_cast<unsigned long long>(differed), static_cast<unsigned long long>(failed),
        static_cast<unsigned long long>(skipped), static_cast<unsigned long long>(leaves),
        static_cast<unsigned long long>(other.questions), seconds,
        seconds > 0 ? static_cast<double>(leaves) / seconds : 0.0, stopped ? "; stopped at --max-nodes" : "");
    if (write_failed || !read_ok || failed > 0) return 2;
    return differed > 0 ? 1 : 0;
}

}  // namespace pgnsem::interp
