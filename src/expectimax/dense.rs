//! The dense path: states with a bounded index in which every child has a
//! smaller index than its parent, solved by one bottom-up sweep over a flat
//! array (no hashing, no stack).
//!
//! The layered solve: a game whose states recur may cut its indices into
//! consecutive blocks (`DenseGame::block_end`) inside which children may
//! lie anywhere, cycles included, as long as no child lies past its
//! parent's block. Blocks are then the strongly connected components in an
//! order the game already knows: each is compiled and swept to the
//! tolerance on its own (`component`), every state below it being solved,
//! with no search, no ids and no graph kept.

use super::component::{Component, Target};
use super::{
    Meter, MoveValue, NodeKind, Options, Solution, best_move, finite_value, node_value,
    reserve_exact,
};
use crate::budget::Progress;
use crate::error::{Error, Result};

/// One outcome of a move, its next state given by index.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DenseChild {
    /// Which move this outcome belongs to (ignored at chance nodes).
    pub move_id: u32,
    /// Its probability within the move's lottery (a lottery sums to 1).
    pub probability: f64,
    /// Reward credited to Max on this edge.
    pub reward: f64,
    /// Must be below the parent's index.
    pub next: usize,
}

/// A game whose states are indices `0..size()`, topologically ordered.
pub trait DenseGame {
    /// Scratch the solver keeps across calls, so that a game can decode
    /// index i + 1 from index i cheaply (the sweep goes up one at a time).
    type Cursor: Default;

    /// Number of states: indices run over `0..size()`.
    fn size(&self) -> usize;
    /// The root's index, below `size()`.
    fn root_index(&self) -> usize;
    /// The kind of the state at `index`, its children appended to
    /// `children` (which arrives empty).
    fn expand_index(
        &self,
        index: usize,
        cursor: &mut Self::Cursor,
        children: &mut Vec<DenseChild>,
    ) -> Result<NodeKind>;

    /// The value of the state at `index`, every smaller index being solved
    /// in `table` (which holds exactly those: its length is `index`). The
    /// default expands the state and folds its children, checking its
    /// lotteries and index order; a game may fuse the two.
    fn value_at(
        &self,
        index: usize,
        cursor: &mut Self::Cursor,
        table: &[f64],
        children: &mut Vec<DenseChild>,
    ) -> Result<f64> {
        children.clear();
        let kind = self.expand_index(index, cursor, children)?;
        fold(index, kind, children, table, None)
    }

    /// Games with cycles: the end of the block of states that starts at
    /// `start` (called with 0, then with each block's end). A child of a
    /// state in the block must lie below the block's end; children inside
    /// the block may form cycles, solved by sweeps to
    /// [`Options::tolerance`]. The default, `start + 1`, makes every state
    /// its own block: children strictly before parents, one pass.
    fn block_end(&self, start: usize) -> usize {
        start + 1
    }
}

/// Solves every state up to the root in index order; returns the solution
/// and the table of values (entry i is the value of state i).
pub fn solve_dense<G: DenseGame>(game: &G, options: &Options) -> Result<(Solution, Vec<f64>)> {
    let size = game.size();
    let root = game.root_index();
    if root >= size {
        return Err(Error::invalid(format!(
            "root index {root} is not below the size {size}"
        )));
    }
    if options.depth_limit.is_some() {
        return Err(Error::invalid(
            "the dense path solves to the end; use the hashed path for a depth limit",
        ));
    }
    if (root as u64) >= options.max_states {
        return Err(Error::budget(format!(
            "the dense table has {} states, over the budget of {}",
            root + 1,
            options.max_states
        )));
    }
    // The table the sweep fills, reserved whole (it needs every entry) but
    // never aborting: a size memory cannot hold is an error, and pages are
    // touched only as the sweep writes them.
    let mut table: Vec<f64> = Vec::new();
    reserve_exact(
        &mut table,
        root.saturating_add(1),
        &format!("the dense table of {} states", root as u128 + 1),
    )?;
    let mut children = Vec::with_capacity(64);
    let mut cursor = G::Cursor::default();
    let mut blocks = Blocks::default();
    let mut index = 0;
    while index <= root {
        let end = game.block_end(index);
        if end <= index || end > size {
            return Err(Error::invalid(format!(
                "the block starting at {index} ends at {end}: not in {}..={size}",
                index + 1
            )));
        }
        if end == index + 1 {
            if index == root {
                break;
            }
            let value = game.value_at(index, &mut cursor, &table, &mut children)?;
            table.push(value);
        } else {
            blocks.solve(game, index, root, &mut cursor, &mut table, options)?;
        }
        let before = index;
        index = table.len();
        if before >> 16 != index >> 16 {
            // Report first: a progress callback that cancels is heard at
            // once (before a block's sweeps report again).
            options.control.report_progress(Progress {
                fraction: index as f64 / (root + 1) as f64,
                done: index as u64,
                estimate: None,
            });
            if options.control.passed() {
                return Err(Error::budget(format!(
                    "the solve stopped (time budget or cancel) after {} of {} states",
                    index,
                    root + 1
                )));
            }
        }
    }
    // The root's block solved the root too: its table entry is final, and
    // the fold below gives its move list from its children's values.
    table.truncate(root);
    // The root again through `expand_index`, for its move list.
    let mut root_moves = Vec::new();
    children.clear();
    let root_kind = game.expand_index(root, &mut cursor, &mut children)?;
    let root_value = match blocks.root.take() {
        // The root's block was swept: its value is final; its moves come
        // from its children's, in the block or below it.
        Some(RootBlock {
            value,
            start,
            values,
        }) => {
            if !matches!(root_kind, NodeKind::Terminal(_)) {
                let value_of = |next: usize| {
                    if next < start {
                        table[next]
                    } else {
                        values.get(next - start).copied().unwrap_or(f64::NAN)
                    }
                };
                let child_values = children.iter().map(|c| value_of(c.next));
                node_value(root_kind, &children, child_values, Some(&mut root_moves))?;
            }
            value
        }
        None => fold(root, root_kind, &children, &table, Some(&mut root_moves))?,
    };
    table.push(root_value);
    let solution = Solution {
        value: table[root],
        root_kind,
        best_move: best_move(root_kind, &root_moves),
        moves: root_moves,
        states: root as u64 + 1,
        iterations: blocks.sweeps,
        residual: blocks.residual,
    };
    Ok((solution, table))
}

