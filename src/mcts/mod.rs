//! Single-observer information-set MCTS (Cowling, Powley and Whitehouse,
//! 2012), generic over a game. Each iteration samples a full game
//! consistent with what the observer knows (a determinization), walks the
//! one tree of information sets choosing among the children whose moves
//! are legal in that sample by UCB with availability counts, adds one node,
//! plays the rest out, and credits every node's result to the player who
//! made its move.
//!
//! Moves are small ids (below 128) so a node's legal children are one
//! `u128` mask. Nodes live in a `bumpalo` arena that each search resets;
//! after the first iterations the loop allocates nothing. Root parallelism:
//! each thread grows its own tree from its own random stream and the root
//! statistics are summed; one thread is deterministic for a seed under an
//! iteration budget.

use crate::budget::{Control, Estimate, Progress};
use crate::error::{Error, Result};
use crate::parallel::{map_items, run_with_threads};
use crate::rng::Rng;
use std::time::{Duration, Instant};

/// A game the search can play: a full state, with every card known.
pub trait SearchGame: Clone {
    /// A move as the game's callers see it (a Durak move, say).
    type Move: Copy;
    /// The player to move.
    fn to_move(&self) -> u8;
    /// Whether the game is finished.
    fn is_over(&self) -> bool;
    /// The legal moves as ids (bit i = id i); empty once over.
    fn legal_ids(&self) -> u128;
    /// The move of legal id `id` (ids below 128).
    fn move_of(&self, id: u8) -> Self::Move;
    /// Plays the move of legal id `id`.
    fn apply_id(&mut self, id: u8);
    /// What a tree keeps from one rollout to the next (an exact endgame
    /// solver's memo table, say); made fresh for each tree.
    type Scratch;
    /// A fresh scratch for one tree, sized by the search's budget.
    fn scratch(budget: &Budget) -> Self::Scratch;
    /// Plays to the end with the rollout policy (or settles the result
    /// exactly where the game can).
    fn rollout(&mut self, policy: Rollout, rng: &mut Rng, scratch: &mut Self::Scratch);
    /// A finished game's score for `player`, in 0..=1.
    fn reward(&self, player: u8) -> f64;
    /// The move the game's cheap heuristic player would make here (the
    /// game must not be over): how the tree models the other players (see
    /// [`Budget::opponent_policy`]).
    fn policy_id(&self, rng: &mut Rng) -> u8;
}

/// What the observer knows: samples games consistent with it.
pub trait InformationSet {
    /// The game a sample deals.
    type Game: SearchGame;
    /// The player whose knowledge this is (the one searching).
    fn observer(&self) -> u8;
    /// A full game consistent with what the observer knows, the unseen
    /// cards dealt at random.
    fn sample(&self, rng: &mut Rng) -> Self::Game;
}

/// How playouts choose moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rollout {
    /// Uniformly random legal moves.
    Random,
    /// The game's cheap heuristic player (the default: in Durak at 20 ms
    /// it wins about 70% of decided games against the same search with
    /// random playouts, for about 10% fewer iterations).
    #[default]
    Heuristic,
}

/// When to stop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Iterations for the whole call, split evenly among the trees; 0 =
    /// no limit (a time limit is then needed).
    pub iterations: u64,
    /// Wall-clock limit for the whole call; every tree still completes one
    /// iteration, so a search always rests on at least one.
    pub time: Option<Duration>,
    /// One tree per worker, by the rule of [`crate::parallel`] (0 = the
    /// shared pool, 1 = this thread), and never more trees than iterations.
    pub threads: usize,
    /// UCB exploration constant.
    pub exploration: f64,
    /// How playouts choose moves (the heuristic player by default).
    pub rollout: Rollout,
    /// Solve positions exactly where the game can (Durak: two players,
    /// at most the turned trump card left to draw), at the root and in
    /// place of rollouts.
    pub exact: bool,
    /// Moves below the root the tree grows to (0 = no limit); past it the
    /// rollout decides.
    pub max_depth: u32,
    /// How the tree chooses the other players' moves: at each of their
    /// nodes, with this probability by the game's heuristic player in the
    /// sampled game (seeing the cards the sample dealt them; the tree branches on
    /// their reply as on chance), else by UCB over their moves as for the
    /// observer's own (single-observer ISMCTS, whose statistics merge every
    /// hand the samples gave them). 0 = always UCB, 1 = always the policy;
    /// the default 0.5 hedges between an opponent who plays like the
    /// policy and one who searches (Durak, measured at equal time: 0.5
    /// wins far more against a greedy player than 0, and is level with it
    /// against a searching one; docs/src/decisions.md).
    pub opponent_policy: f64,
}

