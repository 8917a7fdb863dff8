//! Both boards and whose turn it is (`State`), built from the minions
//! given with their bonuses from earlier turns, and how a combat ends
//! (`Outcome`): a side with no minion left loses, and the winner deals its
//! tavern tier plus its survivors' tiers to the loser's hero.

use super::Combat;
use super::flags::Flag;
use super::growth::GROWTH_SLOTS;
use super::hand::{Hand, validate_hands};
use super::kinds::Kinds;
use super::memory::MEMORY;
use super::unit::Unit;
use crate::error::{Error, Result};
use crate::hearthstone::model::{BOARD_SIZE, GameBonuses, Minion};

/// Distinct side bonuses (`Action::SideBonus`, by what they apply to) one
/// combat may hold (the pool's name a tribe, a card mark or the blood
/// gems).
pub const MAX_SIDE_BONUSES: usize = 3;

/// Side bonuses one combat may hold (`State::bonus`): those of
/// `Action::SideBonus`, and the growers' (`growth.rs`: a growing mark's
/// growth, a count the rules read).
pub const MAX_BONUSES: usize = MAX_SIDE_BONUSES + GROWTH_SLOTS;

/// Both boards and whose turn it is.
#[derive(Debug, Clone, Copy)]
pub struct State {
    /// Each side's units, left to right (`lens[side]` of them in use).
    pub boards: [[Unit; BOARD_SIZE]; 2],
    /// Units on each side's board.
    pub lens: [u8; 2],
    /// The side to attack next (0 = A, 1 = B).
    pub turn: u8,
    /// The hero-side cards spent (a secret that fired): bit
    /// `side * MAX_HERO_CARDS + j` for card j of `side` (`Kinds::heroes`).
    pub spent: u8,
    /// Per side, per side bonus (`Kinds::bonus_index`): the attack and
    /// health every friendly minion it applies to entering from now on
    /// gets (`Action::SideBonus`; for a count, the count), at most 255
    /// each.
    pub bonus: [[[u8; 2]; MAX_BONUSES]; 2],
    /// Per side, the minions of its hand summoned this combat
    /// (`Action::SummonFromHand`), a bit each (`Combat::hands` order).
    pub hand: [u16; 2],
    /// Duos: bit `side` set once `side`'s teammate came in (`team.rs`).
    pub team: u8,
    /// Per side, the deathrattles its minions that remember them
    /// (`Action::GainDeathrattles`) gained, the latest last: a kind plus
    /// one each (0: none), the last `MEMORY` of them; a remembering
    /// unit's count says how many of the latest are its own (`memory.rs`).
    pub memory: [[u8; MEMORY]; 2],
    /// Per side, the summons waiting for room on its board (a hero-side
    /// card's `HeroCard::when_space`; `space.rs`), at most
    /// `space::MAX_WAITING`.
    pub space: [u8; 2],
    /// Per side, its avenging hero-side card's state (`Kinds::hero_avenger`,
    /// `HeroCard::avenge_left`): the friendly deaths it still awaits (0 or
    /// less: due) and how often it fired (its token's improvement).
    pub avenge: [[i8; 2]; 2],
}

/// A turn the start of combat set (`State::force_turn`): this bit and the
/// side; never left once the first turn is set.
const FORCED_TURN: u8 = 2;

/// How a combat ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Side 0 won, dealing this damage to side 1's hero.
    AWins(u32),
    /// Side 1 won, dealing this damage to side 0's hero.
    BWins(u32),
    /// Both boards emptied together (or neither can attack).
    Draw,
}

