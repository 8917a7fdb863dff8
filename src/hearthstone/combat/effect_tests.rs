//! Card effects in combat: against boards with the effect applied by hand,
//! hand-counted combats, the plain probability tree and Monte Carlo.

use super::start::*;
use super::tests::{assert_monte_carlo_agrees, combat, exact, exact_split, summary, tree_walk};
use super::*;
use crate::budget::Control;
use crate::hearthstone::model;
use proptest::prelude::*;

/// Answers every random choice with the first option.
struct First;

impl Chooser for First {
    fn pick(&mut self, _: u32) -> u32 {
        0
    }
}

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
fn start_of_combat_gifts_reach_the_left_most_minions_of_a_tribe() {
    // The golden Paper Drake gives its two left-most Dragons (itself and
    // the other Drake) +1/+2 and windfury, the plain one its left-most
    // (the golden); the 4/4 is no Dragon.
    let b = "5/9,4/4,3/3";
    let drakes = exact(
        "4/4,golden Thousandth Paper Drake,Thousandth Paper Drake",
        b,
    );
    let by_hand = exact("4/4,6/10+windfury@2,3/5+windfury@2", b);
    assert!(close(summary(&drakes), summary(&by_hand)));
    // The Screecher is its own left-most Beast; the golden takes two.
    let screechers = exact(
        "2/2,golden Lightfeather Screecher,Lightfeather Screecher",
        b,
    );
    let by_hand = exact(
        "2/2,12/12+taunt+shield+windfury@5,6/6+taunt+shield+windfury@5",
        b,
    );
    assert!(close(summary(&screechers), summary(&by_hand)));
}

#[test]
fn valiant_tiger_gives_the_right_most_beast_its_deathrattle_gift() {
    // The Tiger dies attacking; the right-most Beast (the Screecher, not
    // the 3/3 to its right) gains +5/+5, the golden's +10/+10.
    let s = after_attack(
        "Valiant Tiger=1/1,Lightfeather Screecher=2/2,3/3",
        "5/5",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "7/7+t,3/3");
    let s = after_attack(
        "golden Valiant Tiger=1/1,Lightfeather Screecher=2/2,3/3",
        "5/5",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "12/12+t,3/3");
    // No Beast left: nothing.
    let s = after_attack("Valiant Tiger=1/1,3/3", "5/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/3");
    assert_exact_is_the_tree(&[
        ("Valiant Tiger=2/1,Lightfeather Screecher=1/1", "3/2,2/2"),
        (
            "golden Thousandth Paper Drake=1/1,Valiant Tiger=1/1",
            "3/3,1/2",
        ),
    ]);
    let c = combat(
        "Valiant Tiger,Lightfeather Screecher,golden Thousandth Paper Drake",
        "6/6,3/5,2/2+shield",
    );
    assert_monte_carlo_agrees(&c, 83, "ends of the board");
}

#[test]
fn niuzao_strikes_an_enemy_other_than_its_target_as_it_attacks() {
    // The rally kills the 5/5 (the only other enemy) before the attack
    // lands on the 10/10.
    let s = after_attack("Niuzao=7/20", "10/10,5/5", 0, 0, 0);
    assert_eq!(shown(&s, 1), "10/3");
    assert_eq!(shown(&s, 0), "7/10");
    // The golden's two shots are drawn afresh: both may hit one minion.
    let s = after_attack("golden Niuzao=3/20", "10/10,5/5,4/4", 0, 0, 0);
    assert_eq!(shown(&s, 1), "10/7,4/4");
    // A poisoned minion stays on the board until the death phase, so the
    // second shot may be spent on it (Firestone draws from the board).
    let s = after_attack("golden Niuzao=1/20+poison", "10/10,5/5,4/4", 0, 0, 0);
    assert_eq!(shown(&s, 1), "4/4");
    // No other enemy: nothing.
    let s = after_attack("Niuzao=7/20", "10/10", 0, 0, 0);
    assert_eq!(shown(&s, 1), "10/3");
    assert_exact_is_the_tree(&[
        ("Niuzao=2/3", "3/2,1/2,2/1"),
        ("golden Niuzao=1/4", "2/3+shield,1/1,1/2"),
        ("golden Niuzao=1/4+poison", "2/3,1/1,1/2"),
    ]);
    let c = combat("golden Niuzao,Niuzao", "6/6,3/5,2/2+shield,4/4");
    assert_monte_carlo_agrees(&c, 89, "Niuzao");
}

#[test]
fn gleaming_trader_gives_every_friendly_minion_attack_after_a_shield_breaks() {
    // The 2/2's shield breaks: every friendly minion has +3 attack, the
    // Trader too; the golden gives +6.
    let s = after_attack("2/2+shield,BG33_805=3/8", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "5/2,6/8+s");
    let s = after_attack("2/2+shield,BG33_805_G=6/16", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "8/2,12/16+s");
    // The gain is heard (Whelp Smuggler gives the Dragon +1 health); a
    // minion entering later takes the bonus raw, unheard (Firestone's
    // hero-wide `AdditionalAttack`): the Bronze Warden's reborn copy
    // enters as a 2/1 with +6 attack and no health.
    let a = parse_board("2/2+shield,BG33_805=3/8,BG21_013=2/5,BGS_034=2/1").unwrap();
    let (mut s, kinds) = State::new(&a, &parse_board("30/30").unwrap(), 0);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "5/2,6/8+s,5/5,5/2+s+r");
    s.attack(&kinds, 0, 3, 0, &mut First);
    assert_eq!(shown(&s, 0), "8/2,9/8+s,8/5,8/3+r");
    s.attack(&kinds, 0, 3, 0, &mut First);
    assert_eq!(shown(&s, 0), "8/2,9/8+s,8/5,8/1+s");
    assert_exact_is_the_tree(&[("2/1+shield,BG33_805=1/3", "2/2+shield,1/3")]);
    let c = combat(
        "1/1+shield,BG33_805,BGS_034",
        "4/4+shield,3/5,Whelp Smuggler",
    );
    assert_monte_carlo_agrees(&c, 97, "Gleaming Trader");
}

#[test]
fn boom_in_a_box_damages_every_other_minion_before_the_first_attack() {
    // The 3/3 dies, the 2/2 loses its shield, the 4/8 is at 5; then B
    // has more minions and attacks first.
    let boom = exact("Boom-in-a-Box", "3/3,2/2+shield,4/8");
    let by_hand = exact("5/10+taunt@4", "2/2,4/5");
    assert!(close(summary(&boom), summary(&by_hand)));
    // Golden: twice over the same minions before any leaves (Firestone):
    // the 2/2 dies, the 4/8 is at 2.
    let golden = exact("golden Boom-in-a-Box", "3/3,2/2+shield,4/8");
    let by_hand = exact("10/20+taunt@4", "4/2");
    assert!(close(summary(&golden), summary(&by_hand)));
    // A reborn copy and deathrattle tokens come after both sweeps, so the
    // second does not hit them: the 1/1 returns, and so do the skeletons.
    let (mut s, kinds) = fresh(
        "golden Boom-in-a-Box",
        "1/1+reborn,Harmless Bonehead,2/7",
        ["", ""],
    );
    s.start_of_combat(&kinds, &mut First);
    assert_eq!(shown(&s, 1), "1/1,1/1,1/1,2/1");
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
        "Tusked Camper=1/2",
        "Prodigious Tusker=1/2",
        "Bonker=1/3",
        "Needling Crone=1/1",
        "Geomagus Roogug=1/2",
        "Tough Tusk=1/1",
        "Turquoise Skitterer=1/1",
        "Sanguine Champion=1/1",
        "Sanguine Refiner=1/2",
        "Buzzing Vermin",
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
        "Ancestral Automaton=2/1+reborn",
        "golden Ancestral Automaton=3/2",
        "Underrot Spawn",
        "Scarlet Skull",
        "Nadina the Red=2/2",
        "Handless Forsaken",
        "Flittering Bat",
        "Sin'dorei Straight Shot=2/3",
        "Obsidian Ravager=2/3",
        "De-volition-ist=2/3",
        "Heroic Broodmother=2/3",
        "Titus Rivendare=1/2",
        "Scavenging Hyena=1/2",
        "Hungry Snapjaw=2/1",
        "Wolf Pup=1/1",
        "Mama Bear=1/2",
        "Pack Leader=1/2",
        "Kindly Grandmother",
        "Hungering Abomination=1/2",
        "Bird Buddy=1/2",
        "Budding Greenthumb=1/3",
        "Palescale Crocolisk=1/2",
        "BG28_403=1/1",
        "ICC_858=1/2",
        "BG21_024=1/2",
        "BG34_Giant_656=1/1",
        "BG29_800=1/2",
        "BG29_801=1/2",
        "BG29_878=1/2",
        "BG34_312=1/2",
        "BG29_846=1/2",
        "BG29_807=1/2",
        "BG_EX1_507=1/2",
        "BG_NEW1_027=1/2",
        "BG33_115=1/1",
        "EX1_506a",
        "BGS_061t",
        "BGS_018=1/1",
        "BG26_805=1/2",
        "BG34_690=1/1",
        "BG_KAR_005=1/1",
        "BG28_309=1/1",
        "BG25_003=1/2",
        "BG25_023=1/1",
        "BG33_325=1/2",
        "BG36_514=1/2",
        "BG34_405=1/2",
        "BGS_126=3/2",
        "BG36_515=1/2",
        "BG35_814=3/2",
        "Banana Slamma=1/2",
        "Heroic Underdog=1/2",
        "2/1+stealth",
        "1/2+taunt+stealth",
        "BG26_ULD_274=1/1",
        "Sewer Lord=1/1",
        "Eternal Knight=1/1",
        "Eternal Knight=1/1+reborn",
        "Eternal Summoner=1/1",
        "golden Eternal Summoner=1/1",
        "Ravaging Scorpid=1/2",
        "Beetle=1/1",
        "Falling Sky Golem=1/1",
        "Falling Sky Golem=1/2+reborn",
        "golden Falling Sky Golem=1/1",
        "Abyssal Bruiser=1/1+reborn",
        "Devout Hellcaller=1/2",
        "golden Devout Hellcaller=1/1",
        "Jumping Jack=1/1",
        "Tasty Lobster=1/1",
        "golden Tasty Lobster=1/1+reborn",
        "The Last One Standing=1/2",
        "golden The Last One Standing=1/1",
        "Treasure Parrot=1/1",
        "Timewarped Chimera=1/3",
        "Hoarding Hyena=1/2",
        "golden Hoarding Hyena=1/1",
        "Hopebringer=1/1",
        "Ultraviolet Ascendant=1/2",
        "golden Showy Cyclist=1/1",
        "Lurking Leviathan=1/2",
        "golden Lurking Leviathan=1/1+reborn",
        "Buzzing Vermin=1/1",
        "Monstrous Macaw=1/2",
        "golden Monstrous Macaw=1/1",
        "Kaboom Bot=1/1",
        "golden Kaboom Bot=1/1",
        "Tunnel Blaster=1/2",
        "Silent Enforcer=1/1",
        "Spiked Savior=1/1",
        "Lighter Fighter=1/1",
        "Hateful Hag=1/2",
        "golden Hateful Hag=1/1",
        "Irate Rooster=1/2",
        "golden Irate Rooster=1/1",
        "Bristleback Knight=1/3",
        "golden Bristleback Knight=1/2+reborn",
        "Wandering Wight=1/2",
    ])
    .prop_map(str::to_string)
}

/// Bonuses from earlier turns, small, most of them none.
fn arb_bonuses() -> impl Strategy<Value = GameBonuses> {
    let stat =
        || prop_oneof![3 => Just([0u16, 0]), 1 => (0u16..=3, 0u16..=3).prop_map(|(a, h)| [a, h])];
    let attack = || prop_oneof![3 => Just(0u16), 1 => 1u16..=3];
    (
        (
            stat(),
            stat(),
            stat(),
            stat(),
            stat(),
            attack(),
            attack(),
            attack(),
            stat(),
            attack(),
            attack(),
            attack(),
        ),
        attack(),
    )
        .prop_map(
            |(
                (
                    blood_gem,
                    summoned,
                    undead,
                    beasts,
                    beetles,
                    pirate_attack,
                    mech_attack,
                    knights_died,
                    knights,
                    deathrattles,
                    tavern_spells,
                    lobsters,
                ),
                automatons,
            )| GameBonuses {
                blood_gem,
                summoned,
                undead,
                beasts,
                beetles,
                pirate_attack,
                mech_attack,
                knights_died,
                knights,
                deathrattles,
                tavern_spells,
                lobsters,
                automatons,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The memo, the full keys and the ordering by turns give what the
    /// plain tree gives.
    #[test]
    fn effect_boards_equal_the_plain_tree(a in prop::collection::vec(arb_card(), 1..=2), b in prop::collection::vec(arb_card(), 1..=2), bonuses in [arb_bonuses(), arb_bonuses()]) {
        let mut c = combat(&a.join(","), &b.join(","));
        c.bonuses = bonuses;
        let tree = tree_walk(&c);
        let r = combat_exact(&c, 2_000_000, &Control::NONE).unwrap();
        prop_assert!(close(summary(&r), tree), "{:?} vs tree {:?}", summary(&r), tree);
        prop_assert!((r.win + r.draw + r.loss - 1.0).abs() < 1e-12);
        // Every layer split between two workers: the same bits.
        prop_assert_eq!(exact_split(&c, 2, 2_000_000).unwrap(), exact_split(&c, 1, 2_000_000).unwrap());
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
        "Underrot Spawn",
        "Scarlet Skull",
        "Nadina the Red",
        "Handless Forsaken",
        "Flittering Bat",
        "Sin'dorei Straight Shot",
        "Obsidian Ravager",
        "De-volition-ist",
        "Heroic Broodmother",
        "Titus Rivendare",
        "Scavenging Hyena",
        "Junkbot",
        "Hungry Snapjaw",
        "Timewarped Hyena",
        "Mama Bear",
        "Pack Leader",
        "Kindly Grandmother",
        "Infested Wolf",
        "Arms Dealer",
        "Hungering Abomination",
        "Bird Buddy",
        "Budding Greenthumb",
        "Palescale Crocolisk",
        "BG28_403",
        "Timewarped Duskmaw",
        "ICC_858",
        "BG21_024",
        "BG34_Giant_656",
        "BG29_800",
        "BG29_801",
        "BG29_878",
        "BG34_312",
        "BG29_846",
        "BG_BRM_006",
        "BG29_807",
        "Murloc Warleader",
        "Southsea Captain",
        "Ride-or-Die",
        "Siegebreaker",
        "EX1_506a",
        "BGS_061t",
        "Goldrinn, the Great Wolf",
        "Humming Bird",
        "Plaguerunner",
        "Mummifier",
        "Relentless Sentry",
        "Soulsplitter",
        "Geared Guard",
        "Barrier Banshee",
        "Relentless Deflector",
        "Wildfire Elemental",
        "Tusked Camper",
        "Prodigious Tusker=1/3",
        "Bonker=1/3",
        "Needling Crone=1/2",
        "Geomagus Roogug=2/3",
        "Tough Tusk=2/2",
        "Snazzy Phantom",
        "Scarlet Survivor",
        "Banana Slamma",
        "Heroic Underdog",
        "3/2+stealth",
        "Wasteland Assassin",
        "Eternal Knight",
        "Eternal Summoner",
        "Ravaging Scorpid",
        "Beetle",
        "Falling Sky Golem",
        "Abyssal Bruiser",
        "The Last One Standing",
        "Treasure Parrot",
        "Hoarding Hyena",
        "Lurking Leviathan",
        "Buzzing Vermin",
        "Bristleback Knight",
        "Wandering Wight",
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
    use super::{Chooser, Odometer};
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

/// The exact engine (memo, keys, ordering) gives the plain tree's answer
/// on each board pair.
fn assert_exact_is_the_tree(boards: &[(&str, &str)]) {
    for (a, b) in boards {
        let c = combat(a, b);
        let r = combat_exact(&c, 2_000_000, &Control::NONE).unwrap();
        assert!(
            close(summary(&r), tree_walk(&c)),
            "{a} vs {b}: {:?}",
            summary(&r)
        );
    }
}

/// The state after A's minion `attacker` attacks B's minion `target`,
/// with `pick` answering every random choice.
fn after_attack(a: &str, b: &str, attacker: usize, target: usize, pick: u32) -> State {
    struct Fixed(u32);
    impl Chooser for Fixed {
        fn pick(&mut self, n: u32) -> u32 {
            self.0.min(n - 1)
        }
    }
    let (mut s, kinds) = State::new(&parse_board(a).unwrap(), &parse_board(b).unwrap(), 0);
    s.attack(&kinds, 0, attacker, target, &mut Fixed(pick));
    s
}

/// The state before the first attack of boards `a` and `b`, each side
/// with its bonuses from earlier turns (`GameBonuses::parse` text), side
/// A to attack.
fn fresh(a: &str, b: &str, bonuses: [&str; 2]) -> (State, Kinds) {
    let bonuses = bonuses.map(|t| GameBonuses::parse(t).unwrap());
    State::with_bonuses(
        &parse_board(a).unwrap(),
        &parse_board(b).unwrap(),
        &bonuses,
        0,
    )
}

/// As `after_attack`, each side with its bonuses from earlier turns
/// (`GameBonuses::parse` text).
fn after_attack_with(a: &str, b: &str, bonuses: [&str; 2], attacker: usize) -> State {
    let bonuses = bonuses.map(|t| GameBonuses::parse(t).unwrap());
    let (mut s, kinds) = State::with_bonuses(
        &parse_board(a).unwrap(),
        &parse_board(b).unwrap(),
        &bonuses,
        0,
    );
    s.attack(&kinds, 0, attacker, 0, &mut First);
    s
}

/// Boards `a` and `b` (see `combat`), each side with its bonuses.
fn combat_with(a: &str, b: &str, bonuses: [&str; 2]) -> Combat {
    let mut c = combat(a, b);
    c.bonuses = bonuses.map(|t| GameBonuses::parse(t).unwrap());
    c
}

#[test]
fn game_bonuses_reach_the_minions_summoned_not_the_board() {
    // Harmless Bonehead's two skeletons are Undead: with Undead +2/+1
    // this game they enter as 3/2, as anonymous 3/2 tokens would; the
    // Bonehead itself shows its bonus in the stats given.
    let plain = exact("Harmless Bonehead=4/4", "2/6,3/3");
    assert!(close(
        summary(&plain),
        summary(&exact("4/4+dr=1/1x2", "2/6,3/3"))
    ));
    let bonus = combat_with("Harmless Bonehead=4/4", "2/6,3/3", ["undead=2/1", ""]);
    let bonus = combat_exact(&bonus, 1_000_000, &Control::NONE).unwrap();
    let by_hand = exact("4/4+dr=3/2x2", "2/6,3/3");
    assert!(close(summary(&bonus), summary(&by_hand)));
    assert!(!close(summary(&bonus), summary(&plain)));
    // Bonuses of other tribes, and the other side's, change nothing.
    for bonuses in [
        ["beasts=5/5,pirates=3,mechs=3,beetles=2/2", ""],
        ["", "undead=4/4"],
    ] {
        let c = combat_with("Harmless Bonehead=4/4", "2/6,3/3", bonuses);
        let r = combat_exact(&c, 1_000_000, &Control::NONE).unwrap();
        assert!(close(summary(&r), summary(&plain)), "{bonuses:?}");
    }
    // Every minion summoned: the skeletons and the reborn copy (a fresh
    // 1/1 Bonehead), which is Undead too.
    let s = after_attack_with(
        "Harmless Bonehead=1/1+reborn",
        "9/9",
        ["summoned=1/0,undead=2/1", ""],
        0,
    );
    assert_eq!(shown(&s, 0), "4/2,4/2,4/2");
    // A token of no tribe takes only the bonus of every minion summoned.
    let s = after_attack_with("1/1+dr=1/1", "9/9", ["summoned=1/1", ""], 0);
    assert_eq!(shown(&s, 0), "2/2");
}

#[test]
fn ancestral_automatons_grow_as_automatons_are_summoned() {
    // The reborn Automaton returns with +3/+2 for each of the 2 summoned
    // in earlier turns (`automatons=2`: Firestone's
    // AstralAutomatonsSummonedThisGame counts the dead one too, less
    // itself); then each other Automaton on the board gains +3/+2 (a
    // golden one +6/+4), as Firestone's count rises with the summon.
    let s = after_attack_with(
        "Ancestral Automaton=3/1+reborn,Ancestral Automaton=9/10,golden Ancestral Automaton=12/20",
        "1/9",
        ["automatons=2", ""],
        0,
    );
    assert_eq!(shown(&s, 0), "9/5,12/12,18/24");
    // Without the earlier count it returns as the card, and the others
    // still grow with it; a minion of another card does not.
    let s = after_attack_with(
        "Ancestral Automaton=3/1+reborn,Ancestral Automaton=9/10,Annoy-o-Tron=1/2",
        "1/9",
        ["", ""],
        0,
    );
    assert_eq!(shown(&s, 0), "3/1,12/12,1/2+t+s");
    let s = after_attack_with("3/1+reborn,Ancestral Automaton=9/10", "1/9", ["", ""], 0);
    assert_eq!(shown(&s, 0), "3/1,9/10");
}

#[test]
fn eternal_knights_grow_as_knights_die() {
    // A knight dies attacking: the knight beside it gains +4/+2 (a golden
    // one +8/+4), as Firestone's "whenever a minion dies" step plays "+4/+2
    // for each friendly Eternal Knight that died this game".
    let s = after_attack_with(
        "Eternal Knight=4/1,Eternal Knight=4/20,golden Eternal Knight=8/20,5/5",
        "1/9",
        ["", ""],
        0,
    );
    assert_eq!(shown(&s, 0), "8/22,16/24,5/5");
    // A knight summoned enters with the knights dead in earlier combats
    // (`knights_died`), those dead in this one and the knights' bonus, a
    // golden one with twice the count; the other side's knights count
    // for it alone.
    let s = after_attack_with("Eternal Summoner=8/1", "1/9", ["knights_died=2", ""], 0);
    assert_eq!(shown(&s, 0), "12/6,8/1");
    let s = after_attack_with(
        "golden Eternal Summoner=8/1",
        "1/9",
        ["knights_died=2,knights=1/3", ""],
        0,
    );
    assert_eq!(shown(&s, 0), "25/15,16/1");
    // The knight dies, then the Summoner: its knight counts the one dead
    // on its side, not the other side's count (and the Summoner's reborn
    // copy returns beside it).
    let (mut s, kinds) = State::with_bonuses(
        &parse_board("Eternal Knight=4/1,Eternal Summoner=8/1").unwrap(),
        &parse_board("1/30").unwrap(),
        &[
            GameBonuses::default(),
            GameBonuses::parse("knights_died=5").unwrap(),
        ],
        0,
    );
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "8/1+r");
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "8/4,8/1");
    // Without knights dying or summoned, a knight is a plain minion.
    let plain = exact("Eternal Knight=4/4,Eternal Knight=2/2", "3/3,3/3");
    let anonymous = exact("4/4,2/2", "3/3,3/3");
    assert!(!close(summary(&plain), summary(&anonymous)));
    assert!(close(
        summary(&exact("Eternal Knight=4/4", "3/3,3/3")),
        summary(&exact("4/4", "3/3,3/3"))
    ));
}

#[test]
fn damage_triggers_fire_at_most_their_limit_per_combat() {
    // Bristleback Knight: the first time it survives damage it regains
    // its shield (Firestone's frenzy charge); the next hit that lands
    // finds the charge spent. A 6/9 with its card's shield hit by 1/20s.
    let (mut s, kinds) = fresh("Bristleback Knight=6/9", "1/20,1/20", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "6/9");
    assert_eq!(s.board(0)[0].count(), 0);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "6/8+s");
    assert_eq!(s.board(0)[0].count(), 1);
    s.attack(&kinds, 0, 0, 1, &mut First);
    assert_eq!(shown(&s, 0), "6/8");
    s.attack(&kinds, 0, 0, 1, &mut First);
    assert_eq!(shown(&s, 0), "6/7");
    // A hit it does not survive spends nothing and gives nothing.
    let (mut s, kinds) = fresh("Bristleback Knight=6/1,3/3", "1/20", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "3/3");
    assert_exact_is_the_tree(&[
        ("Bristleback Knight=2/3", "2/2,1/1,1/1"),
        ("golden Bristleback Knight=1/2+reborn", "1/1,1/2"),
    ]);
}

#[test]
fn wandering_wight_gives_each_summoned_minion_health_of_its_attack() {
    // Harmless Bonehead's two 1/1 Skeletons enter as 1/2 (golden Wight:
    // 1/3); the Wight does not hear itself.
    let s = after_attack_with(
        "Harmless Bonehead=1/1,Wandering Wight=6/5",
        "1/9",
        ["", ""],
        0,
    );
    assert_eq!(shown(&s, 0), "1/2,1/2,6/5");
    let s = after_attack_with(
        "Harmless Bonehead=1/1,golden Wandering Wight=6/5",
        "1/9",
        ["", ""],
        0,
    );
    assert_eq!(shown(&s, 0), "1/3,1/3,6/5");
    assert_exact_is_the_tree(&[("Harmless Bonehead=1/1,Wandering Wight=1/2", "2/2,1/3")]);
}

#[test]
fn falling_sky_golems_grow_with_each_friendly_deathrattle() {
    // The Bonehead's deathrattle fires: the Golem gains +4/+2 (a golden
    // one +8/+4); a death without a deathrattle gives nothing, the other
    // side's deathrattles neither.
    // A deathrattle that acts outside the boards (Draconic Warden's card
    // to the hand) counts as Firestone counts it; Titus Rivendare's extra
    // trigger counts too. A's first minion attacks B's: A's board after.
    for (a, b, after) in [
        (
            "Harmless Bonehead=1/1,Falling Sky Golem=1/1,golden Falling Sky Golem=1/1",
            "1/9",
            "1/1,1/1,5/3+s,9/5+s",
        ),
        ("1/1,Falling Sky Golem=1/1", "1/9+dr=1/1", "1/1+s"),
        ("Draconic Warden=1/1,Falling Sky Golem=1/1", "1/9", "5/3+s"),
        (
            "Harmless Bonehead=1/1,Titus Rivendare=1/9,Falling Sky Golem=1/1",
            "1/9",
            "1/1,1/1,1/1,1/1,1/9,9/5+s",
        ),
    ] {
        let s = after_attack_with(a, b, ["", ""], 0);
        assert_eq!(shown(&s, 0), after, "{a} vs {b}");
    }
    // A Golem's reborn copy (a fresh 4/1) enters with the deathrattles of
    // earlier combats and of this one.
    let (mut s, kinds) = State::with_bonuses(
        &parse_board("Falling Sky Golem=1/1+reborn").unwrap(),
        &parse_board("1/9").unwrap(),
        &[
            GameBonuses::parse("deathrattles=3").unwrap(),
            GameBonuses::default(),
        ],
        0,
    );
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "1/1+r");
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "16/7+s");
    let (mut s, kinds) = fresh(
        "Harmless Bonehead=1/1,Falling Sky Golem=1/1+reborn",
        "9/30",
        ["", ""],
    );
    s.attack(&kinds, 0, 0, 0, &mut First);
    // The Golem grew with the Bonehead's deathrattle; its shield is gone
    // after the 9/30 hits it, and it dies on the next hit to return with
    // the one deathrattle so far.
    assert_eq!(shown(&s, 0), "1/1,1/1,5/3+s+r");
    s.attack(&kinds, 0, 2, 0, &mut First);
    assert_eq!(shown(&s, 0), "1/1,1/1,5/3+r");
    s.attack(&kinds, 0, 2, 0, &mut First);
    assert_eq!(shown(&s, 0), "1/1,1/1,8/3+s");
}

