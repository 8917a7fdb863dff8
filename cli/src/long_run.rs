//! What a long command shares with the engine: Ctrl-C sets a cancel flag
//! (the engine stops and the command prints what it has, marked partial,
//! with exit code 130; a second Ctrl-C ends the process at once), and a
//! progress bar on stderr, drawn only when stderr is a terminal and the
//! work has run for a quarter of a second.

use crate::output::{Failure, Outcome};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use oddsmith::Error;
use oddsmith::budget::{Control, Progress, is_partial};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Exit code of a command stopped by Ctrl-C (128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

/// Work shown before a bar appears: short calls never flash one.
const QUIET_START: Duration = Duration::from_millis(250);

/// Bar steps: progress fractions are drawn in thousandths.
const STEPS: u64 = 1000;

/// A long command's cancel flag and progress bar.
pub struct LongRun {
    cancel: Arc<AtomicBool>,
    bar: ProgressBar,
}

impl LongRun {
    /// Starts watching Ctrl-C for the command `what` (the bar's label).
    pub fn start(what: &str) -> LongRun {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        // One command per process: the handler is set once. Should it fail
        // (a handler already set), Ctrl-C simply ends the process as before.
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::Relaxed) {
                std::process::exit(i32::from(INTERRUPTED));
            }
        });
        let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{msg} [{bar:30}] {percent:>3}% {elapsed} (Ctrl-C stops)")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_message(what.to_string());
        LongRun { cancel, bar }
    }

    /// The control to hand the engine: no time limit of its own, this run's
    /// cancel flag, and progress drawn on the bar.
    pub fn control(&self) -> Control {
        let bar = self.bar.clone();
        let started = Instant::now();
        let shown = Arc::new(AtomicBool::new(false));
        let terminal = std::io::stderr().is_terminal();
        Control::NONE
            .or_cancelled(Arc::clone(&self.cancel))
            .with_progress(Arc::new(move |progress: &Progress| {
                if terminal
                    && started.elapsed() >= QUIET_START
                    && !shown.swap(true, Ordering::Relaxed)
                {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                }
                bar.set_position((progress.fraction * STEPS as f64) as u64);
            }))
    }

    /// Whether Ctrl-C stopped the work.
    pub fn interrupted(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Whether an answer (`exact` or not) made under this run is partial:
    /// the one rule, `budget::is_partial` (Ctrl-C stopped it before it was
    /// complete; an exact answer never is).
    pub fn partial(&self, exact: bool) -> bool {
        is_partial(self.interrupted(), exact)
    }

    /// Clears the bar (before the result is printed).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// The engine's answer with the bar cleared; an error after Ctrl-C is
    /// reported as the interruption (exit code 130).
    pub fn answer<T>(&self, result: Result<T, Error>) -> Result<T, Failure> {
        self.finish();
        match result {
            Err(e) if self.interrupted() => Err(Failure::Interrupted(Some(format!(
                "interrupted before a result ({})",
                e.message()
            )))),
            other => other.map_err(Failure::from),
        }
    }

    /// After the (partial) result is printed: success, or exit code 130
    /// when Ctrl-C cut the work short.
    pub fn close(&self) -> Outcome {
        if self.interrupted() {
            Err(Failure::Interrupted(None))
        } else {
            Ok(())
        }
    }
}

/// The note printed under a partial result in text mode.
pub const PARTIAL_NOTE: &str = "(partial: stopped by Ctrl-C)";

impl Drop for LongRun {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
