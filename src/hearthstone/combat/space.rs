//! Summons that wait for room (Firestone's summon-when-space step), of
//! two sources: a hero-side card's start of combat sets its side's
//! waiting summons (`State::space`, `HeroCard::when_space`), entering at
//! the right end; a minion's start of combat sets its own charges
//! (`Action::SummonWhenSpace`, in its count), its tokens entering to its
//! right. Firestone runs the step after each start-of-combat phase and
//! effect with its death phase, before each attack and after each death
//! phase; room only opens in a death phase, so the engine runs it at the
//! end of the secrets' phase, after each start-of-combat death phase and
//! after each attack's death phase (the runs it skips would find no
//! room). Each side in turn (a random side first when the order can
//! matter) summons its waiting tokens, then its minion's.
//!
//! A minion's token that attacks at once attacks as it enters, and the
//! death phase of that attack runs the step again before the charge is
//! spent (Firestone 1.1.755: the spawn attacks inside the summon, and the
//! attack's `processMinionDeath` runs the step; the charge is taken off
//! when the summon returns). So tokens keep coming while their attacks
//! kill something and room is left; a charge is spent only as such a
//! chain ends. The nesting is kept as a stack of runs, not recursion:
//! a chain can be as long as the enemy's health allows.

use super::Combat;
use super::chooser::Chooser;
use super::flags::Flag;
use super::kinds::Kinds;
use super::state::State;
use super::unit::{ATTACKED, UNMARKED};
use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, BOARD_SIZE, Minion};

/// The most summons one side keeps waiting (three bits in the keys).
pub(super) const MAX_WAITING: u8 = 7;

/// The most runs open at once: a chain of tokens longer than this (no
/// board's health allows it) stops following the step.
const MAX_NESTING: usize = super::MAX_TURNS;

/// A tag no unit holds outside the start of combat (whose tags are the
/// slots 1 to 7, and whose minions keep their own): an attacker followed
/// through the step (`State::summon_when_space_keeping`).
const KEPT_TAG: u8 = 7;

/// One run of the step (Firestone's nesting: a run opened by a token's
/// attack finishes before the charge of the run that summoned it is
/// spent): the sides in the order it takes them, the one it is at, and
/// whether that side's minion is summoning.
#[derive(Debug, Clone, Copy)]
struct Run {
    sides: [u8; 2],
    /// Sides it takes (1: a minion's own start of combat).
    n: u8,
    at: u8,
    looping: bool,
    /// It summons the hero-side card's waiting tokens too.
    waiting: bool,
}

/// What the runs of one step share: each side's summoning minion's
/// charges (Firestone's entity field: a minion that died keeps summoning
/// in the runs already open, at the left end) and its token.
#[derive(Debug, Clone, Copy, Default)]
struct Charges {
    left: [u8; 2],
    token: [((u8, u16), bool); 2],
}

impl State {
    /// The summon-when-space step: each side with summons waiting and
    /// room on its board summons them (a random side first when the
    /// order can matter).
    #[inline(never)]
    pub(super) fn summon_when_space(&mut self, kinds: &Kinds, chooser: &mut impl Chooser) {
        if let Some(run) = self.step_run(kinds, chooser) {
            self.run_steps(kinds, run, Charges::default(), chooser);
        }
    }

    /// The step after an attack whose attacker (`side`'s, at `alive`)
    /// attacks again: its slot afterwards (tokens may enter left of it),
    /// found by its tag (its own if it has one, else `KEPT_TAG`).
    #[inline(never)]
    pub(super) fn summon_when_space_keeping(
        &mut self,
        kinds: &Kinds,
        side: usize,
        alive: Option<usize>,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        let Some(i) = alive else {
            self.summon_when_space(kinds, chooser);
            return None;
        };
        let own = self.boards[side][i].tag();
        let tag = if own != 0 { own } else { KEPT_TAG };
        self.boards[side][i].set_tag(tag);
        self.summon_when_space(kinds, chooser);
        let at = self.board(side).iter().position(|u| u.tag() == tag)?;
        self.boards[side][at].set_tag(own);
        Some(at)
    }

    /// A minion's start of combat (`Action::SummonWhenSpace`): its
    /// charges set (not added, as Firestone's), then its own summons while
    /// there is room (Firestone calls its summons alone here; the full
    /// step follows the effect's death phase: true, for it).
    #[cold]
    #[inline(never)]
    pub(super) fn start_summons_when_space(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: Option<usize>,
        count: u8,
        chooser: &mut impl Chooser,
    ) -> bool {
        let Some(slot) = slot else { return false };
        let count = count.min(crate::hearthstone::model::MAX_COUNT);
        self.boards[side][slot].set_count(count);
        let run = Run {
            sides: [side as u8; 2],
            n: 1,
            at: 0,
            looping: false,
            waiting: false,
        };
        self.run_steps(kinds, run, Charges::default(), chooser);
        true
    }

