//! Durak as a game for the information-set search: move ids, playouts,
//! scores, and the observer's view as the information set.

use super::bots::{greedy_move, random_move, random_playout};
use super::game::{Game, Outcome, Phase};
use super::moves::{Move, MoveKind, NO_CARD};
use super::observe::Observation;
use super::rules::can_cover;
use crate::cards::Card;
use crate::error::Result;
use crate::mcts::{self, Budget, InformationSet, Rollout, SearchGame, SearchResult};
use crate::rng::Rng;

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
    /// The uncovered card the search's defence with `card` beats: one whose
    /// beating leaves the other uncovered cards coverable by the rest of
    /// the hand if there is one, preferring its own suit, then the highest.
    pub(crate) fn defence_target(&self, card: Card) -> Card {
        let slots = self.uncovered_slots();
        if slots.count_ones() == 1 {
            return self.attacks[slots.trailing_zeros() as usize];
        }
        let trump = self.trump();
        let hand = self.hand(self.to_move).mask() & !card.bit();
        let mut candidates: Vec<Card> = (0..self.table_len as usize)
            .filter(|&i| slots >> i & 1 == 1 && self.beaters(card.bit(), self.attacks[i]) != 0)
            .map(|i| self.attacks[i])
            .collect();
        candidates.sort_by_key(|t| std::cmp::Reverse((t.suit() == card.suit(), t.rank())));
        let feasible = candidates.iter().copied().find(|&t| {
            let rest: Vec<u8> = (0..self.table_len as usize)
                .filter(|&i| slots >> i & 1 == 1 && self.attacks[i] != t)
                .map(|i| self.attacks[i].index())
                .collect();
            can_cover(&rest, hand, trump)
        });
        feasible.or(candidates.first().copied()).unwrap_or(NO_CARD)
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

    fn rollout(&mut self, policy: Rollout, rng: &mut Rng) {
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

/// The observer's best move by information-set MCTS; the view is checked
/// first, and the observer must be the player to move.
pub fn best_move(view: &Observation, budget: &Budget, seed: u64) -> Result<SearchResult<Move>> {
    view.validate()?;
    mcts::search(view, budget, seed)
}
