//! `oddsmith combat --a "4/4,3/3" --b "3/4,1/1" [--tier-a 3 --tier-b 3]
//! [--mode auto|exact|mc] [--samples N --seed S] [--time-ms MS]
//! [--max-states N] [--health-a H --health-b H] [--a-bonuses gems=1/1,...]
//! [--hand-a "Flighty Scout=5/6"] [--mate-a "5/5" --mate-tier-a 3]
//! [--json]`, or `oddsmith combat --battle STATE.json` for a whole game
//! state as Firestone's app logs it; `--best-order [--objective ...]` finds
//! side A's best order instead (`best_order.rs`).

use crate::best_order::ObjectiveArg;
use crate::long_run::{LongRun, PARTIAL_NOTE};
use crate::output::{Outcome, print_json};
use oddsmith::Error;
use oddsmith::hearthstone::combat::{
    Combat, CombatMode, CombatOptions, CombatResult, DEFAULT_SAMPLES, GameBonuses, Teammate,
    max_states_or_default, parse_board, parse_hand, samples_or_default, simulate,
};
use oddsmith::hearthstone::firestone::{
    Battle, OnUnmodelled, UnmodelledCard, battle_from_json, board_from_json,
    bonuses_from_global_info,
};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Side A's board, left to right: anonymous minions
    /// ("4/4+taunt,3/3+shield@2") or cards ("Harmless Bonehead=3/3+shield,
    /// golden Risen Rider, BG29_611").
    #[arg(long, allow_hyphen_values = true, required_unless_present_any = ["a_json", "battle"])]
    a: Option<String>,
    /// Side B's board.
    #[arg(long, allow_hyphen_values = true, required_unless_present_any = ["b_json", "battle"])]
    b: Option<String>,
    /// Side A's board from a file: a Firestone-shaped entity list,
    /// `[{"cardId": "BG25_001", "attack": 3, "health": 3, "divineShield":
    /// true, "taunt": false, ...}]` (instead of --a); a flag left out
    /// keeps the card's own, but a missing "stealth" is none, as in
    /// Firestone.
    #[arg(long, conflicts_with = "a")]
    a_json: Option<std::path::PathBuf>,
    /// Side B's board from a file, as --a-json.
    #[arg(long, conflicts_with = "b")]
    b_json: Option<std::path::PathBuf>,
    /// The whole fight from a file (`-` for stdin): a game state as
    /// Firestone's app logs it (`BgsBattleInfo` JSON), its playerBoard
    /// as side A and its opponentBoard as side B, with their tavern
    /// tiers, globalInfo and hands (instead of the boards, tiers, bonuses
    /// and hands options), and their secrets and lingering spells; Duos
    /// teammates (playerTeammateBoard, opponentTeammateBoard) fight on
    /// once their partner's board is wiped out. What is not modelled
    /// (hero powers, trinkets, quest rewards, anomalies and cards that
    /// act in combat) is left out and listed, or refused with
    /// --unmodelled refuse.
    #[arg(long, conflicts_with_all = ["a", "b", "a_json", "b_json", "a_bonuses", "b_bonuses", "tier_a", "tier_b", "hand_a", "hand_b", "mate_a", "mate_b"])]
    battle: Option<std::path::PathBuf>,
    /// With --battle: what to do with what the state holds that might
    /// act in combat but is not modelled: `refuse` (an error naming the
    /// first) or `ignore` (answer without it: minions fight with their
    /// stats and keywords; the answer is marked approximate and lists
    /// what was left out). `ignore` when not given.
    #[arg(long, value_enum)]
    unmodelled: Option<UnmodelledArg>,
    /// The minions in side A's hand, left to right, written as a board
    /// ("Flighty Scout=5/6, 3/4"; at most 10): read by the cards that act
    /// from the hand or read it (Flighty Scout, Choral Mrrrglr, Costume
    /// Enthusiast); none by default.
    #[arg(long, allow_hyphen_values = true)]
    hand_a: Option<String>,
    /// Side B's hand, as --hand-a.
    #[arg(long, allow_hyphen_values = true)]
    hand_b: Option<String>,
    /// Duos: side A's teammate's board, written as --a ("" for an empty
    /// board): its warband comes in once A's board is wiped out and fights
    /// on against B's survivors (none by default).
    #[arg(long, allow_hyphen_values = true)]
    mate_a: Option<String>,
    /// Side B's teammate's board, as --mate-a.
    #[arg(long, allow_hyphen_values = true)]
    mate_b: Option<String>,
    /// The tavern tier of A's teammate (with --mate-a).
    #[arg(long, default_value_t = 1, requires = "mate_a")]
    mate_tier_a: u32,
    /// The tavern tier of B's teammate (with --mate-b).
    #[arg(long, default_value_t = 1, requires = "mate_b")]
    mate_tier_b: u32,
    /// What earlier turns give side A's minions summoned in combat and
    /// its blood gems: "gems=2/1,undead=3/0,beasts=2/2,beetles=1/1,
    /// summoned=1/1,pirates=2,mechs=1,knights_died=3,knights=4/2,
    /// deathrattles=5,tavern_spells=4,lobsters=2" (any of them; none by
    /// default), or
    /// a Firestone `globalInfo` object, `{"BloodGemAttackBonus": 2, ...}`.
    #[arg(long, allow_hyphen_values = true)]
    a_bonuses: Option<String>,
    /// Side B's, as --a-bonuses.
    #[arg(long, allow_hyphen_values = true)]
    b_bonuses: Option<String>,
    /// Side A's tavern tier (damage to B's hero starts there).
    #[arg(long, default_value_t = 1)]
    tier_a: u32,
    #[arg(long, default_value_t = 1)]
    tier_b: u32,
    /// auto (exact when it fits the state and time budgets, else Monte
    /// Carlo with its error), exact, or mc.
    #[arg(long, value_enum, default_value_t = ModeArg::Auto)]
    mode: ModeArg,
    /// Monte Carlo (the same as --mode mc).
    #[arg(long, conflicts_with = "mode")]
    mc: bool,
    /// Monte Carlo combats (0 means the default, 1,000,000, as in C).
    #[arg(long, default_value_t = DEFAULT_SAMPLES)]
    samples: u64,
    /// Time budget in ms (0 or none given: 200 in auto mode, no limit
    /// otherwise): sampling stops with what it has, the exact engine fails
    /// past it, auto gives exact four fifths of it.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Hero A's health (with armor): prints B's chance of dealing lethal
    /// damage to A.
    #[arg(long, allow_hyphen_values = true)]
    health_a: Option<i32>,
    /// Hero B's health (with armor): prints A's chance of lethal.
    #[arg(long, allow_hyphen_values = true)]
    health_b: Option<i32>,
    /// Monte Carlo seed (0 by default, as a zeroed C options struct).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (exact and Monte Carlo; the answer does not depend
    /// on them); 0 = all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Exact engine state budget: distinct states stored (under 80 bytes
    /// of memory each); 0 means the default, 5,000,000, as in C.
    #[arg(long, default_value_t = 0)]
    max_states: u64,
    /// Also print one combat sampled (with --seed) among those ending so
    /// (A wins, a draw, B wins), attack by attack with the effects that
    /// fired; the first of up to 100,000 draws.
    #[arg(long, value_enum)]
    sample: Option<SampleArg>,
    /// Find side A's best order against B's board as given (every order of
    /// A, identical minions once; exact when every order fits the budget,
    /// else a Monte Carlo race over --samples combats in all; 1 s in auto
    /// mode unless --time-ms) instead of the odds of A's order.
    #[arg(long, conflicts_with = "sample")]
    best_order: bool,
    /// With --best-order: what the order maximises (lethal: A's hero
    /// survives, at --health-a; damage-taken is minimised). Win by default.
    #[arg(long, value_enum, requires = "best_order")]
    objective: Option<ObjectiveArg>,
    /// With --best-order: how much better another order must be to count
    /// in the chance it beats the one found (0.005 of a probability, 0.1
    /// damage, by default).
    #[arg(long, requires = "best_order")]
    margin: Option<f64>,
}

