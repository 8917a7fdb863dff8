//! Tokens that attack at once when summoned (`Marks::ATTACKS_AT_ONCE`:
//! "It attacks immediately"), as Firestone plays its `attackImmediately`:
//! the token enters in its death phase and attacks there, an attack of
//! its own with its own death phases, before the phase goes on (its
//! avenges, then its reborn copies: Firestone's
//! `processDeathrattleForMinions` runs every deathrattle, spawn by spawn,
//! before the avenges; the reborn copies come after). Nothing waits past
//! the step that summoned it, so the State holds no pending attack.
//!
//! Where the sides' order matters (a side's token attacks the other side
//! before or after that side's own death phase), both sides dying, a
//! random side goes first, as in Firestone's orchestration.

use super::Combat;
use super::chooser::Chooser;
use super::flags::{Flag, Folded};
use super::kinds::Kinds;
use super::state::State;
use super::unit::{ATTACKED, Unit};
use crate::error::{Error, Result};
use crate::hearthstone::model::{BOARD_SIZE, Marks, Minion, STEALTH, TAUNT, WINDFURY};

/// Tags that follow an attacker with windfury through the deaths of its
/// attack when tokens may attack at once meanwhile: one per attack
/// waiting on a side (nested attacks of that side take the next).
const WAITING_TAGS: [u8; 3] = [0xb, 0xa, 0x9];

impl State {
    /// The tokens of a death phase of `side` that attack at once (bit per
    /// slot in `tokens`: the phase's tokens) attack, left to right, each
    /// as it would on its turn (a random living enemy, taunts first, none
    /// in stealth; no attack with no living enemy), with the deaths of
    /// its attack. One that attacked (or found every enemy in stealth)
    /// has attacked this round (Firestone's vectors show it so, the
    /// mark of the phase's tokens notwithstanding). Gives back, per slot
    /// of the board afterwards, the slot it held before (0: a unit that
    /// entered meanwhile), for the phase's bookkeeping.
    #[inline(never)]
    pub(super) fn tokens_attack(
        &mut self,
        kinds: &Kinds,
        side: usize,
        tokens: u8,
        spawns: [Option<u8>; BOARD_SIZE],
        chooser: &mut impl Chooser,
    ) -> [u8; BOARD_SIZE] {
        // Every unit of the side tagged with its slot + 1 (own tags kept).
        let len = self.lens[side] as usize;
        let mut saved = [0u8; BOARD_SIZE];
        for (i, u) in self.boards[side][..len].iter_mut().enumerate() {
            saved[i] = u.tag();
            u.set_tag(i as u8 + 1);
        }
        let mut waiting = tokens;
        while waiting != 0 {
            let slot = waiting.trailing_zeros() as u8;
            waiting &= waiting - 1;
            let found = self.board(side).iter().position(|u| u.tag() == slot + 1);
            let Some(i) = found.filter(|&i| self.boards[side][i].health > 0) else {
                continue;
            };
            if !kinds.attacks_at_once(&self.boards[side][i]) {
                continue;
            }
            // No living enemy: no attack (Firestone's enemy board is
            // empty); every one in stealth: none, but it counts as
            // having attacked.
            if self.board(1 - side).iter().all(|u| u.health <= 0) {
                continue;
            }
            // Its target among the enemies as Firestone's board holds
            // them: the dying ones off it (`hold_dying`).
            let dying = self.hold_dying(1 - side);
            let Some(target) = self.living_target(side, chooser) else {
                self.return_held(1 - side, dying);
                self.boards[side][i].mark = ATTACKED;
                continue;
            };
            chooser.hear(
                super::trace::Event::Attack {
                    side,
                    attacker: i,
                    target,
                },
                self,
            );
            let held = self.hold_later_tokens(side, slot, &spawns);
            self.attack(kinds, side, i, target, chooser);
            self.return_held(1 - side, dying);
            self.return_held(side, held);
            if let Some(at) = self.board(side).iter().position(|u| u.tag() == slot + 1) {
                self.boards[side][at].mark = ATTACKED;
            }
        }
        let mut before = [0u8; BOARD_SIZE];
        for (j, u) in self.boards[side][..self.lens[side] as usize]
            .iter_mut()
            .enumerate()
        {
            let t = u.tag() as usize;
            before[j] = t as u8;
            u.set_tag(if t > 0 { saved[t - 1] } else { 0 });
        }
        before
    }

