//! The classes against a brute-force oracle written from the definitions
//! (best five of every subset, outs by trying every next card), the
//! equity by class against a plain enumeration of every deal, and the
//! every-flop engine against the sum over all 22,100 flops.

use super::*;
use crate::poker::evaluate;
use proptest::prelude::*;

fn set(text: &str) -> CardSet {
    CardSet::parse(text).expect("cards")
}

fn range(text: &str) -> Range {
    Range::parse(text).expect("range")
}

// ---- The oracle -------------------------------------------------------

/// A naive score of exactly five cards (rank, suit): category 0..=8 as
/// `Category`, then the tie-break ranks.
fn score5(cards: &[(u8, u8)]) -> (u8, Vec<u8>) {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.0).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.1 == cards[0].1);
    let straight = straight_of(&ranks);
    // Ranks grouped by count, then rank, largest first.
    let mut groups: Vec<(usize, u8)> = Vec::new();
    for &r in &ranks {
        if !groups.iter().any(|g| g.1 == r) {
            groups.push((ranks.iter().filter(|&&x| x == r).count(), r));
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let order: Vec<u8> = groups.iter().map(|g| g.1).collect();
    match (flush, straight, shape.as_slice()) {
        (true, Some(top), _) => (8, vec![top]),
        (_, _, [4, 1]) => (7, order),
        (_, _, [3, 2]) => (6, order),
        (true, None, _) => (5, ranks),
        (false, Some(top), _) => (4, vec![top]),
        (_, _, [3, 1, 1]) => (3, order),
        (_, _, [2, 2, 1]) => (2, order),
        (_, _, [2, 1, 1, 1]) => (1, order),
        _ => (0, ranks),
    }
}

/// The top rank of five distinct ranks in a row (3 for A-2-3-4-5).
fn straight_of(desc: &[u8]) -> Option<u8> {
    let mut distinct = desc.to_vec();
    distinct.dedup();
    if distinct.len() != 5 {
        return None;
    }
    if distinct[0] - distinct[4] == 4 {
        return Some(distinct[0]);
    }
    (distinct == [12, 3, 2, 1, 0]).then_some(3)
}

/// Every five-card subset.
fn fives(cards: &[(u8, u8)]) -> Vec<Vec<(u8, u8)>> {
    let n = cards.len();
    let mut out = Vec::new();
    for mask in 0u32..1 << n {
        if mask.count_ones() == 5 {
            out.push(
                (0..n)
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| cards[i])
                    .collect(),
            );
        }
    }
    out
}

fn best(cards: &[(u8, u8)]) -> (u8, Vec<u8>) {
    fives(cards)
        .iter()
        .map(|f| score5(f))
        .max()
        .expect("five cards")
}

/// The highest straight in any five of the cards.
fn best_straight(cards: &[(u8, u8)]) -> Option<u8> {
    fives(cards)
        .iter()
        .filter_map(|f| {
            let mut r: Vec<u8> = f.iter().map(|c| c.0).collect();
            r.sort_unstable_by(|a, b| b.cmp(a));
            straight_of(&r)
        })
        .max()
}

/// Five cards of one suit among `cards`, one of them from `hole`.
fn flush_with(cards: &[(u8, u8)], hole: &[(u8, u8)]) -> bool {
    (0..4).any(|s| cards.iter().filter(|c| c.1 == s).count() >= 5 && hole.iter().any(|c| c.1 == s))
}

