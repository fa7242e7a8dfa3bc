// pgnsem/board.hpp: the board, each answer taken from the code `pgnsem check` runs — the fast
// path's T, move generator, IIC and position keys (semantics/fast/), the reader of SAN and FEN
// (syntax/), judge_move and the claims (interpreter/). Nothing here decides a rule of chess.
//
// Short names: s = σ, p = σ with its kings (fast::Position), e = the engine, j = a Judged.
#include "pgnsem/board.hpp"

#include <cstring>
#include <type_traits>
#include <utility>

#include "interpreter/claims.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "laws/setup.hpp"
#include "pgnsem/detail/board_access.hpp"
#include "semantics/engines.hpp"
#include "syntax/fen.hpp"
#include "syntax/san.hpp"

namespace pgnsem::api {
namespace v2 = boost::variant2;

namespace {

sem::ConcreteMove concrete(Move m) noexcept {
    sem::ConcreteMove c{pgnsem::Square::unchecked(static_cast<int>(m.from())),
                        pgnsem::Square::unchecked(static_cast<int>(m.to())), std::nullopt};
    if (const std::optional<PieceType> t = m.promotion()) {
        switch (*t) {
            case PieceType::Knight: c.promotion = ast::PromotionPiece::Knight; break;
            case PieceType::Bishop: c.promotion = ast::PromotionPiece::Bishop; break;
            case PieceType::Rook: c.promotion = ast::PromotionPiece::Rook; break;
            case PieceType::Queen: c.promotion = ast::PromotionPiece::Queen; break;
            case PieceType::Pawn:
            case PieceType::King:
                // No piece promotes to these: a promotion to a knight's square of nothing, so that T
                // refuses it as it refuses any wrong promotion (the move below is never legal).
                c.promotion = std::nullopt;
                break;
        }
    }
    return c;
}

// A promotion to no piece a pawn becomes: a pawn or a king, or field 7 (a Move made with from_bits).
bool bad_promotion(Move m) noexcept {
    const std::optional<PieceType> t = m.promotion();
    return t && (*t == PieceType::Pawn || static_cast<int>(*t) >= static_cast<int>(PieceType::King));
}

// The move by its squares that an action of σ is, as the generator lists it (sem::concrete_move: a
// castling is the king's move to its destination, or in a Chess960 game the king taking its rook).
Move move_of(const sem::State& s, const sem::Action& a) noexcept {
    const sem::ConcreteMove c = sem::concrete_move(s, a);
    std::optional<PieceType> promotion;
    if (c.promotion) promotion = static_cast<PieceType>(1 + static_cast<int>(*c.promotion));
    return Move(static_cast<Square>(c.from.index()), static_cast<Square>(c.to.index()), promotion);
}

// The first four fields of a FEN.
std::string first_four_fields(const std::string& fen) {
    std::size_t spaces = 0;
    for (std::size_t i = 0; i < fen.size(); ++i)
        if (fen[i] == ' ' && ++spaces == 4) return fen.substr(0, i);
    return fen;
}

// T's refusal of a move given by its squares, worded as `check` words a refused move: the move is
// read as the coordinate move its UCI spells (syntax/san.hpp) and judged again for the message.
[[noreturn]] void refuse(const sem::State& s, Move m) {
    const std::string text = m.uci();
    if (bad_promotion(m))
        throw Error(Rule::SyntaxPromotionPiece, "a pawn promotes to a knight, bishop, rook or queen, not in " + text);
    const auto parsed = syntax::parse_san(text);
    // A promotion named off the last rank (e2e4q) is refused by the reading of its text, as check
    // refuses it; the move was given as a value, so no column applies.
    if (const auto* error = v2::get_if<syntax::SanError>(&parsed))
        throw Error(rule_of(error->kind), std::string(error->message) + ": " + text);
    const sem::Engine& e = sem::fast_engine();
    const interp::Judged j = interp::judge_move(e, v2::get<ast::Move>(parsed), s);
    PGNSEM_ASSERT(!j.defined(), "a move T refuses as a concrete move is refused as written");
    const interp::Refusal r = interp::refusal(e, j, s, text);
    throw Error(rule_of(sem::rule_id(r.rule)), r.message);
}

// The strict UCI grammar: two squares and a lower-case promotion letter, or 0000; the 1-based
// column of the first character that does not fit, or 0.
std::uint32_t uci_error_column(std::string_view u) noexcept {
    if (u.size() < 4) return static_cast<std::uint32_t>(u.size() + 1);
    for (std::size_t i = 0; i < 4; ++i) {
        const bool file = i % 2 == 0;
        const char c = u[i];
        if (file ? (c < 'a' || c > 'h') : (c < '1' || c > '8')) return static_cast<std::uint32_t>(i + 1);
    }
    if (u.size() == 5 && std::string_view("nbrq").find(u[4]) == std::string_view::npos) return 5;
    if (u.size() > 5) return 6;
    return 0;
}

}  // namespace

std::string_view side_name(Side s) noexcept {
    return s == Side::White ? "white" : "black";
}

std::string_view end_name(End e) noexcept {
    return e == End::Checkmate ? "checkmate" : "stalemate";
}

std::string Move::uci() const {
    std::string u;
    u.append(square_name(from()));
    u.append(square_name(to()));
    if (const std::optional<PieceType> t = promotion()) {
        const auto i = static_cast<std::size_t>(*t);
        u.push_back(i < 6 ? "pnbrqk"[i] : '?');
    }
    return u;
}

Error::Error(Rule rule, const std::string& message, std::uint32_t column)
    : std::runtime_error(std::string(api::rule_id(rule)) + ": " + message), rule_(rule), column_(column) {}

// ---- positions -----------------------------------------------------------------------------------

Board::Board() noexcept {
    new (state_.bytes.data()) Held(held_of(sem::initial_state()));
}

Board Board::from_fen(std::string_view fen, Validation validation) {
    return from_fen(fen, validation, Variant::Standard);
}

Board Board::from_fen(std::string_view fen, Validation validation, Variant variant) {
    syntax::FenResult parsed = syntax::parse_position(fen);
    if (const auto* error = v2::get_if<syntax::FenError>(&parsed))
        throw Error(Rule::SyntaxFen,
                    "the FEN does not parse: " + std::string(error->field) + " field, column " +
                        std::to_string(error->column + 1) + ": " + error->message,
                    static_cast<std::uint32_t>(error->column + 1));
    Placement& placement = v2::get<Placement>(parsed);
    // A rook named by its file letter is Chess960 notation (proofs-notes/chess960.md), as
    // app/moves_report.cpp's position_option reads it.
    placement.chess960 =
        variant == Variant::Chess960 || placement.castling_files[0] != 0 || placement.castling_files[1] != 0;
    const sem::State s = sem::from_placement(placement);
    const sem::Problems problems = validation == Validation::Game ? sem::validate(placement) : sem::Problems{};
    if (problems.empty()) {
        return board_of(s);
    }
    // As a game's FEN tag is refused (interpreter/start_position.cpp): the first problem's rule,
    // every problem in the message.
    std::string message = "the position cannot arise in a game: ";
    for (std::size_t i = 0; i < problems.size; ++i) {
        if (i > 0) message += "; ";
        message += interp::explain_problem(problems.items[i].rule, problems.items[i].detail, s);
    }
    throw Error(rule_of(sem::rule_id(problems.items[0].rule)), message);
}

Board Board::chess960_start(int n) {
    if (n < 0 || n > 959) {
        std::string message = "Board::chess960_start: a Chess960 start position is numbered 0 to 959, not ";
        message.append(std::to_string(n));
        throw std::out_of_range(message);
    }
    return board_of(sem::initial_state_960(n));
}

std::string Board::fen() const {
    return interp::fen_of(BoardAccess::state(*this));
}

std::string Board::epd() const {
    return first_four_fields(fen());
}

std::string Board::fen(CastlingStyle style) const {
    const sem::State& s = BoardAccess::state(*this);
    switch (style) {
        case CastlingStyle::XFen: return fen();
        case CastlingStyle::Shredder:
            // a standard position is written KQkq in either style (laws/setup.hpp)
            if (!s.chess960) return fen();
            return std::string(syntax::print_fen(sem::to_placement(s, sem::CastlingStyle::Shredder)).view());
    }
    PGNSEM_UNREACHABLE("every castling style is listed");
}

std::string Board::epd(CastlingStyle style) const {
    return first_four_fields(fen(style));
}

bool Board::is_chess960() const noexcept {
    return BoardAccess::state(*this).chess960;
}

Side Board::turn() const noexcept {
    return sem::to_move(BoardAccess::state(*this)) == Color::White ? Side::White : Side::Black;
}

std::optional<Piece> Board::piece_at(Square q) const noexcept {
    const sem::PieceId v = BoardAccess::state(*this).board[static_cast<std::size_t>(q)];
    if (v == sem::kEmpty) return std::nullopt;
    return Piece{sem::color_of(v) == Color::White ? Side::White : Side::Black, static_cast<PieceType>(sem::kind_of(v))};
}

bool Board::in_check() const noexcept {
    const fast::Position p = BoardAccess::position(*this);
    const Color us = sem::to_move(p.sigma);
    return sem::FastEngine::in_check(p, us);
}

CastlingRights Board::castling_rights() const noexcept {
    const unsigned r = sem::FastEngine::castling_rights(BoardAccess::state(*this));
    return CastlingRights{(r & 1u) != 0, (r & 2u) != 0, (r & 4u) != 0, (r & 8u) != 0};
}

// A right's rook stands on its castling file (σ's castling_files) of its colour's first rank.
CastlingRooks Board::castling_rooks() const noexcept {
    const sem::State& s = BoardAccess::state(*this);
    const CastlingRights r = castling_rights();
    const auto rook = [&s](bool right, Color c, ast::CastleSide side) -> std::optional<Square> {
        if (!right) return std::nullopt;
        return make_square(sem::castling_files(s, c).rook[static_cast<std::size_t>(side)], c == Color::White ? 0 : 7);
    };
    return CastlingRooks{rook(r.white_king_side, Color::White, ast::CastleSide::King),
                         rook(r.white_queen_side, Color::White, ast::CastleSide::Queen),
                         rook(r.black_king_side, Color::Black, ast::CastleSide::King),
                         rook(r.black_queen_side, Color::Black, ast::CastleSide::Queen)};
}

std::optional<Square> Board::en_passant_square() const noexcept {
    const std::optional<pgnsem::Square> q = sem::to_placement(BoardAccess::state(*this)).en_passant;
    if (!q) return std::nullopt;
    return static_cast<Square>(q->index());
}

std::uint32_t Board::halfmove_clock() const noexcept {
    return BoardAccess::state(*this).halfmove_clock;
}

std::uint32_t Board::fullmove_number() const noexcept {
    return sem::move_number(BoardAccess::state(*this));
}

std::uint64_t Board::hash() const noexcept {
    return sem::FastEngine::full_key(BoardAccess::state(*this));
}

MoveList Board::legal_moves() const noexcept {
    MoveList out;
    const Held& h = BoardAccess::held(*this);
    BoardAccess::set_size(out, sem::FastEngine::legal_moves_packed(h.position.sigma, h.boards, BoardAccess::list(out)));
    return out;
}

std::size_t Board::legal_move_count() const noexcept {
    const Held& h = BoardAccess::held(*this);
    return sem::FastEngine::count_legal_moves(h.position.sigma, h.boards);
}

// The generator's answer for m (FastEngine::is_legal_packed), which is T's (F4): a Move's bits are
// the packed moves the generator writes, and bits of no legal move (a promotion to a pawn or king
// among them) are listed by no generator.
bool Board::is_legal(Move m) const noexcept {
    const Held& h = BoardAccess::held(*this);
    return sem::FastEngine::is_legal_packed(h.position.sigma, h.boards, m.bits());
}

std::optional<End> Board::end() const noexcept {
    switch (sem::fast_engine().outcome(BoardAccess::state(*this))) {
        case sem::Outcome::Ongoing: return std::nullopt;
        case sem::Outcome::Checkmate: return End::Checkmate;
        case sem::Outcome::Stalemate: return End::Stalemate;
    }
    PGNSEM_UNREACHABLE("every outcome is listed");
}

std::uint64_t Board::perft(int depth) const noexcept {
    return sem::fast_engine().perft(BoardAccess::state(*this), depth);
}

std::string Board::san(Move m) const {
    const fast::Position p = BoardAccess::position(*this);
    if (bad_promotion(m)) refuse(p.sigma, m);
    const sem::FastEngine::Answer t = sem::FastEngine::terminates_concrete(p, concrete(m));
    const fast::Accepted* ok = v2::get_if<fast::Accepted>(&t);
    if (ok == nullptr) refuse(p.sigma, m);
    return interp::canonical_text(sem::fast_engine(), p.sigma, ok->action, ok->next.sigma);
}

Move Board::parse_san(std::string_view text) const {
    const auto parsed = syntax::parse_san(text);
    if (const auto* error = v2::get_if<syntax::SanError>(&parsed))
        throw Error(rule_of(error->kind), std::string(error->message), error->column + 1);
    const sem::State s = BoardAccess::state(*this);
    const sem::Engine& e = sem::fast_engine();
    const interp::Judged j = interp::judge_move(e, v2::get<ast::Move>(parsed), s);
    if (!j.defined()) {
        const interp::Refusal r = interp::refusal(e, j, s, text);
        throw Error(rule_of(sem::rule_id(r.rule)), r.message);
    }
    return move_of(s, j.played().action);
}

Move Board::parse_uci(std::string_view text) const {
    if (text == "0000") throw Error(Rule::MoveNull, "0000, UCI's null move, is not a chess move");
    if (const std::uint32_t column = uci_error_column(text); column != 0)
        throw Error(Rule::SyntaxSan,
                    "not a UCI move (two squares, then n, b, r or q for a promotion): " + std::string(text), column);
    const Move m(*parse_square(text.substr(0, 2)), *parse_square(text.substr(2, 2)),
                 text.size() == 5
                     ? std::optional<PieceType>(static_cast<PieceType>(1 + std::string_view("nbrq").find(text[4])))
                     : std::nullopt);
    if (!is_legal(m)) refuse(BoardAccess::state(*this), m);
    return m;
}

MoveJudgement Board::judge(std::string_view move) const {
    MoveJudgement out;
    const auto parsed = syntax::parse_san(move);
    if (const auto* error = v2::get_if<syntax::SanError>(&parsed)) {
        out.rule = rule_of(error->kind);
        out.message = std::string(error->message) + " (column " + std::to_string(error->column + 1) + ")";
        return out;
    }
    const sem::State s = BoardAccess::state(*this);
    const sem::Engine& e = sem::fast_engine();
    const interp::Judged j = interp::judge_move(e, v2::get<ast::Move>(parsed), s);
    if (!j.defined()) {
        const interp::Refusal r = interp::refusal(e, j, s, move);
        out.rule = rule_of(sem::rule_id(r.rule));
        out.message = r.message;
        return out;
    }
    const interp::Played p = j.played();
    out.legal = true;
    out.move = move_of(s, p.action);
    out.san = interp::canonical_text(e, s, p.action, p.next);
    out.uci = interp::uci_text(s, p.action);
    // The claims the text makes, as the main line checks them, but for the move number: a move on
    // its own has none.
    ast::Ply ply;
    ply.move = v2::get<ast::Move>(parsed);
    ply.text = move;
    std::vector<interp::Warning> warnings;
    interp::check_claims(e, warnings, ply, 0, s, p, false, false, interp::actual_claim(e, p.next, p.check));
    for (const interp::Warning& w : warnings) out.warnings.push_back(warning_of(w));
    Board after = *this;
    BoardAccess::push(after, sem::FastEngine::position(p.next), concrete(*out.move), *out.move);
    out.after = std::move(after);
    return out;
}

// ---- playing -------------------------------------------------------------------------------------

void Board::push(Move m) {
    if (!is_legal(m)) refuse(BoardAccess::state(*this), m);
    push_unchecked(m);
}

void Board::push_unchecked(Move m) {
    const sem::ConcreteMove c = concrete(m);
    BoardAccess::push(*this, sem::FastEngine::apply_legal(BoardAccess::position(*this), c), c, m);
}

Move Board::push_san(std::string_view san) {
    const Move m = parse_san(san);
    push(m);
    return m;
}

Move Board::push_uci(std::string_view uci) {
    const Move m = parse_uci(uci);
    push(m);
    return m;
}

Move Board::pop() {
    if (history_.empty()) throw std::out_of_range("Board::pop: no move to take back");
    const Undo last = history_.back();
    history_.pop_back();
    state_ = last.before;
    return last.move;
}

std::vector<Move> Board::move_stack() const {
    std::vector<Move> out;
    out.reserve(history_.size());
    for (const Undo& u : history_) out.push_back(u.move);
    return out;
}

bool operator==(const Board& a, const Board& b) noexcept {
    return BoardAccess::position(a) == BoardAccess::position(b);
}

}  // namespace pgnsem::api
