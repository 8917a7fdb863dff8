//! Battlegrounds combat on game states from real games, as Firestone's
//! app exports them (`../shared/bg-states/recent/`: 207 states from
//! September 2024 to March 2026; never copied into the repository).
//!
//! Each state is read whole (`firestone::combat_from_battle_json`) after
//! stripping what the combat engine does not model yet and the issue
//! about the whole game state will add: hero powers, trinkets, quest
//! rewards and anomalies (`strip`; `scripts/firestone/real_states.js`
//! strips the same for Firestone's references). A stripped state is
//! answered when every minion on both boards (and the Duos teammates')
//! is modelled and nothing else is refused (the secrets and spells not
//! modelled yet; stripped states keep their secrets).
//!
//! The share answered may only grow: `ANSWERED_AT_LEAST` is the count
//! reached so far (raise it as cards are modelled); the test prints what
//! refuses the others, most frequent first.
//!
//! Each state is also read whole, not stripped: it is answered whole when
//! nothing in it is refused, its hero powers, trinkets, quest rewards and
//! anomalies acting only outside combat (`cards::POWERS`) skipped, those
//! the reader plays (Swatting Insects, Reborn Rites) played. On
//! `recent/`, Firestone's answer on the whole state (`mode` `full`, 4,000
//! combats) must agree with it: what is skipped does nothing in
//! Firestone's combat either, and what is played is played alike.
//! `WHOLE_ANSWERED_AT_LEAST` is the count of states answered whole.
//! Every hero power, trinket, quest, quest reward and anomaly of the
//! states has its row in `cards::POWERS` (a new one fails the test until
//! it is classified).
//!
//! Every state answered is compared with Firestone's answer on the same
//! stripped state (`tests/data/bg_real_states_firestone.json`, made by
//! `scripts/firestone/real_states.js`, 10,000 combats each): win, draw,
//! loss and each side's mean damage within 4 standard errors. A state
//! where Firestone itself failed (a card its data lacks) is not compared,
//! nor one holding a card that acts in combat and that only an older
//! release of the card data holds (Firestone 1.1.755 implements none of
//! the cards the data dropped: it plays them as plain minions). Where
//! the reference also holds Firestone's answer under oddsmith's one
//! deliberate rules difference (`firestone_own_marks`, a token's round
//! mark; `real_states.js --own-marks`), that answer is the one compared.

mod support;

use oddsmith::budget::Control;
use oddsmith::hearthstone::cards;
use oddsmith::hearthstone::combat::{Combat, CombatResult, combat_exact, combat_monte_carlo};
use oddsmith::hearthstone::firestone::{
    OnUnmodelled, Place, battle_from_json, combat_from_battle_json,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use support::compare::{Bins, compare};

const REFERENCES: &str = include_str!("data/bg_real_states_firestone.json");

/// Stripped states of `recent/` answered so far (of 207).
const ANSWERED_AT_LEAST: usize = 68;

/// Stripped states of `older/` answered so far (of 445).
const OLDER_ANSWERED_AT_LEAST: usize = 164;

/// States of `recent/` answered whole so far (nothing refused).
const WHOLE_ANSWERED_AT_LEAST: usize = 38;

/// States of `older/` answered whole so far.
const OLDER_WHOLE_ANSWERED_AT_LEAST: usize = 115;

/// Whole states of both folders (of 652) answered ignoring what is not
/// modelled. The other 4 hold values past the engine's limits: a minion
/// with 2,147,483,647 health or attack (3), a game bonus over 1000 (1).
const ANSWERED_IGNORING_AT_LEAST: usize = 648;

/// States of `older/` where Firestone's answer differs for a reason the
/// docs give (docs/src/battlegrounds-firestone.md, "Known differences on
/// real states"), not compared.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    (
        "2021-02-06_01d9a97f_game3.json",
        "Firestone gives a Southsea Captain's aura again to captains whose stats hold it (NEW1_027e)",
    ),
    (
        "2020-07-25_2cc6aab7_game3.json",
        "not explained yet: Brann, Cave Hydra and Selfless Hero by classic ids beside a golden Warleader",
    ),
];

fn states_dir(folder: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/bg-states")
        .join(folder)
}

/// The state as the engine takes it today: hero powers (and the older
/// single hero power fields), trinkets, quests and quest rewards emptied
/// on every board (teammates' too), and the anomalies.
fn strip(state: &mut Value) {
    for side in [
        "playerBoard",
        "opponentBoard",
        "playerTeammateBoard",
        "opponentTeammateBoard",
    ] {
        let Some(player) = state
            .get_mut(side)
            .and_then(|s| s.get_mut("player"))
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        for list in [
            "heroPowers",
            "trinkets",
            "questRewards",
            "questRewardEntities",
            "questEntities",
        ] {
            if player.contains_key(list) {
                player.insert(list.to_string(), Value::Array(Vec::new()));
            }
        }
        for single in [
            "heroPowerId",
            "heroPowerUsed",
            "heroPowerInfo",
            "heroPowerInfo2",
        ] {
            player.remove(single);
        }
    }
    if let Some(game) = state.get_mut("gameState").and_then(Value::as_object_mut) {
        game.insert("anomalies".to_string(), Value::Array(Vec::new()));
    }
}

