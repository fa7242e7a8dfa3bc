// `pgnsem moves` and `pgnsem san` (app/moves_report.hpp). Every answer comes from the parts
// `check` uses: the fast path's legal moves and canonical SAN (sem::FastEngine, semantics/engines.hpp), the
// SAN reader (syntax/san.hpp), judge_move and the claims' warnings (interpreter/judge.hpp,
// interpreter/claims.hpp); nothing of the rules is decided here.
#include "app/moves_report.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

#include "app/position_report.hpp"
#include "interpreter/claims.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/warnings.hpp"
#include "io/contract.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "syntax/fen.hpp"
#include "syntax/san.hpp"

namespace pgnsem::interp {

bool read_fen_line(std::FILE* in, std::string& fen) {
    fen.clear();
    for (int c = std::getc(in); c != EOF; c = std::getc(in)) {
        if (c == '\n' || c == '\r') {
            if (fen.find_first_not_of(" \t") != std::string::npos) break;
            fen.clear();  // a blank line before the FEN
            continue;
        }
        if (fen.size() >= kMaxFenRecordBytes) {
            std::fprintf(stderr, "pgnsem: the FEN on standard input is longer than %zu bytes\n", kMaxFenRecordBytes);
            return false;
        }
        fen.push_back(static_cast<char>(c));
    }
    if (std::ferror(in)) {
        std::fprintf(stderr, "pgnsem: cannot read standard input: %s\n", std::strerror(errno));
        return false;
    }
    if (fen.find_first_not_of(" \t") == std::string::npos) {
        std::fprintf(stderr, "pgnsem: no FEN on standard input: it is empty or blank\n");
        return false;
    }
    const auto first = fen.find_first_not_of(" \t"), last = fen.find_last_not_of(" \t");
    fen = fen.substr(first, last - first + 1);
    return true;
}

std::optional<Placement> chess960_start(std::string_view text, bool& bad) {
    bad = false;
    std::string lower;
    for (const char c : text) lower.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    std::string_view number = lower;
    if (number.rfind("chess960:", 0) == 0)
        number.remove_prefix(9);
    else if (number.rfind("960:", 0) == 0)
        number.remove_prefix(4);
    else
        return std::nullopt;
    int n = 0;
    bad = number.empty() || number.size() > 3;
    for (const char c : number) {
        if (c < '0' || c > '9') bad = true;
        n = n * 10 + (c - '0');
    }
    if (bad || n > 959) {
        bad = true;
        return std::nullopt;
    }
    return sem::to_placement(sem::initial_state_960(n));
}

PositionRead read_position(std::string_view text, bool chess960) {
    PositionRead r;
    bool bad = false;
    if (std::optional<Placement> start = chess960_start(text, bad)) {
        r.placement = std::move(start);
        return r;
    }
    if (bad) {
        r.field = "start";
        r.message = "a Chess960 start position is chess960:N with N from 0 to 959";
        return r;
    }
    auto parsed = syntax::parse_position(text);
    if (auto* e = boost::variant2::get_if<syntax::FenError>(&parsed)) {
        r.field = std::string(e->field);
        r.message = std::move(e->message);
        r.column = e->column;
        return r;
    }
    Placement& p = r.placement.emplace(boost::variant2::get<Placement>(parsed));
    p.chess960 = chess960 || p.castling_files[0] != 0 || p.castling_files[1] != 0;
    return r;
}

Placement written_as(const Placement& p, sem::CastlingStyle style) {
    if (!p.chess960 || style == sem::CastlingStyle::XFen) return p;
    return sem::to_placement(sem::from_placement(p), style);
}

std::optional<Placement> position_option(const std::string& option, int& status, bool chess960) {
    if (option.empty()) {
        Placement start = sem::to_placement(sem::initial_state());
        start.chess960 = chess960;
        return start;
    }
    std::string fen = option;
    if (option == "-") {
        // the first line of standard input, as `fen -` reads its first record
        if (!read_fen_line(stdin, fen)) {
            status = 2;
            return std::nullopt;
        }
    }
    PositionRead read = read_position(fen, chess960);
    if (!read.placement) {
        if (read.field == "start")
            std::fprintf(stderr, "pgnsem: %s: %s\n", text_for_people(fen).c_str(), read.message.c_str());
        else
            std::fprintf(stderr, "pgnsem: FEN does not parse: %s field, column %u: %s\n", read.field.c_str(),
                         read.column + 1, text_for_people(read.message).c_str());
        status = 2;
        return std::nullopt;
    }
    Placement& p = *read.placement;
    // As perft counts it, any position that parses is answered (the move generator takes any
    // placement); what keeps it from arising in a game is said on stderr, and the status is 1.
    const sem::Problems problems = sem::validate(p);
    if (!problems.empty()) {
        const sem::State s = sem::from_placement(p);
        for (const sem::Problem& pr : problems)
            std::fprintf(stderr, "pgnsem: warning: the position cannot arise in a game: %s: %s\n",
                         std::string(sem::rule_id(pr.rule)).c_str(),
                         text_for_people(explain_problem(pr.rule, pr.detail, s)).c_str());
        status = 1;
    }
    return p;
}

namespace {

// A move's UCI in a fixed buffer (`e7e8q`: at most five characters; room for the JSON writer's
// sixteen-byte reads), without a string per move.
struct Uci {
    std::array<char, 16> chars{};
    std::uint8_t size = 4;
    [[nodiscard]] std::string_view view() const noexcept { return {chars.data(), size}; }
};
Uci uci_of(const sem::ConcreteMove& m) noexcept {
    Uci u;
    write_square(u.chars.data(), m.from);
    write_square(u.chars.data() + 2, m.to);
    if (m.promotion) {
        u.chars[4] = "nbrq"[static_cast<int>(*m.promotion)];
        u.size = 5;
    }
    return u;
}

}  // namespace

std::string moves_report(const Placement& p, bool json, sem::CastlingStyle style) {
    const sem::Engine& e = sem::fast_engine();
    const sem::State s = sem::from_placement(p);
    const sem::MoveList legal = e.legal_moves(s);
    // The moves in UCI order: a key a move, its UCI's characters in the high bytes (compared as text
    // would be; a promotion's letter after the four, none before any) and its index in the low ones.
    std::array<std::uint64_t, sem::MoveList::kCapacity> order;  // (no need to clear what is written first)
    const std::size_t n = legal.size;
    for (std::size_t i = 0; i < n; ++i) {
        const Uci u = uci_of(legal.moves[i]);
        std::uint64_t key = 0;
        for (std::size_t c = 0; c < 5; ++c) key = key << 8 | (c < u.size ? static_cast<unsigned char>(u.chars[c]) : 0U);
        order[i] = key << 16 | i;
    }
    std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n));
    // each move's UCI and canonical SAN, in that order
    const auto each = [&](auto&& emit) {
        for (std::size_t k = 0; k < n; ++k) {
            const sem::ConcreteMove& m = legal.moves[order[k] & 0xFFFF];
            emit(uci_of(m), syntax::print_san(e.canonical_move(s, e.play_legal(s, m))));
        }
    };
    const PositionStatus st = position_status(s);
    const std::string fen(syntax::print_fen(written_as(p, style)).view());
    std::string out;
    out.reserve(std::size_t{48} * n + 512);
    if (json) {
        static const std::string envelope = envelope_members("moves", sem::Reading::laws());
        {
            JsonOut json_out(out);
            JsonObject o(json_out);
            o.members(envelope);
            o.str("fen", fen).str("side", color_name(p.side_to_move));
            legality_json(o, sem::validate(p, s), s);
            {
                JsonArray moves(o.key("moves"));
                // {"uci":…,"san":…} written whole: UCI and SAN are letters, digits and +#=-, nothing
                // to escape
                std::array<char, 64> entry;
                each([&](const Uci& uci, const syntax::ShortText& san) {
                    char* q = entry.data();
                    const auto put = [&](std::string_view t) { q = std::copy(t.begin(), t.end(), q); };
                    put("{\"uci\":\"");
                    put(uci.view());
                    put("\",\"san\":\"");
                    put(san.view());
                    put("\"}");
                    moves.next().raw(std::string_view(entry.data(), static_cast<std::size_t>(q - entry.data())));
                });
            }
            status_json(o, st);
        }
    } else {
        out += "FEN:        " + fen + "\n";
        out += "moves:      " + std::to_string(n) + " legal, sorted by UCI\n";
        each([&](const Uci& uci, const syntax::ShortText& san) {
            out += "  ";
            out += uci.view();
            out.append(7 - uci.size, ' ');
            out += san.view();
            out += '\n';
        });
        append_status_text(out, st);
    }
    return out;
}

