//! Ranking many hands at once. The AVX2 path ranks eight hands per step:
//! lane arithmetic (the perfect hash of the rank keys, flush detection from
//! the suit counters) through `wide`, the two table lookups through AVX2
//! gathers; lanes holding a flush are listed branch-free and ranked by the
//! scalar evaluator after each block of 256. The tier is chosen at run
//! time by `platform` (a portable build must not assume AVX2; the
//! `force-scalar` feature turns it off there, as BLAKE3's `no_avx2` does).
//! Every tier gives identical ranks; tests compare each with the portable
//! one.

use super::eval::{HandKey, tables};
use crate::platform::{Tier, best};

/// The batch ranker's tiers, best first.
pub const TIERS: &[Tier] = &[Tier::Avx2, Tier::Portable];

/// Writes the rank of `keys[i]` (hands of 5 to 7 cards) to `out[i]`.
pub fn rank_batch(keys: &[HandKey], out: &mut [u16]) {
    rank_batch_on(best(TIERS), keys, out);
}

/// `rank_batch` on `tier` (one this CPU has, see `Tier::available`; any
/// other runs the portable code).
pub fn rank_batch_on(tier: Tier, keys: &[HandKey], out: &mut [u16]) {
    #[cfg(target_arch = "x86_64")]
    if tier == Tier::Avx2 && tier.available() {
        // SAFETY: AVX2 was detected on this CPU.
        unsafe { avx2::rank_batch(keys, out) };
        return;
    }
    let _ = tier;
    for (slot, key) in out.iter_mut().zip(keys) {
        *slot = key.rank().0;
    }
}

/// Writes the rank of `base` plus `extra[i]` to `out[i]`: an enumeration's
/// innermost loop (a 6-card prefix and each possible last card), eight
/// hands per step with AVX2.
pub fn rank_batch_with(base: HandKey, extra: &[HandKey], out: &mut [u16]) {
    rank_batch_with_on(best(TIERS), base, extra, out);
}

