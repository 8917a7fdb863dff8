"""A range on a board through Python: class counts against the range's own
combos, equity by class against the equity engine's per-combo answer,
several boards against one at a time, every flop against the list of all
flops, and the errors naming their input."""

import itertools
import math

import pytest

import oddsmith

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]


def cards(text):
    """A hand's cards as a set of two-character cards (order-free)."""
    return frozenset(text[i:i + 2] for i in range(0, len(text), 2))


def live_combos(range_text, board):
    """The range's combos (weights) that the board leaves."""
    on_board = cards(board)
    return {cards(c): w for c, w in oddsmith.parse_range(range_text) if not cards(c) & on_board}


def test_made_classes_partition_the_range_left_on_the_board():
    r = oddsmith.board("QQ+,AKs,KQo:0.5,76s", board="Ks7c2d")
    live = live_combos("QQ+,AKs,KQo:0.5,76s", "Ks7c2d")
    made = [row for row in r.classes if not row.draw]
    listed = [cards(h) for row in made for h in row.hands]
    assert sorted(map(sorted, listed)) == sorted(map(sorted, live))
    assert r.combos == len(live)
    assert math.isclose(r.weight, sum(live.values()))
    assert math.isclose(sum(row.share for row in made), 1.0)
    for row in r.classes:
        assert row.combos == len(row.hands)
        assert math.isclose(row.weight, sum(live[cards(h)] for h in row.hands))
        assert math.isclose(row.share, row.weight / r.weight)
        assert row.equity is None
    assert r.equity is None


def test_known_classes_on_a_dry_flop():
    r = oddsmith.board("QQ+,AKs", board="Ks7c2d")
    # KK has the board's K: three combos, each a set. AsKs loses its Ks.
    assert sorted(r.row("set").hands) == sorted(["KhKd", "KhKc", "KdKc"])
    assert set(map(cards, r.row("top_pair_top_kicker").hands)) == set(
        map(cards, ["AhKh", "AdKd", "AcKc"]))
    assert r.row("overpair").combos == 6  # AA
    # QQ lies between the board's K and 2.
    assert r.row("middle_pair").combos == 6
    assert r.row("underpair").combos == 0


def test_equity_by_class_matches_the_equity_engines_combos():
    hero, villain, flop = "QQ+,AKs,KQs,T9s,76s", "KJ+,77,22,A5s", "Ks7c2d"
    r = oddsmith.board(hero, board=flop, vs=villain)
    per_combo = oddsmith.equity([hero, villain], board=flop, by_combo=True).by_combo[0]
    met = {cards(c.cards): c for c in per_combo}
    assert r.equity is not None
    whole = oddsmith.equity([hero, villain], board=flop)
    assert math.isclose(r.equity, whole.players[0].equity, abs_tol=1e-9)
    for row in r.classes:
        deals = [met[cards(h)] for h in row.hands if met[cards(h)].deals > 0]
        if not deals:
            assert row.equity is None, row.key
            continue
        expected = sum(c.deals * c.equity for c in deals) / sum(c.deals for c in deals)
        assert math.isclose(row.equity, expected, abs_tol=1e-9), row.key


def test_several_boards_are_the_mean_of_each():
    hero, boards = "JJ+,AQs+,KQo", ["Ks7c2d", "Ah9h8c2s", "6d5d4d3c2h"]
    together = oddsmith.board(hero, board=boards, vs="TT+,AJ+")
    assert together.boards == 3
    alone = [oddsmith.board(hero, board=b, vs="TT+,AJ+") for b in boards]
    # The comma form is the same question.
    assert oddsmith.board(hero, board=",".join(boards), vs="TT+,AJ+") == together
    for i, row in enumerate(together.classes):
        assert math.isclose(row.combos, sum(a.classes[i].combos for a in alone) / 3)
        assert math.isclose(row.weight, sum(a.classes[i].weight for a in alone) / 3)
        assert row.hands == []


def test_every_flop_is_the_list_of_all_flops():
    hero = "AA,KQs"
    every = oddsmith.board(hero, all_flops=True)
    assert every.boards == 22100
    listed = oddsmith.board(hero, board=["".join(f) for f in itertools.combinations(DECK, 3)])
    assert listed.boards == 22100
    for a, b in zip(every.classes, listed.classes):
        assert a.key == b.key
        assert math.isclose(a.combos, b.combos, rel_tol=1e-12), a.key
        assert math.isclose(a.share, b.share, rel_tol=1e-12), a.key


def test_same_answer_on_any_thread_count():
    args = dict(board="Qh9h4c", vs="random")
    assert oddsmith.board("TT+,AJs+,KQs", threads=1, **args) == oddsmith.board(
        "TT+,AJs+,KQs", threads=3, **args)


def test_time_limit_raises_budget_exceeded():
    with pytest.raises(oddsmith.BudgetExceeded):
        oddsmith.board("random", all_flops=True, vs="random", threads=1, time_ms=50)
    # 0 or None is no limit.
    assert oddsmith.board("AA", board="Ks7c2d", time_ms=0).boards == 1


@pytest.mark.parametrize("kwargs,error,named", [
    (dict(range="QQ+,AKz", board="Ks7c2d"), oddsmith.ParseError, "range"),
    (dict(range="QQ+", board="Ks7c2d", vs="JJ-"), oddsmith.ParseError, "vs"),
    (dict(range="QQ+", board="Ks7cXd"), oddsmith.ParseError, "board"),
    (dict(range="QQ+", board="Ks7c2d,Ah9hZc"), oddsmith.ParseError, "board 2"),
    (dict(range="QQ+", board="Ks7c"), oddsmith.InvalidArgument, "3 to 5"),
    (dict(range="AhAd", board="Ah7c2d"), oddsmith.InvalidArgument, "no combo"),
    (dict(range="QQ+"), oddsmith.InvalidArgument, "board"),
    (dict(range="QQ+", board="Ks7c2d", all_flops=True), oddsmith.InvalidArgument, "not both"),
])
def test_errors_name_the_input(kwargs, error, named):
    with pytest.raises(error, match=named):
        oddsmith.board(**kwargs)


def test_row_names_an_unknown_class():
    r = oddsmith.board("AA", board="Ks7c2d")
    with pytest.raises(oddsmith.InvalidArgument, match="top_pair"):
        r.row("toppair")
    assert r.to_dict()["classes"][0]["key"] == "high_card"
