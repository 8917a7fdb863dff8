//! The heads-up push/fold game on any deck: the combos that can be dealt,
//! each pair's all-in equity, and the stakes. The deal is uniform over the
//! ordered pairs of disjoint combos (the small blind's first), so card
//! removal is exact. Strategies are per combo: the chance to push (small
//! blind) and to call (big blind).
//!
//! Everything is in chips, relative to the players' stacks before the
//! hand: folding loses what was posted, a called push wins or loses the
//! effective stack by the equity.

use crate::error::{Error, Result};

/// The stakes: the effective stack (before posting), the blinds and the
/// ante each player posts, in chips.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stakes {
    /// The smaller stack, before posting anything.
    pub stack: f64,
    /// The small blind.
    pub small_blind: f64,
    /// The big blind.
    pub big_blind: f64,
    /// The ante each player posts.
    pub ante: f64,
}

impl Stakes {
    /// What the small blind loses by folding: its ante and blind (all of
    /// its stack if that is less).
    pub fn sb_posted(&self) -> f64 {
        self.stack.min(self.ante + self.small_blind)
    }

    /// What the big blind loses by folding to a push.
    pub fn bb_posted(&self) -> f64 {
        self.stack.min(self.ante + self.big_blind)
    }

    /// Checks every amount, naming the bad one.
    pub fn check(&self) -> Result<()> {
        let positive = |x: f64| x.is_finite() && x > 0.0;
        if !positive(self.stack) {
            return Err(Error::invalid(format!(
                "stack {}: a stack must be a positive number",
                self.stack
            )));
        }
        check_blinds(self.small_blind, self.big_blind, self.ante)?;
        Ok(())
    }
}

/// Checks the blinds and the ante (shared by heads-up stakes and
/// tables), naming the bad one.
pub(super) fn check_blinds(small_blind: f64, big_blind: f64, ante: f64) -> Result<()> {
    let positive = |x: f64| x.is_finite() && x > 0.0;
    if !positive(big_blind) || !positive(small_blind) {
        return Err(Error::invalid(format!(
            "blinds {small_blind},{big_blind}: the blinds must be positive numbers"
        )));
    }
    if small_blind > big_blind {
        return Err(Error::invalid(format!(
            "blinds {small_blind},{big_blind}: the small blind is larger than the big blind"
        )));
    }
    if !(ante.is_finite() && ante >= 0.0) {
        return Err(Error::invalid(format!(
            "ante {ante}: the ante must be zero or a positive number"
        )));
    }
    Ok(())
}

/// The combos of a deck, their matchups and their symmetry groups.
#[derive(Debug, Clone)]
pub struct Matchups {
    /// Each combo's cards, as a bit mask (combos sharing a bit are never
    /// dealt together).
    pub(super) masks: Vec<u64>,
    /// Row `i`, column `j`: combo `i`'s all-in equity against combo `j`
    /// (win plus half the ties); unused when they share a card.
    pub(super) equity: Vec<f64>,
    /// Each combo's group: combos a symmetry of the deck maps onto each
    /// other (so an equilibrium exists that plays them alike), or each
    /// combo alone.
    pub(super) group_of: Vec<usize>,
    pub(super) groups: usize,
    /// Per combo, how many combos it can meet.
    pub(super) opponents: Vec<f64>,
    /// Per ordered pair of groups (row-major): the disjoint combo pairs,
    /// and the sum over them of `2 * equity - 1` (the first group's share
    /// of a called all-in, in stacks).
    pub(super) pairs: Vec<f64>,
    pub(super) edge: Vec<f64>,
    /// All ordered disjoint pairs: the deals.
    pub(super) deals: f64,
}

impl Matchups {
    /// The game on `masks` with `equity` (row-major, `n * n`) and each
    /// combo's group (`group_of[i] < groups`). The groups must be orbits
    /// of a symmetry of the game (or single combos): the solver plays a
    /// group's combos alike, and its exploitability check would show
    /// otherwise.
    pub fn new(masks: Vec<u64>, equity: Vec<f64>, group_of: Vec<usize>) -> Result<Matchups> {
        let n = masks.len();
        if equity.len() != n * n || group_of.len() != n {
            return Err(Error::invalid(format!(
                "matchups: {n} combos need {} equities and {n} groups, not {} and {}",
                n * n,
                equity.len(),
                group_of.len()
            )));
        }
        let groups = group_of.iter().max().map_or(0, |g| g + 1);
        let mut m = Matchups {
            masks,
            equity,
            group_of,
            groups,
            opponents: vec![0.0; n],
            pairs: vec![0.0; groups * groups],
            edge: vec![0.0; groups * groups],
            deals: 0.0,
        };
        m.gather();
        if m.deals == 0.0 {
            return Err(Error::invalid(
                "matchups: no two combos can be dealt together",
            ));
        }
        Ok(m)
    }

