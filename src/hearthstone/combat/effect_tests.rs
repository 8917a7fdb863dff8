//! Card effects in combat: against boards with the effect applied by hand,
//! hand-counted combats, the plain probability tree and Monte Carlo.

use super::tests::{assert_monte_carlo_agrees, combat, exact, summary, tree_walk};
use super::*;
use proptest::prelude::*;

fn close(x: [f64; 5], y: [f64; 5]) -> bool {
    x.iter().zip(y).all(|(a, b)| (a - b).abs() < 1e-12)
}

#[test]
fn start_of_combat_buffs_are_the_buffed_board() {
    // Electric Synthesizer gives the other dragon +1/+1.
    let with_effect = exact("Electric Synthesizer,Doting Dracthyr", "5/5,2/3");
    let by_hand = exact("3/4@2,5/4@3", "5/5,2/3");
    assert!(close(summary(&with_effect), summary(&by_hand)));
    // Amber Guardian: one of the two other dragons at random.
    let amber = exact(
        "Amber Guardian,Doting Dracthyr,Tarecgosa",
        "4/4,4/4,3/3+taunt",
    );
    let one = exact("3/2+taunt@3,6/5+shield@3,4/4@2", "4/4,4/4,3/3+taunt");
    let other = exact("3/2+taunt@3,4/3@3,6/6+shield@2", "4/4,4/4,3/3+taunt");
    let mean: Vec<f64> = summary(&one)
        .iter()
        .zip(summary(&other))
        .map(|(a, b)| (a + b) / 2.0)
        .collect();
    assert!(close(summary(&amber), mean.try_into().unwrap()));
}

#[test]
fn boom_in_a_box_damages_every_other_minion_before_the_first_attack() {
    // The 3/3 dies, the 2/2 loses its shield, the 4/8 is at 5; then B
    // has more minions and attacks first.
    let boom = exact("Boom-in-a-Box", "3/3,2/2+shield,4/8");
    let by_hand = exact("5/10+taunt@4", "2/2,4/5");
    assert!(close(summary(&boom), summary(&by_hand)));
    // Golden: twice, the second after the first's deaths (the 2/2 dies).
    let golden = exact("golden Boom-in-a-Box", "3/3,2/2+shield,4/8");
    let by_hand = exact("10/20+taunt@4", "4/2");
    assert!(close(summary(&golden), summary(&by_hand)));
}

#[test]
fn effect_damage_carries_the_sources_poison_and_venom() {
    // Poison: every unshielded minion damaged dies.
    let poison = exact("Boom-in-a-Box+poison", "3/8,2/9+shield,4/12");
    let by_hand = exact("5/10+taunt+poison@4", "2/9");
    assert!(close(summary(&poison), summary(&by_hand)));
    // Venom: the first minion damaged, its own board or the other first
    // at random. Own board first: the 2/20 dies, the 3/8 is at 5; the
    // other first: the 3/8 dies and A has won before any attack.
    let venom = exact("Boom-in-a-Box+venom,2/20", "3/8");
    let own_first = exact("5/10+taunt@4", "3/5");
    assert!((venom.win - (0.5 * own_first.win + 0.5)).abs() < 1e-12);
    assert!((venom.draw - 0.5 * own_first.draw).abs() < 1e-12);
    assert!((venom.loss - 0.5 * own_first.loss).abs() < 1e-12);
}

#[test]
fn rally_buffs_before_the_damage() {
    // Counted by hand: A first, Glim hits for 3, then 5 and wins; B
    // first, both die on Glim's second attack (3 then 5 damage, 1 back
    // each time).
    let r = exact("Glim Guardian", "1/9");
    assert!((r.win - 0.5).abs() < 1e-12 && (r.draw - 0.5).abs() < 1e-12);
    // Without the rally the 1/4 loses.
    assert_eq!(exact("1/4", "1/9").loss, 1.0);
}

#[test]
fn friendly_attacks_trigger_for_the_named_tribe() {
    // Roaring Recruiter gives an attacking dragon +3/+1; an attacking
    // non-dragon gets nothing, and neither does the Recruiter itself.
    let dragon = exact("Roaring Recruiter=0/8,Doting Dracthyr=1/1", "0/4");
    // The 1/1 dragon attacks as 4/2: one hit kills the 0/4.
    assert_eq!(dragon.win, 1.0);
    let plain = exact("Roaring Recruiter=0/8,1/1", "0/4");
    // The 1/1 needs four attacks; the 0/4 never hurts: a win still, in
    // more states.
    assert_eq!(plain.win, 1.0);
    assert!(plain.states > dragon.states);
}

/// Small boards of effect cards and the minions their effects name.
fn arb_card() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "Glim Guardian",
        "Wolf Pup=2/3",
        "Roaring Recruiter=1/3",
        "Cage Gnawer=2/3",
        "Bile Spitter=1/3",
        "golden Bile Spitter=1/2",
        "Electric Synthesizer",
        "Amber Guardian",
        "golden Amber Guardian=2/2",
        "Boom-in-a-Box=2/4",
        "Doting Dracthyr",
        "Tarecgosa=2/2",
        "Lurking Lionfish",
        "Sprightly Scarab",
        "Tad",
        "Harmless Bonehead",
        "2/2+shield",
        "3/1+reborn",
    ])
    .prop_map(str::to_string)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The memo, the full keys and the ordering by turns give what the
    /// plain tree gives.
    #[test]
    fn effect_boards_equal_the_plain_tree(a in prop::collection::vec(arb_card(), 1..=2), b in prop::collection::vec(arb_card(), 1..=2)) {
        let c = combat(&a.join(","), &b.join(","));
        let tree = tree_walk(&c);
        let r = combat_exact(&c, 2_000_000, &Control::NONE).unwrap();
        prop_assert!(close(summary(&r), tree), "{:?} vs tree {:?}", summary(&r), tree);
        prop_assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-12);
    }
}

#[test]
fn monte_carlo_agrees_on_random_effect_boards() {
    let cards = [
        "Glim Guardian",
        "Wolf Pup",
        "Roaring Recruiter",
        "Cage Gnawer",
        "Bile Spitter",
        "Electric Synthesizer",
        "Amber Guardian",
        "Boom-in-a-Box",
        "Doting Dracthyr",
        "Tarecgosa",
        "Lurking Lionfish",
        "Tad",
        "Harmless Bonehead",
        "3/3+shield",
    ];
    let mut rng = crate::rng::Rng::new(18);
    for case in 0..40 {
        let mut board = || {
            (0..1 + rng.below(3))
                .map(|_| cards[rng.below(cards.len() as u32) as usize])
                .collect::<Vec<_>>()
                .join(",")
        };
        let (a, b) = (board(), board());
        assert_monte_carlo_agrees(&combat(&a, &b), case, &format!("case {case} {a} vs {b}"));
    }
}

#[test]
fn the_odometer_enumerates_every_sequence_once() {
    use effect::{Chooser, Odometer};
    // Two picks of 3, then one of 2 only after a first pick of 0.
    let mut odometer = Odometer::new();
    let mut seen = Vec::new();
    let mut total = 0.0;
    loop {
        odometer.rewind();
        let first = odometer.pick(3);
        let second = odometer.pick(3);
        let third = if first == 0 { odometer.pick(2) } else { 9 };
        seen.push((first, second, third));
        total += odometer.probability();
        if !odometer.advance() {
            break;
        }
    }
    assert_eq!(seen.len(), 6 + 2 * 3);
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 12);
    assert!((total - 1.0).abs() < 1e-12);
}
