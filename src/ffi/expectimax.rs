//! C entries for the expectimax solver: games defined by the caller through
//! a callback (`oddsmith_expectimax_solve`, hashed by state bytes, cycles
//! allowed; `oddsmith_expectimax_solve_dense`, states by index, children
//! before parents) and the coin-box game (`oddsmith_coins_expectation`).

use super::guard::{FfiError, FfiResult, OddsmithStatus, arg, guard};
use super::progress::{OddsmithProgress, settle, watch_inline};
use crate::budget::Control;
use crate::error::{Error, ErrorKind, Result};
use crate::expectimax::coins::{
    CoinGame, DEFAULT_DENOMINATIONS, MAX_BOXES, MAX_DENOMINATIONS, Method, solve_coins_controlled,
};
use crate::expectimax::{
    Child, DenseChild, DenseGame, Game, NodeKind, Options, Solution, finite_value, node_value,
    solve, solve_dense,
};
use std::cell::RefCell;
use std::ffi::c_void;

/// Largest state, in bytes, of a game defined through callbacks.
pub const ODDSMITH_MAX_STATE_SIZE: usize = 64;
/// Most children (outcomes over all moves) a node may have.
pub const ODDSMITH_MAX_CHILDREN: usize = 64;
/// Node kinds, for `OddsmithGameNode.kind`. This one: Max moves, taking
/// the child of the highest value.
pub const ODDSMITH_NODE_MAX: u32 = 0;
/// Min moves: the child of the lowest value.
pub const ODDSMITH_NODE_MIN: u32 = 1;
/// A chance node: one lottery over all its children.
pub const ODDSMITH_NODE_CHANCE: u32 = 2;
/// The game is over: Max gets `OddsmithGameNode.value`.
pub const ODDSMITH_NODE_TERMINAL: u32 = 3;

/// What the expand callback says about a state.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithGameNode {
    /// One of ODDSMITH_NODE_MAX, _MIN, _CHANCE, _TERMINAL.
    pub kind: u32,
    /// Max's value at a terminal node (ignored otherwise); finite (NaN or
    /// an infinity is ODDSMITH_ERR_INVALID_ARGUMENT, naming the state).
    pub value: f64,
    /// Children written (0 at terminal nodes), at most the capacity given.
    pub child_count: u32,
}

/// One outcome of a move. Consecutive children with the same move_id form
/// that move's lottery (probabilities summing to 1); at chance nodes all
/// children form one lottery.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithGameChild {
    /// The move this outcome belongs to (any number the caller chooses;
    /// ignored at chance nodes).
    pub move_id: u32,
    /// Its probability within the move's lottery, in 0..=1.
    pub probability: f64,
    /// Reward credited to Max on this edge.
    pub reward: f64,
    /// The next state (its first state_size bytes).
    pub next: [u8; ODDSMITH_MAX_STATE_SIZE],
}

/// Describes `state` (state_size bytes): fills `*node` and up to `capacity`
/// children. Returns 0, or a nonzero code to abort the solve with
/// ODDSMITH_ERR_CALLBACK.
pub type OddsmithExpandFn = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        state: *const u8,
        node: *mut OddsmithGameNode,
        children: *mut OddsmithGameChild,
        capacity: u32,
    ) -> i32,
>;

/// Estimates Max's value of `state` at the depth limit. Returns 0, or a
/// nonzero code to abort.
pub type OddsmithHeuristicFn =
    Option<unsafe extern "C" fn(user: *mut c_void, state: *const u8, value: *mut f64) -> i32>;

/// A two-player game with chance, defined by the caller.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithGameDef {
    /// Bytes of a state, 1..=ODDSMITH_MAX_STATE_SIZE.
    pub state_size: u32,
    /// The root state (its first state_size bytes).
    pub root: [u8; ODDSMITH_MAX_STATE_SIZE],
    /// Passed to the callbacks untouched.
    pub user: *mut c_void,
    /// Required.
    pub expand: OddsmithExpandFn,
    /// Optional (NULL: 0 at the depth limit).
    pub heuristic: OddsmithHeuristicFn,
}

