//! Random playouts of two-player games, the inner loop of the search: the
//! same choices as `bots::random_move` applied through `Game::apply`, drawn
//! from the random stream in the same order (a test holds the two to the
//! same final game and stream), but with the bout's steps fused and without
//! the seat loops that 3 to 6 players need.

use super::game::{Game, HAND_SIZE, MAX_ATTACKS, Outcome, Phase, SUITS, rank_mask};
use crate::cards::{Card, CardSet};
use crate::rng::Rng;

/// The `k`-th lowest set bit of a non-empty mask, as a card index.
#[inline(always)]
fn nth(mut mask: u64, k: u32) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

#[inline(always)]
fn card(index: u8) -> Card {
    Card::new(index).unwrap_or(super::game::NO_CARD)
}

/// Cards of `hand` above `rank` in `suit`, and every trump if `suit` is not
/// trump.
#[inline(always)]
fn beaters(hand: u64, target: u8, trump: u8) -> u64 {
    let (rank, suit) = (target >> 2, target & 3);
    let above = (CardSet::FULL.mask() >> ((rank as u32 + 1) * 4)) << ((rank as u32 + 1) * 4);
    let same = hand & SUITS[suit as usize] & above;
    if suit == trump {
        same
    } else {
        same | (hand & SUITS[trump as usize])
    }
}

impl Game {
    /// Plays a two-player game to its end with uniformly random moves.
    #[inline(always)]
    pub(crate) fn random_playout_two(&mut self, rng: &mut Rng) {
        debug_assert_eq!(self.config.players, 2);
        let trump = self.trump();
        while self.outcome.is_none() {
            let a = self.attacker as usize;
            let d = self.defender as usize;
            match self.phase {
                Phase::Lead => {
                    let hand = self.hands[a].mask();
                    let c = nth(hand, rng.below(hand.count_ones()));
                    self.put_attack(a, c);
                    self.phase = Phase::Defend;
                    self.to_move = self.defender;
                }
                Phase::Defend => {
                    let target = self.attacks[self.table_len as usize - 1].index();
                    let options = beaters(self.hands[d].mask(), target, trump);
                    let n = options.count_ones();
                    let k = rng.below(n + 1);
                    if k == n {
                        self.phase = Phase::Taking;
                    } else {
                        let c = nth(options, k);
                        self.hands[d].remove(card(c));
                        self.known[d].remove(card(c));
                        self.covers[self.table_len as usize - 1] = Some(card(c));
                        self.table_cards.insert(card(c));
                        self.table_ranks |= rank_mask(c >> 2);
                        self.phase = Phase::ThrowIn;
                    }
                    self.passed = 0;
                    self.to_move = self.attacker;
                    self.throw_or_end_two();
                }
                Phase::ThrowIn | Phase::Taking => {
                    let room = self.table_len < self.bout_limit;
                    let cards = if room {
                        self.hands[a].mask() & self.table_ranks
                    } else {
                        0
                    };
                    let n = cards.count_ones();
                    let k = rng.below(n + 1);
                    if k == n {
                        self.passed = 1 << a;
                        self.end_bout_two();
                    } else {
                        self.put_attack(a, nth(cards, k));
                        if self.phase == Phase::Taking {
                            self.throw_or_end_two();
                        } else {
                            self.phase = Phase::Defend;
                            self.to_move = self.defender;
                        }
                    }
                }
                Phase::Over => break,
            }
        }
    }

    #[inline(always)]
    fn put_attack(&mut self, player: usize, c: u8) {
        let i = self.table_len as usize;
        self.hands[player].remove(card(c));
        self.known[player].remove(card(c));
        self.attacks[i] = card(c);
        self.covers[i] = None;
        self.table_len += 1;
        self.table_cards.insert(card(c));
        self.table_ranks |= rank_mask(c >> 2);
        self.passed = 0;
    }

    /// The attacker may throw in (it has a card of a rank on the table and
    /// the bout has room), else the bout ends.
    #[inline(always)]
    fn throw_or_end_two(&mut self) {
        let a = self.attacker as usize;
        let can = (self.table_len as usize) < (self.bout_limit as usize).min(MAX_ATTACKS)
            && self.hands[a].mask() & self.table_ranks != 0;
        if can {
            self.to_move = self.attacker;
        } else {
            self.end_bout_two();
        }
    }

    #[inline(always)]
    fn end_bout_two(&mut self) {
        let (a, d) = (self.attacker as usize, self.defender as usize);
        let took = self.phase == Phase::Taking;
        if took {
            self.hands[d] = self.hands[d].union(self.table_cards);
            self.known[d] = self.known[d].union(self.table_cards);
        } else {
            self.discard = self.discard.union(self.table_cards);
        }
        self.table_len = 0;
        self.table_cards = CardSet::EMPTY;
        self.table_ranks = 0;
        // Refill: the attacker first, the defender last.
        for p in [a, d] {
            let need = HAND_SIZE
                .saturating_sub(self.hands[p].len())
                .min(self.talon_len as u32);
            for _ in 0..need {
                self.talon_len -= 1;
                self.hands[p].insert(self.talon[self.talon_len as usize]);
            }
        }
        if self.talon_len == 0 {
            let empty = |p: usize| self.hands[p].is_empty();
            match (empty(a), empty(d)) {
                (true, true) => {
                    self.out = 0b11;
                    self.drawn = 0b11;
                    self.outcome = Some(Outcome::Draw);
                    self.phase = Phase::Over;
                    return;
                }
                (true, false) | (false, true) => {
                    let loser = if empty(a) { d } else { a };
                    self.out = 0b11 & !(1 << loser);
                    self.outcome = Some(Outcome::Loser(loser as u8));
                    self.phase = Phase::Over;
                    return;
                }
                _ => {}
            }
        }
        let next = if took { a } else { d } as u8;
        self.attacker = next;
        self.defender = 1 - next;
        self.bout_limit = (MAX_ATTACKS as u32).min(self.hands[self.defender as usize].len()) as u8;
        self.passed = 0;
        self.phase = Phase::Lead;
        self.to_move = next;
    }
}