    /// Sums the per-pair data into the per-group tables.
    fn gather(&mut self) {
        let n = self.masks.len();
        for i in 0..n {
            let row = &self.equity[i * n..(i + 1) * n];
            let gi = self.group_of[i] * self.groups;
            let mi = self.masks[i];
            for ((&mj, &gj), &e) in self.masks.iter().zip(&self.group_of).zip(row) {
                if mi & mj != 0 {
                    continue;
                }
                self.pairs[gi + gj] += 1.0;
                self.edge[gi + gj] += 2.0 * e - 1.0;
                self.opponents[i] += 1.0;
            }
        }
        self.deals = self.opponents.iter().sum();
    }

    /// Combos in the game.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    /// Whether the game has no combos (never: `new` refuses it).
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// Groups in the game.
    pub fn groups(&self) -> usize {
        self.groups
    }
}

/// The game's payoff per group, for one stakes: the small blind's chips
/// times the deals, bilinear in the groups' push and call chances.
/// `value = constant + push . gain + push^T bilinear call`.
pub(super) struct GroupGame {
    pub groups: usize,
    pub constant: f64,
    /// Per group: what pushing instead of folding wins when never called.
    pub gain: Vec<f64>,
    /// Row `c` (pusher's group), column `d` (caller's group): what a call
    /// changes for the pusher, summed over the groups' disjoint pairs.
    pub bilinear: Vec<f64>,
}

impl GroupGame {
    pub fn new(m: &Matchups, s: &Stakes) -> GroupGame {
        let (k, sb, bb) = (m.groups, s.sb_posted(), s.bb_posted());
        let bilinear = m
            .pairs
            .iter()
            .zip(&m.edge)
            .map(|(&w, &q)| s.stack * q - bb * w)
            .collect();
        let gain = (0..k)
            .map(|c| (sb + bb) * m.pairs[c * k..(c + 1) * k].iter().sum::<f64>())
            .collect();
        GroupGame {
            groups: k,
            constant: -sb * m.deals,
            gain,
            bilinear,
        }
    }

    /// Per pusher group: pushing minus folding against `call`.
    pub fn push_gains(&self, call: &[f64]) -> Vec<f64> {
        let k = self.groups;
        (0..k)
            .map(|c| {
                let row = &self.bilinear[c * k..(c + 1) * k];
                self.gain[c] + row.iter().zip(call).map(|(b, y)| b * y).sum::<f64>()
            })
            .collect()
    }

    /// Per caller group: what its calling instead of folding gives the
    /// pusher against `push` (the caller calls when this is negative).
    pub fn call_gains(&self, push: &[f64]) -> Vec<f64> {
        let k = self.groups;
        let mut out = vec![0.0; k];
        for (c, &x) in push.iter().enumerate() {
            if x == 0.0 {
                continue;
            }
            let row = &self.bilinear[c * k..(c + 1) * k];
            for (o, b) in out.iter_mut().zip(row) {
                *o += x * b;
            }
        }
        out
    }
}

/// A strategy pair's value and how much each player gains by its best
/// response, in chips per hand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    /// The small blind's expected chips (relative to its stack).
    pub value: f64,
    /// What the small blind gains by its best response to the call
    /// strategy.
    pub sb_gain: f64,
    /// What the big blind gains by its best response to the push one.
    pub bb_gain: f64,
}

/// Evaluates per-combo `push` and `call` chances combo by combo (not by
/// group): the value and both exact best responses.
pub fn evaluate(m: &Matchups, s: &Stakes, push: &[f64], call: &[f64]) -> Evaluation {
    let (n, sb, bb, stack) = (m.len(), s.sb_posted(), s.bb_posted(), s.stack);
    // Per pusher combo, the chips of pushing summed over its opponents;
    // per caller combo, what its calling changes for the pusher.
    let mut push_sum = vec![0.0; n];
    let mut call_sum = vec![0.0; n];
    for i in 0..n {
        let row = &m.equity[i * n..(i + 1) * n];
        let (mi, x) = (m.masks[i], push[i]);
        let mut sum = 0.0;
        for j in 0..n {
            if mi & m.masks[j] != 0 {
                continue;
            }
            let called = stack * (2.0 * row[j] - 1.0) - bb;
            sum += call[j] * called;
            call_sum[j] += x * called;
        }
        push_sum[i] = m.opponents[i] * bb + sum;
    }
    let (mut value, mut best_sb, mut fixed) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let fold = -sb * m.opponents[i];
        value += (1.0 - push[i]) * fold + push[i] * push_sum[i];
        best_sb += fold.max(push_sum[i]);
        fixed += (1.0 - push[i]) * fold + push[i] * m.opponents[i] * bb;
    }
    let worst_for_sb = fixed + call_sum.iter().map(|&c| c.min(0.0)).sum::<f64>();
    Evaluation {
        value: value / m.deals,
        sb_gain: (best_sb - value) / m.deals,
        bb_gain: (value - worst_for_sb) / m.deals,
    }
}
