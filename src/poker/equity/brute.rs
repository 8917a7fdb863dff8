//! The brute-force oracle for [`super::runouts`]: every completion of the
//! board, listed by the shared combination loop and ranked in batches.

use super::{Counts, POT, SPLIT_SHARE};
use crate::cards::CardSet;
use crate::combin::Subsets;
use crate::poker::HandKey;
use crate::poker::batch::rank_batch_with;
use crate::poker::eval::category_table;

/// Completions handed to the ranking batch at once.
const BLOCK: usize = 512;

/// Counts every completion of the board for players holding `hands`: the
/// shared combination loop over the live cards, ranked in batches.
pub(super) fn count_every_board(hands: &[CardSet], board: CardSet, dead: CardSet) -> Counts {
    let board_key = HandKey::of_set(board);
    let used = hands.iter().fold(board.union(dead), |u, &h| u.union(h));
    let keys: Vec<HandKey> = hands
        .iter()
        .map(|&cards| board_key.combine(HandKey::of_set(cards)))
        .collect();
    let to_deal = 5 - board.len() as usize;
    let mut counts = Counts::new();
    let mut player_ranks = vec![[0u16; BLOCK]; hands.len()];
    let mut block = Vec::with_capacity(BLOCK);
    let mut score = |block: &mut Vec<HandKey>| {
        for (key, out) in keys.iter().zip(player_ranks.iter_mut()) {
            rank_batch_with(*key, block, &mut out[..block.len()]);
        }
        counts.score_block(&player_ranks, block.len());
        block.clear();
    };
    Subsets::of_set(used.complement(), to_deal)
        .expect("at most 52 cards")
        .for_each_mask(|mask| {
            let completion = CardSet::from_mask(mask).expect("a set of cards");
            block.push(HandKey::of_set(completion));
            if block.len() == BLOCK {
                score(&mut block);
            }
        });
    if !block.is_empty() {
        score(&mut block);
    }
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
