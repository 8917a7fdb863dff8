//! Long calls: the engine runs on a worker of the shared pool while the
//! calling thread waits without the GIL (so other Python threads run, and
//! two threads' calls run in parallel), waking every `POLL` to let Python
//! handle signals. A KeyboardInterrupt (Ctrl-C) sets the engine's cancel
//! flag, waits for the engine to stop (milliseconds: every engine checks
//! its control in its loops) and is raised.

use crate::errors::InternalError;
use oddsmith::budget::Control;
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How often a waiting call lets Python run its signal handlers.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work` with a control that Ctrl-C cancels; its panics become
/// `oddsmith.InternalError`.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&Control) -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let control = Control::NONE.or_cancelled(Arc::clone(&cancel));
    let (send, mut answer) = mpsc::channel();
    // A thread of its own (not a pool's): the work may wait for the
    // library's pools, and after fork() a pool inherited from the parent
    // has no threads in the child.
    std::thread::Builder::new()
        .name("oddsmith-call".into())
        .spawn(move || {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&control)));
            // The caller may be gone only if its thread died; nothing to tell.
            let _ = send.send(outcome);
        })
        .map_err(|e| InternalError::new_err(format!("cannot start a thread for the call: {e}")))?;
    loop {
        // The receiver travels into the GIL-free closure and back (it may
        // be sent, not shared).
        let (received, back) = py.detach(move || (answer.recv_timeout(POLL), answer));
        answer = back;
        match received {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(panic)) => return Err(InternalError::new_err(panic_message(&panic))),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(InternalError::new_err("the worker ended without an answer"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    // The engine stops within milliseconds of the flag;
                    // its (partial) answer is dropped.
                    let _ = py.detach(move || answer.recv());
                    return Err(interrupt);
                }
            }
        }
    }
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("internal error (a panic was caught): {text}")
}
