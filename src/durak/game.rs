//! The full state of a podkidnoy Durak game (`docs/src/rules/durak.md`), its
//! legal moves and their effects. Cards are `crate::cards` indices (rank * 4
//! + suit, 2 = rank 0 .. A = rank 12) held in `CardSet` bitboards.
//!
//! A bout (rules 4 to 13): the main attacker leads. With the one card at a
//! time protocol (the default) the defender answers each card before the
//! next is thrown; with several at once the throwers add cards first (the
//! main attacker, then with 3+ players the other non-defenders in seat
//! order; a card thrown restarts that round) and the defender then beats
//! the uncovered cards in any order, takes, or (transfer variant) passes the
//! bout on. When every card is covered, or once the defender takes, the
//! throwers may add more or pass. Players with nothing to throw are
//! skipped, so a thrower always has a real choice. Positions of either
//! protocol are playable under both: the protocol only says whether a
//! thrown card is answered at once.

use super::moves::{Move, MoveKind, MoveList, NO_CARD};
use super::rules::{self, SUITS, beaters_of, rank_mask};
pub use super::rules::{HAND_SIZE, MAX_ATTACKS, MAX_PLAYERS};
use crate::cards::{Card, CardSet};
use crate::error::{Error, Result};
use crate::rng::Rng;

/// The deck: 36 (6..A, the default), 24 (9..A) or 52 cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Deck {
    /// 24 cards, nine to ace.
    Cards24,
    /// 36 cards, six to ace (the default).
    #[default]
    Cards36,
    /// The full 52-card deck.
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

    /// Number of cards in the deck: 24, 36 or 52.
    pub fn size(self) -> u32 {
        4 * (13 - self.lowest_rank() as u32)
    }

    /// Every card of the deck.
    pub fn cards(self) -> CardSet {
        CardSet::from_mask(CardSet::FULL.mask() & !((1u64 << (4 * self.lowest_rank())) - 1))
            .unwrap_or(CardSet::EMPTY)
    }
}

/// Podkidnoy (the default), or perevodnoy: the defender may transfer the
/// bout to the next player (rule 12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Variant {
    /// Podkidnoy: the defender beats, or takes.
    #[default]
    Podkidnoy,
    /// Perevodnoy: the defender may also transfer the bout by adding a card
    /// of the attack cards' rank.
    Transfer,
}

/// How cards reach the defender (rule 13): each card answered before the
/// next is thrown (the default), or several thrown before the defender
/// answers them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Protocol {
    /// Each thrown card is answered before the next is thrown.
    #[default]
    OneAtATime,
    /// Several cards are thrown, then the defender answers them all.
    SeveralAtOnce,
}

/// The table's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// Players at the table, 2 to 6 (each is dealt six cards).
    pub players: u8,
    /// The deck: 24, 36 or 52 cards.
    pub deck: Deck,
    /// Podkidnoy or transfer (perevodnoy).
    pub variant: Variant,
    /// Whether thrown cards are answered one at a time or several at once.
    pub protocol: Protocol,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 2,
            deck: Deck::Cards36,
            variant: Variant::Podkidnoy,
            protocol: Protocol::OneAtATime,
        }
    }
}

impl Config {
    /// Checks the rules: 2 to 6 players, and enough cards for six each;
    /// else `InvalidArgument`.
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
    /// The defender answers the uncovered cards.
    Defend = 1,
    /// Throwers may add (every card covered, or several at once).
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
    /// Who led the bout's first card: the refill starts there (rule 12).
    pub(crate) leader: u8,
    /// The main attacker: the first thrower (after a transfer, the player
    /// who transferred).
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
            leader: 0,
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

    /// The table's rules.
    pub fn config(&self) -> Config {
        self.config
    }
    /// The trump suit, 0..4 (clubs, diamonds, hearts, spades).
    pub fn trump(&self) -> u8 {
        self.trump_card.suit()
    }
    /// The card turned to show the trump suit (under the talon, or the last
    /// card dealt when none was left to turn).
    pub fn trump_card(&self) -> Card {
        self.trump_card
    }
    /// The seat of the player to move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    /// Where the bout stands (`Phase::Over` once the game ended).
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// How the game ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// In a draw, the players who ran out together (bit per seat).
    pub fn drawn(&self) -> u8 {
        self.drawn
    }
    /// The hand of the player at seat `player`.
    pub fn hand(&self, player: u8) -> CardSet {
        self.hands[player as usize]
    }
    /// The main attacker's seat (after a transfer, who transferred).
    pub fn attacker(&self) -> u8 {
        self.attacker
    }
    /// The defender's seat.
    pub fn defender(&self) -> u8 {
        self.defender
    }
    /// Cards left to draw, the turned trump card included.
    pub fn talon_len(&self) -> u8 {
        self.talon_len
    }
    /// The cards beaten off the table so far (seen by everyone).
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

    /// Whether `p` is still in the game (rule 11, `rules::still_in`).
    fn still_in(&self, p: u8) -> bool {
        rules::still_in(
            !self.active(p),
            self.hands[p as usize].len(),
            self.talon_len as u32,
        )
    }

