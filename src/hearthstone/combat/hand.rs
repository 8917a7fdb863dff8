//! The hands: the cards each side holds as the combat begins
//! (`Combat::hands`). A card that acts from the hand at the start of
//! combat fires before its side's board (Firestone's order: a random side
//! first, its hand's cards left to right, then its board's start of
//! combat): a copy of it with its stats (times the action's multiple)
//! enters at the right end of the board, the card staying in the hand
//! (`Action::SummonCopyFromHand`). Minions on the board read the hand's
//! stats (`Action::GainHandStats`, `Action::GainHandAttack`), or summon
//! its highest-attack minions mid-combat, each once
//! (`Action::SummonFromHand`).
//!
//! What is fixed per combat lives in `Kinds` (`Hand`: the copies and
//! minions ready as units, the stats summed); `State::hand` holds only
//! which minions of each hand were summoned mid-combat (a bit each, in
//! the exact key). A combat whose cards would change a hand that a minion
//! reads (`Marks::CHANGES_HAND`) is refused (`validate_hands`).

use super::Combat;
use super::chooser::Chooser;
use super::kinds::Kinds;
use super::listeners::{Fired, Place, REACH_ALL};
use super::state::State;
use super::unit::{UNMARKED, Unit};
use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, BOARD_SIZE, Effect, HAND_SIZE, Marks, Minion, Trigger};

/// What a side's hand gives its combat, fixed as it begins.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Hand {
    /// The copies its cards summon at the start of combat, in hand order
    /// (the first `summon_count`), each with the action that summons it.
    summons: [(Unit, Action); HAND_SIZE],
    summon_count: u8,
    /// Attack and health of all its cards, summed.
    attack: u32,
    health: u32,
    /// The highest attack of a minion in it (0 when empty).
    best_attack: u16,
    /// Its minions as they enter the board (the first `minion_count`),
    /// when a minion of its side summons them mid-combat
    /// (`Action::SummonFromHand`; else none).
    minions: [Unit; HAND_SIZE],
    /// The tribe bits of each of them.
    tribes: [u32; HAND_SIZE],
    minion_count: u8,
}

/// The multiple of a card's stats its copy from the hand enters with
/// (`Action::SummonCopyFromHand`), with that action; none when it does
/// not act from the hand.
fn copy_from_hand(m: &Minion) -> Option<(u8, Action)> {
    m.effects.iter().find_map(|e| match e.action {
        Action::SummonCopyFromHand { times } if e.trigger == Trigger::StartOfCombat => {
            Some((times, e.action))
        }
        _ => None,
    })
}

impl Hand {
    /// The hand `cards` of a side with the minions `board`, in a combat
    /// whose kinds are `kinds` (the copies its cards summon are interned
    /// there).
    pub(super) fn new(kinds: &mut Kinds, cards: &[Minion], board: &[Minion]) -> Hand {
        let mut hand = Hand::default();
        if board.iter().any(Minion::summons_from_hand) {
            for m in cards.iter().take(HAND_SIZE) {
                hand.minions[hand.minion_count as usize] = kinds.unit(m);
                hand.tribes[hand.minion_count as usize] = m.tribes;
                hand.minion_count += 1;
            }
        }
        for m in cards.iter().take(HAND_SIZE) {
            hand.attack += u32::from(m.attack);
            hand.health += m.health.max(0) as u32;
            hand.best_attack = hand.best_attack.max(m.attack);
            if let Some((times, action)) = copy_from_hand(m) {
                let copy = Minion {
                    attack: m.attack.saturating_mul(u16::from(times)),
                    health: m.health.saturating_mul(i16::from(times)),
                    ..*m
                };
                hand.summons[hand.summon_count as usize] = (kinds.unit(&copy), action);
                hand.summon_count += 1;
            }
        }
        hand
    }

    /// The gain of `Action::GainHandStats` (`times` the summed stats).
    pub(super) fn stats_gain(&self, times: u8) -> (u16, u16) {
        let times = u32::from(times);
        let cap = |v: u32| v.saturating_mul(times).min(u32::from(u16::MAX)) as u16;
        (cap(self.attack), cap(self.health))
    }

    /// The gain of `Action::GainHandAttack` (`times` the highest attack).
    pub(super) fn attack_gain(&self, times: u8) -> u16 {
        self.best_attack.saturating_mul(u16::from(times))
    }

    /// Whether a card of it acts at the start of combat.
    pub(super) fn acts_at_start(&self) -> bool {
        self.summon_count > 0
    }

    /// Whether a minion of its side summons from it mid-combat.
    pub(super) fn summons_mid_combat(&self) -> bool {
        self.minion_count > 0
    }

