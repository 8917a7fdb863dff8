//! The exact endgame: with two players and at most one card in the talon
//! (the turned trump card, face up) each player knows the other's hand
//! and what is left to draw, so the rest of the game is a game of perfect
//! information without chance. It is solved by memoized AND/OR search on
//! the two questions "can the player to move force at least a draw?" and
//! "... a win?" (alpha-beta on three values amounts to these), over
//! positions keyed by what decides the rest of the game: both hands, the
//! table's cards and its uncovered cards, the card left to draw, and the
//! bout's roles and counters. Each position tries the greedy player's move
//! first, and a stored answer to one question answers the other where it
//! can (a win is a draw at least; no draw, no win).
//!
//! The move-by-move rules (`Game::legal_moves`, `Game::apply_unchecked`)
//! generate the tree, so the endgame follows every rules option.
//!
//! Transfers can bring a position back (a card transferred, then picked
//! up with the table), so a game of the transfer variant may go on for
//! ever. A position met again on the line being searched scores a draw:
//! neither player can be made the durak. Results that rest on such a
//! repetition above them are not memoized, so every stored value is that
//! of its position whatever line led there.

use super::bots::greedy_move;
use super::game::{Game, Outcome, Phase, Variant};
use super::moves::{Move, MoveList};
use crate::budget::Control;
use crate::memo::{FixedMap, fixed_map};

/// What a player gets: 0 loss, 1 draw, 2 win.
pub type Value = u8;
/// The player loses (is the durak).
pub const LOSS: Value = 0;
/// A draw.
pub const DRAW: Value = 1;
/// The player wins.
pub const WIN: Value = 2;

/// A position as the rest of the game sees it (two players, at most the
/// turned trump card left to draw).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Position {
    hands: [u64; 2],
    table: u64,
    uncovered: u64,
    /// The card left to draw, if any.
    talon: u64,
    /// Attack cards on the table, the limit, roles, phase and passes,
    /// packed.
    small: u32,
}

/// A position and the question asked of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    position: Position,
    target: Value,
}

/// No repetition below: the result holds whatever line led here.
const NO_REPETITION: usize = usize::MAX;

/// Why a solve stopped without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsolved {
    /// Not a two-player game with at most one card left to draw.
    NotAnEndgame,
    /// The node budget, the deadline or a cancel ran out first.
    Budget,
}

/// A solver with its memo table; keep one across solves of related
/// positions (a search's leaves) to reuse what it proved.
pub struct Endgame {
    memo: FixedMap<Key, bool>,
    /// The positions on the line being searched (transfer games only).
    line: Vec<Position>,
    nodes: u64,
    node_limit: u64,
    control: Control,
    /// Most memo entries kept; the table is cleared when it grows past.
    capacity: usize,
}

impl Default for Endgame {
    fn default() -> Self {
        Endgame::new(1 << 20)
    }
}

impl Endgame {
    /// A solver keeping at most `capacity` proved positions.
    pub fn new(capacity: usize) -> Endgame {
        Endgame {
            memo: fixed_map(1 << 10),
            line: Vec::new(),
            nodes: 0,
            node_limit: 0,
            control: Control::NONE,
            capacity,
        }
    }

    /// Positions searched by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value for the player to move of `game` under perfect play by
    /// both, within `node_limit` positions searched (0 = no limit) and
    /// `control`'s deadline.
    pub fn solve(
        &mut self,
        game: &Game,
        node_limit: u64,
        control: &Control,
    ) -> Result<Value, Unsolved> {
        if !is_endgame(game) || game.outcome().is_some() {
            return Err(Unsolved::NotAnEndgame);
        }
        if self.memo.len() > self.capacity {
            self.memo.clear();
        }
        self.nodes = 0;
        self.node_limit = node_limit;
        self.control = control.clone();
        let g = game.clone();
        self.line.clear();
        if self.at_least(&g, WIN)?.0 {
            Ok(WIN)
        } else if self.at_least(&g, DRAW)?.0 {
            Ok(DRAW)
        } else {
            Ok(LOSS)
        }
    }

