//! Hand ranges as PokerStove and Equilab users type them: `AA`, `QQ+`,
//! `77-55`, `AKs`, `A2s+`, `KTo+`, `T9s-76s`, `AK` (suited and offsuit),
//! specific combos `AhKh`, `random` (any two cards), comma separated, each
//! with an optional weight `AA:0.5`. A token that does not parse is an
//! error naming it; a combo listed twice keeps its last weight.

use crate::cards::{Card, CardSet, rank_of};
use crate::error::{Error, Result};

/// Number of two-card combos in a deck.
pub const COMBOS: usize = 1326;

/// Weights are relative within a range: the smallest may be this share of
/// the largest. Within it, no product of ten players' weights underflows a
/// double, and the sweeps can tell a weight from rounding (their
/// `ROUNDING_FLOOR`).
pub const MIN_WEIGHT_RATIO: f64 = 1e-9;

/// What player `i`'s range weights are divided by before counting (every
/// engine, every game): the largest, so any finite positive weights count
/// as their ratios (`AA:1e160` as `AA:1`) where raw products of ten would
/// overflow to infinity or underflow to zero. A range whose smallest
/// weight is below `MIN_WEIGHT_RATIO` of its largest is refused, naming
/// the player.
pub fn relative_weight_scale(weights: impl Iterator<Item = f64> + Clone, i: usize) -> Result<f64> {
    let largest = weights.clone().fold(0.0, f64::max);
    let smallest = weights.fold(f64::INFINITY, f64::min);
    if !(largest.is_finite() && smallest > 0.0 && smallest / largest >= MIN_WEIGHT_RATIO) {
        return Err(Error::invalid(format!(
            "player {}'s weights run from {smallest:e} to {largest:e}: weights are relative, and \
             a range's smallest must be at least {MIN_WEIGHT_RATIO:e} times its largest",
            i + 1
        )));
    }
    Ok(largest)
}

/// One two-card holding with its weight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Combo {
    /// The two cards.
    pub cards: CardSet,
    /// Its relative weight: finite and positive (1 unless the range gave
    /// one; items of weight 0 are left out of the range).
    pub weight: f64,
}

/// A set of weighted two-card combos.
#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    combos: Vec<Combo>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Suitedness {
    Suited,
    Offsuit,
    Both,
}

/// A hand class like `AKs`, `77` or `T9`: (high rank, low rank, suits).
fn parse_class(text: &str) -> Option<(u8, u8, Suitedness)> {
    let b = text.as_bytes();
    if b.len() < 2 || b.len() > 3 {
        return None;
    }
    let (r1, r2) = (rank_of(b[0])?, rank_of(b[1])?);
    let suits = match b.get(2).map(|c| c.to_ascii_lowercase()) {
        None => Suitedness::Both,
        Some(b's') if r1 != r2 => Suitedness::Suited,
        Some(b'o') if r1 != r2 => Suitedness::Offsuit,
        _ => return None,
    };
    Some((r1.max(r2), r1.min(r2), suits))
}

/// The combos of one hand class.
fn class_combos(high: u8, low: u8, suits: Suitedness, out: &mut Vec<CardSet>) {
    for s1 in 0..4 {
        for s2 in 0..4 {
            let (Some(a), Some(b)) = (
                Card::from_rank_suit(high, s1),
                Card::from_rank_suit(low, s2),
            ) else {
                continue;
            };
            let keep = if high == low {
                s1 < s2
            } else {
                match suits {
                    Suitedness::Suited => s1 == s2,
                    Suitedness::Offsuit => s1 != s2,
                    Suitedness::Both => true,
                }
            };
            if keep {
                out.push([a, b].into_iter().collect());
            }
        }
    }
}

/// Expands one token body (without its weight) into combos.
fn expand(body: &str) -> Option<Vec<CardSet>> {
    let mut out = Vec::new();
    let lower = body.to_ascii_lowercase();
    if lower == "random" || lower == "any" || lower == "xx" {
        for a in 0..52u8 {
            for b in a + 1..52 {
                out.push(CardSet::from_mask(1u64 << a | 1u64 << b)?);
            }
        }
        return Some(out);
    }
    if body.len() == 4
        && let Ok(cards) = crate::cards::parse_cards(body)
        && cards.len() == 2
    {
        out.push(cards.into_iter().collect());
        return Some(out);
    }
    if let Some(base) = body.strip_suffix('+') {
        let (high, low, suits) = parse_class(base)?;
        if high == low {
            for r in high..13 {
                class_combos(r, r, suits, &mut out);
            }
        } else {
            for r in low..high {
                class_combos(high, r, suits, &mut out);
            }
        }
        return Some(out);
    }
    if let Some((from, to)) = body.split_once('-') {
        let (h1, l1, s1) = parse_class(from)?;
        let (h2, l2, s2) = parse_class(to)?;
        if s1 != s2 {
            return None;
        }
        if h1 == l1 && h2 == l2 {
            // Pairs: 77-55.
            for r in h1.min(h2)..=h1.max(h2) {
                class_combos(r, r, s1, &mut out);
            }
        } else if h1 == h2 && l1 != h1 && l2 != h2 {
            // Same top card: A5s-A2s.
            for r in l1.min(l2)..=l1.max(l2) {
                class_combos(h1, r, s1, &mut out);
            }
        } else if h1 - l1 == h2 - l2 && h1 != l1 {
            // Same gap: T9s-76s.
            let gap = h1 - l1;
            for h in h1.min(h2)..=h1.max(h2) {
                class_combos(h, h - gap, s1, &mut out);
            }
        } else {
            return None;
        }
        return Some(out);
    }
    let (high, low, suits) = parse_class(body)?;
    class_combos(high, low, suits, &mut out);
    Some(out)
}

