//! Random playouts of two-player podkidnoy games, the inner loop of the
//! search: the same choices as `bots::random_move` applied through
//! `Game::apply`, drawn from the random stream in the same order (a
//! proptest holds the two to the same final game and stream), but with the
//! bout's steps fused and without the seat loops that 3 to 6 players need.
//! The rules are `rules.rs`'s, as the move-by-move game's are. Games this
//! loop does not cover (transfers, several cards uncovered at once) are
//! played move by move.

use super::game::{Game, Outcome, Phase, Protocol, Variant};
use super::rules::{self, beaters_of, rank_mask};
use crate::cards::CardSet;
use crate::combin::nth_set_bit;
use crate::rng::Rng;

/// A two-player game as the playouts hold it: the attacker's and the
/// defender's cards (swapped when the roles change) and the bout's table.
pub(crate) struct TwoPlayerState {
    /// The attacker's seat.
    pub a: usize,
    pub att: u64,
    pub def: u64,
    pub att_known: u64,
    pub def_known: u64,
    pub discard: u64,
    pub talon_len: usize,
    /// Attack cards allowed this bout.
    pub limit: u32,
    pub table: Table,
}

/// A two-player game about to be played out.
pub(crate) struct TwoPlayerStart {
    pub state: TwoPlayerState,
    /// `None`: a fresh bout (the attacker leads); `Some(true)`: resumed at
    /// a throw-in; `Some(false)`: at a defence.
    pub resume: Option<bool>,
    /// The defender has taken; the attacker may still throw in.
    pub taking: bool,
}

/// The cards on the table in a two-player bout.
pub(crate) struct Table {
    pub cards: u64,
    /// Every card of each rank on the table (all four bits of the rank).
    pub ranks: u64,
    pub attacks: u32,
    /// The last attack card.
    pub last: u8,
}

impl Table {
    #[inline(always)]
    fn put(&mut self, c: u8) {
        self.cards |= 1 << c;
        self.ranks |= rank_mask(c >> 2);
    }

    #[inline(always)]
    fn attack(&mut self, c: u8) {
        self.put(c);
        self.attacks += 1;
        self.last = c;
    }
}

