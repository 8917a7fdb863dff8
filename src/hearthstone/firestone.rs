//! Firestone-shaped input: the one reader of a client's Battlegrounds
//! state, which every front end calls.
//!
//! - [`minion_of_entity`]: one minion as a client's board state gives it
//!   (a card, its current stats, the keyword flags it states, its script
//!   numbers) to a combat [`Minion`]. The CLI's JSON boards, Python's
//!   entity dicts and the C entry's card minions (`OddsmithMinion` with a
//!   `dbf_id`) all go through it.
//! - [`board_from_json`]: a Firestone entity list (`[{"cardId": ...,
//!   "attack": ..., "health": ..., "taunt": ..., "scriptDataNum1": ...}]`)
//!   to a board.
//! - [`bonuses_from_global_info`]: a Firestone hero's `globalInfo` object
//!   to the [`GameBonuses`] combat reads.
//! - [`heroes_from_json`]: a hero's `secrets` list (secrets and lingering
//!   spells) to its hero-side cards.
//! - [`combat_from_battle_json`]: a whole game state as Firestone's app
//!   logs it (`BgsBattleInfo`) to a [`Combat`](crate::hearthstone::combat::Combat).
//!
//! Errors name the bad input: in a lone board the minion (from 1) and
//! the key, as "minion 3: 'health' is missing"; in a whole game state
//! the JSON path, as `playerBoard.board[2].health is missing`. They are
//! worded in one place (a private `Path`: where a value sits).
//!
//! The card table lookups stay in [`cards`]; this module only reads.
//!
//! Thread safety: pure functions of their input; any thread may call them
//! at any time.

use crate::error::{Error, ErrorKind, Result};
use crate::hearthstone::cards::{self, CardDef};
use crate::hearthstone::combat::{GameBonuses, MAX_GAME_BONUS, Minion};
use crate::hearthstone::model;
use serde_json::{Map, Value};

/// Which card an entity is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardRef<'a> {
    /// A card id (`BG25_001`, golden `BG25_001_G`), an English name (with
    /// an optional `golden ` prefix), or a dbfId written as text.
    Text(&'a str),
    /// A dbfId.
    Dbf(u32),
}

impl CardRef<'_> {
    /// The card in the table; an error naming what was given when no
    /// Battlegrounds card has it.
    pub fn card(self) -> Result<&'static CardDef> {
        match self {
            CardRef::Text(text) => cards::lookup(text)
                .or_else(|| text.trim().parse().ok().and_then(cards::by_dbf))
                .ok_or_else(|| {
                    Error::parse(format!(
                        "no Battlegrounds card has the id or name '{text}' (card data build {})",
                        cards::BUILD
                    ))
                }),
            CardRef::Dbf(dbf) => cards::by_dbf(dbf).ok_or_else(|| no_card_with_dbf(dbf.into())),
        }
    }
}

fn no_card_with_dbf(dbf: u64) -> Error {
    Error::parse(format!(
        "no Battlegrounds card has dbfId {dbf} (card data build {})",
        cards::BUILD
    ))
}

/// A minion's keyword flags and script numbers as a client's board state
/// gives them: each flag it states (`None` keeps the card's own).
#[derive(Debug, Clone, Copy, Default)]
pub struct EntityFlags {
    /// Taunt, if stated.
    pub taunt: Option<bool>,
    /// Divine shield, if stated.
    pub divine_shield: Option<bool>,
    /// Poisonous, if stated.
    pub poisonous: Option<bool>,
    /// Venomous, if stated.
    pub venomous: Option<bool>,
    /// Windfury, if stated.
    pub windfury: Option<bool>,
    /// Cleave, if stated (the C entry's keyword bit; Firestone's entity
    /// lists do not state it).
    pub cleave: Option<bool>,
    /// Reborn, if stated.
    pub reborn: Option<bool>,
    /// Stealth, if stated.
    pub stealth: Option<bool>,
    /// The minion's script numbers (Firestone's `scriptDataNum1` to
    /// `scriptDataNum4`; `None` when not stated): what cards whose gift
    /// grows over a game read (Hopebringer, Ultraviolet Ascendant, Showy
    /// Cyclist, Underrot Spawn); other cards ignore them.
    pub script_data: [Option<i32>; 4],
}

