//! A layer of the exact search: the states of one potential (or one turn)
//! with the probability of reaching each.
//!
//! Children are appended as they are made, duplicates and all, and equal
//! keys are merged (their probabilities summed in the order they came)
//! only when the layer grows past twice its distinct states and once more
//! before it is expanded. Adding a child is then a write to the end of a
//! list, and merging runs over one layer at a time through an index small
//! enough to stay in cache. (A hash table per layer, filled child by
//! child, made every child a load from a random slot of one of the many
//! layers alive at once: measured, a fifth of the seed board's time went
//! to those loads and to growing the tables.)

use super::key::Key;

/// The states of one layer: `entries[..distinct]` are distinct keys, the
/// rest appended since the last merge.
pub struct Layer<const N: usize> {
    entries: Vec<(Key<N>, f64)>,
    distinct: usize,
    /// Merges when `entries` reaches this length.
    merge_at: usize,
}

/// Entries appended past a layer's distinct ones before the first merge,
/// and at least between two merges.
const MIN_MERGE_GAP: usize = 1024;

impl<const N: usize> Default for Layer<N> {
    fn default() -> Self {
        Layer {
            entries: Vec::new(),
            distinct: 0,
            merge_at: MIN_MERGE_GAP,
        }
    }
}

impl<const N: usize> Layer<N> {
    /// Entries held (distinct or not yet merged).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Appends `p` for `key`; merges first when the layer is due, with
    /// `index` as scratch. Returns how many entries the merge removed.
    #[inline]
    pub fn push(&mut self, key: Key<N>, p: f64, index: &mut MergeIndex) -> usize {
        let merged = if self.entries.len() >= self.merge_at {
            self.merge(index)
        } else {
            0
        };
        self.entries.push((key, p));
        merged
    }

    /// Sums the probabilities of equal keys into the first entry of each,
    /// in the order they were appended, keeping the entries in the order
    /// their keys first came; returns how many entries it removed.
    pub fn merge(&mut self, index: &mut MergeIndex) -> usize {
        let before = self.entries.len();
        if before > self.distinct {
            self.distinct = index.merge(&mut self.entries);
        }
        self.merge_at = 2 * self.distinct + MIN_MERGE_GAP;
        before - self.distinct
    }

    /// The distinct keys and their probabilities, in the order the keys
    /// first came (so the same children in the same order give the same
    /// layer every run).
    pub fn into_distinct(mut self, index: &mut MergeIndex) -> Vec<(Key<N>, f64)> {
        self.merge(index);
        self.entries
    }
}

/// A merge's open-addressing index from a key's hash to the entry holding
/// it, kept between merges so that its memory is reused.
#[derive(Default)]
pub struct MergeIndex {
    slots: Vec<u32>,
}

/// An empty index slot.
const EMPTY: u32 = u32::MAX;

impl MergeIndex {
    /// Merges `entries` in place (see `Layer::merge`); returns the
    /// distinct keys left, which lead `entries` afterwards.
    fn merge<const N: usize>(&mut self, entries: &mut Vec<(Key<N>, f64)>) -> usize {
        // At most half full: short probes.
        let bits = (2 * entries.len())
            .next_power_of_two()
            .trailing_zeros()
            .max(4);
        self.slots.clear();
        self.slots.resize(1 << bits, EMPTY);
        let mask = (1usize << bits) - 1;
        let mut distinct = 0;
        for i in 0..entries.len() {
            let (key, p) = entries[i];
            // Fibonacci hashing: the top bits of a multiple.
            let mut slot =
                (key.hash64().wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize;
            loop {
                let at = self.slots[slot];
                if at == EMPTY {
                    self.slots[slot] = distinct as u32;
                    // distinct <= i: the entry moves down or stays.
                    entries[distinct] = (key, p);
                    distinct += 1;
                    break;
                }
                let held = &mut entries[at as usize];
                if held.0 == key {
                    held.1 += p;
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
        entries.truncate(distinct);
        distinct
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u64) -> Key<2> {
        Key::from_words([i | 1 << 40, i.wrapping_mul(7)])
    }

    /// Sums match a reference map, each key comes back once, in the order
    /// it first came, whatever merges happened on the way.
    #[test]
    fn sums_like_a_map_in_first_come_order() {
        let mut layer = Layer::<2>::default();
        let mut index = MergeIndex::default();
        let mut reference = std::collections::HashMap::new();
        let mut order = Vec::new();
        let mut removed = 0;
        for i in 0..5000u64 {
            let k = key(i * 31 % 1300);
            let p = 1.0 + i as f64;
            removed += layer.push(k, p, &mut index);
            if !reference.contains_key(&k.words()) {
                order.push(k.words());
            }
            *reference.entry(k.words()).or_insert(0.0) += p;
        }
        // Merged on the way (5000 entries, 1300 keys), as the gap says.
        assert!(removed > 0);
        assert_eq!(layer.len(), 5000 - removed);
        let entries = layer.into_distinct(&mut index);
        assert_eq!(entries.len(), reference.len());
        for (k, p) in &entries {
            assert_eq!(reference[&k.words()], *p);
        }
        let keys: Vec<_> = entries.iter().map(|(k, _)| k.words()).collect();
        assert_eq!(keys, order);
    }

    /// A layer that never reached its merge gap still comes back merged.
    #[test]
    fn a_small_layer_is_merged_when_taken() {
        let mut layer = Layer::<2>::default();
        let mut index = MergeIndex::default();
        for p in [0.25, 0.5, 0.125] {
            assert_eq!(layer.push(key(3), p, &mut index), 0);
        }
        layer.push(key(4), 1.0, &mut index);
        let entries = layer.into_distinct(&mut index);
        let sums: Vec<_> = entries.iter().map(|(k, p)| (k.words(), *p)).collect();
        assert_eq!(sums, vec![(key(3).words(), 0.875), (key(4).words(), 1.0)]);
    }
}
