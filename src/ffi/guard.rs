//! The one guard every C entry point runs in: pointer and buffer checks,
//! `catch_unwind`, status codes and the thread-local error message.

use crate::error::{Error, ErrorKind};
use std::cell::RefCell;
use std::ffi::{CStr, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Status returned by every fallible oddsmith function. Values are stable.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum OddsmithStatus {
    /// Success.
    ODDSMITH_OK = 0,
    /// A required pointer argument was NULL.
    ODDSMITH_ERR_NULL_POINTER = 1,
    /// An argument is out of range or inconsistent.
    ODDSMITH_ERR_INVALID_ARGUMENT = 2,
    /// Text input did not parse; the message names the bad token.
    ODDSMITH_ERR_PARSE = 3,
    /// A card appears twice.
    ODDSMITH_ERR_DUPLICATE_CARD = 4,
    /// An output buffer is too small; the needed size is reported.
    ODDSMITH_ERR_BUFFER_TOO_SMALL = 5,
    /// The work exceeds the caller's budget.
    ODDSMITH_ERR_BUDGET_EXCEEDED = 6,
    /// An internal error (a bug): the call was aborted safely.
    ODDSMITH_ERR_INTERNAL = 7,
    /// A callback of the caller returned an error code; the call stopped.
    ODDSMITH_ERR_CALLBACK = 8,
    /// The progress callback asked to stop; the partial result is written
    /// and marked partial.
    ODDSMITH_ERR_CANCELLED = 9,
}

impl From<ErrorKind> for OddsmithStatus {
    fn from(kind: ErrorKind) -> Self {
        match kind {
            ErrorKind::InvalidArgument => OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT,
            ErrorKind::Parse => OddsmithStatus::ODDSMITH_ERR_PARSE,
            ErrorKind::DuplicateCard => OddsmithStatus::ODDSMITH_ERR_DUPLICATE_CARD,
            ErrorKind::BufferTooSmall => OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL,
            ErrorKind::BudgetExceeded => OddsmithStatus::ODDSMITH_ERR_BUDGET_EXCEEDED,
            ErrorKind::Internal => OddsmithStatus::ODDSMITH_ERR_INTERNAL,
            ErrorKind::Callback => OddsmithStatus::ODDSMITH_ERR_CALLBACK,
        }
    }
}

/// A failure inside an entry point: a status and the message for the caller.
#[derive(Debug)]
pub(crate) struct FfiError {
    status: OddsmithStatus,
    message: String,
}

impl FfiError {
    pub(crate) fn new(status: OddsmithStatus, message: impl Into<String>) -> Self {
        FfiError {
            status,
            message: message.into(),
        }
    }

    pub(crate) fn null(name: &str) -> Self {
        Self::new(
            OddsmithStatus::ODDSMITH_ERR_NULL_POINTER,
            format!("argument '{name}' is NULL"),
        )
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Self::new(OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT, message)
    }
}

impl From<Error> for FfiError {
    fn from(e: Error) -> Self {
        FfiError::new(e.kind().into(), e.message())
    }
}

pub(crate) type FfiResult<T = ()> = Result<T, FfiError>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: String) {
    LAST_ERROR.with(|slot| *slot.borrow_mut() = message);
}

/// Runs an entry point's body: errors become their status with the message
/// stored for `oddsmith_last_error_message`; a panic becomes
/// `ODDSMITH_ERR_INTERNAL` and never unwinds into C.
pub(crate) fn guard(body: impl FnOnce() -> FfiResult) -> OddsmithStatus {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => OddsmithStatus::ODDSMITH_OK,
        Ok(Err(e)) => {
            set_last_error(e.message);
            e.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            set_last_error(format!("internal error: {what}"));
            OddsmithStatus::ODDSMITH_ERR_INTERNAL
        }
    }
}

/// Runs a body that cannot fail by contract but must not unwind into C;
/// a panic yields `fallback`.
pub(crate) fn guard_value<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(fallback)
}