int moves_command(const std::string& fen, std::optional<JsonLayout> json, std::FILE* out, bool chess960,
                  sem::CastlingStyle style) {
    int status = 0;
    const std::optional<Placement> p = position_option(fen, status, chess960);
    if (!p) return status;
    if (!json) return write_bytes(out, moves_report(*p, false, style)) ? status : 2;
    JsonDocument doc(out, *json);
    doc.add(moves_report(*p, true, style));
    return doc.finish() ? status : 2;
}

namespace {

// What one token says: the reader's structure, or its error; with a position, the move it is.
struct TokenWarning {
    WarningKind kind;
    std::string canonical;
    std::string message;
};
struct TokenReport {
    std::string_view token;
    // the reader's error (or, under --strict, the first spelling or claim it refuses)
    bool error = false;
    std::string rule, message;
    std::uint32_t column = 0;  // 1-based
    ast::Move move;
    std::vector<TokenWarning> warnings;
    // with a position
    bool resolved = false, legal = false;
    std::string san, uci, fen_after, equation;

    // The token is refused: the rule it breaks, why, and where (1-based).
    void refuse(std::string_view why_rule, std::string why, std::uint32_t at) {
        error = true;
        rule = why_rule;
        message = std::move(why);
        column = at;
    }
};

const char* suffix_text(ast::Suffix s) {
    switch (s) {
        case ast::Suffix::None: return nullptr;
        case ast::Suffix::Good: return "!";
        case ast::Suffix::Mistake: return "?";
        case ast::Suffix::Brilliant: return "!!";
        case ast::Suffix::Blunder: return "??";
        case ast::Suffix::Interesting: return "!?";
        case ast::Suffix::Dubious: return "?!";
    }
    PGNSEM_UNREACHABLE("the six suffix annotations of §8.2.3.8");
}

const char* claim_text(ast::CheckClaim c) {
    switch (c) {
        case ast::CheckClaim::None: return nullptr;
        case ast::CheckClaim::Check: return "+";
        case ast::CheckClaim::Mate: return "#";
    }
    PGNSEM_UNREACHABLE("every claim is listed");
}

// Under --strict, the first warning that does not stay one is the token's error (as `check
// --strict` makes it the game's: rule notation/<kind>).
void strict_error(TokenReport& r) {
    for (const TokenWarning& w : r.warnings) {
        if (stays_under_strict(w.kind)) continue;
        r.refuse("notation/" + std::string(kind_name(w.kind)),
                 w.message + (w.canonical.empty() ? "" : "; the export format writes " + w.canonical), 1);
        return;
    }
}

// The token as the SAN reader reads it; a null move is no move (rule move/null).
TokenReport read_token(std::string_view token) {
    TokenReport r;
    r.token = token;
    const syntax::SanResult parsed = syntax::parse_san(token);
    if (const auto* e = boost::variant2::get_if<syntax::SanError>(&parsed)) {
        r.refuse(e->kind, std::string(e->message), e->column + 1);
        return r;
    }
    r.move = boost::variant2::get<ast::Move>(parsed);
    if (boost::variant2::holds_alternative<ast::NullMove>(r.move.body))
        r.refuse(sem::rule_id(sem::Failure::MoveNull), "a null move is not a chess move", 1);
    return r;
}

TokenReport structure_report(std::string_view token, bool strict) {
    TokenReport r = read_token(token);
    if (r.error) return r;
    const bool coordinate = boost::variant2::holds_alternative<ast::Coordinate>(r.move.body);
    for (const SpellingWarning& sw : tolerated_spellings())
        if (r.move.spelling & sw.bit)
            r.warnings.push_back(TokenWarning{
                sw.kind, coordinate ? std::string() : std::string(syntax::print_san(r.move).view()), sw.what});
    if (strict) strict_error(r);
    return r;
}

TokenReport resolved_report(const sem::State& s, std::string_view token, bool strict,
                            sem::CastlingStyle style = sem::CastlingStyle::XFen) {
    TokenReport r = read_token(token);
    if (r.error) return r;
    const sem::Engine& e = sem::fast_engine();
    const Judged j = judge_move(e, r.move, s);
    r.resolved = true;
    if (!j.defined()) {
        const Refusal why = refusal(e, j, s, token);
        r.rule = std::string(sem::rule_id(why.rule));
        r.message = why.message;
        return r;
    }
    const Played played = j.played();
    r.legal = true;
    r.equation = std::string(sem::rule_id(played.action.rule));
    r.san = canonical_text(e, s, played.action, played.next);
    r.uci = uci_text(s, played.action);
    r.fen_after = fen_of(played.next, style);
    ast::Ply ply;
    ply.move = r.move;
    ply.pos = ast::SourcePos{1, 1};
    ply.text = token;
    std::vector<Warning> warnings;
    check_claims(e, warnings, ply, 1, s, played, false, false, actual_claim(e, played.next, played.check));
    for (const Warning& w : warnings) r.warnings.push_back(TokenWarning{w.kind, w.canonical, w.message});
    if (strict) strict_error(r);
    return r;
}

// The parts of a move as written: which piece, the origin named, `x`, the destination, the
// promotion piece, castling.
struct Parts {
    std::optional<char> piece;
    std::optional<char> from_file, from_rank;
    bool capture = false;
    std::optional<Square> to;
    std::optional<char> promotion;
    const char* castle = nullptr;
};

Parts parts_of(const ast::Move& m) {
    Parts p;
    const auto piece = [](PieceKind k) { return k == PieceKind::Pawn ? std::nullopt : std::optional(piece_letter(k)); };
    const auto origin = [&p](const ast::Disambiguator& d) {
        if (d.file) p.from_file = d.file->to_char();
        if (d.rank) p.from_rank = d.rank->to_char();
    };
    boost::variant2::visit(
        [&](const auto& b) {
            using B = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<B, ast::Traversal>) {
                p.piece = piece(b.piece);
                origin(b.from);
                p.to = b.to;
            } else if constexpr (std::is_same_v<B, ast::Capture>) {
                p.piece = piece(b.piece);
                origin(b.from);
                p.capture = true;
                p.to = b.to;
            } else if constexpr (std::is_same_v<B, ast::Castle>) {
                p.piece = 'K';
                p.castle = b.side == ast::CastleSide::King ? "king" : "queen";
            } else if constexpr (std::is_same_v<B, ast::Promotion>) {
                if (b.capture_from()) p.from_file = b.capture_from()->to_char();
                p.capture = b.is_capture();
                p.to = b.to();
                p.promotion = piece_letter(ast::kind_of(b.piece()));
            } else if constexpr (std::is_same_v<B, ast::Coordinate>) {
                p.from_file = b.from.file().to_char();
                p.from_rank = b.from.rank().to_char();
                p.to = b.to;
                if (b.promotion) p.promotion = piece_letter(ast::kind_of(*b.promotion));
            } else {
                static_assert(std::is_same_v<B, ast::NullMove>, "every move body is listed");
            }
        },
        m.body);
    return p;
}

