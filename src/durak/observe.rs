//! What one player sees of a game, and the games consistent with it.
//!
//! Public: the table, the discard pile (everyone saw it played), the trump
//! card while it lies under the talon, the talon size, hand sizes, who left,
//! the bout's roles, and the cards a player picked up when taking (known to
//! all until played). Private: the observer's own hand. Hidden: the rest of
//! the other hands and the order of the talon, which `determinize` deals
//! at random from the unseen cards.

use super::game::{Config, Game, MAX_ATTACKS, MAX_PLAYERS, Outcome, Phase, Variant};
use crate::cards::{Card, CardSet};
use crate::error::{Error, Result};
use crate::rng::Rng;

/// One player's view of a game in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    /// The table's rules.
    pub config: Config,
    /// The observer.
    pub me: u8,
    /// The observer's own hand.
    pub hand: CardSet,
    /// Cards each player is known to hold (picked up in view of all).
    pub known: [CardSet; MAX_PLAYERS],
    /// Cards in each player's hand, by seat (0 past the players).
    pub hand_sizes: [u8; MAX_PLAYERS],
    /// Players who have left (bit per seat).
    pub out: u8,
    /// Cards left to draw, the turned trump card included.
    pub talon_len: u8,
    /// The card turned to show the trump suit.
    pub trump_card: Card,
    /// The cards beaten off the table so far.
    pub discard: CardSet,
    /// The attack cards in order, each with its cover if beaten.
    pub table: Vec<(Card, Option<Card>)>,
    /// Attack cards allowed this bout (min of 6 and the defender's hand at
    /// its start).
    pub bout_limit: u8,
    /// Who led the bout's first card (the attacker unless the bout was
    /// transferred): the refill starts there.
    pub leader: u8,
    /// The main attacker's seat.
    pub attacker: u8,
    /// The defender's seat.
    pub defender: u8,
    /// The seat of the player to move.
    pub to_move: u8,
    /// Where the bout stands.
    pub phase: Phase,
    /// Throwers who passed since the last card thrown (bit per seat).
    pub passed: u8,
}

impl Game {
    /// What `player` sees.
    pub fn observe(&self, player: u8) -> Observation {
        let n = self.config.players as usize;
        let mut hand_sizes = [0u8; MAX_PLAYERS];
        for (p, size) in hand_sizes.iter_mut().enumerate().take(n) {
            *size = self.hands[p].len() as u8;
        }
        Observation {
            config: self.config,
            me: player,
            hand: self.hands[player as usize],
            known: self.known,
            hand_sizes,
            out: self.out,
            talon_len: self.talon_len,
            trump_card: self.trump_card,
            discard: self.discard,
            table: self.table().collect(),
            bout_limit: self.bout_limit,
            leader: self.leader,
            attacker: self.attacker,
            defender: self.defender,
            to_move: self.to_move,
            phase: self.phase,
            passed: self.passed,
        }
    }
}

