//! Hero-side cards with an avenge (`Trigger::Avenge` on a `HeroCard`:
//! Broodmother's "Avenge (4): summon an N/N Whelp that attacks
//! immediately; improve this by +1/+1"), as Firestone plays its hero
//! power avenges: its count falls by every friendly death of a phase as
//! the phase begins (`makeMinionsDie`), and after the phase's
//! deathrattles and the minions' avenges, dead minion by dead minion, it
//! fires when due (`handleHeroAvenge`): its token enters where that
//! minion stood, counted from the right end, and attacks at once
//! (`performEntitySpawns`), a size one larger each time it fires. Its
//! count and firings are kept in `State::avenge`; combats without one
//! never come here.

use super::Combat;
use super::chooser::Chooser;
use super::deaths::Phase;
use super::kinds::Kinds;
use super::state::State;
use super::unit::{UNMARKED, Unit};
use crate::error::{Error, Result};
use crate::hearthstone::model::{BOARD_SIZE, HeroCard, Trigger};

/// Per dead minion of a board (left to right), the living minions that
/// stood to its right (where Firestone summons for it, counted from the
/// right end), and how many died.
pub(super) fn dead_rights(board: &[Unit]) -> ([u8; BOARD_SIZE], usize) {
    let mut rights = [0u8; BOARD_SIZE];
    let mut n = 0;
    for (i, u) in board.iter().enumerate() {
        if u.health <= 0 {
            rights[n] = board[i + 1..].iter().filter(|r| r.health > 0).count() as u8;
            n += 1;
        }
    }
    (rights, n)
}

impl State {
    /// `side`'s death phase of `deaths` dying minions begins: its
    /// avenging hero-side card, if any, counts them all at once.
    #[inline]
    pub(super) fn count_hero_avenge(&mut self, kinds: &Kinds, side: usize, deaths: u32) {
        if kinds.hero_avengers[side].is_some() {
            let deaths = deaths.min(i8::MAX as u32) as i8;
            self.avenge[side][0] = self.avenge[side][0].saturating_sub(deaths);
        }
    }

    /// Whether `side`'s avenging hero-side card fires in a phase of its
    /// dying minions (its count, less them, is due).
    pub(super) fn hero_avenge_due(&self, kinds: &Kinds, side: usize) -> bool {
        kinds.hero_avengers[side].is_some() && {
            let dying = self.board(side).iter().filter(|u| u.health <= 0).count();
            i32::from(self.avenge[side][0]) - dying as i32 <= 0
        }
    }

    /// After `side`'s death phase's deathrattles and minions' avenges,
    /// dead minion by dead minion (`rights`: the living that stood to
    /// the right of each, `dead_rights`), its avenging hero-side card
    /// fires when its count is due, and counts again: its token enters
    /// with that many units to its right while there is room, and
    /// attacks at once (its attack resolves its deaths). `phase`, when
    /// the death phase goes on afterwards (its reborn copies), follows
    /// the board.
    #[inline(never)]
    pub(super) fn fire_hero_avenge(
        &mut self,
        kinds: &Kinds,
        side: usize,
        rights: &[u8],
        mut phase: Option<&mut Phase>,
        chooser: &mut impl Chooser,
    ) {
        let Some(j) = kinds.hero_avengers[side] else {
            return;
        };
        let card = kinds.heroes(side)[j as usize];
        let Trigger::Avenge { deaths: every } = card.effect.trigger else {
            return;
        };
        for &right in rights {
            if self.avenge[side][0] > 0 {
                continue;
            }
            let [left, fired] = self.avenge[side];
            self.avenge[side] = [left.saturating_add(every as i8), fired.saturating_add(1)];
            chooser.hear(
                super::trace::Event::Hero {
                    side,
                    name: card.name,
                    action: card.effect.action,
                },
                self,
            );
            let size = token_size(&card, fired);
            let len = self.lens[side] as usize;
            if size < 1 || len >= BOARD_SIZE {
                continue;
            }
            let at = len.saturating_sub(usize::from(right));
            let board = &mut self.boards[side];
            board.copy_within(at..len, at + 1);
            let mut whelp = kinds.entering(kinds.hero_tokens[side][j as usize], size);
            whelp.attack = size as u16;
            whelp.mark = UNMARKED;
            board[at] = whelp;
            self.lens[side] += 1;
            if let Some(phase) = phase.as_deref_mut() {
                // The token counts as a unit that entered meanwhile.
                phase.origin.copy_within(at..len, at + 1);
                phase.from.copy_within(at..len, at + 1);
                (phase.origin[at], phase.from[at]) = (u8::MAX, 0);
                phase.n = len + 1;
            }
            self.entered(kinds, side, at, chooser);
            let before = self.tokens_attack(kinds, side, 1 << at, [None; BOARD_SIZE], chooser);
            if let Some(phase) = phase.as_deref_mut() {
                let n = self.lens[side] as usize;
                let (mut origin, mut from) = ([0u8; BOARD_SIZE], [0u8; BOARD_SIZE]);
                for k in 0..n {
                    let t = before[k] as usize;
                    (origin[k], from[k]) = if t > 0 {
                        (phase.origin[t - 1], phase.from[t - 1])
                    } else {
                        (u8::MAX, 0)
                    };
                }
                (phase.origin, phase.from, phase.n) = (origin, from, n);
            }
        }
    }
}

