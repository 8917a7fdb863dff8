//! A small dense simplex: maximize `c . z` subject to `A z <= b`, `z >= 0`,
//! from a basis made feasible by given pivots. It solves the restricted
//! games of the marginal groups (tens of variables), so a dense tableau
//! is the simple and fast choice. Dantzig's rule, with Bland's after a run
//! of degenerate pivots so it cannot cycle.

use crate::error::{Error, ErrorKind, Result};

/// Reduced costs and pivots below this (the data are scaled to at most 1)
/// count as zero.
const EPS: f64 = 1e-12;

/// Degenerate pivots in a row before Bland's rule takes over.
const DEGENERATE_RUN: usize = 50;

/// An optimal solution: the variables and each row's dual price.
pub(super) struct Optimum {
    pub primal: Vec<f64>,
    pub dual: Vec<f64>,
}

struct Tableau {
    rows: usize,
    /// Structural variables, then one slack a row, then the right side.
    width: usize,
    cells: Vec<f64>,
    /// The objective row: reduced costs, and minus the objective.
    objective: Vec<f64>,
    basis: Vec<usize>,
}

impl Tableau {
    fn at(&self, r: usize, c: usize) -> f64 {
        self.cells[r * self.width + c]
    }

    fn rhs(&self, r: usize) -> f64 {
        self.at(r, self.width - 1)
    }

    fn pivot(&mut self, r: usize, col: usize) {
        let w = self.width;
        let p = self.at(r, col);
        for v in &mut self.cells[r * w..(r + 1) * w] {
            *v /= p;
        }
        let pivot_row: Vec<f64> = self.cells[r * w..(r + 1) * w].to_vec();
        for i in (0..self.rows).filter(|&i| i != r) {
            let f = self.at(i, col);
            if f != 0.0 {
                let row = &mut self.cells[i * w..(i + 1) * w];
                for (v, p) in row.iter_mut().zip(&pivot_row) {
                    *v -= f * p;
                }
            }
        }
        let f = self.objective[col];
        if f != 0.0 {
            for (v, p) in self.objective.iter_mut().zip(&pivot_row) {
                *v -= f * p;
            }
        }
        self.basis[r] = col;
    }

    /// The entering column: the largest reduced cost, or the first
    /// positive one under Bland's rule.
    fn entering(&self, bland: bool) -> Option<usize> {
        let costs = &self.objective[..self.width - 1];
        if bland {
            return costs.iter().position(|&r| r > EPS);
        }
        let (col, &best) = costs.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1))?;
        (best > EPS).then_some(col)
    }

    /// The leaving row for `col`: the smallest ratio, ties to the smallest
    /// basic variable (Bland).
    fn leaving(&self, col: usize) -> Option<usize> {
        let mut best: Option<(f64, usize, usize)> = None;
        for r in 0..self.rows {
            let a = self.at(r, col);
            if a <= EPS {
                continue;
            }
            let ratio = self.rhs(r).max(0.0) / a;
            let better = match best {
                None => true,
                Some((q, _, var)) => ratio < q || (ratio == q && self.basis[r] < var),
            };
            if better {
                best = Some((ratio, r, self.basis[r]));
            }
        }
        best.map(|(_, r, _)| r)
    }
}

/// Maximizes `c . z` subject to `a z <= b` (`a` row-major, one row per
/// `b`), `z >= 0`. The slack basis, after the `start` pivots (row,
/// structural column), must be feasible.
pub(super) fn maximize(
    a: &[f64],
    b: &[f64],
    c: &[f64],
    start: &[(usize, usize)],
) -> Result<Optimum> {
    let (rows, n) = (b.len(), c.len());
    let width = n + rows + 1;
    let mut cells = vec![0.0; rows * width];
    for r in 0..rows {
        let row = &mut cells[r * width..(r + 1) * width];
        row[..n].copy_from_slice(&a[r * n..(r + 1) * n]);
        row[n + r] = 1.0;
        row[width - 1] = b[r];
    }
    let mut objective = vec![0.0; width];
    objective[..n].copy_from_slice(c);
    let mut t = Tableau {
        rows,
        width,
        cells,
        objective,
        basis: (n..n + rows).collect(),
    };
    for &(r, col) in start {
        t.pivot(r, col);
    }
    if (0..rows).any(|r| t.rhs(r) < -EPS) {
        return Err(internal("the starting basis is infeasible"));
    }
    run(&mut t)?;
    let mut primal = vec![0.0; n];
    for (r, &var) in t.basis.iter().enumerate() {
        if var < n {
            primal[var] = t.rhs(r).max(0.0);
        }
    }
    let dual = (0..rows).map(|r| -t.objective[n + r]).collect();
    Ok(Optimum { primal, dual })
}

/// Pivots to optimality.
fn run(t: &mut Tableau) -> Result<()> {
    let limit = 50 * (t.width + t.rows) + 1000;
    let mut degenerate = 0;
    for _ in 0..limit {
        let Some(col) = t.entering(degenerate >= DEGENERATE_RUN) else {
            return Ok(());
        };
        let Some(r) = t.leaving(col) else {
            return Err(internal("the restricted game is unbounded"));
        };
        degenerate = if t.rhs(r) <= EPS { degenerate + 1 } else { 0 };
        t.pivot(r, col);
    }
    Err(internal("the simplex did not finish"))
}

fn internal(what: &str) -> Error {
    Error::new(ErrorKind::Internal, format!("push/fold solver: {what}"))
}
