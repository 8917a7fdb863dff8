//! `oddsmith durak match --a mcts:ms=20 --b greedy --games 400 [--players 2]
//! [--deck 36] [--seed 1] [--threads N] [--json]` plays seat-swapped games;
//! `oddsmith durak bench` prints random playouts/s and MCTS iterations/s.

use crate::output::{Outcome, print_json};
use oddsmith::Error;
use oddsmith::durak::bots::{random_move, random_playout};
use oddsmith::durak::matches::{Bot, SideResult, play_match};
use oddsmith::durak::{Config, Deck, Game, best_move, random_playouts};
use oddsmith::mcts::{Budget, Rollout};
use oddsmith::rng::Rng;
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Seat-swapped games between two bots: random, greedy,
    /// mcts:iters=N, mcts:ms=N (settings joined by ',' or ':', also
    /// rollout=heuristic and c=X).
    Match(MatchArgs),
    /// Random playouts per second and MCTS iterations per second, one thread.
    Bench,
}

#[derive(clap::Args)]
struct MatchArgs {
    #[arg(long)]
    a: String,
    #[arg(long)]
    b: String,
    #[arg(long, default_value_t = 400)]
    games: u64,
    /// 2 to 6; bot A takes one seat, bot B the others.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// 24, 36 or 52 cards.
    #[arg(long, default_value_t = 36)]
    deck: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once; 0 = all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    match &args.command {
        Command::Match(m) => run_match(m, as_json),
        Command::Bench => run_bench(as_json),
    }
}

fn deck(cards: u32) -> Result<Deck, Error> {
    match cards {
        24 => Ok(Deck::Cards24),
        36 => Ok(Deck::Cards36),
        52 => Ok(Deck::Cards52),
        n => Err(Error::invalid(format!("--deck {n}: use 24, 36 or 52"))),
    }
}

fn side_json(s: &SideResult) -> serde_json::Value {
    json!({
        "win": s.win,
        "draw": s.draw,
        "loss": s.loss,
        "win_ci95": [s.win_ci95.0, s.win_ci95.1],
        "decided_win": s.decided_win,
    })
}

fn run_match(args: &MatchArgs, as_json: bool) -> Outcome {
    let bot = |name: &str, text: &str| {
        Bot::parse(text).map_err(|e| Error::new(e.kind(), format!("--{name}: {}", e.message())))
    };
    let (a, b) = (bot("a", &args.a)?, bot("b", &args.b)?);
    let config = Config {
        players: args.players,
        deck: deck(args.deck)?,
    };
    let started = Instant::now();
    let r = play_match(config, &a, &b, args.games, args.seed, args.threads)?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    if as_json {
        print_json(&json!({
            "games": r.games,
            "a": side_json(&r.a),
            "b": side_json(&r.b),
            "elapsed_ms": elapsed_ms,
        }));
    } else {
        for (name, text, s) in [("A", &args.a, &r.a), ("B", &args.b, &r.b)] {
            println!(
                "{name} {text}: win {:.3} [{:.3}, {:.3}]  draw {:.3}  loss {:.3}  (decided games: {:.3})",
                s.win, s.win_ci95.0, s.win_ci95.1, s.draw, s.loss, s.decided_win
            );
        }
        println!("({} games, {:.1} s)", r.games, elapsed_ms / 1e3);
    }
    Ok(())
}

/// Random 2-player games (deal + playout) per second for one second, one
/// at a time, or in batches of 1,000 through the vector lanes.
fn playouts_per_s(in_lanes: bool) -> Result<f64, Error> {
    let mut rng = Rng::new(1);
    let mut batch = Vec::with_capacity(1_000);
    let started = Instant::now();
    let mut games = 0u64;
    while started.elapsed().as_secs_f64() < 1.0 {
        batch.clear();
        for _ in 0..1_000 {
            batch.push(Game::new(Config::default(), &mut rng)?);
        }
        if in_lanes {
            random_playouts(&mut batch, &mut rng);
        } else {
            for g in &mut batch {
                random_playout(g, &mut rng);
            }
        }
        games += 1_000;
    }
    Ok(games as f64 / started.elapsed().as_secs_f64())
}

fn run_bench(as_json: bool) -> Outcome {
    let playouts = playouts_per_s(false)?;
    let lane_playouts = playouts_per_s(true)?;
    let game = Game::new(Config::default(), &mut Rng::new(7))?;
    let view = game.observe(game.to_move());
    let mut rates = Vec::new();
    for rollout in [Rollout::Random, Rollout::Heuristic] {
        let budget = Budget {
            iterations: 100_000,
            rollout,
            ..Budget::default()
        };
        let r = best_move(&view, &budget, 1)?;
        rates.push(r.iterations as f64 / r.elapsed.as_secs_f64());
    }
    let (p50, p99, max) = deadline_spread()?;
    if as_json {
        print_json(&json!({
            "playouts_per_s": playouts,
            "lane_playouts_per_s": lane_playouts,
            "mcts_iterations_per_s": rates[0],
            "mcts_heuristic_iterations_per_s": rates[1],
            "budget_20ms_p50_ms": p50,
            "budget_20ms_p99_ms": p99,
            "budget_20ms_max_ms": max,
        }));
    } else {
        println!(
            "random 2-player games (deal + playout): {playouts:.0}/s one at a time, {lane_playouts:.0}/s in vector lanes (one thread)"
        );
        println!(
            "ISMCTS iterations from an opening: {:.0}/s random rollouts, {:.0}/s heuristic (one thread)",
            rates[0], rates[1]
        );
        println!(
            "20 ms budget over 1,000 calls from positions of random games: p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms"
        );
    }
    Ok(())
}

/// Elapsed time of 1,000 searches with a 20 ms budget, from positions met
/// in random games: (median, 99th percentile, maximum) in ms.
fn deadline_spread() -> Result<(f64, f64, f64), Error> {
    let budget = Budget {
        iterations: 0,
        time: Some(std::time::Duration::from_millis(20)),
        ..Budget::default()
    };
    let mut rng = Rng::new(3);
    let mut times = Vec::with_capacity(1_000);
    while times.len() < 1_000 {
        let mut g = Game::new(Config::default(), &mut rng)?;
        while g.outcome().is_none() && times.len() < 1_000 {
            let view = g.observe(g.to_move());
            let started = Instant::now();
            let r = best_move(&view, &budget, rng.next_u64())?;
            times.push(started.elapsed().as_secs_f64() * 1e3);
            g.apply(r.best)?;
            // Skip ahead a few random moves to vary the positions.
            for _ in 0..rng.below(4) {
                if g.outcome().is_some() {
                    break;
                }
                let m = random_move(&g, &mut rng);
                g.apply(m)?;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    Ok((times[500], times[989], times[999]))
}
