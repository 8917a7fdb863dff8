//! Heads-up push/fold, criterion: building the full deck's combo matchup
//! table (once per process in use), one equilibrium with its exact
//! best-response check (10 bb and 50 bb, no ante; 10 bb with an ante),
//! and a chart of every stack from 1 to 50 bb (the targets in
//! docs/src/pushfold.md: 50 ms a stack, 1 s the chart); three players at
//! 10 bb with a 50/30/20 payout, sample drawn and solved to 0.01 bb (the
//! target: 10 s).

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::poker::pushfold::{
    HeadsUp, SolveOptions, Table, full_deck_matchups, solve_heads_up, solve_stacks, solve_table,
    warm_up,
};
use std::hint::black_box;

fn pushfold(c: &mut Criterion) {
    let mut group = c.benchmark_group("pushfold");
    group.sample_size(10);
    group.bench_function("matchup table (1326 x 1326)", |b| {
        b.iter(|| full_deck_matchups().expect("builds").len())
    });
    warm_up().expect("the table builds");
    for (name, stack, ante) in [
        ("solve 10 bb", 10.0, 0.0),
        ("solve 10 bb, ante 0.1", 10.0, 0.1),
        ("solve 50 bb", 50.0, 0.0),
    ] {
        let q = HeadsUp {
            stacks: [stack, stack],
            ante,
            ..HeadsUp::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| solve_heads_up(black_box(&q)).expect("solves").value)
        });
    }
    let stacks: Vec<f64> = (1..=50).map(f64::from).collect();
    group.bench_function("chart 1..50 bb", |b| {
        b.iter(|| {
            solve_stacks(&HeadsUp::default(), black_box(&stacks))
                .expect("solves")
                .len()
        })
    });
    let table = Table {
        stacks: vec![10.0; 3],
        payouts: vec![50.0, 30.0, 20.0],
        ..Table::default()
    };
    let options = SolveOptions {
        target: 0.01,
        ..SolveOptions::default()
    };
    group.bench_function("3 players 10 bb, 50/30/20, 1M deals, 0.01 bb", |b| {
        b.iter(|| {
            solve_table(black_box(&table), &options)
                .expect("solves")
                .exploitability()
        })
    });
    group.finish();
}

criterion_group!(benches, pushfold);
criterion_main!(benches);
