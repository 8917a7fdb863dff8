//! Pig against a value iteration written for it alone (the paper's
//! equations, from the mover's view), symmetry between the seats, and the
//! paper's figure.

use super::*;

/// P[i][j][k]: the mover's win probability with score i, the opponent's
/// j, turn total k; Gauss-Seidel sweeps until nothing moves by 1e-15.
#[allow(clippy::needless_range_loop)] // the paper's indices read best
fn oracle(goal: u32, sides: u32) -> Vec<Vec<Vec<f64>>> {
    let g = goal as usize;
    let mut p = vec![vec![vec![0.0f64; g]; g]; g];
    let q = 1.0 / f64::from(sides);
    for _ in 0..100_000 {
        let mut change: f64 = 0.0;
        for i in 0..g {
            for j in 0..g {
                for k in 0..g - i {
                    let mut roll = q * (1.0 - p[j][i][0]);
                    for f in 2..=sides as usize {
                        roll += q * if i + k + f >= g { 1.0 } else { p[i][j][k + f] };
                    }
                    let hold = if k == 0 {
                        0.0
                    } else if i + k >= g {
                        1.0
                    } else {
                        1.0 - p[j][i + k][0]
                    };
                    let v = roll.max(hold);
                    change = change.max((v - p[i][j][k]).abs());
                    p[i][j][k] = v;
                }
            }
        }
        if change < 1e-15 {
            return p;
        }
    }
    panic!("the oracle did not converge");
}

