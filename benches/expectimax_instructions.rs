//! Instruction counts (gungraun) of the expectimax paths on the coin game
//! from 3 3 3 3 3 3 (4,096 states; 816 with the boxes' orders merged): the
//! per-state cost of each path, and so the overhead of the C callback path
//! over the Rust hashed path on the same states; the generic dense trait
//! against the dense C entry on the same table; and Pig to 30 (a game with
//! cycles, 28,652 states) through the layered solve (`solve_pig`), the
//! general solver's Tarjan components (`solve`) and C callbacks.

mod fixtures;

use gungraun::{library_benchmark, library_benchmark_group, main};
use oddsmith::expectimax::coins::{CoinGame, Method, solve_coins};
use oddsmith::expectimax::pig::{PigGame, PigPosition, solve_pig};
use oddsmith::expectimax::{Options, solve, solve_dense};
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

// The generic dense trait and the dense C entry over the 4,096 states.
#[library_benchmark]
fn dense_trait_4096_states() -> f64 {
    let game = CoinGame::atcoder([3; 6]).expect("valid");
    solve_dense(black_box(&game), &Options::default())
        .expect("solves")
        .0
        .value
}

#[library_benchmark]
fn dense_callbacks_4096_states() -> f64 {
    fixtures::coins_through_dense_callbacks(black_box([3; 6])).value
}

// Pig to 30: value iteration over cycles.
#[library_benchmark]
fn pig_30_rust_trait() -> f64 {
    let game = PigGame::new(30, 6).expect("valid");
    solve_pig(
        black_box(&game),
        PigPosition::default(),
        &Options::default(),
    )
    .expect("solves")
    .win_probability
}

#[library_benchmark]
fn pig_30_general_solver() -> f64 {
    let game = PigGame::new(30, 6).expect("valid");
    solve(black_box(&game), &Options::default())
        .expect("solves")
        .value
}

#[library_benchmark]
fn pig_30_c_callbacks() -> f64 {
    fixtures::pig_through_callbacks(black_box(30)).value
}

library_benchmark_group!(
    name = expectimax_group;
    benchmarks = rust_paths, c_callbacks, dense_trait_4096_states, dense_callbacks_4096_states,
        pig_30_rust_trait, pig_30_general_solver, pig_30_c_callbacks
);
main!(library_benchmark_groups = expectimax_group);
