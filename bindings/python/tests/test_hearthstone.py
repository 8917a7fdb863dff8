"""Split damage against a brute-force enumeration written here, and
Battlegrounds combat through both board forms."""

import itertools
import json
from fractions import Fraction

import pytest

import oddsmith


def brute_kill_odds(health, hits):
    """Each hit picks a living minion uniformly: every path enumerated."""
    outcomes = {}

    def walk(hp, left, p):
        alive = [i for i, h in enumerate(hp) if h > 0]
        if left == 0 or not alive:
            key = tuple(hp)
            outcomes[key] = outcomes.get(key, 0) + p
            return
        for i in alive:
            nxt = list(hp)
            nxt[i] -= 1
            walk(nxt, left - 1, p / len(alive))

    walk(list(health), hits, Fraction(1))
    return [float(sum(p for hp, p in outcomes.items() if hp[i] == 0)) for i in range(len(health))]


@pytest.mark.parametrize("health,hits", [([1, 2], 2), ([2, 3, 1], 4), ([3, 3, 3], 5), ([1, 1, 4], 3)])
def test_split_damage_matches_brute_force(health, hits):
    r = oddsmith.split_damage(health, hits)
    assert r.kill == pytest.approx(brute_kill_odds(health, hits), abs=1e-12)
    assert sum(r.kills_distribution) == pytest.approx(1.0)


def test_split_damage_with_shields_and_a_hero():
    r = oddsmith.split_damage([2, 1], 3, shields=[True, False], heroes=[(3, 1)])
    assert len(r.kill) == 3 and r.hero_or_all_dead is not None
    assert 0 < r.shield_kept[0] < 1 and r.shield_kept[1] == 0
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.split_damage([2, 0], 3)
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.split_damage([2, 1], 3, shields=[True])
    with pytest.raises(oddsmith.BudgetExceeded):
        oddsmith.split_damage([30] * 7, 60, max_work=10)


def test_stealth_flag_hides_a_minion_from_attacks():
    # The 3/3 cannot attack the hidden 2/2; it attacks, is revealed, dies.
    hidden = oddsmith.combat("3/3", [{"attack": 2, "health": 2, "stealth": True}])
    assert hidden.exact and hidden.win == pytest.approx(1.0)
    # A card's own stealth, and the flag taking it away.
    own = oddsmith.combat([{"card": "Heroic Underdog", "attack": 1, "health": 10}], "4/4, 4/4, 4/4")
    seen = oddsmith.combat([{"card": "Heroic Underdog", "attack": 1, "health": 10, "stealth": False}], "4/4, 4/4, 4/4")
    assert own == oddsmith.combat("Heroic Underdog", "4/4, 4/4, 4/4")
    assert own.draw == pytest.approx(1.0) and seen.loss == pytest.approx(1.0)


def test_combat_boards_in_notation_and_as_dicts_agree():
    text = oddsmith.combat("3/2+taunt+shield, 1/1+reborn", "2/4, 1/3+poison", tier_a=3, tier_b=2)
    dicts = oddsmith.combat(
        [{"attack": 3, "health": 2, "taunt": True, "divine_shield": True}, "1/1+reborn"],
        [{"attack": 2, "health": 4}, {"attack": 1, "health": 3, "poisonous": True}],
        tier_a=3,
        tier_b=2,
    )
    assert text.exact and text == dicts
    assert text.win + text.draw + text.loss == pytest.approx(1.0)
    mc = oddsmith.combat("3/2+taunt+shield, 1/1+reborn", "2/4, 1/3+poison", mode="mc", samples=200_000, seed=3)
    assert abs(mc.win - text.win) < 5 * mc.std_error + 1e-9


