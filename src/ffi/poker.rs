//! C entries for poker: evaluation, categories, equity, hand strength.

use super::guard::{FfiError, FfiResult, OddsmithStatus, arg, copy_c_string, guard, write_list};
use super::progress::{OddsmithProgress, cancelled_error, settle, watch};
use crate::budget::Control;
use crate::budget::is_partial;
use crate::cards::CardSet;
use crate::error::Error;
use crate::poker::equity::{self, MAX_PLAYERS, Mode, Settings};
use crate::poker::{
    CLASS_COUNT, Game, GameEquity, GameRequest, HandKey, HandRank, batch, game_equity,
};
use std::ffi::c_char;

/// Most players in an equity request.
pub const ODDSMITH_MAX_PLAYERS: usize = 10;
/// Hand categories (`oddsmith_hand_category`), weakest first.
pub const ODDSMITH_CATEGORY_COUNT: usize = 9;
/// Equity mode Auto (0, the default): exact when its estimated time fits
/// the time budget, else Monte Carlo.
pub const ODDSMITH_MODE_AUTO: u32 = 0;
/// Count every deal; ODDSMITH_ERR_BUDGET_EXCEEDED when that cannot finish
/// within the time budget.
pub const ODDSMITH_MODE_EXACT: u32 = 1;
/// Sample deals until the target standard error or the time budget.
pub const ODDSMITH_MODE_MONTE_CARLO: u32 = 2;

/// Games (`OddsmithEquityRequest::game`): Texas Hold'em (0, the default),
/// Omaha high with 4, 5 or 6 hole cards, Omaha hi/lo 8-or-better with 4
/// or 5, short-deck Hold'em (36 cards; a straight beats three of a kind,
/// or the other way round with the Triton ranking). This one: Texas Hold'em.
pub const ODDSMITH_GAME_HOLDEM: u32 = 0;
/// Omaha high, 4 hole cards (PLO).
pub const ODDSMITH_GAME_PLO4: u32 = 1;
/// Omaha high, 5 hole cards.
pub const ODDSMITH_GAME_PLO5: u32 = 2;
/// Omaha high, 6 hole cards.
pub const ODDSMITH_GAME_PLO6: u32 = 3;
/// Omaha hi/lo 8-or-better, 4 hole cards.
pub const ODDSMITH_GAME_PLO8: u32 = 4;
/// Omaha hi/lo 8-or-better, 5 hole cards.
pub const ODDSMITH_GAME_PLO5_8: u32 = 5;
/// Short-deck Hold'em (a straight beats three of a kind).
pub const ODDSMITH_GAME_SHORT_DECK: u32 = 6;
/// Short-deck Hold'em, Triton ranking (three of a kind beats a straight).
pub const ODDSMITH_GAME_SHORT_DECK_TRITON: u32 = 7;

const _: () = assert!(ODDSMITH_MAX_PLAYERS == MAX_PLAYERS);

/// An equity question. Strings are NUL-terminated; board and dead may be
/// NULL for none.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithEquityRequest {
    /// Each player's hand ("AhKh") or range ("QQ+,AKs").
    pub players: [*const c_char; ODDSMITH_MAX_PLAYERS],
    /// 2..=ODDSMITH_MAX_PLAYERS.
    pub player_count: u32,
    /// 0, 3, 4 or 5 cards ("Ks7c2d"), or NULL.
    pub board: *const c_char,
    /// Cards out of play, or NULL.
    pub dead: *const c_char,
    /// ODDSMITH_MODE_AUTO (0, the default: exact when its estimated time
    /// fits the budget, else Monte Carlo), _EXACT or _MONTE_CARLO.
    pub mode: u32,
    /// Monte Carlo target standard error; 0 means 0.001.
    pub target_stderr: f64,
    /// Time budget in ms for every mode; 0 means none given: 1000 for Auto
    /// and Monte Carlo, no limit for exact mode (as the CLI and Python).
    /// It counts from the call's start: reading a wide Omaha range (about
    /// 0.2 s for `AA****` in PLO6) is inside it, and a range not read by
    /// then fails with BUDGET_EXCEEDED naming the player and the item.
    /// Monte Carlo stops by then with what it drew; exact mode fails with
    /// BUDGET_EXCEEDED when it cannot finish by then; Auto samples when
    /// exact would not fit.
    pub time_budget_ms: u32,
    /// Monte Carlo seed (0 in a zeroed request, the default of every
    /// interface): in Monte Carlo mode a seed and target give the same
    /// answer on any thread count (a deadline stops wherever the time
    /// runs out); in Auto mode the thread count can decide, near the edge,
    /// between an exact and a sampled answer.
    pub seed: u64,
    /// Workers by the rule of ODDSMITH_MAX_THREADS (0 = shared pool, 1 =
    /// the caller's thread).
    pub threads: u32,
    /// Progress and cancel (see OddsmithProgress), or NULL for none.
    pub progress: *const OddsmithProgress,
    /// ODDSMITH_GAME_*: 0 is Texas Hold'em. Omaha players are hands
    /// ("AsKsQhJh") or Omaha ranges ("AA**:ds,KKQQ:0.5", "random"); short
    /// deck players are Hold'em ranges on the cards six to ace.
    pub game: u32,
}

