//! The 5-, 6- and 7-card evaluator: table-driven, incremental.
//!
//! A hand is a [`HandKey`], the sum of per-card keys: the base-5 sum of the
//! ranks (a multiset of up to 7 ranks, each at most 4 times, is its base-5
//! number), four-bit suit counters, and a suit-major rank mask. Adding a
//! card is three adds, so enumerations extend keys card by card. A flush
//! reads a 8,192-entry table by the flush suit's rank mask; anything else
//! reads a perfect hash of the rank key (hash and displace: a bucket's
//! displacement moves its keys to free slots). The tables are generated on
//! first use (about 300 KiB; thread-safe, once).

use super::classes::{self, Category, Score};
use crate::cards::{Card, CardSet};
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// A hand's strength: 1..=7462, higher is better, equal is a tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandRank(pub u16);

/// Number of distinct 5-card hand classes.
pub const CLASS_COUNT: usize = 7462;

impl HandRank {
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
pub(crate) const BUCKET_BITS: u32 = 13;
pub(crate) const SLOT_BITS: u32 = 17;

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

/// 5^rank: a rank's weight in the base-5 rank sum.
pub(crate) const POW5: [u32; 13] = {
    let mut p = [1u32; 13];
    let mut i = 1;
    while i < 13 {
        p[i] = p[i - 1] * 5;
        i += 1;
    }
    p
};

impl HandKey {
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

    pub fn of_set(cards: CardSet) -> HandKey {
        cards.iter().fold(HandKey::EMPTY, HandKey::with)
    }

    /// The rank-key sum and suit counters, for the batch evaluator's lanes.
    #[inline]
    pub(crate) fn lanes(self) -> (u32, u32) {
        (self.ranks, self.suits)
    }

    /// Forces the table build; true once built.
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
    pub(crate) flush: Vec<u16>,
    /// Rank of the best non-flush hand by perfect-hash slot, plus one
    /// padding entry so a 4-byte gather of the last slot stays inside.
    pub(crate) slots: Vec<u16>,
    /// Displacement of each bucket.
    pub(crate) displacement: Vec<u32>,
    pub(crate) bucket_mul: u32,
    pub(crate) slot_mul: u32,
    /// Class scores by rank - 1.
    scores: Vec<Score>,
    /// Category index by rank (entry 0 unused).
    categories: Vec<u8>,
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

static TABLES: OnceLock<Tables> = OnceLock::new();

/// Category index (`Category as u8`) by rank, for hot loops.
pub(crate) fn category_table() -> &'static [u8] {
    &tables().categories
}

/// The tables, built on first use.
pub(crate) fn tables() -> &'static Tables {
    TABLES.get_or_init(build_tables)
}

fn build_tables() -> Tables {
    let scores = classes::all_class_scores();
    assert_eq!(
        scores.len(),
        CLASS_COUNT,
        "the class enumeration is complete"
    );
    let rank_of = |s: Score| -> u16 {
        (scores
            .binary_search(&s)
            .expect("every best hand is a class")
            + 1) as u16
    };

    let mut flush = vec![0u16; 1 << 13];
    for mask in 0u16..(1 << 13) {
        if mask.count_ones() >= 5 {
            flush[mask as usize] = rank_of(classes::best_flush(mask));
        }
    }

    // Every rank multiset of 5, 6 or 7 cards with its best non-flush rank.
    let mut entries: Vec<(u32, u16)> = Vec::with_capacity(80_000);
    for cards in 5..=7u8 {
        let mut counts = [0u8; 13];
        classes::for_each_count_vector(cards, &mut counts, 0, &mut |c| {
            let key: u32 = (0..13).map(|r| c[r] as u32 * POW5[r]).sum();
            entries.push((key, rank_of(classes::best_from_counts(c))));
        });
    }

    // Multipliers from a fixed stream: deterministic, tried until the
    // hash-and-displace build succeeds (the first nearly always does).
    let mut stream = 0x243F_6A88_85A3_08D3u64;
    loop {
        let mut next_odd = || {
            stream = stream
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((stream >> 32) as u32) | 1
        };
        let (bucket_mul, slot_mul) = (next_odd(), next_odd());
        if let Some((mut slots, displacement)) = displace(&entries, bucket_mul, slot_mul) {
            slots.push(0);
            let categories = std::iter::once(0)
                .chain(scores.iter().map(|&s| classes::category_of(s) as u8))
                .collect();
            return Tables {
                flush,
                slots,
                displacement,
                bucket_mul,
                slot_mul,
                scores,
                categories,
            };
        }
    }
}

/// Hash and displace: buckets, largest first, each get the smallest
/// displacement that sends all their keys to free slots.
fn displace(
    entries: &[(u32, u16)],
    bucket_mul: u32,
    slot_mul: u32,
) -> Option<(Vec<u16>, Vec<u32>)> {
    let mut buckets: Vec<Vec<(u32, u16)>> = vec![Vec::new(); 1 << BUCKET_BITS];
    for &(key, rank) in entries {
        let b = key.wrapping_mul(bucket_mul) >> (32 - BUCKET_BITS);
        let base = key.wrapping_mul(slot_mul) >> (32 - SLOT_BITS);
        buckets[b as usize].push((base, rank));
    }
    let mut order: Vec<usize> = (0..buckets.len()).collect();
    order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].len()));
    let mut slots = vec![0u16; 1 << SLOT_BITS];
    let mut displacement = vec![0u32; 1 << BUCKET_BITS];
    let mut positions = Vec::new();
    for b in order {
        let items = &buckets[b];
        if items.is_empty() {
            break;
        }
        let found = (0..1u32 << SLOT_BITS).find(|&d| {
            positions.clear();
            items.iter().all(|&(base, _)| {
                let p = (base ^ d) as usize;
                let free = slots[p] == 0 && !positions.contains(&p);
                positions.push(p);
                free
            })
        })?;
        displacement[b] = found;
        for &(base, rank) in items {
            slots[(base ^ found) as usize] = rank;
        }
    }
    Some((slots, displacement))
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