/// Iterations of a search given neither iterations nor a time limit.
pub const DEFAULT_ITERATIONS: u64 = 10_000;
/// The UCB exploration constant when none is given.
pub const DEFAULT_EXPLORATION: f64 = 0.7;

impl Budget {
    /// This budget with the limits every interface gives, 0 meaning none
    /// given (`budget::given`): `time_ms` 0 is no time limit; `iterations`
    /// 0 is no iteration limit when a time limit is given, else
    /// [`DEFAULT_ITERATIONS`].
    pub fn with_limits(self, iterations: u64, time_ms: u64) -> Budget {
        let time = crate::budget::given_ms(Some(time_ms));
        let iterations = match (crate::budget::given(iterations), time) {
            (Some(n), _) => n,
            (None, Some(_)) => 0,
            (None, None) => DEFAULT_ITERATIONS,
        };
        Budget {
            iterations,
            time,
            ..self
        }
    }

    /// This budget with the exploration constant every interface gives: 0
    /// is none given (`budget::given`), [`DEFAULT_EXPLORATION`].
    pub fn with_exploration(self, c: f64) -> Budget {
        Budget {
            exploration: crate::budget::given(c).unwrap_or(DEFAULT_EXPLORATION),
            ..self
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            iterations: DEFAULT_ITERATIONS,
            time: None,
            threads: 1,
            exploration: DEFAULT_EXPLORATION,
            rollout: Rollout::Heuristic,
            exact: true,
            max_depth: 0,
            opponent_policy: 0.5,
        }
    }
}

/// A root move's statistics, summed over the trees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Its id in the game (below 128).
    pub id: u8,
    /// Iterations that tried it, summed over the trees.
    pub visits: u64,
    /// Mean score for the observer.
    pub mean: f64,
}

/// The answer.
#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    /// The most visited root move.
    pub best: M,
    /// Iterations run, summed over the trees.
    pub iterations: u64,
    /// Tree nodes created, summed over the trees.
    pub nodes: u64,
    /// Wall-clock time of the call.
    pub elapsed: Duration,
    /// Every root move legal in the first sample, by id.
    pub moves: Vec<MoveStats<M>>,
    /// The observer's score under perfect play (0, 0.5 or 1) when the
    /// move was proven exactly instead of searched.
    pub exact: Option<f64>,
}

#[derive(Clone, Copy)]
struct Node {
    /// The move into this node and who made it.
    id: u8,
    player: u8,
    visits: u32,
    /// Iterations in which this node's move was legal (the UCB "n").
    available: u32,
    total: f64,
    first_child: u32,
    next_sibling: u32,
    /// Ids of the children.
    children: u128,
}

const NONE: u32 = u32::MAX;

/// Adds the child `id` (a move by `player`) under `parent`; its index.
fn add_child(
    nodes: &mut bumpalo::collections::Vec<'_, Node>,
    parent: usize,
    id: u8,
    player: u8,
) -> usize {
    let index = nodes.len();
    let sibling = nodes[parent].first_child;
    nodes[parent].first_child = index as u32;
    nodes[parent].children |= 1 << id;
    nodes.push(Node {
        id,
        player,
        visits: 0,
        available: 1,
        total: 0.0,
        first_child: NONE,
        next_sibling: sibling,
        children: 0,
    });
    index
}

/// Iterations of a tree between progress reports.
const ITERATIONS_PER_REPORT: u64 = 256;