/// Per-player answers; entries past player_count are zero.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithEquityResult {
    /// Players answered (the request's player_count).
    pub player_count: u32,
    /// `equity[i]`: player i's expected share of the pot, 0..1 (high + low).
    pub equity: [f64; ODDSMITH_MAX_PLAYERS],
    /// `win[i]`: P(player i has the best (high) hand alone).
    pub win: [f64; ODDSMITH_MAX_PLAYERS],
    /// `tie[i]`: Texas Hold'em: player i's expected share of the pot won in
    /// split pots (equity = win + tie). Other games: P(player i shares the
    /// best high hand), a probability rather than a share.
    pub tie: [f64; ODDSMITH_MAX_PLAYERS],
    /// `categories[i][c]`: P(player i ends with category c).
    pub categories: [[f64; ODDSMITH_CATEGORY_COUNT]; ODDSMITH_MAX_PLAYERS],
    /// Tuples enumerated or sampled.
    pub tuples: u64,
    /// 1 when enumerated exactly.
    pub exact: u8,
    /// Largest standard error of an equity (0 when exact). Not `stderr`:
    /// that is a macro in `<stdio.h>` (musl, MSVC).
    pub std_error: f64,
    /// 1 when the progress callback cancelled the call before the answer
    /// was complete: Monte Carlo's answer so far (exact 0, tuples sampled,
    /// standard error), or, for exact work, zeros (part of an enumeration
    /// is not an estimate). An exact answer is never partial: one the
    /// cancel came too late for is returned whole with ODDSMITH_OK.
    pub partial: u8,
    /// Share of the pot won by the high hand (all of it when no low
    /// qualifies; the equity in high-only games) and by the low hand
    /// (hi/lo games), with equity = high + low.
    pub high: [f64; ODDSMITH_MAX_PLAYERS],
    /// `low[i]`: player i's expected share won by the low hand (0 in
    /// high-only games).
    pub low: [f64; ODDSMITH_MAX_PLAYERS],
    /// P(the player takes the whole pot alone).
    pub scoop: [f64; ODDSMITH_MAX_PLAYERS],
    /// P(a low qualifies) in hi/lo games, else 0.
    pub low_qualifies: f64,
}

/// The answer of `oddsmith_hand_strength`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithStrengthResult {
    /// P(the hand wins outright).
    pub win: f64,
    /// Its expected pot share (outright wins plus split shares).
    pub equity: f64,
    /// 1 when counted exactly, 0 when sampled.
    pub exact: u8,
    /// Largest standard error of win and equity (0 when exact).
    pub std_error: f64,
    /// 1 when cancelled by the progress callback (as OddsmithEquityResult).
    pub partial: u8,
}

fn key_of(cards: &[u8]) -> Result<HandKey, FfiError> {
    Ok(HandKey::of_indices(cards)?)
}

fn eval_n(cards: *const u8, n: usize, out_rank: *mut u16) -> OddsmithStatus {
    guard(|| {
        let cards = arg!(input_slice(cards, n, "cards"))?;
        let out = arg!(output(out_rank, "out_rank"))?;
        *out = key_of(cards)?.rank().0;
        Ok(())
    })
}

