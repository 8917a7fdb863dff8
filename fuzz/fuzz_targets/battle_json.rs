//! Fuzzes the reader of a whole game state as Firestone's app logs it
//! (`firestone::battle_from_json`, what is not modelled ignored as the C
//! entry does by default) and its C entry (`oddsmith_combat_battle_json`,
//! given the raw bytes): a combat or a clear error, never a panic; a read
//! combat has boards of at most 7 minions of positive health, tiers 1 to
//! 7, bonuses within their limit, and a small one can be fought (Monte
//! Carlo) without panicking; the C entry agrees with the reader on what it
//! accepts and on what it left out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::budget::Control;
use oddsmith::ffi::{
    ODDSMITH_COMBAT_MONTE_CARLO, OddsmithCombatOptions, OddsmithCombatResult, OddsmithStatus,
    oddsmith_combat_battle_json,
};
use oddsmith::hearthstone::combat::combat_monte_carlo;
use oddsmith::hearthstone::firestone::{OnUnmodelled, battle_from_json};
use std::mem::MaybeUninit;

fuzz_target!(|data: &[u8]| {
    let read = std::str::from_utf8(data)
        .ok()
        .map(|text| battle_from_json(text, OnUnmodelled::Ignore));
    if let Some(Ok(battle)) = &read {
        let c = &battle.combat;
        assert!(c.a.len() <= 7 && c.b.len() <= 7);
        assert!(c.a.iter().chain(&c.b).all(|m| m.health > 0));
        assert!(c.tiers.iter().all(|t| (1..=7).contains(t)));
        assert!(c.bonuses.iter().all(|b| b.validate("A").is_ok()));
        if let Ok(r) = combat_monte_carlo(c, 4, 1, 1, &Control::NONE) {
            assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-9);
        }
    }
    let options = OddsmithCombatOptions {
        mode: ODDSMITH_COMBAT_MONTE_CARLO,
        samples: 4,
        threads: 1,
        ..Default::default()
    };
    let mut out = MaybeUninit::<OddsmithCombatResult>::uninit();
    // SAFETY: `data` is `data.len()` readable bytes; valid options and a
    // writable result.
    let status = unsafe {
        oddsmith_combat_battle_json(data.as_ptr(), data.len(), &options, out.as_mut_ptr())
    };
    match status {
        OddsmithStatus::ODDSMITH_OK => {
            let Some(Ok(battle)) = &read else {
                panic!("the C entry answered what the reader refused");
            };
            // SAFETY: written on success.
            let r = unsafe { out.assume_init() };
            assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-9);
            assert_eq!(r.unmodelled_count as usize, battle.unmodelled.len());
            assert_eq!(r.approximate != 0, !battle.unmodelled.is_empty());
        }
        OddsmithStatus::ODDSMITH_ERR_PARSE | OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT => {
            // The reader refused, or the combat it read is over a limit of
            // the engine (too many kinds, counts).
        }
        other => panic!("unexpected status {other:?}"),
    }
});
