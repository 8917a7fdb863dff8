//! Random summons from the card pool (`Action::SummonRandom`: "summon 2
//! random Deathrattle minions", "a random Beast"), as Firestone's `CardsData` draws them: each summon picks one of the
//! pool's cards, all equally likely, through the chooser (a chance event
//! the exact engine enumerates and Monte Carlo samples, drawn afresh each
//! time), and the card enters as a full minion with its own modelled
//! effects (its effect table row).
//!
//! The pool is the pinned card data's (`cards::pool`: the cards in the
//! tavern of the build Firestone's answers are made with), normal
//! versions, of the tribes and triggers the action names, of its tiers or
//! up to the summoning side's tavern tier. Each pool is resolved into
//! kinds as the combat is set up (per side where it reads the side's
//! tier), so no kind is interned mid-combat; a pool that holds a card
//! whose effect is not modelled is refused, naming the card, and the
//! summoning minion is the culprit (`OnUnmodelled::Ignore` then reads
//! the summoner plain and lists it): never a silent guess.
//!
//! The summons enter in the dead minion's slot as its deathrattle tokens
//! do (`State::place_tokens`), while there is room; a summon that finds
//! no room draws nothing.

use super::Combat;
use super::kinds::{Kinds, MAX_KINDS};
use crate::error::{Error, Result};
use crate::hearthstone::cards::{self, CardDef};
use crate::hearthstone::model::{Action, Effect, Minion, Pool, Trigger};

/// The random summons of a combat's kinds.
#[derive(Debug, Clone)]
pub(super) struct RandomSummons {
    /// Per kind and side: one plus the index of its draws in `draws`
    /// (0: it summons nothing at random).
    of: Vec<[u16; 2]>,
    /// Each summoner's draws for one trigger, in order: the pool each
    /// summon draws from.
    draws: Vec<Vec<u16>>,
    /// Each pool's kinds, with the health each enters with.
    pools: Vec<Vec<(u8, i16)>>,
    /// The pools resolved so far, by what they were resolved from.
    resolved: Vec<(Pool, u8, u32, u16, u16, u16)>,
}

impl RandomSummons {
    /// The draws of a deathrattle of `kind` on `side`, in order (empty:
    /// none).
    #[inline]
    pub(super) fn draws(&self, kind: u8, side: usize) -> &[u16] {
        match self.of.get(kind as usize).map(|o| o[side]) {
            Some(i) if i > 0 => &self.draws[i as usize - 1],
            _ => &[],
        }
    }

    /// The kinds of pool `pool` and the health each enters with.
    #[inline]
    pub(super) fn pool(&self, pool: u16) -> &[(u8, i16)] {
        &self.pools[pool as usize]
    }
}

/// The random summon of an effect, if it is one.
fn random_summon(e: &Effect) -> Option<(Pool, u8, u16, u16)> {
    match e.action {
        Action::SummonRandom {
            pool,
            count,
            attack,
            health,
        } => Some((pool, count, attack, health)),
        _ => None,
    }
}

/// Whether a minion summons at random.
pub(crate) fn summons_at_random(m: &Minion) -> bool {
    m.effects.iter().any(|e| random_summon(e).is_some())
}

/// The pool's cards for a summoner of card `own` (normal dbf; 0: none) on
/// a side of tavern tier `tier`, in the table's order (by dbf).
pub(super) fn pool_cards(pool: &Pool, own: u32, tier: u8) -> Vec<&'static CardDef> {
    let tiers = if pool.tiers == 0 {
        (1u16 << tier.min(8)).wrapping_sub(1) as u8
    } else {
        pool.tiers
    };
    cards::pool()
        .filter(|c| pool.tribes == 0 || c.tribes & pool.tribes != 0)
        .filter(|c| pool.triggers == 0 || c.triggers & pool.triggers != 0)
        .filter(|c| (1..=8).contains(&c.tier) && tiers & (1 << (c.tier - 1)) != 0)
        .filter(|c| !(pool.not_own && c.dbf == own))
        .collect()
}

