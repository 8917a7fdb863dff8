//! Games whose states recur: value iteration over strongly connected
//! components.
//!
//! One depth-first walk (Tarjan's algorithm on an explicit stack) visits
//! every reachable state once, giving each an id and keeping the edges of
//! the states whose component is still open. When a component closes,
//! every state it can reach outside it is already solved, so it is solved
//! on its own, there and then, and its edges are dropped:
//! - a single state without a self-loop is folded once, exactly, as in the
//!   one-pass search;
//! - a larger component is compiled and swept in place until the largest
//!   change of a sweep is at most the tolerance (see `component`), values
//!   starting at 0.

use super::component::{Component, Target};
use super::hashed::CHILDREN_HEADROOM;
use super::ids::Ids;
use super::{
    Child, Game, Meter, NodeKind, Options, Solution, best_move_avoiding_loops, finite_value,
    node_value, reserve, reserve_exact, state_name, upfront_entries,
};
use crate::error::{Error, Result};

/// `mark` of a state met as a child but not yet expanded.
const UNSEEN: u32 = u32::MAX;
/// `mark` of a solved state.
const SOLVED: u32 = u32::MAX - 1;

/// An outcome whose next state is given by id.
#[derive(Clone, Copy)]
struct Edge {
    target: u32,
    move_id: u32,
    probability: f64,
    reward: f64,
}

super::impl_outcome!(Edge);

/// What the walk knows of a state.
#[derive(Clone, Copy)]
struct Slot {
    /// Final once `mark` is SOLVED.
    value: f64,
    /// UNSEEN, SOLVED, or its visit order while its component is open (its
    /// position in the component while that is being solved).
    mark: u32,
}

/// A state on the walk's path.
struct Frame {
    id: u32,
    kind: NodeKind,
    /// Its edges are `edges[first_edge..end_edge]`.
    first_edge: usize,
    end_edge: usize,
    /// The children it met unseen are `pending[first_pending..end_pending]`,
    /// opened in turn (`next`) unless a sibling's walk reached them first.
    first_pending: usize,
    next: usize,
    end_pending: usize,
    /// Tarjan's low link: the smallest visit order reachable through the
    /// states visited from here.
    low: u32,
    /// `finished.len()` when this state was opened: its component, if it
    /// is the component's first state, is `finished[members_from..]`.
    members_from: usize,
}

/// A state whose walk is done but whose component is still open.
#[derive(Clone, Copy)]
struct Member {
    id: u32,
    kind: NodeKind,
    first_edge: usize,
    end_edge: usize,
}

/// Solves a game that may have cycles (see the module comment). Without a
/// depth limit only: the caller, [`super::solve`], keeps depth-limited
/// games on the one-pass search.
pub(super) fn solve_cyclic<G: Game>(game: &G, options: &Options) -> Result<Solution> {
    if options.tolerance.is_nan() || options.tolerance < 0.0 {
        return Err(Error::invalid(format!(
            "the tolerance is {}; it must be 0 or more",
            options.tolerance
        )));
    }
    Walk::new(game, options)?.run()
}

/// The tables, as allocation errors name them.
const SLOTS: &str = "the values of the states met";
const PATH: &str = "the open components (states, edges, path)";
const COMPONENT: &str = "a strongly connected component being swept";

struct Walk<'a, G: Game> {
    game: &'a G,
    options: &'a Options,
    /// State -> id.
    ids: Ids<G::State>,
    /// Per id: its value and mark, side by side (one cache line).
    slots: Vec<Slot>,
    /// The edges of every state of an open component.
    edges: Vec<Edge>,
    /// Children met unseen by the states on the path: (id, state).
    pending: Vec<(u32, G::State)>,
    /// Scratch for one expansion.
    children: Vec<Child<G::State>>,
    frames: Vec<Frame>,
    finished: Vec<Member>,
    visits: u32,
    meter: Meter,
    iterations: u64,
    residual: f64,
    /// The component being solved (its buffers kept for the next).
    component: Component,
}

impl<'a, G: Game> Walk<'a, G> {
    fn new(game: &'a G, options: &'a Options) -> Result<Self> {
        let hint = game
            .state_hint()
            .min(usize::try_from(options.max_states).unwrap_or(usize::MAX));
        let mut slots = Vec::new();
        reserve_exact(&mut slots, hint.min(upfront_entries::<Slot>(false)), SLOTS)?;
        let mut meter = Meter::new(game);
        Ok(Walk {
            game,
            options,
            ids: Ids::new(game, hint, options, &mut meter)?,
            slots,
            edges: Vec::new(),
            pending: Vec::new(),
            children: Vec::new(),
            frames: Vec::new(),
            finished: Vec::new(),
            visits: 0,
            meter,
            iterations: 0,
            residual: 0.0,
            component: Component::default(),
        })
    }

