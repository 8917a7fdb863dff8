//! Bots and seat-swapped matches between them: how strength is measured.

use super::bots::{greedy_move, random_move};
use super::game::{Config, Game, Outcome};
use super::levels::LEVELS;
use super::moves::Move;
use super::search::best_move;
use super::style::{Style, styled_best_move};
use crate::budget::Control;
use crate::error::{Error, Result};
use crate::mcts::{Budget, Rollout};
use crate::parallel::{map_items, run_with_threads};
use crate::rng::Rng;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A player.
#[derive(Debug, Clone, PartialEq)]
pub enum Bot {
    /// Uniformly random legal moves.
    Random,
    /// The greedy baseline ([`greedy_move`]).
    Greedy,
    /// Information-set MCTS on the bot's own view (its budget's threads, 1
    /// unless `threads=N` says otherwise).
    Mcts(Budget),
    /// A bot that errs by `Style`: random moves at its mistake rate, and
    /// (for the search) moves drawn by temperature from its visits.
    Styled(Box<Bot>, Style),
}

impl Bot {
    /// Parses `random` or `greedy` (each may take `:mistakes=P`), or
    /// `mcts:` followed by settings separated by `:` or `,`: `iters=N`,
    /// `ms=N` (0 means no limit, as in C; at least one of them limited),
    /// `rollout=random` or `rollout=heuristic`, `c=X` (exploration),
    /// `exact=0` (no exact endgame), `depth=N` (the tree's depth limit,
    /// 0 = none), `threads=N` (one search tree per worker, by the rule of
    /// `crate::parallel`; default 1), `opponents=P` (how often the tree
    /// plays the other players' moves by the rollout policy instead of
    /// searching them, 0 to 1; see `mcts::Budget::opponent_policy`),
    /// `mistakes=P` and `temp=T` (see [`Style`]), or `level=N`, one of the
    /// [`LEVELS`] (1 to 10; with it only `ms`, and at level 10 `iters`,
    /// may be given too).
    /// `mcts-v1:` is the search as it was before this turn (`exact=0`,
    /// `opponents=0`, `rollout=random`).
    pub fn parse(text: &str) -> Result<Bot> {
        let text = text.trim();
        let (head, spec) = match text.find([':', ',']) {
            Some(i) => (&text[..i], &text[i..]),
            None => (text, ""),
        };
        let settings = spec
            .split([':', ','])
            .filter(|p| !p.is_empty())
            .map(|part| {
                part.split_once('=')
                    .ok_or_else(|| Error::parse(format!("bot '{text}': '{part}' is not key=value")))
            })
            .collect::<Result<Vec<(&str, &str)>>>()?;
        let probability = |key: &str, value: &str| {
            value
                .parse::<f64>()
                .ok()
                .filter(|p| (0.0..=1.0).contains(p))
                .ok_or_else(|| Error::parse(format!("bot '{text}': {key} is a probability 0 to 1")))
        };
        let mut style = Style::NONE;
        let base = match head {
            "random" | "greedy" => {
                for &(key, value) in &settings {
                    match key {
                        "mistakes" => style.mistakes = probability(key, value)?,
                        _ => {
                            return Err(Error::parse(format!(
                                "bot '{text}': {head} takes only mistakes=P"
                            )));
                        }
                    }
                }
                if head == "random" {
                    Bot::Random
                } else {
                    Bot::Greedy
                }
            }
            "mcts" | "mcts-v1" => {
                let budget = parse_search(text, head == "mcts-v1", &settings, &mut style)?;
                Bot::Mcts(budget)
            }
            _ => {
                return Err(Error::parse(format!(
                    "unknown bot '{text}': use random, greedy, mcts:iters=N,ms=N, mcts:level=N or mcts-v1:..."
                )));
            }
        };
        Ok(if style.is_sure() {
            base
        } else {
            Bot::Styled(Box::new(base), style)
        })
    }

    /// This bot's move in `game`, for the player to move.
    pub fn choose(&self, game: &Game, rng: &mut Rng) -> Result<Move> {
        Ok(match self {
            Bot::Random => random_move(game, rng),
            Bot::Greedy => greedy_move(game),
            Bot::Mcts(budget) => {
                best_move(&game.observe(game.to_move()), budget, rng.next_u64())?.best
            }
            Bot::Styled(bot, style) => match &**bot {
                Bot::Mcts(budget) => {
                    let view = game.observe(game.to_move());
                    styled_best_move(&view, budget, *style, rng.next_u64(), &Control::NONE)?.best
                }
                other => {
                    if rng.unit() < style.mistakes {
                        random_move(game, rng)
                    } else {
                        other.choose(game, rng)?
                    }
                }
            },
        })
    }
}

