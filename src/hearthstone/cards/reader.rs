//! What a card does in combat, read from its text and trigger tags by the
//! rules below (not card by card), so a new patch's cards classify
//! themselves:
//!
//! 1. Leading keywords the engine plays (taunt, divine shield, reborn,
//!    poisonous, venomous, windfury, stealth (its tag), cleave's sentence)
//!    are its keywords.
//! 2. The rest is cut into clauses, one per trigger opening (a sentence that
//!    opens with no trigger continues the clause before it); a note on
//!    what it does outside combat ("(+4 if triggered outside combat!)")
//!    is left out.
//! 3. No clause left: no combat effect. Every clause opening with a trigger
//!    that fires only outside combat (battlecry, spellcraft, magnetic, end
//!    or start of turn, selling, buying, playing, casting, ...) and no
//!    combat trigger tag (deathrattle, start of combat, avenge, rally,
//!    mega-windfury): out of combat only. So is a card whose
//!    combat triggers only put cards in a hand ("Deathrattle: Get a Blood
//!    Gem.", "Rally: Get a random Beast.", "Avenge (4): Your teammate gets
//!    ...", "Whenever this takes damage, give a minion in your hand +2/+1.")
//!    or give gold or refreshes ("Avenge (4): Increase your maximum Gold
//!    by (1).", "After a friendly Deathrattle minion dies, gain 1 Gold next
//!    turn.") or change the tavern of later turns ("Deathrattle: Your
//!    Tavern spells give an extra +1 Attack this game."), and a card whose
//!    stats count what no combat changes ("Has +7/+7 for each Golden
//!    minion you've played this game."): what lands in a hand or the
//!    tavern does not change this combat, and the board's stats already
//!    hold the count. The openings of rule 3 also name turns ("at the end
//!    of every 2 turns", "in 2 turns"), the tavern ("the tavern offers",
//!    "minions in the tavern", "this minion sells for", "one tavern spell
//!    each turn"), gold ("after you gain gold") and hero powers ("after you
//!    use "); an "Avenge (N): Improve this permanently." beside them
//!    improves a tavern effect.
//! 4. Every clause but one out of combat, and that one "Deathrattle: Summon
//!    N A/H NAME[ with KEYWORDS]." with a token the engine can play
//!    (keywords but no reborn): a token deathrattle, with the stats the
//!    text gives. "Deathrattle: Summon N NAMES that summon ...": tokens
//!    that are the card NAME (golden when the text says so), whose own
//!    effect is such a token deathrattle: the tokens take that card's
//!    stats and deathrattle (Sewer Lord's Sewer Rats, each summoning a
//!    turtle); so are "Deathrattle: Summon N A/H NAMES with \"TEXT\"."
//!    whose card NAME has those stats and TEXT as its own (Mechanized Gift
//!    Horse's Mechorses, each summoning a Mechapony).
//! 5. Clauses of a trigger and an action the engine plays (see
//!    `triggered`: start of combat, rally, a friendly minion attacking,
//!    deathrattle, a friendly minion dying (a gain) or summoned (a gift to
//!    it), damage landing on it or on a friend, or dealt by another
//!    friend (a gain); stats, keywords,
//!    damage to all at start of combat, a rally's or a damaged minion's
//!    summon or
//!    a friendly minion's reborn copy returning (a gain);
//!    keywords removed from its target, attacking at once, a tribe's
//!    bonus for the rest of the combat ("your beasts have +7/+7 until next
//!    turn", "... this game"); the auras "your
//!    deathrattles trigger an extra time" and "... deathrattles trigger
//!    twice"; blood gems played in combat, the minion a gem is played
//!    on answering it (gems, or a gain), and "your blood gems give twice
//!    their stats during combat"), beside at most
//!    one token deathrattle: those effects. A deathrattle of several
//!    sentences is read sentence by sentence, its tokens first (the engine
//!    summons a deathrattle's tokens before its other actions), and acts
//!    on its own side only.
//! 6. Anything else is not modelled yet, with the reason.

use super::effect_row::CombatEffect;
use super::readings::{ScriptGift, reading};
use super::{CardDef, TRIGGER_DEATHRATTLE, TRIGGER_RALLY};
use crate::hearthstone::model::{
    self, Action, BOARD_SIZE, BonusTo, Effect, InnerToken, MAX_AVENGE, MAX_EFFECTS,
    MAX_PICKED_DEATHRATTLES, Marks, Pool, Target, Token, Trigger,
};

/// Keywords a text may open with, and whether the engine plays them.
const KEYWORD_WORDS: [(&str, bool); 8] = [
    ("taunt", true),
    ("divine shield", true),
    ("reborn", true),
    ("poisonous", true),
    ("venomous", true),
    ("windfury", true),
    ("stealth", true),
    ("mega-windfury", false),
];

/// Sentences that are the cleave keyword.
const CLEAVE_SENTENCES: [&str; 3] = [
    "also damages the minions next to whomever",
    "also damages the enemies next to whomever",
    "also damages adjacent minions",
];

/// Clause openings of triggers that fire outside combat.
const OUT_OF_COMBAT: [&str; 92] = [
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
    "after you upgrade",
    "whenever you upgrade",
    // The hero takes damage only after combat.
    "after your hero takes",
    "whenever you discard",
    "after you discard",
    "after you discover",
    "when you buy or discover",
    "when you play",
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
    // What minions keep after the combat (Persistent Poet; the golden
    // one's "double stats gained in combat" doubles them in combat, in
    // Firestone, and is not matched here).
    "adjacent dragons permanently keep bonus keywords and stats",
    // Snarky Shark: the Fishbait selling it puts in the tavern.
    "your left-most beast attacks it",
    // Turns: what happens between combats.
    "at the end of every ",
    "at the start of every ",
    "at the start of each turn",
    "in two turns",
    "in 2 turns",
    "each turn this is in your hand",
    "after this is in your hand",
    "if you have any unspent gold",
    "after you gain gold",
    "once you buy",
    // The tavern: what it offers, costs and sells.
    "the tavern offers",
    "the tavern always offers",
    "minions in the tavern",
    "while this is in the tavern",
    "after the tavern is refreshed",
    "after a spellcraft minion appears in the tavern",
    "upgrading the tavern",
    "this minion sells for",
    "this costs ",
    "you only need ",
    "one refresh each turn",
    "one tavern spell each turn",
    "two tavern spells each turn",
    "one demon each turn",
    "the first triple reward",
    "get a plain copy of the first",
    // Hero powers, used in the tavern.
    "after you use ",
    "you can use your hero power",
    "after you remove a minion with",
    "after you guess correctly",
    "when you 'devour'",
    "after 'verdant spheres'",
    "'arcane alteration'",
    "'prestidigitation'",
    "'twice as nice'",
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
    | super::TRIGGER_MEGA_WINDFURY;

/// A card as the reader reads it: what the effect table's row holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read {
    /// Its combat effect.
    pub effect: CombatEffect,
    /// Its marks.
    pub marks: Marks,
    /// How it reads a minion's script numbers (none: it ignores them).
    pub script: Option<ScriptGift>,
    /// A one-line note of how it was read: from its text, from the text
    /// Firestone plays, or by a hand-written row (`readings.rs`), and why.
    pub how: String,
}

/// Reads a card: its text (or the text of its hand-written row) and tags
/// by the rules of this module, and its row's marks and script numbers.
/// The generator of the effect table calls this for every card; the
/// engine reads the table.
pub fn read(card: &CardDef) -> Read {
    let (effect, marks, battlecry) =
        super::battlecry::with_battlecry(card, effect_of(card), marks(card));
    let what = match &effect {
        CombatEffect::None => "no combat effect",
        CombatEffect::OutOfCombat => "acts outside combat only",
        CombatEffect::Summon(_) => "a token deathrattle",
        CombatEffect::Effects { .. } => "triggered effects",
        CombatEffect::Unsupported(_) => "not modelled",
    };
    let row = reading(card.id);
    let how = match row {
        Some(r) if r.plays.is_some() => {
            format!("{what}, read from the text Firestone plays: {}", r.why)
        }
        Some(r) => format!("{what}, read from its text; hand-written row: {}", r.why),
        None => format!("{what}, read from its text"),
    };
    let how = match battlecry {
        Some(note) => format!("{how}; {note}"),
        None => how,
    };
    Read {
        effect,
        marks,
        script: row.and_then(|r| r.script),
        how,
    }
}

/// A card's marks: its hand-written row's, a Beetle's (the token cards
/// "your Beetles have ..." names), and one for a deathrattle and one for
/// a rally (their tags).
pub fn marks(card: &CardDef) -> Marks {
    let mut marks = reading(card.id).map_or(Marks::NONE, |r| r.marks);
    if card.name == "Beetle" {
        marks |= Marks::BEETLE;
    }
    if card.triggers & TRIGGER_DEATHRATTLE != 0 {
        marks |= Marks::HAS_DEATHRATTLE;
    }
    if card.triggers & TRIGGER_RALLY != 0 {
        marks |= Marks::HAS_RALLY;
    }
    if changes_the_hand(card) {
        marks |= Marks::CHANGES_HAND;
    }
    marks
}

/// The card's combat effect by the rules of this module, its tokens with
/// their tribes and marks.
fn effect_of(card: &CardDef) -> CombatEffect {
    let mut effect = read_effect(card);
    let unmarked = reading(card.id).is_some_and(|r| r.tokens_unmarked);
    let own = |t: &mut Token| {
        // (Attacking at once is the text's, not a card's mark.)
        if t.count > 0
            && t.tribes == 0
            && t.marks.bits() & !Marks::ATTACKS_AT_ONCE.bits() == 0
            && let Some((tribes, marks)) = own_token_tribes(card, t)
        {
            t.tribes = tribes;
            t.marks |= marks;
        }
    };
    match &mut effect {
        CombatEffect::Summon(t) => {
            own(t);
            t.unmarked |= unmarked;
        }
        CombatEffect::Effects {
            deathrattle,
            effect_token,
            ..
        } => {
            own(deathrattle);
            own(effect_token);
            deathrattle.unmarked |= unmarked && deathrattle.count > 0;
        }
        _ => {}
    }
    effect
}

/// The tribes and marks of a token the text names by a word no card has
/// ("a 2/1 hand"): those of the card's own token (its id and `t`, of the
/// golden card or the normal one) with the same stats.
fn own_token_tribes(card: &CardDef, t: &Token) -> Option<(u32, Marks)> {
    let normal = card.id.strip_suffix("_G").unwrap_or(card.id);
    [format!("{}t", card.id), format!("{normal}t")]
        .iter()
        .filter_map(|id| super::by_id(id))
        .find(|c| c.attack == t.attack && c.health == t.health)
        .map(|c| (c.tribes, marks(c)))
}

/// The text a card is read from: its own, or Firestone's reading of it.
fn played_text(card: &CardDef) -> String {
    plural_forms(reading(card.id).and_then(|r| r.plays).unwrap_or(card.text))
}

