//! Remembered deathrattles (`Action::GainDeathrattles`):
//! a minion that gains the deathrattles of the friendly deathrattle
//! minions dying while it is on the board, and fires them when it dies.
//!
//! Firestone remembers once a death pass and the deaths it caused are
//! done (its `processMinionDeath` remembers after its recursion): every
//! remembering minion on the board then gains, pass by pass from the last
//! to the first, the deathrattles of that pass's dead deathrattle minions
//! left to right (not of other remembering minions), twice each for a
//! golden one. A remembering minion dying fires them in the order gained,
//! each as the dead minion's own deathrattle would (its tokens in its
//! slot, as many triggers as the auras say), with its own stats, before
//! its own deathrattle; their tokens enter unmarked (Firestone leaves them
//! out of the summons that take a round mark from the dead minion).
//!
//! What a side's remembering minions gained is one list per side,
//! `State::memory` (the latest last): every remembering minion on the
//! board hears every pass, so its gains are the latest `Unit::count`
//! entries of its side's list, counted since it entered (a reborn copy
//! starts afresh, as Firestone's does). Boards where more could be
//! remembered than the list holds are refused (`validate_memory`).

use super::Combat;
use super::chooser::Chooser;
use super::deaths::{FRESH, Phase, deathrattle_firing};
use super::flags::{Flag, Folded};
use super::kinds::Kinds;
use super::state::State;
use super::unit::Unit;
use crate::error::{Error, Result};
use crate::hearthstone::model::{
    Action, BOARD_SIZE, Counter, GROWERS, MAX_COUNT, Marks, Minion, REBORN, Token, Trigger,
};

/// Entries each side's list keeps (`State::memory`).
pub(super) const MEMORY: usize = 12;

/// The deathrattles a dying unit fires at most: twice each entry, and
/// its own.
pub(super) const MAX_SOURCES: usize = 2 * MEMORY + 1;

/// The kinds (plus one) of one side's dead deathrattle minions of a pass,
/// left to right.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Batch {
    kinds: [u8; BOARD_SIZE],
    len: u8,
}

/// The kinds whose deathrattles the dying unit `m` fires, in order: what
/// it remembered (`memory` is its side's list), `times` copies each, then
/// its own kind.
pub(super) fn sources(
    kinds: &Kinds,
    memory: &[u8; MEMORY],
    m: &Unit,
) -> ([u8; MAX_SOURCES], usize) {
    let mut out = [0u8; MAX_SOURCES];
    let mut n = 0;
    let times = kinds.facts(m).remembers;
    if times > 0 {
        let count = (m.count() as usize).min(MEMORY);
        for &entry in &memory[MEMORY - count..] {
            for _ in 0..times {
                out[n] = entry.wrapping_sub(1);
                n += 1;
            }
        }
    }
    out[n] = m.kind;
    (out, n + 1)
}

impl State {
    /// The dying deathrattle minions of `side` (health 0 or less) but
    /// remembering ones: what a pass gives to remember.
    pub(super) fn dying_deathrattles(&self, kinds: &Kinds, side: usize) -> Batch {
        let mut batch = Batch::default();
        for u in self.board(side) {
            if u.health <= 0 && kinds.facts(u).remembers == 0 && acts_in_combat(kinds, u) {
                batch.kinds[batch.len as usize] = u.kind + 1;
                batch.len += 1;
            }
        }
        batch
    }

    /// `side`'s remembering minions on the board gain `batch`: the list
    /// takes its entries, the latest last, and each one's count rises.
    pub(super) fn remember(&mut self, kinds: &Kinds, side: usize, batch: &Batch) {
        let n = batch.len as usize;
        if n == 0 {
            return;
        }
        let list = &mut self.memory[side];
        list.copy_within(n.min(MEMORY).., 0);
        list[MEMORY - n.min(MEMORY)..].copy_from_slice(&batch.kinds[n.saturating_sub(MEMORY)..n]);
        let len = self.lens[side] as usize;
        for u in self.boards[side][..len].iter_mut() {
            if kinds.facts(u).remembers > 0 {
                let count = (u.count() as usize + n).min(MEMORY) as u8;
                u.set_count(count);
            }
        }
    }
}

