//! Suit symmetry: the renamings of suits that leave the ranges as they
//! are, and the boards that stand for all boards they map onto each other.
//!
//! When every such renaming maps both ranges onto themselves (same combos,
//! same weights), a board and its image give the same counts, so each
//! orbit is counted once, weighted by its size. For ranges written by hand
//! class (`AKs`, `QQ+`) all 24 renamings qualify: the 22,100 flops fall
//! into 1,755 orbits and the 2,598,960 five-card boards into 134,459.

use crate::cards::CardSet;
use crate::poker::range::Combo;

/// A renaming of suits: suit `s` becomes `perm[s]`.
pub(crate) type SuitPerm = [u8; 4];

/// `mask` with each suit s renamed `perm[s]`; all 24 renamings, the
/// identity first (one implementation for every suit symmetry).
pub(crate) use crate::poker::equity::preflop::layout::{permutations, permute};

/// The renamings that map every one of `ranges` onto itself, weights
/// included (always at least the identity).
pub(crate) fn range_symmetries(ranges: &[&[Combo]]) -> Vec<SuitPerm> {
    permutations()
        .into_iter()
        .filter(|perm| ranges.iter().all(|combos| maps_onto_itself(combos, perm)))
        .collect()
}

fn maps_onto_itself(combos: &[Combo], perm: &SuitPerm) -> bool {
    let mut weights: hashbrown::HashMap<u64, f64> =
        combos.iter().map(|c| (c.cards.mask(), c.weight)).collect();
    combos.iter().all(|c| {
        weights
            .remove(&permute(c.cards.mask(), perm))
            .is_some_and(|w| w == c.weight)
    })
}

/// Whether `mask` is the smallest board of its orbit under `perms`, and
/// if so the orbit's size.
#[inline]
pub(crate) fn orbit_if_least(mask: u64, perms: &[SuitPerm]) -> Option<u32> {
    let mut fixed = 0u32;
    for perm in perms {
        let image = permute(mask, perm);
        if image < mask {
            return None;
        }
        fixed += u32::from(image == mask);
    }
    Some(perms.len() as u32 / fixed)
}

/// The boards of `size` cards that stand for all (the smallest of each
/// orbit under `perms`), each with the number of boards it stands for.
pub(crate) fn representative_boards(size: usize, perms: &[SuitPerm]) -> Vec<(CardSet, u32)> {
    let mut out = Vec::new();
    if let Ok(subsets) = crate::combin::Subsets::of_set(CardSet::FULL, size) {
        subsets.for_each_mask(|mask| {
            if let Some(weight) = orbit_if_least(mask, perms) {
                out.push((CardSet::from_mask(mask).unwrap_or_default(), weight));
            }
        });
    }
    out
}
