// `pgnsem normalize`: every defined ply (main line and variations) is rewritten as the canonical
// move the semantics gives for it (minimal disambiguation, `x`, `=T`, correct `+`/`#`), keeping
// its suffix glyph, NAGs and comments; plies after the first illegal one of a line are written
// as read. A game that cannot be rewritten is written as read: its bytes as the reader kept them
// (ast::Game::text), nothing added inside it, with a line on stderr naming the file, the game and
// why (interpreter/README.md). Nothing is cut, changed or dropped without a word on stderr.
//
// Decisions (README, "normalize"):
// - A malformed game is written as read, whatever its syntax error: a rewrite up to the error
//   would cut the text after it (the moves an arbiter needs to correct it), and `check` reads the
//   original bytes back with the same verdict.
// - The warning goes to stderr only. A PGN comment would have to stand inside the game (a comment
//   between games belongs to the next game's movetext, §8.2.5), which changes the game; a `%`
//   escape line (§6) would survive only in readers that honour it. The output holds games only.
// - A game longer than the reader's 64 MiB limit, or a UTF-16/UTF-32 input, has no kept bytes (the
//   reader streams; keeping them would make memory grow with the game): it is not written, and
//   stderr names the file, the game, its line and the reason; the exit status is 1 (its verdict
//   is malformed), so the run never looks complete.
// - With an accepted or a rejected file (the CLI's --accepted/--rejected), every game that is not
//   legal is written as read, wherever it goes, so that the rejected games are the original text
//   to correct; the legal ones are normalised. Without them, everything goes to `out` as above.
// - The report (--report) holds one object per game read, written after the game: what the notes
//   on stderr say of it, as fields. A game whose write failed has none (the run stops there).
#include "app/normalize.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "io/contract.hpp"
#include "io/input.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "semantics/engines.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"
#include "syntax/pgn/writer.hpp"
#include "syntax/san.hpp"

