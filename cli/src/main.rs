//! `oddsmith`: one subcommand per engine; text by default, `--json` for
//! scripts (one JSON object on stdout). Errors are one line on stderr with
//! exit code 2 for bad input and 1 for other failures.

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use oddsmith_cli::{cards, coins, combat, durak, poker, split_damage};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "oddsmith",
    version,
    about = "Exact and fast odds for card games"
)]
struct Cli {
    /// Print one JSON object on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse cards ("AhKs Qd", "AhKsQd", "10h") and print them back.
    Cards(cards::Args),
    /// Texas Hold'em equity of hands and ranges.
    Equity(poker::EquityArgs),
    /// Rank a 5 to 7 card poker hand.
    Eval(poker::EvalArgs),
    /// A hand's chance to win against random hands.
    Strength(poker::StrengthArgs),
    /// Kill odds of N random 1-damage hits (Arcane Missiles, Mad Bomber).
    SplitDamage(split_damage::Args),
    /// Battlegrounds combat odds: win, draw, loss and damage.
    Combat(combat::Args),
    /// The coin-box game (seed 003) solved by expectimax.
    Coins(coins::Args),
    /// Durak: matches between bots (information-set MCTS, greedy, random)
    /// and speed figures.
    Durak(durak::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let result = match &cli.command {
        Command::Cards(args) => cards::run(args, cli.json),
        Command::Equity(args) => poker::run_equity(args, cli.json),
        Command::Eval(args) => poker::run_eval(args, cli.json),
        Command::Strength(args) => poker::run_strength(args, cli.json),
        Command::SplitDamage(args) => split_damage::run(args, cli.json),
        Command::Combat(args) => combat::run(args, cli.json),
        Command::Coins(args) => coins::run(args, cli.json),
        Command::Durak(args) => durak::run(args, cli.json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}

/// Help and version go out as clap prints them; a usage error becomes one
/// line on stderr and exit code 2, like every other bad input.
fn usage_error(e: clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(e.exit_code() as u8)
        }
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("oddsmith: {} (see --help)", first.trim());
            ExitCode::from(2)
        }
    }
}