/// Solver options; pass NULL for the defaults, or zero the struct and set
/// what you need.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithExpectimaxOptions {
    /// Stop with ODDSMITH_ERR_BUDGET_EXCEEDED past this many states; 0
    /// means the default (20,000,000). Memory is not reserved for the
    /// budget but as states are met (UINT64_MAX is no limit); memory that
    /// runs out is ODDSMITH_ERR_BUDGET_EXCEEDED too, the message naming the
    /// bytes asked for (never an abort).
    pub max_states: u64,
    /// Levels to search before using the heuristic; 0 means no limit.
    pub depth_limit: u32,
    /// About how many states the game has, to size the memo once instead
    /// of growing it (0: unknown). Only a hint: at most max_states entries
    /// and 64 MiB are reserved up front.
    pub expected_states: u32,
    /// Games with cycles: the sweeps over a cycle stop once no value
    /// changes by more than this in a sweep; 0 means the default (1e-12).
    /// Negative or NaN: ODDSMITH_ERR_INVALID_ARGUMENT.
    pub tolerance: f64,
    /// Games with cycles: most sweeps of one cycle before
    /// ODDSMITH_ERR_BUDGET_EXCEEDED (values that never settle); 0 means
    /// the default (100,000).
    pub max_iterations: u64,
    /// Wall-clock limit in milliseconds (ODDSMITH_ERR_BUDGET_EXCEEDED once
    /// passed; no partial answer); 0 means none.
    pub time_ms: u64,
    /// Progress and cancel (see OddsmithProgress), or NULL for none. The
    /// callback is called on the calling thread between the game's own
    /// callbacks (after every 8,192 states or outcomes of states solved, or
    /// terms swept; `done` counts states).
    pub progress: *const OddsmithProgress,
}

/// What a C options pointer asks for (NULL: the defaults).
pub(crate) struct CallOptions {
    pub options: Options,
    /// The game's size hint.
    pub expected_states: u32,
    pub progress: *const OddsmithProgress,
}

impl CallOptions {
    /// Runs `work` with these options, their control carrying the
    /// progress callback (called on this thread), and settles the entry:
    /// `write` gets the answer, or `None` when cancelled (then CANCELLED).
    pub(crate) fn run<T>(
        mut self,
        work: impl FnOnce(&Options) -> crate::error::Result<T>,
        write: impl FnOnce(Option<&T>, bool) -> bool,
    ) -> FfiResult {
        let base = self.options.control.clone();
        // SAFETY: `progress` came from the caller's options, NULL or valid
        // for the call (the entries' # Safety).
        let watched = unsafe {
            watch_inline(self.progress, base, |control| {
                self.options.control = control.clone();
                work(&self.options)
            })
        };
        settle(watched, write)
    }
}

/// The Rust options a C options pointer asks for (NULL: the defaults).
///
/// # Safety
/// `options` NULL or valid.
pub(crate) unsafe fn options_from(
    options: *const OddsmithExpectimaxOptions,
) -> FfiResult<CallOptions> {
    // SAFETY: NULL or valid, per this function's contract.
    let Some(o) = (unsafe { options.as_ref() }) else {
        return Ok(CallOptions {
            options: Options::default(),
            expected_states: 0,
            progress: std::ptr::null(),
        });
    };
    // Each 0 is none given: the engine's one rule says what that means.
    let mut opts =
        Options::or_defaults(o.max_states, o.depth_limit, o.tolerance, o.max_iterations)?;
    opts.control = Control::within(crate::budget::given_ms(Some(o.time_ms)));
    Ok(CallOptions {
        options: opts,
        expected_states: o.expected_states,
        progress: o.progress,
    })
}

