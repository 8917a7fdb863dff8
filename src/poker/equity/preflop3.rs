//! The exact three-way preflop table of hand classes.
//!
//! An entry is a triple of the 169 classes `a <= b <= c` (grid order, row
//! by row from AA: `grid::cell_of`), 818,805 of them in lexicographic
//! order. It counts, over every deal of a combo of `a` to seat 1, a combo
//! of `b` to seat 2 and a combo of `c` to seat 3 (no card twice) and every
//! board of five of the 46 cards left, the deals and, per seat, the deals
//! it wins alone, splits two ways and splits three ways (`Row`).
//!
//! Deals that a renaming of suits maps onto each other end alike (the
//! classes are closed under renaming), so each triple's combo triples are
//! grouped into suit classes and each class's boards are counted once, by
//! the multiway exact counter (`runouts`), then multiplied.

use super::exact::{canonical, symmetries};
use super::{Counts, MAX_PLAYERS, POT, SPLIT_SHARE, runouts};
use crate::budget::Control;
use crate::cards::CardSet;
use crate::error::{Error, Result};
use crate::parallel::{map_items, run_with_threads};
use crate::poker::equity::grid::cell_of;
use crate::poker::equity::preflop::combo_mask;
use crate::poker::range::COMBOS;
use std::collections::HashMap;

/// Hand classes (the 13x13 grid's cells).
pub const CLASSES: usize = 169;

/// Entries: the triples `a <= b <= c` of classes, C(171, 3).
pub const TRIPLES: usize = 818_805;

/// Numbers in a row (`Row::to_words`).
pub const ROW_WORDS: usize = 10;

/// One entry's counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Row {
    /// Deals counted: combo triples without a shared card times the
    /// 1,370,754 boards of each.
    pub deals: u64,
    /// Per seat: deals it wins alone.
    pub wins: [u64; 3],
    /// Per seat: deals it splits with exactly one other seat.
    pub split2: [u64; 3],
    /// Per seat: deals all three split.
    pub split3: [u64; 3],
}

impl Row {
    /// Seat `seat`'s equity: its share of the pots (0 for an empty row).
    pub fn equity(&self, seat: usize) -> f64 {
        if self.deals == 0 {
            return 0.0;
        }
        (6 * self.wins[seat] + 3 * self.split2[seat] + 2 * self.split3[seat]) as f64
            / (6 * self.deals) as f64
    }

    /// The row as stored: deals, the wins, the two-way splits, the
    /// three-way splits (seats in order).
    pub fn to_words(&self) -> [u64; ROW_WORDS] {
        let mut w = [0u64; ROW_WORDS];
        w[0] = self.deals;
        w[1..4].copy_from_slice(&self.wins);
        w[4..7].copy_from_slice(&self.split2);
        w[7..10].copy_from_slice(&self.split3);
        w
    }

    fn add_scaled(&mut self, counts: &Counts, times: u64) {
        self.deals += counts.completions * times;
        for seat in 0..3 {
            let (win, split2, split3) = splits(counts, seat);
            self.wins[seat] += win * times;
            self.split2[seat] += split2 * times;
            self.split3[seat] += split3 * times;
        }
    }
}

/// A seat's wins, two-way and three-way splits, from three-handed counts:
/// its pot shares (`POT` a win, `POT/2` a two-way split, `POT/3` a
/// three-way one) and their squares are two equations in the two split
/// counts.
fn splits(counts: &Counts, seat: usize) -> (u64, u64, u64) {
    let (half, third) = (SPLIT_SHARE[2], SPLIT_SHARE[3]);
    let win = counts.wins[seat];
    let shared = counts.shares[seat] - win * POT;
    let shared_sq = counts.shares_sq[seat] - win * POT * POT;
    // half * shared - shared_sq = split3 * third * (half - third)
    let split3 = (half * shared - shared_sq) / (third * (half - third));
    let split2 = (shared - split3 * third) / half;
    (win, split2, split3)
}

/// The triple of classes at `index` (0..TRIPLES) in lexicographic order.
pub fn triple_at(index: usize) -> Result<[usize; 3]> {
    if index >= TRIPLES {
        return Err(Error::invalid(format!(
            "triple {index}: the table has {TRIPLES} (0 to {})",
            TRIPLES - 1
        )));
    }
    // Triples starting with class a: C(169 - a + 1, 2) of them.
    let mut rest = index;
    let mut a = 0;
    loop {
        let m = CLASSES - a;
        let starting = m * (m + 1) / 2;
        if rest < starting {
            break;
        }
        rest -= starting;
        a += 1;
    }
    let mut b = a;
    loop {
        let starting = CLASSES - b;
        if rest < starting {
            break;
        }
        rest -= starting;
        b += 1;
    }
    Ok([a, b, b + rest])
}

