//! The best order of side A's board against side B's board as given:
//! the order maximising an objective (`Objective`: win probability by
//! default). Orders that only swap identical minions are one order
//! (`orders.rs`). When every order fits the exact engine within the
//! budget, each is solved exactly (by the crate's one Auto policy,
//! `budget::auto`); otherwise the orders race with Monte Carlo
//! (`racing.rs`), combats spent on the orders still in contention.

mod objective;
mod orders;
mod racing;
#[cfg(test)]
mod tests;

pub use objective::Objective;
pub use orders::distinct_orders;

use super::cost::{ExactCost, exact_cost};
use super::policy::{ESTIMATE_SHARE, SAMPLING_SHARE, fits};
use super::{Combat, CombatMode, CombatOptions, Minion, combat_exact, validate};
use crate::budget::{AUTO_EXACT_SHARE, Control, Progress, auto};
use crate::error::{Error, Result};
use crate::parallel::{map_items, run_with_threads};
use objective::Tally;
use orders::arranged;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Auto's time budget for a best order when none is given: a 7v7 board
/// has up to 5,040 orders, so a second (the target for one),
/// not the 200 ms of one combat.
pub const DEFAULT_BEST_ORDER_TIME_BUDGET: Duration = Duration::from_secs(1);

/// How to look for the best order.
#[derive(Debug, Clone, Default)]
pub struct BestOrderOptions {
    /// How each order's combats are answered: the mode, the exact state
    /// budget (per order), the Monte Carlo combats (in all, over every
    /// order), the time budget (for the whole search; none given: 1 s in
    /// Auto, `DEFAULT_BEST_ORDER_TIME_BUDGET`), the seed, threads, cancel
    /// and progress.
    pub combat: CombatOptions,
    /// What the order maximises.
    pub objective: Objective,
    /// How much better (in the objective's units) another order must be
    /// to count in `BestOrder::p_beaten`; 0 is none given:
    /// `Objective::default_margin`.
    pub margin: f64,
}

/// One order and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedOrder {
    /// Indices into side A's board as given: `order[k]` goes k-th.
    pub order: Vec<usize>,
    /// The objective's value (estimate when sampled).
    pub value: f64,
    /// Its standard error (0 when exact).
    pub stderr: f64,
    /// Combats sampled for it (0 when exact).
    pub combats: u64,
}

/// The answer.
#[derive(Debug, Clone, PartialEq)]
pub struct BestOrder {
    /// Indices into side A's board as given: `order[k]` goes k-th.
    pub order: Vec<usize>,
    /// Side A's board in that order.
    pub board: Vec<Minion>,
    /// The objective's value for it (estimate when sampled).
    pub value: f64,
    /// Its standard error (0 when exact).
    pub stderr: f64,
    /// The margin `p_beaten` uses.
    pub margin: f64,
    /// The probability that some other order is better by more than
    /// `margin` (normal approximation over every order's estimate,
    /// taken as independent; 0 when exact).
    pub p_beaten: f64,
    /// Whether every order was solved exactly.
    pub exact: bool,
    /// Distinct orders (up to identical minions).
    pub orders: usize,
    /// Combats sampled in all (0 when exact).
    pub combats: u64,
    /// Every order, best first (sampled: those in contention at the end
    /// first, then the others as last estimated).
    pub ranked: Vec<RankedOrder>,
}

/// The best order of side A's board in `c` as `options` say.
pub fn best_order(c: &Combat, options: &BestOrderOptions) -> Result<BestOrder> {
    validate(c)?;
    options.objective.check()?;
    crate::parallel::check_threads(options.combat.threads)?;
    let margin = crate::budget::given(options.margin).unwrap_or(options.objective.default_margin());
    if !(margin.is_finite() && margin > 0.0) {
        return Err(Error::invalid(format!(
            "the margin must be a positive number (got {margin})"
        )));
    }
    let combat = &options.combat;
    if combat.samples == 0 {
        return Err(Error::invalid("samples must be at least 1"));
    }
    let budget = combat
        .time_budget
        .or((combat.mode == CombatMode::Auto).then_some(DEFAULT_BEST_ORDER_TIME_BUDGET));
    let orders = distinct_orders(&c.a);
    let control = &combat.control;
    let sampling = control.with_budget(budget.map(|b| b.mul_f64(SAMPLING_SHARE)));
    let answer = |tallies: Vec<Tally>, live: Vec<usize>| {
        answer(c, &orders, tallies, &live, options.objective, margin)
    };
    let sample = || {
        let race = racing::race(
            c,
            &orders,
            options.objective,
            (combat.samples, combat.seed, combat.threads),
            &sampling,
        )?;
        Ok(answer(race.tallies, race.live))
    };
    let solve = |deadline: &Control| {
        let tallies = solve_all(c, &orders, options, deadline)?;
        Ok(answer(tallies, (0..orders.len()).collect()))
    };
    match combat.mode {
        CombatMode::Exact => solve(&control.with_budget(budget)),
        CombatMode::MonteCarlo => sample(),
        CombatMode::Auto => auto(
            control,
            budget,
            |deadline| all_may_fit(c, orders.len(), combat, budget).then(|| solve(deadline)),
            sample,
        ),
    }
}

