//! Equity of hands and ranges, exact or by Monte Carlo, and hand strength.
//!
//! Definition: every tuple of one combo per player plus a completion of
//! the board from the remaining deck, no card twice, weighted by the product
//! of the combos' weights; in each tuple the best hands split the pot
//! equally. A player's equity is their weighted pot share, `win` the part
//! won alone and `tie` the part won in splits (equity = win + tie).
//!
//! Exact mode (`exact`) lists every valid combo tuple, groups the tuples
//! that a suit permutation maps onto each other, and counts each group's
//! board completions once by rank pattern (`runouts`), in parallel with
//! rayon. Auto mode picks it when its estimated time fits the budget.
//! Monte Carlo samples tuples by rejection (which gives exactly the weighted
//! distribution, since every valid tuple has the same number of completions)
//! and stops at a target standard error or a deadline.

use super::eval::{HandKey, HandRank};
use super::range::{Combo, Range};
use crate::budget::{Control, Estimate, Progress, auto};
use crate::cards::{Card, CardSet};
use crate::combin::binomial;
use crate::error::{Error, Result};
use crate::parallel::{Workers, map_items, run_with_threads};
use crate::rng::Rng;
use std::time::{Duration, Instant};

/// Most players at one table.
pub const MAX_PLAYERS: usize = 10;

/// How to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Every deal counted (may fail with `BudgetExceeded` when it cannot
    /// finish within the time budget).
    Exact,
    /// Random deals until the target standard error or the time budget.
    MonteCarlo,
    /// Exact when the estimated work fits the time budget, else Monte Carlo.
    Auto,
}

impl Mode {
    /// `auto`, `exact`, or `mc` (also `montecarlo`, `monte_carlo`): the
    /// names the text front ends read; else `InvalidArgument`.
    pub fn parse(text: &str) -> Result<Mode> {
        Ok(match text {
            "auto" => Mode::Auto,
            "exact" => Mode::Exact,
            "mc" | "montecarlo" | "monte_carlo" => Mode::MonteCarlo,
            other => {
                return Err(Error::invalid(format!(
                    "mode '{other}': use 'auto', 'exact' or 'mc'"
                )));
            }
        })
    }
}

/// The time budget of an Auto or Monte Carlo request that gives none
/// (C's 0, the CLI's and Python's default); see [`time_budget`].
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_millis(1000);

/// The one meaning of a time budget, for every front end: the budget
/// given, else (none given: C's 0, no `--time-ms`, Python's
/// `time_ms=None`) [`DEFAULT_TIME_BUDGET`] for Auto and Monte Carlo and no
/// limit for Exact (an exact answer is asked for whatever it takes;
/// `Duration::MAX` is a deadline too far off to be one).
pub fn time_budget(mode: Mode, given: Option<Duration>) -> Duration {
    match (given, mode) {
        (Some(budget), _) => budget,
        (None, Mode::Exact) => Duration::MAX,
        (None, _) => DEFAULT_TIME_BUDGET,
    }
}

/// The time budget of a hand strength question (always Auto): the budget
/// given, else (none given: C's 0, the CLI's and Python's 0 or none)
/// [`DEFAULT_TIME_BUDGET`].
pub fn strength_time_budget(given: Option<Duration>) -> Duration {
    time_budget(Mode::Auto, given)
}

/// The target standard error of a request that gives none (C's 0, the
/// CLI's and Python's default).
pub const DEFAULT_TARGET_STDERR: f64 = 1e-3;

/// The one meaning of a target standard error, for every front end: 0 is
/// none given, [`DEFAULT_TARGET_STDERR`] (`budget::given`); anything else
/// must pass [`check_target_stderr`].
pub fn target_stderr(given: f64) -> Result<f64> {
    match crate::budget::given(given) {
        None => Ok(DEFAULT_TARGET_STDERR),
        Some(target) => check_target_stderr(target).map(|()| target),
    }
}

/// The one check of a target standard error, for every game's equity
/// (the front ends pass what they were given; this names the problem).
pub fn check_target_stderr(target: f64) -> Result<()> {
    if target.is_finite() && target > 0.0 {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "the target standard error must be a positive number, not {target}"
        )))
    }
}

