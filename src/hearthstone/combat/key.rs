//! Compact memo keys for the exact engine: 64 bytes per state, one 32-bit
//! word per slot (health, keywords, round mark, kind) and the turn. Hashing,
//! comparing and moving keys is much of what the exact search does.

use super::rules::{ACTING, BOARD_SIZE, Kinds, State, Unit};
use std::hash::{Hash, Hasher};

/// A state between attacks: slot words of side A then B, two per `u64`,
/// 0 for an empty slot (a live minion has health > 0), then the turn.
#[derive(Clone, Copy)]
pub struct Key([u64; BOARD_SIZE + 1]);

/// Branch-free word comparison (the derived one calls `memcmp`).
impl PartialEq for Key {
    fn eq(&self, o: &Key) -> bool {
        self.0.iter().zip(&o.0).fold(0, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

impl Eq for Key {}

impl Key {
    /// The key of `state` and its potential (`Kinds::potential` summed
    /// over both boards), in one pass.
    pub fn encode(kinds: &Kinds, state: &State) -> (Key, u32) {
        let mut words = [0u64; BOARD_SIZE + 1];
        let mut potential = 0;
        for side in 0..2 {
            for (slot, u) in state.board(side).iter().enumerate() {
                debug_assert!(u.health > 0 && u.keywords & ACTING == 0);
                let word = u64::from(u.health as u16)
                    | u64::from(u.keywords) << 16
                    | u64::from(u.attacked) << 23
                    | u64::from(u.kind) << 24;
                let i = side * BOARD_SIZE + slot;
                words[i / 2] |= word << (32 * (i % 2));
                potential += kinds.potential(u);
            }
        }
        words[BOARD_SIZE] = u64::from(state.turn);
        (Key(words), potential)
    }

    /// The state a key stands for.
    pub fn decode(&self, kinds: &Kinds) -> State {
        let mut state = State {
            boards: [[Unit::default(); BOARD_SIZE]; 2],
            lens: [0; 2],
            turn: self.0[BOARD_SIZE] as u8,
        };
        for side in 0..2 {
            for slot in 0..BOARD_SIZE {
                let word = self.slot(side, slot);
                if word == 0 {
                    break;
                }
                state.boards[side][slot] = kinds.unit_of(
                    (word >> 24) as u8,
                    (word & 0xffff) as i16,
                    (word >> 16) as u8 & !ACTING,
                    word & 1 << 23 != 0,
                );
                state.lens[side] += 1;
            }
        }
        state
    }

    fn slot(&self, side: usize, slot: usize) -> u32 {
        let i = side * BOARD_SIZE + slot;
        (self.0[i / 2] >> (32 * (i % 2))) as u32
    }
}

/// One multiply per pair of words, independent of each other, instead of
/// a serial chain over all eight.
impl Hash for Key {
    fn hash<H: Hasher>(&self, h: &mut H) {
        const MIX: [u64; 4] = [
            0x9e37_79b9_7f4a_7c15,
            0xc2b2_ae3d_27d4_eb4f,
            0x1656_67b1_9e37_79f9,
            0x27d4_eb2f_1656_67c5,
        ];
        let w = &self.0;
        let mut sum = 0u64;
        for pair in 0..4 {
            let product =
                u128::from(w[2 * pair] ^ MIX[pair]) * u128::from(w[2 * pair + 1] ^ MIX[3 - pair]);
            sum = sum.wrapping_add((product as u64) ^ (product >> 64) as u64);
        }
        h.write_u64(sum);
    }
}
