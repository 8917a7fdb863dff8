//! When long work must stop: a wall-clock deadline and an optional cancel
//! flag (set by another thread, e.g. the CLI's Ctrl-C handler), checked by
//! every engine's long loops through one type.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A deadline and a cancel flag; `Deadline::NONE` never passes.
#[derive(Debug, Clone, Default)]
pub struct Deadline {
    at: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// No limit.
    pub const NONE: Deadline = Deadline {
        at: None,
        cancel: None,
    };

    /// `budget` from now.
    pub fn after(budget: Duration) -> Deadline {
        Deadline {
            at: Instant::now().checked_add(budget),
            cancel: None,
        }
    }

    /// `budget` from now when given, else no time limit.
    pub fn within(budget: Option<Duration>) -> Deadline {
        budget.map_or(Deadline::NONE, Deadline::after)
    }

    /// The same deadline, also passed once `flag` is set.
    pub fn or_cancelled(mut self, flag: Arc<AtomicBool>) -> Deadline {
        self.cancel = Some(flag);
        self
    }

    /// Whether the work must stop now (time is up or the flag is set).
    #[inline]
    pub fn passed(&self) -> bool {
        self.cancelled() || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// Whether the cancel flag was set (as opposed to time running out).
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Whether a time limit is set.
    pub fn is_timed(&self) -> bool {
        self.at.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_passes_by_time_or_by_its_flag() {
        assert!(!Deadline::NONE.passed());
        assert!(Deadline::after(Duration::ZERO).passed());
        assert!(!Deadline::after(Duration::from_secs(60)).passed());
        // A budget too large for the clock means no limit, not a panic.
        assert!(!Deadline::after(Duration::MAX).passed());
        let flag = Arc::new(AtomicBool::new(false));
        let d = Deadline::NONE.or_cancelled(Arc::clone(&flag));
        assert!(!d.passed());
        flag.store(true, Ordering::Relaxed);
        assert!(d.passed() && d.cancelled());
    }
}
