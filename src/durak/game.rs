//! The full state of a podkidnoy Durak game (`shared/rules/durak.md`), its
//! legal moves and their effects. Cards are `crate::cards` indices (rank * 4
//! + suit, 2 = rank 0 .. A = rank 12) held in `CardSet` bitboards.
//!
//! The bout is played as a sequence of single moves: the main attacker leads
//! one card; the defender beats the uncovered card or takes; when every card
//! is covered, or once the defender takes, the throwers (the main attacker
//! first, then with 3+ players the other non-defenders in seat order) may
//! each add a card of a rank on the table or pass; a card thrown restarts
//! the round of throwers. Players with nothing to throw are skipped, so a
//! thrower always has a real choice. Every card thrown is answered before
//! the next, which is how most online tables play it.

use super::moves::{Move, MoveKind, MoveList, NO_CARD};
use crate::cards::{Card, CardSet};
use crate::error::{Error, Result};
use crate::rng::Rng;

/// Most players.
pub const MAX_PLAYERS: usize = 6;
/// Cards dealt to each player, and the refill target.
pub const HAND_SIZE: u32 = 6;
/// Most attack cards in a bout.
pub const MAX_ATTACKS: usize = 6;

/// The deck: 36 (6..A, the default), 24 (9..A) or 52 cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Deck {
    Cards24,
    #[default]
    Cards36,
    Cards52,
}

impl Deck {
    /// The lowest rank index in the deck.
    pub fn lowest_rank(self) -> u8 {
        match self {
            Deck::Cards24 => 7,
            Deck::Cards36 => 4,
            Deck::Cards52 => 0,
        }
    }

    pub fn size(self) -> u32 {
        4 * (13 - self.lowest_rank() as u32)
    }

    /// Every card of the deck.
    pub fn cards(self) -> CardSet {
        CardSet::from_mask(CardSet::FULL.mask() & !((1u64 << (4 * self.lowest_rank())) - 1))
            .unwrap_or(CardSet::EMPTY)
    }
}

/// The table's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub players: u8,
    pub deck: Deck,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 2,
            deck: Deck::Cards36,
        }
    }
}

impl Config {
    pub fn validate(&self) -> Result<()> {
        if !(2..=MAX_PLAYERS as u8).contains(&self.players) {
            return Err(Error::invalid(format!(
                "{} players; Durak takes 2 to 6",
                self.players
            )));
        }
        if self.players as u32 * HAND_SIZE > self.deck.size() {
            return Err(Error::invalid(format!(
                "{} players need {} cards; the deck has {}",
                self.players,
                self.players as u32 * HAND_SIZE,
                self.deck.size()
            )));
        }
        Ok(())
    }
}

/// Where the bout stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    /// The main attacker leads the first card.
    Lead = 0,
    /// The defender answers the uncovered card.
    Defend = 1,
    /// All cards are covered; throwers may add.
    ThrowIn = 2,
    /// The defender takes; throwers may add before the pickup.
    Taking = 3,
    /// The game is over.
    Over = 4,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// This player is the durak.
    Loser(u8),
    /// The last two players ran out together.
    Draw,
}

/// Every card, in index order.
const ALL_CARDS: [Card; 52] = {
    let mut all = [NO_CARD; 52];
    let mut i = 0;
    while i < 52 {
        all[i] = match Card::new(i as u8) {
            Some(c) => c,
            None => NO_CARD,
        };
        i += 1;
    }
    all
};

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
pub(crate) const SUITS: [u64; 4] = [suit_mask(0), suit_mask(1), suit_mask(2), suit_mask(3)];

/// Cards of one rank.
pub(crate) const fn rank_mask(rank: u8) -> u64 {
    0xF << (rank * 4)
}

/// Cards ranked above `rank`.
const fn above(rank: u8) -> u64 {
    (CardSet::FULL.mask() >> ((rank as u32 + 1) * 4)) << ((rank as u32 + 1) * 4)
}

