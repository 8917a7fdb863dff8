//! What a range makes on a board: made hands and draws by class, with
//! equity by class against a second range (`oddsmith::poker::board`).

use crate::errors::{OrRaise, about, to_py};
use crate::interrupt;
use oddsmith::budget::given_ms;
use oddsmith::cards::CardSet;
use oddsmith::poker::Range;
use oddsmith::poker::board::{BoardQuestion, Boards, board_stats};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::time::Instant;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(board, m)?)?;
    Ok(())
}

fn range(what: &str, text: &str) -> PyResult<Range> {
    Range::parse(text).map_err(|e| to_py(about(what, e)))
}

/// A combo as players write it, the higher card first ("AhKh"), as the
/// CLI shows it.
fn hand(cards: &CardSet) -> String {
    let cards: Vec<_> = cards.iter().collect();
    cards.iter().rev().map(ToString::to_string).collect()
}

/// `range` on `boards` (each board's text; none: every flop), with equity
/// against `vs`. `time_ms` None or 0: no time limit.
#[pyfunction]
fn board<'py>(
    py: Python<'py>,
    range_text: &str,
    boards: Option<Vec<String>>,
    vs: Option<&str>,
    threads: usize,
    time_ms: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let boards = match boards {
        None => Boards::AllFlops,
        Some(list) => Boards::List(
            list.iter()
                .enumerate()
                .map(|(i, text)| {
                    let what = if list.len() == 1 {
                        "board".to_string()
                    } else {
                        format!("board {}", i + 1)
                    };
                    CardSet::parse(text.trim()).map_err(|e| to_py(about(&what, e)))
                })
                .collect::<PyResult<Vec<_>>>()?,
        ),
    };
    let question = BoardQuestion {
        range: range("range", range_text)?,
        vs: vs.map(|v| range("vs", v)).transpose()?,
        boards,
        threads,
        control: oddsmith::budget::Control::NONE,
    };
    let budget = given_ms(time_ms);
    let (answer, elapsed) = interrupt::run(py, move |control| {
        let question = BoardQuestion {
            control: control.with_budget(budget),
            ..question
        };
        let started = Instant::now();
        (board_stats(&question), started.elapsed())
    })?;
    let answer = answer.or_raise()?;
    let classes = PyList::empty(py);
    for line in &answer.classes {
        let row = PyDict::new(py);
        row.set_item("key", line.class.key())?;
        row.set_item("name", line.class.name())?;
        row.set_item("draw", line.class.is_draw())?;
        row.set_item("combos", line.combos)?;
        row.set_item("weight", line.weight)?;
        row.set_item("share", line.share)?;
        row.set_item("equity", line.equity)?;
        row.set_item("hands", line.hands.iter().map(hand).collect::<Vec<_>>())?;
        classes.append(row)?;
    }
    let d = PyDict::new(py);
    d.set_item("boards", answer.boards)?;
    d.set_item("combos", answer.combos)?;
    d.set_item("weight", answer.weight)?;
    d.set_item("equity", answer.equity)?;
    d.set_item("classes", classes)?;
    d.set_item("elapsed_ms", elapsed.as_secs_f64() * 1e3)?;
    Ok(d)
}
