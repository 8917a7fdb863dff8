//! The combat engine against the published values, a Monte Carlo on the
//! same rules, and invariants.

use super::exact::*;
use super::key::Layout;
use super::start::*;
use super::*;
use crate::budget::Control;
use crate::error::Result;
use crate::hearthstone::model;
use crate::parallel::{Workers, run_with_threads};
use proptest::prelude::*;

/// The combat's kinds and first states, however many.
pub(super) fn starts(c: &Combat) -> (Kinds, Vec<(State, f64)>) {
    let (kinds, start, outcomes) = start_outcomes(c, usize::MAX, &Control::NONE).unwrap();
    let starts = first_states(&outcomes.expect("no limit"), &kinds, &start);
    (kinds, starts)
}

/// The exact search of `c` with every layer split among the workers it is
/// given, however small, in runs of a state or more.
pub(super) fn search<'a>(
    c: &'a Combat,
    kinds: &'a Kinds,
    max_states: u64,
    deadline: &'a Control,
) -> Search<'a> {
    Search {
        c,
        kinds,
        layout: Layout::new(kinds),
        max_states,
        deadline,
        parallel_from: 0,
        min_run: 1,
    }
}

/// `c` solved exactly on `threads` workers, every layer split among them.
pub(super) fn exact_split(c: &Combat, threads: usize, max_states: u64) -> Result<CombatResult> {
    let (kinds, starts) = starts(c);
    let search = search(c, &kinds, max_states, &Control::NONE);
    run_with_threads(threads, |workers| {
        search.solve::<{ super::key::MAX_KEY_WORDS }>(&starts, workers)
    })
}

pub(super) fn combat(a: &str, b: &str) -> Combat {
    Combat {
        a: parse_board(a).unwrap(),
        b: parse_board(b).unwrap(),
        tiers: [1, 1],
        bonuses: Default::default(),
        heroes: Default::default(),
        hands: Default::default(),
        teammates: Default::default(),
    }
}

pub(super) fn exact(a: &str, b: &str) -> CombatResult {
    combat_exact(&combat(a, b), 10_000_000, &Control::NONE).unwrap()
}

#[test]
fn stealth_hides_from_attacks_until_it_attacks() {
    // Neither a hidden minion nor a hidden taunt is a target.
    let (s, _) = State::new(
        &parse_board("3/3").unwrap(),
        &parse_board("1/1+stealth,1/5+taunt+stealth,2/2").unwrap(),
        0,
    );
    assert_eq!(s.targets(0).collect::<Vec<_>>(), vec![2]);
    assert_eq!(s.nth_target(0, true, |n| n - 1), Some(2));
    let (s, _) = State::new(
        &parse_board("3/3").unwrap(),
        &parse_board("1/1+stealth").unwrap(),
        0,
    );
    assert_eq!(s.nth_target(0, true, |_| panic!("nothing to draw")), None);
    // Every enemy hidden: the turn passes; the 2/2 attacks the 3/3 (and
    // is revealed) whoever starts.
    assert!((exact("3/3", "2/2+stealth").win - 1.0).abs() < 1e-12);
    // A side all hidden with no attack loses stealth (or the 1/1 could
    // never attack: a draw).
    assert!((exact("1/1", "0/2+stealth").win - 1.0).abs() < 1e-12);
    // Both sides all hidden: both lose it, the 1/5 kills the 2/1.
    assert!((exact("1/5+stealth", "2/1+stealth").win - 1.0).abs() < 1e-12);
    // Firestone's order: the stuck side is revealed first, so the other
    // side, all hidden, keeps its stealth.
    let (mut s, _) = State::new(
        &parse_board("0/3+stealth").unwrap(),
        &parse_board("2/2+stealth").unwrap(),
        0,
    );
    s.clear_stealth_if_stuck();
    assert_eq!(
        (s.board(0)[0].keywords, s.board(1)[0].keywords),
        (0, model::STEALTH)
    );
    // Attacking reveals the attacker.
    let (mut s, kinds) = State::new(
        &parse_board("1/5+stealth").unwrap(),
        &parse_board("1/5").unwrap(),
        0,
    );
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(s.board(0)[0].keywords, 0);
    // Monte Carlo plays the same rules.
    let c = combat("3/3,1/1+taunt+stealth", "2/2,5/1+stealth");
    let r = combat_exact(&c, 1_000_000, &Control::NONE).unwrap();
    let m = combat_monte_carlo(&c, 200_000, 3, 1, &Control::NONE).unwrap();
    assert!((r.win - m.win).abs() < 4.0 * m.stderr + 1e-9, "{r:?} {m:?}");
}

