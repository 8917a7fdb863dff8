//! The coin-box game (seed 003, AtCoder iroha2019 day 2 F), generalized:
//! k boxes (1..=6) each holding coins of up to 4 denominations (default
//! 100 and 50), counts 0..=15. Players alternately pick a non-empty box and
//! draw a uniformly random coin from it; each maximizes their own money.
//! The value is the first player's expected money.
//!
//! The game is constant-sum, so it is an expectimax game: Max is the first
//! player, rewards are the coins Max draws, and Min minimizes them.

use super::{
    Child, DEFAULT_MAX_STATES, DenseChild, DenseGame, Game, NodeKind, Options, Solution, solve,
};
use crate::budget::Control;
use crate::error::{Error, Result};

mod sweep;

/// Most boxes.
pub const MAX_BOXES: usize = 6;
/// Most denominations.
pub const MAX_DENOMINATIONS: usize = 4;
/// Most coins of one denomination in one box.
pub const MAX_COUNT: u32 = 15;
/// The seed problem's denominations: 100 and 50.
pub const DEFAULT_DENOMINATIONS: [f64; 2] = [100.0, 50.0];

const DIGITS: usize = MAX_BOXES * MAX_DENOMINATIONS;

/// Coin counts, box-major: `counts[box * denominations + d]`.
pub type Counts = [u8; DIGITS];

/// Bits of one count in a packed state (counts are at most 15).
const COUNT_BITS: u32 = 4;

/// The sum of the 4-bit counts in a word (each byte sums two, at most 30;
/// the multiply adds the eight bytes).
#[inline]
fn nibble_sum(word: u64) -> u32 {
    const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let bytes = (word & LOW) + ((word >> 4) & LOW);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// A coin game from its starting counts.
#[derive(Debug, Clone)]
pub struct CoinGame {
    boxes: usize,
    denominations: Vec<f64>,
    /// The denominations in a fixed array (zeros past them).
    rewards: [f64; MAX_DENOMINATIONS],
    root: Counts,
    root_total: u32,
    /// Mixed-radix place value of each count in the dense index.
    stride: [usize; DIGITS],
    size: usize,
}

/// How to solve: the dense bottom-up sweep or the general hashed search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The bottom-up sweep over every count vector (no hashing): the fastest
    /// on games that fit its flat table.
    Dense,
    /// The general solver, with states that differ only by the order of
    /// the boxes merged into one (see [`PackedCoins`]).
    Hashed,
    /// The general solver over every state, boxes in place (the reference
    /// for `Hashed`, and the measure of the solver on the full game).
    HashedAllStates,
}

impl CoinGame {
    /// `boxes[k][d]` coins of denomination `d` in box `k`.
    pub fn new(boxes: &[Vec<u32>], denominations: &[f64]) -> Result<CoinGame> {
        if boxes.is_empty() || boxes.len() > MAX_BOXES {
            return Err(Error::invalid(format!(
                "{} boxes given; between 1 and {MAX_BOXES}",
                boxes.len()
            )));
        }
        let nd = denominations.len();
        if nd == 0 || nd > MAX_DENOMINATIONS {
            return Err(Error::invalid(format!(
                "{nd} denominations given; between 1 and {MAX_DENOMINATIONS}"
            )));
        }
        if let Some(d) = denominations.iter().find(|d| !d.is_finite() || **d < 0.0) {
            return Err(Error::invalid(format!(
                "denomination {d} is not a finite amount >= 0"
            )));
        }
        let mut root = [0u8; DIGITS];
        let mut total_value = 0.0f64;
        for (k, counts) in boxes.iter().enumerate() {
            if counts.len() != nd {
                return Err(Error::invalid(format!(
                    "box {} has {} counts; one per denomination ({nd}) expected",
                    k + 1,
                    counts.len()
                )));
            }
            for (d, &c) in counts.iter().enumerate() {
                if c > MAX_COUNT {
                    return Err(Error::invalid(format!(
                        "box {} holds {c} coins of denomination {}; at most {MAX_COUNT}",
                        k + 1,
                        denominations[d]
                    )));
                }
                root[k * nd + d] = c as u8;
                total_value += c as f64 * denominations[d];
            }
        }
        // Every value the solver forms is a weighted sum of at most all the
        // coins: finite whenever their total is.
        if !total_value.is_finite() {
            return Err(Error::invalid(
                "the coins' total value overflows a double: use smaller denominations",
            ));
        }
        let digits = boxes.len() * nd;
        let mut stride = [0usize; DIGITS];
        let mut size = 1usize;
        for i in 0..digits {
            stride[i] = size;
            // Saturates: such a game is over any state budget anyway.
            size = size.saturating_mul(root[i] as usize + 1);
        }
        Ok(CoinGame {
            boxes: boxes.len(),
            denominations: denominations.to_vec(),
            rewards: std::array::from_fn(|d| denominations.get(d).copied().unwrap_or(0.0)),
            root,
            root_total: root.iter().map(|&c| c as u32).sum(),
            stride,
            size,
        })
    }