    fn run(mut self) -> Result<Solution> {
        let root = self.game.root();
        let root_id = self.id_of(&root)?;
        let root_kind = self.open(root_id, &root)?;
        while let Some(top) = self.frames.last_mut() {
            let mut opened = None;
            while top.next < top.end_pending {
                let (target, _) = self.pending[top.next];
                top.next += 1;
                match self.slots[target as usize].mark {
                    UNSEEN => {
                        opened = Some(top.next - 1);
                        break;
                    }
                    SOLVED => {}
                    // Opened by a sibling's walk, its component still open.
                    order => top.low = top.low.min(order),
                }
            }
            if let Some(slot) = opened {
                let (target, state) = self.pending[slot].clone();
                self.open(target, &state)?;
                continue;
            }
            let frame = self.frames.pop().expect("non-empty");
            self.pending.truncate(frame.first_pending);
            reserve(&mut self.finished, 1, PATH)?;
            self.finished.push(Member {
                id: frame.id,
                kind: frame.kind,
                first_edge: frame.first_edge,
                end_edge: frame.end_edge,
            });
            if frame.low == self.slots[frame.id as usize].mark {
                self.settle(frame.members_from)?;
                self.finished.truncate(frame.members_from);
                self.edges.truncate(frame.first_edge);
            } else if let Some(parent) = self.frames.last_mut() {
                parent.low = parent.low.min(frame.low);
            }
        }
        // The root's moves, from the solved values of its children, and
        // which of them are self-loops (every outcome back to the root).
        let mut moves = Vec::new();
        let mut loops: Vec<bool> = Vec::new();
        let value = self.slots[root_id as usize].value;
        if matches!(root_kind, NodeKind::Max | NodeKind::Min) {
            self.children.clear();
            self.game.expand(&root, &mut self.children)?;
            let mut values = Vec::with_capacity(self.children.len());
            let mut last_move = None;
            for child in &self.children {
                let id = self
                    .ids
                    .find(self.game, &child.next)?
                    .ok_or_else(|| Error::invalid("the root's children changed between calls"))?;
                values.push(self.slots[id as usize].value);
                // Moves are runs of one move id, as the fold groups them.
                if last_move != Some(child.move_id) {
                    loops.push(true);
                    last_move = Some(child.move_id);
                }
                if let Some(looped) = loops.last_mut() {
                    *looped &= id == root_id;
                }
            }
            node_value(root_kind, &self.children, values, Some(&mut moves))?;
        }
        // Values agree to the tolerance (and to rounding, at any scale).
        let margin = self.options.tolerance.max(4.0 * f64::EPSILON * value.abs());
        Ok(Solution {
            value,
            root_kind,
            best_move: best_move_avoiding_loops(root_kind, &moves, &loops, margin),
            moves,
            states: self.meter.states,
            iterations: self.iterations,
            residual: self.residual,
        })
    }

    /// The id of `state`, a new one (UNSEEN) if it was never met.
    fn id_of(&mut self, state: &G::State) -> Result<u32> {
        let slots = &mut self.slots;
        self.ids.find_or_insert(self.game, state, || {
            let id = u32::try_from(slots.len())
                .ok()
                .filter(|&id| id < SOLVED)
                .ok_or_else(|| Error::budget("the game has more than 4 billion states"))?;
            reserve(slots, 1, SLOTS)?;
            slots.push(Slot {
                value: 0.0,
                mark: UNSEEN,
            });
            Ok(id)
        })
    }

