use super::*;
use crate::poker::equity::preflop::{BOARDS, combo_slot as slot, wins_and_ties};
use crate::rng::Rng;
use proptest::prelude::*;

/// The bound the issue asks of every answer, in big blinds.
const EXPLOITABLE: f64 = 1e-9;

fn heads_up(stack: f64, ante: f64) -> HeadsUp {
    HeadsUp {
        stacks: [stack, stack],
        ante,
        ..HeadsUp::default()
    }
}

// ---- A brute-force oracle on a reduced deck -------------------------------

/// The game's value by brute force, written from the rules alone: the
/// small blind's best guaranteed result `max_x min_y`, where the big
/// blind's best reply to `x` calls with combo `j` exactly when that costs
/// the pusher. That function of `x` is concave and piecewise linear, so its
/// maximum over the box is at a vertex of the arrangement of the box's
/// faces and the callers' kinks: every combo pushed, folded or free, and as
/// many kinks as free combos pinning the free ones. Every such vertex is
/// tried (Gaussian elimination), so this is only for a handful of combos.
fn brute_force_value(masks: &[u64], equity: &[f64], s: &Stakes) -> f64 {
    let n = masks.len();
    let (sb, bb) = (s.sb_posted(), s.bb_posted());
    let meet = |i: usize, j: usize| masks[i] & masks[j] == 0;
    // What a call with j against a push with i changes for the pusher.
    let called = |i: usize, j: usize| s.stack * (2.0 * equity[i * n + j] - 1.0) - bb;
    let deals: f64 = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .filter(|&(i, j)| meet(i, j))
        .count() as f64;
    let guaranteed = |x: &[f64]| -> f64 {
        let mut v = 0.0;
        for (i, &xi) in x.iter().enumerate() {
            let opponents = (0..n).filter(|&j| meet(i, j)).count() as f64;
            v += opponents * ((1.0 - xi) * -sb + xi * bb);
        }
        for j in 0..n {
            let c: f64 = (0..n)
                .filter(|&i| meet(i, j))
                .map(|i| x[i] * called(i, j))
                .sum();
            v += c.min(0.0);
        }
        v / deals
    };
    let by_size: Vec<Vec<Vec<usize>>> = (0..=n).map(|k| subsets(n, k)).collect();
    let mut best = f64::NEG_INFINITY;
    for pattern in 0..3usize.pow(n as u32) {
        // Digit 0: fold, 1: push, 2: free.
        let state: Vec<usize> = (0..n).map(|i| pattern / 3usize.pow(i as u32) % 3).collect();
        let free: Vec<usize> = (0..n).filter(|&i| state[i] == 2).collect();
        for kinks in &by_size[free.len()] {
            // For each kink j: sum over free i of x_i called(i, j) equals
            // minus the pushed combos' part.
            let m = free.len();
            let mut a = vec![0.0; m * (m + 1)];
            for (r, &j) in kinks.iter().enumerate() {
                for (c, &i) in free.iter().enumerate() {
                    a[r * (m + 1) + c] = if meet(i, j) { called(i, j) } else { 0.0 };
                }
                a[r * (m + 1) + m] = -(0..n)
                    .filter(|&i| state[i] == 1 && meet(i, j))
                    .map(|i| called(i, j))
                    .sum::<f64>();
            }
            let Some(values) = gauss(&mut a, m) else {
                continue;
            };
            if values.iter().any(|&v| !(-1e-12..=1.0 + 1e-12).contains(&v)) {
                continue;
            }
            let mut x: Vec<f64> = state
                .iter()
                .map(|&st| if st == 1 { 1.0 } else { 0.0 })
                .collect();
            for (&i, &v) in free.iter().zip(&values) {
                x[i] = v.clamp(0.0, 1.0);
            }
            best = best.max(guaranteed(&x));
        }
    }
    best
}

/// Every `k`-subset of `0..n`, as sorted lists.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    (0u32..1 << n)
        .filter(|bits| bits.count_ones() as usize == k)
        .map(|bits| (0..n).filter(|&i| bits >> i & 1 == 1).collect())
        .collect()
}

