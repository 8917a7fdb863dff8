use oddsmith::poker::equity::*;
use oddsmith::poker::Range;
#[test]
fn probe() {
    let mut r = EquityRequest::new(vec![Range::parse("AhKh").unwrap(), Range::parse("QsQd").unwrap()]);
    r.mode = Mode::Exact; r.threads = 1;
    for _ in 0..20 { equity(&r).unwrap(); }
}
