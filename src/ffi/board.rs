//! C entry for a range on a board: made hands and draws by class, with
//! equity by class against a second range (`poker::board`).

use super::guard::{FfiError, FfiResult, OddsmithStatus, arg, guard};
use super::progress::{OddsmithProgress, settle, watch};
use crate::budget::{Control, given_ms};
use crate::cards::CardSet;
use crate::error::Error;
use crate::poker::Range;
use crate::poker::board::{BoardAnswer, BoardQuestion, Boards, ClassLine, HandClass, board_stats};
use std::ffi::c_char;

/// Rows of `OddsmithBoardResult::classes`: every hand class, the made
/// classes weakest first (high card .. straight flush), then the draws.
pub const ODDSMITH_BOARD_CLASSES: usize = 23;
/// Bytes of a class key, its NUL padding included.
pub const ODDSMITH_BOARD_KEY_LEN: usize = 24;

const _: () = assert!(ODDSMITH_BOARD_CLASSES == HandClass::ALL.len());

/// A board question. Strings are NUL-terminated and only read during the
/// call.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithBoardQuestion {
    /// The range whose hands are classed ("QQ+,AKs,KQo:0.5").
    pub range: *const c_char,
    /// A flop, turn or river ("Ks7c2d"), or several separated by commas
    /// ("Ks7c2d,Ah9h8c2s"), each counted once; NULL with `all_flops`.
    pub board: *const c_char,
    /// 1: every one of the 22,100 flops (then `board` must be NULL).
    pub all_flops: u8,
    /// The other range, for equity by class, or NULL for none.
    pub vs: *const c_char,
    /// Workers by the rule of ODDSMITH_MAX_THREADS (0 = shared pool, 1 =
    /// the caller's thread); the answer is the same on any number.
    pub threads: u32,
    /// Time limit in ms; 0 means none. Past it the call fails with
    /// BUDGET_EXCEEDED.
    pub time_budget_ms: u32,
    /// Progress and cancel (see OddsmithProgress), or NULL for none.
    pub progress: *const OddsmithProgress,
}

/// One class's row. Counts and weights are per board: on one board the
/// class's own, over several the mean over the boards.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithBoardClass {
    /// The class's key ("top_pair_top_kicker", "flush_draw"), NUL-padded.
    pub key: [u8; ODDSMITH_BOARD_KEY_LEN],
    /// 1 for a draw (a combo may have several), 0 for a made class (a
    /// combo has exactly one).
    pub draw: u8,
    /// Combos in the class.
    pub combos: f64,
    /// Their total weight.
    pub weight: f64,
    /// Their share of the range's weight on the board(s), 0..=1.
    pub share: f64,
    /// 1 when `equity` holds the class's equity against `vs` (given, and
    /// some deal of the class meets it).
    pub has_equity: u8,
    /// The class's exact equity against `vs`, 0..=1 (0 when `has_equity`
    /// is 0).
    pub equity: f64,
}

/// The answer of `oddsmith_board`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithBoardResult {
    /// Boards counted (22,100 for every flop).
    pub boards: u64,
    /// Combos of the range left on a board (per board).
    pub combos: f64,
    /// Their weight (per board).
    pub weight: f64,
    /// 1 when `equity` holds the whole range's equity against `vs`.
    pub has_equity: u8,
    /// The whole range's equity against `vs` (0 when `has_equity` is 0).
    pub equity: f64,
    /// 1 when the progress callback cancelled the call (every other field
    /// is then zero: part of an exact count is not an estimate).
    pub partial: u8,
    /// One row per class, in the order of ODDSMITH_BOARD_CLASSES.
    pub classes: [OddsmithBoardClass; ODDSMITH_BOARD_CLASSES],
}

