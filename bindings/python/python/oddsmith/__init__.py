"""oddsmith: exact and fast odds engines for card games.

Hold'em equity, hand strength and evaluation; what a range makes on a
board; Hearthstone split damage and
Battlegrounds combat; the expectimax solver (the coin game, Pig, or a game
you write in Python); Durak games and search. Large jobs go to a Ray
cluster through :mod:`oddsmith.cluster`.

Cards are written rank then suit: ``"Ah"``, ``"Td"``, ``"7c"`` (ranks
``23456789TJQKA``, suits ``cdhs``); a hand or board is the cards one after
another (``"AhKh"``, ``"Ks7c2d"``). Card indices, where a function takes
them, are ``4 * rank + suit`` (``2c`` = 0, ``As`` = 51).

Errors raise a subclass of :class:`oddsmith.Error` carrying the library's
message (:class:`ParseError`, :class:`InvalidArgument`,
:class:`DuplicateCard`, :class:`BudgetExceeded`, ...). Long calls release
the GIL (other threads run, and calls from several threads run in
parallel) and stop on Ctrl-C within about 20 ms, raising
KeyboardInterrupt.

Thread safety: every function may be called from any thread at once; a
:class:`Game` object is not locked, so share one between threads only with
your own lock.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native
from ._native import (
    BudgetExceeded,
    BufferTooSmall,
    CallbackError,
    DuplicateCard,
    Error,
    Game,
    InternalError,
    InvalidArgument,
    Move,
    Observation,
    ParseError,
)

__version__: str = _native.__version__

__all__ = [
    "Error",
    "InvalidArgument",
    "ParseError",
    "DuplicateCard",
    "BufferTooSmall",
    "BudgetExceeded",
    "InternalError",
    "CallbackError",
    "rank",
    "evaluate",
    "rank_batch",
    "HandValue",
    "parse_range",
    "equity",
    "EquityResult",
    "PlayerEquity",
    "ComboEquity",
    "hand_strength",
    "Strength",
    "omaha_equity",
    "OmahaResult",
    "OmahaPlayer",
    "board",
    "BoardResult",
    "ClassRow",
    "split_damage",
    "SplitDamage",
    "combat",
    "combat_battle",
    "best_order",
    "BestOrder",
    "RankedOrder",
    "PushFoldResult",
    "PushFoldSpot",
    "pushfold",
    "CombatResult",
    "UnmodelledCard",
    "coins",
    "pig",
    "PigSolution",
    "expectimax",
    "Solution",
    "Game",
    "Move",
    "Observation",
    "best_move",
    "BestMove",
]

Hand = Union[str, Sequence[int]]


def _method(exact: bool, stderr: float) -> str:
    """"exact", or the Monte Carlo error, for a result's repr."""
    return "exact" if exact else f"Monte Carlo, stderr {stderr:.5f}"


class _Result:
    """Shared by the result classes: ``to_dict()`` for JSON and pandas."""

    def to_dict(self) -> Dict[str, Any]:
        """The result as plain dicts, lists and numbers."""
        return asdict(self)  # type: ignore[call-overload]


# ---------------------------------------------------------------- evaluation


def rank(hand: Hand) -> int:
    """The rank of the best five of 5 to 7 cards: 1 (seven high) to 7462
    (royal flush), higher is better.

    ``hand`` is text (``"AhKhQhJhTh9c2d"``) or a sequence of card indices
    (0..51). Raises ParseError, InvalidArgument (not 5-7 cards, an index
    out of range) or DuplicateCard.

    >>> rank("AhKhQhJhTh") == 7462
    True
    """
    return _native.rank(hand)


@dataclass(frozen=True)
class HandValue(_Result):
    """A hand's rank (1..7462), category key and description."""

    rank: int
    category: str
    description: str


def evaluate(hand: Hand) -> HandValue:
    """The rank of 5 to 7 cards with its category ("two_pair") and a
    description ("Two Pair, Kings and Sevens"); see :func:`rank`."""
    r = _native.rank(hand)
    return HandValue(r, _native.category(r), _native.describe(r))


def rank_batch(hands: Any) -> Any:
    """Ranks many hands at once (AVX2, eight at a time, where the CPU has it).

    ``hands`` is a numpy array of card indices with shape ``(n, k)``,
    ``k`` of 5 to 7 (any integer dtype; uint8 C-contiguous avoids a copy),
    returning a numpy ``uint16`` array of ``n`` ranks; or a list of hands
    (text or index lists), returning a list of ints. The numpy path holds
    the GIL while it reads the array (about 10 ms per million hands), so
    no other thread can change or free it meanwhile.

    Raises InvalidArgument, DuplicateCard or ParseError naming the first
    bad hand (counted from 0).
    """
    np = sys.modules.get("numpy")
    if np is not None and isinstance(hands, np.ndarray):
        if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
            raise InvalidArgument(
                f"a batch is an array of shape (hands, 5..7); got shape {hands.shape}"
            )
        if hands.dtype != np.uint8:
            if not np.issubdtype(hands.dtype, np.integer):
                raise InvalidArgument(f"card indices must be integers, not {hands.dtype}")
            if hands.size and (hands.min() < 0 or hands.max() > 51):
                raise InvalidArgument("card indices must be in 0..51")
        cards = np.ascontiguousarray(hands, dtype=np.uint8)
        out = np.empty(cards.shape[0], dtype=np.uint16)
        _native.rank_batch_raw(
            cards.__array_interface__["data"][0],
            cards.shape[0],
            cards.shape[1],
            out.__array_interface__["data"][0],
        )
        return out
    if isinstance(hands, (str, bytes)):
        raise InvalidArgument("rank_batch takes a list of hands; use rank() for one")
    return _native.rank_batch_list(list(hands))