/// Cards in `hand` that beat the card with index `target`: higher cards of
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

/// The `k`-th lowest set bit of a mask with more than `k` bits.
#[inline(always)]
pub(crate) fn nth_bit(mut mask: u64, k: u32) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

/// The full state of a game.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) config: Config,
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    /// Cards a player picked up, seen by everyone, still in that hand.
    pub(crate) known: [CardSet; MAX_PLAYERS],
    /// The talon, drawn from the end; `talon[0]` is the turned trump card.
    pub(crate) talon: [Card; 52],
    pub(crate) talon_len: u8,
    pub(crate) trump_card: Card,
    pub(crate) discard: CardSet,
    /// Attack cards in order, each with its cover if beaten.
    pub(crate) attacks: [Card; MAX_ATTACKS],
    pub(crate) covers: [Option<Card>; MAX_ATTACKS],
    pub(crate) table_len: u8,
    /// Every card on the table, and the ranks among them (all four bits of
    /// a rank set): kept as cards are played, read by every throw-in check.
    pub(crate) table_cards: CardSet,
    pub(crate) table_ranks: u64,
    /// Attack cards allowed this bout: min(6, the defender's hand at the start).
    pub(crate) bout_limit: u8,
    pub(crate) attacker: u8,
    pub(crate) defender: u8,
    pub(crate) to_move: u8,
    pub(crate) phase: Phase,
    /// Throwers who passed since the last card was thrown (bit per seat).
    pub(crate) passed: u8,
    /// Players who have left the game (bit per seat).
    pub(crate) out: u8,
    pub(crate) outcome: Option<Outcome>,
    /// In a draw, the players who ran out together (bit per seat).
    pub(crate) drawn: u8,
}

impl Game {
    /// A new game dealt from a shuffle drawn from `rng`.
    pub fn new(config: Config, rng: &mut Rng) -> Result<Game> {
        config.validate()?;
        // The deck's cards in index order: the top of the full deck.
        let n = config.deck.size() as usize;
        let first = 52 - n;
        let mut deck = [NO_CARD; 52];
        deck[..n].copy_from_slice(&ALL_CARDS[first..]);
        for i in (1..n).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        let players = config.players as usize;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        // Dealt round the table, one card at a time.
        let mut seat = 0;
        for &c in &deck[..players * HAND_SIZE as usize] {
            hands[seat].insert(c);
            seat = if seat + 1 == players { 0 } else { seat + 1 };
        }
        let dealt = players * HAND_SIZE as usize;
        let mut known = [CardSet::EMPTY; MAX_PLAYERS];
        let mut talon = [NO_CARD; 52];
        // The next card is turned and goes under the talon; with no card
        // left, the last card dealt is shown instead (and stays known).
        let trump_card = if dealt < n {
            talon[..n - dealt].copy_from_slice(&deck[dealt..n]);
            deck[dealt]
        } else {
            known[(dealt - 1) % players].insert(deck[dealt - 1]);
            deck[dealt - 1]
        };
        let talon_len = (n - dealt) as u8;
        let mut game = Game {
            config,
            hands,
            known,
            talon,
            talon_len,
            trump_card,
            discard: CardSet::EMPTY,
            attacks: [NO_CARD; MAX_ATTACKS],
            covers: [None; MAX_ATTACKS],
            table_len: 0,
            table_cards: CardSet::EMPTY,
            table_ranks: 0,
            bout_limit: 0,
            attacker: 0,
            defender: 0,
            to_move: 0,
            phase: Phase::Lead,
            passed: 0,
            out: 0,
            outcome: None,
            drawn: 0,
        };
        // The holder of the lowest trump leads; without trumps in hand, the
        // seed decides.
        let trumps = SUITS[game.trump() as usize];
        let first = (0..players)
            .filter(|&p| game.hands[p].mask() & trumps != 0)
            .min_by_key(|&p| (game.hands[p].mask() & trumps).trailing_zeros())
            .unwrap_or_else(|| rng.below(players as u32) as usize);
        game.start_bout(first as u8);
        Ok(game)
    }

