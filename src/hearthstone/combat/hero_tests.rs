//! Hero-side cards in combat (secrets, lingering spells): against boards
//! with their effect applied by hand, and Monte Carlo.

use super::tests::{assert_monte_carlo_agrees, combat, exact, summary};
use super::*;
use crate::budget::Control;
use crate::hearthstone::cards::hero_card;

fn close(x: [f64; 5], y: [f64; 5]) -> bool {
    x.iter().zip(y).all(|(a, b)| (a - b).abs() < 1e-12)
}

/// The combat of boards `a` and `b` with hero-side cards (card id and
/// script numbers) on each side.
fn with_heroes(a: &str, b: &str, heroes: [&[(&str, [i64; 2])]; 2]) -> Combat {
    let mut c = combat(a, b);
    for (side, cards) in heroes.into_iter().enumerate() {
        c.heroes[side] = cards
            .iter()
            .map(|&(id, [x, y])| hero_card(id, [Some(x), Some(y)]).unwrap().unwrap())
            .collect();
    }
    c
}

fn solved(c: &Combat) -> CombatResult {
    combat_exact(c, 10_000_000, &Control::NONE).unwrap()
}

#[test]
fn fleeting_vigor_buffs_every_friendly_minion_at_the_start() {
    let vigor = [("BG28_519", [2, 1])];
    let c = with_heroes("1/1,2/3", "3/4,2/2", [&vigor, &[]]);
    assert!(close(
        summary(&solved(&c)),
        summary(&exact("3/2,4/4", "3/4,2/2"))
    ));
    // On side B, and both sides at once, adding up.
    let c = with_heroes("1/1,2/3", "3/4,2/2", [&[], &vigor]);
    assert!(close(
        summary(&solved(&c)),
        summary(&exact("1/1,2/3", "5/5,4/3"))
    ));
    let c = with_heroes(
        "1/1,2/3",
        "3/4,2/2",
        [&vigor, &[("BG28_519", [0, 5]), ("BG28_519", [1, 0])]],
    );
    assert!(close(
        summary(&solved(&c)),
        summary(&exact("3/2,4/4", "4/9,3/7"))
    ));
    assert_monte_carlo_agrees(&c, 3, "Fleeting Vigor");
}

#[test]
fn fleeting_vigor_comes_before_the_minions_start_of_combat() {
    // Boom-in-a-Box deals 3 to every other minion after the buff: the 1/1
    // buffed to 2/4 survives it.
    let vigor = [("BG28_519", [1, 3])];
    let c = with_heroes("Boom-in-a-Box", "1/1", [&[], &vigor]);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in outcomes.unwrap().outcomes {
        assert_eq!(s.lens[1], 1, "{:?}", s.board(1));
        assert_eq!((s.board(1)[0].attack, s.board(1)[0].health), (2, 1));
    }
}

#[test]
fn upper_hand_sets_a_random_enemy_minions_health_to_one() {
    let hand = [("BG28_573", [0, 0])];
    let c = with_heroes("3/3", "2/9,4/6", [&hand, &[]]);
    let first = exact("3/3", "2/1,4/6");
    let second = exact("3/3", "2/9,4/1");
    let mean: Vec<f64> = summary(&first)
        .iter()
        .zip(summary(&second))
        .map(|(a, b)| (a + b) / 2.0)
        .collect();
    assert!(close(summary(&solved(&c)), mean.try_into().unwrap()));
    assert_monte_carlo_agrees(&c, 5, "Upper Hand");
    // Side B's: A's only minion.
    let c = with_heroes("3/3", "2/2", [&[], &hand]);
    assert!(close(summary(&solved(&c)), summary(&exact("3/1", "2/2"))));
}

