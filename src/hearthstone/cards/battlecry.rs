//! The battlecries Firestone plays when a minion triggers them in combat
//! (Rylak Metalhead, Greenskeeper: `Action::TriggerBattlecry`), as the
//! rows' `Trigger::Battlecry` effects. Every card with a battlecry (its
//! BATTLECRY tag) is marked `Marks::HAS_BATTLECRY`: that is what the
//! triggers pick, and a battlecry that changes nothing on the boards is
//! triggered all the same (its listeners hear it). Of the battlecries
//! Firestone plays in combat (its `triggerBattlecry`: the cases of its
//! `switch` and its cards' `battlecry` methods), those that change only
//! the hand (cards added to it) change nothing here and are not listed;
//! those below that the engine plays are read from their text (or the
//! text Firestone plays) as the start of combat's action would be; the
//! rest are marked `Marks::BATTLECRY_UNMODELLED`, refused beside a
//! minion that triggers battlecries.

use super::CardDef;
use super::effect_row::CombatEffect;
use crate::hearthstone::model::{Effect, Marks, Token, Trigger};

/// The battlecries Firestone plays in combat that change more than the
/// hand (normal and golden ids): the board, the blood gems, the hero,
/// the counts later effects read.
const FIRESTONE_PLAYS: &[&str] = &[
    "BG_UNG_073",
    "TB_BaconUps_061", // Rockpool Hunter
    "BGS_082",
    "TB_BaconUps_144", // Menagerie Mug
    "BG_AT_069",
    "BG_AT_069_G", // Sparring Partner
    "BGS_038",
    "TB_BaconUps_108", // Twilight Emissary
    "BGS_053",
    "TB_BaconUps_138", // Bloodsail Cannoneer
    "BG29_502",
    "BG29_502_G", // Crow's Nest Sentry
    "BG_EX1_103",
    "TB_BaconUps_064", // Coldlight Seer
    "BG26_522",
    "BG26_522_G", // Keyboard Igniter
    "BG21_021",
    "BG21_021_G", // Smogger
    "BGS_010",    // Annihilan Battlemaster (Firestone plays no golden one)
    "BG_ICC_807",
    "TB_BaconUps_072", // Strongshell Scavenger
    "BG23_190",
    "BG23_190_G", // Uther the Lightbringer
    "BG27_001",
    "BG27_001_G", // Living Constellation
    "BG27_018",
    "BG27_018_G", // Emergent Flame
    "BG_SCH_149",
    "TB_BaconUps_308", // Argent Braggart
    "BG25_034",
    "BG25_034_G", // Captain Sanders
    "BG24_719",
    "BG24_719_G", // Faceless Disciple
    "BG28_630",
    "BG28_630_G", // Eagill
    "BG28_303",
    "BG28_303_G", // Disguised Graverobber
    "BGDUO_119",
    "BGDUO_119_G", // Orc-estra Conductor
    "BG23_HERO_306_Buddy",
    "BG23_HERO_306_Buddy_G", // Nathanos Blightcaller
    "BG30_104",
    "BG30_104_G", // Lucky Egg
    "BG30_850",
    "BG30_850_G", // Museum Mummy
    "BG_CFM_315",
    "TB_BaconUps_093", // Alleycat
    "BG29_845",
    "BG29_845_G", // Assistant Guard
    "BG32_824",
    "BG32_824_G", // Bronze Steward
    "BG31_149",
    "BG31_149_G", // Bubble Gunner
    "BG34_402",
    "BG34_402_G", // Burgeoning Whelp
    "BG33_896",
    "BG33_896_G", // Canopy Swinger
    "BG29_503",
    "BG29_503_G", // Clunker Junker
    "BG26_RLK_119",
    "BG26_RLK_119_G", // Drakkari Embalmer
    "BG31_301",
    "BG31_301_G", // Efficient Engineer
    "BG26_963",
    "BG26_963_G", // Electric Synthesizer
    "BG32_231",
    "BG32_231_G", // Elite Navigator
    "BG33_701",
    "BG33_701_G", // Exceptional Caretaker
    "BG34_781",
    "BG34_781_G", // Felhorn
    "BG31_801",
    "BG31_801_G", // Forest Rover
    "BG31_145",
    "BG31_145_G", // Fountain Chiller
    "BG25_155",
    "BG25_155_G", // Gem Smuggler
    "BG31_148",
    "BG31_148_G", // Hackerfin
    "BG33_888",
    "BG33_888_G", // Hog Watcher
    "BG33_895",
    "BG33_895_G", // Hot Springer
    "BG30_127",
    "BG30_127_G", // Inspiring Underdog
    "BGS_030",
    "TB_BaconUps_100", // King Bagurgle
    "BG26_814",
    "BG26_814_G", // Lovesick Balladist
    "BG33_890t",  // Magicfin Apprentice
    "BGS_083",
    "TB_BaconUps_145", // Menagerie Jug
    "BG24_012",
    "BG24_012_G", // Murky
    "BG25_011",
    "BG25_011_G", // Nerubian Deathswarmer
    "BG30_756",
    "BG30_756_G", // Parched Wanderer
    "BG_OG_221",
    "TB_BaconUps_014", // Selfless Hero
    "BG33_846",
    "BG33_846_G", // Sharp-Eyed Sabretooth
    "BG31_853",
    "BG31_853_G", // Silver-Handed Recruit
    "BG25_309t",
    "BG25_309_Gt", // Smolderwing
    "BG34_Giant_687",
    "BG34_Giant_687_G", // Timewarped Nest Swarmer
    "BG31_813",
    "BG31_813_G", // Twilight Primordium
    "BG31_841",
    "BG31_841_G", // Wisp in the Shell
    "BG26_159",
    "BG26_159_G", // Moon-Bacon Jazzer
    "BG23_017",
    "BG23_017_G", // Sanguine Champion
    "BG33_830",
    "BG33_830_G", // Azsharan Cutlassier
    "BG32_841",
    "BG32_841_G", // Sand Swirler
    "BGDUO_111",
    "BGDUO_111_G", // Generous Geomancer
    "BGDUO_HERO_100_Buddy",
    "BGDUO_HERO_100_Buddy_G", // Faceless One
    "TB_BaconShop_HERO_91_Buddy",
    "TB_BaconShop_HERO_91_Buddy_G", // Phyresz
    "BG26_525",
    "BG26_525_G", // Imposing Percussionist (damages the hero: its listeners)
    "BG32_340",
    "BG32_340_G", // Maw Caster (destroys an Undead)
    "BGS_020",
    "TB_BaconUps_089", // Primalfin Lookout (its discover is heard)
    "BG34_684",
    "BG34_684_G", // Trench Fighter
];

