//! The hero-side cards in combat (`Combat::heroes`: secrets, lingering
//! spells): their start-of-combat effects, a phase of its own before the
//! minions' (Firestone's order: hero powers, then spells and secrets,
//! then minions), and the secrets that hear a friendly minion attacked,
//! spent once they fired (`State::spent`). Their effects are played by
//! the action interpreter (`act.rs`) with no minion as their source.

use super::chooser::Chooser;
use super::kinds::Kinds;
use super::listeners::{Fired, Place, REACH_ALL};
use super::state::State;
use super::unit::{ATTACKED, HERO_TOKEN_TAG, UNMARKED, Unit};
use crate::hearthstone::model::{Action, BOARD_SIZE, MAX_HERO_CARDS, Trigger};

impl State {
    /// The hero-side cards' start-of-combat effects (Firestone's secret
    /// phase): a random side first, its cards in the game state's order,
    /// each followed by its death phase.
    /// Only the sides of `sides` act (a Duos teammate coming in: its own
    /// start of combat alone, and no coin flip).
    pub(super) fn heroes_start_of_combat(
        &mut self,
        kinds: &Kinds,
        sides: [bool; 2],
        chooser: &mut impl Chooser,
    ) {
        for side in order(sides, chooser).into_iter().flatten() {
            for j in 0..kinds.heroes(side).len() {
                if kinds.heroes(side)[j].effect.trigger == Trigger::StartOfCombat
                    && self.fire_hero(kinds, side, j, None, chooser)
                {
                    self.after_start_damage(kinds, chooser);
                }
            }
        }
        // Firestone's secret phase ends with its summon-when-space step.
        if kinds.any_space() {
            self.summon_when_space(kinds, chooser);
        }
    }

    /// `side`'s secrets that hear its minion at `defender` attacked, in
    /// order, before the attack's own triggers (Firestone's
    /// `applyOnBeingAttackedBuffs`, `attacked.rs`): each not spent yet
    /// fires if its board has room for what it summons, and is spent.
    pub(super) fn secrets_hear_attacked(
        &mut self,
        kinds: &Kinds,
        side: usize,
        defender: usize,
        chooser: &mut impl Chooser,
    ) {
        for j in 0..kinds.heroes(side).len() {
            let card = kinds.heroes(side)[j];
            let bit = 1u8 << (side * MAX_HERO_CARDS + j);
            if !matches!(card.effect.trigger, Trigger::FriendlyAttacked { .. })
                || self.spent & bit != 0
            {
                continue;
            }
            if (self.lens[side] as usize) < BOARD_SIZE {
                if card.once {
                    self.spent |= bit;
                }
                self.fire_hero(kinds, side, j, Some(defender), chooser);
            }
        }
    }

    /// The minion summoned at `slot` attacks at once while enemies are
    /// left (its attack resolves its deaths), and counts as having
    /// attacked this round if it lives (Firestone's `attackImmediately`
    /// attack, then `hasAttacked`). Found again by its tag after the
    /// attack's deaths moved it.
    fn attack_at_once(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        chooser: &mut impl Chooser,
    ) {
        let tag = self.boards[side][slot].tag();
        self.boards[side][slot].set_tag(HERO_TOKEN_TAG);
        if self.lens[1 - side] > 0 {
            self.strikes(kinds, side, slot, chooser);
        }
        let found = self
            .board(side)
            .iter()
            .position(|u| u.tag() == HERO_TOKEN_TAG);
        if let Some(at) = found {
            self.boards[side][at].mark = ATTACKED;
            self.boards[side][at].set_tag(tag);
        }
    }

    /// Plays the effect of `side`'s hero-side card `j`: a summon of its
    /// token at the right end of the board (unmarked: it attacks this
    /// round), else its action with no minion as the source, `friend` the
    /// minion whose doing fired it (the one attacked). True when it dealt
    /// damage.
    fn fire_hero(
        &mut self,
        kinds: &Kinds,
        side: usize,
        j: usize,
        friend: Option<usize>,
        chooser: &mut impl Chooser,
    ) -> bool {
        let card = kinds.heroes(side)[j];
        let action = card.effect.action;
        chooser.hear(
            super::trace::Event::Hero {
                side,
                name: card.name,
                action,
            },
            self,
        );
        if let Action::Summon { count } = action {
            if card.when_space {
                // Firestone sets the count (`triggersLeft`), not adds.
                self.space[side] = count.min(super::space::MAX_WAITING);
                return false;
            }
            let token = (kinds.hero_tokens[side][j], card.token.health);
            let end = self.lens[side] as usize;
            let entered = self.insert_tokens(kinds, side, end, token, count, UNMARKED, chooser);
            if card.attacks_at_once && entered > 0 {
                self.attack_at_once(kinds, side, end, chooser);
            }
            return false;
        }
        let fired = Fired {
            side,
            slot: None,
            unit: Unit::default(),
            friend,
            defender: None,
            reach: REACH_ALL,
            place: Place::Board,
        };
        self.act(kinds, &fired, action, chooser)
    }
}

/// The order the sides of `sides` act in at the start of combat: a coin
/// flip when both do.
pub(super) fn order(sides: [bool; 2], chooser: &mut impl Chooser) -> [Option<usize>; 2] {
    let first = if sides == [true; 2] {
        chooser.pick(2) as usize
    } else {
        usize::from(!sides[0])
    };
    [first, 1 - first].map(|s| sides[s].then_some(s))
}
