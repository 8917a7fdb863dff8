//! Expectimax, one thread, on the coin game 10 10 10 10 10 10: the whole
//! 11^6 table (1,771,561 states) through the dense path (target <= 10 ms);
//! the generic hashed path (<= 150 ms) and the C callback path (<= 400 ms),
//! each with states that differ only by the order of the boxes merged
//! (302,621 states, as `Method::Hashed` solves it) and over all 1,771,561.

mod fixtures;

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::expectimax::coins::{CoinGame, Method, solve_coins};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let game = CoinGame::atcoder([10; 6]).expect("valid");
    let mut group = c.benchmark_group("expectimax coins 11^6");
    group.sample_size(10);
    group.bench_function("dense", |b| {
        b.iter(|| solve_coins(black_box(&game), Method::Dense).expect("solves"))
    });
    group.bench_function("hashed, boxes merged", |b| {
        b.iter(|| solve_coins(black_box(&game), Method::Hashed).expect("solves"))
    });
    group.bench_function("hashed, all states", |b| {
        b.iter(|| solve_coins(black_box(&game), Method::HashedAllStates).expect("solves"))
    });
    group.bench_function("C callbacks, boxes merged", |b| {
        b.iter(|| fixtures::coins_through_callbacks(black_box([10; 6]), true))
    });
    group.bench_function("C callbacks, all states", |b| {
        b.iter(|| fixtures::coins_through_callbacks(black_box([10; 6]), false))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
