//! The minion notation, minions separated by commas, left to right. A
//! minion is either anonymous, `ATTACK/HEALTH`, keywords each after a `+`,
//! then an optional `@TIER` (`3/4+taunt+shield,5/5+reborn@3`), or a card:
//! its id (`BG25_001`, golden `BG25_001_G`) or English name (`Risen
//! Rider`, `golden Risen Rider`), then optionally `=ATTACK/HEALTH` (its
//! current stats; default the card's), then `+keyword` for keywords beyond
//! the card's own (`BG28_300=3/3+shield`). Keywords: `taunt`, `shield`
//! (divine shield), `poison`, `venom`, `windfury`, `cleave`, `reborn`, and
//! for anonymous minions `dr=A/H` or `dr=A/HxN` (a deathrattle summoning N
//! tokens of A/H, N = 1 by default).
//!
//! A reader of input, not a rule: boards written this way (the CLI's,
//! Python's, the tests') become the `model::Minion`s the combat engine
//! plays (`combat::parse_board` names the same function).

use crate::error::{Error, Result};
use crate::hearthstone::cards;
use crate::hearthstone::model::{self, Minion, Token};

fn number<T: std::str::FromStr>(text: &str, what: &str, token: &str) -> Result<T> {
    text.trim().parse().map_err(|_| {
        Error::parse(format!(
            "minion '{token}': {what} '{text}' is not a number in range"
        ))
    })
}

fn stats(text: &str, token: &str) -> Result<(u16, u16)> {
    let (a, h) = text.split_once('/').ok_or_else(|| {
        Error::parse(format!(
            "minion '{token}': expected ATTACK/HEALTH, found '{text}'"
        ))
    })?;
    Ok((number(a, "attack", token)?, number(h, "health", token)?))
}

/// Parses one minion such as `3/4+taunt+shield@2` or
/// `Harmless Bonehead=3/3+shield`.
pub fn parse_minion(token: &str) -> Result<Minion> {
    let token = token.trim();
    if !is_anonymous(token) {
        return parse_card(token);
    }
    let (body, tier) = match token.rsplit_once('@') {
        Some((body, tier)) => (body, number::<u8>(tier, "tier", token)?),
        None => (token, 1),
    };
    if !(1..=7).contains(&tier) {
        return Err(Error::parse(format!(
            "minion '{token}': tier {tier} is not 1 to 7"
        )));
    }
    let mut parts = body.split('+');
    let (attack, health) = stats(parts.next().unwrap_or(""), token)?;
    if health == 0 || health > i16::MAX as u16 {
        return Err(Error::parse(format!(
            "minion '{token}': health must be 1 to {}",
            i16::MAX
        )));
    }
    let mut m = Minion::new(attack, health as i16);
    m.tier = tier;
    let mut keywords = 0u8;
    for word in parts {
        let word = word.trim();
        let lower = word.to_ascii_lowercase();
        if let Some(bit) = keyword(&lower) {
            keywords |= bit;
        } else if lower.starts_with("dr=") {
            m.deathrattle = deathrattle(&word[3..], token)?;
        } else {
            return Err(Error::parse(format!(
                "minion '{token}': unknown keyword '{word}'"
            )));
        }
    }
    Ok(m.with_keywords(keywords))
}

/// An anonymous minion's item opens with its stats (`3/4`, `-1/4`); a
/// card's with its name or id.
fn is_anonymous(token: &str) -> bool {
    token
        .split(['+', '=', '@'])
        .next()
        .is_some_and(|head| head.contains('/'))
}

/// A `dr=A/H[xN]` deathrattle of an anonymous minion.
fn deathrattle(spec: &str, token: &str) -> Result<Token> {
    let (stat, count) = match spec.split_once(['x', 'X']) {
        Some((stat, n)) => (stat, number::<u8>(n, "token count", token)?),
        None => (spec, 1),
    };
    let (attack, health) = stats(stat, token)?;
    if health == 0 || health > i16::MAX as u16 || count == 0 || count as usize > model::BOARD_SIZE {
        return Err(Error::parse(format!(
            "minion '{token}': deathrattle tokens need health >= 1 and a count of 1 to 7"
        )));
    }
    Ok(Token {
        attack,
        health,
        count,
        ..Token::default()
    })
}

