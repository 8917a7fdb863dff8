//! The coin game's own dense path: one bottom-up sweep that knows the
//! game's shape, so a state costs a few loads and multiply-adds.
//!
//! - Values are kept for the player to move: U(s) = R(s) - min over boxes
//!   of the mean U of the box's children, R(s) being the money left. The
//!   turn then drops out, and a row of states differing only in one count
//!   shares all its weights.
//! - States are swept a row at a time (the row digit runs 0..=its count).
//!   Every box but the row digit's reads rows already solved, so that part
//!   is plain loops over the row the compiler vectorizes; only the row
//!   digit's own child (the previous state) is a serial chain.
//! - The last digit numbers slabs; a state's children are in its slab or
//!   the one before. Slabs are swept a few at a time with their rows
//!   interleaved, each trailing the one before by a row: rows in flight
//!   are independent, so their serial chains overlap.
//! - For the root value alone, only the slabs in use are kept, in a ring,
//!   so the working set is a fraction of the table and nothing beyond it is
//!   faulted in. The whole table keeps every slab.

use super::{CoinGame, DIGITS};
use crate::budget::{Control, Progress};
use crate::error::{Error, Result};
use crate::expectimax::{MoveValue, NodeKind, Solution, best_move};
use crate::platform::{Tier, best};

/// 1 / n for the coins of one box (at most 4 * 15): a multiply instead of
/// a division in the dense sweep.
const RECIPROCALS: [f64; 61] = {
    let mut r = [0.0; 61];
    let mut n = 1;
    while n < 61 {
        r[n] = 1.0 / n as f64;
        n += 1;
    }
    r
};

/// The longest row: a count runs 0..=15.
const MAX_ROW: usize = 16;

/// One count in sweep order.
#[derive(Debug, Clone, Copy)]
struct Digit {
    /// Its count in the root plus one.
    radix: usize,
    /// Place value in the (slab-less) sweep index.
    stride: usize,
    /// The coin's denomination.
    value: f64,
    /// The box holding it.
    in_box: usize,
}

/// The sweep's layout: digit 0 is the row digit; with two or more digits
/// the last one numbers the slabs.
struct Layout {
    digits: Vec<Digit>,
    /// Each box's digits other than the row digit.
    box_digits: Vec<Vec<usize>>,
    /// States per slab.
    slab: usize,
    /// Slabs in all, and slabs kept at once.
    slabs: usize,
    ring: usize,
}

impl Layout {
    /// `order` lists the non-empty digits of `game` (index into its counts)
    /// in sweep order.
    fn new(game: &CoinGame, order: &[usize], keep_all: bool) -> Layout {
        let nd = game.denominations.len();
        let mut stride = 1;
        let digits: Vec<Digit> = order
            .iter()
            .map(|&i| {
                let d = Digit {
                    radix: game.root[i] as usize + 1,
                    stride,
                    value: game.denominations[i % nd],
                    in_box: i / nd,
                };
                stride *= d.radix;
                d
            })
            .collect();
        let (slab, slabs) = match digits.len() {
            0 => (1, 1),
            1 => (digits[0].radix, 1),
            n => (digits[n - 1].stride, digits[n - 1].radix),
        };
        let box_digits = (0..game.boxes)
            .map(|b| {
                (1..digits.len())
                    .filter(|&j| digits[j].in_box == b)
                    .collect()
            })
            .collect();
        Layout {
            digits,
            box_digits,
            slab,
            slabs,
            ring: if keep_all {
                slabs
            } else {
                slabs.min(GROUP + 1)
            },
        }
    }
}

/// The root's solution (and, with `keep_all`, the values U of every state
/// in `game.index` order; the digits must then be in the game's order).
fn sweep(
    game: &CoinGame,
    order: &[usize],
    keep_all: bool,
    tier: Tier,
    control: &Control,
) -> Result<(Solution, Vec<f64>)> {
    let layout = Layout::new(game, order, keep_all);
    let d = layout.digits.len();
    if d == 0 {
        let solution = Solution {
            value: 0.0,
            root_kind: NodeKind::Terminal(0.0),
            moves: Vec::new(),
            best_move: None,
            states: 1,
            iterations: 0,
            residual: 0.0,
        };
        return Ok((solution, vec![0.0]));
    }
    // Rows may read up to MAX_ROW past their start: pad the buffer.
    let mut table = vec![0.0; layout.ring * layout.slab + MAX_ROW];
    let finished = sweep_slabs_on(tier, &layout, &mut table, control);
    if !finished {
        return Err(Error::budget(
            "the coin sweep stopped before the end (cancelled or out of time)",
        ));
    }
    let last = ((layout.slabs - 1) % layout.ring) * layout.slab;
    let prev = ((layout.slabs + layout.ring - 2) % layout.ring) * layout.slab;
    let solution = root_solution(&layout, &table, last, prev);
    table.truncate(layout.ring * layout.slab);
    Ok((solution, table))
}

