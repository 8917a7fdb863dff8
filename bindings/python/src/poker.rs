//! Hold'em: evaluation (one hand, a list, raw numpy memory), equity and
//! hand strength.

use crate::errors::{InvalidArgument, OrRaise, about};
use crate::interrupt;
use oddsmith::Error;
use oddsmith::cards::{Card, CardSet, parse_cards};
use oddsmith::poker::batch::rank_batch;
use oddsmith::poker::equity::grid::class_grid;
use oddsmith::poker::equity::{self as engine, Mode, Settings};
use oddsmith::poker::variants::Variant;
use oddsmith::poker::{
    Category, Game, GameEquity, GameRequest, HandKey, Range, evaluate, game_equity,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::time::Instant;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(category, m)?)?;
    m.add_function(wrap_pyfunction!(rank_batch_list, m)?)?;
    m.add_function(wrap_pyfunction!(rank_batch_raw, m)?)?;
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(hand_strength, m)?)?;
    m.add_function(wrap_pyfunction!(parse_range, m)?)?;
    m.add_function(wrap_pyfunction!(omaha_equity, m)?)?;
    Ok(())
}

/// A hand given as text ("AhKh...") or as card indices (0..51).
fn cards_of(hand: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    if let Ok(text) = hand.cast::<PyString>() {
        return parse_cards(&text.to_cow()?).or_raise();
    }
    let indices: Vec<i64> = hand.extract().map_err(|_| {
        InvalidArgument::new_err(
            "a hand is a string such as 'AhKhQd7c2s' or a list of card indices 0..51",
        )
    })?;
    indices
        .into_iter()
        .map(|i| {
            u8::try_from(i)
                .ok()
                .and_then(Card::new)
                .ok_or_else(|| InvalidArgument::new_err(format!("card index {i} is not in 0..51")))
        })
        .collect()
}

fn distinct_key(cards: &[Card]) -> oddsmith::Result<HandKey> {
    if !(5..=7).contains(&cards.len()) {
        return Err(Error::invalid(format!(
            "{} cards; a hand has 5 to 7",
            cards.len()
        )));
    }
    let mut indices = [0u8; 7];
    for (slot, card) in indices.iter_mut().zip(cards) {
        *slot = card.index();
    }
    HandKey::of_indices(&indices[..cards.len()])
}

/// The rank (1..=7462, higher is better) of 5 to 7 cards.
#[pyfunction]
fn rank(hand: &Bound<'_, PyAny>) -> PyResult<u16> {
    let cards = cards_of(hand)?;
    Ok(evaluate(&cards).or_raise()?.0)
}

fn checked_rank(rank: u16) -> PyResult<oddsmith::poker::HandRank> {
    if !(1..=7462).contains(&rank) {
        return Err(InvalidArgument::new_err(format!(
            "rank {rank} is not in 1..=7462"
        )));
    }
    Ok(oddsmith::poker::HandRank(rank))
}

/// "Two Pair, Kings and Sevens".
#[pyfunction]
fn describe(rank: u16) -> PyResult<String> {
    Ok(checked_rank(rank)?.describe())
}

/// The category key ("two_pair") of a rank.
#[pyfunction]
fn category(rank: u16) -> PyResult<&'static str> {
    Ok(checked_rank(rank)?.category().key())
}

/// Ranks of a list of hands (text or index lists).
#[pyfunction]
fn rank_batch_list(hands: &Bound<'_, PyList>) -> PyResult<Vec<u16>> {
    let keys = hands
        .iter()
        .enumerate()
        .map(|(i, hand)| {
            cards_of(&hand).and_then(|cards| {
                distinct_key(&cards)
                    .map_err(|e| crate::errors::to_py(about(&format!("hand {i}"), e)))
            })
        })
        .collect::<PyResult<Vec<HandKey>>>()?;
    let mut out = vec![0u16; keys.len()];
    rank_batch(&keys, &mut out);
    Ok(out)
}

