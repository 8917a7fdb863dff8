//! Counts a side keeps all game, and what grows with them: the growers
//! (`model::GROWERS`), one mechanism for every row. The counts of earlier
//! turns come in `GameBonuses`: the minions on the board show them
//! already, and one summoned enters with them
//! (`GameBonuses::entry_bonuses`). In combat a count rises (friendly
//! deaths, deathrattles triggered, improving buffs given, blood gem
//! bonuses won, a minion of a grower's own card summoned: `State::raise`); the minions it grows on the board grow at
//! once, and those summoned later enter with this combat's growth as a
//! side bonus (`State::bonus`), as Firestone plays them. A count the rules
//! read (an improving buff's multiple, a blood gem's stats) is earlier
//! turns' and this combat's.

use super::deaths::deathrattle_triggers;
use super::kinds::Kinds;
use super::state::State;
use crate::hearthstone::model::{BOARD_SIZE, Counter, GROWERS, GameBonuses, Grows, Marks, grower};

/// One grower's part in a combat: its row of `GROWERS`, one mark it grows
/// (none for a count the rules read), what that mark gains per count (a
/// count: one per count), and its place in `State::bonus` once it needs
/// one (minions of the mark can enter mid-combat, or the rules read the
/// count).
#[derive(Debug, Clone, Copy, Default)]
struct Growth {
    row: u8,
    mark: Marks,
    per_count: [u16; 2],
    slot: Option<u8>,
}

/// Places in `State::bonus` the growers may take beyond the side bonuses:
/// one per mark of a grower of minions whose count rises in combat, one
/// per other count that rises (the blood gems' is raised by a side bonus,
/// and takes a side bonus's place).
pub(super) const GROWTH_SLOTS: usize = {
    let mut n = 0;
    let mut row = 0;
    while row < GROWERS.len() {
        if GROWERS[row].counter.rises_in_combat() {
            n += match GROWERS[row].grows {
                Grows::Minions { .. } => 2,
                Grows::ImprovingBuffs => 1,
                Grows::BloodGems => 0,
            };
        }
        row += 1;
    }
    n
};

/// Growths one combat may hold: a place each, and the blood gems'.
const MAX_GROWTHS: usize = GROWTH_SLOTS + 1;

/// Counters there are.
const COUNTERS: usize = Counter::ALL.len();

/// One side's counts of earlier turns, per counter.
pub type Earlier = [[u16; 2]; COUNTERS];

/// The growers of one combat.
#[derive(Debug, Clone, Copy, Default)]
pub struct Growths {
    growths: [Growth; MAX_GROWTHS],
    count: u8,
    /// Some growth counts what the death phase raises (friendly deaths,
    /// deathrattles triggered): read on every death phase.
    by_deaths: bool,
    /// Per side, per counter (`Counter as usize`): the count of earlier
    /// turns (`GameBonuses::count`).
    earlier: [[[u16; 2]; COUNTERS]; 2],
}

impl Growths {
    /// Notes a kind with `marks` in the combat: the growers of minions of
    /// its marks whose count rises in combat. True when it grows (the
    /// first time a mark is seen or not).
    pub fn note(&mut self, marks: Marks) -> bool {
        let mut grows = false;
        for (row, g) in GROWERS.iter().enumerate() {
            if !g.counter.rises_in_combat() {
                continue;
            }
            let Grows::Minions { per_count, .. } = g.grows else {
                continue;
            };
            for (mark, times) in g.marks() {
                if !marks.intersects(mark) {
                    continue;
                }
                grows = true;
                if self.find(mark).is_none() {
                    self.add(Growth {
                        row: row as u8,
                        mark,
                        per_count: per_count.map(|n| n * times),
                        slot: None,
                    });
                }
            }
        }
        grows
    }

    /// Notes the count `counter` rising in this combat with its place in
    /// `State::bonus` (an improving buff given, a blood gem bonus won).
    pub fn note_count(&mut self, counter: Counter, slot: u8) {
        self.add(Growth {
            row: grower(counter) as u8,
            mark: Marks::NONE,
            per_count: [1, 1],
            slot: Some(slot),
        });
    }

    fn add(&mut self, growth: Growth) {
        self.growths[self.count as usize] = growth;
        self.count += 1;
        let counter = GROWERS[growth.row as usize].counter;
        self.by_deaths |= matches!(counter, Counter::OwnDeaths | Counter::Deathrattles);
    }

    /// Takes in each side's counts of earlier turns.
    pub fn add_game_bonuses(&mut self, bonuses: &[GameBonuses; 2]) {
        for (side, b) in bonuses.iter().enumerate() {
            for counter in Counter::ALL {
                self.earlier[side][counter as usize] = b.count(counter);
            }
        }
    }

    /// All of `side`'s counts of earlier turns (a Duos teammate has its
    /// own: `team.rs`).
    pub fn earlier_of(&self, side: usize) -> Earlier {
        self.earlier[side]
    }

    /// Sets `side`'s counts of earlier turns.
    pub fn set_earlier(&mut self, side: usize, earlier: Earlier) {
        self.earlier[side] = earlier;
    }

    /// `side`'s count of `counter` of earlier turns.
    pub fn earlier(&self, side: usize, counter: Counter) -> [u16; 2] {
        self.earlier[side][counter as usize]
    }

