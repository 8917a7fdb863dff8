//! The exact equilibrium of a `GroupGame`, by a double oracle on the
//! marginal groups.
//!
//! Each player's strategy is one chance per group in [0, 1] and the payoff
//! is bilinear, so a strategy is a best response exactly when every group
//! is: it pushes (calls) when that gains, folds when it loses, and may mix
//! only when indifferent. Most groups are clear-cut; a few are marginal.
//! So: guess each group's pure action (a short fictitious play, or the
//! previous stack's answer), leave the doubtful ones free, and solve the
//! game of the free groups exactly as a linear program with the others
//! fixed. Its solution is then checked against every fixed group; a group
//! whose fixed action is not a best response is freed and the small game
//! solved again. When no group objects, every group is a best response:
//! an exact equilibrium (up to rounding), which `game::evaluate` confirms
//! combo by combo.

use super::game::GroupGame;
use super::lp;
use crate::error::{Error, ErrorKind, Result};

/// Fictitious-play rounds for the first guess (cheap: two passes over the
/// group table a round); the guess only chooses which groups start free.
const GUESS_ROUNDS: usize = 96;

/// A guessed chance strictly between these leaves its group free.
const DOUBTFUL: (f64, f64) = (0.05, 0.95);

/// A gain this small (relative to the game's largest entry) is no reason
/// to free a group.
const TOLERANCE: f64 = 1e-12;

/// Each group's chance to push and to call.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct GroupStrategy {
    pub push: Vec<f64>,
    pub call: Vec<f64>,
}

/// The equilibrium of `game`, starting from `warm` (say the previous
/// stack's) when given.
pub(super) fn solve(game: &GroupGame, warm: Option<&GroupStrategy>) -> Result<GroupStrategy> {
    let scale = game
        .gain
        .iter()
        .chain(&game.bilinear)
        .fold(0.0f64, |m, v| m.max(v.abs()));
    if !(scale.is_finite() && scale > 0.0) {
        return Err(Error::new(
            ErrorKind::Internal,
            "push/fold solver: the game has no stakes",
        ));
    }
    let game = GroupGame {
        groups: game.groups,
        constant: game.constant / scale,
        gain: game.gain.iter().map(|v| v / scale).collect(),
        bilinear: game.bilinear.iter().map(|v| v / scale).collect(),
    };
    let guess = match warm {
        Some(w) if w.push.len() == game.groups && w.call.len() == game.groups => w.clone(),
        _ => fictitious_play(&game, GUESS_ROUNDS),
    };
    let doubtful = |v: &f64| *v > DOUBTFUL.0 && *v < DOUBTFUL.1;
    let mut free_push: Vec<bool> = guess.push.iter().map(doubtful).collect();
    let mut free_call: Vec<bool> = guess.call.iter().map(doubtful).collect();
    let mut s = GroupStrategy {
        push: guess.push.iter().map(|v| v.round()).collect(),
        call: guess.call.iter().map(|v| v.round()).collect(),
    };
    // Each round frees at least one group, so this many always suffice.
    for _ in 0..=2 * game.groups {
        solve_free(&game, &mut s, &free_push, &free_call)?;
        let objections = free_objectors(&game, &s, &mut free_push, &mut free_call);
        if objections == 0 {
            return Ok(s);
        }
    }
    Err(Error::new(
        ErrorKind::Internal,
        "push/fold solver: the marginal groups did not settle",
    ))
}

/// Frees every fixed group whose action is not a best response; returns
/// how many.
fn free_objectors(
    game: &GroupGame,
    s: &GroupStrategy,
    free_push: &mut [bool],
    free_call: &mut [bool],
) -> usize {
    let mut freed = 0;
    let push_gains = game.push_gains(&s.call);
    for ((free, &x), &g) in free_push.iter_mut().zip(&s.push).zip(&push_gains) {
        if !*free && ((x == 1.0 && g < -TOLERANCE) || (x == 0.0 && g > TOLERANCE)) {
            *free = true;
            freed += 1;
        }
    }
    // A call changes the pusher's chips by `g`: the caller wants it negative.
    let call_gains = game.call_gains(&s.push);
    for ((free, &y), &g) in free_call.iter_mut().zip(&s.call).zip(&call_gains) {
        if !*free && ((y == 1.0 && g > TOLERANCE) || (y == 0.0 && g < -TOLERANCE)) {
            *free = true;
            freed += 1;
        }
    }
    freed
}

