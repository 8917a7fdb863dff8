//! `oddsmith_init`: optional warm-up for callers with latency budgets.

use super::guard::{OddsmithStatus, guard};

/// The largest `threads` any call accepts; more is
/// ODDSMITH_ERR_INVALID_ARGUMENT. Every `threads` argument follows one
/// rule: 0 = the shared pool (one worker per core, or the size given to
/// `oddsmith_init`); 1 = the caller's thread, no pool hand-off; n >= 2 =
/// min(n, max(cores, shared pool size)) workers: the shared pool when that
/// is its size, otherwise a pool of that size built on first use and kept
/// (the 4 most recently used sizes are kept, so their threads are bounded;
/// never a pool per call).
pub const ODDSMITH_MAX_THREADS: u32 = 1024;

const _: () = assert!(ODDSMITH_MAX_THREADS as usize == crate::parallel::MAX_THREADS);

/// Builds what the first calls would otherwise build on demand: the
/// shared worker pool with `threads` workers (0 = one per core) that calls
/// with `threads = 0` use, and calls whose `threads` equals its size (every
/// table is read-only data made at compile time: no first call builds
/// one). Optional; calling it again, or after the pool exists
/// (the first call with `threads` other than 1 makes it), changes nothing
/// and returns ODDSMITH_OK (the pool keeps the size it was first given).
/// After `fork()`, the child's first pooled call (or `oddsmith_init`)
/// builds the child's own pool: the parent's threads are not in the child.
///
/// Errors: ODDSMITH_ERR_INVALID_ARGUMENT (more than ODDSMITH_MAX_THREADS),
/// ODDSMITH_ERR_INTERNAL with a message when its threads cannot start (no
/// threads to be had); every call then runs on the caller's thread, with
/// the same answers. Thread safety: safe from any thread, at any time.
#[unsafe(no_mangle)]
pub extern "C" fn oddsmith_init(threads: u32) -> OddsmithStatus {
    guard(|| {
        crate::parallel::check_threads(threads as usize)?;
        crate::poker::warm_up();
        Ok(crate::parallel::init(threads as usize)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_is_idempotent_and_checks_its_argument() {
        assert_eq!(oddsmith_init(0), OddsmithStatus::ODDSMITH_OK);
        assert_eq!(oddsmith_init(2), OddsmithStatus::ODDSMITH_OK);
        assert_eq!(
            oddsmith_init(5000),
            OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        );
    }
}
