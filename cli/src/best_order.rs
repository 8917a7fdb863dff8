//! `oddsmith combat ... --best-order [--objective win|win-minus-loss|
//! damage-dealt|damage-taken|lethal] [--margin M]`: side A's best order
//! against B's board as given, instead of the odds of A's order.

use crate::long_run::{LongRun, PARTIAL_NOTE};
use crate::output::{Outcome, print_json};
use oddsmith::Error;
use oddsmith::hearthstone::combat::{
    BestOrder, BestOrderOptions, Combat, CombatOptions, Minion, Objective, best_order,
};
use serde_json::json;
use std::time::Instant;

/// `--objective`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ObjectiveArg {
    Win,
    WinMinusLoss,
    DamageDealt,
    DamageTaken,
    Lethal,
}

/// Orders listed after the best (text) or in `"top"` (JSON).
const RUNNERS_UP: usize = 5;

/// The objective `--objective` names; lethal takes A's hero health from
/// `--health-a`.
pub fn objective(arg: ObjectiveArg, health_a: Option<i32>) -> Result<Objective, Error> {
    Ok(match arg {
        ObjectiveArg::Win => Objective::Win,
        ObjectiveArg::WinMinusLoss => Objective::WinMinusLoss,
        ObjectiveArg::DamageDealt => Objective::DamageDealt,
        ObjectiveArg::DamageTaken => Objective::DamageTaken,
        ObjectiveArg::Lethal => Objective::Lethal {
            health: health_a.ok_or_else(|| {
                Error::invalid("--objective lethal needs A's hero health: give --health-a")
            })?,
        },
    })
}

/// Finds and prints side A's best order of `c`.
pub fn run(
    c: &Combat,
    combat: CombatOptions,
    (objective, margin): (Objective, Option<f64>),
    run: &LongRun,
    as_json: bool,
) -> Outcome {
    let options = BestOrderOptions {
        combat,
        objective,
        margin: margin.unwrap_or(0.0),
    };
    let started = Instant::now();
    let found = run.answer(best_order(c, &options))?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    let partial = run.partial(found.exact);
    if as_json {
        let mut value = to_json(&found, objective, elapsed_ms);
        value["partial"] = json!(partial);
        print_json(&value);
    } else {
        for line in lines(&found, objective, elapsed_ms) {
            println!("{line}");
        }
        if partial {
            println!("{PARTIAL_NOTE}");
        }
    }
    run.close()
}

/// A minion in words: its card's name (if any) and stats.
fn minion(m: &Minion) -> String {
    match m.name {
        Some(name) => format!("{name} {}/{}", m.attack, m.health),
        None => format!("{}/{}", m.attack, m.health),
    }
}

/// An order as 1-based places on the board as given.
fn places(order: &[usize]) -> String {
    let places: Vec<String> = order.iter().map(|i| (i + 1).to_string()).collect();
    places.join(" ")
}

/// A value with its error (none when exact).
fn estimate(value: f64, stderr: f64, exact: bool) -> String {
    if exact {
        format!("{value:.9}")
    } else {
        format!("{value:.5} ± {stderr:.5}")
    }
}

fn lines(found: &BestOrder, objective: Objective, elapsed_ms: f64) -> Vec<String> {
    let how = if found.exact {
        format!("exact, {} orders", found.orders)
    } else {
        format!(
            "Monte Carlo, {} orders, {} combats",
            found.orders, found.combats
        )
    };
    let board: Vec<String> = found.board.iter().map(minion).collect();
    let mut out = vec![
        format!(
            "best order for {}: {} (places on A's board as given)",
            objective.name(),
            places(&found.order)
        ),
        format!("  {}", board.join(", ")),
        format!(
            "{} {}",
            objective.name(),
            estimate(found.value, found.stderr, found.exact)
        ),
    ];
    if !found.exact {
        out.push(format!(
            "chance another order is better by more than {}: {:.3}",
            found.margin, found.p_beaten
        ));
    }
    if found.ranked.len() > 1 {
        out.push("next:".to_string());
        for r in found.ranked.iter().skip(1).take(RUNNERS_UP) {
            out.push(format!(
                "  {}  {}",
                places(&r.order),
                estimate(r.value, r.stderr, found.exact)
            ));
        }
    }
    out.push(format!("({how}, {elapsed_ms:.1} ms)"));
    out
}

fn to_json(found: &BestOrder, objective: Objective, elapsed_ms: f64) -> serde_json::Value {
    let ranked = |r: &oddsmith::hearthstone::combat::RankedOrder| json!({ "order": r.order, "value": r.value, "stderr": r.stderr, "combats": r.combats });
    json!({
        "objective": objective.name(),
        "order": found.order,
        "board": found.board.iter().map(minion).collect::<Vec<_>>(),
        "value": found.value,
        "stderr": found.stderr,
        "margin": found.margin,
        "p_beaten": found.p_beaten,
        "exact": found.exact,
        "orders": found.orders,
        "combats": found.combats,
        "top": found.ranked.iter().take(RUNNERS_UP + 1).map(ranked).collect::<Vec<_>>(),
        "elapsed_ms": elapsed_ms,
    })
}
