//! Hearthstone engines: split damage (and, later, Battlegrounds combat).

pub mod split_damage;
