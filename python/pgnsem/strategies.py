"""Hypothesis strategies over pgnsem's board: positions, legal games and near-miss games.

Every example is built from Hypothesis's own draws: a list of move choices, each an integer that
picks one of the board's legal moves (in the move generator's order) at its ply, from a start
position that is itself drawn (the initial position unless ``starts`` says otherwise). When a
property fails, Hypothesis shrinks the list: fewer plies, and at each ply the first legal move, so
a counterexample comes out as a short game from the simplest start. A near-miss game adds one
illegal move, drawn by the rule it breaks, then by its text; it shrinks towards the first rule in
alphabetical order and the shortest legal prefix.

    from hypothesis import given
    from pgnsem import strategies as pst

    @given(pst.positions())
    def test_my_move_generator(board): ...

    @given(pst.near_miss_games())
    def test_my_reader_refuses(game):
        assert my_reader(game.pgn).error_rule == game.rule

Every near-miss game's label is what ``pgnsem.judge`` (and ``pgnsem check``) says of it: the rule
and the ply of its first error (tests/python/strategies_test.py checks it).
"""

from __future__ import annotations

import dataclasses
from typing import Dict, List, Optional, Tuple

from hypothesis import assume
from hypothesis import strategies as st

import pgnsem

__all__ = [
    "INITIAL_FEN",
    "GeneratedGame",
    "legal_games",
    "near_miss_games",
    "positions",
]

INITIAL_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# A move choice is taken modulo the number of legal moves (at most 218 in a position of a game).
_CHOICE = st.integers(min_value=0, max_value=255)


@dataclasses.dataclass(frozen=True)
class GeneratedGame:
    """A game drawn by legal_games() or near_miss_games().

    pgn: the game as PGN text (a FEN tag pair when it starts elsewhere than the initial position,
    the movetext, the marker *). sans, ucis: its legal plies in canonical SAN and in UCI. start_fen:
    where it starts; fen_after: the position after its legal plies. For a near-miss game, written is
    its last move, which is illegal, rule the rule id that move breaks and ply its ply (1-based, the
    first error's ply in the verdict); all three are None for a legal game.
    """

    pgn: str
    sans: Tuple[str, ...]
    ucis: Tuple[str, ...]
    start_fen: str
    fen_after: str
    written: Optional[str] = None
    rule: Optional[str] = None
    ply: Optional[int] = None

    @property
    def legal(self) -> bool:
        return self.rule is None

    def game(self) -> pgnsem.Game:
        """The game read by pgnsem (pgnsem.judge(game.game()) gives its verdict)."""
        return pgnsem.parse_games(self.pgn, "generated")[0]


def _board(fen: str) -> pgnsem.Board:
    return pgnsem.Board() if fen == INITIAL_FEN else pgnsem.Board.from_fen(fen)


def _walk(draw, starts, max_plies: int, stop_before_end: bool) -> Tuple[str, pgnsem.Board, List[str]]:
    """A start position and a walk of legal moves from it, chosen by drawn integers; the board
    after the walk and the SAN of each ply."""
    fen = draw(starts)
    board = _board(fen)
    sans: List[str] = []
    for choice in draw(st.lists(_CHOICE, max_size=max_plies)):
        moves = board.legal_moves()
        if not moves:
            break
        move = moves[choice % len(moves)]
        san = board.san(move)
        board.push(move)
        if stop_before_end and board.end() is not None:
            board.pop()  # a near miss needs a position with a legal move
            break
        sans.append(san)
    return fen, board, sans


def _movetext(start: pgnsem.Board, sans: List[str]) -> str:
    """The moves numbered as PGN numbers them from the start position."""
    number = start.fullmove_number()
    white = start.turn() == pgnsem.Side.WHITE
    words: List[str] = []
    for i, san in enumerate(sans):
        if white:
            words.append(f"{number}. {san}")
        else:
            words.append(f"{number}... {san}" if i == 0 else san)
            number += 1
        white = not white
    return " ".join(words)


def _pgn(start_fen: str, sans: List[str]) -> str:
    start = _board(start_fen)
    tags = "" if start_fen == INITIAL_FEN else f'[SetUp "1"]\n[FEN "{start_fen}"]\n\n'
    text = _movetext(start, sans)
    return f"{tags}{text} *\n" if text else f"{tags}*\n"


def _starts(starts) -> st.SearchStrategy[str]:
    return st.just(INITIAL_FEN) if starts is None else starts


