//! Checks against the seed's published numbers, a brute-force oracle that
//! enumerates hit sequences (the seed's method), and a Monte Carlo.

use super::*;
use proptest::prelude::*;
use std::collections::HashMap;

fn minions(healths: &[u32]) -> Vec<Target> {
    healths.iter().map(|&h| Target::minion(h)).collect()
}

fn kills(healths: &[u32], hits: u32) -> Vec<f64> {
    split_damage(&minions(healths), hits, &Query::default())
        .unwrap()
        .kill
}

fn assert_close(actual: &[f64], expected: &[f64], tol: f64) {
    assert_eq!(actual.len(), expected.len());
    for (a, e) in actual.iter().zip(expected) {
        assert!((a - e).abs() <= tol, "{actual:?} vs {expected:?}");
    }
}

#[test]
fn reproduces_seed_000() {
    let seed = [
        (0, [0.0, 0.0, 0.0]),
        (1, [1.0 / 3.0, 0.0, 0.0]),
        (2, [0.5555556, 0.1111111, 0.0]),
        (3, [0.7222222, 0.3240741, 0.0370370]),
        (4, [0.8425926, 0.5370370, 0.1620370]),
        (5, [0.9212963, 0.7152778, 0.3634259]),
        (6, [1.0, 1.0, 1.0]),
        (7, [1.0, 1.0, 1.0]),
    ];
    for (hits, expected) in seed {
        assert_close(&kills(&[1, 2, 3], hits), &expected, 5e-8);
    }
    // The seed prints 0.9212965 (float rounding); the exact value is 199/216.
    assert!((kills(&[1, 2, 3], 5)[0] - 199.0 / 216.0).abs() < 1e-14);
    assert_close(&kills(&[3, 4, 5], 4), &[0.1111111, 0.0123457, 0.0], 5e-8);
    assert!((kills(&[3, 4, 5], 4)[1] - 1.0 / 81.0).abs() < 1e-15);
}

/// Every labeled final state with its probability, by enumerating every
/// hit sequence; plus the expected wasted hits.
fn oracle(targets: &[Target], hits: u32) -> (HashMap<Vec<(u32, bool)>, f64>, f64) {
    fn go(
        state: &mut Vec<(u32, bool)>,
        p: f64,
        hits: u32,
        out: &mut HashMap<Vec<(u32, bool)>, f64>,
        wasted: &mut f64,
    ) {
        let alive: Vec<usize> = (0..state.len()).filter(|&i| state[i].0 > 0).collect();
        if hits == 0 || alive.is_empty() {
            *wasted += p * hits as f64;
            *out.entry(state.clone()).or_insert(0.0) += p;
            return;
        }
        for &i in &alive {
            let before = state[i];
            state[i] = if before.1 {
                (before.0, false)
            } else {
                (before.0 - 1, false)
            };
            go(state, p / alive.len() as f64, hits - 1, out, wasted);
            state[i] = before;
        }
    }
    let mut out = HashMap::new();
    let mut wasted = 0.0;
    let mut state: Vec<(u32, bool)> = targets.iter().map(|t| (t.health, t.shield)).collect();
    go(&mut state, 1.0, hits, &mut out, &mut wasted);
    (out, wasted)
}

fn check_against_oracle(targets: &[Target], hits: u32, listed: Option<Vec<usize>>) {
    let query = Query {
        all_dead: listed.clone(),
        ..Query::default()
    };
    let got = split_damage(targets, hits, &query).unwrap();
    let (finals, wasted) = oracle(targets, hits);
    let n = targets.len();
    let tol = 1e-12;
    let listed: Vec<usize> =
        listed.unwrap_or_else(|| (0..n).filter(|&i| !targets[i].hero).collect());
    let hero = targets.iter().position(|t| t.hero);
    let mut kill = vec![0.0; n];
    let mut kept = vec![0.0; n];
    let mut remaining: Vec<Vec<f64>> = targets
        .iter()
        .map(|t| vec![0.0; t.health as usize + 1])
        .collect();
    let mut dist = vec![0.0; targets.iter().filter(|t| !t.hero).count() + 1];
    let (mut all_dead, mut hero_or) = (0.0, 0.0);
    for (state, &p) in &finals {
        for i in 0..n {
            remaining[i][state[i].0 as usize] += p;
            if state[i].0 == 0 {
                kill[i] += p;
            }
            if state[i].1 {
                kept[i] += p;
            }
        }
        dist[(0..n)
            .filter(|&i| !targets[i].hero && state[i].0 == 0)
            .count()] += p;
        if listed.iter().all(|&i| state[i].0 == 0) {
            all_dead += p;
        }
        let listed_minions_dead = listed
            .iter()
            .filter(|&&i| Some(i) != hero)
            .all(|&i| state[i].0 == 0);
        if hero.is_some_and(|h| state[h].0 == 0) || listed_minions_dead {
            hero_or += p;
        }
    }
    assert_close(&got.kill, &kill, tol);
    assert_close(&got.shield_kept, &kept, tol);
    for (got_dist, want_dist) in got.remaining.iter().zip(&remaining) {
        assert_close(got_dist, want_dist, tol);
        assert!((got_dist.iter().sum::<f64>() - 1.0).abs() < tol);
    }
    assert_close(&got.kills_distribution, &dist, tol);
    assert!((got.kills_distribution.iter().sum::<f64>() - 1.0).abs() < tol);
    assert!(
        (got.all_dead - all_dead).abs() < tol,
        "{} vs {all_dead}",
        got.all_dead
    );
    match got.hero_or_all_dead {
        Some(h) => assert!((h - hero_or).abs() < tol, "{h} vs {hero_or}"),
        None => assert!(hero.is_none()),
    }
    assert!((got.expected_wasted_hits - wasted).abs() < 1e-9);
    let shield_hits: f64 = (0..n)
        .filter(|&i| targets[i].shield)
        .map(|i| 1.0 - kept[i])
        .sum();
    assert!((got.expected_shield_hits - shield_hits).abs() < tol);
}

