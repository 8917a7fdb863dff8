//! Heads-up preflop equity of every pair of hands, from a table.
//!
//! Who wins a preflop all-in depends on the two hands only up to a renaming
//! of the suits. Each hand has a class representative (the smallest mask
//! any suit permutation gives it, 169 of them) and each ordered pair of
//! hands is, up to suits, a representative `a` with an opponent `b` taken
//! smallest over the permutations that keep `a` fixed. The table holds, for
//! each such pair (about 70,000), the exact counts over the 1,712,304
//! boards: A's wins, the ties, and A's final categories (flush to straight
//! flush and so on; high card is what remains). It is made by
//! `oddsmith generate preflop-table` with the exact engine, committed as
//! `preflop_heads_up.bin` (21 bits a count, 10 counts an entry), and its
//! checksum is checked by a test that also recomputes a sample of entries.
//!
//! A range-vs-range question is then a weighted sum over combo pairs: each
//! pair adds its weight to its entry (both orientations), and the entries
//! are summed once at the end.

use super::{ComboEquity, EquityResult, Prepared, Tally, finish};
use crate::cards::CardSet;
use crate::error::{Error, Result};
use crate::poker::range::COMBOS;

/// Boards of a heads-up preflop deal: C(48, 5).
pub(crate) const BOARDS: u64 = 1_712_304;

/// The committed table, packed (the generator's output; tests read it).
#[cfg(test)]
const TABLE: &[u8] = include_bytes!("preflop_heads_up.bin");

/// The table unpacked by the build script (`packing::unpacked`): each
/// entry's counts as `FIELDS` little-endian u32s.
static COUNTS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/preflop_counts.bin"));

/// Entries in the table.
const ENTRY_BYTES: usize = 4 * FIELDS;

/// Per class, its hands' counts summed over every hand they do not meet,
/// from its side then from the other's (`Layout::vs_every_hand_bytes`).
static VS_EVERY_HAND: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/preflop_vs_every_hand.bin"));

/// Hands a two-card hand does not meet: C(50, 2).
const DISJOINT_HANDS: u64 = 1225;

/// FNV-1a of the committed table, checked by a test.
#[cfg(test)]
const TABLE_CHECKSUM: u64 = 0x564d_fc50_cc39_699e;

// The full layout (its every field, `to_rust`) serves the build script and
// the tests; queries read the baked parts.
#[allow(dead_code)]
pub(crate) mod layout;
// `decode` and `unpacked` serve the build script and the tests.
#[allow(dead_code)]
mod packing;

use packing::FIELDS;
use packing::encode;

/// The layout's parts a query reads, made by the build script from
/// `layout.rs` (read-only data: nothing is built on the first query).
mod baked {
    include!(concat!(env!("OUT_DIR"), "/preflop_layout.rs"));
}

use layout::{permute, slot};

const _: () = assert!(layout::COMBOS == COMBOS);

/// The entry of hands `a` and `b` (slots), A's side first; `layout::NO_ENTRY`
/// when they share a card.
#[inline]
fn entry_of(a: usize, b: usize) -> u32 {
    let p = baked::PERM_OF[a] as usize * 4;
    let perm = [
        baked::PERMS[p],
        baked::PERMS[p + 1],
        baked::PERMS[p + 2],
        baked::PERMS[p + 3],
    ];
    let b = permute(baked::MASKS[b], &perm);
    let at = 4 * (baked::CLASS_OF[a] as usize * COMBOS + slot(b));
    let four = &ENTRY[at..at + 4];
    u32::from_le_bytes([four[0], four[1], four[2], four[3]])
}

/// Hand `a`'s wins and ties against hand `b` (slots, as `combo_mask`
/// numbers them), counted over the `BOARDS` boards; `None` when the two
/// share a card. Suit-aware: the table's entry is the pair's up to a
/// renaming of suits, so card removal is exact.
pub(crate) fn wins_and_ties(a: usize, b: usize) -> Option<(u32, u32)> {
    if a >= COMBOS || b >= COMBOS || baked::MASKS[a] & baked::MASKS[b] != 0 {
        return None;
    }
    let c = counts(entry_of(a, b) as usize);
    Some((c[0], c[1]))
}

