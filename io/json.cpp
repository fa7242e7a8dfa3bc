// The JSON writer's rare paths (io/json.hpp): the bytes of a string that do not stand for
// themselves.
#include "io/json.hpp"

namespace pgnsem::interp {

std::size_t utf8_length(std::string_view s, std::size_t i) noexcept {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4;
    else
        return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    const auto c1 = static_cast<unsigned char>(s[i + 1]);
    if (c == 0xE0 && c1 < 0xA0) return 0;   // overlong
    if (c == 0xED && c1 >= 0xA0) return 0;  // surrogates
    if (c == 0xF0 && c1 < 0x90) return 0;
    if (c == 0xF4 && c1 >= 0x90) return 0;
    return n;
}

void JsonOut::escaped(std::string_view s, std::size_t from) noexcept {
    for (std::size_t i = from; i < s.size(); ++i) {
        const std::size_t plain = plain_run_end(s, i);
        if (plain != i) {
            put(s.substr(i, plain - i));
            if (plain == s.size()) break;
            i = plain;
        }
        const auto c = static_cast<unsigned char>(s[i]);
        constexpr char hex[] = "0123456789abcdef";
        // a control character, C0, DEL or C1: \u00XX, never the character itself
        const auto control = [&](unsigned char code) {
            put("\\u00");
            put(hex[code >> 4]);
            put(hex[code & 15]);
        };
        if (c >= 0x80) {
            if (const std::size_t n = utf8_length(s, i); n != 0) {
                if (c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) {
                    control(static_cast<unsigned char>(s[i + 1]));  // U+0080–U+009F
                } else {
                    put(s.substr(i, n));
                }
                i += n - 1;
            } else if (c < 0xA0) {
                control(c);  // ISO 8859-1's C1 controls
            } else {
                // ISO 8859-1 byte → the same code point in UTF-8
                put(static_cast<char>(0xC0 | (c >> 6)));
                put(static_cast<char>(0x80 | (c & 0x3F)));
            }
            continue;
        }
        switch (c) {
            case '"': put("\\\""); break;
            case '\\': put("\\\\"); break;
            case '\n': put("\\n"); break;
            case '\r': put("\\r"); break;
            case '\t': put("\\t"); break;
            default:
                if (c < 0x20 || c == 0x7F) {
                    control(c);
                } else {
                    put(static_cast<char>(c));
                }
        }
    }
}

void append_json_string(std::string& out, std::string_view s) {
    JsonOut(out).string(s);
}

}  // namespace pgnsem::interp
