//! The one equity entry for every poker game: [`game_equity`] takes the
//! game, the players' hands or ranges as text and the run settings, picks
//! the engine (Hold'em's [`equity`](super::equity::equity) or the
//! variants' [`variant_equity`]) and answers with one result type,
//! [`GameEquity`], that carries every game's figures. The C entry
//! (`oddsmith_equity`), the CLI (`oddsmith equity`) and Python
//! (`oddsmith.equity`, `oddsmith.omaha_equity`) call it; none of them
//! chooses an engine or fills a pot rule of its own.
//!
//! # What the figures mean
//!
//! Every figure is an average over the deals (each tuple of one hand per
//! player and a board completion, weighted by the hands' range weights).
//! Per player ([`GamePlayer`]):
//!
//! | field | Texas Hold'em | Omaha high, short deck | Omaha hi/lo |
//! |---|---|---|---|
//! | `equity` | pot share | pot share (= `high`) | pot share, `high` + `low` |
//! | `win` | P(best hand alone), also the share won alone | P(best high alone) | P(best high alone) |
//! | `tie` | **share** of the pot won in split pots: `equity` = `win` + `tie` | **P(sharing the best high)**, a chance, not a share | P(sharing the best high) |
//! | `high` | `equity` (one pot, the high hand takes it) | `equity` | share won by the high hand (all of the pot when no low qualifies) |
//! | `low` | 0 | 0 | share won by the low hand |
//! | `scoop` | P(the whole pot alone) = `win` | P(the whole pot alone) = `win` | P(the whole pot alone) |
//! | `categories` | P(ending with each category) | none | none |
//!
//! So `tie` is a pot share in Hold'em and a probability in the variants:
//! a two-way split counts 1/2 in Hold'em's `tie` and 1 in Omaha's.
//! [`GameEquity::low_qualifies`] is P(a low qualifies) in hi/lo games and
//! 0 elsewhere.
//!
//! # Partial answers
//!
//! An answer is partial when the call was stopped (a cancel flag on the
//! request's control: C's progress callback, the CLI's Ctrl-C) before it
//! was complete; an exact answer is never partial. The rule is
//! [`crate::budget::is_partial`]; [`GameEquity::partial`] applies it.

use super::Range;
use super::equity::{self, ComboEquity, EquityRequest, Settings};
use super::variants::{Variant, VariantRequest, parse_hands_within, variant_equity};
use crate::budget::{Control, is_partial};
use crate::error::{Error, Result};
use std::time::Instant;

/// A poker game: Texas Hold'em or one of the [variants](super::variants).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// Texas Hold'em, 2 to 10 players.
    Holdem,
    /// Omaha high with this many hole cards (4, 5 or 6).
    OmahaHigh(u8),
    /// Omaha hi/lo 8-or-better with this many hole cards (4 or 5).
    OmahaHiLo(u8),
    /// Short-deck Hold'em; `trips_beat_straight` is the Triton ranking.
    ShortDeck {
        /// Whether three of a kind beats a straight (Triton) rather than
        /// the reverse.
        trips_beat_straight: bool,
    },
}

impl Game {
    /// `holdem` (also `texas`), or a variant's name as
    /// [`Variant::parse`] reads it (`plo4`, `plo5`, `plo6`, `plo8`,
    /// `plo5-8`, `shortdeck`, `shortdeck-triton`).
    pub fn parse(text: &str) -> Result<Game> {
        match text.to_ascii_lowercase().as_str() {
            "holdem" | "hold'em" | "texas" => Ok(Game::Holdem),
            _ => Variant::parse(text).map(Game::from).map_err(|_| {
                Error::parse(format!(
                    "game '{text}': use holdem, plo4, plo5, plo6, plo8, plo5-8 or shortdeck"
                ))
            }),
        }
    }

