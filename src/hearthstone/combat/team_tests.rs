//! Duos fights (`team.rs`): hand-counted combats with teammates, and the
//! exact engine against Monte Carlo.

use super::tests::{assert_monte_carlo_agrees, combat, summary};
use super::*;
use crate::budget::Control;

/// A teammate of `board` at `tier`.
fn mate(board: &str, tier: u32) -> Option<Teammate> {
    Some(Teammate {
        board: if board.is_empty() {
            Vec::new()
        } else {
            parse_board(board).unwrap()
        },
        tier,
        ..Teammate::default()
    })
}

fn duos(a: &str, b: &str, tiers: [u32; 2], mates: [Option<Teammate>; 2]) -> Combat {
    Combat {
        tiers,
        teammates: mates,
        ..combat(a, b)
    }
}

fn exact_of(c: &Combat) -> CombatResult {
    combat_exact(c, 5_000_000, &Control::NONE).unwrap()
}

/// Whether `d[at]` holds all the mass.
fn all_at(d: &[f64], at: usize) -> bool {
    (d.get(at).copied().unwrap_or(0.0) - 1.0).abs() < 1e-12
}

#[test]
fn a_teammate_fights_on_against_the_survivors() {
    // The 3/3 kills the 2/2 and is left 3/1; B's teammate 1/1 comes in and
    // trades with it, whoever attacks: both boards empty, a draw (alone, A
    // would win).
    let c = duos("3/3", "2/2", [1, 1], [None, mate("1/1", 1)]);
    let r = exact_of(&c);
    assert!((r.draw - 1.0).abs() < 1e-12, "{r:?}");
    assert!((exact_of(&combat("3/3", "2/2")).win - 1.0).abs() < 1e-12);
}

#[test]
fn the_winner_counts_its_unused_teammates_first_minions() {
    // A wins at tier 2 with a tier-3 survivor; its teammate never fought:
    // its first 6 minions (room beside the survivor) count, 4 + 5.
    let c = duos("5/5@3", "1/1", [2, 1], [mate("2/2@4,2/2@5", 6), None]);
    let r = exact_of(&c);
    assert!(all_at(&r.damage_to_b, 2 + 3 + 4 + 5), "{r:?}");
    // With 7 survivors there is no room: the teammate adds nothing.
    let c = duos(
        "5/5@3,5/5@3,5/5@3,5/5@3,5/5@3,5/5@3,5/5@3",
        "1/1",
        [2, 1],
        [mate("2/2@4", 6), None],
    );
    assert!(all_at(&exact_of(&c).damage_to_b, 2 + 7 * 3));
}

#[test]
fn a_teammate_that_came_in_wins_at_its_own_tier() {
    // A's 1/1 dies to the 3/3 (left 3/2); A's teammate 5/5 (tier 2) kills
    // it: A wins dealing the teammate's tier 4 and its minion's 2.
    let c = duos("1/1", "3/3@1", [3, 2], [mate("5/5@2", 4), None]);
    let r = exact_of(&c);
    assert!(
        (r.win - 1.0).abs() < 1e-12 && all_at(&r.damage_to_b, 6),
        "{r:?}"
    );
}

#[test]
fn both_boards_wiped_out_bring_both_teammates_in() {
    let c = duos("2/2", "2/2", [1, 1], [mate("3/3", 5), mate("1/1", 1)]);
    let r = exact_of(&c);
    assert!(
        (r.win - 1.0).abs() < 1e-12 && all_at(&r.damage_to_b, 5 + 1),
        "{r:?}"
    );
}

#[test]
fn the_survivors_keep_their_place_in_the_attack_order() {
    // B (more minions) attacks first: its 2/30 kills A's 1/2. A's teammate
    // 5/21 venomous comes in; B still has more minions and attacks first,
    // with its next minion, the 20/30: it leaves the teammate at 1 and
    // dies of the venom; the teammate dies on the 2/29. B wins with the
    // tier-1 minion: 1 + 1 (starting over with the 2/30 would leave the
    // tier-3 one).
    let c = duos(
        "1/2",
        "2/30@1,20/30@3",
        [1, 1],
        [mate("5/21+venom", 1), None],
    );
    let r = exact_of(&c);
    assert!(
        (r.loss - 1.0).abs() < 1e-12 && all_at(&r.damage_to_a, 2),
        "{r:?}"
    );
}

#[test]
fn boards_unable_to_attack_bring_the_teammates_in() {
    // Neither 0/5 can attack: Firestone clears both boards; B's teammate
    // comes in, A has none: B wins with it at once.
    let c = duos("0/5", "0/5", [1, 1], [None, mate("1/1@2", 3)]);
    let r = exact_of(&c);
    assert!(
        (r.loss - 1.0).abs() < 1e-12 && all_at(&r.damage_to_a, 3 + 2),
        "{r:?}"
    );
}

#[test]
fn an_empty_teammate_board_changes_nothing() {
    let alone = exact_of(&combat("3/3,1/1", "2/2,2/1"));
    let c = duos("3/3,1/1", "2/2,2/1", [1, 1], [mate("", 1), mate("", 1)]);
    let with = exact_of(&c);
    for (x, y) in summary(&alone).into_iter().zip(summary(&with)) {
        assert!((x - y).abs() < 1e-12, "{alone:?} vs {with:?}");
    }
}

#[test]
fn monte_carlo_agrees_on_duos_fights() {
    // Teammates with deathrattles, a start of combat of their own (the
    // Boom-in-a-Box hits the survivors as it comes in), auras.
    let c = duos(
        "Harmless Bonehead,3/4,2/2+taunt",
        "4/4,Annoy-o-Tron,1/3",
        [3, 4],
        [
            mate("Boom-in-a-Box,2/5,Harmless Bonehead", 5),
            mate("3/3+shield,2/6,Imprisoner", 2),
        ],
    );
    assert_monte_carlo_agrees(&c, 7, "duos");
    let r = exact_of(&c);
    let mc = combat_monte_carlo(&c, 40_000, 3, 0, &Control::NONE).unwrap();
    let (e, m) = (summary(&r), summary(&mc));
    for i in 3..5 {
        assert!((e[i] - m[i]).abs() < 0.15, "{e:?} vs {m:?}");
    }
}
