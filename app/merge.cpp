// `pgnsem merge` (app/merge.hpp).
//
// The merge reads the objects' text, not a parsed form, so that what it writes is what `check`
// writes byte for byte. It finds a member by its key with the quotes and the colon (`"line":`):
// inside a JSON string a quote is always escaped, so that pattern is always a key. Of the keys it
// touches, `game` and `offset` are the verdict's own (no object inside a verdict has them), and
// `line` is the error's and the warnings' (schemas/verdict.json).
#include "app/merge.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "io/output.hpp"

namespace pgnsem::interp {

namespace {

// The whole number after the first `key` (`"name":`) at or after `from`, and where its digits
// are; nothing when the key is absent or a null (or anything but digits) follows it.
struct Number {
    std::uint64_t value = 0;
    std::size_t begin = 0, end = 0;  // the digits
};
std::optional<Number> number_after(std::string_view s, std::string_view key, std::size_t from = 0) {
    const std::size_t k = s.find(key, from);
    if (k == std::string_view::npos) return std::nullopt;
    Number n;
    n.begin = k + key.size();
    const auto [stop, error] = std::from_chars(s.data() + n.begin, s.data() + s.size(), n.value);
    if (error != std::errc{} || stop == s.data() + n.begin) return std::nullopt;
    n.end = static_cast<std::size_t>(stop - s.data());
    return n;
}

// A shard's record, the last line of its output.
struct Record {
    std::string path;    // the output it ends
    std::string prefix;  // its text up to `"file":`: the envelope, which the shards must share
    std::string file;    // the JSON text of its `file` member's value
    std::uint64_t shard = 0, shards = 0, size = 0, start = 0, next = 0, until = 0, lines = 0, games = 0;
};

constexpr std::string_view kRecordStart = R"({"object":"shard",)";
constexpr std::string_view kVerdictStart = R"({"object":"verdict",)";
constexpr std::string_view kLine = R"("line":)";

bool fail(const std::string& message) {
    std::fprintf(stderr, "pgnsem merge: %s\n", message.c_str());
    return false;
}
int failed(const std::string& message) {
    fail(message);
    return 2;
}

// The last line of `path` (without its newline), read from the file's end.
bool last_line(const std::string& path, std::string& line) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) return fail(path + ": cannot open: " + std::strerror(errno));
    struct Closer {
        std::FILE* f;
        ~Closer() { std::fclose(f); }
    } closer{f};
    if (::fseeko(f, 0, SEEK_END) != 0) return fail(path + ": cannot seek: " + std::strerror(errno));
    const off_t size = ::ftello(f);
    // a record is a few hundred bytes and the file's name
    const off_t tail = std::min<off_t>(size, 1 << 16);
    std::string buf(static_cast<std::size_t>(tail), '\0');
    if (::fseeko(f, size - tail, SEEK_SET) != 0 || std::fread(buf.data(), 1, buf.size(), f) != buf.size())
        return fail(path + ": cannot read: " + std::strerror(errno));
    if (buf.empty() || buf.back() != '\n')
        return fail(path + ": does not end in a whole line; a shard's output ends in its shard record");
    buf.pop_back();
    const std::size_t nl = buf.rfind('\n');
    if (nl == std::string::npos && tail < size) return fail(path + ": its last line is too long for a shard record");
    line = nl == std::string::npos ? buf : buf.substr(nl + 1);
    return true;
}

bool read_record(const std::string& path, Record& r) {
    std::string line;
    if (!last_line(path, line)) return false;
    if (!line.starts_with(kRecordStart))
        return fail(path +
                    ": its last line is not a shard record: the output of `pgnsem check --shard K/N --format "
                    "jsonl` that ran to its end ends in one");
    r.path = path;
    const std::size_t file = line.find(R"("file":)");
    const std::size_t shard = line.find(R"(,"shard":)");
    if (file == std::string::npos || shard == std::string::npos || shard < file)
        return fail(path + ": its shard record has no file");
    r.prefix = line.substr(0, file);
    r.file = line.substr(file + 7, shard - file - 7);
    const std::pair<std::string_view, std::uint64_t*> fields[] = {
        {R"("shard":)", &r.shard}, {R"("shards":)", &r.shards}, {R"("size":)", &r.size},   {R"("start":)", &r.start},
        {R"("next":)", &r.next},   {R"("until":)", &r.until},   {R"("lines":)", &r.lines}, {R"("games":)", &r.games}};
    for (const auto& [key, value] : fields) {
        const std::optional<Number> n = number_after(line, key, shard);
        if (!n) return fail(path + ": its shard record has no " + std::string(key.substr(1, key.size() - 3)));
        *value = n->value;
    }
    return true;
}

