//! C entry for the best order of side A's board
//! (`oddsmith_combat_best_order`): the boards and options of
//! `oddsmith_combat`, plus what the order maximises.

use super::combat::{
    ODDSMITH_BOARD_SIZE, OddsmithCombatOptions, OddsmithMinion, boards_combat, check_board_counts,
    engine_options, options_or_default,
};
use super::guard::{FfiError, OddsmithStatus, arg, guard};
use super::progress::{settle, watch};
use crate::budget::{Control, is_partial};
use crate::hearthstone::combat::{BestOrder, BestOrderOptions, Objective, best_order};

/// What a best order maximises (`OddsmithBestOrderOptions.objective`).
/// This one (the default): P(A wins).
pub const ODDSMITH_OBJECTIVE_WIN: u32 = 0;
/// P(A wins) - P(B wins).
pub const ODDSMITH_OBJECTIVE_WIN_MINUS_LOSS: u32 = 1;
/// The expected damage A deals to B's hero.
pub const ODDSMITH_OBJECTIVE_DAMAGE_DEALT: u32 = 2;
/// The expected damage B deals to A's hero, minimised.
pub const ODDSMITH_OBJECTIVE_DAMAGE_TAKEN: u32 = 3;
/// P(A's hero survives the combat) at `health_a`.
pub const ODDSMITH_OBJECTIVE_LETHAL: u32 = 4;

/// What the best order maximises, as the CLI's `--objective`, `--health-a`
/// and `--margin`; a zeroed struct (or NULL) is the defaults.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithBestOrderOptions {
    /// ODDSMITH_OBJECTIVE_WIN (0), _WIN_MINUS_LOSS, _DAMAGE_DEALT,
    /// _DAMAGE_TAKEN or _LETHAL.
    pub objective: u32,
    /// A's hero health with armor, at least 1: LETHAL's (ignored by the
    /// others).
    pub health_a: i32,
    /// How much better (in the objective's units) another order must be
    /// to count in `p_beaten`; 0 means the objective's default: 0.005 for
    /// WIN and LETHAL, 0.01 for WIN_MINUS_LOSS, 0.1 damage.
    pub margin: f64,
}

/// The best order found.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithBestOrderResult {
    /// The order as indices into board A as given: `order[k]` goes k-th
    /// (the first `order_count` entries; the rest are 0).
    pub order: [u32; ODDSMITH_BOARD_SIZE],
    /// Minions in the order (A's count).
    pub order_count: u32,
    /// 1 when every order was solved exactly, 0 when they were raced.
    pub exact: u8,
    /// 1 when the progress callback cancelled the race: the best so far
    /// (a cancelled exact search has no answer: zeros).
    pub partial: u8,
    /// The objective's value for the order (an estimate when raced).
    pub value: f64,
    /// Its standard error (0 when exact). Not `stderr`: a macro of
    /// `<stdio.h>`.
    pub std_error: f64,
    /// The margin `p_beaten` used.
    pub margin: f64,
    /// The probability that another order is better by more than
    /// `margin` (0 when exact).
    pub p_beaten: f64,
    /// Distinct orders evaluated (orders that only swap identical
    /// minions count once).
    pub orders: u64,
    /// Combats sampled in all (0 when exact).
    pub combats: u64,
}

