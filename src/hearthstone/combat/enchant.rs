//! Deathrattles given in combat (`Action::GiveDeathrattle`: Fragrant
//! Phylactery's "give your lowest-Attack minion 'Deathrattle: give your
//! other minions this minion's stats'"), as Firestone plays them: an
//! enchantment whose deathrattle fires after the minion's own, lost by
//! its reborn copy (a fresh copy of its card).
//!
//! A minion given one becomes its enchanted form, a kind interned as the
//! combat is set up (no kind is interned mid-combat) for each starting
//! minion of a side whose hero-side card gives one, its deathrattle in
//! the kind's second effect slot (after its own effects). The given
//! deathrattle's stats (`Action::GiveOwnStats`) are the minion's attack
//! as it dies and its max health, which the engine does not keep: its
//! health as the combat began stands for it, which is exact where nothing
//! may raise a minion's health on its side; `validate_enchanting` refuses
//! the rest.

use super::Combat;
use super::chooser::Chooser;
use super::kinds::Kinds;
use super::state::State;
use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, Effect, HeroCard, Marks, Minion, Target, Trigger};

/// The deathrattle a hero-side card gives, if it gives one.
fn given(h: &HeroCard) -> Option<Action> {
    match h.effect.action {
        Action::GiveDeathrattle { deathrattle, .. } => Some(*deathrattle),
        _ => None,
    }
}

/// The given deathrattle as the minion of `health` (as the combat began)
/// carries it: its max health filled in.
fn carried(deathrattle: Action, health: u16) -> Action {
    match deathrattle {
        Action::GiveOwnStats { target, health: 0 } => Action::GiveOwnStats { target, health },
        other => other,
    }
}

/// Whether an effect may raise a minion's health (or max health) once
/// the combat began, or change its kind (which the enchanted form would
/// lose): buffs with health, stat auras (which lower it as they leave),
/// bonuses, set or multiplied stats, golden forms, gained deathrattles,
/// and random summons (whose cards are not known here).
fn raises_health(e: &Effect) -> bool {
    match e.action {
        Action::TierBuff { health, .. } => health > 0,
        Action::Buff { health, .. }
        | Action::SideBonus { health, .. }
        | Action::DamageThenBuff { health, .. }
        | Action::ImprovingBuff { health, .. } => health > 0,
        Action::BloodGems { .. }
        | Action::SetStats { .. }
        | Action::SetHealth { .. }
        | Action::MultiplyStats { .. }
        | Action::StatsOfFriendAttack { .. }
        | Action::HealthOfFriendAttack { .. }
        | Action::GainHandStats { .. }
        | Action::MakeGolden { .. }
        | Action::GainDeathrattles { .. }
        | Action::GiveOwnStats { .. }
        | Action::GiveDeathrattle { .. }
        | Action::SummonRandom { .. } => true,
        _ => false,
    }
}

/// The first minion of `minions`, or a token of theirs, that may raise a
/// minion's health in combat (`raises_health`, or a card whose stats grow
/// with a count of its side).
fn health_raiser(minions: &[Minion], battlecries: bool) -> Option<&Minion> {
    // A battlecry acts only where a minion triggers it.
    let raises = |e: &Effect| (battlecries || e.trigger != Trigger::Battlecry) && raises_health(e);
    minions.iter().find(|m| {
        let tokens = [m.deathrattle, m.effect_token];
        let effects = m
            .effects
            .iter()
            .chain(m.reborn_effects.iter().flatten())
            .chain(tokens.iter().flat_map(|t| t.effects.iter()));
        let counted = std::iter::once(m.marks)
            .chain(tokens.iter().map(|t| t.marks))
            .any(|marks| marks.intersects(Marks::COUNTED));
        counted || effects.clone().any(raises)
    })
}