#[test]
fn small_published_cases() {
    let r = exact("4/4,3/3", "3/4,1/1");
    assert!((r.win - 5.0 / 8.0).abs() < 1e-12, "{r:?}");
    assert!((r.draw - 3.0 / 8.0).abs() < 1e-12);
    assert!(r.loss.abs() < 1e-12);

    let r = exact("6/7", "1/7,2/1,4/5");
    assert!((r.draw - 1.0 / 3.0).abs() < 1e-12, "{r:?}");
    assert!((r.loss - 2.0 / 3.0).abs() < 1e-12);

    let r = exact("0/5,2/2", "1/3");
    assert!((r.win - 1.0).abs() < 1e-12, "{r:?}");
}

#[test]
fn seed_seven_versus_seven() {
    let r = exact(
        "40/47,42/46,40/24,44/24,34/24,34/34,14/24",
        "40/43,48/43,43/34,24/64,34/24,24/54,14/14",
    );
    assert!((r.win - 0.024830865).abs() < 1e-9, "{r:?}");
    assert!((r.draw - 0.119178897).abs() < 1e-9, "{r:?}");
    assert!((r.loss - 0.855990238).abs() < 1e-9, "{r:?}");
}

#[test]
fn damage_counts_hero_tier_and_surviving_tiers() {
    // A has more minions and attacks first: the 5/5 kills the 1/1 at once,
    // so both A minions survive: 4 (hero tier) + 3 + 2.
    let mut c = combat("5/5@3,1/1@2", "1/1");
    c.tiers = [4, 2];
    let r = combat_exact(&c, 1000, &Control::NONE).unwrap();
    assert!((r.win - 1.0).abs() < 1e-12);
    assert_eq!(r.damage_to_b.len(), 10);
    assert!(
        (r.damage_to_b[9] - 1.0).abs() < 1e-12,
        "{:?}",
        r.damage_to_b
    );
    assert!((r.survivors[0] - 2.0).abs() < 1e-12);
    // B first (more minions); a 1/1 kills A's 1/1 or dies: damage 2 + 1 when B wins.
    let mut c = combat("1/1", "1/1,1/1");
    c.tiers = [1, 2];
    let r = combat_exact(&c, 1000, &Control::NONE).unwrap();
    assert!(
        r.damage_to_a
            .iter()
            .enumerate()
            .all(|(d, &p)| p == 0.0 || d == 3),
        "{:?}",
        r.damage_to_a
    );
}

#[test]
fn keywords_behave() {
    // Divine shield absorbs the only hit: the 1/1 dies, the shielded 1/1 lives.
    assert!((exact("1/1+shield", "1/1").win - 1.0).abs() < 1e-12);
    // Poison kills through health; a shield stops it.
    assert!((exact("1/1+poison", "1/20").draw - 1.0).abs() < 1e-12);
    assert!((exact("1/1+poison", "1/20+shield").loss - 1.0).abs() < 1e-12);
    // Reborn comes back once with 1 health.
    assert!((exact("1/1+reborn", "1/2").draw - 1.0).abs() < 1e-12);
    // A deathrattle token fights on.
    assert!((exact("1/1+dr=1/1", "1/2").draw - 1.0).abs() < 1e-12);
    // Taunt draws every attack.
    let (s, _) = State::new(
        &parse_board("3/3").unwrap(),
        &parse_board("1/1,1/5+taunt,2/2").unwrap(),
        0,
    );
    assert_eq!(s.targets(0).collect::<Vec<_>>(), vec![1]);
    assert_eq!(s.targets(1).collect::<Vec<_>>(), vec![0]);
    // Windfury attacks twice per turn; cleave hits the neighbours.
    assert!((exact("1/10+windfury", "1/1,1/1").win - 1.0).abs() < 1e-12);
    assert!((exact("1/10+cleave", "1/1,1/1,1/1").win - 1.0).abs() < 1e-12);
    // Venom kills once, then is spent.
    let r = exact("1/3+venom", "1/5,1/5");
    assert!(r.win < 1.0 && r.loss > 0.0, "{r:?}");
}

/// Minimal boards where the rules file (attack marks of summons, reborn
/// after every deathrattle, venom with cleave) decides the odds, against
/// Firestone's figures (200,000 combats each: a standard error of about
/// 0.0011, so 0.006 is more than 5 of them).
#[test]
fn firestone_rule_cases() {
    let cases = [
        ("1/4+dr=3/2@1,1/1@3", "2/4@3", [0.50, 0.50, 0.0]),
        (
            "3/2+reborn@2,4/3@3",
            "1/6@3,1/3@3,2/4@3",
            [0.416, 0.541, 0.042],
        ),
        (
            "8/10+cleave@6,0/3@3",
            "1/9@3,3/2+reborn@2,5/8+taunt+dr=1/1x3@5,1/9@3,1/1@3,1/1@3",
            [0.880, 0.057, 0.063],
        ),
    ];
    for (a, b, [win, draw, loss]) in cases {
        let r = exact(a, b);
        for (got, want) in [(r.win, win), (r.draw, draw), (r.loss, loss)] {
            assert!((got - want).abs() < 0.006, "{a} vs {b}: {r:?}");
        }
    }
}

