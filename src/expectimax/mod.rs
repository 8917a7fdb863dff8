//! A general memoized solver for two-player games with chance
//! (expectimax / expectiminimax), and the coin-box game of seed 003.
//!
//! Model: values are Max's expected total reward. A decision node (Max or
//! Min) offers moves; each move is a lottery of outcomes `(probability,
//! reward, next state)` (a deterministic move is one outcome of
//! probability 1). A chance node is a single lottery; a terminal node has a
//! value. Rewards are credited to Max (a constant-sum game credits Max's
//! share; Min minimizes it). Turn order is whatever the node kinds say.
//!
//! Paths: [`solve`] (any game, states memoized in a `hashbrown` map, an
//! explicit stack so deep games never overflow the machine stack, a state
//! budget, an optional depth limit with a heuristic at the horizon) and
//! [`solve_dense`] (games whose states have a bounded index in which every
//! child precedes its parent: one bottom-up sweep over a flat array).
//!
//! Games whose states recur (a cycle: in Pig a turn that rolls a 1 hands
//! the move back with the scores unchanged) are solved too: [`solve`] first
//! runs the one-pass search, and on meeting a cycle solves the game again
//! by value iteration over its strongly connected components (`cyclic`):
//! each component is swept in place until the largest change of a sweep is
//! at most [`Options::tolerance`]. Play that never ends is worth the
//! rewards collected on the way (0 on a cycle without rewards): the sweeps
//! start every value at 0 and stop at the fixed point they reach from
//! there. [`pig`] is the dice game Pig, built on this.

pub mod coins;
mod component;
mod cyclic;
mod dense;
mod hashed;
mod ids;
pub mod pig;
pub mod yahtzee;

pub use dense::{DenseChild, DenseGame, solve_dense};
pub use hashed::solve;

use crate::budget::{Control, Progress};
use crate::error::{Error, Result};
use std::hash::Hash;

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NodeKind {
    /// Max picks the move with the highest value.
    Max,
    /// Min picks the move with the lowest value.
    Min,
    /// One lottery over the children.
    Chance,
    /// The game is over; Max gets this value.
    Terminal(f64),
}

/// One outcome of a move: consecutive children with the same `move_id`
/// form that move's lottery (at chance nodes all children form one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Child<S> {
    /// Which move this outcome belongs to (ignored at chance nodes).
    pub move_id: u32,
    /// Its probability within the move's lottery (a lottery sums to 1).
    pub probability: f64,
    /// Reward credited to Max on this edge.
    pub reward: f64,
    /// The state it leads to.
    pub next: S,
}

/// A game the solver can walk.
pub trait Game {
    /// A state of the game; equal states are solved once.
    type State: Clone + Eq + Hash;

    /// The state to solve from.
    fn root(&self) -> Self::State;

    /// The node's kind; for non-terminal nodes, its children are appended
    /// to `children`. Only append: the vector may already hold the
    /// children of other nodes (the solver keeps one pool for the path).
    fn expand(
        &self,
        state: &Self::State,
        children: &mut Vec<Child<Self::State>>,
    ) -> Result<NodeKind>;

    /// About how many states the game has, to size the memo up front
    /// (0, the default: unknown, the memo grows as it fills).
    fn state_hint(&self) -> usize {
        0
    }

    /// A game that can number its states: a bound on the numbers, each
    /// state's own given by [`Game::state_index`]. A game with cycles is
    /// then solved with its memo in a flat array of that many entries
    /// instead of a hash map (when the bound is at most four entries per
    /// state of the budget). None by default: hashed.
    fn index_bound(&self) -> Option<usize> {
        None
    }

    /// The state's number, below `index_bound()`; distinct states must get
    /// distinct numbers (two states met with one number are an error).
    /// Called only when `index_bound` is Some.
    fn state_index(&self, _state: &Self::State) -> usize {
        0
    }

    /// Estimated value at the depth limit (expectiminimax); 0 by default.
    fn heuristic(&self, _state: &Self::State) -> Result<f64> {
        Ok(0.0)
    }

    /// The state in words, for error messages (None, the default: a
    /// message then numbers the state in the order the solve met it).
    fn describe_state(&self, _state: &Self::State) -> Option<String> {
        None
    }
}

