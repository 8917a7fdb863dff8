//! Battlegrounds combat odds: exact probabilities of win, draw and loss and
//! of the damage dealt, with the real keywords (`rules`), and a Monte Carlo
//! engine on the same rules.
//!
//! Exact: every attack lowers `State::potential` (the hits the boards can
//! still absorb, summons included), so the engine carries probability mass
//! forward through the distinct states in decreasing order of potential,
//! each state expanded once (a memo without recursion), and collects the
//! mass that reaches an end. The deathrattle coin flip between sides needs
//! no branch: summons on one board never touch the other, so both orders
//! give the same boards.
//!
//! Card effects (`effect.rs`) change this in two ways: random choices are
//! enumerated by an odometer with their probabilities, and when an effect
//! can raise the potential mid-combat (a buff with health, a shield given)
//! states are ordered by the turns taken instead, which every turn raises.
//! So are they when a minion has stealth: a turn with every enemy in
//! stealth passes without an attack and lowers nothing.

mod bonuses;
mod cost;
pub mod effect;
mod growth;
mod key;
mod layer;
mod parse;
mod policy;
pub mod rules;
mod start;
pub mod trace;

pub use crate::hearthstone::model::{Minion, Token};
pub use bonuses::{GameBonuses, MAX_GAME_BONUS};
use key::{Key, Layout};
use layer::{Layer, MergeIndex};
pub use parse::parse_board;
pub use policy::{
    CombatMode, CombatOptions, DEFAULT_SAMPLES, max_states_or_default, samples_or_default, simulate,
};
pub use rules::{Kinds, Outcome, State, Unit};
use start::StartOutcomes;

use crate::budget::{Control, Estimate, Progress};
use crate::error::{Error, Result};
use crate::parallel::{Workers, map_items, run_with_threads};
use crate::rng::Rng;

/// A combat question.
#[derive(Debug, Clone)]
pub struct Combat {
    /// Side A's board, left to right (at most 7 minions).
    pub a: Vec<Minion>,
    /// Side B's board, left to right (at most 7 minions).
    pub b: Vec<Minion>,
    /// Each side's tavern tier (damage to the loser's hero starts there).
    pub tiers: [u32; 2],
    /// Each side's bonuses from earlier turns (none by default).
    pub bonuses: [GameBonuses; 2],
}

impl Combat {
    /// Boards A and B with tavern tiers, no bonuses from earlier turns.
    pub fn new(a: Vec<Minion>, b: Vec<Minion>, tiers: [u32; 2]) -> Combat {
        Combat {
            a,
            b,
            tiers,
            bonuses: [GameBonuses::default(); 2],
        }
    }
}

/// The answer.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatResult {
    /// P(A wins).
    pub win: f64,
    /// P(draw).
    pub draw: f64,
    /// P(B wins).
    pub loss: f64,
    /// `damage_to_b[d]` = P(A wins dealing d); damage_to_a likewise.
    pub damage_to_b: Vec<f64>,
    /// `damage_to_a[d]` = P(B wins dealing d to A's hero).
    pub damage_to_a: Vec<f64>,
    /// Expected surviving minions of A and of B.
    pub survivors: [f64; 2],
    /// Whether the answer is exact (else sampled).
    pub exact: bool,
    /// Distinct states expanded (exact) or combats sampled (Monte Carlo).
    pub states: u64,
    /// Standard error of `win` (0 when exact).
    pub stderr: f64,
}

impl CombatResult {
    /// P(A wins dealing at least `health` to B's hero): B's lethal chance
    /// (health and armor together; 0 or less means any win is lethal).
    pub fn lethal_to_b(&self, health: i32) -> f64 {
        lethal(&self.damage_to_b, health)
    }

    /// P(B wins dealing at least `health` to A's hero).
    pub fn lethal_to_a(&self, health: i32) -> f64 {
        lethal(&self.damage_to_a, health)
    }
}

