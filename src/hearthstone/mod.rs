//! Hearthstone engines: split damage and Battlegrounds combat, and the
//! Battlegrounds card table.

pub mod cards;
pub mod combat;
pub mod model;
pub mod split_damage;
