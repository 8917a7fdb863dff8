//! Baseline players, the yardsticks for the search: uniform random, and a
//! greedy player who plays the lowest adequate card and keeps trumps.
//! Both choose without building a move list.

use super::game::{Game, Phase};
use super::moves::{Move, NO_CARD};
use super::rules::{SUITS, can_cover};
use crate::cards::Card;
use crate::combin::nth_set_bit;
use crate::platform::{Tier, best};
use crate::rng::Rng;

/// The `k`-th lowest card of a non-empty mask.
fn nth_card(mask: u64, k: u32) -> Card {
    Card::new(nth_set_bit(mask, k)).unwrap_or(NO_CARD)
}

fn lowest(mask: u64) -> Card {
    nth_card(mask, 0)
}

/// A move chosen uniformly among the legal ones (the game must not be
/// over).
#[inline(always)]
pub fn random_move(g: &Game, rng: &mut Rng) -> Move {
    let hand = g.hand(g.to_move()).mask();
    match g.phase() {
        Phase::Lead => Move::attack(nth_card(hand, rng.below(hand.count_ones()))),
        Phase::Defend => {
            // Defences target by target in table order, then transfers,
            // then take: the order of `Game::legal_moves`.
            let slots = g.uncovered_slots();
            let beaters = |slot: u32| g.beaters(hand, g.attacks[slot as usize]);
            let mut defences = 0;
            let mut rest = slots;
            while rest != 0 {
                defences += beaters(rest.trailing_zeros()).count_ones();
                rest &= rest - 1;
            }
            let transfers = g.transfer_cards();
            let mut k = rng.below(defences + transfers.count_ones() + 1);
            let mut rest = slots;
            while rest != 0 {
                let slot = rest.trailing_zeros();
                let options = beaters(slot);
                if k < options.count_ones() {
                    return Move::defend(g.attacks[slot as usize], nth_card(options, k));
                }
                k -= options.count_ones();
                rest &= rest - 1;
            }
            if k < transfers.count_ones() {
                Move::transfer(nth_card(transfers, k))
            } else {
                Move::TAKE
            }
        }
        Phase::ThrowIn | Phase::Taking => {
            let cards = g.throwable_now();
            let k = rng.below(cards.count_ones() + 1);
            if k == cards.count_ones() {
                Move::PASS
            } else {
                Move::attack(nth_card(cards, k))
            }
        }
        Phase::Over => Move::PASS,
    }
}

/// Orders cards for spending: low ranks first, trumps after every
/// non-trump.
fn cheapest(g: &Game, mask: u64) -> Option<Card> {
    let trumps = SUITS[g.trump() as usize];
    let plain = mask & !trumps;
    if plain != 0 {
        // Lowest rank among the plain suits: bits are rank-major.
        Some(lowest(plain))
    } else if mask != 0 {
        Some(lowest(mask))
    } else {
        None
    }
}

/// Rank index of the queen: trumps from here up are worth keeping early.
const QUEEN: u8 = 10;

/// The greedy baseline: lead and throw in the lowest non-trump card (no
/// trumps thrown in while the talon lasts), transfer with the lowest plain
/// card of the rank whenever the transfer variant allows it, beat with the
/// lowest adequate card, and take rather than spend a high trump while
/// more than a few cards remain in the talon.
pub fn greedy_move(g: &Game) -> Move {
    let hand = g.hand(g.to_move()).mask();
    let trumps = SUITS[g.trump() as usize];
    match g.phase() {
        Phase::Lead => cheapest(g, hand).map_or(Move::PASS, Move::attack),
        Phase::Defend => {
            // Transfer with a plain card whenever the rules allow it.
            let plain_transfers = g.transfer_cards() & !trumps;
            if plain_transfers != 0 {
                return Move::transfer(lowest(plain_transfers));
            }
            greedy_defence(g, hand)
        }
        Phase::ThrowIn | Phase::Taking => {
            let mut cards = g.throwable_now();
            if g.talon_len() > 0 {
                cards &= !trumps;
            }
            match cheapest(g, cards) {
                // Keep aces and kings back while the talon lasts.
                Some(c) if g.talon_len() == 0 || c.rank() < 11 => Move::attack(c),
                _ => Move::PASS,
            }
        }
        Phase::Over => Move::PASS,
    }
}

/// The greedy defence: take unless the hand covers every uncovered card;
/// else beat the first uncovered card with the cheapest card that leaves
/// the rest coverable, taking rather than spending a high trump early.
fn greedy_defence(g: &Game, hand: u64) -> Move {
    let trump = g.trump();
    let slots = g.uncovered_slots();
    let first = g.attacks[slots.trailing_zeros() as usize];
    let rest = g.uncovered_cards() & !first.bit();
    let mut options = g.beaters(hand, first);
    while let Some(c) = cheapest(g, options) {
        options &= !c.bit();
        if !can_cover(rest, hand & !c.bit(), trump) {
            continue;
        }
        let costly = c.suit() == trump && c.rank() >= QUEEN && g.talon_len() > 4;
        return if costly {
            Move::TAKE
        } else {
            Move::defend(first, c)
        };
    }
    Move::TAKE
}

/// The random playout's tiers, best first: BMI2 (the fused two-player
/// loop picks the k-th card by bit deposit; other games take the popcnt
/// build), popcnt (counting cards is much of a playout), portable.
pub const PLAYOUT_TIERS: &[Tier] = &[Tier::Bmi2, Tier::Popcnt, Tier::Portable];

/// Plays random moves to the end of the game, on the best tier this CPU
/// has (detected at run time).
pub fn random_playout(g: &mut Game, rng: &mut Rng) {
    random_playout_on(best(PLAYOUT_TIERS), g, rng)
}

/// `random_playout` on `tier` (one this CPU has; any other runs the
/// portable code). Every tier plays the same game from the same stream.
pub fn random_playout_on(tier: Tier, g: &mut Game, rng: &mut Rng) {
    #[cfg(target_arch = "x86_64")]
    {
        if tier == Tier::Bmi2 && tier.available() && g.fused_playout_applies() {
            // SAFETY: the CPU has popcnt and BMI2.
            unsafe { random_playout_bmi2(g, rng) };
            return;
        }
        if matches!(tier, Tier::Bmi2 | Tier::Popcnt) && Tier::Popcnt.available() {
            // SAFETY: the CPU has popcnt.
            unsafe { random_playout_popcnt(g, rng) };
            return;
        }
    }
    let _ = tier;
    playout(g, rng)
}

/// The portable loop (also the body of the popcnt build): the fused
/// two-player loop where it applies, or move by move.
#[inline(always)]
pub(crate) fn playout(g: &mut Game, rng: &mut Rng) {
    if g.fused_playout_applies() {
        g.random_playout_two(rng);
    } else {
        playout_move_by_move(g, rng);
    }
}

/// Random moves applied one at a time: the reference for the fused loop.
#[inline(always)]
pub(crate) fn playout_move_by_move(g: &mut Game, rng: &mut Rng) {
    while g.outcome().is_none() {
        let m = random_move(g, rng);
        g.apply_unchecked(m);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn random_playout_bmi2(g: &mut Game, rng: &mut Rng) {
    g.random_playout_two_with::<true>(rng)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn random_playout_popcnt(g: &mut Game, rng: &mut Rng) {
    playout(g, rng)
}
