//! Omaha hands and ranges as players type them.
//!
//! A range is `random` or a comma list of items. An item is one symbol per
//! hole card: a card (`As`), a rank (`A`, any suit) or `*` (any card), so
//! `AsKsQhJh` is one hand, `AA**` every hand with two or more aces, `KKQQ`
//! the 36 hands of two kings and two queens, `AsK**` the ace of spades,
//! a king and any two. Then optional suffixes after colons, in any order:
//! a suit qualifier, `ds` (double-suited: two suits with exactly two cards
//! each, no other suit twice), `ss` (single-suited: one suit with exactly
//! two cards, no other suit twice) or `r` (rainbow: no suit twice), and a
//! weight, a number >= 0 (default 1): `AAKK:ds`, `AA**:0.5`,
//! `JT98:ss:0.25`. A hand listed by several items keeps the last item's
//! weight. A token that does not parse is an error naming it.

use super::range::{HandRange, MAX_RANGE_HANDS};
use crate::budget::Control;
use crate::cards::{Card, CardSet, rank_of, suit_of};
use crate::combin::binomial;
use crate::error::{Error, Result};

/// A suit qualifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Suits {
    Any,
    DoubleSuited,
    SingleSuited,
    Rainbow,
}

impl Suits {
    fn admits(self, hand: CardSet) -> bool {
        let counts: [u32; 4] =
            std::array::from_fn(|s| (hand.mask() & (0x1_1111_1111_1111 << s)).count_ones());
        let twos = counts.iter().filter(|&&c| c == 2).count();
        let more = counts.iter().filter(|&&c| c > 2).count();
        match self {
            Suits::Any => true,
            Suits::DoubleSuited => twos == 2 && more == 0,
            Suits::SingleSuited => twos == 1 && more == 0,
            Suits::Rainbow => twos == 0 && more == 0,
        }
    }
}

/// One item's symbols: the cards named, the ranks named (count per rank)
/// and the wildcards.
struct Pattern {
    cards: CardSet,
    ranks: [u8; 13],
    wildcards: usize,
}

/// Parses an Omaha range of `hole_cards`-card hands; see the module docs.
/// Listing a wide pattern takes a while (`AA****` in PLO6 is 1.2 million
/// hands, about 0.2 s): it stops with `BudgetExceeded` once `control` says
/// so.
pub(super) fn parse(text: &str, hole_cards: usize, control: &Control) -> Result<HandRange> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("random") {
        return Ok(HandRange::Random);
    }
    let mut hands: Vec<(CardSet, f64)> = Vec::new();
    let mut index: hashbrown::HashMap<u64, usize> = hashbrown::HashMap::new();
    let mut budget = MAX_ASSIGNMENTS;
    for (item, token) in text.split(',').map(str::trim).enumerate() {
        let fail =
            |why: &str| Error::parse(format!("range item '{token}' (item {}): {why}", item + 1));
        if token.is_empty() {
            return Err(Error::parse(format!(
                "empty range item {} in '{text}'",
                item + 1
            )));
        }
        let mut parts = token.split(':');
        let body = parts.next().unwrap_or("").trim();
        let (mut suits, mut weight) = (None, None);
        for suffix in parts.map(str::trim) {
            let qualifier = match suffix.to_ascii_lowercase().as_str() {
                "ds" => Some(Suits::DoubleSuited),
                "ss" => Some(Suits::SingleSuited),
                "r" => Some(Suits::Rainbow),
                _ => None,
            };
            if let Some(q) = qualifier {
                if suits.replace(q).is_some() {
                    return Err(fail("more than one suit qualifier"));
                }
            } else if let Ok(w) = suffix.parse::<f64>() {
                if !w.is_finite() || w < 0.0 {
                    return Err(fail("a weight must be a finite number >= 0"));
                }
                if weight.replace(w).is_some() {
                    return Err(fail("more than one weight"));
                }
            } else {
                return Err(fail(&format!(
                    "'{suffix}' is neither a suit qualifier (ds, ss, r) nor a weight"
                )));
            }
        }
        let pattern = parse_pattern(body, hole_cards).map_err(|why| fail(&why))?;
        let suits = suits.unwrap_or(Suits::Any);
        let weight = weight.unwrap_or(1.0);
        let mut matched = 0usize;
        pattern
            .each_hand(&mut budget, control, |hand| {
                if !suits.admits(hand) {
                    return;
                }
                matched += 1;
                match index.entry(hand.mask()) {
                    hashbrown::hash_map::Entry::Occupied(e) => hands[*e.get()].1 = weight,
                    hashbrown::hash_map::Entry::Vacant(e) => {
                        e.insert(hands.len());
                        hands.push((hand, weight));
                    }
                }
            })
            .map_err(|stop| match stop {
                Stop::TooWide(why) => fail(&why),
                Stop::OutOfTime => Error::budget(format!(
                    "reading range item '{token}' took the whole time budget: \
                     narrow the range or raise the budget"
                )),
            })?;
        if matched == 0 {
            return Err(fail("no hand matches it"));
        }
        if hands.len() > MAX_RANGE_HANDS {
            return Err(Error::invalid(format!(
                "the range holds more than {MAX_RANGE_HANDS} hands: use 'random' for any hand"
            )));
        }
    }
    hands.retain(|&(_, w)| w > 0.0);
    if hands.is_empty() {
        // Well formed, so not a parse error: a range that gives the player
        // nothing, refused as Hold'em's `AA:0` is.
        return Err(Error::invalid(format!(
            "range '{text}' has no hand of positive weight: every hand has weight 0"
        )));
    }
    Ok(HandRange::Hands(hands))
}