/// The text with each plural choice ("|4(minion, minions)") resolved by
/// the nearest number before it: the singular after a 1, else the plural
/// ("give 2 different friendly minions").
fn plural_forms(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("|4") {
        let (before, choice) = rest.split_at(at);
        let Some((forms, after)) = choice[2..]
            .trim_start()
            .strip_prefix('(')
            .and_then(|c| c.split_once(')'))
        else {
            break;
        };
        out.push_str(before);
        let number = out
            .split(|c: char| !c.is_ascii_digit())
            .rfind(|w| !w.is_empty());
        let (one, many) = forms.split_once(',').unwrap_or((forms, forms));
        out.push_str(if number == Some("1") { one } else { many }.trim());
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The card's combat effect as its text and tags read.
fn read_effect(card: &CardDef) -> CombatEffect {
    // Refused by a hand-written row, with what Firestone does.
    if let Some(row) = reading(card.id).filter(|r| r.refused) {
        let why = row.why.trim_end_matches('.');
        let why = why
            .strip_prefix(card.name)
            .and_then(|w| w.strip_prefix(": "))
            .unwrap_or(why);
        return CombatEffect::Unsupported(why.to_string());
    }
    let text = played_text(card).to_lowercase();
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
        // "(+4 if triggered outside combat!)": what it does elsewhere.
        let note_outside = sentence.starts_with('(') && sentence.contains("outside combat");
        if note_outside
            || counted_by_engine(sentence)
            || CLEAVE_SENTENCES.iter().any(|s| sentence.starts_with(s))
        {
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
    // What changes the blood gems played in combat, or answers them as
    // Firestone plays it: not modelled.
    if let Some(c) = clauses.iter().find(|c| changes_gems_in_combat(c, card)) {
        let opening: String = c.chars().take(60).collect();
        return CombatEffect::Unsupported(format!("'{opening}' (blood gems in combat)"));
    }
    // "... during combat" is never out of combat (Needling Crone); what
    // acts only "while this is in your hand", "on your turn" or "at the
    // end of your turn" (the tavern's) is.
    let out_of_combat = |c: &String| {
        (OUT_OF_COMBAT.iter().any(|t| c.starts_with(t))
            || [
                " while this is in your hand",
                " on your turn",
                " at the end of your turn",
            ]
            .iter()
            .any(|t| c.contains(t)))
            && !c.contains(" during combat")
    };
    if card.triggers & COMBAT_TAGS == 0 && clauses.iter().all(out_of_combat) {
        return CombatEffect::OutOfCombat;
    }
    // A combat tag whose trigger no clause names stays unsupported (rule 5).
    let outside = |c: &String| acts_outside_boards(c) || fixed_stats(c);
    // "Avenge (1): Improve this permanently." improves the card's other
    // effects: outside combat when they all are.
    let improves = |c: &String| {
        c.strip_prefix("avenge (")
            .and_then(|r| r.split_once("): "))
            .is_some_and(|(_, action)| action == "improve this permanently.")
    };
    if clauses.iter().any(|c| out_of_combat(c) || outside(c))
        && clauses
            .iter()
            .all(|c| out_of_combat(c) || outside(c) || improves(c))
        && (card.triggers & COMBAT_TAGS == 0
            || clauses.iter().any(outside)
            || clauses.iter().any(improves))
    {
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
    // Rule 5: clauses of triggers and actions the engine plays, beside at
    // most one token deathrattle.
    if let Some(effect) = triggered_effects(&in_combat) {
        return effect;
    }
    // Rule 6.
    let reason = clauses
        .iter()
        .find(|c| !OUT_OF_COMBAT.iter().any(|t| c.starts_with(t)))
        .map_or_else(
            || "a combat trigger the text does not name".to_string(),
            |c| {
                let opening: String = c.chars().take(60).collect();
                match GROWS_IN_COMBAT.iter().find(|(count, _)| c.contains(count)) {
                    Some((_, why)) => format!("'{opening}' ({why})"),
                    None => format!("'{opening}'"),
                }
            },
        );
    CombatEffect::Unsupported(reason)
}

/// Counts in a card's stats that a combat may change though they read as
/// the tavern's, and why (not modelled: the board's stats hold only
/// earlier turns' count).
const GROWS_IN_COMBAT: [(&str, &str); 3] = [
    (
        " for each battlecry you've triggered",
        "battlecries also trigger in combat",
    ),
    (
        " you've summoned this game",
        "minions are summoned in combat",
    ),
    (
        " for each elemental you played this game",
        "Firestone gives a summoned or reborn one the count",
    ),
];

/// A clause by which the blood gems played in combat change, or act on
/// the minion they are played on as Firestone does not read its text:
/// "after you play a blood gem on this, ..." (Firestone's
/// `playedBloodGemsOnMe`), or "your blood gems give an extra ..." on a
/// card with a combat trigger (its trigger raises the gems' stats
/// mid-combat).
fn changes_gems_in_combat(clause: &str, card: &CardDef) -> bool {
    clause.starts_with("after you play a blood gem on this")
        || card.triggers & COMBAT_TAGS != 0
            && clause.contains("your blood gems give an extra")
            && !GEM_BONUS_TRIGGERS.iter().any(|t| {
                clause
                    .strip_prefix(t)
                    .is_some_and(|rest| gem_bonus(rest).is_some())
            })
}

/// The triggers whose "your blood gems give an extra ... this game" is
/// modelled (Sanguine Champion, Sanguine Refiner, Prickly Piper: as
/// Firestone raises the hero's blood gem bonus mid-combat).
const GEM_BONUS_TRIGGERS: [&str; 3] = ["deathrattle: ", "battlecry and deathrattle: ", "rally: "];

/// "your blood gems give an extra +2/+1 this game" (or "+1 attack"): a
/// side bonus of the gems played from then on.
fn gem_bonus(action: &str) -> Option<Action> {
    let what = action
        .trim_end_matches('.')
        .strip_prefix("your blood gems give an extra ")?
        .strip_suffix(" this game")?;
    let (attack, health) = stats(what)?;
    Some(Action::SideBonus {
        to: BonusTo::BloodGems,
        attack,
        health,
    })
}

/// Combat triggers whose effect may act only outside the boards (rule 3).
const OUTSIDE_TRIGGERS: [&str; 10] = [
    "deathrattle and avenge (",
    "deathrattle: ",
    "rally: ",
    "whenever this takes damage, ",
    "whenever this minion takes damage, ",
    "battlecry and deathrattle: ",
    "battlecry, deathrattle, and rally: ",
    "deathrattle and rally: ",
    "avenge (",
    "once this deals ",
];

/// Actions that only put cards in a hand, yours or your teammate's, or
/// give resources for later turns (gold, refreshes).
const HAND_ACTIONS: [&str; 7] = [
    "get ",
    "your teammate gets ",
    "you and your teammate each get ",
    "you and your teammate each gain ",
    "increase your maximum gold",
    "gain a free refresh",
    "gain 1 gold next turn",
];

/// Words of an action that reach the board or the combat: a clause with
/// one is never "hand only", whatever it opens with.
const BOARD_WORDS: [&str; 9] = [
    "+", "summon", "damage", "destroy", "give", "attack", "health", "minions", "board",
];

/// Actions on the tavern of later turns: its minions, its spells, its
/// refreshes, its upgrade cost. (Blood gems are not among them: a rally
/// may play one in combat.)
const TAVERN_ACTIONS: [&str; 8] = [
    "your tavern spells give ",
    "give minions in the tavern ",
    "after the tavern is refreshed",
    "reduce the cost of upgrading ",
    "add a fodder to your next ",
    "minions in the tavern ",
    "the next tavern spell you buy ",
    "this minion sells for ",
];

/// Words that would take a tavern action back to this combat.
const COMBAT_WORDS: [&str; 4] = ["summon", "damage", "destroy", "friendly"];

/// Rule 3's second case: a combat trigger whose whole action is to get
/// cards ("deathrattle: get a random bounty.", "after a friendly minion
/// loses divine shield, get a blood gem."), gold or refreshes for later
/// turns ("avenge (4): increase your maximum gold by (1).") or to change
/// the tavern of later turns ("rally: your tavern spells give an extra +1
/// health this game."). A listener ("whenever ...", "after ...", "when
/// ...") acts after its first comma.
pub(crate) fn acts_outside_boards(clause: &str) -> bool {
    let clause = clause.strip_prefix("once per combat, ").unwrap_or(clause);
    let listener = ["whenever ", "after ", "when "]
        .into_iter()
        .find(|t| clause.starts_with(t));
    let Some(trigger) = OUTSIDE_TRIGGERS
        .iter()
        .copied()
        .find(|t| clause.starts_with(t))
        .or(listener)
    else {
        return false;
    };
    let mut action = &clause[trigger.len()..];
    // A trigger with a condition: "avenge (4): ", "once this deals 35
    // damage, ", "whenever a friendly minion dies, ".
    let condition_ends = match trigger {
        "avenge (" | "deathrattle and avenge (" => Some("): "),
        "once this deals " | "whenever " | "after " | "when " => Some(", "),
        _ => None,
    };
    if let Some(end) = condition_ends {
        let Some((_, after)) = action.split_once(end) else {
            return false;
        };
        action = after;
    }
    // One sentence: a second one could reach the board.
    let one_sentence = !action.trim_end_matches(['.', '!']).contains(". ");
    let hand = HAND_ACTIONS.iter().any(|a| action.starts_with(a))
        && !BOARD_WORDS.iter().any(|w| action.contains(w))
        || one_sentence && (gives_only_to_hand(action) || gets_minions(action));
    let tavern = (TAVERN_ACTIONS.iter().any(|a| action.starts_with(a))
        || gives_only_to_tavern(action))
        && one_sentence
        && !COMBAT_WORDS.iter().any(|w| action.contains(w));
    hand || tavern || adds_to_hand(action)
}

/// "get 2 random battlecry minions.", "your teammate gets 2 random
/// deathrattle minions.": minion cards got (the golden text's count is a
/// number and its cards are "minions", the one board word it holds).
fn gets_minions(action: &str) -> bool {
    let Some(what) = ["get ", "your teammate gets "]
        .into_iter()
        .find_map(|p| action.strip_prefix(p))
    else {
        return false;
    };
    let what = what.trim_end_matches(['.', '!']);
    what.split(' ').any(|w| w == "minions")
        && !what.contains(" and ")
        && !BOARD_WORDS
            .iter()
            .any(|w| *w != "minions" && what.contains(w))
}

/// "add a coin to your hand", "add two 1/1 skeletons to your hand": cards
/// added to the hand, one sentence.
fn adds_to_hand(action: &str) -> bool {
    action
        .strip_prefix("add ")
        .and_then(|a| a.trim_end_matches(['.', '!']).strip_suffix(" to your hand"))
        .is_some_and(|what| !what.contains(". ") && !what.contains(" and "))
}

/// "give elementals in the tavern +8/+8 this game": a gift whose only
/// receivers are the tavern's minions.
fn gives_only_to_tavern(action: &str) -> bool {
    action
        .strip_prefix("give ")
        .and_then(|a| a.split_once(" in the tavern "))
        .is_some_and(|(receiver, gift)| {
            [receiver, gift]
                .iter()
                .all(|t| !t.contains("and ") && !t.contains("your") && !t.contains("friendly"))
        })
}

/// "give a minion in your hand +2/+1", "give a random minion in your hand
/// +7/+7": a gift whose only receiver is in the hand (not "a friendly
/// minion and a minion in your hand", not "your hand and board").
fn gives_only_to_hand(action: &str) -> bool {
    let Some((receiver, gift)) = action
        .strip_prefix("give ")
        .and_then(|a| a.split_once(" in your hand "))
    else {
        return false;
    };
    !receiver.contains(" and ")
        && !receiver.contains("friendly")
        && !gift.starts_with("and ")
        && !COMBAT_WORDS.iter().any(|w| gift.contains(w))
}

/// Counts in a card's stats that no combat changes ("has +7/+7 for each
/// golden minion you've played this game", "if you have 15 or less
/// health": the hero takes damage after combat): the stats the board gives
/// already hold them.
const FIXED_COUNTS: [&str; 4] = [
    "you've played",
    "or less health",
    "each game!",
    // Malorne: gold is spent in the tavern.
    "gold you've spent this game",
];

/// A static stat clause of rule 3 ("has +30/+30 if you have 15 or less
/// health.").
fn fixed_stats(clause: &str) -> bool {
    (clause.starts_with("has +") || clause.starts_with("this has "))
        && FIXED_COUNTS.iter().any(|w| clause.contains(w))
}

/// What a stat clause the engine plays from the card's combat marks
/// counts (`combat::growth`; the board's stats hold the count of earlier
/// combats).
const COUNTED_BY_ENGINE: [&str; 4] = [
    // Eternal Knight (`Marks::ETERNAL_KNIGHT`): each knight on the board
    // gains as another dies, one summoned enters with all of them.
    " for each friendly eternal knight that died this game",
    // Falling Sky Golem: likewise with each friendly deathrattle.
    " for each deathrattle you've triggered this game",
    // Abyssal Bruiser: no tavern spell is cast in a modelled combat; one
    // summoned enters with the count.
    " for each tavern spell you've cast this game",
    // Ancestral Automaton: each on the board gains as another is
    // summoned, one summoned enters with the count.
    " for each other ancestral automaton you've summoned this game",
];

/// A stat clause the engine plays from the card's combat marks ("has
/// +4/+2 for each friendly eternal knight that died this game").
fn counted_by_engine(clause: &str) -> bool {
    clause.starts_with("has +") && COUNTED_BY_ENGINE.iter().any(|c| clause.contains(c))
}

/// A start of combat's action on the hand (`times`: "twice"): the
/// stats of the hand gained (Choral Mrrrglr), the attack of its
/// highest-attack minion gained (Costume Enthusiast), a copy of itself
/// summoned from the hand (Flighty Scout: on the board it does nothing,
/// as in Firestone).
fn hand_action(action: &str, times: u8) -> Option<Action> {
    Some(match action {
        "gain the stats of all the minions in your hand" => Action::GainHandStats { times },
        "gain the attack of the highest-attack minion in your hand" => {
            Action::GainHandAttack { times }
        }
        "gain double the attack of the highest-attack minion in your hand" => {
            Action::GainHandAttack { times: 2 * times }
        }
        "if this minion is in your hand, summon a copy of it" => {
            Action::SummonCopyFromHand { times }
        }
        "if this minion is in your hand, summon a copy of it with double stats" => {
            Action::SummonCopyFromHand { times: 2 * times }
        }
        _ => return None,
    })
}

/// Battlecries of friends triggered: a rally's "trigger your right-most
/// battlecry" (Greenskeeper; "and deathrattle": Timewarped Greenskeeper),
/// a deathrattle's "trigger the battlecry of an adjacent minion" (Rylak
/// Metalhead; golden: "the battlecries of adjacent minions"). `None` when
/// the action is none of them, `Some(None)` when it is one under a
/// trigger the engine does not play it with.
fn battlecry_trigger(trigger: Trigger, action: &str, times: u8) -> Option<Option<Action>> {
    let (target, deathrattle, by) = match action {
        "trigger your right-most battlecry" => (Target::RightmostBattlecry, false, Trigger::Rally),
        "trigger your right-most battlecry and deathrattle" => {
            (Target::RightmostBattlecry, true, Trigger::Rally)
        }
        "trigger the battlecry of an adjacent minion" => (
            Target::AdjacentBattlecry { both: false },
            false,
            Trigger::Deathrattle,
        ),
        "trigger the battlecries of adjacent minions" => (
            Target::AdjacentBattlecry { both: true },
            false,
            Trigger::Deathrattle,
        ),
        _ => return None,
    };
    Some((trigger == by).then_some(Action::TriggerBattlecry {
        target,
        times,
        deathrattle,
    }))
}

/// "set the target's stats to 3/3. (once per combat.)" (the golden:
/// "twice per combat"): Transmuted Bramblewitch's rally, with
/// Firestone's per-combat charges.
fn set_target_stats(clause: &str) -> Option<Option<Effect>> {
    let rest = clause.strip_prefix("rally: set the target's stats to ")?;
    let read = || {
        let (stats, limit) = rest.split_once(". ")?;
        let limit = match limit {
            "(once per combat.)" => 1,
            "(twice per combat.)" => 2,
            _ => return None,
        };
        let (attack, health) = stats.split_once('/')?;
        let action = Action::SetStats {
            target: Target::Defender,
            attack: attack.parse().ok()?,
            health: health.parse().ok()?,
            limit,
        };
        Some(Effect {
            trigger: Trigger::Rally,
            action,
        })
    };
    Some(read())
}

/// "summon the highest-attack minion from your hand for this combat
/// only" (the golden: "the 2 highest-attack minions"): Expert Aviator's
/// rally as Firestone plays it; "the highest-attack murloc" (Diremuck
/// Forager's start of combat; golden "the two highest-attack murlocs");
/// "the highest-health murloc" (Bassgill's
/// deathrattle; golden "the 2 highest-health murlocs"): of a tribe,
/// ranked by health.
fn from_hand(action: &str) -> Option<Action> {
    let rest = action
        .strip_prefix("summon the ")?
        .strip_suffix(" from your hand for this combat only")?;
    let (count, rest) = match rest.split_once(' ') {
        Some(("two", rest)) => (2, rest),
        Some((n, rest)) if n.parse::<u8>().is_ok() => (n.parse().ok()?, rest),
        _ => (1, rest),
    };
    let (stat, who) = rest.strip_prefix("highest-")?.split_once(' ')?;
    let by_health = match stat {
        "attack" => false,
        "health" => true,
        _ => return None,
    };
    let singular = if count == 1 {
        who
    } else {
        who.strip_suffix('s')?
    };
    let tribes = tribes_named(singular)?;
    Some(Action::SummonFromHand {
        count,
        tribes,
        by_health,
    })
}

/// Whether the card, in combat, puts cards in its owner's hand or gives
/// to those there ("deathrattle: get a random undead.", "whenever this
/// takes damage, give a minion in your hand +2/+1."): what a minion that
/// reads the hand would see (`Marks::CHANGES_HAND`). What acts only in
/// the tavern is not.
fn changes_the_hand(card: &CardDef) -> bool {
    sentences(&played_text(card).to_lowercase())
        .iter()
        .any(|c| {
            let tavern = OUT_OF_COMBAT.iter().any(|t| c.starts_with(t))
                || c.contains("while this is in your hand");
            let gets = c.starts_with("get ") || c.contains(": get ") || c.contains(", get ");
            let gives = c.contains("give ") && c.contains(" in your hand");
            !tavern && (gets || gives || c.contains(" to your hand"))
        })
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
pub(super) fn token_deathrattle(clause: &str) -> Option<CombatEffect> {
    let body = clause.strip_prefix("deathrattle: summon ")?;
    let body = body.strip_suffix('.').unwrap_or(body);
    // Tokens that attack at once when summoned carry the mark.
    if let Some(body) = [
        ". it attacks immediately",
        " that attacks immediately",
        " that attack immediately",
    ]
    .iter()
    .find_map(|s| body.strip_suffix(s))
    {
        let Some(CombatEffect::Summon(mut token)) =
            token_deathrattle(&format!("deathrattle: summon {body}."))
        else {
            return None;
        };
        token.marks |= Marks::ATTACKS_AT_ONCE;
        return Some(CombatEffect::Summon(token));
    }
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
    if body.contains(" that summon ") {
        return card_tokens(count, body).map(CombatEffect::Summon);
    }
    if body.contains(" with \"") {
        return quoted_card_tokens(count, body).map(CombatEffect::Summon);
    }
    if !body.starts_with(|c: char| c.is_ascii_digit()) {
        return plain_card_tokens(count, body).map(CombatEffect::Summon);
    }
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
    // A name, not a phrase ("for your opponent", "from your hand") nor a
    // sentence more ("a 1/1 Pirate. It attacks immediately.": not played).
    if [" for ", " from ", " that ", " of ", " to "]
        .iter()
        .any(|w| format!(" {name} ").contains(w))
        || name.contains('.')
    {
        return None;
    }
    let mut keywords = 0;
    for word in with.split([',']).flat_map(|w| w.split(" and ")) {
        let word = word.trim();
        if word.is_empty() {
            continue;
        }
        keywords |= keyword(word)?;
    }
    let (tribes, marks) = token_tribes(name);
    Some(CombatEffect::Summon(Token {
        attack,
        health,
        keywords,
        count,
        tribes,
        marks,
        then: Default::default(),
        tier: 0,
        unmarked: false,
        effects: Default::default(),
    }))
}

/// Rule 4, tokens that are cards: "deathrattle: summon N [golden ]NAMES
/// that summon ...": NAME is a card of the table whose own effect is a
/// plain token deathrattle (Sewer Lord's Sewer Rats); the tokens take the
/// card's stats, keywords and tribes, and its deathrattle as theirs (what
/// the text says after "that" is the card's own text, not read again).
fn card_tokens(count: u8, body: &str) -> Option<Token> {
    let (names, _) = body.split_once(" that summon ")?;
    let card = named_card(names)?;
    let CombatEffect::Summon(own) = effect_of(card) else {
        return None;
    };
    // One level deep: the card's tokens are plain.
    if own.then.count > 0 {
        return None;
    }
    token_of_card(card, count, InnerToken::of(&own))
}

/// Rule 4, tokens that are cards whose text the card quotes: "deathrattle:
/// summon N A/H NAMES with \"TEXT\"" (Mechanized Gift Horse's Mechorses):
/// NAME is a card of the table (the normal or golden one of that name with
/// those stats) whose own text is TEXT and whose effect is a plain token
/// deathrattle; the tokens take the card's stats, keywords and tribes, and
/// its deathrattle as theirs.
fn quoted_card_tokens(count: u8, body: &str) -> Option<Token> {
    let (named, quoted) = body.split_once(" with \"")?;
    let quoted = quoted.strip_suffix('"')?;
    let (stats, names) = named.split_once(' ')?;
    let (attack, health) = stats.split_once('/')?;
    let (attack, health): (u16, u16) = (attack.parse().ok()?, health.parse().ok()?);
    let normal = [names, names.strip_suffix('s').unwrap_or(names)]
        .iter()
        .find_map(|n| super::by_name(n))?;
    let card = [Some(normal), super::golden_of(normal)]
        .into_iter()
        .flatten()
        .find(|c| c.attack == attack && c.health == health)?;
    if card.text.to_lowercase() != quoted {
        return None;
    }
    let CombatEffect::Summon(own) = effect_of(card) else {
        return None;
    };
    // One level deep: the card's tokens are plain.
    if own.then.count > 0 {
        return None;
    }
    token_of_card(card, count, InnerToken::of(&own))
}

/// Rule 4, tokens that are cards without stats in the text: "deathrattle:
/// summon N [golden ]NAME(S)[. give them KEYWORD]" (Eternal Summoner's
/// Eternal Knight, Rapscallion Recruiter's Scallywags, Twilight
/// Broodmother's Hatchlings given taunt): NAME is a card of the table with
/// nothing to do in combat or whose own effect is a plain token
/// deathrattle; the tokens take its stats, keywords, tribes and tier, and
/// its deathrattle as theirs (one level deep), with the keyword given.
fn plain_card_tokens(count: u8, body: &str) -> Option<Token> {
    let (names, given) = match body.split_once(". give them ") {
        Some((names, given)) => (names, keyword(given)?),
        None => (body, 0),
    };
    let card = named_card(names)?;
    let then = match effect_of(card) {
        CombatEffect::None => InnerToken::default(),
        CombatEffect::Summon(own)
            if own.then.count == 0 && own.effects == Token::default().effects =>
        {
            InnerToken::of(&own)
        }
        _ => return None,
    };
    let mut token = token_of_card(card, count, then)?;
    token.keywords |= given;
    Some(token)
}

/// The card "[golden ]NAME" or "[golden ]NAMES" names.
fn named_card(names: &str) -> Option<&'static CardDef> {
    let (golden, name) = match names.strip_prefix("golden ") {
        Some(name) => (true, name),
        None => (false, names),
    };
    let find = if golden {
        super::golden_by_name
    } else {
        super::by_name
    };
    [name, name.strip_suffix('s').unwrap_or(name)]
        .iter()
        .find_map(|n| find(n))
}

/// `count` tokens that are `card` (its stats, keywords, tribes and tier),
/// with the deathrattle `then`; none for a card of a health no token holds.
pub(super) fn token_of_card(card: &CardDef, count: u8, then: InnerToken) -> Option<Token> {
    if card.health == 0 || card.health > i16::MAX as u16 {
        return None;
    }
    Some(Token {
        attack: card.attack,
        health: card.health,
        keywords: super::combat_keywords(card),
        count,
        tribes: card.tribes,
        marks: marks(card),
        then,
        tier: card.tier,
        unmarked: false,
        effects: Default::default(),
    })
}

/// The tribes and marks of a token a text names ("skeletons", "a beetle",
/// "a beast"): a tribe's name is that tribe; else its card's by name,
/// singular or plural (a Beetle: a Beast with its mark); none when no card
/// has the name.
fn token_tribes(name: &str) -> (u32, Marks) {
    if let Some(tribes) = tribe(name) {
        return (tribes, Marks::NONE);
    }
    let singular = [
        name,
        name.strip_suffix('s').unwrap_or(name),
        name.strip_suffix("es").unwrap_or(name),
    ];
    singular
        .iter()
        .find_map(|n| super::by_name(n))
        .map_or((0, Marks::NONE), |card| (card.tribes, marks(card)))
}

/// Rule 5: every in-combat clause a triggered effect, or one token
/// deathrattle.
fn triggered_effects(clauses: &[&String]) -> Option<CombatEffect> {
    let mut deathrattle = Token::default();
    let mut effects = [Effect::default(); MAX_EFFECTS];
    let mut effect_token = Token::default();
    let mut n: usize = 0;
    for clause in clauses {
        // The engine summons a deathrattle's tokens before its other
        // actions: a text that says them later is not read.
        let mut deathrattle_acted = false;
        for part in deathrattle_sentences(clause) {
            if let Some(CombatEffect::Summon(token)) = token_deathrattle(&part)
                && deathrattle.count == 0
                && !deathrattle_acted
            {
                deathrattle = token;
                continue;
            }
            // "improve your future tasty lobsters.": the deathrattle's
            // buff before it grows with each one (`Action::ImprovingBuff`).
            if part == "deathrattle: improve your future tasty lobsters." {
                let last = effects.get_mut(n.checked_sub(1)?)?;
                let Action::Buff {
                    target,
                    attack,
                    health,
                    keywords: 0,
                } = last.action
                else {
                    return None;
                };
                if last.trigger != Trigger::Deathrattle {
                    return None;
                }
                last.action = Action::ImprovingBuff {
                    target,
                    attack,
                    health,
                };
                continue;
            }
            for (effect, token) in triggered(&part)? {
                // A side bonus reaches the tokens summoned after it as
                // those before (they enter with it): its order is free.
                deathrattle_acted |= effect.trigger == Trigger::Deathrattle
                    && !matches!(effect.action, Action::SideBonus { .. });
                if let Some(token) = token {
                    // One summoned token per minion.
                    if effect_token.count != 0 && effect_token != token {
                        return None;
                    }
                    effect_token = token;
                }
                *effects.get_mut(n)? = effect;
                n += 1;
            }
        }
    }
    // A unit counts one thing (`Unit::count`): an avenge, its gifts or
    // the firings of its limited damage trigger.
    let counts = |f: fn(&Effect) -> bool| effects[..n].iter().any(f);
    let kinds_counted = [
        counts(|e| matches!(e.trigger, Trigger::Avenge { .. })),
        counts(|e| matches!(e.action, Action::GrowingGift { .. })),
        counts(|e| matches!(e.trigger, Trigger::TakesDamage { limit, .. } if limit > 0)),
    ];
    if kinds_counted.iter().filter(|&&c| c).count() > 1 {
        return None;
    }
    (n > 0).then_some(CombatEffect::Effects {
        deathrattle,
        effects,
        effect_token,
    })
}

/// A deathrattle of several sentences as one clause a sentence
/// ("deathrattle: summon ... . give ..." -> "deathrattle: summon ...",
/// "deathrattle: give ..."); any other clause as it is.
fn deathrattle_sentences(clause: &str) -> Vec<String> {
    const OPENING: &str = "deathrattle: ";
    match clause.strip_prefix(OPENING) {
        Some(body) => sentences(body)
            .into_iter()
            .map(|sentence| format!("{OPENING}{sentence}"))
            .collect(),
        None => vec![clause.to_string()],
    }
}

/// "Whenever this takes damage" without a limit.
const TAKES_DAMAGE: Trigger = Trigger::TakesDamage {
    limit: 0,
    survives: false,
};

/// Trigger openings of fixed words.
const FIXED_TRIGGERS: [(&str, Trigger); 18] = [
    (
        "whenever this gains attack from other sources, ",
        Trigger::GainsAttackFromOthers,
    ),
    ("whenever this gains attack, ", Trigger::GainsAttack),
    ("rally: ", Trigger::Rally),
    ("start of combat: ", Trigger::StartOfCombat),
    ("battlecry and start of combat: ", Trigger::StartOfCombat),
    ("deathrattle: ", Trigger::Deathrattle),
    // The battlecry acts when the card is played, outside combat.
    ("battlecry and deathrattle: ", Trigger::Deathrattle),
    ("after this attacks, ", Trigger::AfterAttack),
    ("after you trigger a battlecry, ", Trigger::AfterBattlecry),
    (
        "after a friendly minion loses divine shield, ",
        Trigger::FriendlyLosesShield,
    ),
    ("whenever this takes damage, ", TAKES_DAMAGE),
    ("whenever this is attacked, ", Trigger::Attacked),
    // Firestone's per-combat charges (Bristleback Knight).
    (
        "the first time this survives damage each combat, ",
        Trigger::TakesDamage {
            limit: 1,
            survives: true,
        },
    ),
    (
        "the first 2 times this survives damage each combat, ",
        Trigger::TakesDamage {
            limit: 2,
            survives: true,
        },
    ),
    (
        "after a friendly minion is reborn, ",
        Trigger::FriendlyReborn,
    ),
    ("whenever this minion takes damage, ", TAKES_DAMAGE),
    (
        "whenever a blood gem is played on this, ",
        Trigger::GemPlayedOnThis,
    ),
    (
        "after a blood gem is played on this, ",
        Trigger::GemPlayedOnThis,
    ),
];

/// A trigger opening the engine plays, and the clause after it. Each
/// reader below returns `None` when its opening is not there and
/// `Some(None)` when it is, naming what the engine does not play.
fn trigger_of(clause: &str) -> Option<(Trigger, &str)> {
    if let Some(read) = FIXED_TRIGGERS
        .iter()
        .find_map(|&(opening, trigger)| clause.strip_prefix(opening).map(|rest| (trigger, rest)))
    {
        return Some(read);
    }
    for reader in [avenge_trigger, summon_trigger, friend_trigger] {
        if let Some(read) = reader(clause) {
            return read;
        }
    }
    None
}

/// A trigger opening read, or one named that the engine does not play.
type TriggerRead<'a> = Option<Option<(Trigger, &'a str)>>;

/// "avenge (3): "
fn avenge_trigger(clause: &str) -> TriggerRead<'_> {
    let (deaths, rest) = clause
        .strip_prefix("avenge (")
        .and_then(|r| r.split_once("): "))?;
    let deaths = deaths
        .parse()
        .ok()
        .filter(|&n| (1..=MAX_AVENGE).contains(&n));
    Some(deaths.map(|deaths| (Trigger::Avenge { deaths }, rest)))
}

/// "whenever you summon a beast, ", "after you summon an undead, " ("in
/// combat" says nothing here: every summon is).
fn summon_trigger(clause: &str) -> TriggerRead<'_> {
    let summoned = |opening| {
        clause
            .strip_prefix(opening)
            .and_then(|r: &str| r.strip_prefix("a ").or_else(|| r.strip_prefix("an ")))
            .and_then(|r| r.split_once(", "))
    };
    [("whenever you summon ", false), ("after you summon ", true)]
        .into_iter()
        .find_map(|(opening, after)| {
            let (who, rest) = summoned(opening)?;
            let who = who
                .strip_suffix(" in combat")
                .or_else(|| who.strip_suffix(" during combat"))
                .unwrap_or(who);
            Some(
                tribes_named(who).map(|tribes| (Trigger::FriendlySummoned { tribes, after }, rest)),
            )
        })
}

/// Listeners to friendly minions: "whenever a friendly beast dies, ",
/// "after a friendly beast dies, " (an "after ... attacks" is not a
/// "whenever": it comes after the damage), "after another friendly
/// minion attacks, " (after the damage; a card "after a friendly minion
/// attacks" whose own attacks count too is read with a rally beside it,
/// as Firestone plays it), "after another friendly demon deals damage, ",
/// "whenever another friendly dragon attacks, ", "whenever a friendly
/// beast takes damage, ", "whenever a friendly taunt minion is attacked, ".
fn friend_trigger(clause: &str) -> TriggerRead<'_> {
    if let Some((who, rest)) = clause
        .strip_prefix("whenever a friendly ")
        .or_else(|| clause.strip_prefix("after a friendly "))
        .and_then(|r| r.split_once(" dies, "))
    {
        return Some(tribes_named(who).map(|tribes| (Trigger::FriendlyDies { tribes }, rest)));
    }
    // Firestone hears only another minion's attack.
    if let Some(rest) = clause.strip_prefix("after a friendly rally minion attacks, ") {
        let trigger = Trigger::AfterFriendlyAttacks {
            tribes: 0,
            rally: true,
        };
        return Some(Some((trigger, rest)));
    }
    if let Some(after) = clause.strip_prefix("after another friendly ") {
        if let Some((who, rest)) = after.split_once(" attacks, ") {
            let read = tribes_named(who).map(|tribes| {
                let rally = false;
                (Trigger::AfterFriendlyAttacks { tribes, rally }, rest)
            });
            return Some(read);
        }
        if let Some((who, rest)) = after.split_once(" deals damage, ") {
            let read = tribes_named(who)
                .map(|tribes| (Trigger::AfterFriendlyDealsDamage { tribes }, rest));
            return Some(read);
        }
    }
    let rest = clause.strip_prefix("whenever ")?;
    let (other, rest) = match rest.strip_prefix("another friendly ") {
        Some(rest) => (true, rest),
        None => (false, rest.strip_prefix("a friendly ")?),
    };
    if let Some((who, rest)) = rest.split_once(" is attacked, ") {
        let taunt = match (other, who) {
            (false, "minion") => Some(false),
            (false, "taunt minion") => Some(true),
            _ => None,
        };
        return Some(taunt.map(|taunt| (Trigger::FriendlyAttacked { taunt }, rest)));
    }
    if let Some((who, rest)) = rest.split_once(" gains attack, ") {
        let read =
            tribes_named(who).map(|tribes| (Trigger::FriendlyGainsAttack { tribes, other }, rest));
        return Some(read);
    }
    if let Some((who, rest)) = rest.split_once(" takes damage, ") {
        let read =
            tribes_named(who).map(|tribes| (Trigger::FriendlyTakesDamage { tribes, other }, rest));
        return Some(read);
    }
    let (who, rest) = rest.split_once(" attacks, ")?;
    // "a friendly rally minion": one whose card has a rally.
    let (tribes, marks) = match who {
        "rally minion" => (Some(0), Marks::HAS_RALLY),
        who => (tribes_named(who), Marks::NONE),
    };
    Some(tribes.map(|tribes| {
        let trigger = Trigger::FriendlyAttacks {
            tribes,
            other,
            marks,
        };
        (trigger, rest)
    }))
}