/// An equity question.
#[derive(Debug, Clone)]
pub struct EquityRequest {
    /// One range per player, 2 to `MAX_PLAYERS` of them.
    pub players: Vec<Range>,
    /// 0, 3, 4 or 5 cards.
    pub board: CardSet,
    /// Cards out of play: neither dealt to the board nor held by a combo.
    pub dead: CardSet,
    /// Exact, Monte Carlo or Auto (the default).
    pub mode: Mode,
    /// Monte Carlo stops once every player's standard error is below this.
    pub target_stderr: f64,
    /// Every mode returns by then: Monte Carlo with what it drew, exact
    /// with `BudgetExceeded`, Auto by sampling when exact would not fit.
    pub time_budget: Duration,
    /// Monte Carlo seed: a seed gives the same answer on any thread count.
    pub seed: u64,
    /// Worker threads, by the rule of [`crate::parallel`]: 0 = the shared
    /// pool, 1 = the caller's thread, at most 1024.
    pub threads: usize,
    /// Ask for each combo's equity (`EquityResult::by_combo`): computed
    /// after the flop by the sweeps (which then run even where the tuple
    /// engine would be faster) and preflop for two players without dead
    /// cards from the matchup table.
    pub by_combo: bool,
    /// A cancel flag and a progress hook for long calls (its own time limit,
    /// if any, is replaced by `time_budget`). Cancelled, Monte Carlo returns
    /// what it drew and exact mode fails with `BudgetExceeded`.
    pub control: Control,
}

impl EquityRequest {
    /// A request for `players`' ranges with the defaults of
    /// [`Settings::default`]: no board or dead cards, Auto, a target standard
    /// error of 0.1%, a 1 s budget, seed 1, the shared thread pool, no
    /// per-combo breakdown and no cancel flag or progress hook.
    pub fn new(players: Vec<Range>) -> EquityRequest {
        let s = Settings::default();
        EquityRequest {
            players,
            board: s.board,
            dead: s.dead,
            mode: s.mode,
            target_stderr: s.target_stderr,
            time_budget: s.time_budget,
            seed: s.seed,
            threads: s.threads,
            by_combo: false,
            control: Control::NONE,
        }
    }
}

/// The settings a Hold'em and a variant equity request share (board, dead
/// cards, how to run), for front ends that read them once for any game.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Board cards: 0, 3, 4 or 5.
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
    /// How to compute.
    pub mode: Mode,
    /// Monte Carlo stops once every player's standard error is below this.
    pub target_stderr: f64,
    /// Every mode returns by then (see [`EquityRequest::time_budget`]).
    pub time_budget: Duration,
    /// Monte Carlo seed.
    pub seed: u64,
    /// Worker threads (0 = the shared pool, 1 = the caller's thread).
    pub threads: usize,
}

impl Default for Settings {
    /// A request's defaults: no board, Auto, 0.1%, 1 s, seed 1, the pool.
    fn default() -> Settings {
        Settings {
            board: CardSet::EMPTY,
            dead: CardSet::EMPTY,
            mode: Mode::Auto,
            target_stderr: DEFAULT_TARGET_STDERR,
            time_budget: DEFAULT_TIME_BUDGET,
            seed: 1,
            threads: 0,
        }
    }
}

impl EquityRequest {
    /// This request with `settings`' board, dead cards and run settings.
    pub fn with(mut self, settings: &Settings) -> EquityRequest {
        let s = settings.clone();
        (self.board, self.dead, self.mode, self.target_stderr) =
            (s.board, s.dead, s.mode, s.target_stderr);
        (self.time_budget, self.seed, self.threads) = (s.time_budget, s.seed, s.threads);
        self
    }
}

/// One player's answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerEquity {
    /// Expected share of the pot, 0..=1 (win + tie).
    pub equity: f64,
    /// The part of `equity` won alone.
    pub win: f64,
    /// The part of `equity` won in split pots.
    pub tie: f64,
    /// P(the player's final hand is in category c), by `Category as usize`.
    pub categories: [f64; 9],
}

/// The answer.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityResult {
    /// One answer per player, in request order.
    pub players: Vec<PlayerEquity>,
    /// Tuples enumerated (exact) or sampled (Monte Carlo).
    pub tuples: u64,
    /// Whether every deal was counted (else the answer was sampled).
    pub exact: bool,
    /// Largest standard error of a player's equity (0 when exact).
    pub stderr: f64,
    /// Each player's combos with their own equity (in the order of the
    /// player's live combos), when asked for and the method gives them.
    /// Empty otherwise.
    pub by_combo: Vec<Vec<ComboEquity>>,
}

/// Per-player sums over tuples. Shares are counted in units of 1/2520 of a
/// pot (2520 is divisible by 1..=10), so splits stay exact integers.
#[derive(Clone)]
struct Tally {
    weight: f64,
    win: Vec<f64>,
    share: Vec<f64>,
    share_sq: Vec<f64>,
    categories: Vec<[f64; 9]>,
    tuples: u64,
}