    /// The minion `rank` puts first (of its tribes, the highest attack or
    /// health) not in `summoned` (a mask of its minions), a random one
    /// among equals; none when none is left.
    fn pick(
        &self,
        kinds: &Kinds,
        summoned: u16,
        rank: Rank,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        let free = |i: &usize| {
            let u = &self.minions[*i];
            summoned & 1 << i == 0 && (rank.tribes == 0 || kinds.tribes(u) & rank.tribes != 0)
        };
        let stat = |i: usize| {
            let u = &self.minions[i];
            if rank.by_health {
                u.health.max(0) as u16
            } else {
                u.attack
            }
        };
        let all = 0..self.minion_count as usize;
        let best = all.clone().filter(free).map(stat).max()?;
        let tied = |i: &usize| free(i) && stat(*i) == best;
        let n = all.clone().filter(tied).count() as u32;
        let k = if n > 1 { chooser.pick(n) as usize } else { 0 };
        all.filter(tied).nth(k)
    }
}

/// Which minion of a hand `Action::SummonFromHand` summons first.
#[derive(Debug, Clone, Copy)]
pub(super) struct Rank {
    /// Tribe bits it may be of (0: any).
    pub(super) tribes: u32,
    /// By health rather than attack.
    pub(super) by_health: bool,
}

/// The summon from the hand of a deathrattle, if it has one: how many,
/// ranked how (read by the death phase, `Kinds::hand_deathrattles`).
pub(super) fn deathrattle_from_hand(effects: &[Effect]) -> Option<(u8, Rank)> {
    effects.iter().find_map(|e| match e.action {
        Action::SummonFromHand {
            count,
            tribes,
            by_health,
        } if e.trigger == Trigger::Deathrattle => Some((count, Rank { tribes, by_health })),
        _ => None,
    })
}

/// The summons from `side`'s hand of the dead unit `m`'s deathrattle
/// (one trigger), placed in `board` from `n` on as its tokens are
/// (`State::place_tokens`) while `room` allows (`n` below it): the minions
/// its rank puts first, each marked in `summoned` (`State::hand`); none
/// drawn without room (Firestone's cancelled summon frees the card). The
/// units placed.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn place_from_hand(
    kinds: &Kinds,
    side: usize,
    m: &Unit,
    board: &mut [Unit; BOARD_SIZE],
    summoned: &mut u16,
    n: usize,
    room: usize,
    chooser: &mut impl Chooser,
) -> usize {
    let kind = &kinds.kinds[m.kind as usize];
    let Some((count, rank)) = deathrattle_from_hand(&kind.effects) else {
        return 0;
    };
    let hand = &kinds.hands[side];
    let mut placed = 0;
    for _ in 0..count {
        if n + placed >= room {
            break;
        }
        let Some(i) = hand.pick(kinds, *summoned, rank, chooser) else {
            break;
        };
        *summoned |= 1 << i;
        board[n + placed] = hand.minions[i];
        board[n + placed].mark = UNMARKED;
        placed += 1;
    }
    placed
}

impl State {
    /// `Action::SummonFromHand` of the minion at `at`: `count` times, the
    /// minion of its hand `rank` puts first, not summoned yet this combat
    /// enters to the right of `at` with its stats in the hand (each next
    /// one between `at` and the one before); one that finds no room stays
    /// free to come later (Firestone's cancelled summon).
    pub(super) fn summon_from_hand_mid_combat(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        count: u8,
        rank: Rank,
        chooser: &mut impl Chooser,
    ) {
        let Some(slot) = at.slot else {
            return;
        };
        let hand = &kinds.hands[at.side];
        for _ in 0..count {
            let Some(i) = hand.pick(kinds, self.hand[at.side], rank, chooser) else {
                return;
            };
            let len = self.lens[at.side] as usize;
            if len >= BOARD_SIZE {
                continue;
            }
            self.hand[at.side] |= 1 << i;
            let board = &mut self.boards[at.side];
            board.copy_within(slot + 1..len, slot + 2);
            board[slot + 1] = hand.minions[i];
            board[slot + 1].mark = UNMARKED;
            self.lens[at.side] += 1;
            self.entered(kinds, at.side, slot + 1, chooser);
        }
    }

    /// The start of combat of `side`'s hand: each card that acts from it,
    /// left to right, summons its copy at the right end of the board while
    /// there is room (its summon heard as any), each followed by the death
    /// phase as a board minion's effect is. True when an effect dealt
    /// damage (the caller resolves the deaths).
    pub(super) fn hand_start_of_combat(
        &mut self,
        kinds: &Kinds,
        side: usize,
        chooser: &mut impl Chooser,
    ) -> bool {
        let hand = &kinds.hands[side];
        let mut damage = false;
        for &(unit, action) in &hand.summons[..hand.summon_count as usize] {
            let fired = Fired {
                side,
                slot: None,
                unit,
                friend: None,
                defender: None,
                reach: REACH_ALL,
                place: Place::Board,
            };
            damage |= self.apply(kinds, &fired, action, chooser);
        }
        damage
    }

    /// `Action::SummonCopyFromHand` fired from the hand (`at.slot` is
    /// `None`): its copy `at.unit` enters at the right end, unmarked.
    pub(super) fn summon_from_hand(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        chooser: &mut impl Chooser,
    ) {
        let len = self.lens[at.side] as usize;
        if at.slot.is_some() || len >= BOARD_SIZE {
            return;
        }
        self.boards[at.side][len] = at.unit;
        self.boards[at.side][len].mark = UNMARKED;
        self.lens[at.side] += 1;
        self.entered(kinds, at.side, len, chooser);
    }
}