/// The slot of a two-card mask.
#[cfg(test)]
pub(crate) fn combo_slot(mask: u64) -> usize {
    slot(mask)
}

/// The two-card mask of slot `s` (below `COMBOS`).
pub(crate) fn combo_mask(s: usize) -> u64 {
    baked::MASKS[s]
}

/// Per class and opponent slot, the entry number (`Layout::entry_bytes`).
static ENTRY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/preflop_entry.bin"));

/// Entry `e`'s counts (`e` below `entry_count()`).
#[inline]
fn counts(e: usize) -> [u32; FIELDS] {
    let bytes = &COUNTS[e * ENTRY_BYTES..(e + 1) * ENTRY_BYTES];
    let mut out = [0u32; FIELDS];
    for (c, four) in out.iter_mut().zip(bytes.chunks_exact(4)) {
        *c = u32::from_le_bytes([four[0], four[1], four[2], four[3]]);
    }
    out
}

/// Entries in the baked table.
fn entry_count() -> usize {
    COUNTS.len() / ENTRY_BYTES
}

/// FNV-1a, 64 bits.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One entry's counts, computed with the exact engine: A (`a`) against B.
pub(crate) fn compute_entry(a: u64, b: u64) -> [u32; FIELDS] {
    let hands = [
        CardSet::from_mask(a).unwrap_or_default(),
        CardSet::from_mask(b).unwrap_or_default(),
    ];
    let c = super::runouts::count_runouts(&hands, CardSet::EMPTY, CardSet::EMPTY, 0, 1);
    let ties = (c.shares[0] - super::POT * c.wins[0]) / (super::POT / 2);
    let mut out = [0u32; FIELDS];
    out[0] = c.wins[0] as u32;
    out[1] = ties as u32;
    for cat in 1..9 {
        out[1 + cat] = c.categories[0][cat] as u32;
    }
    out
}

/// Every entry, computed (the generator's work: about a minute on two
/// cores), in table order.
pub fn generate() -> Vec<u8> {
    use rayon::prelude::*;
    let entries: Vec<[u32; FIELDS]> = layout::Layout::compute()
        .pairs
        .par_iter()
        .map(|&(a, b)| compute_entry(a, b))
        .collect();
    encode(&entries)
}

/// Up to this many combo pairs, each pair's entries are listed rather than
/// summed in arrays over the whole table.
const FEW_PAIRS: usize = 4096;

/// Whether the table answers `p`: two players, no board, no dead cards.
pub(super) fn applies(p: &Prepared) -> bool {
    p.players.len() == 2 && p.to_deal == 5 && p.dead.is_empty() && entry_count() > 0
}

/// Heads-up preflop equity from the table, with each combo's breakdown
/// when `by_combo`.
pub(super) fn run(p: &Prepared, by_combo: bool) -> Result<EquityResult> {
    if entry_count() != baked::PAIRS
        || VS_EVERY_HAND.len() != baked::REPRESENTATIVES * 2 * FIELDS * 8
    {
        return Err(Error::new(
            crate::ErrorKind::Internal,
            "the preflop table does not match its layout",
        ));
    }
    // No board and no dead cards: "every live combo" is every hand.
    match (0..2).find(|&k| p.any_two[k]) {
        Some(every) if !by_combo => against_every_hand(p, every),
        _ => walk_pairs(p, by_combo),
    }
}

/// Class `class`'s counts against every hand it does not meet: from its
/// side (`theirs` false) or from the other hand's.
fn vs_every_hand(class: usize, theirs: bool) -> [u64; FIELDS] {
    let at = (2 * class + usize::from(theirs)) * FIELDS * 8;
    let mut out = [0u64; FIELDS];
    for (v, eight) in out.iter_mut().zip(VS_EVERY_HAND[at..].chunks_exact(8)) {
        *v = u64::from_le_bytes(eight.try_into().unwrap_or([0; 8]));
    }
    out
}