def test_combat_by_card_and_rules_of_the_rules_file():
    # rules/battlegrounds.md's first minimal case: 0.50 / 0.50 / 0.
    r = oddsmith.combat("1/4+dr=3/2, 1/1", "2/4")
    assert (r.win, r.draw, r.loss) == pytest.approx((0.5, 0.5, 0.0))
    bonehead = oddsmith.combat([{"card": "Harmless Bonehead", "attack": 1, "health": 1}], "1/1")
    by_name = oddsmith.combat("Harmless Bonehead", "1/1")
    assert bonehead == by_name
    lethal = oddsmith.combat("5/5", "1/1", tier_a=3, health_b=4)
    assert lethal.lethal_to_b == pytest.approx(1.0)


def test_combat_game_bonuses_reach_the_minions_summoned():
    # Harmless Bonehead's skeletons are Undead: with Undead +2/+1 this game
    # they fight as 3/2 tokens; text and dict say the same.
    plain = oddsmith.combat("Harmless Bonehead=4/4", "2/6, 3/3")
    text = oddsmith.combat("Harmless Bonehead=4/4", "2/6, 3/3", bonuses_a="undead=2/1")
    by_dict = oddsmith.combat("Harmless Bonehead=4/4", "2/6, 3/3", bonuses_a={"undead": (2, 1)})
    by_hand = oddsmith.combat("4/4+dr=3/2x2", "2/6, 3/3")
    assert text == by_dict
    assert (text.win, text.draw, text.loss) == pytest.approx((by_hand.win, by_hand.draw, by_hand.loss))
    assert text.win != pytest.approx(plain.win)
    # The other side's bonus is its own; bad bonuses are refused.
    other = oddsmith.combat("Harmless Bonehead=4/4", "2/6, 3/3", bonuses_b={"undead": (2, 1), "mechs": 3})
    assert (other.win, other.draw) == pytest.approx((plain.win, plain.draw))
    with pytest.raises(oddsmith.InvalidArgument, match="bonuses_a"):
        oddsmith.combat("1/1", "1/1", bonuses_a="dragons=1/1")
    with pytest.raises(oddsmith.InvalidArgument, match="bonuses_b"):
        oddsmith.combat("1/1", "1/1", bonuses_b={"gems": (5000, 1)})
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.combat("1/1", "1/1", bonuses_a=3)


def test_combat_errors():
    with pytest.raises(oddsmith.ParseError, match="a"):
        oddsmith.combat("3/x", "1/1")
    with pytest.raises(oddsmith.ParseError):
        oddsmith.combat([{"card": "No Such Card", "attack": 1, "health": 1}], "1/1")
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.combat(["1/1"] * 8, "1/1")
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.combat([{"attack": 1}], "1/1")
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.combat("1/1", "1/1", health_a=0)


def test_combat_eternal_knights_count_the_knights_dead_before():
    # A Summoner without reborn: its knight enters with +4/+2 for each of
    # the 2 knights dead in earlier combats, as a 12/6 token would, and
    # wins where a plain 4/2 knight loses.
    summoner = [{"card": "Eternal Summoner", "attack": 8, "health": 1, "reborn": False}]
    by_count = oddsmith.combat(summoner, "3/9+taunt, 2/2", bonuses_a={"knights_died": 2})
    by_hand = oddsmith.combat("8/1+dr=12/6", "3/9+taunt, 2/2")
    assert by_count.exact and abs(by_count.win - by_hand.win) < 1e-12
    assert abs(by_count.draw - by_hand.draw) < 1e-12
    assert by_count.win > oddsmith.combat(summoner, "3/9+taunt, 2/2").win + 0.5


def battle_state(knights_died):
    """A small whole game state (Firestone's BgsBattleInfo)."""
    return {
        "playerBoard": {
            "player": {"tavernTier": 1, "globalInfo": {"EternalKnightsDeadThisGame": knights_died}},
            "board": [{"cardId": "BG25_009", "attack": 8, "health": 1, "reborn": False}],
        },
        "opponentBoard": {
            "player": {"tavernTier": 1},
            "board": [
                {"cardId": "BG31_035", "attack": 3, "health": 9, "taunt": True},
                {"cardId": "BG31_035", "attack": 2, "health": 2},
            ],
        },
    }


