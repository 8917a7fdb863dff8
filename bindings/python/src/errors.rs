//! One Python exception per error kind of the library, all deriving from
//! `oddsmith.Error` and carrying the library's message.

use oddsmith::ErrorKind;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    oddsmith,
    Error,
    PyException,
    "Any error reported by oddsmith."
);
create_exception!(
    oddsmith,
    InvalidArgument,
    Error,
    "A value is out of range or inconsistent with the others."
);
create_exception!(
    oddsmith,
    ParseError,
    Error,
    "Text (cards, ranges, minions, bots) did not parse."
);
create_exception!(
    oddsmith,
    DuplicateCard,
    Error,
    "A card appears twice where every card must be distinct."
);
create_exception!(
    oddsmith,
    BufferTooSmall,
    Error,
    "An output buffer is too small for the answer."
);
create_exception!(
    oddsmith,
    BudgetExceeded,
    Error,
    "The work needed exceeds the budget (states, time, iterations)."
);
create_exception!(
    oddsmith,
    InternalError,
    Error,
    "A bug in oddsmith: an invariant failed or a panic was caught."
);
create_exception!(
    oddsmith,
    CallbackError,
    Error,
    "A callback reported an error without raising one."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("InvalidArgument", py.get_type::<InvalidArgument>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("DuplicateCard", py.get_type::<DuplicateCard>())?;
    m.add("BufferTooSmall", py.get_type::<BufferTooSmall>())?;
    m.add("BudgetExceeded", py.get_type::<BudgetExceeded>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add("CallbackError", py.get_type::<CallbackError>())?;
    Ok(())
}

/// The Python exception for a library error.
pub fn to_py(e: oddsmith::Error) -> PyErr {
    let message = e.message().to_string();
    match e.kind() {
        ErrorKind::InvalidArgument => InvalidArgument::new_err(message),
        ErrorKind::Parse => ParseError::new_err(message),
        ErrorKind::DuplicateCard => DuplicateCard::new_err(message),
        ErrorKind::BufferTooSmall => BufferTooSmall::new_err(message),
        ErrorKind::BudgetExceeded => BudgetExceeded::new_err(message),
        ErrorKind::Internal => InternalError::new_err(message),
        ErrorKind::Callback => CallbackError::new_err(message),
    }
}

/// A library result as a Python one.
pub trait OrRaise<T> {
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for oddsmith::Result<T> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

/// The message with what it is about in front ("player 2: ...").
pub fn about(what: &str, e: oddsmith::Error) -> oddsmith::Error {
    oddsmith::Error::new(e.kind(), format!("{what}: {}", e.message()))
}
