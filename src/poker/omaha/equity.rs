//! Omaha equity: every board completion enumerated (exact), or boards and
//! random hands sampled to a standard error or a deadline (Monte Carlo),
//! or Auto (exact when its estimated time fits the budget).

use super::OmahaGame;
use super::eval::{Hole, Low, best_high, best_low, board_low_ranks, board_triples};
use crate::budget::Control;
use crate::cards::{Card, CardSet};
use crate::combin::{Subsets, binomial, chunk_range};
use crate::error::{Error, ErrorKind, Result};
use crate::parallel::{map_items, run_with_threads};
use crate::poker::HandKey;
use crate::poker::equity::{DEFAULT_TIME_BUDGET, Mode};
use crate::rng::Rng;
use std::time::{Duration, Instant};

/// Boards per exact chunk: small enough that a cancel or deadline is seen
/// within about a millisecond.
const CHUNK_BOARDS: u64 = 2048;
/// Samples per Monte Carlo batch (one random stream each).
const BATCH: u64 = 4096;
/// Filler for board slots about to be dealt.
const ANY_CARD: Card = match Card::new(0) {
    Some(c) => c,
    None => panic!(),
};
/// Estimated cost of one five-card rank in the exact loop (Auto's choice).
const NS_PER_RANK: f64 = 2.5;

/// What to compute.
#[derive(Debug, Clone)]
pub struct OmahaRequest {
    pub game: OmahaGame,
    /// Each player's hole cards, or None for random cards.
    pub players: Vec<Option<CardSet>>,
    pub board: CardSet,
    pub dead: CardSet,
    pub mode: Mode,
    /// Monte Carlo stops once every equity's standard error is at most this.
    pub target_stderr: f64,
    /// Monte Carlo deadline; Auto's exact-or-not budget; exact's limit.
    pub time_budget: Duration,
    pub seed: u64,
    /// As everywhere (`crate::parallel`): 0 all cores, 1 this thread.
    pub threads: usize,
    pub control: Control,
}

impl OmahaRequest {
    pub fn new(game: OmahaGame, players: Vec<Option<CardSet>>) -> OmahaRequest {
        OmahaRequest {
            game,
            players,
            board: CardSet::EMPTY,
            dead: CardSet::EMPTY,
            mode: Mode::Auto,
            target_stderr: 0.001,
            time_budget: DEFAULT_TIME_BUDGET,
            seed: 1,
            threads: 0,
            control: Control::NONE,
        }
    }
}

/// Players' hands as text, each cards ("AsKsQhJh") or `random`; an error
/// names the player (counted from 1).
pub fn parse_hands<S: AsRef<str>>(texts: &[S]) -> Result<Vec<Option<CardSet>>> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| match text.as_ref().trim() {
            "random" => Ok(None),
            cards => CardSet::parse(cards)
                .map(Some)
                .map_err(|e| Error::new(e.kind(), format!("player {}: {}", i + 1, e.message()))),
        })
        .collect()
}

/// One player's shares of the pot, averaged over the deals.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct OmahaPlayer {
    /// Expected share of the pot (high + low).
    pub equity: f64,
    /// Share won by the high hand (the whole pot when no low qualifies).
    pub high: f64,
    /// Share won by the low hand (0 in high-only games).
    pub low: f64,
    /// Chance of the best high alone, and of a shared best high.
    pub win: f64,
    pub tie: f64,
    /// Chance of taking the whole pot alone.
    pub scoop: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OmahaEquity {
    pub players: Vec<OmahaPlayer>,
    pub exact: bool,
    /// Deals enumerated or sampled.
    pub deals: u64,
    /// Largest standard error of an equity (0 when exact).
    pub stderr: f64,
    /// Chance that a low qualifies (hi/lo games).
    pub low_qualifies: f64,
}

/// Running sums over deals: per player equity, high, low, win, tie,
/// scoop, equity squared; and deals with a low.
#[derive(Debug, Clone)]
struct Sums {
    players: Vec<[f64; 7]>,
    deals: u64,
    lows: u64,
}

