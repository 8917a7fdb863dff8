//! What hears a friendly minion attacked, before the attacker's own
//! attack triggers (Firestone's `applyOnBeingAttackedBuffs`): the
//! defending side's secrets in order (`heroes.rs`), then its minions'
//! "whenever a friendly minion is attacked" left to right, then the
//! attacked minion's own "whenever this is attacked". The minions' effects
//! are gifts (the reader reads no other): no slot moves.

use super::chooser::Chooser;
use super::flags::Flag;
use super::kinds::Kinds;
use super::state::State;
use crate::hearthstone::model::{TAUNT, Trigger};

impl State {
    /// Everything of `side` that hears its minion at `defender` attacked,
    /// in Firestone's order. Out of line: most combats have none.
    #[inline(never)]
    pub(super) fn hear_attacked(
        &mut self,
        kinds: &Kinds,
        side: usize,
        defender: usize,
        chooser: &mut impl Chooser,
    ) {
        self.secrets_hear_attacked(kinds, side, defender, chooser);
        // Each listener reads the attacked minion's taunt as it fires.
        for i in 0..self.lens[side] as usize {
            if !kinds.facts(&self.boards[side][i]).has(Flag::Attacked) {
                continue;
            }
            let taunt = self.boards[side][defender].has(TAUNT);
            let hears =
                |t| matches!(t, Trigger::FriendlyAttacked { taunt: only } if !only || taunt);
            self.fire_effects_at(kinds, side, i, (Some(defender), None), hears, chooser);
        }
        if kinds
            .facts(&self.boards[side][defender])
            .has(Flag::Attacked)
        {
            let hears = |t| t == Trigger::Attacked;
            self.fire_effects_at(
                kinds,
                side,
                defender,
                (Some(defender), None),
                hears,
                chooser,
            );
        }
    }
}
