//! Exact equity of three or more players on a flop, turn or river: the
//! widest range is swept against the tuples of the others.
//!
//! The other players' valid combo tuples are listed once. On each board
//! completion every live combo is ranked once; each tuple's best rank `m`
//! (and how many of its players hold it) is a query, and the queries and
//! the wide range's combos are swept together in rank order. A query gets
//! the wide range's weight below, at and above `m` that shares no card with
//! the tuple by inclusion-exclusion over the tuple's cards: the weight less
//! what holds each card, plus the wide combos made of two of the tuple's
//! cards (a two-card combo meets at most two of them). The wide range's own
//! final categories need, per wide combo, the weight of the tuples it can
//! meet: the same inclusion-exclusion the other way (tuple weight, less
//! what holds each of its two cards, plus the tuples holding both).
//!
//! Memory is bounded by the ranges and the tuple list, not by the deals;
//! per-chunk sums are allocated once per chunk of boards and merged in
//! order, so the answer does not depend on the thread count.

use super::sweep_tools::{CardWeights, board_count, sort_by_rank, sweep_board_chunks};
use super::{ComboEquity, EquityResult, MAX_PLAYERS, Prepared, Tally, finish, valid_tuples};
use crate::budget::Control;
use crate::cards::CardSet;
use crate::error::{Error, Result};
use crate::parallel::Workers;
use crate::poker::eval::{HandKey, tables};
use crate::poker::range::COMBOS;

/// Most tuples of the narrower players the sweep takes.
const MAX_SWEEP_TUPLES: usize = 4_000_000;

/// Tuples of a board between reads of the deadline.
const TUPLES_PER_CHECK: usize = 1 << 14;

/// Combos the tuple search may try before giving up.
const TUPLE_SEARCH_STEPS: u64 = 100_000_000;

/// No such combo in the wide range.
const NONE: u32 = u32::MAX;

/// The listed tuples of the narrower players, flat.
struct Queries {
    /// Players in the tuple (all but the wide one), in player order.
    players: Vec<usize>,
    /// Per tuple: each player's combo index (`players.len()` per tuple).
    picks: Vec<u16>,
    weights: Vec<f64>,
    /// Per tuple: its cards, 2 per player.
    cards: Vec<u8>,
    /// Per tuple: the wide combos made of two of its cards, as a range
    /// `pair_start[t]..pair_start[t + 1]` of `pairs`.
    pair_start: Vec<u32>,
    pairs: Vec<u32>,
    /// Per tuple: the mask of its cards.
    masks: Vec<u64>,
}

/// The wide range.
struct Wide {
    player: usize,
    cards: Vec<[u8; 2]>,
    keys: Vec<HandKey>,
    weights: Vec<f64>,
}

/// Whether three or more players on a flop, turn or river are swept.
pub(super) fn applies(p: &Prepared) -> bool {
    p.players.len() >= 3 && p.to_deal < 5
}

/// The estimated seconds on one thread, from a bound on the tuples (the
/// product of the narrower ranges' sizes) and the boards.
pub(super) fn seconds(p: &Prepared) -> f64 {
    let wide = wide_player(p);
    let tuples: f64 = (0..p.players.len())
        .filter(|&i| i != wide)
        .map(|i| p.players[i].len() as f64)
        .product();
    let combos: f64 = p.players.iter().map(|c| c.len() as f64).sum();
    // Measured: about 22 ns per combo and 18 ns per tuple, per board; a
    // test holds the estimate within 3x of the measured time.
    board_count(p) as f64 * (combos * 22e-9 + tuples.min(MAX_SWEEP_TUPLES as f64) * 18e-9) + 100e-6
}

/// The player with the most live combos (the last of equals).
fn wide_player(p: &Prepared) -> usize {
    (0..p.players.len())
        .max_by_key(|&i| p.players[i].len())
        .unwrap_or(0)
}

fn two_cards(cards: CardSet) -> [u8; 2] {
    let lo = cards.mask().trailing_zeros() as u8;
    let hi = 63 - cards.mask().leading_zeros() as u8;
    [lo, hi]
}

fn combo_slot(a: u8, b: u8) -> usize {
    let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
    hi * (hi - 1) / 2 + lo
}