/// The combat minion for an entity of `card` with these current stats,
/// flags and script numbers: the card's tier, tribes, keywords and
/// modelled effect, the stats given, each flag stated set or cleared.
/// Errors: no such card, a card whose combat effect is not modelled, a
/// script number the card's gift cannot take, health not 1 to 32767.
pub fn minion_of_entity(
    card: CardRef<'_>,
    attack: u16,
    health: u16,
    flags: &EntityFlags,
) -> Result<Minion> {
    let card = card.card()?;
    let mut m = cards::minion_of(card)?;
    cards::apply_script_data(card, &mut m, &flags.script_data)?;
    with_entity_stats(
        m,
        &format!("{} ({})", card.name, card.id),
        attack,
        health,
        flags,
    )
}

/// `m` with the entity's stats and flags (`minion_of_entity`); `who`
/// names it in the error on health out of range.
fn with_entity_stats(
    mut m: Minion,
    who: &str,
    attack: u16,
    health: u16,
    flags: &EntityFlags,
) -> Result<Minion> {
    if health == 0 || health > i16::MAX as u16 {
        return Err(Error::invalid(format!(
            "{who}: health {health} is not 1 to {}",
            i16::MAX
        )));
    }
    m.attack = attack;
    m.health = health as i16;
    for (flag, bit) in [
        (flags.taunt, model::TAUNT),
        (flags.divine_shield, model::SHIELD),
        (flags.poisonous, model::POISON),
        (flags.venomous, model::VENOM),
        (flags.windfury, model::WINDFURY),
        (flags.cleave, model::CLEAVE),
        (flags.reborn, model::REBORN),
        (flags.stealth, model::STEALTH),
    ] {
        match flag {
            Some(true) => m.keywords |= bit,
            Some(false) => m.keywords &= !bit,
            None => {}
        }
    }
    Ok(m)
}

/// A board from a Firestone-shaped entity list, left to right: each
/// entity an object with `cardId` (text) or `dbfId` (a number), `attack`,
/// `health`, the keyword flags `taunt`, `divineShield`, `poisonous`,
/// `venomous`, `windfury`, `reborn`, `stealth` (true, false, or left out
/// or null: the card's own, except `stealth`, which left out is off, as
/// Firestone reads such a list, and `venomous`, which is off when left
/// out beside a given `poisonous`: an entity written before Venomous
/// existed), and `scriptDataNum1` to `scriptDataNum4`
/// (whole numbers; left out or null: none). Other keys are ignored.
///
/// A minion's stats are as the game shows them: a stat aura its
/// `enchantments` show as given (`NEW1_027e` from a Southsea Captain
/// beside it) is taken off, since combat gives every aura at its start.
///
/// Errors name the minion (from 1) and the key: "minion 3: 'health' is
/// missing".
pub fn board_from_json(text: &str) -> Result<Vec<Minion>> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(format!("the board is not JSON: {e}")))?;
    board_from_value(
        &value,
        &Path::Top,
        &mut Unmodelled::new(OnUnmodelled::Refuse),
    )
}

/// A side's bonuses from earlier turns from a Firestone hero's
/// `globalInfo` object: the counters combat reads (see [`GameBonuses`];
/// by Firestone's names, `BloodGemAttackBonus`, `UndeadAttackBonus`,
/// `EternalKnightsDeadThisGame`, ...), each a number 0 to
/// [`MAX_GAME_BONUS`], left out, null or negative for 0 (Firestone's app
/// writes -1 for a count it did not keep); the others, which only the
/// tavern reads, are ignored.
pub fn bonuses_from_global_info(text: &str) -> Result<GameBonuses> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(format!("the globalInfo is not JSON: {e}")))?;
    bonuses_from_value(&value, &Path::Top)
}

/// Where a value sits in the input, and the one place its errors are
/// worded. A lone board or `globalInfo` names a board's minion and a key
/// ("minion 3: 'health' is missing"); a whole game state names each
/// value by its JSON path ("playerBoard.board[2].health is missing").
#[derive(Debug, Clone, PartialEq, Eq)]
enum Path {
    /// The top of a lone board or object: errors name the key alone.
    Top,
    /// Minion `n` (from 1) of a lone board.
    Minion(usize),
    /// A JSON path inside a whole game state (`playerBoard.board[2]`).
    Json(String),
}

