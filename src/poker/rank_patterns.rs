//! The walk over board completions by rank pattern, shared by the exact
//! Hold'em and Omaha counts.
//!
//! Who wins depends on the cards' ranks alone unless someone makes a flush,
//! and a flush needs 3 or more board cards of its suit, which at most one
//! suit of a 5-card board can have. So completions are visited by their
//! rank multiset, with the number of ways to give those ranks live suits as
//! its weight; a visitor ranks the multiset by ranks only and then, for
//! each suit in which enough of the multiset's cards can be suited for
//! someone to flush, visits each choice of the ranks dealt in that suit
//! (with its own weight) and moves those completions out of the rank-only
//! outcome. Preflop that is about 6,000 multisets plus a few thousand
//! flush choices instead of 1.7 million boards.

use crate::cards::CardSet;

/// C(n, k) for n, k in 0..=4 (zero when k > n).
const SMALL_BINOMIAL: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// A flush need that no completion meets (at most 5 cards are dealt).
pub(crate) const NEVER_FLUSHES: u8 = 6;

/// One rank of a completion's multiset.
#[derive(Clone, Copy, Default)]
pub(crate) struct Pick {
    pub(crate) rank: u8,
    /// Cards of this rank in the completion.
    pub(crate) count: u8,
    /// Live cards of this rank.
    live: u8,
    /// Suit choices of the multiset's lower ranks.
    ways_before: u64,
}

/// What a walk calls for each rank multiset.
pub(crate) trait Visitor {
    fn multiset(&mut self, leaf: &Leaf<'_>);
}

/// One rank multiset of the completion.
pub(crate) struct Leaf<'a> {
    walk: &'a Walk,
    /// Base-5 rank sum of the completion's cards.
    pub(crate) ranks: u32,
    /// Completions with these ranks (ways to give them live suits).
    pub(crate) ways: u64,
    /// Bit s: enough of the multiset's ranks have a live card of suit s to
    /// meet that suit's flush need.
    pub(crate) flush_suits: u32,
}

impl Leaf<'_> {
    /// The multiset's distinct ranks, ascending.
    #[inline]
    pub(crate) fn picks(&self) -> &[Pick] {
        &self.walk.picks[..self.walk.picked]
    }

    /// Calls `visit(mask, suited, ways)` for each choice of the multiset's
    /// ranks dealt in `suit` that meets the suit's flush need: the chosen
    /// ranks' mask, how many there are and the completions with that
    /// choice. Returns the completions visited.
    #[inline]
    pub(crate) fn flush_choices(&self, suit: usize, mut visit: impl FnMut(u16, u8, u64)) -> u64 {
        // Per pick j: the ways to deal it when none of its cards is the
        // suited one ([0]) and when one is ([1]); the padding picks are 1.
        let mut ways_by_choice = [[1u64; 2]; 5];
        let mut rank_bits = [0u16; 5];
        let mut suited_bits = 0u8;
        for (j, pick) in self.picks().iter().enumerate() {
            let has_suit = usize::from(self.walk.live_suits[usize::from(pick.rank)] >> suit & 1);
            suited_bits |= (has_suit as u8) << j;
            let (live, count) = (pick.live as usize, pick.count as usize);
            ways_by_choice[j] = [
                SMALL_BINOMIAL[live - has_suit][count],
                SMALL_BINOMIAL[live - has_suit][count - has_suit],
            ];
            rank_bits[j] = 1 << pick.rank;
        }
        let need = usize::from(self.walk.flush_need[suit]);
        let mut moved = 0;
        for &chosen in SUBSETS.of(suited_bits, need) {
            let mut ways = 1u64;
            let mut mask = 0u16;
            for j in 0..5 {
                let bit = chosen >> j & 1;
                ways *= ways_by_choice[j][usize::from(bit)];
                mask |= rank_bits[j] & 0u16.wrapping_sub(u16::from(bit));
            }
            if ways == 0 {
                continue;
            }
            visit(mask, chosen.count_ones() as u8, ways);
            moved += ways;
        }
        moved
    }
}

/// A walk over the rank multisets of `to_deal` cards from the live ones.
pub(crate) struct Walk {
    /// Bit s set when the card of this rank and suit s can still be dealt.
    live_suits: [u8; 13],
    /// Completion cards that must be of a suit before anyone flushes in it.
    flush_need: [u8; 4],
    /// Byte s: 128 - flush_need[s], so that adding a suit's count of live
    /// suited picks sets the byte's top bit exactly when a flush is possible.
    flush_bias: u32,
    /// The distinct ranks of the multiset being built.
    picks: [Pick; 5],
    picked: usize,
    /// Multisets to skip before the next one this part visits.
    skip: u32,
    parts: u32,
}

