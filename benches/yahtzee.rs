//! Solitaire Yahtzee, official rules: the whole-game table for the mean
//! (target <= 1 s on the machine's 2 cores), and one position's advice
//! read from it (target <= 10 us).

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::expectimax::yahtzee::{CategorySet, Position, Rules, Sheet, YahtzeeTable};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let rules = Rules::official();
    let mut group = c.benchmark_group("yahtzee");
    group.sample_size(10);
    group.bench_function("whole table", |b| {
        b.iter(|| YahtzeeTable::solve(black_box(&rules)).expect("solves"))
    });
    let table = YahtzeeTable::solve(&rules).expect("solves");
    let position = Position {
        sheet: Sheet {
            used: CategorySet(0b1_0000_0110_0101),
            upper_total: 14,
            yahtzee_scored_50: false,
        },
        dice: vec![2, 3, 3, 5, 6],
        rolls_left: 2,
    };
    group.bench_function("advice, two rolls left", |b| {
        b.iter(|| table.advise(black_box(&position)).expect("advises"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
