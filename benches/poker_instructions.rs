//! Instruction counts (gungraun) of the evaluator: 4,096 random 7-card
//! hands ranked one by one and in a batch, exact equities (a flop and a
//! preflop heads-up, ranges against random hands), and PLO4 heads-up
//! exact on a flop and preflop.

mod fixtures;

use gungraun::{library_benchmark, library_benchmark_group, main};
use oddsmith::poker::batch::rank_batch;
use oddsmith::poker::equity::{EquityRequest, Mode, equity};
use oddsmith::poker::variants::{Variant, VariantRequest, parse_hands, variant_equity};
use oddsmith::poker::{HandKey, Range};
use std::hint::black_box;

fn keys() -> Vec<HandKey> {
    let keys = fixtures::random_seven_card_keys(4096);
    // Build the tables (the evaluator's, the preflop matchup table's)
    // outside the measured part.
    oddsmith::poker::warm_up();
    let _ = keys[0].rank();
    keys
}

#[library_benchmark(setup = keys)]
fn rank_4096_one_by_one(keys: Vec<HandKey>) -> u64 {
    black_box(&keys).iter().map(|k| k.rank().0 as u64).sum()
}

#[library_benchmark(setup = keys)]
fn rank_4096_batch(keys: Vec<HandKey>) -> u16 {
    let mut out = vec![0u16; keys.len()];
    rank_batch(black_box(&keys), &mut out);
    out[4095]
}

fn flop_request() -> EquityRequest {
    let _ = keys(); // the tables are built here, outside the measurement
    let players = vec![
        Range::parse("AhKh").expect("valid"),
        Range::parse("QsQd").expect("valid"),
    ];
    let mut r = EquityRequest::new(players);
    r.board = oddsmith::CardSet::parse("Ks7c2d").expect("valid");
    r.mode = Mode::Exact;
    r.threads = 1;
    r
}

// 990 turn-and-river deals, two players, on the calling thread.
#[library_benchmark(setup = flop_request)]
fn flop_equity_heads_up(r: EquityRequest) -> f64 {
    equity(black_box(&r)).expect("solves").players[0].equity
}

fn preflop_request() -> EquityRequest {
    let mut r = flop_request();
    r.board = oddsmith::CardSet::EMPTY;
    r
}

// Read from the preflop matchup table (decoded in the setup).
#[library_benchmark(setup = preflop_request)]
fn preflop_equity_heads_up(r: EquityRequest) -> f64 {
    equity(black_box(&r)).expect("solves").players[0].equity
}

fn wide_vs_random(board: &str) -> EquityRequest {
    let _ = keys(); // the tables are built here, outside the measurement
    let players = vec![
        Range::parse("22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+").expect("valid"),
        Range::parse("random").expect("valid"),
    ];
    let mut r = EquityRequest::new(players);
    r.board = oddsmith::CardSet::parse(board).expect("valid");
    r.mode = Mode::Exact;
    r.threads = 1;
    r
}

fn wide_vs_random_river() -> EquityRequest {
    wide_vs_random("Ks7c2d5h9s")
}

fn wide_vs_random_turn() -> EquityRequest {
    wide_vs_random("Ks7c2d5h")
}

// A wide range against any two cards: one showdown sweep on the river,
// 46 on the turn.
#[library_benchmark(setup = wide_vs_random_river)]
fn range_vs_random_river(r: EquityRequest) -> f64 {
    equity(black_box(&r)).expect("solves").players[0].equity
}

#[library_benchmark(setup = wide_vs_random_turn)]
fn range_vs_random_turn(r: EquityRequest) -> f64 {
    equity(black_box(&r)).expect("solves").players[0].equity
}

fn plo4_heads_up(board: &str) -> VariantRequest {
    let game = Variant::OmahaHigh(4);
    let hands = parse_hands(game, &["AsAhKsKh", "JdTd9c8c"]).expect("valid");
    let mut r = VariantRequest::new(game, hands);
    r.board = oddsmith::CardSet::parse(board).expect("valid");
    r.mode = Mode::Exact;
    r.threads = 1;
    r
}

fn plo4_flop() -> VariantRequest {
    plo4_heads_up("Kd7h2s")
}

fn plo4_preflop() -> VariantRequest {
    plo4_heads_up("")
}

// 903 turn-and-river deals by rank pattern.
#[library_benchmark(setup = plo4_flop)]
fn plo4_flop_heads_up(r: VariantRequest) -> f64 {
    variant_equity(black_box(&r)).expect("solves").players[0].equity
}

// 1,086,008 boards by rank pattern.
#[library_benchmark(setup = plo4_preflop)]
fn plo4_preflop_heads_up(r: VariantRequest) -> f64 {
    variant_equity(black_box(&r)).expect("solves").players[0].equity
}

library_benchmark_group!(
    name = poker_group;
    benchmarks = rank_4096_one_by_one, rank_4096_batch, flop_equity_heads_up, preflop_equity_heads_up,
        range_vs_random_river, range_vs_random_turn, plo4_flop_heads_up, plo4_preflop_heads_up
);
main!(library_benchmark_groups = poker_group);