fn oracle(hole: &[(u8, u8)], board: &[(u8, u8)]) -> Vec<HandClass> {
    use HandClass::*;
    let all: Vec<(u8, u8)> = hole.iter().chain(board).copied().collect();
    let (cat, ties) = best(&all);
    let on_board = |r: u8| board.iter().filter(|c| c.0 == r).count();
    let board_score = if board.len() == 5 {
        best(board)
    } else {
        let most = (0..13).map(on_board).max().unwrap_or(0);
        let pairs = (0..13).filter(|&r| on_board(r) == 2).count();
        let c = match (most, pairs) {
            (4, _) => 7,
            (3, _) => 3,
            (2, 2) => 2,
            (2, _) => 1,
            _ => 0,
        };
        (c, vec![])
    };
    let raised = cat > board_score.0
        || (cat == board_score.0 && cat != 7 && board.len() == 5 && (cat, ties) > board_score);
    let made = if cat >= 4 && raised {
        [Straight, Flush, FullHouse, Quads, StraightFlush][cat as usize - 4]
    } else {
        let top = board.iter().map(|c| c.0).max().unwrap_or(0);
        let bottom = board.iter().map(|c| c.0).min().unwrap_or(0);
        let (a, b) = (hole[0].0.max(hole[1].0), hole[0].0.min(hole[1].0));
        if a == b {
            match on_board(a) {
                0 if a > top => Overpair,
                0 if a < bottom => Underpair,
                0 => MiddlePair,
                1 => Set,
                _ => Quads,
            }
        } else if on_board(a) >= 2 || on_board(b) >= 2 {
            Trips
        } else if on_board(a) == 1 && on_board(b) == 1 {
            TwoPair
        } else if on_board(a) == 1 || on_board(b) == 1 {
            let (p, k) = if on_board(a) == 1 { (a, b) } else { (b, a) };
            if p == bottom {
                BottomPair
            } else if p < top {
                MiddlePair
            } else {
                let free_above = (k + 1..13).filter(|&r| on_board(r) == 0).count();
                [
                    TopPairTopKicker,
                    TopPairGoodKicker,
                    TopPairGoodKicker,
                    TopPairGoodKicker,
                ]
                .get(free_above)
                .copied()
                .unwrap_or(TopPairWeakKicker)
            }
        } else if (0..13).any(|r| on_board(r) >= 2) {
            BoardPair
        } else {
            HighCard
        }
    };
    let mut out = vec![made];
    if board.len() == 5 {
        return out;
    }
    let deck: Vec<(u8, u8)> = (0..13u8)
        .flat_map(|r| (0..4u8).map(move |s| (r, s)))
        .filter(|c| !all.contains(c))
        .collect();
    let plus = |extra: &[(u8, u8)]| -> Vec<(u8, u8)> { all.iter().chain(extra).copied().collect() };
    let fd = made < Flush && deck.iter().any(|&x| flush_with(&plus(&[x]), hole));
    if fd {
        out.push(FlushDraw);
    }
    if made < Flush
        && !fd
        && board.len() == 3
        && deck.iter().any(|&x| {
            deck.iter()
                .any(|&y| x != y && flush_with(&plus(&[x, y]), hole))
        })
    {
        out.push(BackdoorFlushDraw);
    }
    let mut outs: Vec<u8> = Vec::new();
    if made < Straight {
        for &x in &deck {
            let mine = best_straight(&plus(&[x]));
            let mut theirs_cards = board.to_vec();
            theirs_cards.push(x);
            let theirs = if theirs_cards.len() >= 5 {
                best_straight(&theirs_cards)
            } else {
                None
            };
            if mine.is_some() && mine > theirs && !outs.contains(&x.0) {
                outs.push(x.0);
            }
        }
    }
    match outs.len() {
        0 => {}
        1 => out.push(Gutshot),
        _ => out.push(OpenEnded),
    }
    if fd && !outs.is_empty() {
        out.push(ComboDraw);
    }
    let top = board.iter().map(|c| c.0).max().unwrap_or(0);
    if matches!(made, HighCard | BoardPair) && hole.iter().all(|c| c.0 > top) {
        out.push(Overcards);
    }
    out.sort();
    out
}

fn pairs(cards: CardSet) -> Vec<(u8, u8)> {
    cards.iter().map(|c| (c.rank(), c.suit())).collect()
}

fn classes(hole: &str, board: &str) -> Vec<HandClass> {
    classify(set(hole), set(board))
        .expect("classify")
        .iter()
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn classes_match_the_brute_force_oracle(
        deck in Just((0..52u8).collect::<Vec<u8>>()).prop_shuffle(),
        board_len in 3usize..=5,
    ) {
        let card = |i: u8| Card::new(i).expect("card");
        let hole: CardSet = deck[..2].iter().map(|&i| card(i)).collect();
        let board: CardSet = deck[2..2 + board_len].iter().map(|&i| card(i)).collect();
        let got: Vec<HandClass> = classify(hole, board).expect("classify").iter().collect();
        prop_assert_eq!(got, oracle(&pairs(hole), &pairs(board)), "{} on {}", hole, board);
    }
}

