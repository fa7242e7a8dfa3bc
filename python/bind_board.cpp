// pgnsem.Board and its values (python/README.md, "The board"): api::Board of pgnsem/board.hpp call
// for call, with squares as numbers (0 = a1 … 63 = h8), moves as pgnsem.Move, refusals raised as
// pgnsem.Error carrying the rule id, Chess960 asked for by keyword (chess960=True, shredder=True);
// and the FEN and SAN readers of pgnsem/api.hpp.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pgnsem/api.hpp"
#include "python/bindings.hpp"

namespace pgnsem::python {

namespace {

using namespace pybind11::literals;

chess::Square square_of(int q) {
    if (q < 0 || q > 63) throw py::index_error("a square is a number from 0 (a1) to 63 (h8), not " + std::to_string(q));
    return static_cast<chess::Square>(q);
}

py::object square_or_none(std::optional<chess::Square> q) {
    if (!q) return py::none();
    return py::int_(static_cast<int>(*q));
}

py::object rule_or_none(std::optional<chess::Rule> rule) {
    if (!rule) return py::none();
    return view(chess::rule_id(*rule));
}

// One Python object for each move a board can list, made the first time it is needed and handed
// out again after (an incref, not an allocation): a list of legal moves is the board's busiest
// answer. Moves are immutable, compared and hashed by value, so sharing them is invisible.
class MoveCache {
public:
    py::object get(chess::Move m) {
        py::object& slot = moves_[m.bits()];
        if (!slot) slot = py::cast(m);
        return slot;
    }

private:
    // bits 0–14: from, to, promotion (pgnsem/board.hpp); never freed (the module lives as long as
    // the interpreter)
    std::array<py::object, 1u << 15> moves_;
};

MoveCache& move_cache() {
    static auto* cache = new MoveCache();  // NOLINT: deliberately never destroyed, as Python's objects
    return *cache;
}

py::list move_list(const chess::MoveList& moves) {
    py::list out(moves.size());
    MoveCache& cache = move_cache();
    std::size_t i = 0;
    for (const chess::Move m : moves) {
        py::object o = cache.get(m);
        PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i++), o.release().ptr());
    }
    return out;
}

chess::Move move_from_uci(std::string_view uci) {
    const auto bad = [&] {
        return py::value_error("not a UCI move (two squares, then n, b, r or q for a promotion): '" + std::string(uci) +
                               "'");
    };
    if (uci.size() != 4 && uci.size() != 5) throw bad();
    const auto from = chess::parse_square(uci.substr(0, 2));
    const auto to = chess::parse_square(uci.substr(2, 2));
    if (!from || !to) throw bad();
    std::optional<chess::PieceType> promotion;
    if (uci.size() == 5) {
        switch (uci[4]) {
            case 'n': promotion = chess::PieceType::Knight; break;
            case 'b': promotion = chess::PieceType::Bishop; break;
            case 'r': promotion = chess::PieceType::Rook; break;
            case 'q': promotion = chess::PieceType::Queen; break;
            default: throw bad();
        }
    }
    return chess::Move(*from, *to, promotion);
}

chess::Variant variant_of(bool chess960) {
    return chess960 ? chess::Variant::Chess960 : chess::Variant::Standard;
}

chess::Board board_from_fen(std::string_view fen, bool validate, bool chess960) {
    return chess::Board::from_fen(fen, validate ? chess::Board::Validation::Game : chess::Board::Validation::None,
                                  variant_of(chess960));
}

chess::CastlingStyle castling_style(bool shredder) {
    return shredder ? chess::CastlingStyle::Shredder : chess::CastlingStyle::XFen;
}

std::string piece_repr(const chess::Piece& p) {
    return std::string("Piece('") + p.letter() + "')";
}

}  // namespace