/// The mass of a damage distribution at `health` or more (0, not the
/// -0 an empty `f64` sum gives, when no damage reaches it).
fn lethal(damage: &[f64], health: i32) -> f64 {
    let from = health.max(0) as usize;
    damage.iter().skip(from).fold(0.0, |sum, p| sum + p)
}

fn validate(c: &Combat) -> Result<()> {
    for (name, tier) in [("A", c.tiers[0]), ("B", c.tiers[1])] {
        if !(1..=7).contains(&tier) {
            return Err(Error::invalid(format!(
                "hero {name}'s tavern tier is {tier}; it must be 1 to 7"
            )));
        }
    }
    c.bonuses[0].validate("A")?;
    c.bonuses[1].validate("B")?;
    let mut bonus_to = Vec::new();
    for m in c.a.iter().chain(&c.b) {
        for e in &m.effects {
            if let crate::hearthstone::model::Action::SideBonus { to, .. } = e.action
                && !bonus_to.contains(&to)
            {
                bonus_to.push(to);
            }
        }
    }
    if bonus_to.len() > rules::MAX_SIDE_BONUSES {
        return Err(Error::invalid(format!(
            "the boards give bonuses to {} different tribes for the rest of the combat; at most {}",
            bonus_to.len(),
            rules::MAX_SIDE_BONUSES
        )));
    }
    for (name, board) in [("A", &c.a), ("B", &c.b)] {
        if board.len() > crate::hearthstone::model::BOARD_SIZE {
            return Err(Error::invalid(format!(
                "board {name} has {} minions; at most {}",
                board.len(),
                crate::hearthstone::model::BOARD_SIZE
            )));
        }
        for (i, m) in board.iter().enumerate() {
            if m.health <= 0 {
                return Err(Error::invalid(format!(
                    "board {name} minion {}: health must be positive",
                    i + 1
                )));
            }
            for t in [&m.deathrattle, &m.effect_token] {
                if t.count > 0 && (t.health == 0 || t.health > i16::MAX as u16) {
                    return Err(Error::invalid(format!(
                        "board {name} minion {}: tokens need health 1 to 32767",
                        i + 1
                    )));
                }
            }
            if !(1..=7).contains(&m.tier) {
                return Err(Error::invalid(format!(
                    "board {name} minion {}: tier must be 1 to 7",
                    i + 1
                )));
            }
        }
    }
    Ok(())
}

/// The combat's kinds, its state before the start of combat, and every way
/// the start of combat can go (`None` past `limit` ways or `deadline`).
fn start_outcomes(
    c: &Combat,
    limit: usize,
    deadline: &Control,
) -> (Kinds, State, Option<StartOutcomes>) {
    let (start, kinds) = State::with_bonuses(&c.a, &c.b, &c.bonuses, 0);
    let outcomes = StartOutcomes::enumerate(&start, &kinds, limit, deadline);
    (kinds, start, outcomes)
}

/// The first states: each way the start of combat goes, then the side
/// with more minions attacks first; equal counts give each side the first
/// attack with probability 1/2.
fn first_states(outcomes: &StartOutcomes) -> Vec<(State, f64)> {
    let mut starts = Vec::new();
    for &(s, p) in &outcomes.outcomes {
        let with_turn = |turn| {
            let mut s = s;
            s.turn = turn;
            s
        };
        match s.lens[0].cmp(&s.lens[1]) {
            std::cmp::Ordering::Greater => starts.push((with_turn(0), p)),
            std::cmp::Ordering::Less => starts.push((with_turn(1), p)),
            std::cmp::Ordering::Equal => {
                starts.push((with_turn(0), 0.5 * p));
                starts.push((with_turn(1), 0.5 * p));
            }
        }
    }
    starts
}

/// Who attacks first after the start of combat, drawn as `first_states`
/// weighs it.
fn first_attacker(s: &State, chooser: &mut impl effect::Chooser) -> u8 {
    match s.lens[0].cmp(&s.lens[1]) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => chooser.pick(2) as u8,
    }
}

/// Ways the start of combat may go for the exact engine: each is a first
/// state held in full until the search begins.
const EXACT_START_LIMIT: u64 = 1 << 20;

