#include "app/position_report.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>

#include "app/moves_report.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/interpret.hpp"
#include "io/contract.hpp"
#include "io/input.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "laws/dead_position.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "syntax/fen.hpp"

namespace pgnsem::interp {

PositionStatus position_status(const sem::State& s) noexcept {
    const sem::Engine& e = sem::fast_engine();
    PositionStatus st;
    st.check = e.in_check(s, sem::to_move(s));
    const bool stuck = !e.has_legal_move(s);
    st.checkmate = stuck && st.check;
    st.stalemate = stuck && !st.check;
    return st;
}

void append_status_text(std::string& out, const PositionStatus& status) {
    const auto line = [&out](const char* name, bool yes) {
        out += name;
        out += yes ? "yes\n" : "no\n";
    };
    line("check:      ", status.check);
    line("checkmate:  ", status.checkmate);
    line("stalemate:  ", status.stalemate);
}

void status_json(JsonObject& o, const std::optional<PositionStatus>& status) {
    if (status)
        o.boolean("check", status->check)
            .boolean("checkmate", status->checkmate)
            .boolean("stalemate", status->stalemate);
    else
        o.null("check").null("checkmate").null("stalemate");
}

void legality_json(JsonObject& o, const sem::Problems& problems, const sem::State& s) {
    o.boolean("legal", problems.empty());
    JsonArray list(o.key("problems"));
    for (const sem::Problem& pr : problems)
        JsonObject(list.next())
            .str("rule", sem::rule_id(pr.rule))
            .str("message", explain_problem(pr.rule, pr.detail, s))
            .null("line")
            .null("column");
}

PositionReport describe_position(const Placement& p, const sem::State& s, std::string_view fen,
                                 std::string_view written, std::uint32_t dead_budget, const syntax::FenRecord* record) {
    PositionReport r;
    const sem::Problems problems = sem::validate(p);
    r.valid = problems.empty();
    auto pieces_of = [&](Color c) {
        std::string list;
        for (PieceKind k : {PieceKind::King, PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight,
                            PieceKind::Pawn})
            for (int i = 0; i < 64; ++i) {
                const auto& q = p.squares[static_cast<std::size_t>(i)];
                if (!q || q->color != c || q->kind != k) continue;
                if (!list.empty()) list += ' ';
                if (k != PieceKind::Pawn) list += piece_letter(k);
                char name[2];
                write_square(name, Square::unchecked(i));
                list.append(name, 2);
            }
        return list;
    };
    std::string castling;
    if (p.chess960) {
        // the third field of the FEN written
        std::string_view rest = fen;
        for (int field = 0; field < 2 && rest.find(' ') != std::string_view::npos; ++field)
            rest.remove_prefix(rest.find(' ') + 1);
        castling = rest.substr(0, rest.find(' '));
        if (castling == "-") castling.clear();
    } else {
        if (p.white_king_side) castling += 'K';
        if (p.white_queen_side) castling += 'Q';
        if (p.black_king_side) castling += 'k';
        if (p.black_queen_side) castling += 'q';
    }
    std::string ep = "-";
    if (p.en_passant) {
        ep.assign(2, ' ');
        write_square(ep.data(), *p.en_passant);
    }
    // text
    r.text += "FEN:        " + text_for_people(fen) + "\n";
    r.text += "white:      " + pieces_of(Color::White) + "\n";
    r.text += "black:      " + pieces_of(Color::Black) + "\n";
    r.text += std::string("to move:    ") + color_name(p.side_to_move) + "\n";
    r.text += "castling:   " + (castling.empty() ? std::string("-") : castling) + "\n";
    if (p.chess960) r.text += "rules:      Chess960 (castling rights by the rooks they name)\n";
    r.text += "en passant: " + ep + "\n";
    r.text += "clocks:     halfmove " + std::to_string(p.halfmove_clock) + ", fullmove " +
              std::to_string(p.fullmove_number) + "\n";
    if (problems.empty()) {
        r.text += "valid:      yes\n";
    } else {
        r.text += "valid:      no\n";
        for (const sem::Problem& pr : problems)
            r.text += "  " + std::string(sem::rule_id(pr.rule)) + ": " + explain_problem(pr.rule, pr.detail, s) + "\n";
    }
    // The side to move in check, checkmated, stalemated: asked of a valid position only (the move
    // generator needs one king a side and the side not to move out of check).
    const std::optional<PositionStatus> status = problems.empty() ? std::optional(position_status(s)) : std::nullopt;
    if (status) append_status_text(r.text, *status);
    // Law 5.2.2: whether each side can checkmate by some series of legal moves, asked only of a
    // valid position (the analyser's moves are the Laws' legal moves, which need one king a side
    // and no king left in check). The analyser's scratch is kept from record to record.
    sem::laws::MateAbility mate;
    if (problems.empty() && dead_budget != 0) {
        static thread_local sem::laws::DeadPositionAnalyser analyser;
        mate = analyser.analyse(s, sem::laws::Budget{dead_budget});
    }
    // Dead when neither side can mate, not dead when one can, else undecided.
    const bool any_yes = mate.white == sem::laws::Verdict::Yes || mate.black == sem::laws::Verdict::Yes;
    const std::optional<bool> dead = mate.dead() ? std::optional(true) : any_yes ? std::optional(false) : std::nullopt;
    const auto verdict_text = [](sem::laws::Verdict v) {
        return v == sem::laws::Verdict::Yes ? "yes" : v == sem::laws::Verdict::No ? "no" : "undecided";
    };
    if (problems.empty() && dead_budget != 0) {
        r.text += std::string("can mate:   White ") + verdict_text(mate.white) + ", Black " + verdict_text(mate.black) +
                  " (by some series of legal moves)\n";
        r.text += std::string("dead:       ") +
                  (!dead   ? "undecided within the analysis' budget (counts as not dead)"
                   : *dead ? "yes, neither side can checkmate (Law 5.2.2)"
                           : "no") +
                  "\n";
    }
    r.text += syntax::board_diagram(p);
    // json (the object is complete when the writer ends): schemas/position.json
    {
        JsonOut out(r.json);
        JsonObject o(out);
        write_envelope(o, "position", sem::Reading::laws());
        o.str("written", written).str("fen", fen).str("side", color_name(p.side_to_move));
        o.str("castling", castling.empty() ? std::string_view("-") : std::string_view(castling));
        o.boolean("chess960", p.chess960);
        if (p.en_passant)
            o.str("en_passant", ep);
        else
            o.null("en_passant");
        o.num("halfmove_clock", p.halfmove_clock).num("fullmove_number", p.fullmove_number);
        JsonObject(o.key("pieces")).str("white", pieces_of(Color::White)).str("black", pieces_of(Color::Black));
        legality_json(o, problems, s);
        status_json(o, status);
        // "dead" and "can_mate": true, false, or null when undecided (or the position is not valid)
        const auto can = [](sem::laws::Verdict v) {
            return v == sem::laws::Verdict::Yes  ? std::optional(true)
                   : v == sem::laws::Verdict::No ? std::optional(false)
                                                 : std::nullopt;
        };
        o.opt_bool("dead", dead);
        JsonObject(o.key("can_mate")).opt_bool("white", can(mate.white)).opt_bool("black", can(mate.black));
        // the fields of a FEN record beside the position's
        if (record) {
            JsonObject fields(o.key("record"));
            fields.opt_str("event", record->event);
            if (record->white || record->black)
                JsonObject(fields.key("players")).opt_str("white", record->white).opt_str("black", record->black);
            else
                fields.null("players");
            fields.opt_str("comment", record->comment);
        } else {
            o.null("record");
        }
        o.null("error");
    }
    return r;
}

bool FenRecordReader::line(std::string& text, bool& too_long) {
    text.clear();
    too_long = false;
    int c = std::getc(in_);
    if (c == EOF) {
        if (std::ferror(in_)) error_ = errno != 0 ? errno : EIO;
        return false;
    }
    ++line_number_;
    for (; c != EOF && c != '\n' && c != '\r'; c = std::getc(in_)) {
        if (text.size() < kMaxFenRecordBytes)
            text.push_back(static_cast<char>(c));
        else
            too_long = true;  // the rest of the line is read and dropped
    }
    if (c == '\r') {
        c = std::getc(in_);
        if (c != '\n' && c != EOF) std::ungetc(c, in_);
    }
    if (c == EOF && std::ferror(in_)) error_ = errno != 0 ? errno : EIO;
    return true;
}

namespace {

bool blank(std::string_view s) {
    return s.find_first_not_of(" \t") == std::string_view::npos;
}
char first_char(std::string_view s) {
    const auto at = s.find_first_not_of(" \t");
    return at == std::string_view::npos ? '\0' : s[at];
}

}  // namespace

bool FenRecordReader::next(FenInputRecord& record) {
    record.text.clear();
    record.too_long = false;
    record.line = 0;
    bool has_fen = false, has_comment = false, in_comment = false;
    std::string text;
    bool long_line = false;
    std::uint32_t at = 0;
    const auto add = [&](const std::string& l, bool long_one) {
        if (record.line == 0) record.line = at;
        if (!record.text.empty() && record.text.size() < kMaxFenRecordBytes) record.text.push_back('\n');
        record.too_long = record.too_long || long_one || record.text.size() + l.size() > kMaxFenRecordBytes;
        // a record too long keeps its beginning, for the error object
        record.text.append(l, 0, kMaxFenRecordBytes - std::min(kMaxFenRecordBytes, record.text.size()));
    };
    for (;;) {
        if (has_pending_) {
            has_pending_ = false;
            text.swap(pending_);
            long_line = pending_too_long_;
            at = pending_line_;
        } else {
            if (error_ != 0 || !line(text, long_line)) break;
            at = line_number_;
        }
        if (in_comment) {
            add(text, long_line);
            if (text.find('}') != std::string::npos) return true;
            continue;
        }
        if (blank(text)) {
            if (has_fen) return true;
            continue;
        }
        const char c = first_char(text);
        const bool starts_next = has_fen && (c != '{' || has_comment);
        if (starts_next) {
            pending_.swap(text);
            pending_too_long_ = long_line;
            pending_line_ = at;
            has_pending_ = true;
            return true;
        }
        add(text, long_line);
        if (c == '[') continue;
        // the FEN line (which may carry the comment), or the comment after it
        const auto open = text.find('{');
        if (c != '{') has_fen = true;
        if (open != std::string::npos) {
            has_comment = true;
            if (text.find('}', open) == std::string::npos)
                in_comment = true;
            else
                return true;
        }
    }
    return record.line != 0;
}

namespace {

// The report of one record: the JSON object or the text block, and whether it is a valid position.
struct RecordOutcome {
    std::string out;
    int status = 0;  // 0 valid, 1 not
};

// An error object (JSON) or block (text) in the place of a record that does not parse.
RecordOutcome error_outcome(std::string_view shown, std::string_view field, std::uint32_t line, std::uint32_t column,
                            std::string_view message, bool json) {
    RecordOutcome r;
    r.status = 1;
    if (json) {
        {
            JsonOut out(r.out);
            JsonObject o(out);
            write_envelope(o, "position", sem::Reading::laws());
            o.str("written", shown).null("fen").null("side").null("castling").null("chess960").null("en_passant");
            o.null("halfmove_clock").null("fullmove_number").null("pieces").boolean("legal", false);
            JsonArray(o.key("problems"));
            o.null("check").null("checkmate").null("stalemate").null("dead").null("can_mate").null("record");
            JsonObject(o.key("error"))
                .str("rule", "syntax/fen")
                .str("message", message)
                .num("line", line)
                .num("column", column)
                .str("field", field);
        }
    } else {
        r.out += "FEN:        ";
        append_text(r.out, shown);
        r.out += "\nerror:      line " + std::to_string(line) + ", column " + std::to_string(column) + " (" +
                 std::string(field) + " field): ";
        append_text(r.out, message);
        r.out += "\n\n";
    }
    return r;
}

RecordOutcome report_record(const FenInputRecord& rec, bool json, std::uint32_t dead_budget, FenOptions options) {
    if (rec.too_long)
        return error_outcome(
            std::string_view(rec.text).substr(0, 80), "record", rec.line, 1,
            "the record is longer than " + std::to_string(kMaxFenRecordBytes) + " bytes; no FEN record is that long",
            json);
    const std::string_view text = rec.text;
    const auto lead = text.find_first_not_of(" \t");
    if (lead == std::string_view::npos) return error_outcome("", "fields", rec.line, 1, "the record is empty", json);
    const auto last = text.find_last_not_of(" \t");
    const std::string_view trimmed = text.substr(lead, last - lead + 1);
    // where a 0-based offset into the record's text stands in the input
    const auto place = [&](std::size_t offset) {
        std::uint32_t line = rec.line;
        std::size_t line_start = 0;
        for (std::size_t i = 0; i < offset && i < text.size(); ++i)
            if (text[i] == '\n') {
                ++line;
                line_start = i + 1;
            }
        return std::pair{line, static_cast<std::uint32_t>(offset - line_start + 1)};
    };
    Placement placement;
    std::string fen_text, header;
    // the record's fields (event, white, black, comment), none for a bare FEN
    std::optional<syntax::FenRecord> record;
    const char c = trimmed.front();
    if (c == '[' || c == '{' || trimmed.find('{') != std::string_view::npos) {
        auto parsed = syntax::parse_fen_record(text, true);
        if (auto* e = boost::variant2::get_if<syntax::FenError>(&parsed)) {
            const auto [line, column] = place(e->column);
            return error_outcome(trimmed, e->field, line, column, e->message, json);
        }
        const syntax::FenRecord& r = record.emplace(boost::variant2::get<syntax::FenRecord>(parsed));
        placement = r.placement;
        placement.chess960 = options.chess960 || placement.castling_files[0] != 0 || placement.castling_files[1] != 0;
        fen_text = std::string(syntax::print_fen(placement).view());
        const auto field = [&](const char* name, const std::optional<std::string>& value) {
            if (!value) return;
            header += name;
            append_text(header, *value);
            header += '\n';
        };
        field("event:      ", r.event);
        field("white name: ", r.white);
        field("black name: ", r.black);
        field("comment:    ", r.comment);
    } else {
        // a FEN, or four-field EPD (syntax/fen-decisions.md, case 111), shown with its six fields; or
        // chess960:N
        PositionRead read = read_position(trimmed, options.chess960);
        if (!read.placement) {
            const auto [line, column] = place(lead + read.column);
            return error_outcome(trimmed, read.field, line, column, read.message, json);
        }
        placement = std::move(*read.placement);
        const bool six_fields = boost::variant2::holds_alternative<Placement>(syntax::parse_fen(trimmed));
        fen_text = six_fields ? std::string(trimmed) : std::string(syntax::print_fen(placement).view());
    }
    // a Chess960 position written in the style asked for, from σ (X-FEN's letters where its KQkq are
    // ambiguous)
    const sem::State s = sem::from_placement(placement);
    if (placement.chess960) fen_text = fen_of(s, options.style);
    const PositionReport report =
        describe_position(placement, s, fen_text, trimmed, dead_budget, record ? &*record : nullptr);
    RecordOutcome r;
    r.status = report.valid ? 0 : 1;
    if (json) {
        r.out = report.json;
    } else {
        r.out = header + report.text + "\n";
    }
    return r;
}

}  // namespace

std::string position_object(std::string_view record, std::uint32_t dead_budget, bool& valid, FenOptions options) {
    FenInputRecord rec;
    rec.text = std::string(record.substr(0, kMaxFenRecordBytes + 1));
    rec.line = 1;
    rec.too_long = record.size() > kMaxFenRecordBytes;
    RecordOutcome r = report_record(rec, true, dead_budget, options);
    valid = r.status == 0;
    return std::move(r.out);
}

int fen_command(const std::string& arg, std::optional<JsonLayout> layout, std::FILE* out, std::uint32_t dead_budget,
                FenOptions options) {
    const bool json = layout.has_value();
    std::optional<JsonDocument> doc;
    if (layout) doc.emplace(out, *layout);
    // one record's block of text or object
    const auto emit = [&](const RecordOutcome& r) {
        return doc ? (doc->add(r.out), doc->ok()) : write_bytes(out, r.out);
    };
    const std::string shown = text_for_people(arg);
    std::FILE* in = nullptr;
    // a file, plain or compressed (io/input.hpp)
    std::unique_ptr<Input> input;
    std::string error;
    if (arg == "-") {
        input = Input::open(arg, false, error);
        if (!input) {
            std::fprintf(stderr, "pgnsem: %s\n", error.c_str());
            return 2;
        }
        in = input->text();
    } else {
        struct stat st {};
        if (::stat(arg.c_str(), &st) == 0) {
            if (S_ISDIR(st.st_mode)) {
                std::fprintf(stderr, "pgnsem: cannot read %s: %s\n", shown.c_str(), std::strerror(EISDIR));
                return 2;
            }
            input = Input::open(arg, false, error);
            if (!input) {
                std::fprintf(stderr, "pgnsem: %s\n", error.c_str());
                return 2;
            }
            in = input->text();
        } else if (errno != ENOENT && errno != ENOTDIR && errno != ENAMETOOLONG) {
            std::fprintf(stderr, "pgnsem: cannot open %s: %s\n", shown.c_str(), std::strerror(errno));
            return 2;
        } else if (bool bad = false; arg.find(' ') == std::string::npos && !chess960_start(arg, bad) && !bad) {
            // every FEN has spaces between its fields: this is the name of a file that is not there
            std::fprintf(stderr,
                         "pgnsem: cannot open %s: %s (and it is not a FEN: a FEN has six fields, EPD four, separated "
                         "by spaces)\n",
                         shown.c_str(), std::strerror(ENOENT));
            return 2;
        }
    }
    const std::string name = arg == "-" ? "standard input" : shown;
    if (!in) {
        // the argument is the one record
        FenInputRecord rec;
        rec.text = arg;
        rec.line = 1;
        rec.too_long = arg.size() > kMaxFenRecordBytes;
        const RecordOutcome r = report_record(rec, json, dead_budget, options);
        return emit(r) && (!doc || doc->finish()) ? r.status : 2;
    }
    FenRecordReader reader(in);
    FenInputRecord rec;
    int status = 0;
    bool any = false;
    while (reader.next(rec)) {
        any = true;
        const RecordOutcome r = report_record(rec, json, dead_budget, options);
        status = std::max(status, r.status);
        if (!emit(r)) {
            status = 2;  // finish_output says why
            break;
        }
    }
    // the decompressor's message names the file and says more than the reader's EIO
    if (const std::string why = input->error(); !why.empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", why.c_str());
        return 2;
    }
    if (reader.read_error() != 0) {
        std::fprintf(stderr, "pgnsem: cannot read %s: %s\n", name.c_str(), std::strerror(reader.read_error()));
        return 2;
    }
    if (!any) {
        std::fprintf(stderr, "pgnsem: no FEN in %s: it is empty or blank\n", name.c_str());
        return 2;
    }
    if (doc && !doc->finish()) return 2;
    return status;
}

}  // namespace pgnsem::interp
