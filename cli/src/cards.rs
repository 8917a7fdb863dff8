//! `oddsmith cards AhKs Qd`: parse cards and print them back.

use crate::output::{Outcome, print_json};
use oddsmith::cards::{format_cards, parse_cards};
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    /// Cards such as "AhKs Qd", "AhKsQd" or "10h" (several arguments are joined).
    #[arg(required = true)]
    cards: Vec<String>,
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    let cards = parse_cards(&args.cards.join(" "))?;
    if as_json {
        let names: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        let indices: Vec<u8> = cards.iter().map(|c| c.index()).collect();
        let mask = cards.iter().fold(0u64, |m, c| m | c.bit());
        print_json(
            &json!({ "cards": names, "indices": indices, "mask": mask, "count": cards.len() }),
        );
    } else {
        println!("{} ({} cards)", format_cards(&cards), cards.len());
    }
    Ok(())
}