    /// Seed 003's form: counts `A1 A2 B1 B2 C1 C2` of 100 and 50 coins.
    pub fn atcoder(counts: [u32; 6]) -> Result<CoinGame> {
        let boxes: Vec<Vec<u32>> = counts.chunks(2).map(|c| c.to_vec()).collect();
        CoinGame::new(&boxes, &DEFAULT_DENOMINATIONS)
    }

    fn digits(&self) -> usize {
        self.boxes * self.denominations.len()
    }

    /// Whether Max (the first player) draws when `total` coins remain.
    fn max_to_move(&self, total: u32) -> bool {
        (self.root_total - total).is_multiple_of(2)
    }

    /// The dense index of a state.
    pub fn index(&self, counts: &Counts) -> usize {
        (0..self.digits())
            .map(|i| counts[i] as usize * self.stride[i])
            .sum()
    }

    /// Appends one move per non-empty box, each a lottery over its coins.
    fn moves<T>(
        &self,
        counts: &Counts,
        mut push: impl FnMut(u32, f64, f64, usize) -> T,
    ) -> NodeKind {
        let nd = self.denominations.len();
        let total: u32 = counts[..self.digits()].iter().map(|&c| c as u32).sum();
        if total == 0 {
            return NodeKind::Terminal(0.0);
        }
        let max_turn = self.max_to_move(total);
        for k in 0..self.boxes {
            let in_box: u32 = counts[k * nd..(k + 1) * nd].iter().map(|&c| c as u32).sum();
            if in_box == 0 {
                continue;
            }
            let share = 1.0 / in_box as f64;
            for d in 0..nd {
                let c = counts[k * nd + d];
                if c > 0 {
                    let reward = if max_turn { self.denominations[d] } else { 0.0 };
                    push(k as u32, c as f64 * share, reward, k * nd + d);
                }
            }
        }
        if max_turn {
            NodeKind::Max
        } else {
            NodeKind::Min
        }
    }
}

/// A packed state word for the hashed path: every count in 4 bits, box
/// after box, in a `u64` when they fit (the table's entries stay small)
/// and a `u128` otherwise.
pub trait PackedWord:
    Copy
    + Eq
    + std::hash::Hash
    + From<u8>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
{
    /// The lowest 64 bits.
    fn low(self) -> u64;
    /// A word holding `low` in its lowest 64 bits.
    fn from_low(low: u64) -> Self;
    /// The sum of all the 4-bit counts.
    fn count_sum(self) -> u32;
}

impl PackedWord for u64 {
    fn low(self) -> u64 {
        self
    }
    fn from_low(low: u64) -> Self {
        low
    }
    fn count_sum(self) -> u32 {
        nibble_sum(self)
    }
}

impl PackedWord for u128 {
    fn low(self) -> u64 {
        self as u64
    }
    fn from_low(low: u64) -> Self {
        low as u128
    }
    fn count_sum(self) -> u32 {
        nibble_sum(self as u64) + nibble_sum((self >> 64) as u64)
    }
}

