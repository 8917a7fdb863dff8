//! Hero powers, trinkets, quests, quest rewards and anomalies: the cards
//! a game state holds beside the boards (`player.heroPowers`,
//! `heroPowerId`, `trinkets`, `questRewards`, `questEntities`,
//! `gameState.anomalies`), one row each with what it does in combat.
//! Most act only in the tavern (gold, the shop, discovering cards, stats
//! given before the fight, which the minions carry already):
//! `OutsideCombat`, skipped by the reader. A few the reader plays
//! (`GivesKeywords`: Swatting Insects, Reborn Rites), and a few the engine
//! plays as hero-side cards (`StartOfCombat`: Wingmen; `SummonsWhenSpace`:
//! Tentacular; `AtStart`: Aim Low!, Wax Warband, ...; `SummonsInfoCard`:
//! Embrace Your Rage; `AvengeSummons`: Broodmother); `PutsInHand` (I'll Take That!) plays no part. The
//! others are
//! `NotModelled` with what they do, listed or refused as any unmodelled
//! card is; a card without a row is unknown, and listed too.
//!
//! The rows are every card of these kinds in the real game states of
//! `../shared/bg-states/` (recent and older), classified by reading
//! Firestone's simulator (api-simulate-battlegrounds-battle, March 2026):
//! a card whose id (its `CardIds` name) Firestone's source never names
//! does nothing in its combat (`OutsideCombat`, no comment); one it names
//! is `NotModelled`, its comment naming the files of Firestone that play
//! it. The reason is the card's text or, where Firestone plays it
//! otherwise, what Firestone does.

/// Where a card of the table is found in a game state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerKind {
    /// A hero power (`heroPowers`, `heroPowerId`).
    HeroPower,
    /// A trinket (`trinkets`).
    Trinket,
    /// A quest reward (`questRewards`, `questRewardEntities`).
    QuestReward,
    /// A quest in progress (`questEntities`).
    Quest,
    /// An anomaly of the game (`gameState.anomalies`).
    Anomaly,
}

impl PowerKind {
    /// The kind in words, as `bg-cards --json` names its lists.
    pub fn name(self) -> &'static str {
        match self {
            PowerKind::HeroPower => "hero power",
            PowerKind::Trinket => "trinket",
            PowerKind::QuestReward => "quest reward",
            PowerKind::Quest => "quest",
            PowerKind::Anomaly => "anomaly",
        }
    }
}

/// The minion of its side a hero power gives keywords to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Given {
    /// The left-most minion.
    Leftmost,
    /// The minion the hero power chose: when it was `used`, the board's
    /// entity whose `entityId` is its `info`.
    Chosen,
}

/// What a card of the table does in combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerPlay {
    /// Nothing: it acts only outside the fight (Firestone's simulator
    /// never plays it).
    OutsideCombat,
    /// Before anything else of the fight (Firestone's pre-combat hero
    /// powers: only trinkets, quest rewards and anomalies, none of them
    /// modelled, act before them), a minion of its side gains `keywords`:
    /// the same fight as that minion having them from the start, which is
    /// how the reader plays it. A player whose `hpLeft` is 0 or less does
    /// not play it (Firestone's).
    GivesKeywords {
        /// Which minion.
        to: Given,
        /// `model` keyword bits.
        keywords: u8,
    },
    /// At the start of combat it does `action` as a hero-side card of its
    /// side (`model::HeroCard`, fired with no minion as its source; see
    /// `Action` for the pass it fires in). A player whose `hpLeft` is 0 or
    /// less does not play it (Firestone's).
    StartOfCombat {
        /// What it does.
        action: Action,
    },
    /// Before anything else of the fight the engine plays (Firestone's
    /// pre-combat hero powers), one `token` waits for room on its side,
    /// its attack and health the hero power's `info`, and enters at the
    /// right end once there is room (Ozumat's Tentacular); a hero-side
    /// card of its side (`model::HeroCard::pre_combat`).
    SummonsWhenSpace {
        /// The token's card id.
        token: &'static str,
    },
    /// At the start of combat, in Firestone's `phase`, it does `action`
    /// as a hero-side card of its side (fired with no minion as its
    /// source), only when it was used this turn if `used_only`; with an
    /// `amount` read from an info field, the action's amounts (a buff's
    /// attack and health, a damage's) are that number times the row's
    /// (a state without it, or with one below 1, is refused: Firestone
    /// plays no number there). A player whose `hpLeft` is 0 or less does
    /// not play it (Firestone's).
    AtStart {
        /// What it does (its amounts per unit of `amount`).
        action: Action,
        /// When.
        phase: Phase,
        /// Only when it was used (`used`).
        used_only: bool,
        /// Where its number is read from.
        amount: Amount,
    },
    /// When used, before anything else of the fight the engine plays
    /// (Firestone's pre-combat hero powers), the minion whose card id is
    /// its `info` enters at the right end of its side, a whole card with
    /// its own effects (`model::HeroCard::minion`), while there is room
    /// (Embrace Your Rage). The copy it puts in the hand plays no part,
    /// as `PutsInHand`. An info that is no card id (none, -1, empty)
    /// summons nothing, as in Firestone.
    SummonsInfoCard,
    /// In combat it only puts cards in its side's hand (I'll Take That!:
    /// the first enemy minion that dies): no part in the fight, as the
    /// minions whose effects get cards (`model::Marks::CHANGES_HAND`);
    /// refused beside a minion of its side that reads the hand.
    PutsInHand,
    /// When it was `used`, before anything else of the fight the engine
    /// plays (Firestone's pre-combat hero powers), the minion it chose is
    /// destroyed (its death phase follows at once) and an exact copy of
    /// it, as the combat began, waits for room and enters where it stood,
    /// counted from the right end (Teron Gorefiend's Rapid Reanimation):
    /// a hero-side card of its side (`model::HeroCard::resummons`). The
    /// chosen minion is the board's minion carrying `mark` (an
    /// enchantment's card id) as Firestone picks it: the one whose first
    /// such enchantment has the largest `originEntityId`, then the largest
    /// `entityId`; none when no minion carries it.
    DestroysAndResummons {
        /// The enchantment's card id that marks the chosen minion.
        mark: &'static str,
    },
    /// Avenge (`deaths`): `token` enters where the dead minion that
    /// completed the count stood (counted from the right end) and attacks
    /// at once, its attack and health the hero power's `info`, which
    /// grows by one each time it fires (Broodmother: Firestone's
    /// `handleHeroAvenge`). The count starts from the state's
    /// `scoreValue2` deaths seen already; a size below 1 summons nothing
    /// (Firestone's spawn of a minion with no health), a missing `info`
    /// never anything. A hero-side card of its side
    /// (`model::HeroCard::improving`).
    AvengeSummons {
        /// Friendly deaths per firing.
        deaths: u8,
        /// The token's card id.
        token: &'static str,
    },
    /// Each minion summoned on its side in combat (not the starting
    /// boards) gains `attack`/`health` and `keywords` as it enters, before
    /// its side's other bonuses (Firestone's `handleAddedMinionAuraEffect`:
    /// hero powers first), a gain from another source than itself (Sprout
    /// It Out!). A hero-side card of its side whose effect is "whenever a
    /// friendly minion is summoned, give it ..." (`Trigger::FriendlySummoned`,
    /// `Target::Friend`), played where minions enter (`State::enter_auras`).
    GivesSummoned {
        /// Attack each gains.
        attack: u16,
        /// Health each gains.
        health: u16,
        /// `model` keyword bits each gains.
        keywords: u8,
    },
    /// From the game's turn `from_turn` on (Firestone's `currentTurn`; a
    /// state without it plays nothing, as Firestone), before anything
    /// else of the fight the engine plays (Firestone's pre-combat hero
    /// powers), a copy of its side's highest-attack (or highest-health)
    /// minion waits for room and enters to that minion's right the first
    /// time its board has room, a random one among equals, as it then is
    /// (`Action::SummonCopyOfBest`; Drek'Thar's Frostwolf Fervor,
    /// Vanndar's Stormpike Strength); once a combat. A hero-side card of
    /// its side (`model::HeroCard::when_space`, `pre_combat`).
    CopiesBestWhenSpace {
        /// Ranked by health rather than attack.
        by_health: bool,
        /// The first turn it plays on.
        from_turn: u8,
    },
    /// It acts in combat, which is not modelled yet (what it does).
    NotModelled {
        /// What it does in combat.
        reason: &'static str,
    },
}