#[test]
fn cards_acting_outside_the_boards_change_nothing_and_others_are_refused() {
    assert_eq!(hero_card("BG27_Anomaly_575t", [Some(0), Some(0)]), Ok(None));
    let refused = hero_card("TB_Bacon_Secrets_07", [Some(2), Some(2)]).unwrap_err();
    let refused = refused.message();
    assert!(hero_card("BG28_641", [None, None]).unwrap().is_some());
    assert!(
        refused.contains("Autodefense Matrix (TB_Bacon_Secrets_07)"),
        "{refused}"
    );
    let unknown = hero_card("XYZ_1", [None, None]).unwrap_err();
    let unknown = unknown.message();
    assert!(unknown.contains("XYZ_1"), "{unknown}");
    let missing = hero_card("BG28_519", [Some(2), None]).unwrap_err();
    assert_eq!(missing.kind(), crate::error::ErrorKind::InvalidArgument);
    let missing = missing.message();
    assert!(missing.contains("scriptDataNum2 is missing"), "{missing}");
    let negative = hero_card("BG28_519", [Some(-1), Some(0)]).unwrap_err();
    assert_eq!(negative.kind(), crate::error::ErrorKind::Parse);
    let negative = negative.message();
    assert!(negative.contains("scriptDataNum1 is -1"), "{negative}");
    // Too many for a side.
    let mut c = combat("1/1", "1/1");
    c.heroes[0] = vec![hero_card("BG28_573", [None, None]).unwrap().unwrap(); 6];
    assert!(combat_exact(&c, 1000, &Control::NONE).is_err());
}

/// The boards of `s` as "attack/health" lists, keywords as `+p` (poison)
/// and `+r` (reborn).
fn shown(s: &State, side: usize) -> String {
    s.board(side)
        .iter()
        .map(|u| {
            let mut t = format!("{}/{}", u.attack, u.health);
            if u.keywords & crate::hearthstone::model::POISON != 0 {
                t.push_str("+p");
            }
            if u.keywords & crate::hearthstone::model::REBORN != 0 {
                t.push_str("+r");
            }
            t
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn venomstrike_trap_summons_a_cobra_when_a_friendly_minion_is_attacked_once() {
    let trap = [("TB_Bacon_Secrets_01", [0, 0])];
    let c = with_heroes("1/20,1/20", "0/30,0/30", [&[], &trap]);
    let (kinds, start, _) = super::start::start_outcomes(&c, 10, &Control::NONE).unwrap();
    let mut s = start;
    // A's first minion attacks B's first: the Cobra enters at the right
    // end before the blows, and the secret is spent.
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 1), "0/29,0/30,2/3+p");
    assert_ne!(s.spent, 0);
    s.attack(&kinds, 0, 1, 1, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 1), "0/29,0/29,2/3+p");
    // A's own trap hears nothing when A attacks.
    let c = with_heroes("1/20", "0/30", [&trap, &[]]);
    let (kinds, start, _) = super::start::start_outcomes(&c, 10, &Control::NONE).unwrap();
    let mut s = start;
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!((shown(&s, 0), s.spent), ("1/20".to_string(), 0));
}

#[test]
fn venomstrike_trap_waits_for_room_and_the_better_one_gives_reborn() {
    let trap = [("TB_Bacon_Secrets_01", [0, 0])];
    let full = "0/9,0/9,0/9,0/9,0/9,0/9,1/1";
    let c = with_heroes("5/50", full, [&[], &trap]);
    let (kinds, start, _) = super::start::start_outcomes(&c, 10, &Control::NONE).unwrap();
    let mut s = start;
    // Seven minions: no room, the trap waits. The 1/1 dies attacked.
    s.attack(&kinds, 0, 0, 6, &mut crate::rng::Rng::new(1));
    assert_eq!((s.lens[1], s.spent), (6, 0));
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 1), "0/4,0/9,0/9,0/9,0/9,0/9,2/3+p");
    let better = [("TB_Bacon_Secrets_01b", [0, 0])];
    let c = with_heroes("5/50", "0/9", [&[], &better]);
    let (kinds, start, _) = super::start::start_outcomes(&c, 10, &Control::NONE).unwrap();
    let mut s = start;
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 1), "0/4,2/3+p+r");
}