def parse_range(text: str) -> List[Tuple[str, float]]:
    """The combos of a hand or range (``"QQ+,AKs"``, ``"JJ-88"``,
    ``"AhKh"``, weights as ``"AKo:0.5"``) with their weights. Raises
    ParseError naming the token that does not parse."""
    return _native.parse_range(text)


# -------------------------------------------------------------------- equity


@dataclass(frozen=True)
class PlayerEquity(_Result):
    """One player's share: ``equity`` = ``win`` + ``tie``, where ``win``
    is the chance of the best hand alone (the share won alone) and ``tie``
    the share won in split pots (not the chance of a split: a two-way
    split counts 1/2); ``categories`` the chance of ending with each hand
    category (keys ``high_card`` .. ``straight_flush``)."""

    hand: str
    equity: float
    win: float
    tie: float
    categories: Dict[str, float]


@dataclass(frozen=True)
class ComboEquity(_Result):
    """One combo of a player's range: its weight, equity, win and tie over
    the deals it meets, and the weight of those deals."""

    cards: str
    weight: float
    equity: float
    win: float
    tie: float
    deals: float


@dataclass(frozen=True)
class EquityResult(_Result):
    """The answer of :func:`equity`.

    ``exact`` tells whether every deal was enumerated (``tuples`` deals),
    else ``tuples`` deals were sampled and ``std_error`` is the standard error
    of each equity. ``by_combo`` (when asked) holds each player's combos;
    ``grid`` each player's equity by hand class (``"AKs"``: equity).
    """

    players: List[PlayerEquity]
    exact: bool
    tuples: int
    std_error: float
    elapsed_ms: float = field(compare=False)
    by_combo: Optional[List[List[ComboEquity]]] = None
    grid: Optional[List[Dict[str, float]]] = None

    def __repr__(self) -> str:
        how = _method(self.exact, self.std_error)
        shares = ", ".join(f"{p.hand} {p.equity:.4f}" for p in self.players)
        return f"EquityResult({shares}; {self.tuples:,} deals, {how}, {self.elapsed_ms:.1f} ms)"

    @property
    def equities(self) -> List[float]:
        """Each player's equity, in order."""
        return [p.equity for p in self.players]


def equity(
    players: Sequence[str],
    board: str = "",
    dead: str = "",
    mode: str = "auto",
    stderr: float = 0.001,
    time_ms: Optional[int] = None,
    seed: int = 0,
    threads: int = 0,
    by_combo: bool = False,
) -> EquityResult:
    """Texas Hold'em equity of 2 to 10 players' hands or ranges.

    ``players``: one hand or range per player, e.g. ``["AhKh", "QsQd"]`` or
    ``["QQ+,AKs", "JJ-88", "random"]``. ``board``: 0, 3, 4 or 5 cards
    (``"Ks7c2d"``); ``dead``: cards out of play. ``mode``: ``"exact"``
    (enumerate every deal), ``"mc"`` (Monte Carlo to ``stderr`` or the
    deadline) or ``"auto"`` (exact when its estimated time fits
    ``time_ms``, else Monte Carlo). ``stderr``: the Monte Carlo target
    standard error (0: the default, 0.001). ``time_ms``: the time budget
    (None or 0: 1000, or none in ``"exact"`` mode, as in the CLI and C).
    ``seed``: the Monte Carlo stream (0 by default, as in C): in ``"mc"``
    mode a seed and ``stderr`` give the same answer on any thread count
    unless the deadline stops sampling first; in ``"auto"`` the thread
    count can decide between an exact and a sampled answer near the edge.
    ``threads``: 0 = all cores, 1 = this thread only.
    ``by_combo``: also each combo's equity and the 13x13 class grid (exact
    only; on a flop, turn or river, or preflop heads-up without dead cards).

    >>> r = equity(["AhKh", "QsQd"], board="Ks7c2d")
    >>> r.exact, round(r.players[0].equity, 4)
    (True, 0.9121)
    """
    if isinstance(players, str):
        raise InvalidArgument("players is a list of hands or ranges, one per player")
    hands = [str(p) for p in players]
    d = _native.equity(hands, board, dead, mode, float(stderr), time_ms, seed, threads, by_combo)
    result_players = [PlayerEquity(**p) for p in d["players"]]
    combos = grid = None
    if "by_combo" in d:
        combos = [[ComboEquity(**c) for c in p["combos"]] for p in d["by_combo"]]
        grid = [p["grid"] for p in d["by_combo"]]
    return EquityResult(
        result_players, d["exact"], d["tuples"], d["std_error"], d["elapsed_ms"], combos, grid
    )


# --------------------------------------------------------------- board


