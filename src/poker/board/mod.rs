//! What a range makes on a board, Flopzilla-style and exact: each combo's
//! made-hand class and draws (`HandClass`, defined in
//! `docs/src/poker-board.md`), as combo counts, weighted shares and combo
//! lists, and with a second range the exact equity of each class against
//! it; on one board, a list of boards, or every flop at once.
//!
//! Equity of a class: over every deal of a combo of the class, a combo of
//! the other range and a completion of the board (no card twice), each
//! weighted by the product of the combos' weights, the pot share of the
//! combo (ties split). Over several boards each board counts as one deal
//! of its cards: a board's deals are weighted by 1 / its completions.
//!
//! The counting is the heads-up showdown sweep of `equity` on whole
//! five-card boards (`RiverShowdown`): one sweep per completed board. Over
//! every flop, each five-card board is swept once for the ten flops it
//! completes, and boards that a renaming of suits leaving both ranges
//! unchanged maps onto each other are swept once (`suits`).

mod classify;
mod suits;
#[cfg(test)]
mod tests;

use classify::class_of;
pub use classify::{ClassSet, HandClass, classify};

use crate::budget::Control;
use crate::cards::{Card, CardSet};
use crate::combin::{Subsets, binomial};
use crate::error::{Error, Result};
use crate::parallel::{Workers, map_items, run_with_threads};
use crate::poker::equity::RiverShowdown;
use crate::poker::range::{Combo, Range};
use std::sync::atomic::{AtomicU64, Ordering};

/// The 1,755 flops that stand for all 22,100 up to a renaming of suits
/// (the smallest of each kind), each with the number of flops it stands
/// for (the weights add to 22,100): for ranges that every renaming leaves
/// unchanged (written by hand class), a flop's answer is its kind's.
pub fn distinct_flops() -> Vec<(CardSet, u32)> {
    suits::representative_boards(3, &suits::permutations())
}

/// Which boards a question is about.
#[derive(Debug, Clone, PartialEq)]
pub enum Boards {
    /// These flops, turns or rivers (3 to 5 cards each), each counted once.
    List(Vec<CardSet>),
    /// Every one of the 22,100 flops, each counted once.
    AllFlops,
}

/// A question: what `range` makes on `boards`, and with `vs` its equity
/// by class against that range.
#[derive(Debug, Clone)]
pub struct BoardQuestion {
    /// The range whose hands are classed.
    pub range: Range,
    /// The other range, for equity by class (none: no equity).
    pub vs: Option<Range>,
    /// The boards.
    pub boards: Boards,
    /// Worker threads, by the rule of [`crate::parallel`]: 0 = the shared
    /// pool, 1 = the caller's thread. The answer is the same on any number.
    pub threads: usize,
    /// A deadline, cancel flag and progress hook (every flop with equity
    /// takes seconds); stopped, the call fails with `BudgetExceeded`.
    pub control: Control,
}

impl BoardQuestion {
    /// `range` on one board, without equity, on the shared pool.
    pub fn new(range: Range, board: CardSet) -> BoardQuestion {
        BoardQuestion {
            range,
            vs: None,
            boards: Boards::List(vec![board]),
            threads: 0,
            control: Control::NONE,
        }
    }
}

/// One class's line of the answer. Counts and weights are per board: on
/// one board the class's own, over several the mean over the boards.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassLine {
    /// The class.
    pub class: HandClass,
    /// Combos in the class (per board).
    pub combos: f64,
    /// Their total weight (per board).
    pub weight: f64,
    /// Their share of the range's weight left on the board(s), 0..=1.
    pub share: f64,
    /// Their equity against the other range, when one was given and some
    /// deal of the class meets it.
    pub equity: Option<f64>,
    /// The combos, on one board (empty over several).
    pub hands: Vec<CardSet>,
}

