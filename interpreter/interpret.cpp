// A game's verdict: [[S]] (semantics/steps.hpp — the plies in the order [[S]] plays them, and the
// fold of T over them that stops at the first ⊥) with the interpreter's part around each ply:
// before it, replay the variations that replace it and judge the move (interpreter/judge.hpp: T
// with the notation's tolerance); at ⊥, the verdict's error; after a defined ply, check the claims
// its notation makes (interpreter/claims.hpp), record the draw facts (interpreter/draws.hpp) and the
// trace, and report a σ′ the paper's own equations left ill-formed. Before the fold, the start
// position (interpreter/start_position.hpp); after it, the claims about the result; --strict looks
// at the warnings before, during and after (interpreter/strict.hpp).
//
// Short names: s = σ before a ply, r = what judge_move found, p = the move played (σ′, action).
#include "interpreter/interpret.hpp"

#include <array>
#include <string>

#include "ast/assert.hpp"
#include "interpreter/claims.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/start_position.hpp"
#include "interpreter/strict.hpp"
#include "laws/setup.hpp"
#include "semantics/moves.hpp"
#include "semantics/steps.hpp"
#include "syntax/fen.hpp"
#include "syntax/san.hpp"

namespace pgnsem::interp {

void Verdict::set_error(VerdictKind k, std::uint32_t ply, const sem::State& s, std::string written, std::string rule,
                        std::string message, ast::SourcePos pos) {
    kind = k;
    ErrorInfo e;
    e.ply = ply;
    e.move_number = sem::move_number(s);
    e.side = sem::to_move(s);
    e.written = std::move(written);
    e.rule = std::move(rule);
    e.message = std::move(message);
    e.pos = pos;
    error = std::move(e);
}

void Verdict::clear() {
    game = 0;
    white.reset();
    black.reset();
    result_tag.reset();
    result.reset();
    plies = 0;
    kind = VerdictKind::Legal;
    error.reset();
    warnings.clear();
    fen_after.clear();
    final_state = sem::State{};
    end = sem::Outcome::Ongoing;
    error_in_variation = false;
    draws = DrawFacts{};
}

namespace {

// The FEN letter of every id (0 for the empty square), as print_fen's letters want them.
constexpr auto kLetterOfId = sem::table_by_id<char>([](sem::PieceId v) {
    return v.empty() ? '\0' : syntax::fen_letter(ColoredPiece{sem::color_of(v), sem::kind_of(v)});
});

// The FEN of σ into `out`, reusing its buffer (made as long as the longest FEN once, so that its
// size does not depend on the position). Written from σ's ids and fen_fields, with no Placement
// built for it: every verdict carries the final FEN.
void write_fen(std::string& out, const sem::State& s, sem::CastlingStyle style = sem::CastlingStyle::XFen) {
    std::array<char, 64> letters;
    for (std::size_t q = 0; q < 64; ++q) letters[q] = kLetterOfId[s.board[q].value()];
    const syntax::FenText fen = syntax::print_fen(letters, sem::fen_fields(s, style));
    out.reserve(fen.chars.size());
    out.assign(fen.view());
}

}  // namespace

std::string fen_of(const sem::State& s, sem::CastlingStyle style) {
    std::string out;
    write_fen(out, s, style);
    return out;
}

namespace {

// A tag's value into `out`, reusing its buffer; nothing when the tag is absent.
void set_text(std::optional<std::string>& out, std::optional<std::string_view> value) {
    if (!value)
        out.reset();
    else if (out)
        out->assign(*value);
    else
        out.emplace(*value);
}

}  // namespace

std::string canonical_text(const sem::Engine& e, const sem::State& before, const sem::Action& a,
                           const sem::State& after) {
    return std::string(syntax::print_san(e.canonical_move(before, a, after)).view());
}

std::string uci_text(const sem::ConcreteMove& m) {
    std::string u(4, ' ');
    write_square(u.data(), m.from);
    write_square(u.data() + 2, m.to);
    if (m.promotion) u.push_back("nbrq"[static_cast<int>(*m.promotion)]);
    return u;
}

std::string uci_text(const sem::State& before, const sem::Action& a) {
    return uci_text(sem::concrete_move(before, a));
}

namespace {

class Run {
public:
    Run(const ast::Game& g, const Options& o, const sem::Engine& e, Verdict& v, TraceSink* trace, DrawHistory& history)
        : g_(g),
          opt_(o),
          engine_(e),
          v_(v),
          trace_(trace),
          history_(history),
          laws_(e.reading().is_laws()),
          numbers_claimed_(e.reading().corrected(sem::Erratum::StepsInTextOrder)) {}