/// The minion a card of the pool enters as: its golden version when the
/// pool says so, its stats set when given; an error naming a card whose
/// effect is not modelled.
fn pool_minion(card: &'static CardDef, pool: &Pool, attack: u16, health: u16) -> Result<Minion> {
    let card = if pool.golden {
        cards::by_dbf(card.golden)
            .filter(|_| card.golden != 0)
            .ok_or_else(|| {
                Error::invalid(format!("{} ({}) has no golden version", card.name, card.id))
            })?
    } else {
        card
    };
    let mut m = cards::minion_of(card)?;
    if attack > 0 || health > 0 {
        m.attack = attack;
        m.health = health.min(i16::MAX as u16) as i16;
    }
    Ok(m)
}

/// What of a pool card's effects (or any card's summoned whole
/// mid-combat: `HeroCard::minion`) the engine does not play when it is
/// summoned mid-combat (its flags are the starting minions'), if any.
pub(crate) fn unplayed(m: &Minion) -> Option<&'static str> {
    use crate::hearthstone::model::{Marks, REBORN};
    for e in &m.effects {
        let why = match e.action {
            Action::Buff { keywords, .. } if keywords & REBORN != 0 => "gift of reborn",
            Action::GainDeathrattles { .. } => "gain of deathrattles",
            Action::TriggerDeathrattle { .. } | Action::TriggerBattlecry { .. } => {
                "trigger of another effect"
            }
            Action::MakeGolden { .. } => "making minions golden",
            Action::SummonFromHand { .. } | Action::SummonCopyFromHand { .. } => {
                "summon from the hand"
            }
            Action::SummonWhenSpace { .. } => "summon waiting for room",
            Action::Destroy { .. } => "destroying its killer",
            Action::BattlecriesTrigger { .. } => "battlecry aura",
            _ => continue,
        };
        return Some(why);
    }
    let at_once = |marks: Marks| marks.intersects(Marks::ATTACKS_AT_ONCE);
    if at_once(m.deathrattle.marks) || at_once(m.effect_token.marks) {
        return Some("token attacking at once");
    }
    None
}

/// The normal card of a minion, if it is a card's.
fn normal_dbf(m: &Minion) -> u32 {
    match cards::by_dbf(m.dbf).filter(|_| m.dbf != 0) {
        Some(c) if c.is_golden() => c.normal,
        Some(c) => c.dbf,
        None => 0,
    }
}

/// Refuses random summons where the engine does not play them: on
/// another trigger than a deathrattle, beside Duos teammates, on a side
/// whose minions gain deathrattles or run a living minion's deathrattle.
pub(super) fn validate_random_summons(c: &Combat) -> Result<()> {
    let minions = c.a.iter().chain(&c.b).chain(c.hands.iter().flatten());
    let Some(summoner) = minions.clone().find(|m| summons_at_random(m)) else {
        return Ok(());
    };
    let name = summoner.name.unwrap_or("a minion that summons at random");
    let refuse = |why: &str| {
        Err(
            Error::invalid(format!("{name} summons at random: {why} is not modelled"))
                .with_culprit(name),
        )
    };
    for m in minions.clone().filter(|m| summons_at_random(m)) {
        if m.effects
            .iter()
            .any(|e| random_summon(e).is_some() && e.trigger != Trigger::Deathrattle)
        {
            let name = m.name.unwrap_or("a minion that summons at random");
            return Err(Error::invalid(format!(
                "{name} summons at random on another trigger than its deathrattle, which is not modelled"
            ))
            .with_culprit(name));
        }
    }
    if c.has_teammates() {
        return refuse("beside Duos teammates, a random summon");
    }
    let other = |m: &&Minion| m.effects.iter().any(|e| e.action.runs_other_deathrattle());
    if minions.clone().any(|m| other(&m)) {
        return refuse("a random summon run or remembered by another minion's effect");
    }
    Ok(())
}

