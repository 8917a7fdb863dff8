//! C entry for split damage (`oddsmith_split_damage`).

use super::guard::{FfiError, OddsmithStatus, arg, guard};
use super::progress::{OddsmithProgress, settle, watch};
use crate::budget::Control;
use crate::hearthstone::split_damage::{self as engine, Query, Target};

/// Most targets a split damage query takes (two full boards).
pub const ODDSMITH_SPLIT_MAX_TARGETS: usize = 14;
/// Largest health (armor included) a split damage target may have.
pub const ODDSMITH_SPLIT_MAX_HEALTH: usize = 100;
/// Entries of a remaining-health distribution: health 0..=MAX_HEALTH.
pub const ODDSMITH_SPLIT_HEALTH_SLOTS: usize = 101;
/// Entries of the kills distribution: 0..=MAX_TARGETS minions killed.
pub const ODDSMITH_SPLIT_KILL_SLOTS: usize = 15;

const _: () = assert!(ODDSMITH_SPLIT_MAX_TARGETS == engine::MAX_TARGETS);
const _: () = assert!(ODDSMITH_SPLIT_MAX_HEALTH == engine::MAX_HEALTH as usize);
const _: () = assert!(ODDSMITH_SPLIT_HEALTH_SLOTS == ODDSMITH_SPLIT_MAX_HEALTH + 1);
const _: () = assert!(ODDSMITH_SPLIT_KILL_SLOTS == ODDSMITH_SPLIT_MAX_TARGETS + 1);

/// One character that split damage can hit.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithSplitTarget {
    /// Health, 1..=ODDSMITH_SPLIT_MAX_HEALTH (with armor).
    pub health: i32,
    /// Hero armor, added to health; 0 for minions.
    pub armor: i32,
    /// Nonzero: a divine shield absorbs the first hit.
    pub shield: u8,
    /// Nonzero: a hero (not counted in kills_distribution).
    pub hero: u8,
}

/// Options; a zeroed struct is the defaults, and NULL means a zeroed
/// struct.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithSplitDamageOptions {
    /// Targets of the `all_dead` question as bits (bit i = the target at
    /// `targets[i]`); 0 means every minion ("clear the board").
    pub all_dead_mask: u32,
    /// The hero of `hero_or_all_dead`, counting targets from 1 as every
    /// message does (`targets[hero_target - 1]`); 0 picks the first hero.
    pub hero_target: u32,
    /// Work budget (see the Rust docs); 0 means the default. Past it the
    /// call fails with ODDSMITH_ERR_BUDGET_EXCEEDED before doing the work.
    pub max_work: u64,
    /// Progress and cancel (see OddsmithProgress), or NULL for none.
    pub progress: *const OddsmithProgress,
}

/// Exact answers; per-target arrays are in input order, entries past
/// `target_count` are zero.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithSplitDamageResult {
    /// Targets given (the per-target arrays hold this many entries).
    pub target_count: u32,
    /// Targets that are not heroes (the last index of kills_distribution).
    pub minion_count: u32,
    /// P(target i dies).
    pub kill: [f64; ODDSMITH_SPLIT_MAX_TARGETS],
    /// `remaining[i][h]` = P(target i ends with health h), h = 0..=its health.
    pub remaining: [[f64; ODDSMITH_SPLIT_HEALTH_SLOTS]; ODDSMITH_SPLIT_MAX_TARGETS],
    /// P(target i keeps its divine shield).
    pub shield_kept: [f64; ODDSMITH_SPLIT_MAX_TARGETS],
    /// P(exactly k minions die), k = 0..=minion_count.
    pub kills_distribution: [f64; ODDSMITH_SPLIT_KILL_SLOTS],
    /// P(every target of all_dead_mask dies).
    pub all_dead: f64,
    /// P(the hero dies or every listed minion dies); -1 without a hero.
    pub hero_or_all_dead: f64,
    /// Expected number of hits absorbed by divine shields.
    pub expected_shield_hits: f64,
    /// Expected number of hits lost because every target was already dead.
    pub expected_wasted_hits: f64,
    /// Work done, in the units of max_work.
    pub work: u64,
    /// 1 when the progress callback cancelled the call (exact work: the
    /// other fields are then zero).
    pub partial: u8,
}

