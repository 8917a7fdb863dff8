//! What earlier turns of a game give a side's minions in combat: cards
//! that say "this game" (your Blood Gems give an extra +1/+1, your Undead
//! have +2 Attack, ...). The minions on the board already show these in
//! their stats; the minions summoned in combat (tokens, reborn copies)
//! enter with them, and each blood gem played gives its share. These are
//! the counters Firestone keeps in a hero's `globalInfo`.

use super::{
    BonusTo, Counter, GROWERS, Grows, Marks, TRIBE_BEAST, TRIBE_MECH, TRIBE_PIRATE, TRIBE_UNDEAD,
};
use crate::error::{Error, Result};

/// One side's bonuses from earlier turns, each `[attack, health]` (all 0
/// by default: a combat with none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameBonuses {
    /// What each blood gem gives beyond its +1/+1 (Firestone's
    /// `BloodGemAttackBonus`, `BloodGemHealthBonus`).
    pub blood_gem: [u16; 2],
    /// Every minion summoned (Haunted Carapace: `HauntedCarapaceAttackBonus`,
    /// `HauntedCarapaceHealthBonus`).
    pub summoned: [u16; 2],
    /// Undead summoned (`UndeadAttackBonus`, `UndeadHealthBonus`).
    pub undead: [u16; 2],
    /// Beasts summoned (Goldrinn: `GoldrinnBuffAtk`, `GoldrinnBuffHealth`;
    /// Goldrinn gives both alike, and as Firestone a health bonus without
    /// attack gives nothing).
    pub beasts: [u16; 2],
    /// Beetles summoned (`BeetleAttackBuff`, `BeetleHealthBuff`).
    pub beetles: [u16; 2],
    /// Pirates summoned, attack only (`PirateAttackBonus`).
    pub pirate_attack: u16,
    /// Mechs summoned, attack only (`MechAttackBonus`).
    pub mech_attack: u16,
    /// Friendly Eternal Knights that died in earlier combats
    /// (`EternalKnightsDeadThisGame`): a knight summoned enters with
    /// +4/+2 for each (golden +8/+4), and for each that dies in this one.
    pub knights_died: u16,
    /// What every Eternal Knight summoned gets besides
    /// (`EternalKnightAttackBuff`, `EternalKnightHealthBuff`).
    pub knights: [u16; 2],
    /// Friendly deathrattles triggered in earlier combats
    /// (`DeathrattlesTriggeredThisGame`): a Falling Sky Golem summoned
    /// enters with +4/+2 for each (golden +8/+4), and for each in this one.
    pub deathrattles: u16,
    /// Tavern spells cast this game (`TavernSpellsCastThisGame`): an
    /// Abyssal Bruiser summoned enters with +2/+1 for each (golden +4/+2).
    pub tavern_spells: u16,
    /// Tasty Lobster improvements (`TastyLobstersBuff`): each Tasty
    /// Lobster's deathrattle gives 1 + this many times its +2/+1 (golden
    /// +4/+2), and one more for each that fired before it in this combat.
    pub lobsters: u16,
    /// Ancestral Automatons summoned this game (Firestone's
    /// `AstralAutomatonsSummonedThisGame`): one summoned enters with
    /// +3/+2 for each (golden +6/+4), and each on the board gains as
    /// another is summoned in this one.
    pub automatons: u16,
}

/// The tribes' (and the Beetles') bonuses summoned minions enter with
/// (`GameBonuses::entry_bonuses`).
const ENTRY_TRIBES: usize = 6;

/// The most bonuses summoned minions of one side enter with
/// (`GameBonuses::entry_bonuses`): one per tribe, and a growing card's
/// count for each grower's normal and golden card.
pub const MAX_ENTRY_BONUSES: usize = ENTRY_TRIBES + 2 * GROWERS.len();

/// The largest bonus accepted (far above any real game's).
pub const MAX_GAME_BONUS: u16 = 1000;

/// The names `GameBonuses::parse` reads, with whether they take health.
const NAMES: [(&str, bool); 13] = [
    ("gems", true),
    ("summoned", true),
    ("undead", true),
    ("beasts", true),
    ("beetles", true),
    ("pirates", false),
    ("mechs", false),
    ("knights_died", false),
    ("knights", true),
    ("deathrattles", false),
    ("tavern_spells", false),
    ("lobsters", false),
    ("automatons", false),
];