/// The search settings of an `mcts:` or `mcts-v1:` bot (see
/// [`Bot::parse`]); `mistakes` and `temp` go to `style`.
fn parse_search(
    text: &str,
    v1: bool,
    settings: &[(&str, &str)],
    style: &mut Style,
) -> Result<Budget> {
    let search = Budget {
        iterations: 0,
        ..Budget::default()
    };
    let mut budget = if v1 {
        Budget {
            exact: false,
            opponent_policy: 0.0,
            rollout: Rollout::Random,
            ..search
        }
    } else {
        search
    };
    let level = settings.iter().find(|(k, _)| *k == "level");
    if let Some(&(_, value)) = level {
        let n = value
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=LEVELS.len() as u8).contains(n))
            .ok_or_else(|| Error::parse(format!("bot '{text}': level is 1 to 10")))?;
        if v1 {
            return Err(Error::parse(format!("bot '{text}': levels are mcts: bots")));
        }
        let allowed = |k: &str| k == "level" || k == "ms" || (k == "iters" && n == 10);
        if let Some((k, _)) = settings.iter().find(|(k, _)| !allowed(k)) {
            return Err(Error::parse(format!(
                "bot '{text}': a level fixes {k} (with level=N give only ms=N, and iters=N at level 10)"
            )));
        }
        match Bot::parse(LEVELS[n as usize - 1])? {
            Bot::Mcts(b) => budget = b,
            Bot::Styled(bot, s) => {
                if let Bot::Mcts(b) = *bot {
                    budget = b;
                }
                *style = s;
            }
            _ => {}
        }
    }
    for &(key, value) in settings {
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| Error::parse(format!("bot '{text}': '{value}' is not a whole number")))
        };
        match key {
            "level" => {}
            "iters" | "iterations" => budget.iterations = number()?,
            "ms" => {
                budget.time = Some(number()?)
                    .filter(|&ms| ms > 0)
                    .map(Duration::from_millis)
            }
            "rollout" => {
                budget.rollout = match value {
                    "random" => Rollout::Random,
                    "heuristic" | "greedy" => Rollout::Heuristic,
                    _ => {
                        return Err(Error::parse(format!(
                            "bot '{text}': rollout is random or heuristic"
                        )));
                    }
                }
            }
            "depth" => {
                budget.max_depth = u32::try_from(number()?)
                    .map_err(|_| Error::parse(format!("bot '{text}': depth is too large")))?
            }
            "threads" => {
                budget.threads = usize::try_from(number()?)
                    .ok()
                    .filter(|&n| n <= crate::parallel::MAX_THREADS)
                    .ok_or_else(|| {
                        Error::parse(format!(
                            "bot '{text}': threads is at most {}",
                            crate::parallel::MAX_THREADS
                        ))
                    })?
            }
            "opponents" | "mistakes" => {
                let p = value
                    .parse::<f64>()
                    .ok()
                    .filter(|p| (0.0..=1.0).contains(p))
                    .ok_or_else(|| {
                        Error::parse(format!("bot '{text}': {key} is a probability 0 to 1"))
                    })?;
                if key == "opponents" {
                    budget.opponent_policy = p;
                } else {
                    style.mistakes = p;
                }
            }
            "temp" => {
                style.temperature = value
                    .parse::<f64>()
                    .ok()
                    .filter(|t| t.is_finite() && *t >= 0.0)
                    .ok_or_else(|| {
                        Error::parse(format!("bot '{text}': temp must be a number >= 0"))
                    })?
            }
            "exact" => {
                budget.exact = match value {
                    "1" => true,
                    "0" => false,
                    _ => return Err(Error::parse(format!("bot '{text}': exact is 0 or 1"))),
                }
            }
            "c" => {
                // 0 is none given, the default, as in C.
                budget = budget.with_exploration(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|c| c.is_finite() && *c >= 0.0)
                        .ok_or_else(|| {
                            Error::parse(format!("bot '{text}': c must be a number >= 0"))
                        })?,
                )
            }
            _ => {
                return Err(Error::parse(format!(
                    "bot '{text}': unknown setting '{key}' (iters, ms, rollout, c, exact, threads, depth, opponents, mistakes, temp, level)"
                )));
            }
        }
    }
    if budget.iterations == 0 && budget.time.is_none() {
        return Err(Error::parse(format!(
            "bot '{text}': give iters=N, ms=N or both, at least one above 0 (0 means no limit)"
        )));
    }
    Ok(budget)
}

/// Moves after which a match scores a game a draw. Only the transfer
/// variant can repeat positions (a card transferred, then picked up with
/// the table), so only there may two bots play on for ever.
pub const MAX_PLIES: u32 = 20_000;

