//! Omaha equity: every deal of the players' ranges and every board
//! completion counted (exact), or deals sampled to a standard error or a
//! deadline (Monte Carlo), or Auto (exact when its estimated time fits the
//! budget).

use super::Variant;
use super::omaha_eval::{Board, Hole, Low, showdown_highs};
use super::range::HandRange;
use super::short_deck;
use crate::budget::{Control, Estimate, Progress, auto};
use crate::cards::{Card, CardSet};
use crate::combin::binomial;
use crate::error::{Error, ErrorKind, Result};
use crate::parallel::{map_items, run_with_threads};
use crate::poker::equity::{Mode, Settings};
use crate::rng::Rng;
use std::time::{Duration, Instant};

/// Samples per Monte Carlo batch (one random stream each).
const BATCH: u64 = 4096;

/// Batches drawn between checks of the stopping rules: a fixed number (not
/// the thread count), so a seed and a target standard error stop after the
/// same deals, with the same answer, on any number of threads (batch b
/// draws from stream (seed, b)).
const BATCHES_PER_ROUND: u64 = 4;
/// Filler for board slots about to be dealt.
const ANY_CARD: Card = match Card::new(0) {
    Some(c) => c,
    None => panic!(),
};
/// Estimated cost of one five-card rank in the exact loop (Auto's choice).
const NS_PER_RANK: f64 = 2.5;

/// What to compute.
#[derive(Debug, Clone)]
pub struct VariantRequest {
    /// Which game (Omaha high or hi/lo, short deck).
    pub game: Variant,
    /// Each player's range: given hands, or random.
    pub players: Vec<HandRange>,
    /// Board cards: 0, 3, 4 or 5.
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
    /// Exact, Monte Carlo or Auto.
    pub mode: Mode,
    /// Monte Carlo stops once every equity's standard error is at most this.
    pub target_stderr: f64,
    /// Monte Carlo deadline; Auto's exact-or-not budget; exact's limit.
    pub time_budget: Duration,
    /// Monte Carlo seed: a seed gives the same answer on any thread count.
    pub seed: u64,
    /// As everywhere (`crate::parallel`): 0 all cores, 1 this thread.
    pub threads: usize,
    /// A cancel flag and a progress hook (its own time limit, if any, is
    /// replaced by `time_budget`).
    pub control: Control,
}

impl VariantRequest {
    /// A request for `players`' ranges in `game` with the defaults of
    /// [`Settings::default`](crate::poker::equity::Settings): no board, Auto,
    /// 0.1% target standard error, a 1 s budget, seed 1, the shared pool.
    pub fn new(game: Variant, players: Vec<HandRange>) -> VariantRequest {
        let s = Settings::default();
        VariantRequest {
            game,
            players,
            board: s.board,
            dead: s.dead,
            mode: s.mode,
            target_stderr: s.target_stderr,
            time_budget: s.time_budget,
            seed: s.seed,
            threads: s.threads,
            control: Control::NONE,
        }
    }

    /// This request with `settings`' board, dead cards and run settings.
    pub fn with(mut self, settings: &Settings) -> VariantRequest {
        let s = settings.clone();
        (self.board, self.dead, self.mode, self.target_stderr) =
            (s.board, s.dead, s.mode, s.target_stderr);
        (self.time_budget, self.seed, self.threads) = (s.time_budget, s.seed, s.threads);
        self
    }
}

/// Players' ranges as text (`HandRange::parse`: hands such as
/// "AsKsQhJh", `random`, patterns such as "AA**:ds"); an error names the
/// player (counted from 1).
pub fn parse_hands<S: AsRef<str>>(game: Variant, texts: &[S]) -> Result<Vec<HandRange>> {
    parse_hands_within(game, texts, &Control::NONE)
}

/// `parse_hands`, stopping with `BudgetExceeded` once `control` says so.
pub fn parse_hands_within<S: AsRef<str>>(
    game: Variant,
    texts: &[S],
    control: &Control,
) -> Result<Vec<HandRange>> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            HandRange::parse_within(game, text.as_ref(), control)
                .map_err(|e| Error::new(e.kind(), format!("player {}: {}", i + 1, e.message())))
        })
        .collect()
}

