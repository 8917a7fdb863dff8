//! `oddsmith durak match --a mcts:ms=20 --b greedy --games 400 [--players 2]
//! [--deck 36] [--variant podkidnoy|transfer] [--protocol one|several]
//! [--seed 1] [--threads N] [--json]` plays seat-swapped games;
//! `oddsmith durak bench [--bot mcts:ms=20]` prints random playouts/s,
//! MCTS iterations/s, and the bot's time spread and iterations per ms;
//! `oddsmith durak ladder [--bot B ...] [--games 20]` rates bots on an Elo
//! scale (random = 0).

use crate::long_run::{LongRun, PARTIAL_NOTE};
use crate::output::{Outcome, print_json};
use oddsmith::Error;
use oddsmith::budget::Control;
use oddsmith::durak::bots::{random_move, random_playout};
use oddsmith::durak::ladder;
use oddsmith::durak::matches::{Bot, SideResult, play_match};
use oddsmith::durak::{Config, Deck, Game, Protocol, Variant, best_move};
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
    /// rollout=random|heuristic (the default), c=X, exact=0, opponents=P,
    /// mistakes=P, temp=T), mcts:level=1..10; mcts-v1:... is the earlier
    /// search).
    Match(MatchArgs),
    /// Random playouts per second and MCTS iterations per second, one
    /// thread; a search bot's time spread and iterations per ms.
    Bench(BenchArgs),
    /// Rates bots on one Elo scale (random = 0) from a two-player round
    /// robin, by a Bradley-Terry fit with 95% intervals; by default the
    /// baselines and levels 1 to 10.
    Ladder(LadderArgs),
}

