//! One turn solved for a batch of sheet states at once (the "widget" of
//! the literature): the value of every final roll given the values of the
//! states after it, then one pass per roll left back to the turn's start.
//!
//! The states of a batch share the boxes used (so the same choices) and
//! differ in upper total and Yahtzee-bonus state: each is a lane of a row
//! of `LANES` values, and every step is the same arithmetic on each lane,
//! which the compiler turns into vector instructions.

// A lane index reads several rows at once; the plain loops vectorize.
#![allow(clippy::needless_range_loop)]

use super::dice::DiceSpace;
use super::rules::{Category, CategorySet, Counts, Rules, YAHTZEE_BONUS, score_in, yahtzee_face};

/// States solved together.
pub(crate) const LANES: usize = 16;
/// One value per lane.
pub(crate) type Row = [f64; LANES];

/// A sheet state at a turn's start, less the boxes used (shared by the
/// batch): the upper total (capped at the threshold) and whether the
/// Yahtzee box holds 50.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Lane {
    pub upper: u32,
    pub scored_50: bool,
}

/// Where the whole-game values of the states after the turn are read.
pub(crate) struct Lookup<'a> {
    pub rules: &'a Rules,
    pub values: &'a [f64],
}

impl Lookup<'_> {
    /// The number of a sheet state in the table.
    pub fn index(rules: &Rules, used: u16, scored_50: bool, upper: u32) -> usize {
        let totals = rules.upper_threshold as usize + 1;
        (usize::from(used) * 2 + usize::from(scored_50)) * totals + upper as usize
    }

    /// The state after scoring `points` (the box's own points, bonus apart)
    /// in `c` from `lane` with `used` filled.
    pub fn next(&self, used: u16, lane: Lane, c: Category, points: u32) -> f64 {
        let r = self.rules;
        let upper = match c.upper_face() {
            Some(_) => (lane.upper + points).min(r.upper_threshold),
            None => lane.upper,
        };
        let scored_50 =
            lane.scored_50 || (r.tracks_bonus() && c == Category::Yahtzee && points == 50);
        self.values[Self::index(r, used | c.bit(), scored_50, upper)]
    }
}

/// The scratch of one turn's solve: a row per keep (the full rolls
/// first), and the rows of the states a final roll can lead to.
pub(crate) struct Turn {
    pub rows: Vec<Row>,
    next: Vec<Row>,
}

impl Turn {
    pub fn new(space: &DiceSpace) -> Turn {
        Turn {
            rows: vec![[0.0; LANES]; space.keeps()],
            next: Vec::with_capacity(13 * 6),
        }
    }

    /// The full rows become the value of each final roll (no roll left):
    /// the best box's points plus the value of the state it leads to, plus
    /// the Yahtzee bonus the roll earns.
    pub fn final_roll(
        &mut self,
        look: &Lookup,
        space: &DiceSpace,
        used: u16,
        lanes: &[Lane; LANES],
    ) {
        let rules = look.rules;
        let open = CategorySet(rules.categories.0 & !used);
        // The successor rows: an upper box leads to one state per count of
        // its face, the Yahtzee box to two (0 or 50), any other to one.
        self.next.clear();
        let mut first_row = [0usize; 13];
        for c in open.iter() {
            first_row[c.index()] = self.next.len();
            let points: &mut dyn Iterator<Item = u32> = match c.upper_face() {
                Some(face) => &mut (0..=u32::from(rules.dice)).map(move |k| k * face as u32),
                None if c == Category::Yahtzee => &mut [0, 50].into_iter(),
                None => &mut [0].into_iter(),
            };
            for p in points {
                self.next
                    .push(lanes.map(|lane| look.next(used, lane, c, p)));
            }
        }
        let bonus = lanes.map(|lane| {
            if lane.scored_50 {
                f64::from(YAHTZEE_BONUS)
            } else {
                0.0
            }
        });
        for (d, counts) in space.counts[..space.full].iter().enumerate() {
            let yahtzee = yahtzee_face(rules, counts).is_some();
            let mut best = [f64::NEG_INFINITY; LANES];
            for c in open.iter() {
                // The Joker only touches Yahtzees: other rolls score by
                // each box's own rule, read from the table.
                let points = if yahtzee {
                    match score_in(rules, open, c, counts) {
                        Some(p) => p,
                        None => continue,
                    }
                } else {
                    u32::from(space.base[d][c.index()])
                };
                let row = &self.next[successor(first_row, c, counts, points)];
                let p = f64::from(points);
                for l in 0..LANES {
                    best[l] = best[l].max(p + row[l]);
                }
            }
            if yahtzee && rules.yahtzee_bonus {
                for l in 0..LANES {
                    best[l] += bonus[l];
                }
            }
            self.rows[d] = best;
        }
    }

    /// Every keep's row becomes its expected value: the average, over the
    /// face of one more die, of the keep one die larger (the full rows
    /// stay as they are).
    pub fn expect(&mut self, space: &DiceSpace) {
        let scale = 1.0 / space.faces as f64;
        for k in space.full..space.keeps() {
            // Larger keeps are numbered first.
            let (done, rest) = self.rows.split_at_mut(k);
            let mut sum = [0.0; LANES];
            for &j in &space.add[k][..space.faces] {
                let row = &done[usize::from(j)];
                for l in 0..LANES {
                    sum[l] += row[l];
                }
            }
            rest[0] = sum.map(|s| s * scale);
        }
    }

    /// Every keep's row becomes the best expected value of a keep inside
    /// it (the full rows: the value of the roll with this roll to come).
    pub fn best_keep(&mut self, space: &DiceSpace) {
        for k in (0..space.keeps()).rev() {
            // Smaller keeps are numbered after.
            let (head, tail) = self.rows.split_at_mut(k + 1);
            let row = &mut head[k];
            for &j in space.smaller(k) {
                let smaller = &tail[usize::from(j) - k - 1];
                for l in 0..LANES {
                    row[l] = row[l].max(smaller[l]);
                }
            }
        }
    }

    /// The expected value over a roll of all the dice of the full rows.
    pub fn start(&self, space: &DiceSpace) -> Row {
        let mut sum = [0.0; LANES];
        for (row, &p) in self.rows.iter().zip(&space.probability) {
            for l in 0..LANES {
                sum[l] += p * row[l];
            }
        }
        sum
    }

    /// Solves a whole turn: the value of each lane at the turn's start.
    pub fn solve(
        &mut self,
        look: &Lookup,
        space: &DiceSpace,
        used: u16,
        lanes: &[Lane; LANES],
    ) -> Row {
        self.final_roll(look, space, used, lanes);
        for _ in 1..look.rules.rolls {
            self.expect(space);
            self.best_keep(space);
        }
        self.start(space)
    }
}

/// The successor row of box `c` scoring `points` with this roll.
fn successor(first_row: [usize; 13], c: Category, counts: &Counts, points: u32) -> usize {
    first_row[c.index()]
        + match c.upper_face() {
            Some(face) => usize::from(counts[face - 1]),
            None => usize::from(c == Category::Yahtzee && points == 50),
        }
}
