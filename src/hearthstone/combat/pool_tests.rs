//! Random summons from the card pool (`pool.rs`): the pool rule, the
//! exact engine against the plain probability tree and against the
//! average of the combats each drawn card leaves, Monte Carlo against
//! the exact engine, and the refusals.

use super::pool::pool_cards;
use super::tests::{assert_monte_carlo_agrees, combat, summary, tree_walk};
use super::*;
use crate::budget::Control;
use crate::hearthstone::cards;
use crate::hearthstone::model::{Action, Pool, TRIBE_BEAST, Trigger};

/// The random summon a card's effect table row reads.
fn summon_of(id: &str) -> (Pool, u8, u16, u16) {
    let card = cards::by_id(id).unwrap();
    let m = cards::minion_of(card).unwrap();
    m.effects
        .iter()
        .find_map(|e| match (e.trigger, e.action) {
            (
                Trigger::Deathrattle,
                Action::SummonRandom {
                    pool,
                    count,
                    attack,
                    health,
                },
            ) => Some((pool, count, attack, health)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{id} reads no random summon: {:?}", m.effects))
}

#[test]
fn the_cards_read_their_pools() {
    let (raptor, count, attack, health) = summon_of("BG25_806");
    assert_eq!(
        (raptor.tribes, raptor.tiers, count, attack, health),
        (TRIBE_BEAST, 0, 1, 6, 6)
    );
    assert!(raptor.not_own && !raptor.golden && !raptor.per_tier);
    assert_eq!(summon_of("BG25_806_G").2, 12);
    // Indomitable Mount is refused (its odds are off Firestone's).
    assert!(cards::minion_of(cards::by_id("BG30_105").unwrap()).is_err());
    let (coiler, count, ..) = summon_of("BGS_008");
    assert_eq!((coiler.tribes, coiler.tiers, count), (0, 0x7f, 2));
    assert_eq!(coiler.triggers, cards::TRIGGER_DEATHRATTLE);
    assert_eq!(summon_of("TB_BaconUps_057").1, 4);
}

/// Firestone's pools: the pool's normal cards of the tribe (All minions
/// too), up to the side's tier, never the summoner's own card; the
/// Deathrattle pool of every tier but the summoner.
#[test]
fn pools_follow_firestones_rule() {
    let (raptor, ..) = summon_of("BG25_806");
    let own = cards::by_id("BG25_806").unwrap().dbf;
    for tier in 1..=7u8 {
        let got: Vec<u32> = pool_cards(&raptor, own, tier)
            .iter()
            .map(|c| c.dbf)
            .collect();
        let want: Vec<u32> = cards::all()
            .iter()
            .filter(|c| c.pool && c.tribes & TRIBE_BEAST != 0 && c.tier <= tier && c.dbf != own)
            .map(|c| c.dbf)
            .collect();
        assert_eq!(got, want, "tier {tier}");
        assert!(got.iter().all(|&d| !cards::by_dbf(d).unwrap().is_golden()));
    }
    let (coiler, ..) = summon_of("BGS_008");
    let own = cards::by_id("BGS_008").unwrap().dbf;
    let pool = pool_cards(&coiler, own, 1);
    assert!(
        pool.iter()
            .all(|c| c.triggers & cards::TRIGGER_DEATHRATTLE != 0 && c.dbf != own)
    );
    assert!(
        pool.iter().any(|c| c.tier == 6),
        "every tier, whatever the side's"
    );
}

/// Sly Raptor (0/1 here, so it dies dealing nothing) against a 5/20: its
/// Beast enters with 6/6 and fights on; whoever attacked first, the other
/// side attacks next, so the combat is the average over the pool of the
/// drawn Beast alone against the 5/20, each side first with 1/2.
#[test]
fn exact_equals_the_average_over_the_pool_and_the_plain_tree() {
    let mut tested = 0;
    for tier in 1..=4u32 {
        let (raptor, ..) = summon_of("BG25_806");
        let own = cards::by_id("BG25_806").unwrap().dbf;
        let pool = pool_cards(&raptor, own, tier as u8);
        // A drawn card's start of combat would fire in the combat of the
        // average, not once summoned.
        let starts = |card: &&cards::CardDef| {
            let m = cards::minion_of(card).unwrap();
            m.effects
                .iter()
                .any(|e| e.trigger == Trigger::StartOfCombat)
        };
        if pool.iter().any(starts) {
            continue;
        }
        tested += 1;
        let mut c = combat("Sly Raptor=0/1", "5/20");
        c.tiers = [tier, 1];
        let r = combat_exact(&c, 5_000_000, &Control::NONE).unwrap();
        let tree = tree_walk(&c);
        for (x, y) in summary(&r).into_iter().zip(tree) {
            assert!((x - y).abs() < 1e-9, "tier {tier}: {r:?} vs tree {tree:?}");
        }
        assert!(pool.len() >= 2, "tier {tier}: a real choice");
        let mut average = [0.0; 5];
        for card in &pool {
            let mut m = cards::minion_of(card).unwrap();
            m.attack = 6;
            m.health = 6;
            let mut alone = c.clone();
            alone.a = vec![m];
            let one = combat_exact(&alone, 5_000_000, &Control::NONE).unwrap();
            for (sum, x) in average.iter_mut().zip(summary(&one)) {
                *sum += x / pool.len() as f64;
            }
        }
        // The raptor itself (tier 3) no longer stands: the damage is the
        // Beast's alone, as in each combat of the average.
        for (x, y) in summary(&r).into_iter().zip(average) {
            assert!(
                (x - y).abs() < 1e-9,
                "tier {tier}: {:?} vs {average:?}",
                summary(&r)
            );
        }
    }
    assert!(tested >= 1, "no tier without a start of combat in its pool");
}

/// A Sly Raptor whose deathrattle draws one Beast of each of tiers 2, 3
/// and 4 (golden: their golden cards), as Firestone's Indomitable Mount.
fn per_tier_summoner(golden: bool) -> Minion {
    let mut m = cards::minion_of(cards::by_id("BG25_806").unwrap()).unwrap();
    m.effects[0].action = Action::SummonRandom {
        pool: Pool {
            tribes: TRIBE_BEAST,
            tiers: 0b1110,
            per_tier: true,
            golden,
            not_own: true,
            ..Pool::default()
        },
        count: 1,
        attack: 0,
        health: 0,
    };
    m
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let mut c = combat("Sly Raptor", "7/7,4/6+taunt,3/3");
    c.a.insert(0, per_tier_summoner(false));
    c.tiers = [3, 3];
    assert_monte_carlo_agrees(&c, 53, "per tier and raptor");
    let mut c = combat("Sly Raptor=1/1", "12/12,5/5+shield");
    c.a.push(per_tier_summoner(true));
    c.tiers = [4, 4];
    assert_monte_carlo_agrees(&c, 54, "golden per tier");
    let mut c = combat("Sly Raptor=0/1,Sly Raptor=0/1", "4/12,3/3");
    c.tiers = [2, 2];
    let r = combat_exact(&c, 5_000_000, &Control::NONE).unwrap();
    let tree = tree_walk(&c);
    for (x, y) in summary(&r).into_iter().zip(tree) {
        assert!((x - y).abs() < 1e-9, "two raptors: {r:?} vs tree {tree:?}");
    }
}

/// A pool that holds a card the engine does not model is refused, naming
/// the card, with the summoner as the culprit (never a silent guess).
#[test]
fn a_pool_with_an_unmodelled_card_is_refused() {
    let c = combat("Ghastcoiler", "3/3");
    let e = combat_exact(&c, 1_000_000, &Control::NONE).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("summons at random from a pool that holds"),
        "{text}"
    );
    assert_eq!(e.culprit(), Some("Ghastcoiler"), "{text}");
    // Ghastcoiler (tier 5) joins the Beasts of a tier-5 side, and its own
    // pool is refused with it.
    let mut c = combat("Sly Raptor", "3/3");
    c.tiers = [5, 1];
    let e = combat_exact(&c, 1_000_000, &Control::NONE).unwrap_err();
    assert!(
        e.to_string().contains("Ghastcoiler summons at random"),
        "{e}"
    );
    assert_eq!(e.culprit(), Some("Sly Raptor"), "the board's minion: {e}");
    c.tiers = [4, 1];
    let r = combat_exact(&c, 1_000_000, &Control::NONE);
    assert!(r.is_ok(), "{r:?}");
}
