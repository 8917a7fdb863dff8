//! The multiway push/fold game: the seats, what each posts, the betting
//! tree (each seat in turn pushes or folds until one pushes; then each
//! later seat calls all-in or folds) and what every end of it pays, with
//! side pots, in chips or ICM.

use super::icm::{MAX_PLAYERS, icm_equity};
use crate::error::{Error, Result};

/// A multiway push/fold question. Seats are in order of action: the first
/// to act first, the small blind second to last, the big blind last (with
/// two players the small blind acts first).
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// Each seat's stack before posting, in chips.
    pub stacks: Vec<f64>,
    /// The small blind.
    pub small_blind: f64,
    /// The big blind (the unit of every answer).
    pub big_blind: f64,
    /// The ante each seat posts.
    pub ante: f64,
    /// Prizes by finishing place for ICM (first place first); empty for
    /// chip EV.
    pub payouts: Vec<f64>,
}

impl Default for Table {
    fn default() -> Self {
        Table {
            stacks: vec![10.0; 3],
            small_blind: 0.5,
            big_blind: 1.0,
            ante: 0.0,
            payouts: Vec::new(),
        }
    }
}

impl Table {
    /// Checks every amount, naming the bad one.
    pub fn check(&self) -> Result<()> {
        let n = self.stacks.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(Error::invalid(format!(
                "stacks: {n} given, a table has 2 to {MAX_PLAYERS} players"
            )));
        }
        let positive = |x: f64| x.is_finite() && x > 0.0;
        super::game::check_blinds(self.small_blind, self.big_blind, self.ante)?;
        for (seat, &stack) in self.stacks.iter().enumerate() {
            if !(positive(stack) && stack > self.posted(seat)) {
                return Err(Error::invalid(format!(
                    "stack {stack} (seat {}): a stack must be a number larger than what the seat posts ({})",
                    seat + 1,
                    self.posted(seat)
                )));
            }
        }
        if let Some(p) = self.payouts.iter().find(|p| !(p.is_finite() && **p >= 0.0)) {
            return Err(Error::invalid(format!(
                "payout {p}: payouts must be zero or positive numbers"
            )));
        }
        if !self.payouts.is_empty() && self.payouts.iter().sum::<f64>() <= 0.0 {
            return Err(Error::invalid("payouts: they must not all be zero"));
        }
        Ok(())
    }

    /// What `seat` posts before the cards: the ante and its blind.
    pub fn posted(&self, seat: usize) -> f64 {
        let n = self.stacks.len();
        let blind = if seat + 2 == n {
            self.small_blind
        } else if seat + 1 == n {
            self.big_blind
        } else {
            0.0
        };
        self.ante + blind
    }

    /// How many chips a unit of prize is worth: the chips in play over the
    /// prizes paid (so ICM values read in chips, then big blinds).
    pub fn chips_per_prize(&self) -> f64 {
        let paid: f64 = self.payouts.iter().take(self.stacks.len()).sum();
        self.stacks.iter().sum::<f64>() / paid
    }
}

/// A decision point: `seat` acts, after the seats before it folded
/// (`opener` none) or after `opener` pushed and `callers` called.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// The seat acting.
    pub seat: usize,
    /// The seat that pushed first, if any.
    pub opener: Option<usize>,
    /// The seats that called since, in order.
    pub callers: Vec<usize>,
}

impl Spot {
    /// What the spot is, by position: "BTN opens", "BB after BTN pushes,
    /// SB calls".
    pub fn describe(&self, players: usize) -> String {
        let who = |s: usize| position_name(s, players);
        match self.opener {
            None => format!("{} opens", who(self.seat)),
            Some(o) => {
                let mut text = format!("{} after {} pushes", who(self.seat), who(o));
                for &c in &self.callers {
                    text.push_str(&format!(", {} calls", who(c)));
                }
                text
            }
        }
    }
}

/// The decision points of a table of `players` (2 to 10; 0 otherwise):
/// 2^players - 2, each seat's open and each call after each opener and
/// callers, as `TableSolution::spots` lists them.
pub fn spot_count(players: usize) -> usize {
    if (2..=MAX_PLAYERS).contains(&players) {
        (1 << players) - 2
    } else {
        0
    }
}

/// A seat's position name at a table of `players`: BB, SB, BTN, CO, HJ,
/// LJ counted from the last seat, then UTG, UTG+1, ... from the first.
pub fn position_name(seat: usize, players: usize) -> String {
    const FROM_LAST: [&str; 6] = ["BB", "SB", "BTN", "CO", "HJ", "LJ"];
    let back = players.saturating_sub(seat + 1);
    if back < FROM_LAST.len() {
        FROM_LAST[back].to_string()
    } else if seat == 0 {
        "UTG".to_string()
    } else {
        format!("UTG+{seat}")
    }
}

