//! Hearthstone: split damage and Battlegrounds combat.

use crate::errors::{InvalidArgument, OrRaise, about, to_py};
use crate::interrupt;
use oddsmith::hearthstone::combat::{
    BestOrderOptions, Combat, CombatMode, CombatOptions, GameBonuses, Minion, Objective,
    best_order as find_best_order, max_states_or_default, parse_board, samples_or_default,
    simulate,
};
use oddsmith::hearthstone::firestone::{
    CardRef, EntityFlags, OnUnmodelled, UnmodelledCard, battle_from_json, minion_of_entity,
};
use oddsmith::hearthstone::model::BOARD_SIZE;
use oddsmith::hearthstone::split_damage::{
    Query, Target, max_work_or_default, split_damage_controlled,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::time::Instant;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(split_damage, m)?)?;
    m.add_function(wrap_pyfunction!(combat, m)?)?;
    m.add_function(wrap_pyfunction!(combat_battle, m)?)?;
    m.add_function(wrap_pyfunction!(best_order, m)?)?;
    Ok(())
}

#[pyfunction]
fn split_damage<'py>(
    py: Python<'py>,
    health: Vec<u32>,
    hits: u32,
    shields: Vec<bool>,
    heroes: Vec<(u32, u32)>,
    all_dead: Option<Vec<usize>>,
    max_work: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    if shields.len() != health.len() {
        return Err(InvalidArgument::new_err(format!(
            "{} shields for {} minions: one per minion",
            shields.len(),
            health.len()
        )));
    }
    let mut targets: Vec<Target> = health
        .iter()
        .zip(&shields)
        .map(|(&health, &shield)| Target {
            health,
            shield,
            hero: false,
        })
        .collect();
    targets.extend(
        heroes
            .iter()
            .map(|&(health, armor)| Target::hero(health, armor)),
    );
    let mut query = Query {
        all_dead,
        ..Query::default()
    };
    // None or 0 is none given: the engine's one rule, as in C.
    query.max_work = max_work_or_default(max_work.unwrap_or(0));
    let (answer, elapsed) = interrupt::run(py, move |control| {
        let started = Instant::now();
        (
            split_damage_controlled(&targets, hits, &query, control),
            started.elapsed(),
        )
    })?;
    let a = answer.or_raise()?;
    let d = PyDict::new(py);
    d.set_item("kill", a.kill)?;
    d.set_item("remaining", a.remaining)?;
    d.set_item("shield_kept", a.shield_kept)?;
    d.set_item("kills_distribution", a.kills_distribution)?;
    d.set_item("all_dead", a.all_dead)?;
    d.set_item("hero_or_all_dead", a.hero_or_all_dead)?;
    d.set_item("expected_shield_hits", a.expected_shield_hits)?;
    d.set_item("expected_wasted_hits", a.expected_wasted_hits)?;
    d.set_item("work", a.work)?;
    d.set_item("elapsed_ms", elapsed.as_secs_f64() * 1e3)?;
    Ok(d)
}

/// One minion given as (card id, dbfId or name, attack, health, keyword
/// overrides: taunt, divine shield, poisonous, venomous, windfury, reborn,
/// stealth; script numbers: Firestone's `scriptDataNum1..4`).
type Entity = (String, u16, u16, [Option<bool>; 7], [Option<i32>; 4]);

/// A board: CLI notation ("3/2+taunt, Harmless Bonehead"), or a list whose
/// items are notation strings or entities.
fn board_of(side: &str, board: &Bound<'_, PyAny>) -> PyResult<Vec<Minion>> {
    let at = |e: oddsmith::Error| to_py(about(side, e));
    if let Ok(text) = board.cast::<PyString>() {
        return parse_board(&text.to_cow()?).map_err(at);
    }
    let mut minions = Vec::new();
    for (i, item) in board.try_iter()?.enumerate() {
        let item = item?;
        let minion_at = |e: oddsmith::Error| at(about(&format!("minion {}", i + 1), e));
        if let Ok(text) = item.cast::<PyString>() {
            minions.extend(parse_board(&text.to_cow()?).map_err(minion_at)?);
        } else {
            let (card, attack, health, f, script_data): Entity = item.extract().map_err(|_| {
                InvalidArgument::new_err(format!(
                    "{side}: minion {} must be notation text or a dict with a card, attack and health",
                    i + 1
                ))
            })?;
            let flags = EntityFlags {
                taunt: f[0],
                divine_shield: f[1],
                poisonous: f[2],
                venomous: f[3],
                windfury: f[4],
                cleave: None,
                reborn: f[5],
                stealth: f[6],
                script_data,
            };
            minions.push(
                minion_of_entity(CardRef::Text(&card), attack, health, &flags)
                    .map_err(minion_at)?,
            );
        }
    }
    if minions.len() > BOARD_SIZE {
        return Err(InvalidArgument::new_err(format!(
            "{side}: {} minions; a board holds at most {BOARD_SIZE}",
            minions.len()
        )));
    }
    Ok(minions)
}

