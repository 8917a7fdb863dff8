//! The exact solver: every way a combat can go, each with its
//! probability. Every attack lowers `State::potential` (the hits the
//! boards can still absorb, summons included), so the solver carries
//! probability mass forward through the distinct states in decreasing
//! order of potential, each state expanded once (a memo without
//! recursion, keys packed by `key.rs`, layers held by `layer.rs`), and
//! collects the mass that reaches an end. The deathrattle coin flip
//! between sides needs no branch: summons on one board never touch the
//! other, so both orders give the same boards.
//!
//! Card effects change this in two ways: random choices are enumerated by
//! an odometer with their probabilities, and when an effect can raise the
//! potential mid-combat (a buff with health, a shield given) states are
//! ordered by the turns taken instead, which every turn raises. So are
//! they when a minion has stealth: a turn with every enemy in stealth
//! passes without an attack and lowers nothing.

use super::key::{self, Key, Layout};
use super::layer::{Layer, MergeIndex};
use super::start::{first_states, start_outcomes};
use super::tally::Ends;
use super::{Combat, CombatResult, Kinds, MAX_TURNS, Odometer, Outcome, State, validate};
use crate::budget::Control;
use crate::error::{Error, Result};
use crate::parallel::{Workers, map_items, run_with_threads};

/// Ways the start of combat may go for the exact engine: each is a first
/// state held in full until the search begins.
const EXACT_START_LIMIT: u64 = 1 << 20;

/// Every way one turn can go from `s`, with its probability: the attacker
/// picks a target uniformly (twice with windfury), and effects make their
/// random choices, all enumerated by an odometer over `State::take_turn`.
/// `s` is left with the attacker chosen (turn and round marks settled).
/// States go out by reference: copying one right after its byte fields
/// were written stalls on store forwarding. `odometer` is the caller's, so
/// expanding a state allocates nothing. One turn can have millions of ways
/// (chains of deathrattles with random targets, a Snapper's chain of
/// attacks): `deadline` is checked every `DEADLINE_EVERY` of them, and
/// at most `max_ways` are taken, so a turn ends even without a deadline;
/// the fault is returned when either stops it (the ways emitted so far
/// are then not all of them).
pub(super) fn turn_outcomes<const DUOS: bool>(
    kinds: &Kinds,
    s: &mut State,
    odometer: &mut Odometer,
    (deadline, max_ways): (&Control, usize),
    mut emit: impl FnMut(&State, f64),
) -> Option<Fault> {
    let (side, attacker) = s.next_attacker();
    odometer.reset();
    for way in 1usize.. {
        odometer.rewind();
        let mut next = *s;
        next.play_turn_as::<DUOS>(kinds, side, attacker, odometer);
        emit(&next, odometer.probability());
        if !odometer.advance() {
            break;
        }
        if way >= max_ways {
            return Some(Fault::TooManyWays);
        }
        if way.is_multiple_of(DEADLINE_EVERY) && deadline.passed() {
            return Some(Fault::TimedOut);
        }
    }
    None
}

/// The most ways one turn is enumerated: the state budget, as for the
/// ways the start of combat can go (each way is work as a state is).
pub(super) fn max_turn_ways(max_states: u64) -> usize {
    max_states.clamp(1, usize::MAX as u64) as usize
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
    let (kinds, start, outcomes) = start_outcomes(c, limit, deadline)?;
    let Some(outcomes) = outcomes else {
        return Err(Error::budget(if deadline.passed() {
            "the exact combat did not finish within the time budget; use Monte Carlo".to_string()
        } else {
            format!("the start of combat can go more than {limit} ways; use Monte Carlo")
        }));
    };
    let starts = first_states(&outcomes, &kinds, &start);
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
pub(super) enum Fault {
    TimedOut,
    /// One turn can go more ways than `max_turn_ways`.
    TooManyWays,
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
pub(super) struct Search<'a> {
    pub(super) c: &'a Combat,
    pub(super) kinds: &'a Kinds,
    pub(super) layout: Layout,
    pub(super) max_states: u64,
    pub(super) deadline: &'a Control,
    /// Layers of fewer states are expanded on one worker, and runs take
    /// at least `min_run` states (`PARALLEL_LAYER_STATES`,
    /// `MIN_RUN_STATES`; tests lower them).
    pub(super) parallel_from: usize,
    pub(super) min_run: usize,
}

impl Search<'_> {
    /// The exact search with keys of `N` words.
    pub(super) fn solve<const N: usize>(
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
                self.expand_any(layer, level, by_turns, &mut tables)
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
                Some(Fault::TooManyWays) => {
                    return Err(Error::budget(format!(
                        "one turn of the combat can go more than {} ways; use Monte Carlo",
                        max_turn_ways(self.max_states)
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
                part.fault = self.expand_any(run.iter().copied(), level, by_turns, &mut part);
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
    fn expand_any<const N: usize>(
        &self,
        states: impl IntoIterator<Item = (Key<N>, f64)>,
        level: usize,
        by_turns: bool,
        sink: &mut impl Sink<Key<N>>,
    ) -> Option<Fault> {
        if self.kinds.team.is_some() {
            self.expand::<N, true>(states, level, by_turns, sink)
        } else {
            self.expand::<N, false>(states, level, by_turns, sink)
        }
    }

    /// `expand` for a combat with teammates (`DUOS`) or none, chosen once
    /// (`expand_any`).
    fn expand<const N: usize, const DUOS: bool>(
        &self,
        states: impl IntoIterator<Item = (Key<N>, f64)>,
        level: usize,
        by_turns: bool,
        sink: &mut impl Sink<Key<N>>,
    ) -> Option<Fault> {
        let (c, kinds, layout) = (self.c, self.kinds, &self.layout);
        let mut odometer = Odometer::new();
        for (n, (key, p)) in states.into_iter().enumerate() {
            let mut state = key.decode(layout, kinds);
            if let Some(outcome) = state.outcome_as::<DUOS>(kinds, c.tiers) {
                sink.end(state.lens, outcome, p);
                continue;
            }
            if n % DEADLINE_EVERY == DEADLINE_EVERY - 1 && self.deadline.passed() {
                return Some(Fault::TimedOut);
            }
            let (mut overflowed, mut disordered) = (false, false);
            let stopped = turn_outcomes::<DUOS>(
                kinds,
                &mut state,
                &mut odometer,
                (self.deadline, max_turn_ways(self.max_states)),
                |next, q| {
                    // Ends go straight to the tally; the tables hold the rest.
                    if let Some(outcome) = next.outcome_as::<DUOS>(kinds, c.tiers) {
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
            if stopped.is_some() {
                return stopped;
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
