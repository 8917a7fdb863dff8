//! The best order against brute force over every order (exact, and
//! racing within its margin), identical minions counted once, bad input.

use super::*;
use crate::ErrorKind;
use crate::hearthstone::combat::{CombatResult, DEFAULT_MAX_STATES, parse_board};
use proptest::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn combat(a: &str, b: &str) -> Combat {
    Combat::new(
        parse_board(a).expect("a board"),
        parse_board(b).expect("a board"),
        [2, 2],
    )
}

/// Every permutation of `0..n` (all n!, identical minions not merged).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for rest in permutations(n - 1) {
        for at in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(at, n - 1);
            all.push(p);
        }
    }
    all
}

/// The objective's value read off a combat's answer directly.
fn value(objective: Objective, r: &CombatResult) -> f64 {
    let expected = |d: &[f64]| d.iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>();
    match objective {
        Objective::Win => r.win,
        Objective::WinMinusLoss => r.win - r.loss,
        Objective::DamageDealt => expected(&r.damage_to_b),
        Objective::DamageTaken => expected(&r.damage_to_a),
        Objective::Lethal { health } => {
            1.0 - r.damage_to_a.iter().skip(health as usize).sum::<f64>()
        }
    }
}

/// The exact value of A's board in `order`.
fn exact_value(c: &Combat, order: &[usize], objective: Objective) -> f64 {
    let board = order.iter().map(|&i| c.a[i]).collect();
    let arranged = Combat {
        a: board,
        ..c.clone()
    };
    let r = combat_exact(&arranged, DEFAULT_MAX_STATES, &Control::NONE).expect("solves");
    value(objective, &r)
}

/// The best value over every permutation, by brute force.
fn brute_force_best(c: &Combat, objective: Objective) -> f64 {
    permutations(c.a.len())
        .iter()
        .map(|p| objective.sense() * exact_value(c, p, objective))
        .fold(f64::NEG_INFINITY, f64::max)
        * objective.sense()
}

fn options(mode: CombatMode, objective: Objective) -> BestOrderOptions {
    BestOrderOptions {
        combat: CombatOptions {
            mode,
            time_budget: Some(Duration::from_secs(600)),
            ..CombatOptions::default()
        },
        objective,
        margin: 0.0,
    }
}

const OBJECTIVES: [Objective; 5] = [
    Objective::Win,
    Objective::WinMinusLoss,
    Objective::DamageDealt,
    Objective::DamageTaken,
    Objective::Lethal { health: 5 },
];

/// Boards where order matters: taunts, shields, cleave, deathrattles.
const BOARDS: [(&str, &str); 3] = [
    ("1/1+dr=3/3,4/2,2/5+taunt", "3/3+cleave,2/4,5/1"),
    ("2/2+shield,5/3,1/6,3/1+poison", "4/4+taunt,3/5,6/2"),
    ("6/1,1/1+dr=2/2,3/4+windfury", "2/3+shield,4/4,1/8+taunt"),
];

#[test]
fn exact_finds_the_brute_force_best_for_every_objective() {
    for (a, b) in BOARDS {
        let c = combat(a, b);
        for objective in OBJECTIVES {
            let found = best_order(&c, &options(CombatMode::Exact, objective)).unwrap();
            let best = brute_force_best(&c, objective);
            assert!(found.exact && found.stderr == 0.0 && found.p_beaten == 0.0);
            assert!((found.value - best).abs() < 1e-12, "{a} {objective:?}");
            // The order returned has the value claimed.
            let own = exact_value(&c, &found.order, objective);
            assert!((own - best).abs() < 1e-12, "{a} {objective:?}");
            assert_eq!(found.board, arranged(&c.a, &found.order));
            assert_eq!(found.ranked[0].order, found.order);
        }
    }
}

#[test]
fn auto_solves_small_boards_exactly() {
    let c = combat(BOARDS[1].0, BOARDS[1].1);
    let found = best_order(&c, &options(CombatMode::Auto, Objective::Win)).unwrap();
    assert!(found.exact);
    assert!((found.value - brute_force_best(&c, Objective::Win)).abs() < 1e-12);
}

#[test]
fn racing_finds_an_order_within_its_margin_of_the_best() {
    for (a, b) in BOARDS {
        let c = combat(a, b);
        for objective in [Objective::Win, Objective::DamageTaken] {
            let mut o = options(CombatMode::MonteCarlo, objective);
            o.combat.samples = 400_000;
            o.combat.seed = 11;
            let found = best_order(&c, &o).unwrap();
            assert!(!found.exact && found.stderr > 0.0 && found.combats >= 400_000);
            let best = brute_force_best(&c, objective);
            let own = exact_value(&c, &found.order, objective);
            assert!(
                objective.sense() * (best - own) <= found.margin,
                "{a} {objective:?}: {own} against the best {best}"
            );
            // The estimate agrees with the order's exact value.
            assert!(
                (found.value - own).abs() < 5.0 * found.stderr,
                "{a} {objective:?}"
            );
        }
    }
}