/// Solves the `m x m` system in `a` (each row `m` coefficients and the
/// right side) by elimination with partial pivoting; `None` if singular.
fn gauss(a: &mut [f64], m: usize) -> Option<Vec<f64>> {
    let w = m + 1;
    for col in 0..m {
        let p = (col..m).max_by(|&r, &s| a[r * w + col].abs().total_cmp(&a[s * w + col].abs()))?;
        if a[p * w + col].abs() < 1e-9 {
            return None;
        }
        for c in 0..w {
            a.swap(col * w + c, p * w + c);
        }
        for r in (0..m).filter(|&r| r != col) {
            let f = a[r * w + col] / a[col * w + col];
            for c in col..w {
                a[r * w + c] -= f * a[col * w + c];
            }
        }
    }
    Some((0..m).map(|r| a[r * w + m] / a[r * w + r]).collect())
}

/// A reduced deck: six cards drawn by `seed`, and the combos of them that
/// `keep` picks (bit `i` keeps the `i`-th of the 15), at most eight; each
/// pair's equity from the full preflop table, or made up (any numbers
/// with `e(j, i) = 1 - e(i, j)`) when `made_up`.
fn reduced_deck(seed: u64, keep: u16, made_up: bool) -> (Vec<u64>, Vec<f64>) {
    let mut rng = Rng::new(seed);
    let mut cards: Vec<u64> = Vec::new();
    while cards.len() < 6 {
        let c = 1u64 << rng.below(52);
        if !cards.contains(&c) {
            cards.push(c);
        }
    }
    let mut masks = Vec::new();
    let mut index = 0;
    for a in 0..6 {
        for b in a + 1..6 {
            if keep >> index & 1 == 1 && masks.len() < 8 {
                masks.push(cards[a] | cards[b]);
            }
            index += 1;
        }
    }
    let n = masks.len();
    let mut equity = vec![0.5; n * n];
    for i in 0..n {
        for j in i + 1..n {
            let e = if made_up {
                (rng.below(21) as f64) / 20.0
            } else {
                let (w, t) = wins_and_ties(slot(masks[i]), slot(masks[j])).unwrap_or((0, 0));
                (w as f64 + t as f64 / 2.0) / BOARDS as f64
            };
            equity[i * n + j] = e;
            equity[j * n + i] = 1.0 - e;
        }
    }
    (masks, equity)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On a reduced deck, with each combo its own group, the solver's
    /// value is the brute-force value and its strategies are unexploitable.
    #[test]
    fn the_solver_matches_brute_force_on_a_reduced_deck(
        seed in any::<u64>(),
        keep in 1u16..(1 << 15),
        made_up in any::<bool>(),
        stack in 0.6f64..60.0,
        ante in prop_oneof![Just(0.0), 0.0f64..0.5],
    ) {
        let (masks, equity) = reduced_deck(seed, keep, made_up);
        let groups = (0..masks.len()).collect();
        let Ok(m) = Matchups::new(masks.clone(), equity.clone(), groups) else {
            // No two of the kept combos can meet: nothing to solve.
            return Ok(());
        };
        let s = Stakes { stack, small_blind: 0.5, big_blind: 1.0, ante };
        let e = solve_game(&m, &s).unwrap();
        let brute = brute_force_value(&masks, &equity, &s);
        let scale = 1.0 + stack;
        prop_assert!((e.evaluation.value - brute).abs() <= 1e-9 * scale,
            "solver {} brute force {brute}", e.evaluation.value);
        prop_assert!(e.evaluation.sb_gain <= 1e-9 * scale, "{:?}", e.evaluation);
        prop_assert!(e.evaluation.bb_gain <= 1e-9 * scale, "{:?}", e.evaluation);
    }
}

#[test]
fn the_oracle_solves_a_game_known_by_hand() {
    // Two combos on four cards, each meeting only the other: the pusher's
    // AA-like combo has equity 1, the other 0. With a 10-chip stack the
    // weak combo folds (a call costs it the stack), the strong one pushes
    // and is never called: (-0.5 + 1) / 2 per deal.
    let masks = vec![0b0011, 0b1100];
    let equity = vec![0.5, 1.0, 0.0, 0.5];
    let s = Stakes {
        stack: 10.0,
        small_blind: 0.5,
        big_blind: 1.0,
        ante: 0.0,
    };
    assert!((brute_force_value(&masks, &equity, &s) - 0.25).abs() < 1e-12);
    let m = Matchups::new(masks, equity, vec![0, 1]).unwrap();
    let e = solve_game(&m, &s).unwrap();
    assert!((e.evaluation.value - 0.25).abs() < 1e-12, "{:?}", e);
}

// ---- The full deck ---------------------------------------------------------

