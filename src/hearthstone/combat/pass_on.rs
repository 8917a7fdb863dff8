//! Deathrattles passed on (`Action::PassOnBuff`: a card's "give a
//! friendly Beast +1/+1 and this Deathrattle"), as Firestone 1.1.755
//! plays them: the minion drawn (a living friendly minion of the tribes,
//! at random) gains the stats and an enchantment carrying the
//! deathrattle; dying, it fires each enchantment after its own
//! deathrattles, each drawing afresh and passing its enchantment on.
//! Gained ones stack: a minion may carry several.
//!
//! A combat holds at most two such deathrattles (a card's plain and
//! golden ones: `Kinds::passes`). What a unit carries is its count
//! (`Unit::count`): two bits per deathrattle, how many of it the unit
//! carries (0 to 3). Firestone fires a minion's enchantments in the order
//! gained; each draws among the same minions (a buff kills none), so
//! firing them deathrattle by deathrattle gives the same odds.
//!
//! Every deathrattle passed on lives on one holder at a time (a holder
//! dying passes each on once, or loses it with no minion to take it), so
//! a side's holders hold at most as many as its deathrattles of that
//! kind fired: the minions that pass it on, twice each where they may be
//! reborn. `validate_passing` refuses a combat where that may exceed 3,
//! or where a deathrattle may fire more than once a death (an aura that
//! triggers deathrattles more often: the counts would double each hop),
//! and what the count could not follow: a minion of the tribes whose
//! count keeps something else (an avenge, a limit, gifts given, deaths
//! remembered), deathrattles run without a death, copies of minions,
//! random summons, such a minion in a hand or as a token, Duos.

use super::Combat;
use super::chooser::Chooser;
use super::flags::{Flag, Folded};
use super::kinds::Kinds;
use super::listeners::Fired;
use super::state::State;
use super::unit::Unit;
use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, Effect, Minion, REBORN};

/// Deathrattles passed on one combat holds at most (`Kinds::passes`).
pub(super) const MAX_PASSES: usize = 2;

/// How many of one deathrattle a unit carries at most (two bits).
const MAX_CARRIED: u8 = 3;

/// The deathrattle passed on (`Action::PassOnBuff`) among `effects`.
pub(super) fn passed_on(effects: &[Effect]) -> Option<Action> {
    effects.iter().find_map(|e| match e.action {
        a @ Action::PassOnBuff { .. } => Some(a),
        _ => None,
    })
}

/// Every effect a minion may bring into the combat: its own, its reborn
/// copy's, its tokens'.
fn all_effects(m: &Minion) -> impl Iterator<Item = &Effect> {
    m.effects
        .iter()
        .chain(m.reborn_effects.iter().flatten())
        .chain(m.deathrattle.effects.iter())
        .chain(m.effect_token.effects.iter())
}

/// How many of the `j`-th deathrattle passed on `u` carries.
#[inline]
pub(super) fn carried(u: &Unit, j: usize) -> u8 {
    u.count() >> (2 * j) & MAX_CARRIED
}

/// The refusal of a combat holding `name`'s deathrattle passed on.
fn refuse(name: &'static str, why: &str) -> Result<()> {
    Err(Error::invalid(format!(
        "{name}: its deathrattle passed on is not modelled {why}"
    ))
    .with_culprit(name))
}

