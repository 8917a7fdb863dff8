//! `oddsmith pushfold`: the heads-up push/fold equilibrium (chip EV) as
//! two 13x13 charts, the value and the exploitability; `--json` adds every
//! combo. Three to ten stacks (or `--payouts`) solve the multiway game:
//! a chart per spot, each seat's value and best-response gain.

use crate::long_run::{LongRun, PARTIAL_NOTE};
use crate::output::{Failure, Outcome, print_json};
use oddsmith::Error;
use oddsmith::poker::pushfold::{
    ClassShare, HeadsUp, Solution, SolveOptions, Table, TableSolution, chart::mixed, chart_text,
    check_table, position_name, solve_heads_up, solve_table_within, warm_up,
};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Each player's stack before posting, in order of action: the first
    /// to act first, the small blind and the big blind last (in the
    /// blinds' unit): 10,10 heads-up, 10,10,10 three-handed; 2 to 10.
    #[arg(long, required = true)]
    stacks: String,
    /// Small and big blind.
    #[arg(long, default_value = "0.5,1")]
    blinds: String,
    /// The ante each player posts.
    #[arg(long, default_value_t = 0.0)]
    ante: f64,
    /// Prizes by finishing place for ICM (50,30,20); chip EV without.
    #[arg(long)]
    payouts: Option<String>,
    /// Multiway: stop once no seat gains more than this (bb) by its best
    /// response.
    #[arg(long, default_value_t = 0.001)]
    target: f64,
    /// Multiway (3 or more): deals sampled.
    #[arg(long, default_value_t = 1_000_000)]
    samples: usize,
    /// Multiway: the sample's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Multiway: also measure the strategy's gains on a fresh sample of
    /// this many deals (an estimate for the full game).
    #[arg(long)]
    check: Option<usize>,
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
    let stacks = numbers("--stacks", &args.stacks)?;
    let [a, b] = stacks[..] else {
        return Err(Failure::BadInput(
            "--stacks: give two to ten stacks, in order of action: 10,10,10".into(),
        ));
    };
    let stacks = [a, b];
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