/// An entry's own pointer argument through its helper: `arg!(input(p,
/// "name"))`, and likewise `output`, `input_slice`, `output_slice`,
/// `input_str`. The safety argument is the same for every use, so it is
/// written once, here: each entry point's `# Safety` section requires its
/// pointer arguments to be NULL or valid (readable, writable, NUL-terminated
/// or of the given length, as the helper needs) for the whole call, which
/// is the helper's contract; the macro accepts only these helpers, and
/// entries use it only on their own arguments.
macro_rules! arg {
    (input($ptr:expr, $name:expr)) => {{
        // SAFETY: the entry's # Safety contract (see the macro's comment).
        unsafe { $crate::ffi::guard::input($ptr, $name) }
    }};
    (output($ptr:expr, $name:expr)) => {{
        // SAFETY: the entry's # Safety contract (see the macro's comment).
        unsafe { $crate::ffi::guard::output($ptr, $name) }
    }};
    (input_slice($ptr:expr, $len:expr, $name:expr)) => {{
        // SAFETY: the entry's # Safety contract (see the macro's comment).
        unsafe { $crate::ffi::guard::input_slice($ptr, $len, $name) }
    }};
    (output_slice($ptr:expr, $cap:expr, $name:expr)) => {{
        // SAFETY: the entry's # Safety contract (see the macro's comment).
        unsafe { $crate::ffi::guard::output_slice($ptr, $cap, $name) }
    }};
    (input_str($ptr:expr, $name:expr)) => {{
        // SAFETY: the entry's # Safety contract (see the macro's comment).
        unsafe { $crate::ffi::guard::input_str($ptr, $name) }
    }};
}
pub(crate) use arg;

/// Borrows a caller's input pointer, or fails naming the argument.
///
/// # Safety
/// A non-NULL `ptr` must point to a valid `T` for the call's duration.
pub(crate) unsafe fn input<'a, T>(ptr: *const T, name: &str) -> FfiResult<&'a T> {
    // SAFETY: the caller guarantees validity when non-NULL.
    unsafe { ptr.as_ref() }.ok_or_else(|| FfiError::null(name))
}

/// Borrows a caller's output pointer, or fails naming the argument.
///
/// # Safety
/// A non-NULL `ptr` must point to a writable `T` for the call's duration.
pub(crate) unsafe fn output<'a, T>(ptr: *mut T, name: &str) -> FfiResult<&'a mut T> {
    // SAFETY: the caller guarantees validity when non-NULL.
    unsafe { ptr.as_mut() }.ok_or_else(|| FfiError::null(name))
}

/// Borrows a caller's array of `len` items; NULL is accepted when `len == 0`.
///
/// # Safety
/// A non-NULL `ptr` must point to `len` valid items.
pub(crate) unsafe fn input_slice<'a, T>(
    ptr: *const T,
    len: usize,
    name: &str,
) -> FfiResult<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(FfiError::null(name));
    }
    // SAFETY: non-NULL and the caller guarantees `len` valid items.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Borrows a caller's writable buffer of `cap` items; NULL is accepted when
/// `cap == 0` (the caller is only asking for the size needed).
///
/// # Safety
/// A non-NULL `ptr` must point to `cap` writable items.
pub(crate) unsafe fn output_slice<'a, T>(
    ptr: *mut T,
    cap: usize,
    name: &str,
) -> FfiResult<&'a mut [T]> {
    if cap == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(FfiError::null(name));
    }
    // SAFETY: non-NULL and the caller guarantees `cap` writable items.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, cap) })
}

/// The C surface's one "write a list or report BUFFER_TOO_SMALL": sets
/// `*count` to `len` first (also when the buffer is too small, so a caller
/// can size its next buffer), then copies the `len` items, converted, into
/// `buf`, or fails naming what did not fit.
pub(crate) fn write_list<T, U>(
    items: impl IntoIterator<Item = T>,
    len: usize,
    buf: &mut [U],
    count: &mut usize,
    what: &str,
    mut convert: impl FnMut(T) -> U,
) -> FfiResult {
    *count = len;
    if len > buf.len() {
        return Err(FfiError::new(
            OddsmithStatus::ODDSMITH_ERR_BUFFER_TOO_SMALL,
            format!("{len} {what} but the buffer holds {}", buf.len()),
        ));
    }
    for (slot, item) in buf.iter_mut().zip(items) {
        *slot = convert(item);
    }
    Ok(())
}