#[test]
fn a_token_of_an_attacker_that_died_may_attack_again_in_the_round() {
    // A's 1/1 attacks first and dies; its 5/5 token takes the mark of its
    // right neighbour, the unmarked 2/2, so it may attack again this round.
    let (mut s, kinds) = State::new(
        &parse_board("1/1+dr=5/5,2/2").unwrap(),
        &parse_board("1/1,3/9").unwrap(),
        0,
    );
    let (side, attacker) = s.next_attacker();
    assert_eq!((side, attacker), (0, 0));
    s.attack(&kinds, 0, 0, 0, &mut Odometer::new());
    s.finish_turn(0);
    assert_eq!(s.board(0)[0].attack, 5);
    assert_eq!(s.board(0)[0].mark, UNMARKED);
    // A token of a minion passed over is marked as having attacked.
    let (mut s, kinds) = State::new(
        &parse_board("0/1+dr=4/4,2/2").unwrap(),
        &parse_board("9/9+cleave").unwrap(),
        0,
    );
    assert_eq!(s.next_attacker(), (0, 1));
    assert_eq!(s.board(0)[0].mark, PASSED_OVER);
    s.attack(&kinds, 0, 1, 0, &mut Odometer::new());
    s.finish_turn(0);
    assert_eq!(s.next_attacker(), (1, 0));
    s.attack(&kinds, 1, 0, 0, &mut Odometer::new());
    // The 2/2 died attacking; now the 0/1 dies, and the token of a minion
    // passed over is marked as having attacked.
    assert_eq!(s.board(0).len(), 1);
    assert_eq!((s.board(0)[0].attack, s.board(0)[0].mark), (4, ATTACKED));
}

#[test]
fn reborn_returns_after_every_deathrattle_and_needs_room() {
    // Cleave kills the reborn minion and the deathrattle minion at once:
    // the seven tokens fill the board and the reborn copy finds no room.
    let (mut s, kinds) = State::new(
        &parse_board("1/1+reborn,1/1+dr=2/2x7").unwrap(),
        &parse_board("5/50+cleave").unwrap(),
        1,
    );
    assert_eq!(s.next_attacker(), (1, 0));
    // Target the reborn minion: the cleave hits its right neighbour too.
    s.attack(&kinds, 1, 0, 0, &mut Odometer::new());
    assert_eq!(s.board(0).len(), 7);
    assert!(s.board(0).iter().all(|u| u.attack == 2));
    // With room, the reborn copy returns where Firestone puts it: counted
    // from the right among the survivors (none here), after the tokens of
    // the minion that died to its right.
    // A 5/50 cleaver attacks `target` of `board`: A's stats afterwards.
    let after_cleave = |board: &str, target: usize| {
        let (mut s, kinds) = State::new(
            &parse_board(board).unwrap(),
            &parse_board("5/50+cleave").unwrap(),
            1,
        );
        s.next_attacker();
        s.attack(&kinds, 1, 0, target, &mut Odometer::new());
        s.board(0)
            .iter()
            .map(|u| (u.attack, u.health))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        after_cleave("1/1+reborn,1/1+dr=2/2x2", 0),
        vec![(2, 2), (2, 2), (1, 1)]
    );
    // A survivor to the right bounds the gap: the copy returns left of it,
    // after the tokens; a token of a minion dying to its left stays left.
    assert_eq!(
        after_cleave("1/1+dr=3/3x1,1/1+reborn,1/1+dr=2/2x2,9/9", 1),
        vec![(3, 3), (2, 2), (2, 2), (1, 1), (9, 9)]
    );
}

/// Firestone's count from the right, replayed: tokens in the reborn
/// minion's gap do not move it; tokens beyond a survivor do, once each
/// that is counted below the running count (so left to right, the first
/// of two tokens past the survivor is not, the second is).
#[test]
fn reborn_places_replay_firestones_count_from_the_right() {
    // [M, W+reborn, H] with W and H dead: board [M, Hand]; W had no
    // survivor to its right: it returns at the end.
    assert_eq!(super::deaths::reborn_place(0, 0b10, 2), 0);
    // [W+reborn, X, B] with W and B dead, B's two tokens: [X, S1, S2]; W
    // had one survivor (X) to its right; S1 counts 1 (not below 1), S2
    // counts 0 (below): W returns 2 from the right, between X and S1.
    assert_eq!(super::deaths::reborn_place(1, 0b110, 3), 2);
    // No tokens: its count of survivors.
    assert_eq!(super::deaths::reborn_place(2, 0, 4), 2);
}

