//! Exact mode: every valid combo tuple, grouped into suit classes, each
//! class's board completions counted once by rank pattern.

use super::preflop::layout::{permutations, permute};
use super::{Counts, MAX_TUPLE_SEARCH_STEPS, Prepared, Tally, finish, runouts, valid_tuples};
use super::{EquityResult, MAX_PLAYERS};
use crate::budget::Control;
use crate::cards::CardSet;
use crate::error::{Error, Result};
use crate::memo::{FixedMap, fixed_map};
use crate::parallel::{Workers, map_items};
use crate::rng::Rng;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Most combo tuples exact mode will list.
const MAX_EXACT_TUPLES: usize = 20_000_000;

/// Most combo tuples Auto mode groups into classes to estimate the exact
/// work (about 0.1 microseconds each); past it, every tuple counts as a
/// class of its own.
const MAX_TUPLES_TO_CLASSIFY: f64 = 200_000.0;

/// What exact mode will do: the valid combo tuples and their suit classes.
pub(super) struct Plan {
    /// Each valid tuple's weight and class.
    tuples: Vec<(f64, u32)>,
    /// One representative's hands per class.
    classes: Vec<Vec<CardSet>>,
}

/// Lists the valid tuples and groups them: tuples that a suit permutation
/// fixing the board and the dead cards maps onto each other have the same
/// counts, so each class is dealt out once.
pub(super) fn plan(p: &Prepared, deadline: &Control) -> Result<Plan> {
    if let Some(estimate) = estimated_tuples(p, MAX_EXACT_TUPLES)
        && estimate > 2.0 * MAX_EXACT_TUPLES as f64
    {
        // Refused before listing anything: listing 20 M tuples to find
        // out costs a second and hundreds of MB.
        return Err(Error::budget(format!(
            "about {estimate:.1e} combo tuples; exact mode enumerates at most \
             {MAX_EXACT_TUPLES}: use Monte Carlo or Auto"
        )));
    }
    let listed = valid_tuples(p, MAX_EXACT_TUPLES, MAX_TUPLE_SEARCH_STEPS, deadline)?;
    let perms = symmetries(p.board, p.dead);
    let n = p.players.len();
    let mut class_of_key: FixedMap<[u64; MAX_PLAYERS], u32> = fixed_map(listed.weights.len());
    let mut classes: Vec<Vec<CardSet>> = Vec::new();
    let tuples = listed
        .picks
        .chunks_exact(n)
        .zip(&listed.weights)
        .enumerate()
        .map(|(t, (tuple, &weight))| {
            if t % (1 << 16) == 0 && deadline.passed() {
                return Err(out_of_time());
            }
            let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
            for (i, &c) in tuple.iter().enumerate() {
                hands[i] = p.players[i][c as usize].cards;
            }
            let key = canonical(&hands[..n], &perms);
            let class = *class_of_key.entry(key).or_insert_with(|| {
                classes.push(hands[..n].to_vec());
                (classes.len() - 1) as u32
            });
            Ok((weight, class))
        })
        .collect::<Result<_>>()?;
    Ok(Plan { tuples, classes })
}

fn out_of_time() -> Error {
    Error::budget(
        "exact enumeration did not finish within the time budget: raise it, \
         or use Monte Carlo or Auto",
    )
}

/// Draws that estimate the share of combo tuples without a shared card.
const ESTIMATE_DRAWS: u32 = 4096;

/// An estimate of the number of valid combo tuples (the product of the
/// ranges' sizes times the share of uniform draws with no card twice), or
/// `None` when the product is at most `limit` (small enough to list), or
/// the draws found too few valid tuples to say.
pub(super) fn estimated_tuples(p: &Prepared, limit: usize) -> Option<f64> {
    let product: f64 = p.players.iter().map(|c| c.len() as f64).product();
    if product <= limit as f64 {
        return None;
    }
    let mut rng = Rng::new(0x0dd5_e571);
    let valid = (0..ESTIMATE_DRAWS)
        .filter(|_| {
            let mut used = CardSet::EMPTY;
            p.players.iter().all(|combos| {
                let cards = combos[rng.below(combos.len() as u32) as usize].cards;
                let fits = cards.is_disjoint(used);
                used = used.union(cards);
                fits
            })
        })
        .count();
    (valid >= 64).then(|| product * valid as f64 / ESTIMATE_DRAWS as f64)
}

/// The plan when exact mode should finish within `budget` on `threads`
/// threads, or `None` when Monte Carlo should answer instead.
pub(super) fn plan_within(
    p: &Prepared,
    budget: Duration,
    workers: Workers,
    deadline: &Control,
) -> Result<Option<Plan>> {
    let combos: f64 = p.players.iter().map(|c| c.len() as f64).product();
    if combos > MAX_EXACT_TUPLES as f64 {
        return Ok(None);
    }
    let (classes, grouped) = if combos <= MAX_TUPLES_TO_CLASSIFY {
        match plan_or_none(p, deadline)? {
            Some(grouped) => (grouped.classes.len() as f64, Some(grouped)),
            None => return Ok(None),
        }
    } else {
        (combos, None)
    };
    let seconds = class_seconds(p, classes) / workers.count() as f64;
    if seconds > budget.as_secs_f64() {
        return Ok(None);
    }
    match grouped {
        Some(grouped) => Ok(Some(grouped)),
        None => plan_or_none(p, deadline),
    }
}

