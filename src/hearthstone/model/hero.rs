//! What a hero's side brings to combat beside its minions: its secrets
//! and lingering spells (Fleeting Vigor, Upper Hand), each one card with
//! one effect, its numbers filled in from the game state (the script
//! numbers of the JSON). Hero powers, trinkets and quest rewards are to
//! join them as more hero-side cards of the same shape.

use super::effect::Effect;
use super::minion::{Minion, Token};

/// Hero-side cards that act in combat one side may hold (`State::spent`
/// keeps a bit for each).
pub const MAX_HERO_CARDS: usize = 4;

/// One hero-side card that acts in combat: a trigger and an action, as a
/// minion's effect, fired by the engine with no minion as its source
/// (`Target::Friendly` reaches the side's minions, `Target::RandomEnemy`
/// the other side's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct HeroCard {
    /// Its card id (`BG28_519`).
    pub id: &'static str,
    /// Its English name.
    pub name: &'static str,
    /// What it does, and when.
    pub effect: Effect,
    /// What an `Action::Summon` of it summons (count 0: none), at the
    /// right end of its side's board.
    pub token: Token,
    /// Spent once it fired (a secret); else it fires whenever triggered.
    pub once: bool,
    /// Its token attacks at once when summoned (Toxic Tumbleweed's
    /// Tumbling Assassin), then counts as having attacked this round.
    pub attacks_at_once: bool,
    /// Its summon waits for room (Boon of Beetles): its start of combat
    /// sets its side's waiting summons to the `Action::Summon`'s count,
    /// and whenever its board has room (after each start-of-combat step
    /// and each death phase) a token enters at the right end for each,
    /// one by one.
    pub when_space: bool,
    /// A pre-combat hero power (Ozumat's Tentacular): its start of combat
    /// fires before the other hero-side cards, and the summon-when-space
    /// step follows at once; a combat with one picks its first attacker
    /// by the minion counts after the start of combat (Firestone's step
    /// then asks for it again).
    pub pre_combat: bool,
    /// What an `Action::Summon` of it summons instead of its token: a
    /// whole minion of a card, with its own effects (Embrace Your Rage's
    /// card, the hero power's info), at the right end of its side.
    pub minion: Option<Minion>,
    /// A start-of-combat hero power (Firestone's hero power phase: after
    /// the flank attacks, before the secrets and spells, a random side
    /// first when both have one; Aim Low!).
    pub hero_power: bool,
    /// Its summon waiting for room is an exact copy of the minion its
    /// start of combat destroyed (`Action::Destroy` of `Target::Chosen`)
    /// as the combat began, entering where that minion stood counted from
    /// the right end (Teron Gorefiend's Rapid Reanimation, Firestone's
    /// `info2`); set with `when_space` and `pre_combat`, and only as the
    /// one such card of a combat.
    pub resummons: bool,
    /// With a `Trigger::Avenge` effect: the friendly deaths it still
    /// awaits as the combat begins (Firestone's `avengeCurrent`: the
    /// count less the state's `scoreValue2`); the count starts again
    /// after each firing. Its summon enters where the dead minion that
    /// completed the count stood, counted from the right end.
    pub avenge_left: i8,
    /// The size (attack and health) of its token's first summon when each
    /// summon improves the next by +1/+1 (Broodmother's Whelp: Firestone's
    /// `info`, raised by one each time it fires); a size below 1 summons
    /// nothing (Firestone's spawn of a minion with no health). None: the
    /// token's own stats.
    pub improving: Option<i16>,
}