@dataclass(frozen=True)
class ClassRow(_Result):
    """One hand class of :func:`board`: a made hand (``draw`` False) or a
    draw. ``key`` (``"top_pair_top_kicker"``, ``"flush_draw"``) and
    ``name`` (``"Top pair, top kicker"``) name it; ``combos`` and
    ``weight`` are its combos and their weight (per board, over several
    boards the mean), ``share`` their part of the range's weight on the
    board(s), 0 to 1; ``equity`` the class's exact equity against ``vs``
    (None without ``vs``, or when no deal of the class meets it);
    ``hands`` its combos (``"AhKh"``) on one board, else empty."""

    key: str
    name: str
    draw: bool
    combos: float
    weight: float
    share: float
    equity: Optional[float]
    hands: List[str]


@dataclass(frozen=True)
class BoardResult(_Result):
    """The answer of :func:`board`: ``boards`` counted (22,100 for every
    flop), the range's ``combos`` and ``weight`` left on a board (per
    board), its whole ``equity`` against ``vs`` (None without), and one
    :class:`ClassRow` per class in ``classes``: the made classes weakest
    first (their shares add to 1), then the draws (a combo may have
    several). ``row(key)`` picks one class."""

    boards: int
    combos: float
    weight: float
    equity: Optional[float]
    classes: List[ClassRow]
    elapsed_ms: float = field(compare=False)

    def row(self, key: str) -> ClassRow:
        """The row of class ``key`` (``"set"``, ``"flush_draw"``, ...);
        raises InvalidArgument naming an unknown key."""
        for r in self.classes:
            if r.key == key:
                return r
        keys = ", ".join(r.key for r in self.classes)
        raise InvalidArgument(f"class {key!r} is not one of: {keys}")

    def __repr__(self) -> str:
        made = sorted((r for r in self.classes if not r.draw), key=lambda r: -r.share)
        top = ", ".join(f"{r.key} {r.share:.3f}" for r in made[:3] if r.share > 0)
        eq = "" if self.equity is None else f", equity {self.equity:.4f}"
        return (
            f"BoardResult({self.combos:.2f} combos on {self.boards:,} board(s){eq}; "
            f"{top}; {self.elapsed_ms:.1f} ms)"
        )


def board(
    range: str,
    board: Union[str, Sequence[str], None] = None,
    all_flops: bool = False,
    vs: Optional[str] = None,
    threads: int = 0,
    time_ms: Optional[int] = None,
) -> BoardResult:
    """What a Hold'em range makes on a board, exactly: each combo's made
    hand class and draws (the classes of the book's "A range on a board"
    chapter), as combo counts, shares and combo lists, and with ``vs`` each
    class's exact equity against that range.

    ``range``: ``"QQ+,AKs,KQo:0.5"``. ``board``: a flop, turn or river
    (``"Ks7c2d"``), or several, as a list or separated by commas (each
    counted once; counts are then per board). ``all_flops``: every one of
    the 22,100 flops instead (give no ``board``). ``vs``: the other range,
    for equity by class. ``threads``: 0 = all cores, 1 = this thread only
    (the answer is the same on any number). ``time_ms``: a time limit (None
    or 0: none), past which BudgetExceeded is raised.

    Raises ParseError or InvalidArgument naming the input (``range``,
    ``vs``, ``board``, ``board 2`` of a list): a range without a combo, a
    board not of 3 to 5 cards or leaving the range no combo.

    >>> r = board("QQ+,AKs", board="Ks7c2d")
    >>> r.row("set").combos, r.row("top_pair_top_kicker").combos
    (3.0, 3.0)
    """
    if all_flops and board is not None:
        raise InvalidArgument("give board or all_flops, not both")
    if not all_flops and board is None:
        raise InvalidArgument("give board (a flop, turn or river) or all_flops=True")
    boards: Optional[List[str]] = None
    if board is not None:
        if isinstance(board, str):
            boards = board.split(",")
        else:
            boards = [str(b) for b in board]
    d = _native.board(range, boards, vs, threads, time_ms)
    rows = [ClassRow(**c) for c in d["classes"]]
    return BoardResult(d["boards"], d["combos"], d["weight"], d["equity"], rows, d["elapsed_ms"])


@dataclass(frozen=True)
class Strength(_Result):
    """A hand's chance to win outright (``win``) and its pot share
    (``equity``) against random hands."""

    win: float
    equity: float
    exact: bool
    std_error: float
    elapsed_ms: float = field(compare=False)


def hand_strength(
    hand: str,
    opponents: int = 1,
    board: str = "",
    time_ms: int = 1000,
    seed: int = 0,
    threads: int = 0,
) -> Strength:
    """How often ``hand`` (two cards) beats ``opponents`` (1 to 9) players
    holding random cards on ``board``: exact when it fits ``time_ms``
    (0: the default, 1000, as in C), else Monte Carlo (``exact`` and
    ``std_error`` say which)."""
    d = _native.hand_strength(hand, opponents, board, time_ms, seed, threads)
    return Strength(**d)


@dataclass(frozen=True)
class OmahaPlayer(_Result):
    """One Omaha player's shares: ``equity`` = ``high`` + ``low`` (the
    pot won by the high hand, the whole pot when no low qualifies, and by
    the low); ``win``: the chance of the best high alone, ``tie``: the
    chance of sharing the best high (a chance, unlike Hold'em's ``tie``,
    which is a pot share); ``scoop``: the whole pot alone."""

    hand: str
    equity: float
    high: float
    low: float
    win: float
    tie: float
    scoop: float