// Whether the records are shards 1 … N of one file, read under one reading, in order, that tile it.
bool fit(const std::vector<Record>& records) {
    const std::uint64_t n = records.size();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const Record& r = records[i];
        const std::string where = r.path + ": ";
        if (r.shards != n)
            return fail(where + "is a shard of " + std::to_string(r.shards) + ", but " + std::to_string(n) +
                        " outputs were given");
        if (r.shard != i + 1)
            return fail(where + "is shard " + std::to_string(r.shard) + " but was given as shard " +
                        std::to_string(i + 1) + "; give the outputs in the order of their shards");
        const Record& first = records.front();
        if (r.file != first.file || r.size != first.size)
            return fail(where + "is a shard of " + r.file + " (" + std::to_string(r.size) + " bytes), " + first.path +
                        " one of " + first.file + " (" + std::to_string(first.size) + " bytes)");
        if (r.prefix != first.prefix)
            return fail(where + "was written under another reading or version than " + first.path);
        const std::uint64_t start = i == 0 ? 0 : records[i - 1].next;
        if (r.start != start || r.next < r.start || r.until < r.next || r.until > r.size ||
            (i + 1 == n && r.next != r.size))
            return fail(where + "its shard record does not fit the shards before it (start " + std::to_string(r.start) +
                        ", expected " + std::to_string(start) + ")");
    }
    return true;
}

}  // namespace

int merge_shards(const std::vector<std::string>& paths, std::FILE* out) {
    std::vector<Record> records(paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i)
        if (!read_record(paths[i], records[i])) return 2;
    if (!fit(records)) return 2;

    std::string buf;
    std::uint64_t game = 0;
    std::uint64_t covered = 0;       // the largest `until` of the shards read: below it, the games are written
    std::uint64_t lines_before = 0;  // the line ends before the shard's start
    char* line = nullptr;
    std::size_t capacity = 0;
    struct Free {
        char*& p;
        ~Free() { std::free(p); }
    } free_line{line};
    for (const Record& r : records) {
        std::FILE* in = std::fopen(r.path.c_str(), "rb");
        if (in == nullptr) return failed(r.path + ": cannot open: " + std::strerror(errno));
        struct Closer {
            std::FILE* f;
            ~Closer() { std::fclose(f); }
        } closer{in};
        std::uint64_t verdicts = 0, last_offset = 0;
        for (;;) {
            const ssize_t n = ::getline(&line, &capacity, in);
            if (n < 0) break;
            std::string_view s(line, static_cast<std::size_t>(n));
            if (s.starts_with(kRecordStart)) {
                // the record (read_record), which must be the last line
                if (::getline(&line, &capacity, in) >= 0)
                    return failed(r.path + ": goes on after its shard record (two outputs in one file?)");
                break;
            }
            if (!s.starts_with(kVerdictStart) || !s.ends_with('\n'))
                return failed(r.path + ": line " + std::to_string(verdicts + 1) +
                              " is not a verdict; a shard's output holds verdicts, then its record");
            const std::optional<Number> game_number = number_after(s, R"("game":)");
            const std::optional<Number> offset =
                game_number ? number_after(s, R"("offset":)", game_number->end) : std::nullopt;
            if (!offset || (verdicts > 0 && offset->value <= last_offset))
                return failed(r.path + ": verdict " + std::to_string(verdicts + 1) +
                              " has no offset, or one not past the verdict's before it");
            ++verdicts;
            last_offset = offset->value;
            if (offset->value < covered || offset->value >= r.until) continue;
            // game: the number in the file; every line: the file's
            buf.append(s.substr(0, game_number->begin));
            buf.append(std::to_string(++game));
            std::size_t at = game_number->end;
            for (std::size_t key = s.find(kLine, at); key != std::string_view::npos; key = s.find(kLine, at)) {
                const std::optional<Number> l = number_after(s, kLine, key);
                if (!l) {  // a null line
                    buf.append(s.substr(at, key + kLine.size() - at));
                    at = key + kLine.size();
                    continue;
                }
                buf.append(s.substr(at, l->begin - at));
                buf.append(std::to_string(l->value + lines_before));
                at = l->end;
            }
            buf.append(s.substr(at));
            if (buf.size() >= (std::size_t{1} << 16)) {
                if (!write_bytes(out, buf)) return 2;
                buf.clear();
            }
        }
        if (std::ferror(in)) return failed(r.path + ": cannot read: " + std::strerror(errno));
        if (verdicts != r.games)
            return failed(r.path + ": holds " + std::to_string(verdicts) + " verdicts, its record says " +
                          std::to_string(r.games));
        covered = std::max(covered, r.until);
        lines_before += r.lines;
    }
    if (!write_bytes(out, buf)) return 2;
    return 0;
}

}  // namespace pgnsem::interp