#[test]
fn racing_does_not_depend_on_the_thread_count() {
    let c = combat(BOARDS[0].0, BOARDS[0].1);
    let mut o = options(CombatMode::MonteCarlo, Objective::Win);
    o.combat.samples = 50_000;
    o.combat.threads = 1;
    let one = best_order(&c, &o).unwrap();
    o.combat.threads = 2;
    assert_eq!(one, best_order(&c, &o).unwrap());
}

#[test]
fn identical_minions_are_one_order() {
    let c = combat("2/2,2/2,3/1+taunt,2/2", "3/3,1/4");
    // 4! / 3! orders.
    assert_eq!(distinct_orders(&c.a).len(), 4);
    let found = best_order(&c, &options(CombatMode::Exact, Objective::Win)).unwrap();
    assert_eq!(found.orders, 4);
    assert_eq!(found.ranked.len(), 4);
    assert!((found.value - brute_force_best(&c, Objective::Win)).abs() < 1e-12);
}

/// Small boards drawn from a few minions, repeats likely.
fn boards() -> impl Strategy<Value = Vec<Minion>> {
    let pool = parse_board("1/1,2/2,1/1+taunt,3/1+shield,2/2").expect("a board");
    prop::collection::vec(0..pool.len(), 0..=6)
        .prop_map(move |picks| picks.into_iter().map(|i| pool[i]).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The distinct orders are exactly the distinct boards among all n!
    /// permutations, each a permutation of the board, the board as given
    /// first.
    #[test]
    fn distinct_orders_are_the_distinct_permutations(board in boards()) {
        let orders = distinct_orders(&board);
        let mut by_brute_force: Vec<Vec<Minion>> =
            permutations(board.len()).iter().map(|p| arranged(&board, p)).collect();
        by_brute_force.sort_by_key(|b| format!("{b:?}"));
        by_brute_force.dedup();
        let mut boards: Vec<Vec<Minion>> = orders.iter().map(|o| arranged(&board, o)).collect();
        prop_assert_eq!(&boards[0], &board);
        for o in &orders {
            let mut sorted = o.clone();
            sorted.sort_unstable();
            prop_assert_eq!(sorted, (0..board.len()).collect::<Vec<_>>());
        }
        let listed = boards.len();
        boards.sort_by_key(|b| format!("{b:?}"));
        boards.dedup();
        prop_assert_eq!(boards.len(), listed, "an order listed twice");
        prop_assert_eq!(boards, by_brute_force);
    }
}

#[test]
fn bad_input_is_refused_by_name() {
    let c = combat("1/1,2/2", "3/3");
    let lethal = options(CombatMode::Auto, Objective::Lethal { health: 0 });
    let e = best_order(&c, &lethal).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.message().contains("health"), "{}", e.message());
    let mut margin = options(CombatMode::Auto, Objective::Win);
    margin.margin = -0.1;
    let e = best_order(&c, &margin).unwrap_err();
    assert!(e.message().contains("margin"), "{}", e.message());
    margin.margin = f64::NAN;
    assert!(best_order(&c, &margin).is_err());
    let mut samples = options(CombatMode::MonteCarlo, Objective::Win);
    samples.combat.samples = 0;
    let e = best_order(&c, &samples).unwrap_err();
    assert!(e.message().contains("samples"), "{}", e.message());
    let eight = Combat::new(
        vec![Minion::new(1, 1); 8],
        parse_board("3/3").unwrap(),
        [1, 1],
    );
    let e = best_order(&eight, &options(CombatMode::Auto, Objective::Win)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{}", e.message());
}

#[test]
fn a_cancel_stops_the_race_at_once() {
    let c = combat(BOARDS[1].0, BOARDS[1].1);
    let flag = Arc::new(AtomicBool::new(true));
    let mut o = options(CombatMode::MonteCarlo, Objective::Win);
    o.combat.control = Control::NONE.or_cancelled(Arc::clone(&flag));
    let found = best_order(&c, &o).unwrap();
    assert_eq!(found.orders, 24);
    // Cancelled before it began: no order sampled (with 5,040 orders a
    // few hundred combats each would keep the caller for seconds).
    assert_eq!(found.combats, 0);
    assert_eq!(found.order, [0, 1, 2, 3]);
}

#[test]
fn the_normal_cdf_is_right_where_it_matters() {
    assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
    assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
    assert!((normal_cdf(-3.0) - 0.001_349_9).abs() < 1e-6);
}
