//! Expectimax, one thread, on the coin game 10 10 10 10 10 10: the whole
//! 11^6 table (1,771,561 states) through the dense path (target <= 10 ms);
//! the generic hashed path (<= 150 ms) and the C callback path (<= 400 ms),
//! each with states that differ only by the order of the boxes merged
//! (302,621 states, as `Method::Hashed` solves it) and over all 1,771,561;
//! the generic dense trait against the dense C entry (within 2x). Pig to
//! 100 (a game with cycles) through the layered solve (`solve_pig`: one
//! block per score pair, 1,009,902 states numbered; <= 60 ms), the general
//! solver finding the components itself (`solve`, Tarjan: 960,896 states
//! met) and C callbacks (<= 1 s).

mod fixtures;

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::expectimax::coins::{CoinGame, Method, solve_coins};
use oddsmith::expectimax::pig::{PigGame, PigPosition, solve_pig};
use oddsmith::expectimax::{Options, solve, solve_dense};
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
    group.bench_function("generic dense trait", |b| {
        b.iter(|| solve_dense(black_box(&game), &Options::default()).expect("solves"))
    });
    let rust = solve_dense(&game, &Options::default()).expect("solves").0;
    let from_c = fixtures::coins_through_dense_callbacks([10; 6]);
    assert!((rust.value - from_c.value).abs() < 1e-9 && rust.states == from_c.states);
    group.bench_function("dense C callbacks", |b| {
        b.iter(|| fixtures::coins_through_dense_callbacks(black_box([10; 6])))
    });
    group.finish();

    let pig = PigGame::new(100, 6).expect("valid");
    let mut group = c.benchmark_group("expectimax pig to 100");
    group.sample_size(10);
    group.bench_function("layered solve", |b| {
        b.iter(|| {
            solve_pig(black_box(&pig), PigPosition::default(), &Options::default()).expect("solves")
        })
    });
    group.bench_function("general solver, Tarjan components", |b| {
        b.iter(|| solve(black_box(&pig), &Options::default()).expect("solves"))
    });
    let rust = solve_pig(&pig, PigPosition::default(), &Options::default()).expect("solves");
    let general = solve(&pig, &Options::default()).expect("solves");
    assert!((rust.win_probability - general.value).abs() < 1e-12);
    let c_answer = fixtures::pig_through_callbacks(100);
    assert!((rust.win_probability - c_answer.value).abs() < 1e-12);
    group.bench_function("C callbacks", |b| {
        b.iter(|| fixtures::pig_through_callbacks(black_box(100)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
