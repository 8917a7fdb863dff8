//! Durak for 2 to 6 players, podkidnoy and the transfer variant: the rules
//! on card masks, written once (`rules`), the game move by move (`game`),
//! the fused two-player random playout (`two_player_playout`), one player's
//! view and the games consistent with it (`observe`), baseline bots
//! (`bots`), and the search's view of the game (`search`; the search itself
//! lives in `crate::mcts`); levels of play (`levels`, erring by `style`)
//! rated on an Elo scale by the `ladder` (`elo`: the Bradley-Terry fit).

pub mod bots;
pub mod elo;
pub mod endgame;
pub mod game;
pub mod ladder;
pub mod levels;
pub mod matches;
pub mod moves;
pub mod observe;
mod rules;
pub mod search;
pub mod style;
mod two_player_playout;

pub use game::{Config, Deck, Game, Outcome, Phase, Protocol, Variant};
pub use moves::{Move, MoveKind, MoveList};
pub use observe::Observation;
pub use search::{best_move, best_move_controlled, move_id};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
