//! Omaha hands: the best high and the best qualifying low of exactly two
//! hole cards and exactly three board cards.
//!
//! A two-plus-three choice that is not all of one suit ranks by its ranks
//! alone, and an all-suited one ranks as a flush (five distinct ranks of
//! one suit rank as a straight at most by ranks, below any flush). So the
//! best high is the larger of the best rank-only choice (base-5 rank sums
//! of the hand's pairs and the board's triples, one perfect-hash lookup
//! each, every distinct sum once) and the best suited one, which needs two
//! hole cards and three board cards of one suit (at most one suit of a
//! board has three). The exact count and Monte Carlo both rank this way.

use crate::cards::{Card, CardSet};
use crate::poker::eval::{POW5, Tables, tables};

/// Most two-card choices from a hand: C(6, 2).
const MAX_PAIRS: usize = 15;

/// A hand prepared for evaluation: the distinct rank sums of its two-card
/// choices, its rank mask per suit, and the rank masks of its two-card
/// choices that can make a low (two distinct low ranks).
#[derive(Debug, Clone)]
pub struct Hole {
    pair_ranks: [u32; MAX_PAIRS],
    pair_count: usize,
    suit_masks: [u16; 4],
    low_pairs: [u8; MAX_PAIRS],
    low_count: usize,
}

