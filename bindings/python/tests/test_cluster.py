"""oddsmith.cluster on a local Ray instance started here, against the
same jobs run in this process. Ray is required: scripts/test installs it
(the [cluster] extra), and a missing Ray fails this suite rather than
skipping it."""

import json

import pytest
import ray

import oddsmith
from oddsmith import cluster


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def in_process(job):
    """Runs a job with Ray shut off (the fallback path)."""
    assert not ray.is_initialized()
    return job()


def test_suit_distinct_flops():
    flops = cluster.suit_distinct_flops()
    assert len(flops) == 1755 and sum(n for _, n in flops) == 22100
    assert len({f for f, _ in flops}) == 1755


def test_hand_classes():
    classes = cluster.hand_classes()
    assert len(classes) == 169 and classes[0] == "AA" and classes[1] == "AKs" and classes[13] == "AKo"


# In-process answers first (before Ray starts), then the same on Ray.
TOURNAMENT = dict(bot_a="mcts:iters=60", bot_b="greedy", games=24, players=2, seed=11, per_task=5)
BOARDS = ["Ks7c2d", "AhKhQh", "7s7d2c", "9h8h7h6h"]


@pytest.fixture(scope="module")
def local_answers():
    return {
        "tournament": in_process(lambda: cluster.tournament(**TOURNAMENT)),
        "three": in_process(lambda: cluster.tournament("greedy", "random", 30, players=3, seed=2, per_task=7)),
        "matrix": in_process(lambda: cluster.preflop_matrix(rows_per_task=20)),
        "boards": in_process(lambda: cluster.range_vs_board("QQ+,AKs", "JJ-88,AQs", boards=BOARDS, per_task=3)),
    }


def test_jobs_on_ray_equal_the_jobs_in_process(local_answers, local_ray, tmp_path):
    assert ray.is_initialized()
    t = cluster.tournament(**TOURNAMENT)
    assert t == local_answers["tournament"] and t.games == 24
    assert t.a.win_ci95[0] <= t.a.win <= t.a.win_ci95[1]
    assert cluster.tournament("greedy", "random", 30, players=3, seed=2, per_task=4) == local_answers["three"]
    m = cluster.preflop_matrix(rows_per_task=13, csv_path=str(tmp_path / "m.csv"), json_path=str(tmp_path / "m.json"))
    assert m == local_answers["matrix"]
    saved = json.loads((tmp_path / "m.json").read_text())
    assert saved["classes"] == m.classes and saved["equity"] == m.equity
    assert (tmp_path / "m.csv").read_text().splitlines()[0].startswith("class,AA,AKs")
    b = cluster.range_vs_board("QQ+,AKs", "JJ-88,AQs", boards=BOARDS, per_task=1)
    assert b == local_answers["boards"]


def test_preflop_matrix_entries_are_the_equities(local_answers):
    m = local_answers["matrix"]
    assert m.at("AA", "KK") == pytest.approx(oddsmith.equity(["AA", "KK"]).players[0].equity, abs=1e-12)
    assert m.at("KK", "AA") == pytest.approx(1 - m.at("AA", "KK"), abs=1e-12)
    assert m.at("AKs", "QQ") == pytest.approx(0.4605, abs=1e-3)
    assert m.at("77", "77") == pytest.approx(0.5, abs=1e-9)
    for row in m.equity:
        assert all(0.0 < e < 1.0 for e in row)


def test_range_vs_board_rows_are_equities(local_answers):
    rows = local_answers["boards"]
    assert [r.board for r in rows] == BOARDS
    for r in rows:
        e = oddsmith.equity(["QQ+,AKs", "JJ-88,AQs"], board=r.board, mode="exact")
        assert (r.equity_a, r.equity_b) == pytest.approx((e.players[0].equity, e.players[1].equity))


def test_bad_jobs_fail_before_any_task():
    with pytest.raises(oddsmith.ParseError, match="bot_b"):
        cluster.tournament("greedy", "smart", 10)
    with pytest.raises(oddsmith.InvalidArgument):
        cluster.tournament("greedy", "random", 10, players=9)
    with pytest.raises(oddsmith.InvalidArgument):
        cluster.tournament("greedy", "random", 0)
    with pytest.raises(oddsmith.ParseError):
        cluster.range_vs_board("QQ+", "JJx", boards=["Ks7c2d"])
    with pytest.raises(oddsmith.InvalidArgument):
        cluster.preflop_matrix(players=3)