/// The size of the token of `card`'s firing after `fired` earlier ones:
/// its first size plus one per firing when it improves, else its own.
fn token_size(card: &HeroCard, fired: i8) -> i16 {
    match card.improving {
        Some(first) => first.saturating_add(i16::from(fired)),
        None => card.token.health.min(i16::MAX as u16) as i16,
    }
}

/// Refuses the combats where a hero-side card's avenge is not played
/// exactly: two on one side (one count a side is kept), beside Duos
/// teammates, beside minions of its side that avenge (their slots are
/// kept while the avenges of a phase fire, which its token's attack
/// moves), and, as for any token that attacks at once, beside
/// deathrattles that deal damage or minions that trigger deathrattles
/// (`at_once::validate_at_once`).
pub(super) fn validate_hero_avenge(c: &Combat) -> Result<()> {
    let avenges = |h: &&HeroCard| matches!(h.effect.trigger, Trigger::Avenge { .. });
    let mates = c.teammates.iter().flatten().flat_map(|t| t.heroes.iter());
    let Some(card) = c.heroes.iter().flatten().chain(mates).find(avenges) else {
        return Ok(());
    };
    let refuse = |why: String| {
        Err(Error::invalid(format!(
            "{} ({}): its avenge is not modelled {why}",
            card.name, card.id
        ))
        .with_culprit(card.name))
    };
    if c.has_teammates() {
        return refuse("beside Duos teammates".to_string());
    }
    for (side, cards) in c.heroes.iter().enumerate() {
        let mut own = cards.iter().filter(avenges);
        let Some(card) = own.next() else {
            continue;
        };
        if own.next().is_some() {
            return refuse(format!("with two on one side ({})", card.name));
        }
        let minions = || [&c.a, &c.b][side].iter().chain(c.hands[side].iter());
        let avenger = minions().find(|m| {
            m.effects
                .iter()
                .any(|e| matches!(e.trigger, Trigger::Avenge { .. }))
        });
        if let Some(m) = avenger {
            let name = m.name.unwrap_or("a minion");
            return refuse(format!("beside {name}'s avenge on its side"));
        }
    }
    let minions = || {
        c.a.iter()
            .chain(&c.b)
            .chain(c.hands[0].iter())
            .chain(c.hands[1].iter())
    };
    let other = minions().find(|m| {
        let flags = super::flags::Folded::of(&m.effects, m.tribes).flags;
        flags.has(super::flags::Flag::DeathrattleDamage)
            || flags.has(super::flags::Flag::RunsDeathrattle)
    });
    if let Some(m) = other {
        let name = m.name.unwrap_or("a minion");
        return refuse(format!(
            "beside {name}, which deals damage or triggers deathrattles in the midst of the deaths its token attacks in"
        ));
    }
    Ok(())
}