namespace pgnsem::interp {
namespace {

namespace v2 = boost::variant2;

// Rewrites the plies of one line starting at `first` from σ; queues the variations met on the
// way with the position before the ply they replace.
void canonicalize_line(ast::Game& g, std::uint32_t first, sem::State s,
                       std::vector<std::pair<std::uint32_t, sem::State>>& pending) {
    for (std::uint32_t i = first; i != ast::kNone; i = g.plies[i].next) {
        ast::Ply& ply = g.plies[i];
        for (std::uint32_t v = ply.first_variation; v != ast::kNone; v = g.variations[v].next_sibling)
            pending.emplace_back(g.variations[v].first_ply, s);
        const Judged j = judge_move(sem::FastEngine::instance(), ply.move, s);
        if (!j.defined()) {
            // the rest of this line is written as read; its variations still get their turn
            for (std::uint32_t k = ply.next; k != ast::kNone; k = g.plies[k].next)
                for (std::uint32_t v = g.plies[k].first_variation; v != ast::kNone; v = g.variations[v].next_sibling)
                    pending.emplace_back(g.variations[v].first_ply, sem::State{});
            return;
        }
        const Played p = j.played();
        ast::Move canonical = sem::fast_engine().canonical_move(s, p.action, p.next);
        canonical.suffix = ply.move.suffix;
        canonical.spelling = ast::kCanonical;
        ply.move = canonical;
        s = p.next;
    }
}

// The two kinds of game whose bytes the reader does not keep (ast::Game::text is empty).
bool unwritable(const ast::SyntaxError& e) {
    return e.kind == "syntax/game-too-long" || e.kind == "syntax/encoding";
}

std::optional<ast::Result> result_of_tag(std::string_view t) {
    for (ast::Result r : {ast::Result::WhiteWins, ast::Result::BlackWins, ast::Result::Draw, ast::Result::Unknown})
        if (ast::result_text(r) == t) return r;
    return std::nullopt;
}

std::string at(ast::SourcePos p) {
    return std::to_string(p.line) + ":" + std::to_string(p.column);
}

// Why the game cannot be rewritten (empty when it can): a syntax error in its text, or a verdict
// that leaves no position to replay from — malformed at the start (a FEN tag that does not parse,
// SetUp without FEN), unsupported (a variant, too many warnings), or illegal at ply 0 (a start
// position that cannot arise).
std::string cannot_normalise(const ast::Game& g, const Verdict& v) {
    if (g.error)
        return "malformed at " + at(g.error->pos) + " (" + std::string(g.error->kind) +
               "): " + std::string(g.error->message);
    if (!v.error) return {};
    const bool no_start = v.kind == VerdictKind::Malformed || v.kind == VerdictKind::Unsupported ||
                          (v.kind == VerdictKind::Illegal && v.error->ply == 0);
    if (!no_start) return {};
    return std::string(verdict_name(v.kind)) + " at " + at(v.error->pos) + " (" + v.error->rule +
           "): " + v.error->message;
}

// Whether a game's text ends with a termination marker: the reader ends a game's text just after
// its marker when the marker ends it, and at a line end or at the end of the input otherwise.
bool ends_with_marker(std::string_view text) {
    for (std::string_view m : {"*", "1-0", "0-1", "1/2-1/2"})
        if (text.ends_with(m)) return true;
    return false;
}

// The game's bytes as read, then a line end and a blank line unless they end with them already
// (after the bytes, never inside them: the next game must start on a line of its own), in the
// game's own convention (its first line end: LF, CRLF or CR).
void append_as_read(std::string& out, std::string_view text) {
    std::string_view eol = "\n";
    if (const std::size_t e = text.find_first_of("\r\n"); e != std::string_view::npos && text[e] == '\r')
        eol = e + 1 < text.size() && text[e + 1] == '\n' ? "\r\n" : "\r";
    const std::size_t begin = out.size();
    out.append(text);
    if (text.empty() || (text.back() != '\n' && text.back() != '\r')) out.append(eol);
    std::size_t line_ends = 0;
    for (std::size_t i = out.size(); i > begin; --i) {
        const char c = out[i - 1];
        if (c == '\n') {
            ++line_ends;
        } else if (c == '\r') {
            if (i == out.size() || out[i] != '\n') ++line_ends;  // a lone CR (a CRLF counts once)
        } else if (c != ' ' && c != '\t' && c != '\v') {
            break;
        }
        if (line_ends == 2) return;
    }
    out.append(eol);
}

// Where games are written: the caller's stream (`out`, whose write errors finish_output reports)
// or a file named by the options, whose errors are reported here, naming it.
struct Sink {
    std::FILE* file = nullptr;
    std::string name;  // empty for `out`
    // The last game written here was written as read and does not end with a termination marker:
    // which one (for the warning when a game without tags follows it; README, "normalize").
    std::string open_end;
    bool write(std::string_view bytes) {
        if (name.empty()) return write_bytes(file, bytes);
        if (write_records(file, bytes)) return true;
        std::fprintf(stderr, "pgnsem: %s: write error: %s\n", text_for_people(name).c_str(),
                     std::strerror(errno != 0 ? errno : EIO));
        return false;
    }
    // Flushes and closes a named file; false (said on stderr) when that fails.
    bool close() {
        if (name.empty() || file == nullptr) return true;
        int error = !flush_records(file) ? errno : 0;
        if (error == 0 && std::ferror(file) != 0) error = EIO;
        errno = 0;
        if (std::fclose(file) != 0 && error == 0) error = errno != 0 ? errno : EIO;
        file = nullptr;
        if (error == 0) return true;
        std::fprintf(stderr, "pgnsem: %s: write error: %s\n", text_for_people(name).c_str(), std::strerror(error));
        return false;
    }
};

// The file's identity, when it exists.
std::optional<std::pair<dev_t, ino_t>> identity(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return std::pair{st.st_dev, st.st_ino};
}

bool same_file(const std::string& a, const std::string& b) {
    if (a == b) return true;
    const auto ia = identity(a), ib = identity(b);
    return ia && ib && *ia == *ib;
}

// A usage error in the output files, or empty: "-" (the games not sent to a file go to stdout
// already; the report may be stdout only when both files take the games), the same file twice, or
// an output that is also an input (opening it would empty it).
std::string usage_error(const std::vector<std::string>& paths, const NormalizeOptions& o) {
    const std::pair<const char*, const std::string*> outputs[] = {
        {"--accepted", &o.accepted}, {"--rejected", &o.rejected}, {"--report", &o.report}};
    const bool stdout_free = !o.accepted.empty() && !o.rejected.empty();
    for (const auto& [option, name] : outputs) {
        if (name->empty()) continue;
        if (*name == "-") {
            if (name == &o.report && stdout_free) continue;
            return std::string(option) + " -: name a file (the games not sent to a file go to standard output" +
                   (name == &o.report
                        ? "; the report can be standard output when --accepted and --rejected are both given)"
                        : ")");
        }
        for (const std::string& p : paths)
            if (p != "-" && same_file(*name, p))
                return std::string(option) + " " + text_for_people(*name) +
                       " is also an input file (it would be emptied before it is read)";
    }
    for (std::size_t i = 0; i < std::size(outputs); ++i)
        for (std::size_t k = i + 1; k < std::size(outputs); ++k) {
            const std::string& a = *outputs[i].second;
            const std::string& b = *outputs[k].second;
            if (!a.empty() && !b.empty() && a != "-" && same_file(a, b))
                return std::string(outputs[i].first) + " and " + outputs[k].first + " name the same file, " +
                       text_for_people(a);
        }
    return {};
}

// One run of normalize: the reusable buffers, and where the games go.
class Normalizer {
public:
    // `report`: where the normalization objects go, or null; `report_name` the file's name for the
    // messages (empty for standard output, whose errors finish_output reports).
    Normalizer(Sink& accepted, Sink& rejected, bool split, JsonDocument* report, std::string report_name)
        : accepted_(accepted),
          rejected_(rejected),
          split_(split),
          report_(report),
          report_name_(std::move(report_name)) {}