/// The answer: one line per class, in [`HandClass::ALL`] order.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardAnswer {
    /// Boards counted (22,100 for every flop).
    pub boards: u64,
    /// Combos of the range left on a board (per board).
    pub combos: f64,
    /// Their weight (per board).
    pub weight: f64,
    /// The whole range's equity against the other range, when one was
    /// given.
    pub equity: Option<f64>,
    /// One line per class, made classes first (their shares add to 1),
    /// then the draws (a combo may have several).
    pub classes: Vec<ClassLine>,
}

impl BoardAnswer {
    /// The line of `class`.
    pub fn class(&self, class: HandClass) -> &ClassLine {
        &self.classes[class as usize]
    }
}

const CLASSES: usize = HandClass::ALL.len();

/// Sums per class (and in total, the last slot): combos, weight, and the
/// equity's numerator (pot won) and denominator (deals met).
#[derive(Clone)]
struct Sums {
    combos: [f64; CLASSES + 1],
    weight: [f64; CLASSES + 1],
    pot: [f64; CLASSES + 1],
    met: [f64; CLASSES + 1],
}

impl Sums {
    fn new() -> Sums {
        Sums {
            combos: [0.0; CLASSES + 1],
            weight: [0.0; CLASSES + 1],
            pot: [0.0; CLASSES + 1],
            met: [0.0; CLASSES + 1],
        }
    }

    fn merge(&mut self, o: &Sums) {
        for (a, b) in [
            (&mut self.combos, &o.combos),
            (&mut self.weight, &o.weight),
            (&mut self.pot, &o.pot),
            (&mut self.met, &o.met),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }

    /// Adds `value` to `slots` for every class of `set` and the total.
    #[inline]
    fn add(slots: &mut [f64; CLASSES + 1], set: ClassSet, value: f64) {
        let mut bits = set.0;
        while bits != 0 {
            slots[bits.trailing_zeros() as usize] += value;
            bits &= bits - 1;
        }
        slots[CLASSES] += value;
    }

    /// Adds a deal's pot won and weight met to every class of `set`.
    #[inline]
    fn deal(&mut self, set: ClassSet, pot: f64, met: f64) {
        let mut bits = set.0;
        while bits != 0 {
            let slot = bits.trailing_zeros() as usize;
            self.pot[slot] += pot;
            self.met[slot] += met;
            bits &= bits - 1;
        }
        self.pot[CLASSES] += pot;
        self.met[CLASSES] += met;
    }

    fn count(&mut self, set: ClassSet, weight: f64) {
        Sums::add(&mut self.combos, set, 1.0);
        Sums::add(&mut self.weight, set, weight);
    }
}

/// Answers a board question. Errors (`InvalidArgument`): an empty range,
/// no boards, a board not of 3 to 5 cards, a board that leaves the range
/// no combo, more threads than allowed.
pub fn board_stats(q: &BoardQuestion) -> Result<BoardAnswer> {
    if q.range.is_empty() {
        return Err(Error::invalid("the range has no combo"));
    }
    if q.vs.as_ref().is_some_and(Range::is_empty) {
        return Err(Error::invalid("the other range (vs) has no combo"));
    }
    let hero = q.range.combos();
    let villain = q.vs.as_ref().map(Range::combos);
    let run = Run {
        hero,
        villain,
        control: &q.control,
    };
    run_with_threads(q.threads, |workers| match &q.boards {
        Boards::List(boards) => on_boards(&run, boards, workers),
        Boards::AllFlops => on_all_flops(&run, workers),
    })
}

/// What every part of a call reads.
struct Run<'a> {
    hero: &'a [Combo],
    villain: Option<&'a [Combo]>,
    control: &'a Control,
}

/// Counts finished work items and tells the progress hook.
struct Done<'a> {
    items: AtomicU64,
    of: u64,
    control: &'a Control,
}

