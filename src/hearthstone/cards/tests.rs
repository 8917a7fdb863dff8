//! The card table and the effect rules.

use super::*;
use crate::hearthstone::model::{self, *};

#[test]
fn cards_the_pinned_data_dropped_come_from_an_older_release() {
    // Bristling Buffoon and Holy Mecherel left the data after 2024; real
    // states of those games still name them.
    let buffoon = by_id("BG29_160").expect("read from an older release");
    assert_eq!(buffoon.name, "Bristling Buffoon");
    assert!(buffoon.build < BUILD && !buffoon.pool);
    assert_eq!(by_id("BG20_401").unwrap().name, "Holy Mecherel");
    let older = all().iter().filter(|c| c.build != BUILD).count();
    assert!(older > 200, "{older} cards from older releases");
    assert!(
        all()
            .iter()
            .all(|c| c.build <= BUILD && !(c.pool && c.build != BUILD))
    );
    // A name both hold is the pinned data's card: golden Murloc Tidecaller
    // of 2024's data does not shadow today's (normal) one.
    assert_eq!(by_name("Murloc Tidecaller").unwrap().build, BUILD);
    assert_eq!(
        golden_by_name("Murloc Tidecaller").unwrap().id,
        "TB_BaconUps_011"
    );
}

#[test]
fn the_table_is_sorted_and_its_indices_are_complete() {
    let cards = all();
    assert!(cards.windows(2).all(|w| w[0].dbf < w[1].dbf));
    for order in [&table::BY_ID, &table::BY_NAME] {
        let mut seen = vec![false; cards.len()];
        for &i in order.iter() {
            assert!(!seen[i as usize]);
            seen[i as usize] = true;
        }
    }
    let ids: Vec<String> = table::BY_ID
        .iter()
        .map(|&i| cards[i as usize].id.to_ascii_lowercase())
        .collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "ids are unique and sorted"
    );
    let names: Vec<String> = table::BY_NAME
        .iter()
        .map(|&i| cards[i as usize].name.to_lowercase())
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]));
    for c in cards {
        assert!((1..=7).contains(&c.tier), "{}", c.id);
        // Every counterpart is in the table and links back (the generator
        // drops links to cards the data no longer lists).
        for (link, golden) in [(c.golden, true), (c.normal, false)] {
            if link != 0 {
                let other = by_dbf(link).unwrap_or_else(|| panic!("{} -> {link}", c.id));
                assert_eq!(other.is_golden(), golden, "{} -> {}", c.id, other.id);
            }
        }
    }
}

#[test]
fn the_pool_has_its_302_minions_with_golden_versions() {
    let pool: Vec<_> = pool().collect();
    assert_eq!(pool.len(), 302, "build {BUILD}");
    for c in &pool {
        let g = golden_of(c).unwrap_or_else(|| panic!("{} has no golden", c.id));
        assert!(g.is_golden() && g.name == c.name, "{}", c.id);
    }
}

#[test]
fn cards_are_found_by_id_golden_id_and_name() {
    let bonehead = lookup("Harmless Bonehead").unwrap();
    assert_eq!((bonehead.id, bonehead.tier), ("BG28_300", 1));
    assert_eq!((bonehead.attack, bonehead.health), (1, 1));
    assert_eq!(lookup("harmless bonehead").unwrap().id, "BG28_300");
    assert_eq!(lookup(" bg28_300 ").unwrap().id, "BG28_300");
    let golden = lookup("BG28_300_G").unwrap();
    assert!(golden.is_golden());
    assert_eq!((golden.attack, golden.health), (2, 2));
    assert_eq!(lookup("golden Harmless Bonehead").unwrap().id, "BG28_300_G");
    assert_eq!(by_dbf(bonehead.dbf).unwrap().id, bonehead.id);
    let rider = lookup("Risen Rider").unwrap();
    assert_eq!(rider.keywords, model::TAUNT | model::REBORN);
    assert_eq!(rider.tribe_names(), "Undead");
    assert!(lookup("No Such Minion").is_none());
    assert!(lookup("golden No Such Minion").is_none());
    // The newest card of a name (a Core reprint) may have no golden one:
    // "golden" finds the golden card of that name all the same.
    let servant = lookup("golden Fiendish Servant").unwrap();
    assert!(servant.is_golden() && servant.name == "Fiendish Servant");
    assert!(lookup("").is_none());
}

