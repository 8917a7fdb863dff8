//! What a card does in combat, read from its text and trigger tags by the
//! rules below (not card by card), so a new patch's cards classify
//! themselves:
//!
//! 1. Leading keywords the engine plays (taunt, divine shield, reborn,
//!    poisonous, venomous, windfury, cleave's sentence) are its keywords.
//! 2. The rest is cut into clauses, one per trigger opening (a sentence that
//!    opens with no trigger continues the clause before it).
//! 3. No clause left: no combat effect. Every clause opening with a trigger
//!    that fires only outside combat (battlecry, spellcraft, magnetic, end
//!    or start of turn, selling, buying, playing, casting, ...) and no
//!    combat trigger tag (deathrattle, start of combat, avenge, rally,
//!    stealth, mega-windfury): out of combat only. So is a card whose
//!    combat triggers only put cards in a hand ("Deathrattle: Get a Blood
//!    Gem.", "Rally: Get a random Beast.", "Avenge (4): Your teammate gets
//!    ...") or change the tavern of later turns ("Deathrattle: Your Tavern
//!    spells give an extra +1 Attack this game."), and a card whose stats
//!    count what no combat changes ("Has +7/+7 for each Golden minion
//!    you've played this game."): what lands in a hand or the tavern does
//!    not change this combat, and the board's stats already hold the
//!    count.
//! 4. Every clause but one out of combat, and that one "Deathrattle: Summon
//!    N A/H NAME[ with KEYWORDS]." with a token the engine can play
//!    (keywords but no reborn): a token deathrattle, with the stats the
//!    text gives.
//! 5. Anything else is not modelled yet, with the reason.

use super::CardDef;
use crate::hearthstone::combat::rules::{self, BOARD_SIZE, Token};

/// A card's combat effect as the engine models it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombatEffect {
    /// Nothing in combat beyond its keywords.
    None,
    /// Text that acts only outside combat (rule 3).
    OutOfCombat,
    /// A deathrattle summoning tokens.
    Summon(Token),
    /// Not modelled; why.
    Unsupported(String),
}

impl CombatEffect {
    pub fn is_modelled(&self) -> bool {
        !matches!(self, CombatEffect::Unsupported(_))
    }
}

/// Keywords a text may open with, and whether the engine plays them.
const KEYWORD_WORDS: [(&str, bool); 8] = [
    ("taunt", true),
    ("divine shield", true),
    ("reborn", true),
    ("poisonous", true),
    ("venomous", true),
    ("windfury", true),
    ("stealth", false),
    ("mega-windfury", false),
];

/// Sentences that are the cleave keyword.
const CLEAVE_SENTENCES: [&str; 3] = [
    "also damages the minions next to whomever",
    "also damages the enemies next to whomever",
    "also damages adjacent minions",
];

/// Clause openings of triggers that fire outside combat.
const OUT_OF_COMBAT: [&str; 55] = [
    "battlecry:",
    "spellcraft:",
    "magnetic",
    "choose one",
    "activate",
    "at the end of your turn",
    "at the start of your turn",
    "when you sell this",
    "after you sell",
    "whenever you sell",
    "after you play",
    "whenever you play",
    "after you cast",
    "whenever you cast",
    "after you buy",
    "whenever you buy",
    "after you magnetize",
    "whenever you magnetize",
    "after you spend",
    "whenever you spend",
    "after you refresh",
    "whenever you refresh",
    // The hero takes damage only after combat.
    "after your hero takes",
    "whenever you discard",
    "after you discard",
    "after you discover",
    "when you buy or discover",
    "when you play",
    "after you trigger a battlecry",
    "whenever a card is added to your hand",
    "your bounties",
    // Duos: passing and a teammate act in the tavern.
    "after your teammate",
    "after your team passes",
    "the first time your team passes",
    "after this is passed",
    "after the first time this is sold",
    "one pass each turn",
    "if this is golden when you sell",
    "while this is in your hand",
    "once per turn",
    "this minion can triple",
    "this minion is always golden",
    "can magnetize",
    "if you lost your last combat",
    "your battlecries",
    "your tavern spells",
    "your blood gems give",
    "blood gems played from your hand",
    "your refreshes",
    "your end of turn effects",
    "your choose one",
    "two refreshes",
    "one choose one card",
    "the first spellcraft",
    "this permanently keeps",
];

/// Clause openings of triggers: a sentence opening with one starts a
/// clause.
const TRIGGERS: [&str; 14] = [
    "deathrattle",
    "start of combat",
    "avenge",
    "rally",
    "whenever",
    "after",
    "when ",
    "at the ",
    "your ",
    "overkill",
    "immune",
    "has +",
    "this ",
    "adjacent",
];

