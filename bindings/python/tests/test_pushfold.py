"""Push/fold equilibria from Python: the same answers as the library's,
heads-up exactly, multiway with its gains stated."""

import pytest

import oddsmith


def test_heads_up_is_exact_and_aces_always_push_and_call():
    r = oddsmith.pushfold([10, 10])
    assert r.exact and not r.sampled and not r.partial
    assert r.exploitability <= 1e-9
    sb, bb = r.spots
    assert (sb.position, bb.position) == ("SB", "BB")
    assert sb.combos["AcAd"] == 1.0 and bb.combos["AcAd"] == 1.0
    assert len(sb.combos) == 1326 and len(sb.grid) == 13 and len(sb.grid[0]) == 13
    assert sb.grid[0][0] == 1.0  # AA
    assert abs(r.values[0] + r.values[1]) < 1e-12
    # A short stack pushes more hands than a deep one.
    deep = oddsmith.pushfold([30, 30])
    share = lambda res: sum(res.spots[0].combos.values()) / 1326
    assert share(r) > share(deep)
    assert bb.reach == pytest.approx(share(r))


def test_three_players_with_icm_reach_the_target_on_their_sample():
    r = oddsmith.pushfold([10, 10, 10], payouts=[50, 30, 20], samples=20_000, target=0.005)
    assert not r.exact and r.sampled and r.deals == 20_000 and not r.partial
    assert r.exploitability <= 0.005
    assert [s.position for s in r.spots[:1]] == ["BTN"]
    assert all(0.0 <= p <= 1.0 for s in r.spots for p in s.combos.values())
    assert all(e >= 0.0 for e in r.value_errors)
    # The same seed, the same answer.
    again = oddsmith.pushfold([10, 10, 10], payouts=[50, 30, 20], samples=20_000, target=0.005)
    assert again.values == r.values


def test_a_time_budget_returns_the_best_strategy_so_far():
    r = oddsmith.pushfold([10, 10, 10], samples=20_000, target=1e-12, time_ms=1)
    assert not r.partial and r.exploitability > 1e-12 and r.iterations >= 8


def test_bad_tables_are_refused_naming_the_input():
    with pytest.raises(oddsmith.InvalidArgument, match="stack"):
        oddsmith.pushfold([10, -1])
    with pytest.raises(oddsmith.InvalidArgument, match="target"):
        oddsmith.pushfold([10, 10, 10], target=0)
