//! The hero-side cards: secrets and lingering spells a side holds in
//! combat (a game state's `secrets` list), one row each, as the minions'
//! rows of the effect table: what the engine plays for it, that it acts
//! only outside the fight of the boards, or why it is not modelled yet.
//! A row's numbers may come from the game state: a card whose text reads
//! "+{0}/+{1}" takes the entity's `scriptDataNum1` and `scriptDataNum2`.
//!
//! The rows are written by hand from each card's text and how Firestone
//! plays it (`src/simulation/start-of-combat/soc-secret.ts`,
//! `on-being-attacked.ts`, `src/cards/impl/bg-spell/`). Hero powers,
//! trinkets, quest rewards and anomalies have their own table
//! (`hero_powers.rs`).

use crate::error::{Error, Result};
use crate::hearthstone::model::{Action, Effect, HeroCard, REBORN, TAUNT, Target, Token, Trigger};

/// What the engine does with a hero-side card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeroPlay {
    /// Plays `effect`; when `scripted`, a `Buff`'s attack and health are
    /// the entity's script numbers (1 and 2).
    Plays {
        /// The trigger and action.
        effect: Effect,
        /// Its stats are the entity's script numbers.
        scripted: bool,
    },
    /// A secret: when a friendly minion is attacked, while its board has
    /// room, it summons the card `token` (with `keywords` added) at the
    /// right end of the board, once (Venomstrike Trap's Cobra).
    SummonsWhenAttacked {
        /// The summoned card's id.
        token: &'static str,
        /// Keywords it gets (the better trap's reborn).
        keywords: u8,
    },
    /// A secret: when a friendly minion is attacked, while its board has
    /// room, a copy of that minion to its right (`Action::SummonCopy`),
    /// with `attack`/`health` when not 0, once (Pack Tactics).
    CopiesWhenAttacked {
        /// The copy's attack (0: the minion's).
        attack: u16,
        /// The copy's health (0: the minion's).
        health: u16,
    },
    /// At the start of combat, if its board has room, it summons the card
    /// `token` at the right end, which attacks at once (Toxic Tumbleweed).
    SummonsAttackerAtStart {
        /// The summoned card's id.
        token: &'static str,
    },
    /// At the start of combat, `count` summons of the card `token` (with
    /// `keywords` added) wait for room: each enters at the right end of
    /// the board whenever it has room (`HeroCard::when_space`: Boon of
    /// Beetles).
    SummonsWhenSpace {
        /// The summoned card's id.
        token: &'static str,
        /// Keywords it gets.
        keywords: u8,
        /// How many wait.
        count: u8,
    },
    /// Nothing on the boards (why): it acts on the hero, the gold or
    /// later turns, or what it gives is in the state already.
    OutsideBoards(&'static str),
    /// Not modelled yet (what it does).
    Unsupported(&'static str),
}

/// One hero-side card's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeroRow {
    /// Its card id.
    pub id: &'static str,
    /// Its English name.
    pub name: &'static str,
    /// What the engine does with it.
    pub play: HeroPlay,
}

const fn start(action: Action) -> Effect {
    Effect {
        trigger: Trigger::StartOfCombat,
        action,
    }
}

const ALL_FRIENDS: Target = Target::Friendly {
    tribes: 0,
    other: false,
    living: false,
};

