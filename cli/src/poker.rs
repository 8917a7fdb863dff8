//! `oddsmith equity`, `oddsmith eval` and `oddsmith strength`.

use crate::long_run::{LongRun, PARTIAL_NOTE};
use crate::output::{Failure, Outcome, print_json};
use oddsmith::cards::{CardSet, format_cards, parse_cards};
use oddsmith::poker::equity::grid::class_grid;
use oddsmith::poker::equity::{self, ComboEquity, Mode};
use oddsmith::poker::{Category, Game, GameEquity, GameRequest, evaluate, game_equity};
use oddsmith::{Error, ErrorKind};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct EquityArgs {
    /// One hand or range per player: AhKh QsQd, or "QQ+,AKs" "JJ-88"
    /// (Omaha: hands such as AsKsQhJh, ranges such as "AA**:ds,KKQQ:0.5",
    /// or random; short deck: Hold'em ranges on the cards six to ace).
    #[arg(required = true)]
    players: Vec<String>,
    /// holdem; Omaha: plo4, plo5, plo6 (high), plo8, plo5-8 (hi/lo 8
    /// or better); shortdeck (36 cards, 6+).
    #[arg(long, default_value = "holdem")]
    game: String,
    /// Short deck: three of a kind beats a straight (the Triton ranking;
    /// by default a straight beats three of a kind).
    #[arg(long)]
    trips_beat_straight: bool,
    /// Board cards (0, 3, 4 or 5): Ks7c2d.
    #[arg(long, default_value = "")]
    board: String,
    /// Dead cards.
    #[arg(long, default_value = "")]
    dead: String,
    /// Monte Carlo instead of exact enumeration.
    #[arg(long, conflicts_with = "exact")]
    mc: bool,
    /// Exact enumeration even when it is slow (default: exact when it fits
    /// the time budget, else Monte Carlo).
    #[arg(long)]
    exact: bool,
    /// Monte Carlo target standard error (0: the default, 0.001).
    #[arg(long, default_value_t = 0.001)]
    stderr: f64,
    /// Each combo's equity and the 13x13 grid of hand classes (exact: on a
    /// flop, turn or river; preflop for two players without dead cards).
    #[arg(long, conflicts_with = "mc")]
    by_combo: bool,
    #[command(flatten)]
    run: RunArgs,
}

/// How long, how random and how parallel: shared by equity and strength.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Time budget in milliseconds (Monte Carlo deadline, auto choice);
    /// default 1000, but none with --exact (an exact answer is asked for
    /// whatever it takes, unless a budget is given).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Monte Carlo seed (0 by default, as a zeroed C request).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads; 0 = all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

#[derive(clap::Args)]
pub struct EvalArgs {
    /// 5 to 7 cards: AhKhQhJhTh9c2d.
    #[arg(required = true)]
    cards: Vec<String>,
}

#[derive(clap::Args)]
pub struct StrengthArgs {
    /// The hand: AhKh.
    hand: String,
    /// Opponents holding random cards.
    #[arg(long, default_value_t = 1)]
    opponents: usize,
    #[arg(long, default_value = "")]
    board: String,
    #[command(flatten)]
    run: RunArgs,
}

/// The settings every game's equity shares, read from the arguments.
fn settings_of(args: &EquityArgs) -> Result<equity::Settings, Failure> {
    let mode = match (args.mc, args.exact) {
        (true, _) => Mode::MonteCarlo,
        (_, true) => Mode::Exact,
        _ => Mode::Auto,
    };
    Ok(equity::Settings {
        board: CardSet::parse(&args.board).map_err(|e| named("--board", e))?,
        dead: CardSet::parse(&args.dead).map_err(|e| named("--dead", e))?,
        mode,
        // The engine's one check, named by the option.
        // The engine's one rule (0: the default), named by the option.
        target_stderr: equity::target_stderr(args.stderr).map_err(|e| named("--stderr", e))?,
        time_budget: equity::time_budget(mode, oddsmith::budget::given_ms(args.run.time_ms)),
        seed: args.run.seed,
        threads: args.run.threads,
    })
}

/// Whether an answer reached the standard error asked for (exact answers
/// always do); a Monte Carlo run the time budget stopped first did not.
fn target_reached(exact: bool, stderr: f64, target: f64) -> bool {
    exact || stderr <= target
}

