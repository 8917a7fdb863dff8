//! The 5-, 6- and 7-card evaluator: table-driven, incremental.
//!
//! A hand is a [`HandKey`], the sum of per-card keys: the base-5 sum of the
//! ranks (a multiset of up to 7 ranks, each at most 4 times, is its base-5
//! number), four-bit suit counters, and a suit-major rank mask. Adding a
//! card is three adds, so enumerations extend keys card by card. A flush
//! reads a 8,192-entry table by the flush suit's rank mask; anything else
//! reads a perfect hash of the rank key (hash and displace: a bucket's
//! displacement moves its keys to free slots). The tables (about 300 KiB)
//! are generated at build time (`eval_tables.rs`, run by `build.rs`) into
//! static arrays: read-only data, nothing built on a first call.

use super::classes::{self, Category, Score};
pub use super::eval_tables::CLASS_COUNT;
pub(crate) use super::eval_tables::{BUCKET_BITS, POW5, SLOT_BITS};
use crate::cards::{Card, CardSet};
use crate::error::{Error, Result};

/// The tables `build.rs` generated.
mod baked {
    include!(concat!(env!("OUT_DIR"), "/eval_tables.rs"));
}

/// A hand's strength: 1..=7462, higher is better, equal is a tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandRank(pub u16);

impl HandRank {
    /// The hand's category (pair, flush, ...).
    pub fn category(self) -> Category {
        Category::ALL[tables().categories[self.0 as usize] as usize]
    }

    /// A description such as "Two Pair, Kings and Sevens".
    pub fn describe(self) -> String {
        classes::describe(tables().score_of(self))
    }
}

const SUIT_COUNTERS_START: u32 = 0x3333;
const FLUSH_BITS: u32 = 0x8888;

/// A partial or whole hand as the sum of its cards' keys. The layout is
/// fixed (`ranks`, `suits`, `masks`, 16 bytes) so the AVX2 path can load
/// eight keys as four vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct HandKey {
    /// Sum of 5^rank over the cards.
    ranks: u32,
    /// Four-bit card count per suit, each started at 3 so that a count of
    /// 5 or more sets that nibble's top bit.
    suits: u32,
    /// Bit 16 * suit + rank per card.
    masks: u64,
}

impl HandKey {
    /// The key of no cards, to add cards to.
    pub const EMPTY: HandKey = HandKey {
        ranks: 0,
        suits: SUIT_COUNTERS_START,
        masks: 0,
    };

    /// This hand plus `card` (which must not be in it already).
    #[inline]
    pub fn with(self, card: Card) -> HandKey {
        let (r, s) = (card.rank() as u32, card.suit() as u32);
        HandKey {
            ranks: self.ranks + POW5[r as usize],
            suits: self.suits + (1 << (4 * s)),
            masks: self.masks | 1u64 << (16 * s + r),
        }
    }

    /// The sum of two disjoint partial hands.
    #[inline]
    pub fn combine(self, other: HandKey) -> HandKey {
        HandKey {
            ranks: self.ranks + other.ranks,
            suits: self.suits + other.suits - SUIT_COUNTERS_START,
            masks: self.masks | other.masks,
        }
    }

    /// The key of a set of distinct cards.
    pub fn of_set(cards: CardSet) -> HandKey {
        cards.iter().fold(HandKey::EMPTY, HandKey::with)
    }

    /// The key of distinct cards given by index (0..51), as the C and
    /// Python batch entries receive them. Errors: an index past 51
    /// (`InvalidArgument`), a card twice (`DuplicateCard`).
    pub fn of_indices(indices: &[u8]) -> Result<HandKey> {
        let mut set = CardSet::EMPTY;
        for &i in indices {
            let card = Card::new(i)
                .ok_or_else(|| Error::invalid(format!("card index {i} is not in 0..51")))?;
            if set.contains(card) {
                return Err(Error::new(
                    crate::ErrorKind::DuplicateCard,
                    format!("card {card} appears twice"),
                ));
            }
            set.insert(card);
        }
        Ok(HandKey::of_set(set))
    }

    /// The rank-key sum and suit counters, for the batch evaluator's lanes.
    #[inline]
    pub(crate) fn lanes(self) -> (u32, u32) {
        (self.ranks, self.suits)
    }

    /// The ranks held in `suit` (0..4) as a 13-bit mask.
    #[inline]
    pub(crate) fn suit_ranks(self, suit: u32) -> u16 {
        ((self.masks >> (16 * (suit & 3))) & 0x1FFF) as u16
    }