/// Every hero-side card a game state may list, by card id.
pub static HERO_CARDS: &[HeroRow] = &[
    HeroRow {
        id: "BG28_519",
        name: "Fleeting Vigor",
        play: HeroPlay::Plays {
            effect: start(Action::Buff {
                target: ALL_FRIENDS,
                attack: 0,
                health: 0,
                keywords: 0,
            }),
            scripted: true,
        },
    },
    HeroRow {
        id: "BG28_573",
        name: "Upper Hand",
        play: HeroPlay::Plays {
            effect: start(Action::SetHealth {
                target: Target::RandomEnemy,
                health: 1,
            }),
            scripted: false,
        },
    },
    HeroRow {
        id: "BG27_Anomaly_575t",
        name: "Eleventh Hour",
        play: HeroPlay::OutsideBoards(
            "it prevents fatal damage to the hero after the fight (Firestone plays nothing)",
        ),
    },
    HeroRow {
        id: "BG33_112t",
        name: "Haunted Carapace",
        play: HeroPlay::OutsideBoards(
            "its stats are in the minions' and in globalInfo's HauntedCarapace bonuses",
        ),
    },
    HeroRow {
        id: "BG28_600",
        name: "Scavenge for Parts",
        play: HeroPlay::OutsideBoards("it acts at the end of the turn"),
    },
    HeroRow {
        id: "BG28_955",
        name: "Primal Staff",
        play: HeroPlay::OutsideBoards("it doubles end of turn effects"),
    },
    HeroRow {
        id: "TB_Bacon_Secrets_12",
        name: "Ice Block",
        play: HeroPlay::OutsideBoards(
            "it prevents fatal damage to the hero after the fight (Firestone plays nothing)",
        ),
    },
    HeroRow {
        id: "BG28_603",
        name: "Boon of Beetles",
        // Firestone 1.1.755 (`summon-when-space.js`): its start of combat
        // sets two summons waiting (`triggersLeft = 2`: a second Boon sets
        // its own, never read); 2/2 Beetles given Taunt, at the right end.
        play: HeroPlay::SummonsWhenSpace {
            token: "BG28_603t",
            keywords: TAUNT,
            count: 2,
        },
    },
    HeroRow {
        id: "BG28_641",
        name: "Toxic Tumbleweed",
        play: HeroPlay::SummonsAttackerAtStart { token: "BG28_641t" },
    },
    HeroRow {
        id: "BG28_509",
        name: "Brann's Blessing",
        // Firestone's `computeBattlecryMultiplier` counts the hero's
        // secrets as its board's cards: twice, not adding to Brann's.
        play: HeroPlay::Plays {
            effect: Effect {
                trigger: Trigger::Aura,
                action: Action::BattlecriesTrigger { times: 2 },
            },
            scripted: false,
        },
    },
    HeroRow {
        id: "BG28_843",
        name: "Titus' Tribute",
        play: HeroPlay::Unsupported("deathrattles trigger twice"),
    },
    HeroRow {
        id: "TB_Bacon_Secrets_01",
        name: "Venomstrike Trap",
        play: HeroPlay::SummonsWhenAttacked {
            token: "BG_EX1_170",
            keywords: 0,
        },
    },
    HeroRow {
        id: "TB_Bacon_Secrets_01b",
        name: "Better Venomstrike Trap",
        play: HeroPlay::SummonsWhenAttacked {
            token: "BG_EX1_170",
            keywords: REBORN,
        },
    },
    HeroRow {
        id: "TB_Bacon_Secrets_15",
        name: "Pack Tactics",
        // Firestone (`handlePackTactics`): a copy of the attacked minion as
        // it is (keywords, enchantments, auras taken off and given again;
        // 3/3 for this one, its own stats for the better one) to its
        // right, with its round mark; Khadgar (not modelled) doubles it.
        play: HeroPlay::CopiesWhenAttacked {
            attack: 3,
            health: 3,
        },
    },
    HeroRow {
        id: "TB_Bacon_Secrets_15b",
        name: "Better Pack Tactics",
        play: HeroPlay::CopiesWhenAttacked {
            attack: 0,
            health: 0,
        },
    },
    HeroRow {
        id: "TB_Bacon_Secrets_07",
        name: "Autodefense Matrix",
        play: HeroPlay::Unsupported("a secret that shields a minion when it is attacked"),
    },
    HeroRow {
        id: "TB_Bacon_Secrets_10",
        name: "Redemption",
        play: HeroPlay::Unsupported("a secret that returns a dead minion"),
    },
    HeroRow {
        id: "TB_Bacon_Secrets_14",
        name: "Reckoning",
        play: HeroPlay::Unsupported("a secret that destroys an enemy minion after it attacks"),
    },
];

/// The row of a hero-side card id.
pub fn hero_row(id: &str) -> Option<&'static HeroRow> {
    HERO_CARDS.iter().find(|r| r.id == id)
}

