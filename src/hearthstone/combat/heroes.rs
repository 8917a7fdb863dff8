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
use super::unit::{ATTACKED, FLANK_TAG, HERO_TOKEN_TAG, UNMARKED, Unit};
use crate::hearthstone::model::{Action, BOARD_SIZE, HeroCard, MAX_HERO_CARDS, Trigger};

impl State {
    /// The hero-side cards' start-of-combat effects: first the pre-combat
    /// hero powers (`HeroCard::pre_combat`, a random side first when both
    /// have one), then the summon-when-space step; then those that attack
    /// at once (`Action::FlanksAttack`, Firestone's Illidan phase: a
    /// random side first when both have one), then the start-of-combat
    /// hero powers (`HeroCard::hero_power`, Firestone's hero power
    /// phase: a random side first when both have one), then the others
    /// (Firestone's secret phase): a random side first, its cards in the
    /// game state's order, each followed by its death phase.
    /// Only the sides of `sides` act (a Duos teammate coming in: its own
    /// start of combat alone, and no coin flip).
    pub(super) fn heroes_start_of_combat(
        &mut self,
        kinds: &Kinds,
        sides: [bool; 2],
        chooser: &mut impl Chooser,
    ) {
        let pre = |card: &HeroCard| card.pre_combat;
        let pres = [0, 1].map(|side| sides[side] && kinds.heroes(side).iter().any(pre));
        if pres.contains(&true) {
            for side in order(pres, chooser).into_iter().flatten() {
                for j in 0..kinds.heroes(side).len() {
                    // A minion destroyed dies at once, and its copy
                    // enters if there is room (Firestone's death phase and
                    // summon-when-space step after each pre-combat power).
                    if pre(&kinds.heroes(side)[j]) && self.fire_hero(kinds, side, j, None, chooser)
                    {
                        self.after_start_damage(kinds, chooser);
                    }
                }
            }
            self.summon_when_space(kinds, chooser);
        }
        let first = |card: &HeroCard| matches!(card.effect.action, Action::FlanksAttack { .. });
        let firsts = [0, 1].map(|side| sides[side] && kinds.heroes(side).iter().any(first));
        if firsts.contains(&true) {
            for side in order(firsts, chooser).into_iter().flatten() {
                for j in 0..kinds.heroes(side).len() {
                    if first(&kinds.heroes(side)[j]) {
                        self.fire_hero(kinds, side, j, None, chooser);
                        self.after_start_damage(kinds, chooser);
                    }
                }
            }
        }
        // Firestone's hero power phase, its own coin flip.
        let power = |card: &HeroCard| card.hero_power && !pre(card) && !first(card);
        let powers = [0, 1].map(|side| sides[side] && kinds.heroes(side).iter().any(power));
        if powers.contains(&true) {
            for side in order(powers, chooser).into_iter().flatten() {
                for j in 0..kinds.heroes(side).len() {
                    if power(&kinds.heroes(side)[j])
                        && self.fire_hero(kinds, side, j, None, chooser)
                    {
                        self.after_start_damage(kinds, chooser);
                    }
                }
            }
        }
        for side in order(sides, chooser).into_iter().flatten() {
            for j in 0..kinds.heroes(side).len() {
                let card = &kinds.heroes(side)[j];
                if card.effect.trigger == Trigger::StartOfCombat
                    && !first(card)
                    && !pre(card)
                    && !power(card)
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

    /// `side`'s left-most and right-most minions gain `stats`, then
    /// attack at once, the right-most only if it lives after the
    /// left-most's attack (Firestone's Wingmen: both buffs first, each
    /// attack as on a turn, no round mark kept); then the other side
    /// attacks first (`State::force_turn`). Each is found by a tag of its
    /// own after the attacks' deaths moved it.
    pub(super) fn flanks_attack(
        &mut self,
        kinds: &Kinds,
        side: usize,
        stats: [u16; 2],
        chooser: &mut impl Chooser,
    ) {
        let len = self.lens[side] as usize;
        if len == 0 {
            return;
        }
        let flanks = [(0, HERO_TOKEN_TAG), (len - 1, FLANK_TAG)];
        let flanks = &flanks[..len.min(2)];
        let mut saved = [0u8; 2];
        for (k, &(slot, tag)) in flanks.iter().enumerate() {
            saved[k] = self.boards[side][slot].tag();
            self.boards[side][slot].set_tag(tag);
            self.buff_at(kinds, (side, slot), stats, 0, false);
        }
        for &(_, tag) in flanks {
            let found = self.board(side).iter().position(|u| u.tag() == tag);
            let Some(at) = found.filter(|&at| self.boards[side][at].health > 0) else {
                continue;
            };
            if self.lens[1 - side] == 0 {
                break;
            }
            self.strikes(kinds, side, at, chooser);
        }
        for (k, &(_, tag)) in flanks.iter().enumerate() {
            if let Some(at) = self.board(side).iter().position(|u| u.tag() == tag) {
                self.boards[side][at].set_tag(saved[k]);
            }
        }
        self.force_turn(1 - side);
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
        if card.when_space && matches!(action, Action::SummonCopyOfBest { .. }) {
            // Its copy waits for room, once (Firestone's `ready`, then
            // `activated` as the summon-when-space step finds room).
            self.space[side] = 1;
            return false;
        }
        if let Action::Summon { count } = action {
            if card.when_space {
                // Firestone sets the count (`triggersLeft`), not adds.
                self.space[side] = count.min(super::space::MAX_WAITING);
                return false;
            }
            let health = card
                .minion
                .map_or(card.token.health, |m| m.health.max(1) as u16);
            let token = (kinds.hero_tokens[side][j], health);
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
        let acted = self.act(kinds, &fired, action, chooser);
        if card.resummons && acted {
            // Its copy waits for room (Firestone's `info`, set as the
            // minion is destroyed).
            self.space[side] = 1;
        }
        acted
    }

    /// `Target::Chosen`: `side`'s minion at `slot` destroyed (it dies in
    /// the next death pass). True when one stood there.
    pub(super) fn destroy_chosen(&mut self, side: usize, slot: usize) -> bool {
        if slot >= self.lens[side] as usize {
            return false;
        }
        self.boards[side][slot].health = super::damage::DESTROYED;
        true
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

/// Refuses the combats where a pre-combat hero power's waiting summon
/// (Tentacular) shares its side's count of waiting summons with another
/// hero-side card's (the engine keeps one count and one token a side).
pub(super) fn validate_pre_combat(c: &super::Combat) -> crate::error::Result<()> {
    // Its gift to minions summoned is the side's, which a teammate's
    // player does not carry (`Player`).
    if c.has_teammates()
        && let Some(card) = c
            .heroes
            .iter()
            .flatten()
            .find(|h| super::auras::summoned_gift(h).is_some())
    {
        return Err(crate::error::Error::invalid(format!(
            "{} ({}): its gift to minions summoned is not modelled beside Duos teammates",
            card.name, card.id
        ))
        .with_culprit(card.name));
    }
    // A second copy would be taken after the first one's death phase,
    // which may have changed its minion (the engine takes both as the
    // combat began).
    let mut resummoners = c.heroes.iter().flatten().filter(|h| h.resummons);
    if let (Some(card), Some(_)) = (resummoners.next(), resummoners.next()) {
        return Err(crate::error::Error::invalid(format!(
            "{} ({}): two in one combat are not modelled (each copy is taken after the other's deaths)",
            card.name, card.id
        ))
        .with_culprit(card.name));
    }
    for cards in &c.heroes {
        let Some(card) = cards.iter().find(|h| h.pre_combat && h.when_space) else {
            continue;
        };
        if let Some(other) = cards.iter().find(|h| h.when_space && h.id != card.id) {
            return Err(crate::error::Error::invalid(format!(
                "{} ({}): its summon waiting for room is not modelled beside {}'s on the same side",
                card.name, card.id, other.name
            ))
            .with_culprit(card.name));
        }
    }
    Ok(())
}

/// Refuses the combats where a hero-side card's flank attacks
/// (`Action::FlanksAttack`) are not played exactly: beside Duos
/// teammates, beside summons waiting for room (Firestone's Wingmen
/// attacks skip that step) and beside a minion that remembers
/// deathrattles (as a minion attacking at the start of combat is).
pub(super) fn validate_flanks(c: &super::Combat) -> crate::error::Result<()> {
    let mates = c.teammates.iter().flatten().flat_map(|t| t.heroes.iter());
    let all_heroes = || c.heroes.iter().flatten().chain(mates.clone());
    let Some(card) = all_heroes().find(|h| matches!(h.effect.action, Action::FlanksAttack { .. }))
    else {
        return Ok(());
    };
    let minions = || c.a.iter().chain(&c.b);
    let beside = if c.has_teammates() {
        Some("Duos teammates")
    } else if all_heroes().any(|h| h.when_space)
        || minions().any(|m| {
            m.effects
                .iter()
                .any(|e| matches!(e.action, Action::SummonWhenSpace { .. }))
        })
    {
        Some("summons waiting for room")
    } else if minions().any(|m| {
        m.effects
            .iter()
            .any(|e| matches!(e.action, Action::GainDeathrattles { .. }))
    }) {
        Some("a minion that gains deathrattles")
    } else {
        None
    };
    match beside {
        Some(why) => Err(crate::error::Error::invalid(format!(
            "{} ({}): its attacks at the start of combat are not modelled beside {why}",
            card.name, card.id
        ))
        .with_culprit(card.name)),
        None => Ok(()),
    }
}
