//! Fuzzes the Omaha range parser with arbitrary text (the first byte picks
//! 4, 5 or 6 hole cards): a range or a clear parse error, never a panic;
//! every parsed hand has the game's card count and a positive weight.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::poker::variants::{HandRange, MAX_RANGE_HANDS, Variant};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let hole_cards = 4 + usize::from(first % 3);
    let text = String::from_utf8_lossy(rest);
    if let Ok(HandRange::Hands(hands)) =
        HandRange::parse(Variant::OmahaHigh(hole_cards as u8), &text)
    {
        assert!(!hands.is_empty() && hands.len() <= MAX_RANGE_HANDS);
        for &(cards, weight) in &hands {
            assert_eq!(cards.len() as usize, hole_cards);
            assert!(weight > 0.0 && weight.is_finite());
        }
    }
});
