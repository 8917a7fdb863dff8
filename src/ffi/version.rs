//! Version queries, so a C client can check the library matches its header.

use super::guard::guard_value;
use std::ffi::c_char;

/// Major version of the header; compare with `oddsmith_version() >> 16`.
pub const ODDSMITH_VERSION_MAJOR: u32 = 0;
/// Minor version of the header.
pub const ODDSMITH_VERSION_MINOR: u32 = 2;
/// Patch version of the header.
pub const ODDSMITH_VERSION_PATCH: u32 = 0;

static VERSION_STRING: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// The library version as `(major << 16) | (minor << 8) | patch`.
///
/// Thread safety: pure; safe from any thread.
#[unsafe(no_mangle)]
pub extern "C" fn oddsmith_version() -> u32 {
    (ODDSMITH_VERSION_MAJOR << 16) | (ODDSMITH_VERSION_MINOR << 8) | ODDSMITH_VERSION_PATCH
}

/// The library version as a static NUL-terminated string such as "0.2.0".
/// Never free it.
///
/// Thread safety: pure; safe from any thread.
#[unsafe(no_mangle)]
pub extern "C" fn oddsmith_version_string() -> *const c_char {
    guard_value(std::ptr::null(), || VERSION_STRING.as_ptr().cast())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_constants_match_the_package_version() {
        let parse = |s: &str| s.parse::<u32>().unwrap();
        assert_eq!(
            ODDSMITH_VERSION_MAJOR,
            parse(env!("CARGO_PKG_VERSION_MAJOR"))
        );
        assert_eq!(
            ODDSMITH_VERSION_MINOR,
            parse(env!("CARGO_PKG_VERSION_MINOR"))
        );
        assert_eq!(
            ODDSMITH_VERSION_PATCH,
            parse(env!("CARGO_PKG_VERSION_PATCH"))
        );
        // SAFETY: the version string is static and NUL-terminated.
        let text = unsafe { std::ffi::CStr::from_ptr(oddsmith_version_string()) };
        assert_eq!(text.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
        let packed = (parse(env!("CARGO_PKG_VERSION_MAJOR")) << 16)
            | (parse(env!("CARGO_PKG_VERSION_MINOR")) << 8)
            | parse(env!("CARGO_PKG_VERSION_PATCH"));
        assert_eq!(oddsmith_version(), packed);
    }
}
