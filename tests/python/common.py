"""What the Python tests of tests/python/ share: where the repository, the shared data and the
tool are (ctest passes them in the environment: tests/CMakeLists.txt), the tool's JSON Lines, the
games the tests replay, Hypothesis's settings in CI, and how a test file reports that it cannot run
(exit 77, which ctest counts as skipped, never as passed; scripts/test under CI=true fails it).
"""

import json
import os
import subprocess
import sys
import unittest
from pathlib import Path

SOURCE_DIR = Path(os.environ.get("PGNSEM_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SHARED_DIR = Path(os.environ.get("PGNSEM_SHARED_DIR", SOURCE_DIR.parent / "shared"))
BINARY = os.environ.get("PGNSEM_BINARY", str(SOURCE_DIR / "build" / "release" / "pgnsem"))


def skip(reason: str) -> None:
    """Ends the test file with exit 77: ctest reports it as skipped."""
    print(f"skipped: {reason}", file=sys.stderr)
    sys.exit(77)


def tool_jsonl(*args: str) -> list:
    """The objects `pgnsem ARGS` writes in JSON Lines (exit 0, or 1 for games that are not legal)."""
    run = subprocess.run([BINARY, *args], capture_output=True, check=False)
    if run.returncode not in (0, 1):
        raise RuntimeError(f"pgnsem {' '.join(args)}: exit {run.returncode}: {run.stderr.decode(errors='replace')}")
    return [json.loads(line) for line in run.stdout.decode().splitlines()]


def game_files() -> list:
    """The example and conformance games (examples/*.pgn, tests/conformance/*.pgn), by path
    relative to the repository, as the tests run the tool on them (from SOURCE_DIR)."""
    files = sorted(
        str(p.relative_to(SOURCE_DIR))
        for d in ("examples", "tests/conformance")
        for p in (SOURCE_DIR / d).glob("*.pgn")
    )
    if len(files) < 8:
        raise RuntimeError(f"expected the example and conformance games, found {files}")
    return files


def shared_data() -> Path:
    """../shared/data, or exit 77 when it is absent."""
    data = SHARED_DIR / "data"
    if not data.is_dir():
        skip(f"{data} is absent")
    return data


def hypothesis_profile() -> None:
    """Hypothesis in CI: the same examples every run (derandomize), a bounded number of them, no
    deadline (a loaded machine is no failure), no example database written into the tree. Exit 77
    when Hypothesis is not installed (python3-hypothesis, scripts/install-deps --test)."""
    try:
        import hypothesis
    except ImportError:
        skip(f"the hypothesis package is not installed for {sys.executable} (Debian: python3-hypothesis)")
    hypothesis.settings.register_profile(
        "pgnsem-ci",
        derandomize=True,
        max_examples=int(os.environ.get("PGNSEM_HYPOTHESIS_EXAMPLES", "60")),
        deadline=None,
        database=None,
        print_blob=False,
        suppress_health_check=[hypothesis.HealthCheck.too_slow],
    )
    hypothesis.settings.load_profile("pgnsem-ci")


def main() -> None:
    """Runs the file's tests from the repository's root (the paths the tool is given are relative
    to it, as verdicts write them)."""
    os.chdir(SOURCE_DIR)
    unittest.main(verbosity=2)


def runs_beside(call) -> bool:
    """Whether this thread ran Python code while another thread was in `call`. Python's thread
    switch interval is set to 10 s meanwhile, so a thread running Python keeps the GIL until it
    ends or a call releases the GIL: this thread runs beside `call` only if `call` releases the
    GIL (and takes long enough for this thread to be woken: tens of milliseconds)."""
    import threading
    import time

    interval = sys.getswitchinterval()
    sys.setswitchinterval(10.0)
    try:
        started = threading.Event()
        ended = []

        def run():
            started.set()  # (no GIL given up: an uncontended lock)
            call()
            ended.append(time.perf_counter())

        worker = threading.Thread(target=run)
        worker.start()
        started.wait()
        now = time.perf_counter()  # as soon as this thread has the GIL again
        worker.join()
        return now < ended[0]
    finally:
        sys.setswitchinterval(interval)
