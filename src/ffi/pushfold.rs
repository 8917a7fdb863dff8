//! C entry for push/fold equilibria (`poker::pushfold`): heads-up chip EV
//! exactly, three to ten seats or ICM by CFR+, as the CLI's `oddsmith
//! pushfold` and Python's `oddsmith.pushfold` choose.

use super::guard::{FfiError, FfiResult, OddsmithStatus, arg, copy_c_string, guard};
use super::progress::{OddsmithProgress, settle, watch};
use crate::budget::{Control, given, given_ms};
use crate::cards::CardSet;
use crate::error::Result;
use crate::poker::pushfold::{
    ClassShare, HeadsUp, SolveOptions, Spot, Table, position_name, solve_heads_up,
    solve_table_within, spot_count,
};

/// Most seats at a push/fold table.
pub const ODDSMITH_PUSHFOLD_MAX_PLAYERS: usize = 10;
/// Entries of a spot's `combos`: every two-card combo.
pub const ODDSMITH_PUSHFOLD_COMBOS: usize = 1326;
/// Entries of a spot's `grid`: the 13x13 hand classes.
pub const ODDSMITH_PUSHFOLD_CLASSES: usize = 169;
/// Bytes of a spot's `position`, its NUL padding included.
pub const ODDSMITH_PUSHFOLD_POSITION_LEN: usize = 8;
/// Bytes of a spot's `describe`, its NUL padding included.
pub const ODDSMITH_PUSHFOLD_DESCRIBE_LEN: usize = 128;

const _: () = assert!(
    ODDSMITH_PUSHFOLD_MAX_PLAYERS == crate::poker::pushfold::icm::MAX_PLAYERS
        && ODDSMITH_PUSHFOLD_COMBOS == crate::poker::range::COMBOS
);

/// A push/fold table. Amounts are in chips (the blinds set the unit: with
/// the default blinds chips are big blinds); a zeroed field is the
/// default of the CLI and Python. Arrays are only read during the call.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithPushFoldQuestion {
    /// Each seat's stack before posting, in order of action: the first to
    /// act first, the small blind and the big blind last.
    pub stacks: *const f64,
    /// Seats, 2 to ODDSMITH_PUSHFOLD_MAX_PLAYERS.
    pub stack_count: usize,
    /// The small blind; 0 means 0.5.
    pub small_blind: f64,
    /// The big blind (the unit of every answer); 0 means 1.
    pub big_blind: f64,
    /// The ante each seat posts (0: none).
    pub ante: f64,
    /// Prizes by finishing place for ICM (first place first), or NULL with
    /// `payout_count` 0 for chip EV.
    pub payouts: *const f64,
    /// Entries of `payouts`.
    pub payout_count: usize,
    /// CFR+ stops once no seat gains more than this (big blinds) by its
    /// best response; 0 means 0.001.
    pub target: f64,
    /// Deals sampled for three or more seats; 0 means 1,000,000.
    pub samples: u64,
    /// The sample's seed; 0 means 1.
    pub seed: u64,
    /// Time limit in ms for CFR+ (0: none): past it, the best strategy so
    /// far with its gains stated (not partial). The exact heads-up solve
    /// takes tens of milliseconds and ignores it.
    pub time_budget_ms: u32,
    /// Progress and cancel (see OddsmithProgress), or NULL for none.
    pub progress: *const OddsmithProgress,
}

/// One decision point's strategy: who acts after what, and each combo's
/// chance to push (no push before it) or to call (after a push).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithPushFoldSpot {
    /// The seat acting (0-based, in order of action).
    pub seat: u32,
    /// The seat that pushed, or -1 when every seat before folded.
    pub opener: i32,
    /// Bit i set: seat i called the push before this seat acts.
    pub callers: u32,
    /// The seat's position name ("BTN", "SB", "UTG+1"), NUL-padded.
    pub position: [u8; ODDSMITH_PUSHFOLD_POSITION_LEN],
    /// What the spot is ("BB after BTN pushes, SB calls"), NUL-padded.
    pub describe: [u8; ODDSMITH_PUSHFOLD_DESCRIBE_LEN],
    /// The chance the spot is reached.
    pub reach: f64,
    /// Per hand class, row by row of the 13x13 chart (aces first, pairs on
    /// the diagonal, suited above it, offsuit below), the share of its
    /// combos pushed or called.
    pub grid: [f64; ODDSMITH_PUSHFOLD_CLASSES],
    /// Per combo, the chance to push or call: the combo of cards a < b
    /// (indices as in oddsmith_card_parse) at b * (b - 1) / 2 + a.
    pub combos: [f64; ODDSMITH_PUSHFOLD_COMBOS],
}

