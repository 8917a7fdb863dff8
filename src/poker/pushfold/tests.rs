use super::*;

#[test]
fn smoke() {
    for stack in [1.0, 2.5, 6.0, 10.0, 20.0, 50.0, 100.0] {
        let t = std::time::Instant::now();
        let s = solve_heads_up(&HeadsUp { stacks: [stack, stack], ..HeadsUp::default() }).unwrap();
        eprintln!(
            "{stack}: value {:.9} sb {:e} bb {:e} {:?}",
            s.value, s.sb_gain, s.bb_gain, t.elapsed()
        );
        for c in chart::mixed(&s.push_chart()) { eprintln!("  push {} {}", c.name, c.share); }
        for c in chart::mixed(&s.call_chart()) { eprintln!("  call {} {}", c.name, c.share); }
    }
}
