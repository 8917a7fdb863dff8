//! Short deck against a plain oracle written here: a naive five-card
//! scorer, the best of the 21 five-card choices, boards dealt one by one.

use super::short_deck::{self, Category, DECK};
use super::{HandRange, Variant, VariantRequest, parse_hands, variant_equity};
use crate::cards::{Card, CardSet};
use crate::combin::Subsets;
use crate::poker::equity::Mode;
use crate::rng::Rng;

/// A comparable score of five short-deck cards: the category's place in
/// the ranking, then the ranks by count and rank (a nine-high straight
/// for A-6-7-8-9).
fn naive_score(cards: &[Card], trips_beat_straight: bool) -> (u8, Vec<u8>) {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = {
        let mut d = ranks.clone();
        d.dedup();
        d.len() == 5
    };
    let straight_high = if distinct && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [12, 7, 6, 5, 4] {
        Some(7)
    } else {
        None
    };
    let mut by_count: Vec<(usize, u8)> = ranks
        .iter()
        .map(|&r| (ranks.iter().filter(|&&x| x == r).count(), r))
        .collect();
    by_count.sort_unstable_by(|a, b| b.cmp(a));
    by_count.dedup();
    let shape: Vec<usize> = by_count.iter().map(|&(n, _)| n).collect();
    let kickers: Vec<u8> = by_count.iter().map(|&(_, r)| r).collect();
    let (trips, straight) = if trips_beat_straight { (4, 3) } else { (3, 4) };
    match (straight_high, flush, shape.as_slice()) {
        (Some(h), true, _) => (8, vec![h]),
        (_, _, [4, 1]) => (7, kickers),
        (_, true, _) => (6, ranks),
        (_, _, [3, 2]) => (5, kickers),
        (Some(h), false, _) => (straight, vec![h]),
        (_, _, [3, 1, 1]) => (trips, kickers),
        (_, _, [2, 2, 1]) => (2, kickers),
        (_, _, [2, 1, 1, 1]) => (1, kickers),
        _ => (0, ranks),
    }
}

fn naive_best(cards: &[Card], triton: bool) -> (u8, Vec<u8>) {
    let set: CardSet = cards.iter().copied().collect();
    Subsets::of_set(set, 5)
        .unwrap()
        .map(|m| {
            let five: Vec<Card> = CardSet::from_mask(m).unwrap().iter().collect();
            naive_score(&five, triton)
        })
        .max()
        .unwrap()
}

fn deal(rng: &mut Rng, used: &mut CardSet, n: usize) -> Vec<Card> {
    let deck: Vec<Card> = DECK.iter().collect();
    let mut out = Vec::new();
    while out.len() < n {
        let card = deck[rng.below(deck.len() as u32) as usize];
        if !used.contains(card) {
            used.insert(card);
            out.push(card);
        }
    }
    out
}

#[test]
fn the_evaluator_orders_hands_as_the_naive_scorer() {
    let mut rng = Rng::new(41);
    for triton in [false, true] {
        let mut hands: Vec<(CardSet, (u8, Vec<u8>))> = (0..3000)
            .map(|i| {
                let mut used = CardSet::EMPTY;
                let cards = deal(&mut rng, &mut used, 5 + i % 3);
                (cards.iter().copied().collect(), naive_best(&cards, triton))
            })
            .collect();
        hands.sort_by(|a, b| a.1.cmp(&b.1));
        for pair in hands.windows(2) {
            let (a, b) = (
                short_deck::rank(pair[0].0, triton),
                short_deck::rank(pair[1].0, triton),
            );
            assert_eq!(
                a.cmp(&b),
                pair[0].1.cmp(&pair[1].1),
                "{:?} {:?}",
                pair[0],
                pair[1]
            );
        }
    }
}

fn value(text: &str, triton: bool) -> u32 {
    short_deck::rank(CardSet::parse(text).unwrap(), triton)
}

#[test]
fn the_short_deck_orders() {
    for triton in [false, true] {
        // A flush beats a full house; four of a kind beats a flush.
        assert!(value("AhJh9h8h6h", triton) > value("KsKdKc7s7d", triton));
        assert!(value("6s6d6c6hTd", triton) > value("AhJh9h8h6h", triton));
        // A-6-7-8-9 is the lowest straight, above no pair of any kind.
        assert!(value("Ah6s7d8c9h", triton) < value("6s7d8c9hTd", triton));
        assert_eq!(
            short_deck::category(value("Ah6s7d8c9h", triton), triton),
            Category::Straight
        );
        assert_eq!(
            short_deck::category(value("Ah6h7h8h9h", triton), triton),
            Category::StraightFlush
        );
        assert!(value("Ah6h7h8h9h", triton) < value("6h7h8h9hTh", triton));
    }
    // A straight against three of a kind, by the ranking.
    assert!(value("6s7d8c9hTd", false) > value("AsAdAcKhQd", false));
    assert!(value("6s7d8c9hTd", true) < value("AsAdAcKhQd", true));
    // Seven cards holding both: the ranking picks which five play.
    assert_eq!(
        short_deck::category(value("6s6d6c7h8d9cTs", false), false),
        Category::Straight
    );
    assert_eq!(
        short_deck::category(value("6s6d6c7h8d9cTs", true), true),
        Category::ThreeOfAKind
    );
}

