//! A whole fight as Firestone's app logs it before it simulates one
//! (`BgsBattleInfo` JSON): `playerBoard` (side A) and `opponentBoard`
//! (side B), each with its `board` (the entity list
//! [`board_from_json`](super::board_from_json) reads) and its `player`
//! (`tavernTier`, `globalInfo`, hero powers, trinkets, quest rewards,
//! secrets, hand); `gameState` (`anomalies`); in Duos, each side's
//! teammate (`playerTeammateBoard`, `opponentTeammateBoard`: a side's
//! `board` and `player`, read as a side is, `Combat::teammates`; null or
//! absent: none).
//!
//! Each side's secrets and lingering spells (`player.secrets`, else the
//! side's `secrets`, as Firestone reads them) become its hero-side cards
//! (`Combat::heroes`, `cards::hero_card`); one not modelled is refused.
//!
//! Hero powers, trinkets, quest rewards and anomalies that act only
//! outside combat (`cards::POWERS`: most of them) are skipped, and so are
//! empty trinket slots. What combat does not model yet is never dropped
//! silently: hero powers, trinkets, quest rewards and anomalies that act
//! in combat or that the table does not know, minions and hand cards
//! whose effect is not modelled, on the teammates too, are refused by
//! name (an error naming the JSON path and the card id), or with
//! [`OnUnmodelled::Ignore`] left out and listed (`Battle::unmodelled`). The hand
//! (`player.hand`) becomes `Combat::hands`: its Battlegrounds minions
//! with their stats and keywords there; one that acts from the hand
//! (Flighty Scout; not once `locked`, summoned already) is read whole, as
//! a board's minion is, the others for their stats alone (their effects
//! do nothing from the hand). Other cards (spells) are left out; one
//! with stats is refused beside a minion that reads the hand's stats.
//! Unknown keys are ignored.

use super::unmodelled::{OnUnmodelled, Place, Unmodelled, UnmodelledCard};
use super::{Fields, Path, board_from_value, bonuses_from_value, minion_from_value};
use crate::error::{Error, ErrorKind, Result};
use crate::hearthstone::cards::{self, Given, PowerPlay, PowerRow};
use crate::hearthstone::combat::{Combat, GameBonuses, HeroCard, MAX_HERO_CARDS, Minion, Teammate};
use crate::hearthstone::model::{Action, Effect, Target, Trigger};
use serde_json::Value;

/// The two sides of a fight, in the order they become sides A and B.
const SIDES: [&str; 2] = ["playerBoard", "opponentBoard"];

/// The teammates' boards of a Duos fight.
const TEAMMATES: [&str; 2] = ["playerTeammateBoard", "opponentTeammateBoard"];

/// Lists of a side's `player` that hold hero powers, trinkets and quests
/// (`cards::POWERS`), and what each holds.
const HERO_LISTS: [(&str, &str, Place); 5] = [
    ("heroPowers", "hero power", Place::HeroPower),
    ("trinkets", "trinket", Place::Trinket),
    ("questRewards", "quest reward", Place::QuestReward),
    ("questRewardEntities", "quest reward", Place::QuestReward),
    ("questEntities", "quest", Place::Quest),
];

/// A whole game state read: the combat, and what it holds that might act
/// in combat but is left out (empty unless read with
/// [`OnUnmodelled::Ignore`]; when not empty, an answer is approximate).
#[derive(Clone, Debug)]
pub struct Battle {
    /// The fight, without what is listed in `unmodelled`.
    pub combat: Combat,
    /// What might act in combat but is left out, in the state's order.
    pub unmodelled: Vec<UnmodelledCard>,
}

/// The combat of a whole Firestone game state (`BgsBattleInfo` JSON):
/// `playerBoard` is side A, `opponentBoard` side B; each side's
/// `player.tavernTier` (1 to 7) and `player.globalInfo` (the game
/// bonuses, see [`bonuses_from_global_info`](super::bonuses_from_global_info)).
///
/// Errors name the value by its JSON path (`playerBoard.board[2].health
/// is missing`): malformed values, unknown or unmodelled cards, and what
/// combat does not model yet (hero powers, trinkets, quest rewards,
/// anomalies that act in combat or are unknown, secrets not modelled),
/// each by its card id, the Duos
/// teammates' included; and cards the engines cannot play together
/// (`Combat::check`): a combat read is one the engines take.
pub fn combat_from_battle_json(text: &str) -> Result<Combat> {
    battle_from_json(text, OnUnmodelled::Refuse).map(|b| b.combat)
}