/// The answer of a solve.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithExpectimaxResult {
    /// Max's expected total reward from the root.
    pub value: f64,
    /// The root's ODDSMITH_NODE_* kind.
    pub root_kind: u32,
    /// Moves at a decision root (0 at chance and terminal roots).
    pub move_count: u32,
    /// Index into move_ids of the best move, or -1. On a tie, the first of
    /// the best moves; but a self-loop (a move whose outcomes all lead back
    /// to the root state itself, worth the root's own value) is never
    /// chosen when another move ties with it within the tolerance (such a
    /// move would never end the game): then the best of the other moves,
    /// the first on ties. A self-loop is best only when play that never
    /// ends is strictly better than every other move.
    pub best_index: i32,
    /// The root's moves, in the order the expand callback first gave them
    /// (entries past move_count are 0).
    pub move_ids: [u32; ODDSMITH_MAX_CHILDREN],
    /// Max's value after each move of move_ids.
    pub move_values: [f64; ODDSMITH_MAX_CHILDREN],
    /// Distinct states solved.
    pub states: u64,
    /// Games with cycles: the most sweeps a cycle took (0: no cycle, one
    /// pass was exact).
    pub iterations: u64,
    /// Games with cycles: the largest change of a value in the last sweep,
    /// at most the tolerance (0 without cycles).
    pub residual: f64,
    /// 1 when the progress callback cancelled the solve (every other field
    /// is then zero, best_index -1: part of a solve is not an answer).
    pub partial: u8,
}

/// The result of a cancelled solve.
pub(crate) const CANCELLED_RESULT: OddsmithExpectimaxResult = OddsmithExpectimaxResult {
    value: 0.0,
    root_kind: 0,
    move_count: 0,
    best_index: -1,
    move_ids: [0; ODDSMITH_MAX_CHILDREN],
    move_values: [0.0; ODDSMITH_MAX_CHILDREN],
    states: 0,
    iterations: 0,
    residual: 0.0,
    partial: 1,
};

/// The C result of a solution (moves beyond ODDSMITH_MAX_CHILDREN, which
/// a callback cannot give, are not listed).
pub(crate) fn result_of(solution: &Solution) -> OddsmithExpectimaxResult {
    let mut r = OddsmithExpectimaxResult {
        value: solution.value,
        root_kind: kind_code(solution.root_kind),
        move_count: solution.moves.len().min(ODDSMITH_MAX_CHILDREN) as u32,
        best_index: -1,
        move_ids: [0; ODDSMITH_MAX_CHILDREN],
        move_values: [0.0; ODDSMITH_MAX_CHILDREN],
        states: solution.states,
        iterations: solution.iterations,
        residual: solution.residual,
        partial: 0,
    };
    for (i, m) in solution
        .moves
        .iter()
        .take(ODDSMITH_MAX_CHILDREN)
        .enumerate()
    {
        r.move_ids[i] = m.move_id;
        r.move_values[i] = m.value;
        if solution.best_move == Some(*m) && r.best_index < 0 {
            r.best_index = i as i32;
        }
    }
    r
}

/// A state of a callback game in N bytes (N >= state_size, a multiple of
/// 8; the bytes past state_size stay zero), so small states make small memo
/// keys.
#[derive(Clone, Copy, PartialEq, Eq)]
struct CState<const N: usize>([u8; N]);

impl<const N: usize> std::hash::Hash for CState<N> {
    /// Eight bytes at a time (no length prefix: the size is fixed).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for word in self.0.as_chunks::<8>().0 {
            state.write_u64(u64::from_le_bytes(*word));
        }
    }
}

type ExpandCallback = unsafe extern "C" fn(
    *mut c_void,
    *const u8,
    *mut OddsmithGameNode,
    *mut OddsmithGameChild,
    u32,
) -> i32;

const BLANK_CHILD: OddsmithGameChild = OddsmithGameChild {
    move_id: 0,
    probability: 0.0,
    reward: 0.0,
    next: [0; ODDSMITH_MAX_STATE_SIZE],
};