/// One player's shares of the pot, averaged over the deals.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VariantPlayer {
    /// Expected share of the pot (high + low).
    pub equity: f64,
    /// Share won by the high hand (the whole pot when no low qualifies).
    pub high: f64,
    /// Share won by the low hand (0 in high-only games).
    pub low: f64,
    /// Chance of the best high alone, and of a shared best high.
    pub win: f64,
    /// Chance of a shared best high.
    pub tie: f64,
    /// Chance of taking the whole pot alone.
    pub scoop: f64,
}

/// The answer of [`variant_equity`].
#[derive(Debug, Clone, PartialEq)]
pub struct VariantEquity {
    /// One answer per player, in request order.
    pub players: Vec<VariantPlayer>,
    /// Whether every deal was counted (else sampled).
    pub exact: bool,
    /// Deals enumerated or sampled.
    pub deals: u64,
    /// Largest standard error of an equity (0 when exact).
    pub stderr: f64,
    /// Chance that a low qualifies (hi/lo games).
    pub low_qualifies: f64,
}

/// Running sums over deals, each with a weight (1 in Monte Carlo; the
/// product of the range weights in exact counts): per player equity,
/// high, low, win, tie, scoop, equity squared; the deals, their weight
/// and the weight of those with a low.
#[derive(Debug, Clone)]
pub(super) struct Sums {
    players: Vec<[f64; 7]>,
    deals: u64,
    weight: f64,
    lows: f64,
}

impl Sums {
    pub(super) fn new(n: usize) -> Sums {
        Sums {
            players: vec![[0.0; 7]; n],
            deals: 0,
            weight: 0.0,
            lows: 0.0,
        }
    }

    fn add(&mut self, other: &Sums) {
        self.add_scaled(other, 1.0);
    }

    /// Adds `other`'s deals, each weighing `scale` times as much.
    pub(super) fn add_scaled(&mut self, other: &Sums, scale: f64) {
        for (a, b) in self.players.iter_mut().zip(&other.players) {
            for k in 0..7 {
                a[k] += scale * b[k];
            }
        }
        self.deals += other.deals;
        self.weight += scale * other.weight;
        self.lows += scale * other.lows;
    }

    /// Adds `weight` deals won by `high_winners` (bit p: seat p has the
    /// best high) and `low_winners` (the same for the best qualifying low;
    /// 0 when no low qualifies).
    fn add_outcome(&mut self, high_winners: u8, low_winners: u8, weight: u64) {
        let w = weight as f64;
        let high_pot = if low_winners != 0 { 0.5 } else { 1.0 };
        let high_count = f64::from(high_winners.count_ones());
        let low_count = f64::from(low_winners.count_ones());
        self.deals += weight;
        self.weight += w;
        self.lows += if low_winners != 0 { w } else { 0.0 };
        for (p, sums) in self.players.iter_mut().enumerate() {
            let in_high = high_winners >> p & 1 == 1;
            let in_low = low_winners >> p & 1 == 1;
            let high = if in_high { high_pot / high_count } else { 0.0 };
            let low = if in_low { 0.5 / low_count } else { 0.0 };
            let equity = high + low;
            sums[0] += w * equity;
            sums[1] += w * high;
            sums[2] += w * low;
            sums[3] += if in_high && high_count == 1.0 { w } else { 0.0 };
            sums[4] += if in_high && high_count > 1.0 { w } else { 0.0 };
            sums[5] += if equity == 1.0 { w } else { 0.0 };
            sums[6] += w * equity * equity;
        }
    }

    pub(super) fn result(&self, exact: bool) -> VariantEquity {
        let n = if self.weight > 0.0 { self.weight } else { 1.0 };
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
                VariantPlayer {
                    equity: mean,
                    high: s[1] / n,
                    low: s[2] / n,
                    win: s[3] / n,
                    tie: s[4] / n,
                    scoop: s[5] / n,
                }
            })
            .collect();
        VariantEquity {
            players,
            exact,
            deals: self.deals,
            stderr: if exact { 0.0 } else { stderr },
            low_qualifies: self.lows / n,
        }
    }
}

/// Deals counted by who wins each half: by the set of best highs and
/// the set of best qualifying lows (bit p: seat p; no bit: no low).
#[derive(Debug, Clone)]
pub(super) struct Outcomes {
    seats: usize,
    /// Bits of the index that hold the low winners (0 in high-only games).
    low_bits: usize,
    counts: Vec<u64>,
}

