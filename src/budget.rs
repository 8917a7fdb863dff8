//! How long work is controlled, in one type every engine's long loops
//! check: a wall-clock deadline, an optional cancel flag (set by another
//! thread, e.g. the CLI's Ctrl-C handler), and an optional progress hook
//! told the fraction done.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Most numbers a progress report's estimate carries (one per player of
/// an equity question).
pub const MAX_ESTIMATE: usize = 10;

/// A sampling engine's current answer: its numbers (per player equity,
/// combat win/draw/loss, a search's best score) and their largest
/// standard error.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Estimate {
    /// The numbers, in use at the front (`count` of them); the rest are 0.
    pub values: [f64; MAX_ESTIMATE],
    /// Numbers in use at the front of `values`.
    pub count: usize,
    /// The largest standard error among the numbers in use.
    pub stderr: f64,
}

impl Estimate {
    /// The first `MAX_ESTIMATE` numbers of `values`.
    pub fn of(values: &[f64], stderr: f64) -> Estimate {
        let count = values.len().min(MAX_ESTIMATE);
        let mut e = Estimate {
            count,
            stderr,
            ..Estimate::default()
        };
        e.values[..count].copy_from_slice(&values[..count]);
        e
    }

    /// The numbers in use.
    pub fn values(&self) -> &[f64] {
        &self.values[..self.count]
    }
}

/// How far a long call got: the fraction done (0..=1), the units of work
/// done (boards or tuples enumerated, deals or combats sampled, search
/// iterations, states solved; 0 when the engine does not count them), and
/// for sampling engines the current estimate (exact work reports only its
/// share done: part of an enumeration is not an estimate).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Progress {
    /// Share of the work done, 0..=1.
    pub fraction: f64,
    /// Units of work done so far (0 when the engine does not count them).
    pub done: u64,
    /// The current answer of a sampling engine; `None` for exact work.
    pub estimate: Option<Estimate>,
}

/// A progress hook: called with the progress so far, from any of the
/// call's worker threads (possibly several at once).
pub type ProgressHook = dyn Fn(&Progress) + Send + Sync;

/// A deadline, a cancel flag and a progress hook; `Control::NONE` never
/// stops and tells no one.
#[derive(Clone, Default)]
pub struct Control {
    at: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    progress: Option<Arc<ProgressHook>>,
}

