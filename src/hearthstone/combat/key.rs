//! Compact memo keys for the exact engine. Hashing, comparing and moving
//! keys is much of what the exact search does, so a state is packed into
//! as few bits as the combat needs: the turn, then per slot its health
//! less one, its kind plus one (so a minion's field is never 0, and 0 is an
//! empty slot), whether it has lost its shield and its venom (every other
//! keyword is its kind's), and its round mark; after the slots, each
//! side's bonuses for the rest of the combat (`State::bonus`), when the
//! combat has any, and each side's minions summoned from its hand
//! (`State::hand`), when a minion summons from it. Most combats fit 192
//! or 256
//! bits. When card effects can change units (buffs, keywords given) or a
//! minion has stealth, a slot holds its attack and all its keywords too
//! ("full" keys), with
//! room for stats to grow; a unit that outgrows it marks the key as
//! overflowed and the exact engine gives up (Monte Carlo answers).

use super::memory::MEMORY;
use super::{ATTACKED, Kinds, PASSED_OVER, State, UNMARKED, Unit};
use crate::hearthstone::model::{BOARD_SIZE, SHIELD, VENOM};

/// Where each field of a slot sits, for one combat.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    health_bits: u32,
    kind_bits: u32,
    /// Full keys: attack bits (0 otherwise: the kind's attack).
    attack_bits: u32,
    /// Full keys: all the keyword bits (7, 8 with stealth), not the 2
    /// lost ones.
    full: bool,
    /// Bits of a slot's keyword field.
    keyword_bits: u32,
    /// Round mark bits: 2 when some minion summons (passed over and
    /// attacked then differ in what the summons inherit), else 1.
    mark_bits: u32,
    /// The bits of a slot's count (`Unit::count`; 0 when no kind counts).
    count_bits: u32,
    /// Side bonuses (`State::bonus`) after the slots: one byte per side,
    /// bonus mask and stat (0 when the combat has none).
    bonus_bytes: u32,
    /// The spent hero-side cards (`State::spent`) after the bonuses: 8
    /// bits when some hero-side card fires once, else 0.
    spent_bits: u32,
    /// Each side's `State::hand` after the bonuses: 16 bits each when a
    /// minion of the combat summons from the hand mid-combat (else 0).
    hand_bits: u32,
    /// Duos: which sides' teammates came in (`State::team`) after the
    /// hands, 2 bits (else 0).
    team_bits: u32,
    /// Each side's `State::memory` after the teammates' bits: bits per
    /// entry (a kind plus one) when some minion remembers deathrattles
    /// (else 0).
    memory_bits: u32,
    /// Each side's `State::space` after the memory: `SPACE_BITS` each
    /// when a hero-side card's summon waits for room (else 0).
    space_bits: u32,
    /// Both sides' `State::avenge` after the waiting summons: a byte per
    /// field when a hero-side card avenges (else 0).
    avenge_bits: u32,
}

/// Bits of one side's waiting summons (`State::space`).
const SPACE_BITS: u32 = 3;

impl Layout {
    pub fn new(kinds: &Kinds) -> Layout {
        let bits = |max: u32| 32 - max.max(1).leading_zeros();
        // Health is stored less one and the kind plus one: a live unit's
        // word is never 0.
        let full = kinds.changes_units();
        // Room for buffs: stats may grow to twice their start plus 64.
        let grown = |max: u16| {
            if full {
                2 * u32::from(max) + 64
            } else {
                u32::from(max)
            }
        };
        Layout {
            health_bits: bits(grown(kinds.max_health()) - 1),
            kind_bits: bits(kinds.count() as u32),
            attack_bits: if full {
                bits(grown(kinds.max_attack()))
            } else {
                0
            },
            full,
            keyword_bits: match (full, kinds.any_stealth()) {
                (false, _) => 2,
                (true, false) => 7,
                (true, true) => 8,
            },
            mark_bits: if kinds.any_summons() { 2 } else { 1 },
            count_bits: match kinds.max_count() {
                0 => 0,
                most => bits(u32::from(most)),
            },
            bonus_bytes: 2 * 2 * kinds.bonus_count() as u32,
            spent_bits: if kinds.any_hero_once() { 8 } else { 0 },
            hand_bits: if kinds.summons_from_hand()
                || kinds.team.as_ref().is_some_and(|t| t.summons_from_hand())
            {
                32
            } else {
                0
            },
            team_bits: if kinds.team.is_some() { 2 } else { 0 },
            memory_bits: if kinds.remembers {
                bits(kinds.count() as u32)
            } else {
                0
            },
            space_bits: if kinds.any_space() { SPACE_BITS } else { 0 },
            avenge_bits: if kinds.any_hero_avenger() { 32 } else { 0 },
        }
    }

