//! Fuzzes the Durak observation entries (`oddsmith_durak_legal_moves`,
//! `oddsmith_durak_best_move`) with real observations from seeded games,
//! some fields overwritten by the input: a status, never a crash; on
//! success the engine's move is one of the legal moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oddsmith::ffi::*;
use std::mem::MaybeUninit;

fn byte(data: &[u8], i: usize) -> u8 {
    data.get(i).copied().unwrap_or(0)
}

fn word(data: &[u8], i: usize) -> u64 {
    (0..8).fold(0, |w, k| w | u64::from(byte(data, i + k)) << (8 * k))
}

fuzz_target!(|data: &[u8]| {
    let rules = OddsmithDurakRules {
        players: 2 + u32::from(byte(data, 0) % 5),
        deck_size: [24, 36, 52][(byte(data, 1) % 3) as usize],
        variant: u32::from(byte(data, 1) / 3 % 2),
        protocol: u32::from(byte(data, 1) / 6 % 2),
    };
    let mut game = std::ptr::null_mut();
    // SAFETY: valid rules and output pointer.
    if unsafe { oddsmith_durak_new(&rules, word(data, 2), &mut game) }
        != OddsmithStatus::ODDSMITH_OK
    {
        return;
    }
    let mut moves = [OddsmithDurakMove {
        kind: 0,
        card: -1,
        target: -1,
    }; ODDSMITH_DURAK_MAX_MOVES];
    // Play a few moves in, to reach later phases.
    for step in 0..byte(data, 10) as usize {
        let mut n = 0;
        // SAFETY: a live handle and buffers of the stated sizes.
        unsafe {
            oddsmith_durak_game_legal_moves(game, moves.as_mut_ptr(), moves.len(), &mut n);
            if n == 0 {
                break;
            }
            let pick = moves[byte(data, 11 + step % 16) as usize % n];
            oddsmith_durak_apply(game, &pick);
        }
    }
    let mut to_move = 0;
    let mut obs = MaybeUninit::<OddsmithDurakObservation>::uninit();
    // SAFETY: a live handle and valid outputs.
    let observed = unsafe {
        oddsmith_durak_to_move(game, &mut to_move);
        oddsmith_durak_observe(game, to_move, obs.as_mut_ptr())
    };
    // SAFETY: the handle came from oddsmith_durak_new.
    unsafe { oddsmith_durak_free(game) };
    if observed != OddsmithStatus::ODDSMITH_OK {
        return;
    }
    // SAFETY: written on OK.
    let mut obs = unsafe { obs.assume_init() };
    // Overwrite fields chosen by the input.
    let mut at = 28;
    while at + 9 <= data.len() {
        let v = word(data, at + 1);
        match byte(data, at) % 18 {
            0 => obs.hand ^= v,
            1 => obs.known[(v % 6) as usize] ^= v >> 8,
            2 => obs.hand_sizes[(v % 6) as usize] = (v >> 8) as u32 % 60,
            3 => obs.talon_size = v as u32 % 60,
            4 => obs.trump_card = (v as i32) % 60,
            5 => obs.discard ^= v,
            6 => obs.table_attacks[(v % 6) as usize] = (v >> 8) as i32 % 60,
            7 => obs.table_covers[(v % 6) as usize] = ((v >> 8) as i32 % 61) - 1,
            8 => obs.table_count = v as u32 % 9,
            9 => obs.bout_limit = v as u32 % 9,
            10 => obs.attacker = v as u32 % 8,
            11 => obs.defender = v as u32 % 8,
            12 => obs.to_move = v as u32 % 8,
            13 => obs.phase = v as u32 % 6,
            14 => obs.passed_mask = v as u32,
            15 => obs.bout_leader = v as u32 % 9,
            16 => obs.rules.protocol = v as u32 % 3,
            _ => obs.out_mask = v as u32 % 128,
        }
        at += 9;
    }
    let mut n = 0;
    // SAFETY: valid observation, buffer and outputs.
    let legal =
        unsafe { oddsmith_durak_legal_moves(&obs, moves.as_mut_ptr(), moves.len(), &mut n) };
    let budget = OddsmithDurakBudget {
        iterations: 20,
        time_ms: 0,
        threads: 1,
        rollout: u32::from(byte(data, 27) % 3),
        exploration: 0.0,
        seed: 1,
        progress: std::ptr::null(),
        level: u32::from(byte(data, 28) % 12),
    };
    let mut best = MaybeUninit::<OddsmithDurakMove>::uninit();
    // SAFETY: valid inputs and outputs; stats may be NULL.
    let status =
        unsafe { oddsmith_durak_best_move(&obs, &budget, best.as_mut_ptr(), std::ptr::null_mut()) };
    if status == OddsmithStatus::ODDSMITH_OK {
        assert_eq!(legal, OddsmithStatus::ODDSMITH_OK);
        // SAFETY: written on OK.
        let best = unsafe { best.assume_init() };
        assert!(moves[..n].contains(&best), "the engine's move is not legal");
    }
});
