//! Memo tables shared by the searches: `hashbrown` maps with a fixed,
//! fast hasher, so that iteration order, and hence floating-point sums,
//! are the same on every run (results are deterministic for a seed).

use std::hash::{BuildHasher, Hasher};

/// A multiply-rotate hasher (the FxHash scheme): fast on small fixed keys,
/// unseeded so runs repeat exactly. Not for untrusted keys in a server.
#[derive(Default, Clone, Copy)]
pub struct FixedHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for FixedHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            self.write_u64(word);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.write_u64(n as u64);
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // Fold the high bits down: hashbrown takes its bucket from the low
        // bits and its tag from the top seven.
        self.0 ^ (self.0 >> 29)
    }
}

/// Builds [`FixedHasher`]s.
#[derive(Default, Clone, Copy)]
pub struct FixedState;

impl BuildHasher for FixedState {
    type Hasher = FixedHasher;
    #[inline]
    fn build_hasher(&self) -> FixedHasher {
        FixedHasher::default()
    }
}

/// A deterministic `hashbrown` map for memo tables.
pub type FixedMap<K, V> = hashbrown::HashMap<K, V, FixedState>;

/// An empty map with room for `capacity` entries.
pub fn fixed_map<K, V>(capacity: usize) -> FixedMap<K, V> {
    FixedMap::with_capacity_and_hasher(capacity, FixedState)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_keys_iterate_in_the_same_order_every_time() {
        let build = || {
            let mut m = fixed_map::<[u16; 4], u32>(0);
            for i in 0..1000u16 {
                m.insert([i, i ^ 7, 3, i / 3], i as u32);
            }
            m.values().copied().collect::<Vec<_>>()
        };
        assert_eq!(build(), build());
        let distinct: std::collections::HashSet<u64> = (0..10_000u64)
            .map(|i| {
                let mut h = FixedState.build_hasher();
                h.write_u64(i);
                h.finish() & 0xFFF
            })
            .collect();
        // Low bits spread well enough for the table's buckets.
        assert!(distinct.len() > 3500, "{}", distinct.len());
    }
}
