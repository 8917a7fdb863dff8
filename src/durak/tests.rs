//! Durak rules: invariants over many random games, move generation against
//! the legality check and the search's move ids, views and their
//! determinizations, and the search against the baselines.

use super::bots::{greedy_move, random_move, random_playout};
use super::game::*;
use super::rules::SUITS;
use super::*;
use crate::cards::{Card, CardSet};
use crate::mcts::{Budget, SearchGame};
use crate::rng::Rng;

fn card(text: &str) -> Card {
    Card::parse(text).unwrap()
}

/// Every table: 2 to 6 players on the decks that seat them, each variant
/// and protocol.
fn configs() -> Vec<Config> {
    let mut v = Vec::new();
    for players in 2..=6 {
        for deck in [Deck::Cards24, Deck::Cards36, Deck::Cards52] {
            for variant in [Variant::Podkidnoy, Variant::Transfer] {
                for protocol in [Protocol::OneAtATime, Protocol::SeveralAtOnce] {
                    let config = Config {
                        players,
                        deck,
                        variant,
                        protocol,
                    };
                    if config.validate().is_ok() {
                        v.push(config);
                    }
                }
            }
        }
    }
    v
}

#[test]
fn random_games_keep_every_card_accounted_for_and_end() {
    let mut rng = Rng::new(1);
    let mut list = MoveList::default();
    for config in configs() {
        for _ in 0..300 {
            let mut g = Game::new(config, &mut rng).unwrap();
            let mut plies = 0;
            while g.outcome().is_none() {
                g.check_invariants().unwrap();
                g.legal_moves(&mut list);
                assert!(!list.is_empty());
                // Move list, legality check and search ids agree.
                let mut ids = 0u128;
                for &m in list.as_slice() {
                    assert!(g.is_legal(m), "{m}");
                    ids |= 1 << move_id(m);
                    // A defence's id names the card; with several cards
                    // uncovered the search picks its target.
                    let back = g.move_of(move_id(m));
                    assert!(g.is_legal(back), "{back}");
                    if m.kind == MoveKind::Defend {
                        assert_eq!((back.kind, back.card), (m.kind, m.card));
                    } else {
                        assert_eq!(back, m);
                    }
                }
                assert_eq!(ids, g.legal_ids());
                let m = random_move(&g, &mut rng);
                assert!(list.as_slice().contains(&m));
                g.apply(m).unwrap();
                plies += 1;
                assert!(plies < 100_000, "a game that does not end");
            }
            g.check_invariants().unwrap();
            assert_eq!(g.legal_ids(), 0);
        }
    }
}

#[test]
fn a_million_two_player_playouts_end_with_all_cards_placed() {
    let mut rng = Rng::new(2);
    let (mut losses, mut draws) = ([0u32; 2], 0);
    for _ in 0..1_000_000 {
        let mut g = Game::new(Config::default(), &mut rng).unwrap();
        random_playout(&mut g, &mut rng);
        g.check_invariants().unwrap();
        match g.outcome().unwrap() {
            Outcome::Loser(p) => losses[p as usize] += 1,
            Outcome::Draw => draws += 1,
        }
    }
    assert!(losses[0] > 300_000 && losses[1] > 300_000 && draws > 0);
}

/// The whole state of a finished or running game, for comparing engines.
fn state(g: &Game) -> String {
    format!(
        "hands {:?} known {:?} talon {} discard {:?} table {:?} limit {} leader {} attacker {} \
         defender {} to_move {:?} phase {:?} passed {} out {} outcome {:?} drawn {}",
        g.hands,
        g.known,
        g.talon_len,
        g.discard,
        g.table().collect::<Vec<_>>(),
        g.bout_limit,
        g.leader,
        g.attacker,
        g.defender,
        // Who moved last is no part of a finished game.
        g.outcome.is_none().then_some(g.to_move),
        g.phase,
        g.passed,
        g.out,
        g.outcome,
        g.drawn
    )
}

