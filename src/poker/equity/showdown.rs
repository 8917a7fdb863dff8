//! Heads-up exact equity on a flop, turn or river, one showdown per board.
//!
//! For each completion of the board, every live combo of both ranges is
//! ranked once and the combos are sorted by rank. A sweep from the lowest
//! rank up then gives each combo the weight of the other range's combos it
//! beats, ties and can meet at all, correcting for card removal by
//! inclusion-exclusion over its two cards: the other range's weight below
//! its rank, less what holds its first card, less what holds its second,
//! plus the combo of exactly its two cards (subtracted twice). This is the
//! showdown of CFR solvers; it costs one evaluation per combo and board
//! instead of one per pair of combos, and gives every combo's own equity.
//!
//! Per-combo sums are kept per chunk of boards (allocated once per chunk,
//! never per board) and merged in chunk order, so results do not depend on
//! the thread count.

use super::rank_classes::{ClassIndex, RANK_SHIFT, Ranking};
use super::sweep_tools::{CardWeights, board_count, sweep_board_chunks};
use super::{EquityResult, PlayerEquity, Prepared};
use crate::budget::Control;
use crate::cards::CardSet;
use crate::error::{Error, Result};
use crate::parallel::Workers;
use crate::poker::eval::{HandKey, tables};
use crate::poker::range::{COMBOS, Combo};

/// One combo's answer in a per-combo breakdown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ComboEquity {
    /// The combo's two cards.
    pub cards: CardSet,
    /// Its weight in the player's range.
    pub weight: f64,
    /// Its pot share over the deals it can meet (equity = win + tie).
    pub equity: f64,
    /// The part of `equity` won alone.
    pub win: f64,
    /// The part of `equity` won in split pots.
    pub tie: f64,
    /// The weight of the deals it meets (the other ranges' combos and the
    /// board completions it does not collide with), summed; 0 when every
    /// deal collides with it (its equity is then reported as 0).
    pub deals: f64,
}

/// No combo of the other range holds the same two cards.
const NO_TWIN: u16 = u16::MAX;

/// Both sides' combos by class, as sweep items (player bit | index).
fn class_index(sides: &[Side; 2]) -> ClassIndex {
    ClassIndex::new(sides.iter().enumerate().flat_map(|(player, s)| {
        s.cards
            .iter()
            .enumerate()
            .map(move |(i, &cards)| ((player as u32 * PLAYER_BIT) | i as u32, cards))
    }))
}

/// One player's side of the sweep.
struct Side {
    cards: Vec<[u8; 2]>,
    weights: Vec<f64>,
    /// The other range's combo of the same two cards, if any.
    twin: Vec<u16>,
}

/// Sums over boards for one player's combos.
#[derive(Clone)]
struct Sums {
    /// Other-range weight beaten, tied and met, per combo.
    win: Vec<f64>,
    tie: Vec<f64>,
    met: Vec<f64>,
    /// Weighted deals by final category.
    categories: [f64; 9],
}

impl Sums {
    fn new(n: usize) -> Sums {
        Sums {
            win: vec![0.0; n],
            tie: vec![0.0; n],
            met: vec![0.0; n],
            categories: [0.0; 9],
        }
    }

    fn merge(&mut self, o: &Sums) {
        for (a, b) in [
            (&mut self.win, &o.win),
            (&mut self.tie, &o.tie),
            (&mut self.met, &o.met),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (x, y) in self.categories.iter_mut().zip(&o.categories) {
            *x += y;
        }
    }
}

/// A chunk's sums: both players' and the unweighted deal count.
struct ChunkSums {
    sides: [Sums; 2],
    deals: u64,
}

#[inline]
fn slot(card: u8) -> usize {
    (card & 63) as usize
}

/// Combo counts of one player on a board, in total and by card (for the
/// unweighted number of deals).
#[derive(Clone, Copy)]
struct CardCounts {
    total: u32,
    by_card: [u32; 64],
}

impl CardCounts {
    const ZERO: CardCounts = CardCounts {
        total: 0,
        by_card: [0; 64],
    };

    #[inline]
    fn add(&mut self, cards: [u8; 2]) {
        self.total += 1;
        self.by_card[slot(cards[0])] += 1;
        self.by_card[slot(cards[1])] += 1;
    }

