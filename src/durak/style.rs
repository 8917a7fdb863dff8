//! Fallible play for the weaker levels: a share of uniformly random moves
//! (mistakes), and a temperature that picks among the search's moves by
//! their visits instead of always the most visited, so a weak bot still
//! mostly plays moves a searching player would consider.

use super::bots::random_move;
use super::moves::Move;
use super::observe::Observation;
use super::search::best_move_controlled;
use crate::budget::Control;
use crate::error::{Error, Result};
use crate::mcts::{Budget, SearchResult};
use crate::rng::Rng;

/// How a bot departs from its best move.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Style {
    /// The chance, 0 to 1, of a uniformly random legal move instead.
    pub mistakes: f64,
    /// 0: the most visited move; above 0, a move drawn with probability
    /// proportional to visits^(1/temperature) (1: in proportion to
    /// visits; higher is flatter).
    pub temperature: f64,
}

impl Style {
    /// Sure play: always the best move.
    pub const NONE: Style = Style {
        mistakes: 0.0,
        temperature: 0.0,
    };

    /// Checks the ranges, naming the bad setting.
    pub fn validate(&self) -> Result<()> {
        if !(0.0..=1.0).contains(&self.mistakes) {
            return Err(Error::invalid(format!(
                "mistakes {}: a probability 0 to 1",
                self.mistakes
            )));
        }
        if !(self.temperature.is_finite() && self.temperature >= 0.0) {
            return Err(Error::invalid(format!(
                "temperature {}: a number 0 or above",
                self.temperature
            )));
        }
        Ok(())
    }

    /// Whether this style changes anything.
    pub fn is_sure(&self) -> bool {
        self.mistakes == 0.0 && self.temperature == 0.0
    }

    /// With probability `mistakes`, a random legal move of `view`'s
    /// observer (who must be to move); `rng` is drawn from either way.
    pub fn mistake(&self, view: &Observation, rng: &mut Rng) -> Option<Move> {
        let roll = rng.unit();
        (roll < self.mistakes).then(|| random_move(&view.determinize(rng), rng))
    }

    /// The move drawn by temperature from the search's visits (the best
    /// move at temperature 0, or when no move was visited).
    pub fn pick(&self, r: &SearchResult<Move>, rng: &mut Rng) -> Move {
        if self.temperature == 0.0 {
            return r.best;
        }
        let most = r.moves.iter().map(|m| m.visits).max().unwrap_or(0);
        if most == 0 {
            return r.best;
        }
        // Relative to the most visited, so large powers do not overflow.
        let weight = |v: u64| (v as f64 / most as f64).powf(1.0 / self.temperature);
        let total: f64 = r.moves.iter().map(|m| weight(m.visits)).sum();
        let mut x = rng.unit() * total;
        for m in &r.moves {
            x -= weight(m.visits);
            if x < 0.0 && m.visits > 0 {
                return m.mv;
            }
        }
        r.best
    }
}

/// The search's answer with `style` applied: `best` becomes the move the
/// style plays (a mistake, or the temperature's draw); the statistics stay
/// the search's. Deterministic for a seed under an iteration budget on
/// one thread.
pub fn styled_best_move(
    view: &Observation,
    budget: &Budget,
    style: Style,
    seed: u64,
    control: &Control,
) -> Result<SearchResult<Move>> {
    style.validate()?;
    let mut r = best_move_controlled(view, budget, seed, control)?;
    if style.is_sure() {
        return Ok(r);
    }
    let mut rng = Rng::stream(seed, 0x0057_171e);
    r.best = match style.mistake(view, &mut rng) {
        Some(m) => m,
        None => style.pick(&r, &mut rng),
    };
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::durak::{Config, Game};

    fn opening(seed: u64) -> Observation {
        let g = Game::new(Config::default(), &mut Rng::new(seed)).unwrap();
        g.observe(g.to_move())
    }

    fn budget() -> Budget {
        Budget {
            iterations: 200,
            ..Budget::default()
        }
    }

    /// Always a legal move; sure play is the search's move, and every
    /// mistake is random, so over many seeds a bot that always errs plays
    /// several different moves, some not the search's.
    #[test]
    fn styled_moves_are_legal_and_vary() {
        let view = opening(3);
        let game = view.determinize(&mut Rng::new(0));
        let sure = styled_best_move(&view, &budget(), Style::NONE, 1, &Control::NONE).unwrap();
        assert_eq!(
            sure.best,
            best_move_controlled(&view, &budget(), 1, &Control::NONE)
                .unwrap()
                .best
        );
        for style in [
            Style {
                mistakes: 1.0,
                temperature: 0.0,
            },
            Style {
                mistakes: 0.0,
                temperature: 5.0,
            },
        ] {
            let mut seen = std::collections::HashSet::new();
            for seed in 0..20 {
                let m = styled_best_move(&view, &budget(), style, seed, &Control::NONE)
                    .unwrap()
                    .best;
                assert!(game.is_legal(m), "{m:?}");
                seen.insert(m);
            }
            assert!(seen.len() > 2, "{style:?}: {seen:?}");
        }
    }

    #[test]
    fn bad_styles_are_refused() {
        let view = opening(1);
        for bad in [(1.5, 0.0), (-0.1, 0.0), (0.0, -1.0), (0.0, f64::NAN)] {
            let style = Style {
                mistakes: bad.0,
                temperature: bad.1,
            };
            assert!(styled_best_move(&view, &budget(), style, 1, &Control::NONE).is_err());
        }
    }
}