/// The answer of `oddsmith_pushfold`, amounts in big blinds (ICM prizes
/// priced at the chips in play over the prizes paid). Entries past
/// `players` are 0.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithPushFoldResult {
    /// Seats at the table.
    pub players: u32,
    /// Spots written (ODDSMITH_PUSHFOLD_MAX_PLAYERS of them at most
    /// 1022; see oddsmith_pushfold_spot_count).
    pub spot_count: usize,
    /// Each seat's expected result per hand.
    pub values: [f64; ODDSMITH_PUSHFOLD_MAX_PLAYERS],
    /// Each value's standard error from sampling (0 when exact).
    pub value_errors: [f64; ODDSMITH_PUSHFOLD_MAX_PLAYERS],
    /// What each seat gains by its exact best response (for three or more
    /// seats, in the sampled game solved).
    pub gains: [f64; ODDSMITH_PUSHFOLD_MAX_PLAYERS],
    /// The largest gain.
    pub exploitability: f64,
    /// 1 for the exact heads-up chip-EV solve (every combo, mixed where
    /// the equilibrium mixes).
    pub exact: u8,
    /// 1 when the deals are a sample (three or more seats).
    pub sampled: u8,
    /// Deals in the game CFR+ solved (0 for the exact solve).
    pub deals: u64,
    /// CFR+ iterations run (0 for the exact solve).
    pub iterations: u64,
    /// 1 when the progress callback stopped CFR+ before the target: the
    /// best strategy so far, its gains stated.
    pub partial: u8,
}

/// The spots `oddsmith_pushfold` writes for a table of `players` seats:
/// 2^players - 2 (2 heads-up, 6 three-handed, 1022 for ten); 0 outside 2
/// to ODDSMITH_PUSHFOLD_MAX_PLAYERS. Thread safety: pure.
#[unsafe(no_mangle)]
pub extern "C" fn oddsmith_pushfold_spot_count(players: usize) -> usize {
    spot_count(players)
}

/// The push/fold equilibrium of a table (docs/src/pushfold.md): each seat
/// in turn pushes all-in or folds; after a push each later seat calls or
/// folds. Two stacks without payouts are solved exactly; otherwise CFR+
/// runs on `samples` deals (two stacks: every deal) to `target`. Writes
/// the summary to `*out` and one spot per decision point into `spots`
/// (`cap` of them; oddsmith_pushfold_spot_count(stack_count) always fit),
/// each seat's opens first and parents before children; `*count` gets the
/// number needed, also on BUFFER_TOO_SMALL (checked before solving).
///
/// Errors: NULL_POINTER (question, out, count, stacks, payouts with a
/// count, spots with `cap > 0`), INVALID_ARGUMENT (the message names the
/// bad input: stacks not 2 to 10, a stack not above what its seat posts,
/// blinds, ante, payouts, target, samples), BUFFER_TOO_SMALL (nothing but
/// `*count` written), CANCELLED (by the progress callback before CFR+ met
/// its target: `*out` and the spots hold the best strategy so far with
/// `partial` = 1; an answer that completed anyway is returned with
/// ODDSMITH_OK). On other errors `*out` and the spots are left unchanged.
/// Thread safety: reentrant; with a progress callback the work runs on a
/// helper thread while the calling thread waits and calls the callback
/// (on the calling thread, never concurrently).
///
/// # Safety
/// `question` must be NULL or valid, its `stacks` and `payouts` NULL or
/// of their counts, its `progress` NULL or valid; `out` and `count` NULL
/// or writable; `spots` NULL (with `cap` 0) or `cap` writable spots.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_pushfold(
    question: *const OddsmithPushFoldQuestion,
    out: *mut OddsmithPushFoldResult,
    spots: *mut OddsmithPushFoldSpot,
    cap: usize,
    count: *mut usize,
) -> OddsmithStatus {
    guard(|| {
        let q = arg!(input(question, "question"))?;
        let out = arg!(output(out, "out"))?;
        let count = arg!(output(count, "count"))?;
        let buf = arg!(output_slice(spots, cap, "spots"))?;
        let stacks = arg!(input_slice(q.stacks, q.stack_count, "stacks"))?;
        let payouts = arg!(input_slice(q.payouts, q.payout_count, "payouts"))?;
        let (table, options) = to_question(q, stacks, payouts)?;
        table.check()?;
        let needed = spot_count(table.stacks.len());
        *count = needed;
        if needed > buf.len() {
            return Err(FfiError::new(
                OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL,
                format!("{needed} spots but the buffer holds {}", buf.len()),
            ));
        }
        let base = Control::within(given_ms(Some(u64::from(q.time_budget_ms))));
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let watched = unsafe { watch(q.progress, base, move |c| solve(&table, &options, c)) };
        settle(watched, |answer, _| match answer {
            Some(answer) => {
                *out = answer.summary;
                let players = answer.summary.players as usize;
                for (slot, spot) in buf.iter_mut().zip(&answer.spots) {
                    *slot = to_c_spot(spot, players);
                }
                out.partial != 0
            }
            // The engine does not fail once a table checks; were it to
            // fail after a cancel, there is no strategy to write.
            None => {
                *out = OddsmithPushFoldResult {
                    partial: 1,
                    ..empty_summary(0)
                };
                *count = 0;
                true
            }
        })
    })
}