// A field of one letter (a piece, a file, a rank), or null.
void opt_char(JsonObject& o, std::string_view name, const std::optional<char>& c) {
    o.opt_str(name, c ? std::optional(std::string_view(&*c, 1)) : std::nullopt);
}

// A warning of a token (docs/vocabulary.md, the warning object): a single token has no place in a
// file and no ply.
void token_warning_json(JsonOut& out, const TokenReport& r, const TokenWarning& w) {
    JsonObject warning(out);
    warning.str("kind", kind_name(w.kind)).str("message", w.message);
    warning.null("line").null("column").null("ply").str("written", r.token);
    warning.opt_str("canonical", w.canonical.empty() ? std::nullopt : std::optional<std::string_view>(w.canonical));
    warning.null("rule");
}

// A token's error (the vocabulary's error object): the rule, why, and the 1-based column in the token
// of a syntax error (null for a move that reads but is illegal).
void token_error_json(JsonObject& o, const TokenReport& r) {
    if (!r.error && (!r.resolved || r.legal)) {
        o.null("error");
        return;
    }
    JsonObject e(o.key("error"));
    e.str("rule", r.rule).str("message", r.message).null("line");
    if (r.error)
        e.num("column", r.column);
    else
        e.null("column");
}

// A token's JSON object (no newline): without a position a `san` object (schemas/san.json: its parts
// as written and its export-format spelling, `canonical`, or the reader's error), with one (`r.resolved`) a `move`
// object (schemas/move.json: the move it is, or the rule it breaks); then its warnings.
std::string token_json(const TokenReport& r, const std::string& fen_before, Color side) {
    std::string line;
    {
        JsonOut out(line);
        JsonObject o(out);
        write_envelope(o, r.resolved || !fen_before.empty() ? "move" : "san", sem::Reading::laws());
        o.str("written", r.token);
        if (!fen_before.empty()) {
            o.str("fen_before", fen_before).str("side", color_name(side));
            o.boolean("legal", r.legal);
            if (r.legal)
                o.str("san", r.san).str("uci", r.uci).str("equation", r.equation);
            else
                o.null("san").null("uci").null("equation");
        } else if (r.error) {
            o.null("canonical").null("piece").null("from_file").null("from_rank").null("capture").null("to");
            o.null("promotion").null("castle").null("claim").null("suffix");
        } else {
            const bool coordinate = boost::variant2::holds_alternative<ast::Coordinate>(r.move.body);
            const std::string export_form = coordinate ? std::string() : std::string(syntax::print_san(r.move).view());
            o.opt_str("canonical", coordinate ? std::nullopt : std::optional<std::string_view>(export_form));
            const Parts p = parts_of(r.move);
            opt_char(o, "piece", p.piece);
            opt_char(o, "from_file", p.from_file);
            opt_char(o, "from_rank", p.from_rank);
            o.boolean("capture", p.capture);
            char to[2];
            if (p.to) write_square(to, *p.to);
            o.opt_str("to", p.to ? std::optional(std::string_view(to, 2)) : std::nullopt);
            opt_char(o, "promotion", p.promotion);
            o.opt_str("castle", p.castle).opt_str("claim", claim_text(r.move.claim));
            o.opt_str("suffix", suffix_text(r.move.suffix));
        }
        token_error_json(o, r);
        {
            JsonArray warnings(o.key("warnings"));
            for (const TokenWarning& w : r.warnings) token_warning_json(warnings.next(), r, w);
        }
        if (!fen_before.empty())
            o.opt_str("fen_after", r.legal ? std::optional<std::string_view>(r.fen_after) : std::nullopt);
    }
    return line;
}

