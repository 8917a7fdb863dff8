//! C entry for the dice game Pig (`oddsmith_pig`).

use super::expectimax::{OddsmithExpectimaxOptions, options_from};
use super::guard::{FfiError, OddsmithStatus, arg, guard};
use crate::expectimax::pig::{PigGame, PigPosition, solve_pig};

/// `OddsmithPigResult.best_move`: keep rolling, or hold (the values of
/// `pig::ROLL` and `pig::HOLD`, checked by a test). This one: roll.
pub const ODDSMITH_PIG_ROLL: u32 = 0;
/// `OddsmithPigResult.best_move`: bank the turn total and pass the die.
pub const ODDSMITH_PIG_HOLD: u32 = 1;

/// Pig solved from one position, for the player to move.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithPigResult {
    /// The mover's win probability under optimal play by both.
    pub win_probability: f64,
    /// ODDSMITH_PIG_ROLL or ODDSMITH_PIG_HOLD (roll on a tie).
    pub best_move: u32,
    /// 1 when holding is allowed (a turn total above 0), else 0.
    pub hold_allowed: u32,
    /// The win probability after rolling, and after holding (0 when not
    /// allowed).
    pub roll: f64,
    /// The win probability after holding (0 when not allowed).
    pub hold: f64,
    /// States solved, the most sweeps a cycle took, the last sweep's
    /// largest change (see OddsmithExpectimaxResult).
    pub states: u64,
    /// The most sweeps a cycle of states took.
    pub iterations: u64,
    /// The largest change of a value in the last sweep (at most the
    /// tolerance).
    pub residual: f64,
    /// 1 when the progress callback cancelled the solve (the other fields
    /// are then zero).
    pub partial: u8,
}

/// Solves Pig to `goal` points (0: 100) with a die of `sides` faces (0: 6)
/// from the position of the player to move: own `score`, the `opponent`'s,
/// and the `turn_total` so far (0, 0, 0 is the first turn). A turn rolls at
/// least once; a 1 scores nothing for the turn and passes the move; a
/// player who reaches the goal during a turn holds and wins. Goal 100 from
/// the start: about a million states, a few hundred ms. `options` as for
/// `oddsmith_expectimax_solve` (NULL: defaults; depth_limit must be 0).
///
/// Errors: ODDSMITH_ERR_NULL_POINTER (out), ODDSMITH_ERR_INVALID_ARGUMENT
/// (goal over 1000, sides outside 2..=100, score or opponent not below the
/// goal, turn_total over 1000, options: the message names the argument,
/// its value and its range), ODDSMITH_ERR_BUDGET_EXCEEDED (states, sweeps,
/// time, memory: the budgets of `options`), ODDSMITH_ERR_CANCELLED (by
/// `options->progress`, called on this thread; `out->partial` = 1, every
/// other field zero). On other errors `*out` is left unchanged. Runs on
/// the calling thread. Thread safety: reentrant.
///
/// # Safety
/// `options` NULL or valid; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_pig(
    goal: u32,
    sides: u32,
    score: u32,
    opponent: u32,
    turn_total: u32,
    options: *const OddsmithExpectimaxOptions,
    out: *mut OddsmithPigResult,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let call = unsafe { options_from(options) }?;
        if call.options.depth_limit.is_some() {
            return Err(FfiError::invalid(
                "options.depth_limit must be 0: Pig is solved to the end",
            ));
        }
        // 0 is none given: the default goal or die.
        let game = PigGame::or_default(goal, sides)?;
        let position = PigPosition {
            score,
            opponent,
            turn_total,
        };
        call.run(
            |opts| solve_pig(&game, position, opts),
            |answer, _| {
                *out = match answer {
                    Some(answer) => OddsmithPigResult {
                        win_probability: answer.win_probability,
                        best_move: answer.best_move,
                        hold_allowed: u32::from(answer.hold.is_some()),
                        roll: answer.roll,
                        hold: answer.hold.unwrap_or(0.0),
                        states: answer.solution.states,
                        iterations: answer.solution.iterations,
                        residual: answer.solution.residual,
                        partial: 0,
                    },
                    None => CANCELLED,
                };
                out.partial != 0
            },
        )
    })
}

/// The result of a cancelled solve: no numbers.
const CANCELLED: OddsmithPigResult = OddsmithPigResult {
    win_probability: 0.0,
    best_move: ODDSMITH_PIG_ROLL,
    hold_allowed: 0,
    roll: 0.0,
    hold: 0.0,
    states: 0,
    iterations: 0,
    residual: 0.0,
    partial: 1,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expectimax::pig::{HOLD, ROLL};

    #[test]
    fn the_c_move_codes_are_the_engines() {
        assert_eq!((ODDSMITH_PIG_ROLL, ODDSMITH_PIG_HOLD), (ROLL, HOLD));
    }
}
