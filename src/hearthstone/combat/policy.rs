//! How a combat question is answered: the mode (exact, Monte Carlo, or
//! Auto: exact when it fits, else sampled) and the default budgets, in one
//! `CombatOptions` the C entry and the CLI share.

use super::cost::{ExactCost, exact_cost};
use super::{
    Combat, CombatResult, DEFAULT_MAX_STATES, combat_exact_with_threads, combat_monte_carlo,
};
use crate::budget::{AUTO_EXACT_SHARE, Control, auto};
use crate::error::Result;
use std::time::Duration;

/// Which engine answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CombatMode {
    /// Exact unless over the state or time budget, then Monte Carlo.
    #[default]
    Auto,
    /// The exact engine only: fails with `BudgetExceeded` past the state or
    /// time budget.
    Exact,
    /// Monte Carlo only: `samples` combats or the time budget.
    MonteCarlo,
}

/// Share of a time budget sampling runs to: combats in flight finish
/// after its deadline (a few hundred at most) and the answer is put
/// together, so that the whole call stays within the budget.
pub const SAMPLING_SHARE: f64 = 0.99;

/// Monte Carlo combats when none are given.
pub const DEFAULT_SAMPLES: u64 = 1_000_000;

/// The state budget as every interface takes it: 0 is none given
/// (`budget::given`), [`DEFAULT_MAX_STATES`].
pub fn max_states_or_default(given: u64) -> u64 {
    crate::budget::given(given).unwrap_or(DEFAULT_MAX_STATES)
}

/// The Monte Carlo combats as every interface takes them: 0 is none given
/// (`budget::given`), [`DEFAULT_SAMPLES`].
pub fn samples_or_default(given: u64) -> u64 {
    crate::budget::given(given).unwrap_or(DEFAULT_SAMPLES)
}

/// Auto's time budget when none is given: an answer within about 200 ms
/// on any board (an overlay's frame budget), exact when it fits.
pub const DEFAULT_AUTO_TIME_BUDGET: Duration = Duration::from_millis(200);

/// The one meaning of a combat time budget, for every front end: the
/// budget given, else (none given: C's 0, no `--time-ms`, Python's
/// `time_ms=None`) [`DEFAULT_AUTO_TIME_BUDGET`] for Auto and no limit for
/// Exact (asked for whatever it takes) and Monte Carlo (bounded by its
/// samples).
pub fn time_budget(mode: CombatMode, given: Option<Duration>) -> Option<Duration> {
    given.or((mode == CombatMode::Auto).then_some(DEFAULT_AUTO_TIME_BUDGET))
}

/// Everything about how to answer; `Default` is what C's zeroed options
/// and the CLI's defaults mean.
#[derive(Debug, Clone)]
pub struct CombatOptions {
    /// Which engine answers (Auto by default).
    pub mode: CombatMode,
    /// Distinct states the exact engine may expand.
    pub max_states: u64,
    /// Monte Carlo combats.
    pub samples: u64,
    /// Wall-clock limit: sampling stops with what it has (at
    /// `SAMPLING_SHARE` of it), the exact engine fails past it, Auto gives
    /// exact `budget::AUTO_EXACT_SHARE` of it. None: the mode's default
    /// (`policy::time_budget`: 200 ms for Auto, no limit otherwise).
    pub time_budget: Option<Duration>,
    /// Monte Carlo seed (the answer does not depend on the thread count).
    pub seed: u64,
    /// Workers of either engine, by the rule of [`crate::parallel`]; the
    /// answer does not depend on them.
    pub threads: usize,
    /// Cancel flag and progress hook (its own time limit is replaced by
    /// `time_budget`).
    pub control: Control,
}

impl Default for CombatOptions {
    fn default() -> Self {
        CombatOptions {
            mode: CombatMode::Auto,
            max_states: DEFAULT_MAX_STATES,
            samples: DEFAULT_SAMPLES,
            time_budget: None,
            seed: 0,
            threads: 0,
            control: Control::NONE,
        }
    }
}