/// Ways of the start of combat Monte Carlo enumerates to draw from (past
/// it, or past the combats asked for, each combat replays the phase).
const SAMPLED_START_LIMIT: u64 = 4096;

/// Every way one turn can go from `s`, with its probability: the attacker
/// picks a target uniformly (twice with windfury), and effects make their
/// random choices, all enumerated by an odometer over `State::take_turn`.
/// `s` is left with the attacker chosen (turn and round marks settled).
/// States go out by reference: copying one right after its byte fields
/// were written stalls on store forwarding. `odometer` is the caller's, so
/// expanding a state allocates nothing. One turn can have millions of ways
/// (chains of deathrattles with random targets): `deadline` is checked
/// every `DEADLINE_EVERY` of them, and `false` returned once it passed
/// (the ways emitted so far are then not all of them).
fn turn_outcomes(
    kinds: &Kinds,
    s: &mut State,
    odometer: &mut effect::Odometer,
    deadline: &Control,
    mut emit: impl FnMut(&State, f64),
) -> bool {
    let (side, attacker) = s.next_attacker();
    odometer.reset();
    for way in 1usize.. {
        odometer.rewind();
        let mut next = *s;
        next.take_turn(kinds, side, attacker, odometer);
        emit(&next, odometer.probability());
        if !odometer.advance() {
            break;
        }
        if way.is_multiple_of(DEADLINE_EVERY) && deadline.passed() {
            return false;
        }
    }
    true
}

/// Accumulates ends into a result.
struct Ends {
    win: f64,
    draw: f64,
    loss: f64,
    damage_to_b: Vec<f64>,
    damage_to_a: Vec<f64>,
    survivors: [f64; 2],
    /// Mass (exact) or combats (sampled) added.
    count: f64,
}

impl Ends {
    fn new() -> Ends {
        Ends {
            win: 0.0,
            draw: 0.0,
            loss: 0.0,
            damage_to_b: Vec::new(),
            damage_to_a: Vec::new(),
            survivors: [0.0; 2],
            count: 0.0,
        }
    }

    fn merge(&mut self, o: Ends) {
        let add = |x: &mut Vec<f64>, y: &[f64]| {
            if x.len() < y.len() {
                x.resize(y.len(), 0.0);
            }
            for (a, b) in x.iter_mut().zip(y) {
                *a += b;
            }
        };
        self.win += o.win;
        self.draw += o.draw;
        self.loss += o.loss;
        add(&mut self.damage_to_b, &o.damage_to_b);
        add(&mut self.damage_to_a, &o.damage_to_a);
        self.survivors[0] += o.survivors[0];
        self.survivors[1] += o.survivors[1];
        self.count += o.count;
    }

    fn add(&mut self, state: &State, outcome: Outcome, p: f64) {
        self.add_end(state.lens, outcome, p);
    }

    /// `add` given each side's survivors.
    fn add_end(&mut self, lens: [u8; 2], outcome: Outcome, p: f64) {
        let bump = |v: &mut Vec<f64>, d: u32| {
            if v.len() <= d as usize {
                v.resize(d as usize + 1, 0.0);
            }
            v[d as usize] += p;
        };
        match outcome {
            Outcome::AWins(d) => {
                self.win += p;
                bump(&mut self.damage_to_b, d);
            }
            Outcome::BWins(d) => {
                self.loss += p;
                bump(&mut self.damage_to_a, d);
            }
            Outcome::Draw => self.draw += p,
        }
        self.survivors[0] += p * lens[0] as f64;
        self.survivors[1] += p * lens[1] as f64;
        self.count += p;
    }

    fn finish(self, exact: bool, states: u64, scale: f64, stderr: f64) -> CombatResult {
        CombatResult {
            win: self.win * scale,
            draw: self.draw * scale,
            loss: self.loss * scale,
            damage_to_b: self.damage_to_b.iter().map(|p| p * scale).collect(),
            damage_to_a: self.damage_to_a.iter().map(|p| p * scale).collect(),
            survivors: [self.survivors[0] * scale, self.survivors[1] * scale],
            exact,
            states,
            stderr,
        }
    }
}