const POT: u64 = 2520;
/// POT / k for k winners (a table: no division per deal).
const SPLIT_SHARE: [u64; MAX_PLAYERS + 1] = [0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280, 252];

impl Tally {
    fn new(n: usize) -> Tally {
        Tally {
            weight: 0.0,
            win: vec![0.0; n],
            share: vec![0.0; n],
            share_sq: vec![0.0; n],
            categories: vec![[0.0; 9]; n],
            tuples: 0,
        }
    }

    fn merge(&mut self, o: &Tally) {
        self.weight += o.weight;
        self.tuples += o.tuples;
        for i in 0..self.win.len() {
            self.win[i] += o.win[i];
            self.share[i] += o.share[i];
            self.share_sq[i] += o.share_sq[i];
            for c in 0..9 {
                self.categories[i][c] += o.categories[i][c];
            }
        }
    }
}

/// Integer counts for one combo tuple over many completions.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    wins: [u64; MAX_PLAYERS],
    shares: [u64; MAX_PLAYERS],
    /// Sum of squared per-deal shares (for the Monte Carlo variance).
    shares_sq: [u64; MAX_PLAYERS],
    categories: [[u64; 9]; MAX_PLAYERS],
    completions: u64,
}

impl Counts {
    fn new() -> Counts {
        Counts {
            wins: [0; MAX_PLAYERS],
            shares: [0; MAX_PLAYERS],
            shares_sq: [0; MAX_PLAYERS],
            categories: [[0; 9]; MAX_PLAYERS],
            completions: 0,
        }
    }

    /// Scores one finished deal.
    #[inline]
    fn deal(&mut self, keys: &[HandKey], completion: HandKey) {
        let mut ranks = [0u16; MAX_PLAYERS];
        for (i, key) in keys.iter().enumerate() {
            ranks[i] = key.combine(completion).rank().0;
        }
        self.score(&ranks[..keys.len()]);
    }

    /// Scores one finished deal from the players' ranks.
    #[inline]
    fn score(&mut self, ranks: &[u16]) {
        let mut best = 0;
        for (i, &rank) in ranks.iter().enumerate() {
            best = best.max(rank);
            self.categories[i][HandRank(rank).category() as usize] += 1;
        }
        let winners = ranks.iter().filter(|&&r| r == best).count() as u64;
        let share = SPLIT_SHARE[winners as usize];
        for (i, &rank) in ranks.iter().enumerate() {
            if rank == best {
                self.shares[i] += share;
                self.shares_sq[i] += share * share;
                if winners == 1 {
                    self.wins[i] += 1;
                }
            }
        }
        self.completions += 1;
    }

    /// Adds another part's counts.
    fn merge(&mut self, o: &Counts) {
        for i in 0..MAX_PLAYERS {
            self.wins[i] += o.wins[i];
            self.shares[i] += o.shares[i];
            self.shares_sq[i] += o.shares_sq[i];
            for c in 0..9 {
                self.categories[i][c] += o.categories[i][c];
            }
        }
        self.completions += o.completions;
    }

    /// Adds these counts for `copies` tuples of total weight `weight`.
    fn add_to_tally(&self, tally: &mut Tally, n: usize, weight: f64, copies: u64) {
        tally.weight += weight * self.completions as f64;
        tally.tuples += copies * self.completions;
        for i in 0..n {
            tally.win[i] += weight * self.wins[i] as f64;
            tally.share[i] += weight * self.shares[i] as f64 / POT as f64;
            tally.share_sq[i] += weight * self.shares_sq[i] as f64 / (POT * POT) as f64;
            for c in 0..9 {
                tally.categories[i][c] += weight * self.categories[i][c] as f64;
            }
        }
    }
}

/// The request checked and reduced to what the engines need.
#[derive(Clone)]
struct Prepared {
    /// Each player's live combos, weights scaled so the largest is 1.
    players: Vec<Vec<Combo>>,
    /// What each player's weights were divided by (the largest weight).
    weight_scales: Vec<f64>,
    /// Whether each player holds every live combo at equal weight.
    any_two: Vec<bool>,
    board: CardSet,
    dead: CardSet,
    /// Cards still to deal to the board.
    to_deal: usize,
}

