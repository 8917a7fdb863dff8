//! C entries for cards: parse one card, parse a list, format a card.
//!
//! Cards cross the boundary as `uint8_t` indices `rank * 4 + suit` (ranks
//! 2..A as 0..12; suits c, d, h, s as 0..3) and sets as `uint64_t` masks.

use super::guard::{FfiError, OddsmithStatus, arg, copy_c_string, guard, write_list};
use crate::cards::{Card, parse_cards};
use std::ffi::c_char;

/// Parses one card ("Ah", "td", "10h") into its index 0..51.
///
/// Errors: `ODDSMITH_ERR_NULL_POINTER` (text or out_card),
/// `ODDSMITH_ERR_PARSE` (not one card, or not UTF-8; the message names the
/// bad token). `*out_card` is written only on success. Thread safety:
/// reentrant, no shared state.
///
/// # Safety
/// `text` must be NULL or NUL-terminated; `out_card` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_card_parse(
    text: *const c_char,
    out_card: *mut u8,
) -> OddsmithStatus {
    guard(|| {
        let text = arg!(input_str(text, "text"))?;
        let out = arg!(output(out_card, "out_card"))?;
        *out = Card::parse(text)?.index();
        Ok(())
    })
}

/// Parses a card list ("AhKs Qd", "AhKsQd", "Ah,Ks") into `out_cards`, in
/// input order. `*out_len` receives the number of cards parsed, also when
/// `cap` is too small (`ODDSMITH_ERR_BUFFER_TOO_SMALL`), so a caller can
/// retry with a larger buffer; pass `cap = 0` and NULL to ask for the count.
///
/// Errors: `ODDSMITH_ERR_NULL_POINTER` (text, out_len, or out_cards with
/// `cap > 0`), `ODDSMITH_ERR_PARSE` (names the bad token and its byte
/// position; also text that is not UTF-8), `ODDSMITH_ERR_DUPLICATE_CARD`,
/// `ODDSMITH_ERR_BUFFER_TOO_SMALL` (`*out_len` is set, `out_cards` is not
/// written). The buffer stays the caller's; nothing is kept after the
/// call. Thread safety: reentrant.
///
/// # Safety
/// `text` must be NULL or NUL-terminated; `out_cards` NULL or `cap`
/// writable bytes; `out_len` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_cards_parse(
    text: *const c_char,
    out_cards: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> OddsmithStatus {
    guard(|| {
        let text = arg!(input_str(text, "text"))?;
        let len = arg!(output(out_len, "out_len"))?;
        let buf = arg!(output_slice(out_cards, cap, "out_cards"))?;
        let cards = parse_cards(text)?;
        write_list(&cards, cards.len(), buf, len, "cards parsed", |c| c.index())?;
        Ok(())
    })
}

/// Parses a card list into a set mask (bit i = card index i).
///
/// Errors: `ODDSMITH_ERR_NULL_POINTER` (text or out_mask),
/// `ODDSMITH_ERR_PARSE`, `ODDSMITH_ERR_DUPLICATE_CARD`, as
/// `oddsmith_cards_parse`. An empty list gives the mask 0. Thread safety:
/// reentrant.
///
/// # Safety
/// `text` must be NULL or NUL-terminated; `out_mask` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_cards_parse_mask(
    text: *const c_char,
    out_mask: *mut u64,
) -> OddsmithStatus {
    guard(|| {
        let text = arg!(input_str(text, "text"))?;
        let out = arg!(output(out_mask, "out_mask"))?;
        *out = parse_cards(text)?.iter().fold(0, |m, c| m | c.bit());
        Ok(())
    })
}

/// Writes the text of card `card` (0..51), such as "Ah", into `buf`, which
/// needs 3 bytes with the NUL.
///
/// Errors: `ODDSMITH_ERR_INVALID_ARGUMENT` (card > 51),
/// `ODDSMITH_ERR_NULL_POINTER`, `ODDSMITH_ERR_BUFFER_TOO_SMALL` (cap < 3;
/// the buffer is left untouched). Thread safety: reentrant.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_card_format(
    card: u8,
    buf: *mut c_char,
    cap: usize,
) -> OddsmithStatus {
    guard(|| {
        let card = Card::new(card)
            .ok_or_else(|| FfiError::invalid(format!("card index {card} is not in 0..51")))?;
        if buf.is_null() {
            return Err(FfiError::null("buf"));
        }
        let out = arg!(output_slice(buf.cast::<u8>(), cap, "buf"))?;
        let text = card.to_string();
        if out.len() <= text.len() {
            return Err(FfiError::new(
                OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL,
                format!(
                    "card text needs {} bytes, buffer has {}",
                    text.len() + 1,
                    out.len()
                ),
            ));
        }
        copy_c_string(&text, out);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;
    use std::ptr::{null, null_mut};

    #[test]
    fn parse_and_format_through_the_c_entries() {
        let text = CString::new("AhKs Qd").unwrap();
        let mut cards = [0u8; 8];
        let mut len = 0usize;
        let status =
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_cards_parse(text.as_ptr(), cards.as_mut_ptr(), 8, &mut len) };
        assert_eq!(status, OddsmithStatus::ODDSMITH_OK);
        assert_eq!(len, 3);
        let mut buf = [0 as c_char; 3];
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let status = unsafe { oddsmith_card_format(cards[1], buf.as_mut_ptr(), 3) };
        assert_eq!(status, OddsmithStatus::ODDSMITH_OK);
        assert_eq!(
            // SAFETY: a live local buffer the library NUL-terminated.
            unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
                .to_str()
                .unwrap(),
            "Ks"
        );
    }

    #[test]
    fn bad_arguments_give_statuses() {
        let text = CString::new("AhKsQd").unwrap();
        let mut len = 0usize;
        let mut two = [0u8; 2];
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let status = unsafe { oddsmith_cards_parse(text.as_ptr(), two.as_mut_ptr(), 2, &mut len) };
        assert_eq!(status, OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL);
        assert_eq!(len, 3);
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let status = unsafe { oddsmith_cards_parse(text.as_ptr(), null_mut(), 0, &mut len) };
        assert_eq!(status, OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL);
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let status = unsafe { oddsmith_cards_parse(null(), null_mut(), 0, &mut len) };
        assert_eq!(status, OddsmithStatus::ODDSMITH_ERR_NULL_POINTER);
        let mut card = 0u8;
        let bad = CString::new("Zz").unwrap();
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_card_parse(bad.as_ptr(), &mut card) },
            OddsmithStatus::ODDSMITH_ERR_PARSE
        );
        let dup = CString::new("AhAh").unwrap();
        let mut mask = 0u64;
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_cards_parse_mask(dup.as_ptr(), &mut mask) },
            OddsmithStatus::ODDSMITH_ERR_DUPLICATE_CARD
        );
        let mut buf = [0 as c_char; 2];
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_card_format(52, buf.as_mut_ptr(), 2) },
            OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        );
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_card_format(0, buf.as_mut_ptr(), 2) },
            OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL
        );
        assert_eq!(
            // SAFETY: pointers to live locals, or NULL where that is the point.
            unsafe { oddsmith_card_format(0, null_mut(), 8) },
            OddsmithStatus::ODDSMITH_ERR_NULL_POINTER
        );
    }
}
