"""Large jobs spread over a Ray cluster: Durak tournaments, the preflop
equity matrix, and range-vs-range equity over many flops.

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
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from . import InvalidArgument, _native, equity

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
