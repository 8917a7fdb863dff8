//! Pig numbered for the layered solve (`DenseGame::block_end`): the
//! structure the rules expose. Neither banked score ever falls, and a
//! rolled 1 keeps both, so the states of one score pair (both sides to
//! move, every turn total) are a block whose cycles stay inside it, and
//! every other outcome (holding, winning) leads to a pair with a larger
//! sum. Blocks run from the largest sum down, so every child lies below
//! its block's end.
//!
//! Index 0 is Max's win, 1 Min's; then one block per pair (Max's score a,
//! Min's b): Max to move with turn totals g-a-1 down to 0, then Min to move
//! with g-b-1 down to 0. In that order a sweep reads one stale value, Min's
//! first state (a, b, 0) through Max's rolled 1: the component's Newton
//! pivot.

#[cfg(test)]
use super::PigState;
use super::{HOLD, PigGame, ROLL};
use crate::error::Result;
use crate::expectimax::{DenseChild, DenseGame, NodeKind};

/// Indices of the two finished games.
const MAX_WON: usize = 0;
const MIN_WON: usize = 1;

/// Pig as a `DenseGame` in blocks of score pairs.
pub(super) struct LayeredPig {
    goal: usize,
    sides: u32,
    /// Per block, in index order: its first index and its score pair.
    blocks: Vec<Block>,
    /// Per score pair (Max's * goal + Min's): its block.
    block_of: Vec<u32>,
    size: usize,
    root: usize,
}

#[derive(Clone, Copy)]
struct Block {
    start: usize,
    max_score: u32,
    min_score: u32,
}

/// Which block the last index was in (the solver goes up one at a time).
#[derive(Default)]
pub(super) struct PigCursor {
    block: usize,
}

impl LayeredPig {
    /// The numbering of `game`, or None when its root is not a numbered
    /// state (a game over, or a turn total that reaches the goal) or the
    /// table would hold more than `max_states` states.
    pub fn new(game: &PigGame, max_states: u64) -> Option<LayeredPig> {
        let g = game.goal as usize;
        let size = g.checked_mul(g)?.checked_mul(g + 1)?.checked_add(2)?;
        if size as u64 > max_states {
            return None;
        }
        let mut blocks = Vec::with_capacity(g * g);
        let mut block_of = vec![0u32; g * g];
        let mut start = 2;
        for sum in (0..=2 * (g - 1)).rev() {
            for a in sum.saturating_sub(g - 1)..=sum.min(g - 1) {
                let b = sum - a;
                block_of[a * g + b] = blocks.len() as u32;
                blocks.push(Block {
                    start,
                    max_score: a as u32,
                    min_score: b as u32,
                });
                start += 2 * g - sum;
            }
        }
        let mut layered = LayeredPig {
            goal: g,
            sides: game.sides,
            blocks,
            block_of,
            size,
            root: 0,
        };
        let root = game.root;
        let own = if root.max_to_move() {
            root.max_score()
        } else {
            root.min_score()
        };
        if root.0 & super::OVER != 0 || (own + root.turn_total()) as usize >= g {
            return None;
        }
        layered.root = layered.index_of(
            root.max_to_move(),
            root.max_score(),
            root.min_score(),
            root.turn_total(),
        );
        Some(layered)
    }

    /// The index of a state not over whose mover has not reached the goal.
    #[inline]
    fn index_of(&self, max_to_move: bool, a: u32, b: u32, turn: u32) -> usize {
        let g = self.goal;
        let (a, b, turn) = (a as usize, b as usize, turn as usize);
        let start = self.blocks[self.block_of[a * g + b] as usize].start;
        if max_to_move {
            start + (g - a - 1 - turn)
        } else {
            start + (g - a) + (g - b - 1 - turn)
        }
    }

