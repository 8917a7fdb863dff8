//! The combat rules (see `shared/rules/battlegrounds.md`): boards, attacks,
//! damage, keywords, deaths and summons. Both the exact engine and the Monte
//! Carlo engine step through combats with these functions only.

/// Keyword bits.
pub const TAUNT: u8 = 1;
pub const SHIELD: u8 = 2;
pub const POISON: u8 = 4;
pub const VENOM: u8 = 8;
pub const WINDFURY: u8 = 16;
pub const CLEAVE: u8 = 32;
pub const REBORN: u8 = 64;
/// Marks the minion making the current attack (never left set).
const ACTING: u8 = 128;

/// Most minions on a board.
pub const BOARD_SIZE: usize = 7;

/// A deathrattle that summons `count` copies of a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Token {
    pub attack: u16,
    pub health: u16,
    /// Keyword bits (no reborn, no deathrattle).
    pub keywords: u8,
    pub count: u8,
}

/// A minion, with its combat state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Minion {
    pub attack: u16,
    pub health: i16,
    /// Current keywords: a shield is lost, venom spent, reborn used.
    pub keywords: u8,
    /// Keywords a reborn copy returns with.
    pub base_keywords: u8,
    pub deathrattle: Token,
    /// Tavern tier 1..=7, for the damage to the losing hero.
    pub tier: u8,
    /// Has attacked in the current round.
    pub attacked: bool,
}

impl Minion {
    pub fn new(attack: u16, health: i16) -> Minion {
        Minion {
            attack,
            health,
            tier: 1,
            ..Minion::default()
        }
    }

    pub fn with_keywords(mut self, keywords: u8) -> Minion {
        self.keywords = keywords;
        self.base_keywords = keywords;
        self
    }

    fn has(&self, k: u8) -> bool {
        self.keywords & k != 0
    }

    /// A bound on the hits this minion can still absorb, summons included;
    /// every attack lowers the board total (see `State::potential`).
    fn potential(&self) -> u32 {
        let token =
            |t: &Token| t.count as u32 * (t.health as u32 + u32::from(t.keywords & SHIELD != 0));
        let life =
            self.health.max(0) as u32 + u32::from(self.has(SHIELD)) + token(&self.deathrattle);
        let second = if self.has(REBORN) {
            1 + u32::from(self.base_keywords & SHIELD != 0) + token(&self.deathrattle)
        } else {
            0
        };
        life + second
    }
}

/// Both boards and whose turn it is.
#[derive(Debug, Clone, Copy)]
pub struct State {
    pub boards: [[Minion; BOARD_SIZE]; 2],
    pub lens: [u8; 2],
    /// The side to attack next (0 = A, 1 = B).
    pub turn: u8,
}

impl Minion {
    /// Everything that changes in combat, plus the attack, in one word.
    #[inline]
    fn dynamic_word(&self) -> u64 {
        u64::from(self.health as u16)
            | u64::from(self.keywords) << 16
            | u64::from(self.attacked) << 24
            | u64::from(self.attack) << 32
            | u64::from(self.deathrattle.count) << 48
    }

    /// The rest of the minion in one word.
    #[inline]
    fn static_word(&self) -> u64 {
        let t = &self.deathrattle;
        u64::from(self.base_keywords)
            | u64::from(self.tier) << 8
            | u64::from(t.keywords) << 16
            | u64::from(t.attack) << 24
            | u64::from(t.health) << 40
    }
}

/// Equal boards (live minions only) and turn.
impl PartialEq for State {
    fn eq(&self, o: &State) -> bool {
        self.lens == o.lens
            && self.turn == o.turn
            && (0..2).all(|side| {
                self.board(side).iter().zip(o.board(side)).all(|(a, b)| {
                    a.dynamic_word() == b.dynamic_word() && a.static_word() == b.static_word()
                })
            })
    }
}

impl Eq for State {}

/// Hashes one word per live minion (what changes in combat, plus its
/// attack): much cheaper than every field, and equal states still hash
/// equal; equality compares everything.
impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(
            u64::from(self.lens[0]) | u64::from(self.lens[1]) << 8 | u64::from(self.turn) << 16,
        );
        for side in 0..2 {
            for m in self.board(side) {
                h.write_u64(m.dynamic_word());
            }
        }
    }
}

