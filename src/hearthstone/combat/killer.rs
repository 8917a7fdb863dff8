//! "Destroy the minion that killed this" (`Action::Destroy` of
//! `Target::Killer`).
//!
//! Firestone remembers on each minion the last minion whose damage landed
//! on it (`lastAffectedByEntity`, set by every blow and by effect damage
//! of a minion; a copy of the source for effect damage of a hero, a spell
//! or a minion already dead), and the deathrattle marks that one
//! `definitelyDead` wherever it stands: it dies in the next death pass,
//! whatever its health and shield. A dead killer (or a copy) dies no more.
//!
//! The engine keeps no such memory (units have no identity and the memo
//! keys hold none): it follows the killer only within the attack that
//! killed. That is exact on the boards `validate_killer` lets through,
//! where a minion that destroys its killer dies only by an attack's blow
//! (no effect damage, no deathrattle run by another, no attack in a death
//! phase) and only one side has such minions (none is destroyed without
//! damage, so its last hitter is its killing blow's). Its killer is then
//! the living attacker (tagged `ATTACKER_TAG` through the attack's
//! deaths, `State::deaths_settled`) or, when it attacked and died, the
//! living defender (tagged `KILLER_TAG` here). Its side is the only one
//! dying in the attack's first death pass (the killer's side loses no
//! minion to the blows), so the tag stands while its deathrattle fires.

use super::Combat;
use super::attack::Blows;
use super::damage::DESTROYED;
use super::kinds::Kinds;
use super::state::State;
use super::unit::{ATTACKER_TAG, KILLER_TAG};
use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, CLEAVE, Effect, HeroCard, Minion, Target, Trigger};

/// The effect destroys the minion that killed its minion.
pub(super) fn destroys_killer(e: &Effect) -> bool {
    matches!(
        e.action,
        Action::Destroy {
            target: Target::Killer
        }
    )
}

/// Every effect a minion may carry into combat: its own, its reborn
/// copy's, its tokens'.
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

fn hero_effects(h: &HeroCard) -> impl Iterator<Item = &Effect> {
    std::iter::once(&h.effect).chain(&h.token.effects)
}

/// An effect that would make a killer other than an attack's blow, or run
/// a deathrattle outside its minion's death, or attack in a death phase.
fn unfollowed(e: &Effect) -> bool {
    if e.trigger == Trigger::Never {
        return false;
    }
    if e.action.runs_other_deathrattle() {
        return true;
    }
    match e.action {
        Action::Damage { .. }
        | Action::DamageThenBuff { .. }
        | Action::Strike { .. }
        | Action::DamagePerFriend { .. }
        | Action::ExcessDamage { .. }
        | Action::AttackNow { .. }
        | Action::FlanksAttack { .. }
        // Its tokens attack in the summon-when-space step (`space.rs`),
        // which may run inside a death phase.
        | Action::SummonWhenSpace { .. } => true,
        Action::Buff { keywords, .. } => keywords & CLEAVE != 0,
        _ => false,
    }
}

/// Refuses the boards where the minion that killed a killer-destroying
/// minion could be other than the attack's other minion (see the module).
pub(super) fn validate_killer(c: &Combat) -> Result<()> {
    let side_minions = |side: usize| {
        let mate = c.teammates[side].as_ref();
        [&c.a, &c.b][side]
            .iter()
            .chain(&c.hands[side])
            .chain(mate.into_iter().flat_map(|t| t.board.iter().chain(&t.hand)))
    };
    let side_heroes = |side: usize| {
        let mate = c.teammates[side].as_ref();
        c.heroes[side]
            .iter()
            .chain(mate.into_iter().flat_map(|t| t.heroes.iter()))
    };
    let destroyer =
        |side: usize| side_minions(side).find(|m| minion_effects(m).any(destroys_killer));
    let (first, second) = (destroyer(0), destroyer(1));
    let Some(one) = first.or(second) else {
        return Ok(());
    };
    let refuse = |why: String| {
        Err(Error::invalid(format!(
            "{} destroys the minion that killed it: {why}, where its killer is not followed yet",
            name(one)
        ))
        .with_culprit(name(one)))
    };
    if first.is_some() && second.is_some() {
        return refuse("both sides have such minions".into());
    }
    for side in 0..2 {
        for m in side_minions(side) {
            if minion_effects(m).any(unfollowed) {
                return refuse(format!(
                    "{} deals effect damage, runs deathrattles, attacks in a death phase or gives cleave",
                    name(m)
                ));
            }
            if super::at_once::summons_at_once(m) {
                return refuse(format!("{} summons minions that attack at once", name(m)));
            }
            if minion_effects(m).any(destroys_killer) && m.keywords & CLEAVE != 0 {
                return refuse("it has cleave".into());
            }
        }
        for h in side_heroes(side) {
            if h.attacks_at_once || hero_effects(h).any(unfollowed) {
                return refuse(format!(
                    "the hero-side card {} deals damage or attacks",
                    h.name
                ));
            }
        }
    }
    Ok(())
}

fn name(m: &Minion) -> &'static str {
    m.name.unwrap_or("a minion")
}

impl State {
    /// Before an attack's deaths: when the attacker destroys its killer
    /// and died of the living defender's blow, the defender tagged
    /// `KILLER_TAG`; its own tag, to give back (`unmark_killer`).
    #[inline(never)]
    pub(super) fn mark_killer(&mut self, kinds: &Kinds, blows: &Blows) -> Option<u8> {
        let (side, enemy) = (blows.side, 1 - blows.side);
        let a = &self.boards[side][blows.attacker];
        let killed = a.health <= 0 && kinds.effects(a).iter().any(destroys_killer);
        let defender = self.boards[enemy].get(blows.target)?;
        if !killed || !blows.exchange || defender.health <= 0 {
            return None;
        }
        let tag = defender.tag();
        self.boards[enemy][blows.target].set_tag(KILLER_TAG);
        Some(tag)
    }

    /// After the attack's deaths: the killer's own tag back, if it lives.
    #[inline(never)]
    pub(super) fn unmark_killer(&mut self, enemy: usize, tag: u8) {
        let len = self.lens[enemy] as usize;
        if let Some(u) = self.boards[enemy][..len]
            .iter_mut()
            .find(|u| u.tag() == KILLER_TAG)
        {
            u.set_tag(tag);
        }
    }

    /// `Target::Killer` of a minion of `side` that died: the living enemy
    /// followed through the attack's deaths, destroyed (it dies in the
    /// next death pass). True when one was.
    pub(super) fn destroy_killer(&mut self, side: usize) -> bool {
        let enemy = 1 - side;
        let len = self.lens[enemy] as usize;
        let killer = self.boards[enemy][..len]
            .iter_mut()
            .find(|u| u.health > 0 && matches!(u.tag(), ATTACKER_TAG | KILLER_TAG));
        match killer {
            Some(u) => {
                u.health = DESTROYED;
                true
            }
            None => false,
        }
    }
}
