//! The hand-written rows of the effect table: each card that is not read
//! from its own text and tags alone, and why. The generator
//! (`generate.rs`) reads every card through the reader (`reader.rs`),
//! which consults these rows, and writes the result to `effect_table.rs`;
//! the engine reads only that table.
//!
//! A row may give the text Firestone plays in place of the card's (where
//! the rules page is silent Firestone's behaviour is the rule;
//! `docs/src/battlegrounds-effects.md` lists these), how the card reads
//! a minion's script numbers, its marks, and whether its deathrattle
//! tokens enter unmarked.

use crate::hearthstone::model::Marks;

/// How a card reads the script numbers a minion carries (Firestone's
/// `scriptDataNum1..4`, which a client's board state gives): the numbers
/// that stand for its gift's attack and health, and whether a 0 means
/// "none given" (Firestone's `||`) or a gift of 0 (its `??`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptGift {
    /// 1-based index of the number for the gift's attack.
    pub attack: usize,
    /// 1-based index of the number for its health, if any.
    pub health: Option<usize>,
    /// The health takes the attack's number when its own is missing.
    pub health_of_attack: bool,
    /// A 0 means none given.
    pub zero_is_none: bool,
    /// Its reborn copy keeps the numbers (Firestone's
    /// `rebornSelfAttributeTransfer`); else the copy has the card's own.
    pub reborn_keeps: bool,
}

/// One hand-written row.
pub(super) struct Reading {
    /// The card id (normal or golden: each has its own row).
    pub id: &'static str,
    /// Why the card is not read from its text alone (the effect table's
    /// note for the card).
    pub why: &'static str,
    /// The text read in place of the card's.
    pub plays: Option<&'static str>,
    /// How it reads script numbers (none: it ignores them).
    pub script: Option<ScriptGift>,
    /// Its marks beyond those the reader finds (a Beetle's, a
    /// deathrattle's).
    pub marks: Marks,
    /// Its deathrattle tokens enter unmarked, free to attack in the round
    /// their minion died in (`Token::unmarked`).
    pub tokens_unmarked: bool,
    /// Refused: `why` says what Firestone does that the engine does not
    /// model (the reason a board naming it is refused with).
    pub refused: bool,
}

impl Reading {
    /// A row that changes nothing (the base of every row below).
    const NONE: Reading = Reading {
        id: "",
        why: "",
        plays: None,
        script: None,
        marks: Marks::NONE,
        tokens_unmarked: false,
        refused: false,
    };
}

/// The row of a card id, if it has one.
pub(super) fn reading(id: &str) -> Option<&'static Reading> {
    READINGS.iter().find(|r| r.id == id)
}