impl State {
    /// The death phase of `side` where minions remember deathrattles
    /// (`State::resolve_side_with`'s, each dead minion firing its
    /// sources' deathrattles): its reborn copies returned and its dead
    /// remembered, or when `DEFER` the phase left in `deferred` (the
    /// caller remembers: `State::settle_deaths`).
    #[inline(never)]
    pub(super) fn phase_remembering<const DEFER: bool>(
        &mut self,
        kinds: &Kinds,
        side: usize,
        triggers: u32,
        deferred: &mut Option<Phase>,
        chooser: &mut impl Chooser,
    ) {
        let batch = self.dying_deathrattles(kinds, side);
        let mut phase = self.place_tokens_remembering(kinds, side, triggers);
        self.tokens_enter(kinds, side, &mut phase, chooser);
        if phase.any_effects {
            self.fire_remembering(kinds, side, &mut phase, chooser);
        }
        if kinds.any(Flag::Avenge) {
            let survivors =
                (0..phase.n).fold(0u8, |m, slot| m | u8::from(phase.origin[slot] == 0) << slot);
            let deaths = phase.dead().count() as u8;
            self.fire_avenges(kinds, side, survivors, deaths, chooser);
            if kinds.hero_avengers[side].is_some() {
                let (rights, n) = super::hero_avenge::dead_rights(&phase.old[..phase.len]);
                self.fire_hero_avenge(kinds, side, &rights[..n], Some(&mut phase), chooser);
            }
        }
        if DEFER {
            *deferred = Some(phase);
        } else {
            self.return_reborn_copies(kinds, side, &mut phase, chooser);
            self.remember(kinds, side, &batch);
        }
    }

    /// `State::place_tokens` where a dead minion fires its sources'
    /// deathrattles (`sources`): trigger by trigger, source by source, the
    /// tokens in its slot while there is room.
    fn place_tokens_remembering(&mut self, kinds: &Kinds, side: usize, triggers: u32) -> Phase {
        let len = self.lens[side] as usize;
        let memory = self.memory[side];
        let board = &mut self.boards[side];
        let mut phase = Phase {
            old: *board,
            len,
            n: 0,
            from: [0; BOARD_SIZE],
            origin: [0; BOARD_SIZE],
            reborns: [(0, Unit::default()); BOARD_SIZE],
            pending: 0,
            any_effects: false,
            triggers,
        };
        let old = phase.old;
        let mut fired = 0u8;
        let mut n = 0;
        for (i, m) in old[..len].iter().enumerate() {
            if m.health > 0 {
                board[n] = *m;
                n += 1;
                continue;
            }
            let survivors_right = old[i + 1..len].iter().filter(|x| x.health > 0).count();
            let (of, count) = sources(kinds, &memory, m);
            for (j, &k) in of[..count].iter().enumerate() {
                let kind = &kinds.kinds[k as usize];
                let t = kind.token;
                // A remembered deathrattle's tokens enter unmarked: Firestone
                // leaves them out of the summons that take their round mark
                // from the dead minion (its `handleNaturalDeathrattle` drops
                // them).
                let remembered = j + 1 < count;
                for _ in 0..triggers {
                    fired = fired.saturating_add(1);
                    for _ in 0..t.count {
                        if n + survivors_right >= BOARD_SIZE {
                            break;
                        }
                        board[n] = kinds.entering(kind.token_kind, t.health as i16);
                        phase.from[n] = if t.unmarked || remembered {
                            FRESH
                        } else {
                            m.mark + 1
                        };
                        phase.origin[n] = fired;
                        n += 1;
                    }
                }
                phase.any_effects |= kinds.facts(&Unit { kind: k, ..*m }).has(Flag::Deathrattle);
            }
            if m.has(REBORN) {
                phase.reborns[phase.pending] = (survivors_right, *m);
                phase.pending += 1;
            }
        }
        self.lens[side] = n as u8;
        phase.n = n;
        phase
    }

    /// `State::fire_deathrattles` where a dead minion fires its sources'
    /// deathrattles: numbered as `place_tokens_remembering` numbered their
    /// tokens; the phase follows any summon their damage makes.
    fn fire_remembering(
        &mut self,
        kinds: &Kinds,
        side: usize,
        phase: &mut Phase,
        chooser: &mut impl Chooser,
    ) {
        let memory = self.memory[side];
        let mut saved = [0u8; BOARD_SIZE];
        for (i, u) in self.boards[side][..phase.n].iter_mut().enumerate() {
            saved[i] = u.tag();
            u.set_tag(i as u8 + 1);
        }
        let triggers = phase.triggers;
        let (old, len) = (phase.old, phase.len);
        let mut fired = 0u8;
        for (d, m) in old[..len].iter().filter(|m| m.health <= 0).enumerate() {
            let (of, count) = sources(kinds, &memory, m);
            for &k in &of[..count] {
                let unit = Unit { kind: k, ..*m };
                let fires = kinds.facts(&unit).has(Flag::Deathrattle);
                for _ in 0..triggers {
                    fired = fired.saturating_add(1);
                    if !fires {
                        continue;
                    }
                    let at = deathrattle_firing(kinds, side, phase, d, unit, fired);
                    self.fire_deathrattle_effects(kinds, &at, chooser);
                    if self.lens[side] as usize != phase.n {
                        self.follow_summons(side, phase, fired, &mut saved);
                    }
                }
            }
        }
        for i in 0..phase.n {
            let t = self.boards[side][i].tag() as usize;
            let own = if t > 0 { saved[t - 1] } else { 0 };
            self.boards[side][i].set_tag(own);
        }
    }
}

