// Small builders for the semantics tests: squares from text, AST moves built directly (never
// through the parser), σ from a FEN (sigma_from_fen.hpp) and assertions on T's verdicts.
// accepts() and rejects() also record the rule they saw fire or fail, for the coverage check of
// tests/semantics/coverage_test.cpp.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "laws/setup.hpp"
#include "semantics/semantics.hpp"
#include "tests/semantics/sigma_from_fen.hpp"

namespace pgnsem::sem::testing {

// The pieces by their SAN letters, for building moves: trav(P, "e4"), cap(N, "f3").
inline constexpr PieceKind P = PieceKind::Pawn, N = PieceKind::Knight, B = PieceKind::Bishop, R = PieceKind::Rook,
                           Q = PieceKind::Queen, K = PieceKind::King;

// A piece id by its number in the paper's table (13 is White's e-pawn).
inline PieceId id(int v) {
    const auto p = PieceId::from_value(v);
    REQUIRE(p.has_value());
    return *p;
}

inline Square sq(std::string_view text) {
    REQUIRE(text.size() == 2);
    const auto q = Square::from_chars(text[0], text[1]);
    REQUIRE(q.has_value());
    return *q;
}

inline ast::Disambiguator dis(std::string_view text) {
    ast::Disambiguator d;
    for (char c : text) {
        if (auto f = File::from_char(c)) d.file = f;
        if (auto r = Rank::from_char(c)) d.rank = r;
    }
    return d;
}

// Nf3 → trav(Knight, "f3"); Nge2 → trav(Knight, "e2", "g").
inline ast::Move trav(PieceKind k, std::string_view to, std::string_view from = "") {
    return ast::Move{ast::Traversal{k, dis(from), sq(to)}};
}
// exd5 → cap(Pawn, "d5", "e"); Rxd5 → cap(Rook, "d5").
inline ast::Move cap(PieceKind k, std::string_view to, std::string_view from = "") {
    return ast::Move{ast::Capture{k, dis(from), sq(to)}};
}
inline ast::Move castle(ast::CastleSide side) {
    return ast::Move{ast::Castle{side}};
}
inline ast::Move oo() {
    return castle(ast::CastleSide::King);
}
inline ast::Move ooo() {
    return castle(ast::CastleSide::Queen);
}
// e8=Q → promo("e8", Queen); dxe8=N → promo("e8", Knight, 'd').
inline ast::Move promo(std::string_view to, ast::PromotionPiece t, char capture_file = 0) {
    std::optional<File> w;
    if (capture_file != 0) w = File::from_char(capture_file);
    const auto p = ast::Promotion::make(w, sq(to), t);
    REQUIRE(p.has_value());
    return ast::Move{*p};
}
// g1f3, e7e8q
inline ast::Move coord(std::string_view uci) {
    REQUIRE(uci.size() >= 4);
    std::optional<ast::PromotionPiece> t;
    if (uci.size() == 5) {
        switch (uci[4]) {
            case 'n': t = ast::PromotionPiece::Knight; break;
            case 'b': t = ast::PromotionPiece::Bishop; break;
            case 'r': t = ast::PromotionPiece::Rook; break;
            default: t = ast::PromotionPiece::Queen; break;
        }
    }
    return ast::Move{ast::Coordinate{sq(uci.substr(0, 2)), sq(uci.substr(2, 2)), t}};
}
inline ConcreteMove concrete(std::string_view uci) {
    const ast::Move m = coord(uci);
    const auto& c = boost::variant2::get<ast::Coordinate>(m.body);
    return ConcreteMove{c.from, c.to, c.promotion};
}

// A move as one number, for comparing lists of moves as sets: from × 320 + to × 5 + the promotion
// field (0 none, 1–4 knight … queen, as a packed move's bits 12–14).
inline int move_key(int from, int to, int promotion) {
    return from * 320 + to * 5 + promotion;
}
inline int move_key(const ConcreteMove& m) {
    return move_key(m.from.index(), m.to.index(), m.promotion ? 1 + static_cast<int>(*m.promotion) : 0);
}
// The keys of a list of moves, sorted.
inline std::vector<int> sorted_move_keys(const MoveList& list) {
    std::vector<int> keys;
    for (const ConcreteMove& m : list) keys.push_back(move_key(m));
    std::sort(keys.begin(), keys.end());
    return keys;
}

inline State fen(std::string_view text) {
    const auto s = sigma_from_fen(text);
    REQUIRE(s.has_value());
    return *s;
}

template <class R>
inline std::string rule_name(R r) {
    return std::string(rule_id(r));
}

// Appends "accept ID" or "reject ID" to the file named by PGNSEM_RULE_LOG, when it is set: the
// rule T was seen to fire or fail with, whatever the test expected.
template <class R>
inline void observed(std::string_view how, R r) {
    static const char* const log = std::getenv("PGNSEM_RULE_LOG");
    if (log == nullptr) return;
    std::ofstream(log, std::ios::app) << how << ' ' << rule_id(r) << '\n';
}

// T(m)(σ) = ⊤ by the equation `fired`; returns σ'.
inline State accepts(const State& s, const ast::Move& m, Equation fired, Reading r = Reading::laws()) {
    const Termination t = terminates(m, s, r);
    if (const Refused* f = boost::variant2::get_if<Refused>(&t)) {
        INFO("T failed with " << rule_name(f->rule));
        REQUIRE(false);
    }
    const Accepted& ok = boost::variant2::get<Accepted>(t);
    observed("accept", ok.action.rule);
    CHECK(rule_name(ok.action.rule) == rule_name(fired));
    return ok.next;
}

// T(m)(σ) = ⊥ with `rule`; returns the detail.
inline Detail rejects(const State& s, const ast::Move& m, Failure rule, Reading r = Reading::laws()) {
    const Termination t = terminates(m, s, r);
    if (const Accepted* ok = boost::variant2::get_if<Accepted>(&t)) {
        INFO("T accepted the move by " << rule_name(ok->action.rule));
        REQUIRE(false);
    }
    const Refused& f = boost::variant2::get<Refused>(t);
    observed("reject", f.rule);
    CHECK(rule_name(f.rule) == rule_name(rule));
    return f.detail;
}

// Plays a sequence of moves that must all be legal.
inline State play(State s, std::initializer_list<ast::Move> moves, Reading r = Reading::laws()) {
    for (const ast::Move& m : moves) {
        const Termination t = terminates(m, s, r);
        if (const Refused* f = boost::variant2::get_if<Refused>(&t)) {
            INFO("move " << (s.turn + 1) << " failed with " << rule_name(f->rule));
            REQUIRE(false);
        }
        s = boost::variant2::get<Accepted>(t).next;
    }
    return s;
}

inline PieceId at(const State& s, std::string_view q) {
    return s.board[static_cast<std::size_t>(sq(q).index())];
}

inline bool enumerated(const State& s, std::string_view uci) {
    const ConcreteMove m = concrete(uci);
    for (const ConcreteMove& x : legal_moves(s))
        if (x == m) return true;
    return false;
}

}  // namespace pgnsem::sem::testing

// Catch2 prints a piece id by its number.
namespace Catch {
template <>
struct StringMaker<pgnsem::sem::PieceId> {
    static std::string convert(pgnsem::sem::PieceId v) { return std::to_string(v.value()); }
};
}  // namespace Catch