/// Ranks 5 cards (indices 0..51) into 1..=7462, higher is better, equal
/// ranks tie (`oddsmith_hand_category` and `oddsmith_hand_describe` read
/// a rank). Errors: NULL_POINTER (cards or out_rank), INVALID_ARGUMENT (an
/// index above 51), DUPLICATE_CARD; `*out_rank` is written only on
/// success. Thread safety: reentrant (the tables are read-only data).
///
/// # Safety
/// `cards` must be NULL or point to 5 bytes; `out_rank` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_eval5(cards: *const u8, out_rank: *mut u16) -> OddsmithStatus {
    eval_n(cards, 5, out_rank)
}

/// Ranks 7 cards (indices 0..51) by the best 5 of them, into 1..=7462 as
/// `oddsmith_eval5`. Errors: NULL_POINTER, INVALID_ARGUMENT (an index
/// above 51), DUPLICATE_CARD. Thread safety: reentrant.
///
/// # Safety
/// `cards` must be NULL or point to 7 bytes; `out_rank` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_eval7(cards: *const u8, out_rank: *mut u16) -> OddsmithStatus {
    eval_n(cards, 7, out_rank)
}

/// Ranks `hand_count` hands of `cards_per_hand` (5..=7) cards each, laid
/// out one after another in `cards`, into `out_ranks` (room for
/// `out_cap >= hand_count`). Uses AVX2 eight hands at a time when the CPU
/// has it; the ranks are those of `oddsmith_eval5`/`oddsmith_eval7`.
/// Errors: INVALID_ARGUMENT (cards_per_hand outside 5..=7, an index above
/// 51, a size that overflows), BUFFER_TOO_SMALL (out_cap < hand_count,
/// checked first: nothing written), NULL_POINTER, DUPLICATE_CARD (a card
/// twice within one hand). On an error no rank is written. Runs on the
/// calling thread. Thread safety: reentrant.
///
/// # Safety
/// `cards` must point to `hand_count * cards_per_hand` bytes, `out_ranks`
/// to `out_cap` writable items (either may be NULL when its size is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_eval_batch(
    cards: *const u8,
    hand_count: usize,
    cards_per_hand: usize,
    out_ranks: *mut u16,
    out_cap: usize,
) -> OddsmithStatus {
    guard(|| {
        if !(5..=7).contains(&cards_per_hand) {
            return Err(FfiError::invalid(format!(
                "cards_per_hand is {cards_per_hand}; 5 to 7"
            )));
        }
        if out_cap < hand_count {
            return Err(FfiError::new(
                OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL,
                format!("{hand_count} hands but room for {out_cap} ranks"),
            ));
        }
        let total = hand_count
            .checked_mul(cards_per_hand)
            .ok_or_else(|| FfiError::invalid("hand_count * cards_per_hand overflows"))?;
        let cards = arg!(input_slice(cards, total, "cards"))?;
        let out = arg!(output_slice(out_ranks, hand_count, "out_ranks"))?;
        let keys = cards
            .chunks_exact(cards_per_hand)
            .map(key_of)
            .collect::<Result<Vec<HandKey>, FfiError>>()?;
        batch::rank_batch(&keys, out);
        Ok(())
    })
}

/// The category (0 high card .. 8 straight flush) of a rank from the
/// evaluators, as `ODDSMITH_CATEGORY_COUNT` (9) values: 0 high card, 1 pair,
/// 2 two pair, 3 three of a kind, 4 straight, 5 flush, 6 full house, 7
/// four of a kind, 8 straight flush. Errors: NULL_POINTER,
/// INVALID_ARGUMENT (rank outside 1..=7462). Thread safety: reentrant.
///
/// # Safety
/// `out_category` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_hand_category(
    rank: u16,
    out_category: *mut u32,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out_category, "out_category"))?;
        *out = valid_rank(rank)?.category() as u32;
        Ok(())
    })
}

