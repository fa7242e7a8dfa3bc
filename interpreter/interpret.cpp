// [[S]]: [[nil]] = identity, [[n. M :: S]] = [[S]] ∘ [[M]] — a left fold of T over the plies of
// the main line (§3.2.1, §3.3), stopping at the first ⊥. For each ply: replay the variations that
// replace it, judge the move (interpreter/judge.hpp), stop at ⊥ (the verdict's error), else check
// the claims its notation makes (interpreter/claims.hpp), record the draw facts
// (interpreter/draws.hpp) and the trace, and go on from σ′. Before the fold, the start position
// (interpreter/start_position.hpp); after it, the claims about the result; --strict looks at the
// warnings before, during and after (interpreter/strict.hpp).
//
// Short names: s = σ before a ply, r = what judge_move found, p = the move played (σ′, action).
#include "interpreter/interpret.hpp"

#include <array>
#include <string>

#include "interpreter/claims.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/start_position.hpp"
#include "interpreter/strict.hpp"
#include "semantics/legal_moves.hpp"
#include "semantics/setup.hpp"
#include "syntax/fen.hpp"
#include "syntax/san.hpp"

namespace pgnsem::interp {

void Verdict::set_error(VerdictKind k, std::uint32_t ply, const sem::State& s, std::string san, std::string rule,
                        std::string message, ast::SourcePos pos) {
    kind = k;
    ErrorInfo e;
    e.ply = ply;
    e.move_number = sem::move_number(s);
    e.side = sem::to_move(s);
    e.san = std::move(san);
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
    final_fen.clear();
    final_state = sem::State{};
    end = sem::Outcome::Ongoing;
    error_in_variation = false;
    draws = DrawFacts{};
}

namespace {

// The FEN letter of every id (0 for the empty square), as print_fen's letters want them.
constexpr std::array<char, 256> make_letter_of_id() noexcept {
    std::array<char, 256> t{};
    for (int id = 1; id < 256; ++id) {
        const auto v = static_cast<sem::PieceId>(id);
        t[static_cast<std::size_t>(id)] = syntax::fen_letter(ColoredPiece{sem::color_of(v), sem::kind_of(v)});
    }
    return t;
}
constexpr std::array<char, 256> kLetterOfId = make_letter_of_id();

// The FEN of σ into `out`, reusing its buffer (made as long as the longest FEN once, so that its
// size does not depend on the position). Written from σ's ids and fen_fields, with no Placement
// built for it: every verdict carries the final FEN.
void write_fen(std::string& out, const sem::State& s) {
    std::array<char, 64> letters;
    for (std::size_t q = 0; q < 64; ++q) letters[q] = kLetterOfId[s.board[q]];
    const syntax::FenText fen = syntax::print_fen(letters, sem::fen_fields(s));
    out.reserve(fen.chars.size());
    out.assign(fen.view());
}

}  // namespace

std::string fen_of(const sem::State& s) {
    std::string out;
    write_fen(out, s);
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

std::string canonical_san(const sem::State& before, const sem::Action& a, const sem::State& after) {
    return std::string(syntax::print_san(sem::canonical_move(before, a, after)).view());
}

std::string uci_text(const sem::ConcreteMove& m) {
    std::string u(4, ' ');
    write_square(u.data(), m.from);
    write_square(u.data() + 2, m.to);
    if (m.promotion) u.push_back("nbrq"[static_cast<int>(*m.promotion)]);
    return u;
}

std::string uci_text(const sem::Action& a) {
    return uci_text(sem::ConcreteMove{a.from, a.to, a.promotion});
}

namespace {

std::string pos_text(ast::SourcePos p) {
    return std::to_string(p.line) + ":" + std::to_string(p.column);
}

class Run {
public:
    Run(const ast::Game& g, const Options& o, Verdict& v, TraceSink* trace, std::vector<std::uint64_t>& history)
        : g_(g), opt_(o), v_(v), trace_(trace), history_(history) {}

    void go() {
        v_.game = g_.index;
        set_text(v_.white, g_.tag("White"));
        set_text(v_.black, g_.tag("Black"));
        set_text(v_.result_tag, g_.tag("Result"));
        v_.result = g_.result;
        for (const ast::ReaderWarning& w : g_.warnings)
            warn(warning_kind(w.kind), 0, w.pos, std::string(w.found), std::string(w.canonical),
                 std::string(w.message));

        if (const std::optional<sem::State> start = start_position(g_, v_)) main_line(*start);
    }

private:
    const ast::Game& g_;
    const Options& opt_;
    Verdict& v_;
    TraceSink* trace_;
    std::vector<std::uint64_t>& history_;

    void warn(WarningKind kind, std::uint32_t ply, ast::SourcePos pos, std::string found, std::string canonical,
              std::string message) {
        add_warning(v_.warnings, kind, ply, pos, std::move(found), std::move(canonical), std::move(message));
    }

    void fail(VerdictKind kind, std::uint32_t ply, const sem::State& s, std::string san, std::string rule,
              std::string message, ast::SourcePos pos) {
        v_.set_error(kind, ply, s, std::move(san), std::move(rule), std::move(message), pos);
    }

    // The +/# claim σ′ makes good (actual_claim). When the move gives check, `#` differs from `+`
    // by whether the opponent has a legal move; in a game that goes on, the written next move is
    // usually one, so T is asked of it first (and its result kept in `peeked` for the next ply:
    // T is a function of the move and σ′ alone, so asking early changes nothing). Only when there
    // is no next move, or T refuses it, does the search for any legal move run.
    ast::CheckClaim claim_of(const Played& p, const ast::Ply& ply, std::optional<Judged>& peeked) {
        if (!p.check) return ast::CheckClaim::None;
        if (ply.next != ast::kNone) {
            peeked.emplace(judge_move(g_.plies[ply.next].move, p.next));
            if (peeked->defined()) return ast::CheckClaim::Check;
        }
        return actual_claim(p.next, p.check);
    }

    // Replays every variation that replaces `ply` from σ (the position before it).
    void variations(const ast::Ply& ply, const sem::State& s) {
        struct Pending {
            std::uint32_t variation;
            sem::State s;
        };
        std::vector<Pending> stack;
        for (std::uint32_t v = ply.first_variation; v != ast::kNone; v = g_.variations[v].next_sibling)
            stack.push_back({v, s});
        while (!stack.empty()) {
            Pending pending = stack.back();
            stack.pop_back();
            sem::State cur = pending.s;
            std::uint32_t depth = 0;
            for (std::uint32_t i = g_.variations[pending.variation].first_ply; i != ast::kNone; i = g_.plies[i].next) {
                const ast::Ply& vp = g_.plies[i];
                ++depth;
                for (std::uint32_t v = vp.first_variation; v != ast::kNone; v = g_.variations[v].next_sibling)
                    stack.push_back({v, cur});
                const Judged r = judge_move(vp.move, cur);
                if (!r.defined() && r.rule == sem::Rule::MoveNull) {
                    warn(WarningKind::VariationNull, 0, vp.pos, std::string(vp.text), "",
                         "a null move in a variation: the rest of this variation is not judged");
                    break;
                }
                if (!r.defined()) {
                    v_.error_in_variation = true;
                    const Refusal why = refusal(r, cur, vp.text);
                    warn(WarningKind::VariationIllegal, 0, vp.pos, std::string(vp.text), "",
                         "ply " + std::to_string(depth) + " of the variation at " +
                             pos_text(g_.variations[pending.variation].pos) + " is illegal (" +
                             std::string(sem::rule_id(why.rule)) + "): " + why.message);
                    v_.warnings.back().rule = std::string(sem::rule_id(why.rule));
                    break;
                }
                const Played p = r.played();
                check_claims(v_.warnings, vp, 0, cur, p, true, actual_claim(p.next, p.check));
                cur = p.next;
            }
        }
    }

    // The fold over the main line from σ, the start position.
    void main_line(sem::State s) {
        DrawBook draws(history_, v_.draws);
        draws.start(s);
        if (opt_.strict && strict_before_moves(g_, v_, s)) return;
        // The reader stopped at a syntax error after this many plies; the fold stops there too.
        const std::uint32_t stop_at = g_.error ? g_.error->ply_index : ast::kNone;
        // T of the next ply, when claim_of asked it early, to be used rather than asked again.
        std::optional<Judged> peeked;
        std::uint32_t ply_no = 0;
        bool refused = false;
        for (std::uint32_t i = g_.main_line; i != ast::kNone; i = g_.plies[i].next) {
            if (ply_no == stop_at) break;
            const ast::Ply& ply = g_.plies[i];
            ++ply_no;
            const std::size_t mark = v_.warnings.size();
            if (ply.first_variation != ast::kNone) variations(ply, s);
            draws.warn_after_automatic(v_.warnings, ply_no, ply);
            const Judged r = peeked ? *peeked : judge_move(ply.move, s);
            peeked.reset();
            if (!r.defined()) {
                const Refusal why = refusal(r, s, ply.text);
                fail(VerdictKind::Illegal, ply_no, s, std::string(ply.text), std::string(sem::rule_id(why.rule)),
                     why.message, ply.pos);
                refused = true;
                break;
            }
            const Played p = r.played();
            check_claims(v_.warnings, ply, ply_no, s, p, false, claim_of(p, ply, peeked));
            if (opt_.strict && strict_violation(v_, mark, ply_no, s)) return;
            draws.record(s, p.next, p.action, ply_no);
            if (trace_) emit_trace(ply, ply_no, s, p);
            s = p.next;
            v_.plies = ply_no;
        }
        v_.final_state = s;
        write_fen(v_.final_fen, s);
        if (!refused) game_end(s, ply_no);
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
        v_.end = sem::outcome(s);
        const std::size_t mark = v_.warnings.size();
        result_claims(g_, s, v_);
        if (opt_.strict) strict_at_end(v_, mark, s);
    }

    void emit_trace(const ast::Ply& ply, std::uint32_t ply_no, const sem::State& s, const Played& p) {
        const std::string canonical = canonical_san(s, p.action, p.next);
        const std::string uci = uci_text(p.action);
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
    Run(g, options_, out, trace, history_).go();
}

}  // namespace pgnsem::interp
