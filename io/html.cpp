// The one HTML writer (io/html.hpp).
#include "io/html.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "io/json.hpp"
#include "io/output.hpp"

namespace pgnsem::interp {

void append_html(std::string& out, std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        // printable ASCII but " and \ (io/json.hpp): only & < > ' need a reference there
        const std::size_t plain = plain_run_end(s, i);
        for (; i < plain; ++i) {
            const char c = s[i];
            switch (c) {
                case '&': out.append("&amp;"); break;
                case '<': out.append("&lt;"); break;
                case '>': out.append("&gt;"); break;
                case '\'': out.append("&#39;"); break;
                default: out.push_back(c); break;
            }
        }
        if (i == s.size()) break;
        if (s[i] == '"') {
            out.append("&quot;");
            ++i;
            continue;
        }
        // one character (a UTF-8 sequence, or one byte) as text for people: none of them is markup
        const std::size_t n =
            static_cast<unsigned char>(s[i]) >= 0x80 ? std::max<std::size_t>(1, utf8_length(s, i)) : 1;
        append_text(out, s.substr(i, n));
        i += n;
    }
}

void append_html_uint(std::string& out, std::uint64_t n) {
    std::array<char, 24> buf{};
    auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), n);
    (void)ec;
    out.append(buf.data(), end);
}

}  // namespace pgnsem::interp
