//! What a range makes on every flop, criterion: two 20% ranges (278
//! combos each) over all 22,100 flops with equity by class, on one core
//! (the target in docs/src/poker-board.md: within 10 s), and one flop.

use criterion::{Criterion, criterion_group, criterion_main};
use oddsmith::CardSet;
use oddsmith::poker::Range;
use oddsmith::poker::board::{BoardQuestion, Boards, board_stats};

/// About 20% of the 1,326 combos (278).
const TWENTY_PERCENT: &str = "22+,A2s+,K8s+,Q9s+,J9s+,T9s,A9o+,KTo+,QJo";

fn question(boards: Boards) -> BoardQuestion {
    let range = Range::parse(TWENTY_PERCENT).expect("valid");
    BoardQuestion {
        range: range.clone(),
        vs: Some(range),
        boards,
        threads: 1,
        control: Default::default(),
    }
}

fn board(c: &mut Criterion) {
    let mut group = c.benchmark_group("board");
    group.sample_size(10);
    let flop = CardSet::parse("Ks7c2d").expect("valid");
    let one = question(Boards::List(vec![flop]));
    group.bench_function("20% vs 20%, one flop, 1 thread", |b| {
        b.iter(|| board_stats(&one).expect("answer"))
    });
    let all = question(Boards::AllFlops);
    group.bench_function("20% vs 20%, every flop, 1 thread", |b| {
        b.iter(|| board_stats(&all).expect("answer"))
    });
    group.finish();
}

criterion_group!(benches, board);
criterion_main!(benches);
