//! Battlegrounds combat odds: exact probabilities of win, draw and loss and
//! of the damage dealt, with the real keywords, and a Monte Carlo engine
//! on the same rules.
//!
//! The engine is laid out as the game runs a combat. What a minion is in
//! combat and both boards (`unit.rs`, `state.rs`), and what never changes
//! for a kind of minion (`kinds.rs`), with the flags every phase reads,
//! folded from one classification of triggers and actions (`flags.rs`);
//! the start of combat (`start.rs`); an attack: the target,
//! the exchange (`attack.rs`), what hears a minion attacked
//! (`attacked.rs`); damage and what hears it (`damage.rs`);
//! deaths, deathrattles and reborn (`deaths.rs`); the hero-side cards,
//! secrets and lingering spells (`heroes.rs`); triggers firing
//! (`listeners.rs`); stat auras and side bonuses (`auras.rs`); what an
//! effect does (`act.rs`), its random choices (`chooser.rs`); counts a
//! side keeps all game (`growth.rs`); the hands (`hand.rs`); Duos teammates
//! coming in (`team.rs`). The exact solver (`exact.rs`, with
//! its keys and layers: `key.rs`, `layer.rs`, its cost estimate:
//! `cost.rs`) and Monte Carlo (`monte_carlo.rs`) both step through the
//! same turn and sum the ends alike (`tally.rs`); `policy.rs` picks
//! between them, `trace.rs` tells one sampled combat. The rules name no
//! card (a test checks it): what a card does is data of the vocabulary
//! (`hearthstone::model`), and boards written by card name are read by
//! `hearthstone::notation`.

mod act;
mod at_once;
mod attack;
mod attacked;
mod auras;
mod battlecries;
mod chooser;
mod cost;
mod damage;
mod deaths;
mod enchant;
mod exact;
mod flags;
mod gild;
mod growth;
mod hand;
mod hero_avenge;
mod heroes;
mod key;
mod killer;
mod kinds;
mod layer;
mod listeners;
mod max_health;
mod memory;
mod monte_carlo;
mod pass_on;
mod policy;
mod pool;
pub mod positioning;
mod space;
mod start;
mod state;
mod tally;
mod team;
pub mod trace;
mod unit;

pub use crate::hearthstone::model::{
    GameBonuses, HeroCard, MAX_GAME_BONUS, MAX_HERO_CARDS, Minion, Token,
};
pub use crate::hearthstone::notation::{parse_board, parse_hand};
pub use chooser::{Chooser, Odometer};
pub use exact::{DEFAULT_MAX_STATES, combat_exact, combat_exact_with_threads};
pub use kinds::Kinds;
pub use monte_carlo::combat_monte_carlo;
pub use policy::{
    CombatMode, CombatOptions, DEFAULT_SAMPLES, max_states_or_default, samples_or_default, simulate,
};
pub use positioning::{
    BestOrder, BestOrderOptions, Objective, RankedOrder, best_order, distinct_orders,
};
pub use state::{MAX_BONUSES, MAX_SIDE_BONUSES, Outcome, State};
pub use unit::{ATTACKED, PASSED_OVER, UNMARKED, Unit};

use state::validate;

/// What of `m`'s effects the engine does not play when a card summons it
/// whole mid-combat (`HeroCard::minion`: Embrace Your Rage), if any: the
/// effects a random summon's card may not have (`pool.rs`), and a random
/// summon of its own.
pub(crate) fn unplayed_when_summoned(m: &Minion) -> Option<&'static str> {
    if pool::summons_at_random(m) {
        return Some("random summon");
    }
    pool::unplayed(m)
}

/// A combat question.
#[derive(Debug, Clone)]
pub struct Combat {
    /// Side A's board, left to right (at most 7 minions).
    pub a: Vec<Minion>,
    /// Side B's board, left to right (at most 7 minions).
    pub b: Vec<Minion>,
    /// Each side's tavern tier (damage to the loser's hero starts there).
    pub tiers: [u32; 2],
    /// Each side's bonuses from earlier turns (none by default).
    pub bonuses: [GameBonuses; 2],
    /// Each side's hero-side cards that act in combat, in the order the
    /// game state lists them: secrets and lingering spells (none by
    /// default; `cards::hero_card` makes one from its card id and script
    /// numbers), at most `MAX_HERO_CARDS` a side.
    pub heroes: [Vec<HeroCard>; 2],
    /// The minions in each side's hand, left to right, with their stats
    /// and keywords there (at most 10; none by default): read by the
    /// cards that act from the hand or read it
    /// (`Action::SummonCopyFromHand`, `GainHandStats`, `GainHandAttack`).
    /// Other cards of a hand are left out.
    pub hands: [Vec<Minion>; 2],
    /// Duos: each side's teammate (none by default). When a side's board
    /// is wiped out, its teammate's warband comes in and fights on
    /// against the enemy's survivors (`team.rs`).
    pub teammates: [Option<Teammate>; 2],
}

