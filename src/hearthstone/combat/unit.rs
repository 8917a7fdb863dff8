//! A minion in combat (`Unit`): eight bytes per slot of a state, what
//! changes as the combat goes (attack, health, keywords, the round mark);
//! what never changes is its kind's (`kinds.rs`). The game's round: each
//! side's minions attack left to right, one per turn, sides taking turns;
//! the round marks say which minions are out of this round's attacks.

/// Round marks (see the rules file): a minion that attacked this round,
/// and one left of an attacker when it attacked, are both out of this
/// round's attacks; they differ only in what their summons inherit.
pub const UNMARKED: u8 = 0;

/// Round mark: attacked this round.
pub const ATTACKED: u8 = 1;

/// Round mark: left of an attacker when it attacked (skipped this round).
pub const PASSED_OVER: u8 = 2;

/// A minion in combat: what changes (health, keywords, the round mark),
/// its attack (read on every attack), and its kind, which holds the rest.
/// Eight bytes, so states are cheap to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Unit {
    /// Current attack.
    pub attack: u16,
    /// Current health (0 or less: dead).
    pub health: i16,
    /// Current keywords: a shield is lost, venom spent.
    pub keywords: u8,
    /// The round mark: `UNMARKED`, `ATTACKED` or `PASSED_OVER`.
    pub mark: u8,
    /// Index into the combat's `Kinds`.
    pub kind: u8,
    /// Two rarely read fields in one byte (the hot paths only copy it):
    /// the low nibble is its tag (`Unit::tag`), the high one its count
    /// (`Unit::count`).
    pub(super) notes: u8,
}

/// A tag no start-of-combat slot takes (`State::resolve_friends_of`).
pub(super) const SPARE_TAG: u8 = 0xf;

/// Another: the attacker's while its own effects fire (they may summon
/// to its left: `State::fire_attack_triggers`).
pub(super) const ATTACKER_TAG: u8 = 0xe;

/// Another: a hero-side card's token attacking at once, found after its
/// attack (`State::attack_at_once`; no start-of-combat slot is 8).
pub(super) const HERO_TOKEN_TAG: u8 = 8;

/// Another: the right-most minion of a side whose left-most attacks
/// first at the start of combat, found after that attack
/// (`State::flanks_attack`; no start-of-combat slot is 9).
pub(super) const FLANK_TAG: u8 = 9;

/// Tags of a death pass where deathrattles damage
/// (`State::settle_deaths`): a minion dying as the pass began, and one
/// that died since, left to a later pass.
pub(super) const PASS_TAG: u8 = 0xd;

/// Another: the living defender whose blow killed an attacker that
/// destroys its killer, through the attack's deaths (`killer.rs`).
pub(super) const KILLER_TAG: u8 = 0xb;
pub(super) const LATER_TAG: u8 = 0xc;

/// Tags of the deathrattle minions picked together after the first
/// (`State::run_leftmost_deathrattles`): the first is `PICKED_TAG`, the
/// next one above it (no other tag is 9 or 10).
pub(super) const PICKED_TAG: u8 = 9;

impl Unit {
    /// Start of combat only: 1 + the minion's slot at the start, so that
    /// its effect is found after deaths moved it (0 for summons).
    #[inline]
    pub fn tag(&self) -> u8 {
        self.notes & 0xf
    }

    pub(super) fn set_tag(&mut self, tag: u8) {
        debug_assert!(tag <= 0xf);
        self.notes = self.notes & 0xf0 | tag;
    }

    /// What its kind counts (a kind counts one thing at most): for an
    /// avenge, the friendly deaths still to come before it fires (its
    /// kind's count on entering and after each firing); for a growing gift
    /// (`Action::GrowingGift`), the gifts given since it entered. 0 to
    /// `model::MAX_COUNT`.
    #[inline]
    pub fn count(&self) -> u8 {
        self.notes >> 4
    }

    pub(super) fn set_count(&mut self, count: u8) {
        debug_assert!(count <= crate::hearthstone::model::MAX_COUNT);
        self.notes = self.notes & 0xf | count << 4;
    }

    pub(super) fn has(&self, k: u8) -> bool {
        self.keywords & k != 0
    }

    /// May attack in the current round.
    #[inline]
    pub(super) fn ready(&self) -> bool {
        self.attack > 0 && self.mark == UNMARKED
    }
}