    /// The marks of `marks` that grow and have no place in `State::bonus`
    /// yet, which a minion entering mid-combat needs.
    pub fn marks_without_slot(&self, marks: Marks) -> impl Iterator<Item = Marks> + '_ {
        self.live()
            .filter(move |g| marks.intersects(g.mark) && g.slot.is_none())
            .map(|g| g.mark)
    }

    /// Gives `mark` its place in `State::bonus`.
    pub fn set_slot(&mut self, mark: Marks, slot: u8) {
        if let Some(i) = self.find(mark) {
            self.growths[i].slot = Some(slot);
        }
    }

    /// Some growth counts what the death phase raises.
    #[inline]
    pub fn by_deaths(&self) -> bool {
        self.by_deaths
    }

    /// The row of `GROWERS` whose count a minion of `marks` raises as it
    /// is summoned (`Counter::OwnSummons`), if one grows in this combat.
    pub fn counting_summons_of(&self, marks: Marks) -> Option<usize> {
        self.live().map(|g| g.row as usize).find(|&row| {
            let [(normal, _), (golden, _)] = GROWERS[row].marks();
            GROWERS[row].counter == Counter::OwnSummons && marks.intersects(normal | golden)
        })
    }

    fn live(&self) -> impl Iterator<Item = &Growth> {
        self.growths[..self.count as usize].iter()
    }

    fn find(&self, mark: Marks) -> Option<usize> {
        self.live().position(|g| g.mark == mark)
    }
}

/// At most 255 each in one combat (the memo key gives up there).
fn add_to_slot(slot: &mut [u8; 2], stats: [u16; 2]) {
    let add = |b: u8, n: u16| b.saturating_add(n.min(255) as u8);
    slot[0] = add(slot[0], stats[0]);
    slot[1] = add(slot[1], stats[1]);
}

impl State {
    /// `side`'s count of the grower `row` (of `GROWERS`) rose by `by`
    /// (a count: `[n, n]`; the blood gems' bonus: attack and health): the
    /// minions it grows living on the board (`alive`: the slots to reach)
    /// grow at once, and its place in `State::bonus` takes the rise (the
    /// growth the minions summoned later enter with, or the count).
    pub(super) fn raise(
        &mut self,
        kinds: &Kinds,
        side: usize,
        row: usize,
        by: [u16; 2],
        alive: u8,
    ) {
        let growths = kinds.growths();
        for g in growths.live().filter(|g| g.row as usize == row) {
            let stats = [0, 1].map(|i| g.per_count[i].saturating_mul(by[i]));
            if !g.mark.is_empty() {
                let len = self.lens[side] as usize;
                for i in (0..len.min(BOARD_SIZE)).filter(|&i| alive & 1 << i != 0) {
                    if kinds.marks(&self.boards[side][i]).intersects(g.mark) {
                        self.buff_at(kinds, (side, i), stats, 0, true);
                    }
                }
            }
            if let Some(b) = g.slot {
                add_to_slot(&mut self.bonus[side][b as usize], stats);
            }
        }
    }

    /// `side`'s count of `counter` in this combat (0 when nothing raised
    /// it).
    pub(super) fn combat_count(&self, kinds: &Kinds, side: usize, counter: Counter) -> [u8; 2] {
        kinds
            .growths()
            .live()
            .find(|g| GROWERS[g.row as usize].counter == counter && g.mark.is_empty())
            .and_then(|g| g.slot)
            .map_or([0, 0], |b| self.bonus[side][b as usize])
    }

    /// `n` deathrattles triggered on `side` without a death (a living
    /// minion's, `State::run_deathrattle`): the growers counting
    /// deathrattles rise, every minion of theirs on the board grows.
    #[inline(never)]
    pub(super) fn grow_with_deathrattles(&mut self, kinds: &Kinds, side: usize, n: u32) {
        let n = n.min(u32::from(u16::MAX)) as u16;
        let all = ((1u16 << self.lens[side]) - 1) as u8;
        let rows = GROWERS.iter().enumerate();
        for (row, _) in rows.filter(|(_, g)| g.counter == Counter::Deathrattles) {
            if n > 0 && kinds.growths().live().any(|g| g.row as usize == row) {
                self.raise(kinds, side, row, [n, n], all);
            }
        }
    }

    /// What the deaths of a phase (the `dead` slots) count, before its
    /// deathrattles: for each grower counting them, its own minions dying
    /// or the deathrattles to fire (each as often as it triggers). The
    /// minions that grow with them and survive grow, and those summoned
    /// after. Firestone grows with the deathrattles as each fires, which
    /// nothing in the phase reads sooner.
    #[inline(never)]
    pub(super) fn grow_with_deaths(&mut self, kinds: &Kinds, side: usize, dead: u8) {
        let len = self.lens[side] as usize;
        let alive = ((1u16 << len) - 1) as u8 & !dead;
        let board = &self.boards[side][..len];
        let dying = || board.iter().filter(|u| u.health <= 0);
        let mut rises = [0u16; GROWERS.len()];
        let mut deathrattles = None;
        for g in kinds.growths().live() {
            let row = g.row as usize;
            rises[row] = match GROWERS[row].counter {
                Counter::OwnDeaths => {
                    let [(normal, _), (golden, _)] = GROWERS[row].marks();
                    dying()
                        .filter(|u| kinds.marks(u).intersects(normal | golden))
                        .count() as u16
                }
                Counter::Deathrattles => *deathrattles.get_or_insert_with(|| {
                    let minions = dying().filter(|u| kinds.has_deathrattle(u)).count() as u32;
                    (minions * deathrattle_triggers(kinds, board)).min(u32::from(u16::MAX)) as u16
                }),
                _ => 0,
            };
        }
        for (row, &n) in rises.iter().enumerate() {
            if n > 0 {
                self.raise(kinds, side, row, [n, n], alive);
            }
        }
    }
}