    /// The slot of `side`'s minion with summons left (at most one a side:
    /// `validate_space`).
    fn charged(&self, kinds: &Kinds, side: usize) -> Option<usize> {
        self.board(side)
            .iter()
            .position(|u| u.count() > 0 && kinds.when_space_token(u).is_some())
    }

    /// A run of the step over both sides, or none when no side has room
    /// and something to summon. The sides' order is drawn when both have
    /// something to summon and one's summons can change the other's (both
    /// have room, or a side with room has a minion whose tokens attack).
    fn step_run(&self, kinds: &Kinds, chooser: &mut impl Chooser) -> Option<Run> {
        let minion = [0, 1].map(|side| self.charged(kinds, side).is_some());
        let pending = [0, 1].map(|side| self.space[side] > 0 || minion[side]);
        let acts = [0, 1].map(|side| pending[side] && (self.lens[side] as usize) < BOARD_SIZE);
        let first = match acts {
            [false, false] => return None,
            [a, b] => {
                let matters = (a && (b || minion[0])) || (b && minion[1]);
                if pending[0] && pending[1] && matters {
                    chooser.pick(2) as u8
                } else {
                    u8::from(!a)
                }
            }
        };
        Some(Run {
            sides: [first, 1 - first],
            n: 2,
            at: 0,
            looping: false,
            waiting: true,
        })
    }

    /// Runs `first` and the runs the tokens' attacks open, innermost
    /// first.
    #[inline(never)]
    fn run_steps(
        &mut self,
        kinds: &Kinds,
        first: Run,
        mut charges: Charges,
        chooser: &mut impl Chooser,
    ) {
        let mut open: Vec<Run> = Vec::new();
        let mut run = first;
        loop {
            if run.at >= run.n {
                let Some(outer) = open.pop() else { return };
                run = outer;
                // The outer run's token attack is over: its charge spent.
                self.spend_charge(kinds, run.sides[run.at as usize] as usize, &mut charges);
                continue;
            }
            let side = run.sides[run.at as usize] as usize;
            if !run.looping {
                if run.waiting {
                    self.summon_waiting(kinds, side, chooser);
                }
                let Some(i) = self.charged(kinds, side) else {
                    run.at += 1;
                    continue;
                };
                let u = self.boards[side][i];
                charges.left[side] = u.count();
                charges.token[side] = kinds.when_space_token(&u).unwrap_or_default();
                run.looping = true;
            }
            if (self.lens[side] as usize) >= BOARD_SIZE || charges.left[side] == 0 {
                run.looping = false;
                run.at += 1;
                continue;
            }
            if self.summon_one(kinds, side, charges.token[side], chooser)
                && open.len() < MAX_NESTING
                && let Some(inner) = self.step_run(kinds, chooser)
            {
                open.push(run);
                run = inner;
                continue;
            }
            self.spend_charge(kinds, side, &mut charges);
        }
    }

    /// One charge of `side`'s summoning minion spent (kept on the minion
    /// while it lives).
    fn spend_charge(&mut self, kinds: &Kinds, side: usize, charges: &mut Charges) {
        if let Some(i) = self.charged(kinds, side) {
            self.boards[side][i].set_count(charges.left[side].saturating_sub(1));
        }
        charges.left[side] = charges.left[side].saturating_sub(1);
    }

    /// One token of `side`'s summoning minion enters to its right (at
    /// the left end once it died: Firestone's index of a minion gone) and,
    /// if it attacks at once, attacks while enemies are left (a random
    /// target as on a turn; it has attacked this round after, Firestone's
    /// `hasAttacked`, even when every enemy is in stealth). True when
    /// the attack killed some minion (its death phase runs the step).
    #[inline(never)]
    fn summon_one(
        &mut self,
        kinds: &Kinds,
        side: usize,
        (token, attacks): ((u8, u16), bool),
        chooser: &mut impl Chooser,
    ) -> bool {
        let at = self.charged(kinds, side).map_or(0, |i| i + 1);
        if self.insert_tokens(kinds, side, at, token, 1, UNMARKED, chooser) == 0 {
            return false;
        }
        if !attacks || self.lens[1 - side] == 0 {
            return false;
        }
        let stealth = kinds.any(Flag::Stealth);
        let Some(target) = self.nth_target(side, stealth, |pool| chooser.pick(pool)) else {
            self.boards[side][at].mark = ATTACKED;
            return false;
        };
        chooser.hear(
            super::trace::Event::Attack {
                side,
                attacker: at,
                target,
            },
            self,
        );
        let (alive, died) = self.attack_noting_deaths(kinds, side, at, target, chooser);
        if let Some(i) = alive {
            self.boards[side][i].mark = ATTACKED;
        }
        died
    }

