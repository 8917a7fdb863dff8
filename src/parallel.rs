//! How engines honour a `threads` argument, in one place.
//!
//! - `0`: the shared pool (one worker per core, or the size `oddsmith_init`
//!   gave it), built on first use.
//! - `1`: the caller's thread, with no pool hand-off (engines then iterate
//!   sequentially).
//! - `n` in `2..=MAX_THREADS`: `min(n, cap)` workers, where `cap` is the
//!   larger of the machine's cores and the shared pool's size: more workers
//!   than cores only add switching. When that many equals the shared pool's
//!   size the shared pool runs the call; otherwise a pool of that size,
//!   built on first use and kept: the `MAX_KEPT_POOLS` most recently used
//!   sizes are kept, so a process that asks for many sizes holds a bounded
//!   number of threads, and one that asks for a few never rebuilds.
//! - more than `MAX_THREADS`: an `InvalidArgument` error.
//!
//! Pools belong to the process that built them: after `fork()` the child
//! has none of their threads, so a call in the child builds its own (the
//! parent's are left alone, never joined). A pool that cannot start (no
//! threads to be had) runs the call on the caller's thread instead: the
//! answers are the same on any number of threads.
//!
//! Engines receive the resolved [`Workers`] and never look at the raw value.

use crate::error::{Error, Result};
use rayon::ThreadPool;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The largest `threads` any entry accepts (as `oddsmith_init`).
pub const MAX_THREADS: usize = 1024;

/// Pools of sizes other than the shared pool's kept at once (the most
/// recently used).
pub const MAX_KEPT_POOLS: usize = 4;

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

/// The shared pool's size: what `init` asked for, else one per core.
fn shared_size() -> usize {
    match SHARED_SIZE.load(Ordering::Relaxed) {
        0 => cores(),
        n => n,
    }
}

/// The workers `threads` resolves to, by the rule above (without starting
/// any thread).
pub fn resolve(threads: usize) -> Result<Workers> {
    check_threads(threads)?;
    let shared = shared_size();
    Ok(Workers {
        count: match threads {
            0 => shared,
            n => n.min(cores().max(shared)),
        },
    })
}

/// Sizes the shared pool (0 = one worker per core) and starts it, unless
/// this process started it already (it keeps the size it was first given).
/// Errors: `InvalidArgument` past [`MAX_THREADS`]; `Internal` when its
/// threads cannot start (calls then run on the caller's thread).
pub fn init(threads: usize) -> Result<()> {
    check_threads(threads)?;
    let mut pools = locked();
    if pools.shared.is_none() {
        // Only when this process has no pool yet: a size given after the
        // pool started changes nothing.
        SHARED_SIZE.store(threads, Ordering::Relaxed);
    }
    pools.pool(shared_size()).map(|_| ())
}

/// Runs `f` with the parallelism `threads` asks for (see the module doc);
/// `f` is told the resolved workers.
pub fn run_with_threads<T: Send>(
    threads: usize,
    f: impl FnOnce(Workers) -> Result<T> + Send,
) -> Result<T> {
    let workers = resolve(threads)?;
    let inside_such_a_pool =
        rayon::current_thread_index().is_some() && rayon::current_num_threads() == workers.count;
    if workers.sequential() || inside_such_a_pool {
        return f(workers);
    }
    // The lock is released before the call runs.
    let pool = locked().pool(workers.count);
    match pool {
        Ok(pool) => pool.install(|| f(workers)),
        Err(_) => f(Workers::CALLER),
    }
}

/// The machine's cores (read once).
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The size `init` gave the shared pool (0 = one per core).
static SHARED_SIZE: AtomicUsize = AtomicUsize::new(0);

/// A pool and the process that built it.
struct Owned {
    pid: u32,
    pool: Arc<ThreadPool>,
}

/// The shared pool and the kept ones, most recently used last.
struct Pools {
    shared: Option<Owned>,
    /// The process whose shared pool could not start: not tried again.
    shared_failed: Option<u32>,
    kept: Vec<Owned>,
}

static POOLS: Mutex<Pools> = Mutex::new(Pools {
    shared: None,
    shared_failed: None,
    kept: Vec::new(),
});

/// The pools, with those of a parent process (after `fork()`) forgotten.
fn locked() -> MutexGuard<'static, Pools> {
    // A panic while holding the lock cannot leave the pools inconsistent.
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    let pid = std::process::id();
    let inherited = |o: &Owned| o.pid != pid;
    if pools.shared.as_ref().is_some_and(inherited) || pools.kept.iter().any(inherited) {
        // Their threads are the parent's: never signal or join them.
        std::mem::forget(pools.shared.take());
        std::mem::forget(std::mem::take(&mut pools.kept));
    }
    if pools.shared_failed.is_some_and(|p| p != pid) {
        pools.shared_failed = None;
    }
    pools
}

