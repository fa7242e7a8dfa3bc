// SAN (§8.2.3 of the PGN standard): the reader text → ast::Move and the printer ast::Move → text.
//
// The reader is one left-to-right pass over the token with no allocation. It accepts the
// canonical forms of §8.2.3.3–§8.2.3.5 and §8.2.3.8, and the import tolerances listed in
// ast::Spelling, setting one bit for each so that nothing is normalised silently. Whatever
// could mean two things is an error (syntax/README.md lists the kinds and the decisions).
//
// Local names: t = the token, i = the current offset into t, sp = the spelling bits.
#include "syntax/san.hpp"

#include <array>
#include <cstddef>

#include "syntax/san_fast.hpp"

namespace pgnsem::syntax {

namespace {

using ast::PromotionPiece;

constexpr std::string_view kSyntax = "syntax/san";
constexpr std::string_view kPromotionRank = "syntax/promotion-rank";
constexpr std::string_view kPromotionPiece = "syntax/promotion-piece";
constexpr std::string_view kPawnCaptureFile = "syntax/pawn-capture-file";
constexpr std::string_view kSuffix = "syntax/suffix";

SanError error(std::string_view kind, std::size_t column, std::string_view message) noexcept {
    return SanError{kind, static_cast<std::uint32_t>(column), message};
}

ast::Move make_move(ast::MoveBody body, std::uint16_t spelling) noexcept {
    return ast::Move{body, ast::CheckClaim::None, ast::Suffix::None, spelling};
}

bool is_file(char c) noexcept {
    return c >= 'a' && c <= 'h';
}
bool is_rank(char c) noexcept {
    return c >= '1' && c <= '8';
}

// The character at i, or NUL past the end (NUL never matches anything the grammar accepts).
char at(std::string_view t, std::size_t i) noexcept {
    return i < t.size() ? t[i] : '\0';
}

bool square_at(std::string_view t, std::size_t i) noexcept {
    return is_file(at(t, i)) && is_rank(at(t, i + 1));
}

Square read_square(std::string_view t, std::size_t i) noexcept {
    // only called after square_at(t, i)
    return *Square::from_chars(t[i], t[i + 1]);
}

// The piece letters, by byte (0 for none): a look-up rather than a switch, whose jump through
// a table the processor mispredicts for nearly every piece move (the letters come in no order).
constexpr std::array<std::uint8_t, 256> make_piece_letters() noexcept {
    std::array<std::uint8_t, 256> t{};
    t['N'] = 1 + static_cast<std::uint8_t>(PieceKind::Knight);
    t['B'] = 1 + static_cast<std::uint8_t>(PieceKind::Bishop);
    t['R'] = 1 + static_cast<std::uint8_t>(PieceKind::Rook);
    t['Q'] = 1 + static_cast<std::uint8_t>(PieceKind::Queen);
    t['K'] = 1 + static_cast<std::uint8_t>(PieceKind::King);
    return t;
}
constexpr std::array<std::uint8_t, 256> kPieceLetters = make_piece_letters();

std::optional<PieceKind> piece_of_letter(char c) noexcept {
    const std::uint8_t k = kPieceLetters[static_cast<unsigned char>(c)];
    if (k == 0) return std::nullopt;
    return static_cast<PieceKind>(k - 1);
}

std::optional<PromotionPiece> promotion_of_letter(char c) noexcept {
    switch (c) {
        case 'N':
        case 'n': return PromotionPiece::Knight;
        case 'B':
        case 'b': return PromotionPiece::Bishop;
        case 'R':
        case 'r': return PromotionPiece::Rook;
        case 'Q':
        case 'q': return PromotionPiece::Queen;
        default: return std::nullopt;
    }
}

bool is_last_rank(Square s) noexcept {
    return s.rank().index() == 0 || s.rank().index() == 7;
}

// The promotion part after a pawn's destination: `=Q`, `=q` (kLowercasePromotion), `Q`
// (kPromotionWithoutEquals), `q` (both). In coordinate form (`e7e8q`, UCI) the lower-case
// letter without `=` is the UCI spelling itself and sets no further bit.
struct PromotionPart {
    bool present = false;
    PromotionPiece piece = PromotionPiece::Queen;
    std::size_t column = 0;  // of `=`, or of the letter when there is no `=`
};

using PromotionParse = boost::variant2::variant<PromotionPart, SanError>;

PromotionParse read_promotion(std::string_view t, std::size_t& i, Square to, bool coordinate, std::uint16_t& sp) {
    PromotionPart part;
    const char c = at(t, i);
    const bool equals = c == '=';
    const char letter = equals ? at(t, i + 1) : c;
    const auto piece = promotion_of_letter(letter);
    if (!equals) {
        // §8.2.3.3: `=` then the piece. A bare letter is a tolerance; K and P are never pieces
        // one promotes to, and anything else after the square is left to the caller.
        const bool bad_piece = (letter == 'K' || letter == 'P' || letter == 'k' || letter == 'p') && is_last_rank(to);
        if (bad_piece) return error(kPromotionPiece, i, "a pawn promotes to a knight, bishop, rook or queen");
        if (!piece) return part;
        // `e8b`: after a square a lower-case b can only be the promotion letter here (no SAN
        // move continues with a file), so it is read as one and both bits say so.
    }
    part.column = i;
    if (!is_last_rank(to)) return error(kPromotionRank, i, "a pawn promotes only on the last rank (rank 8 or rank 1)");
    if (!piece) {
        const bool named = letter != '\0';
        return error(kPromotionPiece, i + 1,
                     named ? "a pawn promotes to a knight, bishop, rook or queen (N, B, R or Q)"
                           : "the promotion piece is missing after `=`");
    }
    const bool lower = letter >= 'a' && letter <= 'z';
    if (coordinate) {
        // UCI writes the promotion letter in lower case without `=`; other spellings of the
        // coordinate form are covered by the kCoordinate / kLongAlgebraic bit already set.
    } else {
        if (lower) sp = static_cast<std::uint16_t>(sp | ast::kLowercasePromotion);
        if (!equals) sp = static_cast<std::uint16_t>(sp | ast::kPromotionWithoutEquals);
    }
    i += equals ? 2 : 1;
    part.present = true;
    part.piece = *piece;
    return part;
}

// Check claim, then at most one of the six glyphs, then the end of the token (§8.2.3.5,
// §8.2.3.8: the glyph is always the last part of the move symbol).
SanResult finish(ast::Move m, std::string_view t, std::size_t i) {
    if (i == t.size()) return m;
    const char c = at(t, i);
    if (c == '+' || c == '#') {
        m.claim = c == '+' ? ast::CheckClaim::Check : ast::CheckClaim::Mate;
        ++i;
        const char d = at(t, i);
        if (d == '+' || d == '#') return error(kSuffix, i, "one check or mate sign at most (`++` is not SAN)");
    }
    std::size_t g = i;
    while (at(t, g) == '!' || at(t, g) == '?') ++g;
    const std::size_t glyph_length = g - i;
    if (glyph_length > 2) return error(kSuffix, i + 2, "at most one suffix annotation per move");
    if (glyph_length == 1) {
        m.suffix = t[i] == '!' ? ast::Suffix::Good : ast::Suffix::Mistake;
    } else if (glyph_length == 2) {
        const char a = t[i];
        const char b = t[i + 1];
        if (a == '!' && b == '!') m.suffix = ast::Suffix::Brilliant;
        if (a == '?' && b == '?') m.suffix = ast::Suffix::Blunder;
        if (a == '!' && b == '?') m.suffix = ast::Suffix::Interesting;
        if (a == '?' && b == '!') m.suffix = ast::Suffix::Dubious;
    }
    i = g;
    if (i < t.size()) {
        const char d = t[i];
        if (glyph_length > 0 && (d == '+' || d == '#'))
            return error(kSuffix, i, "the suffix annotation must be the last part of the move");
        return error(kSyntax, i, "unexpected text after the move");
    }
    return m;
}

// `e.p.` or `ep` glued to a pawn capture (kEnPassantSuffix).
bool read_en_passant(std::string_view t, std::size_t& i) noexcept {
    const std::string_view rest = t.substr(i);
    if (rest.substr(0, 4) == "e.p.") {
        i += 4;
        return true;
    }
    if (rest.substr(0, 2) == "ep") {
        i += 2;
        return true;
    }
    return false;
}

SanResult parse_castle(std::string_view t) {
    // O-O / O-O-O (§8.2.3.3, letter O); 0-0 / 0-0-0 (digit zero) is a tolerance, kZeroCastle.
    const char o = t[0];
    std::size_t i = 0;
    auto three = [&](std::size_t k) { return at(t, k) == o && at(t, k + 1) == '-' && at(t, k + 2) == o; };
    if (!three(0)) return error(kSyntax, 0, "not a castling move");
    i = 3;
    ast::CastleSide side = ast::CastleSide::King;
    if (at(t, 3) == '-' && at(t, 4) == o) {
        side = ast::CastleSide::Queen;
        i = 5;
    }
    return finish(make_move(ast::Castle{side}, o == '0' ? ast::kZeroCastle : ast::kCanonical), t, i);
}

SanResult parse_null(std::string_view t, std::size_t length) {
    return finish(make_move(ast::NullMove{}, ast::kCanonical), t, length);
}

// A piece letter N B R Q K has been read at 0.
SanResult parse_piece(std::string_view t, PieceKind piece) {
    std::size_t i = 1;
    ast::Disambiguator from;
    std::uint16_t sp = ast::kCanonical;
    // Origin hints (§8.2.3.4) are present exactly when a destination square follows them.
    std::size_t j = i;
    std::optional<File> f;
    std::optional<Rank> r;
    if (is_file(at(t, j))) f = File::from_char(t[j++]);
    if (is_rank(at(t, j))) r = Rank::from_char(t[j++]);
    const char sep = at(t, j);
    bool capture = false;
    Square to = Square::unchecked(0);
    if (sep == 'x' || sep == ':' || sep == '-') {
        if (!square_at(t, j + 1)) return error(kSyntax, j + 1, "a destination square (a1 … h8) must follow");
        capture = sep != '-';
        // `N:f3`: the colon some older texts write for `x`, a tolerance (kCaptureColon)
        if (sep == ':') sp = static_cast<std::uint16_t>(sp | ast::kCaptureColon);
        if (sep == '-') {
            // Long algebraic `Ng1-f3` names the full origin square; `N-f3` or `Ng-f3` is not a
            // spelling of anything.
            if (!f || !r) return error(kSyntax, j, "`-` stands only between two squares (long algebraic)");
            sp = static_cast<std::uint16_t>(sp | ast::kLongAlgebraic);
        }
        from = ast::Disambiguator{f, r};
        to = read_square(t, j + 1);
        i = j + 3;
    } else if (square_at(t, j)) {
        from = ast::Disambiguator{f, r};
        to = read_square(t, j);
        i = j + 2;
    } else if (f && r) {
        to = Square(*f, *r);
        i = j;
    } else {
        return error(kSyntax, j, "a destination square (a1 … h8) must follow the piece letter");
    }
    if (at(t, i) == '=') return error(kSyntax, i, "only a pawn promotes");
    if (capture) return finish(make_move(ast::Capture{piece, from, to}, sp), t, i);
    return finish(make_move(ast::Traversal{piece, from, to}, sp), t, i);
}

// A pawn move: the token starts with a file (after an optional `P`, at offset `i`).
SanResult parse_pawn(std::string_view t, std::size_t i, std::uint16_t sp) {
    const std::size_t start = i;
    const bool letter_p = (sp & ast::kPawnLetter) != 0;
    if (at(t, i) == 'x') return error(kPawnCaptureFile, i, "a pawn capture names the pawn's file (`exd5`)");
    if (!is_file(at(t, i))) return error(kSyntax, i, "not a move");
    const File file = *File::from_char(t[i]);
    if (is_rank(at(t, i + 1))) {
        const Square first = read_square(t, i);
        const std::size_t k = i + 2;
        const char c = at(t, k);
        const bool dash = c == '-' && square_at(t, k + 1);
        const bool cross = (c == 'x' || c == ':') && square_at(t, k + 1);
        const bool joined = square_at(t, k);
        if ((dash || joined) && !letter_p) {
            // `e2-e4` (long algebraic) and `e2e4` (UCI): a move named by its squares only.
            const Square to = read_square(t, dash ? k + 1 : k);
            std::size_t j = dash ? k + 3 : k + 2;
            sp = static_cast<std::uint16_t>(sp | (dash ? ast::kLongAlgebraic : ast::kCoordinate));
            auto promo = read_promotion(t, j, to, true, sp);
            if (const SanError* e = boost::variant2::get_if<SanError>(&promo)) return *e;
            const PromotionPart& part = boost::variant2::get<PromotionPart>(promo);
            if (part.present) return finish(make_move(ast::Coordinate{first, to, part.piece}, sp), t, j);
            return finish(make_move(ast::Coordinate{first, to, std::nullopt}, sp), t, j);
        }
        if (cross) {
            // `e4xd5`: a pawn capture written with its full origin square (long algebraic).
            const Square to = read_square(t, k + 1);
            std::size_t j = k + 3;
            sp = static_cast<std::uint16_t>(sp | ast::kLongAlgebraic);
            if (c == ':') sp = static_cast<std::uint16_t>(sp | ast::kCaptureColon);
            const int d = file.index() - to.file().index();
            if (d != 1 && d != -1) return error(kPawnCaptureFile, k + 1, "a pawn captures onto an adjacent file");
            auto promo = read_promotion(t, j, to, false, sp);
            if (const SanError* e = boost::variant2::get_if<SanError>(&promo)) return *e;
            const PromotionPart& part = boost::variant2::get<PromotionPart>(promo);
            if (part.present) {
                // The promotion AST keeps only the file: the written rank must be the one a
                // capturing pawn promotes from, or the text would be changed silently.
                const int need = to.rank().index() == 7 ? 6 : 1;
                if (first.rank().index() != need)
                    return error(kSyntax, i + 1, "no pawn on that rank promotes by this capture");
                return finish(make_move(*ast::Promotion::make(file, to, part.piece), sp), t, j);
            }
            if (read_en_passant(t, j)) sp = static_cast<std::uint16_t>(sp | ast::kEnPassantSuffix);
            const ast::Capture body{PieceKind::Pawn, ast::Disambiguator{file, first.rank()}, to};
            return finish(make_move(body, sp), t, j);
        }
        // A pawn traversal `e4`, possibly a promotion `e8=Q`.
        std::size_t j = k;
        auto promo = read_promotion(t, j, first, false, sp);
        if (const SanError* e = boost::variant2::get_if<SanError>(&promo)) return *e;
        const PromotionPart& part = boost::variant2::get<PromotionPart>(promo);
        if (part.present) return finish(make_move(*ast::Promotion::make(std::nullopt, first, part.piece), sp), t, j);
        return finish(make_move(ast::Traversal{PieceKind::Pawn, ast::Disambiguator{}, first}, sp), t, j);
    }
    if (at(t, i + 1) == 'x' || at(t, i + 1) == ':') {
        if (!square_at(t, i + 2)) return error(kSyntax, i + 2, "a destination square (a1 … h8) must follow `x`");
        if (t[i + 1] == ':') sp = static_cast<std::uint16_t>(sp | ast::kCaptureColon);
        const Square to = read_square(t, i + 2);
        const int d = file.index() - to.file().index();
        if (d != 1 && d != -1) return error(kPawnCaptureFile, start, "a pawn captures onto an adjacent file");
        std::size_t j = i + 4;
        auto promo = read_promotion(t, j, to, false, sp);
        if (const SanError* e = boost::variant2::get_if<SanError>(&promo)) return *e;
        const PromotionPart& part = boost::variant2::get<PromotionPart>(promo);
        if (part.present) return finish(make_move(*ast::Promotion::make(file, to, part.piece), sp), t, j);
        if (read_en_passant(t, j)) sp = static_cast<std::uint16_t>(sp | ast::kEnPassantSuffix);
        const ast::Capture body{PieceKind::Pawn, ast::Disambiguator{file, std::nullopt}, to};
        return finish(make_move(body, sp), t, j);
    }
    // `ed5`, `ed`: the capture sign is missing and no spelling bit could record its insertion.
    return error(kSyntax, i + 1, "not a move (a pawn capture is written `exd5`)");
}

// Templates the fast path copies from: static data, so the copy never reads bytes that were
// just written piecewise (which stalls store forwarding on the hot path).
const ast::Move kTraversalTemplate{ast::Traversal{PieceKind::Pawn, {}, Square::unchecked(0)}, ast::CheckClaim::None,
                                   ast::Suffix::None, ast::kCanonical};
const ast::Move kCaptureTemplate{ast::Capture{PieceKind::Pawn, {}, Square::unchecked(0)}, ast::CheckClaim::None,
                                 ast::Suffix::None, ast::kCanonical};
const ast::Move kKingCastleTemplate{ast::Castle{ast::CastleSide::King}, ast::CheckClaim::None, ast::Suffix::None,
                                    ast::kCanonical};
const ast::Move kQueenCastleTemplate{ast::Castle{ast::CastleSide::Queen}, ast::CheckClaim::None, ast::Suffix::None,
                                     ast::kCanonical};

}  // namespace

bool parse_common_san(std::string_view t, ast::Move& m) noexcept {
    std::size_t n = t.size();
    if (n < 2) return false;
    ast::CheckClaim claim = ast::CheckClaim::None;
    const char last = t[n - 1];
    if (last == '+' || last == '#') {
        claim = last == '+' ? ast::CheckClaim::Check : ast::CheckClaim::Mate;
        --n;
    }
    if (n < 2) return false;
    const char* s = t.data();
    if (!(is_file(s[n - 2]) && is_rank(s[n - 1]))) {
        if (n == 3 && s[0] == 'O' && s[1] == '-' && s[2] == 'O') {
            m = kKingCastleTemplate;
        } else if (n == 5 && s[0] == 'O' && s[1] == '-' && s[2] == 'O' && s[3] == '-' && s[4] == 'O') {
            m = kQueenCastleTemplate;
        } else {
            return false;
        }
        m.claim = claim;
        return true;
    }
    const Square to = Square::unchecked((s[n - 1] - '1') * 8 + (s[n - 2] - 'a'));
    const char c = s[0];
    if (is_file(c)) {
        // pawns: `e4` (not onto the last rank, which needs `=T`), `exd5`
        if (is_last_rank(to)) return false;
        if (n == 2) {
            m = kTraversalTemplate;
            ast::Traversal& b = *boost::variant2::get_if<ast::Traversal>(&m.body);
            b.to = to;
            m.claim = claim;
            return true;
        }
        if (n == 4 && s[1] == 'x') {
            const int d = (c - 'a') - to.file().index();
            if (d != 1 && d != -1) return false;
            m = kCaptureTemplate;
            ast::Capture& b = *boost::variant2::get_if<ast::Capture>(&m.body);
            b.from.file = File::unchecked(c - 'a');
            b.to = to;
            m.claim = claim;
            return true;
        }
        return false;
    }
    const auto piece = piece_of_letter(c);
    if (!piece) return false;
    // pieces: `Nf3`, `Nxf3`, `Nbd7`, `N1d7`, `Nbxd7`, `N1xd7`
    std::size_t k = 1;
    int from_file = -1;
    int from_rank = -1;
    if (k + 2 < n && (s[k + 1] == 'x' || k + 3 == n)) {
        if (is_file(s[k])) {
            from_file = s[k++] - 'a';
        } else if (is_rank(s[k])) {
            from_rank = s[k++] - '1';
        }
    }
    bool capture = false;
    if (k + 2 < n && s[k] == 'x') {
        capture = true;
        ++k;
    }
    if (k + 2 != n) return false;
    ast::Disambiguator* from = nullptr;
    if (capture) {
        m = kCaptureTemplate;
        ast::Capture& b = *boost::variant2::get_if<ast::Capture>(&m.body);
        b.piece = *piece;
        b.to = to;
        from = &b.from;
    } else {
        m = kTraversalTemplate;
        ast::Traversal& b = *boost::variant2::get_if<ast::Traversal>(&m.body);
        b.piece = *piece;
        b.to = to;
        from = &b.from;
    }
    if (from_file >= 0) from->file = File::unchecked(from_file);
    if (from_rank >= 0) from->rank = Rank::unchecked(from_rank);
    m.claim = claim;
    return true;
}

SanResult parse_san(std::string_view t) noexcept {
    ast::Move common = kKingCastleTemplate;
    if (parse_common_san(t, common)) return common;
    return parse_general_san(t);
}

SanResult parse_general_san(std::string_view t) noexcept {
    if (t.empty()) return error(kSyntax, 0, "empty move");
    const char c = t[0];
    // Null moves of other programs (ast::NullMove): `--`, `Z0`, `0000`, `@@@@`.
    const std::size_t n = t.size();
    if (c == '-' && n >= 2 && t[1] == '-') return parse_null(t, 2);
    if (c == 'Z' && n >= 2 && t[1] == '0') return parse_null(t, 2);
    if (c == '0' && n >= 4 && t[1] == '0' && t[2] == '0' && t[3] == '0') return parse_null(t, 4);
    if (c == '@' && n >= 4 && t[1] == '@' && t[2] == '@' && t[3] == '@') return parse_null(t, 4);
    if (c == 'O' || c == '0') return parse_castle(t);
    if (auto piece = piece_of_letter(c)) return parse_piece(t, *piece);
    if (c == 'P') {
        // §8.2.3.2: `P` is not used in SAN, though import software may allow it.
        if (at(t, 1) == 'x') return error(kPawnCaptureFile, 1, "a pawn capture names the pawn's file (`exd5`)");
        return parse_pawn(t, 1, ast::kPawnLetter);
    }
    if (c == 'n' || c == 'r' || c == 'q' || c == 'k')
        return error(kSyntax, 0, "piece letters are upper case (a lower-case letter could be a file)");
    if (c == 'o') return error(kSyntax, 0, "castling is written with the capital letter O");
    if (c == 'x') return error(kPawnCaptureFile, 0, "a pawn capture names the pawn's file (`exd5`)");
    if (is_file(c)) return parse_pawn(t, 0, ast::kCanonical);
    return error(kSyntax, 0, "not a move");
}

namespace {

struct Out {
    ShortText text;
    void put(char c) noexcept {
        if (text.size < text.chars.size()) text.chars[text.size++] = c;
    }
    void put(std::string_view s) noexcept {
        for (char c : s) put(c);
    }
    void square(Square s) noexcept {
        put(s.file().to_char());
        put(s.rank().to_char());
    }
    void from(const ast::Disambiguator& d) noexcept {
        if (d.file) put(d.file->to_char());
        if (d.rank) put(d.rank->to_char());
    }
};

char promotion_letter(PromotionPiece p) noexcept {
    return piece_letter(kind_of(p));
}

// One handler per alternative of ast::MoveBody (§8.2.3.3 for each form).
struct BodyPrinter {
    Out& out;
    void operator()(const ast::Traversal& b) const noexcept {
        if (b.piece != PieceKind::Pawn) {
            out.put(piece_letter(b.piece));
            out.from(b.from);
        }
        out.square(b.to);
    }
    void operator()(const ast::Capture& b) const noexcept {
        if (b.piece == PieceKind::Pawn) {
            // §8.2.3.3: a pawn capture is prefixed by the pawn's file only.
            if (b.from.file) out.put(b.from.file->to_char());
        } else {
            out.put(piece_letter(b.piece));
            out.from(b.from);
        }
        out.put('x');
        out.square(b.to);
    }
    void operator()(const ast::Castle& b) const noexcept { out.put(b.side == ast::CastleSide::King ? "O-O" : "O-O-O"); }
    void operator()(const ast::Promotion& b) const noexcept {
        if (b.capture_from()) {
            out.put(b.capture_from()->to_char());
            out.put('x');
        }
        out.square(b.to());
        out.put('=');
        out.put(promotion_letter(b.piece()));
    }
    void operator()(const ast::Coordinate& b) const noexcept {
        // A coordinate move has no SAN without the position: it is printed as UCI.
        out.square(b.from);
        out.square(b.to);
        if (b.promotion) out.put(static_cast<char>(promotion_letter(*b.promotion) - 'A' + 'a'));
    }
    void operator()(const ast::NullMove&) const noexcept { out.put("--"); }
};

}  // namespace

ShortText print_san(const ast::Move& m, bool with_suffix) noexcept {
    Out out;
    boost::variant2::visit(BodyPrinter{out}, m.body);
    switch (m.claim) {
        case ast::CheckClaim::None: break;
        case ast::CheckClaim::Check: out.put('+'); break;
        case ast::CheckClaim::Mate: out.put('#'); break;
    }
    if (with_suffix) {
        switch (m.suffix) {
            case ast::Suffix::None: break;
            case ast::Suffix::Good: out.put("!"); break;
            case ast::Suffix::Mistake: out.put("?"); break;
            case ast::Suffix::Brilliant: out.put("!!"); break;
            case ast::Suffix::Blunder: out.put("??"); break;
            case ast::Suffix::Interesting: out.put("!?"); break;
            case ast::Suffix::Dubious: out.put("?!"); break;
        }
    }
    return out.text;
}

}  // namespace pgnsem::syntax