fn prepare(req: &EquityRequest) -> Result<Prepared> {
    check_target_stderr(req.target_stderr)?;
    let n = req.players.len();
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err(Error::invalid(format!(
            "{n} players given; 2 to {MAX_PLAYERS} play"
        )));
    }
    let board_len = req.board.len() as usize;
    if ![0, 3, 4, 5].contains(&board_len) {
        return Err(Error::invalid(format!(
            "a board has 0, 3, 4 or 5 cards, not {board_len}"
        )));
    }
    if !req.board.is_disjoint(req.dead) {
        return Err(Error::new(
            crate::ErrorKind::DuplicateCard,
            format!(
                "card {} is both on the board and dead",
                req.board.intersection(req.dead)
            ),
        ));
    }
    let known = req.board.union(req.dead);
    let mut players = Vec::with_capacity(n);
    let mut weight_scales = Vec::with_capacity(n);
    for (i, range) in req.players.iter().enumerate() {
        if range.is_empty() {
            return Err(Error::invalid(format!(
                "player {}'s range has no combo: every combo has weight 0",
                i + 1
            )));
        }
        let live = range.without(known);
        if live.is_empty() {
            return Err(Error::invalid(format!(
                "player {} has no combo left once the board and dead cards are removed",
                i + 1
            )));
        }
        let (combos, scale) = scaled_weights(live.combos(), i)?;
        players.push(combos);
        weight_scales.push(scale);
    }
    // Specific hands that share a card can never be dealt together.
    for i in 0..n {
        for j in i + 1..n {
            if let ([a], [b]) = (players[i].as_slice(), players[j].as_slice())
                && !a.cards.is_disjoint(b.cards)
            {
                return Err(Error::new(
                    crate::ErrorKind::DuplicateCard,
                    format!(
                        "players {} and {} both hold {}",
                        i + 1,
                        j + 1,
                        a.cards.intersection(b.cards)
                    ),
                ));
            }
        }
    }
    let remaining = 52 - known.len() as usize - 2 * n;
    let to_deal = 5 - board_len;
    if remaining < to_deal {
        return Err(Error::invalid(
            "not enough cards left to complete the board",
        ));
    }
    let live_combos = binomial(52 - known.len() as usize, 2) as usize;
    let any_two = players
        .iter()
        .map(|c| c.len() == live_combos && c.iter().all(|x| x.weight == c[0].weight))
        .collect();
    Ok(Prepared {
        players,
        weight_scales,
        any_two,
        board: req.board,
        dead: req.dead,
        to_deal,
    })
}

/// `combos` (player `i`'s live combos) with their weights divided by the
/// largest (`range::relative_weight_scale`), and that divisor.
fn scaled_weights(combos: &[Combo], i: usize) -> Result<(Vec<Combo>, f64)> {
    let scale = super::range::relative_weight_scale(combos.iter().map(|c| c.weight), i)?;
    let scaled = combos
        .iter()
        .map(|c| Combo {
            cards: c.cards,
            weight: c.weight / scale,
        })
        .collect();
    Ok((scaled, scale))
}

/// Combos a tuple search may try (dead ends included) before giving up:
/// ranges that nearly exclude each other can make the search exponential.
const MAX_TUPLE_SEARCH_STEPS: u64 = 100_000_000;

/// Valid combo tuples, flat: tuple t's combo indices (one per player, in
/// player order) are `picks[t * players..][..players]`.
struct Tuples {
    picks: Vec<u16>,
    weights: Vec<f64>,
}

/// Every valid combo tuple with its weight. Errors: none exists
/// (`InvalidArgument`), more than `limit` (`BudgetExceeded`), or more than
/// `max_steps` combos tried or the deadline passed (`BudgetExceeded`).
fn valid_tuples(p: &Prepared, limit: usize, max_steps: u64, deadline: &Control) -> Result<Tuples> {
    // Players with the fewest combos first: conflicts show at shallow
    // depths, where a dead end costs least.
    let mut order: Vec<usize> = (0..p.players.len()).collect();
    order.sort_by_key(|&i| p.players[i].len());
    let mut search = TupleSearch {
        p,
        order,
        pick: vec![0; p.players.len()],
        out: Tuples {
            picks: Vec::new(),
            weights: Vec::new(),
        },
        limit,
        steps_left: max_steps,
        deadline,
    };
    match search.extend(0, CardSet::EMPTY, 1.0) {
        Err(TupleSearchStop::Listed) => Err(Error::budget(format!(
            "more than {limit} combo tuples to enumerate exactly"
        ))),
        Err(TupleSearchStop::Searched) => Err(Error::budget(format!(
            "the ranges conflict so much that {max_steps} combos were tried \
             without finishing the list of deals"
        ))),
        Err(TupleSearchStop::OutOfTime) => Err(Error::budget(
            "the time budget ran out while listing the deals that fit the ranges, to enumerate them exactly",
        )),
        Ok(()) if search.out.weights.is_empty() => Err(Error::invalid(
            "the ranges conflict: no deal gives every player a combo",
        )),
        Ok(()) => Ok(search.out),
    }
}

