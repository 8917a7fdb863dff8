//! The one error type every engine returns. The C layer maps its kind to an
//! `OddsmithStatus` and its message to `oddsmith_last_error_message`.

use std::fmt;

/// What went wrong, coarse enough for a C status code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A value is out of range or inconsistent with the others.
    InvalidArgument,
    /// Text (cards, ranges, minions) did not parse.
    Parse,
    /// A card appears twice where every card must be distinct.
    DuplicateCard,
    /// A caller buffer is too small for the answer.
    BufferTooSmall,
    /// The work needed exceeds the caller's budget (states, time, iterations).
    BudgetExceeded,
    /// A bug in oddsmith: an invariant failed or a panic was caught.
    Internal,
    /// A caller-supplied callback reported an error.
    Callback,
}

/// An error with a message meant for people: it names the bad input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
        }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidArgument, message)
    }

    pub fn parse(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Parse, message)
    }

    pub fn budget(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::BudgetExceeded, message)
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Result alias used across the crate.
pub type Result<T> = std::result::Result<T, Error>;