    /// The variants engine's name for this game; `None` for Hold'em.
    pub fn variant(self) -> Option<Variant> {
        match self {
            Game::Holdem => None,
            Game::OmahaHigh(n) => Some(Variant::OmahaHigh(n)),
            Game::OmahaHiLo(n) => Some(Variant::OmahaHiLo(n)),
            Game::ShortDeck {
                trips_beat_straight,
            } => Some(Variant::ShortDeck {
                trips_beat_straight,
            }),
        }
    }

    /// Whether half the pot goes to the best qualifying low.
    pub fn hi_lo(self) -> bool {
        matches!(self, Game::OmahaHiLo(_))
    }

    /// This game with three of a kind beating a straight (the Triton
    /// ranking); only short deck has it (`InvalidArgument` otherwise).
    pub fn with_trips_beat_straight(self) -> Result<Game> {
        match self {
            Game::ShortDeck { .. } => Ok(Game::ShortDeck {
                trips_beat_straight: true,
            }),
            _ => Err(Error::invalid(
                "three of a kind beating a straight (the Triton ranking) is a short-deck rule",
            )),
        }
    }
}

impl From<Variant> for Game {
    fn from(v: Variant) -> Game {
        match v {
            Variant::OmahaHigh(n) => Game::OmahaHigh(n),
            Variant::OmahaHiLo(n) => Game::OmahaHiLo(n),
            Variant::ShortDeck {
                trips_beat_straight,
            } => Game::ShortDeck {
                trips_beat_straight,
            },
        }
    }
}

/// An equity question in any game.
#[derive(Debug, Clone)]
pub struct GameRequest {
    /// The game.
    pub game: Game,
    /// One hand or range per player, as text: Hold'em ranges (`QQ+,AKs`,
    /// `random`), the same on short deck's 36 cards, Omaha hands and ranges
    /// (`AsKsQhJh`, `AA**:ds`, `random`). A text that does not read is an
    /// error naming the player (counted from 1).
    pub players: Vec<String>,
    /// Board, dead cards and how to run (every game reads them alike).
    pub settings: Settings,
    /// Ask for each combo's equity (Texas Hold'em only: `InvalidArgument`
    /// for other games; see [`EquityRequest::by_combo`]). When asked, the
    /// answer carries the breakdown or the call fails saying why
    /// ([`equity::require_breakdown`]).
    pub by_combo: bool,
    /// A cancel flag and a progress hook (its own time limit, if any, is
    /// replaced by the settings' time budget).
    pub control: Control,
}

impl GameRequest {
    /// A request for `players` in `game` with [`Settings::default`], no
    /// breakdown and no control.
    pub fn new<S: AsRef<str>>(game: Game, players: &[S]) -> GameRequest {
        GameRequest {
            game,
            players: players.iter().map(|p| p.as_ref().to_string()).collect(),
            settings: Settings::default(),
            by_combo: false,
            control: Control::NONE,
        }
    }
}

/// One player's figures; see [the module](self) for what each means in
/// each game.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GamePlayer {
    /// Expected share of the pot, 0..=1.
    pub equity: f64,
    /// Hold'em: P(best hand alone), which is also the share won alone;
    /// variants: P(best high hand alone).
    pub win: f64,
    /// Hold'em: the expected share won in split pots (`equity` = `win` +
    /// `tie`); variants: P(sharing the best high hand).
    pub tie: f64,
    /// Share of the pot won by the high hand (all of it in high-only
    /// games, and in hi/lo deals where no low qualifies).
    pub high: f64,
    /// Share of the pot won by the low hand (0 outside hi/lo games).
    pub low: f64,
    /// P(taking the whole pot alone).
    pub scoop: f64,
    /// Hold'em: P(ending with category c), by `Category as usize`; `None`
    /// in other games.
    pub categories: Option<[f64; 9]>,
}

