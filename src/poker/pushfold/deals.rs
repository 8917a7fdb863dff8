//! The deals a multiway game is solved over, each with its weight, each
//! seat's strategy group (hand class, or combo on a reduced deck) and, per
//! end of the betting tree, an index into a table of payoffs (a payoff
//! depends only on the end and on how the all-in hands rank, so the
//! table is small and each payoff, ICM included, is computed once).
//!
//! Three sources: every deal of a reduced deck (exact), the heads-up full
//! deck from the preflop table (exact), and a seeded sample of full-deck
//! deals with one board each (three or more players, where the exact
//! multiway equities are too slow: see docs/src/decisions.md).

use super::table::{Table, Tree, final_stacks, payoff};
use crate::cards::{Card, CardSet};
use crate::error::{Error, Result};
use crate::memo::{FixedMap, fixed_map};
use crate::poker::HandKey;
use crate::poker::equity::grid::cell_of;
use crate::poker::equity::preflop::{BOARDS, combo_mask, wins_and_ties};
use crate::poker::range::COMBOS;
use crate::rng::Rng;

/// Most distinct payoffs kept (each is a row of `players` values, ICM
/// computed once): with many seats almost every deal's large all-in ends
/// rank their hands differently, and this bounds memory and time.
const MAX_PAYOFF_ROWS: usize = 1 << 21;

/// Hand classes on the full deck.
pub(super) const CLASSES: usize = 169;

/// The deals, flat.
#[derive(Debug, Clone)]
pub(super) struct Deals {
    pub players: usize,
    /// Strategy groups a seat can hold.
    pub groups: usize,
    /// Per deal, each seat's group.
    pub group: Vec<u16>,
    /// Per deal, its chance (they sum to 1).
    pub weight: Vec<f64>,
    /// Per deal, per end: the row of `payoffs`.
    pub outcome: Vec<u32>,
    /// Per row, each seat's payoff in big blinds.
    pub payoffs: Vec<f64>,
    /// Whether the deals are a sample (else the exact game).
    pub sampled: bool,
}

impl Deals {
    pub fn len(&self) -> usize {
        self.weight.len()
    }
}

/// Builds deals, computing each distinct payoff once.
struct Builder<'a> {
    table: &'a Table,
    ends: &'a [u16],
    rows: FixedMap<(usize, u64), u32>,
    deals: Deals,
}

impl<'a> Builder<'a> {
    fn new(table: &'a Table, tree: &'a Tree, groups: usize, sampled: bool) -> Self {
        Builder {
            table,
            ends: &tree.ends,
            rows: fixed_map(0),
            deals: Deals {
                players: table.stacks.len(),
                groups,
                group: Vec::new(),
                weight: Vec::new(),
                outcome: Vec::new(),
                payoffs: Vec::new(),
                sampled,
            },
        }
    }

    /// Adds a deal: each seat's group and hand strength (higher wins).
    fn add(&mut self, groups: &[u16], strength: &[u16], weight: f64) -> Result<()> {
        let n = groups.len();
        self.deals.group.extend_from_slice(groups);
        self.deals.weight.push(weight);
        // Seats strongest first, once a deal: each end's ranks are then a
        // walk down this order.
        let mut order = [0usize; 16];
        for (i, slot) in order.iter_mut().enumerate().take(n) {
            *slot = i;
        }
        order[..n].sort_by_key(|&i| std::cmp::Reverse(strength[i]));
        for (e, &allin) in self.ends.iter().enumerate() {
            // The all-in seats' ranks among themselves key the payoff.
            let (code, ranks) = showdown_ranks(&order[..n], allin, strength);
            let row = match self.rows.get(&(e, code)) {
                Some(&row) => row,
                None => {
                    if self.rows.len() >= MAX_PAYOFF_ROWS {
                        return Err(Error::invalid(format!(
                            "samples: the deals need more than {MAX_PAYOFF_ROWS} distinct showdown payoffs with {n} players; use fewer samples"
                        )));
                    }
                    let strength: Vec<u16> = (0..n).map(|i| 16 - ranks[i]).collect();
                    let after = final_stacks(self.table, allin, &strength);
                    let pay = payoff(self.table, &after)?;
                    let row = (self.deals.payoffs.len() / n) as u32;
                    self.deals.payoffs.extend_from_slice(&pay);
                    self.rows.insert((e, code), row);
                    row
                }
            };
            self.deals.outcome.push(row);
        }
        Ok(())
    }
}

