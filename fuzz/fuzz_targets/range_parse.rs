//! Fuzzes the range parser with arbitrary text: a range or a clear parse
//! error, never a panic; every parsed combo has two distinct cards.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::poker::Range;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(range) = Range::parse(&text) {
        assert!(range.len() <= 1326);
        for combo in range.combos() {
            assert_eq!(combo.cards.len(), 2);
            assert!(combo.weight > 0.0 && combo.weight.is_finite());
        }
    }
});
