//! Fuzzes the Battlegrounds minion notation and the reader of
//! Firestone-shaped input: a board or a clear error, never a panic; a
//! parsed board has at most 7 minions of positive health, and a small one
//! can be fought (Monte Carlo) without panicking. A side opening with '['
//! is a Firestone entity list (`firestone::board_from_json`). A third
//! part, after a second '|', is side A's game bonuses: `GameBonuses` text,
//! or, opening with '{', a Firestone `globalInfo` object
//! (`firestone::bonuses_from_global_info`); either a clear error or
//! bonuses within their limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::budget::Control;
use oddsmith::hearthstone::combat::{Combat, GameBonuses, Minion, combat_monte_carlo, parse_board};
use oddsmith::hearthstone::firestone::{board_from_json, bonuses_from_global_info};

/// A side: notation, or a Firestone entity list when it opens with '['.
fn board(text: &str) -> oddsmith::Result<Vec<Minion>> {
    if text.trim_start().starts_with('[') {
        board_from_json(text)
    } else {
        parse_board(text)
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (a, rest) = text.split_once('|').unwrap_or((&text, "1/1"));
    let (b, bonuses) = rest.split_once('|').unwrap_or((rest, ""));
    let bonuses = if bonuses.trim_start().starts_with('{') {
        bonuses_from_global_info(bonuses)
    } else {
        GameBonuses::parse(bonuses)
    };
    if let Ok(parsed) = &bonuses {
        assert!(parsed.validate("A").is_ok());
    }
    if let (Ok(a), Ok(b), Ok(bonuses)) = (board(a), board(b), bonuses) {
        assert!(a.len() <= 7 && b.len() <= 7);
        assert!(a.iter().chain(&b).all(|m| m.health > 0));
        let c = Combat {
            a,
            b,
            tiers: [1, 1],
            bonuses: [bonuses, Default::default()],
            heroes: Default::default(),
            hands: Default::default(),
            teammates: Default::default(),
        };
        if let Ok(r) = combat_monte_carlo(&c, 4, 1, 1, &Control::NONE) {
            assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-9);
        }
    }
});