/// The combat of two boards given as Python lists, their tiers and
/// bonuses (`combat` and `best_order` take the same arguments).
fn combat_of(
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    tiers: (u32, u32),
    bonuses: &(String, String),
) -> PyResult<Combat> {
    let bonuses_of = |side: &str, text: &str| {
        GameBonuses::parse(text)
            .map_err(|e| InvalidArgument::new_err(format!("bonuses_{side}: {}", e.message())))
    };
    Ok(Combat {
        a: board_of("a", a)?,
        b: board_of("b", b)?,
        tiers: [tiers.0, tiers.1],
        bonuses: [bonuses_of("a", &bonuses.0)?, bonuses_of("b", &bonuses.1)?],
        heroes: Default::default(),
        hands: Default::default(),
        teammates: Default::default(),
    })
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn combat<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    tiers: (u32, u32),
    mode: &str,
    samples: u64,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
    max_states: Option<u64>,
    health: (Option<i32>, Option<i32>),
    bonuses: (String, String),
) -> PyResult<Bound<'py, PyDict>> {
    let c = combat_of(a, b, tiers, &bonuses)?;
    run_combat(
        py,
        c,
        &[],
        mode,
        samples,
        time_ms,
        seed,
        threads,
        max_states,
        health,
    )
}

/// A whole Firestone game state (`BgsBattleInfo` JSON text): side A is the
/// player's board, side B the opponent's, with their tiers, game bonuses,
/// hands, secrets and Duos teammates; what is not modelled ignored and
/// listed or refused (`unmodelled`: "ignore" or "refuse"); the budget as
/// for `combat`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn combat_battle<'py>(
    py: Python<'py>,
    state: &str,
    unmodelled: &str,
    mode: &str,
    samples: u64,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
    max_states: Option<u64>,
    health: (Option<i32>, Option<i32>),
) -> PyResult<Bound<'py, PyDict>> {
    let on_unmodelled = OnUnmodelled::from_name(unmodelled).map_err(to_py)?;
    let battle = battle_from_json(state, on_unmodelled).map_err(to_py)?;
    run_combat(
        py,
        battle.combat,
        &battle.unmodelled,
        mode,
        samples,
        time_ms,
        seed,
        threads,
        max_states,
        health,
    )
}

/// The engine's options of the budget arguments every combat entry takes.
fn combat_options(
    mode: &str,
    samples: u64,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
    max_states: Option<u64>,
) -> PyResult<CombatOptions> {
    let mode = match mode {
        "auto" => CombatMode::Auto,
        "exact" => CombatMode::Exact,
        "mc" | "montecarlo" | "monte_carlo" => CombatMode::MonteCarlo,
        other => {
            return Err(InvalidArgument::new_err(format!(
                "mode '{other}': use 'auto', 'exact' or 'mc'"
            )));
        }
    };
    Ok(CombatOptions {
        mode,
        // None or 0 is none given: the engine's one rule, as in C.
        max_states: max_states_or_default(max_states.unwrap_or(0)),
        samples: samples_or_default(samples),
        time_budget: oddsmith::budget::given_ms(time_ms),
        seed,
        threads,
        ..CombatOptions::default()
    })
}

