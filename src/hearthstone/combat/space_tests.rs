//! Minions whose summons wait for room (`Action::SummonWhenSpace`,
//! `space.rs`): the start of combat by hand, the refusals, and the exact
//! engine against the plain tree and Monte Carlo.

use super::tests::{assert_monte_carlo_agrees, combat, summary, tree_walk};
use super::*;
use crate::budget::Control;

/// A side's units as "attack/health" (a "*" for one that attacked this
/// round, "#n" for a count).
fn units(s: &State, side: usize) -> String {
    s.board(side)
        .iter()
        .map(|u| {
            let mut text = format!("{}/{}", u.attack, u.health);
            if u.mark == ATTACKED {
                text.push('*');
            }
            if u.count() > 0 {
                text.push_str(&format!("#{}", u.count()));
            }
            text
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Every way the start of combat of `a` against `b` ends, shown.
fn starts(a: &str, b: &str) -> Vec<(String, String)> {
    let c = combat(a, b);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 10_000, &Control::NONE).unwrap();
    let mut ends: Vec<_> = outcomes
        .unwrap()
        .outcomes
        .iter()
        .map(|(s, _)| (units(s, 0), units(s, 1)))
        .collect();
    ends.sort();
    ends.dedup();
    ends
}

#[test]
fn a_piranha_that_kills_nothing_ends_the_snappers_summons() {
    // The Piranha survives the 0/12 and nothing dies: the charge is spent.
    assert_eq!(
        starts("Sharptooth Snapper,1/1", "0/12+taunt"),
        [("3/3,3/1*,1/1".into(), "0/9".into())]
    );
    // A golden one's second charge: its Piranha enters to its right too.
    assert_eq!(
        starts("golden Sharptooth Snapper,1/1", "0/12+taunt"),
        [("6/6,3/1*,3/1*,1/1".into(), "0/6".into())]
    );
}

#[test]
fn piranhas_keep_coming_while_their_attacks_kill() {
    // Each Piranha dies on the 1/7 (a death: the step runs again before
    // the charge is spent); the third kills it, and the fourth finds no
    // enemy to attack.
    assert_eq!(
        starts("Sharptooth Snapper", "1/7"),
        [("3/3,3/1".into(), String::new())]
    );
}

#[test]
fn a_full_board_keeps_the_charge_until_room_opens() {
    let full = "Sharptooth Snapper,1/1,1/1,1/1,1/1,1/1,9/1";
    assert_eq!(
        starts(full, "0/30"),
        [("3/3#1,1/1,1/1,1/1,1/1,1/1,9/1".into(), "0/30".into())]
    );
    let c = combat(full, "0/30");
    let (kinds, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    let mut s = outcomes.unwrap().outcomes[0].0;
    s.turn = 0;
    let mut rng = crate::rng::Rng::new(5);
    // The 9/1 attacks the 0/30 and lives: no room yet.
    s.strikes(&kinds, 0, 6, &mut rng);
    assert_eq!(units(&s, 0), "3/3#1,1/1,1/1,1/1,1/1,1/1,9/1");
    // A 1/1 cannot die on a 0-attack minion either; remove one by hand
    // and run the step: the Piranha enters right of the Snapper,
    // attacks the 0/30 (no death) and the charge is spent.
    s.boards[0].copy_within(2..7, 1);
    s.lens[0] = 6;
    s.summon_when_space(&kinds, &mut rng);
    assert_eq!(units(&s, 0), "3/3,3/1*,1/1,1/1,1/1,1/1,9/1");
    assert_eq!(units(&s, 1), "0/18");
}

#[test]
fn snappers_are_refused_where_the_engine_does_not_follow_firestone() {
    let refused = |a: &str, b: &str| {
        combat_exact(&combat(a, b), 1000, &Control::NONE)
            .unwrap_err()
            .to_string()
    };
    let two = refused("Sharptooth Snapper,golden Sharptooth Snapper", "2/2");
    assert!(two.contains("two minions of one side"), "{two}");
    let scallywag = refused("Sharptooth Snapper", "Scallywag");
    assert!(scallywag.contains("Scallywag"), "{scallywag}");
    let mut c = combat("Sharptooth Snapper", "2/2");
    c.teammates[1] = Some(Teammate {
        board: parse_board("2/2").unwrap(),
        tier: 3,
        ..Default::default()
    });
    let duos = combat_exact(&c, 1000, &Control::NONE).unwrap_err();
    assert!(duos.to_string().contains("Duos"), "{duos}");
}

#[test]
fn snappers_agree_across_the_exact_engine_the_plain_tree_and_monte_carlo() {
    for (i, (a, b)) in [
        ("Sharptooth Snapper,2/3", "1/6,3/5+shield,2/4"),
        ("golden Sharptooth Snapper,4/2", "0/9+taunt,5/6,3/3"),
        (
            "Sharptooth Snapper,2/2,2/2,2/2,2/2,2/2,3/4+windfury",
            "4/5,3/6,5/3",
        ),
        (
            "Sharptooth Snapper,3/4",
            "golden Sharptooth Snapper,2/5+taunt",
        ),
        (
            "Harmless Bonehead,Sharptooth Snapper",
            "Harmless Bonehead,4/7,2/9",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let c = combat(a, b);
        let r = combat_exact(&c, 10_000_000, &Control::NONE).unwrap();
        let tree = tree_walk(&c);
        for (x, y) in summary(&r).into_iter().zip(tree) {
            assert!(
                (x - y).abs() < 1e-9,
                "case {i}: {:?} vs {tree:?}",
                summary(&r)
            );
        }
        assert_monte_carlo_agrees(&c, 51 + i as u64, &format!("Snapper case {i}"));
    }
}

/// A Snapper's Piranhas attack random targets while they kill, so one
/// turn can go more ways than any budget: the exact engine stops at the
/// state budget's count of ways, with or without a deadline, and says so
/// (Auto then plays Monte Carlo).
#[test]
fn a_turn_s_ways_are_bounded_by_the_state_budget() {
    let a = "Dragonspawn Lieutenant=6/7,Dragonspawn Lieutenant=5/9,Dragonspawn Lieutenant=7/5,\
             Dragonspawn Lieutenant=4/10,Dragonspawn Lieutenant=8/4,Dragonspawn Lieutenant=3/12";
    let b = "Dragonspawn Lieutenant=2/3,Dragonspawn Lieutenant=2/3,Sharptooth Snapper=3/3,\
             Dragonspawn Lieutenant=2/3,Dragonspawn Lieutenant=3/2,Dragonspawn Lieutenant=2/4,\
             Dragonspawn Lieutenant=1/5";
    let err = combat_exact(&combat(a, b), 20_000, &Control::NONE).unwrap_err();
    assert_eq!(err.kind(), crate::error::ErrorKind::BudgetExceeded);
    assert_eq!(
        err.message(),
        "one turn of the combat can go more than 20000 ways; use Monte Carlo"
    );
}
