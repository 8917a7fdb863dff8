use super::cfr::sweep;
use super::deals::{self, Deals};
use super::multiway::solve_deals;
use super::table::{Tree, final_stacks};
use super::*;
use crate::budget::Control;
use crate::cards::Card;
use crate::poker::HandKey;
use crate::rng::Rng;
use proptest::prelude::*;

// ---- ICM -------------------------------------------------------------------

/// ICM by brute force: every finishing order of the players with chips,
/// each with the chance Malmuth-Harville gives it.
fn icm_brute_force(stacks: &[f64], payouts: &[f64]) -> Vec<f64> {
    fn walk(
        stacks: &[f64],
        payouts: &[f64],
        left: &mut Vec<usize>,
        chance: f64,
        place: usize,
        out: &mut [f64],
    ) {
        let chips: f64 = left.iter().map(|&i| stacks[i]).sum();
        for k in 0..left.len() {
            let i = left[k];
            let p = chance * stacks[i] / chips;
            out[i] += p * payouts.get(place).copied().unwrap_or(0.0);
            left.remove(k);
            walk(stacks, payouts, left, p, place + 1, out);
            left.insert(k, i);
        }
    }
    let mut out = vec![0.0; stacks.len()];
    walk(
        stacks,
        payouts,
        &mut (0..stacks.len()).collect(),
        1.0,
        0,
        &mut out,
    );
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn icm_matches_every_finishing_order(
        stacks in prop::collection::vec(0.5f64..100.0, 1..7),
        payouts in prop::collection::vec(0.0f64..100.0, 1..5),
    ) {
        let got = icm_equity(&stacks, &payouts, &stacks).unwrap();
        let want = icm_brute_force(&stacks, &payouts);
        for (g, w) in got.iter().zip(&want) {
            prop_assert!((g - w).abs() <= 1e-9 * (1.0 + w.abs()), "{got:?} vs {want:?}");
        }
    }
}

#[test]
fn icm_agrees_with_sums_done_by_hand() {
    // 2,1,1 chips for 50/30/20: the big stack wins 1/2 of the time,
    // comes second 1/2 * 2/3 = 1/3, third 1/6.
    let e = icm_equity(&[2.0, 1.0, 1.0], &[50.0, 30.0, 20.0], &[2.0, 1.0, 1.0]).unwrap();
    let big = 50.0 / 2.0 + 30.0 / 3.0 + 20.0 / 6.0;
    assert!((e[0] - big).abs() < 1e-12);
    assert!((e[1] - (100.0 - big) / 2.0).abs() < 1e-12);
    // Busted players finish last, the bigger stack before the hand first,
    // equal ones sharing.
    let e = icm_equity(&[0.0, 0.0, 30.0], &[50.0, 30.0, 20.0], &[5.0, 10.0, 15.0]).unwrap();
    assert_eq!(e, vec![20.0, 30.0, 50.0]);
    let e = icm_equity(&[0.0, 0.0, 30.0], &[50.0, 30.0, 20.0], &[10.0, 10.0, 10.0]).unwrap();
    assert_eq!(e, vec![25.0, 25.0, 50.0]);
    assert!(icm_equity(&[1.0; 11], &[1.0], &[1.0; 11]).is_err());
    assert!(icm_equity(&[-1.0, 2.0], &[1.0], &[1.0, 2.0]).is_err());
}

// ---- The table: posts, pots, tree -------------------------------------------

fn table(stacks: &[f64], ante: f64, payouts: &[f64]) -> Table {
    Table {
        stacks: stacks.to_vec(),
        ante,
        payouts: payouts.to_vec(),
        ..Table::default()
    }
}