/// What a Hold'em range makes on a board, exactly (docs/src/poker-board.md
/// defines the classes): per class its combos, weight and share, and with
/// `vs` its equity against that range; on one board, a list of boards or
/// every flop. The combo lists of the other interfaces are not given here.
///
/// Errors: NULL_POINTER (question, range, out), PARSE (range, vs or a
/// board; the message names which, "board 2" for the second of a list),
/// INVALID_ARGUMENT (both or neither of board and all_flops, a board not
/// of 3 to 5 cards, a range left no combo by a board, a range without a
/// combo, threads over ODDSMITH_MAX_THREADS), BUDGET_EXCEEDED (not done
/// by the time budget), CANCELLED (by the progress callback: `*out`
/// zeroed with `partial` = 1; an answer that completed anyway is returned
/// with ODDSMITH_OK). On other errors `*out` is left unchanged. Thread
/// safety: reentrant; threads = 0 uses the shared pool; with a progress
/// callback the work runs on a helper thread while the calling thread
/// waits and calls the callback (on the calling thread, never
/// concurrently).
///
/// # Safety
/// `question` must be NULL or valid with its strings NULL or
/// NUL-terminated, its `progress` NULL or valid; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_board(
    question: *const OddsmithBoardQuestion,
    out: *mut OddsmithBoardResult,
) -> OddsmithStatus {
    guard(|| {
        let q = arg!(input(question, "question"))?;
        let out = arg!(output(out, "out"))?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let mut question = unsafe { to_question(q) }?;
        let base = Control::within(given_ms(Some(u64::from(q.time_budget_ms))));
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let watched = unsafe {
            watch(q.progress, base, move |control| {
                question.control = control.clone();
                board_stats(&question)
            })
        };
        settle(watched, |answer, _| {
            // An answer is whole; without one the call was cancelled.
            *out = answer.map_or_else(cancelled_result, to_c_result);
            out.partial != 0
        })
    })
}

/// A question's named range text.
///
/// # Safety
/// `text` must be NULL or NUL-terminated.
unsafe fn range(text: *const c_char, name: &str) -> FfiResult<Range> {
    let text = arg!(input_str(text, name))?;
    Range::parse(text).map_err(|e| named(name, e))
}

fn named(name: &str, e: Error) -> FfiError {
    Error::new(e.kind(), format!("{name}: {}", e.message())).into()
}

/// The engine question a C question describes, checked.
///
/// # Safety
/// `q`'s strings must be NULL or NUL-terminated.
unsafe fn to_question(q: &OddsmithBoardQuestion) -> FfiResult<BoardQuestion> {
    let boards = match (q.board.is_null(), q.all_flops) {
        (true, 1) => Boards::AllFlops,
        (false, 0) => {
            let text = arg!(input_str(q.board, "board"))?;
            let parts: Vec<&str> = text.split(',').collect();
            let boards = parts
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let name = if parts.len() == 1 {
                        "board".to_string()
                    } else {
                        format!("board {}", i + 1)
                    };
                    CardSet::parse(b.trim()).map_err(|e| named(&name, e))
                })
                .collect::<FfiResult<Vec<_>>>()?;
            Boards::List(boards)
        }
        (_, flag) if flag > 1 => {
            return Err(FfiError::invalid(format!("all_flops is {flag}: 0 or 1")));
        }
        (true, _) => {
            return Err(FfiError::invalid(
                "board is NULL: give a board or set all_flops",
            ));
        }
        (false, _) => {
            return Err(FfiError::invalid("give board or all_flops, not both"));
        }
    };
    Ok(BoardQuestion {
        // SAFETY: as the caller promised.
        range: unsafe { range(q.range, "range") }?,
        vs: if q.vs.is_null() {
            None
        } else {
            // SAFETY: as the caller promised.
            Some(unsafe { range(q.vs, "vs") }?)
        },
        boards,
        threads: q.threads as usize,
        control: Control::NONE,
    })
}

fn empty_row(class: HandClass) -> OddsmithBoardClass {
    let mut key = [0u8; ODDSMITH_BOARD_KEY_LEN];
    key[..class.key().len()].copy_from_slice(class.key().as_bytes());
    OddsmithBoardClass {
        key,
        draw: u8::from(class.is_draw()),
        combos: 0.0,
        weight: 0.0,
        share: 0.0,
        has_equity: 0,
        equity: 0.0,
    }
}

/// The result of a cancelled call: the class keys, no numbers.
fn cancelled_result() -> OddsmithBoardResult {
    OddsmithBoardResult {
        boards: 0,
        combos: 0.0,
        weight: 0.0,
        has_equity: 0,
        equity: 0.0,
        partial: 1,
        classes: HandClass::ALL.map(empty_row),
    }
}