/// The tribes a trigger names: "minion" is any (0), else one tribe.
fn tribes_named(who: &str) -> Option<u32> {
    if who == "minion" { Some(0) } else { tribe(who) }
}

/// A tribe's bit from its name, singular or plural (a Beetle is no tribe:
/// `bonus_to` reads its mark).
fn tribe(word: &str) -> Option<u32> {
    let word = word.trim();
    model::TRIBE_NAMES[..10]
        .iter()
        .position(|name| {
            let name = name.to_lowercase();
            word == name || word.strip_suffix('s') == Some(name.as_str())
        })
        .map(|i| 1 << i)
}

/// "+A/+H" or "+A attack".
fn stats(text: &str) -> Option<(u16, u16)> {
    let text = text.trim();
    if let Some(attack) = text.strip_suffix(" attack") {
        return Some((attack.strip_prefix('+')?.parse().ok()?, 0));
    }
    if let Some(health) = text.strip_suffix(" health") {
        return Some((0, health.strip_prefix('+')?.parse().ok()?));
    }
    let (attack, health) = text.split_once('/')?;
    Some((
        attack.strip_prefix('+')?.parse().ok()?,
        health.strip_prefix('+')?.parse().ok()?,
    ))
}

/// A keyword the engine plays, by name.
fn keyword(text: &str) -> Option<u8> {
    Some(match text.trim() {
        "taunt" => model::TAUNT,
        "divine shield" => model::SHIELD,
        "venomous" => model::VENOM,
        "poisonous" => model::POISON,
        "windfury" => model::WINDFURY,
        "reborn" => model::REBORN,
        _ => return None,
    })
}

