// `pgnsem explain`'s words in the paper's notation (app/explain_notation.hpp).
#include "app/explain_notation.hpp"

#include "interpreter/interpret.hpp"
#include "io/output.hpp"
#include "semantics/board.hpp"
#include "semantics/denote.hpp"
#include "semantics/moves.hpp"

namespace pgnsem::interp::notation {

namespace v2 = boost::variant2;

std::string sq(Square q) {
    std::string s(2, ' ');
    write_square(s.data(), q);
    return s;
}

std::string set_text(sem::SquareSet set) {
    std::string out = "{";
    for (Square q : set) {
        if (out.size() > 1) out.append(", ");
        out.append(sq(q));
    }
    out.append("}");
    return out;
}

const char* side_word(Color c) {
    return c == Color::White ? "White" : "Black";
}

std::string disambiguator_text(const ast::Disambiguator& d) {
    std::string s;
    if (d.file) s.push_back(d.file->to_char());
    if (d.rank) s.push_back(d.rank->to_char());
    return s;
}

std::string erratum_tag(const std::optional<sem::Erratum>& e, bool corrected) {
    if (!e) return "";
    return std::string("[erratum ") + std::string(sem::info(*e).slug) + (corrected ? ": Laws]" : ": paper]");
}

// "h8 = 24": an identifier and what σ holds in it.
static std::string held(const sem::State& s, sem::Ide x) {
    return ide_name(x, s) + " = " + ide_value_text(x, sem::value_of(s, x));
}

std::string iic_text(const sem::IicCall& c) {
    std::string l =
        std::string("IIC(") + (c.after ? "σ′" : "σ") + ", " + side_word(c.colour) + ") = " + (c.answer ? "1" : "0");
    if (c.answer) l.append(", attacked by ").append(set_text(c.attackers));
    return l;
}

// The ids of a colour's pieces as T's capture premise writes them.
static const char* ids_of(Color c) {
    return c == Color::White ? "{1…16}" : "{17…32}";
}

Instance instance(const sem::Premise& p, const Ctx& c) {
    const sem::State& s = c.s;
    const Color mover = c.mover();
    const std::optional<Square> q = p.detail.to;
    const auto square_value = [&](Square x) { return "σ: " + held(s, x); };
    // castling: its side from where the king goes
    const ast::CastleSide side = q && q->file().index() == 2 ? ast::CastleSide::Queen : ast::CastleSide::King;
    switch (p.as) {
        case sem::Failure::CastleKingMoved:
            if (p.erratum == sem::Erratum::CastleUsesUpCastling && p.square)
                return {sq(*p.square) + " = " + std::to_string(sem::castle_squares(s, mover, side).king.value()),
                        square_value(*p.square)};
            return {ide_name(sem::Ide::king_moved(mover), s) + " = 0", "σ: " + held(s, sem::Ide::king_moved(mover))};
        case sem::Failure::CastleRookMoved: {
            const sem::Ide x = sem::Ide::rook_moved(sem::castle_squares(s, mover, side).corner);
            return {ide_name(x, s) + " = 0", "σ: " + held(s, x)};
        }
        case sem::Failure::CastleNoRook: {
            const sem::CastleTest t = sem::castle_test(s, mover, side, c.r);
            return {sq(t.rook_square) + " = " + std::to_string(t.rook.value()), square_value(t.rook_square)};
        }
        case sem::Failure::CastleBlocked: {
            const sem::CastleTest t = sem::castle_test(s, mover, side, c.r);
            // Chess960: the king and the rook swapping squares need no other square empty
            if (t.between_count == 0) return {"no square must be empty (the king and the rook swap squares)", ""};
            std::string form, values = "σ: ";
            for (int i = 0; i < t.between_count; ++i) {
                const Square x = t.between[static_cast<std::size_t>(i)];
                form.append(sq(x)).append(" = ");
                if (i > 0) values.append(", ");
                values.append(held(s, x));
            }
            return {form + "0", values};
        }
        case sem::Failure::CastleOutOfCheck:
        case sem::Failure::CastleIntoCheck:
        case sem::Failure::CheckInto:
        case sem::Failure::CheckPinned:
        case sem::Failure::CheckUnanswered:
            if (p.iic)
                return {std::string("IIC(") + (p.iic->after ? "σ′" : "σ") + ", " + side_word(p.iic->colour) + ") = 0",
                        p.iic->answer ? iic_text(*p.iic) : ""};
            break;
        case sem::Failure::PaperCheckTurn:
            if (p.iic)
                return {"IIC(σ′, mod(turn − 1, 2)) = 0, turn read in σ (turn = " + std::to_string(s.turn) +
                            "): IIC(σ′, " + side_word(p.iic->colour) + ") = 0",
                        p.iic->answer ? iic_text(*p.iic) : ""};
            break;
        case sem::Failure::CastleThroughCheck:
            if (p.square) return {sq(*p.square) + " is not attacked by " + side_word(opposite(mover)) + " in σ", ""};
            break;
        case sem::Failure::PaperDestinationEmpty:
            if (q) return {sq(*q) + " ≠ 0", square_value(*q)};
            break;
        case sem::Failure::TravOccupied:
        case sem::Failure::DestOwnPiece:
            if (!q) break;
            // T(Q)'s destination as the Laws read it (erratum destination-empty), or a capture's
            // victim of the other side
            if (p.erratum == sem::Erratum::DestinationEmpty) return {sq(*q) + " = 0", square_value(*q)};
            return {sq(*q) + " ∈ " + std::string(ids_of(opposite(mover))), square_value(*q)};
        case sem::Failure::CapNoVictim:
            if (!q) break;
            if (p.erratum == sem::Erratum::EnPassantCapture && p.corrected)
                return {sq(*q) + " ≠ 0, or GCSS step 5 (en passant) applies", square_value(*q)};
            return {sq(*q) + " ≠ 0", square_value(*q)};
        case sem::Failure::PaperCaptureTurn:
            if (!p.corrected)
                return {mover == Color::White ? "turn = 0" : "turn = 1", "σ: turn = " + std::to_string(s.turn)};
            return {mover == Color::White ? "mod(turn, 2) = 0" : "mod(turn, 2) = 1",
                    "σ: turn = " + std::to_string(s.turn)};
        case sem::Failure::CapOfKing:
            if (q)
                return {sq(*q) + " ≠ " +
                            std::to_string((mover == Color::White ? sem::kBlackKing : sem::kWhiteKing).value()),
                        square_value(*q)};
            break;
        case sem::Failure::PromoMissing:
            if (q)
                return {std::string("rank(") + sq(*q) + ") ≠ " + (mover == Color::White ? "8" : "1") +
                            ", or the move is written Q=T",
                        ""};
            break;
        // a move written by its squares: what σ(S) must be
        case sem::Failure::SrcEmptySquare:
            if (p.detail.from) return {sq(*p.detail.from) + " ≠ 0", square_value(*p.detail.from)};
            break;
        case sem::Failure::SrcOpponentPiece:
            if (p.detail.from)
                return {sq(*p.detail.from) + " ∈ " + std::string(ids_of(mover)), square_value(*p.detail.from)};
            break;
        case sem::Failure::SrcUnreachable:
        case sem::Failure::SrcBlocked:
        case sem::Failure::SrcAmbiguous:
        case sem::Failure::SrcWrongDisambiguator:
        case sem::Failure::TravPawnBlocked:
        case sem::Failure::EpExpired:
        case sem::Failure::EpNoDoubleStep:
        case sem::Failure::PromoNotPawn:
        case sem::Failure::GameOver:
        case sem::Failure::MoveNull:
        case sem::Failure::TurnLimit:
        case sem::Failure::VariantUnsupported: break;
    }
    return {std::string(p.statement()), ""};
}

// The pawn indicator of GTSS/GCSS: a piece by its letter (and the origin written), a pawn by its
// file, which for a promotion by capture read as printed is file(Q) (erratum
// promotion-capture-file).
static std::string indicator(const sem::SourceQuery& q) {
    if (q.kind == PieceKind::Pawn) return std::string(1, q.from.file ? q.from.file->to_char() : q.to.file().to_char());
    return std::string(1, piece_letter(q.kind)) + disambiguator_text(q.from);
}

// Is the move a promotion by capture whose pawn the reading takes from file(Q)?
static bool capture_file_as_printed(const Ctx& c) {
    const auto* p = v2::get_if<ast::Promotion>(&c.move.body);
    return p != nullptr && p->is_capture() && !c.r.corrected(sem::Erratum::PromotionCaptureFile);
}

// GCSS step 5 for a pawn's capture onto an empty square of the en passant rank with an enemy pawn
// behind it: that pawn's stamp against turn − 1 (the paper's S_2step identifiers). Empty when the
// step does not arise.
static std::string en_passant_step(const sem::SourceQuery& q, const sem::SourceCall& call, const sem::State& s,
                                   sem::Reading r) {
    if (!q.capture || q.kind != PieceKind::Pawn || !sem::at(s, q.to).empty()) return "";
    if (q.to.rank().index() != sem::en_passant_rank(call.mover)) return "";
    const std::optional<Square> behind = sem::step(q.to, {0, -sem::forward(call.mover)});
    if (!behind) return "";
    const sem::PieceId v = sem::at(s, *behind);
    if (v.empty() || sem::kind_of(v) != PieceKind::Pawn || sem::color_of(v) == call.mover) return "";
    const sem::Ide stamp = sem::Ide::two_step(v);
    const unsigned value = sem::value_of(s, stamp);
    const bool applies = value == static_cast<unsigned>(s.turn) - 1;
    return "step 5  en passant: " + sq(q.to) + " = 0, the pawn behind it on " + sq(*behind) + " has " + held(s, stamp) +
           ", turn − 1 = " + std::to_string(s.turn) + " − 1 = " + std::to_string(s.turn - 1) +
           (!applies                                      ? ": it does not apply"
            : r.corrected(sem::Erratum::EnPassantCapture) ? ": it applies"
                                                          : ": it applies, but as printed no equation of [[W::x::Q]] "
                                                            "removes that pawn and T requires Q ≠ 0 (erratum "
                                                            "en-passant-capture)");
}

std::vector<std::string> source_lines(const sem::SourceCall& c, const Ctx& ctx) {
    std::vector<std::string> lines;
    const sem::SourceQuery& q = c.query;
    const bool file_q = capture_file_as_printed(ctx);
    std::string call = std::string(q.capture ? "GCSS(" : "GTSS(") + sq(q.to) + ", " + indicator(q) +
                       ", σ)  mover = " + side_word(c.mover) +
                       "   (proofs-notes/semantics.md, \"GTSS and GCSS (Algorithms 1 and 2)\")";
    lines.push_back(call);
    lines.push_back(std::string("  step 1  the ") + piece_name(q.kind) + "s of mover whose movement reaches " +
                    sq(q.to) + ": " + set_text(c.reach));
    if (file_q)
        lines.push_back("  step 2  … on file(Q) = " + std::string(1, q.to.file().to_char()) +
                        ", where the paper's [[W::x::Q=T]] looks (the move writes W = " +
                        std::string(1, v2::get<ast::Promotion>(ctx.move.body).capture_from()->to_char()) +
                        "): " + set_text(c.matched) + "   " + erratum_tag(sem::Erratum::PromotionCaptureFile, false));
    else
        lines.push_back("  step 2  … on the file or rank written (" +
                        (q.from.empty() ? std::string("none written") : disambiguator_text(q.from)) +
                        "): " + set_text(c.matched));
    lines.push_back("  step 3  … unblocked: " + set_text(c.clear));
    if (c.filtered)
        lines.push_back("  step 4  … whose move T accepts: " + set_text(c.counted) + "   " +
                        erratum_tag(sem::Erratum::AmbiguityAmongLegalMoves,
                                    ctx.r.corrected(sem::Erratum::AmbiguityAmongLegalMoves)));
    if (const std::string ep = en_passant_step(q, c, ctx.s, ctx.r); !ep.empty()) lines.push_back("  " + ep);
    if (const auto* src = v2::get_if<sem::Source>(&c.answer))
        lines.push_back("  = (S, v) = (" + sq(src->from) + ", " + std::to_string(src->piece.value()) + ")");
    else if (const auto* u = v2::get_if<sem::Undefined>(&c.answer))
        lines.push_back(std::string("  = ⊥   ") + std::string(sem::rule_id(u->rule)) + ": " +
                        std::string(sem::premise(u->rule)) + " is false");
    return lines;
}

std::string update_line(const sem::UpdateEntry& u, const sem::Why& why, const sem::State& sigma) {
    std::string l =
        ide_name(u.x, sigma) + " ↦ " + ide_value_text(u.x, u.value) + " (was " + ide_value_text(u.x, u.was) + ")";
    if (u.origin == sem::UpdateOrigin::LawsAddition) l.append("   [the Laws' addition]");
    if (u.erratum) l.append("   ").append(erratum_tag(u.erratum, true));
    if (u.x.kind() == sem::Ide::Kind::TwoStep && why.source)
        if (const auto* src = v2::get_if<sem::Source>(&why.source->answer)) {
            const std::string paper_name = sq(src->from) + "_2step";
            if (paper_name != ide_name(u.x, sigma))
                l.append("   [the paper's equation writes S_2step = ")
                    .append(paper_name)
                    .append(
                        ", an identifier σ does not have; the pawn's own stamp is set (proofs-notes/numbering.md)]");
        }
    return l;
}

std::optional<std::string_view> text_or_null(std::string_view t) {
    return t.empty() ? std::nullopt : std::optional(t);
}

// "true   h8 = 24   (σ: h8 = 24)", and "   → rule" when false: what the text and the tree both write.
static std::string premise_value(const sem::Premise& pv, const Ctx& c) {
    const Instance i = instance(pv, c);
    std::string l = std::string(pv.holds ? "true   " : "false  ") + i.form;
    if (!i.values.empty()) l.append("   (").append(i.values).append(")");
    if (!pv.holds) l.append("   → ").append(sem::rule_id(pv.as));
    return l;
}

std::string premise_line(const sem::Premise& pv, const Ctx& c) {
    std::string l = premise_value(pv, c);
    if (pv.erratum) l.append("   ").append(erratum_tag(pv.erratum, pv.corrected));
    return l;
}

void draw(std::string& out, const TreeNode& n, const std::string& prefix, const std::string& own) {
    out.append(own).append(n.text);
    if (!n.origin.empty()) out.append("   ⟸ ").append(n.origin);
    out.append("\n");
    for (std::size_t i = 0; i < n.children.size(); ++i) {
        const bool last = i + 1 == n.children.size();
        draw(out, n.children[i], prefix + (last ? "   " : "│  "), prefix + (last ? "└─ " : "├─ "));
    }
}

// Where a premise comes from: the equation [[M]] or T(M), and the erratum that makes or shapes it.
static std::string premise_origin(const sem::Premise& pv, const std::string& of) {
    std::string o = of;
    if (pv.erratum)
        o.append("; erratum ")
            .append(sem::info(*pv.erratum).slug)
            .append(pv.corrected ? " (the Laws' form)" : " (as printed)");
    return o;
}

TreeNode premise_node(const sem::Premise& pv, const Ctx& c, const std::string& of) {
    return TreeNode{premise_value(pv, c), premise_origin(pv, of), {}};
}

}  // namespace pgnsem::interp::notation
