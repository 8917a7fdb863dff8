//! Ranking a board's live combos by hole-rank class, for the sweeps.
//!
//! Off a flush, a combo's 7-card rank on a five-card board depends only on
//! its two ranks: one of 91 classes (13 pairs and 78 pairs of distinct
//! ranks). So a board ranks each class once and orders at most 91 classes
//! instead of ranking and sorting every combo; the combos that make a
//! flush (those holding enough of a suit the board has three or more of)
//! are ranked one by one and ordered among the classes. A 7-card flush is
//! never beaten by the same hand's pairs (quads or a full house would need
//! three cards off the suit), so such a combo's rank is the flush table's:
//! every rank is the evaluator's own.

use super::sweep_tools::sort_by_rank;
use crate::poker::eval::{HandKey, POW5, tables};

/// Classes of two hole ranks: 13 * 14 / 2.
const CLASSES: usize = 91;

/// An item's bits below its rank (player bit and combo index: 12 bits).
pub(super) const RANK_SHIFT: u32 = 12;

/// In the order list: rank << 16 | FLUSH_ITEM | item, or rank << 16 |
/// class.
const ORDER_SHIFT: u32 = 16;
const FLUSH_ITEM: u32 = 1 << 15;

/// Combos (items of at most 12 bits, as the caller packs them) bucketed by
/// class.
pub(super) struct ClassIndex {
    /// Items class by class: class c's are `items[start[c]..start[c + 1]]`.
    items: Vec<u32>,
    /// Each item's two cards (parallel to `items`).
    cards: Vec<[u8; 2]>,
    start: [u32; CLASSES + 1],
    /// The classes that hold an item.
    present: Vec<u8>,
    /// Each class's base-5 rank sum.
    rank_sums: [u32; CLASSES],
}

/// A board's ranking: reusable buffers.
pub(super) struct Ranking {
    order: Vec<u32>,
    scratch: Vec<u32>,
}

fn class_of([a, b]: [u8; 2]) -> usize {
    let (x, y) = ((a >> 2) as usize, (b >> 2) as usize);
    let (hi, lo) = (x.max(y), x.min(y));
    hi * (hi + 1) / 2 + lo
}

impl ClassIndex {
    /// The index of `combos`: (item, cards) pairs, items below 4,096.
    pub(super) fn new(combos: impl Iterator<Item = (u32, [u8; 2])>) -> ClassIndex {
        let mut by_class: Vec<(usize, u32, [u8; 2])> = combos
            .map(|(item, cards)| (class_of(cards), item, cards))
            .collect();
        // Stable: within a class, the caller's order.
        by_class.sort_by_key(|&(class, _, _)| class);
        let mut start = [0u32; CLASSES + 1];
        for &(class, _, _) in &by_class {
            start[class + 1] += 1;
        }
        for c in 0..CLASSES {
            start[c + 1] += start[c];
        }
        let mut rank_sums = [0u32; CLASSES];
        for hi in 0..13 {
            for lo in 0..=hi {
                rank_sums[hi * (hi + 1) / 2 + lo] = POW5[hi] + POW5[lo];
            }
        }
        ClassIndex {
            present: (0..CLASSES as u8)
                .filter(|&c| start[c as usize] < start[c as usize + 1])
                .collect(),
            items: by_class.iter().map(|&(_, item, _)| item).collect(),
            cards: by_class.iter().map(|&(_, _, cards)| cards).collect(),
            start,
            rank_sums,
        }
    }

    /// Buffers for [`ClassIndex::rank`].
    pub(super) fn ranking(&self) -> Ranking {
        let capacity = self.items.len() + CLASSES;
        Ranking {
            order: Vec::with_capacity(capacity),
            scratch: vec![0; capacity],
        }
    }

    /// Fills `out` with `rank << RANK_SHIFT | item` for every item live on
    /// the five-card `board` (holding no card of `completion`), in
    /// ascending rank (in no set order within a rank).
    pub(super) fn rank(
        &self,
        completion: u64,
        board: HandKey,
        ranking: &mut Ranking,
        out: &mut Vec<u32>,
    ) {
        let tables = tables();
        let (board_ranks, _) = board.lanes();
        let order = &mut ranking.order;
        order.clear();
        out.clear();
        let live = |[a, b]: [u8; 2]| completion >> a & 1 == 0 && completion >> b & 1 == 0;
        // At most one suit has three or more of five cards.
        let flush_suit = (0..4).find(|&s| board.suit_count(s) >= 3);
        if let Some(suit) = flush_suit {
            let need = 5 - board.suit_count(suit);
            let board_suited = board.suit_ranks(suit);
            let suited = |[a, b]: [u8; 2]| {
                u32::from(u32::from(a & 3) == suit) + u32::from(u32::from(b & 3) == suit)
            };
            for (&item, &cards) in self.items.iter().zip(&self.cards) {
                if live(cards) && suited(cards) >= need {
                    let mut mask = board_suited;
                    for c in cards {
                        if u32::from(c & 3) == suit {
                            mask |= 1 << (c >> 2);
                        }
                    }
                    let rank = u32::from(tables.flush_rank(mask));
                    order.push(rank << ORDER_SHIFT | FLUSH_ITEM | item);
                }
            }
            self.push_classes(board_ranks, order, &mut ranking.scratch);
            self.expand(order, out, |cards| live(cards) && suited(cards) < need);
        } else {
            self.push_classes(board_ranks, order, &mut ranking.scratch);
            self.expand(order, out, live);
        }
    }