    bool all_legal() const noexcept { return all_legal_; }

    // Normalises one input. False when writing failed (the run stops); `read_ok` turns false when
    // the input could not be read (the run goes on with the next file).
    bool file(const std::string& path, bool& read_ok) {
        std::string error;
        const std::unique_ptr<Input> input = Input::open(path, false, error);
        if (!input) {
            std::fprintf(stderr, "pgnsem: %s\n", error.c_str());
            read_ok = false;
            return true;
        }
        syntax::PgnReader reader(input->text(), path);
        path_ = path;
        shown_path_ = text_for_people(path);
        bool written = true;
        while (written && reader.next(game_)) written = one_game();
        // the messages name the file already; the decompressor's says more than the reader's EIO
        if (const std::string why = input->error(); !why.empty()) {
            std::fprintf(stderr, "pgnsem: %s\n", why.c_str());
            read_ok = false;
        } else if (!reader.io_error().empty()) {
            std::fprintf(stderr, "pgnsem: %s\n", text_for_people(reader.io_error()).c_str());
            read_ok = false;
        }
        return written;
    }

private:
    Sink& accepted_;
    Sink& rejected_;
    bool split_;
    JsonDocument* report_;
    std::string report_name_;
    bool all_legal_ = true;
    std::string path_;        // as given (the report's `file`)
    std::string shown_path_;  // escaped for stderr (text_for_people); the games' bytes are written as read
    Interpreter interpreter_{Options{}};
    ast::Game game_, norm_;
    Verdict verdict_;
    std::string text_;
    std::vector<std::pair<std::uint32_t, sem::State>> pending_;
    std::uint32_t rewritten_ = 0;     // plies whose SAN normalise() writes otherwise than the input
    std::vector<std::string> notes_;  // the game's notes beside its reason, for the report
    std::string object_;