/// Solver settings.
#[derive(Debug, Clone)]
pub struct Options {
    /// Stop with `BudgetExceeded` past this many solved states. Memory is
    /// not reserved for the budget: tables grow as states are met (memory
    /// that runs out is `BudgetExceeded` too, naming the bytes).
    pub max_states: u64,
    /// Decision and chance levels to search below the root before using the
    /// heuristic; `None` solves to the end.
    pub depth_limit: Option<u32>,
    /// A deadline, cancel flag and progress hook for the hashed search: once
    /// it stops, the solve fails with `BudgetExceeded`.
    pub control: Control,
    /// Games with cycles: a component's sweeps stop once the largest change
    /// of a value in a sweep is at most this (absolute; default 1e-12).
    pub tolerance: f64,
    /// Games with cycles: most sweeps of one component before the solve
    /// fails with `BudgetExceeded` (the values did not settle: a cycle that
    /// keeps paying, or a tolerance below what floating point resolves).
    pub max_iterations: u64,
}

/// Default state budget: about 2 GiB of memo at most.
pub const DEFAULT_MAX_STATES: u64 = 20_000_000;
/// Default tolerance of the sweeps on games with cycles.
pub const DEFAULT_TOLERANCE: f64 = 1e-12;
/// Default most sweeps of one strongly connected component.
pub const DEFAULT_MAX_ITERATIONS: u64 = 100_000;

impl Options {
    /// The options every interface gives, each 0 meaning none given
    /// (`budget::given`): the default state budget, no depth limit, the
    /// default tolerance and sweep budget. A negative or NaN tolerance is
    /// an invalid argument. No time limit or cancel: set `control`.
    pub fn or_defaults(
        max_states: u64,
        depth_limit: u32,
        tolerance: f64,
        max_iterations: u64,
    ) -> Result<Options> {
        use crate::budget::given;
        if tolerance.is_nan() || tolerance < 0.0 {
            return Err(Error::invalid(format!(
                "tolerance is {tolerance}; 0 (the default, {DEFAULT_TOLERANCE:e}) or more"
            )));
        }
        Ok(Options {
            max_states: given(max_states).unwrap_or(DEFAULT_MAX_STATES),
            depth_limit: given(depth_limit),
            control: Control::NONE,
            tolerance: given(tolerance).unwrap_or(DEFAULT_TOLERANCE),
            max_iterations: given(max_iterations).unwrap_or(DEFAULT_MAX_ITERATIONS),
        })
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_states: DEFAULT_MAX_STATES,
            depth_limit: None,
            control: Control::NONE,
            tolerance: DEFAULT_TOLERANCE,
            max_iterations: DEFAULT_MAX_ITERATIONS,
        }
    }
}

/// The value of one move at the root.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveValue {
    /// The move's id, as the game's children give it.
    pub move_id: u32,
    /// Max's expected total reward after taking it.
    pub value: f64,
}

/// The answer of a solve.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// Max's expected total reward from the root under optimal play.
    pub value: f64,
    /// The root's kind.
    pub root_kind: NodeKind,
    /// Each move's value at a decision root, in the order given.
    pub moves: Vec<MoveValue>,
    /// The best move at a decision root (Max: highest, Min: lowest; the
    /// first on ties, except that a self-loop, a move whose outcomes all
    /// lead back to the root itself, gives way to the best other move when
    /// the two tie within the tolerance: see `best_move_avoiding_loops`).
    pub best_move: Option<MoveValue>,
    /// Distinct states solved.
    pub states: u64,
    /// Games with cycles: the most sweeps a strongly connected component
    /// took to settle (0 when the game has no cycle: one pass is exact).
    pub iterations: u64,
    /// Games with cycles: the largest change of a value in the last sweep
    /// of any component (0 without cycles), at most `Options::tolerance`.
    pub residual: f64,
}

/// Largest allowed gap between a lottery's probability sum and 1.
pub const PROBABILITY_TOLERANCE: f64 = 1e-9;

/// The parts of an outcome the value fold needs.
pub(crate) trait Outcome {
    fn move_id(&self) -> u32;
    fn probability(&self) -> f64;
    fn reward(&self) -> f64;
}

