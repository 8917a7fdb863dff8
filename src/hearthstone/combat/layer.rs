//! A layer of the exact search: distinct states (memo keys) with the
//! probability of reaching each, in an open-addressing table whose slot
//! for a key can be prefetched before the key is added.
//!
//! Adding children is where the exact engine waits on memory: its live
//! layers outgrow the caches, and each child lands in a random slot of
//! one of them (measured: a quarter of the seed board's time, half of it
//! on the first load of the slot). `Tables` prefetches a child's slot when
//! the child is made and adds it a few children later.

use super::key::Key;

/// Linear probing from the slot a key's hash picks; a key of all zeros
/// marks an empty slot (no stored state has one: side A's first slot
/// holds its kind plus one). Iteration follows the slots, so a table
/// filled in the same order iterates in the same order every run.
pub struct LayerMap<const N: usize> {
    slots: Vec<(Key<N>, f64)>,
    len: usize,
    /// Bits of the slot index (slots.len() == 1 << bits, or 0 slots).
    bits: u32,
}

/// Slots are added (the table doubled) once it is this full: 7/8.
const MAX_LOAD: (usize, usize) = (7, 8);

impl<const N: usize> Default for LayerMap<N> {
    fn default() -> Self {
        LayerMap {
            slots: Vec::new(),
            len: 0,
            bits: 0,
        }
    }
}

impl<const N: usize> LayerMap<N> {
    /// Distinct keys held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The slot a hash starts probing at (Fibonacci hashing: the top bits
    /// of a multiple, well spread for any input bits).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        if self.bits == 0 {
            0
        } else {
            (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.bits)) as usize
        }
    }

    /// Asks the processor to bring in the slot `hash` starts at, so that
    /// `add` finds it in cache.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        if let Some(slot) = self.slots.get(self.home(hash)) {
            crate::platform::prefetch(slot);
        }
    }

    /// Adds `p` to `key`'s probability (`hash` is `key.hash64()`); true when
    /// the key is new.
    #[inline]
    pub fn add(&mut self, key: Key<N>, hash: u64, p: f64) -> bool {
        debug_assert!(!key.is_zero());
        if (self.len + 1) * MAX_LOAD.1 > self.slots.len() * MAX_LOAD.0 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == key {
                slot.1 += p;
                return false;
            }
            if slot.0.is_zero() {
                *slot = (key, p);
                self.len += 1;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots (16 at first), moving the keys in slot order.
    #[cold]
    fn grow(&mut self) {
        let bits = (self.bits + 1).max(4);
        let old = std::mem::replace(&mut self.slots, vec![(Key::ZERO, 0.0); 1 << bits]);
        self.bits = bits;
        let mask = self.slots.len() - 1;
        for (key, p) in old.into_iter().filter(|s| !s.0.is_zero()) {
            let mut i = self.home(key.hash64());
            while !self.slots[i].0.is_zero() {
                i = (i + 1) & mask;
            }
            self.slots[i] = (key, p);
        }
    }

    /// The keys and their probabilities, in slot order.
    pub fn into_entries(self) -> impl Iterator<Item = (Key<N>, f64)> {
        self.slots.into_iter().filter(|s| !s.0.is_zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u64) -> Key<2> {
        Key::from_words([i | 1 << 40, i.wrapping_mul(7)])
    }

    /// Sums match a reference map, keys come back once each, and the
    /// same adds in the same order iterate in the same order.
    #[test]
    fn sums_like_a_map_and_iterates_repeatably() {
        let build = || {
            let mut m = LayerMap::<2>::default();
            let mut reference = std::collections::HashMap::new();
            for i in 0..5000u64 {
                let k = key(i * 31 % 1300);
                let p = 1.0 + i as f64;
                let new = m.add(k, k.hash64(), p);
                assert_eq!(new, !reference.contains_key(&k.words()));
                *reference.entry(k.words()).or_insert(0.0) += p;
            }
            (m, reference)
        };
        let (m, reference) = build();
        assert_eq!(m.len(), reference.len());
        let entries: Vec<_> = m.into_entries().collect();
        assert_eq!(entries.len(), reference.len());
        for (k, p) in &entries {
            assert_eq!(reference[&k.words()], *p);
        }
        let again: Vec<_> = build().0.into_entries().map(|(k, _)| k.words()).collect();
        assert_eq!(
            entries.iter().map(|(k, _)| k.words()).collect::<Vec<_>>(),
            again
        );
    }
}
