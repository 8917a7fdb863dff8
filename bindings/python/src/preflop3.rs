//! The exact three-way preflop table of hand classes, a slice at a time
//! (`oddsmith::poker::equity::preflop3`), for `oddsmith.cluster`.

use crate::errors::OrRaise;
use crate::interrupt;
use oddsmith::poker::equity::preflop3;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(preflop3_rows, m)?)?;
    m.add_function(wrap_pyfunction!(preflop3_triple, m)?)?;
    m.add_function(wrap_pyfunction!(preflop3_index, m)?)?;
    m.add_function(wrap_pyfunction!(preflop3_work, m)?)?;
    m.add("PREFLOP3_TRIPLES", preflop3::TRIPLES)?;
    m.add("PREFLOP3_ROW_WORDS", preflop3::ROW_WORDS)?;
    Ok(())
}

/// The rows of the `count` triples from `first`, as stored (little-endian
/// u64s, `PREFLOP3_ROW_WORDS` a row), on `threads` threads.
#[pyfunction]
fn preflop3_rows<'py>(
    py: Python<'py>,
    first: usize,
    count: usize,
    threads: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = interrupt::run(py, move |control| {
        preflop3::rows_bytes(first, count, threads, control)
    })?
    .or_raise()?;
    Ok(PyBytes::new(py, &bytes))
}

/// The classes (grid indices) of triple `index`.
#[pyfunction]
fn preflop3_triple(index: usize) -> PyResult<(usize, usize, usize)> {
    let [a, b, c] = preflop3::triple_at(index).or_raise()?;
    Ok((a, b, c))
}

/// The index of the triple of classes `a <= b <= c`.
#[pyfunction]
fn preflop3_index(a: usize, b: usize, c: usize) -> PyResult<usize> {
    preflop3::index_of([a, b, c]).or_raise()
}

/// The suit classes of deals behind the `count` triples from `first`.
#[pyfunction]
fn preflop3_work(first: usize, count: usize) -> PyResult<u64> {
    preflop3::work_of(first, count).or_raise()
}