#[derive(clap::Args)]
struct LadderArgs {
    /// A bot to rate (once per bot: bots' settings use commas); the first
    /// is rated 0. Default: random,
    /// greedy:mistakes=0.3, greedy, then mcts:level=1 to 10.
    #[arg(long = "bot")]
    bots: Vec<String>,
    /// Seat-swapped games per pair of bots.
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// 24, 36 or 52 cards.
    #[arg(long, default_value_t = 36)]
    deck: u32,
    /// podkidnoy or transfer.
    #[arg(long, default_value = "podkidnoy")]
    variant: String,
    /// one or several.
    #[arg(long, default_value = "one")]
    protocol: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once; 0 = all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

#[derive(clap::Args)]
struct BenchArgs {
    /// The search bot whose 1,000 calls from positions of random games
    /// are timed (its time spread, and its iterations per ms of budget).
    #[arg(long, default_value = "mcts:ms=20")]
    bot: String,
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
    /// podkidnoy, or transfer (perevodnoy: the defender may pass the
    /// attack on with a card of its rank).
    #[arg(long, default_value = "podkidnoy")]
    variant: String,
    /// one (each card answered before the next is thrown) or several
    /// (attackers put down several cards, then the defender answers).
    #[arg(long, default_value = "one")]
    protocol: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once; 0 = all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

pub fn run(args: &Args, as_json: bool) -> Outcome {
    match &args.command {
        Command::Match(m) => run_match(m, as_json),
        Command::Bench(b) => run_bench(b, as_json),
        Command::Ladder(l) => run_ladder_command(l, as_json),
    }
}

fn run_ladder_command(args: &LadderArgs, as_json: bool) -> Outcome {
    let bots = if args.bots.is_empty() {
        ladder::default_bots()
    } else {
        args.bots.clone()
    };
    let config = Config {
        players: 2,
        deck: deck(args.deck)?,
        variant: variant(&args.variant)?,
        protocol: protocol(&args.protocol)?,
    };
    let run = LongRun::start("durak ladder");
    let control = run.control();
    let started = Instant::now();
    let rungs = run.answer(ladder::run_ladder(
        config,
        &bots,
        args.games,
        args.seed,
        args.threads,
        &control,
    ))?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    let partial = run.interrupted();
    if as_json {
        let rows: Vec<_> = rungs
            .iter()
            .map(|r| {
                json!({
                    "bot": r.bot,
                    "elo": r.rating.elo,
                    "elo_ci95": [r.rating.ci95.0, r.rating.ci95.1],
                    "games": r.games,
                    "score": r.score,
                })
            })
            .collect();
        print_json(&json!({ "bots": rows, "elapsed_ms": elapsed_ms, "partial": partial }));
    } else {
        let width = rungs.iter().map(|r| r.bot.len()).max().unwrap_or(3).max(3);
        println!(
            "{:<width$}  {:>6}  {:>17}  {:>5}  {:>5}",
            "bot", "Elo", "95% interval", "games", "score"
        );
        for r in &rungs {
            println!(
                "{:<width$}  {:>6.0}  [{:>6.0}, {:>6.0}]  {:>5}  {:>5.3}",
                r.bot, r.rating.elo, r.rating.ci95.0, r.rating.ci95.1, r.games, r.score
            );
        }
        println!("({} games per pair, {:.1} s)", args.games, elapsed_ms / 1e3);
        if partial {
            println!("{PARTIAL_NOTE}");
        }
    }
    run.close()
}

fn deck(cards: u32) -> Result<Deck, Error> {
    match cards {
        24 => Ok(Deck::Cards24),
        36 => Ok(Deck::Cards36),
        52 => Ok(Deck::Cards52),
        n => Err(Error::invalid(format!("--deck {n}: use 24, 36 or 52"))),
    }
}

fn variant(text: &str) -> Result<Variant, Error> {
    match text {
        "podkidnoy" => Ok(Variant::Podkidnoy),
        "transfer" | "perevodnoy" => Ok(Variant::Transfer),
        _ => Err(Error::invalid(format!(
            "--variant {text}: use podkidnoy or transfer"
        ))),
    }
}

fn protocol(text: &str) -> Result<Protocol, Error> {
    match text {
        "one" => Ok(Protocol::OneAtATime),
        "several" => Ok(Protocol::SeveralAtOnce),
        _ => Err(Error::invalid(format!(
            "--protocol {text}: use one or several"
        ))),
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
        variant: variant(&args.variant)?,
        protocol: protocol(&args.protocol)?,
    };
    let run = LongRun::start("durak match");
    let control = run.control();
    let started = Instant::now();
    let r = run.answer(play_match(
        config,
        &a,
        &b,
        args.games,
        args.seed,
        args.threads,
        &control,
    ))?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    let partial = run.interrupted();
    if as_json {
        print_json(&json!({
            "games": r.games,
            "a": side_json(&r.a),
            "b": side_json(&r.b),
            "elapsed_ms": elapsed_ms,
            "partial": partial,
        }));
    } else {
        for (name, text, s) in [("A", &args.a, &r.a), ("B", &args.b, &r.b)] {
            println!(
                "{name} {text}: win {:.3} [{:.3}, {:.3}]  draw {:.3}  loss {:.3}  (decided games: {:.3})",
                s.win, s.win_ci95.0, s.win_ci95.1, s.draw, s.loss, s.decided_win
            );
        }
        println!("({} games, {:.1} s)", r.games, elapsed_ms / 1e3);
        if partial {
            println!("{PARTIAL_NOTE}");
        }
    }
    run.close()
}

/// Random 2-player games (deal + playout) per second, for one second.
fn playouts_per_s() -> Result<f64, Error> {
    let mut rng = Rng::new(1);
    let mut batch = Vec::with_capacity(1_000);
    let started = Instant::now();
    let mut games = 0u64;
    while started.elapsed().as_secs_f64() < 1.0 {
        batch.clear();
        for _ in 0..1_000 {
            batch.push(Game::new(Config::default(), &mut rng)?);
        }
        for g in &mut batch {
            random_playout(g, &mut rng);
        }
        games += 1_000;
    }
    Ok(games as f64 / started.elapsed().as_secs_f64())
}

/// The bench's figures; `None` for those Ctrl-C cut off.
#[derive(Default)]
struct Figures {
    playouts: Option<f64>,
    mcts_random: Option<f64>,
    mcts_heuristic: Option<f64>,
    /// The bot's calls: their time spread and iterations per ms.
    spread: Option<Spread>,
}

/// 1,000 best-move calls of one budget from positions of random games.
struct Spread {
    /// Median, 99th percentile and maximum time of a call, in ms.
    p50: f64,
    p99: f64,
    max: f64,
    /// Calls the exact endgame answered.
    exact: usize,
    /// Iterations run per ms of the calls' total time (the exact
    /// endgame's time counts, its proofs run none).
    iterations_per_ms: f64,
}

/// Stages of the bench, each a share of its time.
const BENCH_STAGES: f64 = 4.0;

fn measure(bot: &Budget, control: &Control) -> Result<Figures, Error> {
    let mut f = Figures::default();
    let stage = |i: f64| {
        control.report(i / BENCH_STAGES);
        !control.passed()
    };
    if stage(0.0) {
        f.playouts = Some(playouts_per_s()?);
    }
    let game = Game::new(Config::default(), &mut Rng::new(7))?;
    let view = game.observe(game.to_move());
    for (i, rollout) in [Rollout::Random, Rollout::Heuristic]
        .into_iter()
        .enumerate()
    {
        if !stage(1.0 + i as f64) {
            break;
        }
        let budget = Budget {
            iterations: 100_000,
            rollout,
            ..Budget::default()
        };
        let r = best_move(&view, &budget, 1)?;
        let rate = Some(r.iterations as f64 / r.elapsed.as_secs_f64());
        match rollout {
            Rollout::Random => f.mcts_random = rate,
            Rollout::Heuristic => f.mcts_heuristic = rate,
        }
    }
    if stage(3.0) {
        f.spread = deadline_spread(bot, control)?;
    }
    Ok(f)
}

/// The budget of the search bot `text` (`mcts:...` or `mcts-v1:...`).
fn search_bot(text: &str) -> Result<Budget, Error> {
    match Bot::parse(text) {
        Ok(Bot::Mcts(budget)) => Ok(budget),
        Ok(_) => Err(Error::invalid(format!(
            "--bot {text}: give a search bot (mcts:... or mcts-v1:...)"
        ))),
        Err(e) => Err(Error::new(e.kind(), format!("--bot: {}", e.message()))),
    }
}

fn run_bench(args: &BenchArgs, as_json: bool) -> Outcome {
    let budget = search_bot(&args.bot)?;
    let run = LongRun::start("durak bench");
    let f = run.answer(measure(&budget, &run.control()))?;
    let partial = run.interrupted();
    if as_json {
        let spread = |k: usize| f.spread.as_ref().map(|s| [s.p50, s.p99, s.max][k]);
        let exact = f.spread.as_ref().map(|s| s.exact);
        print_json(&json!({
            "bot": args.bot,
            "playouts_per_s": f.playouts,
            "mcts_iterations_per_s": f.mcts_random,
            "mcts_heuristic_iterations_per_s": f.mcts_heuristic,
            "budget_20ms_p50_ms": spread(0),
            "budget_20ms_p99_ms": spread(1),
            "budget_20ms_max_ms": spread(2),
            "budget_20ms_exact_calls": exact,
            "bot_iterations_per_ms": f.spread.as_ref().map(|s| s.iterations_per_ms),
            "partial": partial,
        }));
    } else {
        if let Some(one) = f.playouts {
            println!("random 2-player games (deal + playout): {one:.0}/s (one thread)");
        }
        if let (Some(random), Some(heuristic)) = (f.mcts_random, f.mcts_heuristic) {
            println!(
                "ISMCTS iterations from an opening: {random:.0}/s random rollouts, {heuristic:.0}/s heuristic (one thread)"
            );
        }
        if let Some(s) = &f.spread {
            println!(
                "{} over 1,000 calls from positions of random games: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} answered by the exact endgame); {:.0} iterations per ms",
                args.bot, s.p50, s.p99, s.max, s.exact, s.iterations_per_ms
            );
        }
        if partial {
            println!("{PARTIAL_NOTE}");
        }
    }
    run.close()
}

/// 1,000 best-move calls with `budget` from positions of random games
/// (each game played by that search, a few random moves between calls):
/// their time spread, exact answers and iterations per ms; `None` when
/// `control` stops it first.
fn deadline_spread(budget: &Budget, control: &Control) -> Result<Option<Spread>, Error> {
    let budget = *budget;
    let mut rng = Rng::new(3);
    let mut times = Vec::with_capacity(1_000);
    let (mut exact, mut iterations) = (0, 0u64);
    while times.len() < 1_000 {
        let mut g = Game::new(Config::default(), &mut rng)?;
        while g.outcome().is_none() && times.len() < 1_000 {
            if control.passed() {
                return Ok(None);
            }
            control.report((3.0 + times.len() as f64 / 1_000.0) / BENCH_STAGES);
            let view = g.observe(g.to_move());
            let started = Instant::now();
            let r = best_move(&view, &budget, rng.next_u64())?;
            times.push(started.elapsed().as_secs_f64() * 1e3);
            exact += usize::from(r.exact.is_some());
            iterations += r.iterations;
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
    let total_ms: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    Ok(Some(Spread {
        p50: times[500],
        p99: times[989],
        max: times[999],
        exact,
        iterations_per_ms: iterations as f64 / total_ms,
    }))
}
