// `pgnsem serve` (app/serve.hpp).
//
// Decisions (README, "pgnsem serve"):
// - A request is one line of JSON: an object with `op`, an optional `id` (any JSON value, given back
//   as the same value) and the operation's fields; a field the operation does not take is refused, so that
//   a misspelt one is never silently ignored. A blank line is no request and gets no response.
// - The answer of an operation is the object the one-shot command writes (`result`), byte for byte
//   what `pgnsem moves --fen F --format jsonl` and the others write for the same question.
// - `ok` is false when the request was not answered (and for `play`, when the move is not legal:
//   there is no position to play on to); its `error` is the vocabulary's error object, `line` the
//   request's line of the input. `san` answers an illegal or unreadable token with `ok` true: the
//   reading of the token is its answer, with its error inside.
// - A request of more than ServeLimits::request_bytes is read to its end and dropped, unread, with
//   an error: memory never grows with a line.
// - Responses are written as they are made and flushed whenever no whole request waits in the input,
//   so a client that sends one request and waits gets its answer, and a batch is written in blocks.
#include "app/serve.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/explain_report.hpp"
#include "app/moves_report.hpp"
#include "app/perft_report.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/reading.hpp"
#include "io/contract.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "semantics/engine.hpp"
#include "semantics/engines.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"

namespace pgnsem::interp {
namespace {

using nlohmann::json;

// The lines of a file descriptor, each at most `limit` bytes kept: a longer one is read to its end
// and reported too large, with nothing kept.
class RequestReader {
public:
    RequestReader(int fd, std::uint64_t limit) : fd_(fd), limit_(limit), buffer_(std::size_t{1} << 16) {}

    // The next line, without its line end (LF or CRLF); false at the end of the input or on a read
    // error (error()).
    bool next(std::string& line, bool& too_large) {
        line.clear();
        too_large = false;
        std::uint64_t length = 0;
        for (;;) {
            if (pos_ == end_ && !fill()) {
                if (length == 0) return false;
                break;  // a last line without a line end
            }
            const char* start = buffer_.data() + pos_;
            const auto* nl = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
            const std::size_t chunk = nl != nullptr ? static_cast<std::size_t>(nl - start) : end_ - pos_;
            length += chunk;
            if (!too_large && length > limit_ + 1) {  // (+1: room for a CR before the LF)
                too_large = true;
                std::string().swap(line);
            }
            if (!too_large) line.append(start, chunk);
            pos_ += chunk;
            if (nl != nullptr) {
                ++pos_;
                break;
            }
        }
        ++line_number_;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!too_large && line.size() > limit_) {
            too_large = true;
            std::string().swap(line);
        }
        return true;
    }
    // A whole line waits in the buffer: the next call returns without reading.
    [[nodiscard]] bool line_waiting() const noexcept {
        return std::memchr(buffer_.data() + pos_, '\n', end_ - pos_) != nullptr;
    }
    [[nodiscard]] std::uint32_t line_number() const noexcept { return line_number_; }
    [[nodiscard]] int error() const noexcept { return error_; }

private:
    bool fill() {
        pos_ = end_ = 0;
        for (;;) {
            const ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
            if (n > 0) {
                end_ = static_cast<std::size_t>(n);
                return true;
            }
            if (n == 0) return false;
            if (errno == EINTR) continue;
            error_ = errno;
            return false;
        }
    }