impl Done<'_> {
    fn new(control: &Control, of: u64) -> Done<'_> {
        Done {
            items: AtomicU64::new(0),
            of,
            control,
        }
    }

    fn tick(&self) {
        if self.control.wants_progress() {
            let done = self.items.fetch_add(1, Ordering::Relaxed) + 1;
            self.control.report(done as f64 / self.of as f64);
        }
    }
}

fn stopped() -> Error {
    Error::budget("the board question was cancelled or ran out of time")
}

/// The parts' sums added in order, or `BudgetExceeded` if one stopped.
fn merged(total: &mut Sums, parts: &[Option<Sums>]) -> Result<()> {
    for part in parts {
        total.merge(part.as_ref().ok_or_else(stopped)?);
    }
    Ok(())
}

fn check_board(board: CardSet, hero: &[Combo]) -> Result<()> {
    if !(3..=5).contains(&board.len()) {
        return Err(Error::invalid(format!(
            "board '{board}' has {} cards: a flop, turn or river has 3 to 5",
            board.len()
        )));
    }
    if hero.iter().all(|c| !c.cards.is_disjoint(board)) {
        return Err(Error::invalid(format!(
            "the range has no combo left on board '{board}'"
        )));
    }
    Ok(())
}

/// A combo's two cards.
fn two(cards: CardSet) -> [Card; 2] {
    let mut it = cards.iter();
    match (it.next(), it.next()) {
        (Some(a), Some(b)) => [a, b],
        _ => unreachable!("a range's combo holds two cards"),
    }
}

/// Runout chunks per board: a fixed number (not the thread count), so the
/// sums and their order are the same on any number of threads.
const CHUNKS_PER_BOARD: u64 = 16;

/// Boards whose chunks run at once (their sums are held until merged).
const BOARDS_PER_BATCH: usize = 256;

/// The listed boards, one by one.
fn on_boards(run: &Run, boards: &[CardSet], workers: Workers) -> Result<BoardAnswer> {
    let (hero, villain) = (run.hero, run.villain);
    if boards.is_empty() {
        return Err(Error::invalid("no board given"));
    }
    for &board in boards {
        check_board(board, hero)?;
    }
    let classes: Vec<Vec<(usize, ClassSet)>> = boards
        .iter()
        .map(|&board| {
            hero.iter()
                .enumerate()
                .filter(|(_, c)| c.cards.is_disjoint(board))
                .map(|(i, c)| (i, class_of(two(c.cards), board)))
                .collect()
        })
        .collect();
    let mut total = Sums::new();
    for board_classes in &classes {
        for &(i, set) in board_classes {
            total.count(set, hero[i].weight);
        }
    }
    if let Some(villain) = villain {
        let done = Done::new(run.control, boards.len() as u64 * CHUNKS_PER_BOARD);
        // Boards in batches, so the chunks' sums held at once stay few.
        for first in (0..boards.len()).step_by(BOARDS_PER_BATCH) {
            let batch = BOARDS_PER_BATCH.min(boards.len() - first);
            let chunks = batch as u64 * CHUNKS_PER_BOARD;
            let parts = map_items(workers, chunks, |item| {
                let b = first + (item / CHUNKS_PER_BOARD) as usize;
                let chunk = item % CHUNKS_PER_BOARD;
                let sums = runout_chunk(run, villain, boards[b], &classes[b], chunk);
                done.tick();
                sums
            });
            merged(&mut total, &parts)?;
        }
    }
    let hands = (boards.len() == 1).then(|| &classes[0]);
    Ok(answer(
        &total,
        boards.len() as u64,
        villain.is_some(),
        |class| {
            hands.map_or_else(Vec::new, |list| {
                list.iter()
                    .filter(|(_, set)| set.contains(class))
                    .map(|&(i, _)| hero[i].cards)
                    .collect()
            })
        },
    ))
}

