// The warning kinds are declared once (interpreter/warnings.hpp, ast/reader_warnings.hpp); the
// READMEs that list them for users must say the same: every kind, nothing else, and the same
// answer to whether it stays a warning under --strict.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ast/reader_warnings.hpp"
#include "interpreter/warnings.hpp"

using namespace pgnsem;

namespace {

std::string read_text(const std::string& relative) {
    std::ifstream in(std::string(PGNSEM_SOURCE_DIR) + "/" + relative);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The cells of the rows of the first Markdown table after `heading`, header and rule excepted.
std::vector<std::vector<std::string>> table_after(const std::string& text, const std::string& heading) {
    const std::size_t at = text.find("\n" + heading + "\n");
    REQUIRE(at != std::string::npos);
    std::istringstream lines(text.substr(at + heading.size() + 2));
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool in_table = false;
    while (std::getline(lines, line)) {
        if (line.rfind("|", 0) != 0) {
            if (in_table) break;
            continue;
        }
        in_table = true;
        std::vector<std::string> cells;
        std::size_t from = 1;
        for (std::size_t bar = line.find('|', from); bar != std::string::npos; bar = line.find('|', from)) {
            std::string cell = line.substr(from, bar - from);
            cell.erase(0, cell.find_first_not_of(' '));
            cell.erase(cell.find_last_not_of(' ') + 1);
            cells.push_back(cell);
            from = bar + 1;
        }
        rows.push_back(cells);
    }
    REQUIRE(rows.size() >= 2);
    rows.erase(rows.begin(), rows.begin() + 2);
    return rows;
}

// `kind` → kind
std::string unquoted(const std::string& cell) {
    REQUIRE(cell.size() > 2);
    REQUIRE(cell.front() == '`');
    REQUIRE(cell.back() == '`');
    return cell.substr(1, cell.size() - 2);
}

}  // namespace

TEST_CASE("every warning kind is declared once, the reader's first", "[interpreter][warnings]") {
    std::set<std::string_view> names;
    for (std::size_t k = 0; k < interp::kWarningCount; ++k) {
        const interp::WarningInfo& w = interp::kWarnings[k];
        CHECK(static_cast<std::size_t>(w.kind) == k);
        CHECK(names.insert(w.name).second);
        CHECK(!w.what.empty());
        CHECK(w.from_reader == (k < ast::kReaderWarningCount));
    }
    for (const ast::ReaderWarningInfo& r : ast::kReaderWarnings)
        CHECK(interp::kind_name(interp::warning_kind(r.kind)) == r.name);
}

TEST_CASE("README.md lists the warning kinds of the tables", "[interpreter][warnings]") {
    struct Listed {
        std::string from;
        std::string strict;
    };
    std::map<std::string, Listed> listed;
    for (const auto& row : table_after(read_text("README.md"), "### Warning kinds")) {
        REQUIRE(row.size() == 4);
        CHECK(listed.emplace(unquoted(row[0]), Listed{row[1], row[2]}).second);
    }
    for (const interp::WarningInfo& w : interp::kWarnings) {
        INFO(w.name);
        const auto it = listed.find(std::string(w.name));
        REQUIRE(it != listed.end());
        CHECK(it->second.from == (w.from_reader ? "reader" : "interpreter"));
        CHECK((it->second.strict == "stays") == w.stays_under_strict);
        listed.erase(it);
    }
    // Listed in the README but declared nowhere:
    for (const auto& [name, row] : listed) FAIL_CHECK(name);
}

TEST_CASE("syntax/README.md lists the reader's warning kinds", "[interpreter][warnings]") {
    std::set<std::string> listed, declared;
    for (const auto& row :
         table_after(read_text("syntax/README.md"), "### Warning kinds the reader writes (`ReaderWarning::kind`)")) {
        REQUIRE(!row.empty());
        listed.insert(unquoted(row[0]));
    }
    for (const ast::ReaderWarningInfo& r : ast::kReaderWarnings) declared.emplace(r.name);
    CHECK(listed == declared);
}