impl Walk {
    /// A walk over completions from `live`, visiting only the multisets
    /// whose index is `part` modulo `parts` (disjoint parts add up to the
    /// whole). `flush_need[s]`: completion cards of suit s needed before
    /// anyone can flush in it (`NEVER_FLUSHES` when nobody can).
    pub(crate) fn new(live: CardSet, flush_need: [u8; 4], part: u32, parts: u32) -> Walk {
        // Card index = 4 * rank + suit: each rank's suits are a nibble.
        let live_cards = live.mask();
        let flush_bias = flush_need
            .iter()
            .enumerate()
            .map(|(suit, &need)| (128 - u32::from(need.min(NEVER_FLUSHES))) << (8 * suit))
            .sum();
        Walk {
            live_suits: std::array::from_fn(|rank| (live_cards >> (4 * rank) & 0xF) as u8),
            flush_need,
            flush_bias,
            picks: [Pick::default(); 5],
            picked: 0,
            skip: part,
            parts: parts.max(1),
        }
    }

    /// Visits every rank multiset of `to_deal` (at most 5) live cards.
    pub(crate) fn run<V: Visitor>(&mut self, to_deal: usize, visitor: &mut V) {
        self.visit(visitor, 0, to_deal.min(5), 0, 1, 0);
    }

    /// Extends the multiset by `left` more cards, in rank order: one more
    /// of the last pick's rank, or a first card of a rank from `from` up.
    /// `ranks` is the base-5 sum, `ways` the number of suit choices so far
    /// and byte s of `suited` the number of picks whose card of suit s is
    /// live. Each multiset is reached once, and each step adds a card, so
    /// the walk costs about as much as its leaves.
    fn visit<V: Visitor>(
        &mut self,
        visitor: &mut V,
        from: usize,
        left: usize,
        ranks: u32,
        ways: u64,
        suited: u32,
    ) {
        if left == 0 {
            if self.skip == 0 {
                let leaf = Leaf {
                    walk: self,
                    ranks,
                    ways,
                    flush_suits: (suited + self.flush_bias) & 0x8080_8080,
                };
                visitor.multiset(&leaf);
                self.skip = self.parts;
            }
            self.skip -= 1;
            return;
        }
        if let Some(last) = self.picked.checked_sub(1) {
            let pick = self.picks[last];
            if pick.count < pick.live {
                let rank = usize::from(pick.rank);
                let count = usize::from(pick.count) + 1;
                self.picks[last].count += 1;
                let ways = pick.ways_before * SMALL_BINOMIAL[usize::from(pick.live)][count];
                self.visit(visitor, from, left - 1, ranks + POW5[rank], ways, suited);
                self.picks[last].count -= 1;
            }
        }
        for (rank, &rank_weight) in POW5.iter().enumerate().skip(from) {
            let live_suits = self.live_suits[rank];
            if live_suits == 0 {
                continue;
            }
            let live = live_suits.count_ones() as u8;
            self.picks[self.picked] = Pick {
                rank: rank as u8,
                count: 1,
                live,
                ways_before: ways,
            };
            self.picked += 1;
            self.visit(
                visitor,
                rank + 1,
                left - 1,
                ranks + rank_weight,
                ways * u64::from(live),
                suited + SUIT_BITS_TO_BYTES[usize::from(live_suits)],
            );
            self.picked -= 1;
        }
    }
}

/// The suits of a leaf's `flush_suits`, lowest first.
#[inline]
pub(crate) fn suits_of(mut flush_suits: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (flush_suits != 0).then(|| {
            let suit = (flush_suits.trailing_zeros() / 8) as usize;
            flush_suits &= flush_suits - 1;
            suit
        })
    })
}

use super::eval::POW5;

/// Bit s of a 4-bit suit mask moved to bit 8 * s.
const SUIT_BITS_TO_BYTES: [u32; 16] = {
    let mut out = [0u32; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut suit = 0;
        while suit < 4 {
            out[mask] |= ((mask as u32 >> suit) & 1) << (8 * suit);
            suit += 1;
        }
        mask += 1;
    }
    out
};

/// The subsets of each set of at most five picks, largest first.
struct SubsetLists {
    /// Each set's subsets in turn.
    flat: [u8; 243],
    /// Where each set's subsets start in `flat`.
    start: [u8; 32],
    /// How many of each set's subsets have at least k elements.
    at_least: [[u8; 6]; 32],
}

impl SubsetLists {
    /// The subsets of `set` with at least `size` elements (none when
    /// `size` > 5).
    #[inline]
    fn of(&self, set: u8, size: usize) -> &[u8] {
        let set = usize::from(set & 31);
        let start = usize::from(self.start[set]);
        let len = self.at_least[set].get(size).copied().unwrap_or(0);
        &self.flat[start..start + usize::from(len)]
    }
}

const SUBSETS: SubsetLists = {
    let mut lists = SubsetLists {
        flat: [0; 243],
        start: [0; 32],
        at_least: [[0; 6]; 32],
    };
    let mut next = 0;
    let mut set = 0;
    while set < 32 {
        lists.start[set] = next as u8;
        let mut size = 6;
        while size > 0 {
            size -= 1;
            let mut sub = 32;
            while sub > 0 {
                sub -= 1;
                if sub & !set == 0 && (sub as u32).count_ones() == size {
                    lists.flat[next] = sub as u8;
                    next += 1;
                    let mut k = 0;
                    while k <= size as usize {
                        lists.at_least[set][k] += 1;
                        k += 1;
                    }
                }
            }
        }
        set += 1;
    }
    lists
};
