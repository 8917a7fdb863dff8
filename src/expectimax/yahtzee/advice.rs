//! A position's advice from the table: the value of every keep (with
//! rolls left) or every box (after the last roll), best first.

use super::rules::{Category, CategorySet, Counts, bonus_of, score_in};
use super::widget::{LANES, Lane, Lookup, Turn};
use super::{Sheet, YahtzeeTable};
use crate::error::{Error, Result};

/// A position inside a turn: the sheet, the dice showing, and the rolls
/// still allowed this turn (0 after the last roll).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The sheet before this turn's box is filled.
    pub sheet: Sheet,
    /// The faces showing (1-6), one per die, in any order.
    pub dice: Vec<u8>,
    /// Rolls left this turn (0 to rolls - 1).
    pub rolls_left: u8,
}

/// A choice of the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    /// Keep these faces (sorted) and roll the other dice; keeping all the
    /// dice is as good as scoring the roll now.
    Keep(Vec<u8>),
    /// Score the roll in this box.
    Score(Category),
}

/// One choice and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// What to do.
    pub action: Move,
    /// The expected score still to come after it, this roll's points and
    /// bonuses included, points already on the sheet not.
    pub value: f64,
    /// For a box: the points it writes (the Yahtzee bonus apart).
    pub points: Option<u32>,
}

/// A position's value and every choice, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// The value of the best choice.
    pub value: f64,
    /// Every choice the rules allow, by value, best first.
    pub choices: Vec<Choice>,
}

impl YahtzeeTable {
    /// The best keep (rolls left) or box (none left) of `position`, with
    /// the value of every alternative. An error names a sheet no play
    /// reaches, wrong dice or too many rolls left.
    pub fn advise(&self, position: &Position) -> Result<Advice> {
        let s = &self.solved;
        let rules = &s.rules;
        self.state_index(&position.sheet)?;
        let sheet = position.sheet;
        if sheet.used.0 == rules.categories.0 {
            return Err(Error::invalid(
                "Yahtzee position: every box is filled, the game is over",
            ));
        }
        if position.dice.len() != usize::from(rules.dice)
            || position.dice.iter().any(|&d| d == 0 || d > rules.faces)
        {
            return Err(Error::invalid(format!(
                "Yahtzee position: dice {:?} must be {} faces from 1 to {}",
                position.dice, rules.dice, rules.faces
            )));
        }
        if position.rolls_left >= rules.rolls {
            return Err(Error::invalid(format!(
                "Yahtzee position: {} rolls left, but a turn has {} rolls and the dice show one",
                position.rolls_left, rules.rolls
            )));
        }
        let mut counts: Counts = [0; 6];
        for &d in &position.dice {
            counts[usize::from(d - 1)] += 1;
        }
        let lane = Lane {
            upper: sheet.upper_total.min(rules.upper_threshold),
            scored_50: sheet.yahtzee_scored_50 && rules.tracks_bonus(),
        };
        let look = Lookup {
            rules,
            values: &s.values,
        };
        let mut choices = Vec::new();
        if position.rolls_left == 0 {
            let open = CategorySet(rules.categories.0 & !sheet.used.0);
            let bonus = f64::from(bonus_of(rules, lane.scored_50, &counts));
            for c in open.iter() {
                if let Some(points) = score_in(rules, open, c, &counts) {
                    choices.push(Choice {
                        action: Move::Score(c),
                        value: f64::from(points) + bonus + look.next(sheet.used.0, lane, c, points),
                        points: Some(points),
                    });
                }
            }
        } else {
            let mut turn = Turn::new(&s.space);
            turn.final_roll(&look, &s.space, sheet.used.0, &[lane; LANES]);
            for _ in 1..position.rolls_left {
                turn.expect(&s.space);
                turn.best_keep(&s.space);
            }
            turn.expect(&s.space);
            for keep in sub_multisets(&counts) {
                let index = s.space.index_of(&keep).expect("every keep is numbered");
                let faces = (0..6)
                    .flat_map(|f| std::iter::repeat_n(f as u8 + 1, usize::from(keep[f])))
                    .collect();
                choices.push(Choice {
                    action: Move::Keep(faces),
                    value: turn.rows[index][0],
                    points: None,
                });
            }
        }
        // Best first; ties keep the order made (boxes in sheet order,
        // keeps from the most dice kept).
        choices.sort_by(|a, b| b.value.total_cmp(&a.value));
        Ok(Advice {
            value: choices[0].value,
            choices,
        })
    }
}

/// Every multiset inside `counts`, the largest first.
fn sub_multisets(counts: &Counts) -> Vec<Counts> {
    let mut out = vec![[0u8; 6]];
    for f in 0..6 {
        out = out
            .into_iter()
            .flat_map(|c| {
                (0..=counts[f]).map(move |k| {
                    let mut more = c;
                    more[f] = k;
                    more
                })
            })
            .collect();
    }
    out.sort_by_key(|c| std::cmp::Reverse(c.iter().sum::<u8>()));
    out
}
