//! Equity against published values, a naive enumeration, and Monte Carlo.

use super::*;
use crate::combin::Subsets;
use crate::poker::evaluate;
use proptest::prelude::*;

/// An exact request with a budget no test reaches on any machine (the
/// tests of budgets set their own).
fn request(players: &[&str], board: &str) -> EquityRequest {
    let mut r = EquityRequest::new(players.iter().map(|p| Range::parse(p).unwrap()).collect());
    r.board = CardSet::parse(board).unwrap();
    r.mode = Mode::Exact;
    r.time_budget = Duration::from_secs(600);
    r
}

/// CPU time of the calling thread: unlike the wall clock, other work on
/// the machine does not stretch it.
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid clock id and a live timespec to write.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

#[test]
fn published_preflop_values() {
    let r = equity(&request(&["AhKh", "QsQd"], "")).unwrap();
    assert!(r.exact);
    assert_eq!(r.tuples, 1_712_304);
    assert!(
        (r.players[0].equity - 0.462145).abs() < 5e-7,
        "{:?}",
        r.players[0]
    );
    assert!((r.players[1].equity - 0.537855).abs() < 5e-7);
    assert!(
        (r.players[0].tie - 0.001966).abs() < 5e-7,
        "{:?}",
        r.players[0]
    );
    assert!((r.players[1].tie - 0.001966).abs() < 5e-7);

    let r = equity(&request(&["AcAd", "KcKd", "QcQd"], "")).unwrap();
    for (p, e) in r.players.iter().zip([0.676703, 0.172317, 0.150980]) {
        assert!((p.equity - e).abs() < 5e-7, "{p:?} vs {e}");
    }
    let total: f64 = r.players.iter().map(|p| p.equity).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

/// Naive oracle: every tuple of combos and every completion, evaluated card
/// list by card list.
fn naive(players: &[&str], board: &str) -> Vec<(f64, f64)> {
    let ranges: Vec<Range> = players.iter().map(|p| Range::parse(p).unwrap()).collect();
    let board = CardSet::parse(board).unwrap();
    let n = ranges.len();
    let mut share = vec![0.0; n];
    let mut win = vec![0.0; n];
    let mut total = 0.0;
    let mut tuple: Vec<Combo> = Vec::new();
    fn rec(
        ranges: &[Range],
        board: CardSet,
        tuple: &mut Vec<Combo>,
        share: &mut [f64],
        win: &mut [f64],
        total: &mut f64,
    ) {
        if tuple.len() == ranges.len() {
            let used = tuple.iter().fold(board, |u, c| u.union(c.cards));
            let weight: f64 = tuple.iter().map(|c| c.weight).product();
            let deck: Vec<Card> = used.complement().iter().collect();
            let k = 5 - board.len() as usize;
            for mask in Subsets::of_range(deck.len(), k, 0..binomial(deck.len(), k)).unwrap() {
                let runout: CardSet = (0..deck.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| deck[i])
                    .collect();
                let ranks: Vec<u16> = tuple
                    .iter()
                    .map(|c| {
                        evaluate(
                            &c.cards
                                .union(board)
                                .union(runout)
                                .iter()
                                .collect::<Vec<_>>(),
                        )
                        .unwrap()
                        .0
                    })
                    .collect();
                let best = *ranks.iter().max().unwrap();
                let winners = ranks.iter().filter(|&&r| r == best).count() as f64;
                for (i, &r) in ranks.iter().enumerate() {
                    if r == best {
                        share[i] += weight / winners;
                        if winners == 1.0 {
                            win[i] += weight;
                        }
                    }
                }
                *total += weight;
            }
            return;
        }
        for c in ranges[tuple.len()].combos() {
            if tuple.iter().all(|t| t.cards.is_disjoint(c.cards)) && c.cards.is_disjoint(board) {
                tuple.push(*c);
                rec(ranges, board, tuple, share, win, total);
                tuple.pop();
            }
        }
    }
    rec(&ranges, board, &mut tuple, &mut share, &mut win, &mut total);
    (0..n).map(|i| (share[i] / total, win[i] / total)).collect()
}

#[test]
fn ranges_and_weights_match_the_naive_oracle() {
    for (players, board) in [
        (&["AA:0.5,KK", "AKs,QJs"][..], "Ah7c2d"),
        (&["22+", "AhKh", "random"][..], "Kd8s8c4h"),
        (&["T9s-76s", "QQ+"][..], "9h8h2c"),
    ] {
        let got = equity(&request(players, board)).unwrap();
        let want = naive(players, board);
        for (p, (share, win)) in got.players.iter().zip(want) {
            assert!(
                (p.equity - share).abs() < 1e-12,
                "{players:?}: {} vs {share}",
                p.equity
            );
            assert!((p.win - win).abs() < 1e-12);
            assert!((p.categories.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }
}

#[test]
fn monte_carlo_agrees_within_four_standard_errors() {
    let mut req = request(&["AhKh", "QsQd", "JcTc"], "");
    let exact = equity(&req).unwrap();
    req.mode = Mode::MonteCarlo;
    req.target_stderr = 2e-3;
    req.threads = 1;
    req.seed = 7;
    let mc = equity(&req).unwrap();
    assert!(!mc.exact && mc.stderr <= 2e-3 && mc.stderr > 0.0);
    for (e, m) in exact.players.iter().zip(&mc.players) {
        assert!(
            (e.equity - m.equity).abs() < 4.0 * mc.stderr,
            "{e:?} vs {m:?} ({})",
            mc.stderr
        );
    }
    // One thread and one seed: the same answer again.
    assert_eq!(equity(&req).unwrap(), mc);
}

#[test]
fn monte_carlo_with_weights_and_any_two_agrees_with_exact() {
    let mut req = request(&["AA:0.3,KK", "random", "QQ+,AKs"], "Ks7c2d9h");
    let exact = equity(&req).unwrap();
    req.mode = Mode::MonteCarlo;
    req.target_stderr = 3e-3;
    req.threads = 1;
    req.seed = 99;
    let mc = equity(&req).unwrap();
    for (e, m) in exact.players.iter().zip(&mc.players) {
        assert!(
            (e.equity - m.equity).abs() < 4.0 * mc.stderr,
            "{e:?} vs {m:?} ({})",
            mc.stderr
        );
    }
}

#[test]
fn suit_symmetries_fix_board_and_dead_cards() {
    assert_eq!(exact::symmetries(CardSet::EMPTY, CardSet::EMPTY).len(), 24);
    assert_eq!(
        exact::symmetries(CardSet::parse("9h8h2c").unwrap(), CardSet::EMPTY).len(),
        2
    );
    assert_eq!(
        exact::symmetries(
            CardSet::parse("9h8h").unwrap(),
            CardSet::parse("2c").unwrap()
        )
        .len(),
        2
    );
    assert_eq!(
        exact::symmetries(CardSet::parse("Ah7c2d").unwrap(), CardSet::EMPTY).len(),
        1
    );
    // AsKs vs QhQd and AhKh vs QsQd are one class preflop; AcKc vs QcQd not.
    let perms = exact::symmetries(CardSet::EMPTY, CardSet::EMPTY);
    let key = |a: &str, b: &str| {
        exact::canonical(
            &[CardSet::parse(a).unwrap(), CardSet::parse(b).unwrap()],
            &perms,
        )
    };
    assert_eq!(key("AsKs", "QhQd"), key("AhKh", "QsQd"));
    assert_ne!(key("AcKc", "QcQd"), key("AhKh", "QsQd"));
}

#[test]
fn alias_draws_follow_the_weights() {
    let alias = Alias::new(&[1.0, 2.0, 3.0, 4.0]);
    let mut rng = crate::rng::Rng::new(5);
    let mut counts = [0u32; 4];
    for _ in 0..200_000 {
        counts[alias.draw(&mut rng)] += 1;
    }
    for (i, &c) in counts.iter().enumerate() {
        let expected = 200_000.0 * (i + 1) as f64 / 10.0;
        assert!(
            (c as f64 - expected).abs() < 5.0 * expected.sqrt(),
            "{counts:?}"
        );
    }
}

#[test]
fn hand_strength_heads_up_after_the_flop_is_exact() {
    let s = hand_strength(
        CardSet::parse("AhKh").unwrap(),
        1,
        CardSet::parse("Ah7c2d").unwrap_or(CardSet::parse("As7c2d").unwrap()),
        Duration::from_secs(5),
        1,
        0,
        &Control::NONE,
    );
    assert!(s.is_err(), "the hand and the board share Ah");
    let s = hand_strength(
        CardSet::parse("AhKh").unwrap(),
        1,
        CardSet::parse("As7c2d").unwrap(),
        Duration::from_secs(5),
        1,
        0,
        &Control::NONE,
    )
    .unwrap();
    assert!(s.exact);
    assert!(s.win > 0.8 && s.equity >= s.win, "{s:?}");
}

#[test]
fn bad_requests_are_clear() {
    let err = |players: &[&str], board: &str, dead: &str| {
        let mut r = EquityRequest::new(players.iter().map(|p| Range::parse(p).unwrap()).collect());
        r.board = CardSet::parse(board).unwrap();
        r.dead = CardSet::parse(dead).unwrap();
        equity(&r).unwrap_err()
    };
    assert!(err(&["AhKh"], "", "").message().contains("players"));
    assert!(err(&["AA"; 11], "", "").message().contains("players"));
    assert!(
        err(&["AhKh", "QsQd"], "2c3c", "")
            .message()
            .contains("board")
    );
    assert_eq!(
        err(&["AhKh", "AhQd"], "", "").kind(),
        crate::ErrorKind::DuplicateCard
    );
    assert!(
        err(&["AhKh", "QsQd"], "", "Ah")
            .message()
            .contains("no combo")
    );
    assert_eq!(
        err(&["AhKh", "QsQd"], "2c3c4c", "2c").kind(),
        crate::ErrorKind::DuplicateCard
    );
    assert!(
        err(&["AA", "AA", "AA"], "", "")
            .message()
            .contains("conflict")
    );
    // The target error is checked here, once, for every front end and
    // mode (an exact answer would never read it, but it is still wrong).
    for target in [0.0, -1e-3, f64::NAN, f64::INFINITY] {
        for mode in [Mode::Auto, Mode::Exact, Mode::MonteCarlo] {
            let mut r = request(&["AhKh", "QsQd"], "");
            r.mode = mode;
            r.target_stderr = target;
            let e = equity(&r).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument, "{e}");
            assert!(e.message().contains("target standard error"), "{e}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_turn_spots_match_the_naive_oracle(seed in any::<u64>(), n in 2usize..=4) {
        let mut rng = crate::rng::Rng::new(seed);
        let mut used = CardSet::EMPTY;
        let mut draw = || loop {
            let c = Card::new(rng.below(52) as u8).unwrap();
            if !used.contains(c) {
                used.insert(c);
                return c.to_string();
            }
        };
        let hands: Vec<String> = (0..n).map(|_| format!("{}{}", draw(), draw())).collect();
        let board: String = (0..4).map(|_| draw()).collect();
        let names: Vec<&str> = hands.iter().map(String::as_str).collect();
        let got = equity(&request(&names, &board)).unwrap();
        for (p, (share, _)) in got.players.iter().zip(naive(&names, &board)) {
            prop_assert!((p.equity - share).abs() < 1e-12);
        }
    }
}

/// A random deal for the rank-pattern counter: `players` hands, a board of
/// 0, 3, 4 or 5 cards and up to 3 dead cards. With `few_suits` every card
/// comes from two suits, so flushes (and flush against full house) are
/// common.
fn random_deal(
    seed: u64,
    players: usize,
    board_len: usize,
    dead_len: usize,
    few_suits: bool,
) -> (Vec<CardSet>, CardSet, CardSet) {
    let mut rng = crate::rng::Rng::new(seed);
    let mut used = CardSet::EMPTY;
    let mut draw = |count: usize| {
        let mut set = CardSet::EMPTY;
        while set.len() as usize != count {
            let rank = rng.below(13) as u8;
            let suit = rng.below(if few_suits { 2 } else { 4 }) as u8;
            let c = Card::from_rank_suit(rank, suit).unwrap();
            if !used.contains(c) {
                used.insert(c);
                set.insert(c);
            }
        }
        set
    };
    let hands = (0..players).map(|_| draw(2)).collect();
    let board = draw(board_len);
    let dead = draw(dead_len);
    (hands, board, dead)
}

#[test]
fn rank_patterns_count_every_board_of_the_published_deals() {
    // The published deals, a club-heavy one, and deals where whole ranks
    // are gone (no ace, then no king either) or the board is a flush.
    for (hands, board, dead) in [
        ("AhKh QsQd", "", ""),
        ("AcAd KcKd QcQd", "", ""),
        ("2c3c 4c5c 6c7c Ac8c", "", ""),
        ("AcAd AhAs", "", ""),
        ("AcAd AhAs", "KcKdKs", "Kh"),
        ("2h3d 9s9c", "AhKhQh", "Jh"),
        ("2h3d 9s9c", "AhKhQhJhTh", ""),
    ] {
        let hands: Vec<CardSet> = hands
            .split(' ')
            .map(|h| CardSet::parse(h).unwrap())
            .collect();
        let (board, dead) = (
            CardSet::parse(board).unwrap(),
            CardSet::parse(dead).unwrap(),
        );
        let want = brute::count_every_board(&hands, board, dead);
        let got = runouts::count_runouts(&hands, board, dead, 0, 1);
        assert_eq!(got, want, "{hands:?} {board} {dead}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The rank-pattern counter gives exactly the brute-force counts (wins,
    /// shares, squared shares, categories, completions), whole or in parts.
    #[test]
    fn rank_patterns_match_dealing_every_board(
        seed in any::<u64>(),
        players in 2usize..=10,
        board_len in prop::sample::select(vec![0usize, 3, 4, 5]),
        dead_len in 0usize..=3,
        few_suits in any::<bool>(),
        parts in 1u32..=3,
    ) {
        let players = if few_suits { players.min(4) } else { players };
        let (hands, board, dead) = random_deal(seed, players, board_len, dead_len, few_suits);
        let want = brute::count_every_board(&hands, board, dead);
        let mut got = Counts::new();
        for part in 0..parts {
            got.merge(&runouts::count_runouts(&hands, board, dead, part, parts));
        }
        prop_assert_eq!(got, want);
    }
}

#[test]
fn auto_mode_is_exact_when_the_estimate_fits_the_budget() {
    let auto = |players: &[&str], budget_ms: u64| {
        let mut r = request(players, "");
        r.mode = Mode::Auto;
        r.threads = 1;
        r.time_budget = Duration::from_millis(budget_ms);
        equity(&r).unwrap()
    };
    // One class of about 1 ms.
    assert!(auto(&["AhKh", "QsQd", "JcTc"], 1000).exact);
    assert!(!auto(&["AhKh", "QsQd", "JcTc"], 0).exact);
    // Heads-up preflop is read from the table, exact at once.
    assert!(auto(&["AhKh", "QsQd"], 0).exact);
    // 1,326^3 tuples: never listed.
    assert!(!auto(&["AhKh", "random", "random", "random"], 1000).exact);
}

/// Ranges with no deal that a plain search takes very long to rule out:
/// nine players of `AA,KK,QQ,JJ,TT` and one holding AhKh (eight pairs are
/// left for nine players; a minute before the search had a budget), and
/// ten players of `AA,KK,QQ,JJ` (eight pairs for ten). Every mode ends with
/// a clear error.
#[test]
fn ranges_that_almost_fit_end_the_search_with_an_error() {
    let mut one_short = vec!["AA,KK,QQ,JJ,TT"; 9];
    one_short.push("AhKh");
    let two_short = vec!["AA,KK,QQ,JJ"; 10];
    for (players, mode) in [&one_short, &two_short]
        .into_iter()
        .flat_map(|p| [Mode::Exact, Mode::MonteCarlo, Mode::Auto].map(|m| (p, m)))
    {
        let mut r = request(players, "");
        r.mode = mode;
        r.threads = 1;
        r.time_budget = Duration::from_millis(50);
        let e = equity(&r).unwrap_err();
        assert!(
            matches!(
                e.kind(),
                crate::ErrorKind::BudgetExceeded | crate::ErrorKind::InvalidArgument
            ),
            "{mode:?}: {e}"
        );
        assert!(
            e.message().contains("conflict") || e.message().contains("fit"),
            "{e}"
        );
    }
}

/// Monte Carlo on ranges that rarely fit (about one draw in a thousand
/// deals every player a combo) stops at the deadline mid-batch and reports
/// what it drew, with its standard error.
#[test]
fn monte_carlo_on_rarely_fitting_ranges_keeps_to_the_deadline() {
    let mut players = vec!["AA,KK,QQ,JJ,TT"; 8];
    players.extend(["random", "random"]);
    let mut r = request(&players, "");
    r.mode = Mode::MonteCarlo;
    r.threads = 1;
    r.target_stderr = 1e-9;
    r.time_budget = Duration::from_millis(5);
    let got = match equity(&r) {
        Ok(got) => got,
        // A machine too busy to find one fitting deal within 5 ms: the
        // documented refusal.
        Err(e) => {
            assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded, "{e}");
            assert!(e.message().contains("time budget"), "{e}");
            return;
        }
    };
    assert!(!got.exact);
    assert!(got.tuples > 0 && got.tuples < 4096, "{}", got.tuples);
    assert!(got.stderr > 0.0 && got.stderr.is_finite());
    let total: f64 = got.players.iter().map(|p| p.equity).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

/// Chunked streams: a seed and a target standard error give the same deals,
/// so the same answer, on any number of threads.
#[test]
fn monte_carlo_repeats_for_a_seed_whatever_the_threads() {
    let run = |threads: usize| {
        let mut r = request(&["AhKh", "QQ+,AKs", "random"], "Ks7c2d");
        r.mode = Mode::MonteCarlo;
        r.target_stderr = 2e-3;
        r.time_budget = Duration::from_secs(600);
        r.seed = 42;
        r.threads = threads;
        equity(&r).unwrap()
    };
    let one = run(1);
    assert!(!one.exact && one.stderr <= 2e-3);
    for threads in [2, 3, 0] {
        assert_eq!(run(threads), one, "threads {threads}");
    }
}

/// Exact mode keeps to its time budget: a refusal once it passes, never a
/// long run (here about 70 s of work against a 100 ms budget).
#[test]
fn exact_mode_returns_by_its_time_budget() {
    let mut r = request(&["AhKh", "random", "random"], "");
    r.threads = 1;
    r.time_budget = Duration::from_millis(100);
    let started = std::time::Instant::now();
    let e = equity(&r).unwrap_err();
    let elapsed = started.elapsed();
    assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded);
    assert!(e.message().contains("time budget"), "{e}");
    // Generous (100 times the budget, for a loaded machine): the point is
    // seconds against the 70 s the work would take, not a timing.
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
    // Auto answers the same question by sampling within the budget.
    r.mode = Mode::Auto;
    let a = equity(&r).unwrap();
    assert!(!a.exact && a.tuples > 0);
}

/// Far too many tuples are refused from an estimate, before any listing,
/// by the tuple engine (preflop) and by the multiway sweep (a flop).
#[test]
fn exact_refuses_huge_tuple_counts_before_listing() {
    let mut flop = request(&["random"; 4], "Ks7c2d");
    flop.threads = 1;
    flop.time_budget = Duration::from_secs(600);
    let e = equity(&flop).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded);
    assert!(e.message().starts_with("about "), "{e}");
    for players in [3, 10] {
        let mut r = request(&vec!["random"; players], "");
        r.threads = 1;
        r.time_budget = Duration::from_secs(600);
        let e = equity(&r).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::BudgetExceeded);
        assert!(e.message().starts_with("about "), "{e}");
        assert!(exact::estimated_tuples(&prepare(&r).unwrap(), 0).unwrap() > 1e9);
    }
}

/// Monte Carlo stops at the deadline within its chunk, and even a zero
/// budget answers from a few deals.
#[test]
fn monte_carlo_keeps_to_short_budgets() {
    let mut r = request(&["AhKh", "random", "random"], "");
    r.mode = Mode::MonteCarlo;
    r.target_stderr = 1e-9;
    r.threads = 1;
    r.time_budget = Duration::ZERO;
    let zero = equity(&r).unwrap();
    assert!(zero.tuples >= 1 && zero.tuples < 4096, "{}", zero.tuples);
    r.threads = 100_000;
    assert_eq!(
        equity(&r).unwrap_err().kind(),
        crate::ErrorKind::InvalidArgument
    );
}

/// A random range of `size` combos drawn from `cards` (few cards: heavy
/// collisions), with weights among 0.25, 0.5, 1 and 3 when `weighted`.
fn random_range(rng: &mut crate::rng::Rng, cards: &[Card], size: usize, weighted: bool) -> Range {
    let mut text = Vec::new();
    for _ in 0..size {
        let a = cards[rng.below(cards.len() as u32) as usize];
        let b = loop {
            let b = cards[rng.below(cards.len() as u32) as usize];
            if b != a {
                break b;
            }
        };
        let weight = if weighted {
            [0.25, 0.5, 1.0, 3.0][rng.below(4) as usize]
        } else {
            1.0
        };
        text.push(format!("{a}{b}:{weight}"));
    }
    Range::parse(&text.join(",")).unwrap()
}

/// The tuple-by-tuple exact path (the sweep's oracle).
fn by_tuples(req: &EquityRequest) -> Result<EquityResult> {
    let p = prepare(req)?;
    let plan = exact::plan(&p, &Control::NONE)?;
    exact::run(&p, &plan, Workers::CALLER, &Control::NONE)
}

/// Two engines agree on a request: the same error kind, or the same deal
/// count and every player's equity, win, tie and categories to 1e-12.
fn check_same(
    want: &Result<EquityResult>,
    got: &Result<EquityResult>,
) -> std::result::Result<(), TestCaseError> {
    match (want, got) {
        (Err(w), Err(g)) => prop_assert_eq!(w.kind(), g.kind()),
        (Ok(w), Ok(g)) => {
            prop_assert_eq!(w.tuples, g.tuples);
            for (x, y) in w.players.iter().zip(&g.players) {
                prop_assert!((x.equity - y.equity).abs() < 1e-12, "{:?} vs {:?}", x, y);
                prop_assert!((x.win - y.win).abs() < 1e-12);
                prop_assert!((x.tie - y.tie).abs() < 1e-12);
                for c in 0..9 {
                    prop_assert!(
                        (x.categories[c] - y.categories[c]).abs() < 1e-12,
                        "{:?} vs {:?}",
                        x,
                        y
                    );
                }
            }
        }
        _ => prop_assert!(false, "{:?} vs {:?}", want, got),
    }
    Ok(())
}

/// A breakdown agrees with its totals (each player's rows, weighted by
/// their deals, give the player's equity) and, for the first `per_player`
/// combos of each player, with the tuple engine asked about that combo
/// alone.
fn check_breakdown(
    req: &EquityRequest,
    got: &EquityResult,
    per_player: usize,
) -> std::result::Result<(), TestCaseError> {
    prop_assert_eq!(got.by_combo.len(), req.players.len());
    for (player, combos) in got.by_combo.iter().enumerate() {
        let total: f64 = combos.iter().map(|c| c.deals).sum();
        let weighted: f64 = combos.iter().map(|c| c.equity * c.deals).sum::<f64>() / total;
        prop_assert!((weighted - got.players[player].equity).abs() < 1e-12);
        for c in combos.iter().take(per_player) {
            let mut one = req.clone();
            one.players[player] = Range::single(c.cards).unwrap();
            match by_tuples(&one) {
                Ok(alone) => {
                    let p = &alone.players[player];
                    prop_assert!((p.equity - c.equity).abs() < 1e-12, "{:?} vs {:?}", p, c);
                    prop_assert!((p.win - c.win).abs() < 1e-12);
                    prop_assert!((p.tie - c.tie).abs() < 1e-12);
                }
                Err(_) => prop_assert_eq!(c.deals, 0.0),
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The heads-up sweep gives the tuple-by-tuple answer: equity, win,
    /// tie, categories and the deal count, on flops, turns and rivers with
    /// dead cards, weights and ranges that collide heavily; and each
    /// combo's breakdown is the tuple answer for that combo alone.
    #[test]
    fn the_heads_up_sweep_matches_the_tuple_engine(
        seed in any::<u64>(),
        board_len in prop::sample::select(vec![3usize, 4, 5]),
        dead_len in 0usize..=2,
        pool in 8usize..=52,
        sizes in (1usize..=30, 1usize..=30),
        weighted in any::<bool>(),
    ) {
        let mut rng = crate::rng::Rng::new(seed);
        let mut deck: Vec<Card> = CardSet::FULL.iter().collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let board: CardSet = deck[..board_len].iter().copied().collect();
        let dead: CardSet = deck[board_len..board_len + dead_len].iter().copied().collect();
        // Ranges drawn from a pool of cards that includes the board's, so
        // some combos are dead on arrival and many collide.
        let pool = &deck[..pool.max(board_len + dead_len + 4)];
        let a = random_range(&mut rng, pool, sizes.0, weighted);
        let b = random_range(&mut rng, pool, sizes.1, weighted);
        let mut req = EquityRequest::new(vec![a.clone(), b.clone()]);
        req.board = board;
        req.dead = dead;
        req.mode = Mode::Exact;
        req.threads = 1;
        req.by_combo = true;
        let want = by_tuples(&req);
        let got = equity(&req);
        check_same(&want, &got)?;
        if let Ok(got) = &got {
            check_breakdown(&req, got, 3)?;
        }
    }
}

#[test]
fn the_sweep_gives_the_same_answer_on_any_thread_count() {
    let mut req = request(&["22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "random"], "Ks7c2d");
    req.threads = 1;
    req.by_combo = true;
    let one = equity(&req).unwrap();
    assert_eq!(one.by_combo[1].len(), 1176);
    for threads in [2, 0] {
        req.threads = threads;
        assert_eq!(equity(&req).unwrap(), one);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The multiway sweep gives the tuple-by-tuple answer for 3 to 5
    /// players on flops, turns and rivers: equity, win, tie, categories
    /// and the deal count, with weights, dead cards and colliding ranges.
    #[test]
    fn the_multiway_sweep_matches_the_tuple_engine(
        seed in any::<u64>(),
        players in 3usize..=5,
        board_len in prop::sample::select(vec![3usize, 4, 5]),
        dead_len in 0usize..=2,
        pool in 12usize..=52,
        weighted in any::<bool>(),
    ) {
        let mut rng = crate::rng::Rng::new(seed);
        let mut deck: Vec<Card> = CardSet::FULL.iter().collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let board: CardSet = deck[..board_len].iter().copied().collect();
        let dead: CardSet = deck[board_len..board_len + dead_len].iter().copied().collect();
        let pool = &deck[..pool.max(board_len + dead_len + 2 * players + 2)];
        let ranges = (0..players)
            .map(|i| {
                // One wide range, the others narrow.
                let size = if i == players - 1 { 60 } else { 1 + rng.below(6) as usize };
                random_range(&mut rng, pool, size, weighted)
            })
            .collect();
        let mut req = EquityRequest::new(ranges);
        req.board = board;
        req.dead = dead;
        req.mode = Mode::Exact;
        req.threads = 1;
        req.by_combo = true;
        let want = by_tuples(&req);
        let got = equity(&req);
        check_same(&want, &got)?;
        if let Ok(got) = &got {
            check_breakdown(&req, got, 2)?;
        }
    }
}

/// Auto's estimate of the exact work, from the method that will run,
/// follows the time measured on one thread (the fastest of three runs)
/// over cases of every engine and street: each case's ratio of estimate
/// to time is within 3x of the median ratio. Relative, so a machine
/// uniformly slower than the one the estimates were calibrated on does not
/// fail it; a mis-estimated engine or street does. The time is the calling
/// thread's CPU time (one thread runs on the caller), which other work on
/// a busy machine does not stretch as it does the wall clock.
#[test]
fn the_exact_estimates_follow_the_measured_time() {
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "random"],
            "Ks7c2d",
            "",
        ),
        (
            &["22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "random"],
            "Ks7c2d5h",
            "",
        ),
        (&["QQ+,AKs", "JJ-88,AQs"], "Ks7c2d", ""),
        (&["AhKh", "QsQd"], "Ks7c2d", ""),
        (&["AA,KK,AKs", "QQ-TT,AQs", "random"], "Ks7c2d", ""),
        (
            &["AA,KK", "QQ,JJ", "AKs,AQs", "TT", "KQs,QJs", "random"],
            "9h5c2d",
            "3s4s6s",
        ),
        // Dead cards: the tuple engine, not the preflop table.
        (&["AhKh", "QsQd"], "", "2c"),
        (&["AcAd", "KcKd", "QcQd"], "", ""),
        (&["QQ+,AKs", "JJ-88,AQs"], "", "2c"),
    ];
    let mut ratios = Vec::new();
    for &(players, board, dead) in cases {
        let mut req = request(players, board);
        req.dead = CardSet::parse(dead).unwrap();
        req.threads = 1;
        req.time_budget = Duration::from_secs(600);
        let p = prepare(&req).unwrap();
        let estimate = if p.players.len() == 2 && p.to_deal < 5 {
            heads_up_seconds(&p, &req, &Control::NONE).unwrap()
        } else if multiway::applies(&p) {
            multiway::seconds(&p)
        } else {
            exact::plan_seconds(&p, &exact::plan(&p, &Control::NONE).unwrap())
        };
        let measured = (0..3)
            .map(|_| {
                let started = thread_cpu_seconds();
                equity(&req).unwrap();
                thread_cpu_seconds() - started
            })
            .fold(f64::INFINITY, f64::min);
        let ratio = estimate / measured;
        eprintln!(
            "{players:?} {board}: estimate {estimate:.6} s, measured {measured:.6} s, ratio {ratio:.2}"
        );
        ratios.push((players, board, ratio));
    }
    let mut sorted: Vec<f64> = ratios.iter().map(|r| r.2).collect();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    for (players, board, ratio) in ratios {
        assert!(
            (1.0 / 3.0..=3.0).contains(&(ratio / median)),
            "{players:?} on '{board}': estimate/time {ratio:.3}, median of all cases {median:.3}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The preflop table gives the tuple engine's answer for heads-up
    /// ranges: equity, win, tie, categories and the deal count.
    #[test]
    fn the_preflop_table_matches_the_tuple_engine(
        seed in any::<u64>(),
        pool in 6usize..=52,
        sizes in (1usize..=4, 1usize..=4),
        weighted in any::<bool>(),
    ) {
        let mut rng = crate::rng::Rng::new(seed);
        let mut deck: Vec<Card> = CardSet::FULL.iter().collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let pool = &deck[..pool];
        let a = random_range(&mut rng, pool, sizes.0, weighted);
        let b = random_range(&mut rng, pool, sizes.1, weighted);
        let mut req = EquityRequest::new(vec![a, b]);
        req.mode = Mode::Exact;
        req.threads = 1;
        req.by_combo = true;
        let want = by_tuples(&req);
        let got = equity(&req);
        check_same(&want, &got)?;
        if let Ok(got) = &got {
            check_breakdown(&req, got, 1326)?;
        }
    }
}

/// Weights are relative within a range: any finite positive weights give
/// the unweighted answer when uniform (their raw products would overflow
/// to NaN or underflow to "no deal"), on every engine; a range whose
/// weights are too far apart to count is refused, naming the player.
#[test]
fn extreme_weights_count_as_their_ratios() {
    for (board, players) in [
        ("", ["AA", "KK"]),
        ("Ks7c2d", ["QQ+,AKs", "JJ-88"]),
        ("Ks7c2d", ["AhAd", "random"]),
    ] {
        let plain = equity(&request(&players, board)).unwrap();
        for weight in ["1e160", "1e308", "1e-200", "5e-324"] {
            for mode in [Mode::Exact, Mode::Auto] {
                let weighted: Vec<String> = players
                    .iter()
                    .map(|p| {
                        p.split(',')
                            .map(|item| format!("{item}:{weight}"))
                            .collect::<Vec<_>>()
                            .join(",")
                    })
                    .collect();
                let weighted: Vec<&str> = weighted.iter().map(String::as_str).collect();
                let mut req = request(&weighted, board);
                req.mode = mode;
                let got = equity(&req).unwrap_or_else(|e| panic!("{weighted:?}: {e}"));
                for (p, q) in got.players.iter().zip(&plain.players) {
                    assert!(
                        (p.equity - q.equity).abs() < 1e-12,
                        "{weighted:?} {mode:?}: {} vs {}",
                        p.equity,
                        q.equity
                    );
                }
            }
        }
    }
    // The caller's weights come back in the per-combo rows.
    let mut req = request(&["AA:1e300,KK:2e300", "QQ"], "Ks7c2d");
    req.by_combo = true;
    let rows = equity(&req).unwrap().by_combo;
    assert!(
        rows[0]
            .iter()
            .all(|r| r.weight == 1e300 || r.weight == 2e300)
    );
    // 1e-12 of the largest weight cannot be told from rounding.
    let e = equity(&request(&["AA:1,KK:1e-12", "QQ"], "")).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
    assert!(e.message().contains("player 1's weights"), "{e}");
}

#[test]
fn a_zero_target_or_strength_budget_is_the_default() {
    assert_eq!(target_stderr(0.0).unwrap(), DEFAULT_TARGET_STDERR);
    assert_eq!(target_stderr(0.01).unwrap(), 0.01);
    assert!(target_stderr(-0.01).is_err());
    assert!(target_stderr(f64::NAN).is_err());
    assert!(target_stderr(f64::INFINITY).is_err());
    assert_eq!(
        strength_time_budget(crate::budget::given_ms(Some(0))),
        DEFAULT_TIME_BUDGET
    );
    assert_eq!(
        strength_time_budget(crate::budget::given_ms(Some(5))),
        Duration::from_millis(5)
    );
}
