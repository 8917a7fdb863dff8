//! The transfer variant (rule 12) and the several-at-once protocol (rule
//! 13): every transfer corner on hand-made tables, invariants over many
//! random games, and the two protocols giving the same game on the same
//! choices.

use super::bots::random_move;
use super::game::*;
use super::moves::{Move, MoveKind, MoveList};
use crate::cards::{Card, CardSet};
use crate::mcts::SearchGame;
use crate::rng::Rng;

fn card(text: &str) -> Card {
    Card::parse(text).unwrap()
}

fn cards(text: &str) -> CardSet {
    CardSet::parse(text).unwrap()
}

/// A hand-made table: `hands[p]` for seat p, hearts trump, the talon's
/// cards drawn from its end (`talon` listed bottom first, the trump card
/// `6h` under it when non-empty), the rest discarded; `attacker` leads.
fn table(config: Config, hands: &[&str], talon: &str, attacker: u8) -> Game {
    let mut g = Game::new(config, &mut Rng::new(1)).unwrap();
    g.hands = [CardSet::EMPTY; MAX_PLAYERS];
    let mut used = CardSet::EMPTY;
    for (p, h) in hands.iter().enumerate() {
        g.hands[p] = cards(h);
        used = used.union(g.hands[p]);
    }
    g.known = [CardSet::EMPTY; MAX_PLAYERS];
    g.trump_card = card("6h");
    let mut talon_cards: Vec<Card> = Vec::new();
    if !talon.is_empty() {
        talon_cards.push(card("6h"));
        let rest = talon.as_bytes().chunks(2);
        talon_cards.extend(rest.map(|c| card(std::str::from_utf8(c).unwrap())));
    }
    for (i, c) in talon_cards.iter().enumerate() {
        g.talon[i] = *c;
        used.insert(*c);
    }
    g.talon_len = talon_cards.len() as u8;
    g.discard = config.deck.cards().difference(used);
    g.out = 0;
    g.start_bout(attacker);
    g.check_invariants().unwrap();
    g
}

fn transfer_rules(players: u8) -> Config {
    Config {
        players,
        variant: Variant::Transfer,
        ..Config::default()
    }
}