/// `--sample`: the outcome of the combat to show, from A's side.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SampleArg {
    Win,
    Draw,
    Loss,
}

/// Combats drawn at most to find one of the outcome `--sample` asks for.
const SAMPLE_TRIES: u64 = 100_000;

/// `--mode`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    Auto,
    Exact,
    Mc,
}

/// `--unmodelled`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum UnmodelledArg {
    Refuse,
    Ignore,
}

/// `--battle FILE`: the combat of a whole game state.
fn battle(path: &std::path::Path, on: UnmodelledArg) -> Result<Battle, Error> {
    let text = if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| Error::invalid(format!("--battle: cannot read stdin: {e}")))?;
        text
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| Error::invalid(format!("--battle: cannot read {}: {e}", path.display())))?
    };
    let on = match on {
        UnmodelledArg::Refuse => OnUnmodelled::Refuse,
        UnmodelledArg::Ignore => OnUnmodelled::Ignore,
    };
    battle_from_json(&text, on)
        .map_err(|e| Error::new(e.kind(), format!("--battle: {}", e.message())))
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    // Errors name the option the board came from: --a, or --a-json.
    let side = |name: &str, text: &Option<String>, file: &Option<std::path::PathBuf>| {
        let (option, board) = match file {
            Some(path) => (
                format!("--{name}-json"),
                std::fs::read_to_string(path)
                    .map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))
                    .and_then(|text| board_from_json(&text)),
            ),
            None => (
                format!("--{name}"),
                parse_board(text.as_deref().unwrap_or("")),
            ),
        };
        board.map_err(|e| Error::new(e.kind(), format!("{option}: {}", e.message())))
    };
    let bonuses = |name: &str, text: &Option<String>| {
        let text = text.as_deref().unwrap_or("");
        let parsed = if text.trim_start().starts_with('{') {
            bonuses_from_global_info(text)
        } else {
            GameBonuses::parse(text)
        };
        parsed.map_err(|e| Error::new(e.kind(), format!("--{name}-bonuses: {}", e.message())))
    };
    let hand = |name: &str, text: &Option<String>| {
        parse_hand(text.as_deref().unwrap_or(""))
            .map_err(|e| Error::new(e.kind(), format!("--hand-{name}: {}", e.message())))
    };
    let mate = |name: &str, text: &Option<String>, tier: u32| -> Result<Option<Teammate>, Error> {
        let Some(text) = text else { return Ok(None) };
        let board = if text.trim().is_empty() {
            Vec::new()
        } else {
            parse_board(text)
                .map_err(|e| Error::new(e.kind(), format!("--mate-{name}: {}", e.message())))?
        };
        Ok(Some(Teammate {
            board,
            tier,
            ..Teammate::default()
        }))
    };
    if args.unmodelled.is_some() && args.battle.is_none() {
        return Err(Error::invalid("--unmodelled is for a whole game state: give --battle").into());
    }
    let (c, unmodelled) = match &args.battle {
        Some(path) => {
            let b = battle(path, args.unmodelled.unwrap_or(UnmodelledArg::Ignore))?;
            (b.combat, b.unmodelled)
        }
        None => (
            Combat {
                a: side("a", &args.a, &args.a_json)?,
                b: side("b", &args.b, &args.b_json)?,
                tiers: [args.tier_a, args.tier_b],
                bonuses: [
                    bonuses("a", &args.a_bonuses)?,
                    bonuses("b", &args.b_bonuses)?,
                ],
                heroes: Default::default(),
                hands: [hand("a", &args.hand_a)?, hand("b", &args.hand_b)?],
                teammates: [
                    mate("a", &args.mate_a, args.mate_tier_a)?,
                    mate("b", &args.mate_b, args.mate_tier_b)?,
                ],
            },
            Vec::new(),
        ),
    };
    oddsmith::parallel::check_threads(args.threads)?;
    let run = LongRun::start("combat");
    let mode = match (args.mc, args.mode) {
        (true, _) | (_, ModeArg::Mc) => CombatMode::MonteCarlo,
        (_, ModeArg::Exact) => CombatMode::Exact,
        (_, ModeArg::Auto) => CombatMode::Auto,
    };
    for (name, health) in [("--health-a", args.health_a), ("--health-b", args.health_b)] {
        if health.is_some_and(|h| h <= 0) {
            return Err(Error::invalid(format!("{name} must be at least 1")).into());
        }
    }
    let options = CombatOptions {
        mode,
        // 0 is none given: the engine's one rule, as in C.
        max_states: max_states_or_default(args.max_states),
        samples: samples_or_default(args.samples),
        time_budget: oddsmith::budget::given_ms(args.time_ms),
        seed: args.seed,
        threads: args.threads,
        control: run.control(),
    };
    if args.best_order {
        let objective = crate::best_order::objective(
            args.objective.unwrap_or(ObjectiveArg::Win),
            args.health_a,
        )?;
        return crate::best_order::run(&c, options, (objective, args.margin), &run, as_json);
    }
    let started = Instant::now();
    let r = run.answer(simulate(&c, &options))?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    let partial = run.partial(r.exact);
    let lethal_to_a = args.health_a.map(|h| r.lethal_to_a(h));
    let lethal_to_b = args.health_b.map(|h| r.lethal_to_b(h));
    let sample = match args.sample {
        Some(wanted) => Some(sample_lines(&c, wanted, args.seed)?),
        None => None,
    };
    if as_json {
        let mut value = to_json(&r, elapsed_ms);
        value["partial"] = json!(partial);
        if let Some(p) = lethal_to_a {
            value["lethal_to_a"] = json!(p);
        }
        if let Some(p) = lethal_to_b {
            value["lethal_to_b"] = json!(p);
        }
        if let Some(lines) = &sample {
            value["sample"] = json!(lines);
        }
        if args.battle.is_some() {
            value["approximate"] = json!(!unmodelled.is_empty());
            value["unmodelled"] = unmodelled_json(&unmodelled);
        }
        print_json(&value);
    } else {
        if !unmodelled.is_empty() {
            println!("{}", approximate_line(&unmodelled));
        }
        let how = if r.exact {
            format!("exact, {} states", r.states)
        } else {
            format!("Monte Carlo, {} samples, stderr {:.5}", r.states, r.stderr)
        };
        println!(
            "A wins {:.9}  draw {:.9}  B wins {:.9}",
            r.win, r.draw, r.loss
        );
        if let Some(p) = lethal_to_b {
            println!("A deals lethal to B {p:.9}");
        }
        if let Some(p) = lethal_to_a {
            println!("B deals lethal to A {p:.9}");
        }
        println!("({how}, {elapsed_ms:.1} ms)");
        if partial {
            println!("{PARTIAL_NOTE}");
        }
        if let Some(lines) = &sample {
            println!();
            for line in lines {
                println!("{line}");
            }
        }
    }
    run.close()
}