impl Outcomes {
    /// Outcomes of `seats` players; with `hi_lo`, split by low winners.
    pub(super) fn new(seats: usize, hi_lo: bool) -> Outcomes {
        let low_sets = if hi_lo { 1 << seats } else { 1 };
        Outcomes {
            seats,
            low_bits: if hi_lo { seats } else { 0 },
            counts: vec![0; low_sets << seats],
        }
    }

    /// The seats with the best high.
    #[inline]
    pub(super) fn high_winners(highs: &[u32]) -> u8 {
        let best = highs.iter().copied().max().unwrap_or(0);
        highs
            .iter()
            .enumerate()
            .fold(0, |set, (p, &h)| set | u8::from(h == best) << p)
    }

    /// The seats with the best qualifying low (none when no low qualifies).
    #[inline]
    pub(super) fn low_winners(lows: &[Option<Low>]) -> u8 {
        let Some(best) = lows.iter().flatten().copied().min() else {
            return 0;
        };
        lows.iter()
            .enumerate()
            .fold(0, |set, (p, &l)| set | u8::from(l == Some(best)) << p)
    }

    /// Adds `ways` deals with these highs and low winners.
    #[inline]
    pub(super) fn add(&mut self, highs: &[u32], low_winners: u8, ways: u64) {
        let high = usize::from(Outcomes::high_winners(highs));
        self.counts[high << self.low_bits | usize::from(low_winners)] += ways;
    }

    pub(super) fn merge(&mut self, other: &Outcomes) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    pub(super) fn sums(&self) -> Sums {
        let mut sums = Sums::new(self.seats);
        let low_mask = (1usize << self.low_bits) - 1;
        for (index, &count) in self.counts.iter().enumerate() {
            if count != 0 {
                sums.add_outcome(
                    (index >> self.low_bits) as u8,
                    (index & low_mask) as u8,
                    count,
                );
            }
        }
        sums
    }
}

/// Counts the board completions of one deal in parts (for threads,
/// cancels and progress): `count(part, parts, outcomes)` counts the rank
/// multisets of one part (`rank_patterns::Walk`) into its own outcomes,
/// and the parts' outcomes are summed. Preflop that is about 6,000
/// multisets in 16 parts; with two cards or fewer to deal, one part.
pub(super) fn count_in_parts(
    seats: usize,
    hi_lo: bool,
    to_deal: usize,
    threads: usize,
    control: &Control,
    count: impl Fn(u32, u32, &mut Outcomes) + Sync + Send,
) -> Result<Sums> {
    let parts: u64 = if to_deal >= 4 { 16 } else { 1 };
    let done = std::sync::atomic::AtomicU64::new(0);
    let counted = run_with_threads(threads, |workers| {
        Ok(map_items(workers, parts, |part| -> Result<Outcomes> {
            if control.passed() {
                return Err(Error::budget(
                    "exact count did not finish within the time budget: raise it, or use Monte Carlo or Auto",
                ));
            }
            let mut outcomes = Outcomes::new(seats, hi_lo);
            count(part as u32, parts as u32, &mut outcomes);
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            control.report(finished as f64 / parts as f64);
            Ok(outcomes)
        }))
    })?;
    let mut total = Outcomes::new(seats, hi_lo);
    for part in counted {
        total.merge(&part?);
    }
    Ok(total.sums())
}

/// Scores full boards for the seats' hands, each prepared once when set.
pub(super) struct Scorer {
    variant: Variant,
    /// Omaha: each seat's two-card choices.
    holes: Vec<Hole>,
    /// Short deck: each seat's cards.
    hands: Vec<CardSet>,
    highs: Vec<u32>,
    lows: Vec<Option<Low>>,
}

impl Scorer {
    pub(super) fn new(variant: Variant, players: usize) -> Scorer {
        Scorer {
            variant,
            holes: vec![Hole::new(CardSet::EMPTY); if variant.is_omaha() { players } else { 0 }],
            hands: vec![CardSet::EMPTY; players],
            highs: vec![0; players],
            lows: vec![None; players],
        }
    }

    pub(super) fn set_hand(&mut self, seat: usize, cards: CardSet) {
        if self.variant.is_omaha() {
            self.holes[seat] = Hole::new(cards);
        }
        self.hands[seat] = cards;
    }