fn play(g: &mut Game, moves: &[Move]) {
    for &m in moves {
        g.apply(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.check_invariants().unwrap();
    }
}

#[test]
fn with_two_players_a_transfer_sends_the_attack_back() {
    let mut g = table(transfer_rules(2), &["7sKcQd", "7dAs9c"], "", 0);
    play(&mut g, &[Move::attack(card("7s"))]);
    assert!(g.is_legal(Move::transfer(card("7d"))));
    play(&mut g, &[Move::transfer(card("7d"))]);
    assert_eq!((g.defender(), g.attacker(), g.to_move()), (0, 1, 0));
    assert_eq!(g.phase(), Phase::Defend);
    // Both sevens are uncovered; the limit is the new defender's hand.
    assert_eq!(g.uncovered_cards(), cards("7s7d").mask());
    assert_eq!(g.bout_limit, 2);
    // Without the variant the same move is refused.
    let mut plain = table(Config::default(), &["7sKcQd", "7dAs9c"], "", 0);
    play(&mut plain, &[Move::attack(card("7s"))]);
    assert!(!plain.is_legal(Move::transfer(card("7d"))));
    let mut list = MoveList::default();
    plain.legal_moves(&mut list);
    assert!(list.as_slice().iter().all(|m| m.kind != MoveKind::Transfer));
}

#[test]
fn transfers_chain_round_a_table_of_three() {
    let mut g = table(
        transfer_rules(3),
        &["7sKcQdJs", "7dAs9c8c", "7cTdTs9d"],
        "",
        0,
    );
    play(
        &mut g,
        &[Move::attack(card("7s")), Move::transfer(card("7d"))],
    );
    assert_eq!((g.attacker(), g.defender(), g.to_move()), (1, 2, 2));
    // Seat 2 passes it on again, to seat 0 (the next after it).
    play(&mut g, &[Move::transfer(card("7c"))]);
    assert_eq!((g.attacker(), g.defender(), g.to_move()), (2, 0, 0));
    assert_eq!(g.table_len, 3);
    // Seat 0 holds no seven: it beats or takes. It takes; the throwers
    // (seat 2 first, then seat 1) may add cards of rank 7 only: none left.
    play(&mut g, &[Move::TAKE]);
    assert_eq!(g.phase(), Phase::Lead);
    assert_eq!(g.hand(0).len(), 3 + 3);
    // The next attacker is reckoned from the final defender.
    assert_eq!(g.attacker(), 1);
}

/// `g` with `attacks` on the table, uncovered, led by `attacker` against
/// `defender`, who is to answer them (the cards come out of the discard).
fn facing(mut g: Game, attacks: &str, attacker: u8, defender: u8) -> Game {
    let on_table = cards(attacks);
    g.discard = g.discard.difference(on_table);
    for (i, c) in on_table.iter().enumerate() {
        g.attacks[i] = c;
        g.covers[i] = None;
        g.table_ranks |= super::rules::rank_mask(c.rank());
    }
    g.table_len = on_table.len() as u8;
    g.table_cards = on_table;
    (g.leader, g.attacker, g.defender, g.to_move) = (attacker, attacker, defender, defender);
    g.phase = Phase::Defend;
    g.bout_limit = super::rules::bout_limit(g.hand(defender).len()).max(on_table.len()) as u8;
    g.check_invariants().unwrap();
    g
}

#[test]
fn a_transfer_needs_room_in_the_next_hand() {
    // Seat 2 holds one card: two attack cards would be too many for it.
    let mut g = table(transfer_rules(3), &["7sKc", "7dAs", "9d"], "", 0);
    play(&mut g, &[Move::attack(card("7s"))]);
    assert!(!g.is_legal(Move::transfer(card("7d"))));
    assert_eq!(g.transfer_cards(), 0);
    let mut list = MoveList::default();
    g.legal_moves(&mut list);
    assert!(list.as_slice().iter().all(|m| m.kind != MoveKind::Transfer));
    // Three sixes against seat 0: the fourth goes on only if seat 1 then
    // holds at least four cards. (Nothing beaten means one rank, so four
    // attack cards are the most a transfer makes; the limit of six never
    // binds it.)
    let rules = transfer_rules(2);
    let g = facing(table(rules, &["6hAc9d", "KsKdQs"], "", 1), "6s6c6d", 1, 0);
    assert_eq!(g.transfer_cards(), 0, "seat 1 holds 3 cards");
    let g = facing(table(rules, &["6hAc9d", "KsKdQsJs"], "", 1), "6s6c6d", 1, 0);
    assert_eq!(g.transfer_cards(), card("6h").bit());
}

#[test]
fn a_transfer_passes_over_a_player_already_out() {
    // Once the talon is empty, a player without cards is out (rule 11),
    // also in the middle of a bout, before the bout's end records it: the
    // transfer goes to the next player still in (rule 12). Seat 2 holds
    // nothing: seat 1's transfer goes back round to seat 0.
    let mut g = table(transfer_rules(3), &["7sKcQc", "7dAsQd", ""], "", 0);
    play(&mut g, &[Move::attack(card("7s"))]);
    assert_eq!(g.transfer_target(), 0);
    assert!(g.is_legal(Move::transfer(card("7d"))));
    play(&mut g, &[Move::transfer(card("7d"))]);
    assert_eq!((g.defender, g.to_move), (0, 0));
}

/// The game of the replay against an independent implementation of the
/// rules that found the defect: 3 players, 24 cards, transfer, one card
/// at a time, seed 2383; moves as (kind, card, beaten card).
#[test]
fn a_transfer_skips_the_seat_that_ran_out_in_a_replayed_game() {
    let config = Config {
        players: 3,
        deck: Deck::Cards24,
        variant: Variant::Transfer,
        protocol: Protocol::OneAtATime,
    };
    let mut g = Game::new(config, &mut Rng::new(2383)).unwrap();
    let record: [(u8, i8, i8); 22] = [
        (0, 43, -1),
        (1, 42, 43),
        (0, 40, -1),
        (1, 48, 40),
        (0, 41, -1),
        (1, 38, 41),
        (3, -1, -1),
        (0, 37, -1),
        (1, 49, 37),
        (0, 51, -1),
        (2, -1, -1),
        (0, 39, -1),
        (0, 50, -1),
        (0, 44, -1),
        (4, 46, -1),
        (4, 45, -1),
        (1, 34, 44),
        (2, -1, -1),
        (3, -1, -1),
        (0, 33, -1),
        (0, 28, -1),
        (4, 29, -1),
    ];
    let card_of = |i: i8| Card::new(i as u8).unwrap();
    for (kind, c, t) in record {
        let m = match kind {
            0 => Move::attack(card_of(c)),
            1 => Move::defend(card_of(t), card_of(c)),
            2 => Move::TAKE,
            3 => Move::PASS,
            _ => Move::transfer(card_of(c)),
        };
        g.apply(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.check_invariants().unwrap();
    }
    // Seat 2 defends against 9c and 9d; the seat after it, seat 0, has
    // played its last card with the talon empty: it is out (rule 11).
    assert_eq!((g.to_move, g.defender, g.talon_len), (2, 2, 0));
    assert!(g.hand(0).is_empty());
    let mut legal = MoveList::default();
    g.legal_moves(&mut legal);
    assert!(
        legal.as_slice().contains(&Move::transfer(card("9s"))),
        "seat 2 is offered the transfer with 9s"
    );
    // Rule 12: the defence passes over seat 0 to seat 1, the next player
    // still in; seat 2 becomes a thrower.
    g.apply(Move::transfer(card("9s"))).unwrap();
    g.check_invariants().unwrap();
    assert_eq!((g.attacker, g.defender, g.to_move), (2, 1, 1));
}

#[test]
fn no_transfer_once_a_card_is_beaten() {
    // One card at a time: 7s beaten, then 7d thrown: 7c may not transfer.
    let mut g = table(transfer_rules(2), &["7s7dKc", "8s7cAs9c"], "", 0);
    play(
        &mut g,
        &[
            Move::attack(card("7s")),
            Move::defend(card("7s"), card("8s")),
            Move::attack(card("7d")),
        ],
    );
    assert_eq!(g.phase(), Phase::Defend);
    assert!(!g.is_legal(Move::transfer(card("7c"))));
    // Several at once: two sevens led, one beaten, the other may not be
    // transferred.
    let rules = Config {
        protocol: Protocol::SeveralAtOnce,
        ..transfer_rules(2)
    };
    let mut g = table(rules, &["7s7dKcKdQc", "8s7cAs9c"], "", 0);
    play(
        &mut g,
        &[Move::attack(card("7s")), Move::attack(card("7d"))],
    );
    // Seat 0 has no seven left: the defender answers at once.
    assert_eq!((g.phase(), g.uncovered_slots()), (Phase::Defend, 0b11));
    assert!(g.is_legal(Move::transfer(card("7c"))));
    play(&mut g, &[Move::defend(card("7s"), card("8s"))]);
    assert!(!g.is_legal(Move::transfer(card("7c"))));
}

#[test]
fn after_a_transfer_the_limit_is_the_new_defenders_hand() {
    // Seat 0 leads 7s against seat 1 (5 cards: limit 5); seat 1 transfers
    // to seat 2, who holds 2 cards: the bout now allows 2 attack cards.
    let mut g = table(transfer_rules(3), &["7sKcKh", "7d9c9d9sAs", "8d8s"], "", 0);
    play(&mut g, &[Move::attack(card("7s"))]);
    assert_eq!(g.bout_limit, 5);
    play(&mut g, &[Move::transfer(card("7d"))]);
    assert_eq!(g.bout_limit, 2);
    play(
        &mut g,
        &[
            Move::defend(card("7s"), card("8s")),
            Move::defend(card("7d"), card("8d")),
        ],
    );
    // Every card is beaten and two lie on the table: nobody may throw in
    // (seat 1's nines would fit the ranks... none are on the table: the
    // bout ends at once as bito; seat 2 is out of cards and of the game).
    assert_eq!(g.outcome(), None);
    assert_eq!(g.phase(), Phase::Lead);
}

#[test]
fn the_refill_starts_with_the_leader_and_the_next_attacker_follows_the_final_defender() {
    // Four players, a talon of 4 cards (drawn from its end: Ac, then Ad,
    // As, and last the trump 6h). Seat 0 leads against seat 1, who
    // transfers to seat 2, who takes.
    let mut g = table(
        transfer_rules(4),
        &["7sKcKdQcJcTc", "7d9c9d9sJs", "8d8sTs", "QsQhJh"],
        "AsAdAc",
        0,
    );
    play(
        &mut g,
        &[
            Move::attack(card("7s")),
            Move::transfer(card("7d")),
            Move::TAKE,
        ],
    );
    // Throwers with a seven: none. The refill: seat 0 (the leader) draws
    // 1 (Ac), seat 1 draws 2 (Ad, As), seat 3 draws the trump 6h, seen by
    // all; seat 2, the defender, draws last: nothing is left.
    assert!(g.hand(0).contains(card("Ac")));
    assert!(g.hand(1).contains(card("Ad")) && g.hand(1).contains(card("As")));
    assert!(g.hand(3).contains(card("6h")));
    assert!(g.known[3].contains(card("6h")));
    assert_eq!(g.hand(2), cards("8d8sTs7s7d"));
    // Seat 2 took: the player after it attacks.
    assert_eq!((g.attacker(), g.defender()), (3, 0));
}

#[test]
fn random_transfer_and_several_at_once_games_keep_the_rules() {
    let mut rng = Rng::new(12);
    let mut transfers = 0u64;
    let mut several_uncovered = 0u64;
    for players in 2..=6u8 {
        for protocol in [Protocol::OneAtATime, Protocol::SeveralAtOnce] {
            let config = Config {
                players,
                variant: Variant::Transfer,
                protocol,
                ..Config::default()
            };
            for _ in 0..2_000 {
                let mut g = Game::new(config, &mut rng).unwrap();
                let mut plies = 0;
                while g.outcome().is_none() {
                    let m = random_move(&g, &mut rng);
                    if m.kind == MoveKind::Transfer {
                        transfers += 1;
                        let next = g.transfer_target();
                        assert!(g.hand(next).len() > g.table_len as u32);
                    }
                    if g.uncovered_slots().count_ones() > 1 {
                        several_uncovered += 1;
                    }
                    let ids = g.legal_ids();
                    g.apply(m).unwrap();
                    assert!(ids != 0);
                    g.check_invariants().unwrap();
                    plies += 1;
                    assert!(plies < 100_000);
                }
            }
        }
    }
    assert!(transfers > 10_000 && several_uncovered > 10_000);
}

/// The two protocols coincide when every thrower throws one card and then
/// lets the defender answer: the several-at-once game, given the same
/// choices and a pass wherever it waits for more cards, goes through the
/// same positions.
#[test]
fn both_protocols_give_the_same_game_on_the_same_choices() {
    let mut rng = Rng::new(13);
    for players in 2..=6u8 {
        for variant in [Variant::Podkidnoy, Variant::Transfer] {
            let one = Config {
                players,
                variant,
                ..Config::default()
            };
            let several = Config {
                protocol: Protocol::SeveralAtOnce,
                ..one
            };
            for seed in 0..300 {
                let mut a = Game::new(one, &mut Rng::new(seed)).unwrap();
                let mut b = Game::new(several, &mut Rng::new(seed)).unwrap();
                while a.outcome().is_none() {
                    let m = random_move(&a, &mut rng);
                    a.apply(m).unwrap();
                    b.apply(m).unwrap();
                    // The several-at-once table waits for more cards.
                    while a.phase() == Phase::Defend && b.phase() == Phase::ThrowIn {
                        b.apply(Move::PASS).unwrap();
                    }
                    assert_eq!(a.phase(), b.phase());
                    assert_eq!(a.to_move(), b.to_move());
                    assert_eq!(a.hands, b.hands);
                    assert_eq!(a.table().collect::<Vec<_>>(), b.table().collect::<Vec<_>>());
                    assert_eq!((a.attacker(), a.defender()), (b.attacker(), b.defender()));
                    assert_eq!(a.outcome(), b.outcome());
                }
            }
        }
    }
}

/// A million random two-player transfer games, several cards at once:
/// every game ends with every card in one place.
#[test]
fn a_million_random_transfer_games_end_with_all_cards_placed() {
    let config = Config {
        variant: Variant::Transfer,
        protocol: Protocol::SeveralAtOnce,
        ..Config::default()
    };
    let mut rng = Rng::new(14);
    let (mut transfers, mut draws) = (0u64, 0u64);
    for _ in 0..1_000_000 {
        let mut g = Game::new(config, &mut rng).unwrap();
        while g.outcome().is_none() {
            let m = random_move(&g, &mut rng);
            transfers += u64::from(m.kind == MoveKind::Transfer);
            g.apply_unchecked(m);
        }
        g.check_invariants().unwrap();
        draws += u64::from(g.outcome() == Some(Outcome::Draw));
    }
    assert!(transfers > 1_000_000 && draws > 0);
}
