//! What a range makes on a board: made hands and draws by class, with
//! equity by class against a second range (`oddsmith::poker::board`).

use crate::errors::{OrRaise, about, to_py};
use crate::interrupt;
use oddsmith::budget::given_ms;
use oddsmith::cards::CardSet;
use oddsmith::poker::Range;
use oddsmith::poker::board::{
    BoardAnswer, BoardQuestion, Boards, ChunkSums, all_flops_chunks, all_flops_from_chunks,
    board_stats,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::time::Instant;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(board, m)?)?;
    m.add_function(wrap_pyfunction!(board_flop_chunks, m)?)?;
    m.add_function(wrap_pyfunction!(board_from_chunks, m)?)?;
    m.add(
        "BOARD_FLOP_CHUNKS",
        oddsmith::poker::board::ALL_FLOPS_CHUNKS,
    )?;
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
    answer_dict(py, &answer.or_raise()?, elapsed.as_secs_f64() * 1e3)
}

/// The every-flop question of `range` against `vs` on `threads` threads.
fn every_flop(range_text: &str, vs: &str, threads: usize) -> PyResult<BoardQuestion> {
    Ok(BoardQuestion {
        range: range("range", range_text)?,
        vs: Some(range("vs", vs)?),
        boards: Boards::AllFlops,
        threads,
        control: oddsmith::budget::Control::NONE,
    })
}

/// The sums of chunks `first..end` of every flop's equity (for a cluster
/// job; `board_from_chunks` adds them up).
#[pyfunction]
fn board_flop_chunks(
    py: Python<'_>,
    range_text: &str,
    vs: &str,
    first: u64,
    end: u64,
    threads: usize,
) -> PyResult<Vec<ChunkSums>> {
    let question = every_flop(range_text, vs, threads)?;
    interrupt::run(py, move |control| {
        let question = BoardQuestion {
            control: control.clone(),
            ..question
        };
        all_flops_chunks(&question, first..end)
    })?
    .or_raise()
}

/// The every-flop answer from every chunk's sums, in chunk order: the
/// same numbers as `board` over every flop.
#[pyfunction]
fn board_from_chunks<'py>(
    py: Python<'py>,
    range_text: &str,
    vs: &str,
    chunks: Vec<ChunkSums>,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let question = every_flop(range_text, vs, threads)?;
    let started = Instant::now();
    let answer = interrupt::run(py, move |control| {
        let question = BoardQuestion {
            control: control.clone(),
            ..question
        };
        all_flops_from_chunks(&question, &chunks)
    })?
    .or_raise()?;
    answer_dict(py, &answer, started.elapsed().as_secs_f64() * 1e3)
}

fn answer_dict<'py>(
    py: Python<'py>,
    answer: &BoardAnswer,
    elapsed_ms: f64,
) -> PyResult<Bound<'py, PyDict>> {
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
    d.set_item("elapsed_ms", elapsed_ms)?;
    Ok(d)
}