def test_combat_battle_reads_a_whole_game_state_as_the_boards():
    # The same combat as the boards and bonuses given one by one, from
    # the dict or its JSON text.
    summoner = [{"card": "Eternal Summoner", "attack": 8, "health": 1, "reborn": False}]
    foes = [
        {"card": "BG31_035", "attack": 3, "health": 9, "taunt": True},
        {"card": "BG31_035", "attack": 2, "health": 2},
    ]
    by_boards = oddsmith.combat(summoner, foes, bonuses_a={"knights_died": 2})
    whole = oddsmith.combat_battle(battle_state(2))
    as_text = oddsmith.combat_battle(json.dumps(battle_state(2)))
    assert whole.exact and whole.win == by_boards.win and whole.draw == by_boards.draw
    assert as_text.win == whole.win
    assert whole.win > oddsmith.combat_battle(battle_state(0)).win + 0.5
    mc = oddsmith.combat_battle(battle_state(2), mode="mc", samples=20_000, seed=3)
    assert not mc.exact and abs(mc.win - whole.win) < 4 * mc.std_error + 1e-9


def test_combat_battle_leaves_out_and_lists_what_is_not_modelled():
    # By default a hero power no table knows is left out: the answer is
    # the boards' alone, marked approximate, the card listed.
    whole = oddsmith.combat_battle(battle_state(2))
    assert not whole.approximate and whole.unmodelled == []
    state = battle_state(2)
    state["opponentBoard"]["player"]["heroPowers"] = [{"cardId": "NOT_A_HERO_POWER"}]
    approximate = oddsmith.combat_battle(state)
    assert approximate.approximate and approximate.win == whole.win
    [card] = approximate.unmodelled
    assert (card.id, card.name, card.place) == ("NOT_A_HERO_POWER", None, "hero power")
    assert card.path == "opponentBoard.player.heroPowers[0]" and "not modelled" in card.reason
    assert "approximate: 1 not modelled" in repr(approximate)
    assert not oddsmith.combat("2/2", "2/2").approximate


def test_combat_battle_errors_name_the_json_path():
    state = battle_state(0)
    del state["playerBoard"]["board"][0]["health"]
    with pytest.raises(oddsmith.ParseError, match=r"playerBoard\.board\[0\]\.health"):
        oddsmith.combat_battle(state)
    state = battle_state(0)
    # A hero power acting only in the tavern is skipped; one acting in
    # combat (not modelled yet) or unknown is refused by path.
    state["playerBoard"]["player"]["heroPowers"] = [{"cardId": "TB_BaconShop_HP_020"}]
    assert oddsmith.combat_battle(state, unmodelled="refuse").unmodelled == []
    state["playerBoard"]["player"]["heroPowers"] = [{"cardId": "BGDUO_HERO_101p"}]
    with pytest.raises(oddsmith.InvalidArgument, match=r"heroPowers\[0\]: Glorious Gloop"):
        oddsmith.combat_battle(state, unmodelled="refuse")
    state["playerBoard"]["player"]["heroPowers"] = [{"cardId": "NOT_A_HERO_POWER"}]
    with pytest.raises(oddsmith.InvalidArgument, match=r"heroPowers\[0\].*NOT_A_HERO_POWER"):
        oddsmith.combat_battle(state, unmodelled="refuse")
    with pytest.raises(oddsmith.InvalidArgument, match="'sometimes'"):
        oddsmith.combat_battle(state, unmodelled="sometimes")
    with pytest.raises(oddsmith.ParseError):
        oddsmith.combat_battle("{not json")


def test_combat_tasty_lobsters_count_their_improvements():
    # A Lobster's deathrattle gives the Scarab +2/+1 times 1 + the
    # improvements of earlier turns: with 3 the Scarab wins.
    board = [{"card": "Tasty Lobster", "attack": 2, "health": 1},
             {"card": "Sprightly Scarab", "attack": 3, "health": 3}]
    assert oddsmith.combat(board, "4/9").win == 0.0
    assert oddsmith.combat(board, "4/9", bonuses_a={"lobsters": 3}).win == 1.0
    assert oddsmith.combat(board, "4/9", bonuses_a="lobsters=3").win == 1.0