#[test]
fn effects_follow_the_rules() {
    use crate::hearthstone::model::{SHIELD, TAUNT};
    let effect = |name: &str| combat_effect(lookup(name).unwrap());
    assert_eq!(effect("Risen Rider"), CombatEffect::None);
    assert_eq!(effect("Razorfen Geomancer"), CombatEffect::OutOfCombat);
    assert_eq!(effect("Southsea Busker"), CombatEffect::OutOfCombat);
    // Combat triggers that only put cards in a hand.
    for name in [
        "Roadboar",
        "Shipwrecked Rascal",
        "Drustfallen Butcher",
        "Highkeeper Ra",
        "Lichling Hoarder",
        "golden Rescue Bot",
    ] {
        assert_eq!(effect(name), CombatEffect::OutOfCombat, "{name}");
    }
    assert_eq!(lookup("Rescue Bot").unwrap().keywords, TAUNT);
    // ... and none that reaches the board.
    for clause in [
        "deathrattle: get a blood gem. give your minions +1/+1.",
        "rally: get a random beast and summon it.",
        "deathrattle: your beasts have +7/+7 until next turn.",
        "deathrattle: give a friendly undead +1/+2.",
        "start of combat: get a shiny ring.",
        "avenge (3): summon a 2/2 get.",
    ] {
        assert!(!super::reader::acts_outside_boards(clause), "{clause}");
    }
    // Triggers of the tavern and of duos, actions on the tavern of later
    // turns, counts no combat changes.
    for name in [
        "Mindbender Ghur'sha",
        "Hooktusk, Master Marauder",
        "Puddle Prancer",
        "Wandering Willbreaker",
        "Eredar Escapist",
        "Treasure Parrot",
        "Friendly Geist",
        "Blue Whelp",
        "golden Champion of Sargeras",
        "Sacrificial Wrathguard",
        "Waveling",
        "Trapped Clapper",
        "Maritime Extortionist",
        "Holy Vanguard",
        "Snarky Shark",
        "golden Snarky Shark",
        "Persistent Poet",
        // What fires on the player's turn, never in combat.
        "Floating Watcher",
        "golden Floating Watcher",
        "Bronze Sandspewer",
        "Evolving Chromawing",
    ] {
        assert_eq!(effect(name), CombatEffect::OutOfCombat, "{name}");
    }
    // The golden Poet doubles its neighbours' gains in combat (Firestone):
    // not modelled.
    assert!(!effect("golden Persistent Poet").is_modelled());
    assert_eq!(lookup("Persistent Poet").unwrap().keywords, SHIELD);
    for clause in [
        "deathrattle: your tavern spells give an extra +1 attack this game. give your minions +1/+1.",
        "rally: give minions in the tavern and your minions +2/+2 this game. summon a 1/1.",
        "deathrattle: reduce the cost of upgrading your tavern by (1) and deal 2 damage.",
        "deathrattle: your blood gems give an extra +2/+1 this game.",
        "once this deals 35 damage, give your minions +1/+1.",
    ] {
        assert!(!super::reader::acts_outside_boards(clause), "{clause}");
    }
    // Stats that grow with game counters stay unmodelled (the blood gem
    // bonuses of Sanguine Refiner and Champion are modelled: see
    // `blood_gems_played_in_combat_are_read`; Eternal Knights, Falling Sky
    // Golem and Abyssal Bruiser grow in the engine: see
    // `eternal_knights_are_read`), such as Maritime Extortionist's golden
    // minions played (its stats need nothing in combat: outside it).
    assert_eq!(effect("Maritime Extortionist"), CombatEffect::OutOfCombat);
    assert_eq!(
        effect("Harmless Bonehead"),
        CombatEffect::Summon(Token {
            attack: 1,
            health: 1,
            keywords: 0,
            count: 2,
            tribes: TRIBE_UNDEAD,
            marks: Default::default(),
            then: Default::default(),
            tier: 0,
            unmarked: false,
            effects: Default::default(),
        })
    );
    assert_eq!(
        effect("golden Harmless Bonehead"),
        CombatEffect::Summon(Token {
            attack: 1,
            health: 1,
            keywords: 0,
            count: 4,
            tribes: TRIBE_UNDEAD,
            marks: Default::default(),
            then: Default::default(),
            tier: 0,
            unmarked: false,
            effects: Default::default(),
        })
    );
    // Tokens that are cards with a token deathrattle of their own.
    let rats = |card: &str, rat: &str| {
        let rat = lookup(rat).unwrap();
        let CombatEffect::Summon(turtle) = combat_effect(rat) else {
            panic!("{card}: the rat summons a turtle");
        };
        CombatEffect::Summon(Token {
            attack: rat.attack,
            health: rat.health,
            keywords: 0,
            count: 2,
            tribes: rat.tribes,
            marks: rat.marks(),
            then: InnerToken::of(&turtle),
            tier: rat.tier,
            unmarked: false,
            effects: Default::default(),
        })
    };
    assert_eq!(effect("Sewer Lord"), rats("Sewer Lord", "Sewer Rat"));
    assert_eq!(
        effect("golden Sewer Lord"),
        rats("golden Sewer Lord", "golden Sewer Rat")
    );
    let CombatEffect::Summon(golden) = effect("golden Sewer Lord") else {
        unreachable!()
    };
    assert_eq!((golden.attack, golden.health), (6, 4));
    assert_eq!((golden.then.attack, golden.then.health), (4, 6));
    assert_eq!(golden.then.keywords, TAUNT);
    let cord = lookup("Cord Puller").unwrap();
    assert_eq!(cord.keywords, SHIELD);
    assert!(matches!(combat_effect(cord), CombatEffect::Summon(t) if t.count == 1));
    // Keywords of the token, after "with".
    let mechs = all()
        .iter()
        .find(|c| {
            c.text
                .contains("Summon three 1/2 Mechs with Taunt and Divine Shield")
        })
        .unwrap();
    assert_eq!(
        combat_effect(mechs),
        CombatEffect::Summon(Token {
            attack: 1,
            health: 2,
            keywords: TAUNT | SHIELD,
            count: 3,
            tribes: TRIBE_MECH,
            marks: Default::default(),
            then: Default::default(),
            tier: 0,
            unmarked: false,
            effects: Default::default(),
        })
    );
    // The deathrattle aura, normal and golden.
    for (name, times) in [("Titus Rivendare", 1), ("golden Titus Rivendare", 2)] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}: {:?}", effect(name));
        };
        assert_eq!(effects[0].trigger, Trigger::Aura, "{name}");
        assert_eq!(
            effects[0].action,
            Action::ExtraDeathrattles { times },
            "{name}"
        );
    }
    for (name, times) in [
        ("Moira Bronzebeard", 2),
        ("golden Moira Bronzebeard", 3),
        ("Baron Rivendare", 2),
        ("golden Baron Rivendare", 3),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}: {:?}", effect(name));
        };
        assert_eq!(
            effects[0].action,
            Action::DeathrattlesTrigger { times },
            "{name}"
        );
    }
    // Death listeners: "whenever" and "after" a friendly minion of a
    // tribe dies, a self gain ("permanently" changes nothing in combat).
    for (name, attack, health) in [
        ("Scavenging Hyena", 2, 1),
        ("golden Scavenging Hyena", 4, 2),
        ("Junkbot", 2, 2),
        ("Timewarped Hyena", 2, 2),
        ("Hungry Snapjaw", 0, 1),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}: {:?}", effect(name));
        };
        let tribes = if name == "Junkbot" {
            TRIBE_MECH
        } else {
            TRIBE_BEAST
        };
        assert_eq!(
            effects[0].trigger,
            Trigger::FriendlyDies { tribes },
            "{name}"
        );
        assert_eq!(
            effects[0].action,
            Action::Buff {
                target: Target::This,
                attack,
                health,
                keywords: 0
            },
            "{name}"
        );
    }
    // Avenge: the count and the action; Palescale Crocolisk's one action
    // on two triggers; Budding Greenthumb's neighbours.
    let buff = |target, attack, health, keywords| Action::Buff {
        target,
        attack,
        health,
        keywords,
    };
    let beasts = Target::Friendly {
        tribes: TRIBE_BEAST,
        other: false,
        living: false,
    };
    let another_beast = Target::Random {
        tribes: TRIBE_BEAST,
        other: true,
        count: 1,
        lacking: 0,
        strict: false,
        different: false,
    };
    for (name, deaths, action) in [
        ("Bird Buddy", 1, buff(beasts, 1, 1, 0)),
        ("golden Bird Buddy", 1, buff(beasts, 2, 2, 0)),
        ("Hungering Abomination", 1, buff(Target::This, 1, 2, 0)),
        ("Budding Greenthumb", 3, buff(Target::Adjacent, 2, 2, 0)),
        ("Palescale Crocolisk", 2, buff(another_beast, 6, 6, 0)),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}: {:?}", effect(name));
        };
        assert_eq!(effects[0].trigger, Trigger::Avenge { deaths }, "{name}");
        assert_eq!(effects[0].action, action, "{name}");
        if name == "Palescale Crocolisk" {
            assert_eq!(effects[1].trigger, Trigger::Deathrattle);
            assert_eq!(effects[1].action, action);
        }
    }
    // Shield listeners: a gain, a gift to the minion that lost it, a gift
    // to all.
    for (id, target, attack, health) in [
        ("ICC_858", Target::This, 2, 0),
        ("BG21_024", Target::Friend, 2, 2),
        ("BG21_024_G", Target::Friend, 4, 4),
        (
            "BG34_Giant_656",
            Target::Friendly {
                tribes: 0,
                other: false,
                living: false,
            },
            3,
            3,
        ),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(id) else {
            panic!("{id}: {:?}", effect(id));
        };
        assert_eq!(effects[0].trigger, Trigger::FriendlyLosesShield, "{id}");
        assert_eq!(effects[0].action, buff(target, attack, health, 0), "{id}");
    }
    // Damage listeners: a gain, a gift to the other minions or to all, a
    // summon (its token beside it), a friendly Beast's damage heard.
    // Hardy Orca, as Firestone plays it, skips dying minions.
    let living_others = Target::Friendly {
        tribes: 0,
        other: true,
        living: true,
    };
    let everyone = Target::Friendly {
        tribes: 0,
        other: false,
        living: false,
    };
    for (id, trigger, action) in [
        ("BG29_800", TAKES_DAMAGE, buff(Target::This, 1, 0, 0)),
        ("BG29_800_G", TAKES_DAMAGE, buff(Target::This, 2, 0, 0)),
        (
            "BG29_878",
            TAKES_DAMAGE,
            buff(Target::This, 0, 0, model::SHIELD),
        ),
        ("BG34_312", TAKES_DAMAGE, buff(living_others, 1, 1, 0)),
        ("BG34_312_G", TAKES_DAMAGE, buff(living_others, 2, 2, 0)),
        ("BG29_846_G", TAKES_DAMAGE, buff(everyone, 4, 0, 0)),
        ("BG29_801", TAKES_DAMAGE, Action::Summon { count: 1 }),
        ("BG_BRM_006", TAKES_DAMAGE, Action::Summon { count: 1 }),
        (
            "BG29_807",
            Trigger::FriendlyTakesDamage {
                tribes: TRIBE_BEAST,
                other: true,
            },
            buff(Target::This, 0, 2, 0),
        ),
        (
            "BG33_155_G",
            Trigger::AfterFriendlyDealsDamage {
                tribes: TRIBE_DEMON,
            },
            buff(Target::This, 4, 4, 0),
        ),
    ] {
        let CombatEffect::Effects {
            effects,
            effect_token,
            ..
        } = effect(id)
        else {
            panic!("{id}: {:?}", effect(id));
        };
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (trigger, action),
            "{id}"
        );
        if id == "BG29_801" {
            assert_eq!(
                (
                    effect_token.attack,
                    effect_token.health,
                    effect_token.keywords
                ),
                (2, 2, model::TAUNT)
            );
        }
    }
    // Stat auras: a tribe's bonus, never its own.
    let aura = |tribes, attack, health| Effect {
        trigger: Trigger::Aura,
        action: buff(
            Target::Friendly {
                tribes,
                other: true,
                living: false,
            },
            attack,
            health,
            0,
        ),
    };
    for (name, expected) in [
        ("Murloc Warleader", aura(TRIBE_MURLOC, 2, 0)),
        ("golden Murloc Warleader", aura(TRIBE_MURLOC, 4, 0)),
        ("Southsea Captain", aura(TRIBE_PIRATE, 1, 1)),
        ("Ride-or-Die", aura(TRIBE_UNDEAD, 1, 0)),
        ("Siegebreaker", aura(TRIBE_DEMON, 1, 0)),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}: {:?}", effect(name));
        };
        assert_eq!(effects[0], expected, "{name}");
    }
    // Auras that hang on a keyword or a place, or reach the hero, are not
    // played.
    for name in [
        "Cyborg Drake",
        "Phalanx Commander",
        "Dire Wolf Alpha",
        "Mal'Ganis",
    ] {
        assert!(
            matches!(effect(name), CombatEffect::Unsupported(_)),
            "{name}"
        );
    }
    // A gift only to a card in the hand acts outside combat (Very Hungry
    // Winterfinner); damage listeners that give to a random other minion or
    // count their firings are not played.
    assert_eq!(
        effect("Very Hungry Winterfinner"),
        CombatEffect::OutOfCombat
    );
    // A token that attacks at once when summoned carries the mark (the
    // text's second sentence is read, not dropped).
    for name in ["Scallywag", "Twilight Hatchling"] {
        let CombatEffect::Summon(token) = effect(name) else {
            panic!("{name}");
        };
        assert!(token.marks.contains(Marks::ATTACKS_AT_ONCE), "{name}");
    }
    for name in ["Iridescent Skyblazer", "Winged Chimera", "Imp Mama"] {
        assert!(
            matches!(effect(name), CombatEffect::Unsupported(_)),
            "{name}"
        );
    }
    // Avenges that reach beyond the boards or damage the other side
    // mid-phase stay unsupported.
    for name in ["Mechano-Tank", "Carrier"] {
        assert!(
            matches!(effect(name), CombatEffect::Unsupported(_)),
            "{name}"
        );
    }
    // Combat effects the engine does not play yet say why; "after a
    // friendly minion attacks" (its own attacks too) is read only as
    // Firestone plays it (Ravaging Scorpid: see
    // `ravaging_scorpid_is_read_as_firestone_plays_it`), and a death
    // listener's damage reaches the other side (Soul Juggler).
    for name in [
        "Piloted Whirl-O-Tron",
        "BG_GIL_655",
        "Runed Progenitor",
        "Soul Juggler",
    ] {
        assert!(
            matches!(effect(name), CombatEffect::Unsupported(_)),
            "{name}"
        );
    }
    // Side bonuses: a tribe's stats for the rest of the combat, from a
    // deathrattle or the start of combat; the note on what it does
    // outside combat is left out (Plaguerunner).
    for (name, trigger, tribes, attack, health) in [
        (
            "Goldrinn, the Great Wolf",
            Trigger::Deathrattle,
            TRIBE_BEAST,
            7,
            7,
        ),
        (
            "golden Goldrinn, the Great Wolf",
            Trigger::Deathrattle,
            TRIBE_BEAST,
            14,
            14,
        ),
        ("Humming Bird", Trigger::StartOfCombat, TRIBE_BEAST, 1, 0),
        (
            "golden Humming Bird",
            Trigger::StartOfCombat,
            TRIBE_BEAST,
            2,
            0,
        ),
        ("Plaguerunner", Trigger::Deathrattle, TRIBE_UNDEAD, 2, 0),
        (
            "golden Plaguerunner",
            Trigger::Deathrattle,
            TRIBE_UNDEAD,
            4,
            0,
        ),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}: {:?}", effect(name));
        };
        let bonus = Action::SideBonus {
            to: BonusTo::Tribes(tribes),
            attack,
            health,
        };
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (trigger, bonus),
            "{name}"
        );
        assert_eq!(effects[1], Effect::default(), "{name}");
    }
    // Reborn given: Mummifier's to a different Undead (golden: two);
    // Relentless Sentry's avenge, with taunt.
    for (name, count) in [("Mummifier", 1), ("golden Mummifier", 2)] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}: {:?}", effect(name));
        };
        let undead = Target::Random {
            tribes: TRIBE_UNDEAD,
            other: true,
            count,
            lacking: model::REBORN,
            strict: true,
            different: true,
        };
        let action = buff(undead, 0, 0, model::REBORN);
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (Trigger::Deathrattle, action)
        );
    }
    let CombatEffect::Effects { effects, .. } = effect("Relentless Sentry") else {
        panic!("Relentless Sentry");
    };
    let action = buff(Target::This, 0, 0, model::TAUNT | model::REBORN);
    assert_eq!(
        (effects[0].trigger, effects[0].action),
        (Trigger::Avenge { deaths: 4 }, action)
    );
    // Relentless Deflector: taunt with its shield, and an avenge that
    // gives one.
    let CombatEffect::Effects { effects, .. } = effect("Relentless Deflector") else {
        panic!("Relentless Deflector");
    };
    assert_eq!(
        (effects[0].trigger, effects[0].action),
        (Trigger::Aura, Action::TauntWithShield)
    );
    assert_eq!(
        (effects[1].trigger, effects[1].action),
        (
            Trigger::Avenge { deaths: 3 },
            buff(Target::This, 0, 0, model::SHIELD)
        )
    );
    // Wildfire Elemental: excess damage to a neighbour, golden both.
    for (name, both) in [
        ("Wildfire Elemental", false),
        ("golden Wildfire Elemental", true),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}");
        };
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (
                Trigger::KillsDefender,
                Action::ExcessDamage { both, amount: 0 }
            ),
            "{name}"
        );
    }
    // Snazzy Phantom: the reborn copy's attack as stats to the right-most
    // Undead, golden double.
    for (name, times) in [("Snazzy Phantom", 1), ("golden Snazzy Phantom", 2)] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}");
        };
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (
                Trigger::FriendlyReborn,
                Action::StatsOfFriendAttack {
                    tribes: TRIBE_UNDEAD,
                    times
                }
            ),
            "{name}"
        );
    }
    // Banana Slamma: an "after you summon" listener (Arms Dealer's kind;
    // Mama Bear's is a "whenever") making the Beast's attack 2x, golden 3x.
    for (name, after, action) in [
        ("Banana Slamma", true, Action::MultiplyAttack { times: 2 }),
        (
            "golden Banana Slamma",
            true,
            Action::MultiplyAttack { times: 3 },
        ),
        (
            "Mama Bear",
            false,
            Action::Buff {
                target: Target::Friend,
                attack: 6,
                health: 6,
                keywords: 0,
            },
        ),
        // Lurking Leviathan, as Firestone plays it: +2 and 2 more each
        // time (its card +3), golden +4 and 4 more.
        (
            "Lurking Leviathan",
            false,
            Action::GrowingGift { attack: 2, step: 2 },
        ),
        (
            "golden Lurking Leviathan",
            false,
            Action::GrowingGift { attack: 4, step: 4 },
        ),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}");
        };
        let trigger = Trigger::FriendlySummoned {
            tribes: TRIBE_BEAST,
            after,
        };
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (trigger, action),
            "{name}"
        );
    }
    let CombatEffect::Effects { effects, .. } = effect("Arms Dealer") else {
        panic!("Arms Dealer");
    };
    assert_eq!(
        effects[0].trigger,
        Trigger::FriendlySummoned {
            tribes: TRIBE_UNDEAD,
            after: true
        }
    );
    // Scarlet Survivor: a shield at 6 attack, golden too.
    for name in ["Scarlet Survivor", "golden Scarlet Survivor"] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}");
        };
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (Trigger::Aura, Action::ShieldAtAttack { attack: 6 }),
            "{name}"
        );
    }
    // Beyond the pool: Relentless Mur'ghoul as Firestone plays it (taunt
    // too), Soulsplitter's start of combat, Geared Guard's rally to a
    // minion of another card.
    let CombatEffect::Effects { effects, .. } = effect("Relentless Mur'ghoul") else {
        panic!("Relentless Mur'ghoul");
    };
    assert_eq!(
        (effects[0].trigger, effects[0].action),
        (Trigger::Avenge { deaths: 5 }, action)
    );
    let random = |tribes, other, lacking, different| Target::Random {
        tribes,
        other,
        count: 1,
        lacking,
        strict: true,
        different,
    };
    for (name, trigger, target, keyword) in [
        (
            "Soulsplitter",
            Trigger::StartOfCombat,
            random(TRIBE_UNDEAD, false, model::REBORN, false),
            model::REBORN,
        ),
        (
            "Geared Guard",
            Trigger::Rally,
            random(0, true, model::SHIELD, true),
            model::SHIELD,
        ),
    ] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}");
        };
        let gift = buff(target, 0, 0, keyword);
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (trigger, gift),
            "{name}"
        );
    }
    // Reborn listeners gain (Barrier Banshee as Firestone plays it).
    let CombatEffect::Effects { effects, .. } = effect("golden Barrier Banshee") else {
        panic!("Barrier Banshee");
    };
    let gain = buff(Target::This, 14, 14, model::SHIELD);
    assert_eq!(
        (effects[0].trigger, effects[0].action),
        (Trigger::FriendlyReborn, gain)
    );
    // Summons for the opponent are not the card's own tokens.
    let pip = all()
        .iter()
        .find(|c| c.text.contains("for your opponent"))
        .unwrap();
    assert!(!combat_effect(pip).is_modelled());
}