/// `rank_batch_with` on `tier` (as `rank_batch_on`).
pub fn rank_batch_with_on(tier: Tier, base: HandKey, extra: &[HandKey], out: &mut [u16]) {
    let n = extra.len().min(out.len());
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut done = 0;
    #[cfg(target_arch = "x86_64")]
    if tier == Tier::Avx2 && tier.available() {
        // SAFETY: AVX2 was detected on this CPU.
        done = unsafe { avx2::rank_batch_with(base, &extra[..n], &mut out[..n]) };
    }
    let _ = tier;
    for (slot, key) in out[done..n].iter_mut().zip(&extra[done..n]) {
        *slot = base.combine(*key).rank().0;
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2 {
    use super::*;
    use crate::poker::eval::{BUCKET_BITS, SLOT_BITS};
    use std::arch::x86_64::{
        __m256i, _mm256_castsi256_si128, _mm256_i32gather_epi32, _mm256_loadu_si256,
        _mm256_packus_epi32, _mm256_permute4x64_epi64, _mm256_permutevar8x32_epi32,
        _mm256_setr_epi32, _mm256_unpackhi_epi64, _mm256_unpacklo_epi32, _mm256_unpacklo_epi64,
    };
    use std::mem::transmute;
    use wide::u32x8;

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn rank_batch(keys: &[HandKey], out: &mut [u16]) {
        let n = keys.len().min(out.len());
        // The empty key adds nothing to a hand.
        // SAFETY: AVX2 is enabled, as this function requires.
        let done = unsafe { rank_batch_with(HandKey::EMPTY, &keys[..n], &mut out[..n]) };
        rank_batch_on(Tier::Portable, &keys[done..n], &mut out[done..n]);
    }

    /// Ranks `base` plus each key of `extra` eight at a time; returns how
    /// many it did (the rest, fewer than eight, are the caller's).
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn rank_batch_with(base: HandKey, extra: &[HandKey], out: &mut [u16]) -> usize {
        let (head, _) = extra.as_chunks::<8>();
        let (base_ranks, base_suits) = base.lanes();
        let base_ranks = u32x8::splat(base_ranks);
        let base_suits = u32x8::splat(base_suits.wrapping_sub(0x3333));
        // Blocks of 32 chunks: the flush lanes of a block are listed
        // branch-free as it goes (whether a chunk holds a flush is a coin
        // flip the branch predictor loses) and fixed up after it.
        for (b, block) in head.chunks(32).enumerate() {
            let start = b * 256;
            let dst = &mut out[start..start + block.len() * 8];
            let mut flush_lanes = [0u8; 256 + 8];
            let mut flushes = 0;
            for (c, (chunk, dst)) in block.iter().zip(dst.chunks_exact_mut(8)).enumerate() {
                // SAFETY: AVX2 is enabled, as this function requires.
                let (ranks, suits) = unsafe { lanes8(chunk) };
                let (ranks, suits) = (base_ranks + ranks, base_suits + suits);
                // SAFETY: AVX2 is enabled, as this function requires.
                let (r, flush) = unsafe { lookup8(ranks, suits) };
                dst.copy_from_slice(&r);
                // Byte k: the k-th flush lane, offset by the chunk's start.
                let lanes = SET_LANES[flush as usize] + (8 * c as u64) * 0x0101_0101_0101_0101;
                flush_lanes[flushes..flushes + 8].copy_from_slice(&lanes.to_le_bytes());
                flushes += flush.count_ones() as usize;
            }
            for &i in &flush_lanes[..flushes] {
                let i = usize::from(i);
                dst[i] = base.combine(extra[start + i]).rank().0;
            }
        }
        head.len() * 8
    }

    /// For each 8-bit mask, its set bits' positions in bytes 0, 1, ...
    const SET_LANES: [u64; 256] = {
        let mut out = [0u64; 256];
        let mut mask = 0;
        while mask < 256 {
            let (mut lane, mut next) = (0, 0);
            while lane < 8 {
                if mask >> lane & 1 == 1 {
                    out[mask] |= (lane as u64) << (8 * next);
                    next += 1;
                }
                lane += 1;
            }
            mask += 1;
        }
        out
    };

    /// The rank sums and suit counters of eight keys, in key order: four
    /// loads and a few shuffles instead of sixteen lane inserts.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn lanes8(chunk: &[HandKey; 8]) -> (u32x8, u32x8) {
        const _: () = assert!(std::mem::size_of::<HandKey>() == 16);
        let p = chunk.as_ptr().cast::<__m256i>();
        // SAFETY: the chunk is 128 readable bytes (HandKey is repr(C),
        // 16 bytes: ranks, suits, masks); unaligned loads.
        let [v0, v1, v2, v3] = unsafe { [0, 1, 2, 3].map(|i| _mm256_loadu_si256(p.add(i))) };
        // Per 128-bit half: [k0.r k2.r k0.s k2.s | k1.r k3.r k1.s k3.s].
        let low = _mm256_unpacklo_epi32(v0, v1);
        let high = _mm256_unpacklo_epi32(v2, v3);
        // Keys 0 2 4 6 | 1 3 5 7; then back in order.
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        let ranks = _mm256_permutevar8x32_epi32(_mm256_unpacklo_epi64(low, high), order);
        let suits = _mm256_permutevar8x32_epi32(_mm256_unpackhi_epi64(low, high), order);
        // SAFETY: __m256i and u32x8 are both 32 plain bytes.
        unsafe {
            (
                transmute::<__m256i, u32x8>(ranks),
                transmute::<__m256i, u32x8>(suits),
            )
        }
    }

    /// The non-flush ranks of eight hands by lanes, and a bit mask of the
    /// lanes that hold a flush (their entries are to be replaced).
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn lookup8(ranks: u32x8, suits: u32x8) -> ([u16; 8], u32) {
        let t = tables();
        let bucket = (ranks * u32x8::splat(t.bucket_mul)) >> (32 - BUCKET_BITS);
        let base = (ranks * u32x8::splat(t.slot_mul)) >> (32 - SLOT_BITS);
        let flush = (suits & u32x8::splat(0x8888))
            .simd_eq(u32x8::splat(0))
            .to_bitmask()
            ^ 0xFF;
        // SAFETY: u32x8 and __m256i are both 32 plain bytes; every index is
        // inside its table (buckets < 2^13; slots < 2^17 plus one padding
        // entry, so the 4-byte read of the last u16 stays inside). A flush
        // lane may hold any key, and its lookup is still in bounds.
        let looked_up: u32x8 = unsafe {
            let bucket_v: __m256i = transmute(bucket);
            let disp: u32x8 = transmute(_mm256_i32gather_epi32::<4>(
                t.displacement.as_ptr().cast::<i32>(),
                bucket_v,
            ));
            let slot: __m256i = transmute(base ^ disp);
            transmute(_mm256_i32gather_epi32::<2>(
                t.slots.as_ptr().cast::<i32>(),
                slot,
            ))
        };
        // Narrowed to 16 bits in two instructions: a saturating pack (the
        // ranks fit) interleaves the halves, a 64-bit permute orders them.
        // SAFETY: u32x8, __m256i and [u16; 8] (from __m128i) are plain bytes.
        let ranks: [u16; 8] = unsafe {
            let masked: __m256i = transmute(looked_up & u32x8::splat(0xFFFF));
            let packed = _mm256_permute4x64_epi64::<0b1000>(_mm256_packus_epi32(masked, masked));
            transmute(_mm256_castsi256_si128(packed))
        };
        (ranks, flush)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSet;
    use crate::combin::Subsets;

    /// Ranks every k-card hand on every tier the CPU has, in blocks.
    fn compare_all(k: usize) -> u64 {
        let tiers = crate::platform::testable("batch ranks", TIERS);
        let mut keys = Vec::with_capacity(4096);
        let mut compared = 0;
        let mut flush_block = |keys: &mut Vec<HandKey>| {
            let mut reference = vec![0u16; keys.len()];
            rank_batch_on(Tier::Portable, keys, &mut reference);
            for &tier in &tiers {
                let mut fast = vec![0u16; keys.len()];
                rank_batch_on(tier, keys, &mut fast);
                assert_eq!(reference, fast, "{tier:?}");
            }
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
    fn prefix_batches_match_single_ranks() {
        // A 5-card prefix and every pair of the other cards, in batches of
        // every length from 0 up (so the 8-lane and remainder paths mix),
        // on every tier.
        let prefix = CardSet::parse("AhKh2c3d9h").unwrap();
        let base = HandKey::of_set(prefix);
        let rest: Vec<_> = prefix.complement().iter().collect();
        let mut pairs = Vec::new();
        for (i, &a) in rest.iter().enumerate() {
            for &b in &rest[i + 1..] {
                pairs.push((
                    HandKey::EMPTY.with(a).combine(HandKey::EMPTY.with(b)),
                    [a, b],
                ));
            }
        }
        let keys: Vec<HandKey> = pairs.iter().map(|p| p.0).collect();
        for tier in crate::platform::testable("batch ranks with a prefix", TIERS) {
            for len in [0, 3, 8, 17, keys.len()] {
                let mut out = vec![0u16; len];
                rank_batch_with_on(tier, base, &keys[..len], &mut out);
                for (got, (_, [a, b])) in out.iter().zip(&pairs) {
                    let mut hand = prefix;
                    hand.insert(*a);
                    hand.insert(*b);
                    assert_eq!(*got, HandKey::of_set(hand).rank().0, "{tier:?}");
                }
            }
        }
    }

    #[test]
    fn paths_agree_on_random_seven_card_hands_of_any_length() {
        let mut rng = crate::rng::Rng::new(3);
        let tiers = crate::platform::testable("batch ranks, random", TIERS);
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
            let mut reference = vec![0u16; len];
            rank_batch_on(Tier::Portable, &keys, &mut reference);
            for &tier in &tiers {
                let mut b = vec![0u16; len];
                rank_batch_on(tier, &keys, &mut b);
                assert_eq!(reference, b, "{tier:?}");
            }
            // The plain entry takes the best tier.
            let mut plain = vec![0u16; len];
            rank_batch(&keys, &mut plain);
            assert_eq!(reference, plain);
        }
    }
}