@dataclass(frozen=True)
class OmahaResult(_Result):
    """The answer of :func:`omaha_equity`: ``deals`` enumerated (``exact``)
    or sampled (``std_error`` the largest standard error of an equity), and
    the chance that a low qualifies (hi/lo games)."""

    players: List[OmahaPlayer]
    exact: bool
    deals: int
    std_error: float
    low_qualifies: float
    elapsed_ms: float = field(compare=False)

    def __repr__(self) -> str:
        how = _method(self.exact, self.std_error)
        shares = ", ".join(f"{p.hand} {p.equity:.4f}" for p in self.players)
        return f"OmahaResult({shares}; {self.deals:,} deals, {how}, {self.elapsed_ms:.1f} ms)"


def omaha_equity(
    players: Sequence[str],
    game: str = "plo4",
    board: str = "",
    dead: str = "",
    mode: str = "auto",
    stderr: float = 0.001,
    time_ms: Optional[int] = None,
    seed: int = 0,
    threads: int = 0,
) -> OmahaResult:
    """Equity in Omaha (2 to 6 players: each makes the best hand of exactly
    two hole cards and three board cards) or short-deck Hold'em (2 to 8).

    ``game``: ``"plo4"``, ``"plo5"``, ``"plo6"`` (high) or ``"plo8"``,
    ``"plo5-8"`` (hi/lo 8-or-better: half the pot to the best low of five
    distinct ranks 8 or lower, ace low; no low, the high takes it all);
    ``"shortdeck"`` (36 cards six to ace, a flush beats a full house,
    A-6-7-8-9 the lowest straight, a straight beats three of a kind) or
    ``"shortdeck-triton"`` (three of a kind beats a straight).
    ``players``: Omaha hands such as ``"AsKsQhJh"``, Omaha ranges such as
    ``"AA**:ds,KKQQ:0.5"`` (a rank, a card or ``*`` per hole card; ``:ds``,
    ``:ss``, ``:r`` suit qualifiers; weights), or ``"random"``; short deck
    takes Hold'em ranges. ``board`` 0, 3, 4 or 5 cards; ``mode``,
    ``stderr``, ``time_ms``, ``seed``, ``threads`` as in :func:`equity`
    (exact needs every player's hands or range).

    >>> r = omaha_equity(["AsAhKsKh", "JdTd9c8c"], board="7d6c2h")
    >>> r.exact, round(r.players[0].equity, 4)
    (True, 0.4439)
    """
    if isinstance(players, str):
        raise InvalidArgument("players is a list of hands, one per player")
    hands = [str(p) for p in players]
    d = _native.omaha_equity(hands, game, board, dead, mode, float(stderr), time_ms, seed, threads)
    d["players"] = [OmahaPlayer(**p) for p in d["players"]]
    return OmahaResult(**d)


# ------------------------------------------------------------------ pushfold


@dataclass(frozen=True)
class PushFoldSpot(_Result):
    """One decision of a push/fold equilibrium: ``seat`` (0 acts first)
    and its ``position`` name, what happened before (``describe``: "SB
    opens", "BB after BTN pushes, SB calls"), how often it is ``reach``-ed,
    the 13x13 ``grid`` of each hand class's share pushed or called (rows
    and columns A to 2; suited above the diagonal, as the CLI prints it;
    ``numpy.array(spot.grid)`` gives the matrix) and each combo's chance
    (``combos["AcAd"]``)."""

    seat: int
    position: str
    describe: str
    reach: float
    grid: List[List[float]]
    combos: Dict[str, float]


@dataclass(frozen=True)
class PushFoldResult(_Result):
    """A push/fold equilibrium: every ``spots`` (parents first), each
    seat's expected result per hand (``values``, big blinds; under ICM
    prize equity priced at the chips in play) with its sampling standard
    error, each seat's gain by its exact best response (``gains``) and the
    largest (``exploitability``). ``exact``: heads-up chip EV solved
    exactly; else CFR+ on ``deals`` sampled deals (``sampled``) for
    ``iterations``; ``partial``: stopped by Ctrl-C before the target,
    the best strategy so far."""

    spots: List[PushFoldSpot]
    values: List[float]
    value_errors: List[float]
    gains: List[float]
    exploitability: float
    exact: bool
    sampled: bool
    deals: int
    iterations: int
    partial: bool
    elapsed_ms: float = field(compare=False)


def pushfold(
    stacks: Sequence[float],
    blinds: Tuple[float, float] = (0.5, 1.0),
    ante: float = 0.0,
    payouts: Optional[Sequence[float]] = None,
    target: float = 0.001,
    samples: int = 1_000_000,
    seed: int = 1,
    time_ms: Optional[int] = None,
) -> PushFoldResult:
    """The push/fold equilibrium of a table: ``stacks`` before posting, in
    order of action (the small and big blind last), 2 to 10; ``blinds``
    (small, big) set the unit; each player posts ``ante``. Each seat
    pushes all-in or folds in turn, later seats call or fold.

    Two stacks without ``payouts`` (chip EV) are solved exactly (each
    combo's chance, mixed where the equilibrium mixes). Otherwise, and
    with ``payouts`` (prizes by finishing place: Malmuth-Harville ICM),
    CFR+ runs on ``samples`` deals drawn by ``seed`` (two stacks: every
    deal) until no seat gains more than ``target`` big blinds by its best
    response, or ``time_ms`` runs out (the best strategy so far). The
    same options as ``oddsmith pushfold``.

    >>> r = pushfold([10, 10])
    >>> r.exact and r.spots[0].combos["AcAd"] == 1.0
    True
    """
    d = _native.pushfold(
        [float(x) for x in stacks],
        (float(blinds[0]), float(blinds[1])),
        float(ante),
        [float(x) for x in (payouts or ())],
        float(target),
        int(samples),
        int(seed),
        time_ms,
    )
    d["spots"] = [PushFoldSpot(**spot) for spot in d["spots"]]
    return PushFoldResult(**d)