// Text for people: the token, then what it is; warnings on lines of their own.
std::string report_text(const TokenReport& r) {
    std::string out = "move:       ";
    append_text(out, r.token);
    out += '\n';
    if (r.error) {
        out += "error:      " + r.rule + ", column " + std::to_string(r.column) + ": ";
        append_text(out, r.message);
        out += "\n\n";
        return out;
    }
    if (r.resolved) {
        if (r.legal) {
            out += "legal:      yes (" + r.equation + ")\nSAN:        " + r.san + "\nUCI:        " + r.uci + "\n";
        } else {
            out += "legal:      no, " + r.rule + ": ";
            append_text(out, r.message);
            out += '\n';
        }
    } else {
        const Parts p = parts_of(r.move);
        std::string what;
        if (p.castle) {
            what = std::string("castling, ") + p.castle + " side";
        } else {
            what = p.piece ? std::string("piece ") + *p.piece
                           : std::string(p.from_rank ? "a move by its squares" : "pawn");
            if (p.from_file || p.from_rank) {
                what += ", from ";
                if (p.from_file) what += *p.from_file;
                if (p.from_rank) what += *p.from_rank;
            }
            if (p.capture) what += ", capture";
            char name[2];
            write_square(name, *p.to);
            what += ", to ";
            what.append(name, 2);
            if (p.promotion) what += std::string(", promotion ") + *p.promotion;
        }
        if (const char* c = claim_text(r.move.claim)) what += std::string(", claims ") + c;
        if (const char* s = suffix_text(r.move.suffix)) what += std::string(", suffix ") + s;
        out += "reads as:   " + what + "\n";
    }
    for (const TokenWarning& w : r.warnings) {
        out += "warning:    " + std::string(kind_name(w.kind)) + ": ";
        append_text(out, w.message);
        if (!w.canonical.empty()) out += " (" + w.canonical + ")";
        out += '\n';
    }
    out += '\n';
    return out;
}

}  // namespace