/// [`combat_from_battle_json`] with a choice for what is not modelled:
/// refused as there, or ignored and listed. Ignoring, two cards modelled
/// each that the engines cannot play together (`Combat::check`) are
/// answered with the one the refusal names (`Error::culprit`) read with
/// its stats and keywords alone, listed with the refusal as its reason.
/// Malformed input, and refusals naming no such card, stay errors.
pub fn battle_from_json(text: &str, on_unmodelled: OnUnmodelled) -> Result<Battle> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(format!("the game state is not JSON: {e}")))?;
    let mut unmodelled = Unmodelled::new(on_unmodelled);
    loop {
        let read = combat_from_battle_value(&value, &mut unmodelled);
        // A state read is one the engines take (`Combat::check`).
        // Ignoring what is not modelled, two cards the engine cannot play
        // together are read again with the refusal's culprit plain, until
        // the engines take the combat (each culprit once: it ends).
        let checked = read.and_then(|combat| combat.check().map(|()| combat));
        match checked {
            Ok(combat) => {
                return Ok(Battle {
                    combat,
                    unmodelled: unmodelled.into_list(),
                });
            }
            Err(refusal) if unmodelled.leave_out_culprit(&refusal) => {}
            Err(refusal) => return Err(refusal),
        }
    }
}

fn combat_from_battle_value(value: &Value, unmodelled: &mut Unmodelled) -> Result<Combat> {
    let top = Path::Json(String::new());
    if !value.is_object() {
        return Err(Error::parse("the game state must be a JSON object"));
    }
    let fields = Fields::new(value, &top);
    // No anomaly plays on a board (`meet_power` meets one as not modelled).
    meet_listed(
        fields.get("gameState").and_then(|g| g.get("anomalies")),
        &top.key("gameState").key("anomalies"),
        ("anomaly", Place::Anomaly),
        unmodelled,
    )?;
    // The game's turn (`gameState.currentTurn`), which some hero powers
    // wait for (none when absent or no number: they never play).
    let turn = fields
        .get("gameState")
        .and_then(|g| g.get("currentTurn"))
        .and_then(Value::as_i64);
    let mut sides = Vec::with_capacity(2);
    for name in SIDES {
        let side = fields
            .get(name)
            .ok_or_else(|| top.key_error(ErrorKind::Parse, name, "is missing"))?;
        if !side.is_object() {
            return Err(top.key(name).error(Error::parse("must be a JSON object")));
        }
        sides.push(side_from_value(side, &top.key(name), turn, unmodelled)?);
    }
    // Duos: a teammate given (not null) fights once its partner's board
    // is wiped out, even with an empty board (Firestone's).
    let mut teammates = [None, None];
    for (i, name) in TEAMMATES.into_iter().enumerate() {
        let Some(side) = fields.get(name).filter(|s| !s.is_null()) else {
            continue;
        };
        if !side.is_object() {
            return Err(top
                .key(name)
                .error(Error::parse("must be a JSON object or null")));
        }
        teammates[i] = Some(side_from_value(side, &top.key(name), turn, unmodelled)?);
    }
    let [a, b]: [Teammate; 2] = sides
        .try_into()
        .map_err(|_| Error::parse("the game state must have two sides"))?;
    let combat = Combat {
        a: a.board,
        b: b.board,
        tiers: [a.tier, b.tier],
        bonuses: [a.bonuses, b.bonuses],
        heroes: [a.heroes, b.heroes],
        hands: [a.hand, b.hand],
        teammates,
    };
    combat.check_hands()?;
    combat.check_battlecries()?;
    combat.check_remembered_deathrattles()?;
    combat.check_gilding()?;
    combat.check_heroes()?;
    Ok(combat)
}