    void go() {
        v_.game = g_.index;
        v_.offset = g_.offset;
        set_text(v_.white, g_.tag("White"));
        set_text(v_.black, g_.tag("Black"));
        set_text(v_.result_tag, g_.tag("Result"));
        v_.result = g_.result;
        for (const ast::ReaderWarning& w : g_.warnings) {
            if (over_limit()) break;
            warn(warning_kind(w.kind), 0, w.pos, std::string(w.found), std::string(w.canonical),
                 std::string(w.message));
        }

        const std::optional<sem::State> start = start_position(g_, v_);
        if (!start) return;
        if (over_limit()) {
            const bool moves = g_.main_line != ast::kNone;
            limit_reached(1, *start, moves ? g_.plies[g_.main_line].text : std::string_view(),
                          moves ? g_.plies[g_.main_line].pos : g_.start);
            return;
        }
        main_line(*start);
    }

private:
    const ast::Game& g_;
    const Options& opt_;
    const sem::Engine& engine_;
    Verdict& v_;
    TraceSink* trace_;
    DrawHistory& history_;
    // the plies [[S]] plays, in its order (set where the main line starts)
    sem::StepOrder order_;
    // The engine's reading, asked once per game rather than once per ply: whether it is the Laws'
    // (no ill-formed σ to report), and whether written move numbers are claims (claim_faults).
    const bool laws_;
    const bool numbers_claimed_;
    bool ill_formed_reported_ = false;

    void warn(WarningKind kind, std::uint32_t ply, ast::SourcePos pos, std::string found, std::string canonical,
              std::string message) {
        add_warning(v_.warnings, kind, ply, pos, std::move(found), std::move(canonical), std::move(message));
    }

    // kMaxWarnings (interpret.hpp): past it, the game is judged no further.
    [[nodiscard]] bool over_limit() const noexcept { return v_.warnings.size() > kMaxWarnings; }
    void limit_reached(std::uint32_t ply_no, const sem::State& s, std::string_view text, ast::SourcePos pos) {
        fail(VerdictKind::Unsupported, ply_no, s, std::string(text), std::string(kWarningsLimitRule),
             "the game has more than " + std::to_string(kMaxWarnings) +
                 " warnings, the most pgnsem keeps for one game; it is judged no further",
             pos);
        v_.final_state = s;
        v_.fen_after = fen_of(s);
    }

    void fail(VerdictKind kind, std::uint32_t ply, const sem::State& s, std::string written, std::string rule,
              std::string message, ast::SourcePos pos) {
        v_.set_error(kind, ply, s, std::move(written), std::move(rule), std::move(message), pos);
    }

    // The +/# claim σ′ makes good (actual_claim). When the move gives check, `#` differs from `+`
    // by whether the opponent has a legal move; in a game that goes on, the written next move is
    // usually one, so T is asked of it first (and its result kept in `peeked` for the next ply:
    // T is a function of the move and σ′ alone, so asking early changes nothing). Only when there
    // is no next move, or T refuses it, does the search for any legal move run. `k` is the ply's
    // place in [[S]]'s order; the next ply is the order's next.
    template <sem::EngineContract E>
    ast::CheckClaim claim_of(const E& e, const JudgedBy<E>& r, const ast::Ply& ply, std::size_t k,
                             std::optional<JudgedBy<E>>& peeked) {
        const Played p = r.played();
        if (!p.check) return ast::CheckClaim::None;
        if (const std::uint32_t next = order_.after(ply, k); next != ast::kNone) {
            peeked.emplace(judge_move(e, g_.plies[next].move, r.next()));
            if (peeked->defined()) return ast::CheckClaim::Check;
        }
        return actual_claim(e, p.next, p.check);
    }

