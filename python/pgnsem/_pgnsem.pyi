# Type stubs of the extension pgnsem._pgnsem (python/module.cpp, python/bind_board.cpp,
# python/bind_games.cpp); the docstrings are the module's own (help(pgnsem.Board)).
import enum
import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

__version__: str
SQUARE_NAMES: Tuple[str, ...]
RULE_IDS: Tuple[str, ...]
WARNING_KINDS: Tuple[str, ...]

class Error(ValueError):
    rule: str
    message: str
    column: Optional[int]

def square_name(square: int) -> str: ...
def parse_square(name: str) -> int: ...

# pybind11 enums: compared with ==, hashable, int(…) their value
class Side(enum.Enum):
    WHITE = 0
    BLACK = 1

class PieceType(enum.Enum):
    PAWN = 0
    KNIGHT = 1
    BISHOP = 2
    ROOK = 3
    QUEEN = 4
    KING = 5

class End(enum.Enum):
    CHECKMATE = 0
    STALEMATE = 1

class Piece:
    side: Side
    type: PieceType
    def __init__(self, side: Side, type: PieceType) -> None: ...
    def letter(self) -> str: ...

class Move:
    def __init__(self, from_square: int, to_square: int, promotion: Optional[PieceType] = None) -> None: ...
    @staticmethod
    def from_uci(uci: str) -> Move: ...
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    @property
    def promotion(self) -> Optional[PieceType]: ...
    def uci(self) -> str: ...
    def __hash__(self) -> int: ...

class CastlingRights:
    white_king_side: bool
    white_queen_side: bool
    black_king_side: bool
    black_queen_side: bool

# A warning object of docs/vocabulary.md: kind, message, line, column, ply, written, canonical, rule.
WarningDict = Dict[str, Any]

class MoveJudgement:
    legal: bool
    rule: Optional[str]
    message: str
    move: Optional[Move]
    san: Optional[str]
    uci: Optional[str]
    warnings: List[WarningDict]
    after: Optional[Board]

class Board:
    @overload
    def __init__(self) -> None: ...
    @overload
    def __init__(self, fen: str, *, validate: bool = True) -> None: ...
    @staticmethod
    def from_fen(fen: str, *, validate: bool = True) -> Board: ...
    def fen(self) -> str: ...
    def epd(self) -> str: ...
    def turn(self) -> Side: ...
    def piece_at(self, square: int) -> Optional[Piece]: ...
    def in_check(self) -> bool: ...
    def castling_rights(self) -> CastlingRights: ...
    def en_passant_square(self) -> Optional[int]: ...
    def halfmove_clock(self) -> int: ...
    def fullmove_number(self) -> int: ...
    def hash(self) -> int: ...
    def legal_moves(self) -> List[Move]: ...
    def legal_move_count(self) -> int: ...
    def is_legal(self, move: Move) -> bool: ...
    def end(self) -> Optional[End]: ...
    def perft(self, depth: int) -> int: ...
    def san(self, move: Move) -> str: ...
    def parse_san(self, san: str) -> Move: ...
    def parse_uci(self, uci: str) -> Move: ...
    def judge(self, move: str) -> MoveJudgement: ...
    def push(self, move: Move) -> None: ...
    def push_san(self, san: str) -> Move: ...
    def push_uci(self, uci: str) -> Move: ...
    def pop(self) -> Move: ...
    def move_stack(self) -> List[Move]: ...
    def pushed(self) -> int: ...
    def copy(self) -> Board: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: Any) -> Board: ...

class FenReading:
    position: Optional[Board]
    rule: Optional[str]
    message: str

class SanReading:
    san: Optional[str]
    rule: Optional[str]
    column: Optional[int]
    message: str

def read_fen(fen: str) -> FenReading: ...
def read_san(token: str) -> SanReading: ...

class Comment:
    text: str
    line: int
    column: int

class Nag:
    value: int
    line: int
    column: int

class Ply:
    text: str
    suffix: str
    ply: int
    move_number: int
    side: Side
    line: int
    column: int
    nags: List[Nag]
    comments_after: List[Comment]
    variations: List[Variation]

class Variation:
    line: int
    column: int
    comments_before: List[Comment]
    plies: List[Ply]
    comments_after: List[Comment]
    cut: bool

class Game:
    def source(self) -> str: ...
    def index(self) -> int: ...
    def tags(self) -> List[Tuple[str, str]]: ...
    def tag(self, name: str) -> Optional[str]: ...
    def moves(self) -> List[str]: ...
    def result(self) -> Optional[str]: ...
    def plies(self) -> List[Ply]: ...
    def comments_before(self) -> List[Comment]: ...
    def comments_after(self) -> List[Comment]: ...

class GameReader(Iterator[Game]):
    def __iter__(self) -> GameReader: ...
    def __next__(self) -> Game: ...
    def close(self) -> None: ...
    @property
    def shard(self) -> Optional[Dict[str, int]]: ...
    def __enter__(self) -> GameReader: ...
    def __exit__(self, *args: Any) -> None: ...

def read_games(path: Union[str, os.PathLike], *, shard: Optional[Tuple[int, int]] = None) -> GameReader: ...
def parse_games(pgn: Union[str, bytes], name: str = "-") -> List[Game]: ...

class Verdict:
    FIELDS: Tuple[str, ...]
    # the fields of schemas/verdict.json, with their JSON values
    object: str
    contract: str
    pgnsem: str
    reading: Dict[str, Any]
    file: str
    game: int
    offset: int  # where the game's first byte is in the input
    players: Optional[Dict[str, Optional[str]]]
    result: Optional[str]
    result_tag: Optional[str]
    plies: int
    verdict: str  # 'legal', 'illegal', 'malformed', 'unsupported'
    error: Optional[Dict[str, Any]]
    warnings: List[WarningDict]
    fen_after: str
    end: Optional[str]  # 'checkmate', 'stalemate'
    draw_claimable_at: Optional[int]
    automatic_draw_at: Optional[int]
    # and the position after the last legal ply, and check's line
    position_after: Board
    json: str
    def to_dict(self) -> Dict[str, Any]: ...
    def __getitem__(self, field: str) -> Any: ...

# semantics: 'laws' or 'paper'; errata: 'SLUG=paper' or 'SLUG=laws'; engine: 'reference', 'fast' or None
def judge(
    game: Game,
    *,
    strict: bool = False,
    semantics: str = "laws",
    errata: Sequence[str] = (),
    engine: Optional[str] = None,
) -> Verdict: ...
def judge_all(
    games: Iterable[Game],
    *,
    strict: bool = False,
    semantics: str = "laws",
    errata: Sequence[str] = (),
    engine: Optional[str] = None,
) -> List[Verdict]: ...
def errata() -> List[Dict[str, Union[str, bool]]]: ...