/// How a combat ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Side 0 won, dealing this damage to side 1's hero.
    AWins(u32),
    BWins(u32),
    Draw,
}

impl State {
    pub fn new(a: &[Minion], b: &[Minion], first: u8) -> State {
        let mut s = State {
            boards: [[Minion::default(); BOARD_SIZE]; 2],
            lens: [a.len() as u8, b.len() as u8],
            turn: first,
        };
        s.boards[0][..a.len()].copy_from_slice(a);
        s.boards[1][..b.len()].copy_from_slice(b);
        s
    }

    pub fn board(&self, side: usize) -> &[Minion] {
        &self.boards[side][..self.lens[side] as usize]
    }

    /// Strictly decreases with every attack, so states can be solved in
    /// decreasing order of it.
    pub fn potential(&self) -> u32 {
        (0..2)
            .flat_map(|s| self.board(s).iter())
            .map(Minion::potential)
            .sum()
    }

    fn can_attack(&self, side: usize) -> bool {
        self.board(side).iter().any(|m| m.attack > 0)
    }

    /// The end of the combat, if it has ended.
    pub fn outcome(&self, hero_tiers: [u32; 2]) -> Option<Outcome> {
        let damage = |side: usize| {
            hero_tiers[side] + self.board(side).iter().map(|m| m.tier as u32).sum::<u32>()
        };
        match (self.lens[0], self.lens[1]) {
            (0, 0) => Some(Outcome::Draw),
            (_, 0) => Some(Outcome::AWins(damage(0))),
            (0, _) => Some(Outcome::BWins(damage(1))),
            _ if !self.can_attack(0) && !self.can_attack(1) => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// Prepares the next attack: settles whose turn it is (a side that
    /// cannot attack is skipped) and picks the attacker, clearing the round
    /// marks when every attacker has been. Returns (side, attacker index).
    pub fn next_attacker(&mut self) -> (usize, usize) {
        let mut side = self.turn as usize;
        if !self.can_attack(side) {
            side = 1 - side;
            self.turn = side as u8;
        }
        let board = &mut self.boards[side][..self.lens[side] as usize];
        let pick = |b: &[Minion]| b.iter().position(|m| m.attack > 0 && !m.attacked);
        let index = match pick(board) {
            Some(i) => i,
            None => {
                for m in board.iter_mut() {
                    m.attacked = false;
                }
                pick(board).expect("a side that can attack has an attacker")
            }
        };
        (side, index)
    }

    /// The enemy minions an attack may target: the taunts, else all.
    pub fn targets(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        let enemy = self.board(1 - side);
        let taunts = enemy.iter().any(|m| m.has(TAUNT));
        (0..enemy.len()).filter(move |&i| !taunts || enemy[i].has(TAUNT))
    }

    /// A target for the sampler in one pass: `draw(n)` picks one of the n
    /// targets `targets` would list (taunts first), returned by index.
    pub fn nth_target(&self, side: usize, draw: impl FnOnce(u32) -> u32) -> usize {
        let enemy = self.board(1 - side);
        let taunts = enemy.iter().filter(|m| m.has(TAUNT)).count() as u32;
        let pool = if taunts > 0 {
            taunts
        } else {
            enemy.len() as u32
        };
        let pick = draw(pool) as usize;
        if taunts == 0 {
            return pick;
        }
        enemy
            .iter()
            .enumerate()
            .filter(|(_, m)| m.has(TAUNT))
            .nth(pick)
            .map_or(0, |(i, _)| i)
    }

    /// One attack of `attacker` (on `side`) on enemy `target`, then the
    /// death phase. Returns the attacker's index afterwards if it lives.
    pub fn attack(&mut self, side: usize, attacker: usize, target: usize) -> Option<usize> {
        let enemy = 1 - side;
        self.boards[side][attacker].keywords |= ACTING;
        let a = self.boards[side][attacker];
        let t = self.boards[enemy][target];
        let a_poison = a.keywords & (POISON | VENOM);
        let t_poison = t.keywords & (POISON | VENOM);
        // Neighbours are fixed before any damage.
        let cleave_targets: [Option<usize>; 2] = if a.has(CLEAVE) {
            [
                target.checked_sub(1),
                Some(target + 1).filter(|&i| i < self.lens[enemy] as usize),
            ]
        } else {
            [None, None]
        };
        // Simultaneous: the attacker's hits first in code, the hit back
        // computed from the target as it was.
        let mut venom_spent = false;
        for index in std::iter::once(Some(target))
            .chain(cleave_targets)
            .flatten()
        {
            let poison = a_poison & POISON != 0 || (a_poison & VENOM != 0 && !venom_spent);
            if hit(&mut self.boards[enemy][index], a.attack, poison)
                && a_poison & POISON == 0
                && a_poison & VENOM != 0
            {
                venom_spent = true;
            }
        }
        if venom_spent {
            self.boards[side][attacker].keywords &= !VENOM;
        }
        let back_poison = t_poison != 0;
        if hit(&mut self.boards[side][attacker], t.attack, back_poison)
            && t_poison & POISON == 0
            && t_poison & VENOM != 0
        {
            self.boards[enemy][target].keywords &= !VENOM;
        }
        self.resolve_deaths();
        let index = self.board(side).iter().position(|m| m.has(ACTING));
        if let Some(i) = index {
            self.boards[side][i].keywords &= !ACTING;
        }
        index
    }

    /// Ends the attacking minion's turn: its mark is set and the other side
    /// is up.
    pub fn finish_turn(&mut self, side: usize, attacker: Option<usize>) {
        if let Some(i) = attacker {
            self.boards[side][i].attacked = true;
        }
        self.turn = (1 - side) as u8;
    }

    /// Removes the dead left to right; each leaves its deathrattle tokens,
    /// then its reborn copy, in its slot, while there is room.
    fn resolve_deaths(&mut self) {
        for side in 0..2 {
            let len = self.lens[side] as usize;
            if self.boards[side][..len].iter().all(|m| m.health > 0) {
                continue;
            }
            let old = self.boards[side];
            let alive = old[..len].iter().filter(|m| m.health > 0).count();
            let mut out = [Minion::default(); BOARD_SIZE];
            let mut n = 0;
            let mut summoned = 0;
            for (i, m) in old[..len].iter().enumerate() {
                if m.health > 0 {
                    out[n] = *m;
                    n += 1;
                    continue;
                }
                // Room left: the survivors not yet placed still need theirs.
                let survivors_right = old[i + 1..len].iter().filter(|x| x.health > 0).count();
                let room = |placed: usize| BOARD_SIZE - (placed + survivors_right);
                let t = m.deathrattle;
                for _ in 0..t.count {
                    if room(n) == 0 {
                        break;
                    }
                    out[n] = Minion {
                        attack: t.attack,
                        health: t.health as i16,
                        keywords: t.keywords,
                        base_keywords: t.keywords,
                        deathrattle: Token::default(),
                        tier: 1,
                        attacked: m.attacked,
                    };
                    n += 1;
                    summoned += 1;
                }
                if m.has(REBORN) && room(n) > 0 {
                    out[n] = Minion {
                        health: 1,
                        keywords: m.base_keywords & !REBORN,
                        base_keywords: m.base_keywords & !REBORN,
                        ..*m
                    };
                    n += 1;
                    summoned += 1;
                }
            }
            debug_assert!(n <= BOARD_SIZE && n >= alive && n - alive == summoned);
            self.boards[side] = out;
            self.lens[side] = n as u8;
        }
    }
}

/// One instance of damage; true when it landed (not absorbed, not zero).
fn hit(m: &mut Minion, damage: u16, poison: bool) -> bool {
    if damage == 0 {
        return false;
    }
    if m.has(SHIELD) {
        m.keywords &= !SHIELD;
        return false;
    }
    m.health = m.health.saturating_sub(damage.min(i16::MAX as u16) as i16);
    if poison {
        m.health = m.health.min(0);
    }
    true
}