impl Path {
    /// Minion `i` (from 0) of the board here.
    fn minion(&self, i: usize) -> Path {
        match self {
            Path::Json(path) => Path::Json(format!("{path}[{i}]")),
            _ => Path::Minion(i + 1),
        }
    }

    /// The value of `key` of the object here (a JSON path's child).
    fn key(&self, key: &str) -> Path {
        match self {
            Path::Json(path) => Path::Json(join(path, key)),
            _ => Path::Json(key.to_string()),
        }
    }

    /// The place in words: a JSON path, or "minion N".
    fn text(&self) -> String {
        match self {
            Path::Top => String::new(),
            Path::Minion(n) => format!("minion {n}"),
            Path::Json(path) => path.clone(),
        }
    }

    /// `e` about the value here.
    fn error(&self, e: Error) -> Error {
        match self {
            Path::Top => e,
            Path::Minion(n) => e.in_context(&format!("minion {n}: ")),
            Path::Json(path) => e.in_context(&format!("{path}: ")),
        }
    }

    /// An error about `key` of the object here: "'key' what", or in a
    /// game state "path.key what".
    fn key_error(&self, kind: ErrorKind, key: &str, what: &str) -> Error {
        match self {
            Path::Json(path) => Error::new(kind, format!("{} {what}", join(path, key))),
            _ => self.error(Error::new(kind, format!("'{key}' {what}"))),
        }
    }
}

/// `path.key`, or `key` at the top.
fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// The fields of an object read at `path` (a value that is not an object
/// has none).
struct Fields<'a> {
    map: Option<&'a Map<String, Value>>,
    path: &'a Path,
}

impl<'a> Fields<'a> {
    fn new(value: &'a Value, path: &'a Path) -> Fields<'a> {
        Fields {
            map: value.as_object(),
            path,
        }
    }

    /// The value of `key`; null is left out.
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map?.get(key).filter(|v| !v.is_null())
    }

    /// A stat, 0 to 65535, that must be given.
    fn stat(&self, key: &str) -> Result<u16> {
        let value = self
            .map
            .and_then(|m| m.get(key))
            .ok_or_else(|| self.path.key_error(ErrorKind::Parse, key, "is missing"))?;
        value
            .as_u64()
            .and_then(|v| u16::try_from(v).ok())
            .ok_or_else(|| {
                self.path
                    .key_error(ErrorKind::Parse, key, "must be a number 0 to 65535")
            })
    }

    /// A keyword flag, if stated.
    fn flag(&self, key: &str) -> Result<Option<bool>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(self
                .path
                .key_error(ErrorKind::Parse, key, "must be true or false")),
        }
    }

    /// A script number, if stated.
    fn script(&self, key: &str) -> Result<Option<i32>> {
        self.get(key)
            .map(|v| {
                v.as_i64()
                    .and_then(|n| i32::try_from(n).ok())
                    .ok_or_else(|| {
                        self.path
                            .key_error(ErrorKind::Parse, key, "must be a whole number")
                    })
            })
            .transpose()
    }

    /// A game counter, 0 to `MAX_GAME_BONUS`; 0 when left out or
    /// negative (Firestone's app writes -1 for a count it did not keep).
    fn counter(&self, key: &str) -> Result<u16> {
        self.get(key).map_or(Ok(0), |v| {
            v.as_i64()
                .map(|n| n.max(0) as u64)
                .or(v.as_u64())
                .and_then(|v| u16::try_from(v).ok())
                .filter(|&v| v <= MAX_GAME_BONUS)
                .ok_or_else(|| {
                    self.path.key_error(
                        ErrorKind::InvalidArgument,
                        key,
                        &format!("must be a number 0 to {MAX_GAME_BONUS}"),
                    )
                })
        })
    }

    /// A tavern tier, 1 to 7, that must be given.
    fn tier(&self, key: &str) -> Result<u32> {
        let value = self
            .get(key)
            .ok_or_else(|| self.path.key_error(ErrorKind::Parse, key, "is missing"))?;
        value
            .as_u64()
            .filter(|t| (1..=7).contains(t))
            .map(|t| t as u32)
            .ok_or_else(|| {
                self.path
                    .key_error(ErrorKind::InvalidArgument, key, "must be a tier 1 to 7")
            })
    }

    /// An attack and health pair of counters.
    fn counters(&self, attack: &str, health: &str) -> Result<[u16; 2]> {
        Ok([self.counter(attack)?, self.counter(health)?])
    }
}

