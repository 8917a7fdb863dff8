//! Battlecries triggered in combat (Firestone's `triggerBattlecry`): a
//! friendly minion that triggers battlecries (`Action::TriggerBattlecry`:
//! a rally's right-most battlecry, a deathrattle's adjacent ones) picks
//! minions whose cards have a battlecry (`Marks::HAS_BATTLECRY`); each
//! picked battlecry fires as many times as the side's battlecry auras say
//! (`Action::BattlecriesTrigger`, the most of them, of its minions and
//! its hero-side cards), its `Trigger::Battlecry` effects each time
//! (none for a battlecry Firestone does not play: it is triggered all the
//! same), each time heard by the "after you trigger a battlecry"
//! listeners (`Trigger::AfterBattlecry`).
//!
//! A combat with no minion that triggers battlecries plays none of this:
//! its minions' battlecry effects and listeners are left out as the kinds
//! are made (`strip_battlecries`), so they cost the engine nothing.

use super::Combat;
use super::chooser::Chooser;
use super::kinds::Kinds;
use super::listeners::{Fired, Place};
use super::state::State;
use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, Effect, MAX_EFFECTS, Marks, Minion, Target, Trigger};

impl State {
    /// `Action::TriggerBattlecry` fired at `at`: `times` over, the
    /// battlecries of the minions `target` names (picked afresh each
    /// time), then with `deathrattle` the deathrattle of the right-most
    /// living friendly minion that has one. True when damage landed.
    /// Not inlined: rare, and in `act` it would cost every other action
    /// its inlined closures (measured).
    #[inline(never)]
    pub(super) fn trigger_battlecries(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        times: u8,
        deathrattle: bool,
        chooser: &mut impl Chooser,
    ) -> bool {
        let side = at.side;
        let mut hit = false;
        for _ in 0..times {
            // Picked before any fires: the battlecries played move no
            // minion.
            let (picks, n) = self.battlecry_targets(kinds, at, target, chooser);
            for &i in &picks[..n] {
                hit |= self.trigger_battlecry(kinds, side, i, at.reach, chooser);
            }
            if deathrattle {
                let board = self.board(side);
                let living_dr =
                    |i: &usize| board[*i].health > 0 && kinds.has_deathrattle(&board[*i]);
                if let Some(i) = (0..board.len()).rev().find(living_dr) {
                    hit |= self.run_deathrattle(kinds, side, i, 1, chooser);
                }
            }
        }
        hit
    }

    /// The battlecry of `side`'s minion at `slot` triggered once: its
    /// battlecry effects, as many times as the side's auras say, each
    /// time heard by the listeners; on the minions `reach` holds (a
    /// deathrattle's board). True when damage landed.
    fn trigger_battlecry(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        reach: u8,
        chooser: &mut impl Chooser,
    ) -> bool {
        let mut hit = false;
        for _ in 0..self.battlecry_times(kinds, side, reach) {
            if slot < self.lens[side] as usize {
                hit |= self.fire_in_reach(kinds, side, slot, reach, Trigger::Battlecry, chooser);
            }
            for i in 0..self.lens[side] as usize {
                let mut listens = kinds.effects(&self.boards[side][i]).iter();
                if reach & 1 << i != 0 && listens.any(|e| e.trigger == Trigger::AfterBattlecry) {
                    let after = Trigger::AfterBattlecry;
                    hit |= self.fire_in_reach(kinds, side, i, reach, after, chooser);
                }
            }
        }
        hit
    }

    /// The effects of `trigger` of `side`'s minion at `slot`, reaching
    /// the minions `reach` holds.
    fn fire_in_reach(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        reach: u8,
        trigger: Trigger,
        chooser: &mut impl Chooser,
    ) -> bool {
        let unit = self.boards[side][slot];
        let at = Fired {
            side,
            slot: Some(slot),
            unit,
            friend: None,
            defender: None,
            reach,
            place: Place::Board,
        };
        let mut hit = false;
        for e in kinds.effects(&unit) {
            if e.trigger == trigger {
                hit |= self.apply(kinds, &at, e.action, chooser);
            }
        }
        hit
    }

    /// How many times a battlecry of `side` fires: the most its minions'
    /// auras (those `reach` holds, dying ones too, as Firestone reads the
    /// board) and its hero-side cards say, else once.
    fn battlecry_times(&self, kinds: &Kinds, side: usize, reach: u8) -> u8 {
        let times = |e: &Effect| match e.action {
            Action::BattlecriesTrigger { times } => times,
            _ => 1,
        };
        let board = self.board(side).iter().enumerate();
        let minions = board
            .filter(|(i, _)| reach & 1 << i != 0)
            .flat_map(|(_, u)| kinds.effects(u).iter().map(times));
        let heroes = kinds.heroes(side).iter().map(|c| times(&c.effect));
        minions.chain(heroes).fold(1, u8::max)
    }