#[test]
fn abyssal_bruisers_summoned_count_the_tavern_spells() {
    // On the board its stats hold the count; its reborn copy (a fresh 2/1)
    // enters with +2/+1 for each tavern spell cast (golden +4/+2).
    // (Its shield breaks first, then it dies and returns.)
    let (mut s, kinds) = State::with_bonuses(
        &parse_board("Abyssal Bruiser=3/1+reborn,golden Abyssal Bruiser=3/1+reborn").unwrap(),
        &parse_board("9/30").unwrap(),
        &[
            GameBonuses::parse("tavern_spells=5").unwrap(),
            GameBonuses::default(),
        ],
        0,
    );
    for _ in 0..2 {
        s.attack(&kinds, 0, 0, 0, &mut First);
    }
    assert_eq!(shown(&s, 0), "12/6+s,3/1+s+r");
    for _ in 0..2 {
        s.attack(&kinds, 0, 1, 0, &mut First);
    }
    assert_eq!(shown(&s, 0), "12/6+s,24/11+s");
    // Without tavern spells a summoned Bruiser is its card.
    let (mut s, kinds) = fresh("Abyssal Bruiser=3/1+reborn", "9/30", ["", ""]);
    for _ in 0..2 {
        s.attack(&kinds, 0, 0, 0, &mut First);
    }
    assert_eq!(shown(&s, 0), "2/1+s");
}

#[test]
fn ravaging_scorpid_grows_the_beetles_after_each_friendly_attack() {
    // Another friendly minion attacks (and dies): after its damage the
    // Beetles on the board have +4/+4, and so will those summoned later.
    let s = after_attack("5/1,Beetle,Ravaging Scorpid", "1/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "6/6,6/7");
    // Its own attack: as a rally, before the damage; the golden +8/+8.
    let s = after_attack("Beetle,golden Ravaging Scorpid=1/30", "4/40", 1, 0, 0);
    assert_eq!(shown(&s, 0), "10/10,1/26");
    let s = after_attack("Beetle,Ravaging Scorpid=1/30", "4/40", 1, 0, 0);
    assert_eq!(shown(&s, 0), "6/6,1/26");
    // Later Beetles enter with the bonus: the Vermin's Beetle after the
    // attacks of the 5/1 and of the Vermin itself (heard before it died),
    // then the Scorpid's own Beetle after its rally.
    let (mut s, kinds) = fresh(
        "5/1,Buzzing Vermin=1/1,Ravaging Scorpid=1/1",
        "1/30",
        ["", ""],
    );
    s.attack(&kinds, 0, 0, 0, &mut First);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "10/10,1/1");
    s.attack(&kinds, 0, 1, 0, &mut First);
    assert_eq!(shown(&s, 0), "14/14,14/14");
}

#[test]
fn banana_slamma_doubles_and_puts_the_auras_back() {
    // Firestone doubles a summoned Beast's attack with its auras taken off
    // and puts them back after: a Beetle entering as 2/2 + 3/1 (the
    // Beetles' bonus) is 2 x 5 + 3 = 13, not 10; without a bonus, 4.
    // A golden Slamma triples: 3 x 5 + 3.
    for (a, bonus, after) in [
        (
            "Buzzing Vermin=1/1,Banana Slamma",
            "beetles=3/1",
            "13/3,3/6",
        ),
        ("Buzzing Vermin=1/1,Banana Slamma", "", "4/2,3/6"),
        (
            "Buzzing Vermin=1/1,golden Banana Slamma",
            "beetles=3/1",
            "18/3,6/12",
        ),
    ] {
        let s = after_attack_with(a, "9/9", [bonus, ""], 0);
        assert_eq!(shown(&s, 0), after, "{a} with {bonus}");
    }
    // Turquoise Skitterer's deathrattle raises the Beetles' bonus before
    // its Beetle enters (Firestone's order): 2/2 + 5/5, tripled: 3 x 7 + 5.
    let s = after_attack(
        "Turquoise Skitterer=1/1,golden Banana Slamma,Beetle=1/1",
        "9/9",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "26/7,6/12,6/6");
}

