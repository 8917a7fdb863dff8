//! Push/fold equilibria. Heads-up (`solve_heads_up`): the small blind
//! pushes all-in or folds, the big blind calls or folds; chip EV, with
//! blinds and antes. Multiway (`solve_table`, 2 to 10 seats, chip EV or
//! ICM): CFR+ to a stated exploitability, see `multiway`.
//!
//! Heads-up, the answer is the exact equilibrium per combo (all 1,326, mixed where
//! the equilibrium mixes), the game's value and its exploitability from
//! exact best responses combo by combo. Card removal is exact: the
//! matchups are combo against combo from the preflop table.
//!
//! ```
//! use oddsmith::poker::pushfold::{HeadsUp, solve_heads_up};
//! let q = HeadsUp { stacks: [10.0, 10.0], ..HeadsUp::default() };
//! let s = solve_heads_up(&q).unwrap();
//! assert!(s.exploitability() <= 1e-9);
//! let aa = s.combos.iter().find(|c| c.cards.to_string() == "AcAd").unwrap();
//! assert_eq!((aa.push, aa.call), (1.0, 1.0));
//! ```

mod cfr;
pub mod chart;
mod deals;
mod deck;
pub mod game;
pub mod icm;
mod lp;
mod multiway;
mod solve;
mod table;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_chart;
#[cfg(test)]
mod tests_multiway;

pub use chart::{ClassShare, chart_text, class_chart};
pub use game::{Evaluation, Matchups, Stakes, evaluate};
pub use icm::icm_equity;
pub use multiway::{
    SolveOptions, SpotStrategy, TableSolution, check_table, solve_table, solve_table_within,
};
pub use table::{Spot, Table, position_name, spot_count};

use crate::cards::CardSet;
use crate::error::{Error, Result};
use game::GroupGame;
use solve::GroupStrategy;

/// A heads-up push/fold question, in chips (the blinds set the unit: with
/// the default blinds 0.5 and 1, chips are big blinds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeadsUp {
    /// The small blind's and the big blind's stacks before posting; only
    /// the smaller (the effective stack) matters for chip EV.
    pub stacks: [f64; 2],
    /// The small blind.
    pub small_blind: f64,
    /// The big blind.
    pub big_blind: f64,
    /// The ante each player posts.
    pub ante: f64,
}

impl Default for HeadsUp {
    fn default() -> Self {
        HeadsUp {
            stacks: [10.0, 10.0],
            small_blind: 0.5,
            big_blind: 1.0,
            ante: 0.0,
        }
    }
}

impl HeadsUp {
    /// The stakes: the effective stack, the blinds and the ante, checked.
    pub fn stakes(&self) -> Result<Stakes> {
        for (who, &stack) in ["small blind", "big blind"].iter().zip(&self.stacks) {
            if !(stack.is_finite() && stack > 0.0) {
                return Err(Error::invalid(format!(
                    "the {who}'s stack {stack}: a stack must be a positive number"
                )));
            }
        }
        let s = Stakes {
            stack: self.stacks[0].min(self.stacks[1]),
            small_blind: self.small_blind,
            big_blind: self.big_blind,
            ante: self.ante,
        };
        s.check()?;
        Ok(s)
    }
}

/// One combo's equilibrium strategy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ComboStrategy {
    /// The two cards.
    pub cards: CardSet,
    /// The small blind's chance to push it.
    pub push: f64,
    /// The big blind's chance to call a push with it.
    pub call: f64,
}

/// A heads-up push/fold equilibrium. Amounts are in big blinds.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The stakes solved (in chips).
    pub stakes: Stakes,
    /// The effective stack in big blinds.
    pub stack_bb: f64,
    /// Every combo, in the preflop table's order.
    pub combos: Vec<ComboStrategy>,
    /// The small blind's expected result per hand (the big blind's is its
    /// negative).
    pub value: f64,
    /// What the small blind would gain by its exact best response to the
    /// big blind's strategy.
    pub sb_gain: f64,
    /// What the big blind would gain by its exact best response.
    pub bb_gain: f64,
}

