//! `oddsmith combat --a "4/4,3/3" --b "3/4,1/1" [--tier-a 3 --tier-b 3]
//! [--mode auto|exact|mc] [--samples N --seed S] [--time-ms MS]
//! [--max-states N] [--health-a H --health-b H] [--a-bonuses gems=1/1,...]
//! [--json]`.

use crate::long_run::{LongRun, PARTIAL_NOTE};
use crate::output::{Outcome, print_json};
use oddsmith::Error;
use oddsmith::hearthstone::cards::{EntityFlags, minion_of_entity};
use oddsmith::hearthstone::combat::{
    Combat, CombatMode, CombatOptions, CombatResult, DEFAULT_SAMPLES, GameBonuses, MAX_GAME_BONUS,
    Minion, max_states_or_default, parse_board, samples_or_default, simulate,
};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Side A's board, left to right: anonymous minions
    /// ("4/4+taunt,3/3+shield@2") or cards ("Harmless Bonehead=3/3+shield,
    /// golden Risen Rider, BG29_611").
    #[arg(long, allow_hyphen_values = true, required_unless_present = "a_json")]
    a: Option<String>,
    /// Side B's board.
    #[arg(long, allow_hyphen_values = true, required_unless_present = "b_json")]
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
    #[arg(long, default_value_t = 1)]
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
    let c = Combat {
        a: side("a", &args.a, &args.a_json)?,
        b: side("b", &args.b, &args.b_json)?,
        tiers: [args.tier_a, args.tier_b],
        bonuses: [
            bonuses("a", &args.a_bonuses)?,
            bonuses("b", &args.b_bonuses)?,
        ],
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

/// A board from a Firestone-shaped entity list (`cardId` or `dbfId`,
/// `attack`, `health`, and the keyword flags `taunt`, `divineShield`,
/// `poisonous`, `venomous`, `windfury`, `reborn`, `stealth`; a flag left out keeps the
/// card's own, except `stealth`: left out, it is off, as Firestone reads
/// such a list).
pub fn board_from_json(text: &str) -> Result<Vec<Minion>, Error> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(format!("the board is not JSON: {e}")))?;
    let list = value
        .as_array()
        .ok_or_else(|| Error::parse("the board must be a JSON list of minions"))?;
    if list.len() > oddsmith::hearthstone::model::BOARD_SIZE {
        return Err(Error::invalid(format!(
            "{} minions; a board holds at most 7",
            list.len()
        )));
    }
    list.iter()
        .enumerate()
        .map(|(i, m)| {
            let at = |e: Error| Error::new(e.kind(), format!("minion {}: {}", i + 1, e.message()));
            let id = match (m.get("cardId"), m.get("dbfId")) {
                (Some(serde_json::Value::String(id)), _) => id.clone(),
                (_, Some(dbf)) if dbf.is_u64() => dbf.to_string(),
                _ => return Err(at(Error::parse("give a cardId (text) or a dbfId (number)"))),
            };
            let stat = |key: &str| -> Result<u16, Error> {
                let value = m
                    .get(key)
                    .ok_or_else(|| at(Error::parse(format!("'{key}' is missing"))))?;
                value
                    .as_u64()
                    .and_then(|v| u16::try_from(v).ok())
                    .ok_or_else(|| at(Error::parse(format!("'{key}' must be a number 0 to 65535"))))
            };
            let flag = |key: &str| -> Result<Option<bool>, Error> {
                match m.get(key) {
                    None | Some(serde_json::Value::Null) => Ok(None),
                    Some(serde_json::Value::Bool(b)) => Ok(Some(*b)),
                    Some(_) => Err(at(Error::parse(format!("'{key}' must be true or false")))),
                }
            };
            // A script number: absent or null is none.
            let script = |key: &str| -> Result<Option<i32>, Error> {
                match m.get(key) {
                    None | Some(serde_json::Value::Null) => Ok(None),
                    Some(v) => v
                        .as_i64()
                        .and_then(|n| i32::try_from(n).ok())
                        .map(Some)
                        .ok_or_else(|| at(Error::parse(format!("'{key}' must be a whole number")))),
                }
            };
            let flags = EntityFlags {
                taunt: flag("taunt")?,
                divine_shield: flag("divineShield")?,
                poisonous: flag("poisonous")?,
                venomous: flag("venomous")?,
                windfury: flag("windfury")?,
                reborn: flag("reborn")?,
                // Not in the entity lists of the issue (nor Firestone's
                // defaults): Firestone reads a missing `stealth` as none,
                // so the same list gives the same combat in both.
                stealth: Some(flag("stealth")?.unwrap_or(false)),
                script_data: [
                    script("scriptDataNum1")?,
                    script("scriptDataNum2")?,
                    script("scriptDataNum3")?,
                    script("scriptDataNum4")?,
                ],
            };
            minion_of_entity(&id, stat("attack")?, stat("health")?, &flags).map_err(at)
        })
        .collect()
}