    void note(const std::string& what) const {
        std::fprintf(stderr, "pgnsem: %s: game %u%s\n", shown_path_.c_str(), game_.index,
                     text_for_people(what).c_str());
    }

    bool one_game() {
        interpreter_.run(game_, verdict_);
        const bool legal = verdict_.kind == VerdictKind::Legal;
        all_legal_ = all_legal_ && legal;
        notes_.clear();
        for (const ast::ReaderWarning& w : game_.warnings)
            if (w.kind == ast::ReaderWarningKind::TextAfterResult) {
                const std::string what = "text after the termination marker at " + at(w.pos) + " is not written";
                note(": " + what);
                notes_.push_back(what);
            }
        if (game_.error && unwritable(*game_.error)) {
            // no bytes to write (see the top comment); an empty game would read back as legal
            note(" (line " + std::to_string(game_.start.line) +
                 ") is not written: " + std::string(game_.error->message));
            return report("not_written", nullptr, game_.error->message);
        }
        text_.clear();
        rewritten_ = 0;
        std::string why = cannot_normalise(game_, verdict_);
        if (why.empty() && !(split_ && !legal) && !normalise()) why = "its FEN tag does not parse";
        if (!why.empty()) note(" is written as read: " + why);
        Sink& to = legal ? accepted_ : rejected_;
        const bool as_read = !why.empty() || (split_ && !legal);
        if (as_read) {
            text_.clear();
            append_as_read(text_, game_.text);
            if (!to.open_end.empty() && !game_.text.empty() && game_.text.front() != '[') {
                const std::string what = "has no tags and is written right after " + to.open_end +
                                         ", which has no termination marker: a PGN reader reads the two as one game";
                note(" " + what);
                notes_.push_back("the game " + what);
            }
            to.open_end.clear();
            if (!ends_with_marker(game_.text)) to.open_end = shown_path_ + " game " + std::to_string(game_.index);
        } else {
            to.open_end.clear();
        }
        if (!to.write(text_)) return false;
        if (as_read && why.empty())
            why = std::string("the game is ") + verdict_name(verdict_.kind) +
                  ": with --accepted or --rejected every game that is not legal is written as read";
        return report(as_read ? "as_read" : "normalized", &to, why);
    }

    // The game's normalization object in the report, when there is one; false when writing it
    // failed (said on stderr when the report is a file).
    bool report(std::string_view action, const Sink* to, std::string_view reason) {
        if (report_ == nullptr) return true;
        object_.clear();
        {
            JsonOut j(object_);
            JsonObject o(j);
            write_envelope(o, "normalization", sem::Reading::laws());
            o.str("file", path_).num("game", game_.index);
            if (game_.start.line > 0)
                o.num("line", game_.start.line);
            else
                o.null("line");
            o.str("verdict", verdict_name(verdict_.kind)).str("action", action);
            if (to == nullptr)
                o.null("destination");
            else
                o.str("destination", to->name.empty() ? "output" : to == &accepted_ ? "accepted" : "rejected");
            o.opt_str("reason", reason.empty() ? std::nullopt : std::optional<std::string_view>(reason));
            {
                JsonArray notes(o.key("notes"));
                for (const std::string& n : notes_) notes.next().string(n);
            }
            o.num("plies_rewritten", action == "normalized" ? rewritten_ : 0);
        }
        report_->add(object_);
        if (report_->ok()) return true;
        if (!report_name_.empty())
            std::fprintf(stderr, "pgnsem: %s: write error: %s\n", text_for_people(report_name_).c_str(),
                         std::strerror(report_->error()));
        return false;
    }

