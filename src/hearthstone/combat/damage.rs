//! Damage: one hit on a minion (a divine shield absorbs it and is lost,
//! poison destroys) and what hears it land: the listeners of a lost
//! shield, of damage taken by a minion or a friend, and of damage a
//! friend dealt.

use super::chooser::Chooser;
use super::flags::{Flag, Set, heard_bits};
use super::kinds::Kinds;
use super::state::State;
use super::unit::Unit;
use crate::hearthstone::model::{POISON, SHIELD, Trigger, VENOM};

impl State {
    /// The "after a friendly minion loses divine shield" effects of
    /// `side`'s minions, left to right (dying ones too, as Firestone reads
    /// the board), if the minion at `slot` had a shield in `before` and
    /// has lost it. They only buff: slots stand. Callers check
    /// `Flag::FriendlyLosesShield` first.
    #[inline]
    pub(super) fn hear_shield_lost(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        before: u8,
        chooser: &mut impl Chooser,
    ) {
        if before & SHIELD != 0 && !self.boards[side][slot].has(SHIELD) {
            self.fire_shield_listeners(kinds, side, slot, chooser);
        }
    }

    /// The effects that hear damage `dealer` dealt land on the minion at
    /// `slot` of `side`: its own "whenever this takes damage", then its
    /// friends' "whenever a friendly minion takes damage" left to right,
    /// then the dealer's friends' "after another friendly minion deals
    /// damage". Returns how many minions its summons put to its right
    /// (later slots move by that many; nothing else moves). Inlined: the
    /// attack calls it on every hit when some minion listens.
    #[inline(always)]
    pub(super) fn hear_damage(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        dealer: Dealer,
        chooser: &mut impl Chooser,
    ) -> usize {
        if !kinds.any_of(Set::DamageHeard) {
            return 0;
        }
        let summoned = if kinds.any_of(Set::DamageListeners) {
            self.fire_damage_listeners(kinds, side, slot, chooser)
        } else {
            0
        };
        if kinds.any(Flag::FriendlyDealsDamage) {
            // The summons entered right of the damaged minion.
            let dealer_slot = dealer.slot.map(|i| {
                if dealer.side == side && i > slot {
                    i + summoned
                } else {
                    i
                }
            });
            self.fire_deal_listeners(kinds, dealer.side, dealer.unit, dealer_slot, chooser);
        }
        summoned
    }

    /// The "after another friendly minion deals damage" effects of
    /// `side`'s minions but the dealer's (at `dealer_slot`, if still on
    /// the board), left to right, dying ones too. They only gain: slots
    /// stand.
    #[inline(never)]
    pub(super) fn fire_deal_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        dealer: Unit,
        dealer_slot: Option<usize>,
        chooser: &mut impl Chooser,
    ) {
        let dealer_tribes = kinds.tribes(&dealer);
        let heard = heard_bits(dealer_tribes);
        for i in 0..self.lens[side] as usize {
            if Some(i) == dealer_slot
                || kinds
                    .facts(&self.boards[side][i])
                    .hears(Flag::FriendlyDealsDamage)
                    & heard
                    == 0
            {
                continue;
            }
            let fires = |t| match t {
                Trigger::AfterFriendlyDealsDamage { tribes } => {
                    tribes == 0 || dealer_tribes & tribes != 0
                }
                _ => false,
            };
            self.fire_effects_at(kinds, side, i, (None, None), fires, chooser);
        }
    }

    #[inline(never)]
    pub(super) fn fire_damage_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        chooser: &mut impl Chooser,
    ) -> usize {
        let before = self.lens[side];
        let damaged = self.boards[side][slot];
        if kinds.facts(&damaged).has(Flag::TakesDamage) {
            self.fire_takes_damage(kinds, side, slot, chooser);
        }
        let damaged_tribes = kinds.tribes(&damaged);
        let heard = heard_bits(damaged_tribes);
        for i in 0..self.lens[side] as usize {
            let u = self.boards[side][i];
            if kinds.facts(&u).hears(Flag::FriendlyTakesDamage) & heard == 0 {
                continue;
            }
            let fires = |t| match t {
                Trigger::FriendlyTakesDamage { tribes, other } => {
                    (tribes == 0 || damaged_tribes & tribes != 0) && !(other && i == slot)
                }
                _ => false,
            };
            self.fire_effects_at(kinds, side, i, (Some(slot), None), fires, chooser);
        }
        (self.lens[side] - before) as usize
    }

    /// The damaged minion's own "whenever this takes damage" effects:
    /// those with a per-combat limit while its count (their firings so
    /// far) is below it, those that need it to survive only if it lives;
    /// a firing of a limited one counts.
    fn fire_takes_damage(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        chooser: &mut impl Chooser,
    ) {
        let damaged = self.boards[side][slot];
        let (fired, alive) = (damaged.count(), damaged.health > 0);
        let fires = |t| takes_damage_fires(t, fired, alive);
        let counts = kinds.facts(&damaged).limit > 0
            && kinds.kinds[damaged.kind as usize].effects.iter().any(|e| {
                matches!(e.trigger, Trigger::TakesDamage { limit, .. } if limit > 0)
                    && fires(e.trigger)
            });
        self.fire_effects_at(kinds, side, slot, (Some(slot), None), fires, chooser);
        if counts {
            self.boards[side][slot].set_count(fired + 1);
        }
    }

    #[inline(never)]
    pub(super) fn fire_shield_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        chooser: &mut impl Chooser,
    ) {
        for i in 0..self.lens[side] as usize {
            let u = self.boards[side][i];
            if kinds.facts(&u).has(Flag::FriendlyLosesShield) {
                let lost_shield = |t| t == Trigger::FriendlyLosesShield;
                self.fire_effects_at(kinds, side, i, (Some(slot), None), lost_shield, chooser);
            }
        }
    }
}

