// libFuzzer target for the SAN reader (L11, and L5 on whatever it accepts): parse_san never
// crashes, reports columns inside the token, and printing what it accepted is a fixpoint.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "syntax/san.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pgnsem;
    const std::string_view token(reinterpret_cast<const char*>(data), size);
    const syntax::SanResult r = syntax::parse_san(token);
    if (const auto* e = boost::variant2::get_if<syntax::SanError>(&r)) {
        if (e->kind.empty() || e->column > size) __builtin_trap();
        return 0;
    }
    const ast::Move& m = boost::variant2::get<ast::Move>(r);
    const syntax::ShortText printed = syntax::print_san(m, true);
    const syntax::SanResult again = syntax::parse_san(printed.view());
    const auto* m2 = boost::variant2::get_if<ast::Move>(&again);
    if (m2 == nullptr) __builtin_trap();
    if (syntax::print_san(*m2, true).view() != printed.view()) __builtin_trap();
    if (m2->claim != m.claim || m2->suffix != m.suffix) __builtin_trap();
    return 0;
}