    /// Bits of a slot's keyword field.
    fn keyword_bits(&self) -> u32 {
        self.keyword_bits
    }

    /// Bits per slot: health, attack (full keys), kind, keywords (lost
    /// shield and venom, or all of them), round mark, count.
    fn slot_bits(&self) -> u32 {
        self.health_bits
            + self.attack_bits
            + self.kind_bits
            + self.keyword_bits()
            + self.mark_bits
            + self.count_bits
    }

    /// Where a slot's count starts.
    fn count_at(&self) -> u32 {
        self.slot_bits() - self.count_bits
    }

    /// Where the side bonuses start: after the turn bit and 14 slots.
    fn bonus_at(&self) -> u32 {
        1 + 2 * BOARD_SIZE as u32 * self.slot_bits()
    }

    /// Where the spent hero-side cards start: after the bonuses.
    fn spent_at(&self) -> u32 {
        self.bonus_at() + 8 * self.bonus_bytes
    }

    /// Where the hands' fields start: after the spent hero-side cards.
    fn hand_at(&self) -> u32 {
        self.spent_at() + self.spent_bits
    }

    /// Where the Duos teammates' bits start: after the hands.
    fn team_at(&self) -> u32 {
        self.hand_at() + self.hand_bits
    }

    /// Where the remembered deathrattles start: after the teammates.
    fn memory_at(&self) -> u32 {
        self.team_at() + self.team_bits
    }

    /// Where the waiting summons start: after the remembered deathrattles.
    fn space_at(&self) -> u32 {
        self.memory_at() + 2 * MEMORY as u32 * self.memory_bits
    }

    /// The 64-bit words a key needs: the turn bit, 14 slots, the bonuses,
    /// the spent hero-side cards, the hands, the teammates, the
    /// remembered deathrattles, the waiting summons, the avenges.
    pub fn words(&self) -> usize {
        (self.avenge_at() + self.avenge_bits).div_ceil(64) as usize
    }

    /// Where the hero-side avenges' counts start: after the waiting
    /// summons.
    fn avenge_at(&self) -> u32 {
        self.space_at() + 2 * self.space_bits
    }

    /// The side bonuses' bytes in `State::bonus` order.
    fn bonus_fields(&self) -> impl Iterator<Item = (usize, usize, usize, u32)> {
        let masks = self.bonus_bytes as usize / 4;
        let at = self.bonus_at();
        (0..self.bonus_bytes as usize).map(move |n| {
            let (side, rest) = (n / (2 * masks), n % (2 * masks));
            (side, rest / 2, rest % 2, at + 8 * n as u32)
        })
    }
}

/// The most 64-bit words a key may take: 14 full slots with counters and
/// both sides' bonuses can need 9 (a property test met a 1v2 board of
/// counting cards with bonuses that did); beyond it the exact engine
/// refuses the combat, and Auto samples.
pub const MAX_KEY_WORDS: usize = 9;

/// The potential `Key::encode` gives a full key whose unit outgrew it.
pub const OVERFLOW: u32 = u32::MAX;

/// A packed state of `N` words.
#[derive(Clone, Copy)]
pub struct Key<const N: usize>([u64; N]);