/// The order of board A (`a[0..a_count]`) that maximises an objective
/// against board B as given, both boards, tiers and `options` as
/// `oddsmith_combat` takes them, `best` NULL or zeroed for the defaults
/// (P(A wins)). Orders that only swap identical minions are evaluated
/// once. Exact when every order fits the exact engine within the budget
/// (Auto: the exact cost of the board as given, times the orders, fits
/// four fifths of the time budget), else the orders race with Monte
/// Carlo: `samples` combats in all (0: 1,000,000), each order's combats
/// of a round seeded apart, so the answer depends on the seed and the
/// budget, not on `threads`. The time budget is the whole search's: 0
/// means 1000 ms in AUTO, no limit in EXACT and MONTE_CARLO.
///
/// Errors: those of `oddsmith_combat` (its boards and options), and
/// INVALID_ARGUMENT for an unknown objective, LETHAL without a
/// `health_a` of at least 1, a margin that is negative, infinite or not
/// a number. BUDGET_EXCEEDED (EXACT
/// over the state or time budget), CANCELLED (by `options->progress`: the
/// race's best so far with `out->partial` = 1, or zeros for an exact
/// search; an exact answer that completed anyway is returned with
/// ODDSMITH_OK). On other errors `*out` is left unchanged. Thread safety:
/// reentrant; with a progress callback the work runs on a helper thread
/// while the calling thread waits and calls the callback.
///
/// # Safety
/// `a` and `b` must point to `a_count` and `b_count` items (or be NULL with
/// a count of 0); `options` and `best` NULL or valid; `out` NULL or
/// writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn oddsmith_combat_best_order(
    a: *const OddsmithMinion,
    a_count: usize,
    b: *const OddsmithMinion,
    b_count: usize,
    tier_a: u32,
    tier_b: u32,
    options: *const OddsmithCombatOptions,
    best: *const OddsmithBestOrderOptions,
    out: *mut OddsmithBestOrderResult,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        check_board_counts(a_count, b_count)?;
        let a = arg!(input_slice(a, a_count, "a"))?;
        let b = arg!(input_slice(b, b_count, "b"))?;
        let o = options_or_default(options)?;
        let best = if best.is_null() {
            OddsmithBestOrderOptions::default()
        } else {
            *arg!(input(best, "best"))?
        };
        let combat = boards_combat(a, b, [tier_a, tier_b], &o)?;
        let mut options = BestOrderOptions {
            combat: engine_options(&o)?,
            objective: objective(&best)?,
            margin: best.margin,
        };
        // SAFETY: `options` is NULL or valid (this entry's # Safety), so
        // is the progress it names.
        let watched = unsafe {
            watch(o.progress, Control::NONE, move |control| {
                options.combat.control = control.clone();
                best_order(&combat, &options)
            })
        };
        settle(watched, |found, cancelled| {
            *out = found.map_or_else(OddsmithBestOrderResult::default, to_c_result);
            // The one rule: an exact answer is complete even when a cancel
            // came late.
            out.partial = u8::from(is_partial(cancelled, out.exact != 0));
            out.partial != 0
        })
    })
}

/// The objective `best` names.
fn objective(best: &OddsmithBestOrderOptions) -> Result<Objective, FfiError> {
    Ok(match best.objective {
        ODDSMITH_OBJECTIVE_WIN => Objective::Win,
        ODDSMITH_OBJECTIVE_WIN_MINUS_LOSS => Objective::WinMinusLoss,
        ODDSMITH_OBJECTIVE_DAMAGE_DEALT => Objective::DamageDealt,
        ODDSMITH_OBJECTIVE_DAMAGE_TAKEN => Objective::DamageTaken,
        ODDSMITH_OBJECTIVE_LETHAL => Objective::Lethal {
            health: best.health_a,
        },
        other => {
            return Err(FfiError::invalid(format!(
                "best: objective {other} is not ODDSMITH_OBJECTIVE_WIN (0), _WIN_MINUS_LOSS (1), \
                 _DAMAGE_DEALT (2), _DAMAGE_TAKEN (3) or _LETHAL (4)"
            )));
        }
    })
}

