//! The committed header must equal the one cbindgen generates from these
//! sources, or C clients build against a stale API.

#[test]
fn committed_header_is_current() {
    let generated = include_str!(concat!(env!("OUT_DIR"), "/oddsmith.h"));
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/oddsmith.h"))
            .expect("include/oddsmith.h exists");
    assert!(
        generated == committed,
        "include/oddsmith.h is stale: run `ODDSMITH_UPDATE_HEADER=1 cargo build` and commit it"
    );
}