/// The state budget callers use when they are given none (0 in C and the
/// CLI): at most about 500 MB (a state held costs a table entry, its key
/// and probability: 32 to 72 bytes, and the table's slack).
pub const DEFAULT_MAX_STATES: u64 = 5_000_000;

/// Exact odds on the caller's thread; `BudgetExceeded` once more than
/// `max_states` distinct states were stored (every one the search held:
/// the budget bounds its memory) or once `deadline` passes.
pub fn combat_exact(c: &Combat, max_states: u64, deadline: &Control) -> Result<CombatResult> {
    combat_exact_with_threads(c, max_states, 1, deadline)
}

/// As [`combat_exact`], expanding each layer of states on `threads`
/// workers (by the rule of [`crate::parallel`]). The answer is the same,
/// to the last bit, whatever the number of threads: states are expanded in
/// fixed runs whose results are merged in order.
pub fn combat_exact_with_threads(
    c: &Combat,
    max_states: u64,
    threads: usize,
    deadline: &Control,
) -> Result<CombatResult> {
    validate(c)?;
    crate::parallel::check_threads(threads)?;
    let limit = max_states.clamp(1, EXACT_START_LIMIT) as usize;
    let (kinds, _, outcomes) = start_outcomes(c, limit, deadline);
    let Some(outcomes) = outcomes else {
        return Err(Error::budget(if deadline.passed() {
            "the exact combat did not finish within the time budget; use Monte Carlo".to_string()
        } else {
            format!("the start of combat can go more than {limit} ways; use Monte Carlo")
        }));
    };
    let starts = first_states(&outcomes);
    let layout = Layout::new(&kinds);
    if layout.words() > key::MAX_KEY_WORDS {
        return Err(Error::budget(
            "the combat's states do not fit the exact engine's keys; use Monte Carlo",
        ));
    }
    // Keys exactly as wide as the combat needs: a table entry is the key
    // and a probability, so every word saved is an eighth or more of the
    // memory a state takes.
    let search = Search {
        c,
        kinds: &kinds,
        layout,
        max_states,
        deadline,
        parallel_from: PARALLEL_LAYER_STATES,
        min_run: MIN_RUN_STATES,
    };
    let r = run_with_threads(threads, |workers| match layout.words() {
        0..=3 => search.solve::<3>(&starts, workers),
        4 => search.solve::<4>(&starts, workers),
        5 => search.solve::<5>(&starts, workers),
        6 => search.solve::<6>(&starts, workers),
        7 => search.solve::<7>(&starts, workers),
        8 => search.solve::<8>(&starts, workers),
        _ => search.solve::<{ key::MAX_KEY_WORDS }>(&starts, workers),
    })?;
    // Every combat ends: an answer that lost probability is a fault, not
    // odds (a caller in `auto` mode falls back to Monte Carlo).
    if (r.win + r.draw + r.loss - 1.0).abs() > 1e-9 {
        return Err(Error::new(
            crate::error::ErrorKind::Internal,
            "the exact engine lost track of some combats; use Monte Carlo",
        ));
    }
    Ok(r)
}

/// States expanded between merges into the tables, per worker (with
/// several): bounds the children held at once.
const BATCH_STATES: usize = 8192;

/// Layers smaller than this are expanded on one worker: waking the
/// others costs more than they would save.
const PARALLEL_LAYER_STATES: usize = 2048;

/// States expanded, or ways of one turn enumerated, between reads of the
/// clock.
const DEADLINE_EVERY: usize = 256;

/// Runs per worker in a batch (so that one slow run does not leave the
/// other workers idle).
const RUNS_PER_WORKER: usize = 4;

/// The fewest states a run takes: fewer cost more to hand off than to
/// expand.
const MIN_RUN_STATES: usize = 64;