/// Checks a combat question before any state is built: tiers 1 to 7,
/// the game bonuses in range, at most `MAX_SIDE_BONUSES` things the side
/// bonuses apply to, boards of at most `BOARD_SIZE` minions of positive
/// health, tokens of health 1 to 32767, minion tiers 1 to 7.
pub(super) fn validate(c: &Combat) -> Result<()> {
    for (name, tier) in [("A", c.tiers[0]), ("B", c.tiers[1])] {
        if !(1..=7).contains(&tier) {
            return Err(Error::invalid(format!(
                "hero {name}'s tavern tier is {tier}; it must be 1 to 7"
            )));
        }
    }
    for (name, cards) in [("A", &c.heroes[0]), ("B", &c.heroes[1])] {
        if cards.len() > crate::hearthstone::model::MAX_HERO_CARDS {
            return Err(Error::invalid(format!(
                "hero {name} has {} hero-side cards (secrets, spells); at most {}",
                cards.len(),
                crate::hearthstone::model::MAX_HERO_CARDS
            )));
        }
    }
    c.bonuses[0].validate("A")?;
    c.bonuses[1].validate("B")?;
    let mut bonus_to = Vec::new();
    for m in c.a.iter().chain(&c.b) {
        for e in &m.effects {
            if let crate::hearthstone::model::Action::SideBonus { to, .. } = e.action
                && !bonus_to.contains(&to)
            {
                bonus_to.push(to);
            }
        }
    }
    validate_hands(c)?;
    super::pool::validate_random_summons(c)?;
    super::at_once::validate_at_once(c)?;
    super::battlecries::validate_battlecries(c)?;
    super::memory::validate_memory(c)?;
    super::killer::validate_killer(c)?;
    super::max_health::validate_max_health(c)?;
    super::pass_on::validate_passing(c)?;
    super::space::validate_space(c)?;
    super::heroes::validate_flanks(c)?;
    super::heroes::validate_pre_combat(c)?;
    super::hero_avenge::validate_hero_avenge(c)?;
    super::gild::validate_gilding(c)?;
    super::enchant::validate_enchanting(c)?;
    super::start::validate_first_attacker(c)?;
    if bonus_to.len() > MAX_SIDE_BONUSES {
        return Err(Error::invalid(format!(
            "the boards give bonuses to {} different tribes for the rest of the combat; at most {}",
            bonus_to.len(),
            MAX_SIDE_BONUSES
        )));
    }
    for (name, board) in [("A", &c.a), ("B", &c.b)] {
        if board.len() > crate::hearthstone::model::BOARD_SIZE {
            return Err(Error::invalid(format!(
                "board {name} has {} minions; at most {}",
                board.len(),
                crate::hearthstone::model::BOARD_SIZE
            )));
        }
        for (i, m) in board.iter().enumerate() {
            if m.health <= 0 {
                return Err(Error::invalid(format!(
                    "board {name} minion {}: health must be positive",
                    i + 1
                )));
            }
            for t in [&m.deathrattle, &m.effect_token] {
                if t.count > 0 && (t.health == 0 || t.health > i16::MAX as u16) {
                    return Err(Error::invalid(format!(
                        "board {name} minion {}: tokens need health 1 to 32767",
                        i + 1
                    )));
                }
            }
            if !(1..=7).contains(&m.tier) {
                return Err(Error::invalid(format!(
                    "board {name} minion {}: tier must be 1 to 7",
                    i + 1
                )));
            }
        }
    }
    Ok(())
}

impl State {
    /// The starting state and the kinds of minion the combat can hold,
    /// with no bonuses from earlier turns.
    pub fn new(a: &[Minion], b: &[Minion], first: u8) -> (State, Kinds) {
        Self::with_bonuses(a, b, &[GameBonuses::default(); 2], first)
    }

    /// As [`State::new`], each side with its bonuses from earlier turns.
    pub fn with_bonuses(
        a: &[Minion],
        b: &[Minion],
        bonuses: &[GameBonuses; 2],
        first: u8,
    ) -> (State, Kinds) {
        Self::with_hands(a, b, [&[], &[]], bonuses, first)
    }