    /// The value of each legal move for the player to move, in
    /// `Game::legal_moves` order.
    pub fn solve_moves(
        &mut self,
        game: &Game,
        node_limit: u64,
        control: &Control,
    ) -> Result<Vec<(Move, Value)>, Unsolved> {
        if !is_endgame(game) || game.outcome().is_some() {
            return Err(Unsolved::NotAnEndgame);
        }
        let me = game.to_move();
        let mut list = MoveList::default();
        game.legal_moves(&mut list);
        let mut values = Vec::with_capacity(list.len());
        let mut spent = 0;
        for &m in list.as_slice() {
            let mut next = game.clone();
            next.apply_unchecked(m);
            let left = if node_limit == 0 {
                0
            } else {
                node_limit.saturating_sub(spent).max(1)
            };
            let value = match next.outcome() {
                Some(o) => value_of(o, next.drawn(), me),
                None => {
                    let v = self.solve(&next, left, control)?;
                    spent += self.nodes;
                    if next.to_move() == me { v } else { WIN - v }
                }
            };
            values.push((m, value));
        }
        self.nodes = spent;
        Ok(values)
    }

    /// Whether the player to move can force at least `target`, and the
    /// depth on the line of the earliest repeated position the answer
    /// rests on (`NO_REPETITION` if none).
    fn at_least(&mut self, g: &Game, target: Value) -> Result<(bool, usize), Unsolved> {
        let position = position(g);
        let key = Key { position, target };
        if let Some(&known) = self.memo.get(&key) {
            return Ok((known, NO_REPETITION));
        }
        // A win is at least a draw; no draw, no win.
        let (other, implied) = if target == DRAW {
            (WIN, true)
        } else {
            (DRAW, false)
        };
        if target != LOSS
            && self.memo.get(&Key {
                position,
                target: other,
            }) == Some(&implied)
        {
            return Ok((implied, NO_REPETITION));
        }
        let repeats = g.config().variant == Variant::Transfer;
        if repeats && let Some(depth) = self.line.iter().position(|&p| p == position) {
            return Ok((DRAW >= target, depth));
        }
        self.nodes += 1;
        if self.node_limit > 0 && self.nodes > self.node_limit {
            return Err(Unsolved::Budget);
        }
        if self.nodes.is_multiple_of(1 << 10) && self.control.passed() {
            return Err(Unsolved::Budget);
        }
        let depth = self.line.len();
        if repeats {
            self.line.push(position);
        }
        let result = self.best_reply(g, target);
        if repeats {
            self.line.pop();
        }
        let (reached, earliest) = result?;
        if earliest >= depth {
            self.memo.insert(key, reached);
            return Ok((reached, NO_REPETITION));
        }
        Ok((reached, earliest))
    }

    /// `at_least`'s search over the moves of `g`.
    fn best_reply(&mut self, g: &Game, target: Value) -> Result<(bool, usize), Unsolved> {
        let me = g.to_move();
        let mut list = MoveList::default();
        g.legal_moves(&mut list);
        // The greedy player's move first: most often the one that
        // answers the question (half the positions searched, measured).
        list.put_first(greedy_move(g));
        let mut earliest = NO_REPETITION;
        for &m in list.as_slice() {
            let mut next = g.clone();
            next.apply_unchecked(m);
            let (reached, rests_on) = match next.outcome() {
                Some(o) => (value_of(o, next.drawn(), me) >= target, NO_REPETITION),
                None if next.to_move() == me => self.at_least(&next, target)?,
                // The opponent must not reach more than WIN - target.
                None => {
                    let (opponent, rests_on) = self.at_least(&next, WIN - target + 1)?;
                    (!opponent, rests_on)
                }
            };
            earliest = earliest.min(rests_on);
            if reached {
                return Ok((true, earliest));
            }
        }
        Ok((false, earliest))
    }
}

