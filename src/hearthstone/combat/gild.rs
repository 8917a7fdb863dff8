//! Minions made golden in combat (`Action::MakeGolden`), as Firestone's
//! `makeMinionGolden` plays it: a golden minion is passed over; another
//! becomes its card's golden version, keeps its keywords (and has reborn
//! if it had it or its golden card has it), its avenge count and its
//! buffs, and gains its normal card's attack and health, which the
//! "whenever a friendly minion gains attack" listeners hear.
//!
//! A kind's golden form is interned as the combat is set up (no kind is
//! interned mid-combat): for each starting minion of a side that makes
//! minions golden. What the engine cannot follow
//! is refused before (`validate_gilding`): a minion that is anonymous,
//! enchanted beyond its card, of a card with no modelled golden version,
//! with an aura, with reborn, or one that could bring a minion with no
//! golden form to the board (summons, tokens, a hand, hero-side tokens,
//! a teammate); and, where Firestone's answers on real states differ
//! from this reading, a side with reborn or facing an enemy deathrattle
//! that damages.

use super::Combat;
use super::kinds::{Kinds, MAX_KINDS};
use super::listeners::Fired;
use super::state::State;
use crate::error::{Error, Result};
use crate::hearthstone::cards;
use crate::hearthstone::model::{Action, Effect, Minion, REBORN, Target, Trigger};

/// What making a kind golden does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Gild {
    /// No golden form known (`validate_gilding` keeps such minions off
    /// a side that makes minions golden).
    #[default]
    Unknown,
    /// Already golden: nothing.
    Golden,
    /// It becomes `kind`, gaining `attack` and `health` (its normal
    /// card's), and reborn when `reborn` (its golden card's).
    To {
        kind: u8,
        attack: u16,
        health: u16,
        reborn: bool,
    },
}

/// Whether an effect makes minions golden.
fn gilds(e: &Effect) -> bool {
    matches!(e.action, Action::MakeGolden { .. })
}

/// Whether a minion of `side` of the combat makes minions golden.
fn side_gilds(board: &[Minion]) -> bool {
    board.iter().any(|m| m.effects.iter().any(gilds))
}

/// Whether an effect may bring a new minion to its side's board, now or
/// through the deathrattles it gives.
fn summons(e: &Effect) -> bool {
    e.action.may_summon() || matches!(e.action, Action::GainDeathrattles { .. })
}

/// Whether a minion's deathrattle deals damage.
fn damages_on_death(m: &Minion) -> bool {
    m.effects
        .iter()
        .any(|e| e.trigger == Trigger::Deathrattle && e.action.deals_damage())
}

/// Whether some minion of the combat gives reborn.
fn gives_reborn(c: &Combat) -> bool {
    c.a.iter()
        .chain(&c.b)
        .chain(c.hands.iter().flatten())
        .any(|m| {
            m.effects.iter().any(
                |e| matches!(e.action, Action::Buff { keywords, .. } if keywords & REBORN != 0),
            )
        })
}

/// Why the engine cannot make `m` golden, or its golden form join a side
/// that makes minions golden (`None`: it can).
fn refusal(m: &Minion) -> Option<String> {
    let Some(card) = cards::by_dbf(m.dbf).filter(|_| m.dbf != 0) else {
        return Some("an anonymous minion has no golden card".to_string());
    };
    let who = format!("{} ({})", card.name, card.id);
    let Ok(own) = cards::minion_of(card) else {
        return Some(format!("{who}'s effect is not modelled"));
    };
    if own.effects != m.effects
        || own.deathrattle != m.deathrattle
        || m.reborn_effects.is_some()
        || m.reborn_deathrattle.is_some()
    {
        return Some(format!(
            "{who} carries effects beyond its card's (enchantments, script numbers), \
             which making it golden would change"
        ));
    }
    let mut forms = vec![own];
    if !card.is_golden() {
        let golden = cards::by_dbf(card.golden).filter(|_| card.golden != 0);
        match golden.map(cards::minion_of) {
            Some(Ok(g)) => forms.push(g),
            _ => return Some(format!("{who} has no modelled golden version")),
        }
    }
    for f in &forms {
        if f.deathrattle.count > 0 || f.effects.iter().any(summons) {
            return Some(format!(
                "{who} may summon a minion that would be made golden, \
                 which is not modelled yet"
            ));
        }
        if f.effects
            .iter()
            .any(|e| e.trigger == Trigger::Aura && !gilds(e))
        {
            return Some(format!(
                "{who} has an aura, which making it golden would change"
            ));
        }
    }
    None
}