/// What refused a state, without the parts that differ between states
/// of the same cause (the JSON path's index).
fn cause(message: &str) -> String {
    let message = message.split("; give it as").next().unwrap_or(message);
    match message.split_once("]: ") {
        Some((_, rest)) => rest.to_string(),
        // A path without an index (`playerBoard.player.heroPowerId: `).
        None => match message.split_once(": ") {
            Some((path, rest)) if !path.contains(' ') => rest.to_string(),
            _ => message.to_string(),
        },
    }
}

#[test]
fn stripped_real_states_are_answered_and_agree_with_firestone() {
    answered_and_agreeing("recent", 200, [ANSWERED_AT_LEAST, WHOLE_ANSWERED_AT_LEAST]);
}

/// The older states (September 2024 on), whose references are 2,000
/// combats each: a looser check of the same kind.
#[test]
fn older_stripped_real_states_agree_with_firestone() {
    answered_and_agreeing(
        "older",
        400,
        [OLDER_ANSWERED_AT_LEAST, OLDER_WHOLE_ANSWERED_AT_LEAST],
    );
}

/// The states of `folder`, sorted by name (at least `min_files`).
fn state_files(folder: &str, min_files: usize) -> Vec<PathBuf> {
    let dir = states_dir(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}; the real game states live in ../shared/bg-states (tests and CI have it)",
                dir.display()
            )
        })
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(
        files.len() >= min_files,
        "{} states in {}",
        files.len(),
        dir.display()
    );
    files
}

/// Every real state, whole, hero powers and all, read ignoring what is
/// not modelled: the engines take the combat (`Combat::check`), what was
/// left out is listed with its path, and two cards the engine cannot
/// play together leave one of them out rather than refuse the state.
#[test]
fn whole_real_states_are_answered_ignoring_what_is_not_modelled() {
    let mut answered = 0;
    let mut refused = Vec::new();
    for (folder, min_files) in [("recent", 200), ("older", 400)] {
        for file in state_files(folder, min_files) {
            let text = std::fs::read_to_string(&file).unwrap();
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            match battle_from_json(&text, OnUnmodelled::Ignore) {
                Ok(battle) => {
                    battle
                        .combat
                        .check()
                        .unwrap_or_else(|e| panic!("{name}: {e}"));
                    assert!(
                        battle
                            .unmodelled
                            .iter()
                            .all(|u| !u.path.is_empty() && !u.id.is_empty())
                    );
                    answered += 1;
                }
                Err(e) => refused.push(format!("{folder}/{name}: {e}")),
            }
        }
    }
    eprintln!(
        "{answered} whole real states answered; refused:\n{}",
        refused.join("\n")
    );
    assert!(
        answered >= ANSWERED_IGNORING_AT_LEAST,
        "{answered} answered, fewer than the {ANSWERED_IGNORING_AT_LEAST} already reached"
    );
}

