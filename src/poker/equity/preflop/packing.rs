//! The committed preflop table's packing: `FIELDS` widths (bits of each
//! count, the largest it takes in the table, at most 21), then the
//! entries' counts packed least significant bit first. Shared by path
//! with the build script, which unpacks the table into read-only data at
//! compile time (so queries read plain words and no first query decodes).

/// Counts per entry: A's wins, ties, A's categories 1..=8.
pub const FIELDS: usize = 10;

/// Most bits a count needs (1,712,304 < 2^21).
pub const MAX_BITS: u8 = 21;

/// Every entry's counts.
pub fn decode(bytes: &[u8]) -> Vec<[u32; FIELDS]> {
    if bytes.len() < FIELDS {
        return Vec::new();
    }
    let (widths, packed) = bytes.split_at(FIELDS);
    let widths: Vec<usize> = widths.iter().map(|&w| w.min(MAX_BITS) as usize).collect();
    let entry_bits: usize = widths.iter().sum();
    if entry_bits == 0 {
        return Vec::new();
    }
    let count = packed.len() * 8 / entry_bits;
    // A field spans at most 4 bytes from its first: read them as one word.
    let word = |byte: usize| {
        (0..4).fold(0u32, |w, k| {
            w | u32::from(packed.get(byte + k).copied().unwrap_or(0)) << (8 * k)
        })
    };
    (0..count)
        .map(|e| {
            let mut out = [0u32; FIELDS];
            let mut start = e * entry_bits;
            for (slot, &width) in out.iter_mut().zip(&widths) {
                *slot = word(start / 8) >> (start % 8) & ((1u32 << width) - 1);
                start += width;
            }
            out
        })
        .collect()
}

/// Packs entries' counts, each field in as many bits as its largest value
/// needs.
pub fn encode(entries: &[[u32; FIELDS]]) -> Vec<u8> {
    let mut widths = [1u8; FIELDS];
    for counts in entries {
        for (w, &v) in widths.iter_mut().zip(counts) {
            *w = (*w).max((32 - v.leading_zeros()) as u8);
        }
    }
    let entry_bits: usize = widths.iter().map(|&w| w as usize).sum();
    let mut packed = vec![0u8; (entries.len() * entry_bits).div_ceil(8)];
    for (e, counts) in entries.iter().enumerate() {
        let mut start = e * entry_bits;
        for (&v, &width) in counts.iter().zip(&widths) {
            for k in 0..width as usize {
                if v >> k & 1 == 1 {
                    packed[(start + k) / 8] |= 1 << ((start + k) % 8);
                }
            }
            start += width as usize;
        }
    }
    let mut out = widths.to_vec();
    out.extend(packed);
    out
}

/// The table unpacked: each entry's `FIELDS` counts as little-endian u32s,
/// back to back (what the build script bakes).
pub fn unpacked(bytes: &[u8]) -> Vec<u8> {
    decode(bytes)
        .iter()
        .flat_map(|counts| counts.iter().flat_map(|c| c.to_le_bytes()))
        .collect()
}
