//! Racing orders against each other with Monte Carlo: successive halving
//! (each round splits what is left of the combats budget evenly among the
//! orders still in contention, then keeps the better half), which also
//! drops at once every order confidently worse than the round's leader.
//! Each order's combats of a round come from their own seed, so the race
//! depends on the seed and the budget, not on the number of threads.

use super::objective::{Objective, Tally};
use super::orders::arranged;
use crate::budget::{Control, Estimate, Progress};
use crate::error::Result;
use crate::hearthstone::combat::{Combat, combat_monte_carlo};
use crate::parallel::{map_items, run_with_threads};
use crate::rng::Rng;

/// Fewest combats an order is given in a round: below it a round's
/// ranking is noise.
pub const MIN_BATCH: u64 = 32;

/// Standard errors by which an order must trail the leader to be dropped
/// before the halving: at three, the best order is dropped so less than
/// once in 700 comparisons.
const DROP_Z: f64 = 3.0;

/// The race's end: every order's tally and the orders still in
/// contention when it stopped (one when the halving ran to its end).
pub struct Race {
    /// Each order's tally (index of `orders`).
    pub tallies: Vec<Tally>,
    /// Orders in contention at the end.
    pub live: Vec<usize>,
}

/// Races `orders` of side A in `c` for `objective` with `samples` combats
/// in all (at least `MIN_BATCH` an order a round), on `threads` workers,
/// until `deadline` passes (every order is sampled at least once, unless
/// it is cancelled: then the orders sampled so far contend).
pub fn race(
    c: &Combat,
    orders: &[Vec<usize>],
    objective: Objective,
    (samples, seed, threads): (u64, u64, usize),
    deadline: &Control,
) -> Result<Race> {
    let started = std::time::Instant::now();
    let mut tallies = vec![Tally::default(); orders.len()];
    let mut live: Vec<usize> = (0..orders.len()).collect();
    let mut left = samples;
    run_with_threads(threads, |workers| {
        for round in 0u64.. {
            let per_order = (left / rounds_left(live.len()) / live.len() as u64).max(MIN_BATCH);
            let results = map_items(workers, live.len() as u64, |k| {
                let i = live[k as usize];
                // Past the time budget every order still gets its first
                // combats (each has an estimate); after a cancel none does:
                // thousands of orders, a few hundred combats each, would
                // keep the caller waiting for seconds.
                if deadline.passed() && (tallies[i].combats > 0 || deadline.cancelled()) {
                    return None;
                }
                let arranged = Combat {
                    a: arranged(&c.a, &orders[i]),
                    ..c.clone()
                };
                let stream = round * orders.len() as u64 + i as u64;
                let seed = Rng::stream(seed, stream).next_u64();
                Some(combat_monte_carlo(&arranged, per_order, seed, 1, deadline))
            });
            for (k, r) in results.into_iter().enumerate() {
                if let Some(r) = r {
                    let r = r?;
                    left = left.saturating_sub(r.states);
                    tallies[live[k]].add(objective, &r);
                }
            }
            if deadline.wants_progress() {
                let spent = samples.saturating_sub(left);
                let leader = leader(&tallies, &live, objective);
                deadline.report_progress(Progress {
                    fraction: (spent as f64 / samples as f64).max(deadline.time_used(started)),
                    done: spent,
                    estimate: Some(Estimate::of(
                        &[tallies[leader].mean()],
                        standard_error(&tallies[leader], pooled_variance(&tallies, &live)),
                    )),
                });
            }
            if live.len() == 1 || left == 0 || deadline.passed() {
                break;
            }
            left = left.min(affordable(samples - left, deadline.time_used(started)));
            live = contenders(&tallies, &live, objective);
        }
        Ok(())
    })?;
    // A cancel leaves orders never sampled: only those sampled contend.
    let sampled: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&i| tallies[i].combats > 0)
        .collect();
    if !sampled.is_empty() {
        live = sampled;
    }
    Ok(Race { tallies, live })
}

/// The combats the time left affords at the pace so far (`spent` in
/// `used` of the time budget): the rounds left split these, so that a
/// time budget ends the halving rather than cutting it short.
fn affordable(spent: u64, used: f64) -> u64 {
    if used <= 0.0 {
        return u64::MAX;
    }
    if used >= 1.0 {
        return 0;
    }
    (spent as f64 * (1.0 - used) / used) as u64
}

/// Rounds of halving until one order is left (at least one).
fn rounds_left(live: usize) -> u64 {
    u64::from(live.next_power_of_two().trailing_zeros()).max(1)
}

/// The order of `live` with the best estimate (the first among equals).
pub fn leader(tallies: &[Tally], live: &[usize], objective: Objective) -> usize {
    let score = |i: usize| objective.sense() * tallies[i].mean();
    live.iter().copied().fold(
        live[0],
        |best, i| if score(i) > score(best) { i } else { best },
    )
}

/// The orders of `live` kept for the next round: none confidently worse
/// than the leader, and at most the better half (rounded up).
fn contenders(tallies: &[Tally], live: &[usize], objective: Objective) -> Vec<usize> {
    let pooled = pooled_variance(tallies, live);
    let score = |i: usize| objective.sense() * tallies[i].mean();
    let best = leader(tallies, live, objective);
    let best_error = standard_error(&tallies[best], pooled);
    let mut kept: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&i| {
            let error = standard_error(&tallies[i], pooled).hypot(best_error);
            score(i) + DROP_Z * error >= score(best)
        })
        .collect();
    // Best first; equal scores keep the order of enumeration.
    kept.sort_by(|&x, &y| score(y).total_cmp(&score(x)).then(x.cmp(&y)));
    kept.truncate(live.len().div_ceil(2));
    kept
}

/// The variance of one combat's value over all orders of `live`
/// (weighted by their combats).
pub fn pooled_variance(tallies: &[Tally], live: &[usize]) -> f64 {
    let (sum, n) = live.iter().fold((0.0, 0.0), |(sum, n), &i| {
        let t = &tallies[i];
        (sum + t.variance() * t.combats as f64, n + t.combats as f64)
    });
    if n > 0.0 { sum / n } else { 0.0 }
}

/// The standard error of an order's estimate, its variance shrunk toward
/// `pooled` by one combat's worth: an order whose few combats all ended
/// alike is not taken for certain (0 when exact).
pub fn standard_error(t: &Tally, pooled: f64) -> f64 {
    if t.is_exact() || t.combats == 0 {
        return 0.0;
    }
    let n = t.combats as f64;
    ((t.variance() * n + pooled) / (n + 1.0) / n).sqrt()
}