/// Card `c` leaves a hand (and its known part).
#[inline(always)]
fn play(hand: &mut u64, known: &mut u64, c: u8) {
    *hand &= !(1 << c);
    *known &= !(1 << c);
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
            nth_set_bit(mask, k)
        };
        debug_assert_eq!(self.config.players, 2);
        let trump = self.trump();
        let Some(start) = self.two_player_start() else {
            return;
        };
        let TwoPlayerState {
            mut a,
            mut att,
            mut def,
            mut att_known,
            mut def_known,
            mut discard,
            mut talon_len,
            mut limit,
            mut table,
        } = start.state;
        let mut resume = start.resume;
        let mut taking = start.taking;
        // One throw-in chance: false if the attacker cannot or does not
        // throw. `forced`: a bout resumed at a throw-in draws its choice
        // even when nothing can be thrown (as the move-by-move loop does).
        let throw_in = |att: &mut u64,
                        att_known: &mut u64,
                        table: &mut Table,
                        limit: u32,
                        r: &mut Rng,
                        forced: bool|
         -> bool {
            let cards = rules::throwable(*att, table.ranks, table.attacks, limit);
            if cards == 0 && !forced {
                return false;
            }
            let n = cards.count_ones();
            let k = r.below(n + 1);
            if k == n {
                return false;
            }
            let c = select(cards, k);
            play(att, att_known, c);
            table.attack(c);
            true
        };
        // talon_prefix[i]: the cards talon[..i]; a refill of the talon's
        // top `need` cards is one XOR of two entries (no loop to mispredict).
        let talon_prefix = self.talon_prefix();
        // The generator's state in locals too, written back at the end.
        let mut r = rng.clone();
        let trump_bit = self.trump_card.bit();
        // Bouts as nested loops (lead; defend and throw in turn; end), so
        // each step's successor is a plain branch, not a dispatch.
        let outcome = loop {
            // Some(true): resume at a throw-in; Some(false): at a defence.
            let mut at_throw = match resume.take() {
                Some(at_throw) => at_throw,
                None => {
                    let c = select(att, r.below(att.count_ones()));
                    play(&mut att, &mut att_known, c);
                    table.attack(c);
                    taking = false;
                    false
                }
            };
            loop {
                if !at_throw {
                    let options = beaters_of(def, table.last, trump);
                    let n = options.count_ones();
                    let k = r.below(n + 1);
                    taking = k == n;
                    if !taking {
                        let c = select(options, k);
                        play(&mut def, &mut def_known, c);
                        table.put(c);
                    }
                }
                let forced = std::mem::take(&mut at_throw);
                if taking {
                    // Throw-ins onto a take, as many as the attacker wants.
                    let mut forced = forced;
                    while throw_in(&mut att, &mut att_known, &mut table, limit, &mut r, forced) {
                        forced = false;
                    }
                    break;
                }
                // One throw-in, answered by a defence; or bito.
                if !throw_in(&mut att, &mut att_known, &mut table, limit, &mut r, forced) {
                    break;
                }
            }
            // The bout ends: the defender took, or it is bito.
            let took = taking;
            if took {
                def |= table.cards;
                def_known |= table.cards;
            } else {
                discard |= table.cards;
            }
            table = Table {
                cards: 0,
                ranks: 0,
                attacks: 0,
                last: 0,
            };
            // Refill: the attacker first, the defender last; the turned
            // trump, drawn last, is seen by all.
            let talon_before = talon_len;
            for hand in [&mut att, &mut def] {
                let need = rules::cards_to_draw(hand.count_ones(), talon_len as u32) as usize;
                *hand |= talon_prefix[talon_len] ^ talon_prefix[talon_len - need];
                talon_len -= need;
            }
            if talon_before > 0 && talon_len == 0 {
                // Whoever drew the trump card drew it in view of all.
                att_known |= att & trump_bit;
                def_known |= def & trump_bit;
            }
            if talon_len == 0 {
                let holding = u8::from(att != 0) << a | u8::from(def != 0) << (1 - a);
                if let Some(outcome) = rules::outcome(holding) {
                    break outcome;
                }
            }
            // With two players, both in: the player after the defender is
            // the attacker.
            if rules::next_attacker(took, 1 - a as u8, true, a as u8) != a as u8 {
                a = 1 - a;
                std::mem::swap(&mut att, &mut def);
                std::mem::swap(&mut att_known, &mut def_known);
            }
            limit = rules::bout_limit(def.count_ones());
        };
        *rng = r;
        self.finish_two_player(
            TwoPlayerState {
                a,
                att,
                def,
                att_known,
                def_known,
                discard,
                talon_len,
                limit,
                table,
            },
            outcome,
        );
    }

    /// Where a two-player game stands, as the playouts hold it; `None` once
    /// it is over.
    #[inline(always)]
    pub(crate) fn two_player_start(&self) -> Option<TwoPlayerStart> {
        // Where the bout stands: a bout may be resumed mid-way (the search
        // starts playouts from any position); a fresh one starts at Lead.
        let resume = match self.phase {
            Phase::Lead => None,
            Phase::Defend => Some(false),
            Phase::ThrowIn | Phase::Taking => Some(true),
            Phase::Over => return None,
        };
        if self.outcome.is_some() {
            return None;
        }
        debug_assert!(self.fused_playout_applies());
        let a = self.attacker as usize;
        let attacks = self.table_len as u32;
        Some(TwoPlayerStart {
            state: TwoPlayerState {
                a,
                att: self.hands[a].mask(),
                def: self.hands[1 - a].mask(),
                att_known: self.known[a].mask(),
                def_known: self.known[1 - a].mask(),
                discard: self.discard.mask(),
                talon_len: self.talon_len as usize,
                limit: self.bout_limit as u32,
                table: Table {
                    cards: self.table_cards.mask(),
                    ranks: self.table_ranks,
                    attacks,
                    last: attacks
                        .checked_sub(1)
                        .map_or(0, |i| self.attacks[i as usize].index()),
                },
            },
            resume,
            taking: self.phase == Phase::Taking,
        })
    }

    /// Whether the fused loop plays this game: two-player podkidnoy, one
    /// card answered at a time, at most the last attack card uncovered.
    pub(crate) fn fused_playout_applies(&self) -> bool {
        let uncovered = self.uncovered_slots();
        let last_only = uncovered == 0
            || (self.phase == Phase::Defend && uncovered == 1 << (self.table_len - 1));
        self.config.players == 2
            && self.config.variant == Variant::Podkidnoy
            && self.config.protocol == Protocol::OneAtATime
            && (last_only || self.phase == Phase::Taking)
    }

    /// `talon_prefix()[i]`: the cards `talon[..i]`; a refill of the talon's
    /// top `need` cards is one XOR of two entries (no loop to mispredict).
    #[inline(always)]
    pub(crate) fn talon_prefix(&self) -> [u64; 53] {
        let mut prefix = [0u64; 53];
        for (i, card) in self.talon[..self.talon_len as usize].iter().enumerate() {
            prefix[i + 1] = prefix[i] | card.bit();
        }
        prefix
    }

    /// Writes a finished two-player game back.
    #[inline(always)]
    pub(crate) fn finish_two_player(&mut self, end: TwoPlayerState, outcome: Outcome) {
        let a = end.a;
        let (mut hands, mut known) = ([end.att, end.def], [end.att_known, end.def_known]);
        if a == 1 {
            hands.swap(0, 1);
            known.swap(0, 1);
        }
        let set = |mask: u64| CardSet::from_mask(mask).unwrap_or(CardSet::EMPTY);
        self.hands[0] = set(hands[0]);
        self.hands[1] = set(hands[1]);
        self.known[0] = set(known[0]);
        self.known[1] = set(known[1]);
        self.discard = set(end.discard);
        self.talon_len = end.talon_len as u8;
        self.table_len = 0;
        self.table_cards = CardSet::EMPTY;
        self.table_ranks = 0;
        self.leader = a as u8;
        self.attacker = a as u8;
        self.defender = 1 - a as u8;
        self.bout_limit = end.limit as u8;
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