/// One side of the fight (or a Duos teammate) at `path`: its `player`
/// (tier, bonuses, secrets, hand; hero powers, trinkets and quests
/// skipped when they act only outside combat, else met as unmodelled)
/// and its `board`; `turn` the game's (`gameState.currentTurn`).
fn side_from_value(
    side: &Value,
    path: &Path,
    turn: Option<i64>,
    unmodelled: &mut Unmodelled,
) -> Result<Teammate> {
    let side_fields = Fields::new(side, path);
    let player_path = path.key("player");
    let player = side_fields
        .get("player")
        .ok_or_else(|| path.key_error(ErrorKind::Parse, "player", "is missing"))?;
    if !player.is_object() {
        return Err(player_path.error(Error::parse("must be a JSON object")));
    }
    let player_fields = Fields::new(player, &player_path);
    let mut plays = Vec::new();
    for (list, what, place) in HERO_LISTS {
        let at = player_path.key(list);
        plays.extend(meet_listed(
            player_fields.get(list),
            &at,
            (what, place),
            unmodelled,
        )?);
    }
    // The older single hero power, which Firestone reads only when the
    // list is empty.
    let listed = player_fields
        .get("heroPowers")
        .and_then(Value::as_array)
        .is_some_and(|l| !l.is_empty());
    if let Some(Value::String(id)) = player_fields.get("heroPowerId")
        && !listed
    {
        let at = player_path.key("heroPowerId");
        if let Some(row) = meet_power(id, &at, ("hero power", Place::HeroPower), unmodelled)? {
            let info = player_fields.get("heroPowerInfo");
            plays.push(PowerOnBoard {
                row,
                used: player_fields.get("heroPowerUsed") == Some(&Value::Bool(true)),
                info: info.and_then(Value::as_i64),
                info_id: info.and_then(Value::as_str).map(str::to_string),
                // The older fields hold no info3 (Firestone reads none).
                numbers: [player_fields.get("heroPowerInfo2"), None].map(number),
                // Nor a count of deaths seen.
                seen: None,
                path: at,
            });
        }
    }
    // Firestone reads the player's list, else the side's.
    let mut heroes = match player_fields.get("secrets") {
        Some(list) => heroes_from_value(list, &player_path.key("secrets"), unmodelled)?,
        None => match side_fields.get("secrets") {
            Some(list) => heroes_from_value(list, &path.key("secrets"), unmodelled)?,
            None => Vec::new(),
        },
    };
    let tier = player_fields.tier("tavernTier")?;
    let bonuses = match player_fields.get("globalInfo") {
        Some(info) => bonuses_from_value(info, &player_path.key("globalInfo"))?,
        None => GameBonuses::default(),
    };
    let board = side_fields
        .get("board")
        .ok_or_else(|| path.key_error(ErrorKind::Parse, "board", "is missing"))?;
    let entities = board;
    let mut board = board_from_value(board, &path.key("board"), unmodelled)?;
    // Firestone's pre-combat hero powers skip a player with no health left.
    let alive = player_fields
        .get("hpLeft")
        .and_then(Value::as_f64)
        .is_none_or(|hp| hp > 0.0);
    if alive {
        for play in &plays {
            play.give(&mut board, entities);
        }
        // Hero powers act before the secrets (Firestone's phases).
        let mut powers = Vec::new();
        let reader = board.iter().find(|m| m.reads_hand()).and_then(|m| m.name);
        for play in &plays {
            if let Some(why) = unmodelled.left_out(play.row.name).map(Error::invalid) {
                unmodelled.meet(play.row.id, Place::HeroPower, &play.path, why)?;
                continue;
            }
            if let Some(reader) = reader.filter(|_| play.changes_hand()) {
                let why = play.not_modelled(&format!(
                    "it changes the hand in combat, which {reader} reads"
                ));
                unmodelled.meet(play.row.id, Place::HeroPower, &play.path, why)?;
                continue;
            }
            let card = match play.hero_card(entities, turn) {
                Ok(Some(card)) => card,
                Ok(None) => continue,
                Err(why) if why.culprit() == Some(play.row.name) => {
                    unmodelled.meet(play.row.id, Place::HeroPower, &play.path, why)?;
                    continue;
                }
                Err(e) => return Err(e),
            };
            powers.push(card);
        }
        if heroes.len() + powers.len() > MAX_HERO_CARDS {
            return Err(player_path.error(Error::invalid(format!(
                "{} hero powers, secrets and spells act in combat; at most {MAX_HERO_CARDS}",
                heroes.len() + powers.len()
            ))));
        }
        heroes.splice(0..0, powers);
    }
    let summoned = board.iter().any(Minion::summons_from_hand);
    // The tribes of the hand's minions they summon (all when one takes any).
    let summoned_tribes = board
        .iter()
        .flat_map(|m| m.effects.iter())
        .fold(0u32, |t, e| match e.action {
            Action::SummonFromHand { tribes: 0, .. } => u32::MAX,
            Action::SummonFromHand { tribes, .. } => t | tribes,
            _ => t,
        });
    let reader = (board.iter())
        .find(|m| m.reads_hand())
        .map(|m| m.name.unwrap_or("a minion"));
    if let Some(reader) = reader {
        refuse_choral_counters(player_fields.get("globalInfo"), &player_path, reader)?;
    }
    let hand_path = player_path.key("hand");
    let hand = hand_from_value(
        player_fields.get("hand"),
        &hand_path,
        (reader, summoned, summoned_tribes),
        unmodelled,
    )?;
    Ok(Teammate {
        board,
        tier,
        bonuses,
        heroes,
        hand,
    })
}