    // The game in export format into text_; false when its start position cannot be read.
    bool normalise() {
        norm_ = game_;
        syntax::WriteOptions options;
        sem::State start = sem::initial_state();
        if (auto fen = game_.tag("FEN")) {
            auto parsed = syntax::parse_fen(*fen);
            const auto* p = v2::get_if<Placement>(&parsed);
            if (p == nullptr) return false;  // (the verdict is malformed then: cannot_normalise)
            start = sem::from_placement(*p);
            options.first_move_number = sem::move_number(start);
            options.first_side = sem::to_move(start);
            if (!game_.tag("SetUp") || *game_.tag("SetUp") != "1") {
                // the export form of a set-up position announces it (§9.7.1)
                std::erase_if(norm_.tags, [](const ast::Tag& t) { return t.name == "SetUp"; });
                norm_.tags.push_back(ast::Tag{"SetUp", "1", {}});
            }
        }
        pending_.clear();
        canonicalize_line(norm_, norm_.main_line, start, pending_);
        while (!pending_.empty()) {
            auto [first, s] = pending_.back();
            pending_.pop_back();
            // a variation after an illegal move of its parent line has no position to start from
            if (s == sem::State{}) continue;
            canonicalize_line(norm_, first, s, pending_);
        }
        // the plies, main line and variations, whose SAN the export format writes otherwise than
        // the input (the suffix glyph, which it writes as a NAG, compared as written)
        for (const ast::Ply& ply : norm_.plies)
            if (syntax::print_san(ply.move, true).view() != ply.text) ++rewritten_;
        // A missing marker is written as the Result tag says (the export format needs one); a
        // contradiction between them is kept for check --strict to report.
        if (!norm_.result)
            if (auto tag = game_.tag("Result")) norm_.result = result_of_tag(*tag);
        syntax::write_game(norm_, options, text_);
        return true;
    }
};

}  // namespace

int normalize_files(const std::vector<std::string>& paths, const NormalizeOptions& options, std::FILE* out) {
    if (const std::string error = usage_error(paths, options); !error.empty()) {
        std::fprintf(stderr, "pgnsem normalize: %s\n", error.c_str());
        return 2;
    }
    Sink stream{out, {}, {}}, accepted_file, rejected_file;
    // one Sink per destination, so that what was last written to it is known (Sink::open_end)
    Sink& accepted = options.accepted.empty() ? stream : accepted_file;
    Sink& rejected = options.rejected.empty() ? stream : rejected_file;
    const auto open = [](Sink& sink, const std::string& name) {
        if (name.empty()) return true;
        sink.name = name;
        sink.file = std::fopen(name.c_str(), "wb");
        if (sink.file != nullptr) return true;
        std::fprintf(stderr, "pgnsem: cannot create %s: %s\n", text_for_people(name).c_str(), std::strerror(errno));
        return false;
    };
    bool ok = open(accepted, options.accepted) && open(rejected, options.rejected);
    Sink report_file;
    std::optional<JsonDocument> report;
    if (ok && options.report == "-") {
        report.emplace(out, options.report_layout);
    } else if (ok && !options.report.empty()) {
        ok = open(report_file, options.report);
        if (ok) report.emplace(report_file.file, options.report_layout, true);
    }
    Normalizer normalizer(accepted, rejected, !options.accepted.empty() || !options.rejected.empty(),
                          report ? &*report : nullptr, report_file.name);
    bool read_ok = true;
    if (ok)
        for (const std::string& path : paths)
            if (!normalizer.file(path, read_ok)) {
                ok = false;  // a write failed: said where it failed
                break;
            }
    if (report && report->ok() && !report->finish()) {
        if (!report_file.name.empty())
            std::fprintf(stderr, "pgnsem: %s: write error: %s\n", text_for_people(report_file.name).c_str(),
                         std::strerror(report->error()));
        ok = false;
    }
    ok = accepted.close() && ok;
    ok = rejected.close() && ok;
    ok = report_file.close() && ok;
    if (!ok || !read_ok) return 2;
    return normalizer.all_legal() ? 0 : 1;
}

int normalize_file(const std::string& path, std::FILE* out) {
    return normalize_files({path}, NormalizeOptions{}, out);
}

}  // namespace pgnsem::interp