/// Why a tuple search stopped early.
enum TupleSearchStop {
    /// More tuples than asked for.
    Listed,
    /// More combos tried than allowed.
    Searched,
    /// The deadline passed.
    OutOfTime,
}

/// Depth-first over the players (depth is at most 10).
struct TupleSearch<'a> {
    p: &'a Prepared,
    order: Vec<usize>,
    pick: Vec<u16>,
    out: Tuples,
    limit: usize,
    steps_left: u64,
    deadline: &'a Control,
}

impl TupleSearch<'_> {
    fn extend(
        &mut self,
        depth: usize,
        used: CardSet,
        weight: f64,
    ) -> std::result::Result<(), TupleSearchStop> {
        let Some(&player) = self.order.get(depth) else {
            self.out.picks.extend_from_slice(&self.pick);
            self.out.weights.push(weight);
            return if self.out.weights.len() > self.limit {
                Err(TupleSearchStop::Listed)
            } else {
                Ok(())
            };
        };
        let p = self.p;
        for (c, combo) in p.players[player].iter().enumerate() {
            self.steps_left = self
                .steps_left
                .checked_sub(1)
                .ok_or(TupleSearchStop::Searched)?;
            if self.steps_left.is_multiple_of(1 << 16) && self.deadline.passed() {
                return Err(TupleSearchStop::OutOfTime);
            }
            if combo.cards.is_disjoint(used) {
                self.pick[player] = c as u16;
                self.extend(depth + 1, used.union(combo.cards), weight * combo.weight)?;
            }
        }
        Ok(())
    }
}

/// Computes equity as the request asks. Every mode returns by the time
/// budget: exact mode with `BudgetExceeded` when it cannot finish by then,
/// Auto by sampling instead, Monte Carlo with what it drew.
pub fn equity(req: &EquityRequest) -> Result<EquityResult> {
    if req.by_combo && req.mode == Mode::MonteCarlo {
        // Refused before any work: sampling never gives one.
        return Err(Error::invalid(
            "Monte Carlo gives no per-combo breakdown: ask for exact or auto mode",
        ));
    }
    let prepared = prepare(req)?;
    let deadline = req.control.with_budget(Some(req.time_budget));
    let heads_up_sweep = prepared.players.len() == 2 && prepared.to_deal < 5;
    let multiway_sweep = multiway::applies(&prepared);
    let preflop_table = preflop::applies(&prepared);
    let mut result = run_with_threads(req.threads, |workers| match req.mode {
        // The table answers at once (about 6 ns a combo pair), whatever
        // the budget.
        Mode::Exact | Mode::Auto if preflop_table => preflop::run(&prepared, req.by_combo),
        Mode::Exact if heads_up_sweep => heads_up(&prepared, req, workers, &deadline),
        Mode::Exact if multiway_sweep => multiway::run(&prepared, workers, &deadline, req.by_combo),
        Mode::Exact => {
            let plan = exact::plan(&prepared, &deadline)?;
            exact::run(&prepared, &plan, workers, &deadline)
        }
        Mode::MonteCarlo => monte_carlo(&prepared, req, workers, &deadline),
        // Exact when its estimate fits the budget (the policy gives it a
        // share; should the estimate be wrong, the rest samples).
        Mode::Auto => auto(
            &req.control,
            Some(req.time_budget),
            |exact_deadline| {
                let fits = |seconds: f64| {
                    seconds / workers.count() as f64 <= req.time_budget.as_secs_f64()
                };
                let estimate = |seconds: Result<f64>| seconds.map(fits);
                if heads_up_sweep {
                    match estimate(heads_up_seconds(&prepared, req, exact_deadline)) {
                        Ok(true) => Some(heads_up(&prepared, req, workers, exact_deadline)),
                        Ok(false) => None,
                        Err(e) => Some(Err(e)),
                    }
                } else if multiway_sweep {
                    fits(multiway::seconds(&prepared))
                        .then(|| multiway::run(&prepared, workers, exact_deadline, req.by_combo))
                } else {
                    match exact::plan_within(&prepared, req.time_budget, workers, exact_deadline) {
                        Ok(plan) => {
                            plan.map(|plan| exact::run(&prepared, &plan, workers, exact_deadline))
                        }
                        Err(e) => Some(Err(e)),
                    }
                }
            },
            || monte_carlo(&prepared, req, workers, &deadline),
        ),
    })?;
    // Rows report the caller's own weights.
    for (rows, scale) in result.by_combo.iter_mut().zip(&prepared.weight_scales) {
        for row in rows {
            row.weight *= scale;
        }
    }
    Ok(result)
}

