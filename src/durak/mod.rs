//! Podkidnoy Durak for 2 to 6 players: the rules (`game`), one player's view
//! and the games consistent with it (`observe`), and baseline bots (`bots`).
//! The search that plays it lives in `crate::mcts`.

pub mod bots;
pub mod game;
mod lanes;
pub mod matches;
pub mod moves;
pub mod observe;
mod playout2;
pub mod search;

pub use game::{Config, Deck, Game, Outcome, Phase};
pub use lanes::random_playouts;
pub use moves::{Move, MoveKind, MoveList};
pub use observe::Observation;
pub use search::{best_move, move_id};

#[cfg(test)]
mod tests;