/// A side's secrets and lingering spells, the list at `path`: each
/// entity's `cardId` and script numbers (`cards::hero_card`); entities
/// without a card id are left out (as Firestone does), those acting only
/// outside the boards too. An unknown or unmodelled card is refused by
/// name.
pub(super) fn heroes_from_value(
    list: &Value,
    path: &Path,
    unmodelled: &mut Unmodelled,
) -> Result<Vec<HeroCard>> {
    let Some(items) = list.as_array() else {
        return Err(path.error(Error::parse("must be a JSON list")));
    };
    let mut heroes = Vec::new();
    for (j, item) in items.iter().enumerate() {
        let item_path = path.minion(j);
        let fields = Fields::new(item, &item_path);
        let Some(id) = fields.get("cardId").and_then(Value::as_str) else {
            continue;
        };
        if id.is_empty() {
            continue;
        }
        let script = [
            fields.script("scriptDataNum1")?.map(i64::from),
            fields.script("scriptDataNum2")?.map(i64::from),
        ];
        match cards::hero_card(id, script) {
            Ok(Some(card)) => match unmodelled.left_out(card.name).map(Error::invalid) {
                None => heroes.push(card),
                Some(why) => unmodelled.meet(id, Place::Secret, &item_path, why)?,
            },
            Ok(None) => {}
            Err(why) if why.kind() == ErrorKind::Parse => return Err(item_path.error(why)),
            Err(why) => {
                let why = Error::invalid(format!(
                    "{}; leave it out to fight without it",
                    why.message()
                ));
                unmodelled.meet(id, Place::Secret, &item_path, why)?;
            }
        }
    }
    if heroes.len() > MAX_HERO_CARDS {
        return Err(path.error(Error::invalid(format!(
            "{} secrets and spells act in combat; at most {MAX_HERO_CARDS}",
            heroes.len()
        ))));
    }
    Ok(heroes)
}

/// Counters of `globalInfo` that Firestone's Choral Mrrrglr takes
/// instead of the hand's stats when they are not 0.
const CHORAL_COUNTERS: [&str; 2] = ["ChoralAttackBuff", "ChoralHealthBuff"];

/// An error when a side whose minion `reader` reads the hand has a Choral
/// counter in its `globalInfo` that is not 0: Firestone's Choral Mrrrglr
/// gains it rather than the hand's stats, which the engine does not play.
fn refuse_choral_counters(info: Option<&Value>, player: &Path, reader: &'static str) -> Result<()> {
    for key in CHORAL_COUNTERS {
        let value = info.and_then(|i| i.get(key)).and_then(Value::as_i64);
        if value.is_some_and(|v| v != 0) {
            let why = Error::invalid(
                "a Choral Mrrrglr count of earlier turns, which Firestone gains instead of the hand's stats: not modelled yet",
            );
            return Err(player
                .key("globalInfo")
                .key(key)
                .error(why.with_culprit(reader)));
        }
    }
    Ok(())
}

/// Whether a minion acts from the hand.
fn acts_from_hand(m: &Minion) -> bool {
    m.effects
        .iter()
        .any(|e| matches!(e.action, Action::SummonCopyFromHand { .. }))
}

