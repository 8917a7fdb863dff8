//! Split damage, one thread: 7 minions of health 1..7 plus a 30-health hero
//! under 15 hits (target <= 20 ms), and 14 targets of health <= 10 under 20
//! hits (target <= 1 s).

mod fixtures;

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::hearthstone::split_damage::{Query, split_damage};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("split_damage");
    group.sample_size(10);
    let targets = fixtures::board_and_hero();
    group.bench_function("7 minions + hero, 15 hits", |b| {
        b.iter(|| split_damage(black_box(&targets), 15, &Query::default()).expect("within budget"))
    });
    let targets = fixtures::two_full_boards();
    group.bench_function("14 targets <= 10 health, 20 hits", |b| {
        b.iter(|| split_damage(black_box(&targets), 20, &Query::default()).expect("within budget"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