/// Plays one game, `seats[p]` choosing for player `p`; a game still going
/// after `MAX_PLIES` moves ends as a draw.
pub fn play_game(config: Config, seats: &[&Bot], seed: u64) -> Result<Game> {
    if seats.len() != config.players as usize {
        return Err(Error::invalid("one bot per seat"));
    }
    let mut deal = Rng::stream(seed, 0);
    let mut game = Game::new(config, &mut deal)?;
    let mut rng = Rng::stream(seed, 1);
    let mut plies = 0;
    while game.outcome().is_none() {
        if plies == MAX_PLIES {
            game.declare_draw();
            break;
        }
        let m = seats[game.to_move() as usize].choose(&game, &mut rng)?;
        game.apply(m)?;
        plies += 1;
    }
    Ok(game)
}

/// One side's results, as fractions of all games.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SideResult {
    /// Share of the games won.
    pub win: f64,
    /// Share of the games drawn.
    pub draw: f64,
    /// Share of the games lost.
    pub loss: f64,
    /// Wilson 95% interval of the win rate.
    pub win_ci95: (f64, f64),
    /// Wins among decided games.
    pub decided_win: f64,
}

/// The result of [`play_match`]: each side's shares.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    /// Games played (fewer than asked when the control stopped the match).
    pub games: u64,
    /// Bot `a`'s results.
    pub a: SideResult,
    /// Bot `b`'s results.
    pub b: SideResult,
}

/// Wilson score interval at 95% for `k` of `n`.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054;
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// `games` games of bot `a` in one seat against bot `b` in all others,
/// `a`'s seat rotating game by game over the same deal (seat-swapped), on
/// `threads` threads (one game per task). A side loses a game when one of
/// its seats is the durak; a draw is a draw for both. Once `control` stops
/// (time or cancel), games not yet started are skipped: the result covers
/// the games played (`games` says how many; at least one is played).
pub fn play_match(
    config: Config,
    a: &Bot,
    b: &Bot,
    games: u64,
    seed: u64,
    threads: usize,
    control: &Control,
) -> Result<MatchResult> {
    let outcomes = play_games(config, a, b, 0..games, seed, threads, control)?;
    let count = |v: i8| outcomes.iter().filter(|&&o| o == v).count() as u64;
    Ok(MatchResult::from_counts(count(1), count(0), count(-1)))
}

/// Games `range` of the match [`play_match`] plays with these arguments
/// (game `i` deals from `seed + i / players` with `a` in seat
/// `i % players`), each as `a`'s result: 1 a win, 0 a draw, -1 a loss. A
/// match cut into ranges (for example one per task of a cluster) plays
/// exactly the games of the whole; bots with a time budget (`ms=`) still
/// play differently run to run. Once `control` stops, games not yet
/// started are skipped (the range's first is always played).
pub fn play_games(
    config: Config,
    a: &Bot,
    b: &Bot,
    range: std::ops::Range<u64>,
    seed: u64,
    threads: usize,
    control: &Control,
) -> Result<Vec<i8>> {
    config.validate()?;
    if range.is_empty() {
        return Err(Error::invalid("play at least one game"));
    }
    let players = config.players as u64;
    let (first, games) = (range.start, range.end - range.start);
    let finished = AtomicU64::new(0);
    run_with_threads(threads, |workers| {
        map_items(workers, games, |k| {
            if k > 0 && control.passed() {
                return Ok(None);
            }
            let i = first + k;
            let a_seat = (i % players) as usize;
            let seats: Vec<&Bot> = (0..players as usize)
                .map(|p| if p == a_seat { a } else { b })
                .collect();
            // Each deal is played once from every seat.
            let game = play_game(config, &seats, seed.wrapping_add(i / players))?;
            let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
            control.report(done as f64 / games as f64);
            Ok(Some(match game.outcome() {
                Some(Outcome::Loser(p)) if p as usize == a_seat => -1i8,
                Some(Outcome::Loser(_)) => 1,
                _ => 0,
            }))
        })
        .into_iter()
        .filter_map(Result::transpose)
        .collect::<Result<Vec<i8>>>()
    })
}

