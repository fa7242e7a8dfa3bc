// `pgnsem normalize`: every defined ply (main line and variations) is rewritten as the canonical
// move the semantics gives for it (minimal disambiguation, `x`, `=T`, correct `+`/`#`), keeping
// its suffix glyph, NAGs and comments; plies after the first illegal one of a line are written
// as read; a syntax error is written again where it was found, so that check reads the output
// back with the same verdict (interpreter/README.md). Nothing is dropped without a word on stderr.
#include "interpreter/normalize.hpp"

#include <memory>
#include <string>
#include <vector>

#include "interpreter/input.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/output.hpp"
#include "semantics/engine.hpp"
#include "semantics/setup.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn.hpp"
#include "syntax/pgn_writer.hpp"

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
        const Judged j = judge_move(sem::fast_engine(), ply.move, s);
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

// Where and with what text the output is cut so that the reader finds syntax error `e` again at the
// same ply (syntax/README.md, "Error kinds"): after the last ply read, at the error's variation
// depth, the token alone (the marker that follows finds an unclosed variation open; a marker in a
// variation gets its `)`). A malformed tag pair is written back as read, after the other tags
// (SyntaxError::tag_pair). False for the kinds no such text brings back.
bool reproduce(const ast::SyntaxError& e, syntax::WriteOptions& o) {
    if (!e.tag_pair.empty()) {
        o.tag_tail = e.tag_pair;
        return true;
    }
    if (e.kind == "syntax/tag") return false;
    o.cut = true;
    o.tail_depth = e.variation_depth;
    o.tail = e.kind == "syntax/unclosed-variation" ? std::string_view() : e.token;
    o.tail_after_number = e.kind == "syntax/suffix";
    return true;
}

bool unwritable(const ast::SyntaxError& e) {
    return e.kind == "syntax/game-too-long" || e.kind == "syntax/encoding";
}

std::optional<ast::Result> result_of_tag(std::string_view t) {
    for (ast::Result r : {ast::Result::WhiteWins, ast::Result::BlackWins, ast::Result::Draw, ast::Result::Unknown})
        if (ast::result_text(r) == t) return r;
    return std::nullopt;
}

}  // namespace

int normalize_file(const std::string& path, std::FILE* out) {
    std::string error;
    const std::unique_ptr<Input> input = Input::open(path, false, error);
    if (!input) {
        std::fprintf(stderr, "pgnsem: %s\n", error.c_str());
        return 2;
    }
    syntax::PgnReader reader(input->text(), path);
    Interpreter interpreter(Options{});
    ast::Game game, norm;
    Verdict verdict;
    std::string text;
    std::vector<std::pair<std::uint32_t, sem::State>> pending;
    bool all_legal = true, io_ok = true;
    const std::string shown_path = text_for_people(path);
    // The games' bytes are written as read; what goes to stderr is escaped (text_for_people).
    while (io_ok && reader.next(game)) {
        interpreter.run(game, verdict);
        all_legal = all_legal && verdict.kind == VerdictKind::Legal;
        // A game whose text the reader did not keep (longer than its limit) or could not read (a
        // UTF-16 or UTF-32 file) has no PGN to write: it is left out, and stderr says so, rather
        // than written as an empty game that check would call legal.
        if (game.error && unwritable(*game.error)) {
            std::fprintf(stderr, "pgnsem: %s: game %u is not written: %s\n", shown_path.c_str(), game.index,
                         text_for_people(game.error->message).c_str());
            continue;
        }
        norm = game;
        syntax::WriteOptions options;
        sem::State start = sem::initial_state();
        bool startable = true;
        if (auto fen = game.tag("FEN")) {
            auto parsed = syntax::parse_fen(*fen);
            if (auto* p = v2::get_if<Placement>(&parsed)) {
                start = sem::from_placement(*p);
                options.first_move_number = sem::move_number(start);
                options.first_side = sem::to_move(start);
                if (!game.tag("SetUp") || *game.tag("SetUp") != "1") {
                    // the export form of a set-up position announces it (§9.7.1)
                    std::erase_if(norm.tags, [](const ast::Tag& t) { return t.name == "SetUp"; });
                    norm.tags.push_back(ast::Tag{"SetUp", "1", {}});
                }
            } else {
                startable = false;
            }
        }
        if (verdict.kind == VerdictKind::Unsupported || !startable ||
            (verdict.error && verdict.error->ply == 0 && verdict.kind == VerdictKind::Illegal))
            startable = false;
        if (startable) {
            pending.clear();
            canonicalize_line(norm, norm.main_line, start, pending);
            while (!pending.empty()) {
                auto [first, s] = pending.back();
                pending.pop_back();
                // a variation after an illegal move of its parent line has no position to start from
                if (s == sem::State{}) continue;
                canonicalize_line(norm, first, s, pending);
            }
        }
        // A missing marker is written as the Result tag says (the export format needs one); a
        // contradiction between them is kept for check --strict to report.
        if (!norm.result)
            if (auto tag = game.tag("Result")) norm.result = result_of_tag(*tag);
        for (const ast::ReaderWarning& w : game.warnings)
            if (w.kind == ast::ReaderWarningKind::TextAfterResult)
                std::fprintf(stderr, "pgnsem: %s: game %u: text after the termination marker at %u:%u is not written\n",
                             shown_path.c_str(), game.index, w.pos.line, w.pos.column);
        // A syntax error is written again where the reader found it (after the main line, inside as
        // many `(` as enclosed it), so that check reads the output back with the same error at the
        // same ply; for the kinds that cannot be, the text from there on is dropped, and stderr says so.
        std::string tail;
        if (game.error && game.error->kind == "syntax/result-in-variation") {
            tail.assign(game.error->token);
            tail += ')';
        }
        if (game.error && reproduce(*game.error, options)) {
            if (!tail.empty()) options.tail = tail;
        } else if (game.error)
            std::fprintf(stderr,
                         "pgnsem: %s: game %u is malformed at %u:%u (%s); the text from there on is not written\n",
                         shown_path.c_str(), game.index, game.error->pos.line, game.error->pos.column,
                         text_for_people(game.error->message).c_str());
        text.clear();
        syntax::write_game(norm, options, text);
        if (!write_bytes(out, text)) io_ok = false;  // finish_output reports it
    }
    // the messages name the file already; the decompressor's says more than the reader's EIO
    if (const std::string why = input->error(); !why.empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", why.c_str());
        io_ok = false;
    } else if (!reader.io_error().empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", text_for_people(reader.io_error()).c_str());
        io_ok = false;
    }
    if (!io_ok) return 2;
    return all_legal ? 0 : 1;
}

}  // namespace pgnsem::interp
