// The JSON writer (io/json.hpp): what each value writes, byte for byte, and nlohmann::json
// reading back objects and arrays nested and long. Strings' escapes: interpreter/interpret_test.cpp.
#include "io/json.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tests/xorshift.hpp"

namespace interp = pgnsem::interp;
using interp::JsonArray;
using interp::JsonObject;
using interp::JsonOut;

TEST_CASE("JSON writer: every kind of value, after what the string held", "[json]") {
    std::string s = "before ";
    {
        JsonOut out(s);
        JsonObject o(out);
        o.str("s", "a\"b").num("n", 18446744073709551615ULL).boolean("t", true).boolean("f", false).null("z");
        o.opt_str("o1", std::optional<std::string>("x")).opt_str("o2", std::optional<std::string>());
        o.opt_str("v1", std::optional<std::string_view>("y")).opt_str("v2", std::optional<std::string_view>());
        o.opt_str("c1", "w").opt_str("c2", static_cast<const char*>(nullptr));
        o.opt_bool("b1", true).opt_bool("b2", false).opt_bool("b3", std::nullopt);
        {
            JsonArray a(o.key("a"));
            a.next().uint(1);
            JsonObject(a.next()).str("k", "v");
            JsonArray(a.next());
            a.next().raw("null");
        }
        JsonObject(o.key("e"));
    }
    CHECK(s ==
          "before "
          "{\"s\":\"a\\\"b\",\"n\":18446744073709551615,\"t\":true,\"f\":false,\"z\":null,"
          "\"o1\":\"x\",\"o2\":null,\"v1\":\"y\",\"v2\":null,\"c1\":\"w\",\"c2\":null,"
          "\"b1\":true,\"b2\":false,\"b3\":null,\"a\":[1,{\"k\":\"v\"},[],null],\"e\":{}}");
}

TEST_CASE("JSON writer: long and nested output reads back", "[json]") {
    std::string s;
    {
        JsonOut out(s);
        JsonArray rows(out);
        for (std::uint64_t i = 0; i < 1000; ++i) {
            JsonObject row(rows.next());
            row.num("i", i).str("name", std::string(i % 37, 'x') + "\xe9");
            JsonArray(row.key("list")).next().boolean(i % 2 == 0);
        }
    }
    const auto j = nlohmann::json::parse(s);
    REQUIRE(j.size() == 1000);
    CHECK(j[999]["i"] == 999);
    CHECK(j[999]["name"] == std::string(999 % 37, 'x') + "\xc3\xa9");
    CHECK(j[998]["list"][0] == true);
    CHECK(j[999]["list"][0] == false);
}

// plain_run_end's SIMD body (io/json.hpp) gives what its scalar body gives: random strings
// over the bytes that end a run (controls, DEL, `"`, `\`, bytes from 0x80) and plain ones, every
// length up to past two SIMD steps, from every start within them.
TEST_CASE("JSON writer: plain_run_end's SIMD body is the scalar one", "[json]") {
    test::Xorshift random;
    const auto next = [&random] { return random.next(); };
    const char alphabet[] = {'a', ' ', '~', '"', '\\', '\x1f', '\x7f', '\x80', '\xff', '\0', '\n', '\x20'};
    for (int round = 0; round < 3000; ++round) {
        std::string s(static_cast<std::size_t>(next() % (round < 2500 ? 48 : 600)), 'a');
        for (char& c : s)
            if (next() % 4 == 0) c = alphabet[next() % sizeof alphabet];
        for (std::size_t i = 0; i <= std::min<std::size_t>(s.size(), 33); ++i) {
            std::size_t plain = i;
            while (plain < s.size() && interp::kJsonPlain[static_cast<unsigned char>(s[plain])]) ++plain;
            INFO("round " << round << ", length " << s.size() << ", from " << i);
            REQUIRE(interp::plain_run_end_scalar(s, i) == plain);
            REQUIRE(interp::plain_run_end(s, i) == plain);
        }
    }
}
