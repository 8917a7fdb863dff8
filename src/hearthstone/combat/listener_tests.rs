//! Tests of the attack and summon listeners read for issue 53 (session
//! 30): Admiral Eliza Goreblade's gift to every friendly minion as a
//! Pirate attacks, Rampager's rally damage to its own side, Saltscale
//! Honcho's gift to a Murloc other than the one summoned, and Yo-Ho-Ogre
//! played as Firestone plays it (a plain taunt).

use super::tests::{assert_engines_agree, assert_engines_agree_on, combat, exact, summary};
use super::*;
use crate::budget::Control;

/// Answers every random choice with the same option (the last when it
/// is past the end).
struct Fixed(u32);

impl Chooser for Fixed {
    fn pick(&mut self, n: u32) -> u32 {
        self.0.min(n - 1)
    }
}

/// A board as "attack/health" items.
fn shown(s: &State, side: usize) -> String {
    s.board(side)
        .iter()
        .map(|u| format!("{}/{}", u.attack, u.health))
        .collect::<Vec<_>>()
        .join(",")
}

/// Both boards after A's minion `attacker` attacks B's first minion,
/// every random choice answered with `pick`.
fn after_attack(a: &str, b: &str, attacker: usize, pick: u32) -> (String, String) {
    let (mut s, kinds) = State::new(&parse_board(a).unwrap(), &parse_board(b).unwrap(), 0);
    s.attack(&kinds, 0, attacker, 0, &mut Fixed(pick));
    (shown(&s, 0), shown(&s, 1))
}

#[test]
fn admiral_eliza_buffs_every_friendly_minion_as_a_pirate_attacks() {
    let eliza = "Sky Pirate=1/1,Admiral Eliza Goreblade=6/7,2/2";
    // The Pirate attacks: all three +3/+1 before the damage (4 dealt).
    assert_eq!(
        after_attack(eliza, "0/20", 0, 0),
        ("4/2,9/8,5/3".into(), "0/16".into())
    );
    // Eliza is a Pirate too: its own attack counts.
    assert_eq!(
        after_attack(eliza, "0/20", 1, 0),
        ("4/2,9/8,5/3".into(), "0/11".into())
    );
    // Not a Pirate: nothing.
    assert_eq!(
        after_attack(eliza, "0/20", 2, 0),
        ("1/1,6/7,2/2".into(), "0/18".into())
    );
    // The golden gives +6/+2.
    assert_eq!(
        after_attack(
            "Sky Pirate=1/1,golden Admiral Eliza Goreblade=12/14",
            "0/20",
            0,
            0
        ),
        ("7/3,18/16".into(), "0/13".into())
    );
}

#[test]
fn rampager_damages_its_other_minions_as_it_attacks() {
    // 1 to each other friendly minion before the attack: the shield
    // breaks, the 1/1 dies.
    assert_eq!(
        after_attack("Rampager=8/8,2/2,1/1+shield,1/1", "0/20", 0, 0),
        ("8/8,2/1,1/1".into(), "0/12".into())
    );
    // The golden sweeps twice: the shielded 1/1 dies on the second.
    assert_eq!(
        after_attack("golden Rampager=16/16,3/3,1/1+shield", "0/20", 0, 0),
        ("16/16,3/1".into(), "0/4".into())
    );
    // Alone it hurts nobody.
    assert_eq!(
        after_attack("Rampager=8/8", "0/20", 0, 0),
        ("8/8".into(), "0/12".into())
    );
}

#[test]
fn saltscale_honcho_gives_a_murloc_other_than_the_summoned_one_health() {
    // The Scout dies attacking and its reborn copy returns: the gift goes
    // to another Murloc drawn at random, the Honcho itself too.
    let board = "Murloc Scout=1/1+reborn,Saltscale Honcho=5/2,Murloc Scout=2/2";
    assert_eq!(after_attack(board, "1/20", 0, 0).0, "1/1,5/4,2/2");
    assert_eq!(after_attack(board, "1/20", 0, 1).0, "1/1,5/2,2/4");
    // The Honcho alone beside the copy: always the Honcho; golden +4.
    assert_eq!(
        after_attack("Murloc Scout=1/1+reborn,Saltscale Honcho=5/2", "1/20", 0, 0).0,
        "1/1,5/4"
    );
    assert_eq!(
        after_attack(
            "Murloc Scout=1/1+reborn,golden Saltscale Honcho=10/4",
            "1/20",
            0,
            0
        )
        .0,
        "1/1,10/8"
    );
    // Not a Murloc summoned: nothing.
    assert_eq!(
        after_attack("Sky Pirate=1/1+reborn,Saltscale Honcho=5/2", "1/20", 0, 0).0,
        "1/1,5/2"
    );
}