/// The answer of [`game_equity`].
#[derive(Debug, Clone, PartialEq)]
pub struct GameEquity {
    /// The game asked about.
    pub game: Game,
    /// One answer per player, in request order.
    pub players: Vec<GamePlayer>,
    /// Whether every deal was counted (else the answer was sampled).
    pub exact: bool,
    /// Deals counted or sampled (Hold'em's "tuples": a tuple of hands and
    /// a board completion).
    pub deals: u64,
    /// Largest standard error of a player's equity (0 when exact).
    pub std_error: f64,
    /// P(a low qualifies) in hi/lo games, else 0.
    pub low_qualifies: f64,
    /// Each player's combos with their own equity (Hold'em, when asked).
    pub by_combo: Vec<Vec<ComboEquity>>,
    /// Whether the call was stopped before the answer was complete
    /// ([`is_partial`]): a sampled answer cut short by a cancel.
    pub partial: bool,
}

/// The equity of every player in any game: reads the players' texts for
/// the game, runs Hold'em's or the variants' engine with the settings,
/// and answers with every figure of [`GameEquity`]. Errors are the
/// engines' (a range that does not read names the player); a cancelled
/// exact call fails (`BudgetExceeded`), a cancelled sampling one answers
/// with what it drew, marked partial.
pub fn game_equity(req: &GameRequest) -> Result<GameEquity> {
    let answer = match req.game.variant() {
        None => holdem(req)?,
        Some(variant) => omaha_or_short_deck(req, variant)?,
    };
    Ok(GameEquity {
        partial: is_partial(req.control.cancelled(), answer.exact),
        ..answer
    })
}

/// Omaha and short deck through `variants::variant_equity`.
fn omaha_or_short_deck(req: &GameRequest, variant: Variant) -> Result<GameEquity> {
    if req.by_combo {
        return Err(Error::invalid(
            "the per-combo breakdown is for Texas Hold'em",
        ));
    }
    // The budget counts from the call's start: listing a wide
    // Omaha range takes a while, and the engine gets what is left.
    let started = Instant::now();
    let reading = req.control.with_budget(Some(req.settings.time_budget));
    let hands = parse_hands_within(variant, &req.players, &reading)?;
    let mut vr = VariantRequest::new(variant, hands).with(&req.settings);
    vr.time_budget = req.settings.time_budget.saturating_sub(started.elapsed());
    vr.control = req.control.clone();
    let r = variant_equity(&vr)?;
    Ok(GameEquity {
        game: req.game,
        players: r
            .players
            .iter()
            .map(|p| GamePlayer {
                equity: p.equity,
                win: p.win,
                tie: p.tie,
                high: p.high,
                low: p.low,
                scoop: p.scoop,
                categories: None,
            })
            .collect(),
        exact: r.exact,
        deals: r.deals,
        std_error: r.stderr,
        low_qualifies: r.low_qualifies,
        by_combo: Vec::new(),
        partial: false,
    })
}