    /// `set_hand` from a list of distinct cards (Monte Carlo's draws).
    #[inline]
    fn set_hand_cards(&mut self, seat: usize, cards: &[Card]) {
        if self.variant.is_omaha() {
            self.holes[seat].set_cards(cards, self.variant.hi_lo());
        } else {
            self.hands[seat] = cards.iter().copied().collect();
        }
    }

    /// Adds the deal of the seats' hands and `board` (five cards).
    pub(super) fn deal(&mut self, board: &[Card], outcomes: &mut Outcomes) {
        match self.variant {
            Variant::ShortDeck {
                trips_beat_straight,
            } => {
                let board: CardSet = board.iter().copied().collect();
                for (high, &hand) in self.highs.iter_mut().zip(&self.hands) {
                    *high = short_deck::rank(hand.union(board), trips_beat_straight);
                }
            }
            _ => {
                let board = Board::new(board);
                for (high, hole) in self.highs.iter_mut().zip(&self.holes) {
                    *high = board.flush_of(hole);
                }
                showdown_highs(&self.holes, &board, &mut self.highs);
                let hi_lo = self.variant.hi_lo();
                for (low, hole) in self.lows.iter_mut().zip(&self.holes) {
                    *low = if hi_lo {
                        hole.best_low(board.low_ranks)
                    } else {
                        None
                    };
                }
            }
        }
        outcomes.add(&self.highs, Outcomes::low_winners(&self.lows), 1);
    }
}

/// Most deals of the ranges' hands an exact count will list.
const MAX_EXACT_DEALS: usize = 1_000_000;
/// Monte Carlo tries at drawing the ranges' hands without a shared card
/// before it gives up on a sample.
const MAX_DRAW_TRIES: u32 = 10_000;

/// A request checked: each player's hands without those that use a board,
/// dead or given card, and the cards none of those take.
struct Prepared {
    /// Per seat: its hands with their weights (a given hand alone), or
    /// None for a random hand.
    seats: Vec<Option<Vec<(CardSet, f64)>>>,
    /// Cards not on the board, dead or in a given (single) hand.
    live: CardSet,
}

