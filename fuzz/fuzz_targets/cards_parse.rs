//! Fuzzes the C entry `oddsmith_cards_parse` with arbitrary bytes (cut at
//! the first NUL) and small buffers: it must return a status, never crash,
//! and what it reports must agree with the Rust parser.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{OddsmithStatus, oddsmith_cards_parse};
use std::ffi::CString;

fuzz_target!(|data: &[u8]| {
    let (cap_byte, text) = data.split_first().unwrap_or((&0, &[]));
    let text: Vec<u8> = text.iter().copied().take_while(|&b| b != 0).collect();
    let cap = (*cap_byte % 16) as usize;
    let c_text = CString::new(text.clone()).expect("no interior NUL");
    let mut cards = [0xFFu8; 16];
    let mut len = usize::MAX;
    // SAFETY: valid NUL-terminated text, `cap` <= 16 writable bytes.
    let status =
        unsafe { oddsmith_cards_parse(c_text.as_ptr(), cards.as_mut_ptr(), cap, &mut len) };
    let rust = std::str::from_utf8(&text).ok().map(oddsmith::parse_cards);
    match status {
        OddsmithStatus::ODDSMITH_OK => {
            let parsed = rust
                .expect("OK only for UTF-8")
                .expect("OK only when Rust parses");
            assert_eq!(len, parsed.len());
            assert!(len <= cap);
            for (i, card) in parsed.iter().enumerate() {
                assert_eq!(cards[i], card.index());
            }
        }
        OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL => {
            let parsed = rust.expect("UTF-8").expect("parses");
            assert_eq!(len, parsed.len());
            assert!(len > cap);
        }
        OddsmithStatus::ODDSMITH_ERR_PARSE | OddsmithStatus::ODDSMITH_ERR_DUPLICATE_CARD => {
            assert!(rust.is_none_or(|r| r.is_err()));
        }
        other => panic!("unexpected status {other:?}"),
    }
});
