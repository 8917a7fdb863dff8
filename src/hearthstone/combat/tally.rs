//! The tally both engines keep: the mass (exact) or the count (sampled) of
//! combats that ended each way, the damage to each hero, the survivors;
//! turned into the answer at the end.

use super::{CombatResult, Outcome, State};

/// Accumulates ends into a result.
pub(super) struct Ends {
    pub(super) win: f64,
    pub(super) draw: f64,
    pub(super) loss: f64,
    damage_to_b: Vec<f64>,
    damage_to_a: Vec<f64>,
    survivors: [f64; 2],
    /// Mass (exact) or combats (sampled) added.
    pub(super) count: f64,
}

impl Ends {
    pub(super) fn new() -> Ends {
        Ends {
            win: 0.0,
            draw: 0.0,
            loss: 0.0,
            damage_to_b: Vec::new(),
            damage_to_a: Vec::new(),
            survivors: [0.0; 2],
            count: 0.0,
        }
    }

    pub(super) fn merge(&mut self, o: Ends) {
        let add = |x: &mut Vec<f64>, y: &[f64]| {
            if x.len() < y.len() {
                x.resize(y.len(), 0.0);
            }
            for (a, b) in x.iter_mut().zip(y) {
                *a += b;
            }
        };
        self.win += o.win;
        self.draw += o.draw;
        self.loss += o.loss;
        add(&mut self.damage_to_b, &o.damage_to_b);
        add(&mut self.damage_to_a, &o.damage_to_a);
        self.survivors[0] += o.survivors[0];
        self.survivors[1] += o.survivors[1];
        self.count += o.count;
    }

    pub(super) fn add(&mut self, state: &State, outcome: Outcome, p: f64) {
        self.add_end(state.lens, outcome, p);
    }

    /// `add` given each side's survivors.
    pub(super) fn add_end(&mut self, lens: [u8; 2], outcome: Outcome, p: f64) {
        let bump = |v: &mut Vec<f64>, d: u32| {
            if v.len() <= d as usize {
                v.resize(d as usize + 1, 0.0);
            }
            v[d as usize] += p;
        };
        match outcome {
            Outcome::AWins(d) => {
                self.win += p;
                bump(&mut self.damage_to_b, d);
            }
            Outcome::BWins(d) => {
                self.loss += p;
                bump(&mut self.damage_to_a, d);
            }
            Outcome::Draw => self.draw += p,
        }
        self.survivors[0] += p * lens[0] as f64;
        self.survivors[1] += p * lens[1] as f64;
        self.count += p;
    }

    pub(super) fn finish(self, exact: bool, states: u64, scale: f64, stderr: f64) -> CombatResult {
        CombatResult {
            win: self.win * scale,
            draw: self.draw * scale,
            loss: self.loss * scale,
            damage_to_b: self.damage_to_b.iter().map(|p| p * scale).collect(),
            damage_to_a: self.damage_to_a.iter().map(|p| p * scale).collect(),
            survivors: [self.survivors[0] * scale, self.survivors[1] * scale],
            exact,
            states,
            stderr,
        }
    }
}