/// The caller's game behind the solver's `Game` trait.
struct CallbackGame<const N: usize> {
    def: OddsmithGameDef,
    expand: ExpandCallback,
    /// The children buffer handed to the callback, allocated once.
    children: RefCell<Box<[OddsmithGameChild; ODDSMITH_MAX_CHILDREN]>>,
    /// Per 8 bytes of a state: ones over the state's bytes, zeros past
    /// them (clears what a callback left beyond state_size).
    mask: [u64; ODDSMITH_MAX_STATE_SIZE / 8],
    /// The caller's `expected_states`, capped.
    hint: usize,
}

impl<const N: usize> CallbackGame<N> {
    fn new(def: OddsmithGameDef, expand: ExpandCallback, hint: usize) -> Self {
        CallbackGame {
            def,
            expand,
            children: RefCell::new(Box::new([BLANK_CHILD; ODDSMITH_MAX_CHILDREN])),
            mask: std::array::from_fn(|w| {
                let kept = (def.state_size as usize).saturating_sub(8 * w).min(8);
                u64::MAX.checked_shr(64 - 8 * kept as u32).unwrap_or(0)
            }),
            hint,
        }
    }
}

fn kind_of(code: u32, value: f64) -> Result<NodeKind> {
    match code {
        ODDSMITH_NODE_MAX => Ok(NodeKind::Max),
        ODDSMITH_NODE_MIN => Ok(NodeKind::Min),
        ODDSMITH_NODE_CHANCE => Ok(NodeKind::Chance),
        ODDSMITH_NODE_TERMINAL => Ok(NodeKind::Terminal(value)),
        other => Err(Error::invalid(format!(
            "node kind {other} is not one of 0..=3"
        ))),
    }
}

fn kind_code(kind: NodeKind) -> u32 {
    match kind {
        NodeKind::Max => ODDSMITH_NODE_MAX,
        NodeKind::Min => ODDSMITH_NODE_MIN,
        NodeKind::Chance => ODDSMITH_NODE_CHANCE,
        NodeKind::Terminal(_) => ODDSMITH_NODE_TERMINAL,
    }
}

impl<const N: usize> Game for CallbackGame<N> {
    type State = CState<N>;

    fn root(&self) -> CState<N> {
        let mut bytes = [0u8; N];
        let len = self.def.state_size as usize;
        bytes[..len].copy_from_slice(&self.def.root[..len]);
        CState(bytes)
    }

    fn expand(&self, state: &CState<N>, children: &mut Vec<Child<CState<N>>>) -> Result<NodeKind> {
        let mut node = OddsmithGameNode {
            kind: u32::MAX,
            value: 0.0,
            child_count: 0,
        };
        let mut out = self.children.borrow_mut();
        // SAFETY: the caller promised a valid callback; the state (its
        // state_size bytes, within N) and the child buffer are valid for
        // the call.
        let code = unsafe {
            (self.expand)(
                self.def.user,
                state.0.as_ptr(),
                &mut node,
                out.as_mut_ptr(),
                ODDSMITH_MAX_CHILDREN as u32,
            )
        };
        if code != 0 {
            return Err(Error::new(
                ErrorKind::Callback,
                format!("the expand callback returned error code {code}"),
            ));
        }
        let kind = kind_of(node.kind, node.value)?;
        if matches!(kind, NodeKind::Terminal(_)) {
            return Ok(kind);
        }
        let count = node.child_count as usize;
        if count > ODDSMITH_MAX_CHILDREN {
            return Err(Error::invalid(format!(
                "a node reports {count} children; at most {ODDSMITH_MAX_CHILDREN}"
            )));
        }
        for c in &out[..count] {
            // Word by word, the bytes past the state cleared.
            let mut next = [0u8; N];
            let words = next.as_chunks_mut::<8>().0.iter_mut();
            for ((out, word), mask) in words.zip(c.next.as_chunks::<8>().0).zip(&self.mask) {
                *out = (u64::from_le_bytes(*word) & mask).to_le_bytes();
            }
            children.push(Child {
                move_id: c.move_id,
                probability: c.probability,
                reward: c.reward,
                next: CState(next),
            });
        }
        Ok(kind)
    }

