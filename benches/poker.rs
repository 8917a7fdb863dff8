//! Poker, criterion: the evaluator's throughput (every 7-card hand by
//! enumeration, random hands one by one and in AVX2 batches) and equity
//! (exact heads-up and three-way preflop, ranges on one and two cores,
//! range against random hands on the flop, turn and river, three-way on
//! the flop, Monte Carlo six-way), and the variants: Omaha and short deck
//! (the targets in docs/src/poker-variants.md).

mod fixtures;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oddsmith::poker::Range;
use oddsmith::poker::batch::rank_batch;
use oddsmith::poker::equity::{EquityRequest, Mode, equity};
use oddsmith::poker::variants::{Variant, VariantRequest, parse_hands, variant_equity};
use std::hint::black_box;

fn evaluator(c: &mut Criterion) {
    let mut group = c.benchmark_group("eval7");
    group.sample_size(10);
    group.throughput(Throughput::Elements(133_784_560));
    group.bench_function("enumerate all 133,784,560", |b| {
        b.iter(fixtures::enumerate_all_seven_card_hands)
    });
    let keys = fixtures::random_seven_card_keys(1 << 20);
    group.throughput(Throughput::Elements(keys.len() as u64));
    group.bench_function("random, one by one", |b| {
        b.iter(|| keys.iter().map(|k| k.rank().0 as u64).sum::<u64>())
    });
    let mut out = vec![0u16; keys.len()];
    group.bench_function("random, batch", |b| {
        b.iter(|| {
            rank_batch(black_box(&keys), &mut out);
            out[out.len() - 1]
        })
    });
    group.finish();
}

fn request(players: &[&str], mode: Mode, threads: usize) -> EquityRequest {
    let mut r = EquityRequest::new(
        players
            .iter()
            .map(|p| Range::parse(p).expect("valid"))
            .collect(),
    );
    r.mode = mode;
    r.threads = threads;
    r.target_stderr = 1e-3;
    r.time_budget = std::time::Duration::from_secs(60);
    r
}

