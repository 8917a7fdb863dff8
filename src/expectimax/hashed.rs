//! The general solver: depth-first over an explicit stack (deep games never
//! recurse on the machine stack), states memoized in a `hashbrown` table,
//! a cycle noticed by marking states in progress (the game is then handed
//! to the cyclic solver).
//!
//! Cost is mostly memo probes, so each is made to count:
//! - a state's hash is computed once, when its parent expands, and kept;
//! - when a node expands, all its children are looked up at once (the
//!   probes are independent, so their cache misses overlap) and only the
//!   unknown ones are visited, each then found (solved by a sibling since,
//!   or in progress: a cycle) or opened with one probe;
//! - a node's entry is inserted (as "in progress") when it opens, and its
//!   value is written back through the bucket index kept in its frame,
//!   not looked up again.
//!
//! The children of every node on the current path live in one stack-shaped
//! pool that grows and shrinks with the path: the search allocates nothing
//! per state once the pool has grown to the deepest path.

use super::{
    Child, Game, Meter, MoveValue, NodeKind, Options, Solution, best_move, finite_value,
    node_value, reserve, reserve_table, state_name, upfront_entries,
};
use crate::error::{Error, Result};
use crate::memo::FixedState;
use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use std::hash::{BuildHasher, Hash, Hasher};

/// The tables, as allocation errors name them.
const MEMO: &str = "the memo of solved states";
const PATH: &str = "the states on the search path and their children";

/// Children room made before a node expands.
pub(super) const CHILDREN_HEADROOM: usize = 64;

/// A memo value while the state is on the current path (values are
/// finite, so a NaN is free to serve).
const IN_PROGRESS: f64 = f64::NAN;

/// The memo key: the state alone, or with the depth left when a depth limit
/// makes values depend on it (a smaller key keeps the table in cache).
trait MemoKey<S>: Sized {
    fn new(state: &S, depth: u32) -> Self;
    fn is(&self, state: &S, depth: u32) -> bool;
    /// The key's hash, from its parts (no key built).
    fn hash_of(state: &S, depth: u32) -> u64;
    fn hash(&self) -> u64;
}

struct StateKey<S>(S);

impl<S: Clone + Hash + Eq> MemoKey<S> for StateKey<S> {
    #[inline]
    fn new(state: &S, _: u32) -> Self {
        StateKey(state.clone())
    }
    #[inline]
    fn is(&self, state: &S, _: u32) -> bool {
        self.0 == *state
    }
    #[inline]
    fn hash_of(state: &S, _: u32) -> u64 {
        FixedState.hash_one(state)
    }
    #[inline]
    fn hash(&self) -> u64 {
        FixedState.hash_one(&self.0)
    }
}

struct DepthKey<S>(S, u32);

impl<S: Clone + Hash + Eq> MemoKey<S> for DepthKey<S> {
    #[inline]
    fn new(state: &S, depth: u32) -> Self {
        DepthKey(state.clone(), depth)
    }
    #[inline]
    fn is(&self, state: &S, depth: u32) -> bool {
        self.1 == depth && self.0 == *state
    }
    #[inline]
    fn hash_of(state: &S, depth: u32) -> u64 {
        let mut h = FixedState.build_hasher();
        state.hash(&mut h);
        h.write_u32(depth);
        h.finish()
    }
    #[inline]
    fn hash(&self) -> u64 {
        Self::hash_of(&self.0, self.1)
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
    /// Its memo entry: the hash, and the bucket while the table keeps
    /// `buckets` buckets (a resize moves entries).
    hash: u64,
    bucket: usize,
    buckets: usize,
}

/// Solves `game` from its root. A game whose states recur is solved by
/// value iteration (see the module `cyclic`) once this one-pass search
/// meets a cycle; with a depth limit the depth is part of the state, so no
/// state recurs. Errors: a bad lottery or node (`InvalidArgument`), more
/// than `options.max_states` states, a component that does not settle in
/// `options.max_iterations` sweeps, the control's deadline or cancel
/// (`BudgetExceeded`), or an error the game reports.
pub fn solve<G: Game>(game: &G, options: &Options) -> Result<Solution> {
    if options.depth_limit.is_some() {
        return Search::<G, DepthKey<G::State>>::new(game, options)?.run();
    }
    let mut search = Search::<G, StateKey<G::State>>::new(game, options)?;
    match search.run() {
        Err(_) if search.met_cycle => {
            // The work so far is dropped: the cyclic solver keeps a graph
            // this search does not.
            drop(search);
            super::cyclic::solve_cyclic(game, options)
        }
        answer => answer,
    }
}

struct Search<'a, G: Game, K> {
    game: &'a G,
    options: &'a Options,
    memo: HashTable<(K, f64)>,
    pool: Vec<Child<G::State>>,
    /// Per pool entry: the child's value, NaN until known.
    values: Vec<f64>,
    /// Per pool entry: the hash of the child's memo key.
    hashes: Vec<u64>,
    frames: Vec<Frame>,
    meter: Meter,
    /// Set when a state was met again on its own path.
    met_cycle: bool,
}