impl GameBonuses {
    /// No bonus at all.
    pub fn is_none(&self) -> bool {
        *self == GameBonuses::default()
    }

    /// Every value at most `MAX_GAME_BONUS`; `side` names the side in
    /// the error.
    pub fn validate(&self, side: &str) -> Result<()> {
        let stats = [
            self.blood_gem,
            self.summoned,
            self.undead,
            self.beasts,
            self.beetles,
            [self.pirate_attack, self.mech_attack],
            self.knights,
            [self.knights_died, self.deathrattles],
            [self.tavern_spells, self.lobsters],
            [self.automatons, 0],
        ];
        if stats.iter().flatten().any(|&v| v > MAX_GAME_BONUS) {
            return Err(Error::invalid(format!(
                "side {side}'s game bonuses: each must be 0 to {MAX_GAME_BONUS}"
            )));
        }
        Ok(())
    }

    /// The count of earlier turns of `counter` (attack and health for
    /// the blood gems' bonus; a count's is its attack).
    pub fn count(&self, counter: Counter) -> [u16; 2] {
        match counter {
            Counter::OwnDeaths => [self.knights_died, 0],
            Counter::Deathrattles => [self.deathrattles, 0],
            Counter::TavernSpells => [self.tavern_spells, 0],
            Counter::Improvements => [self.lobsters, 0],
            Counter::OwnSummons => [self.automatons, 0],
            Counter::BloodGemBonus => self.blood_gem,
        }
    }

    /// What every minion a grower of `counter` grows gets when summoned,
    /// besides its count's growth (`knights`).
    fn besides(&self, counter: Counter) -> [u16; 2] {
        match counter {
            Counter::OwnDeaths => self.knights,
            _ => [0, 0],
        }
    }

    /// The bonuses summoned minions enter with, as (the minions that take
    /// it, attack, health): the tribes' and the Beetles', then each
    /// growing card's count of earlier turns (`GROWERS`), normal and
    /// golden. A minion of several of the tribes or marks takes each.
    pub fn entry_bonuses(&self) -> impl Iterator<Item = (BonusTo, u16, u16)> {
        let tribes: [_; ENTRY_TRIBES] = [
            (BonusTo::Every, self.summoned),
            (BonusTo::Tribes(TRIBE_UNDEAD), self.undead),
            (
                BonusTo::Tribes(TRIBE_BEAST),
                if self.beasts[0] > 0 {
                    self.beasts
                } else {
                    [0, 0]
                },
            ),
            (BonusTo::Marks(Marks::BEETLE), self.beetles),
            (BonusTo::Tribes(TRIBE_PIRATE), [self.pirate_attack, 0]),
            (BonusTo::Tribes(TRIBE_MECH), [self.mech_attack, 0]),
        ];
        // A count's growth (a golden card's twice), plus a flat bonus:
        // Firestone multiplies the dead knights for a golden one, not the
        // knights' bonus.
        let grown = GROWERS.iter().flat_map(move |g| {
            let per = match g.grows {
                Grows::Minions { per_count, .. } => per_count,
                _ => [0, 0],
            };
            let (count, plus) = (self.count(g.counter)[0], self.besides(g.counter));
            g.marks().map(move |(mark, times)| {
                let count = count.saturating_mul(times);
                let stats = [0, 1].map(|i| count.saturating_mul(per[i]).saturating_add(plus[i]));
                (BonusTo::Marks(mark), stats)
            })
        });
        tribes
            .into_iter()
            .chain(grown.filter(|(to, _)| *to != BonusTo::Marks(Marks::NONE)))
            .filter(|(_, [a, h])| *a > 0 || *h > 0)
            .map(|(to, [a, h])| (to, a, h))
    }