/// Tells `deadline`'s hook a tree's share of its budget (iterations or
/// time, whichever is further) and its most visited root move's mean.
fn report(
    nodes: &[Node],
    iterations: u64,
    iterations_budget: u64,
    deadline: &Control,
    started: Instant,
) {
    let mut best: Option<&Node> = None;
    let mut child = nodes[0].first_child;
    while child != NONE {
        let ch = &nodes[child as usize];
        if best.is_none_or(|b| ch.visits > b.visits) {
            best = Some(ch);
        }
        child = ch.next_sibling;
    }
    let by_count = match iterations_budget {
        0 => 0.0,
        n => iterations as f64 / n as f64,
    };
    deadline.report_progress(Progress {
        fraction: by_count.max(deadline.time_used(started)),
        done: iterations,
        estimate: best
            .filter(|b| b.visits > 0)
            .map(|b| Estimate::of(&[b.total / b.visits as f64], 0.0)),
    });
}

/// One tree's search.
fn grow<I: InformationSet>(
    info: &I,
    budget: &Budget,
    iterations_budget: u64,
    deadline: &Control,
    mut rng: Rng,
    arena: &bumpalo::Bump,
) -> (Vec<(u8, u64, f64)>, u64, u64) {
    let mut nodes = bumpalo::collections::Vec::with_capacity_in(1 << 12, arena);
    nodes.push(Node {
        id: 0,
        player: 0,
        visits: 0,
        available: 0,
        total: 0.0,
        first_child: NONE,
        next_sibling: NONE,
        children: 0,
    });
    let mut path = bumpalo::collections::Vec::with_capacity_in(256, arena);
    let mut scratch = <I::Game as SearchGame>::scratch(budget);
    let mut iterations = 0u64;
    let c = budget.exploration;
    let observer = info.observer();
    let started = Instant::now();
    loop {
        if iterations_budget > 0 && iterations >= iterations_budget {
            break;
        }
        // The clock is read every 8 iterations (an iteration is a few
        // microseconds), from the first completed one on.
        if iterations > 0 && iterations.is_multiple_of(8) && deadline.passed() {
            break;
        }
        if iterations % ITERATIONS_PER_REPORT == ITERATIONS_PER_REPORT - 1
            && deadline.wants_progress()
        {
            report(&nodes, iterations, iterations_budget, deadline, started);
        }
        iterations += 1;
        let mut game = info.sample(&mut rng);
        path.clear();
        let mut node = 0usize;
        path.push(node);
        while !game.is_over() {
            // Below the depth limit the rollout decides.
            if budget.max_depth > 0 && path.len() > budget.max_depth as usize {
                break;
            }
            let legal = game.legal_ids();
            if legal == 0 {
                break; // a game with no move that is not over: nothing to choose
            }
            if game.to_move() != observer
                && budget.opponent_policy > 0.0
                && (budget.opponent_policy >= 1.0 || rng.unit() < budget.opponent_policy)
            {
                let id = game.policy_id(&mut rng);
                let existing = if nodes[node].children >> id & 1 == 1 {
                    let mut child = nodes[node].first_child;
                    while nodes[child as usize].id != id {
                        child = nodes[child as usize].next_sibling;
                    }
                    Some(child as usize)
                } else {
                    None
                };
                let next =
                    existing.unwrap_or_else(|| add_child(&mut nodes, node, id, game.to_move()));
                game.apply_id(id);
                path.push(next);
                if existing.is_none() {
                    break;
                }
                node = next;
                continue;
            }
            let untried = legal & !nodes[node].children;
            // Every legal child was available this time.
            let mut best = NONE;
            let mut best_score = f64::NEG_INFINITY;
            let mut child = nodes[node].first_child;
            while child != NONE {
                let ch = &mut nodes[child as usize];
                if legal >> ch.id & 1 == 1 {
                    ch.available += 1;
                    if untried == 0 {
                        let score = ch.total / ch.visits as f64
                            + c * ((ch.available as f64).ln() / ch.visits as f64).sqrt();
                        if score > best_score {
                            best_score = score;
                            best = child;
                        }
                    }
                }
                child = ch.next_sibling;
            }
            if untried != 0 {
                // Expand one untried move, chosen at random.
                let k = rng.below(untried.count_ones());
                let mut mask = untried;
                for _ in 0..k {
                    mask &= mask - 1;
                }
                let id = mask.trailing_zeros() as u8;
                let index = add_child(&mut nodes, node, id, game.to_move());
                game.apply_id(id);
                path.push(index);
                break;
            }
            node = best as usize;
            game.apply_id(nodes[node].id);
            path.push(node);
        }
        game.rollout(budget.rollout, &mut rng, &mut scratch);
        for &n in path.iter() {
            let node = &mut nodes[n];
            node.visits += 1;
            node.total += game.reward(node.player);
        }
    }
    let mut root = Vec::new();
    let mut child = nodes[0].first_child;
    while child != NONE {
        let ch = &nodes[child as usize];
        root.push((ch.id, ch.visits as u64, ch.total));
        child = ch.next_sibling;
    }
    (root, iterations, nodes.len() as u64)
}

