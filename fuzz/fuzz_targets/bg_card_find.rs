//! Fuzzes `oddsmith_bg_card_find` with arbitrary NUL-terminated text: a
//! card or a clear status, never a crash; a card found has NUL-terminated
//! id and name and is found again by its own id.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{
    OddsmithBgCard, OddsmithStatus, oddsmith_bg_card_by_dbf, oddsmith_bg_card_find,
};
use std::ffi::{CStr, CString};
use std::mem::MaybeUninit;

fuzz_target!(|data: &[u8]| {
    let text: Vec<u8> = data.iter().copied().filter(|&b| b != 0).collect();
    let text = CString::new(text).expect("no NUL inside");
    let mut card = MaybeUninit::<OddsmithBgCard>::uninit();
    // SAFETY: a NUL-terminated string and a writable card.
    let status = unsafe { oddsmith_bg_card_find(text.as_ptr(), card.as_mut_ptr()) };
    match status {
        OddsmithStatus::ODDSMITH_OK => {
            let card = unsafe { card.assume_init() };
            let id = unsafe { CStr::from_ptr(card.id.as_ptr()) };
            let mut again = MaybeUninit::<OddsmithBgCard>::uninit();
            assert_eq!(
                unsafe { oddsmith_bg_card_find(id.as_ptr(), again.as_mut_ptr()) },
                OddsmithStatus::ODDSMITH_OK
            );
            assert_eq!(unsafe { again.assume_init() }.dbf_id, card.dbf_id);
            assert_eq!(
                unsafe { oddsmith_bg_card_by_dbf(card.dbf_id, again.as_mut_ptr()) },
                OddsmithStatus::ODDSMITH_OK
            );
        }
        OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT | OddsmithStatus::ODDSMITH_ERR_PARSE => {}
        other => panic!("unexpected status {other:?}"),
    }
});