/// A Duos teammate: a side as `Combat` has one (board, tier, bonuses,
/// hero-side cards, hand), fighting once its partner's board is wiped
/// out.
#[derive(Debug, Clone, Default)]
pub struct Teammate {
    /// The teammate's board, left to right (at most 7 minions; may be
    /// empty).
    pub board: Vec<Minion>,
    /// The teammate's tavern tier (1 to 7).
    pub tier: u32,
    /// The teammate's bonuses from earlier turns.
    pub bonuses: GameBonuses,
    /// The teammate's secrets and lingering spells (`Combat::heroes`).
    pub heroes: Vec<HeroCard>,
    /// The minions in the teammate's hand (`Combat::hands`).
    pub hand: Vec<Minion>,
}

impl Combat {
    /// Boards A and B with tavern tiers, no bonuses from earlier turns.
    pub fn new(a: Vec<Minion>, b: Vec<Minion>, tiers: [u32; 2]) -> Combat {
        Combat {
            a,
            b,
            tiers,
            bonuses: [GameBonuses::default(); 2],
            heroes: Default::default(),
            hands: [Vec::new(), Vec::new()],
            teammates: [None, None],
        }
    }

    /// Some side has a Duos teammate.
    pub fn has_teammates(&self) -> bool {
        self.teammates.iter().any(Option::is_some)
    }
}

impl Combat {
    /// Checks the hands (`Combat::hands`) as the engines will: at most 10
    /// cards of positive health, and no card that changes a hand in
    /// combat beside a minion that reads it (named).
    pub fn check_hands(&self) -> crate::error::Result<()> {
        hand::validate_hands(self)
    }

    /// Checks the battlecries triggered in combat as the engines will: a
    /// side with a minion that triggers battlecries holds no battlecry
    /// (nor listener) Firestone plays there that the engine does not
    /// (named), and no minion that reads the hand.
    pub fn check_battlecries(&self) -> crate::error::Result<()> {
        battlecries::validate_battlecries(self)
    }

    /// Checks the minions that gain deathrattles as the
    /// engines will: refused beside what the engine does not play with
    /// them (named), and where a side could gain more than it keeps.
    pub fn check_remembered_deathrattles(&self) -> crate::error::Result<()> {
        memory::validate_memory(self)
    }

    /// Checks the minions that make minions golden as the engines will:
    /// refused (named) beside what the engine cannot make golden or
    /// follow once golden.
    pub fn check_gilding(&self) -> crate::error::Result<()> {
        gild::validate_gilding(self)
    }

    /// Checks everything the engines check before they start (the
    /// checks above among them), with the same errors: a combat that
    /// passes is refused by neither engine for what it holds (budgets
    /// aside).
    pub fn check(&self) -> crate::error::Result<()> {
        validate(self)?;
        start::setup(self).map(|_| ())
    }

    /// Checks the hero-side cards as the engines will: a secret that
    /// copies a minion (Pack Tactics) stands beside no stat aura, no bonus
    /// to minions summoned and no Duos teammate (named).
    pub fn check_heroes(&self) -> crate::error::Result<()> {
        if start::copier(self).is_none() {
            return Ok(());
        }
        validate(self)?;
        start::setup(self).map(|_| ())
    }
}

/// The answer.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatResult {
    /// P(A wins).
    pub win: f64,
    /// P(draw).
    pub draw: f64,
    /// P(B wins).
    pub loss: f64,
    /// `damage_to_b[d]` = P(A wins dealing d); damage_to_a likewise.
    pub damage_to_b: Vec<f64>,
    /// `damage_to_a[d]` = P(B wins dealing d to A's hero).
    pub damage_to_a: Vec<f64>,
    /// Expected surviving minions of A and of B.
    pub survivors: [f64; 2],
    /// Whether the answer is exact (else sampled).
    pub exact: bool,
    /// Distinct states expanded (exact) or combats sampled (Monte Carlo).
    pub states: u64,
    /// Standard error of `win` (0 when exact).
    pub stderr: f64,
}

impl CombatResult {
    /// P(A wins dealing at least `health` to B's hero): B's lethal chance
    /// (health and armor together; 0 or less means any win is lethal).
    pub fn lethal_to_b(&self, health: i32) -> f64 {
        lethal(&self.damage_to_b, health)
    }

    /// P(B wins dealing at least `health` to A's hero).
    pub fn lethal_to_a(&self, health: i32) -> f64 {
        lethal(&self.damage_to_a, health)
    }
}

/// The mass of a damage distribution at `health` or more (0, not the
/// -0 an empty `f64` sum gives, when no damage reaches it).
fn lethal(damage: &[f64], health: i32) -> f64 {
    let from = health.max(0) as usize;
    damage.iter().skip(from).fold(0.0, |sum, p| sum + p)
}

/// Turns a combat may take: effects can make one endless, and Firestone
/// stops one at 400 attacks as a draw; both engines do the same.
const MAX_TURNS: usize = 400;

#[cfg(test)]
mod attacked_tests;
#[cfg(test)]
mod copy_best_tests;
#[cfg(test)]
mod effect_tests;
#[cfg(test)]
mod hero_power_tests;
#[cfg(test)]
mod hero_tests;
#[cfg(test)]
mod listener_tests;
#[cfg(test)]
mod max_health_tests;
#[cfg(test)]
mod pass_on_tests;
#[cfg(test)]
mod pool_tests;
#[cfg(test)]
mod space_tests;
#[cfg(test)]
mod team_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod trigger_tests;