std::string san_token_json(std::string_view token, bool strict, bool& ok) {
    const TokenReport r = structure_report(token, strict);
    ok = !r.error;
    return token_json(r, std::string(), Color::White);
}

MoveVerdict judge_move_text(const sem::State& s, std::string_view token) {
    const TokenReport r = resolved_report(s, token, false);
    MoveVerdict v;
    v.legal = !r.error && r.legal;
    if (v.legal) {
        v.san = r.san;
        v.equation = r.equation;
    } else {
        v.rule = r.rule;
        v.message = r.message;
    }
    return v;
}

std::string san_move_json(const Placement& p, std::string_view token, bool strict, bool& ok, sem::CastlingStyle style) {
    const TokenReport r = resolved_report(sem::from_placement(p), token, strict, style);
    ok = !r.error && r.legal;
    return token_json(r, std::string(syntax::print_fen(written_as(p, style)).view()), p.side_to_move);
}

int san_command(const std::string& fen, const std::vector<std::string>& tokens, bool strict,
                std::optional<JsonLayout> json, std::FILE* out, bool chess960, sem::CastlingStyle style) {
    std::optional<Placement> position;
    std::optional<sem::State> s;
    int status = 0;
    if (!fen.empty()) {
        position = position_option(fen, status, chess960);
        if (!position) return status;
        s = sem::from_placement(*position);
    }
    const std::string fen_before =
        position ? std::string(syntax::print_fen(written_as(*position, style)).view()) : std::string();
    std::optional<JsonDocument> doc;
    if (json) doc.emplace(out, *json);
    for (const std::string& token : tokens) {
        const TokenReport r = s ? resolved_report(*s, token, strict, style) : structure_report(token, strict);
        if (r.error || (r.resolved && !r.legal)) status = 1;
        if (doc) {
            doc->add(token_json(r, fen_before, position ? position->side_to_move : Color::White));
            if (!doc->ok()) return 2;
        } else if (!write_bytes(out, report_text(r))) {
            return 2;
        }
    }
    if (doc && !doc->finish()) return 2;
    return status;
}

}  // namespace pgnsem::interp
