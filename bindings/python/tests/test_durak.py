"""Durak through Python: whole games by legal moves, views, the search."""

import random

import pytest

import oddsmith
from oddsmith import Game, Move, Observation


def play_out(game, rng):
    plies = 0
    while not game.over:
        moves = game.legal_moves()
        assert moves, "a game in progress has a legal move"
        game.apply(rng.choice(moves))
        plies += 1
        assert plies < 20_000
    return plies


@pytest.mark.parametrize("players,deck,variant,protocol", [
    (2, 36, "podkidnoy", "one"), (3, 36, "transfer", "one"), (4, 52, "podkidnoy", "several"),
    (2, 24, "transfer", "several"),
])
def test_random_games_end_with_a_loser_or_a_draw(players, deck, variant, protocol):
    rng = random.Random(players * deck)
    for seed in range(20):
        g = Game(players=players, deck=deck, variant=variant, protocol=protocol, seed=seed)
        assert g.config == {"players": players, "deck": deck, "variant": variant, "protocol": protocol}
        play_out(g, rng)
        assert g.phase == "over" and (g.loser is not None) != g.draw
        assert len(g.winners) == (players if g.draw else players - 1)
        assert g.legal_moves() == []


def test_moves_read_and_write_their_notation():
    g = Game(seed=4)
    for m in g.legal_moves():
        assert Move.parse(str(m)) == m and hash(Move.parse(str(m))) == hash(m)
    assert Move.parse("beat 7h with 8h") == Move.defend("7h", "8h")
    assert Move.parse("take") == Move.take() and Move.parse("pass") == Move.pass_()
    assert Move.attack("7h").kind == "attack" and Move.attack("7h").card == "7h"
    assert Move.take().card is None
    with pytest.raises(oddsmith.ParseError):
        Move.parse("beat 7h")
    with pytest.raises(oddsmith.ParseError):
        Move.attack("7x")


def test_illegal_moves_are_refused_and_leave_the_game_alone():
    g = Game(seed=2)
    before = g.observe(0).to_dict()
    with pytest.raises(oddsmith.InvalidArgument, match="not legal"):
        g.apply(Move.take())
    assert g.observe(0).to_dict() == before
    with pytest.raises(oddsmith.InvalidArgument):
        Game(players=7)
    with pytest.raises(oddsmith.InvalidArgument):
        Game(deck=40)
    with pytest.raises(oddsmith.InvalidArgument):
        g.observe(5)


def test_observations_round_trip_and_are_checked():
    rng = random.Random(1)
    g = Game(players=3, seed=9)
    for _ in range(15):
        g.apply(rng.choice(g.legal_moves()))
    for p in range(3):
        view = g.observe(p)
        assert Observation.from_dict(view.to_dict()) == view
    d = g.observe(0).to_dict()
    assert isinstance(d["hand_sizes"], list) and sum(d["hand_sizes"]) > 0
    bad = dict(d, talon_len=99)
    with pytest.raises(oddsmith.InvalidArgument):
        Observation.from_dict(bad)
    with pytest.raises(oddsmith.InvalidArgument, match="phase"):
        Observation.from_dict(dict(g.observe(0).to_dict(), phase="dance"))
    with pytest.raises(oddsmith.InvalidArgument, match="me"):
        Observation.from_dict({k: v for k, v in g.observe(0).to_dict().items() if k != "me"})


def test_best_move_is_legal_and_seeded():
    g = Game(seed=3)
    rng = random.Random(3)
    for _ in range(6):
        view = g.observe(g.to_move)
        r = oddsmith.best_move(view, iterations=300, seed=5)
        assert g.is_legal(r.move) and r.iterations == 300
        assert r == oddsmith.best_move(view, iterations=300, seed=5)
        assert sum(v for _, v, _ in r.moves) > 0
        g.apply(rng.choice(g.legal_moves()))
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.best_move(g.observe((g.to_move + 1) % 2), iterations=10)
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.best_move(g.observe(g.to_move), iterations=10, rollout="smart")


def test_the_default_rollout_is_the_heuristic_one_as_everywhere():
    g = Game(seed=4)
    view = g.observe(g.to_move)
    default = oddsmith.best_move(view, iterations=300, seed=2, threads=1)
    heuristic = oddsmith.best_move(view, iterations=300, seed=2, threads=1, rollout="heuristic")
    random_rollouts = oddsmith.best_move(view, iterations=300, seed=2, threads=1, rollout="random")
    assert (default.move, default.moves, default.nodes) == (heuristic.move, heuristic.moves, heuristic.nodes)
    assert default.moves != random_rollouts.moves


def test_levels_fix_their_iterations():
    g = Game(seed=4)
    view = g.observe(g.to_move)
    assert oddsmith.best_move(view, level=5, iterations=3).iterations == 100
    weakest = {oddsmith.best_move(view, level=1, seed=s).move for s in range(12)}
    assert all(g.is_legal(m) for m in weakest) and len(weakest) > 1
    top = oddsmith.best_move(view, level=10, iterations=300, seed=2, threads=1)
    assert top == oddsmith.best_move(view, iterations=300, seed=2, threads=1)
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.best_move(view, level=11)


def test_the_endgame_is_solved_exactly():
    rng = random.Random(8)
    for seed in range(40):
        g = Game(seed=seed)
        while not g.over and not (g.talon_len == 0 and len(g.hand(0)) + len(g.hand(1)) <= 16):
            g.apply(rng.choice(g.legal_moves()))
        if g.over:
            continue
        r = oddsmith.best_move(g.observe(g.to_move), iterations=2000)
        if r.exact is not None:
            assert r.exact in (0.0, 0.5, 1.0) and g.is_legal(r.move)
            return
    pytest.fail("no endgame was solved exactly")


def test_zero_budgets_are_the_defaults_as_in_c():
    # ms=0 is no time limit and iterations=0 without a time limit is
    # 10,000 iterations, as in C.
    g = Game(seed=3)
    view = g.observe(g.to_move)
    assert oddsmith.best_move(view, ms=0, iterations=300, seed=5) == oddsmith.best_move(view, iterations=300, seed=5)
    assert oddsmith.best_move(view, iterations=0).iterations == 10_000
