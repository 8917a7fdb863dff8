//! Random playouts of two-player games, the inner loop of the search: the
//! same choices as `bots::random_move` applied through `Game::apply`, drawn
//! from the random stream in the same order (a test holds the two to the
//! same final game and stream), but with the bout's steps fused and without
//! the seat loops that 3 to 6 players need.

use super::game::{Game, HAND_SIZE, MAX_ATTACKS, Outcome, Phase, SUITS, rank_mask};
use crate::cards::CardSet;
use crate::rng::Rng;

/// The `k`-th lowest set bit of a non-empty mask, as a card index.
#[inline(always)]
fn nth(mut mask: u64, k: u32) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
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

/// Where a two-player bout stands, for the fused loop (a local, so the
/// compiler can jump from step to step without a dispatch).
#[derive(Clone, Copy)]
enum Step {
    Lead,
    Defend,
    Throw { taking: bool },
    End { took: bool },
}

impl Game {
    /// Plays a two-player game to its end with uniformly random moves. The
    /// hot state lives in locals (card sets as masks) and is written back
    /// once, at the end.
    #[inline(always)]
    pub(crate) fn random_playout_two(&mut self, rng: &mut Rng) {
        self.random_playout_two_with::<false>(rng)
    }

    /// The loop, choosing the k-th card by a bit-deposit instruction when
    /// `PDEP` (only from code compiled with BMI2).
    #[inline(always)]
    pub(crate) fn random_playout_two_with<const PDEP: bool>(&mut self, rng: &mut Rng) {
        let select = |mask: u64, k: u32| -> u8 {
            #[cfg(target_arch = "x86_64")]
            if PDEP {
                // SAFETY: PDEP is only set by callers compiled with BMI2 on a
                // CPU that has it.
                return unsafe { std::arch::x86_64::_pdep_u64(1u64 << k, mask) }.trailing_zeros()
                    as u8;
            }
            nth(mask, k)
        };
        debug_assert_eq!(self.config.players, 2);
        if self.outcome.is_some() {
            return;
        }
        let trump = self.trump();
        // The attacker's and the defender's cards in registers; swapped
        // when the roles change.
        let mut a = self.attacker as usize;
        let (mut att, mut def) = (self.hands[a].mask(), self.hands[1 - a].mask());
        let (mut att_known, mut def_known) = (self.known[a].mask(), self.known[1 - a].mask());
        let mut discard = self.discard.mask();
        let mut talon_len = self.talon_len as usize;
        let mut limit = self.bout_limit as u32;
        let mut table = self.table_cards.mask();
        let mut ranks = self.table_ranks;
        let mut count = self.table_len as u32;
        let mut last = if count > 0 {
            self.attacks[count as usize - 1].index()
        } else {
            0
        };
        let mut step = match self.phase {
            Phase::Lead => Step::Lead,
            Phase::Defend => Step::Defend,
            Phase::ThrowIn => Step::Throw { taking: false },
            Phase::Taking => Step::Throw { taking: true },
            Phase::Over => return,
        };
        // After a card is played: may the attacker throw in again?
        let can_throw =
            |hand: u64, count: u32, limit: u32, ranks: u64| count < limit && hand & ranks != 0;
        // The generator's state in locals too, written back at the end.
        let mut r = rng.clone();
        let outcome = loop {
            match step {
                Step::Lead => {
                    let c = select(att, r.below(att.count_ones()));
                    let bit = 1u64 << c;
                    att &= !bit;
                    att_known &= !bit;
                    table |= bit;
                    ranks |= rank_mask(c >> 2);
                    count += 1;
                    last = c;
                    step = Step::Defend;
                }
                Step::Defend => {
                    let options = beaters(def, last, trump);
                    let n = options.count_ones();
                    let k = r.below(n + 1);
                    let taking = k == n;
                    if !taking {
                        let c = select(options, k);
                        let bit = 1u64 << c;
                        def &= !bit;
                        def_known &= !bit;
                        table |= bit;
                        ranks |= rank_mask(c >> 2);
                    }
                    step = if can_throw(att, count, limit, ranks) {
                        Step::Throw { taking }
                    } else {
                        Step::End { took: taking }
                    };
                }
                Step::Throw { taking } => {
                    let cards = if count < limit { att & ranks } else { 0 };
                    let n = cards.count_ones();
                    let k = r.below(n + 1);
                    if k == n {
                        step = Step::End { took: taking };
                        continue;
                    }
                    let c = select(cards, k);
                    let bit = 1u64 << c;
                    att &= !bit;
                    att_known &= !bit;
                    table |= bit;
                    ranks |= rank_mask(c >> 2);
                    count += 1;
                    last = c;
                    step = if !taking {
                        Step::Defend
                    } else if can_throw(att, count, limit, ranks) {
                        Step::Throw { taking }
                    } else {
                        Step::End { took: true }
                    };
                }
                Step::End { took } => {
                    if took {
                        def |= table;
                        def_known |= table;
                    } else {
                        discard |= table;
                    }
                    table = 0;
                    ranks = 0;
                    count = 0;
                    // Refill: the attacker first, the defender last.
                    for hand in [&mut att, &mut def] {
                        let need =
                            (HAND_SIZE.saturating_sub(hand.count_ones()) as usize).min(talon_len);
                        for _ in 0..need {
                            talon_len -= 1;
                            *hand |= self.talon[talon_len].bit();
                        }
                    }
                    if talon_len == 0 {
                        match (att == 0, def == 0) {
                            (true, true) => break Outcome::Draw,
                            (true, false) => break Outcome::Loser(1 - a as u8),
                            (false, true) => break Outcome::Loser(a as u8),
                            (false, false) => {}
                        }
                    }
                    if !took {
                        // Bito: the defender attacks next.
                        a = 1 - a;
                        std::mem::swap(&mut att, &mut def);
                        std::mem::swap(&mut att_known, &mut def_known);
                    }
                    limit = (MAX_ATTACKS as u32).min(def.count_ones());
                    step = Step::Lead;
                }
            }
        };
        *rng = r;
        let (mut hands, mut known) = ([att, def], [att_known, def_known]);
        if a == 1 {
            hands.swap(0, 1);
            known.swap(0, 1);
        }
        let set = |mask: u64| CardSet::from_mask(mask).unwrap_or(CardSet::EMPTY);
        self.hands[0] = set(hands[0]);
        self.hands[1] = set(hands[1]);
        self.known[0] = set(known[0]);
        self.known[1] = set(known[1]);
        self.discard = set(discard);
        self.talon_len = talon_len as u8;
        self.table_len = 0;
        self.table_cards = CardSet::EMPTY;
        self.table_ranks = 0;
        self.attacker = a as u8;
        self.defender = 1 - a as u8;
        self.bout_limit = limit as u8;
        self.passed = 0;
        self.phase = Phase::Over;
        match outcome {
            Outcome::Draw => {
                self.out = 0b11;
                self.drawn = 0b11;
            }
            Outcome::Loser(p) => self.out = 0b11 & !(1 << p),
        }
        self.outcome = Some(outcome);
    }
}