/// Reads every state of `folder` (at least `min_files`), strips it,
/// counts those answered (at least `at_least[0]`) and compares each with
/// Firestone's stripped reference; reads it whole too, counts those
/// answered whole (at least `at_least[1]`) and compares each with
/// Firestone's whole reference where there is one.
fn answered_and_agreeing(folder: &str, min_files: usize, [at_least, whole_at_least]: [usize; 2]) {
    let files = state_files(folder, min_files);
    let references: Value = serde_json::from_str(REFERENCES).unwrap();
    let reference = |name: &str, mode: &str| {
        references["states"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name && r["folder"] == folder && r["mode"] == mode)
    };
    let mut answered = 0;
    let mut whole_answered = 0;
    let mut whole_compared = 0;
    let mut unknown_powers = Vec::new();
    // Answered whole with a hero power the reader plays, and of those
    // compared with Firestone's whole answer.
    let mut played_count = 0;
    let mut played_compared = 0;
    let mut whole_causes: BTreeMap<String, usize> = BTreeMap::new();
    let mut compared = 0;
    let mut failures = Vec::new();
    let mut causes: BTreeMap<String, usize> = BTreeMap::new();
    for file in &files {
        let mut state: Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let whole = combat_from_battle_json(&state.to_string());
        let name = file.file_name().unwrap().to_str().unwrap();
        unknown_powers.extend(powers_not_known(name, &state));
        strip(&mut state);
        match &whole {
            Ok(_) => whole_answered += 1,
            Err(e) => *whole_causes.entry(cause(e.message())).or_default() += 1,
        }
        match combat_from_battle_json(&state.to_string()) {
            Ok(combat) => {
                answered += 1;
                // What reading whole skips does not change the fight; a
                // hero power the reader plays (its keywords) does.
                let played = whole
                    .as_ref()
                    .ok()
                    .filter(|w| format!("{w:?}") != format!("{combat:?}"));
                played_count += usize::from(played.is_some());
                let Some(fs) = reference(name, "stripped") else {
                    failures.push(format!("{name}: no Firestone reference"));
                    continue;
                };
                if fs.get("error").is_some()
                    || folder == "older" && KNOWN_DIFFERENCES.iter().any(|(n, _)| *n == name)
                    || firestone_failed(fs)
                    || holds_a_dropped_card_that_acts(&state)
                {
                    continue;
                }
                compared += 1;
                let ours = answer(&combat);
                let firestone = fs.get("firestone_own_marks").unwrap_or(&fs["firestone"]);
                failures.extend(compare(name, &ours, firestone, Bins::MeansOnly));
                // Firestone on the whole state, where it has run it.
                let full = reference(name, "full")
                    .filter(|f| whole.is_ok() && f.get("error").is_none() && !firestone_failed(f));
                if let Some(full) = full {
                    whole_compared += 1;
                    played_compared += usize::from(played.is_some());
                    if played.is_some() {
                        eprintln!(
                            "{name}: a hero power played, compared with Firestone's whole answer"
                        );
                    }
                    let ours = played.map_or(ours, answer);
                    let firestone = full
                        .get("firestone_own_marks")
                        .unwrap_or(&full["firestone"]);
                    let what = format!("{name} (whole)");
                    failures.extend(compare(&what, &ours, firestone, Bins::MeansOnly));
                }
            }
            Err(e) => *causes.entry(cause(e.message())).or_default() += 1,
        }
    }
    let mut ranked: Vec<_> = causes.into_iter().collect();
    ranked.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
    eprintln!(
        "{folder}: {answered} of {} stripped real states answered ({:.0}%); the first refusal of the others:",
        files.len(),
        100.0 * answered as f64 / files.len() as f64
    );
    for (cause, n) in ranked.iter().take(40) {
        eprintln!("{n:4}  {cause}");
    }
    eprintln!("{compared} of them compared with Firestone");
    let mut ranked: Vec<_> = whole_causes.into_iter().collect();
    ranked.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
    eprintln!(
        "{folder}: {whole_answered} of {} real states answered whole ({:.0}%), \
         {whole_compared} compared with Firestone's whole answer ({played_count} with a hero \
         power played, {played_compared} of them compared); the first refusal of the others:",
        files.len(),
        100.0 * whole_answered as f64 / files.len() as f64
    );
    for (cause, n) in ranked.iter().take(40) {
        eprintln!("{n:4}  {cause}");
    }
    assert!(
        unknown_powers.is_empty(),
        "hero powers, trinkets, quests, quest rewards or anomalies without a row in cards::POWERS:\n{}",
        unknown_powers.join("\n")
    );
    assert!(
        answered >= at_least,
        "{folder}: {answered} answered, fewer than the {at_least} already reached"
    );
    assert!(
        whole_answered >= whole_at_least,
        "{folder}: {whole_answered} answered whole, fewer than the {whole_at_least} already reached"
    );
    assert!(
        compared * 10 >= answered * 9,
        "{compared} of {answered} compared"
    );
    assert!(
        failures.is_empty(),
        "{} disagreements with Firestone:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The hero powers, trinkets, quests, quest rewards and anomalies of the
/// state (`name`) that `cards::POWERS` lacks: each one, with its path.
fn powers_not_known(name: &str, state: &Value) -> Vec<String> {
    let Ok(battle) = battle_from_json(&state.to_string(), OnUnmodelled::Ignore) else {
        return Vec::new();
    };
    let powers = [
        Place::HeroPower,
        Place::Trinket,
        Place::Quest,
        Place::QuestReward,
        Place::Anomaly,
    ];
    battle
        .unmodelled
        .iter()
        .filter(|u| powers.contains(&u.place) && cards::power_row(&u.id).is_none())
        .map(|u| format!("{name}: {} at {}", u.id, u.path))
        .collect()
}

/// Exact where 2,000,000 states allow, else 400,000 seeded combats.
fn answer(c: &Combat) -> CombatResult {
    combat_exact(c, 2_000_000, &Control::NONE)
        .or_else(|_| combat_monte_carlo(c, 400_000, 1, 0, &Control::NONE))
        .unwrap()
}

/// A minion on a board or in a hand of the state is a card that only an
/// older release of the card data holds and that acts in combat.
fn holds_a_dropped_card_that_acts(state: &Value) -> bool {
    minion_ids(state).any(|id| {
        cards::by_id(id).is_some_and(|c| c.build != cards::BUILD && cards::acts_in_combat(c))
    })
}

/// The card ids of the minions on the boards and in the hands of a state.
fn minion_ids(state: &Value) -> impl Iterator<Item = &str> {
    let sides = [
        "playerBoard",
        "opponentBoard",
        "playerTeammateBoard",
        "opponentTeammateBoard",
    ];
    sides.into_iter().flat_map(move |side| {
        ["board", "hand"].into_iter().flat_map(move |list| {
            state[side][list]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m["cardId"].as_str())
        })
    })
}

/// Firestone logged an error on the state (a minion it could not
/// summon: a card its data lacks), so its answer is not the rules'.
fn firestone_failed(reference: &Value) -> bool {
    reference["messages"]
        .as_object()
        .is_some_and(|m| m.keys().any(|k| k.starts_with("error")))
}
