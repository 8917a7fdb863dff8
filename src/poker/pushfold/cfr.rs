//! CFR+ over the deals of a multiway push/fold game, and the exact best
//! responses that measure how far a strategy is from an equilibrium.
//!
//! Each seat acts at most once in a hand (it folds, or pushes or calls and
//! is all-in), so its best response is a separate choice per spot and
//! group, and the chance that others' play brings a seat to a spot is the
//! whole reach there. One sweep over the deals gives, per spot and group,
//! the value of each action against the others' strategies: CFR+ updates
//! its regrets from them, and the best response is the better action.

use super::deals::Deals;
use super::table::Tree;

/// The chance to push or call, per spot and group (`spot * groups + g`).
pub(super) type Chances = Vec<f64>;

/// A sweep's results, per seat and per spot.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Sweep {
    /// Each seat's expected payoff (big blinds).
    pub values: Vec<f64>,
    /// Each seat's payoff's second moment over the deals.
    pub squares: Vec<f64>,
    /// What each seat gains by its exact best response.
    pub gains: Vec<f64>,
    /// The chance each spot is reached.
    pub reach: Vec<f64>,
    /// Per spot and group: the value of folding and of acting, weighted by
    /// the chance of getting there.
    pub counterfactual: Vec<[f64; 2]>,
}

/// One pass over the deals with `act`.
pub(super) fn sweep(tree: &Tree, deals: &Deals, act: &[f64]) -> Sweep {
    let (d, n, g) = (tree.spots.len(), deals.players, deals.groups);
    let ends = tree.ends.len();
    let seat: Vec<usize> = tree.spots.iter().map(|s| s.seat).collect();
    let mut out = Sweep {
        values: vec![0.0; n],
        squares: vec![0.0; n],
        gains: vec![0.0; n],
        reach: vec![0.0; d],
        counterfactual: vec![[0.0; 2]; d * g],
    };
    let mut reach = vec![0.0; d];
    let mut chance = vec![0.0; d];
    // Each decision's value per seat; an end's is read from its payoff row.
    let mut value = vec![0.0; d * n];
    for (k, &w) in deals.weight.iter().enumerate() {
        let groups = &deals.group[k * n..(k + 1) * n];
        let outcomes = &deals.outcome[k * ends..(k + 1) * ends];
        reach[0] = w;
        for s in 0..d {
            let p = act[s * g + usize::from(groups[seat[s]])];
            chance[s] = p;
            let [fold, acted] = tree.children[s];
            if fold < d {
                reach[fold] = reach[s] * (1.0 - p);
            }
            if acted < d {
                reach[acted] = reach[s] * p;
            }
        }
        for s in (0..d).rev() {
            let (p, [fold, acted]) = (chance[s], tree.children[s]);
            // Children come after their parent: split there to read them
            // while writing this decision's value.
            let (head, tail) = value.split_at_mut((s + 1) * n);
            let child = |c: usize| -> &[f64] {
                if c < d {
                    &tail[(c - s - 1) * n..(c - s) * n]
                } else {
                    let row = outcomes[c - d] as usize;
                    &deals.payoffs[row * n..(row + 1) * n]
                }
            };
            let (f, a) = (child(fold), child(acted));
            for (j, v) in head[s * n..].iter_mut().enumerate() {
                *v = p * a[j] + (1.0 - p) * f[j];
            }
            let i = seat[s];
            let cf = &mut out.counterfactual[s * g + usize::from(groups[i])];
            cf[0] += reach[s] * f[i];
            cf[1] += reach[s] * a[i];
            out.reach[s] += reach[s];
        }
        for ((v, q), &x) in out.values.iter_mut().zip(&mut out.squares).zip(&value[..n]) {
            *v += w * x;
            *q += w * x * x;
        }
    }
    for s in 0..d {
        for gr in 0..g {
            let [f, a] = out.counterfactual[s * g + gr];
            let p = act[s * g + gr];
            out.gains[seat[s]] += f.max(a) - (p * a + (1.0 - p) * f);
        }
    }
    out
}

/// The state of a CFR+ run.
pub(super) struct Cfr {
    regret: Vec<[f64; 2]>,
    /// The current strategy.
    pub act: Chances,
    /// The average strategy's numerator (iteration-weighted) and weight.
    sum: Vec<f64>,
    weight: f64,
    pub iterations: usize,
}

impl Cfr {
    pub fn new(tree: &Tree, deals: &Deals) -> Cfr {
        let size = tree.spots.len() * deals.groups;
        Cfr {
            regret: vec![[0.0; 2]; size],
            act: vec![0.5; size],
            sum: vec![0.0; size],
            weight: 0.0,
            iterations: 0,
        }
    }

    /// One iteration: a sweep with the current strategy, regrets floored
    /// at zero, the average weighted by the iteration number.
    pub fn step(&mut self, tree: &Tree, deals: &Deals) {
        self.iterations += 1;
        let t = self.iterations as f64;
        let s = sweep(tree, deals, &self.act);
        for ((r, p), (cf, sum)) in self
            .regret
            .iter_mut()
            .zip(self.act.iter_mut())
            .zip(s.counterfactual.iter().zip(self.sum.iter_mut()))
        {
            *sum += t * *p;
            let v = *p * cf[1] + (1.0 - *p) * cf[0];
            r[0] = (r[0] + cf[0] - v).max(0.0);
            r[1] = (r[1] + cf[1] - v).max(0.0);
            let total = r[0] + r[1];
            *p = if total > 0.0 { r[1] / total } else { 0.5 };
        }
        self.weight += t;
    }

    /// The average strategy.
    pub fn average(&self) -> Chances {
        if self.weight == 0.0 {
            return self.act.clone();
        }
        self.sum.iter().map(|s| s / self.weight).collect()
    }
}