/// The coin game as the general solver sees it, states packed in `W`.
///
/// With `MERGE_BOXES`, states that differ only by the order of the boxes
/// are one state: a box's contents, not its place, decide what it offers,
/// so such states have the same value. Below the root, boxes are kept
/// sorted by contents (largest packed field first), and of equal boxes
/// only the first offers its move (the others' lotteries are the same).
/// The root keeps its order, so its moves name the caller's boxes. Three
/// boxes of ten 100s and ten 50s have 302,621 such states instead of
/// 1,771,561.
pub struct PackedCoins<'a, W, const MERGE_BOXES: bool> {
    game: &'a CoinGame,
    root: W,
}

impl<'a, W: PackedWord, const MERGE_BOXES: bool> PackedCoins<'a, W, MERGE_BOXES> {
    /// The game's root state packed in `W`.
    pub fn new(game: &'a CoinGame) -> Self {
        let digits = game.digits() as u32;
        let root = (0..digits).fold(W::from(0), |packed, i| {
            packed | W::from(game.root[i as usize]) << (COUNT_BITS * i)
        });
        PackedCoins { game, root }
    }

    /// Bits of one box in a packed state.
    fn box_bits(&self) -> u32 {
        COUNT_BITS * self.game.denominations.len() as u32
    }

    /// `state` with its boxes sorted, when box `moved` lost a coin: the
    /// others are in order already unless `state` is the root's child.
    #[inline]
    fn sorted(&self, state: W, moved: usize, from_root: bool) -> W {
        let (boxes, bits) = (self.game.boxes, self.box_bits());
        let mask = (1u64 << bits) - 1;
        let field = |w: W, k: usize| (w >> (bits * k as u32)).low() & mask;
        if from_root {
            let mut fields = [0u64; MAX_BOXES];
            for (k, f) in fields[..boxes].iter_mut().enumerate() {
                *f = field(state, k);
            }
            fields[..boxes].sort_unstable_by(|a, b| b.cmp(a));
            return fields[..boxes]
                .iter()
                .rev()
                .fold(W::from(0), |packed, &f| (packed << bits) | W::from_low(f));
        }
        // The moved box only got smaller: it sinks past larger ones, by
        // swapping neighbouring fields in place (mostly none or one).
        let value = field(state, moved);
        let mut packed = state;
        for k in moved + 1..boxes {
            let next = field(packed, k);
            if next <= value {
                break;
            }
            let flip = W::from_low(value ^ next);
            packed = packed ^ (flip << (bits * (k - 1) as u32)) ^ (flip << (bits * k as u32));
        }
        packed
    }

    /// At most how many states the solve meets: every state, or with
    /// merged boxes every multiset of box contents.
    fn states_bound(&self) -> usize {
        let game = self.game;
        if !MERGE_BOXES {
            return game.size;
        }
        let nd = game.denominations.len();
        let boxes: Vec<&[u8]> = (0..game.boxes)
            .map(|k| &game.root[k * nd..(k + 1) * nd])
            .collect();
        // The contents a box can come to hold (those below some box's
        // start), walked like an odometer up to the largest counts.
        let top: Vec<u8> = (0..nd)
            .map(|d| boxes.iter().map(|b| b[d]).max().unwrap_or(0))
            .collect();
        let mut contents = 0.0f64;
        let mut v = vec![0u8; nd];
        'walk: loop {
            if boxes.iter().any(|b| b.iter().zip(&v).all(|(c, x)| x <= c)) {
                contents += 1.0;
            }
            for (x, &t) in v.iter_mut().zip(&top) {
                if *x < t {
                    *x += 1;
                    continue 'walk;
                }
                *x = 0;
            }
            break;
        }
        // Multisets of `boxes` of those contents.
        let multisets =
            (0..game.boxes).fold(1.0, |acc, i| acc * (contents + i as f64) / (i as f64 + 1.0));
        (multisets.ceil() as usize).min(game.size)
    }
}