impl<const N: usize> Key<N> {
    /// The key of `state` and its potential (`Kinds::potential` summed
    /// over both boards), in one pass: slot fields are appended to a bit
    /// stream that spills whole words. A full key whose unit outgrew its
    /// fields has potential `OVERFLOW`.
    #[inline]
    pub fn encode(layout: &Layout, kinds: &Kinds, state: &State) -> (Key<N>, u32) {
        // The layout's two rarely set shapes as constants: the common
        // key's loop carries no test for them (measured: a tenth of the
        // exact engine's instructions went to those tests).
        match (layout.full, layout.count_bits > 0) {
            (false, false) => Self::encode_as::<false, false>(layout, kinds, state),
            (false, true) => Self::encode_as::<false, true>(layout, kinds, state),
            (true, false) => Self::encode_as::<true, false>(layout, kinds, state),
            (true, true) => Self::encode_as::<true, true>(layout, kinds, state),
        }
    }

    /// `encode` for a layout with `layout.full == FULL` and count bits
    /// exactly when `COUNTED`.
    #[inline(always)]
    fn encode_as<const FULL: bool, const COUNTED: bool>(
        layout: &Layout,
        kinds: &Kinds,
        state: &State,
    ) -> (Key<N>, u32) {
        debug_assert!(layout.words() <= N);
        debug_assert_eq!((layout.full, layout.count_bits > 0), (FULL, COUNTED));
        debug_assert!(layout.slot_bits() < 64);
        let mut words = [0u64; N];
        let mut stream = u64::from(state.turn);
        let mut filled = 1;
        let mut spilled = 0;
        let width = layout.slot_bits();
        let kind_at = layout.health_bits + layout.attack_bits;
        let flags_at = kind_at + layout.kind_bits;
        let mark_at = layout.keyword_bits();
        let count_at = layout.count_at();
        let mut potential = 0;
        let mut overflow = false;
        for side in 0..2 {
            // When no minion on a side is ready to attack, its next attack
            // starts a new round, so the marks are as good as cleared, and
            // clearing them merges states. Not so while a minion that
            // summons could die first: its summons inherit marks, and an
            // unmarked one would start the round instead; nor, when effects
            // change units (full keys), while an unmarked minion of no
            // attack may gain some before its side attacks again (a gift
            // as it is attacked).
            let board = state.board(side);
            // (One mark bit: nothing in the combat summons.)
            let summoners = layout.mark_bits == 2 && board.iter().any(|u| kinds.summons(u));
            let round_open = summoners
                || board
                    .iter()
                    .any(|u| (FULL || u.attack > 0) && u.mark == UNMARKED);
            for u in board {
                debug_assert!(u.health > 0);
                // Passed over and attacked differ only in what summons
                // inherit: one mark while nothing on the side summons.
                let mark = match u.mark {
                    _ if !round_open => UNMARKED,
                    PASSED_OVER if !summoners => ATTACKED,
                    mark => mark,
                };
                let keywords = if FULL {
                    u64::from(u.keywords)
                } else {
                    let lost = kinds.lost_keywords(u);
                    u64::from(lost & SHIELD != 0) | u64::from(lost & VENOM != 0) << 1
                };
                let flags = keywords | u64::from(mark) << mark_at;
                let health = u64::from(u.health as u16 - 1);
                let mut value = health | u64::from(u.kind + 1) << kind_at | flags << flags_at;
                if COUNTED {
                    value |= u64::from(u.count()) << count_at;
                }
                if FULL {
                    overflow |= health >> layout.health_bits != 0
                        || u64::from(u.attack) >> layout.attack_bits != 0;
                    value |= u64::from(u.attack) << layout.health_bits;
                }
                // `filled` < 64 bits of the current word are taken; a slot
                // (under 64 bits: `encode_as` checks) that
                // crosses into the next word leaves its high bits there.
                stream |= value << filled;
                filled += width;
                if filled >= 64 {
                    words[spilled] = stream;
                    spilled += 1;
                    filled -= 64;
                    stream = value >> (width - filled);
                }
                potential += kinds.potential(u);
            }
            if side == 0 {
                // Side B's slots start after all 7 of side A's.
                filled += (BOARD_SIZE - board.len()) as u32 * width;
                while filled >= 64 {
                    words[spilled] = stream;
                    spilled += 1;
                    stream = 0;
                    filled -= 64;
                }
            }
        }
        if spilled < N {
            words[spilled] = stream;
        }
        if layout.bonus_bytes > 0 {
            overflow |= encode_bonuses(layout, state, &mut words);
        }
        if layout.spent_bits > 0 {
            write_byte(&mut words, layout.spent_at(), state.spent);
        }
        if layout.hand_bits > 0 {
            encode_hands(layout, state, &mut words);
        }
        if layout.team_bits > 0 {
            potential += encode_team(layout, kinds, state, &mut words);
        }
        if layout.memory_bits > 0 {
            encode_memory(layout, state, &mut words);
        }
        if layout.space_bits > 0 {
            encode_space(layout, state, &mut words);
        }
        if layout.avenge_bits > 0 {
            for (k, &b) in state.avenge.as_flattened().iter().enumerate() {
                write_byte(&mut words, layout.avenge_at() + 8 * k as u32, b as u8);
            }
        }
        (Key(words), if overflow { OVERFLOW } else { potential })
    }