# --------------------------------------------------------------- hearthstone


@dataclass(frozen=True)
class SplitDamage(_Result):
    """Exact odds of damage split one point at a time among random living
    targets (Arcane Missiles, Mad Bomber), targets in the order given
    (minions, then heroes).

    ``kill[i]``: chance target i dies; ``remaining[i][h]``: chance it ends
    with health h; ``shield_kept[i]``; ``kills_distribution[k]``: chance
    exactly k minions die; ``all_dead``: every listed minion dies;
    ``hero_or_all_dead``: the hero dies or they all do (None without a
    hero); expected hits absorbed by shields and wasted on an empty board.
    """

    kill: List[float]
    remaining: List[List[float]]
    shield_kept: List[float]
    kills_distribution: List[float]
    all_dead: float
    hero_or_all_dead: Optional[float]
    expected_shield_hits: float
    expected_wasted_hits: float
    work: int
    elapsed_ms: float = field(compare=False)


def split_damage(
    health: Sequence[int],
    hits: int,
    shields: Optional[Sequence[bool]] = None,
    heroes: Iterable[Union[int, Tuple[int, int]]] = (),
    all_dead: Optional[Sequence[int]] = None,
    max_work: Optional[int] = None,
) -> SplitDamage:
    """``hits`` one-damage hits, each at a random living target.

    ``health``: each minion's health; ``shields``: which minions have a
    divine shield (default none); ``heroes``: each hero's health, or
    ``(health, armor)``; ``all_dead``: the minions (indices from 0) whose
    joint death ``all_dead`` reports (default: every minion);
    ``max_work``: refuse (BudgetExceeded) work beyond this many steps
    (None or 0: the default, 6e9, as in the CLI and C).

    >>> round(split_damage([1, 1], 1).kill[0], 3)
    0.5
    """
    shield_list = [bool(s) for s in shields] if shields is not None else [False] * len(health)
    hero_list = [(h, 0) if isinstance(h, int) else (int(h[0]), int(h[1])) for h in heroes]
    d = _native.split_damage(
        list(health),
        hits,
        shield_list,
        hero_list,
        None if all_dead is None else list(all_dead),
        max_work,
    )
    return SplitDamage(**d)


@dataclass(frozen=True)
class CombatResult(_Result):
    """A Battlegrounds combat's odds for side A: ``win``, ``draw``,
    ``loss``; ``damage_to_b[d]`` / ``damage_to_a[d]``: chance the loser's
    hero takes d damage; expected survivors per side; ``exact`` (else
    ``states`` combats were sampled, ``std_error`` the standard error of
    ``win``); lethal chances when hero health was given."""

    win: float
    draw: float
    loss: float
    damage_to_a: List[float]
    damage_to_b: List[float]
    survivors: List[float]
    exact: bool
    states: int
    std_error: float
    lethal_to_a: Optional[float]
    lethal_to_b: Optional[float]
    approximate: bool
    unmodelled: List["UnmodelledCard"]
    elapsed_ms: float = field(compare=False)

    def __repr__(self) -> str:
        how = _method(self.exact, self.std_error)
        left_out = f"; approximate: {len(self.unmodelled)} not modelled" if self.approximate else ""
        return (
            f"CombatResult(win {self.win:.4f}, draw {self.draw:.4f}, loss {self.loss:.4f}; "
            f"{how}{left_out}, {self.elapsed_ms:.1f} ms)"
        )


@dataclass(frozen=True)
class UnmodelledCard(_Result):
    """A card of a game state that might act in combat but is not
    modelled, left out of an approximate answer: its card ``id``, ``name``
    (None when the card data does not know the id), ``place`` (``"board"``,
    ``"hand"``, ``"hero power"``, ``"trinket"``, ``"quest reward"``,
    ``"quest"``, ``"anomaly"``, ``"secret"``, ``"enchantment"``,
    ``"additional card"``), JSON ``path`` in the state and ``reason``."""

    id: str
    name: Optional[str]
    place: str
    path: str
    reason: str


def _combat_result(d: Dict[str, Any]) -> CombatResult:
    d["survivors"] = list(d["survivors"])
    d["unmodelled"] = [UnmodelledCard(**u) for u in d["unmodelled"]]
    return CombatResult(**d)


_FLAG_KEYS = (
    ("taunt",),
    ("divine_shield", "divineShield", "shield"),
    ("poisonous", "poison"),
    ("venomous", "venom"),
    ("windfury",),
    ("reborn",),
    ("stealth",),
)