/// The estimated seconds of running `plan` on one thread.
pub(super) fn plan_seconds(p: &Prepared, plan: &Plan) -> f64 {
    class_seconds(p, plan.classes.len() as f64)
}

/// The estimated seconds of counting `classes` classes on one thread (a
/// test holds it within 3x of the measured time).
fn class_seconds(p: &Prepared, classes: f64) -> f64 {
    classes * seconds_per_class(p.to_deal, p.players.len()) + 5e-6
}

/// The plan, or `None` when listing the tuples ran over its budget (Monte
/// Carlo answers then).
fn plan_or_none(p: &Prepared, deadline: &Control) -> Result<Option<Plan>> {
    match plan(p, deadline) {
        Ok(grouped) => Ok(Some(grouped)),
        Err(e) if e.kind() == crate::ErrorKind::BudgetExceeded => Ok(None),
        Err(e) => Err(e),
    }
}

/// Rough time to count one class's completions on one thread (measured
/// heads-up on the development machine, with margin: 0.7 ms preflop), for
/// Auto's choice.
fn seconds_per_class(to_deal: usize, players: usize) -> f64 {
    let heads_up = match to_deal {
        0 => 1e-6,
        1 => 1.0e-6,
        2 => 2.5e-6,
        _ => 0.8e-3,
    };
    heads_up * (1.0 + (players as f64 - 2.0) * 0.1)
}

/// Below this many classes, each class's rank patterns are split into
/// parts (for the threads) whose integer counts are merged per class;
/// from it on, classes are folded whole into one tally per group.
const FEW_CLASSES: usize = 64;

/// Groups of classes folded into one tally each: a fixed number (not the
/// thread count), so the sums and their order do not depend on the threads.
const GROUPS: u64 = 256;

/// Counts every class (on `workers`) and weighs it by its tuples' total
/// weight; `BudgetExceeded` when the deadline passes first. Memory is
/// bounded by the groups, not the classes, and the answer does not depend
/// on the thread count.
pub(super) fn run(
    p: &Prepared,
    plan: &Plan,
    workers: Workers,
    deadline: &Control,
) -> Result<EquityResult> {
    let n = p.players.len();
    let classes = &plan.classes;
    let mut class_weight = vec![0.0f64; classes.len()];
    let mut class_copies = vec![0u64; classes.len()];
    for &(weight, class) in &plan.tuples {
        class_weight[class as usize] += weight;
        class_copies[class as usize] += 1;
    }
    let done = AtomicU64::new(0);
    let tick = |items: u64| {
        if deadline.wants_progress() {
            let done = done.fetch_add(1, Ordering::Relaxed);
            deadline.report(done as f64 / items as f64);
        }
    };
    let mut tally = Tally::new(n);
    if classes.len() < FEW_CLASSES {
        // Enough parts to balance the workers: each class's rank patterns
        // are dealt round-robin to its parts, whose counts add up exactly.
        let per_class = (workers.count() * 4).div_ceil(classes.len()).max(1) as u64;
        let items = classes.len() as u64 * per_class;
        let partial = map_items(workers, items, |item| {
            if deadline.passed() {
                return None;
            }
            let counts = runouts::count_runouts(
                &classes[(item / per_class) as usize],
                p.board,
                p.dead,
                (item % per_class) as u32,
                per_class as u32,
            );
            tick(items);
            Some(counts)
        });
        for (class, parts) in partial.chunks(per_class as usize).enumerate() {
            let mut counts = Counts::new();
            for part in parts {
                counts.merge(part.as_ref().ok_or_else(out_of_time)?);
            }
            counts.add_to_tally(&mut tally, n, class_weight[class], class_copies[class]);
        }
    } else {
        let total = classes.len() as u64;
        let groups = total.min(GROUPS);
        let partial = map_items(workers, groups, |group| {
            let mut tally = Tally::new(n);
            for class in (group * total / groups) as usize..((group + 1) * total / groups) as usize
            {
                if deadline.passed() {
                    return None;
                }
                let counts = runouts::count_runouts(&classes[class], p.board, p.dead, 0, 1);
                counts.add_to_tally(&mut tally, n, class_weight[class], class_copies[class]);
                tick(total);
            }
            Some(tally)
        });
        for part in &partial {
            tally.merge(part.as_ref().ok_or_else(out_of_time)?);
        }
    }
    Ok(finish(tally, true))
}

/// The suit permutations (as suit maps) that send the board and the dead
/// cards onto themselves.
pub(super) fn symmetries(board: CardSet, dead: CardSet) -> Vec<[u8; 4]> {
    permutations()
        .into_iter()
        .filter(|perm| {
            permute(board.mask(), perm) == board.mask() && permute(dead.mask(), perm) == dead.mask()
        })
        .collect()
}

/// A tuple's class key: the smallest list of permuted hand masks (unused
/// players' entries stay zero).
pub(super) fn canonical(hands: &[CardSet], perms: &[[u8; 4]]) -> [u64; MAX_PLAYERS] {
    let mut best = [u64::MAX; MAX_PLAYERS];
    for perm in perms {
        let mut key = [0u64; MAX_PLAYERS];
        for (slot, &hand) in key.iter_mut().zip(hands) {
            *slot = permute(hand.mask(), perm);
        }
        best = best.min(key);
    }
    if perms.is_empty() {
        for (slot, &hand) in best.iter_mut().zip(hands) {
            *slot = hand.mask();
        }
    }
    best
}
