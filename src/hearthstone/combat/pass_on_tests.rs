//! Leapfrogger's deathrattle passed on (`Action::PassOnBuff`): against
//! boards counted by hand, the plain probability tree and Monte Carlo,
//! and the combats refused.

use super::tests::{
    assert_engines_agree_on, assert_monte_carlo_agrees, combat, summary, tree_walk,
};
use super::*;
use crate::budget::Control;

/// `side` 0's (attack, health, carried) after A's minion `attacker`
/// attacks B's `target`, every random choice answered `pick` (or the
/// last option).
fn after_attack(
    a: &str,
    b: &str,
    attacker: usize,
    target: usize,
    pick: u32,
) -> Vec<(u16, i16, u8)> {
    struct Fixed(u32);
    impl Chooser for Fixed {
        fn pick(&mut self, n: u32) -> u32 {
            self.0.min(n - 1)
        }
    }
    let (mut s, kinds) = State::new(&parse_board(a).unwrap(), &parse_board(b).unwrap(), 0);
    s.attack(&kinds, 0, attacker, target, &mut Fixed(pick));
    s.board(0)
        .iter()
        .map(|u| (u.attack, u.health, u.count()))
        .collect()
}

#[test]
fn the_deathrattle_buffs_a_beast_and_goes_with_it() {
    // The Beast drawn gets +1/+1 and carries the deathrattle (count 1);
    // the Golem is no Beast.
    let a = after_attack(
        "Leapfrogger=3/3,Harvest Golem=2/2,Tabbycat=1/1",
        "5/5",
        0,
        0,
        0,
    );
    assert_eq!(a, vec![(2, 2, 0), (2, 2, 1)]);
    // The holder dying passes it on: +1/+1 and the deathrattle.
    let a = after_attack("Tabbycat=1/1,Tabbycat=1/1,Leapfrogger=3/3", "5/5", 2, 0, 0);
    assert_eq!(a[0], (2, 2, 1));
    // The golden's: +2/+2 and its own deathrattle (the combat's first
    // passed on: the first two bits; a plain one beside it the next two).
    let a = after_attack("golden Leapfrogger=6/6,Tabbycat=1/1", "9/9", 0, 0, 0);
    assert_eq!(a, vec![(3, 3, 1)]);
    let a = after_attack("golden Leapfrogger=6/6,Leapfrogger=1/1", "9/9", 0, 0, 0);
    assert_eq!(a, vec![(3, 3, 1)]);
    let a = after_attack("Leapfrogger=1/1,golden Leapfrogger=6/6", "9/9", 1, 0, 0);
    assert_eq!(a, vec![(3, 3, 4)]);
    // Without a Beast it gives nothing.
    let a = after_attack("Leapfrogger=3/3,Harvest Golem=2/2", "5/5", 0, 0, 0);
    assert_eq!(a, vec![(2, 2, 0)]);
}

#[test]
fn gained_deathrattles_stack_and_each_fires() {
    // Two Leapfroggers give one Tabbycat two (+2/+2); it dies and fires
    // both: the other Tabbycat takes +2/+2 and two.
    let c = combat(
        "Leapfrogger=1/1,Leapfrogger=1/1,Tabbycat=1/1,Tabbycat=1/20",
        "1/30+taunt",
    );
    let r = combat_exact(&c, 1_000_000, &Control::NONE).unwrap();
    let (x, y) = (summary(&r), tree_walk(&c));
    assert!(x.iter().zip(y).all(|(p, q)| (p - q).abs() < 1e-12));
}

#[test]
fn leapfrogger_is_the_plain_tree_and_monte_carlo_agrees() {
    assert_engines_agree_on(
        &[
            ("Leapfrogger=3/3,Tabbycat=2/2,Tabbycat=1/1", "3/3,3/3,3/3"),
            (
                "golden Leapfrogger=3/2,Leapfrogger=2/2,Tabbycat=1/3",
                "Leapfrogger=2/2,Tabbycat=2/2,4/3",
            ),
            (
                "Leapfrogger=2/3+reborn,Harvest Golem=2/1,Tabbycat=1/2",
                "3/3,2/6+taunt",
            ),
        ],
        50,
    );
    let c = combat(
        "golden Leapfrogger,Leapfrogger,Tabbycat=2/3,Harvest Golem",
        "Leapfrogger,4/4,Tabbycat=2/2,3/1",
    );
    assert_monte_carlo_agrees(&c, 53, "Leapfrogger");
}

#[test]
fn combats_the_counts_could_not_follow_are_refused() {
    for (a, b, why) in [
        (
            "Leapfrogger,Leapfrogger,Leapfrogger,Leapfrogger",
            "4/4",
            "4 times",
        ),
        ("Leapfrogger+reborn,Leapfrogger+reborn", "4/4", "4 times"),
        ("Leapfrogger,Titus Rivendare", "4/4", "Titus Rivendare"),
        ("Leapfrogger,Palescale Crocolisk", "4/4", "keeps a count"),
    ] {
        let c = combat(a, b);
        let text = combat_exact(&c, 1_000_000, &Control::NONE)
            .unwrap_err()
            .to_string();
        assert!(
            text.contains("Leapfrogger") && text.contains(why),
            "{a}: {text}"
        );
    }
}
