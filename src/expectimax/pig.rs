//! The dice game Pig (Neller and Presser, "Optimal Play of the Dice Game
//! Pig", UMAP Journal 25(1), 2004), solved through the general solver.
//!
//! Rules: on a turn the player rolls a die (at least once) and may keep
//! rolling or hold. A 1 ends the turn and scores nothing for it; any other
//! face adds to the turn total; holding adds the turn total to the
//! player's score. The first to reach the goal wins (a player who reaches
//! it during a turn holds and wins at once). A rolled 1 hands the move back
//! with both scores unchanged, so states recur: the solver's cyclic path.
//!
//! The first player is Max; a value is Max's win probability. A state
//! says whose turn it is, so the solver sees about twice the paper's
//! 505,000 states for the goal 100 (the paper counts one side by symmetry).

use super::{Child, Game, NodeKind, Options, Solution, solve, solve_dense};
use crate::error::{Error, Result};

/// Largest goal accepted (goal 100 has about a million states; the state
/// budget stops larger games long before this).
pub const MAX_GOAL: u32 = 1_000;
/// Most faces of the die.
pub const MAX_SIDES: u32 = 100;
/// Default goal and die, as in the paper.
pub const DEFAULT_GOAL: u32 = 100;
/// Default die: six sides.
pub const DEFAULT_SIDES: u32 = 6;

/// The move ids of a Pig decision.
pub const ROLL: u32 = 0;
/// Hold: bank the turn total and pass the die.
pub const HOLD: u32 = 1;

/// A state packed in one word (fast to hash): bits 0-15 the turn total,
/// 16-31 the score of Min, 32-47 the score of Max, bit 48 set when Max is
/// to move, bit 49 set for a finished game (bit 48 then says Max won).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PigState(u64);

const MAX_TO_MOVE: u64 = 1 << 48;
const OVER: u64 = 1 << 49;

// Every score and turn total the game accepts fits its 16 bits.
const _: () = assert!(MAX_GOAL < 1 << 16);

impl PigState {
    /// Each number must be below 2^16 (a larger one would be cut to its
    /// low 16 bits: [`PigGame::at`] refuses positions out of range first).
    pub fn new(max_to_move: bool, max_score: u32, min_score: u32, turn_total: u32) -> PigState {
        debug_assert!(max_score.max(min_score).max(turn_total) < 1 << 16);
        PigState(
            u64::from(turn_total & 0xffff)
                | u64::from(min_score & 0xffff) << 16
                | u64::from(max_score & 0xffff) << 32
                | if max_to_move { MAX_TO_MOVE } else { 0 },
        )
    }
    fn won_by(max: bool) -> PigState {
        PigState(OVER | if max { MAX_TO_MOVE } else { 0 })
    }
    /// Whether Max is to move (for a finished game: whether Max won).
    pub fn max_to_move(self) -> bool {
        self.0 & MAX_TO_MOVE != 0
    }
    /// Max's banked score.
    pub fn max_score(self) -> u32 {
        (self.0 >> 32) as u32 & 0xffff
    }
    /// Min's banked score.
    pub fn min_score(self) -> u32 {
        (self.0 >> 16) as u32 & 0xffff
    }
    /// The points of the turn in progress, not yet banked.
    pub fn turn_total(self) -> u32 {
        self.0 as u32 & 0xffff
    }
}

/// Pig from a given state, for the general solver.
#[derive(Clone, Copy, Debug)]
pub struct PigGame {
    goal: u32,
    sides: u32,
    root: PigState,
}

impl PigGame {
    /// Pig to `goal` with a die of `sides` faces, from the first turn.
    pub fn new(goal: u32, sides: u32) -> Result<PigGame> {
        if !(1..=MAX_GOAL).contains(&goal) {
            return Err(Error::invalid(format!(
                "the goal is {goal}; between 1 and {MAX_GOAL}"
            )));
        }
        if !(2..=MAX_SIDES).contains(&sides) {
            return Err(Error::invalid(format!(
                "the die has {sides} sides; between 2 and {MAX_SIDES}"
            )));
        }
        Ok(PigGame {
            goal,
            sides,
            root: PigState::new(true, 0, 0, 0),
        })
    }

