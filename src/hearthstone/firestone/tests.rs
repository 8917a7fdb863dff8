use super::*;
use crate::hearthstone::model::{
    Action, CLEAVE, Minion, REBORN, SHIELD, STEALTH, TAUNT, Trigger, VENOM, WINDFURY,
};

fn message(e: Error) -> String {
    e.message().to_string()
}

/// A `globalInfo` object gives the counters combat reads, by
/// Firestone's names; the tavern's are ignored, bad values refused.
#[test]
fn global_info_gives_the_bonuses_combat_reads() {
    let b = bonuses_from_global_info(
        r#"{"BloodGemAttackBonus": 2, "BloodGemHealthBonus": 1, "UndeadAttackBonus": 3,
            "GoldrinnBuffAtk": 4, "GoldrinnBuffHealth": 5, "BeetleAttackBuff": 1,
            "HauntedCarapaceHealthBonus": 2, "PirateAttackBonus": 6, "MechAttackBonus": 7,
            "EternalKnightsDeadThisGame": 5, "EternalKnightHealthBuff": 2,
            "TavernSpellsCastThisGame": 12, "DeathrattlesTriggeredThisGame": 9,
            "TastyLobstersBuff": 3, "WhelpAttackBuff": 3, "MechHealthBonus": null}"#,
    )
    .unwrap();
    assert_eq!(b.blood_gem, [2, 1]);
    assert_eq!(b.undead, [3, 0]);
    assert_eq!(b.beasts, [4, 5]);
    assert_eq!(b.beetles, [1, 0]);
    assert_eq!(b.summoned, [0, 2]);
    assert_eq!((b.pirate_attack, b.mech_attack), (6, 7));
    assert_eq!((b.knights_died, b.knights), (5, [0, 2]));
    assert_eq!((b.deathrattles, b.tavern_spells), (9, 12));
    assert_eq!(b.lobsters, 3);
    assert!(bonuses_from_global_info("{}").unwrap().is_none());
    // Firestone's app writes -1 for a count it did not keep: none.
    let untracked = r#"{"TavernSpellsCastThisGame": -1, "UndeadAttackBonus": -3}"#;
    assert!(bonuses_from_global_info(untracked).unwrap().is_none());
    for (bad, why) in [
        ("[]", "the globalInfo must be a JSON object"),
        ("{", "the globalInfo is not JSON"),
        (
            r#"{"UndeadAttackBonus": 1.5}"#,
            "'UndeadAttackBonus' must be a number 0 to 1000",
        ),
        (
            r#"{"BeetleAttackBuff": 5000}"#,
            "'BeetleAttackBuff' must be a number 0 to 1000",
        ),
    ] {
        let e = bonuses_from_global_info(bad).unwrap_err();
        assert!(message(e).starts_with(why), "{bad}");
    }
}

