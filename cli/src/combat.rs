//! `oddsmith combat --a "4/4,3/3" --b "3/4,1/1" [--tier-a 3 --tier-b 3]
//! [--mc --samples N --seed S] [--max-states N] [--json]`.

use crate::long_run::{LongRun, PARTIAL_NOTE};
use crate::output::{Outcome, print_json};
use oddsmith::Error;
use oddsmith::hearthstone::combat::{
    Combat, CombatResult, DEFAULT_MAX_STATES, combat_exact, combat_monte_carlo, parse_board,
};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Side A's board, left to right: "4/4+taunt,3/3+shield@2".
    #[arg(long, allow_hyphen_values = true)]
    a: String,
    /// Side B's board.
    #[arg(long, allow_hyphen_values = true)]
    b: String,
    /// Side A's tavern tier (damage to B's hero starts there).
    #[arg(long, default_value_t = 1)]
    tier_a: u32,
    #[arg(long, default_value_t = 1)]
    tier_b: u32,
    /// Monte Carlo instead of the exact engine.
    #[arg(long)]
    mc: bool,
    #[arg(long, default_value_t = 1_000_000)]
    samples: u64,
    /// Time budget in ms (0 = none): sampling stops with what it has, the
    /// exact engine fails past it.
    #[arg(long, default_value_t = 0)]
    time_ms: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Monte Carlo threads; 0 = all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Exact engine state budget (about 250 bytes of memory each); 0 means
    /// the default, 5,000,000, as in C.
    #[arg(long, default_value_t = 0)]
    max_states: u64,
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    let side = |name: &str, text: &str| {
        parse_board(text).map_err(|e| Error::new(e.kind(), format!("--{name}: {}", e.message())))
    };
    let c = Combat {
        a: side("a", &args.a)?,
        b: side("b", &args.b)?,
        tiers: [args.tier_a, args.tier_b],
    };
    oddsmith::parallel::check_threads(args.threads)?;
    let max_states = match args.max_states {
        0 => DEFAULT_MAX_STATES,
        n => n,
    };
    let run = LongRun::start("combat");
    let budget = (args.time_ms > 0).then(|| std::time::Duration::from_millis(args.time_ms));
    let control = run.control().with_budget(budget);
    let started = Instant::now();
    let r = run.answer(if args.mc {
        combat_monte_carlo(&c, args.samples, args.seed, args.threads, &control)
    } else {
        combat_exact(&c, max_states, &control)
    })?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    let partial = run.interrupted();
    if as_json {
        let mut value = to_json(&r, elapsed_ms);
        value["partial"] = json!(partial);
        print_json(&value);
    } else {
        let how = if r.exact {
            format!("exact, {} states", r.states)
        } else {
            format!("Monte Carlo, {} samples, stderr {:.5}", r.states, r.stderr)
        };
        println!(
            "A wins {:.9}  draw {:.9}  B wins {:.9}",
            r.win, r.draw, r.loss
        );
        println!("({how}, {elapsed_ms:.1} ms)");
        if partial {
            println!("{PARTIAL_NOTE}");
        }
    }
    run.close()
}

fn to_json(r: &CombatResult, elapsed_ms: f64) -> serde_json::Value {
    json!({
        "win": r.win,
        "draw": r.draw,
        "loss": r.loss,
        "damage_to_a": r.damage_to_a,
        "damage_to_b": r.damage_to_b,
        "survivors": r.survivors,
        "exact": r.exact,
        "states": r.states,
        "stderr": r.stderr,
        "elapsed_ms": elapsed_ms,
    })
}