/// Writes a description of a rank ("Two Pair, Kings and Sevens") into
/// `buf` (NUL-terminated, truncated to `cap`); returns the full length in
/// `*out_len` (may be NULL) without the NUL, so `cap = 0` and a NULL
/// `buf` ask for the size. Errors: INVALID_ARGUMENT (rank outside
/// 1..=7462), NULL_POINTER (buf NULL with `cap > 0`), BUFFER_TOO_SMALL
/// when `cap` is not more than the length (the text is written truncated,
/// still NUL-terminated when `cap > 0`). Thread safety: reentrant.
///
/// # Safety
/// `buf` must be NULL or `cap` writable bytes; `out_len` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_hand_describe(
    rank: u16,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> OddsmithStatus {
    guard(|| {
        let text = valid_rank(rank)?.describe();
        let out = arg!(output_slice(buf.cast::<u8>(), cap, "buf"))?;
        let needed = copy_c_string(&text, out);
        if !out_len.is_null() {
            // SAFETY: non-NULL and writable by contract.
            unsafe { *out_len = needed };
        }
        if needed >= cap {
            return Err(FfiError::new(
                OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL,
                format!("the description needs {} bytes", needed + 1),
            ));
        }
        Ok(())
    })
}

fn valid_rank(rank: u16) -> Result<HandRank, FfiError> {
    if rank == 0 || rank as usize > CLASS_COUNT {
        return Err(FfiError::invalid(format!(
            "rank {rank} is not in 1..={CLASS_COUNT}"
        )));
    }
    Ok(HandRank(rank))
}

/// Reads an optional card list string.
///
/// # Safety
/// `text` must be NULL or NUL-terminated.
unsafe fn optional_cards(text: *const c_char, name: &str) -> Result<CardSet, FfiError> {
    if text.is_null() {
        return Ok(CardSet::EMPTY);
    }
    let text = arg!(input_str(text, name))?;
    CardSet::parse(text)
        .map_err(|e| Error::new(e.kind(), format!("{name}: {}", e.message())).into())
}

fn mode_of(code: u32) -> Result<Mode, FfiError> {
    match code {
        ODDSMITH_MODE_EXACT => Ok(Mode::Exact),
        ODDSMITH_MODE_MONTE_CARLO => Ok(Mode::MonteCarlo),
        ODDSMITH_MODE_AUTO => Ok(Mode::Auto),
        other => Err(FfiError::invalid(format!(
            "mode {other} is not ODDSMITH_MODE_AUTO (0), _EXACT (1) or _MONTE_CARLO (2)"
        ))),
    }
}

/// Equity of 2..10 hands or ranges (see docs/src/poker.md for the definition):
/// exact enumeration, Monte Carlo to a standard error or deadline, or Auto.
/// `game` picks Texas Hold'em (0), Omaha (2 to 6 players; high, low and
/// scoop shares filled) or short deck (2 to 8 players); `categories` are
/// Hold'em's only (zero for other games).
///
/// Errors: NULL_POINTER, PARSE (a range or card list; the message names
/// the token and the player), DUPLICATE_CARD, INVALID_ARGUMENT (counts,
/// board size, mode, game, a card below six in short deck, a range
/// emptied by the known cards,
/// threads over ODDSMITH_MAX_THREADS), BUDGET_EXCEEDED (exact mode with
/// too many combo tuples, refused at once from an estimate; exact mode not
/// done by the time budget; ranges so nearly exclusive that listing the
/// deals ran over its budget; Monte Carlo drawing no fitting deal before
/// the deadline), CANCELLED (the request's progress callback asked to
/// stop: `out` holds the answer so far, `partial` = 1; an exact answer
/// that completed anyway is returned with ODDSMITH_OK). On other errors
/// `*out` is left unchanged. Every mode returns by the time budget (Monte
/// Carlo within about 2 ms past it); there is no other limit. The request
/// and its strings are only read during the call. Thread safety:
/// reentrant; threads = 0 uses the shared pool; with a progress callback
/// the work runs on a helper thread while the calling thread waits and
/// calls the callback (on the calling thread, never concurrently).
///
/// # Safety
/// `request` must be NULL or valid with its strings NUL-terminated;
/// `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_equity(
    request: *const OddsmithEquityRequest,
    out: *mut OddsmithEquityResult,
) -> OddsmithStatus {
    guard(|| {
        let r = arg!(input(request, "request"))?;
        let out = arg!(output(out, "out"))?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let mut req = unsafe { to_request(r) }?;
        let players = req.players.len();
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let watched = unsafe {
            watch(r.progress, Control::NONE, move |control| {
                req.control = control.clone();
                game_equity(&req)
            })
        };
        settle(watched, |answer, cancelled| {
            *out = answer.map_or_else(|| empty_result(players), to_c_result);
            // No answer after a cancel: cancelled exact work (partial).
            out.partial = u8::from(answer.map_or(cancelled, |a| a.partial));
            out.partial != 0
        })
    })
}