#[test]
fn every_position_matches_a_plain_value_iteration() {
    for sides in [2, 3, 6] {
        for goal in 1..=10 {
            let truth = oracle(goal, sides);
            let game = PigGame::new(goal, sides).unwrap();
            for score in 0..goal {
                for opponent in 0..goal {
                    for turn_total in (0..goal - score).filter(|&k| k != 1) {
                        let position = PigPosition {
                            score,
                            opponent,
                            turn_total,
                        };
                        let answer = solve_pig(&game, position, &Options::default()).unwrap();
                        let want = truth[score as usize][opponent as usize][turn_total as usize];
                        assert!(
                            (answer.win_probability - want).abs() < 1e-10,
                            "goal {goal} sides {sides} {position:?}: {} vs {want}",
                            answer.win_probability
                        );
                        assert!(answer.solution.residual <= 1e-12);
                        if let Some(hold) = answer.hold {
                            if (hold - answer.roll).abs() > 1e-9 {
                                let best = if hold > answer.roll { HOLD } else { ROLL };
                                assert_eq!(answer.best_move, best, "{position:?}");
                            }
                        } else {
                            assert_eq!(turn_total, 0);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_seats_are_symmetric_and_values_are_probabilities() {
    let game = PigGame::new(12, 6).unwrap();
    for (i, j, k) in [(0, 0, 0), (3, 7, 0), (7, 3, 4), (11, 0, 0), (0, 11, 6)] {
        let as_max = solve(
            &game.from_state(PigState::new(true, i, j, k)).unwrap(),
            &Options::default(),
        )
        .unwrap();
        let as_min = solve(
            &game.from_state(PigState::new(false, j, i, k)).unwrap(),
            &Options::default(),
        )
        .unwrap();
        assert!((as_max.value + as_min.value - 1.0).abs() < 1e-12);
        assert!((0.0..=1.0).contains(&as_max.value));
        assert_eq!(as_min.root_kind, NodeKind::Min);
    }
    // More points never hurt the mover.
    let truth = oracle(12, 6);
    for (less, more) in truth.iter().zip(&truth[1..]) {
        for (a, b) in less.iter().zip(more) {
            assert!(b[0] >= a[0] - 1e-12);
        }
    }
}

#[test]
fn goal_100_is_the_papers_53_06_percent() {
    let game = PigGame::new(DEFAULT_GOAL, DEFAULT_SIDES).unwrap();
    let answer = solve_pig(&game, PigPosition::default(), &Options::default()).unwrap();
    assert!(
        (answer.win_probability - 0.5306).abs() < 5e-5,
        "{}",
        answer.win_probability
    );
    assert_eq!(answer.best_move, ROLL);
    assert!(answer.hold.is_none());
    let s = &answer.solution;
    assert!(s.residual <= 1e-12 && s.iterations > 0);
    assert!(s.states > 900_000 && s.states <= game.state_hint() as u64);
    // A tighter tolerance moves the answer by less than 1e-12.
    let tight = Options {
        tolerance: 1e-15,
        ..Options::default()
    };
    let exact = solve_pig(&game, PigPosition::default(), &tight).unwrap();
    assert!((exact.win_probability - answer.win_probability).abs() < 1e-12);
    // A published corner of the policy (possiblywrong.wordpress.com on the
    // paper's solution): at 41 to 49 roll until a turn total of 22, but
    // roll once more at 27 (21 and then a 6).
    let at = |turn_total| {
        let position = PigPosition {
            score: 41,
            opponent: 49,
            turn_total,
        };
        solve_pig(&game, position, &Options::default())
            .unwrap()
            .best_move
    };
    assert_eq!((at(21), at(22), at(26), at(27)), (ROLL, HOLD, HOLD, ROLL));
}

#[test]
fn bad_games_and_positions_are_refused() {
    assert!(PigGame::new(0, 6).is_err());
    assert!(PigGame::new(MAX_GOAL + 1, 6).is_err());
    assert!(PigGame::new(100, 1).is_err());
    let game = PigGame::new(10, 6).unwrap();
    let beyond = PigPosition {
        score: 10,
        ..PigPosition::default()
    };
    assert!(solve_pig(&game, beyond, &Options::default()).is_err());
    // A turn total that reaches the goal: hold and win.
    let home = PigPosition {
        score: 5,
        opponent: 9,
        turn_total: 5,
    };
    let answer = solve_pig(&game, home, &Options::default()).unwrap();
    assert_eq!((answer.best_move, answer.hold), (HOLD, Some(1.0)));
}

#[test]
fn positions_out_of_range_are_refused_not_cut_to_16_bits() {
    // 65546 is 10 in 16 bits: it was answered as a score of 10.
    let game = PigGame::new(20, 6).unwrap();
    for (position, words) in [
        (
            (65546, 0, 0),
            "score is 65546; it must be below the goal 20 (0..=19)",
        ),
        (
            (0, 65556, 0),
            "opponent is 65556; it must be below the goal 20 (0..=19)",
        ),
        ((20, 0, 0), "score is 20"),
        ((u32::MAX, 0, 0), "score is 4294967295"),
        ((0, 0, 65539), "turn_total is 65539; it must be in 0..=1000"),
        ((0, 0, MAX_GOAL + 1), "turn_total is 1001"),
    ] {
        let position = PigPosition {
            score: position.0,
            opponent: position.1,
            turn_total: position.2,
        };
        let err = solve_pig(&game, position, &Options::default()).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::InvalidArgument, "{err}");
        assert!(err.message().contains(words), "{position:?}: {err}");
    }
    // The edges of the range are answered.
    let edge = PigPosition {
        score: 19,
        opponent: 19,
        turn_total: MAX_GOAL,
    };
    assert_eq!(
        solve_pig(&game, edge, &Options::default())
            .unwrap()
            .best_move,
        HOLD
    );
}

#[test]
fn a_billion_state_budget_is_not_reserved_up_front() {
    // Goal 1000 has about a billion states: with no state budget the solve
    // reserved 36 GB for its memo at once and aborted the process. Now the
    // memo grows as states are met, and the 20 ms time budget stops it.
    let game = PigGame::new(MAX_GOAL, 6).unwrap();
    let options = Options {
        max_states: u64::MAX,
        control: crate::budget::Control::after(std::time::Duration::from_millis(20)),
        ..Options::default()
    };
    let err = solve_pig(&game, PigPosition::default(), &options).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::BudgetExceeded, "{err}");
}

/// Pig to 1000 with a 100-faced die: every state has 100 outcomes or more.
/// The control was asked every 16,384 states (1.6 million outcomes: 120 ms
/// here, 406 ms on the machine, for a 1 ms budget).
fn hundred_faces() -> PigGame {
    PigGame::new(MAX_GOAL, 100).unwrap()
}

/// The states a stopped solve reports in its message.
fn states_when_stopped(err: &crate::Error) -> u64 {
    let words = err.message().split(" after ").nth(1).unwrap_or_default();
    let number = words.split(' ').next().unwrap_or_default();
    number.parse().unwrap_or_else(|_| panic!("{err}"))
}

#[test]
fn a_deadline_is_seen_after_bounded_work() {
    // Work, not time, is asserted: the solve stops at the first look at
    // the control after a deadline already passed, at most CHECK_EVERY
    // units of work (a state and each outcome is one) from the start:
    // fewer than 100 states of 100 outcomes.
    use crate::budget::Control;
    use std::time::{Duration, Instant};
    let late = Options {
        control: Control::after(Duration::ZERO),
        ..Options::default()
    };
    let err = solve_pig(&hundred_faces(), PigPosition::default(), &late).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::BudgetExceeded, "{err}");
    assert!(states_when_stopped(&err) < 100, "{err}");
    // A 1 ms budget: measured 5 ms (120 ms before); 2 s is only there to
    // catch a return to unbounded work on any machine.
    let started = Instant::now();
    let short = Options {
        control: Control::after(Duration::from_millis(1)),
        ..Options::default()
    };
    let err = solve_pig(&hundred_faces(), PigPosition::default(), &short).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::BudgetExceeded, "{err}");
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn progress_and_cancel_come_after_bounded_work() {
    // Every look at the control reports progress first; the hook cancels
    // at its 50th report, and the solve stops there, not later. The states
    // between two reports are bounded by the work (about 81 states of 101
    // outcomes), not by a clock.
    use crate::budget::{Control, Progress};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    let done = Arc::new(Mutex::new(Vec::new()));
    let cancel = Arc::new(AtomicBool::new(false));
    let (sink, flag) = (Arc::clone(&done), Arc::clone(&cancel));
    let control = Control::NONE
        .or_cancelled(Arc::clone(&cancel))
        .with_progress(Arc::new(move |p: &Progress| {
            let mut done = sink.lock().unwrap();
            done.push(p.done);
            if done.len() == 50 {
                flag.store(true, Ordering::Relaxed);
            }
        }));
    let options = Options {
        control,
        ..Options::default()
    };
    let err = solve_pig(&hundred_faces(), PigPosition::default(), &options).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::BudgetExceeded, "{err}");
    let done = done.lock().unwrap();
    assert_eq!(done.len(), 50, "no report after the cancel");
    assert_eq!(states_when_stopped(&err), done[49], "{err}");
    let mut last = 0;
    for &d in done.iter() {
        assert!(d >= last && d - last < 100, "{done:?}");
        last = d;
    }
}

#[test]
fn a_goal_or_die_of_zero_is_the_default() {
    let g = PigGame::or_default(0, 0).unwrap();
    assert_eq!((g.goal(), g.sides()), (DEFAULT_GOAL, DEFAULT_SIDES));
    let g = PigGame::or_default(20, 4).unwrap();
    assert_eq!((g.goal(), g.sides()), (20, 4));
    assert!(PigGame::or_default(5000, 0).is_err());
    assert!(PigGame::or_default(0, 1).is_err());
}

#[test]
fn the_layered_numbering_is_one_to_one_and_gives_the_games_children() {
    use crate::expectimax::{DenseChild, DenseGame};
    for (goal, sides) in [(1, 2), (5, 3), (9, 6)] {
        let game = PigGame::new(goal, sides).unwrap();
        let layered = layered::LayeredPig::new(&game, u64::MAX).unwrap();
        let mut cursor = layered::PigCursor::default();
        let mut start = 0;
        while start < layered.size() {
            let end = layered.block_end(start);
            for index in start..end {
                let mut kids = Vec::new();
                let kind = layered.expand_index(index, &mut cursor, &mut kids).unwrap();
                let Some(state) = layered::state_at(&layered, index) else {
                    assert!(matches!(kind, NodeKind::Terminal(_)));
                    continue;
                };
                assert_eq!(layered.index_of_state(state), index, "{state:?}");
                // The same children as the game gives, by state.
                let mut want = Vec::new();
                assert_eq!(game.expand(&state, &mut want).unwrap(), kind);
                assert_eq!(kids.len(), want.len());
                for (k, w) in kids.iter().zip(&want) {
                    let DenseChild {
                        move_id,
                        probability,
                        next,
                        ..
                    } = *k;
                    assert_eq!((move_id, probability), (w.move_id, w.probability));
                    assert!(next < end, "{index}: child {next} past {end}");
                    match layered::state_at(&layered, next) {
                        Some(s) => assert_eq!(s, w.next),
                        None => {
                            assert!(w.next.0 & OVER != 0 && (next == 0) == w.next.max_to_move())
                        }
                    }
                }
            }
            start = end;
        }
    }
}

#[test]
fn the_layered_solve_gives_the_general_solvers_values() {
    // Every position of small goals: solve_pig (layered) against the
    // general solver on the same game (Tarjan's components), and a root
    // whose turn total reaches the goal (the general solver only).
    let tight = Options {
        tolerance: 1e-15,
        ..Options::default()
    };
    for (goal, sides) in [(8, 2), (12, 6), (15, 4)] {
        let game = PigGame::new(goal, sides).unwrap();
        for score in 0..goal {
            for opponent in 0..goal {
                for turn_total in 0..=goal - score {
                    let position = PigPosition {
                        score,
                        opponent,
                        turn_total,
                    };
                    let layered = solve_pig(&game, position, &Options::default()).unwrap();
                    // The general solver swept to 1e-15: the values both
                    // solvers approach (each stops within its tolerance).
                    let general = solve(&game.at(position).unwrap(), &tight).unwrap();
                    let gap = (layered.win_probability - general.value).abs();
                    assert!(gap < 1e-12, "{goal} {sides} {position:?}: {gap:e}");
                    for (a, b) in layered.solution.moves.iter().zip(&general.moves) {
                        assert_eq!(a.move_id, b.move_id);
                        assert!((a.value - b.value).abs() < 1e-12);
                    }
                }
            }
        }
    }
    // A budget below the table: the general solver, the same answer.
    let game = PigGame::new(20, 6).unwrap();
    let small = Options {
        max_states: 8_401,
        ..Options::default()
    };
    let a = solve_pig(&game, PigPosition::default(), &small).unwrap();
    let b = solve_pig(&game, PigPosition::default(), &Options::default()).unwrap();
    assert!((a.win_probability - b.win_probability).abs() < 1e-12);
    assert!(a.solution.states < b.solution.states);
}
