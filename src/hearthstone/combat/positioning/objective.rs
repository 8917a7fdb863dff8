//! What a best order maximises, and the running tally of one order's
//! sampled (or exact) value.

use crate::error::{Error, Result};
use crate::hearthstone::combat::CombatResult;

/// What side A's order is chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Objective {
    /// P(A wins) (the default).
    #[default]
    Win,
    /// P(A wins) - P(B wins).
    WinMinusLoss,
    /// Expected damage A deals to B's hero (0 when A does not win).
    DamageDealt,
    /// Expected damage B deals to A's hero, minimised.
    DamageTaken,
    /// P(A's hero survives the combat) at this health (armor included).
    Lethal {
        /// A's hero health and armor together (at least 1).
        health: i32,
    },
}

impl Objective {
    /// The objective's name as the CLI and JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Win => "win",
            Objective::WinMinusLoss => "win-minus-loss",
            Objective::DamageDealt => "damage-dealt",
            Objective::DamageTaken => "damage-taken",
            Objective::Lethal { .. } => "lethal",
        }
    }

    /// Refuses a lethal objective without a hero health of at least 1.
    pub fn check(self) -> Result<()> {
        match self {
            Objective::Lethal { health } if health < 1 => Err(Error::invalid(format!(
                "the lethal objective needs A's hero health of at least 1 (got {health})"
            ))),
            _ => Ok(()),
        }
    }

    /// +1 when a larger value is better, -1 when smaller is (damage taken).
    pub fn sense(self) -> f64 {
        if self == Objective::DamageTaken {
            -1.0
        } else {
            1.0
        }
    }

    /// The margin (in the objective's units) a better order must beat
    /// another by to count, when none is given: half a percentage point
    /// of probability, a tenth of a point of damage.
    pub fn default_margin(self) -> f64 {
        match self {
            Objective::Win | Objective::Lethal { .. } => 0.005,
            Objective::WinMinusLoss => 0.01,
            Objective::DamageDealt | Objective::DamageTaken => 0.1,
        }
    }

    /// The mean and mean square of the objective's per-combat value over
    /// the combats `r` counts.
    fn moments(self, r: &CombatResult) -> (f64, f64) {
        let damage = |dist: &[f64]| {
            dist.iter().enumerate().fold((0.0, 0.0), |(m, s), (d, p)| {
                let d = d as f64;
                (m + d * p, s + d * d * p)
            })
        };
        match self {
            Objective::Win => (r.win, r.win),
            Objective::WinMinusLoss => (r.win - r.loss, r.win + r.loss),
            Objective::DamageDealt => damage(&r.damage_to_b),
            Objective::DamageTaken => damage(&r.damage_to_a),
            Objective::Lethal { health } => {
                let alive = 1.0 - r.lethal_to_a(health);
                (alive, alive)
            }
        }
    }
}

/// One order's value so far: sums over the combats sampled (weights of
/// the combats counted), or its exact value.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tally {
    /// Combats counted (0 for an exact value).
    pub combats: u64,
    sum: f64,
    sum_squares: f64,
    exact: Option<f64>,
}

impl Tally {
    /// The exact value of `r`.
    pub fn exact(objective: Objective, r: &CombatResult) -> Tally {
        Tally {
            exact: Some(objective.moments(r).0),
            ..Tally::default()
        }
    }

    /// Adds the combats sampled in `r` (`r.states` of them).
    pub fn add(&mut self, objective: Objective, r: &CombatResult) {
        let (mean, square) = objective.moments(r);
        let n = r.states as f64;
        self.combats += r.states;
        self.sum += mean * n;
        self.sum_squares += square * n;
    }

    /// The estimate (the exact value when there is one).
    pub fn mean(&self) -> f64 {
        match self.exact {
            Some(v) => v,
            None if self.combats == 0 => 0.0,
            None => self.sum / self.combats as f64,
        }
    }

    /// The variance of one combat's value (0 when exact).
    pub fn variance(&self) -> f64 {
        if self.exact.is_some() || self.combats == 0 {
            return 0.0;
        }
        let mean = self.mean();
        (self.sum_squares / self.combats as f64 - mean * mean).max(0.0)
    }

    /// Whether the value is exact.
    pub fn is_exact(&self) -> bool {
        self.exact.is_some()
    }
}
