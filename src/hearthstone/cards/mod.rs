//! The Battlegrounds card table: every minion with a tavern tier in the
//! game data (the current pool, earlier seasons' minions and tokens),
//! generated from `CardDefs.xml` by `scripts/bg_cards.py` into `table.rs`
//! (read-only data, nothing built at run time), and lookups by dbfId, card
//! id (golden ids too) and English name.
//!
//! Beside it, the effect table (`effect_table.rs`): one generated row per
//! card with what the engine plays for it (`EffectRow`). `oddsmith
//! generate bg-effects` writes it from the reader (`reader.rs`, card text
//! and tags by general rules) and the hand-written rows (`readings.rs`);
//! a test fails when the committed table is not what they give.
//!
//! Thread safety: everything here reads static data; any thread may call
//! it at any time.

mod effect_row;
mod enchantments;
// Generated: laid out by its generator, not by rustfmt.
#[rustfmt::skip]
mod effect_table;
mod battlecry;
mod generate;
mod hero;
mod hero_powers;
mod reader;
mod readings;
mod script;
// Generated: laid out by its generator, not by rustfmt.
#[rustfmt::skip]
mod table;

pub use effect_row::{CombatEffect, EffectRow};
pub use enchantments::{
    EnchantmentPlay, enchantment_effect, enchantment_play, enchantment_token, refused_enchantment,
};
pub use generate::effect_table_source;
pub use hero::{HERO_CARDS, HeroPlay, HeroRow, hero_card, hero_row};
pub use hero_powers::{
    Amount, EMPTY_TRINKET_SLOTS, Given, POWERS, Phase, PowerKind, PowerPlay, PowerRow,
    is_empty_slot, power_row, scaled,
};
pub(crate) use reader::acts_outside_boards;
pub use reader::{Read, read};
pub use readings::ScriptGift;

pub use table::BUILD;

use super::model::{Marks, Minion, STEALTH, TRIBE_ALL, TRIBE_NAMES};

/// One minion card, as the game data gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardDef {
    /// The card id, such as `BG25_001` (golden cards end in `_G`).
    pub id: &'static str,
    /// The game data's dbfId.
    pub dbf: u32,
    /// The English name.
    pub name: &'static str,
    /// Tavern tier 1..=7.
    pub tier: u8,
    /// Printed attack.
    pub attack: u16,
    /// Printed health.
    pub health: u16,
    /// `TRIBE_*` bits.
    pub tribes: u32,
    /// The combat keywords the engine knows (`model` bits):
    /// taunt, divine shield, poisonous, venomous, windfury, cleave, reborn.
    pub keywords: u8,
    /// dbfId of the golden version (0: none, or this is golden).
    pub golden: u32,
    /// dbfId of the normal version of a golden card (0 otherwise).
    pub normal: u32,
    /// In the current Battlegrounds pool.
    pub pool: bool,
    /// `TRIGGER_*` bits: the trigger tags the game data sets.
    pub triggers: u32,
    /// The card's script numbers (the `{0}`..`{3}` of its text).
    pub data: [i32; 4],
    /// English text, markup removed and numbers filled in.
    pub text: &'static str,
    /// The hearthstone-data build the card is read from: [`BUILD`], or an
    /// older one for a card the pinned data no longer holds.
    pub build: u32,
}

