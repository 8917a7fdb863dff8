//! The dense path: states with a bounded index in which every child has a
//! smaller index than its parent, solved by one bottom-up sweep over a flat
//! array (no hashing, no stack).

use super::{
    MoveValue, NodeKind, Options, Solution, best_move, finite_value, node_value, reserve_exact,
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
    for index in 0..root {
        let value = game.value_at(index, &mut cursor, &table, &mut children)?;
        table.push(value);
        if index % (1 << 16) == (1 << 16) - 1 {
            if options.control.passed() {
                return Err(Error::budget(format!(
                    "the solve stopped (time budget or cancel) after {} of {} states",
                    index + 1,
                    root + 1
                )));
            }
            options.control.report_progress(Progress {
                fraction: index as f64 / (root + 1) as f64,
                done: index as u64 + 1,
                estimate: None,
            });
        }
    }
    // The root again through `expand_index`, for its move list.
    let mut root_moves = Vec::new();
    children.clear();
    let root_kind = game.expand_index(root, &mut cursor, &mut children)?;
    let root_value = fold(root, root_kind, &children, &table, Some(&mut root_moves))?;
    table.push(root_value);
    let solution = Solution {
        value: table[root],
        root_kind,
        best_move: best_move(root_kind, &root_moves),
        moves: root_moves,
        states: root as u64 + 1,
        iterations: 0,
        residual: 0.0,
    };
    Ok((solution, table))
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
