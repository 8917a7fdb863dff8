//! Heads-up preflop equity of every pair of hands, from a table.
//!
//! Who wins a preflop all-in depends on the two hands only up to a renaming
//! of the suits. Each hand has a class representative (the smallest mask
//! any suit permutation gives it, 169 of them) and each ordered pair of
//! hands is, up to suits, a representative `a` with an opponent `b` taken
//! smallest over the permutations that keep `a` fixed. The table holds, for
//! each such pair (about 70,000), the exact counts over the 1,712,304
//! boards: A's wins, the ties, and A's final categories (flush to straight
//! flush and so on; high card is what remains). It is made by
//! `oddsmith generate preflop-table` with the exact engine, committed as
//! `preflop_heads_up.bin` (21 bits a count, 10 counts an entry), and its
//! checksum is checked by a test that also recomputes a sample of entries.
//!
//! A range-vs-range question is then a weighted sum over combo pairs: each
//! pair adds its weight to its entry (both orientations), and the entries
//! are summed once at the end.

use super::{ComboEquity, EquityResult, Prepared, Tally, finish};
use crate::cards::CardSet;
use crate::combin::Subsets;
use crate::error::{Error, Result};
use crate::poker::range::COMBOS;
use std::sync::OnceLock;

/// Boards of a heads-up preflop deal: C(48, 5).
pub(super) const BOARDS: u64 = 1_712_304;

/// Counts per entry: A's wins, ties, A's categories 1..=8.
const FIELDS: usize = 10;
/// Most bits a count needs (1,712,304 < 2^21).
const MAX_BITS: u8 = 21;

/// The committed table.
static TABLE: &[u8] = include_bytes!("preflop_heads_up.bin");

/// FNV-1a of the committed table, checked by a test.
#[cfg(test)]
const TABLE_CHECKSUM: u64 = 0x564d_fc50_cc39_699e;

/// The 24 suit permutations, as suit maps.
fn permutations() -> Vec<[u8; 4]> {
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

fn permute(mask: u64, perm: &[u8; 4]) -> u64 {
    (0..4).fold(0, |out, suit| {
        out | (mask >> suit & FIRST_SUIT) << perm[suit]
    })
}

/// A two-card mask's index in 0..1326.
fn slot(mask: u64) -> usize {
    let lo = mask.trailing_zeros() as usize;
    let hi = 63 - mask.leading_zeros() as usize;
    hi * (hi - 1) / 2 + lo
}

/// Every two-card mask, by slot.
fn combo_masks() -> Vec<u64> {
    let mut masks = vec![0u64; COMBOS];
    for mask in Subsets::of_set(CardSet::FULL, 2).into_iter().flatten() {
        masks[slot(mask)] = mask;
    }
    masks
}

/// How hands and pairs of hands map to the table.
pub(super) struct Layout {
    /// Per combo slot: its class (0..169) and a permutation taking it to
    /// the class representative.
    class_of: Vec<u16>,
    perm_of: Vec<u8>,
    perms: Vec<[u8; 4]>,
    /// Per class: its representative's mask (169 classes).
    #[cfg(test)]
    representatives: Vec<u64>,
    /// Per class and opponent slot (relative to the representative): the
    /// entry, or `u32::MAX` when the hands share a card.
    entry: Vec<u32>,
    /// The entries' (representative, opponent) masks, in table order.
    pub(super) pairs: Vec<(u64, u64)>,
    masks: Vec<u64>,
}

impl Layout {
    fn new() -> Layout {
        let perms = permutations();
        let masks = combo_masks();
        let mut class_of = vec![0u16; COMBOS];
        let mut perm_of = vec![0u8; COMBOS];
        let mut representatives: Vec<u64> = Vec::new();
        // Classes in increasing representative mask order.
        let mut reps: Vec<u64> = masks
            .iter()
            .map(|&m| perms.iter().map(|p| permute(m, p)).min().unwrap_or(m))
            .collect();
        reps.sort_unstable();
        reps.dedup();
        representatives.extend(reps);
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
        let mut entry = vec![u32::MAX; representatives.len() * COMBOS];
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
            perms,
            #[cfg(test)]
            representatives,
            entry,
            pairs,
            masks,
        }
    }

    /// The entry of hands `a` and `b` (slots), A's side first.
    #[inline]
    fn entry_of(&self, a: usize, b: usize) -> u32 {
        let perm = &self.perms[self.perm_of[a] as usize];
        let b = permute(self.masks[b], perm);
        self.entry[self.class_of[a] as usize * COMBOS + slot(b)]
    }
}

fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(Layout::new)
}

/// The table's entries as counts, decoded once.
fn entries() -> &'static [[u32; FIELDS]] {
    static ENTRIES: OnceLock<Vec<[u32; FIELDS]>> = OnceLock::new();
    ENTRIES.get_or_init(|| decode(TABLE))
}

/// The table's layout in bytes: `FIELDS` widths (bits of each count, the
/// largest it takes in the table, at most 21), then the entries' counts
/// packed least significant bit first.
fn decode(bytes: &[u8]) -> Vec<[u32; FIELDS]> {
    if bytes.len() < FIELDS {
        return Vec::new();
    }
    let (widths, packed) = bytes.split_at(FIELDS);
    let widths: Vec<usize> = widths.iter().map(|&w| w.min(MAX_BITS) as usize).collect();
    let entry_bits: usize = widths.iter().sum();
    if entry_bits == 0 {
        return Vec::new();
    }
    let count = packed.len() * 8 / entry_bits;
    // A field spans at most 4 bytes from its first: read them as one word.
    let word = |byte: usize| {
        (0..4).fold(0u32, |w, k| {
            w | u32::from(packed.get(byte + k).copied().unwrap_or(0)) << (8 * k)
        })
    };
    (0..count)
        .map(|e| {
            let mut out = [0u32; FIELDS];
            let mut start = e * entry_bits;
            for (slot, &width) in out.iter_mut().zip(&widths) {
                *slot = word(start / 8) >> (start % 8) & ((1u32 << width) - 1);
                start += width;
            }
            out
        })
        .collect()
}

/// Packs entries' counts, each field in as many bits as its largest value
/// needs (see [`decode`]).
pub(crate) fn encode(entries: &[[u32; FIELDS]]) -> Vec<u8> {
    let mut widths = [1u8; FIELDS];
    for counts in entries {
        for (w, &v) in widths.iter_mut().zip(counts) {
            *w = (*w).max((32 - v.leading_zeros()) as u8);
        }
    }
    let entry_bits: usize = widths.iter().map(|&w| w as usize).sum();
    let mut packed = vec![0u8; (entries.len() * entry_bits).div_ceil(8)];
    for (e, counts) in entries.iter().enumerate() {
        let mut start = e * entry_bits;
        for (&v, &width) in counts.iter().zip(&widths) {
            for k in 0..width as usize {
                if v >> k & 1 == 1 {
                    packed[(start + k) / 8] |= 1 << ((start + k) % 8);
                }
            }
            start += width as usize;
        }
    }
    let mut out = widths.to_vec();
    out.extend(packed);
    out
}

/// FNV-1a, 64 bits.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One entry's counts, computed with the exact engine: A (`a`) against B.
pub(crate) fn compute_entry(a: u64, b: u64) -> [u32; FIELDS] {
    let hands = [
        CardSet::from_mask(a).unwrap_or_default(),
        CardSet::from_mask(b).unwrap_or_default(),
    ];
    let c = super::runouts::count_runouts(&hands, CardSet::EMPTY, CardSet::EMPTY, 0, 1);
    let ties = (c.shares[0] - super::POT * c.wins[0]) / (super::POT / 2);
    let mut out = [0u32; FIELDS];
    out[0] = c.wins[0] as u32;
    out[1] = ties as u32;
    for cat in 1..9 {
        out[1 + cat] = c.categories[0][cat] as u32;
    }
    out
}

/// Every entry, computed (the generator's work: about a minute on two
/// cores), in table order.
pub fn generate() -> Vec<u8> {
    use rayon::prelude::*;
    let entries: Vec<[u32; FIELDS]> = layout()
        .pairs
        .par_iter()
        .map(|&(a, b)| compute_entry(a, b))
        .collect();
    encode(&entries)
}

