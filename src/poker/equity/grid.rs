//! The 13x13 grid of hand classes (Equilab's, PokerStove's): pairs on the
//! diagonal, suited hands above it, offsuit below, aces first; each cell
//! gathers a per-combo breakdown into its class's equity.

use super::ComboEquity;
use crate::cards::CardSet;

const RANKS: &[u8; 13] = b"23456789TJQKA";

/// One cell of the grid.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassEquity {
    /// "AA", "AKs", "AKo".
    pub name: String,
    /// Row and column, 0..13 (0 = aces).
    pub row: usize,
    /// Column, 0..13 (0 = aces).
    pub col: usize,
    /// Combos of the class in the breakdown, and their total weight.
    pub combos: u32,
    /// Total weight of those combos.
    pub weight: f64,
    /// The class's equity: its combos' equities weighted by their deals
    /// (0 when it has none).
    pub equity: f64,
    /// The weight of the deals the class's combos meet, summed.
    pub deals: f64,
}

/// The cell of a two-card holding: (row, col).
pub fn cell_of(cards: CardSet) -> (usize, usize) {
    let mut it = cards.iter();
    let (a, b) = match (it.next(), it.next()) {
        (Some(a), Some(b)) => (a, b),
        _ => return (0, 0),
    };
    let (hi, lo) = (
        a.rank().max(b.rank()) as usize,
        a.rank().min(b.rank()) as usize,
    );
    if a.suit() == b.suit() {
        (12 - hi, 12 - lo)
    } else {
        (12 - lo, 12 - hi)
    }
}

/// The class name of a cell.
pub fn cell_name(row: usize, col: usize) -> String {
    let (r, c) = (RANKS[12 - row] as char, RANKS[12 - col] as char);
    match row.cmp(&col) {
        std::cmp::Ordering::Equal => format!("{r}{r}"),
        std::cmp::Ordering::Less => format!("{r}{c}s"),
        std::cmp::Ordering::Greater => format!("{c}{r}o"),
    }
}

/// The 169 cells, row by row, gathered from one player's breakdown.
pub fn class_grid(combos: &[ComboEquity]) -> Vec<ClassEquity> {
    let mut cells: Vec<ClassEquity> = (0..169)
        .map(|i| ClassEquity {
            name: cell_name(i / 13, i % 13),
            row: i / 13,
            col: i % 13,
            combos: 0,
            weight: 0.0,
            equity: 0.0,
            deals: 0.0,
        })
        .collect();
    for c in combos {
        let (row, col) = cell_of(c.cards);
        let cell = &mut cells[row * 13 + col];
        cell.combos += 1;
        cell.weight += c.weight;
        cell.equity += c.equity * c.deals;
        cell.deals += c.deals;
    }
    for cell in &mut cells {
        if cell.deals > 0.0 {
            cell.equity /= cell.deals;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_follow_the_usual_layout() {
        let cell = |text: &str| cell_of(CardSet::parse(text).unwrap());
        assert_eq!(cell("AhAs"), (0, 0));
        assert_eq!(cell("AhKh"), (0, 1));
        assert_eq!(cell("AhKs"), (1, 0));
        assert_eq!(cell("2c2d"), (12, 12));
        assert_eq!(cell_name(0, 1), "AKs");
        assert_eq!(cell_name(1, 0), "AKo");
        assert_eq!(cell_name(12, 12), "22");
        assert_eq!(cell_name(3, 8), "J6s");
        // Every combo lands in a cell of its own name.
        for mask in crate::combin::Subsets::of_set(CardSet::FULL, 2).unwrap() {
            let cards = CardSet::from_mask(mask).unwrap();
            let (row, col) = cell_of(cards);
            let name = cell_name(row, col);
            let range = crate::poker::Range::parse(&name).unwrap();
            assert!(
                range.combos().iter().any(|c| c.cards == cards),
                "{cards} in {name}"
            );
        }
    }
}