fn request(triton: bool, hands: &[CardSet], board: &[Card]) -> VariantRequest {
    let variant = Variant::ShortDeck {
        trips_beat_straight: triton,
    };
    let mut req = VariantRequest::new(variant, hands.iter().map(|&h| HandRange::hand(h)).collect());
    req.board = board.iter().copied().collect();
    req.mode = Mode::Exact;
    req.time_budget = std::time::Duration::from_secs(60);
    req
}

/// Every completion dealt one by one and scored by the naive scorer.
fn oracle(req: &VariantRequest, triton: bool) -> Vec<(f64, f64, f64)> {
    let hands: Vec<CardSet> = req.players.iter().map(|r| r.single().unwrap()).collect();
    let used = hands
        .iter()
        .fold(req.board.union(req.dead), |u, &h| u.union(h));
    let live = DECK.difference(used);
    let mut sums = vec![(0.0, 0.0, 0.0); hands.len()];
    let mut deals = 0.0;
    for m in Subsets::of_set(live, 5 - req.board.len() as usize).unwrap() {
        let board = req.board.union(CardSet::from_mask(m).unwrap());
        let scores: Vec<_> = hands
            .iter()
            .map(|h| naive_best(&h.union(board).iter().collect::<Vec<_>>(), triton))
            .collect();
        let best = scores.iter().max().unwrap();
        let winners = scores.iter().filter(|s| *s == best).count() as f64;
        for (p, s) in scores.iter().enumerate() {
            if s == best {
                sums[p].0 += 1.0 / winners;
                sums[p].1 += f64::from(winners == 1.0);
                sums[p].2 += f64::from(winners > 1.0);
            }
        }
        deals += 1.0;
    }
    sums.iter()
        .map(|&(e, w, t)| (e / deals, w / deals, t / deals))
        .collect()
}

#[test]
fn exact_equity_matches_the_oracle() {
    let mut rng = Rng::new(43);
    for round in 0..10 {
        let triton = round % 2 == 1;
        let players = 2 + round % 3;
        let mut used = CardSet::EMPTY;
        let hands: Vec<CardSet> = (0..players)
            .map(|_| deal(&mut rng, &mut used, 2).into_iter().collect())
            .collect();
        let board = deal(&mut rng, &mut used, [3, 4, 3, 5][round % 4]);
        let mut req = request(triton, &hands, &board);
        req.dead = deal(&mut rng, &mut used, round % 3).into_iter().collect();
        let got = variant_equity(&req).unwrap();
        assert!(got.exact);
        for (p, want) in got.players.iter().zip(oracle(&req, triton)) {
            assert!(
                (p.equity - want.0).abs() < 1e-12,
                "{hands:?} {board:?}: {p:?} {want:?}"
            );
            assert!((p.win - want.1).abs() < 1e-12 && (p.tie - want.2).abs() < 1e-12);
        }
    }
}

#[test]
fn preflop_exact_matches_boards_scored_one_by_one_and_monte_carlo() {
    let mut rng = Rng::new(47);
    for round in 0..4 {
        let triton = round % 2 == 0;
        let mut used = CardSet::EMPTY;
        let hands: Vec<CardSet> = (0..2 + round)
            .map(|_| deal(&mut rng, &mut used, 2).into_iter().collect())
            .collect();
        let mut req = request(triton, &hands, &[]);
        let got = variant_equity(&req).unwrap();
        if round < 2 {
            for (p, want) in got.players.iter().zip(oracle(&req, triton)) {
                assert!(
                    (p.equity - want.0).abs() < 1e-12,
                    "{hands:?}: {p:?} {want:?}"
                );
            }
        }
        req.mode = Mode::MonteCarlo;
        req.target_stderr = 0.003;
        let mc = variant_equity(&req).unwrap();
        for (e, m) in got.players.iter().zip(&mc.players) {
            assert!((e.equity - m.equity).abs() < 5.0 * mc.stderr, "{e:?} {m:?}");
        }
    }
}

