//! Tests of the start-of-combat and deathrattle effects read for issue
//! 53: Hawkstrider Herald's two left-most deathrattles, Red Whelp's
//! damage per friendly Dragon, Nightbane, Ignited's attack given away.

use super::start::{StartOutcomes, first_states};
use super::tests::{assert_engines_agree_on, combat};
use super::*;
use crate::budget::Control;

/// Answers every random choice with the first option.
struct First;

impl Chooser for First {
    fn pick(&mut self, _: u32) -> u32 {
        0
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

/// Boards `a` and `b` after the start of combat, every random choice
/// answered with the first option.
fn after_start(a: &str, b: &str) -> State {
    let (mut s, kinds) = State::new(&parse_board(a).unwrap(), &parse_board(b).unwrap(), 0);
    s.start_of_combat(&kinds, &mut First);
    s
}

#[test]
fn hawkstrider_herald_runs_the_two_left_most_deathrattles() {
    for (a, after) in [
        // The Bonehead's two skeletons, then the Golem's token: the Golem
        // is found again right of the skeletons; the Spawn is third.
        (
            "Harmless Bonehead=1/1,BG27_079=6/2,Harvest Golem=2/3,Spawn of N'Zoth=2/2",
            "1/1,1/1,1/1,6/2,2/3,2/1,2/2",
        ),
        // Golden: each twice, the first's twice before the second's.
        (
            "Spawn of N'Zoth=2/2,BG27_079_G=12/4,Spawn of N'Zoth=1/1,Spawn of N'Zoth=5/5",
            "6/6,16/8,5/5,9/9",
        ),
        // One deathrattle only, twice with Titus Rivendare.
        (
            "Harmless Bonehead=1/1,BG27_079=6/2,Titus Rivendare=1/7",
            "1/1,1/1,1/1,1/1,1/1,6/2,1/7",
        ),
        // None: nothing.
        ("BG27_079=6/2,3/3", "6/2,3/3"),
        // A full board: the tokens find no room.
        (
            "1/1,Harmless Bonehead=1/1,BG27_079=6/2,2/2,3/3,4/4,5/5",
            "1/1,1/1,6/2,2/2,3/3,4/4,5/5",
        ),
    ] {
        assert_eq!(shown(&after_start(a, "1/20"), 0), after, "{a}");
    }
}

#[test]
fn red_whelp_deals_a_damage_per_friendly_dragon() {
    // Two Dragons (the Whelps), not the 3/3: 2 damage each.
    let s = after_start("Red Whelp=1/1,Red Whelp=1/1,3/3", "10/10");
    assert_eq!(shown(&s, 1), "10/6");
    // Golden: twice (2 Dragons: 2 damage a hit), each hit drawn afresh
    // among the living; then the other Whelp's 2.
    let s = after_start("golden Red Whelp=2/2,Red Whelp=1/1", "10/10,1/1");
    assert_eq!(shown(&s, 1), "10/4,1/1");
    let s = after_start("golden Red Whelp=2/2,Red Whelp=1/1", "1/2,10/10");
    // The first Whelp's first hit kills the 1/2; its second and the
    // other Whelp's hit the 10/10 (2 each: both Whelps count).
    assert_eq!(shown(&s, 1), "10/6");
    // Counted as it fires: A's Whelp (first) kills one of B's two
    // Dragons, so B's Whelp counts one and deals 1, not 2.
    let s = after_start("Red Whelp=1/2", "Red Whelp=1/1,Red Whelp=1/5");
    assert_eq!(
        (shown(&s, 0).as_str(), shown(&s, 1).as_str()),
        ("1/1", "1/5")
    );
}

#[test]
fn nightbane_gives_its_attack_to_two_other_friends() {
    let after_attack = |a: &str| {
        let (mut s, kinds) = State::new(&parse_board(a).unwrap(), &parse_board("1/20").unwrap(), 0);
        s.attack(&kinds, 0, 0, 0, &mut First);
        shown(&s, 0)
    };
    // Its attack as it died, to two different living friends.
    assert_eq!(after_attack("BG29_815=7/1,2/2,3/3,4/4"), "9/2,10/3,4/4");
    // Golden: two gifts, each to two drawn afresh.
    assert_eq!(after_attack("BG29_815_G=7/1,2/2,3/3,4/4"), "16/2,17/3,4/4");
    // Never to another Nightbane (golden or not).
    assert_eq!(after_attack("BG29_815=7/1,BG29_815_G=5/5,2/2"), "5/5,9/2");
    // No one left: nothing.
    assert_eq!(after_attack("BG29_815=7/1"), "");
}

#[test]
fn the_first_attacker_is_picked_on_the_boards_as_the_combat_began() {
    // The Herald's skeletons make A 4 to B's 3, but the first attacker is
    // picked on 2 to 3: B (as Firestone, whose Herald asks no recount).
    let c = combat("Harmless Bonehead=1/1,BG27_079=6/2", "1/1,1/1,1/1");
    let (start, kinds) = State::new(&c.a, &c.b, 0);
    let outcomes = StartOutcomes::enumerate(&start, &kinds, 10_000, &Control::NONE).unwrap();
    let firsts = first_states(&outcomes, &kinds, &start);
    assert!(firsts.iter().all(|(s, _)| s.turn == 1 && s.lens[0] == 4));
    // With another start of combat that changes the boards: refused.
    let err = combat_exact(
        &combat("BG27_079=6/2,Boom-in-a-Box", "1/1"),
        2_000_000,
        &Control::NONE,
    )
    .unwrap_err();
    assert!(
        err.message().contains("Hawkstrider Herald"),
        "{}",
        err.message()
    );
}

#[test]
fn the_engines_agree_on_these_cards() {
    assert_engines_agree_on(
        &[
            (
                "Harmless Bonehead=1/1,BG27_079=2/2,Kaboom Bot=1/1",
                "Kaboom Bot=2/2,3/3",
            ),
            (
                "BG27_079_G=1/3,Kaboom Bot=1/1",
                "BG27_079=2/1,Selfless Hero=1/1,2/3",
            ),
            ("Red Whelp=1/2,Red Whelp=1/1", "Red Whelp=1/1,2/3,1/1"),
            ("golden Red Whelp=1/2,3/1", "1/2,2/2,1/3"),
            ("BG29_815=3/1,1/2,1/1", "2/3,1/4"),
            ("BG29_815_G=2/2,BG29_815=1/1,1/1", "BG29_815=2/2,3/2"),
        ],
        7,
    );
}
