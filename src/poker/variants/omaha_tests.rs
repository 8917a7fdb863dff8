//! Omaha against a plain oracle written here: a naive five-card scorer,
//! every 2 + 3 choice, boards dealt card by card.

use super::equity::{Outcomes, Scorer};
use super::omaha_eval::{Board, Hole};
use super::{HandRange, Variant, VariantEquity, VariantRequest, variant_equity};
use crate::cards::{Card, CardSet};
use crate::combin::Subsets;
use crate::poker::equity::Mode;
use crate::poker::evaluate;
use crate::rng::Rng;

/// A comparable score of five cards: category, then the ranks that break
/// ties (by count, then rank).
fn naive_score(cards: &[Card]) -> u64 {
    let mut counts = [0u8; 13];
    for c in cards {
        counts[c.rank() as usize] += 1;
    }
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut distinct: Vec<u8> = (0..13).filter(|&r| counts[r as usize] > 0).collect();
    distinct.sort_unstable();
    let straight_top = if distinct.len() == 5 && distinct[4] - distinct[0] == 4 {
        Some(distinct[4])
    } else if distinct == [0, 1, 2, 3, 12] {
        Some(3)
    } else {
        None
    };
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let category = match (straight_top, flush, shape.as_slice()) {
        (Some(_), true, _) => 8,
        (_, _, [4, 1]) => 7,
        (_, _, [3, 2]) => 6,
        (_, true, _) => 5,
        (Some(_), _, _) => 4,
        (_, _, [3, 1, 1]) => 3,
        (_, _, [2, 2, 1]) => 2,
        (_, _, [2, 1, 1, 1]) => 1,
        _ => 0,
    };
    let mut score = category << 20;
    if let Some(top) = straight_top {
        return score | u64::from(top);
    }
    for (i, (_, r)) in groups.iter().enumerate() {
        score |= u64::from(*r) << (16 - 4 * i);
    }
    score
}

/// The low of five cards (ranks 1..8, ace 1) high card first, or None.
fn naive_low(cards: &[Card]) -> Option<Vec<u8>> {
    let mut ranks: Vec<u8> = cards
        .iter()
        .map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 })
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks.dedup();
    (ranks.len() == 5 && ranks[0] <= 8).then_some(ranks)
}

fn choices(hole: &[Card], board: &[Card]) -> Vec<Vec<Card>> {
    let mut out = Vec::new();
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            for a in 0..board.len() {
                for b in a + 1..board.len() {
                    for c in b + 1..board.len() {
                        out.push(vec![hole[i], hole[j], board[a], board[b], board[c]]);
                    }
                }
            }
        }
    }
    out
}

/// Equity, high and low shares and scoops by the oracle: each board
/// completion dealt card by card (in increasing card order, so each set once).
fn oracle(game: Variant, hands: &[CardSet], board: &[Card]) -> Vec<[f64; 4]> {
    let used = hands.iter().fold(
        board.iter().fold(CardSet::EMPTY, |s, &c| {
            let mut s = s;
            s.insert(c);
            s
        }),
        |u, &h| u.union(h),
    );
    let live: Vec<Card> = used.complement().iter().collect();
    let mut totals = vec![[0.0f64; 4]; hands.len()];
    let mut count = 0u64;
    let mut full = board.to_vec();
    fn deal(from: usize, live: &[Card], full: &mut Vec<Card>, visit: &mut dyn FnMut(&[Card])) {
        if full.len() == 5 {
            visit(full);
            return;
        }
        for i in from..live.len() {
            full.push(live[i]);
            deal(i + 1, live, full, visit);
            full.pop();
        }
    }
    deal(0, &live, &mut full, &mut |b: &[Card]| {
        count += 1;
        let cards: Vec<Vec<Card>> = hands.iter().map(|h| h.iter().collect()).collect();
        let highs: Vec<u64> = cards
            .iter()
            .map(|h| choices(h, b).iter().map(|c| naive_score(c)).max().unwrap())
            .collect();
        let lows: Vec<Option<Vec<u8>>> = cards
            .iter()
            .map(|h| {
                if game.hi_lo() {
                    choices(h, b).iter().filter_map(|c| naive_low(c)).min()
                } else {
                    None
                }
            })
            .collect();
        let top = *highs.iter().max().unwrap();
        let best_low = lows.iter().flatten().min().cloned();
        let high_pot = if best_low.is_some() { 0.5 } else { 1.0 };
        let hw = highs.iter().filter(|&&h| h == top).count() as f64;
        let lw = lows
            .iter()
            .filter(|l| l.is_some() && **l == best_low)
            .count() as f64;
        for p in 0..hands.len() {
            let high = if highs[p] == top { high_pot / hw } else { 0.0 };
            let low = if best_low.is_some() && lows[p] == best_low {
                0.5 / lw
            } else {
                0.0
            };
            totals[p][0] += high + low;
            totals[p][1] += high;
            totals[p][2] += low;
            totals[p][3] += f64::from(high + low == 1.0);
        }
    });
    totals
        .into_iter()
        .map(|t| t.map(|x| x / count as f64))
        .collect()
}