/// The per-combo breakdown of a result asked for with
/// `EquityRequest::by_combo`, or why it has none: sampling
/// (`BudgetExceeded`: the exact answer did not fit the time budget) or a
/// request it is not built for (`InvalidArgument`: preflop with three or
/// more players or with dead cards).
pub fn require_breakdown<'a>(
    req: &EquityRequest,
    r: &'a EquityResult,
) -> Result<&'a [Vec<ComboEquity>]> {
    let built_for = req.board.len() >= 3 || (req.players.len() == 2 && req.dead.is_empty());
    if !r.by_combo.is_empty() {
        Ok(&r.by_combo)
    } else if !built_for {
        Err(Error::invalid(
            "a per-combo breakdown is computed on a flop, turn or river, and preflop for two players without dead cards",
        ))
    } else if !r.exact {
        Err(Error::budget(
            "the exact answer did not fit the time budget, and sampling gives no per-combo breakdown: raise the budget",
        ))
    } else {
        Err(Error::invalid(
            "no per-combo breakdown was asked for (EquityRequest::by_combo)",
        ))
    }
}

/// Ranges whose product of sizes is at most this are also planned for the
/// tuple engine, which beats the sweep on narrow ranges (few classes).
const NARROW_PRODUCT: usize = 20_000;

/// The tuple engine's plan when it is estimated faster than the sweep for
/// heads-up after the flop (narrow ranges) and no breakdown is asked for.
fn narrow_plan(
    p: &Prepared,
    req: &EquityRequest,
    deadline: &Control,
) -> Result<Option<exact::Plan>> {
    if req.by_combo || p.players[0].len() * p.players[1].len() > NARROW_PRODUCT {
        return Ok(None);
    }
    let plan = exact::plan(p, deadline)?;
    Ok((exact::plan_seconds(p, &plan) < showdown::seconds(p)).then_some(plan))
}

/// The estimated seconds of [`heads_up`] on one thread.
fn heads_up_seconds(p: &Prepared, req: &EquityRequest, deadline: &Control) -> Result<f64> {
    Ok(match narrow_plan(p, req, deadline)? {
        Some(plan) => exact::plan_seconds(p, &plan),
        None => showdown::seconds(p),
    })
}

/// Heads-up after the flop: the showdown sweep, or the tuple engine when
/// it is estimated faster and no breakdown is asked for.
fn heads_up(
    p: &Prepared,
    req: &EquityRequest,
    workers: Workers,
    deadline: &Control,
) -> Result<EquityResult> {
    if let Some(plan) = narrow_plan(p, req, deadline)? {
        return exact::run(p, &plan, workers, deadline);
    }
    let (mut result, breakdown) = showdown::run(p, workers, deadline)?;
    if req.by_combo {
        result.by_combo = breakdown.into();
    }
    Ok(result)
}

/// Deals per Monte Carlo chunk. Chunk c draws from stream (seed, c), so a
/// seed gives the same deals on any number of threads.
const MONTE_CARLO_CHUNK: u64 = 1024;

/// Chunks drawn between checks of the stopping rules: a fixed number (not
/// the thread count), so a target standard error stops after the same
/// deals everywhere; 16 keep up to 16 cores busy, and a target is met
/// within 16,384 deals of where it could be.
const CHUNKS_PER_ROUND: u64 = 16;

