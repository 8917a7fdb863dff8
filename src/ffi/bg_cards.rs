//! C entries for the Battlegrounds card table: find a card by id, golden
//! id, name or dbfId, and walk the table, so a client can show names and
//! fill `OddsmithMinion.dbf_id`.

use super::combat::{
    ODDSMITH_KW_CLEAVE, ODDSMITH_KW_POISON, ODDSMITH_KW_REBORN, ODDSMITH_KW_SHIELD,
    ODDSMITH_KW_STEALTH, ODDSMITH_KW_TAUNT, ODDSMITH_KW_VENOM, ODDSMITH_KW_WINDFURY,
};
use super::guard::{FfiError, OddsmithStatus, arg, copy_c_string, guard, guard_value};
use crate::hearthstone::cards::{self, CardDef};
use crate::hearthstone::model;
use std::ffi::c_char;

/// Bytes of `OddsmithBgCard.id`, NUL included (every id in the table
/// fits).
pub const ODDSMITH_BG_ID_BYTES: usize = 32;
/// Bytes of `OddsmithBgCard.name`, NUL included (every name in the table
/// fits).
pub const ODDSMITH_BG_NAME_BYTES: usize = 64;

/// Tribe bits of `OddsmithBgCard.tribes`. This one: Beast.
pub const ODDSMITH_TRIBE_BEAST: u32 = 1;
/// Tribe bit: Demon.
pub const ODDSMITH_TRIBE_DEMON: u32 = 2;
/// Tribe bit: Dragon.
pub const ODDSMITH_TRIBE_DRAGON: u32 = 4;
/// Tribe bit: Elemental.
pub const ODDSMITH_TRIBE_ELEMENTAL: u32 = 8;
/// Tribe bit: Mech.
pub const ODDSMITH_TRIBE_MECH: u32 = 16;
/// Tribe bit: Murloc.
pub const ODDSMITH_TRIBE_MURLOC: u32 = 32;
/// Tribe bit: Naga.
pub const ODDSMITH_TRIBE_NAGA: u32 = 64;
/// Tribe bit: Pirate.
pub const ODDSMITH_TRIBE_PIRATE: u32 = 128;
/// Tribe bit: Quilboar.
pub const ODDSMITH_TRIBE_QUILBOAR: u32 = 256;
/// Tribe bit: Undead.
pub const ODDSMITH_TRIBE_UNDEAD: u32 = 512;
/// An "All" minion (every tribe bit above is set too).
pub const ODDSMITH_TRIBE_ALL: u32 = 1024;

const _: () = assert!(ODDSMITH_TRIBE_ALL == crate::hearthstone::model::TRIBE_ALL);
const _: () = assert!(
    ODDSMITH_KW_TAUNT == model::TAUNT as u32
        && ODDSMITH_KW_SHIELD == model::SHIELD as u32
        && ODDSMITH_KW_POISON == model::POISON as u32
        && ODDSMITH_KW_VENOM == model::VENOM as u32
        && ODDSMITH_KW_WINDFURY == model::WINDFURY as u32
        && ODDSMITH_KW_CLEAVE == model::CLEAVE as u32
        && ODDSMITH_KW_REBORN == model::REBORN as u32
        && ODDSMITH_KW_STEALTH == model::STEALTH as u32
);

/// One card of the table.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithBgCard {
    /// The card's dbfId (what `OddsmithMinion.dbf_id` takes).
    pub dbf_id: u32,
    /// dbfId of the golden version (0: none, or this card is golden).
    pub golden_dbf_id: u32,
    /// dbfId of the normal version of a golden card (0 otherwise).
    pub normal_dbf_id: u32,
    /// Tavern tier 1..=7.
    pub tier: u32,
    /// Printed attack.
    pub attack: i32,
    /// Printed health.
    pub health: i32,
    /// ODDSMITH_TRIBE_* bits.
    pub tribes: u32,
    /// ODDSMITH_KW_* bits: the card's own keywords.
    pub keywords: u32,
    /// 1 if in the current Battlegrounds pool.
    pub in_pool: u8,
    /// 1 if golden.
    pub golden: u8,
    /// 1 if the combat engine models the card (an `OddsmithMinion` with
    /// its dbf_id is accepted).
    pub modelled: u8,
    /// The card id and English name, NUL-terminated UTF-8.
    pub id: [c_char; ODDSMITH_BG_ID_BYTES],
    /// The English name, NUL-terminated UTF-8.
    pub name: [c_char; ODDSMITH_BG_NAME_BYTES],
}

