//! The orders of a board that differ: two orders that only swap identical
//! minions fight the same combat, so each is listed once.

use crate::hearthstone::model::Minion;

/// Every order of `board` up to identical minions, as indices into
/// `board` (`order[k]`: the minion placed k-th), the board as given
/// first, the rest in lexicographic order of their kinds. Identical
/// minions keep their order among themselves.
pub fn distinct_orders(board: &[Minion]) -> Vec<Vec<usize>> {
    // Kind of each minion: the index of its first identical minion.
    let kinds: Vec<usize> = (0..board.len())
        .map(|i| (0..=i).find(|&j| board[j] == board[i]).unwrap_or(i))
        .collect();
    let mut sequence = kinds.clone();
    sequence.sort_unstable();
    let mut orders = vec![(0..board.len()).collect::<Vec<_>>()];
    loop {
        if sequence != kinds {
            orders.push(placed(&kinds, &sequence));
        }
        if !next_permutation(&mut sequence) {
            break;
        }
    }
    orders
}

/// The order placing minions of `kinds` as the kind `sequence` says:
/// the k-th minion of a kind goes to that kind's k-th place.
fn placed(kinds: &[usize], sequence: &[usize]) -> Vec<usize> {
    let mut used = vec![false; kinds.len()];
    sequence
        .iter()
        .map(|&kind| {
            let i = (0..kinds.len())
                .find(|&i| kinds[i] == kind && !used[i])
                .unwrap_or(0);
            used[i] = true;
            i
        })
        .collect()
}

/// The next lexicographic permutation of `s` (repeats allowed); false
/// after the last.
fn next_permutation(s: &mut [usize]) -> bool {
    let Some(i) = (1..s.len()).rev().find(|&i| s[i - 1] < s[i]) else {
        return false;
    };
    let pivot = i - 1;
    let j = (i..s.len()).rev().find(|&j| s[j] > s[pivot]).unwrap_or(i);
    s.swap(pivot, j);
    s[i..].reverse();
    true
}

/// `board` in `order`.
pub fn arranged(board: &[Minion], order: &[usize]) -> Vec<Minion> {
    order.iter().map(|&i| board[i]).collect()
}