/// Firestone's start-of-combat phase a hero power acts in
/// (`PowerPlay::AtStart`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The pre-combat hero powers, before anything else the engine plays
    /// (`model::HeroCard::pre_combat`).
    PreCombat,
    /// The start-of-combat hero powers, after the flank attacks and
    /// before the secrets (`model::HeroCard::hero_power`).
    HeroPowers,
}

/// Where the number of a hero power is read from (`PowerPlay::AtStart`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// No number: the row's amounts.
    Fixed,
    /// `info2` (Aim Low!'s damage).
    Info2,
    /// `info3` (Wax Warband's buff).
    Info3,
}

impl Amount {
    /// The state's field it is read from, if any.
    pub fn field(self) -> Option<&'static str> {
        match self {
            Amount::Fixed => None,
            Amount::Info2 => Some("info2"),
            Amount::Info3 => Some("info3"),
        }
    }
}

/// `action` with its amounts (a buff's attack and health, a damage's)
/// `n` times the row's, if it has amounts to scale.
pub fn scaled(action: Action, n: u16) -> Option<Action> {
    match action {
        Action::Buff {
            target,
            attack,
            health,
            keywords,
        } => Some(Action::Buff {
            target,
            attack: attack.checked_mul(n)?,
            health: health.checked_mul(n)?,
            keywords,
        }),
        Action::Damage {
            target,
            amount,
            times,
        } => Some(Action::Damage {
            target,
            amount: amount.checked_mul(n)?,
            times,
        }),
        _ => None,
    }
}

/// One card's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PowerRow {
    /// Its card id.
    pub id: &'static str,
    /// Its English name.
    pub name: &'static str,
    /// Where the game states hold it.
    pub kind: PowerKind,
    /// What it does in combat.
    pub play: PowerPlay,
}

/// Entries of a trinket list that are no card: the slots of the trinket
/// shops not open yet (`Lesser Trinket`, `Greater Trinket`).
pub const EMPTY_TRINKET_SLOTS: [&str; 2] = ["BG30_Trinket_1st", "BG30_Trinket_2nd"];

/// The row of the card `id`, if the table has one.
pub fn power_row(id: &str) -> Option<&'static PowerRow> {
    POWERS.iter().find(|r| r.id == id)
}

/// Whether `id`, met in a hero power, trinket, quest reward or anomaly
/// list, stands for no card at all (an empty trinket slot).
pub fn is_empty_slot(id: &str) -> bool {
    EMPTY_TRINKET_SLOTS.contains(&id)
}

const fn row(id: &'static str, name: &'static str, kind: PowerKind, play: PowerPlay) -> PowerRow {
    PowerRow {
        id,
        name,
        kind,
        play,
    }
}

use crate::hearthstone::model::{Action, REBORN, SHIELD, TAUNT, Target, WINDFURY};
use PowerKind::{Anomaly, HeroPower, Quest, QuestReward, Trinket};
use PowerPlay::{
    AtStart, AvengeSummons, CopiesBestWhenSpace, DestroysAndResummons, GivesKeywords,
    GivesSummoned, NotModelled, OutsideCombat, PutsInHand, StartOfCombat, SummonsInfoCard,
    SummonsWhenSpace,
};