#[test]
fn side_pots_pay_as_dealt_by_hand() {
    let t = table(&[5.0, 10.0, 20.0], 0.0, &[]);
    // All in, the short stack best, then the small blind: the main pot
    // (15) to seat 1, the side pot (10) to seat 2, the big blind's last
    // 10 back to it.
    assert_eq!(final_stacks(&t, 0b111, &[3, 2, 1]), vec![15.0, 10.0, 10.0]);
    // The big blind best: it takes both pots.
    assert_eq!(final_stacks(&t, 0b111, &[1, 2, 3]), vec![0.0, 0.0, 35.0]);
    // Everyone folds to the big blind, with antes: it takes the posts.
    let t = table(&[10.0, 10.0, 10.0], 0.1, &[]);
    let walk = final_stacks(&t, 0b100, &[0, 0, 0]);
    assert!((walk[0] - 9.9).abs() < 1e-12 && (walk[1] - 9.4).abs() < 1e-12);
    assert!((walk[2] - 10.7).abs() < 1e-12);
    // A tie between two all-ins splits the pot; the folded seat's ante
    // and blind are in it.
    let s = final_stacks(&t, 0b101, &[5, 0, 5]);
    assert!((s[0] - 10.3).abs() < 1e-12 && (s[1] - 9.4).abs() < 1e-12);
    // An uncalled push takes the posts.
    let s = final_stacks(&table(&[4.0, 10.0, 10.0], 0.0, &[]), 0b001, &[0, 0, 0]);
    assert_eq!(s, vec![5.5, 9.5, 9.0]);
}

#[test]
fn the_tree_has_a_spot_for_every_history() {
    assert_eq!((spot_count(1), spot_count(11)), (0, 0));
    for n in 2..=10usize {
        let t = Tree::new(n);
        // Folds to seat p (for p < n - 1), then p pushes or folds; after a
        // push by p, each of the n - 1 - p seats after it calls or folds.
        let after = |p: usize| (1usize << (n - 1 - p)) - 1;
        let spots: usize = (0..n - 1).map(|p| 1 + after(p)).sum();
        let ends: usize = 1 + (0..n - 1).map(|p| after(p) + 1).sum::<usize>();
        assert_eq!((t.spots.len(), t.ends.len()), (spots, ends), "{n} players");
        assert_eq!(spot_count(n), spots, "{n} players");
        for (s, spot) in t.spots.iter().enumerate() {
            assert!(t.children[s].iter().all(|&c| c > s), "parents first");
            assert!(
                spot.callers
                    .iter()
                    .all(|&c| Some(c) > spot.opener && c < spot.seat)
            );
        }
    }
}

#[test]
fn bad_tables_are_refused_naming_the_input() {
    let solve = |t: &Table, o: &SolveOptions| solve_table(t, o).unwrap_err().to_string();
    let o = SolveOptions::default();
    assert!(solve(&table(&[10.0], 0.0, &[]), &o).contains("stacks"));
    assert!(solve(&table(&[10.0; 11], 0.0, &[]), &o).contains("11 given"));
    assert!(solve(&table(&[10.0, 0.4, 10.0], 0.0, &[]), &o).contains("stack 0.4"));
    assert!(solve(&table(&[10.0, 10.0, 0.5], 0.1, &[]), &o).contains("seat 3"));
    assert!(solve(&table(&[10.0; 3], -1.0, &[]), &o).contains("ante -1"));
    assert!(solve(&table(&[10.0; 3], 0.0, &[50.0, -1.0]), &o).contains("payout -1"));
    assert!(solve(&table(&[10.0; 3], 0.0, &[0.0, 0.0]), &o).contains("payouts"));
    let nan = SolveOptions {
        target: f64::NAN,
        ..o
    };
    assert!(solve(&table(&[10.0; 3], 0.0, &[]), &nan).contains("target"));
    let none = SolveOptions { samples: 0, ..o };
    assert!(solve(&table(&[10.0; 3], 0.0, &[]), &none).contains("samples 0"));
    let t = Table {
        small_blind: 2.0,
        ..table(&[10.0; 3], 0.0, &[])
    };
    assert!(solve(&t, &o).contains("blinds 2,1"));
}

// ---- Reduced decks: exact games ---------------------------------------------

