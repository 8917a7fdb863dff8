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
    culprit: Option<&'static str>,
}

/// Longest message kept whole. Messages quote the bad input, which may be
/// megabytes: a longer one keeps its start and end, with the cut said.
const MAX_MESSAGE_BYTES: usize = 512;

impl Error {
    /// An error of `kind` with a message for people (long messages are shortened,
    /// keeping their start and end).
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: shortened(message.into()),
            culprit: None,
        }
    }

    /// This error with the name of the card whose effect in combat, left
    /// out, lifts it: a refusal of two cards the engine cannot play
    /// together names the one to play with its stats and keywords alone
    /// (`firestone::battle_from_json` does, ignoring what is not modelled).
    pub fn with_culprit(mut self, card_name: &'static str) -> Self {
        self.culprit = Some(card_name);
        self
    }

    /// The card named by [`with_culprit`](Self::with_culprit), if any.
    pub fn culprit(&self) -> Option<&'static str> {
        self.culprit
    }

    /// This error, its message after `context` (`"minion 3: "`), its kind
    /// and culprit kept.
    pub fn in_context(self, context: &str) -> Self {
        Error {
            message: shortened(format!("{context}{}", self.message)),
            ..self
        }
    }

    /// An `InvalidArgument` error.
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidArgument, message)
    }

    /// A `Parse` error.
    pub fn parse(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Parse, message)
    }

    /// A `BudgetExceeded` error.
    pub fn budget(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::BudgetExceeded, message)
    }

    /// What went wrong, coarsely.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, naming the bad input.
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

/// `message` itself, or its first and last bytes (at character boundaries)
/// around a note of how much was cut, within about `MAX_MESSAGE_BYTES`.
fn shortened(message: String) -> String {
    if message.len() <= MAX_MESSAGE_BYTES {
        return message;
    }
    let mut head = MAX_MESSAGE_BYTES * 3 / 4;
    while !message.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = message.len() - MAX_MESSAGE_BYTES / 8;
    while !message.is_char_boundary(tail) {
        tail += 1;
    }
    format!(
        "{} [... {} bytes cut ...] {}",
        &message[..head],
        tail - head,
        &message[tail..]
    )
}

/// Result alias used across the crate.
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_keep_their_ends_and_say_what_was_cut() {
        let short = Error::parse("invalid card 'Zz' at position 2");
        assert_eq!(short.message(), "invalid card 'Zz' at position 2");
        // A megabyte of input quoted, with multi-byte characters at the cuts.
        let token = "é".repeat(500_000);
        let e = Error::parse(format!("range item '{token}': not a range"));
        let m = e.message();
        assert!(m.len() <= MAX_MESSAGE_BYTES + 40, "{} bytes", m.len());
        assert!(m.starts_with("range item 'éé"), "{m}");
        assert!(m.ends_with("éé': not a range"), "{m}");
        assert!(m.contains(" bytes cut ...]"), "{m}");
        let cut: usize = m
            .split("[... ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        let kept = m.len() - format!(" [... {cut} bytes cut ...] ").len();
        assert_eq!(kept + cut, "range item '': not a range".len() + token.len());
    }
}