#[test]
fn blood_gem_bonuses_won_in_combat_reach_the_gems_after() {
    // A's first minion attacks the 3/3 and dies (or lives), then A's
    // Tusked Camper attacks the 0/30 playing its gem: the camper's stats
    // after, with `bonuses` for side A.
    let camper_after = |first: &str, bonuses: &str| {
        let a = format!("{first},Tusked Camper");
        let (mut s, kinds) = State::with_bonuses(
            &parse_board(&a).unwrap(),
            &parse_board("3/3,0/30").unwrap(),
            &[GameBonuses::parse(bonuses).unwrap(), GameBonuses::default()],
            0,
        );
        s.attack(&kinds, 0, 0, 0, &mut First);
        let camper = s.board(0).len() - 1;
        let target = s.board(1).len() - 1;
        s.attack(&kinds, 0, camper, target, &mut First);
        shown(&s, 0).rsplit(',').next().unwrap().to_string()
    };
    // A plain gem: +1/+1 on the 2/3 camper.
    assert_eq!(camper_after("1/1", ""), "3/4");
    // Sanguine Champion's deathrattle: gems give +2/+1 more this game.
    assert_eq!(camper_after("Sanguine Champion=1/1", ""), "5/5");
    assert_eq!(camper_after("golden Sanguine Champion=1/1", ""), "7/6");
    // Sanguine Refiner's rally as it attacks (it lives): +1/+2 more.
    assert_eq!(camper_after("Sanguine Refiner", ""), "4/6");
    // On top of the game's bonus: 1 + 1 + 2 attack, 1 + 1 + 1 health.
    assert_eq!(camper_after("Sanguine Champion=1/1", "gems=1/1"), "6/6");
    // The other side's gems are its own.
    let (mut s, kinds) = fresh("Sanguine Champion=1/1,0/20", "Tusked Camper=2/30", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    s.attack(&kinds, 1, 0, 0, &mut First);
    assert_eq!(shown(&s, 1), "3/30");
    assert_exact_is_the_tree(&[
        (
            "Sanguine Champion=2/1,Tusked Camper,Needling Crone",
            "3/3,4/4",
        ),
        ("Sanguine Refiner=2/3,Prodigious Tusker=1/3", "2/4,3/3"),
    ]);
    let c = combat(
        "Sanguine Champion=3/2,Bonker,Sanguine Refiner",
        "4/5,3/3,2/8",
    );
    assert_monte_carlo_agrees(&c, 7, "gem bonuses won in combat");
}

#[test]
fn game_bonuses_make_blood_gems_bigger() {
    // Blood gems +1/+2 this game: each gem is 2/3, and Needling Crone
    // doubles that.
    let s = after_attack_with("Tusked Camper", "0/9", ["gems=1/2", ""], 0);
    assert_eq!(shown(&s, 0), "4/6");
    let s = after_attack_with("Tusked Camper,Needling Crone", "0/9", ["gems=1/2", ""], 0);
    assert_eq!(shown(&s, 0), "6/9,5/4");
    // The other side's bonus is its own.
    let s = after_attack_with("Tusked Camper", "0/9", ["", "gems=5/5"], 0);
    assert_eq!(shown(&s, 0), "3/4");
    let c = combat_with(
        "Tusked Camper,Bonker",
        "4/5,3/3",
        ["gems=1/1", "undead=1/1"],
    );
    assert_monte_carlo_agrees(&c, 5, "gems with a bonus");
}

/// A board as "attack/health" items with "+t" (taunt), "+s" (shield),
/// "+r" (reborn) where they are.
fn shown(s: &State, side: usize) -> String {
    s.board(side)
        .iter()
        .map(|u| {
            let mut text = format!("{}/{}", u.attack, u.health);
            for (bit, mark) in [
                (model::TAUNT, "+t"),
                (model::SHIELD, "+s"),
                (model::REBORN, "+r"),
            ] {
                if u.keywords & bit != 0 {
                    text.push_str(mark);
                }
            }
            text
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn blood_gems_are_played_before_the_damage() {
    // Tusked Camper plays a +1/+1 gem on itself as it attacks: 3/4 into
    // the 3/3, which dies; the camper lives at 3/1.
    let s = after_attack("Tusked Camper", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/1");
    assert_eq!(shown(&s, 1), "");
    // Golden: two gems.
    let s = after_attack("golden Tusked Camper", "1/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "6/7");
    // Prodigious Tusker plays one on every other friendly attacker, not
    // on itself.
    let s = after_attack("1/5,Prodigious Tusker", "0/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/6,2/5");
    let s = after_attack("1/5,Prodigious Tusker", "0/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "1/5,2/5");
    // Bonker plays one on each other friendly minion as it attacks.
    let s = after_attack("1/1,Bonker,2/2", "0/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "2/2,2/7,3/3");
    // Needling Crone doubles every gem (golden: triples), itself anywhere
    // on the board; two Crones do not add up.
    let s = after_attack("Tusked Camper,Needling Crone", "0/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "4/5,5/4");
    let s = after_attack(
        "Tusked Camper,golden Needling Crone,Needling Crone",
        "0/9",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "5/6,10/8,5/4");
    // Geomagus Roogug answers each gem played on it with one on another
    // friendly minion (never a Roogug), drawn at random: the Tusker's gem
    // on the attacking Roogug, then the Roogug's on the Tusker or the
    // Crone (both doubled by the Crone).
    let s = after_attack("Geomagus Roogug,Prodigious Tusker", "0/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "5/7+s,3/6");
    let crone = "Geomagus Roogug,Prodigious Tusker,Needling Crone";
    assert_eq!(
        shown(&after_attack(crone, "0/9", 0, 0, 0), 0),
        "6/8+s,4/7,5/4"
    );
    assert_eq!(
        shown(&after_attack(crone, "0/9", 0, 0, 1), 0),
        "6/8+s,2/5,7/6"
    );
    let s = after_attack(
        "Geomagus Roogug,golden Geomagus Roogug,Bonker",
        "0/9",
        2,
        0,
        0,
    );
    // Bonker's gems: the first Roogug's goes to the Bonker (the only
    // minion not a Roogug), the golden one's two too.
    assert_eq!(shown(&s, 0), "5/7+s,9/13+s,5/10");
    // Tough Tusk gains a shield with a gem.
    let s = after_attack("Tough Tusk,Prodigious Tusker", "0/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "6/4+s,2/5");
    // Counted by hand: the camper wins when it attacks first (3/4 into
    // the 3/3), loses when the 3/3 does; a plain 2/3 always loses.
    let r = exact("Tusked Camper", "3/3");
    assert!((r.win - 0.5).abs() < 1e-12 && (r.loss - 0.5).abs() < 1e-12);
    assert_eq!(exact("2/3", "3/3").loss, 1.0);
}

#[test]
fn turquoise_skitterers_bonus_reaches_every_beetle() {
    // The Skitterer dies: its 2/2 Beetle and the Beetle already there
    // have +5/+5; a Beetle summoned later enters with it.
    let a = "Turquoise Skitterer=1/1,Beetle,Buzzing Vermin=1/1";
    let mut s = after_attack(a, "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "7/7,7/7,1/1+t");
    let kinds = State::new(&parse_board(a).unwrap(), &parse_board("3/3").unwrap(), 0).1;
    s.attack(&kinds, 1, 0, 2, &mut First);
    assert_eq!(shown(&s, 0), "7/7,7/7,7/7");
    // A Beast that is not a Beetle gets nothing; golden: two Beetles and
    // +10/+10.
    let s = after_attack("golden Turquoise Skitterer=1/1,2/2", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "12/12,12/12,2/2");
}

#[test]
fn deathrattle_tokens_enter_before_the_deathrattles_buff() {
    // Underrot Spawn dies hitting the 3/3: its 0/2 taunt tentacle enters,
    // then every friendly minion has +1 attack, the tentacle too.
    let s = after_attack("Underrot Spawn,1/5", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/2+t,2/5");
    assert_eq!(shown(&s, 1), "3/1");
    // Golden: two tentacles, +2 attack; Firestone's tentacles are the
    // golden 0/4 ones (the card text says 0/2: see `AS_FIRESTONE_PLAYS`).
    let s = after_attack("golden Underrot Spawn=4/2", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/4+t,2/4+t");
}

#[test]
fn underrot_spawns_tentacles_enter_unmarked() {
    // B's Underrot Spawn attacks, then B's 1/1 (passing over the Spawn).
    // A kills the Spawn: its tentacles enter unmarked (Firestone summons
    // them outside the death phase's marking), so a tentacle attacks next;
    // plain tokens of a minion passed over wait for the next round.
    let steps = [(1, 0, 0), (0, 1, 2), (1, 1, 0), (0, 1, 0)];
    let play = |b: &str| {
        let (mut s, kinds) = State::new(
            &parse_board("0/30,9/20").unwrap(),
            &parse_board(b).unwrap(),
            1,
        );
        for (side, attacker, target) in steps {
            assert_eq!(s.next_attacker(), (side, attacker), "{b}");
            s.attack(&kinds, side, attacker, target, &mut First);
            s.turn = 1 - side as u8;
        }
        s
    };
    let mut s = play("golden Underrot Spawn=4/1,1/1,5/19");
    assert_eq!(shown(&s, 1), "2/4+t,2/4+t,3/1,7/10");
    assert_eq!(s.next_attacker(), (1, 0));
    let mut s = play("4/1+dr=2/4x2,1/1,5/19");
    assert_eq!(shown(&s, 1), "2/4,2/4,1/1,5/10");
    assert_eq!(s.next_attacker(), (1, 3));
}

#[test]
fn sewer_lords_rats_summon_their_own_turtles() {
    // Sewer Lord dies: two 3/2 Sewer Rats; a rat dies: a 2/3 taunt turtle
    // in its place. Golden: 6/4 rats and 4/6 turtles.
    let s = after_attack("Sewer Lord=1/1,1/9", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/2,3/2,1/9");
    let s = after_attack("golden Sewer Lord=1/1", "9/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "6/4,6/4");
    let mut s = after_attack("Sewer Lord=1/1,1/9", "3/3", 0, 0, 0);
    let kinds = State::new(
        &parse_board("Sewer Lord=1/1,1/9").unwrap(),
        &parse_board("3/3").unwrap(),
        0,
    )
    .1;
    s.attack(&kinds, 1, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "2/3+t,3/2,1/9");
    // A surviving rat adds its card's tier, 2, to the damage (a turtle 1):
    // both 1/1s trade, two rats win, tier 1 + 2 + 2.
    let r = exact("Sewer Lord=1/1", "1/1");
    assert_eq!((r.win, r.damage_to_b.len()), (1.0, 6));
    assert_eq!(r.damage_to_b[5], 1.0);
    // The tree agrees with the exact engine through both levels of tokens.
    assert_exact_is_the_tree(&[
        ("Sewer Lord=1/1", "4/5,2/2"),
        ("golden Sewer Lord=2/2", "5/9+shield"),
        ("Sewer Lord=1/1,1/1+taunt", "3/4,1/6"),
    ]);
}

#[test]
fn deathrattle_buffs_reach_survivors_and_earlier_tokens_only() {
    // Scarlet Skull dies: a friendly Undead (the 1/1 Bonehead, the only
    // one) gets +1/+2; then the Skull's reborn copy returns with 1 health.
    let s = after_attack("Scarlet Skull,Harmless Bonehead", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/1,2/3");
    // Nadina: up to 3 friendly dragons without a shield get one; the
    // non-dragon does not.
    let s = after_attack(
        "Nadina the Red=8/1,Doting Dracthyr,3/3,Doting Dracthyr,Tarecgosa",
        "5/5",
        0,
        0,
        0,
    );
    let shields: Vec<bool> = s.board(0).iter().map(|u| u.has(model::SHIELD)).collect();
    assert_eq!(shields, [true, false, true, true]);
}

#[test]
fn death_listeners_gain_per_friendly_death_of_their_tribe() {
    // Scavenging Hyena: +2/+1 per friendly beast that dies (Snake),
    // nothing for a non-beast or an enemy beast.
    let s = after_attack("Snake,Scavenging Hyena", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "4/3");
    let s = after_attack("1/1,Scavenging Hyena", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/2");
    let s = after_attack("9/9+cleave,Scavenging Hyena", "Snake,Snake,Snake", 0, 1, 0);
    assert_eq!(shown(&s, 0), "9/8,2/2");
    // Every beast of the phase counts; golden doubles.
    let s = after_attack(
        "9/9+cleave",
        "Snake,Snake,Snake,golden Scavenging Hyena=4/40",
        0,
        1,
        0,
    );
    assert_eq!(shown(&s, 1), "16/46");
    // A listener's reborn copy returns fresh (it died: it heard nothing).
    let s = after_attack("9/9+cleave", "Snake,Scavenging Hyena=5/1+reborn", 0, 1, 0);
    assert_eq!(shown(&s, 1), "2/1");
    // Hungry Snapjaw gains health only; Junkbot hears mechs (Jo-E Bot).
    let s = after_attack(
        "9/9+cleave",
        "Hungry Snapjaw=4/20,Snake,Jo-E Bot,Junkbot=1/15",
        0,
        2,
        0,
    );
    assert_eq!(shown(&s, 1), "4/21,3/8");
}

#[test]
fn summon_listeners_give_to_each_summoned_minion_of_their_tribe() {
    // Mama Bear: the Big Bad Wolf (3/2 beast) enters as 9/8.
    let s = after_attack("Kindly Grandmother,Mama Bear", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "9/8,6/6");
    // Pack Leader: each spider +2 attack; golden +4; Titus doubles the
    // spiders, each one heard.
    let s = after_attack("Infested Wolf=3/1,Pack Leader", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/1,3/1,3/4");
    let s = after_attack("Infested Wolf=3/1,golden Pack Leader", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "5/1,5/1,6/8");
    let s = after_attack(
        "Infested Wolf=3/1,Pack Leader,Titus Rivendare",
        "3/3",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "3/1,3/1,3/1,3/1,3/4,1/7");
    // A reborn copy is summoned too; a non-beast is not heard.
    let s = after_attack("Snake=1/1+reborn,Mama Bear", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "7/7,6/6");
    let s = after_attack("Harmless Bonehead,Mama Bear", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1,6/6");
    // Arms Dealer hears undead (the skeletons).
    let s = after_attack("Harmless Bonehead,Arms Dealer", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/1,2/1,1/2");
    // A Mama Bear dying in the same phase gives nothing.
    let s = after_attack("9/9+cleave", "Kindly Grandmother,Mama Bear=6/1", 0, 0, 0);
    assert_eq!(shown(&s, 1), "3/2");
    // A rally's summon is heard as it enters (Flittering Bat's 1/1 beast).
    let s = after_attack("Flittering Bat,Mama Bear", "0/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/4,7/7,6/6");
}

#[test]
fn heroic_underdog_gains_its_targets_attack_as_it_attacks() {
    // 1/10 + 5 attack hits the 5/5 for 6; golden gains double.
    let s = after_attack("Heroic Underdog", "5/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "6/5");
    assert!(s.board(1).is_empty());
    let s = after_attack("golden Heroic Underdog", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "12/15");
    // It enters in stealth and the attack reveals it.
    let (s, _) = State::new(&parse_board("Heroic Underdog").unwrap(), &[], 0);
    assert!(s.board(0)[0].has(model::STEALTH));
    let s = after_attack("Heroic Underdog", "5/50", 0, 0, 0);
    assert!(!s.board(0)[0].has(model::STEALTH));
}

#[test]
fn after_summon_listeners_fire_once_the_whenever_ones_have() {
    // Banana Slamma doubles the Big Bad Wolf (3/2 beast), golden triples.
    let s = after_attack("Kindly Grandmother,Banana Slamma", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "6/2,3/6");
    let s = after_attack("Kindly Grandmother,golden Banana Slamma", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "9/2,6/12");
    // Mama Bear's gift comes first wherever the two stand: (3+6)x2.
    for board in [
        "Kindly Grandmother,Banana Slamma,Mama Bear",
        "Kindly Grandmother,Mama Bear,Banana Slamma",
    ] {
        let s = after_attack(board, "3/3", 0, 0, 0);
        let wolf = s.board(0)[0];
        assert_eq!((wolf.attack, wolf.health), (18, 8), "{board}");
    }
    // Not a beast: the skeletons stay 1/1; a reborn beast is doubled.
    let s = after_attack("Harmless Bonehead,Banana Slamma", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1,3/6");
    let s = after_attack("Snake=2/1+reborn,Banana Slamma", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/1,3/6");
}

#[test]
fn avenge_fires_once_per_completed_count_of_friendly_deaths() {
    // Hungering Abomination, avenge (1): two friendly deaths, two gains of
    // +1/+2; golden +2/+4; enemy deaths count for nothing.
    let s = after_attack("5/5+cleave", "1/1,1/1,Hungering Abomination=4/20", 0, 0, 0);
    assert_eq!(shown(&s, 1), "6/24");
    let s = after_attack(
        "5/5+cleave",
        "1/1,1/1,golden Hungering Abomination=8/20",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 1), "12/28");
    let s = after_attack("1/1,Hungering Abomination", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "5/7");
    assert_eq!(shown(&s, 1), "3/2");
    // Budding Greenthumb, avenge (3): the count carries over from one
    // death phase to the next; it gives its neighbours +2/+2 (after the
    // deathrattle tokens entered: the skeleton is one).
    let board = "Harmless Bonehead,1/1,Budding Greenthumb,1/9";
    let (mut s, kinds) = State::new(
        &parse_board("9/9+cleave,2/1").unwrap(),
        &parse_board(board).unwrap(),
        0,
    );
    let mut first = crate::rng::Rng::new(1);
    s.attack(&kinds, 0, 0, 0, &mut first);
    // Bonehead and the 1/1 died: 1 death still to come; two skeletons.
    assert_eq!(shown(&s, 1), "1/1,1/1,1/5,1/9");
    assert_eq!(s.board(1)[2].count(), 1);
    s.attack(&kinds, 0, 1, 0, &mut first);
    // A skeleton died: the third death; the other skeleton and the 1/9
    // are its neighbours; then it counts 3 again.
    assert_eq!(shown(&s, 1), "3/3,1/5,3/11");
    assert_eq!(s.board(1)[1].count(), 3);
    // A reborn copy is a new minion: its count starts afresh and the
    // deaths of its own phase do not reach it.
    let s = after_attack(
        "5/5+cleave",
        "1/1,Hungering Abomination=4/1+reborn",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 1), "4/1");
    assert_eq!(s.board(1)[0].count(), 1);
    // Palescale Crocolisk: avenge (2) and deathrattle give another
    // friendly beast +6/+6: two deaths fire it once; its own death fires
    // the deathrattle.
    let s = after_attack(
        "5/5+cleave",
        "1/1,1/1,Palescale Crocolisk=4/40,Snake",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 1), "4/40,7/7");
    let s = after_attack("9/9+cleave", "1/1,Palescale Crocolisk=4/1,Snake", 0, 0, 0);
    assert_eq!(shown(&s, 1), "7/7");
    // Phaerix (shielded itself), avenge (4): a shield to a friendly
    // minion without one.
    let (mut s, kinds) = fresh(
        "5/5+cleave,2/1",
        "1/1,1/1,1/1,1/1,1/1,BG28_403=3/9",
        ["", ""],
    );
    s.attack(&kinds, 0, 0, 1, &mut first);
    assert_eq!(shown(&s, 1), "1/1,1/1,3/9+s");
    s.attack(&kinds, 0, 1, 0, &mut first);
    assert_eq!(shown(&s, 1), "1/1+s,3/9+s");
}

#[test]
fn shield_listeners_hear_each_lost_shield_at_once() {
    // Bolvar (ICC_858, shielded) loses its shield attacking: +2 attack,
    // after the damage it dealt.
    let s = after_attack("ICC_858=1/9", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/9");
    assert_eq!(shown(&s, 1), "3/2");
    // Grease Bot gives the minion that lost its shield +2/+2; golden
    // +4/+4; an enemy's lost shield is not heard.
    let s = after_attack("2/2+shield,BG21_024=1/5", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "4/4,1/5+s");
    let s = after_attack("2/2+shield,BG21_024_G=1/5", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "6/6,1/5+s");
    let s = after_attack("3/3,BG21_024=1/5", "2/2+shield", 0, 0, 0);
    assert_eq!(shown(&s, 1), "2/2");
    // Timewarped Grease Bot: the target's shield breaks before cleave
    // hits its neighbours (Firestone's order), so they take the hit with
    // +3/+3; the hit back is the target's attack before it.
    let s = after_attack(
        "3/3+cleave",
        "2/2,1/1+shield,2/2,BG34_Giant_656=1/9",
        0,
        1,
        0,
    );
    assert_eq!(shown(&s, 0), "3/2");
    assert_eq!(shown(&s, 1), "5/2,4/4,5/2,4/12+s");
    // A dying target is still on the board when the neighbour's shield
    // breaks: +3/+3 brings it back (Firestone); a poisoned one stays dead.
    let s = after_attack("5/5+cleave", "4/4,1/1+shield,BG34_Giant_656=1/9", 0, 0, 0);
    assert_eq!(shown(&s, 1), "7/2,4/4,4/12+s");
    let s = after_attack(
        "5/5+cleave+poison",
        "4/4,1/1+shield,BG34_Giant_656=1/9",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 1), "4/4,4/12+s");
}

#[test]
fn devout_hellcallers_gain_as_another_friendly_demon_deals_damage() {
    // (attacker board, defender board, attacker, both boards after the
    // exchange): the other Hellcaller gains +2/+2 (golden +4/+4) as the
    // attacking one's damage lands, not the attacker itself, not for a
    // shield's absorbed hit nor for a minion of another tribe; a Hellcaller
    // attacked hears its hit back; an all-tribe minion is a Demon.
    for (a, b, attacker, after) in [
        (
            "Devout Hellcaller=4/4,Devout Hellcaller=4/4",
            "2/10",
            0,
            "4/2,6/6 | 2/6",
        ),
        (
            "Devout Hellcaller=4/4,golden Devout Hellcaller=8/8",
            "2/10",
            0,
            "4/2,12/12 | 2/6",
        ),
        (
            "Devout Hellcaller=4/4,Devout Hellcaller=4/4",
            "2/10+shield",
            0,
            "4/2,4/4 | 2/10",
        ),
        ("3/3,Devout Hellcaller=4/4", "2/10", 0, "3/1,4/4 | 2/7"),
        (
            "Jumping Jack=4/4,Devout Hellcaller=4/4",
            "2/10",
            0,
            "4/2,6/6 | 2/6",
        ),
        (
            "1/10",
            "Devout Hellcaller=4/4,Devout Hellcaller=4/4",
            0,
            "1/6 | 4/3,6/6",
        ),
    ] {
        let s = after_attack(a, b, attacker, 0, 0);
        assert_eq!(
            format!("{} | {}", shown(&s, 0), shown(&s, 1)),
            after,
            "{a} against {b}"
        );
    }
}

#[test]
fn tasty_lobsters_improve_with_each_one_that_fires() {
    // (attacker board, defender board, target, bonuses, defender board
    // after): a Lobster's deathrattle gives a random friendly Beast (here
    // the one left) 1 + n times +2/+1 (golden +4/+2), n its side's
    // improvements of earlier turns and of this combat.
    for (a, b, target, bonuses, after) in [
        (
            "1/50",
            "Tasty Lobster=2/1,Sprightly Scarab=1/30",
            0,
            "",
            "3/31",
        ),
        (
            "1/50",
            "Tasty Lobster=2/1,Sprightly Scarab=1/30",
            0,
            "lobsters=2",
            "7/33",
        ),
        (
            "1/50",
            "golden Tasty Lobster=4/1,Sprightly Scarab=1/30",
            0,
            "lobsters=1",
            "9/34",
        ),
        // Two in one death phase: the second gives twice what the first
        // gave (+2/+1, then +4/+2).
        (
            "1/50+cleave",
            "Tasty Lobster=2/1,Tasty Lobster=2/1,Sprightly Scarab=1/30",
            1,
            "",
            "7/32",
        ),
        // Titus Rivendare: each trigger improves the next (+2/+1, +4/+2);
        // Titus is no Beast.
        (
            "1/50",
            "Tasty Lobster=2/1,Titus Rivendare=1/20,Sprightly Scarab=1/30",
            0,
            "",
            "1/20,7/33",
        ),
    ] {
        let (mut s, kinds) = fresh(a, b, ["", bonuses]);
        s.attack(&kinds, 0, 0, target, &mut First);
        assert_eq!(shown(&s, 1), after, "{b} with '{bonuses}'");
    }
    // Each side counts its own Lobsters: two dying together, one a side,
    // give +2/+1 each.
    let board = "Tasty Lobster=2/1,Sprightly Scarab=1/30";
    let (mut s, kinds) = fresh(board, board, ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!((shown(&s, 0), shown(&s, 1)), ("3/31".into(), "3/31".into()));
}

#[test]
fn damage_listeners_hear_damage_as_it_lands() {
    // Trusty Pup gains +1 attack when hit (golden +2), after the damage
    // it dealt; a shield that takes the hit is no damage.
    let s = after_attack("BG29_800=1/3", "2/5", 0, 0, 0);
    assert_eq!((shown(&s, 0), shown(&s, 1)), ("2/1".into(), "2/4".into()));
    let s = after_attack("BG29_800_G=2/6", "2/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "4/4");
    let s = after_attack("BG29_800=1/3+shield", "2/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/3");
    // Untameabull gains a shield each time damage lands.
    let s = after_attack("BG29_878=10/16", "3/20", 0, 0, 0);
    assert_eq!(
        (shown(&s, 0), shown(&s, 1)),
        ("10/13+s".into(), "3/10".into())
    );
    // Hardy Orca, attacked, gives its other minions +1/+1 before cleave
    // hits them; the attacker's hit back is unchanged.
    let s = after_attack("3/9+cleave", "2/3,BG34_312=1/6,2/3", 0, 1, 0);
    assert_eq!(shown(&s, 0), "3/8");
    assert_eq!(shown(&s, 1), "3/1,1/3+t,3/1");
    // Unforgiving Treant attacking: +2 attack to every friend, itself too.
    let s = after_attack("BG29_846=3/12,1/1", "5/5", 0, 0, 0);
    assert_eq!(
        (shown(&s, 0), shown(&s, 1)),
        ("5/7+t,3/1".into(), "5/2".into())
    );
    // Silver Goose summons a 2/2 taunt to its right, unmarked: it attacks
    // this round.
    let s = after_attack("BG29_801=2/3", "1/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/2,2/2+t");
    assert_eq!(s.board(0)[1].mark, UNMARKED);
    // Its summons move the slots cleave hits next: the right neighbour is
    // still the 3/3; a left neighbour's summon enters before the target.
    let s = after_attack("1/9+cleave", "1/1,BG29_801=2/3,3/3", 0, 1, 0);
    assert_eq!(shown(&s, 1), "2/2,2/2+t,3/2");
    let s = after_attack("1/9+cleave", "BG29_801=2/3,1/4,3/3", 0, 1, 0);
    assert_eq!(shown(&s, 1), "2/2,2/2+t,1/3,3/2");
    // A rally's strike on the goose left of the target moves the target:
    // the attack still hits it, not the fledgling.
    let s = after_attack("Obsidian Ravager=2/9", "BG29_801=2/9,3/9", 0, 1, 0);
    assert_eq!(shown(&s, 1), "2/7,2/2+t,3/5");
    assert_eq!(shown(&s, 0), "2/6");
    // A goose passed over this round summons a minion marked attacked
    // (Firestone); a dying goose still summons.
    let (mut s, kinds) = fresh("1/1", "BG29_801=2/3,5/5", ["", ""]);
    s.boards[1][0].mark = PASSED_OVER;
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 1), "2/2,2/2+t,5/5");
    assert_eq!(s.board(1)[1].mark, ATTACKED);
    let s = after_attack("5/9", "BG29_801=2/3", 0, 0, 0);
    assert_eq!(shown(&s, 1), "2/2+t");
    // Imp Gang Boss and Security Rover (not in Firestone) summon by their
    // text; golden Security Rover a 4/6.
    let s = after_attack("BG_BRM_006=2/4", "1/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/3,1/1");
    let s = after_attack("TB_BaconUps_041=4/12", "1/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "4/11,4/6+t");
    // Trigore hears another friendly Beast take damage (not itself, not
    // a non-Beast): +2 health.
    let s = after_attack("Trusty Pup=1/3,BG29_807=9/3", "1/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/2,9/5");
    let s = after_attack("BG29_807=9/3", "1/15", 0, 0, 0);
    assert_eq!(shown(&s, 0), "9/2");
    let s = after_attack("1/3,BG29_807=9/3", "1/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/2,9/3");
    // Effect damage is heard too: Boom-in-a-Box's 3 to every other minion
    // gives the Pup +1 and the goose a fledgling, and the damage still
    // reaches the minion right of the goose once.
    let (mut s, kinds) = fresh("Boom-in-a-Box,BG29_800=1/9", "BG29_801=2/9,4/9", ["", ""]);
    s.start_of_combat(&kinds, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 0), "5/10+t,2/6");
    assert_eq!(shown(&s, 1), "2/6,2/2+t,4/6");
}

#[test]
fn a_damaged_minions_summons_keep_their_marks_in_the_memo() {
    // A goose passed over and then hit summons a minion marked attacked:
    // the memo keys keep "passed over" apart from "attacked" for it (they
    // merged them, and the exact engine found a 1/8 draw no combat has).
    let c = combat("BG34_312,BG29_801,2/2", "3/3,BG34_312,3/1");
    let r = combat_exact(&c, 1_000_000, &Control::NONE).unwrap();
    assert!(close(summary(&r), tree_walk(&c)), "{:?}", summary(&r));
    assert!(r.win > 0.999, "{r:?}");
}

#[test]
fn stat_auras_follow_their_minion() {
    // Murloc Warleader: its other Murlocs have +2 attack, added to the
    // stats given; not itself, not other tribes; two give each other.
    let board = |a: &str| State::new(&parse_board(a).unwrap(), &parse_board("1/1").unwrap(), 0);
    assert_eq!(shown(&board("EX1_506a,BG_EX1_507,1/1").0, 0), "3/1,3/3,1/1");
    assert_eq!(shown(&board("BG_EX1_507,BG_EX1_507").0, 0), "5/3,5/3");
    // Golden Southsea Captain: +2/+2 to Pirates.
    assert_eq!(shown(&board("BGS_061t,TB_BaconUps_136").0, 0), "3/3,6/6");
    // The Warleader dies attacking: the Scout loses its +2.
    let s = after_attack("EX1_506a=1/5,BG_EX1_507=3/1", "5/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "1/5");
    // The Captain dies: its Pirates lose +1/+1, never below 1 health.
    let (mut s, kinds) = board("BGS_061t=1/1,BGS_061t=1/3,BG_NEW1_027=3/1");
    assert_eq!(shown(&s, 0), "2/2,2/4,3/1");
    s.boards[0][0].health = 1;
    s.attack(&kinds, 0, 2, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 0), "1/1,1/3");
    // A reborn Murloc returns with the bonus; a reborn Captain gives it
    // again.
    let s = after_attack("EX1_506a=1/1+reborn,BG_EX1_507", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/1,3/3");
    let s = after_attack("BGS_061t=1/4,BG_NEW1_027=3/1+reborn", "5/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "2/5,3/1");
    // A minion summoned mid-attack meets the auras too: Imp Gang Boss's
    // Imp beside Siegebreaker (other Demons +1 attack).
    let s = after_attack("BG_BRM_006=2/4,EX1_185", "1/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/3,2/1,5/8+t");
    assert_eq!(shown(&s, 1), "1/6");
}

#[test]
fn side_bonuses_outlive_their_minion() {
    // Goldrinn dies: the Beasts on the board have +7/+7, not the others.
    let s = after_attack("BGS_018=1/1,BG_EX1_554t=2/2,3/3", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "9/9,3/3");
    // Dying beside Goldrinn to one cleave, either side of it: Kindly
    // Grandmother's Big Bad Wolf enters with the bonus (Firestone: the
    // bonus as it enters, or the buff after it), so does a reborn Hyena.
    for a in [
        "BG_KAR_005=1/1,BGS_018=1/1,BG_EX1_534t=2/2+reborn,3/3",
        "BG_EX1_534t=2/2+reborn,BGS_018=1/1,BG_KAR_005=1/1,3/3",
    ] {
        let (mut s, kinds) = State::new(
            &parse_board(a).unwrap(),
            &parse_board("9/9+cleave").unwrap(),
            1,
        );
        s.attack(&kinds, 1, 0, 1, &mut First);
        let mut board: Vec<String> = shown(&s, 0).split(',').map(str::to_string).collect();
        board.sort();
        assert_eq!(board.join(","), "10/9,3/3,9/8", "{a}");
    }
    // Golden Goldrinn: +14/+14.
    let s = after_attack("TB_BaconUps_085=1/1,BG_EX1_554t=2/2", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "16/16");
    // Humming Bird at the start of combat: +1 attack to its Beasts, and to
    // a Beast summoned after it died (Grandmother's wolf: 4/2).
    let (mut s, kinds) = State::new(
        &parse_board("BG26_805=1/1,BG_KAR_005=1/1,3/3").unwrap(),
        &parse_board("9/9+cleave").unwrap(),
        1,
    );
    s.start_of_combat(&kinds, &mut First);
    assert_eq!(shown(&s, 0), "2/1,2/1,3/3");
    s.attack(&kinds, 1, 0, 1, &mut First);
    assert_eq!(shown(&s, 0), "4/2");
    // Plaguerunner: Undead +2 attack, Harmless Bonehead's skeletons too
    // (golden: +4).
    let s = after_attack("BG34_690=1/1,BG28_300=1/1,3/3", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/1,3/3");
    // Bonuses of three masks in one combat (Beasts, Undead, blood gems);
    // a fourth is refused.
    let c = combat(
        "BGS_018=1/1,BG34_690=1/1,BG_KAR_005=1/1",
        "Sanguine Champion=3/3,Tusked Camper",
    );
    assert!(close(
        summary(&combat_exact(&c, 1_000_000, &Control::NONE).unwrap()),
        tree_walk(&c)
    ));
    let mut c = combat("BGS_018,BG34_690", "Sanguine Champion");
    let mut fourth = c.a[0];
    if let model::Action::SideBonus { to, .. } = &mut fourth.effects[0].action {
        *to = model::BonusTo::Tribes(model::TRIBE_MURLOC);
    }
    c.b.push(fourth);
    let err = combat_exact(&c, 1_000, &Control::NONE).unwrap_err();
    assert!(err.to_string().contains("at most 3"), "{err}");
}

/// The memo keeps each side's bonuses: a beast entering after a state
/// met twice (with and without Goldrinn's bonus) takes the right one.
#[test]
fn side_bonuses_stay_in_the_memo() {
    assert_exact_is_the_tree(&[
        ("BGS_018=1/1,BG_KAR_005=1/1,BG_KAR_005=1/1", "3/3,4/4,2/5"),
        (
            "BG26_805,BG_KAR_005=1/2,BG_EX1_534t=1/1+reborn",
            "2/4,3/3,1/6",
        ),
        ("BG34_690=1/1,BG28_300,1/1", "4/4,3/5"),
    ]);
}

#[test]
fn reborn_given_in_combat_returns_a_fresh_copy() {
    // Mummifier dies: the Undead beside it gains reborn, and dying it
    // returns as a fresh 1/1 Bonehead after its two skeletons.
    let s = after_attack("BG28_309=1/1,BG28_300=3/3", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/3+r");
    let (mut s, kinds) = fresh("BG28_309=1/1,BG28_300=3/3", "9/9", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut crate::rng::Rng::new(1));
    s.attack(&kinds, 1, 0, 0, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1");
    assert_eq!(kinds.name(&s.boards[0][2]), Some("Harmless Bonehead"));
    // Never to another Mummifier, nor to one that has reborn.
    let s = after_attack("BG28_309=1/1,BG28_309=1/1,BG28_300", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1+r");
    let s = after_attack("BG28_309=1/1,BG28_300=1/1+reborn,2/2", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1+r,2/2");
    // Golden: two different Undead.
    let s = after_attack("BG28_309_G=1/1,BG28_300,BG28_300,BG28_300", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1+r,1/1+r,1/1");
    // Relentless Sentry gains taunt and reborn on its fourth friendly
    // death; its copy returns without them.
    let (mut s, kinds) = State::new(
        &parse_board("1/1,1/1,1/1,BG25_003=6/5,1/1").unwrap(),
        &parse_board("9/20+cleave").unwrap(),
        1,
    );
    let mut rng = crate::rng::Rng::new(1);
    s.attack(&kinds, 1, 0, 1, &mut rng);
    assert_eq!(shown(&s, 0), "6/5,1/1");
    assert!(!s.board(0)[0].has(model::REBORN));
    s.attack(&kinds, 0, 1, 0, &mut rng);
    let sentry = s.board(0)[0];
    assert!(
        sentry.has(model::TAUNT) && sentry.has(model::REBORN),
        "{}",
        shown(&s, 0)
    );
    // The exact engine keeps the marks of what a given reborn summons.
    assert_exact_is_the_tree(&[
        ("BG28_309=1/1,BG28_300,2/2", "2/3,1/2,3/1"),
        ("BG28_309_G=2/1,BG28_300=1/2,BG28_300", "3/3,2/4"),
        ("BG25_003=2/2,1/1,BG28_309=1/1", "1/1,1/1,3/6"),
        // Reborn given at the start of combat (Soulsplitter) is more
        // than the kind's potential counts: the states are ordered by
        // turns (ordered by potential, the answer summed to 0).
        ("BG25_023,BG28_300,BG28_300,3/3", "6/6,5/5,5/6"),
    ]);
}

#[test]
fn reborn_listeners_gain_as_each_copy_returns() {
    // Barrier Banshee (as Firestone: +7/+7 and a shield) for each friendly
    // copy, two in one phase twice; not for its own copy; golden doubles.
    let (mut s, kinds) = State::new(
        &parse_board("1/1+reborn,2/1+reborn,3/3,BG36_514=1/5").unwrap(),
        &parse_board("9/20+cleave").unwrap(),
        1,
    );
    s.attack(&kinds, 1, 0, 1, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 0), "1/1,2/1,15/19+s");
    let s = after_attack("BG36_514=1/1+reborn,2/2+reborn", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "8/1,2/2+r");
    let s = after_attack("1/1+reborn,BG36_514_G=1/5", "5/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,15/19+s");
    assert_exact_is_the_tree(&[
        ("BG36_514=1/2,1/1+reborn,2/1+reborn", "3/3,2/4,1/5"),
        (
            "2/1+reborn,BG36_514=2/3+reborn,BG28_309=1/1",
            "4/4,2/2+shield",
        ),
    ]);
}

#[test]
fn relentless_deflector_gains_taunt_with_its_shield() {
    // Entering shielded, it has taunt.
    let s = after_attack("BG34_405=5/4+shield,1/1", "9/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "5/4+t+s");
    // Avenge (3) gives the shield, and taunt with it; a broken shield
    // leaves the taunt (Firestone); golden alike.
    for (a, shielded) in [
        ("BG34_405=5/4,1/1,1/1,1/1", "5/4+t+s"),
        ("BG34_405_G=10/8,1/1,1/1,1/1", "10/8+t+s"),
    ] {
        let (mut s, kinds) = State::new(
            &parse_board(a).unwrap(),
            &parse_board("1/90+cleave").unwrap(),
            1,
        );
        s.attack(&kinds, 1, 0, 2, &mut crate::rng::Rng::new(1));
        assert_eq!(shown(&s, 0), shielded, "{a}");
        s.attack(&kinds, 1, 0, 0, &mut crate::rng::Rng::new(1));
        assert_eq!(shown(&s, 0), shielded.trim_end_matches("+s"), "{a}");
    }
    assert_exact_is_the_tree(&[
        ("BG34_405=2/3,1/1,1/1,1/1", "2/2,3/3,1/4"),
        ("1/1,BG34_405=2/2+shield,2/1", "3/3+cleave,1/1,2/2"),
    ]);
}

#[test]
fn wildfire_elemental_deals_its_excess_damage_to_a_neighbour() {
    // 6 damage to a 2/2: 4 to the left neighbour (pick 0) or the right one.
    let s = after_attack("BGS_126=6/8", "1/15,2/2,3/19", 0, 1, 0);
    assert_eq!(shown(&s, 1), "1/11,3/19");
    let s = after_attack("BGS_126=6/8", "1/15,2/2,3/19", 0, 1, 1);
    assert_eq!(shown(&s, 1), "1/15,3/15");
    // Golden: both; at an end, the one neighbour there is.
    let s = after_attack("TB_BaconUps_166=12/6", "1/15,2/2,3/19", 0, 1, 0);
    assert_eq!(shown(&s, 1), "1/5,3/9");
    let s = after_attack("BGS_126=6/8", "2/2,3/19", 0, 0, 0);
    assert_eq!(shown(&s, 1), "3/15");
    // No kill (a shield), no excess; exactly killed, nothing past it.
    let s = after_attack("BGS_126=6/8", "1/15,2/2+shield,3/19", 0, 1, 0);
    assert_eq!(shown(&s, 1), "1/15,2/2,3/19");
    let s = after_attack("BGS_126=6/8", "1/15,2/6,3/19", 0, 1, 0);
    assert_eq!(shown(&s, 1), "1/15,3/19");
    // The attacker's poison goes with it.
    let s = after_attack("BGS_126=6/8+poison", "1/15,2/2,3/19", 0, 1, 0);
    assert_eq!(shown(&s, 1), "3/19");
    // The neighbour as the attack began: not the Fledgling the damaged
    // Silver Goose summoned to its right.
    let s = after_attack("BGS_126=6/8", "1/15,BG29_801=2/3,3/19", 0, 1, 1);
    assert_eq!(shown(&s, 1), "1/15,2/2+t,3/16");
    assert_exact_is_the_tree(&[
        ("BGS_126=4/5,1/1", "1/1,2/2,1/3"),
        ("TB_BaconUps_166=5/4", "1/2,2/1+shield,2/2,1/1"),
    ]);
}

#[test]
fn snazzy_phantom_gives_a_reborn_copys_attack_to_the_right_most_undead() {
    // The 2/1's copy returns with 2 attack: the right-most Undead (the
    // Bonehead's second Skeleton) gets +2/+2; golden +4/+4; a copy with
    // no attack gives nothing. The copy returns right of the Phantom:
    // Firestone's count from the right (`rules::reborn_place`) moves it
    // past the survivor for the Skeleton counted below it.
    for (phantom, last) in [("BG36_515=1/5", "3/3"), ("BG36_515_G=1/5", "5/5")] {
        let (mut s, kinds) = State::new(
            &parse_board(&format!("2/1+reborn,{phantom},BG28_300=1/1")).unwrap(),
            &parse_board("3/30+cleave").unwrap(),
            1,
        );
        s.attack(&kinds, 1, 0, 1, &mut crate::rng::Rng::new(1));
        assert_eq!(shown(&s, 0), format!("1/2,2/1,1/1,{last}"), "{phantom}");
    }
    let s = after_attack("BG36_515=1/5,0/1+reborn", "9/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "1/5,0/1");
    assert_exact_is_the_tree(&[
        ("1/1+reborn,BG36_515=1/2,BG28_300=1/1", "2/2,1/3,2/1"),
        ("BG36_515=2/2+reborn,2/1+reborn", "3/3+cleave,1/1"),
    ]);
}

#[test]
fn scarlet_survivor_gains_a_shield_once_it_reaches_6_attack() {
    // Ship Master Eudora's +8/+8 carries a 3/3 past 6 attack: a shield.
    let s = after_attack("BG35_814=3/3,BG33_828=1/1", "9/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "11/11+s");
    // Given with 6 or more, it reached it before: no shield.
    let s = after_attack("BG35_814=6/3,BG33_828=1/1", "9/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "14/11");
    // A golden's reborn copy enters with 6: shielded; a normal one not.
    for (a, copy) in [
        ("BG35_814_G=6/6+reborn", "6/1+s"),
        ("BG35_814=5/5+reborn", "3/1"),
    ] {
        let (mut s, kinds) = State::new(&parse_board(a).unwrap(), &parse_board("9/20").unwrap(), 1);
        s.attack(&kinds, 1, 0, 0, &mut crate::rng::Rng::new(1));
        assert_eq!(shown(&s, 0), copy, "{a}");
    }
    assert_exact_is_the_tree(&[
        ("BG35_814=3/3,BG33_828=1/1", "2/2,3/3,1/2"),
        ("BG33_828=1/2,BG35_814_G=6/2+reborn", "3/3+cleave,2/2"),
    ]);
}

#[test]
fn titus_rivendare_makes_deathrattles_trigger_again() {
    // Harmless Bonehead's two skeletons twice (tokens of every trigger
    // enter in the dead minion's slot).
    let s = after_attack("Harmless Bonehead,Titus Rivendare", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,1/7");
    // Golden: two extra times; the board's room still bounds the tokens.
    let s = after_attack("Harmless Bonehead,golden Titus Rivendare", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,1/1,1/1,2/14");
    // Trigger by trigger, tokens then effect (as Firestone): Underrot
    // Spawn's second tentacle misses the first +1 attack; the survivors
    // and the first tentacle get both.
    let s = after_attack("Underrot Spawn,Titus Rivendare", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/2+t,1/2+t,3/7");
    // Deathrattle effects fire again (Scarlet Skull: +1/+2 to an Undead,
    // the same Bonehead twice), reborn does not.
    let s = after_attack(
        "Scarlet Skull,Harmless Bonehead,Titus Rivendare",
        "3/3",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "2/1,3/5,1/7");
    // A Titus dying in the same death phase gives nothing: cleave kills
    // both, and the Bonehead's two skeletons enter once.
    let s = after_attack(
        "9/9+cleave",
        "Harmless Bonehead,Titus Rivendare=1/1",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 1), "1/1,1/1");
}

#[test]
fn moira_bronzebeard_sets_the_triggers_and_titus_adds_to_them() {
    // Twice; two Moiras still twice (Firestone takes the most); a Titus
    // beside one adds his extra time: three.
    let s = after_attack("Harmless Bonehead,Moira Bronzebeard", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,3/9");
    let s = after_attack(
        "Scarlet Skull,Harmless Bonehead,Moira Bronzebeard,Moira Bronzebeard",
        "3/3",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "2/1,3/5,3/9,3/9");
    let s = after_attack(
        "Scarlet Skull,Harmless Bonehead,Moira Bronzebeard,Titus Rivendare",
        "3/3",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "2/1,4/7,3/9,1/7");
    // Golden: three times.
    let s = after_attack("Harmless Bonehead,golden Moira Bronzebeard", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,1/1,1/1,6/18");
}

#[test]
fn baron_rivendare_is_moira_s_deathrattle_aura() {
    // Twice; two Barons still twice; a Titus adds his extra time: three
    // (six Skeletons, five fit beside the two); golden: three times.
    let s = after_attack("Harmless Bonehead,Baron Rivendare", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,1/7");
    let s = after_attack(
        "Harmless Bonehead,Baron Rivendare,Baron Rivendare",
        "3/3",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,1/7,1/7");
    let s = after_attack(
        "Harmless Bonehead,Baron Rivendare,Titus Rivendare=1/2",
        "3/3",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,1/1,1/7,1/2");
    let s = after_attack("Harmless Bonehead,golden Baron Rivendare", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,1/1,1/1,1/1,2/14");
}

#[test]
fn a_token_with_reborn_returns_once() {
    // Handless Forsaken: a 2/1 undead Hand with reborn; the Hand, killed,
    // returns as a 2/1 without reborn.
    let s = after_attack("Handless Forsaken", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/1+r");
    let hand = combat("Handless Forsaken", "1/3");
    // Forsaken, Hand, Hand again each deal 2: the 1/3 dies on the second
    // hit, and it kills one minion per attack: A first or B first, the
    // counting below is the tree's.
    let r = combat_exact(&hand, 1000, &Control::NONE).unwrap();
    assert!(close(summary(&r), tree_walk(&hand)));
    assert!(r.win > 0.99, "{r:?}");
}

#[test]
fn rally_summons_to_the_right_before_the_damage() {
    // Flittering Bat attacks: a 1/1 Beast enters to its right, unmarked,
    // then the Bat hits.
    let s = after_attack("Flittering Bat,2/2", "1/5", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/3,1/1,2/2");
    assert_eq!(s.board(0)[1].mark, UNMARKED);
    assert_eq!(shown(&s, 1), "1/4");
}

#[test]
fn rally_removes_keywords_from_the_target_before_the_damage() {
    // Sin'dorei Straight Shot's target loses taunt and reborn, so it dies
    // for good.
    let s = after_attack("Sin'dorei Straight Shot=3/9", "3/3+taunt+reborn", 0, 0, 0);
    assert_eq!(shown(&s, 1), "");
    // Without the effect, the reborn copy returns.
    let s = after_attack("3/9+shield", "3/3+taunt+reborn", 0, 0, 0);
    assert_eq!(shown(&s, 1), "3/1+t");
}

#[test]
fn strikes_deal_the_attack_to_their_targets() {
    // Obsidian Ravager's rally: 7 to the target and one neighbour drawn
    // at random (the first pick: the left one), then the attack itself.
    let s = after_attack("Obsidian Ravager", "1/20,1/10,1/30", 0, 1, 0);
    assert_eq!(shown(&s, 1), "1/13,1/30");
    let s = after_attack("Obsidian Ravager", "1/20,1/10,1/30", 0, 1, 1);
    assert_eq!(shown(&s, 1), "1/20,1/23");
    // Golden: both neighbours.
    let s = after_attack("golden Obsidian Ravager=7/7", "1/20,1/10,1/30", 0, 1, 0);
    assert_eq!(shown(&s, 1), "1/13,1/23");
    // De-volition-ist: after its attack, its attack again to the living
    // enemy of the highest health (after the attack's damage).
    let s = after_attack("De-volition-ist", "1/9,1/3,1/6", 0, 0, 0);
    assert_eq!(shown(&s, 1), "1/5,1/3,1/2");
    let s = after_attack("golden De-volition-ist=4/16", "1/9,1/3,1/6", 0, 0, 0);
    assert_eq!(shown(&s, 1), "1/5,1/3");
}

#[test]
fn attack_immediately_at_the_start_of_combat() {
    // Heroic Broodmother attacks the 5/5 before the combat, gaining a
    // shield (its rally) first, which the hit back takes: it kills it and
    // keeps its health.
    let (mut s, kinds) = fresh("Heroic Broodmother", "5/5", ["", ""]);
    s.start_of_combat(&kinds, &mut crate::rng::Rng::new(1));
    assert_eq!(shown(&s, 0), "7/7");
    assert_eq!(shown(&s, 1), "");
    // Its target at random: the 5/5 (then it faces the 1/1 as a 7/7) or
    // the 1/1 (then the 5/5 with its shield back from the next rally).
    let r = exact("Heroic Broodmother", "5/5,1/1");
    assert_eq!(r.win, 1.0);
    // Golden: twice, with a shield from its rally each time: 7 to a 9/9,
    // then 7 to the same one (it dies) or to the other.
    let (s, kinds) = State::new(
        &parse_board("golden Heroic Broodmother=7/7").unwrap(),
        &parse_board("9/9,9/9").unwrap(),
        0,
    );
    let mut boards: Vec<(String, String)> =
        StartOutcomes::enumerate(&s, &kinds, 100, &Control::NONE)
            .expect("few ways")
            .outcomes
            .iter()
            .map(|(s, _)| (shown(s, 0), shown(s, 1)))
            .collect();
    boards.sort();
    boards.dedup();
    let seven = || "7/7".to_string();
    assert_eq!(
        boards,
        [
            (seven(), "9/2,9/2".to_string()),
            (seven(), "9/9".to_string())
        ]
    );
}

/// Fourteen minions attacking at the start of combat go billions of ways:
/// the exact engine stops at its state budget instead of listing them, and
/// Monte Carlo plays the phase in each combat.
#[test]
fn a_start_of_combat_of_billions_of_ways_is_bounded() {
    let side = ["Heroic Broodmother=1/50"; 7].join(",");
    let c = combat(&side, &side);
    let err = combat_exact(&c, 10_000, &Control::NONE).unwrap_err();
    assert_eq!(err.kind(), crate::error::ErrorKind::BudgetExceeded);
    assert!(err.to_string().contains("more than 10000 ways"), "{err}");
    let sampled = combat_monte_carlo(&c, 50, 1, 1, &Control::NONE).unwrap();
    assert_eq!(sampled.states, 50);
    // Nothing dies: 400 attacks, a draw.
    assert_eq!(sampled.draw, 1.0);
}

#[test]
fn the_last_one_standing_gives_a_minion_of_each_type() {
    // (attacker's board, defender's board, pick, boards after the first
    // attack): the rally, before the damage, gives one minion per tribe,
    // as many tribes as can be covered (the Parrot must stand for the
    // Pirates, the Pup for the Beasts), and every All minion (itself
    // too); a minion without a tribe gets nothing; golden: once, +30/+30.
    // Timewarped Chimera gives the same each time damage lands on it
    // (golden: two draws of +2/+1).
    for (a, b, pick, after) in [
        (
            "The Last One Standing=1/1,Treasure Parrot=1/1,Wolf Pup=1/1,2/2",
            "1/100",
            0,
            ["16/15,16/16,16/16,2/2", "1/84"],
        ),
        (
            "golden The Last One Standing=1/1,Treasure Parrot=1/1",
            "1/100",
            0,
            ["31/30,31/31", "1/69"],
        ),
        // Two Beasts, one tribe: one of them, drawn.
        (
            "The Last One Standing=1/1,Wolf Pup=1/1,Wolf Pup=1/1",
            "1/100",
            0,
            ["16/15,16/16,1/1", "1/84"],
        ),
        (
            "The Last One Standing=1/1,Wolf Pup=1/1,Wolf Pup=1/1",
            "1/100",
            1,
            ["16/15,1/1,16/16", "1/84"],
        ),
        (
            "Timewarped Chimera=1/8,Wolf Pup=1/1",
            "2/10",
            0,
            ["3/7,3/2", "2/9"],
        ),
        (
            "golden Timewarped Chimera=1/8,Wolf Pup=1/1",
            "2/10",
            0,
            ["5/8,5/3", "2/9"],
        ),
    ] {
        let s = after_attack(a, b, 0, 0, pick);
        assert_eq!([shown(&s, 0), shown(&s, 1)], after, "{a} (pick {pick})");
    }
}

/// Firestone's `getMinionsOfDifferentTypes` read literally, as an oracle:
/// the chance of each set of slots it buffs (bit per slot). The ten tribes
/// are shuffled whole (those no minion has included); the matching is a
/// brute-force maximum.
fn each_tribe_oracle(tribes: &[u32], all: u32) -> std::collections::HashMap<u32, f64> {
    fn matching(tribes: &[u32], minions: u32, used: u32) -> usize {
        if minions == 0 {
            return 0;
        }
        let i = minions.trailing_zeros() as usize;
        let rest = minions & (minions - 1);
        let mut best = matching(tribes, rest, used);
        for t in 0..10 {
            if tribes[i] & !used & (1 << t) != 0 {
                best = best.max(1 + matching(tribes, rest, used | 1 << t));
            }
        }
        best
    }
    #[allow(clippy::too_many_arguments)]
    fn walk(
        tribes: &[u32],
        remaining: u32,
        unshuffled: u32,
        used: u32,
        picked: u32,
        target: usize,
        p: f64,
        out: &mut std::collections::HashMap<u32, f64>,
    ) {
        if picked.count_ones() as usize >= target || unshuffled == 0 {
            *out.entry(picked).or_default() += p;
            return;
        }
        let left = unshuffled.count_ones();
        for t in 0..10 {
            let tribe = 1u32 << t;
            if unshuffled & tribe == 0 {
                continue;
            }
            let need = target - picked.count_ones() as usize - 1;
            let valid: Vec<usize> = (0..tribes.len())
                .filter(|&i| remaining & (1 << i) != 0 && tribes[i] & tribe != 0)
                .filter(|&i| matching(tribes, remaining & !(1 << i), used | tribe) >= need)
                .collect();
            let p = p / f64::from(left);
            if valid.is_empty() {
                walk(
                    tribes,
                    remaining,
                    unshuffled & !tribe,
                    used,
                    picked,
                    target,
                    p,
                    out,
                );
            }
            for &i in &valid {
                walk(
                    tribes,
                    remaining & !(1 << i),
                    unshuffled & !tribe,
                    used | tribe,
                    picked | 1 << i,
                    target,
                    p / valid.len() as f64,
                    out,
                );
            }
        }
    }
    let remaining = (0..tribes.len())
        .filter(|&i| tribes[i] != 0 && all & (1 << i) == 0)
        .fold(0u32, |m, i| m | 1 << i);
    let target = matching(tribes, remaining, 0);
    let mut out = std::collections::HashMap::new();
    walk(
        tribes,
        remaining,
        (1 << 10) - 1,
        0,
        0,
        target,
        1.0,
        &mut out,
    );
    out.into_iter().map(|(set, p)| (set | all, p)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// "A friendly minion of each type" draws its minions with the
    /// chances of Firestone's algorithm read literally.
    #[test]
    fn each_tribe_draws_as_firestone(names in prop::collection::vec(prop::sample::select(vec![
        "Timecap'n Hooktail", "Felboar", "Prosthetic Hand", "Ominous Seer", "Firescale Hoarder",
        "Felfire Conjurer", "Flaming Enforcer", "Treasure Parrot", "Gearfin", "Wolf Pup",
        "Cord Puller", "Amber Guardian", "Harmless Bonehead", "2/2", "The Last One Standing",
    ]), 1..=6)) {
        let board: Vec<String> = names
            .iter()
            .map(|&n| if n.contains('/') { n.to_string() } else { format!("{n}=1/1") })
            .collect();
        let minions = parse_board(&board.join(",")).unwrap();
        let (s, kinds) = State::new(&minions, &parse_board("1/1").unwrap(), 0);
        let tribes: Vec<u32> = minions.iter().map(|m| m.tribes & model::EVERY_TRIBE).collect();
        let all = minions.iter().enumerate()
            .filter(|(_, m)| m.tribes & model::TRIBE_ALL != 0)
            .fold(0u32, |a, (i, _)| a | 1 << i);
        let expected = each_tribe_oracle(&tribes, all);
        let mut got = std::collections::HashMap::<u32, f64>::new();
        let mut odometer = Odometer::new();
        loop {
            odometer.rewind();
            let (picks, n) = super::act::each_tribe_picks(&kinds, s.board(0), super::listeners::REACH_ALL, &mut odometer);
            let set = picks[..n].iter().fold(0u32, |m, &i| m | 1 << i);
            prop_assert_eq!(set.count_ones() as usize, n, "a minion taken twice");
            // All minions last.
            prop_assert!(picks[..n].iter().skip_while(|&&i| all & (1 << i) == 0).all(|&i| all & (1 << i) != 0));
            *got.entry(set).or_default() += odometer.probability();
            if !odometer.advance() {
                break;
            }
        }
        prop_assert_eq!(got.len(), expected.len(), "{:?} vs {:?}", got, expected);
        for (set, p) in &expected {
            prop_assert!((got.get(set).copied().unwrap_or(0.0) - p).abs() < 1e-9, "{:?}: {:?} vs {:?}", names, got, expected);
        }
    }
}

#[test]
fn hoarding_hyena_summons_a_tasty_lobster_with_its_deathrattle() {
    // Its rally summons a Tasty Lobster (2/1, golden 4/2) to its right,
    // before the damage; the Lobster's deathrattle then gives a random
    // friendly Beast 1 + n times +2/+1, n the side's improvements.
    for (hyena, bonuses, summoned, after_lobster) in [
        ("Hoarding Hyena=1/5", "", "1/3,2/1", "3/4"),
        ("golden Hoarding Hyena=1/5", "", "1/3,4/2", "5/5"),
        ("Hoarding Hyena=1/5", "lobsters=1", "1/3,2/1", "5/5"),
    ] {
        let (mut s, kinds) = fresh(hyena, "2/30", [bonuses, ""]);
        s.attack(&kinds, 0, 0, 0, &mut First);
        assert_eq!(shown(&s, 0), summoned, "{hyena} {bonuses}");
        s.attack(&kinds, 1, 0, 1, &mut First);
        assert_eq!(shown(&s, 0), after_lobster, "{hyena} {bonuses}");
    }
}

#[test]
fn a_reborn_underrot_spawn_gives_its_cards_own_attack() {
    // Script numbers set the first life's gift (+5 Attack); the reborn
    // copy is a fresh card (+1), as Firestone resets them.
    use crate::hearthstone::firestone::{CardRef, EntityFlags, minion_of_entity};
    let flags = EntityFlags {
        reborn: Some(true),
        script_data: [Some(5), None, None, None],
        ..EntityFlags::default()
    };
    let underrot = minion_of_entity(CardRef::Text("BG36_116"), 2, 1, &flags).unwrap();
    let (mut s, kinds) = State::new(&[underrot], &parse_board("10/100+cleave").unwrap(), 0);
    s.attack(&kinds, 1, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "5/2+t,2/1");
    // The cleave kills the Tentacle and the copy: its Tentacle gets +1.
    s.attack(&kinds, 1, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "1/2+t");
}

#[test]
fn lurking_leviathans_gift_grows_with_each_beast_it_gives_to() {
    // Each Buzzing Vermin attacks the 1/100 and dies; its Beetle (2/2)
    // gets the Leviathan's gift: +2, then +4 (golden +4, then +8), as
    // Firestone plays it. Two Leviathans count apart; a non-Beast summon
    // gets nothing and is not counted.
    // (board, the slot of the second attacker, the board after).
    for (a, next, after) in [
        (
            "Buzzing Vermin=1/1,Buzzing Vermin=1/1,Lurking Leviathan",
            1,
            "4/2,6/2,3/9",
        ),
        (
            "Buzzing Vermin=1/1,Buzzing Vermin=1/1,golden Lurking Leviathan",
            1,
            "6/2,10/2,6/18",
        ),
        (
            "Buzzing Vermin=1/1,Buzzing Vermin=1/1,Lurking Leviathan,Lurking Leviathan",
            1,
            "6/2,10/2,3/9,3/9",
        ),
        (
            "Harmless Bonehead=1/1,Buzzing Vermin=1/1,Lurking Leviathan",
            2,
            "1/1,1/1,4/2,3/9",
        ),
    ] {
        let (mut s, kinds) = fresh(a, "1/100", ["", ""]);
        s.attack(&kinds, 0, 0, 0, &mut First);
        s.attack(&kinds, 0, next, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
    // A rally's two Beasts enter left to right, each heard before the
    // next (Firestone's spawn order): +2 to the left one, +4 to the right.
    let s = after_attack("golden Flittering Bat,Lurking Leviathan", "1/100", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/7,3/1,5/1,3/9");
}

#[test]
fn a_leviathans_count_stops_at_its_four_bits() {
    // The 15th gift is +2 + 14 x 2 = +30 (a 2/2 Beetle enters as 32/2);
    // from then on each is as large as the 16th, +32.
    let (mut s, kinds) = fresh("Buzzing Vermin=1/1,Lurking Leviathan", "1/100", ["", ""]);
    s.boards[0][1].set_count(14);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "32/2,3/9");
    assert_eq!(s.board(0)[1].count(), model::MAX_COUNT);
    let (mut s, kinds) = fresh(
        "Buzzing Vermin=1/1,Buzzing Vermin=1/1,Lurking Leviathan",
        "1/100",
        ["", ""],
    );
    s.boards[0][2].set_count(model::MAX_COUNT);
    s.attack(&kinds, 0, 0, 0, &mut First);
    s.attack(&kinds, 0, 1, 0, &mut First);
    assert_eq!(shown(&s, 0), "34/2,34/2,3/9");
}

#[test]
fn summon_listeners_that_gain_themselves() {
    // Swampstriker: after a Murloc is summoned (Tad's reborn copy, its
    // card's 2/1), +1
    // Attack (golden +2); a non-Murloc is not heard.
    for (a, after) in [
        ("Tad=1/1+reborn,Swampstriker", "2/1,2/5"),
        ("Tad=1/1+reborn,golden Swampstriker", "2/1,4/10"),
        ("Snake=1/1+reborn,Swampstriker", "1/1,1/5"),
        // Murloc Tidecaller, whenever: +1 Attack.
        ("Tad=1/1+reborn,Murloc Tidecaller", "2/1,2/2"),
        // Xylo-bones: +2 Health per minion summoned (the two skeletons),
        // golden +4.
        ("Harmless Bonehead=1/1,Xylo-bones", "1/1,1/1,5/5"),
        ("Harmless Bonehead=1/1,golden Xylo-bones", "1/1,1/1,10/10"),
        // Cobalt Guardian: a Mech summoned (the Gift Horse's Mechorses)
        // gives it a shield.
        ("Mechanized Gift Horse=1/1,Cobalt Guardian", "2/2,2/2,6/3+s"),
    ] {
        let (mut s, kinds) = fresh(a, "3/30", ["", ""]);
        s.attack(&kinds, 0, 0, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
    // Deflect-o-Bot: it loses its shield attacking; each Mech summoned
    // gives it +2 Attack and its shield back (golden +4).
    for (bot, lost, after) in [
        ("Deflect-o-Bot", "3/2", "7/2+s,2/2,2/2"),
        ("golden Deflect-o-Bot", "6/4", "14/4+s,4/4,4/4"),
    ] {
        let horse = if bot.starts_with("golden") {
            "golden Mechanized Gift Horse=1/1"
        } else {
            "Mechanized Gift Horse=1/1"
        };
        let (mut s, kinds) = fresh(&format!("{bot},{horse}"), "1/30", ["", ""]);
        s.attack(&kinds, 0, 0, 0, &mut First);
        assert_eq!(shown(&s, 0), format!("{lost},1/1"), "{bot}");
        s.attack(&kinds, 0, 1, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{bot}");
    }
}

#[test]
fn mechanized_gift_horses_mechorses_summon_mechaponies() {
    // The horse dies: two 2/2 Mechorses; a Mechorse dies: a 1/1
    // Mechapony in its place (golden: 4/4 and 2/2).
    let s = after_attack("Mechanized Gift Horse=1/1,1/9", "3/30", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/2,2/2,1/9");
    let s = after_attack("golden Mechanized Gift Horse=1/1", "9/90", 0, 0, 0);
    assert_eq!(shown(&s, 0), "4/4,4/4");
    let (mut s, kinds) = fresh("Mechanized Gift Horse=1/1,1/9", "3/30", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    s.attack(&kinds, 1, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "1/1,2/2,1/9");
    assert_exact_is_the_tree(&[
        ("Mechanized Gift Horse=1/1", "4/5,2/2"),
        ("golden Mechanized Gift Horse=2/2", "5/9+shield"),
    ]);
}

#[test]
fn anubaraks_deathrattle_gives_undead_attack_for_the_combat() {
    // Anub'arak dies: the Undead (BG28_300) +1 Attack, the 3/3 nothing;
    // golden +2.
    let s = after_attack("BG25_007=1/1,BG28_300=1/1,3/3", "5/90", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/1,3/3");
    let s = after_attack("BG25_007_G=1/1,BG28_300=1/1,3/3", "5/90", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/1,3/3");
    // Undead summoned later enter with it (Harmless Bonehead's skeletons).
    let (mut s, kinds) = fresh("BG25_007=1/1,Harmless Bonehead=1/1", "5/90", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "2/1,2/1");
}

#[test]
fn fire_forged_evoker_gives_dragons_its_script_numbers() {
    // No script numbers: its card's +2/+2 to each Dragon, itself too
    // (golden +4/+4); the 3/3 gets nothing.
    for (a, after) in [
        ("Fire-forged Evoker,Doting Dracthyr,3/3", "10/8,6/5,3/3"),
        ("golden Fire-forged Evoker,Doting Dracthyr", "20/16,8/7"),
    ] {
        let (mut s, kinds) = fresh(a, "1/1", ["", ""]);
        s.start_of_combat(&kinds, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
    // Script numbers set the gift; a 0 is a gift of 0.
    use crate::hearthstone::firestone::{CardRef, EntityFlags, minion_of_entity};
    let flags = EntityFlags {
        script_data: [Some(5), Some(0), None, None],
        ..EntityFlags::default()
    };
    let evoker = minion_of_entity(CardRef::Text("BG32_822"), 8, 6, &flags).unwrap();
    let dragon = parse_board("Doting Dracthyr").unwrap()[0];
    let (mut s, kinds) = State::new(&[evoker, dragon], &parse_board("1/1").unwrap(), 0);
    s.start_of_combat(&kinds, &mut First);
    assert_eq!(shown(&s, 0), "13/6,9/3");
}

#[test]
fn corrupted_myrmidon_multiplies_its_own_stats_at_the_start() {
    // Its stats as they are when it fires, doubled (golden tripled);
    // Timewarped Ultralisk likewise, its cleave kept.
    for (a, after) in [
        ("Corrupted Myrmidon=3/4,1/1", "6/8,1/1"),
        ("golden Corrupted Myrmidon=6/6", "18/18"),
        ("Timewarped Ultralisk=2/3", "4/6"),
        ("golden Timewarped Ultralisk=2/3", "6/9"),
    ] {
        let (mut s, kinds) = fresh(a, "1/1", ["", ""]);
        s.start_of_combat(&kinds, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
    // Start-of-combat damage lands first when the other side fires first:
    // Boom-in-a-Box's 3 leaves it 3/1, doubled to 6/2 (a unit keeps no
    // maximum health: Firestone adds its undamaged 4, 6/5).
    let (mut s, kinds) = fresh("Corrupted Myrmidon=3/4", "Boom-in-a-Box=1/9", ["", ""]);
    struct Second;
    impl Chooser for Second {
        fn pick(&mut self, n: u32) -> u32 {
            n - 1
        }
    }
    s.start_of_combat(&kinds, &mut Second);
    assert_eq!(shown(&s, 0), "6/2");
}

#[test]
fn misfit_dragonling_gains_its_sides_tier() {
    // Tier 4: the 2/1 is 6/5; golden: twice the tier. The other side's
    // tier is its own.
    for (a, b, after) in [
        ("Misfit Dragonling,1/1", "1/1", "6/5,1/1"),
        ("golden Misfit Dragonling", "1/1", "12/10"),
    ] {
        let (mut s, mut kinds) = fresh(a, b, ["", ""]);
        kinds.set_tiers([4, 2]);
        s.start_of_combat(&kinds, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
    let (mut s, mut kinds) = fresh("1/1", "Misfit Dragonling", ["", ""]);
    kinds.set_tiers([4, 2]);
    s.start_of_combat(&kinds, &mut First);
    assert_eq!(shown(&s, 1), "4/3");
    // The combat's tiers reach it: at tier 3 it is a 5/4, and trades with
    // a 4/5 (a draw); at tier 1 a 3/2 loses.
    let mut c = combat("Misfit Dragonling", "4/5");
    c.tiers = [3, 1];
    let r = combat_exact(&c, 1_000_000, &Control::NONE).unwrap();
    assert_eq!(r.draw, 1.0);
    assert_eq!(exact("Misfit Dragonling", "4/5").loss, 1.0);
}

#[test]
fn monstrous_macaw_runs_the_left_most_deathrattle_as_it_attacks() {
    // The Macaw (A's slot `attacker`) attacks the 1/20 and takes 1. The
    // left-most friendly deathrattle but its own runs in its slot: tokens
    // to its right, while there is room; the minion lives on.
    for (a, attacker, after) in [
        // Harmless Bonehead's two skeletons.
        (
            "Harmless Bonehead=1/1,Monstrous Macaw=5/9",
            1,
            "1/1,1/1,1/1,5/8",
        ),
        // Not a minion without one; not the Macaw's own deathrattle.
        (
            "1/1,Monstrous Macaw=5/9,Harmless Bonehead=1/1,Harmless Bonehead=2/2",
            1,
            "1/1,5/8,1/1,1/1,1/1,2/2",
        ),
        // Golden: twice.
        (
            "Harmless Bonehead=1/1,golden Monstrous Macaw=5/9",
            1,
            "1/1,1/1,1/1,1/1,1/1,5/8",
        ),
        // Seven at most: one skeleton has room.
        (
            "Harmless Bonehead=1/1,1/1,1/1,1/1,1/1,Monstrous Macaw=5/9",
            5,
            "1/1,1/1,1/1,1/1,1/1,1/1,5/8",
        ),
        // Titus Rivendare's extra trigger, as in a death phase.
        (
            "Harmless Bonehead=1/1,Titus Rivendare=1/9,Monstrous Macaw=5/9",
            2,
            "1/1,1/1,1/1,1/1,1/1,1/9,5/8",
        ),
        // A deathrattle's effect: Spawn of N'Zoth gives every friendly
        // minion +1/+1, itself too (it is on the board).
        ("Spawn of N'Zoth=2/2,Monstrous Macaw=5/9", 1, "3/3,6/9"),
        // A deathrattle that acts outside the boards runs to no effect,
        // and is the left-most one.
        (
            "Draconic Warden=1/1,Harmless Bonehead=1/1,Monstrous Macaw=5/9",
            2,
            "1/1,1/1,5/8",
        ),
        // Nothing to trigger.
        ("2/2,Monstrous Macaw=5/9", 1, "2/2,5/8"),
    ] {
        let (mut s, kinds) = fresh(a, "1/20", ["", ""]);
        s.attack(&kinds, 0, attacker, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
    // The tokens enter free to attack this round, even left of the Macaw
    // (Firestone marks only a death phase's tokens): the next attacker.
    let (mut s, kinds) = fresh(
        "Harmless Bonehead=1/1,Monstrous Macaw=5/9",
        "0/20",
        ["", ""],
    );
    for (attacker, at) in [(0, 0), (1, 1)] {
        s.turn = 0;
        assert_eq!(s.next_attacker(), (0, at));
        s.attack(&kinds, 0, attacker, 0, &mut First);
    }
    assert_eq!(shown(&s, 0), "1/1,1/1,1/1,5/9");
    s.turn = 0;
    assert_eq!(s.next_attacker(), (0, 1));
    assert_eq!(s.board(0)[2].mark, UNMARKED);
}

#[test]
fn a_deathrattle_run_by_the_macaw_is_no_death() {
    // No death listener hears it (Junkbot gains on each friendly Mech
    // death), no avenge counts it (Hungering Abomination's avenge (1));
    // a Falling Sky Golem counts the deathrattle triggered.
    for (a, attacker, after) in [
        (
            "Harvest Golem=1/1,Junkbot=1/1,Monstrous Macaw=5/9",
            2,
            "1/1,2/1,1/1,5/8",
        ),
        (
            "Harmless Bonehead=1/1,Hungering Abomination=1/1,Monstrous Macaw=5/9",
            2,
            "1/1,1/1,1/1,1/1,5/8",
        ),
        (
            "Harmless Bonehead=1/1,Falling Sky Golem=1/1,Monstrous Macaw=5/9",
            2,
            "1/1,1/1,1/1,5/3+s,5/8",
        ),
    ] {
        let (mut s, kinds) = fresh(a, "1/20", ["", ""]);
        s.attack(&kinds, 0, attacker, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
}

#[test]
fn macaw_boards_agree_across_engines() {
    assert_exact_is_the_tree(&[
        ("Harmless Bonehead=1/1,Monstrous Macaw=2/3", "3/3,2/2"),
        ("Monstrous Macaw=2/2,Spawn of N'Zoth=1/1", "2/2,1/3"),
        ("golden Monstrous Macaw=2/2,Selfless Hero=1/1", "3/3,1/1"),
    ]);
    for (i, (a, b)) in [
        (
            "Harmless Bonehead,Monstrous Macaw,Titus Rivendare",
            "4/6+taunt,3/3,5/2",
        ),
        (
            "Selfless Hero,golden Monstrous Macaw,Spawn of N'Zoth",
            "Monstrous Macaw,Harmless Bonehead,6/6",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        assert_monte_carlo_agrees(&combat(a, b), 53 + i as u64, a);
    }
}

#[test]
fn deathrattle_damage_reaches_both_boards_and_its_deaths_follow() {
    // A's first minion attacks B's first; the boards after all deaths.
    for (a, b, after_a, after_b) in [
        // Tunnel Blaster: 3 to every living minion, its own side first.
        ("Tunnel Blaster=1/1,2/5", "3/3,1/4", "2/2", "1/1"),
        // A second Tunnel Blaster its damage kills fires in turn.
        ("Tunnel Blaster=1/1,Tunnel Blaster=1/2", "1/20", "", "1/13"),
        // The golden: twice over the same minions.
        ("golden Tunnel Blaster=1/1,2/7", "1/20", "2/1", "1/13"),
        // A Harmless Bonehead it kills leaves its skeletons.
        (
            "Tunnel Blaster=1/1",
            "1/9,Harmless Bonehead=1/3",
            "",
            "1/5,1/1,1/1",
        ),
        // Silent Enforcer spares friendly Demons (itself a Demon).
        (
            "Silent Enforcer=1/1,Silent Enforcer=1/5,2/5",
            "1/20",
            "1/5+t,2/3",
            "1/17",
        ),
        // Kaboom Bot: a living enemy at random (the first here), not one
        // dying in the same attack.
        ("Kaboom Bot=1/1", "1/3,1/9", "", "1/9"),
        ("Kaboom Bot=1/1", "1/1,1/9", "", "1/5"),
        // The golden draws again: the first victim died.
        ("golden Kaboom Bot=1/1", "1/3,1/9", "", "1/5"),
        // Spiked Savior: +1 Health, then 1 damage, to its side; a shield
        // breaks; its reborn copy returns after.
        (
            "Spiked Savior=1/1,2/1+shield,3/1",
            "1/20",
            "8/1+t,2/2,3/1",
            "1/19",
        ),
    ] {
        let (mut s, kinds) = fresh(a, b, ["", ""]);
        s.attack(&kinds, 0, 0, 0, &mut First);
        assert_eq!(
            (shown(&s, 0), shown(&s, 1)),
            (after_a.to_string(), after_b.to_string()),
            "{a} vs {b}"
        );
    }
}

#[test]
fn deathrattle_damage_boards_agree_across_engines() {
    assert_exact_is_the_tree(&[
        ("Tunnel Blaster=1/1,2/3", "3/3,Harmless Bonehead=1/2"),
        ("Kaboom Bot=1/1,1/2", "2/2,1/5,Kaboom Bot=1/1"),
        ("golden Kaboom Bot=1/1", "2/5,3/3"),
        ("Silent Enforcer=1/1,2/2", "Silent Enforcer=2/1,1/3"),
        ("Spiked Savior=1/1,2/2+shield", "3/3,2/2"),
        ("Monstrous Macaw=2/2,Kaboom Bot=1/1", "2/5,1/2"),
    ]);
    for (i, (a, b)) in [
        (
            "Kaboom Bot,Tunnel Blaster,Harmless Bonehead",
            "Kaboom Bot,Silent Enforcer,5/5,2/2+shield",
        ),
        (
            "golden Kaboom Bot,Monstrous Macaw,Spiked Savior",
            "Tunnel Blaster,Imp Gang Boss,3/3",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        assert_monte_carlo_agrees(&combat(a, b), 77 + i as u64, a);
    }
}

#[test]
fn deathrattle_damage_resolves_in_firestones_passes() {
    // Both Enforcers die together; whichever side's deathrattle fires
    // first, the Bonehead it kills dies in the next pass (not with B's
    // Enforcer), after B's Enforcer found no living friend: its skeletons
    // win (Firestone: B wins every combat).
    let r = exact(
        "Silent Enforcer=13/10",
        "Abyssal Envoy=7/5,Harmless Bonehead=1/1,Silent Enforcer=10/2",
    );
    assert_eq!(r.loss, 1.0);
    // Spiked Savior's reborn copy returns after both sides' deathrattles:
    // the Enforcer dying beside it does not reach it (Firestone: a draw
    // every time).
    let r = exact(
        "Harmless Bonehead=7/4,Living Azerite=8/6,Silent Enforcer=10/11",
        "Spiked Savior=11/11+windfury",
    );
    assert_eq!(r.draw, 1.0);
}

/// Every bonus of earlier turns at once, on both sides: each gives its
/// entry bonus (the fuzzer found a side with more than the engine had
/// room for once Ancestral Automaton's count was added).
#[test]
fn every_game_bonus_at_once_fits() {
    let all = GameBonuses::parse(
        "gems=1/1,summoned=1/1,undead=1/1,beasts=1/1,beetles=1/1,pirates=1,mechs=1,\
         knights_died=1,knights=1/1,deathrattles=1,tavern_spells=1,lobsters=1,automatons=1",
    )
    .unwrap();
    assert!(all.entry_bonuses().count() <= crate::hearthstone::model::MAX_ENTRY_BONUSES);
    let mut c = combat("3/1+reborn,Harmless Bonehead=1/1", "2/4,1/1");
    c.bonuses = [all, all];
    let exact = combat_exact(&c, 2_000_000, &Control::NONE).unwrap();
    assert!((exact.win + exact.draw + exact.loss - 1.0).abs() < 1e-12);
    let mc = combat_monte_carlo(&c, 2_000, 1, 1, &Control::NONE).unwrap();
    assert!((mc.win + mc.draw + mc.loss - 1.0).abs() < 1e-9);
}

#[test]
fn lighter_fighter_shoots_the_lowest_health_enemy_twice() {
    // A's first minion attacks B's first; the boards after all deaths.
    for (a, b, after_b) in [
        // The 1/1 it traded with is dying, not a target: 4 to the 3/6,
        // then 4 to it again (now the lowest).
        ("Lighter Fighter=1/1", "1/1,5/9,3/6", "5/9"),
        // Ties are drawn (the first here); each shot draws afresh.
        ("Lighter Fighter=1/1", "1/20,2/5,3/5", "1/19,3/5"),
        ("golden Lighter Fighter=1/1", "1/20,2/9,3/12", "1/19,3/12"),
        // A shield takes a shot, and the shielded one stays the lowest.
        ("Lighter Fighter=1/1", "1/20,2/3+shield,3/5", "1/19,3/5"),
    ] {
        let (mut s, kinds) = fresh(a, b, ["", ""]);
        s.attack(&kinds, 0, 0, 0, &mut First);
        assert_eq!(
            (shown(&s, 0), shown(&s, 1)),
            (String::new(), after_b.to_string()),
            "{a} vs {b}"
        );
    }
}

#[test]
fn hateful_hag_gives_reborn_to_the_minions_on_its_right_as_it_attacks() {
    for (a, after_a) in [
        ("Hateful Hag=1/1,2/2,3/3", "2/2+r,3/3"),
        ("golden Hateful Hag=1/1,2/2,3/3,4/4", "2/2+r,3/3+r,4/4"),
        // Nothing to its right: nothing given.
        ("2/2,Hateful Hag=1/1", "2/2"),
    ] {
        let hag = a.split(',').position(|m| m.contains("Hag")).unwrap();
        let (mut s, kinds) = fresh(a, "1/20", ["", ""]);
        s.attack(&kinds, 0, hag, 0, &mut First);
        assert_eq!(shown(&s, 0), after_a, "{a}");
    }
}

#[test]
fn irate_rooster_damages_then_buffs_its_neighbours_at_the_start() {
    for (a, after_a) in [
        // The 1/1 dies of the damage; the 2/3 is damaged, then buffed.
        ("1/1,Irate Rooster,2/3", "3/4,6/2"),
        // Golden, twice over the same neighbours, no deaths between: the
        // shield takes the first point, the second kills the 4/1.
        ("2/3,golden Irate Rooster,4/1+shield", "10/1,6/8"),
    ] {
        let (mut s, kinds) = fresh(a, "5/5", ["", ""]);
        s.start_of_combat(&kinds, &mut First);
        assert_eq!(shown(&s, 0), after_a, "{a}");
    }
}

#[test]
fn lighter_fighter_hag_and_rooster_boards_agree_across_engines() {
    assert_exact_is_the_tree(&[
        ("Lighter Fighter=1/1,2/2", "2/2,1/3,2/3"),
        ("golden Lighter Fighter=1/1", "2/9,3/3,1/1+shield"),
        ("Hateful Hag=2/2,1/1", "3/3,1/2"),
        ("1/1,Irate Rooster=1/3,2/2", "2/4,Irate Rooster=1/2,1/2"),
    ]);
    for (i, (a, b)) in [
        (
            "Lighter Fighter,golden Hateful Hag,Harmless Bonehead,Irate Rooster",
            "Kaboom Bot,golden Irate Rooster,5/5,2/2+shield",
        ),
        (
            "Doting Dracthyr,golden Lighter Fighter",
            "Hateful Hag,Imp Gang Boss,3/3,Irate Rooster",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        assert_monte_carlo_agrees(&combat(a, b), 91 + i as u64, a);
    }
}

/// Boards `a` and `b` (see `combat`), each side with the minions of its
/// hand (board notation).
fn combat_with_hands(a: &str, b: &str, hands: [&str; 2]) -> Combat {
    let mut c = combat(a, b);
    c.hands = hands.map(|h| {
        if h.is_empty() {
            Vec::new()
        } else {
            parse_board(h).unwrap()
        }
    });
    c
}

fn exact_of(c: &Combat) -> [f64; 5] {
    summary(&combat_exact(c, 5_000_000, &Control::NONE).unwrap())
}

#[test]
fn flighty_scout_in_the_hand_summons_its_copy_at_the_right_end() {
    // The copy has the stats the card has in the hand; the golden one's
    // are doubled; the card stays in the hand.
    let hand = combat_with_hands("4/4", "3/3,2/2,5/1", ["Flighty Scout=5/6", ""]);
    let by_hand = exact("4/4,Flighty Scout=5/6", "3/3,2/2,5/1");
    assert!(close(exact_of(&hand), summary(&by_hand)));
    let golden = combat_with_hands("4/4", "3/3,2/2,5/1", ["golden Flighty Scout=6/10", ""]);
    let by_hand = exact("4/4,golden Flighty Scout=12/20", "3/3,2/2,5/1");
    assert!(close(exact_of(&golden), summary(&by_hand)));
    // On the board it does nothing: the copy summons no other.
    let board = exact("Flighty Scout=5/6", "3/3,2/2,5/1");
    assert!(close(
        summary(&board),
        summary(&exact("5/6", "3/3,2/2,5/1"))
    ));
    // Two in the hand, left to right; other minions of the hand stay.
    let two = combat_with_hands(
        "4/4",
        "3/3,2/2,5/1",
        ["Flighty Scout=1/1,7/7,Flighty Scout=2/3", ""],
    );
    let by_hand = exact("4/4,Flighty Scout=1/1,Flighty Scout=2/3", "3/3,2/2,5/1");
    assert!(close(exact_of(&two), summary(&by_hand)));
    // A full board takes no copy; side B's hand summons on side B.
    let full = combat_with_hands("1/1,1/1,1/1,1/1,1/1,1/1,1/1", "9/9", ["Flighty Scout", ""]);
    assert!(close(
        exact_of(&full),
        summary(&exact("1/1,1/1,1/1,1/1,1/1,1/1,1/1", "9/9"))
    ));
    let b = combat_with_hands("4/4", "3/3", ["", "Flighty Scout=3/5"]);
    assert!(close(
        exact_of(&b),
        summary(&exact("4/4", "3/3,Flighty Scout=3/5"))
    ));
}

#[test]
fn flighty_scouts_copy_enters_before_the_boards_start_of_combat() {
    // Boom-in-a-Box's damage at the start of combat hits the copy, and
    // the copy meets the board's auras as any summon does.
    let c = combat_with_hands(
        "Boom-in-a-Box",
        "3/3,2/2+shield,4/8",
        ["Flighty Scout=2/3", ""],
    );
    let by_hand = exact("Boom-in-a-Box,Flighty Scout=2/3", "3/3,2/2+shield,4/8");
    assert!(close(exact_of(&c), summary(&by_hand)));
    assert_monte_carlo_agrees(&c, 41, "scout and boom");
    // Both sides' hands and an effect at random: Monte Carlo agrees.
    let c = combat_with_hands(
        "Amber Guardian,Tarecgosa",
        "Boom-in-a-Box,4/5+shield",
        ["golden Flighty Scout", "Flighty Scout=4/4"],
    );
    assert_monte_carlo_agrees(&c, 42, "scouts both sides");
}

#[test]
fn choral_mrrrglr_gains_the_stats_of_the_hand() {
    // 6/6 with a hand of 3/4 and 5/5: 14/15 (the golden: twice, 28/30).
    let c = combat_with_hands("Choral Mrrrglr", "9/20,5/5", ["3/4,5/5", ""]);
    let by_hand = exact("Choral Mrrrglr=14/15", "9/20,5/5");
    assert!(close(exact_of(&c), summary(&by_hand)));
    let c = combat_with_hands("golden Choral Mrrrglr", "30/40,5/5", ["3/4,5/5", ""]);
    let by_hand = exact("golden Choral Mrrrglr=28/30", "30/40,5/5");
    assert!(close(exact_of(&c), summary(&by_hand)));
    // A Flighty Scout in the hand counts, and summons its copy too.
    let c = combat_with_hands("Choral Mrrrglr", "9/20,5/5", ["Flighty Scout=2/2", ""]);
    let by_hand = exact("Choral Mrrrglr=8/8,Flighty Scout=2/2", "9/20,5/5");
    assert!(close(exact_of(&c), summary(&by_hand)));
    assert_monte_carlo_agrees(&c, 43, "choral");
    // The other side's hand is not its own.
    let c = combat_with_hands("Choral Mrrrglr", "9/20,5/5", ["", "3/4,5/5"]);
    assert!(close(
        exact_of(&c),
        summary(&exact("Choral Mrrrglr", "9/20,5/5"))
    ));
}

#[test]
fn costume_enthusiast_gains_the_highest_attack_in_the_hand() {
    let c = combat_with_hands("Costume Enthusiast", "9/20,5/5", ["3/4,7/1,2/9", ""]);
    let by_hand = exact("Costume Enthusiast=11/5", "9/20,5/5");
    assert!(close(exact_of(&c), summary(&by_hand)));
    // Golden: double; an empty hand gives nothing.
    let c = combat_with_hands("golden Costume Enthusiast", "9/20,5/5", ["3/4,7/1", ""]);
    let by_hand = exact("golden Costume Enthusiast=22/10", "9/20,5/5");
    assert!(close(exact_of(&c), summary(&by_hand)));
    let c = combat_with_hands("Costume Enthusiast", "9/20,5/5", ["", ""]);
    assert!(close(
        exact_of(&c),
        summary(&exact("Costume Enthusiast", "9/20,5/5"))
    ));
    assert_monte_carlo_agrees(
        &combat_with_hands(
            "Costume Enthusiast,4/4",
            "9/20,5/5+shield",
            ["3/4,7/1", "2/2"],
        ),
        44,
        "costume",
    );
}

#[test]
fn a_hand_that_combat_would_change_is_refused_beside_a_reader() {
    // Scourfin's deathrattle buffs a minion in the hand Choral reads.
    let c = combat_with_hands("Choral Mrrrglr,Scourfin", "9/20", ["3/4", ""]);
    let e = combat_exact(&c, 1_000_000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Scourfin"), "{}", e.message());
    assert!(combat_monte_carlo(&c, 100, 1, 1, &Control::NONE).is_err());
    // Without a reader, Scourfin plays as before.
    let c = combat_with_hands("Scourfin", "9/20", ["3/4", ""]);
    assert!(combat_exact(&c, 1_000_000, &Control::NONE).is_ok());
    // Hands of more than 10 cards, and minions of no health, are refused.
    let mut c = combat("1/1", "1/1");
    c.hands[0] = vec![Minion::new(1, 1); 11];
    assert!(combat_exact(&c, 1_000_000, &Control::NONE).is_err());
    let mut c = combat_with_hands("1/1", "1/1", ["1/1", ""]);
    c.hands[0][0].health = 0;
    assert!(combat_exact(&c, 1_000_000, &Control::NONE).is_err());
}

/// The state of boards `a` and `b` with side A's hand `hand`, before the
/// first attack, side A to attack.
fn fresh_with_hand(a: &str, b: &str, hand: &str) -> (State, Kinds) {
    let hand = parse_hand(hand).unwrap();
    State::with_hands(
        &parse_board(a).unwrap(),
        &parse_board(b).unwrap(),
        [&hand, &[]],
        &[GameBonuses::default(); 2],
        0,
    )
}

#[test]
fn expert_aviator_summons_the_highest_attack_minions_of_the_hand_once_each() {
    // The first rally: a 6-attack minion (the first of the two, as
    // `First` picks), to the Aviator's right; the second: the other.
    let (mut s, kinds) = fresh_with_hand("Expert Aviator=3/30", "1/50", "2/2,6/1,6/3");
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "3/29,6/1");
    assert_eq!(s.hand[0], 0b010);
    s.turn = 0;
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "3/28,6/3,6/1");
    assert_eq!(s.hand[0], 0b110);
    // The golden one summons two at once, each next to it.
    let (mut s, kinds) = fresh_with_hand("golden Expert Aviator=6/30", "1/50", "2/2,6/1,5/3");
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "6/29,5/3,6/1");
    assert_eq!(s.hand[0], 0b110);
    // A full board takes none, and the minion stays free to come later.
    let full = "Expert Aviator=3/30,1/1,1/1,1/1,1/1,1/1,1/1";
    let (mut s, kinds) = fresh_with_hand(full, "1/50", "6/1");
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!((s.lens[0], s.hand[0]), (7, 0));
}

#[test]
fn expert_aviator_combats_agree_with_the_tree_and_monte_carlo() {
    for (a, b, hand) in [
        ("Expert Aviator", "4/4,2/6", "3/3,5/1,5/2"),
        (
            "golden Expert Aviator,2/2",
            "6/6,3/3+taunt",
            "1/1,4/4,Flighty Scout=2/2",
        ),
    ] {
        let c = combat_with_hands(a, b, [hand, ""]);
        assert!(close(exact_of(&c), tree_walk(&c)), "{a} vs {b}");
        assert_monte_carlo_agrees(&c, 45, a);
    }
    // The hand is side A's own: side B's Aviator summons from B's.
    let c = combat_with_hands("4/4,2/6", "Expert Aviator", ["3/3", "5/1"]);
    assert!(close(exact_of(&c), tree_walk(&c)));
    assert!(!close(
        exact_of(&c),
        exact_of(&combat_with_hands(
            "4/4,2/6",
            "Expert Aviator",
            ["5/1", "3/3"]
        ))
    ));
}

#[test]
fn bassgill_summons_the_highest_health_murlocs_of_the_hand_as_it_dies() {
    // It dies attacking: the 2/5 Murloc (the 3/9 is no Murloc) enters in
    // its slot and is marked summoned.
    let hand = "3/9,Murloc Scout=2/5,Murloc Scout=4/3";
    let (mut s, kinds) = fresh_with_hand("Bassgill=1/1,2/2", "1/50", hand);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "2/5,2/2");
    assert_eq!(s.hand[0], 0b010);
    // Golden: the two, left to right; with Baron Rivendare, twice.
    for a in [
        "golden Bassgill=1/1,2/2",
        "Bassgill=1/1,Baron Rivendare=2/2",
    ] {
        let (mut s, kinds) = fresh_with_hand(a, "1/50", hand);
        s.attack(&kinds, 0, 0, 0, &mut First);
        assert_eq!(shown(&s, 0), "2/5,4/3,2/2", "{a}");
        assert_eq!(s.hand[0], 0b110, "{a}");
    }
    // No Murloc left: nothing; a full board takes what fits (its own
    // slot), the other stays free.
    let (mut s, kinds) = fresh_with_hand("Bassgill=1/1,2/2", "1/50", "3/9");
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!((shown(&s, 0).as_str(), s.hand[0]), ("2/2", 0));
    let full = "Bassgill=1/1,Baron Rivendare,1/1,1/1,1/1,1/1,1/1";
    let (mut s, kinds) = fresh_with_hand(full, "1/50", "Murloc Scout=4/3,Murloc Scout=2/5");
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!((s.lens[0], s.hand[0]), (7, 0b10));
    assert_eq!(shown(&s, 0), "2/5,1/7,1/1,1/1,1/1,1/1,1/1");
}

#[test]
fn bassgill_combats_agree_with_the_tree_and_monte_carlo() {
    // Ties in health are a chance event; a summoned Bassgill summons too.
    for (a, b, hand) in [
        (
            "Bassgill=2/1,3/3",
            "4/4,2/6",
            "Murloc Scout=3/3,Murloc Scout=1/3,5/5",
        ),
        (
            "golden Bassgill=2/1",
            "6/6,3/3+taunt",
            "Murloc Scout=1/2,Bassgill=2/2,Murloc Scout=4/1",
        ),
    ] {
        let c = combat_with_hands(a, b, [hand, ""]);
        assert!(close(exact_of(&c), tree_walk(&c)), "{a} vs {b}");
        assert_monte_carlo_agrees(&c, 45, a);
    }
    // A deathrattle run by another minion's effect is refused.
    let c = combat_with_hands("Bassgill,Monstrous Macaw", "3/3", ["Murloc Scout", ""]);
    let e = combat_exact(&c, 1_000_000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Bassgill"), "{}", e.message());
}

#[test]
fn whelp_smugglers_give_health_to_each_dragon_that_gains_attack() {
    // Roaring Recruiter gives the attacking dragon +3/+1; each Whelp
    // Smuggler then gives it +1 Health (golden +2), a Timewarped one +3
    // to any minion; a non-dragon is not heard by the plain ones.
    for (a, after) in [
        (
            "Roaring Recruiter=0/8,Doting Dracthyr=1/1,Whelp Smuggler",
            "0/8,4/3,2/5",
        ),
        (
            "Roaring Recruiter=0/8,Doting Dracthyr=1/1,golden Whelp Smuggler",
            "0/8,4/4,4/10",
        ),
        (
            "Roaring Recruiter=0/8,Doting Dracthyr=1/1,Whelp Smuggler,Whelp Smuggler",
            "0/8,4/4,2/5,2/5",
        ),
        ("Glim Guardian=1/5,Whelp Smuggler", "3/6,2/5"),
        ("Glim Guardian=1/5,Timewarped Whelp Smuggler", "3/8,3/8"),
    ] {
        let attacker = usize::from(a.starts_with("Roaring"));
        let s = after_attack_with(a, "0/30", ["", ""], attacker);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
}

#[test]
fn defiant_shipwright_gains_health_from_others_gifts_of_attack() {
    let (mut s, kinds) = fresh(
        "Defiant Shipwright,golden Defiant Shipwright",
        "1/1",
        ["", ""],
    );
    // Another's gift of attack: +1 Health (golden: twice); its own, or a
    // gift of health alone: nothing.
    s.buff_at(&kinds, (0, 0), [2, 0], 0, false);
    s.buff_at(&kinds, (0, 1), [2, 0], 0, false);
    assert_eq!(shown(&s, 0), "4/6,6/12");
    s.buff_at(&kinds, (0, 0), [1, 0], 0, true);
    s.buff_at(&kinds, (0, 1), [0, 3], 0, false);
    assert_eq!(shown(&s, 0), "5/6,6/15");
}

#[test]
fn hunter_of_gatherers_gives_every_friend_health_when_it_gains_attack() {
    let (mut s, kinds) = fresh(
        "Hunter of Gatherers,2/2,golden Hunter of Gatherers",
        "1/1",
        ["", ""],
    );
    // Its own gain of attack, from any source: +2 Health to every
    // friendly minion, itself too (golden +4); another's gain, or health
    // alone: nothing.
    s.buff_at(&kinds, (0, 0), [1, 0], 0, true);
    assert_eq!(shown(&s, 0), "4/7,2/4,6/12");
    s.buff_at(&kinds, (0, 1), [1, 0], 0, false);
    s.buff_at(&kinds, (0, 2), [0, 1], 0, false);
    assert_eq!(shown(&s, 0), "4/7,3/4,6/13");
    s.buff_at(&kinds, (0, 2), [2, 0], 0, false);
    assert_eq!(shown(&s, 0), "4/11,3/8,8/17");
}

#[test]
fn gain_of_attack_boards_agree_across_engines() {
    assert_exact_is_the_tree(&[
        (
            "Roaring Recruiter=1/3,Doting Dracthyr=1/1,Whelp Smuggler=1/1",
            "2/4,3/3",
        ),
        ("Glim Guardian=1/2,golden Whelp Smuggler=1/1", "3/5,2/2"),
        ("Wolf Pup=1/2,Hunter of Gatherers=1/1", "3/5,2/2"),
    ]);
    for (i, (a, b)) in [
        (
            "Roaring Recruiter,Doting Dracthyr,Whelp Smuggler,Glim Guardian",
            "5/6+taunt,3/3,5/2,4/4",
        ),
        (
            "Defiant Shipwright,Timewarped Whelp Smuggler,Glim Guardian",
            "6/6,3/5,2/2+shield",
        ),
        (
            "Hunter of Gatherers=1/2,Wolf Pup=1/3,golden Hunter of Gatherers=1/1",
            "6/6,3/5,2/2+shield",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        assert_monte_carlo_agrees(&combat(a, b), 71 + i as u64, a);
    }
}

#[test]
fn summoned_pirates_and_whelps_attack_at_once() {
    // The Scallywag (3/1) dies hitting the 2/5; its 1/1 Pirate attacks at
    // once (the first living target: the 2/5) and dies.
    let (mut s, kinds) = fresh("Scallywag", "2/5,1/1", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 1), "2/1,1/1");
    assert!(s.board(0).is_empty());
    // The 1/1 it killed is no target: the Pirate hits the 0/9 and lives,
    // marked as having attacked this round.
    let (mut s, kinds) = fresh("Scallywag", "1/1,0/9", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(
        (shown(&s, 0).as_str(), shown(&s, 1).as_str()),
        ("1/1", "0/8")
    );
    assert_eq!(s.board(0)[0].mark, ATTACKED);
    // Twilight Hatchling's 3/3 Whelp; the golden's two, one after the
    // other.
    let (mut s, kinds) = fresh("Twilight Hatchling", "1/1,5/5", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 1), "5/2");
    let (mut s, kinds) = fresh("golden Twilight Hatchling=1/1", "1/1,5/5", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert!(s.board(0).is_empty() && s.board(1).is_empty());
    // No enemy left: the Pirate stays, and wins.
    assert_eq!(exact("Scallywag", "1/1").win, 1.0);
}

#[test]
fn a_reborn_copy_returns_after_the_token_attacked() {
    // The Pirate attacks before the Scallywag's copy returns (to its
    // right, as a copy returns after the tokens of its slot).
    let (mut s, kinds) = fresh("Scallywag+reborn", "1/1,0/9", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(
        (shown(&s, 0).as_str(), shown(&s, 1).as_str()),
        ("1/1,3/1", "0/8")
    );
}

#[test]
fn a_token_attacking_at_once_kills_into_the_enemys_deaths() {
    // The Pirate kills the enemy Scallywag, whose own Pirate attacks at
    // once in turn (A's first Scallywag is gone: it hits the 1/3).
    let (mut s, kinds) = fresh("Scallywag,1/3", "2/2,Scallywag=1/1", ["", ""]);
    s.attack(&kinds, 0, 0, 0, &mut First);
    // A: Scallywag dies on the 2/2 (which dies too); A first (First):
    // A's Pirate hits B's Scallywag (the only living enemy) and both
    // die; B's Pirate hits the 1/3, and dies.
    assert_eq!(shown(&s, 0), "1/2");
    assert!(s.board(1).is_empty());
}

#[test]
fn attacks_at_once_agree_across_engines() {
    assert_exact_is_the_tree(&[
        ("Scallywag,1/2", "2/2,1/3"),
        ("Twilight Hatchling,2/2", "Scallywag,1/4+taunt"),
        ("golden Scallywag=1/1", "3/3,2/1"),
        ("Scallywag+reborn,1/1", "2/2,Scallywag"),
        (
            "golden Twilight Hatchling,1/3+windfury",
            "Scallywag,2/2,3/3",
        ),
    ]);
    for (i, (a, b)) in [
        (
            "Scallywag,golden Twilight Hatchling,Harmless Bonehead",
            "Scallywag,4/4+taunt,3/2,2/6",
        ),
        (
            "Twilight Hatchling,Scallywag,Cord Puller",
            "5/5,Harmless Bonehead,1/1+shield",
        ),
        (
            "Scallywag+reborn,2/2+windfury,Twilight Hatchling",
            "Scallywag,golden Scallywag,3/3",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        assert_monte_carlo_agrees(&combat(a, b), 91 + i as u64, a);
    }
}

#[test]
fn attacks_at_once_beside_damaging_deathrattles_are_refused() {
    let c = combat("Scallywag", "Kaboom Bot");
    let e = combat_exact(&c, 2_000_000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Scallywag"), "{}", e.message());
    // Deathrattle effects beside a summoner on its side: refused; on the
    // other side: played.
    let c = combat("Twilight Hatchling,Spawn of N'Zoth", "3/3");
    let e = combat_exact(&c, 2_000_000, &Control::NONE).unwrap_err();
    assert!(e.message().contains("Spawn of N'Zoth"), "{}", e.message());
    assert!(
        combat_exact(
            &combat("Twilight Hatchling", "Spawn of N'Zoth"),
            2_000_000,
            &Control::NONE
        )
        .is_ok()
    );
}

#[test]
fn greenskeeper_triggers_the_right_most_living_battlecry_as_it_attacks() {
    // The Greenskeeper (A's slot `attacker`) attacks the 1/20 and takes 1.
    for (a, attacker, after) in [
        // Rockpool Hunter, the right-most battlecry: a random friendly
        // Murloc (the first: the Seer) +1/+1.
        (
            "Coldlight Seer=2/3,Rockpool Hunter=1/1,Greenskeeper=4/8",
            2,
            "3/4,1/1,4/7",
        ),
        // Coldlight Seer, the right-most: the other Murlocs +0/+2.
        (
            "Rockpool Hunter=1/1,Coldlight Seer=2/3,Greenskeeper=4/8",
            2,
            "1/3,2/3,4/7",
        ),
        // Golden: twice, picked afresh.
        (
            "Coldlight Seer=2/3,Rockpool Hunter=1/1,golden Greenskeeper=4/8",
            2,
            "4/5,1/1,4/7",
        ),
        // Brann Bronzebeard: each battlecry fires twice; golden three times
        // (the most counts: no sum).
        (
            "Coldlight Seer=2/3,Brann Bronzebeard=2/4,Rockpool Hunter=1/1,Greenskeeper=4/8",
            3,
            "4/5,2/4,1/1,4/7",
        ),
        (
            "Coldlight Seer=2/3,Brann Bronzebeard=2/4,golden Brann Bronzebeard=4/8,Rockpool Hunter=1/1,Greenskeeper=4/8",
            4,
            "5/6,2/4,4/8,1/1,4/7",
        ),
        // Moira Bronzebeard's battlecries trigger twice too.
        (
            "Coldlight Seer=2/3,Moira Bronzebeard=2/4,Rockpool Hunter=1/1,Greenskeeper=4/8",
            3,
            "4/5,2/4,1/1,4/7",
        ),
        // A battlecry Firestone does not play (Southsea Busker's gold) is
        // triggered all the same: Blazing Skyfin hears it; Kalecgos gives
        // every friendly Dragon +2/+2, itself too, per trigger.
        (
            "Blazing Skyfin=2/4,Southsea Busker=3/1,Greenskeeper=4/8",
            2,
            "3/5,3/1,4/7",
        ),
        (
            "BGS_041=4/12,Southsea Busker=3/1,Brann Bronzebeard=2/4,Greenskeeper=4/8",
            3,
            // The Greenskeeper is a Dragon too.
            "8/16,3/1,2/4,8/11",
        ),
        // No battlecry: nothing.
        ("2/2,Greenskeeper=4/8", 1, "2/2,4/7"),
    ] {
        let (mut s, kinds) = fresh(a, "1/20", ["", ""]);
        s.attack(&kinds, 0, attacker, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
}

#[test]
fn brann_s_blessing_makes_battlecries_trigger_twice() {
    let a = parse_board("Coldlight Seer=2/3,Rockpool Hunter=1/1,Greenskeeper=4/8").unwrap();
    let b = parse_board("1/20").unwrap();
    let (mut s, mut kinds) = State::new(&a, &b, 0);
    let blessing = crate::hearthstone::cards::hero_card("BG28_509", [None, None]);
    kinds.add_heroes(&[vec![blessing.unwrap().unwrap()], Vec::new()]);
    s.attack(&kinds, 0, 2, 0, &mut First);
    assert_eq!(shown(&s, 0), "4/5,1/1,4/7");
}

#[test]
fn rylak_metalhead_triggers_an_adjacent_battlecry_where_it_died() {
    // Rylak (A's slot 1) attacks the 5/20 and dies; its deathrattle
    // triggers a battlecry next to the place it died.
    for (a, after) in [
        // Both neighbours have one: one at random (the first: the Seer,
        // whose other Murlocs get +0/+2).
        (
            "Coldlight Seer=2/3,Rylak Metalhead=1/1,Rockpool Hunter=1/1",
            "2/3,1/3",
        ),
        // Only one has one: that one.
        (
            "Coldlight Seer=2/3,Rylak Metalhead=1/1,2/2,Rockpool Hunter=1/1",
            "2/3,2/2,1/3",
        ),
        ("Coldlight Seer=2/3,Rylak Metalhead=1/1,2/2", "2/3,2/2"),
        ("2/2,Rylak Metalhead=1/1,Rockpool Hunter=1/1", "2/2,2/2"),
        // Golden: both, left then right.
        (
            "Coldlight Seer=2/3,golden Rylak Metalhead=1/1,Rockpool Hunter=1/1",
            "3/4,1/3",
        ),
        // Its deathrattle twice (Titus Rivendare): a fresh pick each time.
        (
            "Rockpool Hunter=1/1,Rylak Metalhead=1/1,Titus Rivendare=1/9",
            "3/3,1/9",
        ),
    ] {
        let (mut s, kinds) = fresh(a, "5/20", ["", ""]);
        s.attack(&kinds, 0, 1, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
    // The right-most Rylak has no right neighbour.
    let (mut s, kinds) = fresh(
        "Rockpool Hunter=1/1,Coldlight Seer=2/3,Rylak Metalhead=1/1",
        "5/20",
        ["", ""],
    );
    s.attack(&kinds, 0, 2, 0, &mut First);
    assert_eq!(shown(&s, 0), "1/3,2/3");
}

#[test]
fn rylak_s_neighbours_are_those_of_the_board_its_deathrattle_meets() {
    // A cleaving 1/20 kills the Bonehead, Rylak and the Seer at once: the
    // Bonehead's skeletons are on the board Rylak's deathrattle meets, so
    // its neighbours are a skeleton and Rockpool Hunter (which gives a
    // random friendly Murloc, itself, +1/+1).
    let (mut s, kinds) = fresh(
        "Harmless Bonehead=1/1,Rylak Metalhead=1/1,Coldlight Seer=1/1,Rockpool Hunter=1/5",
        "1/20+cleave",
        ["", ""],
    );
    s.attack(&kinds, 1, 0, 1, &mut First);
    assert_eq!(shown(&s, 0), "1/1,1/1,2/6");
}

#[test]
fn timewarped_greenskeeper_triggers_a_living_rylak_beside_its_neighbours() {
    // The right-most battlecry (Rockpool: +1/+1 to the first Murloc, the
    // Seer), then the right-most living deathrattle: Rylak, alive, whose
    // neighbours are the Seer and Rockpool (the first: the Seer's +0/+2
    // to the other Murlocs).
    let (mut s, kinds) = fresh(
        "Coldlight Seer=2/3,Rylak Metalhead=1/5,Rockpool Hunter=1/1,Timewarped Greenskeeper=5/9",
        "1/20",
        ["", ""],
    );
    s.attack(&kinds, 0, 3, 0, &mut First);
    assert_eq!(shown(&s, 0), "3/4,1/5+t,1/3,5/8");
}

#[test]
fn battlecries_are_left_out_without_a_trigger_and_refused_when_not_modelled() {
    // No minion triggers battlecries: the battlecry effects are gone.
    let (s, kinds) = fresh("Rockpool Hunter,BGS_041", "1/1", ["", ""]);
    for u in s.board(0) {
        assert!(
            kinds
                .effects(u)
                .iter()
                .all(|e| e.trigger == model::Trigger::Never)
        );
    }
    // Uther's battlecry (Firestone plays it) beside a Greenskeeper is
    // refused, named; on the other side, or alone, it is fine.
    let refused = combat_exact(
        &combat("Uther the Lightbringer,Greenskeeper", "2/2"),
        1_000_000,
        &Control::NONE,
    )
    .unwrap_err();
    assert!(refused.message().contains("Uther the Lightbringer"));
    assert!(
        combat_exact(
            &combat("Uther the Lightbringer", "Greenskeeper"),
            1_000_000,
            &Control::NONE
        )
        .is_ok()
    );
}

#[test]
fn triggered_battlecries_agree_with_monte_carlo() {
    for (a, b) in [
        (
            "Rockpool Hunter,Rylak Metalhead,Twilight Emissary,Coldlight Seer,Greenskeeper",
            "4/6,3/3+taunt,5/5",
        ),
        (
            "Rockpool Hunter,golden Rylak Metalhead,Coldlight Seer,Brann Bronzebeard,Blazing Skyfin",
            "6/6,3/7+taunt",
        ),
        (
            "Forest Rover,Gem Smuggler,Rylak Metalhead,Sanguine Champion,Timewarped Greenskeeper",
            "8/8,4/6+taunt,5/5",
        ),
    ] {
        assert_monte_carlo_agrees(&combat(a, b), 7, a);
    }
}

#[test]
fn fish_of_nzoth_fires_the_deathrattles_it_gained_in_its_slot() {
    // The Golem dies attacking; the Fish gains its deathrattle, and dying
    // summons a Damaged Golem in its own slot (the golden one two).
    for (fish, after) in [
        ("Fish of N'Zoth=2/2", "2/1,2/1,5/5"),
        ("golden Fish of N'Zoth=2/2", "2/1,2/1,2/1,5/5"),
    ] {
        let a = parse_board(&format!("Harvest Golem=2/1,{fish},5/5")).unwrap();
        let b = parse_board("9/9,9/9").unwrap();
        let (mut s, kinds) = State::new(&a, &b, 0);
        s.attack(&kinds, 0, 0, 0, &mut First);
        assert_eq!(shown(&s, 0), "2/1,2/2,5/5", "{fish}");
        s.attack(&kinds, 0, 1, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{fish}");
    }
    // A Fish gains nothing from another Fish, nor from a minion without
    // a deathrattle; one that dies alone fires nothing.
    let a = parse_board("Fish of N'Zoth=2/1,Fish of N'Zoth=2/2,3/1").unwrap();
    let b = parse_board("9/9,9/9").unwrap();
    let (mut s, kinds) = State::new(&a, &b, 0);
    s.attack(&kinds, 0, 0, 0, &mut First);
    s.attack(&kinds, 0, 1, 0, &mut First);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "");
}

#[test]
fn a_reborn_fish_starts_afresh_and_gains_the_deaths_of_its_own_pass() {
    // The Fish and the Golem die in one pass (the 1/1 Fish with reborn):
    // the copy returns, then gains the Golem's deathrattle (Firestone
    // remembers after the pass); the first Fish had gained nothing.
    let a = parse_board("Fish of N'Zoth=1/1+reborn,Harvest Golem=1/1,5/5").unwrap();
    let b = parse_board("1/9+cleave,9/9").unwrap();
    let (mut s, kinds) = State::new(&a, &b, 1);
    s.attack(&kinds, 1, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "2/1,2/1,5/5");
    // (The copy returns right of the Golem's token: Firestone's place.)
    assert_eq!(kinds.facts(&s.board(0)[1]).remembers, 1);
    assert_eq!(s.board(0)[1].count(), 1);
    // Dying, it summons a Damaged Golem.
    s.attack(&kinds, 1, 1, 1, &mut First);
    assert_eq!(shown(&s, 0), "2/1,2/1,5/5");
    assert_eq!(s.board(0)[1].count(), 0);
}

#[test]
fn remembered_deathrattles_agree_with_the_tree_and_monte_carlo() {
    assert_exact_is_the_tree(&[
        ("Harvest Golem=2/1,Fish of N'Zoth=1/2", "2/2,1/3"),
        ("golden Fish of N'Zoth=1/1,Kaboom Bot=1/1", "2/2,1/3"),
        ("Fish of N'Zoth=1/1+reborn,Harvest Golem=1/1", "2/3,1/1"),
    ]);
    for (a, b) in [
        ("Fish of N'Zoth,Kaboom Bot,Harvest Golem", "3/3,4/4,2/6"),
        (
            "golden Fish of N'Zoth,Spawn of N'Zoth,Selfless Hero,Imprisoner",
            "5/5,4/4+taunt,2/6",
        ),
        (
            "Kaboom Bot,Fish of N'Zoth,Kaboom Bot",
            "Kaboom Bot,golden Fish of N'Zoth,Harvest Golem=2/3+reborn",
        ),
    ] {
        assert_monte_carlo_agrees(&combat(a, b), 11, a);
    }
}

#[test]
fn fish_of_nzoth_is_refused_where_it_is_not_played_exactly() {
    for (a, why) in [
        (
            "Fish of N'Zoth,Monstrous Macaw,Harvest Golem",
            "Monstrous Macaw",
        ),
        ("Fish of N'Zoth,Sewer Lord", "tokens have deathrattles"),
    ] {
        let e = combat_exact(&combat(a, "3/3"), 1_000, &Control::NONE).unwrap_err();
        assert!(e.message().contains(why), "{a}: {}", e.message());
    }
    // Six deathrattle minions with reborn: twelve deaths, the most a
    // side's list holds.
    let many = ["Harvest Golem+reborn"; 6].join(",") + ",Fish of N'Zoth";
    assert!(combat_monte_carlo(&combat(&many, "3/3"), 100, 1, 0, &Control::NONE).is_ok());
}

#[test]
fn deathstrider_runs_the_left_most_deathrattle_after_a_rally_minion_attacks() {
    // A's minion at `attacker` attacks the 1/20 (Glim Guardian's rally:
    // +2 attack first). Firestone walks the board by index: a
    // Deathstrider pushed right by the tokens is met, and fires, again.
    for (a, attacker, after) in [
        // Two skeletons left of it, so again, then a full board.
        (
            "Harmless Bonehead=1/1,Glim Guardian=1/9,Deathstrider=10/11",
            1,
            "1/1,1/1,1/1,1/1,1/1,3/8,10/11",
        ),
        // Tokens right of it: once; the golden twice.
        (
            "Deathstrider=10/11,Harmless Bonehead=1/1,Glim Guardian=1/9",
            2,
            "10/11,1/1,1/1,1/1,3/8",
        ),
        (
            "golden Deathstrider=10/11,Harmless Bonehead=1/1,Glim Guardian=1/9",
            2,
            "10/11,1/1,1/1,1/1,1/1,1/1,3/8",
        ),
        // A minion without a rally: nothing.
        (
            "Harmless Bonehead=1/1,1/9,Deathstrider=10/11",
            1,
            "1/1,1/8,10/11",
        ),
        // Its own attack: nothing (no rally, and not another's).
        ("Harmless Bonehead=1/1,Deathstrider=10/11", 1, "1/1,10/10"),
        // The attacker dies of the hit back: it still hears (the death
        // phase comes after), and leaves the board then.
        (
            "Glim Guardian=1/1,Harmless Bonehead=1/1,Deathstrider=10/11",
            0,
            "1/1,1/1,1/1,1/1,1/1,10/11",
        ),
    ] {
        let (mut s, kinds) = fresh(a, "1/20", ["", ""]);
        s.attack(&kinds, 0, attacker, 0, &mut First);
        assert_eq!(shown(&s, 0), after, "{a}");
    }
    assert_exact_is_the_tree(&[
        (
            "Harmless Bonehead=1/1,Glim Guardian=1/2,Deathstrider=2/1",
            "3/3,2/4",
        ),
        (
            "golden Deathstrider=1/1,Harmless Bonehead=1/1,Wolf Pup=1/1",
            "4/4,2/2",
        ),
    ]);
    let c = combat(
        "Harmless Bonehead,Glim Guardian,Wolf Pup,Deathstrider",
        "6/6,3/5+taunt,2/2+shield,4/3",
    );
    assert_monte_carlo_agrees(&c, 84, "deathstrider");
    let c = combat(
        "golden Deathstrider,Kaboom Bot,Glim Guardian,Titus Rivendare",
        "8/8,3/5,2/2+shield,4/3",
    );
    assert_monte_carlo_agrees(&c, 85, "golden deathstrider");
}

#[test]
fn bramblewitch_sets_its_targets_stats_once_per_combat() {
    // The rally makes the 2/20 a 3/3 before the hit: it dies to 4
    // damage, and hits back for 3.
    let s = after_attack("Transmuted Bramblewitch=4/10", "2/20", 0, 0, 0);
    assert_eq!(shown(&s, 0), "4/7");
    assert!(s.board(1).is_empty());
    // What entering gives comes back on top: Murloc Warleader's +2
    // attack (Firestone's `setEntityStats` puts the auras back).
    let s = after_attack(
        "Transmuted Bramblewitch=4/10",
        "Rockpool Hunter=1/20,Murloc Warleader",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "4/5");
    assert_eq!(s.board(1).len(), 1);
    // Windfury: the plain one sets its first target only, the golden
    // both (twice per combat).
    let turn = |a: &str| {
        let (mut s, kinds) = State::new(
            &parse_board(a).unwrap(),
            &parse_board("1/20,1/20").unwrap(),
            0,
        );
        s.take_turn(&kinds, 0, 0, &mut First);
        s
    };
    let s = turn("Transmuted Bramblewitch=4/10+windfury");
    assert_eq!(shown(&s, 0), "4/6");
    assert_eq!(shown(&s, 1), "1/16");
    let s = turn("golden Transmuted Bramblewitch=4/10+windfury");
    assert_eq!(shown(&s, 0), "4/4");
    assert!(s.board(1).is_empty());
    // A reborn copy has its charge afresh; exact and Monte Carlo agree.
    for (i, (a, b)) in [
        (
            "Transmuted Bramblewitch=4/4+reborn+windfury,2/2",
            "1/9,6/6,2/9+taunt",
        ),
        (
            "golden Transmuted Bramblewitch,3/3",
            "5/9,2/8+taunt,Murloc Warleader",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        assert_monte_carlo_agrees(&combat(a, b), 60 + i as u64, a);
    }
}

#[test]
fn bloodsnout_warlord_plays_gems_as_a_rally_minion_attacks() {
    // A Rally minion attacks: before its own rally, the Warlord plays 3
    // gems (+3/+3) on every friendly minion, itself and the attacker
    // too; the Camper's rally then plays one on itself.
    let s = after_attack("Tusked Camper=1/5,Bloodsnout Warlord,2/2", "0/20", 0, 0, 0);
    assert_eq!(shown(&s, 0), "5/9,8/8,5/5");
    let s = after_attack(
        "Tusked Camper=1/5,golden Bloodsnout Warlord=10/10,2/2",
        "0/20",
        0,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "8/12,16/16,8/8");
    // A minion without a rally, or the Warlord itself, fires nothing.
    let s = after_attack("2/2,Bloodsnout Warlord", "0/20", 0, 0, 0);
    assert_eq!(shown(&s, 0), "2/2,5/5");
    let s = after_attack("Tusked Camper=1/5,Bloodsnout Warlord", "0/20", 1, 0, 0);
    assert_eq!(shown(&s, 0), "1/5,5/5");
    assert_monte_carlo_agrees(
        &combat(
            "Tusked Camper,Bloodsnout Warlord,2/2",
            "4/9,3/3+taunt,5/5,Murloc Warleader",
        ),
        71,
        "Bloodsnout Warlord",
    );
}

#[test]
fn an_enchantment_s_rally_fires_after_the_card_s_own() {
    // Geared Guard carrying Whirring Protector's magnetized rally: its
    // own rally shields a random other minion (the first drawn), then the
    // enchantment's gives the other minions +5 Attack.
    let with_rally = |board: &str| {
        let mut minions = parse_board(board).unwrap();
        let effect = crate::hearthstone::cards::enchantment_effect("BG33_807e").unwrap();
        minions[0].reborn_effects = Some(minions[0].effects);
        minions[0].effects[1] = effect;
        minions[0].marks |= model::Marks::HAS_RALLY;
        minions
    };
    let a = with_rally("Geared Guard=4/9,2/2,3/3");
    let (mut s, kinds) = State::new(&a, &parse_board("0/20").unwrap(), 0);
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "4/9,7/2+s,8/3");
    let mut c = combat("Geared Guard,2/2,3/3", "6/9,3/3+taunt,5/5");
    c.a = with_rally("Geared Guard,2/2,3/3");
    assert_monte_carlo_agrees(&c, 81, "Geared Guard with its rally");
}

#[test]
fn leeroy_destroys_the_minion_whose_blow_killed_it() {
    // Attacked: the living attacker is destroyed, shield or not; a reborn
    // one returns.
    assert_eq!(
        shown(&after_attack("10/10", "Leeroy the Reckless", 0, 0, 0), 0),
        ""
    );
    let s = after_attack("10/10+shield,1/1", "Leeroy the Reckless", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1");
    let s = after_attack("10/10+reborn", "Leeroy the Reckless,2/2", 0, 0, 0);
    assert_eq!(shown(&s, 0), "10/1");
    assert_eq!(shown(&s, 1), "2/2");
    // Attacking: the defender that survived its blow is destroyed; one
    // that died with it, nothing more.
    let s = after_attack("Leeroy the Reckless,1/1", "3/10,4/4", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1");
    assert_eq!(shown(&s, 1), "4/4");
    let s = after_attack("Leeroy the Reckless", "3/3,4/4", 0, 0, 0);
    assert_eq!(shown(&s, 1), "4/4");
    // A shield that took its blow: the defender is destroyed all the same.
    let s = after_attack("Leeroy the Reckless", "3/3+shield,4/4", 0, 0, 0);
    assert_eq!(shown(&s, 1), "4/4");
    // Cleave: a Leeroy beside the target dies of the attacker's blow.
    let s = after_attack("10/20+cleave", "1/1,Leeroy the Reckless,1/1", 0, 0, 0);
    assert_eq!(shown(&s, 0), "");
    assert_eq!(shown(&s, 1), "1/1");
    // The golden does the same; one that survives the blow does nothing.
    let s = after_attack("10/20", "golden Leeroy the Reckless,1/1", 0, 0, 0);
    assert_eq!(shown(&s, 0), "");
    let s = after_attack("3/20", "golden Leeroy the Reckless", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/8");
    assert_exact_is_the_tree(&[
        ("Leeroy the Reckless,2/3", "3/4+windfury,2/2+shield"),
        ("golden Leeroy the Reckless", "5/30+cleave,1/3,1/1+reborn"),
        ("4/9+windfury,1/1", "Leeroy the Reckless,2/2+reborn,1/5"),
    ]);
    let c = combat(
        "Leeroy the Reckless,golden Leeroy the Reckless,3/3+reborn",
        "8/20+windfury,4/4+shield,9/9+cleave,2/8+taunt",
    );
    assert_monte_carlo_agrees(&c, 61, "Leeroy");
}

#[test]
fn leeroy_is_refused_where_its_killer_is_not_followed() {
    for (a, b) in [
        ("Leeroy the Reckless", "Leeroy the Reckless"),
        ("Leeroy the Reckless", "Kaboom Bot"),
        ("Leeroy the Reckless,Kaboom Bot", "3/3"),
        ("Leeroy the Reckless+cleave", "3/3"),
        ("golden Leeroy the Reckless", "Boom-in-a-Box"),
    ] {
        let err = combat_exact(&combat(a, b), 1_000_000, &Control::NONE).unwrap_err();
        assert!(
            err.to_string()
                .contains("destroys the minion that killed it"),
            "{a} vs {b}: {err}"
        );
    }
}

/// A Crab token deathrattle as an enchantment gives it (Surf n' Surf's):
/// the minion dying summons it; its reborn copy, a fresh copy of the
/// card, summons nothing.
#[test]
fn an_enchantment_s_tokens_leave_the_reborn_copy() {
    let with_crab = |board: &str| {
        let mut minions = parse_board(board).unwrap();
        let crab = parse_board("3/2").unwrap()[0];
        minions[0].deathrattle = model::Token {
            attack: crab.attack,
            health: crab.health as u16,
            count: 1,
            tribes: model::TRIBE_BEAST,
            ..model::Token::default()
        };
        minions[0].reborn_deathrattle = Some(model::Token::default());
        minions
    };
    let (mut s, kinds) = State::new(&with_crab("3/3+reborn"), &parse_board("3/20").unwrap(), 0);
    s.attack(&kinds, 0, 0, 0, &mut First);
    // The crab in its slot, the reborn copy back with 1 health.
    assert_eq!(shown(&s, 0).matches("3/2").count(), 1);
    assert_eq!(s.board(0).len(), 2);
    let copy = s.board(0).iter().find(|u| u.health == 1).copied().unwrap();
    assert_eq!(kinds.kinds[copy.kind as usize].token.count, 0);
    let mut c = combat("3/3+reborn,2/2", "4/9,3/3+taunt,5/5");
    c.a = with_crab("3/3+reborn,2/2");
    assert_monte_carlo_agrees(&c, 91, "a minion with a Crab");
}

/// The left-most minion of a living-only reach skips a dying one
/// (Battlecruiser's deathrattle, as Firestone filters the board); the
/// plain reach takes it.
#[test]
fn leftmost_living_skips_the_dying() {
    let (mut s, kinds) = State::new(
        &parse_board("2/2,3/3,4/4").unwrap(),
        &parse_board("1/1").unwrap(),
        0,
    );
    s.boards[0][0].health = 0;
    let at = super::listeners::Fired {
        side: 0,
        slot: None,
        unit: s.boards[0][2],
        friend: None,
        defender: None,
        reach: super::listeners::REACH_ALL,
        place: super::listeners::Place::Board,
    };
    for (living, slot) in [(true, 1), (false, 0)] {
        let target = model::Target::Leftmost {
            tribes: 0,
            count: 1,
            living,
        };
        let mut picked = Vec::new();
        s.clone()
            .for_each_buff_target(&kinds, &at, target, &mut First, |_, _, i, _| picked.push(i));
        assert_eq!(picked, vec![slot]);
    }
}

#[test]
fn sr_tomb_diver_makes_the_right_most_living_minions_golden() {
    // The Diver (5/1) dies on the 6/6; the right-most living minion, the
    // Cyclone, becomes golden: +2/+1 (its card's stats) on its own, its
    // keywords kept. The golden Diver gilds the two right-most: the Spore
    // gains +1/+1 too.
    let (a, b) = (
        "Sr. Tomb Diver,Deadly Spore=3/3,Crackling Cyclone=2/5",
        "6/6",
    );
    assert_eq!(shown(&after_attack(a, b, 0, 0, 0), 0), "3/3,4/6+s");
    let golden = "golden Sr. Tomb Diver=5/1,Deadly Spore=3/3,Crackling Cyclone=2/5";
    assert_eq!(shown(&after_attack(golden, b, 0, 0, 0), 0), "4/4,4/6+s");
    // A golden right-most minion is passed over, not replaced by the next.
    let a = "Sr. Tomb Diver,Deadly Spore=3/3,golden Crackling Cyclone=2/5";
    assert_eq!(shown(&after_attack(a, b, 0, 0, 0), 0), "3/3,2/5+s");
}

#[test]
fn a_gilded_minion_fights_as_its_golden_card() {
    // The right Diver made golden (10/2) gilds the two right-most when it
    // dies in turn: the Cyclone twice over is passed over once golden.
    let (mut s, kinds) = State::new(
        &parse_board("Sr. Tomb Diver,Crackling Cyclone=2/5,Sr. Tomb Diver=5/1").unwrap(),
        &parse_board("6/6,20/20").unwrap(),
        0,
    );
    s.attack(&kinds, 0, 0, 0, &mut First);
    assert_eq!(shown(&s, 0), "2/5+s,10/2+t");
    s.attack(&kinds, 1, 1, 1, &mut First);
    assert_eq!(shown(&s, 0), "4/6+s");
}

#[test]
fn sr_tomb_diver_boards_match_the_tree_and_monte_carlo() {
    assert_exact_is_the_tree(&[
        ("Sr. Tomb Diver,Deadly Spore,Crackling Cyclone", "6/6,3/2"),
        (
            "golden Sr. Tomb Diver,Deadly Spore,Crackling Cyclone",
            "4/9,7/3",
        ),
        (
            "Deadly Spore,Sr. Tomb Diver,Sr. Tomb Diver,Crackling Cyclone",
            "8/8,2/3+taunt",
        ),
    ]);
    let c = combat(
        "Sr. Tomb Diver,Crackling Cyclone,golden Sr. Tomb Diver,Deadly Spore,Crackling Cyclone",
        "6/6,3/5,2/2+shield,5/3",
    );
    assert_monte_carlo_agrees(&c, 53, "Sr. Tomb Diver");
}

#[test]
fn sr_tomb_diver_is_refused_where_a_gilded_minion_is_not_followed() {
    for (a, why) in [
        ("Sr. Tomb Diver,Harmless Bonehead", "may summon"),
        ("Sr. Tomb Diver,3/3", "anonymous"),
        ("Sr. Tomb Diver,Risen Rider", "reborn"),
    ] {
        let err = combat_exact(&combat(a, "4/4"), 100_000, &Control::NONE).unwrap_err();
        assert!(err.to_string().contains(why), "{a}: {err}");
        assert_eq!(err.culprit(), Some("Sr. Tomb Diver"), "{a}");
    }
    // The other side's minions are not its concern.
    let c = combat("Sr. Tomb Diver", "Harmless Bonehead");
    assert!(combat_exact(&c, 100_000, &Control::NONE).is_ok());
}

#[test]
fn recruiters_scallywags_and_broodmothers_hatchlings_bring_their_own_tokens() {
    // Rapscallion Recruiter dies: two 3/1 Scallywags in its place, each
    // dying into a 1/1 Sky Pirate that attacks at once; golden: two golden
    // 6/2 Scallywags (2/2 pirates).
    let s = after_attack("Rapscallion Recruiter=1/1,1/9", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "3/1,3/1,1/9");
    let s = after_attack("golden Rapscallion Recruiter=1/1", "9/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "6/2,6/2");
    // Twilight Broodmother: two 1/1 Hatchlings given taunt (golden: four),
    // each dying into a 3/3 Whelp that attacks at once.
    let s = after_attack("Twilight Broodmother=1/1,1/9", "3/3", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1+t,1/1+t,1/9");
    let s = after_attack("golden Twilight Broodmother=1/1", "9/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "1/1+t,1/1+t,1/1+t,1/1+t");
    // Both levels of tokens, the at-once attacks included: the exact
    // engine is the plain tree, and Monte Carlo agrees with it.
    let boards = [
        ("Rapscallion Recruiter=1/1", "4/5,2/2"),
        ("golden Rapscallion Recruiter=2/2,1/3", "5/9+shield,3/3"),
        (
            "Rapscallion Recruiter=2/1,Titus Rivendare=1/2",
            "6/6,2/2+taunt",
        ),
        ("Twilight Broodmother=1/1", "4/5,2/2"),
        ("golden Twilight Broodmother=2/2", "9/9,3/3+shield"),
        (
            "Twilight Broodmother=2/1,2/2",
            "Rapscallion Recruiter=3/2,4/4",
        ),
    ];
    assert_exact_is_the_tree(&boards);
    for (i, (a, b)) in boards.iter().enumerate() {
        assert_monte_carlo_agrees(&combat(a, b), 80 + i as u64, &format!("{a} vs {b}"));
    }
}

#[test]
fn skulking_bristlemane_plays_gems_on_the_minions_beside_where_it_died() {
    // It dies between two minions: each gets a blood gem (+1/+1); golden:
    // two gems each (+2/+2). The enemy survives (9 health).
    let s = after_attack("2/2,Skulking Bristlemane=1/1,3/3", "1/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "3/3,4/4");
    let s = after_attack("2/2,golden Skulking Bristlemane=1/1,3/3", "1/9", 1, 0, 0);
    assert_eq!(shown(&s, 0), "4/4,5/5");
    // At the left end: only its right neighbour.
    let s = after_attack("Skulking Bristlemane=1/1,3/3,2/2", "1/9", 0, 0, 0);
    assert_eq!(shown(&s, 0), "4/4,2/2");
    // Beside a Needling Crone the gems give twice their stats; the game's
    // blood gem bonus adds to each gem.
    let s = after_attack(
        "Needling Crone=1/2,Skulking Bristlemane=1/1,3/3",
        "1/9",
        1,
        0,
        0,
    );
    assert_eq!(shown(&s, 0), "3/4,5/5");
    let s = after_attack_with(
        "2/2,Skulking Bristlemane=1/1,3/3",
        "1/9",
        ["gems=2/1", ""],
        1,
    );
    assert_eq!(shown(&s, 0), "5/4,6/5");
    let boards = [
        ("2/3,Skulking Bristlemane=1/2,1/1", "3/5,2/2"),
        ("golden Skulking Bristlemane=2/2,1/4", "4/6+shield,2/2"),
        (
            "Titus Rivendare=1/2,Skulking Bristlemane=2/1,1/3",
            "5/5,3/3",
        ),
        (
            "Skulking Bristlemane=1/2+taunt,Skulking Bristlemane=1/1",
            "3/3,2/4",
        ),
    ];
    assert_exact_is_the_tree(&boards);
    for (i, (a, b)) in boards.iter().enumerate() {
        assert_monte_carlo_agrees(&combat(a, b), 90 + i as u64, &format!("{a} vs {b}"));
    }
}
