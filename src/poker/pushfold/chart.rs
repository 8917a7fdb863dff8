//! Per-class charts of a push/fold strategy: the 13x13 grid of hand
//! classes (pairs on the diagonal, suited above, offsuit below, aces
//! first), each cell the share of its combos pushed or called, and its
//! text form for a terminal.

use crate::cards::CardSet;
use crate::poker::equity::grid::{cell_name, cell_of};

/// One cell of a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassShare {
    /// "AA", "AKs", "AKo".
    pub name: String,
    /// Row, 0..13 (0 = aces).
    pub row: usize,
    /// Column, 0..13 (0 = aces).
    pub col: usize,
    /// Combos of the class.
    pub combos: u32,
    /// The share of them played (pushed or called), 0..=1: the mean of
    /// their chances.
    pub share: f64,
}

/// The 169 cells, row by row, from each combo's chance.
pub fn class_chart(combos: impl IntoIterator<Item = (CardSet, f64)>) -> Vec<ClassShare> {
    let mut cells: Vec<ClassShare> = (0..169)
        .map(|i| ClassShare {
            name: cell_name(i / 13, i % 13),
            row: i / 13,
            col: i % 13,
            combos: 0,
            share: 0.0,
        })
        .collect();
    for (cards, chance) in combos {
        let (row, col) = cell_of(cards);
        let cell = &mut cells[row * 13 + col];
        cell.combos += 1;
        cell.share += chance;
    }
    for cell in &mut cells {
        if cell.combos > 0 {
            cell.share /= f64::from(cell.combos);
        }
    }
    cells
}

/// A percentage for a cell: "100", "." for none, else one decimal that
/// never rounds a mix to 0 or 100.
fn percent(share: f64) -> String {
    if share >= 1.0 - 1e-9 {
        "100".to_string()
    } else if share <= 1e-9 {
        ".".to_string()
    } else {
        format!("{:.1}", (share * 100.0).clamp(0.1, 99.9))
    }
}

/// The chart as text: a header of ranks, then a row per rank, each cell
/// the percentage played (suited hands above the diagonal).
pub fn chart_text(cells: &[ClassShare]) -> String {
    const RANKS: &str = "AKQJT98765432";
    let mut out = String::from("  ");
    for r in RANKS.chars() {
        out.push_str(&format!("{r:>6}"));
    }
    out.push('\n');
    for (row, r) in cells.chunks(13).zip(RANKS.chars()) {
        out.push_str(&format!("{r} "));
        for cell in row {
            out.push_str(&format!("{:>6}", percent(cell.share)));
        }
        out.push('\n');
    }
    out
}

/// The classes played some of the time but not always, with their share.
pub fn mixed(cells: &[ClassShare]) -> Vec<&ClassShare> {
    cells
        .iter()
        .filter(|c| c.share > 1e-9 && c.share < 1.0 - 1e-9)
        .collect()
}