#[test]
fn venom_with_cleave_destroys_every_minion_the_attack_damages() {
    // The first attack hits the middle 3/20 and both neighbours: all die.
    let (mut s, kinds) = State::new(
        &parse_board("1/30+venom+cleave").unwrap(),
        &parse_board("2/20,3/20,4/20").unwrap(),
        0,
    );
    s.next_attacker();
    s.attack(&kinds, 0, 0, 1, &mut Odometer::new());
    assert_eq!(s.board(1).len(), 0);
    assert!(!s.board(0)[0].has(model::VENOM));
}

#[test]
fn sampling_repeats_for_a_seed_whatever_the_threads() {
    let c = combat("4/4+shield,3/3+poison", "3/4+taunt,1/1+dr=1/1x2");
    let one = combat_monte_carlo(&c, 50_000, 9, 1, &Control::NONE).unwrap();
    let two = combat_monte_carlo(&c, 50_000, 9, 2, &Control::NONE).unwrap();
    let all = combat_monte_carlo(&c, 50_000, 9, 0, &Control::NONE).unwrap();
    assert_eq!(one, two);
    assert_eq!(one, all);
    assert_eq!(one.states, 50_000);
}

/// The state budget counts the distinct states the search stores (what
/// its memory holds): a budget of exactly that many solves, one fewer is
/// refused; and a table entry is the key and a probability, nothing more.
#[test]
fn the_state_budget_counts_the_states_stored() {
    let c = combat(
        "3/2+reborn,4/3+windfury,2/2+dr=1/1x2,5/5+cleave",
        "1/6,1/3+shield,2/4+poison,6/6+reborn",
    );
    let r = combat_exact(&c, u64::MAX, &Control::NONE).unwrap();
    assert!(r.states > 100, "{}", r.states);
    assert_eq!(combat_exact(&c, r.states, &Control::NONE).unwrap(), r);
    let e = combat_exact(&c, r.states - 1, &Control::NONE).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded);
    assert_eq!(std::mem::size_of::<(key::Key<3>, f64)>(), 32);
    assert_eq!(std::mem::size_of::<(key::Key<7>, f64)>(), 64);
}

/// The exact answer is the same to the last bit on one worker or several
/// (runs merged in order), with every layer split; and the state budget
/// holds there too.
#[test]
fn exact_answers_do_not_depend_on_threads() {
    for (a, b) in [
        ("4/4+shield,3/3+poison", "3/4+taunt,1/1+dr=1/1x2"),
        (
            "3/2+reborn,4/3+windfury,2/2+dr=1/1x2,5/5+cleave",
            "1/6,1/3+shield,2/4+poison,6/6+reborn",
        ),
        (
            "Glim Guardian,Wolf Pup,Roaring Recruiter",
            "Cage Gnawer,Amber Guardian,Boom-in-a-Box",
        ),
        (
            "Tarecgosa,Lurking Lionfish=6/8",
            "Harmless Bonehead,Sprightly Scarab=7/4",
        ),
    ] {
        let c = combat(a, b);
        let one = combat_exact(&c, u64::MAX, &Control::NONE).unwrap();
        let wide = exact_split(&c, 1, u64::MAX).unwrap();
        for threads in [2, 3, 0] {
            assert_eq!(
                exact_split(&c, threads, u64::MAX).unwrap(),
                wide,
                "{a} vs {b}"
            );
            assert_eq!(
                combat_exact_with_threads(&c, u64::MAX, threads, &Control::NONE).unwrap(),
                one
            );
        }
        let e = exact_split(&c, 2, one.states - 1).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded, "{e}");
    }
}

/// Both engines stop at a deadline: sampling within a few hundred combats
/// (a zero budget still samples one), the exact search with a refusal.
#[test]
fn deadlines_stop_sampling_and_the_exact_search() {
    let c = combat(
        "3/2+reborn,4/3+windfury,2/2+dr=1/1x2,5/5+cleave,1/6+taunt",
        "1/6,1/3+shield,2/4+poison,3/3+dr=2/1x2,6/6+reborn",
    );
    let zero = Control::after(std::time::Duration::ZERO);
    for threads in [1, 2] {
        let r = combat_monte_carlo(&c, 100_000_000, 3, threads, &zero).unwrap();
        assert!(r.states >= 1 && r.states <= 16 * 256, "{}", r.states);
    }
    for threads in [1, 2] {
        let e = combat_exact_with_threads(&c, u64::MAX, threads, &zero).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded);
        assert!(e.message().contains("time budget"), "{e}");
        // Every layer split in runs of one state: the split path reads the
        // clock too.
        let (kinds, starts) = starts(&c);
        let split = search(&c, &kinds, u64::MAX, &zero);
        let e = run_with_threads(threads, |w| split.solve::<8>(&starts, w)).unwrap_err();
        assert!(e.message().contains("time budget"), "{e}");
    }
}

