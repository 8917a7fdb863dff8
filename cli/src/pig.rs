//! `oddsmith pig [--goal 100] [--sides 6] [--position SCORE,OPP,TURN]
//! [--tolerance 1e-12] [--json]`: the dice game Pig solved for optimal
//! play by both players (value iteration through the general solver).

use crate::long_run::LongRun;
use crate::output::{Failure, Outcome, print_json};
use oddsmith::expectimax::Options;
use oddsmith::expectimax::pig::{
    DEFAULT_GOAL, DEFAULT_SIDES, HOLD, PigGame, PigPosition, solve_pig,
};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Points to reach (0 means the default, 100, as in C).
    #[arg(long, default_value_t = DEFAULT_GOAL)]
    goal: u32,
    /// Faces of the die (a 1 ends the turn; 0 means the default, 6).
    #[arg(long, default_value_t = DEFAULT_SIDES)]
    sides: u32,
    /// The position to decide, from the view of the player to move: own
    /// score, the opponent's score, the turn total so far ("0,0,0", the
    /// first turn, by default).
    #[arg(long, default_value = "0,0,0")]
    position: String,
    /// Stop the sweeps once no value changes by more than this (0 means
    /// the default, 1e-12, as in C).
    #[arg(long, default_value_t = oddsmith::expectimax::DEFAULT_TOLERANCE)]
    tolerance: f64,
}

fn parse_position(text: &str) -> Result<PigPosition, Failure> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let numbers = parts
        .iter()
        .map(|t| t.parse::<u32>())
        .collect::<Result<Vec<u32>, _>>();
    match numbers.as_deref() {
        Ok(&[score, opponent, turn_total]) => Ok(PigPosition {
            score,
            opponent,
            turn_total,
        }),
        _ => Err(Failure::BadInput(format!(
            "--position '{text}': three counts SCORE,OPPONENT,TURN_TOTAL are needed, e.g. 41,49,22"
        ))),
    }
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    // 0 is none given: the engine's one rule, as in C.
    let game = PigGame::or_default(args.goal, args.sides)?;
    let position = parse_position(&args.position)?;
    let run = LongRun::start("pig");
    let options = Options {
        control: run.control(),
        ..Options::or_defaults(0, 0, args.tolerance, 0)?
    };
    let started = Instant::now();
    let answer = run.answer(solve_pig(&game, position, &options))?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    let decision = if answer.best_move == HOLD {
        "hold"
    } else {
        "roll"
    };
    let s = &answer.solution;
    if as_json {
        print_json(&json!({
            "goal": game.goal(),
            "sides": game.sides(),
            "position": [position.score, position.opponent, position.turn_total],
            "win_probability": answer.win_probability,
            "decision": decision,
            "roll": answer.roll,
            "hold": answer.hold,
            "states": s.states,
            "iterations": s.iterations,
            "residual": s.residual,
            "elapsed_ms": elapsed_ms,
        }));
    } else {
        println!(
            "win probability of the player to move: {:.10}",
            answer.win_probability
        );
        let hold = answer
            .hold
            .map_or("not allowed before the first roll".to_string(), |h| {
                format!("{h:.10}")
            });
        println!(
            "decision: {decision} (roll {:.10}, hold {hold})",
            answer.roll
        );
        println!(
            "{} states, at most {} sweeps per cycle, residual {:.1e}, {elapsed_ms:.1} ms",
            s.states, s.iterations, s.residual
        );
    }
    Ok(())
}
