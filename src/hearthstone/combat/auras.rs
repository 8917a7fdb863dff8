//! Stat auras, side bonuses and buffs. A minion entering takes the auras
//! of its friends and its side's bonuses (for the rest of the combat, and
//! from earlier turns when it is summoned); an aura's minion dying takes
//! its bonus away from its friends. A buff may bring keywords with it (a
//! shield at some attack, taunt with a shield).

use super::damage::DESTROYED;
use super::flags::Flag;
use super::kinds::Kinds;
use super::state::State;
use super::unit::Unit;
use crate::hearthstone::model::{
    Action, BonusTo, Effect, HeroCard, SHIELD, TAUNT, Target, Trigger, grower,
};

impl State {
    /// The stat auras met as the units at the slots of `entering` (on
    /// `side`) enter, left to right, beside those at the slots of
    /// `present`: each entering unit and each unit already there give each
    /// other their bonus where their aura reaches, and each entering unit
    /// takes its side's bonuses (`State::bonus`). Kept out of the hot
    /// paths, which most combats run without auras.
    /// Summoned units (`summoned`: not the starting boards) also take
    /// their side's bonuses from earlier turns (`GameBonuses`).
    #[inline(never)]
    pub(super) fn enter_auras(
        &mut self,
        kinds: &Kinds,
        side: usize,
        entering: u8,
        present: u8,
        summoned: bool,
    ) {
        let mut present = present;
        let mut entering = entering;
        while entering != 0 {
            let slot = entering.trailing_zeros() as usize;
            entering &= entering - 1;
            // Its hero-side cards' gift first (Firestone's hero powers
            // in `handleAddedMinionAuraEffect`), from another source.
            let (attack, health, keywords) = kinds.summoned_gifts[side];
            if summoned && (attack, health, keywords) != (0, 0, 0) {
                self.buff_at(kinds, (side, slot), [attack, health], keywords, false);
            }
            let mut rest = present & !(1 << slot);
            while rest != 0 {
                let other = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                for (giver, taker) in [(other, slot), (slot, other)] {
                    let g = kinds.facts(&self.boards[side][giver]);
                    let (tribes, attack, health) = (g.aura_tribes, g.aura_attack, g.aura_health);
                    let t = &mut self.boards[side][taker];
                    if tribes != 0 && kinds.tribes(t) & tribes != 0 {
                        buff(kinds, t, attack, health, 0);
                    }
                }
            }
            present |= 1 << slot;
            // What entering gives counts as the minion's own gain, but a
            // bonus to every minion (Firestone's hero-wide
            // `AdditionalAttack`) is added raw: no listener hears it.
            for b in 0..kinds.bonus_count() {
                let [attack, health] = self.bonus[side][b];
                if kinds.takes_slot(&self.boards[side][slot], b) {
                    let stats = [attack.into(), health.into()];
                    if kinds.slot_is(b, BonusTo::Every) {
                        buff(kinds, &mut self.boards[side][slot], stats[0], stats[1], 0);
                    } else {
                        self.buff_at(kinds, (side, slot), stats, 0, true);
                    }
                }
            }
            if summoned {
                let entries = &kinds.entry_bonuses[side][..kinds.entry_counts[side] as usize];
                for &(to, attack, health) in entries {
                    if kinds.takes(&self.boards[side][slot], to) {
                        self.buff_at(kinds, (side, slot), [attack, health], 0, true);
                    }
                }
                // A grower counting its own card's summons
                // (`Counter::OwnSummons`): once it entered with the count so far, the
                // others of its card on the board grow (Firestone's
                // order: the count rises, the others grow, then its own
                // aura gives it the count before it).
                let marks = kinds.marks(&self.boards[side][slot]);
                if let Some(row) = kinds.growths().counting_summons_of(marks) {
                    let living = self.board(side).iter().enumerate();
                    let living = living.fold(0u8, |m, (i, u)| m | u8::from(u.health > 0) << i);
                    self.raise(kinds, side, row, [1, 1], present & living & !(1 << slot));
                }
            }
        }
    }

    /// The attack the summoned unit at `slot` on `side` has from what
    /// entering gave it (see `enter_auras`): the stat auras of the
    /// minions beside it, its side's bonuses for the rest of the combat
    /// and from earlier turns. Firestone takes these off and puts them
    /// back around setting a minion's stats (`Action::MultiplyAttack`).
    pub(super) fn entry_attack(&self, kinds: &Kinds, side: usize, slot: usize) -> u16 {
        self.entry_stats(kinds, side, slot)[0]
    }