#[test]
fn blood_gems_played_in_combat_are_read() {
    let effect = |name: &str| combat_effect(lookup(name).unwrap());
    let gems = |name: &str| match effect(name) {
        CombatEffect::Effects { effects, .. } => (effects[0].trigger, effects[0].action),
        other => panic!("{name}: {other:?}"),
    };
    let on = |target, count| Action::BloodGems { target, count };
    assert_eq!(gems("Tusked Camper"), (Trigger::Rally, on(Target::This, 1)));
    assert_eq!(
        gems("golden Tusked Camper"),
        (Trigger::Rally, on(Target::This, 2))
    );
    let others = Target::Friendly {
        tribes: 0,
        other: true,
        living: false,
    };
    assert_eq!(gems("Bonker"), (Trigger::Rally, on(others, 1)));
    assert_eq!(gems("golden Bonker"), (Trigger::Rally, on(others, 2)));
    let another_attacks = Trigger::FriendlyAttacks {
        tribes: 0,
        other: true,
        marks: Marks::NONE,
    };
    assert_eq!(
        gems("Prodigious Tusker"),
        (another_attacks, on(Target::Friend, 1))
    );
    // Firestone's 3 gems, not the card's 4.
    assert_eq!(
        gems("Razorfen Vineweaver"),
        (Trigger::Rally, on(Target::This, 3))
    );
    assert_eq!(
        gems("Needling Crone"),
        (Trigger::Aura, Action::GemStats { times: 2 })
    );
    assert_eq!(
        gems("golden Needling Crone"),
        (Trigger::Aura, Action::GemStats { times: 3 })
    );
    // Geomagus Roogug answers a gem with one on a different friendly
    // minion (golden: two); Tough Tusk gains a shield.
    let different = Target::Random {
        tribes: 0,
        other: true,
        count: 1,
        lacking: 0,
        strict: false,
        different: true,
    };
    assert_eq!(
        gems("Geomagus Roogug"),
        (Trigger::GemPlayedOnThis, on(different, 1))
    );
    assert_eq!(
        gems("golden Geomagus Roogug"),
        (Trigger::GemPlayedOnThis, on(different, 2))
    );
    let shield = Action::Buff {
        target: Target::This,
        attack: 0,
        health: 0,
        keywords: model::SHIELD,
    };
    assert_eq!(gems("Tough Tusk"), (Trigger::GemPlayedOnThis, shield));
    // "Your Blood Gems give an extra ... this game" from a deathrattle or
    // a rally: a side bonus of the gems played after (Firestone raises
    // the hero's gem bonus); the battlecry acts outside combat.
    let gem_bonus = |attack, health| Action::SideBonus {
        to: BonusTo::BloodGems,
        attack,
        health,
    };
    assert_eq!(
        gems("Sanguine Champion"),
        (Trigger::Deathrattle, gem_bonus(2, 1))
    );
    assert_eq!(
        gems("golden Sanguine Champion"),
        (Trigger::Deathrattle, gem_bonus(4, 2))
    );
    assert_eq!(gems("Sanguine Refiner"), (Trigger::Rally, gem_bonus(1, 2)));
    assert_eq!(
        gems("Prickly Piper"),
        (Trigger::Deathrattle, gem_bonus(1, 0))
    );
    // Other reactions to gems, and what changes them mid-combat otherwise,
    // are not modelled; a bonus outside combat changes nothing here.
    for name in [
        "Aggem Thorncurse",
        "Groundshaker",
        "Timewarped Twirler",
        "Timewarped Geomancer",
    ] {
        assert!(!effect(name).is_modelled(), "{name}");
    }
    // A start of combat that fires only from the hand (Firestone's Flighty
    // Scout checks the hand; `combat::hand` plays it).
    // Bloodsnout Warlord hears friendly minions with a rally attack
    // (Firestone's 3 gems, golden 6, on every friendly minion).
    let rally_attacks = Trigger::FriendlyAttacks {
        tribes: 0,
        other: true,
        marks: Marks::HAS_RALLY,
    };
    let all = Target::Friendly {
        tribes: 0,
        other: false,
        living: false,
    };
    assert_eq!(gems("Bloodsnout Warlord"), (rally_attacks, on(all, 3)));
    assert_eq!(
        gems("golden Bloodsnout Warlord"),
        (rally_attacks, on(all, 6))
    );
    assert!(lookup("Bonker").unwrap().marks().contains(Marks::HAS_RALLY));
    assert!(
        !lookup("Bloodsnout Warlord")
            .unwrap()
            .marks()
            .contains(Marks::HAS_RALLY)
    );
    for (name, times) in [("Flighty Scout", 1), ("golden Flighty Scout", 2)] {
        let CombatEffect::Effects { effects, .. } = effect(name) else {
            panic!("{name}");
        };
        assert_eq!(effects[0].action, Action::SummonCopyFromHand { times });
    }
    for name in ["Agamaggan, the Great Boar", "Hired Ritualist"] {
        assert_eq!(effect(name), CombatEffect::OutOfCombat, "{name}");
    }
}