/// The engine's table and options a C question asks, the zeroed fields
/// their defaults.
fn to_question(
    q: &OddsmithPushFoldQuestion,
    stacks: &[f64],
    payouts: &[f64],
) -> FfiResult<(Table, SolveOptions)> {
    let defaults = (Table::default(), SolveOptions::default());
    let table = Table {
        stacks: stacks.to_vec(),
        small_blind: given(q.small_blind).unwrap_or(defaults.0.small_blind),
        big_blind: given(q.big_blind).unwrap_or(defaults.0.big_blind),
        ante: q.ante,
        payouts: payouts.to_vec(),
    };
    let samples = usize::try_from(q.samples)
        .map_err(|_| FfiError::invalid(format!("samples {}: too many", q.samples)))?;
    let options = SolveOptions {
        target: given(q.target).unwrap_or(defaults.1.target),
        samples: given(samples).unwrap_or(defaults.1.samples),
        seed: given(q.seed).unwrap_or(defaults.1.seed),
        ..defaults.1
    };
    Ok((table, options))
}

/// One spot of an answer, before it is copied out.
struct SpotAnswer {
    spot: Spot,
    reach: f64,
    grid: Vec<ClassShare>,
    combos: Vec<(CardSet, f64)>,
}

struct Answer {
    summary: OddsmithPushFoldResult,
    spots: Vec<SpotAnswer>,
}

/// The result of a table of `players` before any figure is known.
fn empty_summary(players: usize) -> OddsmithPushFoldResult {
    OddsmithPushFoldResult {
        players: players as u32,
        spot_count: spot_count(players),
        values: [0.0; ODDSMITH_PUSHFOLD_MAX_PLAYERS],
        value_errors: [0.0; ODDSMITH_PUSHFOLD_MAX_PLAYERS],
        gains: [0.0; ODDSMITH_PUSHFOLD_MAX_PLAYERS],
        exploitability: 0.0,
        exact: 0,
        sampled: 0,
        deals: 0,
        iterations: 0,
        partial: 0,
    }
}

/// Solves as the CLI does: heads-up chip EV exactly, else CFR+.
fn solve(table: &Table, options: &SolveOptions, control: &Control) -> Result<Answer> {
    let n = table.stacks.len();
    let mut summary = empty_summary(n);
    if n == 2 && table.payouts.is_empty() {
        let s = solve_heads_up(&HeadsUp {
            stacks: [table.stacks[0], table.stacks[1]],
            small_blind: table.small_blind,
            big_blind: table.big_blind,
            ante: table.ante,
        })?;
        summary.values[..2].copy_from_slice(&[s.value, -s.value]);
        summary.gains[..2].copy_from_slice(&[s.sb_gain, s.bb_gain]);
        summary.exploitability = s.exploitability();
        summary.exact = 1;
        let pushed = s.combos.iter().map(|c| c.push).sum::<f64>() / s.combos.len() as f64;
        let spot = |opener: Option<usize>| Spot {
            seat: usize::from(opener.is_some()),
            opener,
            callers: Vec::new(),
        };
        let spots = vec![
            SpotAnswer {
                spot: spot(None),
                reach: 1.0,
                grid: s.push_chart(),
                combos: s.combos.iter().map(|c| (c.cards, c.push)).collect(),
            },
            SpotAnswer {
                spot: spot(Some(0)),
                reach: pushed,
                grid: s.call_chart(),
                combos: s.combos.iter().map(|c| (c.cards, c.call)).collect(),
            },
        ];
        return Ok(Answer { summary, spots });
    }
    let s = solve_table_within(table, options, control)?;
    summary.values[..n].copy_from_slice(&s.values);
    summary.value_errors[..n].copy_from_slice(&s.value_errors);
    summary.gains[..n].copy_from_slice(&s.gains);
    summary.exploitability = s.exploitability();
    summary.sampled = u8::from(s.sampled);
    summary.deals = s.deals as u64;
    summary.iterations = s.iterations as u64;
    summary.partial = u8::from(s.partial);
    let spots = s
        .spots
        .iter()
        .map(|p| SpotAnswer {
            spot: p.spot.clone(),
            reach: p.reach,
            grid: p.chart(),
            combos: p.combos(),
        })
        .collect();
    Ok(Answer { summary, spots })
}

