//! Multiway push/fold: the question (`Table`), how hard to solve it
//! (`SolveOptions`) and the answer (`TableSolution`): per spot, each hand
//! class's chance to push or call; each seat's value; each seat's gain by
//! its exact best response.

use super::cfr::{Cfr, Sweep, sweep};
use super::chart::{ClassShare, class_chart};
use super::deals::{self, CLASSES, Deals};
use super::table::{Spot, Table, Tree};
use crate::budget::Control;
use crate::cards::CardSet;
use crate::error::{Error, Result};
use crate::poker::equity::grid::cell_of;
use crate::poker::equity::preflop::combo_mask;
use crate::poker::range::COMBOS;

/// Most deal-ends the sampled game may hold (each a 4-byte index).
const MAX_DEAL_ENDS: usize = 1 << 26;

/// Iterations between checks of the average strategy's exploitability.
const CHECK_EVERY: usize = 8;

/// How a table is solved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveOptions {
    /// Stop once no seat gains more than this (big blinds) by its best
    /// response.
    pub target: f64,
    /// Deals sampled for three or more players (two are exact).
    pub samples: usize,
    /// The sample's seed.
    pub seed: u64,
    /// Stop after this many iterations even if the target is not met.
    pub max_iterations: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            target: 0.001,
            samples: 1_000_000,
            seed: 1,
            max_iterations: 20_000,
        }
    }
}

/// One spot's strategy.
#[derive(Debug, Clone, PartialEq)]
pub struct SpotStrategy {
    /// Who acts, after what.
    pub spot: Spot,
    /// The chance the spot is reached.
    pub reach: f64,
    /// Per hand class (row by row of the 13x13 chart), the chance to push
    /// (or call).
    pub classes: Vec<f64>,
}

impl SpotStrategy {
    /// The 13x13 chart.
    pub fn chart(&self) -> Vec<ClassShare> {
        class_chart(self.combos())
    }

    /// Every combo with its chance (a class's combos play alike).
    pub fn combos(&self) -> Vec<(CardSet, f64)> {
        (0..COMBOS)
            .map(|slot| {
                let cards = CardSet::from_mask(combo_mask(slot)).unwrap_or_default();
                let (row, col) = cell_of(cards);
                (cards, self.classes[row * 13 + col])
            })
            .collect()
    }
}

/// A multiway push/fold equilibrium, amounts in big blinds (ICM prizes
/// priced at the chips in play over the prizes paid).
#[derive(Debug, Clone, PartialEq)]
pub struct TableSolution {
    /// The question.
    pub table: Table,
    /// How it was solved.
    pub options: SolveOptions,
    /// Every spot, parents before children.
    pub spots: Vec<SpotStrategy>,
    /// Each seat's expected result per hand.
    pub values: Vec<f64>,
    /// Each value's standard error from sampling (zero when exact).
    pub value_errors: Vec<f64>,
    /// What each seat gains by its exact best response (in the game
    /// solved: the sample for three or more players).
    pub gains: Vec<f64>,
    /// CFR+ iterations run.
    pub iterations: usize,
    /// Deals in the game solved.
    pub deals: usize,
    /// Whether the deals are a sample.
    pub sampled: bool,
    /// Stopped by a cancel before the target was met (the one meaning of
    /// partial, `budget::is_partial`): the best strategy so far, its gains
    /// stated. A deadline ends the solving as asked, not partial.
    pub partial: bool,
}

impl TableSolution {
    /// The largest best-response gain.
    pub fn exploitability(&self) -> f64 {
        self.gains.iter().fold(0.0, |m, &g| m.max(g))
    }
}

/// Solves a table: heads-up exactly (the preflop table), three or more
/// players over a sample of deals (see `SolveOptions::samples`).
pub fn solve_table(table: &Table, options: &SolveOptions) -> Result<TableSolution> {
    solve_table_within(table, options, &Control::NONE)
}

/// [`solve_table`] under `control`: past its deadline or once cancelled,
/// the best strategy found so far (checked every few iterations), its
/// gains stated; progress is the iterations' share of the most allowed.
pub fn solve_table_within(
    table: &Table,
    options: &SolveOptions,
    control: &Control,
) -> Result<TableSolution> {
    if !(options.target.is_finite() && options.target > 0.0) {
        return Err(Error::invalid(format!(
            "target {}: the exploitability target must be a positive number",
            options.target
        )));
    }
    let (tree, deals) = game(table, options)?;
    let (act, sweep, iterations) = solve_deals(
        &tree,
        &deals,
        (options.target, options.max_iterations),
        control,
    );
    let mut solution = answer(table, options, &tree, &deals, &act, &sweep, iterations);
    solution.partial = control.partial(false) && solution.exploitability() > options.target;
    Ok(solution)
}