/// The odds of `c` as `options` say.
pub fn simulate(c: &Combat, options: &CombatOptions) -> Result<CombatResult> {
    let resolved = CombatOptions {
        time_budget: time_budget(options.mode, options.time_budget),
        ..options.clone()
    };
    let options = &resolved;
    let share = |f: f64| {
        options
            .control
            .with_budget(options.time_budget.map(|b| b.mul_f64(f)))
    };
    let deadline = options.control.with_budget(options.time_budget);
    let sampling_deadline = share(SAMPLING_SHARE);
    let sample = || {
        combat_monte_carlo(
            c,
            options.samples,
            options.seed,
            options.threads,
            &sampling_deadline,
        )
    };
    let exact = |deadline: &Control| {
        combat_exact_with_threads(c, options.max_states, options.threads, deadline)
    };
    match options.mode {
        CombatMode::Exact => exact(&deadline),
        CombatMode::MonteCarlo => sample(),
        // Exact only when its estimate fits (should the estimate be
        // wrong, the policy samples with what is left).
        CombatMode::Auto => auto(
            &options.control,
            options.time_budget,
            |d| {
                let estimate = options
                    .control
                    .with_budget(options.time_budget.map(|b| b.mul_f64(ESTIMATE_SHARE)));
                exact_may_fit(c, options, &estimate).then(|| exact(d))
            },
            sample,
        ),
    }
}

/// Share of a time budget Auto's estimate of the exact cost may take
/// (it takes 1 to 8 ms on late-game 7v7 boards, most of a 200 ms budget's
/// share on slow machines only).
pub const ESTIMATE_SHARE: f64 = 0.05;

/// Ways of a turn the exact engine enumerates per second on one worker,
/// counted as `cost::exact_cost` estimates them: above the fastest of
/// the late-game 7v7 boards exact solves within seconds (0.2 to 1.8
/// million estimated ways a second: the estimate is low by 1 to 28 times
/// on them), so that a wrong estimate errs toward trying exact.
pub const EXACT_WAYS_PER_SECOND: f64 = 2.5e6;

/// What each worker beyond the first adds to the exact engine's speed
/// (measured: two workers solve late-game boards 1.5 times as fast as
/// one), up to `MOST_WORKER_SPEED` times one worker's (more workers were
/// not measured).
const EXTRA_WORKER_SPEED: f64 = 0.5;
const MOST_WORKER_SPEED: f64 = 2.0;

/// Whether Auto should try the exact engine on `c`: unless its cost,
/// estimated within `estimate`'s deadline (`ESTIMATE_SHARE` of the
/// budget), is beyond the state budget or the exact share of the time
/// budget. An estimate that ran out of time, or was cancelled, says
/// nothing: exact tries, as it did before there were estimates.
fn exact_may_fit(c: &Combat, options: &CombatOptions, estimate: &Control) -> bool {
    // The exact engine reports bad input.
    let Ok(workers) = crate::parallel::resolve(options.threads) else {
        return true;
    };
    if super::validate(c).is_err() {
        return true;
    }
    let exact_budget = options.time_budget.map(|b| b.mul_f64(AUTO_EXACT_SHARE));
    let fits = |cost: &ExactCost| fits(cost, exact_budget, options.max_states, workers.count());
    // The estimate grows with the sample: one that does not fit is final.
    exact_cost(c, options.seed, estimate, |cost| !fits(cost)).is_none_or(|cost| fits(&cost))
}