/// Says so when sampling stopped at the time budget short of the target
/// error (not when Ctrl-C stopped it: that says so itself).
fn print_target_note(exact: bool, stderr: f64, target: f64, partial: bool) {
    if !partial && !target_reached(exact, stderr, target) {
        println!(
            "(the time budget ended sampling at standard error {stderr:.5}, short of the \
             --stderr {target} asked for: raise --time-ms)"
        );
    }
}

/// "exact", or the Monte Carlo error, for the text output.
fn method(exact: bool, stderr: f64) -> String {
    if exact {
        "exact".to_string()
    } else {
        format!("Monte Carlo, stderr {stderr:.5}")
    }
}

fn named(what: &str, e: Error) -> Failure {
    Error::new(e.kind(), format!("{what}: {}", e.message())).into()
}

/// The game `--game` and `--trips-beat-straight` name.
fn game_of(args: &EquityArgs) -> Result<Game, Failure> {
    let game = Game::parse(&args.game).map_err(|e| named("--game", e))?;
    if args.trips_beat_straight {
        return game.with_trips_beat_straight().map_err(|_| {
            Failure::BadInput("--trips-beat-straight is for --game shortdeck".into())
        });
    }
    Ok(game)
}

pub fn run_equity(args: &EquityArgs, as_json: bool) -> Outcome {
    let game = game_of(args)?;
    let mut req = GameRequest::new(game, &args.players);
    req.settings = settings_of(args)?;
    req.by_combo = args.by_combo;
    // The evaluator's tables are built first, so neither the time budget
    // nor the reported time includes their one-off generation.
    let run = LongRun::start("equity");
    oddsmith::poker::warm_up();
    req.control = run.control();
    let started = Instant::now();
    let r = run.answer(game_equity(&req))?;
    let target = req.settings.target_stderr;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    if as_json {
        print_json(&equity_json(args, &r, target, elapsed_ms));
    } else {
        print_equity(args, &r, target, elapsed_ms);
    }
    run.close()
}

/// `--json`: Hold'em's shape (categories, "tuples", the breakdown when
/// asked) or the variants' (the game, high, low, scoop, "deals",
/// "low_qualifies").
fn equity_json(
    args: &EquityArgs,
    r: &GameEquity,
    target: f64,
    elapsed_ms: f64,
) -> serde_json::Value {
    let target_reached = target_reached(r.exact, r.std_error, target);
    let rows = args.players.iter().zip(&r.players);
    if r.game != Game::Holdem {
        let players: Vec<_> = rows
            .map(|(hand, p)| {
                json!({ "hand": hand, "equity": p.equity, "high": p.high, "low": p.low,
                        "win": p.win, "tie": p.tie, "scoop": p.scoop })
            })
            .collect();
        return json!({
            "game": args.game, "players": players, "exact": r.exact, "deals": r.deals,
            "stderr": r.std_error,
            "target_reached": target_reached,
            "low_qualifies": r.low_qualifies,
            "elapsed_ms": elapsed_ms, "partial": r.partial,
        });
    }
    let players: Vec<_> = rows
        .map(|(hand, p)| {
            let categories: serde_json::Map<String, serde_json::Value> = Category::ALL
                .iter()
                .map(|c| {
                    let chance = p.categories.map_or(0.0, |all| all[*c as usize]);
                    (c.key().to_string(), json!(chance))
                })
                .collect();
            json!({ "hand": hand, "equity": p.equity, "win": p.win, "tie": p.tie, "categories": categories })
        })
        .collect();
    let mut value = json!({
        "players": players,
        "exact": r.exact,
        "tuples": r.deals,
        "stderr": r.std_error,
        "target_reached": target_reached,
        "elapsed_ms": elapsed_ms,
        "partial": r.partial,
    });
    if args.by_combo {
        value["by_combo"] = by_combo_json(&r.by_combo);
    }
    value
}