/// `Outcome` for an outcome type with `move_id`, `probability` and
/// `reward` fields (the solver's, the dense path's, the C ones).
macro_rules! impl_outcome {
    ($ty:ty $(, generic $param:ident)?) => {
        impl$(<$param>)? $crate::expectimax::Outcome for $ty {
            fn move_id(&self) -> u32 {
                self.move_id
            }
            fn probability(&self) -> f64 {
                self.probability
            }
            fn reward(&self) -> f64 {
                self.reward
            }
        }
    };
}
pub(crate) use impl_outcome;

impl_outcome!(Child<S>, generic S);

impl_outcome!(DenseChild);

/// Folds a node's children into its value and its root move list; checks
/// the lotteries. `values` gives each child's own value, in order.
#[inline]
pub(crate) fn node_value<C: Outcome>(
    kind: NodeKind,
    children: &[C],
    values: impl IntoIterator<Item = f64>,
    moves: Option<&mut Vec<MoveValue>>,
) -> Result<f64> {
    match moves {
        // Only a decision root lists its moves.
        Some(list) if kind != NodeKind::Chance => fold(kind, children, values, |id, value| {
            list.push(MoveValue { move_id: id, value })
        }),
        _ => fold(kind, children, values, |_, _| {}),
    }
}

/// The fold itself; `on_move(id, value)` sees each move's expectation.
#[inline(always)]
fn fold<C: Outcome>(
    kind: NodeKind,
    children: &[C],
    values: impl IntoIterator<Item = f64>,
    mut on_move: impl FnMut(u32, f64),
) -> Result<f64> {
    let Some(first) = children.first() else {
        return Err(Error::invalid(format!("a {kind:?} node has no children")));
    };
    let minimize = kind == NodeKind::Min;
    let chance = kind == NodeKind::Chance;
    let better = |best: f64, x: f64| {
        if minimize {
            if x < best { x } else { best }
        } else if x > best {
            x
        } else {
            best
        }
    };
    let mut best = if minimize {
        f64::INFINITY
    } else {
        f64::NEG_INFINITY
    };
    // Validity is gathered without branching and reported after the pass.
    let mut valid = true;
    let mut id = first.move_id();
    let (mut total, mut expectation): (f64, f64) = (0.0, 0.0);
    for (child, value) in children.iter().zip(values) {
        let next_id = child.move_id();
        if next_id != id && !chance {
            valid &= (total - 1.0).abs() <= PROBABILITY_TOLERANCE;
            on_move(id, expectation);
            best = better(best, expectation);
            (id, total, expectation) = (next_id, 0.0, 0.0);
        }
        let (p, r) = (child.probability(), child.reward());
        valid &= (0.0..=1.0).contains(&p) & r.is_finite();
        total += p;
        expectation += p * (r + value);
    }
    valid &= (total - 1.0).abs() <= PROBABILITY_TOLERANCE;
    on_move(id, expectation);
    best = better(best, expectation);
    if !valid {
        return Err(lottery_error(kind, children));
    }
    Ok(best)
}

/// Why a node's lotteries are invalid (the slow path of [`node_value`]).
#[cold]
fn lottery_error<C: Outcome>(kind: NodeKind, children: &[C]) -> Error {
    let mut i = 0;
    while i < children.len() {
        let id = children[i].move_id();
        let mut total = 0.0;
        while i < children.len() && (kind == NodeKind::Chance || children[i].move_id() == id) {
            let (p, r) = (children[i].probability(), children[i].reward());
            if !(0.0..=1.0).contains(&p) || !r.is_finite() {
                return Error::invalid(format!(
                    "move {id}: probability {p} or reward {r} out of range"
                ));
            }
            total += p;
            i += 1;
        }
        if (total - 1.0).abs() > PROBABILITY_TOLERANCE {
            return Error::invalid(format!(
                "move {id}: outcome probabilities sum to {total}, not 1"
            ));
        }
    }
    Error::invalid("a lottery is invalid")
}