/// The minions of the hand at `path` (null or absent: none), left to
/// right: one that acts from the hand and is not `locked` read whole, and
/// all when a minion of the side summons from the hand (`summoned`: one
/// `locked`, summoned already, is refused when of `summoned_tribes`), others for their stats and
/// their card's tier, tribes, keywords and name. Cards that are no
/// Battlegrounds minion are left out; one with attack or health is
/// refused when a minion of the side (`reader`) reads the hand.
fn hand_from_value(
    hand: Option<&Value>,
    path: &Path,
    (reader, summoned, summoned_tribes): (Option<&'static str>, bool, u32),
    unmodelled: &mut Unmodelled,
) -> Result<Vec<Minion>> {
    let Some(hand) = hand.filter(|v| !v.is_null()) else {
        return Ok(Vec::new());
    };
    let items = hand
        .as_array()
        .ok_or_else(|| path.error(Error::parse("must be a JSON list")))?;
    let mut minions = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let at = path.minion(i);
        let fields = Fields::new(item, &at);
        let id = item.get("cardId").and_then(Value::as_str).unwrap_or("");
        let Some(card) = cards::by_id(id) else {
            let stat = |k: &str| item.get(k).and_then(Value::as_i64).unwrap_or(0);
            if let Some(reader) = reader
                && (stat("attack") != 0 || stat("health") != 0)
            {
                let why = Error::invalid(format!(
                    "{id}: a card with stats that is no Battlegrounds minion, in a hand {reader} reads: not modelled yet"
                ));
                return Err(at.error(why.with_culprit(reader)));
            }
            continue;
        };
        let locked = fields.flag("locked")?.unwrap_or(false);
        // A locked card no summoner would take (Diremuck Forager's
        // Murlocs) changes nothing.
        if summoned && locked && card.tribes & summoned_tribes != 0 {
            return Err(at.error(Error::invalid(format!(
                "{} ({}) is locked (summoned already) in a hand a minion summons from: not modelled yet",
                card.name, card.id
            ))));
        }
        // A card not modelled that acts from the hand in combat (Free-Flying
        // Feathermane: "summon this from your hand") would be missed.
        if cards::minion_of(card).is_err()
            && card.text.to_lowercase().contains("this from your hand")
        {
            let why = Error::invalid(format!(
                "{} ({}) acts from the hand in combat: not modelled yet",
                card.name, card.id
            ));
            unmodelled.meet(card.id, Place::Hand, &at, why)?;
        }
        let whole = summoned || cards::minion_of(card).is_ok_and(|m| acts_from_hand(&m));
        let minion = if whole && !locked {
            minion_from_value(item, &at, unmodelled)?
        } else {
            Minion {
                tier: card.tier,
                tribes: card.tribes,
                keywords: card.keywords,
                name: Some(card.name),
                ..Minion::new(fields.stat("attack")?, fields.stat("health")? as i16)
            }
        };
        minions.push(minion);
    }
    Ok(minions)
}

/// A JSON number as an integer (none when absent or not a number).
fn number(v: Option<&Value>) -> Option<i64> {
    v.and_then(Value::as_i64)
}

/// A hero power the reader plays on its side's board (a `GivesKeywords`
/// row), with what the state says of it.
struct PowerOnBoard {
    row: &'static PowerRow,
    /// Its `used` flag.
    used: bool,
    /// Its `info` number.
    info: Option<i64>,
    /// Its `info` when it is a card id (Embrace Your Rage's card).
    info_id: Option<String>,
    /// Its `info2` and `info3` numbers.
    numbers: [Option<i64>; 2],
    /// Its `scoreValue2`: an avenge's deaths seen already.
    seen: Option<i64>,
    /// Where the state holds it.
    path: Path,
}

