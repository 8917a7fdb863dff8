"""Hold'em through Python: evaluation against a plain evaluator written
here, the batch paths against each other, equity against published
figures and its own Monte Carlo, and the errors."""

import itertools
import random
from collections import Counter

import numpy as np
import pytest

import oddsmith

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]  # index = 4 * rank + suit


def naive_category(cards):
    """The category of the best 5 of these cards, by brute force."""
    best = 0
    for five in itertools.combinations(cards, 5):
        ranks = sorted((RANKS.index(c[0]) for c in five), reverse=True)
        flush = len({c[1] for c in five}) == 1
        distinct = sorted(set(ranks))
        straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or distinct == [0, 1, 2, 3, 12])
        counts = sorted(Counter(ranks).values(), reverse=True)
        if straight and flush:
            cat = 8
        elif counts[0] == 4:
            cat = 7
        elif counts[:2] == [3, 2]:
            cat = 6
        elif flush:
            cat = 5
        elif straight:
            cat = 4
        elif counts[0] == 3:
            cat = 3
        elif counts[:2] == [2, 2]:
            cat = 2
        elif counts[0] == 2:
            cat = 1
        else:
            cat = 0
        best = max(best, cat)
    return best


KEYS = ["high_card", "pair", "two_pair", "trips", "straight", "flush",
        "full_house", "quads", "straight_flush"]


def test_rank_agrees_with_a_plain_evaluator_on_random_hands():
    rng = random.Random(5)
    for _ in range(3000):
        cards = rng.sample(DECK, rng.choice([5, 6, 7]))
        value = oddsmith.evaluate("".join(cards))
        assert value.category == KEYS[naive_category(cards)], cards
        assert oddsmith.rank([DECK.index(c) for c in cards]) == value.rank


def test_rank_orders_hands():
    assert oddsmith.rank("AhKhQhJhTh") == 7462
    assert oddsmith.rank("7c5d4h3s2c") == 1
    assert oddsmith.rank("AsAdKcKh2c") > oddsmith.rank("AsAdQcQh2c")
    assert oddsmith.evaluate("KsKd7c7h2c").description == "Two Pair, Kings and Sevens"


def test_batch_paths_agree_with_single_ranks():
    rng = np.random.default_rng(3)
    hands = np.array([rng.permutation(52)[:7] for _ in range(2000)], dtype=np.uint8)
    ranks = oddsmith.rank_batch(hands)
    assert ranks.dtype == np.uint16 and ranks.shape == (2000,)
    assert list(ranks) == [oddsmith.rank(list(h)) for h in hands]
    assert oddsmith.rank_batch([list(map(int, h)) for h in hands[:50]]) == list(ranks[:50])
    # Other integer dtypes and non-contiguous views are converted.
    assert list(oddsmith.rank_batch(hands.astype(np.int64)[::2])) == list(ranks[::2])
    five = hands[:, :5].copy()
    assert list(oddsmith.rank_batch(five)) == [oddsmith.rank(list(h)) for h in five]
    assert len(oddsmith.rank_batch(np.zeros((0, 7), dtype=np.uint8))) == 0


def test_batch_errors_name_the_hand():
    bad = np.array([[0, 1, 2, 3, 4, 5, 6], [0, 0, 2, 3, 4, 5, 6]], dtype=np.uint8)
    with pytest.raises(oddsmith.DuplicateCard, match="hand 1"):
        oddsmith.rank_batch(bad)
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.rank_batch(np.array([[0, 1, 2, 3, 52, 5, 6]]))
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.rank_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.rank_batch(np.zeros((3, 7), dtype=np.float32))
    with pytest.raises(oddsmith.ParseError):
        oddsmith.rank_batch(["AhKhQhJhTx"])


def test_equity_matches_published_figures():
    # AKs vs QQ preflop: 46.2% (every equity calculator agrees).
    r = oddsmith.equity(["AhKh", "QsQd"])
    assert r.exact and r.tuples == 1_712_304
    assert r.players[0].equity == pytest.approx(0.4622, abs=1e-3)
    assert sum(r.equities) == pytest.approx(1.0)
    # AA vs KK: 81.9% / 18.1%.
    assert oddsmith.equity(["AA", "KK"]).players[0].equity == pytest.approx(0.8195, abs=1e-3)


def test_exact_and_monte_carlo_agree():
    players = ["QQ+,AKs", "JJ-88,AQs", "random"]
    # A budget no machine reaches: the answers may not depend on its speed.
    exact = oddsmith.equity(players, board="Ks7c2d", mode="exact", time_ms=600_000)
    mc = oddsmith.equity(players, board="Ks7c2d", mode="mc", stderr=0.002, seed=7, time_ms=600_000)
    assert exact.exact and not mc.exact and mc.std_error <= 0.0021
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 5 * mc.std_error
    assert mc == oddsmith.equity(players, board="Ks7c2d", mode="mc", stderr=0.002, seed=7, time_ms=600_000)