/// The text output of `oddsmith equity`.
fn print_equity(args: &EquityArgs, r: &GameEquity, target: f64, elapsed_ms: f64) {
    let how = method(r.exact, r.std_error);
    if r.game == Game::Holdem {
        println!("{} deals ({how}, {elapsed_ms:.1} ms)", r.deals);
    } else {
        println!(
            "{} {} deals ({how}, {elapsed_ms:.1} ms)",
            args.game, r.deals
        );
    }
    if r.game.hi_lo() {
        println!(
            "{:<20} {:>9} {:>9} {:>9} {:>9}",
            "player", "equity", "high", "low", "scoop"
        );
        for (hand, p) in args.players.iter().zip(&r.players) {
            println!(
                "{hand:<20} {:>9.6} {:>9.6} {:>9.6} {:>9.6}",
                p.equity, p.high, p.low, p.scoop
            );
        }
        println!("a low qualifies on {:.4} of the deals", r.low_qualifies);
    } else {
        println!("{:<20} {:>9} {:>9} {:>9}", "player", "equity", "win", "tie");
        for (hand, p) in args.players.iter().zip(&r.players) {
            println!("{hand:<20} {:>9.6} {:>9.6} {:>9.6}", p.equity, p.win, p.tie);
        }
    }
    if args.by_combo {
        for (hand, combos) in args.players.iter().zip(&r.by_combo) {
            print_grid(hand, combos);
        }
    }
    print_target_note(r.exact, r.std_error, target, r.partial);
    if r.partial {
        println!("{PARTIAL_NOTE}");
    }
}

/// Per player: each combo's row and the grid's non-empty cells.
fn by_combo_json(by_combo: &[Vec<ComboEquity>]) -> serde_json::Value {
    let players: Vec<_> = by_combo
        .iter()
        .map(|combos| {
            let rows: Vec<_> = combos
                .iter()
                .map(|c| {
                    json!({
                        "cards": c.cards.to_string(),
                        "weight": c.weight,
                        "equity": c.equity,
                        "win": c.win,
                        "tie": c.tie,
                        "deals": c.deals,
                    })
                })
                .collect();
            let cells: Vec<_> = class_grid(combos)
                .into_iter()
                .filter(|cell| cell.combos > 0)
                .map(|cell| {
                    json!({
                        "class": cell.name,
                        "combos": cell.combos,
                        "weight": cell.weight,
                        "equity": cell.equity,
                    })
                })
                .collect();
            json!({ "combos": rows, "grid": cells })
        })
        .collect();
    json!(players)
}

/// A player's 13x13 grid of class equities in percent ('.' for classes
/// not in the range).
fn print_grid(hand: &str, combos: &[ComboEquity]) {
    println!("\n{hand}: equity by hand class (%)");
    let cells = class_grid(combos);
    for row in cells.chunks(13) {
        let line: Vec<String> = row
            .iter()
            .map(|cell| {
                if cell.combos == 0 {
                    format!("{:>4} {:>5}", cell.name, ".")
                } else {
                    format!("{:>4} {:>5.1}", cell.name, cell.equity * 100.0)
                }
            })
            .collect();
        println!("{}", line.join(" "));
    }
}

pub fn run_eval(args: &EvalArgs, as_json: bool) -> Outcome {
    let cards = parse_cards(&args.cards.join(" "))?;
    let rank = evaluate(&cards)?;
    if as_json {
        print_json(&json!({
            "cards": format_cards(&cards),
            "rank": rank.0,
            "category": rank.category().key(),
            "description": rank.describe(),
        }));
    } else {
        println!(
            "{}: {} (rank {} of 7462)",
            format_cards(&cards),
            rank.describe(),
            rank.0
        );
    }
    Ok(())
}

pub fn run_strength(args: &StrengthArgs, as_json: bool) -> Outcome {
    let hand = CardSet::parse(&args.hand).map_err(|e| named("hand", e))?;
    if hand.len() != 2 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("a hand has 2 cards, '{}' has {}", args.hand, hand.len()),
        )
        .into());
    }
    let board = CardSet::parse(&args.board).map_err(|e| named("--board", e))?;
    oddsmith::poker::warm_up();
    let started = Instant::now();
    let run = LongRun::start("strength");
    let s = run.answer(equity::hand_strength(
        hand,
        args.opponents,
        board,
        equity::strength_time_budget(oddsmith::budget::given_ms(args.run.time_ms)),
        args.run.seed,
        args.run.threads,
        &run.control(),
    ))?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    if as_json {
        print_json(&json!({
            "hand": args.hand, "opponents": args.opponents, "win": s.win, "equity": s.equity,
            "exact": s.exact, "stderr": s.stderr, "elapsed_ms": elapsed_ms,
            "partial": run.partial(s.exact),
        }));
    } else {
        let how = method(s.exact, s.stderr);
        println!(
            "{} vs {} random hand(s): wins {:.4}, equity {:.4} ({how}, {elapsed_ms:.1} ms)",
            args.hand, args.opponents, s.win, s.equity
        );
        if run.partial(s.exact) {
            println!("{PARTIAL_NOTE}");
        }
    }
    run.close()
}