/// Borrows a NUL-terminated UTF-8 string.
///
/// # Safety
/// A non-NULL `ptr` must point to a NUL-terminated string.
pub(crate) unsafe fn input_str<'a>(ptr: *const c_char, name: &str) -> FfiResult<&'a str> {
    if ptr.is_null() {
        return Err(FfiError::null(name));
    }
    // SAFETY: non-NULL and NUL-terminated by the caller's contract.
    let bytes = unsafe { CStr::from_ptr(ptr) }.to_bytes();
    std::str::from_utf8(bytes).map_err(|e| {
        FfiError::new(
            OddsmithStatus::ODDSMITH_ERR_PARSE,
            format!(
                "argument '{name}' is not valid UTF-8 (byte {})",
                e.valid_up_to()
            ),
        )
    })
}

/// Copies `text` into a C buffer of `cap` bytes, always NUL-terminated when
/// `cap > 0` (truncating if needed); returns the length `text` needs
/// without its NUL.
pub(crate) fn copy_c_string(text: &str, buf: &mut [u8]) -> usize {
    if let Some(room) = buf.len().checked_sub(1) {
        // Cut at a character boundary: the copy stays valid UTF-8.
        let n = text.floor_char_boundary(room);
        buf[..n].copy_from_slice(&text.as_bytes()[..n]);
        buf[n] = 0;
    }
    text.len()
}

/// Copies the message of the last failed oddsmith call on this thread into
/// `buf` (`cap` bytes, always NUL-terminated when `cap > 0`, truncated to
/// fit) and returns the message length without the NUL, so a caller can
/// call once with `cap = 0` to size its buffer (NULL `buf` only reports
/// the length). The message is UTF-8, and a truncated copy ends at a whole
/// character (so it may hold fewer than `cap - 1` bytes). It is empty when no call has
/// failed on this thread; successful calls leave it unchanged, so read it
/// right after the failing call.
///
/// Thread safety: reads this thread's message only; safe from any thread.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_last_error_message(buf: *mut c_char, cap: usize) -> usize {
    guard_value(0, || {
        let target: &mut [u8] = if buf.is_null() || cap == 0 {
            &mut []
        } else {
            // SAFETY: non-NULL and `cap` writable bytes by contract.
            unsafe { std::slice::from_raw_parts_mut(buf.cast::<u8>(), cap) }
        };
        LAST_ERROR.with(|slot| copy_c_string(&slot.borrow(), target))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_message() -> String {
        let mut buf = [0 as c_char; 256];
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let n = unsafe { oddsmith_last_error_message(buf.as_mut_ptr(), buf.len()) };
        // SAFETY: a live local buffer the library NUL-terminated.
        let text = unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string();
        assert_eq!(n, text.len());
        text
    }

    #[test]
    fn truncated_copies_end_at_a_whole_character() {
        let mut buf = [0xFFu8; 4];
        // "é" is two bytes: three bytes of room hold "a" and "é", two only "a".
        assert_eq!(copy_c_string("aéb", &mut buf), 4);
        assert_eq!(&buf, b"a\xc3\xa9\0");
        let mut buf = [0xFFu8; 3];
        copy_c_string("aéb", &mut buf);
        assert_eq!(&buf[..2], b"a\0");
    }

    #[test]
    fn panics_become_internal_errors() {
        let status = guard(|| panic!("boom"));
        assert_eq!(status, OddsmithStatus::ODDSMITH_ERR_INTERNAL);
        assert_eq!(last_message(), "internal error: boom");
    }

    #[test]
    fn errors_keep_their_status_and_message() {
        let status = guard(|| Err(Error::parse("bad token 'Zz'").into()));
        assert_eq!(status, OddsmithStatus::ODDSMITH_ERR_PARSE);
        assert_eq!(last_message(), "bad token 'Zz'");
        assert_eq!(guard(|| Ok(())), OddsmithStatus::ODDSMITH_OK);
        assert_eq!(last_message(), "bad token 'Zz'");
    }

    #[test]
    fn message_copy_truncates_and_reports_length() {
        let mut small = [0x55u8; 4];
        assert_eq!(copy_c_string("abcdef", &mut small), 6);
        assert_eq!(&small, b"abc\0");
        assert_eq!(copy_c_string("abcdef", &mut []), 6);
        guard(|| Err(FfiError::invalid("twelve chars")));
        // NULL with any cap only reports the length.
        // SAFETY: pointers to live locals, or NULL where that is the point.
        let n = unsafe { oddsmith_last_error_message(std::ptr::null_mut(), 64) };
        assert_eq!(n, 12);
    }
}
