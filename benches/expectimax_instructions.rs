//! Instruction counts (gungraun) of the expectimax paths on the coin game
//! from 3 3 3 3 3 3 (4,096 states; 816 with the boxes' orders merged): the
//! per-state cost of each path, and so the overhead of the C callback path
//! over the Rust hashed path on the same states.

mod fixtures;

use gungraun::{library_benchmark, library_benchmark_group, main};
use oddsmith::expectimax::coins::{CoinGame, Method, solve_coins};
use std::hint::black_box;

// The Rust paths: dense and hashed over all 4,096 states, hashed with
// the boxes' orders merged (816 states).
#[library_benchmark]
#[bench::dense_4096_states(Method::Dense)]
#[bench::hashed_4096_states(Method::HashedAllStates)]
#[bench::hashed_merged_816_states(Method::Hashed)]
fn rust_paths(method: Method) -> f64 {
    let game = CoinGame::atcoder([3; 6]).expect("valid");
    solve_coins(black_box(&game), method).expect("solves").value
}

// The C callback path on the same states, the caller's callback included.
#[library_benchmark]
#[bench::callbacks_4096_states(false)]
#[bench::callbacks_merged_816_states(true)]
fn c_callbacks(merge_boxes: bool) -> f64 {
    fixtures::coins_through_callbacks(black_box([3; 6]), merge_boxes).value
}

library_benchmark_group!(
    name = expectimax_group;
    benchmarks = rust_paths, c_callbacks
);
main!(library_benchmark_groups = expectimax_group);