impl Prepared {
    fn all_ranged(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    /// Deals of the ranges' hands: at most the product of their sizes.
    fn deals_at_most(&self) -> f64 {
        self.seats
            .iter()
            .map(|s| s.as_ref().map_or(f64::INFINITY, |h| h.len() as f64))
            .product()
    }
}

fn prepare(req: &VariantRequest) -> Result<Prepared> {
    req.game.validate()?;
    let n = req.players.len();
    if !(2..=req.game.max_players()).contains(&n) {
        return Err(Error::invalid(format!(
            "{n} players; this game takes 2 to {}",
            req.game.max_players()
        )));
    }
    if ![0, 3, 4, 5].contains(&req.board.len()) {
        return Err(Error::invalid(format!(
            "a board has 0, 3, 4 or 5 cards, not {}",
            req.board.len()
        )));
    }
    crate::poker::equity::check_target_stderr(req.target_stderr)?;
    let duplicate = |what: &str| {
        Error::new(
            ErrorKind::DuplicateCard,
            format!("{what} shares a card with another hand, the board or the dead cards"),
        )
    };
    if !req.board.is_disjoint(req.dead) {
        return Err(duplicate("the dead cards"));
    }
    // Short deck: cards below six are not in play.
    let outside = req.game.deck().complement();
    let in_deck = |what: String, cards: CardSet| match cards.intersection(outside).iter().next() {
        Some(card) => Err(Error::invalid(format!(
            "{what}: {card} is not in the short deck (cards six to ace)"
        ))),
        None => Ok(()),
    };
    in_deck("the board".into(), req.board)?;
    in_deck("the dead cards".into(), req.dead)?;
    for (i, range) in req.players.iter().enumerate() {
        if let Some(cards) = range.single() {
            in_deck(format!("player {}", i + 1), cards)?;
        }
    }
    let mut used = req.board.union(req.dead).union(outside);
    let want = req.game.hole_cards();
    for (i, range) in req.players.iter().enumerate() {
        if let HandRange::Hands(hands) = range {
            if hands.is_empty() {
                return Err(Error::invalid(format!("player {}: an empty range", i + 1)));
            }
            for &(cards, weight) in hands {
                if cards.len() as usize != want {
                    return Err(Error::invalid(format!(
                        "player {}: {} cards; this game deals {want}",
                        i + 1,
                        cards.len()
                    )));
                }
                if !(weight.is_finite() && weight > 0.0) {
                    return Err(Error::invalid(format!(
                        "player {}: a weight must be a finite number > 0",
                        i + 1
                    )));
                }
            }
        }
        if let Some(cards) = range.single() {
            if !used.is_disjoint(cards) {
                return Err(duplicate(&format!("player {}", i + 1)));
            }
            used = used.union(cards);
        }
    }
    let mut seats = Vec::with_capacity(n);
    for (i, range) in req.players.iter().enumerate() {
        seats.push(match range {
            HandRange::Random => None,
            HandRange::Hands(_) if range.single().is_some() => {
                Some(vec![(range.single().expect("one hand"), 1.0)])
            }
            HandRange::Hands(hands) => {
                let left: Vec<(CardSet, f64)> = hands
                    .iter()
                    .copied()
                    .filter(|(h, _)| h.is_disjoint(used))
                    .collect();
                if left.is_empty() {
                    return Err(duplicate(&format!(
                        "every hand of player {}'s range",
                        i + 1
                    )));
                }
                let scale =
                    crate::poker::range::relative_weight_scale(left.iter().map(|&(_, w)| w), i)?;
                Some(left.into_iter().map(|(h, w)| (h, w / scale)).collect())
            }
        });
    }
    let drawn = req.players.iter().filter(|p| p.single().is_none()).count();
    let needed = drawn * want + 5 - req.board.len() as usize;
    if (52 - used.len() as usize) < needed {
        return Err(Error::invalid(format!(
            "{} cards left; the ranged and random hands and the board need {needed}",
            52 - used.len()
        )));
    }
    Ok(Prepared {
        seats,
        live: used.complement(),
    })
}

/// The equity of every player. Errors: bad hands, ranges or board
/// (`InvalidArgument`, `DuplicateCard`); exact with random hands, or an
/// exact count past the time budget (`BudgetExceeded`).
pub fn variant_equity(req: &VariantRequest) -> Result<VariantEquity> {
    let prepared = prepare(req)?;
    match req.mode {
        Mode::Exact if !prepared.all_ranged() => Err(Error::budget(
            "exact Omaha equity needs every player's hands or range: use Monte Carlo or Auto with random hands",
        )),
        Mode::Exact => exact_equity(
            req,
            &prepared,
            &req.control.with_budget(Some(req.time_budget)),
        ),
        Mode::MonteCarlo => monte_carlo(req, &prepared),
        // Exact when its estimate fits the budget (the policy gives it a
        // share; should the estimate be wrong, the rest samples).
        Mode::Auto => auto(
            &req.control,
            Some(req.time_budget),
            |exact_control| {
                let fits = prepared.all_ranged()
                    && estimated_exact(req).mul_f64(prepared.deals_at_most().min(1e9))
                        <= req.time_budget;
                fits.then(|| exact_equity(req, &prepared, exact_control))
            },
            || monte_carlo(req, &prepared),
        ),
    }
}

/// The exact count's expected time for one deal of hands: each of the
/// completion's rank multisets (at most C(12 + d, d) for d cards to deal)
/// ranks every player's two-card choices with the board's ten triples,
/// and about as much again goes to the flush choices.
fn estimated_exact(req: &VariantRequest) -> Duration {
    let to_deal = 5 - req.board.len() as usize;
    let multisets = binomial(12 + to_deal, to_deal) as f64;
    let k = req.game.hole_cards() as f64;
    let ranks = 2.0 * multisets * req.players.len() as f64 * k * (k - 1.0) / 2.0 * 10.0;
    let threads = crate::parallel::resolve(req.threads).map_or(1, |w| w.count()) as f64;
    Duration::from_secs_f64(ranks * NS_PER_RANK * 1e-9 / threads)
}

/// Every deal of one hand per seat with no card shared, with the product
/// of their weights. Errors past `MAX_EXACT_DEALS`.
fn deals_of(seats: &[Vec<(CardSet, f64)>]) -> Result<Vec<(Vec<CardSet>, f64)>> {
    fn extend(
        seats: &[Vec<(CardSet, f64)>],
        used: CardSet,
        hands: &mut Vec<CardSet>,
        weight: f64,
        out: &mut Vec<(Vec<CardSet>, f64)>,
    ) -> Result<()> {
        let Some((first, rest)) = seats.split_first() else {
            out.push((hands.clone(), weight));
            return if out.len() > MAX_EXACT_DEALS {
                Err(Error::budget(format!(
                    "the ranges make more than {MAX_EXACT_DEALS} deals: use Monte Carlo or Auto"
                )))
            } else {
                Ok(())
            };
        };
        for &(hand, w) in first {
            if hand.is_disjoint(used) {
                hands.push(hand);
                extend(rest, used.union(hand), hands, weight * w, out)?;
                hands.pop();
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    extend(seats, CardSet::EMPTY, &mut Vec::new(), 1.0, &mut out)?;
    if out.is_empty() {
        return Err(Error::new(
            ErrorKind::DuplicateCard,
            "every deal of the ranges gives two players a card in common",
        ));
    }
    Ok(out)
}

/// Every deal counted, within `control`'s deadline (`BudgetExceeded` past
/// it).
fn exact_equity(
    req: &VariantRequest,
    prepared: &Prepared,
    control: &Control,
) -> Result<VariantEquity> {
    let control = control.clone();
    if prepared.deals_at_most() > 2.0 * MAX_EXACT_DEALS as f64 {
        // Refused before listing: the listing alone would take a while.
        return Err(Error::budget(format!(
            "the ranges make up to {:.0} deals: use Monte Carlo or Auto",
            prepared.deals_at_most()
        )));
    }
    let seats: Vec<Vec<(CardSet, f64)>> = prepared
        .seats
        .iter()
        .map(|s| s.clone().expect("every seat has hands"))
        .collect();
    let deals = deals_of(&seats)?;
    let count = |hands: &[CardSet], threads: usize, control: &Control| {
        let live = hands
            .iter()
            .fold(prepared.live, |live, &h| live.intersection(h.complement()));
        match req.game {
            Variant::ShortDeck {
                trips_beat_straight,
            } => super::short_deck_exact::exact_sums(
                trips_beat_straight,
                hands,
                req.board,
                live,
                threads,
                control,
            ),
            game => super::omaha_exact::exact_sums(game, hands, req.board, live, threads, control),
        }
    };
    if let [(hands, _)] = deals.as_slice() {
        return Ok(count(hands, req.threads, &control)?.result(true));
    }
    // Many deals: each counted on one thread, the deals spread over them.
    let done = std::sync::atomic::AtomicU64::new(0);
    let counted = run_with_threads(req.threads, |workers| {
        Ok(map_items(
            workers,
            deals.len() as u64,
            |i| -> Result<Sums> {
                if control.passed() {
                    return Err(Error::budget(
                        "exact count did not finish within the time budget: raise it, or use Monte Carlo or Auto",
                    ));
                }
                let (hands, weight) = &deals[i as usize];
                let mut sums = Sums::new(hands.len());
                sums.add_scaled(&count(hands, 1, &Control::NONE)?, *weight);
                let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                control.report(finished as f64 / deals.len() as f64);
                Ok(sums)
            },
        ))
    })?;
    let mut total = Sums::new(seats.len());
    for sums in counted {
        total.add(&sums?);
    }
    Ok(total.result(true))
}

/// One seat's source of hands in Monte Carlo.
enum Source<'a> {
    /// A given hand, prepared once.
    Given,
    /// A range: its hands and their running weight sums.
    Ranged(&'a [(CardSet, f64)], Vec<f64>),
    Random,
}

/// Draws the ranged hands (all at once, again whenever two share a card),
/// then the random hands and the rest of the board from `deck` (the live
/// cards) by a partial shuffle, and scores the deal.
struct Sampler<'a> {
    game: Variant,
    sources: Vec<Source<'a>>,
    deck: Vec<Card>,
    known: Vec<Card>,
    /// Holds each seat's hand: the given ones set once, the others dealt
    /// again for every sample.
    scorer: Scorer,
}

impl Sampler<'_> {
    fn new<'a>(req: &VariantRequest, prepared: &'a Prepared, known: &[Card]) -> Sampler<'a> {
        let sources = prepared
            .seats
            .iter()
            .map(|seat| match seat {
                None => Source::Random,
                Some(hands) if hands.len() == 1 => Source::Given,
                Some(hands) => {
                    let mut total = 0.0;
                    let sums = hands
                        .iter()
                        .map(|&(_, w)| {
                            total += w;
                            total
                        })
                        .collect();
                    Source::Ranged(hands, sums)
                }
            })
            .collect();
        let mut scorer = Scorer::new(req.game, prepared.seats.len());
        for (seat, hands) in prepared.seats.iter().enumerate() {
            if let Some(hands) = hands {
                scorer.set_hand(seat, hands[0].0);
            }
        }
        Sampler {
            game: req.game,
            sources,
            deck: prepared.live.iter().collect(),
            known: known.to_vec(),
            scorer,
        }
    }

