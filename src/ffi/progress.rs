//! Progress and cancel for the long C entries: the caller's
//! `OddsmithProgress` becomes a cancel flag and a progress hook on the
//! engine's `Control`, and its callback is called on the caller's thread,
//! never concurrently, at most once per interval.
//!
//! Two placements: `watch` runs the work on a helper thread (so engines
//! whose workers report from the pool still reach a callback on the
//! caller's thread, which waits and calls it in time); `watch_inline` runs
//! the work on the caller's thread and calls the callback from the
//! engine's own reports (for engines that call the caller's game
//! callbacks, which must stay on the caller's thread).

use super::guard::{FfiError, FfiResult, OddsmithStatus};
use crate::budget::{Control, MAX_ESTIMATE, Progress};
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

/// Numbers a progress report's estimate holds at most.
pub const ODDSMITH_PROGRESS_MAX_VALUES: usize = 10;

const _: () = assert!(ODDSMITH_PROGRESS_MAX_VALUES == MAX_ESTIMATE);

/// Default reporting interval when `interval_ms` is 0.
pub const ODDSMITH_PROGRESS_DEFAULT_INTERVAL_MS: u32 = 100;

/// What a progress callback is told. `fraction` rises from 0 to 1 (1 once
/// the work is complete); `done` counts the units of work (tuples, deals or
/// combats sampled, search iterations, states solved; 0 when the engine
/// does not count them); `value_count` numbers in `values` are the current
/// estimate of a sampling engine (equity MC: each player's equity; hand
/// strength: win, equity; combat: win, draw, loss of A; Durak: the best
/// move's mean score) with `std_error` its largest standard error. Exact work
/// gives only its share done (`value_count` 0).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithProgressReport {
    /// Share of the work done, 0 to 1; never smaller than in an earlier
    /// report of the call, and 1 in the final report of a completed call.
    pub fraction: f64,
    /// Milliseconds since the call started.
    pub elapsed_ms: f64,
    /// Units of work done so far (0 when the engine does not count them).
    pub done: u64,
    /// Numbers in use at the front of `values` (0 for exact work).
    pub value_count: u32,
    /// The sampling engine's current estimate; entries past `value_count`
    /// are 0.
    pub values: [f64; ODDSMITH_PROGRESS_MAX_VALUES],
    /// Largest standard error of the numbers in `values` (0 when
    /// `value_count` is 0).
    pub std_error: f64,
}

/// A progress callback: return 0 to go on, nonzero to cancel (the call then
/// returns ODDSMITH_ERR_CANCELLED within about 20 ms, its partial result
/// written and marked partial). `report` is valid only during the call.
pub type OddsmithProgressFn =
    Option<unsafe extern "C" fn(user: *mut c_void, report: *const OddsmithProgressReport) -> i32>;

/// Progress for a long call, passed by pointer (NULL = none). The callback
/// is called on the thread that made the call, never concurrently, at most
/// once per `interval_ms` (0 = 100 ms), and once more with fraction 1 when
/// the work completes; `user` is passed back untouched. A NULL callback is
/// the same as no progress.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithProgress {
    /// Called with each report; NULL means no progress and no cancel.
    pub callback: OddsmithProgressFn,
    /// Passed back to `callback` untouched (the library never reads it).
    pub user: *mut c_void,
    /// Milliseconds between two calls (the final call of a completed
    /// call may come sooner); 0 means ODDSMITH_PROGRESS_DEFAULT_INTERVAL_MS
    /// (100).
    pub interval_ms: u32,
}

/// The answer of watched work and whether the callback cancelled it.
pub(crate) struct Watched<T> {
    pub value: T,
    pub cancelled: bool,
}

impl<T> Watched<T> {
    fn plain(value: T) -> Watched<T> {
        Watched {
            value,
            cancelled: false,
        }
    }
}

/// The caller's callback, its state, and how to report to it.
struct Caller {
    callback: unsafe extern "C" fn(*mut c_void, *const OddsmithProgressReport) -> i32,
    user: *mut c_void,
    interval: Duration,
    started: Instant,
    /// The furthest fraction told: reports never go back (several trees
    /// or chunks report their own fractions).
    furthest: f64,
}

impl Caller {
    /// Reads a C progress pointer: `None` for NULL or a NULL callback.
    ///
    /// # Safety
    /// `progress` NULL or valid.
    unsafe fn from_c(progress: *const OddsmithProgress) -> Option<Caller> {
        // SAFETY: NULL or valid, per this function's contract.
        let p = unsafe { progress.as_ref() }?;
        Some(Caller {
            callback: p.callback?,
            user: p.user,
            interval: Duration::from_millis(u64::from(match p.interval_ms {
                0 => ODDSMITH_PROGRESS_DEFAULT_INTERVAL_MS,
                ms => ms,
            })),
            started: Instant::now(),
            furthest: 0.0,
        })
    }

