//! What hears a minion attacked (`attacked.rs`): the minions' gifts
//! before the exchange, in Firestone's order, and the exact engine
//! against the plain tree and Monte Carlo.

use super::tests::{assert_monte_carlo_agrees, combat, summary, tree_walk};
use super::*;
use crate::budget::Control;
use crate::hearthstone::model;

/// The state after A's minion `attacker` attacks B's minion `target`
/// (every random choice the first).
fn after_attack(a: &str, b: &str, attacker: usize, target: usize) -> State {
    struct First;
    impl Chooser for First {
        fn pick(&mut self, _: u32) -> u32 {
            0
        }
    }
    let (mut s, kinds) = State::new(&parse_board(a).unwrap(), &parse_board(b).unwrap(), 0);
    s.attack(&kinds, 0, attacker, target, &mut First);
    s
}

/// A board as "attack/health" items, "+v" where venomous.
fn shown(s: &State, side: usize) -> String {
    s.board(side)
        .iter()
        .map(|u| {
            let venom = if u.keywords & model::VENOM != 0 {
                "+v"
            } else {
                ""
            };
            format!("{}/{}{venom}", u.attack, u.health)
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn a_minion_attacked_gains_before_it_hits_back() {
    // Dozy Whelp 0/4: +1 attack as it is attacked, then hits for 1.
    let s = after_attack("1/20", "Dozy Whelp", 0, 0);
    assert_eq!((shown(&s, 0), shown(&s, 1)), ("1/19".into(), "1/3".into()));
    let s = after_attack("1/20", "golden Dozy Whelp", 0, 0);
    assert_eq!((shown(&s, 0), shown(&s, 1)), ("1/18".into(), "2/7".into()));
    // Only when attacked: its neighbour attacked, it gains nothing.
    let s = after_attack("1/20", "Dozy Whelp=0/4+taunt,2/5", 0, 1);
    assert_eq!(shown(&s, 1), "0/4,2/4");
    // Wayward Grimscale gains venomous and kills its attacker (the venom
    // spent).
    let s = after_attack("1/20", "Wayward Grimscale", 0, 0);
    assert_eq!((shown(&s, 0), shown(&s, 1)), ("".into(), "1/4".into()));
}

#[test]
fn friends_attacked_are_given_attack() {
    // Timewarped Arm: +8 attack to any friendly minion attacked, itself
    // too.
    let s = after_attack("1/20", "Timewarped Arm,1/10", 0, 1);
    assert_eq!(
        (shown(&s, 0), shown(&s, 1)),
        ("1/11".into(), "8/8,9/9".into())
    );
    let s = after_attack("1/30", "Timewarped Arm", 0, 0);
    assert_eq!(shown(&s, 0), "1/14");
    // Arm of the Empire: a taunt minion only.
    let s = after_attack("1/20", "Arm of the Empire,1/10", 0, 1);
    assert_eq!(shown(&s, 0), "1/19");
    let s = after_attack("1/20", "Arm of the Empire,1/10+taunt", 0, 1);
    assert_eq!(shown(&s, 0), "1/16");
    // Wandering Treant: +1/+1 to every friendly minion.
    let s = after_attack("1/20", "Wandering Treant,1/10+taunt", 0, 1);
    assert_eq!(shown(&s, 1), "4/10,2/10");
    // The friends' gifts come before the minion's own: Dozy Whelp with
    // an Arm hits back for 1 + 3 + 1.
    let s = after_attack("1/20", "Arm of the Empire,Dozy Whelp", 0, 1);
    assert_eq!(shown(&s, 0), "1/16");
}

#[test]
fn attacked_listeners_agree_across_engines() {
    let boards = [
        ("Dozy Whelp,2/3", "3/3,1/5"),
        ("golden Dozy Whelp,Timewarped Arm=1/3", "4/4,2/6"),
        ("Wayward Grimscale=1/3,3/1", "2/4,5/2"),
        ("Arm of the Empire=1/2,2/2+taunt", "3/5,1/1"),
        ("Wandering Treant=1/3,Dozy Whelp", "4/5,2/3"),
    ];
    for (a, b) in boards {
        let c = combat(a, b);
        let r = combat_exact(&c, 2_000_000, &Control::NONE).unwrap();
        let tree = tree_walk(&c);
        assert!(
            summary(&r)
                .iter()
                .zip(tree)
                .all(|(x, y)| (x - y).abs() < 1e-12),
            "{a} vs {b}: {:?} vs {tree:?}",
            summary(&r)
        );
        assert_monte_carlo_agrees(&c, 7, &format!("{a} vs {b}"));
    }
}