#[test]
fn yo_ho_ogre_is_a_plain_taunt_as_firestone_plays_it() {
    // Its taunt is the state's (its card data has no taunt tag).
    let ogre = exact("Yo-Ho-Ogre=1/7+taunt,3/3", "4/4,2/2");
    let plain = exact("1/7+taunt,3/3", "4/4,2/2");
    assert_eq!(summary(&ogre), summary(&plain));
}

#[test]
fn listener_cards_agree_with_the_tree_and_monte_carlo() {
    assert_engines_agree_on(
        &[
            ("Sky Pirate,Admiral Eliza Goreblade", "5/5,4/6"),
            ("golden Admiral Eliza Goreblade,2/2", "9/9,3/3+shield"),
            ("Rampager,1/2,2/1+shield", "6/6,3/4"),
            ("golden Rampager,3/3", "8/12,2/2+taunt"),
            (
                "Murloc Scout=1/1+reborn,Saltscale Honcho,Murloc Scout=1/3",
                "3/3,2/4",
            ),
            ("Murloc Scout=2/1+reborn,golden Saltscale Honcho", "3/5,2/2"),
        ],
        30,
    );
}

/// Boards `a` and `b` with side A's hand `hand` after the start of
/// combat, every random choice answered with `pick`.
fn after_start_with_hand(a: &str, b: &str, hand: &str, pick: u32) -> (String, u16) {
    let hand = parse_hand(hand).unwrap();
    let (mut s, kinds) = State::with_hands(
        &parse_board(a).unwrap(),
        &parse_board(b).unwrap(),
        [&hand, &[]],
        &[GameBonuses::default(); 2],
        0,
    );
    s.start_of_combat(&kinds, &mut Fixed(pick));
    (shown(&s, 0), s.hand[0])
}

/// Boards `a` and `b` with side A's hand `hand`.
fn combat_with_hand(a: &str, b: &str, hand: &str) -> Combat {
    let mut c = combat(a, b);
    c.hands[0] = parse_hand(hand).unwrap();
    c
}

#[test]
fn diremuck_forager_summons_the_highest_attack_murloc_of_the_hand() {
    // The 5/5 Murloc (not the 9/9 Demon) enters to the Forager's right.
    let hand = "Wrath Weaver=9/9,Murloc Scout=5/5,Murloc Scout=2/2";
    let (board, summoned) = after_start_with_hand("1/1,Diremuck Forager,3/3", "1/50", hand, 0);
    assert_eq!((board.as_str(), summoned), ("1/1,4/5,5/5,3/3", 0b010));
    // The golden takes both Murlocs, the next one nearest.
    let (board, _) = after_start_with_hand("golden Diremuck Forager", "1/50", hand, 0);
    assert_eq!(board, "8/10,2/2,5/5");
    // Ties drawn at random; no Murloc in the hand: nothing.
    let ties = "Murloc Scout=4/1,Murloc Scout=4/2";
    assert_eq!(
        after_start_with_hand("Diremuck Forager", "1/50", ties, 1).0,
        "4/5,4/2"
    );
    assert_eq!(
        after_start_with_hand("Diremuck Forager", "1/50", "9/9", 0).0,
        "4/5"
    );
    // Two Foragers take the two best Murlocs, one each.
    let (board, _) = after_start_with_hand("Diremuck Forager,Diremuck Forager", "1/50", hand, 0);
    assert_eq!(board, "4/5,5/5,4/5,2/2");
}

#[test]
fn diremuck_forager_summons_that_would_wait_for_room_are_refused() {
    let hand = "Murloc Scout=5/5";
    let full = "Diremuck Forager,1/1,1/1,1/1,1/1,1/1,1/1";
    let c = combat_with_hand(full, "1/50", hand);
    let e = combat_exact(&c, 1_000_000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Diremuck Forager"), "{}", e.message());
    // The golden on a board of six: one would wait.
    let six = "golden Diremuck Forager,1/1,1/1,1/1,1/1,1/1";
    assert!(
        combat_exact(
            &combat_with_hand(six, "1/50", hand),
            1_000_000,
            &Control::NONE
        )
        .is_err()
    );
    // Without a Murloc in the hand nothing waits.
    assert!(
        combat_exact(
            &combat_with_hand(full, "1/50", "9/9"),
            1_000_000,
            &Control::NONE
        )
        .is_ok()
    );
}

#[test]
fn diremuck_forager_combats_agree_with_the_tree_and_monte_carlo() {
    for (k, (a, b, hand)) in [
        (
            "Diremuck Forager,2/2",
            "6/6,3/4",
            "Murloc Scout=3/3,Murloc Scout=3/1",
        ),
        (
            "golden Diremuck Forager",
            "9/9,4/4+taunt",
            "Murloc Scout=2/2,Wrath Weaver=8/8,Murloc Scout=4/1",
        ),
        (
            "Diremuck Forager,Saltscale Honcho",
            "8/8,3/3",
            "Murloc Scout=2/1",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        assert_engines_agree(&combat_with_hand(a, b, hand), 40 + k as u64, a);
    }
}
