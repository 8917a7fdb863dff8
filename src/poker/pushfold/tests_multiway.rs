use super::*;

#[test]
fn timing_probe() {
    let t = Table {
        stacks: vec![10.0; 3],
        payouts: vec![50.0, 30.0, 20.0],
        ..Table::default()
    };
    let start = std::time::Instant::now();
    let s = solve_table(&t, &SolveOptions { samples: 200_000, ..SolveOptions::default() }).unwrap();
    eprintln!("{:?} it {} gains {:?} values {:?} err {:?}", start.elapsed(), s.iterations, s.gains, s.values, s.value_errors);
}