    /// The state a key stands for.
    #[inline]
    pub fn decode(&self, layout: &Layout, kinds: &Kinds) -> State {
        match (layout.full, layout.count_bits > 0) {
            (false, false) => self.decode_as::<false, false>(layout, kinds),
            (false, true) => self.decode_as::<false, true>(layout, kinds),
            (true, false) => self.decode_as::<true, false>(layout, kinds),
            (true, true) => self.decode_as::<true, true>(layout, kinds),
        }
    }

    /// `decode` for a layout of that shape (see `encode_as`).
    #[inline(always)]
    fn decode_as<const FULL: bool, const COUNTED: bool>(
        &self,
        layout: &Layout,
        kinds: &Kinds,
    ) -> State {
        let mut state = State {
            boards: [[Unit::default(); BOARD_SIZE]; 2],
            lens: [0; 2],
            turn: (self.0[0] & 1) as u8,
            spent: 0,
            bonus: Default::default(),
            hand: [0; 2],
            team: 0,
            memory: Default::default(),
            space: [0; 2],
            avenge: [[0; 2]; 2],
        };
        if layout.bonus_bytes > 0 {
            decode_bonuses(layout, &self.0, &mut state);
        }
        if layout.spent_bits > 0 {
            state.spent = read_byte(&self.0, layout.spent_at());
        }
        if layout.hand_bits > 0 {
            decode_hands(layout, &self.0, &mut state);
        }
        if layout.team_bits > 0 {
            state.team = decode_team(layout, &self.0);
        }
        if layout.memory_bits > 0 {
            decode_memory(layout, &self.0, &mut state);
        }
        if layout.space_bits > 0 {
            decode_space(layout, &self.0, &mut state);
        }
        if layout.avenge_bits > 0 {
            for (k, b) in state.avenge.as_flattened_mut().iter_mut().enumerate() {
                *b = read_byte(&self.0, layout.avenge_at() + 8 * k as u32) as i8;
            }
        }
        let width = layout.slot_bits();
        let mask = (1u64 << width) - 1;
        let count_at = layout.count_at();
        // The words and one of zeros past them, so that a slot reads its
        // two words without a branch on where it ends.
        let mut words = [0u64; MAX_KEY_WORDS + 1];
        words[..N].copy_from_slice(&self.0);
        for side in 0..2 {
            let mut len = 0;
            for slot in 0..BOARD_SIZE {
                let at = 1 + (side * BOARD_SIZE + slot) as u32 * width;
                let (word, bit) = ((at / 64) as usize, at % 64);
                // The next word's low bits above this one's (a shift by
                // 64 - bit done in two steps: bit may be 0).
                let value = (words[word] >> bit | words[word + 1] << 1 << (63 - bit)) & mask;
                if value == 0 {
                    break;
                }
                let field = |from: u32, bits: u32| (value >> from) & ((1 << bits) - 1);
                let kind_at = layout.health_bits + layout.attack_bits;
                let keyword_bits = layout.keyword_bits();
                let flags = field(kind_at + layout.kind_bits, keyword_bits + layout.mark_bits);
                let kind = field(kind_at, layout.kind_bits) as u8 - 1;
                let health = field(0, layout.health_bits) as i16 + 1;
                let mark = (flags >> keyword_bits) as u8;
                let count = if COUNTED {
                    field(count_at, layout.count_bits) as u8
                } else {
                    0
                };
                state.boards[side][slot] = if FULL {
                    let mut u = kinds.unit_of(kind, health, 0, mark, count);
                    u.attack = field(layout.health_bits, layout.attack_bits) as u16;
                    u.keywords = (flags & ((1 << keyword_bits) - 1)) as u8;
                    u
                } else {
                    let lost = if flags & 1 != 0 { SHIELD } else { 0 }
                        | if flags & 2 != 0 { VENOM } else { 0 };
                    kinds.unit_of(kind, health, lost, mark, count)
                };
                len += 1;
            }
            state.lens[side] = len;
        }
        state
    }
}