/// Each seat's best-response gain against `solution`'s strategy in a
/// fresh sample of `samples` deals drawn by `seed` (for three or more
/// players: an estimate of the gains in the full game, free of the
/// solved sample's own noise; two players are exact either way).
pub fn check_table(solution: &TableSolution, samples: usize, seed: u64) -> Result<Vec<f64>> {
    let options = SolveOptions {
        samples,
        seed,
        ..solution.options
    };
    let (tree, deals) = game(&solution.table, &options)?;
    let act: Vec<f64> = solution
        .spots
        .iter()
        .flat_map(|s| s.classes.iter().copied())
        .collect();
    Ok(sweep(&tree, &deals, &act)
        .gains
        .iter()
        .map(|g| g.max(0.0))
        .collect())
}

/// The tree and deals of a table: heads-up exact, else sampled.
fn game(table: &Table, options: &SolveOptions) -> Result<(Tree, Deals)> {
    table.check()?;
    let n = table.stacks.len();
    let tree = Tree::new(n);
    let deals = if n == 2 {
        deals::heads_up(table, &tree)?
    } else {
        if options.samples == 0 || options.samples.saturating_mul(tree.ends.len()) > MAX_DEAL_ENDS {
            return Err(Error::invalid(format!(
                "samples {}: between 1 and {} for {n} players",
                options.samples,
                MAX_DEAL_ENDS / tree.ends.len()
            )));
        }
        deals::sampled(table, &tree, options.samples, options.seed)?
    };
    Ok((tree, deals))
}

/// CFR+ until the average strategy's largest gain is at most `target`
/// or `max_iterations` ran, or `control` stops it: the strategy, its
/// sweep, the iterations.
pub(super) fn solve_deals(
    tree: &Tree,
    deals: &Deals,
    (target, max_iterations): (f64, usize),
    control: &Control,
) -> (Vec<f64>, Sweep, usize) {
    let mut cfr = Cfr::new(tree, deals);
    let worst = |s: &Sweep| s.gains.iter().fold(0.0f64, |m, &g| m.max(g));
    loop {
        for _ in 0..CHECK_EVERY {
            cfr.step(tree, deals);
        }
        // The average is what CFR+ guarantees; the current strategy is
        // often as close and plays pure hands purely: keep the better.
        let average = cfr.average();
        let (a, c) = (sweep(tree, deals, &average), sweep(tree, deals, &cfr.act));
        let (act, s) = if worst(&c) <= worst(&a) {
            (cfr.act.clone(), c)
        } else {
            (average, a)
        };
        if worst(&s) <= target || cfr.iterations >= max_iterations || control.passed() {
            return (act, s, cfr.iterations);
        }
        control.report(cfr.iterations as f64 / max_iterations as f64);
    }
}

fn answer(
    table: &Table,
    options: &SolveOptions,
    tree: &Tree,
    deals: &Deals,
    act: &[f64],
    s: &Sweep,
    iterations: usize,
) -> TableSolution {
    let g = deals.groups;
    debug_assert_eq!(g, CLASSES);
    let spots = tree
        .spots
        .iter()
        .enumerate()
        .map(|(k, spot)| SpotStrategy {
            spot: spot.clone(),
            reach: s.reach[k],
            classes: act[k * g..(k + 1) * g].to_vec(),
        })
        .collect();
    let samples = deals.len() as f64;
    let value_errors = s
        .values
        .iter()
        .zip(&s.squares)
        .map(|(v, q)| {
            if deals.sampled {
                ((q - v * v).max(0.0) / samples).sqrt()
            } else {
                0.0
            }
        })
        .collect();
    TableSolution {
        table: table.clone(),
        options: *options,
        spots,
        values: s.values.clone(),
        value_errors,
        gains: s.gains.iter().map(|g| g.max(0.0)).collect(),
        iterations,
        deals: deals.len(),
        sampled: deals.sampled,
        partial: false,
    }
}