/// The best move for the observer of `info`, within `budget`.
pub fn search<I: InformationSet + Sync>(
    info: &I,
    budget: &Budget,
    seed: u64,
) -> Result<SearchResult<<I::Game as SearchGame>::Move>> {
    search_controlled(info, budget, seed, &Control::NONE)
}

/// As [`search`], also stopping (with the move so far) once `control`'s
/// flag is set, and telling its hook the share of the budget used with
/// the most visited root move's mean score of a tree as the estimate.
pub fn search_controlled<I: InformationSet + Sync>(
    info: &I,
    budget: &Budget,
    seed: u64,
    control: &Control,
) -> Result<SearchResult<<I::Game as SearchGame>::Move>> {
    if budget.iterations == 0 && budget.time.is_none() {
        return Err(Error::invalid(
            "give an iteration budget, a time budget, or both",
        ));
    }
    if !(budget.exploration.is_finite() && budget.exploration >= 0.0) {
        return Err(Error::invalid("the exploration constant must be >= 0"));
    }
    let start = Instant::now();
    let deadline = control.with_budget(budget.time);
    let probe = info.sample(&mut Rng::new(seed));
    if probe.is_over() || probe.to_move() != info.observer() {
        return Err(Error::invalid(
            "the observer is not the player to move in a game in progress",
        ));
    }
    let legal = probe.legal_ids();
    if legal == 0 {
        return Err(Error::invalid("the player to move has no legal move"));
    }
    let trees = run_with_threads(budget.threads, |workers| {
        let mut count = workers.count() as u64;
        if budget.iterations > 0 {
            count = count.min(budget.iterations);
        }
        // Tree i's share of the iterations (all of it when unlimited).
        let share = |i: u64| match budget.iterations {
            0 => 0,
            total => total / count + u64::from(i < total % count),
        };
        Ok(map_items(workers, count, |i| {
            let arena = bumpalo::Bump::new();
            grow(
                info,
                budget,
                share(i),
                &deadline,
                Rng::stream(seed, i),
                &arena,
            )
        }))
    })?;
    let mut moves: Vec<MoveStats<_>> = Vec::new();
    let (mut iterations, mut nodes) = (0, 0);
    let mut totals = [0.0f64; 128];
    let mut visits = [0u64; 128];
    for (root, its, n) in trees {
        iterations += its;
        nodes += n;
        for (id, v, total) in root {
            visits[id as usize] += v;
            totals[id as usize] += total;
        }
    }
    for id in 0..128u8 {
        if legal >> id & 1 == 1 {
            let v = visits[id as usize];
            moves.push(MoveStats {
                mv: probe.move_of(id),
                id,
                visits: v,
                mean: if v > 0 {
                    totals[id as usize] / v as f64
                } else {
                    0.0
                },
            });
        }
    }
    // Most visited; ties to the better mean, then the lower id.
    let best = moves
        .iter()
        .max_by(|a, b| {
            a.visits
                .cmp(&b.visits)
                .then(a.mean.total_cmp(&b.mean))
                .then(b.id.cmp(&a.id))
        })
        .map(|m| m.mv)
        .ok_or_else(|| Error::invalid("no legal move"))?;
    Ok(SearchResult {
        best,
        iterations,
        nodes,
        elapsed: start.elapsed(),
        moves,
        exact: None,
    })
}