    /// The block holding `index` (at least 2), from the cursor's onwards
    /// when it is there or next, else by search.
    #[inline]
    fn block(&self, index: usize, cursor: &mut PigCursor) -> Block {
        let holds = |i: usize| {
            self.blocks[i].start <= index
                && self.blocks.get(i + 1).is_none_or(|next| index < next.start)
        };
        if !holds(cursor.block) {
            cursor.block = if cursor.block + 1 < self.blocks.len() && holds(cursor.block + 1) {
                cursor.block + 1
            } else {
                self.blocks.partition_point(|b| b.start <= index) - 1
            };
        }
        self.blocks[cursor.block]
    }
}

impl DenseGame for LayeredPig {
    type Cursor = PigCursor;

    fn size(&self) -> usize {
        self.size
    }

    fn root_index(&self) -> usize {
        self.root
    }

    fn block_end(&self, start: usize) -> usize {
        if start < 2 {
            return start + 1;
        }
        let at = self.blocks.partition_point(|b| b.start <= start) - 1;
        let Block {
            max_score,
            min_score,
            ..
        } = self.blocks[at];
        start + 2 * self.goal - (max_score + min_score) as usize
    }

    /// The children in the order `PigGame::expand` gives them.
    fn expand_index(
        &self,
        index: usize,
        cursor: &mut PigCursor,
        children: &mut Vec<DenseChild>,
    ) -> Result<NodeKind> {
        match index {
            MAX_WON => return Ok(NodeKind::Terminal(1.0)),
            MIN_WON => return Ok(NodeKind::Terminal(0.0)),
            _ => {}
        }
        let g = self.goal as u32;
        let block = self.block(index, cursor);
        let (a, b) = (block.max_score, block.min_score);
        let offset = (index - block.start) as u32;
        let max = offset < g - a;
        // Each side's first state (turn total 0) in this block: the mover's
        // turn totals count down to it, and a rolled 1 leads to the other's.
        let max_first = block.start + (g - a - 1) as usize;
        let min_first = block.start + (2 * g - a - b - 1) as usize;
        let (own, turn, won, first, turn_over) = if max {
            (a, g - a - 1 - offset, MAX_WON, max_first, min_first)
        } else {
            (b, 2 * g - a - b - 1 - offset, MIN_WON, min_first, max_first)
        };
        let p = 1.0 / f64::from(self.sides);
        let child = |move_id, next| DenseChild {
            move_id,
            probability: p,
            reward: 0.0,
            next,
        };
        children.reserve(self.sides as usize + 1);
        children.push(child(ROLL, turn_over));
        for face in 2..=self.sides {
            let total = turn + face;
            children.push(child(
                ROLL,
                if own + total >= g {
                    won
                } else {
                    first - total as usize
                },
            ));
        }
        if turn > 0 {
            // Below the goal: `own + turn < g` holds for a numbered state.
            let next = if max {
                self.index_of(false, a + turn, b, 0)
            } else {
                self.index_of(true, a, b + turn, 0)
            };
            children.push(DenseChild {
                move_id: HOLD,
                probability: 1.0,
                reward: 0.0,
                next,
            });
        }
        Ok(if max { NodeKind::Max } else { NodeKind::Min })
    }
}

#[cfg(test)]
impl LayeredPig {
    /// The index of a numbered state, for the tests.
    pub fn index_of_state(&self, s: PigState) -> usize {
        self.index_of(
            s.max_to_move(),
            s.max_score(),
            s.min_score(),
            s.turn_total(),
        )
    }
}

/// The state at `index`, for the tests (None for the finished games).
#[cfg(test)]
pub(super) fn state_at(layered: &LayeredPig, index: usize) -> Option<PigState> {
    if index < 2 {
        return None;
    }
    let g = layered.goal as u32;
    let block = layered.block(index, &mut PigCursor::default());
    let (a, b) = (block.max_score, block.min_score);
    let offset = (index - block.start) as u32;
    Some(if offset < g - a {
        PigState::new(true, a, b, g - a - 1 - offset)
    } else {
        PigState::new(false, a, b, g - b - 1 - (offset - (g - a)))
    })
}