/// What a gift is: stats, a keyword, or stats and a keyword.
fn gift(text: &str) -> Option<(u16, u16, u8)> {
    if let Some((first, second)) = text.split_once(" and ") {
        // "+2/+2 and taunt", "divine shield and +8/+8", "taunt and reborn".
        return match (stats(first), stats(second)) {
            (Some((attack, health)), None) => Some((attack, health, keyword(second)?)),
            (None, Some((attack, health))) => Some((attack, health, keyword(first)?)),
            (None, None) => Some((0, 0, keyword(first)? | keyword(second)?)),
            (Some(_), Some(_)) => None,
        };
    }
    match stats(text) {
        Some((attack, health)) => Some((attack, health, 0)),
        None => Some((0, 0, keyword(text)?)),
    }
}

/// "N random [golden] [A/H] <Tribe|Deathrattle minion>s [from tiers 2,
/// 3, and 4]" (after "summon "): a random summon from the card pool
/// (`Action::SummonRandom`), as Firestone draws it: a tribe's cards up to
/// the side's tavern tier (`getRandomMinionForTribe`), Deathrattle
/// minions of every tier (`ghastcoilerSpawns`), and for "from tiers ..."
/// one card from each tier named (Indomitable Mount: three summons);
/// never the summoner's own card.
fn random_summon(what: &str, times: u8) -> Option<Action> {
    let (number, rest) = what.split_once(' ')?;
    let count = count(number)?;
    let mut rest = rest.strip_prefix("random ")?;
    let golden = match rest.strip_prefix("golden ") {
        Some(r) => {
            rest = r;
            true
        }
        None => false,
    };
    let (mut attack, mut health) = (0, 0);
    if let Some((first, r)) = rest.split_once(' ')
        && let Some((a, h)) = first.split_once('/')
    {
        attack = a.parse().ok().filter(|&a| a > 0)?;
        health = h.parse().ok().filter(|&h| h > 0)?;
        rest = r;
    }
    let (who, tiers) = match rest.split_once(" from tiers ") {
        Some((who, tiers)) => {
            let mut bits = 0u8;
            for t in tiers
                .split([',', ' '])
                .filter(|t| !t.is_empty() && *t != "and")
            {
                let t: u8 = t.parse().ok().filter(|t| (1..=7).contains(t))?;
                bits |= 1 << (t - 1);
            }
            (who, Some(bits))
        }
        None => (rest, None),
    };
    let (tribes, triggers, every_tier) = match who {
        "deathrattle minion" | "deathrattle minions" => (0, TRIGGER_DEATHRATTLE, true),
        _ => (tribe(who)?, 0, false),
    };
    let pool = Pool {
        tribes,
        triggers,
        tiers: tiers.unwrap_or(if every_tier { 0x7f } else { 0 }),
        per_tier: tiers.is_some(),
        golden,
        not_own: true,
    };
    Some(Action::SummonRandom {
        pool,
        count: count.checked_mul(times)?,
        attack,
        health,
    })
}