    fn state_hint(&self) -> usize {
        self.hint
    }

    /// Its state_size bytes in hex, as the caller wrote them.
    fn describe_state(&self, state: &CState<N>) -> Option<String> {
        let bytes = &state.0[..self.def.state_size as usize];
        let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
        Some(format!("[{}]", hex.join(" ")))
    }

    fn heuristic(&self, state: &CState<N>) -> Result<f64> {
        let Some(h) = self.def.heuristic else {
            return Ok(0.0);
        };
        let mut value = 0.0;
        // SAFETY: as in `expand`.
        let code = unsafe { h(self.def.user, state.0.as_ptr(), &mut value) };
        if code != 0 {
            return Err(Error::new(
                ErrorKind::Callback,
                format!("the heuristic callback returned error code {code}"),
            ));
        }
        Ok(value)
    }
}

/// Most memo bytes a caller's hint reserves up front (a wrong hint must not
/// allocate gigabytes): 64 MiB.
const MAX_RESERVED_BYTES: usize = 1 << 26;

/// Solves with states stored in the smallest of 8, 16, 32 or 64 bytes.
fn solve_callbacks(
    def: OddsmithGameDef,
    expand: ExpandCallback,
    options: &Options,
    expected_states: u32,
) -> Result<crate::expectimax::Solution> {
    // An entry is the state and its value.
    let hint = |n: usize| (expected_states as usize).min(MAX_RESERVED_BYTES / (n + 8));
    match def.state_size {
        0..=8 => solve(&CallbackGame::<8>::new(def, expand, hint(8)), options),
        9..=16 => solve(&CallbackGame::<16>::new(def, expand, hint(16)), options),
        17..=32 => solve(&CallbackGame::<32>::new(def, expand, hint(32)), options),
        _ => solve(&CallbackGame::<64>::new(def, expand, hint(64)), options),
    }
}

/// Solves a game defined by callbacks, on the calling thread (callbacks
/// run on it, one at a time). Memoized by state bytes; an explicit stack
/// (deep games are fine). A game whose states recur (a cycle) is solved by
/// value iteration over its cycles to `options.tolerance` (play that never
/// ends is worth the rewards collected on the way, 0 on a cycle without
/// rewards); `out.iterations` and `out.residual` say how it settled. Bad
/// node kinds and lotteries whose probabilities do not sum to 1 within
/// 1e-9 are errors.
///
/// Errors: ODDSMITH_ERR_NULL_POINTER (game, expand, out),
/// ODDSMITH_ERR_INVALID_ARGUMENT (state_size, tolerance, the game's
/// structure, a terminal or heuristic value that is NaN or infinite: the
/// message names the state by its bytes in hex),
/// ODDSMITH_ERR_BUDGET_EXCEEDED (states, sweeps, time, memory: the message
/// names the bytes), ODDSMITH_ERR_CALLBACK, ODDSMITH_ERR_CANCELLED (by `options->progress`;
/// `out->partial` = 1, every other field zero). On other errors `*out` is
/// left unchanged. Budgets: `max_states`, `max_iterations` and `time_ms` of
/// `options` (see OddsmithExpectimaxOptions); none keeps a partial answer.
/// The library keeps no pointer of `game` or `options` (nor `user`) after
/// the call. Thread safety: reentrant; every callback, the progress one
/// included, is called on the calling thread, never concurrently; the
/// callbacks' own safety is the caller's.
///
/// # Safety
/// `game` must be NULL or valid, with callbacks that honour their
/// contracts; `options` NULL or valid; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_expectimax_solve(
    game: *const OddsmithGameDef,
    options: *const OddsmithExpectimaxOptions,
    out: *mut OddsmithExpectimaxResult,
) -> OddsmithStatus {
    guard(|| {
        let def = *arg!(input(game, "game"))?;
        let out = arg!(output(out, "out"))?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let call = unsafe { options_from(options) }?;
        if def.state_size == 0 || def.state_size as usize > ODDSMITH_MAX_STATE_SIZE {
            return Err(FfiError::invalid(format!(
                "state_size {} must be in 1..={ODDSMITH_MAX_STATE_SIZE}",
                def.state_size
            )));
        }
        let expand = def.expand.ok_or_else(|| FfiError::null("game.expand"))?;
        let expected_states = call.expected_states;
        call.run(
            |opts| solve_callbacks(def, expand, opts, expected_states),
            |solution, _| {
                *out = solution.map_or(CANCELLED_RESULT, result_of);
                out.partial != 0
            },
        )
    })
}