/// `k` distinct cards drawn by `seed`.
fn cards(seed: u64, k: usize) -> Vec<Card> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Card> = Vec::new();
    while out.len() < k {
        let c = Card::new(rng.below(52) as u8).unwrap();
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    /// Two seats on a reduced deck: the multiway solver's value is the
    /// heads-up linear-programming solver's (exact), within the gain it
    /// reports (in a zero-sum game the value is off by at most the larger
    /// best-response gain; CFR+ is slow to 1e-4 on the reduced decks'
    /// all-or-nothing equities, so the bound is what is tested).
    #[test]
    fn two_seats_on_a_reduced_deck_match_the_heads_up_solver(
        seed in 0u64..1000,
        stack in 1.5f64..20.0,
        extra in 0.0f64..5.0,
        ante in 0.0f64..0.3,
    ) {
        let deck = cards(seed, 10);
        let t = table(&[stack, stack + extra], ante, &[]);
        let tree = Tree::new(2);
        let (deals, hands) = deals::reduced(&t, &tree, &deck).unwrap();
        let (_, s, _) = solve_deals(&tree, &deals, (1e-4, 4_000), &Control::NONE);
        let worst = s.gains.iter().fold(0.0f64, |m, &g| m.max(g));
        prop_assert!(worst <= 1e-3, "gains {:?}", s.gains);
        // The heads-up game of the same deck: equities over the boards
        // of the cards left.
        let masks: Vec<u64> = hands.iter().map(|h| h.mask()).collect();
        let all = deck.iter().fold(0u64, |m, c| m | c.bit());
        let equity: Vec<f64> = masks
            .iter()
            .flat_map(|&a| masks.iter().map(move |&b| (a, b)))
            .map(|(a, b)| board_equity(a, b, all))
            .collect();
        let groups = (0..masks.len()).collect();
        let m = Matchups::new(masks, equity, groups).unwrap();
        let stakes = Stakes { stack, small_blind: 0.5, big_blind: 1.0, ante };
        let exact = solve_game(&m, &stakes).unwrap().evaluation.value;
        prop_assert!((s.values[0] - exact).abs() <= 2.0 * worst + 1e-9, "{} vs {exact}", s.values[0]);
        prop_assert!((s.values[0] + s.values[1]).abs() < 1e-9);
    }
}

/// Hand `a`'s equity against `b` over the boards of five of the cards of
/// `all` left (0.5 when they share a card: never read).
fn board_equity(a: u64, b: u64, all: u64) -> f64 {
    if a & b != 0 {
        return 0.5;
    }
    let left: Vec<u64> = (0..52)
        .map(|i| 1u64 << i)
        .filter(|&c| c & all & !(a | b) != 0)
        .collect();
    let (mut won, mut boards) = (0.0, 0.0);
    for board in subsets_of_five(&left) {
        let (x, y) = (strength(a | board), strength(b | board));
        won += if x > y {
            1.0
        } else if x == y {
            0.5
        } else {
            0.0
        };
        boards += 1.0;
    }
    won / boards
}

fn subsets_of_five(cards: &[u64]) -> Vec<u64> {
    let mut out = vec![(0u64, 0usize)];
    for &c in cards {
        let grown: Vec<(u64, usize)> = out
            .iter()
            .filter(|e| e.1 < 5)
            .map(|&(m, k)| (m | c, k + 1))
            .collect();
        out.extend(grown);
    }
    out.into_iter().filter(|e| e.1 == 5).map(|e| e.0).collect()
}

fn strength(mask: u64) -> u16 {
    HandKey::of_set(crate::cards::CardSet::from_mask(mask).unwrap())
        .rank()
        .0
}

/// A strategy by spot and hand: the chance to push or call.
type Play<'a> = &'a dyn Fn(usize, usize) -> f64;

