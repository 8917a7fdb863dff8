//! Products of per-target polynomials for the split damage integral.
//!
//! A product is a sum of terms `coef * z^count * t^a * e^(-b t)` in two
//! layers: flag 0 before, and flag 1 after, one living target has been
//! chosen to weight the term (the `a(x)` factor of the formula), and
//! optionally by the number of dead minions. Coefficients are stored
//! multiplied by `a!`, so that multiplying by `t^k / k!` multiplies them by
//! the integer C(a + k, k), and the integral of a term is
//! `stored / b^(a + 1)`.

use crate::budget::Control;
use crate::dd::Dd;

/// One target as a polynomial factor.
#[derive(Debug, Clone, Copy)]
pub(super) struct Factor {
    /// Hits it takes to die (health + shield).
    pub capacity: u32,
    /// Counted by the dead-minion dimension.
    pub minion: bool,
}

/// Which terms of a factor to multiply by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Terms {
    /// Alive with any count, or dead.
    All,
    /// Dead only (for "these targets all die").
    DeadOnly,
}

/// Binomials and integral weights up to the hit count.
pub(super) struct Weights {
    hits: usize,
    /// C(i, j) at i * (hits + 1) + j.
    binomial: Vec<f64>,
    /// 1 / b^(a+1) at a * (targets + 2) + b.
    inverse_powers: Vec<Dd>,
    b_dim: usize,
}

impl Weights {
    pub fn new(hits: u32, targets: usize) -> Weights {
        let hits = hits as usize;
        let side = hits + 1;
        let mut binomial = vec![0.0; side * side];
        for i in 0..side {
            binomial[i * side] = 1.0;
            for j in 1..=i {
                binomial[i * side + j] = binomial[(i - 1) * side + j - 1]
                    + if j < i {
                        binomial[(i - 1) * side + j]
                    } else {
                        0.0
                    };
            }
        }
        let b_dim = targets + 2;
        let mut inverse_powers = vec![Dd::ZERO; side * b_dim];
        for b in 1..b_dim {
            let inv_b = Dd::ONE / Dd::from_f64(b as f64);
            let mut power = inv_b; // 1 / b^(a+1) for a = 0
            for a in 0..side {
                inverse_powers[a * b_dim + b] = power;
                power = power * inv_b;
            }
        }
        Weights {
            hits,
            binomial,
            inverse_powers,
            b_dim,
        }
    }

    #[inline]
    fn choose(&self, n: usize, k: usize) -> f64 {
        self.binomial[n * (self.hits + 1) + k]
    }

    /// The integral of a stored term with powers `a` and `b` (b >= 1).
    #[inline]
    fn integral(&self, a: usize, b: usize) -> Dd {
        self.inverse_powers[a * self.b_dim + b]
    }
}

/// A product of factors, dense over (flag, dead minions, count, a, b).
#[derive(Clone)]
pub(super) struct Poly {
    hits: usize,
    m_dim: usize,
    b_dim: usize,
    data: Vec<Dd>,
}

impl Poly {
    /// The empty product for `targets` factors, with `m_dim` dead-minion
    /// levels (1 to ignore them).
    pub fn one(hits: u32, targets: usize, m_dim: usize) -> Poly {
        let hits = hits as usize;
        let b_dim = targets + 1;
        let mut poly = Poly {
            hits,
            m_dim,
            b_dim,
            data: vec![Dd::ZERO; 2 * m_dim * (hits + 1) * (hits + 1) * b_dim],
        };
        let at = poly.index(0, 0, 0, 0, 0);
        poly.data[at] = Dd::ONE;
        poly
    }

    /// Cells a multiplication visits, for the work estimate.
    pub fn cells(hits: u32, targets: usize, m_dim: usize) -> u64 {
        let side = hits as u64 + 1;
        2 * m_dim as u64 * side * (side + 1) / 2 * (targets as u64 + 1)
    }