def _minion(item: Any, index: int) -> Any:
    """A board item as the engine's input: notation text as is, a dict with
    a card as (card, attack, health, flags, script numbers: Firestone's
    scriptDataNum1..4), a dict without one as notation."""
    if isinstance(item, str):
        return item
    if not isinstance(item, dict):
        raise InvalidArgument(f"minion {index + 1}: a notation string or a dict")
    flags = []
    for keys in _FLAG_KEYS:
        value = next((item[k] for k in keys if k in item), None)
        if value is not None and not isinstance(value, bool):
            raise InvalidArgument(f"minion {index + 1}: '{keys[0]}' must be True or False")
        flags.append(value)
    card = item.get("card", item.get("cardId", item.get("name", item.get("dbfId"))))
    try:
        attack, health = int(item["attack"]), int(item["health"])
    except (KeyError, TypeError, ValueError):
        raise InvalidArgument(f"minion {index + 1}: needs whole-number 'attack' and 'health'") from None
    script = []
    for n in range(1, 5):
        value = item.get(f"scriptDataNum{n}")
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidArgument(f"minion {index + 1}: 'scriptDataNum{n}' must be a whole number")
        script.append(value)
    if card is None:
        if any(v is not None for v in script):
            raise InvalidArgument(f"minion {index + 1}: script numbers need a card")
        words = [k[-1] if k[0] != "divine_shield" else "shield" for k, f in zip(_FLAG_KEYS, flags) if f]
        if "deathrattle" in item:
            words.append(f"dr={item['deathrattle']}")
        return "+".join([f"{attack}/{health}"] + words)
    return (str(card), attack, health, flags, script)


def _board(board: Union[str, Sequence[Any]]) -> Any:
    if isinstance(board, str):
        return board
    return [_minion(m, i) for i, m in enumerate(board)]


def _bonuses_text(bonuses: Union[str, Mapping[str, Any], None]) -> str:
    """A side's game bonuses as the text the engine reads."""
    if bonuses is None:
        return ""
    if isinstance(bonuses, str):
        return bonuses
    if not isinstance(bonuses, Mapping):
        raise InvalidArgument("bonuses must be text, a dict or None")
    items = []
    for name, value in bonuses.items():
        if isinstance(value, (tuple, list)) and len(value) == 2:
            items.append(f"{name}={value[0]}/{value[1]}")
        else:
            items.append(f"{name}={value}")
    return ",".join(items)


def combat(
    a: Union[str, Sequence[Any]],
    b: Union[str, Sequence[Any]],
    tier_a: int = 1,
    tier_b: int = 1,
    mode: str = "auto",
    samples: int = 1_000_000,
    time_ms: Optional[int] = None,
    seed: int = 0,
    threads: int = 0,
    max_states: Optional[int] = None,
    health_a: Optional[int] = None,
    health_b: Optional[int] = None,
    bonuses_a: Union[str, Mapping[str, Any], None] = None,
    bonuses_b: Union[str, Mapping[str, Any], None] = None,
) -> CombatResult:
    """Battlegrounds combat odds of board ``a`` (attacking side A) against
    board ``b``, left to right.

    A board is CLI notation (``"3/2+taunt+shield, 1/1+reborn,
    Harmless Bonehead"``; cards by name or id, with ``golden``) or a list
    of items, each notation text or a dict: ``{"card": "BG_...", "attack":
    3, "health": 2, "taunt": True}`` (``card`` also as ``cardId``,
    ``name`` or ``dbfId``; keyword keys override the card's), or without a
    card ``{"attack": 3, "health": 2, "reborn": True}``.

    ``mode``: ``"exact"``, ``"mc"`` (``samples`` combats, 0 meaning the
    default 1,000,000, or ``time_ms``) or ``"auto"`` (exact when it fits,
    else Monte Carlo). ``max_states``: the exact engine's state budget
    (None or 0: 5,000,000, as in the CLI and C). ``time_ms``: the
    time budget (none or 0: 200 in ``"auto"`` mode, no limit otherwise, as
    in the CLI and C). ``tier_a``/``tier_b``: tavern tiers (damage); ``health_a`` /
    ``health_b``: heroes' health (with armor) for the lethal chances.

    ``bonuses_a``/``bonuses_b``: what earlier turns give a side's minions
    summoned in combat and its blood gems (the cards that say "this
    game"), as the CLI's text (``"gems=2/1,undead=3/0"``) or a dict
    ``{"gems": (2, 1), "undead": (3, 0), "beasts": (2, 2), "beetles": (1,
    1), "summoned": (1, 1), "pirates": 2, "mechs": 1, "knights_died": 3,
    "knights": (4, 2), "deathrattles": 5, "tavern_spells": 4, "lobsters":
    2, "automatons": 3}``; none by default.
    The minions on the board already show them in their stats.
    """
    d = _native.combat(
        _board(a),
        _board(b),
        (tier_a, tier_b),
        mode,
        samples,
        time_ms,
        seed,
        threads,
        max_states,
        (health_a, health_b),
        (_bonuses_text(bonuses_a), _bonuses_text(bonuses_b)),
    )
    return _combat_result(d)