/// Ranks `hands` hands of `per_hand` card indices laid out at address
/// `cards` into the `u16`s at address `out`. Called by `oddsmith.rank_batch`
/// with the addresses of C-contiguous numpy arrays it checked and holds (a
/// uint8 array of shape (hands, per_hand) and a uint16 array of `hands`);
/// the GIL is held throughout, so no Python code can free them meanwhile.
#[pyfunction]
fn rank_batch_raw(cards: usize, hands: usize, per_hand: usize, out: usize) -> PyResult<()> {
    if !(5..=7).contains(&per_hand) {
        return Err(InvalidArgument::new_err(format!(
            "{per_hand} cards per hand; 5 to 7"
        )));
    }
    let total = hands
        .checked_mul(per_hand)
        .ok_or_else(|| InvalidArgument::new_err("hands * cards per hand overflows"))?;
    if hands == 0 {
        return Ok(());
    }
    if cards == 0 || out == 0 {
        return Err(InvalidArgument::new_err("a NULL array address"));
    }
    // SAFETY: the caller (oddsmith.rank_batch, the only one) passes the
    // data address of a live C-contiguous uint8 array of exactly `total`
    // items, kept alive by its reference while the GIL is held.
    let cards = unsafe { std::slice::from_raw_parts(cards as *const u8, total) };
    // SAFETY: as above, a live uint16 array of `hands` items that nothing
    // else borrows (freshly allocated by the caller).
    let out = unsafe { std::slice::from_raw_parts_mut(out as *mut u16, hands) };
    let keys = cards
        .chunks_exact(per_hand)
        .enumerate()
        .map(|(i, hand)| HandKey::of_indices(hand).map_err(|e| about(&format!("hand {i}"), e)))
        .collect::<oddsmith::Result<Vec<HandKey>>>()
        .or_raise()?;
    rank_batch(&keys, out);
    Ok(())
}

/// Checks a range (or hand) and returns its combos with their weights.
#[pyfunction]
fn parse_range(text: &str) -> PyResult<Vec<(String, f64)>> {
    let range = Range::parse(text).or_raise()?;
    Ok(range
        .combos()
        .iter()
        .map(|c| (c.cards.to_string(), c.weight))
        .collect())
}

fn card_set(what: &str, text: &str) -> PyResult<CardSet> {
    CardSet::parse(text).map_err(|e| crate::errors::to_py(about(what, e)))
}

/// Runs the one equity entry for `game` with the keyword arguments both
/// `equity` and `omaha_equity` take (their meaning is the engine's:
/// `Mode::parse`, `equity::time_budget`), and the call's time in ms.
/// Ctrl-C raises KeyboardInterrupt: a Python call answers whole or not at
/// all, so its answers are never partial.
#[allow(clippy::too_many_arguments)]
fn run_equity(
    py: Python<'_>,
    game: Game,
    players: &[String],
    board: &str,
    dead: &str,
    mode: &str,
    stderr: f64,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
    by_combo: bool,
) -> PyResult<(GameEquity, f64)> {
    let mode = Mode::parse(mode).or_raise()?;
    let mut req = GameRequest::new(game, players);
    req.settings = Settings {
        board: card_set("board", board)?,
        dead: card_set("dead", dead)?,
        mode,
        // 0 is none given, the default; anything else is checked.
        target_stderr: engine::target_stderr(stderr).or_raise()?,
        time_budget: engine::time_budget(mode, oddsmith::budget::given_ms(time_ms)),
        seed,
        threads,
    };
    req.by_combo = by_combo;
    let (r, elapsed) = interrupt::run(py, move |control| {
        let mut req = req;
        req.control = control.clone();
        let started = Instant::now();
        (game_equity(&req), started.elapsed())
    })?;
    Ok((r.or_raise()?, elapsed.as_secs_f64() * 1e3))
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn equity<'py>(
    py: Python<'py>,
    players: Vec<String>,
    board: &str,
    dead: &str,
    mode: &str,
    stderr: f64,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
    by_combo: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let (r, elapsed_ms) = run_equity(
        py,
        Game::Holdem,
        &players,
        board,
        dead,
        mode,
        stderr,
        time_ms,
        seed,
        threads,
        by_combo,
    )?;
    let d = PyDict::new(py);
    let list = PyList::empty(py);
    for (hand, p) in players.iter().zip(&r.players) {
        let categories = PyDict::new(py);
        for c in Category::ALL {
            categories.set_item(c.key(), p.categories.map_or(0.0, |all| all[c as usize]))?;
        }
        let row = PyDict::new(py);
        row.set_item("hand", hand)?;
        row.set_item("equity", p.equity)?;
        row.set_item("win", p.win)?;
        row.set_item("tie", p.tie)?;
        row.set_item("categories", categories)?;
        list.append(row)?;
    }
    d.set_item("players", list)?;
    d.set_item("exact", r.exact)?;
    d.set_item("tuples", r.deals)?;
    d.set_item("std_error", r.std_error)?;
    d.set_item("elapsed_ms", elapsed_ms)?;
    if by_combo {
        let per_player = PyList::empty(py);
        for combos in &r.by_combo {
            let rows = PyList::empty(py);
            for c in combos {
                let row = PyDict::new(py);
                row.set_item("cards", c.cards.to_string())?;
                row.set_item("weight", c.weight)?;
                row.set_item("equity", c.equity)?;
                row.set_item("win", c.win)?;
                row.set_item("tie", c.tie)?;
                row.set_item("deals", c.deals)?;
                rows.append(row)?;
            }
            let grid = PyDict::new(py);
            for cell in class_grid(combos)
                .into_iter()
                .filter(|cell| cell.combos > 0)
            {
                grid.set_item(cell.name, cell.equity)?;
            }
            let player = PyDict::new(py);
            player.set_item("combos", rows)?;
            player.set_item("grid", grid)?;
            per_player.append(player)?;
        }
        d.set_item("by_combo", per_player)?;
    }
    Ok(d)
}

