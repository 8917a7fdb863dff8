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

use super::{Counts, MAX_PLAYERS, SPLIT_SHARE};
use crate::cards::{Card, CardSet};
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
/// (disjoint from each other, the board and the dead cards). Completions
/// are visited by rank multiset; only those whose index is `part` modulo
/// `parts` are counted, so disjoint parts add up to the whole.
pub(super) fn count_runouts(
    hands: &[CardSet],
    board: CardSet,
    dead: CardSet,
    part: u32,
    parts: u32,
) -> Counts {
    let mut counter = Counter::new(hands, board, dead, part, parts.max(1));
    let to_deal = 5usize.saturating_sub(board.len() as usize);
    counter.visit(0, to_deal, 0, 1);
    counter.counts
}

/// One rank of a completion's multiset: the rank and how many cards of it.
#[derive(Clone, Copy, Default)]
struct Pick {
    rank: u8,
    count: u8,
}

struct Counter {
    tables: &'static Tables,
    categories: &'static [u8],
    players: usize,
    /// Base-5 rank sum of each player's hole cards and the board.
    base: [u32; MAX_PLAYERS],
    /// Per player and suit: the rank mask and card count of hole cards
    /// and board in that suit.
    suit_masks: [[u16; 4]; MAX_PLAYERS],
    suit_counts: [[u8; 4]; MAX_PLAYERS],
    /// Completion cards that must be of a suit before anyone flushes in it
    /// (more than 5 when no completion can do it).
    flush_need: [u8; 4],
    /// Bit s set when the card of this rank and suit s can still be dealt.
    live_suits: [u8; 13],
    /// The distinct ranks of the multiset being built.
    picks: [Pick; 5],
    picked: usize,
    leaf: u32,
    part: u32,
    parts: u32,
    counts: Counts,
}

impl Counter {
    fn new(hands: &[CardSet], board: CardSet, dead: CardSet, part: u32, parts: u32) -> Counter {
        let used = hands.iter().fold(board.union(dead), |u, &h| u.union(h));
        let mut live_suits = [0u8; 13];
        for rank in 0..13u8 {
            for suit in 0..4u8 {
                let card = Card::from_rank_suit(rank, suit).expect("a valid card");
                if !used.contains(card) {
                    live_suits[rank as usize] |= 1 << suit;
                }
            }
        }
        let mut base = [0u32; MAX_PLAYERS];
        let mut suit_masks = [[0u16; 4]; MAX_PLAYERS];
        let mut suit_counts = [[0u8; 4]; MAX_PLAYERS];
        for (i, &hand) in hands.iter().enumerate() {
            for card in hand.union(board).iter() {
                let (rank, suit) = (card.rank() as usize, card.suit() as usize);
                base[i] += POW5[rank];
                suit_masks[i][suit] |= 1 << rank;
                suit_counts[i][suit] += 1;
            }
        }
        let mut flush_need = [u8::MAX; 4];
        for (suit, need) in flush_need.iter_mut().enumerate() {
            let most = suit_counts[..hands.len()]
                .iter()
                .map(|c| c[suit])
                .max()
                .unwrap_or(0);
            *need = 5u8.saturating_sub(most);
        }
        Counter {
            tables: tables(),
            categories: category_table(),
            players: hands.len(),
            base,
            suit_masks,
            suit_counts,
            flush_need,
            live_suits,
            picks: [Pick::default(); 5],
            picked: 0,
            leaf: 0,
            part,
            parts,
            counts: Counts::new(),
        }
    }

    /// Builds the multisets of `left` more ranks from `rank` up; `ranks`
    /// is the base-5 sum and `ways` the number of suit choices so far.
    fn visit(&mut self, rank: usize, left: usize, ranks: u32, ways: u64) {
        if left == 0 {
            if self.leaf % self.parts == self.part {
                self.count_multiset(ranks, ways);
            }
            self.leaf += 1;
            return;
        }
        if rank == 13 {
            return;
        }
        let live = self.live_suits[rank].count_ones() as usize;
        let choices = &SMALL_BINOMIAL[live][..=live.min(left)];
        for (count, &suit_choices) in choices.iter().enumerate() {
            let ways = ways * suit_choices;
            if count > 0 {
                self.picks[self.picked] = Pick {
                    rank: rank as u8,
                    count: count as u8,
                };
                self.picked += 1;
            }
            self.visit(
                rank + 1,
                left - count,
                ranks + count as u32 * POW5[rank],
                ways,
            );
            if count > 0 {
                self.picked -= 1;
            }
        }
    }