/// The result of a cancelled exact call: its shape, no numbers.
fn empty_result(players: usize) -> OddsmithEquityResult {
    OddsmithEquityResult {
        player_count: players as u32,
        equity: [0.0; ODDSMITH_MAX_PLAYERS],
        win: [0.0; ODDSMITH_MAX_PLAYERS],
        tie: [0.0; ODDSMITH_MAX_PLAYERS],
        categories: [[0.0; ODDSMITH_CATEGORY_COUNT]; ODDSMITH_MAX_PLAYERS],
        tuples: 0,
        exact: 0,
        std_error: 0.0,
        partial: 1,
        high: [0.0; ODDSMITH_MAX_PLAYERS],
        low: [0.0; ODDSMITH_MAX_PLAYERS],
        scoop: [0.0; ODDSMITH_MAX_PLAYERS],
        low_qualifies: 0.0,
    }
}

/// The game a request's `game` names.
fn game_of(code: u32) -> FfiResult<Game> {
    Ok(match code {
        ODDSMITH_GAME_HOLDEM => Game::Holdem,
        ODDSMITH_GAME_PLO4 => Game::OmahaHigh(4),
        ODDSMITH_GAME_PLO5 => Game::OmahaHigh(5),
        ODDSMITH_GAME_PLO6 => Game::OmahaHigh(6),
        ODDSMITH_GAME_PLO8 => Game::OmahaHiLo(4),
        ODDSMITH_GAME_PLO5_8 => Game::OmahaHiLo(5),
        ODDSMITH_GAME_SHORT_DECK | ODDSMITH_GAME_SHORT_DECK_TRITON => Game::ShortDeck {
            trips_beat_straight: code == ODDSMITH_GAME_SHORT_DECK_TRITON,
        },
        other => {
            return Err(FfiError::invalid(format!(
                "game {other}: use an ODDSMITH_GAME_* value (0 to 7)"
            )));
        }
    })
}

/// The players' strings of a request.
///
/// # Safety
/// `r`'s strings must be NULL or NUL-terminated.
unsafe fn player_texts(r: &OddsmithEquityRequest) -> FfiResult<Vec<String>> {
    let n = r.player_count as usize;
    if !(2..=ODDSMITH_MAX_PLAYERS).contains(&n) {
        return Err(FfiError::invalid(format!(
            "player_count is {n}; 2 to {ODDSMITH_MAX_PLAYERS}"
        )));
    }
    let mut players = Vec::with_capacity(n);
    for (i, &text) in r.players[..n].iter().enumerate() {
        let name = format!("players[{i}]");
        players.push(arg!(input_str(text, &name))?.to_string());
    }
    Ok(players)
}

/// A request's settings shared by every game, checked.
///
/// # Safety
/// `r`'s strings must be NULL or NUL-terminated.
unsafe fn settings_of(r: &OddsmithEquityRequest) -> FfiResult<Settings> {
    let mode = mode_of(r.mode)?;
    Ok(Settings {
        // SAFETY: as the caller promised.
        board: unsafe { optional_cards(r.board, "board") }?,
        // SAFETY: as the caller promised.
        dead: unsafe { optional_cards(r.dead, "dead") }?,
        mode,
        // 0 is none given, the default; anything else is checked.
        target_stderr: equity::target_stderr(r.target_stderr)?,
        // 0 is none given: the engine's one rule says what that means.
        time_budget: equity::time_budget(
            mode,
            crate::budget::given_ms(Some(u64::from(r.time_budget_ms))),
        ),
        seed: r.seed,
        threads: r.threads as usize,
    })
}