/// Who dealt a hit: its side, the minion as it dealt it (its kind gives
/// its tribes, read only if some minion listens), and its slot while it
/// is on the board (an effect of a dead minion has none).
#[derive(Debug, Clone, Copy)]
pub(super) struct Dealer {
    pub(super) side: usize,
    pub(super) unit: Unit,
    pub(super) slot: Option<usize>,
}

/// The health of a minion poison destroyed: no buff brings it back (a
/// damaged one may be, by a buff before its death phase, as in Firestone).
pub(super) const DESTROYED: i16 = i16::MIN / 2;

/// One instance of damage; true when it landed (not absorbed, not zero).
pub(super) fn hit(m: &mut Unit, damage: u16, poison: bool) -> bool {
    if damage == 0 {
        return false;
    }
    if m.has(SHIELD) {
        m.keywords &= !SHIELD;
        return false;
    }
    m.health = m.health.saturating_sub(damage.min(i16::MAX as u16) as i16);
    if poison {
        m.health = m.health.min(DESTROYED);
    }
    true
}

impl State {
    /// `amount` damage from `side`'s minion at `source` to the enemy at
    /// `i`, with the source's poison and venom (venom spent if it
    /// landed), heard by the shield and damage listeners: whether it
    /// landed, and how many minions the victim's damage summoned to its
    /// right.
    pub(super) fn damage_enemy(
        &mut self,
        kinds: &Kinds,
        (side, source): (usize, usize),
        i: usize,
        amount: u16,
        chooser: &mut impl Chooser,
    ) -> (bool, usize) {
        let enemy = 1 - side;
        let keywords = self.boards[side][source].keywords;
        let before = self.boards[enemy][i].keywords;
        let poisonous = keywords & (POISON | VENOM) != 0;
        let hit = hit(&mut self.boards[enemy][i], amount, poisonous);
        if kinds.any_shield_listeners() {
            self.hear_shield_lost(kinds, enemy, i, before, chooser);
        }
        if hit && keywords & (POISON | VENOM) == VENOM {
            self.boards[side][source].keywords &= !VENOM;
        }
        let summoned = if hit {
            let dealer = Dealer {
                side,
                unit: self.boards[side][source],
                slot: Some(source),
            };
            self.hear_damage(kinds, enemy, i, dealer, chooser)
        } else {
            0
        };
        (hit, summoned)
    }
}

/// Whether a minion's own trigger `t` fires as damage lands on it, having
/// fired `fired` times this combat (its limited ones), `alive` after it.
fn takes_damage_fires(t: Trigger, fired: u8, alive: bool) -> bool {
    match t {
        Trigger::TakesDamage { limit, survives } => {
            (limit == 0 || fired < limit) && (alive || !survives)
        }
        _ => false,
    }
}