impl PowerOnBoard {
    /// The hero-side card it is in combat (a `StartOfCombat`,
    /// `SummonsWhenSpace`, `AtStart`, `SummonsInfoCard`,
    /// `DestroysAndResummons` or `AvengeSummons` row), if it is one; `entities`: its side's
    /// board list (one minion per entity, in order), where a
    /// `DestroysAndResummons` finds its chosen minion; `turn` the game's,
    /// which a `CopiesBestWhenSpace` waits for. Errors: a
    /// `SummonsWhenSpace` whose `info` (its token's stats) is not 1 to
    /// 32767; what the engine does not play (an `AtStart` without its
    /// number, a card not modelled), named as not modelled.
    fn hero_card(&self, entities: &Value, turn: Option<i64>) -> Result<Option<HeroCard>> {
        let card = |action| HeroCard {
            id: self.row.id,
            name: self.row.name,
            effect: Effect {
                trigger: Trigger::StartOfCombat,
                action,
            },
            ..HeroCard::default()
        };
        match self.row.play {
            PowerPlay::StartOfCombat { action } => Ok(Some(card(action))),
            PowerPlay::GivesSummoned {
                attack,
                health,
                keywords,
            } => Ok(Some(HeroCard {
                effect: Effect {
                    trigger: Trigger::FriendlySummoned {
                        tribes: 0,
                        after: false,
                    },
                    action: Action::Buff {
                        target: Target::Friend,
                        attack,
                        health,
                        keywords,
                    },
                },
                ..card(Action::Nothing)
            })),
            PowerPlay::AtStart {
                action,
                phase,
                used_only,
                amount,
            } => {
                if used_only && !self.used {
                    return Ok(None);
                }
                let action = match amount.field() {
                    None => action,
                    Some(field) => {
                        let n = match amount {
                            cards::Amount::Info2 => self.numbers[0],
                            _ => self.numbers[1],
                        };
                        let scaled = n
                            .filter(|&n| n >= 1)
                            .and_then(|n| u16::try_from(n).ok())
                            .and_then(|n| cards::scaled(action, n));
                        scaled.ok_or_else(|| {
                            self.not_modelled(&format!(
                                "its {field} (its number) is missing or below 1, which Firestone plays as no number"
                            ))
                        })?
                    }
                };
                Ok(Some(HeroCard {
                    pre_combat: phase == cards::Phase::PreCombat,
                    hero_power: phase == cards::Phase::HeroPowers,
                    ..card(action)
                }))
            }
            PowerPlay::SummonsInfoCard => {
                let id = self.info_id.as_deref().filter(|id| !id.is_empty());
                let Some(id) = id.filter(|_| self.used) else {
                    return Ok(None);
                };
                let def = cards::by_id(id)
                    .ok_or_else(|| self.not_modelled(&format!("its card {id} is not known")))?;
                let minion = cards::minion_of(def).map_err(|e| self.not_modelled(e.message()))?;
                let why = if let Some(why) =
                    crate::hearthstone::combat::unplayed_when_summoned(&minion)
                {
                    Some(format!("has a {why}, which is not played when summoned"))
                } else if cards::script_gift(def).is_some() {
                    Some("grows over the game, which a fresh card reads from it".to_string())
                } else if minion.reads_hand() || acts_from_hand(&minion) {
                    Some("acts with the hand its copy joins".to_string())
                } else {
                    None
                };
                if let Some(why) = why {
                    let name = def.name;
                    return Err(self.not_modelled(&format!("its card {name} ({id}) {why}")));
                }
                Ok(Some(HeroCard {
                    minion: Some(minion),
                    pre_combat: true,
                    ..card(Action::Summon { count: 1 })
                }))
            }
            PowerPlay::SummonsWhenSpace { token } => {
                let size = self
                    .info
                    .and_then(|n| u16::try_from(n).ok())
                    .filter(|n| (1..=i16::MAX as u16).contains(n))
                    .ok_or_else(|| {
                        self.path.error(Error::parse(format!(
                            "{} ({}): its info (the size of its {token}) must be a number 1 to 32767",
                            self.row.name, self.row.id
                        )))
                    })?;
                let mut token = cards::enchantment_token(token).ok_or_else(|| {
                    Error::invalid(format!("{}: its token {token} is not known", self.row.id))
                })?;
                (token.attack, token.health) = (size, size);
                Ok(Some(HeroCard {
                    token,
                    when_space: true,
                    pre_combat: true,
                    ..card(Action::Summon { count: 1 })
                }))
            }
            PowerPlay::AvengeSummons { deaths, token } => {
                // No info: Firestone's whelp is NaN/NaN, never summoned.
                let Some(info) = self.info else {
                    return Ok(None);
                };
                let mut token = cards::enchantment_token(token).ok_or_else(|| {
                    Error::invalid(format!("{}: its token {token} is not known", self.row.id))
                })?;
                let size = info.clamp(i64::from(i16::MIN), i64::from(i16::MAX)) as i16;
                // The kind's stats: the first size that enters.
                (token.attack, token.health) = (size.max(1) as u16, size.max(1) as u16);
                token.marks |= crate::hearthstone::model::Marks::ATTACKS_AT_ONCE;
                let left = i64::from(deaths) - self.seen.unwrap_or(0);
                Ok(Some(HeroCard {
                    token,
                    attacks_at_once: true,
                    avenge_left: left.clamp(i64::from(i8::MIN), i64::from(i8::MAX)) as i8,
                    improving: Some(size),
                    effect: Effect {
                        trigger: Trigger::Avenge { deaths },
                        action: Action::Summon { count: 1 },
                    },
                    ..card(Action::Summon { count: 1 })
                }))
            }
            PowerPlay::CopiesBestWhenSpace {
                by_health,
                from_turn,
            } => {
                // Firestone's `currentTurn >= 7`: never without a turn.
                if turn.is_none_or(|t| t < i64::from(from_turn)) {
                    return Ok(None);
                }
                Ok(Some(HeroCard {
                    when_space: true,
                    pre_combat: true,
                    ..card(Action::SummonCopyOfBest { by_health })
                }))
            }
            PowerPlay::DestroysAndResummons { mark } if self.used => {
                let Some(slot) = marked_minion(entities, mark) else {
                    return Ok(None);
                };
                let target = Target::Chosen { slot };
                Ok(Some(HeroCard {
                    when_space: true,
                    pre_combat: true,
                    resummons: true,
                    ..card(Action::Destroy { target })
                }))
            }
            _ => Ok(None),
        }
    }

