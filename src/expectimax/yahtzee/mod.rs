//! Solitaire Yahtzee solved exactly for the highest expected score.
//!
//! [`YahtzeeTable::solve`] computes the expected rest-of-game score of
//! every sheet state at a turn's start (boxes used, upper total capped at
//! the threshold, whether the Yahtzee box holds 50): 536,448 states that
//! play reaches under the official rules, by backward induction over the
//! number of boxes used. Each state's turn (three rolls of five dice, the
//! keeps between them) is solved inside it over the 252 rolls and 462
//! keeps. Under [`Rules::official`] (the strict forced Joker) the game's
//! value is 254.58773; the literature's 254.5896 (Verhoeff 1999; Glenn
//! 2006) is 0.0019 above (see the decisions log). [`YahtzeeTable::advise`] reads a position's
//! best keep or box, with the value of every alternative, from the table.
//!
//! The rules are in [`rules`], one function each for a box's points, the
//! Joker rules and the Yahtzee bonus.

mod advice;
mod dice;
pub mod rules;
mod table;
mod widget;

#[cfg(test)]
mod tests;

pub use advice::{Advice, Choice, Move, Position};
pub use rules::{Category, CategorySet, Rules};

use crate::error::{Error, Result};
use table::{Solved, solve_table};
use widget::Lookup;

/// The published value of official solitaire Yahtzee (Verhoeff 1999,
/// Glenn 2006), to the four decimals published.
pub const PUBLISHED_VALUE: f64 = 254.5896;

/// A score sheet between turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sheet {
    /// The boxes filled.
    pub used: CategorySet,
    /// The sum of the upper boxes so far (any value; the game only tells
    /// totals up to the threshold apart).
    pub upper_total: u32,
    /// Whether the Yahtzee box holds 50 (later Yahtzees earn the bonus).
    pub yahtzee_scored_50: bool,
}

/// The expected-score table of one rule set.
pub struct YahtzeeTable {
    solved: Solved,
}

impl std::fmt::Debug for YahtzeeTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("YahtzeeTable")
            .field("rules", &self.solved.rules)
            .field("states", &self.solved.states)
            .finish_non_exhaustive()
    }
}

impl YahtzeeTable {
    /// Solves every state of the game under `rules` (an error names a rule
    /// out of range).
    pub fn solve(rules: &Rules) -> Result<YahtzeeTable> {
        Ok(YahtzeeTable {
            solved: solve_table(rules)?,
        })
    }

    /// The rules solved.
    pub fn rules(&self) -> &Rules {
        &self.solved.rules
    }

    /// The expected final score of a game under optimal play.
    pub fn start_value(&self) -> f64 {
        self.solved.values[Lookup::index(&self.solved.rules, 0, false, 0)]
    }

    /// The expected score still to come from `sheet`, before the next
    /// turn's first roll (bonuses included, points on the sheet not).
    pub fn value(&self, sheet: &Sheet) -> Result<f64> {
        let index = self.state_index(sheet)?;
        Ok(self.solved.values[index])
    }

    /// How many sheet states play reaches (536,448 officially).
    pub fn states(&self) -> usize {
        self.solved.states
    }

    /// Bytes the table holds (the values of every state, reachable or
    /// not, and the dice tables).
    pub fn memory_bytes(&self) -> usize {
        let s = &self.solved;
        s.values.len() * 8
            + s.space.keeps() * (std::mem::size_of::<[u8; 6]>() + 12 + 4)
            + s.space.remove_list.len() * 2
            + s.space.probability.len() * 8
    }

    /// The table's number of a sheet, or an error naming what no play of
    /// these rules reaches.
    fn state_index(&self, sheet: &Sheet) -> Result<usize> {
        let rules = &self.solved.rules;
        if !table::is_subset(sheet.used, rules.categories) {
            return Err(Error::invalid(format!(
                "Yahtzee sheet: boxes used {:#x} include boxes these rules do not play ({:#x})",
                sheet.used.0, rules.categories.0
            )));
        }
        let most: u32 = sheet
            .used
            .iter()
            .filter_map(|c| c.upper_face())
            .filter(|&f| f <= usize::from(rules.faces))
            .map(|f| f as u32 * u32::from(rules.dice))
            .sum();
        let capped = sheet.upper_total.min(rules.upper_threshold);
        let totals = self.solved.reachable[usize::from(sheet.used.0 & 0x3f)];
        if sheet.upper_total > most || totals >> capped & 1 == 0 {
            let boxes: Vec<&str> = sheet
                .used
                .iter()
                .filter(|c| c.upper_face().is_some())
                .map(|c| c.name())
                .collect();
            return Err(Error::invalid(format!(
                "Yahtzee sheet: no play makes an upper total of {} with the upper boxes [{}] filled",
                sheet.upper_total,
                boxes.join(", ")
            )));
        }
        if sheet.yahtzee_scored_50 && !sheet.used.contains(Category::Yahtzee) {
            return Err(Error::invalid(
                "Yahtzee sheet: the Yahtzee box is open, so it cannot hold 50",
            ));
        }
        let flag = sheet.yahtzee_scored_50 && rules.tracks_bonus();
        Ok(Lookup::index(rules, sheet.used.0, flag, capped))
    }
}