fn queries(p: &Prepared, wide: &Wide, deadline: &Control) -> Result<Queries> {
    let players: Vec<usize> = (0..p.players.len()).filter(|&i| i != wide.player).collect();
    let narrower = Prepared {
        players: players.iter().map(|&i| p.players[i].clone()).collect(),
        weight_scales: players.iter().map(|&i| p.weight_scales[i]).collect(),
        any_two: players.iter().map(|&i| p.any_two[i]).collect(),
        board: p.board,
        dead: p.dead,
        to_deal: p.to_deal,
    };
    if let Some(estimate) = super::exact::estimated_tuples(&narrower, MAX_SWEEP_TUPLES)
        && estimate > 2.0 * MAX_SWEEP_TUPLES as f64
    {
        // Refused before listing: listing millions of tuples to find out
        // costs seconds and hundreds of MB.
        return Err(Error::budget(format!(
            "about {estimate:.1e} tuples of the narrower ranges; the exact sweep takes at most \
             {MAX_SWEEP_TUPLES}: use Monte Carlo or Auto"
        )));
    }
    let listed = valid_tuples(&narrower, MAX_SWEEP_TUPLES, TUPLE_SEARCH_STEPS, deadline)?;
    let mut slot_of = vec![NONE; COMBOS];
    for (i, &[a, b]) in wide.cards.iter().enumerate() {
        slot_of[combo_slot(a, b)] = i as u32;
    }
    let k = players.len();
    let mut q = Queries {
        players,
        picks: listed.picks,
        weights: listed.weights,
        cards: Vec::new(),
        pair_start: vec![0],
        pairs: Vec::new(),
        masks: Vec::new(),
    };
    q.cards.reserve(q.weights.len() * 2 * k);
    for (t, tuple) in q.picks.chunks_exact(k).enumerate() {
        // Millions of tuples take a while to lay out: stop when told.
        if t % TUPLES_PER_CHECK == TUPLES_PER_CHECK - 1 && deadline.passed() {
            return Err(Error::budget(
                "exact enumeration did not finish within the time budget: raise it, or use Monte Carlo or Auto",
            ));
        }
        let start = q.cards.len();
        let mut mask = 0u64;
        for (j, &c) in tuple.iter().enumerate() {
            let cards = narrower.players[j][c as usize].cards;
            mask |= cards.mask();
            q.cards.extend_from_slice(&two_cards(cards));
        }
        let cards = &q.cards[start..];
        for x in 0..cards.len() {
            for y in x + 1..cards.len() {
                let w = slot_of[combo_slot(cards[x], cards[y])];
                if w != NONE {
                    q.pairs.push(w);
                }
            }
        }
        q.pair_start.push(q.pairs.len() as u32);
        q.masks.push(mask);
    }
    Ok(q)
}

/// Exact equity of 3..10 players after the flop, with each combo's
/// breakdown when `by_combo`; `BudgetExceeded` once `deadline` passes.
pub(super) fn run(
    p: &Prepared,
    workers: Workers,
    deadline: &Control,
    by_combo: bool,
) -> Result<EquityResult> {
    let n = p.players.len();
    let player = wide_player(p);
    let combos = &p.players[player];
    let wide = Wide {
        player,
        cards: combos.iter().map(|c| two_cards(c.cards)).collect(),
        keys: combos.iter().map(|c| HandKey::of_set(c.cards)).collect(),
        weights: combos.iter().map(|c| c.weight).collect(),
    };
    let q = queries(p, &wide, deadline)?;
    let narrow: Vec<Vec<(HandKey, u64)>> = q
        .players
        .iter()
        .map(|&i| {
            p.players[i]
                .iter()
                .map(|c| (HandKey::of_set(c.cards), c.cards.mask()))
                .collect()
        })
        .collect();
    let parts = sweep_board_chunks(
        p,
        workers,
        deadline,
        || Sweep::new(n, &wide, &q, &narrow, by_combo),
        |sweep, completion, board| sweep.board(completion, board, deadline),
    )?;
    let mut tally = Tally::new(n);
    let mut combos = ComboSums::new(p, by_combo);
    for part in &parts {
        tally.merge(&part.tally);
        combos.merge(&part.combos);
    }
    if tally.weight <= 0.0 {
        return Err(Error::invalid(
            "the ranges conflict: no deal gives every player a combo",
        ));
    }
    let mut result = finish(tally, true);
    if by_combo {
        result.by_combo = combos.breakdown(p);
    }
    Ok(result)
}

/// Per player and combo: the weighted pot shares, outright wins and deals
/// met, summed over tuples and boards (empty unless a breakdown is asked).
struct ComboSums {
    sums: Vec<Vec<[f64; 3]>>,
}

