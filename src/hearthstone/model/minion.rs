//! A minion as a board lists it, and the tokens its deathrattle or its
//! effects summon.

use super::Marks;
use super::effect::{Action, Effect, MAX_EFFECTS, Target, Trigger};

/// A deathrattle that summons `count` copies of a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Token {
    /// Attack of each token.
    pub attack: u16,
    /// Health of each token.
    pub health: u16,
    /// Keyword bits (reborn too).
    pub keywords: u8,
    /// Copies summoned (0: no deathrattle).
    pub count: u8,
    /// Tribe bits (`TRIBE_*`), for effects naming a tribe.
    pub tribes: u32,
    /// Its card's marks (a Beetle's, ...), for bonuses naming them.
    pub marks: Marks,
    /// The token's own deathrattle tokens (count 0: none), one level deep:
    /// Sewer Lord's Sewer Rats each summon a turtle.
    pub then: InnerToken,
    /// The tavern tier of a token that is a card of a higher tier (a Sewer
    /// Rat: 2), which a surviving token adds to the damage; 0 for tier 1.
    pub tier: u8,
    /// The tokens enter unmarked, whatever their dead minion's mark (the
    /// cards Firestone summons outside its death-phase marking:
    /// `tokens_unmarked` of a hand-written row in `cards::readings`).
    pub unmarked: bool,
    /// The combat effects of a token that is a card with effects of its
    /// own, which summon nothing (Hoarding Hyena's Tasty Lobster); none
    /// for a plain token.
    pub effects: [Effect; MAX_EFFECTS],
}

/// A token's own deathrattle: `count` copies of a plain token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct InnerToken {
    /// Attack of each token.
    pub attack: u16,
    /// Health of each token.
    pub health: u16,
    /// Keyword bits.
    pub keywords: u8,
    /// Copies summoned (0: none).
    pub count: u8,
    /// Tribe bits (`TRIBE_*`).
    pub tribes: u32,
    /// Its card's marks.
    pub marks: Marks,
}

impl InnerToken {
    /// A plain token as a token's own deathrattle tokens (its own `then`
    /// and `tier` left out: one level deep, tier 1).
    pub fn of(t: &Token) -> InnerToken {
        InnerToken {
            attack: t.attack,
            health: t.health,
            keywords: t.keywords,
            count: t.count,
            tribes: t.tribes,
            marks: t.marks,
        }
    }

    /// The inner token as a token with no deathrattle.
    pub fn token(&self) -> Token {
        Token {
            attack: self.attack,
            health: self.health,
            keywords: self.keywords,
            count: self.count,
            tribes: self.tribes,
            marks: self.marks,
            then: InnerToken::default(),
            tier: 0,
            unmarked: false,
            effects: Default::default(),
        }
    }
}

/// A minion as a board lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Minion {
    /// Attack.
    pub attack: u16,
    /// Health; must be positive on a board given to a combat.
    pub health: i16,
    /// Keyword bits.
    pub keywords: u8,
    /// The tokens its deathrattle summons (count 0: none).
    pub deathrattle: Token,
    /// Tavern tier 1..=7, for the damage to the losing hero.
    pub tier: u8,
    /// A card's own attack and keywords, which its reborn copy (a fresh
    /// copy of the card) starts from; `None` for an anonymous minion,
    /// whose reborn copy starts from its own attack and keywords.
    pub card_base: Option<(u16, u8)>,
    /// Tribe bits (`TRIBE_*`); 0 for an anonymous minion.
    pub tribes: u32,
    /// Its card's marks (`Marks::*`: what the engine must know of the card
    /// beyond its tribes); none for an anonymous minion.
    pub marks: Marks,
    /// Its card's combat effects beyond its deathrattle tokens.
    pub effects: [Effect; MAX_EFFECTS],
    /// The token its effects summon (`Action::Summon` says how many).
    pub effect_token: Token,
    /// The effects its reborn copy starts with when they are not its own
    /// (a card whose gift the minion's script numbers set, which its
    /// reborn copy does not keep: Underrot Spawn); `None`: `effects`.
    pub reborn_effects: Option<[Effect; MAX_EFFECTS]>,
    /// The tokens its reborn copy's deathrattle summons when not its own
    /// (an enchantment's deathrattle, which its reborn copy, a fresh copy
    /// of the card, does not keep: Surf n' Surf's Crab); `None`:
    /// `deathrattle`.
    pub reborn_deathrattle: Option<Token>,
    /// Its card's name (none for an anonymous minion), for traces.
    pub name: Option<&'static str>,
    /// Its card's dbf id (0: an anonymous minion), which an effect that
    /// makes it golden reads its golden card from (`Action::MakeGolden`).
    pub dbf: u32,
}

impl Minion {
    /// An anonymous tier-1 minion with these stats and nothing else.
    pub fn new(attack: u16, health: i16) -> Minion {
        Minion {
            attack,
            health,
            tier: 1,
            ..Minion::default()
        }
    }

    /// What its reborn copy starts from: attack and keywords (its card's,
    /// or its own for an anonymous minion).
    pub fn reborn_base(&self) -> (u16, u8) {
        self.card_base.unwrap_or((self.attack, self.keywords))
    }

    /// The same minion with exactly these keyword bits.
    pub fn with_keywords(mut self, keywords: u8) -> Minion {
        self.keywords = keywords;
        self
    }

    /// Whether its effects read its side's hand: the hand's stats, or a
    /// summon from it.
    pub fn reads_hand(&self) -> bool {
        self.effects.iter().any(|e| {
            matches!(
                e.action,
                Action::GainHandStats { .. }
                    | Action::GainHandAttack { .. }
                    | Action::SummonFromHand { .. }
            )
        })
    }

    /// Whether it summons from its side's hand mid-combat.
    pub fn summons_from_hand(&self) -> bool {
        self.effects
            .iter()
            .any(|e| matches!(e.action, Action::SummonFromHand { .. }))
    }

    /// Its stat aura, if it has one: its other friends of these tribes
    /// have +attack/+health while it is on the board.
    pub fn stat_aura(&self) -> Option<(u32, u16, u16)> {
        self.effects.iter().find_map(|e| match e.action {
            Action::Buff {
                target: Target::Friendly { tribes, .. },
                attack,
                health,
                ..
            } if e.trigger == Trigger::Aura => Some((tribes, attack, health)),
            _ => None,
        })
    }
}