/// Trigger bit: the card has a Deathrattle (game data tag 217).
pub const TRIGGER_DEATHRATTLE: u32 = 1;
/// Trigger bit: Battlecry (tag 218).
pub const TRIGGER_BATTLECRY: u32 = 1 << 1;
/// Trigger bit: Start of Combat (tag 1531).
pub const TRIGGER_START_OF_COMBAT: u32 = 1 << 2;
/// Trigger bit: Avenge (tag 2129).
pub const TRIGGER_AVENGE: u32 = 1 << 3;
/// Trigger bit: an end-of-turn effect (tag 3744).
pub const TRIGGER_END_OF_TURN: u32 = 1 << 4;
/// Trigger bit: Rally (tag 4204).
pub const TRIGGER_RALLY: u32 = 1 << 5;
/// Trigger bit: an aura (tag 362).
pub const TRIGGER_AURA: u32 = 1 << 6;
/// Trigger bit: Magnetic (tag 849).
pub const TRIGGER_MAGNETIC: u32 = 1 << 7;
/// Trigger bit: Spellcraft (tag 2359).
pub const TRIGGER_SPELLCRAFT: u32 = 1 << 8;
/// Trigger bit: Mega-Windfury (tag 1207).
pub const TRIGGER_MEGA_WINDFURY: u32 = 1 << 9;
/// Trigger bit: Stealth (tag 191).
pub const TRIGGER_STEALTH: u32 = 1 << 10;
/// Trigger bit: Choose One (tag 443).
pub const TRIGGER_CHOOSE_ONE: u32 = 1 << 11;
/// Trigger bit: only in Duos (tag 3166).
pub const TRIGGER_DUOS_ONLY: u32 = 1 << 12;
/// Trigger bit: a Timewarped card (tag 4503).
pub const TRIGGER_TIMEWARPED: u32 = 1 << 13;

/// Every card, by increasing dbfId.
pub fn all() -> &'static [CardDef] {
    &table::CARDS
}

/// The current pool's cards (normal versions), by dbfId.
pub fn pool() -> impl Iterator<Item = &'static CardDef> {
    all().iter().filter(|c| c.pool)
}

/// The card of a dbfId (normal or golden), if the table has it.
pub fn by_dbf(dbf: u32) -> Option<&'static CardDef> {
    let cards = all();
    cards
        .binary_search_by_key(&dbf, |c| c.dbf)
        .ok()
        .map(|i| &cards[i])
}

/// By card id, any case (`BG25_001`, golden `BG25_001_G`). A classic
/// card's id (`EX1_556`) gives its Battlegrounds copy (`BG_EX1_556`): the
/// game used the classic ids for those minions until it gave them their
/// own, and states from those seasons hold the classic ones.
pub fn by_id(id: &str) -> Option<&'static CardDef> {
    let id = id.trim();
    exactly_by_id(id).or_else(|| exactly_by_id(&format!("BG_{id}")))
}

fn exactly_by_id(id: &str) -> Option<&'static CardDef> {
    table::BY_ID
        .binary_search_by(|&i| cmp_folded(table::CARDS[i as usize].id, id))
        .ok()
        .map(|k| &table::CARDS[table::BY_ID[k] as usize])
}

/// Compares two texts as their lowercase forms, without allocating (the
/// order the generator sorted the indices in).
fn cmp_folded(a: &str, b: &str) -> std::cmp::Ordering {
    a.chars()
        .flat_map(char::to_lowercase)
        .cmp(b.chars().flat_map(char::to_lowercase))
}

/// By exact English name, any case. A name several cards share (a card
/// and its golden version, or versions from several seasons) gives the
/// normal version in the current pool if there is one, else the newest
/// normal version of the pinned data (one from older data only when the
/// pinned data has none of that name).
pub fn by_name(name: &str) -> Option<&'static CardDef> {
    named(name).max_by_key(|c| (c.pool, c.build == BUILD, c.normal == 0, c.dbf))
}

/// Every card of a name, any case.
fn named(name: &str) -> impl Iterator<Item = &'static CardDef> {
    let wanted = name.trim();
    let name_of = |i: u16| table::CARDS[i as usize].name;
    let order = &table::BY_NAME;
    let start = order.partition_point(|&i| cmp_folded(name_of(i), wanted).is_lt());
    let end = start + order[start..].partition_point(|&i| cmp_folded(name_of(i), wanted).is_eq());
    order[start..end].iter().map(|&i| &table::CARDS[i as usize])
}

/// A card by id, or by name with an optional `golden ` prefix.
pub fn lookup(text: &str) -> Option<&'static CardDef> {
    let text = text.trim();
    if let Some(card) = by_id(text) {
        return Some(card);
    }
    if let Some(card) = by_name(text) {
        return Some(card);
    }
    let rest = text
        .get(..7)
        .filter(|p| p.eq_ignore_ascii_case("golden "))?;
    golden_by_name(&text[rest.len()..])
}

