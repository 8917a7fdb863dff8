//! Hearthstone engines: split damage and Battlegrounds combat, the
//! Battlegrounds card table, and the vocabulary the table and the combat
//! engine share (`model`, which imports neither).

pub mod cards;
pub mod combat;
pub mod model;
pub mod split_damage;
