//! Shared output and failure handling for every subcommand.

use oddsmith::{Error, ErrorKind};
use std::process::ExitCode;

/// Why a subcommand failed; printed as one line on stderr.
pub enum Failure {
    /// The user's input is wrong: exit code 2.
    BadInput(String),
    /// Anything else: exit code 1.
    Other(String),
    /// Ctrl-C stopped the work: exit code 130, with a message when no
    /// partial result was printed.
    Interrupted(Option<String>),
}

impl Failure {
    pub fn report(self) -> ExitCode {
        match self {
            Failure::BadInput(message) => {
                eprintln!("oddsmith: error: {message}");
                ExitCode::from(2)
            }
            Failure::Other(message) => {
                eprintln!("oddsmith: error: {message}");
                ExitCode::from(1)
            }
            Failure::Interrupted(message) => {
                if let Some(message) = message {
                    eprintln!("oddsmith: {message}");
                }
                ExitCode::from(crate::long_run::INTERRUPTED)
            }
        }
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        match e.kind() {
            ErrorKind::InvalidArgument | ErrorKind::Parse | ErrorKind::DuplicateCard => {
                Failure::BadInput(e.message().to_string())
            }
            _ => Failure::Other(e.message().to_string()),
        }
    }
}

pub type Outcome = Result<(), Failure>;

/// Prints a JSON value as one line on stdout.
pub fn print_json(value: &serde_json::Value) {
    println!("{value}");
}