impl Observation {
    /// The cards the observer cannot place: in other hands (beyond the
    /// known ones) or in the talon (beyond the visible trump card).
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand.union(self.discard);
        for (a, c) in &self.table {
            seen.insert(*a);
            if let Some(c) = c {
                seen.insert(*c);
            }
        }
        for k in &self.known {
            seen = seen.union(*k);
        }
        if self.talon_len > 0 {
            seen.insert(self.trump_card);
        }
        self.config.deck.cards().difference(seen)
    }

    /// Checks that the view can happen; the message names what is wrong.
    pub fn validate(&self) -> Result<()> {
        self.config.validate()?;
        let n = self.config.players;
        let bad = |m: String| Err(Error::invalid(m));
        for (name, seat) in [
            ("observer", self.me),
            ("leader", self.leader),
            ("attacker", self.attacker),
            ("defender", self.defender),
            ("player to move", self.to_move),
        ] {
            if seat >= n {
                return bad(format!("{name} {seat} is not a seat of {n} players"));
            }
        }
        if self.attacker == self.defender {
            return bad("the attacker cannot defend too".into());
        }
        if self.phase == Phase::Over {
            return bad("the game is over".into());
        }
        let deck = self.config.deck.cards();
        // Every listed card once, and in the deck.
        let mut seen = CardSet::EMPTY;
        let mut place = |s: CardSet, what: &str| -> Result<()> {
            if !s.difference(deck).is_empty() {
                return Err(Error::invalid(format!(
                    "{what} holds a card outside the deck"
                )));
            }
            if !seen.is_disjoint(s) {
                return Err(Error::new(
                    crate::error::ErrorKind::DuplicateCard,
                    format!("{what} repeats a card listed elsewhere"),
                ));
            }
            seen = seen.union(s);
            Ok(())
        };
        place(self.hand, "the hand")?;
        place(self.discard, "the discard pile")?;
        if self.table.len() > MAX_ATTACKS {
            return bad(format!(
                "{} attack cards; a bout has at most {MAX_ATTACKS}",
                self.table.len()
            ));
        }
        if self.table.len() > self.bout_limit as usize || self.bout_limit as usize > MAX_ATTACKS {
            return bad("more attack cards than the bout allows".into());
        }
        for (a, c) in &self.table {
            place(CardSet::from_iter([*a]), "the table")?;
            if let Some(c) = c {
                place(CardSet::from_iter([*c]), "the table")?;
            }
        }
        for p in 0..n as usize {
            if p as u8 == self.me {
                if self.known[p].difference(self.hand) != CardSet::EMPTY {
                    return bad("the observer's known cards are not all in the hand".into());
                }
                if self.hand_sizes[p] as u32 != self.hand.len() {
                    return bad("the observer's hand size does not match the hand".into());
                }
                continue;
            }
            place(self.known[p], &format!("seat {p}'s known cards"))?;
            if self.known[p].len() > self.hand_sizes[p] as u32 {
                return bad(format!("seat {p} has fewer cards than are known"));
            }
        }
        for p in n as usize..MAX_PLAYERS {
            if self.hand_sizes[p] != 0 || !self.known[p].is_empty() {
                return bad(format!("seat {p} is not at the table"));
            }
        }
        if self.talon_len > 0 && seen.contains(self.trump_card) {
            return Err(Error::new(
                crate::error::ErrorKind::DuplicateCard,
                "the trump card under the talon is listed elsewhere too",
            ));
        }
        if !deck.contains(self.trump_card) {
            return bad("the trump card is not in the deck".into());
        }
        // The hidden cards fill the hidden places exactly.
        let hidden_places: u32 = (0..n as usize)
            .filter(|&p| p as u8 != self.me)
            .map(|p| self.hand_sizes[p] as u32 - self.known[p].len())
            .sum::<u32>()
            + (self.talon_len as u32).saturating_sub(1);
        let unseen = self.unseen();
        if unseen.len() != hidden_places {
            return bad(format!(
                "the counts do not add up: {} unseen cards for {hidden_places} hidden places",
                unseen.len()
            ));
        }
        let covered = self.table.iter().filter(|(_, c)| c.is_some()).count();
        let uncovered = self.table.len() - covered;
        let holds = |p: u8| self.hand_sizes[p as usize] > 0;
        let ok_phase = match self.phase {
            Phase::Lead => {
                self.table.is_empty()
                    && self.to_move == self.attacker
                    && holds(self.attacker)
                    && holds(self.defender)
                    && self.bout_limit as u32
                        == (self.hand_sizes[self.defender as usize] as u32).min(MAX_ATTACKS as u32)
            }
            Phase::Defend => uncovered >= 1 && self.to_move == self.defender,
            Phase::ThrowIn => !self.table.is_empty() && self.to_move != self.defender,
            Phase::Taking => !self.table.is_empty() && self.to_move != self.defender,
            Phase::Over => false,
        };
        if !ok_phase {
            return bad(format!(
                "phase {:?} does not fit the table or the player to move",
                self.phase
            ));
        }
        if uncovered > self.hand_sizes[self.defender as usize] as usize {
            return bad(format!(
                "{uncovered} uncovered cards but the defender holds {}",
                self.hand_sizes[self.defender as usize]
            ));
        }
        if self.leader != self.attacker && self.config.variant != Variant::Transfer {
            return bad(
                "the bout's leader differs from the attacker only after a transfer (transfer variant)"
                    .into(),
            );
        }
        for (name, seat) in [
            ("the player to move", self.to_move),
            ("the bout's leader", self.leader),
            ("the observer", self.me),
            ("the attacker", self.attacker),
            ("the defender", self.defender),
        ] {
            if self.out & (1 << seat) != 0 {
                return bad(format!("{name} has left the game"));
            }
        }
        if self.out >> n != 0 {
            return bad("out_mask names seats that are not at the table".into());
        }
        // Only throwers pass: never the defender, never an empty seat.
        if self.passed & (1 << self.defender) != 0 {
            return bad(format!(
                "passed_mask names the defender (seat {}): only throwers pass",
                self.defender
            ));
        }
        if self.passed >> n != 0 {
            return bad("passed_mask names seats that are not at the table".into());
        }
        for p in 0..n as usize {
            if self.out & (1 << p) != 0 && self.hand_sizes[p] != 0 {
                return bad(format!("player {p} has left the game but holds cards"));
            }
        }
        for (a, c) in &self.table {
            if let Some(c) = c
                && !super::rules::beats(c.index(), a.index(), self.trump_card.suit())
            {
                return bad(format!("{c} does not beat {a}"));
            }
        }
        Ok(())
    }

    /// A full game consistent with the view: the unseen cards dealt at
    /// random to the hidden places. The view must be valid.
    pub fn determinize(&self, rng: &mut Rng) -> Game {
        let mut pool = [self.trump_card; 52];
        let mut len = 0;
        for c in self.unseen() {
            pool[len] = c;
            len += 1;
        }
        let mut next = || {
            let i = rng.below(len as u32) as usize;
            let c = pool[i];
            len -= 1;
            pool[i] = pool[len];
            c
        };
        let n = self.config.players as usize;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (p, hand) in hands.iter_mut().enumerate().take(n) {
            if p as u8 == self.me {
                *hand = self.hand;
                continue;
            }
            *hand = self.known[p];
            while hand.len() < self.hand_sizes[p] as u32 {
                hand.insert(next());
            }
        }
        let mut talon = [self.trump_card; 52];
        for slot in talon.iter_mut().take(self.talon_len as usize).skip(1) {
            *slot = next();
        }
        let mut attacks = [self.trump_card; MAX_ATTACKS];
        let mut covers = [None; MAX_ATTACKS];
        let mut table_cards = CardSet::EMPTY;
        let mut table_ranks = 0;
        for (i, (a, c)) in self.table.iter().enumerate() {
            attacks[i] = *a;
            covers[i] = *c;
            for card in std::iter::once(*a).chain(*c) {
                table_cards.insert(card);
                table_ranks |= super::rules::rank_mask(card.rank());
            }
        }
        Game {
            config: self.config,
            hands,
            known: self.known,
            talon,
            talon_len: self.talon_len,
            trump_card: self.trump_card,
            discard: self.discard,
            attacks,
            covers,
            table_len: self.table.len() as u8,
            table_cards,
            table_ranks,
            bout_limit: self.bout_limit,
            leader: self.leader,
            attacker: self.attacker,
            defender: self.defender,
            to_move: self.to_move,
            phase: self.phase,
            passed: self.passed,
            out: self.out,
            outcome: None::<Outcome>,
            drawn: 0,
        }
    }
}
