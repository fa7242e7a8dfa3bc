// Every rule of rules.hpp (except position/… and variant/…, tested with setup.cpp) is shown both
// ways by the semantics tests, and not only by their tags, which can lie:
//   - each TEST_CASE is tagged with the rule ids it is about, [accept] or [reject];
//   - each rule that fires (an equation that defines σ′) is seen to fire by accepts(), and each
//     rule that fails is seen as T's failure by rejects() (tests/semantics/helpers.hpp).
// ctest runs every TEST_CASE in a process of its own, in parallel, so no process sees the others'
// calls: the second check runs this executable once more over the tests of the rules, with
// PGNSEM_RULE_LOG naming a file of its own where the helpers write what they saw, and reads it.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "semantics/rules.hpp"

namespace {

bool excluded(std::string_view id) {
    return id.rfind("position/", 0) == 0 || id.rfind("variant/", 0) == 0;
}

// Rules that fail outside T, so that rejects() can never see them: the interpreter judges a move
// after mate or stalemate from outcome(σ) (semantics/README.md); tests/interpreter/ checks it.
const std::set<std::string> kNotFromT = {"game/over"};

std::string tail(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream all;
    all << in.rdbuf();
    const std::string text = all.str();
    return text.size() > 3000 ? text.substr(text.size() - 3000) : text;
}

}  // namespace

TEST_CASE("every semantics rule has an accepting and a rejecting test", "[coverage]") {
    using pgnsem::sem::kRules;
    std::set<std::string> accept, reject;
    for (const Catch::TestCase& t : Catch::getRegistryHub().getTestCaseRegistry().getAllTests()) {
        const bool a = t.tags.end() != std::find(t.tags.begin(), t.tags.end(), "accept");
        const bool r = t.tags.end() != std::find(t.tags.begin(), t.tags.end(), "reject");
        for (const std::string& tag : t.tags) {
            if (a) accept.insert(tag);
            if (r) reject.insert(tag);
        }
    }
    int checked = 0;
    for (const auto& info : kRules) {
        const std::string id(info.id);
        if (excluded(id)) continue;
        ++checked;
        INFO("rule " << id);
        CHECK(accept.count(id) == 1);
        CHECK(reject.count(id) == 1);
    }
    CHECK(checked >= 40);
}

TEST_CASE("every semantics rule is seen to fire by accepts() or to fail by rejects()", "[coverage]") {
    namespace fs = std::filesystem;
    using pgnsem::sem::kRules;
    const fs::path self = fs::read_symlink("/proc/self/exe");
    const std::string stem = "pgnsem-rules-" + std::to_string(::getpid());
    const fs::path log = fs::temp_directory_path() / (stem + ".log");
    const fs::path out = fs::temp_directory_path() / (stem + ".out");
    fs::remove(log);
    // The tests of the rules ([accept] and [reject]) only: a rule must be seen to fire or fail in the
    // test that claims it, not in a property test or a perft run (which make up most of this
    // binary's time, and which this run used to repeat).
    const std::string command = "PGNSEM_RULE_LOG='" + log.string() + "' '" + self.string() +
                                "' '[accept],[reject]' >'" + out.string() + "' 2>&1";
    const int status = std::system(command.c_str());
    {
        INFO("the semantics tests, run for this check, failed:\n" << tail(out));
        REQUIRE(status == 0);
    }
    std::set<std::string> fired, failed;
    std::ifstream in(log);
    std::string how, id;
    while (in >> how >> id) (how == "accept" ? fired : failed).insert(id);
    in.close();
    fs::remove(log);
    fs::remove(out);

    int checked = 0;
    for (const auto& info : kRules) {
        const std::string rule(info.id);
        if (excluded(rule)) continue;
        ++checked;
        INFO("rule " << rule);
        if (info.fires) {
            CHECK(fired.count(rule) == 1);
        } else if (kNotFromT.count(rule) == 1) {
            // the day T gives it, it is tested like the others
            CHECK(failed.count(rule) == 0);
        } else {
            CHECK(failed.count(rule) == 1);
        }
    }
    CHECK(checked >= 40);
}
