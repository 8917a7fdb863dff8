//! Omaha: each player makes the best hand from exactly two of their hole
//! cards and exactly three board cards. High (PLO with 4, 5 or 6 hole
//! cards) and hi/lo 8-or-better (4 or 5), the low half going to the best
//! qualifying low (five distinct ranks 8 or lower, ace low, also exactly
//! two hole and three board cards; straights and flushes do not spoil it).
//!
//! Evaluation reuses the Hold'em tables: a hand's two-card hole keys and a
//! board's three-card keys add into five-card keys (`HandKey::combine`),
//! each ranked by one lookup. Lows are masks of ranks (bit 0 the ace, bit
//! 7 the eight): with five distinct ranks, comparing the masks as numbers
//! compares the lows from the highest card down, so the smaller is better.
//!
//! Exact equity counts board completions by rank pattern (`exact`): each
//! rank multiset is ranked once by ranks, and only completions with three
//! or more board cards of a suit someone holds twice are ranked again with
//! their flushes (PLO4 heads-up preflop: about 6,000 multisets and 40,000
//! flush choices instead of 1,086,008 boards).

pub mod equity;
mod eval;
mod exact;
mod range;

pub use equity::{OmahaEquity, OmahaPlayer, OmahaRequest, omaha_equity, parse_hands};
pub use eval::{Hole, Low, best_high, best_low, board_triples};
pub use range::{MAX_RANGE_HANDS, OmahaRange};

use crate::error::{Error, Result};

/// Which Omaha.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OmahaGame {
    /// Omaha high with this many hole cards (4, 5 or 6).
    High(u8),
    /// Omaha hi/lo 8-or-better with this many hole cards (4 or 5).
    HiLo(u8),
}

impl OmahaGame {
    /// `plo4`, `plo5`, `plo6` (high), `plo8` (4-card hi/lo), `plo5-8`.
    pub fn parse(text: &str) -> Result<OmahaGame> {
        Ok(match text.to_ascii_lowercase().as_str() {
            "plo4" | "plo" | "omaha" => OmahaGame::High(4),
            "plo5" => OmahaGame::High(5),
            "plo6" => OmahaGame::High(6),
            "plo8" | "plo4-8" | "omaha8" => OmahaGame::HiLo(4),
            "plo5-8" => OmahaGame::HiLo(5),
            other => {
                return Err(Error::parse(format!(
                    "game '{other}': use plo4, plo5, plo6, plo8 or plo5-8"
                )));
            }
        })
    }

    /// Hole cards per player.
    pub fn hole_cards(self) -> usize {
        match self {
            OmahaGame::High(n) | OmahaGame::HiLo(n) => n as usize,
        }
    }

    /// Whether half the pot goes to the best qualifying low.
    pub fn hi_lo(self) -> bool {
        matches!(self, OmahaGame::HiLo(_))
    }

    /// Most players (six: six PLO6 hands and a board take 41 of the 52
    /// cards, and Monte Carlo deals random hands from the rest).
    pub fn max_players(self) -> usize {
        6
    }

    pub fn validate(self) -> Result<()> {
        match self {
            OmahaGame::High(4..=6) | OmahaGame::HiLo(4..=5) => Ok(()),
            other => Err(Error::invalid(format!("{other:?} is not a dealt game"))),
        }
    }
}

#[cfg(test)]
mod tests;