    /// [`PigGame::new`] as every interface takes it: a goal or die of 0 is
    /// none given (`budget::given`), [`DEFAULT_GOAL`] or [`DEFAULT_SIDES`].
    pub fn or_default(goal: u32, sides: u32) -> Result<PigGame> {
        use crate::budget::given;
        PigGame::new(
            given(goal).unwrap_or(DEFAULT_GOAL),
            given(sides).unwrap_or(DEFAULT_SIDES),
        )
    }

    /// The same game from `position`, the player to move being Max.
    /// Errors: a position out of range (see [`PigGame::check_position`]).
    pub fn at(self, position: PigPosition) -> Result<PigGame> {
        self.check_position(position)?;
        let root = PigState::new(true, position.score, position.opponent, position.turn_total);
        Ok(PigGame { root, ..self })
    }

    /// The same game from `root` (a state not yet over), checked as
    /// [`PigGame::at`] checks a position (from the view of the player to
    /// move).
    pub fn from_state(self, root: PigState) -> Result<PigGame> {
        let (score, opponent) = if root.max_to_move() {
            (root.max_score(), root.min_score())
        } else {
            (root.min_score(), root.max_score())
        };
        self.check_position(PigPosition {
            score,
            opponent,
            turn_total: root.turn_total(),
        })?;
        Ok(PigGame { root, ..self })
    }

    /// The range of a position, the one rule for every caller (C, the
    /// CLI, Python): the two scores below the goal, the turn total at most
    /// [`MAX_GOAL`] (a turn total that reaches the goal is allowed: the
    /// mover holds and wins). Anything else is `InvalidArgument` naming the
    /// number, its value and its range (never cut to the 16 bits a state
    /// keeps).
    pub fn check_position(&self, position: PigPosition) -> Result<()> {
        let last = self.goal - 1;
        for (name, value) in [("score", position.score), ("opponent", position.opponent)] {
            if value > last {
                return Err(Error::invalid(format!(
                    "{name} is {value}; it must be below the goal {} (0..={last})",
                    self.goal
                )));
            }
        }
        if position.turn_total > MAX_GOAL {
            return Err(Error::invalid(format!(
                "turn_total is {}; it must be in 0..={MAX_GOAL}",
                position.turn_total
            )));
        }
        Ok(())
    }

    /// The score that wins.
    pub fn goal(&self) -> u32 {
        self.goal
    }
    /// Faces of the die.
    pub fn sides(&self) -> u32 {
        self.sides
    }
}

impl Game for PigGame {
    type State = PigState;

    fn root(&self) -> PigState {
        self.root
    }

    fn expand(&self, s: &PigState, children: &mut Vec<Child<PigState>>) -> Result<NodeKind> {
        if s.0 & OVER != 0 {
            return Ok(NodeKind::Terminal(if s.max_to_move() { 1.0 } else { 0.0 }));
        }
        let max = s.max_to_move();
        let (own, opp, turn) = if max {
            (s.max_score(), s.min_score(), s.turn_total())
        } else {
            (s.min_score(), s.max_score(), s.turn_total())
        };
        // The state after this player's turn ends with `own` scored.
        let next_turn = |own: u32| {
            if max {
                PigState::new(false, own, opp, 0)
            } else {
                PigState::new(true, opp, own, 0)
            }
        };
        let p = 1.0 / f64::from(self.sides);
        let child = |move_id, next| Child {
            move_id,
            probability: p,
            reward: 0.0,
            next,
        };
        children.push(child(ROLL, next_turn(own)));
        for face in 2..=self.sides {
            let total = turn + face;
            children.push(child(
                ROLL,
                if own + total >= self.goal {
                    PigState::won_by(max)
                } else if max {
                    PigState::new(true, own, opp, total)
                } else {
                    PigState::new(false, opp, own, total)
                },
            ));
        }
        if turn > 0 {
            children.push(Child {
                move_id: HOLD,
                probability: 1.0,
                reward: 0.0,
                next: if own + turn >= self.goal {
                    PigState::won_by(max)
                } else {
                    next_turn(own + turn)
                },
            });
        }
        Ok(if max { NodeKind::Max } else { NodeKind::Min })
    }