    #[inline]
    fn without(&self, cards: [u8; 2], twin: u32) -> u64 {
        u64::from(self.total + twin - self.by_card[slot(cards[0])] - self.by_card[slot(cards[1])])
    }
}

fn side(p: &Prepared, player: usize) -> Side {
    side_of(&p.players[player], &p.players[1 - player])
}

/// One side of the sweep: `combos` against `others`.
fn side_of(combos: &[Combo], others: &[Combo]) -> Side {
    let mut index_of = vec![NO_TWIN; COMBOS];
    for (i, c) in others.iter().enumerate() {
        index_of[combo_slot(c.cards)] = i as u16;
    }
    Side {
        cards: combos.iter().map(|c| two_cards(c.cards)).collect(),
        weights: combos.iter().map(|c| c.weight).collect(),
        twin: combos
            .iter()
            .map(|c| index_of[combo_slot(c.cards)])
            .collect(),
    }
}

/// The showdown of one range against another on whole five-card boards,
/// one board at a time, for callers that walk the boards themselves
/// (`poker::board` sums it over every flop). Buffers are kept board to
/// board.
pub(crate) struct RiverShowdown {
    sides: [Side; 2],
    classes: ClassIndex,
    sums: ChunkSums,
    items: Vec<u32>,
    ranking: Ranking,
}

impl RiverShowdown {
    /// `hero` against `villain`: any combos (at most 2,047 each), those
    /// that collide with a board are left out on that board.
    pub(crate) fn new(hero: &[Combo], villain: &[Combo]) -> RiverShowdown {
        let sides = [side_of(hero, villain), side_of(villain, hero)];
        let classes = class_index(&sides);
        let capacity = hero.len() + villain.len();
        RiverShowdown {
            sums: ChunkSums {
                sides: [Sums::new(hero.len()), Sums::new(villain.len())],
                deals: 0,
            },
            sides,
            ranking: classes.ranking(),
            classes,
            items: Vec::with_capacity(capacity),
        }
    }

    /// Each hero combo's villain weight beaten, tied and met on the five
    /// cards `board` (0 for combos that hold a board card), by hero combo.
    pub(crate) fn run(&mut self, board: CardSet) -> RiverSums<'_> {
        let hero = &mut self.sums.sides[0];
        for v in [&mut hero.win, &mut hero.tie, &mut hero.met] {
            v.fill(0.0);
        }
        showdown(
            (&self.sides, &self.classes),
            board.mask(),
            HandKey::of_set(board),
            (&mut self.items, &mut self.ranking),
            &mut self.sums,
        );
        let hero = &self.sums.sides[0];
        RiverSums {
            win: &hero.win,
            tie: &hero.tie,
            met: &hero.met,
        }
    }
}

/// One board's sums of [`RiverShowdown::run`], by hero combo.
pub(crate) struct RiverSums<'a> {
    /// Villain weight beaten.
    pub(crate) win: &'a [f64],
    /// Villain weight tied (the pot is split two ways).
    pub(crate) tie: &'a [f64],
    /// Villain weight met at all.
    pub(crate) met: &'a [f64],
}

fn two_cards(cards: CardSet) -> [u8; 2] {
    let lo = cards.mask().trailing_zeros() as u8;
    let hi = 63 - cards.mask().leading_zeros() as u8;
    [lo, hi]
}

/// A two-card set's index in 0..1326.
fn combo_slot(cards: CardSet) -> usize {
    let [lo, hi] = two_cards(cards);
    hi as usize * (hi as usize - 1) / 2 + lo as usize
}

/// The estimated seconds of a heads-up sweep on one thread (measured on
/// the development machine: about 22 ns per combo and board, and a fixed
/// 0.1 ms; a test holds it within 3x of the measured time).
pub(super) fn seconds(p: &Prepared) -> f64 {
    let combos = (p.players[0].len() + p.players[1].len()) as f64;
    board_count(p) as f64 * combos * 22e-9 + 100e-6
}

/// Exact heads-up equity with every combo's breakdown; `BudgetExceeded`
/// once `deadline` passes.
pub(super) fn run(
    p: &Prepared,
    workers: Workers,
    deadline: &Control,
) -> Result<(EquityResult, [Vec<ComboEquity>; 2])> {
    let sides = [side(p, 0), side(p, 1)];
    let classes = class_index(&sides);
    let new_sums = || ChunkSums {
        sides: [
            Sums::new(sides[0].weights.len()),
            Sums::new(sides[1].weights.len()),
        ],
        deals: 0,
    };
    let capacity = sides[0].weights.len() + sides[1].weights.len();
    // Per chunk: its sums and the board's sort buffers, reused board to
    // board.
    let parts = sweep_board_chunks(
        p,
        workers,
        deadline,
        || (new_sums(), Vec::with_capacity(capacity), classes.ranking()),
        |(sums, items, ranking), completion, board| {
            showdown(
                (&sides, &classes),
                completion,
                board,
                (items, ranking),
                sums,
            );
        },
    )?;
    let mut total = new_sums();
    for (part, _, _) in &parts {
        for (t, s) in total.sides.iter_mut().zip(&part.sides) {
            t.merge(s);
        }
        total.deals += part.deals;
    }
    finish(&sides, &total, p)
}

/// Rank bits in a sorted item: rank << 12 | player << 11 | combo index.
const PLAYER_BIT: u32 = 1 << 11;

