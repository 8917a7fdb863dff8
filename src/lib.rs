//! oddsmith: exact and fast odds engines for card games, with a C ABI.
//!
//! # Where to start
//!
//! | question | module | book chapter (`docs/src/`) |
//! |---|---|---|
//! | Hold'em equity of hands or ranges, hand strength, hand ranks | [`poker`] ([`poker::equity`], [`poker::eval`], [`poker::range`]) | `poker.md` |
//! | Omaha (high, hi/lo) and short-deck equity | [`poker::variants`] | `poker-variants.md` |
//! | Hearthstone split damage ("deal N damage randomly split") | [`hearthstone::split_damage`] | `split-damage.md` |
//! | Battlegrounds combat odds and damage | [`hearthstone::combat`], cards in [`hearthstone::cards`], their shared vocabulary in [`hearthstone::model`] | `battlegrounds.md`, `battlegrounds-effects.md` |
//! | Two-player games with chance: your own game, the coin game, Pig | [`expectimax`] ([`expectimax::pig`], [`expectimax::coins`]) | `expectimax.md` |
//! | Durak: the best move, bots, matches, exact endgames | [`durak`] (search in [`mcts`]) | `durak.md`, `rules/durak.md` |
//!
//! Shared pieces: [`cards`] (cards and card sets, re-exported here),
//! [`combin`] (combination ranges for parallel exhaustive enumeration),
//! [`budget`] (deadlines, cancel flags and progress hooks for long calls),
//! [`parallel`] (the `threads` rule every engine follows), [`rng`] (the
//! seeded generator of every Monte Carlo mode) and [`error`] (one error
//! type: a kind and a message naming the bad input).
//!
//! The C surface lives in [`ffi`] and is described by the generated header
//! `include/oddsmith.h` (its preamble states the conventions every entry
//! shares); `docs/src/c-abi.md` explains it, `docs/src/bindings/` covers
//! C++, C#, Python and Rust, `docs/src/getting-started.md` the first steps
//! and `docs/src/architecture.md` how the engines are built.
//!
//! # Examples
//!
//! Each engine on a small question (every call below is exact and takes
//! milliseconds).
//!
//! Poker equity: aces against kings before the flop.
//!
//! ```
//! use oddsmith::poker::Range;
//! use oddsmith::poker::equity::{EquityRequest, Mode, equity};
//!
//! let mut req = EquityRequest::new(vec![Range::parse("AA")?, Range::parse("KK")?]);
//! req.mode = Mode::Exact;
//! req.threads = 1;
//! let r = equity(&req)?;
//! assert!(r.exact);
//! assert!(r.players[0].equity > 0.8 && r.players[0].equity < 0.83);
//! assert!((r.players[0].equity + r.players[1].equity - 1.0).abs() < 1e-9);
//! # Ok::<(), oddsmith::Error>(())
//! ```
//!
//! Split damage: one random hit on two 1-health minions kills exactly one
//! of them, each half the time.
//!
//! ```
//! use oddsmith::hearthstone::split_damage::{Query, Target, split_damage};
//!
//! let targets = [Target::minion(1), Target::minion(1)];
//! let r = split_damage(&targets, 1, &Query::default())?;
//! assert!((r.kill[0] - 0.5).abs() < 1e-12 && (r.kill[1] - 0.5).abs() < 1e-12);
//! assert!((r.kills_distribution[1] - 1.0).abs() < 1e-12);
//! # Ok::<(), oddsmith::Error>(())
//! ```
//!
//! Battlegrounds combat: two anonymous minions a side, solved exactly.
//!
//! ```
//! use oddsmith::hearthstone::combat::{Combat, CombatMode, CombatOptions, parse_board, simulate};
//!
//! let combat = Combat::new(parse_board("4/4,3/3")?, parse_board("3/4,1/1")?, [1, 1]);
//! let options = CombatOptions { mode: CombatMode::Exact, threads: 1, ..CombatOptions::default() };
//! let r = simulate(&combat, &options)?;
//! assert!(r.exact);
//! assert!((r.win - 0.625).abs() < 1e-9 && (r.draw - 0.375).abs() < 1e-9 && r.loss == 0.0);
//! # Ok::<(), oddsmith::Error>(())
//! ```
//!
//! Expectimax: a game of your own (Max takes a sure 0.4 or flips a fair
//! coin for 1 or 0), then Pig, whose first player has the edge.
//!
//! ```
//! use oddsmith::expectimax::pig::{PigGame, PigPosition, solve_pig};
//! use oddsmith::expectimax::{Child, Game, NodeKind, Options, solve};
//!
//! struct SureOrFlip;
//! impl Game for SureOrFlip {
//!     type State = u8; // 0: Max to choose, 1: the coin in the air, 2: over
//!     fn root(&self) -> u8 {
//!         0
//!     }
//!     fn expand(&self, s: &u8, children: &mut Vec<Child<u8>>) -> oddsmith::Result<NodeKind> {
//!         let child = |move_id, probability, reward, next| Child { move_id, probability, reward, next };
//!         Ok(match s {
//!             0 => {
//!                 children.push(child(0, 1.0, 0.4, 2)); // the sure thing
//!                 children.push(child(1, 1.0, 0.0, 1)); // the flip
//!                 NodeKind::Max
//!             }
//!             1 => {
//!                 children.push(child(0, 0.5, 1.0, 2));
//!                 children.push(child(0, 0.5, 0.0, 2));
//!                 NodeKind::Chance
//!             }
//!             _ => NodeKind::Terminal(0.0),
//!         })
//!     }
//! }
//! let s = solve(&SureOrFlip, &Options::default())?;
//! assert!((s.value - 0.5).abs() < 1e-12);
//! assert_eq!(s.best_move.map(|m| m.move_id), Some(1));
//!
//! let pig = PigGame::new(20, 6)?;
//! let answer = solve_pig(&pig, PigPosition::default(), &Options::default())?;
//! assert!(answer.win_probability > 0.5 && answer.win_probability < 1.0);
//! # Ok::<(), oddsmith::Error>(())
//! ```
//!
//! Durak: the search's move for the player to move in a fresh two-player
//! game is one of the legal moves.
//!
//! ```
//! use oddsmith::durak::{Config, Game, MoveList, best_move};
//! use oddsmith::mcts::Budget;
//! use oddsmith::rng::Rng;
//!
//! let mut game = Game::new(Config::default(), &mut Rng::new(1))?;
//! let view = game.observe(game.to_move());
//! let budget = Budget { iterations: 200, threads: 1, ..Budget::default() };
//! let r = best_move(&view, &budget, 7)?;
//! let mut legal = MoveList::default();
//! game.legal_moves(&mut legal);
//! assert!(legal.as_slice().contains(&r.best));
//! game.apply(r.best)?;
//! # Ok::<(), oddsmith::Error>(())
//! ```

#![warn(missing_docs)]

// The baked-table formatter the generators share with the build script.
mod baked;
pub mod budget;
pub mod cards;
pub mod combin;
pub mod dd;
pub mod durak;
pub mod error;
pub mod expectimax;
pub mod ffi;
pub mod hearthstone;
pub mod mcts;
pub mod memo;
pub mod parallel;
pub mod platform;
pub mod poker;
pub mod rng;

pub use cards::{Card, CardSet, parse_cards};
pub use error::{Error, ErrorKind, Result};

// The docs' Rust examples, run by `cargo test --doc`.
#[cfg(doctest)]
mod doc_examples;