impl Sums {
    fn new(n: usize) -> Sums {
        Sums {
            players: vec![[0.0; 7]; n],
            deals: 0,
            lows: 0,
        }
    }

    fn add(&mut self, other: &Sums) {
        for (a, b) in self.players.iter_mut().zip(&other.players) {
            for k in 0..7 {
                a[k] += b[k];
            }
        }
        self.deals += other.deals;
        self.lows += other.lows;
    }

    /// Scores one deal from each player's high and low.
    fn score(&mut self, highs: &[u16], lows: &[Option<Low>]) {
        let best_high = highs.iter().copied().max().unwrap_or(0);
        let high_winners = highs.iter().filter(|&&h| h == best_high).count() as f64;
        let best_low = lows.iter().flatten().copied().min();
        let low_winners = lows
            .iter()
            .filter(|&&l| l.is_some() && l == best_low)
            .count() as f64;
        let high_pot = if best_low.is_some() { 0.5 } else { 1.0 };
        self.deals += 1;
        self.lows += u64::from(best_low.is_some());
        for (p, sums) in self.players.iter_mut().enumerate() {
            let high = if highs[p] == best_high {
                high_pot / high_winners
            } else {
                0.0
            };
            let low = if best_low.is_some() && lows[p] == best_low {
                0.5 / low_winners
            } else {
                0.0
            };
            let equity = high + low;
            sums[0] += equity;
            sums[1] += high;
            sums[2] += low;
            sums[3] += f64::from(highs[p] == best_high && high_winners == 1.0);
            sums[4] += f64::from(highs[p] == best_high && high_winners > 1.0);
            sums[5] += f64::from(equity == 1.0);
            sums[6] += equity * equity;
        }
    }

    fn result(&self, exact: bool) -> OmahaEquity {
        let n = self.deals.max(1) as f64;
        let mut stderr: f64 = 0.0;
        let players = self
            .players
            .iter()
            .map(|s| {
                let mean = s[0] / n;
                if !exact {
                    let variance = (s[6] / n - mean * mean).max(0.0);
                    stderr = stderr.max((variance / n).sqrt());
                }
                OmahaPlayer {
                    equity: mean,
                    high: s[1] / n,
                    low: s[2] / n,
                    win: s[3] / n,
                    tie: s[4] / n,
                    scoop: s[5] / n,
                }
            })
            .collect();
        OmahaEquity {
            players,
            exact,
            deals: self.deals,
            stderr: if exact { 0.0 } else { stderr },
            low_qualifies: self.lows as f64 / n,
        }
    }
}

/// Scores a full board for prepared hands, reusing the caller's buffers.
struct Scorer {
    hi_lo: bool,
    highs: Vec<u16>,
    lows: Vec<Option<Low>>,
}

impl Scorer {
    fn new(game: OmahaGame, players: usize) -> Scorer {
        Scorer {
            hi_lo: game.hi_lo(),
            highs: vec![0; players],
            lows: vec![None; players],
        }
    }

    fn deal(&mut self, holes: &[Hole], board: &[Card], sums: &mut Sums) {
        let mut triples = [HandKey::EMPTY; 10];
        let n = board_triples(board, &mut triples);
        let board_low = if self.hi_lo {
            board_low_ranks(board)
        } else {
            0
        };
        for (p, hole) in holes.iter().enumerate() {
            self.highs[p] = best_high(hole, &triples[..n]).0;
            self.lows[p] = if self.hi_lo {
                best_low(hole, board_low)
            } else {
                None
            };
        }
        sums.score(&self.highs, &self.lows);
    }
}