/// The request a C `OddsmithEquityRequest` describes, checked.
///
/// # Safety
/// `r`'s strings must be NULL or NUL-terminated.
unsafe fn to_request(r: &OddsmithEquityRequest) -> FfiResult<GameRequest> {
    let game = game_of(r.game)?;
    // SAFETY: as the caller promised.
    let players = unsafe { player_texts(r) }?;
    let mut req = GameRequest::new(game, &players);
    // SAFETY: as the caller promised.
    req.settings = unsafe { settings_of(r) }?;
    Ok(req)
}

/// The C struct of an answer: every figure the engine gives, zeros for
/// the players past its count and for categories outside Hold'em.
fn to_c_result(answer: &GameEquity) -> OddsmithEquityResult {
    let mut result = empty_result(answer.players.len());
    (result.tuples, result.exact) = (answer.deals, u8::from(answer.exact));
    (result.std_error, result.partial) = (answer.std_error, u8::from(answer.partial));
    result.low_qualifies = answer.low_qualifies;
    for (i, p) in answer.players.iter().enumerate() {
        (result.equity[i], result.win[i], result.tie[i]) = (p.equity, p.win, p.tie);
        (result.high[i], result.low[i], result.scoop[i]) = (p.high, p.low, p.scoop);
        result.categories[i] = p.categories.unwrap_or_default();
    }
    result
}

/// Most rows `oddsmith_equity_by_combo` writes: every combo of ten players.
pub const ODDSMITH_MAX_COMBO_ROWS: usize = ODDSMITH_MAX_PLAYERS * 1326;

/// One combo's row of a per-combo breakdown (Equilab's "equity by hand").
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithComboEquity {
    /// The player (0-based, as in `players[]`).
    pub player: u32,
    /// Its two cards (indices 0..51, lower first).
    pub cards: [u8; 2],
    /// Its weight in the player's range.
    pub weight: f64,
    /// Its pot share over the deals it meets (equity = win + tie).
    pub equity: f64,
    /// The part of `equity` won alone.
    pub win: f64,
    /// The part of `equity` won in split pots.
    pub tie: f64,
    /// The weight of the deals it meets; 0 when every deal collides with
    /// it (its equity is then 0).
    pub deals: f64,
}

/// Equity as `oddsmith_equity` (into `out`, which may be NULL) with each
/// live combo of each player's range: rows into `buf` (`cap` rows;
/// ODDSMITH_MAX_COMBO_ROWS always fits), player by player in each range's
/// order; `*count` gets the number of rows, also on BUFFER_TOO_SMALL.
/// The breakdown is computed on a flop, turn or river (the exact sweeps)
/// and preflop for two players without dead cards (the matchup table);
/// other requests, and Monte Carlo mode (sampling gives no breakdown),
/// are INVALID_ARGUMENT at once; an Auto request whose exact answer does
/// not fit the time budget is BUDGET_EXCEEDED.
///
/// Errors: those of `oddsmith_equity`; INVALID_ARGUMENT also for a game
/// other than Texas Hold'em; NULL_POINTER also for `count`, or `buf` NULL
/// with `cap > 0`; BUFFER_TOO_SMALL (`*count` and `*out` are written, no
/// row is); CANCELLED (by the request's progress callback: `*count` = 0,
/// `*out` zeroed with `partial` = 1; a breakdown that completed anyway is
/// returned with ODDSMITH_OK). The time budget, threads and progress
/// apply as in `oddsmith_equity`. Thread safety: reentrant.
///
/// # Safety
/// `request` valid with its strings NULL or NUL-terminated; `out` NULL or
/// writable; `buf` NULL (with `cap` 0) or `cap` writable rows; `count`
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_equity_by_combo(
    request: *const OddsmithEquityRequest,
    out: *mut OddsmithEquityResult,
    buf: *mut OddsmithComboEquity,
    cap: usize,
    count: *mut usize,
) -> OddsmithStatus {
    guard(|| {
        let r = arg!(input(request, "request"))?;
        let count = arg!(output(count, "count"))?;
        let rows = arg!(output_slice(buf, cap, "buf"))?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let mut req = unsafe { to_request(r) }?;
        req.by_combo = true;
        let players = req.players.len();
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let watched = unsafe {
            watch(r.progress, Control::NONE, |control| {
                req.control = control.clone();
                game_equity(&req)
            })
        };
        let write_out = |result: OddsmithEquityResult| -> FfiResult {
            if !out.is_null() {
                *arg!(output(out, "out"))? = result;
            }
            Ok(())
        };
        let answer = match watched.value {
            // A breakdown is exact work: a complete one stands even when a
            // cancel came late; a cancelled one lists no rows.
            Ok(answer) if !answer.partial => answer,
            Err(e) if !watched.cancelled => return Err(e.into()),
            _ => {
                *count = 0;
                write_out(empty_result(players))?;
                return Err(cancelled_error());
            }
        };
        // The engine gives the breakdown or fails saying why.
        let by_combo = &answer.by_combo;
        write_out(to_c_result(&answer))?;
        let all = by_combo
            .iter()
            .enumerate()
            .flat_map(|(player, combos)| combos.iter().map(move |c| (player, c)));
        let len = by_combo.iter().map(Vec::len).sum();
        write_list(all, len, rows, count, "rows needed", |(player, c)| {
            let lo = c.cards.mask().trailing_zeros() as u8;
            let hi = 63 - c.cards.mask().leading_zeros() as u8;
            OddsmithComboEquity {
                player: player as u32,
                cards: [lo, hi],
                weight: c.weight,
                equity: c.equity,
                win: c.win,
                tie: c.tie,
                deals: c.deals,
            }
        })?;
        Ok(())
    })
}

