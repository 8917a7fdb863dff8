//! The Battlegrounds vocabulary the card table (`cards`) and the combat
//! engine (`combat`) share: keyword bits, tribes, card marks, the board
//! size, combat effects as data (a trigger and an action), a minion as a
//! board lists it with its deathrattle tokens, what earlier turns give a
//! side (`GameBonuses`), and the counts a side keeps all game with what
//! grows with them (`GROWERS`). The card table reads cards into these;
//! the engine plays them. Nothing here depends on either.
//!
//! Thread safety: plain data and constants; any thread may use them.

mod bonuses;
mod effect;
mod growth;
mod hero;
mod marks;
mod minion;

pub use bonuses::{GameBonuses, MAX_ENTRY_BONUSES, MAX_GAME_BONUS};
pub use effect::{
    Action, BonusTo, Effect, MAX_AVENGE, MAX_COUNT, MAX_EFFECTS, MAX_PICKED_DEATHRATTLES, Pool,
    Target, Trigger,
};
pub use growth::{Counter, GROWERS, Grower, Grows, grower};
pub use hero::{HeroCard, MAX_HERO_CARDS};
pub use marks::{
    ABYSSAL_BRUISER_GROWTH, ANCESTRAL_AUTOMATON_GROWTH, ETERNAL_KNIGHT_GROWTH,
    FALLING_SKY_GOLEM_GROWTH, Marks,
};
pub use minion::{InnerToken, Minion, Token};

/// Keyword bits.
pub const TAUNT: u8 = 1;
/// Keyword bit: divine shield.
pub const SHIELD: u8 = 2;
/// Keyword bit: poisonous.
pub const POISON: u8 = 4;
/// Keyword bit: venomous (poisonous until it first deals damage).
pub const VENOM: u8 = 8;
/// Keyword bit: windfury (attacks twice).
pub const WINDFURY: u8 = 16;
/// Keyword bit: cleave (also damages the target's neighbours).
pub const CLEAVE: u8 = 32;
/// Keyword bit: reborn (returns once with 1 health).
pub const REBORN: u8 = 64;
/// No attack may target it (effects may) until it attacks (Firestone).
pub const STEALTH: u8 = 128;

/// Most minions on a board.
pub const BOARD_SIZE: usize = 7;

/// Most cards in a hand.
pub const HAND_SIZE: usize = 10;

/// Tribe bit: Beast.
pub const TRIBE_BEAST: u32 = 1;
/// Tribe bit: Demon.
pub const TRIBE_DEMON: u32 = 1 << 1;
/// Tribe bit: Dragon.
pub const TRIBE_DRAGON: u32 = 1 << 2;
/// Tribe bit: Elemental.
pub const TRIBE_ELEMENTAL: u32 = 1 << 3;
/// Tribe bit: Mech.
pub const TRIBE_MECH: u32 = 1 << 4;
/// Tribe bit: Murloc.
pub const TRIBE_MURLOC: u32 = 1 << 5;
/// Tribe bit: Naga.
pub const TRIBE_NAGA: u32 = 1 << 6;
/// Tribe bit: Pirate.
pub const TRIBE_PIRATE: u32 = 1 << 7;
/// Tribe bit: Quilboar.
pub const TRIBE_QUILBOAR: u32 = 1 << 8;
/// Tribe bit: Undead.
pub const TRIBE_UNDEAD: u32 = 1 << 9;
/// An "All" minion (also carries every tribe bit above).
pub const TRIBE_ALL: u32 = 1 << 10;
/// Every tribe bit (not All).
pub const EVERY_TRIBE: u32 = TRIBE_ALL - 1;

/// Tribe names, by bit.
pub const TRIBE_NAMES: [&str; 11] = [
    "Beast",
    "Demon",
    "Dragon",
    "Elemental",
    "Mech",
    "Murloc",
    "Naga",
    "Pirate",
    "Quilboar",
    "Undead",
    "All",
];