/// Where a combo's chance goes in `OddsmithPushFoldSpot::combos`.
fn combo_index(cards: CardSet) -> usize {
    let mask = cards.mask();
    let (low, high) = (
        mask.trailing_zeros() as usize,
        63 - mask.leading_zeros() as usize,
    );
    high * (high - 1) / 2 + low
}

fn to_c_spot(s: &SpotAnswer, players: usize) -> OddsmithPushFoldSpot {
    let mut spot = OddsmithPushFoldSpot {
        seat: s.spot.seat as u32,
        opener: s.spot.opener.map_or(-1, |o| o as i32),
        callers: s.spot.callers.iter().fold(0, |m, &c| m | 1 << c),
        position: [0; ODDSMITH_PUSHFOLD_POSITION_LEN],
        describe: [0; ODDSMITH_PUSHFOLD_DESCRIBE_LEN],
        reach: s.reach,
        grid: [0.0; ODDSMITH_PUSHFOLD_CLASSES],
        combos: [0.0; ODDSMITH_PUSHFOLD_COMBOS],
    };
    copy_c_string(&position_name(s.spot.seat, players), &mut spot.position);
    copy_c_string(&s.spot.describe(players), &mut spot.describe);
    for (cell, share) in spot.grid.iter_mut().zip(&s.grid) {
        *cell = share.share;
    }
    for &(cards, chance) in &s.combos {
        spot.combos[combo_index(cards)] = chance;
    }
    spot
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker::pushfold::solve_table;
    use std::mem::MaybeUninit;

    fn question(stacks: &[f64], payouts: &[f64]) -> OddsmithPushFoldQuestion {
        OddsmithPushFoldQuestion {
            stacks: stacks.as_ptr(),
            stack_count: stacks.len(),
            small_blind: 0.0,
            big_blind: 0.0,
            ante: 0.0,
            payouts: if payouts.is_empty() {
                std::ptr::null()
            } else {
                payouts.as_ptr()
            },
            payout_count: payouts.len(),
            target: 0.0,
            samples: 0,
            seed: 0,
            time_budget_ms: 0,
            progress: std::ptr::null(),
        }
    }

    /// The status, the result and the spots of a question with room for
    /// `cap` spots.
    fn ask(
        q: &OddsmithPushFoldQuestion,
        cap: usize,
    ) -> (
        OddsmithStatus,
        usize,
        Option<OddsmithPushFoldResult>,
        Vec<OddsmithPushFoldSpot>,
    ) {
        let mut spots: Vec<OddsmithPushFoldSpot> = Vec::with_capacity(cap);
        let mut out = MaybeUninit::<OddsmithPushFoldResult>::uninit();
        let mut count = 0usize;
        // SAFETY: a valid question, output, count and `cap` spots of room.
        let status =
            unsafe { oddsmith_pushfold(q, out.as_mut_ptr(), spots.as_mut_ptr(), cap, &mut count) };
        let ok = status == OddsmithStatus::ODDSMITH_OK;
        if ok {
            // SAFETY: the first `count` spots are written on success.
            unsafe { spots.set_len(count) };
        }
        // SAFETY: written on success, and read only then.
        (
            status,
            count,
            ok.then(|| unsafe { out.assume_init() }),
            spots,
        )
    }

    fn text(bytes: &[u8]) -> &str {
        std::str::from_utf8(bytes).unwrap().trim_end_matches('\0')
    }

    #[test]
    fn heads_up_is_the_exact_solution_per_combo() {
        let q = question(&[8.0, 12.0], &[]);
        let (status, count, out, spots) = ask(&q, 2);
        assert_eq!((status, count), (OddsmithStatus::ODDSMITH_OK, 2));
        let out = out.unwrap();
        let s = solve_heads_up(&HeadsUp {
            stacks: [8.0, 12.0],
            ..HeadsUp::default()
        })
        .unwrap();
        assert_eq!((out.exact, out.players, out.values[0]), (1, 2, s.value));
        assert_eq!(out.exploitability, s.exploitability());
        assert_eq!(
            (text(&spots[0].position), text(&spots[1].position)),
            ("SB", "BB")
        );
        assert_eq!(text(&spots[1].describe), "BB after SB pushes");
        assert_eq!(
            (spots[0].opener, spots[1].opener, spots[1].seat),
            (-1, 0, 1)
        );
        let mut seen = [false; ODDSMITH_PUSHFOLD_COMBOS];
        for c in &s.combos {
            let cards: Vec<u8> = c.cards.iter().map(|card| card.index()).collect();
            let i = usize::from(cards[1]) * (usize::from(cards[1]) - 1) / 2 + usize::from(cards[0]);
            assert!(!seen[i], "{} twice", c.cards);
            seen[i] = true;
            assert_eq!((spots[0].combos[i], spots[1].combos[i]), (c.push, c.call));
        }
        for cell in s.push_chart() {
            assert_eq!(
                spots[0].grid[cell.row * 13 + cell.col],
                cell.share,
                "{}",
                cell.name
            );
        }
    }

    #[test]
    fn three_handed_icm_is_the_engines_table() {
        let stacks = [10.0, 10.0, 10.0];
        let payouts = [50.0, 30.0, 20.0];
        let mut q = question(&stacks, &payouts);
        (q.samples, q.target, q.ante) = (2000, 0.05, 0.1);
        let (status, count, out, spots) = ask(&q, oddsmith_pushfold_spot_count(3));
        assert_eq!((status, count), (OddsmithStatus::ODDSMITH_OK, 6));
        let out = out.unwrap();
        let table = Table {
            stacks: stacks.to_vec(),
            ante: 0.1,
            payouts: payouts.to_vec(),
            ..Table::default()
        };
        let options = SolveOptions {
            samples: 2000,
            target: 0.05,
            ..SolveOptions::default()
        };
        let s = solve_table(&table, &options).unwrap();
        assert_eq!(&out.values[..3], &s.values[..]);
        assert_eq!(&out.gains[..3], &s.gains[..]);
        assert_eq!((out.exact, out.sampled, out.partial), (0, 1, 0));
        assert_eq!(out.iterations, s.iterations as u64);
        for (c, e) in spots.iter().zip(&s.spots) {
            assert_eq!(text(&c.describe), e.spot.describe(3));
            assert_eq!(c.reach, e.reach);
            for (cards, chance) in e.combos() {
                assert_eq!(c.combos[combo_index(cards)], chance);
            }
            for (cell, class) in c.grid.iter().zip(&e.classes) {
                assert!((cell - class).abs() < 1e-12, "a class's combos play alike");
            }
        }
    }

    #[test]
    fn errors_name_the_input_and_a_small_buffer_says_what_fits() {
        let (three, eleven, short) = ([10.0; 3], [10.0; 11], [10.0, 0.5]);
        let (status, count, ..) = ask(&question(&three, &[]), 5);
        assert_eq!(
            (status, count),
            (OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL, 6)
        );
        let mut q = question(&eleven, &[]);
        assert_eq!(ask(&q, 0).0, OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT);
        q = question(&short, &[]);
        assert_eq!(ask(&q, 2).0, OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT);
        q.stack_count = 1;
        q.stacks = std::ptr::null();
        assert_eq!(ask(&q, 2).0, OddsmithStatus::ODDSMITH_ERR_NULL_POINTER);
        let negative = [-1.0];
        q = question(&three[..2], &negative);
        assert_eq!(ask(&q, 2).0, OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT);
        q = question(&three, &[]);
        q.target = -1.0;
        assert_eq!(ask(&q, 6).0, OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT);
        let mut message = [0u8; 200];
        // SAFETY: a writable buffer of its length.
        let n = unsafe {
            super::super::guard::oddsmith_last_error_message(
                message.as_mut_ptr().cast(),
                message.len(),
            )
        };
        assert!(text(&message[..n]).contains("target"), "{}", text(&message));
    }
}
