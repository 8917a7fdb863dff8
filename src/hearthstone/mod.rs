//! Hearthstone engines: split damage and Battlegrounds combat, the
//! Battlegrounds card table, the vocabulary the table and the combat
//! engine share (`model`, which imports neither), and the reader of
//! Firestone-shaped input.

pub mod cards;
pub mod combat;
pub mod firestone;
pub mod model;
pub mod split_damage;
