//! Triggers firing: the one way an effect fires from a minion on the
//! board (`State::fire_effects_at`), what it fires from and for
//! (`Fired`), and the listeners of minions entering: "whenever you
//! summon", "after a friendly minion is reborn".

use super::chooser::Chooser;
use super::flags::{Flag, heard_bits};
use super::kinds::Kinds;
use super::state::State;
use super::unit::Unit;
use crate::hearthstone::model::Trigger;

impl State {
    /// Fires, in card order, the effects of the minion at `slot` on `side`
    /// (as it is now) whose trigger `fires` accepts; `by` is what fired
    /// them: the friendly minion and the enemy it attacks (`Fired::friend`,
    /// `Fired::defender`). True when they dealt damage.
    pub(super) fn fire_effects_at(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        (friend, defender): (Option<usize>, Option<usize>),
        fires: impl Fn(Trigger) -> bool,
        chooser: &mut impl Chooser,
    ) -> bool {
        let unit = self.boards[side][slot];
        let at = Fired {
            side,
            slot: Some(slot),
            unit,
            friend,
            defender,
            reach: REACH_ALL,
            place: Place::Board,
        };
        let mut hit = false;
        for e in kinds.kinds[unit.kind as usize].effects {
            if fires(e.trigger) {
                hit |= self.apply(kinds, &at, e.action, chooser);
            }
        }
        hit
    }

    /// The effects that fire as the minion at `summoned` (on `side`)
    /// enters: the "whenever you summon" of every friendly minion but those
    /// in `deaf` (itself, and any that entered after it), left to right.
    #[inline(never)]
    pub(super) fn fire_summon_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        summoned: usize,
        deaf: u8,
        chooser: &mut impl Chooser,
    ) {
        let tribes = kinds.tribes(&self.boards[side][summoned]);
        let heard = heard_bits(tribes);
        // The "whenever" listeners left to right, then the "after" ones.
        for after_pass in [false, true] {
            for i in 0..self.lens[side] as usize {
                let u = self.boards[side][i];
                if deaf & 1 << i != 0 || kinds.facts(&u).hears(Flag::FriendlySummoned) & heard == 0
                {
                    continue;
                }
                let hears = |t| match t {
                    Trigger::FriendlySummoned {
                        tribes: wanted,
                        after,
                    } => after == after_pass && (wanted == 0 || tribes & wanted != 0),
                    _ => false,
                };
                self.fire_effects_at(kinds, side, i, (Some(summoned), None), hears, chooser);
            }
        }
    }

    /// The "after a friendly minion is reborn" effects of the minions at
    /// `side`'s slots outside `deaf`, for the copy at `reborn`.
    #[inline(never)]
    pub(super) fn fire_reborn_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        reborn: usize,
        deaf: u8,
        chooser: &mut impl Chooser,
    ) {
        for i in 0..self.lens[side] as usize {
            if deaf & 1 << i != 0 || !kinds.facts(&self.boards[side][i]).has(Flag::FriendlyReborn) {
                continue;
            }
            let hears = |t| t == Trigger::FriendlyReborn;
            self.fire_effects_at(kinds, side, i, (Some(reborn), None), hears, chooser);
        }
    }
}

/// Where an effect fires from: its minion's side, its slot while it is
/// on the board (a deathrattle's minion has left it), the minion as it
/// was (kind and keywords), and the attack that fired it, if any.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fired {
    pub side: usize,
    pub slot: Option<usize>,
    pub unit: Unit,
    /// The friendly minion whose doing fired the trigger: the attacker of
    /// an attack trigger, the summoned minion of a summon trigger, the one
    /// that lost its shield.
    pub friend: Option<usize>,
    /// The enemy it attacks.
    pub defender: Option<usize>,
    /// The slots of its own side the effect may reach (bit per slot): a
    /// deathrattle's fire on a board built ahead of it (see
    /// `State::resolve_side`); `REACH_ALL` otherwise.
    pub reach: u8,
    /// Where a deathrattle's minion stood, for what reaches its
    /// neighbours (`Target::AdjacentBattlecry`).
    pub place: Place,
}

/// Where a deathrattle's minion stands (or stood) as its effect fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// On the board at `Fired::slot`, or nowhere that matters.
    Board,
    /// Dead, in a death phase: `right` living minions stood to its right
    /// (Firestone's index from the right: its neighbours are the minions
    /// of the board as it is when the effect fires on either side of
    /// that place).
    Died {
        /// The surviving minions that stood to its right.
        right: u8,
    },
    /// Alive at `slot`, its deathrattle run without its death.
    Ran {
        /// Its slot.
        slot: u8,
    },
}

impl Fired {
    /// Whether `side`'s unit at `slot` is the minion the effect fires
    /// from (its own effect reaching it).
    #[inline]
    pub(super) fn is(&self, side: usize, slot: usize) -> bool {
        side == self.side && Some(slot) == self.slot
    }
}

/// Every slot.
pub(super) const REACH_ALL: u8 = u8::MAX;