/// Boards where each class shows, against the oracle (random boards
/// rarely make quads or straight flushes).
#[test]
fn chosen_hands_match_the_oracle_and_the_docs() {
    use HandClass::*;
    let cases: &[(&str, &str, &[HandClass])] = &[
        ("AsKd", "Ks7c2d", &[TopPairTopKicker]),
        ("KhQd", "Ks7c2d", &[TopPairGoodKicker]),
        ("Kh9h", "Ks7c2d", &[TopPairWeakKicker]),
        ("AhAd", "Ks7c2d", &[Overpair]),
        ("8h8d", "Ks7c2d", &[MiddlePair]),
        ("3h3d", "Ks7c4d", &[Underpair]),
        ("7h6h", "Ks7c2d", &[MiddlePair]),
        ("2h3h", "Ks7c2d", &[BottomPair]),
        ("Kh7h", "Ks7c2d", &[TwoPair]),
        ("7h7d", "Ks7c2d", &[Set]),
        ("7h8h", "KsKc7d", &[BottomPair]),
        ("Kh8h", "KsKc7d", &[Trips]),
        ("AhQh", "KsKc7d", &[BoardPair]),
        ("AhQh", "9s7c2d", &[HighCard, Overcards]),
        ("Ah5h", "Qh7h2c", &[HighCard, FlushDraw]),
        ("9s8s", "7c6d2h", &[HighCard, OpenEnded, Overcards]),
        ("9s8s", "6c5d2h", &[HighCard, Gutshot, Overcards]),
        (
            "JhTh",
            "9h8h2c",
            &[HighCard, FlushDraw, OpenEnded, ComboDraw, Overcards],
        ),
        ("AhKh", "Qh7c2d", &[HighCard, BackdoorFlushDraw, Overcards]),
        ("AhKd", "Qh7c2h", &[HighCard, BackdoorFlushDraw, Overcards]),
        ("8h8d", "Ks7c2d5s", &[MiddlePair]),
        ("AhKh", "QhJhTh", &[StraightFlush]),
        ("7h7d", "7s7c2d", &[Quads]),
        ("AhQh", "7s7c7d7h", &[BoardPair, Overcards]),
        ("AhQd", "5c6d7h8s9c", &[HighCard]),
        ("ThQd", "5c6d7h8s9c", &[Straight]),
        ("8h8d", "KsKcKd7c7d", &[FullHouse]),
        ("6h6d", "KsKcKd7c7d", &[Underpair]),
    ];
    for &(hole, board, want) in cases {
        let got = classes(hole, board);
        assert_eq!(got, want, "{hole} on {board}");
        assert_eq!(
            oracle(&pairs(set(hole)), &pairs(set(board))),
            want,
            "oracle: {hole} on {board}"
        );
    }
}

#[test]
fn classify_names_bad_input() {
    assert!(classify(set("AhKh"), set("Ah7c2d")).is_err());
    assert!(classify(set("Ah"), set("Ks7c2d")).is_err());
    assert!(classify(set("AhKh"), set("7c2d")).is_err());
}

// ---- Suit symmetry ----------------------------------------------------

#[test]
fn distinct_flops_stand_for_every_flop() {
    let flops = distinct_flops();
    assert_eq!(flops.len(), 1755);
    assert_eq!(flops.iter().map(|f| u64::from(f.1)).sum::<u64>(), 22_100);
    let boards = suits::representative_boards(5, &suits::permutations());
    assert_eq!(boards.len(), 134_459);
    assert_eq!(
        boards.iter().map(|f| u64::from(f.1)).sum::<u64>(),
        binomial(52, 5)
    );
}

#[test]
fn symmetries_are_those_that_keep_the_ranges() {
    let of = |text: &str| suits::range_symmetries(&[range(text).combos()]).len();
    assert_eq!(of("AKs,QQ"), 24);
    assert_eq!(of("AhKh"), 6);
    assert_eq!(of("AhKh,AsKs"), 4);
    assert_eq!(of("AKs,AhKh:0.5"), 6);
}

// ---- Equity by class --------------------------------------------------

/// Equity by class (and in total, the last slot) by dealing every
/// villain combo and completion and evaluating both hands.
fn plain_equity(hero: &Range, villain: &Range, board: CardSet) -> Vec<Option<f64>> {
    let mut num = [0.0; CLASSES + 1];
    let mut den = [0.0; CLASSES + 1];
    let cards = |s: CardSet| s.iter().collect::<Vec<Card>>();
    for h in hero.combos().iter().filter(|h| h.cards.is_disjoint(board)) {
        let class = classify(h.cards, board).expect("class");
        for v in villain.combos() {
            let used = board.union(h.cards);
            if !v.cards.is_disjoint(used) {
                continue;
            }
            let deck = used.union(v.cards).complement().intersection(CardSet::FULL);
            let to_deal = 5 - board.len() as usize;
            let runouts = binomial(deck.len() as usize, to_deal) as f64;
            let mut share = 0.0;
            for runout in Subsets::of_set(deck, to_deal).expect("subsets") {
                let full = board.union(CardSet::from_mask(runout).expect("mask"));
                let mine = evaluate(&cards(full.union(h.cards))).expect("rank");
                let theirs = evaluate(&cards(full.union(v.cards))).expect("rank");
                share += match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
            }
            let w = h.weight * v.weight;
            for slot in class.iter().map(|c| c as usize).chain([CLASSES]) {
                num[slot] += w * share / runouts;
                den[slot] += w;
            }
        }
    }
    (0..=CLASSES)
        .map(|s| (den[s] > 0.0).then(|| num[s] / den[s]))
        .collect()
}