    /// Scores one sampled deal; false when the ranges gave no deal
    /// without a shared card in `MAX_DRAW_TRIES` tries.
    fn sample(&mut self, rng: &mut Rng, outcomes: &mut Outcomes) -> bool {
        let mut taken;
        let mut tries = 0;
        'draw: loop {
            taken = CardSet::EMPTY;
            for (seat, source) in self.sources.iter().enumerate() {
                if let Source::Ranged(hands, sums) = source {
                    let total = sums.last().copied().unwrap_or(0.0);
                    let x = rng.unit() * total;
                    let i = sums.partition_point(|&s| s <= x).min(hands.len() - 1);
                    let hand = hands[i].0;
                    if !taken.is_disjoint(hand) {
                        tries += 1;
                        if tries >= MAX_DRAW_TRIES {
                            return false;
                        }
                        continue 'draw;
                    }
                    taken = taken.union(hand);
                    self.scorer.set_hand(seat, hand);
                }
            }
            break;
        }
        let want = self.game.hole_cards();
        // A partial shuffle from wherever the last sample left the deck
        // (any order of it is as good a start), passing over the cards the
        // ranged hands took.
        let mut next = 0usize;
        let mut draw = |deck: &mut Vec<Card>, rng: &mut Rng| loop {
            let j = next + rng.below((deck.len() - next) as u32) as usize;
            deck.swap(next, j);
            next += 1;
            if !taken.contains(deck[next - 1]) {
                return deck[next - 1];
            }
        };
        for (seat, source) in self.sources.iter().enumerate() {
            if let Source::Random = source {
                let mut cards = [ANY_CARD; 6];
                for card in &mut cards[..want] {
                    *card = draw(&mut self.deck, rng);
                }
                self.scorer.set_hand_cards(seat, &cards[..want]);
            }
        }
        let mut board = [ANY_CARD; 5];
        board[..self.known.len()].copy_from_slice(&self.known);
        for slot in board[self.known.len()..].iter_mut() {
            *slot = draw(&mut self.deck, rng);
        }
        self.scorer.deal(&board, outcomes);
        true
    }
}

