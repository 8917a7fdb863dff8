//! Omaha hands: the best high and the best qualifying low of exactly two
//! hole cards and three board cards.

use crate::cards::{Card, CardSet};
use crate::poker::{HandKey, HandRank};

/// Most two-card choices from a hand: C(6, 2).
const MAX_PAIRS: usize = 15;

/// A hand prepared for evaluation: its two-card keys, and the rank masks
/// of its two-card choices that can make a low (two distinct low ranks).
#[derive(Debug, Clone)]
pub struct Hole {
    pairs: [HandKey; MAX_PAIRS],
    pair_count: usize,
    low_pairs: [u8; MAX_PAIRS],
    low_count: usize,
}

/// A low: five distinct ranks 8 or lower as a mask (bit 0 ace .. bit 7
/// eight); smaller is better.
pub type Low = u8;

/// The low bit of a card (ace 0, two 1 .. eight 7), or None above eight.
#[inline]
pub fn low_bit(card: Card) -> Option<u8> {
    low_bit_of_rank(card.rank())
}

/// The low bit of a rank (0 deuce .. 12 ace).
#[inline]
pub fn low_bit_of_rank(rank: u8) -> Option<u8> {
    match rank {
        12 => Some(0),
        r @ 0..=6 => Some(r + 1),
        _ => None,
    }
}

impl Hole {
    /// The hand's two-card choices (2 to 6 cards; cards past the sixth,
    /// more than any Omaha hand holds, are not used).
    pub fn new(cards: CardSet) -> Hole {
        // No allocation: Monte Carlo prepares a random hand per sample.
        let mut held = [Card::new(0).expect("card 0"); 6];
        let mut count = 0;
        for (slot, card) in held.iter_mut().zip(cards.iter()) {
            *slot = card;
            count += 1;
        }
        let list = &held[..count];
        let mut hole = Hole {
            pairs: [HandKey::EMPTY; MAX_PAIRS],
            pair_count: 0,
            low_pairs: [0; MAX_PAIRS],
            low_count: 0,
        };
        for i in 0..list.len() {
            for j in i + 1..list.len() {
                hole.pairs[hole.pair_count] = HandKey::EMPTY.with(list[i]).with(list[j]);
                hole.pair_count += 1;
                if let (Some(a), Some(b)) = (low_bit(list[i]), low_bit(list[j]))
                    && a != b
                {
                    let mask = 1 << a | 1 << b;
                    if !hole.low_pairs[..hole.low_count].contains(&mask) {
                        hole.low_pairs[hole.low_count] = mask;
                        hole.low_count += 1;
                    }
                }
            }
        }
        hole
    }

    pub fn pairs(&self) -> &[HandKey] {
        &self.pairs[..self.pair_count]
    }
}

/// The board's three-card keys (1 for a flop, 4 for a turn, 10 for a
/// river) into `out`; returns how many.
pub fn board_triples(board: &[Card], out: &mut [HandKey; 10]) -> usize {
    let mut n = 0;
    for i in 0..board.len() {
        for j in i + 1..board.len() {
            for k in j + 1..board.len() {
                out[n] = HandKey::EMPTY.with(board[i]).with(board[j]).with(board[k]);
                n += 1;
            }
        }
    }
    n
}

/// The best high of the hole's pairs with the board's triples.
#[inline]
pub fn best_high(hole: &Hole, triples: &[HandKey]) -> HandRank {
    let mut best = HandRank(0);
    for &pair in hole.pairs() {
        for &triple in triples {
            best = best.max(pair.combine(triple).rank());
        }
    }
    best
}

/// The board's low ranks (distinct, as a mask).
#[inline]
pub fn board_low_ranks(board: &[Card]) -> u8 {
    board
        .iter()
        .filter_map(|&c| low_bit(c))
        .fold(0, |mask, bit| mask | 1 << bit)
}

/// The best qualifying low, or None: for each of the hole's low pairs,
/// the three lowest board ranks it does not hold.
#[inline]
pub fn best_low(hole: &Hole, board_low: u8) -> Option<Low> {
    let mut best: Option<Low> = None;
    for &pair in &hole.low_pairs[..hole.low_count] {
        let mut left = board_low & !pair;
        if left.count_ones() < 3 {
            continue;
        }
        let mut three = 0u8;
        for _ in 0..3 {
            let lowest = left & left.wrapping_neg();
            three |= lowest;
            left &= !lowest;
        }
        let low = pair | three;
        best = Some(best.map_or(low, |b| b.min(low)));
    }
    best
}