/// A minion remembers deathrattles.
fn remembers(m: &Minion) -> bool {
    m.effects
        .iter()
        .any(|e| matches!(e.action, Action::GainDeathrattles { .. }))
}

/// A token has a deathrattle (its card's, even one that acts outside the
/// boards).
fn token_has_deathrattle(t: &Token) -> bool {
    t.then.count > 0
        || t.marks.intersects(Marks::HAS_DEATHRATTLE)
        || t.effects.iter().any(|e| e.trigger == Trigger::Deathrattle)
}

/// A minion has a deathrattle that acts in combat (tokens, effects): one
/// that acts outside the boards only does nothing when fired again, and is
/// not remembered (`acts_in_combat`).
fn has_deathrattle(m: &Minion) -> bool {
    m.deathrattle.count > 0 || m.effects.iter().any(|e| e.trigger == Trigger::Deathrattle)
}

/// A unit's deathrattle acts in combat: tokens or effects.
fn acts_in_combat(kinds: &Kinds, u: &Unit) -> bool {
    kinds.kinds[u.kind as usize].token.count > 0 || kinds.facts(u).has(Flag::Deathrattle)
}

/// Refuses the combats with a remembering minion the engine does not
/// play exactly: those where its side could remember more than its list
/// holds, where a deathrattle minion may enter mid-combat (a token's,
/// from a hand), and beside what reads which minions have a deathrattle
/// (a remembering one has one once it gained some), battlecries
/// triggered, tokens attacking at once, Duos teammates.
pub(super) fn validate_memory(c: &Combat) -> Result<()> {
    let boards = [&c.a, &c.b];
    let all = || {
        boards
            .iter()
            .flat_map(|b| b.iter())
            .chain(c.hands.iter().flatten())
    };
    let Some(first) = all().find(|m| remembers(m)) else {
        return Ok(());
    };
    let name = first.name.unwrap_or("a minion that gains deathrattles");
    let refuse = |why: &str| {
        Err(Error::invalid(format!("{name} beside {why}: not modelled yet")).with_culprit(name))
    };
    if c.has_teammates() || c.hands.iter().flatten().any(remembers) {
        return refuse("Duos teammates or in a hand");
    }
    if super::battlecries::any_triggers([&c.a, &c.b], [&c.hands[0], &c.hands[1]]) {
        return refuse("battlecries triggered in combat");
    }
    for m in all() {
        let reads = m.effects.iter().any(|e| {
            matches!(
                e.action,
                Action::TriggerDeathrattle { .. }
                    | Action::TriggerBattlecry { .. }
                    | Action::SummonFromHand { .. }
                    | Action::SummonCopyFromHand { .. }
                    | Action::AttackNow { .. }
                    | Action::FlanksAttack { .. }
            )
        });
        let grows = GROWERS
            .iter()
            .filter(|g| g.counter == Counter::Deathrattles)
            .any(|g| g.marks().iter().any(|&(mk, _)| m.marks.intersects(mk)));
        if reads || grows || super::at_once::summons_at_once(m) {
            let other = m.name.unwrap_or("a minion");
            return refuse(other);
        }
    }
    let gives_reborn = all().any(|m| {
        Folded::of(&m.effects, m.tribes)
            .flags
            .has(Flag::GivesReborn)
    });
    for board in boards {
        let copies: u32 = board
            .iter()
            .map(|m| {
                m.effects
                    .iter()
                    .find_map(|e| match e.action {
                        Action::GainDeathrattles { times } => Some(u32::from(times)),
                        _ => None,
                    })
                    .unwrap_or(0)
            })
            .sum();
        if copies == 0 {
            continue;
        }
        let mut deaths = 0u32;
        for m in board.iter().filter(|m| !remembers(m)) {
            if token_has_deathrattle(&m.deathrattle) || token_has_deathrattle(&m.effect_token) {
                let other = m.name.unwrap_or("a minion");
                return refuse(&format!("{other}, whose tokens have deathrattles"));
            }
            if has_deathrattle(m) {
                deaths += 1 + u32::from(m.keywords & REBORN != 0 || gives_reborn);
            }
        }
        if deaths as usize > MEMORY || deaths > u32::from(MAX_COUNT) {
            return refuse(&format!(
                "{deaths} deathrattle deaths to remember (at most {MEMORY})"
            ));
        }
        // A death phase numbers its triggers in a byte (`Phase::origin`).
        let most = board.iter().fold(1u32, |most, m| {
            let f = Folded::of(&m.effects, m.tribes);
            most.max(u32::from(f.deathrattle_times.max(1)))
        });
        let extra: u32 = board
            .iter()
            .map(|m| u32::from(Folded::of(&m.effects, m.tribes).extra_deathrattles))
            .sum();
        let firings = (most + extra) * (BOARD_SIZE as u32 + copies * deaths);
        if firings > u32::from(u8::MAX) {
            return refuse("too many deathrattle triggers in one death phase");
        }
    }
    Ok(())
}
