"""pgnsem for Python: the reference interpreter of chess notation, as a library.

The board (``Board``: push and pop, ``push_san``, ``push_uci``, ``legal_moves``, ``fen``,
``in_check``, ``perft``, one move judged with ``judge``; Chess960 with ``chess960=True`` or
``Board.chess960_start(n)``), games read from files or text
(``read_games``, ``parse_games``) and judged as ``pgnsem check`` judges them (``judge``, a
``Verdict`` whose fields are those of the verdict object of docs/vocabulary.md), the FEN and SAN
readers (``read_fen``, ``read_san``). Every answer comes from pgnsem's C++ library, under the FIDE
Laws' reading; ``judge`` also takes the paper's other readings (``semantics='paper'``, ``errata``
as ``--erratum`` takes them, listed by ``errata()``). A move, position or text it refuses raises ``Error`` (a ValueError) with the rule
id in ``Error.rule``; a file that cannot be read raises OSError.

Hypothesis strategies drawing positions, legal games and near-miss games are in
``pgnsem.strategies`` (it needs the hypothesis package; ``import pgnsem`` does not). Files judged
shard by shard on a Dask cluster: ``pgnsem.dask`` (it needs dask).

The GIL is released while ``judge`` and ``judge_all`` judge, ``Board.perft`` counts and a
``GameReader`` reads the next game: threads that each judge a list of games with ``judge_all``
run in parallel. python/README.md has the whole story.
"""

from ._pgnsem import (
    RULE_IDS,
    SQUARE_NAMES,
    WARNING_KINDS,
    Board,
    CastlingRights,
    CastlingRooks,
    Comment,
    End,
    Error,
    FenReading,
    Game,
    GameReader,
    Move,
    MoveJudgement,
    Nag,
    Piece,
    PieceType,
    Ply,
    SanReading,
    Side,
    Variation,
    Verdict,
    __version__,
    errata,
    judge,
    judge_all,
    parse_games,
    parse_square,
    read_fen,
    read_games,
    read_san,
    square_name,
)
# The squares by name: A1 = 0 … H8 = 63.
globals().update({name.upper(): index for index, name in enumerate(SQUARE_NAMES)})

__all__ = [
    "RULE_IDS",
    "SQUARE_NAMES",
    "WARNING_KINDS",
    "Board",
    "CastlingRights",
    "CastlingRooks",
    "Comment",
    "End",
    "Error",
    "FenReading",
    "Game",
    "GameReader",
    "Move",
    "MoveJudgement",
    "Nag",
    "Piece",
    "PieceType",
    "Ply",
    "SanReading",
    "Side",
    "Variation",
    "Verdict",
    "__version__",
    "errata",
    "judge",
    "judge_all",
    "parse_games",
    "parse_square",
    "read_fen",
    "read_games",
    "read_san",
    "square_name",
] + [name.upper() for name in SQUARE_NAMES]