/// Each seat's value by brute force, from the rules alone (equal stacks,
/// so one pot): every deal of the reduced deck, the betting walked seat
/// by seat, the pot (dead posts and the all-in stacks) split among the
/// best all-in hands, ICM by every finishing order.
fn oracle(t: &Table, deck: &[Card], tree: &Tree, play: Play) -> Vec<f64> {
    let n = t.stacks.len();
    let hands: Vec<u64> = (0..deck.len())
        .flat_map(|i| (i + 1..deck.len()).map(move |j| (i, j)))
        .map(|(i, j)| deck[i].bit() | deck[j].bit())
        .collect();
    let spot_of = |seat: usize, opener: Option<usize>, callers: &[usize]| {
        tree.spots
            .iter()
            .position(|s| s.seat == seat && s.opener == opener && s.callers == callers)
            .unwrap()
    };
    let all = deck.iter().fold(0u64, |m, c| m | c.bit());
    let mut total = vec![0.0; n];
    let mut count = 0.0;
    let mut deal = vec![0usize; n];
    fn tuples(
        hands: &[u64],
        n: usize,
        used: u64,
        at: usize,
        deal: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize], u64),
    ) {
        if at == n {
            f(deal, used);
            return;
        }
        for (h, &m) in hands.iter().enumerate() {
            if m & used == 0 {
                deal[at] = h;
                tuples(hands, n, used | m, at + 1, deal, f);
            }
        }
    }
    let worth = |after: &[f64]| -> Vec<f64> {
        if t.payouts.is_empty() {
            after.iter().zip(&t.stacks).map(|(a, s)| a - s).collect()
        } else {
            let price = t.stacks.iter().sum::<f64>() / t.payouts.iter().take(n).sum::<f64>();
            // Equal stacks before the hand: the busted share the last
            // places.
            let icm = |stacks: &[f64]| {
                let alive: Vec<usize> = (0..n).filter(|&i| stacks[i] > 0.0).collect();
                let chips: Vec<f64> = alive.iter().map(|&i| stacks[i]).collect();
                let mut out = vec![0.0; n];
                for (k, e) in icm_brute_force(&chips, &t.payouts).into_iter().enumerate() {
                    out[alive[k]] = e;
                }
                let busted = n - alive.len();
                let last: f64 = (alive.len()..n)
                    .map(|p| t.payouts.get(p).copied().unwrap_or(0.0))
                    .sum();
                for i in (0..n).filter(|&i| stacks[i] <= 0.0) {
                    out[i] = last / busted as f64;
                }
                out
            };
            let (now, then) = (icm(after), icm(&t.stacks));
            now.iter()
                .zip(&then)
                .map(|(a, b)| (a - b) * price)
                .collect()
        }
    };
    tuples(
        &hands,
        n,
        0,
        0,
        &mut deal,
        &mut |deal: &[usize], used: u64| {
            let left: Vec<u64> = (0..52)
                .map(|i| 1u64 << i)
                .filter(|&c| c & all & !used != 0)
                .collect();
            for board in subsets_of_five(&left) {
                let s: Vec<u16> = deal.iter().map(|&h| strength(hands[h] | board)).collect();
                // Every line of betting: (chance, all-in seats).
                let mut lines = vec![(1.0, None::<usize>, Vec::<usize>::new())];
                for (seat, &hand) in deal.iter().enumerate() {
                    let mut next = Vec::new();
                    for (p, opener, callers) in lines {
                        if opener.is_none() && seat + 1 == n {
                            next.push((p, opener, callers));
                            continue;
                        }
                        let a = play(spot_of(seat, opener, &callers), hand);
                        next.push(((1.0 - a) * p, opener, callers.clone()));
                        let mut c = callers;
                        let o = match opener {
                            None => Some(seat),
                            Some(_) => {
                                c.push(seat);
                                opener
                            }
                        };
                        next.push((a * p, o, c));
                    }
                    lines = next;
                }
                for (p, opener, callers) in lines {
                    let allin: Vec<usize> = match opener {
                        None => vec![n - 1],
                        Some(o) => std::iter::once(o).chain(callers).collect(),
                    };
                    let showdown = allin.len() > 1;
                    let put: Vec<f64> = (0..n)
                        .map(|i| {
                            if showdown && allin.contains(&i) {
                                t.stacks[i]
                            } else {
                                t.posted(i)
                            }
                        })
                        .collect();
                    let best = allin.iter().map(|&i| s[i]).max().unwrap();
                    let winners: Vec<usize> =
                        allin.iter().copied().filter(|&i| s[i] == best).collect();
                    let pot: f64 = put.iter().sum();
                    let mut after: Vec<f64> = (0..n).map(|i| t.stacks[i] - put[i]).collect();
                    for &w in &winners {
                        after[w] += pot / winners.len() as f64;
                    }
                    for (tot, v) in total.iter_mut().zip(worth(&after)) {
                        *tot += p * v;
                    }
                }
                count += 1.0;
            }
        },
    );
    total.iter().map(|v| v / count).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3))]
    /// Three seats on a reduced deck (eleven cards: one board a deal),
    /// chip EV and ICM: the values the sweep reports are the brute-force
    /// oracle's, its best responses gain what it says when the oracle
    /// plays them, and no deviation gains more.
    #[test]
    fn three_seats_on_a_reduced_deck_match_brute_force(
        seed in 0u64..1000,
        stack in 2.0f64..15.0,
        icm in any::<bool>(),
        flips in prop::collection::vec((0usize..6, 0usize..55, 0.0f64..1.0), 1..20),
    ) {
        let deck = cards(seed, 11);
        let payouts = if icm { vec![50.0, 30.0, 20.0] } else { Vec::new() };
        let t = table(&[stack; 3], 0.1, &payouts);
        let tree = Tree::new(3);
        let (deals, _) = deals::reduced(&t, &tree, &deck).unwrap();
        let g = deals.groups;
        let (act, s, _) = solve_deals(&tree, &deals, (1e-3, 2_000), &Control::NONE);
        let worst = s.gains.iter().fold(0.0f64, |m, &x| m.max(x));
        prop_assert!(worst <= 1e-2, "gains {:?}", s.gains);
        let values = oracle(&t, &deck, &tree, &|spot, h| act[spot * g + h]);
        for (v, w) in s.values.iter().zip(&values) {
            prop_assert!((v - w).abs() < 1e-9, "{:?} vs {values:?}", s.values);
        }
        for seat in 0..3 {
            // The best response from the sweep's counterfactual values.
            let best: Vec<f64> = (0..act.len())
                .map(|k| {
                    if tree.spots[k / g].seat != seat {
                        return act[k];
                    }
                    let [f, a] = s.counterfactual[k];
                    if a > f { 1.0 } else { 0.0 }
                })
                .collect();
            let v = oracle(&t, &deck, &tree, &|spot, h| best[spot * g + h]);
            prop_assert!((v[seat] - values[seat] - s.gains[seat]).abs() < 1e-9);
            // Any deviation gains no more.
            let mut other = act.clone();
            for &(spot, h, p) in &flips {
                if tree.spots[spot].seat == seat {
                    other[spot * g + h] = p;
                }
            }
            let v = oracle(&t, &deck, &tree, &|spot, h| other[spot * g + h]);
            prop_assert!(v[seat] - values[seat] <= s.gains[seat] + 1e-9);
        }
    }
}