/// Whether Auto should solve every order exactly: the estimate of one
/// order's cost (the board as given), times the orders, fits the exact
/// share of the budget (as `policy` decides for one combat).
fn all_may_fit(
    c: &Combat,
    orders: usize,
    options: &CombatOptions,
    budget: Option<Duration>,
) -> bool {
    let Ok(workers) = crate::parallel::resolve(options.threads) else {
        return true;
    };
    let estimate = options
        .control
        .with_budget(budget.map(|b| b.mul_f64(ESTIMATE_SHARE)));
    let exact_budget = budget.map(|b| b.mul_f64(AUTO_EXACT_SHARE));
    let all = |one: &ExactCost| ExactCost {
        states: one.states,
        ways: one.ways * orders as f64,
    };
    let fit = |one: &ExactCost| fits(&all(one), exact_budget, options.max_states, workers.count());
    exact_cost(c, options.seed, &estimate, |one| !fit(one)).is_none_or(|one| fit(&one))
}

/// Every order solved exactly, in parallel over the orders (one worker
/// each), the first failure in order of the orders returned.
fn solve_all(
    c: &Combat,
    orders: &[Vec<usize>],
    options: &BestOrderOptions,
    deadline: &Control,
) -> Result<Vec<Tally>> {
    let done = AtomicU64::new(0);
    let results = run_with_threads(options.combat.threads, |workers| {
        Ok(map_items(workers, orders.len() as u64, |i| {
            let arranged = Combat {
                a: arranged(&c.a, &orders[i as usize]),
                ..c.clone()
            };
            let r = combat_exact(&arranged, options.combat.max_states, deadline);
            let solved = done.fetch_add(1, Ordering::Relaxed) + 1;
            deadline.report_progress(Progress {
                fraction: solved as f64 / orders.len() as f64,
                done: solved,
                estimate: None,
            });
            r.map(|r| Tally::exact(options.objective, &r))
        }))
    })?;
    results.into_iter().collect()
}

/// The answer from every order's tally: the leader of `live`, its
/// chance of being beaten by more than `margin`, every order ranked.
fn answer(
    c: &Combat,
    orders: &[Vec<usize>],
    tallies: Vec<Tally>,
    live: &[usize],
    objective: Objective,
    margin: f64,
) -> BestOrder {
    let pooled = racing::pooled_variance(&tallies, &(0..tallies.len()).collect::<Vec<_>>());
    let error = |i: usize| racing::standard_error(&tallies[i], pooled);
    let score = |i: usize| objective.sense() * tallies[i].mean();
    let best = racing::leader(&tallies, live, objective);
    let p_beaten = 1.0
        - (0..orders.len())
            .filter(|&i| i != best)
            .map(|i| {
                let gap = score(i) - score(best) - margin;
                let error = error(i).hypot(error(best));
                let p = if error > 0.0 {
                    normal_cdf(gap / error)
                } else {
                    f64::from(u8::from(gap > 0.0))
                };
                1.0 - p
            })
            .product::<f64>();
    let mut ranking: Vec<usize> = (0..orders.len()).collect();
    let contending = |i: usize| live.contains(&i);
    ranking.sort_by(|&x, &y| {
        contending(y)
            .cmp(&contending(x))
            .then(score(y).total_cmp(&score(x)))
            .then(x.cmp(&y))
    });
    // The leader first even among equal scores.
    ranking.retain(|&i| i != best);
    ranking.insert(0, best);
    let ranked = ranking
        .iter()
        .map(|&i| RankedOrder {
            order: orders[i].clone(),
            value: tallies[i].mean(),
            stderr: error(i),
            combats: tallies[i].combats,
        })
        .collect();
    BestOrder {
        order: orders[best].clone(),
        board: arranged(&c.a, &orders[best]),
        value: tallies[best].mean(),
        stderr: error(best),
        margin,
        p_beaten: p_beaten.clamp(0.0, 1.0),
        exact: tallies.iter().all(Tally::is_exact),
        orders: orders.len(),
        combats: tallies.iter().map(|t| t.combats).sum(),
        ranked,
    }
}

/// P(Z <= x) for a standard normal Z (Abramowitz and Stegun 7.1.26:
/// within 1.5e-7, plenty for a probability reported to a few digits).
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erfc = poly * (-z * z).exp();
    if x >= 0.0 {
        1.0 - erfc / 2.0
    } else {
        erfc / 2.0
    }
}
