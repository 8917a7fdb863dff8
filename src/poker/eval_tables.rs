//! The evaluator's tables, generated from the hand order in `classes`.
//! `build.rs` includes this file and `classes.rs` by path and bakes the
//! tables into the library as static arrays (read-only data: no first call
//! pays for them); the library itself uses only the constants, and its
//! tests regenerate the tables and compare them with the baked ones.

// In the build script's crate most of the library around these two files
// is absent, and what the library does not call is for the build script.
#![allow(dead_code)]

use super::classes::{self, Score};

/// Number of distinct 5-card hand classes.
pub const CLASS_COUNT: usize = 7462;
pub const BUCKET_BITS: u32 = 13;
pub const SLOT_BITS: u32 = 17;

/// 5^rank: a rank's weight in the base-5 rank sum.
pub const POW5: [u32; 13] = {
    let mut p = [1u32; 13];
    let mut i = 1;
    while i < 13 {
        p[i] = p[i - 1] * 5;
        i += 1;
    }
    p
};

/// The tables, as the evaluator reads them (see `eval.rs`).
pub struct Generated {
    pub flush: Vec<u16>,
    pub slots: Vec<u16>,
    pub displacement: Vec<u32>,
    pub bucket_mul: u32,
    pub slot_mul: u32,
    pub scores: Vec<Score>,
    pub categories: Vec<u8>,
}

/// Builds every table (about 150 M instructions: build time, not run time).
pub fn generate() -> Generated {
    let scores = classes::all_class_scores();
    assert_eq!(
        scores.len(),
        CLASS_COUNT,
        "the class enumeration is complete"
    );
    let rank_of = |s: Score| -> u16 {
        (scores
            .binary_search(&s)
            .expect("every best hand is a class")
            + 1) as u16
    };

    let mut flush = vec![0u16; 1 << 13];
    for mask in 0u16..(1 << 13) {
        if mask.count_ones() >= 5 {
            flush[mask as usize] = rank_of(classes::best_flush(mask));
        }
    }

    // Every rank multiset of 5, 6 or 7 cards with its best non-flush rank.
    let mut entries: Vec<(u32, u16)> = Vec::with_capacity(80_000);
    for cards in 5..=7u8 {
        let mut counts = [0u8; 13];
        classes::for_each_count_vector(cards, &mut counts, 0, &mut |c| {
            let key: u32 = (0..13).map(|r| c[r] as u32 * POW5[r]).sum();
            entries.push((key, rank_of(classes::best_from_counts(c))));
        });
    }

    // Multipliers from a fixed stream: deterministic, tried until the
    // hash-and-displace build succeeds (the first nearly always does).
    let mut stream = 0x243F_6A88_85A3_08D3u64;
    loop {
        let mut next_odd = || {
            stream = stream
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((stream >> 32) as u32) | 1
        };
        let (bucket_mul, slot_mul) = (next_odd(), next_odd());
        if let Some((mut slots, displacement)) = displace(&entries, bucket_mul, slot_mul) {
            slots.push(0);
            let categories = std::iter::once(0)
                .chain(scores.iter().map(|&s| classes::category_of(s) as u8))
                .collect();
            return Generated {
                flush,
                slots,
                displacement,
                bucket_mul,
                slot_mul,
                scores,
                categories,
            };
        }
    }
}

/// Hash and displace: buckets, largest first, each get the smallest
/// displacement that sends all their keys to free slots.
fn displace(
    entries: &[(u32, u16)],
    bucket_mul: u32,
    slot_mul: u32,
) -> Option<(Vec<u16>, Vec<u32>)> {
    let mut buckets: Vec<Vec<(u32, u16)>> = vec![Vec::new(); 1 << BUCKET_BITS];
    for &(key, rank) in entries {
        let b = key.wrapping_mul(bucket_mul) >> (32 - BUCKET_BITS);
        let base = key.wrapping_mul(slot_mul) >> (32 - SLOT_BITS);
        buckets[b as usize].push((base, rank));
    }
    let mut order: Vec<usize> = (0..buckets.len()).collect();
    order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].len()));
    let mut slots = vec![0u16; 1 << SLOT_BITS];
    let mut displacement = vec![0u32; 1 << BUCKET_BITS];
    let mut positions = Vec::new();
    for b in order {
        let items = &buckets[b];
        if items.is_empty() {
            break;
        }
        let found = (0..1u32 << SLOT_BITS).find(|&d| {
            positions.clear();
            items.iter().all(|&(base, _)| {
                let p = (base ^ d) as usize;
                let free = slots[p] == 0 && !positions.contains(&p);
                positions.push(p);
                free
            })
        })?;
        displacement[b] = found;
        for &(base, rank) in items {
            slots[(base ^ found) as usize] = rank;
        }
    }
    Some((slots, displacement))
}

impl Generated {
    /// The tables as Rust statics, for `include!`.
    pub fn to_rust(&self) -> String {
        fn array<T: std::fmt::Display>(name: &str, ty: &str, items: &[T]) -> String {
            crate::baked::static_array("pub(crate)", name, ty, items, 32)
        }
        let mut out =
            String::from("// Generated by build.rs from src/poker/eval_tables.rs: do not edit.\n");
        out.push_str(&array("FLUSH", "u16", &self.flush));
        out.push_str(&array("SLOTS", "u16", &self.slots));
        out.push_str(&array("DISPLACEMENT", "u32", &self.displacement));
        out.push_str(&array("SCORES", "u32", &self.scores));
        out.push_str(&array("CATEGORIES", "u8", &self.categories));
        out.push_str(&format!(
            "pub(crate) const BUCKET_MUL: u32 = {};\npub(crate) const SLOT_MUL: u32 = {};\n",
            self.bucket_mul, self.slot_mul
        ));
        out
    }
}
