//! Double-double arithmetic: a value as an unevaluated sum `hi + lo` of two
//! `f64`s, about 106 bits of precision. Integers below 2^106 are exact, so
//! sums of large signed integer terms that nearly cancel stay exact.

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub};

/// A double-double number: the unevaluated sum `hi + lo`, with `lo` no
/// larger than half an ulp of `hi`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Dd {
    /// The leading part: the nearest `f64` to the value.
    pub hi: f64,
    /// The rounding error of `hi`.
    pub lo: f64,
}

/// `a + b` as a rounded sum and its exact error (Knuth).
#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `a + b` when `|a| >= |b|`.
#[inline]
fn quick_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// Splits into high and low halves of 26 bits each (Dekker), so that
/// products of halves are exact without a fused multiply-add.
#[inline]
fn split(a: f64) -> (f64, f64) {
    const SPLITTER: f64 = 134_217_729.0; // 2^27 + 1
    let t = SPLITTER * a;
    let hi = t - (t - a);
    (hi, a - hi)
}

/// `a * b` as a rounded product and its exact error.
#[inline]
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

impl Dd {
    /// Zero.
    pub const ZERO: Dd = Dd { hi: 0.0, lo: 0.0 };
    /// One.
    pub const ONE: Dd = Dd { hi: 1.0, lo: 0.0 };

    /// The exact value of `x`.
    pub const fn from_f64(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(self) -> bool {
        self.hi == 0.0
    }

    /// The nearest `f64`.
    #[inline]
    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }

    /// `self * x` for an `f64` factor.
    #[inline]
    pub fn mul_f64(self, x: f64) -> Dd {
        let (p, e) = two_prod(self.hi, x);
        let (hi, lo) = quick_two_sum(p, e + self.lo * x);
        Dd { hi, lo }
    }
}

impl From<f64> for Dd {
    fn from(x: f64) -> Dd {
        Dd::from_f64(x)
    }
}

impl Add for Dd {
    type Output = Dd;
    #[inline]
    fn add(self, o: Dd) -> Dd {
        let (s, e) = two_sum(self.hi, o.hi);
        let (t, f) = two_sum(self.lo, o.lo);
        let (s, e) = quick_two_sum(s, e + t);
        let (hi, lo) = quick_two_sum(s, e + f);
        Dd { hi, lo }
    }
}

impl AddAssign for Dd {
    #[inline]
    fn add_assign(&mut self, o: Dd) {
        *self = *self + o;
    }
}

impl Neg for Dd {
    type Output = Dd;
    #[inline]
    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl Sub for Dd {
    type Output = Dd;
    #[inline]
    fn sub(self, o: Dd) -> Dd {
        self + -o
    }
}

impl Mul for Dd {
    type Output = Dd;
    #[inline]
    fn mul(self, o: Dd) -> Dd {
        let (p, e) = two_prod(self.hi, o.hi);
        let (hi, lo) = quick_two_sum(p, e + (self.hi * o.lo + self.lo * o.hi));
        Dd { hi, lo }
    }
}

impl Div for Dd {
    type Output = Dd;
    /// Long division with two correction steps.
    fn div(self, o: Dd) -> Dd {
        let q1 = self.hi / o.hi;
        let r = self - o.mul_f64(q1);
        let q2 = r.hi / o.hi;
        let r = r - o.mul_f64(q2);
        let q3 = r.hi / o.hi;
        let (hi, lo) = quick_two_sum(q1, q2);
        Dd { hi, lo } + Dd::from_f64(q3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_f64_loses() {
        let big = Dd::from_f64(1e20);
        let sum = big + Dd::from_f64(1.0) - big;
        assert_eq!(sum.to_f64(), 1.0);
        // (2^60 + 1) * 3 - 3 * 2^60 is 3, exactly.
        let x = Dd::from_f64(2f64.powi(60)) + Dd::ONE;
        let y = x.mul_f64(3.0) - Dd::from_f64(3.0 * 2f64.powi(60));
        assert_eq!(y.to_f64(), 3.0);
        let z = x * Dd::from_f64(5.0) - Dd::from_f64(5.0 * 2f64.powi(60));
        assert_eq!(z.to_f64(), 5.0);
        let third = Dd::ONE / Dd::from_f64(3.0);
        let back = third.mul_f64(3.0) - Dd::ONE;
        assert!(back.to_f64().abs() < 1e-30);
    }
}