fn validate(req: &OmahaRequest) -> Result<CardSet> {
    req.game.validate()?;
    let n = req.players.len();
    if !(2..=req.game.max_players()).contains(&n) {
        return Err(Error::invalid(format!(
            "{n} players; Omaha takes 2 to {}",
            req.game.max_players()
        )));
    }
    if ![0, 3, 4, 5].contains(&req.board.len()) {
        return Err(Error::invalid(format!(
            "a board has 0, 3, 4 or 5 cards, not {}",
            req.board.len()
        )));
    }
    let mut used = req.board;
    let duplicate = |what: &str| {
        Error::new(
            ErrorKind::DuplicateCard,
            format!("{what} shares a card with another hand, the board or the dead cards"),
        )
    };
    if !used.is_disjoint(req.dead) {
        return Err(duplicate("the dead cards"));
    }
    used = used.union(req.dead);
    let want = req.game.hole_cards();
    for (i, hand) in req.players.iter().enumerate() {
        if let Some(cards) = hand {
            if cards.len() as usize != want {
                return Err(Error::invalid(format!(
                    "player {}: {} cards; this game deals {want}",
                    i + 1,
                    cards.len()
                )));
            }
            if !used.is_disjoint(*cards) {
                return Err(duplicate(&format!("player {}", i + 1)));
            }
            used = used.union(*cards);
        }
    }
    let random = req.players.iter().filter(|p| p.is_none()).count();
    let needed = random * want + 5 - req.board.len() as usize;
    if (52 - used.len() as usize) < needed {
        return Err(Error::invalid(format!(
            "{} cards left; the random hands and the board need {needed}",
            52 - used.len()
        )));
    }
    if !(req.target_stderr.is_finite() && req.target_stderr > 0.0) {
        return Err(Error::invalid("the target standard error must be positive"));
    }
    Ok(used.complement())
}

/// The equity of every player. Errors: bad hands or board
/// (`InvalidArgument`, `DuplicateCard`); exact with random hands, or an
/// exact enumeration past the time budget (`BudgetExceeded`).
pub fn omaha_equity(req: &OmahaRequest) -> Result<OmahaEquity> {
    let live = validate(req)?;
    let all_known = req.players.iter().all(Option::is_some);
    let boards = binomial(live.len() as usize, 5 - req.board.len() as usize);
    let exact = match req.mode {
        Mode::Exact if !all_known => {
            return Err(Error::budget(
                "exact Omaha equity needs every hand given: use Monte Carlo or Auto with random hands",
            ));
        }
        Mode::Exact => true,
        Mode::MonteCarlo => false,
        Mode::Auto => all_known && estimated_exact(req, boards) <= req.time_budget,
    };
    if exact {
        exact_equity(req, live, boards)
    } else {
        monte_carlo(req, live)
    }
}

/// The exact loop's expected time, from its count of five-card ranks.
fn estimated_exact(req: &OmahaRequest, boards: u64) -> Duration {
    let k = req.game.hole_cards() as f64;
    let ranks = boards as f64 * req.players.len() as f64 * k * (k - 1.0) / 2.0 * 10.0;
    let threads = crate::parallel::resolve(req.threads).map_or(1, |w| w.count()) as f64;
    Duration::from_secs_f64(ranks * NS_PER_RANK * 1e-9 / threads)
}

fn exact_equity(req: &OmahaRequest, live: CardSet, boards: u64) -> Result<OmahaEquity> {
    let control = req.control.with_budget(Some(req.time_budget));
    let holes: Vec<Hole> = req
        .players
        .iter()
        .map(|h| Hole::new(h.expect("every hand is known")))
        .collect();
    let known: Vec<Card> = req.board.iter().collect();
    let to_deal = 5 - known.len();
    let parts = boards.div_ceil(CHUNK_BOARDS).max(1);
    let done = std::sync::atomic::AtomicU64::new(0);
    let chunks = run_with_threads(req.threads, |workers| {
        Ok(map_items(workers, parts, |i| -> Result<Sums> {
            if control.passed() {
                return Err(Error::budget(
                    "exact enumeration did not finish within the time budget: raise it, or use Monte Carlo or Auto",
                ));
            }
            let mut sums = Sums::new(holes.len());
            let mut scorer = Scorer::new(req.game, holes.len());
            let mut board = [ANY_CARD; 5];
            board[..known.len()].copy_from_slice(&known);
            Subsets::of_set_range(live, to_deal, chunk_range(boards, parts, i))
                .expect("a range of the live cards' subsets")
                .for_each_mask(|mask| {
                    let completion = CardSet::from_mask(mask).expect("live cards");
                    for (slot, card) in board[known.len()..].iter_mut().zip(completion.iter()) {
                        *slot = card;
                    }
                    scorer.deal(&holes, &board, &mut sums);
                });
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            control.report(finished as f64 / parts as f64);
            Ok(sums)
        }))
    })?;
    let mut total = Sums::new(holes.len());
    for chunk in chunks {
        total.add(&chunk?);
    }
    Ok(total.result(true))
}