/// Fights `c` under the budget arguments every combat entry takes, the
/// GIL released; the result dict, with the lethal chances for the heroes'
/// `health` given and `unmodelled`, what the reading left out.
#[allow(clippy::too_many_arguments)]
fn run_combat<'py>(
    py: Python<'py>,
    c: Combat,
    unmodelled: &[UnmodelledCard],
    mode: &str,
    samples: u64,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
    max_states: Option<u64>,
    health: (Option<i32>, Option<i32>),
) -> PyResult<Bound<'py, PyDict>> {
    for (name, h) in [("health_a", health.0), ("health_b", health.1)] {
        if h.is_some_and(|h| h <= 0) {
            return Err(InvalidArgument::new_err(format!(
                "{name} must be at least 1"
            )));
        }
    }
    let mut options = combat_options(mode, samples, time_ms, seed, threads, max_states)?;
    let (r, elapsed) = interrupt::run(py, move |control| {
        options.control = control.clone();
        let started = Instant::now();
        (simulate(&c, &options), started.elapsed())
    })?;
    let r = r.or_raise()?;
    let d = PyDict::new(py);
    d.set_item("win", r.win)?;
    d.set_item("draw", r.draw)?;
    d.set_item("loss", r.loss)?;
    d.set_item("damage_to_a", &r.damage_to_a)?;
    d.set_item("damage_to_b", &r.damage_to_b)?;
    d.set_item("survivors", r.survivors)?;
    d.set_item("exact", r.exact)?;
    d.set_item("states", r.states)?;
    d.set_item("std_error", r.stderr)?;
    d.set_item("lethal_to_a", health.0.map(|h| r.lethal_to_a(h)))?;
    d.set_item("lethal_to_b", health.1.map(|h| r.lethal_to_b(h)))?;
    d.set_item("elapsed_ms", elapsed.as_secs_f64() * 1e3)?;
    d.set_item("approximate", !unmodelled.is_empty())?;
    let left_out = unmodelled
        .iter()
        .map(|card| {
            let item = PyDict::new(py);
            item.set_item("id", &card.id)?;
            item.set_item("name", card.name)?;
            item.set_item("place", card.place.name())?;
            item.set_item("path", &card.path)?;
            item.set_item("reason", &card.reason)?;
            Ok(item)
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("unmodelled", left_out)?;
    Ok(d)
}

/// The objective the CLI's `--objective` names ("win", "win-minus-loss",
/// "damage-dealt", "damage-taken", "lethal"; underscores for hyphens too),
/// lethal at A's hero `health_a`.
fn objective_of(name: &str, health_a: Option<i32>) -> PyResult<Objective> {
    Ok(match name.replace('_', "-").as_str() {
        "win" => Objective::Win,
        "win-minus-loss" => Objective::WinMinusLoss,
        "damage-dealt" => Objective::DamageDealt,
        "damage-taken" => Objective::DamageTaken,
        "lethal" => Objective::Lethal {
            health: health_a.ok_or_else(|| {
                InvalidArgument::new_err("objective 'lethal' needs A's hero health: give health_a")
            })?,
        },
        other => {
            return Err(InvalidArgument::new_err(format!(
                "objective '{other}': use 'win', 'win-minus-loss', 'damage-dealt', \
                 'damage-taken' or 'lethal'"
            )));
        }
    })
}

/// Orders listed in `top`: the best and the five after it, as the CLI's
/// JSON.
const TOP_ORDERS: usize = 6;

/// Side A's best order against B's board as given (the CLI's
/// `--best-order`), the GIL released.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn best_order<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    tiers: (u32, u32),
    objective: &str,
    margin: Option<f64>,
    mode: &str,
    samples: u64,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
    max_states: Option<u64>,
    health_a: Option<i32>,
    bonuses: (String, String),
) -> PyResult<Bound<'py, PyDict>> {
    let c = combat_of(a, b, tiers, &bonuses)?;
    let objective = objective_of(objective, health_a)?;
    let mut options = BestOrderOptions {
        combat: combat_options(mode, samples, time_ms, seed, threads, max_states)?,
        objective,
        // None or 0 is none given: the objective's default margin.
        margin: margin.unwrap_or(0.0),
    };
    let (found, elapsed) = interrupt::run(py, move |control| {
        options.combat.control = control.clone();
        let started = Instant::now();
        (find_best_order(&c, &options), started.elapsed())
    })?;
    let found = found.or_raise()?;
    let d = PyDict::new(py);
    d.set_item("objective", objective.name())?;
    d.set_item("order", &found.order)?;
    let board: Vec<String> = found
        .board
        .iter()
        .map(|m| match m.name {
            Some(name) => format!("{name} {}/{}", m.attack, m.health),
            None => format!("{}/{}", m.attack, m.health),
        })
        .collect();
    d.set_item("board", board)?;
    d.set_item("value", found.value)?;
    d.set_item("std_error", found.stderr)?;
    d.set_item("margin", found.margin)?;
    d.set_item("p_beaten", found.p_beaten)?;
    d.set_item("exact", found.exact)?;
    d.set_item("orders", found.orders)?;
    d.set_item("combats", found.combats)?;
    let top = found
        .ranked
        .iter()
        .take(TOP_ORDERS)
        .map(|r| {
            let item = PyDict::new(py);
            item.set_item("order", &r.order)?;
            item.set_item("value", r.value)?;
            item.set_item("std_error", r.stderr)?;
            item.set_item("combats", r.combats)?;
            Ok(item)
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("top", top)?;
    d.set_item("elapsed_ms", elapsed.as_secs_f64() * 1e3)?;
    Ok(d)
}
