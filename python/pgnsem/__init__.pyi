# Type stubs of the package pgnsem (python/pgnsem/__init__.py): the extension's names
# (python/pgnsem/_pgnsem.pyi) and the squares by name.
from ._pgnsem import (
    RULE_IDS as RULE_IDS,
    SQUARE_NAMES as SQUARE_NAMES,
    WARNING_KINDS as WARNING_KINDS,
    Board as Board,
    CastlingRights as CastlingRights,
    CastlingRooks as CastlingRooks,
    Comment as Comment,
    End as End,
    Error as Error,
    FenReading as FenReading,
    Game as Game,
    GameReader as GameReader,
    Move as Move,
    MoveJudgement as MoveJudgement,
    Nag as Nag,
    Piece as Piece,
    PieceType as PieceType,
    Ply as Ply,
    SanReading as SanReading,
    Side as Side,
    Variation as Variation,
    Verdict as Verdict,
    __version__ as __version__,
    errata as errata,
    judge as judge,
    judge_all as judge_all,
    parse_games as parse_games,
    parse_square as parse_square,
    read_fen as read_fen,
    read_games as read_games,
    read_san as read_san,
    square_name as square_name,
)

A1: int
B1: int
C1: int
D1: int
E1: int
F1: int
G1: int
H1: int
A2: int
B2: int
C2: int
D2: int
E2: int
F2: int
G2: int
H2: int
A3: int
B3: int
C3: int
D3: int
E3: int
F3: int
G3: int
H3: int
A4: int
B4: int
C4: int
D4: int
E4: int
F4: int
G4: int
H4: int
A5: int
B5: int
C5: int
D5: int
E5: int
F5: int
G5: int
H5: int
A6: int
B6: int
C6: int
D6: int
E6: int
F6: int
G6: int
H6: int
A7: int
B7: int
C7: int
D7: int
E7: int
F7: int
G7: int
H7: int
A8: int
B8: int
C8: int
D8: int
E8: int
F8: int
G8: int
H8: int
