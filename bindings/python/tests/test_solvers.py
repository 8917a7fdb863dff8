"""The expectimax solver with games written in Python, against the
library's own coin game and Pig."""

import pytest

import oddsmith


class CoinGame:
    """The coin game of seed 003 in Python: pick a box, draw a coin."""

    def __init__(self, boxes, values=(100, 50)):
        self.boxes, self.values = boxes, values

    def root(self):
        return (tuple(tuple(b) for b in self.boxes), True)

    def expand(self, state):
        boxes, max_to_move = state
        outcomes = []
        for i, box in enumerate(boxes):
            total = sum(box)
            for d, count in enumerate(box):
                if count:
                    nxt = list(boxes)
                    nxt[i] = box[:d] + (count - 1,) + box[d + 1:]
                    reward = self.values[d] if max_to_move else 0
                    outcomes.append((i, count / total, reward, (tuple(nxt), not max_to_move)))
        if not outcomes:
            return 0.0
        return ("max" if max_to_move else "min", outcomes)


def test_a_python_game_solves_as_the_library_game():
    boxes = [[1, 2], [2, 0], [0, 3]]
    mine = oddsmith.expectimax(CoinGame(boxes))
    theirs = oddsmith.coins(boxes)
    # The money is constant-sum: the second player maximizing their own
    # coins is Min minimizing the first player's.
    assert mine.states > 1 and mine.root_kind == "max"
    assert mine.value == pytest.approx(theirs.value, abs=1e-9)
    assert oddsmith.coins(boxes, method="hashed").value == pytest.approx(theirs.value)
    assert [m for m, _ in mine.moves] == [0, 1, 2]


class Pig:
    """Pig to `goal` with a `sides`-sided die, the mover maximizing its
    win chance: states (mover's score, other's score, turn total, Max moves)."""

    def __init__(self, goal, sides=6):
        self.goal, self.sides = goal, sides

    def root(self):
        return (0, 0, 0, True)

    def expand(self, state):
        me, other, turn, max_moves = state
        kind = "max" if max_moves else "min"
        if me + turn >= self.goal:
            return 1.0 if max_moves else 0.0
        outcomes = []
        p = 1 / self.sides
        roll = [(0, p, 0.0, (other, me, 0, not max_moves))]
        roll += [(0, p, 0.0, (me, other, turn + face, max_moves)) for face in range(2, self.sides + 1)]
        outcomes += roll
        if turn > 0:
            outcomes.append((1, 1.0, 0.0, (other, me + turn, 0, not max_moves)))
        return (kind, outcomes)


def test_pig_written_in_python_matches_the_library_pig():
    for goal in (5, 12):
        mine = oddsmith.expectimax(Pig(goal))
        theirs = oddsmith.pig(goal=goal)
        assert mine.iterations > 0
        assert mine.value == pytest.approx(theirs.win_probability, abs=1e-9)


class Boom(Exception):
    pass


class Exploding(CoinGame):
    def expand(self, state):
        if sum(map(sum, state[0])) < 2:
            raise Boom("from the game")
        return super().expand(state)


def test_exceptions_in_the_game_come_out_unchanged():
    with pytest.raises(Boom, match="from the game"):
        oddsmith.expectimax(Exploding([[1, 2], [1, 0]]))

    class BadShape(CoinGame):
        def expand(self, state):
            return ("max", [(0, 1.0)])

    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.expectimax(BadShape([[1, 0]]))

    class BadKind(CoinGame):
        def expand(self, state):
            return ("maybe", [])

    with pytest.raises(oddsmith.InvalidArgument, match="maybe"):
        oddsmith.expectimax(BadKind([[1, 0]]))


def test_budgets_and_depth_limits():
    with pytest.raises(oddsmith.BudgetExceeded):
        oddsmith.expectimax(CoinGame([[3, 3], [3, 3]]), max_states=10)

    class WithHeuristic(CoinGame):
        def heuristic(self, state):
            return 7.0

    limited = oddsmith.expectimax(WithHeuristic([[3, 3], [3, 3]]), depth_limit=1)
    assert limited.value == pytest.approx(7.0 + 100 * 0.5 + 50 * 0.5)


def test_coins_and_pig():
    s = oddsmith.coins([[1, 0], [0, 1]])
    assert s.value == pytest.approx(100.0) and s.best_move == 0
    p = oddsmith.pig(goal=20, position=(10, 12, 3))
    assert p.decision in ("roll", "hold") and 0 < p.win_probability < 1
    assert p.hold is not None
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.pig(goal=5000)
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.coins([[1, 0]], method="fast")


def test_pig_positions_out_of_range_are_refused_not_cut():
    # 65546 is 10 in the 16 bits a state keeps: it was answered as 10.
    with pytest.raises(oddsmith.InvalidArgument, match=r"score is 65546; .*\(0\.\.=19\)"):
        oddsmith.pig(goal=20, position=(65546, 0, 0))
    with pytest.raises(oddsmith.InvalidArgument, match="opponent is 65556"):
        oddsmith.pig(goal=20, position=(0, 65556, 0))
    with pytest.raises(oddsmith.InvalidArgument, match=r"turn_total is 65539; .*0\.\.=1000"):
        oddsmith.pig(goal=20, position=(0, 0, 65539))


def test_zero_options_are_the_defaults_as_in_c():
    # A 0 means none given: the default (or no limit), as in C and the CLI.
    game = CoinGame([[3, 3], [3, 3]])
    zero = oddsmith.expectimax(game, max_states=0, depth_limit=0, tolerance=0, max_iterations=0, time_ms=0)
    assert zero.value == oddsmith.expectimax(CoinGame([[3, 3], [3, 3]])).value
    p = oddsmith.pig(goal=0, sides=0, tolerance=0, position=(41, 49, 22))
    q = oddsmith.pig(position=(41, 49, 22))
    assert (p.win_probability, p.decision) == (q.win_probability, q.decision)
