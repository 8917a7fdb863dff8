//! Short-deck (6+) Hold'em hands: the 36 cards six to ace.
//!
//! The order, high to low: straight flush, four of a kind, flush, full
//! house, straight, three of a kind, two pair, pair, high card (as most
//! online rooms and pokerkit rank it); with the Triton ranking three of a
//! kind beats a straight. A-6-7-8-9 is the lowest straight (the ace below
//! the six), T-J-Q-K-A the highest.
//!
//! A hand's value is its category times 2^20 plus up to five ranks of four
//! bits, the ones that break ties, highest first; higher is better and
//! equal is a tie. Seven cards never hold a flush together with four of a
//! kind or a full house (either takes three cards off the flush suit), so
//! a hand with five cards of a suit is worth its best flush.

use crate::cards::CardSet;

/// The 36 cards six (rank 4) to ace.
pub const DECK: CardSet = match CardSet::from_mask(0xF_FFFF_FFFF << 16) {
    Some(deck) => deck,
    None => panic!("36 cards of the deck"),
};

/// Hand categories, low to high in the default ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// No pair or better.
    HighCard,
    /// One pair.
    Pair,
    /// Two pairs.
    TwoPair,
    /// Three of a kind (above a straight in the Triton ranking).
    ThreeOfAKind,
    /// Five ranks in a row (A-6-7-8-9 the lowest).
    Straight,
    /// Three of a kind and a pair.
    FullHouse,
    /// Five cards of one suit (beats a full house in short deck).
    Flush,
    /// Four of a kind.
    FourOfAKind,
    /// A straight in one suit.
    StraightFlush,
}

/// A hand's value (see the module docs).
pub type Value = u32;

const CATEGORY_SHIFT: u32 = 20;

/// The value of a category with its tie-breaking ranks, highest first.
#[inline]
fn value(category: u32, ranks: &[u8]) -> Value {
    let mut v = category << CATEGORY_SHIFT;
    for (i, &r) in ranks.iter().take(5).enumerate() {
        v |= u32::from(r) << (16 - 4 * i as u32);
    }
    v
}

/// Where a category ranks in a ranking.
#[inline]
fn order(category: Category, trips_beat_straight: bool) -> u32 {
    match category {
        Category::ThreeOfAKind if trips_beat_straight => Category::Straight as u32,
        Category::Straight if trips_beat_straight => Category::ThreeOfAKind as u32,
        c => c as u32,
    }
}

/// The category of a value.
pub fn category(v: Value, trips_beat_straight: bool) -> Category {
    let code = v >> CATEGORY_SHIFT;
    [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::FullHouse,
        Category::Flush,
        Category::FourOfAKind,
        Category::StraightFlush,
    ]
    .into_iter()
    .find(|&c| order(c, trips_beat_straight) == code)
    .unwrap_or(Category::HighCard)
}

/// The top rank of the best straight among the ranks in `mask`.
#[inline]
pub fn straight_high(mask: u16) -> Option<u8> {
    for high in (8..=12u8).rev() {
        if (mask >> (high - 4)) & 0x1F == 0x1F {
            return Some(high);
        }
    }
    // A-6-7-8-9: the ace below the six, nine high.
    const WHEEL: u16 = 1 << 12 | 0xF << 4;
    (mask & WHEEL == WHEEL).then_some(7)
}

/// The best flush or straight flush of a suit's ranks (5 or more).
#[inline]
pub fn flush_value(mask: u16, trips_beat_straight: bool) -> Value {
    if let Some(high) = straight_high(mask) {
        return value(order(Category::StraightFlush, trips_beat_straight), &[high]);
    }
    let mut top = [0u8; 5];
    let mut n = 0;
    for r in (0..13u8).rev() {
        if mask >> r & 1 == 1 && n < 5 {
            top[n] = r;
            n += 1;
        }
    }
    value(order(Category::Flush, trips_beat_straight), &top[..n])
}

/// The best hand of five to seven cards, flushes apart, by the number
/// of cards of each rank.
#[inline]
pub fn by_ranks(counts: &[u8; 13], trips_beat_straight: bool) -> Value {
    let (mut quad, mut trips, mut pairs, mut singles) = (None, [0u8; 2], [0u8; 3], [0u8; 7]);
    let (mut nt, mut np, mut ns) = (0, 0, 0);
    let mut mask = 0u16;
    for r in (0..13u8).rev() {
        match counts[r as usize] {
            0 => continue,
            1 => {
                singles[ns] = r;
                ns += 1;
            }
            2 => {
                if np < 3 {
                    pairs[np] = r;
                    np += 1;
                }
            }
            3 => {
                if nt < 2 {
                    trips[nt] = r;
                    nt += 1;
                }
            }
            _ => quad = Some(r),
        }
        mask |= 1 << r;
    }
    let code = |c| order(c, trips_beat_straight);
    if let Some(q) = quad {
        let kicker = (0..13u8).rev().find(|&r| r != q && counts[r as usize] > 0);
        return value(code(Category::FourOfAKind), &[q, kicker.unwrap_or(0)]);
    }
    if nt >= 1 && (nt >= 2 || np >= 1) {
        let pair = if nt >= 2 {
            trips[1].max(pairs[0])
        } else {
            pairs[0]
        };
        return value(code(Category::FullHouse), &[trips[0], pair]);
    }
    let straight = straight_high(mask).map(|h| value(code(Category::Straight), &[h]));
    let three = (nt == 1).then(|| {
        value(
            code(Category::ThreeOfAKind),
            &[trips[0], singles[0], singles[1]],
        )
    });
    if let Some(best) = straight.max(three) {
        return best;
    }
    if np >= 2 {
        let kicker = if np == 3 {
            pairs[2].max(singles[0])
        } else {
            singles[0]
        };
        return value(code(Category::TwoPair), &[pairs[0], pairs[1], kicker]);
    }
    if np == 1 {
        return value(
            code(Category::Pair),
            &[pairs[0], singles[0], singles[1], singles[2]],
        );
    }
    value(code(Category::HighCard), &singles[..ns.min(5)])
}

/// The best hand of five to seven distinct cards.
pub fn rank(cards: CardSet, trips_beat_straight: bool) -> Value {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 4];
    for card in cards.iter() {
        counts[card.rank() as usize] += 1;
        suits[card.suit() as usize] |= 1 << card.rank();
    }
    if let Some(&flush) = suits.iter().find(|m| m.count_ones() >= 5) {
        return flush_value(flush, trips_beat_straight);
    }
    by_ranks(&counts, trips_beat_straight)
}