/// A card item: `NAME_OR_ID[=A/H][+keyword...]`.
fn parse_card(token: &str) -> Result<Minion> {
    let (head, extras) = match token.split_once('+') {
        Some((head, extras)) => (head, Some(extras)),
        None => (token, None),
    };
    let (name, stats_text) = match head.split_once('=') {
        Some((name, stats)) => (name.trim(), Some(stats)),
        None => (head.trim(), None),
    };
    let card = cards::lookup(name).ok_or_else(|| {
        Error::parse(format!(
            "minion '{token}': no Battlegrounds card has the id or name '{name}'"
        ))
    })?;
    let mut m = cards::minion_of(card)
        .map_err(|e| Error::new(e.kind(), format!("minion '{token}': {}", e.message())))?;
    if let Some(text) = stats_text {
        let (attack, health) = stats(text, token)?;
        if health == 0 || health > i16::MAX as u16 {
            return Err(Error::parse(format!(
                "minion '{token}': health must be 1 to {}",
                i16::MAX
            )));
        }
        m.attack = attack;
        m.health = health as i16;
    }
    for word in extras.into_iter().flat_map(|e| e.split('+')) {
        m.keywords |= keyword(word.trim()).ok_or_else(|| {
            Error::parse(format!(
                "minion '{token}': unknown keyword '{}'",
                word.trim()
            ))
        })?;
    }
    Ok(m)
}

/// A keyword's bit (not `dr=`, which only anonymous minions take).
fn keyword(word: &str) -> Option<u8> {
    Some(match word.to_ascii_lowercase().as_str() {
        "taunt" => model::TAUNT,
        "shield" | "divine_shield" | "ds" => model::SHIELD,
        "poison" | "poisonous" => model::POISON,
        "venom" | "venomous" => model::VENOM,
        "windfury" => model::WINDFURY,
        "cleave" => model::CLEAVE,
        "reborn" => model::REBORN,
        "stealth" => model::STEALTH,
        _ => return None,
    })
}

/// Parses a board: minions separated by commas, left to right (empty text
/// is an empty board). At most 7. A card name holding a comma
/// ("Malchezaar, Prince of Dance") is found by joining an item that names
/// no card with the next.
pub fn parse_board(text: &str) -> Result<Vec<Minion>> {
    parse_minions(text, model::BOARD_SIZE, "a board")
}

/// Parses the minions of a hand (`Combat::hands`), left to right, as a
/// board is written. At most 10.
pub fn parse_hand(text: &str) -> Result<Vec<Minion>> {
    parse_minions(text, model::HAND_SIZE, "a hand")
}

/// Minions separated by commas, at most `most` of them (`what` holds
/// them).
fn parse_minions(text: &str, most: usize, what: &str) -> Result<Vec<Minion>> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let pieces: Vec<&str> = text.split(',').collect();
    let mut board = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let mut end = i + 1;
        let mut minion = parse_minion(pieces[i]);
        if minion.is_err() && !is_anonymous(pieces[i].trim()) {
            // Names hold at most two commas.
            if let Some((e, m)) = (i + 2..=pieces.len().min(i + 3))
                .find_map(|e| parse_minion(&pieces[i..e].join(",")).ok().map(|m| (e, m)))
            {
                (end, minion) = (e, Ok(m));
            }
        }
        board.push(minion?);
        i = end;
        if board.len() > most {
            break;
        }
    }
    if board.len() > most {
        return Err(Error::invalid(format!(
            "more than {most} minions; {what} holds at most {most}"
        )));
    }
    Ok(board)
}
