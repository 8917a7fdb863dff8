//! How engines honour a `threads` argument, in one place.
//!
//! - `0`: the shared pool (one worker per core, or the size `oddsmith_init`
//!   gave it).
//! - `1`: the caller's thread, with no pool hand-off (engines then iterate
//!   sequentially).
//! - `n` in `2..=MAX_THREADS`: `min(n, cap)` workers, where `cap` is the
//!   larger of the machine's cores and the shared pool's size: more workers
//!   than cores only add switching. When that many equals the shared pool's
//!   size the shared pool runs the call; otherwise a pool of that size is
//!   built on first use and kept for the life of the process (so at most
//!   one pool per size up to `cap`, never one per call).
//! - more than `MAX_THREADS`: an `InvalidArgument` error.
//!
//! Engines receive the resolved [`Workers`] and never look at the raw value.

use crate::error::{Error, Result};
use rayon::ThreadPool;
use rayon::prelude::*;
use std::sync::{Arc, Mutex, OnceLock};

/// The largest `threads` any entry accepts (as `oddsmith_init`).
pub const MAX_THREADS: usize = 1024;

/// The parallelism a call runs with, once its `threads` is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Workers {
    count: usize,
}

impl Workers {
    /// The caller's thread alone.
    pub const CALLER: Workers = Workers { count: 1 };

    /// How many workers run the call (1 = the caller's thread).
    pub fn count(self) -> usize {
        self.count
    }

    /// Whether the call runs on the caller's thread, in order.
    pub fn sequential(self) -> bool {
        self.count == 1
    }
}

/// Checks a `threads` value against [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<()> {
    if threads > MAX_THREADS {
        return Err(Error::invalid(format!(
            "{threads} threads; at most {MAX_THREADS} (0 = all cores)"
        )));
    }
    Ok(())
}

/// The workers `threads` resolves to, by the rule above (without running
/// anything).
pub fn resolve(threads: usize) -> Result<Workers> {
    check_threads(threads)?;
    if threads == 1 {
        // Never touches rayon: asking for the pool's size would start the
        // shared pool, which a caller-thread call must not pay for.
        return Ok(Workers::CALLER);
    }
    let current = rayon::current_num_threads();
    Ok(Workers {
        count: match threads {
            0 => current,
            n => n.min(cores().max(current)),
        },
    })
}

/// Runs `f` with the parallelism `threads` asks for (see the module doc);
/// `f` is told the resolved workers.
pub fn run_with_threads<T: Send>(
    threads: usize,
    f: impl FnOnce(Workers) -> Result<T> + Send,
) -> Result<T> {
    let workers = resolve(threads)?;
    if workers.sequential() || workers.count == rayon::current_num_threads() {
        return f(workers);
    }
    kept_pool(workers.count)?.install(|| f(workers))
}

/// The machine's cores (read once).
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The pools built for sizes other than the shared pool's, kept.
static POOLS: Mutex<Vec<Arc<ThreadPool>>> = Mutex::new(Vec::new());

/// The pool of `size` workers, built on first use and kept.
fn kept_pool(size: usize) -> Result<Arc<ThreadPool>> {
    // A panic while holding the lock cannot leave the list inconsistent.
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(pool) = pools.iter().find(|p| p.current_num_threads() == size) {
        return Ok(Arc::clone(pool));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(size)
        .thread_name(|i| format!("oddsmith-{i}"))
        .build()
        .map_err(|e| Error::new(crate::ErrorKind::Internal, format!("thread pool: {e}")))?;
    let pool = Arc::new(pool);
    pools.push(Arc::clone(&pool));
    Ok(pool)
}

/// Maps `0..items` in parallel on the current pool, or in order on this
/// thread when `workers` is the caller's thread; results in item order, so
/// a reduction over them is the same whatever the number of threads.
pub fn map_items<T: Send>(
    workers: Workers,
    items: u64,
    f: impl Fn(u64) -> T + Sync + Send,
) -> Vec<T> {
    if workers.sequential() {
        (0..items).map(f).collect()
    } else {
        (0..items).into_par_iter().map(f).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_threads_are_refused_at_once() {
        for threads in [MAX_THREADS + 1, 100_000, u32::MAX as usize] {
            let e = run_with_threads(threads, |_| Ok(())).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
            assert!(e.message().contains("at most 1024"), "{}", e.message());
        }
    }

    #[test]
    fn large_counts_are_capped_to_the_cores_and_pools_are_kept() {
        let cap = cores().max(rayon::current_num_threads());
        for threads in [2, 3, 1000, MAX_THREADS] {
            let w = run_with_threads(threads, |w| Ok((w, rayon::current_num_threads()))).unwrap();
            assert_eq!(w.0.count(), threads.min(cap));
            if !w.0.sequential() {
                assert_eq!(w.1, w.0.count(), "the call runs on a pool of that size");
            }
        }
        // Asking again reuses the kept pools: no pool per call.
        let kept = || POOLS.lock().unwrap().len();
        let before = kept();
        for _ in 0..50 {
            run_with_threads(1000, |_| Ok(())).unwrap();
            run_with_threads(3, |_| Ok(())).unwrap();
        }
        assert_eq!(kept(), before);
        assert!(before <= cap, "at most one pool per size up to the cap");
    }

    #[test]
    fn zero_and_one_mean_the_shared_pool_and_the_callers_thread() {
        assert!(resolve(1).unwrap().sequential());
        assert_eq!(resolve(0).unwrap().count(), rayon::current_num_threads());
        let here = std::thread::current().id();
        let there = run_with_threads(1, |_| Ok(std::thread::current().id())).unwrap();
        assert_eq!(here, there);
    }
}
