//! Battlegrounds best order, one thread: a 5-minion board's 120 orders
//! solved exactly (target <= 200 ms) and the 7v7 real-card board's 5,040
//! orders raced with Monte Carlo (target <= 1 s).

mod fixtures;

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::hearthstone::combat::{BestOrderOptions, CombatMode, CombatOptions, best_order};
use std::hint::black_box;
use std::time::Duration;

fn options(mode: CombatMode, samples: u64) -> BestOrderOptions {
    BestOrderOptions {
        combat: CombatOptions {
            mode,
            samples,
            threads: 1,
            // No deadline: the work measured is the same every run.
            time_budget: Some(Duration::from_secs(600)),
            ..CombatOptions::default()
        },
        ..BestOrderOptions::default()
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("best order");
    group.sample_size(10);
    let five = fixtures::five_versus_five();
    let exact = options(CombatMode::Exact, 1);
    group.bench_function("5-minion board, 120 orders exact", |b| {
        b.iter(|| best_order(black_box(&five), &exact).expect("solves"))
    });
    let seven = fixtures::effect_seven_versus_seven();
    let raced = options(CombatMode::MonteCarlo, 1_000_000);
    group.bench_function(
        "real-card 7v7, 5,040 orders raced, 1,000,000 combats",
        |b| b.iter(|| best_order(black_box(&seven), &raced).expect("races")),
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