#[test]
fn secrets_agree_across_the_exact_engine_the_plain_tree_and_monte_carlo() {
    let trap = [("TB_Bacon_Secrets_01", [0, 0])];
    let better = [("TB_Bacon_Secrets_01b", [0, 0])];
    let vigor = [("BG28_519", [1, 1]), ("TB_Bacon_Secrets_01", [0, 0])];
    let hand = [("BG28_573", [0, 0])];
    for (i, (a, b, heroes)) in [
        ("3/3,2/4", "4/4,1/3+taunt", [&trap[..], &[][..]]),
        ("3/3,2/4", "4/4,1/3+taunt", [&trap[..], &better[..]]),
        ("6/6+shield", "2/3,2/3,1/1", [&hand[..], &vigor[..]]),
        ("5/5,1/1", "3/6", [&[][..], &better[..]]),
    ]
    .into_iter()
    .enumerate()
    {
        let c = with_heroes(a, b, heroes);
        let r = solved(&c);
        let tree = super::tests::tree_walk(&c);
        for (x, y) in summary(&r).into_iter().zip(tree) {
            assert!(
                (x - y).abs() < 1e-9,
                "case {i}: {:?} vs {tree:?}",
                summary(&r)
            );
        }
        assert_monte_carlo_agrees(&c, 11 + i as u64, &format!("case {i}"));
    }
    // The trap changes the answer: without it the 5/5 always wins; with
    // it the Cobra's poison kills it (a draw) when the 5/5 attacks first.
    assert_eq!(exact("5/5", "1/4").win, 1.0);
    let with = solved(&with_heroes("5/5", "1/4", [&[], &trap]));
    assert!(with.draw > 0.0 && with.win < 1.0, "{with:?}");
}

#[test]
fn toxic_tumbleweed_summons_an_assassin_that_attacks_at_once() {
    let weed = [("BG28_641", [0, 0])];
    // The 1/1 venomous Assassin enters at the right end and attacks: its
    // venom kills the 0/9 (the only target), and it lives, marked as
    // having attacked.
    let c = with_heroes("5/5", "0/9", [&weed, &[]]);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    let outcomes = outcomes.unwrap().outcomes;
    for (s, _) in &outcomes {
        assert_eq!(
            (shown(s, 0), shown(s, 1)),
            ("5/5,1/1".to_string(), String::new())
        );
        assert_eq!(s.board(0)[1].mark, ATTACKED);
    }
    // A taunt draws its attack: its venom kills the 3/30, whose hit back
    // kills it.
    let c = with_heroes("5/5", "2/2,3/30+taunt", [&weed, &[]]);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in outcomes.unwrap().outcomes {
        assert_eq!(
            (shown(&s, 0), shown(&s, 1)),
            ("5/5".to_string(), "2/2".to_string())
        );
    }
    // No room: nothing.
    let full = "1/1,1/1,1/1,1/1,1/1,1/1,1/1";
    let c = with_heroes(full, "1/9", [&weed, &[]]);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in outcomes.unwrap().outcomes {
        assert_eq!((s.lens[0], shown(&s, 1)), (7, "1/9".to_string()));
    }
    let c = with_heroes("3/3,2/2", "2/4,1/1,3/2", [&weed, &weed]);
    let r = solved(&c);
    let tree = super::tests::tree_walk(&c);
    for (x, y) in summary(&r).into_iter().zip(tree) {
        assert!((x - y).abs() < 1e-9, "{:?} vs {tree:?}", summary(&r));
    }
    assert_monte_carlo_agrees(&c, 21, "Toxic Tumbleweed");
}

#[test]
fn pack_tactics_copies_the_minion_attacked_to_its_right() {
    let pack = [("TB_Bacon_Secrets_15", [0, 0])];
    let better = [("TB_Bacon_Secrets_15b", [0, 0])];
    let c = with_heroes("1/20", "4/6+reborn,2/9", [&[], &pack]);
    let (kinds, start, _) = super::start::start_outcomes(&c, 10, &Control::NONE).unwrap();
    let mut s = start;
    // The copy enters before the blows, a 3/3 with the minion's reborn,
    // to its right; the secret is spent.
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 1), "4/5+r,3/3+r,2/9");
    assert_ne!(s.spent, 0);
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 1), "4/4+r,3/3+r,2/9");
    // The better one copies its stats as they are, and its round mark.
    let c = with_heroes("1/20", "4/6,2/9", [&[], &better]);
    let (kinds, start, _) = super::start::start_outcomes(&c, 10, &Control::NONE).unwrap();
    let mut s = start;
    s.boards[1][0].health = 5;
    s.boards[1][0].mark = ATTACKED;
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 1), "4/4,4/5,2/9");
    assert_eq!(s.board(1)[1].mark, ATTACKED);
    // Refused beside a stat aura or a bonus to minions summoned.
    let c = with_heroes("1/20", "Murloc Warleader,2/9", [&[], &better]);
    assert!(combat_exact(&c, 1000, &Control::NONE).is_err());
}