    #[inline]
    fn index(&self, flag: usize, m: usize, z: usize, a: usize, b: usize) -> usize {
        let side = self.hits + 1;
        (((flag * self.m_dim + m) * side + z) * side + a) * self.b_dim + b
    }

    #[inline]
    fn add(&mut self, at: usize, value: Dd) {
        self.data[at] += value;
    }

    /// This product times one more factor; stops early (an unfinished
    /// product) once `control` passes, which the caller checks.
    pub fn times(&self, factor: Factor, terms: Terms, w: &Weights, control: &Control) -> Poly {
        let mut out = Poly {
            data: vec![Dd::ZERO; self.data.len()],
            ..*self
        };
        let n = self.hits;
        let c = factor.capacity as usize;
        let dm = usize::from(factor.minion && self.m_dim > 1);
        for flag in 0..2 {
            for m in 0..self.m_dim {
                for z in 0..=n {
                    // A product of many hits takes long: read the cancel
                    // flag and deadline every few rows.
                    if z % 16 == 15 && control.passed() {
                        return out;
                    }
                    for a in 0..=z {
                        for b in 0..self.b_dim - 1 {
                            let v = self.data[self.index(flag, m, z, a, b)];
                            if v.is_zero() {
                                continue;
                            }
                            if terms == Terms::All {
                                // Alive with k hits: t^k e^-t / k!.
                                for k in 0..c.min(n - z + 1) {
                                    let term = v.mul_f64(w.choose(a + k, k));
                                    out.add(out.index(flag, m, z + k, a + k, b + 1), term);
                                    if flag == 0 {
                                        out.add(out.index(1, m, z + k, a + k, b + 1), term);
                                    }
                                }
                            }
                            if c <= n - z {
                                // Dead: 1 - sum_{k<c} t^k e^-t / k!.
                                out.add(out.index(flag, m + dm, z + c, a, b), v);
                                for k in 0..c {
                                    let term = v.mul_f64(-w.choose(a + k, k));
                                    out.add(out.index(flag, m + dm, z + c, a + k, b + 1), term);
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// With this the product of every other factor: P(`factor` took k
    /// hits), k = 0..=capacity.
    pub fn finish_marginal(&self, factor: Factor, w: &Weights) -> Vec<f64> {
        let n = self.hits;
        let c = factor.capacity as usize;
        let mut out = vec![0.0; c + 1];
        for (k, slot) in out.iter_mut().enumerate().take(n.min(c) + 1) {
            let z = n - k;
            let mut acc = Dd::ZERO;
            for a in 0..=z {
                for b in 0..self.b_dim {
                    if k < c {
                        // Alive with k hits; it may be the weighted one.
                        let v = self.data[self.index(0, 0, z, a, b)]
                            + self.data[self.index(1, 0, z, a, b)];
                        if !v.is_zero() {
                            acc += v.mul_f64(w.choose(a + k, k)) * w.integral(a + k, b + 1);
                        }
                    } else {
                        // Dead: another target carries the weight.
                        let v = self.data[self.index(1, 0, z, a, b)];
                        if v.is_zero() {
                            continue;
                        }
                        acc += v * w.integral(a, b);
                        for kk in 0..c {
                            acc += -(v.mul_f64(w.choose(a + kk, kk)) * w.integral(a + kk, b + 1));
                        }
                    }
                }
            }
            *slot = acc.to_f64();
        }
        out
    }

    /// With every factor multiplied in: P(the volley ends with m dead
    /// minions), m = 0..m_dim (a single total when m_dim = 1).
    pub fn finish_total(&self, w: &Weights) -> Vec<f64> {
        let n = self.hits;
        (0..self.m_dim)
            .map(|m| {
                let mut acc = Dd::ZERO;
                for a in 0..=n {
                    for b in 1..self.b_dim {
                        let v = self.data[self.index(1, m, n, a, b)];
                        if !v.is_zero() {
                            acc += v * w.integral(a, b);
                        }
                    }
                }
                acc.to_f64()
            })
            .collect()
    }
}