/// The cases measured beside OMPEval: a wide opening range against any two
/// cards, and a three-way hand.
const WIDE_VS_RANDOM: &[&str] = &["22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "random"];
const THREE_WAY: &[&str] = &["AA,KK,AKs", "QQ-TT,AQs", "random"];

fn on(players: &[&str], board: &str, threads: usize) -> EquityRequest {
    let mut r = request(players, Mode::Exact, threads);
    r.board = oddsmith::CardSet::parse(board).expect("valid");
    r
}

fn equities(c: &mut Criterion) {
    let mut group = c.benchmark_group("equity");
    group.sample_size(10);
    let cases = [
        (
            "AhKh vs QsQd exact, 1 thread",
            request(&["AhKh", "QsQd"], Mode::Exact, 1),
        ),
        (
            "AcAd vs KcKd vs QcQd exact, 1 thread",
            request(&["AcAd", "KcKd", "QcQd"], Mode::Exact, 1),
        ),
        (
            "6 random hands MC 0.1%, 1 thread",
            request(&["random"; 6], Mode::MonteCarlo, 1),
        ),
        (
            "QQ+,AKs vs JJ-88,AQs preflop exact, 1 thread",
            request(&["QQ+,AKs", "JJ-88,AQs"], Mode::Exact, 1),
        ),
        (
            "QQ+,AKs vs JJ-88,AQs preflop exact, 2 threads",
            request(&["QQ+,AKs", "JJ-88,AQs"], Mode::Exact, 2),
        ),
        ("QQ+,AKs vs JJ-88,AQs on Ks7c2d exact, 1 thread", {
            let mut r = request(&["QQ+,AKs", "JJ-88,AQs"], Mode::Exact, 1);
            r.board = oddsmith::CardSet::parse("Ks7c2d").expect("valid");
            r
        }),
        ("QQ+,AKs vs JJ-88,AQs on Ks7c2d exact, 2 threads", {
            let mut r = request(&["QQ+,AKs", "JJ-88,AQs"], Mode::Exact, 2);
            r.board = oddsmith::CardSet::parse("Ks7c2d").expect("valid");
            r
        }),
        // Measured beside OMPEval (both figures in docs/src/performance.md).
        (
            "wide vs random preflop exact, 1 thread",
            on(WIDE_VS_RANDOM, "", 1),
        ),
        (
            "wide vs random on Ks7c2d exact, 1 thread",
            on(WIDE_VS_RANDOM, "Ks7c2d", 1),
        ),
        (
            "wide vs random on Ks7c2d exact, 2 threads",
            on(WIDE_VS_RANDOM, "Ks7c2d", 2),
        ),
        (
            "wide vs random on Ks7c2d5h exact, 1 thread",
            on(WIDE_VS_RANDOM, "Ks7c2d5h", 1),
        ),
        (
            "wide vs random on Ks7c2d5h exact, 2 threads",
            on(WIDE_VS_RANDOM, "Ks7c2d5h", 2),
        ),
        (
            "wide vs random on Ks7c2d5h9s exact, 1 thread",
            on(WIDE_VS_RANDOM, "Ks7c2d5h9s", 1),
        ),
        (
            "AA,KK,AKs vs QQ-TT,AQs vs random on Ks7c2d exact, 1 thread",
            on(THREE_WAY, "Ks7c2d", 1),
        ),
        (
            "AA,KK,AKs vs QQ-TT,AQs vs random on Ks7c2d exact, 2 threads",
            on(THREE_WAY, "Ks7c2d", 2),
        ),
    ];
    for (name, req) in cases {
        group.bench_function(name, |b| {
            b.iter(|| equity(black_box(&req)).expect("solves"))
        });
    }
    group.finish();
}

/// A variant request of given hands (or `random`) on one thread.
fn variant(game: &str, players: &[&str], board: &str, mode: Mode) -> VariantRequest {
    let game = Variant::parse(game).expect("a game");
    let mut r = VariantRequest::new(game, parse_hands(game, players).expect("valid"));
    r.board = oddsmith::CardSet::parse(board).expect("valid");
    r.mode = mode;
    r.threads = 1;
    r
}

fn variants(c: &mut Criterion) {
    let mut group = c.benchmark_group("variants");
    group.sample_size(10);
    let (aakk, jt98) = ("AsAhKsKh", "JdTd9c8c");
    let cases = [
        (
            "PLO4 AsAhKsKh vs JdTd9c8c preflop exact, 1 thread",
            variant("plo4", &[aakk, jt98], "", Mode::Exact),
        ),
        (
            "PLO4 AsAhKsKh vs JdTd9c8c on Kd7h2s exact, 1 thread",
            variant("plo4", &[aakk, jt98], "Kd7h2s", Mode::Exact),
        ),
        (
            "PLO6 heads-up preflop exact, 1 thread",
            variant("plo6", &["AsAhKsKh2c3d", "JdTd9c8c4h4s"], "", Mode::Exact),
        ),
        (
            "PLO4 3-way preflop exact, 1 thread",
            variant("plo4", &[aakk, jt98, "7h7c6s5s"], "", Mode::Exact),
        ),
        (
            "PLO8 heads-up preflop exact, 1 thread",
            variant("plo8", &["AsAh2s3h", jt98], "", Mode::Exact),
        ),
        (
            "short deck AhKh vs QsQd preflop exact, 1 thread",
            variant("shortdeck", &["AhKh", "QsQd"], "", Mode::Exact),
        ),
        ("PLO4 6 random hands MC 0.1%, 1 thread", {
            let mut r = variant("plo4", &["random"; 6], "", Mode::MonteCarlo);
            r.target_stderr = 0.001;
            r.time_budget = std::time::Duration::from_secs(60);
            r
        }),
    ];
    for (name, req) in cases {
        group.bench_function(name, |b| {
            b.iter(|| variant_equity(black_box(&req)).expect("solves"))
        });
    }
    group.finish();
}

criterion_group!(benches, evaluator, equities, variants);
criterion_main!(benches);
