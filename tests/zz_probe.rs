use oddsmith::poker::Range;
use oddsmith::poker::equity::*;
use std::time::Instant;
fn run(players: &[&str], mode: Mode, threads: usize) {
    let mut r = EquityRequest::new(players.iter().map(|p| Range::parse(p).unwrap()).collect());
    r.mode = mode;
    r.threads = threads;
    r.target_stderr = 1e-3;
    r.time_budget = std::time::Duration::from_secs(10);
    let t = Instant::now();
    let res = equity(&r).unwrap();
    eprintln!(
        "{players:?} {mode:?} t={threads}: {:?} eq0 {:.6} tuples {} se {:.5}",
        t.elapsed(),
        res.players[0].equity,
        res.tuples,
        res.stderr
    );
}
#[test]
fn probe() {
    for t in [1, 0] {
        run(&["AhKh", "QsQd"], Mode::Exact, t);
        run(&["AcAd", "KcKd", "QcQd"], Mode::Exact, t);
        run(&["QQ+,AKs", "JJ-88,AQs"], Mode::Exact, t);
        run(&["random"; 6], Mode::MonteCarlo, t);
    }
}