/// A terminal or horizon value, checked to be finite: the one check of
/// the hashed, cyclic and dense solvers. `what` says which value
/// ("terminal", "heuristic"); `state` names the state (called only on an
/// error).
#[inline]
pub(crate) fn finite_value(value: f64, what: &str, state: impl FnOnce() -> String) -> Result<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(not_finite(value, what, &state()))
    }
}

#[cold]
fn not_finite(value: f64, what: &str, state: &str) -> Error {
    Error::invalid(format!(
        "state {state}: the {what} value is {value}; values must be finite"
    ))
}

/// A state's name for [`finite_value`]: the game's own words, or its
/// number in the order the solve met it.
pub(crate) fn state_name<G: Game>(game: &G, state: &G::State, order: u64) -> String {
    game.describe_state(state)
        .unwrap_or_else(|| format!("#{order} (in the order met)"))
}

/// Most bytes a solver reserves up front for a table sized by an estimate
/// (the game's state hint, capped by the state budget): past them a table
/// grows as the work fills it, each step fallible. A budget of a billion
/// states must not reserve tens of gigabytes before the first state.
pub(crate) const UPFRONT_BYTES: usize = 1 << 26;

/// Entries of `T` that [`UPFRONT_BYTES`] hold in a `Vec`, or in a hash
/// table (a control byte per bucket, buckets up to twice the entries).
pub(crate) const fn upfront_entries<T>(hashed: bool) -> usize {
    let entry = size_of::<T>() + if hashed { 1 } else { 0 };
    let entries = UPFRONT_BYTES / if entry == 0 { 1 } else { entry };
    if hashed { entries / 2 } else { entries }
}

/// Room for `additional` more items in `v` (growing it as `Vec` does, by
/// doubling), never aborting: `BudgetExceeded` naming the bytes the
/// allocator refused, or `InvalidArgument` for a size no memory holds.
/// `what` names the table in the message.
#[inline]
pub(crate) fn reserve<T>(v: &mut Vec<T>, additional: usize, what: &str) -> Result<()> {
    if v.capacity() - v.len() >= additional {
        Ok(())
    } else {
        grow(v, additional, what)
    }
}

#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>, additional: usize, what: &str) -> Result<()> {
    let most = isize::MAX as usize / size_of::<T>().max(1);
    let doubled = v.capacity().saturating_mul(2).clamp(8, most);
    let needed = v.len().saturating_add(additional);
    reserve_exact(v, needed.max(doubled) - v.len(), what)
}

/// Room for exactly `additional` more items in `v`, errors as [`reserve`].
pub(crate) fn reserve_exact<T>(v: &mut Vec<T>, additional: usize, what: &str) -> Result<()> {
    let entries = v.len() as u128 + additional as u128;
    let bytes = entries * size_of::<T>() as u128;
    if bytes > isize::MAX as u128 {
        return Err(too_large(entries, size_of::<T>(), what));
    }
    v.try_reserve_exact(additional)
        .map_err(|_| allocation_failed(bytes as usize, what))
}

/// Room for `additional` more entries in a hash table, errors as
/// [`reserve`]; `hasher` rehashes an entry when the table grows.
#[inline]
pub(crate) fn reserve_table<T>(
    table: &mut hashbrown::HashTable<T>,
    additional: usize,
    hasher: impl Fn(&T) -> u64,
    what: &str,
) -> Result<()> {
    if table.capacity() - table.len() >= additional {
        return Ok(());
    }
    let entries = table.len() as u128 + additional as u128;
    table.try_reserve(additional, hasher).map_err(|e| match e {
        hashbrown::TryReserveError::CapacityOverflow => {
            too_large(entries, size_of::<T>() + 1, what)
        }
        hashbrown::TryReserveError::AllocError { layout } => allocation_failed(layout.size(), what),
    })
}

#[cold]
fn allocation_failed(bytes: usize, what: &str) -> Error {
    Error::budget(format!(
        "could not allocate {bytes} bytes for {what}: not enough memory"
    ))
}

#[cold]
fn too_large(entries: u128, entry_bytes: usize, what: &str) -> Error {
    Error::invalid(format!(
        "{what} would need {} bytes ({entries} entries of {entry_bytes}): more than memory \
         can address",
        entries * entry_bytes as u128
    ))
}

