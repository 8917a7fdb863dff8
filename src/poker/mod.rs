//! Texas Hold'em: the hand evaluator, ranges, equity and hand strength;
//! Omaha and short deck (`variants`); and the one equity entry for every
//! game ([`game_equity`]), which the C, CLI and Python front ends call.

pub mod batch;
pub mod board;
pub mod classes;
pub mod equity;
pub mod eval;
mod eval_tables;
pub mod game;
pub mod pushfold;
pub mod range;
mod rank_patterns;
pub mod variants;

pub use classes::Category;
pub use eval::{CLASS_COUNT, HandKey, HandRank, evaluate};
pub use game::{Game, GameEquity, GamePlayer, GameRequest, game_equity};
pub use range::{Combo, Range};

/// Touches the evaluator's tables. Nothing is built on first use (the
/// evaluator's tables, the preflop matchup table and its layout are
/// read-only data made at compile time): kept for callers that warm up.
/// Push/fold's combo matchup table is the exception: `pushfold::warm_up`.
pub fn warm_up() {
    let _ = HandKey::EMPTY.rank_table_ready();
}