    /// Cards held in `suit` (0..4).
    #[inline]
    pub(crate) fn suit_count(self, suit: u32) -> u32 {
        ((self.suits >> (4 * (suit & 3))) & 15) - (SUIT_COUNTERS_START & 15)
    }

    /// True: the tables are static data (kept for callers that warm up).
    pub(crate) fn rank_table_ready(self) -> bool {
        !tables().flush.is_empty()
    }

    /// The rank of a hand of 5, 6 or 7 distinct cards.
    #[inline]
    pub fn rank(self) -> HandRank {
        tables().rank(self)
    }
}

/// The generated lookup tables.
pub(crate) struct Tables {
    /// Rank of the best flush by the flush suit's 13-bit rank mask.
    pub(crate) flush: &'static [u16],
    /// Rank of the best non-flush hand by perfect-hash slot, plus one
    /// padding entry so a 4-byte gather of the last slot stays inside.
    pub(crate) slots: &'static [u16],
    /// Displacement of each bucket.
    pub(crate) displacement: &'static [u32],
    pub(crate) bucket_mul: u32,
    pub(crate) slot_mul: u32,
    /// Class scores by rank - 1.
    scores: &'static [Score],
    /// Category index by rank (entry 0 unused).
    categories: &'static [u8],
}

impl Tables {
    #[inline]
    pub(crate) fn nonflush_slot(&self, ranks: u32) -> usize {
        let bucket = ranks.wrapping_mul(self.bucket_mul) >> (32 - BUCKET_BITS);
        let base = ranks.wrapping_mul(self.slot_mul) >> (32 - SLOT_BITS);
        (base ^ self.displacement[bucket as usize]) as usize
    }

    /// The best non-flush rank of 5 to 7 cards by their base-5 rank sum.
    #[inline]
    pub(crate) fn nonflush_rank(&self, ranks: u32) -> u16 {
        self.slots[self.nonflush_slot(ranks)]
    }

    /// The best flush among 5 to 7 cards of one suit by their rank mask.
    #[inline]
    pub(crate) fn flush_rank(&self, mask: u16) -> u16 {
        self.flush[(mask & 0x1FFF) as usize]
    }

    #[inline]
    pub(crate) fn rank(&self, key: HandKey) -> HandRank {
        let flush = key.suits & FLUSH_BITS;
        if flush != 0 {
            let suit = flush.trailing_zeros() / 4;
            return HandRank(self.flush[((key.masks >> (16 * suit)) & 0x1FFF) as usize]);
        }
        HandRank(self.slots[self.nonflush_slot(key.ranks)])
    }

    /// The category (`Category as u8`) of a rank 1..=7462.
    #[inline]
    pub(crate) fn category(&self, rank: u16) -> u8 {
        self.categories[rank as usize]
    }

    fn score_of(&self, rank: HandRank) -> Score {
        self.scores[(rank.0 as usize).clamp(1, CLASS_COUNT) - 1]
    }

    /// Bytes held by the lookup tables.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        2 * self.flush.len() + 2 * self.slots.len() + 4 * self.displacement.len()
    }
}

static TABLES: Tables = Tables {
    flush: &baked::FLUSH,
    slots: &baked::SLOTS,
    displacement: &baked::DISPLACEMENT,
    bucket_mul: baked::BUCKET_MUL,
    slot_mul: baked::SLOT_MUL,
    scores: &baked::SCORES,
    categories: &baked::CATEGORIES,
};

/// Category index (`Category as u8`) by rank, for hot loops.
pub(crate) fn category_table() -> &'static [u8] {
    tables().categories
}

/// The tables (static data).
#[inline]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

/// The rank of 5 to 7 distinct cards; errors on other counts or repeats.
pub fn evaluate(cards: &[Card]) -> Result<HandRank> {
    if !(5..=7).contains(&cards.len()) {
        return Err(Error::invalid(format!(
            "{} cards given; a hand has 5 to 7",
            cards.len()
        )));
    }
    let set: CardSet = cards.iter().copied().collect();
    if set.len() as usize != cards.len() {
        return Err(Error::new(
            crate::ErrorKind::DuplicateCard,
            "a card appears twice in the hand",
        ));
    }
    Ok(HandKey::of_set(set).rank())
}

#[cfg(test)]
mod tests;