/// The first line of an approximate answer: what was left out.
fn approximate_line(unmodelled: &[UnmodelledCard]) -> String {
    let items: Vec<String> = unmodelled
        .iter()
        .map(|u| {
            let name = u.name.map_or(String::new(), |n| format!("{n} "));
            format!("{name}({}, {} at {})", u.id, u.place.name(), u.path)
        })
        .collect();
    format!(
        "approximate: {} not modelled, left out: {}",
        items.len(),
        items.join("; ")
    )
}

/// `unmodelled` as JSON: each card's id, name, place, path and reason.
fn unmodelled_json(unmodelled: &[UnmodelledCard]) -> serde_json::Value {
    unmodelled
        .iter()
        .map(|u| {
            json!({
                "id": u.id,
                "name": u.name,
                "place": u.place.name(),
                "path": u.path,
                "reason": u.reason,
            })
        })
        .collect()
}

/// The lines of one sampled combat ending as `wanted` says; a line saying
/// none was found when the outcome is too rare (or impossible).
fn sample_lines(c: &Combat, wanted: SampleArg, seed: u64) -> Result<Vec<String>, Error> {
    use oddsmith::hearthstone::combat::Outcome as End;
    let accepts = |o: End| match wanted {
        SampleArg::Win => matches!(o, End::AWins(_)),
        SampleArg::Draw => o == End::Draw,
        SampleArg::Loss => matches!(o, End::BWins(_)),
    };
    let trace =
        oddsmith::hearthstone::combat::trace::sample_combat(c, accepts, seed, SAMPLE_TRIES)?;
    Ok(match trace {
        Some(t) => t.lines(),
        None => vec![format!(
            "no combat of {SAMPLE_TRIES} sampled ended so (the outcome is rare or impossible)"
        )],
    })
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