fn monte_carlo(
    p: &Prepared,
    req: &EquityRequest,
    workers: Workers,
    deadline: &Control,
) -> Result<EquityResult> {
    let n = p.players.len();
    // Fail fast when no valid tuple exists at all.
    // (A search that runs out of steps leaves it to the sampler, whose
    // rejections are bounded too.)
    if let Err(e) = valid_tuples(p, 1, MONTE_CARLO_SEARCH_STEPS, &Control::NONE)
        && e.kind() != crate::ErrorKind::BudgetExceeded
    {
        return Err(e);
    }
    let board_key = HandKey::of_set(p.board);
    // Alias tables: a weighted combo draw in O(1).
    let cumulative: Vec<Alias> = p
        .players
        .iter()
        .map(|combos| Alias::new(&combos.iter().map(|c| c.weight).collect::<Vec<f64>>()))
        .collect();
    let mut total = Counts::new();
    let mut first = 0;
    let started = Instant::now();
    loop {
        // Chunks in order, merged in integers: the sum is the same
        // whichever worker drew which chunk.
        let chunks = CHUNKS_PER_ROUND;
        let parts = map_items(workers, chunks, |i| {
            let mut rng = Rng::stream(req.seed, first + i);
            let mut counts = Counts::new();
            for drawn in 0..MONTE_CARLO_CHUNK {
                // Ranges that rarely fit make draws slow: the deadline is
                // checked within the chunk too (the first chunk always draws
                // a few deals, so even a zero budget answers).
                if drawn % 64 == 0 && (drawn > 0 || first + i > 0) && deadline.passed() {
                    break;
                }
                match sample_once(p, &cumulative, board_key, &mut rng, &mut counts, deadline) {
                    Draw::Sampled => {}
                    Draw::OutOfTime => break,
                    Draw::Stuck => return None,
                }
            }
            Some(counts)
        });
        for part in parts {
            let Some(counts) = part else {
                return Err(Error::invalid(
                    "the ranges almost never fit together (100,000 conflicting draws in a row): no deal, or hardly any, gives every player a combo",
                ));
            };
            total.merge(&counts);
        }
        first += chunks;
        let out_of_time = deadline.passed();
        if total.completions == 0 && out_of_time {
            return Err(Error::budget(
                "no deal that fits the ranges was drawn within the time budget",
            ));
        }
        let mut tally = Tally::new(n);
        total.add_to_tally(&mut tally, n, 1.0, 1);
        let result = finish(tally, false);
        if result.stderr <= req.target_stderr || out_of_time {
            deadline.report(1.0);
            return Ok(result);
        }
        // Deals needed grow as the inverse square of the standard error.
        let by_error = (req.target_stderr / result.stderr).powi(2);
        if deadline.wants_progress() {
            let equities: Vec<f64> = result.players.iter().map(|p| p.equity).collect();
            deadline.report_progress(Progress {
                fraction: by_error.max(deadline.time_used(started)),
                done: result.tuples,
                estimate: Some(Estimate::of(&equities, result.stderr)),
            });
        }
    }
}

/// Walker's alias method: draws index i with probability weight[i] / sum
/// in constant time.
struct Alias {
    /// Chance of keeping the drawn column, else its alias.
    keep: Vec<f64>,
    alias: Vec<u32>,
}

impl Alias {
    fn new(weights: &[f64]) -> Alias {
        let n = weights.len();
        let total: f64 = weights.iter().sum();
        let mut scaled: Vec<f64> = weights.iter().map(|w| w * n as f64 / total).collect();
        let mut keep = vec![1.0; n];
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| scaled[i] < 1.0);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            keep[s] = scaled[s];
            alias[s] = l as u32;
            scaled[l] -= 1.0 - scaled[s];
            if scaled[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        Alias { keep, alias }
    }

    #[inline]
    fn draw(&self, rng: &mut Rng) -> usize {
        let i = rng.below(self.keep.len() as u32) as usize;
        if rng.unit() < self.keep[i] {
            i
        } else {
            self.alias[i] as usize
        }
    }
}

/// Combos Monte Carlo's check that some deal exists may try (about 1 ms).
const MONTE_CARLO_SEARCH_STEPS: u64 = 200_000;

/// Draws past this many conflicting tuples in a row mean the ranges
/// (nearly) always collide: Monte Carlo gives up rather than spin.
const MAX_REJECTIONS: u32 = 100_000;

/// What one Monte Carlo draw came to.
#[derive(PartialEq)]
enum Draw {
    Sampled,
    /// `MAX_REJECTIONS` conflicting tuples in a row.
    Stuck,
    /// The deadline passed while tuples kept conflicting.
    OutOfTime,
}