#[test]
fn pack_tactics_agrees_across_the_exact_engine_the_plain_tree_and_monte_carlo() {
    let pack = [("TB_Bacon_Secrets_15", [0, 0])];
    let better = [("TB_Bacon_Secrets_15b", [0, 0])];
    let both = [
        ("TB_Bacon_Secrets_15b", [0, 0]),
        ("TB_Bacon_Secrets_01", [0, 0]),
    ];
    for (i, (a, b, heroes)) in [
        ("3/3,2/4", "4/4,1/3+taunt", [&pack[..], &[][..]]),
        ("3/3,2/4,1/1", "4/4,1/3+taunt", [&better[..], &pack[..]]),
        ("5/5,1/1", "3/6+shield", [&[][..], &both[..]]),
    ]
    .into_iter()
    .enumerate()
    {
        let c = with_heroes(a, b, heroes);
        let r = solved(&c);
        let tree = super::tests::tree_walk(&c);
        for (x, y) in summary(&r).into_iter().zip(tree) {
            assert!(
                (x - y).abs() < 1e-9,
                "case {i}: {:?} vs {tree:?}",
                summary(&r)
            );
        }
        assert_monte_carlo_agrees(&c, 21 + i as u64, &format!("case {i}"));
    }
}

#[test]
fn boon_of_beetles_summons_two_taunt_beetles_when_there_is_room() {
    let boon = [("BG28_603", [0, 0])];
    // Room at the start: both 2/2 Taunt Beetles enter at the right end,
    // none left waiting.
    let c = with_heroes("1/1", "1/9", [&boon, &[]]);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in outcomes.unwrap().outcomes {
        assert_eq!(shown(&s, 0), "1/1,2/2,2/2");
        assert!(
            s.board(0)[1..]
                .iter()
                .all(|u| u.has(crate::hearthstone::model::TAUNT))
        );
        assert_eq!(s.space, [0, 0]);
    }
    // One slot free: one enters, one waits for the next death, then
    // enters at the right end.
    let c = with_heroes("1/1,1/1,1/1,1/1,9/1,1/1", "1/30", [&boon, &[]]);
    let (kinds, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    let mut s = outcomes.unwrap().outcomes[0].0;
    assert_eq!((s.lens[0], s.space), (7, [1, 0]));
    s.turn = 0;
    let mut rng = crate::rng::Rng::new(3);
    // The 9/1 attacks the 1/30 and dies: the waiting Beetle enters.
    s.strikes(&kinds, 0, 4, &mut rng);
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,1/1,2/2,2/2");
    assert_eq!(s.space, [0, 0]);
    // Refused beside Duos teammates.
    let mut c = with_heroes("1/1", "1/9", [&boon, &[]]);
    c.teammates[1] = Some(crate::hearthstone::combat::Teammate {
        board: parse_board("2/2").unwrap(),
        tier: 3,
        ..Default::default()
    });
    let refused = combat_exact(&c, 1000, &Control::NONE).unwrap_err();
    assert!(refused.to_string().contains("Duos"), "{refused}");
    // A full board keeps both waiting until room opens.
    let full = "1/1,1/1,1/1,1/1,1/1,1/1,1/1";
    let c = with_heroes("2/2", full, [&[], &boon]);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in outcomes.unwrap().outcomes {
        assert_eq!((s.lens[1], s.space), (7, [0, 2]));
    }
}

#[test]
fn boom_in_a_box_picks_the_first_attacker_again_after_the_beetles() {
    // Boom-in-a-Box's damage kills A's six 2/2s; the two waiting Beetles
    // enter. Firestone picks the first attacker again after that effect
    // (its deaths and the summons it made room for): A's 3 minions
    // against B's 4, so B attacks first (by the boards as the combat
    // began, 7 against 4, it would be A).
    let boon = [("BG28_603", [0, 0])];
    let c = with_heroes(
        "2/2,2/2,2/2,2/2,2/2,2/2,Boom-in-a-Box",
        "4/6,4/6,4/6,4/6",
        [&boon, &[]],
    );
    let (kinds, start, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    let outcomes = outcomes.unwrap();
    for (s, _) in &outcomes.outcomes {
        assert_eq!(shown(s, 0), "5/10,2/2,2/2");
    }
    for (s, p) in super::start::first_states(&outcomes, &kinds, &start) {
        assert!(p > 0.0);
        assert_eq!(s.turn, 1, "B attacks first");
    }
    // Without the Beetles waiting, the counts after the start of combat
    // pick too: 1 against 4.
    let c = with_heroes(
        "2/2,2/2,2/2,2/2,2/2,2/2,Boom-in-a-Box",
        "4/6,4/6,4/6,4/6",
        [&[], &[]],
    );
    let (kinds, start, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in super::start::first_states(&outcomes.unwrap(), &kinds, &start) {
        assert_eq!(s.turn, 1);
    }
}

#[test]
fn sharptooth_snappers_start_keeps_the_boards_as_the_combat_began() {
    // Golden Snapper's two Piranhas enter at the start of combat through
    // the summon-when-space step and attack at once; Firestone does not
    // pick the first attacker again after that step: A's 2 minions as the
    // combat began against B's 3, so B attacks first (by the boards after
    // the start, 4 against 3, it would be A).
    let c = with_heroes(
        "golden Sharptooth Snapper=6/6,2/4",
        "0/7+taunt,3/3,2/5",
        [&[], &[]],
    );
    let (kinds, start, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    let outcomes = outcomes.unwrap();
    for (s, p) in super::start::first_states(&outcomes, &kinds, &start) {
        assert!(p > 0.0);
        assert_eq!(s.board(0).len(), 4);
        assert_eq!(s.turn, 1, "B attacks first");
    }
}

#[test]
fn boon_of_beetles_agrees_across_the_exact_engine_the_plain_tree_and_monte_carlo() {
    let boon = [("BG28_603", [0, 0])];
    for (i, (a, b, heroes)) in [
        ("3/4,3/4", "2/5,2/5,2/5", [&boon[..], &[][..]]),
        (
            "2/2,2/2,2/2,2/2,2/2,2/2,2/2",
            "4/6,3/9",
            [&boon[..], &[][..]],
        ),
        (
            "3/3,3/3,3/3,3/3,3/3,3/3",
            "4/5,4/5,4/5,4/5,4/5",
            [&boon[..], &boon[..]],
        ),
        (
            "Harmless Bonehead,3/3,3/3,3/3,3/3,3/3,3/3",
            "Harmless Bonehead,5/4,4/5",
            [&boon[..], &boon[..]],
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let c = with_heroes(a, b, heroes);
        let r = solved(&c);
        let tree = super::tests::tree_walk(&c);
        for (x, y) in summary(&r).into_iter().zip(tree) {
            assert!(
                (x - y).abs() < 1e-9,
                "case {i}: {:?} vs {tree:?}",
                summary(&r)
            );
        }
        assert_monte_carlo_agrees(&c, 31 + i as u64, &format!("Boon of Beetles case {i}"));
    }
}

/// The combat of boards `a` and `b` with Wingmen (the hero power, as the
/// game state reader makes it) on the sides of `sides`.
fn with_wingmen(a: &str, b: &str, sides: [bool; 2]) -> Combat {
    let mut c = combat(a, b);
    let wingmen = crate::hearthstone::model::HeroCard {
        id: "TB_BaconShop_HP_069",
        name: "Wingmen",
        effect: crate::hearthstone::model::Effect {
            trigger: crate::hearthstone::model::Trigger::StartOfCombat,
            action: crate::hearthstone::model::Action::FlanksAttack {
                attack: 2,
                health: 1,
            },
        },
        ..Default::default()
    };
    for (heroes, has) in c.heroes.iter_mut().zip(sides) {
        if has {
            heroes.push(wingmen);
        }
    }
    c
}

/// By hand: the plain tree over the boards the start of combat leaves,
/// each (A, B, the side attacking first, probability).
fn after_start_by_hand(cases: &[(&str, &str, u8, f64)]) -> [f64; 5] {
    let mut out = [0.0; 5];
    for &(a, b, turn, p) in cases {
        let (a, b) = (
            crate::hearthstone::combat::parse_board(a).unwrap(),
            crate::hearthstone::combat::parse_board(b).unwrap(),
        );
        let (s, kinds) = State::new(&a, &b, turn);
        let r = super::tests::tree_walk_from(&kinds, [1, 1], &[(s, 1.0)]);
        for k in 0..5 {
            out[k] += p * r[k];
        }
    }
    out
}

fn assert_close(x: [f64; 5], y: [f64; 5], what: &str) {
    for (a, b) in x.into_iter().zip(y) {
        assert!((a - b).abs() < 1e-9, "{what}: {x:?} vs {y:?}");
    }
}

#[test]
fn wingmen_buff_the_flanks_which_attack_then_the_other_side_attacks_first() {
    // The 1/5 and the 2/2 gain +2/+1 (3/6, 4/3); the 3/6 hits the 4/10
    // (3/2 left, 4/7), the 4/3 hits it (dies, 4/3 left). B attacks first
    // though A has more minions; the middle 3/3 is untouched.
    let c = with_wingmen("1/5,3/3,2/2", "4/10", [true, false]);
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in &outcomes.unwrap().outcomes {
        assert_eq!((shown(s, 0), shown(s, 1)), ("3/2,3/3".into(), "4/3".into()));
        assert!(s.board(0).iter().all(|u| u.mark == UNMARKED));
        assert_eq!(s.forced_turn(), Some(1));
    }
    let by_hand = after_start_by_hand(&[("3/2,3/3", "4/3", 1, 1.0)]);
    assert_close(summary(&solved(&c)), by_hand, "forced turn");
    assert_monte_carlo_agrees(&c, 31, "Wingmen");
}

#[test]
fn wingmen_of_one_minion_attack_once_at_a_random_target() {
    // The 1/5 is both flanks: 3/6, one attack at either enemy.
    let c = with_wingmen("1/5", "2/2,2/8", [true, false]);
    let by_hand = after_start_by_hand(&[("3/4", "2/8", 1, 0.5), ("3/4", "2/2,2/5", 1, 0.5)]);
    assert_close(summary(&solved(&c)), by_hand, "one minion");
    assert_close(summary(&solved(&c)), super::tests::tree_walk(&c), "tree");
    assert_monte_carlo_agrees(&c, 32, "Wingmen of one");
    // Two flanks, both attack: the 4/2 then the 3/2 hit the 0/20.
    let c = with_wingmen("2/1,1/1", "0/20", [true, false]);
    let by_hand = after_start_by_hand(&[("4/2,3/2", "0/13", 1, 1.0)]);
    assert_close(summary(&solved(&c)), by_hand, "two attacks");
}

#[test]
fn wingmen_on_both_sides_a_coin_says_who_goes_first_and_the_last_sets_the_turn() {
    // A first: 5/4 hits 2/9 (5/2, 2/4); B's 4/5 hits it: both die, a draw.
    // B first: 4/10 kills the 3/3 (4/7 left); A has no minion: B wins.
    let c = with_wingmen("3/3", "2/9", [true, true]);
    let r = solved(&c);
    assert!(
        (r.draw - 0.5).abs() < 1e-12 && (r.loss - 0.5).abs() < 1e-12,
        "{r:?}"
    );
    assert_close(summary(&r), super::tests::tree_walk(&c), "tree");
    // With more minions each: each side's flanks, then the turn is the
    // other side's of the one that went last.
    let c = with_wingmen("3/3,1/4+taunt,2/2", "2/9,3/1+windfury", [true, true]);
    assert_close(summary(&solved(&c)), super::tests::tree_walk(&c), "tree");
    assert_monte_carlo_agrees(&c, 33, "Wingmen on both sides");
    // Beside a secret: Wingmen first, then the secret (its own coin).
    let mut c = with_wingmen("3/3,2/4", "4/4,1/3+taunt", [true, false]);
    c.heroes[1].push(
        hero_card("TB_Bacon_Secrets_01", [Some(0), Some(0)])
            .unwrap()
            .unwrap(),
    );
    assert_close(
        summary(&solved(&c)),
        super::tests::tree_walk(&c),
        "tree with a secret",
    );
    assert_monte_carlo_agrees(&c, 34, "Wingmen and a secret");
}

#[test]
fn wingmen_are_refused_where_not_modelled() {
    // Beside summons waiting for room (Boon of Beetles).
    let mut c = with_wingmen("3/3", "2/9", [true, false]);
    c.heroes[1].push(hero_card("BG28_603", [Some(0), Some(0)]).unwrap().unwrap());
    let e = combat_exact(&c, 1000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Wingmen"), "{e}");
    assert!(combat_monte_carlo(&c, 10, 1, 1, &Control::NONE).is_err());
}

/// Ozumat's Tentacular of `size` as the game state reader makes it.
fn tentacular(size: u16) -> crate::hearthstone::model::HeroCard {
    let mut token = crate::hearthstone::cards::enchantment_token("BG23_HERO_201pt").unwrap();
    (token.attack, token.health) = (size, size);
    crate::hearthstone::model::HeroCard {
        id: "BG23_HERO_201p",
        name: "Tentacular",
        effect: crate::hearthstone::model::Effect {
            trigger: crate::hearthstone::model::Trigger::StartOfCombat,
            action: crate::hearthstone::model::Action::Summon { count: 1 },
        },
        token,
        when_space: true,
        pre_combat: true,
        ..Default::default()
    }
}

#[test]
fn tentacular_summons_a_taunt_tentacle_of_its_size_first_and_recounts_the_first_attacker() {
    // The 5/5 Taunt Tentacle enters at the right end before any other
    // start of combat; then 2 minions a side: a coin for the first
    // attacker (counted after the start of combat, unlike Boon of
    // Beetles' combats).
    let mut c = combat("3/3", "2/2,2/6");
    c.heroes[0].push(tentacular(5));
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in &outcomes.unwrap().outcomes {
        assert_eq!(shown(s, 0), "3/3,5/5");
        assert_ne!(s.board(0)[1].keywords & crate::hearthstone::model::TAUNT, 0);
    }
    let by_hand = after_start_by_hand(&[
        ("3/3,5/5+taunt", "2/2,2/6", 0, 0.5),
        ("3/3,5/5+taunt", "2/2,2/6", 1, 0.5),
    ]);
    assert_close(summary(&solved(&c)), by_hand, "Tentacular");
    assert_monte_carlo_agrees(&c, 41, "Tentacular");
    // Before a secret's start of combat: Fleeting Vigor buffs it too.
    c.heroes[0].push(hero_card("BG28_519", [Some(1), Some(2)]).unwrap().unwrap());
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in &outcomes.unwrap().outcomes {
        assert_eq!(shown(s, 0), "4/5,6/7");
    }
}

#[test]
fn tentacular_waits_for_room_on_a_full_board() {
    let full = "1/1,1/1,1/1,1/1,1/1,1/1,1/1";
    let mut c = combat(full, "1/9,2/2");
    c.heroes[0].push(tentacular(3));
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in &outcomes.unwrap().outcomes {
        assert_eq!((s.lens[0], s.space[0]), (7, 1));
    }
    let r = solved(&c);
    assert_close(summary(&r), super::tests::tree_walk(&c), "tree");
    assert_monte_carlo_agrees(&c, 42, "Tentacular waiting");
    // On both sides, and beside Boon of Beetles on the other.
    let mut c = combat("3/3,2/2", "4/4,1/1+shield");
    c.heroes[0].push(tentacular(2));
    c.heroes[1].push(tentacular(4));
    assert_close(summary(&solved(&c)), super::tests::tree_walk(&c), "both");
    assert_monte_carlo_agrees(&c, 43, "Tentacular on both sides");
    let mut c = combat("3/3,2/2", "4/4,1/1");
    c.heroes[0].push(tentacular(2));
    c.heroes[1].push(hero_card("BG28_603", [Some(0), Some(0)]).unwrap().unwrap());
    assert_close(
        summary(&solved(&c)),
        super::tests::tree_walk(&c),
        "beside Boon",
    );
    assert_monte_carlo_agrees(&c, 44, "Tentacular beside Boon");
    // Beside Boon on its own side: refused (one count a side).
    let mut c = combat("3/3", "4/4");
    c.heroes[0].push(tentacular(2));
    c.heroes[0].push(hero_card("BG28_603", [Some(0), Some(0)]).unwrap().unwrap());
    let e = combat_exact(&c, 1000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Tentacular"), "{e}");
}

/// Teron Gorefiend's Rapid Reanimation used on the minion at `slot`, as
/// the game state reader makes it.
fn rapid_reanimation(slot: u8) -> crate::hearthstone::model::HeroCard {
    use crate::hearthstone::model::{Action, Effect, HeroCard, Target, Trigger};
    HeroCard {
        id: "BG25_HERO_103p",
        name: "Rapid Reanimation",
        effect: Effect {
            trigger: Trigger::StartOfCombat,
            action: Action::Destroy {
                target: Target::Chosen { slot },
            },
        },
        when_space: true,
        pre_combat: true,
        resummons: true,
        ..Default::default()
    }
}

#[test]
fn rapid_reanimation_destroys_the_chosen_minion_and_resummons_it_where_it_stood() {
    // The damaged 3/2 (slot 1) dies and its copy enters in its place:
    // the same board, nothing else happens before the fight.
    let mut c = combat("1/1,3/2,2/2", "2/5,1/1");
    c.heroes[0].push(rapid_reanimation(1));
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in &outcomes.unwrap().outcomes {
        assert_eq!((shown(s, 0), s.space[0]), ("1/1,3/2,2/2".into(), 0));
    }
    assert_close(
        summary(&solved(&c)),
        summary(&exact("1/1,3/2,2/2", "2/5,1/1")),
        "plain",
    );
    // Its deathrattle runs first: the Skeletons take its slot, the copy
    // enters right of them (its slot counted from the right end), with
    // its deathrattle again; 5 minions to 2: A attacks first.
    let mut c = combat("1/1,Harmless Bonehead=1/3,2/2", "2/5,1/1");
    c.heroes[0].push(rapid_reanimation(1));
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in &outcomes.unwrap().outcomes {
        assert_eq!(shown(s, 0), "1/1,1/1,1/1,1/3,2/2");
    }
    let by_hand =
        after_start_by_hand(&[("1/1,1/1,1/1,Harmless Bonehead=1/3,2/2", "2/5,1/1", 0, 1.0)]);
    assert_close(summary(&solved(&c)), by_hand, "Bonehead");
    assert_close(summary(&solved(&c)), super::tests::tree_walk(&c), "tree");
    assert_monte_carlo_agrees(&c, 51, "Rapid Reanimation");
    // On side B, the right-most minion, with reborn: it comes back, and
    // its copy (reborn too) enters at the right end.
    let mut c = combat("4/4,3/3", "2/2,1/3+reborn");
    c.heroes[1].push(rapid_reanimation(1));
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in &outcomes.unwrap().outcomes {
        assert_eq!(shown(s, 1), "2/2,1/1,1/3+r");
    }
    assert_close(summary(&solved(&c)), super::tests::tree_walk(&c), "reborn");
    assert_monte_carlo_agrees(&c, 52, "Rapid Reanimation on B");
}

#[test]
fn rapid_reanimations_copy_waits_for_room_on_a_full_board() {
    // Seven minions: the Bonehead's two Skeletons fill its slot and the
    // board (one enters), the copy waits and enters once a minion died,
    // second from the right (its slot counted from the right end).
    let full = "1/1,1/1,1/1,1/1,1/1,Harmless Bonehead,1/1";
    let mut c = combat(full, "1/9,2/2");
    c.heroes[0].push(rapid_reanimation(5));
    let (_, _, outcomes) = super::start::start_outcomes(&c, 100, &Control::NONE).unwrap();
    for (s, _) in &outcomes.unwrap().outcomes {
        assert_eq!((s.lens[0], s.space[0]), (7, 1));
    }
    assert_close(summary(&solved(&c)), super::tests::tree_walk(&c), "tree");
    assert_monte_carlo_agrees(&c, 53, "Rapid Reanimation waiting");
    // Beside Tentacular on the other side (each side's pre-combat power
    // in a random order).
    let mut c = combat("3/3,Harmless Bonehead", "4/4,1/1+shield");
    c.heroes[0].push(rapid_reanimation(1));
    c.heroes[1].push(tentacular(2));
    assert_close(
        summary(&solved(&c)),
        super::tests::tree_walk(&c),
        "Tentacular",
    );
    assert_monte_carlo_agrees(&c, 54, "Rapid Reanimation beside Tentacular");
}

#[test]
fn rapid_reanimation_is_refused_where_not_modelled() {
    // Two in one combat (the second copy would be taken after the first
    // one's deaths).
    let mut c = combat("3/3,2/2", "4/4,1/1");
    c.heroes[0].push(rapid_reanimation(0));
    c.heroes[1].push(rapid_reanimation(1));
    let e = combat_exact(&c, 1000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Rapid Reanimation"), "{e}");
    // Beside a stat aura (the copy carries it already).
    let mut c = combat("3/3,Murloc Warleader", "4/4,1/1");
    c.heroes[0].push(rapid_reanimation(0));
    let e = combat_exact(&c, 1000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Rapid Reanimation"), "{e}");
    assert!(combat_monte_carlo(&c, 10, 1, 1, &Control::NONE).is_err());
}
