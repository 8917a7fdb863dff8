//! oddsmith: exact and fast odds engines for card games, with a C ABI.
//!
//! Shared pieces: [`cards`] (cards and card sets), [`combin`] (combination
//! ranges for parallel exhaustive enumeration), [`error`]. The C surface
//! lives in [`ffi`] and is described by the generated `include/oddsmith.h`.

// The baked-table formatter the generators share with the build script.
mod baked;
pub mod budget;
pub mod cards;
pub mod combin;
pub mod dd;
pub mod durak;
pub mod error;
pub mod expectimax;
pub mod ffi;
pub mod hearthstone;
pub mod mcts;
pub mod memo;
pub mod parallel;
pub mod platform;
pub mod poker;
pub mod rng;

pub use cards::{Card, CardSet, parse_cards};
pub use error::{Error, ErrorKind, Result};

// The docs' Rust examples, run by `cargo test --doc`.
#[cfg(doctest)]
mod doc_examples;
