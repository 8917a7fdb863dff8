//! Minions that grow with a count their side keeps: "has +4/+2 for each
//! friendly Eternal Knight that died this game" (Eternal Knight), "for
//! each Deathrattle you've triggered this game" (Falling Sky Golem).
//! The board's stats hold the count of earlier turns; in combat the count
//! rises, the minions of the card on the board grow with it, and one
//! summoned enters with the whole count: of earlier turns as a game bonus
//! (`GameBonuses`), of this combat as a side bonus (`State::bonus`), as
//! Firestone plays them.

use super::auras::buff;
use super::deaths::deathrattle_triggers;
use super::kinds::Kinds;
use super::state::State;
use crate::hearthstone::model::BOARD_SIZE;
use crate::hearthstone::model::{ETERNAL_KNIGHT_GROWTH, FALLING_SKY_GOLEM_GROWTH, Marks};

/// What a side counts in combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Counter {
    /// Friendly Eternal Knights dying: counted in their death phase before
    /// the deathrattles (Firestone's `EternalKnightsDeadThisGame`); the
    /// knights on the board grow in its "whenever a minion dies" step.
    #[default]
    KnightDeaths,
    /// Friendly deathrattles triggering, each time one fires (Titus
    /// Rivendare's extra times too: Firestone's
    /// `DeathrattlesTriggeredThisGame`).
    Deathrattles,
}

/// A card that grows with a count: its normal and golden marks
/// (`CardDef::marks`), what it counts, and what the normal card gains per
/// count (the golden twice as much).
pub(super) struct Grower {
    normal: Marks,
    golden: Marks,
    counter: Counter,
    per_count: [u16; 2],
}

pub(super) const GROWERS: [Grower; 2] = [
    Grower {
        normal: Marks::ETERNAL_KNIGHT,
        golden: Marks::GOLDEN_ETERNAL_KNIGHT,
        counter: Counter::KnightDeaths,
        per_count: ETERNAL_KNIGHT_GROWTH,
    },
    Grower {
        normal: Marks::FALLING_SKY_GOLEM,
        golden: Marks::GOLDEN_FALLING_SKY_GOLEM,
        counter: Counter::Deathrattles,
        per_count: FALLING_SKY_GOLEM_GROWTH,
    },
];

/// Every card mark that grows: a minion carrying one of these never
/// fights as a plain minion.
pub(super) const GROWING_MARKS: Marks = Marks::ETERNAL_KNIGHT
    .union(Marks::GOLDEN_ETERNAL_KNIGHT)
    .union(Marks::FALLING_SKY_GOLEM)
    .union(Marks::GOLDEN_FALLING_SKY_GOLEM);

/// One mark's growth in a combat.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Growth {
    mark: Marks,
    counter: Counter,
    per_count: [u16; 2],
    /// Its side bonus (`State::bonus` index) when minions of the mark can
    /// enter mid-combat (tokens, reborn copies).
    bonus: Option<u8>,
}

/// The marks that grow in one combat (two cards, normal and golden).
#[derive(Debug, Clone, Copy, Default)]
pub struct Growths {
    growths: [Growth; 4],
    count: u8,
    /// The counters some mark counts, a bit each (`Counter as u8`): read
    /// on every death phase.
    counters: u8,
}

impl Growths {
    /// Notes a kind with `marks` in the combat; true when it grows (the
    /// first time a mark is seen or not).
    pub fn note(&mut self, marks: Marks) -> bool {
        for g in &GROWERS {
            for (mark, times) in [(g.normal, 1), (g.golden, 2)] {
                if !marks.intersects(mark) || self.find(mark).is_some() {
                    continue;
                }
                self.growths[self.count as usize] = Growth {
                    mark,
                    counter: g.counter,
                    per_count: g.per_count.map(|n| n * times),
                    bonus: None,
                };
                self.count += 1;
                self.counters |= 1 << g.counter as u8;
            }
        }
        marks.intersects(GROWING_MARKS)
    }