/// The chance `hand` ("AhKh") wins against `opponents` (1..9) random hands
/// given `board` (NULL or 0, 3, 4, 5 cards): exact when it fits the time
/// budget (heads-up after the flop; preflop too when the budget allows),
/// else Monte Carlo to 0.001. `time_budget_ms`: 0 means 1000; the call
/// returns by then. `seed`: the Monte Carlo seed. `threads`: by the rule
/// of ODDSMITH_MAX_THREADS. `progress`: NULL or as in `oddsmith_equity`
/// (cancelled: CANCELLED, `out->partial` = 1 with the sampled answer so
/// far, or zeros when the work was exact).
///
/// Errors: NULL_POINTER (hand, out), PARSE (hand or board), DUPLICATE_CARD
/// (a card twice, or shared by the hand and the board), INVALID_ARGUMENT
/// (hand not 2 cards, opponents outside 1..9, board not 0, 3, 4 or 5
/// cards, threads over ODDSMITH_MAX_THREADS), BUDGET_EXCEEDED, CANCELLED,
/// as `oddsmith_equity`. Thread safety: reentrant; with a progress
/// callback the work runs on a helper thread while the calling thread
/// waits and calls the callback.
///
/// # Safety
/// `hand` must be NULL or NUL-terminated, `board` likewise; `progress`
/// NULL or valid; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_hand_strength(
    hand: *const c_char,
    board: *const c_char,
    opponents: u32,
    time_budget_ms: u32,
    seed: u64,
    threads: u32,
    progress: *const OddsmithProgress,
    out: *mut OddsmithStrengthResult,
) -> OddsmithStatus {
    guard(|| {
        let hand_text = arg!(input_str(hand, "hand"))?;
        let out = arg!(output(out, "out"))?;
        let hand = CardSet::parse(hand_text)?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let board = unsafe { optional_cards(board, "board") }?;
        // 0 is none given: the engine's one rule says what that means.
        let budget =
            equity::strength_time_budget(crate::budget::given_ms(Some(u64::from(time_budget_ms))));
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let watched = unsafe {
            watch(progress, Control::NONE, |control| {
                equity::hand_strength(
                    hand,
                    opponents as usize,
                    board,
                    budget,
                    seed,
                    threads as usize,
                    control,
                )
            })
        };
        settle(watched, |s, cancelled| {
            let exact = s.is_some_and(|s| s.exact);
            *out = OddsmithStrengthResult {
                win: s.map_or(0.0, |s| s.win),
                equity: s.map_or(0.0, |s| s.equity),
                exact: u8::from(exact),
                std_error: s.map_or(0.0, |s| s.stderr),
                partial: u8::from(is_partial(cancelled, exact)),
            };
            out.partial != 0
        })
    })
}