/// Every stack, ante and both blinds solved to the bound, and the chart
/// over 1..50 big blinds (warm-started) too.
#[test]
fn equilibria_are_unexploitable_at_every_depth() {
    for (stack, ante) in [
        (1.0, 0.0),
        (1.3, 0.0),
        (2.0, 0.1),
        (3.7, 0.0),
        (6.0, 0.25),
        (10.0, 0.0),
        (10.0, 0.1),
        (15.5, 0.0),
        (25.0, 0.125),
        (42.0, 0.0),
        (75.0, 0.1),
        (100.0, 0.0),
    ] {
        let s = solve_heads_up(&heads_up(stack, ante)).unwrap();
        assert!(
            s.sb_gain <= EXPLOITABLE && s.bb_gain <= EXPLOITABLE,
            "{stack} bb, ante {ante}: gains {:e} {:e}",
            s.sb_gain,
            s.bb_gain
        );
        // The value lies between what either side can force.
        assert!(s.value.abs() <= stack, "{}", s.value);
    }
    let stacks: Vec<f64> = (1..=50).map(f64::from).collect();
    for s in solve_stacks(&HeadsUp::default(), &stacks).unwrap() {
        assert!(
            s.exploitability() <= EXPLOITABLE,
            "{} bb: {:e}",
            s.stack_bb,
            s.exploitability()
        );
    }
}

/// A chart's warm-started solves are the cold solves' answers.
#[test]
fn a_chart_over_stacks_matches_one_solve_a_stack() {
    let stacks = [3.0, 3.5, 8.0, 8.5, 9.0, 30.0];
    let chart = solve_stacks(&HeadsUp::default(), &stacks).unwrap();
    for (s, &stack) in chart.iter().zip(&stacks) {
        let cold = solve_heads_up(&heads_up(stack, 0.0)).unwrap();
        assert!((s.value - cold.value).abs() < 1e-12, "{stack} bb");
        assert_eq!(s.stack_bb, stack);
    }
}

/// Chips scale: blinds of 50 and 100 with a 1000-chip stack are the game
/// of 0.5, 1 and 10, answered in big blinds.
#[test]
fn the_answer_is_in_big_blinds() {
    let small = solve_heads_up(&heads_up(10.0, 0.0)).unwrap();
    let big = solve_heads_up(&HeadsUp {
        stacks: [1000.0, 2500.0],
        small_blind: 50.0,
        big_blind: 100.0,
        ante: 0.0,
    })
    .unwrap();
    assert!((small.value - big.value).abs() < 1e-12);
    assert_eq!(big.stack_bb, 10.0);
    let gap = small
        .combos
        .iter()
        .zip(&big.combos)
        .map(|(a, b)| (a.push - b.push).abs())
        .fold(0.0, f64::max);
    assert!(gap < 1e-9, "{gap}");
}

/// HoldemResources' heads-up push/fold Nash charts ("HeadsUp Push/Fold
/// Nash Equilibrium", holdemresources.net, as explained at
/// http://www.holdemresources.net/h/poker-theory/hune/usage.html: each
/// cell is the largest effective stack, before the blinds, at which the
/// hand is pushed or called; the chart is reproduced at
/// https://diateforno1987.netlify.app/nash-chart-poker). Hands at least
/// 0.3 bb from 10 bb on either side, so the chart's rounding to 0.1 bb
/// cannot matter.
#[test]
fn ten_big_blinds_agree_with_the_published_chart() {
    let s = solve_heads_up(&heads_up(10.0, 0.0)).unwrap();
    let share = |chart: &[ClassShare], name: &str| {
        chart
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.share)
            .unwrap()
    };
    let (push, call) = (s.push_chart(), s.call_chart());
    // Pusher: K2o 11.6, 97o 10.8, 76o 10.7, J3s 10.6, T4s 10.5, Q7o 10.3,
    // 74s 13.9; Q6o 9.6, T7o 9.0, Q5o 8.9, J7o 8.5, J2s 8.5, T3s 7.7,
    // 86o 7.0, 94s 6.9.
    for hand in ["K2o", "97o", "76o", "J3s", "T4s", "Q7o", "74s"] {
        assert_eq!(share(&push, hand), 1.0, "push {hand}");
    }
    for hand in ["Q6o", "T7o", "Q5o", "J7o", "J2s", "T3s", "86o", "94s"] {
        assert_eq!(share(&push, hand), 0.0, "push {hand}");
    }
    // Caller: K2s 10.7, J8s 10.6, Q7s 10.5, Q9o 11.7, JTo 12.7, K7o 12.4;
    // Q5s 8.9, J7s 8.8, T8s 9.3, Q8o 9.7, J9o 9.5, T9o 8.4.
    for hand in ["K2s", "J8s", "Q7s", "Q9o", "JTo", "K7o"] {
        assert_eq!(share(&call, hand), 1.0, "call {hand}");
    }
    for hand in ["Q5s", "J7s", "T8s", "Q8o", "J9o", "T9o"] {
        assert_eq!(share(&call, hand), 0.0, "call {hand}");
    }
}