static TIERS: std::sync::OnceLock<Vec<crate::platform::Tier>> = std::sync::OnceLock::new();

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3_000))]

    /// Every playout engine plays the same game from the same stream: each
    /// tier of the dispatched playout the CPU has (the fused two-player
    /// loop where it applies, built with BMI2 or popcnt), its portable
    /// build, and random moves applied one by one through the rules, on
    /// every table (players, decks, variants, protocols) from random
    /// positions.
    #[test]
    fn every_playout_engine_plays_the_same_game(
        table in 0usize..1_000, seed in proptest::prelude::any::<u64>(), prefix in 0u32..150,
    ) {
        let tiers = TIERS.get_or_init(|| {
            crate::platform::testable("durak playout", super::bots::PLAYOUT_TIERS)
        });
        let configs = configs();
        let config = configs[table % configs.len()];
        let mut rng = Rng::new(seed);
        let mut g = Game::new(config, &mut rng).unwrap();
        for _ in 0..prefix {
            if g.outcome().is_some() {
                break;
            }
            let m = random_move(&g, &mut rng);
            g.apply(m).unwrap();
        }
        let start = g.clone();
        let mut by_move = g.clone();
        let mut reference_stream = Rng::new(seed ^ 1);
        super::bots::playout_move_by_move(&mut by_move, &mut reference_stream);
        by_move.check_invariants().unwrap();
        let reference = state(&by_move);
        let mut streams = vec![reference_stream];
        for &tier in tiers.iter() {
            let mut played = g.clone();
            let mut stream = Rng::new(seed ^ 1);
            super::bots::random_playout_on(tier, &mut played, &mut stream);
            proptest::prop_assert_eq!(state(&played), reference.clone(), "{:?} from {:?}", tier, start);
            streams.push(stream);
        }
        let mut dispatched = g;
        let mut stream = Rng::new(seed ^ 1);
        random_playout(&mut dispatched, &mut stream);
        proptest::prop_assert_eq!(state(&dispatched), reference);
        streams.push(stream);
        let next: Vec<u64> = streams.iter_mut().map(Rng::next_u64).collect();
        proptest::prop_assert!(next.iter().all(|&n| n == next[0]));
    }
}

#[test]
fn the_lowest_trump_leads_and_the_trump_card_is_drawn_last() {
    let mut rng = Rng::new(3);
    for _ in 0..500 {
        let g = Game::new(Config::default(), &mut rng).unwrap();
        let trumps = SUITS[g.trump() as usize];
        let lowest = (0..2)
            .filter(|&p| g.hand(p).mask() & trumps != 0)
            .min_by_key(|&p| (g.hand(p).mask() & trumps).trailing_zeros());
        if let Some(p) = lowest {
            assert_eq!(g.attacker(), p);
        }
        assert_eq!(g.talon[0], g.trump_card());
        assert_eq!(g.talon_len(), 24);
    }
}