    /// Calls the callback with `progress`; true when it asks to cancel.
    fn tell(&mut self, progress: &Progress) -> bool {
        self.furthest = self.furthest.max(progress.fraction);
        let mut report = OddsmithProgressReport {
            fraction: self.furthest,
            elapsed_ms: self.started.elapsed().as_secs_f64() * 1e3,
            done: progress.done,
            ..OddsmithProgressReport::default()
        };
        if let Some(e) = &progress.estimate {
            report.value_count = e.count as u32;
            report.values = e.values;
            report.std_error = e.stderr;
        }
        // SAFETY: the caller's callback, called as its contract says (on
        // the caller's thread, with a report valid for the call).
        unsafe { (self.callback)(self.user, &report) != 0 }
    }

    /// The last call, once the work completed (its answer is not changed
    /// by what the callback returns).
    fn tell_complete(&mut self, last: Progress) {
        self.tell(&Progress {
            fraction: 1.0,
            ..last
        });
    }
}

/// The latest report of the engine and whether the work is over, shared
/// between the worker and the caller's thread.
#[derive(Default)]
struct Latest {
    progress: Progress,
    over: bool,
}

/// Sets `Latest::over` and wakes the caller's thread when dropped.
struct Over<'a>(&'a (Mutex<Latest>, Condvar));

