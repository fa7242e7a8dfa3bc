// Helpers shared by the syntax tests: read SAN tokens and PGN texts, describe results.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "syntax/pgn/reader.hpp"
#include "syntax/san.hpp"

namespace pgnsem::test {

inline const ast::Move* as_move(const syntax::SanResult& r) {
    return boost::variant2::get_if<ast::Move>(&r);
}
inline const syntax::SanError* as_error(const syntax::SanResult& r) {
    return boost::variant2::get_if<syntax::SanError>(&r);
}

// parse_san that must succeed.
inline ast::Move san(std::string_view token) {
    const syntax::SanResult r = syntax::parse_san(token);
    INFO("token: " << token);
    if (const syntax::SanError* e = as_error(r))
        FAIL("unexpected " << e->kind << " at " << e->column << ": " << e->message);
    return *as_move(r);
}

// parse_san that must fail.
inline syntax::SanError san_error(std::string_view token) {
    const syntax::SanResult r = syntax::parse_san(token);
    INFO("token: " << token);
    if (as_move(r) != nullptr) FAIL("accepted, printed back as " << syntax::print_san(*as_move(r), true).view());
    return *as_error(r);
}

inline std::string printed(const ast::Move& m, bool with_suffix = true) {
    return std::string(syntax::print_san(m, with_suffix).view());
}

// Every game of a text (the views stay valid while `text` lives, except tag values that held
// escapes: those point into the reader, which this helper does not keep).
inline std::vector<ast::Game> read_games(std::string_view text) {
    syntax::PgnReader reader(text);
    std::vector<ast::Game> games;
    ast::Game g;
    while (reader.next(g)) games.push_back(g);
    return games;
}

inline std::string_view error_kind(const ast::Game& g) {
    return g.error ? g.error->kind : std::string_view();
}

inline std::vector<std::string> main_line(const ast::Game& g) {
    std::vector<std::string> out;
    for (std::uint32_t p = g.main_line; p != ast::kNone; p = g.plies[p].next) out.push_back(printed(g.plies[p].move));
    return out;
}

inline std::vector<std::string> warning_kinds(const ast::Game& g) {
    std::vector<std::string> out;
    for (const ast::ReaderWarning& w : g.warnings) out.emplace_back(kind_name(w.kind));
    return out;
}

inline std::vector<std::string> strings(std::initializer_list<const char*> list) {
    return std::vector<std::string>(list.begin(), list.end());
}

// The text with every LF replaced by `eol` (the reader's paths under CRLF and CR line ends).
inline std::string with_line_ends(std::string_view text, std::string_view eol) {
    std::string out;
    for (char c : text) {
        if (c == '\n')
            out += eol;
        else
            out += c;
    }
    return out;
}

// The one game of a text the test expects to hold exactly one.
inline const ast::Game& only(const std::vector<ast::Game>& games) {
    REQUIRE(games.size() == 1);
    return games[0];
}

}  // namespace pgnsem::test
