//! Durak as a game for the information-set search: move ids, playouts,
//! scores, and the observer's view as the information set.

use super::bots::{greedy_move, random_move, random_playout};
use super::endgame::{Endgame, LOSS, Value, WIN, is_endgame};
use super::game::{Game, Outcome, Phase};
use super::moves::{Move, MoveKind, NO_CARD};
use super::observe::Observation;
use super::rules::{SUITS, beats, can_cover};
use crate::budget::Control;
use crate::cards::Card;
use crate::error::Result;
use crate::mcts::{self, Budget, InformationSet, MoveStats, Rollout, SearchGame, SearchResult};
use crate::rng::Rng;
use std::time::{Duration, Instant};

const DEFEND_BASE: u8 = 52;
const TAKE_ID: u8 = 104;
const PASS_ID: u8 = 105;
const TRANSFER_BASE: u8 = 106;

/// A move's id: attack card 0..52, defending card 52..104, take, pass,
/// transfer by the card's suit 106..110. A defence's id names only the
/// card: with one uncovered card that is the move; with several, the
/// search lets the card beat the target `Game::defence_target` picks.
pub fn move_id(m: Move) -> u8 {
    match m.kind {
        MoveKind::Attack => m.card.index(),
        MoveKind::Defend => DEFEND_BASE + m.card.index(),
        MoveKind::Take => TAKE_ID,
        MoveKind::Pass => PASS_ID,
        MoveKind::Transfer => TRANSFER_BASE + m.card.suit(),
    }
}

impl Game {
    /// Cards in hands, on the table and left to draw.
    fn cards_in_play(&self) -> u32 {
        self.hand(0).len() + self.hand(1).len() + self.table_cards.len() + self.talon_len as u32
    }

    /// The uncovered card the search's defence with `card` beats: one whose
    /// beating leaves the other uncovered cards coverable by the rest of
    /// the hand if there is one, preferring its own suit, then the highest.
    pub(crate) fn defence_target(&self, card: Card) -> Card {
        let slots = self.uncovered_slots();
        if slots.count_ones() == 1 {
            return self.attacks[slots.trailing_zeros() as usize];
        }
        let uncovered = self.uncovered_cards();
        let trump = self.trump();
        let beaten = {
            let mut m = 0;
            let mut rest = uncovered;
            while rest != 0 {
                let t = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                if beats(card.index(), t, trump) {
                    m |= 1u64 << t;
                }
            }
            m
        };
        let hand = self.hand(self.to_move).mask() & !card.bit();
        let own_suit = beaten & SUITS[card.suit() as usize];
        // Highest first within each group: bits are rank-major.
        let highest = |m: u64| (m != 0).then(|| 63 - m.leading_zeros() as u8);
        let mut order = [own_suit, beaten & !own_suit];
        let mut first = None;
        for group in &mut order {
            while let Some(t) = highest(*group) {
                *group &= !(1u64 << t);
                first.get_or_insert(t);
                if can_cover(uncovered & !(1u64 << t), hand, trump) {
                    return Card::new(t).unwrap_or(NO_CARD);
                }
            }
        }
        first.and_then(Card::new).unwrap_or(NO_CARD)
    }
}

/// A greedy move most of the time, a random one otherwise, so heuristic
/// playouts still vary.
fn heuristic_move(g: &Game, rng: &mut Rng) -> Move {
    if rng.below(10) == 0 {
        random_move(g, rng)
    } else {
        greedy_move(g)
    }
}

impl SearchGame for Game {
    type Move = Move;

    fn to_move(&self) -> u8 {
        self.to_move
    }

    fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    fn legal_ids(&self) -> u128 {
        let hand = self.hand(self.to_move).mask();
        match self.phase {
            Phase::Lead => u128::from(hand),
            Phase::Defend => {
                let transfers = self.transfer_cards();
                let suits = (0..4).fold(0u128, |m, s| {
                    m | u128::from(transfers & super::rules::SUITS[s] != 0)
                        << (TRANSFER_BASE as usize + s)
                });
                u128::from(self.defending_cards()) << DEFEND_BASE | suits | 1 << TAKE_ID
            }
            Phase::ThrowIn | Phase::Taking => u128::from(self.throwable_now()) | 1 << PASS_ID,
            Phase::Over => 0,
        }
    }