/// A board: the entity list at `path`.
fn board_from_value(
    value: &Value,
    path: &Path,
    unmodelled: &mut Unmodelled,
) -> Result<Vec<Minion>> {
    let list = value
        .as_array()
        .ok_or_else(|| path.error(Error::parse("the board must be a JSON list of minions")))?;
    if list.len() > model::BOARD_SIZE {
        return Err(path.error(Error::invalid(format!(
            "{} minions; a board holds at most {}",
            list.len(),
            model::BOARD_SIZE
        ))));
    }
    let mut board = list
        .iter()
        .enumerate()
        .map(|(i, entity)| minion_from_value(entity, &path.minion(i), unmodelled))
        .collect::<Result<Vec<_>>>()?;
    take_off_applied_auras(&mut board, list);
    Ok(board)
}

/// The game shows a minion's stats with its friends' stat auras in them,
/// and marks each aura given with the aura's enchantment (`NEW1_027e`, in
/// states of 2021 `VAN_NEW1_027e`). The engine gives every aura at the
/// start of combat, as Firestone gives one whose enchantment a minion
/// lacks: so each aura an entity's enchantments show as given is taken
/// off its stats first (once per giver on the board that reaches it).
fn take_off_applied_auras(board: &mut [Minion], entities: &[Value]) {
    let stem = |id: &str| {
        let id = id.to_ascii_lowercase();
        let id = id.strip_prefix("van_").unwrap_or(&id);
        id.strip_prefix("bg_").unwrap_or(id).to_string()
    };
    let givers: Vec<(usize, String, (u32, u16, u16))> = (board.iter().enumerate())
        .filter_map(|(i, m)| {
            let aura = m.stat_aura()?;
            Some((i, stem(cards::by_dbf(m.dbf)?.id), aura))
        })
        .collect();
    if givers.is_empty() {
        return;
    }
    for (taker, entity) in entities.iter().enumerate().take(board.len()) {
        let marked: Vec<String> = (entity.get("enchantments").and_then(Value::as_array))
            .into_iter()
            .flatten()
            .filter_map(|e| e.get("cardId")?.as_str())
            .filter_map(|id| Some(stem(id.strip_suffix('e')?)))
            .collect();
        let mut used = vec![false; marked.len()];
        for (giver, giver_stem, (tribes, attack, health)) in &givers {
            let m = &board[taker];
            if *giver == taker || m.tribes & tribes == 0 {
                continue;
            }
            let mark = (0..marked.len()).find(|&k| !used[k] && marked[k] == *giver_stem);
            if let Some(k) = mark {
                used[k] = true;
                let m = &mut board[taker];
                m.attack = m.attack.saturating_sub(*attack);
                m.health = (m.health - *health as i16).max(1);
            }
        }
    }
}