    pub fn config(&self) -> Config {
        self.config
    }
    pub fn trump(&self) -> u8 {
        self.trump_card.suit()
    }
    pub fn trump_card(&self) -> Card {
        self.trump_card
    }
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// In a draw, the players who ran out together (bit per seat).
    pub fn drawn(&self) -> u8 {
        self.drawn
    }
    pub fn hand(&self, player: u8) -> CardSet {
        self.hands[player as usize]
    }
    pub fn attacker(&self) -> u8 {
        self.attacker
    }
    pub fn defender(&self) -> u8 {
        self.defender
    }
    pub fn talon_len(&self) -> u8 {
        self.talon_len
    }
    pub fn discard(&self) -> CardSet {
        self.discard
    }
    /// The attack cards and their covers.
    pub fn table(&self) -> impl Iterator<Item = (Card, Option<Card>)> + '_ {
        (0..self.table_len as usize).map(|i| (self.attacks[i], self.covers[i]))
    }

    fn put_on_table(&mut self, card: Card) {
        self.table_cards.insert(card);
        self.table_ranks |= rank_mask(card.rank());
    }

    fn active(&self, p: u8) -> bool {
        self.out & (1 << p) == 0
    }

    /// The next player in the game after `p`, skipping `skip` too.
    /// The seat after `q` (no division: this runs several times a bout).
    #[inline]
    fn seat_after(&self, q: u8) -> u8 {
        if q + 1 == self.config.players {
            0
        } else {
            q + 1
        }
    }

    fn next_active(&self, p: u8, skip: u8) -> u8 {
        let n = self.config.players;
        let mut q = p;
        for _ in 0..n {
            q = self.seat_after(q);
            if self.active(q) && q != skip {
                return q;
            }
        }
        p
    }

    #[inline(always)]
    pub(crate) fn start_bout(&mut self, attacker: u8) {
        self.attacker = attacker;
        self.defender = self.next_active(attacker, attacker);
        self.bout_limit = (MAX_ATTACKS as u32).min(self.hands[self.defender as usize].len()) as u8;
        self.table_len = 0;
        self.passed = 0;
        self.phase = Phase::Lead;
        self.to_move = attacker;
    }

    /// The cards `player` may throw in now.
    fn throwable(&self, player: u8) -> u64 {
        if self.table_len >= self.bout_limit {
            return 0;
        }
        self.hands[player as usize].mask() & self.table_ranks
    }

    /// The uncovered attack card in the defend phase: the last one, since
    /// the defender answers each card before the next is thrown.
    fn uncovered(&self) -> Option<usize> {
        let last = (self.table_len as usize).checked_sub(1)?;
        (self.phase == Phase::Defend && self.covers[last].is_none()).then_some(last)
    }

    /// The uncovered attack card in the defend phase.
    pub(crate) fn uncovered_card(&self) -> Card {
        self.uncovered().map_or(NO_CARD, |i| self.attacks[i])
    }

    /// The cards the player to move may throw in.
    pub(crate) fn throwable_now(&self) -> u64 {
        self.throwable(self.to_move)
    }

    /// Cards in `hand` that beat `card`.
    pub(crate) fn beaters(&self, hand: u64, card: Card) -> u64 {
        beaters_of(hand, card.index(), self.trump())
    }

    /// The legal moves of the player to move (none once the game is over).
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.len = 0;
        let hand = self.hands[self.to_move as usize].mask();
        match self.phase {
            Phase::Lead => {
                for c in CardSet::from_mask(hand).unwrap_or(CardSet::EMPTY) {
                    out.push(Move::attack(c));
                }
            }
            Phase::Defend => {
                if let Some(i) = self.uncovered() {
                    let target = self.attacks[i];
                    let beaters = self.beaters(hand, target);
                    for c in CardSet::from_mask(beaters).unwrap_or(CardSet::EMPTY) {
                        out.push(Move::defend(target, c));
                    }
                }
                out.push(Move::TAKE);
            }
            Phase::ThrowIn | Phase::Taking => {
                let cards = self.throwable(self.to_move);
                for c in CardSet::from_mask(cards).unwrap_or(CardSet::EMPTY) {
                    out.push(Move::attack(c));
                }
                out.push(Move::PASS);
            }
            Phase::Over => {}
        }
    }

    /// Whether `m` is legal now.
    pub fn is_legal(&self, m: Move) -> bool {
        let hand = self.hands[self.to_move as usize];
        match (self.phase, m.kind) {
            (Phase::Lead, MoveKind::Attack) => hand.contains(m.card),
            (Phase::Defend, MoveKind::Take) => true,
            (Phase::Defend, MoveKind::Defend) => self.uncovered().is_some_and(|i| {
                self.attacks[i] == m.target
                    && hand.contains(m.card)
                    && self.beaters(m.card.bit(), m.target) != 0
            }),
            (Phase::ThrowIn | Phase::Taking, MoveKind::Pass) => true,
            (Phase::ThrowIn | Phase::Taking, MoveKind::Attack) => {
                self.throwable(self.to_move) & m.card.bit() != 0
            }
            _ => false,
        }
    }

    /// Plays `m` for the player to move; an illegal move is an error and
    /// changes nothing.
    pub fn apply(&mut self, m: Move) -> Result<()> {
        if !self.is_legal(m) {
            return Err(Error::invalid(format!(
                "illegal move '{m}' for player {} in phase {:?}",
                self.to_move, self.phase
            )));
        }
        self.apply_unchecked(m);
        Ok(())
    }

    /// Plays a move known to be legal (from `legal_moves` or a bot).
    #[inline(always)]
    pub(crate) fn apply_unchecked(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "{m} in {self:?}");
        let p = self.to_move as usize;
        match m.kind {
            MoveKind::Attack => {
                self.play_card(p, m.card);
                let i = self.table_len as usize;
                self.attacks[i] = m.card;
                self.covers[i] = None;
                self.table_len += 1;
                self.put_on_table(m.card);
                self.passed = 0;
                if self.phase == Phase::Taking {
                    self.next_thrower_or_end();
                } else {
                    self.phase = Phase::Defend;
                    self.to_move = self.defender;
                }
            }
            MoveKind::Defend => {
                self.play_card(p, m.card);
                if let Some(i) = self.uncovered() {
                    self.covers[i] = Some(m.card);
                }
                self.put_on_table(m.card);
                self.phase = Phase::ThrowIn;
                self.passed = 0;
                self.to_move = self.attacker;
                self.next_thrower_or_end();
            }
            MoveKind::Take => {
                self.phase = Phase::Taking;
                self.passed = 0;
                self.to_move = self.attacker;
                self.next_thrower_or_end();
            }
            MoveKind::Pass => {
                self.passed |= 1 << p;
                self.next_thrower_or_end();
            }
        }
    }

    fn play_card(&mut self, p: usize, card: Card) {
        self.hands[p].remove(card);
        self.known[p].remove(card);
    }

    /// Moves to the next thrower (in seat order from the main attacker,
    /// skipping the defender) who has not passed and has a card to throw;
    /// when none is left, ends the bout.
    #[inline(always)]
    fn next_thrower_or_end(&mut self) {
        let n = self.config.players;
        if n == 2 {
            // Only the main attacker throws in.
            if self.passed == 0 && self.throwable(self.attacker) != 0 {
                self.to_move = self.attacker;
            } else {
                self.end_bout();
            }
            return;
        }
        let mut q = self.attacker;
        for _ in 0..n {
            let eligible = self.active(q)
                && q != self.defender
                && self.passed & (1 << q) == 0
                && self.throwable(q) != 0;
            if eligible {
                self.to_move = q;
                return;
            }
            q = self.seat_after(q);
        }
        self.end_bout();
    }

    #[inline(always)]
    fn end_bout(&mut self) {
        let table = self.table_cards;
        let took = self.phase == Phase::Taking;
        let d = self.defender as usize;
        if took {
            self.hands[d] = self.hands[d].union(table);
            self.known[d] = self.known[d].union(table);
        } else {
            self.discard = self.discard.union(table);
        }
        self.table_len = 0;
        self.table_cards = CardSet::EMPTY;
        self.table_ranks = 0;
        let was_in = !self.out;
        if self.talon_len > 0 {
            self.refill();
        }
        // Once the talon is empty, players without cards leave.
        if self.talon_len == 0 {
            for p in 0..self.config.players {
                if self.hands[p as usize].is_empty() {
                    self.out |= 1 << p;
                }
            }
        }
        let seats = ((1u16 << self.config.players) - 1) as u8;
        let left = !self.out & seats;
        match left.count_ones() {
            0 => {
                self.drawn = was_in & seats;
                return self.finish(Outcome::Draw);
            }
            1 => return self.finish(Outcome::Loser(left.trailing_zeros() as u8)),
            _ => {}
        }
        let next = if took {
            self.next_active(self.defender, self.defender)
        } else if self.active(self.defender) {
            self.defender
        } else {
            self.next_active(self.defender, self.defender)
        };
        self.start_bout(next);
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
    }

    /// Everyone draws up to 6: the main attacker, the other attackers in
    /// seat order, the defender last.
    #[inline(always)]
    fn refill(&mut self) {
        let n = self.config.players;
        let mut q = self.attacker;
        for _ in 0..n {
            if q != self.defender && self.active(q) {
                self.draw_up(q);
            }
            q = self.seat_after(q);
        }
        self.draw_up(self.defender);
    }

    #[inline(always)]
    fn draw_up(&mut self, p: u8) {
        if self.talon_len == 0 {
            return;
        }
        let hand = &mut self.hands[p as usize];
        let need = HAND_SIZE
            .saturating_sub(hand.len())
            .min(self.talon_len as u32) as u8;
        for _ in 0..need {
            self.talon_len -= 1;
            hand.insert(self.talon[self.talon_len as usize]);
        }
    }

    /// Every card is in exactly one place: hands, talon, table, discard.
    pub fn check_invariants(&self) -> std::result::Result<(), String> {
        let mut seen = CardSet::EMPTY;
        let mut count = 0;
        let mut add = |s: CardSet, what: &str| {
            if !seen.is_disjoint(s) {
                return Err(format!("{what} repeats a card"));
            }
            seen = seen.union(s);
            count += s.len();
            Ok(())
        };
        for p in 0..self.config.players as usize {
            add(self.hands[p], "a hand")?;
            if !self.known[p].difference(self.hands[p]).is_empty() {
                return Err(format!("player {p}'s known cards are not in the hand"));
            }
        }
        let talon: CardSet = self.talon[..self.talon_len as usize]
            .iter()
            .copied()
            .collect();
        if talon.len() != self.talon_len as u32 {
            return Err("the talon repeats a card".into());
        }
        add(talon, "the talon")?;
        let mut table = CardSet::EMPTY;
        for (a, c) in self.table() {
            table.insert(a);
            if let Some(c) = c {
                table.insert(c);
            }
        }
        if table != self.table_cards
            || table.iter().fold(0, |m, c| m | rank_mask(c.rank())) != self.table_ranks
        {
            return Err("the table's masks are stale".into());
        }
        add(table, "the table")?;
        add(self.discard, "the discard pile")?;
        if seen != self.config.deck.cards() || count != self.config.deck.size() {
            return Err(format!("{count} cards accounted for"));
        }
        if self.table_len as usize > MAX_ATTACKS || self.table_len > self.bout_limit.max(1) {
            return Err("too many attack cards".into());
        }
        Ok(())
    }
}
