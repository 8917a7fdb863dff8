//! The rules of `docs/src/rules/durak.md` on card masks, written once: what
//! beats what, what may be thrown in or transferred, the bout's limit, the
//! refill, the end of the game and the next attacker. The move-by-move game
//! (`game.rs`) and the fused two-player playout (`two_player_playout.rs`)
//! both call these, so the engines cannot drift apart; a proptest holds
//! them to the same games.
//!
//! Cards are `crate::cards` indices (rank * 4 + suit), a set of cards a
//! `u64` with bit i for card i.

use super::game::Outcome;

/// Most players.
pub const MAX_PLAYERS: usize = 6;
/// Cards dealt to each player, and the refill target (rules 2 and 10).
pub const HAND_SIZE: u32 = 6;
/// Most attack cards in a bout (rule 7).
pub const MAX_ATTACKS: usize = 6;

/// Cards of one suit.
const fn suit_mask(suit: u8) -> u64 {
    let mut m = 0u64;
    let mut r = 0;
    while r < 13 {
        m |= 1 << (r * 4 + suit as u64);
        r += 1;
    }
    m
}

/// The cards of each suit.
pub(crate) const SUITS: [u64; 4] = [suit_mask(0), suit_mask(1), suit_mask(2), suit_mask(3)];

/// Cards of one rank.
pub(crate) const fn rank_mask(rank: u8) -> u64 {
    0xF << (rank * 4)
}

/// Cards ranked above `rank`.
const fn above(rank: u8) -> u64 {
    const FULL: u64 = (1 << 52) - 1;
    (FULL >> ((rank as u32 + 1) * 4)) << ((rank as u32 + 1) * 4)
}

/// Rule 5: the cards in `hand` that beat the card `target`: higher cards of
/// its suit, and every trump if it is not a trump.
#[inline(always)]
pub(crate) fn beaters_of(hand: u64, target: u8, trump: u8) -> u64 {
    let (rank, suit) = (target >> 2, target & 3);
    let same = hand & SUITS[suit as usize] & above(rank);
    // All ones unless the target is a trump: a select, not a branch (the
    // suit led is random in a playout).
    let off_trump = u64::from(suit != trump).wrapping_neg();
    same | (hand & SUITS[trump as usize] & off_trump)
}

/// Whether `card` beats `target` (rule 5).
#[inline(always)]
pub(crate) fn beats(card: u8, target: u8, trump: u8) -> bool {
    beaters_of(1 << card, target, trump) != 0
}

/// Rule 7: the attack cards a bout allows, min(6, the defender's hand when
/// it starts, or when the defender took over by a transfer).
#[inline(always)]
pub(crate) fn bout_limit(defender_cards: u32) -> u32 {
    defender_cards.min(MAX_ATTACKS as u32)
}

/// Rule 6: the cards of `hand` that may be thrown in, those of a rank on
/// the table (`table_ranks`: all four bits of each such rank), while the
/// bout has room.
#[inline(always)]
pub(crate) fn throwable(hand: u64, table_ranks: u64, attacks: u32, limit: u32) -> u64 {
    if attacks < limit {
        hand & table_ranks
    } else {
        0
    }
}

/// Rule 12: the cards of the defender's `hand` that may transfer the bout.
/// `rank` is the attack cards' rank, `beaten` whether any is beaten,
/// `attacks` how many lie on the table, `next_cards` the hand size of the
/// player who would defend next.
#[inline(always)]
pub(crate) fn transferable(
    hand: u64,
    rank: u8,
    beaten: bool,
    attacks: u32,
    next_cards: u32,
) -> u64 {
    let room = attacks < MAX_ATTACKS as u32 && next_cards > attacks;
    if beaten || !room {
        0
    } else {
        hand & rank_mask(rank)
    }
}

/// Rule 10: how many cards a player holding `hand_cards` draws from a
/// talon of `talon_len`.
#[inline(always)]
pub(crate) fn cards_to_draw(hand_cards: u32, talon_len: u32) -> u32 {
    HAND_SIZE.saturating_sub(hand_cards).min(talon_len)
}

/// Rule 11, once the talon is empty: `holding` has a bit for each player
/// still holding cards. Nobody left is a draw, one player left is the
/// durak; otherwise the game goes on.
#[inline(always)]
pub(crate) fn outcome(holding: u8) -> Option<Outcome> {
    match holding.count_ones() {
        0 => Some(Outcome::Draw),
        1 => Some(Outcome::Loser(holding.trailing_zeros() as u8)),
        _ => None,
    }
}

