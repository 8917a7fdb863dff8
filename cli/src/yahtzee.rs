//! `oddsmith yahtzee [--no-yahtzee-bonus] [--no-joker] [--used BOXES]
//! [--upper N] [--yahtzee-50] [--dice D,D,D,D,D] [--rolls-left N]`:
//! solitaire Yahtzee solved for the highest expected score; the value of a
//! sheet, and with dice the best keep or box and every alternative.

use crate::output::{Failure, Outcome, print_json};
use oddsmith::expectimax::yahtzee::{
    Category, CategorySet, Move, Position, Rules, Sheet, YahtzeeTable,
};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Play without the Yahtzee bonus (100 for each extra Yahtzee).
    #[arg(long)]
    no_yahtzee_bonus: bool,
    /// Play without the Joker rules (an extra Yahtzee scores by each box's
    /// own rule).
    #[arg(long)]
    no_joker: bool,
    /// The boxes already filled, comma-separated (aces, twos, threes,
    /// fours, fives, sixes, three-of-a-kind, four-of-a-kind, full-house,
    /// small-straight, large-straight, yahtzee, chance).
    #[arg(long, default_value = "")]
    used: String,
    /// The sum of the upper boxes so far.
    #[arg(long, default_value_t = 0)]
    upper: u32,
    /// The Yahtzee box holds 50 (later Yahtzees earn the bonus).
    #[arg(long)]
    yahtzee_50: bool,
    /// The five dice showing, e.g. 2,3,3,5,6: ask for the best keep or box.
    #[arg(long)]
    dice: Option<String>,
    /// Rolls left this turn with these dice (2 after the first roll, 0
    /// after the last).
    #[arg(long, default_value_t = 0)]
    rolls_left: u8,
}

fn parse_used(text: &str) -> Result<CategorySet, Failure> {
    let mut set = CategorySet::EMPTY;
    for name in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        set = set.with(Category::parse(name)?);
    }
    Ok(set)
}

fn parse_dice(text: &str) -> Result<Vec<u8>, Failure> {
    text.split(',')
        .map(|t| t.trim().parse::<u8>())
        .collect::<Result<Vec<u8>, _>>()
        .map_err(|_| {
            Failure::BadInput(format!(
                "--dice '{text}': five faces 1-6 separated by commas are needed, e.g. 2,3,3,5,6"
            ))
        })
}

fn describe(action: &Move) -> String {
    match action {
        Move::Score(c) => format!("score {}", c.name()),
        Move::Keep(faces) if faces.is_empty() => "reroll all".to_string(),
        Move::Keep(faces) => {
            let list: Vec<String> = faces.iter().map(u8::to_string).collect();
            format!("keep {}", list.join(","))
        }
    }
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    let rules = Rules {
        yahtzee_bonus: !args.no_yahtzee_bonus,
        joker: !args.no_joker,
        ..Rules::official()
    };
    let sheet = Sheet {
        used: parse_used(&args.used)?,
        upper_total: args.upper,
        yahtzee_scored_50: args.yahtzee_50,
    };
    let dice = args.dice.as_deref().map(parse_dice).transpose()?;
    let started = Instant::now();
    let table = YahtzeeTable::solve(&rules)?;
    let solve_ms = started.elapsed().as_secs_f64() * 1e3;
    let value = table.value(&sheet)?;
    let advice = match dice {
        Some(dice) => Some(table.advise(&Position {
            sheet,
            dice,
            rolls_left: args.rolls_left,
        })?),
        None => None,
    };
    if as_json {
        let choices = advice.as_ref().map(|a| {
            a.choices
                .iter()
                .map(|c| json!({"choice": describe(&c.action), "value": c.value, "points": c.points}))
                .collect::<Vec<_>>()
        });
        print_json(&json!({
            "yahtzee_bonus": rules.yahtzee_bonus,
            "joker": rules.joker,
            "start_value": table.start_value(),
            "sheet_value": value,
            "best": advice.as_ref().map(|a| describe(&a.choices[0].action)),
            "position_value": advice.as_ref().map(|a| a.value),
            "choices": choices,
            "states": table.states(),
            "memory_bytes": table.memory_bytes(),
            "solve_ms": solve_ms,
        }));
    } else {
        println!(
            "expected score of a game under optimal play: {:.6}",
            table.start_value()
        );
        if !sheet.used.is_empty() || sheet.upper_total > 0 {
            println!("expected score still to come from this sheet: {value:.6}");
        }
        if let Some(advice) = &advice {
            println!(
                "best: {} (expected {:.4} still to come)",
                describe(&advice.choices[0].action),
                advice.value
            );
            for choice in &advice.choices {
                let points = choice
                    .points
                    .map_or(String::new(), |p| format!(" ({p} points)"));
                println!(
                    "  {:>10.4}  {}{points}",
                    choice.value,
                    describe(&choice.action)
                );
            }
        }
        println!(
            "{} states, {:.1} MB, solved in {solve_ms:.0} ms",
            table.states(),
            table.memory_bytes() as f64 / 1e6
        );
    }
    Ok(())
}