fn ask(hero: &str, villain: Option<&str>, boards: Boards, threads: usize) -> BoardAnswer {
    board_stats(&BoardQuestion {
        range: range(hero),
        vs: villain.map(range),
        boards,
        threads,
        control: Control::NONE,
    })
    .expect("answer")
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-12,
        (None, None) => true,
        _ => false,
    }
}

#[test]
fn equity_by_class_matches_a_plain_enumeration() {
    let hero = "QQ+,AK,KQs,JTs:0.5,98s,76s,A5s,33";
    let villain = "TT+,AQ+,KJs:0.25,QJs,T9s";
    for board in ["Qs9h8h", "Qs9h8h2c", "Qs9h8h2cTd"] {
        let b = set(board);
        let got = ask(hero, Some(villain), Boards::List(vec![b]), 0);
        let want = plain_equity(&range(hero), &range(villain), b);
        for line in &got.classes {
            assert!(
                close(line.equity, want[line.class as usize]),
                "{board} {:?}: {:?} vs {:?}",
                line.class,
                line.equity,
                want[line.class as usize]
            );
        }
        assert!(close(got.equity, want[CLASSES]), "{board}: total");
    }
}

#[test]
fn counts_shares_and_lists_agree() {
    let a = ask(
        "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+",
        None,
        Boards::List(vec![set("Ks7c2d")]),
        1,
    );
    let made: f64 = a
        .classes
        .iter()
        .filter(|l| !l.class.is_draw())
        .map(|l| l.share)
        .sum();
    assert!((made - 1.0).abs() < 1e-12);
    for line in &a.classes {
        assert_eq!(line.hands.len() as f64, line.combos, "{:?}", line.class);
        assert!(line.equity.is_none());
    }
    // 77 and 22, and KK with the king of the board.
    assert_eq!(a.class(HandClass::Set).combos, 9.0);
    assert_eq!(a.class(HandClass::Overpair).combos, 6.0);
    assert_eq!(a.class(HandClass::TopPairTopKicker).combos, 4.0 * 3.0);
}

#[test]
fn any_number_of_threads_gives_the_same_answer() {
    let boards = Boards::List(vec![set("Ks7c2d"), set("Ah9h8c2s")]);
    let one = ask("TT+,AQs+", Some("88+,AJs+"), boards.clone(), 1);
    assert_eq!(one, ask("TT+,AQs+", Some("88+,AJs+"), boards, 2));
    let one = ask("AA,AKs", Some("KK"), Boards::AllFlops, 1);
    assert_eq!(one, ask("AA,AKs", Some("KK"), Boards::AllFlops, 2));
}

// ---- Every flop -------------------------------------------------------

fn every_flop() -> Vec<CardSet> {
    Subsets::of_set(CardSet::FULL, 3)
        .expect("flops")
        .map(|m| CardSet::from_mask(m).expect("flop"))
        .collect()
}

fn same(a: &BoardAnswer, b: &BoardAnswer) {
    assert_eq!(a.boards, b.boards);
    let near = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(1.0);
    assert!(near(a.combos, b.combos) && near(a.weight, b.weight));
    assert!(close_loose(a.equity, b.equity));
    for (x, y) in a.classes.iter().zip(&b.classes) {
        assert!(near(x.combos, y.combos), "{:?}", x.class);
        assert!(near(x.share, y.share), "{:?}", x.class);
        assert!(
            close_loose(x.equity, y.equity),
            "{:?}: {:?} {:?}",
            x.class,
            x.equity,
            y.equity
        );
    }
}

fn close_loose(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-10,
        (None, None) => true,
        _ => false,
    }
}