    /// Adds every present class at its rank, then sorts the order.
    fn push_classes(&self, board_ranks: u32, order: &mut Vec<u32>, scratch: &mut [u32]) {
        let tables = tables();
        for &c in &self.present {
            let rank = u32::from(tables.nonflush_rank(board_ranks + self.rank_sums[c as usize]));
            order.push(rank << ORDER_SHIFT | u32::from(c));
        }
        sort_by_rank(order, scratch, ORDER_SHIFT);
    }

    /// The order's flush items and the members of its classes that `keep`
    /// holds, with their ranks.
    #[inline]
    fn expand(&self, order: &[u32], out: &mut Vec<u32>, keep: impl Fn([u8; 2]) -> bool) {
        for &entry in order {
            let rank = entry >> ORDER_SHIFT;
            if entry & FLUSH_ITEM != 0 {
                out.push(rank << RANK_SHIFT | (entry & (FLUSH_ITEM - 1)));
                continue;
            }
            let c = (entry & 0xFF) as usize;
            let range = self.start[c] as usize..self.start[c + 1] as usize;
            for (&item, &cards) in self.items[range.clone()].iter().zip(&self.cards[range]) {
                if keep(cards) {
                    out.push(rank << RANK_SHIFT | item);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, CardSet};
    use crate::combin::Subsets;

    /// Every combo of a deck, ranked by class, gets the evaluator's rank
    /// of its seven cards, in ascending order, and the dead ones none: on
    /// boards with no suit, three, four and five of a suit.
    #[test]
    fn class_ranks_are_the_evaluators_on_every_kind_of_board() {
        let mut combos = Vec::new();
        for a in 0..52u8 {
            for b in a + 1..52 {
                combos.push((combos.len() as u32, [a, b]));
            }
        }
        let index = ClassIndex::new(combos.iter().copied());
        let mut ranking = index.ranking();
        let mut out = Vec::new();
        for text in [
            "Ks7c2d5h9s",
            "Ks7s2s5h9d",
            "Ks7s2s5s9d",
            "Ks7s2s5s9s",
            "AhKhQhJhTh",
            "2c2d2h2s3c",
        ] {
            let board = CardSet::parse(text).unwrap();
            index.rank(board.mask(), HandKey::of_set(board), &mut ranking, &mut out);
            let mut seen = vec![false; combos.len()];
            assert!(
                out.windows(2)
                    .all(|w| w[0] >> RANK_SHIFT <= w[1] >> RANK_SHIFT)
            );
            for &x in &out {
                let (item, rank) = ((x & 0xFFF) as usize, x >> RANK_SHIFT);
                let [a, b] = combos[item].1;
                let hand = board.union(CardSet::from_mask(1 << a | 1 << b).unwrap());
                assert_eq!(
                    rank,
                    u32::from(HandKey::of_set(hand).rank().0),
                    "{text} {hand}"
                );
                seen[item] = true;
            }
            for (item, &(_, [a, b])) in combos.iter().enumerate() {
                let dead =
                    board.contains(Card::new(a).unwrap()) || board.contains(Card::new(b).unwrap());
                assert_eq!(seen[item], !dead, "{text}");
            }
        }
        // Every turn card of a two-tone flop with a few random combos.
        let flop = CardSet::parse("Ah7h2d").unwrap();
        // (The sweeps never hold a combo that meets the flop.)
        let some: Vec<(u32, [u8; 2])> = combos
            .iter()
            .copied()
            .step_by(7)
            .filter(|&(_, [a, b])| flop.mask() >> a & 1 == 0 && flop.mask() >> b & 1 == 0)
            .collect();
        let index = ClassIndex::new(some.iter().map(|&(i, c)| (i & 0xFFF, c)));
        let mut ranking = index.ranking();
        let deck = flop.complement().intersection(CardSet::FULL);
        Subsets::of_set_range(deck, 2, 0..1176)
            .unwrap()
            .for_each_mask(|m| {
                let board = flop.union(CardSet::from_mask(m).unwrap());
                index.rank(m, HandKey::of_set(board), &mut ranking, &mut out);
                let live = some
                    .iter()
                    .filter(|(_, [a, b])| m >> a & 1 == 0 && m >> b & 1 == 0)
                    .count();
                assert_eq!(out.len(), live);
                for &x in &out {
                    let item = (x & 0xFFF) as usize;
                    let [a, b] = combos[item].1;
                    let hand = board.union(CardSet::from_mask(1 << a | 1 << b).unwrap());
                    assert_eq!(x >> RANK_SHIFT, u32::from(HandKey::of_set(hand).rank().0));
                }
            });
    }
}
