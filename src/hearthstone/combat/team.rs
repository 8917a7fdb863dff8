//! Duos fights (`Combat::teammates`): when a side's board is wiped out
//! and its teammate has not fought yet, the teammate's warband comes in
//! and fights on against the enemy's survivors, as Firestone plays it:
//!
//! - the teammate's board enters whole (its auras met as a starting
//!   board's), and it brings its own player: tier, hero-side cards, hand,
//!   bonuses from earlier turns; what the fallen player's side counted in
//!   this combat (side bonuses, secrets spent, minions summoned from the
//!   hand, deaths) starts afresh;
//! - only the newcomer has its start of combat (the survivors' side had
//!   its own); then the side with more minions attacks first (a coin flip
//!   when even), and the survivors keep their place in their attack
//!   order;
//! - both boards wiped out at once bring both teammates in; so does a
//!   board left unable to attack facing another (Firestone clears both);
//!   a side with no teammate at all (none given) ends the fight at once,
//!   its opponent's teammate, if it came in, winning without its start of
//!   combat;
//! - the winner deals its player's tier, its survivors' tiers, and, if its
//!   teammate never came in, the tiers of the teammate's first minions
//!   that would fit beside the survivors (7 in all).
//!
//! The teammates' boards are fixed input: the exact engine's state holds a
//! bit per side (`State::team`), and the kinds of each pairing of players
//! are made once (`Team::views`), all with the same kinds of minion.

use super::chooser::Chooser;
use super::flags::Flag;
use super::hand::Hand;
use super::kinds::{Kinds, Player};
use super::start::first_attacker;
use super::state::{MAX_BONUSES, Outcome, State};
use super::unit::Unit;
use super::{Combat, Teammate, validate};
use crate::error::{Error, Result};
use crate::hearthstone::model::{BOARD_SIZE, MAX_HERO_CARDS, Minion, Trigger};

/// The teammates of a Duos combat, in its root `Kinds` (`Kinds::team`).
#[derive(Debug, Clone)]
pub(super) struct Team {
    /// The kinds with the teammate of side A (bit 0 of `State::team`), of
    /// side B (bit 1), or both, in: `views[team - 1]` (the root kinds are
    /// the first players').
    views: [Kinds; 3],
    /// Each side's teammate's board as it enters, and its length.
    mates: [[Unit; BOARD_SIZE]; 2],
    mate_lens: [u8; 2],
    /// Which sides were given a teammate.
    has_mate: [bool; 2],
    /// Per side, the tier of its first player and of its teammate.
    tiers: [[u32; 2]; 2],
    /// Per side, the tiers of its teammate's first `n` minions, summed
    /// (`n` = 0 to 7).
    mate_damage: [[u32; BOARD_SIZE + 1]; 2],
    /// Per side, the potential of its teammate's board as it enters (the
    /// exact engine's order counts it while the teammate is to come).
    mate_potential: [u32; 2],
    /// Some teammate's hand is summoned from mid-combat.
    summons_from_hand: bool,
}

impl Team {
    /// The kinds for the players `team` (`State::team`) of the combat
    /// whose root kinds are `root`.
    #[inline]
    pub(super) fn view<'a>(&'a self, root: &'a Kinds, team: u8) -> &'a Kinds {
        match team {
            0 => root,
            t => &self.views[(t as usize - 1) % 3],
        }
    }

    /// The potential of the teammates still to come.
    pub(super) fn potential_to_come(&self, team: u8) -> u32 {
        (0..2)
            .filter(|&s| team & 1 << s == 0)
            .map(|s| self.mate_potential[s])
            .sum()
    }

    /// Some teammate's hand is summoned from mid-combat (`State::hand`).
    pub(super) fn summons_from_hand(&self) -> bool {
        self.summons_from_hand
    }
}