/// A hand-made position: 2 players, hearts trump, talon empty.
fn position(a: &str, b: &str, attacker: u8) -> Game {
    let mut rng = Rng::new(9);
    let mut g = Game::new(Config::default(), &mut rng).unwrap();
    let a = CardSet::parse(a).unwrap();
    let b = CardSet::parse(b).unwrap();
    g.hands = [
        a,
        b,
        CardSet::EMPTY,
        CardSet::EMPTY,
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    g.known = [CardSet::EMPTY; 6];
    g.talon_len = 0;
    g.trump_card = card("6h");
    g.discard = Config::default().deck.cards().difference(a.union(b));
    g.start_bout(attacker);
    g.check_invariants().unwrap();
    g
}

#[test]
fn beating_follows_suit_and_trumps() {
    let g = position("7s", "6s8s6hKd", 0);
    let mut g2 = g.clone();
    g2.apply(Move::attack(card("7s"))).unwrap();
    let mut list = MoveList::default();
    g2.legal_moves(&mut list);
    let mut got: Vec<String> = list.as_slice().iter().map(|m| m.to_string()).collect();
    got.sort();
    assert_eq!(got, ["beat 7s with 6h", "beat 7s with 8s", "take"]);
    // A trump is beaten only by a higher trump.
    let mut g3 = position("9h", "8hTsAh", 0);
    g3.apply(Move::attack(card("9h"))).unwrap();
    assert!(!g3.is_legal(Move::defend(card("9h"), card("Ts"))));
    assert!(!g3.is_legal(Move::defend(card("9h"), card("8h"))));
    assert!(g3.is_legal(Move::defend(card("9h"), card("Ah"))));
}

#[test]
fn bouts_end_by_bito_or_pickup_and_the_right_player_attacks() {
    // Bito: the defender attacks next.
    let mut g = position("7s7d9c", "8sAd6c", 0);
    g.apply(Move::attack(card("7s"))).unwrap();
    g.apply(Move::defend(card("7s"), card("8s"))).unwrap();
    // The attacker may throw in the other 7 or pass.
    assert_eq!(g.phase(), Phase::ThrowIn);
    g.apply(Move::attack(card("7d"))).unwrap();
    g.apply(Move::defend(card("7d"), card("Ad"))).unwrap();
    // Nothing left of rank 7, 8 or A: the bout ends by itself.
    assert_eq!(g.phase(), Phase::Lead);
    assert_eq!(g.attacker(), 1);
    assert_eq!(g.discard().len(), 36 - 6 + 4);
    // Taking: with 2 players the same player attacks again and the cards
    // picked up are known.
    let mut g = position("7s7d9c", "8s6c", 0);
    g.apply(Move::attack(card("7s"))).unwrap();
    g.apply(Move::TAKE).unwrap();
    assert_eq!(g.phase(), Phase::Taking);
    g.apply(Move::attack(card("7d"))).unwrap();
    assert_eq!(g.phase(), Phase::Lead);
    assert_eq!(g.attacker(), 0);
    assert_eq!(g.known[1], CardSet::parse("7s7d").unwrap());
}

#[test]
fn the_bout_limit_is_the_defenders_hand() {
    // The defender holds 1 card: one attack card only.
    let mut g = position("7s7d7c", "As", 0);
    g.apply(Move::attack(card("7s"))).unwrap();
    g.apply(Move::TAKE).unwrap();
    // No throw-in allowed: the pickup happens at once.
    assert_eq!(g.phase(), Phase::Lead);
    assert_eq!(g.hand(1).len(), 2);
}

#[test]
fn last_two_out_together_is_a_draw_and_the_last_holder_loses() {
    let mut g = position("7s", "8s", 0);
    g.apply(Move::attack(card("7s"))).unwrap();
    g.apply(Move::defend(card("7s"), card("8s"))).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.drawn(), 0b11);
    let mut g = position("7s", "8sKd", 0);
    g.apply(Move::attack(card("7s"))).unwrap();
    g.apply(Move::defend(card("7s"), card("8s"))).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Loser(1)));
}

#[test]
fn views_are_valid_and_their_samples_look_the_same() {
    let mut rng = Rng::new(4);
    for config in configs() {
        for _ in 0..40 {
            let mut g = Game::new(config, &mut rng).unwrap();
            while g.outcome().is_none() {
                let me = g.to_move();
                let view = g.observe(me);
                view.validate().unwrap_or_else(|e| panic!("{e}: {view:?}"));
                let sample = view.determinize(&mut rng);
                sample.check_invariants().unwrap();
                assert_eq!(sample.observe(me), view);
                assert_eq!(sample.legal_ids(), g.legal_ids());
                let m = random_move(&g, &mut rng);
                g.apply(m).unwrap();
            }
        }
    }
}

#[test]
fn impossible_views_are_refused_with_a_reason() {
    let mut rng = Rng::new(5);
    let g = Game::new(Config::default(), &mut rng).unwrap();
    let view = g.observe(g.to_move());
    let mut dup = view.clone();
    dup.discard.insert(dup.hand.iter().next().unwrap());
    assert_eq!(
        dup.validate().unwrap_err().kind(),
        crate::error::ErrorKind::DuplicateCard
    );
    let mut seven = view.clone();
    seven.table = vec![(card("6s"), None); 7];
    assert!(
        seven
            .validate()
            .unwrap_err()
            .message()
            .contains("attack cards")
    );
    let mut counts = view.clone();
    counts.hand_sizes[1 - view.me as usize] += 1;
    assert!(counts.validate().unwrap_err().message().contains("add up"));
    let mut passed = view.clone();
    passed.passed |= 1 << view.defender;
    assert!(
        passed
            .validate()
            .unwrap_err()
            .message()
            .contains("names the defender")
    );
    passed.passed = 1 << 5;
    assert!(
        passed
            .validate()
            .unwrap_err()
            .message()
            .contains("not at the table")
    );
    let mut seat = view.clone();
    seat.to_move = 5;
    assert!(seat.validate().is_err());
    assert!(
        best_move(&seat, &Budget::default(), 1).is_err(),
        "the search refuses it too"
    );
}

