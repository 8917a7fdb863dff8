//! Durak, one thread: random playouts of 2-player games from a fresh deal
//! and, for comparison, from one dealt opening;
//! information-set MCTS iterations from an opening (target >= 100,000/s).

mod fixtures;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oddsmith::durak::bots::random_playout;
use oddsmith::durak::{Config, Game, best_move};
use oddsmith::mcts::{Budget, Rollout};
use oddsmith::rng::Rng;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("durak");
    group.throughput(Throughput::Elements(1_000));
    group.bench_function("1,000 random 2-player games (deal + playout)", |b| {
        let mut rng = Rng::new(1);
        b.iter(|| {
            for _ in 0..1_000 {
                let mut g = Game::new(Config::default(), &mut rng).expect("valid");
                random_playout(&mut g, &mut rng);
                black_box(g.outcome());
            }
        })
    });
    // The playout alone, as a search's rollout runs it: from one dealt
    // opening, copied each time (the deal alone is about a tenth of a game:
    // 0.13 s per million deals against 1.3 s per million games).
    group.bench_function("1,000 random 2-player playouts from a dealt opening", |b| {
        let mut rng = Rng::new(1);
        let opening = Game::new(Config::default(), &mut rng).expect("valid");
        b.iter(|| {
            for _ in 0..1_000 {
                let mut g = opening.clone();
                random_playout(&mut g, &mut rng);
                black_box(g.outcome());
            }
        })
    });
    group.sample_size(10);
    let view = fixtures::durak_opening();
    for (name, rollout) in [
        ("random", Rollout::Random),
        ("heuristic", Rollout::Heuristic),
    ] {
        group.throughput(Throughput::Elements(10_000));
        group.bench_function(format!("ISMCTS 10,000 iterations, {name} rollouts"), |b| {
            let budget = Budget {
                iterations: 10_000,
                rollout,
                ..Budget::default()
            };
            b.iter(|| best_move(black_box(&view), &budget, 1).expect("searches"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