/// The starting state and root kinds of a Duos combat (some side has a
/// teammate): every board's minions interned together, each player's part
/// of the kinds made, the views of each pairing built.
pub(super) fn setup(c: &Combat) -> Result<(State, Kinds)> {
    validate_teammates(c)?;
    let none = Teammate::default();
    let mate = |s: usize| c.teammates[s].as_ref().unwrap_or(&none);
    let mains = [c.a.as_slice(), c.b.as_slice()];
    let all: [Vec<Minion>; 2] = [0, 1].map(|s| [mains[s], &mate(s).board].concat());
    let mut kinds = Kinds::new([&all[0], &all[1]]);
    let mut start = State {
        boards: [[Unit::default(); BOARD_SIZE]; 2],
        lens: [0; 2],
        turn: 0,
        spent: 0,
        bonus: [[[0; 2]; MAX_BONUSES]; 2],
        hand: [0; 2],
        team: 0,
        memory: Default::default(),
        space: [0; 2],
        avenge: [[0; 2]; 2],
    };
    let mut mates = [[Unit::default(); BOARD_SIZE]; 2];
    for s in 0..2 {
        for (slot, m) in mains[s].iter().enumerate() {
            start.boards[s][slot] = kinds.unit(m);
        }
        start.lens[s] = mains[s].len() as u8;
        for (slot, m) in mate(s).board.iter().enumerate() {
            mates[s][slot] = kinds.unit(m);
        }
    }
    // The teammates' parts first, kept; then the first players'.
    let mate_hands = [0, 1].map(|s| Hand::new(&mut kinds, &mate(s).hand, &mate(s).board));
    kinds.add_heroes(&[mate(0).heroes.clone(), mate(1).heroes.clone()]);
    kinds.add_game_bonuses(&[mate(0).bonuses, mate(1).bonuses]);
    kinds.set_tiers([mate(0).tier, mate(1).tier]);
    let mut players: [Player; 2] = [0, 1].map(|s| kinds.player(s));
    for (p, hand) in players.iter_mut().zip(mate_hands) {
        p.hand = hand;
    }
    kinds.clear_players();
    for (s, main) in mains.iter().enumerate() {
        kinds.hands[s] = Hand::new(&mut kinds, &c.hands[s], main);
    }
    kinds.add_heroes(&c.heroes);
    kinds.add_game_bonuses(&c.bonuses);
    kinds.set_tiers(c.tiers);
    if kinds.overflowed {
        return Err(Error::invalid(
            "the Duos boards and hands hold more kinds of minion than the engine can (128)",
        ));
    }
    // A teammate's start of combat comes mid-combat: the exact engine
    // orders its states by turns when it may raise the potential.
    let mates_act = (0..2).any(|s| {
        mate_hands[s].acts_at_start()
            || mate(s).board.iter().any(has_start_of_combat)
            || mate(s)
                .heroes
                .iter()
                .any(|h| h.effect.trigger == Trigger::StartOfCombat)
    });
    if mates_act {
        kinds.raise_potential();
    }
    if kinds.any(Flag::Auras) {
        for side in 0..2 {
            let all = ((1u16 << start.lens[side]) - 1) as u8;
            start.enter_auras(&kinds, side, all, 0, false);
        }
    }
    let views = [1, 2, 3].map(|team: usize| {
        let mut view = kinds.clone();
        for (s, p) in players.iter().enumerate() {
            if team & 1 << s != 0 {
                view.set_player(s, p);
            }
        }
        view
    });
    let mut team = Team {
        views,
        mates,
        mate_lens: [0, 1].map(|s| mate(s).board.len() as u8),
        has_mate: [0, 1].map(|s| c.teammates[s].is_some()),
        tiers: [0, 1].map(|s| [c.tiers[s], mate(s).tier]),
        mate_damage: [0, 1].map(|s| tier_sums(&mate(s).board)),
        mate_potential: [0; 2],
        summons_from_hand: mate_hands.iter().any(Hand::summons_mid_combat),
    };
    for s in 0..2 {
        let mut scratch = start;
        scratch.bring_in(&team, &kinds, s);
        team.mate_potential[s] = scratch.board(s).iter().map(|u| kinds.potential(u)).sum();
    }
    kinds.team = Some(Box::new(team));
    Ok((start, kinds))
}

