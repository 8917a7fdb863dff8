//! Levels 1 to 10 a client picks by number: each a bot of fixed
//! iterations (so its strength does not depend on the machine), the
//! weakest erring by a share of random moves or a temperature, each a
//! point on the Elo scale of the ladder (`ladder`; the ratings are in
//! docs/src/durak.md). Level 10 is the default search with the caller's
//! own budget.

use super::matches::Bot;
use super::style::Style;
use crate::error::{Error, Result};
use crate::mcts::Budget;

/// The bot of each level, weakest first, as `Bot::parse` reads it.
pub const LEVELS: [&str; 10] = [
    "mcts:iters=10,temp=2,mistakes=0.2",
    "mcts:iters=10,temp=1",
    "mcts:iters=20",
    "mcts:iters=50",
    "mcts:iters=100",
    "mcts:iters=200",
    "mcts:iters=500",
    "mcts:iters=1000",
    "mcts:iters=3000",
    "mcts:iters=10000",
];

/// The search budget and style of `level` for a caller whose own budget
/// is `caller`: level 0 (none) and 10 are the caller's budget as given;
/// levels 1 to 9 fix the iterations, search on one thread, and keep only
/// the caller's time limit (a cap: the level never takes longer than the
/// client allows) and cancel.
pub fn level_budget(level: u32, caller: &Budget) -> Result<(Budget, Style)> {
    match level {
        0 | 10 => Ok((*caller, Style::NONE)),
        1..=9 => {
            let (budget, style) = match Bot::parse(LEVELS[level as usize - 1])? {
                Bot::Mcts(b) => (b, Style::NONE),
                Bot::Styled(bot, style) => match *bot {
                    Bot::Mcts(b) => (b, style),
                    _ => return Err(Error::invalid("a level is a search bot")),
                },
                _ => return Err(Error::invalid("a level is a search bot")),
            };
            Ok((
                Budget {
                    time: caller.time,
                    threads: 1,
                    ..budget
                },
                style,
            ))
        }
        n => Err(Error::invalid(format!(
            "level {n}: use 1 to 10 (0 = the budget as given)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_level_parses_and_iterations_rise() {
        let mut last = 0;
        for (i, text) in LEVELS.iter().enumerate() {
            let bot = Bot::parse(text).unwrap();
            let cli = Bot::parse(&format!("mcts:level={}", i + 1)).unwrap();
            assert_eq!(bot, cli, "level {}", i + 1);
            let (b, _) = level_budget(i as u32 + 1, &Budget::default()).unwrap();
            assert!(b.iterations >= last && b.time.is_none(), "level {}", i + 1);
            last = b.iterations;
        }
    }

    #[test]
    fn levels_keep_only_the_callers_time_limit() {
        let caller = Budget {
            iterations: 77,
            time: Some(Duration::from_millis(5)),
            threads: 4,
            ..Budget::default()
        };
        let (b, style) = level_budget(3, &caller).unwrap();
        assert_eq!((b.iterations, b.time, b.threads), (20, caller.time, 1));
        assert!(style.is_sure());
        let (_, weakest) = level_budget(1, &caller).unwrap();
        assert!(weakest.mistakes > 0.0 && weakest.temperature > 0.0);
        assert_eq!(level_budget(10, &caller).unwrap().0, caller);
        assert_eq!(level_budget(0, &caller).unwrap().0, caller);
        let e = level_budget(11, &caller).unwrap_err();
        assert!(e.message().contains("level 11"), "{e}");
        for bad in [
            "mcts:level=0",
            "mcts:level=11",
            "mcts:level=3,iters=50",
            "mcts-v1:level=2",
            "mcts:level=2,temp=1",
        ] {
            assert!(Bot::parse(bad).is_err(), "{bad}");
        }
        let Bot::Mcts(top) = Bot::parse("mcts:level=10,ms=30").unwrap() else {
            panic!("a search")
        };
        assert_eq!(
            (top.iterations, top.time),
            (10_000, Some(Duration::from_millis(30)))
        );
    }
}