    /// The seat after `q` (no division: this runs several times a bout).
    #[inline]
    fn seat_after(&self, q: u8) -> u8 {
        if q + 1 == self.config.players {
            0
        } else {
            q + 1
        }
    }

    /// The first seat after `p`, going round once (`p` itself last), for
    /// which `wanted` holds.
    #[inline]
    fn next_seat_where(&self, p: u8, wanted: impl Fn(u8) -> bool) -> Option<u8> {
        let mut q = p;
        for _ in 0..self.config.players {
            q = self.seat_after(q);
            if wanted(q) {
                return Some(q);
            }
        }
        None
    }

    /// The next player still in the game after `p`: the one walk for the
    /// next defender, the transfer target and the next attacker. `p`
    /// itself when nobody else is in.
    fn next_still_in(&self, p: u8) -> u8 {
        self.next_seat_where(p, |q| q != p && self.still_in(q))
            .unwrap_or(p)
    }

    #[inline(always)]
    pub(crate) fn start_bout(&mut self, attacker: u8) {
        self.leader = attacker;
        self.attacker = attacker;
        self.defender = self.next_still_in(attacker);
        self.bout_limit = rules::bout_limit(self.hands[self.defender as usize].len()) as u8;
        self.table_len = 0;
        self.passed = 0;
        self.phase = Phase::Lead;
        self.to_move = attacker;
    }

    /// The cards `player` may throw in now.
    fn throwable(&self, player: u8) -> u64 {
        rules::throwable(
            self.hands[player as usize].mask(),
            self.table_ranks,
            self.table_len as u32,
            self.bout_limit as u32,
        )
    }

    /// The table slots of the attack cards not yet beaten (bit per slot).
    pub(crate) fn uncovered_slots(&self) -> u8 {
        (0..self.table_len as usize)
            .filter(|&i| self.covers[i].is_none())
            .fold(0, |m, i| m | 1 << i)
    }

    /// The uncovered attack cards.
    pub(crate) fn uncovered_cards(&self) -> u64 {
        (0..self.table_len as usize)
            .filter(|&i| self.covers[i].is_none())
            .fold(0, |m, i| m | self.attacks[i].bit())
    }

    /// The cards the player to move may throw in.
    pub(crate) fn throwable_now(&self) -> u64 {
        self.throwable(self.to_move)
    }

    /// Cards in `hand` that beat `card`.
    pub(crate) fn beaters(&self, hand: u64, card: Card) -> u64 {
        beaters_of(hand, card.index(), self.trump())
    }

    /// The cards of the defender's hand that beat some uncovered card.
    pub(crate) fn defending_cards(&self) -> u64 {
        let hand = self.hands[self.to_move as usize].mask();
        let mut uncovered = self.uncovered_cards();
        let mut cards = 0;
        while uncovered != 0 {
            cards |= beaters_of(hand, uncovered.trailing_zeros() as u8, self.trump());
            uncovered &= uncovered - 1;
        }
        cards
    }

    /// The player who would defend after a transfer now: the next player
    /// still in the game after the defender (rule 12), which passes over a
    /// player who has just played their last card with the talon empty
    /// (rule 11). The defender itself when nobody else is in (then no
    /// transfer: it has no room).
    pub(crate) fn transfer_target(&self) -> u8 {
        self.next_still_in(self.defender)
    }

    /// The cards the defender may transfer with now (rule 12; none unless
    /// the transfer variant is on and it is the defender's turn).
    pub(crate) fn transfer_cards(&self) -> u64 {
        if self.config.variant != Variant::Transfer
            || self.phase != Phase::Defend
            || self.table_len == 0
        {
            return 0;
        }
        let target = self.transfer_target();
        if target == self.defender {
            // Nobody else is in: no one to pass the defence to.
            return 0;
        }
        let beaten = self.uncovered_slots().count_ones() < self.table_len as u32;
        rules::transferable(
            self.hands[self.defender as usize].mask(),
            self.attacks[0].rank(),
            beaten,
            self.table_len as u32,
            self.hands[target as usize].len(),
        )
    }

