//! `oddsmith board`: what a range makes on a board (made hands and draws),
//! with equity by class against another range.

use crate::long_run::LongRun;
use crate::output::{Failure, Outcome, print_json};
use oddsmith::cards::CardSet;
use oddsmith::poker::Range;
use oddsmith::poker::board::{BoardAnswer, BoardQuestion, Boards, board_stats};
use oddsmith::{Error, ErrorKind};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The range: "QQ+,AKs,KQo:0.5", "22+,A2s+,KTs+".
    range: String,
    /// The board: a flop, turn or river (Ks7c2d), or several separated by
    /// commas (Ks7c2d,Ah9h8c2s), each counted once.
    #[arg(
        long,
        required_unless_present = "all_flops",
        conflicts_with = "all_flops"
    )]
    board: Option<String>,
    /// Every one of the 22,100 flops, each counted once.
    #[arg(long)]
    all_flops: bool,
    /// The other range: each class's exact equity against it.
    #[arg(long)]
    vs: Option<String>,
    /// List each class's combos (one board).
    #[arg(long)]
    hands: bool,
    /// Worker threads; 0 = all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

fn named(what: &str, e: Error) -> Failure {
    Error::new(e.kind(), format!("{what}: {}", e.message())).into()
}

fn boards_of(args: &Args) -> Result<Boards, Failure> {
    let Some(text) = &args.board else {
        return Ok(Boards::AllFlops);
    };
    let boards = text
        .split(',')
        .map(|b| CardSet::parse(b.trim()).map_err(|e| named("--board", e)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Boards::List(boards))
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    let question = BoardQuestion {
        range: Range::parse(&args.range).map_err(|e| named("range", e))?,
        vs: args
            .vs
            .as_deref()
            .map(Range::parse)
            .transpose()
            .map_err(|e| named("--vs", e))?,
        boards: boards_of(args)?,
        threads: args.threads,
        control: oddsmith::budget::Control::NONE,
    };
    if args.hands && !matches!(&question.boards, Boards::List(b) if b.len() == 1) {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "--hands lists the combos of one board",
        )
        .into());
    }
    // Ctrl-C stops the work (no partial answer: exit code 130), and a
    // progress bar shows on a terminal after a quarter of a second.
    let run = LongRun::start("board");
    let question = BoardQuestion {
        control: run.control(),
        ..question
    };
    let started = Instant::now();
    let answer = run.answer(board_stats(&question))?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    if as_json {
        print_json(&answer_json(args, &answer, elapsed_ms));
    } else {
        print_table(args, &answer, elapsed_ms);
    }
    run.close()
}

/// A combo as players write it, the higher card first (AhKh).
fn hand(cards: &CardSet) -> String {
    let cards: Vec<_> = cards.iter().collect();
    cards.iter().rev().map(ToString::to_string).collect()
}

fn answer_json(args: &Args, a: &BoardAnswer, elapsed_ms: f64) -> serde_json::Value {
    let classes: Vec<_> = a
        .classes
        .iter()
        .map(|l| {
            json!({
                "class": l.class.key(), "draw": l.class.is_draw(), "combos": l.combos,
                "weight": l.weight, "share": l.share, "equity": l.equity,
                "hands": l.hands.iter().map(hand).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "range": args.range, "vs": args.vs, "board": args.board, "all_flops": args.all_flops,
        "boards": a.boards, "combos": a.combos, "weight": a.weight, "equity": a.equity,
        "classes": classes, "elapsed_ms": elapsed_ms,
    })
}

fn print_table(args: &Args, a: &BoardAnswer, elapsed_ms: f64) {
    let place = match &args.board {
        Some(b) if a.boards == 1 => b.clone(),
        _ if args.all_flops => "every flop (22,100)".to_string(),
        _ => format!("{} boards", a.boards),
    };
    let per = if a.boards == 1 { "" } else { " per board" };
    println!("{} on {place}: {:.2} combos{per}", args.range, a.combos);
    if let (Some(vs), Some(e)) = (&args.vs, a.equity) {
        println!("equity against {vs}: {:.2}% (exact)", 100.0 * e);
    }
    let equity_column = args.vs.is_some();
    for draws in [false, true] {
        println!();
        print!(
            "{:<26} {:>8} {:>7}",
            if draws { "Draws" } else { "Made hands" },
            "combos",
            "share"
        );
        if equity_column {
            print!(" {:>7}", "equity");
        }
        println!();
        for l in a
            .classes
            .iter()
            .filter(|l| l.class.is_draw() == draws && l.combos > 0.0)
        {
            print!(
                "{:<26} {:>8.2} {:>6.2}%",
                l.class.name(),
                l.combos,
                100.0 * l.share
            );
            if equity_column {
                match l.equity {
                    Some(e) => print!(" {:>6.2}%", 100.0 * e),
                    None => print!(" {:>7}", "-"),
                }
            }
            if args.hands {
                let hands: Vec<String> = l.hands.iter().map(hand).collect();
                print!("  {}", hands.join(" "));
            }
            println!();
        }
    }
    println!();
    let boards = if a.boards == 1 {
        "1 board".to_string()
    } else {
        format!("{} boards", a.boards)
    };
    println!("(exact, {boards}, {elapsed_ms:.1} ms)");
}