#[test]
fn bad_input_is_clear() {
    assert!(parse_board("1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1").is_err());
    assert!(parse_board("1/0").is_err());
    let e = parse_board("1/1+flying").unwrap_err();
    assert!(e.message().contains("'flying'"), "{e}");
    assert!(parse_board("1/1@9").is_err());
    assert!(parse_board("x/1").is_err());
    assert!(parse_board("1/1+dr=1/1x9").is_err());
    assert!(combat_exact(&combat("4/4,3/3", "3/4,1/1"), 1, &Control::NONE).is_err());
    assert!(combat_monte_carlo(&combat("1/1", "1/1"), 0, 1, 1, &Control::NONE).is_err());
    // Hero tiers are 1..=7 like minion tiers (a huge one used to wrap the
    // damage sum).
    for tiers in [[0, 1], [8, 1], [1, 1000], [u32::MAX, 1]] {
        let mut c = combat("4/4", "1/1");
        c.tiers = tiers;
        let e = combat_exact(&c, 1000, &Control::NONE).unwrap_err();
        assert!(e.message().contains("tavern tier"), "{e}");
        assert!(combat_monte_carlo(&c, 10, 1, 1, &Control::NONE).is_err());
    }
    let mut c = combat("4/4@7,4/4@7,4/4@7,4/4@7,4/4@7,4/4@7,4/4@7", "1/1");
    c.tiers = [7, 1];
    let r = combat_exact(&c, 1000, &Control::NONE).unwrap();
    assert_eq!(r.damage_to_b.len(), 57, "7 + 7 * 7 at most");
    assert!((r.damage_to_b[56] - 1.0).abs() < 1e-12);
}