#[test]
fn shields_heroes_and_queries_match_the_oracle() {
    let targets = [
        Target::shielded(2),
        Target::minion(1),
        Target::minion(2),
        Target::hero(3, 1),
        Target::shielded(2),
    ];
    for hits in 0..=8 {
        check_against_oracle(&targets, hits, None);
        check_against_oracle(&targets, hits, Some(vec![0, 3]));
    }
}

/// A layer-by-layer DP over labeled states (hits taken per target): an
/// independent exact method for sizes the sequence oracle cannot reach.
fn labeled_dp(targets: &[Target], hits: u32) -> HashMap<Vec<u32>, f64> {
    let caps: Vec<u32> = targets.iter().map(|t| t.health + t.shield as u32).collect();
    let mut layer: HashMap<Vec<u32>, f64> = HashMap::from([(vec![0; targets.len()], 1.0)]);
    for _ in 0..hits {
        let mut next = HashMap::new();
        for (state, p) in layer {
            let alive: Vec<usize> = (0..caps.len()).filter(|&i| state[i] < caps[i]).collect();
            if alive.is_empty() {
                *next.entry(state).or_insert(0.0) += p;
                continue;
            }
            for &i in &alive {
                let mut child = state.clone();
                child[i] += 1;
                *next.entry(child).or_insert(0.0) += p / alive.len() as f64;
            }
        }
        layer = next;
    }
    layer
}

