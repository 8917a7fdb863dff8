//! Random choices: attacks and effects ask a [`Chooser`] for each. The
//! Monte Carlo engine draws them from a random stream; the exact engine
//! enumerates every sequence of them with an [`Odometer`], each with its
//! probability.

use super::state::State;

/// A source of the random choices effects and attacks make.
pub trait Chooser {
    /// One of `n` (>= 1) equally likely choices.
    fn pick(&mut self, n: u32) -> u32;

    /// Hears what happens, with the state just before it; the engines'
    /// choosers ignore it (the call compiles away), a trace keeps it.
    #[inline(always)]
    fn hear(&mut self, _event: super::trace::Event, _state: &State) {}
}

impl Chooser for crate::rng::Rng {
    #[inline]
    fn pick(&mut self, n: u32) -> u32 {
        self.below(n)
    }
}

/// Enumerates every sequence of choices a step can make, as an odometer:
/// run the step, read its probability, `advance`, until it says done.
/// Each run replays the choices of the sequence so far and takes the first
/// option at every new one.
#[derive(Debug, Clone, Default)]
pub struct Odometer {
    /// (choice, options) of the current sequence.
    picks: Vec<(u32, u32)>,
    at: usize,
}

/// `RECIPROCALS[n]` is `1.0 / n` (0 for 0: no run has no ways).
pub(super) const RECIPROCALS: [f64; 64] = {
    let mut r = [0.0; 64];
    let mut n = 1;
    while n < r.len() {
        r[n] = 1.0 / n as f64;
        n += 1;
    }
    r
};

impl Odometer {
    /// An odometer at the start of an enumeration.
    pub fn new() -> Odometer {
        Odometer::default()
    }

    /// Forgets every sequence: the next run starts a new enumeration
    /// (one odometer serves many, without allocating again).
    pub fn reset(&mut self) {
        self.picks.clear();
        self.at = 0;
    }

    /// Starts a run of the current sequence.
    pub fn rewind(&mut self) {
        self.at = 0;
    }

    /// The choices of the run just made: (choice, options), first first.
    pub fn path(&self) -> &[(u32, u32)] {
        &self.picks[..self.at]
    }

    /// The probability of the run just made: one over the product of the
    /// options, read from a table when small (a division is slow, and
    /// every child of the exact search asks).
    #[inline]
    pub fn probability(&self) -> f64 {
        let picks = &self.picks[..self.at];
        match picks
            .iter()
            .try_fold(1u64, |m, &(_, n)| m.checked_mul(u64::from(n)))
        {
            Some(ways) if (ways as usize) < RECIPROCALS.len() => RECIPROCALS[ways as usize],
            Some(ways) => 1.0 / ways as f64,
            None => picks.iter().fold(1.0, |p, &(_, n)| p / f64::from(n)),
        }
    }

    /// The next sequence; false when every one has been run.
    pub fn advance(&mut self) -> bool {
        self.picks.truncate(self.at);
        while let Some(last) = self.picks.last_mut() {
            last.0 += 1;
            if last.0 < last.1 {
                return true;
            }
            self.picks.pop();
        }
        false
    }
}

impl Chooser for Odometer {
    fn pick(&mut self, n: u32) -> u32 {
        debug_assert!(n >= 1);
        let choice = if self.at < self.picks.len() {
            debug_assert_eq!(self.picks[self.at].1, n, "a replay made other choices");
            self.picks[self.at].0
        } else {
            self.picks.push((0, n));
            0
        };
        self.at += 1;
        choice
    }
}

#[cfg(test)]
mod odometer_tests {
    use super::*;

    /// A run's probability is one over the product of its options: from
    /// the table, by one division past it, and by a division per pick when
    /// the product overflows; the probabilities of every run sum to 1.
    #[test]
    fn run_probabilities_are_the_product_of_the_picks() {
        for options in [
            vec![1u32],
            vec![3],
            vec![7, 9],
            vec![5, 13],
            vec![u32::MAX, u32::MAX, 3],
        ] {
            let mut odometer = Odometer::new();
            for &n in &options {
                odometer.pick(n);
            }
            let expected = options.iter().fold(1.0, |p, &n| p / f64::from(n));
            let p = odometer.probability();
            assert!(
                (p - expected).abs() <= expected * 1e-15,
                "{options:?}: {p} vs {expected}"
            );
        }
        let mut odometer = Odometer::new();
        let mut total = 0.0;
        loop {
            odometer.rewind();
            let first = odometer.pick(3);
            odometer.pick(if first == 0 { 2 } else { 5 });
            total += odometer.probability();
            if !odometer.advance() {
                break;
            }
        }
        assert!((total - 1.0).abs() < 1e-12, "{total}");
    }
}