/// Units of work (a state, or one outcome of it; a state or a term of a
/// sweep; an entry of a table filled) between two looks at the control:
/// a unit takes nanoseconds to tens of nanoseconds, so a deadline or a
/// cancel is seen within about a millisecond of work, and progress reports
/// start within their interval (Pig with a 100-faced die looked every
/// 16,384 states, 1.6 million outcomes: hundreds of milliseconds).
pub(crate) const CHECK_EVERY: u64 = 1 << 13;

/// A solve's count of states (against the state budget) and of the work
/// done since it last asked the control whether to stop: shared by the
/// searches, the sweeps and the tables they fill.
#[derive(Default)]
pub(crate) struct Meter {
    pub states: u64,
    work: u64,
    /// The game's size estimate, for the share done (0: unknown).
    expected: usize,
}

impl Meter {
    pub fn new<G: Game>(game: &G) -> Meter {
        Meter {
            states: 0,
            work: 0,
            expected: game.state_hint(),
        }
    }

    /// One more solved state, with `outcomes` outcomes: against the state
    /// budget, and as work (see [`Meter::work`]).
    #[inline]
    pub fn count_state(&mut self, outcomes: usize, options: &Options) -> Result<()> {
        self.states += 1;
        if self.states > options.max_states {
            return Err(Error::budget(format!(
                "the game has more than {} states (the budget)",
                options.max_states
            )));
        }
        self.work(1 + outcomes as u64, &options.control)
    }

    /// `units` more work; every [`CHECK_EVERY`] units, tells the control
    /// the share done and asks it whether to stop (`BudgetExceeded` if so).
    #[inline]
    pub fn work(&mut self, units: u64, control: &Control) -> Result<()> {
        self.work += units;
        if self.work < CHECK_EVERY {
            return Ok(());
        }
        self.work = 0;
        self.checkpoint(control)
    }

    #[cold]
    #[inline(never)]
    fn checkpoint(&self, control: &Control) -> Result<()> {
        // Report first: a progress callback that cancels is heard at once.
        control.report_progress(Progress {
            fraction: if self.expected > 0 {
                (self.states as f64 / self.expected as f64).min(0.99)
            } else {
                0.0
            },
            done: self.states,
            estimate: None,
        });
        if control.passed() {
            return Err(Error::budget(format!(
                "the solve stopped (time budget or cancel) after {} states",
                self.states
            )));
        }
        Ok(())
    }
}

/// The best entry of a root move list for a decision node (the first on
/// ties).
pub(crate) fn best_move(kind: NodeKind, moves: &[MoveValue]) -> Option<MoveValue> {
    match kind {
        NodeKind::Max => moves
            .iter()
            .copied()
            .reduce(|b, m| if m.value > b.value { m } else { b }),
        NodeKind::Min => moves
            .iter()
            .copied()
            .reduce(|b, m| if m.value < b.value { m } else { b }),
        _ => None,
    }
}

/// The best entry of a root move list as [`best_move`] gives it, unless
/// that is a self-loop (`loops[i]`: every outcome of move i leads back to
/// the root itself) and another move is within `margin` of it: then the
/// best of the moves that are not self-loops (the first on ties). A
/// self-loop's value is the root's own, so it ties with the best move that
/// leaves unless play that never ends is strictly better; on a tie,
/// following it would never end the game. `margin`: how close values count
/// as equal (a cyclic solve's values are known to its tolerance).
pub(crate) fn best_move_avoiding_loops(
    kind: NodeKind,
    moves: &[MoveValue],
    loops: &[bool],
    margin: f64,
) -> Option<MoveValue> {
    let best = best_move(kind, moves)?;
    let at = moves.iter().position(|m| *m == best)?;
    if !loops.get(at).copied().unwrap_or(false) {
        return Some(best);
    }
    let others: Vec<MoveValue> = moves
        .iter()
        .zip(loops)
        .filter(|&(_, &looped)| !looped)
        .map(|(m, _)| *m)
        .collect();
    match best_move(kind, &others) {
        Some(other) if (other.value - best.value).abs() <= margin => Some(other),
        _ => Some(best),
    }
}

#[cfg(test)]
mod tests;
