//! Hero-side cards in combat (secrets, lingering spells): against boards
//! with their effect applied by hand, and Monte Carlo.

use super::tests::{assert_monte_carlo_agrees, combat, exact, summary};
use super::*;
use crate::budget::Control;
use crate::hearthstone::cards::hero_card;

fn close(x: [f64; 5], y: [f64; 5]) -> bool {
    x.iter().zip(y).all(|(a, b)| (a - b).abs() < 1e-12)
}

/// The combat of boards `a` and `b` with hero-side cards (card id and
/// script numbers) on each side.
fn with_heroes(a: &str, b: &str, heroes: [&[(&str, [i64; 2])]; 2]) -> Combat {
    let mut c = combat(a, b);
    for (side, cards) in heroes.into_iter().enumerate() {
        c.heroes[side] = cards
            .iter()
            .map(|&(id, [x, y])| hero_card(id, [Some(x), Some(y)]).unwrap().unwrap())
            .collect();
    }
    c
}

fn solved(c: &Combat) -> CombatResult {
    combat_exact(c, 10_000_000, &Control::NONE).unwrap()
}

#[test]
fn fleeting_vigor_buffs_every_friendly_minion_at_the_start() {
    let vigor = [("BG28_519", [2, 1])];
    let c = with_heroes("1/1,2/3", "3/4,2/2", [&vigor, &[]]);
    assert!(close(
        summary(&solved(&c)),
        summary(&exact("3/2,4/4", "3/4,2/2"))
    ));
    // On side B, and both sides at once, adding up.
    let c = with_heroes("1/1,2/3", "3/4,2/2", [&[], &vigor]);
    assert!(close(
        summary(&solved(&c)),
        summary(&exact("1/1,2/3", "5/5,4/3"))
    ));
    let c = with_heroes(
        "1/1,2/3",
        "3/4,2/2",
        [&vigor, &[("BG28_519", [0, 5]), ("BG28_519", [1, 0])]],
    );
    assert!(close(
        summary(&solved(&c)),
        summary(&exact("3/2,4/4", "4/9,3/7"))
    ));
    assert_monte_carlo_agrees(&c, 3, "Fleeting Vigor");
}

#[test]
fn fleeting_vigor_comes_before_the_minions_start_of_combat() {
    // Boom-in-a-Box deals 3 to every other minion after the buff: the 1/1
    // buffed to 2/4 survives it.
    let vigor = [("BG28_519", [1, 3])];
    let c = with_heroes("Boom-in-a-Box", "1/1", [&[], &vigor]);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE);
    for (s, _) in outcomes.unwrap().outcomes {
        assert_eq!(s.lens[1], 1, "{:?}", s.board(1));
        assert_eq!((s.board(1)[0].attack, s.board(1)[0].health), (2, 1));
    }
}

#[test]
fn upper_hand_sets_a_random_enemy_minions_health_to_one() {
    let hand = [("BG28_573", [0, 0])];
    let c = with_heroes("3/3", "2/9,4/6", [&hand, &[]]);
    let first = exact("3/3", "2/1,4/6");
    let second = exact("3/3", "2/9,4/1");
    let mean: Vec<f64> = summary(&first)
        .iter()
        .zip(summary(&second))
        .map(|(a, b)| (a + b) / 2.0)
        .collect();
    assert!(close(summary(&solved(&c)), mean.try_into().unwrap()));
    assert_monte_carlo_agrees(&c, 5, "Upper Hand");
    // Side B's: A's only minion.
    let c = with_heroes("3/3", "2/2", [&[], &hand]);
    assert!(close(summary(&solved(&c)), summary(&exact("3/1", "2/2"))));
}

#[test]
fn cards_acting_outside_the_boards_change_nothing_and_others_are_refused() {
    assert_eq!(hero_card("BG27_Anomaly_575t", [Some(0), Some(0)]), Ok(None));
    let refused = hero_card("BG28_603", [Some(2), Some(2)]).unwrap_err();
    assert!(refused.contains("Boon of Beetles (BG28_603)"), "{refused}");
    let unknown = hero_card("XYZ_1", [None, None]).unwrap_err();
    assert!(unknown.contains("XYZ_1"), "{unknown}");
    let missing = hero_card("BG28_519", [Some(2), None]).unwrap_err();
    assert!(missing.contains("scriptDataNum2 is missing"), "{missing}");
    let negative = hero_card("BG28_519", [Some(-1), Some(0)]).unwrap_err();
    assert!(negative.contains("scriptDataNum1 is -1"), "{negative}");
    // Too many for a side.
    let mut c = combat("1/1", "1/1");
    c.heroes[0] = vec![hero_card("BG28_573", [None, None]).unwrap().unwrap(); 6];
    assert!(combat_exact(&c, 1000, &Control::NONE).is_err());
}
