//! Instruction counts (gungraun) of the expectimax paths on the coin game
//! from 3 3 3 3 3 3 (4,096 states; 816 with the boxes' orders merged): the
//! per-state cost of each path, and so the overhead of the C callback path
//! over the Rust hashed path on the same states.

mod fixtures;

use gungraun::{library_benchmark, library_benchmark_group, main};
use oddsmith::expectimax::coins::{CoinGame, Method, solve_coins};
use std::hint::black_box;

#[library_benchmark]
fn dense_4096_states() -> f64 {
    let game = CoinGame::atcoder([3; 6]).expect("valid");
    solve_coins(black_box(&game), Method::Dense)
        .expect("solves")
        .value
}

#[library_benchmark]
fn hashed_4096_states() -> f64 {
    let game = CoinGame::atcoder([3; 6]).expect("valid");
    solve_coins(black_box(&game), Method::HashedAllStates)
        .expect("solves")
        .value
}

#[library_benchmark]
fn hashed_merged_816_states() -> f64 {
    let game = CoinGame::atcoder([3; 6]).expect("valid");
    solve_coins(black_box(&game), Method::Hashed)
        .expect("solves")
        .value
}

#[library_benchmark]
fn callbacks_4096_states() -> f64 {
    fixtures::coins_through_callbacks(black_box([3; 6]), false).value
}

#[library_benchmark]
fn callbacks_merged_816_states() -> f64 {
    fixtures::coins_through_callbacks(black_box([3; 6]), true).value
}

library_benchmark_group!(
    name = expectimax_group;
    benchmarks = dense_4096_states, hashed_4096_states, hashed_merged_816_states,
        callbacks_4096_states, callbacks_merged_816_states
);
main!(library_benchmark_groups = expectimax_group);
