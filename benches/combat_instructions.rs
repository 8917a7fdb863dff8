//! Instruction counts (gungraun) of Battlegrounds combat: the seed's small
//! case exact, and 1,000 Monte Carlo combats of a 7v7 keyword board on the
//! calling thread.

mod fixtures;

use gungraun::{library_benchmark, library_benchmark_group, main};
use oddsmith::budget::Control;
use oddsmith::hearthstone::combat::{Combat, combat_exact, combat_monte_carlo, parse_board};
use std::hint::black_box;

fn small() -> Combat {
    Combat {
        a: parse_board("4/4,3/3").expect("valid"),
        b: parse_board("3/4,1/1").expect("valid"),
        tiers: [1, 1],
        bonuses: Default::default(),
        heroes: Default::default(),
        hands: Default::default(),
        teammates: Default::default(),
    }
}

#[library_benchmark(setup = small)]
fn seed_small_exact(c: Combat) -> f64 {
    combat_exact(black_box(&c), 1_000_000, &Control::NONE)
        .expect("solves")
        .win
}

#[library_benchmark(setup = fixtures::keyword_seven_versus_seven)]
fn keyword_7v7_monte_carlo_1000(c: Combat) -> f64 {
    combat_monte_carlo(black_box(&c), 1000, 1, 1, &Control::NONE)
        .expect("samples")
        .win
}

library_benchmark_group!(
    name = combat_group;
    benchmarks = seed_small_exact, keyword_7v7_monte_carlo_1000
);
main!(library_benchmark_groups = combat_group);
