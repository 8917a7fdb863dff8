//! Frostwolf Fervor and Stormpike Strength (`Action::SummonCopyOfBest` as
//! a pre-combat hero-side card's summon waiting for room): against the
//! plain probability tree, boards made by hand, and Monte Carlo.

use super::tests::{assert_monte_carlo_agrees, combat, summary, tree_walk};
use super::*;
use crate::budget::Control;
use crate::hearthstone::model::{Action, Effect, HeroCard, Trigger};

/// The hero power as the game state reader makes it from turn 7 on.
fn fervor(by_health: bool) -> HeroCard {
    HeroCard {
        id: if by_health {
            "BG22_HERO_003p"
        } else {
            "BG22_HERO_002p"
        },
        name: if by_health {
            "Stormpike Strength"
        } else {
            "Frostwolf Fervor"
        },
        effect: Effect {
            trigger: Trigger::StartOfCombat,
            action: Action::SummonCopyOfBest { by_health },
        },
        when_space: true,
        pre_combat: true,
        ..HeroCard::default()
    }
}

fn shown(s: &State, side: usize) -> String {
    s.board(side)
        .iter()
        .map(|u| format!("{}/{}", u.attack, u.health))
        .collect::<Vec<_>>()
        .join(",")
}

/// The boards after the start of combat, each with its probability.
fn starts_of(c: &Combat) -> Vec<(String, f64)> {
    let (_, _, outcomes) = super::start::start_outcomes(c, 100, &Control::NONE).unwrap();
    let mut seen: Vec<(String, f64)> = Vec::new();
    for (s, p) in &outcomes.unwrap().outcomes {
        let board = format!("{} | {} ({})", shown(s, 0), shown(s, 1), s.space[0]);
        match seen.iter_mut().find(|(b, _)| *b == board) {
            Some((_, q)) => *q += p,
            None => seen.push((board, *p)),
        }
    }
    seen.sort_by(|x, y| x.0.cmp(&y.0));
    seen
}

fn assert_close(x: [f64; 5], y: [f64; 5], what: &str) {
    for (a, b) in x.into_iter().zip(y) {
        assert!((a - b).abs() < 1e-9, "{what}: {x:?} vs {y:?}");
    }
}

fn solved(c: &Combat) -> [f64; 5] {
    summary(&combat_exact(c, 10_000_000, &Control::NONE).unwrap())
}

#[test]
fn the_highest_attack_minion_is_copied_to_its_right_before_the_fight() {
    let mut c = combat("3/3,5/2+shield,1/6", "4/4,2/2");
    c.heroes[0].push(fervor(false));
    assert_eq!(
        starts_of(&c),
        [("3/3,5/2,5/2,1/6 | 4/4,2/2 (0)".to_string(), 1.0)]
    );
    assert_close(solved(&c), tree_walk(&c), "tree");
    assert_monte_carlo_agrees(&c, 61, "Frostwolf Fervor");
    // Stormpike Strength: the highest health.
    let mut c = combat("3/3,5/2,1/6", "4/4,2/2");
    c.heroes[1].push(fervor(true));
    c.heroes[0].push(fervor(true));
    assert_eq!(
        starts_of(&c),
        [("3/3,5/2,1/6,1/6 | 4/4,4/4,2/2 (0)".to_string(), 1.0)]
    );
    assert_close(solved(&c), tree_walk(&c), "tree, both sides");
    assert_monte_carlo_agrees(&c, 62, "Stormpike Strength");
}

#[test]
fn a_random_one_of_equals_is_copied() {
    let mut c = combat("4/1,2/2,4/3", "3/9");
    c.heroes[0].push(fervor(false));
    assert_eq!(
        starts_of(&c),
        [
            ("4/1,2/2,4/3,4/3 | 3/9 (0)".to_string(), 0.5),
            ("4/1,4/1,2/2,4/3 | 3/9 (0)".to_string(), 0.5),
        ]
    );
    assert_close(solved(&c), tree_walk(&c), "tree");
    assert_monte_carlo_agrees(&c, 63, "ties");
}

#[test]
fn on_a_full_board_the_copy_waits_for_room_and_comes_once() {
    let full = "1/1,1/1,1/1,6/1,1/1,1/1,1/1";
    let mut c = combat(full, "1/9,2/2");
    c.heroes[0].push(fervor(false));
    assert_eq!(starts_of(&c), [(format!("{full} | 1/9,2/2 (1)"), 1.0)]);
    assert_close(solved(&c), tree_walk(&c), "tree");
    assert_monte_carlo_agrees(&c, 64, "waiting");
    // Against a side that summons when there is room too.
    let mut c = combat("3/3,2/2,1/4", "4/4,1/1");
    c.heroes[0].push(fervor(false));
    c.heroes[1].push(fervor(true));
    assert_close(solved(&c), tree_walk(&c), "tree, both waiting");
    assert_monte_carlo_agrees(&c, 65, "both waiting");
}

#[test]
fn beside_stat_auras_it_is_refused() {
    // The copy would carry the aura its stats hold already.
    let mut c = combat("3/3,Murloc Warleader", "4/4");
    c.heroes[0].push(fervor(false));
    let e = combat_exact(&c, 1000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Frostwolf Fervor"), "{e}");
    assert!(combat_monte_carlo(&c, 10, 1, 1, &Control::NONE).is_err());
}