/// Solves the game of the free groups with the others fixed at their
/// values in `s`, writing the free groups' chances into `s`.
///
/// The pusher's problem is `max_x gain'.x + sum_d min(0, base_d + (B^T x)_d)`
/// over the free groups, a linear program with one variable `s_d >= 0`
/// per free caller group standing for minus that minimum; the callers'
/// chances are its rows' dual prices.
fn solve_free(
    game: &GroupGame,
    s: &mut GroupStrategy,
    free_push: &[bool],
    free_call: &[bool],
) -> Result<()> {
    let k = game.groups;
    let fx: Vec<usize> = (0..k).filter(|&c| free_push[c]).collect();
    let fy: Vec<usize> = (0..k).filter(|&d| free_call[d]).collect();
    if fx.is_empty() && fy.is_empty() {
        return Ok(());
    }
    let b = |c: usize, d: usize| game.bilinear[c * k + d];
    let (m, rows) = (fx.len(), fy.len() + fx.len());
    let n = m + fy.len();
    let mut a = vec![0.0; rows * n];
    let mut rhs = vec![0.0; rows];
    let mut start = Vec::new();
    for (i, &d) in fy.iter().enumerate() {
        let row = &mut a[i * n..(i + 1) * n];
        for (l, &c) in fx.iter().enumerate() {
            row[l] = -b(c, d);
        }
        row[m + i] = -1.0;
        rhs[i] = (0..k)
            .filter(|&c| !free_push[c])
            .map(|c| s.push[c] * b(c, d))
            .sum();
        if rhs[i] < 0.0 {
            // s_d = -rhs makes the slack basis feasible.
            start.push((i, m + i));
        }
    }
    for l in 0..m {
        a[(fy.len() + l) * n + l] = 1.0;
        rhs[fy.len() + l] = 1.0;
    }
    let mut objective = vec![-1.0; n];
    for (l, &c) in fx.iter().enumerate() {
        objective[l] = game.gain[c]
            + (0..k)
                .filter(|&d| !free_call[d])
                .map(|d| s.call[d] * b(c, d))
                .sum::<f64>();
    }
    let opt = lp::maximize(&a, &rhs, &objective, &start)?;
    for (l, &c) in fx.iter().enumerate() {
        s.push[c] = opt.primal[l].clamp(0.0, 1.0);
    }
    for (i, &d) in fy.iter().enumerate() {
        s.call[d] = opt.dual[i].clamp(0.0, 1.0);
    }
    Ok(())
}

/// Averages of simultaneous best responses: a rough guess of the
/// equilibrium.
fn fictitious_play(game: &GroupGame, rounds: usize) -> GroupStrategy {
    let k = game.groups;
    let mut avg = GroupStrategy {
        push: vec![1.0; k],
        call: vec![0.0; k],
    };
    avg.call = best_call(game, &avg.push);
    for t in 1..=rounds {
        let (bx, by) = (best_push(game, &avg.call), best_call(game, &avg.push));
        let w = 1.0 / (t as f64 + 1.0);
        for (a, b) in avg.push.iter_mut().zip(&bx) {
            *a += w * (b - *a);
        }
        for (a, b) in avg.call.iter_mut().zip(&by) {
            *a += w * (b - *a);
        }
    }
    avg
}

fn best_push(game: &GroupGame, call: &[f64]) -> Vec<f64> {
    let gains = game.push_gains(call);
    gains
        .iter()
        .map(|&g| f64::from(u8::from(g > 0.0)))
        .collect()
}

fn best_call(game: &GroupGame, push: &[f64]) -> Vec<f64> {
    let gains = game.call_gains(push);
    gains
        .iter()
        .map(|&g| f64::from(u8::from(g < 0.0)))
        .collect()
}