    /// The marks of `marks` that grow and have no side bonus yet, which a
    /// minion entering mid-combat needs.
    pub fn marks_without_bonus(&self, marks: Marks) -> impl Iterator<Item = Marks> + '_ {
        self.live()
            .filter(move |g| marks.intersects(g.mark) && g.bonus.is_none())
            .map(|g| g.mark)
    }

    /// Gives `mark` its side bonus at `index`.
    pub fn set_bonus(&mut self, mark: Marks, index: u8) {
        if let Some(i) = self.find(mark) {
            self.growths[i].bonus = Some(index);
        }
    }

    /// Side bonuses the growths hold.
    pub fn bonuses(&self) -> u8 {
        self.live().filter(|g| g.bonus.is_some()).count() as u8
    }

    /// Some mark in the combat grows.
    #[inline]
    pub fn any(&self) -> bool {
        self.counters != 0
    }

    /// Some mark in the combat counts `counter`.
    #[inline]
    pub fn counts(&self, counter: Counter) -> bool {
        self.counters & 1 << counter as u8 != 0
    }

    pub(super) fn live(&self) -> impl Iterator<Item = &Growth> {
        self.growths[..self.count as usize].iter()
    }

    pub(super) fn find(&self, mark: Marks) -> Option<usize> {
        self.live().position(|g| g.mark == mark)
    }
}

impl State {
    /// `side`'s count of `counter` rose by `n`: the minions of the marks
    /// that count it grow, those living on the board at once (`alive`:
    /// the slots to reach) and those summoned later through their side
    /// bonus (at most 255 each: the memo key gives up there).
    pub(super) fn grow(&mut self, kinds: &Kinds, side: usize, counter: Counter, n: u16, alive: u8) {
        for g in kinds.growths().live().filter(|g| g.counter == counter) {
            let [attack, health] = g.per_count.map(|p| p.saturating_mul(n));
            let len = self.lens[side] as usize;
            for i in (0..len.min(BOARD_SIZE)).filter(|&i| alive & 1 << i != 0) {
                let u = &mut self.boards[side][i];
                if kinds.marks(u).intersects(g.mark) {
                    buff(kinds, u, attack, health, 0);
                }
            }
            if let Some(b) = g.bonus {
                let bonus = &mut self.bonus[side][b as usize];
                let add = |b: u8, n: u16| b.saturating_add(n.min(255) as u8);
                bonus[0] = add(bonus[0], attack);
                bonus[1] = add(bonus[1], health);
            }
        }
    }
}

impl State {
    /// What the deaths of a phase (the `dead` slots) count, before its
    /// deathrattles (`growth.rs`): the Eternal Knights dying, the
    /// deathrattles to fire (each as often as it triggers). The minions
    /// that count them and survive grow, and those summoned after.
    /// Firestone grows the Golems as each deathrattle fires, which nothing
    /// in the phase reads sooner.
    #[inline(never)]
    pub(super) fn grow_with_deaths(&mut self, kinds: &Kinds, side: usize, dead: u8) {
        let len = self.lens[side] as usize;
        let alive = ((1u16 << len) - 1) as u8 & !dead;
        let board = &self.boards[side][..len];
        let dying = || board.iter().filter(|u| u.health <= 0);
        let knights = dying()
            .filter(|u| {
                kinds
                    .marks(u)
                    .intersects(Marks::ETERNAL_KNIGHT | Marks::GOLDEN_ETERNAL_KNIGHT)
            })
            .count() as u16;
        let deathrattles = if kinds.growths.counts(Counter::Deathrattles) {
            let minions = dying().filter(|u| kinds.has_deathrattle(u)).count() as u32;
            (minions * deathrattle_triggers(kinds, board)).min(u32::from(u16::MAX)) as u16
        } else {
            0
        };
        if knights > 0 {
            self.grow(kinds, side, Counter::KnightDeaths, knights, alive);
        }
        if deathrattles > 0 {
            self.grow(kinds, side, Counter::Deathrattles, deathrattles, alive);
        }
    }
}
