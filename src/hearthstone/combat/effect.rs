//! Combat effects as data: a trigger and an action, read from a card's
//! text by `cards::effects` and applied by the rules (`rules.rs`) at start
//! of combat and on attacks. Random choices go through a [`Chooser`]: the
//! Monte Carlo engine draws them, the exact engine enumerates them with
//! their probabilities.

use super::rules::{POISON, SHIELD, State, Unit, VENOM};

/// Effects a minion can carry.
pub const MAX_EFFECTS: usize = 2;

/// When an effect fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Trigger {
    #[default]
    Never,
    /// Once, before the first attack ("Start of Combat:").
    StartOfCombat,
    /// Whenever this minion attacks, before the damage ("Rally:").
    Rally,
    /// Whenever a friendly minion of `tribes` attacks (any tribe when 0),
    /// before the damage; this minion's own attacks too unless `other`.
    FriendlyAttacks { tribes: u16, other: bool },
}

/// Whom an action reaches, on the side of the minion whose effect it is
/// unless it says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Target {
    /// The minion itself.
    #[default]
    This,
    /// The friendly minion whose attack fired the trigger.
    Attacker,
    /// Every friendly minion of `tribes` (any tribe when 0), itself too
    /// unless `other`.
    Friendly { tribes: u16, other: bool },
    /// `count` distinct friendly minions of `tribes` drawn at random, not
    /// itself when `other`. With `lacking` keywords: drawn among those
    /// without them, and when `strict` only among those (else the rest
    /// when none lacks them).
    Random {
        tribes: u16,
        other: bool,
        count: u8,
        lacking: u8,
        strict: bool,
    },
    /// Every minion of both boards but itself.
    AllOthers,
}

