//! Impulsive Trickster's maximum health (`Action::GiveMaxHealth`):
//! against boards counted by hand, the plain probability tree and Monte
//! Carlo, and the combats refused.

use super::tests::{assert_engines_agree_on, assert_monte_carlo_agrees, combat};
use super::*;
use crate::budget::Control;

/// The (attack, health) of `side`'s minions after A's minion `attacker`
/// attacks B's `target`, every random choice answered `pick` (or the
/// last option).
fn after_attack(a: &str, b: &str, attacker: usize, target: usize, pick: u32) -> Vec<(u16, i16)> {
    struct Fixed(u32);
    impl Chooser for Fixed {
        fn pick(&mut self, n: u32) -> u32 {
            self.0.min(n - 1)
        }
    }
    let (mut s, kinds) = State::new(&parse_board(a).unwrap(), &parse_board(b).unwrap(), 0);
    s.attack(&kinds, 0, attacker, target, &mut Fixed(pick));
    s.board(0).iter().map(|u| (u.attack, u.health)).collect()
}

#[test]
fn the_trickster_gives_the_health_it_began_with() {
    // It dies at -2 health; the 1/1 gets its 3.
    let a = after_attack("Impulsive Trickster=2/3,1/1", "5/5", 0, 0, 0);
    assert_eq!(a, vec![(1, 4)]);
    // Another friendly minion: drawn among the living ones.
    let a = after_attack("Impulsive Trickster=2/3,1/1,2/2", "5/5", 0, 0, 1);
    assert_eq!(a, vec![(1, 1), (2, 5)]);
    // The golden draws twice, afresh: the same minion may take both.
    let a = after_attack("golden Impulsive Trickster=2/3,1/1,2/2", "5/5", 0, 0, 0);
    assert_eq!(a, vec![(1, 7), (2, 2)]);
    // Alone, it gives nothing.
    let a = after_attack("Impulsive Trickster=2/3", "5/5", 0, 0, 0);
    assert!(a.is_empty());
}

#[test]
fn the_trickster_is_the_plain_tree_and_monte_carlo_agrees() {
    assert_engines_agree_on(
        &[
            ("golden Impulsive Trickster=2/3,1/1,2/2", "5/5,1/1"),
            ("Impulsive Trickster=3/2,1/1", "Impulsive Trickster=2/2,2/1"),
            ("Impulsive Trickster=1/4,Harvest Golem=2/1", "3/3,1/6+taunt"),
        ],
        60,
    );
    let c = combat(
        "golden Impulsive Trickster,2/3,1/1,Harvest Golem",
        "Impulsive Trickster,4/4,2/2,3/1",
    );
    assert_monte_carlo_agrees(&c, 53, "Impulsive Trickster");
}

#[test]
fn combats_where_its_maximum_health_could_move_are_refused() {
    for (a, b, why) in [
        (
            "Impulsive Trickster,Impulsive Trickster",
            "4/4",
            "another friendly minion",
        ),
        ("Impulsive Trickster+reborn", "4/4", "reborn"),
        (
            "Impulsive Trickster,Sr. Tomb Diver",
            "4/4",
            "Sr. Tomb Diver",
        ),
        ("Impulsive Trickster,Lurking Leviathan", "4/4", ""),
    ] {
        let c = combat(a, b);
        match combat_exact(&c, 1_000_000, &Control::NONE) {
            Err(e) => {
                let text = e.to_string();
                assert!(
                    text.contains("Impulsive Trickster") && text.contains(why),
                    "{a}: {text}"
                );
            }
            // An attack gift moves no maximum health.
            Ok(_) => assert!(why.is_empty(), "{a} vs {b} answered"),
        }
    }
}