/// A small count in words or digits.
fn count(word: &str) -> Option<u8> {
    Some(match word {
        "a" | "an" | "another" | "one" => 1,
        "two" => 2,
        "three" => 3,
        n => n
            .parse()
            .ok()
            .filter(|&n| (1..=BOARD_SIZE as u8).contains(&n))?,
    })
}

/// One clause of rule 5 as its effects, each with the token it summons
/// ("twice" repeats the action): a whole-clause template (an aura, a
/// listener whose clause is one sentence of its own), or a trigger and an
/// action read apart.
fn triggered(clause: &str) -> Option<ClauseEffects> {
    if let Some(auras) = battlecries_trigger(clause) {
        return Some(auras.into_iter().map(|e| (e, None)).collect());
    }
    for template in WHOLE_CLAUSES {
        if let Some(read) = template(clause) {
            return read.map(|effect| vec![(effect, None)]);
        }
    }
    // "avenge (2) and deathrattle: ACTION": two triggers of one action.
    if let Some((deaths, action)) = clause
        .strip_prefix("avenge (")
        .and_then(|r| r.split_once(") and deathrattle: "))
    {
        let mut both = triggered(&format!("avenge ({deaths}): {action}"))?;
        both.extend(triggered(&format!("deathrattle: {action}"))?);
        return Some(both);
    }
    let (trigger, action) = trigger_of(clause)?;
    let (action, times) = repeats(action.trim().trim_end_matches('.'))?;
    // After another's attack: bonuses for the rest of the combat, or a
    // living friend's deathrattle run.
    if matches!(trigger, Trigger::AfterFriendlyAttacks { .. }) {
        let action = match action.strip_prefix("trigger your left-most deathrattle") {
            Some("") => Action::TriggerDeathrattle {
                target: Target::LeftmostDeathrattle,
                times,
            },
            Some(_) => return None,
            None => side_bonus(action)?,
        };
        return Some(vec![(Effect { trigger, action }, None)]);
    }
    if let Some(gift) = attack_gain_gift(trigger, action) {
        return Some(vec![(gift?, None); times as usize]);
    }
    let action = listened_action(trigger, action)?;
    if let Some(read) = action_of_its_own(trigger, action, times) {
        return read;
    }
    let effect = Effect {
        trigger,
        action: plain_action(trigger, action, times)?,
    };
    // A sweep says "twice" itself (one effect, both sweeps before a death
    // phase); other actions repeat.
    let copies = if matches!(
        effect.action,
        Action::Damage { .. } | Action::DamageThenBuff { .. } | Action::DamagePerFriend { .. }
    ) {
        1
    } else {
        times as usize
    };
    Some(vec![(effect, None); copies])
}

/// A gain-of-attack listener's gift (`None` for other triggers): health
/// to the minion that gained ("give it +1 health"), to itself ("gain +1
/// health") or, when it gained itself, to every friendly minion ("give
/// your minions +2 health"); `Some(None)` for any other action (a gift of
/// attack would be heard in turn, which the engine does not play).
fn attack_gain_gift(trigger: Trigger, action: &str) -> Option<Option<Effect>> {
    let every = Target::Friendly {
        tribes: 0,
        other: false,
        living: false,
    };
    let (target, gift_text) = match trigger {
        Trigger::FriendlyGainsAttack { .. } => (Target::Friend, action.strip_prefix("give it ")),
        Trigger::GainsAttackFromOthers => (Target::This, action.strip_prefix("gain ")),
        Trigger::GainsAttack => (every, action.strip_prefix("give your minions ")),
        _ => return None,
    };
    let health = match gift_text.and_then(stats) {
        Some((0, health)) if health > 0 => health,
        _ => return Some(None),
    };
    let action = Action::Buff {
        target,
        attack: 0,
        health,
        keywords: 0,
    };
    Some(Some(Effect { trigger, action }))
}

/// One clause read by rule 5 (`triggered`), for the battlecries read as
/// a start of combat's action (`battlecry.rs`).
pub(super) fn triggered_clause(clause: &str) -> Option<ClauseEffects> {
    triggered(clause)
}

/// A clause's effects, each with the token it summons.
type ClauseEffects = Vec<(Effect, Option<Token>)>;

/// A clause read whole: `None` when the template does not apply,
/// `Some(None)` when it applies and the clause says what the engine does
/// not play.
type WholeClause = fn(&str) -> Option<Option<Effect>>;

/// The whole-clause templates, tried in turn.
const WHOLE_CLAUSES: [WholeClause; 10] = [
    set_target_stats,
    gains_deathrattles,
    extra_deathrattles,
    deathrattles_trigger,
    excess_damage,
    stats_of_reborn_friend,
    gem_stats,
    shield_at_attack,
    taunt_with_shield,
    stat_aura,
];

