//! What the phases ask of a kind of minion, as flags: each class of
//! trigger a phase fires ("whenever a friendly minion dies", "after this
//! attacks", ...) and each action a phase reads without firing it (a stat
//! aura, a keyword a buff brings). One classification of triggers and
//! actions (`classify`) folds a kind's effects into its flags, the tribes
//! its listeners hear and the numbers its auras carry; the combat's flags
//! are the union of its kinds' (`Kinds::any`), and let a phase skip what no
//! minion of the combat does.

use crate::hearthstone::model::{Action, Effect, REBORN, Target, Trigger};

/// What the phases ask of a kind: a class of trigger some phase fires,
/// or an action a phase reads without firing it (an aura, a keyword a
/// buff brings). Each is a bit of the kind's `Facts::flags` and of the
/// combat's `Kinds::any`, which lets a phase skip what no minion of the
/// combat does. The first `HEARD` listen for the tribes of the minion
/// whose doing fires them (`Facts::heard`). `classify` says which
/// triggers and actions raise which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flag {
    /// "Whenever a friendly minion attacks" (another, or any).
    FriendlyAttacks,
    /// "After a friendly minion attacks" (another).
    AfterFriendlyAttacks,
    /// "Whenever a friendly minion dies".
    FriendlyDies,
    /// "Whenever (after) you summon a minion".
    FriendlySummoned,
    /// "Whenever a friendly minion takes damage".
    FriendlyTakesDamage,
    /// "After a friendly minion deals damage".
    FriendlyDealsDamage,
    /// A start-of-combat effect.
    StartOfCombat,
    /// An effect that fires as it attacks itself: a rally, or a
    /// friendly-attack trigger its own tribes meet.
    OwnAttack,
    /// "After this attacks".
    AfterAttack,
    /// "After this attacks and kills a minion".
    KillsDefender,
    /// A deathrattle effect.
    Deathrattle,
    /// An avenge effect (with a count above 0).
    Avenge,
    /// "After a friendly minion is reborn".
    FriendlyReborn,
    /// "After a friendly minion loses divine shield".
    FriendlyLosesShield,
    /// "Whenever this takes damage".
    TakesDamage,
    /// "Whenever a blood gem is played on this".
    GemPlayedOnThis,
    /// Minions entering take bonuses as they enter: a stat aura of its
    /// friends (`Trigger::Aura`), or a side bonus for the rest of the
    /// combat (`Action::SideBonus`; growths and earlier turns' bonuses
    /// raise it too).
    Auras,
    /// A deathrattle gives a side bonus (given first in its death phase).
    DeathrattleBonus,
    /// Friendly deathrattles trigger more times while it lives.
    ExtraDeathrattles,
    /// Its buffs may bring keywords: a shield at some attack, or taunt
    /// with a shield.
    BuffKeywords,
    /// It gains taunt with a shield (`Action::TauntWithShield`).
    TauntWithShield,
    /// It summons its effect tokens (`Action::Summon`).
    Summons,
    /// It summons when damaged: the tokens take their round mark from it.
    SummonsWhenDamaged,
    /// It counts its gifts (`Action::GrowingGift`).
    CountsGifts,
    /// A deathrattle deals damage: deaths may follow deaths, on both
    /// sides (`State::settle_deaths`).
    DeathrattleDamage,
    /// It runs a living friend's deathrattle (`Action::TriggerDeathrattle`),
    /// whose tokens may enter to its left.
    RunsDeathrattle,
    /// It gives reborn (a buff with the keyword).
    GivesReborn,
    /// Effects change units beyond what their kind and the attacks made
    /// say (memo keys hold units whole).
    ChangesUnits,
    /// Effects may raise the potential mid-combat (the exact engine
    /// orders states by the turns taken).
    RaisesPotential,
    /// "Whenever a friendly minion gains attack" (itself too, or only
    /// itself from other sources).
    GainsAttack,
    /// A minion has stealth (a keyword, not an effect).
    Stealth,
    /// It hears a friendly minion attacked, or itself: a secret or a
    /// minion (`Trigger::FriendlyAttacked`, `Trigger::Attacked`).
    Attacked,
}

/// The listener flags that hear the tribes of a friendly minion: the
/// first flags, a tribe mask each in `Facts::heard`.
pub(super) const HEARD: usize = Flag::FriendlyDealsDamage as usize + 1;

/// Flags there are.
pub(super) const FLAGS: usize = Flag::Attacked as usize + 1;

/// Sets of flags the hot paths ask about as one (`Kinds::any_of`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Set {
    /// Some minion attacking fires an effect ("whenever a friendly minion
    /// attacks", a rally, what hears the defender attacked).
    AttackTriggers,
    /// Damage landing on a minion is heard by it or a friend.
    DamageListeners,
    /// Damage landing is heard: by the damaged side or the dealer's.
    DamageHeard,
    /// A hit is heard: a shield lost, or damage landing.
    HitListeners,
}