/// Every hero power, trinket, quest reward, quest and anomaly of the
/// real states, by kind, the most frequent first (one line a card: not
/// laid out by rustfmt).
#[rustfmt::skip]
pub static POWERS: &[PowerRow] = &[
    // Firestone (rapid-reanimation.ts, pre-combat, when used; its death
    // phase and summon-when-space.ts at once): the minion marked with its
    // enchantment is destroyed, its copy enters where it stood.
    row("BG25_HERO_103p", "Rapid Reanimation", HeroPower, DestroysAndResummons { mark: "BG25_HERO_103pe" }),
    row("TB_BaconShop_HP_046", "Gonna Be Rich!", HeroPower, OutsideCombat),
    row("BG25_HERO_105p", "Sign a New Artist", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_105", "Avatar of N'Zoth", HeroPower, OutsideCombat),
    // Firestone (reborn-rites.ts, pre-combat): when used, the minion whose
    // entityId is its info gains Reborn (none if it has it already or is
    // not on the board); only Implant Subject reacts to Reborn, to losing
    // it.
    row("TB_BaconShop_HP_024", "Reborn Rites", HeroPower, GivesKeywords { to: Given::Chosen, keywords: REBORN }),
    row("TB_BaconShop_HP_020", "Prestidigitation", HeroPower, OutsideCombat),
    // Firestone (soc-illidan-hero-power.ts, its own phase after the
    // pre-combat hero powers, used or not): the left- and right-most
    // minions gain +2/+1, attack at once, and the other side attacks first.
    row("TB_BaconShop_HP_069", "Wingmen", HeroPower, StartOfCombat { action: Action::FlanksAttack { attack: 2, health: 1 } }),
    // Firestone 1.1.755 (fragrant-phylactery.ts, pre-combat, used or not;
    // fragrant-phylactery-enchantment.ts): a lowest-Attack living minion,
    // drawn among ties, gains an enchantment whose deathrattle gives the
    // other living friendly minions its attack and max health.
    row("BG20_HERO_282p", "Fragrant Phylactery", HeroPower, AtStart { action: Action::GiveDeathrattle { target: Target::LowestAttack, deathrattle: &Action::GiveOwnStats { target: Target::Friendly { tribes: 0, other: true, living: true }, health: 0 } }, phase: Phase::PreCombat, used_only: false, amount: Amount::Fixed }),
    row("BG27_HERO_801p2", "Choose Your Champion", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_048", "Battle Brand", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_022", "Snicker-snack", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_028", "Temporal Tavern", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_077", "Bob's Burgles", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_082", "Everbloom", HeroPower, OutsideCombat),
    // Firestone (embrace-your-rage.ts, pre-combat, when used): the card
    // its info names (chosen in the tavern) is summoned at the right end
    // and copied to the hand; the first attacker is picked again.
    row("TB_BaconShop_HP_103", "Embrace Your Rage", HeroPower, SummonsInfoCard),
    // Firestone (avenge.ts handleHeroAvenge, cards-data.ts avengeValue 4,
    // auras.ts: avengeCurrent 4 less scoreValue2; its whelp attacks at
    // once in performEntitySpawns): the whelp is info/info, info + 1 after.
    row("BG22_HERO_305p", "Broodmother", HeroPower, AvengeSummons { deaths: 4, token: "BG22_HERO_305t" }),
    row("BG28_HERO_400p2", "Lucky Roll", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_068", "Imprison", HeroPower, OutsideCombat),
    // Firestone (swatting-insects.ts, pre-combat, not only when used): the
    // left-most minion gains Windfury, Divine Shield and Taunt; of the
    // cards reacting to a keyword gained, only Cyborg Drake (not modelled)
    // reacts to these.
    row("TB_BaconShop_HP_086", "Swatting Insects", HeroPower, GivesKeywords { to: Given::Leftmost, keywords: WINDFURY | SHIELD | TAUNT }),
    row("TB_BaconShop_HP_010", "Boon of Light", HeroPower, OutsideCombat),
    // Firestone 1.1.755 (add-minion-to-board.ts, used or not): each minion
    // summoned in combat (reborn copies too) gains Taunt and +1/+2, the
    // hero its source.
    row("TB_BaconShop_HP_107", "Sprout It Out!", HeroPower, GivesSummoned { attack: 1, health: 2, keywords: TAUNT }),
    // Firestone: deathrattle-effects.ts.
    row("BG20_HERO_100p", "Glory of Combat", HeroPower, NotModelled { reason: "after a friendly minion kills an enemy, it gains +1 Attack" }),
    row("BG21_HERO_020p", "Stir the Pot", HeroPower, OutsideCombat),
    row("BG22_HERO_004p", "Twice as Nice", HeroPower, OutsideCombat),
    // Firestone (tentacular.ts, pre-combat, used or not; summon-when-space.ts):
    // one Tentacle, its stats the info, at the right end once there is room.
    row("BG23_HERO_201p", "Tentacular", HeroPower, SummonsWhenSpace { token: "BG23_HERO_201pt" }),
    row("TB_BaconShop_HP_044", "Procrastinate", HeroPower, OutsideCombat),
    row("BG22_HERO_201p", "Expedition Plans", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_008", "Smart Savings", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_011", "Galakrond's Greed", HeroPower, OutsideCombat),
    // Firestone 1.1.755 (wax-warband.ts, pre-combat, when used): a minion of
    // each type, as `getMinionsOfDifferentTypes` takes them (the minions'
    // "a friendly minion of each type"), gains +info3/+info3 (a state
    // without info3 is refused).
    row("TB_BaconShop_HP_037a", "Wax Warband", HeroPower, AtStart { action: Action::Buff { target: Target::EachTribe, attack: 1, health: 1, keywords: 0 }, phase: Phase::PreCombat, used_only: true, amount: Amount::Info3 }),
    row("TB_BaconShop_HP_039", "Puzzle Box", HeroPower, OutsideCombat),
    // Firestone (minion-death.ts, when used): the first enemy minion that
    // dies is copied to the hand, and nothing else.
    row("TB_BaconShop_HP_053", "I'll Take That!", HeroPower, PutsInHand),
    row("TB_BaconShop_HP_075", "Trash for Treasure", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_101", "Come One, Come All!", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_052", "Arcane Alteration", HeroPower, OutsideCombat),
    row("BG23_HERO_306p", "Reclaimed Souls", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_033", "Menagerist", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_081", "Friendly Wager", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_084", "Swap, Lock, & Shop It", HeroPower, OutsideCombat),
    // Firestone names its id only among the enchantments a random deathrattle may copy; the Shredder is a minion of the board.
    row("BG21_HERO_030p", "Pilot the Shredder", HeroPower, OutsideCombat),
    row("BG26_HERO_104p", "Upbeat Harmony", HeroPower, OutsideCombat),
    row("BG28_HERO_801p", "Blessing of the Nine Frogs", HeroPower, OutsideCombat),
    row("BG31_HERO_005p", "Cloning Gallery", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_072", "Pirate Parrrrty!", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_074", "Buried Treasure", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_102", "Three Wishes", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_104", "Saturday C'Thuns!", HeroPower, OutsideCombat),
    row("BG20_HERO_280p5", "Glaive Ricochet", HeroPower, OutsideCombat),
    row("BG26_HERO_101p", "I'm the Cap'n Now", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_088", "Avalanche", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_106", "Prize Wall", HeroPower, OutsideCombat),
    row("BG20_HERO_242p", "Natural Balance", HeroPower, OutsideCombat),
    // Firestone: frostwolf-fervor.ts, summon-when-space.ts.
    // Firestone (frostwolf-fervor.ts, pre-combat: ready; summon-when-space.ts
    // from turn 7, once: a random highest-Attack minion's copy to its right).
    row("BG22_HERO_002p", "Frostwolf Fervor", HeroPower, CopiesBestWhenSpace { by_health: false, from_turn: 7 }),
    row("BG24_HERO_100p", "Whodunit?", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_001", "Sharpen Blades", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_040", "Brick by Brick", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_063", "Clairvoyance", HeroPower, OutsideCombat),
    // Firestone: lock-and-load.ts, summon-when-space.ts.
    row("BG22_HERO_000p_Alt", "Lock and Load", HeroPower, NotModelled { reason: "the removed minion (its info) is fired at a random enemy minion when there is space" }),
    row("BG24_HERO_204p", "Enhancification", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_035", "All Patched Up", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_062", "Dream Portal", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_066", "Verdant Spheres", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_080", "Kel'Thuzad's Kitty", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_087", "BUY, INSECT!", HeroPower, OutsideCombat),
    row("BG20_HERO_201p", "Spirit Swap", HeroPower, OutsideCombat),
    row("BG21_HERO_010p", "I Spy", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_014", "Stay Frosty", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_042", "Hat Trick", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_054", "Manastorm", HeroPower, OutsideCombat),
    row("BG20_HERO_283p_t3", "Eastern Plaguelands", HeroPower, OutsideCombat),
    // Firestone: fire-invocation.ts, soc-action-processor.ts.
    row("BG22_HERO_001p_t2", "Fire Invocation", HeroPower, NotModelled { reason: "Start of Combat: Double your left-most minion's Attack" }),
    // Firestone (lightning-invocation.ts, hero power phase, when used): 1
    // damage to each of 5 different random enemy minions.
    row("BG22_HERO_001p_t4", "Lightning Invocation", HeroPower, AtStart { action: Action::Damage { target: Target::RandomEnemies { count: 5 }, amount: 1, times: 1 }, phase: Phase::HeroPowers, used_only: true, amount: Amount::Fixed }),
    row("BG22_HERO_200p", "MechGyver", HeroPower, OutsideCombat),
    row("BG23_HERO_303p2", "Detective for Hire", HeroPower, OutsideCombat),
    row("BG23_HERO_305p", "The Perfect Crime", HeroPower, OutsideCombat),
    row("BG26_HERO_102p", "Major Hymn", HeroPower, OutsideCombat),
    row("BG31_HERO_801p", "Lift Off", HeroPower, OutsideCombat),
    row("BG32_HERO_001p", "Wisdom of Ancients", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_036", "Bloodfury", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_038", "Bananarama", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_047", "Lead Explorer", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_076", "Piggy Bank", HeroPower, OutsideCombat),
    row("BG20_HERO_101p", "See the Light", HeroPower, OutsideCombat),
    // Firestone: stormpike.ts, summon-when-space.ts.
    // Firestone (stormpike.ts, as Frostwolf Fervor by Health).
    row("BG22_HERO_003p", "Stormpike Strength", HeroPower, CopiesBestWhenSpace { by_health: true, from_turn: 7 }),
    row("BG22_HERO_007p2", "Naga Conquest", HeroPower, OutsideCombat),
    row("BG23_HERO_304p", "Relics of the Deep", HeroPower, OutsideCombat),
    row("BG28_HERO_800p", "Reliquary Research", HeroPower, OutsideCombat),
    row("BG31_HERO_811p3", "Ultralisk Cavern", HeroPower, OutsideCombat),
    row("BG32_HERO_002p", "Growing Collection", HeroPower, OutsideCombat),
    row("BG33_HERO_001p2", "Hero's Welcome", HeroPower, OutsideCombat),
    row("BG34_HERO_000p", "Alternate Timeline", HeroPower, OutsideCombat),
    // Firestone (all-will-burn.ts, pre-combat, used or not): every
    // minion of both boards gains +2 Attack.
    row("TB_BaconShop_HP_061", "ALL Will Burn!", HeroPower, AtStart { action: Action::Buff { target: Target::AllMinions { spare: 0 }, attack: 2, health: 0, keywords: 0 }, phase: Phase::PreCombat, used_only: false, amount: Amount::Fixed }),
    row("TB_BaconShop_HP_085", "Tavern Lighting", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_702", "Runic Empowerment", HeroPower, OutsideCombat),
    row("BG30_HERO_304p", "Fantastic Treasure", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_015", "Tinker", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_064", "Queen of Dragons", HeroPower, OutsideCombat),
    row("BG20_HERO_103p", "Bloodbound", HeroPower, OutsideCombat),
    row("BG20_HERO_301p", "Devour", HeroPower, OutsideCombat),
    // Firestone (aim-high.ts, hero power phase, when used): info2 damage
    // to a highest-Health enemy minion, drawn among ties.
    row("BG22_HERO_000p_t3", "Aim High!", HeroPower, AtStart { action: Action::Damage { target: Target::HighestHealthEnemy, amount: 1, times: 1 }, phase: Phase::HeroPowers, used_only: true, amount: Amount::Info2 }),
    // Firestone: earth-invocation.ts, soc-action-processor.ts.
    row("BG22_HERO_001p_t1", "Earth Invocation", HeroPower, NotModelled { reason: "Start of Combat: Give 4 random friendly minions 'Deathrattle: Summon a 1/1 Elemental'" }),
    // Firestone (water-invocation.ts, pre-combat, when used): the
    // right-most living minion gains Divine Shield and Taunt.
    row("BG22_HERO_001p_t3", "Water Invocation", HeroPower, AtStart { action: Action::Buff { target: Target::Rightmost { tribes: 0, count: 1, living: true }, attack: 0, health: 0, keywords: SHIELD | TAUNT }, phase: Phase::PreCombat, used_only: true, amount: Amount::Fixed }),
    row("BG31_HERO_003p", "The Galaxy's Lens", HeroPower, OutsideCombat),
    // Firestone: glorious-gloop.ts.
    row("BGDUO_HERO_101p", "Glorious Gloop", HeroPower, NotModelled { reason: "Start of Combat: transform the chosen minion into the teammate's highest-tier minion" }),
    row("BGDUO_HERO_222p", "Double Trouble", HeroPower, OutsideCombat),
    row("BGDUO_HERO_223p", "Double Trouble", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_039t", "Puzzle Box", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_041k", "King of Undead", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_056", "Gone Fishing", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_087t", "Sulfuras", HeroPower, OutsideCombat),
    row("BG20_HERO_102p", "For the Horde!", HeroPower, OutsideCombat),
    row("BG20_HERO_283p_t2", "Ironforge", HeroPower, OutsideCombat),
    // Firestone (aim-low.ts, hero power phase, when used): info2 damage
    // to a lowest-Health enemy minion, drawn among ties.
    row("BG22_HERO_000p_t2", "Aim Low!", HeroPower, AtStart { action: Action::Damage { target: Target::LowestHealthEnemy, amount: 1, times: 1 }, phase: Phase::HeroPowers, used_only: true, amount: Amount::Info2 }),
    row("BG25_HERO_100p", "Build-An-Undead", HeroPower, OutsideCombat),
    row("BG26_HERO_102p2", "Minor Hymn", HeroPower, OutsideCombat),
    row("BG27_Anomaly_805t", "Match Fixing", HeroPower, OutsideCombat),
    row("BG31_Anomaly_117t", "Eject!", HeroPower, OutsideCombat),
    row("BG31_HERO_802p", "Warp Gate", HeroPower, OutsideCombat),
    row("BG31_HERO_811p2", "Evolution Chamber", HeroPower, OutsideCombat),
    row("BG34_HERO_001p", "Mana Per Minute", HeroPower, OutsideCombat),
    row("BGDUO_HERO_104p", "Efficient Exchange", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_009", "Skilled Bartender", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_041", "A Tale of Kings", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_041h", "King of Elementals", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_041i", "King of Quilboar", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_049", "Graveyard Shift", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_065t2", "Spectral Sight", HeroPower, OutsideCombat),
    row("BG20_HERO_202p", "Power of the Storm", HeroPower, OutsideCombat),
    row("BG20_HERO_666p", "Realm of Terror", HeroPower, OutsideCombat),
    row("BG21_HERO_000p", "Conviction", HeroPower, OutsideCombat),
    row("BG21_HERO_000p2", "Conviction (Rank 2)", HeroPower, OutsideCombat),
    row("BG21_HERO_000p3", "Conviction (Rank 3)", HeroPower, OutsideCombat),
    // Firestone (aim-left.ts, hero power phase, when used): info2 damage
    // to the left-most enemy minion.
    row("BG22_HERO_000p_t1", "Aim Left!", HeroPower, AtStart { action: Action::Damage { target: Target::LeftmostEnemy, amount: 1, times: 1 }, phase: Phase::HeroPowers, used_only: true, amount: Amount::Info2 }),
    row("BG31_HERO_006p", "Arcane Knowledge", HeroPower, OutsideCombat),
    row("BG33_HERO_001p_ALT", "Heroic Inspiration", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_036t", "Nether Portal", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_041d", "King of Demons", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_041f", "King of Dragons", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_041g", "King of Pirates", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_065", "Demon Hunter Training", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_085t", "Tavern Lighting", HeroPower, OutsideCombat),
    row("TB_BaconShop_HP_702t", "Rune of Damnation", HeroPower, OutsideCombat),
    row("BG30_MagicItem_993", "Pagle's Fishing Rod", Trinket, OutsideCombat),
    row("BG30_MagicItem_426", "Colorful Compass", Trinket, OutsideCombat),
    row("BG30_MagicItem_423", "Innkeeper's Stein", Trinket, OutsideCombat),
    row("BG30_MagicItem_425", "Azeroth Model Globe", Trinket, OutsideCombat),
    row("BG30_MagicItem_986", "Peacebloom Candle", Trinket, OutsideCombat),
    row("BG30_MagicItem_416", "Token of the Old Gods", Trinket, OutsideCombat),
    row("BG30_MagicItem_847", "Goblin Wallet", Trinket, OutsideCombat),
    // Firestone: karazhan-chess-set.ts, soc-action-processor.ts.
    row("BG30_MagicItem_972", "Karazhan Chess Set", Trinket, NotModelled { reason: "Start of Combat: Summon a copy of your left-most minion" }),
    row("BG30_MagicItem_996", "Bob's Tip Jar", Trinket, OutsideCombat),
    row("BG30_MagicItem_706", "Reflective Pendant", Trinket, OutsideCombat),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_821t2", "Fishy Sticker", Trinket, NotModelled { reason: "Start of Combat: Summon a Golden Fish of N'Zoth that copies Deathrattles" }),
    row("BGDUO_MagicItem_007", "Orc-estra Portrait", Trinket, OutsideCombat),
    // Firestone: automaton-portrait.ts, soc-action-processor.ts.
    row("BG30_MagicItem_303", "Automaton Portrait", Trinket, NotModelled { reason: "Start of Combat: When you have space, summon an Ancestral Automaton" }),
    row("BG30_MagicItem_426t", "Colorful Compass", Trinket, OutsideCombat),
    row("BG30_MagicItem_994", "Yogg-Tastic Pastry", Trinket, OutsideCombat),
    row("BG32_MagicItem_807", "Curator Sticker", Trinket, OutsideCombat),
    row("BG30_MagicItem_435", "Goldenizer Supply", Trinket, OutsideCombat),
    row("BG30_MagicItem_439", "Designer Eyepatch", Trinket, OutsideCombat),
    row("BG30_MagicItem_544", "Nomi Sticker", Trinket, OutsideCombat),
    // Firestone: fishy-sticker.ts, soc-action-processor.ts.
    row("BG30_MagicItem_821", "Fish Portrait", Trinket, NotModelled { reason: "Firestone summons a Fish of N'Zoth at the start of combat" }),
    // Firestone: rusty-trident.ts, soc-action-processor.ts.
    row("BG30_MagicItem_917", "Rusty Trident", Trinket, NotModelled { reason: "Start of Combat: Give your Naga 'Deathrattle: Get a random Spellcraft spell'" }),
    // Firestone: utils.ts.
    row("BG30_MagicItem_971", "Enforcer Portrait", Trinket, NotModelled { reason: "Lightfang Enforcers have every type in combat" }),
    row("BG30_MagicItem_984t", "Charging Staff", Trinket, OutsideCombat),
    row("BG30_MagicItem_991", "Felbat Portrait", Trinket, OutsideCombat),
    row("BG32_MagicItem_361t", "Portable Factory", Trinket, OutsideCombat),
    row("BG30_MagicItem_414t", "Kodo Leather Pouch", Trinket, OutsideCombat),
    row("BG30_MagicItem_430", "Rockin' Music Box", Trinket, OutsideCombat),
    row("BG30_MagicItem_431", "Azerite Portrait", Trinket, OutsideCombat),
    // Firestone: cards-data.ts, minion-death.ts.
    row("BG30_MagicItem_442", "Blood Golem Sticker", Trinket, NotModelled { reason: "whenever a friendly Quilboar dies, summon a Golem with stats equal to its Blood Gems" }),
    // Firestone: add-minion-to-board.ts.
    row("BG30_MagicItem_540", "Slamma Sticker", Trinket, NotModelled { reason: "after you summon a Beast in combat, double its Attack" }),
    // Firestone: after-attack.ts, cards-data.ts.
    row("BG30_MagicItem_546", "Jar o' Gems", Trinket, NotModelled { reason: "after 2 friendly minions attack each combat, this plays a Blood Gem on all your Quilboar" }),
    row("BG30_MagicItem_828", "Shaker Portrait", Trinket, OutsideCombat),
    // Firestone: cards-data.ts, divine-shield.ts.
    row("BG30_MagicItem_910", "Mechagon Adapter", Trinket, NotModelled { reason: "after a friendly Mech loses Divine Shield, give it Divine Shield" }),
    row("BG30_MagicItem_923", "Elementium Chest", Trinket, OutsideCombat),
    row("BG30_MagicItem_998", "Bob-blehead", Trinket, OutsideCombat),
    row("BG30_MagicItem_999", "Fancy Spellbook", Trinket, OutsideCombat),
    // Firestone: monstrous-macaw.ts.
    row("BG32_MagicItem_803", "Macaw Portrait", Trinket, NotModelled { reason: "Monstrous Macaws also trigger the left-most Battlecry" }),
    // Firestone: unholy-sanctum.ts.
    row("BG32_MagicItem_862", "Unholy Sanctum", Trinket, NotModelled { reason: "after you trigger a Deathrattle, give your right-most minion +2/+2 permanently" }),
    // Firestone: rivendare-portrait.ts, soc-action-processor.ts.
    row("BG30_MagicItem_310", "Rivendare Portrait", Trinket, NotModelled { reason: "Start of Combat: double the Health of Titus Rivendares" }),
    // Firestone: avenge.ts, cards-data.ts.
    row("BG30_MagicItem_410", "Quilligraphy Set", Trinket, NotModelled { reason: "Avenge (N): Your Blood Gems give an extra +1 Health this game" }),
    // Firestone: utils.ts.
    row("BG30_MagicItem_418", "Bronzebeard Portrait", Trinket, NotModelled { reason: "Brann Bronzebeards are Murlocs and Dragons in combat" }),
    row("BG30_MagicItem_420", "Book of Medivh", Trinket, OutsideCombat),
    row("BG30_MagicItem_420t", "Book of Medivh", Trinket, OutsideCombat),
    // Firestone: damage-effects.ts.
    row("BG30_MagicItem_427", "Tiger Carving", Trinket, NotModelled { reason: "whenever a friendly minion takes damage, give another friendly minion +N/+N permanently" }),
    // Firestone: cards-data.ts, minion-death.ts.
    row("BG30_MagicItem_433t", "Alliance Keychain", Trinket, NotModelled { reason: "the first time a friendly minion dies each combat, give its maximum stats to 2 random friendly minions" }),
    // Firestone: avenge.ts, cards-data.ts.
    row("BG30_MagicItem_437", "Staff of the Scourge", Trinket, NotModelled { reason: "Avenge (5): Give a random friendly Undead Reborn" }),
    // Firestone: cards-data.ts, summon-when-space.ts.
    row("BG30_MagicItem_440", "Boom Controller", Trinket, NotModelled { reason: "when you have space, summon an exact copy of your first Mech that died each combat" }),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_441", "Tinyfin Onesie", Trinket, NotModelled { reason: "Start of Combat: Your left-most minion gains the stats of the highest-Health minion in your hand" }),
    row("BG30_MagicItem_544t", "Nomi Sticker", Trinket, OutsideCombat),
    // Firestone: cards-data.ts, deathrattle-effects.ts, deathrattle-on-trigger.ts.
    row("BG30_MagicItem_700", "Deathly Phylactery", Trinket, NotModelled { reason: "the first deathrattle each combat triggers an extra time" }),
    row("BG30_MagicItem_705", "Bartend-o-Tron's Oilcan", Trinket, OutsideCombat),
    // Firestone: magnetize.ts.
    row("BG30_MagicItem_709", "Electromagnetic Device", Trinket, NotModelled { reason: "a friendly minion magnetized in combat gains +3/+3" }),
    // Firestone: deathrattle-spawns.ts.
    row("BG30_MagicItem_803", "Kaboom Bot Portrait", Trinket, NotModelled { reason: "Kaboom Bots' deathrattles deal 10 extra damage" }),
    // Firestone: add-minion-to-board.ts, cards-data.ts, summon-when-space.ts.
    row("BG30_MagicItem_822t2", "Twin Sky Lanterns", Trinket, NotModelled { reason: "when you have space, summon 2 copies of the first minion you summon each combat" }),
    row("BG30_MagicItem_888", "Souvenir Stand", Trinket, OutsideCombat),
    // Firestone: cards-data.ts, soc-action-processor.ts.
    row("BG30_MagicItem_918", "Promo Portrait", Trinket, NotModelled { reason: "the first Start of Combat effect triggers an extra time" }),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_952", "Jarred Frostling", Trinket, NotModelled { reason: "Start of Combat: Give 3 friendly Elementals 'Deathrattle: Summon a Flourishing Frostling'" }),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_962", "Training Certificate", Trinket, NotModelled { reason: "Start of Combat: Double the stats of your two lowest-Attack minions" }),
    // Firestone: blood-gems.ts.
    row("BG30_MagicItem_988t", "Great Boar Sticker", Trinket, NotModelled { reason: "Blood Gems give extra stats" }),
    // Firestone: artisanal-urn.ts.
    row("BG30_MagicItem_989t", "Artisanal Urn", Trinket, NotModelled { reason: "your Undead have +N Attack" }),
    row("BG30_MagicItem_997t", "Windrunner Necklace", Trinket, OutsideCombat),
    // Firestone: herald-sticker.ts.
    row("BG32_MagicItem_306", "Herald Sticker", Trinket, NotModelled { reason: "Start of Combat: Trigger all friendly Deathrattles" }),
    row("BG32_MagicItem_361", "Portable Factory", Trinket, OutsideCombat),
    // Firestone: soc-anomalies.ts, soc-hero-power.ts, soc-illidan-hero-power.ts, soc-minion.ts, soc-pre-combat-hero-power.ts, soc-quest-reward.ts, soc-secret.ts, soc-trinket.ts.
    row("BG32_MagicItem_365", "Valdrakken Wind Chimes", Trinket, NotModelled { reason: "your Start of Combat effects trigger an extra time" }),
    row("BG32_MagicItem_700", "Marvelous Mushroom", Trinket, OutsideCombat),
    row("BG32_MagicItem_806", "Battlecruiser Portrait", Trinket, OutsideCombat),
    // Firestone: sthara-sticker.ts.
    row("BG32_MagicItem_907", "S'Thara Sticker", Trinket, NotModelled { reason: "after your last minion dies each combat, summon your first Demon that died with its maximum stats" }),
    // Firestone: vashjir-anemone.ts.
    row("BG32_MagicItem_932", "Vash'jir Anemone", Trinket, NotModelled { reason: "Start of Combat: Give your Naga +N Health" }),
    row("BGDUO_MagicItem_002", "Cho'gall Sticker", Trinket, OutsideCombat),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_301", "Eternal Portrait", Trinket, NotModelled { reason: "Start of Combat: give Eternal Knights Taunt and Reborn" }),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_403", "Ironforge Anvil", Trinket, NotModelled { reason: "Start of Combat: Triple the stats of your minions with no type" }),
    row("BG30_MagicItem_406", "Butcher's Sickle", Trinket, OutsideCombat),
    // Firestone: avenge.ts, cards-data.ts.
    row("BG30_MagicItem_410t2", "Quilligraphy Set", Trinket, NotModelled { reason: "Avenge (N): Your Blood Gems give an extra +1/+1 this game" }),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_411", "Hoggy Bank", Trinket, NotModelled { reason: "Start of Combat: Give your Quilboar 'Deathrattle: Get 2 Blood Gems'" }),
    row("BG30_MagicItem_422", "Lorewalker Scroll", Trinket, OutsideCombat),
    // Firestone: venomous.ts.
    row("BG30_MagicItem_432t", "Belcher Portrait", Trinket, NotModelled { reason: "a friendly minion that loses Venomous gains +14/+14" }),
    // Firestone: cards-data.ts, minion-death.ts.
    row("BG30_MagicItem_433", "Alliance Keychain", Trinket, NotModelled { reason: "the first time a friendly minion dies each combat, give its maximum stats to a random friendly minion" }),
    row("BG30_MagicItem_434", "Replica Cathedral", Trinket, OutsideCombat),
    row("BG30_MagicItem_541", "Nether Pendant", Trinket, OutsideCombat),
    row("BG30_MagicItem_543", "Devourer Sticker", Trinket, OutsideCombat),
    row("BG30_MagicItem_707", "Tickatus Sticker", Trinket, OutsideCombat),
    // Firestone: add-minion-to-board.ts, cards-data.ts, summon-when-space.ts.
    row("BG30_MagicItem_822", "Twin Sky Lanterns", Trinket, NotModelled { reason: "when you have space, summon a copy of the first minion you summon each combat" }),
    // Firestone: utils.ts.
    row("BG30_MagicItem_825", "Smuggler Portrait", Trinket, NotModelled { reason: "Whelp Smugglers are Dragons in combat" }),
    row("BG30_MagicItem_841", "Glowing Gauntlet", Trinket, OutsideCombat),
    // Firestone: avenge.ts, cards-data.ts.
    row("BG30_MagicItem_864", "Gilnean Thorned Rose", Trinket, NotModelled { reason: "Avenge (N): Give your minions +N/+N permanently and deal 1 damage to them" }),
    row("BG30_MagicItem_876", "Manipulator Portrait", Trinket, OutsideCombat),
    row("BG30_MagicItem_879", "Dalaran Cheese Wheel", Trinket, OutsideCombat),
    // Firestone: add-minion-to-board.ts.
    row("BG30_MagicItem_880t", "Feral Talisman", Trinket, NotModelled { reason: "your minions have +8/+5" }),
    row("BG30_MagicItem_891", "Trip Vouchers", Trinket, OutsideCombat),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_902", "Holy Mallet", Trinket, NotModelled { reason: "Start of Combat: Give your left and right-most minions Divine Shield" }),
    row("BG30_MagicItem_920", "Spitescale Sushi Roll", Trinket, OutsideCombat),
    row("BG30_MagicItem_924", "Booty Bay Brew", Trinket, OutsideCombat),
    row("BG30_MagicItem_942", "Mecha-Jaraxxus Sticker", Trinket, OutsideCombat),
    row("BG30_MagicItem_951", "Lava Lamp", Trinket, OutsideCombat),
    // Firestone: soc-action-processor.ts, valorous-medaillion.ts.
    row("BG30_MagicItem_970", "Valorous Medallion", Trinket, NotModelled { reason: "Start of Combat: Give your minions +2/+2" }),
    row("BG30_MagicItem_982", "Shaman Prayer Beads", Trinket, OutsideCombat),
    // Firestone: artisanal-urn.ts.
    row("BG30_MagicItem_989", "Artisanal Urn", Trinket, NotModelled { reason: "your Undead have +3 Attack" }),
    // Firestone: soc-action-processor.ts.
    row("BG30_MagicItem_995", "Bronze Timepiece", Trinket, NotModelled { reason: "Start of Combat: Give each of your minions Health equal to half its Attack" }),
    row("BG30_MagicItem_997", "Windrunner Necklace", Trinket, OutsideCombat),
    row("BG32_MagicItem_172", "Boom's Monster Portrait", Trinket, OutsideCombat),
    // Firestone: utils.ts.
    row("BG32_MagicItem_179", "Drakkari Portrait", Trinket, NotModelled { reason: "Drakkari Enchanters are Mechs and Elementals in combat" }),
    row("BG32_MagicItem_204", "Kel'Thuzad Portrait", Trinket, OutsideCombat),
    row("BG32_MagicItem_271", "Ornate Clock", Trinket, OutsideCombat),
    // Firestone: eclectic-shrine.ts.
    row("BG32_MagicItem_280", "Eclectic Shrine", Trinket, NotModelled { reason: "Start of Combat: Give a friendly minion of each different type +N/+N. Improve this permanently" }),
    row("BG32_MagicItem_362t", "Innkeeper's Hearth", Trinket, OutsideCombat),
    row("BG32_MagicItem_366", "Guiding Candle", Trinket, OutsideCombat),
    // Firestone: battle-horn.ts.
    row("BG32_MagicItem_415", "Battle Horn", Trinket, NotModelled { reason: "Avenge (2): trigger a friendly Battlecry" }),
    // Firestone: battlecries.ts.
    row("BG32_MagicItem_416", "War Drum", Trinket, NotModelled { reason: "one Battlecry each turn triggers two extra times" }),
    // Firestone: yulon-sticker.ts.
    row("BG32_MagicItem_419", "Yu'lon Sticker", Trinket, NotModelled { reason: "Start of Combat: Make your highest-Tier Dragon Golden" }),
    row("BG32_MagicItem_817", "Rendle Sticker", Trinket, OutsideCombat),
    // Firestone: impulsive-trickster.ts.
    row("BG32_MagicItem_820", "Impulsive Portrait", Trinket, NotModelled { reason: "Impulsive Tricksters' deathrattles target adjacent minions" }),
    // Firestone: deathrattle-utils.ts.
    row("BG32_MagicItem_830", "Felemental Portrait", Trinket, NotModelled { reason: "Felementals give an extra +N/+N" }),
    row("BG32_MagicItem_831", "Sellemental Portrait", Trinket, OutsideCombat),
    row("BG32_MagicItem_832", "Windfall Portrait", Trinket, OutsideCombat),
    row("BG32_MagicItem_858", "Explorer's Binoculars", Trinket, OutsideCombat),
    // Firestone: beetle-band.ts.
    row("BG32_MagicItem_860t", "Beetle Band", Trinket, NotModelled { reason: "Avenge (7): Summon two N/N Beetles. Give them Taunt" }),
    // Firestone: bird-feeder.ts.
    row("BG32_MagicItem_864", "Bird Feeder", Trinket, NotModelled { reason: "Avenge (2): Give your minions +1/+1" }),
    // Firestone: bird-feeder.ts.
    row("BG32_MagicItem_864t", "Bird Feeder", Trinket, NotModelled { reason: "Avenge (2): Give your minions +4/+4" }),
    row("BG32_MagicItem_894", "Blessing Portrait", Trinket, OutsideCombat),
    row("BG32_MagicItem_920", "Thaumaturgist Portrait", Trinket, OutsideCombat),
    row("BG32_MagicItem_926", "Morgl Portrait", Trinket, OutsideCombat),
    row("BG32_MagicItem_931", "Azsharan Statuette", Trinket, OutsideCombat),
    row("BG32_MagicItem_933", "Weary Portrait", Trinket, OutsideCombat),
    row("BG32_MagicItem_935", "Lubber Sticker", Trinket, OutsideCombat),
    row("BG32_MagicItem_944", "Empowerment Portrait", Trinket, OutsideCombat),
    row("BGDUO_MagicItem_005", "Bottle Sticker", Trinket, OutsideCombat),
    row("BG28_Reward_510", "Secret Culprit", QuestReward, OutsideCombat),
    row("BG24_Reward_138", "Victim's Specter", QuestReward, OutsideCombat),
    row("BG24_Reward_130", "Ghastly Mask", QuestReward, OutsideCombat),
    row("BG28_Reward_513", "Open Auditions", QuestReward, OutsideCombat),
    // Firestone: deathrattle-effects.ts.
    row("BG27_Reward_803", "Turbulent Tombs", QuestReward, NotModelled { reason: "deathrattles trigger an extra time" }),
    row("BG28_Reward_508", "Gift of the Golden Kobold", QuestReward, OutsideCombat),
    row("BG28_Reward_501", "Temporal Tampering", QuestReward, OutsideCombat),
    // Firestone: soc-action-processor.ts.
    row("BG24_Reward_111", "Evil Twin", QuestReward, NotModelled { reason: "Start of Combat: Summon a copy of your highest-Health minion" }),
    row("BG24_Reward_361", "Hidden Treasure Vault", QuestReward, OutsideCombat),
    row("BG24_Reward_719", "The Golden Hammer", QuestReward, OutsideCombat),
    row("BG28_Reward_506", "Double-Headed Reward", QuestReward, OutsideCombat),
    // Firestone: avenge.ts, cards-data.ts, summon-when-space.ts.
    row("BG28_Reward_518", "Stable Amalgamation", QuestReward, NotModelled { reason: "Avenge (7): When you have space, summon a 50/50 Amalgam" }),
    row("BG27_Reward_504", "Timeline Acceleration", QuestReward, OutsideCombat),
    // Firestone: avenge.ts, cards-data.ts.
    row("BG28_Reward_504", "Cycle of Energy", QuestReward, NotModelled { reason: "Avenge (3): Get a random Tavern spell" }),
    row("BG24_Reward_107", "Snicker Snacks", QuestReward, OutsideCombat),
    row("BG24_Reward_134", "The Friends Along the Way", QuestReward, OutsideCombat),
    row("BG24_Reward_306", "Cooked Book", QuestReward, OutsideCombat),
    row("BG24_Reward_363", "Ethereal Evidence", QuestReward, OutsideCombat),
    // Firestone: battlecries.ts.
    row("BG27_Reward_802", "Gilnean War Horn", QuestReward, NotModelled { reason: "battlecries trigger an extra time" }),
    row("BG27_Reward_811", "Bloodsoaked Tome", QuestReward, OutsideCombat),
    row("BG28_Reward_515", "Stash of the Scribe", QuestReward, OutsideCombat),
    // Firestone: battlecries.ts.
    row("BG33_Reward_010", "Norgannon's Reward", QuestReward, NotModelled { reason: "minions that summon one of a higher tier in combat may reach tier 7" }),
    row("BG33_Reward_011", "Magicfin Relic", QuestReward, OutsideCombat),
    // Firestone: rally.ts.
    row("BG33_Reward_021", "Rallying Cry", QuestReward, NotModelled { reason: "rallies trigger an extra time" }),
    // Firestone: soc-action-processor.ts.
    row("BG24_Reward_109", "Stolen Gold", QuestReward, NotModelled { reason: "Start of Combat: make the left-most and right-most minions Golden" }),
    row("BG24_Reward_128", "Mirror Shield", QuestReward, OutsideCombat),
    // Firestone: deathrattle-orchestration.ts.
    row("BG24_Reward_113", "Ritual Dagger", QuestReward, NotModelled { reason: "after a friendly Deathrattle minion dies, give it +5/+5 permanently" }),
    row("BG24_Reward_115", "Theotar's Parasol", QuestReward, OutsideCombat),
    row("BG24_Reward_305", "Anima Bribe", QuestReward, OutsideCombat),
    row("BG24_Reward_350", "Pilfered Lamps", QuestReward, OutsideCombat),
    row("BG24_Reward_718", "Kidnap Sack", QuestReward, OutsideCombat),
    // Firestone: avenge.ts, cards-data.ts.
    row("BG27_Reward_502", "Boom Squad", QuestReward, NotModelled { reason: "Avenge (3): Deal 10 damage to the highest-Health enemy minion" }),
    row("BG27_Reward_806", "Doppelganger's Locket", QuestReward, OutsideCombat),
    row("BG27_Reward_808", "Soul Pact", QuestReward, OutsideCombat),
    row("BG27_Reward_812", "Scepter of Guidance", QuestReward, OutsideCombat),
    // Firestone: auras.ts.
    row("BG27_Reward_815", "Endless Blood Moon", QuestReward, NotModelled { reason: "Blood Gems give an extra +1/+1" }),
    row("BG28_Reward_502", "Splitting Scroll", QuestReward, OutsideCombat),
    // Firestone: add-minion-to-board.ts, avenge.ts, cards-data.ts.
    row("BG28_Reward_505", "Tumbling Disaster", QuestReward, NotModelled { reason: "a minion summoned in combat gains stats (the reward's number); Avenge (4) improves it" }),
    row("BG33_Reward_006", "Rushing Winds", QuestReward, OutsideCombat),
    row("BG33_Reward_013", "Golden Forge", QuestReward, OutsideCombat),
    row("BG24_Quest_151", "Unlikely Duo", Quest, OutsideCombat),
    // Firestone: cards-in-hand.ts.
    row("BG24_Quest_314", "Dust for Prints", Quest, NotModelled { reason: "its progress counts in combat, and its reward acts there once it is completed" }),
    // Firestone: after-attack.ts.
    row("BG24_Quest_352", "Crack the Case", Quest, NotModelled { reason: "its progress counts in combat, and its reward acts there once it is completed" }),
    // Firestone: minion-death.ts.
    row("BG27_Quest_802", "Round Up the Suspects", Quest, NotModelled { reason: "its progress counts in combat, and its reward acts there once it is completed" }),
    row("BG24_Quest_311", "Cry for Help", Quest, OutsideCombat),
    // Firestone: minion-death.ts.
    row("BG24_Quest_124", "Reenact the Murder", Quest, NotModelled { reason: "its progress counts in combat, and its reward acts there once it is completed" }),
    // Firestone: add-minion-to-board.ts.
    row("BG24_Quest_114", "Assemble a Lineup", Quest, NotModelled { reason: "its progress counts in combat, and its reward acts there once it is completed" }),
    row("BG24_Quest_126", "Follow the Money", Quest, OutsideCombat),
    // Firestone: deathrattle-on-trigger.ts.
    row("BG24_Quest_320", "Exhume the Bones", Quest, NotModelled { reason: "its progress counts in combat, and its reward acts there once it is completed" }),
    // Firestone: stats.ts.
    row("BG24_Quest_123", "Find the Murder Weapon", Quest, NotModelled { reason: "its progress counts in combat, and its reward acts there once it is completed" }),
    row("BG24_Quest_313", "Invite the Guests", Quest, OutsideCombat),
    // Firestone: stats.ts.
    row("BG27_Quest_801", "Pressure the Authorities", Quest, NotModelled { reason: "its progress counts in combat, and its reward acts there once it is completed" }),
    row("BG28_Quest_500", "Fill the Cauldron", Quest, OutsideCombat),
    row("BG27_Anomaly_000", "Money Match", Anomaly, OutsideCombat),
    row("BG27_Anomaly_711", "Double Header", Anomaly, OutsideCombat),
    row("BG27_Anomaly_577", "No Face, No Case", Anomaly, OutsideCombat),
    row("BG27_Anomaly_580", "Audience's Choice", Anomaly, OutsideCombat),
    // Firestone: cards-data.ts, deathrattle-spawns.ts.
    row("BG27_Anomaly_801", "The Golden Arena", Anomaly, NotModelled { reason: "random minions summoned in combat are golden" }),
    row("BG31_Anomaly_123", "Cosmic Duality", Anomaly, OutsideCombat),
    row("BG27_Anomaly_810", "Bring in the Buddies", Anomaly, OutsideCombat),
    row("BG27_Anomaly_303", "Grapnel of the Titans", Anomaly, OutsideCombat),
    // Firestone: battlecries.ts.
    row("BG27_Anomaly_504", "Secrets of Norgannon", Anomaly, NotModelled { reason: "minions that summon one of a higher tier in combat may reach tier 7" }),
    row("BG27_Anomaly_559", "Treasure Hoard", Anomaly, OutsideCombat),
    row("BG27_Anomaly_754", "Path of the Treasure-Seeker", Anomaly, OutsideCombat),
    row("BG31_Anomaly_111", "Elven Elite", Anomaly, OutsideCombat),
    row("BG31_Anomaly_126", "Planar Alignment", Anomaly, OutsideCombat),
    // Firestone: utils.ts.
    row("BG33_Anomaly_005", "Colorful Camaraderie", Anomaly, NotModelled { reason: "Buddies have every type in combat" }),
    row("BG27_Anomaly_005", "Mimiron's Clockwork Stadium", Anomaly, OutsideCombat),
    // Firestone: cards-data.ts.
    row("BG27_Anomaly_100", "Big League", Anomaly, NotModelled { reason: "random minions summoned in combat are of tier 3 or more" }),
    row("BG27_Anomaly_103", "Tavern Special", Anomaly, OutsideCombat),
    row("BG27_Anomaly_503", "The Yogg-iseum", Anomaly, OutsideCombat),
    row("BG27_Anomaly_561", "Anomalous Bribe", Anomaly, OutsideCombat),
    row("BG27_Anomaly_562", "Anomalous Wisdomball", Anomaly, OutsideCombat),
    row("BG27_Anomaly_571", "Treasure Hoard", Anomaly, OutsideCombat),
    row("BG27_Anomaly_572", "Treasure Hoard", Anomaly, OutsideCombat),
    row("BG27_Anomaly_575", "Eleventh Hour", Anomaly, OutsideCombat),
    row("BG27_Anomaly_716", "Up-Prizing", Anomaly, OutsideCombat),
    row("BG27_Anomaly_718", "Overseer's Orb", Anomaly, OutsideCombat),
    row("BG27_Anomaly_751", "Perfected Alchemy", Anomaly, OutsideCombat),
    row("BG27_Anomaly_805", "Match Fixing", Anomaly, OutsideCombat),
    // Firestone: utils.ts.
    row("BG31_Anomaly_112", "Incubation Mutation", Anomaly, NotModelled { reason: "minions with no type have every type in combat" }),
    row("BG31_Anomaly_120", "Scout's Honor", Anomaly, OutsideCombat),
    row("BG32_Anomaly_001", "Greater Pouches", Anomaly, OutsideCombat),
    row("BG33_Anomaly_002", "Spirit of Friendship", Anomaly, OutsideCombat),
    row("BG34_Anomaly_800", "Major Goldthorn Potion", Anomaly, OutsideCombat),
    row("BG34_Anomaly_800t", "Minor Goldthorn Potion", Anomaly, OutsideCombat),
    row("BG34_Anomaly_801", "Boon of Chronum", Anomaly, OutsideCombat),
    row("BG34_Anomaly_802", "Major Waygate", Anomaly, OutsideCombat),
    row("BG34_Anomaly_804", "Twisting Hourglass", Anomaly, OutsideCombat),
];