/// An entity list means what Firestone makes of it: a missing
/// `stealth` is none (Heroic Underdog's own included); other missing
/// flags keep the card's own.
#[test]
fn json_boards_read_stealth_as_firestone_does() {
    let board = |text: &str| board_from_json(text).unwrap()[0].keywords;
    let underdog = r#"[{"cardId": "BG34_604", "attack": 1, "health": 10}]"#;
    assert_eq!(board(underdog) & STEALTH, 0);
    let hidden = r#"[{"cardId": "BG34_604", "attack": 1, "health": 10, "stealth": true}]"#;
    assert_ne!(board(hidden) & STEALTH, 0);
    // Cord Puller's own divine shield stays when the flag is left out
    // (or null), and goes when it is false.
    let cord = r#"[{"cardId": "BG29_611", "attack": 1, "health": 1}]"#;
    assert_ne!(board(cord) & SHIELD, 0);
    let null = r#"[{"cardId": "BG29_611", "attack": 1, "health": 1, "divineShield": null}]"#;
    assert_ne!(board(null) & SHIELD, 0);
    let bare = r#"[{"cardId": "BG29_611", "attack": 1, "health": 1, "divineShield": false}]"#;
    assert_eq!(board(bare) & SHIELD, 0);
    let plain = r#"[{"cardId": "BG29_611", "attack": 1, "health": 1, "taunt": true}]"#;
    assert_ne!(board(plain) & TAUNT, 0);
    // The Amalgam is venomous today; an entity written before Venomous
    // existed gives `poisonous` alone, and its Amalgam is not.
    let amalgam = |flags: &str| {
        board(&format!(
            r#"[{{"cardId": "TB_BaconShop_HP_033t", "attack": 3, "health": 3{flags}}}]"#
        )) & VENOM
    };
    assert_ne!(amalgam(""), 0);
    assert_eq!(amalgam(r#", "poisonous": false"#), 0);
    assert_ne!(amalgam(r#", "poisonous": false, "venomous": true"#), 0);
}

/// A card by `cardId` or `dbfId` is the same minion, with the stats
/// given; unknown keys are ignored.
#[test]
fn json_boards_take_card_ids_and_dbf_ids() {
    let card = cards::by_id("BG29_611").unwrap();
    let by_id = board_from_json(r#"[{"cardId": "BG29_611", "attack": 5, "health": 7}]"#).unwrap();
    let by_dbf = board_from_json(&format!(
        r#"[{{"dbfId": {}, "attack": 5, "health": 7, "entityId": 12}}]"#,
        card.dbf
    ))
    .unwrap();
    assert_eq!(by_id, by_dbf);
    assert_eq!((by_id[0].attack, by_id[0].health), (5, 7));
    assert_eq!(by_id[0].name, Some(card.name));
    assert!(board_from_json("[]").unwrap().is_empty());
}

/// `scriptDataNum1` to `4` reach the cards that read them (the engine's
/// reading: the cards tests); null is none.
#[test]
fn json_boards_carry_script_numbers() {
    let gift = |text: &str| match board_from_json(text).unwrap()[0].effects[0].action {
        Action::Buff { attack, health, .. } => (attack, health),
        other => panic!("{other:?}"),
    };
    let hope = |data: &str| {
        gift(&format!(
            r#"[{{"cardId": "BG36_364", "attack": 4, "health": 3{data}}}]"#
        ))
    };
    assert_eq!(hope(""), (3, 3));
    assert_eq!(
        hope(r#", "scriptDataNum1": 9, "scriptDataNum2": 6"#),
        (9, 6)
    );
    assert_eq!(hope(r#", "scriptDataNum1": null"#), (3, 3));
    for bad in [r#", "scriptDataNum1": "9""#, r#", "scriptDataNum2": 1.5"#] {
        let text = format!(r#"[{{"cardId": "BG36_364", "attack": 4, "health": 3{bad}}}]"#);
        assert!(board_from_json(&text).is_err(), "{bad}");
    }
}

/// A golden minion listing its own normal card as `additionalCards` (the
/// copies of its triple, as real states hold them) is its card alone:
/// Firestone fires their deathrattles too, the game does not.
#[test]
fn a_golden_minion_s_own_copies_in_additional_cards_add_nothing() {
    let grandmother = |extra: &str| {
        board_from_json(&format!(
            r#"[{{"cardId": "TB_BaconUps_004", "attack": 3, "health": 3{extra}}}]"#
        ))
        .unwrap()
    };
    let plain = grandmother("");
    assert_eq!(grandmother(r#", "additionalCards": null"#), plain);
    assert_eq!(grandmother(r#", "additionalCards": []"#), plain);
    assert_eq!(
        grandmother(r#", "additionalCards": ["BG_KAR_005", "BG_KAR_005"]"#),
        plain
    );
}

/// Errors name the minion (from 1) and the key at fault.
#[test]
fn json_board_errors_name_the_minion_and_the_key() {
    let ok = r#"{"cardId": "BG29_611", "attack": 1, "health": 1}"#;
    let error = |second: &str| message(board_from_json(&format!("[{ok}, {second}]")).unwrap_err());
    for (second, why) in [
        (
            r#"{"cardId": "BG29_611", "attack": 1}"#,
            "minion 2: 'health' is missing",
        ),
        (
            r#"{"cardId": "BG29_611", "attack": -1, "health": 1}"#,
            "minion 2: 'attack' must be a number 0 to 65535",
        ),
        (
            r#"{"cardId": "BG29_611", "attack": 1, "health": 1, "taunt": 1}"#,
            "minion 2: 'taunt' must be true or false",
        ),
        (
            r#"{"cardId": "BG29_611", "attack": 1, "health": 1, "scriptDataNum3": "x"}"#,
            "minion 2: 'scriptDataNum3' must be a whole number",
        ),
        (
            r#"{"attack": 1, "health": 1}"#,
            "minion 2: give a cardId (text) or a dbfId (number)",
        ),
        ("7", "minion 2: give a cardId (text) or a dbfId (number)"),
        (
            r#"{"cardId": "BG99_999", "attack": 1, "health": 1}"#,
            "minion 2: no Battlegrounds card has the id or name 'BG99_999' (card data build BUILD)",
        ),
        (
            r#"{"dbfId": 4294967296, "attack": 1, "health": 1}"#,
            "minion 2: no Battlegrounds card has dbfId 4294967296 (card data build BUILD)",
        ),
        (
            r#"{"cardId": "BG29_611", "attack": 1, "health": 0}"#,
            "minion 2: Cord Puller (BG29_611): health 0 is not 1 to 32767",
        ),
        (
            r#"{"cardId": "TB_BaconUps_004", "attack": 3, "health": 3, "additionalCards": ["BG_KAR_005", "BG29_611"]}"#,
            "minion 2: Kindly Grandmother (TB_BaconUps_004) lists additionalCards BG29_611: \
             what they add in combat is not modelled yet",
        ),
        (
            r#"{"cardId": "TB_BaconUps_004", "attack": 3, "health": 3, "additionalCards": "BG_KAR_005"}"#,
            "minion 2: 'additionalCards' must be a list of card ids",
        ),
        (
            r#"{"cardId": "TB_BaconUps_004", "attack": 3, "health": 3, "additionalCards": ["BG_KAR_005", 7]}"#,
            "minion 2: 'additionalCards[1]' must be a card id (a string)",
        ),
    ] {
        let why = why.replace("BUILD", &cards::BUILD.to_string());
        assert_eq!(error(second), why, "{second}");
    }
    assert!(
        message(board_from_json("{}").unwrap_err())
            .starts_with("the board must be a JSON list of minions")
    );
    assert!(message(board_from_json("[").unwrap_err()).starts_with("the board is not JSON"));
    let eight = format!("[{}]", [ok; 8].join(","));
    assert_eq!(
        message(board_from_json(&eight).unwrap_err()),
        "8 minions; a board holds at most 7"
    );
}

/// One entity: the card's own keywords unless a flag says otherwise,
/// cleave included; a card by dbfId or by text, and the errors of each.
#[test]
fn an_entity_keeps_the_cards_keywords_unless_stated() {
    let cord = cards::by_id("BG29_611").unwrap();
    let own = minion_of_entity(CardRef::Dbf(cord.dbf), 2, 3, &EntityFlags::default()).unwrap();
    assert_eq!(own.keywords, cards::combat_keywords(cord));
    assert_eq!((own.attack, own.health, own.tier), (2, 3, cord.tier));
    let flags = EntityFlags {
        cleave: Some(true),
        divine_shield: Some(false),
        ..EntityFlags::default()
    };
    let changed = minion_of_entity(CardRef::Text("Cord Puller"), 2, 3, &flags).unwrap();
    assert_eq!(changed.keywords, (own.keywords | CLEAVE) & !SHIELD);
    // A dbfId written as text is a card too.
    let text = cord.dbf.to_string();
    assert_eq!(
        minion_of_entity(CardRef::Text(&text), 2, 3, &EntityFlags::default()).unwrap(),
        own
    );
    let none = EntityFlags::default();
    assert_eq!(
        message(minion_of_entity(CardRef::Dbf(1), 1, 1, &none).unwrap_err()),
        format!(
            "no Battlegrounds card has dbfId 1 (card data build {})",
            cards::BUILD
        )
    );
    assert!(minion_of_entity(CardRef::Dbf(cord.dbf), 1, 40_000, &none).is_err());
}

/// A small whole game state: the player's side is A, the opponent's B,
/// with their tiers and game bonuses; unknown keys and empty hero lists
/// are fine.
const BATTLE: &str = r#"{
    "playerBoard": {
        "player": {"cardId": "TB_BaconShop_HERO_PH", "tavernTier": 3, "hpLeft": 30,
                   "heroPowers": [], "trinkets": [], "questRewards": [], "hand": [],
                   "globalInfo": {"UndeadAttackBonus": 2, "TavernSpellsCastThisGame": -1}},
        "board": [{"cardId": "BG25_001", "attack": 3, "health": 3, "divineShield": true},
                  {"cardId": "BGS_004", "attack": 1, "health": 3}],
        "secrets": []
    },
    "opponentBoard": {
        "player": {"tavernTier": 2, "globalInfo": null},
        "board": [{"dbfId": 96758, "attack": 2, "health": 2}]
    },
    "gameState": {"currentTurn": 5, "anomalies": []},
    "options": {"numberOfSimulations": 8000}
}"#;

#[test]
fn a_whole_game_state_gives_both_sides_with_their_tiers_and_bonuses() {
    let c = combat_from_battle_json(BATTLE).unwrap();
    assert_eq!((c.a.len(), c.b.len()), (2, 1));
    assert_eq!((c.a[0].attack, c.a[0].health), (3, 3));
    assert_ne!(c.a[0].keywords & SHIELD, 0);
    assert_eq!(c.tiers, [3, 2]);
    assert_eq!(c.bonuses[0].undead, [2, 0]);
    assert_eq!(c.bonuses[0].tavern_spells, 0);
    assert!(c.bonuses[1].is_none());
    assert_eq!(
        c.a[0].name,
        board_from_json(r#"[{"cardId": "BG25_001", "attack": 3, "health": 3}]"#).unwrap()[0].name
    );
}

/// Secrets and lingering spells: the player's list, else the side's (as
/// Firestone reads them), each with its script numbers; cards acting
/// outside the boards and entities without a card id are left out.
#[test]
fn a_game_state_s_secrets_are_its_hero_side_cards() {
    let vigor = r#"{"cardId": "BG28_519", "scriptDataNum1": 3, "scriptDataNum2": 2}"#;
    let side = BATTLE.replacen(
        r#""secrets": []"#,
        &format!(r#""secrets": [{vigor}, {{"cardId": "BG27_Anomaly_575t"}}, {{"entityId": 3}}]"#),
        1,
    );
    let c = combat_from_battle_json(&side).unwrap();
    assert_eq!(c.heroes[0].len(), 1);
    assert_eq!(c.heroes[0][0].name, "Fleeting Vigor");
    assert!(matches!(
        c.heroes[0][0].effect.action,
        crate::hearthstone::model::Action::Buff {
            attack: 3,
            health: 2,
            ..
        }
    ));
    assert!(c.heroes[1].is_empty());
    // The player's list comes first, even empty.
    let player = side.replacen(r#""hand": []"#, r#""hand": [], "secrets": []"#, 1);
    assert!(combat_from_battle_json(&player).unwrap().heroes[0].is_empty());
    let player = BATTLE.replacen(
        r#""hand": []"#,
        r#""hand": [], "secrets": [{"cardId": "BG28_573"}]"#,
        1,
    );
    assert_eq!(
        combat_from_battle_json(&player).unwrap().heroes[0][0].name,
        "Upper Hand"
    );
}

/// Errors name the value by its JSON path; what combat does not model
/// yet is refused by name, never dropped.
#[test]
fn a_game_state_s_errors_name_the_json_path() {
    let with = |from: &str, to: &str| {
        assert!(BATTLE.contains(from), "{from}");
        message(combat_from_battle_json(&BATTLE.replacen(from, to, 1)).unwrap_err())
    };
    for (from, to, why) in [
        (
            r#""attack": 1, "health": 3"#,
            r#""attack": 1"#,
            "playerBoard.board[1].health is missing",
        ),
        (
            r#""attack": 2, "health": 2"#,
            r#""attack": "2", "health": 2"#,
            "opponentBoard.board[0].attack must be a number 0 to 65535",
        ),
        (
            r#""tavernTier": 2"#,
            r#""tavernTier": 9"#,
            "opponentBoard.player.tavernTier must be a tier 1 to 7",
        ),
        (
            r#""UndeadAttackBonus": 2"#,
            r#""UndeadAttackBonus": 2000"#,
            "playerBoard.player.globalInfo.UndeadAttackBonus must be a number 0 to 1000",
        ),
        (
            r#""heroPowers": []"#,
            r#""heroPowers": [{"cardId": "BGDUO_HERO_101p", "used": false}]"#,
            "playerBoard.player.heroPowers[0]: Glorious Gloop (BGDUO_HERO_101p): Start of Combat: transform",
        ),
        (
            r#""heroPowers": []"#,
            r#""heroPowers": [{"cardId": "NOT_A_POWER"}]"#,
            "playerBoard.player.heroPowers[0]: NOT_A_POWER: this hero power is not known",
        ),
        (
            r#""heroPowers": []"#,
            r#""heroPowers": 3"#,
            "playerBoard.player.heroPowers: must be a JSON list",
        ),
        (
            r#""hpLeft": 30"#,
            r#""hpLeft": 30, "heroPowerId": "BGDUO_HERO_101p""#,
            "playerBoard.player.heroPowerId: Glorious Gloop (BGDUO_HERO_101p): Start of Combat",
        ),
        (
            r#""hpLeft": 30"#,
            r#""hpLeft": 30, "questEntities": [{"CardId": "BG24_Quest_124", "ProgressCurrent": 1}]"#,
            "playerBoard.player.questEntities[0]: Reenact the Murder (BG24_Quest_124): its progress counts in combat",
        ),
        (
            r#""trinkets": []"#,
            r#""trinkets": [{"cardId": "BG30_MagicItem_989"}]"#,
            "playerBoard.player.trinkets[0]: Artisanal Urn (BG30_MagicItem_989): your Undead have +3 Attack, which is not modelled yet",
        ),
        (
            r#""secrets": []"#,
            r#""secrets": [{"cardId": "BG28_519", "scriptDataNum1": 1, "scriptDataNum2": 1}, {"cardId": "TB_Bacon_Secrets_10"}]"#,
            "playerBoard.secrets[1]: Redemption (TB_Bacon_Secrets_10): a secret that returns a dead minion, which is not modelled yet",
        ),
        (
            r#""secrets": []"#,
            r#""secrets": [{"cardId": "BG28_519", "scriptDataNum1": 1}]"#,
            "playerBoard.secrets[0]: Fleeting Vigor (BG28_519): its scriptDataNum2 is missing",
        ),
        (
            r#""secrets": []"#,
            r#""secrets": [{"cardId": "NOT_A_SECRET"}]"#,
            "playerBoard.secrets[0]: NOT_A_SECRET: this hero-side card is not known",
        ),
        (
            r#""anomalies": []"#,
            r#""anomalies": ["BG27_Anomaly_301"]"#,
            "gameState.anomalies[0]: BG27_Anomaly_301: this anomaly is not known",
        ),
        (
            r#""options""#,
            r#""playerTeammateBoard": {"board": [{"cardId": "BG25_001"}]}, "options""#,
            "playerTeammateBoard.player is missing",
        ),
        (
            r#""options""#,
            r#""opponentTeammateBoard": {"player": {"tavernTier": 3, "trinkets": [{"cardId": "BG30_MagicItem_989"}]}, "board": []}, "options""#,
            "opponentTeammateBoard.player.trinkets[0]: Artisanal Urn (BG30_MagicItem_989): your Undead",
        ),
        (
            r#""options""#,
            r#""playerTeammateBoard": {"player": {"tavernTier": 3}, "board": [{"cardId": "NOT_A_CARD", "attack": 1, "health": 1}]}, "options""#,
            "playerTeammateBoard.board[0]: no Battlegrounds card has the id or name 'NOT_A_CARD'",
        ),
        (
            r#""hand": []"#,
            r#""hand": 5"#,
            "playerBoard.player.hand: must be a JSON list",
        ),
        (
            r#""hand": []"#,
            r#""hand": [{"cardId": "BG32_330", "attack": 3}]"#,
            "playerBoard.player.hand[0].health is missing",
        ),
        (
            r#""cardId": "BG25_001""#,
            r#""cardId": "NOT_A_CARD""#,
            "playerBoard.board[0]: no Battlegrounds card has the id or name 'NOT_A_CARD'",
        ),
        (
            r#""opponentBoard""#,
            r#""opponent""#,
            "opponentBoard is missing",
        ),
        (
            r#""opponentBoard": {"#,
            r#""opponentBoard": 3, "unused": {"#,
            "opponentBoard: must be a JSON object",
        ),
        (
            r#""player": {"tavernTier": 2"#,
            r#""player": [], "unused": {"tavernTier": 2"#,
            "opponentBoard.player: must be a JSON object",
        ),
    ] {
        let got = with(from, to);
        assert!(got.starts_with(why), "{to}: {got}");
    }
    assert!(message(combat_from_battle_json("[]").unwrap_err()).contains("JSON object"));
    assert!(message(combat_from_battle_json("{").unwrap_err()).contains("not JSON"));
}

/// The hand: its minions with their stats, the one that acts from the
/// hand whole (not once locked), spells left out; what a hand reader
/// would misread is refused by JSON path.
#[test]
fn a_game_state_s_hand_is_read() {
    let hand = r#""hand": [{"cardId": "BG28_810", "attack": 0, "health": 0},
        {"cardId": "BG32_330_G", "attack": 6, "health": 7},
        {"cardId": "BG31_835", "attack": 9, "health": 8},
        {"cardId": "BG32_330", "attack": 3, "health": 3, "locked": true}]"#;
    let c = combat_from_battle_json(&BATTLE.replacen(r#""hand": []"#, hand, 1)).unwrap();
    assert!(c.hands[1].is_empty());
    let stats: Vec<_> = c.hands[0].iter().map(|m| (m.attack, m.health)).collect();
    assert_eq!(stats, [(6, 7), (9, 8), (3, 3)]);
    let acts = |m: &Minion| m.effects.iter().any(|e| e.trigger != Trigger::Never);
    assert!(acts(&c.hands[0][0]));
    // Deathly Striker (not modelled) is read for its stats; the locked
    // Flighty Scout was summoned already.
    assert!(!acts(&c.hands[0][1]) && !acts(&c.hands[0][2]));
    // Choral Mrrrglr reads the hand: a spell with stats, and a Choral
    // count of earlier turns, are refused.
    let choral = BATTLE.replacen(
        r#"{"cardId": "BGS_004", "attack": 1, "health": 3}"#,
        r#"{"cardId": "BG26_354", "attack": 6, "health": 6}"#,
        1,
    );
    let spell = r#""hand": [{"cardId": "BG27_002t", "attack": -1, "health": -1}]"#;
    let e = combat_from_battle_json(&choral.replacen(r#""hand": []"#, spell, 1)).unwrap_err();
    assert!(message(e).starts_with("playerBoard.player.hand[0]: BG27_002t"));
    let counted = choral.replacen(r#""UndeadAttackBonus": 2"#, r#""ChoralAttackBuff": 12"#, 1);
    let e = combat_from_battle_json(&counted).unwrap_err();
    assert!(message(e).starts_with("playerBoard.player.globalInfo.ChoralAttackBuff"));
    // Without a reader the same spell is left out.
    let c = combat_from_battle_json(&BATTLE.replacen(r#""hand": []"#, spell, 1)).unwrap();
    assert!(c.hands[0].is_empty());
}

/// An enchantment that gives its minion a combat effect its card lacks
/// (a magnetized part's deathrattle) is refused by name; stat and
/// keyword enchantments, and a card's own, are let be.
#[test]
fn enchantments_that_act_in_combat_are_refused() {
    let with = |enchantments: &str| {
        board_from_json(&format!(
            r#"[{{"cardId": "BG25_001", "attack": 3, "health": 3, "enchantments": [{enchantments}]}}]"#
        ))
    };
    let e = with(r#"{"cardId": "TB_006e"}, {"cardId": "BG26_055e"}"#).unwrap_err();
    assert_eq!(
        message(e),
        "minion 1: Risen Rider (BG25_001) carries the enchantment BG26_055e ('Deathrattle: \
         Summon a Recurring Nightmare.'), an effect in combat its card does not have: not \
         modelled yet"
    );
    assert!(with(r#"{"cardId": "TB_006e"}, {"cardId": "NOT_AN_ENCHANTMENT"}"#).is_ok());
    assert!(cards::combat_enchantment("BG26_055e").is_some());
    assert!(cards::combat_enchantment("TB_006e").is_none());
    // A card's own enchantment holds its own effect's numbers; but Surf
    // n' Surf acts outside combat only, giving its crab deathrattle to a
    // minion: carrying it itself, it has what its card does not (a Crab).
    let own = r#"[{"cardId": "BG27_004", "attack": 3, "health": 3, "enchantments": [{"cardId": "BG27_004e"}]}]"#;
    let card = cards::by_id("BG27_004").unwrap();
    assert!(cards::combat_effect(card).is_modelled() && !cards::acts_in_combat(card));
    assert_eq!(board_from_json(own).unwrap()[0].deathrattle.count, 1);
    // Whirring Protector's magnetized rally joins the minion's effects
    // (after its card's), not its reborn copy's. Geared Guard is a Rally
    // minion by its card; a murloc carrying the rally is not (Firestone
    // reads the mechanic from the enchantment's card, which lacks it).
    let guard = r#"[{"cardId": "BG33_325", "attack": 4, "health": 4, "enchantments": [{"cardId": "BG33_807e"}]}]"#;
    let card = cards::minion_of(cards::by_id("BG33_325").unwrap()).unwrap();
    let m = board_from_json(guard).unwrap()[0];
    assert_eq!(m.effects[0], card.effects[0]);
    assert_eq!(
        m.effects[1],
        cards::enchantment_effect("BG33_807e").unwrap()
    );
    assert_eq!(m.reborn_effects, Some(card.effects));
    assert!(m.marks.contains(model::Marks::HAS_RALLY));
    let murloc = r#"[{"cardId": "BG_UNG_073", "attack": 3, "health": 5, "enchantments": [{"cardId": "BG33_807e"}]}]"#;
    let m = board_from_json(murloc).unwrap()[0];
    assert!(
        m.effects
            .contains(&cards::enchantment_effect("BG33_807e").unwrap())
    );
    assert!(!m.marks.contains(model::Marks::HAS_RALLY));
    // A third effect: more than a minion holds.
    let three = r#"[{"cardId": "BG33_325", "attack": 4, "health": 4, "enchantments": [{"cardId": "BG33_807e"}, {"cardId": "BG33_807e"}]}]"#;
    assert!(message(board_from_json(three).unwrap_err()).contains("more effects in combat"));
    // One that only gets cards for the hand changes no combat.
    let gems = r#"[{"cardId": "BG31_325", "attack": 3, "health": 3, "enchantments": [{"cardId": "BG31_325e"}]}]"#;
    assert!(board_from_json(gems).is_ok());
}

/// Surf n' Surf's Crab on any minion: one 3/2 Beast token per
/// enchantment (a golden one's 6/4), which the reborn copy does not
/// summon; beside a deathrattle of the minion's own, or beside the other
/// Crab, it is refused.
#[test]
fn crab_enchantments_summon_crabs() {
    let with = |card: &str, enchantments: &str| {
        board_from_json(&format!(
            r#"[{{"cardId": "{card}", "attack": 3, "health": 3, "reborn": true, "enchantments": [{enchantments}]}}]"#
        ))
    };
    let m = with(
        "BG25_001",
        r#"{"cardId": "BG27_004e"}, {"cardId": "BG27_004e"}"#,
    )
    .unwrap()[0];
    let t = m.deathrattle;
    assert_eq!(
        (t.attack, t.health, t.count, t.tribes),
        (3, 2, 2, model::TRIBE_BEAST)
    );
    assert_eq!(m.reborn_deathrattle, Some(model::Token::default()));
    let g = with("BG25_001", r#"{"cardId": "BG27_004_Ge"}"#).unwrap()[0];
    assert_eq!((g.deathrattle.attack, g.deathrattle.health), (6, 4));
    let mixed = with(
        "BG25_001",
        r#"{"cardId": "BG27_004e"}, {"cardId": "BG27_004_Ge"}"#,
    );
    assert!(message(mixed.unwrap_err()).contains("different tokens"));
    // Harmless Bonehead summons skeletons of its own.
    let own = with("BG28_300", r#"{"cardId": "BG27_004e"}"#);
    assert!(message(own.unwrap_err()).contains("beside the minion's own"));
}

/// A Battlecruiser's parts: its rally and deathrattle numbers are the
/// sums of its parts' `tagScriptDataNum1` (one effect each, as Firestone
/// sums them); the Ultra-Capacitor is refused.
#[test]
fn battlecruiser_parts_sum_their_numbers() {
    let ship = |enchantments: &str| {
        board_from_json(&format!(
            r#"[{{"cardId": "BG31_HERO_801pt", "attack": 7, "health": 2, "enchantments": [{enchantments}]}}]"#
        ))
    };
    let m = ship(
        r#"{"cardId": "BG31_HERO_801ptee", "tagScriptDataNum1": 2},
           {"cardId": "BG31_HERO_801ptde", "tagScriptDataNum1": 4},
           {"cardId": "BG31_HERO_801ptae", "tagScriptDataNum1": 5},
           {"cardId": "BG31_HERO_801ptee", "tagScriptDataNum1": 3}"#,
    )
    .unwrap()[0];
    let buff = |e: model::Effect| match e.action {
        model::Action::Buff { attack, health, .. } => (e.trigger, attack, health),
        _ => panic!("{e:?}"),
    };
    assert_eq!(buff(m.effects[0]), (model::Trigger::Deathrattle, 5, 5));
    assert_eq!(buff(m.effects[1]), (model::Trigger::Rally, 4, 0));
    // Its part's rally is its card's in Firestone: no Rally mark.
    assert!(!m.marks.contains(model::Marks::HAS_RALLY));
    assert_eq!(m.reborn_effects, Some([model::Effect::default(); 2]));
    let capacitor = ship(r#"{"cardId": "BG31_HERO_801ptje"}"#);
    assert!(message(capacitor.unwrap_err()).contains("Ultra-Capacitor"));
    let negative = ship(r#"{"cardId": "BG31_HERO_801ptde", "tagScriptDataNum1": -1}"#);
    assert!(message(negative.unwrap_err()).contains("tagScriptDataNum1"));
}

/// Duos: each side's teammate is read as a side is (board, tier, hand);
/// null is none.
#[test]
fn a_game_state_s_teammates_are_read() {
    let state = r#"{
        "playerBoard": {"player": {"tavernTier": 2}, "board": [{"cardId": "BG25_001", "attack": 3, "health": 3}]},
        "opponentBoard": {"player": {"tavernTier": 3}, "board": [{"cardId": "BG25_001", "attack": 2, "health": 2}]},
        "playerTeammateBoard": {"player": {"tavernTier": 5, "hand": [{"cardId": "BG25_001", "attack": 1, "health": 1}]},
            "board": [{"cardId": "BG25_001", "attack": 7, "health": 7}, {"cardId": "BG25_001", "attack": 1, "health": 1}]},
        "opponentTeammateBoard": null
    }"#;
    let c = combat_from_battle_json(state).unwrap();
    let mate = c.teammates[0].as_ref().unwrap();
    assert_eq!((mate.tier, mate.board.len(), mate.hand.len()), (5, 2, 1));
    assert_eq!((mate.board[0].attack, mate.board[0].health), (7, 7));
    assert!(c.teammates[1].is_none());
}

/// With `OnUnmodelled::Ignore`, what might act in combat but is not
/// modelled is left out and listed, in the state's order, each with its
/// place and JSON path; minions fight with their stats and keywords.
/// Refusing (the default) still names the first; malformed input stays
/// an error either way.
#[test]
fn ignoring_what_is_not_modelled_lists_it_and_fights_without_it() {
    let state = BATTLE
        .replacen(
            r#""heroPowers": []"#,
            r#""heroPowers": [{"cardId": "TB_BaconShop_HP_020"}, {"cardId": "BGDUO_HERO_101p"}]"#,
            1,
        )
        .replacen(
            r#""secrets": []"#,
            r#""secrets": [{"cardId": "TB_Bacon_Secrets_10"}]"#,
            1,
        )
        .replacen(
            r#"{"dbfId": 96758, "attack": 2, "health": 2}"#,
            r#"{"dbfId": 96758, "attack": 2, "health": 2},
               {"cardId": "BGS_006", "attack": 5, "health": 7, "taunt": true},
               {"cardId": "NOT_A_CARD", "attack": 4, "health": 4, "divineShield": true}"#,
            1,
        )
        .replacen(
            r#""anomalies": []"#,
            r#""anomalies": ["BG27_Anomaly_301"]"#,
            1,
        );
    let refused = battle_from_json(&state, OnUnmodelled::Refuse).unwrap_err();
    assert!(message(refused).starts_with("gameState.anomalies[0]: BG27_Anomaly_301"),);
    let battle = battle_from_json(&state, OnUnmodelled::Ignore).unwrap();
    let listed: Vec<(&str, Place, &str)> = battle
        .unmodelled
        .iter()
        .map(|u| (u.id.as_str(), u.place, u.path.as_str()))
        .collect();
    assert_eq!(
        listed,
        [
            ("BG27_Anomaly_301", Place::Anomaly, "gameState.anomalies[0]"),
            (
                "BGDUO_HERO_101p",
                Place::HeroPower,
                "playerBoard.player.heroPowers[1]"
            ),
            (
                "TB_Bacon_Secrets_10",
                Place::Secret,
                "playerBoard.secrets[0]"
            ),
            ("BGS_006", Place::Board, "opponentBoard.board[1]"),
            ("NOT_A_CARD", Place::Board, "opponentBoard.board[2]"),
        ]
    );
    let shredder = &battle.unmodelled[3];
    assert_eq!(shredder.name, Some("Sneed's Old Shredder"));
    assert!(
        shredder.reason.contains("not modelled"),
        "{}",
        shredder.reason
    );
    assert!(
        !shredder.reason.starts_with("opponentBoard"),
        "{}",
        shredder.reason
    );
    let c = &battle.combat;
    assert!(c.heroes[0].is_empty());
    assert_eq!(c.b.len(), 3);
    let plain = Minion::new(0, 1).effects;
    for (m, attack, health, keywords) in [(&c.b[1], 5, 7, TAUNT), (&c.b[2], 4, 4, SHIELD)] {
        assert_eq!((m.attack, m.health, m.keywords), (attack, health, keywords));
        assert_eq!(m.effects, plain);
        assert_eq!(m.deathrattle.count, 0);
    }
    assert_eq!(c.b[1].name, Some("Sneed's Old Shredder"));
    // The boards' own minions are read as ever.
    assert_eq!(c.a, combat_from_battle_json(BATTLE).unwrap().a);
    // Nothing to leave out: an empty list.
    assert!(
        battle_from_json(BATTLE, OnUnmodelled::Ignore)
            .unwrap()
            .unmodelled
            .is_empty()
    );
    // Malformed input is no card left out: a minion's missing stat, a
    // secret's number out of range. A missing number is: what the card
    // gives is not known.
    let vigor = |numbers: &str| {
        let secret = format!(r#""secrets": [{{"cardId": "BG28_519", {numbers}}}]"#);
        BATTLE.replacen(r#""secrets": []"#, &secret, 1)
    };
    let left_out = battle_from_json(&vigor(r#""scriptDataNum1": 3"#), OnUnmodelled::Ignore);
    let left_out = left_out.unwrap().unmodelled;
    assert_eq!(left_out.len(), 1);
    assert!(left_out[0].reason.contains("scriptDataNum2 is missing"));
    let vigor = vigor(r#""scriptDataNum1": 3, "scriptDataNum2": -2"#);
    let refused = battle_from_json(&vigor, OnUnmodelled::Ignore).unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::Parse);
    assert!(message(refused).starts_with("playerBoard.secrets[0]: "));
    let broken = state.replacen(r#""attack": 5, "health": 7"#, r#""attack": 5"#, 1);
    assert_eq!(
        message(battle_from_json(&broken, OnUnmodelled::Ignore).unwrap_err()),
        "opponentBoard.board[1].health is missing"
    );
}

/// Hero powers, trinkets, quests, quest rewards and anomalies that act
/// only outside combat are skipped, as are empty trinket slots, null
/// anomalies and empty ids: the fight is the one without them, and
/// nothing is listed. One that acts in combat beside them is listed alone.
#[test]
fn what_acts_only_outside_combat_is_skipped() {
    let state = BATTLE
        .replacen(
            r#""heroPowers": [], "trinkets": [], "questRewards": []"#,
            r#""heroPowers": [{"cardId": "TB_BaconShop_HP_020", "used": true, "info": 3}, {"cardId": ""}],
               "heroPowerId": "TB_BaconShop_HP_020",
               "trinkets": [{"cardId": "BG30_MagicItem_706"}, {"cardId": "BG30_Trinket_2nd"}, {"cardId": "BG30_Trinket_1st"}],
               "questRewards": ["BG27_Reward_504"],
               "questRewardEntities": [{"CardId": "BG27_Reward_504", "AvengeCurrent": 0}],
               "questEntities": [{"CardId": "BG24_Quest_151", "ProgressCurrent": 2}]"#,
            1,
        )
        .replacen(
            r#""anomalies": []"#,
            r#""anomalies": [null, "BG27_Anomaly_000"]"#,
            1,
        );
    let plain = combat_from_battle_json(BATTLE).unwrap();
    let whole = combat_from_battle_json(&state).unwrap();
    assert_eq!(format!("{whole:?}"), format!("{plain:?}"));
    assert!(
        battle_from_json(&state, OnUnmodelled::Ignore)
            .unwrap()
            .unmodelled
            .is_empty()
    );
    // The same lists on the opponent's side and a teammate's.
    let opponent = state.replacen(
        r#""player": {"tavernTier": 2"#,
        r#""player": {"heroPowers": [{"cardId": "BG25_HERO_105p"}], "trinkets": [{"cardId": "BG30_Trinket_2nd"}], "tavernTier": 2"#,
        1,
    );
    assert!(combat_from_battle_json(&opponent).is_ok());
    // A trinket acting in combat beside them is the one listed.
    let chess = state.replacen(
        r#"{"cardId": "BG30_Trinket_1st"}"#,
        r#"{"cardId": "BG30_MagicItem_972"}"#,
        1,
    );
    let battle = battle_from_json(&chess, OnUnmodelled::Ignore).unwrap();
    let listed: Vec<_> = battle
        .unmodelled
        .iter()
        .map(|u| (u.id.as_str(), u.place, u.path.as_str()))
        .collect();
    assert_eq!(
        listed,
        [(
            "BG30_MagicItem_972",
            Place::Trinket,
            "playerBoard.player.trinkets[2]"
        )]
    );
    assert!(
        battle.unmodelled[0]
            .reason
            .starts_with("Karazhan Chess Set (BG30_MagicItem_972): Start of Combat: Summon a copy"),
        "{}",
        battle.unmodelled[0].reason
    );
    assert_eq!(format!("{:?}", battle.combat), format!("{plain:?}"));
    assert!(
        message(combat_from_battle_json(&chess).unwrap_err())
            .starts_with("playerBoard.player.trinkets[2]: Karazhan Chess Set")
    );
}

/// Swatting Insects: before anything else of the fight, the left-most
/// minion gains Windfury, Divine Shield and Taunt: the fight of the state
/// where that minion has them. Not for a player with no health left; the
/// older `heroPowerId` too, but only when `heroPowers` is empty (as
/// Firestone reads it).
#[test]
fn swatting_insects_gives_the_left_most_minion_its_keywords() {
    let with_power = |powers: &str| {
        BATTLE.replacen(
            r#""heroPowers": []"#,
            &format!(r#""heroPowers": {powers}"#),
            1,
        )
    };
    let state = with_power(r#"[{"cardId": "TB_BaconShop_HP_086", "used": false}]"#);
    let c = combat_from_battle_json(&state).unwrap();
    // The same fight as the state saying so of the minion.
    let stated = BATTLE.replacen(
        r#""attack": 3, "health": 3, "divineShield": true"#,
        r#""attack": 3, "health": 3, "divineShield": true, "windfury": true, "taunt": true"#,
        1,
    );
    let plain = combat_from_battle_json(BATTLE).unwrap();
    assert_eq!(
        format!("{c:?}"),
        format!("{:?}", combat_from_battle_json(&stated).unwrap())
    );
    assert_eq!(
        c.a[0].keywords,
        plain.a[0].keywords | WINDFURY | SHIELD | TAUNT
    );
    assert_eq!(c.a[1], plain.a[1]);
    assert_eq!(c.b, plain.b);
    // The opponent's side, on a minion without Divine Shield.
    let theirs = BATTLE.replacen(
        r#""player": {"tavernTier": 2"#,
        r#""player": {"heroPowers": [{"cardId": "TB_BaconShop_HP_086"}], "tavernTier": 2"#,
        1,
    );
    let c = combat_from_battle_json(&theirs).unwrap();
    assert_eq!(
        c.b[0].keywords,
        plain.b[0].keywords | WINDFURY | SHIELD | TAUNT
    );
    assert_eq!(c.a, plain.a);
    // A player with no health left does not play it.
    let dead = state.replacen(r#""hpLeft": 30"#, r#""hpLeft": 0"#, 1);
    assert_eq!(combat_from_battle_json(&dead).unwrap().a, plain.a);
    // The older single field, when the list is empty.
    let single = BATTLE.replacen(
        r#""hpLeft": 30"#,
        r#""hpLeft": 30, "heroPowerId": "TB_BaconShop_HP_086""#,
        1,
    );
    let c = combat_from_battle_json(&single).unwrap();
    assert_eq!(
        c.a[0].keywords,
        plain.a[0].keywords | WINDFURY | SHIELD | TAUNT
    );
    // Not when the list holds one: Firestone reads the list alone.
    let both = with_power(r#"[{"cardId": "TB_BaconShop_HP_046"}]"#).replacen(
        r#""hpLeft": 30"#,
        r#""hpLeft": 30, "heroPowerId": "BG25_HERO_103p""#,
        1,
    );
    assert_eq!(combat_from_battle_json(&both).unwrap().a, plain.a);
    // An empty board: nothing to give.
    let empty = theirs.replacen(r#"[{"dbfId": 96758, "attack": 2, "health": 2}]"#, "[]", 1);
    assert!(combat_from_battle_json(&empty).unwrap().b.is_empty());
    // Met in a trinket list, it is no trinket the reader plays.
    let misplaced = BATTLE.replacen(
        r#""trinkets": []"#,
        r#""trinkets": [{"cardId": "TB_BaconShop_HP_086"}]"#,
        1,
    );
    assert!(
        message(combat_from_battle_json(&misplaced).unwrap_err())
            .starts_with("playerBoard.player.trinkets[0]: Swatting Insects (TB_BaconShop_HP_086)")
    );
}

/// Wingmen: a hero-side card of its side, before the secrets, used or
/// not; not for a player with no health left; refused as a trinket; left
/// out with its name when the engine refuses it beside what it is not
/// modelled with.
#[test]
fn wingmen_is_a_hero_side_card_of_its_side() {
    let with_power = |powers: &str| {
        BATTLE.replacen(
            r#""heroPowers": []"#,
            &format!(r#""heroPowers": {powers}"#),
            1,
        )
    };
    let state = with_power(r#"[{"cardId": "TB_BaconShop_HP_069", "used": true, "info": -1}]"#);
    let c = combat_from_battle_json(&state).unwrap();
    let plain = combat_from_battle_json(BATTLE).unwrap();
    assert_eq!(
        (c.a.clone(), c.b.clone()),
        (plain.a.clone(), plain.b.clone())
    );
    assert_eq!(c.heroes[0].len(), 1);
    assert_eq!(c.heroes[0][0].name, "Wingmen");
    assert_eq!(
        c.heroes[0][0].effect.action,
        crate::hearthstone::model::Action::FlanksAttack {
            attack: 2,
            health: 1
        }
    );
    assert!(c.heroes[1].is_empty());
    // The same card from the list alone, and from the older single field.
    let listed = hero_powers_from_json(r#"[{"cardId": "TB_BaconShop_HP_069"}]"#).unwrap();
    assert_eq!(listed, c.heroes[0]);
    let single = BATTLE.replacen(
        r#""hpLeft": 30"#,
        r#""hpLeft": 30, "heroPowerId": "TB_BaconShop_HP_069""#,
        1,
    );
    assert_eq!(combat_from_battle_json(&single).unwrap().heroes, c.heroes);
    // A player with no health left does not play it.
    let dead = state.replacen(r#""hpLeft": 30"#, r#""hpLeft": 0"#, 1);
    assert!(combat_from_battle_json(&dead).unwrap().heroes[0].is_empty());
    // Met in a trinket list, it is no trinket the engine plays.
    let misplaced = BATTLE.replacen(
        r#""trinkets": []"#,
        r#""trinkets": [{"cardId": "TB_BaconShop_HP_069"}]"#,
        1,
    );
    assert!(
        message(combat_from_battle_json(&misplaced).unwrap_err())
            .starts_with("playerBoard.player.trinkets[0]: Wingmen (TB_BaconShop_HP_069)")
    );
    // The hero-side card list refuses a power the reader plays on the
    // board, and one not modelled.
    let swat = hero_powers_from_json(r#"[{"cardId": "TB_BaconShop_HP_086"}]"#).unwrap_err();
    assert!(message(swat).starts_with("heroPowers[0]: Swatting Insects"));
    let teron = hero_powers_from_json(r#"[{"cardId": "BG25_HERO_103p"}]"#).unwrap_err();
    assert!(message(teron).starts_with("heroPowers[0]: Rapid Reanimation"));
    // Beside a secret waiting for room it is refused by name, and left
    // out when ignoring what is not modelled.
    let beetles = state.replacen(
        r#""secrets": []"#,
        r#""secrets": [{"cardId": "BG28_603", "scriptDataNum1": 0, "scriptDataNum2": 0}]"#,
        1,
    );
    let refused = message(combat_from_battle_json(&beetles).unwrap_err());
    assert!(refused.contains("Wingmen"), "{refused}");
    let battle = battle_from_json(&beetles, OnUnmodelled::Ignore).unwrap();
    assert!(battle.combat.heroes[0].iter().all(|h| h.name != "Wingmen"));
    assert_eq!(battle.unmodelled.len(), 1);
    assert_eq!(battle.unmodelled[0].id, "TB_BaconShop_HP_069");
}

/// Tentacular: a hero-side card whose one Tentacle (Taunt) has its
/// `info` for stats and waits for room; a bad `info` is a parse error.
#[test]
fn tentacular_summons_a_tentacle_of_its_info() {
    let with_power = |powers: &str| {
        BATTLE.replacen(
            r#""heroPowers": []"#,
            &format!(r#""heroPowers": {powers}"#),
            1,
        )
    };
    let state = with_power(r#"[{"cardId": "BG23_HERO_201p", "used": true, "info": 10}]"#);
    let c = combat_from_battle_json(&state).unwrap();
    let card = &c.heroes[0][0];
    assert_eq!(card.name, "Tentacular");
    assert!(card.when_space && card.pre_combat);
    assert_eq!((card.token.attack, card.token.health), (10, 10));
    assert_ne!(card.token.keywords & TAUNT, 0);
    let single = BATTLE.replacen(
        r#""hpLeft": 30"#,
        r#""hpLeft": 30, "heroPowerId": "BG23_HERO_201p", "heroPowerInfo": 10"#,
        1,
    );
    assert_eq!(combat_from_battle_json(&single).unwrap().heroes, c.heroes);
    for bad in ["0", "-1", "40000", "null"] {
        let state = with_power(&format!(
            r#"[{{"cardId": "BG23_HERO_201p", "info": {bad}}}]"#
        ));
        let e = combat_from_battle_json(&state).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Parse, "{bad}");
        assert!(
            message(e).starts_with(
                "playerBoard.player.heroPowers[0]: Tentacular (BG23_HERO_201p): its info"
            ),
            "{bad}"
        );
    }
}

/// Reborn Rites: when used, the minion whose `entityId` is its `info`
/// gains Reborn before the fight; not used, or naming no minion of the
/// board, it does nothing.
#[test]
fn reborn_rites_gives_the_chosen_minion_reborn() {
    let board = BATTLE.replacen(
        r#"{"cardId": "BGS_004", "attack": 1, "health": 3}"#,
        r#"{"cardId": "BGS_004", "attack": 1, "health": 3, "entityId": 77}"#,
        1,
    );
    let with_power = |power: &str| {
        board.replacen(
            r#""heroPowers": []"#,
            &format!(r#""heroPowers": [{power}]"#),
            1,
        )
    };
    let plain = combat_from_battle_json(&board).unwrap();
    assert_eq!(plain.a[1].keywords & REBORN, 0);
    let used = with_power(r#"{"cardId": "TB_BaconShop_HP_024", "used": true, "info": 77}"#);
    let c = combat_from_battle_json(&used).unwrap();
    assert_eq!(c.a[1].keywords, plain.a[1].keywords | REBORN);
    assert_eq!(c.a[0], plain.a[0]);
    let stated = board.replacen(r#""entityId": 77"#, r#""entityId": 77, "reborn": true"#, 1);
    assert_eq!(
        format!("{c:?}"),
        format!("{:?}", combat_from_battle_json(&stated).unwrap())
    );
    for idle in [
        r#"{"cardId": "TB_BaconShop_HP_024", "used": false, "info": 77}"#,
        r#"{"cardId": "TB_BaconShop_HP_024", "used": true, "info": 78}"#,
        r#"{"cardId": "TB_BaconShop_HP_024", "used": true, "info": -1}"#,
        r#"{"cardId": "TB_BaconShop_HP_024", "used": true}"#,
    ] {
        let c = combat_from_battle_json(&with_power(idle)).unwrap();
        assert_eq!(format!("{c:?}"), format!("{plain:?}"), "{idle}");
    }
    // The older fields: heroPowerUsed and heroPowerInfo.
    let single = board.replacen(
        r#""hpLeft": 30"#,
        r#""hpLeft": 30, "heroPowerId": "TB_BaconShop_HP_024", "heroPowerUsed": true, "heroPowerInfo": 77"#,
        1,
    );
    assert_eq!(
        combat_from_battle_json(&single).unwrap().a[1].keywords,
        plain.a[1].keywords | REBORN
    );
}

/// Ignoring what is not modelled, two cards the engine models each but
/// cannot play together are answered with the refusal's culprit read
/// plain and listed with the refusal as its reason; refusing, the state
/// is refused as ever.
#[test]
fn ignoring_plays_the_culprit_of_a_combination_refused_plain() {
    let with =
        |board: &str| BATTLE.replacen(r#"{"dbfId": 96758, "attack": 2, "health": 2}"#, board, 1);
    // Leeroy's killer is not followed beside a Macaw's triggered deathrattles.
    let state = with(
        r#"{"cardId": "BG23_318", "attack": 6, "health": 2},
           {"cardId": "BGS_078", "attack": 5, "health": 4}"#,
    );
    // Refusing, the reader refuses it as the engines do.
    let refused = message(battle_from_json(&state, OnUnmodelled::Refuse).unwrap_err());
    let battle = battle_from_json(&state, OnUnmodelled::Ignore).unwrap();
    let listed: Vec<(&str, Place, &str)> = battle
        .unmodelled
        .iter()
        .map(|u| (u.id.as_str(), u.place, u.path.as_str()))
        .collect();
    assert_eq!(
        listed,
        [("BG23_318", Place::Board, "opponentBoard.board[0]")]
    );
    assert_eq!(battle.unmodelled[0].reason, refused);
    assert!(refused.contains("Monstrous Macaw"), "{refused}");
    let c = &battle.combat;
    assert_eq!(c.b[0].effects, Minion::new(0, 1).effects);
    assert_eq!((c.b[0].attack, c.b[0].health), (6, 2));
    assert_ne!(c.b[1].effects, Minion::new(0, 1).effects, "the Macaw plays");
    assert!(c.check().is_ok());
    // A battlecry the engine does not play, triggered by a Rylak: the
    // battlecry's card is plain, the Rylak plays.
    let state = with(
        r#"{"cardId": "BG26_801", "attack": 5, "health": 3, "taunt": true},
           {"cardId": "BG31_301", "attack": 5, "health": 6}"#,
    );
    assert!(battle_from_json(&state, OnUnmodelled::Refuse).is_err());
    let battle = battle_from_json(&state, OnUnmodelled::Ignore).unwrap();
    let ids: Vec<&str> = battle.unmodelled.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(ids, ["BG31_301"]);
    assert_ne!(battle.combat.b[0].effects, Minion::new(0, 1).effects);
    // A refusal naming no culprit stays an error.
    let too_many = Error::invalid("no culprit");
    let mut unmodelled = Unmodelled::new(OnUnmodelled::Ignore);
    assert!(!unmodelled.leave_out_culprit(&too_many));
    let named = too_many.with_culprit("Leeroy the Reckless");
    assert!(unmodelled.leave_out_culprit(&named));
    assert!(!unmodelled.leave_out_culprit(&named), "each culprit once");
    assert!(!Unmodelled::new(OnUnmodelled::Refuse).leave_out_culprit(&named));
}

/// A minion's stats hold the auras its enchantments show as given: each
/// is taken off once per giver that reaches it (the engine gives them
/// again), by the enchantment's classic or vanilla id too.
#[test]
fn auras_the_stats_already_hold_are_taken_off() {
    let captain = |attack, health, enchantments: &str| {
        format!(
            r#"{{"cardId": "BG_NEW1_027", "attack": {attack}, "health": {health}, "enchantments": [{enchantments}]}}"#
        )
    };
    let board = format!(
        "[{}, {}, {}, {}]",
        captain(5, 5, r#"{"cardId": "NEW1_027e"}, {"cardId": "BGS_082e"}"#),
        captain(4, 4, r#"{"cardId": "VAN_NEW1_027e"}"#),
        // No enchantment: its stats are its own.
        captain(3, 3, ""),
        // Not a pirate: the enchantment of an aura that does not reach it
        // changes nothing.
        r#"{"cardId": "BGS_040", "attack": 8, "health": 4, "enchantments": [{"cardId": "NEW1_027e"}]}"#,
    );
    let stats: Vec<(u16, i16)> = board_from_json(&board)
        .unwrap()
        .iter()
        .map(|m| (m.attack, m.health))
        .collect();
    assert_eq!(stats, [(4, 4), (3, 3), (3, 3), (8, 4)]);
    // Two givers reach a minion marked twice: both come off.
    let twice = format!(
        "[{}, {}, {}]",
        captain(5, 5, r#"{"cardId": "NEW1_027e"}, {"cardId": "NEW1_027e"}"#),
        captain(4, 4, r#"{"cardId": "NEW1_027e"}"#),
        captain(4, 4, r#"{"cardId": "NEW1_027e"}"#),
    );
    let health: Vec<i16> = board_from_json(&twice)
        .unwrap()
        .iter()
        .map(|m| m.health)
        .collect();
    assert_eq!(health, [3, 3, 3]);
}

/// The state `BATTLE` with the player's hero power list `powers`.
fn with_hero_powers(powers: &str) -> String {
    BATTLE.replacen(
        r#""heroPowers": []"#,
        &format!(r#""heroPowers": {powers}"#),
        1,
    )
}

/// Embrace Your Rage: when used, a hero-side card summoning the card its
/// `info` names, whole (the older single field too); refused (listed when
/// ignoring) beside a minion of its side that reads the hand its copy
/// joins.
#[test]
fn embrace_your_rage_summons_the_card_of_its_info() {
    let state = with_hero_powers(
        r#"[{"cardId": "TB_BaconShop_HP_103", "used": true, "info": "BG25_001", "info2": -1}]"#,
    );
    let c = combat_from_battle_json(&state).unwrap();
    let card = &c.heroes[0][0];
    assert_eq!(card.name, "Embrace Your Rage");
    assert!(card.pre_combat && !card.when_space);
    let rider = card.minion.unwrap();
    assert_eq!(rider.name, Some("Risen Rider"));
    assert_eq!((rider.attack, rider.health), (2, 1));
    let single = BATTLE.replacen(
        r#""hpLeft": 30"#,
        r#""hpLeft": 30, "heroPowerId": "TB_BaconShop_HP_103", "heroPowerUsed": true, "heroPowerInfo": "BG25_001""#,
        1,
    );
    assert_eq!(combat_from_battle_json(&single).unwrap().heroes, c.heroes);
    // Beside Choral Mrrrglr, which reads the hand.
    let reader = state.replacen(
        r#"{"cardId": "BGS_004", "attack": 1, "health": 3}"#,
        r#"{"cardId": "BG26_354", "attack": 6, "health": 6}"#,
        1,
    );
    let e = message(combat_from_battle_json(&reader).unwrap_err());
    assert!(
        e.starts_with("playerBoard.player.heroPowers[0]: Embrace Your Rage")
            && e.contains("Choral"),
        "{e}"
    );
    let battle = battle_from_json(&reader, OnUnmodelled::Ignore).unwrap();
    assert!(battle.combat.heroes[0].is_empty());
    assert_eq!(battle.unmodelled[0].id, "TB_BaconShop_HP_103");
}

/// I'll Take That! only puts a card in the hand: the fight is the plain
/// state's, unless a minion of its side reads the hand.
#[test]
fn ill_take_that_plays_no_part_but_beside_a_hand_reader() {
    let state = with_hero_powers(r#"[{"cardId": "TB_BaconShop_HP_053", "used": true, "info": 1}]"#);
    let plain = combat_from_battle_json(BATTLE).unwrap();
    assert_eq!(
        format!("{:?}", combat_from_battle_json(&state).unwrap()),
        format!("{plain:?}")
    );
    let reader = state.replacen(
        r#"{"cardId": "BGS_004", "attack": 1, "health": 3}"#,
        r#"{"cardId": "BG26_354", "attack": 6, "health": 6}"#,
        1,
    );
    let e = message(combat_from_battle_json(&reader).unwrap_err());
    assert!(e.contains("I'll Take That!") && e.contains("hand"), "{e}");
    // Not used: no part at all.
    let unused = reader.replacen(r#""used": true"#, r#""used": false"#, 1);
    assert!(combat_from_battle_json(&unused).is_ok());
}

/// Hero powers with a number: Aim Low!'s damage is its `info2`; Wax
/// Warband's buff its `info3`, which the older fields lack (refused,
/// listed when ignoring).
#[test]
fn hero_powers_read_their_number_from_their_info_fields() {
    let state = with_hero_powers(
        r#"[{"cardId": "BG22_HERO_000p_t2", "used": true, "info": -1, "info2": 4}]"#,
    );
    let c = combat_from_battle_json(&state).unwrap();
    let card = &c.heroes[0][0];
    assert!(card.hero_power && !card.pre_combat);
    assert_eq!(
        card.effect.action,
        crate::hearthstone::model::Action::Damage {
            target: crate::hearthstone::model::Target::LowestHealthEnemy,
            amount: 4,
            times: 1
        }
    );
    let wax = with_hero_powers(r#"[{"cardId": "TB_BaconShop_HP_037a", "used": true, "info3": 3}]"#);
    let c = combat_from_battle_json(&wax).unwrap();
    assert!(matches!(
        c.heroes[0][0].effect.action,
        crate::hearthstone::model::Action::Buff {
            attack: 3,
            health: 3,
            ..
        }
    ));
    let older = BATTLE.replacen(
        r#""hpLeft": 30"#,
        r#""hpLeft": 30, "heroPowerId": "TB_BaconShop_HP_037a", "heroPowerUsed": true, "heroPowerInfo": -1"#,
        1,
    );
    let e = message(combat_from_battle_json(&older).unwrap_err());
    assert!(
        e.starts_with("playerBoard.player.heroPowerId: Wax Warband"),
        "{e}"
    );
    let battle = battle_from_json(&older, OnUnmodelled::Ignore).unwrap();
    assert_eq!(battle.unmodelled.len(), 1);
    assert!(battle.combat.heroes[0].is_empty());
}

/// Rapid Reanimation: when used, a hero-side card destroying the board's
/// minion that carries its enchantment (among several, Firestone's pick:
/// the largest `originEntityId` of its first one, then the largest
/// `entityId`); nothing when not used or when no minion carries it.
#[test]
fn rapid_reanimation_names_the_minion_carrying_its_enchantment() {
    use crate::hearthstone::model::{Action, Target};
    let state = |used: bool, marks: [&str; 2]| {
        let board = format!(
            r#""board": [{{"cardId": "BG25_001", "entityId": 5, "attack": 3, "health": 3, "enchantments": [{}]}},
                  {{"cardId": "BGS_004", "entityId": 4, "attack": 1, "health": 3, "enchantments": [{}]}}],"#,
            marks[0], marks[1]
        );
        BATTLE
            .replacen(
                r#""heroPowers": []"#,
                &format!(
                    r#""heroPowers": [{{"cardId": "BG25_HERO_103p", "used": {used}, "info": 2}}]"#
                ),
                1,
            )
            .replacen(r#""UndeadAttackBonus": 2, "#, "", 1)
            .replacen(
                r#""board": [{"cardId": "BG25_001", "attack": 3, "health": 3, "divineShield": true},
                  {"cardId": "BGS_004", "attack": 1, "health": 3}],"#,
                &board,
                1,
            )
    };
    let mark =
        |origin: i64| format!(r#"{{"cardId": "BG25_HERO_103pe", "originEntityId": {origin}}}"#);
    let chosen = |used, marks| {
        let c = combat_from_battle_json(&state(used, marks)).unwrap();
        c.heroes[0].iter().find_map(|h| match h.effect.action {
            Action::Destroy {
                target: Target::Chosen { slot },
            } if h.resummons => Some(slot),
            _ => None,
        })
    };
    let (m7, m9) = (mark(7), mark(9));
    assert_eq!(chosen(true, [&m7, ""]), Some(0));
    assert_eq!(chosen(true, ["", &m7]), Some(1));
    // The larger origin, then the larger entity id (the first minion's 5).
    assert_eq!(chosen(true, [&m7, &m9]), Some(1));
    assert_eq!(chosen(true, [&m9, &m9]), Some(0));
    assert_eq!(chosen(false, [&m7, ""]), None);
    assert_eq!(chosen(true, ["", ""]), None);
    // From the hero power list with its board, and refused alone.
    let board = r#"[{"cardId": "BGS_004", "attack": 1, "health": 3, "enchantments": [{"cardId": "BG25_HERO_103pe"}]}]"#;
    let listed = super::hero_powers_on_board_from_json(
        r#"[{"cardId": "BG25_HERO_103p", "used": true}]"#,
        board,
    )
    .unwrap();
    assert_eq!(listed.len(), 1);
    assert!(
        super::hero_powers_from_json(r#"[{"cardId": "BG25_HERO_103p", "used": true}]"#).is_err()
    );
}

/// Frostwolf Fervor and Stormpike Strength: a hero-side card copying the
/// highest-attack (health) minion when there is room, from the game's
/// turn 7 on (Firestone's `currentTurn >= 7`; none without a turn);
/// refused from a hero power list alone, which gives no turn.
#[test]
fn frostwolf_fervor_plays_from_turn_seven() {
    use crate::hearthstone::model::Action;
    let copier = |id: &str, turn: &str| {
        // Without the state's undead bonus, which the copy is refused
        // beside.
        let state = with_hero_powers(&format!(r#"[{{"cardId": "{id}"}}]"#))
            .replacen(r#""currentTurn": 5"#, turn, 1)
            .replacen(r#""UndeadAttackBonus": 2, "#, "", 1);
        let c = combat_from_battle_json(&state).unwrap();
        c.heroes[0].iter().find_map(|h| match h.effect.action {
            Action::SummonCopyOfBest { by_health } if h.when_space && h.pre_combat => {
                Some(by_health)
            }
            _ => None,
        })
    };
    assert_eq!(copier("BG22_HERO_002p", r#""currentTurn": 7"#), Some(false));
    assert_eq!(copier("BG22_HERO_003p", r#""currentTurn": 12"#), Some(true));
    assert_eq!(copier("BG22_HERO_002p", r#""currentTurn": 6"#), None);
    assert_eq!(copier("BG22_HERO_003p", r#""noTurn": 9"#), None);
    let alone = hero_powers_from_json(r#"[{"cardId": "BG22_HERO_002p"}]"#).unwrap_err();
    assert!(message(alone).starts_with("heroPowers[0]: Frostwolf Fervor"));
}