/// Every hand-written row, by card id.
pub(super) const READINGS: &[Reading] = &[
    Reading {
        id: "BG34_140",
        why: "Expert Aviator as Firestone (1.1.755) plays it: the highest-attack minion of the hand, of any tribe (its card says Murloc).",
        plays: Some("Rally: Summon the highest-Attack minion from your hand for this combat only."),
        ..Reading::NONE
    },
    Reading {
        id: "BG34_140_G",
        why: "Expert Aviator as Firestone (1.1.755) plays it: the 2 highest-attack minions of the hand, of any tribe (its card says Murlocs).",
        plays: Some(
            "Rally: Summon the 2 highest-Attack minions from your hand for this combat only.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG32_201",
        why: "Sharptooth Snapper as Firestone (1.1.755) plays it: a start-of-combat charge; each Piranha attacks as it enters and its attack's deaths summon the next before the charge is spent, so Piranhas keep coming while they kill.",
        plays: Some(
            "Start of Combat: When you have space, summon a 3/1 Beast that attacks immediately.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG32_201_G",
        why: "Sharptooth Snapper as Firestone (1.1.755) plays it: two start-of-combat charges; each Piranha attacks as it enters and its attack's deaths summon the next before a charge is spent, so Piranhas keep coming while they kill.",
        plays: Some(
            "Start of Combat: When you have space, summon two 3/1 Beasts that attack immediately.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG24_708",
        why: "Vanessa VanCleef's earlier +2/+2 (its card says +2/+1).",
        plays: Some("Rally: Give your Pirates +2/+2 permanently."),
        ..Reading::NONE
    },
    Reading {
        id: "BG24_708_G",
        why: "Vanessa VanCleef's earlier +2/+2 (its card says +2/+1).",
        plays: Some("Rally: Give your Pirates +4/+4 permanently."),
        ..Reading::NONE
    },
    Reading {
        id: "BG25_008",
        why: "Eternal Knight grows with the friendly Eternal Knights that died this game",
        marks: Marks::ETERNAL_KNIGHT,
        ..Reading::NONE
    },
    Reading {
        id: "BG25_008_G",
        why: "Eternal Knight grows with the friendly Eternal Knights that died this game",
        marks: Marks::GOLDEN_ETERNAL_KNIGHT,
        ..Reading::NONE
    },
    Reading {
        id: "BG_TTN_401",
        why: "Ancestral Automaton grows with the other Ancestral Automatons summoned this game",
        marks: Marks::ANCESTRAL_AUTOMATON,
        ..Reading::NONE
    },
    Reading {
        id: "BG_TTN_401_G",
        why: "Ancestral Automaton grows with the other Ancestral Automatons summoned this game",
        marks: Marks::GOLDEN_ANCESTRAL_AUTOMATON,
        ..Reading::NONE
    },
    Reading {
        id: "BG27_010",
        why: "Relentless Mur'ghoul's avenge gives taunt too (as Relentless Sentry's; its card says reborn only).",
        plays: Some("Venomous Avenge (5): Gain Taunt and Reborn."),
        ..Reading::NONE
    },
    Reading {
        id: "BG27_010_G",
        why: "Relentless Mur'ghoul's avenge gives taunt too (as Relentless Sentry's; its card says reborn only).",
        plays: Some("Venomous Avenge (5): Gain Taunt and Reborn."),
        ..Reading::NONE
    },
    Reading {
        id: "BG31_808",
        why: "Runed Progenitor's avenge gives the beetles on the board +2/+2 and those to come +3/+2 (golden double): two bonuses no text reads.",
        plays: Some(
            "Avenge (3): Your Beetles on the board have +2/+2 and those to come +3/+2. Deathrattle: Summon a 2/2 Beetle.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG31_808_G",
        why: "Runed Progenitor's avenge gives the beetles on the board +2/+2 and those to come +3/+2 (golden double): two bonuses no text reads.",
        plays: Some(
            "Avenge (3): Your Beetles on the board have +4/+4 and those to come +6/+4. Deathrattle: Summon two 2/2 Beetles.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG31_810",
        why: "Ultraviolet Ascendant: Firestone's +3/+2 when the minion states no script numbers (its card says +3/+3)",
        plays: Some("Start of Combat: Give your other Elementals +3/+2."),
        script: Some(ScriptGift {
            attack: 1,
            health: Some(2),
            health_of_attack: false,
            zero_is_none: false,
            reborn_keeps: false,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG31_810_G",
        why: "Ultraviolet Ascendant: Firestone's +3/+2 when the minion states no script numbers (its card says +3/+3)",
        plays: Some("Start of Combat: Give your other Elementals +6/+4."),
        script: Some(ScriptGift {
            attack: 1,
            health: Some(2),
            health_of_attack: false,
            zero_is_none: false,
            reborn_keeps: false,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG31_925",
        why: "Showy Cyclist: the gift its script numbers 2 and 4 set; the deathrattle as Firestone plays it",
        plays: Some("Deathrattle: Give your Naga +2/+1."),
        script: Some(ScriptGift {
            attack: 2,
            health: Some(4),
            health_of_attack: false,
            zero_is_none: true,
            reborn_keeps: true,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG31_925_G",
        why: "Showy Cyclist: the gift its script numbers 2 and 4 set; the deathrattle as Firestone plays it",
        plays: Some("Deathrattle: Give your Naga +4/+2."),
        script: Some(ScriptGift {
            attack: 2,
            health: Some(4),
            health_of_attack: false,
            zero_is_none: true,
            reborn_keeps: true,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG32_822",
        why: "Fire-forged Evoker: its script numbers 1 and 2 set the gift, which grows with the Tavern spells cast (its Improves note); without them, its card's own +2/+2 (Firestone reads only the numbers)",
        plays: Some("Start of Combat: Give your Dragons +2/+2."),
        script: Some(ScriptGift {
            attack: 1,
            health: Some(2),
            health_of_attack: false,
            zero_is_none: false,
            reborn_keeps: false,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG32_822_G",
        why: "Fire-forged Evoker: its script numbers 1 and 2 set the gift, which grows with the Tavern spells cast (its Improves note); without them, its card's own +2/+2 (Firestone reads only the numbers)",
        plays: Some("Start of Combat: Give your Dragons +4/+4."),
        script: Some(ScriptGift {
            attack: 1,
            health: Some(2),
            health_of_attack: false,
            zero_is_none: false,
            reborn_keeps: false,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_HERO_000_Buddy",
        why: "Firestone plays Stoneshell Guardian as Timewarped Stoneshell's start of combat (copying the friendly rallies), not its tavern text",
        plays: Some("Start of Combat: Copy all friendly Rallies (except other Stoneshells)."),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_HERO_000_Buddy_G",
        why: "Firestone plays Stoneshell Guardian as Timewarped Stoneshell's start of combat (copying the friendly rallies twice), not its tavern text",
        plays: Some("Start of Combat: Copy all friendly Rallies twice (except other Stoneshells)."),
        ..Reading::NONE
    },
    Reading {
        id: "BG29_808",
        why: "Spiked Savior's gift and damage as two deathrattle effects (one sentence on its card).",
        plays: Some(
            "Taunt. Reborn. Deathrattle: Give your minions +1 Health. Deathrattle: Deal 1 damage to your minions.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG29_808_G",
        why: "Spiked Savior's gift and damage as two deathrattle effects (one sentence on its card); its card's +1 and 1 damage twice over as +2 then 1 damage twice, the same on every minion (health adds up alike, a shield breaks on the first hit).",
        plays: Some(
            "Taunt. Reborn. Deathrattle: Give your minions +2 Health. Deathrattle: Deal 1 damage to your minions twice.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_241",
        why: "Sleepy Supporter: Firestone's rally (an earlier text: a random other friendly Dragon +2/+3) acts even with no other Dragon, and playing it as buffing itself does not match either; not modelled until understood (its card says the minion to its right +2/+2).",
        plays: Some("Rally: not modelled: Firestone's rally is not understood yet."),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_241_G",
        why: "Sleepy Supporter: Firestone's rally (an earlier text: a random other friendly Dragon +4/+6) acts even with no other Dragon, and playing it as buffing itself does not match either; not modelled until understood (its card says the minion to its right +4/+4).",
        plays: Some("Rally: not modelled: Firestone's rally is not understood yet."),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_828",
        why: "Ship Master Eudora's +8/+8 (its card says +6/+6; what golden minions keep after the combat does not change it).",
        plays: Some("Deathrattle: Give your minions +8/+8."),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_828_G",
        why: "Ship Master Eudora's +8/+8 (its card says +6/+6; what golden minions keep after the combat does not change it).",
        plays: Some("Deathrattle: Give your minions +16/+16."),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_883",
        why: "Razorfen Vineweaver's 3 blood gems (its card says 4).",
        plays: Some("Rally: This plays 3 Blood Gems on itself."),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_883_G",
        why: "Razorfen Vineweaver's 3 blood gems (its card says 4).",
        plays: Some("Rally: This plays 6 Blood Gems on itself."),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_884",
        why: "Bloodsnout Warlord listens to friendly minions with a rally attacking (Marks::HAS_RALLY), with 3 gems (its card: Quilboar, 2).",
        plays: Some(
            "Whenever another friendly Rally minion attacks, this plays 3 Blood Gems on all your minions.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG33_884_G",
        why: "Bloodsnout Warlord listens to friendly minions with a rally attacking (Marks::HAS_RALLY), with 3 gems (its card: Quilboar, 2).",
        plays: Some(
            "Whenever another friendly Rally minion attacks, this plays 6 Blood Gems on all your minions.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG34_312",
        why: "Hardy Orca's buff skips dying minions (a cleave neighbour hit before it), where other \"give your minions\" reach them.",
        plays: Some("Taunt Whenever this takes damage, give your other living minions +1/+1."),
        ..Reading::NONE
    },
    Reading {
        id: "BG34_312_G",
        why: "Hardy Orca's buff skips dying minions (a cleave neighbour hit before it), where other \"give your minions\" reach them.",
        plays: Some("Taunt Whenever this takes damage, give your other living minions +2/+2."),
        ..Reading::NONE
    },
    Reading {
        id: "BG34_320_G",
        why: "The golden Last One Standing draws its minions once, for twice the stats (its card: twice; the golden Timewarped Chimera draws twice).",
        plays: Some("Rally: Give a friendly minion of each type +30/+30 permanently."),
        ..Reading::NONE
    },
    Reading {
        id: "BG35_342",
        why: "Falling Sky Golem grows with the Deathrattles its side triggered this game",
        marks: Marks::FALLING_SKY_GOLEM,
        ..Reading::NONE
    },
    Reading {
        id: "BG35_342_G",
        why: "Falling Sky Golem grows with the Deathrattles its side triggered this game",
        marks: Marks::GOLDEN_FALLING_SKY_GOLEM,
        ..Reading::NONE
    },
    Reading {
        id: "BG35_602",
        why: "Lurking Leviathan's gift starts at +2 and grows by 2 (its card: +3), as Firestone plays it without a script number.; its script number 1 sets the next gift",
        plays: Some("Whenever you summon a Beast, give it +2 Attack and improve this permanently."),
        script: Some(ScriptGift {
            attack: 1,
            health: None,
            health_of_attack: false,
            zero_is_none: true,
            reborn_keeps: false,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG35_602_G",
        why: "Lurking Leviathan's gift starts at +2 and grows by 2 (its card: +3), as Firestone plays it without a script number.; its script number 1 sets the next gift",
        plays: Some("Whenever you summon a Beast, give it +4 Attack and improve this permanently."),
        script: Some(ScriptGift {
            attack: 1,
            health: None,
            health_of_attack: false,
            zero_is_none: true,
            reborn_keeps: false,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG35_921",
        why: "Abyssal Bruiser grows with the Tavern spells its side cast this game",
        marks: Marks::ABYSSAL_BRUISER,
        ..Reading::NONE
    },
    Reading {
        id: "BG35_921_G",
        why: "Abyssal Bruiser grows with the Tavern spells its side cast this game",
        marks: Marks::GOLDEN_ABYSSAL_BRUISER,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_116",
        why: "Underrot Spawn: the attack gift its script number 1 sets; Underrot Spawn's Tentacles enter free to attack in the round it died in (Firestone summons them outside the step that marks a death phase's tokens)",
        script: Some(ScriptGift {
            attack: 1,
            health: None,
            health_of_attack: false,
            zero_is_none: true,
            reborn_keeps: false,
        }),
        tokens_unmarked: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_116_G",
        why: "Golden tentacles (the 0/4 `BGFYM_002t_G`), not the 0/2 ones.; Underrot Spawn: the attack gift its script number 1 sets; Underrot Spawn's Tentacles enter free to attack in the round it died in (Firestone summons them outside the step that marks a death phase's tokens)",
        plays: Some(
            "Deathrattle: Summon two 0/4 Tentacles with Taunt. Give your minions +2 Attack.",
        ),
        script: Some(ScriptGift {
            attack: 1,
            health: None,
            health_of_attack: false,
            zero_is_none: true,
            reborn_keeps: false,
        }),
        tokens_unmarked: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_209",
        why: "Ravaging Scorpid's \"after a friendly minion attacks\": after another one's attack, and as a rally on its own (before the damage).",
        plays: Some(
            "Rally: Your Beetles have +4/+4 this game. After another friendly minion attacks, your Beetles have +4/+4 this game. Deathrattle: Summon a 2/2 Beetle.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG36_209_G",
        why: "Ravaging Scorpid's \"after a friendly minion attacks\": after another one's attack, and as a rally on its own (before the damage).",
        plays: Some(
            "Rally: Your Beetles have +8/+8 this game. After another friendly minion attacks, your Beetles have +8/+8 this game. Deathrattle: Summon two 2/2 Beetles.",
        ),
        ..Reading::NONE
    },
    Reading {
        id: "BG36_364",
        why: "Hopebringer: Firestone's +3/+3 when the minion states no script numbers (its card says +4/+3); what it keeps after the combat does not change this one",
        plays: Some("Start of Combat: Give your minions +3/+3."),
        script: Some(ScriptGift {
            attack: 1,
            health: Some(2),
            health_of_attack: true,
            zero_is_none: true,
            reborn_keeps: false,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG36_364_G",
        why: "Hopebringer: Firestone's +3/+3 when the minion states no script numbers (its card says +4/+3); what it keeps after the combat does not change this one",
        plays: Some("Start of Combat: Give your minions +6/+6."),
        script: Some(ScriptGift {
            attack: 1,
            health: Some(2),
            health_of_attack: true,
            zero_is_none: true,
            reborn_keeps: false,
        }),
        ..Reading::NONE
    },
    Reading {
        id: "BG36_514",
        why: "Barrier Banshee's +7/+7 (its card says +8/+8).",
        plays: Some("After a friendly minion is Reborn, gain Divine Shield and +7/+7."),
        ..Reading::NONE
    },
    Reading {
        id: "BG36_514_G",
        why: "Barrier Banshee's +7/+7 (its card says +8/+8).",
        plays: Some("After a friendly minion is Reborn, gain Divine Shield and +14/+14."),
        ..Reading::NONE
    },
    Reading {
        id: "BG25_806",
        why: "Sly Raptor: its two sentences read as one (Firestone sets the summoned Beast's stats to 6/6, golden 12/12, and never draws a Sly Raptor).",
        plays: Some("Deathrattle: Summon a random 6/6 Beast."),
        ..Reading::NONE
    },
    Reading {
        id: "BG25_806_G",
        why: "Sly Raptor: its two sentences read as one (Firestone sets the summoned Beast's stats to 6/6, golden 12/12, and never draws a Sly Raptor).",
        plays: Some("Deathrattle: Summon a random 12/12 Beast."),
        ..Reading::NONE
    },
    Reading {
        id: "BGS_079",
        why: "The Tide Razor: Firestone (1.1.755) has no code for its deathrattle (its random Pirates never come), so the reading of the text is refused rather than answered otherwise than the reference.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "TB_BaconUps_137",
        why: "The Tide Razor: Firestone (1.1.755) has no code for its deathrattle (its random Pirates never come), so the reading of the text is refused rather than answered otherwise than the reference.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG30_105",
        why: "Indomitable Mount: Firestone (1.1.755) summons one Beast of each of tiers 2, 3 and 4; read so, the engine's odds were 5 points off Firestone's vectors (100,000 combats) for a cause not found yet, so it is refused rather than answered otherwise than the reference.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG30_105_G",
        why: "Indomitable Mount: Firestone (1.1.755) summons one Beast of each of tiers 2, 3 and 4; read so, the engine's odds were 5 points off Firestone's vectors (100,000 combats) for a cause not found yet, so it is refused rather than answered otherwise than the reference.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BGDUO_125",
        why: "Sandy: Firestone turns it into a copy of the teammate's highest-health minion as the combat began (golden: made golden): a minion changed into a copy of another card is not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BGDUO_125_G",
        why: "Sandy: Firestone turns it into a copy of the teammate's highest-health minion as the combat began (golden: made golden): a minion changed into a copy of another card is not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG31_835",
        why: "Deathly Striker: Firestone's avenge gets a random Undead of the tavern into the hand (golden 2) and its deathrattle summons those: random cards from the pool are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG31_835_G",
        why: "Deathly Striker: Firestone's avenge gets a random Undead of the tavern into the hand (golden 2) and its deathrattle summons those: random cards from the pool are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BGDUO31_208",
        why: "San'layn Scribe: Firestone grows it with the Scribes dead this game, raised as one dies in combat, reaching the teammate's Scribes too: that count is not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BGDUO31_208_G",
        why: "San'layn Scribe: Firestone grows it with the Scribes dead this game, raised as one dies in combat, reaching the teammate's Scribes too: that count is not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG31_999",
        why: "Stitched Salvager: Firestone destroys its neighbour at start of combat (golden: both) and remembers an exact copy of it (stats, keywords, enchantments) that its deathrattle summons: a remembered minion per unit is not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG31_999_G",
        why: "Stitched Salvager: Firestone destroys its neighbour at start of combat (golden: both) and remembers an exact copy of it (stats, keywords, enchantments) that its deathrattle summons: a remembered minion per unit is not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG34_925",
        why: "Seafloor Recruiter: Firestone casts the tavern spell Chef's Choice on the minion to its right as it attacks (golden twice): tavern spells cast in combat are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG34_925_G",
        why: "Seafloor Recruiter: Firestone casts the tavern spell Chef's Choice on the minion to its right as it attacks (golden twice): tavern spells cast in combat are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG34_322",
        why: "Stalwart Kodo: Firestone gives each summoned minion its maximum stats (undamaged health; golden twice), 3 times a combat (script number 1 sets the charges): a unit keeps no maximum health.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG34_322_G",
        why: "Stalwart Kodo: Firestone gives each summoned minion its maximum stats (undamaged health; golden twice), 3 times a combat (script number 1 sets the charges): a unit keeps no maximum health.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG34_403",
        why: "Eternal Tycoon: Firestone's avenge summons an Eternal Knight where the death that completed it was, and the knight attacks at once: avenge summons and their attacks in the death phase are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG34_403_G",
        why: "Eternal Tycoon: Firestone's avenge summons an Eternal Knight where the death that completed it was, and the knight attacks at once: avenge summons and their attacks in the death phase are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG35_883",
        why: "Balinda Stonehearth: Firestone casts friendly-targeted tavern spells cast in combat twice (golden 3 times): tavern spells cast in combat are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG35_883_G",
        why: "Balinda Stonehearth: Firestone casts friendly-targeted tavern spells cast in combat twice (golden 3 times): tavern spells cast in combat are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_318",
        why: "Faceless Converter: Firestone's deathrattle buffs the side's Deity (its Old God minion or the Deity secret), growing with the tavern spells cast this game: Deities are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_318_G",
        why: "Faceless Converter: Firestone's deathrattle buffs the side's Deity (its Old God minion or the Deity secret), growing with the tavern spells cast this game: Deities are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_333",
        why: "Jailbird Juggernaut: Firestone's rally summons a Blood Golem with its maximum stats (undamaged health; golden doubled) that attacks the rally's target at once: a unit keeps no maximum health, and summons attacking a forced target are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_333_G",
        why: "Jailbird Juggernaut: Firestone's rally summons a Blood Golem with its maximum stats (undamaged health; golden doubled) that attacks the rally's target at once: a unit keeps no maximum health, and summons attacking a forced target are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_241",
        why: "Crimson Vindicator: Firestone casts the tavern spell Mighty Dragonbreath as it attacks (golden twice): tavern spells cast in combat are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_241_G",
        why: "Crimson Vindicator: Firestone casts the tavern spell Mighty Dragonbreath as it attacks (golden twice): tavern spells cast in combat are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_245",
        why: "Runic Arcanist: Firestone casts the tavern spell Shiny Ring twice at start of combat (golden 4 times): tavern spells cast in combat are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_245_G",
        why: "Runic Arcanist: Firestone casts the tavern spell Shiny Ring twice at start of combat (golden 4 times): tavern spells cast in combat are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_113",
        why: "Drifting Sacrifice: Firestone's deathrattle buffs the side's Deity (its Old God minion or the Deity secret): Deities are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BG36_113_G",
        why: "Drifting Sacrifice: Firestone's deathrattle buffs the side's Deity (its Old God minion or the Deity secret): Deities are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BGDUO_701",
        why: "C'Thrax Wrecker: Firestone's deathrattle and rally buff the Deities of the side and its Duos teammate: Deities are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BGDUO_701_G",
        why: "C'Thrax Wrecker: Firestone's deathrattle and rally buff the Deities of the side and its Duos teammate: Deities are not modelled.",
        refused: true,
        ..Reading::NONE
    },
    Reading {
        id: "BGS_060",
        why: "Yo-Ho-Ogre as Firestone (1.1.755) plays it: a plain taunt (its \"after this survives damage, your left-most minion attacks immediately\" is commented out there).",
        plays: Some("Taunt"),
        ..Reading::NONE
    },
    Reading {
        id: "TB_BaconUps_150",
        why: "Yo-Ho-Ogre as Firestone (1.1.755) plays it: a plain taunt (its \"after this survives damage, your left-most minion attacks immediately\" is commented out there).",
        plays: Some("Taunt"),
        ..Reading::NONE
    },
];