fn monte_carlo(req: &VariantRequest, prepared: &Prepared) -> Result<VariantEquity> {
    let control = req.control.with_budget(Some(req.time_budget));
    let started = Instant::now();
    let seats = req.players.len();
    let known: Vec<Card> = req.board.iter().collect();
    run_with_threads(req.threads, |workers| {
        let per_round = BATCHES_PER_ROUND;
        let mut total = Sums::new(seats);
        let mut batch = 0u64;
        loop {
            let round = map_items(workers, per_round, |t| {
                let mut sampler = Sampler::new(req, prepared, &known);
                let mut rng = Rng::stream(req.seed, batch + t);
                let mut outcomes = Outcomes::new(seats, req.game.hi_lo());
                for _ in 0..BATCH {
                    if !sampler.sample(&mut rng, &mut outcomes) {
                        return Err(Error::invalid(
                            "the ranges almost never give a deal without a shared card",
                        ));
                    }
                }
                Ok(outcomes.sums())
            });
            for sums in round {
                total.add(&sums?);
            }
            batch += per_round;
            let now = total.result(false);
            if now.stderr <= req.target_stderr || control.passed() {
                control.report(1.0);
                return Ok(now);
            }
            // Short of both stopping rules, so below 1 (one report of 1,
            // at the end): deals needed grow as the inverse square of the
            // standard error.
            if control.wants_progress() {
                let equities: Vec<f64> = now.players.iter().map(|p| p.equity).collect();
                let by_error = (req.target_stderr / now.stderr.max(1e-300)).powi(2);
                control.report_progress(Progress {
                    fraction: by_error.max(control.time_used(started)).min(0.999),
                    done: now.deals,
                    estimate: Some(Estimate::of(&equities, now.stderr)),
                });
            }
        }
    })
}