impl<W: PackedWord, const MERGE_BOXES: bool> Game for PackedCoins<'_, W, MERGE_BOXES> {
    type State = W;

    fn root(&self) -> W {
        self.root
    }

    /// One move per non-empty box, a lottery over its coins; read straight
    /// from the packed counts.
    fn expand(&self, state: &W, children: &mut Vec<Child<W>>) -> Result<NodeKind> {
        let game = self.game;
        let state = *state;
        let total = state.count_sum();
        if total == 0 {
            return Ok(NodeKind::Terminal(0.0));
        }
        let max_turn = game.max_to_move(total);
        let nd = game.denominations.len();
        let box_bits = self.box_bits();
        let box_mask = (1u64 << box_bits) - 1;
        let rewards = if max_turn {
            game.rewards
        } else {
            [0.0; MAX_DENOMINATIONS]
        };
        let at_root = MERGE_BOXES && state == self.root;
        // The previous box's contents: an equal box offers the same move.
        let mut previous = u64::MAX;
        let mut rest = state;
        for k in 0..game.boxes as u32 {
            let field = rest.low() & box_mask;
            rest = rest >> box_bits;
            if field == 0 || (MERGE_BOXES && !at_root && field == previous) {
                continue;
            }
            previous = field;
            let in_box = nibble_sum(field) as f64;
            let mut coins = field;
            for (d, &reward) in rewards[..nd].iter().enumerate() {
                let c = coins & 0xF;
                coins >>= COUNT_BITS;
                if c > 0 {
                    let next = state - (W::from(1) << (box_bits * k + COUNT_BITS * d as u32));
                    children.push(Child {
                        move_id: k,
                        probability: c as f64 / in_box,
                        reward,
                        next: if MERGE_BOXES {
                            self.sorted(next, k as usize, at_root)
                        } else {
                            next
                        },
                    });
                }
            }
        }
        Ok(if max_turn {
            NodeKind::Max
        } else {
            NodeKind::Min
        })
    }

    fn state_hint(&self) -> usize {
        self.states_bound()
    }
}

/// The counts of the index last expanded, advanced like an odometer.
#[derive(Default)]
pub struct CoinCursor {
    index: Option<usize>,
    counts: Counts,
}

impl CoinGame {
    /// Moves the cursor to `index`: one odometer step from the previous
    /// index, or a full decode.
    #[inline]
    fn seek(&self, index: usize, cursor: &mut CoinCursor) {
        if cursor.index.is_some_and(|i| i + 1 == index) {
            for i in 0..self.digits() {
                if cursor.counts[i] < self.root[i] {
                    cursor.counts[i] += 1;
                    break;
                }
                cursor.counts[i] = 0;
            }
        } else {
            let mut rest = index;
            for i in 0..self.digits() {
                let radix = self.root[i] as usize + 1;
                cursor.counts[i] = (rest % radix) as u8;
                rest /= radix;
            }
        }
        cursor.index = Some(index);
    }
}

/// The game on the generic dense path (`solve_dense`): the tests' oracle
/// for the sweep, which `solve_coins` uses.
impl DenseGame for CoinGame {
    type Cursor = CoinCursor;

    fn size(&self) -> usize {
        self.size
    }

    fn root_index(&self) -> usize {
        self.size - 1
    }

    fn expand_index(
        &self,
        index: usize,
        cursor: &mut CoinCursor,
        children: &mut Vec<DenseChild>,
    ) -> Result<NodeKind> {
        self.seek(index, cursor);
        Ok(
            self.moves(&cursor.counts, |move_id, probability, reward, digit| {
                children.push(DenseChild {
                    move_id,
                    probability,
                    reward,
                    next: index - self.stride[digit],
                });
            }),
        )
    }
}

/// The first player's expected money, with the move values at the root.
/// Games of more than [`DEFAULT_MAX_STATES`] states are refused with
/// `BudgetExceeded`.
pub fn solve_coins(game: &CoinGame, method: Method) -> Result<Solution> {
    solve_coins_controlled(game, method, &Control::NONE)
}

/// As [`solve_coins`], stopping with `BudgetExceeded` once `control` does
/// (cancelled or out of time) and telling it the progress.
pub fn solve_coins_controlled(
    game: &CoinGame,
    method: Method,
    control: &Control,
) -> Result<Solution> {
    let options = Options {
        control: control.clone(),
        ..game.options()?
    };
    match method {
        Method::Dense => sweep::solve_root(game, control),
        // Counts in 4 bits each: a u64 state for up to 16 counts.
        Method::Hashed if game.digits() <= 16 => {
            solve(&PackedCoins::<u64, true>::new(game), &options)
        }
        Method::Hashed => solve(&PackedCoins::<u128, true>::new(game), &options),
        Method::HashedAllStates if game.digits() <= 16 => {
            solve(&PackedCoins::<u64, false>::new(game), &options)
        }
        Method::HashedAllStates => solve(&PackedCoins::<u128, false>::new(game), &options),
    }
}

