"""Large jobs spread over a Ray cluster: Durak tournaments, the preflop
equity matrix, the exact three-way preflop table of hand classes, and
range-vs-range equity and hand classes over many flops.

Each job is cut into tasks that are pure functions of their arguments.
When Ray is initialised (``ray.is_initialized()``), the tasks run as Ray
tasks on the cluster, one CPU each; otherwise they run in this process.
The answer is the same either way, whatever the number of workers (for
Durak bots with an iteration budget; a bot with ``ms=`` plays by the clock
and so differently run to run anywhere).

Ray is an optional extra: ``pip install "./bindings/python[cluster]"``.
Locally, ``ray.init(num_cpus=2)``; on a cluster started with ``ray start
--head`` (and ``ray start --address=HEAD:6379`` on each other machine),
``ray.init(address="auto")``. Every machine needs the same oddsmith
installed.

While tasks complete, a progress line is drawn on stderr when it is a
terminal.
"""

from __future__ import annotations

import csv
import itertools
import json
import os
import struct
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from . import BoardResult, ClassRow, InvalidArgument, _native, equity

__all__ = [
    "tournament",
    "MatchResult",
    "SideResult",
    "preflop_matrix",
    "PreflopMatrix",
    "hand_classes",
    "range_vs_board",
    "BoardEquity",
    "suit_distinct_flops",
    "board_all_flops",
    "preflop3_table",
    "Preflop3Table",
    "Preflop3Entry",
]

# ------------------------------------------------------------ running tasks


def _ray() -> Any:
    """The ray module when it is initialised, else None. A program that
    initialised Ray has imported it, so this never imports Ray itself (a
    second's import for callers without a cluster)."""
    ray = sys.modules.get("ray")
    return ray if ray is not None and ray.is_initialized() else None


