#include "interpreter/position_report.hpp"

#include "interpreter/explain.hpp"
#include "interpreter/output.hpp"
#include "semantics/setup.hpp"
#include "syntax/fen.hpp"

namespace pgnsem::interp {

PositionReport describe_position(const Placement& p, std::string_view fen) {
    PositionReport r;
    const sem::State s = sem::from_placement(p);
    const sem::Problems problems = sem::validate(p);
    r.valid = problems.empty();
    auto pieces_of = [&](Color c) {
        std::string list;
        for (PieceKind k : {PieceKind::King, PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight,
                            PieceKind::Pawn})
            for (int i = 0; i < 64; ++i) {
                const auto& q = p.squares[static_cast<std::size_t>(i)];
                if (!q || q->color != c || q->kind != k) continue;
                if (!list.empty()) list += ' ';
                if (k != PieceKind::Pawn) list += piece_letter(k);
                char name[2];
                write_square(name, Square::unchecked(i));
                list.append(name, 2);
            }
        return list;
    };
    std::string castling;
    if (p.white_king_side) castling += 'K';
    if (p.white_queen_side) castling += 'Q';
    if (p.black_king_side) castling += 'k';
    if (p.black_queen_side) castling += 'q';
    std::string ep = "-";
    if (p.en_passant) {
        ep.assign(2, ' ');
        write_square(ep.data(), *p.en_passant);
    }
    // text
    r.text += "FEN:        " + std::string(fen) + "\n";
    r.text += "white:      " + pieces_of(Color::White) + "\n";
    r.text += "black:      " + pieces_of(Color::Black) + "\n";
    r.text += std::string("to move:    ") + color_name(p.side_to_move) + "\n";
    r.text += "castling:   " + (castling.empty() ? std::string("-") : castling) + "\n";
    r.text += "en passant: " + ep + "\n";
    r.text += "clocks:     halfmove " + std::to_string(p.halfmove_clock) + ", fullmove " +
              std::to_string(p.fullmove_number) + "\n";
    if (problems.empty()) {
        r.text += "valid:      yes\n";
    } else {
        r.text += "valid:      no\n";
        for (const sem::Problem& pr : problems)
            r.text += "  " + std::string(sem::rule_id(pr.rule)) + ": " + explain_problem(pr.rule, pr.detail, s) + "\n";
    }
    r.text += syntax::board_diagram(p);
    // json
    std::string& j = r.json;
    j += "{\"fen\":";
    append_json_string(j, fen);
    j += ",\"white\":";
    append_json_string(j, pieces_of(Color::White));
    j += ",\"black\":";
    append_json_string(j, pieces_of(Color::Black));
    j += ",\"to_move\":";
    append_json_string(j, color_name(p.side_to_move));
    j += ",\"castling\":";
    append_json_string(j, castling);
    j += ",\"en_passant\":";
    if (p.en_passant)
        append_json_string(j, ep);
    else
        j += "null";
    j += ",\"halfmove_clock\":" + std::to_string(p.halfmove_clock);
    j += ",\"fullmove_number\":" + std::to_string(p.fullmove_number);
    j += ",\"valid\":";
    j += problems.empty() ? "true" : "false";
    j += ",\"problems\":[";
    bool first = true;
    for (const sem::Problem& pr : problems) {
        if (!first) j += ',';
        first = false;
        j += "{\"rule\":";
        append_json_string(j, sem::rule_id(pr.rule));
        j += ",\"message\":";
        append_json_string(j, explain_problem(pr.rule, pr.detail, s));
        j += '}';
    }
    j += "]}";
    return r;
}

}  // namespace pgnsem::interp