    /// Counts the `ways` completions with the current rank multiset.
    fn count_multiset(&mut self, ranks: u32, ways: u64) {
        let n = self.players;
        let mut by_ranks = [0u16; MAX_PLAYERS];
        for (slot, &base) in by_ranks.iter_mut().zip(&self.base[..n]) {
            *slot = self.tables.nonflush_rank(base + ranks);
        }
        let mut without_flush = ways;
        for suit in 0..4 {
            without_flush -= self.count_flushes(suit, &by_ranks);
        }
        self.score(&by_ranks[..n], without_flush);
    }

    /// Counts the completions of the current multiset that give someone a
    /// flush in `suit`, one choice of suited ranks at a time; returns how
    /// many there were.
    fn count_flushes(&mut self, suit: usize, by_ranks: &[u16; MAX_PLAYERS]) -> u64 {
        let need = u32::from(self.flush_need[suit]);
        let all_picks = self.picks;
        let picks = &all_picks[..self.picked];
        if need as usize > picks.len() {
            return 0;
        }
        // Per distinct rank j: the ways to deal it when one of its cards is
        // the suited one, and when none is.
        let mut suited_ways = [0u64; 5];
        let mut offsuit_ways = [0u64; 5];
        let mut suited_bits = 0u32;
        for (j, pick) in picks.iter().enumerate() {
            let live = u32::from(self.live_suits[pick.rank as usize]);
            let has_suit = (live >> suit & 1) as usize;
            let live = live.count_ones() as usize;
            let count = pick.count as usize;
            suited_bits |= (has_suit as u32) << j;
            if has_suit == 1 {
                suited_ways[j] = SMALL_BINOMIAL[live - 1][count - 1];
            }
            offsuit_ways[j] = SMALL_BINOMIAL[live - has_suit][count];
        }
        if suited_bits.count_ones() < need {
            return 0;
        }
        let n = self.players;
        let mut moved = 0;
        // Every subset of the suitable ranks with enough of them.
        let mut chosen = suited_bits;
        loop {
            let suited = chosen.count_ones();
            if suited >= need {
                let mut ways = 1u64;
                let mut mask = 0u16;
                for (j, pick) in picks.iter().enumerate() {
                    if chosen >> j & 1 == 1 {
                        ways *= suited_ways[j];
                        mask |= 1 << pick.rank;
                    } else {
                        ways *= offsuit_ways[j];
                    }
                }
                if ways > 0 {
                    let mut ranks = *by_ranks;
                    for (i, rank) in ranks[..n].iter_mut().enumerate() {
                        if u32::from(self.suit_counts[i][suit]) + suited >= 5 {
                            *rank = self.tables.flush_rank(self.suit_masks[i][suit] | mask);
                        }
                    }
                    self.score(&ranks[..n], ways);
                    moved += ways;
                }
            }
            if chosen == 0 {
                break;
            }
            chosen = (chosen - 1) & suited_bits;
        }
        moved
    }

    /// Adds `ways` deals ending with the players' `ranks`.
    #[inline]
    fn score(&mut self, ranks: &[u16], ways: u64) {
        if ways == 0 {
            return;
        }
        let counts = &mut self.counts;
        let best = ranks.iter().copied().max().unwrap_or(0);
        let winners = ranks.iter().filter(|&&r| r == best).count();
        let share = SPLIT_SHARE[winners];
        let alone = u64::from(winners == 1);
        for (i, &rank) in ranks.iter().enumerate() {
            let is_best = u64::from(rank == best);
            counts.shares[i] += share * is_best * ways;
            counts.shares_sq[i] += share * share * is_best * ways;
            counts.wins[i] += alone * is_best * ways;
            counts.categories[i][self.categories[rank as usize] as usize] += ways;
        }
        counts.completions += ways;
    }
}