/// A side's bonuses from earlier turns from a Firestone hero's
/// `globalInfo` object: the counters combat reads (see `GameBonuses`);
/// the others, which only the tavern reads, are ignored.
pub fn bonuses_from_global_info(text: &str) -> Result<GameBonuses, Error> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(format!("the globalInfo is not JSON: {e}")))?;
    let info = value
        .as_object()
        .ok_or_else(|| Error::parse("the globalInfo must be a JSON object"))?;
    let get = |key: &str| -> Result<u16, Error> {
        match info.get(key) {
            None | Some(serde_json::Value::Null) => Ok(0),
            Some(v) => v
                .as_u64()
                .and_then(|v| u16::try_from(v).ok())
                .filter(|&v| v <= MAX_GAME_BONUS)
                .ok_or_else(|| {
                    Error::invalid(format!("'{key}' must be a number 0 to {MAX_GAME_BONUS}"))
                }),
        }
    };
    let pair = |a: &str, h: &str| -> Result<[u16; 2], Error> { Ok([get(a)?, get(h)?]) };
    Ok(GameBonuses {
        blood_gem: pair("BloodGemAttackBonus", "BloodGemHealthBonus")?,
        summoned: pair("HauntedCarapaceAttackBonus", "HauntedCarapaceHealthBonus")?,
        undead: pair("UndeadAttackBonus", "UndeadHealthBonus")?,
        beasts: pair("GoldrinnBuffAtk", "GoldrinnBuffHealth")?,
        beetles: pair("BeetleAttackBuff", "BeetleHealthBuff")?,
        pirate_attack: get("PirateAttackBonus")?,
        mech_attack: get("MechAttackBonus")?,
        knights_died: get("EternalKnightsDeadThisGame")?,
        knights: pair("EternalKnightAttackBuff", "EternalKnightHealthBuff")?,
        deathrattles: get("DeathrattlesTriggeredThisGame")?,
        tavern_spells: get("TavernSpellsCastThisGame")?,
        lobsters: get("TastyLobstersBuff")?,
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

#[cfg(test)]
mod tests {
    use super::*;
    use oddsmith::hearthstone::model::{SHIELD, STEALTH, TAUNT};

    /// A `globalInfo` object gives the counters combat reads, by
    /// Firestone's names; the tavern's are ignored, bad values refused.
    #[test]
    fn global_info_gives_the_bonuses_combat_reads() {
        let b = bonuses_from_global_info(
            r#"{"BloodGemAttackBonus": 2, "BloodGemHealthBonus": 1, "UndeadAttackBonus": 3,
                "GoldrinnBuffAtk": 4, "GoldrinnBuffHealth": 5, "BeetleAttackBuff": 1,
                "HauntedCarapaceHealthBonus": 2, "PirateAttackBonus": 6, "MechAttackBonus": 7,
                "EternalKnightsDeadThisGame": 5, "EternalKnightHealthBuff": 2,
                "TavernSpellsCastThisGame": 12, "DeathrattlesTriggeredThisGame": 9,
                "TastyLobstersBuff": 3, "WhelpAttackBuff": 3}"#,
        )
        .unwrap();
        assert_eq!(b.blood_gem, [2, 1]);
        assert_eq!(b.undead, [3, 0]);
        assert_eq!(b.beasts, [4, 5]);
        assert_eq!(b.beetles, [1, 0]);
        assert_eq!(b.summoned, [0, 2]);
        assert_eq!((b.pirate_attack, b.mech_attack), (6, 7));
        assert_eq!((b.knights_died, b.knights), (5, [0, 2]));
        assert_eq!((b.deathrattles, b.tavern_spells), (9, 12));
        assert_eq!(b.lobsters, 3);
        assert!(bonuses_from_global_info("{}").unwrap().is_none());
        for bad in [
            "[]",
            "{",
            r#"{"UndeadAttackBonus": -1}"#,
            r#"{"BeetleAttackBuff": 5000}"#,
        ] {
            assert!(bonuses_from_global_info(bad).is_err(), "{bad}");
        }
    }

    /// An entity list means what Firestone makes of it: a missing
    /// `stealth` is none (Heroic Underdog's own included); other missing
    /// flags keep the card's own.
    #[test]
    fn json_boards_read_stealth_as_firestone_does() {
        let board = |text: &str| board_from_json(text).unwrap()[0].keywords;
        let underdog = r#"[{"cardId": "BG34_604", "attack": 1, "health": 10}]"#;
        assert_eq!(board(underdog) & STEALTH, 0);
        let hidden = r#"[{"cardId": "BG34_604", "attack": 1, "health": 10, "stealth": true}]"#;
        assert_ne!(board(hidden) & STEALTH, 0);
        // Cord Puller's own divine shield stays when the flag is left out.
        let cord = r#"[{"cardId": "BG29_611", "attack": 1, "health": 1}]"#;
        assert_ne!(board(cord) & SHIELD, 0);
        let plain = r#"[{"cardId": "BG29_611", "attack": 1, "health": 1, "taunt": true}]"#;
        assert_ne!(board(plain) & TAUNT, 0);
    }

    /// `scriptDataNum1` to `4` reach the cards that read them (the
    /// engine's reading: oddsmith::hearthstone::cards tests); null is none.
    #[test]
    fn json_boards_carry_script_numbers() {
        use oddsmith::hearthstone::model::Action;
        let gift = |text: &str| match board_from_json(text).unwrap()[0].effects[0].action {
            Action::Buff { attack, health, .. } => (attack, health),
            other => panic!("{other:?}"),
        };
        let hope = |data: &str| {
            gift(&format!(
                r#"[{{"cardId": "BG36_364", "attack": 4, "health": 3{data}}}]"#
            ))
        };
        assert_eq!(hope(""), (3, 3));
        assert_eq!(
            hope(r#", "scriptDataNum1": 9, "scriptDataNum2": 6"#),
            (9, 6)
        );
        assert_eq!(hope(r#", "scriptDataNum1": null"#), (3, 3));
        for bad in [r#", "scriptDataNum1": "9""#, r#", "scriptDataNum2": 1.5"#] {
            let text = format!(r#"[{{"cardId": "BG36_364", "attack": 4, "health": 3{bad}}}]"#);
            assert!(board_from_json(&text).is_err(), "{bad}");
        }
    }
}