/// Plays one game between two policies; returns the loser seat or None.
fn play(
    first: &mut dyn FnMut(&Game, &mut Rng) -> Move,
    second: &mut dyn FnMut(&Game, &mut Rng) -> Move,
    seed: u64,
) -> Option<u8> {
    let mut rng = Rng::new(seed);
    let mut g = Game::new(Config::default(), &mut rng).unwrap();
    while g.outcome().is_none() {
        let m = if g.to_move() == 0 {
            first(&g, &mut rng)
        } else {
            second(&g, &mut rng)
        };
        g.apply(m).unwrap();
    }
    match g.outcome() {
        Some(Outcome::Loser(p)) => Some(p),
        _ => None,
    }
}

#[test]
fn greedy_beats_random_and_the_search_beats_greedy() {
    let mut random = |g: &Game, rng: &mut Rng| random_move(g, rng);
    let mut greedy = |g: &Game, _: &mut Rng| greedy_move(g);
    let budget = Budget {
        iterations: 1_000,
        ..Budget::default()
    };
    let mut search = |g: &Game, rng: &mut Rng| {
        best_move(&g.observe(g.to_move()), &budget, rng.next_u64())
            .unwrap()
            .best
    };
    let (mut greedy_losses, mut random_losses) = (0, 0);
    for seed in 0..200 {
        // Seats alternate.
        let (loser, greedy_seat) = if seed % 2 == 0 {
            (play(&mut greedy, &mut random, seed), 0)
        } else {
            (play(&mut random, &mut greedy, seed), 1)
        };
        match loser {
            Some(p) if p == greedy_seat => greedy_losses += 1,
            Some(_) => random_losses += 1,
            None => {}
        }
    }
    assert!(
        random_losses > 3 * greedy_losses,
        "{random_losses} vs {greedy_losses}"
    );
    let (mut search_losses, mut greedy_lost) = (0, 0);
    for seed in 0..40 {
        let (loser, search_seat) = if seed % 2 == 0 {
            (play(&mut search, &mut greedy, 1000 + seed), 0)
        } else {
            (play(&mut greedy, &mut search, 1000 + seed), 1)
        };
        match loser {
            Some(p) if p == search_seat => search_losses += 1,
            Some(_) => greedy_lost += 1,
            None => {}
        }
    }
    assert!(
        greedy_lost > search_losses,
        "{greedy_lost} vs {search_losses}"
    );
}

#[test]
fn one_thread_searches_repeat_for_a_seed() {
    let mut rng = Rng::new(6);
    let g = Game::new(Config::default(), &mut rng).unwrap();
    let view = g.observe(g.to_move());
    let budget = Budget {
        iterations: 2_000,
        ..Budget::default()
    };
    let a = best_move(&view, &budget, 11).unwrap();
    let b = best_move(&view, &budget, 11).unwrap();
    assert_eq!(a.best, b.best);
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.iterations, 2_000);
    let visits: u64 = a.moves.iter().map(|m| m.visits).sum();
    assert_eq!(visits, 2_000);
}

