//! Fuzzes `oddsmith_split_damage` with arbitrary targets, hit counts and
//! options: it must return a status, never crash or hang, and on success
//! every distribution must sum to 1.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{
    OddsmithSplitDamageOptions, OddsmithSplitDamageResult, OddsmithSplitTarget, OddsmithStatus,
    oddsmith_split_damage,
};
use std::mem::MaybeUninit;

fn byte(data: &[u8], i: usize) -> u8 {
    data.get(i).copied().unwrap_or(0)
}

fuzz_target!(|data: &[u8]| {
    let count = (byte(data, 0) % 16) as usize;
    let hits = u32::from(byte(data, 1) % 40);
    let mut targets = Vec::with_capacity(count);
    for i in 0..count {
        let b = byte(data, 2 + i);
        targets.push(OddsmithSplitTarget {
            // Mostly small healths, sometimes zero, negative or too large.
            health: match b >> 6 {
                0 => i32::from(b & 7) - 1,
                1 => i32::from(b & 15),
                2 => i32::from(b & 63) * 2,
                _ => i32::from(b & 31),
            },
            armor: i32::from(byte(data, 20 + i) & 3),
            shield: byte(data, 40 + i) & 1,
            hero: u8::from(byte(data, 40 + i) & 6 == 6),
        });
    }
    let options = OddsmithSplitDamageOptions {
        all_dead_mask: u32::from(byte(data, 60)) | u32::from(byte(data, 61)) << 8,
        hero_target: u32::from(byte(data, 62) % 16),
        // A budget keeps every input fast.
        max_work: 20_000_000,
        progress: std::ptr::null(),
    };
    let with_options = byte(data, 63) & 1 == 1;
    let mut out = MaybeUninit::<OddsmithSplitDamageResult>::uninit();
    // SAFETY: `targets` has `count` items; `out` is writable.
    let status = unsafe {
        oddsmith_split_damage(
            targets.as_ptr(),
            count,
            hits,
            if with_options {
                &options
            } else {
                std::ptr::null()
            },
            out.as_mut_ptr(),
        )
    };
    match status {
        OddsmithStatus::ODDSMITH_OK => {
            // SAFETY: written on success.
            let r = unsafe { out.assume_init() };
            let total: f64 = r.kills_distribution.iter().sum();
            assert!(
                (total - 1.0).abs() < 1e-9,
                "kills distribution sums to {total}"
            );
            for i in 0..r.target_count as usize {
                let sum: f64 = r.remaining[i].iter().sum();
                assert!((sum - 1.0).abs() < 1e-9, "target {i} sums to {sum}");
                assert!((-1e-9..=1.0 + 1e-9).contains(&r.kill[i]));
            }
        }
        OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        | OddsmithStatus::ODDSMITH_ERR_BUDGET_EXCEEDED => {}
        other => panic!("unexpected status {other:?}"),
    }
});