/// Kill odds and distributions for `hits` random 1-damage hits on
/// `targets[0..count]` (1..=ODDSMITH_SPLIT_MAX_TARGETS). Each hit picks
/// uniformly among living targets; a shield absorbs one hit.
///
/// Errors: ODDSMITH_ERR_NULL_POINTER, ODDSMITH_ERR_INVALID_ARGUMENT (count,
/// health <= 0 or over the maximum, negative armor, hits over 100000, bad
/// mask or hero index), ODDSMITH_ERR_BUDGET_EXCEEDED, ODDSMITH_ERR_CANCELLED
/// (by `options->progress`: `*out` is zeroed with `partial` = 1). On other
/// errors `*out` is left unchanged. There is no time budget: `max_work`
/// refuses large questions up front, and the progress callback can cancel
/// one in flight. `targets` and `options` are only read during the call.
/// Thread safety: reentrant; no shared state; with a progress callback the
/// work runs on a helper thread while the calling thread waits and calls
/// the callback.
///
/// # Safety
/// `targets` must point to `count` items (or be NULL with count 0);
/// `options` NULL or valid; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_split_damage(
    targets: *const OddsmithSplitTarget,
    count: usize,
    hits: u32,
    options: *const OddsmithSplitDamageOptions,
    out: *mut OddsmithSplitDamageResult,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        if count > ODDSMITH_SPLIT_MAX_TARGETS {
            return Err(FfiError::invalid(format!(
                "{count} targets given; at most {ODDSMITH_SPLIT_MAX_TARGETS}"
            )));
        }
        let raw = arg!(input_slice(targets, count, "targets"))?;
        let options = if options.is_null() {
            OddsmithSplitDamageOptions::default()
        } else {
            *arg!(input(options, "options"))?
        };
        let targets = raw
            .iter()
            .enumerate()
            .map(|(i, t)| to_target(i, t))
            .collect::<Result<Vec<Target>, FfiError>>()?;
        let query = to_query(options, count)?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let watched = unsafe {
            watch(options.progress, Control::NONE, |control| {
                engine::split_damage_controlled(&targets, hits, &query, control)
            })
        };
        settle(watched, |answer, _| {
            *out = match answer {
                Some(answer) => to_result(answer, &targets),
                None => OddsmithSplitDamageResult {
                    partial: 1,
                    ..empty_result(&targets)
                },
            };
            out.partial != 0
        })
    })
}

fn to_target(i: usize, t: &OddsmithSplitTarget) -> Result<Target, FfiError> {
    if t.health <= 0 || t.armor < 0 {
        return Err(FfiError::invalid(format!(
            "target {} has health {} and armor {}; health must be positive, armor not negative",
            i + 1,
            t.health,
            t.armor
        )));
    }
    let health = (t.health as u32).saturating_add(t.armor as u32);
    Ok(Target {
        health,
        shield: t.shield != 0,
        hero: t.hero != 0,
    })
}

fn to_query(o: OddsmithSplitDamageOptions, count: usize) -> Result<Query, FfiError> {
    let mut query = Query::default();
    if o.all_dead_mask != 0 {
        if o.all_dead_mask >> count != 0 {
            return Err(FfiError::invalid(format!(
                "all_dead_mask {:#x} names targets beyond the {count} given",
                o.all_dead_mask
            )));
        }
        query.all_dead = Some(
            (0..count)
                .filter(|&i| o.all_dead_mask >> i & 1 == 1)
                .collect(),
        );
    }
    if o.hero_target != 0 {
        query.hero = Some(o.hero_target as usize - 1);
    }
    query.max_work = engine::max_work_or_default(o.max_work);
    Ok(query)
}

/// The shape of an answer for `targets`, every number zero.
fn empty_result(targets: &[Target]) -> OddsmithSplitDamageResult {
    OddsmithSplitDamageResult {
        target_count: targets.len() as u32,
        minion_count: targets.iter().filter(|t| !t.hero).count() as u32,
        kill: [0.0; ODDSMITH_SPLIT_MAX_TARGETS],
        remaining: [[0.0; ODDSMITH_SPLIT_HEALTH_SLOTS]; ODDSMITH_SPLIT_MAX_TARGETS],
        shield_kept: [0.0; ODDSMITH_SPLIT_MAX_TARGETS],
        kills_distribution: [0.0; ODDSMITH_SPLIT_KILL_SLOTS],
        all_dead: 0.0,
        hero_or_all_dead: 0.0,
        expected_shield_hits: 0.0,
        expected_wasted_hits: 0.0,
        work: 0,
        partial: 0,
    }
}

fn to_result(a: &engine::SplitDamage, targets: &[Target]) -> OddsmithSplitDamageResult {
    let mut r = OddsmithSplitDamageResult {
        all_dead: a.all_dead,
        hero_or_all_dead: a.hero_or_all_dead.unwrap_or(-1.0),
        expected_shield_hits: a.expected_shield_hits,
        expected_wasted_hits: a.expected_wasted_hits,
        work: a.work,
        ..empty_result(targets)
    };
    r.kill[..a.kill.len()].copy_from_slice(&a.kill);
    r.shield_kept[..a.shield_kept.len()].copy_from_slice(&a.shield_kept);
    r.kills_distribution[..a.kills_distribution.len()].copy_from_slice(&a.kills_distribution);
    for (row, dist) in r.remaining.iter_mut().zip(&a.remaining) {
        row[..dist.len()].copy_from_slice(dist);
    }
    r
}
