//! Fuzzes `oddsmith_combat_best_order` with arbitrary boards, objectives,
//! margins and modes (small budgets keep each run short): a status, never
//! a crash; on success the order is an order of board A and the numbers
//! are in range.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{
    OddsmithBestOrderOptions, OddsmithBestOrderResult, OddsmithCombatOptions, OddsmithMinion,
    OddsmithStatus, oddsmith_combat_best_order,
};
use std::mem::MaybeUninit;

fn byte(data: &[u8], i: usize) -> u8 {
    data.get(i).copied().unwrap_or(0)
}

/// Small anonymous minions, now and then out of range (attack -1, health
/// 0 or -1, unknown keyword bits, too many tokens).
fn board(data: &[u8], at: usize, count: usize) -> Vec<OddsmithMinion> {
    (0..count)
        .map(|i| {
            let b = |k: usize| byte(data, at + i * 4 + k);
            OddsmithMinion {
                attack: i32::from(b(0) % 7) - i32::from(b(0) == 255),
                health: i32::from(b(1) % 7) - i32::from(b(1) >= 250) * 7,
                keywords: u32::from(b(2)),
                token_attack: i32::from(b(3) % 3),
                token_health: i32::from(b(3) / 3 % 3),
                token_count: u32::from(b(3) / 9 % 9),
                tier: u32::from(b(3) % 8),
                dbf_id: 0,
                script_data_given: 0,
                script_data: [0; 4],
            }
        })
        .collect()
}

/// A margin: 0 (the default) most often, else small, negative, huge or
/// not a number.
fn margin(x: u8) -> f64 {
    match x % 8 {
        0..=3 => 0.0,
        4 => f64::from(x) / 1000.0,
        5 => -f64::from(x),
        6 => f64::NAN,
        _ => f64::INFINITY,
    }
}

fuzz_target!(|data: &[u8]| {
    // A's board mostly small (its orders are its count's factorial),
    // now and then full or over.
    let na = match byte(data, 0) % 16 {
        15 => 8,
        14 => 7,
        n => (n % 5) as usize,
    };
    let nb = (byte(data, 1) % 9) as usize;
    let a = board(data, 8, na);
    let b = board(data, 8 + 4 * 8, nb);
    let options = OddsmithCombatOptions {
        mode: u32::from(byte(data, 2) % 4),
        max_states: 20_000,
        samples: 2_000,
        // Auto's 1 s default would make each run long.
        time_budget_ms: 50,
        seed: u64::from(byte(data, 3)),
        threads: 0,
        progress: std::ptr::null(),
        bonuses_a: Default::default(),
        bonuses_b: Default::default(),
        unmodelled: u32::from(byte(data, 2) / 4 % 4),
    };
    let best = OddsmithBestOrderOptions {
        objective: u32::from(byte(data, 4) % 6),
        health_a: i32::from(byte(data, 5) as i8),
        margin: margin(byte(data, 6)),
    };
    let mut out = MaybeUninit::<OddsmithBestOrderResult>::uninit();
    // SAFETY: boards of the counts given; valid options and output.
    let status = unsafe {
        oddsmith_combat_best_order(
            a.as_ptr(),
            na,
            b.as_ptr(),
            nb,
            u32::from(byte(data, 7) % 9),
            1,
            &options,
            &best,
            out.as_mut_ptr(),
        )
    };
    match status {
        OddsmithStatus::ODDSMITH_OK => {
            // SAFETY: written on success.
            let r = unsafe { out.assume_init() };
            assert_eq!(r.order_count as usize, na);
            let mut seen = [false; 7];
            for &i in &r.order[..na] {
                assert!((i as usize) < na && !seen[i as usize], "{:?}", r.order);
                seen[i as usize] = true;
            }
            let factorial: u64 = (1..=na as u64).product();
            assert!(r.orders >= 1 && r.orders <= factorial);
            assert!(r.value.is_finite() && r.std_error >= 0.0 && r.margin > 0.0);
            assert!((0.0..=1.0).contains(&r.p_beaten));
            if best.objective == 0 {
                assert!((-1e-9..=1.0 + 1e-9).contains(&r.value));
            }
        }
        OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        | OddsmithStatus::ODDSMITH_ERR_BUDGET_EXCEEDED => {}
        other => panic!("unexpected status {other:?}"),
    }
});