/// Whether the exact engine, at `cost`, may finish within `budget` and
/// `max_states` on `workers` workers.
pub(super) fn fits(
    cost: &ExactCost,
    budget: Option<Duration>,
    max_states: u64,
    workers: usize,
) -> bool {
    let speedup = (1.0 + EXTRA_WORKER_SPEED * (workers - 1) as f64).min(MOST_WORKER_SPEED);
    let speed = EXACT_WAYS_PER_SECOND * speedup;
    cost.states <= max_states as f64 && budget.is_none_or(|b| cost.ways / speed <= b.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use crate::budget::Progress;
    use crate::hearthstone::combat::{combat_exact, parse_board};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn budgets_of_zero_are_the_defaults() {
        assert_eq!(max_states_or_default(0), DEFAULT_MAX_STATES);
        assert_eq!(max_states_or_default(9), 9);
        assert_eq!(samples_or_default(0), DEFAULT_SAMPLES);
        assert_eq!(samples_or_default(9), 9);
    }

    fn combat(a: &str, b: &str) -> Combat {
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

    #[test]
    fn a_budget_not_given_is_the_modes_default() {
        let ms = Duration::from_millis;
        assert_eq!(time_budget(CombatMode::Auto, None), Some(ms(200)));
        assert_eq!(time_budget(CombatMode::Exact, None), None);
        assert_eq!(time_budget(CombatMode::MonteCarlo, None), None);
        for mode in [CombatMode::Auto, CombatMode::Exact, CombatMode::MonteCarlo] {
            assert_eq!(time_budget(mode, Some(ms(7))), Some(ms(7)));
        }
    }

    #[test]
    fn auto_is_exact_when_it_fits_and_samples_when_it_does_not() {
        let c = combat("3/3,2/2+shield", "4/4,1/1+taunt");
        let auto = simulate(&c, &CombatOptions::default()).unwrap();
        let exact = combat_exact(&c, DEFAULT_MAX_STATES, &Control::NONE).unwrap();
        assert!(auto.exact);
        assert_eq!(auto.win, exact.win);
        // All 20,000 combats whatever the machine's speed.
        let tight = CombatOptions {
            max_states: 1,
            samples: 20_000,
            time_budget: Some(Duration::from_secs(600)),
            ..CombatOptions::default()
        };
        let sampled = simulate(&c, &tight).unwrap();
        assert!(!sampled.exact && sampled.states == 20_000);
        assert!((sampled.win - exact.win).abs() < 5.0 * sampled.stderr + 1e-9);
        let exact_only = CombatOptions {
            mode: CombatMode::Exact,
            ..tight
        };
        assert_eq!(
            simulate(&c, &exact_only).unwrap_err().kind(),
            ErrorKind::BudgetExceeded
        );
    }

    /// The Palescale board's exact answer takes 0.6 s on one worker
    /// (25,802 states, 2.6 million ways of a turn): Auto with the CLI's
    /// 200 ms gives sampling the whole budget, and a state budget below
    /// its states does too, without a state expanded.
    #[test]
    fn auto_samples_at_once_when_exact_cannot_fit() {
        let c = crate::hearthstone::combat::cost::tests::crocolisks_against_pirates();
        let cost = exact_cost(&c, 0, &Control::NONE, |_| false).unwrap();
        let share = Duration::from_millis(200).mul_f64(AUTO_EXACT_SHARE);
        for workers in [1, 2, 4, 64] {
            assert!(
                !fits(&cost, Some(share), DEFAULT_MAX_STATES, workers),
                "{cost:?}"
            );
        }
        for threads in [1, 2] {
            let cli = CombatOptions {
                time_budget: Some(Duration::from_millis(200)),
                threads,
                ..CombatOptions::default()
            };
            assert!(!exact_may_fit(&c, &cli, &Control::NONE));
        }
        // The same combats Monte Carlo draws, and no exact progress (a
        // report without an estimate) on the way.
        let exact_reports = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&exact_reports);
        let few_states = CombatOptions {
            max_states: 5_000,
            samples: 20_000,
            // All 20,000 combats whatever the machine's speed: the state
            // budget alone rules exact out.
            time_budget: Some(Duration::from_secs(600)),
            control: Control::NONE.with_progress(Arc::new(move |p: &Progress| {
                if p.estimate.is_none() {
                    seen.fetch_add(1, Ordering::Relaxed);
                }
            })),
            ..CombatOptions::default()
        };
        let auto = simulate(&c, &few_states).unwrap();
        let sampled = CombatOptions {
            mode: CombatMode::MonteCarlo,
            ..few_states.clone()
        };
        assert_eq!(auto, simulate(&c, &sampled).unwrap());
        assert!(!auto.exact && auto.states == 20_000, "{auto:?}");
        assert_eq!(exact_reports.load(Ordering::Relaxed), 0);
    }

    /// Boards exact solves in a fraction of the budget are still solved
    /// exactly: the estimate errs low.
    #[test]
    fn auto_stays_exact_where_exact_fits() {
        let cli = CombatOptions {
            time_budget: Some(Duration::from_millis(200)),
            ..CombatOptions::default()
        };
        let small = combat("1/1+dr=5/5,2/2,3/3+shield", "1/1,3/9,2/2+taunt");
        assert!(exact_may_fit(&small, &cli, &Control::NONE));
        // 291,670 states: estimated at about a quarter of them.
        let seven = combat(
            "40/47,42/46,40/24,44/24,34/24,34/34,14/24",
            "40/43,48/43,43/34,24/64,34/24,24/54,14/14",
        );
        let cost = exact_cost(&seven, 0, &Control::NONE, |_| false).unwrap();
        assert!(
            fits(&cost, Some(Duration::from_secs(1)), DEFAULT_MAX_STATES, 1),
            "{cost:?}"
        );
        let unhurried = CombatOptions {
            time_budget: Some(Duration::from_secs(600)),
            ..CombatOptions::default()
        };
        assert!(simulate(&seven, &unhurried).unwrap().exact);
    }
}
