//! How a combat question is answered: the mode (exact, Monte Carlo, or
//! Auto: exact when it fits, else sampled) and the default budgets, in one
//! `CombatOptions` the C entry and the CLI share.

use super::{
    Combat, CombatResult, DEFAULT_MAX_STATES, combat_exact_with_threads, combat_monte_carlo,
};
use crate::budget::{Control, auto};
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
    /// exact `budget::AUTO_EXACT_SHARE` of it.
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
        // No cost estimate yet: exact always tries its share.
        CombatMode::Auto => auto(
            &options.control,
            options.time_budget,
            |d| Some(exact(d)),
            sample,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use crate::hearthstone::combat::{combat_exact, parse_board};

    fn combat(a: &str, b: &str) -> Combat {
        Combat {
            a: parse_board(a).unwrap(),
            b: parse_board(b).unwrap(),
            tiers: [1, 1],
            bonuses: Default::default(),
        }
    }

    #[test]
    fn auto_is_exact_when_it_fits_and_samples_when_it_does_not() {
        let c = combat("3/3,2/2+shield", "4/4,1/1+taunt");
        let auto = simulate(&c, &CombatOptions::default()).unwrap();
        let exact = combat_exact(&c, DEFAULT_MAX_STATES, &Control::NONE).unwrap();
        assert!(auto.exact);
        assert_eq!(auto.win, exact.win);
        let tight = CombatOptions {
            max_states: 1,
            samples: 20_000,
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
}