// ---- The full deck ------------------------------------------------------------

/// The heads-up solution as a multiway strategy: the small blind's push
/// per class, then the big blind's call.
fn from_heads_up(s: &Solution) -> Vec<f64> {
    let push = s.push_chart();
    let call = s.call_chart();
    push.iter().chain(&call).map(|c| c.share).collect()
}

#[test]
fn two_seats_agree_with_the_heads_up_solution() {
    for (stacks, ante) in [([10.0, 10.0], 0.0), ([7.0, 12.0], 0.1), ([25.0, 25.0], 0.0)] {
        let t = table(&stacks, ante, &[]);
        let o = SolveOptions {
            target: 1e-4,
            ..SolveOptions::default()
        };
        let multi = solve_table(&t, &o).unwrap();
        assert!(!multi.sampled && multi.exploitability() <= 1e-4);
        let hu = solve_heads_up(&HeadsUp {
            stacks,
            ante,
            ..HeadsUp::default()
        })
        .unwrap();
        assert!(
            (multi.values[0] - hu.value).abs() <= 2e-4,
            "{stacks:?}: {} vs {}",
            multi.values[0],
            hu.value
        );
        // The heads-up exact strategy is unexploitable in the multiway
        // game too, with the same value.
        let tree = Tree::new(2);
        let deals: Deals = deals::heads_up(&t, &tree).unwrap();
        let s = sweep(&tree, &deals, &from_heads_up(&hu));
        assert!(
            s.gains.iter().all(|&g| g <= 1e-9),
            "{stacks:?}: {:?}",
            s.gains
        );
        assert!((s.values[0] - hu.value).abs() <= 1e-9);
    }
}