/// Distinct random cards.
fn deal_cards(rng: &mut Rng, used: &mut CardSet, n: usize) -> Vec<Card> {
    let mut out = Vec::new();
    while out.len() < n {
        let c = Card::new(rng.below(52) as u8).unwrap();
        if !used.contains(c) {
            used.insert(c);
            out.push(c);
        }
    }
    out
}

/// Distinct random cards of ranks ace to eight: deals where lows qualify
/// and compete.
fn deal_low_cards(rng: &mut Rng, used: &mut CardSet, n: usize) -> Vec<Card> {
    let mut out = Vec::new();
    while out.len() < n {
        let c = Card::new(rng.below(52) as u8).unwrap();
        if (c.rank() <= 6 || c.rank() == 12) && !used.contains(c) {
            used.insert(c);
            out.push(c);
        }
    }
    out
}

fn set(cards: &[Card]) -> CardSet {
    cards.iter().fold(CardSet::EMPTY, |mut s, &c| {
        s.insert(c);
        s
    })
}

#[test]
fn the_naive_scorer_orders_hands_as_the_evaluator() {
    let mut rng = Rng::new(3);
    for _ in 0..3000 {
        let mut used = CardSet::EMPTY;
        let (a, b) = (
            deal_cards(&mut rng, &mut used, 5),
            deal_cards(&mut rng, &mut used, 5),
        );
        assert_eq!(
            naive_score(&a).cmp(&naive_score(&b)),
            evaluate(&a).unwrap().cmp(&evaluate(&b).unwrap()),
            "{a:?} {b:?}"
        );
    }
}

#[test]
fn best_high_and_low_match_every_two_plus_three_choice() {
    let mut rng = Rng::new(11);
    for round in 0..2000 {
        let k = 4 + round % 3;
        let mut used = CardSet::EMPTY;
        let hole = deal_cards(&mut rng, &mut used, k);
        let board = deal_cards(&mut rng, &mut used, 3 + round % 3);
        let prepared = Hole::new(set(&hole));
        let high = prepared.best_high(&Board::new(&board));
        let want = choices(&hole, &board)
            .iter()
            .map(|c| evaluate(c).unwrap())
            .max()
            .unwrap();
        assert_eq!(high, u32::from(want.0));
        let low = prepared.best_low(Board::new(&board).low_ranks);
        let want_low = choices(&hole, &board)
            .iter()
            .filter_map(|c| naive_low(c))
            .min();
        let as_ranks = low.map(|mask| {
            let mut r: Vec<u8> = (0..8)
                .filter(|b| mask & (1 << b) != 0)
                .map(|b| b + 1)
                .collect();
            r.reverse();
            r
        });
        assert_eq!(as_ranks, want_low, "{hole:?} {board:?}");
    }
}

fn request(game: Variant, hands: &[CardSet], board: &[Card]) -> VariantRequest {
    let mut req = VariantRequest::new(game, hands.iter().map(|&h| HandRange::hand(h)).collect());
    req.board = set(board);
    req.mode = Mode::Exact;
    req.time_budget = std::time::Duration::from_secs(60);
    req
}