fn arb_minion() -> impl Strategy<Value = String> {
    (0u16..4, 1u16..5, any::<u8>(), 1u8..4).prop_map(|(a, h, k, tier)| {
        let mut s = format!("{a}/{h}");
        for (bit, word) in [
            (1, "taunt"),
            (2, "shield"),
            (4, "poison"),
            (8, "venom"),
            (16, "windfury"),
            (32, "cleave"),
            (64, "reborn"),
        ] {
            if k & bit != 0 && k % 3 == 0 {
                s.push('+');
                s.push_str(word);
            }
        }
        if k & 128 != 0 {
            s.push_str("+dr=1/1x2");
        }
        format!("{s}@{tier}")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn probabilities_sum_to_one_and_swapping_sides_swaps_win_and_loss(a in prop::collection::vec(arb_minion(), 1..=3), b in prop::collection::vec(arb_minion(), 1..=3)) {
        let c = combat(&a.join(","), &b.join(","));
        let r = combat_exact(&c, 2_000_000, &Control::NONE).unwrap();
        prop_assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-12);
        let dmg: f64 = r.damage_to_a.iter().chain(&r.damage_to_b).sum();
        prop_assert!((dmg - r.win - r.loss).abs() < 1e-12);
        // Swapping the sides swaps win and loss.
        let swapped = Combat::new(c.b.clone(), c.a.clone(), [1, 1]);
        let s = combat_exact(&swapped, 2_000_000, &Control::NONE).unwrap();
        prop_assert!((s.win - r.loss).abs() < 1e-12 && (s.loss - r.win).abs() < 1e-12);
    }
}

/// The plain probability tree over the same rules: no memo, no layers, no
/// packed keys. (win, draw, loss, expected damage to B, to A).
pub(super) fn tree_walk(c: &Combat) -> [f64; 5] {
    let (kinds, starts) = starts(c);
    tree_walk_from(&kinds, c.tiers, &starts)
}

/// The plain probability tree from the first states `starts` (each with
/// its turn set and its probability), as `tree_walk`.
pub(super) fn tree_walk_from(kinds: &Kinds, tiers: [u32; 2], starts: &[(State, f64)]) -> [f64; 5] {
    fn walk(kinds: &Kinds, tiers: [u32; 2], state: &State, p: f64, out: &mut [f64; 5]) {
        match state.outcome(kinds, tiers) {
            Some(Outcome::AWins(d)) => {
                out[0] += p;
                out[3] += p * d as f64;
            }
            Some(Outcome::Draw) => out[1] += p,
            Some(Outcome::BWins(d)) => {
                out[2] += p;
                out[4] += p * d as f64;
            }
            None => {
                let mut s = *state;
                let stopped = turn_outcomes::<false>(
                    kinds,
                    &mut s,
                    &mut Odometer::new(),
                    (&Control::NONE, usize::MAX),
                    |next, q| walk(kinds, tiers, next, p * q, out),
                );
                assert!(stopped.is_none(), "no deadline nor limit: every way");
            }
        }
    }
    let mut out = [0.0; 5];
    for (s, p) in starts {
        walk(kinds, tiers, s, *p, &mut out);
    }
    out
}

pub(super) fn summary(r: &CombatResult) -> [f64; 5] {
    let mean = |v: &[f64]| v.iter().enumerate().map(|(d, p)| d as f64 * p).sum::<f64>();
    [
        r.win,
        r.draw,
        r.loss,
        mean(&r.damage_to_b),
        mean(&r.damage_to_a),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The memoized search equals the plain tree, whatever the key width.
    #[test]
    fn memo_search_equals_the_plain_tree(a in prop::collection::vec(arb_minion(), 1..=2), b in prop::collection::vec(arb_minion(), 1..=2)) {
        let c = combat(&a.join(","), &b.join(","));
        let tree = tree_walk(&c);
        let r = combat_exact(&c, 2_000_000, &Control::NONE).unwrap();
        let (kinds, starts) = starts(&c);
        let wide = search(&c, &kinds, 2_000_000, &Control::NONE).solve::<8>(&starts, Workers::CALLER).unwrap();
        for (x, y) in summary(&r).into_iter().zip(tree) {
            prop_assert!((x - y).abs() < 1e-9, "{:?} vs tree {:?}", summary(&r), tree);
        }
        for (x, y) in summary(&r).into_iter().zip(summary(&wide)) {
            prop_assert!((x - y).abs() < 1e-12);
        }
        prop_assert_eq!(r.states, wide.states);
    }
}

#[test]
fn large_health_uses_wide_keys_and_agrees_with_the_tree() {
    for (a, b) in [
        ("1/30000,2/3+shield", "30000/2,1/2+dr=1/1"),
        ("30000/1+windfury,1/2", "1/32767+taunt,2/2,1/1+reborn"),
    ] {
        let c = combat(a, b);
        let (kinds, _) = starts(&c);
        assert!(Layout::new(&kinds).words() > 4, "{a} vs {b}");
        let r = combat_exact(&c, 1_000_000, &Control::NONE).unwrap();
        let tree = tree_walk(&c);
        for (x, y) in summary(&r).into_iter().zip(tree) {
            assert!((x - y).abs() < 1e-9, "{a} vs {b}: {r:?} vs tree {tree:?}");
        }
    }
}

/// 200 random keyword boards (a fixed stream, so the run repeats): the
/// sampler agrees with the exact engine within four standard errors.
#[test]
fn monte_carlo_agrees_on_200_random_keyword_boards() {
    let mut rng = crate::rng::Rng::new(2026);
    let words = [
        "taunt", "shield", "poison", "venom", "windfury", "cleave", "reborn", "dr=1/1x2",
    ];
    let minion = |rng: &mut crate::rng::Rng| {
        let mut s = format!("{}/{}", rng.below(5), 1 + rng.below(5));
        for w in words {
            if rng.below(6) == 0 {
                s.push('+');
                s.push_str(w);
            }
        }
        format!("{s}@{}", 1 + rng.below(3))
    };
    for case in 0..200 {
        let a: Vec<String> = (0..1 + rng.below(4)).map(|_| minion(&mut rng)).collect();
        let b: Vec<String> = (0..1 + rng.below(4)).map(|_| minion(&mut rng)).collect();
        let label = format!("case {case} {a:?} vs {b:?}");
        assert_monte_carlo_agrees(&combat(&a.join(","), &b.join(",")), case, &label);
    }
}

/// The exact engine gives the plain tree's answer, and Monte Carlo
/// (seed `seed`) agrees with it.
pub(super) fn assert_engines_agree(c: &Combat, seed: u64, label: &str) {
    let r = combat_exact(c, 10_000_000, &Control::NONE).unwrap();
    let (x, y) = (summary(&r), tree_walk(c));
    assert!(
        x.iter().zip(&y).all(|(p, q)| (p - q).abs() < 1e-9),
        "{label}: {x:?} vs tree {y:?}"
    );
    assert_monte_carlo_agrees(c, seed, label);
}

/// `assert_engines_agree` on each pair of boards (seeds from `seed` on).
pub(super) fn assert_engines_agree_on(boards: &[(&str, &str)], seed: u64) {
    for (k, (a, b)) in boards.iter().enumerate() {
        assert_engines_agree(&combat(a, b), seed + k as u64, &format!("{a} vs {b}"));
    }
}

/// 20,000 sampled combats (seed `seed`) within 4 standard errors of the
/// exact win, draw and loss.
pub(super) fn assert_monte_carlo_agrees(c: &Combat, seed: u64, label: &str) {
    let r = combat_exact(c, 5_000_000, &Control::NONE).unwrap();
    let mc = combat_monte_carlo(c, 20_000, seed, 0, &Control::NONE).unwrap();
    for (e, m) in [(r.win, mc.win), (r.draw, mc.draw), (r.loss, mc.loss)] {
        let sigma = (e * (1.0 - e) / 20_000.0).max(0.0).sqrt();
        assert!((m - e).abs() <= 4.0 * sigma + 1e-9, "{label}: {m} vs {e}");
    }
}

#[test]
fn boards_name_cards_with_stats_and_extra_keywords() {
    let board =
        parse_board("BG28_300=3/3+shield, golden Risen Rider,Malchezaar, Prince of Dance,2/2@3")
            .unwrap();
    assert_eq!(board.len(), 4);
    let bonehead = board[0];
    assert_eq!((bonehead.attack, bonehead.health, bonehead.tier), (3, 3, 1));
    assert_eq!(bonehead.keywords, model::SHIELD);
    assert_eq!(
        (bonehead.deathrattle.count, bonehead.deathrattle.attack),
        (2, 1)
    );
    let rider = board[1];
    assert_eq!((rider.attack, rider.health), (4, 2));
    assert_eq!(rider.keywords, model::TAUNT | model::REBORN);
    assert_eq!((board[2].attack, board[2].health, board[2].tier), (4, 3, 3));
    assert_eq!((board[3].attack, board[3].tier), (2, 3));
    // The card's own stats by default; a name in any case.
    let m = parse_board("harmless bonehead").unwrap()[0];
    assert_eq!((m.attack, m.health), (1, 1));
    // The same combat by card and by anonymous notation.
    let by_card = exact("Harmless Bonehead=3/3,Cord Puller", "4/6");
    let by_hand = exact("3/3+dr=1/1x2,1/1+shield+dr=1/1", "4/6");
    // Equal up to rounding (the cards' tribes make other kinds, and the
    // sums come in another order).
    assert_eq!(by_card.states, by_hand.states);
    for (x, y) in summary(&by_card).into_iter().zip(summary(&by_hand)) {
        assert!((x - y).abs() < 1e-12, "{by_card:?} vs {by_hand:?}");
    }
}

#[test]
fn bad_card_items_say_what_is_wrong() {
    let message = |text: &str| parse_board(text).unwrap_err().message().to_string();
    assert!(message("Nobody Special").contains("no Battlegrounds card"));
    assert!(message("Piloted Whirl-O-Tron").contains("not modelled yet"));
    assert!(message("Risen Rider=3").contains("ATTACK/HEALTH"));
    assert!(message("Risen Rider=3/0").contains("health"));
    assert!(message("Risen Rider+flying").contains("unknown keyword"));
    assert!(message("Risen Rider+dr=1/1").contains("unknown keyword"));
}

#[test]
fn an_attack_passes_over_every_minion_to_its_left() {
    // The 1/9 attacks first, then the 2/9: the 1/9, which attacked, is
    // passed over too, so its token (when it dies) waits for next round.
    let (mut s, kinds) = State::new(
        &parse_board("1/9+dr=4/4,2/9,3/9").unwrap(),
        &parse_board("1/50,1/50").unwrap(),
        0,
    );
    assert_eq!(s.next_attacker(), (0, 0));
    s.attack(&kinds, 0, 0, 0, &mut Odometer::new());
    s.finish_turn(0);
    assert_eq!(s.next_attacker(), (1, 0));
    s.attack(&kinds, 1, 0, 0, &mut Odometer::new());
    s.finish_turn(1);
    assert_eq!(s.next_attacker(), (0, 1));
    assert_eq!(s.board(0)[0].mark, PASSED_OVER);
    assert_eq!(s.board(0)[1].mark, ATTACKED);
    assert_eq!(s.board(0)[2].mark, UNMARKED);
}

/// Lethal chances are the damage distribution's tail: every win at or
/// below the least damage, the tail sums between, none past the largest
/// damage (a plain 0 there, not the -0 an empty float sum gives, which
/// printed as "-0.000000000").
#[test]
fn lethal_chances_are_the_damage_tail() {
    let r = combat_exact(
        &Combat {
            a: parse_board("5/5,1/1").unwrap(),
            b: parse_board("2/6").unwrap(),
            tiers: [3, 1],
            bonuses: Default::default(),
            heroes: Default::default(),
            hands: Default::default(),
            teammates: Default::default(),
        },
        1_000_000,
        &Control::NONE,
    )
    .unwrap();
    // A wins with the 5/5 alone (4 damage) or with both (5).
    assert_eq!(r.damage_to_b.len(), 6);
    assert!(r.damage_to_b[4] > 0.0 && r.damage_to_b[5] > 0.0);
    for health in [-3, 0, 1, 4] {
        assert_eq!(r.lethal_to_b(health), r.win);
    }
    assert_eq!(r.lethal_to_b(5), r.damage_to_b[5]);
    for past in [6, 100] {
        let p = r.lethal_to_b(past);
        assert!(p == 0.0 && p.is_sign_positive(), "{p}");
    }
    assert!(r.damage_to_a.iter().all(|&p| p == 0.0));
    assert!(r.lethal_to_a(1) == 0.0 && r.lethal_to_a(1).is_sign_positive());
}

/// Text as words: lower case, a space between words, around every run of
/// what is not a letter or a digit and where a lower-case letter or digit
/// meets an upper-case one (`TastyLobsters`, `tasty_lobsters` and "Tasty
/// Lobsters" all read " tasty lobsters "), with a space at each end.
fn as_words(text: &str) -> String {
    let mut out = String::from(" ");
    let mut after_lower = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if c.is_uppercase() && after_lower {
                out.push(' ');
            }
            after_lower = c.is_lowercase() || c.is_numeric();
            out.extend(c.to_lowercase());
        } else {
            if !out.ends_with(' ') {
                out.push(' ');
            }
            after_lower = false;
        }
    }
    if !out.ends_with(' ') {
        out.push(' ');
    }
    out
}

