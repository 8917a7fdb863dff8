//! The whole `extern "C"` surface. No engine logic lives here: each entry
//! checks its arguments, calls the engine and copies the answer out, all
//! inside `guard`, which turns errors and panics into status codes.

mod bg_cards;
mod board;
mod cards;
mod combat;
mod combat_best_order;
mod durak;
mod expectimax;
mod guard;
mod handles;
mod init;
mod pig;
mod poker;
mod progress;
mod pushfold;
mod split_damage;
mod version;

pub use bg_cards::*;
pub use board::*;
pub use cards::*;
pub use combat::*;
pub use combat_best_order::*;
pub use durak::*;
pub use expectimax::*;
pub use guard::*;
pub use init::*;
pub use pig::*;
pub use poker::*;
pub use progress::*;
pub use pushfold::*;
pub use split_damage::*;
pub use version::*;

#[cfg(test)]
mod header_check;