impl fmt::Debug for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Control")
            .field("at", &self.at)
            .field("cancelled", &self.cancelled())
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Control {
    /// No limit.
    pub const NONE: Control = Control {
        at: None,
        cancel: None,
        progress: None,
    };

    /// `budget` from now.
    pub fn after(budget: Duration) -> Control {
        Control {
            at: Instant::now().checked_add(budget),
            ..Control::NONE
        }
    }

    /// `budget` from now when given, else no time limit.
    pub fn within(budget: Option<Duration>) -> Control {
        budget.map_or(Control::NONE, Control::after)
    }

    /// The same control with a time limit of `budget` from now instead.
    pub fn with_budget(&self, budget: Option<Duration>) -> Control {
        Control {
            at: budget.and_then(|b| Instant::now().checked_add(b)),
            ..self.clone()
        }
    }

    /// The same control, also stopped once `flag` is set.
    pub fn or_cancelled(mut self, flag: Arc<AtomicBool>) -> Control {
        self.cancel = Some(flag);
        self
    }

    /// The same control, telling `hook` how far the work got.
    pub fn with_progress(mut self, hook: Arc<ProgressHook>) -> Control {
        self.progress = Some(hook);
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

    /// Whether anyone listens to progress (so callers skip the counting).
    pub fn wants_progress(&self) -> bool {
        self.progress.is_some()
    }

    /// Tells the hook, if any, that `fraction` of the work is done.
    pub fn report(&self, fraction: f64) {
        self.report_progress(Progress {
            fraction,
            ..Progress::default()
        });
    }

    /// Tells the hook, if any, how far the work got (the fraction clamped
    /// to 0..=1).
    pub fn report_progress(&self, progress: Progress) {
        if let Some(hook) = &self.progress {
            hook(&Progress {
                fraction: progress.fraction.clamp(0.0, 1.0),
                ..progress
            });
        }
    }

    /// The fraction of the time budget used so far (0 without one).
    pub fn time_used(&self, started: Instant) -> f64 {
        match self.at {
            Some(at) => {
                let total = at.saturating_duration_since(started).as_secs_f64();
                if total > 0.0 {
                    started.elapsed().as_secs_f64() / total
                } else {
                    1.0
                }
            }
            None => 0.0,
        }
    }
}

/// The one meaning of "partial", for every engine and front end (C's
/// `partial` fields, the CLI's `"partial"`, Python): an answer is partial
/// when the call was stopped by a cancel (C's progress callback, Ctrl-C,
/// KeyboardInterrupt) before the answer was complete. `stopped`: the
/// cancel flag was set while the work ran; `exact`: the answer counted
/// every case, which makes it complete whenever the cancel came (a
/// cancelled exact engine fails instead of answering, so it has no
/// answer to mark). A sampled answer after a cancel is partial; with no
/// cancel nothing is (a deadline or a sample budget ends sampling as
/// asked).
pub fn is_partial(stopped: bool, exact: bool) -> bool {
    stopped && !exact
}

impl Control {
    /// [`is_partial`] for an answer made under this control: whether its
    /// cancel flag is set and the answer (`exact` or not) is incomplete.
    pub fn partial(&self, exact: bool) -> bool {
        is_partial(self.cancelled(), exact)
    }
}

/// A time budget as every interface takes it, in milliseconds: 0, or none
/// given, means none was given, and the engine's default for the mode
/// applies (C cannot tell 0 from "not given", so no interface does; ask
/// for a budget too long to matter, such as `u32::MAX` ms, for no limit).
pub fn given_ms(ms: Option<u64>) -> Option<Duration> {
    ms.and_then(given).map(Duration::from_millis)
}

/// A numeric option as every interface takes it: 0 means none was given
/// (C cannot tell 0 from "not given", so no interface does), else the
/// value. Each engine puts its default next to its options and applies
/// it with `given(x).unwrap_or(DEFAULT)`; an option a front end may leave
/// out (Python's `None`) is `option.and_then(given)`. A NaN is given (the
/// engine's own check refuses it); -0.0 is 0.
pub fn given<T: Default + PartialEq>(value: T) -> Option<T> {
    (value != T::default()).then_some(value)
}

/// Share of a time budget an Auto mode gives its exact engine; sampling
/// gets the rest when the exact answer does not fit.
pub const AUTO_EXACT_SHARE: f64 = 0.8;

/// The one Auto policy, for every engine's Auto mode. `exact` is given a
/// control whose deadline is `AUTO_EXACT_SHARE` of `budget`; it returns
/// `None` when its cost estimate says it cannot fit (without working), else
/// its answer. The answer is the exact one when it came within that share;
/// otherwise (the estimate said no, or the exact engine ran out of time or
/// states, or met a fault of its own) the sampled one from `sample`, which
/// keeps to the whole budget. A cancel by the caller is never turned into
/// sampling.
pub fn auto<T>(
    control: &Control,
    budget: Option<Duration>,
    exact: impl FnOnce(&Control) -> Option<crate::error::Result<T>>,
    sample: impl FnOnce() -> crate::error::Result<T>,
) -> crate::error::Result<T> {
    use crate::error::ErrorKind;
    let exact_control = control.with_budget(budget.map(|b| b.mul_f64(AUTO_EXACT_SHARE)));
    match exact(&exact_control) {
        Some(Err(e))
            if matches!(e.kind(), ErrorKind::BudgetExceeded | ErrorKind::Internal)
                && !control.cancelled() =>
        {
            sample()
        }
        Some(answer) => answer,
        None => sample(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn a_control_stops_by_time_or_by_its_flag() {
        assert!(!Control::NONE.passed());
        assert!(Control::after(Duration::ZERO).passed());
        assert!(!Control::after(Duration::from_secs(60)).passed());
        // A budget too large for the clock means no limit, not a panic.
        assert!(!Control::after(Duration::MAX).passed());
        let flag = Arc::new(AtomicBool::new(false));
        let d = Control::NONE.or_cancelled(Arc::clone(&flag));
        assert!(!d.passed());
        flag.store(true, Ordering::Relaxed);
        assert!(d.passed() && d.cancelled());
        // A new budget keeps the flag.
        assert!(d.with_budget(Some(Duration::from_secs(60))).cancelled());
    }

    #[test]
    fn zero_is_none_given() {
        assert_eq!(given(0u64), None);
        assert_eq!(given(7u32), Some(7));
        assert_eq!(given(0.0f64), None);
        assert_eq!(given(-0.0f64), None);
        assert_eq!(given(0.5f64), Some(0.5));
        assert!(given(f64::NAN).is_some_and(f64::is_nan));
        assert_eq!(Some(0u64).and_then(given), None);
        assert_eq!(given_ms(Some(0)), None);
        assert_eq!(given_ms(None), None);
        assert_eq!(given_ms(Some(5)), Some(Duration::from_millis(5)));
    }

    #[test]
    fn an_answer_is_partial_only_when_a_cancel_cut_sampling_short() {
        assert!(is_partial(true, false), "sampling stopped by a cancel");
        assert!(!is_partial(true, true), "an exact answer is complete");
        assert!(!is_partial(false, false), "no cancel: whole");
        assert!(!is_partial(false, true));
        let flag = Arc::new(AtomicBool::new(false));
        let c = Control::after(Duration::ZERO).or_cancelled(Arc::clone(&flag));
        // A deadline alone is not a cancel.
        assert!(c.passed() && !c.partial(false));
        flag.store(true, Ordering::Relaxed);
        assert!(c.partial(false) && !c.partial(true));
    }

    #[test]
    fn progress_reaches_the_hook_clamped() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&seen);
        let c = Control::NONE.with_progress(Arc::new(move |p: &Progress| {
            sink.lock().unwrap().push((p.fraction, p.estimate))
        }));
        assert!(c.wants_progress() && !Control::NONE.wants_progress());
        c.report(0.5);
        c.report(2.0);
        Control::NONE.report(0.3);
        let estimate = Estimate::of(&[0.25, 0.75], 0.01);
        c.report_progress(Progress {
            fraction: -1.0,
            done: 7,
            estimate: Some(estimate),
        });
        assert_eq!(estimate.values(), &[0.25, 0.75]);
        assert_eq!(
            *seen.lock().unwrap(),
            vec![(0.5, None), (1.0, None), (0.0, Some(estimate))]
        );
    }
}
