//! Texas Hold'em: the hand evaluator, ranges, equity and hand strength.

pub mod classes;
pub mod eval;

pub use classes::Category;
pub use eval::{CLASS_COUNT, HandKey, HandRank, evaluate};