#[test]
fn exact_equity_matches_the_oracle() {
    let mut rng = Rng::new(5);
    let games = [
        (Variant::OmahaHigh(4), 2, 3),
        (Variant::OmahaHiLo(4), 2, 3),
        (Variant::OmahaHigh(5), 3, 4),
        (Variant::OmahaHiLo(5), 3, 4),
        (Variant::OmahaHigh(6), 2, 4),
        (Variant::OmahaHiLo(4), 4, 4),
    ];
    for round in 0..12 {
        let (game, players, board_len) = games[round % games.len()];
        let mut used = CardSet::EMPTY;
        let hands: Vec<CardSet> = (0..players)
            .map(|_| set(&deal_cards(&mut rng, &mut used, game.hole_cards())))
            .collect();
        let board = deal_cards(&mut rng, &mut used, board_len);
        let got = variant_equity(&request(game, &hands, &board)).unwrap();
        let want = oracle(game, &hands, &board);
        assert!(got.exact);
        for (p, w) in got.players.iter().zip(&want) {
            let have = [p.equity, p.high, p.low, p.scoop];
            for k in 0..4 {
                assert!(
                    (have[k] - w[k]).abs() < 1e-12,
                    "{game:?} {hands:?} {board:?}: {have:?} vs {w:?}"
                );
            }
        }
        let total: f64 = got.players.iter().map(|p| p.equity).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
    // Low-card hands and boards: lows qualify often and tie or beat each
    // other by their lower cards.
    for round in 0..8 {
        let game = Variant::OmahaHiLo(4 + (round % 2) as u8);
        let mut used = CardSet::EMPTY;
        let hands: Vec<CardSet> = (0..2 + round % 3)
            .map(|_| set(&deal_low_cards(&mut rng, &mut used, game.hole_cards())))
            .collect();
        let board = deal_low_cards(&mut rng, &mut used, 3 + round % 2);
        let got = variant_equity(&request(game, &hands, &board)).unwrap();
        assert!(got.low_qualifies > 0.3, "{}", got.low_qualifies);
        for (p, w) in got.players.iter().zip(oracle(game, &hands, &board)) {
            let have = [p.equity, p.high, p.low, p.scoop];
            for k in 0..4 {
                assert!(
                    (have[k] - w[k]).abs() < 1e-12,
                    "{game:?} {hands:?} {board:?}: {have:?} vs {w:?}"
                );
            }
        }
    }
}

#[test]
fn monte_carlo_agrees_with_exact_and_handles_random_hands() {
    let hands = [
        CardSet::parse("AsAhKsKh").unwrap(),
        CardSet::parse("JdTd9c8c").unwrap(),
    ];
    for game in [Variant::OmahaHigh(4), Variant::OmahaHiLo(4)] {
        let mut req = request(game, &hands, &[]);
        req.board = CardSet::parse("7d6c2h").unwrap();
        let exact = variant_equity(&req).unwrap();
        req.mode = Mode::MonteCarlo;
        req.target_stderr = 0.003;
        let mc = variant_equity(&req).unwrap();
        assert!(!mc.exact && mc.stderr <= 0.003);
        for (e, m) in exact.players.iter().zip(&mc.players) {
            assert!(
                (e.equity - m.equity).abs() < 5.0 * mc.stderr,
                "{game:?} {e:?} {m:?}"
            );
        }
        assert_eq!(mc, variant_equity(&req).unwrap(), "seeded: the same answer");
    }
    let mut req = VariantRequest::new(
        Variant::OmahaHigh(4),
        vec![HandRange::Random, HandRange::Random],
    );
    req.mode = Mode::MonteCarlo;
    req.target_stderr = 0.004;
    let r = variant_equity(&req).unwrap();
    assert!((r.players[0].equity - 0.5).abs() < 5.0 * r.stderr);
}

#[test]
fn suit_renamed_hands_have_equal_equity() {
    let a = request(
        Variant::OmahaHiLo(4),
        &[
            CardSet::parse("Ac2c3dKd").unwrap(),
            CardSet::parse("QhJhTs9s").unwrap(),
        ],
        &[
            Card::parse("4c").unwrap(),
            Card::parse("8h").unwrap(),
            Card::parse("Ks").unwrap(),
        ],
    );
    let b = request(
        Variant::OmahaHiLo(4),
        &[
            CardSet::parse("Ad2d3cKc").unwrap(),
            CardSet::parse("QsJsTh9h").unwrap(),
        ],
        &[
            Card::parse("4d").unwrap(),
            Card::parse("8s").unwrap(),
            Card::parse("Kh").unwrap(),
        ],
    );
    let (ra, rb) = (variant_equity(&a).unwrap(), variant_equity(&b).unwrap());
    assert_eq!(ra.players, rb.players);
}

#[test]
fn bad_requests_are_refused() {
    let aakk = CardSet::parse("AsAhKsKh").unwrap();
    let other = CardSet::parse("2c3c4c5c").unwrap();
    let mut req = request(Variant::OmahaHigh(4), &[aakk], &[]);
    assert!(variant_equity(&req).is_err(), "one player");
    req.players = vec![
        HandRange::hand(aakk),
        HandRange::hand(CardSet::parse("2c3c4c").unwrap()),
    ];
    assert!(variant_equity(&req).is_err(), "three cards");
    req.players = vec![HandRange::hand(aakk), HandRange::hand(aakk)];
    assert!(variant_equity(&req).is_err(), "a card twice");
    req.players = vec![HandRange::hand(aakk), HandRange::Random];
    assert!(variant_equity(&req).is_err(), "exact with a random hand");
    req.players = vec![HandRange::hand(aakk), HandRange::hand(other)];
    req.board = CardSet::parse("7d6c").unwrap();
    assert!(variant_equity(&req).is_err(), "a two-card board");
    assert!(Variant::parse("plo7").is_err());
    let hands = super::parse_hands(Variant::OmahaHigh(4), &["AsAhKsKh", " random "]).unwrap();
    assert_eq!(hands, vec![HandRange::hand(aakk), HandRange::Random]);
    let bad =
        super::parse_hands(Variant::OmahaHigh(4), &["AsAhKsKh", "random", "AsZz"]).unwrap_err();
    assert!(bad.message().starts_with("player 3:"), "{}", bad.message());
    assert_eq!(Variant::parse("PLO5-8").unwrap(), Variant::OmahaHiLo(5));
}

/// A published figure: A♣A♠J♣T♠ against a random hand preflop has 70.64%
/// equity (PLO QuickPro, "QuickFact #1", 2014,
/// https://www.ploquickpro.com/quickfact-1-top-tier-hand/).
#[test]
fn a_published_preflop_figure() {
    let mut req = VariantRequest::new(
        Variant::OmahaHigh(4),
        vec![
            HandRange::hand(CardSet::parse("AcAsJcTs").unwrap()),
            HandRange::Random,
        ],
    );
    req.mode = Mode::MonteCarlo;
    req.target_stderr = 0.002;
    req.time_budget = std::time::Duration::from_secs(60);
    let r = variant_equity(&req).unwrap();
    assert!(
        (r.players[0].equity - 0.7064).abs() < 4.0 * r.stderr + 0.00005,
        "{r:?}"
    );
}

/// Every board completion ranked one by one with the library's evaluator
/// (checked against the oracle above), for deals too large for the oracle.
fn boards_one_by_one(req: &VariantRequest) -> VariantEquity {
    let hands: Vec<CardSet> = req.players.iter().map(|h| h.single().unwrap()).collect();
    let used = hands
        .iter()
        .fold(req.board.union(req.dead), |u, &h| u.union(h));
    let known: Vec<Card> = req.board.iter().collect();
    let mut scorer = Scorer::new(req.game, hands.len());
    for (seat, &hand) in hands.iter().enumerate() {
        scorer.set_hand(seat, hand);
    }
    let mut outcomes = Outcomes::new(hands.len(), req.game.hi_lo());
    let mut board = known.clone();
    for completion in Subsets::of_set(used.complement(), 5 - known.len()).unwrap() {
        board.truncate(known.len());
        board.extend(CardSet::from_mask(completion).unwrap().iter());
        scorer.deal(&board, &mut outcomes);
    }
    outcomes.sums().result(true)
}

fn assert_same(got: &VariantEquity, want: &VariantEquity, what: &str) {
    assert_eq!(got.deals, want.deals, "{what}");
    assert!(
        (got.low_qualifies - want.low_qualifies).abs() < 1e-12,
        "{what}"
    );
    for (g, w) in got.players.iter().zip(&want.players) {
        let (have, expect) = (
            [g.equity, g.high, g.low, g.win, g.tie, g.scoop],
            [w.equity, w.high, w.low, w.win, w.tie, w.scoop],
        );
        for k in 0..6 {
            assert!(
                (have[k] - expect[k]).abs() < 1e-12,
                "{what}: {g:?} vs {w:?}"
            );
        }
    }
}

/// Hands drawn mostly from two suits, so that flushes, straight flushes
/// and flush-over-full-house choices come up often.
fn deal_suited_cards(rng: &mut Rng, used: &mut CardSet, n: usize) -> Vec<Card> {
    let mut out = Vec::new();
    while out.len() < n {
        let suit = if rng.below(4) == 0 {
            rng.below(4)
        } else {
            rng.below(2)
        } as u8;
        let card = Card::new(4 * rng.below(13) as u8 + suit).unwrap();
        if !used.contains(card) {
            used.insert(card);
            out.push(card);
        }
    }
    out
}

#[test]
fn rank_pattern_counts_match_boards_dealt_one_by_one() {
    let mut rng = Rng::new(23);
    let games = [
        (Variant::OmahaHigh(4), 2, 0, 0),
        (Variant::OmahaHiLo(4), 2, 0, 3),
        (Variant::OmahaHigh(5), 3, 0, 0),
        (Variant::OmahaHiLo(5), 2, 3, 0),
        (Variant::OmahaHigh(6), 2, 3, 2),
        (Variant::OmahaHigh(4), 6, 0, 0),
        (Variant::OmahaHiLo(4), 4, 4, 0),
        (Variant::OmahaHigh(4), 2, 3, 0),
    ];
    for (round, &(game, players, board_len, dead)) in games.iter().enumerate() {
        let mut used = CardSet::EMPTY;
        let deal = |rng: &mut Rng, used: &mut CardSet, n| {
            if round % 2 == 0 {
                deal_suited_cards(rng, used, n)
            } else {
                deal_cards(rng, used, n)
            }
        };
        let hands: Vec<CardSet> = (0..players)
            .map(|_| set(&deal(&mut rng, &mut used, game.hole_cards())))
            .collect();
        let board = deal(&mut rng, &mut used, board_len);
        let mut req = request(game, &hands, &board);
        req.dead = set(&deal_cards(&mut rng, &mut used, dead));
        req.threads = 1 + round % 2;
        let got = variant_equity(&req).unwrap();
        assert!(got.exact);
        assert_same(
            &got,
            &boards_one_by_one(&req),
            &format!("{game:?} {hands:?} {board:?}"),
        );
    }
}

fn omaha_range(text: &str, k: usize) -> crate::error::Result<HandRange> {
    super::omaha_range::parse(text, k, &crate::budget::Control::NONE)
}

fn range_hands(text: &str, k: usize) -> Vec<(CardSet, f64)> {
    match omaha_range(text, k).unwrap() {
        HandRange::Hands(h) => h,
        HandRange::Random => panic!("{text} is not random"),
    }
}

#[test]
fn range_patterns_count_the_hands_they_name() {
    let count = |text: &str, k: usize| range_hands(text, k).len();
    assert_eq!(count("AA**", 4), 6 * 1128 + 4 * 48 + 1);
    assert_eq!(count("KKQQ", 4), 36);
    assert_eq!(count("AAKK:ds", 4), 6);
    assert_eq!(count("AAKK:ss", 4), 24);
    assert_eq!(count("AAKK:r", 4), 6);
    assert_eq!(count("****", 4), 270_725);
    assert_eq!(count("AsK**", 4), 20_825 - 16_215);
    assert_eq!(count("AsKsQhJh", 4), 1);
    assert_eq!(count("AAKK,KKQQ , AsKsQhJh", 4), 73);
    assert_eq!(count("AAKKQ", 5), 6 * 6 * 4);
    assert_eq!(count("AA****:ds", 6), count("**AA**:DS", 6));
    let weighted = range_hands("AA**:0.5, AAKK", 4);
    assert_eq!(weighted.len(), count("AA**", 4));
    let heavy = weighted.iter().filter(|(_, w)| *w == 1.0).count();
    assert_eq!(heavy, 36, "AAKK keeps the last weight");
    assert_eq!(count("AA**, AAKK:0", 4), count("AA**", 4) - 36);
    assert_eq!(omaha_range(" Random ", 4).unwrap(), HandRange::Random);
}

#[test]
fn bad_range_items_are_named() {
    for (text, k, says) in [
        ("AA*", 4, "3 cards or ranks"),
        ("AAAAA", 5, "more than four"),
        ("AAxx", 4, "'x' is not a rank"),
        ("AA**:dz", 4, "'dz' is neither"),
        ("AA**:ds:ss", 4, "more than one suit"),
        ("AA**:0.5:1", 4, "more than one weight"),
        ("AsAs**", 4, "As appears twice"),
        ("AA**:-1", 4, ">= 0"),
        ("AA**,,KK**", 4, "empty range item 2"),
        ("AA**:0", 4, "no hand of positive weight"),
        ("AAAA:ds", 4, "no hand matches"),
        ("******", 6, "too wide"),
        // Refused from its count, before any hand is listed.
        ("*****", 5, "too wide"),
    ] {
        let e = omaha_range(text, k).unwrap_err();
        assert!(e.message().contains(says), "{text}: {}", e.message());
        // Well formed but empty is a bad argument, as Hold'em's `AA:0`.
        let kind = if text == "AA**:0" {
            crate::ErrorKind::InvalidArgument
        } else {
            crate::ErrorKind::Parse
        };
        assert_eq!(e.kind(), kind, "{text}");
    }
    // Found by the fuzzer: a rank named 300 times overflowed its count.
    let long = format!("K{}", "Q".repeat(300));
    let e = omaha_range(&long, 5).unwrap_err();
    assert!(
        e.message().contains("more than 5 cards or ranks"),
        "{}",
        e.message()
    );
}

/// Whether `hand` matches the symbols of `pattern` (ranks, cards and `*`
/// as `HandRange::parse` reads them), by trying every assignment.
fn matches_naively(pattern: &[(Option<u8>, Option<u8>)], hand: &[Card]) -> bool {
    fn assign(pattern: &[(Option<u8>, Option<u8>)], hand: &[Card], used: u32) -> bool {
        let Some((&(rank, suit), rest)) = pattern.split_first() else {
            return true;
        };
        hand.iter().enumerate().any(|(i, c)| {
            used >> i & 1 == 0
                && rank.is_none_or(|r| c.rank() == r)
                && suit.is_none_or(|s| c.suit() == s)
                && assign(rest, hand, used | 1 << i)
        })
    }
    assign(pattern, hand, 0)
}

#[test]
fn range_patterns_match_a_naive_reading_of_every_hand() {
    let mut rng = Rng::new(31);
    let all: Vec<Vec<Card>> = Subsets::of_set(CardSet::FULL, 4)
        .unwrap()
        .map(|m| CardSet::from_mask(m).unwrap().iter().collect())
        .collect();
    for _ in 0..24 {
        let mut text = String::new();
        let mut pattern = Vec::new();
        for _ in 0..4 {
            let (rank, suit) = (rng.below(13) as u8, rng.below(4) as u8);
            match rng.below(3) {
                0 => pattern.push((None, None)),
                1 => pattern.push((Some(rank), None)),
                _ => pattern.push((Some(rank), Some(suit))),
            }
            let symbol = match pattern.last().unwrap() {
                (None, _) => "*".to_string(),
                (Some(r), None) => crate::cards::RANK_CHARS[*r as usize].to_string(),
                (Some(r), Some(s)) => Card::from_rank_suit(*r, *s).unwrap().to_string(),
            };
            text.push_str(&symbol);
        }
        let suits = ["", ":ds", ":ss", ":r"][rng.below(4) as usize];
        text.push_str(suits);
        let want: Vec<u64> = all
            .iter()
            .filter(|h| matches_naively(&pattern, h))
            .map(|h| h.iter().copied().collect::<CardSet>())
            .filter(|h| {
                let counts: Vec<u32> = (0..4)
                    .map(|s| h.iter().filter(|c| c.suit() == s).count() as u32)
                    .collect();
                let twos = counts.iter().filter(|&&c| c == 2).count();
                let more = counts.iter().any(|&c| c > 2);
                match suits {
                    ":ds" => twos == 2 && !more,
                    ":ss" => twos == 1 && !more,
                    ":r" => twos == 0 && !more,
                    _ => true,
                }
            })
            .map(|h| h.mask())
            .collect();
        match omaha_range(&text, 4) {
            Ok(HandRange::Hands(hands)) => {
                let mut got: Vec<u64> = hands.iter().map(|(h, _)| h.mask()).collect();
                let mut want = want;
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{text}");
            }
            Ok(HandRange::Random) => panic!("{text}"),
            Err(e) => assert!(want.is_empty(), "{text}: {}", e.message()),
        }
    }
}

#[test]
fn ranges_weigh_their_hands_exactly_and_in_monte_carlo() {
    let (a, b) = (
        CardSet::parse("AsAhKsKh").unwrap(),
        CardSet::parse("7c6c5d4d").unwrap(),
    );
    let villain = CardSet::parse("JdTd9c8c").unwrap();
    let board = CardSet::parse("Kd7h2s").unwrap();
    let single = |hero: CardSet| {
        let mut req = request(Variant::OmahaHigh(4), &[hero, villain], &[]);
        req.board = board;
        variant_equity(&req).unwrap()
    };
    let (ea, eb) = (single(a), single(b));
    let mut req = request(Variant::OmahaHigh(4), &[a, villain], &[]);
    req.board = board;
    req.players[0] = omaha_range("AsAhKsKh:0.25, 7c6c5d4d", 4).unwrap();
    let got = variant_equity(&req).unwrap();
    assert!(got.exact);
    let want = (0.25 * ea.players[0].equity + eb.players[0].equity) / 1.25;
    assert!((got.players[0].equity - want).abs() < 1e-12);
    assert_eq!(got.deals, ea.deals + eb.deals);
    // Both players on ranges that share cards: exact against Monte Carlo.
    req.players = vec![
        omaha_range("AA**:ds", 4).unwrap(),
        omaha_range("KK**:ds, QQJJ", 4).unwrap(),
    ];
    req.board = CardSet::parse("Qh8d3c").unwrap();
    req.mode = Mode::Auto;
    req.threads = 2;
    let exact = variant_equity(&req).unwrap();
    assert!(exact.exact);
    req.mode = Mode::MonteCarlo;
    req.target_stderr = 0.002;
    let mc = variant_equity(&req).unwrap();
    for (e, m) in exact.players.iter().zip(&mc.players) {
        assert!((e.equity - m.equity).abs() < 5.0 * mc.stderr, "{e:?} {m:?}");
    }
    // Exact refuses what it cannot list, and Auto samples it instead.
    req.players = vec![
        omaha_range("****", 4).unwrap(),
        omaha_range("AA**", 4).unwrap(),
    ];
    req.mode = Mode::Exact;
    assert_eq!(
        variant_equity(&req).unwrap_err().kind(),
        crate::ErrorKind::BudgetExceeded
    );
    req.mode = Mode::Auto;
    assert!(!variant_equity(&req).unwrap().exact);
}

#[test]
fn showdown_highs_find_the_same_winners_as_every_choice_ranked() {
    let mut rng = Rng::new(53);
    for round in 0..4000 {
        let (k, players) = (4 + round % 3, 2 + round % 5);
        let mut used = CardSet::EMPTY;
        let holes: Vec<Hole> = (0..players)
            .map(|_| {
                let cards = if round % 2 == 0 {
                    deal_suited_cards(&mut rng, &mut used, k)
                } else {
                    deal_cards(&mut rng, &mut used, k)
                };
                Hole::new(set(&cards))
            })
            .collect();
        let board = Board::new(&deal_cards(&mut rng, &mut used, 5));
        let full: Vec<u32> = holes.iter().map(|h| h.best_high(&board)).collect();
        let mut quick: Vec<u32> = holes.iter().map(|h| board.flush_of(h)).collect();
        super::omaha_eval::showdown_highs(&holes, &board, &mut quick);
        assert_eq!(
            Outcomes::high_winners(&quick),
            Outcomes::high_winners(&full)
        );
        let best = *full.iter().max().unwrap();
        for (q, f) in quick.iter().zip(&full) {
            assert!(
                if f == &best { q == f } else { q < &best },
                "{quick:?} {full:?}"
            );
        }
    }
}

/// A seed and a target standard error give the same deals, so the same
/// answer, on any number of threads (rounds of a fixed number of batches,
/// each from its own stream).
#[test]
fn monte_carlo_repeats_for_a_seed_whatever_the_threads() {
    let short_deck = Variant::ShortDeck {
        trips_beat_straight: false,
    };
    let run = |game: Variant, hero: &str, threads: usize| {
        let mut req = VariantRequest::new(
            game,
            vec![HandRange::parse(game, hero).unwrap(), HandRange::Random],
        );
        req.mode = Mode::MonteCarlo;
        req.target_stderr = 0.005;
        req.time_budget = std::time::Duration::from_secs(600);
        req.seed = 99;
        req.threads = threads;
        variant_equity(&req).unwrap()
    };
    for (game, hero) in [(Variant::OmahaHigh(4), "AA**"), (short_deck, "AhKh")] {
        let one = run(game, hero, 1);
        assert!(!one.exact && one.stderr <= 0.005);
        for threads in [2, 3, 7, 0] {
            assert_eq!(run(game, hero, threads), one, "{game:?}, {threads} threads");
        }
    }
}
