//! Hero powers played as hero-side cards (`cards::PowerPlay::AtStart`,
//! `SummonsInfoCard`), made by the game state reader from a `heroPowers`
//! list: their start of combat by hand (the boards it leaves, with their
//! chances), the fight against the plain probability tree, and Monte
//! Carlo against the exact engine.

use super::tests::{assert_engines_agree, combat, summary};
use super::*;
use crate::budget::Control;
use crate::hearthstone::firestone::hero_powers_from_json;
use crate::hearthstone::model::{
    Action, Effect, SHIELD, TAUNT, TRIBE_ALL, TRIBE_BEAST, TRIBE_DRAGON, TRIBE_MECH, Target,
    Trigger,
};
use std::collections::BTreeMap;

/// The hero-side cards of a `heroPowers` list, as the reader makes them.
fn powers(json: &str) -> Vec<HeroCard> {
    hero_powers_from_json(json).unwrap()
}

/// A board as `attack/health` with `+s` (shield) and `+t` (taunt).
fn shown(s: &State, side: usize) -> String {
    s.board(side)
        .iter()
        .map(|u| {
            let mut t = format!("{}/{}", u.attack, u.health);
            if u.keywords & SHIELD != 0 {
                t.push_str("+s");
            }
            if u.keywords & TAUNT != 0 {
                t.push_str("+t");
            }
            t
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The boards the start of combat leaves (A and B), with their chances,
/// summed over the ways to get there.
fn after_start(c: &Combat) -> BTreeMap<(String, String), f64> {
    let (_, _, outcomes) = super::start::start_outcomes(c, 100_000, &Control::NONE).unwrap();
    let mut boards = BTreeMap::new();
    for (s, p) in &outcomes.unwrap().outcomes {
        *boards.entry((shown(s, 0), shown(s, 1))).or_insert(0.0) += p;
    }
    boards
}

fn boards(cases: &[(&str, &str, f64)]) -> BTreeMap<(String, String), f64> {
    cases
        .iter()
        .map(|&(a, b, p)| ((a.to_string(), b.to_string()), p))
        .collect()
}

fn assert_same(x: &BTreeMap<(String, String), f64>, y: &BTreeMap<(String, String), f64>) {
    assert_eq!(x.keys().collect::<Vec<_>>(), y.keys().collect::<Vec<_>>());
    for (k, p) in x {
        assert!((p - y[k]).abs() < 1e-12, "{k:?}: {p} vs {}", y[k]);
    }
}

fn solved(c: &Combat) -> CombatResult {
    combat_exact(c, 10_000_000, &Control::NONE).unwrap()
}

#[test]
fn aim_low_high_and_left_deal_their_info2_to_their_enemy() {
    let aim = |id: &str, n: u16| {
        powers(&format!(
            r#"[{{"cardId": "{id}", "used": true, "info2": {n}}}]"#
        ))
    };
    let mut c = combat("3/3", "2/5,4/2,1/9");
    c.heroes[0] = aim("BG22_HERO_000p_t2", 2);
    assert_same(&after_start(&c), &boards(&[("3/3", "2/5,1/9", 1.0)]));
    assert_engines_agree(&c, 51, "Aim Low!");
    c.heroes[0] = aim("BG22_HERO_000p_t3", 3);
    assert_same(&after_start(&c), &boards(&[("3/3", "2/5,4/2,1/6", 1.0)]));
    assert_engines_agree(&c, 52, "Aim High!");
    c.heroes[0] = aim("BG22_HERO_000p_t1", 2);
    assert_same(&after_start(&c), &boards(&[("3/3", "2/3,4/2,1/9", 1.0)]));
    assert_engines_agree(&c, 53, "Aim Left!");
    // Ties are drawn at random; a shield takes the shot.
    let mut c = combat("3/3", "2/2,3/2+shield,1/4");
    c.heroes[0] = aim("BG22_HERO_000p_t2", 2);
    assert_same(
        &after_start(&c),
        &boards(&[("3/3", "3/2+s,1/4", 0.5), ("3/3", "2/2,3/2,1/4", 0.5)]),
    );
    assert_engines_agree(&c, 54, "Aim Low! ties");
    // Not used: nothing; on both sides: a coin says who shoots first.
    let unused = powers(r#"[{"cardId": "BG22_HERO_000p_t2", "used": false, "info2": 2}]"#);
    assert!(unused.is_empty());
    let mut c = combat("2/2,5/5", "2/2,1/6");
    c.heroes[0] = aim("BG22_HERO_000p_t2", 2);
    c.heroes[1] = aim("BG22_HERO_000p_t1", 5);
    assert_same(&after_start(&c), &boards(&[("5/5", "1/6", 1.0)]));
    assert_engines_agree(&c, 55, "Aim on both sides");
}

#[test]
fn aim_comes_before_a_secret_of_either_side() {
    // The hero power phase comes first: the shot kills B's 2/2, then
    // Fleeting Vigor (B's secret, +1/+2) buffs the 1/6 alone (the other
    // way round, the 3/4 would take the shot and live).
    let mut c = combat("3/3", "2/2,1/6");
    c.heroes[0] = powers(r#"[{"cardId": "BG22_HERO_000p_t2", "used": true, "info2": 2}]"#);
    c.heroes[1].push(
        crate::hearthstone::cards::hero_card("BG28_519", [Some(1), Some(2)])
            .unwrap()
            .unwrap(),
    );
    assert_same(&after_start(&c), &boards(&[("3/3", "2/8", 1.0)]));
    assert_engines_agree(&c, 56, "Aim before a secret");
}

#[test]
fn all_will_burn_gives_every_minion_two_attack_used_or_not() {
    let mut c = combat("1/1,2/3", "2/2");
    c.heroes[1] = powers(r#"[{"cardId": "TB_BaconShop_HP_061", "used": false}]"#);
    assert_same(&after_start(&c), &boards(&[("3/1,4/3", "4/2", 1.0)]));
    assert_engines_agree(&c, 57, "ALL Will Burn!");
}

#[test]
fn water_invocation_shields_and_taunts_the_right_most_minion() {
    let mut c = combat("1/1,2/3", "2/2,3/3");
    c.heroes[0] = powers(r#"[{"cardId": "BG22_HERO_001p_t3", "used": true}]"#);
    assert_same(
        &after_start(&c),
        &boards(&[("1/1,2/3+s+t", "2/2,3/3", 1.0)]),
    );
    assert_engines_agree(&c, 58, "Water Invocation");
}

#[test]
fn wax_warband_buffs_a_minion_of_each_type() {
    let wax = powers(r#"[{"cardId": "TB_BaconShop_HP_037a", "used": true, "info3": 2}]"#);
    // A Beast, a Dragon, a plain minion, an All: each but the plain one.
    let mut c = combat("1/1,1/2,1/3,1/4", "9/9");
    for (m, tribes) in
        c.a.iter_mut()
            .zip([TRIBE_BEAST, TRIBE_DRAGON, 0, TRIBE_ALL])
    {
        m.tribes = tribes;
    }
    c.heroes[0] = wax.clone();
    assert_same(
        &after_start(&c),
        &boards(&[("3/3,3/4,1/3,3/6", "9/9", 1.0)]),
    );
    assert_engines_agree(&c, 59, "Wax Warband");
    // Two Beasts and a Beast-Mech: the Beast-Mech takes Mech's, one of
    // the Beasts at random takes Beast's.
    let mut c = combat("1/1,1/2,1/3", "9/9");
    for (m, tribes) in
        c.a.iter_mut()
            .zip([TRIBE_BEAST, TRIBE_BEAST, TRIBE_BEAST | TRIBE_MECH])
    {
        m.tribes = tribes;
    }
    c.heroes[0] = wax;
    assert_same(
        &after_start(&c),
        &boards(&[("3/3,1/2,3/5", "9/9", 0.5), ("1/1,3/4,3/5", "9/9", 0.5)]),
    );
    assert_engines_agree(&c, 60, "Wax Warband at random");
    // Without its number (older states) it is refused, named.
    let e =
        hero_powers_from_json(r#"[{"cardId": "TB_BaconShop_HP_037a", "used": true}]"#).unwrap_err();
    assert!(e.message().contains("Wax Warband"), "{e}");
}

#[test]
fn embrace_your_rage_summons_its_card_at_the_right_end_first() {
    let embrace = |id: &str| {
        powers(&format!(
            r#"[{{"cardId": "TB_BaconShop_HP_103", "used": true, "info": "{id}"}}]"#
        ))
    };
    // Risen Rider (2/1 Taunt Reborn) enters before anything else: 2
    // minions against 2, a coin for the first attacker.
    let mut c = combat("3/3", "2/2,2/6");
    c.heroes[0] = embrace("BG25_001");
    assert_same(&after_start(&c), &boards(&[("3/3,2/1+t", "2/2,2/6", 1.0)]));
    let mut by_hand = combat("3/3,Risen Rider", "2/2,2/6");
    by_hand.heroes = Default::default();
    let (x, y) = (summary(&solved(&c)), summary(&solved(&by_hand)));
    for (a, b) in x.into_iter().zip(y) {
        assert!((a - b).abs() < 1e-12, "{x:?} vs {y:?}");
    }
    assert_engines_agree(&c, 61, "Embrace Your Rage");
    // Its card's effects play: Rapscallion Recruiter's Scallywags.
    let mut c = combat("3/3", "7/7,1/1");
    c.heroes[0] = embrace("BG26_018");
    assert_engines_agree(&c, 62, "Embrace Your Rage, a deathrattle");
    // On a full board nothing enters; not used, or with no card: nothing.
    let full = "1/1,1/1,1/1,1/1,1/1,1/1,1/1";
    let mut c = combat(full, "2/2");
    c.heroes[0] = embrace("BG25_001");
    assert_same(&after_start(&c), &boards(&[(full, "2/2", 1.0)]));
    for unused in [
        r#"[{"cardId": "TB_BaconShop_HP_103", "used": false, "info": "BG25_001"}]"#,
        r#"[{"cardId": "TB_BaconShop_HP_103", "used": true, "info": -1}]"#,
        r#"[{"cardId": "TB_BaconShop_HP_103", "used": true, "info": ""}]"#,
    ] {
        assert!(powers(unused).is_empty(), "{unused}");
    }
    // A card not modelled, or whose effects a summon does not play, is
    // refused by name.
    for refused in ["BG27_081", "BG26_354", "NOT_A_CARD"] {
        let e = hero_powers_from_json(&format!(
            r#"[{{"cardId": "TB_BaconShop_HP_103", "used": true, "info": "{refused}"}}]"#
        ))
        .unwrap_err();
        assert!(e.message().contains("Embrace Your Rage"), "{e}");
        assert!(e.message().contains(refused), "{e}");
    }
}

#[test]
fn lightning_invocation_hits_five_different_enemies() {
    let lightning = powers(r#"[{"cardId": "BG22_HERO_001p_t4", "used": true}]"#);
    // Fewer than five: each once.
    let mut c = combat("3/3", "1/1,1/2,2/3+shield");
    c.heroes[0] = lightning.clone();
    assert_same(&after_start(&c), &boards(&[("3/3", "1/1,2/3", 1.0)]));
    assert_engines_agree(&c, 63, "Lightning Invocation");
    // Six: the one spared is drawn at random.
    let mut c = combat("3/3", "1/1,2/2,3/3,4/4,5/5,6/6");
    c.heroes[0] = lightning;
    let all = ["1/1", "2/2", "3/3", "4/4", "5/5", "6/6"];
    let hit = ["", "2/1", "3/2", "4/3", "5/4", "6/5"];
    let cases: Vec<(String, f64)> = (0..6)
        .map(|spared| {
            let b: Vec<&str> = (0..6)
                .map(|i| if i == spared { all[i] } else { hit[i] })
                .filter(|m| !m.is_empty())
                .collect();
            (b.join(","), 1.0 / 6.0)
        })
        .collect();
    let expected: BTreeMap<(String, String), f64> = cases
        .into_iter()
        .map(|(b, p)| (("3/3".to_string(), b), p))
        .collect();
    assert_same(&after_start(&c), &expected);
    assert_engines_agree(&c, 64, "Lightning Invocation, six enemies");
}

/// Broodmother's `heroPowers` entry with its `info` and `scoreValue2`.
fn broodmother(info: i64, seen: i64) -> Vec<HeroCard> {
    powers(&format!(
        r#"[{{"cardId": "BG22_HERO_305p", "info": {info}, "scoreValue2": {seen}}}]"#
    ))
}

#[test]
fn broodmother_summons_its_whelp_where_the_minion_died_and_it_attacks_at_once() {
    // A attacks first (more minions): its left 1/1 dies on the 3/9 (3/8),
    // the count is done (3 of 4 seen), a 5/5 Whelp enters left of the
    // other 1/1 and attacks at once (3/3; 5/2). B hits the Whelp (both
    // die: A wins) or the 1/1 (then the Whelp trades with it: a draw).
    let mut c = combat("1/1,1/1", "3/9");
    c.heroes[0] = broodmother(5, 3);
    let r = solved(&c);
    assert!((r.win - 0.5).abs() < 1e-12, "{r:?}");
    assert!((r.draw - 0.5).abs() < 1e-12, "{r:?}");
    assert_engines_agree(&c, 61, "Broodmother");
    // Its count not done (none seen), or a size below 1: no Whelp, and B
    // wins.
    for (info, seen) in [(5, 0), (0, 3), (-1, 3)] {
        c.heroes[0] = broodmother(info, seen);
        assert!((solved(&c).loss - 1.0).abs() < 1e-12, "info {info}");
    }
    // No info: Firestone's Whelp is no number, never summoned.
    let none = powers(r#"[{"cardId": "BG22_HERO_305p", "scoreValue2": 3}]"#);
    assert!(none.is_empty());
}

#[test]
fn broodmother_whelps_grow_with_each_firing() {
    // Seven deaths seen: due at once, and again after the next death. A's
    // left 1/1 dies on the 3/6 (3/5); a 2/2 Whelp attacks (3/3) and dies,
    // which fires it again: a 3/3 Whelp kills the 3/3 and dies with it,
    // and A's other 1/1 wins. Whelps that did not grow (2/2 again) would
    // leave the 3/6 at 3/1, to win.
    let mut c = combat("1/1,1/1", "3/6");
    c.heroes[0] = broodmother(2, 7);
    assert!((solved(&c).win - 1.0).abs() < 1e-12);
    assert_engines_agree(&c, 62, "Broodmother grows");
    for (a, b, info, seen) in [
        ("1/1,1/1,1/1,1/1,1/1", "2/40", 1, 3),
        ("2/1,1/2,3/1", "1/3,2/2+taunt,4/1", 2, 2),
        ("1/1,1/1", "1/1,1/1", -1, 3),
        ("2/3+reborn,1/1", "3/3,1/4", 3, 3),
    ] {
        let mut c = combat(a, b);
        c.heroes[0] = broodmother(info, seen);
        assert_engines_agree(&c, 63, &format!("Broodmother {a} vs {b}"));
        c.heroes[1] = broodmother(info + 1, 3);
        assert_engines_agree(&c, 64, &format!("Broodmothers {a} vs {b}"));
    }
}

#[test]
fn broodmother_is_refused_beside_what_its_whelp_is_not_played_with() {
    let mut c = combat("1/1", "2/2");
    c.heroes[0] = broodmother(2, 0);
    c.heroes[0].extend(broodmother(2, 0));
    let e = combat_exact(&c, 1_000_000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("two on one side"), "{}", e.message());
}

#[test]
fn fragrant_phylactery_gives_the_lowest_attack_minion_its_stats_deathrattle() {
    let phylactery = powers(r#"[{"cardId": "BG20_HERO_282p"}]"#);
    // Used or not, it acts: the 1/4 gains the deathrattle. A attacks
    // first (more minions): its 1/4 dies on the 7/7, the 6/6 gains
    // +1/+4 and survives the 7/6's attack, which dies. Without it, a draw.
    let mut c = combat("1/4,6/6", "7/7");
    let plain = solved(&c);
    assert!((plain.draw - 1.0).abs() < 1e-12, "{plain:?}");
    c.heroes[0] = phylactery.clone();
    let given = solved(&c);
    assert!((given.win - 1.0).abs() < 1e-12, "{given:?}");
    assert_engines_agree(&c, 71, "Fragrant Phylactery");
    // Its max health, not what is left: the 1/4 took 2 before dying.
    let mut c = combat("1/4,6/6", "2/2,7/7");
    c.heroes[0] = phylactery.clone();
    assert_engines_agree(&c, 72, "Fragrant Phylactery, damaged first");
    // Ties drawn at random; on both sides; with reborn (the copy does
    // not keep it) and a deathrattle of its own (fired first).
    let mut c = combat("2/3,2/5+reborn,4/4", "1/1,1/6+taunt,3/2");
    c.heroes[0] = phylactery.clone();
    c.heroes[1] = phylactery.clone();
    assert_engines_agree(&c, 73, "Fragrant Phylactery, ties on both sides");
    let cards = crate::hearthstone::cards::by_id;
    c.a[0] = crate::hearthstone::cards::minion_of(cards("BG29_815").unwrap()).unwrap();
    assert_engines_agree(&c, 74, "Fragrant Phylactery on a deathrattle minion");
    c.a[0] = crate::hearthstone::cards::minion_of(cards("BG_EX1_556").unwrap()).unwrap();
    assert_engines_agree(&c, 75, "Fragrant Phylactery on a token deathrattle");
}

#[test]
fn fragrant_phylactery_is_refused_where_max_health_may_change() {
    let phylactery = powers(r#"[{"cardId": "BG20_HERO_282p"}]"#);
    let mut c = combat("1/4,6/6", "7/7");
    c.heroes[0] = phylactery;
    c.a[1].effects[0] = Effect {
        trigger: Trigger::AfterAttack,
        action: Action::Buff {
            target: Target::This,
            attack: 0,
            health: 1,
            keywords: 0,
        },
    };
    let e = combat_exact(&c, 1_000_000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Fragrant Phylactery"), "{e}");
    assert!(e.message().contains("max health"), "{e}");
    // On the enemy side, it changes nothing.
    c.b = std::mem::take(&mut c.a);
    c.a = parse_board("1/4,6/6").unwrap();
    assert!(combat_exact(&c, 1_000_000, &Control::NONE).is_ok());
}

#[test]
fn sprout_it_out_gives_minions_summoned_stats_and_taunt() {
    let sprout = powers(r#"[{"cardId": "TB_BaconShop_HP_107"}]"#);
    assert_eq!(sprout.len(), 1);
    // The starting board takes nothing: the same start of combat.
    let mut c = combat("2/2,3/3", "4/4");
    let plain = after_start(&c);
    c.heroes[0] = sprout.clone();
    assert_same(&after_start(&c), &plain);
    // A deathrattle's token enters as a 2/3 taunt (1/1 +1/+2), a reborn
    // copy too: the 1/1 token now survives the 2/2's hit once.
    let cards = crate::hearthstone::cards::by_id;
    let golem = crate::hearthstone::cards::minion_of(cards("BG_EX1_556").unwrap()).unwrap();
    let mut c = combat("2/3", "3/6,1/1");
    c.a[0] = golem;
    c.a.push(Minion::new(1, 1).with_keywords(crate::hearthstone::model::REBORN));
    let without = solved(&c);
    c.heroes[0] = sprout.clone();
    let with = solved(&c);
    assert!(with.win > without.win, "{without:?} vs {with:?}");
    assert_engines_agree(&c, 81, "Sprout It Out!");
    // On both sides.
    c.heroes[1] = sprout;
    assert_engines_agree(&c, 82, "Sprout It Out! on both sides");
}