/// The same source's example of a gap: "63s is included in the pushing
/// strategy for stack sizes between 7.1 and 5.1bb, and stacks below
/// 2.3bb". The chart is on a 0.1 bb grid, and its edges are ours to the
/// tenth: pushed at 7.1, 5.1 and 2.2, folded at 7.2, 5.0 and 2.4 (and at
/// 4). Inside the band the exact equilibrium flickers (63s folds at 6.0,
/// pushing would lose 0.0007 bb): the chart gives the band's edges only.
#[test]
fn a_gap_in_the_pushing_range_agrees_with_the_published_chart() {
    let pushed = |stack: f64| {
        let s = solve_heads_up(&heads_up(stack, 0.0)).unwrap();
        s.push_chart()
            .iter()
            .find(|c| c.name == "63s")
            .map(|c| c.share)
            .unwrap()
    };
    for stack in [1.8, 2.2, 5.1, 7.1] {
        assert_eq!(pushed(stack), 1.0, "{stack} bb");
    }
    for stack in [2.4, 4.0, 5.0, 7.2] {
        assert_eq!(pushed(stack), 0.0, "{stack} bb");
    }
}

#[test]
fn the_combo_matchups_are_the_preflop_tables() {
    let m = deck::full_deck().unwrap();
    assert_eq!((m.len(), m.groups()), (1326, 169));
    let at = |a: &str, b: &str| {
        let (a, b) = (
            CardSet::parse(a).unwrap().mask(),
            CardSet::parse(b).unwrap().mask(),
        );
        m.equity[slot(a) * 1326 + slot(b)]
    };
    // The published AhKh vs QsQd (46.2145% for AhKh) and its complement.
    assert!((at("AhKh", "QsQd") - 0.462145).abs() < 5e-7);
    assert!((at("AhKh", "QsQd") + at("QsQd", "AhKh") - 1.0).abs() < 1e-12);
    // Card removal: AhKh against the two kinds of AsKs-like hands differs.
    assert_ne!(at("AhKh", "AsKs"), at("AhKh", "AsKd"));
    assert_eq!(m.deals, 1326.0 * 1225.0);
}

#[test]
fn bad_stakes_are_refused_naming_the_input() {
    let refused = |q: HeadsUp| solve_heads_up(&q).unwrap_err().message().to_string();
    let m = refused(HeadsUp {
        stacks: [10.0, -1.0],
        ..HeadsUp::default()
    });
    assert!(m.contains("big blind's stack -1"), "{m}");
    let m = refused(HeadsUp {
        stacks: [f64::NAN, 10.0],
        ..HeadsUp::default()
    });
    assert!(m.contains("small blind's stack NaN"), "{m}");
    let m = refused(HeadsUp {
        small_blind: 2.0,
        ..HeadsUp::default()
    });
    assert!(m.contains("blinds 2,1"), "{m}");
    let m = refused(HeadsUp {
        big_blind: 0.0,
        ..HeadsUp::default()
    });
    assert!(m.contains("blinds 0.5,0"), "{m}");
    let m = refused(HeadsUp {
        ante: -0.1,
        ..HeadsUp::default()
    });
    assert!(m.contains("ante -0.1"), "{m}");
    let e = Matchups::new(vec![1, 2], vec![0.5; 3], vec![0, 1]).unwrap_err();
    assert!(e.message().contains("need 4 equities"), "{}", e.message());
}

#[test]
fn charts_print_as_a_grid() {
    let s = solve_heads_up(&heads_up(10.0, 0.0)).unwrap();
    let text = chart_text(&s.push_chart());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 14);
    assert!(lines[0].trim_start().starts_with('A') && lines[0].ends_with('2'));
    // AA is pushed always; 72o (bottom row, column 7) never at 10 bb.
    assert!(lines[1].starts_with("A    100"), "{}", lines[1]);
    assert_eq!(lines[13].split_whitespace().nth(8), Some("."));
}
