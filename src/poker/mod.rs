//! Texas Hold'em: the hand evaluator, ranges, equity and hand strength.

pub mod batch;
pub mod classes;
pub mod equity;
pub mod eval;
mod eval_tables;
pub mod range;

pub use classes::Category;
pub use eval::{CLASS_COUNT, HandKey, HandRank, evaluate};
pub use range::{Combo, Range};

/// Builds what a first call would otherwise build (the preflop matchup
/// table; the evaluator's tables are static data).
pub fn warm_up() {
    let _ = HandKey::EMPTY.rank_table_ready();
    equity::preflop::warm_up();
}
