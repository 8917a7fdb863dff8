//! How engines honour a `threads` argument, in one place: 0 = the shared
//! pool (all cores, or what `oddsmith_init` set), 1 = the caller's thread
//! with no pool hand-off (engines then iterate sequentially), n = the
//! current pool when it has n workers (no pool is built per call then),
//! else a pool of n workers for this call. Asking for the current pool's
//! size makes the shared pool (at its default size, one worker per core)
//! when no pool exists yet, as `threads = 0` does.

use crate::error::{Error, ErrorKind, Result};
use rayon::prelude::*;

/// Runs `f` with the requested parallelism.
pub fn run_with_threads<T: Send>(
    threads: usize,
    f: impl FnOnce() -> Result<T> + Send,
) -> Result<T> {
    match threads {
        0 | 1 => f(),
        n if n == rayon::current_num_threads() => f(),
        n => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| Error::new(ErrorKind::Internal, format!("thread pool: {e}")))?
            .install(f),
    }
}

/// Maps `0..items` in parallel on the current pool, or in order on this
/// thread when `sequential`; results in item order, so a reduction over
/// them is the same whatever the number of threads.
pub fn map_items<T: Send>(
    sequential: bool,
    items: u64,
    f: impl Fn(u64) -> T + Sync + Send,
) -> Vec<T> {
    if sequential {
        (0..items).map(f).collect()
    } else {
        (0..items).into_par_iter().map(f).collect()
    }
}
