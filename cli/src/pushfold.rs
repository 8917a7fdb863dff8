//! `oddsmith pushfold`: the heads-up push/fold equilibrium (chip EV) as
//! two 13x13 charts, the value and the exploitability; `--json` adds every
//! combo.

use crate::output::{Failure, Outcome, print_json};
use oddsmith::Error;
use oddsmith::poker::pushfold::{
    ClassShare, HeadsUp, Solution, chart::mixed, chart_text, solve_heads_up, warm_up,
};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Each player's stack before posting, small blind first (in the
    /// blinds' unit): 10,10. Two players for now.
    #[arg(long, required = true)]
    stacks: String,
    /// Small and big blind.
    #[arg(long, default_value = "0.5,1")]
    blinds: String,
    /// The ante each player posts.
    #[arg(long, default_value_t = 0.0)]
    ante: f64,
    /// Payouts for ICM (not yet: heads-up is chip EV).
    #[arg(long)]
    payouts: Option<String>,
    /// Also print every combo's chance to push and to call.
    #[arg(long)]
    combos: bool,
}

/// A comma-separated list of numbers, the option named when one is not.
fn numbers(option: &str, text: &str) -> Result<Vec<f64>, Failure> {
    text.split(',')
        .map(|item| {
            item.trim().parse::<f64>().map_err(|_| {
                Failure::BadInput(format!("{option}: '{}' is not a number", item.trim()))
            })
        })
        .collect()
}

fn named(option: &str, e: Error) -> Failure {
    Failure::BadInput(format!("{option}: {}", e.message()))
}

/// The question the options ask, each option checked on its own so an
/// error names it.
fn question(args: &Args) -> Result<HeadsUp, Failure> {
    if args.payouts.is_some() {
        return Err(Failure::BadInput(
            "--payouts: ICM is not solved yet; heads-up push/fold is chip EV (drop --payouts)"
                .into(),
        ));
    }
    let stacks = numbers("--stacks", &args.stacks)?;
    let stacks: [f64; 2] = match stacks.len() {
        2 => [stacks[0], stacks[1]],
        n if n > 2 => {
            return Err(Failure::BadInput(format!(
                "--stacks: {n} stacks given: push/fold with 3 to 10 players is not yet \
                 supported, only heads-up (two stacks)"
            )));
        }
        _ => {
            return Err(Failure::BadInput(
                "--stacks: give two stacks, the small blind's and the big blind's: 10,10".into(),
            ));
        }
    };
    let blinds = numbers("--blinds", &args.blinds)?;
    let [small_blind, big_blind] = blinds[..] else {
        return Err(Failure::BadInput(format!(
            "--blinds: '{}' is not two numbers (small and big blind: 0.5,1)",
            args.blinds
        )));
    };
    let base = HeadsUp::default();
    let q = HeadsUp {
        stacks,
        small_blind,
        big_blind,
        ante: args.ante,
    };
    let checks = [
        (
            "--blinds",
            HeadsUp {
                small_blind,
                big_blind,
                ..base
            },
        ),
        (
            "--ante",
            HeadsUp {
                ante: args.ante,
                ..base
            },
        ),
        ("--stacks", q),
    ];
    for (option, q) in checks {
        q.stakes().map_err(|e| named(option, e))?;
    }
    Ok(q)
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    let q = question(args)?;
    // The matchup table is built once, outside the reported time.
    warm_up()?;
    let started = Instant::now();
    let s = solve_heads_up(&q)?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    if as_json {
        print_json(&solution_json(&q, &s, elapsed_ms));
    } else {
        print_solution(&q, &s, args.combos, elapsed_ms);
    }
    Ok(())
}

/// The share of all hands played, from a chart's cells.
fn share_of_hands(cells: &[ClassShare]) -> f64 {
    cells
        .iter()
        .map(|c| c.share * f64::from(c.combos))
        .sum::<f64>()
        / 1326.0
}

/// A best-response gain for the text: rounding-level ones as a bound.
fn gain_text(gain: f64) -> String {
    if gain < 1e-12 {
        "below 1e-12".to_string()
    } else {
        format!("{gain:.1e}")
    }
}

fn print_solution(q: &HeadsUp, s: &Solution, combos: bool, elapsed_ms: f64) {
    println!(
        "heads-up push/fold, effective stack {} bb, blinds {}/{}, ante {} (exact, {elapsed_ms:.1} ms)",
        s.stack_bb, q.small_blind, q.big_blind, q.ante
    );
    println!(
        "small blind's EV {:+.6} bb a hand (big blind's {:+.6})",
        s.value, -s.value
    );
    println!(
        "best-response gains (bb): small blind {}, big blind {}",
        gain_text(s.sb_gain),
        gain_text(s.bb_gain)
    );
    let (push, call) = (s.push_chart(), s.call_chart());
    for (who, verb, cells) in [
        ("small blind", "pushed", &push),
        ("big blind", "called", &call),
    ] {
        println!(
            "\n{who}: % of each class {verb} ({:.1}% of hands; suited above the diagonal)",
            100.0 * share_of_hands(cells)
        );
        print!("{}", chart_text(cells));
        let mixes: Vec<String> = mixed(cells)
            .iter()
            .map(|c| format!("{} {:.1}%", c.name, 100.0 * c.share))
            .collect();
        if !mixes.is_empty() {
            println!("mixed: {}", mixes.join(", "));
        }
    }
    if combos {
        println!("\n{:<6} {:>10} {:>10}", "combo", "push", "call");
        for c in &s.combos {
            println!(
                "{:<6} {:>10.6} {:>10.6}",
                c.cards.to_string(),
                c.push,
                c.call
            );
        }
    }
}

fn chart_json(cells: &[ClassShare]) -> serde_json::Value {
    cells
        .iter()
        .map(|c| json!({ "class": c.name, "combos": c.combos, "share": c.share }))
        .collect()
}

fn solution_json(q: &HeadsUp, s: &Solution, elapsed_ms: f64) -> serde_json::Value {
    let combos: Vec<_> = s
        .combos
        .iter()
        .map(|c| json!({ "cards": c.cards.to_string(), "push": c.push, "call": c.call }))
        .collect();
    let (push, call) = (s.push_chart(), s.call_chart());
    json!({
        "players": 2,
        "stacks": q.stacks,
        "blinds": [q.small_blind, q.big_blind],
        "ante": q.ante,
        "effective_stack_bb": s.stack_bb,
        "value": s.value,
        "sb_gain": s.sb_gain,
        "bb_gain": s.bb_gain,
        "exploitability": s.exploitability(),
        "push_share": share_of_hands(&push),
        "call_share": share_of_hands(&call),
        "push_chart": chart_json(&push),
        "call_chart": chart_json(&call),
        "combos": combos,
        "elapsed_ms": elapsed_ms,
    })
}