impl ComboSums {
    fn new(p: &Prepared, by_combo: bool) -> ComboSums {
        ComboSums {
            sums: if by_combo {
                p.players.iter().map(|c| vec![[0.0; 3]; c.len()]).collect()
            } else {
                Vec::new()
            },
        }
    }

    fn merge(&mut self, o: &ComboSums) {
        for (a, b) in self.sums.iter_mut().zip(&o.sums) {
            for (x, y) in a.iter_mut().zip(b) {
                for k in 0..3 {
                    x[k] += y[k];
                }
            }
        }
    }

    fn breakdown(&self, p: &Prepared) -> Vec<Vec<ComboEquity>> {
        self.sums
            .iter()
            .zip(&p.players)
            .map(|(sums, combos)| {
                sums.iter()
                    .zip(combos)
                    .map(|(&[share, win, met], c)| {
                        let of = |x: f64| if met > 0.0 { x / met } else { 0.0 };
                        ComboEquity {
                            cards: c.cards,
                            weight: c.weight,
                            equity: of(share),
                            win: of(win),
                            tie: of(share - win),
                            deals: met,
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// Rank bits in a sorted item: rank << 32 | index.
const RANK_SHIFT: u32 = 32;

/// A chunk's reusable scratch and sums.
struct Sweep<'a> {
    wide: &'a Wide,
    q: &'a Queries,
    /// Each narrow player's combos: key and card mask.
    narrow: &'a [Vec<(HandKey, u64)>],
    /// This board's rank of each narrow player's combo (0: dead).
    narrow_ranks: Vec<Vec<u16>>,
    /// This board's rank of each wide combo (0: dead).
    wide_ranks: Vec<u16>,
    wide_items: Vec<u64>,
    query_items: Vec<u64>,
    scratch: Vec<u64>,
    /// Per wide combo: the weight of this board's tuples holding both its
    /// cards.
    pair_weight: Vec<f64>,
    /// The chunk's sums, shaped as the tuple engine's tally.
    tally: Tally,
    /// Per combo sums, when a breakdown is asked for; this board's count of
    /// tuple players at each query's best rank.
    combos: ComboSums,
    at_top: Vec<u8>,
    /// Scratch of the wide combos' sweep: per wide combo, the tied tuples'
    /// shares holding both its cards; the tuples at the current rank.
    pair_group: Vec<f64>,
    in_group: Vec<usize>,
}

impl<'a> Sweep<'a> {
    fn new(
        n: usize,
        wide: &'a Wide,
        q: &'a Queries,
        narrow: &'a [Vec<(HandKey, u64)>],
        by_combo: bool,
    ) -> Self {
        Sweep {
            wide,
            q,
            narrow,
            narrow_ranks: narrow.iter().map(|k| vec![0; k.len()]).collect(),
            wide_ranks: vec![0; wide.weights.len()],
            wide_items: Vec::with_capacity(wide.weights.len()),
            query_items: Vec::with_capacity(q.weights.len()),
            scratch: vec![0; wide.weights.len().max(q.weights.len())],
            pair_weight: vec![0.0; wide.weights.len()],
            tally: Tally::new(n),
            combos: ComboSums {
                sums: if by_combo {
                    let mut sums = vec![Vec::new(); n];
                    sums[wide.player] = vec![[0.0; 3]; wide.weights.len()];
                    for (&player, combos) in q.players.iter().zip(narrow) {
                        sums[player] = vec![[0.0; 3]; combos.len()];
                    }
                    sums
                } else {
                    Vec::new()
                },
            },
            at_top: if by_combo {
                vec![0; q.weights.len()]
            } else {
                Vec::new()
            },
            pair_group: if by_combo {
                vec![0.0; wide.weights.len()]
            } else {
                Vec::new()
            },
            in_group: Vec::new(),
        }
    }

    /// Adds one board's outcomes; stops part-way (the chunk is then
    /// dropped by `sweep_board_chunks`, which sees the same `deadline`
    /// passed) when the deadline passes during a board of many tuples.
    fn board(&mut self, completion: u64, board: HandKey, deadline: &Control) {
        let tables = tables();
        let (wide, q) = (self.wide, self.q);
        let k = q.players.len();
        // Rank every live combo once.
        for (ranks, combos) in self.narrow_ranks.iter_mut().zip(self.narrow) {
            for (r, &(key, mask)) in ranks.iter_mut().zip(combos) {
                *r = if mask & completion != 0 {
                    0
                } else {
                    tables.rank(board.combine(key)).0
                };
            }
        }
        let mut all = CardWeights::ZERO;
        let mut all_count = CardWeights::ZERO;
        self.wide_items.clear();
        for (i, &[a, b]) in wide.cards.iter().enumerate() {
            if completion >> a & 1 != 0 || completion >> b & 1 != 0 {
                self.wide_ranks[i] = 0;
                continue;
            }
            let rank = tables.rank(board.combine(wide.keys[i])).0;
            self.wide_ranks[i] = rank;
            self.wide_items
                .push(u64::from(rank) << RANK_SHIFT | i as u64);
            all.add([a, b], wide.weights[i]);
            all_count.add([a, b], 1.0);
        }
        // The live tuples as queries at their best rank.
        let mut tuples = CardWeights::ZERO;
        self.query_items.clear();
        for t in 0..q.weights.len() {
            // Three wide ranges give a board a million tuples or more.
            if t % TUPLES_PER_CHECK == TUPLES_PER_CHECK - 1 && deadline.passed() {
                return;
            }
            if q.masks[t] & completion != 0 {
                continue;
            }
            let picks = &q.picks[t * k..(t + 1) * k];
            let best = picks
                .iter()
                .zip(&self.narrow_ranks)
                .map(|(&c, ranks)| ranks[c as usize])
                .max()
                .unwrap_or(0);
            self.query_items
                .push(u64::from(best) << RANK_SHIFT | t as u64);
            let w = q.weights[t];
            tuples.add_cards(&q.cards[t * 2 * k..(t + 1) * 2 * k], w);
            for &pair in &q.pairs[q.pair_start[t] as usize..q.pair_start[t + 1] as usize] {
                self.pair_weight[pair as usize] += w;
            }
        }
        sort_by_rank(&mut self.wide_items, &mut self.scratch, RANK_SHIFT);
        sort_by_rank(&mut self.query_items, &mut self.scratch, RANK_SHIFT);
        self.sweep(&all, &all_count);
        // The wide range's categories: each live combo against the tuples
        // it can meet.
        let tally = &mut self.tally;
        for &item in &self.wide_items {
            let i = (item & 0xFFFF_FFFF) as usize;
            let met = tuples.met_without(wide.cards[i], self.pair_weight[i]);
            let category = tables.category(self.wide_ranks[i]) as usize;
            tally.categories[wide.player][category] += wide.weights[i] * met;
            self.pair_weight[i] = 0.0;
            if !self.combos.sums.is_empty() {
                self.combos.sums[wide.player][i][2] += wide.weights[i] * met;
            }
        }
        if !self.combos.sums.is_empty() {
            self.wide_outcomes();
        }
    }

    /// Each wide combo's wins and ties against this board's tuples: the
    /// tuples and the wide combos swept together in rank order, with card
    /// removal by inclusion-exclusion the other way (the tuples' weight,
    /// less what holds each of the combo's cards, plus the tuples holding
    /// both).
    fn wide_outcomes(&mut self) {
        let (wide, q) = (self.wide, self.q);
        let k = q.players.len();
        let mut below = CardWeights::ZERO;
        // Tied tuples count 1 / (their players at the top + 1).
        let mut group = CardWeights::ZERO;
        let mut pair_below = std::mem::take(&mut self.pair_weight);
        let mut pair_group = std::mem::take(&mut self.pair_group);
        let mut in_group = std::mem::take(&mut self.in_group);
        in_group.clear();
        let mut next = 0;
        let mut group_rank = 0u64;
        for &item in &self.wide_items {
            let r = item >> RANK_SHIFT;
            let i = (item & 0xFFFF_FFFF) as usize;
            if r != group_rank {
                // The group (rank < r now) joins `below`; gather rank r.
                for &t in &in_group {
                    let w = q.weights[t];
                    below.add_cards(&q.cards[t * 2 * k..(t + 1) * 2 * k], w);
                    for &pair in &q.pairs[q.pair_start[t] as usize..q.pair_start[t + 1] as usize] {
                        pair_below[pair as usize] += w;
                        pair_group[pair as usize] = 0.0;
                    }
                }
                in_group.clear();
                group = CardWeights::ZERO;
                while next < self.query_items.len() {
                    let m = self.query_items[next] >> RANK_SHIFT;
                    if m > r {
                        break;
                    }
                    let t = (self.query_items[next] & 0xFFFF_FFFF) as usize;
                    let w = q.weights[t];
                    let cards = &q.cards[t * 2 * k..(t + 1) * 2 * k];
                    let pairs = &q.pairs[q.pair_start[t] as usize..q.pair_start[t + 1] as usize];
                    if m < r {
                        below.add_cards(cards, w);
                        for &pair in pairs {
                            pair_below[pair as usize] += w;
                        }
                    } else {
                        let share = w / (self.at_top[t] as f64 + 1.0);
                        group.add_cards(cards, share);
                        for &pair in pairs {
                            pair_group[pair as usize] += share;
                        }
                        in_group.push(t);
                    }
                    next += 1;
                }
                group_rank = r;
            }
            let beaten = below.without(wide.cards[i], pair_below[i]);
            let tied = group.without(wide.cards[i], pair_group[i]);
            let w = wide.weights[i];
            let out = &mut self.combos.sums[wide.player][i];
            out[0] += w * (beaten + tied);
            out[1] += w * beaten;
        }
        // Back to zero for the next board (only pairs of this board's
        // tuples were touched).
        for v in pair_below.iter_mut().chain(pair_group.iter_mut()) {
            *v = 0.0;
        }
        self.pair_weight = pair_below;
        self.pair_group = pair_group;
        self.in_group = in_group;
    }

    /// Answers the queries in rank order against the wide combos.
    fn sweep(&mut self, all: &CardWeights, all_count: &CardWeights) {
        let tables = tables();
        let (wide, q) = (self.wide, self.q);
        let k = q.players.len();
        let tally = &mut self.tally;
        let mut below = CardWeights::ZERO;
        let mut group = CardWeights::ZERO;
        let mut group_rank = 0u16;
        // Wide items [..next] are in `below` or `group`.
        let mut next = 0;
        for &item in &self.query_items {
            let m = (item >> RANK_SHIFT) as u16;
            let t = (item & 0xFFFF_FFFF) as usize;
            if m != group_rank || next == 0 {
                // Move what ranks below m into `below`, then gather m.
                if group_rank < m {
                    below.merge(&group);
                    group = CardWeights::ZERO;
                }
                while next < self.wide_items.len() {
                    let r = (self.wide_items[next] >> RANK_SHIFT) as u16;
                    if r > m {
                        break;
                    }
                    let i = (self.wide_items[next] & 0xFFFF_FFFF) as usize;
                    if r < m {
                        below.add(wide.cards[i], wide.weights[i]);
                    } else {
                        group.add(wide.cards[i], wide.weights[i]);
                    }
                    next += 1;
                }
                group_rank = m;
            }
            let cards = &q.cards[t * 2 * k..(t + 1) * 2 * k];
            let (mut beaten, mut tied, mut met) = (
                below.without_each(cards),
                group.without_each(cards),
                all.without_each(cards),
            );
            let mut count = all_count.without_each(cards);
            for &pair in &q.pairs[q.pair_start[t] as usize..q.pair_start[t + 1] as usize] {
                let (r, w) = (self.wide_ranks[pair as usize], wide.weights[pair as usize]);
                met += w;
                count += 1.0;
                if r < m {
                    beaten += w;
                } else if r == m {
                    tied += w;
                }
            }
            let above = met - beaten - tied;
            let w = q.weights[t];
            let picks = &q.picks[t * k..(t + 1) * k];
            let mut top = [false; MAX_PLAYERS];
            let mut at_top = 0usize;
            for (j, (&c, ranks)) in picks.iter().zip(&self.narrow_ranks).enumerate() {
                let r = ranks[c as usize];
                let player = q.players[j];
                tally.categories[player][tables.category(r) as usize] += w * met;
                if r == m {
                    top[j] = true;
                    at_top += 1;
                }
            }
            let top_share = beaten / at_top as f64 + tied / (at_top + 1) as f64;
            if !self.combos.sums.is_empty() {
                self.at_top[t] = at_top as u8;
                for (j, &c) in picks.iter().enumerate() {
                    let out = &mut self.combos.sums[q.players[j]][c as usize];
                    out[2] += w * met;
                    if top[j] {
                        out[0] += w * top_share;
                        if at_top == 1 {
                            out[1] += w * beaten;
                        }
                    }
                }
            }
            for (j, &is_top) in top.iter().enumerate().take(k) {
                if is_top {
                    let player = q.players[j];
                    tally.share[player] += w * top_share;
                    if at_top == 1 {
                        tally.win[player] += w * beaten;
                    }
                }
            }
            tally.share[wide.player] += w * (above + tied / (at_top + 1) as f64);
            tally.win[wide.player] += w * above;
            tally.weight += w * met;
            tally.tuples += count as u64;
        }
    }
}
