"""A small chess move generator written in Python, with a bug planted on purpose: it forgets en
passant. examples/python/movegen_test.py tests it against pgnsem.Board with Hypothesis, which
finds the bug and shrinks it to one position and one move.

legal_moves(fen) gives the legal moves of a FEN position as a set of UCI strings;
legal_moves(fen, planted_bug=False) the same without the bug (tests/python/example_test.py checks
that nothing else is wrong with it). It is written the
plain way: pseudo-legal moves from a board of 64 squares, each made on a copy and kept when it
leaves its own king unattacked; castling needs the rights, the squares between king and rook
empty, and the king neither in check nor passing through or landing on an attacked square.
"""

FILES = "abcdefgh"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK = [(1, 0), (0, 1), (-1, 0), (0, -1)]
BISHOP = [(1, 1), (-1, 1), (-1, -1), (1, -1)]


def name(square: int) -> str:
    return FILES[square % 8] + str(square // 8 + 1)


def parse(fen: str):
    """The squares (a1 = 0 … h8 = 63: a piece letter or None), the side to move ('w' or 'b'), the
    castling rights (a string of KQkq) and the en passant square (or None)."""
    placement, side, castling, en_passant = fen.split()[:4]
    board = [None] * 64
    for rank_index, row in enumerate(placement.split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board[(7 - rank_index) * 8 + file] = c
                file += 1
    ep = None if en_passant == "-" else FILES.index(en_passant[0]) + 8 * (int(en_passant[1]) - 1)
    return board, side, castling, ep


def white(piece: str) -> bool:
    return piece.isupper()


def step(square: int, df: int, dr: int):
    f, r = square % 8 + df, square // 8 + dr
    return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 else None


def ray(square: int, df: int, dr: int) -> list:
    """The squares from a square in one direction, nearest first, to the edge."""
    out, s = [], step(square, df, dr)
    while s is not None:
        out.append(s)
        s = step(s, df, dr)
    return out


# For each square: the knight's and the king's targets, and the rooks' and the bishops' rays.
KNIGHT_TARGETS = [[t for df, dr in KNIGHT if (t := step(s, df, dr)) is not None] for s in range(64)]
KING_TARGETS = [[t for df, dr in KING if (t := step(s, df, dr)) is not None] for s in range(64)]
ROOK_RAYS = [[ray(s, df, dr) for df, dr in ROOK] for s in range(64)]
BISHOP_RAYS = [[ray(s, df, dr) for df, dr in BISHOP] for s in range(64)]


def attacked(board, square: int, by_white: bool) -> bool:
    """Whether a piece of that side attacks the square."""
    pawn, knight, king, rook, bishop, queen = "PNKRBQ" if by_white else "pnkrbq"
    pawn_rank = -1 if by_white else 1  # an attacking pawn stands a rank behind, from its side
    for df in (-1, 1):
        s = step(square, df, pawn_rank)
        if s is not None and board[s] == pawn:
            return True
    if any(board[t] == knight for t in KNIGHT_TARGETS[square]):
        return True
    if any(board[t] == king for t in KING_TARGETS[square]):
        return True
    for rays, slider in ((ROOK_RAYS, rook), (BISHOP_RAYS, bishop)):
        for line in rays[square]:
            for s in line:
                if board[s] is not None:
                    if board[s] in (slider, queen):
                        return True
                    break
    return False


def pseudo_legal(board, us_white: bool, ep, planted_bug: bool):
    """(from, to, promotion letter or '', en passant capture?) for every move by the rules of
    movement, the king's safety not yet asked."""
    forward = 1 if us_white else -1
    start_rank, last_rank = (1, 7) if us_white else (6, 0)
    for square, piece in enumerate(board):
        if piece is None or white(piece) != us_white:
            continue
        kind = piece.upper()
        if kind == "P":
            targets = []
            one = step(square, 0, forward)
            if one is not None and board[one] is None:
                targets.append(one)
                two = step(square, 0, 2 * forward)
                if square // 8 == start_rank and board[two] is None:
                    targets.append(two)
            for df in (-1, 1):
                s = step(square, df, forward)
                if s is not None and board[s] is not None and white(board[s]) != us_white:
                    targets.append(s)
                # THE PLANTED BUG: en passant is forgotten. The capture onto the en passant square,
                # taking the pawn beside it, is a move too:
                elif s is not None and s == ep and not planted_bug:
                    yield square, s, "", True
            for s in targets:
                if s // 8 == last_rank:
                    for promotion in "qrbn":
                        yield square, s, promotion, False
                else:
                    yield square, s, "", False
        elif kind in "NK":
            for s in (KNIGHT_TARGETS if kind == "N" else KING_TARGETS)[square]:
                if board[s] is None or white(board[s]) != us_white:
                    yield square, s, "", False
        else:
            rays = {"R": ROOK_RAYS[square], "B": BISHOP_RAYS[square], "Q": ROOK_RAYS[square] + BISHOP_RAYS[square]}
            for line in rays[kind]:
                for s in line:
                    if board[s] is None:
                        yield square, s, "", False
                    else:
                        if white(board[s]) != us_white:
                            yield square, s, "", False
                        break


def castlings(board, us_white: bool, castling: str):
    """The king's move of each castling the rights, the empty squares and the attacks allow."""
    rank = 0 if us_white else 56
    king, them = rank + 4, not us_white
    if board[king] != ("K" if us_white else "k") or attacked(board, king, them):
        return
    for right, rook, between, passed in (("K", 7, (5, 6), (5, 6)), ("Q", 0, (1, 2, 3), (3, 2))):
        if (right if us_white else right.lower()) not in castling:
            continue
        if board[rank + rook] != ("R" if us_white else "r"):
            continue
        if any(board[rank + s] is not None for s in between):
            continue
        if any(attacked(board, rank + s, them) for s in passed):
            continue
        yield king, rank + passed[1]


def legal_moves(fen: str, planted_bug: bool = True) -> set:
    """The legal moves of a position, as UCI strings (without en passant unless planted_bug is
    False)."""
    board, side, castling, ep = parse(fen)
    us_white = side == "w"
    moves = set()
    for origin, target, promotion, en_passant in pseudo_legal(board, us_white, ep, planted_bug):
        after = list(board)
        after[target] = promotion.upper() if promotion and us_white else promotion or after[origin]
        after[origin] = None
        if en_passant:
            after[target - (8 if us_white else -8)] = None
        king = after.index("K" if us_white else "k")
        if not attacked(after, king, not us_white):
            moves.add(name(origin) + name(target) + promotion)
    for origin, target in castlings(board, us_white, castling):
        moves.add(name(origin) + name(target))
    return moves