#[test]
fn short_deck_ranges_and_refusals() {
    let variant = Variant::parse("shortdeck").unwrap();
    assert_eq!(
        variant,
        Variant::ShortDeck {
            trips_beat_straight: false
        }
    );
    let ranges = parse_hands(variant, &["QQ+,AKs", "22+", "random"]).unwrap();
    match &ranges[1] {
        HandRange::Hands(h) => assert_eq!(h.len(), 9 * 6, "66+ only"),
        HandRange::Random => panic!(),
    }
    assert!(
        parse_hands(variant, &["AhKh", "22-55"]).is_err(),
        "no hand left"
    );
    let mut req = VariantRequest::new(variant, ranges);
    req.mode = Mode::MonteCarlo;
    req.target_stderr = 0.005;
    let r = variant_equity(&req).unwrap();
    let total: f64 = r.players.iter().map(|p| p.equity).sum();
    assert!((total - 1.0).abs() < 1e-9 && r.players[0].equity > r.players[2].equity);
    let mut req = request(
        false,
        &[
            CardSet::parse("AhKh").unwrap(),
            CardSet::parse("5s5d").unwrap(),
        ],
        &[],
    );
    let e = variant_equity(&req).unwrap_err();
    assert!(
        e.message()
            .starts_with("player 2: 5d is not in the short deck"),
        "{}",
        e.message()
    );
    req.players[1] = HandRange::hand(CardSet::parse("QsQd").unwrap());
    req.board = CardSet::parse("2c7d8h").unwrap();
    assert!(variant_equity(&req).is_err(), "a board card below six");
}

/// The 376,992 five-card hands of the 36 cards by category, counted by
/// hand: six straights (A-6-7-8-9 to T-J-Q-K-A) in 4^5 suits each, 24 of
/// them straight flushes; flushes C(9,5) x 4 less those; full houses
/// 9 x 4 x 8 x 6; and so on.
#[test]
fn five_card_hands_by_category() {
    let mut counts = [0u32; 9];
    for m in Subsets::of_set(DECK, 5).unwrap() {
        let v = short_deck::rank(CardSet::from_mask(m).unwrap(), false);
        counts[short_deck::category(v, false) as usize] += 1;
    }
    let want = [122_400, 193_536, 36_288, 16_128, 6_120, 1_728, 480, 288, 24];
    assert_eq!(counts, want);
}

/// Published figures: A-K offsuit against pairs in short deck, ties split,
/// rounded to whole percents, suits not given (a magazine table, copied at
/// https://loadsimple.netlify.app/short-deck.html): against AA 15%, KK 44%,
/// QQ 52%, TT 50%, 88 55%. Ours for one choice of suits, within 1.5 points
/// (suits move these by about a point).
#[test]
fn published_short_deck_figures() {
    for (pair, published) in [
        ("AsAc", 0.15),
        ("KsKc", 0.44),
        ("QsQc", 0.52),
        ("TsTc", 0.50),
        ("8s8c", 0.55),
    ] {
        let hands = [
            CardSet::parse("AhKd").unwrap(),
            CardSet::parse(pair).unwrap(),
        ];
        let got = variant_equity(&request(false, &hands, &[])).unwrap();
        let ours = got.players[0].equity;
        assert!(
            (ours - published).abs() <= 0.015,
            "AhKd vs {pair}: {ours} against {published}"
        );
    }
}

/// Weights are relative within a range, as in Hold'em: huge or tiny
/// uniform weights give the unweighted answer (their raw products would
/// be infinite or zero), and weights too far apart are refused.
#[test]
fn extreme_weights_count_as_their_ratios() {
    let game = Variant::ShortDeck {
        trips_beat_straight: false,
    };
    let run = |a: &str, b: &str| {
        let mut req = VariantRequest::new(
            game,
            vec![
                HandRange::parse(game, a).unwrap(),
                HandRange::parse(game, b).unwrap(),
            ],
        );
        req.mode = Mode::Exact;
        req.board = CardSet::parse("Ks7c9d").unwrap();
        req.time_budget = std::time::Duration::from_secs(600);
        variant_equity(&req)
    };
    let plain = run("AKs,QQ", "JJ,T9s").unwrap();
    for weight in ["1e160", "1e308", "1e-200"] {
        let got = run(
            &format!("AKs:{weight},QQ:{weight}"),
            &format!("JJ:{weight},T9s:{weight}"),
        )
        .unwrap();
        assert!(got.exact);
        for (p, q) in got.players.iter().zip(&plain.players) {
            assert!((p.equity - q.equity).abs() < 1e-12, "{weight}: {p:?} {q:?}");
        }
    }
    let e = run("AKs:1,QQ:1e-12", "JJ").unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
    assert!(e.message().contains("player 1's weights"), "{e}");
}