    int fd_;
    std::uint64_t limit_;
    std::vector<char> buffer_;
    std::size_t pos_ = 0, end_ = 0;
    std::uint32_t line_number_ = 0;
    int error_ = 0;
};

// Why a request was not answered: the error object's rule and message (and the FEN's field).
struct Refusal {
    std::string rule;
    std::string message;
    std::string field;  // a FEN's field, for syntax/fen
    std::optional<std::uint64_t> column;
};

// One operation's answer: the one-shot command's object, or why there is none (or both: an
// illegal move played, a ply explain cannot find).
struct Answer {
    std::string result;  // empty: null
    std::optional<Refusal> refused;
};

// How deep a line nests arrays and objects (brackets in strings aside): a request nests at most
// kMaxNesting deep, so that no value of it is copied or written by a recursion deeper than that.
constexpr std::size_t kMaxNesting = 64;
std::size_t nesting(std::string_view s) noexcept {
    std::size_t depth = 0, deepest = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

// The common request read without the general parser: one JSON object whose values are strings
// of printable ASCII without escapes, whole numbers below 10^18, true, false or null, each key once.
// Anything else (nested values, escapes, other bytes, a duplicate key, an error) is left to
// json::parse: false, and `out` untouched. What is read is what json::parse reads from the same line
// (cli:serve sends both kinds).
bool read_flat(std::string_view s, json& out) {
    std::size_t i = 0;
    const auto space = [&] {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
    };
    // a string of printable ASCII without escapes, after its opening quote
    const auto plain_string = [&](std::string_view& text) {
        const std::size_t start = i;
        while (i < s.size() && s[i] != '"') {
            const auto c = static_cast<unsigned char>(s[i]);
            if (c < 0x20 || c > 0x7E || c == '\\') return false;
            ++i;
        }
        if (i == s.size()) return false;
        text = s.substr(start, i - start);
        ++i;
        return true;
    };
    json o = json::object();
    space();
    if (i == s.size() || s[i] != '{') return false;
    ++i;
    space();
    if (i < s.size() && s[i] == '}') {
        ++i;
    } else {
        for (;;) {
            std::string_view key;
            if (i == s.size() || s[i] != '"') return false;
            ++i;
            if (!plain_string(key)) return false;
            space();
            if (i == s.size() || s[i] != ':') return false;
            ++i;
            space();
            if (i == s.size()) return false;
            json value;
            if (s[i] == '"') {
                ++i;
                std::string_view text;
                if (!plain_string(text)) return false;
                value = std::string(text);
            } else if (s[i] >= '0' && s[i] <= '9') {
                const std::size_t start = i;
                std::uint64_t n = 0;
                while (i < s.size() && s[i] >= '0' && s[i] <= '9') n = n * 10 + static_cast<unsigned>(s[i++] - '0');
                // no leading zero, no fraction or exponent, below 10^18
                if ((s[start] == '0' && i - start > 1) || i - start > 18 ||
                    (i < s.size() && (s[i] == '.' || s[i] == 'e' || s[i] == 'E')))
                    return false;
                value = n;
            } else if (s.substr(i, 4) == "true") {
                value = true;
                i += 4;
            } else if (s.substr(i, 5) == "false") {
                value = false;
                i += 5;
            } else if (s.substr(i, 4) == "null") {
                i += 4;
            } else {
                return false;
            }
            if (o.contains(key)) return false;
            o[std::string(key)] = std::move(value);
            space();
            if (i == s.size()) return false;
            if (s[i] == '}') {
                ++i;
                break;
            }
            if (s[i] != ',') return false;
            ++i;
            space();
        }
    }
    space();
    if (i != s.size()) return false;
    out = std::move(o);
    return true;
}

constexpr std::string_view kOperations[] = {"version", "moves", "play", "san", "fen", "perft", "check", "explain"};

// The fields each operation takes, beside `id`, `op` and `reading`.
std::vector<std::string_view> fields_of(std::string_view op) {
    if (op == "moves") return {"fen", "chess960", "shredder"};
    if (op == "play") return {"fen", "move", "chess960", "shredder"};
    if (op == "san") return {"fen", "move", "strict", "chess960", "shredder"};
    if (op == "fen") return {"fen", "dead_budget", "chess960", "shredder"};
    if (op == "perft") return {"fen", "depth", "divide", "chess960", "shredder"};
    if (op == "check") return {"pgn", "strict"};
    if (op == "explain") return {"pgn", "ply"};
    return {};
}

std::string list_text(const std::vector<std::string_view>& names) {
    std::string s;
    for (std::string_view n : names) s.append(s.empty() ? "" : ", ").append(n);
    return s.empty() ? "none" : s;
}

Refusal field_error(std::string message) {
    return Refusal{"request/field", std::move(message), {}, {}};
}

class Server {
public:
    explicit Server(const ServeLimits& limits) : limits_(limits) {}

    // The response to one request line (no newline).
    std::string respond(std::string_view line, std::uint32_t line_number) {
        json request;
        json id;  // null unless the request has one
        std::string_view op;
        sem::Reading reading = sem::Reading::laws();
        Answer a;
        bool parsed = true;
        try {
            if (const std::size_t depth = nesting(line); depth > kMaxNesting)
                a.refused = Refusal{"request/json",
                                    "the line nests arrays and objects " + std::to_string(depth) +
                                        " deep: a request nests at most " + std::to_string(kMaxNesting),
                                    {},
                                    {}};
            else if (!read_flat(line, request))
                request = json::parse(line);
        } catch (const json::parse_error& e) {
            // e.byte: the 1-based byte where the text stops being JSON
            a.refused = Refusal{"request/json", std::string("the line is not JSON: ") + e.what(), {}, e.byte};
            parsed = false;
        } catch (const json::exception& e) {
            // JSON that cannot be held: a number past a double's range
            a.refused = Refusal{"request/json", std::string("the line cannot be read: ") + e.what(), {}, {}};
            parsed = false;
        }
        if (a.refused) {
            // refused before parsing
        } else if (parsed && !request.is_object()) {
            a.refused = Refusal{"request/json", "a request is a JSON object ({\"op\": …})", {}, {}};
        } else if (parsed) {
            if (const auto it = request.find("id"); it != request.end()) id = *it;
            a = answer(request, op, reading);
        }
        return response(id, op, reading, a, line_number);
    }

    std::string too_large(std::uint32_t line_number) {
        Answer a;
        a.refused = Refusal{"request/too-large",
                            "the request is longer than " + std::to_string(limits_.request_bytes) +
                                " bytes (the server's limit); it was read to its end and dropped",
                            {},
                            {}};
        return response(json(), {}, sem::Reading::laws(), a, line_number);
    }

private:
    const ServeLimits& limits_;
    std::unique_ptr<sem::Engine> laws_reference_;  // explain's engine under the Laws, made once
    std::string laws_verdict_envelope_ = envelope_members("verdict", sem::Reading::laws());

    std::string response(const json& id, std::string_view op, sem::Reading reading, const Answer& a,
                         std::uint32_t line_number) {
        std::string out;
        out.reserve(a.result.size() + 512);
        {
            JsonOut j(out);
            JsonObject o(j);
            write_envelope(o, "response", reading);
            o.key("id").raw(id.dump(-1, ' ', false, json::error_handler_t::replace));
            o.opt_str("op", op.empty() ? std::nullopt : std::optional<std::string_view>(op));
            o.boolean("ok", !a.refused);
            if (a.result.empty())
                o.null("result");
            else
                o.key("result").raw(a.result);
            if (!a.refused) {
                o.null("error");
            } else {
                JsonObject e(o.key("error"));
                e.str("rule", a.refused->rule).str("message", a.refused->message).num("line", line_number);
                if (a.refused->column)
                    e.num("column", *a.refused->column);
                else
                    e.null("column");
                if (!a.refused->field.empty()) e.str("field", a.refused->field);
            }
        }
        return out;
    }

    // The operation's answer; `op` and `reading` are set as soon as they are known.
    Answer answer(const json& request, std::string_view& op, sem::Reading& reading) {
        Answer a;
        const auto op_it = request.find("op");
        if (op_it == request.end() || !op_it->is_string()) {
            a.refused = Refusal{"request/op",
                                "a request names its operation: \"op\" is one of version, moves, play, san, fen, "
                                "perft, check, explain",
                                {},
                                {}};
            return a;
        }
        const std::string& name = op_it->get_ref<const std::string&>();
        for (std::string_view known : kOperations)
            if (known == name) op = known;
        if (op.empty()) {
            a.refused = Refusal{
                "request/op",
                "no operation is called \"" + name + "\": version, moves, play, san, fen, perft, check, explain",
                {},
                {}};
            return a;
        }
        const std::vector<std::string_view> fields = fields_of(op);
        for (const auto& [key, value] : request.items()) {
            if (key == "id" || key == "op" || key == "reading") continue;
            bool known = false;
            for (std::string_view f : fields) known = known || f == key;
            if (!known) {
                a.refused = field_error("\"" + std::string(op) + "\" takes no field \"" + key +
                                        "\" (it takes: " + list_text(fields) + ", beside id, op and reading)");
                return a;
            }
        }
        // the reading, and the engine that answers under it
        EngineChoice chosen;
        if (const auto it = request.find("reading"); it != request.end()) {
            std::string why;
            const std::optional<ReadingRequest> r = reading_request(*it, why);
            if (!r) {
                a.refused = Refusal{"request/reading", why, {}, {}};
                return a;
            }
            auto choice = choose_engine(*r);
            if (auto* e = std::get_if<std::string>(&choice)) {
                a.refused = Refusal{"request/reading", *e, {}, {}};
                return a;
            }
            chosen = std::move(std::get<EngineChoice>(choice));
            if (chosen.engine != nullptr) reading = chosen.engine->reading();
            if (!reading.is_laws() && op != "check" && op != "explain") {
                a.refused = Refusal{"request/reading",
                                    "\"" + std::string(op) +
                                        "\" answers under the Laws' reading only; a reading is taken by check and "
                                        "explain",
                                    {},
                                    {}};
                return a;
            }
        }
        if (op == "version") return version();
        if (op == "check" || op == "explain") return game(request, op, chosen, reading);
        return position_question(request, op);
    }

    // A `reading` object: {"semantics": "laws"|"paper", "errata": {SLUG: "paper"|"laws"}, "engine":
    // "reference"|"fast"}, each optional.
    static std::optional<ReadingRequest> reading_request(const json& r, std::string& why) {
        if (!r.is_object()) {
            why =
                "\"reading\" is an object: {\"semantics\": \"laws\" or \"paper\", \"errata\": {SLUG: \"paper\" or "
                "\"laws\"}, \"engine\": \"reference\" or \"fast\"}";
            return std::nullopt;
        }
        ReadingRequest out;
        for (const auto& [key, value] : r.items()) {
            if (key == "semantics" && value.is_string() && (value == "laws" || value == "paper")) {
                out.semantics = value.get<std::string>();
            } else if (key == "engine" && value.is_string() && (value == "reference" || value == "fast")) {
                out.engine = value.get<std::string>();
            } else if (key == "errata" && value.is_object()) {
                for (const auto& [slug, form] : value.items()) {
                    if (!form.is_string()) {
                        why = "\"reading\".\"errata\".\"" + slug + "\" is \"paper\" or \"laws\"";
                        return std::nullopt;
                    }
                    out.errata.push_back(slug + "=" + form.get<std::string>());
                }
            } else {
                why =
                    "\"reading\" takes \"semantics\" (\"laws\" or \"paper\"), \"errata\" (an object, SLUG: "
                    "\"paper\" or \"laws\") and \"engine\" (\"reference\" or \"fast\"), not \"" +
                    key + "\" as given";
                return std::nullopt;
            }
        }
        return out;
    }

    // A field of the request: absent (nullopt), or its value when it has the type; a refusal otherwise.
    template <class T>
    static bool get(const json& request, const char* name, std::optional<T>& out, Answer& a) {
        const auto it = request.find(name);
        if (it == request.end()) return true;
        if constexpr (std::is_same_v<T, std::string>) {
            if (it->is_string()) {
                out = it->get<std::string>();
                return true;
            }
            a.refused = field_error(std::string("\"") + name + "\" is a string");
        } else if constexpr (std::is_same_v<T, bool>) {
            if (it->is_boolean()) {
                out = it->get<bool>();
                return true;
            }
            a.refused = field_error(std::string("\"") + name + "\" is true or false");
        } else {
            if (it->is_number_unsigned() && it->get<std::uint64_t>() <= UINT32_MAX) {
                out = static_cast<T>(it->get<std::uint64_t>());
                return true;
            }
            a.refused = field_error(std::string("\"") + name + "\" is a whole number from 0 to 4294967295");
        }
        return false;
    }

    Answer version() const {
        Answer a;
        {
            JsonOut j(a.result);
            JsonObject o(j);
            write_envelope(o, "server", sem::Reading::laws());
            {
                JsonArray ops(o.key("operations"));
                for (std::string_view op : kOperations) ops.next().string(op);
            }
            JsonObject(o.key("limits"))
                .num("request_bytes", limits_.request_bytes)
                .num("perft_depth", static_cast<std::uint64_t>(limits_.perft_depth))
                .num("perft_nodes", limits_.perft_nodes)
                .num("dead_budget", limits_.dead_budget);
        }
        return a;
    }

    // moves, play, san, fen, perft: questions about one position.
    Answer position_question(const json& request, std::string_view op) {
        Answer a;
        std::optional<std::string> fen, move;
        std::optional<bool> strict, divide, chess960, shredder;
        std::optional<std::uint32_t> depth, dead_budget;
        if (!get(request, "fen", fen, a) || !get(request, "move", move, a) || !get(request, "strict", strict, a) ||
            !get(request, "divide", divide, a) || !get(request, "depth", depth, a) ||
            !get(request, "dead_budget", dead_budget, a) || !get(request, "chess960", chess960, a) ||
            !get(request, "shredder", shredder, a))
            return a;
        // Chess960 (proofs-notes/chess960.md): asked for, or implied by `chess960:N` or a file letter in
        // the FEN's castling field; `shredder` writes its castling rights as Shredder-FEN
        const sem::CastlingStyle style =
            shredder.value_or(false) ? sem::CastlingStyle::Shredder : sem::CastlingStyle::XFen;
        if (op == "fen") {
            if (!fen) {
                a.refused = field_error("\"fen\" takes a \"fen\": a FEN, four-field EPD or FEN record");
                return a;
            }
            const std::uint32_t budget = dead_budget.value_or(kFenDeadBudget);
            if (budget > limits_.dead_budget) {
                a.refused = Refusal{"limit/dead-budget",
                                    "\"dead_budget\" " + std::to_string(budget) + " is over the server's limit, " +
                                        std::to_string(limits_.dead_budget),
                                    {},
                                    {}};
                return a;
            }
            bool valid = false;
            a.result = position_object(*fen, budget, valid, FenOptions{chess960.value_or(false), style});
            // a record that does not parse is answered by its error, as `pgnsem fen` writes it
            const json o = json::parse(a.result);
            if (!o.at("error").is_null())
                a.refused = Refusal{
                    "syntax/fen", o["error"]["message"].get<std::string>(), o["error"]["field"].get<std::string>(), {}};
            return a;
        }
        if ((op == "play" || op == "san") && !move) {
            a.refused = field_error("\"" + std::string(op) + "\" takes a \"move\" (SAN or UCI)");
            return a;
        }
        if (op == "san" && !fen) {
            bool read = false;
            a.result = san_token_json(*move, strict.value_or(false), read);
            return a;
        }
        Placement p = sem::to_placement(sem::initial_state());
        p.chess960 = chess960.value_or(false);
        if (fen) {
            PositionRead read = read_position(*fen, chess960.value_or(false));
            if (!read.placement) {
                std::string message = "the FEN does not parse: ";
                if (read.field != "start")
                    message.append(read.field)
                        .append(" field, column ")
                        .append(std::to_string(read.column + 1))
                        .append(": ");
                message += read.message;
                a.refused = Refusal{"syntax/fen", std::move(message), std::move(read.field), {}};
                return a;
            }
            p = std::move(*read.placement);
        }
        if (op == "moves") {
            a.result = moves_report(p, true, style);
        } else if (op == "san" || op == "play") {
            bool legal = false;
            a.result = san_move_json(p, *move, op == "san" && strict.value_or(false), legal, style);
            if (op == "play" && !legal) {
                const json o = json::parse(a.result);
                a.refused =
                    Refusal{o["error"]["rule"].get<std::string>(), o["error"]["message"].get<std::string>(), {}, {}};
            }
        } else {  // perft
            if (!depth) {
                a.refused = field_error("\"perft\" takes a \"depth\"");
                return a;
            }
            if (*depth > static_cast<std::uint32_t>(limits_.perft_depth)) {
                a.refused = Refusal{"limit/perft-depth",
                                    "perft depth " + std::to_string(*depth) + " is over the server's limit, " +
                                        std::to_string(limits_.perft_depth),
                                    {},
                                    {}};
                return a;
            }
            const int d = static_cast<int>(*depth);
            const PerftCount count = perft_count(sem::fast_engine(), p, d, divide.value_or(false), limits_.perft_nodes);
            if (!count.complete) {
                a.refused = Refusal{"limit/perft-nodes",
                                    "perft was stopped after " + std::to_string(count.nodes) +
                                        " leaves: over the server's budget of " + std::to_string(limits_.perft_nodes),
                                    {},
                                    {}};
                return a;
            }
            a.result = perft_object(written_as(p, style), d, divide.value_or(false), count);
        }
        return a;
    }

    // check and explain: one game of PGN text.
    Answer game(const json& request, std::string_view op, const EngineChoice& chosen, const sem::Reading& reading) {
        Answer a;
        std::optional<std::string> pgn;
        std::optional<bool> strict;
        std::optional<std::uint32_t> ply;
        if (!get(request, "pgn", pgn, a) || !get(request, "strict", strict, a) || !get(request, "ply", ply, a))
            return a;
        if (!pgn) {
            a.refused = field_error("\"" + std::string(op) + "\" takes a \"pgn\": the text of one game");
            return a;
        }
        syntax::PgnReader reader(*pgn);
        ast::Game g, second;
        if (!reader.next(g)) {
            a.refused = Refusal{"request/pgn", "\"pgn\" holds no game", {}, {}};
            return a;
        }
        if (reader.next(second)) {
            a.refused = Refusal{"request/pgn", "\"pgn\" holds more than one game: a request judges one", {}, {}};
            return a;
        }
        if (op == "check") {
            Interpreter interpreter(Options{strict.value_or(false), chosen.engine});
            Verdict v;
            interpreter.run(g, v);
            append_verdict_json(a.result,
                                chosen.engine == nullptr ? std::string_view(laws_verdict_envelope_)
                                                         : std::string_view(envelope_members("verdict", reading)),
                                "-", v);
            return a;
        }
        // explain runs the reference, under the request's reading or the Laws'
        const sem::Engine* engine = chosen.engine;
        if (engine == nullptr || !engine->visit([](const auto& e) {
                return std::is_same_v<std::remove_cvref_t<decltype(e)>, sem::ReferenceEngine>;
            })) {
            if (reading.is_laws()) {
                if (!laws_reference_) laws_reference_ = sem::reference_engine();
                engine = laws_reference_.get();
            } else {
                a.refused = Refusal{"request/reading", "explain runs the reference engine, not the fast one", {}, {}};
                return a;
            }
        }
        ExplainOptions o;
        o.ply = ply;
        o.json = JsonLayout::Lines;
        o.engine = engine;
        const std::string missing = explain_game(g, "-", 1, o, a.result);
        if (!missing.empty()) a.refused = Refusal{"request/ply", missing, {}, {}};
        return a;
    }
};

}  // namespace

int serve(std::FILE* in, std::FILE* out, const ServeLimits& limits) {
    RequestReader reader(fileno(in), limits.request_bytes);
    Server server(limits);
    std::string line, buffer;
    bool too_large = false;
    const auto flush = [&] {
        bool ok = write_bytes(out, buffer);
        buffer.clear();
        if (ok && !flush_records(out)) {
            note_write_error(errno);
            ok = false;
        }
        return ok;
    };
    while (reader.next(line, too_large)) {
        if (too_large) {
            buffer += server.too_large(reader.line_number());
            buffer.push_back('\n');
        } else if (line.find_first_not_of(" \t") != std::string::npos) {  // (a blank line: no request)
            buffer += server.respond(line, reader.line_number());
            buffer.push_back('\n');
        }
        // (after a blank line too: the answers before it must not wait for the next request)
        if ((!reader.line_waiting() || buffer.size() >= (std::size_t{1} << 16)) && !flush()) return 2;
    }
    if (!flush()) return 2;
    if (reader.error() != 0) {
        std::fprintf(stderr, "pgnsem serve: cannot read the requests: %s\n", std::strerror(reader.error()));
        return 2;
    }
    return 0;
}

// (The limits are the session's own copy: Server keeps a reference to them.)
struct ServeSession::Impl {
    explicit Impl(const ServeLimits& l) : limits(l), server(limits) {}
    ServeLimits limits;
    Server server;
    std::uint32_t line_number = 0;
};

ServeSession::ServeSession(const ServeLimits& limits) : impl_(std::make_unique<Impl>(limits)) {}
ServeSession::~ServeSession() = default;

std::string ServeSession::respond(std::string_view line) {
    ++impl_->line_number;
    if (line.size() > impl_->limits.request_bytes) return impl_->server.too_large(impl_->line_number);
    return impl_->server.respond(line, impl_->line_number);
}

}  // namespace pgnsem::interp
