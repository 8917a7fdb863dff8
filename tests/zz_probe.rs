use oddsmith::hearthstone::combat::*;
#[test]
fn probe() {
    let c = Combat { a: parse_board("40/47,42/46,40/24,44/24,34/24,34/34,14/24").unwrap(), b: parse_board("40/43,48/43,43/34,24/64,34/24,24/54,14/14").unwrap(), tiers: [1,1] };
    for _ in 0..3 { combat_exact(&c, 50_000_000).unwrap(); }
}