class _Progress:
    """A tqdm-style line on stderr ("label: 12/40 tasks, 3.1 s"), drawn only
    on a terminal."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.done = label, total, 0
        self.started = time.monotonic()
        self.shown = sys.stderr.isatty()

    def step(self) -> None:
        self.done += 1
        if self.shown:
            elapsed = time.monotonic() - self.started
            bar = "=" * (30 * self.done // self.total)
            sys.stderr.write(
                f"\r{self.label} [{bar:<30}] {self.done}/{self.total} tasks, {elapsed:.1f} s"
            )
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def _run_tasks(label: str, task: Callable[..., Any], arguments: List[Tuple[Any, ...]]) -> List[Any]:
    """``[task(*a) for a in arguments]``, as Ray tasks when Ray is running;
    results in the order of ``arguments``."""
    progress = _Progress(label, len(arguments))
    ray = _ray()
    if ray is None:
        results = []
        for a in arguments:
            results.append(task(*a))
            progress.step()
        return results
    remote = ray.remote(num_cpus=1)(task)
    refs = [remote.remote(*a) for a in arguments]
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        progress.step()
    return ray.get(refs)


def _run_each(
    label: str, task: Callable[..., Any], arguments: List[Tuple[Any, ...]], done: Callable[[int, Any], None]
) -> None:
    """Runs ``task(*a)`` for each of ``arguments`` (as Ray tasks when Ray
    is running) and calls ``done(i, result)`` as each finishes, in the
    order they finish (so a long job keeps what is done if stopped)."""
    progress = _Progress(label, len(arguments))
    ray = _ray()
    if ray is None:
        for i, a in enumerate(arguments):
            done(i, task(*a))
            progress.step()
        return
    remote = ray.remote(num_cpus=1)(task)
    refs = [remote.remote(*a) for a in arguments]
    index = {ref: i for i, ref in enumerate(refs)}
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            done(index[ref], ray.get(ref))
            progress.step()


def _chunks(total: int, per_task: int) -> List[Tuple[int, int]]:
    if per_task < 1:
        raise InvalidArgument("per_task must be at least 1")
    return [(first, min(per_task, total - first)) for first in range(0, total, per_task)]


# --------------------------------------------------------------- tournaments


@dataclass(frozen=True)
class SideResult:
    """One side's shares of the games, its win rate's Wilson 95% interval,
    and its wins among decided games."""

    win: float
    draw: float
    loss: float
    win_ci95: Tuple[float, float]
    decided_win: float


@dataclass(frozen=True)
class MatchResult:
    """A tournament's result: A's wins, draws and losses (B's are the
    mirror), and each side's shares and intervals. Two results are equal
    when their counts are."""

    games: int
    wins: int
    draws: int
    losses: int
    a: SideResult = field(compare=False)
    b: SideResult = field(compare=False)

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)

    def __repr__(self) -> str:
        lo, hi = self.a.win_ci95
        return (
            f"MatchResult({self.games} games: A won {self.wins}, drew {self.draws}, lost "
            f"{self.losses}; A's win rate {self.a.win:.3f} [{lo:.3f}, {hi:.3f}])"
        )


def _match_result(wins: int, draws: int, losses: int) -> MatchResult:
    d = _native.durak_summary(wins, draws, losses)
    side = lambda s: SideResult(s["win"], s["draw"], s["loss"], tuple(s["win_ci95"]), s["decided_win"])  # noqa: E731
    return MatchResult(d["games"], wins, draws, losses, side(d["a"]), side(d["b"]))


def _tournament_task(
    bot_a: str, bot_b: str, config: Tuple[int, int, str, str], first: int, count: int, seed: int
) -> List[int]:
    return _native.durak_play_games(bot_a, bot_b, config, first, count, seed, 1)


def tournament(
    bot_a: str,
    bot_b: str,
    games: int,
    players: int = 2,
    variant: str = "podkidnoy",
    deck: int = 36,
    protocol: str = "one",
    seed: int = 1,
    per_task: int = 20,
    threads: int = 0,
) -> MatchResult:
    """Durak games between ``bot_a`` in one seat and ``bot_b`` in the others
    (the CLI's bot syntax: ``"random"``, ``"greedy"``,
    ``"mcts:iters=2000,rollout=heuristic"``, ``"mcts-v1:iters=500"``), A's
    seat rotating over each deal. ``per_task`` games per Ray task; in this
    process (no Ray) the games run on ``threads`` threads (0 = all cores).
    The same seed gives the same games, with or without Ray."""
    if games < 1:
        raise InvalidArgument("play at least one game")
    for name, bot in (("bot_a", bot_a), ("bot_b", bot_b)):
        try:
            _native.durak_check_bot(bot)
        except Exception as e:
            raise type(e)(f"{name}: {e}") from None
    config = (players, deck, variant, protocol)
    # Checks the table's rules before any task starts.
    _native.Game(players, deck, variant, protocol)
    if _ray() is None:
        outcomes = _native.durak_play_games(bot_a, bot_b, config, 0, games, seed, threads)
    else:
        parts = _run_tasks(
            "tournament",
            _tournament_task,
            [(bot_a, bot_b, config, first, count, seed) for first, count in _chunks(games, per_task)],
        )
        outcomes = [o for part in parts for o in part]
    return _match_result(outcomes.count(1), outcomes.count(0), outcomes.count(-1))


# ------------------------------------------------------------- preflop table

_RANKS = "AKQJT98765432"


def hand_classes() -> List[str]:
    """The 169 preflop hand classes in grid order: row by row from ``AA``,
    suited above the diagonal (``AKs``), offsuit below (``AKo``)."""
    names = []
    for row in range(13):
        for col in range(13):
            r, c = _RANKS[row], _RANKS[col]
            names.append(r + r if row == col else (r + c + "s" if row < col else c + r + "o"))
    return names


@dataclass(frozen=True)
class PreflopMatrix:
    """``equity[i][j]``: the exact heads-up preflop equity of class
    ``classes[i]`` against class ``classes[j]`` (each combo pair that does
    not share a card, weighted equally)."""

    classes: List[str]
    equity: List[List[float]]

    def at(self, hero: str, villain: str) -> float:
        """The equity of class ``hero`` against class ``villain``."""
        index = {name: i for i, name in enumerate(self.classes)}
        return self.equity[index[hero]][index[villain]]

    def to_csv(self, path: str) -> None:
        """Writes a CSV: a header row of classes, then one row per class."""
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["class"] + self.classes)
            for name, row in zip(self.classes, self.equity):
                w.writerow([name] + [repr(x) for x in row])

    def to_json(self, path: str) -> None:
        """Writes ``{"classes": [...], "equity": [[...], ...]}``."""
        with open(path, "w") as f:
            json.dump({"classes": self.classes, "equity": self.equity}, f)


def _preflop_rows(rows: Sequence[int]) -> List[List[Tuple[int, float]]]:
    """For each row i, the equities of class i against classes j >= i."""
    classes = hand_classes()
    out = []
    for i in rows:
        out.append(
            [(j, equity([classes[i], classes[j]], mode="exact", threads=1).players[0].equity) for j in range(i, 169)]
        )
    return out


def preflop_matrix(
    players: int = 2,
    rows_per_task: int = 13,
    csv_path: Optional[str] = None,
    json_path: Optional[str] = None,
) -> PreflopMatrix:
    """The exact 169 x 169 table of heads-up preflop equities between hand
    classes, each task computing a block of ``rows_per_task`` rows; saved
    as CSV and/or JSON when paths are given. Only heads-up (``players=2``)
    is defined: a class against one class."""
    if players != 2:
        raise InvalidArgument("the preflop matrix is heads-up: players=2")
    blocks = [list(range(s, min(s + rows_per_task, 169))) for s in range(0, 169, max(1, rows_per_task))]
    parts = _run_tasks("preflop matrix", _preflop_rows, [(b,) for b in blocks])
    table = [[0.0] * 169 for _ in range(169)]
    for block, part in zip(blocks, parts):
        for i, row in zip(block, part):
            for j, e in row:
                table[i][j] = e
                table[j][i] = 1.0 - e
    result = PreflopMatrix(hand_classes(), table)
    if csv_path:
        result.to_csv(csv_path)
    if json_path:
        result.to_json(json_path)
    return result


# ----------------------------------------------------------- ranges on flops

_CARD_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


def suit_distinct_flops() -> List[Tuple[str, int]]:
    """The 1,755 flops distinct under renaming the suits, each as its
    smallest representative and the number of the 22,100 flops it stands
    for."""
    counts: Dict[Tuple[int, ...], int] = {}
    perms = list(itertools.permutations(range(4)))
    for flop in itertools.combinations(range(52), 3):
        key = min(tuple(sorted(4 * (c // 4) + p[c % 4] for c in flop)) for p in perms)
        counts[key] = counts.get(key, 0) + 1
    name = lambda c: _CARD_RANKS[c // 4] + _SUITS[c % 4]  # noqa: E731
    return [("".join(name(c) for c in key), n) for key, n in sorted(counts.items())]


@dataclass(frozen=True)
class BoardEquity:
    """Two ranges' exact equities on one board; ``weight`` is the number of
    flops the board stands for (1 for a board you listed)."""

    board: str
    weight: int
    equity_a: float
    equity_b: float


def _boards_task(range_a: str, range_b: str, boards: Sequence[Tuple[str, int]], dead: str) -> List[BoardEquity]:
    out = []
    for board, weight in boards:
        r = equity([range_a, range_b], board=board, dead=dead, mode="exact", threads=1)
        out.append(BoardEquity(board, weight, r.players[0].equity, r.players[1].equity))
    return out


def range_vs_board(
    range_a: str,
    range_b: str,
    boards: Optional[Sequence[str]] = None,
    dead: str = "",
    per_task: int = 50,
) -> List[BoardEquity]:
    """The exact equities of ``range_a`` against ``range_b`` on each board
    of ``boards`` (3 to 5 cards each; default: the 1,755 suit-distinct
    flops of :func:`suit_distinct_flops`, with their weights), one task
    per ``per_task`` boards; in the order of the boards."""
    listed = suit_distinct_flops() if boards is None else [(b, 1) for b in boards]
    for text in (range_a, range_b):
        _native.parse_range(text)
    parts = _run_tasks(
        "range vs board",
        _boards_task,
        [(range_a, range_b, listed[s : s + per_task], dead) for s, _ in _chunks(len(listed), per_task)],
    )
    return [row for part in parts for row in part]


_BOARD_CHUNKS = _native.BOARD_FLOP_CHUNKS


def _flop_chunks_task(range_a: str, range_b: str, first: int, end: int) -> List[List[float]]:
    return _native.board_flop_chunks(range_a, range_b, first, end, 1)


def board_all_flops(pairs: Sequence[Tuple[str, str]], chunks_per_task: int = 32) -> List[BoardResult]:
    """What each range makes on every flop, with its equity by class
    against the other range of its pair: for each ``(range, vs)`` of
    ``pairs``, the answer of ``oddsmith.board(range, all_flops=True,
    vs=vs)``, equal to it number for number. Each pair's five-card boards
    are cut into 256 chunks (suit-symmetric boards swept once, as in one
    process), ``chunks_per_task`` chunks a task; the chunks' sums are added
    in chunk order, so the answer does not depend on the workers."""
    if chunks_per_task < 1:
        raise InvalidArgument("chunks_per_task must be at least 1")
    pairs = [(str(a), str(b)) for a, b in pairs]
    for i, (a, b) in enumerate(pairs):
        for what, text in (("range", a), ("vs", b)):
            try:
                _native.parse_range(text)
            except Exception as e:
                raise type(e)(f"pair {i + 1}, {what}: {e}") from None
    cuts = [(s, min(s + chunks_per_task, _BOARD_CHUNKS)) for s in range(0, _BOARD_CHUNKS, chunks_per_task)]
    arguments = [(a, b, s, e) for a, b in pairs for s, e in cuts]
    parts = _run_tasks("board, every flop", _flop_chunks_task, arguments)
    out = []
    for k, (a, b) in enumerate(pairs):
        chunks = [c for part in parts[k * len(cuts) : (k + 1) * len(cuts)] for c in part]
        d = _native.board_from_chunks(a, b, chunks, 0)
        rows = [ClassRow(**c) for c in d["classes"]]
        out.append(BoardResult(d["boards"], d["combos"], d["weight"], d["equity"], rows, d["elapsed_ms"]))
    return out


# ------------------------------------------------------ three-way preflop

_ROW_WORDS = _native.PREFLOP3_ROW_WORDS
_ROW_BYTES = 8 * _ROW_WORDS

#: Entries of the full three-way table: class triples a <= b <= c.
PREFLOP3_TRIPLES: int = _native.PREFLOP3_TRIPLES


@dataclass(frozen=True)
class Preflop3Entry:
    """One entry of the three-way table, its seats in the order asked:
    ``deals`` (combo triples without a shared card times the 1,370,754
    boards of each), and per seat the deals won alone (``wins``), split
    with exactly one other seat (``split2``) and split three ways
    (``split3``); ``equity`` per seat is the pot share,
    ``(wins + split2/2 + split3/3) / deals`` (0 when no deal fits, as
    for AA against AA against AA)."""

    classes: Tuple[str, str, str]
    deals: int
    wins: Tuple[int, int, int]
    split2: Tuple[int, int, int]
    split3: Tuple[int, int, int]

    @property
    def equity(self) -> Tuple[float, float, float]:
        if self.deals == 0:
            return (0.0, 0.0, 0.0)
        return tuple(  # type: ignore[return-value]
            (6 * w + 3 * s2 + 2 * s3) / (6 * self.deals) for w, s2, s3 in zip(self.wins, self.split2, self.split3)
        )


@dataclass(frozen=True)
class Preflop3Table:
    """The rows ``first .. first + count`` of the exact three-way preflop
    table (all of it: ``first=0, count=818805``). Row ``t`` is the class
    triple ``triple(t)`` (``a <= b <= c`` in :func:`hand_classes` order,
    lexicographic); ``data`` holds ten little-endian unsigned 64-bit
    integers a row: deals, the three seats' wins, their two-way splits,
    their three-way splits. ``path`` is the file it was saved to."""

    first: int
    count: int
    data: bytes = field(repr=False)
    path: str

    @staticmethod
    def triple(index: int) -> Tuple[str, str, str]:
        """The class names of row ``index`` of the full table."""
        names = hand_classes()
        a, b, c = _native.preflop3_triple(index)
        return names[a], names[b], names[c]

    @staticmethod
    def index(a: str, b: str, c: str) -> int:
        """The row of the full table holding classes ``a``, ``b``, ``c``
        (any order)."""
        order = {name: i for i, name in enumerate(hand_classes())}
        for name in (a, b, c):
            if name not in order:
                raise InvalidArgument(f"hand class {name!r}: not one of the 169 (AA, AKs, AKo, ...)")
        x, y, z = sorted(order[n] for n in (a, b, c))
        return _native.preflop3_index(x, y, z)

    def row(self, index: int) -> Preflop3Entry:
        """Row ``index`` of the full table (it must be among this part's),
        seats in the triple's order."""
        if not self.first <= index < self.first + self.count:
            raise InvalidArgument(f"row {index}: this table holds rows {self.first} to {self.first + self.count - 1}")
        at = (index - self.first) * _ROW_BYTES
        w = struct.unpack_from(f"<{_ROW_WORDS}Q", self.data, at)
        return Preflop3Entry(self.triple(index), w[0], tuple(w[1:4]), tuple(w[4:7]), tuple(w[7:10]))  # type: ignore[arg-type]

    def at(self, a: str, b: str, c: str) -> Preflop3Entry:
        """The entry of classes ``a``, ``b``, ``c`` with the seats in that
        order (the stored row is in class order; its seats are permuted)."""
        entry = self.row(self.index(a, b, c))
        stored = list(entry.classes)
        seats = []
        for name in (a, b, c):
            i = stored.index(name)
            stored[i] = ""
            seats.append(i)
        pick = lambda xs: tuple(xs[i] for i in seats)  # noqa: E731
        return Preflop3Entry((a, b, c), entry.deals, pick(entry.wins), pick(entry.split2), pick(entry.split3))

    def to_numpy(self) -> Any:
        """The rows as a ``(count, 10)`` numpy array of uint64 (needs numpy)."""
        import numpy

        return numpy.frombuffer(self.data, dtype="<u8").reshape(self.count, _ROW_WORDS)


def _preflop3_task(first: int, count: int, threads: int) -> bytes:
    return _native.preflop3_rows(first, count, threads)


def _write_atomically(path: str, data: bytes) -> None:
    temporary = path + ".part"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)