@st.composite
def positions(draw, max_plies: int = 40, starts: Optional[st.SearchStrategy[str]] = None) -> pgnsem.Board:
    """A position reached by a walk of at most max_plies legal moves from a start position: a
    pgnsem.Board with the walk on its move stack (pop() takes it back). starts: a strategy of FENs
    (st.sampled_from([...]) shrinks towards the first); the initial position by default."""
    _, board, _ = _walk(draw, _starts(starts), max_plies, stop_before_end=False)
    return board


@st.composite
def legal_games(draw, max_plies: int = 40, starts: Optional[st.SearchStrategy[str]] = None) -> GeneratedGame:
    """A legal game of at most max_plies plies: a GeneratedGame whose verdict is legal."""
    fen, board, sans = _walk(draw, _starts(starts), max_plies, stop_before_end=False)
    ucis = tuple(m.uci() for m in board.move_stack())
    return GeneratedGame(_pgn(fen, sans), tuple(sans), ucis, _board(fen).fen(), board.fen())


# The pieces' letters in SAN, by type.
_LETTERS = {
    pgnsem.PieceType.KNIGHT: "N",
    pgnsem.PieceType.BISHOP: "B",
    pgnsem.PieceType.ROOK: "R",
    pgnsem.PieceType.QUEEN: "Q",
    pgnsem.PieceType.KING: "K",
}


def _near_misses(board: pgnsem.Board) -> Dict[str, List[str]]:
    """The moves a player might write here that T refuses, by the rule each breaks: every piece of
    the side to move written to every square (Nf3, Qxd8), its pawns one, two and three squares on,
    one back, and capturing to both sides (with and without a promotion piece on the last rank),
    and both castlings. Texts that do not read as SAN (syntax/…) are left out."""
    side = board.turn()
    forward = 1 if side == pgnsem.Side.WHITE else -1
    last_rank = 7 if side == pgnsem.Side.WHITE else 0
    texts = {"O-O", "O-O-O"}
    for square in range(64):
        piece = board.piece_at(square)
        if piece is None or piece.side != side:
            continue
        file, rank = square % 8, square // 8
        if piece.type == pgnsem.PieceType.PAWN:
            for df, dr in ((0, 1), (0, 2), (0, 3), (0, -1), (-1, 1), (1, 1)):
                f, r = file + df, rank + dr * forward
                if not (0 <= f < 8 and 0 <= r < 8):
                    continue
                target = pgnsem.square_name(r * 8 + f)
                text = target if df == 0 else f"{'abcdefgh'[file]}x{target}"
                texts.add(text)
                if r == last_rank:
                    texts.add(text + "=Q")
            continue
        letter = _LETTERS[piece.type]
        for target in range(64):
            if target != square:
                capture = "x" if board.piece_at(target) is not None else ""
                texts.add(f"{letter}{capture}{pgnsem.square_name(target)}")
    by_rule: Dict[str, List[str]] = {}
    for text in texts:
        judgement = board.judge(text)
        if not judgement.legal and not judgement.rule.startswith("syntax/"):
            by_rule.setdefault(judgement.rule, []).append(text)
    for rule_texts in by_rule.values():
        rule_texts.sort()
    return by_rule


@st.composite
def near_miss_games(
    draw, max_plies: int = 40, starts: Optional[st.SearchStrategy[str]] = None, rules=None
) -> GeneratedGame:
    """A game of at most max_plies legal plies, then one illegal move: a GeneratedGame labelled
    with the rule that move breaks (rule), its ply and its text (written). The rule is drawn first,
    among those some move of the position breaks (rules: only these rule ids), then a move that
    breaks it."""
    fen, board, sans = _walk(draw, _starts(starts), max_plies, stop_before_end=True)
    by_rule = _near_misses(board)
    if rules is not None:
        by_rule = {rule: texts for rule, texts in by_rule.items() if rule in rules}
    assume(by_rule)  # (else no wanted rule is broken here: another example)
    rule = draw(st.sampled_from(sorted(by_rule)))
    written = draw(st.sampled_from(by_rule[rule]))
    ucis = tuple(m.uci() for m in board.move_stack())
    return GeneratedGame(
        _pgn(fen, sans + [written]),
        tuple(sans),
        ucis,
        _board(fen).fen(),
        board.fen(),
        written=written,
        rule=rule,
        ply=len(sans) + 1,
    )