fn to_c_row(line: &ClassLine) -> OddsmithBoardClass {
    OddsmithBoardClass {
        combos: line.combos,
        weight: line.weight,
        share: line.share,
        has_equity: u8::from(line.equity.is_some()),
        equity: line.equity.unwrap_or(0.0),
        ..empty_row(line.class)
    }
}

fn to_c_result(a: &BoardAnswer) -> OddsmithBoardResult {
    let mut classes = HandClass::ALL.map(empty_row);
    for (row, line) in classes.iter_mut().zip(&a.classes) {
        *row = to_c_row(line);
    }
    OddsmithBoardResult {
        boards: a.boards,
        combos: a.combos,
        weight: a.weight,
        has_equity: u8::from(a.equity.is_some()),
        equity: a.equity.unwrap_or(0.0),
        partial: 0,
        classes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;
    use std::mem::MaybeUninit;

    /// The status of a question, and the result when it is OK.
    fn ask(
        range: &str,
        board: Option<&str>,
        vs: Option<&str>,
    ) -> (OddsmithStatus, Option<OddsmithBoardResult>) {
        let range = CString::new(range).unwrap();
        let board = board.map(|b| CString::new(b).unwrap());
        let vs = vs.map(|v| CString::new(v).unwrap());
        let q = OddsmithBoardQuestion {
            range: range.as_ptr(),
            board: board.as_ref().map_or(std::ptr::null(), |b| b.as_ptr()),
            all_flops: u8::from(board.is_none()),
            vs: vs.as_ref().map_or(std::ptr::null(), |v| v.as_ptr()),
            threads: 1,
            time_budget_ms: 0,
            progress: std::ptr::null(),
        };
        let mut out = MaybeUninit::<OddsmithBoardResult>::uninit();
        // SAFETY: a valid question and output.
        let status = unsafe { oddsmith_board(&q, out.as_mut_ptr()) };
        let ok = status == OddsmithStatus::ODDSMITH_OK;
        // SAFETY: written on success, and read only then.
        (status, ok.then(|| unsafe { out.assume_init() }))
    }

    #[test]
    fn rows_are_the_engines_lines() {
        let (status, out) = ask("QQ+,AKs,76s", Some("Ks7c2d"), Some("KJ+,77"));
        assert_eq!(status, OddsmithStatus::ODDSMITH_OK);
        let out = out.unwrap();
        let mut q = BoardQuestion::new(
            Range::parse("QQ+,AKs,76s").unwrap(),
            CardSet::parse("Ks7c2d").unwrap(),
        );
        q.vs = Some(Range::parse("KJ+,77").unwrap());
        let a = board_stats(&q).unwrap();
        assert_eq!(out.boards, a.boards);
        assert_eq!(out.equity, a.equity.unwrap());
        for (row, line) in out.classes.iter().zip(&a.classes) {
            let key = std::str::from_utf8(&row.key)
                .unwrap()
                .trim_end_matches('\0');
            assert_eq!(key, line.class.key());
            assert_eq!((row.combos, row.share), (line.combos, line.share));
            assert_eq!(row.has_equity == 1, line.equity.is_some());
            assert_eq!(row.equity, line.equity.unwrap_or(0.0));
        }
    }

    #[test]
    fn errors_name_the_input() {
        for (range, board, vs, status) in [
            (
                "QQ+,AKz",
                Some("Ks7c2d"),
                None,
                OddsmithStatus::ODDSMITH_ERR_PARSE,
            ),
            (
                "QQ+",
                Some("Ks7c2d,Ah9hZc"),
                None,
                OddsmithStatus::ODDSMITH_ERR_PARSE,
            ),
            (
                "QQ+",
                Some("Ks7c"),
                None,
                OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT,
            ),
            (
                "QQ+",
                Some("Ks7c2d"),
                Some("JJ-"),
                OddsmithStatus::ODDSMITH_ERR_PARSE,
            ),
        ] {
            assert_eq!(ask(range, board, vs).0, status, "{range} {board:?} {vs:?}");
        }
    }
}