/// The golden card of a name, any case: of the golden cards with that
/// name, the one whose normal version is in the current pool if there is
/// one, else the newest (the newest normal version of a name may have no
/// golden one, as a Core set reprint).
pub fn golden_by_name(name: &str) -> Option<&'static CardDef> {
    named(name).filter(|c| c.is_golden()).max_by_key(|c| {
        (
            by_dbf(c.normal).is_some_and(|n| n.pool),
            c.build == BUILD,
            c.dbf,
        )
    })
}

/// The golden version of a card (itself when already golden).
pub fn golden_of(card: &'static CardDef) -> Option<&'static CardDef> {
    if card.normal != 0 {
        Some(card)
    } else {
        by_dbf(card.golden)
    }
}

impl CardDef {
    /// Whether this is a golden card.
    pub fn is_golden(&self) -> bool {
        self.normal != 0 || self.id.ends_with("_G")
    }

    /// What combat must know of the card beyond its tribes and keywords
    /// (`Marks`: a Beetle, a card that grows with a count its side keeps,
    /// a card with a deathrattle), from its effect table row.
    pub fn marks(&self) -> Marks {
        table_row(self).map_or_else(|| reader::marks(self), |r| r.marks)
    }

    /// Its stats grow with a count its side keeps ("for each friendly
    /// Eternal Knight that died this game", "for each Deathrattle you've
    /// triggered", "for each Tavern spell you've cast"): the engine grows
    /// it, with no effect record of its own.
    pub fn grows_with_a_count(&self) -> bool {
        self.marks().intersects(Marks::COUNTED)
    }

    /// Its tribes' names, joined by `/` ("" for none).
    pub fn tribe_names(&self) -> String {
        let names: Vec<&str> = (0..TRIBE_NAMES.len())
            .filter(|&b| self.tribes & (1 << b) != 0)
            .map(|b| TRIBE_NAMES[b])
            .collect();
        if self.tribes & TRIBE_ALL != 0 {
            "All".to_string()
        } else {
            names.join("/")
        }
    }
}

#[cfg(test)]
mod tests;

/// The card's combat keywords: the table's, and stealth from its tag.
pub fn combat_keywords(card: &CardDef) -> u8 {
    card.keywords
        | if card.triggers & TRIGGER_STEALTH != 0 {
            STEALTH
        } else {
            0
        }
}

/// The card's row of the effect table; none for a card not of the card
/// table (one a caller built), which the accessors below read as the
/// generator reads every card.
fn table_row(card: &CardDef) -> Option<&'static EffectRow> {
    let rows = &effect_table::EFFECTS;
    let i = rows.binary_search_by_key(&card.dbf, |r| r.dbf).ok()?;
    (by_dbf(card.dbf) == Some(card)).then_some(&rows[i])
}

/// The card's combat effect, from its effect table row.
pub fn combat_effect(card: &CardDef) -> CombatEffect {
    table_row(card).map_or_else(|| read(card).effect, |r| r.effect.to_owned_effect())
}

/// How the card was read, from its effect table row (one line: from its
/// text, from the text Firestone plays, or by a hand-written row, and why).
pub fn how_read(card: &CardDef) -> String {
    table_row(card).map_or_else(|| read(card).how, |r| r.how.to_string())
}

/// The text of a Battlegrounds enchantment that gives the minion
/// carrying it an effect in combat (a magnetized part's deathrattle, a
/// hero's ship part: "Deathrattle: Summon a 3/2 Crab."), by its card id;
/// `None` for the others (stat and keyword enchantments, which a
/// client's current stats and flags already hold).
pub fn combat_enchantment(id: &str) -> Option<&'static str> {
    let list = &table::COMBAT_ENCHANTMENTS;
    list.binary_search_by(|(e, _)| (*e).cmp(id))
        .ok()
        .map(|i| list[i].1)
}

/// The table's own copy of a combat enchantment's id (`combat_enchantment`
/// lists it), for errors that outlive the input.
pub fn combat_enchantment_id(id: &str) -> Option<&'static str> {
    let list = &table::COMBAT_ENCHANTMENTS;
    list.binary_search_by(|(e, _)| (*e).cmp(id))
        .ok()
        .map(|i| list[i].0)
}