/// The symbols of an item's body, exactly `hole_cards` of them.
fn parse_pattern(body: &str, hole_cards: usize) -> std::result::Result<Pattern, String> {
    let bytes = body.as_bytes();
    let mut pattern = Pattern {
        cards: CardSet::EMPTY,
        ranks: [0; 13],
        wildcards: 0,
    };
    let mut symbols = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'*' {
            pattern.wildcards += 1;
            i += 1;
        } else if let Some(rank) = rank_of(b) {
            match bytes.get(i + 1).and_then(|&s| suit_of(s)) {
                Some(suit) => {
                    let card = Card::from_rank_suit(rank, suit).expect("rank and suit in range");
                    if pattern.cards.contains(card) {
                        return Err(format!("{card} appears twice"));
                    }
                    pattern.cards.insert(card);
                    i += 2;
                }
                None => {
                    pattern.ranks[rank as usize] += 1;
                    i += 1;
                }
            }
        } else {
            let shown: String = body[i..]
                .chars()
                .take(1)
                .flat_map(char::escape_debug)
                .collect();
            return Err(format!(
                "'{shown}' is not a rank, a card or * (cards as As, ranks as A K Q J T 9..2)"
            ));
        }
        symbols += 1;
        // Past the hole cards the item is wrong whatever follows; stopping
        // here also keeps the per-rank counts small (300 Q's overflowed).
        if symbols > hole_cards {
            return Err(format!(
                "more than {hole_cards} cards or ranks; this game deals {hole_cards}"
            ));
        }
    }
    if symbols != hole_cards {
        return Err(format!(
            "{symbols} cards or ranks; this game deals {hole_cards} (use * for any card)"
        ));
    }
    for rank in 0..13u8 {
        let named = (0..4)
            .filter(|&s| {
                pattern
                    .cards
                    .contains(Card::from_rank_suit(rank, s).expect("card"))
            })
            .count();
        if usize::from(pattern.ranks[rank as usize]) + named > 4 {
            return Err(format!(
                "more than four cards of rank {}",
                crate::cards::RANK_CHARS[rank as usize]
            ));
        }
    }
    Ok(pattern)
}

/// Most assignments of cards to symbols a range's items may take in all:
/// no more than the hands a range may hold (each hand takes at least one),
/// so a range past that limit (`*****` in PLO5: 2.6 million) is refused
/// from its count at once, not after listing it (`AA****` in PLO6 takes
/// 1.4 million).
const MAX_ASSIGNMENTS: u64 = MAX_RANGE_HANDS as u64;

/// Why listing a pattern's hands stopped.
enum Stop {
    /// More assignments than the range may take (said why).
    TooWide(String),
    /// The caller's deadline passed, or it cancelled.
    OutOfTime,
}

/// Hands listed between two looks at the deadline (a few ms of work).
const HANDS_PER_CHECK: u32 = 1 << 16;

impl Pattern {
    /// Calls `visit` with every hand matching the symbols, each once;
    /// `budget` is the assignments the range may still take; stops once
    /// `control` says so.
    fn each_hand(
        &self,
        budget: &mut u64,
        control: &Control,
        mut visit: impl FnMut(CardSet),
    ) -> std::result::Result<(), Stop> {
        // Ranks first (each rank's cards chosen from its suits not named),
        // then the wildcards from every card left; a hand reached by
        // several assignments (AA** holding three aces) is kept once.
        let mut assignments = 1u64;
        let mut named = self.cards.len() as usize;
        for rank in 0..13u8 {
            let want = usize::from(self.ranks[rank as usize]);
            let free = (0..4)
                .filter(|&s| {
                    !self
                        .cards
                        .contains(Card::from_rank_suit(rank, s).expect("card"))
                })
                .count();
            assignments = assignments.saturating_mul(binomial(free, want));
            named += want;
        }
        assignments = assignments.saturating_mul(binomial(52 - named, self.wildcards));
        if assignments > *budget {
            return Err(Stop::TooWide(format!(
                "too wide ({assignments} ways to fill it, with the items before it over \
                 {MAX_ASSIGNMENTS}): use 'random' for any hand"
            )));
        }
        *budget -= assignments;
        let mut seen: hashbrown::HashSet<u64> = hashbrown::HashSet::new();
        let mut fixed = vec![self.cards];
        for rank in 0..13u8 {
            let want = usize::from(self.ranks[rank as usize]);
            if want == 0 {
                continue;
            }
            let mut next = Vec::new();
            for &partial in &fixed {
                let free: CardSet = (0..4)
                    .filter_map(|s| Card::from_rank_suit(rank, s))
                    .filter(|&c| !partial.contains(c))
                    .collect();
                for_each_subset(free, want, |chosen| next.push(partial.union(chosen)));
            }
            fixed = next;
        }
        let mut until_check = HANDS_PER_CHECK;
        for partial in fixed {
            let subsets = crate::combin::Subsets::of_set(partial.complement(), self.wildcards)
                .expect("at most 52 cards");
            for mask in subsets {
                until_check -= 1;
                if until_check == 0 {
                    if control.passed() {
                        return Err(Stop::OutOfTime);
                    }
                    until_check = HANDS_PER_CHECK;
                }
                let hand = partial.union(CardSet::from_mask(mask).expect("cards of the deck"));
                if self.wildcards == 0 || seen.insert(hand.mask()) {
                    visit(hand);
                }
            }
        }
        Ok(())
    }
}

/// Calls `f` with every `k`-card subset of `cards`.
fn for_each_subset(cards: CardSet, k: usize, mut f: impl FnMut(CardSet)) {
    let subsets = crate::combin::Subsets::of_set(cards, k).expect("at most 52 cards");
    for mask in subsets {
        f(CardSet::from_mask(mask).expect("cards of the deck"));
    }
}