/// What opening a state found.
enum Opened {
    /// Known at once: a solved state, a terminal, or the horizon.
    Value(f64),
    Inner(NodeKind),
}

impl<'a, G: Game, K: MemoKey<G::State>> Search<'a, G, K> {
    fn new(game: &'a G, options: &'a Options) -> Result<Self> {
        let mut memo = HashTable::new();
        // The game's estimate within the budget, up to UPFRONT_BYTES: the
        // memo grows past that as it fills.
        let first = game
            .state_hint()
            .min(usize::try_from(options.max_states).unwrap_or(usize::MAX))
            .min(upfront_entries::<(K, f64)>(true))
            .max(1024);
        reserve_table(&mut memo, first, |e: &(K, f64)| e.0.hash(), MEMO)?;
        Ok(Search {
            game,
            options,
            memo,
            pool: Vec::new(),
            values: Vec::new(),
            hashes: Vec::new(),
            frames: Vec::new(),
            meter: Meter::new(game),
            met_cycle: false,
        })
    }

    fn run(&mut self) -> Result<Solution> {
        let root = self.game.root();
        let depth = self.options.depth_limit.unwrap_or(u32::MAX);
        let hash = K::hash_of(&root, depth);
        let root_kind = match self.open(&root, depth, hash, None)? {
            Opened::Value(value) => {
                let root_kind = self.game.expand(&root, &mut Vec::new())?;
                return Ok(Solution {
                    value,
                    root_kind,
                    moves: Vec::new(),
                    best_move: None,
                    states: self.meter.states,
                    iterations: 0,
                    residual: 0.0,
                });
            }
            Opened::Inner(kind) => kind,
        };
        let mut root_moves: Vec<MoveValue> = Vec::new();
        let mut root_value = 0.0;
        while let Some(top) = self.frames.last_mut() {
            // The next unknown child, if any (most were found at expansion).
            let unknown = self.values[top.next..top.end]
                .iter()
                .position(|v| v.is_nan());
            if let Some(offset) = unknown {
                let slot = top.next + offset;
                top.next = slot + 1;
                let child_depth = top.depth.saturating_sub(u32::from(top.depth != u32::MAX));
                let state = self.pool[slot].next.clone();
                if let Opened::Value(v) =
                    self.open(&state, child_depth, self.hashes[slot], Some(slot))?
                {
                    self.values[slot] = v;
                }
                continue;
            }
            // All children solved: fold them into this node's value.
            let frame = self.frames.pop().expect("non-empty");
            let children = &self.pool[frame.first..frame.end];
            let values = &self.values[frame.first..frame.end];
            let moves = frame.parent_slot.is_none().then_some(&mut root_moves);
            let value = node_value(frame.kind, children, values.iter().copied(), moves)?;
            self.write_back(&frame, &root, value);
            self.pool.truncate(frame.first);
            self.values.truncate(frame.first);
            self.hashes.truncate(frame.first);
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
            states: self.meter.states,
            iterations: 0,
            residual: 0.0,
        })
    }

    /// Stores a finished node's value in its memo entry.
    fn write_back(&mut self, frame: &Frame, root: &G::State, value: f64) {
        let state = match frame.parent_slot {
            Some(slot) => &self.pool[slot].next,
            None => root,
        };
        // The kept bucket while the table has not been resized (entries
        // move only then: nothing is ever removed); checked all the same.
        let kept = self.memo.num_buckets() == frame.buckets
            && self
                .memo
                .get_bucket(frame.bucket)
                .is_some_and(|e| e.0.is(state, frame.depth));
        let entry = if kept {
            self.memo.get_bucket_mut(frame.bucket)
        } else {
            self.memo
                .find_mut(frame.hash, |e| e.0.is(state, frame.depth))
        };
        if let Some(entry) = entry {
            entry.1 = value;
        }
    }

    /// Finds a state in the memo, or opens it: a leaf's value is known at
    /// once; an inner node gets a frame on the path and its children are
    /// looked up.
    fn open(
        &mut self,
        state: &G::State,
        depth: u32,
        hash: u64,
        parent_slot: Option<usize>,
    ) -> Result<Opened> {
        let rehash = |e: &(K, f64)| e.0.hash();
        // Room for this state first: the entry below then never allocates
        // (an allocation that fails is an error, not an abort).
        reserve_table(&mut self.memo, 1, rehash, MEMO)?;
        let vacant = match self.memo.entry(hash, |e| e.0.is(state, depth), rehash) {
            Entry::Occupied(e) if e.get().1.is_nan() => {
                self.met_cycle = true;
                return Err(Error::invalid("a state is reachable from itself"));
            }
            Entry::Occupied(e) => return Ok(Opened::Value(e.get().1)),
            Entry::Vacant(v) => v,
        };
        let first = self.pool.len();
        // Room for the children of a usual node (a game that gives more
        // grows the pool as a Vec grows).
        reserve(&mut self.pool, CHILDREN_HEADROOM, PATH)?;
        let kind = self.game.expand(state, &mut self.pool)?;
        let leaf = match kind {
            NodeKind::Terminal(v) => Some((v, "terminal")),
            _ if depth == 0 => Some((self.game.heuristic(state)?, "heuristic")),
            _ => None,
        };
        if let Some((v, what)) = leaf {
            self.pool.truncate(first);
            let order = self.meter.states + 1;
            let v = finite_value(v, what, || state_name(self.game, state, order))?;
            vacant.insert((K::new(state, depth), v));
            self.meter.count_state(0, self.options)?;
            return Ok(Opened::Value(v));
        }
        if self.pool.len() == first {
            return Err(Error::invalid(format!("a {kind:?} node has no children")));
        }
        let bucket = vacant
            .insert((K::new(state, depth), IN_PROGRESS))
            .bucket_index();
        let count = self.pool.len() - first;
        self.meter.count_state(count, self.options)?;
        reserve(&mut self.frames, 1, PATH)?;
        reserve(&mut self.hashes, count, PATH)?;
        reserve(&mut self.values, count, PATH)?;
        self.frames.push(Frame {
            kind,
            first,
            end: self.pool.len(),
            next: first,
            depth,
            parent_slot,
            hash,
            bucket,
            buckets: self.memo.num_buckets(),
        });
        // Look every child up now: the probes are independent. A child in
        // progress reads as unknown here; visiting it notices the cycle.
        let child_depth = depth.saturating_sub(u32::from(depth != u32::MAX));
        let children = &self.pool[first..];
        self.hashes
            .extend(children.iter().map(|c| K::hash_of(&c.next, child_depth)));
        let memo = &self.memo;
        self.values.extend(
            children
                .iter()
                .zip(&self.hashes[first..])
                .map(|(c, &hash)| {
                    memo.find(hash, |e| e.0.is(&c.next, child_depth))
                        .map_or(f64::NAN, |e| e.1)
                }),
        );
        Ok(Opened::Inner(kind))
    }
}
