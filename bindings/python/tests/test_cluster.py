"""oddsmith.cluster on a local Ray instance started here, against the
same jobs run in this process. Ray is required: scripts/test installs it
(the [cluster] extra), and a missing Ray fails this suite rather than
skipping it."""

import itertools
import json
import os

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
PAIRS = [("AA,AKs", "KK,QJs"), ("QQ", "AKo:0.5,T9s")]
# Seven rows of the three-way table from AKs, KK, QQ on.
FIRST = cluster.Preflop3Table.index("KK", "AKs", "QQ")


@pytest.fixture(scope="module")
def preflop3_dirs(tmp_path_factory):
    return tmp_path_factory.mktemp("in_process"), tmp_path_factory.mktemp("on_ray")



@pytest.fixture(scope="module")
def local_answers(preflop3_dirs):
    return {
        "tournament": in_process(lambda: cluster.tournament(**TOURNAMENT)),
        "three": in_process(lambda: cluster.tournament("greedy", "random", 30, players=3, seed=2, per_task=7)),
        "matrix": in_process(lambda: cluster.preflop_matrix(rows_per_task=20)),
        "boards": in_process(lambda: cluster.range_vs_board("QQ+,AKs", "JJ-88,AQs", boards=BOARDS, per_task=3)),
        "flops": in_process(lambda: cluster.board_all_flops(PAIRS, chunks_per_task=100)),
        "preflop3": in_process(lambda: cluster.preflop3_table(str(preflop3_dirs[0]), FIRST, 7, triples_per_slice=3)),
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
    assert cluster.board_all_flops(PAIRS, chunks_per_task=7) == local_answers["flops"]


def test_every_flop_on_the_cluster_is_the_one_call(local_answers):
    for (a, b), got in zip(PAIRS, local_answers["flops"]):
        assert got == oddsmith.board(a, all_flops=True, vs=b)
        assert got.boards == 22100 and got.equity is not None


def test_preflop3_slices_on_ray_are_the_same_bytes_and_resume(local_answers, local_ray, preflop3_dirs):
    here = local_answers["preflop3"]
    there = cluster.preflop3_table(str(preflop3_dirs[1]), FIRST, 7, triples_per_slice=2)
    assert there.data == here.data and len(here.data) == 7 * 80
    with open(there.path, "rb") as f:
        assert f.read() == here.data
    # A rerun skips finished slices: one overwritten stays as written, one
    # removed is computed again.
    slices = sorted(p for p in os.listdir(preflop3_dirs[1]) if p.startswith("slice-"))
    cuts = [FIRST, FIRST + 2, FIRST + 4, FIRST + 6, FIRST + 7]
    assert slices == [f"slice-{s:06d}-{e:06d}.bin" for s, e in zip(cuts, cuts[1:])]
    (preflop3_dirs[1] / slices[0]).write_bytes(bytes(160))
    os.remove(preflop3_dirs[1] / slices[1])
    again = cluster.preflop3_table(str(preflop3_dirs[1]), FIRST, 7, triples_per_slice=2)
    assert again.data == bytes(160) + here.data[160:]


def test_preflop3_rows_are_the_multiway_equities(local_answers):
    t = local_answers["preflop3"]
    assert cluster.Preflop3Table.triple(0) == ("AA", "AA", "AA")
    assert [t.triple(i) for i in range(FIRST, FIRST + 3)] == [("AKs", "KK", "QQ"), ("AKs", "KK", "QJs"), ("AKs", "KK", "QTs")]
    for i in range(FIRST, FIRST + t.count):
        entry = t.row(i)
        exact = oddsmith.equity(list(entry.classes), mode="exact", time_ms=60_000)
        for seat in range(3):
            assert entry.equity[seat] == pytest.approx(exact.players[seat].equity, abs=1e-12)
            assert entry.wins[seat] / entry.deals == pytest.approx(exact.players[seat].win, abs=1e-12)
        # The deals, counted by brute force: disjoint combo triples times
        # the 1,370,754 boards of each.
        combos = [[c for c, _ in oddsmith.parse_range(name)] for name in entry.classes]
        cards = lambda hands: {h[k : k + 2] for h in hands for k in (0, 2)}  # noqa: E731
        disjoint = sum(1 for hands in itertools.product(*combos) if len(cards(hands)) == 6)
        assert entry.deals == disjoint * 1_370_754
        pots = sum(6 * w + 3 * s2 + 2 * s3 for w, s2, s3 in zip(entry.wins, entry.split2, entry.split3))
        assert pots == 6 * entry.deals
    turned = t.at("QQ", "AKs", "KK")
    stored = t.at("AKs", "KK", "QQ")
    assert turned.equity == (stored.equity[2], stored.equity[0], stored.equity[1])
    assert t.to_numpy()[0, 0] == stored.deals
    with pytest.raises(oddsmith.InvalidArgument):
        t.row(FIRST + 7)


def test_preflop3_a_triple_without_deals(tmp_path):
    # Two players with aces leave none for a third.
    t = cluster.preflop3_table(str(tmp_path), 1, 1)
    assert t.row(1).classes == ("AA", "AA", "AKs")
    assert t.row(1).deals == 0 and t.row(1).equity == (0.0, 0.0, 0.0)
    with pytest.raises(oddsmith.InvalidArgument):
        t.index("AA", "AA", "AKx")


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
    with pytest.raises(oddsmith.ParseError, match="pair 2, vs"):
        cluster.board_all_flops([("AA", "KK"), ("AA", "KKx")])
    with pytest.raises(oddsmith.InvalidArgument):
        cluster.preflop3_table("unused", first=818805)
    with pytest.raises(oddsmith.InvalidArgument):
        cluster.preflop3_table("unused", count=0)
