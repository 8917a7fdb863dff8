//! The CPU features the kernels are chosen by, in one place. Every SIMD
//! path is compiled on x86-64 whatever the features; these functions pick
//! one at run time, and the `force-scalar` feature acts only here (every
//! answer false), so the portable build compiles, lints and tests exactly
//! the code other CPUs run.

/// Whether the forcing feature turned the SIMD paths off.
pub const FORCED_SCALAR: bool = cfg!(feature = "force-scalar");

macro_rules! detected {
    ($($feature:tt),+) => {{
        #[cfg(target_arch = "x86_64")]
        {
            !FORCED_SCALAR $(&& std::arch::is_x86_feature_detected!($feature))+
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }};
}

/// AVX2 (the poker batch ranker, the coin game's sweep).
pub fn avx2() -> bool {
    detected!("avx2")
}

/// `popcnt` (card counting in Durak playouts).
pub fn popcnt() -> bool {
    detected!("popcnt")
}

/// `popcnt` and BMI2 (the k-th card by bit deposit).
pub fn bmi2() -> bool {
    detected!("popcnt", "bmi2")
}

/// An instruction-set tier of a kernel. Every dispatched kernel has one
/// entry taking the tier (`rank_batch_on`, `random_playout_on`, the coin
/// sweep's `sweep_slabs_on`), the same signature for every tier, a list of
/// the tiers it has (best first, `Portable` last), and a plain entry that
/// takes `best` of them; its tests run every tier of `testable` against
/// `Portable`, the reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// The portable code: what CPUs without the features, and the
    /// `force-scalar` build, run.
    Portable,
    /// `popcnt`.
    Popcnt,
    /// popcnt and BMI2.
    Bmi2,
    /// AVX2.
    Avx2,
}

impl Tier {
    /// Whether this CPU and build may run the tier.
    pub fn available(self) -> bool {
        match self {
            Tier::Portable => true,
            Tier::Popcnt => popcnt(),
            Tier::Bmi2 => bmi2(),
            Tier::Avx2 => avx2(),
        }
    }

    /// The tier's name in reports: "portable", "popcnt", "BMI2" or "AVX2".
    pub fn name(self) -> &'static str {
        match self {
            Tier::Portable => "portable",
            Tier::Popcnt => "popcnt",
            Tier::Bmi2 => "BMI2",
            Tier::Avx2 => "AVX2",
        }
    }
}

/// The first of a kernel's `tiers` (best first) this CPU and build have;
/// `Portable` when none.
pub fn best(tiers: &[Tier]) -> Tier {
    tiers
        .iter()
        .copied()
        .find(|t| t.available())
        .unwrap_or(Tier::Portable)
}

/// For a kernel's tests: the tiers of `tiers` this CPU and build can run
/// (`Portable` always), after saying on stderr which it cannot, so a
/// comparison that only checked the portable path says so.
pub fn testable(kernel: &str, tiers: &[Tier]) -> Vec<Tier> {
    let (run, skipped): (Vec<Tier>, Vec<Tier>) = tiers.iter().partition(|t| t.available());
    if !skipped.is_empty() {
        let names: Vec<&str> = skipped.iter().map(|t| t.name()).collect();
        eprintln!(
            "{kernel}: tiers {names:?} not run on this CPU/build (forced scalar: {FORCED_SCALAR}); compared: {:?}",
            run.iter().map(|t| t.name()).collect::<Vec<_>>()
        );
    }
    let mut run = run;
    if !run.contains(&Tier::Portable) {
        run.push(Tier::Portable);
    }
    run
}

/// The tiers this build and CPU take, for tests and reports.
pub fn tiers() -> Vec<&'static str> {
    [Tier::Avx2, Tier::Popcnt, Tier::Bmi2]
        .into_iter()
        .filter(|t| t.available())
        .map(Tier::name)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn forcing_scalar_turns_every_tier_off() {
        let tiers = super::tiers();
        if super::FORCED_SCALAR {
            assert!(tiers.is_empty(), "{tiers:?}");
        }
        eprintln!("SIMD tiers taken on this CPU and build: {tiers:?}");
    }

    #[test]
    fn the_best_tier_is_the_first_available() {
        use super::{Tier, best, testable};
        assert_eq!(best(&[]), Tier::Portable);
        assert_eq!(best(&[Tier::Portable]), Tier::Portable);
        let avx2 = best(&[Tier::Avx2, Tier::Portable]);
        assert_eq!(avx2 == Tier::Avx2, super::avx2());
        let run = testable("test", &[Tier::Bmi2, Tier::Popcnt]);
        assert!(run.contains(&Tier::Portable) && run.iter().all(|t| t.available()));
    }
}
