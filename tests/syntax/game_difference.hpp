// The first difference between two readings of a game, field by field, every field of ast::Game
// (views compared by their bytes, so that two readers over two buffers can be compared). Used by
// L18 (the reader's common-token loop reads as its general loop): tests/syntax/common_tokens_test.cpp
// and tests/fuzz/fuzz_pgn.cpp. No test framework here, so that the fuzz target can include it.
#pragma once

#include <string>
#include <string_view>

#include "ast/ast.hpp"
#include "ast/reader_warnings.hpp"

namespace pgnsem::test {

// "" when a and b are the same reading, else what differs first.
inline std::string game_difference(const ast::Game& a, const ast::Game& b) {
    const auto same_pos = [](const ast::SourcePos& x, const ast::SourcePos& y) {
        return x.line == y.line && x.column == y.column;
    };
    const auto at = [](const char* what, std::size_t i) { return std::string(what) + " " + std::to_string(i); };
    if (a.index != b.index) return "index";
    if (!same_pos(a.start, b.start)) return "start";
    if (a.offset != b.offset) return "offset";
    if (a.text != b.text) return "text";
    if (a.main_line != b.main_line) return "main_line";
    if (a.result != b.result) return "result";
    if (!same_pos(a.result_pos, b.result_pos)) return "result_pos";
    if (a.error.has_value() != b.error.has_value()) return "error";
    if (a.error) {
        const ast::SyntaxError& x = *a.error;
        const ast::SyntaxError& y = *b.error;
        if (x.kind != y.kind || !same_pos(x.pos, y.pos) || x.token != y.token || x.message != y.message ||
            x.ply_index != y.ply_index || x.variation_depth != y.variation_depth)
            return "error " + std::string(x.kind) + " / " + std::string(y.kind);
    }
    if (a.tags.size() != b.tags.size()) return "tags";
    for (std::size_t i = 0; i < a.tags.size(); ++i) {
        const ast::Tag& x = a.tags[i];
        const ast::Tag& y = b.tags[i];
        if (x.name != y.name || x.value != y.value || !same_pos(x.pos, y.pos)) return at("tag", i);
    }
    if (a.plies.size() != b.plies.size()) return "plies";
    for (std::size_t i = 0; i < a.plies.size(); ++i) {
        const ast::Ply& x = a.plies[i];
        const ast::Ply& y = b.plies[i];
        if (!(x.move == y.move) || !same_pos(x.pos, y.pos) || x.text != y.text ||
            x.number_written != y.number_written || !same_pos(x.number_pos, y.number_pos) || x.next != y.next ||
            x.first_variation != y.first_variation || x.nags_begin != y.nags_begin || x.nags_count != y.nags_count)
            return at("ply", i) + " (" + std::string(x.text) + " / " + std::string(y.text) + ")";
    }
    if (a.variations.size() != b.variations.size()) return "variations";
    for (std::size_t i = 0; i < a.variations.size(); ++i) {
        const ast::Variation& x = a.variations[i];
        const ast::Variation& y = b.variations[i];
        if (x.first_ply != y.first_ply || x.next_sibling != y.next_sibling || !same_pos(x.pos, y.pos))
            return at("variation", i);
    }
    if (a.nags.size() != b.nags.size()) return "nags";
    for (std::size_t i = 0; i < a.nags.size(); ++i)
        if (a.nags[i].value != b.nags[i].value || !same_pos(a.nags[i].pos, b.nags[i].pos)) return at("nag", i);
    if (a.comments.size() != b.comments.size()) return "comments";
    for (std::size_t i = 0; i < a.comments.size(); ++i) {
        const ast::Comment& x = a.comments[i];
        const ast::Comment& y = b.comments[i];
        if (x.after_ply != y.after_ply || x.after_variation != y.after_variation || x.line != y.line ||
            x.text != y.text || !same_pos(x.pos, y.pos))
            return at("comment", i);
    }
    if (a.warnings.size() != b.warnings.size()) return "warnings";
    for (std::size_t i = 0; i < a.warnings.size(); ++i) {
        const ast::ReaderWarning& x = a.warnings[i];
        const ast::ReaderWarning& y = b.warnings[i];
        if (x.kind != y.kind || !same_pos(x.pos, y.pos) || x.found != y.found || x.canonical != y.canonical ||
            x.message != y.message)
            return at("warning", i);
    }
    return "";
}

}  // namespace pgnsem::test
