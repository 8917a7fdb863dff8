//! Counts a side keeps all game, and what grows with them (the growers):
//! cards whose stats grow with a count ("has +4/+2 for each friendly
//! Eternal Knight that died this game", "for each Deathrattle you've
//! triggered this game" of Falling Sky Golem, "for each Tavern spell
//! you've cast this game" of Abyssal Bruiser, "for each other Ancestral
//! Automaton you've summoned this game"), the improving buff's count
//! ("Improve your future Tasty Lobsters") and the blood gems' bonus ("your
//! Blood Gems give an extra +1/+1 this game"). Earlier turns' counts come
//! in [`GameBonuses`](super::GameBonuses); the engine raises them in
//! combat as Firestone does (`combat::growth`), one mechanism for every
//! row of [`GROWERS`].

use super::{
    ABYSSAL_BRUISER_GROWTH, ANCESTRAL_AUTOMATON_GROWTH, ETERNAL_KNIGHT_GROWTH,
    FALLING_SKY_GOLEM_GROWTH, Marks,
};

/// A count a side keeps all game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Counter {
    /// Friendly minions of the grower's own marks that died, counted in
    /// their death phase before the deathrattles (Firestone's
    /// `EternalKnightsDeadThisGame`).
    OwnDeaths,
    /// Friendly deathrattles triggered, each time one fires, extra times
    /// too (Firestone's `DeathrattlesTriggeredThisGame`).
    Deathrattles,
    /// Tavern spells cast: none in a combat (Firestone's
    /// `TavernSpellsCastThisGame`).
    TavernSpells,
    /// Improving buffs given (`Action::ImprovingBuff`; Firestone's
    /// `TastyLobstersBuff`), each after it gives.
    Improvements,
    /// Friendly minions of the grower's own marks summoned, counted as
    /// each enters (Firestone's `AstralAutomatonsSummonedThisGame`).
    OwnSummons,
    /// What the side's blood gems give beyond their +1/+1, attack and
    /// health (side bonuses to `BonusTo::BloodGems`; Firestone's
    /// `BloodGemAttackBonus`, `BloodGemHealthBonus`).
    BloodGemBonus,
}

impl Counter {
    /// Every counter, in `Counter as usize` order.
    pub const ALL: [Counter; 6] = [
        Counter::OwnDeaths,
        Counter::Deathrattles,
        Counter::TavernSpells,
        Counter::Improvements,
        Counter::OwnSummons,
        Counter::BloodGemBonus,
    ];

    /// The count can rise during a combat.
    pub const fn rises_in_combat(self) -> bool {
        !matches!(self, Counter::TavernSpells)
    }
}

/// What grows with a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grows {
    /// The stats of the minions with the `normal` mark, by `per_count`
    /// (attack, health) for each count, and of those with the `golden`
    /// mark twice as much. Those on the board show the count of earlier
    /// turns already; one summoned enters with the whole count.
    Minions {
        /// The normal card's mark (`CardDef::marks`).
        normal: Marks,
        /// The golden card's mark.
        golden: Marks,
        /// What the normal card gains for each count.
        per_count: [u16; 2],
    },
    /// The multiple of every improving buff (`Action::ImprovingBuff`): 1 +
    /// the count.
    ImprovingBuffs,
    /// What every blood gem gives (`Action::BloodGems`): +1/+1 and the
    /// count.
    BloodGems,
}

/// A grower: a count and what grows with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grower {
    /// What the side counts.
    pub counter: Counter,
    /// What grows with it.
    pub grows: Grows,
}

/// Every grower the engine knows.
pub const GROWERS: [Grower; 6] = [
    Grower {
        counter: Counter::OwnDeaths,
        grows: Grows::Minions {
            normal: Marks::ETERNAL_KNIGHT,
            golden: Marks::GOLDEN_ETERNAL_KNIGHT,
            per_count: ETERNAL_KNIGHT_GROWTH,
        },
    },
    Grower {
        counter: Counter::Deathrattles,
        grows: Grows::Minions {
            normal: Marks::FALLING_SKY_GOLEM,
            golden: Marks::GOLDEN_FALLING_SKY_GOLEM,
            per_count: FALLING_SKY_GOLEM_GROWTH,
        },
    },
    Grower {
        counter: Counter::TavernSpells,
        grows: Grows::Minions {
            normal: Marks::ABYSSAL_BRUISER,
            golden: Marks::GOLDEN_ABYSSAL_BRUISER,
            per_count: ABYSSAL_BRUISER_GROWTH,
        },
    },
    Grower {
        counter: Counter::Improvements,
        grows: Grows::ImprovingBuffs,
    },
    Grower {
        counter: Counter::OwnSummons,
        grows: Grows::Minions {
            normal: Marks::ANCESTRAL_AUTOMATON,
            golden: Marks::GOLDEN_ANCESTRAL_AUTOMATON,
            per_count: ANCESTRAL_AUTOMATON_GROWTH,
        },
    },
    Grower {
        counter: Counter::BloodGemBonus,
        grows: Grows::BloodGems,
    },
];

impl Grower {
    /// The minions' marks it grows, normal and golden, with the multiple
    /// of `per_count` each gains (none for a grower of no minion).
    pub fn marks(&self) -> [(Marks, u16); 2] {
        match self.grows {
            Grows::Minions { normal, golden, .. } => [(normal, 1), (golden, 2)],
            _ => [(Marks::NONE, 0); 2],
        }
    }
}

/// The first row of `GROWERS` that counts `counter` (one counts each,
/// `OwnDeaths` aside: each card counts its own deaths).
pub const fn grower(counter: Counter) -> usize {
    let mut row = 0;
    while row < GROWERS.len() && GROWERS[row].counter as u8 != counter as u8 {
        row += 1;
    }
    row
}
