//! Pieces the showdown sweeps share: weights by card (for card removal by
//! inclusion-exclusion) and sorting a board's items by hand rank (a
//! comparison sort for few items, two counting passes of 7 bits for many).

use super::Prepared;
use crate::budget::Control;
use crate::cards::CardSet;
use crate::combin::{Subsets, binomial};
use crate::error::{Error, Result};
use crate::parallel::{Workers, map_items};
use crate::poker::eval::HandKey;

/// Chunks of boards (work items): a fixed number, not the thread count,
/// so the sums and their order are the same on any number of threads; 16
/// keep two to eight cores busy on a turn (about 46 boards) while the
/// per-chunk sums stay few.
const CHUNKS: u64 = 16;

/// Boards a sweep visits between reads of its deadline: every board (a
/// board's sweep takes a microsecond or more, the clock 25 ns; with three
/// wide ranges a board takes tens of milliseconds).
const BOARDS_PER_CHECK: u32 = 1;

/// The board completions of a request.
pub(super) fn board_count(p: &Prepared) -> u64 {
    binomial(p.board.union(p.dead).complement().len() as usize, p.to_deal)
}

/// Visits every board completion of `p` in 16 fixed chunks on `workers`:
/// each chunk starts a state with `start` and calls `visit(state,
/// completion mask, key of the whole board)` per board. The chunks' states
/// come back in order; `BudgetExceeded` once `deadline` passes.
pub(super) fn sweep_board_chunks<S: Send>(
    p: &Prepared,
    workers: Workers,
    deadline: &Control,
    start: impl Fn() -> S + Sync,
    visit: impl Fn(&mut S, u64, HandKey) + Sync,
) -> Result<Vec<S>> {
    let deck = p.board.union(p.dead).complement();
    let boards = board_count(p);
    let chunks = boards.min(CHUNKS);
    let board_key = HandKey::of_set(p.board);
    let parts = map_items(workers, chunks, |chunk| {
        if deadline.passed() {
            return None;
        }
        let ranks = chunk * boards / chunks..(chunk + 1) * boards / chunks;
        let mut state = start();
        // The deck and count were checked when the request was prepared.
        let subsets = Subsets::of_set_range(deck, p.to_deal, ranks).ok()?;
        // A chunk can take long (a few large ranges): the deadline and
        // cancel flag are read every few boards, and the rest skipped.
        let mut seen = 0u32;
        let mut stopped = false;
        subsets.for_each_mask(|completion| {
            seen = seen.wrapping_add(1);
            if stopped || (seen.is_multiple_of(BOARDS_PER_CHECK) && deadline.passed()) {
                stopped = true;
                return;
            }
            let cards = CardSet::from_mask(completion).unwrap_or_default();
            visit(
                &mut state,
                completion,
                HandKey::of_set(cards).combine(board_key),
            );
        });
        if stopped {
            return None;
        }
        deadline.report((chunk + 1) as f64 / chunks as f64);
        Some(state)
    });
    parts
        .into_iter()
        .map(|part| {
            part.ok_or_else(|| {
                Error::budget("exact enumeration did not finish within the time budget: raise it, or use Monte Carlo or Auto")
            })
        })
        .collect()
}

/// Weights of combos (or tuples) in total and by card: a card's entry is
/// the weight of those holding it. 64 entries, indexed by the card masked
/// to 6 bits, so no index needs a bounds check.
#[derive(Clone, Copy)]
pub(super) struct CardWeights {
    pub(super) total: f64,
    pub(super) by_card: [f64; 64],
}

/// Below this share of the total, a difference of weight sums is rounding,
/// not weight: the subtractions leave a few ulps of the total (about 1e-15
/// of it), while weight that is really there is at least the smallest
/// combo's, which `range::MIN_WEIGHT_RATIO` keeps at 1e-9 of the largest,
/// over 7e-13 of a total of at most 1,326 combos. So a combo that meets no
/// deal meets exactly 0, never -2e-15.
const ROUNDING_FLOOR: f64 = 1e-13;