#[test]
fn beetle_bonuses_are_read_for_beetles() {
    let effect = |name: &str| combat_effect(lookup(name).unwrap());
    // A Beetle token is a Beast and a Beetle, whoever summons it.
    let CombatEffect::Summon(vermin) = effect("Buzzing Vermin") else {
        panic!("Buzzing Vermin");
    };
    assert_eq!((vermin.tribes, vermin.marks), (TRIBE_BEAST, Marks::BEETLE));
    let beetle = lookup("Beetle").unwrap();
    assert_eq!(
        (beetle.tribes, beetle.marks()),
        (TRIBE_BEAST, Marks::BEETLE)
    );
    // Turquoise Skitterer: its Beetle, and +5/+5 to Beetles for the rest
    // of the combat (golden: two Beetles, +10/+10).
    for (name, count, bonus) in [
        ("Turquoise Skitterer", 1, 5),
        ("golden Turquoise Skitterer", 2, 10),
    ] {
        let CombatEffect::Effects {
            deathrattle,
            effects,
            ..
        } = effect(name)
        else {
            panic!("{name}");
        };
        assert_eq!(
            (deathrattle.count, deathrattle.tribes, deathrattle.marks),
            (count, TRIBE_BEAST, Marks::BEETLE),
            "{name}"
        );
        assert_eq!(
            (effects[0].trigger, effects[0].action),
            (
                Trigger::Deathrattle,
                Action::SideBonus {
                    to: BonusTo::Marks(Marks::BEETLE),
                    attack: bonus,
                    health: bonus,
                }
            ),
            "{name}"
        );
    }
}

