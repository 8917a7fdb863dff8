//! One strongly connected component of a game with cycles, compiled for
//! sweeping, and the sweeps that settle it.
//!
//! The component's states get positions 0..n in the order the walk
//! finished them. Outcomes into solved states are constants by now, so
//! each move is compiled once into a constant (their expectation plus the
//! rewards) and terms (probability, position) over the component's own
//! states; a sweep then reads only the component's small, contiguous
//! value array.
//!
//! A sweep updates the states in position order, in place. When every
//! value a sweep reads before updating it is the value of one state, the
//! pivot (in Pig: the state where a pig-out hands the move back), the
//! sweep is a monotone, piecewise affine map of the pivot's old value x.
//! The sweep also carries each value's slope in x (for the best move
//! chosen), and a Newton step moves every value along its slope to the
//! fixed point x = f(x) of the current choice of moves; the next sweep
//! confirms it (or, if a best move changed, steps again). This is policy
//! iteration on one number: Pig's components settle in two or three
//! sweeps where plain sweeps need dozens. A step that does not shrink the
//! pivot's change turns the steps off for the component; plain sweeps
//! always settle when play ends with probability 1.

use super::{Meter, NodeKind, PROBABILITY_TOLERANCE, reserve};
use crate::budget::Control;
use crate::error::{Error, Result};

/// Where an outcome leads, for [`Component::add_state`].
#[derive(Clone, Copy)]
pub(super) enum Target {
    /// A state of this component, by position.
    Member(u32),
    /// A solved state, by value.
    Solved(f64),
}

/// A state: its kind and the end of its moves in `moves`.
#[derive(Clone, Copy)]
struct Row {
    kind: NodeKind,
    moves_end: u32,
}

/// A move: the expectation of its outcomes into solved states plus all
/// its rewards, and the end of its terms in `terms`.
#[derive(Clone, Copy)]
struct Move {
    constant: f64,
    terms_end: u32,
    /// The probabilities so far (checked to sum to 1).
    total: f64,
}

/// An outcome into the component.
#[derive(Clone, Copy)]
struct Term {
    probability: f64,
    position: u32,
}

/// A component being compiled, then swept.
#[derive(Default)]
pub(super) struct Component {
    rows: Vec<Row>,
    moves: Vec<Move>,
    terms: Vec<Term>,
    /// Per position: the value, and its slope in the pivot's old value.
    value: Vec<f64>,
    slope: Vec<f64>,
    /// The one state read before it is updated, if only one is.
    pivot: Option<u32>,
    several_stale: bool,
    /// Whether every outcome so far had a probability in 0..=1 and a
    /// finite reward.
    valid: bool,
}

/// How a component settled.
pub(super) struct Settled {
    pub sweeps: u64,
    pub residual: f64,
}

impl Component {
    pub fn clear(&mut self) {
        self.rows.clear();
        self.moves.clear();
        self.terms.clear();
        self.value.clear();
        self.slope.clear();
        self.pivot = None;
        self.several_stale = false;
        self.valid = true;
    }

    /// Room for `states` states and `outcomes` outcomes in all, so that
    /// adding them allocates nothing (a failure is an error, not an abort).
    pub fn reserve(&mut self, states: usize, outcomes: usize, what: &str) -> Result<()> {
        reserve(&mut self.rows, states, what)?;
        reserve(&mut self.value, states, what)?;
        reserve(&mut self.slope, states, what)?;
        reserve(&mut self.moves, outcomes, what)?;
        reserve(&mut self.terms, outcomes, what)
    }

    /// Room for `outcomes` more outcomes (and a move each).
    pub fn reserve_outcomes(&mut self, outcomes: usize, what: &str) -> Result<()> {
        reserve(&mut self.moves, outcomes, what)?;
        reserve(&mut self.terms, outcomes, what)
    }

    /// Adds the next state (positions are given in order) and its
    /// outcomes (move id, probability, reward, target), grouped by move as
    /// the game gave them.
    pub fn add_state(
        &mut self,
        kind: NodeKind,
        outcomes: impl IntoIterator<Item = (u32, f64, f64, Target)>,
    ) {
        let own = self.rows.len() as u32;
        let chance = kind == NodeKind::Chance;
        let mut current: Option<(u32, Move)> = None;
        let mut valid = true;
        for (move_id, probability, reward, target) in outcomes {
            match &mut current {
                Some((id, _)) if chance || *id == move_id => {}
                _ => {
                    if let Some((_, done)) = current.take() {
                        self.moves.push(done);
                    }
                    current = Some((
                        move_id,
                        Move {
                            constant: 0.0,
                            terms_end: self.terms.len() as u32,
                            total: 0.0,
                        },
                    ));
                }
            }
            let Some((_, m)) = &mut current else {
                unreachable!("a move was just started")
            };
            valid &= (0.0..=1.0).contains(&probability) & reward.is_finite();
            m.total += probability;
            match target {
                Target::Solved(value) => m.constant += probability * (reward + value),
                Target::Member(position) => {
                    m.constant += probability * reward;
                    m.terms_end += 1;
                    self.terms.push(Term {
                        probability,
                        position,
                    });
                    if position >= own {
                        self.several_stale |= self.pivot.is_some_and(|p| p != position);
                        self.pivot = Some(position);
                    }
                }
            }
        }
        if let Some((_, done)) = current {
            self.moves.push(done);
        }
        self.valid &= valid;
        self.rows.push(Row {
            kind,
            moves_end: self.moves.len() as u32,
        });
        self.value.push(0.0);
        self.slope.push(0.0);
    }

