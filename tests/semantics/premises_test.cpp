// The premise each failure falsifies (semantics/rules.hpp, premise()) is the one
// proofs-notes/semantics.md states for it: the notes' table "The premise each failure falsifies"
// has a row for every failure, and its text is the code's, so that neither can change alone.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "semantics/rules.hpp"

using namespace pgnsem::sem;

namespace {

// The rows `| `id` | premise |` of the table under the heading, by rule id.
std::map<std::string, std::string> notes_table() {
    std::ifstream in(std::string(PGNSEM_SOURCE_DIR) + "/proofs-notes/semantics.md");
    std::map<std::string, std::string> rows;
    std::string line;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0) inside = line == "## The premise each failure falsifies";
        if (!inside || line.rfind("| `", 0) != 0) continue;
        const std::size_t id_end = line.find("` | ", 3);
        if (id_end == std::string::npos || line.size() < id_end + 6 || line.substr(line.size() - 2) != " |") continue;
        rows[line.substr(3, id_end - 3)] = line.substr(id_end + 4, line.size() - 2 - (id_end + 4));
    }
    return rows;
}

}  // namespace

TEST_CASE("premises: every failure names its premise, as proofs-notes/semantics.md does", "[rules][premise]") {
    const std::map<std::string, std::string> rows = notes_table();
    REQUIRE(!rows.empty());
    std::size_t failures = 0;
    for (const RuleInfo& r : kRules) {
        if (r.group != RuleGroup::Failure) continue;
        ++failures;
    }
    CHECK(rows.size() == failures);
    for (std::size_t i = 0; i < failures; ++i) {
        const auto f = static_cast<Failure>(i);
        INFO(rule_id(f));
        CHECK(!premise(f).empty());
        const auto row = rows.find(std::string(rule_id(f)));
        REQUIRE(row != rows.end());
        CHECK(row->second == premise(f));
    }
}