impl Game {
    /// Ends the game as perfect play from here would: `value` is the
    /// player to move's.
    pub(crate) fn settle(&mut self, value: Value) {
        let mover = self.to_move();
        let outcome = match value {
            WIN => Outcome::Loser(1 - mover),
            LOSS => Outcome::Loser(mover),
            _ => {
                self.drawn = 0b11;
                Outcome::Draw
            }
        };
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
    }
}

/// Two players and at most the turned trump card left to draw: nothing
/// hidden from either player, no chance left.
pub fn is_endgame(g: &Game) -> bool {
    g.config().players == 2 && g.talon_len() <= 1
}

/// What a finished game gives `player`.
pub fn value_of(outcome: Outcome, drawn: u8, player: u8) -> Value {
    match outcome {
        Outcome::Loser(p) if p == player => LOSS,
        Outcome::Draw if drawn & (1 << player) != 0 => DRAW,
        _ => WIN,
    }
}

/// Ranks with no card left in play are dropped from the key (a card's rank
/// becomes its rank among those still in hands or on the table): only the
/// order of ranks within a suit and their equality across suits decide
/// anything, so positions that differ only in which ranks are gone meet
/// in the memo.
fn compress(mask: u64, present: u16) -> u64 {
    let mut out = 0;
    let mut rest = mask;
    while rest != 0 {
        let c = rest.trailing_zeros();
        rest &= rest - 1;
        let (rank, suit) = (c / 4, c % 4);
        let new_rank = (present & ((1u16 << rank) - 1)).count_ones();
        out |= 1 << (new_rank * 4 + suit);
    }
    out
}

/// The ranks with a card in `mask`.
fn ranks_of(mask: u64) -> u16 {
    let mut ranks = 0u16;
    for rank in 0..13 {
        if mask >> (rank * 4) & 0xF != 0 {
            ranks |= 1 << rank;
        }
    }
    ranks
}