/// One entity of a board, at `path`; a card not modelled (or not known)
/// is met by `unmodelled`, and fights with its stats and keywords when
/// it is ignored.
fn minion_from_value(value: &Value, path: &Path, unmodelled: &mut Unmodelled) -> Result<Minion> {
    let fields = Fields::new(value, path);
    let card = match (fields.get("cardId"), fields.get("dbfId")) {
        (Some(Value::String(id)), _) => CardRef::Text(id),
        (_, Some(dbf)) if dbf.is_u64() => {
            let dbf = dbf.as_u64().unwrap_or(u64::MAX);
            CardRef::Dbf(u32::try_from(dbf).map_err(|_| path.error(no_card_with_dbf(dbf)))?)
        }
        _ => {
            return Err(path.error(Error::parse("give a cardId (text) or a dbfId (number)")));
        }
    };
    let poisonous = fields.flag("poisonous")?;
    let flags = EntityFlags {
        taunt: fields.flag("taunt")?,
        divine_shield: fields.flag("divineShield")?,
        poisonous,
        // An entity that gives `poisonous` but no `venomous` was written
        // before Venomous existed (states of 2020-2022): none, as
        // Firestone reads it, even where today's card has the keyword
        // (The Curator's Amalgam).
        venomous: fields.flag("venomous")?.or(poisonous.map(|_| false)),
        windfury: fields.flag("windfury")?,
        // Not in Firestone's entities: the card's own.
        cleave: None,
        reborn: fields.flag("reborn")?,
        // Not in the entity lists of Firestone's tests (nor its
        // defaults): Firestone reads a missing `stealth` as none, so the
        // same list gives the same combat in both.
        stealth: Some(fields.flag("stealth")?.unwrap_or(false)),
        script_data: [
            fields.script("scriptDataNum1")?,
            fields.script("scriptDataNum2")?,
            fields.script("scriptDataNum3")?,
            fields.script("scriptDataNum4")?,
        ],
    };
    let attack = fields.stat("attack")?;
    let health = fields.stat("health")?;
    if unmodelled.ignores()
        && let Some(plain) = plain_entity(card, attack, health, &flags, path, unmodelled)?
    {
        return Ok(plain);
    }
    let mut minion = minion_of_entity(card, attack, health, &flags).map_err(|e| path.error(e))?;
    let def = card.card()?;
    let enchantments = fields.get("enchantments");
    let refused = combat_enchantments(enchantments, def, &mut minion, path);
    unmodelled.meet_refusal(refused, def.id, Place::Enchantment, path)?;
    let refused = refuse_additional_cards(fields.get("additionalCards"), def, path);
    unmodelled.meet_refusal(refused, def.id, Place::AdditionalCard, path)?;
    Ok(minion)
}

/// An entity ignored for what is not modelled: an unknown card, one
/// whose effect is not modelled, or one the engine cannot play beside
/// others of the state (`Unmodelled::left_out`), as a minion with the entity's stats and
/// keywords (and its card's tribes, when the card is known), noted in
/// `unmodelled`. None for a card whose effect is modelled.
fn plain_entity(
    card: CardRef<'_>,
    attack: u16,
    health: u16,
    flags: &EntityFlags,
    path: &Path,
    unmodelled: &mut Unmodelled,
) -> Result<Option<Minion>> {
    let (id, plain) = match card.card() {
        Err(why) => {
            let id = match card {
                CardRef::Text(id) => id.to_string(),
                CardRef::Dbf(dbf) => format!("dbfId {dbf}"),
            };
            unmodelled.meet(&id, Place::Board, path, why)?;
            (id, Minion::new(0, 1))
        }
        Ok(def) => {
            let why = match unmodelled.left_out(def.name) {
                Some(why) => Error::invalid(why),
                None => match cards::minion_of(def) {
                    Ok(_) => return Ok(None),
                    Err(why) => why,
                },
            };
            unmodelled.meet(def.id, Place::Board, path, why)?;
            let mut plain = cards::plain_minion_of(def);
            plain.marks = plain.marks.difference(model::Marks::UNPLAYED_EFFECTS);
            (format!("{} ({})", def.name, def.id), plain)
        }
    };
    with_entity_stats(plain, &id, attack, health, flags)
        .map(Some)
        .map_err(|e| path.error(e))
}

/// An error when an entity lists `additionalCards` other than its own
/// normal card. Firestone fires the deathrattles of every card listed
/// there (a golden minion's merged copies too, which the game does not)
/// and reads stitched or merged parts from it (golden Zilliax's modules);
/// what they add is not modelled. A golden minion listing its own normal
/// card (the copies of its triple) is its card alone.
fn refuse_additional_cards(list: Option<&Value>, card: &CardDef, path: &Path) -> Result<()> {
    const KEY: &str = "additionalCards";
    let items = match list {
        None | Some(Value::Null) => return Ok(()),
        Some(Value::Array(items)) => items,
        Some(_) => return Err(path.key_error(ErrorKind::Parse, KEY, "must be a list of card ids")),
    };
    let mut others = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let Some(id) = item.as_str() else {
            let key = format!("{KEY}[{i}]");
            return Err(path.key_error(ErrorKind::Parse, &key, "must be a card id (a string)"));
        };
        if cards::by_id(id).is_none_or(|c| card.normal == 0 || c.dbf != card.normal) {
            others.push(id);
        }
    }
    if others.is_empty() {
        return Ok(());
    }
    Err(path.error(Error::invalid(format!(
        "{} ({}) lists additionalCards {}: what they add in combat is not modelled yet",
        card.name,
        card.id,
        others.join(", ")
    ))))
}