/// Every state's value (entry = `game.index(counts)`) as the first player
/// (Max) sees it: Max's expected money from that state on.
pub fn coin_table(game: &CoinGame) -> Result<Vec<f64>> {
    game.options()?;
    Ok(sweep::max_table(game))
}

impl CoinGame {
    /// Solver options for this game, or `BudgetExceeded` if it is too big.
    fn options(&self) -> Result<Options> {
        if self.size as u64 > DEFAULT_MAX_STATES {
            return Err(Error::budget(format!(
                "the game has {} states, over the budget of {DEFAULT_MAX_STATES}",
                if self.size == usize::MAX {
                    "too many".to_string()
                } else {
                    self.size.to_string()
                }
            )));
        }
        Ok(Options {
            max_states: self.size as u64 + 1,
            ..Options::default()
        })
    }
}

/// Lowers the largest counts, one coin at a time, until the game has at
/// most `limit` states: random games for the tests, kept small without
/// rejecting any (proptest gives up after too many rejects).
#[cfg(test)]
fn shrink_to(boxes: &mut [Vec<u32>], limit: usize) {
    let size =
        |boxes: &[Vec<u32>]| -> usize { boxes.iter().flatten().map(|&c| c as usize + 1).product() };
    while size(boxes) > limit {
        let largest = boxes.iter_mut().flatten().max_by_key(|c| **c);
        match largest {
            Some(c) if *c > 0 => *c -= 1,
            _ => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value(counts: [u32; 6]) -> f64 {
        let game = CoinGame::atcoder(counts).unwrap();
        let dense = solve_coins(&game, Method::Dense).unwrap().value;
        let hashed = solve_coins(&game, Method::Hashed).unwrap().value;
        assert!((dense - hashed).abs() < 1e-9, "{dense} vs {hashed}");
        dense
    }

    /// The game's sweep against the generic dense path (the plain fold of
    /// `expand_index`) and the hashed search: root value, moves, table.
    fn check_paths_agree(game: &CoinGame) -> std::result::Result<(), TestCaseError> {
        let options = Options {
            max_states: u64::MAX,
            ..Options::default()
        };
        let (generic, generic_table) = crate::expectimax::solve_dense(game, &options).unwrap();
        let sweep = solve_coins(game, Method::Dense).unwrap();
        let hashed = solve_coins(game, Method::Hashed).unwrap();
        let all_states = solve_coins(game, Method::HashedAllStates).unwrap();
        prop_assert!((sweep.value - generic.value).abs() < 1e-9);
        prop_assert!((hashed.value - generic.value).abs() < 1e-9);
        prop_assert!((all_states.value - generic.value).abs() < 1e-9);
        prop_assert_eq!(sweep.states, generic.states);
        prop_assert_eq!(all_states.states, generic.states);
        prop_assert!(hashed.states <= all_states.states);
        prop_assert!(hashed.states as usize <= PackedCoins::<u128, true>::new(game).states_bound());
        // Merged boxes keep the root's moves: one per non-empty box, named
        // as the caller numbered them.
        prop_assert_eq!(hashed.moves.len(), all_states.moves.len());
        for (a, b) in hashed.moves.iter().zip(&all_states.moves) {
            prop_assert_eq!(a.move_id, b.move_id);
            prop_assert!((a.value - b.value).abs() < 1e-9, "{:?} vs {:?}", a, b);
        }
        prop_assert_eq!(sweep.moves.len(), generic.moves.len());
        for (a, b) in sweep.moves.iter().zip(&generic.moves) {
            prop_assert_eq!(a.move_id, b.move_id);
            prop_assert!((a.value - b.value).abs() < 1e-9, "{:?} vs {:?}", a, b);
        }
        // Near-ties may break either way between the paths' roundings.
        if let (Some(a), Some(b)) = (sweep.best_move, generic.best_move) {
            prop_assert!((a.value - b.value).abs() < 1e-9);
            prop_assert!((a.value - sweep.value).abs() < 1e-12);
        } else {
            prop_assert_eq!(sweep.best_move, generic.best_move);
        }
        let table = coin_table(game).unwrap();
        prop_assert_eq!(table.len(), generic_table.len());
        for (i, (a, b)) in table.iter().zip(&generic_table).enumerate() {
            prop_assert!((a - b).abs() < 1e-9, "state {}: {} vs {}", i, a, b);
        }
        Ok(())
    }

    #[test]
    fn reproduces_the_published_vectors() {
        let cases = [
            ([0, 0, 0, 0, 0, 0], 0.0),
            ([1, 0, 0, 0, 0, 0], 100.0),
            ([3, 2, 0, 0, 0, 0], 240.0),
            ([0, 0, 0, 0, 4, 7], 4500.0 / 11.0),
            ([1, 1, 1, 1, 1, 1], 225.0),
            ([1, 2, 0, 1, 2, 1], 850.0 / 3.0),
            ([10, 10, 10, 10, 10, 10], 2250.0),
        ];
        for (counts, expected) in cases {
            let got = value(counts);
            assert!(
                (got - expected).abs() < 1e-9,
                "{counts:?}: {got} vs {expected}"
            );
        }
    }

    #[test]
    fn merged_boxes_leave_one_state_per_multiset_of_boxes() {
        // Three boxes of up to ten 100s and ten 50s: each box is one of
        // 121 contents, and the multisets of three number C(123, 3).
        let game = CoinGame::atcoder([10; 6]).unwrap();
        let merged = solve_coins(&game, Method::Hashed).unwrap();
        assert_eq!(merged.states, 302_621);
        assert!((merged.value - 2250.0).abs() < 1e-9);
        // Root moves name the caller's boxes, all three of them.
        let ids: Vec<u32> = merged.moves.iter().map(|m| m.move_id).collect();
        assert_eq!(ids, [0, 1, 2]);
        // Equal boxes below the root offer one move: one box repeated six
        // times is solved over its own 4 * 3 contents, times the ways to
        // hold them, not 12^6.
        let boxes = vec![vec![3, 2]; 6];
        let game = CoinGame::new(&boxes, &DEFAULT_DENOMINATIONS).unwrap();
        let merged = solve_coins(&game, Method::Hashed).unwrap();
        let all = solve_coins(&game, Method::HashedAllStates).unwrap();
        assert_eq!(all.states, 12u64.pow(6));
        assert_eq!(merged.states, 12_376, "C(12 + 6 - 1, 6) multisets");
        assert!((merged.value - all.value).abs() < 1e-9);
    }

    /// Seed 003's memoized recursion, ported as the oracle (its `mem > 0`
    /// test re-solves zero-valued states, which changes nothing).
    fn seed_oracle(c: [usize; 6]) -> f64 {
        fn dfs(
            s: [usize; 6],
            parity: usize,
            mem: &mut std::collections::HashMap<[usize; 6], f64>,
        ) -> f64 {
            if s.iter().all(|&x| x == 0) {
                return 0.0;
            }
            if let Some(&v) = mem.get(&s) {
                return v;
            }
            let mine = s.iter().sum::<usize>() % 2 == parity;
            let mut best: Option<f64> = None;
            for b in 0..3 {
                let (a, h) = (s[2 * b], s[2 * b + 1]);
                if a + h == 0 {
                    continue;
                }
                let mut x = s;
                let mut y = s;
                let mut e = 0.0;
                if a > 0 {
                    x[2 * b] -= 1;
                    e += (dfs(x, parity, mem) + if mine { 100.0 } else { 0.0 }) * a as f64
                        / (a + h) as f64;
                }
                if h > 0 {
                    y[2 * b + 1] -= 1;
                    e += (dfs(y, parity, mem) + if mine { 50.0 } else { 0.0 }) * h as f64
                        / (a + h) as f64;
                }
                best = Some(match best {
                    None => e,
                    Some(v) if mine => v.max(e),
                    Some(v) => v.min(e),
                });
            }
            let v = best.unwrap_or(0.0);
            mem.insert(s, v);
            v
        }
        let parity = c.iter().sum::<usize>() % 2;
        dfs(c, parity, &mut std::collections::HashMap::new())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        #[test]
        fn the_sweep_equals_the_generic_paths(
            nd in 1usize..=4,
            boxes in prop::collection::vec(prop::collection::vec(0u32..=3, 4), 1..=6),
            denominations in prop::collection::vec(
                prop::sample::select(vec![0.0, 1.0, 2.5, 7.0, 50.0, 100.0]), 4),
        ) {
            let mut boxes: Vec<Vec<u32>> = boxes.iter().map(|b| b[..nd].to_vec()).collect();
            shrink_to(&mut boxes, 40_000);
            let game = CoinGame::new(&boxes, &denominations[..nd]).unwrap();
            check_paths_agree(&game)?;
        }

        #[test]
        fn matches_the_seed_algorithm(c in prop::array::uniform6(0u32..=5)) {
            let expected = seed_oracle(c.map(|x| x as usize));
            prop_assert!((value(c) - expected).abs() < 1e-9);
        }

        #[test]
        fn a_single_box_gives_ceil_half(n100 in 0u32..=15, n50 in 1u32..=15, k in 0usize..6, swap: bool) {
            // At least one coin, of either kind.
            let (n100, n50) = if swap { (n50, n100) } else { (n100, n50) };
            let n = n100 + n50;
            let mut boxes = vec![vec![0, 0]; 6];
            boxes[k] = vec![n100, n50];
            let game = CoinGame::new(&boxes, &DEFAULT_DENOMINATIONS).unwrap();
            let total = 100.0 * n100 as f64 + 50.0 * n50 as f64;
            let expected = n.div_ceil(2) as f64 / n as f64 * total;
            let got = solve_coins(&game, Method::Dense).unwrap().value;
            prop_assert!((got - expected).abs() < 1e-9, "{} vs {}", got, expected);
        }
    }

    #[test]
    fn four_denominations_and_six_boxes() {
        let boxes = vec![
            vec![1, 0, 2, 1],
            vec![0, 1, 1, 0],
            vec![2, 0, 0, 1],
            vec![0, 0, 0, 1],
            vec![1, 1, 0, 0],
            vec![0, 2, 0, 0],
        ];
        let game = CoinGame::new(&boxes, &[1.0, 2.0, 5.0, 10.0]).unwrap();
        let dense = solve_coins(&game, Method::Dense).unwrap();
        let hashed = solve_coins(&game, Method::Hashed).unwrap();
        assert!((dense.value - hashed.value).abs() < 1e-9);
        assert_eq!(dense.moves.len(), 6);
        let best = dense.best_move.unwrap();
        assert!(dense.moves.iter().all(|m| m.value <= best.value));
        assert!((best.value - dense.value).abs() < 1e-12);
    }

    #[test]
    fn bad_input_is_rejected() {
        assert!(CoinGame::new(&[], &DEFAULT_DENOMINATIONS).is_err());
        assert!(CoinGame::new(&vec![vec![1, 1]; 7], &DEFAULT_DENOMINATIONS).is_err());
        let err = CoinGame::new(&[vec![16, 0]], &DEFAULT_DENOMINATIONS).unwrap_err();
        assert!(err.message().contains("at most 15"), "{err}");
        assert!(CoinGame::new(&[vec![1]], &DEFAULT_DENOMINATIONS).is_err());
        assert!(CoinGame::new(&[vec![1; 5]], &[1.0; 5]).is_err());
        assert!(CoinGame::new(&[vec![1]], &[f64::NAN]).is_err());
        // 16^24 states: refused by the budget, not allocated.
        let huge = CoinGame::new(&vec![vec![15; 4]; 6], &[1.0, 2.0, 5.0, 10.0]).unwrap();
        for method in [Method::Dense, Method::Hashed] {
            let err = solve_coins(&huge, method).unwrap_err();
            assert_eq!(err.kind(), crate::error::ErrorKind::BudgetExceeded, "{err}");
        }
        assert!(coin_table(&huge).is_err());
    }
}