    /// The refusal of what the engine does not play of it (`why`), with
    /// the hero power as its culprit (left out under
    /// `OnUnmodelled::Ignore`).
    fn not_modelled(&self, why: &str) -> Error {
        Error::invalid(format!(
            "{} ({}): {why}, which is not modelled yet; leave it out to fight without it",
            self.row.name, self.row.id
        ))
        .with_culprit(self.row.name)
    }

    /// Whether it changes its side's hand in combat (the copy of a card
    /// it summons, a card it takes), which a minion of `board` reading
    /// the hand would see.
    fn changes_hand(&self) -> bool {
        match self.row.play {
            PowerPlay::PutsInHand => self.used,
            PowerPlay::SummonsInfoCard => {
                self.used && self.info_id.as_ref().is_some_and(|i| !i.is_empty())
            }
            _ => false,
        }
    }

    /// Gives its keywords to the minion it names on `board`, read from
    /// the entity list `entities` (one minion per entity, in order).
    fn give(&self, board: &mut [Minion], entities: &Value) {
        let PowerPlay::GivesKeywords { to, keywords } = self.row.play else {
            return;
        };
        let index = match to {
            Given::Leftmost => 0,
            Given::Chosen if self.used => {
                let Some(info) = self.info else { return };
                let chosen = entities.as_array().and_then(|list| {
                    list.iter()
                        .position(|e| e.get("entityId").and_then(Value::as_i64) == Some(info))
                });
                match chosen {
                    Some(i) => i,
                    None => return,
                }
            }
            Given::Chosen => return,
        };
        if let Some(minion) = board.get_mut(index) {
            minion.keywords |= keywords;
        }
    }
}

/// The slot of the minion of `entities` (a board list) marked by the
/// enchantment `mark`, as Firestone picks it among several: the largest
/// `originEntityId` of its first such enchantment, then the largest
/// `entityId`; none when no minion carries it.
fn marked_minion(entities: &Value, mark: &str) -> Option<u8> {
    let id = |v: &Value, k: &str| v.get(k).and_then(Value::as_i64).unwrap_or(0);
    let list = entities.as_array()?;
    let marked = list.iter().enumerate().filter_map(|(i, e)| {
        let first = e
            .get("enchantments")?
            .as_array()?
            .iter()
            .find(|n| n.get("cardId").and_then(Value::as_str) == Some(mark))?;
        Some(((id(first, "originEntityId"), id(e, "entityId")), i))
    });
    let (_, slot) = marked.max_by_key(|&(key, _)| key)?;
    u8::try_from(slot).ok()
}

/// The hero-side cards of the hero powers of the list at `path`
/// (`firestone::hero_powers_from_json`), `entities` their side's board
/// list (where a power used on a minion finds it; null: none): a card the
/// reader plays on the board, or one used on no minion of `entities`, is
/// refused, being no hero-side card; `turn` the game's (none: a hero
/// power waiting for a turn is refused).
pub(super) fn hero_powers_from_value(
    list: &Value,
    entities: &Value,
    path: &Path,
    turn: Option<i64>,
    unmodelled: &mut Unmodelled,
) -> Result<Vec<HeroCard>> {
    let plays = meet_listed(
        Some(list),
        path,
        ("hero power", Place::HeroPower),
        unmodelled,
    )?;
    let mut cards = Vec::new();
    for play in plays {
        // A list alone gives no game turn, which it waits for.
        if turn.is_none() && matches!(play.row.play, PowerPlay::CopiesBestWhenSpace { .. }) {
            return Err(play.path.error(Error::invalid(format!(
                "{} ({}) plays from a turn of the game on, which a hero power list alone does not give: read the whole game state",
                play.row.name, play.row.id
            ))));
        }
        match play.hero_card(entities, turn)? {
            Some(card) => cards.push(card),
            // Acting on the board: refused alone (a power used on a
            // minion, with no board to find it on).
            None if !(matches!(play.row.play, PowerPlay::GivesKeywords { .. })
                || matches!(play.row.play, PowerPlay::DestroysAndResummons { .. })
                    && entities.is_null()) => {}
            None => {
                return Err(play.path.error(Error::invalid(format!(
                    "{} ({}) acts on a minion of the board (gives it keywords, or is used on it), not as a hero-side card alone",
                    play.row.name, play.row.id
                ))));
            }
        }
    }
    if cards.len() > MAX_HERO_CARDS {
        return Err(path.error(Error::invalid(format!(
            "{} hero powers act in combat; at most {MAX_HERO_CARDS}",
            cards.len()
        ))));
    }
    Ok(cards)
}