void bind_board(py::module_& m) {
    py::enum_<chess::Side>(m, "Side", "The side that moves, or is to move.")
        .value("WHITE", chess::Side::White)
        .value("BLACK", chess::Side::Black);
    py::enum_<chess::PieceType>(m, "PieceType")
        .value("PAWN", chess::PieceType::Pawn)
        .value("KNIGHT", chess::PieceType::Knight)
        .value("BISHOP", chess::PieceType::Bishop)
        .value("ROOK", chess::PieceType::Rook)
        .value("QUEEN", chess::PieceType::Queen)
        .value("KING", chess::PieceType::King);
    py::enum_<chess::End>(m, "End", "A position with no legal move: checkmate (Laws 5.1.1) or stalemate (5.2.1).")
        .value("CHECKMATE", chess::End::Checkmate)
        .value("STALEMATE", chess::End::Stalemate);

    py::class_<chess::Piece>(m, "Piece",
                             "A piece: its side and type; letter() is FEN's (PNBRQK for White, pnbrqk for Black).")
        .def(py::init([](chess::Side side, chess::PieceType type) {
                 return chess::Piece{side, type};
             }),
             "side"_a, "type"_a)
        .def_readonly("side", &chess::Piece::side)
        .def_readonly("type", &chess::Piece::type)
        .def("letter", [](const chess::Piece& p) { return std::string(1, p.letter()); })
        .def("__eq__", [](const chess::Piece& a, const chess::Piece& b) { return a == b; })
        .def("__hash__", [](const chess::Piece& p) { return static_cast<int>(p.letter()); })
        .def("__repr__", &piece_repr);

    py::class_<chess::Move>(m, "Move",
                            "A move by its squares, as a board lists and plays it: from_square, to_square (0 = a1 … "
                            "63 = h8) and the piece a pawn promotes to. Castling is the king's move to its "
                            "destination in standard chess (e1g1) and the king taking its own rook in Chess960 "
                            "(e1h1), as UCI writes each. Immutable; equal moves compare and hash equal. It says "
                            "nothing of a position until a board judges it (Board.is_legal, Board.push).")
        .def(py::init([](int from, int to, std::optional<chess::PieceType> promotion) {
                 return chess::Move(square_of(from), square_of(to), promotion);
             }),
             "from_square"_a, "to_square"_a, "promotion"_a = py::none())
        .def_static("from_uci", &move_from_uci, "uci"_a,
                    "The move a UCI text spells (e2e4, e7e8q, e1g1), without a position; ValueError when it is "
                    "no UCI move. Board.parse_uci also asks whether it is legal.")
        .def_property_readonly("from_square", [](chess::Move mv) { return static_cast<int>(mv.from()); })
        .def_property_readonly("to_square", [](chess::Move mv) { return static_cast<int>(mv.to()); })
        .def_property_readonly("promotion", &chess::Move::promotion)
        .def("uci", &chess::Move::uci, "UCI: e2e4, e7e8q, e1g1 (a Chess960 castling: e1h1).")
        .def("__str__", &chess::Move::uci)
        .def("__repr__", [](chess::Move mv) { return "Move.from_uci('" + mv.uci() + "')"; })
        .def("__eq__", [](chess::Move a,
                          const py::object& b) { return py::isinstance<chess::Move>(b) && a == b.cast<chess::Move>(); })
        .def("__hash__", [](chess::Move mv) { return mv.bits(); });

    py::class_<chess::CastlingRights>(m, "CastlingRights",
                                      "Which castlings the rights still allow (FEN's KQkq): the king and that rook "
                                      "have never moved. Whether castling is legal now is Board.is_legal's question.")
        .def_readonly("white_king_side", &chess::CastlingRights::white_king_side)
        .def_readonly("white_queen_side", &chess::CastlingRights::white_queen_side)
        .def_readonly("black_king_side", &chess::CastlingRights::black_king_side)
        .def_readonly("black_queen_side", &chess::CastlingRights::black_queen_side)
        .def("__eq__", [](const chess::CastlingRights& a, const chess::CastlingRights& b) { return a == b; })
        .def("__repr__", [](const chess::CastlingRights& r) {
            std::string s;
            if (r.white_king_side) s += 'K';
            if (r.white_queen_side) s += 'Q';
            if (r.black_king_side) s += 'k';
            if (r.black_queen_side) s += 'q';
            return "CastlingRights('" + (s.empty() ? std::string("-") : s) + "')";
        });

    py::class_<chess::CastlingRooks>(m, "CastlingRooks",
                                     "The rook each castling right names, by its start square (0 = a1 … 63 = h8): "
                                     "h1, a1, h8, a8 in standard chess, any square of the first rank on that side of "
                                     "the king in Chess960; None where the right is gone.")
        .def_property_readonly("white_king_side",
                               [](const chess::CastlingRooks& r) { return square_or_none(r.white_king_side); })
        .def_property_readonly("white_queen_side",
                               [](const chess::CastlingRooks& r) { return square_or_none(r.white_queen_side); })
        .def_property_readonly("black_king_side",
                               [](const chess::CastlingRooks& r) { return square_or_none(r.black_king_side); })
        .def_property_readonly("black_queen_side",
                               [](const chess::CastlingRooks& r) { return square_or_none(r.black_queen_side); })
        .def("__eq__", [](const chess::CastlingRooks& a, const chess::CastlingRooks& b) { return a == b; })
        .def("__repr__", [](const chess::CastlingRooks& r) {
            std::string s = "CastlingRooks(";
            const char* names[] = {"white_king_side", "white_queen_side", "black_king_side", "black_queen_side"};
            const std::optional<chess::Square> rooks[] = {r.white_king_side, r.white_queen_side, r.black_king_side,
                                                          r.black_queen_side};
            bool first = true;
            for (std::size_t i = 0; i < 4; ++i) {
                if (!rooks[i]) continue;
                if (!first) s.append(", ");
                first = false;
                s.append(names[i]).append("=").append(chess::square_name(*rooks[i]));
            }
            return s.append(")");
        });

    py::class_<chess::MoveJudgement>(m, "MoveJudgement",
                                     "One move judged in a position (Board.judge): legal or not, the rule and why, "
                                     "canonical SAN and UCI, the notation's warnings, the board after it.")
        .def_readonly("legal", &chess::MoveJudgement::legal)
        .def_property_readonly(
            "rule", [](const chess::MoveJudgement& j) { return rule_or_none(j.rule); },
            "The rule id when not legal (T's rule, or the syntax kind when the text is no SAN or UCI); None when "
            "legal.")
        .def_property_readonly("message", [](const chess::MoveJudgement& j) { return text(j.message); })
        .def_readonly("move", &chess::MoveJudgement::move)
        .def_property_readonly("san",
                               [](const chess::MoveJudgement& j) -> py::object {
                                   if (!j.legal) return py::none();
                                   return py::str(j.san);
                               })
        .def_property_readonly("uci",
                               [](const chess::MoveJudgement& j) -> py::object {
                                   if (!j.legal) return py::none();
                                   return py::str(j.uci);
                               })
        .def_property_readonly(
            "warnings",
            [](const chess::MoveJudgement& j) {
                py::list out;
                for (const chess::Warning& w : j.warnings) out.append(warning_dict(w));
                return out;
            },
            "The warning objects of docs/vocabulary.md (dicts): what the text claims wrongly or spells in an "
            "import-format way; the move is played all the same.")
        .def_readonly("after", &chess::MoveJudgement::after)
        .def("__repr__", [](const chess::MoveJudgement& j) {
            if (j.legal) return "<MoveJudgement legal " + j.san + ">";
            return "<MoveJudgement " + std::string(chess::rule_id(*j.rule)) + ">";
        });

    py::class_<chess::Board> board(
        m, "Board",
        "A chess position and the moves pushed onto it, to play on and take back: pgnsem's C++ board "
        "(pgnsem/board.hpp), every answer T's under the FIDE Laws. Board() is the initial position; "
        "Board(fen) or Board.from_fen(fen) reads a FEN or four-field EPD; chess960=True plays Chess960 "
        "(Board.chess960_start(n) is its start position n). Refusals raise pgnsem.Error with the rule id. "
        "Copy with copy() (or copy.copy); one board must not be changed by one thread while another uses "
        "it.");
    board
        .def(py::init([](bool chess960) { return chess960 ? chess::Board::chess960_start(518) : chess::Board(); }),
             py::kw_only(), "chess960"_a = false,
             "The initial position; chess960=True: the same arrangement played by the Chess960 rules "
             "(Board.chess960_start(518)).")
        .def(py::init(&board_from_fen), "fen"_a, py::kw_only(), "validate"_a = true, "chess960"_a = false,
             "The position of a FEN or four-field EPD. validate=False takes every position the text describes, "
             "as `pgnsem perft` does (a perft suite's composed positions). chess960=True plays Chess960, its "
             "castling field read as X-FEN or Shredder-FEN; a castling field that names a rook by its file "
             "letter (HAha) is Chess960 in any case.")
        .def_static("from_fen", &board_from_fen, "fen"_a, py::kw_only(), "validate"_a = true, "chess960"_a = false,
                    "A FEN or four-field EPD (EPD's hmvc and fmvn give its clocks, else 0 1). Raises pgnsem.Error: "
                    "syntax/fen with the column when it does not parse, else (validate=True) the first position/… "
                    "rule of a position that cannot arise in a game. chess960=True plays Chess960 (X-FEN or "
                    "Shredder-FEN); a rook named by its file letter makes a Chess960 board in any case.")
        .def_static(
            "chess960_start",
            [](int n) {
                if (n < 0 || n > 959)
                    throw py::value_error("a Chess960 start position is numbered 0 to 959, not " + std::to_string(n));
                return chess::Board::chess960_start(n);
            },
            "n"_a,
            "Chess960's start position n (0 to 959, the standard numbering: 518 is RNBQKBNR, the standard "
            "arrangement), White to move; ValueError for another n.")
        .def("is_chess960", &chess::Board::is_chess960, "Whether the board plays Chess960.")
        .def(
            "fen", [](const chess::Board& b, bool shredder) { return b.fen(castling_style(shredder)); }, py::kw_only(),
            "shredder"_a = false,
            "FEN out (the en passant field after every double step). A Chess960 board writes its castling rights "
            "as X-FEN (KQkq for the outermost rooks, a file letter for another), or with shredder=True as "
            "Shredder-FEN (file letters always: HAha); a standard board writes KQkq either way.")
        .def(
            "epd", [](const chess::Board& b, bool shredder) { return b.epd(castling_style(shredder)); }, py::kw_only(),
            "shredder"_a = false, "FEN's first four fields (shredder as for fen()).")
        .def("turn", &chess::Board::turn, "The side to move.")
        .def(
            "piece_at", [](const chess::Board& b, int q) { return b.piece_at(square_of(q)); }, "square"_a,
            "The piece on a square (0 = a1 … 63 = h8), or None.")
        .def("in_check", &chess::Board::in_check, "Whether the side to move is in check.")
        .def("castling_rights", &chess::Board::castling_rights)
        .def("castling_rooks", &chess::Board::castling_rooks,
             "The rook each castling right names, by its start square (a CastlingRooks): in Chess960 a right is "
             "the right to castle with that rook.")
        .def(
            "en_passant_square", [](const chess::Board& b) { return square_or_none(b.en_passant_square()); },
            "The square FEN's en passant field names (behind a pawn that has just made a double step), or None.")
        .def("halfmove_clock", &chess::Board::halfmove_clock)
        .def("fullmove_number", &chess::Board::fullmove_number)
        .def("hash", &chess::Board::hash,
             "64 bits equal for the same position in the repetition rule's sense (pieces, side to move, castling "
             "rights, en passant possibility; not the clocks).")
        .def(
            "legal_moves", [](const chess::Board& b) { return move_list(b.legal_moves()); },
            "Every legal move, a list of Move in the move generator's order (sort by uci() for pgnsem moves' "
            "order).")
        .def("legal_move_count", &chess::Board::legal_move_count)
        .def("is_legal", &chess::Board::is_legal, "move"_a)
        .def("end", &chess::Board::end, "End.CHECKMATE or End.STALEMATE, or None while a legal move exists.")
        .def(
            "perft",
            [](const chess::Board& b, int depth) {
                if (depth < 0 || depth > 32) throw py::value_error("perft's depth is from 0 to 32");
                // counted on a copy, without the GIL: another thread may change this board meanwhile
                const chess::Board copy = b;
                py::gil_scoped_release released;
                return copy.perft(depth);
            },
            "depth"_a,
            "The leaves of the legal-move tree of that depth (1 for depth 0), as `pgnsem perft` counts them. The "
            "GIL is released while it counts.")
        .def("san", &chess::Board::san, "move"_a, "The canonical SAN of a legal move (pgnsem.Error otherwise).")
        .def("parse_san", &chess::Board::parse_san, "san"_a,
             "The legal move a SAN text names (import-format spellings tolerated, as in a game). Raises "
             "pgnsem.Error: the syntax kind and column when it does not read, T's rule when the move is illegal.")
        .def("parse_uci", &chess::Board::parse_uci, "uci"_a,
             "The legal move a UCI text names (e2e4, e7e8q; castling e1g1, or in Chess960 the king taking its "
             "rook, e1h1). Raises pgnsem.Error.")
        .def("judge", &chess::Board::judge, "move"_a, "One move in SAN or UCI judged without raising: a MoveJudgement.")
        .def("push", &chess::Board::push, "move"_a,
             "Plays a legal move; pgnsem.Error (T's rule) for one that is not, the board unchanged.")
        .def("push_san", &chess::Board::push_san, "san"_a, "Plays the move a SAN text names and returns it.")
        .def("push_uci", &chess::Board::push_uci, "uci"_a, "Plays the move a UCI text names and returns it.")
        .def("pop", &chess::Board::pop, "Takes back the last move pushed and returns it (IndexError when none).")
        .def(
            "move_stack",
            [](const chess::Board& b) {
                py::list out;
                for (const chess::Move mv : b.move_stack()) out.append(move_cache().get(mv));
                return out;
            },
            "The moves pushed and not popped, oldest first.")
        .def("pushed", &chess::Board::pushed, "How many moves are on the stack.")
        .def(
            "copy", [](const chess::Board& b) { return b; }, "A copy, with its moves.")
        .def("__copy__", [](const chess::Board& b) { return b; })
        .def(
            "__deepcopy__", [](const chess::Board& b, const py::object&) { return b; }, "memo"_a)
        .def(
            "__eq__",
            [](const chess::Board& a, const py::object& b) {
                return py::isinstance<chess::Board>(b) && a == b.cast<const chess::Board&>();
            },
            "The same σ: the pieces with their identities, side, rights, en passant stamps and clocks (not the "
            "moves pushed; compare hash() for the repetition rule's sameness).")
        .def("__repr__", [](const chess::Board& b) { return "Board('" + b.fen() + "')"; })
        .def("__str__", [](const chess::Board& b) { return b.fen(); });
    // A board is mutable: no __hash__ (hash() is the position's, by name).
    board.attr("__hash__") = py::none();

    py::class_<chess::FenReading>(m, "FenReading", "FEN read without raising: position (a Board) or rule and message.")
        .def_readonly("position", &chess::FenReading::position)
        .def_property_readonly("rule", [](const chess::FenReading& r) { return rule_or_none(r.rule); })
        .def_readonly("message", &chess::FenReading::message)
        .def("__repr__", [](const chess::FenReading& r) {
            if (r.position) return "<FenReading " + r.position->fen() + ">";
            return "<FenReading " + std::string(chess::rule_id(*r.rule)) + ">";
        });
    m.def(
        "read_fen", [](std::string_view fen, bool chess960) { return chess::read_fen(fen, variant_of(chess960)); },
        "fen"_a, py::kw_only(), "chess960"_a = false,
        "A FEN or EPD read without raising: FenReading.position, or FenReading.rule (syntax/fen, or the first "
        "position/… rule) and its message. chess960 as for Board.");

    py::class_<chess::SanReading>(m, "SanReading",
                                  "A SAN token read without a position: san (the export-format spelling), or rule, "
                                  "column and message.")
        .def_readonly("san", &chess::SanReading::san)
        .def_property_readonly("rule", [](const chess::SanReading& r) { return rule_or_none(r.rule); })
        .def_property_readonly("column", [](const chess::SanReading& r) { return number_or_none(r.column); })
        .def_readonly("message", &chess::SanReading::message)
        .def("__repr__", [](const chess::SanReading& r) {
            if (r.san) return "<SanReading " + *r.san + ">";
            return "<SanReading " + std::string(chess::rule_id(*r.rule)) + ">";
        });
    m.def("read_san", &chess::read_san, "token"_a,
          "SAN read without a position: the export-format spelling (0-0 → O-O, e8q → e8=Q), or the syntax kind "
          "and column of what is wrong. Which move it names depends on a position: Board.judge.");
}

}  // namespace pgnsem::python