    fn move_of(&self, id: u8) -> Move {
        let card = |i: u8| Card::new(i).unwrap_or(NO_CARD);
        match id {
            TAKE_ID => Move::TAKE,
            PASS_ID => Move::PASS,
            i if i >= TRANSFER_BASE => {
                Move::transfer(card(self.attacks[0].rank() * 4 + (i - TRANSFER_BASE)))
            }
            i if i >= DEFEND_BASE => {
                let c = card(i - DEFEND_BASE);
                Move::defend(self.defence_target(c), c)
            }
            i => Move::attack(card(i)),
        }
    }

    fn apply_id(&mut self, id: u8) {
        let m = self.move_of(id);
        self.apply_unchecked(m);
    }

    type Scratch = Option<Endgame>;

    fn scratch(budget: &Budget) -> Option<Endgame> {
        budget.exact.then(|| Endgame::new(LEAF_MEMO))
    }

    fn rollout(&mut self, policy: Rollout, rng: &mut Rng, endgame: &mut Option<Endgame>) {
        if let Some(solver) = endgame
            && is_endgame(self)
            && self.outcome.is_none()
            && self.cards_in_play() <= LEAF_CARDS
            && let Ok(value) = solver.solve(self, LEAF_NODES, &Control::NONE)
        {
            self.settle(value);
            return;
        }
        match policy {
            Rollout::Random => random_playout(self, rng),
            Rollout::Heuristic => {
                while self.outcome.is_none() {
                    let m = heuristic_move(self, rng);
                    self.apply_unchecked(m);
                }
            }
        }
    }

    fn policy_id(&self, rng: &mut Rng) -> u8 {
        move_id(heuristic_move(self, rng))
    }

    fn reward(&self, player: u8) -> f64 {
        match self.outcome {
            Some(Outcome::Loser(p)) if p == player => 0.0,
            Some(Outcome::Draw) if self.drawn & (1 << player) != 0 => 0.5,
            _ => 1.0,
        }
    }
}

impl InformationSet for Observation {
    type Game = Game;

    fn observer(&self) -> u8 {
        self.me
    }

    fn sample(&self, rng: &mut Rng) -> Game {
        self.determinize(rng)
    }
}

/// Leaves with at most this many cards in hands and on the table are
/// solved exactly instead of played out (a few microseconds each: larger
/// endgames cost far more than a rollout, measured).
const LEAF_CARDS: u32 = 8;
/// Positions a leaf's exact solve may search before it gives up and plays
/// out instead (what it proved stays in the tree's memo for next time).
const LEAF_NODES: u64 = 1_000;
/// Proved positions a tree keeps.
const LEAF_MEMO: usize = 1 << 18;
/// The share of a time budget the root's exact solve may use before the
/// search takes over with the rest.
const ROOT_TIME_SHARE: f64 = 0.5;
/// Positions the root's exact solve may search per iteration of the
/// budget, when the budget counts iterations only.
const ROOT_NODES_PER_ITERATION: u64 = 10;

/// The observer's best move; the view is checked first, and the observer
/// must be the player to move. With two players and at most the turned
/// trump card left to draw (and `budget.exact`), the endgame is solved
/// exactly when it fits half the time budget (`SearchResult::exact` says so); otherwise, or when it does
/// not fit, information-set MCTS searches with what is left of the budget.
pub fn best_move(view: &Observation, budget: &Budget, seed: u64) -> Result<SearchResult<Move>> {
    best_move_controlled(view, budget, seed, &Control::NONE)
}