/// Draws one valid tuple by rejection and a uniform board completion.
fn sample_once(
    p: &Prepared,
    cumulative: &[Alias],
    board_key: HandKey,
    rng: &mut Rng,
    counts: &mut Counts,
    deadline: &Control,
) -> Draw {
    let n = p.players.len();
    let mut keys = [HandKey::EMPTY; MAX_PLAYERS];
    let mut used;
    let mut rejections = 0;
    // Players holding "any two cards" (every live combo, equal weights)
    // are dealt last, straight from the deck: given the others' cards
    // their combos are uniform over what is left, and the number of ways
    // to deal them does not depend on the others, so only the other
    // players need rejection.
    'retry: loop {
        rejections += 1;
        if rejections > MAX_REJECTIONS {
            return Draw::Stuck;
        }
        if rejections % 1024 == 0 && deadline.passed() {
            return Draw::OutOfTime;
        }
        used = p.board.union(p.dead);
        for i in (0..n).filter(|&i| !p.any_two[i]) {
            let c = cumulative[i].draw(rng);
            let cards = p.players[i][c].cards;
            if !cards.is_disjoint(used) {
                continue 'retry;
            }
            used = used.union(cards);
            keys[i] = board_key.combine(HandKey::of_set(cards));
        }
        break;
    }
    let mut deal = |used: &mut CardSet| loop {
        let card = Card::new(rng.below(52) as u8).unwrap_or(Card::new(0).expect("card 0"));
        if !used.contains(card) {
            used.insert(card);
            return card;
        }
    };
    for i in (0..n).filter(|&i| p.any_two[i]) {
        let (a, b) = (deal(&mut used), deal(&mut used));
        keys[i] = board_key.with(a).with(b);
    }
    let mut completion = HandKey::EMPTY;
    for _ in 0..p.to_deal {
        completion = completion.with(deal(&mut used));
    }
    counts.deal(&keys[..n], completion);
    Draw::Sampled
}

fn finish(t: Tally, exact: bool) -> EquityResult {
    let n = t.win.len();
    let w = if t.weight > 0.0 { t.weight } else { 1.0 };
    let mut stderr: f64 = 0.0;
    let players = (0..n)
        .map(|i| {
            let equity = t.share[i] / w;
            let win = t.win[i] / w;
            if !exact && t.tuples > 1 {
                let mean_sq = t.share_sq[i] / w;
                let variance = (mean_sq - equity * equity).max(0.0)
                    * (t.tuples as f64 / (t.tuples as f64 - 1.0));
                stderr = stderr.max((variance / t.tuples as f64).sqrt());
            }
            let mut categories = [0.0; 9];
            for (c, slot) in categories.iter_mut().enumerate() {
                *slot = t.categories[i][c] / w;
            }
            PlayerEquity {
                equity,
                win,
                tie: equity - win,
                categories,
            }
        })
        .collect();
    EquityResult {
        players,
        by_combo: Vec::new(),
        tuples: t.tuples,
        exact,
        stderr: if exact {
            0.0
        } else if t.tuples > 1 {
            stderr
        } else {
            f64::INFINITY
        },
    }
}

/// The answer of [`hand_strength`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strength {
    /// P(the hand wins outright).
    pub win: f64,
    /// Its expected pot share (win plus split shares).
    pub equity: f64,
    /// Whether the answer was counted exactly (else sampled).
    pub exact: bool,
    /// Standard error of `equity` (0 when exact).
    pub stderr: f64,
}

/// The chance `hand` wins against `opponents` players holding random cards,
/// given the board: exact when the estimated work fits the budget (one
/// opponent after the flop always, preflop on two threads with the default
/// second), Monte Carlo otherwise. `control` carries a cancel flag and
/// progress hook as [`EquityRequest::control`] does.
pub fn hand_strength(
    hand: CardSet,
    opponents: usize,
    board: CardSet,
    time_budget: Duration,
    seed: u64,
    threads: usize,
    control: &Control,
) -> Result<Strength> {
    if opponents == 0 || opponents >= MAX_PLAYERS {
        return Err(Error::invalid(format!(
            "{opponents} opponents; 1 to {} allowed",
            MAX_PLAYERS - 1
        )));
    }
    if !hand.is_disjoint(board) {
        return Err(Error::new(
            crate::ErrorKind::DuplicateCard,
            "the hand and the board share a card",
        ));
    }
    let mut players = vec![Range::single(hand)?];
    players.extend(std::iter::repeat_n(Range::parse("random")?, opponents));
    let mut req = EquityRequest::new(players);
    req.board = board;
    req.time_budget = time_budget;
    req.seed = seed;
    req.threads = threads;
    req.control = control.clone();
    let r = equity(&req)?;
    Ok(Strength {
        win: r.players[0].win,
        equity: r.players[0].equity,
        exact: r.exact,
        stderr: r.stderr,
    })
}

mod exact;
pub mod grid;
mod multiway;
pub mod preflop;
pub mod preflop3;
mod rank_classes;
mod runouts;
mod showdown;
mod sweep_tools;

pub use showdown::ComboEquity;
pub(crate) use showdown::RiverShowdown;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod tests;
