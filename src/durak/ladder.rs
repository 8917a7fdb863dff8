//! The ladder: bots rated on one Elo scale from a two-player round robin
//! (every pair plays seat-swapped games), by a Bradley-Terry fit with the
//! first bot (random, by default) anchored at 0.

use super::elo::{Rating, fit};
use super::game::Config;
use super::levels::LEVELS;
use super::matches::{Bot, play_games};
use crate::budget::{Control, Progress};
use crate::error::{Error, Result};
use std::sync::Arc;

/// The bots below the levels: the anchor and the baselines.
pub const BASELINES: [&str; 3] = ["random", "greedy:mistakes=0.3", "greedy"];

/// The default ladder: the baselines, then `mcts:level=1` to `10`.
pub fn default_bots() -> Vec<String> {
    BASELINES
        .iter()
        .map(|s| s.to_string())
        .chain((1..=LEVELS.len()).map(|n| format!("mcts:level={n}")))
        .collect()
}

/// Virtual games per pair that met, drawn: a weak prior that keeps every
/// rating finite when one bot won every game against another (a pair of
/// 20 real games moves it by about 2.5%).
const PRIOR_DRAWS: f64 = 0.5;

/// One bot's place on the ladder.
#[derive(Debug, Clone, PartialEq)]
pub struct Rung {
    /// The bot, as given.
    pub bot: String,
    /// Its rating, random (the first bot) = 0.
    pub rating: Rating,
    /// Games it played.
    pub games: u64,
    /// Its share of the points (a win 1, a draw 1/2).
    pub score: f64,
}

/// Plays `games_per_pair` seat-swapped two-player games (`config` must be
/// for two) between every pair of `bots` and rates them, the first at 0.
/// Pair `k` deals from `seed + k * games_per_pair`. Once `control` stops,
/// pairs not yet started are skipped (their bots are then rated from the
/// rest, if the rest fixes them).
pub fn run_ladder(
    config: Config,
    bots: &[String],
    games_per_pair: u64,
    seed: u64,
    threads: usize,
    control: &Control,
) -> Result<Vec<Rung>> {
    config.validate()?;
    if config.players != 2 {
        return Err(Error::invalid(format!(
            "the ladder rates heads-up play: {} players, use 2",
            config.players
        )));
    }
    if bots.len() < 2 || games_per_pair == 0 {
        return Err(Error::invalid(
            "a ladder takes at least two bots and one game per pair",
        ));
    }
    let parsed = bots
        .iter()
        .map(|b| Bot::parse(b))
        .collect::<Result<Vec<Bot>>>()?;
    let n = bots.len();
    let mut points = vec![vec![0.0f64; n]; n];
    let mut games = vec![0u64; n];
    let pairs = n * (n - 1) / 2;
    let mut k = 0u64;
    for i in 0..n {
        for j in i + 1..n {
            if k > 0 && control.passed() {
                continue;
            }
            // The pair's progress as its share of the whole ladder.
            let whole = control.clone();
            let done = k as f64;
            let part = control.clone().with_progress(Arc::new(move |p: &Progress| {
                whole.report((done + p.fraction) / pairs as f64)
            }));
            let outcomes = play_games(
                config,
                &parsed[i],
                &parsed[j],
                0..games_per_pair,
                seed.wrapping_add(k * games_per_pair),
                threads,
                &part,
            )?;
            for o in &outcomes {
                let a = f64::from(*o + 1) / 2.0;
                points[i][j] += a;
                points[j][i] += 1.0 - a;
            }
            points[i][j] += PRIOR_DRAWS / 2.0;
            points[j][i] += PRIOR_DRAWS / 2.0;
            games[i] += outcomes.len() as u64;
            games[j] += outcomes.len() as u64;
            k += 1;
        }
    }
    let ratings = fit(&points, 0)?;
    Ok((0..n)
        .map(|i| {
            let scored: f64 = points[i].iter().sum();
            let prior = PRIOR_DRAWS / 2.0 * (n - 1) as f64;
            Rung {
                bot: bots[i].clone(),
                rating: ratings[i],
                games: games[i],
                score: if games[i] > 0 {
                    (scored - prior) / games[i] as f64
                } else {
                    0.0
                },
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small ladder: the greedy player rates above random, with the
    /// anchor at exactly 0 and scores that add up.
    #[test]
    fn a_small_ladder_rates_greedy_above_random() {
        let bots: Vec<String> = ["random", "greedy:mistakes=0.5", "greedy"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let r = run_ladder(Config::default(), &bots, 40, 1, 1, &Control::NONE).unwrap();
        assert_eq!(r[0].rating.elo, 0.0);
        assert!(r.iter().all(|x| x.games == 80), "{r:?}");
        let total: f64 = r.iter().map(|x| x.score * x.games as f64).sum();
        assert!(
            (total - 120.0).abs() < 1e-9,
            "each game gives out one point: {r:?}"
        );
        assert!(r[2].rating.ci95.0 > 0.0, "greedy is above random: {r:?}");
        assert!(r[2].rating.elo > r[1].rating.elo, "{r:?}");
    }

    #[test]
    fn bad_ladders_are_refused() {
        let two = vec!["random".to_string(), "greedy".to_string()];
        let three = Config {
            players: 3,
            ..Config::default()
        };
        assert!(run_ladder(three, &two, 2, 1, 1, &Control::NONE).is_err());
        assert!(run_ladder(Config::default(), &two[..1], 2, 1, 1, &Control::NONE).is_err());
        assert!(run_ladder(Config::default(), &two, 0, 1, 1, &Control::NONE).is_err());
        let bad = vec!["random".to_string(), "smart".to_string()];
        assert!(run_ladder(Config::default(), &bad, 2, 1, 1, &Control::NONE).is_err());
    }
}