    /// Whether every lottery added is valid: probabilities in 0..=1
    /// summing to 1 per move, finite rewards, no state without moves.
    pub fn lotteries_valid(&self) -> bool {
        let mut start = 0;
        self.valid
            && self.rows.iter().all(|r| {
                let nonempty = r.moves_end > start;
                start = r.moves_end;
                nonempty
            })
            && self
                .moves
                .iter()
                .all(|m| (m.total - 1.0).abs() <= PROBABILITY_TOLERANCE)
    }

    /// The settled values, by position.
    pub fn values(&self) -> &[f64] {
        &self.value
    }

    /// Sweeps until the largest change of a sweep is at most `tolerance`.
    /// Each sweep's states and terms count as work on `meter`, which asks
    /// `control` whether to stop.
    pub fn settle(
        &mut self,
        tolerance: f64,
        max_sweeps: u64,
        control: &Control,
        meter: &mut Meter,
    ) -> Result<Settled> {
        let pivot = self.pivot.filter(|_| !self.several_stale);
        let mut newton = pivot.is_some();
        let mut last_gap = f64::INFINITY;
        let mut sweeps = 0;
        let work = (self.terms.len() + self.rows.len()) as u64;
        loop {
            if sweeps >= max_sweeps {
                return Err(Error::budget(format!(
                    "values on a cycle did not settle within {max_sweeps} sweeps: a cycle that \
                     keeps paying rewards, or a tolerance floating point cannot reach"
                )));
            }
            let x = pivot.map_or(0.0, |p| self.value[p as usize]);
            let change = match pivot {
                Some(p) if newton => {
                    self.slope[p as usize] = 1.0;
                    self.sweep::<true>()
                }
                _ => self.sweep::<false>(),
            };
            sweeps += 1;
            if !change.is_finite() {
                return Err(Error::invalid(
                    "values on a cycle grew without bound (a cycle that keeps paying rewards)",
                ));
            }
            if change <= tolerance {
                return Ok(Settled {
                    sweeps,
                    residual: change,
                });
            }
            meter.work(work, control)?;
            let Some(p) = pivot.filter(|_| newton) else {
                continue;
            };
            let (y, b) = (self.value[p as usize], self.slope[p as usize]);
            let gap = (y - x).abs();
            if gap >= last_gap || !(0.0..1.0).contains(&b) {
                // The steps stopped helping (best moves keep changing) or
                // a cycle is certain under these moves: plain sweeps.
                newton = false;
                continue;
            }
            last_gap = gap;
            let step = (y - x) / (1.0 - b);
            if step.is_finite() {
                for (v, s) in self.value.iter_mut().zip(&self.slope) {
                    *v += s * step;
                }
            }
        }
    }

    /// One in-place sweep in position order (with `SLOPES`, carrying each
    /// value's slope too); the largest change.
    fn sweep<const SLOPES: bool>(&mut self) -> f64 {
        let mut change: f64 = 0.0;
        let (mut m, mut t) = (0, 0);
        for i in 0..self.rows.len() {
            let row = self.rows[i];
            let (mut best, mut best_slope) = match row.kind {
                NodeKind::Max => (f64::NEG_INFINITY, 0.0),
                NodeKind::Min => (f64::INFINITY, 0.0),
                _ => (0.0, 0.0),
            };
            while m < row.moves_end as usize {
                let mv = self.moves[m];
                m += 1;
                let (mut e, mut s) = (mv.constant, 0.0);
                for term in &self.terms[t..mv.terms_end as usize] {
                    let at = term.position as usize;
                    e += term.probability * self.value[at];
                    if SLOPES {
                        s += term.probability * self.slope[at];
                    }
                }
                t = mv.terms_end as usize;
                let better = match row.kind {
                    NodeKind::Max => e > best,
                    NodeKind::Min => e < best,
                    _ => true,
                };
                if better {
                    (best, best_slope) = (e, s);
                }
            }
            change = change.max((best - self.value[i]).abs());
            self.value[i] = best;
            if SLOPES {
                self.slope[i] = best_slope;
            }
        }
        change
    }
}