/// Decodes the table and builds its layout now (about 6 ms) rather than on
/// the first preflop query.
pub fn warm_up() {
    let _ = (layout(), entries());
}

/// Up to this many combo pairs, each pair's entries are listed rather than
/// summed in arrays over the whole table.
const FEW_PAIRS: usize = 4096;

/// Whether the table answers `p`: two players, no board, no dead cards.
pub(super) fn applies(p: &Prepared) -> bool {
    p.players.len() == 2 && p.to_deal == 5 && p.dead.is_empty() && !TABLE.is_empty()
}

/// Heads-up preflop equity from the table, with each combo's breakdown
/// when `by_combo`.
pub(super) fn run(p: &Prepared, by_combo: bool) -> Result<EquityResult> {
    let layout = layout();
    let entries = entries();
    if entries.len() != layout.pairs.len() {
        return Err(Error::new(
            crate::ErrorKind::Internal,
            "the preflop table does not match its layout",
        ));
    }
    // Each entry's weight from A's side and from B's side: in arrays over
    // the table for many pairs, listed pair by pair for few.
    let (a_combos, b_combos) = (&p.players[0], &p.players[1]);
    let b_slots: Vec<usize> = b_combos.iter().map(|c| slot(c.cards.mask())).collect();
    let mut weighted: Vec<(u32, u32, f64)> = Vec::new();
    let few = a_combos.len() * b_combos.len() <= FEW_PAIRS;
    let (mut as_a, mut as_b) = if few {
        (Vec::new(), Vec::new())
    } else {
        (vec![0.0f64; entries.len()], vec![0.0f64; entries.len()])
    };
    let mut pairs = 0u64;
    // Per combo of each player: the other range's weight times its wins,
    // ties and boards (only when a breakdown is asked for).
    let mut per_combo: [Vec<[f64; 3]>; 2] = if by_combo {
        [
            vec![[0.0; 3]; a_combos.len()],
            vec![[0.0; 3]; b_combos.len()],
        ]
    } else {
        [Vec::new(), Vec::new()]
    };
    for (i, ca) in a_combos.iter().enumerate() {
        let sa = slot(ca.cards.mask());
        for (j, (cb, &sb)) in b_combos.iter().zip(&b_slots).enumerate() {
            if !ca.cards.is_disjoint(cb.cards) {
                continue;
            }
            let w = ca.weight * cb.weight;
            let (ea, eb) = (layout.entry_of(sa, sb), layout.entry_of(sb, sa));
            if by_combo {
                let [a_sums, b_sums] = &mut per_combo;
                for (sums, other_weight, e) in [
                    (&mut a_sums[i], cb.weight, ea),
                    (&mut b_sums[j], ca.weight, eb),
                ] {
                    let counts = &entries[e as usize];
                    sums[0] += other_weight * counts[0] as f64;
                    sums[1] += other_weight * counts[1] as f64;
                    sums[2] += other_weight * BOARDS as f64;
                }
            }
            if few {
                weighted.push((ea, eb, w));
            } else {
                as_a[ea as usize] += w;
                as_b[eb as usize] += w;
            }
            pairs += 1;
        }
    }
    let sides = |e: usize| -> [(usize, f64); 2] { [(0, as_a[e]), (1, as_b[e])] };
    let listed = weighted
        .iter()
        .flat_map(|&(ea, eb, w)| [(ea as usize, 0usize, w), (eb as usize, 1usize, w)]);
    let summed = (0..as_a.len()).flat_map(|e| sides(e).map(move |(player, w)| (e, player, w)));
    let mut tally = Tally::new(2);
    let boards = BOARDS as f64;
    for (e, player, weight) in listed.chain(summed) {
        if weight == 0.0 {
            continue;
        }
        // Each side reads its own orientation's entry: its wins, the ties
        // and its categories.
        let counts = &entries[e];
        let (wins, ties) = (counts[0] as f64, counts[1] as f64);
        tally.win[player] += weight * wins;
        tally.share[player] += weight * (wins + ties / 2.0);
        let mut high_card = boards;
        for cat in 1..9 {
            let n = counts[1 + cat] as f64;
            tally.categories[player][cat] += weight * n;
            high_card -= n;
        }
        tally.categories[player][0] += weight * high_card;
        if player == 0 {
            tally.weight += weight * boards;
        }
    }
    tally.tuples = pairs * BOARDS;
    if tally.weight <= 0.0 {
        return Err(Error::invalid(
            "the ranges conflict: no deal gives every player a combo",
        ));
    }
    let mut result = finish(tally, true);
    if by_combo {
        result.by_combo = per_combo
            .iter()
            .zip(&p.players)
            .map(|(sums, combos)| {
                sums.iter()
                    .zip(combos)
                    .map(|(&[win, tie, met], c)| {
                        let share = |x: f64| if met > 0.0 { x / met } else { 0.0 };
                        ComboEquity {
                            cards: c.cards,
                            weight: c.weight,
                            equity: share(win + tie / 2.0),
                            win: share(win),
                            tie: share(tie / 2.0),
                            deals: c.weight * met,
                        }
                    })
                    .collect()
            })
            .collect();
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_covers_every_pair_once_up_to_suits() {
        let l = layout();
        assert_eq!(l.representatives.len(), 169);
        // Every ordered pair of disjoint hands has an entry, and suit
        // renamings of a pair share it.
        let perms = permutations();
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let a = rng.below(COMBOS as u32) as usize;
            let b = rng.below(COMBOS as u32) as usize;
            if l.masks[a] & l.masks[b] != 0 {
                continue;
            }
            let e = l.entry_of(a, b);
            assert_ne!(e, u32::MAX);
            let p = &perms[rng.below(24) as usize];
            let (pa, pb) = (slot(permute(l.masks[a], p)), slot(permute(l.masks[b], p)));
            assert_eq!(l.entry_of(pa, pb), e);
        }
        let total: u64 = (0..COMBOS)
            .map(|a| {
                (0..COMBOS)
                    .filter(|&b| l.masks[a] & l.masks[b] == 0)
                    .count() as u64
            })
            .sum();
        assert_eq!(total, 1326 * 1225);
        // Each entry is the smallest of its suit renamings, so no two
        // entries are the same matchup: the table has one entry per orbit.
        for &(a, b) in &l.pairs {
            assert!(
                perms
                    .iter()
                    .all(|p| (permute(a, p), permute(b, p)) >= (a, b))
            );
        }
        assert_eq!(l.pairs.len(), 93_769);
    }

    /// The committed table is the one the generator made (its checksum),
    /// and a sample of its entries recomputed with the exact engine match.
    #[test]
    fn the_committed_table_is_exact() {
        assert_eq!(
            checksum(TABLE),
            TABLE_CHECKSUM,
            "regenerate with `oddsmith generate preflop-table`"
        );
        let (l, e) = (layout(), entries());
        assert_eq!(e.len(), l.pairs.len());
        let mut rng = crate::rng::Rng::new(16);
        for _ in 0..24 {
            let i = rng.below(e.len() as u32) as usize;
            let (a, b) = l.pairs[i];
            assert_eq!(e[i], compute_entry(a, b), "entry {i}");
        }
        // The published AhKh vs QsQd: 46.2145% for AhKh.
        let (ak, qq) = (
            slot(CardSet::parse("AhKh").unwrap().mask()),
            slot(CardSet::parse("QsQd").unwrap().mask()),
        );
        let c = e[l.entry_of(ak, qq) as usize];
        let equity = (c[0] as f64 + c[1] as f64 / 2.0) / BOARDS as f64;
        assert!((equity - 0.462145).abs() < 5e-7, "{equity}");
    }

    #[test]
    fn packing_round_trips() {
        let entries = vec![
            [1_712_304, 0, 1, 2, 3, 4, 5, 6, 7, (1 << 21) - 1],
            [7; FIELDS],
        ];
        assert_eq!(decode(&encode(&entries)), entries);
    }
}