/// One outcome of a move of a dense game: as `OddsmithGameChild`, the next
/// state given by its index, which must be below the parent's.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithDenseChild {
    /// The move this outcome belongs to (ignored at chance nodes).
    pub move_id: u32,
    /// Its probability within the move's lottery, in 0..=1.
    pub probability: f64,
    /// Reward credited to Max on this edge.
    pub reward: f64,
    /// The next state's index, below the parent's.
    pub next: u64,
}

/// Describes the state at `index`: fills `*node` and up to `capacity`
/// (ODDSMITH_MAX_CHILDREN) children. Returns 0, or a nonzero code to abort
/// the solve with ODDSMITH_ERR_CALLBACK. Called for indices 0, 1, 2, ...
/// up to the root in increasing order, then for the root once more, so a
/// caller may decode each index from the one before.
pub type OddsmithDenseExpandFn = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        index: u64,
        node: *mut OddsmithGameNode,
        children: *mut OddsmithDenseChild,
        capacity: u32,
    ) -> i32,
>;

/// A game whose states are the indices 0..size, every child's index below
/// its parent's (so no cycle): solved by one sweep over a flat table, with
/// no hashing.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithDenseGameDef {
    /// States are 0..size.
    pub size: u64,
    /// Below size; the sweep solves indices 0..=root_index.
    pub root_index: u64,
    /// Passed to the callback untouched.
    pub user: *mut c_void,
    /// Required.
    pub expand: OddsmithDenseExpandFn,
}

type DenseExpandCallback = unsafe extern "C" fn(
    *mut c_void,
    u64,
    *mut OddsmithGameNode,
    *mut OddsmithDenseChild,
    u32,
) -> i32;

crate::expectimax::impl_outcome!(OddsmithDenseChild);

/// The caller's dense game behind the solver's `DenseGame` trait.
struct CallbackDenseGame {
    def: OddsmithDenseGameDef,
    expand: DenseExpandCallback,
    /// The children buffer handed to the callback, allocated once.
    children: RefCell<Box<[OddsmithDenseChild; ODDSMITH_MAX_CHILDREN]>>,
}

const BLANK_DENSE_CHILD: OddsmithDenseChild = OddsmithDenseChild {
    move_id: 0,
    probability: 0.0,
    reward: 0.0,
    next: 0,
};

