//! `oddsmith split-damage --health 1,2,3 --hits 3 [--shield 0,1,0]
//! [--hero 30] [--armor 5] [--all-dead 0,2] [--json]`.

use crate::output::{Failure, Outcome, print_json};
use oddsmith::hearthstone::split_damage::{
    Query, SplitDamage, Target, max_work_or_default, parse_numbers, parse_targets, split_damage,
};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Minion healths, left to right: "1,2,3".
    #[arg(long)]
    health: String,
    /// Number of 1-damage hits.
    #[arg(long)]
    hits: u32,
    /// Divine shields per minion, 0 or 1: "0,1,0" (default: none).
    #[arg(long)]
    shield: Option<String>,
    /// Hero healths, placed after the minions: "30" or "30,25".
    #[arg(long)]
    hero: Option<String>,
    /// Armor per hero, added to its health: "5" or "5,0".
    #[arg(long)]
    armor: Option<String>,
    /// Targets of the "all dead" question, counting from 1 in output order
    /// (minions, then heroes): "1,3"; default: every minion.
    #[arg(long)]
    all_dead: Option<String>,
    /// Work budget (polynomial term updates, an upper bound; about 1e9 a
    /// second here); 0 means the default, 6e9.
    #[arg(long, default_value_t = 0)]
    max_work: u64,
}

/// The library's list parsers (`split_damage::parse_targets`), their
/// errors naming the option at fault.
fn flagged<T>(parsed: oddsmith::Result<T>) -> Result<T, Failure> {
    parsed.map_err(|e| Failure::BadInput(format!("--{}", e.message())))
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    let targets = flagged(parse_targets(
        &args.health,
        args.shield.as_deref(),
        args.hero.as_deref(),
        args.armor.as_deref(),
    ))?;
    let mut query = Query::default();
    if let Some(list) = &args.all_dead {
        let numbers = flagged(parse_numbers("all-dead", list))?;
        if numbers.contains(&0) {
            return Err(Failure::BadInput("--all-dead: targets count from 1".into()));
        }
        query.all_dead = Some(numbers.into_iter().map(|n| n as usize - 1).collect());
    }
    query.max_work = max_work_or_default(args.max_work);
    let started = Instant::now();
    let answer = split_damage(&targets, args.hits, &query)?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    if as_json {
        print_json(&to_json(&targets, &answer, elapsed_ms));
    } else {
        print_text(&targets, args.hits, &answer, elapsed_ms);
    }
    Ok(())
}

fn to_json(targets: &[Target], a: &SplitDamage, elapsed_ms: f64) -> serde_json::Value {
    let described: Vec<_> = targets
        .iter()
        .map(|t| json!({ "health": t.health, "shield": t.shield, "hero": t.hero }))
        .collect();
    json!({
        "targets": described,
        "kill": a.kill,
        "remaining": a.remaining,
        "shield_kept": a.shield_kept,
        "kills_distribution": a.kills_distribution,
        "all_dead": a.all_dead,
        "hero_or_all_dead": a.hero_or_all_dead,
        "expected_shield_hits": a.expected_shield_hits,
        "expected_wasted_hits": a.expected_wasted_hits,
        "exact": true,
        "elapsed_ms": elapsed_ms,
    })
}

fn print_text(targets: &[Target], hits: u32, a: &SplitDamage, elapsed_ms: f64) {
    println!(
        "{hits} hits on {} targets (exact, {elapsed_ms:.2} ms)",
        targets.len()
    );
    println!("{:<4} {:<14} {:>10}", "#", "target", "P(dies)");
    // Targets count from 1, in the order given; each is named by its
    // health ("minion 5": a minion with 5 health).
    for (i, (t, p)) in targets.iter().zip(&a.kill).enumerate() {
        let kind = if t.hero { "hero" } else { "minion" };
        let shield = if t.shield { "+shield" } else { "" };
        println!(
            "{:<4} {:<14} {p:>10.7}",
            i + 1,
            format!("{kind} {}{shield}", t.health)
        );
    }
    let dist: Vec<String> = a
        .kills_distribution
        .iter()
        .map(|p| format!("{p:.7}"))
        .collect();
    println!("minions killed 0..: {}", dist.join(" "));
    println!("all listed dead: {:.7}", a.all_dead);
    if let Some(p) = a.hero_or_all_dead {
        println!("hero or all listed dead: {p:.7}");
    }
    println!(
        "expected hits on shields: {:.7}; wasted: {:.7}",
        a.expected_shield_hits, a.expected_wasted_hits
    );
}
