//! Battlegrounds combat, one thread unless named: the seed's 7v7 board exact (target
//! <= 100 ms) and Monte Carlo combats per second on a 7v7 keyword board
//! and a real-card 7v7 board with effects (target >= 1,000,000/s).

mod fixtures;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oddsmith::budget::Control;
use oddsmith::hearthstone::combat::{combat_exact, combat_exact_with_threads, combat_monte_carlo};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("combat");
    group.sample_size(10);
    let seed = fixtures::seed_seven_versus_seven();
    group.bench_function("seed 7v7 exact", |b| {
        b.iter(|| combat_exact(black_box(&seed), 20_000_000, &Control::NONE).expect("solves"))
    });
    let keywords = fixtures::keyword_seven_versus_seven();
    group.bench_function("keyword 7v7 exact", |b| {
        b.iter(|| combat_exact(black_box(&keywords), 20_000_000, &Control::NONE).expect("solves"))
    });
    group.bench_function("keyword 7v7 exact, 2 threads", |b| {
        b.iter(|| {
            combat_exact_with_threads(black_box(&keywords), 20_000_000, 2, &Control::NONE)
                .expect("solves")
        })
    });
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("keyword 7v7 Monte Carlo, 100,000 combats, 1 thread", |b| {
        b.iter(|| {
            combat_monte_carlo(black_box(&keywords), 100_000, 1, 1, &Control::NONE)
                .expect("samples")
        })
    });
    group.bench_function("keyword 7v7 Monte Carlo, 100,000 combats, 2 threads", |b| {
        b.iter(|| {
            combat_monte_carlo(black_box(&keywords), 100_000, 1, 2, &Control::NONE)
                .expect("samples")
        })
    });
    let effects = fixtures::effect_seven_versus_seven();
    group.bench_function(
        "real-card 7v7 with effects Monte Carlo, 100,000 combats, 1 thread",
        |b| {
            b.iter(|| {
                combat_monte_carlo(black_box(&effects), 100_000, 1, 1, &Control::NONE)
                    .expect("samples")
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