/// How many of some cards act in combat and how many of those the engine
/// models (`oddsmith bg-cards --json`'s counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Coverage {
    /// Cards counted.
    pub minions: usize,
    /// Those whose text acts in combat: an effect (modelled or not) or a
    /// stat that grows with a count in combat; not the keyword-only
    /// cards, nor those that act outside combat only (see
    /// [`acts_in_combat`]).
    pub acting_in_combat: usize,
    /// Those of them the engine models.
    pub modelled: usize,
}

/// Whether the card's text acts in combat: a modelled effect, one not
/// modelled yet, or stats that grow with a count its side keeps. Cards
/// with keywords only, and those the reader finds act outside combat
/// only (`CombatEffect::OutOfCombat`, by the wordings of `reader.rs`),
/// do not.
pub fn acts_in_combat(card: &CardDef) -> bool {
    match combat_effect(card) {
        CombatEffect::None => card.grows_with_a_count(),
        CombatEffect::OutOfCombat => false,
        CombatEffect::Summon(_) | CombatEffect::Effects { .. } | CombatEffect::Unsupported(_) => {
            true
        }
    }
}

/// The coverage of `cards`.
pub fn coverage<'a>(cards: impl IntoIterator<Item = &'a CardDef>) -> Coverage {
    let mut c = Coverage::default();
    for card in cards {
        c.minions += 1;
        if acts_in_combat(card) {
            c.acting_in_combat += 1;
            c.modelled += usize::from(combat_effect(card).is_modelled());
        }
    }
    c
}

/// The card as a combat minion with its base stats, keywords, tier,
/// tribes and marks, and no effect: how a minion whose effect is not
/// modelled fights when a reading ignores what it does not model.
pub fn plain_minion_of(card: &CardDef) -> Minion {
    let mut m = Minion::new(card.attack, card.health.min(i16::MAX as u16) as i16);
    m.keywords = combat_keywords(card);
    m.tier = card.tier;
    m.card_base = Some((card.attack, m.keywords));
    m.tribes = card.tribes;
    m.marks = card.marks();
    m.name = Some(card.name);
    m.dbf = card.dbf;
    m
}

/// The card as a combat minion with its base stats, keywords, tier and
/// modelled effect; an error naming the effect when it is not modelled.
pub fn minion_of(card: &CardDef) -> crate::error::Result<Minion> {
    let mut m = plain_minion_of(card);
    match combat_effect(card) {
        CombatEffect::None | CombatEffect::OutOfCombat => {}
        CombatEffect::Summon(token) => m.deathrattle = token,
        CombatEffect::Effects {
            deathrattle,
            effects,
            effect_token,
        } => {
            m.deathrattle = deathrattle;
            m.effects = effects;
            m.effect_token = effect_token;
        }
        CombatEffect::Unsupported(reason) => {
            return Err(crate::error::Error::invalid(format!(
                "{} ({}): its combat effect is not modelled yet ({reason}); \
                 give it as ATTACK/HEALTH+keywords@TIER to fight it without the effect",
                card.name, card.id
            )));
        }
    }
    Ok(m)
}

/// How `card` reads the script numbers a minion carries (its effect table
/// row's), if it reads them.
pub fn script_gift(card: &CardDef) -> Option<ScriptGift> {
    table_row(card).map_or_else(|| read(card).script, |r| r.script)
}

/// Sets the gift of a minion of `card` (`minion_of`) from the script
/// numbers it carries (`data[i]`: Firestone's `scriptDataNum{i + 1}`,
/// `None` when not stated) for the cards whose gift grows over a game
/// (its reborn copy keeps them or starts from the card's own, as
/// Firestone); other cards ignore them. Errors on a number the gift
/// cannot take.
pub fn apply_script_data(
    card: &CardDef,
    minion: &mut Minion,
    data: &[Option<i32>; 4],
) -> crate::error::Result<()> {
    let Some(gift) = script_gift(card) else {
        return Ok(());
    };
    let own = minion.effects;
    script::apply_gift(card, &gift, &mut minion.effects, data)?;
    if !gift.reborn_keeps && minion.effects != own {
        minion.reborn_effects = Some(own);
    }
    Ok(())
}