    /// `side`'s waiting summons while its board has room: its first
    /// hero-side card whose summon waits gives the token.
    fn summon_waiting(&mut self, kinds: &Kinds, side: usize, chooser: &mut impl Chooser) {
        if self.space[side] == 0 {
            return;
        }
        let Some(j) = kinds.heroes(side).iter().position(|c| c.when_space) else {
            return;
        };
        if kinds.heroes(side)[j].resummons {
            self.resummon_waiting(kinds, side, chooser);
            return;
        }
        if let Action::SummonCopyOfBest { by_health } = kinds.heroes(side)[j].effect.action {
            // Spent as soon as there is room, even with no minion to copy
            // (Firestone's `activated`).
            if (self.lens[side] as usize) < BOARD_SIZE {
                self.space[side] = 0;
                self.summon_copy_of_best(kinds, side, by_health, chooser);
            }
            return;
        }
        let token = (
            kinds.hero_tokens[side][j],
            kinds.heroes(side)[j].token.health,
        );
        while self.space[side] > 0 && (self.lens[side] as usize) < BOARD_SIZE {
            let end = self.lens[side] as usize;
            self.insert_tokens(kinds, side, end, token, 1, UNMARKED, chooser);
            self.space[side] -= 1;
        }
    }
}

impl State {
    /// `side`'s waiting copy (`HeroCard::resummons`) enters if its board
    /// has room, at its slot counted from the right end (the left end at
    /// most), free to attack this round and with its count afresh, as
    /// Firestone's `handleSummon` builds it; it meets the auras and the
    /// summon listeners hear it.
    fn resummon_waiting(&mut self, kinds: &Kinds, side: usize, chooser: &mut impl Chooser) {
        let len = self.lens[side] as usize;
        let Some((unit, from_right)) = kinds.resummon[side] else {
            self.space[side] = 0;
            return;
        };
        if len >= BOARD_SIZE {
            return;
        }
        let at = len.saturating_sub(from_right as usize);
        let mut copy = kinds.entering(unit.kind, unit.health);
        copy.attack = unit.attack;
        copy.keywords = unit.keywords;
        let board = &mut self.boards[side];
        board.copy_within(at..len, at + 1);
        board[at] = copy;
        self.lens[side] += 1;
        self.space[side] = 0;
        self.entered(kinds, side, at, chooser);
    }
}

/// Refuses a combat with minions that summon when there is room
/// (`Action::SummonWhenSpace`) where the engine does not follow
/// Firestone: two on one side (each keeps its own charges and runs), beside
/// Duos teammates, or beside deathrattle tokens that attack at once
/// (their attacks in the midst of a death phase do not run the step).
pub(super) fn validate_space(c: &Combat) -> Result<()> {
    let summons = |m: &&Minion| {
        m.effects
            .iter()
            .any(|e| matches!(e.action, Action::SummonWhenSpace { .. }))
    };
    let Some(first) = c.a.iter().chain(&c.b).find(summons) else {
        return Ok(());
    };
    let name = |m: &Minion| m.name.unwrap_or("a minion");
    for board in [&c.a, &c.b] {
        if board.iter().filter(summons).count() > 1 {
            return Err(Error::invalid(format!(
                "{}: two minions of one side that summon when there is room are not modelled (each keeps its own summons)",
                name(first)
            ))
            .with_culprit(name(first)));
        }
    }
    if c.has_teammates() {
        return Err(Error::invalid(format!(
            "{}: its summons when there is room are not modelled beside Duos teammates",
            name(first)
        ))
        .with_culprit(name(first)));
    }
    let minions = c.a.iter().chain(&c.b).chain(&c.hands[0]).chain(&c.hands[1]);
    if let Some(other) = minions
        .into_iter()
        .find(|m| super::at_once::summons_at_once(m))
    {
        return Err(Error::invalid(format!(
            "{}: its summons when there is room are not modelled beside {}'s tokens that attack immediately",
            name(first),
            name(other)
        ))
            .with_culprit(name(first)));
    }
    Ok(())
}