/// Single-word card names of six letters or more that the engine uses
/// as ordinary words, each with why it may appear.
const ORDINARY_WORDS: [(&str, &str); 0] = [];

/// Whether `text` holds `id` as a whole token (no letter, digit or `_`
/// touching it).
fn holds_token(text: &str, id: &str) -> bool {
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(id).any(|(at, _)| {
        !part(text[..at].chars().next_back()) && !part(text[at + id.len()..].chars().next())
    })
}

/// The rules core names no card: no card id (of the card table, or shaped
/// as one: `BG<digits>_`, `TB_Bacon`) and no card name of the table
/// appears in the engine's source files (`combat/`, their tests aside),
/// comments and identifiers included (`TastyLobsters` reads as "tasty
/// lobsters"). What a card does is a field of its effect or of its kind,
/// or a row of the vocabulary's tables (`model::GROWERS`); examples go to
/// the vocabulary's docs. Names of two words or more count, and names of
/// one word of six letters or more that are not ordinary words of the
/// code (`ORDINARY_WORDS`); a name counts in the plural too.
#[test]
fn the_rules_core_names_no_card() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/hearthstone/combat");
    let cards = crate::hearthstone::cards::all();
    let names: Vec<String> = cards
        .iter()
        .map(|c| as_words(c.name))
        .filter(|n| {
            let words = n.split_whitespace().collect::<Vec<_>>();
            words.len() >= 2
                || words.len() == 1
                    && words[0].chars().count() >= 6
                    && !ORDINARY_WORDS.iter().any(|(w, _)| w == &words[0])
        })
        .collect();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.ends_with(".rs") && !name.ends_with("tests.rs")
        })
        .collect();
    files.sort();
    assert!(files.len() > 10, "{files:?}");
    let mut found = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        // A file's own tests, at its end, are not the rules.
        let tests = ["\n#[cfg(test)]\nmod ", "\n#[cfg(test)]\npub(crate) mod "];
        let text = tests
            .iter()
            .fold(text.as_str(), |t, m| t.split(m).next().unwrap());
        let file = path.file_name().unwrap().to_string_lossy();
        for card in cards {
            if holds_token(text, card.id) {
                found.push(format!("{file}: the id {}", card.id));
            }
        }
        for (at, _) in text.match_indices("BG") {
            let rest = &text[at + 2..];
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            if digits > 0 && rest[digits..].starts_with('_') {
                found.push(format!("{file}: an id {}", &text[at..at + 2 + digits + 1]));
            }
        }
        if text.contains("TB_Bacon") {
            found.push(format!("{file}: an id TB_Bacon..."));
        }
        let words = as_words(text);
        for name in &names {
            let plural = format!("{}s ", name.trim_end());
            if words.contains(name.as_str()) || words.contains(&plural) {
                found.push(format!("{file}: the name '{}'", name.trim()));
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "cards named in the rules core:\n{}",
        found.join("\n")
    );
}

/// `as_words` reads identifiers, text and punctuation alike.
#[test]
fn words_are_read_alike_in_code_and_text() {
    for text in [
        "TastyLobsters",
        "tasty_lobsters",
        "Tasty Lobsters",
        "(tasty-lobsters)",
    ] {
        assert_eq!(as_words(text), " tasty lobsters ", "{text}");
    }
    assert_eq!(as_words("Mal'Ganis, BG25_001"), " mal ganis bg25 001 ");
    assert!(holds_token("a BG25_001.", "BG25_001") && !holds_token("BG25_001_G", "BG25_001"));
}