def combat_battle(
    state: Union[str, Mapping[str, Any]],
    mode: str = "auto",
    samples: int = 1_000_000,
    time_ms: Optional[int] = None,
    seed: int = 0,
    threads: int = 0,
    max_states: Optional[int] = None,
    health_a: Optional[int] = None,
    health_b: Optional[int] = None,
    unmodelled: str = "ignore",
) -> CombatResult:
    """Battlegrounds combat odds of a whole game state, as Firestone's app
    logs it before a simulation (``BgsBattleInfo``): JSON text or the
    parsed dict. Side A is ``playerBoard``, side B ``opponentBoard``, each
    with its tavern tier, game bonuses (``globalInfo``), hand, secrets and
    Duos teammate from the state.

    What might act in combat but is not modelled (a minion's effect, an
    unknown card, a hero power, trinket, quest reward or anomaly) is by
    default (``unmodelled="ignore"``) left out: minions fight with their
    stats and keywords, the rest is dropped, and the result lists each one
    (``unmodelled``, :class:`UnmodelledCard`) with ``approximate`` True.
    ``unmodelled="refuse"`` raises :class:`InvalidArgument` naming the
    first one's JSON path and card id instead. What combat cannot combine
    is refused either way; a malformed value raises :class:`ParseError`
    naming its path (``playerBoard.board[2].health is missing``). The
    other arguments are those of :func:`combat`.
    """
    text = state if isinstance(state, str) else json.dumps(state)
    d = _native.combat_battle(
        text, unmodelled, mode, samples, time_ms, seed, threads, max_states, (health_a, health_b)
    )
    return _combat_result(d)


@dataclass(frozen=True)
class RankedOrder(_Result):
    """One order of a best-order search: ``order`` (indices into board A
    as given), its ``value``, ``std_error`` (0 when exact) and the
    ``combats`` sampled for it (0 when exact)."""

    order: List[int]
    value: float
    std_error: float
    combats: int


@dataclass(frozen=True)
class BestOrder(_Result):
    """Side A's best order for ``objective``: ``order`` (indices into
    board A as given: ``order[k]`` goes k-th), ``board`` (the minions in
    that order, as text), ``value`` (an estimate when raced) with its
    ``std_error`` (0 when exact), ``p_beaten``: the probability that
    another order is better by more than ``margin`` (0 when exact);
    ``exact``, ``orders`` (distinct orders, identical minions once),
    ``combats`` sampled in all, and ``top``: the best six orders."""

    objective: str
    order: List[int]
    board: List[str]
    value: float
    std_error: float
    margin: float
    p_beaten: float
    exact: bool
    orders: int
    combats: int
    top: List[RankedOrder]
    elapsed_ms: float = field(compare=False)

    def __repr__(self) -> str:
        how = _method(self.exact, self.std_error)
        return (
            f"BestOrder({self.objective} {self.value:.4f} for {self.order}; "
            f"{self.orders} orders, {how}, {self.elapsed_ms:.1f} ms)"
        )


def best_order(
    a: Union[str, Sequence[Any]],
    b: Union[str, Sequence[Any]],
    tier_a: int = 1,
    tier_b: int = 1,
    objective: str = "win",
    margin: Optional[float] = None,
    mode: str = "auto",
    samples: int = 1_000_000,
    time_ms: Optional[int] = None,
    seed: int = 0,
    threads: int = 0,
    max_states: Optional[int] = None,
    health_a: Optional[int] = None,
    bonuses_a: Union[str, Mapping[str, Any], None] = None,
    bonuses_b: Union[str, Mapping[str, Any], None] = None,
) -> BestOrder:
    """The order of board ``a`` that maximises ``objective`` against
    board ``b`` as given (the CLI's ``oddsmith combat --best-order``).

    ``objective``: ``"win"`` (P(A wins), the default), ``"win-minus-loss"``,
    ``"damage-dealt"``, ``"damage-taken"`` (minimised) or ``"lethal"``
    (P(A's hero survives) at ``health_a``). ``margin``: how much better
    another order must be to count in ``p_beaten`` (None or 0: 0.005 of a
    probability, 0.1 damage). Exact when every order fits the exact
    engine within the budget, else the orders race with Monte Carlo over
    ``samples`` combats in all; ``time_ms`` is the whole search's (none or
    0: 1000 in ``"auto"`` mode, no limit otherwise). The answer depends on
    ``seed`` and the budget, not on ``threads``. Boards, tiers, bonuses
    and the other budgets are those of :func:`combat`.
    """
    d = _native.best_order(
        _board(a),
        _board(b),
        (tier_a, tier_b),
        objective,
        margin,
        mode,
        samples,
        time_ms,
        seed,
        threads,
        max_states,
        health_a,
        (_bonuses_text(bonuses_a), _bonuses_text(bonuses_b)),
    )
    d["top"] = [RankedOrder(**r) for r in d["top"]]
    return BestOrder(**d)


# ---------------------------------------------------------------- expectimax


@dataclass(frozen=True)
class Solution(_Result):
    """A solved game: the root's ``value`` (Max's expected total reward
    under optimal play), its kind, each root move's value ``(move,
    value)``, the best move, states solved, and for games with cycles the
    sweeps (``iterations``) and the last sweep's largest change
    (``residual``)."""

    value: float
    root_kind: str
    moves: List[Tuple[int, float]]
    best_move: Optional[int]
    states: int
    iterations: int
    residual: float
    elapsed_ms: float = field(compare=False)


def coins(
    boxes: Sequence[Sequence[int]],
    denominations: Sequence[float] = (100, 50),
    method: str = "dense",
) -> Solution:
    """The coin-box game (seed 003): players alternately pick a box and
    draw one coin uniformly from it; each box is its coin counts by
    denomination. The value is the first player's expected money;
    ``best_move`` is the box (from 0). ``method``: ``"dense"`` (one sweep
    over every count) or ``"hashed"`` (the general solver).

    >>> round(coins([[1, 0], [0, 1]]).value, 6)
    100.0
    """
    if method not in ("dense", "hashed"):
        raise InvalidArgument(f"method '{method}': use 'dense' or 'hashed'")
    d = _native.coins([list(b) for b in boxes], [float(x) for x in denominations], method == "hashed")
    return Solution(**d)