/// The index of the triple of classes `a <= b <= c`.
pub fn index_of(triple: [usize; 3]) -> Result<usize> {
    let [a, b, c] = triple;
    if !(a <= b && b <= c && c < CLASSES) {
        return Err(Error::invalid(format!(
            "triple {a},{b},{c}: classes must be 0 to {} in order a <= b <= c",
            CLASSES - 1
        )));
    }
    let before_a: usize = (0..a).map(|x| (CLASSES - x) * (CLASSES - x + 1) / 2).sum();
    let before_b: usize = (a..b).map(|y| CLASSES - y).sum();
    Ok(before_a + before_b + (c - b))
}

/// The combos of each class, as card sets.
fn class_combos() -> Vec<Vec<CardSet>> {
    let mut by_class = vec![Vec::new(); CLASSES];
    for slot in 0..COMBOS {
        let cards = CardSet::from_mask(combo_mask(slot)).unwrap_or_default();
        let (row, col) = cell_of(cards);
        by_class[row * 13 + col].push(cards);
    }
    by_class
}

/// The suit classes of a triple's deals: one representative's hands and
/// how many combo triples it stands for.
fn suit_classes(combos: &[Vec<CardSet>], triple: [usize; 3]) -> Vec<([CardSet; 3], u64)> {
    let perms = symmetries(CardSet::EMPTY, CardSet::EMPTY);
    let mut seen: HashMap<[u64; MAX_PLAYERS], usize> = HashMap::new();
    let mut out: Vec<([CardSet; 3], u64)> = Vec::new();
    for &x in &combos[triple[0]] {
        for &y in combos[triple[1]].iter().filter(|y| y.is_disjoint(x)) {
            for &z in combos[triple[2]]
                .iter()
                .filter(|z| z.is_disjoint(x) && z.is_disjoint(y))
            {
                let hands = [x, y, z];
                let key = canonical(&hands, &perms);
                match seen.get(&key) {
                    Some(&k) => out[k].1 += 1,
                    None => {
                        seen.insert(key, out.len());
                        out.push((hands, 1));
                    }
                }
            }
        }
    }
    // In key order, so the work is listed the same way on every run.
    out.sort_by_key(|(hands, _)| canonical(hands, &perms));
    out
}

/// The rows of the `count` triples from `first` (the same on any number of
/// `threads`: integer counts); `BudgetExceeded` once `control` stops it.
pub fn rows(first: usize, count: usize, threads: usize, control: &Control) -> Result<Vec<Row>> {
    if first.checked_add(count).is_none_or(|end| end > TRIPLES) {
        return Err(Error::invalid(format!(
            "triples {first}..{}: the table has {TRIPLES}",
            first.saturating_add(count)
        )));
    }
    let combos = class_combos();
    let mut work: Vec<(usize, [CardSet; 3], u64)> = Vec::new();
    for k in 0..count {
        let triple = triple_at(first + k)?;
        for (hands, times) in suit_classes(&combos, triple) {
            work.push((k, hands, times));
        }
    }
    let counted = run_with_threads(threads, |workers| {
        Ok(map_items(workers, work.len() as u64, |item| {
            if control.passed() {
                return None;
            }
            let hands = &work[item as usize].1;
            Some(runouts::count_runouts(
                hands,
                CardSet::EMPTY,
                CardSet::EMPTY,
                0,
                1,
            ))
        }))
    })?;
    let mut out = vec![Row::default(); count];
    for ((k, _, times), counts) in work.iter().zip(counted) {
        let counts = counts.ok_or_else(|| {
            Error::budget("the three-way preflop table was cancelled or ran out of time")
        })?;
        out[*k].add_scaled(&counts, *times);
    }
    Ok(out)
}

/// [`rows`] as stored: each row's `ROW_WORDS` numbers as little-endian u64.
pub fn rows_bytes(
    first: usize,
    count: usize,
    threads: usize,
    control: &Control,
) -> Result<Vec<u8>> {
    let rows = rows(first, count, threads, control)?;
    Ok(rows
        .iter()
        .flat_map(|r| r.to_words())
        .flat_map(u64::to_le_bytes)
        .collect())
}

