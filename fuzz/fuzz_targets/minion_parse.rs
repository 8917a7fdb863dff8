//! Fuzzes the Battlegrounds minion notation: a board or a clear error,
//! never a panic; a parsed board has at most 7 minions of positive health,
//! and a small one can be fought (Monte Carlo) without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::budget::Control;
use oddsmith::hearthstone::combat::{Combat, combat_monte_carlo, parse_board};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (a, b) = text.split_once('|').unwrap_or((&text, "1/1"));
    if let (Ok(a), Ok(b)) = (parse_board(a), parse_board(b)) {
        assert!(a.len() <= 7 && b.len() <= 7);
        assert!(a.iter().chain(&b).all(|m| m.health > 0));
        let c = Combat {
            a,
            b,
            tiers: [1, 1],
            bonuses: Default::default(),
        };
        if let Ok(r) = combat_monte_carlo(&c, 4, 1, 1, &Control::NONE) {
            assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-9);
        }
    }
});