/// The effects in combat an entity's enchantments give it that its card
/// does not have: those the engine plays (`cards::enchantment_play`:
/// Whirring Protector's magnetized rally, Surf n' Surf's Crab, a
/// Battlecruiser's parts) join the minion (`Played`); any other is an
/// error, its card alone not saying what it does (a magnetized part's
/// deathrattle, Battlecruiser's Yamato Cannon `BG31_HERO_801ptce`, on any
/// minion). A card's own enchantment (`BG33_807e`, a card keeping its
/// growing numbers there) is its card's effect when the card acts in
/// combat.
fn combat_enchantments(
    list: Option<&Value>,
    card: &CardDef,
    minion: &mut Minion,
    path: &Path,
) -> Result<()> {
    let Some(items) = list.and_then(Value::as_array) else {
        return Ok(());
    };
    let own = card.id.strip_suffix("_G").unwrap_or(card.id);
    let refuse = |id: &str, why: &str| {
        path.error(Error::invalid(format!(
            "{} ({}) carries the enchantment {id}: {why}",
            card.name, card.id
        )))
    };
    let mut played = Played::default();
    for item in items {
        let Some(id) = item.get("cardId").and_then(Value::as_str) else {
            continue;
        };
        if is_own_enchantment(id, own, card) {
            continue;
        }
        if let Some(why) = cards::refused_enchantment(id) {
            return Err(refuse(id, &format!("{why} (not modelled yet)")));
        }
        if let Some(play) = cards::enchantment_play(id) {
            let number = item.get("tagScriptDataNum1").and_then(Value::as_i64);
            played
                .add(id, play, number)
                .map_err(|why| refuse(id, why))?;
            continue;
        }
        if let Some(text) = cards::combat_enchantment(id) {
            return Err(path.error(Error::invalid(format!(
                "{} ({}) carries the enchantment {id} ('{text}'), an effect in combat \
                 its card does not have: not modelled yet",
                card.name, card.id
            ))));
        }
    }
    // All or nothing: a refusal (left out when ignoring what is not
    // modelled) leaves the card's own minion.
    let mut enchanted = *minion;
    played
        .apply(&mut enchanted)
        .map_err(|(id, why)| refuse(id, why))?;
    *minion = enchanted;
    Ok(())
}

/// Whether `id` is the card's own enchantment (`BG33_807e`,
/// `BG33_807e2`): the numbers of the effect its card has in combat. A
/// card acting outside combat only gives it to a minion (Surf n' Surf's
/// "Deathrattle: Summon a 3/2 Crab"), itself too: what it then does, its
/// card does not.
fn is_own_enchantment(id: &str, own: &str, card: &CardDef) -> bool {
    let rest = id
        .strip_prefix(own)
        .map(|r| r.strip_prefix("_G").unwrap_or(r));
    let own_enchantment = rest
        .and_then(|r| r.strip_prefix('e'))
        .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()));
    let outside = matches!(
        cards::combat_effect(card),
        cards::CombatEffect::OutOfCombat | cards::CombatEffect::None
    );
    // What only puts cards in a hand ("Deathrattle: Get 2 Blood Gems")
    // does not change the combat.
    let hand_only = cards::combat_enchantment(id)
        .is_none_or(|text| cards::acts_outside_boards(&text.to_lowercase()));
    own_enchantment && (!outside || hand_only)
}

/// A summed enchantment's effect of its number.
type EffectOf = fn(u16) -> model::Effect;