#[pyfunction]
fn hand_strength<'py>(
    py: Python<'py>,
    hand: &str,
    opponents: usize,
    board: &str,
    time_ms: u64,
    seed: u64,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let hand = card_set("hand", hand)?;
    if hand.len() != 2 {
        return Err(InvalidArgument::new_err(format!(
            "a hand has 2 cards, not {}",
            hand.len()
        )));
    }
    let board = card_set("board", board)?;
    let (s, elapsed) = interrupt::run(py, move |control| {
        let started = Instant::now();
        let s = engine::hand_strength(
            hand,
            opponents,
            board,
            // 0 is none given: the default, as in C.
            engine::strength_time_budget(oddsmith::budget::given_ms(Some(time_ms))),
            seed,
            threads,
            control,
        );
        (s, started.elapsed())
    })?;
    let s = s.or_raise()?;
    let d = PyDict::new(py);
    d.set_item("win", s.win)?;
    d.set_item("equity", s.equity)?;
    d.set_item("exact", s.exact)?;
    d.set_item("std_error", s.stderr)?;
    d.set_item("elapsed_ms", elapsed.as_secs_f64() * 1e3)?;
    Ok(d)
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn omaha_equity<'py>(
    py: Python<'py>,
    players: Vec<String>,
    game: &str,
    board: &str,
    dead: &str,
    mode: &str,
    stderr: f64,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    // The variants only: Hold'em is `equity`.
    let game = Game::from(Variant::parse(game).or_raise()?);
    let (r, elapsed_ms) = run_equity(
        py, game, &players, board, dead, mode, stderr, time_ms, seed, threads, false,
    )?;
    let list = PyList::empty(py);
    for (hand, p) in players.iter().zip(&r.players) {
        let row = PyDict::new(py);
        row.set_item("hand", hand)?;
        row.set_item("equity", p.equity)?;
        row.set_item("high", p.high)?;
        row.set_item("low", p.low)?;
        row.set_item("win", p.win)?;
        row.set_item("tie", p.tie)?;
        row.set_item("scoop", p.scoop)?;
        list.append(row)?;
    }
    let d = PyDict::new(py);
    d.set_item("players", list)?;
    d.set_item("exact", r.exact)?;
    d.set_item("deals", r.deals)?;
    d.set_item("std_error", r.std_error)?;
    d.set_item("low_qualifies", r.low_qualifies)?;
    d.set_item("elapsed_ms", elapsed_ms)?;
    Ok(d)
}