impl Drop for Over<'_> {
    fn drop(&mut self) {
        lock(&self.0.0).over = true;
        self.0.1.notify_all();
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic while holding the lock leaves plain data: go on with it.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `work` under `base` (a time limit, say) plus the cancel flag and
/// progress hook of `progress`: on a helper thread while this thread
/// reports to the callback, or directly when `progress` is NULL. A panic
/// in the work is carried back to this thread (the entry's guard makes it
/// ODDSMITH_ERR_INTERNAL).
///
/// # Safety
/// `progress` NULL or valid, with a callback that honours its contract.
pub(crate) unsafe fn watch<T: Send, E: Send>(
    progress: *const OddsmithProgress,
    base: Control,
    work: impl FnOnce(&Control) -> Result<T, E> + Send,
) -> Watched<Result<T, E>> {
    // SAFETY: the caller's pointer contract (this function's # Safety).
    let Some(mut caller) = (unsafe { Caller::from_c(progress) }) else {
        return Watched::plain(work(&base));
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let shared = Arc::new((Mutex::new(Latest::default()), Condvar::new()));
    let sink = Arc::clone(&shared);
    let control = base
        .or_cancelled(Arc::clone(&cancel))
        .with_progress(Arc::new(move |p: &Progress| {
            let mut latest = lock(&sink.0);
            if p.fraction >= latest.progress.fraction || p.estimate.is_some() {
                latest.progress = *p;
            }
        }));
    let mut cancelled = false;
    let value = thread::scope(|scope| {
        let worker = scope.spawn(|| {
            // Marks the work over when it returns or panics (the caller's
            // loop must not wait for a worker that is gone).
            let _over = Over(&shared);
            work(&control)
        });
        let mut next = Instant::now() + caller.interval;
        loop {
            let latest = lock(&shared.0);
            let wait = next.saturating_duration_since(Instant::now());
            let (latest, _) = shared
                .1
                .wait_timeout_while(latest, wait, |l| !l.over)
                .unwrap_or_else(PoisonError::into_inner);
            if latest.over {
                break;
            }
            if Instant::now() < next {
                continue;
            }
            // Every interval, news or not: the callback is also the
            // caller's chance to cancel.
            let progress = latest.progress;
            drop(latest);
            next = Instant::now() + caller.interval;
            if !cancelled && caller.tell(&progress) {
                cancelled = true;
                cancel.store(true, Ordering::Relaxed);
            }
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    if !cancelled && value.is_ok() {
        caller.tell_complete(lock(&shared.0).progress);
    }
    Watched { value, cancelled }
}

/// As `watch`, but the work runs on this thread and the callback is called
/// from the engine's own reports on this thread (reports from any other
/// thread only update the latest; none are lost for the final call).
///
/// # Safety
/// `progress` NULL or valid, with a callback that honours its contract.
pub(crate) unsafe fn watch_inline<T, E>(
    progress: *const OddsmithProgress,
    base: Control,
    work: impl FnOnce(&Control) -> Result<T, E>,
) -> Watched<Result<T, E>> {
    // SAFETY: the caller's pointer contract (this function's # Safety).
    let Some(caller) = (unsafe { Caller::from_c(progress) }) else {
        return Watched::plain(work(&base));
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let state = Arc::new(Mutex::new(InlineState {
        caller: SendCaller(caller),
        next: Instant::now(),
        last: Progress::default(),
        home: thread::current().id(),
    }));
    let hook_state = Arc::clone(&state);
    let flag = Arc::clone(&cancel);
    let control = base
        .or_cancelled(Arc::clone(&cancel))
        .with_progress(Arc::new(move |p: &Progress| {
            let mut s = lock(&hook_state);
            s.last = *p;
            if thread::current().id() != s.home || flag.load(Ordering::Relaxed) {
                return;
            }
            let now = Instant::now();
            if now < s.next {
                return;
            }
            s.next = now + s.caller.0.interval;
            if s.caller.0.tell(p) {
                flag.store(true, Ordering::Relaxed);
            }
        }));
    {
        let mut s = lock(&state);
        s.next = Instant::now() + s.caller.0.interval;
    }
    let value = work(&control);
    let cancelled = cancel.load(Ordering::Relaxed);
    if !cancelled && value.is_ok() {
        let mut s = lock(&state);
        let last = s.last;
        s.caller.0.tell_complete(last);
    }
    Watched { value, cancelled }
}

struct InlineState {
    caller: SendCaller,
    next: Instant,
    last: Progress,
    /// The caller's thread: the only one that calls the callback.
    home: ThreadId,
}

/// The caller's callback inside the engine's hook, which must be `Send`:
/// it is only ever called on the caller's thread (`InlineState::home`).
struct SendCaller(Caller);

// SAFETY: the raw `user` pointer is only handed to the callback on the
// caller's own thread (checked against `home` before every call).
unsafe impl Send for SendCaller {}

/// The error of a call its progress callback cancelled.
pub(crate) fn cancelled_error() -> FfiError {
    FfiError::new(
        OddsmithStatus::ODDSMITH_ERR_CANCELLED,
        "cancelled by the progress callback; the result holds what was done (partial = 1)",
    )
}

/// Finishes a watched entry. `write` gets the engine's answer (`None`
/// when it failed after a cancel) and whether the call was cancelled, and
/// returns whether what it wrote is partial: a sampling engine's answer
/// after a cancel is, an exact engine's complete answer is not (the cancel
/// came too late to matter). A partial write fails with CANCELLED; an
/// engine error without a cancel is returned as it is.
pub(crate) fn settle<T>(
    watched: Watched<crate::error::Result<T>>,
    write: impl FnOnce(Option<&T>, bool) -> bool,
) -> FfiResult {
    let partial = match watched.value {
        Ok(answer) => write(Some(&answer), watched.cancelled),
        Err(_) if watched.cancelled => write(None, true),
        Err(e) => return Err(e.into()),
    };
    if partial {
        Err(cancelled_error())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::sync::atomic::{AtomicU32, Ordering};

    unsafe extern "C" fn count(user: *mut c_void, report: *const OddsmithProgressReport) -> i32 {
        // SAFETY: the test passes a live counter and the library a live report.
        let (calls, report) = unsafe { (&*(user as *const AtomicU32), &*report) };
        calls.fetch_add(1, Ordering::SeqCst);
        i32::from(report.fraction > 2.0)
    }

    #[test]
    fn a_panicking_worker_does_not_hang_the_caller() {
        let calls = AtomicU32::new(0);
        let progress = OddsmithProgress {
            callback: Some(count),
            user: (&calls as *const AtomicU32).cast_mut().cast(),
            interval_ms: 1,
        };
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            // SAFETY: a live progress whose callback honours its contract.
            unsafe {
                watch(&progress, Control::NONE, |_| -> Result<(), ()> {
                    // Fail only once the caller has reported (however slow
                    // the machine), so the report below is certain; give
                    // up waiting after a minute so a broken watch fails.
                    let start = std::time::Instant::now();
                    while calls.load(Ordering::SeqCst) == 0 && start.elapsed().as_secs() < 60 {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    panic!("the work failed")
                })
            }
        }));
        assert!(outcome.is_err(), "the panic comes back to the caller");
        assert!(
            calls.load(Ordering::SeqCst) >= 1,
            "the callback ran while the work did"
        );
    }

    #[test]
    fn work_that_ends_reports_completion_once_at_one() {
        let calls = AtomicU32::new(0);
        // An interval no machine reaches: only the completion report.
        let progress = OddsmithProgress {
            callback: Some(count),
            user: (&calls as *const AtomicU32).cast_mut().cast(),
            interval_ms: u32::MAX,
        };
        // SAFETY: a live progress whose callback honours its contract.
        let w = unsafe { watch(&progress, Control::NONE, |_| Ok::<u32, ()>(7)) };
        assert_eq!((w.value, w.cancelled), (Ok(7), false));
        assert_eq!(
            calls.load(Ordering::SeqCst),
            1,
            "only the completion report"
        );
        // NULL is no progress.
        // SAFETY: NULL is allowed.
        let w = unsafe { watch(std::ptr::null(), Control::NONE, |_| Ok::<u32, ()>(8)) };
        assert_eq!(w.value, Ok(8));
    }
}