def preflop3_table(
    directory: str,
    first: int = 0,
    count: Optional[int] = None,
    triples_per_slice: int = 200,
    threads: int = 0,
) -> Preflop3Table:
    """The exact three-way preflop table of hand classes (rows ``first``
    to ``first + count``; default: all 818,805), one task per slice of
    ``triples_per_slice`` rows, resumable: each finished slice is saved in
    ``directory`` as ``slice-FIRST-END.bin`` as soon as it is done, and a
    rerun with the same slicing skips the slices found there. The slices
    are then joined into ``directory/preflop3-FIRST-END.bin`` (the same
    bytes whatever the number of workers or interruptions). In this
    process (no Ray) a slice runs on ``threads`` threads (0 = all cores);
    on Ray each task takes one CPU. The full table is about 3.5 core-hours
    (see the docs' cluster page)."""
    end = PREFLOP3_TRIPLES if count is None else first + count
    if not 0 <= first < end <= PREFLOP3_TRIPLES:
        raise InvalidArgument(f"rows {first}..{end}: the table has rows 0 to {PREFLOP3_TRIPLES - 1}")
    if triples_per_slice < 1:
        raise InvalidArgument("triples_per_slice must be at least 1")
    os.makedirs(directory, exist_ok=True)
    slices = [(s, min(s + triples_per_slice, end)) for s in range(first, end, triples_per_slice)]
    path_of = lambda s, e: os.path.join(directory, f"slice-{s:06d}-{e:06d}.bin")  # noqa: E731
    todo = [
        (s, e)
        for s, e in slices
        if not (os.path.exists(path_of(s, e)) and os.path.getsize(path_of(s, e)) == (e - s) * _ROW_BYTES)
    ]

    def save(i: int, data: bytes) -> None:
        s, e = todo[i]
        _write_atomically(path_of(s, e), data)

    task_threads = 1 if _ray() is not None else threads
    _run_each("3-way preflop table", _preflop3_task, [(s, e - s, task_threads) for s, e in todo], save)
    parts = []
    for s, e in slices:
        with open(path_of(s, e), "rb") as f:
            parts.append(f.read())
    data = b"".join(parts)
    path = os.path.join(directory, f"preflop3-{first:06d}-{end:06d}.bin")
    _write_atomically(path, data)
    return Preflop3Table(first, end - first, data, path)
