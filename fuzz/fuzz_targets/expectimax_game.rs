//! Fuzzes `oddsmith_expectimax_solve` and `oddsmith_expectimax_solve_dense`
//! with arbitrary small games defined through the callbacks: node tables
//! from the input bytes, with bad kinds, probabilities that do not sum to
//! 1, cycles (paying or not), failing callbacks, children out of order,
//! depth limits and tolerances. They must return a status, never crash or
//! hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::{
    ODDSMITH_MAX_STATE_SIZE, OddsmithDenseChild, OddsmithDenseGameDef, OddsmithExpectimaxOptions,
    OddsmithExpectimaxResult, OddsmithGameChild, OddsmithGameDef, OddsmithGameNode, OddsmithStatus,
    oddsmith_expectimax_solve, oddsmith_expectimax_solve_dense,
};
use std::ffi::c_void;
use std::mem::MaybeUninit;

/// Node i of the game: bytes[i * 8 .. i * 8 + 8].
struct Table<'a>(&'a [u8]);

impl Table<'_> {
    fn byte(&self, i: usize) -> u8 {
        self.0.get(i).copied().unwrap_or(0)
    }
}

unsafe extern "C" fn expand(
    user: *mut c_void,
    state: *const u8,
    node: *mut OddsmithGameNode,
    children: *mut OddsmithGameChild,
    capacity: u32,
) -> i32 {
    // SAFETY: the solver passes our table, a valid state and buffers.
    let (table, node) = unsafe { (&*(user as *const Table), &mut *node) };
    let id = unsafe { *state } as usize % 8;
    let base = id * 8;
    let head = table.byte(base);
    if head == 0xEE {
        return 7; // a failing callback
    }
    node.kind = u32::from(head % 5); // 4 is not a kind
    node.value = f64::from(table.byte(base + 1)) - 100.0;
    let count = (table.byte(base + 2) % 5) as u32;
    node.child_count = count.min(capacity);
    for c in 0..node.child_count as usize {
        let b = table.byte(base + 3 + c);
        // SAFETY: c < capacity.
        let child = unsafe { &mut *children.add(c) };
        child.move_id = u32::from(b >> 6);
        // Mostly valid lotteries: probability 1 per move, or halves.
        child.probability = match b & 3 {
            0 | 1 => 1.0,
            2 => 0.5,
            _ => 0.3,
        };
        child.reward = f64::from(b & 0x1C) / 4.0;
        child.next = [0; ODDSMITH_MAX_STATE_SIZE];
        child.next[0] = (b >> 2) & 7;
    }
    0
}

/// The same table as a dense game: node `index % 8`, children at the
/// table's next ids (often not below the parent: an error to report).
unsafe extern "C" fn dense_expand(
    user: *mut c_void,
    index: u64,
    node: *mut OddsmithGameNode,
    children: *mut OddsmithDenseChild,
    capacity: u32,
) -> i32 {
    let mut buffer = [OddsmithGameChild {
        move_id: 0,
        probability: 0.0,
        reward: 0.0,
        next: [0; ODDSMITH_MAX_STATE_SIZE],
    }; 8];
    let state = [(index % 8) as u8];
    // SAFETY: as in `expand`, with our own buffer of 8 children.
    let code = unsafe {
        expand(
            user,
            state.as_ptr(),
            node,
            buffer.as_mut_ptr(),
            capacity.min(8),
        )
    };
    let count = unsafe { (*node).child_count.min(8) } as usize;
    for (c, b) in buffer.iter().take(count).enumerate() {
        // SAFETY: c < count <= capacity.
        let child = unsafe { &mut *children.add(c) };
        child.move_id = b.move_id;
        child.probability = b.probability;
        child.reward = b.reward;
        child.next = u64::from(b.next[0]);
    }
    code
}

fn check(status: OddsmithStatus, out: MaybeUninit<OddsmithExpectimaxResult>) {
    match status {
        OddsmithStatus::ODDSMITH_OK => {
            // SAFETY: written on success.
            let r = unsafe { out.assume_init() };
            assert!(r.value.is_finite());
            assert!(r.move_count as usize <= 64);
            assert!(r.residual.is_finite() && r.residual >= 0.0);
        }
        OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        | OddsmithStatus::ODDSMITH_ERR_BUDGET_EXCEEDED
        | OddsmithStatus::ODDSMITH_ERR_CALLBACK => {}
        other => panic!("unexpected status {other:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let table = Table(data);
    let mut def = OddsmithGameDef {
        state_size: u32::from(table.byte(64) % 3),
        root: [0; ODDSMITH_MAX_STATE_SIZE],
        user: &table as *const Table as *mut c_void,
        expand: Some(expand),
        heuristic: None,
    };
    def.root[0] = table.byte(65) % 8;
    let options = OddsmithExpectimaxOptions {
        max_states: 10_000,
        depth_limit: u32::from(table.byte(66) % 6),
        expected_states: u32::from(table.byte(67)),
        // 0 (the default), coarse, fine, or invalid (negative).
        tolerance: [0.0, 1e-3, 1e-15, -1.0][usize::from(table.byte(68) % 4)],
        // A cycle that keeps paying stops at the cap.
        max_iterations: u64::from(table.byte(69)) * 100,
        time_ms: 0,
        progress: std::ptr::null(),
    };
    let mut out = MaybeUninit::<OddsmithExpectimaxResult>::uninit();
    // SAFETY: valid definition, options and output.
    let status = unsafe { oddsmith_expectimax_solve(&def, &options, out.as_mut_ptr()) };
    check(status, out);

    let dense = OddsmithDenseGameDef {
        size: u64::from(table.byte(70) % 10),
        root_index: u64::from(table.byte(71) % 10),
        user: &table as *const Table as *mut c_void,
        expand: Some(dense_expand),
    };
    let mut out = MaybeUninit::<OddsmithExpectimaxResult>::uninit();
    // SAFETY: valid definition, options and output.
    let status = unsafe { oddsmith_expectimax_solve_dense(&dense, &options, out.as_mut_ptr()) };
    check(status, out);
});