/// What the enchantments of one entity that the engine plays give it,
/// gathered before any joins the minion: the summed ones' numbers, the
/// effects of their own, the deathrattle tokens.
#[derive(Default)]
struct Played {
    /// Per summed enchantment id (in the order met): its effect maker and
    /// the sum of its `tagScriptDataNum1`.
    summed: Vec<(&'static str, EffectOf, u16)>,
    /// Effects of their own, in the order met.
    effects: Vec<(&'static str, model::Effect)>,
    /// The token card and how many enchantments summon it.
    tokens: Option<(&'static str, &'static str, u8)>,
}

impl Played {
    /// Takes in the enchantment `id` (its `tagScriptDataNum1`: `number`).
    fn add(
        &mut self,
        id: &str,
        play: cards::EnchantmentPlay,
        number: Option<i64>,
    ) -> std::result::Result<(), &'static str> {
        // The table's own copy of the id, for errors after the loop.
        let id = cards::combat_enchantment_id(id).unwrap_or("an enchantment");
        match play {
            cards::EnchantmentPlay::Effect(e) => self.effects.push((id, e)),
            cards::EnchantmentPlay::Summed(make) => {
                // Firestone reads a missing number as 0.
                let n = number.unwrap_or(0);
                let n = u16::try_from(n)
                    .map_err(|_| "its tagScriptDataNum1 is not a number 0 to 65535")?;
                match self.summed.iter_mut().find(|(e, _, _)| *e == id) {
                    Some((_, _, sum)) => {
                        *sum = sum
                            .checked_add(n)
                            .ok_or("its parts' numbers add up past 65535")?;
                    }
                    None => self.summed.push((id, make, n)),
                }
            }
            cards::EnchantmentPlay::Tokens(token) => match &mut self.tokens {
                Some((_, t, n)) if *t == token => {
                    *n = n.checked_add(1).ok_or("too many deathrattle tokens")?;
                }
                Some(_) => {
                    return Err("deathrattles summoning different tokens (not modelled yet)");
                }
                None => self.tokens = Some((id, token, 1)),
            },
        }
        Ok(())
    }

    /// Adds what was gathered to the minion: the summed effects first (a
    /// card's own in Firestone, which reads its parts: Battlecruiser),
    /// then the others in the order met, then the deathrattle tokens.
    /// Errors name the enchantment.
    fn apply(self, minion: &mut Minion) -> std::result::Result<(), (&'static str, &'static str)> {
        for (id, make, n) in self.summed {
            add_enchantment_effect(minion, make(n)).map_err(|why| (id, why))?;
        }
        for (id, effect) in self.effects {
            add_enchantment_effect(minion, effect).map_err(|why| (id, why))?;
        }
        if let Some((id, card, n)) = self.tokens {
            add_enchantment_tokens(minion, card, n).map_err(|why| (id, why))?;
        }
        Ok(())
    }
}

/// `effect` added to the minion's effects, in the first free slot; its
/// reborn copy (a fresh copy of the card, without enchantments in
/// Firestone) keeps its card's effects only. An enchantment's rally does
/// not make a Rally minion (`Marks::HAS_RALLY`): Firestone's mechanics
/// check reads the enchantment's card, and no enchantment the engine
/// plays has the Rally mechanic in the card data (Whirring Protector's
/// `BG33_807e` fires its rally, yet Bloodsnout Warlord does not hear a
/// minion carrying it).
fn add_enchantment_effect(
    minion: &mut Minion,
    effect: model::Effect,
) -> std::result::Result<(), &'static str> {
    let Some(slot) = minion
        .effects
        .iter()
        .position(|e| e.trigger == model::Trigger::Never)
    else {
        return Err("more effects in combat than a minion holds (not modelled yet)");
    };
    if minion.reborn_effects.is_none() {
        minion.reborn_effects = Some(minion.effects);
    }
    minion.effects[slot] = effect;
    Ok(())
}

/// `n` tokens of `card` as the minion's deathrattle, which its reborn copy
/// does not keep. Only on a minion without a deathrattle of its own in
/// combat: Firestone fires the enchantment's first, which the engine's one
/// token and its order (tokens, then effects) cannot always say.
fn add_enchantment_tokens(
    minion: &mut Minion,
    card: &str,
    n: u8,
) -> std::result::Result<(), &'static str> {
    let own = minion.deathrattle.count > 0
        || minion
            .effects
            .iter()
            .any(|e| e.trigger == model::Trigger::Deathrattle);
    if own {
        return Err("a deathrattle beside the minion's own (not modelled yet)");
    }
    let mut token = cards::enchantment_token(card).ok_or("its token is not a known card")?;
    token.count = n;
    minion.reborn_deathrattle = Some(minion.deathrattle);
    minion.deathrattle = token;
    Ok(())
}