    /// (side to move, Max's score, Min's score, turn total) in base goal,
    /// then the two finished games, then the one state with a turn total
    /// that reaches the goal (only a root can be one: below it, reaching
    /// the goal ends the game).
    fn index_bound(&self) -> Option<usize> {
        Some(2 * (self.goal as usize).pow(3) + 3)
    }

    fn state_index(&self, s: &PigState) -> usize {
        let g = self.goal as usize;
        let cube = g * g * g;
        if s.0 & OVER != 0 {
            return 2 * cube + usize::from(s.max_to_move());
        }
        let own = if s.max_to_move() {
            s.max_score()
        } else {
            s.min_score()
        };
        if own + s.turn_total() >= self.goal {
            return 2 * cube + 2;
        }
        let side = usize::from(s.max_to_move());
        ((side * g + s.max_score() as usize) * g + s.min_score() as usize) * g
            + s.turn_total() as usize
    }

    fn state_hint(&self) -> usize {
        // Per side to move: a score pair and a turn total below the goal.
        let g = self.goal as usize;
        2 * g * g * (g + 1) / 2 + 2
    }
}

/// A position, from the view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PigPosition {
    /// The mover's banked score, below the goal.
    pub score: u32,
    /// The opponent's banked score, below the goal.
    pub opponent: u32,
    /// The mover's points this turn, not yet banked (at most `MAX_GOAL`).
    pub turn_total: u32,
}

/// What the player to move should do, and how likely they are to win.
#[derive(Clone, Debug, PartialEq)]
pub struct PigAnswer {
    /// The mover's win probability under optimal play by both.
    pub win_probability: f64,
    /// Roll (`ROLL`) or hold (`HOLD`); rolling on a tie.
    pub best_move: u32,
    /// The win probability after rolling, and after holding (None with a
    /// turn total of 0: a turn rolls at least once).
    pub roll: f64,
    /// The win probability after holding (`None` with a turn total of 0).
    pub hold: Option<f64>,
    /// The solve: states, sweeps and residual (see `Solution`).
    pub solution: Solution,
}

/// Solves Pig from `position` (the player to move is Max). Errors: a
/// position out of range ([`PigGame::check_position`]), the budgets of
/// `options`.
///
/// Through the layered solve (`DenseGame::block_end`: one block per score
/// pair, every state of the pair numbered, reachable or not) when the
/// table fits the state budget; else, or from a turn total that reaches
/// the goal, through the general solver ([`solve`]), which meets only the
/// reachable states and finds the cycles itself. Both give the same
/// values (to the tolerance).
pub fn solve_pig(game: &PigGame, position: PigPosition, options: &Options) -> Result<PigAnswer> {
    let game = game.at(position)?;
    let layered = match options.depth_limit {
        None => layered::LayeredPig::new(&game, options.max_states),
        Some(_) => None,
    };
    let solution = match layered {
        Some(layered) => solve_dense(&layered, options)?.0,
        None => solve(&game, options)?,
    };
    let value_of = |id| {
        solution
            .moves
            .iter()
            .find(|m| m.move_id == id)
            .map(|m| m.value)
    };
    let roll = value_of(ROLL).ok_or_else(|| Error::invalid("no roll at the root"))?;
    let hold = value_of(HOLD);
    Ok(PigAnswer {
        win_probability: solution.value,
        best_move: if hold.is_some_and(|h| h > roll) {
            HOLD
        } else {
            ROLL
        },
        roll,
        hold,
        solution,
    })
}

mod layered;
#[cfg(test)]
mod tests;
