//! Malmuth-Harville ICM, exact: each player's expected prize when the
//! chance of finishing next is proportional to the chips among the players
//! not yet placed.
//!
//! A dynamic program over the sets of players placed first (order within
//! a set does not change what follows): `2^n * n` steps, 10,240 for ten
//! players. Players with no chips finish last, the larger stack before
//! the hand ahead (ties share their places' prizes).

use crate::error::{Error, Result};

/// The most players ICM takes (the table's limit).
pub const MAX_PLAYERS: usize = 10;

/// Each player's expected prize for `stacks` and `payouts` (first place
/// first; places past the list pay nothing). `before` orders players with
/// no chips: the one with more before the hand finishes higher.
pub fn icm_equity(stacks: &[f64], payouts: &[f64], before: &[f64]) -> Result<Vec<f64>> {
    let n = stacks.len();
    if n == 0 || n > MAX_PLAYERS || before.len() != n {
        return Err(Error::invalid(format!(
            "ICM: {n} stacks (and {} stacks before the hand): 1 to {MAX_PLAYERS} players",
            before.len()
        )));
    }
    if let Some(s) = stacks.iter().find(|s| !(s.is_finite() && **s >= 0.0)) {
        return Err(Error::invalid(format!(
            "ICM: stack {s}: stacks must be zero or positive numbers"
        )));
    }
    let pay = |place: usize| payouts.get(place).copied().unwrap_or(0.0);
    let alive: Vec<usize> = (0..n).filter(|&i| stacks[i] > 0.0).collect();
    let mut equity = vec![0.0; n];
    for (i, p) in places(&alive.iter().map(|&i| stacks[i]).collect::<Vec<_>>())
        .into_iter()
        .enumerate()
    {
        equity[alive[i]] = p.iter().enumerate().map(|(k, q)| q * pay(k)).sum();
    }
    // The busted: places after the survivors', by chips before the hand,
    // equal stacks sharing their places' prizes.
    let mut busted: Vec<usize> = (0..n).filter(|&i| stacks[i] <= 0.0).collect();
    busted.sort_by(|&a, &b| before[b].total_cmp(&before[a]));
    let mut k = 0;
    while k < busted.len() {
        let same = busted[k..]
            .iter()
            .take_while(|&&j| before[j] == before[busted[k]])
            .count();
        let first = alive.len() + k;
        let share = (first..first + same).map(pay).sum::<f64>() / same as f64;
        for &j in &busted[k..k + same] {
            equity[j] = share;
        }
        k += same;
    }
    Ok(equity)
}

/// Per player (all with chips), the chance of each finishing place.
fn places(stacks: &[f64]) -> Vec<Vec<f64>> {
    let n = stacks.len();
    let total: f64 = stacks.iter().sum();
    let mut out = vec![vec![0.0; n]; n];
    // reach[set]: the chance that `set` are exactly the players placed
    // first; chips[set]: their chips.
    let mut reach = vec![0.0; 1 << n];
    reach[0] = 1.0;
    let mut chips = vec![0.0; 1 << n];
    for set in 1..1usize << n {
        let low = set.trailing_zeros() as usize;
        chips[set] = chips[set & (set - 1)] + stacks[low];
    }
    for set in 0..(1usize << n) - 1 {
        let r = reach[set];
        if r == 0.0 {
            continue;
        }
        let left = total - chips[set];
        let place = set.count_ones() as usize;
        for i in (0..n).filter(|i| set >> i & 1 == 0) {
            let p = r * stacks[i] / left;
            out[i][place] += p;
            reach[set | 1 << i] += p;
        }
    }
    out
}