    // Replays every variation that replaces `ply` from σ (the position before it). The variations
    // waiting are kept as their index and the index of the position they start from, one position
    // for all the variations of a ply (with a copy of σ for each, a game of many one-move
    // variations would take memory out of proportion to its text). The walk is depth first, so
    // the positions form a stack too: a position is dropped once the last variation waiting on it
    // has started, and the positions held are those of the plies whose variations are not all
    // started — one per open variation, not one per nested ply (`((((…))))` holds one or two).
    void variations(const ast::Ply& ply, const sem::State& s) {
        struct Pending {
            std::uint32_t variation;
            std::uint32_t start;  // in `starts`
        };
        struct Start {
            sem::State state;
            std::uint32_t waiting;  // variations still to start from it
        };
        std::vector<Start> starts;
        std::vector<Pending> stack;
        starts.push_back({s, 0});
        for (std::uint32_t v = ply.first_variation; v != ast::kNone; v = g_.variations[v].next_sibling) {
            stack.push_back({v, 0});
            ++starts[0].waiting;
        }
        while (!stack.empty() && !over_limit()) {
            const Pending pending = stack.back();
            stack.pop_back();
            sem::State cur = starts[pending.start].state;
            // Later pendings name later starts, so the ones no variation waits on are at the top.
            --starts[pending.start].waiting;
            while (!starts.empty() && starts.back().waiting == 0) starts.pop_back();
            std::uint32_t depth = 0;
            for (std::uint32_t i = g_.variations[pending.variation].first_ply; i != ast::kNone && !over_limit();
                 i = g_.plies[i].next) {
                const ast::Ply& vp = g_.plies[i];
                ++depth;
                if (vp.first_variation != ast::kNone) {
                    starts.push_back({cur, 0});
                    const auto start = static_cast<std::uint32_t>(starts.size() - 1);
                    for (std::uint32_t v = vp.first_variation; v != ast::kNone; v = g_.variations[v].next_sibling) {
                        stack.push_back({v, start});
                        ++starts.back().waiting;
                    }
                }
                const Judged r = judge_move(engine_, vp.move, cur);
                if (!r.defined() && r.rule == sem::Failure::MoveNull) {
                    warn(WarningKind::VariationNull, 0, vp.pos, std::string(vp.text), "",
                         "a null move in a variation: the rest of this variation is not judged");
                    break;
                }
                if (!r.defined()) {
                    v_.error_in_variation = true;
                    const Refusal why = refusal(engine_, r, cur, vp.text);
                    warn(WarningKind::VariationIllegal, 0, vp.pos, std::string(vp.text), "",
                         "ply " + std::to_string(depth) + " of the variation that begins with " +
                             std::string(g_.plies[g_.variations[pending.variation].first_ply].text) + " is illegal (" +
                             std::string(sem::rule_id(why.rule)) + "): " + why.message);
                    v_.warnings.back().rule = std::string(sem::rule_id(why.rule));
                    break;
                }
                const Played p = r.played();
                check_claims(engine_, v_.warnings, vp, 0, cur, p, true, false, actual_claim(engine_, p.next, p.check));
                cur = p.next;
            }
        }
    }

