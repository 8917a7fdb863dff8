//! The whole-game table: the expected rest-of-game score of every sheet
//! state at a turn's start, by backward induction over the number of boxes
//! used (a turn fills one box, so each level reads only the next). The
//! states of one level are independent: rayon solves them in parallel.

use super::dice::DiceSpace;
use super::rules::{Category, CategorySet, Rules};
use super::widget::{LANES, Lane, Lookup, Turn};
use crate::error::Result;
use rayon::prelude::*;

/// For each set of upper boxes used (6 bits), the upper totals (capped at
/// the threshold) some play reaches: bit t for total t.
pub(crate) fn reachable_totals(rules: &Rules) -> [u64; 64] {
    let mut out = [0u64; 64];
    for (upper, slot) in out.iter_mut().enumerate() {
        let mut totals = 1u64; // 0 before any box
        for face in 1..=6u32 {
            if upper >> (face - 1) & 1 == 0 {
                continue;
            }
            let counts = if face <= u32::from(rules.faces) {
                u32::from(rules.dice)
            } else {
                0
            };
            let mut next = 0u64;
            for t in (0..=rules.upper_threshold).filter(|t| totals >> t & 1 != 0) {
                for k in 0..=counts {
                    next |= 1 << (t + k * face).min(rules.upper_threshold);
                }
            }
            totals = next;
        }
        *slot = totals;
    }
    out
}

/// The states of a sheet with `used` filled that some play reaches.
pub(crate) fn lanes_of(rules: &Rules, reachable: &[u64; 64], used: u16) -> Vec<Lane> {
    let totals = reachable[usize::from(used & 0x3f)];
    let flags: &[bool] = if rules.tracks_bonus() && used & Category::Yahtzee.bit() != 0 {
        &[false, true]
    } else {
        &[false]
    };
    flags
        .iter()
        .flat_map(|&scored_50| {
            (0..=rules.upper_threshold)
                .filter(move |t| totals >> t & 1 != 0)
                .map(move |upper| Lane { upper, scored_50 })
        })
        .collect()
}

/// The solved table of one rule set.
pub(crate) struct Solved {
    pub rules: Rules,
    pub space: DiceSpace,
    pub reachable: [u64; 64],
    /// By [`Lookup::index`]; NaN for states no play reaches.
    pub values: Vec<f64>,
    /// How many states play reaches.
    pub states: usize,
}

pub(crate) fn solve_table(rules: &Rules) -> Result<Solved> {
    rules.check()?;
    let space = DiceSpace::new(rules);
    let reachable = reachable_totals(rules);
    let totals = rules.upper_threshold as usize + 1;
    let mut values = vec![f64::NAN; (1 << 13) * 2 * totals];
    let played = rules.categories.0;
    let subsets: Vec<u16> = (0..=played).filter(|m| m & !played == 0).collect();
    let mut states = 0;
    // The finished sheets: the upper bonus, if earned.
    for lane in lanes_of(rules, &reachable, played) {
        let bonus = if lane.upper >= rules.upper_threshold {
            rules.upper_bonus
        } else {
            0
        };
        values[Lookup::index(rules, played, lane.scored_50, lane.upper)] = f64::from(bonus);
        states += 1;
    }
    for level in (0..rules.categories.len()).rev() {
        let masks: Vec<u16> = subsets
            .iter()
            .copied()
            .filter(|m| m.count_ones() == level)
            .collect();
        let look = Lookup {
            rules,
            values: &values,
        };
        let solved: Vec<(u16, Vec<Lane>, Vec<f64>)> = masks
            .par_iter()
            .map_init(
                || Turn::new(&space),
                |turn, &used| {
                    let lanes = lanes_of(rules, &reachable, used);
                    let mut out = Vec::with_capacity(lanes.len());
                    for chunk in lanes.chunks(LANES) {
                        // Short batches repeat their first state.
                        let batch: [Lane; LANES] =
                            std::array::from_fn(|l| chunk.get(l).copied().unwrap_or(chunk[0]));
                        let row = turn.solve(&look, &space, used, &batch);
                        out.extend_from_slice(&row[..chunk.len()]);
                    }
                    (used, lanes, out)
                },
            )
            .collect();
        for (used, lanes, out) in solved {
            states += lanes.len();
            for (lane, v) in lanes.iter().zip(out) {
                values[Lookup::index(rules, used, lane.scored_50, lane.upper)] = v;
            }
        }
    }
    Ok(Solved {
        rules: *rules,
        space,
        reachable,
        values,
        states,
    })
}

/// Whether the sheet used `used` of the played boxes `played`.
pub(crate) fn is_subset(used: CategorySet, played: CategorySet) -> bool {
    used.0 & !played.0 == 0
}
