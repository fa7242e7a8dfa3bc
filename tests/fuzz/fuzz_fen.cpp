// libFuzzer target for the FEN reader (L11): parse_fen, parse_position (FEN or four-field EPD) and
// parse_fen_record on arbitrary bytes; on success, validate(), the canonical σ and the printers
// must run too, and the printed FEN must read back as the same placement (L9).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "laws/setup.hpp"
#include "syntax/fen.hpp"

namespace {

void exercise(const pgnsem::Placement& p) {
    const auto problems = pgnsem::sem::validate(p);
    if (problems.size > problems.items.size()) std::abort();
    const auto sigma = pgnsem::sem::from_placement(p);
    const auto back = pgnsem::sem::to_placement(sigma);
    (void)pgnsem::syntax::board_diagram(back);
    // L9: what parses prints as a FEN that reads back as the same placement.
    const auto printed = pgnsem::syntax::print_fen(p);
    const auto again = pgnsem::syntax::parse_fen(printed.view());
    if (!boost::variant2::holds_alternative<pgnsem::Placement>(again) ||
        !(boost::variant2::get<pgnsem::Placement>(again) == p))
        std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto fen = pgnsem::syntax::parse_fen(text);
    if (const auto* p = boost::variant2::get_if<pgnsem::Placement>(&fen)) {
        exercise(*p);
    } else {
        // An error names a column inside the text (or its end).
        if (boost::variant2::get<pgnsem::syntax::FenError>(fen).column > size) std::abort();
    }
    const auto record = pgnsem::syntax::parse_fen_record(text);
    if (const auto* r = boost::variant2::get_if<pgnsem::syntax::FenRecord>(&record)) exercise(r->placement);
    // The command line's reader, FEN or four-field EPD: what parse_fen reads it reads the same.
    const auto position = pgnsem::syntax::parse_position(text);
    if (const auto* p = boost::variant2::get_if<pgnsem::Placement>(&position)) {
        exercise(*p);
        if (const auto* q = boost::variant2::get_if<pgnsem::Placement>(&fen); q && !(*q == *p)) std::abort();
    } else {
        if (boost::variant2::get<pgnsem::syntax::FenError>(position).column > size) std::abort();
        if (boost::variant2::holds_alternative<pgnsem::Placement>(fen)) std::abort();
    }
    const auto epd_record = pgnsem::syntax::parse_fen_record(text, true);
    if (const auto* r = boost::variant2::get_if<pgnsem::syntax::FenRecord>(&epd_record)) exercise(r->placement);
    return 0;
}