/// Equity sums of one chunk of one board's completions.
fn runout_chunk(
    run: &Run,
    villain: &[Combo],
    board: CardSet,
    classes: &[(usize, ClassSet)],
    chunk: u64,
) -> Option<Sums> {
    let hero = run.hero;
    let mut sums = Sums::new();
    let deck = board.complement().intersection(CardSet::FULL);
    let to_deal = 5 - board.len() as usize;
    let runouts = binomial(deck.len() as usize, to_deal);
    let chunks = runouts.min(CHUNKS_PER_BOARD);
    if chunk >= chunks {
        return Some(sums);
    }
    // Each board counts as one deal of its cards.
    let per_runout = 1.0 / runouts as f64;
    let mut showdown = RiverShowdown::new(hero, villain);
    let ranks = chunk * runouts / chunks..(chunk + 1) * runouts / chunks;
    let mut stop = false;
    if let Ok(subsets) = Subsets::of_set_range(deck, to_deal, ranks) {
        subsets.for_each_mask(|runout| {
            stop = stop || run.control.passed();
            if stop {
                return;
            }
            let full = board.union(CardSet::from_mask(runout).unwrap_or_default());
            let r = showdown.run(full);
            for &(i, set) in classes {
                if r.met[i] > 0.0 {
                    let w = hero[i].weight * per_runout;
                    sums.deal(set, w * (r.win[i] + r.tie[i] / 2.0), w * r.met[i]);
                }
            }
        });
    }
    (!stop).then_some(sums)
}

/// Every flop: each combo classed on each of the 22,100 flops; with an
/// other range, each five-card board (one per suit orbit) swept once and
/// its showdown credited to the classes of the ten flops it completes.
fn on_all_flops(run: &Run, workers: Workers) -> Result<BoardAnswer> {
    let ranges: Vec<&[Combo]> = [Some(run.hero), run.villain]
        .into_iter()
        .flatten()
        .collect();
    on_all_flops_with(run, workers, &suits::range_symmetries(&ranges))
}

/// [`on_all_flops`] with the suit renamings `perms` (a group that leaves
/// both ranges unchanged).
fn on_all_flops_with(
    run: &Run,
    workers: Workers,
    perms: &[suits::SuitPerm],
) -> Result<BoardAnswer> {
    let with_vs = run.villain.is_some();
    let done = Done::new(
        run.control,
        FLOP_CHUNKS + if with_vs { ALL_FLOPS_CHUNKS } else { 0 },
    );
    let (table, mut total) = flop_table(run, workers, &done)?;
    if let Some(villain) = run.villain {
        let parts = map_items(workers, ALL_FLOPS_CHUNKS, |chunk| {
            let sums = board_chunk(run, villain, &table, perms, chunk);
            done.tick();
            sums
        });
        merged(&mut total, &parts)?;
    }
    Ok(answer(&total, FLOPS, with_vs, |_| Vec::new()))
}

/// Flops.
const FLOPS: u64 = 22_100;

/// Chunks of flops classed at once.
const FLOP_CHUNKS: u64 = 64;

/// Chunks of the five-card boards every flop's equity is summed over: a
/// fixed number, so the sums and their order are the same on any number
/// of threads or machines ([`all_flops_chunks`]).
pub const ALL_FLOPS_CHUNKS: u64 = 256;

/// Each combo's classes on each flop (by colex rank, empty where they
/// collide), and the class counts they add up to.
fn flop_table(run: &Run, workers: Workers, done: &Done) -> Result<(Vec<ClassSet>, Sums)> {
    let hero = run.hero;
    let n = hero.len();
    let parts = map_items(workers, FLOP_CHUNKS, |chunk| {
        if run.control.passed() {
            return None;
        }
        let mut table = Vec::new();
        let mut sums = Sums::new();
        let ranks = chunk * FLOPS / FLOP_CHUNKS..(chunk + 1) * FLOPS / FLOP_CHUNKS;
        if let Ok(subsets) = Subsets::of_set_range(CardSet::FULL, 3, ranks) {
            subsets.for_each_mask(|mask| {
                let flop = CardSet::from_mask(mask).unwrap_or_default();
                for c in hero {
                    let set = if c.cards.is_disjoint(flop) {
                        let set = class_of(two(c.cards), flop);
                        sums.count(set, c.weight);
                        set
                    } else {
                        ClassSet::default()
                    };
                    table.push(set);
                }
            });
        }
        done.tick();
        Some((table, sums))
    });
    let mut total = Sums::new();
    let mut table = Vec::with_capacity(FLOPS as usize * n);
    for part in parts {
        let (part, sums) = part.ok_or_else(stopped)?;
        table.extend(part);
        total.merge(&sums);
    }
    Ok((table, total))
}

