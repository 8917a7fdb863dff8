//! `oddsmith bg-cards [--find NAME_OR_ID] [--all] [--json]`: the
//! Battlegrounds card table and which pool minions the combat engine
//! models; with `--json`, also the hero powers, trinkets, quest rewards,
//! quests and anomalies the engine knows, each kind in its own list.

use crate::output::{Outcome, print_json};
use oddsmith::Error;
use oddsmith::hearthstone::cards::{
    self, CardDef, CombatEffect, PowerKind, PowerPlay, PowerRow, combat_effect,
};
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    /// Show one card, by id (golden ids too) or English name.
    #[arg(long)]
    find: Option<String>,
    /// List every pool minion with its effect, not only the unmodelled
    /// (with --json, also every modelled card of the table).
    #[arg(long)]
    all: bool,
}

fn effect_name(card: &CardDef, effect: &CombatEffect) -> String {
    match effect {
        CombatEffect::None if card.grows_with_a_count() => {
            "grows with a count of its side".to_string()
        }
        CombatEffect::None => "keywords only".to_string(),
        CombatEffect::OutOfCombat => "acts outside combat only".to_string(),
        CombatEffect::Summon(t) => format!("deathrattle: {} x {}/{}", t.count, t.attack, t.health),
        CombatEffect::Effects { .. } => "triggered effects".to_string(),
        CombatEffect::Unsupported(reason) => format!("not modelled: {reason}"),
    }
}

fn card_json(c: &CardDef) -> serde_json::Value {
    use oddsmith::hearthstone::model;
    let effect = combat_effect(c);
    let keywords = oddsmith::hearthstone::cards::combat_keywords(c);
    let has = |bit: u8| keywords & bit != 0;
    let keywords = json!({
        "taunt": has(model::TAUNT), "divineShield": has(model::SHIELD),
        "poisonous": has(model::POISON), "venomous": has(model::VENOM),
        "windfury": has(model::WINDFURY), "cleave": has(model::CLEAVE),
        "reborn": has(model::REBORN), "stealth": has(model::STEALTH),
    });
    let golden_id = cards::by_dbf(c.golden).map(|g| g.id);
    // The card's own script numbers (its tags) for the numbers its row
    // reads, if it reads any.
    let script = cards::script_gift(c).map(|g| {
        let mut numbers = serde_json::Map::new();
        for i in std::iter::once(g.attack).chain(g.health) {
            numbers.insert(format!("scriptDataNum{i}"), json!(c.data[i - 1]));
        }
        numbers
    });
    json!({
        "keywords": keywords,
        "goldenId": golden_id, "script": script,
        "id": c.id, "dbfId": c.dbf, "name": c.name, "tier": c.tier,
        "attack": c.attack, "health": c.health, "tribes": c.tribe_names(),
        "golden": c.is_golden(), "pool": c.pool, "text": c.text,
        "modelled": effect.is_modelled(), "effect": effect_name(c, &effect),
        "read": cards::how_read(c),
    })
}

/// The lists of `cards::POWERS` by kind, under these JSON keys.
const POWER_LISTS: [(&str, PowerKind); 5] = [
    ("hero_powers", PowerKind::HeroPower),
    ("trinkets", PowerKind::Trinket),
    ("quest_rewards", PowerKind::QuestReward),
    ("quests", PowerKind::Quest),
    ("anomalies", PowerKind::Anomaly),
];