def test_equity_result_reads_well():
    r = oddsmith.equity(["AhKh", "QsQd"], board="Ks7c2d")
    assert "AhKh 0.9121" in repr(r)
    d = r.to_dict()
    assert d["players"][0]["hand"] == "AhKh" and d["exact"] is True
    assert sum(d["players"][0]["categories"].values()) == pytest.approx(1.0)


def test_by_combo_rows_sum_to_the_range():
    r = oddsmith.equity(["QQ+,AKs", "JJ-88"], board="Ks7c2d", by_combo=True)
    combos = r.by_combo[0]
    total = sum(c.weight * c.deals for c in combos)
    weighted = sum(c.weight * c.deals * c.equity for c in combos) / total
    assert weighted == pytest.approx(r.players[0].equity, abs=1e-9)
    assert set(r.grid[0]) == {"AA", "KK", "QQ", "AKs"}


def test_hand_strength():
    s = oddsmith.hand_strength("AhAd", opponents=1, board="Ks7c2d", time_ms=600_000)
    assert s.exact
    e = oddsmith.equity(["AhAd", "random"], board="Ks7c2d")
    assert s.equity == pytest.approx(e.players[0].equity, abs=1e-9)
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.hand_strength("AhAdKc")


def test_errors_are_typed_and_carry_the_message():
    with pytest.raises(oddsmith.ParseError, match="player 2"):
        oddsmith.equity(["AhKh", "QsQx"])
    with pytest.raises(oddsmith.DuplicateCard):
        oddsmith.equity(["AhKh", "AhQd"])
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.equity(["AhKh"])
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.equity(["AhKh", "QsQd"], mode="fast")
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.equity("AhKh QsQd")
    for cls in (oddsmith.ParseError, oddsmith.InvalidArgument, oddsmith.DuplicateCard,
                oddsmith.BudgetExceeded, oddsmith.InternalError, oddsmith.CallbackError):
        assert issubclass(cls, oddsmith.Error)
    with pytest.raises(oddsmith.ParseError, match="AQx"):
        oddsmith.parse_range("KK,AQx")
    assert len(oddsmith.parse_range("QQ+,AKs")) == 22


def test_omaha_equity():
    r = oddsmith.omaha_equity(["AsAhKsKh", "JdTd9c8c"], board="7d6c2h")
    assert r.exact and r.deals == 820
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)
    assert "AsAhKsKh 0.4439" in repr(r)
    hilo = oddsmith.omaha_equity(["As2h3dKs", "7c8c9dTd"], game="plo8", board="4c5h9s")
    for p in hilo.players:
        assert p.equity == pytest.approx(p.high + p.low)
    assert 0 < hilo.low_qualifies <= 1 and hilo.players[0].low > 0
    mc = oddsmith.omaha_equity(["AsAhKsKh", "random", "random"], mode="mc", stderr=0.005, seed=2,
                               time_ms=600_000)
    assert not mc.exact and mc.std_error <= 0.005
    assert mc == oddsmith.omaha_equity(["AsAhKsKh", "random", "random"], mode="mc", stderr=0.005, seed=2,
                               time_ms=600_000)
    with pytest.raises(oddsmith.ParseError):
        oddsmith.omaha_equity(["AsAhKsKh", "random"], game="plo7")
    with pytest.raises(oddsmith.ParseError, match="this game deals 4"):
        oddsmith.omaha_equity(["AsAh", "random"])
    with pytest.raises(oddsmith.DuplicateCard):
        oddsmith.omaha_equity(["AsAhKsKh", "AsQdJdTd"])
    with pytest.raises(oddsmith.BudgetExceeded):
        oddsmith.omaha_equity(["AsAhKsKh", "random"], mode="exact")


def test_omaha_ranges_and_short_deck():
    ranged = oddsmith.omaha_equity(["AA**:ds", "KsKdQhJh"], board="Kh7c2s")
    assert ranged.exact and ranged.players[1].equity > 0.5
    with pytest.raises(oddsmith.ParseError, match="'dz' is neither"):
        oddsmith.omaha_equity(["AA**:dz", "random"])
    short = oddsmith.omaha_equity(["AhKh", "QsQd"], game="shortdeck", time_ms=600_000)
    triton = oddsmith.omaha_equity(["AhKh", "QsQd"], game="shortdeck-triton", time_ms=600_000)
    assert short.exact and short.deals == 201_376
    assert round(short.players[0].equity, 6) == 0.542773
    assert triton.players[0].equity < short.players[0].equity
    with pytest.raises(oddsmith.InvalidArgument, match="not in the short deck"):
        oddsmith.omaha_equity(["AhKh", "5s5d"], game="shortdeck")


def test_zero_stderr_and_strength_budget_are_the_defaults_as_in_c():
    # A 0 means none given: the default, as in C and the CLI.
    players = ["AhKh", "QsQd"]
    zero = oddsmith.equity(players, board="Ks7c2d", mode="mc", stderr=0, time_ms=600_000)
    assert zero == oddsmith.equity(players, board="Ks7c2d", mode="mc", time_ms=600_000)
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.equity(players, mode="mc", stderr=-0.01)
    # 1000 ms, not a deadline already passed: exact on a flop.
    assert oddsmith.hand_strength("AhAd", board="Ks7c2d", time_ms=0).exact