/// The flags of each `Set`.
pub(super) const SETS: [Flags; 4] = {
    let damage = Flags::of(Flag::TakesDamage).and(Flag::FriendlyTakesDamage);
    let heard = damage.and(Flag::FriendlyDealsDamage);
    [
        Flags::of(Flag::FriendlyAttacks)
            .and(Flag::OwnAttack)
            .and(Flag::Attacked),
        damage,
        heard,
        heard.and(Flag::FriendlyLosesShield),
    ]
};

/// A set of flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Flags(u32);

impl Flags {
    /// The set of one flag.
    pub(super) const fn of(flag: Flag) -> Flags {
        Flags(1 << flag as u32)
    }

    /// This set and `flag`.
    pub(super) const fn and(self, flag: Flag) -> Flags {
        Flags(self.0 | 1 << flag as u32)
    }

    /// The set's bits (`1 << flag`).
    pub(super) const fn bits(self) -> u32 {
        self.0
    }

    /// Whether `flag` is in the set.
    #[inline]
    pub(super) const fn has(self, flag: Flag) -> bool {
        self.0 & 1 << flag as u32 != 0
    }

    /// The flags of both sets.
    pub(super) const fn with(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }

    /// This set without `flag`.
    pub(super) const fn without(self, flag: Flag) -> Flags {
        Flags(self.0 & !(1 << flag as u32))
    }

    /// Whether some flag of `other` is in the set.
    #[inline]
    pub(super) const fn meets(self, other: Flags) -> bool {
        self.0 & other.0 != 0
    }

    pub(super) fn raise(&mut self, flag: Flag) {
        *self = self.and(flag);
    }
}

/// What a kind's effects add up to: its flags, the tribes its listeners
/// hear, and the numbers the phases read (folded by `classify`).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Folded {
    pub(super) flags: Flags,
    pub(super) heard: [u32; HEARD],
    pub(super) avenge: u8,
    /// The most firings per combat of its "whenever this takes damage"
    /// (`Trigger::TakesDamage`) or its stats setting (`Action::SetStats`;
    /// 0: no limit), counted in `Unit::count`; or its charges of summons
    /// waiting for room (`Action::SummonWhenSpace`).
    pub(super) limit: u8,
    /// The first stat aura: (tribes, attack, health).
    pub(super) aura: Option<(u32, u16, u16)>,
    pub(super) extra_deathrattles: u8,
    pub(super) deathrattle_times: u8,
    /// The first `Action::ShieldAtAttack`'s attack.
    pub(super) shield_at_attack: Option<u16>,
    pub(super) gem_times: u8,
}

impl Folded {
    /// The sum of `effects` on a minion of `tribes`.
    pub(super) fn of(effects: &[Effect], tribes: u32) -> Folded {
        let mut sum = Folded::default();
        for e in effects {
            classify(e, tribes, &mut sum);
        }
        // Flags the numbers say.
        let numbers = [
            (Flag::Avenge, sum.avenge > 0),
            (Flag::Auras, sum.aura_tribes() != 0),
            (
                Flag::ExtraDeathrattles,
                sum.extra_deathrattles > 0 || sum.deathrattle_times > 0,
            ),
            (Flag::BuffKeywords, sum.shield_at_attack() > 0),
        ];
        for (flag, on) in numbers {
            if on {
                sum.flags.raise(flag);
            }
        }
        if sum.flags.has(Flag::TauntWithShield) {
            sum.flags.raise(Flag::BuffKeywords);
        }
        sum
    }

    /// A listener of `flag` hears the friendly minions of `tribes` (0:
    /// every one).
    fn hear(&mut self, flag: Flag, tribes: u32) {
        self.flags.raise(flag);
        self.heard[flag as usize] |= listens(tribes);
    }

    fn aura_tribes(&self) -> u32 {
        self.aura.map_or(0, |a| a.0)
    }

    /// The attack that brings the minion a shield (0: none).
    pub(super) fn shield_at_attack(&self) -> u16 {
        self.shield_at_attack.unwrap_or(0)
    }
}

/// A listener's mask for "a friendly minion of `tribes`" (0: any minion):
/// it meets `heard_bits` of the minions it hears.
fn listens(tribes: u32) -> u32 {
    if tribes == 0 { u32::MAX } else { tribes }
}