/// The equity sums of chunk `chunk` of the five-card boards (each swept
/// once per suit orbit of `perms`, credited to the ten flops it
/// completes); `None` once stopped.
fn board_chunk(
    run: &Run,
    villain: &[Combo],
    table: &[ClassSet],
    perms: &[suits::SuitPerm],
    chunk: u64,
) -> Option<Sums> {
    let hero = run.hero;
    let n = hero.len();
    let boards = binomial(52, 5);
    let mut sums = Sums::new();
    let mut stop = false;
    let mut showdown = RiverShowdown::new(hero, villain);
    let mut live: Vec<(usize, f64, f64)> = Vec::with_capacity(n);
    let ranks = chunk * boards / ALL_FLOPS_CHUNKS..(chunk + 1) * boards / ALL_FLOPS_CHUNKS;
    if let Ok(subsets) = Subsets::of_set_range(CardSet::FULL, 5, ranks) {
        subsets.for_each_mask(|mask| {
            let Some(orbit) = suits::orbit_if_least(mask, perms) else {
                return;
            };
            stop = stop || run.control.passed();
            if stop {
                return;
            }
            let r = showdown.run(CardSet::from_mask(mask).unwrap_or_default());
            let orbit = f64::from(orbit);
            live.clear();
            for (i, c) in hero.iter().enumerate() {
                if r.met[i] > 0.0 {
                    let w = c.weight * orbit;
                    live.push((i, w * (r.win[i] + r.tie[i] / 2.0), w * r.met[i]));
                }
            }
            for_each_flop(mask, |flop| {
                let row = &table[flop as usize * n..][..n];
                for &(i, pot, met) in &live {
                    sums.deal(row[i], pot, met);
                }
            });
        });
    }
    (!stop).then_some(sums)
}

/// One chunk's equity sums over every flop, as plain numbers (to carry
/// between processes): per class and in total, the pot won, then the
/// deals met.
pub type ChunkSums = Vec<f64>;

/// Every-flop equity cut up for a cluster: the sums of chunks `chunks` (of
/// [`ALL_FLOPS_CHUNKS`]) of the question `q` (its `boards` are ignored:
/// every flop; `vs` is required). [`all_flops_from_chunks`] adds them up
/// to exactly `board_stats`' every-flop answer.
pub fn all_flops_chunks(q: &BoardQuestion, chunks: std::ops::Range<u64>) -> Result<Vec<ChunkSums>> {
    if chunks.end > ALL_FLOPS_CHUNKS || chunks.start > chunks.end {
        return Err(Error::invalid(format!(
            "chunks {}..{}: every flop is cut into {ALL_FLOPS_CHUNKS}",
            chunks.start, chunks.end
        )));
    }
    let (run, villain) = split_question(q)?;
    let perms = suits::range_symmetries(&[run.hero, villain]);
    run_with_threads(q.threads, |workers| {
        let done = Done::new(run.control, FLOP_CHUNKS + chunks.end - chunks.start);
        let (table, _) = flop_table(&run, workers, &done)?;
        let parts = map_items(workers, chunks.end - chunks.start, |k| {
            let sums = board_chunk(&run, villain, &table, &perms, chunks.start + k);
            done.tick();
            sums
        });
        parts
            .into_iter()
            .map(|part| {
                let sums = part.ok_or_else(stopped)?;
                Ok(sums.pot.iter().chain(&sums.met).copied().collect())
            })
            .collect()
    })
}