/// Rule 11: whether a player is still in the game. A player recorded as
/// out has left; so has one who holds no cards once the talon is empty,
/// also in the middle of a bout, before the bout's end records it. Every
/// "next player still in" (the next defender, the transfer target, the
/// next attacker) walks the seats with this.
#[inline(always)]
pub(crate) fn still_in(recorded_out: bool, hand_cards: u32, talon_len: u32) -> bool {
    !recorded_out && (hand_cards > 0 || talon_len > 0)
}

/// Rules 8 and 9: who attacks the next bout, reckoned from the final
/// defender: after a pickup the player after the defender; after bito the
/// defender, or the player after it if the defender has left.
/// `after_defender` is the next player still in the game after it.
#[inline(always)]
pub(crate) fn next_attacker(took: bool, defender: u8, defender_in: bool, after_defender: u8) -> u8 {
    if !took && defender_in {
        defender
    } else {
        after_defender
    }
}

/// Whether the cards of `hand` can beat every card of `targets` (at most
/// `MAX_ATTACKS` of them), one card each: a small matching by backtracking.
pub(crate) fn can_cover(targets: u64, hand: u64, trump: u8) -> bool {
    if targets == 0 {
        return true;
    }
    let first = targets.trailing_zeros() as u8;
    let rest = targets & (targets - 1);
    let mut options = beaters_of(hand, first, trump);
    while options != 0 {
        let c = options.trailing_zeros();
        options &= options - 1;
        if can_cover(rest, hand & !(1 << c), trump) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rule 5 by its words, for every pair of cards and trump suit.
    #[test]
    fn beating_is_rule_five() {
        for trump in 0..4u8 {
            for t in 0..52u8 {
                for c in 0..52u8 {
                    let same_suit_higher = c & 3 == t & 3 && c >> 2 > t >> 2;
                    let trump_on_plain = c & 3 == trump && t & 3 != trump;
                    assert_eq!(beats(c, t, trump), same_suit_higher || trump_on_plain);
                }
            }
        }
    }

    #[test]
    fn limits_refill_outcome_and_roles() {
        assert_eq!(bout_limit(9), 6);
        assert_eq!(bout_limit(2), 2);
        assert_eq!(throwable(0b1111, 0b0011, 1, 2), 0b0011);
        assert_eq!(throwable(0b1111, 0b0011, 2, 2), 0);
        assert_eq!(cards_to_draw(2, 10), 4);
        assert_eq!(cards_to_draw(2, 3), 3);
        assert_eq!(cards_to_draw(8, 3), 0);
        assert_eq!(outcome(0), Some(Outcome::Draw));
        assert_eq!(outcome(0b100), Some(Outcome::Loser(2)));
        assert_eq!(outcome(0b101), None);
        assert!(still_in(false, 0, 3) && still_in(false, 2, 0));
        assert!(!still_in(false, 0, 0) && !still_in(true, 0, 0));
        assert_eq!(next_attacker(false, 1, true, 2), 1);
        assert_eq!(next_attacker(false, 1, false, 2), 2);
        assert_eq!(next_attacker(true, 1, true, 2), 2);
        // Transfers: same rank, nothing beaten, room on the table and in the
        // next defender's hand.
        let sixes = rank_mask(4);
        assert_eq!(transferable(!0, 4, false, 1, 2), sixes);
        assert_eq!(transferable(!0, 4, true, 1, 6), 0);
        assert_eq!(transferable(!0, 4, false, 2, 2), 0);
        assert_eq!(transferable(!0, 4, false, 6, 9), 0);
    }

    #[test]
    fn covering_finds_a_matching_when_one_exists() {
        // Spades 7 and 9 against spades 8 and T: 8 must take the 7.
        let bit = |rank: u64| 1u64 << (rank * 4 + 3);
        let (s7, s8, s9, st) = (bit(5), bit(6), bit(7), bit(8));
        let trump = 0;
        assert!(can_cover(s9 | s7, s8 | st, trump));
        assert!(!can_cover(s9 | s7, s8, trump));
        // Any clubs card (trump) covers a plain card.
        assert!(can_cover(s9 | s7, s8 | 1, trump));
    }
}
