//! The heads-up equilibrium against HoldemResources' published push/fold
//! Nash charts at every depth they cover, not only at 10 bb (tests.rs).
//!
//! Source: HoldemResources, "HeadsUp Push/Fold Nash Equilibrium" (no
//! ante), read as explained at
//! http://www.holdemresources.net/h/poker-theory/hune/usage.html: each
//! cell is the largest effective stack in big blinds, before the blinds,
//! at which the hand is pushed (or called); "20+" means at every stack up
//! to 20 bb; 63s, 53s and 43s have gaps given separately. The cells are
//! as reproduced at https://diateforno1987.netlify.app/nash-chart-poker
//! (the caller's chart there is complete for the rows A to 8 only).

use super::*;

/// "20+": played at every depth the chart covers.
const ALWAYS: f64 = 99.0;
/// A cell whose strategy has gaps (the chart's asterisks): not compared.
const GAP: f64 = f64::NAN;

/// The pusher's chart, row by row as our 13x13 grid (aces first, suited
/// above the diagonal, offsuit below).
#[rustfmt::skip]
const PUSHER: [[f64; 13]; 13] = {
    const A: f64 = ALWAYS;
    const G: f64 = GAP;
    [
        [A, A, A, A, A, A, A, A, A, A, A, A, A],
        [A, A, A, A, A, A, A, A, A, A, A, 19.9, 19.3],
        [A, A, A, A, A, A, A, A, A, A, 16.3, 13.5, 12.7],
        [A, A, A, A, A, A, A, A, 18.6, 14.7, 13.5, 10.6, 8.5],
        [A, A, A, A, A, A, A, A, A, 11.9, 10.5, 7.7, 6.5],
        [A, A, A, A, A, A, A, A, A, 14.4, 6.9, 4.9, 3.7],
        [A, 18.0, 13.0, 13.3, 17.5, A, A, A, A, 18.8, 10.1, 2.7, 2.5],
        [A, 16.1, 10.3, 8.5, 9.0, 10.8, 14.7, A, A, A, 13.9, 2.5, 2.1],
        [A, 15.1, 9.6, 6.5, 5.7, 5.2, 7.0, 10.7, A, A, 16.3, G, 2.0],
        [A, 14.2, 8.9, 6.0, 4.1, 3.5, 3.0, 2.6, 2.4, A, A, G, 2.0],
        [A, 13.1, 7.9, 5.4, 3.8, 2.7, 2.3, 2.1, 2.0, 2.1, A, G, 1.8],
        [A, 12.2, 7.5, 5.0, 3.4, 2.5, 1.9, 1.8, 1.7, 1.8, 1.6, A, 1.7],
        [A, 11.6, 7.0, 4.6, 2.9, 2.2, 1.8, 1.6, 1.5, 1.5, 1.4, 1.4, A],
    ]
};

/// The caller's chart, rows A to 8 (the part the source shows whole).
#[rustfmt::skip]
const CALLER: [[f64; 13]; 7] = {
    const A: f64 = ALWAYS;
    [
        [A, A, A, A, A, A, A, A, A, A, A, A, A],
        [A, A, A, A, A, A, 17.6, 15.2, 14.3, 13.2, 12.1, 11.4, 10.7],
        [A, A, A, A, A, 16.1, 13.0, 10.5, 9.9, 8.9, 8.4, 7.8, 7.2],
        [A, A, 19.5, A, 18.0, 13.4, 10.6, 8.8, 7.0, 6.9, 6.1, 5.8, 5.6],
        [A, A, 15.3, 12.7, A, 11.5, 9.3, 7.4, 6.3, 5.2, 5.2, 4.8, 4.5],
        [A, 17.1, 11.7, 9.5, 8.4, A, 8.2, 7.0, 5.8, 5.0, 4.3, 4.1, 3.9],
        [A, 13.8, 9.7, 7.6, 6.6, 6.0, A, 6.5, 5.6, 4.8, 4.1, 3.6, 3.5],
    ]
};

/// Cells the chart's 0.1 bb rounding (and the mixes near a threshold)
/// could decide differently: within this of the depth, not compared.
const MARGIN: f64 = 0.3;

/// The cells of `chart` whose main action disagrees with `played` at
/// `stack`: played (more often than not) exactly when the depth is below
/// the cell's threshold. The chart shows every cell pure; the exact
/// equilibrium mixes a few near their thresholds (Q4s pushed 84% of the
/// time at 15 bb, chart 16.3).
fn disagreements(chart: &[[f64; 13]], played: &[ClassShare], stack: f64) -> Vec<String> {
    let mut wrong = Vec::new();
    for (row, cells) in chart.iter().enumerate() {
        for (col, &threshold) in cells.iter().enumerate() {
            if threshold.is_nan() || (threshold - stack).abs() < MARGIN {
                continue;
            }
            let cell = &played[row * 13 + col];
            if (cell.share > 0.5) != (stack < threshold) {
                wrong.push(format!("{} {} (chart {threshold})", cell.name, cell.share));
            }
        }
    }
    wrong
}

/// Where the exact equilibrium leaves the published chart: a cell the
/// chart simplifies (its source: "most hands are actually played with
/// mixed strategies for at least a few stack sizes, and many hands have
/// multiple smaller gaps"), as 63s's gap inside 7.1..5.1 bb (tests.rs).
const UNMARKED_GAPS: [&str; 1] = ["pusher at 9 bb: 84s 0 (chart 10.1)"];

#[test]
fn every_depth_agrees_with_the_published_charts() {
    let depths = [1.5, 2.5, 3.0, 4.0, 5.5, 7.5, 9.0, 12.0, 15.0, 18.0];
    let solutions = solve_stacks(&HeadsUp::default(), &depths).unwrap();
    let mut wrong = Vec::new();
    let mut compared = 0;
    for (s, &stack) in solutions.iter().zip(&depths) {
        for (who, chart, played) in [
            ("pusher", &PUSHER[..], s.push_chart()),
            ("caller", &CALLER[..], s.call_chart()),
        ] {
            for cell in disagreements(chart, &played, stack) {
                wrong.push(format!("{who} at {stack} bb: {cell}"));
            }
            compared += chart
                .iter()
                .flatten()
                .filter(|t| (*t - stack).abs() >= MARGIN)
                .count();
        }
    }
    assert_eq!(wrong, UNMARKED_GAPS);
    // Most cells are compared at every depth (none is skipped silently).
    assert!(compared > 2400, "{compared} cells compared");
}
