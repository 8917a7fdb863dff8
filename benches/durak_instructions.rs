//! Instruction counts (gungraun) of Durak: 1,000 random 2-player games
//! (deal + playout) and 1,000 ISMCTS iterations from an opening.

mod fixtures;

use gungraun::{library_benchmark, library_benchmark_group, main};
use oddsmith::durak::bots::random_playout;
use oddsmith::durak::{Config, Game, Observation, best_move};
use oddsmith::mcts::Budget;
use oddsmith::rng::Rng;
use std::hint::black_box;

#[library_benchmark]
fn random_games_1000() -> u32 {
    let mut rng = Rng::new(1);
    let mut losses = 0;
    for _ in 0..1_000 {
        let mut g = Game::new(Config::default(), &mut rng).expect("valid");
        random_playout(&mut g, &mut rng);
        losses += u32::from(matches!(
            g.outcome(),
            Some(oddsmith::durak::Outcome::Loser(0))
        ));
    }
    black_box(losses)
}

#[library_benchmark(setup = fixtures::durak_opening)]
fn ismcts_1000_iterations(view: Observation) -> u64 {
    let budget = Budget {
        iterations: 1_000,
        ..Budget::default()
    };
    best_move(black_box(&view), &budget, 1)
        .expect("searches")
        .nodes
}

library_benchmark_group!(
    name = durak_group;
    benchmarks = random_games_1000, ismcts_1000_iterations
);
main!(library_benchmark_groups = durak_group);