    /// Expands a state: a terminal is solved at once; an inner state gets a
    /// frame on the path, an edge per child and ids for its children.
    fn open(&mut self, id: u32, state: &G::State) -> Result<NodeKind> {
        self.children.clear();
        reserve(&mut self.children, CHILDREN_HEADROOM, PATH)?;
        let kind = self.game.expand(state, &mut self.children)?;
        self.meter.count_state(self.children.len(), self.options)?;
        if let NodeKind::Terminal(v) = kind {
            let order = self.meter.states;
            let v = finite_value(v, "terminal", || state_name(self.game, state, order))?;
            self.slots[id as usize].value = v;
            self.slots[id as usize].mark = SOLVED;
            return Ok(kind);
        }
        if self.children.is_empty() {
            return Err(Error::invalid(format!("a {kind:?} node has no children")));
        }
        let order = self.visits;
        self.visits += 1;
        self.slots[id as usize].mark = order;
        let first_edge = self.edges.len();
        let first_pending = self.pending.len();
        // Every child looked up first (independent probes: their cache
        // misses overlap), then the new ones given ids. A child on an
        // open component lowers the link now: it stays open at least as
        // long as this state does (its component's first state is on the
        // path above).
        let mut low = order;
        let count = self.children.len();
        reserve(&mut self.edges, count, PATH)?;
        reserve(&mut self.pending, count, PATH)?;
        reserve(&mut self.frames, 1, PATH)?;
        for child in &self.children {
            let target = self.ids.find(self.game, &child.next)?.unwrap_or(UNSEEN);
            let mark = self.slots.get(target as usize).map_or(UNSEEN, |s| s.mark);
            if mark < SOLVED {
                low = low.min(mark);
            }
            self.edges.push(Edge {
                target,
                move_id: child.move_id,
                probability: child.probability,
                reward: child.reward,
            });
        }
        let mut children = std::mem::take(&mut self.children);
        for (i, child) in children.drain(..).enumerate() {
            let edge = first_edge + i;
            let mut target = self.edges[edge].target;
            if target == UNSEEN {
                target = self.id_of(&child.next)?;
                self.edges[edge].target = target;
            }
            // Unopened (new, or pending on an ancestor): this state's walk
            // opens it, as Tarjan's algorithm needs. A state met twice
            // here is pending twice; the second finds it opened.
            if self.slots[target as usize].mark == UNSEEN {
                self.pending.push((target, child.next));
            }
        }
        self.children = children;
        self.frames.push(Frame {
            id,
            kind,
            first_edge,
            end_edge: self.edges.len(),
            first_pending,
            next: first_pending,
            end_pending: self.pending.len(),
            low,
            members_from: self.finished.len(),
        });
        Ok(kind)
    }

    /// Solves the component `finished[from..]` (its states in the order
    /// they finished) and marks its states solved.
    fn settle(&mut self, from: usize) -> Result<()> {
        let members = &self.finished[from..];
        if let [m] = members {
            let looped = self.edges[m.first_edge..m.end_edge]
                .iter()
                .any(|e| e.target == m.id);
            if !looped {
                // One state, no self-loop: its children are solved.
                self.slots[m.id as usize].value = self.fold(*m)?;
                self.slots[m.id as usize].mark = SOLVED;
                return Ok(());
            }
        }
        for (position, m) in members.iter().enumerate() {
            self.slots[m.id as usize].mark = position as u32;
        }
        let component = &mut self.component;
        component.clear();
        let outcomes = members.iter().map(|m| m.end_edge - m.first_edge).sum();
        component.reserve(members.len(), outcomes, COMPONENT)?;
        let slots = &self.slots;
        for m in members {
            let outcomes = self.edges[m.first_edge..m.end_edge].iter().map(|e| {
                let slot = slots[e.target as usize];
                let target = match slot.mark {
                    SOLVED => Target::Solved(slot.value),
                    position => Target::Member(position),
                };
                (e.move_id, e.probability, e.reward, target)
            });
            component.add_state(m.kind, outcomes);
        }
        if !component.lotteries_valid() {
            // The fold names the bad lottery.
            for &m in members {
                self.fold(m)?;
            }
            return Err(Error::invalid("a lottery is invalid"));
        }
        let settled = component.settle(
            self.options.tolerance,
            self.options.max_iterations,
            &self.options.control,
            &mut self.meter,
        )?;
        for (m, &v) in members.iter().zip(component.values()) {
            self.slots[m.id as usize].value = v;
            self.slots[m.id as usize].mark = SOLVED;
        }
        self.iterations = self.iterations.max(settled.sweeps);
        self.residual = self.residual.max(settled.residual);
        Ok(())
    }

    /// A member's value from its children's current values.
    #[inline]
    fn fold(&self, m: Member) -> Result<f64> {
        let edges = &self.edges[m.first_edge..m.end_edge];
        let slots = &self.slots;
        node_value(
            m.kind,
            edges,
            edges.iter().map(|e| slots[e.target as usize].value),
            None,
        )
    }
}