/// As [`best_move`], also stopping (with the move so far) once `control`'s
/// flag is set, and telling its hook the search's progress (see
/// [`mcts::search_controlled`]).
pub fn best_move_controlled(
    view: &Observation,
    budget: &Budget,
    seed: u64,
    control: &Control,
) -> Result<SearchResult<Move>> {
    view.validate()?;
    let start = Instant::now();
    if budget.exact && view.config.players == 2 && view.talon_len <= 1 {
        // Nothing is hidden: the one game consistent with the view.
        let game = view.determinize(&mut Rng::new(seed));
        if view.to_move != view.me {
            return Err(crate::error::Error::invalid(
                "the observer is not the player to move in a game in progress",
            ));
        }
        // The solve gets a share of the time: when it does not fit, the
        // search still has the rest (with all of it spent on a failed
        // solve, the search ran one iteration and played almost at random:
        // measured, that lost to the search without an exact endgame).
        let endgame_control = control.with_budget(budget.time.map(|t| t.mul_f64(ROOT_TIME_SHARE)));
        let nodes = match budget.time {
            Some(_) => 0,
            None => budget
                .iterations
                .saturating_mul(ROOT_NODES_PER_ITERATION)
                .max(1),
        };
        let mut solver = Endgame::default();
        let solved = solver.solve_moves(&game, nodes, &endgame_control).ok();
        let left = budget.time.map(|t| t.saturating_sub(start.elapsed()));
        let rest = Budget {
            time: left.map(|t| t.max(Duration::from_micros(1))),
            ..*budget
        };
        return match solved {
            // A proven win: any winning move does.
            Some(values) if values.iter().any(|&(_, v)| v == WIN) => {
                Ok(exact_result(&game, values, solver.nodes(), start))
            }
            // A draw or a loss against perfect play: the search picks,
            // among the moves that keep the proven result, the one most
            // likely to let a fallible opponent go wrong.
            Some(values) => {
                let mut searched = mcts::search_controlled(view, &rest, seed, control)?;
                keep_proven(&mut searched, &values);
                Ok(searched)
            }
            // Did not fit: search in the time left.
            None => mcts::search_controlled(view, &rest, seed, control),
        };
    }
    mcts::search_controlled(view, budget, seed, control)
}

/// Restricts a search's choice to the moves of the best proven value and
/// records that value.
fn keep_proven(searched: &mut SearchResult<Move>, values: &[(Move, Value)]) {
    let best_value = values.iter().map(|&(_, v)| v).max().unwrap_or(LOSS);
    let keeps = |m: Move| values.iter().any(|&(n, v)| n == m && v == best_value);
    if let Some(best) = searched
        .moves
        .iter()
        .filter(|s| keeps(s.mv))
        .max_by(|a, b| a.visits.cmp(&b.visits).then(a.mean.total_cmp(&b.mean)))
    {
        searched.best = best.mv;
    } else if let Some(&(m, _)) = values.iter().find(|&&(_, v)| v == best_value) {
        searched.best = m;
    }
    searched.exact = Some(f64::from(best_value) / 2.0);
}

/// The proven best move: the greedy bot's move if it is among the best,
/// else the first best in move order.
fn exact_result(
    game: &Game,
    values: Vec<(Move, Value)>,
    nodes: u64,
    start: Instant,
) -> SearchResult<Move> {
    let best_value = values.iter().map(|&(_, v)| v).max().unwrap_or(LOSS);
    let greedy = greedy_move(game);
    let best = values
        .iter()
        .find(|&&(m, v)| m == greedy && v == best_value)
        .or_else(|| values.iter().find(|&&(_, v)| v == best_value))
        .map_or(greedy, |&(m, _)| m);
    let score = |v: Value| f64::from(v) / 2.0;
    SearchResult {
        best,
        iterations: 0,
        nodes,
        elapsed: start.elapsed(),
        moves: values
            .iter()
            .map(|&(m, v)| MoveStats {
                mv: m,
                id: move_id(m),
                visits: 0,
                mean: score(v),
            })
            .collect(),
        exact: Some(score(best_value)),
    }
}
