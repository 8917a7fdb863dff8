//! How hands and pairs of hands map to the preflop table's entries: every
//! hand's suit class and the permutation to its representative, and for
//! each class and opponent the entry number. Made by the build script
//! (this file is included there by path: it uses nothing of the crate) and
//! baked into read-only data, so no first query builds it; the library
//! also compiles it, for the generator and the test that the baked data is
//! what this code makes.

/// Two-card hands.
pub const COMBOS: usize = 1326;

/// No entry: the two hands share a card.
pub const NO_ENTRY: u32 = u32::MAX;

/// The 24 suit permutations, as suit maps, in lexicographic order.
pub fn permutations() -> Vec<[u8; 4]> {
    let mut perms = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    if (0..4).all(|s| p.contains(&s)) {
                        perms.push(p);
                    }
                }
            }
        }
    }
    perms
}

/// The cards of suit 0 (card index = 4 * rank + suit).
const FIRST_SUIT: u64 = 0x0001_1111_1111_1111;

/// `mask` with its suits renamed by `perm`.
pub fn permute(mask: u64, perm: &[u8; 4]) -> u64 {
    (0..4).fold(0, |out, suit| {
        out | (mask >> suit & FIRST_SUIT) << perm[suit]
    })
}

/// A two-card mask's index in 0..1326.
pub fn slot(mask: u64) -> usize {
    let lo = mask.trailing_zeros() as usize;
    let hi = 63 - mask.leading_zeros() as usize;
    hi * (hi - 1) / 2 + lo
}

/// Every two-card mask, by slot.
pub fn combo_masks() -> Vec<u64> {
    let mut masks = vec![0u64; COMBOS];
    for hi in 1..52 {
        for lo in 0..hi {
            let mask = 1u64 << lo | 1u64 << hi;
            masks[slot(mask)] = mask;
        }
    }
    masks
}

/// The layout.
pub struct Layout {
    /// Per combo slot: its class (0..169) and the index of a permutation
    /// taking it to the class representative.
    pub class_of: Vec<u16>,
    pub perm_of: Vec<u8>,
    /// Per class: its representative's mask, in increasing order.
    pub representatives: Vec<u64>,
    /// Per class and opponent slot (relative to the representative): the
    /// entry, or `NO_ENTRY`.
    pub entry: Vec<u32>,
    /// The entries' (representative, opponent) masks, in table order.
    pub pairs: Vec<(u64, u64)>,
}

impl Layout {
    /// Computes the layout (a few ms).
    pub fn compute() -> Layout {
        let perms = permutations();
        let masks = combo_masks();
        let mut class_of = vec![0u16; COMBOS];
        let mut perm_of = vec![0u8; COMBOS];
        let mut representatives: Vec<u64> = masks
            .iter()
            .map(|&m| perms.iter().map(|p| permute(m, p)).min().unwrap_or(m))
            .collect();
        representatives.sort_unstable();
        representatives.dedup();
        for (s, &m) in masks.iter().enumerate() {
            let (p, rep) = perms
                .iter()
                .enumerate()
                .map(|(i, p)| (i, permute(m, p)))
                .min_by_key(|&(_, r)| r)
                .unwrap_or((0, m));
            perm_of[s] = p as u8;
            class_of[s] = representatives.binary_search(&rep).unwrap_or(0) as u16;
        }
        let mut entry = vec![NO_ENTRY; representatives.len() * COMBOS];
        let mut pairs = Vec::new();
        for (c, &rep) in representatives.iter().enumerate() {
            let stabilizer: Vec<&[u8; 4]> =
                perms.iter().filter(|p| permute(rep, p) == rep).collect();
            for (s, &b) in masks.iter().enumerate() {
                if b & rep != 0 {
                    continue;
                }
                let smallest = stabilizer.iter().map(|p| permute(b, p)).min().unwrap_or(b);
                let row = c * COMBOS;
                entry[row + s] = if smallest == b {
                    pairs.push((rep, b));
                    (pairs.len() - 1) as u32
                } else {
                    // Smaller masks come first, so this one is numbered.
                    entry[row + slot(smallest)]
                };
            }
        }
        Layout {
            class_of,
            perm_of,
            representatives,
            entry,
            pairs,
        }
    }

    /// The parts a query reads, as Rust statics for `include!`.
    pub fn to_rust(&self) -> String {
        fn array<T: std::fmt::Display>(name: &str, ty: &str, items: &[T]) -> String {
            crate::baked::static_array("pub", name, ty, items, 16)
        }
        let perms: Vec<u8> = permutations().concat();
        format!(
            "pub const PAIRS: usize = {};\npub const REPRESENTATIVES: usize = {};\n{}{}{}{}",
            self.pairs.len(),
            self.representatives.len(),
            array("PERMS", "u8", &perms),
            array("MASKS", "u64", &combo_masks()),
            array("CLASS_OF", "u16", &self.class_of),
            array("PERM_OF", "u8", &self.perm_of),
        )
    }

    /// The entry of hands `a` and `b` (slots), A's side first, or
    /// `NO_ENTRY` when they share a card.
    pub fn entry_of(&self, a: usize, b: usize, masks: &[u64], perms: &[[u8; 4]]) -> u32 {
        let b = permute(masks[b], &perms[self.perm_of[a] as usize]);
        self.entry[self.class_of[a] as usize * COMBOS + slot(b)]
    }

    /// Per class, its hands' counts summed over every hand they do not
    /// meet, from its side (its wins, the ties, its categories), then from
    /// the other hand's side: `2 * fields` little-endian u64s a class.
    /// `counts` is the unpacked table (`fields` little-endian u32s an
    /// entry). A range against every hand evenly ("random") is then one
    /// row a combo: every hand of a class meets the others alike, up to a
    /// renaming of suits.
    pub fn vs_every_hand_bytes(&self, counts: &[u8], fields: usize) -> Vec<u8> {
        let masks = combo_masks();
        let perms = permutations();
        let count = |e: u32, field: usize| {
            let at = 4 * (e as usize * fields + field);
            u64::from(u32::from_le_bytes([
                counts[at],
                counts[at + 1],
                counts[at + 2],
                counts[at + 3],
            ]))
        };
        let mut out = Vec::with_capacity(self.representatives.len() * 2 * fields * 8);
        for &rep in &self.representatives {
            let a = slot(rep);
            let mut sums = vec![0u64; 2 * fields];
            for b in (0..COMBOS).filter(|&b| masks[b] & rep == 0) {
                let (own, theirs) = (
                    self.entry_of(a, b, &masks, &perms),
                    self.entry_of(b, a, &masks, &perms),
                );
                for field in 0..fields {
                    sums[field] += count(own, field);
                    sums[fields + field] += count(theirs, field);
                }
            }
            out.extend(sums.iter().flat_map(|v| v.to_le_bytes()));
        }
        out
    }

    /// The entry numbers (per class and slot) as little-endian u32s: raw
    /// bytes for `include_bytes!` (a quarter-million-item array literal
    /// would cost the compiler seconds).
    pub fn entry_bytes(&self) -> Vec<u8> {
        self.entry.iter().flat_map(|e| e.to_le_bytes()).collect()
    }
}