    // [[S]] over the main line from σ, the start position. Written once, compiled for each engine
    // (semantics/engines.hpp): for the fast one, whose reading is the Laws', the questions about
    // the reading below are decided at compile time, and T is called without the indirect call.
    // (Not [[gnu::flatten]]: flattening also puts the rare and once-a-game paths into the loop's
    // function — the variations, the end of the game and its final FEN, the draw book's start of a
    // game — and so spreads the hot loop over more code than the instruction caches are likely to
    // hold. The fold itself (sem::fold_steps) and its two lambdas are inlined, and with the profile
    // the compiler keeps the rare paths apart.)
    void main_line(const sem::State& start) {
        engine_.visit([&](const auto& e) { main_line_with(e, start); });
    }
    // (Not inlined into main_line: a function of its own per engine, as small as the loop allows.)
    template <sem::EngineContract E>
    [[gnu::noinline]] void main_line_with(const E& e, const sem::State& start) {
        PGNSEM_ASSERT(!E::kLawsOnly || e.reading().is_laws(), "an engine of the Laws only reads the Laws");
        const bool laws = E::kLawsOnly || laws_;
        const bool numbers_claimed = E::kLawsOnly || numbers_claimed_;
        const bool strict = opt_.strict;
        DrawBook draws(history_, v_.draws, engine_, E::kPositionKeys);
        draws.start(start);
        if (opt_.strict && strict_before_moves(g_, v_, start)) return;
        order_ = sem::step_order(g_, g_.main_line, sem::move_number(start), engine_.reading());
        for (const sem::DroppedPly& d : order_.dropped) step_dropped(g_.plies[d.ply], d.step);
        const std::uint32_t limit = sem::ply_limit(start);
        // T of the next ply, when claim_of asked it early, to be used rather than asked again.
        std::optional<JudgedBy<E>> peeked;
        // The warnings from here on are the ply's (its variations' included), for --strict.
        std::size_t mark = 0;
        // Before each ply: its variations, then T (with the notation's tolerance).
        // σ is held as E's position between plies (semantics/engines.hpp), read as σ by E::state.
        const auto judge = [&](std::size_t k, const ast::Ply& ply, const typename E::Position& pos) {
            const sem::State& s = E::state(pos);
            // the game's limits (semantics/state.hpp): the ply past them is game/too-long
            if (k >= limit) [[unlikely]]
                return JudgedBy<E>{false, sem::Failure::TurnLimit, sem::Refused{sem::Failure::TurnLimit, {}}};
            if (strict) mark = v_.warnings.size();
            if (ply.first_variation != ast::kNone) variations(ply, s);
            draws.warn_after_automatic(v_.warnings, static_cast<std::uint32_t>(k + 1), ply);
            if (peeked) {
                const JudgedBy<E> r = *peeked;
                peeked.reset();
                return r;
            }
            return judge_move(e, ply.move, pos);
        };
        // After each defined ply: the claims of its notation, --strict, the draw facts, the trace.
        const auto defined = [&](std::size_t k, const ast::Ply& ply, const typename E::Position& pos,
                                 const JudgedBy<E>& r) {
            const sem::State& s = E::state(pos);
            const auto ply_no = static_cast<std::uint32_t>(k + 1);
            const Played p = r.played();
            check_claims(engine_, v_.warnings, ply, ply_no, s, p, false, numbers_claimed,
                         claim_of(e, r, ply, k, peeked));
            if (!laws) report_ill_formed(ply, ply_no, s, p.next);
            if (strict && strict_violation(v_, mark, ply_no, s)) return false;
            if (over_limit()) [[unlikely]] {
                limit_reached(ply_no, s, ply.text, ply.pos);
                return false;
            }
            draws.record(s, p.next, p.action, ply_no);
            if (trace_) emit_trace(ply, ply_no, s, p);
            v_.plies = ply_no;
            return true;
        };
        const auto folded = sem::fold_steps(g_, order_, E::position(start), judge, defined);
        if (folded.ended_early) return;
        const sem::State& s = E::state(folded.last);
        // Checkmate and stalemate end the game before any draw fact of the same position (Laws
        // 5.1.1, 5.2.1, 9.6.2); only the last position can be one, and it is asked only when a fact
        // holds there.
        if (v_.draws.held_at(folded.played)) [[unlikely]]
            if (engine_.outcome(s) != sem::Outcome::Ongoing) v_.draws.end_at(folded.played);
        v_.final_state = s;
        write_fen(v_.fen_after, s);
        if (folded.refused) {
            const ast::Ply& ply = g_.plies[folded.refused_ply];
            if (over_limit()) {
                limit_reached(folded.played + 1, s, ply.text, ply.pos);
                return;
            }
            const Refusal why = refusal(engine_, as_judged(*folded.refused), s, ply.text);
            fail(VerdictKind::Illegal, folded.played + 1, s, std::string(ply.text), std::string(sem::rule_id(why.rule)),
                 why.message, ply.pos);
            return;
        }
        game_end(s, folded.played);
    }