impl CallbackDenseGame {
    /// Calls the callback for `index`: the node's kind and its children in
    /// `out[..count]`.
    fn call(&self, index: usize, out: &mut [OddsmithDenseChild]) -> Result<(NodeKind, usize)> {
        let mut node = OddsmithGameNode {
            kind: u32::MAX,
            value: 0.0,
            child_count: 0,
        };
        // SAFETY: the caller promised a valid callback; the node and the
        // child buffer (ODDSMITH_MAX_CHILDREN entries) are valid for it.
        let code = unsafe {
            (self.expand)(
                self.def.user,
                index as u64,
                &mut node,
                out.as_mut_ptr(),
                ODDSMITH_MAX_CHILDREN as u32,
            )
        };
        if code != 0 {
            return Err(Error::new(
                ErrorKind::Callback,
                format!("the expand callback returned error code {code} at index {index}"),
            ));
        }
        let kind = kind_of(node.kind, node.value)?;
        if matches!(kind, NodeKind::Terminal(_)) {
            return Ok((kind, 0));
        }
        let count = node.child_count as usize;
        if count > ODDSMITH_MAX_CHILDREN {
            return Err(Error::invalid(format!(
                "state {index} reports {count} children; at most {ODDSMITH_MAX_CHILDREN}"
            )));
        }
        if let Some(bad) = out[..count].iter().find(|c| c.next >= index as u64) {
            return Err(Error::invalid(format!(
                "state {index} has child {} that does not come before it",
                bad.next
            )));
        }
        Ok((kind, count))
    }
}

impl DenseGame for CallbackDenseGame {
    type Cursor = ();

    fn size(&self) -> usize {
        usize::try_from(self.def.size).unwrap_or(usize::MAX)
    }

    fn root_index(&self) -> usize {
        usize::try_from(self.def.root_index).unwrap_or(usize::MAX)
    }

    fn expand_index(
        &self,
        index: usize,
        _: &mut (),
        children: &mut Vec<DenseChild>,
    ) -> Result<NodeKind> {
        let mut out = self.children.borrow_mut();
        let (kind, count) = self.call(index, &mut out[..])?;
        children.extend(out[..count].iter().map(|c| DenseChild {
            move_id: c.move_id,
            probability: c.probability,
            reward: c.reward,
            next: c.next as usize,
        }));
        Ok(kind)
    }

    /// Folds straight from the callback's buffer (no copy).
    fn value_at(
        &self,
        index: usize,
        _: &mut (),
        table: &[f64],
        _: &mut Vec<DenseChild>,
    ) -> Result<f64> {
        let mut out = self.children.borrow_mut();
        let (kind, count) = self.call(index, &mut out[..])?;
        if let NodeKind::Terminal(v) = kind {
            return finite_value(v, "terminal", || index.to_string());
        }
        let children = &out[..count];
        node_value(
            kind,
            children,
            children.iter().map(|c| table[c.next as usize]),
            None,
        )
    }
}

/// Solves a dense game defined by a callback (states 0..size by index,
/// children before parents) in one sweep over a table of root_index + 1
/// values, on the calling thread. Faster than the hashed entry when the
/// caller can number its states; the options' max_states and time_ms hold
/// (depth_limit must be 0; the cycle options do not apply: a dense game
/// has no cycle).
///
/// Errors: ODDSMITH_ERR_NULL_POINTER (game, expand, out),
/// ODDSMITH_ERR_INVALID_ARGUMENT (root_index not below size, a child not
/// before its parent, a depth limit, bad lotteries, a terminal value that
/// is NaN or infinite: the message names the state's index, a table of
/// root_index + 1 values more than memory can address),
/// ODDSMITH_ERR_BUDGET_EXCEEDED (more states than max_states, time, a
/// table of root_index + 1 values (8 bytes each) that memory cannot give:
/// the message names the bytes),
/// ODDSMITH_ERR_CALLBACK, ODDSMITH_ERR_CANCELLED (by `options->progress`,
/// called on this thread; `out->partial` = 1, every other field zero). On
/// other errors `*out` is left unchanged. The library keeps no pointer of
/// `game` or `options` after the call. Thread safety: reentrant; the
/// callbacks are called on the calling thread, never concurrently; their
/// own safety is the caller's.
///
/// # Safety
/// `game` must be NULL or valid, with a callback that honours its
/// contract; `options` NULL or valid; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_expectimax_solve_dense(
    game: *const OddsmithDenseGameDef,
    options: *const OddsmithExpectimaxOptions,
    out: *mut OddsmithExpectimaxResult,
) -> OddsmithStatus {
    guard(|| {
        let def = *arg!(input(game, "game"))?;
        let out = arg!(output(out, "out"))?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let call = unsafe { options_from(options) }?;
        let expand = def.expand.ok_or_else(|| FfiError::null("game.expand"))?;
        let game = CallbackDenseGame {
            def,
            expand,
            children: RefCell::new(Box::new([BLANK_DENSE_CHILD; ODDSMITH_MAX_CHILDREN])),
        };
        call.run(
            |opts| solve_dense(&game, opts).map(|(solution, _)| solution),
            |solution, _| {
                *out = solution.map_or(CANCELLED_RESULT, result_of);
                out.partial != 0
            },
        )
    })
}

