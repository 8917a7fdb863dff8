//! The evaluator against the known 7-card category counts, the class
//! count, and a naive best-5-of-7 evaluator written independently.

use super::*;
use crate::combin::Subsets;
use proptest::prelude::*;

/// Independent naive 5-card evaluation: (category, tiebreak ranks), compared
/// lexicographically.
fn naive5(cards: &[Card]) -> (u8, Vec<u8>) {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut distinct = ranks.clone();
    distinct.dedup();
    let straight_top = if distinct.len() == 5 && distinct[0] - distinct[4] == 4 {
        Some(distinct[0])
    } else if distinct == [12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    // Groups by (count, rank), biggest first.
    let mut groups: Vec<(usize, u8)> = distinct
        .iter()
        .map(|&r| (ranks.iter().filter(|&&x| x == r).count(), r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let order: Vec<u8> = groups.iter().map(|g| g.1).collect();
    match (flush, straight_top, shape.as_slice()) {
        (true, Some(t), _) => (8, vec![t]),
        (_, _, [4, 1]) => (7, order),
        (_, _, [3, 2]) => (6, order),
        (true, None, _) => (5, order),
        (false, Some(t), _) => (4, vec![t]),
        (_, _, [3, 1, 1]) => (3, order),
        (_, _, [2, 2, 1]) => (2, order),
        (_, _, [2, 1, 1, 1]) => (1, order),
        _ => (0, order),
    }
}

fn naive_best(cards: &[Card]) -> (u8, Vec<u8>) {
    let n = cards.len();
    let mut best = (0, vec![]);
    for mask in Subsets::of_range(n, 5, 0..crate::combin::binomial(n, 5)).unwrap() {
        let five: Vec<Card> = (0..n)
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        best = best.max(naive5(&five));
    }
    best
}

fn cards_of(mask: u64) -> Vec<Card> {
    CardSet::from_mask(mask).unwrap().iter().collect()
}

#[test]
fn tables_are_small_and_classes_complete() {
    assert!(tables().bytes() <= 512 * 1024, "{} bytes", tables().bytes());
    let royal = evaluate(&crate::parse_cards("AhKhQhJhTh").unwrap()).unwrap();
    assert_eq!(royal.0 as usize, CLASS_COUNT);
    assert_eq!(royal.describe(), "Royal Flush");
    let worst = evaluate(&crate::parse_cards("7c5d4h3s2c").unwrap()).unwrap();
    assert_eq!(worst.0, 1);
    let two_pair = evaluate(&crate::parse_cards("KhKs7d7c2h").unwrap()).unwrap();
    assert_eq!(two_pair.describe(), "Two Pair, Kings and Sevens");
    assert_eq!(two_pair.category(), Category::TwoPair);
    let wheel = evaluate(&crate::parse_cards("Ah2c3d4s5h").unwrap()).unwrap();
    assert_eq!(wheel.describe(), "Straight, Five high");
}

#[test]
fn all_seven_card_hands_give_the_known_category_counts() {
    let mut counts = [0u64; 9];
    let mut seen = vec![false; CLASS_COUNT + 1];
    let deck: Vec<Card> = CardSet::FULL.iter().collect();
    // Nested loops with incremental keys, as an enumeration would.
    for a in 0..52 {
        let ka = HandKey::EMPTY.with(deck[a]);
        for b in a + 1..52 {
            let kb = ka.with(deck[b]);
            for c in b + 1..52 {
                let kc = kb.with(deck[c]);
                for d in c + 1..52 {
                    let kd = kc.with(deck[d]);
                    for e in d + 1..52 {
                        let ke = kd.with(deck[e]);
                        for f in e + 1..52 {
                            let kf = ke.with(deck[f]);
                            for &card in &deck[f + 1..] {
                                let r = kf.with(card).rank();
                                seen[r.0 as usize] = true;
                                counts[tables().score_of(r) as usize >> 20] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(
        counts,
        [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    assert_eq!(seen.iter().filter(|&&s| s).count(), 4_824);
}

#[test]
fn all_five_card_hands_use_every_class() {
    let mut seen = vec![false; CLASS_COUNT + 1];
    Subsets::of_set(CardSet::FULL, 5)
        .unwrap()
        .for_each_mask(|m| {
            seen[HandKey::of_set(CardSet::from_mask(m).unwrap()).rank().0 as usize] = true
        });
    assert_eq!(seen.iter().filter(|&&s| s).count(), CLASS_COUNT);
}

#[test]
fn bad_hands_are_errors() {
    assert!(evaluate(&crate::parse_cards("AhKh").unwrap()).is_err());
    let cards = crate::parse_cards("AhKhQhJhTh9h8h").unwrap();
    let mut eight = cards.clone();
    eight.push(Card::parse("2c").unwrap());
    assert!(evaluate(&eight).is_err());
    let mut dup = cards[..4].to_vec();
    dup.push(cards[0]);
    assert_eq!(
        evaluate(&dup).unwrap_err().kind(),
        crate::ErrorKind::DuplicateCard
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn agrees_with_naive_best_of_seven(a in any::<u64>(), b in any::<u64>(), n in 5usize..=7) {
        // Two random hands of n cards: same order and same category.
        let pick = |seed: u64| {
            let mut rng = crate::rng::Rng::new(seed);
            let mut set = CardSet::EMPTY;
            while (set.len() as usize) < n {
                set.insert(Card::new(rng.below(52) as u8).unwrap());
            }
            set.mask()
        };
        let (ha, hb) = (cards_of(pick(a)), cards_of(pick(b)));
        let (ra, rb) = (evaluate(&ha).unwrap(), evaluate(&hb).unwrap());
        let (na, nb) = (naive_best(&ha), naive_best(&hb));
        prop_assert_eq!(ra.category() as u8, na.0);
        prop_assert_eq!(ra.cmp(&rb), na.cmp(&nb));
    }
}

#[test]
fn the_baked_tables_are_what_the_generator_makes() {
    // build.rs bakes `eval_tables::generate()` into static data; a stale or
    // hand-edited copy would disagree here.
    let fresh = crate::poker::eval_tables::generate();
    let baked = tables();
    assert_eq!(baked.flush, &fresh.flush[..]);
    assert_eq!(baked.slots, &fresh.slots[..]);
    assert_eq!(baked.displacement, &fresh.displacement[..]);
    assert_eq!(
        (baked.bucket_mul, baked.slot_mul),
        (fresh.bucket_mul, fresh.slot_mul)
    );
    assert_eq!(baked.scores, &fresh.scores[..]);
    assert_eq!(category_table(), &fresh.categories[..]);
}