fn to_c(card: &CardDef) -> OddsmithBgCard {
    let mut out = OddsmithBgCard {
        dbf_id: card.dbf,
        golden_dbf_id: card.golden,
        normal_dbf_id: card.normal,
        tier: u32::from(card.tier),
        attack: i32::from(card.attack),
        health: i32::from(card.health),
        tribes: card.tribes,
        keywords: u32::from(cards::combat_keywords(card)),
        in_pool: u8::from(card.pool),
        golden: u8::from(card.is_golden()),
        modelled: u8::from(cards::combat_effect(card).is_modelled()),
        id: [0; ODDSMITH_BG_ID_BYTES],
        name: [0; ODDSMITH_BG_NAME_BYTES],
    };
    let bytes = |buf: &mut [c_char]| {
        // SAFETY: c_char and u8 have the same size and alignment.
        unsafe { std::slice::from_raw_parts_mut(buf.as_mut_ptr().cast::<u8>(), buf.len()) }
    };
    copy_c_string(card.id, bytes(&mut out.id));
    copy_c_string(card.name, bytes(&mut out.name));
    out
}

/// Finds a card by id (`BG25_001`, golden `BG25_001_G`), English name in
/// any case, or `golden ` and a name, and writes it to `out`.
///
/// Errors: NULL_POINTER (text, out), PARSE (not UTF-8), INVALID_ARGUMENT
/// (no such card); `*out` is written only on success. Thread safety: reads
/// static data; safe from any thread.
///
/// # Safety
/// `text` must be a NUL-terminated string; `out` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_bg_card_find(
    text: *const c_char,
    out: *mut OddsmithBgCard,
) -> OddsmithStatus {
    guard(|| {
        let text = arg!(input_str(text, "text"))?;
        let out = arg!(output(out, "out"))?;
        let card = cards::lookup(text).ok_or_else(|| {
            FfiError::invalid(format!("no Battlegrounds card has the id or name '{text}'"))
        })?;
        *out = to_c(card);
        Ok(())
    })
}

/// The card with this dbfId.
///
/// Errors: NULL_POINTER, INVALID_ARGUMENT (no such card). Thread safety:
/// safe from any thread.
///
/// # Safety
/// `out` must be writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_bg_card_by_dbf(
    dbf_id: u32,
    out: *mut OddsmithBgCard,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        let card = cards::by_dbf(dbf_id).ok_or_else(|| {
            FfiError::invalid(format!("no Battlegrounds card has dbfId {dbf_id}"))
        })?;
        *out = to_c(card);
        Ok(())
    })
}

/// Cards in the table (every minion with a tavern tier).
///
/// Thread safety: safe from any thread.
#[unsafe(no_mangle)]
pub extern "C" fn oddsmith_bg_card_count() -> usize {
    guard_value(0, || cards::all().len())
}

/// The card at `index` (0 to count - 1, by increasing dbfId).
///
/// Errors: NULL_POINTER, INVALID_ARGUMENT (index out of range). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `out` must be writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_bg_card_at(
    index: usize,
    out: *mut OddsmithBgCard,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        let all = cards::all();
        let card = all.get(index).ok_or_else(|| {
            FfiError::invalid(format!("index {index}: the table has {} cards", all.len()))
        })?;
        *out = to_c(card);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn text(buf: &[c_char]) -> String {
        // SAFETY: a live local buffer the library NUL-terminated.
        unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn cards_come_out_by_name_id_dbf_and_index() {
        let mut card = std::mem::MaybeUninit::<OddsmithBgCard>::uninit();
        let status =
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_bg_card_find(c"golden Risen Rider".as_ptr(), card.as_mut_ptr()) };
        assert_eq!(status, OddsmithStatus::ODDSMITH_OK);
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let golden = unsafe { card.assume_init() };
        assert_eq!(text(&golden.id), "BG25_001_G");
        assert_eq!(text(&golden.name), "Risen Rider");
        assert_eq!((golden.golden, golden.modelled), (1, 1));
        assert_eq!(golden.keywords, ODDSMITH_KW_TAUNT | ODDSMITH_KW_REBORN);
        assert_eq!(golden.tribes, ODDSMITH_TRIBE_UNDEAD);
        let mut normal = std::mem::MaybeUninit::<OddsmithBgCard>::uninit();
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let status = unsafe { oddsmith_bg_card_by_dbf(golden.normal_dbf_id, normal.as_mut_ptr()) };
        assert_eq!(status, OddsmithStatus::ODDSMITH_OK);
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let normal = unsafe { normal.assume_init() };
        assert_eq!(text(&normal.id), "BG25_001");
        assert_eq!(normal.in_pool, 1);
        let count = oddsmith_bg_card_count();
        assert_eq!(count, cards::all().len());
        let mut last = std::mem::MaybeUninit::<OddsmithBgCard>::uninit();
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_bg_card_at(count - 1, last.as_mut_ptr()) },
            OddsmithStatus::ODDSMITH_OK
        );
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_bg_card_at(count, last.as_mut_ptr()) },
            OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        );
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_bg_card_find(c"Nobody".as_ptr(), last.as_mut_ptr()) },
            OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        );
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_bg_card_find(std::ptr::null(), last.as_mut_ptr()) },
            OddsmithStatus::ODDSMITH_ERR_NULL_POINTER
        );
        // Every id and name fits its field.
        for c in cards::all() {
            assert!(c.id.len() < ODDSMITH_BG_ID_BYTES && c.name.len() < ODDSMITH_BG_NAME_BYTES);
        }
    }
}