#[test]
fn every_flop_at_once_is_the_sum_over_the_22100_flops() {
    let flops = every_flop();
    assert_eq!(flops.len(), 22_100);
    let (hero, villain) = ("AA,KQs", "JJ");
    let at_once = ask(hero, Some(villain), Boards::AllFlops, 0);
    let one_by_one = ask(hero, Some(villain), Boards::List(flops), 0);
    same(&at_once, &one_by_one);
    assert!(at_once.class(HandClass::Set).combos > 0.0);
}

#[test]
fn suit_orbits_give_the_answer_of_every_board() {
    // Suited, specific and weighted combos: fewer renamings qualify.
    for hero in ["AhKh,QQ", "AKs,AhKh:0.5,76s"] {
        let (h, v) = (range(hero), range("JJ,T9s"));
        let with = |perms: Vec<suits::SuitPerm>| {
            let run = Run {
                hero: h.combos(),
                villain: Some(v.combos()),
                control: &Control::NONE,
            };
            on_all_flops_with(&run, Workers::CALLER, &perms).expect("answer")
        };
        let orbits = with(suits::range_symmetries(&[h.combos(), v.combos()]));
        let identity = with(vec![[0, 1, 2, 3]]);
        same(&orbits, &identity);
    }
}

#[test]
fn bad_questions_are_named() {
    let question = |boards: Boards, vs: Option<&str>| BoardQuestion {
        range: range("AA"),
        vs: vs.map(range),
        boards,
        threads: 1,
        control: Control::NONE,
    };
    let err = |q: BoardQuestion| board_stats(&q).expect_err("refused").to_string();
    assert!(err(question(Boards::List(vec![]), None)).contains("no board"));
    assert!(err(question(Boards::List(vec![set("Ks7c")]), None)).contains("has 2 cards"));
    assert!(err(question(Boards::List(vec![set("AsAhAd")]), None)).contains("no combo left"));
    let empty = BoardQuestion {
        range: range("AA:0"),
        ..question(Boards::AllFlops, None)
    };
    assert!(err(empty).contains("no combo"));
    let mut too_many = question(Boards::AllFlops, None);
    too_many.threads = 5000;
    assert!(board_stats(&too_many).is_err());
}

#[test]
fn a_cancelled_question_stops_and_progress_reaches_the_end() {
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, Mutex};
    let flag = Arc::new(AtomicBool::new(true));
    for boards in [Boards::AllFlops, Boards::List(vec![set("Ks7c2d")])] {
        let q = BoardQuestion {
            range: range("AA,KQs"),
            vs: Some(range("JJ")),
            boards,
            threads: 1,
            control: Control::NONE.or_cancelled(Arc::clone(&flag)),
        };
        let e = board_stats(&q).expect_err("cancelled");
        assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded);
    }
    let last = Arc::new(Mutex::new(0.0));
    let seen = Arc::clone(&last);
    let q = BoardQuestion {
        range: range("AA,KQs"),
        vs: Some(range("JJ")),
        boards: Boards::List(vec![set("Ks7c2d"), set("Ah9h8c")]),
        threads: 2,
        control: Control::NONE.with_progress(Arc::new(move |p: &crate::budget::Progress| {
            let mut last = seen.lock().expect("lock");
            *last = f64::max(*last, p.fraction);
        })),
    };
    board_stats(&q).expect("answer");
    assert_eq!(*last.lock().expect("lock"), 1.0);
}

#[test]
fn every_flop_in_chunks_adds_up_to_the_one_call() {
    let q = BoardQuestion {
        range: range("AA,AKs"),
        vs: Some(range("KK,QJs")),
        boards: Boards::AllFlops,
        threads: 0,
        control: Control::NONE,
    };
    let whole = board_stats(&q).expect("answer");
    // Cut as a cluster would cut it: uneven runs of chunks.
    let mut chunks = all_flops_chunks(&q, 0..37).expect("chunks");
    chunks.extend(all_flops_chunks(&q, 37..200).expect("chunks"));
    chunks.extend(all_flops_chunks(&q, 200..ALL_FLOPS_CHUNKS).expect("chunks"));
    assert_eq!(all_flops_from_chunks(&q, &chunks).expect("answer"), whole);
    assert!(whole.equity.is_some());
    // Bad cuts are refused, naming them.
    assert!(all_flops_chunks(&q, 250..257).is_err());
    assert!(all_flops_from_chunks(&q, &chunks[1..]).is_err());
    let mut short = chunks.clone();
    short[3].pop();
    assert!(all_flops_from_chunks(&q, &short).is_err());
    let no_vs = BoardQuestion { vs: None, ..q };
    assert!(all_flops_chunks(&no_vs, 0..1).is_err());
}