impl Solution {
    /// The larger best-response gain: how far from an equilibrium.
    pub fn exploitability(&self) -> f64 {
        self.sb_gain.max(self.bb_gain)
    }

    /// The share of each class the small blind pushes.
    pub fn push_chart(&self) -> Vec<ClassShare> {
        class_chart(self.combos.iter().map(|c| (c.cards, c.push)))
    }

    /// The share of each class the big blind calls with.
    pub fn call_chart(&self) -> Vec<ClassShare> {
        class_chart(self.combos.iter().map(|c| (c.cards, c.call)))
    }
}

/// An equilibrium of a push/fold game on any deck: per combo of
/// `Matchups`, the chance to push and to call, and their evaluation in
/// chips.
#[derive(Debug, Clone, PartialEq)]
pub struct Equilibrium {
    /// Per combo, the chance to push.
    pub push: Vec<f64>,
    /// Per combo, the chance to call a push.
    pub call: Vec<f64>,
    /// The value and best-response gains, in chips.
    pub evaluation: Evaluation,
}

/// The equilibrium of the game on `m` at stakes `s`: exact (it plays a
/// group's combos alike; the evaluation checks every combo).
pub fn solve_game(m: &Matchups, s: &Stakes) -> Result<Equilibrium> {
    solve_game_from(m, s, None).map(|(e, _)| e)
}

fn solve_game_from(
    m: &Matchups,
    s: &Stakes,
    warm: Option<&GroupStrategy>,
) -> Result<(Equilibrium, GroupStrategy)> {
    s.check()?;
    let g = solve::solve(&GroupGame::new(m, s), warm)?;
    let push: Vec<f64> = m.group_of.iter().map(|&c| g.push[c]).collect();
    let call: Vec<f64> = m.group_of.iter().map(|&c| g.call[c]).collect();
    let evaluation = evaluate(m, s, &push, &call);
    Ok((
        Equilibrium {
            push,
            call,
            evaluation,
        },
        g,
    ))
}

/// The heads-up push/fold equilibrium of the full deck.
pub fn solve_heads_up(q: &HeadsUp) -> Result<Solution> {
    let stakes = q.stakes()?;
    solve_full(&stakes, None).map(|(s, _)| s)
}

/// The equilibria at each of `stacks` (effective, in chips) with the
/// blinds and ante of `q`: a chart over stack sizes, each solve started
/// from the previous one's answer.
pub fn solve_stacks(q: &HeadsUp, stacks: &[f64]) -> Result<Vec<Solution>> {
    let mut warm = None;
    let mut out = Vec::with_capacity(stacks.len());
    for &stack in stacks {
        let stakes = HeadsUp {
            stacks: [stack, stack],
            ..*q
        }
        .stakes()?;
        let (s, g) = solve_full(&stakes, warm.as_ref())?;
        out.push(s);
        warm = Some(g);
    }
    Ok(out)
}

fn solve_full(stakes: &Stakes, warm: Option<&GroupStrategy>) -> Result<(Solution, GroupStrategy)> {
    let m = deck::full_deck()?;
    let (e, g) = solve_game_from(m, stakes, warm)?;
    let bb = stakes.big_blind;
    let combos = (0..m.len())
        .map(|i| ComboStrategy {
            cards: deck::combo_cards(i),
            push: e.push[i],
            call: e.call[i],
        })
        .collect();
    let solution = Solution {
        stakes: *stakes,
        stack_bb: stakes.stack / bb,
        combos,
        value: e.evaluation.value / bb,
        sb_gain: e.evaluation.sb_gain.max(0.0) / bb,
        bb_gain: e.evaluation.bb_gain.max(0.0) / bb,
    };
    Ok((solution, g))
}

/// The full deck's matchups built afresh (what the first solve builds and
/// caches; for measuring that cost).
pub fn full_deck_matchups() -> Result<Matchups> {
    deck::build()
}

/// Builds the full deck's matchup table now rather than on the first
/// solve (tens of milliseconds, once per process).
pub fn warm_up() -> Result<()> {
    deck::full_deck().map(|_| ())
}
