//! Rust: parse cards, work with sets, and walk combination ranges.
//! Run with `cargo run --example cards`.

use oddsmith::CardSet;
use oddsmith::combin::{Subsets, binomial};

fn main() -> Result<(), oddsmith::Error> {
    let hole = CardSet::parse("AhKh")?;
    let board = CardSet::parse("Qh Jh 2c")?;
    let deck = hole.union(board).complement();
    println!(
        "{} cards left; {} two-card runouts",
        deck.len(),
        binomial(deck.len() as usize, 2)
    );

    // Count runouts that give the hero a royal flush (needs Th).
    let ten = CardSet::parse("Th")?.mask();
    let royal = Subsets::of_set(deck, 2)?
        .filter(|&runout| runout & ten != 0)
        .count();
    println!("runouts with Th: {royal}");
    Ok(())
}