#[inline]
fn slot(card: u8) -> usize {
    (card & 63) as usize
}

impl CardWeights {
    pub(super) const ZERO: CardWeights = CardWeights {
        total: 0.0,
        by_card: [0.0; 64],
    };

    /// Adds `w` for something holding `cards`.
    #[inline]
    pub(super) fn add_cards(&mut self, cards: &[u8], w: f64) {
        self.total += w;
        for &c in cards {
            self.by_card[slot(c)] += w;
        }
    }

    #[inline]
    pub(super) fn add(&mut self, cards: [u8; 2], w: f64) {
        self.add_cards(&cards, w);
    }

    /// The total less what holds each of `cards`: the weight holding none
    /// of them once the caller adds back what holds two of them (counted
    /// twice here).
    #[inline]
    pub(super) fn without_each(&self, cards: &[u8]) -> f64 {
        cards
            .iter()
            .fold(self.total, |w, &c| w - self.by_card[slot(c)])
    }

    /// The weight holding neither of two cards, given the weight `twin` of
    /// what holds both.
    #[inline]
    pub(super) fn without(&self, cards: [u8; 2], twin: f64) -> f64 {
        self.without_each(&cards) + twin
    }

    /// As `without`, but exactly 0 when the subtractions leave only
    /// rounding: the weight of the deals a combo meets, which must be 0
    /// when it meets none (its equity is then reported as 0).
    #[inline]
    pub(super) fn met_without(&self, cards: [u8; 2], twin: f64) -> f64 {
        let w = self.without(cards, twin);
        if w > self.total * ROUNDING_FLOOR {
            w
        } else {
            0.0
        }
    }

    /// Forgets the weights of `cards` and the total (after a group whose
    /// members held only such cards is swept).
    #[inline]
    pub(super) fn clear(&mut self, cards: [u8; 2]) {
        self.total = 0.0;
        self.by_card[slot(cards[0])] = 0.0;
        self.by_card[slot(cards[1])] = 0.0;
    }

    /// Adds another table.
    pub(super) fn merge(&mut self, o: &CardWeights) {
        self.total += o.total;
        for (a, b) in self.by_card.iter_mut().zip(&o.by_card) {
            *a += b;
        }
    }
}

/// Below this many items a comparison sort beats the radix sort's fixed
/// cost (two 129-entry count tables).
const SMALL_SORT: usize = 96;

/// Sorts `items` by the 14 bits from `shift` up (the rank), using
/// `scratch` (at least as long) for the radix passes.
pub(super) fn sort_by_rank<T: Copy + Ord + Into<u64>>(
    items: &mut [T],
    scratch: &mut [T],
    shift: u32,
) {
    if items.len() < SMALL_SORT {
        items.sort_unstable();
        return;
    }
    let scratch = &mut scratch[..items.len()];
    for (shift, from_items) in [(shift, true), (shift + 7, false)] {
        let (src, dst): (&[T], &mut [T]) = if from_items {
            (&*items, &mut *scratch)
        } else {
            (&*scratch, &mut *items)
        };
        let bucket = |x: T| ((x.into() >> shift) & 127) as usize;
        let mut start = [0u32; 129];
        for &x in src {
            start[bucket(x) + 1] += 1;
        }
        for b in 1..129 {
            start[b] += start[b - 1];
        }
        for &x in src {
            let b = bucket(x);
            dst[start[b] as usize] = x;
            start[b] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sorts_order_by_rank_and_keep_every_item() {
        let mut rng = crate::rng::Rng::new(3);
        for n in [0, 5, 95, 96, 2000] {
            let items: Vec<u64> = (0..n)
                .map(|i| u64::from(rng.below(7462) + 1) << 32 | i)
                .collect();
            let mut sorted = items.clone();
            let mut scratch = vec![0u64; n as usize];
            sort_by_rank(&mut sorted, &mut scratch, 32);
            assert!(sorted.windows(2).all(|w| w[0] >> 32 <= w[1] >> 32));
            let (mut a, mut b) = (sorted.clone(), items.clone());
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b);
        }
    }
}