    /// The slots `Target::RightmostBattlecry` and
    /// `Target::AdjacentBattlecry` name from `at` (`usize::MAX`: none),
    /// and how many; a random neighbour drawn from `chooser`.
    pub(super) fn battlecry_targets(
        &self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        chooser: &mut impl Chooser,
    ) -> ([usize; 2], usize) {
        let board = self.board(at.side);
        let has = |i: usize| kinds.marks(&board[i]).intersects(Marks::HAS_BATTLECRY);
        let mut picks = [usize::MAX; 2];
        match target {
            Target::RightmostBattlecry => {
                let living = |i: &usize| board[*i].health > 0 && has(*i);
                match (0..board.len()).rev().find(living) {
                    Some(i) => picks[0] = i,
                    None => return (picks, 0),
                }
                (picks, 1)
            }
            Target::AdjacentBattlecry { both } => {
                let mut n = 0;
                for i in self.neighbours(at).into_iter().flatten() {
                    if has(i) {
                        picks[n] = i;
                        n += 1;
                    }
                }
                if !both && n == 2 {
                    picks[0] = picks[chooser.pick(2) as usize];
                    n = 1;
                }
                (picks, n)
            }
            _ => (picks, 0),
        }
    }

    /// The slots next to where the minion `at` fires from stands (or
    /// stood: a dead one's place among the minions its deathrattle
    /// reaches, as Firestone's `getNeighbours` counts from the right).
    pub(super) fn neighbours(&self, at: &Fired) -> [Option<usize>; 2] {
        let len = self.lens[at.side] as usize;
        let around = |i: usize| [i.checked_sub(1), Some(i + 1).filter(|&r| r < len)];
        let slot = match at.place {
            Place::Ran { slot } => Some(usize::from(slot)),
            _ => at.slot,
        };
        match (slot, at.place) {
            (None, Place::Died { right }) => {
                let right = usize::from(right);
                let mut reached = [0usize; 8];
                let mut n = 0;
                for i in (0..len).filter(|&i| at.reach & 1 << i != 0) {
                    reached[n] = i;
                    n += 1;
                }
                let left = (n > right).then(|| reached[n - 1 - right]);
                let right = (right > 0 && right <= n).then(|| reached[n - right]);
                [left, right]
            }
            (Some(i), _) if i < len => around(i),
            _ => [None, None],
        }
    }
}

/// Whether a minion triggers battlecries in combat.
fn triggers_battlecries(m: &Minion) -> bool {
    let effects = m.effects.iter().chain(m.reborn_effects.iter().flatten());
    effects
        .into_iter()
        .any(|e| matches!(e.action, Action::TriggerBattlecry { .. }))
}

/// Whether some minion of the combat (on a board or in a hand) triggers
/// battlecries: else the battlecry effects are left out.
pub(super) fn any_triggers(boards: [&[Minion]; 2], hands: [&[Minion]; 2]) -> bool {
    boards
        .iter()
        .chain(&hands)
        .any(|b| b.iter().any(triggers_battlecries))
}

/// `effects` without battlecries and their listeners (a combat where no
/// battlecry is triggered).
pub(super) fn strip_battlecries(effects: [Effect; MAX_EFFECTS]) -> [Effect; MAX_EFFECTS] {
    effects.map(|e| match e.trigger {
        Trigger::Battlecry | Trigger::AfterBattlecry => Effect::default(),
        _ => e,
    })
}

/// Refuses a side that triggers battlecries and has a minion whose
/// battlecry (or whose hearing of one) Firestone plays and the engine
/// does not (`Marks::BATTLECRY_UNMODELLED`, named), or a minion that
/// reads the hand beside battlecries (Firestone's may change the hand).
pub(super) fn validate_battlecries(c: &Combat) -> Result<()> {
    for (side, name) in [(0, "A"), (1, "B")] {
        let board = if side == 0 { &c.a } else { &c.b };
        let hand = &c.hands[side];
        if !board.iter().chain(hand).any(triggers_battlecries) {
            continue;
        }
        let trigger = board.iter().chain(hand).find(|m| triggers_battlecries(m));
        let by = trigger.and_then(|m| m.name).unwrap_or("a minion");
        let marks = |m: &Minion| m.marks | m.deathrattle.marks | m.effect_token.marks;
        if let Some(m) = board
            .iter()
            .chain(hand)
            .find(|m| marks(m).intersects(Marks::BATTLECRY_UNMODELLED))
        {
            let unmodelled = m.name.unwrap_or("a minion");
            return Err(Error::invalid(format!(
                "side {name}: {by} triggers battlecries in combat and what {unmodelled} does then is not modelled yet",
            ))
            .with_culprit(unmodelled));
        }
        let battlecry = board
            .iter()
            .any(|m| marks(m).intersects(Marks::HAS_BATTLECRY));
        if let Some(reader) = board.iter().find(|m| m.reads_hand())
            && battlecry
        {
            let reader = reader.name.unwrap_or("a minion");
            return Err(Error::invalid(format!(
                "side {name}: {reader} reads the hand and {by} triggers battlecries, which may change it: not modelled yet",
            ))
            .with_culprit(reader));
        }
    }
    Ok(())
}