/// The suit classes (boards counted) behind the `count` triples from
/// `first`: the work of [`rows`], for estimating the whole table's time.
pub fn work_of(first: usize, count: usize) -> Result<u64> {
    if first.checked_add(count).is_none_or(|end| end > TRIPLES) {
        return Err(Error::invalid(format!(
            "triples {first}..{}: the table has {TRIPLES}",
            first.saturating_add(count)
        )));
    }
    let combos = class_combos();
    let mut classes = 0u64;
    for k in first..first + count {
        classes += suit_classes(&combos, triple_at(k)?).len() as u64;
    }
    Ok(classes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker::equity::brute::count_every_board;
    use crate::poker::equity::{EquityRequest, Mode, equity};
    use crate::poker::range::Range;

    fn class(name: &str) -> usize {
        (0..CLASSES)
            .find(|&i| crate::poker::equity::grid::cell_name(i / 13, i % 13) == name)
            .unwrap()
    }

    /// Names in table order (by class index).
    fn in_order(mut names: [&str; 3]) -> [&str; 3] {
        names.sort_by_key(|n| class(n));
        names
    }

    fn row_of(a: &str, b: &str, c: &str) -> Row {
        let index = index_of([class(a), class(b), class(c)]).unwrap();
        rows(index, 1, 0, &Control::NONE).unwrap()[0]
    }

    /// Every combo triple counted on its own, no suit classes.
    fn summed(a: &str, b: &str, c: &str, count: impl Fn(&[CardSet]) -> Counts) -> Row {
        let combos = class_combos();
        let mut row = Row::default();
        for &x in &combos[class(a)] {
            for &y in &combos[class(b)] {
                for &z in &combos[class(c)] {
                    if x.is_disjoint(y) && x.is_disjoint(z) && y.is_disjoint(z) {
                        row.add_scaled(&count(&[x, y, z]), 1);
                    }
                }
            }
        }
        row
    }

    #[test]
    fn triples_are_numbered_in_order() {
        assert_eq!(triple_at(0).unwrap(), [0, 0, 0]);
        assert_eq!(triple_at(1).unwrap(), [0, 0, 1]);
        assert_eq!(triple_at(169).unwrap(), [0, 1, 1]);
        assert_eq!(triple_at(TRIPLES - 1).unwrap(), [168, 168, 168]);
        let mut expected = 0;
        for a in 0..CLASSES {
            for b in a..CLASSES {
                for c in (b..CLASSES).step_by(17) {
                    let index = index_of([a, b, c]).unwrap();
                    assert_eq!(index, expected + (c - b));
                    assert_eq!(triple_at(index).unwrap(), [a, b, c]);
                }
                expected += CLASSES - b;
            }
        }
        assert_eq!(expected, TRIPLES);
        assert!(triple_at(TRIPLES).is_err());
        assert!(index_of([2, 1, 3]).is_err());
        assert!(index_of([0, 0, CLASSES]).is_err());
        assert!(rows(TRIPLES - 1, 2, 1, &Control::NONE).is_err());
        assert!(rows(usize::MAX, 2, 1, &Control::NONE).is_err());
    }

    #[test]
    fn a_triple_is_every_deal_counted_by_brute_force() {
        // 24 combo triples of AKs, all one suit class, each dealt out over
        // every board by the brute-force oracle.
        let row = row_of("AKs", "AKs", "AKs");
        let brute = summed("AKs", "AKs", "AKs", |h| {
            count_every_board(h, CardSet::EMPTY, CardSet::EMPTY)
        });
        assert_eq!(row, brute);
        assert_eq!(row.deals, 24 * 1_370_754);
        // Every deal splits three ways or has one winner or two.
        for seat in 0..3 {
            assert!(row.split3[seat] > 0 && row.split3[seat] == row.split3[0]);
        }
    }

    #[test]
    fn suit_classes_add_up_to_every_combo_triple() {
        for names in [
            ["AA", "KK", "QQ"],
            ["AKo", "AKs", "72o"],
            ["JTs", "JTs", "22"],
        ] {
            let [a, b, c] = in_order(names);
            let row = row_of(a, b, c);
            let each = summed(a, b, c, |h| {
                runouts::count_runouts(h, CardSet::EMPTY, CardSet::EMPTY, 0, 1)
            });
            assert_eq!(row, each, "{a} {b} {c}");
        }
    }

    #[test]
    fn rows_are_the_multiway_engines_equities() {
        for names in [
            ["AA", "KK", "QQ"],
            ["AKs", "QJs", "T9s"],
            ["22", "AKo", "AKo"],
        ] {
            let [a, b, c] = in_order(names);
            let row = row_of(a, b, c);
            let ranges = [a, b, c].map(|r| Range::parse(r).unwrap()).to_vec();
            let mut req = EquityRequest::new(ranges);
            req.mode = Mode::Exact;
            req.time_budget = std::time::Duration::from_secs(600);
            let r = equity(&req).unwrap();
            for seat in 0..3 {
                let p = &r.players[seat];
                assert!((row.equity(seat) - p.equity).abs() < 1e-12, "{a} {b} {c}");
                let win = row.wins[seat] as f64 / row.deals as f64;
                assert!((win - p.win).abs() < 1e-12, "{a} {b} {c}");
            }
            let pots: u64 = (0..3)
                .map(|s| 6 * row.wins[s] + 3 * row.split2[s] + 2 * row.split3[s])
                .sum();
            assert_eq!(pots, 6 * row.deals);
        }
    }

    #[test]
    fn rows_are_the_same_on_any_number_of_threads() {
        let first = index_of([class("AKs"), class("AKs"), class("KQs")]).unwrap();
        let one = rows_bytes(first, 3, 1, &Control::NONE).unwrap();
        let two = rows_bytes(first, 3, 2, &Control::NONE).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.len(), 3 * ROW_WORDS * 8);
    }
}
