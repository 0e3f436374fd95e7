"""The JSON Lines batch protocol shared by ``sanma analyze`` and ``sanma score``.

One JSON object per input line, one answer per line in the same order; a bad
line answers ``{"ok": false, "error": ...}`` and the batch goes on. Exit 0 when
every line was read, 2 when the input itself could not be read.

Lines are answered in chunks: a chunk closes when it is full or when no more
input is waiting, and its answers are written and flushed at once, so a tool
that writes one line and waits gets its answer straight away. A big batch
(the first chunk comes full) is spread over ``jobs`` worker processes; the
answers still come out in input order.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import select
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from itertools import chain
from typing import IO, Any

Handler = Callable[[dict[str, Any], str], dict[str, Any] | str]
CHUNK_LINES = 200


def answer_line(line: str, handler: Handler, default_ruleset: str) -> dict[str, Any] | str:
    """Answer one line; never raises for bad input.

    A handler may return its fields already encoded as a JSON object (a ``str``
    starting with ``{``); the answer is then the same text with ``ok`` first.
    """
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"ok": False, "error": f"not valid JSON: {exc.msg} at column {exc.colno}"}
    if not isinstance(request, dict):
        return {"ok": False, "error": f"each line must be a JSON object, got {type(request).__name__}"}
    try:
        result = handler(request, default_ruleset)
    except ValueError as exc:  # NotationError, RulesetError, InputError, ScoringError …
        return {"ok": False, "error": str(exc)}
    if isinstance(result, str):
        return '{"ok": true}' if result == "{}" else '{"ok": true, ' + result[1:]
    return {"ok": True, **result}


def encode_answer(answer: dict[str, Any] | str) -> str:
    """One output line (without the newline)."""
    return answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)


def answer_chunk(handler: Handler, default_ruleset: str, lines: list[str]) -> str:
    """The answers to some lines, one per line, each ending in a newline."""
    return "".join(encode_answer(answer_line(line, handler, default_ruleset)) + "\n" for line in lines)


def add_jobs_option(parser: Any) -> None:
    """``--jobs N`` for a command that answers JSON Lines."""
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="worker processes for a big JSON Lines batch (default: the CPUs idle when it starts, at most 4; 1: none)",
    )


def jobs_from(value: int | None) -> int | None:
    """The ``--jobs`` value to use: ``None`` (decide when a big batch arrives, :func:`default_jobs`), else at least 1."""
    return None if value is None else max(1, value)


def default_jobs() -> int:
    """Worker processes for a big batch: the idle CPUs this process may use, at most 4.

    Idle CPUs are measured over a tenth of a second from ``/proc/stat`` (on a
    loaded machine workers would only take turns on the same cores); where
    that file does not exist, the one-minute load average stands in.
    """
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    idle = idle_cpus()
    if idle is None:
        try:
            idle = cpus - os.getloadavg()[0]
        except (AttributeError, OSError):
            idle = float(cpus)
    return max(1, min(4, cpus, round(idle)))


def idle_cpus(sample: float = 0.1) -> float | None:
    """How many CPUs of the machine sat idle during ``sample`` seconds (None without ``/proc/stat``)."""
    try:
        first = _cpu_times()
        time.sleep(sample)
        second = _cpu_times()
    except (OSError, ValueError, IndexError):
        return None
    busy_before, idle_before, count = first
    busy_after, idle_after, _ = second
    total = (busy_after - busy_before) + (idle_after - idle_before)
    return count * (idle_after - idle_before) / total if total > 0 else None


def _cpu_times() -> tuple[int, int, int]:
    """(busy ticks, idle ticks, CPUs) of the whole machine from ``/proc/stat``; idle includes iowait."""
    with open("/proc/stat") as stat:
        lines = stat.read().splitlines()
    fields = [int(x) for x in lines[0].split()[1:]]
    idle = fields[3] + fields[4]
    count = sum(1 for line in lines if line.startswith("cpu") and line[3:4].isdigit())
    return sum(fields[:8]) - idle, idle, count


def _waiting(stream: IO[str]) -> bool:
    """True when more input can be read at once (always, for streams that are not files)."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        return True
    try:
        ready, _, _ = select.select([fd], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(ready)


def read_chunks(stream: IO[str], size: int = CHUNK_LINES) -> Iterator[list[str]]:
    """Non-blank input lines in chunks of up to ``size``; a chunk also closes when no more input is waiting."""
    chunk: list[str] = []
    for line in stream:
        if line.strip():
            chunk.append(line)
        if chunk and (len(chunk) >= size or not _waiting(stream)):
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _answers(handler: Handler, default_ruleset: str, chunks: Iterator[list[str]], jobs: int | None) -> Iterator[str]:
    answer = partial(answer_chunk, handler, default_ruleset)
    for chunk in chunks:
        if len(chunk) >= CHUNK_LINES and jobs is None:
            jobs = default_jobs()  # decided once, when the first full chunk shows a big batch
        if jobs is not None and jobs > 1 and len(chunk) >= CHUNK_LINES and "fork" in multiprocessing.get_all_start_methods():
            # a big batch: workers forked now share everything loaded so far; imap keeps input order
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                yield from pool.imap(answer, chain([chunk], chunks))
            return
        yield answer(chunk)


def run_batch(
    handler: Handler,
    default_ruleset: str,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    jobs: int | None = 1,
) -> int:
    """Answer JSON Lines from ``stdin`` on ``stdout``; ``jobs`` None: workers on the idle CPUs for a big batch."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        for text in _answers(handler, default_ruleset, read_chunks(stdin), jobs):
            stdout.write(text)
            stdout.flush()
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        _silence(stdout)
        return 1
    except (OSError, UnicodeDecodeError) as exc:
        print(f"sanma: cannot read input: {exc}", file=sys.stderr)
        return 2
    return 0


def _silence(stream: IO[str]) -> None:
    """Point a closed pipe's file descriptor at /dev/null so the interpreter's exit flush stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
    except (OSError, AttributeError, io.UnsupportedOperation):
        pass
