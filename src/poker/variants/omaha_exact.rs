//! Exact Omaha equity: board completions counted by rank pattern (the walk
//! of `poker::rank_patterns`, as in Hold'em).
//!
//! A two-plus-three choice that is not all of one suit ranks by its ranks
//! alone, and an all-suited one ranks as a flush (five distinct ranks of
//! one suit rank as a straight at most by ranks, below any flush). So a
//! player's best high is the larger of the best rank-only choice and the
//! best suited one: the first depends on the board's rank multiset only,
//! the second on the board's cards of a suit in which the player holds two
//! or more. Lows depend on ranks only. Each rank multiset is ranked once,
//! and only the completions dealing three or more board cards in a suit
//! some player holds twice are ranked again with their flushes.

use super::Variant;
use super::equity::{Outcomes, Sums};
use super::omaha_eval::{Hole, Low, best_low, low_bit_of_rank};
use crate::budget::Control;
use crate::cards::{Card, CardSet};
use crate::error::{Error, Result};
use crate::parallel::{map_items, run_with_threads};
use crate::poker::eval::{POW5, Tables, tables};
use crate::poker::rank_patterns::{Leaf, NEVER_FLUSHES, Visitor, Walk, suits_of};

/// Most players (`Variant::max_players`).
const MAX_SEATS: usize = 6;
/// Most two-card choices from a hand: C(6, 2).
const MAX_PAIRS: usize = 15;

/// One player's hand as the count needs it.
#[derive(Clone)]
struct Seat {
    /// The distinct base-5 rank sums of the two-card choices.
    pair_ranks: [u32; MAX_PAIRS],
    pair_count: usize,
    /// Rank mask of the hand's cards of each suit.
    suit_masks: [u16; 4],
    /// The hand's low two-card choices.
    hole: Hole,
}

impl Seat {
    fn new(cards: CardSet) -> Seat {
        let list: Vec<Card> = cards.iter().collect();
        let mut seat = Seat {
            pair_ranks: [0; MAX_PAIRS],
            pair_count: 0,
            suit_masks: [0; 4],
            hole: Hole::new(cards),
        };
        for (i, a) in list.iter().enumerate() {
            seat.suit_masks[a.suit() as usize] |= 1 << a.rank();
            for b in &list[i + 1..] {
                let sum = POW5[a.rank() as usize] + POW5[b.rank() as usize];
                if !seat.pair_ranks[..seat.pair_count].contains(&sum) {
                    seat.pair_ranks[seat.pair_count] = sum;
                    seat.pair_count += 1;
                }
            }
        }
        seat
    }

    /// The best rank-only high with the board's three-card rank sums.
    #[inline]
    fn best_by_ranks(&self, tables: &Tables, triples: &[u32; 10]) -> u32 {
        let mut best = 0;
        for &pair in &self.pair_ranks[..self.pair_count] {
            for &triple in triples {
                best = best.max(u32::from(tables.nonflush_rank(pair + triple)));
            }
        }
        best
    }

    /// The best flush of two of the hand's `suit` cards and three of the
    /// board's (`board`, a rank mask of three or more), 0 when the hand
    /// holds fewer than two.
    #[inline]
    fn best_flush(&self, tables: &Tables, suit: usize, board: u16) -> u32 {
        let hole = self.suit_masks[suit];
        if hole.count_ones() < 2 {
            return 0;
        }
        let (mut pairs, mut triples) = ([0u16; 20], [0u16; 20]);
        let pair_count = subsets_of_size(hole, 2, &mut pairs);
        let triple_count = subsets_of_size(board, 3, &mut triples);
        let mut best = 0;
        for &pair in &pairs[..pair_count] {
            for &triple in &triples[..triple_count] {
                best = best.max(u32::from(tables.flush_rank(pair | triple)));
            }
        }
        best
    }
}

/// The `k`-bit subsets of `mask` (at most 6 bits, so at most 20 of them)
/// into `out`; returns how many.
#[inline]
fn subsets_of_size(mask: u16, k: u32, out: &mut [u16; 20]) -> usize {
    let mut n = 0;
    let mut sub = mask;
    loop {
        if sub.count_ones() == k && n < out.len() {
            out[n] = sub;
            n += 1;
        }
        if sub == 0 {
            return n;
        }
        sub = (sub - 1) & mask;
    }
}

/// Counts the completions of one part of the walk into `outcomes`.
struct Counter<'a> {
    tables: &'static Tables,
    seats: &'a [Seat],
    hi_lo: bool,
    /// The known board's ranks.
    known: &'a [u8],
    /// Rank mask of the known board's cards of each suit.
    known_suits: [u16; 4],
    outcomes: Outcomes,
}