/// Why an expansion stopped early.
#[derive(Clone, Copy)]
enum Fault {
    TimedOut,
    /// More distinct states than the budget.
    OutOfStates,
    /// A unit outgrew its key's fields.
    Overflowed,
    /// A child's potential was not below its parent's layer.
    Disordered,
}

/// Where an expansion's ends and children go: straight into the tables
/// (one worker), or into a run's buffers that are merged in order later.
trait Sink<K> {
    fn end(&mut self, lens: [u8; 2], outcome: Outcome, p: f64);
    fn child(&mut self, layer: u32, key: K, p: f64);
    /// The state budget is spent.
    fn full(&self) -> bool;
}

/// A run's ends (each side's survivors, the outcome, the mass) and
/// children (layer, key, mass), in the order the run met them.
struct Expanded<K> {
    ends: Vec<([u8; 2], Outcome, f64)>,
    children: Vec<(u32, K, f64)>,
    fault: Option<Fault>,
}

impl<K> Sink<K> for Expanded<K> {
    fn end(&mut self, lens: [u8; 2], outcome: Outcome, p: f64) {
        self.ends.push((lens, outcome, p));
    }

    fn child(&mut self, layer: u32, key: K, p: f64) {
        self.children.push((layer, key, p));
    }

    fn full(&self) -> bool {
        false
    }
}

/// The exact search's tables: the ends so far, the layers of states
/// waiting, and the state budget's count.
struct Tables<const N: usize> {
    ends: Ends,
    layers: Vec<Layer<N>>,
    index: MergeIndex,
    /// Distinct states of the layers taken so far.
    states: u64,
    /// Entries held by the layers not yet taken (a key may repeat until
    /// its layer merges).
    held: u64,
    max_states: u64,
    /// `states + held` at which every layer is merged to count the
    /// distinct states exactly against the budget.
    check_at: u64,
    over_budget: bool,
}

impl<const N: usize> Sink<Key<N>> for Tables<N> {
    fn end(&mut self, lens: [u8; 2], outcome: Outcome, p: f64) {
        self.ends.add_end(lens, outcome, p);
    }

    #[inline]
    fn child(&mut self, layer: u32, key: Key<N>, p: f64) {
        let removed = self.layers[layer as usize].push(key, p, &mut self.index);
        self.held = self.held + 1 - removed as u64;
        if self.states + self.held > self.check_at {
            self.check_budget();
        }
    }

    fn full(&self) -> bool {
        self.over_budget
    }
}

impl<const N: usize> Tables<N> {
    fn new(ends: Ends, layers: usize, max_states: u64) -> Tables<N> {
        Tables {
            ends,
            layers: (0..layers).map(|_| Layer::default()).collect(),
            index: MergeIndex::default(),
            states: 0,
            held: 0,
            max_states,
            check_at: max_states,
            over_budget: false,
        }
    }

    /// Merges every layer to count the distinct states stored; over the
    /// budget, the tables are full. The next check comes after at least
    /// an eighth of the budget more entries, so that merges stay rare.
    #[cold]
    fn check_budget(&mut self) {
        for layer in &mut self.layers {
            self.held -= layer.merge(&mut self.index) as u64;
        }
        let stored = self.states + self.held;
        self.over_budget |= stored > self.max_states;
        self.check_at = self
            .max_states
            .max(stored.saturating_add(self.max_states / 8 + 1));
    }

    /// A layer's distinct states, taken out to expand, in the order their
    /// keys were first made.
    fn take(&mut self, level: usize) -> Vec<(Key<N>, f64)> {
        let layer = std::mem::take(&mut self.layers[level]);
        self.held -= layer.len() as u64;
        let entries = layer.into_distinct(&mut self.index);
        self.states += entries.len() as u64;
        self.over_budget |= self.states > self.max_states;
        entries
    }