/// Refuses a side whose hero-side card gives a deathrattle where the
/// engine cannot follow it (see the module's note), naming the card as
/// the culprit: beside Duos teammates, a starting minion with no room
/// for another effect, or a minion (its side's board or hand, an enemy
/// one that buffs every minion) or hero-side card that may raise a
/// minion's health in combat.
pub(super) fn validate_enchanting(c: &Combat) -> Result<()> {
    for side in 0..2 {
        let Some(card) = c.heroes[side].iter().find(|h| given(h).is_some()) else {
            continue;
        };
        let refuse = |why: String| {
            Err(Error::invalid(format!(
                "{} ({}): the deathrattle it gives is not modelled {why}",
                card.name, card.id
            ))
            .with_culprit(card.name))
        };
        let board = if side == 0 { &c.a } else { &c.b };
        let enemy = if side == 0 { &c.b } else { &c.a };
        let named = |m: &Minion| m.name.unwrap_or("a minion").to_string();
        if c.has_teammates() {
            return refuse("beside Duos teammates".into());
        }
        if let Some(m) = board
            .iter()
            .find(|m| m.effects[1].trigger != Trigger::Never)
        {
            return refuse(format!("on {}, which has two effects already", named(m)));
        }
        let hands = [c.hands[0].as_slice(), c.hands[1].as_slice()];
        let battlecries = super::battlecries::any_triggers([&c.a, &c.b], hands);
        let raiser = health_raiser(board, battlecries);
        if let Some(m) = raiser.or_else(|| health_raiser(&c.hands[side], battlecries)) {
            return refuse(format!(
                "beside {}, which may raise a minion's health in combat (the engine does not keep \
                 a minion's max health, which the deathrattle gives)",
                named(m)
            ));
        }
        let buffs_all = |e: &Effect| {
            matches!(
                e.action,
                Action::Buff {
                    target: Target::AllMinions { .. } | Target::AllOthers,
                    health: 1..,
                    ..
                }
            )
        };
        if let Some(m) = enemy.iter().find(|m| m.effects.iter().any(buffs_all)) {
            return refuse(format!(
                "beside {}, which may raise its health in combat",
                named(m)
            ));
        }
        let raiser =
            |h: &&HeroCard| h.id != card.id && (raises_health(&h.effect) || h.minion.is_some());
        if let Some(h) = c.heroes.iter().flatten().find(raiser) {
            return refuse(format!(
                "beside {}, which may raise a minion's health",
                h.name
            ));
        }
    }
    Ok(())
}

impl Kinds {
    /// Interns the enchanted form of each starting minion of `start` on a
    /// side whose hero-side card gives a deathrattle.
    pub(super) fn add_enchanted_forms(&mut self, start: &State) {
        for side in 0..2 {
            let Some(deathrattle) = self.heroes(side).iter().find_map(given) else {
                continue;
            };
            for slot in 0..start.lens[side] as usize {
                let u = start.boards[side][slot];
                let mut kind = self.kinds[u.kind as usize];
                // `validate_enchanting` refuses a minion with no room.
                if kind.effects[1].trigger != Trigger::Never {
                    continue;
                }
                let health = u16::try_from(u.health.max(1)).unwrap_or(1);
                kind.effects[1] = Effect {
                    trigger: Trigger::Deathrattle,
                    action: carried(deathrattle, health),
                };
                // Its reborn copy (the index the kind names) stays plain.
                let to = self.intern(kind);
                self.enchanted[side][slot] = Some((u.kind, to));
            }
        }
    }
}

impl State {
    /// `Action::GiveDeathrattle`: the living minion of `side` that
    /// `target` names (`Target::LowestAttack`: one of the lowest attack,
    /// drawn among ties) becomes its enchanted form. Played before
    /// anything moved the board (a pre-combat hero-side card), so its
    /// slot is its starting one.
    pub(super) fn give_deathrattle(
        &mut self,
        kinds: &Kinds,
        side: usize,
        target: Target,
        chooser: &mut impl Chooser,
    ) {
        debug_assert_eq!(target, Target::LowestAttack);
        let board = self.board(side);
        let living = |i: &usize| board[*i].health > 0;
        let Some(lowest) = (0..board.len())
            .filter(living)
            .map(|i| board[i].attack)
            .min()
        else {
            return;
        };
        let ties = (0..board.len())
            .filter(living)
            .filter(|&i| board[i].attack == lowest);
        let n = ties.clone().count() as u32;
        let k = if n > 1 { chooser.pick(n) } else { 0 };
        let Some(i) = ties.clone().nth(k as usize) else {
            return;
        };
        let u = &mut self.boards[side][i];
        match kinds.enchanted[side].get(i).copied().flatten() {
            Some((from, to)) if u.kind == from => u.kind = to,
            _ => debug_assert!(false, "no enchanted form: a minion moved or was refused"),
        }
    }
}
