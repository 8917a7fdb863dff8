//! Fuzzes `oddsmith_equity` and `oddsmith_equity_by_combo` with arbitrary
//! player strings, boards, dead cards, modes and buffer sizes, under a
//! small time budget (every mode keeps to it), in every game (Hold'em,
//! Omaha, short deck, and an invalid one): a status, never a crash;
//! equities sum to 1 on success (high + low in hi/lo games), and the rows
//! fit their buffer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{
    OddsmithComboEquity, OddsmithEquityRequest, OddsmithEquityResult, OddsmithStatus,
    oddsmith_equity, oddsmith_equity_by_combo,
};
use std::ffi::CString;
use std::mem::MaybeUninit;

fuzz_target!(|data: &[u8]| {
    // Fields separated by '|': mode and game bytes first, then board,
    // dead, players.
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('|');
    let head: Vec<u8> = parts
        .next()
        .map(|m| m.bytes().collect())
        .unwrap_or_default();
    let mode = head.first().copied().unwrap_or(0) % 4;
    // 0 Hold'em, 1..=7 the other games, 8 invalid.
    let game = head.get(1).copied().unwrap_or(0) % 9;
    let fields: Vec<CString> = parts
        .take(12)
        .map(|p| CString::new(p.replace('\0', "")).expect("no NUL"))
        .collect();
    if fields.len() < 2 {
        return;
    }
    let mut players = [std::ptr::null(); 10];
    let count = (fields.len() - 2).min(10);
    for (slot, f) in players.iter_mut().zip(&fields[2..]) {
        *slot = f.as_ptr();
    }
    let req = OddsmithEquityRequest {
        players,
        player_count: count as u32,
        board: fields[0].as_ptr(),
        dead: fields[1].as_ptr(),
        // 0 Auto, 1 exact, 2 Monte Carlo, 3 invalid.
        mode: mode as u32,
        target_stderr: 0.02,
        time_budget_ms: 20,
        seed: 1,
        threads: 1,
        progress: std::ptr::null(),
        game: u32::from(game),
    };
    let mut out = MaybeUninit::<OddsmithEquityResult>::uninit();
    // SAFETY: valid request strings and output.
    let status = unsafe { oddsmith_equity(&req, out.as_mut_ptr()) };
    if status == OddsmithStatus::ODDSMITH_OK {
        // SAFETY: written on success.
        let r = unsafe { out.assume_init() };
        let n = r.player_count as usize;
        let total: f64 = r.equity[..n].iter().sum();
        assert!((total - 1.0).abs() < 1e-6, "equities sum to {total}");
        for i in 0..n {
            assert!((r.equity[i] - r.high[i] - r.low[i]).abs() < 1e-9);
        }
    }
    assert_ne!(status, OddsmithStatus::ODDSMITH_ERR_INTERNAL);

    // The breakdown into a buffer sized by the input's length.
    let cap = data.len() % 64;
    let mut rows = vec![OddsmithComboEquity::default(); cap];
    let mut count = usize::MAX;
    // SAFETY: `rows` has `cap` writable rows; NULL `out` is allowed.
    let status = unsafe {
        oddsmith_equity_by_combo(
            &req,
            std::ptr::null_mut(),
            rows.as_mut_ptr(),
            cap,
            &mut count,
        )
    };
    match status {
        OddsmithStatus::ODDSMITH_OK => assert!(count <= cap),
        OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL => assert!(count > cap),
        other => assert_ne!(other, OddsmithStatus::ODDSMITH_ERR_INTERNAL),
    }
});