/// The tiers of the first `n` minions of `board` summed, for `n` = 0 to
/// 7.
fn tier_sums(board: &[Minion]) -> [u32; BOARD_SIZE + 1] {
    let mut sums = [0; BOARD_SIZE + 1];
    for n in 1..=BOARD_SIZE {
        sums[n] = sums[n - 1] + board.get(n - 1).map_or(0, |m| u32::from(m.tier));
    }
    sums
}

/// A minion with a start-of-combat effect.
fn has_start_of_combat(m: &Minion) -> bool {
    m.effects
        .iter()
        .any(|e| e.trigger == Trigger::StartOfCombat)
}

/// Checks each teammate as `validate` checks a side (tier, board, bonuses,
/// hero-side cards, hand), and the side bonuses of all four boards
/// together.
fn validate_teammates(c: &Combat) -> Result<()> {
    for (s, name) in ["A", "B"].into_iter().enumerate() {
        let Some(m) = &c.teammates[s] else { continue };
        let alone = Combat {
            a: m.board.clone(),
            b: Vec::new(),
            tiers: [m.tier, 1],
            bonuses: [m.bonuses, Default::default()],
            heroes: [m.heroes.clone(), Vec::new()],
            hands: [m.hand.clone(), Vec::new()],
            teammates: [None, None],
        };
        validate(&alone)
            .map_err(|e| Error::invalid(format!("{name}'s Duos teammate: {}", e.message())))?;
    }
    // Side bonuses take places shared by all the players.
    let mut bonus_to = Vec::new();
    for m in
        c.a.iter()
            .chain(&c.b)
            .chain(c.teammates.iter().flatten().flat_map(|t| &t.board))
    {
        for e in &m.effects {
            if let crate::hearthstone::model::Action::SideBonus { to, .. } = e.action
                && !bonus_to.contains(&to)
            {
                bonus_to.push(to);
            }
        }
    }
    if bonus_to.len() > super::state::MAX_SIDE_BONUSES {
        return Err(Error::invalid(format!(
            "the Duos boards give bonuses to {} different tribes for the rest of the combat; at most {}",
            bonus_to.len(),
            super::state::MAX_SIDE_BONUSES
        )));
    }
    Ok(())
}

impl State {
    /// `side`'s teammate comes in: its board as it enters (auras met),
    /// its side's counts of this combat afresh.
    fn bring_in(&mut self, team: &Team, root: &Kinds, side: usize) {
        self.boards[side] = team.mates[side];
        self.lens[side] = team.mate_lens[side];
        self.team |= 1 << side;
        let cards = ((1u16 << MAX_HERO_CARDS) - 1) as u8;
        self.spent &= !(cards << (side * MAX_HERO_CARDS));
        self.bonus[side] = [[0; 2]; MAX_BONUSES];
        self.hand[side] = 0;
        let kinds = team.view(root, self.team);
        if kinds.any(Flag::Auras) && self.lens[side] > 0 {
            let all = ((1u16 << self.lens[side]) - 1) as u8;
            self.enter_auras(kinds, side, all, 0, false);
        }
    }