#[test]
fn board_and_hero_match_the_labeled_dp() {
    let mut targets: Vec<Target> = (1..=7).map(Target::minion).collect();
    targets[2].shield = true;
    targets.push(Target::hero(12, 3));
    for hits in [5, 15, 30] {
        let got = split_damage(&targets, hits, &Query::default()).unwrap();
        let finals = labeled_dp(&targets, hits);
        for (i, t) in targets.iter().enumerate() {
            let cap = t.health + t.shield as u32;
            let dead: f64 = finals
                .iter()
                .filter(|(s, _)| s[i] == cap)
                .map(|(_, p)| p)
                .sum();
            assert!(
                (got.kill[i] - dead).abs() < 1e-13,
                "hits {hits} target {i}: {} vs {dead}",
                got.kill[i]
            );
        }
        let clear: f64 = finals
            .iter()
            .filter(|(s, _)| (0..7).all(|i| s[i] == targets[i].health + targets[i].shield as u32))
            .map(|(_, p)| p)
            .sum();
        assert!((got.all_dead - clear).abs() < 1e-13);
        assert!((got.kills_distribution.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}

#[test]
fn many_deaths_match_the_labeled_dp() {
    // Small targets and hits close to the total: the dead terms cancel most.
    let targets: Vec<Target> = [2, 1, 3, 2, 1, 3, 2, 1, 2, 3]
        .iter()
        .map(|&h| Target::minion(h))
        .collect();
    let got = split_damage(&targets, 19, &Query::default()).unwrap();
    let finals = labeled_dp(&targets, 19);
    for (i, t) in targets.iter().enumerate() {
        let dead: f64 = finals
            .iter()
            .filter(|(s, _)| s[i] == t.health)
            .map(|(_, p)| p)
            .sum();
        assert!(
            (got.kill[i] - dead).abs() < 1e-14,
            "target {i}: {} vs {dead}",
            got.kill[i]
        );
    }
    for m in 0..=10 {
        let p: f64 = finals
            .iter()
            .filter(|(s, _)| (0..10).filter(|&i| s[i] == targets[i].health).count() == m)
            .map(|(_, p)| p)
            .sum();
        assert!((got.kills_distribution[m] - p).abs() < 1e-14);
    }
}

#[test]
fn wasted_hits_past_total_health() {
    let got = split_damage(&minions(&[1, 2]), 10, &Query::default()).unwrap();
    assert_eq!(got.kill, vec![1.0, 1.0]);
    assert!((got.expected_wasted_hits - 7.0).abs() < 1e-12);
    assert_eq!(got.all_dead, 1.0);
}

#[test]
fn agrees_with_monte_carlo() {
    let targets = [
        Target::minion(2),
        Target::shielded(3),
        Target::minion(4),
        Target::hero(5, 0),
    ];
    let exact = split_damage(&targets, 7, &Query::default()).unwrap().kill;
    let samples = 200_000;
    let sampled = simulate_kills(&targets, 7, samples, 42).unwrap();
    for (e, s) in exact.iter().zip(&sampled) {
        let sigma = (e * (1.0 - e) / samples as f64).sqrt().max(1e-9);
        assert!(
            (e - s).abs() < 5.0 * sigma + 1e-9,
            "{exact:?} vs {sampled:?}"
        );
    }
}

#[test]
fn bad_input_is_rejected_clearly() {
    let q = Query::default();
    let err = split_damage(&minions(&[1, 0]), 1, &q).unwrap_err();
    assert!(err.message().contains("target 2 has health 0"), "{err}");
    assert!(split_damage(&[], 1, &q).is_err());
    assert!(split_damage(&minions(&[1; 15]), 1, &q).is_err());
    assert!(split_damage(&minions(&[101]), 1, &q).is_err());
    assert!(split_damage(&minions(&[1]), MAX_HITS + 1, &q).is_err());
    let bad_hero = Query {
        hero: Some(0),
        ..Query::default()
    };
    assert!(split_damage(&minions(&[1]), 1, &bad_hero).is_err());
    let tiny = Query {
        max_work: 10,
        ..Query::default()
    };
    let err = split_damage(&minions(&[5, 6, 7]), 10, &tiny).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::BudgetExceeded);
    assert!(err.message().contains("budget"), "{err}");
}

fn arb_target() -> impl Strategy<Value = Target> {
    (1u32..=4, any::<bool>(), 0u8..6).prop_map(|(health, shield, hero)| Target {
        health,
        shield,
        hero: hero == 0,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn matches_brute_force(targets in prop::collection::vec(arb_target(), 1..=4), hits in 0u32..=7,
                           listed_mask in any::<u8>()) {
        let listed: Vec<usize> = (0..targets.len()).filter(|&i| listed_mask >> i & 1 == 1).collect();
        check_against_oracle(&targets, hits, None);
        check_against_oracle(&targets, hits, Some(listed));
    }
}

/// The largest board the split damage guide (docs/src/split-damage.md)
/// names fits the default budget (it was refused with the budget of 4e9)
/// and its distributions sum to 1.
#[test]
fn the_readme_board_fits_the_default_budget() {
    let r = split_damage(&minions(&[100; 14]), 80, &Query::default()).unwrap();
    let total: f64 = r.kills_distribution.iter().sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    assert!(r.work <= DEFAULT_MAX_WORK);
}

#[test]
fn a_work_budget_of_zero_is_the_default() {
    assert_eq!(max_work_or_default(0), DEFAULT_MAX_WORK);
    assert_eq!(max_work_or_default(5), 5);
}

/// The target lists' text: minions with their shields, then heroes with
/// their armor; each error begins with the list at fault.
#[test]
fn target_lists_parse_minions_then_heroes() {
    let targets = parse_targets("1, 2,3", Some("0,1,0"), Some("30,25"), Some("5,0")).unwrap();
    assert_eq!(
        targets,
        vec![
            Target::minion(1),
            Target::shielded(2),
            Target::minion(3),
            Target::hero(30, 5),
            Target::hero(25, 0),
        ]
    );
    assert_eq!(
        parse_targets("4", None, Some("30"), None).unwrap(),
        vec![Target::minion(4), Target::hero(30, 0)]
    );
    for (lists, why) in [
        (
            ("1,x", None, None, None),
            "health: item 2 'x' is not a whole number >= 0",
        ),
        (
            ("1,2", Some("1"), None, None),
            "shield needs 2 values of 0 or 1, one per minion",
        ),
        (
            ("1", Some("2"), None, None),
            "shield needs 1 values of 0 or 1, one per minion",
        ),
        (
            ("1", None, Some("30"), Some("1,2")),
            "armor needs 1 values, one per hero",
        ),
        (
            ("1", None, Some("-3"), None),
            "hero: item 1 '-3' is not a whole number >= 0",
        ),
    ] {
        let (health, shield, hero, armor) = lists;
        let e = parse_targets(health, shield, hero, armor).unwrap_err();
        assert_eq!(e.message(), why);
    }
    assert_eq!(parse_numbers("all-dead", " 1 ,3").unwrap(), vec![1, 3]);
}
