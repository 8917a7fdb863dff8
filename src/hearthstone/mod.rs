//! Hearthstone engines: split damage and Battlegrounds combat, the
//! Battlegrounds card table, and the reader of Firestone-shaped input.

pub mod cards;
pub mod combat;
pub mod firestone;
pub mod split_damage;
