//! Exact Omaha equity: board completions counted by rank pattern (the walk
//! of `poker::rank_patterns`, as in Hold'em).
//!
//! A player's best high is the larger of the best rank-only choice and the
//! best suited one (`omaha_eval`): the first depends on the board's rank
//! multiset only, the second on the board's cards of a suit in which the
//! player holds two or more. Lows depend on ranks only. Each rank multiset
//! is ranked once, and only the completions dealing three or more board
//! cards in a suit some player holds twice are ranked again with their
//! flushes.

use super::Variant;
use super::equity::{Outcomes, Sums, count_in_parts};
use super::omaha_eval::{Board, Hole, Low, showdown_highs};
use crate::budget::Control;
use crate::cards::CardSet;
use crate::error::Result;
use crate::poker::eval::{Tables, tables};
use crate::poker::rank_patterns::{Leaf, NEVER_FLUSHES, Visitor, Walk, suits_of};

/// Most players (`Variant::max_players`).
const MAX_SEATS: usize = 6;

/// Counts the completions of one part of the walk into `outcomes`.
struct Counter<'a> {
    tables: &'static Tables,
    seats: &'a [Hole],
    hi_lo: bool,
    /// The known board's ranks.
    known: &'a [u8],
    /// Rank mask of the known board's cards of each suit.
    known_suits: [u16; 4],
    outcomes: &'a mut Outcomes,
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
        let board = Board::of_ranks(&self.board_ranks(leaf));
        let n = self.seats.len();
        // Enough to tell who wins: flushes added below only raise highs,
        // and a seat found below the best by ranks stays below it.
        let mut highs = [0u32; MAX_SEATS];
        showdown_highs(self.seats, &board, &mut highs[..n]);
        let mut lows: [Option<Low>; MAX_SEATS] = [None; MAX_SEATS];
        if self.hi_lo {
            for (low, seat) in lows.iter_mut().zip(self.seats) {
                *low = seat.best_low(board.low_ranks);
            }
        }
        let low_winners = Outcomes::low_winners(&lows[..n]);
        let mut without_flush = leaf.ways;
        for suit in suits_of(leaf.flush_suits) {
            let known = self.known_suits[suit];
            let (tables, seats, outcomes) = (self.tables, self.seats, &mut *self.outcomes);
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
    let seats: Vec<Hole> = hands.iter().map(|&h| Hole::new(h)).collect();
    let known: Vec<u8> = board.iter().map(|c| c.rank()).collect();
    let mut known_suits = [0u16; 4];
    for card in board.iter() {
        known_suits[card.suit() as usize] |= 1 << card.rank();
    }
    // A suit matters when someone holds two of it; the board then needs
    // three of it.
    let flush_need: [u8; 4] = std::array::from_fn(|suit| {
        if seats.iter().any(|s| s.can_flush_in(suit)) {
            3u8.saturating_sub(known_suits[suit].count_ones() as u8)
        } else {
            NEVER_FLUSHES
        }
    });
    let to_deal = 5 - known.len();
    let seat_count = seats.len();
    count_in_parts(
        seat_count,
        game.hi_lo(),
        to_deal,
        threads,
        control,
        |part, parts, outcomes| {
            let mut counter = Counter {
                tables: tables(),
                seats: &seats,
                hi_lo: game.hi_lo(),
                known: &known,
                known_suits,
                outcomes,
            };
            Walk::new(live, flush_need, part, parts).run(to_deal, &mut counter);
        },
    )
}