/// Tags of triggers that fire in combat: a card with one is never
/// "out of combat only" whatever its text opens with.
const COMBAT_TAGS: u32 = super::TRIGGER_DEATHRATTLE
    | super::TRIGGER_START_OF_COMBAT
    | super::TRIGGER_AVENGE
    | super::TRIGGER_RALLY
    | super::TRIGGER_STEALTH
    | super::TRIGGER_MEGA_WINDFURY;

/// The card's combat effect by the rules of this module.
pub fn combat_effect(card: &CardDef) -> CombatEffect {
    let text = card.text.to_lowercase();
    let mut rest = text.trim();
    // Rule 1: leading keywords.
    loop {
        rest = rest.trim_start_matches([' ', '.', ',']);
        let Some(&(word, played)) = KEYWORD_WORDS.iter().find(|(w, _)| {
            rest.starts_with(w)
                && !rest[w.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '-')
        }) else {
            break;
        };
        if !played {
            return CombatEffect::Unsupported(format!("keyword '{word}'"));
        }
        rest = &rest[word.len()..];
        if let Some(after) = rest.trim_start().strip_prefix("and ") {
            rest = after;
        }
    }
    // Rule 2: clauses.
    let mut clauses: Vec<String> = Vec::new();
    for sentence in sentences(rest) {
        if CLEAVE_SENTENCES.iter().any(|s| sentence.starts_with(s)) {
            continue;
        }
        let opens = TRIGGERS.iter().any(|t| sentence.starts_with(t))
            || OUT_OF_COMBAT.iter().any(|t| sentence.starts_with(t));
        match clauses.last_mut() {
            Some(last) if !opens => {
                last.push(' ');
                last.push_str(sentence);
            }
            _ => clauses.push(sentence.to_string()),
        }
    }
    // Rule 3.
    if clauses.is_empty() && card.triggers & COMBAT_TAGS == 0 {
        return CombatEffect::None;
    }
    let out_of_combat = |c: &String| OUT_OF_COMBAT.iter().any(|t| c.starts_with(t));
    if card.triggers & COMBAT_TAGS == 0 && clauses.iter().all(out_of_combat) {
        return CombatEffect::OutOfCombat;
    }
    // A combat tag whose trigger no clause names stays unsupported (rule 5).
    let outside = |c: &String| acts_outside_boards(c) || fixed_stats(c);
    if clauses.iter().any(outside) && clauses.iter().all(|c| out_of_combat(c) || outside(c)) {
        return CombatEffect::OutOfCombat;
    }
    // Rule 4.
    let in_combat: Vec<&String> = clauses
        .iter()
        .filter(|c| !out_of_combat(c) && !outside(c))
        .collect();
    if let [clause] = in_combat.as_slice()
        && let Some(token) = token_deathrattle(clause)
    {
        return token;
    }
    // Rule 5.
    let reason = clauses
        .iter()
        .find(|c| !OUT_OF_COMBAT.iter().any(|t| c.starts_with(t)))
        .map_or_else(
            || "a combat trigger the text does not name".to_string(),
            |c| {
                let opening: String = c.chars().take(60).collect();
                format!("'{opening}'")
            },
        );
    CombatEffect::Unsupported(reason)
}

/// Combat triggers whose effect may act only outside the boards (rule 3).
const OUTSIDE_TRIGGERS: [&str; 7] = [
    "deathrattle: ",
    "rally: ",
    "battlecry and deathrattle: ",
    "battlecry, deathrattle, and rally: ",
    "deathrattle and rally: ",
    "avenge (",
    "once this deals ",
];

/// Actions that only put cards in a hand, yours or your teammate's, or
/// give resources for later turns.
const HAND_ACTIONS: [&str; 4] = [
    "get ",
    "your teammate gets ",
    "you and your teammate each get ",
    "you and your teammate each gain ",
];

/// Words of an action that reach the board or the combat: a clause with
/// one is never "hand only", whatever it opens with.
const BOARD_WORDS: [&str; 9] = [
    "+", "summon", "damage", "destroy", "give", "attack", "health", "minions", "board",
];

/// Actions on the tavern of later turns: its minions, its spells, its
/// refreshes, its upgrade cost. (Blood gems are not among them: a rally
/// may play one in combat.)
const TAVERN_ACTIONS: [&str; 5] = [
    "your tavern spells give ",
    "give minions in the tavern ",
    "after the tavern is refreshed",
    "reduce the cost of upgrading ",
    "add a fodder to your next ",
];

