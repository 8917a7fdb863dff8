//! The full deck's push/fold matchups: all 1,326 combos, each pair's
//! preflop all-in equity read from the heads-up preflop table (exact over
//! the 1,712,304 boards, suit-aware, so card removal is exact), grouped by
//! hand class (a class is one orbit of the suit renamings, which leave the
//! game unchanged, so an equilibrium exists that plays a class's combos
//! alike).
//!
//! Built once on first use (1,758,276 table reads, a 14 MB matrix: tens
//! of milliseconds) and shared between threads.

use super::game::Matchups;
use crate::cards::CardSet;
use crate::error::Result;
use crate::poker::equity::grid::cell_of;
use crate::poker::equity::preflop::{BOARDS, combo_mask, wins_and_ties};
use crate::poker::range::COMBOS;
use std::sync::OnceLock;

static DECK: OnceLock<Result<Matchups>> = OnceLock::new();

/// The full deck's matchups, built on the first call.
pub fn full_deck() -> Result<&'static Matchups> {
    DECK.get_or_init(build).as_ref().map_err(Clone::clone)
}

/// Each combo's cards, by slot (the preflop table's numbering).
pub fn combo_cards(slot: usize) -> CardSet {
    CardSet::from_mask(combo_mask(slot)).unwrap_or_default()
}

pub(super) fn build() -> Result<Matchups> {
    let masks: Vec<u64> = (0..COMBOS).map(combo_mask).collect();
    let boards = BOARDS as f64;
    let mut equity = vec![0.5; COMBOS * COMBOS];
    for (a, row) in equity.chunks_exact_mut(COMBOS).enumerate() {
        for (b, e) in row.iter_mut().enumerate() {
            if let Some((wins, ties)) = wins_and_ties(a, b) {
                *e = (f64::from(wins) + f64::from(ties) / 2.0) / boards;
            }
        }
    }
    let group_of = (0..COMBOS)
        .map(|s| {
            let (row, col) = cell_of(combo_cards(s));
            row * 13 + col
        })
        .collect();
    Matchups::new(masks, equity, group_of)
}