/// The first player's expected money in the coin-box game: `counts` holds
/// `box_count * denomination_count` counts, box-major (box 0's counts for
/// each denomination, then box 1's ...). `denominations` NULL with
/// `denomination_count` 2 means 100 and 50 (seed 003). Limits: 1..=6
/// boxes, 1..=4 denominations, counts 0..=15, a finite total value.
/// `out_states` may be NULL.
///
/// Errors: ODDSMITH_ERR_NULL_POINTER, ODDSMITH_ERR_INVALID_ARGUMENT
/// (counts, limits, denominations that are negative, not finite or whose
/// total overflows), ODDSMITH_ERR_BUDGET_EXCEEDED (a game over the dense
/// table's state budget), ODDSMITH_ERR_CANCELLED (by `progress`, NULL for
/// none, called on this thread; `*out_value` is then 0, `*out_states` 0).
/// On other errors the outputs are left unchanged. There is no time
/// budget: the limits bound the work, and the progress callback can
/// cancel. Runs on the calling thread. Thread
/// safety: reentrant.
///
/// # Safety
/// `counts` must point to `box_count * denomination_count` items;
/// `denominations` NULL or `denomination_count` items; `progress` NULL or
/// valid; outputs NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_coins_expectation(
    counts: *const u32,
    box_count: usize,
    denominations: *const f64,
    denomination_count: usize,
    progress: *const OddsmithProgress,
    out_value: *mut f64,
    out_states: *mut u64,
) -> OddsmithStatus {
    guard(|| {
        let value = arg!(output(out_value, "out_value"))?;
        if !(1..=MAX_DENOMINATIONS).contains(&denomination_count) {
            return Err(FfiError::invalid(format!(
                "denomination_count is {denomination_count}; between 1 and {MAX_DENOMINATIONS}"
            )));
        }
        if !(1..=MAX_BOXES).contains(&box_count) {
            return Err(FfiError::invalid(format!(
                "box_count is {box_count}; between 1 and {MAX_BOXES}"
            )));
        }
        let denoms: Vec<f64> = if denominations.is_null() {
            if denomination_count != DEFAULT_DENOMINATIONS.len() {
                return Err(FfiError::invalid(
                    "denominations is NULL, so denomination_count must be 2 (100 and 50)",
                ));
            }
            DEFAULT_DENOMINATIONS.to_vec()
        } else {
            arg!(input_slice(
                denominations,
                denomination_count,
                "denominations"
            ))?
            .to_vec()
        };
        let flat = arg!(input_slice(
            counts,
            box_count * denomination_count,
            "counts"
        ))?;
        let boxes: Vec<Vec<u32>> = flat
            .chunks(denomination_count)
            .map(<[u32]>::to_vec)
            .collect();
        let game = CoinGame::new(&boxes, &denoms)?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let watched = unsafe {
            watch_inline(progress, Control::NONE, |control| {
                solve_coins_controlled(&game, Method::Dense, control)
            })
        };
        settle(watched, |solution, _| {
            *value = solution.map_or(0.0, |s| s.value);
            if !out_states.is_null() {
                // SAFETY: non-NULL and writable by contract.
                unsafe { *out_states = solution.map_or(0, |s| s.states) };
            }
            solution.is_none()
        })
    })
}