    // A step the paper's [[S]] leaves out (its number was used before): reported, not played.
    void step_dropped(const ast::Ply& ply, std::uint32_t step) {
        warn(WarningKind::PaperStepDropped, 0, ply.pos, std::string(ply.text), "",
             "the paper's [[S]] keeps the first step numbered " + std::to_string(step) +
                 " and leaves this one out (errata.md, steps-in-text-order)");
    }

    // Under a reading with any correction undone, the paper's equations may leave σ′ ill-formed (a
    // pawn on the last rank, a second king, no king): what the paper produces, so reported, once a
    // game, and not a bug. (Under the Laws' reading, T asserts well-formedness instead.)
    void report_ill_formed(const ast::Ply& ply, std::uint32_t ply_no, const sem::State& s, const sem::State& next) {
        if (ill_formed_reported_ || sem::well_formed(next) || !sem::well_formed(s)) return;
        ill_formed_reported_ = true;
        warn(WarningKind::PaperIllFormedState, ply_no, ply.pos, std::string(ply.text), "",
             "under this reading of the paper the move leaves a state no game under the Laws reaches (a pawn on "
             "its last rank, two kings of a side, or a king taken): " +
                 fen_of(next));
    }

    // After the last ply replayed (`ply_no`), in σ: the reader's syntax error when it cut the game
    // short, else the claims about the result.
    void game_end(const sem::State& s, std::uint32_t ply_no) {
        if (g_.error) {
            const ast::SyntaxError& e = *g_.error;
            // An error inside a variation says so; the main line was judged up to the ply the
            // variation replaces.
            std::string message(e.message);
            if (e.variation_depth > 0)
                message = "inside a variation (nested " + std::to_string(e.variation_depth) +
                          (e.variation_depth == 1 ? " level" : " levels") + " deep): " + message;
            fail(VerdictKind::Malformed, ply_no + 1, s, std::string(e.token), std::string(e.kind), message, e.pos);
            return;
        }
        v_.end = engine_.outcome(s);
        const std::size_t mark = v_.warnings.size();
        result_claims(g_, s, v_);
        if (opt_.strict) strict_at_end(v_, mark, s);
        if (!v_.error && over_limit()) limit_reached(ply_no + 1, s, {}, g_.result_pos);
    }

    void emit_trace(const ast::Ply& ply, std::uint32_t ply_no, const sem::State& s, const Played& p) {
        const std::string canonical = canonical_text(engine_, s, p.action, p.next);
        const std::string uci = uci_text(s, p.action);
        const std::string fen = fen_of(p.next);
        PlyEvent e;
        e.game = g_.index;
        e.ply = ply_no;
        e.move_number = sem::move_number(s);
        e.side = sem::to_move(s);
        e.san_written = ply.text;
        e.san_canonical = canonical;
        e.uci = uci;
        e.rule = p.action.rule;
        e.before = &s;
        e.after = &p.next;
        e.fen_after = fen;
        e.source = &ply;
        trace_->on_ply(e);
    }
};

}  // namespace

void Interpreter::run(const ast::Game& g, Verdict& out, TraceSink* trace) {
    // The name and Result strings keep their buffers from game to game (go() sets or resets each
    // of them), so that judging a game allocates nothing when the names are like the last ones.
    std::optional<std::string> white = std::move(out.white), black = std::move(out.black),
                               result_tag = std::move(out.result_tag);
    out.clear();
    out.white = std::move(white);
    out.black = std::move(black);
    out.result_tag = std::move(result_tag);
    const sem::Engine& engine = options_.engine != nullptr ? *options_.engine : sem::fast_engine();
    Run(g, options_, engine, out, trace, history_).go();
}

}  // namespace pgnsem::interp