    /// Takes in a run's results, as if it had expanded into the tables.
    fn merge(&mut self, part: Expanded<Key<N>>) -> Option<Fault> {
        for (lens, outcome, p) in part.ends {
            self.end(lens, outcome, p);
        }
        if part.fault.is_some() {
            return part.fault;
        }
        for (layer, key, p) in part.children {
            self.child(layer, key, p);
        }
        self.full().then_some(Fault::OutOfStates)
    }
}

/// One exact search's fixed inputs.
struct Search<'a> {
    c: &'a Combat,
    kinds: &'a Kinds,
    layout: Layout,
    max_states: u64,
    deadline: &'a Control,
    /// Layers of fewer states are expanded on one worker, and runs take
    /// at least `min_run` states (`PARALLEL_LAYER_STATES`,
    /// `MIN_RUN_STATES`; tests lower them).
    parallel_from: usize,
    min_run: usize,
}

impl Search<'_> {
    /// The exact search with keys of `N` words.
    fn solve<const N: usize>(
        &self,
        starts: &[(State, f64)],
        workers: Workers,
    ) -> Result<CombatResult> {
        let (c, kinds, layout, deadline) = (self.c, self.kinds, &self.layout, self.deadline);
        let overflow = || {
            Err(Error::budget(
                "a minion's stats grew past what the exact engine's keys hold; use Monte Carlo",
            ))
        };
        // Layers of states by potential; the highest is solved first, and
        // every child lands in a strictly lower layer. When effects can
        // raise the potential, layers count the turns taken instead (each
        // child one layer up), up to `MAX_TURNS`.
        let by_turns = kinds.raises_potential();
        let mut ends = Ends::new();
        let mut encoded = Vec::new();
        for (s, p) in starts {
            if let Some(outcome) = s.outcome(kinds, c.tiers) {
                ends.add(s, outcome, *p);
                continue;
            }
            let (key, potential) = Key::<N>::encode(layout, kinds, s);
            if potential == key::OVERFLOW {
                return overflow();
            }
            encoded.push((key, if by_turns { 0 } else { potential }, *p));
        }
        let top = if by_turns {
            MAX_TURNS
        } else {
            encoded.iter().map(|s| s.1).max().unwrap_or(0) as usize
        };
        let mut tables = Tables::<N>::new(ends, top + 1, self.max_states);
        for (key, layer, p) in encoded {
            tables.child(layer, key, p);
        }
        let levels: Box<dyn Iterator<Item = usize>> = if by_turns {
            Box::new(0..=top)
        } else {
            Box::new((0..=top).rev())
        };
        for level in levels {
            // Every attack lowers the potential (or takes a turn): the
            // levels left measure the work.
            let done = if by_turns { level } else { top - level };
            deadline.report(done as f64 / (top + 1) as f64);
            let layer = tables.take(level);
            // Children are added a few at a time behind the expansion, so
            // the budget is checked again once all are in.
            let fault = if tables.full() {
                Some(Fault::OutOfStates)
            } else if by_turns && level == top {
                // As long a combat is a draw (as Monte Carlo and Firestone
                // have it).
                for (key, p) in layer {
                    tables
                        .ends
                        .add(&key.decode(layout, kinds), Outcome::Draw, p);
                }
                break;
            } else if workers.sequential() || layer.len() < self.parallel_from {
                self.expand(layer, level, by_turns, &mut tables)
            } else {
                self.expand_parallel(layer, level, by_turns, workers, &mut tables)
            };
            match fault {
                None => {}
                Some(Fault::TimedOut) => {
                    return Err(Error::budget(
                        "the exact combat did not finish within the time budget; use Monte Carlo",
                    ));
                }
                Some(Fault::OutOfStates) => {
                    return Err(Error::budget(format!(
                        "the combat has more than {} states (the budget); use Monte Carlo",
                        self.max_states
                    )));
                }
                Some(Fault::Overflowed) => return overflow(),
                Some(Fault::Disordered) => {
                    return Err(Error::new(
                        crate::error::ErrorKind::Internal,
                        "the exact engine met a state out of its order; use Monte Carlo",
                    ));
                }
            }
        }
        Ok(tables.ends.finish(true, tables.states, 1.0, 0.0))
    }

    /// Expands a layer on several workers: batches of states split into
    /// runs, each run's results merged into the tables in order (so where
    /// runs split changes nothing in the sums).
    fn expand_parallel<const N: usize>(
        &self,
        layer: Vec<(Key<N>, f64)>,
        level: usize,
        by_turns: bool,
        workers: Workers,
        tables: &mut Tables<N>,
    ) -> Option<Fault> {
        for batch in layer.chunks(BATCH_STATES * workers.count()) {
            // Runs may be shorter than the check interval of `expand`.
            if self.deadline.passed() {
                return Some(Fault::TimedOut);
            }
            let run_states = batch
                .len()
                .div_ceil(RUNS_PER_WORKER * workers.count())
                .max(self.min_run);
            let runs = batch.len().div_ceil(run_states) as u64;
            let parts = map_items(workers, runs, |i| {
                let from = i as usize * run_states;
                let run = &batch[from..(from + run_states).min(batch.len())];
                let mut part = Expanded {
                    ends: Vec::new(),
                    children: Vec::with_capacity(3 * run.len()),
                    fault: None,
                };
                part.fault = self.expand(run.iter().copied(), level, by_turns, &mut part);
                part
            });
            for part in parts {
                if let Some(fault) = tables.merge(part) {
                    return Some(fault);
                }
            }
        }
        None
    }

    /// Expands states of layer `level` into `sink`: their ends and
    /// children.
    fn expand<const N: usize>(
        &self,
        states: impl IntoIterator<Item = (Key<N>, f64)>,
        level: usize,
        by_turns: bool,
        sink: &mut impl Sink<Key<N>>,
    ) -> Option<Fault> {
        let (c, kinds, layout) = (self.c, self.kinds, &self.layout);
        let mut odometer = effect::Odometer::new();
        for (n, (key, p)) in states.into_iter().enumerate() {
            let mut state = key.decode(layout, kinds);
            if let Some(outcome) = state.outcome(kinds, c.tiers) {
                sink.end(state.lens, outcome, p);
                continue;
            }
            if n % DEADLINE_EVERY == DEADLINE_EVERY - 1 && self.deadline.passed() {
                return Some(Fault::TimedOut);
            }
            let (mut overflowed, mut disordered) = (false, false);
            let whole = turn_outcomes(
                kinds,
                &mut state,
                &mut odometer,
                self.deadline,
                |next, q| {
                    // Ends go straight to the tally; the tables hold the rest.
                    if let Some(outcome) = next.outcome(kinds, c.tiers) {
                        sink.end(next.lens, outcome, p * q);
                        return;
                    }
                    let (key, potential) = Key::<N>::encode(layout, kinds, next);
                    overflowed |= potential == key::OVERFLOW;
                    let layer = if by_turns {
                        level + 1
                    } else if overflowed {
                        return;
                    } else if potential as usize >= level {
                        // Ordered by potential, every child's is lower.
                        disordered = true;
                        return;
                    } else {
                        potential as usize
                    };
                    sink.child(layer as u32, key, p * q);
                },
            );
            if !whole {
                return Some(Fault::TimedOut);
            }
            if overflowed {
                return Some(Fault::Overflowed);
            }
            if disordered {
                return Some(Fault::Disordered);
            }
            if sink.full() {
                return Some(Fault::OutOfStates);
            }
        }
        None
    }
}

