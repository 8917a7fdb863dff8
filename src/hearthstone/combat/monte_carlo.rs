//! The Monte Carlo engine: seeded combats played on the same rules as the
//! exact solver (the same turn function), each random choice drawn, the
//! ends counted. Chunks of combats have their own random streams, so the
//! answer depends on the seed, not on the number of threads.

use super::start::{StartOutcomes, first_turn, start_outcomes};
use super::tally::Ends;
use super::{Chooser, Combat, CombatResult, Kinds, MAX_TURNS, Outcome, State, validate};
use crate::budget::{Control, Estimate, Progress};
use crate::error::{Error, Result};
use crate::parallel::{map_items, run_with_threads};
use crate::rng::Rng;

/// Ways of the start of combat Monte Carlo enumerates to draw from (past
/// it, or past the combats asked for, each combat replays the phase).
pub(super) const SAMPLED_START_LIMIT: u64 = 4096;

/// Combats per sampling chunk; each chunk has its own random stream, so
/// results depend on the seed, not on the number of threads.
const CHUNK: u64 = 1 << 14;

/// Chunks sampled between checks of the deadline: a fixed number (not the
/// thread count), so the same seed samples the same combats everywhere.
const CHUNKS_PER_ROUND: u64 = 16;

/// Monte Carlo odds from `samples` seeded combats on the same rules, on
/// `threads` threads (by the rule of [`crate::parallel`]), stopping early
/// once `deadline` passes (within a few hundred combats; at least one
/// combat is always sampled).
pub fn combat_monte_carlo(
    c: &Combat,
    samples: u64,
    seed: u64,
    threads: usize,
    deadline: &Control,
) -> Result<CombatResult> {
    validate(c)?;
    if samples == 0 {
        return Err(Error::invalid("samples must be at least 1"));
    }
    let limit = samples.min(SAMPLED_START_LIMIT) as usize;
    let (kinds, start, outcomes) = start_outcomes(c, limit, deadline)?;
    let chunks = samples.div_ceil(CHUNK);
    let started = std::time::Instant::now();
    let ends = run_with_threads(threads, |workers| {
        let mut total = Ends::new();
        let mut first = 0;
        while first < chunks {
            let round = CHUNKS_PER_ROUND.min(chunks - first);
            let parts = map_items(workers, round, |i| {
                let chunk = first + i;
                let n = CHUNK.min(samples - chunk * CHUNK);
                // The first combat of the first chunk is always sampled.
                let first_to_check = u64::from(chunk == 0);
                let rng = Rng::stream(seed, chunk);
                sample_chunk(
                    c,
                    &kinds,
                    (&start, outcomes.as_ref()),
                    n,
                    rng,
                    (deadline, first_to_check),
                )
            });
            for part in parts {
                total.merge(part);
            }
            first += round;
            if deadline.passed() {
                break;
            }
            if deadline.wants_progress() {
                let n = total.count;
                let win = total.win / n;
                deadline.report_progress(Progress {
                    fraction: (first as f64 / chunks as f64).max(deadline.time_used(started)),
                    done: n as u64,
                    estimate: Some(Estimate::of(
                        &[win, total.draw / n, total.loss / n],
                        (win * (1.0 - win) / n).max(0.0).sqrt(),
                    )),
                });
            }
        }
        Ok(total)
    })?;
    let n = ends.count;
    let win = ends.win / n;
    let stderr = (win * (1.0 - win) / n).max(0.0).sqrt();
    Ok(ends.finish(false, n as u64, 1.0 / n, stderr))
}

/// `n` combats from one random stream, counted; fewer when the deadline
/// passes (checked every 256 combats, from combat `first_to_check` on).
fn sample_chunk(
    c: &Combat,
    kinds: &Kinds,
    start: (&State, Option<&StartOutcomes>),
    n: u64,
    mut rng: Rng,
    (deadline, first_to_check): (&Control, u64),
) -> Ends {
    let mut ends = Ends::new();
    for sampled in 0..n {
        if sampled >= first_to_check && sampled % 256 == 0 && deadline.passed() {
            break;
        }
        let (state, outcome) = play_one(c, kinds, start, &mut rng);
        ends.add(&state, outcome, 1.0);
    }
    ends
}

/// One combat drawn from `chooser`: the start of combat (drawn from its
/// enumerated outcomes when there are, else played), the first attacker,
/// the turns; the end state and outcome.
pub(super) fn play_one(
    c: &Combat,
    kinds: &Kinds,
    (start, outcomes): (&State, Option<&StartOutcomes>),
    chooser: &mut impl Chooser,
) -> (State, Outcome) {
    let mut state = match outcomes {
        Some(outcomes) => *outcomes.draw(chooser),
        None => {
            let mut s = *start;
            s.start_phase(kinds, chooser);
            s
        }
    };
    state.turn = first_turn(kinds, start, &state, chooser);
    if kinds.team.is_some() {
        play_turns::<true>(c, kinds, state, chooser)
    } else {
        play_turns::<false>(c, kinds, state, chooser)
    }
}

/// The turns of one combat from `state` to its end (`DUOS`: the combat
/// has teammates).
#[inline(always)]
fn play_turns<const DUOS: bool>(
    c: &Combat,
    kinds: &Kinds,
    mut state: State,
    chooser: &mut impl Chooser,
) -> (State, Outcome) {
    let mut turns = 0;
    loop {
        if let Some(outcome) = state.outcome_as::<DUOS>(kinds, c.tiers) {
            return (state, outcome);
        }
        // Effects can make a combat endless; Firestone calls one that
        // long a draw.
        turns += 1;
        if turns > MAX_TURNS {
            return (state, Outcome::Draw);
        }
        let (side, attacker) = state.next_attacker();
        state.play_turn_as::<DUOS>(kinds, side, attacker, chooser);
    }
}