/// Checks the hands of a combat question: at most `HAND_SIZE` cards of
/// positive health and tier 1 to 7 per hand, at most 16 minions on both
/// boards and acting from the hands together (the kinds a combat holds),
/// and no card that changes a hand beside a minion that reads it.
pub(super) fn validate_hands(c: &Combat) -> Result<()> {
    let mut acting = c.a.len() + c.b.len();
    for (side, (name, hand)) in [("A", &c.hands[0]), ("B", &c.hands[1])]
        .into_iter()
        .enumerate()
    {
        if hand.len() > HAND_SIZE {
            return Err(Error::invalid(format!(
                "hand {name} has {} cards; at most {HAND_SIZE}",
                hand.len()
            )));
        }
        for (i, m) in hand.iter().enumerate() {
            if m.health <= 0 || !(1..=7).contains(&m.tier) {
                return Err(Error::invalid(format!(
                    "hand {name} card {}: a minion needs positive health and tier 1 to 7",
                    i + 1
                )));
            }
        }
        acting += hand.iter().filter(|m| copy_from_hand(m).is_some()).count();
        let board = if side == 0 { &c.a } else { &c.b };
        if board.iter().any(Minion::summons_from_hand) {
            acting += hand.len();
        }
        refuse_changed_hand(board, hand, name)?;
        refuse_waiting_hand_summons(board, hand, name)?;
    }
    refuse_run_hand_deathrattles(c)?;
    if acting > 16 {
        let e = Error::invalid(format!(
            "{acting} minions on the boards and acting from the hands; at most 16"
        ));
        // A minion summoning from its hand counts the hand: read plain,
        // it may leave room.
        let summoner = c.a.iter().chain(&c.b).find(|m| m.summons_from_hand());
        return Err(match summoner.and_then(|m| m.name) {
            Some(name) => e.with_culprit(name),
            None => e,
        });
    }
    Ok(())
}

/// An error when a minion of `board` summons from the hand at the start
/// of combat more minions than its board has room for and the hand
/// holds one it would summon: Firestone keeps such summons
/// waiting for room (to the right end when the board was full, after the
/// minion's death too), which the engine does not play.
fn refuse_waiting_hand_summons(board: &[Minion], hand: &[Minion], name: &str) -> Result<()> {
    for m in board {
        for e in &m.effects {
            let Action::SummonFromHand { count, tribes, .. } = e.action else {
                continue;
            };
            let fits = |h: &Minion| tribes == 0 || h.tribes & tribes != 0;
            if e.trigger == Trigger::StartOfCombat
                && board.len() + usize::from(count) > BOARD_SIZE
                && hand.iter().any(fits)
            {
                let who = m.name.unwrap_or("a minion");
                return Err(Error::invalid(format!(
                    "side {name}: {who} on a board of {} minions: its summons from the hand that wait for room are not modelled yet",
                    board.len()
                ))
                .with_culprit(who));
            }
        }
    }
    Ok(())
}

/// An error when a deathrattle summoning from the hand would be run
/// otherwise than by its death (another minion's effect triggering or
/// remembering it; the Duos teammates' hands): the engine places those
/// summons in a death phase only.
fn refuse_run_hand_deathrattles(c: &Combat) -> Result<()> {
    let minions = || c.a.iter().chain(&c.b).chain(c.hands.iter().flatten());
    let Some(summoner) = minions().find(|m| deathrattle_from_hand(&m.effects).is_some()) else {
        return Ok(());
    };
    let runs = |m: &&Minion| m.effects.iter().any(|e| e.action.runs_other_deathrattle());
    let why = if c.has_teammates() {
        "Duos teammates".to_string()
    } else if let Some(m) = minions().find(runs) {
        m.name
            .unwrap_or("a minion running deathrattles")
            .to_string()
    } else {
        return Ok(());
    };
    let name = summoner.name.unwrap_or("a minion");
    Err(Error::invalid(format!(
        "{name} summons from the hand as it dies, beside {why}: not modelled yet"
    ))
    .with_culprit(name))
}

/// An error when a minion of `board` reads its hand and a minion of the
/// board or one the hand summons (or a token one of them summons) would
/// change that hand in combat: the engine does not play changes to a
/// hand.
fn refuse_changed_hand(board: &[Minion], hand: &[Minion], name: &str) -> Result<()> {
    let Some(reader) = board.iter().find(|m| m.reads_hand()) else {
        return Ok(());
    };
    let changes = |m: &&Minion| {
        [m.marks, m.deathrattle.marks, m.effect_token.marks]
            .iter()
            .any(|marks| marks.intersects(Marks::CHANGES_HAND))
    };
    let summoned = hand.iter().filter(|m| copy_from_hand(m).is_some());
    match board.iter().chain(summoned).find(changes) {
        Some(changer) => Err(Error::invalid(format!(
            "side {name}: {} reads the hand and {} changes it in combat: cards put in or changed in a hand are not modelled yet",
            reader.name.unwrap_or("a minion"),
            changer.name.unwrap_or("a minion")
        ))
        .with_culprit(reader.name.unwrap_or("a minion"))),
        None => Ok(()),
    }
}
