//! Fuzzes `oddsmith_combat` with arbitrary boards and options (small
//! budgets keep each run short): a status, never a crash; probabilities sum
//! to 1 on success.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{
    OddsmithBgCard, OddsmithCombatOptions, OddsmithCombatResult, OddsmithGameBonuses,
    OddsmithMinion, OddsmithStatus, oddsmith_bg_card_at, oddsmith_bg_card_count, oddsmith_combat,
};
use std::mem::MaybeUninit;

fn byte(data: &[u8], i: usize) -> u8 {
    data.get(i).copied().unwrap_or(0)
}

/// Half the time a real card (modelled or not), else anonymous.
fn card_dbf(x: u8, y: u8) -> u32 {
    if x & 0x80 == 0 {
        return 0;
    }
    let index = (usize::from(x & 0x7f) << 8 | usize::from(y)) % oddsmith_bg_card_count();
    let mut card = MaybeUninit::<OddsmithBgCard>::uninit();
    // SAFETY: an index below the count and a writable card.
    match unsafe { oddsmith_bg_card_at(index, card.as_mut_ptr()) } {
        OddsmithStatus::ODDSMITH_OK => unsafe { card.assume_init() }.dbf_id,
        status => panic!("card {index}: {status:?}"),
    }
}

fn board(data: &[u8], at: usize, count: usize) -> Vec<OddsmithMinion> {
    (0..count)
        .map(|i| {
            let b = |k: usize| byte(data, at + i * 6 + k);
            OddsmithMinion {
                attack: i32::from(b(0) % 9) - i32::from(b(0) == 255),
                health: i32::from(b(1) % 9) - 1,
                keywords: u32::from(b(2)),
                token_attack: i32::from(b(3) % 4),
                token_health: i32::from(b(4) % 4),
                token_count: u32::from(b(5) % 9),
                tier: u32::from(b(5) % 8),
                dbf_id: card_dbf(b(2), b(3)),
                // Script numbers now and then, some out of range (bits
                // over 3, negative numbers).
                script_data_given: u32::from(b(4)) >> 3,
                script_data: [0, 1, 2, 3].map(|k| i32::from(b(k) as i8) * 3),
            }
        })
        .collect()
}

/// Small bonuses from earlier turns, now and then one over the limit.
fn bonuses(data: &[u8], at: usize) -> OddsmithGameBonuses {
    let v = |k: usize| match byte(data, at + k) {
        255 => 1001,
        x => u32::from(x % 4),
    };
    OddsmithGameBonuses {
        blood_gem_attack: v(0),
        blood_gem_health: v(1),
        summoned_attack: v(2),
        summoned_health: v(3),
        undead_attack: v(4),
        undead_health: v(5),
        beast_attack: v(6),
        beast_health: v(7),
        beetle_attack: v(8),
        beetle_health: v(9),
        pirate_attack: v(10),
        mech_attack: v(11),
        knights_died: v(12),
        knight_attack: v(13),
        knight_health: v(14),
        deathrattles: v(15),
        tavern_spells: v(16),
        tasty_lobsters: v(17),
        automatons: v(18),
    }
}

fuzz_target!(|data: &[u8]| {
    let (na, nb) = ((byte(data, 0) % 9) as usize, (byte(data, 1) % 9) as usize);
    let a = board(data, 4, na);
    let b = board(data, 4 + 6 * 8, nb);
    let options = OddsmithCombatOptions {
        mode: u32::from(byte(data, 2) % 4),
        max_states: 20_000,
        samples: 200,
        time_budget_ms: 0,
        seed: 1,
        threads: 0,
        progress: std::ptr::null(),
        bonuses_a: bonuses(data, 4 + 6 * 16),
        bonuses_b: bonuses(data, 4 + 6 * 16 + 19),
        // Past REFUSE (2): refused as not for this entry, as IGNORE is.
        unmodelled: u32::from(byte(data, 2) / 4 % 4),
    };
    let mut out = MaybeUninit::<OddsmithCombatResult>::uninit();
    // SAFETY: boards of the counts given; valid options and output.
    let status = unsafe {
        oddsmith_combat(
            a.as_ptr(),
            na,
            b.as_ptr(),
            nb,
            1,
            1,
            &options,
            out.as_mut_ptr(),
        )
    };
    match status {
        OddsmithStatus::ODDSMITH_OK => {
            // SAFETY: written on success.
            let r = unsafe { out.assume_init() };
            assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-9);
        }
        OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        | OddsmithStatus::ODDSMITH_ERR_BUDGET_EXCEEDED => {}
        other => panic!("unexpected status {other:?}"),
    }
});