/// A hero power's (trinket's, ...) row: what it does in combat and, when
/// it acts there, why it is not modelled.
fn power_json(r: &PowerRow) -> serde_json::Value {
    let (acts, effect, reason) = match r.play {
        PowerPlay::OutsideCombat => (false, "acts outside combat only".to_string(), None),
        PowerPlay::GivesKeywords { .. } => (true, "gives keywords before combat".to_string(), None),
        PowerPlay::StartOfCombat { .. } | PowerPlay::AtStart { .. } => {
            (true, "acts at the start of combat".to_string(), None)
        }
        PowerPlay::GivesSummoned { .. } => (
            true,
            "gives stats and keywords to minions summoned in combat".to_string(),
            None,
        ),
        PowerPlay::SummonsInfoCard => (
            true,
            "summons the minion its info names, before combat".to_string(),
            None,
        ),
        PowerPlay::PutsInHand => (
            false,
            "puts cards in the hand in combat, which plays no part".to_string(),
            None,
        ),
        PowerPlay::SummonsWhenSpace { .. } => (
            true,
            "summons a minion when there is room, before combat".to_string(),
            None,
        ),
        PowerPlay::CopiesBestWhenSpace {
            by_health,
            from_turn,
        } => (
            true,
            format!(
                "from turn {from_turn}, summons a copy of the highest-{} minion when there is room, once",
                if by_health { "health" } else { "attack" }
            ),
            None,
        ),
        PowerPlay::DestroysAndResummons { .. } => (
            true,
            "destroys the chosen minion and resummons its copy, before combat".to_string(),
            None,
        ),
        PowerPlay::AvengeSummons { deaths, .. } => (
            true,
            format!("avenge ({deaths}): summons a growing minion that attacks at once"),
            None,
        ),
        PowerPlay::NotModelled { reason } => {
            (true, format!("not modelled: {reason}"), Some(reason))
        }
    };
    json!({
        "id": r.id, "name": r.name, "acts_in_combat": acts, "modelled": reason.is_none(),
        "effect": effect, "reason": reason,
    })
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    if let Some(text) = &args.find {
        let card = cards::lookup(text).ok_or_else(|| {
            Error::parse(format!("no Battlegrounds card has the id or name '{text}'"))
        })?;
        if as_json {
            print_json(&card_json(card));
        } else {
            println!(
                "{} {} ({}, dbfId {}): tier {}, {}/{}, {}{}",
                if card.is_golden() { "golden" } else { "" },
                card.name,
                card.id,
                card.dbf,
                card.tier,
                card.attack,
                card.health,
                card.tribe_names(),
                if card.pool { ", in the pool" } else { "" },
            );
            println!("  {}", card.text);
            println!("  {}", effect_name(card, &combat_effect(card)));
        }
        return Ok(());
    }
    let pool: Vec<&CardDef> = cards::pool().collect();
    let in_pool = cards::coverage(pool.iter().copied());
    let every = cards::coverage(cards::all());
    if as_json {
        let counts = |c: cards::Coverage| json!({"minions": c.minions, "acting_in_combat": c.acting_in_combat, "modelled": c.modelled});
        let unsupported: Vec<_> = cards::all()
            .iter()
            .filter_map(|c| match combat_effect(c) {
                CombatEffect::Unsupported(reason) => {
                    Some(json!({"id": c.id, "name": c.name, "reason": reason, "pool": c.pool}))
                }
                _ => None,
            })
            .collect();
        let mut out = json!({
            "build": cards::BUILD,
            "pool": counts(in_pool), "all": counts(every), "unsupported": unsupported,
        });
        for (key, kind) in POWER_LISTS {
            out[key] = cards::POWERS
                .iter()
                .filter(|r| r.kind == kind)
                .map(power_json)
                .collect();
        }
        if args.all {
            out["pool_cards"] = pool.iter().map(|c| card_json(c)).collect();
            out["golden_cards"] = pool
                .iter()
                .filter_map(|c| cards::golden_of(c))
                .map(card_json)
                .collect();
            // Every modelled card of the table, of every season, normal
            // and golden (vectors for cards beyond the pool).
            out["modelled_cards"] = cards::all()
                .iter()
                .filter(|c| combat_effect(c).is_modelled())
                .map(card_json)
                .collect();
        }
        print_json(&out);
        return Ok(());
    }
    let share = |c: cards::Coverage| 100.0 * c.modelled as f64 / c.acting_in_combat.max(1) as f64;
    println!(
        "CardDefs build {}: {} minions, {} acting in combat, {} of those modelled ({:.0}%); \
         the pool: {} minions, {} acting in combat, {} modelled ({:.0}%)",
        cards::BUILD,
        every.minions,
        every.acting_in_combat,
        every.modelled,
        share(every),
        in_pool.minions,
        in_pool.acting_in_combat,
        in_pool.modelled,
        share(in_pool),
    );
    for c in &pool {
        let effect = combat_effect(c);
        if args.all || !effect.is_modelled() {
            println!("{:<14} {:<32} {}", c.id, c.name, effect_name(c, &effect));
        }
    }
    Ok(())
}
