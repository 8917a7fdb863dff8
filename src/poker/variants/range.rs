//! A player's hands in a variant: random, or a weighted list of hands read
//! from the variant's range syntax (Omaha's patterns, `omaha_range`; short
//! deck's Hold'em ranges on the 36 cards).

use super::Variant;
use crate::budget::Control;
use crate::cards::CardSet;
use crate::error::{Error, Result};
use crate::poker::Range;

/// Most hands a range may hold (PLO4's whole deck `****` is 270,725).
pub const MAX_RANGE_HANDS: usize = 2_000_000;

/// One player's possible hands.
#[derive(Debug, Clone, PartialEq)]
pub enum HandRange {
    /// Any hand, dealt from the cards left.
    Random,
    /// These hands (distinct, each with a weight > 0).
    Hands(Vec<(CardSet, f64)>),
}

impl HandRange {
    /// One given hand.
    pub fn hand(cards: CardSet) -> HandRange {
        HandRange::Hands(vec![(cards, 1.0)])
    }

    /// Parses a range of `variant`'s hands: Omaha patterns ("AA**:ds",
    /// "AsKsQhJh", see `omaha_range`), or for short deck a Hold'em range
    /// ("QQ+,AKs", "AhKh") whose hands with a card below six are left out
    /// (a range left with none is an error; a single given hand is kept,
    /// for the request to refuse); `random` in both.
    pub fn parse(variant: Variant, text: &str) -> Result<HandRange> {
        HandRange::parse_within(variant, text, &Control::NONE)
    }

    /// `parse`, stopping with `BudgetExceeded` once `control` says so (a
    /// wide Omaha pattern takes a while to list).
    pub fn parse_within(variant: Variant, text: &str, control: &Control) -> Result<HandRange> {
        if variant.is_omaha() {
            return super::omaha_range::parse(text, variant.hole_cards(), control);
        }
        if text.trim().eq_ignore_ascii_case("random") {
            return Ok(HandRange::Random);
        }
        let range = Range::parse(text)?;
        if let [one] = range.combos() {
            // A given hand stays as given: a card below six is refused by
            // the request with the card named.
            return Ok(HandRange::hand(one.cards));
        }
        let deck = variant.deck();
        let hands: Vec<(CardSet, f64)> = range
            .combos()
            .iter()
            .filter(|c| c.cards.is_disjoint(deck.complement()))
            .map(|c| (c.cards, c.weight))
            .collect();
        if hands.is_empty() {
            return Err(Error::parse(format!(
                "range '{}' has no hand in the short deck (cards six to ace)",
                text.trim()
            )));
        }
        Ok(HandRange::Hands(hands))
    }

    /// The one hand of a single-hand range.
    pub fn single(&self) -> Option<CardSet> {
        match self {
            HandRange::Hands(h) if h.len() == 1 => Some(h[0].0),
            _ => None,
        }
    }
}