/// Player `every` holds every hand evenly: each combo of the other range
/// reads its class's sums against every hand (one row, not 1,225 entries).
fn against_every_hand(p: &Prepared, every: usize) -> Result<EquityResult> {
    let other = 1 - every;
    let every_weight = p.players[every][0].weight;
    let boards = BOARDS as f64;
    let mut tally = Tally::new(2);
    for c in &p.players[other] {
        let class = baked::CLASS_OF[slot(c.cards.mask())] as usize;
        let weight = c.weight * every_weight;
        for (player, theirs) in [(other, false), (every, true)] {
            let sums = vs_every_hand(class, theirs);
            let (wins, ties) = (sums[0] as f64, sums[1] as f64);
            tally.win[player] += weight * wins;
            tally.share[player] += weight * (wins + ties / 2.0);
            let mut high_card = DISJOINT_HANDS as f64 * boards;
            for cat in 1..9 {
                let n = sums[1 + cat] as f64;
                tally.categories[player][cat] += weight * n;
                high_card -= n;
            }
            tally.categories[player][0] += weight * high_card;
        }
        tally.weight += weight * DISJOINT_HANDS as f64 * boards;
    }
    tally.tuples = p.players[other].len() as u64 * DISJOINT_HANDS * BOARDS;
    if tally.weight <= 0.0 {
        return Err(no_deal());
    }
    Ok(finish(tally, true))
}

/// The error of ranges no deal satisfies.
fn no_deal() -> Error {
    Error::invalid("the ranges conflict: no deal gives every player a combo")
}