/// "after a different friendly deathrattle minion dies in combat, gain
/// its deathrattle." (golden: "... twice."): it remembers deathrattles
/// (`Action::GainDeathrattles`).
fn gains_deathrattles(clause: &str) -> Option<Option<Effect>> {
    let rest = clause.strip_prefix(
        "after a different friendly deathrattle minion dies in combat, gain its deathrattle",
    )?;
    let times = match rest {
        "." => 1,
        " twice." => 2,
        _ => return Some(None),
    };
    Some(Some(Effect {
        trigger: Trigger::Never,
        action: Action::GainDeathrattles { times },
    }))
}

/// An aura: "your deathrattles trigger an extra time." (golden: "2 extra
/// times").
fn extra_deathrattles(clause: &str) -> Option<Option<Effect>> {
    let times = clause
        .strip_prefix("your deathrattles trigger ")
        .and_then(|c| c.trim_end_matches('.').rsplit_once(" extra time"))
        .filter(|(_, plural)| matches!(*plural, "" | "s"))
        .and_then(|(n, _)| count(n))?;
    Some(Some(Effect {
        trigger: Trigger::Aura,
        action: Action::ExtraDeathrattles { times },
    }))
}

/// An aura: "your deathrattles trigger twice." (golden: "three times");
/// Baron Rivendare's "your minions trigger their deathrattles twice." is
/// the same aura (Firestone counted him with Moira Bronzebeard: several do
/// not add up, Titus Rivendare's extra times add to it).
fn deathrattles_trigger(clause: &str) -> Option<Option<Effect>> {
    let rest = clause
        .strip_prefix("your deathrattles trigger ")
        .or_else(|| clause.strip_prefix("your minions trigger their deathrattles "))?;
    let times = trigger_times(rest)?;
    Some(Some(Effect {
        trigger: Trigger::Aura,
        action: Action::DeathrattlesTrigger { times },
    }))
}

/// "twice", "three times": how often an aura says its triggers fire.
fn trigger_times(rest: &str) -> Option<u8> {
    match rest.trim_end_matches('.') {
        "twice" => Some(2),
        c => c.strip_suffix(" times").and_then(count),
    }
}

/// Auras of battlecries triggered in combat: "your battlecries trigger
/// twice." (Brann Bronzebeard; golden: "three times"), "your battlecries
/// and deathrattles trigger twice." (Moira Bronzebeard: both auras).
fn battlecries_trigger(clause: &str) -> Option<Vec<Effect>> {
    let aura = |action| Effect {
        trigger: Trigger::Aura,
        action,
    };
    if let Some(rest) = clause.strip_prefix("your battlecries trigger ") {
        let times = trigger_times(rest)?;
        return Some(vec![aura(Action::BattlecriesTrigger { times })]);
    }
    let times = trigger_times(clause.strip_prefix("your battlecries and deathrattles trigger ")?)?;
    Some(vec![
        aura(Action::DeathrattlesTrigger { times }),
        aura(Action::BattlecriesTrigger { times }),
    ])
}

/// "after this attacks and kills a minion, deal excess damage to an
/// adjacent enemy." (golden: "both adjacent enemies").
fn excess_damage(clause: &str) -> Option<Option<Effect>> {
    let rest =
        clause.strip_prefix("after this attacks and kills a minion, deal excess damage to ")?;
    let both = match rest.trim_end_matches('.') {
        "an adjacent enemy" => false,
        "both adjacent enemies" => true,
        _ => return Some(None),
    };
    Some(Some(Effect {
        trigger: Trigger::KillsDefender,
        action: Action::ExcessDamage { both, amount: 0 },
    }))
}

/// "after a friendly minion is reborn, give stats equal to its attack to
/// your right-most undead." (golden: "double its attack").
fn stats_of_reborn_friend(clause: &str) -> Option<Option<Effect>> {
    let rest = clause.strip_prefix("after a friendly minion is reborn, give stats equal to ")?;
    let (times, rest) = match rest.strip_prefix("double ") {
        Some(rest) => (2, rest),
        None => (1, rest),
    };
    let read = || {
        let who = rest
            .strip_prefix("its attack to your right-most ")?
            .trim_end_matches('.');
        Some(Effect {
            trigger: Trigger::FriendlyReborn,
            action: Action::StatsOfFriendAttack {
                tribes: tribe(who)?,
                times,
            },
        })
    };
    Some(read())
}

/// "your blood gems give twice their stats during combat." (golden:
/// "three times").
fn gem_stats(clause: &str) -> Option<Option<Effect>> {
    let times = clause
        .strip_prefix("your blood gems give ")
        .and_then(|c| c.strip_suffix(" their stats during combat."))
        .and_then(|n| match n {
            "twice" => Some(2),
            n => n.strip_suffix(" times").and_then(count),
        })?;
    Some(Some(Effect {
        trigger: Trigger::Aura,
        action: Action::GemStats { times },
    }))
}

/// "once this reaches 6 attack, gain divine shield."
fn shield_at_attack(clause: &str) -> Option<Option<Effect>> {
    let attack = clause
        .strip_prefix("once this reaches ")
        .and_then(|r| r.strip_suffix(" attack, gain divine shield."))
        .and_then(|n| n.parse().ok())
        .filter(|&n: &u16| n > 0)?;
    Some(Some(Effect {
        trigger: Trigger::Aura,
        action: Action::ShieldAtAttack { attack },
    }))
}

/// "has taunt while this has divine shield.": taunt whenever it gains a
/// shield.
fn taunt_with_shield(clause: &str) -> Option<Option<Effect>> {
    (clause == "has taunt while this has divine shield.").then_some(Some(Effect {
        trigger: Trigger::Aura,
        action: Action::TauntWithShield,
    }))
}

/// A stat aura: "your other murlocs have +2 attack." (golden +4), "your
/// other pirates have +1/+1.": a tribe's bonus while this minion lives.
fn stat_aura(clause: &str) -> Option<Option<Effect>> {
    let (who, what) = clause
        .strip_prefix("your other ")
        .and_then(|c| c.trim_end_matches('.').split_once(" have "))?;
    let read = || {
        let (attack, health, keywords) = gift(what)?;
        if keywords != 0 {
            return None;
        }
        Some(Effect {
            trigger: Trigger::Aura,
            action: Action::Buff {
                target: Target::Friendly {
                    tribes: tribe(who)?,
                    other: true,
                    living: false,
                },
                attack,
                health,
                keywords: 0,
            },
        })
    };
    Some(read())
}

/// An action and how many times it fires: "permanently" dropped (what a
/// minion keeps after the combat does not change this one), "twice"
/// doubling; none for an action of several sentences.
fn repeats(action: &str) -> Option<(&str, u8)> {
    let (action, times) = match action.strip_suffix(" permanently, twice") {
        Some(a) => (a, 2),
        None => (action.strip_suffix(" permanently").unwrap_or(action), 1),
    };
    if action.contains(". ") {
        return None;
    }
    Some(match action.strip_suffix(" twice") {
        // "..., twice" (golden Irate Rooster) as "... twice".
        Some(a) => (a.trim_end_matches(','), times * 2),
        None => (action, times),
    })
}

/// The action as a listener may take it: a death, damage or reborn
/// listener only gains (its own stats need no other side); a gem listener
/// plays gems, or gains for the rest of the combat (Tough Tusk's shield
/// "until next turn"). None when the listener's action is not played.
fn listened_action(trigger: Trigger, action: &str) -> Option<&str> {
    match trigger {
        Trigger::FriendlyDies { .. }
        | Trigger::FriendlyTakesDamage { .. }
        | Trigger::AfterFriendlyDealsDamage { .. }
        | Trigger::FriendlyReborn
            if !action.starts_with("gain ") =>
        {
            None
        }
        Trigger::GemPlayedOnThis if action.starts_with("this plays ") => Some(action),
        Trigger::GemPlayedOnThis if action.starts_with("gain ") => {
            Some(action.strip_suffix(" until next turn").unwrap_or(action))
        }
        Trigger::GemPlayedOnThis => None,
        // Gifts only: what hears an attack moves no slot.
        Trigger::Attacked if !action.starts_with("gain ") => None,
        Trigger::FriendlyAttacked { .. }
            if !action.starts_with("give it ") && !action.starts_with("give your minions ") =>
        {
            None
        }
        _ => Some(action),
    }
}

