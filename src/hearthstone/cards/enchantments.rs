//! Enchantments that give the minion carrying them a combat effect its
//! card lacks, which the engine plays, read from a real game state's
//! entity (`firestone::board_from_json` adds them to the minion): a
//! magnetized part's rally, a spell's deathrattle tokens (Surf n' Surf's
//! Crab), a ship part's rally or deathrattle whose number the enchantment
//! carries (Battlecruiser's). Every other enchantment with a combat effect
//! is refused by name (`combat_enchantment`, `REFUSED`).

use crate::hearthstone::model::{Action, Effect, Target, Token, Trigger};

/// What an enchantment the engine plays gives the minion carrying it.
#[derive(Debug, Clone, Copy)]
pub enum EnchantmentPlay {
    /// An effect of its own, one per enchantment, after the card's
    /// effects (Firestone fires a minion's rally, then its enchantments').
    Effect(Effect),
    /// One effect for all the enchantments of this id the minion carries,
    /// its number the sum of their `tagScriptDataNum1` (Firestone's
    /// Battlecruiser sums its parts' numbers into one buff).
    Summed(fn(u16) -> Effect),
    /// A deathrattle summoning the card `token` (a card id), one per
    /// enchantment; Firestone fires an enchantment's deathrattle before
    /// the minion's own (its `timing` 0 sorts before any entity id).
    Tokens(&'static str),
}

/// Whirring Protector's magnetized "Rally: Give your minions +5 Attack."
/// as Firestone plays it (its `WhirringProtectorEnchantment`): the
/// attacker's other minions, dying ones too, heard as any buff. The same
/// reach as Battlecruiser's "Rally: Give your other minions +N Attack."
/// (Firestone's `modifyStats` on every other minion of the board).
const fn other_minions_attack(attack: u16) -> Effect {
    Effect {
        trigger: Trigger::Rally,
        action: Action::Buff {
            target: Target::Friendly {
                tribes: 0,
                other: true,
                living: false,
            },
            attack,
            health: 0,
            keywords: 0,
        },
    }
}

/// Battlecruiser's "Deathrattle: Give your left-most minion +N/+N." as
/// Firestone plays it: the first living minion of the board the
/// deathrattle meets.
const fn leftmost_living_stats(n: u16) -> Effect {
    Effect {
        trigger: Trigger::Deathrattle,
        action: Action::Buff {
            target: Target::Leftmost {
                tribes: 0,
                count: 1,
                living: true,
            },
            attack: n,
            health: n,
            keywords: 0,
        },
    }
}

/// The enchantments the engine plays, by id (sorted), with what they give.
const ENCHANTMENT_PLAYS: [(&str, EnchantmentPlay); 6] = [
    ("BG27_004_Ge", EnchantmentPlay::Tokens("BG27_004_Gt2")),
    ("BG27_004e", EnchantmentPlay::Tokens("BG27_004t2")),
    (
        "BG31_HERO_801ptde",
        EnchantmentPlay::Summed(other_minions_attack),
    ),
    (
        "BG31_HERO_801ptee",
        EnchantmentPlay::Summed(leftmost_living_stats),
    ),
    (
        "BG33_807_Ge",
        EnchantmentPlay::Effect(other_minions_attack(10)),
    ),
    (
        "BG33_807e",
        EnchantmentPlay::Effect(other_minions_attack(5)),
    ),
];

/// Enchantments whose text says nothing the combat reads (so
/// `combat_enchantment` does not list them) but which change the combat
/// in Firestone, with why they are refused.
const REFUSED: [(&str, &str); 1] = [(
    "BG31_HERO_801ptje",
    "Firestone's Ultra-Capacitor brings the reborn copy back with the minion's \
     full stats and enchantments",
)];

/// What the enchantment `id` gives the minion carrying it, if the engine
/// plays it.
pub fn enchantment_play(id: &str) -> Option<EnchantmentPlay> {
    ENCHANTMENT_PLAYS
        .binary_search_by(|(e, _)| (*e).cmp(id))
        .ok()
        .map(|i| ENCHANTMENT_PLAYS[i].1)
}

/// The combat effect of its own the enchantment `id` gives the minion
/// carrying it, if the engine plays it so (`EnchantmentPlay::Effect`).
pub fn enchantment_effect(id: &str) -> Option<Effect> {
    match enchantment_play(id)? {
        EnchantmentPlay::Effect(e) => Some(e),
        _ => None,
    }
}

/// The deathrattle tokens of a `EnchantmentPlay::Tokens` enchantment: one
/// of its card, read as the reader reads a token card.
pub fn enchantment_token(card_id: &str) -> Option<Token> {
    super::by_id(card_id).and_then(|c| super::reader::token_of_card(c, 1, Default::default()))
}

/// Why the engine refuses the enchantment `id` whose text does not say
/// what it does in combat, if it does.
pub fn refused_enchantment(id: &str) -> Option<&'static str> {
    REFUSED.iter().find(|(e, _)| *e == id).map(|(_, why)| *why)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `id` is an enchantment with a combat effect (listed in
    /// `COMBAT_ENCHANTMENTS`).
    fn listed(id: &str) -> bool {
        COMBAT_ENCHANTMENTS.iter().any(|(e, _)| *e == id)
    }
    use crate::hearthstone::cards::table::COMBAT_ENCHANTMENTS;
    use crate::hearthstone::cards::{CombatEffect, by_id, read};

    #[test]
    fn the_enchantments_are_sorted_combat_enchantments() {
        for pair in ENCHANTMENT_PLAYS.windows(2) {
            assert!(pair[0].0 < pair[1].0);
        }
        for (id, play) in ENCHANTMENT_PLAYS {
            assert!(listed(id), "{id}");
            assert!(enchantment_play(id).is_some());
            if let EnchantmentPlay::Tokens(card) = play {
                assert!(enchantment_token(card).is_some(), "{card}");
            }
        }
        assert!(enchantment_effect("BG27_004e").is_none());
        assert!(enchantment_play("TB_006e").is_none());
        for (id, _) in REFUSED {
            assert!(!listed(id) && refused_enchantment(id).is_some());
        }
    }

    /// The Crab enchantments' tokens are what the reader reads from
    /// their text ("Deathrattle: Summon a 3/2 Crab."), as a card of that
    /// text would summon.
    #[test]
    fn the_crab_tokens_are_read_from_the_text() {
        for (id, card) in [("BG27_004e", "BG27_004t2"), ("BG27_004_Ge", "BG27_004_Gt2")] {
            let text = COMBAT_ENCHANTMENTS
                .iter()
                .find(|(e, _)| *e == id)
                .unwrap()
                .1;
            let mut def = *by_id("BG25_001").unwrap();
            def.id = "TEST_CRAB";
            def.text = text;
            def.triggers = super::super::TRIGGER_DEATHRATTLE;
            def.golden = 0;
            def.normal = 0;
            let token = enchantment_token(card).unwrap();
            match read(&def).effect {
                CombatEffect::Summon(t) => {
                    assert_eq!(
                        (t.attack, t.health, t.count),
                        (token.attack, token.health, 1)
                    );
                    assert_eq!(t.tribes, token.tribes);
                }
                other => panic!("{id}: {other:?}"),
            }
        }
    }
}
