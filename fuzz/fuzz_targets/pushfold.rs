//! Fuzzes `oddsmith_pushfold` with arbitrary tables: stack and payout
//! counts, every amount (NaN, infinities and negatives included), the
//! spot buffer's room, under a small sample and time budget: a status,
//! never a crash; on success every chance and share is within 0..=1 and
//! `count` spots are written.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{
    OddsmithPushFoldQuestion, OddsmithPushFoldResult, OddsmithPushFoldSpot, OddsmithStatus,
    oddsmith_pushfold, oddsmith_pushfold_spot_count,
};
use std::mem::MaybeUninit;

/// Numbers read from the input, four bytes each as an f32 (so small
/// stacks and odd values are both common).
fn numbers(bytes: &[u8]) -> Vec<f64> {
    bytes
        .chunks_exact(4)
        .map(|b| f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    // Header: stack count, payout count, spare room (signed), flags; then
    // blinds, ante, stacks and payouts as numbers.
    let &[players, paid, room, flags, ref rest @ ..] = data else {
        return;
    };
    let values = numbers(rest);
    let take = |from: usize, n: usize| -> Vec<f64> {
        (from..from + n)
            .map(|i| values.get(i).copied().unwrap_or(10.0))
            .collect()
    };
    let (players, paid) = (usize::from(players % 12), usize::from(paid % 12));
    let head = take(0, 3);
    let stacks = take(3, players);
    let payouts = take(3 + players, paid);
    let needed = oddsmith_pushfold_spot_count(players);
    let cap = needed.saturating_add_signed(isize::from(room as i8 % 3));
    let mut spots: Vec<OddsmithPushFoldSpot> = Vec::with_capacity(cap);
    let q = OddsmithPushFoldQuestion {
        // Bit 0: NULL stacks.
        stacks: if flags & 1 == 1 {
            std::ptr::null()
        } else {
            stacks.as_ptr()
        },
        stack_count: players,
        small_blind: head[0],
        big_blind: head[1],
        ante: head[2],
        payouts: payouts.as_ptr(),
        payout_count: paid,
        target: if flags & 2 == 2 { 0.0 } else { 0.05 },
        // Never 0 (the default, a million deals: too slow for a fuzz run).
        samples: 1 + u64::from(flags >> 2) * 10,
        seed: u64::from(flags),
        time_budget_ms: 20,
        progress: std::ptr::null(),
    };
    let mut out = MaybeUninit::<OddsmithPushFoldResult>::uninit();
    let mut count = 0usize;
    // SAFETY: valid arrays of their counts (or NULL), output, count and
    // `cap` spots of room.
    let status =
        unsafe { oddsmith_pushfold(&q, out.as_mut_ptr(), spots.as_mut_ptr(), cap, &mut count) };
    if status == OddsmithStatus::ODDSMITH_OK {
        assert!(count == needed && count <= cap);
        // SAFETY: written on success, `count` spots with it.
        let (r, spots) = unsafe {
            spots.set_len(count);
            (out.assume_init(), spots)
        };
        assert_eq!(r.players as usize, players);
        for s in &spots {
            let all = s.grid.iter().chain(&s.combos).chain([&s.reach]);
            for &x in all {
                assert!((0.0..=1.0 + 1e-9).contains(&x), "chance {x}");
            }
        }
    }
    assert_ne!(status, OddsmithStatus::ODDSMITH_ERR_INTERNAL);
});