/// Turns a combat may take: effects can make one endless, and Firestone
/// stops one at 400 attacks as a draw; both engines do the same.
const MAX_TURNS: usize = 400;

/// Combats per sampling chunk; each chunk has its own random stream, so
/// results depend on the seed, not on the number of threads.
const CHUNK: u64 = 1 << 14;

/// Chunks sampled between checks of the deadline: a fixed number (not the
/// thread count), so the same seed samples the same combats everywhere.
const CHUNKS_PER_ROUND: u64 = 16;

/// Monte Carlo odds from `samples` seeded combats on the same rules, on
/// `threads` threads (by the rule of [`crate::parallel`]), stopping early
/// once `deadline` passes (within a few hundred combats; at least one
/// combat is always sampled).
pub fn combat_monte_carlo(
    c: &Combat,
    samples: u64,
    seed: u64,
    threads: usize,
    deadline: &Control,
) -> Result<CombatResult> {
    validate(c)?;
    if samples == 0 {
        return Err(Error::invalid("samples must be at least 1"));
    }
    let limit = samples.min(SAMPLED_START_LIMIT) as usize;
    let (kinds, start, outcomes) = start_outcomes(c, limit, deadline);
    let chunks = samples.div_ceil(CHUNK);
    let started = std::time::Instant::now();
    let ends = run_with_threads(threads, |workers| {
        let mut total = Ends::new();
        let mut first = 0;
        while first < chunks {
            let round = CHUNKS_PER_ROUND.min(chunks - first);
            let parts = map_items(workers, round, |i| {
                let chunk = first + i;
                let n = CHUNK.min(samples - chunk * CHUNK);
                // The first combat of the first chunk is always sampled.
                let first_to_check = u64::from(chunk == 0);
                let rng = Rng::stream(seed, chunk);
                sample_chunk(
                    c,
                    &kinds,
                    (&start, outcomes.as_ref()),
                    n,
                    rng,
                    (deadline, first_to_check),
                )
            });
            for part in parts {
                total.merge(part);
            }
            first += round;
            if deadline.passed() {
                break;
            }
            if deadline.wants_progress() {
                let n = total.count;
                let win = total.win / n;
                deadline.report_progress(Progress {
                    fraction: (first as f64 / chunks as f64).max(deadline.time_used(started)),
                    done: n as u64,
                    estimate: Some(Estimate::of(
                        &[win, total.draw / n, total.loss / n],
                        (win * (1.0 - win) / n).max(0.0).sqrt(),
                    )),
                });
            }
        }
        Ok(total)
    })?;
    let n = ends.count;
    let win = ends.win / n;
    let stderr = (win * (1.0 - win) / n).max(0.0).sqrt();
    Ok(ends.finish(false, n as u64, 1.0 / n, stderr))
}