/// The sweep's tiers, best first: the AVX2 build is the same arithmetic,
/// so the same values, in wider registers.
const TIERS: &[Tier] = &[Tier::Avx2, Tier::Portable];

/// Solves every slab in order on `tier` (one this CPU has; any other runs
/// the portable code), dispatching once on the row's chunk count.
fn sweep_slabs_on(tier: Tier, layout: &Layout, table: &mut [f64], control: &Control) -> bool {
    #[cfg(target_arch = "x86_64")]
    if tier == Tier::Avx2 && tier.available() {
        // SAFETY: the CPU has AVX2.
        return unsafe { sweep_slabs_avx2(layout, table, control) };
    }
    let _ = tier;
    sweep_slabs_by_width(layout, table, control)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn sweep_slabs_avx2(layout: &Layout, table: &mut [f64], control: &Control) -> bool {
    sweep_slabs_by_width(layout, table, control)
}

/// The portable sweep (also the body of the AVX2 build); false when
/// `control` stopped it.
#[inline(always)]
fn sweep_slabs_by_width(layout: &Layout, table: &mut [f64], control: &Control) -> bool {
    match layout.digits[0].radix.div_ceil(LANE) {
        1 => sweep_slabs_with::<1>(layout, table, control),
        2 => sweep_slabs_with::<2>(layout, table, control),
        3 => sweep_slabs_with::<3>(layout, table, control),
        _ => sweep_slabs_with::<4>(layout, table, control),
    }
}

/// Row steps between reads of the control (a step solves up to four rows).
const STEPS_PER_CHECK: usize = 256;

/// Slabs swept together, their rows interleaved: slab s + 1's row q needs
/// slab s's row q, so each slab trails the one before it by a row, and the
/// rows in flight at once are independent (the CPU overlaps their serial
/// chains instead of waiting on each).
const GROUP: usize = 4;

/// The sweep with rows of C chunks.
#[inline(always)]
fn sweep_slabs_with<const C: usize>(layout: &Layout, table: &mut [f64], control: &Control) -> bool {
    let d = layout.digits.len();
    let row_len = layout.digits[0].radix;
    let rows_per_slab = layout.slab / row_len;
    let slab_base = |s: usize| (s % layout.ring) * layout.slab;
    let mut counts = [[0usize; DIGITS]; GROUP];
    for first in (0..layout.slabs).step_by(GROUP) {
        let group = GROUP.min(layout.slabs - first);
        for (g, c) in counts[..group].iter_mut().enumerate() {
            c.fill(0);
            if d >= 2 {
                c[d - 1] = first + g;
            }
        }
        for step in 0..rows_per_slab + group - 1 {
            if step % STEPS_PER_CHECK == STEPS_PER_CHECK - 1 {
                if control.passed() {
                    return false;
                }
                control.report_progress(Progress {
                    fraction: (first * rows_per_slab + step * group) as f64
                        / (layout.slabs * rows_per_slab) as f64,
                    done: ((first * rows_per_slab + step * group) * row_len) as u64,
                    estimate: None,
                });
            }
            for (g, c) in counts[..group].iter_mut().enumerate() {
                let Some(q) = step.checked_sub(g).filter(|&q| q < rows_per_slab) else {
                    continue;
                };
                let s = first + g;
                let row = slab_base(s) + q * row_len;
                let slab_child = slab_base(s + layout.ring - 1) + q * row_len;
                solve_row::<C>(layout, &c[..d], row, slab_child, table);
                // Next row: odometer over the middle digits.
                let middle = 1..d.saturating_sub(1).max(1);
                for (count, digit) in c[middle.clone()].iter_mut().zip(&layout.digits[middle]) {
                    *count += 1;
                    if *count < digit.radix {
                        break;
                    }
                    *count = 0;
                }
            }
        }
    }
    true
}

/// Lanes of a vector chunk: a row is processed as up to 4 chunks of 4.
const LANE: usize = 4;
type Chunk = [f64; LANE];

/// x for x in 0..16, as the row digit's count.
const ROW_COUNTS: [f64; MAX_ROW] = {
    let mut x = [0.0; MAX_ROW];
    let mut i = 0;
    while i < MAX_ROW {
        x[i] = i as f64;
        i += 1;
    }
    x
};

/// The row of 16 values at `from` as chunks (the table is padded).
#[inline(always)]
fn chunks_at<const C: usize>(table: &[f64], from: usize) -> &[Chunk; C] {
    let lanes = &table[from..from + C * LANE];
    lanes.as_chunks::<LANE>().0.try_into().expect("C chunks")
}

/// `a` lowered to `b` lane by lane; a plain comparison (one instruction;
/// `f64::min`'s NaN rules cost more and no value here is NaN).
#[inline(always)]
fn lower(a: &mut Chunk, b: &Chunk) {
    for i in 0..LANE {
        if b[i] < a[i] {
            a[i] = b[i];
        }
    }
}

/// `acc += w * src` lane by lane.
#[inline(always)]
fn add_scaled(acc: &mut Chunk, w: f64, src: &Chunk) {
    for i in 0..LANE {
        acc[i] += w * src[i];
    }
}

/// Solves the row of states at `row` whose counts, but for the row digit,
/// are `counts[1..]`; `slab_child` is the same row in the previous slab.
#[inline(always)]
fn solve_row<const C: usize>(
    layout: &Layout,
    counts: &[usize],
    row: usize,
    slab_child: usize,
    table: &mut [f64],
) {
    let digits = &layout.digits;
    let d = digits.len();
    let len = digits[0].radix;
    let row_box = digits[0].in_box;
    let child_row = |j: usize| {
        if j == d - 1 && d >= 2 {
            slab_child
        } else {
            row - digits[j].stride
        }
    };
    // best[x]: min over the other boxes of the mean U of their children.
    let mut best = [[f64::INFINITY; LANE]; C];
    // rest[x]: sum of count * U over the row box's other coins.
    let mut rest = [[0.0; LANE]; C];
    let mut rest_count = 0;
    let mut money = 0.0;
    for (b, members) in layout.box_digits.iter().enumerate() {
        let n: usize = members.iter().map(|&j| counts[j]).sum();
        if n == 0 {
            continue;
        }
        if b == row_box {
            for &j in members.iter().filter(|&&j| counts[j] > 0) {
                let c = counts[j] as f64;
                let src = chunks_at::<C>(table, child_row(j));
                for k in 0..C {
                    add_scaled(&mut rest[k], c, &src[k]);
                }
                money += c * digits[j].value;
            }
            rest_count = n;
            continue;
        }
        let mut mean = [[0.0; LANE]; C];
        for &j in members.iter().filter(|&&j| counts[j] > 0) {
            let w = counts[j] as f64 * RECIPROCALS[n];
            let src = chunks_at::<C>(table, child_row(j));
            for k in 0..C {
                add_scaled(&mut mean[k], w, &src[k]);
            }
            money += counts[j] as f64 * digits[j].value;
        }
        for k in 0..C {
            lower(&mut best[k], &mean[k]);
        }
    }
    // u = R - min(best, (x * U(previous) + rest) / n): the serial part,
    // with everything but the previous state's value computed beforehand.
    let reciprocals = &RECIPROCALS[rest_count..rest_count + MAX_ROW];
    let (rest, best) = (rest.as_flattened(), best.as_flattened());
    let mut scale = [[0.0; LANE]; C];
    let mut floor = [[0.0; LANE]; C];
    let mut lead = [[0.0; LANE]; C];
    let (scale, floor, lead) = (
        scale.as_flattened_mut(),
        floor.as_flattened_mut(),
        lead.as_flattened_mut(),
    );
    for x in 0..C * LANE {
        let total = money + ROW_COUNTS[x] * digits[0].value;
        scale[x] = ROW_COUNTS[x] * reciprocals[x];
        lead[x] = total - rest[x] * reciprocals[x];
        floor[x] = total - best[x];
    }
    let out = &mut table[row..row + len];
    let mut previous = 0.0;
    let mut start = 0;
    if rest_count == 0 {
        // The row box is empty at x = 0: only the other boxes count, and
        // with them empty too this is the game's end.
        out[0] = if best[0].is_finite() { floor[0] } else { 0.0 };
        previous = out[0];
        start = 1;
    }
    for x in start..len {
        let candidate = lead[x] - scale[x] * previous;
        let u = if candidate > floor[x] {
            candidate
        } else {
            floor[x]
        };
        out[x] = u;
        previous = u;
    }
}

/// The root's value and move list from the solved table; `last` and `prev`
/// are the bases of the last two slabs.
fn root_solution(layout: &Layout, table: &[f64], last: usize, prev: usize) -> Solution {
    let digits = &layout.digits;
    let d = digits.len();
    let root = last + layout.slab - 1;
    let money: f64 = digits.iter().map(|g| (g.radix - 1) as f64 * g.value).sum();
    let child = |j: usize| {
        if j == d - 1 && d >= 2 {
            table[prev + layout.slab - 1]
        } else {
            table[root - digits[j].stride]
        }
    };
    let moves: Vec<MoveValue> = (0..layout.box_digits.len())
        .filter_map(|b| {
            let in_box: Vec<usize> = (0..d).filter(|&j| digits[j].in_box == b).collect();
            let n: usize = in_box.iter().map(|&j| digits[j].radix - 1).sum();
            (n > 0).then(|| {
                let mean: f64 = in_box
                    .iter()
                    .map(|&j| (digits[j].radix - 1) as f64 * child(j))
                    .sum::<f64>()
                    / n as f64;
                MoveValue {
                    move_id: b as u32,
                    value: money - mean,
                }
            })
        })
        .collect();
    Solution {
        value: table[root],
        root_kind: NodeKind::Max,
        best_move: best_move(NodeKind::Max, &moves),
        moves,
        states: (layout.slabs * layout.slab) as u64,
        iterations: 0,
        residual: 0.0,
    }
}

/// The non-empty digits of `game`, in the game's index order.
fn game_order(game: &CoinGame) -> Vec<usize> {
    (0..game.digits()).filter(|&i| game.root[i] > 0).collect()
}

/// The root's solution by the sweep: the largest count runs along rows, the
/// next largest numbers the slabs.
pub(super) fn solve_root(game: &CoinGame, control: &Control) -> Result<Solution> {
    Ok(sweep(game, &sweep_order(game), false, best(TIERS), control)?.0)
}

/// The sweep order of the root solve: the largest count runs along rows,
/// the next largest numbers the slabs.
fn sweep_order(game: &CoinGame) -> Vec<usize> {
    let mut order = game_order(game);
    order.sort_by_key(|&i| std::cmp::Reverse(game.root[i]));
    if order.len() >= 2 {
        let slab_digit = order.remove(1);
        order.push(slab_digit);
    }
    order
}

/// Every state's value for the first player (Max), in `game.index` order.
pub(super) fn max_table(game: &CoinGame) -> Vec<f64> {
    // No control: nothing can stop the sweep.
    let (_, mut table) = sweep(game, &game_order(game), true, best(TIERS), &Control::NONE)
        .expect("an uncontrolled sweep runs to its end");
    // U is the mover's value; where Min moves, Max gets the rest.
    let mut counts = vec![0u8; game.digits()];
    let nd = game.denominations.len();
    for u in table.iter_mut() {
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        if !game.max_to_move(total) {
            let money: f64 = counts
                .iter()
                .enumerate()
                .map(|(i, &c)| c as f64 * game.denominations[i % nd])
                .sum();
            *u = money - *u;
        }
        for (c, &limit) in counts.iter_mut().zip(&game.root) {
            if *c < limit {
                *c += 1;
                break;
            }
            *c = 0;
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Every tier of the sweep the CPU has (AVX2) does the portable
        /// one's arithmetic: bit-identical tables.
        #[test]
        fn every_tier_gives_identical_tables(
            mut boxes in prop::collection::vec(prop::collection::vec(0u32..=15, 2), 1..=6),
        ) {
            let tiers = crate::platform::testable("coin sweep", TIERS);
            super::super::shrink_to(&mut boxes, 300_000);
            let game = CoinGame::new(&boxes, &[100.0, 50.0]).unwrap();
            for (order, keep_all) in [(sweep_order(&game), false), (game_order(&game), true)] {
                let (portable, portable_table) =
                    sweep(&game, &order, keep_all, Tier::Portable, &Control::NONE).unwrap();
                for &tier in &tiers {
                let (fast, fast_table) = sweep(&game, &order, keep_all, tier, &Control::NONE).unwrap();
                prop_assert_eq!(fast.value.to_bits(), portable.value.to_bits());
                prop_assert!(fast_table.iter().zip(&portable_table).all(|(a, b)| a.to_bits() == b.to_bits()));
                }
            }
        }
    }
}