def test_combat_script_numbers_set_growing_gifts():
    # Hopebringer's start of combat gives +scriptDataNum1/+scriptDataNum2
    # (Firestone's +3/+3 when none is stated).
    def hope(**data):
        return [{"card": "Hopebringer", "attack": 4, "health": 3, **data}]

    assert oddsmith.combat(hope(), "7/9").win == 0.0
    assert oddsmith.combat(hope(scriptDataNum1=10, scriptDataNum2=10), "7/9").win == 1.0
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.combat(hope(scriptDataNum1=-1), "7/9")
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.combat(hope(scriptDataNum1="10"), "7/9")
    with pytest.raises(oddsmith.InvalidArgument):
        oddsmith.combat([{"attack": 4, "health": 3, "scriptDataNum1": 5}], "7/9")


def test_zero_budgets_are_the_defaults_as_in_c():
    # A 0 means none given: the default, as in C and the CLI.
    assert oddsmith.split_damage([1, 1], 1, max_work=0) == oddsmith.split_damage([1, 1], 1)
    assert oddsmith.combat("1/1", "1/1", mode="mc", samples=0).states == 1_000_000
    exact = oddsmith.combat("4/4,3/3", "3/4,1/1", mode="exact", max_states=0)
    assert exact.win == oddsmith.combat("4/4,3/3", "3/4,1/1", mode="exact").win


def brute_force_best(a, b, value):
    """The best of ``value`` over every order of board ``a`` (a list of
    notation strings), each order fought exactly."""
    return max(
        value(oddsmith.combat(list(order), b, mode="exact"))
        for order in itertools.permutations(a)
    )


@pytest.mark.parametrize(
    "objective,value",
    [
        ("win", lambda r: r.win),
        ("win-minus-loss", lambda r: r.win - r.loss),
        ("damage_dealt", lambda r: sum(d * p for d, p in enumerate(r.damage_to_b))),
    ],
)
def test_best_order_matches_every_order_fought(objective, value):
    a, b = ["1/6", "5/1", "3/3+shield"], "4/3, 2/5+taunt, 3/2"
    found = oddsmith.best_order(a, b, objective=objective, mode="exact")
    assert found.exact and found.orders == 6 and sorted(found.order) == [0, 1, 2]
    assert found.value == pytest.approx(brute_force_best(a, b, value), abs=1e-12)
    # The order found fights at the value found.
    arranged = [a[i] for i in found.order]
    assert value(oddsmith.combat(arranged, b, mode="exact")) == pytest.approx(found.value, abs=1e-12)
    assert found.top[0].order == found.order and found.std_error == 0 and found.p_beaten == 0


def test_best_order_races_within_its_margin_and_refuses_bad_input():
    a, b = ["1/6", "5/1", "3/3+shield"], "4/3, 2/5+taunt, 3/2"
    raced = oddsmith.best_order(a, b, mode="mc", samples=60_000, seed=3, margin=0.02)
    assert not raced.exact and raced.combats > 0 and raced.margin == 0.02
    best = brute_force_best(a, b, lambda r: r.win)
    assert abs(raced.value - best) < 5 * raced.std_error + 0.02
    assert raced == oddsmith.best_order(a, b, mode="mc", samples=60_000, seed=3, margin=0.02, threads=1)
    with pytest.raises(oddsmith.InvalidArgument, match="health_a"):
        oddsmith.best_order(a, b, objective="lethal")
    with pytest.raises(oddsmith.InvalidArgument, match="objective 'winning'"):
        oddsmith.best_order(a, b, objective="winning")
    with pytest.raises(oddsmith.InvalidArgument, match="margin"):
        oddsmith.best_order(a, b, margin=-1)
    lethal = oddsmith.best_order(a, b, objective="lethal", health_a=3)
    assert lethal.objective == "lethal" and 0 <= lethal.value <= 1
