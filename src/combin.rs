//! Combination ranges: binomials, colexicographic rank/unrank of k-subsets,
//! iteration over a rank range, and splitting `[0, C(n,k))` into chunks so
//! that exhaustive enumerations run in parallel with no shared state.
//!
//! A k-subset of an n-element list is a strictly increasing list of positions
//! `c[0] < c[1] < .. < c[k-1] < n`. Its colexicographic rank is
//! `sum C(c[i], i + 1)`, so subsets of the first m elements come first and
//! the next subset usually differs only in its lowest position.

use crate::cards::CardSet;
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::ops::Range;

/// The index of the `k`-th lowest set bit of `mask`, which has more than
/// `k` bits set (the `k`-th element of a subset given as a mask).
#[inline(always)]
pub fn nth_set_bit(mut mask: u64, k: u32) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

/// The largest list a subset can be drawn from (a `u64` mask).
pub const MAX_N: usize = 64;

const fn binomial_table() -> [[u64; MAX_N + 1]; MAX_N + 1] {
    let mut t = [[0u64; MAX_N + 1]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            // C(64, 32) < 2^63, so no entry overflows.
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

static BINOMIAL: [[u64; MAX_N + 1]; MAX_N + 1] = binomial_table();

/// `C(n, k)`; zero when `k > n`. Panics when `n > 64`.
#[inline]
pub fn binomial(n: usize, k: usize) -> u64 {
    if k > n { 0 } else { BINOMIAL[n][k] }
}

/// The colexicographic rank of a strictly increasing list of positions.
pub fn rank(subset: &[u8]) -> u64 {
    debug_assert!(subset.windows(2).all(|w| w[0] < w[1]));
    subset
        .iter()
        .enumerate()
        .map(|(i, &c)| binomial(c as usize, i + 1))
        .sum()
}

/// Writes into `out` the k-subset of `0..n` with colexicographic rank `r`,
/// where `k = out.len()`. Errors when `n > 64` or `r >= C(n, k)`.
pub fn unrank(mut r: u64, n: usize, out: &mut [u8]) -> Result<()> {
    let k = out.len();
    if n > MAX_N {
        return Err(Error::invalid(format!("n = {n} exceeds {MAX_N}")));
    }
    if r >= binomial(n, k) {
        return Err(Error::invalid(format!(
            "rank {r} is not below C({n}, {k}) = {}",
            binomial(n, k)
        )));
    }
    // Greedy from the top: the largest c with C(c, i) <= r is position i-1.
    let mut c = n;
    for i in (1..=k).rev() {
        c -= 1;
        while binomial(c, i) > r {
            c -= 1;
        }
        out[i - 1] = c as u8;
        r -= binomial(c, i);
    }
    Ok(())
}

/// Iterates the k-subsets of an element list whose colexicographic ranks lie
/// in a range, yielding each subset as the union of its elements' bit masks.
///
/// The elements are single bits (usually cards); [`Subsets::indices`] gives
/// the positions of the subset last returned. The next subset costs O(1)
/// amortized: most steps move only the lowest position.
#[derive(Clone)]
pub struct Subsets {
    /// Bit of each element, by position.
    bits: [u64; MAX_N],
    /// Current positions, with `idx[k] = n` as a sentinel.
    idx: [u8; MAX_N + 1],
    k: usize,
    mask: u64,
    /// Subsets left to yield.
    remaining: u64,
    /// Whether `idx` holds a subset already yielded (so `next` steps first).
    yielded: bool,
}

impl Subsets {
    /// All k-subsets of the cards in `universe`, in colexicographic order.
    pub fn of_set(universe: CardSet, k: usize) -> Result<Subsets> {
        let n = universe.len() as usize;
        Self::of_set_range(universe, k, 0..binomial(n, k))
    }

    /// The k-subsets of `universe` with ranks in `ranks`.
    pub fn of_set_range(universe: CardSet, k: usize, ranks: Range<u64>) -> Result<Subsets> {
        let mut bits = [0u64; MAX_N];
        for (slot, card) in bits.iter_mut().zip(universe.iter()) {
            *slot = card.bit();
        }
        Self::from_bits(&bits[..universe.len() as usize], k, ranks)
    }

    /// The k-subsets of `0..n` (element i is bit i) with ranks in `ranks`.
    pub fn of_range(n: usize, k: usize, ranks: Range<u64>) -> Result<Subsets> {
        if n > MAX_N {
            return Err(Error::invalid(format!("n = {n} exceeds {MAX_N}")));
        }
        let bits: Vec<u64> = (0..n).map(|i| 1u64 << i).collect();
        Self::from_bits(&bits, k, ranks)
    }

    /// The k-subsets of a list of distinct single-bit elements, with ranks
    /// in `ranks` (an empty range yields nothing).
    pub fn from_bits(elements: &[u64], k: usize, ranks: Range<u64>) -> Result<Subsets> {
        let n = elements.len();
        if n > MAX_N || k > n {
            return Err(Error::invalid(format!(
                "cannot choose {k} of {n} elements (at most {MAX_N})"
            )));
        }
        let total = binomial(n, k);
        if ranks.start > ranks.end || ranks.end > total {
            return Err(Error::invalid(format!(
                "rank range {}..{} is not inside 0..{total}",
                ranks.start, ranks.end
            )));
        }
        let mut bits = [0u64; MAX_N];
        bits[..n].copy_from_slice(elements);
        let mut idx = [0u8; MAX_N + 1];
        idx[k] = n as u8;
        let remaining = ranks.end - ranks.start;
        let mut mask = 0;
        if remaining > 0 {
            unrank(ranks.start, n, &mut idx[..k])?;
            mask = idx[..k].iter().fold(0, |m, &c| m | bits[c as usize]);
        }
        Ok(Subsets {
            bits,
            idx,
            k,
            mask,
            remaining,
            yielded: false,
        })
    }

    /// Positions of the subset most recently returned by `next` (before the
    /// first call: of the first subset to come).
    pub fn indices(&self) -> &[u8] {
        &self.idx[..self.k]
    }

    /// Moves to the colexicographic successor; one must exist.
    #[inline]
    fn step(&mut self) {
        let idx = &mut self.idx;
        let bits = &self.bits;
        if self.k == 0 {
            return;
        }
        // Fast path: only the lowest position moves (idx[1] is the sentinel
        // n when k = 1).
        let c0 = idx[0];
        if c0 + 1 < idx[1] {
            self.mask ^= bits[c0 as usize] ^ bits[c0 as usize + 1];
            idx[0] = c0 + 1;
            return;
        }
        let mut i = 1;
        while idx[i] + 1 == idx[i + 1] {
            i += 1;
        }
        // Positions below i form a run ending just under idx[i]: reset them
        // to 0..i and move idx[i] up by one.
        for (j, slot) in idx.iter_mut().enumerate().take(i) {
            self.mask ^= bits[*slot as usize] ^ bits[j];
            *slot = j as u8;
        }
        let ci = idx[i] as usize;
        self.mask ^= bits[ci] ^ bits[ci + 1];
        idx[i] += 1;
    }

    /// Calls `f` with every remaining mask; faster than `next` in a loop
    /// because the lowest position runs in a tight inner loop.
    #[inline]
    pub fn for_each_mask(mut self, mut f: impl FnMut(u64)) {
        if self.remaining == 0 {
            return;
        }
        if self.yielded {
            self.step();
        }
        if self.k == 0 {
            f(self.mask);
            return;
        }
        loop {
            // Run the lowest position up to just under the next one.
            let c0 = self.idx[0] as usize;
            let run = ((self.idx[1] as usize - c0) as u64).min(self.remaining) as usize;
            let rest = self.mask ^ self.bits[c0];
            for &bit in &self.bits[c0..c0 + run] {
                f(rest | bit);
            }
            self.remaining -= run as u64;
            if self.remaining == 0 {
                return;
            }
            // Place position 0 at the end of its run, then step past it.
            let last = c0 + run - 1;
            self.mask = rest | self.bits[last];
            self.idx[0] = last as u8;
            self.step();
        }
    }
}

impl Iterator for Subsets {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.remaining == 0 {
            return None;
        }
        if self.yielded {
            self.step();
        }
        self.yielded = true;
        self.remaining -= 1;
        Some(self.mask)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.remaining).unwrap_or(usize::MAX);
        (n, usize::try_from(self.remaining).ok())
    }
}