    /// The attack and health the unit at `slot` on `side` has from what
    /// entering gave it (see `entry_attack`): what Firestone's
    /// `setEntityStats` puts back after setting a minion's stats.
    pub(super) fn entry_stats(&self, kinds: &Kinds, side: usize, slot: usize) -> [u16; 2] {
        let u = &self.boards[side][slot];
        let tribes = kinds.tribes(u);
        let mut stats = [0u16; 2];
        let mut add = |a: u16, h: u16| {
            stats = [stats[0].saturating_add(a), stats[1].saturating_add(h)];
        };
        for (i, other) in self.board(side).iter().enumerate() {
            let g = kinds.facts(other);
            if i != slot && g.aura_tribes != 0 && tribes & g.aura_tribes != 0 {
                add(g.aura_attack, g.aura_health);
            }
        }
        for b in 0..kinds.bonus_count() {
            if kinds.takes_slot(u, b) {
                let [a, h] = self.bonus[side][b];
                add(a.into(), h.into());
            }
        }
        let entries = &kinds.entry_bonuses[side][..kinds.entry_counts[side] as usize];
        for &(to, a, h) in entries {
            if kinds.takes(u, to) {
                add(a, h);
            }
        }
        stats
    }

    /// The auras of `side`'s dying minions leave with them: their friends
    /// that survive lose the bonus, down to 0 attack and 1 health at least
    /// (Firestone's removal; a dying minion stays dying).
    #[inline(never)]
    pub(super) fn leave_auras(&mut self, kinds: &Kinds, side: usize) {
        let len = self.lens[side] as usize;
        for d in 0..len {
            let dead = self.boards[side][d];
            let g = kinds.facts(&dead);
            if dead.health > 0 || g.aura_tribes == 0 {
                continue;
            }
            for u in &mut self.boards[side][..len] {
                if u.health > 0 && kinds.tribes(u) & g.aura_tribes != 0 {
                    u.attack = u.attack.saturating_sub(g.aura_attack);
                    if g.aura_health > 0 {
                        let health = i32::from(u.health) - i32::from(g.aura_health);
                        u.health = health.max(1) as i16;
                    }
                }
            }
        }
    }
}

impl State {
    /// A buff to `side`'s unit at `slot` (`buff`), heard by the friendly
    /// minions listening for a gain of attack
    /// (`Trigger::FriendlyGainsAttack`): the one way a buff that counts
    /// as a gain reaches a minion (minions' stat auras do not: Firestone
    /// adds them without a stat change). `own`: the minion buffs itself
    /// (its own effect, or what entering gives it). Inlined, as `buff`.
    #[inline(always)]
    pub(super) fn buff_at(
        &mut self,
        kinds: &Kinds,
        (side, slot): (usize, usize),
        [attack, health]: [u16; 2],
        keywords: u8,
        own: bool,
    ) {
        buff(
            kinds,
            &mut self.boards[side][slot],
            attack,
            health,
            keywords,
        );
        if attack > 0 && kinds.any(Flag::GainsAttack) {
            self.hear_attack_gain(kinds, side, slot, own);
        }
    }