    /// Reads `"gems=2/1,undead=3/0,beasts=2/2,beetles=1/1,summoned=1/1,
    /// pirates=2,mechs=1,knights_died=3,knights=4/2,deathrattles=5,
    /// tavern_spells=4,lobsters=2,automatons=3"`: any of them, in any order, each at most once;
    /// an empty text is no bonus.
    pub fn parse(text: &str) -> Result<GameBonuses> {
        let mut b = GameBonuses::default();
        let mut seen = [false; NAMES.len()];
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = item.split_once('=').ok_or_else(|| {
                Error::invalid(format!("game bonus '{item}': write name=attack/health"))
            })?;
            let name = name.trim().to_ascii_lowercase();
            let Some(at) = NAMES.iter().position(|(n, _)| *n == name) else {
                let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
                return Err(Error::invalid(format!(
                    "game bonus '{name}': unknown; one of {}",
                    names.join(", ")
                )));
            };
            if std::mem::replace(&mut seen[at], true) {
                return Err(Error::invalid(format!("game bonus '{name}' given twice")));
            }
            let number = |s: &str| {
                s.trim()
                    .parse::<u16>()
                    .ok()
                    .filter(|&v| v <= MAX_GAME_BONUS)
                    .ok_or_else(|| {
                        Error::invalid(format!(
                            "game bonus '{item}': '{s}' is not a number from 0 to {MAX_GAME_BONUS}"
                        ))
                    })
            };
            let stats = if NAMES[at].1 {
                let (a, h) = value.split_once('/').ok_or_else(|| {
                    Error::invalid(format!("game bonus '{item}': write {name}=attack/health"))
                })?;
                [number(a)?, number(h)?]
            } else {
                [number(value)?, 0]
            };
            match at {
                0 => b.blood_gem = stats,
                1 => b.summoned = stats,
                2 => b.undead = stats,
                3 => b.beasts = stats,
                4 => b.beetles = stats,
                5 => b.pirate_attack = stats[0],
                6 => b.mech_attack = stats[0],
                7 => b.knights_died = stats[0],
                8 => b.knights = stats,
                9 => b.deathrattles = stats[0],
                10 => b.tavern_spells = stats[0],
                11 => b.lobsters = stats[0],
                _ => b.automatons = stats[0],
            }
        }
        Ok(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_name_and_refuses_bad_text() {
        let b = GameBonuses::parse(
            "gems=2/1, undead=3/0,beasts=2/2,beetles=1/4,summoned=1/1,pirates=2,MECHS=5",
        )
        .unwrap();
        assert_eq!(b.blood_gem, [2, 1]);
        assert_eq!(b.undead, [3, 0]);
        assert_eq!(b.beasts, [2, 2]);
        assert_eq!(b.beetles, [1, 4]);
        assert_eq!(b.summoned, [1, 1]);
        assert_eq!((b.pirate_attack, b.mech_attack), (2, 5));
        assert!(GameBonuses::parse("").unwrap().is_none());
        for bad in [
            "gems",
            "gems=2",
            "gems=2/x",
            "gems=-1/0",
            "gems=1001/0",
            "pirates=1/1",
            "dragons=1/1",
            "gems=1/1,gems=2/2",
        ] {
            assert!(GameBonuses::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn entry_bonuses_name_their_minions() {
        let b = GameBonuses {
            undead: [3, 0],
            pirate_attack: 2,
            ..GameBonuses::default()
        };
        let entries: Vec<_> = b.entry_bonuses().collect();
        assert_eq!(
            entries,
            vec![
                (BonusTo::Tribes(TRIBE_UNDEAD), 3, 0),
                (BonusTo::Tribes(TRIBE_PIRATE), 2, 0)
            ]
        );
        // Firestone reads Goldrinn's health only with its attack.
        let beasts = |stats| GameBonuses {
            beasts: stats,
            ..GameBonuses::default()
        };
        assert_eq!(beasts([0, 3]).entry_bonuses().count(), 0);
        assert_eq!(
            beasts([1, 3]).entry_bonuses().collect::<Vec<_>>(),
            vec![(BonusTo::Tribes(TRIBE_BEAST), 1, 3)]
        );
        assert!(b.validate("A").is_ok());
        let over = GameBonuses {
            beasts: [0, MAX_GAME_BONUS + 1],
            ..b
        };
        assert!(over.validate("A").is_err());
    }
}