    /// The phase's tokens summoned after the one at `slot` (by their
    /// slots as the phase placed them, in their tags) leave the board
    /// while it attacks: Firestone summons them after its attack. Each
    /// with where it returns (`spawns`: survivors right of its dead).
    fn hold_later_tokens(
        &mut self,
        side: usize,
        slot: u8,
        spawns: &[Option<u8>; BOARD_SIZE],
    ) -> Held {
        let mut held = Held {
            units: [(Unit::default(), 0); BOARD_SIZE],
            n: 0,
        };
        let len = self.lens[side] as usize;
        let mut k = 0;
        for j in 0..len {
            let u = self.boards[side][j];
            let t = u.tag() as usize;
            match spawns.get(t.wrapping_sub(1)).copied().flatten() {
                Some(right) if t > usize::from(slot) + 1 => {
                    held.units[held.n] = (u, right);
                    held.n += 1;
                }
                _ => {
                    self.boards[side][k] = u;
                    k += 1;
                }
            }
        }
        self.lens[side] = k as u8;
        held
    }

    /// `side`'s dying minions leave the board while a token attacks:
    /// Firestone took them off as their pass began and runs their
    /// deathrattles and reborn after the token's attack and its deaths.
    /// Each returns (dying) as many units from the right end as were
    /// living to its right, where Firestone summons for it.
    fn hold_dying(&mut self, side: usize) -> Held {
        let mut held = Held {
            units: [(Unit::default(), 0); BOARD_SIZE],
            n: 0,
        };
        let len = self.lens[side] as usize;
        let mut k = 0;
        for j in 0..len {
            let u = self.boards[side][j];
            if u.health <= 0 {
                let right = self.boards[side][j + 1..len]
                    .iter()
                    .filter(|r| r.health > 0)
                    .count();
                held.units[held.n] = (u, right as u8);
                held.n += 1;
            } else {
                self.boards[side][k] = u;
                k += 1;
            }
        }
        self.lens[side] = k as u8;
        held
    }

    /// The held units return in turn, each `right` units from the right
    /// end (at most the whole board), while there is room.
    fn return_held(&mut self, side: usize, held: Held) {
        for &(u, right) in &held.units[..held.n] {
            let len = self.lens[side] as usize;
            if len >= BOARD_SIZE {
                break;
            }
            let at = len.saturating_sub(usize::from(right));
            self.boards[side].copy_within(at..len, at + 1);
            self.boards[side][at] = u;
            self.lens[side] += 1;
        }
    }

    /// A random living enemy of `side` an attack may target (`targets`'
    /// rules among the living: Firestone's board holds no dying minion
    /// then), drawn from `chooser`; none when no living enemy may be
    /// targeted (every one in stealth, or none left).
    fn living_target(&self, side: usize, chooser: &mut impl Chooser) -> Option<usize> {
        let enemy = self.board(1 - side);
        let living = |m: &Unit| m.health > 0 && !m.has(STEALTH);
        let taunts = enemy.iter().filter(|m| living(m) && m.has(TAUNT)).count();
        let is_target = |m: &Unit| living(m) && (taunts == 0 || m.has(TAUNT));
        let pool = enemy.iter().filter(|m| is_target(m)).count() as u32;
        if pool == 0 {
            return None;
        }
        let k = chooser.pick(pool) as usize;
        enemy
            .iter()
            .enumerate()
            .filter(|(_, m)| is_target(m))
            .nth(k)
            .map(|(i, _)| i)
    }

