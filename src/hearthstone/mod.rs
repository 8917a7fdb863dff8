//! Hearthstone engines: split damage and Battlegrounds combat, the
//! Battlegrounds card table, the vocabulary the table and the combat
//! engine share (`model`, which imports neither), and the readers of
//! input: boards in the minion notation (`notation`), Firestone-shaped
//! input (`firestone`).

pub mod cards;
pub mod combat;
pub mod firestone;
pub mod model;
pub mod notation;
pub mod split_damage;