/// Writes `value` at bit `at` of a key's words.
fn write_byte(words: &mut [u64], at: u32, value: u8) {
    let (word, bit) = ((at / 64) as usize, at % 64);
    words[word] |= u64::from(value) << bit;
    if bit > 56 {
        words[word + 1] |= u64::from(value) >> (64 - bit);
    }
}

/// The byte at bit `at` of a key's words.
fn read_byte(words: &[u64], at: u32) -> u8 {
    let (word, bit) = ((at / 64) as usize, at % 64);
    let mut value = words[word] >> bit;
    if bit > 56 {
        value |= words[word + 1] << (64 - bit);
    }
    value as u8
}

/// Writes the side bonuses into a key's words (out of line: most combats
/// have none); true when one saturated (it may have lost some of its sum).
#[inline(never)]
fn encode_bonuses(layout: &Layout, state: &State, words: &mut [u64]) -> bool {
    let mut saturated = false;
    for (side, b, stat, at) in layout.bonus_fields() {
        let value = state.bonus[side][b][stat];
        saturated |= value == u8::MAX;
        let (word, bit) = ((at / 64) as usize, at % 64);
        words[word] |= u64::from(value) << bit;
        if bit > 56 {
            words[word + 1] |= u64::from(value) >> (64 - bit);
        }
    }
    saturated
}

/// Writes both sides' `State::hand` into a key's words, 16 bits each.
#[inline(never)]
fn encode_hands(layout: &Layout, state: &State, words: &mut [u64]) {
    for side in 0..2 {
        let at = layout.hand_at() + 16 * side as u32;
        let (word, bit) = ((at / 64) as usize, at % 64);
        let value = u64::from(state.hand[side]);
        words[word] |= value << bit;
        if bit > 48 {
            words[word + 1] |= value >> (64 - bit);
        }
    }
}

/// Reads both sides' `State::hand` of a key's words into `state`.
#[inline(never)]
fn decode_hands(layout: &Layout, words: &[u64], state: &mut State) {
    for side in 0..2 {
        let at = layout.hand_at() + 16 * side as u32;
        let (word, bit) = ((at / 64) as usize, at % 64);
        let mut value = words[word] >> bit;
        if bit > 48 {
            value |= words[word + 1] << (64 - bit);
        }
        state.hand[side] = value as u16;
    }
}

/// Writes `State::team` into a key's words (2 bits); the potential of
/// the teammates still to come (the exact engine's order counts them).
#[inline(never)]
fn encode_team(layout: &Layout, kinds: &Kinds, state: &State, words: &mut [u64]) -> u32 {
    for side in 0..2 {
        let at = layout.team_at() + side as u32;
        let (word, bit) = ((at / 64) as usize, at % 64);
        words[word] |= u64::from(state.team >> side & 1) << bit;
    }
    kinds
        .team
        .as_ref()
        .map_or(0, |t| t.potential_to_come(state.team))
}

/// `State::team` of a key's words.
#[inline(never)]
fn decode_team(layout: &Layout, words: &[u64]) -> u8 {
    let mut team = 0;
    for side in 0..2 {
        let at = layout.team_at() + side as u32;
        let (word, bit) = ((at / 64) as usize, at % 64);
        team |= ((words[word] >> bit & 1) as u8) << side;
    }
    team
}