/// A side's game bonuses: the `globalInfo` object at `path`.
fn bonuses_from_value(value: &Value, path: &Path) -> Result<GameBonuses> {
    if !value.is_object() {
        return Err(path.error(Error::parse("the globalInfo must be a JSON object")));
    }
    let info = Fields::new(value, path);
    Ok(GameBonuses {
        blood_gem: info.counters("BloodGemAttackBonus", "BloodGemHealthBonus")?,
        summoned: info.counters("HauntedCarapaceAttackBonus", "HauntedCarapaceHealthBonus")?,
        undead: info.counters("UndeadAttackBonus", "UndeadHealthBonus")?,
        beasts: info.counters("GoldrinnBuffAtk", "GoldrinnBuffHealth")?,
        beetles: info.counters("BeetleAttackBuff", "BeetleHealthBuff")?,
        pirate_attack: info.counter("PirateAttackBonus")?,
        mech_attack: info.counter("MechAttackBonus")?,
        knights_died: info.counter("EternalKnightsDeadThisGame")?,
        knights: info.counters("EternalKnightAttackBuff", "EternalKnightHealthBuff")?,
        deathrattles: info.counter("DeathrattlesTriggeredThisGame")?,
        tavern_spells: info.counter("TavernSpellsCastThisGame")?,
        lobsters: info.counter("TastyLobstersBuff")?,
        automatons: info.counter("AstralAutomatonsSummonedThisGame")?,
    })
}

/// A hero's secrets and lingering spells from a Firestone `secrets` list
/// (`[{"cardId": "BG28_519", "scriptDataNum1": 2, "scriptDataNum2": 1}]`)
/// to the hero-side cards combat plays ([`cards::hero_card`]): entities
/// without a card id and cards acting only outside the boards are left
/// out; an unknown or unmodelled card is refused, named by its place
/// (`secrets[1]: ...`).
pub fn heroes_from_json(text: &str) -> Result<Vec<model::HeroCard>> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(format!("the secrets are not JSON: {e}")))?;
    let refuse = &mut Unmodelled::new(OnUnmodelled::Refuse);
    battle::heroes_from_value(&value, &Path::Json("secrets".to_string()), refuse)
}

/// The hero-side cards a hero's hero powers are in combat, from a
/// Firestone `heroPowers` list (`[{"cardId": "TB_BaconShop_HP_069"}]`):
/// those the engine plays as hero-side cards (`cards::PowerPlay::
/// StartOfCombat`: Wingmen); those acting outside combat are left out,
/// any other (not modelled, unknown, or played on the board by the
/// reader) is refused, named by its place (`heroPowers[1]: ...`).
pub fn hero_powers_from_json(text: &str) -> Result<Vec<model::HeroCard>> {
    hero_powers_on_board_from_json(text, "null")
}

/// As `hero_powers_from_json`, with the side's board (a Firestone
/// `board` entity list) where a hero power used on a minion finds it
/// (`cards::PowerPlay::DestroysAndResummons`: Rapid Reanimation, the
/// minion carrying its enchantment).
pub fn hero_powers_on_board_from_json(text: &str, board: &str) -> Result<Vec<model::HeroCard>> {
    powers_from_json(text, board, None)
}

/// As `hero_powers_on_board_from_json` in the game's turn `turn`
/// (Firestone's `gameState.currentTurn`), which some hero powers wait for
/// (`cards::PowerPlay::CopiesBestWhenSpace`: Frostwolf Fervor from turn
/// 7), refused without it.
pub fn hero_powers_at_turn_from_json(
    text: &str,
    board: &str,
    turn: i64,
) -> Result<Vec<model::HeroCard>> {
    powers_from_json(text, board, Some(turn))
}

fn powers_from_json(text: &str, board: &str, turn: Option<i64>) -> Result<Vec<model::HeroCard>> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(format!("the hero powers are not JSON: {e}")))?;
    let entities: Value = serde_json::from_str(board)
        .map_err(|e| Error::parse(format!("the board is not JSON: {e}")))?;
    let refuse = &mut Unmodelled::new(OnUnmodelled::Refuse);
    let path = Path::Json("heroPowers".to_string());
    battle::hero_powers_from_value(&value, &entities, &path, turn, refuse)
}

mod battle;
mod unmodelled;
pub use battle::{Battle, battle_from_json, combat_from_battle_json};
use unmodelled::Unmodelled;
pub use unmodelled::{OnUnmodelled, Place, UnmodelledCard};

#[cfg(test)]
mod tests;