    /// As [`State::with_bonuses`], each side with the minions in its hand
    /// (`Combat::hands`).
    pub fn with_hands(
        a: &[Minion],
        b: &[Minion],
        hands: [&[Minion]; 2],
        bonuses: &[GameBonuses; 2],
        first: u8,
    ) -> (State, Kinds) {
        let mut kinds = Kinds::new([a, b]);
        kinds.battlecries = super::battlecries::any_triggers([a, b], hands);
        let mut s = State {
            boards: [[Unit::default(); BOARD_SIZE]; 2],
            lens: [a.len() as u8, b.len() as u8],
            turn: first,
            spent: 0,
            bonus: [[[0; 2]; MAX_BONUSES]; 2],
            hand: [0; 2],
            team: 0,
            memory: [[0; MEMORY]; 2],
            space: [0; 2],
            avenge: [[0; 2]; 2],
        };
        for (side, board) in [a, b].into_iter().enumerate() {
            for (slot, m) in board.iter().enumerate() {
                s.boards[side][slot] = kinds.unit(m);
            }
        }
        kinds.add_golden_forms([a, b]);
        for (side, hand) in hands.into_iter().enumerate() {
            let board = if side == 0 { a } else { b };
            kinds.hands[side] = Hand::new(&mut kinds, hand, board);
        }
        kinds.add_game_bonuses(bonuses);
        // The stats given are the minions' own: each aura is added to them
        // (as Firestone adds an aura a minion's enchantments lack). The
        // game's bonuses are in them already.
        if kinds.any(Flag::Auras) {
            for side in 0..2 {
                let all = ((1u16 << s.lens[side]) - 1) as u8;
                s.enter_auras(&kinds, side, all, 0, false);
            }
        }
        (s, kinds)
    }

    /// The units of `side` (0 = A, 1 = B), left to right.
    pub fn board(&self, side: usize) -> &[Unit] {
        &self.boards[side][..self.lens[side] as usize]
    }

    pub(super) fn can_attack(&self, side: usize) -> bool {
        self.board(side).iter().any(|m| m.attack > 0)
    }

    /// The end of the combat, if it has ended.
    pub fn outcome(&self, kinds: &Kinds, hero_tiers: [u32; 2]) -> Option<Outcome> {
        match kinds.team.as_deref() {
            Some(team) => self.team_outcome(kinds, team),
            None => self.plain_outcome(kinds, hero_tiers),
        }
    }

    /// `outcome` with no Duos teammates (the engines' loops pick it once
    /// per combat: `State::outcome_as`).
    #[inline]
    pub(super) fn plain_outcome(&self, kinds: &Kinds, hero_tiers: [u32; 2]) -> Option<Outcome> {
        let damage = |side: usize| {
            // Tiers are checked to be 1..=7, so this stays below 64; the
            // saturating sum keeps any unchecked caller from wrapping.
            let minions = self.board(side).iter().map(|m| kinds.tier(m)).sum::<u32>();
            hero_tiers[side].saturating_add(minions)
        };
        match (self.lens[0], self.lens[1]) {
            (0, 0) => Some(Outcome::Draw),
            (_, 0) => Some(Outcome::AWins(damage(0))),
            (0, _) => Some(Outcome::BWins(damage(1))),
            _ if !self.can_attack(0) && !self.can_attack(1) => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// Ends the attacking minion's turn: the other side is up.
    pub fn finish_turn(&mut self, side: usize) {
        self.turn = (1 - side) as u8;
    }

    /// In the start of combat: `side` attacks first, whatever the minion
    /// counts say once it is over (`Action::FlanksAttack`; the turn is
    /// set only after the start of combat, `start::first_states`).
    pub(super) fn force_turn(&mut self, side: usize) {
        self.turn = FORCED_TURN | side as u8;
    }

    /// The side the start of combat made attack first, if it did
    /// (`State::force_turn`).
    #[inline]
    pub(super) fn forced_turn(&self) -> Option<u8> {
        (self.turn & FORCED_TURN != 0).then_some(self.turn & 1)
    }
}