/// Words that would take a tavern action back to this combat.
const COMBAT_WORDS: [&str; 4] = ["summon", "damage", "destroy", "friendly"];

/// Rule 3's second case: a combat trigger whose whole action is to get
/// cards ("deathrattle: get a random bounty.") or to change the tavern of
/// later turns ("rally: your tavern spells give an extra +1 health this
/// game.").
pub(crate) fn acts_outside_boards(clause: &str) -> bool {
    let Some(trigger) = OUTSIDE_TRIGGERS.iter().find(|t| clause.starts_with(*t)) else {
        return false;
    };
    let mut action = &clause[trigger.len()..];
    // A trigger with a condition: "avenge (4): ", "once this deals 35 damage, ".
    let condition_ends = match *trigger {
        "avenge (" => Some("): "),
        "once this deals " => Some(", "),
        _ => None,
    };
    if let Some(end) = condition_ends {
        let Some((_, after)) = action.split_once(end) else {
            return false;
        };
        action = after;
    }
    let hand = HAND_ACTIONS.iter().any(|a| action.starts_with(a))
        && !BOARD_WORDS.iter().any(|w| action.contains(w));
    // One sentence: a second one could reach the board.
    let one_sentence = !action.trim_end_matches(['.', '!']).contains(". ");
    let tavern = TAVERN_ACTIONS.iter().any(|a| action.starts_with(a))
        && one_sentence
        && !COMBAT_WORDS.iter().any(|w| action.contains(w));
    hand || tavern
}

/// Counts in a card's stats that no combat changes ("has +7/+7 for each
/// golden minion you've played this game", "if you have 15 or less
/// health": the hero takes damage after combat): the stats the board gives
/// already hold them.
const FIXED_COUNTS: [&str; 3] = ["you've played", "or less health", "each game!"];

/// A static stat clause of rule 3 ("has +30/+30 if you have 15 or less
/// health.").
fn fixed_stats(clause: &str) -> bool {
    (clause.starts_with("has +") || clause.starts_with("this has "))
        && FIXED_COUNTS.iter().any(|w| clause.contains(w))
}

/// Sentences of a text: split after '.' or '!' followed by a space (a
/// trigger run on after keywords, "Taunt Deathrattle: ...", was cut off at
/// rule 1 already).
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        if matches!(bytes[i], b'.' | b'!') && bytes.get(i + 1) == Some(&b' ') {
            out.push(text[start..=i].trim());
            start = i + 1;
        }
    }
    if start < text.len() && !text[start..].trim().is_empty() {
        out.push(text[start..].trim());
    }
    out
}

/// Rule 4: "deathrattle: summon N A/H NAME[ with KEYWORDS]."
fn token_deathrattle(clause: &str) -> Option<CombatEffect> {
    let body = clause.strip_prefix("deathrattle: summon ")?;
    let body = body.strip_suffix('.').unwrap_or(body);
    let (count, body) = body.split_once(' ')?;
    let count: u8 = match count {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        n => n
            .parse()
            .ok()
            .filter(|&n| (1..=BOARD_SIZE as u8).contains(&n))?,
    };
    let (stats, body) = body.split_once(' ')?;
    let (attack, health) = stats.split_once('/')?;
    let attack: u16 = attack.parse().ok()?;
    let health: u16 = health
        .parse()
        .ok()
        .filter(|&h| h > 0 && h <= i16::MAX as u16)?;
    let (name, with) = match body.split_once(" with ") {
        Some((name, with)) => (name, with),
        None => (body, ""),
    };
    // A name, not a phrase ("for your opponent", "from your hand").
    if [" for ", " from ", " that ", " of ", " to "]
        .iter()
        .any(|w| format!(" {name} ").contains(w))
    {
        return None;
    }
    let mut keywords = 0;
    for word in with.split([',']).flat_map(|w| w.split(" and ")) {
        let word = word.trim();
        if word.is_empty() {
            continue;
        }
        keywords |= match word {
            "taunt" => rules::TAUNT,
            "divine shield" => rules::SHIELD,
            "poisonous" => rules::POISON,
            "venomous" => rules::VENOM,
            "windfury" => rules::WINDFURY,
            "reborn" => {
                return Some(CombatEffect::Unsupported(
                    "a deathrattle token with reborn".to_string(),
                ));
            }
            _ => return None,
        };
    }
    Some(CombatEffect::Summon(Token {
        attack,
        health,
        keywords,
        count,
    }))
}
