//! `oddsmith_init`: optional warm-up for callers with latency budgets.

use super::guard::{FfiError, OddsmithStatus, guard};

/// Builds what the first calls would otherwise build on demand: the poker
/// tables, and the shared worker pool with `threads` workers (0 = one per
/// core) that calls with `threads = 0` use, and calls whose `threads`
/// equals its size. Optional; calling it again, or after the pool exists
/// (the first call with `threads` other than 1 makes it), changes nothing
/// and returns ODDSMITH_OK (the pool keeps the size it was first given).
///
/// Errors: ODDSMITH_ERR_INVALID_ARGUMENT (more than 1024 threads),
/// ODDSMITH_ERR_INTERNAL (the pool could not start). Thread safety: safe
/// from any thread, at any time.
#[unsafe(no_mangle)]
pub extern "C" fn oddsmith_init(threads: u32) -> OddsmithStatus {
    guard(|| {
        if threads > 1024 {
            return Err(FfiError::invalid(format!(
                "{threads} threads; at most 1024"
            )));
        }
        crate::poker::warm_up();
        // Building the global pool fails harmlessly when it already exists.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(threads as usize)
            .build_global();
        Ok(())
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