    /// The death phases of both sides where tokens may attack at once:
    /// a random side first when both have dying minions and some dying
    /// minion summons such tokens (Firestone's order), else `first`.
    #[inline(never)]
    pub(super) fn resolve_both_at_once(
        &mut self,
        kinds: &Kinds,
        first: usize,
        chooser: &mut impl Chooser,
    ) {
        let dying = |s: &State, side: usize| s.board(side).iter().any(|u| u.health <= 0);
        let summons = |s: &State, side: usize| {
            s.board(side)
                .iter()
                .any(|u| u.health <= 0 && kinds.summons_at_once(u))
                || s.hero_avenge_due(kinds, side)
        };
        let first = if dying(self, 0) && dying(self, 1) && (summons(self, 0) || summons(self, 1)) {
            chooser.pick(2) as usize
        } else {
            first
        };
        self.resolve_both_deferred(kinds, first, chooser);
    }

    /// The deaths of an attack of `side`'s `attacker` where tokens may
    /// attack at once: both sides' phases (`resolve_both_at_once`, the
    /// enemy's first by default). The attacker's slot afterwards if it
    /// lives and has windfury (only a second attack needs it), found by a
    /// tag no other unit of its side has.
    #[inline(never)]
    pub(super) fn deaths_at_once(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        let a = self.boards[side][attacker];
        let marker = WAITING_TAGS
            .into_iter()
            .find(|&t| self.board(side).iter().all(|u| u.tag() != t))
            .filter(|_| a.health > 0 && a.has(WINDFURY));
        let Some(marker) = marker else {
            self.resolve_both_at_once(kinds, 1 - side, chooser);
            return None;
        };
        let own = a.tag();
        self.boards[side][attacker].set_tag(marker);
        self.resolve_both_at_once(kinds, 1 - side, chooser);
        let at = self.board(side).iter().position(|u| u.tag() == marker)?;
        self.boards[side][at].set_tag(own);
        Some(at)
    }
}

/// Tokens held off the board while an earlier one attacks, each with
/// where it returns.
struct Held {
    units: [(Unit, u8); BOARD_SIZE],
    n: usize,
}

/// Refuses a combat where tokens attack at once beside what their attack
/// in the midst of a death phase is not modelled with: deathrattles that
/// deal damage (deaths settled pass by pass) and minions that trigger a
/// living friend's deathrattle.
pub(super) fn validate_at_once(c: &Combat) -> Result<()> {
    let minions = || {
        c.a.iter()
            .chain(&c.b)
            .chain(c.hands[0].iter())
            .chain(c.hands[1].iter())
    };
    let summoner = minions().find(|m| summons_at_once(m));
    let Some(summoner) = summoner else {
        return Ok(());
    };
    // Deathrattle effects of its own side: one dying in the same phase
    // right of a summoner fires before the token attacks here, after it
    // in Firestone.
    for side in [(&c.a, &c.hands[0]), (&c.b, &c.hands[1])] {
        let own = || side.0.iter().chain(side.1.iter());
        let Some(summoner) = own().find(|m| summons_at_once(m)) else {
            continue;
        };
        let effects = own().find(|m| {
            Folded::of(&m.effects, m.tribes)
                .flags
                .has(Flag::Deathrattle)
        });
        if let Some(other) = effects {
            return Err(Error::invalid(format!(
                "{} summons a minion that attacks immediately beside {}'s deathrattle effects on its side: their order in one death phase is not modelled yet",
                name(summoner),
                name(other)
            ))
            .with_culprit(name(summoner)));
        }
    }
    let other = minions().find(|m| {
        let flags = Folded::of(&m.effects, m.tribes).flags;
        flags.has(Flag::DeathrattleDamage) || flags.has(Flag::RunsDeathrattle)
    });
    match other {
        Some(other) => Err(Error::invalid(format!(
            "{} summons a minion that attacks immediately and {} deals damage or triggers deathrattles: attacks in the midst of such deaths are not modelled yet",
            name(summoner),
            name(other)
        ))
        .with_culprit(name(summoner))),
        None => Ok(()),
    }
}

/// A minion's deathrattle summons tokens that attack at once, or tokens
/// whose own deathrattle does.
pub(super) fn summons_at_once(m: &Minion) -> bool {
    let t = &m.deathrattle;
    t.count > 0
        && (t.marks.intersects(Marks::ATTACKS_AT_ONCE)
            || t.then.count > 0 && t.then.marks.intersects(Marks::ATTACKS_AT_ONCE))
}

fn name(m: &Minion) -> &'static str {
    m.name.unwrap_or("a minion")
}
