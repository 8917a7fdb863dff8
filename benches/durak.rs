//! Durak, one thread: random playouts of 2-player games from a fresh deal
//! and, for comparison, from one dealt opening;
//! information-set MCTS iterations from an opening (target >= 100,000/s);
//! the exact endgame on the endgames greedy games reach.

mod fixtures;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oddsmith::budget::Control;
use oddsmith::durak::bots::{greedy_move, random_playout};
use oddsmith::durak::endgame::Endgame;
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
    // Each endgame is solved from a fresh table, as the root's solve of a
    // best-move call is.
    let endgames = greedy_endgames(12, 20);
    group.throughput(Throughput::Elements(endgames.len() as u64));
    group.bench_function("exact endgames of 12 cards in hands (greedy games)", |b| {
        b.iter(|| {
            for g in &endgames {
                let mut solver = Endgame::default();
                black_box(solver.solve(g, 0, &Control::NONE).expect("solves"));
            }
        })
    });
    group.finish();
}

/// The first `count` positions with `cards` in hands met when the talon
/// runs out in greedy 2-player games.
fn greedy_endgames(cards: u32, count: usize) -> Vec<Game> {
    let mut found = Vec::new();
    let mut rng = Rng::new(7);
    while found.len() < count {
        let mut g = Game::new(Config::default(), &mut rng).expect("valid");
        while g.outcome().is_none() && g.talon_len() > 0 {
            g.apply(greedy_move(&g)).expect("legal");
        }
        if g.outcome().is_none() && g.hand(0).len() + g.hand(1).len() == cards {
            found.push(g);
        }
    }
    found
}

criterion_group!(benches, bench);
criterion_main!(benches);