/// The iteration budget is the call's total, shared by the trees, and a
/// time budget too short for anything still rests on completed iterations.
#[test]
fn iteration_budgets_are_totals_and_every_search_completes_one() {
    let mut rng = Rng::new(6);
    let g = Game::new(Config::default(), &mut rng).unwrap();
    let view = g.observe(g.to_move());
    for threads in [2, 3, 1000] {
        let budget = Budget {
            iterations: 1_000,
            threads,
            ..Budget::default()
        };
        let r = best_move(&view, &budget, 11).unwrap();
        assert_eq!(r.iterations, 1_000, "threads {threads}");
        let visits: u64 = r.moves.iter().map(|m| m.visits).sum();
        assert_eq!(visits, 1_000);
    }
    // Fewer iterations than workers: one tree per iteration.
    let budget = Budget {
        iterations: 1,
        threads: 0,
        ..Budget::default()
    };
    assert_eq!(best_move(&view, &budget, 3).unwrap().iterations, 1);
    for threads in [0, 1, 3] {
        let budget = Budget {
            iterations: 0,
            time: Some(std::time::Duration::ZERO),
            threads,
            ..Budget::default()
        };
        let r = best_move(&view, &budget, 5).unwrap();
        assert!(r.iterations >= 1, "threads {threads}: {}", r.iterations);
        assert!(r.moves.iter().any(|m| m.visits > 0));
    }
    let too_many = Budget {
        threads: 100_000,
        ..Budget::default()
    };
    let e = best_move(&view, &too_many, 1).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
}

/// An endgame too large to prove within the budget is still searched with
/// the whole search budget, not decided by the one iteration left after a
/// solve that used it all. Counted in iterations (the solve gets a number
/// of nodes in proportion), so the test holds on a machine of any speed;
/// a time budget shares the same way (`ROOT_TIME_SHARE`).
#[test]
fn endgames_too_large_to_prove_are_still_searched() {
    let mut rng = Rng::new(17);
    let mut searched = 0;
    for seed in 0..3 {
        let mut cards: Vec<Card> = Config::default().deck.cards().iter().collect();
        let mut hands = [CardSet::EMPTY; 2];
        for hand in &mut hands {
            for _ in 0..16 {
                let i = rng.below(cards.len() as u32) as usize;
                hand.insert(cards.swap_remove(i));
            }
        }
        let g = position(&hands[0].to_string(), &hands[1].to_string(), 0);
        let view = g.observe(g.to_move());
        let budget = Budget {
            iterations: 500,
            time: None,
            rollout: crate::mcts::Rollout::Heuristic,
            ..Budget::default()
        };
        let r = best_move(&view, &budget, seed).unwrap();
        assert!(g.is_legal(r.best));
        if r.iterations > 0 || r.exact.is_none() {
            searched += 1;
            assert_eq!(r.iterations, 500, "seed {seed}: the search's iterations");
        }
    }
    assert!(
        searched > 0,
        "every 16-card endgame was proven within 5,000 nodes"
    );
}

/// With one card left to draw, the turned trump card that both players
/// saw, nothing is hidden: the view's one determinization is the game, and
/// the best move is proven on it (small hands, so it fits any budget).
#[test]
fn with_only_the_trump_card_left_to_draw_the_endgame_is_proven() {
    let trump = card("6h");
    let mut values = [0; 3];
    for seed in 0..60 {
        let mut rng = Rng::new(seed);
        let mut cards: Vec<Card> = Config::default()
            .deck
            .cards()
            .iter()
            .filter(|&c| c != trump)
            .collect();
        let mut hands = [CardSet::EMPTY; 2];
        for hand in &mut hands {
            for _ in 0..2 + rng.below(3) {
                let i = rng.below(cards.len() as u32) as usize;
                hand.insert(cards.swap_remove(i));
            }
        }
        let mut g = position(
            &hands[0].to_string(),
            &hands[1].to_string(),
            (seed % 2) as u8,
        );
        g.discard.remove(trump);
        g.talon[0] = trump;
        g.talon_len = 1;
        g.check_invariants().unwrap();
        let view = g.observe(g.to_move());
        assert_eq!(state(&view.determinize(&mut rng)), state(&g), "seed {seed}");
        let r = best_move(&view, &Budget::default(), seed).unwrap();
        let mut solver = endgame::Endgame::default();
        let value = solver.solve(&g, 0, &crate::budget::Control::NONE).unwrap();
        assert_eq!(r.exact, Some(f64::from(value) / 2.0), "seed {seed}");
        assert!(g.is_legal(r.best));
        values[value as usize] += 1;
    }
    // Wins and losses both met: the draw of the trump card decides some.
    assert!(values[0] > 0 && values[2] > 0, "{values:?}");
}