/// Deals the random hands and the rest of the board from `deck` (the live
/// cards) by a partial shuffle, and scores the deal.
struct Sampler<'a> {
    req: &'a OmahaRequest,
    deck: Vec<Card>,
    known: Vec<Card>,
    /// Each seat's hand: the given ones prepared once, the random ones
    /// dealt again for every sample.
    dealt: Vec<Hole>,
    scorer: Scorer,
}

impl Sampler<'_> {
    fn new<'a>(req: &'a OmahaRequest, deck: &[Card], known: &[Card]) -> Sampler<'a> {
        Sampler {
            req,
            deck: deck.to_vec(),
            known: known.to_vec(),
            dealt: req
                .players
                .iter()
                .map(|h| Hole::new(h.unwrap_or(CardSet::EMPTY)))
                .collect(),
            scorer: Scorer::new(req.game, req.players.len()),
        }
    }

    fn sample(&mut self, rng: &mut Rng, sums: &mut Sums) {
        let want = self.req.game.hole_cards();
        // A partial shuffle from wherever the last sample left the deck
        // (any order of it is as good a start).
        let mut next = 0usize;
        let mut draw = |deck: &mut Vec<Card>, rng: &mut Rng| {
            let j = next + rng.below((deck.len() - next) as u32) as usize;
            deck.swap(next, j);
            next += 1;
            deck[next - 1]
        };
        for (seat, hand) in self.req.players.iter().enumerate() {
            if hand.is_none() {
                let mut cards = CardSet::EMPTY;
                for _ in 0..want {
                    cards.insert(draw(&mut self.deck, rng));
                }
                self.dealt[seat] = Hole::new(cards);
            }
        }
        let mut board = [ANY_CARD; 5];
        board[..self.known.len()].copy_from_slice(&self.known);
        for slot in board[self.known.len()..].iter_mut() {
            *slot = draw(&mut self.deck, rng);
        }
        self.scorer.deal(&self.dealt, &board, sums);
    }
}

fn monte_carlo(req: &OmahaRequest, live: CardSet) -> Result<OmahaEquity> {
    let control = req.control.with_budget(Some(req.time_budget));
    let started = Instant::now();
    let seats = req.players.len();
    let deck: Vec<Card> = live.iter().collect();
    let known: Vec<Card> = req.board.iter().collect();
    run_with_threads(req.threads, |workers| {
        let per_round = workers.count() as u64;
        let mut total = Sums::new(seats);
        let mut batch = 0u64;
        loop {
            let round = map_items(workers, per_round, |t| {
                let mut sampler = Sampler::new(req, &deck, &known);
                let mut rng = Rng::stream(req.seed, batch + t);
                let mut sums = Sums::new(seats);
                for _ in 0..BATCH {
                    sampler.sample(&mut rng, &mut sums);
                }
                sums
            });
            for sums in &round {
                total.add(sums);
            }
            batch += per_round;
            let now = total.result(false);
            let reached = batch >= 2 && now.stderr <= req.target_stderr;
            control.report(if reached {
                1.0
            } else {
                control
                    .time_used(started)
                    .max((req.target_stderr / now.stderr.max(1e-300)).powi(2))
            });
            if reached || control.passed() {
                return Ok(now);
            }
        }
    })
}