impl Pools {
    /// The pool of `size` workers for this process: the shared pool when
    /// `size` is its size, else a kept one (built on first use; the least
    /// recently used dropped past `MAX_KEPT_POOLS`, its threads ending once
    /// the calls running on it return).
    fn pool(&mut self, size: usize) -> Result<Arc<ThreadPool>> {
        let pid = std::process::id();
        if size == shared_size() {
            if self.shared_failed == Some(pid) {
                return Err(Error::new(
                    crate::ErrorKind::Internal,
                    "the shared pool could not start: calls run on the caller's thread",
                ));
            }
            if self.shared.is_none() {
                let pool = build(size).inspect_err(|_| self.shared_failed = Some(pid))?;
                self.shared = Some(Owned { pid, pool });
            }
            return Ok(Arc::clone(&self.shared.as_ref().expect("just built").pool));
        }
        let owned = match self
            .kept
            .iter()
            .position(|o| o.pool.current_num_threads() == size)
        {
            Some(i) => self.kept.remove(i),
            None => Owned {
                pid,
                pool: build(size)?,
            },
        };
        let pool = Arc::clone(&owned.pool);
        self.kept.push(owned);
        if self.kept.len() > MAX_KEPT_POOLS {
            self.kept.remove(0);
        }
        Ok(pool)
    }
}

fn build(size: usize) -> Result<Arc<ThreadPool>> {
    // The threads started before one failed are joined before the error
    // returns: rayon only tells them to end, and until they have, their
    // stacks hold the memory the caller's-thread fallback needs (under an
    // address-space limit the next allocation failed, an abort).
    let started = Arc::new(Mutex::new(Vec::new()));
    let record = Arc::clone(&started);
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(size)
        .thread_name(|i| format!("oddsmith-{i}"))
        .spawn_handler(move |thread| {
            let mut builder = std::thread::Builder::new();
            if let Some(name) = thread.name() {
                builder = builder.name(name.to_owned());
            }
            if let Some(bytes) = thread.stack_size() {
                builder = builder.stack_size(bytes);
            }
            let handle = builder.spawn(|| thread.run())?;
            lock_handles(&record).push(handle);
            Ok(())
        })
        .build();
    match built {
        // The handles are dropped: the pool's threads run detached.
        Ok(pool) => Ok(Arc::new(pool)),
        Err(e) => {
            for handle in lock_handles(&started).drain(..) {
                let _ = handle.join();
            }
            Err(Error::new(
                crate::ErrorKind::Internal,
                format!(
                    "cannot start {size} worker threads ({e}): calls run on the caller's thread"
                ),
            ))
        }
    }
}

/// The started threads' handles (a panic elsewhere cannot leave them
/// half-written: a push or a drain).
fn lock_handles(
    handles: &Mutex<Vec<std::thread::JoinHandle<()>>>,
) -> MutexGuard<'_, Vec<std::thread::JoinHandle<()>>> {
    handles
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
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
        let cap = cores().max(shared_size());
        for threads in [2, 3, 1000, MAX_THREADS] {
            let w = run_with_threads(threads, |w| Ok((w, rayon::current_num_threads()))).unwrap();
            assert_eq!(w.0.count(), threads.min(cap));
            if !w.0.sequential() {
                assert_eq!(w.1, w.0.count(), "the call runs on a pool of that size");
            }
        }
        // Asking again reuses the kept pools: no pool per call.
        let kept = || locked().kept.len();
        let before = kept();
        for _ in 0..50 {
            run_with_threads(1000, |_| Ok(())).unwrap();
            run_with_threads(3, |_| Ok(())).unwrap();
        }
        assert_eq!(kept(), before);
        assert!(before <= MAX_KEPT_POOLS);
    }

    /// However many sizes a process asks for, at most `MAX_KEPT_POOLS`
    /// pools besides the shared one hold threads.
    #[test]
    fn the_kept_pools_are_bounded() {
        // Sizes past the cores are capped by `resolve`: ask the pools
        // directly, under one lock (other tests use them too).
        let mut pools = locked();
        let sizes = (2..)
            .filter(|&s| s != shared_size())
            .take(MAX_KEPT_POOLS + 5);
        let mut last = 0;
        for size in sizes {
            let pool = pools.pool(size).unwrap();
            assert_eq!(pool.current_num_threads(), size);
            assert!(pools.kept.len() <= MAX_KEPT_POOLS);
            last = size;
        }
        let kept: Vec<usize> = pools
            .kept
            .iter()
            .map(|o| o.pool.current_num_threads())
            .collect();
        assert_eq!(kept.len(), MAX_KEPT_POOLS);
        assert_eq!(kept.last(), Some(&last), "the latest is kept: {kept:?}");
    }

    #[test]
    fn zero_and_one_mean_the_shared_pool_and_the_callers_thread() {
        assert!(resolve(1).unwrap().sequential());
        assert_eq!(resolve(0).unwrap().count(), shared_size());
        let here = std::thread::current().id();
        let there = run_with_threads(1, |_| Ok(std::thread::current().id())).unwrap();
        assert_eq!(here, there);
        let (count, on_pool) = run_with_threads(0, |w| {
            Ok((w.count(), rayon::current_thread_index().is_some()))
        })
        .unwrap();
        assert_eq!(count, shared_size());
        assert_eq!(on_pool, count > 1, "the shared pool runs it");
    }
}
