//! Exact short-deck equity: board completions counted by rank pattern
//! (the walk of `poker::rank_patterns`, as in Hold'em). A player with five
//! cards of a suit is worth the best flush (`short_deck` says why), so
//! each rank multiset is ranked once by ranks and only its completions
//! that give someone five of a suit are ranked again.

use super::equity::{Outcomes, Sums, count_in_parts};
use super::short_deck::{Value, by_ranks, flush_value};
use crate::budget::Control;
use crate::cards::CardSet;
use crate::error::Result;
use crate::poker::rank_patterns::{Leaf, Visitor, Walk, suits_of};

/// Most players (`Variant::max_players`).
const MAX_SEATS: usize = 8;

struct Counter<'a> {
    trips_beat_straight: bool,
    /// Per seat: cards of each rank among its hole cards and the board.
    counts: &'a [[u8; 13]],
    /// Per seat and suit: the rank mask and count of its hole cards and
    /// the board in that suit.
    suit_masks: &'a [[u16; 4]],
    outcomes: &'a mut Outcomes,
}

impl Visitor for Counter<'_> {
    fn multiset(&mut self, leaf: &Leaf<'_>) {
        let n = self.counts.len();
        let mut values = [0 as Value; MAX_SEATS];
        for (v, base) in values.iter_mut().zip(self.counts) {
            let mut counts = *base;
            for pick in leaf.picks() {
                counts[pick.rank as usize] += pick.count;
            }
            *v = by_ranks(&counts, self.trips_beat_straight);
        }
        let mut without_flush = leaf.ways;
        for suit in suits_of(leaf.flush_suits) {
            let (masks, outcomes, triton) = (
                self.suit_masks,
                &mut self.outcomes,
                self.trips_beat_straight,
            );
            without_flush -= leaf.flush_choices(suit, |mask, suited, ways| {
                let mut with_flush = values;
                for (v, seat) in with_flush.iter_mut().zip(masks) {
                    if seat[suit].count_ones() + u32::from(suited) >= 5 {
                        *v = flush_value(seat[suit] | mask, triton);
                    }
                }
                outcomes.add(&with_flush[..n], 0, ways);
            });
        }
        self.outcomes.add(&values[..n], 0, without_flush);
    }
}

/// The exact sums of known `hands` over every completion of `board` from
/// the `live` cards, in parts that honour `control`.
pub(super) fn exact_sums(
    trips_beat_straight: bool,
    hands: &[CardSet],
    board: CardSet,
    live: CardSet,
    threads: usize,
    control: &Control,
) -> Result<Sums> {
    let mut counts = vec![[0u8; 13]; hands.len()];
    let mut suit_masks = vec![[0u16; 4]; hands.len()];
    for (seat, &hand) in hands.iter().enumerate() {
        for card in hand.union(board).iter() {
            counts[seat][card.rank() as usize] += 1;
            suit_masks[seat][card.suit() as usize] |= 1 << card.rank();
        }
    }
    let flush_need: [u8; 4] = std::array::from_fn(|suit| {
        let most = suit_masks
            .iter()
            .map(|m| m[suit].count_ones())
            .max()
            .unwrap_or(0);
        5u8.saturating_sub(most as u8)
    });
    let to_deal = 5 - board.len() as usize;
    count_in_parts(
        hands.len(),
        false,
        to_deal,
        threads,
        control,
        |part, parts, outcomes| {
            let mut counter = Counter {
                trips_beat_straight,
                counts: &counts,
                suit_masks: &suit_masks,
                outcomes,
            };
            Walk::new(live, flush_need, part, parts).run(to_deal, &mut counter);
        },
    )
}
