//! Exact counts of every board completion of one deal, by rank pattern.
//!
//! Who wins depends on the cards' ranks alone unless someone makes a flush,
//! and a 7-card flush needs 3 or more board cards of its suit, which at most
//! one suit can have. So the completions are counted by their rank multiset
//! (with the number of ways to give those ranks live suits as its weight)
//! and ranked by ranks only; then, for each suit and each choice of the
//! completion's ranks dealt in that suit that gives some player a flush,
//! those completions are moved out of the rank-only outcome into one ranked
//! with the flushes. Preflop that is 6,175 rank multisets plus a few
//! thousand flush choices instead of 1,712,304 boards.
//!
//! A 7-card flush is never beaten by the same hand's pairs (quads or a full
//! house would need three cards off the flush suit), so a flushing player's
//! rank is simply the flush table's.

use super::{Counts, SPLIT_SHARE};
use crate::cards::CardSet;
use crate::poker::eval::{POW5, Tables, category_table, tables};

/// C(n, k) for n, k in 0..=4 (zero when k > n).
const SMALL_BINOMIAL: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// Counts every completion of the board for players holding `hands`
/// (2 to 10 hands, disjoint from each other, the board and the dead
/// cards). Completions are visited by rank multiset; only those whose index
/// is `part` modulo `parts` are counted, so disjoint parts add up to the
/// whole.
pub(super) fn count_runouts(
    hands: &[CardSet],
    board: CardSet,
    dead: CardSet,
    part: u32,
    parts: u32,
) -> Counts {
    let deal = Deal {
        hands,
        board,
        dead,
        part,
        parts: parts.max(1),
    };
    // One copy per table size: fixed-size arrays let the per-deal loops
    // unroll without bounds checks.
    match hands.len() {
        2 => deal.count::<2>(),
        3 => deal.count::<3>(),
        4 => deal.count::<4>(),
        5 => deal.count::<5>(),
        6 => deal.count::<6>(),
        7 => deal.count::<7>(),
        8 => deal.count::<8>(),
        9 => deal.count::<9>(),
        10 => deal.count::<10>(),
        // Requests are checked to have 2 to 10 players before this.
        _ => Counts::new(),
    }
}

struct Deal<'a> {
    hands: &'a [CardSet],
    board: CardSet,
    dead: CardSet,
    part: u32,
    parts: u32,
}

impl Deal<'_> {
    fn count<const N: usize>(&self) -> Counts {
        let mut counter = Counter::<N>::new(self);
        let to_deal = 5usize.saturating_sub(self.board.len() as usize);
        counter.visit(0, to_deal, 0, 1, 0);
        counter.finish()
    }
}

/// One rank of a completion's multiset.
#[derive(Clone, Copy, Default)]
struct Pick {
    rank: u8,
    /// Cards of this rank in the completion.
    count: u8,
    /// Live cards of this rank.
    live: u8,
    /// Suit choices of the multiset's lower ranks.
    ways_before: u64,
}

struct Counter<const N: usize> {
    tables: &'static Tables,
    categories: &'static [u8],
    /// Base-5 rank sum of each player's hole cards and the board.
    base: [u32; N],
    /// Per player and suit: the rank mask and card count of hole cards
    /// and board in that suit.
    suit_masks: [[u16; 4]; N],
    suit_counts: [[u8; 4]; N],
    /// Completion cards that must be of a suit before anyone flushes in it.
    flush_need: [u8; 4],
    /// Byte s: 128 - flush_need[s], so that adding a suit's count of live
    /// suited picks sets the byte's top bit exactly when a flush is possible.
    flush_bias: u32,
    /// Bit s set when the card of this rank and suit s can still be dealt.
    live_suits: [u8; 13],
    /// The distinct ranks of the multiset being built.
    picks: [Pick; 5],
    picked: usize,
    /// Multisets to skip before the next one this part counts.
    skip: u32,
    parts: u32,
    /// Deals by set of winners (bit i: player i has the best hand).
    by_winners: Vec<u64>,
    /// Deals by player and final hand category (16 wide, so the index is
    /// masked rather than checked).
    by_category: [[u64; 16]; N],
    completions: u64,
}

impl<const N: usize> Counter<N> {
    fn new(deal: &Deal) -> Counter<N> {
        let used = deal
            .hands
            .iter()
            .fold(deal.board.union(deal.dead), |u, &h| u.union(h));
        // Card index = 4 * rank + suit: each rank's suits are a nibble.
        let live_cards = used.complement().mask();
        let live_suits: [u8; 13] =
            std::array::from_fn(|rank| (live_cards >> (4 * rank) & 0xF) as u8);
        let mut base = [0u32; N];
        let mut suit_masks = [[0u16; 4]; N];
        let mut suit_counts = [[0u8; 4]; N];
        for (i, &hand) in deal.hands.iter().enumerate().take(N) {
            for card in hand.union(deal.board).iter() {
                let (rank, suit) = (card.rank() as usize, card.suit() as usize);
                base[i] += POW5[rank];
                suit_masks[i][suit] |= 1 << rank;
                suit_counts[i][suit] += 1;
            }
        }
        let flush_need: [u8; 4] = std::array::from_fn(|suit| {
            let most = suit_counts.iter().map(|c| c[suit]).max().unwrap_or(0);
            5u8.saturating_sub(most)
        });
        let flush_bias = flush_need
            .iter()
            .enumerate()
            .map(|(suit, &need)| (128 - u32::from(need)) << (8 * suit))
            .sum();
        Counter {
            tables: tables(),
            categories: category_table(),
            base,
            suit_masks,
            suit_counts,
            flush_need,
            flush_bias,
            live_suits,
            picks: [Pick::default(); 5],
            picked: 0,
            skip: deal.part,
            parts: deal.parts,
            by_winners: vec![0; 1 << N],
            by_category: [[0; 16]; N],
            completions: 0,
        }
    }