/// Refuses a side that makes minions golden where the engine cannot
/// follow it (see the module's note), naming the minion that gilds as the
/// culprit.
pub(super) fn validate_gilding(c: &Combat) -> Result<()> {
    for (side, board) in [&c.a, &c.b].into_iter().enumerate() {
        let Some(gilder) = board.iter().find(|m| m.effects.iter().any(gilds)) else {
            continue;
        };
        let name = gilder.name.unwrap_or("a minion that makes minions golden");
        let refuse = |why: String| {
            Err(Error::invalid(format!("{name} makes minions golden: {why}")).with_culprit(name))
        };
        if let Some(why) = board.iter().find_map(refusal) {
            return refuse(why);
        }
        if !c.hands[side].is_empty() {
            return refuse("its side's hand may summon a minion with no golden form".into());
        }
        if c.heroes[side]
            .iter()
            .any(|h| h.token.count > 0 || h.when_space)
        {
            return refuse("its side's hero-side cards summon minions with no golden form".into());
        }
        // A reborn copy made golden: Firestone's answers on real states
        // (a reborn copy gilded) differ from its code's reading (reborn
        // given again by the golden card), so it is left unmodelled.
        if board.iter().any(|m| m.keywords & REBORN != 0) || gives_reborn(c) {
            return refuse("a reborn minion's copy made golden is not modelled".into());
        }
        // Which of a death phase's deathrattles fires first decides what
        // is right-most: against an enemy deathrattle that damages, the
        // engine's order gave another answer than Firestone's on a real
        // state (not yet understood), so it is left unmodelled.
        let enemy = if side == 0 { &c.b } else { &c.a };
        if enemy.iter().any(damages_on_death) {
            return refuse(
                "an enemy deathrattle that deals damage is not modelled beside it".into(),
            );
        }
        if c.teammates.iter().any(Option::is_some) {
            return refuse("a Duos teammate's minions have no golden form".into());
        }
    }
    Ok(())
}

impl Kinds {
    /// Interns the golden forms of the starting minions of each side that
    /// makes minions golden.
    pub(super) fn add_golden_forms(&mut self, boards: [&[Minion]; 2]) {
        if !boards.iter().any(|b| side_gilds(b)) {
            return;
        }
        self.gilds = true;
        for board in boards.into_iter().filter(|b| side_gilds(b)) {
            for m in board {
                self.add_golden_form(m);
            }
        }
    }

    fn add_golden_form(&mut self, m: &Minion) {
        let kind = self.unit(m).kind;
        let Some(card) = cards::by_dbf(m.dbf).filter(|_| m.dbf != 0) else {
            return;
        };
        if card.is_golden() {
            self.set_gild(kind, Gild::Golden);
            return;
        }
        let Some(Ok(golden)) = cards::by_dbf(card.golden).map(cards::minion_of) else {
            return;
        };
        let own = self.unit(&golden).kind;
        self.set_gild(
            kind,
            Gild::To {
                kind: own,
                attack: card.attack,
                health: card.health.min(i16::MAX as u16),
                reborn: golden.keywords & REBORN != 0,
            },
        );
        self.set_gild(own, Gild::Golden);
    }

    fn set_gild(&mut self, kind: u8, gild: Gild) {
        if (kind as usize) < MAX_KINDS && self.gild[kind as usize] == Gild::Unknown {
            self.gild[kind as usize] = gild;
        }
    }
}

impl State {
    /// `Action::MakeGolden`: each minion `target` reaches made golden.
    pub(super) fn make_golden(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        chooser: &mut impl super::chooser::Chooser,
    ) {
        self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
            state.gild_at(kinds, (s, i));
        });
    }

    fn gild_at(&mut self, kinds: &Kinds, (side, slot): (usize, usize)) {
        let u = &mut self.boards[side][slot];
        match kinds.gild[u.kind as usize % MAX_KINDS] {
            Gild::Golden => {}
            Gild::Unknown => debug_assert!(false, "no golden form: validate_gilding refuses it"),
            Gild::To {
                kind,
                attack,
                health,
                reborn,
            } => {
                let before = kinds.facts(u).avenge;
                u.kind = kind;
                if reborn {
                    u.keywords |= REBORN;
                }
                // Firestone keeps its avenge count; a kind that starts
                // counting only now starts afresh.
                let after = kinds.facts(u).avenge;
                if before != after {
                    u.set_count(after);
                }
                self.buff_at(kinds, (side, slot), [attack, health], 0, false);
            }
        }
    }
}