fn position(g: &Game) -> Position {
    let phase = g.phase() as u32;
    let small = g.table_len as u32
        | (g.bout_limit as u32) << 3
        | (g.attacker() as u32) << 6
        | (g.to_move() as u32) << 7
        | phase << 8
        | (g.passed as u32 & 3) << 11;
    debug_assert!(phase <= Phase::Over as u32);
    let (a, b, table) = (g.hand(0).mask(), g.hand(1).mask(), g.table_cards.mask());
    let talon = g.talon[..g.talon_len as usize]
        .iter()
        .fold(0u64, |m, c| m | c.bit());
    let present = ranks_of(a | b | table | talon);
    Position {
        hands: [compress(a, present), compress(b, present)],
        table: compress(table, present),
        uncovered: compress(g.uncovered_cards(), present),
        talon: compress(talon, present),
        small,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSet;
    use crate::durak::game::{Config, Deck, Protocol, Variant};
    use crate::rng::Rng;
    use proptest::prelude::*;

    /// Plain minimax over every move, no memo: the reference.
    /// A position met again on the line is a draw.
    fn brute_force(g: &Game, player: u8) -> Value {
        brute(g, player, &mut Vec::new())
    }

    fn brute(g: &Game, player: u8, line: &mut Vec<Position>) -> Value {
        if let Some(o) = g.outcome() {
            return value_of(o, g.drawn(), player);
        }
        let here = position(g);
        if line.contains(&here) {
            return DRAW;
        }
        line.push(here);
        let mut list = MoveList::default();
        g.legal_moves(&mut list);
        let values: Vec<Value> = list
            .as_slice()
            .iter()
            .map(|&m| {
                let mut next = g.clone();
                next.apply_unchecked(m);
                brute(&next, player, line)
            })
            .collect();
        line.pop();
        if g.to_move() == player {
            values.into_iter().max().unwrap_or(LOSS)
        } else {
            values.into_iter().min().unwrap_or(WIN)
        }
    }

    /// A two-player endgame: `sizes` cards dealt at random from the deck to
    /// each hand, the rest discarded, the talon empty.
    fn endgame(config: Config, sizes: [u32; 2], attacker: u8, seed: u64) -> Game {
        endgame_with_talon(config, sizes, attacker, seed, false)
    }

    /// As `endgame`, with the turned trump card still under the talon when
    /// `trump_left` (the attacker draws it after the first bout).
    fn endgame_with_talon(
        config: Config,
        sizes: [u32; 2],
        attacker: u8,
        seed: u64,
        trump_left: bool,
    ) -> Game {
        let mut rng = Rng::new(seed);
        let mut g = Game::new(config, &mut rng).unwrap();
        let mut pool: Vec<_> = config
            .deck
            .cards()
            .iter()
            .filter(|&c| !trump_left || c != g.trump_card)
            .collect();
        let mut hands = [CardSet::EMPTY; 6];
        for (p, &n) in sizes.iter().enumerate() {
            for _ in 0..n {
                let i = rng.below(pool.len() as u32) as usize;
                hands[p].insert(pool.swap_remove(i));
            }
        }
        g.hands = hands;
        g.known = [CardSet::EMPTY; 6];
        g.talon_len = u8::from(trump_left);
        g.talon[0] = g.trump_card;
        g.discard = pool.into_iter().collect();
        g.out = 0;
        g.start_bout(attacker);
        g.check_invariants().unwrap();
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The memoized AND/OR search gives brute-force minimax's value, for
        /// the position and for each move, on every rules option, with the
        /// talon empty or holding the turned trump card.
        #[test]
        fn the_solver_agrees_with_brute_force_minimax(
            a in 1u32..4, b in 1u32..4, attacker in 0u8..2, seed in any::<u64>(),
            transfer in any::<bool>(), several in any::<bool>(), small_deck in any::<bool>(),
            trump_left in any::<bool>(),
        ) {
            let config = Config {
                deck: if small_deck { Deck::Cards24 } else { Deck::Cards36 },
                variant: if transfer { Variant::Transfer } else { Variant::Podkidnoy },
                protocol: if several { Protocol::SeveralAtOnce } else { Protocol::OneAtATime },
                ..Config::default()
            };
            // With a card left to draw, one card fewer in hands keeps plain
            // minimax (exponential in transfer chains) quick.
            let b = if trump_left { b.min(5 - a) } else { b };
            let g = endgame_with_talon(config, [a, b], attacker, seed, trump_left);
            let me = g.to_move();
            let mut solver = Endgame::default();
            prop_assert_eq!(solver.solve(&g, 0, &Control::NONE).unwrap(), brute_force(&g, me));
            for (m, v) in solver.solve_moves(&g, 0, &Control::NONE).unwrap() {
                let mut next = g.clone();
                next.apply_unchecked(m);
                prop_assert_eq!(v, brute_force(&next, me), "{}", m);
            }
        }
    }

    /// On larger podkidnoy endgames (no repetitions) the value of the
    /// position is the best of its moves' values.
    #[test]
    fn the_value_is_the_best_move_value() {
        for seed in 0..40 {
            let g = endgame(Config::default(), [6, 5], (seed % 2) as u8, seed);
            let mut solver = Endgame::default();
            let value = solver.solve(&g, 0, &Control::NONE).unwrap();
            let moves = solver.solve_moves(&g, 0, &Control::NONE).unwrap();
            assert_eq!(moves.iter().map(|&(_, v)| v).max(), Some(value));
        }
    }

    #[test]
    fn budgets_and_non_endgames_are_refused() {
        let g = endgame(Config::default(), [6, 6], 0, 3);
        let mut solver = Endgame::default();
        assert_eq!(
            solver.solve(&g, 5, &Control::NONE),
            Err(Unsolved::Budget),
            "five positions are not enough for six cards each"
        );
        let fresh = Game::new(Config::default(), &mut Rng::new(1)).unwrap();
        assert_eq!(
            solver.solve(&fresh, 0, &Control::NONE),
            Err(Unsolved::NotAnEndgame)
        );
    }
}