/// Texas Hold'em through `equity::equity`.
fn holdem(req: &GameRequest) -> Result<GameEquity> {
    let ranges = req
        .players
        .iter()
        .enumerate()
        .map(|(i, text)| {
            Range::parse(text)
                .map_err(|e| Error::new(e.kind(), format!("player {}: {}", i + 1, e.message())))
        })
        .collect::<Result<Vec<Range>>>()?;
    let mut er = EquityRequest::new(ranges).with(&req.settings);
    er.by_combo = req.by_combo;
    er.control = req.control.clone();
    let mut r = equity::equity(&er)?;
    // A breakdown asked for and not given is an error saying why (a
    // cancel is the caller's to report: its answer is partial).
    if req.by_combo && !is_partial(req.control.cancelled(), r.exact) {
        equity::require_breakdown(&er, &r)?;
    }
    Ok(GameEquity {
        game: Game::Holdem,
        players: r
            .players
            .iter()
            .map(|p| GamePlayer {
                equity: p.equity,
                win: p.win,
                tie: p.tie,
                // One pot: the high hand takes it.
                high: p.equity,
                low: 0.0,
                scoop: p.win,
                categories: Some(p.categories),
            })
            .collect(),
        exact: r.exact,
        deals: r.tuples,
        std_error: r.stderr,
        low_qualifies: 0.0,
        by_combo: std::mem::take(&mut r.by_combo),
        partial: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Progress;
    use crate::cards::CardSet;
    use crate::poker::equity::Mode;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    fn settings(board: &str, mode: Mode) -> Settings {
        Settings {
            board: CardSet::parse(board).unwrap(),
            mode,
            target_stderr: 0.01,
            time_budget: Duration::from_secs(600),
            threads: 1,
            seed: 7,
            ..Settings::default()
        }
    }

    fn ask(game: Game, players: &[&str], settings: Settings) -> GameEquity {
        let mut req = GameRequest::new(game, players);
        req.settings = settings;
        game_equity(&req).unwrap()
    }

    /// The time budget counts from the call's start: a wide Omaha range
    /// (`AA****` in PLO6, 1.2 million hands) stops being listed when it
    /// runs out, instead of taking its own time before the engine starts
    /// the clock. (The deadline passes before the first look at it.)
    #[test]
    fn reading_a_wide_range_keeps_to_the_time_budget() {
        let game = Game::parse("plo6").unwrap();
        for mode in [Mode::Auto, Mode::Exact, Mode::MonteCarlo] {
            let mut req = GameRequest::new(game, &["AA****", "KK****"]);
            req.settings = settings("", mode);
            req.settings.time_budget = Duration::from_nanos(1);
            let e = game_equity(&req).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded, "{e}");
            assert!(
                e.message()
                    .contains("player 1: reading range item 'AA****'"),
                "{e}"
            );
        }
        // With time enough, the same range is read whole.
        let wide = crate::poker::variants::HandRange::parse(Variant::OmahaHigh(6), "AA****");
        assert!(
            matches!(wide, Ok(crate::poker::variants::HandRange::Hands(h)) if h.len() > 1_000_000)
        );
    }

    #[test]
    fn the_entry_gives_the_holdem_engines_numbers() {
        for (players, board, mode) in [
            (&["AhKh", "QsQd"][..], "Ks7c2d", Mode::Exact),
            (&["QQ+,AKs", "JJ-88", "random"][..], "Ks7c2d5h", Mode::Exact),
            (&["AhKh", "QsQd", "random"][..], "", Mode::MonteCarlo),
        ] {
            let s = settings(board, mode);
            let ranges = players.iter().map(|p| Range::parse(p).unwrap()).collect();
            let direct = equity::equity(&EquityRequest::new(ranges).with(&s)).unwrap();
            let one = ask(Game::Holdem, players, s);
            assert_eq!((one.exact, one.deals), (direct.exact, direct.tuples));
            assert_eq!((one.std_error, one.low_qualifies), (direct.stderr, 0.0));
            assert!(!one.partial);
            for (p, d) in one.players.iter().zip(&direct.players) {
                assert_eq!((p.equity, p.win, p.tie), (d.equity, d.win, d.tie));
                assert_eq!((p.high, p.low, p.scoop), (d.equity, 0.0, d.win));
                assert_eq!(p.categories, Some(d.categories));
                // Hold'em's tie is the split share.
                assert!((p.win + p.tie - p.equity).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn the_entry_gives_the_variant_engines_numbers() {
        for (game, players, board, mode) in [
            (
                Game::OmahaHigh(4),
                &["AsAhKsKh", "JdTd9c8c"][..],
                "7d6c2h",
                Mode::Exact,
            ),
            (
                Game::OmahaHiLo(4),
                &["As2h3dKs", "7c8c9dTd"][..],
                "4c5h9s",
                Mode::Exact,
            ),
            (
                Game::ShortDeck {
                    trips_beat_straight: true,
                },
                &["AhKh", "QsQd", "random"][..],
                "",
                Mode::MonteCarlo,
            ),
        ] {
            let s = settings(board, mode);
            let variant = game.variant().unwrap();
            let hands = crate::poker::variants::parse_hands(variant, players).unwrap();
            let direct = variant_equity(&VariantRequest::new(variant, hands).with(&s)).unwrap();
            let one = ask(game, players, s);
            assert_eq!((one.exact, one.deals), (direct.exact, direct.deals));
            assert_eq!(
                (one.std_error, one.low_qualifies),
                (direct.stderr, direct.low_qualifies)
            );
            assert!(one.by_combo.is_empty() && !one.partial);
            for (p, d) in one.players.iter().zip(&direct.players) {
                assert_eq!((p.equity, p.win, p.tie), (d.equity, d.win, d.tie));
                assert_eq!((p.high, p.low, p.scoop), (d.high, d.low, d.scoop));
                assert_eq!(p.categories, None);
            }
        }
    }

    #[test]
    fn a_breakdown_is_holdems_and_comes_with_the_answer() {
        let mut req = GameRequest::new(Game::Holdem, &["QQ+,AKs", "JJ-88"]);
        req.settings = settings("Ks7c2d", Mode::Exact);
        req.by_combo = true;
        let r = game_equity(&req).unwrap();
        assert_eq!(r.by_combo.len(), 2);
        assert!(!r.by_combo[0].is_empty());
        // Preflop three-way has none: the error says why.
        let mut three = GameRequest::new(Game::Holdem, &["QQ+", "JJ", "random"]);
        three.by_combo = true;
        assert!(game_equity(&three).is_err());
        req.game = Game::OmahaHigh(4);
        req.players = vec!["AsAhKsKh".into(), "QdQcJdTd".into()];
        let e = game_equity(&req).unwrap_err();
        assert!(e.message().contains("Texas Hold'em"), "{e}");
    }

    #[test]
    fn games_read_by_name() {
        assert_eq!(Game::parse("holdem").unwrap(), Game::Holdem);
        assert_eq!(Game::parse("plo5-8").unwrap(), Game::OmahaHiLo(5));
        let short = Game::parse("shortdeck").unwrap();
        assert_eq!(
            short.with_trips_beat_straight().unwrap(),
            Game::parse("shortdeck-triton").unwrap()
        );
        assert!(Game::Holdem.with_trips_beat_straight().is_err());
        assert!(
            Game::parse("plo7")
                .unwrap_err()
                .message()
                .contains("holdem")
        );
    }

    /// A control whose cancel flag its first progress report sets.
    fn cancelled_on_first_report() -> Control {
        let flag = Arc::new(AtomicBool::new(false));
        let set = Arc::clone(&flag);
        Control::NONE
            .or_cancelled(flag)
            .with_progress(Arc::new(move |_: &Progress| {
                set.store(true, Ordering::Relaxed);
            }))
    }

    #[test]
    fn a_cancel_makes_sampling_partial_and_never_an_exact_answer() {
        for game in [Game::Holdem, Game::OmahaHigh(4)] {
            let players: &[&str] = if game == Game::Holdem {
                &["AhKh", "random", "random"]
            } else {
                &["AsAhKsKh", "random", "random"]
            };
            let mut req = GameRequest::new(game, players);
            // A target no machine reaches: only the cancel stops it (or,
            // should no report come, the two-minute budget: then it fails).
            req.settings = Settings {
                target_stderr: 1e-9,
                time_budget: Duration::from_secs(120),
                ..settings("", Mode::MonteCarlo)
            };
            req.control = cancelled_on_first_report();
            let r = game_equity(&req).unwrap();
            assert!(r.partial && !r.exact && r.deals > 0, "{game:?}");
        }
        // The matchup table answers exactly without a look at the flag:
        // a cancel does not make that answer partial.
        let mut req = GameRequest::new(Game::Holdem, &["AhKh", "QsQd"]);
        let flag = Arc::new(AtomicBool::new(true));
        req.control = Control::NONE.or_cancelled(flag);
        let r = game_equity(&req).unwrap();
        assert!(r.exact && !r.partial);
    }
}