    /// The listeners of `side` hear its minion at `slot` gain attack, left
    /// to right, dying ones too (Firestone's board holds them): each
    /// health gift to it, to the listener or to every friendly minion
    /// lands at once. The gifts gain
    /// no attack, so nothing more hears them.
    #[inline(never)]
    pub(super) fn hear_attack_gain(&mut self, kinds: &Kinds, side: usize, slot: usize, own: bool) {
        let gainer = kinds.tribes(&self.boards[side][slot]);
        for j in 0..self.lens[side] as usize {
            let listener = self.boards[side][j];
            if !kinds.facts(&listener).has(Flag::GainsAttack) {
                continue;
            }
            for e in kinds.kinds[listener.kind as usize].effects {
                let hears = match e.trigger {
                    Trigger::FriendlyGainsAttack { tribes, other } => {
                        (tribes == 0 || gainer & tribes != 0) && !(other && j == slot)
                    }
                    Trigger::GainsAttackFromOthers => j == slot && !own,
                    Trigger::GainsAttack => j == slot,
                    _ => false,
                };
                if !hears {
                    continue;
                }
                let Action::Buff {
                    target,
                    attack: 0,
                    health,
                    keywords: 0,
                } = e.action
                else {
                    continue;
                };
                match target {
                    Target::Friend => buff(kinds, &mut self.boards[side][slot], 0, health, 0),
                    Target::This => buff(kinds, &mut self.boards[side][j], 0, health, 0),
                    // Every friendly minion, dying ones too (Firestone's
                    // `addStatsToBoard`).
                    Target::Friendly {
                        tribes: 0,
                        other: false,
                        living: false,
                    } => {
                        for k in 0..self.lens[side] as usize {
                            buff(kinds, &mut self.boards[side][k], 0, health, 0);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// What a hero-side card gives each minion summoned on its side
/// (`cards::PowerPlay::GivesSummoned`: "whenever a friendly minion is
/// summoned, give it ..."): attack, health, keywords.
pub(super) fn summoned_gift(card: &HeroCard) -> Option<(u16, u16, u8)> {
    match card.effect {
        Effect {
            trigger:
                Trigger::FriendlySummoned {
                    tribes: 0,
                    after: false,
                },
            action:
                Action::Buff {
                    target: Target::Friend,
                    attack,
                    health,
                    keywords,
                },
        } => Some((attack, health, keywords)),
        _ => None,
    }
}

/// Adds a buff to a unit (a shield brings taunt to a minion that has
/// taunt with it: `Action::TauntWithShield`; reaching its attack brings
/// the shield of `Action::ShieldAtAttack`).
#[inline]
pub(super) fn buff(kinds: &Kinds, u: &mut Unit, attack: u16, health: u16, keywords: u8) {
    let before = u.attack;
    u.attack = u.attack.saturating_add(attack);
    u.health = u.health.saturating_add(health.min(i16::MAX as u16) as i16);
    u.keywords |= keywords;
    if kinds.any_buff_keywords() {
        buff_keywords(kinds, u, before, keywords);
    }
}

impl State {
    /// A side bonus (`Action::SideBonus`; other actions do nothing): for
    /// the rest of the combat the minions of its tribes entering get it,
    /// and every friendly one of them on the board now (a deathrattle's
    /// reach or not: those its phase summons after it would have entered
    /// with the bonus), dying ones too when `dying` (a buff may bring them
    /// back).
    pub(super) fn give_side_bonus(
        &mut self,
        kinds: &Kinds,
        side: usize,
        action: Action,
        dying: bool,
    ) {
        let Action::SideBonus { to, attack, health } = action else {
            return;
        };
        // A count the side keeps (its blood gems' bonus) grows.
        if let Some(counter) = to.counter() {
            self.raise(kinds, side, grower(counter), [attack, health], 0);
            return;
        }
        let b = kinds.bonus_index(to);
        let bonus = &mut self.bonus[side][b];
        // At most 255 each (the memo key gives up there).
        let add = |b: u8, n: u16| b.saturating_add(n.min(255) as u8);
        bonus[0] = add(bonus[0], attack);
        bonus[1] = add(bonus[1], health);
        let floor = if dying { DESTROYED } else { 0 };
        let len = self.lens[side] as usize;
        let takes = |u: &Unit| u.health > floor && to.reaches(kinds.tribes(u), kinds.marks(u));
        for u in &mut self.boards[side][..len] {
            if takes(u) {
                buff(kinds, u, attack, health, 0);
            }
        }
        // Heard once every minion has it (the gifts heard are health:
        // the order changes nothing).
        if attack > 0 && kinds.any(Flag::GainsAttack) {
            for i in 0..len {
                if takes(&self.boards[side][i]) {
                    self.hear_attack_gain(kinds, side, i, false);
                }
            }
        }
    }
}

/// The keywords a buff brings beyond its own: a shield at an attack,
/// taunt with a shield (out of line: few combats have them).
#[inline(never)]
pub(super) fn buff_keywords(kinds: &Kinds, u: &mut Unit, attack_before: u16, keywords: u8) {
    let mut keywords = keywords;
    let threshold = kinds.shield_at_attack(u);
    if threshold > 0 && attack_before < threshold && u.attack >= threshold {
        keywords |= SHIELD;
        u.keywords |= SHIELD;
    }
    if keywords & SHIELD != 0 && kinds.taunt_with_shield(u) {
        u.keywords |= TAUNT;
    }
}
