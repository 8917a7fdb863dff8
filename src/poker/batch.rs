//! Ranking many hands at once. The AVX2 path ranks eight hands per step:
//! lane arithmetic (the perfect hash of the rank keys, flush detection from
//! the suit counters) through `wide`, the two table lookups through AVX2
//! gathers. It is chosen at run time, since a portable build must not
//! assume AVX2; the `force-scalar` feature disables it (as BLAKE3's
//! `no_avx2` does). Both paths give identical ranks; tests compare them.

use super::eval::{HandKey, tables};

/// Writes the rank of `keys[i]` (hands of 5 to 7 cards) to `out[i]`.
pub fn rank_batch(keys: &[HandKey], out: &mut [u16]) {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-scalar")))]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 was detected on this CPU.
        unsafe { avx2::rank_batch(keys, out) };
        return;
    }
    rank_batch_scalar(keys, out);
}

/// The scalar reference path.
pub fn rank_batch_scalar(keys: &[HandKey], out: &mut [u16]) {
    for (slot, key) in out.iter_mut().zip(keys) {
        *slot = key.rank().0;
    }
}

/// Whether `rank_batch` takes the AVX2 path on this machine and build.
pub fn uses_avx2() -> bool {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-scalar")))]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "force-scalar"))))]
    {
        false
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2 {
    use super::*;
    use std::arch::x86_64::{
        __m256i, _mm256_i32gather_epi32, _mm256_loadu_si256, _mm256_storeu_si256,
    };
    use wide::u32x8;

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn rank_batch(keys: &[HandKey], out: &mut [u16]) {
        let t = tables();
        let n = keys.len().min(out.len());
        let (head, _) = keys[..n].as_chunks::<8>();
        for (chunk, dst) in head.iter().zip(out.chunks_exact_mut(8)) {
            let ranks = u32x8::new(chunk.map(|k| k.lanes().0));
            let suits = u32x8::new(chunk.map(|k| k.lanes().1));
            // Lane arithmetic: the perfect hash and the flush test.
            let bucket =
                (ranks * u32x8::splat(t.bucket_mul)) >> (32 - super::super::eval::BUCKET_BITS);
            let base = (ranks * u32x8::splat(t.slot_mul)) >> (32 - super::super::eval::SLOT_BITS);
            let flush = (suits & u32x8::splat(0x8888))
                .simd_eq(u32x8::splat(0))
                .to_bitmask()
                ^ 0xFF;
            // SAFETY: AVX2 is enabled; every index is inside its table
            // (buckets < 2^13; slots < 2^17 with one padding entry, so the
            // 4-byte read of the last u16 stays inside the allocation).
            let looked_up = unsafe {
                let bucket_v = _mm256_loadu_si256(bucket.as_array().as_ptr().cast::<__m256i>());
                let disp =
                    _mm256_i32gather_epi32::<4>(t.displacement.as_ptr().cast::<i32>(), bucket_v);
                let mut disp_arr = [0u32; 8];
                _mm256_storeu_si256(disp_arr.as_mut_ptr().cast::<__m256i>(), disp);
                let slot = base ^ u32x8::new(disp_arr);
                let slot_v = _mm256_loadu_si256(slot.as_array().as_ptr().cast::<__m256i>());
                let raw = _mm256_i32gather_epi32::<2>(t.slots.as_ptr().cast::<i32>(), slot_v);
                let mut raw_arr = [0u32; 8];
                _mm256_storeu_si256(raw_arr.as_mut_ptr().cast::<__m256i>(), raw);
                raw_arr
            };
            for i in 0..8 {
                dst[i] = if flush >> i & 1 == 1 {
                    chunk[i].rank().0
                } else {
                    looked_up[i] as u16
                };
            }
        }
        let done = head.len() * 8;
        rank_batch_scalar(&keys[done..n], &mut out[done..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSet;
    use crate::combin::Subsets;

    /// Ranks every k-card hand through both paths, in blocks.
    fn compare_all(k: usize) -> u64 {
        let mut keys = Vec::with_capacity(4096);
        let mut compared = 0;
        let mut flush_block = |keys: &mut Vec<HandKey>| {
            let mut scalar = vec![0u16; keys.len()];
            let mut fast = vec![0u16; keys.len()];
            rank_batch_scalar(keys, &mut scalar);
            rank_batch(keys, &mut fast);
            assert_eq!(scalar, fast);
            compared += keys.len() as u64;
            keys.clear();
        };
        Subsets::of_set(CardSet::FULL, k)
            .unwrap()
            .for_each_mask(|m| {
                keys.push(HandKey::of_set(CardSet::from_mask(m).unwrap()));
                if keys.len() == 4096 {
                    flush_block(&mut keys);
                }
            });
        flush_block(&mut keys);
        compared
    }

    #[test]
    fn paths_agree_on_every_five_and_six_card_hand() {
        assert_eq!(compare_all(5), 2_598_960);
        assert_eq!(compare_all(6), 20_358_520);
    }

    #[test]
    fn paths_agree_on_random_seven_card_hands_of_any_length() {
        let mut rng = crate::rng::Rng::new(3);
        for len in [0, 1, 7, 8, 9, 100, 1001] {
            let keys: Vec<HandKey> = (0..len)
                .map(|_| {
                    let mut set = CardSet::EMPTY;
                    while set.len() < 7 {
                        set.insert(crate::cards::Card::new(rng.below(52) as u8).unwrap());
                    }
                    HandKey::of_set(set)
                })
                .collect();
            let (mut a, mut b) = (vec![0u16; len], vec![0u16; len]);
            rank_batch_scalar(&keys, &mut a);
            rank_batch(&keys, &mut b);
            assert_eq!(a, b);
        }
    }
}