/// Refuses a combat where the counts of deathrattles passed on could not
/// follow Firestone (see the module's note).
pub(super) fn validate_passing(c: &Combat) -> Result<()> {
    let boards = [&c.a, &c.b];
    let everyone = || {
        boards
            .iter()
            .flat_map(|b| b.iter())
            .chain(c.hands.iter().flatten())
    };
    let Some(first) = everyone().find(|m| passed_on(&m.effects).is_some()) else {
        return Ok(());
    };
    let name = first.name.unwrap_or("a minion passing its deathrattle on");
    let mut passes: Vec<Action> = Vec::new();
    let mut tribes = 0;
    for m in boards.iter().flat_map(|b| b.iter()) {
        if let Some(a @ Action::PassOnBuff { tribes: t, .. }) = passed_on(&m.effects) {
            tribes |= t;
            if !passes.contains(&a) {
                passes.push(a);
            }
        }
    }
    if passes.len() > MAX_PASSES {
        return refuse(name, "beside two others passed on");
    }
    if c.has_teammates() {
        return refuse(name, "beside Duos teammates");
    }
    for m in c.hands.iter().flatten() {
        if passed_on(&m.effects).is_some() {
            return refuse(name, "in a hand");
        }
    }
    let gives_reborn = everyone().any(|m| {
        Folded::of(&m.effects, m.tribes)
            .flags
            .has(Flag::GivesReborn)
    });
    for m in everyone() {
        let other = m.name.unwrap_or("a minion");
        let tokens = [&m.deathrattle, &m.effect_token];
        if tokens.iter().any(|t| passed_on(&t.effects).is_some())
            || m.reborn_effects
                .is_some_and(|e| passed_on(&e) != passed_on(&m.effects))
        {
            return refuse(name, &format!("summoned by {other}"));
        }
        let unfollowed = all_effects(m).any(|e| {
            matches!(
                e.action,
                Action::TriggerDeathrattle { .. }
                    | Action::TriggerBattlecry { .. }
                    | Action::SummonCopy { .. }
                    | Action::SummonCopyFromHand { .. }
                    | Action::SummonRandom { .. }
                    | Action::GainDeathrattles { .. }
                    | Action::ExtraDeathrattles { .. }
                    | Action::DeathrattlesTrigger { .. }
                    | Action::MakeGolden { .. }
            )
        });
        if unfollowed {
            return refuse(name, &format!("beside {other}"));
        }
        // A minion the deathrattle may reach whose count keeps another
        // thing.
        let own = std::iter::once((m.tribes, &m.effects));
        let of_tokens = tokens.iter().map(|t| (t.tribes, &t.effects));
        for (t, effects) in own.chain(of_tokens) {
            let f = Folded::of(effects, t);
            let counts = f.avenge > 0 || f.limit > 0 || f.flags.has(Flag::CountsGifts);
            if t & tribes != 0 && counts {
                return refuse(name, &format!("beside {other}, which keeps a count"));
            }
        }
    }
    for (side, board) in boards.iter().enumerate() {
        for pass in &passes {
            let fired: u32 = board
                .iter()
                .filter(|m| passed_on(&m.effects) == Some(*pass))
                .map(|m| 1 + u32::from(m.keywords & REBORN != 0 || gives_reborn))
                .sum();
            if fired > u32::from(MAX_CARRIED) {
                let who = if side == 0 { "A" } else { "B" };
                return refuse(
                    name,
                    &format!("where side {who} may fire it {fired} times (at most {MAX_CARRIED})"),
                );
            }
        }
    }
    Ok(())
}

impl State {
    /// `Action::PassOnBuff` fired by the minion `at` names: the stats to
    /// a living friendly minion of its tribes drawn at random (the minion
    /// itself too, when it lives), which now carries the deathrattle too.
    pub(super) fn pass_on(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        pass: Action,
        chooser: &mut impl Chooser,
    ) {
        let Action::PassOnBuff {
            tribes,
            attack,
            health,
        } = pass
        else {
            return;
        };
        let j = kinds.pass_index(pass);
        let target = crate::hearthstone::model::Target::one_random(tribes);
        let listen = attack > 0 && kinds.any(Flag::GainsAttack);
        self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
            let u = &mut state.boards[s][i];
            super::auras::buff(kinds, u, attack, health, 0);
            // `validate_passing` keeps each at most `MAX_CARRIED`.
            debug_assert!(carried(u, j) < MAX_CARRIED);
            let count = u.count() + (1 << (2 * j));
            u.set_count(count.min(crate::hearthstone::model::MAX_COUNT));
            if listen {
                state.hear_attack_gain(kinds, s, i, at.is(s, i));
            }
        });
    }

    /// The deathrattles passed on that the minion `at` names carries,
    /// each fired once, after its own (`fire_deathrattle_effects`).
    #[inline(never)]
    pub(super) fn fire_carried(&mut self, kinds: &Kinds, at: &Fired, chooser: &mut impl Chooser) {
        if kinds.tribes(&at.unit) & kinds.holder_tribes == 0 {
            return;
        }
        for j in 0..kinds.pass_count as usize {
            for _ in 0..carried(&at.unit, j) {
                self.pass_on(kinds, at, kinds.passes[j], chooser);
            }
        }
    }
}