/// Heads-up preflop equity from the table, pair of combos by pair.
fn walk_pairs(p: &Prepared, by_combo: bool) -> Result<EquityResult> {
    let entries = entry_count();
    // Each entry's weight from A's side and from B's side: in arrays over
    // the table for many pairs, listed pair by pair for few.
    let (a_combos, b_combos) = (&p.players[0], &p.players[1]);
    let b_slots: Vec<usize> = b_combos.iter().map(|c| slot(c.cards.mask())).collect();
    let mut weighted: Vec<(u32, u32, f64)> = Vec::new();
    let few = a_combos.len() * b_combos.len() <= FEW_PAIRS;
    let (mut as_a, mut as_b) = if few {
        (Vec::new(), Vec::new())
    } else {
        (vec![0.0f64; entries], vec![0.0f64; entries])
    };
    let mut pairs = 0u64;
    // Per combo of each player: the other range's weight times its wins,
    // ties and boards (only when a breakdown is asked for).
    let mut per_combo: [Vec<[f64; 3]>; 2] = if by_combo {
        [
            vec![[0.0; 3]; a_combos.len()],
            vec![[0.0; 3]; b_combos.len()],
        ]
    } else {
        [Vec::new(), Vec::new()]
    };
    for (i, ca) in a_combos.iter().enumerate() {
        let sa = slot(ca.cards.mask());
        for (j, (cb, &sb)) in b_combos.iter().zip(&b_slots).enumerate() {
            if !ca.cards.is_disjoint(cb.cards) {
                continue;
            }
            let w = ca.weight * cb.weight;
            let (ea, eb) = (entry_of(sa, sb), entry_of(sb, sa));
            if by_combo {
                let [a_sums, b_sums] = &mut per_combo;
                for (sums, other_weight, e) in [
                    (&mut a_sums[i], cb.weight, ea),
                    (&mut b_sums[j], ca.weight, eb),
                ] {
                    let counts = counts(e as usize);
                    sums[0] += other_weight * counts[0] as f64;
                    sums[1] += other_weight * counts[1] as f64;
                    sums[2] += other_weight * BOARDS as f64;
                }
            }
            if few {
                weighted.push((ea, eb, w));
            } else {
                as_a[ea as usize] += w;
                as_b[eb as usize] += w;
            }
            pairs += 1;
        }
    }
    let sides = |e: usize| -> [(usize, f64); 2] { [(0, as_a[e]), (1, as_b[e])] };
    let listed = weighted
        .iter()
        .flat_map(|&(ea, eb, w)| [(ea as usize, 0usize, w), (eb as usize, 1usize, w)]);
    let summed = (0..as_a.len()).flat_map(|e| sides(e).map(move |(player, w)| (e, player, w)));
    let mut tally = Tally::new(2);
    let boards = BOARDS as f64;
    for (e, player, weight) in listed.chain(summed) {
        if weight == 0.0 {
            continue;
        }
        // Each side reads its own orientation's entry: its wins, the ties
        // and its categories.
        let counts = counts(e);
        let (wins, ties) = (counts[0] as f64, counts[1] as f64);
        tally.win[player] += weight * wins;
        tally.share[player] += weight * (wins + ties / 2.0);
        let mut high_card = boards;
        for cat in 1..9 {
            let n = counts[1 + cat] as f64;
            tally.categories[player][cat] += weight * n;
            high_card -= n;
        }
        tally.categories[player][0] += weight * high_card;
        if player == 0 {
            tally.weight += weight * boards;
        }
    }
    tally.tuples = pairs * BOARDS;
    if tally.weight <= 0.0 {
        return Err(no_deal());
    }
    let mut result = finish(tally, true);
    if by_combo {
        result.by_combo = per_combo
            .iter()
            .zip(&p.players)
            .map(|(sums, combos)| {
                sums.iter()
                    .zip(combos)
                    .map(|(&[win, tie, met], c)| {
                        let share = |x: f64| if met > 0.0 { x / met } else { 0.0 };
                        ComboEquity {
                            cards: c.cards,
                            weight: c.weight,
                            equity: share(win + tie / 2.0),
                            win: share(win),
                            tie: share(tie / 2.0),
                            deals: c.weight * met,
                        }
                    })
                    .collect()
            })
            .collect();
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combin::Subsets;
    use packing::decode;

    #[test]
    fn the_baked_layout_is_what_the_code_makes() {
        let l = layout::Layout::compute();
        assert_eq!(baked::CLASS_OF.as_slice(), l.class_of.as_slice());
        assert_eq!(baked::PERM_OF.as_slice(), l.perm_of.as_slice());
        assert_eq!(ENTRY, l.entry_bytes().as_slice());
        assert_eq!(baked::PAIRS, l.pairs.len());
        assert_eq!(baked::PERMS.as_slice(), layout::permutations().concat());
        // The masks by slot are every two-card set, each once.
        let mut masks: Vec<u64> = Subsets::of_set(CardSet::FULL, 2)
            .into_iter()
            .flatten()
            .collect();
        masks.sort_unstable();
        let mut baked_masks = baked::MASKS.to_vec();
        baked_masks.sort_unstable();
        assert_eq!(masks, baked_masks);
        for (s, &m) in baked::MASKS.iter().enumerate() {
            assert_eq!(slot(m), s);
        }
        // The unpacked counts are the committed table's.
        let decoded = decode(TABLE);
        assert_eq!(entry_count(), decoded.len());
        assert!((0..decoded.len()).all(|e| counts(e) == decoded[e]));
    }

    #[test]
    fn the_layout_covers_every_pair_once_up_to_suits() {
        let l = layout::Layout::compute();
        let masks = &baked::MASKS;
        assert_eq!(l.representatives.len(), 169);
        // Every ordered pair of disjoint hands has an entry, and suit
        // renamings of a pair share it.
        let perms = layout::permutations();
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let a = rng.below(COMBOS as u32) as usize;
            let b = rng.below(COMBOS as u32) as usize;
            if masks[a] & masks[b] != 0 {
                assert_eq!(entry_of(a, b), layout::NO_ENTRY);
                continue;
            }
            let e = entry_of(a, b);
            assert_ne!(e, layout::NO_ENTRY);
            let p = &perms[rng.below(24) as usize];
            let (pa, pb) = (slot(permute(masks[a], p)), slot(permute(masks[b], p)));
            assert_eq!(entry_of(pa, pb), e);
        }
        let total: u64 = (0..COMBOS)
            .map(|a| (0..COMBOS).filter(|&b| masks[a] & masks[b] == 0).count() as u64)
            .sum();
        assert_eq!(total, 1326 * 1225);
        // Each entry is the smallest of its suit renamings, so no two
        // entries are the same matchup: the table has one entry per orbit.
        for &(a, b) in &l.pairs {
            assert!(
                perms
                    .iter()
                    .all(|p| (permute(a, p), permute(b, p)) >= (a, b))
            );
        }
        assert_eq!(l.pairs.len(), 93_769);
    }

    /// The committed table is the one the generator made (its checksum),
    /// and a sample of its entries recomputed with the exact engine match.
    #[test]
    fn the_committed_table_is_exact() {
        assert_eq!(
            checksum(TABLE),
            TABLE_CHECKSUM,
            "regenerate with `oddsmith generate preflop-table`"
        );
        let (l, e) = (layout::Layout::compute(), decode(TABLE));
        assert_eq!(e.len(), l.pairs.len());
        let mut rng = crate::rng::Rng::new(16);
        for _ in 0..24 {
            let i = rng.below(e.len() as u32) as usize;
            let (a, b) = l.pairs[i];
            assert_eq!(e[i], compute_entry(a, b), "entry {i}");
        }
        // The published AhKh vs QsQd: 46.2145% for AhKh.
        let (ak, qq) = (
            slot(CardSet::parse("AhKh").unwrap().mask()),
            slot(CardSet::parse("QsQd").unwrap().mask()),
        );
        let c = e[entry_of(ak, qq) as usize];
        let equity = (c[0] as f64 + c[1] as f64 / 2.0) / BOARDS as f64;
        assert!((equity - 0.462145).abs() < 5e-7, "{equity}");
    }

    #[test]
    fn the_sums_against_every_hand_are_the_entries_summed() {
        // Every hand, not only the representatives: each class's hands
        // meet every other hand alike up to suits.
        for a in 0..COMBOS {
            let mut sums = [[0u64; FIELDS]; 2];
            for b in (0..COMBOS).filter(|&b| baked::MASKS[a] & baked::MASKS[b] == 0) {
                for (side, e) in [(0, entry_of(a, b)), (1, entry_of(b, a))] {
                    for (sum, n) in sums[side].iter_mut().zip(counts(e as usize)) {
                        *sum += u64::from(n);
                    }
                }
            }
            let class = baked::CLASS_OF[a] as usize;
            assert_eq!(
                sums,
                [false, true].map(|theirs| vs_every_hand(class, theirs))
            );
        }
    }

    #[test]
    fn a_range_against_every_hand_is_the_pair_walk() {
        use crate::poker::range::Range;
        let ranges = [
            "AsKs",
            "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+",
            "QQ:0.5,AKo:0.25,72o,T9s",
            "random",
        ];
        for hero in ranges {
            for hero_seat in [0, 1] {
                let mut players =
                    vec![Range::parse(hero).unwrap(), Range::parse("random").unwrap()];
                if hero_seat == 1 {
                    players.swap(0, 1);
                }
                let req = super::super::EquityRequest::new(players);
                let p = super::super::prepare(&req).unwrap();
                let every = 1 - hero_seat;
                assert!(p.any_two[every]);
                let (fast, walked) = (
                    against_every_hand(&p, every).unwrap(),
                    walk_pairs(&p, false).unwrap(),
                );
                assert_eq!(fast.tuples, walked.tuples, "{hero}");
                for (f, w) in fast.players.iter().zip(&walked.players) {
                    let close = |x: f64, y: f64| (x - y).abs() <= 1e-12 * y.abs().max(1.0);
                    assert!(
                        close(f.equity, w.equity),
                        "{hero}: {} vs {}",
                        f.equity,
                        w.equity
                    );
                    assert!(close(f.win, w.win), "{hero}");
                    for (x, y) in f.categories.iter().zip(&w.categories) {
                        assert!(close(*x, *y), "{hero}");
                    }
                }
            }
        }
    }

    #[test]
    fn packing_round_trips() {
        let entries = vec![
            [1_712_304, 0, 1, 2, 3, 4, 5, 6, 7, (1 << 21) - 1],
            [7; FIELDS],
        ];
        assert_eq!(decode(&encode(&entries)), entries);
    }
}