/// What an effect does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Action {
    #[default]
    Nothing,
    /// Stats and keywords added.
    Buff {
        target: Target,
        attack: u16,
        health: u16,
        keywords: u8,
    },
    /// Damage dealt (a shield absorbs it).
    Damage { target: Target, amount: u16 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Effect {
    pub trigger: Trigger,
    pub action: Action,
}

impl Effect {
    /// An effect that may raise a minion's health, shield or reborn after
    /// the combat began (so the exact engine cannot order states by
    /// `Kinds::potential`).
    pub fn raises_potential(&self) -> bool {
        self.trigger != Trigger::StartOfCombat
            && matches!(self.action, Action::Buff { health, keywords, .. }
                if health > 0 || keywords & (SHIELD | super::rules::REBORN) != 0)
    }

    /// Can change a minion's attack or keywords after the combat began.
    pub fn changes_units(&self) -> bool {
        self.trigger != Trigger::Never && self.action != Action::Nothing
    }
}

/// A source of the random choices effects and attacks make.
pub trait Chooser {
    /// One of `n` (>= 1) equally likely choices.
    fn pick(&mut self, n: u32) -> u32;
}

impl Chooser for crate::rng::Rng {
    #[inline]
    fn pick(&mut self, n: u32) -> u32 {
        self.below(n)
    }
}

/// Enumerates every sequence of choices a step can make, as an odometer:
/// run the step, read its probability, `advance`, until it says done.
/// Each run replays the choices of the sequence so far and takes the first
/// option at every new one.
#[derive(Debug, Clone, Default)]
pub struct Odometer {
    /// (choice, options) of the current sequence.
    picks: Vec<(u32, u32)>,
    at: usize,
}

impl Odometer {
    pub fn new() -> Odometer {
        Odometer::default()
    }

    /// Forgets every sequence: the next run starts a new enumeration
    /// (one odometer serves many, without allocating again).
    pub fn reset(&mut self) {
        self.picks.clear();
        self.at = 0;
    }

    /// Starts a run of the current sequence.
    pub fn rewind(&mut self) {
        self.at = 0;
    }

    /// The probability of the run just made.
    pub fn probability(&self) -> f64 {
        self.picks[..self.at]
            .iter()
            .fold(1.0, |p, &(_, n)| p / f64::from(n))
    }

    /// The next sequence; false when every one has been run.
    pub fn advance(&mut self) -> bool {
        self.picks.truncate(self.at);
        while let Some(last) = self.picks.last_mut() {
            last.0 += 1;
            if last.0 < last.1 {
                return true;
            }
            self.picks.pop();
        }
        false
    }
}

impl Chooser for Odometer {
    fn pick(&mut self, n: u32) -> u32 {
        debug_assert!(n >= 1);
        let choice = if self.at < self.picks.len() {
            debug_assert_eq!(self.picks[self.at].1, n, "a replay made other choices");
            self.picks[self.at].0
        } else {
            self.picks.push((0, n));
            0
        };
        self.at += 1;
        choice
    }
}

/// Adds a buff to a unit.
fn buff(u: &mut Unit, attack: u16, health: u16, keywords: u8) {
    u.attack = u.attack.saturating_add(attack);
    u.health = u.health.saturating_add(health.min(i16::MAX as u16) as i16);
    u.keywords |= keywords;
}

impl State {
    /// Applies `action` of the unit at `source` on `side`; `attacker` is
    /// the friendly attacker that fired it, if any. Returns true when it
    /// dealt damage (deaths to resolve).
    pub(super) fn apply(
        &mut self,
        tribes_of: &impl Fn(&Unit) -> u16,
        side: usize,
        source: usize,
        attacker: Option<usize>,
        action: Action,
        chooser: &mut impl Chooser,
    ) -> bool {
        let of_tribe = |u: &Unit, tribes: u16| tribes == 0 || tribes_of(u) & tribes != 0;
        match action {
            Action::Nothing => false,
            Action::Buff {
                target,
                attack,
                health,
                keywords,
            } => {
                let len = self.lens[side] as usize;
                match target {
                    Target::This => buff(&mut self.boards[side][source], attack, health, keywords),
                    Target::Attacker => {
                        if let Some(a) = attacker {
                            buff(&mut self.boards[side][a], attack, health, keywords);
                        }
                    }
                    Target::Friendly { tribes, other } => {
                        for i in 0..len {
                            let u = self.boards[side][i];
                            if (!other || i != source) && u.health > 0 && of_tribe(&u, tribes) {
                                buff(&mut self.boards[side][i], attack, health, keywords);
                            }
                        }
                    }
                    Target::Random {
                        tribes,
                        other,
                        count,
                        lacking,
                        strict,
                    } => {
                        let mut taken = [false; super::rules::BOARD_SIZE];
                        for _ in 0..count {
                            let eligible = |i: usize, need_lacking: bool| {
                                let u = &self.boards[side][i];
                                !taken[i]
                                    && (!other || i != source)
                                    && u.health > 0
                                    && of_tribe(u, tribes)
                                    && (!need_lacking || u.keywords & lacking == 0)
                            };
                            let mut pool = [0usize; super::rules::BOARD_SIZE];
                            let mut n = 0;
                            for need in [lacking != 0, false] {
                                for i in 0..len {
                                    if eligible(i, need) {
                                        pool[n] = i;
                                        n += 1;
                                    }
                                }
                                if n > 0 || strict || lacking == 0 {
                                    break;
                                }
                            }
                            if n == 0 {
                                break;
                            }
                            let i = pool[chooser.pick(n as u32) as usize];
                            taken[i] = true;
                            buff(&mut self.boards[side][i], attack, health, keywords);
                        }
                    }
                    Target::AllOthers => {
                        for s in 0..2 {
                            for i in 0..self.lens[s] as usize {
                                if (s, i) != (side, source) {
                                    buff(&mut self.boards[s][i], attack, health, keywords);
                                }
                            }
                        }
                    }
                }
                false
            }
            Action::Damage { target, amount } => {
                debug_assert_eq!(target, Target::AllOthers, "only damage to all is read");
                // The source's poison reaches effect damage too, and its
                // venom the first minion the damage lands on (Firestone's
                // order: one board then the other, which first at random).
                let keywords = self.boards[side][source].keywords;
                let poison = keywords & POISON != 0;
                let mut venom = !poison && keywords & VENOM != 0;
                let first = if venom {
                    (side + chooser.pick(2) as usize) % 2
                } else {
                    side
                };
                let mut landed = false;
                for s in [first, 1 - first] {
                    for i in 0..self.lens[s] as usize {
                        if (s, i) != (side, source) {
                            let hit =
                                super::rules::hit(&mut self.boards[s][i], amount, poison || venom);
                            if hit && venom {
                                venom = false;
                                self.boards[side][source].keywords &= !VENOM;
                            }
                            landed |= hit;
                        }
                    }
                }
                landed
            }
        }
    }
}