/// The index of a two-card combo in 0..1326.
fn combo_index(cards: CardSet) -> usize {
    let lo = cards.mask().trailing_zeros() as usize;
    let hi = 63 - cards.mask().leading_zeros() as usize;
    hi * (hi - 1) / 2 + lo
}

impl Range {
    /// Parses a range; see the module docs for the syntax.
    pub fn parse(text: &str) -> Result<Range> {
        let mut weights = vec![f64::NAN; COMBOS];
        let mut order = Vec::new();
        for (item, token) in text.split(',').map(str::trim).enumerate() {
            if token.is_empty() {
                return Err(Error::parse(format!(
                    "empty range item {} in '{text}'",
                    item + 1
                )));
            }
            let (body, weight) = match token.split_once(':') {
                Some((body, w)) => {
                    let weight: f64 = w.trim().parse().map_err(|_| {
                        Error::parse(format!(
                            "range item '{token}': weight '{w}' is not a number"
                        ))
                    })?;
                    if !weight.is_finite() || weight < 0.0 {
                        return Err(Error::parse(format!(
                            "range item '{token}': weight must be a finite number >= 0"
                        )));
                    }
                    (body.trim(), weight)
                }
                None => (token, 1.0),
            };
            let combos = expand(body).ok_or_else(|| {
                Error::parse(format!("invalid range item '{token}' (item {})", item + 1))
            })?;
            for cards in combos {
                let i = combo_index(cards);
                if weights[i].is_nan() {
                    order.push(cards);
                }
                weights[i] = weight;
            }
        }
        let combos = order
            .into_iter()
            .map(|cards| Combo {
                cards,
                weight: weights[combo_index(cards)],
            })
            .filter(|c| c.weight > 0.0)
            .collect();
        Ok(Range { combos })
    }

    /// A range of one specific holding.
    pub fn single(cards: CardSet) -> Result<Range> {
        if cards.len() != 2 {
            return Err(Error::invalid(format!(
                "a holding has 2 cards, not {}",
                cards.len()
            )));
        }
        Ok(Range {
            combos: vec![Combo { cards, weight: 1.0 }],
        })
    }

    /// The combos, in the order the range first named them.
    pub fn combos(&self) -> &[Combo] {
        &self.combos
    }

    /// Number of combos.
    pub fn len(&self) -> usize {
        self.combos.len()
    }

    /// Whether the range has no combo (every item had weight 0).
    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }

    /// The range without combos that use any of `dead`.
    pub fn without(&self, dead: CardSet) -> Range {
        Range {
            combos: self
                .combos
                .iter()
                .copied()
                .filter(|c| c.cards.is_disjoint(dead))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn count(text: &str) -> usize {
        Range::parse(text).unwrap().len()
    }

    #[test]
    fn standard_notation_expands_to_the_right_counts() {
        assert_eq!(count("AA"), 6);
        assert_eq!(count("QQ+"), 18);
        assert_eq!(count("77-55"), 18);
        assert_eq!(count("55-77"), 18);
        assert_eq!(count("AKs"), 4);
        assert_eq!(count("AKo"), 12);
        assert_eq!(count("AK"), 16);
        assert_eq!(count("A2s+"), 48);
        assert_eq!(count("KTo+"), 36);
        assert_eq!(count("T9s-76s"), 16);
        assert_eq!(count("A5s-A2s"), 16);
        assert_eq!(count("AhKh"), 1);
        assert_eq!(count("random"), 1326);
        assert_eq!(count("QQ+, AKs"), 22);
        assert_eq!(count("JJ-88,AQs"), 28);
        assert_eq!(count("ka"), 16);
        // Overlaps count once.
        assert_eq!(count("AA,AA,QQ+"), 18);
    }

    #[test]
    fn weights_apply_and_last_wins() {
        let r = Range::parse("AA:0.5, KK").unwrap();
        assert!(r.combos().iter().filter(|c| c.weight == 0.5).count() == 6);
        let r = Range::parse("AA:0.5,AA:0.25").unwrap();
        assert!(r.combos().iter().all(|c| c.weight == 0.25));
        assert_eq!(count("AA:0"), 0);
    }

    #[test]
    fn bad_tokens_are_named() {
        for (text, bad) in [
            ("AA,AKx", "'AKx'"),
            ("QQ+,", "empty"),
            ("ZZ", "'ZZ'"),
            ("AA:x", "'x'"),
            ("AKs-QJo", "AKs-QJo"),
            ("AAs", "'AAs'"),
        ] {
            let e = Range::parse(text).unwrap_err();
            assert!(e.message().contains(bad), "{text}: {}", e.message());
        }
        assert!(Range::parse("AA:-1").is_err());
        assert!(Range::parse("AhAh").is_err());
    }

    #[test]
    fn combos_are_distinct_two_card_sets() {
        let r = Range::parse("random").unwrap();
        let mut seen = std::collections::HashSet::new();
        for c in r.combos() {
            assert_eq!(c.cards.len(), 2);
            assert!(seen.insert(c.cards.mask()));
            assert!(combo_index(c.cards) < COMBOS);
        }
        assert_eq!(
            Range::parse("AA")
                .unwrap()
                .without(CardSet::parse("Ah").unwrap())
                .len(),
            3
        );
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in ".{0,30}") {
            let _ = Range::parse(&text);
        }
    }
}
