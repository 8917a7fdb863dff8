//! The general solver: depth-first over an explicit stack (deep games never
//! recurse on the machine stack), states memoized in a `hashbrown` map,
//! cycles detected by marking states in progress.
//!
//! The children of every node on the current path live in one stack-shaped
//! pool that grows and shrinks with the path: the search allocates nothing
//! per state once the pool has grown to the deepest path.

use super::{Child, Game, MoveValue, NodeKind, Options, Solution, best_move, node_value};
use crate::error::{Error, Result};
use crate::memo::{FixedMap, fixed_map};
use std::hash::Hash;
use std::marker::PhantomData;

/// A memo entry: a solved value, or this marker while the state is on the
/// current path (values are finite, so a NaN is free to serve).
const IN_PROGRESS: f64 = f64::NAN;

/// The memo key: the state alone, or with the depth left when a depth limit
/// makes values depend on it (a smaller key keeps the table in cache).
trait MemoKey<S>: Hash + Eq {
    fn new(state: &S, depth: u32) -> Self;
}

#[derive(PartialEq, Eq, Hash)]
struct StateKey<S>(S);

impl<S: Clone + Hash + Eq> MemoKey<S> for StateKey<S> {
    #[inline]
    fn new(state: &S, _: u32) -> Self {
        StateKey(state.clone())
    }
}

#[derive(PartialEq, Eq, Hash)]
struct DepthKey<S>(S, u32);

impl<S: Clone + Hash + Eq> MemoKey<S> for DepthKey<S> {
    #[inline]
    fn new(state: &S, depth: u32) -> Self {
        DepthKey(state.clone(), depth)
    }
}

/// A node on the current path.
struct Frame {
    kind: NodeKind,
    /// Its children are `pool[first..end]`; `next` is the next to visit.
    first: usize,
    end: usize,
    next: usize,
    /// Depth left below this node (u32::MAX without a limit).
    depth: u32,
    /// Where its value goes in the parent's child values; None at the root.
    parent_slot: Option<usize>,
}

/// What visiting a state found.
enum Visit {
    Value(f64),
    Expanded(NodeKind),
}

/// Solves `game` from its root. Errors: a bad lottery or node
/// (`InvalidArgument`), a cycle (`InvalidArgument`), more than
/// `options.max_states` states (`BudgetExceeded`), or an error the game
/// reports.
pub fn solve<G: Game>(game: &G, options: &Options) -> Result<Solution> {
    if options.depth_limit.is_some() {
        Search::<G, DepthKey<G::State>>::new(game, options).run()
    } else {
        Search::<G, StateKey<G::State>>::new(game, options).run()
    }
}

struct Search<'a, G: Game, K> {
    game: &'a G,
    options: &'a Options,
    memo: FixedMap<K, f64>,
    pool: Vec<Child<G::State>>,
    /// Value of each child in `pool`, filled in as it is solved.
    values: Vec<f64>,
    scratch: Vec<Child<G::State>>,
    frames: Vec<Frame>,
    states: u64,
    key: PhantomData<K>,
}

impl<'a, G: Game, K: MemoKey<G::State>> Search<'a, G, K> {
    fn new(game: &'a G, options: &'a Options) -> Self {
        Search {
            game,
            options,
            memo: fixed_map(1024),
            pool: Vec::new(),
            values: Vec::new(),
            scratch: Vec::new(),
            frames: Vec::new(),
            states: 0,
            key: PhantomData,
        }
    }

    fn run(&mut self) -> Result<Solution> {
        let root = self.game.root();
        let depth = self.options.depth_limit.unwrap_or(u32::MAX);
        let root_kind = match self.visit(&root, depth, None)? {
            Visit::Value(value) => {
                let root_kind = self.game.expand(&root, &mut Vec::new())?;
                return Ok(Solution {
                    value,
                    root_kind,
                    moves: Vec::new(),
                    best_move: None,
                    states: self.states,
                });
            }
            Visit::Expanded(kind) => kind,
        };
        let mut root_moves: Vec<MoveValue> = Vec::new();
        let mut root_value = 0.0;
        while let Some(top) = self.frames.last_mut() {
            if top.next < top.end {
                let slot = top.next;
                top.next += 1;
                let child_depth = top.depth.saturating_sub(u32::from(top.depth != u32::MAX));
                let state = self.pool[slot].next.clone();
                if let Visit::Value(v) = self.visit(&state, child_depth, Some(slot))? {
                    self.values[slot] = v;
                }
                continue;
            }
            // All children solved: fold them into this node's value.
            let frame = self.frames.pop().expect("non-empty");
            let children = &self.pool[frame.first..frame.end];
            let values = &self.values[frame.first..frame.end];
            let moves = frame.parent_slot.is_none().then_some(&mut root_moves);
            let value = node_value(frame.kind, children, |i| values[i], moves)?;
            let key_state = match frame.parent_slot {
                Some(slot) => self.pool[slot].next.clone(),
                None => root.clone(),
            };
            self.memo.insert(K::new(&key_state, frame.depth), value);
            self.count_state()?;
            self.pool.truncate(frame.first);
            self.values.truncate(frame.first);
            match frame.parent_slot {
                Some(slot) => self.values[slot] = value,
                None => root_value = value,
            }
        }
        Ok(Solution {
            value: root_value,
            root_kind,
            best_move: best_move(root_kind, &root_moves),
            moves: root_moves,
            states: self.states,
        })
    }

    fn count_state(&mut self) -> Result<()> {
        self.states += 1;
        if self.states > self.options.max_states {
            return Err(Error::budget(format!(
                "the game has more than {} states (the budget)",
                self.options.max_states
            )));
        }
        Ok(())
    }

    /// Looks a state up, or expands it: a leaf's value is known at once; an
    /// inner node gets a frame on the path.
    fn visit(&mut self, state: &G::State, depth: u32, parent_slot: Option<usize>) -> Result<Visit> {
        let key = K::new(state, depth);
        match self.memo.get(&key) {
            Some(v) if v.is_nan() => {
                return Err(Error::invalid(
                    "the game graph has a cycle: a state is reachable from itself",
                ));
            }
            Some(v) => return Ok(Visit::Value(*v)),
            None => {}
        }
        self.scratch.clear();
        let kind = self.game.expand(state, &mut self.scratch)?;
        let leaf = match kind {
            NodeKind::Terminal(v) => Some(v),
            _ if depth == 0 => Some(self.game.heuristic(state)?),
            _ => None,
        };
        if let Some(v) = leaf {
            if !v.is_finite() {
                return Err(Error::invalid(format!(
                    "a terminal or heuristic value is {v}"
                )));
            }
            self.memo.insert(key, v);
            self.count_state()?;
            return Ok(Visit::Value(v));
        }
        if self.scratch.is_empty() {
            return Err(Error::invalid(format!("a {kind:?} node has no children")));
        }
        self.memo.insert(key, IN_PROGRESS);
        let first = self.pool.len();
        self.pool.append(&mut self.scratch);
        self.values.resize(self.pool.len(), 0.0);
        self.frames.push(Frame {
            kind,
            first,
            end: self.pool.len(),
            next: first,
            depth,
            parent_slot,
        });
        Ok(Visit::Expanded(kind))
    }
}