/// The every-flop answer of `q` from all [`ALL_FLOPS_CHUNKS`] chunks'
/// sums, in chunk order: the same numbers as `board_stats`.
pub fn all_flops_from_chunks(q: &BoardQuestion, chunks: &[ChunkSums]) -> Result<BoardAnswer> {
    if chunks.len() as u64 != ALL_FLOPS_CHUNKS {
        return Err(Error::invalid(format!(
            "{} chunks given: every flop is cut into {ALL_FLOPS_CHUNKS}",
            chunks.len()
        )));
    }
    let (run, _) = split_question(q)?;
    run_with_threads(q.threads, |workers| {
        let done = Done::new(run.control, FLOP_CHUNKS);
        let (_, mut total) = flop_table(&run, workers, &done)?;
        for (k, chunk) in chunks.iter().enumerate() {
            if chunk.len() != 2 * (CLASSES + 1) {
                return Err(Error::invalid(format!(
                    "chunk {k}: {} numbers, a chunk's sums are {}",
                    chunk.len(),
                    2 * (CLASSES + 1)
                )));
            }
            let mut sums = Sums::new();
            sums.pot.copy_from_slice(&chunk[..CLASSES + 1]);
            sums.met.copy_from_slice(&chunk[CLASSES + 1..]);
            total.merge(&sums);
        }
        Ok(answer(&total, FLOPS, true, |_| Vec::new()))
    })
}

/// The question's ranges, checked, with the other range required.
fn split_question(q: &BoardQuestion) -> Result<(Run<'_>, &[Combo])> {
    if q.range.is_empty() {
        return Err(Error::invalid("the range has no combo"));
    }
    let villain = match &q.vs {
        Some(vs) if !vs.is_empty() => vs.combos(),
        Some(_) => return Err(Error::invalid("the other range (vs) has no combo")),
        None => {
            return Err(Error::invalid(
                "vs: every-flop chunks are of equity against a range",
            ));
        }
    };
    let run = Run {
        hero: q.range.combos(),
        villain: Some(villain),
        control: &q.control,
    };
    Ok((run, villain))
}

/// Calls `f` with the colex rank of each of the ten flops in a five-card
/// board.
#[inline]
fn for_each_flop(mask: u64, mut f: impl FnMut(u64)) {
    let mut cards = [0usize; 5];
    let mut m = mask;
    for slot in &mut cards {
        *slot = m.trailing_zeros() as usize;
        m &= m - 1;
    }
    for a in 0..5 {
        for b in a + 1..5 {
            for c in b + 1..5 {
                f(binomial(cards[a], 1) + binomial(cards[b], 2) + binomial(cards[c], 3));
            }
        }
    }
}

fn answer(
    total: &Sums,
    boards: u64,
    with_vs: bool,
    hands: impl Fn(HandClass) -> Vec<CardSet>,
) -> BoardAnswer {
    let per_board = 1.0 / boards as f64;
    let all_weight = total.weight[CLASSES];
    let equity =
        |slot: usize| (with_vs && total.met[slot] > 0.0).then(|| total.pot[slot] / total.met[slot]);
    BoardAnswer {
        boards,
        combos: total.combos[CLASSES] * per_board,
        weight: all_weight * per_board,
        equity: equity(CLASSES),
        classes: HandClass::ALL
            .iter()
            .map(|&class| {
                let slot = class as usize;
                ClassLine {
                    class,
                    combos: total.combos[slot] * per_board,
                    weight: total.weight[slot] * per_board,
                    share: if all_weight > 0.0 {
                        total.weight[slot] / all_weight
                    } else {
                        0.0
                    },
                    equity: equity(slot),
                    hands: hands(class),
                }
            })
            .collect(),
    }
}