/// The hero-side card `id` with its script numbers (`scriptDataNum1`
/// and 2, `None` when the game state lacks them): `Ok(Some)` when the
/// engine plays it, `Ok(None)` when it does nothing on the boards; an
/// invalid-argument error saying why for an unknown or unmodelled card or
/// one whose numbers are missing (what it gives is not known), a parse
/// error for numbers out of range (malformed input, not something left
/// to model).
pub fn hero_card(id: &str, script: [Option<i64>; 2]) -> Result<Option<HeroCard>> {
    let Some(row) = hero_row(id) else {
        return Err(Error::invalid(format!(
            "{id}: this hero-side card is not known"
        )));
    };
    match row.play {
        HeroPlay::OutsideBoards(_) => Ok(None),
        HeroPlay::Unsupported(what) => Err(Error::invalid(format!(
            "{} ({id}): {what}, which is not modelled yet",
            row.name
        ))),
        HeroPlay::SummonsWhenAttacked { token, keywords } => Ok(Some(HeroCard {
            id: row.id,
            name: row.name,
            effect: Effect {
                trigger: Trigger::FriendlyAttacked { taunt: false },
                action: Action::Summon { count: 1 },
            },
            token: card_token(row, token, keywords)?,
            once: true,
            attacks_at_once: false,
            when_space: false,
            pre_combat: false,
            minion: None,
            hero_power: false,
            resummons: false,
            avenge_left: 0,
            improving: None,
        })),
        HeroPlay::CopiesWhenAttacked { attack, health } => Ok(Some(HeroCard {
            id: row.id,
            name: row.name,
            effect: Effect {
                trigger: Trigger::FriendlyAttacked { taunt: false },
                action: Action::SummonCopy { attack, health },
            },
            token: Token::default(),
            once: true,
            attacks_at_once: false,
            when_space: false,
            pre_combat: false,
            minion: None,
            hero_power: false,
            resummons: false,
            avenge_left: 0,
            improving: None,
        })),
        HeroPlay::SummonsAttackerAtStart { token } => Ok(Some(HeroCard {
            id: row.id,
            name: row.name,
            effect: Effect {
                trigger: Trigger::StartOfCombat,
                action: Action::Summon { count: 1 },
            },
            token: card_token(row, token, 0)?,
            once: false,
            attacks_at_once: true,
            when_space: false,
            pre_combat: false,
            minion: None,
            hero_power: false,
            resummons: false,
            avenge_left: 0,
            improving: None,
        })),
        HeroPlay::SummonsWhenSpace {
            token,
            keywords,
            count,
        } => Ok(Some(HeroCard {
            id: row.id,
            name: row.name,
            effect: Effect {
                trigger: Trigger::StartOfCombat,
                action: Action::Summon { count },
            },
            token: card_token(row, token, keywords)?,
            once: false,
            attacks_at_once: false,
            when_space: true,
            pre_combat: false,
            minion: None,
            hero_power: false,
            resummons: false,
            avenge_left: 0,
            improving: None,
        })),
        HeroPlay::Plays { effect, scripted } => {
            let mut effect = effect;
            if scripted {
                let number = |i: usize| {
                    // Missing (real states lack it at times): what the card
                    // gives is not known, so it is not modelled; out of
                    // range: malformed.
                    let n = script[i].ok_or_else(|| {
                        Error::invalid(format!(
                            "{} ({id}): its scriptDataNum{} is missing, so what it gives is not known",
                            row.name,
                            i + 1
                        ))
                    })?;
                    u16::try_from(n).map_err(|_| {
                        Error::parse(format!(
                            "{} ({id}): its scriptDataNum{} is {n}; it must be 0 to {}",
                            row.name,
                            i + 1,
                            u16::MAX
                        ))
                    })
                };
                if let Action::Buff { attack, health, .. } = &mut effect.action {
                    *attack = number(0)?;
                    *health = number(1)?;
                }
            }
            Ok(Some(HeroCard {
                id: row.id,
                name: row.name,
                effect,
                token: Token::default(),
                once: false,
                attacks_at_once: false,
                when_space: false,
                pre_combat: false,
                minion: None,
                hero_power: false,
                resummons: false,
                avenge_left: 0,
                improving: None,
            }))
        }
    }
}

/// One token of the card `token` (with `keywords` added), which `row`'s
/// card summons.
fn card_token(row: &HeroRow, token: &str, keywords: u8) -> Result<Token> {
    let card = super::by_id(token).ok_or_else(|| {
        Error::invalid(format!(
            "{} ({}): its token {token} is not known",
            row.name, row.id
        ))
    })?;
    Ok(Token {
        attack: card.attack,
        health: card.health,
        keywords: card.keywords | keywords,
        count: 1,
        tribes: card.tribes,
        marks: card.marks(),
        tier: if card.tier > 1 { card.tier } else { 0 },
        ..Token::default()
    })
}
