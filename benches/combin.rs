//! Wall time of the combination iterator: all C(48,5) = 1,712,304 five-card
//! subsets of a 48-card deck as u64 masks, on one core (target < 5 ms).

mod fixtures;

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::cards::parse_cards;
use oddsmith::combin::{Subsets, binomial};
use std::hint::black_box;

fn subsets_48_choose_5(c: &mut Criterion) {
    let deck = fixtures::deck48();
    let mut group = c.benchmark_group("combin");
    group.bench_function("for_each_mask 48C5", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            Subsets::of_set(black_box(deck), 5)
                .expect("valid")
                .for_each_mask(|m| acc = acc.wrapping_add(m));
            assert!(binomial(48, 5) > 0);
            acc
        })
    });
    group.bench_function("next 48C5", |b| {
        b.iter(|| {
            Subsets::of_set(black_box(deck), 5)
                .expect("valid")
                .fold(0u64, |acc, m| acc.wrapping_add(m))
        })
    });
    group.finish();
}

fn card_parsing(c: &mut Criterion) {
    c.bench_function("parse_cards 7", |b| {
        b.iter(|| parse_cards(black_box("AhKs Qd Jc Tc 9h 2s")))
    });
}

criterion_group!(benches, subsets_48_choose_5, card_parsing);
criterion_main!(benches);