impl Counter<'_> {
    /// The board's five ranks: the known ones and the leaf's multiset.
    fn board_ranks(&self, leaf: &Leaf<'_>) -> [u8; 5] {
        let mut board = [0u8; 5];
        board[..self.known.len()].copy_from_slice(self.known);
        let mut n = self.known.len();
        for pick in leaf.picks() {
            for _ in 0..pick.count {
                board[n] = pick.rank;
                n += 1;
            }
        }
        board
    }
}

impl Visitor for Counter<'_> {
    fn multiset(&mut self, leaf: &Leaf<'_>) {
        let board = self.board_ranks(leaf);
        let mut triples = [0u32; 10];
        let mut t = 0;
        for i in 0..5 {
            for j in i + 1..5 {
                for k in j + 1..5 {
                    triples[t] =
                        POW5[board[i] as usize] + POW5[board[j] as usize] + POW5[board[k] as usize];
                    t += 1;
                }
            }
        }
        let n = self.seats.len();
        let mut highs = [0u32; MAX_SEATS];
        for (high, seat) in highs.iter_mut().zip(self.seats) {
            *high = seat.best_by_ranks(self.tables, &triples);
        }
        let mut lows: [Option<Low>; MAX_SEATS] = [None; MAX_SEATS];
        if self.hi_lo {
            let board_low = board
                .iter()
                .filter_map(|&r| low_bit_of_rank(r))
                .fold(0u8, |mask, bit| mask | 1 << bit);
            for (low, seat) in lows.iter_mut().zip(self.seats) {
                *low = best_low(&seat.hole, board_low);
            }
        }
        let low_winners = Outcomes::low_winners(&lows[..n]);
        let mut without_flush = leaf.ways;
        for suit in suits_of(leaf.flush_suits) {
            let known = self.known_suits[suit];
            let (tables, seats, outcomes) = (self.tables, self.seats, &mut self.outcomes);
            without_flush -= leaf.flush_choices(suit, |mask, _, ways| {
                let mut with_flush = highs;
                for (high, seat) in with_flush.iter_mut().zip(seats) {
                    *high = (*high).max(seat.best_flush(tables, suit, known | mask));
                }
                outcomes.add(&with_flush[..n], low_winners, ways);
            });
        }
        self.outcomes.add(&highs[..n], low_winners, without_flush);
    }
}

/// The exact sums of known `hands` over every completion of `board` from
/// the `live` cards, in parts that honour `control`.
pub(super) fn exact_sums(
    game: Variant,
    hands: &[CardSet],
    board: CardSet,
    live: CardSet,
    threads: usize,
    control: &Control,
) -> Result<Sums> {
    let seats: Vec<Seat> = hands.iter().map(|&h| Seat::new(h)).collect();
    let known: Vec<u8> = board.iter().map(|c| c.rank()).collect();
    let mut known_suits = [0u16; 4];
    for card in board.iter() {
        known_suits[card.suit() as usize] |= 1 << card.rank();
    }
    // A suit matters when someone holds two of it; the board then needs
    // three of it.
    let flush_need: [u8; 4] = std::array::from_fn(|suit| {
        if seats.iter().any(|s| s.suit_masks[suit].count_ones() >= 2) {
            3u8.saturating_sub(known_suits[suit].count_ones() as u8)
        } else {
            NEVER_FLUSHES
        }
    });
    let to_deal = 5 - known.len();
    // Parts for cancels, progress and threads: preflop about 6,000 rank
    // multisets, a flop at most 91.
    let parts: u64 = if to_deal >= 4 { 16 } else { 1 };
    let done = std::sync::atomic::AtomicU64::new(0);
    let counted = run_with_threads(threads, |workers| {
        Ok(map_items(workers, parts, |part| -> Result<Outcomes> {
            if control.passed() {
                return Err(Error::budget(
                    "exact enumeration did not finish within the time budget: raise it, or use Monte Carlo or Auto",
                ));
            }
            let mut counter = Counter {
                tables: tables(),
                seats: &seats,
                hi_lo: game.hi_lo(),
                known: &known,
                known_suits,
                outcomes: Outcomes::new(seats.len(), game.hi_lo()),
            };
            Walk::new(live, flush_need, part as u32, parts as u32).run(to_deal, &mut counter);
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            control.report(finished as f64 / parts as f64);
            Ok(counter.outcomes)
        }))
    })?;
    let mut total = Outcomes::new(seats.len(), game.hi_lo());
    for part in counted {
        total.merge(&part?);
    }
    Ok(total.sums())
}
