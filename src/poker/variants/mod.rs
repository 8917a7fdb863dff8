//! Poker variants beside Texas Hold'em: Omaha and short-deck Hold'em, with
//! one equity engine (`equity`: ranges, exact counts, Monte Carlo) that
//! asks the variant how to rank a deal.
//!
//! Omaha: each player makes the best hand from exactly two of their hole
//! cards and exactly three board cards. High (PLO with 4, 5 or 6 hole
//! cards) and hi/lo 8-or-better (4 or 5), the low half going to the best
//! qualifying low (five distinct ranks 8 or lower, ace low, also exactly
//! two hole and three board cards; straights and flushes do not spoil it).
//! Omaha hands rank with the Hold'em tables (`omaha_eval`); ranges have
//! their own syntax (`omaha_range`).
//!
//! Short deck (6+): Hold'em with the 36 cards six to ace, a flush beating
//! a full house and A-6-7-8-9 the lowest straight; a straight beats three
//! of a kind unless the Triton ranking is asked for (`short_deck`).
//! Ranges are Hold'em's, on the 36 cards.
//!
//! Exact equity counts board completions by rank pattern (the walk of
//! `poker::rank_patterns`): each rank multiset is ranked once by ranks,
//! and only completions that can give someone a flush are ranked again
//! with their flushes (`omaha_exact`, `short_deck_exact`).

pub mod equity;
mod omaha_eval;
mod omaha_exact;
mod omaha_range;
mod range;
pub mod short_deck;
mod short_deck_exact;

pub use equity::{
    VariantEquity, VariantPlayer, VariantRequest, parse_hands, parse_hands_within, variant_equity,
};
pub use omaha_eval::{Board, Hole, Low};
pub use range::{HandRange, MAX_RANGE_HANDS};

use crate::cards::CardSet;
use crate::error::{Error, Result};

/// Which game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Omaha high with this many hole cards (4, 5 or 6).
    OmahaHigh(u8),
    /// Omaha hi/lo 8-or-better with this many hole cards (4 or 5).
    OmahaHiLo(u8),
    /// Short-deck Hold'em; `trips_beat_straight` is the Triton ranking.
    ShortDeck {
        /// Whether three of a kind beats a straight (Triton) rather than
        /// the reverse.
        trips_beat_straight: bool,
    },
}

impl Variant {
    /// `plo4`, `plo5`, `plo6` (high), `plo8` (4-card hi/lo), `plo5-8`,
    /// `shortdeck` (a straight beats three of a kind; `shortdeck-triton`
    /// the other way round).
    pub fn parse(text: &str) -> Result<Variant> {
        Ok(match text.to_ascii_lowercase().as_str() {
            "plo4" | "plo" | "omaha" => Variant::OmahaHigh(4),
            "plo5" => Variant::OmahaHigh(5),
            "plo6" => Variant::OmahaHigh(6),
            "plo8" | "plo4-8" | "omaha8" => Variant::OmahaHiLo(4),
            "plo5-8" => Variant::OmahaHiLo(5),
            "shortdeck" | "short-deck" | "6plus" | "6+" => Variant::ShortDeck {
                trips_beat_straight: false,
            },
            "shortdeck-triton" => Variant::ShortDeck {
                trips_beat_straight: true,
            },
            other => {
                return Err(Error::parse(format!(
                    "game '{other}': use plo4, plo5, plo6, plo8, plo5-8 or shortdeck"
                )));
            }
        })
    }

    /// Hole cards per player.
    pub fn hole_cards(self) -> usize {
        match self {
            Variant::OmahaHigh(n) | Variant::OmahaHiLo(n) => n as usize,
            Variant::ShortDeck { .. } => 2,
        }
    }

    /// Whether half the pot goes to the best qualifying low.
    pub fn hi_lo(self) -> bool {
        matches!(self, Variant::OmahaHiLo(_))
    }

    /// Whether hands are Omaha hands (two hole cards and three board
    /// cards exactly).
    pub fn is_omaha(self) -> bool {
        !matches!(self, Variant::ShortDeck { .. })
    }

    /// The cards in play: the 52-card deck, or short deck's 36.
    pub fn deck(self) -> CardSet {
        match self {
            Variant::ShortDeck { .. } => short_deck::DECK,
            _ => CardSet::FULL,
        }
    }

    /// Most players: six for Omaha (six PLO6 hands and a board take 41 of
    /// the 52 cards, and Monte Carlo deals random hands from the rest),
    /// eight for short deck (16 hole cards and a board of the 36).
    pub fn max_players(self) -> usize {
        match self {
            Variant::ShortDeck { .. } => 8,
            _ => 6,
        }
    }

    /// Checks the hole-card count is one the engines deal: Omaha high with 4
    /// to 6, hi/lo with 4 or 5, or short deck; else `InvalidArgument`.
    pub fn validate(self) -> Result<()> {
        match self {
            Variant::OmahaHigh(4..=6) | Variant::OmahaHiLo(4..=5) | Variant::ShortDeck { .. } => {
                Ok(())
            }
            other => Err(Error::invalid(format!("{other:?} is not a dealt game"))),
        }
    }
}

#[cfg(test)]
mod omaha_tests;
#[cfg(test)]
mod short_deck_tests;