/// The one table of what effects ask of the phases: the flag each trigger
/// and each action raises (with the tribes a listener hears, and the
/// numbers an aura, an avenge or a deathrattle aura carries), folded into
/// `sum` for an effect of a minion of `own_tribes`.
fn classify(e: &Effect, own_tribes: u32, sum: &mut Folded) {
    match e.trigger {
        Trigger::FriendlyAttacks { tribes, other, .. } => {
            sum.hear(Flag::FriendlyAttacks, tribes);
            if !other && listens(tribes) & heard_bits(own_tribes) != 0 {
                sum.flags.raise(Flag::OwnAttack);
            }
        }
        Trigger::Rally => sum.flags.raise(Flag::OwnAttack),
        Trigger::AfterFriendlyAttacks { tribes, .. } => {
            sum.hear(Flag::AfterFriendlyAttacks, tribes)
        }
        Trigger::FriendlyDies { tribes } => sum.hear(Flag::FriendlyDies, tribes),
        Trigger::FriendlySummoned { tribes, .. } => sum.hear(Flag::FriendlySummoned, tribes),
        Trigger::FriendlyTakesDamage { tribes, .. } => sum.hear(Flag::FriendlyTakesDamage, tribes),
        Trigger::AfterFriendlyDealsDamage { tribes } => sum.hear(Flag::FriendlyDealsDamage, tribes),
        Trigger::StartOfCombat => sum.flags.raise(Flag::StartOfCombat),
        Trigger::AfterAttack => sum.flags.raise(Flag::AfterAttack),
        Trigger::KillsDefender => sum.flags.raise(Flag::KillsDefender),
        Trigger::Deathrattle => sum.flags.raise(Flag::Deathrattle),
        // Two avenge effects of one card share one count.
        Trigger::Avenge { deaths } => sum.avenge = deaths,
        Trigger::FriendlyReborn => sum.flags.raise(Flag::FriendlyReborn),
        Trigger::FriendlyLosesShield => sum.flags.raise(Flag::FriendlyLosesShield),
        Trigger::TakesDamage { limit, .. } => {
            sum.flags.raise(Flag::TakesDamage);
            sum.limit = sum.limit.max(limit);
        }
        Trigger::GemPlayedOnThis => sum.flags.raise(Flag::GemPlayedOnThis),
        Trigger::FriendlyAttacked { .. } | Trigger::Attacked => sum.flags.raise(Flag::Attacked),
        Trigger::FriendlyGainsAttack { .. }
        | Trigger::GainsAttackFromOthers
        | Trigger::GainsAttack => sum.flags.raise(Flag::GainsAttack),
        // Fired only where battlecries are triggered, which looks for
        // them (`State::trigger_battlecry`): no phase asks.
        Trigger::Never | Trigger::Aura | Trigger::Battlecry | Trigger::AfterBattlecry => {}
    }
    match e.action {
        Action::Buff {
            target: Target::Friendly { tribes, .. },
            attack,
            health,
            ..
        } if e.trigger == Trigger::Aura && sum.aura.is_none() => {
            sum.aura = Some((tribes, attack, health))
        }
        Action::SideBonus { .. } => {
            sum.flags.raise(Flag::Auras);
            if e.trigger == Trigger::Deathrattle {
                sum.flags.raise(Flag::DeathrattleBonus);
            }
        }
        // Extra times add up; "trigger N times" counts the most.
        Action::ExtraDeathrattles { times } => sum.extra_deathrattles += times,
        Action::DeathrattlesTrigger { times } => {
            sum.deathrattle_times = sum.deathrattle_times.max(times)
        }
        Action::ShieldAtAttack { attack } => {
            sum.shield_at_attack.get_or_insert(attack);
        }
        Action::TauntWithShield => sum.flags.raise(Flag::TauntWithShield),
        // Its charges are its count (the keys hold up to `limit`).
        Action::SummonWhenSpace { count, .. } => {
            sum.flags.raise(Flag::Summons);
            sum.limit = sum
                .limit
                .max(count.min(crate::hearthstone::model::MAX_COUNT));
        }
        Action::Summon { .. } => {
            sum.flags.raise(Flag::Summons);
            if matches!(e.trigger, Trigger::TakesDamage { .. }) {
                sum.flags.raise(Flag::SummonsWhenDamaged);
            }
        }
        Action::GrowingGift { .. } => sum.flags.raise(Flag::CountsGifts),
        Action::SetStats { limit, .. } => sum.limit = sum.limit.max(limit),
        Action::TriggerDeathrattle { .. }
        | Action::TriggerBattlecry {
            deathrattle: true, ..
        } => sum.flags.raise(Flag::RunsDeathrattle),
        Action::GemStats { times } => sum.gem_times = sum.gem_times.max(times),
        _ => {}
    }
    // A deathrattle that damages or destroys: deaths may follow deaths.
    if let (Trigger::Deathrattle, Action::Damage { .. } | Action::Destroy { .. }) =
        (e.trigger, e.action)
    {
        sum.flags.raise(Flag::DeathrattleDamage);
    }
    if matches!(e.action, Action::Buff { keywords, .. } if keywords & REBORN != 0) {
        sum.flags.raise(Flag::GivesReborn);
    }
    if e.changes_units() {
        sum.flags.raise(Flag::ChangesUnits);
    }
    if e.raises_potential() {
        sum.flags.raise(Flag::RaisesPotential);
    }
}

/// A minion's tribes as a listener's mask (`Facts::heard`) meets them:
/// its tribe bits and a bit every minion has (for "a friendly minion
/// attacks", "dies", "is summoned").
pub(super) fn heard_bits(tribes: u32) -> u32 {
    tribes | 1 << 31
}
