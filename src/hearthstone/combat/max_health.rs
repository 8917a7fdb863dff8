//! A minion's maximum health (`Action::GiveMaxHealth`: "give this
//! minion's maximum Health").
//!
//! Firestone keeps a `maxHealth` per minion: the health it entered with,
//! set to its health of the moment whenever it gains health (a damaged
//! minion's maximum then falls below what it had), or whenever its stats
//! are set, and moved by the stat auras entering and leaving. A unit keeps
//! no maximum health (eight bytes a slot), so the reader's kind holds it:
//! the health it began the combat with (`Kind::max_health`; readers of
//! other healths are other kinds). That is Firestone's number while the
//! minion gains no health and enters no other way, so a combat where it
//! could is refused here, naming why.

use super::Combat;
use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, Effect, HeroCard, Minion, REBORN, Target, Trigger};

/// The maximum health a starting minion's kind holds: its health when one
/// of its effects reads it, else 0 (its kind stays the plain one).
pub(super) fn entering_max_health(m: &Minion) -> u16 {
    if m.effects.iter().any(reads_max_health) {
        m.health.max(0) as u16
    } else {
        0
    }
}

fn reads_max_health(e: &Effect) -> bool {
    matches!(e.action, Action::GiveMaxHealth { .. })
}

/// Every effect a minion brings: its own, its reborn copy's and its
/// tokens'.
fn minion_effects(m: &Minion) -> impl Iterator<Item = &Effect> {
    let reborn: &[Effect] = match &m.reborn_effects {
        Some(e) => e,
        None => &[],
    };
    m.effects
        .iter()
        .chain(reborn)
        .chain(&m.deathrattle.effects)
        .chain(&m.effect_token.effects)
}

/// An effect that may raise (or set) the health of a friendly minion
/// other than its own, or set an enemy's: what would move a reader's
/// maximum health away from the one it began with. Effects that run
/// other minions' effects count (what they run is not followed here).
fn may_move_max_health(e: &Effect) -> bool {
    if e.trigger == Trigger::Never && !matches!(e.action, Action::GainDeathrattles { .. }) {
        return false;
    }
    match e.action {
        Action::Buff { target, health, .. } => health > 0 && target != Target::This,
        Action::DamageThenBuff { health, .. } => health > 0,
        Action::TierBuff { health, .. } => health > 0,
        Action::ImprovingBuff { health, .. } => health > 0,
        Action::SideBonus { health, to, .. } => health > 0 || to.counter().is_some(),
        Action::BloodGems { .. }
        | Action::GemStats { .. }
        | Action::StatsOfFriendAttack { .. }
        | Action::HealthOfFriendAttack { .. }
        | Action::SetHealth { .. }
        | Action::SetStats { .. }
        | Action::MakeGolden { .. }
        | Action::GiveMaxHealth { .. }
        | Action::SummonCopy { .. }
        | Action::SummonCopyOfBest { .. }
        | Action::TriggerDeathrattle { .. }
        | Action::TriggerBattlecry { .. }
        | Action::GainDeathrattles { .. } => true,
        _ => false,
    }
}

/// Refuses a combat where a minion reading its maximum health could see
/// it differ from the health it began with: a health gift on its side
/// (another reader's too), a set health anywhere, a reborn copy or a
/// reader entering later (a token, a summon from the hand, a copy), a
/// Duos teammate.
pub(super) fn validate_max_health(c: &Combat) -> Result<()> {
    let boards = [&c.a, &c.b];
    let reader = |m: &&Minion| minion_effects(m).any(reads_max_health);
    for side in 0..2 {
        let readers: Vec<&Minion> = boards[side].iter().filter(reader).collect();
        let Some(first) = readers.first() else {
            continue;
        };
        let name = first.name.unwrap_or("a minion giving its maximum health");
        let refuse = |why: String| {
            Err(Error::invalid(format!(
                "{name} gives its maximum health, which oddsmith knows only while it gains none: {why}"
            ))
            .with_culprit(name))
        };
        if c.teammates.iter().any(Option::is_some) {
            return refuse("a Duos combat is not followed".into());
        }
        for m in &readers {
            if !m.effects.iter().any(reads_max_health) {
                return refuse("a token or a reborn copy reads it".into());
            }
            if m.keywords & REBORN != 0 || reborn_given(c) {
                return refuse("its reborn copy would enter with another".into());
            }
        }
        if readers.len() > 1 {
            return refuse("another friendly minion gives its maximum health".into());
        }
        let own = boards[side].iter().chain(&c.hands[side]);
        if let Some(m) = own
            .filter(|m| !std::ptr::eq(*m, *first))
            .find(|m| minion_effects(m).any(may_move_max_health))
        {
            return refuse(format!(
                "{} may give a friendly minion health",
                m.name.unwrap_or("a friendly minion")
            ));
        }
        if c.hands[side].iter().any(|m| reader(&m)) {
            return refuse("one in the hand may be summoned".into());
        }
        if let Some(h) = c.heroes[side].iter().find(|h| hero_moves(h)) {
            return refuse(format!("{} may give a friendly minion health", h.name));
        }
        let sets =
            |e: &Effect| matches!(e.action, Action::SetHealth { .. } | Action::SetStats { .. });
        let mut enemy = boards[1 - side].iter().chain(&c.hands[1 - side]);
        if enemy.any(|m| minion_effects(m).any(sets))
            || c.heroes[1 - side].iter().any(|h| sets(&h.effect))
        {
            return refuse("an enemy effect may set its health".into());
        }
    }
    Ok(())
}

fn hero_moves(h: &HeroCard) -> bool {
    may_move_max_health(&h.effect)
        || matches!(
            h.effect.action,
            Action::SummonCopy { .. } | Action::SummonCopyOfBest { .. }
        )
        || h.minion.is_some()
}

/// Some effect of the combat gives reborn.
fn reborn_given(c: &Combat) -> bool {
    let gives = |e: &Effect| match e.action {
        Action::Buff { keywords, .. } => keywords & REBORN != 0,
        _ => false,
    };
    c.a.iter()
        .chain(&c.b)
        .chain(c.hands.iter().flatten())
        .any(|m| minion_effects(m).any(gives))
        || c.heroes.iter().flatten().any(|h| gives(&h.effect))
}
