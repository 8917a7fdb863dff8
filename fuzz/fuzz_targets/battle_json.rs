//! Fuzzes the reader of a whole game state as Firestone's app logs it
//! (`firestone::combat_from_battle_json`): a combat or a clear error,
//! never a panic; a read combat has boards of at most 7 minions of
//! positive health, tiers 1 to 7, bonuses within their limit, and a
//! small one can be fought (Monte Carlo) without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::budget::Control;
use oddsmith::hearthstone::combat::combat_monte_carlo;
use oddsmith::hearthstone::firestone::combat_from_battle_json;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(c) = combat_from_battle_json(&text) {
        assert!(c.a.len() <= 7 && c.b.len() <= 7);
        assert!(c.a.iter().chain(&c.b).all(|m| m.health > 0));
        assert!(c.tiers.iter().all(|t| (1..=7).contains(t)));
        assert!(c.bonuses.iter().all(|b| b.validate("A").is_ok()));
        if let Ok(r) = combat_monte_carlo(&c, 4, 1, 1, &Control::NONE) {
            assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-9);
        }
    }
});
