//! A row of the effect table: what the engine plays for one card. The
//! rows are generated (`generate.rs` writes `effect_table.rs` from the
//! reader's reading of every card) and committed, so a new patch's diff of
//! the table shows which cards changed behaviour.

use super::readings::ScriptGift;
use crate::hearthstone::model::{Effect, MAX_EFFECTS, Marks, Token};

/// A card's combat effect as the engine models it. The reader gives its
/// reason for a card it does not model as a `String`; the table holds it
/// as static text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombatEffect<Reason = String> {
    /// Nothing in combat beyond its keywords.
    None,
    /// Text that acts only outside combat.
    OutOfCombat,
    /// A deathrattle summoning tokens.
    Summon(Token),
    /// Effects the engine plays (start of combat, rally, friendly
    /// attacks, ...), with the deathrattle's tokens if any.
    Effects {
        /// The deathrattle's tokens (count 0: none).
        deathrattle: Token,
        /// The effects, in the card's order (unused slots empty).
        effects: [Effect; MAX_EFFECTS],
        /// What `Action::Summon` summons.
        effect_token: Token,
    },
    /// Not modelled; why.
    Unsupported(Reason),
}

impl<Reason> CombatEffect<Reason> {
    /// Whether the engine models the card (anything but `Unsupported`).
    pub fn is_modelled(&self) -> bool {
        !matches!(self, CombatEffect::Unsupported(_))
    }
}

impl CombatEffect<&'static str> {
    /// The effect with its reason as a `String`, as the reader gives it.
    pub fn to_owned_effect(&self) -> CombatEffect {
        match *self {
            CombatEffect::None => CombatEffect::None,
            CombatEffect::OutOfCombat => CombatEffect::OutOfCombat,
            CombatEffect::Summon(t) => CombatEffect::Summon(t),
            CombatEffect::Effects {
                deathrattle,
                effects,
                effect_token,
            } => CombatEffect::Effects {
                deathrattle,
                effects,
                effect_token,
            },
            CombatEffect::Unsupported(reason) => CombatEffect::Unsupported(reason.to_string()),
        }
    }
}

/// One card's row of the effect table.
#[derive(Debug)]
pub struct EffectRow {
    /// The card's dbfId (rows are in the card table's order).
    pub dbf: u32,
    /// Its card id.
    pub id: &'static str,
    /// Its combat effect.
    pub effect: &'static CombatEffect<&'static str>,
    /// Its marks.
    pub marks: Marks,
    /// How it reads a minion's script numbers (none: it ignores them).
    pub script: Option<ScriptGift>,
    /// How the card was read, in one line.
    pub how: &'static str,
}
