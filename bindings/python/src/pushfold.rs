//! Push/fold equilibria: heads-up chip EV exactly (the preflop table's
//! linear program), 3 to 10 seats or ICM by CFR+ on a sample of deals, as
//! the CLI's `oddsmith pushfold` chooses.

use crate::errors::{OrRaise, to_py};
use crate::interrupt;
use oddsmith::cards::CardSet;
use oddsmith::poker::pushfold::{
    ClassShare, HeadsUp, SolveOptions, Table, position_name, solve_heads_up, solve_table_within,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Instant;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pushfold, m)?)?;
    Ok(())
}

/// One spot as a dict: who acts after what, how often it is reached, the
/// 13x13 grid of each class's share played and every combo's chance.
fn spot<'py>(
    py: Python<'py>,
    (seat, position, describe): (usize, String, String),
    reach: f64,
    grid: &[ClassShare],
    combos: impl Iterator<Item = (CardSet, f64)>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", seat)?;
    d.set_item("position", position)?;
    d.set_item("describe", describe)?;
    d.set_item("reach", reach)?;
    let mut rows = vec![vec![0.0; 13]; 13];
    for cell in grid {
        rows[cell.row][cell.col] = cell.share;
    }
    d.set_item("grid", rows)?;
    let chances = PyDict::new(py);
    for (cards, chance) in combos {
        chances.set_item(cards.to_string(), chance)?;
    }
    d.set_item("combos", chances)?;
    Ok(d)
}

/// The equilibrium of a push/fold table (stacks in order of action, the
/// blinds last), the GIL released and Ctrl-C honoured: heads-up without
/// payouts exactly, else by CFR+ to `target` over `samples` deals.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn pushfold<'py>(
    py: Python<'py>,
    stacks: Vec<f64>,
    blinds: (f64, f64),
    ante: f64,
    payouts: Vec<f64>,
    target: f64,
    samples: usize,
    seed: u64,
    time_ms: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let started = Instant::now();
    if stacks.len() == 2 && payouts.is_empty() {
        let q = HeadsUp {
            stacks: [stacks[0], stacks[1]],
            small_blind: blinds.0,
            big_blind: blinds.1,
            ante,
        };
        let s = interrupt::run(py, move |_| solve_heads_up(&q))?.or_raise()?;
        let combos = |call: bool| {
            (s.combos.iter()).map(move |c| (c.cards, if call { c.call } else { c.push }))
        };
        let pushed: f64 = s.combos.iter().map(|c| c.push).sum::<f64>() / s.combos.len() as f64;
        let who =
            |seat: usize, describe: &str| (seat, position_name(seat, 2), describe.to_string());
        let spots = [
            spot(py, who(0, "SB opens"), 1.0, &s.push_chart(), combos(false))?,
            spot(
                py,
                who(1, "BB after SB pushes"),
                pushed,
                &s.call_chart(),
                combos(true),
            )?,
        ];
        d.set_item("spots", spots)?;
        d.set_item("values", [s.value, -s.value])?;
        d.set_item("value_errors", [0.0, 0.0])?;
        d.set_item("gains", [s.sb_gain, s.bb_gain])?;
        d.set_item("exploitability", s.exploitability())?;
        d.set_item("exact", true)?;
        d.set_item("sampled", false)?;
        d.set_item("deals", 0)?;
        d.set_item("iterations", 0)?;
        d.set_item("partial", false)?;
    } else {
        let table = Table {
            stacks,
            small_blind: blinds.0,
            big_blind: blinds.1,
            ante,
            payouts,
        };
        let options = SolveOptions {
            target,
            samples,
            seed,
            ..SolveOptions::default()
        };
        let budget = oddsmith::budget::given_ms(time_ms);
        let s = interrupt::run(py, move |control| {
            solve_table_within(&table, &options, &control.with_budget(budget))
        })?
        .map_err(to_py)?;
        let n = s.table.stacks.len();
        let spots = (s.spots.iter())
            .map(|p| {
                let seat = p.spot.seat;
                let who = (seat, position_name(seat, n), p.spot.describe(n));
                spot(py, who, p.reach, &p.chart(), p.combos().into_iter())
            })
            .collect::<PyResult<Vec<_>>>()?;
        d.set_item("spots", spots)?;
        d.set_item("values", &s.values)?;
        d.set_item("value_errors", &s.value_errors)?;
        d.set_item("gains", &s.gains)?;
        d.set_item("exploitability", s.exploitability())?;
        d.set_item("exact", false)?;
        d.set_item("sampled", s.sampled)?;
        d.set_item("deals", s.deals)?;
        d.set_item("iterations", s.iterations)?;
        d.set_item("partial", s.partial)?;
    }
    d.set_item("elapsed_ms", started.elapsed().as_secs_f64() * 1e3)?;
    Ok(d)
}
