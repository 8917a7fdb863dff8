//! Hearthstone engines: split damage and Battlegrounds combat.

pub mod combat;
pub mod split_damage;
