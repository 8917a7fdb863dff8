//! Instruction counts (gungraun, formerly iai-callgrind) of the combination
//! iterator and card parsing: stable on a noisy machine. Run with
//! `cargo bench --bench combin_instructions` (needs gungraun-runner 0.20.0).

mod fixtures;

use gungraun::{library_benchmark, library_benchmark_group, main};
use oddsmith::cards::parse_cards;
use oddsmith::combin::Subsets;
use std::hint::black_box;

#[library_benchmark]
fn all_5_of_48_masks() -> u64 {
    let deck = fixtures::deck48();
    let mut acc = 0u64;
    Subsets::of_set(black_box(deck), 5)
        .expect("valid")
        .for_each_mask(|m| acc = acc.wrapping_add(m));
    acc
}

#[library_benchmark]
fn parse_seven_cards() -> usize {
    parse_cards(black_box("AhKs Qd Jc Tc 9h 2s"))
        .expect("valid")
        .len()
}

library_benchmark_group!(name = combin; benchmarks = all_5_of_48_masks, parse_seven_cards);
main!(library_benchmark_groups = combin);
