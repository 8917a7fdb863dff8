//! The minion notation: `ATTACK/HEALTH`, keywords each after a `+`, then an
//! optional `@TIER`; minions separated by commas, left to right. Keywords:
//! `taunt`, `shield` (divine shield), `poison`, `venom`, `windfury`,
//! `cleave`, `reborn`, and `dr=A/H` or `dr=A/HxN` (a deathrattle summoning
//! N tokens of A/H, N = 1 by default). Example: `3/4+taunt+shield,5/5+reborn@3`.

use super::rules::{self, Minion, Token};
use crate::error::{Error, Result};

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

/// Parses one minion such as `3/4+taunt+shield@2`.
pub fn parse_minion(token: &str) -> Result<Minion> {
    let token = token.trim();
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
        keywords |= match lower.as_str() {
            "taunt" => rules::TAUNT,
            "shield" | "divine_shield" | "ds" => rules::SHIELD,
            "poison" | "poisonous" => rules::POISON,
            "venom" | "venomous" => rules::VENOM,
            "windfury" => rules::WINDFURY,
            "cleave" => rules::CLEAVE,
            "reborn" => rules::REBORN,
            _ if lower.starts_with("dr=") => {
                let spec = &word[3..];
                let (stat, count) = match spec.split_once(['x', 'X']) {
                    Some((stat, n)) => (stat, number::<u8>(n, "token count", token)?),
                    None => (spec, 1),
                };
                let (ta, th) = stats(stat, token)?;
                if th == 0
                    || th > i16::MAX as u16
                    || count == 0
                    || count as usize > rules::BOARD_SIZE
                {
                    return Err(Error::parse(format!(
                        "minion '{token}': deathrattle tokens need health >= 1 and a count of 1 to 7"
                    )));
                }
                m.deathrattle = Token {
                    attack: ta,
                    health: th,
                    keywords: 0,
                    count,
                };
                0
            }
            _ => {
                return Err(Error::parse(format!(
                    "minion '{token}': unknown keyword '{word}'"
                )));
            }
        };
    }
    Ok(m.with_keywords(keywords))
}

/// Parses a board: minions separated by commas, left to right (empty text
/// is an empty board). At most 7.
pub fn parse_board(text: &str) -> Result<Vec<Minion>> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let board = text
        .split(',')
        .map(parse_minion)
        .collect::<Result<Vec<Minion>>>()?;
    if board.len() > rules::BOARD_SIZE {
        return Err(Error::invalid(format!(
            "{} minions; a board holds at most {}",
            board.len(),
            rules::BOARD_SIZE
        )));
    }
    Ok(board)
}