/// `n` combats from one random stream, counted; fewer when the deadline
/// passes (checked every 256 combats, from combat `first_to_check` on).
fn sample_chunk(
    c: &Combat,
    kinds: &Kinds,
    start: (&State, Option<&StartOutcomes>),
    n: u64,
    mut rng: Rng,
    (deadline, first_to_check): (&Control, u64),
) -> Ends {
    let mut ends = Ends::new();
    for sampled in 0..n {
        if sampled >= first_to_check && sampled % 256 == 0 && deadline.passed() {
            break;
        }
        let (state, outcome) = play_one(c, kinds, start, &mut rng);
        ends.add(&state, outcome, 1.0);
    }
    ends
}

/// One combat drawn from `chooser`: the start of combat (drawn from its
/// enumerated outcomes when there are, else played), the first attacker,
/// the turns; the end state and outcome.
fn play_one(
    c: &Combat,
    kinds: &Kinds,
    (start, outcomes): (&State, Option<&StartOutcomes>),
    chooser: &mut impl effect::Chooser,
) -> (State, Outcome) {
    let mut state = match outcomes {
        Some(outcomes) => *outcomes.draw(chooser),
        None => {
            let mut s = *start;
            s.start_of_combat(kinds, chooser);
            s
        }
    };
    state.turn = first_attacker(&state, chooser);
    let mut turns = 0;
    loop {
        if let Some(outcome) = state.outcome(kinds, c.tiers) {
            return (state, outcome);
        }
        // Effects can make a combat endless; Firestone calls one that
        // long a draw.
        turns += 1;
        if turns > MAX_TURNS {
            return (state, Outcome::Draw);
        }
        let (side, attacker) = state.next_attacker();
        state.take_turn(kinds, side, attacker, chooser);
    }
}

#[cfg(test)]
mod effect_tests;
#[cfg(test)]
mod tests;