impl Kinds {
    /// Resolves the pools of every kind that summons at random (those of
    /// the pools' own cards too), for each side: interns their cards'
    /// kinds. Errors name an unmodelled card of a pool, with the summoner
    /// as the culprit, or a combat whose pools hold more kinds than the
    /// engine keeps.
    pub(super) fn add_random_summons(&mut self, minions: &[&[Minion]]) -> Result<()> {
        let starting: Vec<&Minion> = minions.iter().flat_map(|b| b.iter()).collect();
        if !starting.iter().any(|m| summons_at_random(m)) {
            return Ok(());
        }
        let mut random = RandomSummons {
            of: Vec::new(),
            draws: Vec::new(),
            pools: Vec::new(),
            resolved: Vec::new(),
        };
        // The summoners met so far: (minion, its kind, the name of the
        // starting minion whose summons bring it, the culprit of a
        // refusal), by kind.
        let mut summoners: Vec<(Minion, u8, &'static str)> = Vec::new();
        for m in starting.iter().filter(|m| summons_at_random(m)) {
            let kind = self.unit(m).kind;
            let name = m.name.unwrap_or("a minion that summons at random");
            summoners.push((**m, kind, name));
        }
        let mut next = 0;
        while next < summoners.len() {
            let (m, kind, culprit) = summoners[next];
            next += 1;
            let name = m.name.unwrap_or("a minion that summons at random");
            for side in 0..2 {
                let mut draws = Vec::new();
                for e in m
                    .effects
                    .iter()
                    .filter(|e| e.trigger == Trigger::Deathrattle)
                {
                    let Some((pool, count, attack, health)) = random_summon(e) else {
                        continue;
                    };
                    let tier = self.tiers[side];
                    let own = normal_dbf(&m);
                    let groups: Vec<u8> = if pool.per_tier {
                        (0..8u8).filter(|t| pool.tiers & (1 << t) != 0).collect()
                    } else {
                        vec![u8::MAX]
                    };
                    for group in groups {
                        let pool = if group == u8::MAX {
                            pool
                        } else {
                            Pool {
                                tiers: 1 << group,
                                per_tier: false,
                                ..pool
                            }
                        };
                        let read_tier = if pool.tiers == 0 { tier } else { 0 };
                        let key = (pool, read_tier, own, attack, health, 0);
                        let index = match random.resolved.iter().position(|r| *r == key) {
                            Some(i) => i,
                            None => {
                                let cards = pool_cards(&pool, own, tier);
                                if cards.is_empty() {
                                    // Firestone summons nothing from an empty pool.
                                    continue;
                                }
                                let mut kinds = Vec::with_capacity(cards.len());
                                for card in cards {
                                    let minion = pool_minion(card, &pool, attack, health).map_err(
                                        |e| {
                                            Error::invalid(format!(
                                                "{name} summons at random from a pool that holds {e}"
                                            ))
                                            .with_culprit(culprit)
                                        },
                                    )?;
                                    if let Some(why) = unplayed(&minion) {
                                        return Err(Error::invalid(format!(
                                            "{name} summons at random from a pool that holds {} \
                                             ({}), whose {why} is not played when summoned at random",
                                            card.name, card.id
                                        ))
                                        .with_culprit(culprit));
                                    }
                                    let unit = self.unit(&minion);
                                    if summons_at_random(&minion)
                                        && !summoners.iter().any(|(_, k, _)| *k == unit.kind)
                                    {
                                        summoners.push((minion, unit.kind, culprit));
                                    }
                                    kinds.push((unit.kind, unit.health));
                                }
                                random.pools.push(kinds);
                                random.resolved.push(key);
                                random.resolved.len() - 1
                            }
                        };
                        draws.extend(std::iter::repeat_n(index as u16, count as usize));
                    }
                }
                if self.overflowed {
                    return Err(Error::invalid(format!(
                        "{name} summons at random from pools that hold more kinds of minion \
                         than the engine keeps ({MAX_KINDS})"
                    ))
                    .with_culprit(culprit));
                }
                if random.of.len() <= kind as usize {
                    random.of.resize(kind as usize + 1, [0, 0]);
                }
                if !draws.is_empty() {
                    random.draws.push(draws);
                    random.of[kind as usize][side] = random.draws.len() as u16;
                }
            }
        }
        // Reborn copies (and other kinds) of a summoner draw as it does.
        for k in 0..self.kinds.len() {
            let kind = self.kinds[k];
            if !kind.effects.iter().any(|e| random_summon(e).is_some()) {
                continue;
            }
            let Some(&(_, from, _)) = summoners
                .iter()
                .find(|(m, _, _)| m.effects == kind.effects && m.name == kind.name)
            else {
                continue;
            };
            if random.of.len() <= k {
                random.of.resize(k + 1, [0, 0]);
            }
            random.of[k] = random.of[from as usize];
        }
        self.raise_potential();
        self.random = Some(Box::new(random));
        Ok(())
    }
}
