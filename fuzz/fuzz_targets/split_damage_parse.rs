//! Fuzzes the split damage target lists (`split_damage::parse_targets`,
//! the CLI's `--health`, `--shield`, `--hero`, `--armor`) with arbitrary
//! text: a clear error or targets, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::hearthstone::split_damage::parse_targets;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('|');
    let health = parts.next().unwrap_or("");
    let shield = parts.next();
    let hero = parts.next();
    let armor = parts.next();
    if let Ok(targets) = parse_targets(health, shield, hero, armor) {
        assert!(targets.iter().filter(|t| !t.hero).count() == health.split(',').count());
    }
});