    /// After a turn or the start of combat of a Duos fight: while a board
    /// is wiped out (or neither side can attack) and a teammate is to
    /// come, it comes in and has its start of combat (Firestone's next
    /// pass). True when one came in (the caller draws the first
    /// attacker).
    pub(super) fn settle_team(&mut self, root: &Kinds, chooser: &mut impl Chooser) -> bool {
        let Some(team) = root.team.as_deref() else {
            return false;
        };
        let mut came = false;
        loop {
            let empty = [self.lens[0] == 0, self.lens[1] == 0];
            let stuck = !empty[0] && !empty[1] && !self.can_attack(0) && !self.can_attack(1);
            let defeated = if stuck { [true; 2] } else { empty };
            let first = |s: usize| self.team & 1 << s == 0;
            let fresh = [0, 1].map(|s| defeated[s] && first(s) && team.has_mate[s]);
            if fresh == [false; 2] {
                return came;
            }
            // A defeated side without any teammate ends Firestone's fight
            // at once.
            let stop = (0..2).any(|s| defeated[s] && first(s) && !team.has_mate[s]);
            if stuck {
                self.lens = [0; 2];
            }
            for (s, &f) in fresh.iter().enumerate() {
                if f {
                    self.bring_in(team, root, s);
                }
            }
            came = true;
            if stop {
                return true;
            }
            let kinds = team.view(root, self.team);
            self.start_of_combat_of(kinds, fresh, chooser);
        }
    }

    /// One turn of `side`'s `attacker` with the players of the state's
    /// `team`, then the teammates that come in (out of line: Duos only).
    #[inline(never)]
    pub(super) fn team_turn(
        &mut self,
        root: &Kinds,
        team: &Team,
        (side, attacker): (usize, usize),
        chooser: &mut impl Chooser,
    ) {
        self.take_turn(team.view(root, self.team), side, attacker, chooser);
        if self.settle_team(root, chooser) {
            self.turn = first_attacker(self.lens, chooser);
        }
    }

    /// The end of a Duos fight, if it has ended (`State::outcome`): the
    /// winner deals its player's tier, its survivors' tiers, and those of
    /// its teammate's first minions that fit beside them if it never came
    /// in.
    pub(super) fn team_outcome(&self, kinds: &Kinds, team: &Team) -> Option<Outcome> {
        let damage = |side: usize| {
            let came = usize::from(self.team & 1 << side != 0);
            let minions = self.board(side).iter().map(|m| kinds.tier(m)).sum::<u32>();
            let room = BOARD_SIZE - self.lens[side] as usize;
            let unused = if came == 0 {
                team.mate_damage[side][room]
            } else {
                0
            };
            team.tiers[side][came].saturating_add(minions + unused)
        };
        match (self.lens[0], self.lens[1]) {
            (0, 0) => Some(Outcome::Draw),
            (_, 0) => Some(Outcome::AWins(damage(0))),
            (0, _) => Some(Outcome::BWins(damage(1))),
            _ if !self.can_attack(0) && !self.can_attack(1) => Some(Outcome::Draw),
            _ => None,
        }
    }
}

impl State {
    /// One turn (`take_turn`), and in Duos the teammates that come in.
    #[inline(always)]
    pub(super) fn play_turn(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        chooser: &mut impl Chooser,
    ) {
        match kinds.team.as_deref() {
            None => self.take_turn(kinds, side, attacker, chooser),
            Some(team) => self.team_turn(kinds, team, (side, attacker), chooser),
        }
    }

    /// `play_turn` for a combat known to have teammates (`DUOS`) or none:
    /// the engines' loops choose once per combat, so that combats without
    /// teammates test nothing per turn.
    #[inline(always)]
    pub(super) fn play_turn_as<const DUOS: bool>(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        chooser: &mut impl Chooser,
    ) {
        if DUOS {
            self.play_turn(kinds, side, attacker, chooser);
        } else {
            self.take_turn(kinds, side, attacker, chooser);
        }
    }

    /// `outcome` for a combat known to have teammates (`DUOS`) or none.
    #[inline(always)]
    pub(super) fn outcome_as<const DUOS: bool>(
        &self,
        kinds: &Kinds,
        hero_tiers: [u32; 2],
    ) -> Option<Outcome> {
        if DUOS {
            self.outcome(kinds, hero_tiers)
        } else {
            self.plain_outcome(kinds, hero_tiers)
        }
    }
}
