// Every rule of rules.hpp (except position/… and variant/…, tested with setup.cpp) has a
// TEST_CASE tagged with its id that shows the move accepted ([accept]) and one that shows it
// rejected ([reject]). Walks kRules and Catch2's registry, so a new rule without tests fails here.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "semantics/rules.hpp"

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
        if (id.rfind("position/", 0) == 0 || id.rfind("variant/", 0) == 0) continue;
        ++checked;
        INFO("rule " << id);
        CHECK(accept.count(id) == 1);
        CHECK(reject.count(id) == 1);
    }
    CHECK(checked >= 40);
}
