//! `oddsmith`: one subcommand per engine; text by default, `--json` for
//! scripts (one JSON object on stdout). Errors are one line on stderr with
//! exit code 2 for bad input and 1 for other failures.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

mod best_order;
mod bg_cards;
mod board;
mod cards;
mod coins;
mod combat;
mod durak;
mod generate;
mod long_run;
mod output;
mod pig;
mod poker;
mod pushfold;
mod split_damage;
mod yahtzee;

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
    /// What a range makes on a board (made hands and draws), with exact
    /// equity by class against another range; one board, several, or
    /// every flop.
    Board(board::Args),
    /// Heads-up push/fold: the exact equilibrium (chip EV) per combo, as
    /// charts.
    Pushfold(pushfold::Args),
    /// Kill odds of N random 1-damage hits (Arcane Missiles, Mad Bomber).
    SplitDamage(split_damage::Args),
    /// Battlegrounds combat odds: win, draw, loss and damage.
    Combat(Box<combat::Args>),
    /// The Battlegrounds card table: find a card, list what the combat
    /// engine models.
    BgCards(bg_cards::Args),
    /// The coin-box game (three boxes of coins, two players taking turns)
    /// solved by expectimax.
    Coins(coins::Args),
    /// The dice game Pig: win probability and decision under optimal play.
    Pig(pig::Args),
    /// Solitaire Yahtzee solved for the highest expected score: a sheet's
    /// value, a position's best keep or box.
    Yahtzee(yahtzee::Args),
    /// Durak: matches between bots (information-set MCTS, greedy, random)
    /// and speed figures.
    Durak(durak::Args),
    /// Regenerate a committed table (for maintainers).
    Generate(generate::Args),
}

fn main() -> ExitCode {
    quiet_broken_pipe();
    output_errors_are_failures();
    // Negative numbers are values, not flags, in every subcommand: a
    // negative count is then reported as out of range, not as an unknown
    // argument.
    let matches = negative_numbers_are_values(Cli::command()).try_get_matches();
    let cli = match matches.and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let result = match &cli.command {
        Command::Cards(args) => cards::run(args, cli.json),
        Command::Equity(args) => poker::run_equity(args, cli.json),
        Command::Eval(args) => poker::run_eval(args, cli.json),
        Command::Strength(args) => poker::run_strength(args, cli.json),
        Command::Board(args) => board::run(args, cli.json),
        Command::Pushfold(args) => pushfold::run(args, cli.json),
        Command::SplitDamage(args) => split_damage::run(args, cli.json),
        Command::Combat(args) => combat::run(args, cli.json),
        Command::BgCards(args) => bg_cards::run(args, cli.json),
        Command::Coins(args) => coins::run(args, cli.json),
        Command::Pig(args) => pig::run(args, cli.json),
        Command::Yahtzee(args) => yahtzee::run(args, cli.json),
        Command::Durak(args) => durak::run(args, cli.json),
        Command::Generate(args) => generate::run(args),
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
            eprintln!("oddsmith: {} (see --help)", usage_message(&e));
            ExitCode::from(2)
        }
    }
}

/// One line for a usage error: clap's first paragraph joined (so a missing
/// argument is named), and a negative number given for a count said to be
/// out of range.
fn usage_message(e: &clap::Error) -> String {
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    if e.kind() == ErrorKind::ValueValidation
        && let (Some(arg), Some(value)) = (
            context(ContextKind::InvalidArg),
            context(ContextKind::InvalidValue),
        )
        && value.starts_with('-')
        && value.parse::<f64>().is_ok()
    {
        return format!("error: {arg}: {value} is out of range (it cannot be negative)");
    }
    let text = e.to_string();
    let paragraph: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty() && !line.starts_with("Usage:"))
        .collect();
    match paragraph.join(" ") {
        line if line.is_empty() => "error: invalid arguments".to_string(),
        line => line,
    }
}

/// Marks every argument of `command` and its subcommands as taking
/// negative numbers as values.
fn negative_numbers_are_values(command: clap::Command) -> clap::Command {
    command
        .allow_negative_numbers(true)
        .mut_subcommands(negative_numbers_are_values)
}

/// Output that cannot be written (`oddsmith ... > /dev/full`: a full disk)
/// ends the process with one line on stderr and exit code 1, as any other
/// failure, instead of a panic (`println!` panics when the write fails).
fn output_errors_are_failures() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
            eprintln!("oddsmith: error: cannot write the output: {why}");
            std::process::exit(1);
        }
        default_hook(info);
    }));
}

/// A closed stdout (`oddsmith ... | head -c1`) ends the process quietly, as
/// for any Unix filter, instead of a panic in `println!`.
fn quiet_broken_pipe() {
    #[cfg(unix)]
    {
        unsafe extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: restoring the default action of SIGPIPE (which the Rust
        // runtime set to ignore) before any thread starts.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}
