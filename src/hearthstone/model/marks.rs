//! Card marks: what the engine must know of a card beyond its tribes and
//! keywords (a Beetle, a card that grows with a count its side keeps, a
//! card with a deathrattle). A minion's marks are a field of their own,
//! never bits of its tribes.

use std::ops::{BitOr, BitOrAssign};

/// A set of card marks (the `Marks::*` constants), carried by a minion
/// and its tokens beside their tribes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Marks(u16);

impl Marks {
    /// No mark.
    pub const NONE: Marks = Marks(0);

    /// A Beetle (the token card), which "your Beetles have ..." bonuses
    /// name (Firestone's `BeetleAttackBuff`).
    pub const BEETLE: Marks = Marks(1);

    /// An Eternal Knight (the normal card), which enters with +4/+2 for
    /// each friendly Eternal Knight that died this game (Firestone's
    /// `EternalKnightsDeadThisGame`, raised as each dies in combat; the
    /// engine's growth, see `combat::growth`).
    pub const ETERNAL_KNIGHT: Marks = Marks(1 << 1);

    /// A golden Eternal Knight (+8/+4 for each that died).
    pub const GOLDEN_ETERNAL_KNIGHT: Marks = Marks(1 << 2);

    /// A Falling Sky Golem, which has +4/+2 for each Deathrattle its side
    /// triggered this game (Firestone's `DeathrattlesTriggeredThisGame`;
    /// see `combat::growth`).
    pub const FALLING_SKY_GOLEM: Marks = Marks(1 << 3);

    /// A golden Falling Sky Golem (+8/+4 for each).
    pub const GOLDEN_FALLING_SKY_GOLEM: Marks = Marks(1 << 4);

    /// An Abyssal Bruiser, which has +2/+1 for each Tavern spell its side
    /// cast this game (`TavernSpellsCastThisGame`: no spell is cast in a
    /// modelled combat, so only one summoned takes the count).
    pub const ABYSSAL_BRUISER: Marks = Marks(1 << 5);

    /// A golden Abyssal Bruiser (+4/+2 for each).
    pub const GOLDEN_ABYSSAL_BRUISER: Marks = Marks(1 << 6);

    /// The card has a deathrattle, whatever it does (one that acts outside
    /// the boards too, Draconic Warden's card to the hand): each trigger
    /// counts for Falling Sky Golem, as Firestone counts it.
    pub const HAS_DEATHRATTLE: Marks = Marks(1 << 7);

    /// An Ancestral Automaton, which has +3/+2 for each other Ancestral
    /// Automaton its side summoned this game (Firestone's
    /// `AstralAutomatonsSummonedThisGame`, raised as each is summoned in
    /// combat; see `combat::growth`).
    pub const ANCESTRAL_AUTOMATON: Marks = Marks(1 << 8);

    /// A golden Ancestral Automaton (+6/+4 for each).
    pub const GOLDEN_ANCESTRAL_AUTOMATON: Marks = Marks(1 << 9);

    /// In combat it puts cards in its owner's hand or changes those
    /// there ("deathrattle: get ...", "give a minion in your hand ..."):
    /// what the engine does not play, refused beside a minion that reads
    /// the hand (`Action::GainHandStats`, ...).
    pub const CHANGES_HAND: Marks = Marks(1 << 10);

    /// A token that attacks at once when summoned ("It attacks
    /// immediately": Scallywag's Sky Pirate, Twilight Hatchling's Whelp),
    /// as Firestone's `attackImmediately`: see `combat::attack`.
    pub const ATTACKS_AT_ONCE: Marks = Marks(1 << 11);

    /// The card has a battlecry (its BATTLECRY tag), whatever it does:
    /// what the minions that trigger battlecries in combat pick
    /// (Firestone's `hasMinionBattlecry`). One whose battlecry Firestone
    /// does not play (or plays only on the hand) is triggered all the
    /// same, changing nothing but what hears it.
    pub const HAS_BATTLECRY: Marks = Marks(1 << 12);

    /// Firestone plays something in combat when its battlecry is
    /// triggered (or hears it) that the engine does not model: refused
    /// beside a friendly minion that triggers battlecries.
    pub const BATTLECRY_UNMODELLED: Marks = Marks(1 << 13);

    /// The marks that say what a card does in combat that the engine
    /// does not play: gone from a card read as if its effect did not
    /// exist (a whole game state read ignoring what is not modelled).
    pub const UNPLAYED_EFFECTS: Marks = Marks::CHANGES_HAND.union(Marks::BATTLECRY_UNMODELLED);

    /// The card has a rally (its BACON_RALLY tag), whatever it does:
    /// what "after a friendly Rally minion attacks" and "whenever another
    /// friendly Rally minion attacks" hear (`Trigger::AfterFriendlyAttacks`,
    /// `Trigger::FriendlyAttacks`; Firestone's
    /// `hasEntityMechanic(attacker, BACON_RALLY)`).
    pub const HAS_RALLY: Marks = Marks(1 << 14);

    /// The marks of the cards whose stats grow with a count their side
    /// keeps (Eternal Knight, Falling Sky Golem, Abyssal Bruiser, Ancestral
    /// Automaton, normal and golden).
    pub const COUNTED: Marks = Marks(
        Marks::ETERNAL_KNIGHT.0
            | Marks::GOLDEN_ETERNAL_KNIGHT.0
            | Marks::FALLING_SKY_GOLEM.0
            | Marks::GOLDEN_FALLING_SKY_GOLEM.0
            | Marks::ABYSSAL_BRUISER.0
            | Marks::GOLDEN_ABYSSAL_BRUISER.0
            | Marks::ANCESTRAL_AUTOMATON.0
            | Marks::GOLDEN_ANCESTRAL_AUTOMATON.0,
    );

    /// The marks' bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// No mark at all.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Some mark of `other` is here too.
    #[inline]
    pub const fn intersects(self, other: Marks) -> bool {
        self.0 & other.0 != 0
    }

    /// Every mark of `other` is here too.
    #[inline]
    pub const fn contains(self, other: Marks) -> bool {
        self.0 & other.0 == other.0
    }

    /// These marks without those of `other`.
    #[inline]
    pub const fn difference(self, other: Marks) -> Marks {
        Marks(self.0 & !other.0)
    }

    /// The marks of both.
    #[inline]
    pub const fn union(self, other: Marks) -> Marks {
        Marks(self.0 | other.0)
    }
}

impl BitOr for Marks {
    type Output = Marks;

    #[inline]
    fn bitor(self, other: Marks) -> Marks {
        self.union(other)
    }
}

impl BitOrAssign for Marks {
    #[inline]
    fn bitor_assign(&mut self, other: Marks) {
        *self = self.union(other);
    }
}

/// What an Eternal Knight entering gains for each friendly Eternal Knight
/// that died this game (a golden one twice as much).
pub const ETERNAL_KNIGHT_GROWTH: [u16; 2] = [4, 2];

/// What a Falling Sky Golem gains for each Deathrattle triggered (a
/// golden one twice as much).
pub const FALLING_SKY_GOLEM_GROWTH: [u16; 2] = [4, 2];

/// What an Abyssal Bruiser gains for each Tavern spell cast (a golden one
/// twice as much).
pub const ABYSSAL_BRUISER_GROWTH: [u16; 2] = [2, 1];

/// What an Ancestral Automaton gains for each other one summoned (a
/// golden one twice as much).
pub const ANCESTRAL_AUTOMATON_GROWTH: [u16; 2] = [3, 2];