@dataclass(frozen=True)
class PigSolution(_Result):
    """Pig solved for optimal play: the mover's ``win_probability``, the
    ``decision`` (``"roll"`` or ``"hold"``), the win probability after
    each (``hold`` None at turn total 0), and the solver's ``solution``."""

    win_probability: float
    decision: str
    roll: float
    hold: Optional[float]
    solution: Solution


def pig(
    goal: int = 100,
    sides: int = 6,
    position: Tuple[int, int, int] = (0, 0, 0),
    tolerance: float = 1e-12,
) -> PigSolution:
    """The dice game Pig (first to ``goal``; rolling a 1 loses the turn's
    total) at ``position`` = (mover's score, opponent's score, turn
    total), solved by value iteration to ``tolerance``. A ``goal``,
    ``sides`` or ``tolerance`` of 0 means the default (100, 6, 1e-12), as
    in the CLI and C."""
    d = _native.pig(goal, sides, tuple(position), tolerance)
    keys = ("win_probability", "decision", "roll", "hold")
    extra = {k: d.pop(k) for k in keys}
    return PigSolution(solution=Solution(**d), **extra)


def expectimax(
    game: Any,
    max_states: int = 20_000_000,
    depth_limit: Optional[int] = None,
    tolerance: float = 1e-12,
    max_iterations: int = 100_000,
    time_ms: Optional[int] = None,
) -> Solution:
    """Solves a two-player game with chance that you write in Python.

    ``game`` has ``root()`` returning the first state (any hashable value)
    and ``expand(state)`` returning one of:

    - a number: the state is terminal, worth that to Max;
    - ``("max", outcomes)`` or ``("min", outcomes)``: a decision, each
      outcome ``(move, probability, reward, next_state)`` (``move`` an int
      >= 0; a move's outcomes are consecutive and their probabilities sum
      to 1; a deterministic move is one outcome of probability 1);
    - ``("chance", outcomes)``: each outcome ``(probability, reward,
      next_state)``.

    Rewards are credited to Max on the edge. Optionally
    ``heuristic(state)`` values the states at ``depth_limit``. Games whose
    states recur (cycles) are solved by value iteration to ``tolerance``.
    An exception raised by ``root``, ``expand`` or ``heuristic`` stops the
    solve and comes out unchanged (Ctrl-C too, as KeyboardInterrupt). The
    solve runs on the calling thread (the callbacks need the GIL).

    A 0 ``max_states``, ``depth_limit``, ``tolerance``,
    ``max_iterations`` or ``time_ms`` means none given, as in C: the
    default (20,000,000 states, 1e-12, 100,000 sweeps) or no limit.
    """
    d = _native.expectimax(game, max_states, depth_limit, tolerance, max_iterations, time_ms)
    return Solution(**d)


# --------------------------------------------------------------------- durak


@dataclass(frozen=True)
class BestMove(_Result):
    """The search's answer: the ``move``, the iterations and tree nodes it
    used, ``exact`` (the observer's proven score, 0, 0.5 or 1, when the
    endgame was solved exactly, else None) and each root move's
    ``(move, visits, mean score)``."""

    move: Move
    iterations: int
    nodes: int
    exact: Optional[float]
    moves: List[Tuple[Move, int, float]]
    elapsed_ms: float = field(compare=False)

    def to_dict(self) -> Dict[str, Any]:
        d = {k: getattr(self, k) for k in ("iterations", "nodes", "exact", "elapsed_ms")}
        d["move"] = str(self.move)
        d["moves"] = [(str(m), v, s) for m, v, s in self.moves]
        return d


def best_move(
    observation: Observation,
    ms: Optional[int] = None,
    iterations: Optional[int] = None,
    threads: int = 0,
    seed: int = 0,
    rollout: str = "heuristic",
    exact: bool = True,
    level: int = 0,
) -> BestMove:
    """The best move for the observer of ``observation`` (who must be the
    player to move), by information-set MCTS over the hidden cards; with
    two players and an empty talon (or only the turned trump card left in
    it) the endgame is solved exactly when it fits the budget.

    Budget: ``ms`` milliseconds and/or ``iterations`` (None or 0 is none
    given, as in C: no time limit; no iteration limit when ``ms`` is
    given, else 10,000 iterations); ``threads`` trees in parallel (0 = all cores);
    ``rollout``: ``"heuristic"`` (the default, as in every interface) or ``"random"``; ``exact=False`` turns
    the exact endgame off. ``level`` 1 (weakest) to 10 plays at that point
    of the Elo scale of the Durak page (levels 1 to 9 fix their iterations,
    rollout and threads; ``ms`` only caps them; 0: the budget as given).

    >>> g = Game(players=2, seed=3)
    >>> m = best_move(g.observe(g.to_move), iterations=200).move
    >>> g.is_legal(m)
    True
    """
    if not isinstance(observation, Observation):
        raise InvalidArgument("best_move takes an Observation (Game.observe or Observation.from_dict)")
    d = _native.durak_best_move(observation, ms, iterations, threads, seed, rollout, exact, level)
    return BestMove(**d)