/// Eternal Knights carry their own mark (the engine grows them), and Eternal Summoner's deathrattle summons one by name, golden
/// from a golden Summoner.
#[test]
fn eternal_knights_are_read() {
    assert_eq!(
        combat_effect(lookup("Eternal Knight").unwrap()),
        CombatEffect::None
    );
    let knight = by_name("Eternal Knight").unwrap();
    assert_eq!(
        (knight.tribes, knight.marks()),
        (TRIBE_UNDEAD, Marks::ETERNAL_KNIGHT)
    );
    let golden = golden_of(knight).unwrap();
    assert_eq!(
        (golden.tribes, golden.marks()),
        (TRIBE_UNDEAD, Marks::GOLDEN_ETERNAL_KNIGHT)
    );
    assert_eq!(combat_effect(golden), CombatEffect::None);
    let summoner = by_name("Eternal Summoner").unwrap();
    for (card, (attack, health), marks) in [
        (summoner, (4, 2), Marks::ETERNAL_KNIGHT),
        (
            golden_of(summoner).unwrap(),
            (8, 4),
            Marks::GOLDEN_ETERNAL_KNIGHT,
        ),
    ] {
        let CombatEffect::Summon(t) = combat_effect(card) else {
            panic!("{}: {:?}", card.id, combat_effect(card));
        };
        assert_eq!(
            (t.attack, t.health, t.count),
            (attack, health, 1),
            "{}",
            card.id
        );
        assert_eq!((t.tribes, t.marks), (TRIBE_UNDEAD, marks), "{}", card.id);
        assert_eq!(t.tier, knight.tier);
    }
    // The other cards that grow with a count: keywords and their marks.
    for (name, tribes, mark, golden_mark) in [
        (
            "Falling Sky Golem",
            TRIBE_MECH,
            Marks::FALLING_SKY_GOLEM,
            Marks::GOLDEN_FALLING_SKY_GOLEM,
        ),
        (
            "Abyssal Bruiser",
            TRIBE_NAGA,
            Marks::ABYSSAL_BRUISER,
            Marks::GOLDEN_ABYSSAL_BRUISER,
        ),
    ] {
        let card = by_name(name).unwrap();
        assert_eq!(combat_effect(card), CombatEffect::None, "{name}");
        assert_eq!((card.tribes, card.marks()), (tribes, mark), "{name}");
        assert!(golden_of(card).unwrap().marks().contains(golden_mark));
        assert!(card.grows_with_a_count(), "{name}");
        assert_ne!(super::combat_keywords(card) & model::SHIELD, 0, "{name}");
    }
    // A name that is no card, or a card with an effect of its own other
    // than a plain token deathrattle, is not summoned by name.
    for clause in [
        "deathrattle: summon 1 nobody in particular.",
        "deathrattle: summon 1 scavenging hyena.",
        "deathrattle: summon 1 harmless bonehead. give them stealth.",
    ] {
        assert_eq!(super::reader::token_deathrattle(clause), None, "{clause}");
    }
    // A card whose own effect is a plain token deathrattle is summoned
    // with it, one level down (Harmless Bonehead's two Skeletons), and
    // "give them taunt" gives the tokens taunt.
    let Some(CombatEffect::Summon(t)) = super::reader::token_deathrattle(
        "deathrattle: summon 1 harmless bonehead. give them taunt.",
    ) else {
        panic!("harmless bonehead");
    };
    assert_eq!(
        (t.attack, t.health, t.count, t.keywords),
        (1, 1, 1, model::TAUNT)
    );
    assert_eq!((t.then.attack, t.then.health, t.then.count), (1, 1, 2));
    for (name, count, then) in [
        ("Rapscallion Recruiter", 2, (1, 1)),
        ("golden Rapscallion Recruiter", 2, (2, 2)),
        ("Twilight Broodmother", 2, (3, 3)),
        ("golden Twilight Broodmother", 4, (3, 3)),
    ] {
        let CombatEffect::Summon(t) = combat_effect(lookup(name).unwrap()) else {
            panic!("{name}");
        };
        assert_eq!(t.count, count, "{name}");
        assert_eq!(
            (t.then.attack, t.then.health, t.then.count),
            (then.0, then.1, 1),
            "{name}"
        );
        assert!(t.then.marks.contains(Marks::ATTACKS_AT_ONCE), "{name}");
        let taunt = name.contains("Broodmother");
        assert_eq!(t.keywords & model::TAUNT != 0, taunt, "{name}");
    }
}

/// Ravaging Scorpid's "after a friendly minion attacks, your Beetles have
/// +4/+4 this game": a rally on its own attack and a trigger after
/// another's, both the Beetles' bonus; golden +8/+8 and two Beetles.
#[test]
fn ravaging_scorpid_is_read_as_firestone_plays_it() {
    for (name, bonus, beetles) in [("Ravaging Scorpid", 4, 1), ("BG36_209_G", 8, 2)] {
        let CombatEffect::Effects {
            deathrattle,
            effects,
            ..
        } = combat_effect(lookup(name).unwrap())
        else {
            panic!("{name}");
        };
        let action = Action::SideBonus {
            to: BonusTo::Marks(Marks::BEETLE),
            attack: bonus,
            health: bonus,
        };
        assert_eq!(
            effects,
            [
                Effect {
                    trigger: Trigger::Rally,
                    action
                },
                Effect {
                    trigger: Trigger::AfterFriendlyAttacks {
                        tribes: 0,
                        rally: false
                    },
                    action
                },
            ],
            "{name}"
        );
        assert_eq!(
            (deathrattle.attack, deathrattle.health, deathrattle.count),
            (2, 2, beetles)
        );
        assert!(deathrattle.marks.contains(Marks::BEETLE));
    }
}

#[test]
fn tasty_lobsters_are_read_as_improving_buffs() {
    for (name, stats) in [("Tasty Lobster", (2, 1)), ("golden Tasty Lobster", (4, 2))] {
        let CombatEffect::Effects { effects, .. } = combat_effect(lookup(name).unwrap()) else {
            panic!("{name}: an effect")
        };
        assert_eq!(effects[0].trigger, Trigger::Deathrattle, "{name}");
        let Action::ImprovingBuff {
            target: Target::Random {
                tribes, count: 1, ..
            },
            attack,
            health,
        } = effects[0].action
        else {
            panic!("{name}: {:?}", effects[0].action)
        };
        assert_eq!((tribes, attack, health), (TRIBE_BEAST, stats.0, stats.1));
        assert_eq!(effects[1], Effect::default(), "{name}: one effect");
    }
}