/// The battlecries the engine plays, by card id, with the text Firestone
/// plays where it is not the card's own battlecry (what follows
/// "Battlecry:"): each read as a start of combat's action.
const PLAYED: &[(&str, Option<&str>)] = &[
    ("BG_UNG_073", None),      // Rockpool Hunter: a random living friendly Murloc
    ("TB_BaconUps_061", None), //
    ("BGS_038", None),         // Twilight Emissary: a random living friendly Dragon
    ("TB_BaconUps_108", None), //
    ("BG_EX1_103", None),      // Coldlight Seer: every other friendly Murloc
    ("TB_BaconUps_064", None), //
    ("BG29_502", None),        // Crow's Nest Sentry: every other friendly Pirate
    ("BG29_502_G", None),      //
    ("BG26_963", None),        // Electric Synthesizer: every other friendly Dragon
    ("BG26_963_G", None),      //
    ("BG32_824", None),        // Bronze Steward: every other friendly Dragon
    ("BG32_824_G", None),      //
    ("BG31_801", None),        // Forest Rover: the side's Beetles
    ("BG31_801_G", None),      //
    ("BG26_159", None),        // Moon-Bacon Jazzer: the side's blood gems
    ("BG26_159_G", None),      //
    ("BG25_155", None),        // Gem Smuggler: every other friendly minion
    ("BG25_155_G", None),      //
    ("BG23_017", None),        // Sanguine Champion: the side's blood gems
    ("BG23_017_G", None),      //
];

/// The card's row with its battlecry as the engine plays it in combat:
/// its marks, its `Trigger::Battlecry` effect (in a free slot), and a
/// note for the row; a battlecry Firestone plays that is not read marks
/// it `Marks::BATTLECRY_UNMODELLED`.
pub(super) fn with_battlecry(
    card: &CardDef,
    effect: CombatEffect,
    mut marks: Marks,
) -> (CombatEffect, Marks, Option<&'static str>) {
    if card.triggers & super::TRIGGER_BATTLECRY == 0 {
        return (effect, marks, None);
    }
    marks |= Marks::HAS_BATTLECRY;
    let played = PLAYED.iter().find(|(id, _)| *id == card.id);
    let read = played.and_then(|&(_, plays)| read_battlecry(card, plays));
    match (read.and_then(|e| add_effect(&effect, e)), played) {
        (Some(effect), _) => (effect, marks, Some("its battlecry, triggered in combat")),
        (None, Some(_)) => {
            marks |= Marks::BATTLECRY_UNMODELLED;
            (effect, marks, Some("its battlecry in combat not read"))
        }
        (None, None) if FIRESTONE_PLAYS.contains(&card.id) => {
            marks |= Marks::BATTLECRY_UNMODELLED;
            let why = "Firestone plays its battlecry in combat, not modelled yet";
            (effect, marks, Some(why))
        }
        (None, None) => (effect, marks, None),
    }
}

/// The battlecry's effect: the action of its clause (or `plays`) read as
/// a start of combat's, fired by `Trigger::Battlecry`.
fn read_battlecry(card: &CardDef, plays: Option<&str>) -> Option<Effect> {
    let text = plays.unwrap_or(card.text).to_lowercase();
    let body = match plays {
        Some(_) => text.as_str(),
        None => {
            let at = text.find("battlecry")?;
            let rest = &text[at..];
            let (_, body) = rest.split_once(": ")?;
            // The battlecry's own sentence(s): up to the next trigger.
            body.split(" deathrattle: ").next()?
        }
    };
    let clause = format!("start of combat: {}", body.trim());
    let effects = super::reader::triggered_clause(&clause)?;
    match effects.as_slice() {
        [(e, None)] if e.trigger == Trigger::StartOfCombat => Some(Effect {
            trigger: Trigger::Battlecry,
            action: e.action,
        }),
        _ => None,
    }
}

/// `effect` with `battlecry` in a free effect slot (none when there is
/// none, or the card is not modelled).
fn add_effect(effect: &CombatEffect, battlecry: Effect) -> Option<CombatEffect> {
    let (deathrattle, mut effects, effect_token) = match effect {
        CombatEffect::None | CombatEffect::OutOfCombat => {
            (Token::default(), Default::default(), Token::default())
        }
        CombatEffect::Summon(t) => (*t, Default::default(), Token::default()),
        CombatEffect::Effects {
            deathrattle,
            effects,
            effect_token,
        } => (*deathrattle, *effects, *effect_token),
        CombatEffect::Unsupported(_) => return None,
    };
    let free = effects.iter_mut().find(|e| e.trigger == Trigger::Never)?;
    *free = battlecry;
    Some(CombatEffect::Effects {
        deathrattle,
        effects,
        effect_token,
    })
}