/// The betting tree. Slots `0..spots.len()` are decisions (in an order
/// where parents come first), then the ends.
#[derive(Debug, Clone)]
pub(super) struct Tree {
    pub spots: Vec<Spot>,
    /// Per decision: the slots after folding and after pushing or calling.
    pub children: Vec<[usize; 2]>,
    /// Per end: the seats all-in (for a walk or an uncalled push, the one
    /// seat that takes the pot).
    pub ends: Vec<u16>,
}

/// A child in the tree while it grows.
#[derive(Clone, Copy)]
enum Slot {
    Spot(usize),
    End(usize),
}

impl Tree {
    pub fn new(players: usize) -> Tree {
        let mut grown = Growing::default();
        grown.grow(players, 0, None, &mut Vec::new());
        let d = grown.spots.len();
        let flat = |s: Slot| match s {
            Slot::Spot(k) => k,
            Slot::End(k) => d + k,
        };
        Tree {
            spots: grown.spots,
            children: grown
                .children
                .iter()
                .map(|&[f, a]| [flat(f), flat(a)])
                .collect(),
            ends: grown.ends,
        }
    }
}

#[derive(Default)]
struct Growing {
    spots: Vec<Spot>,
    children: Vec<[Slot; 2]>,
    ends: Vec<u16>,
}

impl Growing {
    /// Adds the subtree where `seat` acts next.
    fn grow(
        &mut self,
        n: usize,
        seat: usize,
        opener: Option<usize>,
        callers: &mut Vec<usize>,
    ) -> Slot {
        let seats = match opener {
            None if seat + 1 == n => Some(1u16 << seat),
            Some(o) if seat == n => Some(callers.iter().fold(1u16 << o, |m, &c| m | 1 << c)),
            _ => None,
        };
        if let Some(seats) = seats {
            self.ends.push(seats);
            return Slot::End(self.ends.len() - 1);
        }
        let slot = self.spots.len();
        self.spots.push(Spot {
            seat,
            opener,
            callers: callers.clone(),
        });
        self.children.push([Slot::End(0); 2]);
        let fold = self.grow(n, seat + 1, opener, callers);
        let act = match opener {
            None => self.grow(n, seat + 1, Some(seat), callers),
            Some(_) => {
                callers.push(seat);
                let s = self.grow(n, seat + 1, opener, callers);
                callers.pop();
                s
            }
        };
        self.children[slot] = [fold, act];
        Slot::Spot(slot)
    }
}

/// What each seat ends the hand with at an end where `allin` are all-in
/// (or the one seat taking the pot), `strength` each seat's hand strength
/// (higher wins; only the all-in seats' are read).
pub(super) fn final_stacks(table: &Table, allin: u16, strength: &[u16]) -> Vec<f64> {
    let n = table.stacks.len();
    let inside = |i: usize| allin >> i & 1 == 1;
    let put: Vec<f64> = (0..n)
        .map(|i| {
            if inside(i) && allin.count_ones() > 1 {
                table.stacks[i]
            } else {
                table.posted(i)
            }
        })
        .collect();
    let mut levels: Vec<f64> = (0..n).filter(|&i| inside(i)).map(|i| put[i]).collect();
    levels.sort_by(f64::total_cmp);
    levels.dedup();
    let mut out: Vec<f64> = (0..n).map(|i| table.stacks[i] - put[i]).collect();
    let mut below = 0.0;
    for (k, &level) in levels.iter().enumerate() {
        let top = if k + 1 == levels.len() {
            f64::INFINITY
        } else {
            level
        };
        let pot: f64 = put.iter().map(|&p| p.min(top) - p.min(below)).sum();
        let eligible: Vec<usize> = (0..n).filter(|&i| inside(i) && put[i] >= level).collect();
        let best = eligible.iter().map(|&i| strength[i]).max().unwrap_or(0);
        let winners: Vec<usize> = eligible
            .into_iter()
            .filter(|&i| strength[i] == best)
            .collect();
        for &w in &winners {
            out[w] += pot / winners.len() as f64;
        }
        below = level;
    }
    out
}

/// What each seat's result is worth, in big blinds: chips won, or the ICM
/// prize gained or lost priced at `chips_per_prize`.
pub(super) fn payoff(table: &Table, after: &[f64]) -> Result<Vec<f64>> {
    let bb = table.big_blind;
    if table.payouts.is_empty() {
        return Ok(after
            .iter()
            .zip(&table.stacks)
            .map(|(a, s)| (a - s) / bb)
            .collect());
    }
    let price = table.chips_per_prize() / bb;
    let now = icm_equity(after, &table.payouts, &table.stacks)?;
    let before = icm_equity(&table.stacks, &table.payouts, &table.stacks)?;
    Ok(now
        .iter()
        .zip(&before)
        .map(|(a, b)| (a - b) * price)
        .collect())
}
