//! Cards and card sets, shared by every card engine.
//!
//! A [`Card`] is an index `0..52` laid out as `rank * 4 + suit`, with ranks
//! `2..A` as `0..12` and suits in the order clubs, diamonds, hearts, spades.
//! A [`CardSet`] is a `u64` bit mask over those indices, so set algebra is a
//! single instruction and iteration walks the set bits.

use crate::error::{Error, ErrorKind, Result};
use std::fmt;

/// Number of cards in a full deck.
pub const DECK_SIZE: usize = 52;
/// Rank characters, lowest first (`T` is ten; `10` is accepted on input).
pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
/// Suit characters in index order: clubs, diamonds, hearts, spades.
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];

/// One card of a 52-card deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card with this index, or `None` when `index >= 52`.
    pub const fn new(index: u8) -> Option<Card> {
        if (index as usize) < DECK_SIZE {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The card of `rank` (0 = deuce .. 12 = ace) and `suit` (0..4).
    pub const fn from_rank_suit(rank: u8, suit: u8) -> Option<Card> {
        if rank < 13 && suit < 4 {
            Some(Card(rank * 4 + suit))
        } else {
            None
        }
    }

    /// The index `rank * 4 + suit`, 0..52.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// 0 = deuce .. 12 = ace.
    pub const fn rank(self) -> u8 {
        self.0 >> 2
    }

    /// 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.
    pub const fn suit(self) -> u8 {
        self.0 & 3
    }

    /// The single-bit mask of this card.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Parses exactly one card such as `Ah`, `td` or `10h`.
    pub fn parse(text: &str) -> Result<Card> {
        let trimmed = text.trim();
        match parse_card_at(trimmed, 0) {
            Ok((card, used)) if used == trimmed.len() => Ok(card),
            Ok((card, used)) => Err(Error::parse(format!(
                "expected one card, found '{card}' followed by '{}' at position {used}",
                trimmed[used..].escape_debug()
            ))),
            Err(e) => Err(e),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_CHARS[self.rank() as usize],
            SUIT_CHARS[self.suit() as usize]
        )
    }
}

impl std::str::FromStr for Card {
    type Err = Error;
    fn from_str(s: &str) -> Result<Card> {
        Card::parse(s)
    }
}

/// The rank (0 = deuce .. 12 = ace) of a rank character, either case.
pub(crate) fn rank_of(byte: u8) -> Option<u8> {
    match byte.to_ascii_uppercase() {
        b @ b'2'..=b'9' => Some(b - b'2'),
        b'T' => Some(8),
        b'J' => Some(9),
        b'Q' => Some(10),
        b'K' => Some(11),
        b'A' => Some(12),
        _ => None,
    }
}

pub(crate) fn suit_of(byte: u8) -> Option<u8> {
    match byte.to_ascii_lowercase() {
        b'c' => Some(0),
        b'd' => Some(1),
        b'h' => Some(2),
        b's' => Some(3),
        _ => None,
    }
}

fn is_separator(byte: u8) -> bool {
    byte.is_ascii_whitespace() || byte == b','
}

/// The text of a bad token for error messages: the characters a card would
/// occupy at byte `pos` (a character boundary), stopping at a separator,
/// whole characters only, control characters escaped.
fn token_at(text: &str, pos: usize) -> String {
    let rest = &text[pos..];
    let width = if rest.starts_with("10") { 3 } else { 2 };
    let token: String = rest
        .chars()
        .take(width)
        .take_while(|&c| !(c.is_whitespace() || c == ','))
        .collect();
    let shown = if token.is_empty() {
        rest.chars().take(1).collect()
    } else {
        token
    };
    shown.escape_debug().to_string()
}

/// Parses one card starting at byte `pos` (a character boundary); returns
/// it and the bytes used.
fn parse_card_at(text: &str, pos: usize) -> Result<(Card, usize)> {
    let bytes = text.as_bytes();
    let bad = |what: &str| {
        Error::parse(format!(
            "{what} card '{}' at position {pos}",
            token_at(text, pos)
        ))
    };
    if pos >= bytes.len() {
        return Err(Error::parse(format!("missing card at position {pos}")));
    }
    let (rank, rank_len) = if bytes[pos..].starts_with(b"10") {
        (8, 2)
    } else {
        match rank_of(bytes[pos]) {
            Some(r) => (r, 1),
            None => return Err(bad("invalid")),
        }
    };
    let suit = match bytes.get(pos + rank_len) {
        Some(&b) => suit_of(b).ok_or_else(|| bad("invalid"))?,
        None => return Err(bad("incomplete")),
    };
    Ok((Card(rank * 4 + suit), rank_len + 1))
}

/// Parses a list of cards: `AhKs Qd`, `AhKsQd` or `Ah,Ks,Qd`, in order.
/// Errors name the bad token and its byte position; a repeated card is a
/// [`ErrorKind::DuplicateCard`] error.
pub fn parse_cards(text: &str) -> Result<Vec<Card>> {
    let bytes = text.as_bytes();
    let mut cards = Vec::with_capacity(bytes.len() / 2);
    let mut seen = CardSet::EMPTY;
    let mut pos = 0;
    while pos < bytes.len() {
        if is_separator(bytes[pos]) {
            pos += 1;
            continue;
        }
        // Every byte before `pos` was ASCII, so `pos` is a character
        // boundary.
        let (card, used) = parse_card_at(text, pos)?;
        if seen.contains(card) {
            return Err(Error::new(
                ErrorKind::DuplicateCard,
                format!("duplicate card '{card}' at position {pos}"),
            ));
        }
        seen.insert(card);
        cards.push(card);
        pos += used;
    }
    Ok(cards)
}

/// A set of cards as a 64-bit mask (bits 52..64 always clear).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1u64 << DECK_SIZE) - 1);

    /// The set of a mask; `None` when bits above 51 are set.
    pub const fn from_mask(mask: u64) -> Option<CardSet> {
        if mask >> DECK_SIZE == 0 {
            Some(CardSet(mask))
        } else {
            None
        }
    }

    /// The 64-bit mask: bit `i` set when the card of index `i` is in the set.
    pub const fn mask(self) -> u64 {
        self.0
    }

    /// Adds `card` (no change when it is already in).
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.bit();
    }

    /// Removes `card` (no change when it is not in).
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !card.bit();
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Number of cards in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has no cards.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in either set.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards in both sets.
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of this set not in `other`.
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of the deck not in this set.
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & Self::FULL.0)
    }

    /// Whether the sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// Iterates the cards in index order (lowest rank, then suit, first).
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// Parses a card list; duplicates are an error (see [`parse_cards`]).
    pub fn parse(text: &str) -> Result<CardSet> {
        Ok(parse_cards(text)?.into_iter().collect())
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for card in self.iter() {
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// Walks the set bits of a mask, lowest first.
#[derive(Debug, Clone)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// Formats cards as a compact string (`AhKsQd`).
pub fn format_cards(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_every_card_in_every_spelling() {
        for index in 0..52u8 {
            let card = Card::new(index).unwrap();
            let text = card.to_string();
            assert_eq!(Card::parse(&text).unwrap(), card);
            assert_eq!(Card::parse(&text.to_lowercase()).unwrap(), card);
            assert_eq!(Card::parse(&text.to_uppercase()).unwrap(), card);
        }
        assert_eq!(Card::parse("10h").unwrap(), Card::parse("Th").unwrap());
        assert_eq!(Card::parse("td").unwrap().to_string(), "Td");
        assert_eq!(Card::parse("Ah").unwrap().rank(), 12);
        assert_eq!(Card::parse("2c").unwrap().index(), 0);
        assert_eq!(Card::parse("As").unwrap().index(), 51);
    }

    #[test]
    fn parses_lists_with_and_without_separators() {
        let spaced = parse_cards("AhKs Qd").unwrap();
        let packed = parse_cards("AhKsQd").unwrap();
        let commas = parse_cards(" Ah, Ks ,Qd ").unwrap();
        assert_eq!(spaced, packed);
        assert_eq!(spaced, commas);
        assert_eq!(format_cards(&spaced), "AhKsQd");
        assert_eq!(parse_cards("10h10d").unwrap().len(), 2);
        assert!(parse_cards("").unwrap().is_empty());
    }

    #[test]
    fn errors_name_the_token_and_position() {
        let e = parse_cards("Zz").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Parse);
        assert!(e.message().contains("'Zz'"), "{}", e.message());
        assert!(e.message().contains("position 0"), "{}", e.message());

        let e = parse_cards("Ah Kx Qd").unwrap_err();
        assert!(
            e.message().contains("'Kx' at position 3"),
            "{}",
            e.message()
        );

        let e = parse_cards("AhK").unwrap_err();
        assert!(
            e.message().contains("incomplete card 'K' at position 2"),
            "{}",
            e.message()
        );

        let e = parse_cards("AhAh").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::DuplicateCard);
        assert!(
            e.message().contains("'Ah' at position 2"),
            "{}",
            e.message()
        );

        // Non-ASCII input is an error naming whole characters, never a
        // panic on a char boundary or half a character.
        let e = parse_cards("Aé").unwrap_err();
        assert!(e.message().contains("'Aé' at position 0"), "{e}");
        let e = parse_cards("Ahé").unwrap_err();
        assert!(e.message().contains("'é' at position 2"), "{e}");
        assert!(parse_cards("é").is_err());
        assert!(Card::parse("Ah Kd").is_err());
        // Trailing junk is named, control characters escaped.
        let e = Card::parse("Ah\x01").unwrap_err();
        assert!(
            e.message()
                .contains("'Ah' followed by '\\u{1}' at position 2"),
            "{e}"
        );
        let e = parse_cards("Ah\x01").unwrap_err();
        assert!(e.message().contains("'\\u{1}' at position 2"), "{e}");
    }

    #[test]
    fn set_operations() {
        let a = CardSet::parse("AhKhQh").unwrap();
        let b = CardSet::parse("QhJh").unwrap();
        assert_eq!(a.len(), 3);
        assert_eq!(a.intersection(b).len(), 1);
        assert_eq!(a.union(b).len(), 4);
        assert_eq!(a.difference(b).len(), 2);
        assert_eq!(a.complement().len(), 49);
        assert!(CardSet::from_mask(1 << 52).is_none());
        assert_eq!(CardSet::FULL.iter().count(), 52);
        let order: Vec<u8> = a.iter().map(Card::index).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]));
    }

    proptest! {
        #[test]
        fn format_then_parse_round_trips(mask in 0u64..(1u64 << 52)) {
            let set = CardSet::from_mask(mask).unwrap();
            let text = set.to_string();
            prop_assert_eq!(CardSet::parse(&text).unwrap(), set);
        }

        #[test]
        fn arbitrary_text_never_panics(text in ".{0,40}") {
            let _ = parse_cards(&text);
            let _ = Card::parse(&text);
        }
    }
}
