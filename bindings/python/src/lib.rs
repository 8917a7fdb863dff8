//! `oddsmith._native`: the compiled half of the Python package. Each
//! function takes plain Python values, runs the engine (long calls off the
//! GIL, interruptible by Ctrl-C: see `interrupt`) and returns dicts or small
//! classes; `python/oddsmith` wraps them in the public API, its defaults,
//! docstrings and result classes.

mod board;
mod durak;
mod errors;
mod hearthstone;
mod interrupt;
mod poker;
mod preflop3;
mod pushfold;
mod solve;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    poker::register(m)?;
    pushfold::register(m)?;
    board::register(m)?;
    preflop3::register(m)?;
    hearthstone::register(m)?;
    solve::register(m)?;
    durak::register(m)?;
    Ok(())
}