#[test]
fn each_type_gifts_and_card_tokens_with_effects_are_read() {
    // "A friendly minion of each type": one draw, twice the stats for the
    // golden Last One Standing (Firestone), two draws for the golden
    // Timewarped Chimera.
    let each = |attack, health| Action::Buff {
        target: Target::EachTribe,
        attack,
        health,
        keywords: 0,
    };
    for (name, trigger, action, times) in [
        ("The Last One Standing", Trigger::Rally, each(15, 15), 1),
        (
            "golden The Last One Standing",
            Trigger::Rally,
            each(30, 30),
            1,
        ),
        ("Timewarped Chimera", TAKES_DAMAGE, each(2, 1), 1),
        ("golden Timewarped Chimera", TAKES_DAMAGE, each(2, 1), 2),
        (
            "Ghoul of the Feast",
            Trigger::Avenge { deaths: 1 },
            each(2, 2),
            1,
        ),
    ] {
        let CombatEffect::Effects { effects, .. } = combat_effect(lookup(name).unwrap()) else {
            panic!("{name}: an effect")
        };
        let effect = Effect { trigger, action };
        assert_eq!(effects[..times], vec![effect; times][..], "{name}");
        assert!(
            effects[times..].iter().all(|e| *e == Effect::default()),
            "{name}"
        );
    }
    // Hoarding Hyena's rally summons one Tasty Lobster (golden: golden),
    // a token with the Lobster's own deathrattle effect.
    for (name, lobster) in [
        ("Hoarding Hyena", "Tasty Lobster"),
        ("golden Hoarding Hyena", "golden Tasty Lobster"),
    ] {
        let CombatEffect::Effects {
            effects,
            effect_token,
            ..
        } = combat_effect(lookup(name).unwrap())
        else {
            panic!("{name}: an effect")
        };
        assert_eq!(effects[0].trigger, Trigger::Rally);
        assert_eq!(effects[0].action, Action::Summon { count: 1 });
        let card = lookup(lobster).unwrap();
        let CombatEffect::Effects {
            effects: lobster_effects,
            ..
        } = combat_effect(card)
        else {
            panic!("{lobster}: an effect")
        };
        assert_eq!(
            (effect_token.attack, effect_token.health, effect_token.count),
            (card.attack, card.health, 1)
        );
        assert_eq!(
            (effect_token.tribes, effect_token.marks, effect_token.tier),
            (card.tribes, card.marks(), 3)
        );
        assert_eq!(effect_token.effects, lobster_effects, "{name}");
    }
}

#[test]
fn script_numbers_set_the_gifts_that_grow_over_a_game() {
    use crate::hearthstone::firestone::{CardRef, EntityFlags, minion_of_entity};
    // (card, script numbers, the buff's attack and health, or Lurking
    // Leviathan's first gift and step): Firestone's numbers when none is
    // stated; Hopebringer, Showy Cyclist and Lurking Leviathan read a 0
    // as none, Ultraviolet Ascendant as a gift of 0; the Leviathan's
    // number is its next gift, its step stays the card's.
    for (card, data, gift) in [
        ("BG36_364", [None, None, None, None], (3, 3)),
        ("BG36_364_G", [None, None, None, None], (6, 6)),
        ("BG36_364", [Some(7), Some(5), None, None], (7, 5)),
        ("BG36_364", [Some(7), None, None, None], (7, 7)),
        ("BG36_364", [Some(0), Some(4), None, None], (3, 4)),
        ("BG31_810", [None, None, None, None], (3, 2)),
        ("BG31_810_G", [None, None, None, None], (6, 4)),
        ("BG31_810", [Some(0), Some(9), None, None], (0, 9)),
        ("BG31_925", [None, None, None, None], (2, 1)),
        ("BG31_925", [Some(99), Some(6), None, Some(3)], (6, 3)),
        ("BG31_925_G", [None, Some(0), None, Some(0)], (4, 2)),
        ("BG36_116", [Some(5), None, None, None], (5, 0)),
        ("BG36_116_G", [Some(0), None, None, None], (2, 0)),
        ("BG35_602", [None, None, None, None], (2, 2)),
        ("BG35_602", [Some(9), None, None, None], (9, 2)),
        ("BG35_602", [Some(0), Some(5), None, None], (2, 2)),
        ("BG35_602_G", [Some(20), None, None, None], (20, 4)),
    ] {
        let flags = EntityFlags {
            script_data: data,
            ..EntityFlags::default()
        };
        let m = minion_of_entity(CardRef::Text(card), 2, 2, &flags).unwrap();
        let gifts: Vec<(u16, u16)> = m
            .effects
            .iter()
            .filter_map(|e| match e.action {
                Action::Buff { attack, health, .. } => Some((attack, health)),
                Action::GrowingGift { attack, step } => Some((attack, step)),
                _ => None,
            })
            .collect();
        assert_eq!(gifts, vec![gift], "{card} {data:?}");
    }
    // Underrot Spawn's reborn copy starts from the card's own gift (+1),
    // Showy Cyclist's keeps the numbers.
    let flags = |data| EntityFlags {
        script_data: data,
        ..EntityFlags::default()
    };
    let own = minion_of_entity(CardRef::Text("BG36_116"), 2, 2, &EntityFlags::default()).unwrap();
    let set = minion_of_entity(
        CardRef::Text("BG36_116"),
        2,
        2,
        &flags([Some(5), None, None, None]),
    )
    .unwrap();
    assert_eq!(set.reborn_effects, Some(own.effects));
    let cyclist = minion_of_entity(
        CardRef::Text("BG31_925"),
        2,
        2,
        &flags([None, Some(5), None, None]),
    )
    .unwrap();
    assert_eq!(cyclist.reborn_effects, None);
    // Other cards ignore them; a number no gift takes is refused.
    let flags = EntityFlags {
        script_data: [Some(40_000), None, None, None],
        ..EntityFlags::default()
    };
    assert!(minion_of_entity(CardRef::Text("Wolf Pup"), 1, 1, &flags).is_ok());
    for card in ["BG36_364", "BG31_810"] {
        let err = minion_of_entity(CardRef::Text(card), 1, 1, &flags).unwrap_err();
        assert!(err.message().contains("scriptDataNum1"), "{err:?}");
        let negative = EntityFlags {
            script_data: [Some(-1), None, None, None],
            ..EntityFlags::default()
        };
        assert!(minion_of_entity(CardRef::Text(card), 1, 1, &negative).is_err());
    }
}

#[test]
fn a_card_counts_one_thing_an_avenge_or_its_growing_gifts() {
    // A unit keeps one count (`Unit::count`): a text with both is not
    // read (no card has one; the guard keeps a future one honest). Made-up
    // cards on the Leviathan's stats, under an id of their own (the
    // Leviathan's would be read as Firestone plays it).
    let leviathan = &CardDef {
        id: "TEST_ONE_COUNT",
        ..*lookup("Lurking Leviathan").unwrap()
    };
    let both = CardDef {
        text: "Avenge (2): Gain +1/+1. Whenever you summon a Beast, give it +2 Attack and improve this permanently.",
        triggers: leviathan.triggers | TRIGGER_AVENGE,
        ..*leviathan
    };
    assert!(!combat_effect(&both).is_modelled());
    let gift_only = CardDef {
        text: "Whenever you summon a Beast, give it +2 Attack and improve this permanently.",
        ..*leviathan
    };
    assert!(combat_effect(&gift_only).is_modelled());
    let avenge_only = CardDef {
        text: "Avenge (2): Gain +1/+1.",
        triggers: leviathan.triggers | TRIGGER_AVENGE,
        ..*leviathan
    };
    assert!(combat_effect(&avenge_only).is_modelled());
}

#[test]
fn the_committed_effect_table_is_what_the_reader_and_the_rows_give() {
    let committed = include_str!("effect_table.rs");
    let generated = super::effect_table_source();
    if committed != generated {
        let line = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "src/hearthstone/cards/effect_table.rs is stale from line {}: regenerate it with \
             `cargo run -p oddsmith-cli -- generate bg-effects --out src/hearthstone/cards/effect_table.rs` \
             and review the diff (each changed line is a card whose behaviour changed)\n\
             committed: {}\ngenerated: {}",
            line + 1,
            committed.lines().nth(line).unwrap_or("(end)"),
            generated.lines().nth(line).unwrap_or("(end)")
        );
    }
}

