//! `oddsmith coins A1 A2 B1 B2 C1 C2 [--denominations 100,50] [--hashed]
//! [--json]`, or `--atcoder` to read the six counts from stdin and print
//! the value with 10 decimals (AtCoder iroha2019 day 2 F).

use crate::long_run::LongRun;
use crate::output::{Failure, Outcome, print_json};
use oddsmith::expectimax::coins::{
    CoinGame, DEFAULT_DENOMINATIONS, MAX_DENOMINATIONS, Method, solve_coins_controlled,
};
use serde_json::json;
use std::io::Read;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Coin counts, box by box, one per denomination: "10 10 10 10 10 10"
    /// is three boxes of ten 100s and ten 50s.
    counts: Vec<u32>,
    /// Coin values, comma separated (1 to 4 of them).
    #[arg(long, default_value = "100,50")]
    denominations: String,
    /// Use the general hashed search instead of the dense table (boxes
    /// that differ only by their order merged: fewer states solved).
    #[arg(long)]
    hashed: bool,
    /// Read the six counts from stdin (AtCoder input) and print the value
    /// with 10 decimals.
    #[arg(long, conflicts_with = "counts")]
    atcoder: bool,
}

/// Splits flat counts into boxes of one count per denomination.
pub fn to_boxes(counts: &[u32], denominations: usize) -> Result<Vec<Vec<u32>>, Failure> {
    if denominations == 0 || counts.is_empty() || !counts.len().is_multiple_of(denominations) {
        return Err(Failure::BadInput(format!(
            "{} counts given; a positive multiple of the {denominations} denominations is needed",
            counts.len()
        )));
    }
    Ok(counts.chunks(denominations).map(<[u32]>::to_vec).collect())
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    let (counts, denominations) = if args.atcoder {
        let mut input = String::new();
        std::io::stdin()
            .read_to_string(&mut input)
            .map_err(|e| Failure::Other(format!("cannot read stdin: {e}")))?;
        let counts = input
            .split_whitespace()
            .map(|t| {
                t.parse::<u32>()
                    .map_err(|_| Failure::BadInput(format!("stdin: '{t}' is not a count")))
            })
            .collect::<Result<Vec<u32>, Failure>>()?;
        if counts.len() != 6 {
            return Err(Failure::BadInput(format!(
                "stdin holds {} counts; AtCoder input has 6",
                counts.len()
            )));
        }
        (counts, DEFAULT_DENOMINATIONS.to_vec())
    } else {
        let denominations = args
            .denominations
            .split(',')
            .map(|t| {
                t.trim().parse::<f64>().map_err(|_| {
                    Failure::BadInput(format!("--denominations: '{t}' is not a number"))
                })
            })
            .collect::<Result<Vec<f64>, Failure>>()?;
        if denominations.len() > MAX_DENOMINATIONS {
            return Err(Failure::BadInput(format!(
                "--denominations: {} given; at most {MAX_DENOMINATIONS}",
                denominations.len()
            )));
        }
        (args.counts.clone(), denominations)
    };
    let game = CoinGame::new(&to_boxes(&counts, denominations.len())?, &denominations)?;
    let started = Instant::now();
    let method = if args.hashed {
        Method::Hashed
    } else {
        Method::Dense
    };
    // Only the hashed search is long enough to watch (the dense sweep takes
    // at most a few hundred ms); it has no partial answer, so Ctrl-C ends
    // it with exit code 130 and no value.
    let run = LongRun::start("coins");
    let solution = run.answer(solve_coins_controlled(&game, method, &run.control()))?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    if args.atcoder {
        println!("{:.10}", solution.value);
    } else if as_json {
        // Boxes count from 1, as the counts are given and the text says.
        let moves: Vec<_> = solution
            .moves
            .iter()
            .map(|m| json!({ "box": m.move_id + 1, "value": m.value }))
            .collect();
        print_json(&json!({
            "value": solution.value,
            "best_box": solution.best_move.map(|m| m.move_id + 1),
            "moves": moves,
            "states": solution.states,
            "elapsed_ms": elapsed_ms,
        }));
    } else {
        println!("first player's expected money: {:.10}", solution.value);
        if let Some(best) = solution.best_move {
            // Boxes count from 1, as the counts are given.
            println!(
                "best first pick: box {} ({:.10})",
                best.move_id + 1,
                best.value
            );
        }
        println!("{} states solved in {elapsed_ms:.2} ms", solution.states);
    }
    Ok(())
}
