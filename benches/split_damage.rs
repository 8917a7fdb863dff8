//! Split damage, one thread: 7 minions of health 1..7 plus a 30-health hero
//! under 15 hits (target <= 20 ms), and 14 targets of health <= 10 under 20
//! hits (target <= 1 s).

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::hearthstone::split_damage::{Query, Target, split_damage};
use std::hint::black_box;

pub fn board_and_hero() -> Vec<Target> {
    let mut targets: Vec<Target> = (1..=7).map(Target::minion).collect();
    targets.push(Target::hero(30, 0));
    targets
}

pub fn two_full_boards() -> Vec<Target> {
    [3, 5, 7, 10, 2, 4, 6, 9, 8, 1, 10, 5, 7, 3]
        .iter()
        .enumerate()
        .map(|(i, &h)| Target {
            health: h,
            shield: i % 4 == 0,
            hero: false,
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("split_damage");
    group.sample_size(10);
    let targets = board_and_hero();
    group.bench_function("7 minions + hero, 15 hits", |b| {
        b.iter(|| split_damage(black_box(&targets), 15, &Query::default()).expect("within budget"))
    });
    let targets = two_full_boards();
    group.bench_function("14 targets <= 10 health, 20 hits", |b| {
        b.iter(|| split_damage(black_box(&targets), 20, &Query::default()).expect("within budget"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
