//! The brute-force oracle for [`super::runouts`]: every completion of the
//! board dealt card by card and ranked in AVX2 batches (the engine's exact
//! path before rank patterns).

use super::{Counts, POT, SPLIT_SHARE};
use crate::cards::{Card, CardSet};
use crate::combin::binomial;
use crate::poker::HandKey;
use crate::poker::batch::rank_batch_with;
use crate::poker::eval::category_table;

/// Counts every completion of the board for players holding `hands`.
pub(super) fn count_every_board(hands: &[CardSet], board: CardSet, dead: CardSet) -> Counts {
    let n = hands.len();
    let board_key = HandKey::of_set(board);
    let mut used = board.union(dead);
    let mut keys = Vec::with_capacity(n);
    for &cards in hands {
        used = used.union(cards);
        keys.push(board_key.combine(HandKey::of_set(cards)));
    }
    let deck: Vec<Card> = used.complement().iter().collect();
    let to_deal = 5 - board.len() as usize;
    let total = binomial(deck.len(), to_deal);
    let mut counts = Counts::new();
    let mut player_ranks = vec![[0u16; BLOCK]; n];
    for_each_completion_block(&deck, to_deal, 0..total, |block| {
        for (i, out) in player_ranks.iter_mut().enumerate() {
            rank_batch_with(keys[i], block, &mut out[..block.len()]);
        }
        counts.score_block(&player_ranks, block.len());
    });
    counts
}

impl Counts {
    /// Scores `len` deals whose ranks are `ranks[player][deal]`.
    pub(super) fn score_block(&mut self, ranks: &[[u16; BLOCK]], len: usize) {
        let categories = category_table();
        let n = ranks.len();
        if let [first, second] = ranks {
            // Heads-up, branch-free: wins and ties by comparison.
            let (mut w0, mut w1, mut ties) = (0u64, 0u64, 0u64);
            for (&a, &b) in first[..len].iter().zip(&second[..len]) {
                w0 += u64::from(a > b);
                w1 += u64::from(b > a);
                ties += u64::from(a == b);
                self.categories[0][categories[a as usize] as usize] += 1;
                self.categories[1][categories[b as usize] as usize] += 1;
            }
            self.wins[0] += w0;
            self.wins[1] += w1;
            self.shares[0] += w0 * POT + ties * (POT / 2);
            self.shares[1] += w1 * POT + ties * (POT / 2);
            self.shares_sq[0] += w0 * POT * POT + ties * (POT / 2) * (POT / 2);
            self.shares_sq[1] += w1 * POT * POT + ties * (POT / 2) * (POT / 2);
            self.completions += len as u64;
            return;
        }
        for j in 0..len {
            let best = ranks.iter().map(|r| r[j]).max().unwrap_or(0);
            let winners = ranks.iter().filter(|r| r[j] == best).count();
            let share = SPLIT_SHARE[winners];
            let alone = u64::from(winners == 1);
            for (i, r) in ranks.iter().enumerate().take(n) {
                let rank = r[j];
                let is_best = u64::from(rank == best);
                self.shares[i] += share * is_best;
                self.shares_sq[i] += share * share * is_best;
                self.wins[i] += alone * is_best;
                self.categories[i][categories[rank as usize] as usize] += 1;
            }
        }
        self.completions += len as u64;
    }
}

/// Completions handed to the ranking batch at once.
const BLOCK: usize = 512;

/// Calls `f` with blocks of the keys of every `k`-card completion from
/// `deck` whose colexicographic rank lies in `ranks`. Keys are kept as
/// suffix sums over the subset's positions, so the next subset (which in
/// colex order usually changes only its lowest position) costs about one
/// key addition.
fn for_each_completion_block(
    deck: &[Card],
    k: usize,
    ranks: std::ops::Range<u64>,
    mut f: impl FnMut(&[HandKey]),
) {
    let count = ranks.end.saturating_sub(ranks.start);
    if count == 0 {
        return;
    }
    if k == 0 {
        f(&[HandKey::EMPTY]);
        return;
    }
    let cards: Vec<HandKey> = deck.iter().map(|&c| HandKey::EMPTY.with(c)).collect();
    let n = cards.len();
    let mut pos = [0u8; 6];
    if crate::combin::unrank(ranks.start, n, &mut pos[..k]).is_err() {
        return;
    }
    pos[k] = n as u8;
    // suffix[j] = key of positions j..k.
    let mut suffix = [HandKey::EMPTY; 6];
    for j in (0..k).rev() {
        suffix[j] = suffix[j + 1].combine(cards[pos[j] as usize]);
    }
    let mut block = Vec::with_capacity(BLOCK);
    // The lowest position moves most: keep the sum of the others in a
    // local, so the common step is one addition in registers.
    let mut rest = suffix[1];
    for left in (0..count).rev() {
        block.push(rest.combine(cards[pos[0] as usize]));
        if block.len() == BLOCK {
            f(&block);
            block.clear();
        }
        if left == 0 {
            break;
        }
        if pos[0] + 1 < pos[1] {
            pos[0] += 1;
            continue;
        }
        // Colex successor: move up the lowest position that can move.
        let mut i = 1;
        while pos[i] + 1 == pos[i + 1] {
            i += 1;
        }
        pos[i] += 1;
        for (j, p) in pos.iter_mut().enumerate().take(i) {
            *p = j as u8;
        }
        for j in (1..=i).rev() {
            suffix[j] = suffix[j + 1].combine(cards[pos[j] as usize]);
        }
        rest = suffix[1];
    }
    if !block.is_empty() {
        f(&block);
    }
}