    /// Extends the multiset by `left` more cards, in rank order: one more
    /// of the last pick's rank, or a first card of a rank from `from` up.
    /// `ranks` is the base-5 sum, `ways` the number of suit choices so far
    /// and byte s of `suited` the number of picks whose card of suit s is
    /// live. Each multiset is reached once, and each step adds a card, so
    /// the walk costs about as much as its leaves.
    fn visit(&mut self, from: usize, left: usize, ranks: u32, ways: u64, suited: u32) {
        if left == 0 {
            if self.skip == 0 {
                self.count_multiset(ranks, ways, suited);
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
                self.visit(from, left - 1, ranks + POW5[rank], ways, suited);
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
                rank + 1,
                left - 1,
                ranks + rank_weight,
                ways * u64::from(live),
                suited + SUIT_BITS_TO_BYTES[usize::from(live_suits)],
            );
            self.picked -= 1;
        }
    }

    /// Counts the `ways` completions with the current rank multiset.
    fn count_multiset(&mut self, ranks: u32, ways: u64, suited: u32) {
        let by_ranks: [u16; N] =
            std::array::from_fn(|i| self.tables.nonflush_rank(self.base[i] + ranks));
        let mut flush_suits = (suited + self.flush_bias) & 0x8080_8080;
        let mut without_flush = ways;
        while flush_suits != 0 {
            let suit = (flush_suits.trailing_zeros() / 8) as usize;
            flush_suits &= flush_suits - 1;
            without_flush -= self.count_flushes(suit, &by_ranks);
        }
        self.score(&by_ranks, without_flush);
    }

    /// Counts the completions of the current multiset that give someone a
    /// flush in `suit`, one choice of suited ranks (a subset of
    /// `suited_bits`, the picks whose card of that suit is live) at a time;
    /// returns how many there were. Kept out of line: most multisets need
    /// no flush count, and inlined it would load its setup for every one.
    #[inline(never)]
    fn count_flushes(&mut self, suit: usize, by_ranks: &[u16; N]) -> u64 {
        // Per pick j: the ways to deal it when none of its cards is the
        // suited one ([0]) and when one is ([1]); the padding picks are 1.
        let mut ways_by_choice = [[1u64; 2]; 5];
        let mut rank_bits = [0u16; 5];
        let mut suited_bits = 0u8;
        for (j, pick) in self.picks[..self.picked].iter().enumerate() {
            let has_suit = usize::from(self.live_suits[usize::from(pick.rank)] >> suit & 1);
            suited_bits |= (has_suit as u8) << j;
            let (live, count) = (pick.live as usize, pick.count as usize);
            ways_by_choice[j] = [
                SMALL_BINOMIAL[live - has_suit][count],
                SMALL_BINOMIAL[live - has_suit][count - has_suit],
            ];
            rank_bits[j] = 1 << pick.rank;
        }
        let need = usize::from(self.flush_need[suit]);
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
            let suited = chosen.count_ones() as u8;
            let mut ranks = *by_ranks;
            for (i, rank) in ranks.iter_mut().enumerate() {
                if self.suit_counts[i][suit] + suited >= 5 {
                    *rank = self.tables.flush_rank(self.suit_masks[i][suit] | mask);
                }
            }
            self.score(&ranks, ways);
            moved += ways;
        }
        moved
    }

    /// Adds `ways` deals ending with the players' `ranks`: the categories
    /// now, the pot shares by set of winners (shared out by `finish`).
    #[inline]
    fn score(&mut self, ranks: &[u16; N], ways: u64) {
        let best = ranks.iter().copied().max().unwrap_or(0);
        let mut winners = 0usize;
        for (i, &rank) in ranks.iter().enumerate() {
            winners |= usize::from(rank == best) << i;
            let category = self.categories[usize::from(rank)];
            self.by_category[i][usize::from(category) & 15] += ways;
        }
        self.by_winners[winners & ((1 << N) - 1)] += ways;
        self.completions += ways;
    }

    /// The counts, with each set of winners' deals shared out.
    fn finish(self) -> Counts {
        let mut counts = Counts::new();
        counts.completions = self.completions;
        for (out, by_category) in counts.categories.iter_mut().zip(&self.by_category) {
            out.copy_from_slice(&by_category[..9]);
        }
        for (winners, &ways) in self.by_winners.iter().enumerate() {
            if ways == 0 {
                continue;
            }
            let split = winners.count_ones() as usize;
            let share = SPLIT_SHARE[split];
            for i in (0..N).filter(|i| winners >> i & 1 == 1) {
                counts.shares[i] += share * ways;
                counts.shares_sq[i] += share * share * ways;
                if split == 1 {
                    counts.wins[i] += ways;
                }
            }
        }
        counts
    }
}

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