/// Writes both sides' `State::memory` into a key's words, `memory_bits`
/// per entry (out of line: few combats remember deathrattles).
#[inline(never)]
fn encode_memory(layout: &Layout, state: &State, words: &mut [u64]) {
    let width = layout.memory_bits;
    let entries = state.memory.iter().flatten();
    for (n, &entry) in entries.enumerate() {
        let at = layout.memory_at() + n as u32 * width;
        let (word, bit) = ((at / 64) as usize, at % 64);
        words[word] |= u64::from(entry) << bit;
        if bit + width > 64 {
            words[word + 1] |= u64::from(entry) >> (64 - bit);
        }
    }
}

/// Reads both sides' `State::memory` of a key's words into `state`.
#[inline(never)]
fn decode_memory(layout: &Layout, words: &[u64], state: &mut State) {
    let width = layout.memory_bits;
    let mask = (1u64 << width) - 1;
    let entries = state.memory.iter_mut().flatten();
    for (n, entry) in entries.enumerate() {
        let at = layout.memory_at() + n as u32 * width;
        let (word, bit) = ((at / 64) as usize, at % 64);
        let mut value = words[word] >> bit;
        if bit + width > 64 {
            value |= words[word + 1] << (64 - bit);
        }
        *entry = (value & mask) as u8;
    }
}

/// Writes both sides' `State::space` into a key's words (`SPACE_BITS`
/// each; out of line: few combats have summons waiting for room).
#[inline(never)]
fn encode_space(layout: &Layout, state: &State, words: &mut [u64]) {
    for side in 0..2 {
        let at = layout.space_at() + side as u32 * SPACE_BITS;
        let (word, bit) = ((at / 64) as usize, at % 64);
        let value = u64::from(state.space[side]);
        words[word] |= value << bit;
        if bit + SPACE_BITS > 64 {
            words[word + 1] |= value >> (64 - bit);
        }
    }
}

/// Reads both sides' `State::space` of a key's words into `state`.
#[inline(never)]
fn decode_space(layout: &Layout, words: &[u64], state: &mut State) {
    for side in 0..2 {
        let at = layout.space_at() + side as u32 * SPACE_BITS;
        let (word, bit) = ((at / 64) as usize, at % 64);
        let mut value = words[word] >> bit;
        if bit + SPACE_BITS > 64 {
            value |= words[word + 1] << (64 - bit);
        }
        state.space[side] = (value & ((1 << SPACE_BITS) - 1)) as u8;
    }
}

/// Reads the side bonuses of a key's words into `state`.
#[inline(never)]
fn decode_bonuses(layout: &Layout, words: &[u64], state: &mut State) {
    for (side, b, stat, at) in layout.bonus_fields() {
        let (word, bit) = ((at / 64) as usize, at % 64);
        let mut value = words[word] >> bit;
        if bit > 56 {
            value |= words[word + 1] << (64 - bit);
        }
        state.bonus[side][b][stat] = value as u8;
    }
}

/// Branch-free word comparison (the derived one calls `memcmp`).
impl<const N: usize> PartialEq for Key<N> {
    #[inline]
    fn eq(&self, o: &Key<N>) -> bool {
        self.0.iter().zip(&o.0).fold(0, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

impl<const N: usize> Eq for Key<N> {}

impl<const N: usize> Key<N> {
    /// The key's hash: one multiply per pair of words, independent of each
    /// other, instead of a serial chain over all of them.
    #[inline]
    pub fn hash64(&self) -> u64 {
        const MIX: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];
        let mut sum = 0u64;
        for pair in self.0.chunks(2) {
            let high = pair.get(1).copied().unwrap_or(0);
            let product = u128::from(pair[0] ^ MIX[0]) * u128::from(high ^ MIX[1]);
            sum = sum.rotate_left(23) ^ ((product as u64) ^ (product >> 64) as u64);
        }
        sum
    }

    #[cfg(test)]
    pub fn from_words(words: [u64; N]) -> Key<N> {
        Key(words)
    }

    #[cfg(test)]
    pub fn words(&self) -> [u64; N] {
        self.0
    }
}
