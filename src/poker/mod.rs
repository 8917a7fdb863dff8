//! Texas Hold'em: the hand evaluator, ranges, equity and hand strength.

pub mod batch;
pub mod classes;
pub mod equity;
pub mod eval;
pub mod range;

pub use classes::Category;
pub use eval::{CLASS_COUNT, HandKey, HandRank, evaluate};
pub use range::{Combo, Range};

/// Builds the evaluator's tables now rather than on first use.
pub fn warm_up() {
    let _ = HandKey::EMPTY.rank_table_ready();
    equity::preflop::warm_up();
}
