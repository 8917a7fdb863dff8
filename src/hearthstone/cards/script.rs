//! Script numbers: what a client's board state says of a card whose gift
//! grows over a game (Firestone's `scriptDataNum1..4`), applied to the
//! minion's effects as its effect table row says (`ScriptGift`).

use super::CardDef;
use super::readings::ScriptGift;
use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, Effect, MAX_EFFECTS};

/// Sets the gift of `card`'s buff (or growing gift) in `effects` from the
/// script numbers a minion carries (`data[i]`: Firestone's
/// `scriptDataNum{i + 1}`, `None` when not given), read as `gift` says.
/// Errors on a number the gift cannot take (below 0, over 32767).
pub(super) fn apply_gift(
    card: &CardDef,
    gift: &ScriptGift,
    effects: &mut [Effect; MAX_EFFECTS],
    data: &[Option<i32>; 4],
) -> Result<()> {
    let given = |index: usize| -> Result<Option<u16>> {
        match data[index - 1] {
            None => Ok(None),
            Some(0) if gift.zero_is_none => Ok(None),
            Some(n) => u16::try_from(n)
                .ok()
                .filter(|&n| n <= i16::MAX as u16)
                .map(Some)
                .ok_or_else(|| {
                    Error::invalid(format!(
                        "{} ({}): scriptDataNum{index} {n} is not 0 to {}",
                        card.name,
                        card.id,
                        i16::MAX
                    ))
                }),
        }
    };
    let attack = given(gift.attack)?;
    let health = match gift.health {
        Some(i) => given(i)?,
        None => None,
    };
    for e in effects.iter_mut() {
        if let (Action::GrowingGift { attack: a, .. }, Some(n)) = (&mut e.action, attack) {
            *a = n;
        }
        if let Action::Buff {
            attack: a,
            health: h,
            ..
        } = &mut e.action
        {
            if let Some(n) = attack {
                *a = n;
            }
            match (health, gift.health_of_attack, attack) {
                (Some(n), _, _) => *h = n,
                (None, true, Some(n)) => *h = n,
                _ => {}
            }
        }
    }
    Ok(())
}
