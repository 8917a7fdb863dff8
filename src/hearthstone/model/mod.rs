//! The Battlegrounds vocabulary the card table (`cards`) and the combat
//! engine (`combat`) share: keyword bits, tribes, card marks, the board
//! size, combat effects as data (a trigger and an action), and a minion
//! as a board lists it with its deathrattle tokens. The card table reads
//! cards into these; the engine plays them. Nothing here depends on
//! either.
//!
//! Thread safety: plain data and constants; any thread may use them.

mod effect;
mod minion;

pub use effect::{Action, Effect, MAX_AVENGE, MAX_COUNT, MAX_EFFECTS, Target, Trigger};
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
/// Every tribe bit (not All, not the pseudo-tribes below).
pub const EVERY_TRIBE: u32 = TRIBE_ALL - 1;

/// Not a tribe: a Beetle (the token card), which "your beetles have ..."
/// bonuses name (Firestone's `BeetleAttackBuff`); carried with the tribe
/// bits in combat (`CardDef::combat_tribes`), never shown as a tribe.
pub const TRIBE_BEETLE: u32 = 1 << 11;

/// Not a tribe: the side bonus of blood gems ("your Blood Gems give an
/// extra +2/+1 this game", `Action::SideBonus` with this mask): no minion
/// carries it, and each gem played after gives the bonus more.
pub const BLOOD_GEMS: u32 = 1 << 12;

/// Not a tribe: an Eternal Knight (the normal card), which enters with
/// +4/+2 for each friendly Eternal Knight that died this game (Firestone's
/// `EternalKnightsDeadThisGame`, raised as each dies in combat; the
/// engine's knight bonus, see `combat::rules`).
pub const ETERNAL_KNIGHT: u32 = 1 << 13;

/// Not a tribe: a golden Eternal Knight (+8/+4 for each that died).
pub const GOLDEN_ETERNAL_KNIGHT: u32 = 1 << 14;

/// What an Eternal Knight entering gains for each friendly Eternal Knight
/// that died this game (a golden one twice as much).
pub const ETERNAL_KNIGHT_GROWTH: [u16; 2] = [4, 2];

/// Not a tribe: a Falling Sky Golem, which has +4/+2 for each Deathrattle
/// its side triggered this game (Firestone's
/// `DeathrattlesTriggeredThisGame`; see `combat::growth`).
pub const FALLING_SKY_GOLEM: u32 = 1 << 15;

/// Not a tribe: a golden Falling Sky Golem (+8/+4 for each).
pub const GOLDEN_FALLING_SKY_GOLEM: u32 = 1 << 16;

/// What a Falling Sky Golem gains for each Deathrattle triggered.
pub const FALLING_SKY_GOLEM_GROWTH: [u16; 2] = [4, 2];

/// Not a tribe: an Abyssal Bruiser, which has +2/+1 for each Tavern spell
/// its side cast this game (`TavernSpellsCastThisGame`: no spell is cast
/// in a modelled combat, so only one summoned takes the count).
pub const ABYSSAL_BRUISER: u32 = 1 << 17;

/// Not a tribe: a golden Abyssal Bruiser (+4/+2 for each).
pub const GOLDEN_ABYSSAL_BRUISER: u32 = 1 << 18;

/// Not a tribe: the card has a deathrattle, whatever it does (one that
/// acts outside the boards too, Draconic Warden's card to the hand): each
/// trigger counts for Falling Sky Golem, as Firestone counts it.
pub const HAS_DEATHRATTLE: u32 = 1 << 19;

/// Not a tribe: the side bonus that counts a side's Tasty Lobster
/// deathrattles in this combat (`Action::ImprovingBuff`; Firestone raises
/// `TastyLobstersBuff` as each fires): no minion carries it.
pub const TASTY_LOBSTERS: u32 = 1 << 20;

/// What an Abyssal Bruiser gains for each Tavern spell cast.
pub const ABYSSAL_BRUISER_GROWTH: [u16; 2] = [2, 1];

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
