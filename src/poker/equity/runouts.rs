//! Exact counts of every board completion of one deal, by rank pattern
//! (the walk is `poker::rank_patterns`).
//!
//! A 7-card flush is never beaten by the same hand's pairs (quads or a full
//! house would need three cards off the flush suit), so a flushing player's
//! rank is simply the flush table's.

use super::{Counts, SPLIT_SHARE};
use crate::cards::CardSet;
use crate::poker::eval::{POW5, Tables, category_table, tables};
use crate::poker::rank_patterns::{Leaf, Visitor, Walk, suits_of};

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
        let (mut counter, flush_need) = Counter::<N>::new(self);
        let used = self
            .hands
            .iter()
            .fold(self.board.union(self.dead), |u, &h| u.union(h));
        let to_deal = 5usize.saturating_sub(self.board.len() as usize);
        Walk::new(used.complement(), flush_need, self.part, self.parts).run(to_deal, &mut counter);
        counter.finish()
    }
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
    /// Deals by set of winners (bit i: player i has the best hand).
    by_winners: Vec<u64>,
    /// Deals by player and final hand category (16 wide, so the index is
    /// masked rather than checked).
    by_category: [[u64; 16]; N],
    completions: u64,
}

impl<const N: usize> Counter<N> {
    /// The counter, and each suit's flush need: completion cards of the
    /// suit before anyone flushes in it.
    fn new(deal: &Deal) -> (Counter<N>, [u8; 4]) {
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
        let counter = Counter {
            tables: tables(),
            categories: category_table(),
            base,
            suit_masks,
            suit_counts,
            by_winners: vec![0; 1 << N],
            by_category: [[0; 16]; N],
            completions: 0,
        };
        (counter, flush_need)
    }

    /// Counts the leaf's completions.
    #[inline]
    fn count_multiset(&mut self, leaf: &Leaf<'_>) {
        let by_ranks: [u16; N] =
            std::array::from_fn(|i| self.tables.nonflush_rank(self.base[i] + leaf.ranks));
        let mut without_flush = leaf.ways;
        for suit in suits_of(leaf.flush_suits) {
            without_flush -= self.count_flushes(leaf, suit, &by_ranks);
        }
        self.score(&by_ranks, without_flush);
    }

    /// Moves the completions of the leaf's multiset that give someone a
    /// flush in `suit` out of the rank-only outcome; returns how many.
    /// Kept out of line: most multisets need no flush count, and inlined
    /// it would load its setup for every one.
    #[inline(never)]
    fn count_flushes(&mut self, leaf: &Leaf<'_>, suit: usize, by_ranks: &[u16; N]) -> u64 {
        leaf.flush_choices(suit, |mask, suited, ways| {
            let mut ranks = *by_ranks;
            for (i, rank) in ranks.iter_mut().enumerate() {
                if self.suit_counts[i][suit] + suited >= 5 {
                    *rank = self.tables.flush_rank(self.suit_masks[i][suit] | mask);
                }
            }
            self.score(&ranks, ways);
        })
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

impl<const N: usize> Visitor for Counter<N> {
    #[inline]
    fn multiset(&mut self, leaf: &Leaf<'_>) {
        self.count_multiset(leaf);
    }
}