/// A low: five distinct ranks 8 or lower as a mask (bit 0 ace .. bit 7
/// eight); smaller is better.
pub type Low = u8;

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
        let mut held = [Card::new(0).expect("card 0"); 6];
        let mut count = 0;
        for (slot, card) in held.iter_mut().zip(cards.iter()) {
            *slot = card;
            count += 1;
        }
        Hole::of_cards(&held[..count], true)
    }

    /// The hand of these distinct cards (at most 6), with its low choices
    /// when `lows` (hi/lo games).
    pub fn of_cards(list: &[Card], lows: bool) -> Hole {
        let mut hole = Hole {
            pair_ranks: [0; MAX_PAIRS],
            pair_count: 0,
            suit_masks: [0; 4],
            low_pairs: [0; MAX_PAIRS],
            low_count: 0,
        };
        hole.set_cards(list, lows);
        hole
    }

    /// Makes this the hand of `list` (as `of_cards`) in place: Monte Carlo
    /// prepares a random hand per sample, with no allocation or clearing.
    #[inline]
    pub fn set_cards(&mut self, list: &[Card], lows: bool) {
        let mut hole = self;
        (hole.pair_count, hole.low_count, hole.suit_masks) = (0, 0, [0; 4]);
        // The distinct rank pairs: two of the hand's distinct ranks, or a
        // rank it holds twice; each ranked once.
        let (mut ranks, mut paired) = (0u16, 0u16);
        for &card in &list[..list.len().min(6)] {
            let bit = 1 << card.rank();
            paired |= ranks & bit;
            ranks |= bit;
            hole.suit_masks[card.suit() as usize] |= bit;
        }
        let push = |hole: &mut &mut Hole, sum: u32| {
            hole.pair_ranks[hole.pair_count] = sum;
            hole.pair_count += 1;
        };
        for_each_pair(ranks, |a, b| push(&mut hole, POW5[a] + POW5[b]));
        let mut twice = paired;
        while twice != 0 {
            let r = twice.trailing_zeros() as usize;
            twice &= twice - 1;
            push(&mut hole, 2 * POW5[r]);
        }
        if lows {
            // Low bits: the ace is bit 0, two to eight bits 1 to 7.
            let low = ((ranks & 0x7F) << 1 | ranks >> 12 & 1) as u8;
            for_each_pair(u16::from(low), |a, b| {
                hole.low_pairs[hole.low_count] = (1 << a | 1 << b) as u8;
                hole.low_count += 1;
            });
        }
    }

    /// The best rank-only high with the board's three-card rank sums.
    #[inline]
    pub(super) fn best_by_ranks(&self, tables: &Tables, triples: &[u32]) -> u32 {
        let mut best = 0;
        for &pair in &self.pair_ranks[..self.pair_count] {
            for &triple in triples {
                best = best.max(tables.nonflush_rank(pair + triple));
            }
        }
        u32::from(best)
    }

    /// The best flush of two of the hand's `suit` cards and three of the
    /// board's (`board`, a rank mask of three or more); 0 when the hand
    /// holds fewer than two.
    #[inline]
    pub(super) fn best_flush(&self, tables: &Tables, suit: usize, board: u16) -> u32 {
        let hole = self.suit_masks[suit];
        if hole.count_ones() < 2 {
            return 0;
        }
        if hole.count_ones() == 2 && board.count_ones() == 3 {
            return u32::from(tables.flush_rank(hole | board));
        }
        let mut best = 0;
        for_each_pair(hole, |a, b| {
            let pair = 1 << a | 1 << b;
            for_each_triple(board, |triple| {
                best = best.max(tables.flush_rank(pair | triple));
            });
        });
        u32::from(best)
    }

    /// Whether the hand holds two or more cards of `suit`.
    pub(super) fn can_flush_in(&self, suit: usize) -> bool {
        self.suit_masks[suit].count_ones() >= 2
    }

    /// The best rank-only high if it reaches `floor`, else some value
    /// below `floor`. A pair's five-card hands with a full board are among
    /// its seven-card hand's choices, so the seven-card rank bounds them:
    /// pairs are tried best bound first, and the rest skipped once their
    /// bound cannot beat what is found or reach the floor.
    #[inline]
    fn best_by_ranks_from(&self, tables: &Tables, board: &Board, floor: u32) -> u32 {
        let mut order = [(0u16, 0u32); MAX_PAIRS];
        let n = self.pair_count;
        for (slot, &pair) in order.iter_mut().zip(&self.pair_ranks[..n]) {
            *slot = (tables.nonflush_rank(pair + board.ranks), pair);
        }
        // Insertion sort, best bound first: at most 15 pairs.
        for i in 1..n {
            let mut j = i;
            while j > 0 && order[j - 1].0 < order[j].0 {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut best = 0u32;
        for &(bound, pair) in &order[..n] {
            let bound = u32::from(bound);
            if bound <= best || bound < floor {
                break;
            }
            for &triple in board.triples() {
                best = best.max(u32::from(tables.nonflush_rank(pair + triple)));
            }
        }
        best
    }

    /// The best high on a full board, every choice ranked (the reference
    /// the tests hold `showdown_highs` to).
    pub fn best_high(&self, board: &Board) -> u32 {
        let by_ranks = self.best_by_ranks(tables(), board.triples());
        by_ranks.max(board.flush_of(self))
    }

    /// The best qualifying low, or None: for each of the hand's low pairs,
    /// the three lowest board ranks it does not hold.
    #[inline]
    pub fn best_low(&self, board_low: u8) -> Option<Low> {
        let mut best: Option<Low> = None;
        for &pair in &self.low_pairs[..self.low_count] {
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
}

/// A board prepared for evaluation: the distinct rank sums of its
/// three-card choices, the suit with three or more cards and its rank
/// mask, and its low ranks.
#[derive(Debug, Clone)]
pub struct Board {
    triples: [u32; 10],
    triple_count: usize,
    /// Base-5 rank sum of the whole board (0 unless it has five cards).
    ranks: u32,
    flush: Option<(usize, u16)>,
    /// The board's distinct low ranks as a mask.
    pub low_ranks: u8,
}

impl Board {
    /// A board of 3 to 5 cards.
    pub fn new(cards: &[Card]) -> Board {
        let mut ranks = [0u8; 5];
        for (r, c) in ranks.iter_mut().zip(cards) {
            *r = c.rank();
        }
        let mut board = Board::of_ranks(&ranks[..cards.len().min(5)]);
        let mut suits = [0u16; 4];
        for c in cards {
            suits[c.suit() as usize] |= 1 << c.rank();
        }
        board.flush = (0..4)
            .find(|&s| suits[s].count_ones() >= 3)
            .map(|s| (s, suits[s]));
        board
    }

    /// A board's rank part (no flush), from its 3 to 5 ranks.
    pub(super) fn of_ranks(ranks: &[u8]) -> Board {
        let mut board = Board {
            triples: [0; 10],
            triple_count: 0,
            ranks: if ranks.len() == 5 {
                ranks.iter().map(|&r| POW5[r as usize]).sum()
            } else {
                0
            },
            flush: None,
            low_ranks: ranks
                .iter()
                .filter_map(|&r| low_bit_of_rank(r))
                .fold(0, |mask, bit| mask | 1 << bit),
        };
        // Distinct ranks give distinct triples; only a paired board needs
        // its repeats taken out.
        let paired = ranks
            .iter()
            .enumerate()
            .any(|(i, r)| ranks[i + 1..].contains(r));
        for i in 0..ranks.len() {
            for j in i + 1..ranks.len() {
                for k in j + 1..ranks.len() {
                    let sum =
                        POW5[ranks[i] as usize] + POW5[ranks[j] as usize] + POW5[ranks[k] as usize];
                    if !paired || !board.triples[..board.triple_count].contains(&sum) {
                        board.triples[board.triple_count] = sum;
                        board.triple_count += 1;
                    }
                }
            }
        }
        board
    }

    /// The best flush `hole` makes with the board (0 if none).
    #[inline]
    pub fn flush_of(&self, hole: &Hole) -> u32 {
        match self.flush {
            Some((suit, mask)) => hole.best_flush(tables(), suit, mask),
            None => 0,
        }
    }

    /// The distinct three-card rank sums.
    pub(super) fn triples(&self) -> &[u32] {
        &self.triples[..self.triple_count]
    }
}

/// The seats' highs on a full board, enough to tell who has the best:
/// exact for every seat whose high is the best, below the best for the
/// others. `highs` holds each seat's high so far (its flush, or 0) and
/// gets the result; the rank-only part is ranked seat by seat, each
/// against the best found before it.
#[inline]
pub(super) fn showdown_highs(holes: &[Hole], board: &Board, highs: &mut [u32]) {
    let tables = tables();
    let mut best = highs.iter().copied().max().unwrap_or(0);
    for (hole, high) in holes.iter().zip(highs.iter_mut()) {
        let by_ranks = hole.best_by_ranks_from(tables, board, best.max(*high + 1));
        if by_ranks > *high {
            *high = by_ranks;
        }
        best = best.max(*high);
    }
}

/// Calls `f` with each pair of bit positions of `mask`, lower first.
#[inline]
fn for_each_pair(mask: u16, mut f: impl FnMut(usize, usize)) {
    let mut first = mask;
    while first != 0 {
        let a = first.trailing_zeros() as usize;
        first &= first - 1;
        let mut second = first;
        while second != 0 {
            let b = second.trailing_zeros() as usize;
            second &= second - 1;
            f(a, b);
        }
    }
}

/// Calls `f` with each three-bit subset of `mask`.
#[inline]
fn for_each_triple(mask: u16, mut f: impl FnMut(u16)) {
    let mut first = mask;
    while first != 0 {
        let a = first & first.wrapping_neg();
        first &= first - 1;
        let mut second = first;
        while second != 0 {
            let b = second & second.wrapping_neg();
            second &= second - 1;
            let mut third = second;
            while third != 0 {
                let c = third & third.wrapping_neg();
                third &= third - 1;
                f(a | b | c);
            }
        }
    }
}
