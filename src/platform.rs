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

/// The tiers this build and CPU take, for tests and reports ("avx2",
/// "bmi2", ...; empty when only the portable code runs).
pub fn tiers() -> Vec<&'static str> {
    [("avx2", avx2()), ("popcnt", popcnt()), ("bmi2", bmi2())]
        .into_iter()
        .filter_map(|(name, on)| on.then_some(name))
        .collect()
}

/// For the tests that compare a SIMD path with its portable reference:
/// says on stderr when this CPU or build does not take the tier, so the
/// comparison checks the portable path against itself only.
pub fn report_tier(test: &str, tier: &str, taken: bool) {
    if !taken {
        eprintln!(
            "{test}: {tier} not taken on this CPU/build (forced scalar: {FORCED_SCALAR}); the portable path was compared with itself"
        );
    }
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
}