/// The multiway question, each option checked so an error names it.
fn table(args: &Args) -> Result<(Table, SolveOptions), Failure> {
    let stacks = numbers("--stacks", &args.stacks)?;
    let blinds = numbers("--blinds", &args.blinds)?;
    let [small_blind, big_blind] = blinds[..] else {
        return Err(Failure::BadInput(format!(
            "--blinds: '{}' is not two numbers (small and big blind: 0.5,1)",
            args.blinds
        )));
    };
    let payouts = match &args.payouts {
        Some(text) => numbers("--payouts", text)?,
        None => Vec::new(),
    };
    let t = Table {
        stacks,
        small_blind,
        big_blind,
        ante: args.ante,
        payouts,
    };
    let base = Table {
        stacks: vec![1e9; t.stacks.len().clamp(2, 10)],
        ..Table::default()
    };
    let checks = [
        (
            "--blinds",
            Table {
                small_blind,
                big_blind,
                ..base.clone()
            },
        ),
        (
            "--ante",
            Table {
                ante: args.ante,
                ..base.clone()
            },
        ),
        (
            "--payouts",
            Table {
                payouts: t.payouts.clone(),
                ..base.clone()
            },
        ),
        ("--stacks", t.clone()),
    ];
    for (option, q) in checks {
        q.check().map_err(|e| named(option, e))?;
    }
    let o = SolveOptions {
        target: args.target,
        samples: args.samples,
        seed: args.seed,
        ..SolveOptions::default()
    };
    Ok((t, o))
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    let count = args.stacks.split(',').count();
    if count != 2 || args.payouts.is_some() {
        return run_table(args, as_json);
    }
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

fn run_table(args: &Args, as_json: bool) -> Outcome {
    let (t, o) = table(args)?;
    let started = Instant::now();
    // Ctrl-C stops the solving with the best strategy so far (partial,
    // its gains stated; exit code 130), and a progress bar shows on a
    // terminal after a quarter of a second.
    let run = LongRun::start("pushfold");
    let solved = solve_table_within(&t, &o, &run.control());
    run.finish();
    let s = solved.map_err(|e| match e.message() {
        m if m.starts_with("target") => named("--target", e),
        m if m.starts_with("samples") => named("--samples", e),
        _ => Failure::from(e),
    })?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    let checked = match args.check {
        Some(samples) => Some(
            check_table(&s, samples, o.seed.wrapping_add(1)).map_err(|e| named("--check", e))?,
        ),
        None => None,
    };
    if as_json {
        print_json(&table_json(&s, checked.as_deref(), elapsed_ms));
    } else {
        print_table(&s, checked.as_deref(), elapsed_ms);
        if s.partial {
            println!("{PARTIAL_NOTE}");
        }
    }
    run.close()
}

/// Spots reached less often than this are left out of the text (not of
/// the JSON).
const MIN_REACH: f64 = 1e-3;

fn print_table(s: &TableSolution, checked: Option<&[f64]>, elapsed_ms: f64) {
    let t = &s.table;
    let n = t.stacks.len();
    let unit = if t.payouts.is_empty() {
        "chip EV".to_string()
    } else {
        format!("ICM {:?}", t.payouts)
    };
    let game = if s.sampled {
        format!("{} sampled deals (seed {})", s.deals, s.options.seed)
    } else {
        "exact".to_string()
    };
    println!(
        "push/fold, {n} players, stacks {:?}, blinds {}/{}, ante {}, {unit}; {game}, {} CFR+ iterations, {elapsed_ms:.0} ms",
        t.stacks, t.small_blind, t.big_blind, t.ante, s.iterations
    );
    println!(
        "{:<5} {:>12} {:>10} {:>14}",
        "seat", "value (bb)", "+-", "best-resp gain"
    );
    for i in 0..n {
        println!(
            "{:<5} {:>+12.4} {:>10.4} {:>14}",
            position_name(i, n),
            s.values[i],
            s.value_errors[i],
            gain_text(s.gains[i])
        );
    }
    println!(
        "exploitability (largest gain): {} bb",
        gain_text(s.exploitability())
    );
    if let Some(gains) = checked {
        let worst = gains.iter().fold(0.0f64, |m, &g| m.max(g));
        println!("largest gain on a fresh sample: {worst:.4} bb");
    }
    let mut skipped = 0;
    for spot in &s.spots {
        if spot.reach < MIN_REACH {
            skipped += 1;
            continue;
        }
        let cells = spot.chart();
        let verb = if spot.spot.opener.is_none() {
            "pushed"
        } else {
            "called"
        };
        println!(
            "\n{} (reached {:.1}%): % of each class {verb} ({:.1}% of hands)",
            spot.spot.describe(n),
            100.0 * spot.reach,
            100.0 * share_of_hands(&cells)
        );
        print!("{}", chart_text(&cells));
    }
    if skipped > 0 {
        println!(
            "\n({skipped} spots reached less than {:.1}% of the time left out; --json has them)",
            100.0 * MIN_REACH
        );
    }
}

fn table_json(s: &TableSolution, checked: Option<&[f64]>, elapsed_ms: f64) -> serde_json::Value {
    let t = &s.table;
    let n = t.stacks.len();
    let spots: Vec<_> = s
        .spots
        .iter()
        .map(|spot| {
            let cells = spot.chart();
            let combos: Vec<_> = spot
                .combos()
                .iter()
                .map(|(cards, p)| json!({ "cards": cards.to_string(), "chance": p }))
                .collect();
            json!({
                "seat": spot.spot.seat,
                "position": position_name(spot.spot.seat, n),
                "opener": spot.spot.opener,
                "callers": spot.spot.callers,
                "describe": spot.spot.describe(n),
                "reach": spot.reach,
                "share": share_of_hands(&cells),
                "chart": chart_json(&cells),
                "combos": combos,
            })
        })
        .collect();
    json!({
        "players": n,
        "stacks": t.stacks,
        "blinds": [t.small_blind, t.big_blind],
        "ante": t.ante,
        "payouts": t.payouts,
        "positions": (0..n).map(|i| position_name(i, n)).collect::<Vec<_>>(),
        "values": s.values,
        "value_errors": s.value_errors,
        "gains": s.gains,
        "exploitability": s.exploitability(),
        "fresh_sample_gains": checked,
        "sampled": s.sampled,
        "deals": s.deals,
        "seed": s.options.seed,
        "target": s.options.target,
        "iterations": s.iterations,
        "partial": s.partial,
        "spots": spots,
        "elapsed_ms": elapsed_ms,
    })
}