/// The all-in seats' ranks among themselves (0 = best: how many distinct
/// strengths among them beat it), packed 4 bits a seat, and per seat;
/// all zero when one seat alone takes the pot without a showdown.
/// `order`: the seats strongest first.
fn showdown_ranks(order: &[usize], allin: u16, strength: &[u16]) -> (u64, [u16; 16]) {
    let mut code = 0u64;
    let mut ranks = [0u16; 16];
    if allin.count_ones() > 1 {
        let mut rank = 0u16;
        let mut above: Option<u16> = None;
        for &i in order.iter().filter(|&&i| allin >> i & 1 == 1) {
            if above.is_some_and(|a| a != strength[i]) {
                rank += 1;
            }
            above = Some(strength[i]);
            ranks[i] = rank;
            code |= u64::from(rank) << (4 * i);
        }
    }
    (code, ranks)
}

/// How many distinct strengths among the seats of `allin` beat seat `i`'s
/// (the definition `showdown_ranks` is tested against).
#[cfg(test)]
fn dense_rank(allin: u16, strength: &[u16], i: usize) -> u16 {
    let inside = |j: usize| allin >> j & 1 == 1;
    let mut count = 0;
    for j in (0..strength.len()).filter(|&j| inside(j) && strength[j] > strength[i]) {
        if !(0..j).any(|k| inside(k) && strength[k] == strength[j]) {
            count += 1;
        }
    }
    count
}

/// Every deal of the reduced deck `cards`: each ordered tuple of disjoint
/// two-card hands and each board of five of the cards left, alike in
/// chance. Groups are the hands of `cards` in order (`hands`).
#[cfg(test)]
pub(super) fn reduced(table: &Table, tree: &Tree, cards: &[Card]) -> Result<(Deals, Vec<CardSet>)> {
    let n = table.stacks.len();
    let mut hands = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            hands.push(a.bit() | b.bit());
        }
    }
    let mut b = Builder::new(table, tree, hands.len(), false);
    let mut tuples: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..n {
        let mut next = Vec::new();
        for t in &tuples {
            let used = t.iter().fold(0u64, |m, &h| m | hands[h]);
            for (h, &mask) in hands.iter().enumerate() {
                if mask & used == 0 {
                    let mut u = t.clone();
                    u.push(h);
                    next.push(u);
                }
            }
        }
        tuples = next;
    }
    let all = cards.iter().fold(0u64, |m, c| m | c.bit());
    let mut deals: Vec<(Vec<usize>, u64)> = Vec::new();
    for t in &tuples {
        let used = t.iter().fold(0u64, |m, &h| m | hands[h]);
        let left: Vec<u64> = CardSet::from_mask(all & !used)
            .unwrap_or_default()
            .iter()
            .map(Card::bit)
            .collect();
        for board in five_of(&left) {
            deals.push((t.clone(), board));
        }
    }
    let weight = 1.0 / deals.len() as f64;
    for (t, board) in &deals {
        let strength: Vec<u16> = t.iter().map(|&h| strength_of(hands[h] | board)).collect();
        let groups: Vec<u16> = t.iter().map(|&h| h as u16).collect();
        b.add(&groups, &strength, weight)?;
    }
    let hands = hands
        .iter()
        .map(|&m| CardSet::from_mask(m).unwrap_or_default())
        .collect();
    Ok((b.deals, hands))
}

#[cfg(test)]
fn strength_of(mask: u64) -> u16 {
    HandKey::of_set(CardSet::from_mask(mask).unwrap_or_default())
        .rank()
        .0
}

/// Every set of five of `cards` (bits), as masks.
#[cfg(test)]
fn five_of(cards: &[u64]) -> Vec<u64> {
    let mut out = Vec::new();
    let k = cards.len();
    for a in 0..k {
        for b in a + 1..k {
            for c in b + 1..k {
                for d in c + 1..k {
                    for e in d + 1..k {
                        out.push(cards[a] | cards[b] | cards[c] | cards[d] | cards[e]);
                    }
                }
            }
        }
    }
    out
}