/// Meets each card of the list at `path` (`what`: hero powers,
/// trinkets, ...) as [`meet_power`] does, and gives those the reader
/// plays; null, absent or empty is fine, anything else than a list is a
/// parse error.
fn meet_listed(
    list: Option<&Value>,
    path: &Path,
    (what, place): (&str, Place),
    unmodelled: &mut Unmodelled,
) -> Result<Vec<PowerOnBoard>> {
    let mut plays = Vec::new();
    let Some(list) = list.filter(|v| !v.is_null()) else {
        return Ok(plays);
    };
    let Some(items) = list.as_array() else {
        return Err(path.error(Error::parse("must be a JSON list")));
    };
    for (i, item) in items.iter().enumerate() {
        let id = match item {
            Value::String(id) => id.as_str(),
            // An entry without a card (Firestone's lists hold nulls).
            Value::Null => continue,
            // Quests and their rewards spell it `CardId`.
            other => ["cardId", "CardId"]
                .iter()
                .find_map(|k| other.get(*k).and_then(Value::as_str))
                .unwrap_or("?"),
        };
        if let Some(row) = meet_power(id, &path.minion(i), (what, place), unmodelled)? {
            plays.push(PowerOnBoard {
                row,
                used: item.get("used") == Some(&Value::Bool(true)),
                info: item.get("info").and_then(Value::as_i64),
                info_id: item.get("info").and_then(Value::as_str).map(str::to_string),
                numbers: [item.get("info2"), item.get("info3")].map(number),
                seen: number(item.get("scoreValue2")),
                path: path.minion(i),
            });
        }
    }
    Ok(plays)
}

/// The hero power, trinket, quest reward or anomaly `id` at `path`
/// (`what`: its kind in words): its row when the reader plays it; none
/// when it acts only outside combat (`cards::power_row`) or is no card
/// (empty, an empty trinket slot); else, not modelled or unknown, refused
/// or listed. The reader plays hero powers only: another kind's row that
/// would play is met as not modelled.
fn meet_power(
    id: &str,
    path: &Path,
    (what, place): (&str, Place),
    unmodelled: &mut Unmodelled,
) -> Result<Option<&'static PowerRow>> {
    if id.is_empty() || cards::is_empty_slot(id) {
        return Ok(None);
    }
    let why = match cards::power_row(id) {
        Some(row) => match row.play {
            PowerPlay::OutsideCombat => return Ok(None),
            PowerPlay::GivesKeywords { .. }
            | PowerPlay::StartOfCombat { .. }
            | PowerPlay::SummonsWhenSpace { .. }
            | PowerPlay::AtStart { .. }
            | PowerPlay::GivesSummoned { .. }
            | PowerPlay::SummonsInfoCard
            | PowerPlay::PutsInHand
            | PowerPlay::DestroysAndResummons { .. }
            | PowerPlay::CopiesBestWhenSpace { .. }
            | PowerPlay::AvengeSummons { .. }
                if place == Place::HeroPower =>
            {
                return Ok(Some(row));
            }
            PowerPlay::GivesKeywords { .. }
            | PowerPlay::StartOfCombat { .. }
            | PowerPlay::SummonsWhenSpace { .. }
            | PowerPlay::AtStart { .. }
            | PowerPlay::GivesSummoned { .. }
            | PowerPlay::SummonsInfoCard
            | PowerPlay::PutsInHand
            | PowerPlay::DestroysAndResummons { .. }
            | PowerPlay::CopiesBestWhenSpace { .. }
            | PowerPlay::AvengeSummons { .. } => format!(
                "{} ({id}): a hero power, met as a {what}: not modelled",
                row.name
            ),
            PowerPlay::NotModelled { reason } => format!(
                "{} ({id}): {reason}, which is not modelled yet; leave it out to fight without it",
                row.name
            ),
        },
        None => format!(
            "{id}: this {what} is not known, so not modelled; leave it out to fight without it"
        ),
    };
    unmodelled.meet(id, place, path, Error::invalid(why))?;
    Ok(None)
}
