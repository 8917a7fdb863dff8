//! Instruction counts (gungraun) of split damage: the seed-sized question,
//! the 7 minions + hero board under 15 hits, and two full boards under 20.

mod fixtures;

use gungraun::{library_benchmark, library_benchmark_group, main};
use oddsmith::hearthstone::split_damage::{Query, Target, split_damage};
use std::hint::black_box;

#[library_benchmark]
fn seed_three_minions_five_hits() -> f64 {
    let targets = [Target::minion(1), Target::minion(2), Target::minion(3)];
    split_damage(black_box(&targets), 5, &Query::default())
        .expect("valid")
        .kill[0]
}

#[library_benchmark]
fn seven_minions_and_hero_fifteen_hits() -> f64 {
    let targets = fixtures::board_and_hero();
    split_damage(black_box(&targets), 15, &Query::default())
        .expect("valid")
        .kill[0]
}

#[library_benchmark]
fn fourteen_targets_twenty_hits() -> f64 {
    let targets = fixtures::two_full_boards();
    split_damage(black_box(&targets), 20, &Query::default())
        .expect("valid")
        .kill[0]
}

library_benchmark_group!(
    name = split_damage_group;
    benchmarks = seed_three_minions_five_hits, seven_minions_and_hero_fifteen_hits, fourteen_targets_twenty_hits
);
main!(library_benchmark_groups = split_damage_group);