fn to_c_result(found: &BestOrder) -> OddsmithBestOrderResult {
    let mut order = [0; ODDSMITH_BOARD_SIZE];
    for (slot, &i) in order.iter_mut().zip(&found.order) {
        *slot = i as u32;
    }
    OddsmithBestOrderResult {
        order,
        order_count: found.order.len() as u32,
        exact: u8::from(found.exact),
        partial: 0,
        value: found.value,
        std_error: found.stderr,
        margin: found.margin,
        p_beaten: found.p_beaten,
        orders: found.orders as u64,
        combats: found.combats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::ODDSMITH_COMBAT_EXACT;
    use crate::hearthstone::combat::{Combat, CombatMode, CombatOptions, parse_board};

    fn minion(attack: i32, health: i32) -> OddsmithMinion {
        OddsmithMinion {
            attack,
            health,
            keywords: 0,
            token_attack: 0,
            token_health: 0,
            token_count: 0,
            tier: 1,
            dbf_id: 0,
            script_data_given: 0,
            script_data: [0; 4],
        }
    }

    fn call(
        a: &[OddsmithMinion],
        b: &[OddsmithMinion],
        options: &OddsmithCombatOptions,
        best: &OddsmithBestOrderOptions,
    ) -> (OddsmithStatus, OddsmithBestOrderResult) {
        let mut out = OddsmithBestOrderResult::default();
        // SAFETY: live boards of their lengths, live options and output.
        let status = unsafe {
            oddsmith_combat_best_order(
                a.as_ptr(),
                a.len(),
                b.as_ptr(),
                b.len(),
                1,
                1,
                options,
                best,
                &mut out,
            )
        };
        (status, out)
    }

    #[test]
    fn the_entry_answers_as_the_engine_does_for_each_objective() {
        let a = [minion(1, 5), minion(4, 1), minion(2, 3)];
        let b = [minion(3, 3), minion(1, 4)];
        let c = Combat::new(
            parse_board("1/5, 4/1, 2/3").unwrap(),
            parse_board("3/3, 1/4").unwrap(),
            [1, 1],
        );
        let options = OddsmithCombatOptions {
            mode: ODDSMITH_COMBAT_EXACT,
            ..OddsmithCombatOptions::default()
        };
        for (code, objective) in [
            (ODDSMITH_OBJECTIVE_WIN, Objective::Win),
            (ODDSMITH_OBJECTIVE_WIN_MINUS_LOSS, Objective::WinMinusLoss),
            (ODDSMITH_OBJECTIVE_DAMAGE_DEALT, Objective::DamageDealt),
            (ODDSMITH_OBJECTIVE_DAMAGE_TAKEN, Objective::DamageTaken),
            (ODDSMITH_OBJECTIVE_LETHAL, Objective::Lethal { health: 2 }),
        ] {
            let best = OddsmithBestOrderOptions {
                objective: code,
                health_a: 2,
                margin: 0.0,
            };
            let (status, out) = call(&a, &b, &options, &best);
            assert_eq!(status, OddsmithStatus::ODDSMITH_OK, "{objective:?}");
            let engine = best_order(
                &c,
                &BestOrderOptions {
                    combat: CombatOptions {
                        mode: CombatMode::Exact,
                        ..CombatOptions::default()
                    },
                    objective,
                    margin: 0.0,
                },
            )
            .unwrap();
            let order: Vec<usize> = out.order[..out.order_count as usize]
                .iter()
                .map(|&i| i as usize)
                .collect();
            assert_eq!(order, engine.order, "{objective:?}");
            assert_eq!(
                (out.value, out.exact, out.orders, out.margin),
                (engine.value, 1, 6, objective.default_margin()),
                "{objective:?}"
            );
            assert_eq!((out.std_error, out.p_beaten, out.partial), (0.0, 0.0, 0));
        }
    }

    #[test]
    fn bad_objectives_and_margins_are_refused_and_null_is_the_default() {
        let a = [minion(1, 5), minion(4, 1)];
        let b = [minion(3, 3)];
        let options = OddsmithCombatOptions::default();
        let refused = |best: OddsmithBestOrderOptions| {
            let (status, _) = call(&a, &b, &options, &best);
            assert_eq!(
                status,
                OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT,
                "{best:?}"
            );
        };
        refused(OddsmithBestOrderOptions {
            objective: 5,
            ..OddsmithBestOrderOptions::default()
        });
        refused(OddsmithBestOrderOptions {
            objective: ODDSMITH_OBJECTIVE_LETHAL,
            ..OddsmithBestOrderOptions::default()
        });
        for margin in [-0.1, f64::NAN, f64::INFINITY] {
            refused(OddsmithBestOrderOptions {
                margin,
                ..OddsmithBestOrderOptions::default()
            });
        }
        let mut by_null = OddsmithBestOrderResult::default();
        // SAFETY: live boards, NULL options, a live output.
        let status = unsafe {
            oddsmith_combat_best_order(
                a.as_ptr(),
                2,
                b.as_ptr(),
                1,
                1,
                1,
                std::ptr::null(),
                std::ptr::null(),
                &mut by_null,
            )
        };
        assert_eq!(status, OddsmithStatus::ODDSMITH_OK);
        let (_, zeroed) = call(&a, &b, &options, &OddsmithBestOrderOptions::default());
        assert_eq!(by_null.order, zeroed.order);
        assert_eq!(by_null.value, zeroed.value);
        // SAFETY: NULL output on purpose.
        let status = unsafe {
            oddsmith_combat_best_order(
                a.as_ptr(),
                2,
                b.as_ptr(),
                1,
                1,
                1,
                std::ptr::null(),
                std::ptr::null(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(status, OddsmithStatus::ODDSMITH_ERR_NULL_POINTER);
    }
}