#[test]
fn every_card_has_its_row_and_reads_as_its_row_says() {
    for card in all() {
        let read = super::read(card);
        assert_eq!(combat_effect(card), read.effect, "{}", card.id);
        assert_eq!(card.marks(), read.marks, "{}", card.id);
        assert_eq!(super::how_read(card), read.how, "{}", card.id);
    }
}

#[test]
fn a_card_built_by_a_caller_is_read_as_the_generator_reads_it() {
    let mut card = *lookup("Kaboom Bot").unwrap_or_else(|| lookup("Wolf Pup").unwrap());
    card.text = "Deathrattle: Summon a 2/2 Beetle.";
    card.triggers = super::TRIGGER_DEATHRATTLE;
    let CombatEffect::Summon(token) = combat_effect(&card) else {
        panic!("{:?}", combat_effect(&card));
    };
    assert_eq!((token.attack, token.health, token.count), (2, 2, 1));
    assert!(card.marks().contains(Marks::HAS_DEATHRATTLE));
}

#[test]
fn summon_gains_bracketed_bonuses_and_quoted_tokens_are_read() {
    let effect = |name: &str| combat_effect(lookup(name).unwrap());
    let first = |name: &str| match effect(name) {
        CombatEffect::Effects { effects, .. } => effects[0],
        other => panic!("{name}: {other:?}"),
    };
    // Summon listeners that gain themselves, "during combat" as "in
    // combat".
    let gains = |tribes, after, attack, health, keywords| Effect {
        trigger: Trigger::FriendlySummoned { tribes, after },
        action: Action::Buff {
            target: Target::This,
            attack,
            health,
            keywords,
        },
    };
    assert_eq!(first("Swampstriker"), gains(TRIBE_MURLOC, true, 1, 0, 0));
    assert_eq!(
        first("Deflect-o-Bot"),
        gains(TRIBE_MECH, false, 2, 0, SHIELD)
    );
    assert_eq!(
        first("golden Deflect-o-Bot"),
        gains(TRIBE_MECH, false, 4, 0, SHIELD)
    );
    assert_eq!(first("Xylo-bones"), gains(0, true, 0, 2, 0));
    // "(wherever they are)" as ", wherever they are".
    for (name, trigger) in [
        ("Anub'arak, Nerubian King", Trigger::Deathrattle),
        ("Champion of the Primus", Trigger::Avenge { deaths: 2 }),
        ("Dustbone Devastator", Trigger::Rally),
    ] {
        let bonus = Action::SideBonus {
            to: BonusTo::Tribes(TRIBE_UNDEAD),
            attack: 1,
            health: 0,
        };
        assert_eq!(
            first(name),
            Effect {
                trigger,
                action: bonus
            },
            "{name}"
        );
    }
    // Tokens whose card the text quotes: the Mechorse card, its own
    // Mechapony deathrattle one level down; golden ones by their stats.
    for (name, horse, pony) in [
        ("Mechanized Gift Horse", 2, 1),
        ("golden Mechanized Gift Horse", 4, 2),
    ] {
        let CombatEffect::Summon(t) = effect(name) else {
            panic!("{name}");
        };
        assert_eq!((t.attack, t.health, t.count), (horse, horse, 2), "{name}");
        assert_eq!(
            (t.then.attack, t.then.health, t.then.count),
            (pony, pony, 1)
        );
        assert_eq!(t.tribes, TRIBE_BEAST | TRIBE_MECH);
    }
    // Fire-forged Evoker: its card's +2/+2 without script numbers.
    let CombatEffect::Effects { effects, .. } = effect("Fire-forged Evoker") else {
        panic!("Fire-forged Evoker");
    };
    assert_eq!(effects[0].trigger, Trigger::StartOfCombat);
    assert!(matches!(
        effects[0].action,
        Action::Buff {
            attack: 2,
            health: 2,
            ..
        }
    ));
    assert!(
        super::reader::read(lookup("Fire-forged Evoker").unwrap())
            .script
            .is_some()
    );
}

#[test]
fn tavern_wordings_act_outside_combat() {
    let effect = |name: &str| combat_effect(lookup(name).unwrap());
    // Turns, the tavern, gold, hero powers; combat triggers whose whole
    // action is a card in the hand, gold, a refresh or the tavern.
    for name in [
        "Bountiful Bedrock",
        "Upbeat Frontdrake",
        "Boar Gamer",
        "Akali, Rock Rhino",
        "Doubloon Grifter",
        "Land Lubber",
        "Prehistoric Tinkerer",
        "Ghostly Ymirjar",
        "Malorne",
        "golden Malorne",
        "Micro Machine",
        "Freedealing Gambler",
        "Tavern Tipper",
        "Legion Overseer",
        "Nexus Lord",
        "Karl the Lost",
        "Tomb Pillager",
        "Bone Baron",
        "Dancing Barnstormer",
        "Fiery Felblood",
        "Prime Mate",
        "Gemsplitter",
        "Timewarped Stormcloud",
        "Timewarped Karathress",
        "Timewarped Pagle",
        "Murcules",
    ] {
        assert_eq!(effect(name), CombatEffect::OutOfCombat, "{name}");
    }
    // ... and each such clause alone: a combat half keeps the card in
    // combat.
    for clause in [
        "after a friendly minion loses divine shield, get a blood gem.",
        "avenge (4): increase your maximum gold by (1).",
        "whenever this takes damage, gain a free refresh. (3 times per turn.)",
        "deathrattle: add two 1/1 skeletons to your hand.",
        "battlecry and deathrattle: give elementals in the tavern +8/+8 this game.",
        "once per combat, when this attacks and kills a minion, get a triple reward.",
        "deathrattle: get 2 random battlecry minions.",
        "rally: get 2 random minions of your most common type.",
        "avenge (3): your teammate gets 2 random minions of their most common type.",
    ] {
        assert!(super::reader::acts_outside_boards(clause), "{clause}");
    }
    for clause in [
        "deathrattle: add a coin to your hand and summon a 1/1.",
        "battlecry and deathrattle: give elementals in the tavern and your minions +1/+1.",
        "after a friendly minion dies, get a blood gem. give your minions +1/+1.",
        "whenever you summon a beast, give it +1/+1.",
        "deathrattle: get 2 random minions and summon them.",
        "rally: get 2 random minions. give your minions +1/+1.",
    ] {
        assert!(!super::reader::acts_outside_boards(clause), "{clause}");
    }
    // Firestone plays these in combat: cards added to a hand in combat
    // (Fireworks Fanatic, Dastardly Drust, Salty Hog), a summon listener
    // (Timewarped Embalmer), the Elementals' bonus to the buffs they give
    // (Glowing Cinder, Shore Marauder), a start of combat (Stoneshell
    // Guardian, as Timewarped Stoneshell); counts combats change. (Floating
    // Watcher's hero-damage listener does nothing in Firestone 1.1.755:
    // read as acting outside combat.)
    for name in [
        "Fireworks Fanatic",
        "Dastardly Drust",
        "Salty Hog",
        "Timewarped Embalmer",
        "Glowing Cinder",
        "Shore Marauder",
        "Stoneshell Guardian",
        "Flourishing Frostling",
        "BG31_142",
    ] {
        assert!(!effect(name).is_modelled(), "{name}");
    }
    assert!(matches!(
        effect("BG31_142"),
        CombatEffect::Unsupported(r) if r.contains("battlecries also trigger in combat")
    ));
    // An avenge that improves a tavern effect is outside combat; one that
    // improves a deathrattle is not.
    assert_eq!(effect("BG35_334"), CombatEffect::OutOfCombat);
    assert!(!effect("BG29_871").is_modelled());
}