impl MatchResult {
    /// The result of a match `a` won `wins`, drew `draws` and lost `losses`
    /// games of.
    pub fn from_counts(wins: u64, draws: u64, losses: u64) -> MatchResult {
        let games = wins + draws + losses;
        let n = games as f64;
        let (wins, draws, losses) = (wins as f64, draws as f64, losses as f64);
        let share = |k: f64| if n > 0.0 { k / n } else { 0.0 };
        let side = |w: f64, l: f64| SideResult {
            win: share(w),
            draw: share(draws),
            loss: share(l),
            win_ci95: wilson(w, n),
            decided_win: if w + l > 0.0 { w / (w + l) } else { 0.0 },
        };
        MatchResult {
            games,
            a: side(wins, losses),
            b: side(losses, wins),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeros_are_the_search_defaults() {
        let Bot::Mcts(b) = Bot::parse("mcts:iters=10,c=0").unwrap() else {
            panic!("an mcts bot")
        };
        assert_eq!(b.exploration, crate::mcts::DEFAULT_EXPLORATION);
        let Bot::Mcts(b) = Bot::parse("mcts:iters=10,c=0.25").unwrap() else {
            panic!("an mcts bot")
        };
        assert_eq!(b.exploration, 0.25);
        // The C and Python rule for iterations and time.
        let limits = |iterations, ms| {
            let b = Budget::default().with_limits(iterations, ms);
            (b.iterations, b.time)
        };
        assert_eq!(limits(0, 0), (crate::mcts::DEFAULT_ITERATIONS, None));
        assert_eq!(limits(50, 0), (50, None));
        assert_eq!(limits(0, 20), (0, Some(Duration::from_millis(20))));
        assert_eq!(limits(50, 20), (50, Some(Duration::from_millis(20))));
    }

    #[test]
    fn bots_parse_their_settings_and_refuse_bad_ones() {
        let Bot::Mcts(b) = Bot::parse("mcts:ms=20,rollout=heuristic,threads=2,depth=4").unwrap()
        else {
            panic!("an mcts bot")
        };
        assert_eq!(b.time, Some(Duration::from_millis(20)));
        assert_eq!((b.threads, b.max_depth, b.exact), (2, 4, true));
        assert_eq!(b.rollout, Rollout::Heuristic);
        let Bot::Mcts(v1) = Bot::parse("mcts-v1:iters=100").unwrap() else {
            panic!("an mcts bot")
        };
        assert!(!v1.exact && v1.iterations == 100 && v1.opponent_policy == 0.0);
        assert_eq!(v1.rollout, Rollout::Random);
        let Bot::Mcts(plain) = Bot::parse("mcts:iters=100").unwrap() else {
            panic!("an mcts bot")
        };
        assert_eq!(plain.rollout, Rollout::Heuristic);
        assert_eq!(b.opponent_policy, Budget::default().opponent_policy);
        let Bot::Mcts(p) = Bot::parse("mcts:iters=100,opponents=0.25").unwrap() else {
            panic!("an mcts bot")
        };
        assert_eq!(p.opponent_policy, 0.25);
        let Bot::Mcts(off) = Bot::parse("mcts:iters=100,exact=0").unwrap() else {
            panic!("an mcts bot")
        };
        assert!(!off.exact);
        for bad in [
            "mcts:iters=10,threads=5000",
            "mcts:iters=10,depth=x",
            "mcts:iters=10,exact=2",
            "mcts:iters=10,opponents=2",
            "mcts:iters=10,opponents=x",
            "mcts:iters=10,speed=3",
            "mcts",
        ] {
            let e = Bot::parse(bad).unwrap_err();
            assert!(e.message().contains("bot"), "{bad}: {e}");
        }
    }

    /// Two bots that could transfer for ever still finish a match.
    #[test]
    fn transfer_matches_end() {
        let config = Config {
            variant: super::super::game::Variant::Transfer,
            ..Config::default()
        };
        let r = play_match(config, &Bot::Greedy, &Bot::Greedy, 40, 3, 1, &Control::NONE).unwrap();
        assert_eq!(r.games, 40);
        assert!((r.a.win + r.a.draw + r.a.loss - 1.0).abs() < 1e-12);
    }

    /// A match cut into ranges plays exactly the games of the whole, and
    /// its counts give the whole's result.
    #[test]
    fn a_match_in_ranges_is_the_whole_match() {
        let config = Config {
            players: 3,
            ..Config::default()
        };
        let (a, b) = (Bot::Greedy, Bot::Greedy);
        let whole = play_games(config, &a, &b, 0..30, 7, 1, &Control::NONE).unwrap();
        let mut pieces = Vec::new();
        for range in [0..4, 4..17, 17..30] {
            pieces.extend(play_games(config, &a, &b, range, 7, 2, &Control::NONE).unwrap());
        }
        assert_eq!(pieces, whole);
        assert!(whole.contains(&1) && whole.contains(&-1), "{whole:?}");
        let count = |v: i8| whole.iter().filter(|&&o| o == v).count() as u64;
        let r = play_match(config, &a, &b, 30, 7, 2, &Control::NONE).unwrap();
        assert_eq!(r, MatchResult::from_counts(count(1), count(0), count(-1)));
        assert!(play_games(config, &a, &b, 5..5, 7, 1, &Control::NONE).is_err());
    }
}