/// The layered solve's state across blocks.
#[derive(Default)]
struct Blocks {
    component: Component,
    children: Vec<DenseChild>,
    meter: Meter,
    sweeps: u64,
    residual: f64,
    /// Set by the root's block.
    root: Option<RootBlock>,
}

/// The root's block, swept: the root's children may lie past the root.
struct RootBlock {
    value: f64,
    /// The block's first index, and every value of the block.
    start: usize,
    values: Vec<f64>,
}

impl Blocks {
    /// Solves the block starting at `start` (every state below it solved in
    /// `table`) and appends its values to `table`, up to the root; the
    /// root's block keeps all its values for the root's moves.
    fn solve<G: DenseGame>(
        &mut self,
        game: &G,
        start: usize,
        root: usize,
        cursor: &mut G::Cursor,
        table: &mut Vec<f64>,
        options: &Options,
    ) -> Result<()> {
        let block_end = game.block_end(start);
        let component = &mut self.component;
        component.clear();
        const BLOCK: &str = "a block of states being swept";
        component.reserve(block_end - start, 0, BLOCK)?;
        for index in start..block_end {
            self.children.clear();
            let kind = game.expand_index(index, cursor, &mut self.children)?;
            component.reserve_outcomes(self.children.len().max(1), BLOCK)?;
            if let NodeKind::Terminal(v) = kind {
                let v = finite_value(v, "terminal", || index.to_string())?;
                component.add_state(NodeKind::Chance, [(0, 1.0, 0.0, Target::Solved(v))]);
                continue;
            }
            if self.children.is_empty() {
                return Err(Error::invalid(format!(
                    "state {index}: a {kind:?} node has no children"
                )));
            }
            if let Some(bad) = self.children.iter().find(|c| c.next >= block_end) {
                return Err(Error::invalid(format!(
                    "state {index} has child {} past its block's end {block_end}",
                    bad.next
                )));
            }
            let outcomes = self.children.iter().map(|c| {
                let target = if c.next < start {
                    Target::Solved(table[c.next])
                } else {
                    Target::Member((c.next - start) as u32)
                };
                (c.move_id, c.probability, c.reward, target)
            });
            component.add_state(kind, outcomes);
        }
        if !component.lotteries_valid() {
            return Err(self.name_bad_lottery(game, start, block_end, cursor));
        }
        // Progress from the settle counts the states below the block.
        self.meter.states = start as u64;
        self.meter.expected = root + 1;
        let settled = component.settle(
            options.tolerance,
            options.max_iterations,
            &options.control,
            &mut self.meter,
        )?;
        self.sweeps = self.sweeps.max(settled.sweeps);
        self.residual = self.residual.max(settled.residual);
        let values = component.values();
        // Up to the root: the table holds the states below it.
        table.extend_from_slice(&values[..(block_end.min(root + 1) - start)]);
        if root < block_end {
            self.root = Some(RootBlock {
                value: values[root - start],
                start,
                values: values.to_vec(),
            });
        }
        Ok(())
    }

    /// The error of the first state of the block whose lotteries are bad
    /// (the fold names it).
    #[cold]
    fn name_bad_lottery<G: DenseGame>(
        &mut self,
        game: &G,
        start: usize,
        end: usize,
        cursor: &mut G::Cursor,
    ) -> Error {
        for index in start..end {
            self.children.clear();
            let kind = match game.expand_index(index, cursor, &mut self.children) {
                Ok(NodeKind::Terminal(_)) => continue,
                Ok(kind) => kind,
                Err(e) => return e,
            };
            let zeros = self.children.iter().map(|_| 0.0);
            if let Err(e) = node_value(kind, &self.children, zeros, None) {
                return Error::invalid(format!("state {index}: {}", e.message()));
            }
        }
        Error::invalid("a lottery is invalid")
    }
}

/// A state's value from its children's, checking their order.
#[inline]
fn fold(
    index: usize,
    kind: NodeKind,
    children: &[DenseChild],
    table: &[f64],
    moves: Option<&mut Vec<MoveValue>>,
) -> Result<f64> {
    if let NodeKind::Terminal(v) = kind {
        return finite_value(v, "terminal", || index.to_string());
    }
    if let Some(bad) = children.iter().find(|c| c.next >= index) {
        return Err(Error::invalid(format!(
            "state {index} has child {} that does not come before it",
            bad.next
        )));
    }
    node_value(
        kind,
        children,
        children.iter().map(|c| table[c.next]),
        moves,
    )
}