    /// The legal moves of the player to move (none once the game is over):
    /// defences target by target in table order, then transfers, then
    /// take.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.len = 0;
        let hand = self.hands[self.to_move as usize].mask();
        let each = |mask: u64| CardSet::from_mask(mask).unwrap_or(CardSet::EMPTY);
        match self.phase {
            Phase::Lead => {
                for c in each(hand) {
                    out.push(Move::attack(c));
                }
            }
            Phase::Defend => {
                for i in 0..self.table_len as usize {
                    if self.covers[i].is_none() {
                        let target = self.attacks[i];
                        for c in each(self.beaters(hand, target)) {
                            out.push(Move::defend(target, c));
                        }
                    }
                }
                for c in each(self.transfer_cards()) {
                    out.push(Move::transfer(c));
                }
                out.push(Move::TAKE);
            }
            Phase::ThrowIn | Phase::Taking => {
                for c in each(self.throwable(self.to_move)) {
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
            (Phase::Defend, MoveKind::Defend) => {
                self.uncovered_cards() & m.target.bit() != 0
                    && hand.contains(m.card)
                    && self.beaters(m.card.bit(), m.target) != 0
            }
            (Phase::Defend, MoveKind::Transfer) => self.transfer_cards() & m.card.bit() != 0,
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
                self.put_attack(m.card);
                self.passed = 0;
                if self.phase == Phase::Taking {
                    self.next_thrower_or_end();
                } else if self.config.protocol == Protocol::OneAtATime {
                    self.phase = Phase::Defend;
                    self.to_move = self.defender;
                } else {
                    // Several at once: the throwers go on before the answer.
                    self.phase = Phase::ThrowIn;
                    self.next_thrower_or_end();
                }
            }
            MoveKind::Defend => {
                self.play_card(p, m.card);
                if let Some(i) = (0..self.table_len as usize)
                    .find(|&i| self.attacks[i] == m.target && self.covers[i].is_none())
                {
                    self.covers[i] = Some(m.card);
                }
                self.put_on_table(m.card);
                if self.uncovered_slots() == 0 {
                    self.phase = Phase::ThrowIn;
                    self.passed = 0;
                    self.next_thrower_or_end();
                }
            }
            MoveKind::Transfer => {
                self.play_card(p, m.card);
                self.put_attack(m.card);
                let next = self.transfer_target();
                self.attacker = self.defender;
                self.defender = next;
                self.bout_limit = rules::bout_limit(self.hands[next as usize].len()) as u8;
                self.passed = 0;
                self.to_move = next;
            }
            MoveKind::Take => {
                self.phase = Phase::Taking;
                self.passed = 0;
                self.next_thrower_or_end();
            }
            MoveKind::Pass => {
                self.passed |= 1 << p;
                self.next_thrower_or_end();
            }
        }
    }

    fn put_attack(&mut self, card: Card) {
        let i = self.table_len as usize;
        self.attacks[i] = card;
        self.covers[i] = None;
        self.table_len += 1;
        self.put_on_table(card);
    }

    fn play_card(&mut self, p: usize, card: Card) {
        self.hands[p].remove(card);
        self.known[p].remove(card);
    }

    /// Moves to the next thrower (in seat order from the main attacker,
    /// skipping the defender) who has not passed and has a card to throw;
    /// when none is left, the defender answers the uncovered cards, or the
    /// bout ends.
    #[inline(always)]
    fn next_thrower_or_end(&mut self) {
        let n = self.config.players;
        let eligible =
            |q: u8| self.active(q) && self.passed & (1 << q) == 0 && self.throwable(q) != 0;
        // With two players only the main attacker throws in: no seat loop
        // (the heuristic rollouts run this).
        let thrower = if n == 2 {
            Some(self.attacker).filter(|&q| eligible(q))
        } else {
            let mut q = self.attacker;
            (0..n).find_map(|_| {
                let this = q;
                q = self.seat_after(q);
                (this != self.defender && eligible(this)).then_some(this)
            })
        };
        if let Some(q) = thrower {
            self.to_move = q;
            return;
        }
        if self.phase != Phase::Taking && self.uncovered_slots() != 0 {
            self.phase = Phase::Defend;
            self.to_move = self.defender;
        } else {
            self.end_bout();
        }
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
        match rules::outcome(!self.out & seats) {
            Some(Outcome::Draw) => {
                self.drawn = was_in & seats;
                return self.finish(Outcome::Draw);
            }
            Some(outcome) => return self.finish(outcome),
            None => {}
        }
        let next = rules::next_attacker(
            took,
            self.defender,
            self.still_in(self.defender),
            self.next_still_in(self.defender),
        );
        self.start_bout(next);
    }

    /// Ends a game that would go on for ever as a draw among the players
    /// still in it.
    pub fn declare_draw(&mut self) {
        let seats = ((1u16 << self.config.players) - 1) as u8;
        self.drawn = !self.out & seats;
        self.finish(Outcome::Draw);
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
    }

    /// Everyone draws up to 6: the player who led the bout first, then the
    /// others in seat order, the defender last.
    #[inline(always)]
    fn refill(&mut self) {
        let n = self.config.players;
        let mut q = self.leader;
        for _ in 0..n {
            if q != self.defender && self.active(q) {
                self.draw_up(q);
            }
            q = self.seat_after(q);
        }
        self.draw_up(self.defender);
    }

    /// Draws up to 6 from the end of the talon; the last card, the turned
    /// trump, is seen by all as it is drawn.
    #[inline(always)]
    fn draw_up(&mut self, p: u8) {
        let need = rules::cards_to_draw(self.hands[p as usize].len(), self.talon_len as u32);
        for _ in 0..need {
            self.talon_len -= 1;
            self.hands[p as usize].insert(self.talon[self.talon_len as usize]);
        }
        if need > 0 && self.talon_len == 0 {
            self.known[p as usize].insert(self.trump_card);
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
        let uncovered = self.uncovered_slots().count_ones();
        if uncovered > self.hands[self.defender as usize].len() {
            return Err("more uncovered cards than the defender holds".into());
        }
        if self.phase == Phase::Defend && uncovered == 0 {
            return Err("a defence with nothing to beat".into());
        }
        Ok(())
    }
}