/// The class (0..169, row by row of the chart) of each combo slot.
fn class_of_slot(slot: usize) -> u16 {
    let (row, col) = cell_of(CardSet::from_mask(combo_mask(slot)).unwrap_or_default());
    (row * 13 + col) as u16
}

/// The heads-up game of the full deck, exact: every pair of combos with
/// its wins, ties and losses over the 1,712,304 boards from the preflop
/// table, gathered by the pair of classes.
pub(super) fn heads_up(table: &Table, tree: &Tree) -> Result<Deals> {
    let classes: Vec<u16> = (0..COMBOS).map(class_of_slot).collect();
    // Per class pair: the boards won, tied and lost, summed.
    let mut sums = vec![[0.0f64; 3]; CLASSES * CLASSES];
    let mut total = 0.0;
    for a in 0..COMBOS {
        for b in 0..COMBOS {
            if let Some((wins, ties)) = wins_and_ties(a, b) {
                let s = &mut sums[usize::from(classes[a]) * CLASSES + usize::from(classes[b])];
                let (w, t) = (f64::from(wins), f64::from(ties));
                s[0] += w;
                s[1] += t;
                s[2] += BOARDS as f64 - w - t;
                total += BOARDS as f64;
            }
        }
    }
    let mut b = Builder::new(table, tree, CLASSES, false);
    for (cell, s) in sums.iter().enumerate() {
        let groups = [(cell / CLASSES) as u16, (cell % CLASSES) as u16];
        for (k, strength) in [[2, 1], [1, 1], [1, 2]].iter().enumerate() {
            if s[k] > 0.0 {
                b.add(&groups, strength, s[k] / total)?;
            }
        }
    }
    Ok(b.deals)
}

/// `samples` deals of the full deck drawn by `seed`: each seat's two
/// cards and a board, all distinct, uniform.
pub(super) fn sampled(table: &Table, tree: &Tree, samples: usize, seed: u64) -> Result<Deals> {
    let n = table.stacks.len();
    let mut class = [[0u16; 52]; 52];
    for slot in 0..COMBOS {
        let cards: Vec<u8> = CardSet::from_mask(combo_mask(slot))
            .unwrap_or_default()
            .iter()
            .map(Card::index)
            .collect();
        let c = class_of_slot(slot);
        class[usize::from(cards[0])][usize::from(cards[1])] = c;
        class[usize::from(cards[1])][usize::from(cards[0])] = c;
    }
    let mut b = Builder::new(table, tree, CLASSES, true);
    let mut rng = Rng::new(seed);
    let mut deck: Vec<u8> = (0..52).collect();
    let all: Vec<Card> = (0..52).filter_map(Card::new).collect();
    let weight = 1.0 / samples as f64;
    let (mut groups, mut strength) = (vec![0u16; n], vec![0u16; n]);
    for _ in 0..samples {
        for k in 0..2 * n + 5 {
            let j = k + rng.below((52 - k) as u32) as usize;
            deck.swap(k, j);
        }
        let card = |k: usize| all[usize::from(deck[k])];
        let board = (2 * n..2 * n + 5).fold(HandKey::EMPTY, |key, k| key.with(card(k)));
        for i in 0..n {
            let (x, y) = (deck[2 * i], deck[2 * i + 1]);
            groups[i] = class[usize::from(x)][usize::from(y)];
            strength[i] = board.with(card(2 * i)).with(card(2 * i + 1)).rank().0;
        }
        b.add(&groups, &strength, weight)?;
    }
    Ok(b.deals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn showdown_ranks_are_the_dense_ranks() {
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let n = 2 + rng.below(9) as usize;
            let strength: Vec<u16> = (0..n).map(|_| rng.below(4) as u16).collect();
            let allin = rng.below(1 << n) as u16;
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(strength[i]));
            let (code, ranks) = showdown_ranks(&order, allin, &strength);
            let mut expected = 0u64;
            for (i, &got) in ranks.iter().enumerate().take(n) {
                let rank = if allin.count_ones() > 1 && allin >> i & 1 == 1 {
                    dense_rank(allin, &strength, i)
                } else {
                    0
                };
                assert_eq!(got, rank, "{strength:?} {allin:b}");
                expected |= u64::from(rank) << (4 * i);
            }
            assert_eq!(code, expected);
        }
    }
}