/// The i-th of `parts` contiguous chunks of `0..total`; chunk sizes differ
/// by at most one and together they cover the range exactly once.
pub fn chunk_range(total: u64, parts: u64, i: u64) -> Range<u64> {
    let parts = parts.max(1);
    let at = |j: u64| (total as u128 * j as u128 / parts as u128) as u64;
    at(i)..at(i + 1)
}

/// A sensible chunk count for `total` items: several chunks per worker so
/// that rayon can balance uneven work, never more chunks than items.
pub fn default_parts(total: u64) -> usize {
    let wanted = rayon::current_num_threads() * 8;
    wanted
        .min(usize::try_from(total).unwrap_or(usize::MAX))
        .max(1)
}

/// The chunks of `0..total` as a parallel iterator: map each range to a
/// partial result and reduce; no locks and no shared counters.
pub fn par_chunks(total: u64, parts: usize) -> impl IndexedParallelIterator<Item = Range<u64>> {
    let parts = parts.max(1);
    (0..parts)
        .into_par_iter()
        .map(move |i| chunk_range(total, parts as u64, i as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn binomials_match_pascal_and_known_values() {
        assert_eq!(binomial(52, 5), 2_598_960);
        assert_eq!(binomial(52, 7), 133_784_560);
        assert_eq!(binomial(48, 5), 1_712_304);
        assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(binomial(5, 6), 0);
        assert_eq!(binomial(0, 0), 1);
        for n in 1..=MAX_N {
            for k in 1..n {
                assert_eq!(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k));
            }
        }
    }

    #[test]
    fn iteration_is_colex_order_and_ranks_count_up() {
        let mut it = Subsets::of_range(7, 3, 0..binomial(7, 3)).unwrap();
        let mut expected_rank = 0;
        let mut previous: Option<u64> = None;
        while let Some(mask) = it.next() {
            let idx = it.indices().to_vec();
            assert_eq!(rank(&idx), expected_rank);
            assert_eq!(idx.iter().fold(0u64, |m, &c| m | 1 << c), mask);
            if let Some(p) = previous {
                // Colex order on masks is plain numeric order.
                assert!(p < mask);
            }
            previous = Some(mask);
            expected_rank += 1;
        }
        assert_eq!(expected_rank, 35);
    }

    #[test]
    fn edge_cases() {
        assert_eq!(
            Subsets::of_range(5, 0, 0..1).unwrap().collect::<Vec<_>>(),
            vec![0]
        );
        assert_eq!(
            Subsets::of_range(5, 5, 0..1).unwrap().collect::<Vec<_>>(),
            vec![0b11111]
        );
        assert_eq!(Subsets::of_range(0, 0, 0..1).unwrap().count(), 1);
        assert_eq!(Subsets::of_range(5, 2, 3..3).unwrap().count(), 0);
        assert!(Subsets::of_range(5, 6, 0..0).is_err());
        assert!(Subsets::of_range(5, 2, 0..11).is_err());
        assert!(Subsets::of_range(65, 2, 0..1).is_err());
        assert!(unrank(10, 5, &mut [0u8; 2]).is_err());
        let mut all = Vec::new();
        Subsets::of_range(64, 1, 0..64)
            .unwrap()
            .for_each_mask(|m| all.push(m));
        assert_eq!(all.len(), 64);
        assert_eq!(all[63], 1 << 63);
    }

    #[test]
    fn parallel_sum_over_five_of_48_equals_sequential() {
        let deck = CardSet::parse("AhKhAsKs").unwrap().complement();
        let total = binomial(48, 5);
        let checksum = |m: u64| m.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
        let mut sequential = (0u64, 0u64);
        Subsets::of_set(deck, 5).unwrap().for_each(|m| {
            sequential.0 = sequential.0.wrapping_add(checksum(m));
            sequential.1 += 1;
        });
        let parallel = par_chunks(total, 37)
            .map(|r| {
                let mut acc = (0u64, 0u64);
                Subsets::of_set_range(deck, 5, r)
                    .unwrap()
                    .for_each_mask(|m| {
                        assert_eq!(m.count_ones(), 5);
                        assert_eq!(m & !deck.mask(), 0);
                        acc.0 = acc.0.wrapping_add(checksum(m));
                        acc.1 += 1;
                    });
                acc
            })
            .reduce(|| (0, 0), |a, b| (a.0.wrapping_add(b.0), a.1 + b.1));
        assert_eq!(sequential.1, total);
        assert_eq!(parallel, sequential);
    }

    proptest! {
        #[test]
        fn unrank_then_rank_round_trips(n in 0usize..=64, k_frac in 0.0f64..=1.0, r_frac in 0.0f64..1.0) {
            let k = ((n as f64) * k_frac) as usize;
            let total = binomial(n, k);
            let r = ((total as f64) * r_frac) as u64;
            let r = r.min(total - 1);
            let mut out = vec![0u8; k];
            unrank(r, n, &mut out).unwrap();
            prop_assert!(out.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(out.iter().all(|&c| (c as usize) < n));
            prop_assert_eq!(rank(&out), r);
        }

        #[test]
        fn rank_then_unrank_round_trips(mask in any::<u64>()) {
            let subset: Vec<u8> = (0..64u8).filter(|&i| mask >> i & 1 == 1).collect();
            let r = rank(&subset);
            let mut out = vec![0u8; subset.len()];
            unrank(r, 64, &mut out).unwrap();
            prop_assert_eq!(out, subset);
        }

        #[test]
        fn chunks_partition_the_range(total in 0u64..u64::MAX / 2, parts in 1u64..5000) {
            let mut next = 0;
            for i in 0..parts {
                let r = chunk_range(total, parts, i);
                prop_assert_eq!(r.start, next);
                prop_assert!(r.end >= r.start);
                prop_assert!(r.end - r.start <= total / parts + 1);
                next = r.end;
            }
            prop_assert_eq!(next, total);
        }

        #[test]
        fn ranged_iteration_matches_unrank(n in 1usize..=20, k_frac in 0.0f64..=1.0, a in 0.0f64..=1.0, b in 0.0f64..=1.0) {
            let k = ((n as f64) * k_frac) as usize;
            let total = binomial(n, k);
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            let start = ((total as f64) * lo) as u64;
            let end = (((total as f64) * hi) as u64).max(start);
            let via_next: Vec<u64> = Subsets::of_range(n, k, start..end).unwrap().collect();
            let mut via_each = Vec::new();
            Subsets::of_range(n, k, start..end).unwrap().for_each_mask(|m| via_each.push(m));
            prop_assert_eq!(via_next.len() as u64, end - start);
            prop_assert_eq!(&via_each, &via_next);
            for (offset, mask) in via_next.iter().enumerate() {
                let mut out = vec![0u8; k];
                unrank(start + offset as u64, n, &mut out).unwrap();
                prop_assert_eq!(out.iter().fold(0u64, |m, &c| m | 1 << c), *mask);
            }
        }
    }
}