/// Actions that say how often themselves, or that only one trigger takes:
/// `None` when the action is none of them (read it as a plain action),
/// `Some(None)` when it is one the engine does not play this way.
fn action_of_its_own(trigger: Trigger, action: &str, times: u8) -> Option<Option<ClauseEffects>> {
    let one = |action| Some(Some(vec![(Effect { trigger, action }, None)]));
    // Sr. Tomb Diver: the right-most living minions as the deathrattle
    // fires (Firestone picks among the living ones).
    if let Some(rest) = action.strip_prefix("make your ") {
        return match end_target(rest) {
            Some(Some((
                Target::Rightmost {
                    tribes: 0, count, ..
                },
                "golden",
            ))) if trigger == Trigger::Deathrattle && times == 1 => one(Action::MakeGolden {
                target: Target::Rightmost {
                    tribes: 0,
                    count,
                    living: true,
                },
            }),
            _ => Some(None),
        };
    }
    // Leeroy the Reckless: a deathrattle on its killer.
    if action == "destroy the minion that killed this" {
        return if trigger == Trigger::Deathrattle && times == 1 {
            one(Action::Destroy {
                target: Target::Killer,
            })
        } else {
            Some(None)
        };
    }
    // A gift to the summoned minion that grows with each one ("... and
    // improve this permanently", the word dropped above): the first gift
    // and each step are the number read.
    if let Some(gift_text) = action.strip_suffix(" and improve this") {
        let read = || {
            let (Trigger::FriendlySummoned { after: false, .. }, 1) = (trigger, times) else {
                return None;
            };
            let (attack, 0, 0) = gift(gift_text.strip_prefix("give it ")?)? else {
                return None;
            };
            Some(Action::GrowingGift {
                attack,
                step: attack,
            })
        };
        return read().map_or(Some(None), one);
    }
    // "after you summon a murloc, give a friendly murloc other than it
    // +2 health": a random one of the tribe but the summoned minion.
    if let Trigger::FriendlySummoned { after: true, .. } = trigger
        && let Some((who, gift_text)) = action
            .strip_prefix("give a friendly ")
            .and_then(|r| r.split_once(" other than it "))
    {
        let read = || {
            let tribes = tribes_named(who)?;
            let (attack, health, keywords) = gift(gift_text)?;
            let action = Action::Buff {
                target: Target::RandomNotFriend { tribes },
                attack,
                health,
                keywords,
            };
            Some(vec![(Effect { trigger, action }, None); times as usize])
        };
        return Some(read());
    }
    // A summon listener gives to the summoned minion, multiplies its
    // attack, or gains itself.
    if matches!(trigger, Trigger::FriendlySummoned { .. })
        && (!action.starts_with("give it ") || action.starts_with("give it health equal to "))
        && !action.starts_with("gain ")
    {
        return match action {
            "double its attack" => one(Action::MultiplyAttack { times: 2 }),
            "give it health equal to its attack" => one(Action::HealthOfFriendAttack { times }),
            "give it health equal to double its attack" => {
                one(Action::HealthOfFriendAttack { times: 2 * times })
            }
            "triple its attack" => one(Action::MultiplyAttack { times: 3 }),
            _ => Some(None),
        };
    }
    // A rally's gain of its target's attack.
    let target_attack = match action {
        "gain the target's attack" => 1,
        "gain double the target's attack" => 2,
        _ => 0,
    };
    if target_attack > 0 && trigger == Trigger::Rally {
        return one(Action::GainDefenderAttack {
            times: target_attack,
        });
    }
    // A rally's deathrattle of a living friend (the golden says "twice"
    // before its parenthesis).
    if trigger == Trigger::Rally
        && let Some(rest) = action.strip_prefix("trigger your left-most deathrattle")
    {
        let runs = match rest {
            " (except this minion's)" => 1,
            " twice (except this minion's)" => 2,
            _ => return Some(None),
        };
        return one(Action::TriggerDeathrattle {
            target: Target::LeftmostDeathrattle,
            times: runs * times,
        });
    }
    // "trigger your two left-most deathrattles": picked together.
    if trigger == Trigger::StartOfCombat
        && let Some(n) = action
            .strip_prefix("trigger your ")
            .and_then(|r| r.strip_suffix(" left-most deathrattles"))
    {
        let count = count(n).filter(|&c| c <= MAX_PICKED_DEATHRATTLES);
        return Some(count.map(|count| {
            let target = Target::LeftmostDeathrattles { count };
            let action = Action::TriggerDeathrattle { target, times };
            vec![(Effect { trigger, action }, None)]
        }));
    }
    if let Some(action) = battlecry_trigger(trigger, action, times) {
        return Some(action.map(|action| vec![(Effect { trigger, action }, None)]));
    }
    if trigger == Trigger::StartOfCombat
        && let Some(action) = hand_action(action, times)
    {
        return one(action);
    }
    if matches!(trigger, Trigger::Rally | Trigger::Deathrattle)
        && let Some(action) = from_hand(action)
    {
        return if times == 1 { one(action) } else { Some(None) };
    }
    // Diremuck Forager: its summons from the hand at the start of combat
    // (those that would wait for room are refused: `validate_hands`).
    if trigger == Trigger::StartOfCombat
        && let Some(action) = action
            .strip_prefix("when you have space, ")
            .and_then(from_hand)
    {
        return if times == 1 { one(action) } else { Some(None) };
    }
    // Summons that wait for room: the token's "attacks immediately"
    // goes to the action (the engine's at-once tokens are deathrattles').
    if let Some(what) = action.strip_prefix("when you have space, summon ")
        && trigger == Trigger::StartOfCombat
    {
        let Some(mut token) = summoned_token(what) else {
            return Some(None);
        };
        let attacks = token.marks.intersects(Marks::ATTACKS_AT_ONCE);
        token.marks = token.marks.difference(Marks::ATTACKS_AT_ONCE);
        let action = Action::SummonWhenSpace {
            count: token.count * times,
            attacks,
        };
        token.count = 1;
        return Some(Some(vec![(Effect { trigger, action }, Some(token))]));
    }
    if action == "attack immediately" && trigger == Trigger::StartOfCombat {
        return one(Action::AttackNow { times });
    }
    // Its own stats multiplied, or gained by its side's tier (a
    // deathrattle's minion has left the board).
    let own = match action {
        "double this minion's stats" => Some(Action::MultiplyStats { times: 2 }),
        "triple this minion's stats" => Some(Action::MultiplyStats { times: 3 }),
        "gain stats equal to your tier" => Some(Action::TierBuff {
            target: Target::This,
            attack: 1,
            health: 1,
        }),
        "gain stats equal to double your tier" => Some(Action::TierBuff {
            target: Target::This,
            attack: 2,
            health: 2,
        }),
        _ => None,
    };
    if let Some(action) = own {
        if trigger == Trigger::Deathrattle || times != 1 {
            return Some(None);
        }
        return one(action);
    }
    // A deathrattle's random summons from the card pool.
    if let Some(what) = action.strip_prefix("summon ")
        && trigger == Trigger::Deathrattle
        && let Some(action) = random_summon(what, times)
    {
        return one(action);
    }
    // A rally's summons enter beside the attacker, a damaged minion's
    // beside it (the engine moves the slots after them).
    if let Some(what) = action.strip_prefix("summon ")
        && matches!(trigger, Trigger::Rally | Trigger::TakesDamage { .. })
    {
        let Some(token) = summoned_token(what) else {
            return Some(None);
        };
        let summon = Action::Summon {
            count: token.count * times,
        };
        return Some(Some(vec![(
            Effect {
                trigger,
                action: summon,
            },
            Some(token),
        )]));
    }
    None
}

/// A plain action of rule 5: a side bonus, blood gems, a strike, damage
/// to all others at the start, keywords removed from a rally's target, a
/// gain or a gift.
fn plain_action(trigger: Trigger, action: &str, times: u8) -> Option<Action> {
    if let Some(bonus) = side_bonus(action) {
        return Some(bonus);
    }
    if let Some(gems) = blood_gems(action, trigger) {
        return Some(gems);
    }
    if let Some(rest) = action.strip_prefix("deal damage equal to ") {
        return strike(rest, trigger);
    }
    if let Some(amount) = action
        .strip_prefix("deal ")
        .and_then(|a| a.strip_suffix(" damage to all other minions"))
    {
        // Before the first attack only: a death phase's damage would reach
        // the other side mid-phase; a listener's or an attacker's, the
        // attack it fires in (read no card that way yet).
        if trigger != Trigger::StartOfCombat {
            return None;
        }
        return Some(Action::Damage {
            target: Target::AllOthers,
            amount: amount.parse().ok()?,
            times,
        });
    }
    if let Some(rest) = action.strip_prefix("deal ")
        && trigger == Trigger::StartOfCombat
        && let Some(per_friend) = damage_per_friend(rest, times)
    {
        return per_friend;
    }
    // A rally's "deal 1 damage to your other minions" (Rampager): the
    // friendly minions on the board as it fires, dying ones too
    // (Firestone's copy of the board, without later summons), "twice"
    // sweeping them twice.
    if let Some(amount) = action
        .strip_prefix("deal ")
        .and_then(|a| a.strip_suffix(" damage to your other minions"))
        && trigger == Trigger::Rally
    {
        return Some(Action::Damage {
            target: Target::Friendly {
                tribes: 0,
                other: true,
                living: false,
            },
            amount: amount.parse().ok()?,
            times,
        });
    }
    if let Some(rest) = action.strip_prefix("deal ")
        && trigger == Trigger::Deathrattle
    {
        return deathrattle_damage(rest, times);
    }
    if let Some((amount, gift_text)) = action
        .strip_prefix("deal ")
        .and_then(|a| a.split_once(" damage to adjacent minions and give them "))
    {
        // Before the first attack only: the neighbours as it fires, each
        // damaged then given (Firestone's order), no deaths between.
        if trigger != Trigger::StartOfCombat {
            return None;
        }
        let (attack, health, 0) = gift(gift_text)? else {
            return None;
        };
        return Some(Action::DamageThenBuff {
            target: Target::Adjacent,
            amount: amount.parse().ok()?,
            attack,
            health,
            times,
        });
    }
    if let Some(what) = action
        .strip_prefix("remove ")
        .and_then(|a| a.strip_suffix(" from the target"))
    {
        return removed_keywords(trigger, what);
    }
    if let Some(what) = action.strip_prefix("gain ") {
        if trigger == Trigger::Deathrattle {
            return None;
        }
        let (attack, health, keywords) = gift(what)?;
        return Some(Action::Buff {
            target: Target::This,
            attack,
            health,
            keywords,
        });
    }
    let rest = action.strip_prefix("give ")?;
    // A deathrattle's "give this minion's maximum health to another
    // friendly minion" (Impulsive Trickster; the golden's "twice" repeats
    // the effect, each drawn afresh as Firestone's two picks).
    if let Some(whom) = rest.strip_prefix("this minion's maximum health to ") {
        let (target, "") = give_target(&format!("{whom} "), trigger)? else {
            return None;
        };
        return (trigger == Trigger::Deathrattle)
            .then_some(Action::GiveMaxHealth { target, times: 1 });
    }
    let (target, what) = give_target(rest, trigger)?;
    // A deathrattle's "give a friendly beast +1/+1 and this deathrattle"
    // (Leapfrogger): the minion drawn carries the deathrattle on.
    if let Some(what) = what.strip_suffix(" and this deathrattle") {
        let Target::Random {
            tribes, count: 1, ..
        } = target
        else {
            return None;
        };
        let (attack, health, 0) = gift(what)? else {
            return None;
        };
        return (trigger == Trigger::Deathrattle).then_some(Action::PassOnBuff {
            tribes,
            attack,
            health,
        });
    }
    // A deathrattle's: the attack it died with (a rally's is not read:
    // Dead Sea Ravager, not checked against Firestone).
    if what == "this minion's attack" {
        return (trigger == Trigger::Deathrattle)
            .then_some(Action::GiveOwnAttack { target, times: 1 });
    }
    let (attack, health, keywords) = gift(what)?;
    Some(Action::Buff {
        target: gift_target(target, attack, health, keywords),
        attack,
        health,
        keywords,
    })
}

/// A start of combat's "deal N damage for each friendly TRIBE to a random
/// enemy minion" (after "deal "): counted as it fires, each hit drawn
/// afresh (`times` of "twice"). `None` when the wording is another;
/// `Some(None)` when it is this one with a tribe not known.
fn damage_per_friend(rest: &str, times: u8) -> Option<Option<Action>> {
    let (amount, rest) = rest.split_once(" damage for each friendly ")?;
    let (who, whom) = rest.split_once(" to ")?;
    if whom != "a random enemy minion" {
        return None;
    }
    let tribes = if who == "minion" { Some(0) } else { tribe(who) };
    Some(
        tribes
            .zip(amount.parse().ok())
            .map(|(tribes, amount)| Action::DamagePerFriend {
                target: Target::RandomEnemy,
                amount,
                tribes,
                times,
            }),
    )
}

/// A deathrattle's "deal N damage to WHOM" (after "deal "): all minions
/// but friendly ones of a tribe (the golden's "twice" before the
/// parenthesis), a random enemy minion (drawn afresh each time), or its
/// own minions.
fn deathrattle_damage(rest: &str, times: u8) -> Option<Action> {
    let (amount, whom) = rest.split_once(" damage to ")?;
    let amount = amount.parse().ok()?;
    let whom = whom.trim_end_matches(',');
    let (whom, spare) = match whom.split_once(" (except friendly ") {
        Some((whom, tribes)) => (whom, tribe(tribes.strip_suffix(')')?)?),
        None => (whom, 0),
    };
    let (whom, times) = match whom.strip_suffix(" twice") {
        Some(whom) => (whom.trim_end_matches(','), times * 2),
        None => (whom, times),
    };
    let target = match whom {
        "all minions" => Target::AllMinions { spare },
        "a random enemy minion" if spare == 0 => Target::RandomEnemy,
        "the lowest-health enemy minion" if spare == 0 => Target::LowestHealthEnemy,
        "your minions" if spare == 0 => Target::Friendly {
            tribes: 0,
            other: false,
            living: true,
        },
        _ => return None,
    };
    Some(Action::Damage {
        target,
        amount,
        times,
    })
}

