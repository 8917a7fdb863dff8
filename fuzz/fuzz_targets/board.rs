//! Fuzzes `oddsmith_board` with arbitrary ranges, boards (one or a comma
//! list), an optional second range and the all-flops flag, under a small
//! time budget: a status, never a crash; on success the made classes'
//! shares add to 1 and each share is within 0..=1.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{
    ODDSMITH_BOARD_CLASSES, OddsmithBoardQuestion, OddsmithBoardResult, OddsmithStatus,
    oddsmith_board,
};
use std::ffi::CString;
use std::mem::MaybeUninit;

fuzz_target!(|data: &[u8]| {
    // Fields separated by '|': a flags byte, then range, board, vs.
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('|');
    let flags = parts.next().and_then(|f| f.bytes().next()).unwrap_or(0);
    let fields: Vec<CString> = parts
        .take(3)
        .map(|p| CString::new(p.replace('\0', "")).expect("no NUL"))
        .collect();
    let field = |i: usize| fields.get(i).map_or(std::ptr::null(), |f| f.as_ptr());
    let q = OddsmithBoardQuestion {
        range: field(0),
        // Bit 0: no board; bit 1: every flop (both, neither: refused).
        board: if flags & 1 == 1 {
            std::ptr::null()
        } else {
            field(1)
        },
        all_flops: (flags >> 1) & 3,
        vs: if flags & 8 == 8 {
            field(2)
        } else {
            std::ptr::null()
        },
        threads: 1,
        time_budget_ms: 20,
        progress: std::ptr::null(),
    };
    let mut out = MaybeUninit::<OddsmithBoardResult>::uninit();
    // SAFETY: valid question strings (or NULL) and output.
    let status = unsafe { oddsmith_board(&q, out.as_mut_ptr()) };
    if status == OddsmithStatus::ODDSMITH_OK {
        // SAFETY: written on success.
        let r = unsafe { out.assume_init() };
        assert_eq!(r.classes.len(), ODDSMITH_BOARD_CLASSES);
        let made: f64 = r
            .classes
            .iter()
            .filter(|c| c.draw == 0)
            .map(|c| c.share)
            .sum();
        assert!((made - 1.0).abs() < 1e-9, "made shares sum to {made}");
        for c in &r.classes {
            assert!((0.0..=1.0 + 1e-12).contains(&c.share), "share {}", c.share);
            assert!(c.has_equity == 0 || (0.0..=1.0 + 1e-12).contains(&c.equity));
        }
    }
    assert_ne!(status, OddsmithStatus::ODDSMITH_ERR_INTERNAL);
});