#[test]
fn own_stats_multiplied_and_tier_gains_are_read() {
    let first = |name: &str| match combat_effect(lookup(name).unwrap()) {
        CombatEffect::Effects { effects, .. } => effects[0],
        other => panic!("{name}: {other:?}"),
    };
    let start = |action| Effect {
        trigger: Trigger::StartOfCombat,
        action,
    };
    assert_eq!(
        first("Corrupted Myrmidon"),
        start(Action::MultiplyStats { times: 2 })
    );
    assert_eq!(
        first("golden Corrupted Myrmidon"),
        start(Action::MultiplyStats { times: 3 })
    );
    let tier = |n| Action::TierBuff {
        target: Target::This,
        attack: n,
        health: n,
    };
    assert_eq!(first("Misfit Dragonling"), start(tier(1)));
    assert_eq!(first("golden Misfit Dragonling"), start(tier(2)));
}

/// "Whenever this takes damage" without a limit.
const TAKES_DAMAGE: Trigger = Trigger::TakesDamage {
    limit: 0,
    survives: false,
};

#[test]
fn refused_rows_say_what_firestone_does() {
    // A hand-written row that refuses a card gives its reason (the row's
    // note without the card's name), whatever its text reads to.
    for (id, says) in [
        ("BG34_322", "maximum health"),
        ("BG36_245_G", "tavern spells"),
    ] {
        let card = by_id(id).unwrap();
        let CombatEffect::Unsupported(reason) = super::reader::read(card).effect else {
            panic!("{id}: refused");
        };
        assert!(reason.contains(says), "{id}: {reason}");
        assert!(!reason.starts_with(card.name), "{id}: {reason}");
    }
}

#[test]
fn deathstrider_hears_friendly_rally_minions_attacking() {
    for (name, times) in [("Deathstrider", 1), ("golden Deathstrider", 2)] {
        let CombatEffect::Effects { effects, .. } = combat_effect(lookup(name).unwrap()) else {
            panic!("{name}: an effect")
        };
        assert_eq!(
            effects[0],
            Effect {
                trigger: Trigger::AfterFriendlyAttacks {
                    tribes: 0,
                    rally: true
                },
                action: Action::TriggerDeathrattle {
                    target: Target::LeftmostDeathrattle,
                    times
                },
            },
            "{name}"
        );
    }
    // Rally cards carry the mark it hears; others do not.
    assert!(
        lookup("Glim Guardian")
            .unwrap()
            .marks()
            .contains(Marks::HAS_RALLY)
    );
    assert!(
        !lookup("Harmless Bonehead")
            .unwrap()
            .marks()
            .contains(Marks::HAS_RALLY)
    );
}

/// States from 2020-2021 name minions by their classic ids; the game
/// later gave each a `BG_` copy, which is the card they mean.
#[test]
fn classic_ids_are_their_battlegrounds_copies() {
    for (classic, name) in [
        ("EX1_556", "Harvest Golem"),
        ("fp1_031", "Baron Rivendare"),
        ("CFM_315t", "Tabbycat"),
    ] {
        let card = by_id(classic).unwrap_or_else(|| panic!("{classic}"));
        assert_eq!(
            card.id.to_ascii_lowercase(),
            format!("bg_{}", classic.to_ascii_lowercase())
        );
        assert_eq!(card.name, name);
    }
    assert!(by_id("EX1_999_NOT_A_CARD").is_none());
}

/// The hero powers, trinkets, quests, quest rewards and anomalies'
/// table: one row per id, each named, no minion nor secret among them,
/// the empty trinket slots no row; a lookup finds a row by its id only.
#[test]
fn the_powers_table_has_one_named_row_per_card() {
    let mut ids: Vec<&str> = POWERS.iter().map(|r| r.id).collect();
    ids.sort_unstable();
    let count = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), count, "an id has two rows");
    for r in POWERS {
        assert!(!r.name.is_empty(), "{}", r.id);
        assert!(by_id(r.id).is_none(), "{} is a minion", r.id);
        assert!(hero_row(r.id).is_none(), "{} is a secret", r.id);
        assert!(!is_empty_slot(r.id), "{}", r.id);
        match r.play {
            PowerPlay::NotModelled { reason } => assert!(reason.len() > 10, "{}: {reason}", r.id),
            // The reader plays hero powers alone.
            PowerPlay::GivesKeywords { keywords, .. } => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
                assert_ne!(keywords, 0, "{}", r.id);
            }
            PowerPlay::GivesSummoned {
                attack,
                health,
                keywords,
            } => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
                assert_ne!((attack, health, keywords), (0, 0, 0), "{}", r.id);
            }
            PowerPlay::SummonsWhenSpace { token } => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
                assert!(by_id(token).is_some(), "{}: {token}", r.id);
            }
            PowerPlay::AvengeSummons { deaths, token } => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
                assert!(by_id(token).is_some(), "{}: {token}", r.id);
                assert!(
                    (1..=crate::hearthstone::model::MAX_AVENGE).contains(&deaths),
                    "{}",
                    r.id
                );
            }
            PowerPlay::StartOfCombat { action } => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
                assert_ne!(
                    action,
                    crate::hearthstone::model::Action::Nothing,
                    "{}",
                    r.id
                );
            }
            PowerPlay::AtStart { action, amount, .. } => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
                assert!(
                    amount == Amount::Fixed || scaled(action, 2).is_some(),
                    "{}",
                    r.id
                );
            }
            PowerPlay::SummonsInfoCard | PowerPlay::PutsInHand => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
            }
            PowerPlay::CopiesBestWhenSpace { from_turn, .. } => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
                assert!(from_turn >= 1, "{}", r.id);
            }
            PowerPlay::DestroysAndResummons { mark } => {
                assert_eq!(r.kind, PowerKind::HeroPower, "{}", r.id);
                assert!(mark.starts_with(r.id), "{}: {mark}", r.id);
            }
            PowerPlay::OutsideCombat => {}
        }
        assert_eq!(power_row(r.id), Some(r));
    }
    for slot in EMPTY_TRINKET_SLOTS {
        assert!(is_empty_slot(slot) && power_row(slot).is_none());
    }
    assert!(!is_empty_slot("BG30_MagicItem_706"));
    // Both kinds of row are there, of every kind.
    for kind in [
        PowerKind::HeroPower,
        PowerKind::Trinket,
        PowerKind::QuestReward,
        PowerKind::Quest,
        PowerKind::Anomaly,
    ] {
        let of_kind = || POWERS.iter().filter(move |r| r.kind == kind);
        assert!(of_kind().any(|r| r.play == PowerPlay::OutsideCombat));
        assert!(
            of_kind().any(|r| matches!(r.play, PowerPlay::NotModelled { .. })),
            "{}",
            kind.name()
        );
    }
}

#[test]
fn powers_are_looked_up_by_id() {
    let gold = power_row("TB_BaconShop_HP_046").unwrap();
    assert_eq!(gold.name, "Gonna Be Rich!");
    assert_eq!(
        (gold.kind, gold.play),
        (PowerKind::HeroPower, PowerPlay::OutsideCombat)
    );
    let gloop = power_row("BGDUO_HERO_101p").unwrap();
    assert_eq!(gloop.name, "Glorious Gloop");
    assert!(matches!(
        gloop.play,
        PowerPlay::NotModelled { reason } if reason.contains("Start of Combat")
    ));
    let chess = power_row("BG30_MagicItem_972").unwrap();
    assert_eq!(chess.kind, PowerKind::Trinket);
    assert!(matches!(chess.play, PowerPlay::NotModelled { .. }));
    assert_eq!(
        power_row("BG27_Anomaly_000").map(|r| (r.kind, r.play)),
        Some((PowerKind::Anomaly, PowerPlay::OutsideCombat))
    );
    // Ids are matched whole and as spelt.
    for unknown in [
        "BG25_HERO_103",
        "bg25_hero_103p",
        "BG25_HERO_103p ",
        "",
        "NOT_A_CARD",
    ] {
        assert!(power_row(unknown).is_none(), "{unknown}");
    }
}
