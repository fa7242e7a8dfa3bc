"""PGN files judged on a Dask cluster: shards judged where the cluster runs them, then merged.

A file is cut into N shards as ``pgnsem check --shard K/N`` cuts it (README, "Shards"): each task
reads the games that start in its byte range with ``read_games(path, shard=(K, N))`` and judges
them with ``judge``; a small task per shard then keeps the games its shard owns and gives them the
whole file's game and line numbers, as ``pgnsem merge`` does. The result is a ``dask.bag.Bag`` of
verdict dicts, in file order, equal to the objects ``pgnsem check --format jsonl FILE`` writes::

    from dask.distributed import Client, LocalCluster
    import pgnsem.dask

    client = Client(LocalCluster(n_workers=4, threads_per_worker=1))  # this machine
    # client = Client("tcp://scheduler.example:8786")                  # or a running cluster
    verdicts = pgnsem.dask.check(["games.pgn"], shards=16)
    broken = verdicts.filter(lambda v: v["verdict"] != "legal").compute()

The same code runs on both: every worker needs the pgnsem package and the files at the same path
(a shared file system). ``verdicts.to_dataframe()`` gives a Dask dataframe (it needs pandas).
Files must be plain text (a compressed file is refused: decompress it first).
"""

from __future__ import annotations

import operator
import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import dask
import dask.bag

import pgnsem

# Without shards=, a file gets one shard for each 64 MiB (some 200,000 games of lichess's).
SHARD_BYTES = 64 * 2**20

Verdicts = List[Dict[str, Any]]
Record = Dict[str, int]


def shard_count(path: Union[str, os.PathLike], shard_bytes: int = SHARD_BYTES) -> int:
    """How many shards ``check`` cuts a file into when not told: one for each ``shard_bytes``."""
    return max(1, -(-os.path.getsize(path) // shard_bytes))


def judge_shard(path: str, k: int, n: int, strict: bool = False, semantics: str = "laws",
                errata: Sequence[str] = ()) -> Tuple[Verdicts, Record]:
    """Shard K of N of one file, judged in this process: its verdicts (numbered within the shard) and
    its record (``GameReader.shard``)."""
    reader = pgnsem.read_games(path, shard=(k, n))
    verdicts = [pgnsem.judge(game, strict=strict, semantics=semantics, errata=list(errata)).to_dict()
                for game in reader]
    return verdicts, reader.shard


def place(judged: Tuple[Verdicts, Record], before: Sequence[Record], kept_before: Sequence[int]) -> Verdicts:
    """The verdicts a judged shard owns, numbered as the whole file numbers them: those whose offset
    lies at or after the largest ``until`` of the shards before it and before its own ``until``; their
    ``game`` counted on from the games the shards before kept, their lines (the error's and the
    warnings') shifted by the line ends before the shard. ValueError when the records do not fit
    together (another file's shard, or one out of order)."""
    verdicts, record = judged
    expected_start = before[-1]["next"] if before else 0
    if record["shard"] != len(before) + 1 or record["start"] != expected_start or record["games"] != len(verdicts):
        raise ValueError(f"shard {record['shard']} of {record['shards']} does not follow the shards before it")
    covered = max((r["until"] for r in before), default=0)
    lines = sum(r["lines"] for r in before)
    game = sum(kept_before)
    kept = []
    for v in verdicts:
        if not covered <= v["offset"] < record["until"]:
            continue
        # new dicts: the judged shard stays as it was, should a task run again
        game += 1
        v = dict(v, game=game, warnings=[dict(w, line=w["line"] + lines) for w in v["warnings"]])
        if v["error"] is not None and v["error"]["line"] is not None:
            v["error"] = dict(v["error"], line=v["error"]["line"] + lines)
        kept.append(v)
    return kept


def check(paths: Iterable[Union[str, os.PathLike]], shards: Optional[int] = None, *, strict: bool = False,
          semantics: str = "laws", errata: Sequence[str] = ()) -> dask.bag.Bag:
    """The verdicts of every game of ``paths`` (plain PGN files), in order: a Dask bag of dicts, one a
    game, each the verdict object of ``pgnsem check --format jsonl`` (schemas/verdict.json). Each file
    is cut into ``shards`` shards (or ``shard_count(path)``); ``strict``, ``semantics`` and ``errata``
    are ``judge``'s. Nothing runs until the bag is computed."""
    parts = []
    for path in paths:
        path = os.fspath(path)
        n = shards if shards is not None else shard_count(path)
        if not 1 <= n <= 2**20:
            raise ValueError(f"shards={n}: a file is cut into 1 to 1048576 shards")
        # not pure: a file judged again (changed, maybe) is read again, never taken from a cache
        judged = [dask.delayed(judge_shard, pure=False)(path, k, n, strict, semantics, tuple(errata))
                  for k in range(1, n + 1)]
        records = [dask.delayed(operator.itemgetter(1))(j) for j in judged]
        kept: List[Any] = []
        for k, j in enumerate(judged):
            part = dask.delayed(place)(j, records[:k], kept[:k])
            parts.append(part)
            kept.append(dask.delayed(len)(part))
    return dask.bag.from_delayed(parts)