#[test]
fn three_seats_under_icm_reach_the_target_on_a_sample() {
    let t = table(&[10.0; 3], 0.0, &[50.0, 30.0, 20.0]);
    let o = SolveOptions {
        samples: 100_000,
        ..SolveOptions::default()
    };
    let s = solve_table(&t, &o).unwrap();
    assert!(s.sampled && s.exploitability() <= 0.01, "{:?}", s.gains);
    // ICM prizes only change hands: the values sum to zero.
    assert!(s.values.iter().sum::<f64>().abs() < 1e-9);
    // Aces are pushed from every seat and called everywhere.
    for spot in &s.spots {
        assert!(spot.classes[0] > 0.99, "{:?}", spot.spot);
    }
    // Another sample: a different game, whose equilibrium values differ
    // by more than the sampling error of one strategy's values (see
    // docs/src/pushfold.md), but not by much.
    let other = solve_table(&t, &SolveOptions { seed: 2, ..o }).unwrap();
    for i in 0..3 {
        assert!(
            (s.values[i] - other.values[i]).abs() < 0.1,
            "{:?} vs {:?}",
            s.values,
            other.values
        );
    }
    let gains = check_table(&s, 100_000, 3).unwrap();
    assert!(gains.iter().all(|&g| g < 0.2), "{gains:?}");
}

#[test]
fn spots_read_as_positions() {
    let names: Vec<String> = (0..10).map(|s| position_name(s, 10)).collect();
    assert_eq!(
        names,
        [
            "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN", "SB", "BB"
        ]
    );
    assert_eq!(
        (position_name(0, 2), position_name(1, 2)),
        ("SB".into(), "BB".into())
    );
    let t = Tree::new(3);
    let described: Vec<String> = t.spots.iter().map(|s| s.describe(3)).collect();
    assert!(
        described.contains(&"BB after BTN pushes, SB calls".to_string()),
        "{described:?}"
    );
    assert!(described.contains(&"SB opens".to_string()), "{described:?}");
}

/// A cancel or a spent deadline stops the solving with the best strategy
/// so far and its gains stated; only a cancel before the target marks
/// the answer partial.
#[test]
fn a_cancel_or_a_deadline_stops_the_solving_with_the_gains_stated() {
    let table = Table {
        stacks: vec![10.0, 10.0, 10.0],
        payouts: vec![50.0, 30.0, 20.0],
        ..Table::default()
    };
    let options = SolveOptions {
        target: 1e-9,
        samples: 2_000,
        ..SolveOptions::default()
    };
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = Control::NONE.or_cancelled(cancel);
    let stopped = solve_table_within(&table, &options, &cancelled).unwrap();
    assert!(stopped.partial);
    assert!(stopped.iterations < options.max_iterations);
    assert!(stopped.exploitability() > options.target);
    let expired = Control::after(std::time::Duration::ZERO);
    let timed = solve_table_within(&table, &options, &expired).unwrap();
    assert!(!timed.partial && timed.iterations == stopped.iterations);
    assert!(
        !solve_table(
            &table,
            &SolveOptions {
                target: 0.05,
                ..options
            }
        )
        .unwrap()
        .partial
    );
}
