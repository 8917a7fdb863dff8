//! Plays random 2-player Durak games and prints how many per second (a
//! quick check next to `cargo bench --bench durak`).

use oddsmith::durak::bots::random_playout;
use oddsmith::durak::{Config, Game};
use oddsmith::rng::Rng;
use std::time::Instant;

fn main() -> Result<(), oddsmith::Error> {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let mut rng = Rng::new(1);
    let started = Instant::now();
    let mut losses = [0u64; 2];
    for _ in 0..games {
        let mut g = Game::new(Config::default(), &mut rng)?;
        random_playout(&mut g, &mut rng);
        if let Some(oddsmith::durak::Outcome::Loser(p)) = g.outcome() {
            losses[p as usize] += 1;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{games} games in {secs:.3} s: {:.0} games/s (losses by seat {losses:?})",
        games as f64 / secs
    );
    Ok(())
}