/// A rally's "remove taunt and reborn from the target".
fn removed_keywords(trigger: Trigger, what: &str) -> Option<Action> {
    if trigger != Trigger::Rally {
        return None;
    }
    let mut keywords = 0;
    for word in what.split(" and ") {
        keywords |= match word.trim() {
            "reborn" => model::REBORN,
            word => keyword(word)?,
        };
    }
    Some(Action::Remove {
        target: Target::Defender,
        keywords,
    })
}

/// A random gift of a keyword alone goes to one without it (what
/// Firestone does); with stats it prefers one.
fn gift_target(target: Target, attack: u16, health: u16, keywords: u8) -> Target {
    match target {
        Target::Random {
            tribes,
            other,
            count,
            different,
            ..
        } => Target::Random {
            tribes,
            other,
            count,
            different,
            lacking: if keywords == model::VENOM {
                model::VENOM | model::POISON
            } else {
                keywords
            },
            strict: attack == 0 && health == 0,
        },
        t => t,
    }
}

/// "this plays a blood gem on itself", "this plays 2 blood gems on all
/// your other minions", "this plays a blood gem on it" (the friendly
/// attacker that fired it), "deathrattle: this plays a permanent blood gem
/// on adjacent minions" (those next to where it died): blood gems played
/// on its side in combat ("permanent" changes nothing in combat).
fn blood_gems(action: &str, trigger: Trigger) -> Option<Action> {
    let (n, rest) = action.strip_prefix("this plays ")?.split_once(' ')?;
    let count = count(n)?;
    let rest = rest.strip_prefix("permanent ").unwrap_or(rest);
    let on = rest
        .strip_prefix("blood gems on ")
        .or_else(|| rest.strip_prefix("blood gem on "))?;
    let target = match on {
        "itself" => Target::This,
        "adjacent minions" if trigger == Trigger::Deathrattle => Target::Adjacent,
        "it" => match trigger {
            Trigger::FriendlyAttacks { .. } => Target::Friend,
            _ => return None,
        },
        // "a different friendly minion"
        on if !on.starts_with("all ") => {
            let text = format!("{on} ");
            let (target, rest) = give_target(&text, trigger)?;
            if !rest.is_empty() || !matches!(target, Target::Random { .. }) {
                return None;
            }
            target
        }
        on => {
            let rest = on.strip_prefix("all your ")?;
            let (other, who) = match rest.strip_prefix("other ") {
                Some(who) => (true, who),
                None => (false, rest),
            };
            Target::Friendly {
                tribes: if who == "minions" { 0 } else { tribe(who)? },
                other,
                living: false,
            }
        }
    };
    Some(Action::BloodGems { target, count })
}

/// How long a side bonus lasts, as texts say it: all of this combat.
const BONUS_DURATIONS: [&str; 5] = [
    " until next turn",
    " this game, wherever they are",
    " this game (wherever they are)",
    " this game",
    " for the rest of this combat",
];

/// "your beasts have +7/+7 until next turn", "for the rest of this
/// combat, your beasts have +1 attack", "your undead have +2 attack this
/// game, wherever they are" (or "(wherever they are)"): a bonus for a tribe on its side, now and for
/// every one of it entering later (`Action::SideBonus`).
fn side_bonus(action: &str) -> Option<Action> {
    if let Some(gems) = gem_bonus(action) {
        return Some(gems);
    }
    let (lasting, rest) = match action.strip_prefix("for the rest of this combat, ") {
        Some(rest) => (true, rest),
        None => (false, action),
    };
    let (who, what) = rest.strip_prefix("your ")?.split_once(" have ")?;
    let what = BONUS_DURATIONS
        .iter()
        .find_map(|d| what.strip_suffix(d))
        .or(lasting.then_some(what))?;
    let (attack, health) = stats(what)?;
    Some(Action::SideBonus {
        to: bonus_to(who)?,
        attack,
        health,
    })
}

/// The minions a side bonus names: a tribe ("your beasts"), the Beetles
/// (a card's mark: `Marks::BEETLE`), or all ("your minions").
fn bonus_to(who: &str) -> Option<BonusTo> {
    match who.trim() {
        "beetle" | "beetles" => return Some(BonusTo::Marks(Marks::BEETLE)),
        "minions" => return Some(BonusTo::Every),
        _ => {}
    }
    tribe(who).map(BonusTo::Tribes)
}

/// "[double ]this minion's attack to TARGET" of "deal damage equal to
/// ...": the defender and a neighbour or both (a rally's), enemy minions
/// other than the defender (a rally's), or the highest-health enemy
/// minion.
fn strike(rest: &str, trigger: Trigger) -> Option<Action> {
    let (times, rest) = match rest.strip_prefix("double ") {
        Some(rest) => (2, rest),
        None => (1, rest),
    };
    let target = rest.strip_prefix("this minion's attack to ")?;
    let target = match target {
        "the target and an adjacent minion" if trigger == Trigger::Rally => {
            Target::DefenderAndAdjacent { both: false }
        }
        "the target and its neighbors" if trigger == Trigger::Rally => {
            Target::DefenderAndAdjacent { both: true }
        }
        "a random enemy minion other than the target" if trigger == Trigger::Rally => {
            Target::OtherEnemies { count: 1 }
        }
        "2 random enemy minions other than the target" if trigger == Trigger::Rally => {
            Target::OtherEnemies { count: 2 }
        }
        // The card text breaks "highest-health" after its hyphen.
        "the highest- health enemy minion" | "the highest-health enemy minion"
            if matches!(trigger, Trigger::Rally | Trigger::AfterAttack) =>
        {
            Target::HighestHealthEnemy
        }
        _ => return None,
    };
    Some(Action::Strike { target, times })
}

/// "a 1/1 beast", "two 1/1 beasts": a token without a name to look up
/// (keywords after "with" as a deathrattle's tokens).
fn summoned_token(what: &str) -> Option<Token> {
    let clause = format!("deathrattle: summon {what}.");
    match token_deathrattle(&clause) {
        // An effect's tokens are plain (tokens that are cards with a
        // deathrattle come from deathrattles only)...
        Some(CombatEffect::Summon(token)) if token.then.count == 0 => Some(token),
        Some(_) => None,
        // ... or one card with effects that summon nothing ("a Tasty
        // Lobster").
        None => {
            let name = what
                .strip_prefix("a ")
                .or_else(|| what.strip_prefix("an "))?;
            card_with_effects_token(named_card(name)?)
        }
    }
}

/// One token that is `card`, with its effects: only effects that summon
/// nothing, attack at no time of their own, and give no bonus for the
/// rest of the combat (one level deep, and the board's count of bonus
/// masks stays what `combat::validate` checked).
fn card_with_effects_token(card: &CardDef) -> Option<Token> {
    let CombatEffect::Effects {
        deathrattle,
        effects,
        effect_token,
    } = effect_of(card)
    else {
        return None;
    };
    let plain_actions = effects.iter().all(|e| {
        !matches!(
            e.action,
            Action::Summon { .. }
                | Action::SummonWhenSpace { .. }
                | Action::SummonRandom { .. }
                | Action::AttackNow { .. }
                | Action::SideBonus { .. }
        )
    });
    if deathrattle.count > 0 || effect_token.count > 0 || !plain_actions {
        return None;
    }
    let mut token = token_of_card(card, 1, Default::default())?;
    token.effects = effects;
    Some(token)
}

/// The target of "give ...", and the gift after it.
/// "left-most dragon ", "two left-most dragons ", "right-most beast "
/// (after "give your "): the minions at one end of the board. `None`
/// when the words are not there, `Some(None)` when they are but name no
/// tribe the engine knows.
fn end_target(rest: &str) -> Option<Option<(Target, &str)>> {
    let (count, rest) = match rest.split_once(' ') {
        Some(("two" | "2", r)) => (2, r),
        _ => (1, rest),
    };
    let (left, rest) = match rest.strip_prefix("left-most ") {
        Some(r) => (true, r),
        None => (false, rest.strip_prefix("right-most ")?),
    };
    let (who, what) = rest.split_once(' ')?;
    let tribes = match who {
        "minion" | "minions" => Some(0),
        _ => tribe(who),
    };
    Some(tribes.map(|tribes| {
        let target = if left {
            Target::Leftmost {
                tribes,
                count,
                living: false,
            }
        } else {
            Target::Rightmost {
                tribes,
                count,
                living: false,
            }
        };
        (target, what)
    }))
}

fn give_target(rest: &str, trigger: Trigger) -> Option<(Target, &str)> {
    if let Some(what) = rest.strip_prefix("it ") {
        return match trigger {
            Trigger::FriendlyAttacks { .. }
            | Trigger::FriendlySummoned { .. }
            | Trigger::FriendlyAttacked { .. }
            | Trigger::FriendlyLosesShield => Some((Target::Friend, what)),
            _ => None,
        };
    }
    // A deathrattle's minion has left the board: no neighbours to read.
    if let Some(what) = rest.strip_prefix("adjacent minions ") {
        return (trigger != Trigger::Deathrattle).then_some((Target::Adjacent, what));
    }
    // A rally's minions to its right, as they stand as it attacks.
    let right_of = rest
        .strip_prefix("the minion to the right of this ")
        .map(|what| (1, what))
        .or_else(|| {
            let (n, what) = rest
                .strip_prefix("the ")?
                .split_once(" minions to the right of this ")?;
            Some((count(n)?, what))
        });
    if let Some((count, what)) = right_of {
        return (trigger == Trigger::Rally).then_some((Target::RightOf { count }, what));
    }
    if let Some(rest) = rest.strip_prefix("your ") {
        if let Some(read) = end_target(rest) {
            return read;
        }
        let (other, rest) = match rest.strip_prefix("other ") {
            Some(rest) => (true, rest),
            None => (false, rest),
        };
        // "living" is no card's word: Firestone's reading of some cards.
        let (living, rest) = match rest.strip_prefix("living ") {
            Some(rest) => (true, rest),
            None => (false, rest),
        };
        let (who, what) = rest.split_once(' ')?;
        let tribes = if who == "minions" { 0 } else { tribe(who)? };
        return Some((
            Target::Friendly {
                tribes,
                other,
                living,
            },
            what,
        ));
    }
    // "all friendly minions" (Admiral Eliza Goreblade): as "your minions".
    if let Some(what) = rest.strip_prefix("all friendly minions ") {
        let target = Target::Friendly {
            tribes: 0,
            other: false,
            living: false,
        };
        return Some((target, what));
    }
    if let Some(what) = rest.strip_prefix("a friendly minion of each type ") {
        return Some((Target::EachTribe, what));
    }
    // "another friendly murloc venomous", "2 other friendly murlocs ...",
    // "a random friendly beast ...", "a different friendly undead ...".
    let (n, rest) = rest.split_once(' ')?;
    let count = count(n)?;
    let different = rest.starts_with("different ");
    let (other, rest) = if n == "another" {
        (true, rest)
    } else if let Some(rest) = rest
        .strip_prefix("other ")
        .or_else(|| rest.strip_prefix("different "))
    {
        (true, rest)
    } else {
        (false, rest.strip_prefix("random ").unwrap_or(rest))
    };
    let rest = rest.strip_prefix("friendly ")?;
    let (who, what) = rest.split_once(' ')?;
    let tribes = if who == "minion" || who == "minions" {
        0
    } else {
        tribe(who)?
    };
    Some((
        Target::Random {
            tribes,
            other,
            count,
            lacking: 0,
            strict: false,
            different,
        },
        what,
    ))
}