/// One board: rank the live combos, sort, sweep.
fn showdown(
    (sides, classes): (&[Side; 2], &ClassIndex),
    completion: u64,
    board: HandKey,
    (items, ranking): (&mut Vec<u32>, &mut Ranking),
    sums: &mut ChunkSums,
) {
    let tables = tables();
    let mut all = [CardWeights::ZERO; 2];
    let mut counts = CardCounts::ZERO;
    for (player, s) in sides.iter().enumerate() {
        for (i, &[a, b]) in s.cards.iter().enumerate() {
            if completion >> a & 1 != 0 || completion >> b & 1 != 0 {
                continue;
            }
            all[player].add([a, b], s.weights[i]);
            if player == 1 {
                counts.add([a, b]);
            }
        }
    }
    classes.rank(completion, board, ranking, items);
    // `below`: the weights of lower ranks; `group`: of the current rank,
    // touched cards only (reset after each group).
    let mut below = [CardWeights::ZERO; 2];
    let mut group = [CardWeights::ZERO; 2];
    let mut start = 0;
    while start < items.len() {
        let rank = items[start] >> RANK_SHIFT;
        let mut end = start + 1;
        while end < items.len() && items[end] >> RANK_SHIFT == rank {
            end += 1;
        }
        let members = &items[start..end];
        for &item in members {
            let (player, i) = unpack(item);
            group[player].add(sides[player].cards[i], sides[player].weights[i]);
        }
        let category = tables.category(rank as u16) as usize;
        for &item in members {
            let (player, i) = unpack(item);
            let other = 1 - player;
            let s = &sides[player];
            let cards = s.cards[i];
            let twin = s.twin[i];
            // The other range's combo of the same cards is live whenever
            // this one is, and ties it (same cards, same board).
            let (twin_weight, twin_count) = if twin == NO_TWIN {
                (0.0, 0)
            } else {
                (sides[other].weights[twin as usize], 1)
            };
            let beaten = below[other].without(cards, 0.0);
            let tied = group[other].without(cards, twin_weight);
            let met = all[other].met_without(cards, twin_weight);
            let out = &mut sums.sides[player];
            out.win[i] += beaten;
            out.tie[i] += tied;
            out.met[i] += met;
            out.categories[category] += s.weights[i] * met;
            if player == 0 {
                sums.deals += counts.without(cards, twin_count);
            }
        }
        for &item in members {
            let (player, i) = unpack(item);
            let cards = sides[player].cards[i];
            below[player].add(cards, sides[player].weights[i]);
            group[player].clear(cards);
        }
        start = end;
    }
}

#[inline]
fn unpack(item: u32) -> (usize, usize) {
    (
        usize::from(item & PLAYER_BIT != 0),
        (item & (PLAYER_BIT - 1)) as usize,
    )
}

fn finish(
    sides: &[Side; 2],
    total: &ChunkSums,
    p: &Prepared,
) -> Result<(EquityResult, [Vec<ComboEquity>; 2])> {
    let mut players = Vec::with_capacity(2);
    let mut breakdown: [Vec<ComboEquity>; 2] = [Vec::new(), Vec::new()];
    let mut weight_total = 0.0;
    for (player, s) in sides.iter().enumerate() {
        let sums = &total.sides[player];
        let (mut win, mut tie, mut met) = (0.0, 0.0, 0.0);
        for i in 0..s.weights.len() {
            let w = s.weights[i];
            win += w * sums.win[i];
            tie += w * sums.tie[i];
            met += w * sums.met[i];
            let deals = w * sums.met[i];
            let share = |x: f64| {
                if sums.met[i] > 0.0 {
                    x / sums.met[i]
                } else {
                    0.0
                }
            };
            breakdown[player].push(ComboEquity {
                cards: p.players[player][i].cards,
                weight: w,
                equity: share(sums.win[i] + sums.tie[i] / 2.0),
                win: share(sums.win[i]),
                tie: share(sums.tie[i] / 2.0),
                deals,
            });
        }
        if player == 0 {
            weight_total = met;
        }
        let scale = if met > 0.0 { 1.0 / met } else { 0.0 };
        let mut categories = [0.0; 9];
        for (slot, &c) in categories.iter_mut().zip(&sums.categories) {
            *slot = c * scale;
        }
        players.push(PlayerEquity {
            equity: (win + tie / 2.0) * scale,
            win: win * scale,
            tie: tie / 2.0 * scale,
            categories,
        });
    }
    if weight_total <= 0.0 {
        return Err(Error::invalid(
            "the ranges conflict: no deal gives every player a combo",
        ));
    }
    Ok((
        EquityResult {
            players,
            tuples: total.deals,
            exact: true,
            stderr: 0.0,
            by_combo: Vec::new(),
        },
        breakdown,
    ))
}
