//! Enchantments that give the minion carrying them a combat effect its
//! card lacks, which the engine plays: a magnetized part's rally, read
//! from a real game state's entity (`firestone::board_from_json` adds it
//! to the minion's effects). Every other enchantment with a combat effect
//! is refused by name (`combat_enchantment`).

use crate::hearthstone::model::{Action, Effect, Target, Trigger};

/// Whirring Protector's magnetized "Rally: Give your minions +5 Attack."
/// as Firestone plays it (its `WhirringProtectorEnchantment`): the
/// attacker's other minions, dying ones too, heard as any buff.
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

/// The enchantments the engine plays, by id (sorted), with their effect.
const ENCHANTMENT_EFFECTS: [(&str, Effect); 2] = [
    ("BG33_807_Ge", other_minions_attack(10)),
    ("BG33_807e", other_minions_attack(5)),
];

/// The combat effect the enchantment `id` gives the minion carrying it,
/// if the engine plays it.
pub fn enchantment_effect(id: &str) -> Option<Effect> {
    ENCHANTMENT_EFFECTS
        .binary_search_by(|(e, _)| (*e).cmp(id))
        .ok()
        .map(|i| ENCHANTMENT_EFFECTS[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enchantments_are_sorted_combat_enchantments() {
        for pair in ENCHANTMENT_EFFECTS.windows(2) {
            assert!(pair[0].0 < pair[1].0);
        }
        for (id, _) in ENCHANTMENT_EFFECTS {
            assert!(super::super::combat_enchantment(id).is_some(), "{id}");
            assert!(enchantment_effect(id).is_some());
        }
        assert!(enchantment_effect("BG27_004e").is_none());
    }
}
