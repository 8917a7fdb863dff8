//! The combat rules (see `docs/src/rules/battlegrounds.md`): boards, attacks,
//! damage, keywords, deaths and summons. Both the exact engine and the Monte
//! Carlo engine step through combats with these functions only; card
//! effects (`effect.rs`) fire from them.

use super::bonuses::GameBonuses;
use super::effect::{Chooser, Fired, REACH_ALL};
use super::growth::{Counter, Growths};
use crate::hearthstone::model::{
    Action, BOARD_SIZE, BonusTo, CLEAVE, Effect, MAX_EFFECTS, Marks, Minion, POISON, REBORN,
    SHIELD, STEALTH, TAUNT, Target, Token, Trigger, VENOM, WINDFURY,
};

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
    notes: u8,
}

/// A tag no start-of-combat slot takes (`State::resolve_friends_of`).
const SPARE_TAG: u8 = 0xf;

impl Unit {
    /// Start of combat only: 1 + the minion's slot at the start, so that
    /// its effect is found after deaths moved it (0 for summons).
    #[inline]
    pub fn tag(&self) -> u8 {
        self.notes & 0xf
    }

    fn set_tag(&mut self, tag: u8) {
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
    fn ready(&self) -> bool {
        self.attack > 0 && self.mark == UNMARKED
    }
}

/// What never changes for a kind of minion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Kind {
    attack: u16,
    base_keywords: u8,
    tier: u8,
    token: Token,
    /// The kinds of its deathrattle tokens and of its reborn copy.
    token_kind: u8,
    reborn_kind: u8,
    tribes: u32,
    marks: Marks,
    effects: [Effect; MAX_EFFECTS],
    /// The token its effects summon, and its kind.
    effect_token: Token,
    effect_token_kind: u8,
    name: Option<&'static str>,
}

/// A `Kind::reborn_kind` that names the kind itself (`Kinds::intern`
/// puts its index there).
const REBORN_ITSELF: u8 = u8::MAX;

/// Kinds of minion a combat can hold at most: each of 14 starting minions,
/// its reborn copy, its deathrattle token and that token's reborn copy,
/// the token's own token and its reborn copy, and its effect token (plain:
/// `cards::effects`) and that token's reborn copy (8 each, 112), rounded
/// up to a power of two.
const MAX_KINDS: usize = 128;

/// A kind's facts for the hot paths.
#[derive(Debug, Clone, Copy, Default)]
struct Facts {
    /// Its potential beyond its health and shield: its tokens and reborn
    /// copy, which no attack changes (reborn is lost only with the minion).
    extra_potential: u32,
    attack: u16,
    base_keywords: u8,
    /// Summons minions whose round mark comes from its own (dying, or
    /// damaged: "whenever this takes damage, summon").
    summons_by_mark: bool,
    /// Dying summons something or fires an effect.
    acts_on_death: bool,
    /// Dying fires a deathrattle effect.
    deathrattle_effects: bool,
    tribes: u32,
    marks: Marks,
    /// Some effect fires when another friendly minion attacks whose
    /// tribes meet this mask (`heard_bits`).
    on_other_attacks: u32,
    /// Some effect fires when it attacks itself.
    on_own_attacks: bool,
    /// Some effect fires when a friendly minion dies whose tribes meet
    /// this mask (`heard_bits`, read for the dead minion).
    on_friendly_death: u32,
    /// Some effect fires when a friendly minion is summoned whose tribes
    /// meet this mask (`heard_bits`, read for the summoned minion).
    on_friendly_summon: u32,
    /// Some effect fires after it attacked.
    after_attack: bool,
    /// The tribes (`heard_bits`) of the other friendly attackers it
    /// listens to after their attack.
    after_other_attacks: u32,
    /// While it lives, friendly deathrattles trigger this many extra times.
    extra_deathrattles: u8,
    /// While it lives, friendly deathrattles trigger at least this many
    /// times (0: no such aura), before the extra times.
    deathrattle_times: u8,
    /// Its avenge count ("Avenge (N)"; 0: none).
    avenge: u8,
    /// It counts its gifts (`Action::GrowingGift`; never with an avenge).
    counts_gifts: bool,
    /// Some effect fires when a friendly minion loses its shield.
    on_shield_loss: bool,
    /// Some effect fires when damage lands on it.
    on_damage: bool,
    /// Its stat aura: its friends of these tribes (never itself) have
    /// +`aura_attack`/+`aura_health` while it is on the board (0: none).
    aura_tribes: u32,
    aura_attack: u16,
    aura_health: u16,
    /// Some effect fires when damage lands on a friendly minion whose
    /// tribes meet this mask (`heard_bits`, read for the damaged minion).
    on_friendly_damage: u32,
    /// Some effect fires after another friendly minion whose tribes meet
    /// this mask (`heard_bits`, read for the dealer) dealt damage.
    on_friendly_deals_damage: u32,
    /// Some effect fires after a friendly minion's reborn copy returned.
    on_friendly_reborn: bool,
    /// Gains taunt with a shield (`Action::TauntWithShield`).
    taunt_with_shield: bool,
    /// Some effect fires when its attack kills the minion it attacks.
    on_kill: bool,
    /// The attack that brings it a shield (`Action::ShieldAtAttack`; 0:
    /// none).
    shield_at_attack: u16,
    /// Friendly blood gems give this many times their stats while it is on
    /// the board (`Action::GemStats`; 0: no such aura).
    gem_times: u8,
    /// Some effect fires when a blood gem is played on it.
    on_gem: bool,
}

/// Every kind of minion a combat can hold: the starting minions, their
/// reborn copies and their deathrattle tokens (at most 3 per starting
/// minion, so a `u8` indexes them).
#[derive(Debug, Clone)]
pub struct Kinds {
    kinds: Vec<Kind>,
    /// What the hot paths read, by kind, in one fixed array (a kind index
    /// masked to its size needs no bounds check).
    facts: [Facts; MAX_KINDS],
    /// The most health and attack any unit starts with (effects may
    /// raise them in combat).
    max_health: u16,
    max_attack: u16,
    /// What the effects of the combat's minions can do (see `Effect`).
    any_start_of_combat: bool,
    any_attack_triggers: bool,
    /// Some kind listens after another friendly minion's attack.
    any_after_other_attacks: bool,
    /// Some deathrattle gives a side bonus (`State::deathrattle_bonuses_first`).
    any_deathrattle_bonuses: bool,
    any_extra_deathrattles: bool,
    any_death_listeners: bool,
    any_summon_listeners: bool,
    any_avenge: bool,
    any_shield_listeners: bool,
    any_damage_listeners: bool,
    /// Some kind listens to the damage a friendly minion deals.
    any_deal_listeners: bool,
    /// Damage or deal listeners: what every hit that lands is heard by.
    any_damage_heard: bool,
    any_stat_auras: bool,
    any_reborn_listeners: bool,
    /// Some kind's effect fires when its attack kills (`on_kill`).
    any_kill_effects: bool,
    /// Some kind gains a shield at an attack or taunt with a shield
    /// (read by every buff).
    any_buff_keywords: bool,
    /// What the side bonuses apply to (`Action::SideBonus`, the growths'
    /// and the Tasty Lobsters' count), the first `bonus_count` of them; a
    /// side bonus makes `any_stat_auras` (entering minions take it as an
    /// aura's bonus).
    bonus_to: [BonusTo; MAX_BONUSES],
    bonus_count: u8,
    /// Some effect gives reborn: every kind has a reborn copy (its own
    /// kind for a copy or a token), and every death may summon.
    reborn_gifts: bool,
    /// Shield, damage or deal listeners: what an attack's hits are heard
    /// by.
    any_hit_listeners: bool,
    /// Some minion can have stealth (`State::clear_stealth_if_stuck`).
    any_stealth: bool,
    changes_units: bool,
    raises_potential: bool,
    /// Per side, what its summoned minions enter with from earlier turns
    /// (`GameBonuses::entry_bonuses`): (the minions that take it; attack;
    /// health), the first `entry_counts[side]` of them.
    entry_bonuses: [[(BonusTo, u16, u16); MAX_ENTRY_BONUSES]; 2],
    entry_counts: [u8; 2],
    /// The card marks that grow with a side's count (`growth.rs`), with
    /// their side bonuses for the minions entering mid-combat.
    growths: Growths,
    /// Per side, one blood gem's attack and health before a `GemStats`
    /// aura multiplies them (1 + the game's bonus).
    gem: [[u16; 2]; 2],
    /// Per side, the Tasty Lobster improvements of earlier turns
    /// (`GameBonuses::lobsters`).
    lobsters: [u16; 2],
}

/// Entry bonuses a side's `GameBonuses` may hold.
const MAX_ENTRY_BONUSES: usize = 12;

impl Kinds {
    fn intern(&mut self, kind: Kind) -> u8 {
        // A kind whose reborn copy is itself names its own index.
        let at = |i: usize| {
            let mut k = kind;
            if k.reborn_kind == REBORN_ITSELF {
                k.reborn_kind = i as u8;
            }
            k
        };
        for i in 0..self.kinds.len() {
            if self.kinds[i] == at(i) {
                return i as u8;
            }
        }
        let kind = at(self.kinds.len());
        let t = &kind.token;
        let token_extra = if t.count > 0 {
            self.facts[kind.token_kind as usize].extra_potential
        } else {
            0
        };
        let tokens =
            t.count as u32 * (t.health as u32 + u32::from(t.keywords & SHIELD != 0) + token_extra);
        let reborn = if kind.base_keywords & REBORN != 0 {
            // The copy's own keywords (a card's copy may have a shield the
            // minion lost).
            let copy = &self.kinds[kind.reborn_kind as usize];
            1 + u32::from(copy.base_keywords & SHIELD != 0) + tokens
        } else {
            0
        };
        let listens = |tribes: u32| {
            if tribes == 0 { u32::MAX } else { tribes }
        };
        let on_other_attacks = kind.effects.iter().fold(0, |m, e| match e.trigger {
            Trigger::FriendlyAttacks { tribes, .. } => m | listens(tribes),
            _ => m,
        });
        let after_other_attacks = kind.effects.iter().fold(0, |m, e| match e.trigger {
            Trigger::AfterFriendlyAttacks { tribes } => m | listens(tribes),
            _ => m,
        });
        let on_own_attacks = kind.effects.iter().any(|e| match e.trigger {
            Trigger::Rally => true,
            Trigger::FriendlyAttacks { tribes, other } => {
                !other && listens(tribes) & heard_bits(kind.tribes) != 0
            }
            _ => false,
        });
        let on_friendly_death = kind.effects.iter().fold(0, |m, e| match e.trigger {
            Trigger::FriendlyDies { tribes } => m | listens(tribes),
            _ => m,
        });
        let on_friendly_summon = kind.effects.iter().fold(0, |m, e| match e.trigger {
            Trigger::FriendlySummoned { tribes, .. } => m | listens(tribes),
            _ => m,
        });
        let on_friendly_damage = kind.effects.iter().fold(0, |m, e| match e.trigger {
            Trigger::FriendlyTakesDamage { tribes, .. } => m | listens(tribes),
            _ => m,
        });
        let on_friendly_deals_damage = kind.effects.iter().fold(0, |m, e| match e.trigger {
            Trigger::AfterFriendlyDealsDamage { tribes } => m | listens(tribes),
            _ => m,
        });
        let on_friendly_reborn = kind
            .effects
            .iter()
            .any(|e| e.trigger == Trigger::FriendlyReborn);
        let on_damage = kind
            .effects
            .iter()
            .any(|e| e.trigger == Trigger::TakesDamage);
        let (aura_tribes, aura_attack, aura_health) = kind
            .effects
            .iter()
            .find_map(|e| match (e.trigger, e.action) {
                (
                    Trigger::Aura,
                    Action::Buff {
                        target: Target::Friendly { tribes, .. },
                        attack,
                        health,
                        ..
                    },
                ) => Some((tribes, attack, health)),
                _ => None,
            })
            .unwrap_or((0, 0, 0));
        let summons = t.count > 0 || kind.base_keywords & REBORN != 0;
        let deathrattle_effects = kind
            .effects
            .iter()
            .any(|e| e.trigger == Trigger::Deathrattle);
        // Its deathrattle auras: extra times add up, "trigger N times"
        // counts the most.
        let (extra_deathrattles, deathrattle_times) =
            kind.effects
                .iter()
                .fold((0, 0), |(extra, times), e| match e.action {
                    Action::ExtraDeathrattles { times: n } => (extra + n, times),
                    Action::DeathrattlesTrigger { times: n } => (extra, times.max(n)),
                    _ => (extra, times),
                });
        let on_shield_loss = kind
            .effects
            .iter()
            .any(|e| e.trigger == Trigger::FriendlyLosesShield);
        // Two avenge effects of one card share one count.
        let avenge = kind.effects.iter().fold(0, |n, e| match e.trigger {
            Trigger::Avenge { deaths } => deaths,
            _ => n,
        });
        let summons_when_damaged = kind.effects.iter().any(|e| {
            e.trigger == Trigger::TakesDamage && matches!(e.action, Action::Summon { .. })
        });
        // Any minion may be given reborn: any death may summon.
        let summons = summons || self.reborn_gifts;
        self.facts[self.kinds.len()] = Facts {
            extra_potential: tokens + reborn,
            attack: kind.attack,
            base_keywords: kind.base_keywords,
            summons_by_mark: summons || summons_when_damaged,
            acts_on_death: summons || deathrattle_effects,
            deathrattle_effects,
            tribes: kind.tribes,
            marks: kind.marks,
            on_other_attacks,
            on_own_attacks,
            on_friendly_death,
            on_friendly_summon,
            after_attack: kind
                .effects
                .iter()
                .any(|e| e.trigger == Trigger::AfterAttack),
            after_other_attacks,
            extra_deathrattles,
            deathrattle_times,
            avenge,
            counts_gifts: kind
                .effects
                .iter()
                .any(|e| matches!(e.action, Action::GrowingGift { .. })),
            on_shield_loss,
            on_damage,
            aura_tribes,
            aura_attack,
            aura_health,
            on_friendly_damage,
            on_friendly_deals_damage,
            on_friendly_reborn,
            taunt_with_shield: kind
                .effects
                .iter()
                .any(|e| e.action == Action::TauntWithShield),
            on_kill: kind
                .effects
                .iter()
                .any(|e| e.trigger == Trigger::KillsDefender),
            shield_at_attack: shield_at_attack(&kind.effects),
            on_gem: kind
                .effects
                .iter()
                .any(|e| e.trigger == Trigger::GemPlayedOnThis),
            gem_times: kind
                .effects
                .iter()
                .filter_map(|e| match e.action {
                    Action::GemStats { times } => Some(times),
                    _ => None,
                })
                .max()
                .unwrap_or(0),
        };
        let facts = &self.facts[self.kinds.len()];
        self.any_kill_effects |= facts.on_kill;
        self.any_buff_keywords |= facts.taunt_with_shield || facts.shield_at_attack > 0;
        self.any_reborn_listeners |= on_friendly_reborn;
        self.any_stat_auras |= aura_tribes != 0;
        self.any_avenge |= avenge > 0;
        self.any_shield_listeners |= on_shield_loss;
        self.any_damage_listeners |= on_damage || on_friendly_damage != 0;
        self.any_deal_listeners |= on_friendly_deals_damage != 0;
        self.any_damage_heard = self.any_damage_listeners || self.any_deal_listeners;
        self.any_hit_listeners = self.any_shield_listeners || self.any_damage_heard;
        self.any_attack_triggers |= on_other_attacks != 0 || on_own_attacks;
        self.any_after_other_attacks |= after_other_attacks != 0;
        self.any_extra_deathrattles |= extra_deathrattles > 0 || deathrattle_times > 0;
        self.any_death_listeners |= on_friendly_death != 0;
        self.any_summon_listeners |= on_friendly_summon != 0;
        // Stealth changes units (lost on attacking) and lets a turn pass
        // without an attack (no target), which lowers no potential.
        let stealth = kind.base_keywords & STEALTH != 0;
        self.any_stealth |= stealth;
        self.changes_units |= stealth;
        self.raises_potential |= stealth;
        // Growing minions change mid-combat, in health too.
        let grows = self.growths.note(kind.marks);
        self.changes_units |= grows;
        self.raises_potential |= grows;
        for e in &kind.effects {
            self.any_deathrattle_bonuses |=
                e.trigger == Trigger::Deathrattle && matches!(e.action, Action::SideBonus { .. });
            if let Action::SideBonus { to, .. } = e.action {
                let known = &self.bonus_to[..self.bonus_count as usize];
                // `combat::validate` refuses boards with more masks.
                let counters =
                    self.growths.bonuses() + u8::from(self.lobster_bonus_index().is_some());
                let side_bonuses = self.bonus_count - counters;
                if !known.contains(&to) && (side_bonuses as usize) < MAX_SIDE_BONUSES {
                    self.bonus_to[self.bonus_count as usize] = to;
                    self.bonus_count += 1;
                }
                self.any_stat_auras = true;
            }
            // The improvements' count, a side bonus no minion takes.
            if matches!(e.action, Action::ImprovingBuff { .. })
                && self.lobster_bonus_index().is_none()
            {
                self.bonus_to[self.bonus_count as usize] = BonusTo::TastyLobsters;
                self.bonus_count += 1;
            }
            self.any_start_of_combat |= e.trigger == Trigger::StartOfCombat;
            self.changes_units |= e.changes_units();
            self.raises_potential |= e.raises_potential();
        }
        self.kinds.push(kind);
        (self.kinds.len() - 1) as u8
    }

    /// A minion of `tribes` can enter mid-combat: the growth of its card
    /// in this combat (`growth.rs`) becomes a side bonus it enters with.
    fn note_entering(&mut self, of: Marks) {
        self.growths.note(of);
        let mut marks = [Marks::NONE; 4];
        let mut n = 0;
        for mark in self.growths.marks_without_bonus(of) {
            marks[n] = mark;
            n += 1;
        }
        for &mark in &marks[..n] {
            let at = self.bonus_count;
            self.bonus_to[at as usize] = BonusTo::Marks(mark);
            self.bonus_count += 1;
            self.growths.set_bonus(mark, at);
            // Entering minions take it as an aura's bonus.
            self.any_stat_auras = true;
        }
    }

    /// The marks that grow in this combat.
    pub(super) fn growths(&self) -> &Growths {
        &self.growths
    }

    /// A unit has a deathrattle: tokens, effects, or its card's (one that
    /// acts outside the boards too).
    fn has_deathrattle(&self, u: &Unit) -> bool {
        self.kinds[u.kind as usize].token.count > 0
            || self.facts(u).deathrattle_effects
            || self.marks(u).intersects(Marks::HAS_DEATHRATTLE)
    }

    /// The kind of a token (and of its reborn copy when it has reborn).
    fn token(&mut self, t: &Token) -> u8 {
        self.note_entering(t.marks);
        self.max_attack = self.max_attack.max(t.attack);
        self.max_health = self.max_health.max(t.health);
        let own = t.then.token();
        let own_kind = if own.count > 0 { self.token(&own) } else { 0 };
        let plain = Kind {
            attack: t.attack,
            base_keywords: t.keywords & !REBORN,
            tier: t.tier.max(1),
            token: own,
            token_kind: own_kind,
            reborn_kind: 0,
            tribes: t.tribes,
            marks: t.marks,
            effects: t.effects,
            effect_token: Token::default(),
            effect_token_kind: 0,
            name: None,
        };
        let plain = Kind {
            reborn_kind: if self.reborn_gifts { REBORN_ITSELF } else { 0 },
            ..plain
        };
        let copy = self.intern(plain);
        if t.keywords & REBORN == 0 {
            return copy;
        }
        self.intern(Kind {
            base_keywords: t.keywords,
            reborn_kind: copy,
            ..plain
        })
    }

    fn unit(&mut self, m: &Minion) -> Unit {
        let t = m.deathrattle;
        self.max_health = self.max_health.max(m.health as u16);
        self.max_attack = self.max_attack.max(m.attack);
        let token_kind = if t.count > 0 { self.token(&t) } else { 0 };
        let summons = m
            .effects
            .iter()
            .any(|e| matches!(e.action, Action::Summon { .. }));
        let effect_token_kind = if summons {
            self.token(&m.effect_token)
        } else {
            0
        };
        let (base_attack, mut base_keywords) = m.reborn_base();
        // A copy entering with the attack that brings a shield has one.
        let threshold = shield_at_attack(&m.effects);
        if threshold > 0 && base_attack >= threshold {
            base_keywords |= SHIELD;
        }
        let copy = Kind {
            attack: base_attack,
            base_keywords: base_keywords & !REBORN,
            tier: m.tier,
            token: t,
            token_kind,
            // A copy given reborn comes back as itself.
            reborn_kind: if self.reborn_gifts { REBORN_ITSELF } else { 0 },
            tribes: m.tribes,
            marks: m.marks,
            effects: m.reborn_effects.unwrap_or(m.effects),
            effect_token: if summons {
                m.effect_token
            } else {
                Token::default()
            },
            effect_token_kind,
            name: m.name,
        };
        let reborn_kind = if m.keywords & REBORN != 0 || self.reborn_gifts {
            self.note_entering(m.marks);
            self.intern(copy)
        } else {
            0
        };
        // A minion with taunt while shielded enters shielded with taunt.
        let taunt_with_shield = m
            .effects
            .iter()
            .any(|e| e.action == Action::TauntWithShield);
        let keywords = if taunt_with_shield && m.keywords & SHIELD != 0 {
            m.keywords | TAUNT
        } else {
            m.keywords
        };
        let kind = self.intern(Kind {
            attack: m.attack,
            base_keywords: keywords,
            reborn_kind,
            effects: m.effects,
            ..copy
        });
        Unit {
            attack: m.attack,
            health: m.health,
            keywords,
            mark: UNMARKED,
            kind,
            notes: self.facts[kind as usize].avenge << 4,
        }
    }

    /// A new minion of `kind` entering the board (a token, a reborn copy)
    /// with `health`: its kind's attack and keywords, unmarked (the death
    /// phase marks it), its avenge count afresh.
    #[inline]
    fn entering(&self, kind: u8, health: i16) -> Unit {
        let f = &self.facts[kind as usize % MAX_KINDS];
        Unit {
            attack: f.attack,
            health,
            keywords: f.base_keywords,
            mark: UNMARKED,
            kind,
            notes: f.avenge << 4,
        }
    }

    /// A bound on the hits this unit can still absorb, summons included:
    /// every attack lowers the total over both boards, so the exact engine
    /// solves states in decreasing order of it.
    #[inline]
    pub fn potential(&self, u: &Unit) -> u32 {
        u.health.max(0) as u32 + u32::from(u.has(SHIELD)) + self.facts(u).extra_potential
    }

    /// The unit a memo key stands for (see `key.rs`): its keywords are its
    /// kind's, less the shield and venom it has lost.
    #[inline]
    pub fn unit_of(&self, kind: u8, health: i16, lost: u8, mark: u8, count: u8) -> Unit {
        let k = &self.facts[kind as usize % MAX_KINDS];
        Unit {
            attack: k.attack,
            health,
            keywords: k.base_keywords & !lost,
            mark,
            kind,
            notes: count << 4,
        }
    }

    /// The largest count (`Unit::count`) a unit of the combat can hold (0:
    /// no kind counts).
    pub fn max_count(&self) -> u8 {
        self.facts[..self.kinds.len()]
            .iter()
            .map(|f| {
                if f.counts_gifts {
                    crate::hearthstone::model::MAX_COUNT
                } else {
                    f.avenge
                }
            })
            .max()
            .unwrap_or(0)
    }

    /// The keywords `u` has lost: a subset of shield and venom.
    #[inline]
    pub fn lost_keywords(&self, u: &Unit) -> u8 {
        let base = self.facts(u).base_keywords;
        debug_assert_eq!(base & !u.keywords & !(SHIELD | VENOM), 0);
        debug_assert_eq!(u.keywords & !base, 0);
        base & !u.keywords
    }

    /// The effects of `u`'s kind.
    pub(super) fn effects(&self, u: &Unit) -> &[Effect] {
        &self.kinds[u.kind as usize].effects
    }

    /// Some kind's keywords follow its buffs (`shield_at_attack`,
    /// `taunt_with_shield`).
    #[inline]
    pub fn any_buff_keywords(&self) -> bool {
        self.any_buff_keywords
    }

    /// The attack that brings `u` a shield (0: none).
    #[inline]
    pub fn shield_at_attack(&self, u: &Unit) -> u16 {
        self.facts(u).shield_at_attack
    }

    /// Some effect of `u` fires when a blood gem is played on it.
    #[inline]
    pub fn on_gem(&self, u: &Unit) -> bool {
        self.facts(u).on_gem
    }

    /// How many times their stats friendly blood gems give while `u` is
    /// on the board (0: it changes nothing).
    #[inline]
    pub fn gem_times(&self, u: &Unit) -> u8 {
        self.facts(u).gem_times
    }

    /// `u` gains taunt whenever it gains a shield.
    #[inline]
    pub fn taunt_with_shield(&self, u: &Unit) -> bool {
        self.facts(u).taunt_with_shield
    }

    /// `u` may summon minions that take their mark from its own: dying,
    /// or damaged.
    #[inline]
    pub fn summons(&self, u: &Unit) -> bool {
        self.facts(u).summons_by_mark
    }

    #[inline]
    fn facts(&self, u: &Unit) -> &Facts {
        &self.facts[u.kind as usize % MAX_KINDS]
    }

    /// Number of kinds.
    pub fn count(&self) -> usize {
        self.kinds.len()
    }

    /// Some kind of minion in the combat summons when it dies or is
    /// damaged (see `summons`).
    pub fn any_summons(&self) -> bool {
        self.facts[..self.kinds.len()]
            .iter()
            .any(|f| f.summons_by_mark)
    }

    /// The most health any unit starts with.
    pub fn max_health(&self) -> u16 {
        self.max_health
    }

    /// The most attack any unit starts with.
    pub fn max_attack(&self) -> u16 {
        self.max_attack
    }

    /// Effects may change a unit's attack, health or keywords beyond what
    /// its kind and the attacks made say: memo keys hold them whole.
    pub fn changes_units(&self) -> bool {
        self.changes_units
    }

    /// Some minion can have stealth.
    pub fn any_stealth(&self) -> bool {
        self.any_stealth
    }

    /// Effects may raise the potential during combat: the exact engine
    /// orders states by the attacks made instead.
    pub fn raises_potential(&self) -> bool {
        self.raises_potential
    }

    /// Some minion hears a friendly minion lose its shield.
    #[inline]
    pub fn any_shield_listeners(&self) -> bool {
        self.any_shield_listeners
    }

    /// Some minion hears damage land on itself or a friend.
    #[inline]
    pub fn any_damage_listeners(&self) -> bool {
        self.any_damage_listeners
    }

    /// Some minion has a start-of-combat effect.
    pub fn any_start_of_combat(&self) -> bool {
        self.any_start_of_combat
    }

    /// A unit's card name, if it has one (tokens have none).
    pub fn name(&self, u: &Unit) -> Option<&'static str> {
        self.kinds.get(u.kind as usize).and_then(|k| k.name)
    }

    /// Takes in each side's bonuses from earlier turns: entering minions
    /// of the tribes named grow (so memo keys hold units whole, and with
    /// health the potential may rise), and blood gems give more.
    fn add_game_bonuses(&mut self, bonuses: &[GameBonuses; 2]) {
        for (side, b) in bonuses.iter().enumerate() {
            // Saturating: `State::with_bonuses` may be given bonuses
            // `Combat` would refuse.
            self.gem[side] = b.blood_gem.map(|stat| stat.saturating_add(1));
            self.lobsters[side] = b.lobsters;
            for (to, attack, health) in b.entry_bonuses() {
                let n = self.entry_counts[side] as usize;
                self.entry_bonuses[side][n] = (to, attack, health);
                self.entry_counts[side] += 1;
                self.any_stat_auras = true;
                self.changes_units = true;
                self.raises_potential |= health > 0;
                // Room in the keys for the grown tokens.
                self.max_attack = self.max_attack.saturating_add(attack);
                self.max_health = self.max_health.saturating_add(health);
            }
        }
    }

    /// One blood gem's attack and health on `side` from the bonuses of
    /// earlier turns, before auras.
    pub(super) fn gem(&self, side: usize) -> [u16; 2] {
        self.gem[side]
    }

    /// The index in `State::bonus` of the blood gems' side bonus, if the
    /// combat has one.
    pub(super) fn gem_bonus_index(&self) -> Option<usize> {
        self.bonus_to[..self.bonus_count as usize]
            .iter()
            .position(|&t| t == BonusTo::BloodGems)
    }

    /// Tasty Lobster improvements of earlier turns on `side`.
    pub(super) fn lobsters(&self, side: usize) -> u16 {
        self.lobsters[side]
    }

    /// The index in `State::bonus` of the count of Tasty Lobster
    /// improvements in this combat, if the combat has an improving buff.
    pub(super) fn lobster_bonus_index(&self) -> Option<usize> {
        self.bonus_to[..self.bonus_count as usize]
            .iter()
            .position(|&t| t == BonusTo::TastyLobsters)
    }

    /// The index of a side bonus's `BonusTo` in `State::bonus`.
    pub(super) fn bonus_index(&self, to: BonusTo) -> usize {
        let known = &self.bonus_to[..self.bonus_count as usize];
        known.iter().position(|&t| t == to).unwrap_or(0)
    }

    /// Side bonuses' tribe masks, for the memo key.
    pub(super) fn bonus_count(&self) -> usize {
        self.bonus_count as usize
    }

    /// A unit's tribes.
    #[inline]
    pub fn tribes(&self, u: &Unit) -> u32 {
        self.facts(u).tribes
    }

    /// A unit's card marks.
    #[inline]
    pub fn marks(&self, u: &Unit) -> Marks {
        self.facts(u).marks
    }

    /// Whether the unit takes a bonus to `to`.
    #[inline]
    fn takes(&self, u: &Unit, to: BonusTo) -> bool {
        let f = self.facts(u);
        to.reaches(f.tribes, f.marks)
    }

    fn tier(&self, u: &Unit) -> u32 {
        self.kinds[u.kind as usize].tier as u32
    }
}

/// Distinct side bonuses (`Action::SideBonus`, by what they apply to) one
/// combat may hold (the pool's bonuses name Beasts, Undead, Beetles or
/// blood gems).
pub const MAX_SIDE_BONUSES: usize = 3;

/// Side bonuses one combat may hold: those of `Action::SideBonus`, the
/// growing cards' (`growth.rs`: two cards, normal and golden) and the
/// Tasty Lobsters' count (`Action::ImprovingBuff`).
pub const MAX_BONUSES: usize = MAX_SIDE_BONUSES + 5;

/// Both boards and whose turn it is.
#[derive(Debug, Clone, Copy)]
pub struct State {
    /// Each side's units, left to right (`lens[side]` of them in use).
    pub boards: [[Unit; BOARD_SIZE]; 2],
    /// Units on each side's board.
    pub lens: [u8; 2],
    /// The side to attack next (0 = A, 1 = B).
    pub turn: u8,
    /// Per side, per side bonus (`Kinds::bonus_index`): the attack and
    /// health every friendly minion it applies to entering from now on
    /// gets (`Action::SideBonus`; for a count, the count), at most 255
    /// each.
    pub bonus: [[[u8; 2]; MAX_BONUSES]; 2],
}

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
        let mut kinds = Kinds {
            kinds: Vec::new(),
            facts: [Facts::default(); MAX_KINDS],
            max_health: 1,
            max_attack: 0,
            any_start_of_combat: false,
            any_attack_triggers: false,
            any_after_other_attacks: false,
            any_deathrattle_bonuses: false,
            any_extra_deathrattles: false,
            any_death_listeners: false,
            any_summon_listeners: false,
            any_avenge: false,
            any_shield_listeners: false,
            any_damage_listeners: false,
            any_deal_listeners: false,
            any_damage_heard: false,
            any_stat_auras: false,
            any_reborn_listeners: false,
            any_kill_effects: false,
            any_buff_keywords: false,
            bonus_to: [BonusTo::Tribes(0); MAX_BONUSES],
            bonus_count: 0,
            reborn_gifts: a.iter().chain(b).any(|m| {
                m.effects.iter().any(
                    |e| matches!(e.action, Action::Buff { keywords, .. } if keywords & REBORN != 0),
                )
            }),
            any_hit_listeners: false,
            any_stealth: false,
            changes_units: false,
            raises_potential: false,
            entry_bonuses: [[(BonusTo::Every, 0, 0); MAX_ENTRY_BONUSES]; 2],
            entry_counts: [0; 2],
            growths: Growths::default(),
            gem: [[1; 2]; 2],
            lobsters: [0; 2],
        };
        let mut s = State {
            boards: [[Unit::default(); BOARD_SIZE]; 2],
            lens: [a.len() as u8, b.len() as u8],
            turn: first,
            bonus: [[[0; 2]; MAX_BONUSES]; 2],
        };
        for (side, board) in [a, b].into_iter().enumerate() {
            for (slot, m) in board.iter().enumerate() {
                s.boards[side][slot] = kinds.unit(m);
            }
        }
        kinds.add_game_bonuses(bonuses);
        // The stats given are the minions' own: each aura is added to them
        // (as Firestone adds an aura a minion's enchantments lack). The
        // game's bonuses are in them already.
        if kinds.any_stat_auras {
            for side in 0..2 {
                let all = ((1u16 << s.lens[side]) - 1) as u8;
                s.enter_auras(&kinds, side, all, 0, false);
            }
        }
        (s, kinds)
    }

    /// The stat auras met as the units at the slots of `entering` (on
    /// `side`) enter, left to right, beside those at the slots of
    /// `present`: each entering unit and each unit already there give each
    /// other their bonus where their aura reaches, and each entering unit
    /// takes its side's bonuses (`State::bonus`). Kept out of the hot
    /// paths, which most combats run without auras.
    /// Summoned units (`summoned`: not the starting boards) also take
    /// their side's bonuses from earlier turns (`GameBonuses`).
    #[inline(never)]
    pub(super) fn enter_auras(
        &mut self,
        kinds: &Kinds,
        side: usize,
        entering: u8,
        present: u8,
        summoned: bool,
    ) {
        let mut present = present;
        let mut entering = entering;
        while entering != 0 {
            let slot = entering.trailing_zeros() as usize;
            entering &= entering - 1;
            let mut rest = present & !(1 << slot);
            while rest != 0 {
                let other = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                for (giver, taker) in [(other, slot), (slot, other)] {
                    let g = kinds.facts(&self.boards[side][giver]);
                    let (tribes, attack, health) = (g.aura_tribes, g.aura_attack, g.aura_health);
                    let t = &mut self.boards[side][taker];
                    if tribes != 0 && kinds.tribes(t) & tribes != 0 {
                        super::effect::buff(kinds, t, attack, health, 0);
                    }
                }
            }
            present |= 1 << slot;
            for b in 0..kinds.bonus_count as usize {
                let [attack, health] = self.bonus[side][b];
                let t = &mut self.boards[side][slot];
                if kinds.takes(t, kinds.bonus_to[b]) {
                    super::effect::buff(kinds, t, attack.into(), health.into(), 0);
                }
            }
            if summoned {
                let entries = &kinds.entry_bonuses[side][..kinds.entry_counts[side] as usize];
                for &(to, attack, health) in entries {
                    let t = &mut self.boards[side][slot];
                    if kinds.takes(t, to) {
                        super::effect::buff(kinds, t, attack, health, 0);
                    }
                }
            }
        }
    }

    /// The attack the summoned unit at `slot` on `side` has from what
    /// entering gave it (see `enter_auras`): the stat auras of the
    /// minions beside it, its side's bonuses for the rest of the combat
    /// and from earlier turns. Firestone takes these off and puts them
    /// back around setting a minion's stats (Banana Slamma's doubling).
    pub(super) fn entry_attack(&self, kinds: &Kinds, side: usize, slot: usize) -> u16 {
        let u = &self.boards[side][slot];
        let tribes = kinds.tribes(u);
        let mut attack = 0u16;
        for (i, other) in self.board(side).iter().enumerate() {
            let g = kinds.facts(other);
            if i != slot && g.aura_tribes != 0 && tribes & g.aura_tribes != 0 {
                attack = attack.saturating_add(g.aura_attack);
            }
        }
        for b in 0..kinds.bonus_count as usize {
            if kinds.takes(u, kinds.bonus_to[b]) {
                attack = attack.saturating_add(self.bonus[side][b][0].into());
            }
        }
        let entries = &kinds.entry_bonuses[side][..kinds.entry_counts[side] as usize];
        for &(to, a, _) in entries {
            if kinds.takes(u, to) {
                attack = attack.saturating_add(a);
            }
        }
        attack
    }

    /// The auras of `side`'s dying minions leave with them: their friends
    /// that survive lose the bonus, down to 0 attack and 1 health at least
    /// (Firestone's removal; a dying minion stays dying).
    #[inline(never)]
    fn leave_auras(&mut self, kinds: &Kinds, side: usize) {
        let len = self.lens[side] as usize;
        for d in 0..len {
            let dead = self.boards[side][d];
            let g = kinds.facts(&dead);
            if dead.health > 0 || g.aura_tribes == 0 {
                continue;
            }
            for u in &mut self.boards[side][..len] {
                if u.health > 0 && kinds.tribes(u) & g.aura_tribes != 0 {
                    u.attack = u.attack.saturating_sub(g.aura_attack);
                    if g.aura_health > 0 {
                        let health = i32::from(u.health) - i32::from(g.aura_health);
                        u.health = health.max(1) as i16;
                    }
                }
            }
        }
    }

    /// The units of `side` (0 = A, 1 = B), left to right.
    pub fn board(&self, side: usize) -> &[Unit] {
        &self.boards[side][..self.lens[side] as usize]
    }

    fn can_attack(&self, side: usize) -> bool {
        self.board(side).iter().any(|m| m.attack > 0)
    }

    /// The end of the combat, if it has ended.
    pub fn outcome(&self, kinds: &Kinds, hero_tiers: [u32; 2]) -> Option<Outcome> {
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

    /// Prepares the next attack: settles whose turn it is (a side that
    /// cannot attack is skipped) and picks the attacker, clearing the round
    /// marks when no minion is ready. The attacker is marked `ATTACKED` and
    /// every minion to its left `PASSED_OVER`. Returns (side,
    /// attacker index).
    pub fn next_attacker(&mut self) -> (usize, usize) {
        let mut side = self.turn as usize;
        if !self.can_attack(side) {
            side = 1 - side;
            self.turn = side as u8;
        }
        let board = &mut self.boards[side][..self.lens[side] as usize];
        let pick = |b: &[Unit]| b.iter().position(Unit::ready);
        let index = match pick(board) {
            Some(i) => i,
            None => {
                for m in board.iter_mut() {
                    m.mark = UNMARKED;
                }
                pick(board).expect("a side that can attack has an attacker")
            }
        };
        // Every minion to the left is passed over, one that attacked
        // included (as Firestone and the game's left-to-right attack order
        // have it: a summon of such a minion waits for the next round).
        for m in &mut board[..index] {
            m.mark = PASSED_OVER;
        }
        board[index].mark = ATTACKED;
        (side, index)
    }

    /// The enemy minions an attack may target, left to right: those
    /// without stealth, their taunts if they have any (`nth_target`'s
    /// pool, listed through it so the rule is written once).
    pub fn targets(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        let mut pool = 0;
        self.nth_target(side, true, |n| {
            pool = n;
            0
        });
        (0..pool).filter_map(move |k| self.nth_target(side, true, |_| k))
    }

    /// A target for the sampler: `draw(n)` picks one of the n targets
    /// `targets` would list, returned by index; none when every enemy has
    /// stealth (`draw` is not called). `stealth`: some minion of the combat
    /// may have it (else the scan for it is skipped). Inlined into the
    /// attack, as the turn is.
    #[inline(always)]
    pub fn nth_target(
        &self,
        side: usize,
        stealth: bool,
        draw: impl FnOnce(u32) -> u32,
    ) -> Option<usize> {
        let enemy = self.board(1 - side);
        let taunts = enemy
            .iter()
            .filter(|m| m.keywords & (TAUNT | STEALTH) == TAUNT)
            .count() as u32;
        let hidden = stealth && enemy.iter().any(|m| m.has(STEALTH));
        if taunts == 0 && !hidden {
            return Some(draw(enemy.len() as u32) as usize);
        }
        let is_target = |m: &Unit| !m.has(STEALTH) && (taunts == 0 || m.has(TAUNT));
        let pool = if hidden {
            enemy.iter().filter(|m| is_target(m)).count() as u32
        } else {
            taunts
        };
        if pool == 0 {
            return None;
        }
        let pick = draw(pool) as usize;
        enemy
            .iter()
            .enumerate()
            .filter(|(_, m)| is_target(m))
            .nth(pick)
            .map(|(i, _)| i)
    }

    /// Stealth that can no longer hide (Firestone's check before each
    /// attack, in its order): a side whose minions all have stealth and no
    /// attack loses it; then, if every minion left has it, both sides do.
    #[inline(never)]
    pub(super) fn clear_stealth_if_stuck(&mut self) {
        let reveal = |s: &mut State, side: usize| {
            let len = s.lens[side] as usize;
            for m in &mut s.boards[side][..len] {
                m.keywords &= !STEALTH;
            }
        };
        for side in 0..2 {
            let board = self.board(side);
            if board.iter().all(|m| m.has(STEALTH) && m.attack == 0) {
                reveal(self, side);
            }
        }
        let all_hidden = |s: &State, side: usize| s.board(side).iter().all(|m| m.has(STEALTH));
        if all_hidden(self, 0) && all_hidden(self, 1) {
            reveal(self, 0);
            reveal(self, 1);
        }
    }

    /// One attack of `attacker` (on `side`) on enemy `target`, then the
    /// death phase. Returns the attacker's index afterwards if it lives.
    /// Inlined into the turn: it is the hot path of every combat.
    #[inline(always)]
    pub fn attack(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        target: usize,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        let enemy = 1 - side;
        let mut target = target;
        // Effect damage may kill minions the attack does not touch.
        let mut effects_hit = false;
        if kinds.any_attack_triggers {
            // A strike may make a minion left of the target summon, which
            // moves the target: it is found again by a tag no other unit
            // has.
            let track = kinds.any_damage_listeners;
            let tag = self.boards[enemy][target].tag();
            if track {
                self.boards[enemy][target].set_tag(SPARE_TAG);
            }
            effects_hit = self.fire_attack_triggers(kinds, side, attacker, target, chooser);
            if track {
                target = self.spare_tag_slot(enemy).unwrap_or(target);
                self.boards[enemy][target].set_tag(tag);
            }
        }
        let a = self.boards[side][attacker];
        let t = self.boards[enemy][target];
        let a_poison = a.keywords & (POISON | VENOM);
        let t_poison = t.keywords & (POISON | VENOM);
        // Neighbours are fixed before any damage (their slots move only
        // when a damaged minion summons to its right).
        let mut cleave_targets: [Option<usize>; 2] = if a.has(CLEAVE) {
            [
                target.checked_sub(1),
                Some(target + 1).filter(|&i| i < self.lens[enemy] as usize),
            ]
        } else {
            [None, None]
        };
        // Simultaneous: the attacker's hit first in code, the hit back
        // computed from the target as it was; then cleave. Venom poisons
        // every hit of the attack that spends it (cleave included). A
        // target its triggers killed neither takes nor deals the attack's
        // damage (Firestone); cleave still hits its neighbours. Shields
        // lost and damage taken are heard at once (Firestone's order: the
        // attacker's shield, the target's, the attacker's damage, the
        // target's; then each neighbour's as cleave hits it, with the
        // attacker's attack as it is by then).
        let poison = a_poison != 0;
        let mut landed = false;
        let mut enemy_died = false;
        let exchange = t.health > 0;
        // Victims one by one, not through an iterator chain: this is the
        // hottest loop of Monte Carlo.
        let mut strike = |state: &mut State, index: usize, attack: u16| {
            let victim = &mut state.boards[enemy][index];
            let hit = hit(victim, attack, poison);
            landed |= hit;
            enemy_died |= victim.health <= 0;
            hit
        };
        let listen = kinds.any_hit_listeners;
        // The attacker's hits, the exchange's and cleave's (its slot
        // stands: summons on its side enter to its right).
        let by_attacker = Dealer {
            side,
            unit: a,
            slot: Some(attacker),
        };
        // Summons the target's damage made to its right (its neighbour's
        // slot moves), and the enemy board's size before them.
        let mut right_shift = 0;
        let len_before = self.lens[enemy] as usize;
        if exchange {
            let target_hit = strike(self, target, a.attack);
            let attacker_hit = hit(&mut self.boards[side][attacker], t.attack, t_poison != 0);
            if attacker_hit && t_poison == VENOM {
                self.boards[enemy][target].keywords &= !VENOM;
            }
            if listen {
                self.hear_shield_lost(kinds, side, attacker, a.keywords, chooser);
                self.hear_shield_lost(kinds, enemy, target, t.keywords, chooser);
                if attacker_hit {
                    let dealer = Dealer {
                        side: enemy,
                        unit: t,
                        slot: Some(target),
                    };
                    self.hear_damage(kinds, side, attacker, dealer, chooser);
                }
                if target_hit {
                    let summoned = self.hear_damage(kinds, enemy, target, by_attacker, chooser);
                    cleave_targets[1] = cleave_targets[1].map(|r| r + summoned);
                    right_shift += summoned;
                }
            }
            if kinds.any_kill_effects
                && kinds.facts(&a).on_kill
                && self.boards[enemy][target].health <= 0
            {
                // Its right neighbour as the attack began.
                let right = Some(target + 1 + right_shift)
                    .filter(|&i| i < self.lens[enemy] as usize)
                    .filter(|_| target + 1 < len_before);
                let excess = (i32::from(a.attack) - i32::from(t.health.max(0))).max(0);
                effects_hit |= self.fire_kill(
                    kinds,
                    (side, attacker),
                    (target, right),
                    excess.min(i32::from(u16::MAX)) as u16,
                    chooser,
                );
            }
        }
        if let Some(left) = cleave_targets[0] {
            let before = self.boards[enemy][left].keywords;
            let attack = self.boards[side][attacker].attack;
            let left_hit = strike(self, left, attack);
            if listen {
                self.hear_shield_lost(kinds, enemy, left, before, chooser);
                if left_hit {
                    let summoned = self.hear_damage(kinds, enemy, left, by_attacker, chooser);
                    target += summoned;
                    cleave_targets[1] = cleave_targets[1].map(|r| r + summoned);
                }
            }
        }
        if let Some(right) = cleave_targets[1] {
            let before = self.boards[enemy][right].keywords;
            let attack = self.boards[side][attacker].attack;
            let right_hit = strike(self, right, attack);
            if listen {
                self.hear_shield_lost(kinds, enemy, right, before, chooser);
                if right_hit {
                    self.hear_damage(kinds, enemy, right, by_attacker, chooser);
                }
            }
        }
        if landed && a_poison == VENOM {
            self.boards[side][attacker].keywords &= !VENOM;
        }
        // Attacking reveals it (Firestone: before its after-attack effects).
        if kinds.any_stealth {
            self.boards[side][attacker].keywords &= !STEALTH;
        }
        if kinds.facts(&a).after_attack {
            effects_hit |= self.fire_after_attack(kinds, side, attacker, target, chooser);
        }
        if kinds.any_after_other_attacks {
            effects_hit |= self.fire_after_other_attacks(kinds, side, attacker, target, chooser);
        }
        // The death phase, side by side: summons on one board never touch
        // the other, so the order between sides (a coin flip) changes
        // nothing.
        let attacker_died = self.boards[side][attacker].health <= 0;
        if enemy_died || effects_hit {
            self.resolve_side(kinds, enemy, chooser);
        }
        if attacker_died {
            self.resolve_side(kinds, side, chooser);
            // A reborn copy is a new minion: it does not finish the attack.
            return None;
        }
        if effects_hit && self.board(side).iter().any(|u| u.health <= 0) {
            return self.resolve_friends_of(kinds, side, attacker, chooser);
        }
        // Only the attacker could die on its own side, so while it lives
        // its side is unchanged and its index stands.
        Some(attacker)
    }

    /// The "after a friendly minion loses divine shield" effects of
    /// `side`'s minions, left to right (dying ones too, as Firestone reads
    /// the board), if the minion at `slot` had a shield in `before` and
    /// has lost it. They only buff: slots stand. Callers check
    /// `Kinds::any_shield_listeners` first.
    #[inline]
    pub(super) fn hear_shield_lost(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        before: u8,
        chooser: &mut impl Chooser,
    ) {
        if before & SHIELD != 0 && !self.boards[side][slot].has(SHIELD) {
            self.fire_shield_listeners(kinds, side, slot, chooser);
        }
    }

    /// The effects that hear damage `dealer` dealt land on the minion at
    /// `slot` of `side`: its own "whenever this takes damage", then its
    /// friends' "whenever a friendly minion takes damage" left to right,
    /// then the dealer's friends' "after another friendly minion deals
    /// damage". Returns how many minions its summons put to its right
    /// (later slots move by that many; nothing else moves).
    #[inline]
    pub(super) fn hear_damage(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        dealer: Dealer,
        chooser: &mut impl Chooser,
    ) -> usize {
        if !kinds.any_damage_heard {
            return 0;
        }
        let summoned = if kinds.any_damage_listeners {
            self.fire_damage_listeners(kinds, side, slot, chooser)
        } else {
            0
        };
        if kinds.any_deal_listeners {
            // The summons entered right of the damaged minion.
            let dealer_slot = dealer.slot.map(|i| {
                if dealer.side == side && i > slot {
                    i + summoned
                } else {
                    i
                }
            });
            self.fire_deal_listeners(kinds, dealer.side, dealer.unit, dealer_slot, chooser);
        }
        summoned
    }

    /// The "after another friendly minion deals damage" effects of
    /// `side`'s minions but the dealer's (at `dealer_slot`, if still on
    /// the board), left to right, dying ones too. They only gain: slots
    /// stand.
    #[inline(never)]
    fn fire_deal_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        dealer: Unit,
        dealer_slot: Option<usize>,
        chooser: &mut impl Chooser,
    ) {
        let dealer_tribes = kinds.tribes(&dealer);
        let heard = heard_bits(dealer_tribes);
        for i in 0..self.lens[side] as usize {
            if Some(i) == dealer_slot
                || kinds.facts(&self.boards[side][i]).on_friendly_deals_damage & heard == 0
            {
                continue;
            }
            let fires = |t| match t {
                Trigger::AfterFriendlyDealsDamage { tribes } => {
                    tribes == 0 || dealer_tribes & tribes != 0
                }
                _ => false,
            };
            self.fire_effects_at(kinds, side, i, (None, None), fires, chooser);
        }
    }

    #[inline(never)]
    fn fire_damage_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        chooser: &mut impl Chooser,
    ) -> usize {
        let before = self.lens[side];
        let damaged = self.boards[side][slot];
        if kinds.facts(&damaged).on_damage {
            let own = |t| t == Trigger::TakesDamage;
            self.fire_effects_at(kinds, side, slot, (Some(slot), None), own, chooser);
        }
        let damaged_tribes = kinds.tribes(&damaged);
        let heard = heard_bits(damaged_tribes);
        for i in 0..self.lens[side] as usize {
            let u = self.boards[side][i];
            if kinds.facts(&u).on_friendly_damage & heard == 0 {
                continue;
            }
            let fires = |t| match t {
                Trigger::FriendlyTakesDamage { tribes, other } => {
                    (tribes == 0 || damaged_tribes & tribes != 0) && !(other && i == slot)
                }
                _ => false,
            };
            self.fire_effects_at(kinds, side, i, (Some(slot), None), fires, chooser);
        }
        (self.lens[side] - before) as usize
    }

    #[inline(never)]
    fn fire_shield_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        chooser: &mut impl Chooser,
    ) {
        for i in 0..self.lens[side] as usize {
            let u = self.boards[side][i];
            if kinds.facts(&u).on_shield_loss {
                let lost_shield = |t| t == Trigger::FriendlyLosesShield;
                self.fire_effects_at(kinds, side, i, (Some(slot), None), lost_shield, chooser);
            }
        }
    }

    /// Fires, in card order, the effects of the minion at `slot` on `side`
    /// (as it is now) whose trigger `fires` accepts; `by` is what fired
    /// them: the friendly minion and the enemy it attacks (`Fired::friend`,
    /// `Fired::defender`). True when they dealt damage.
    pub(super) fn fire_effects_at(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        (friend, defender): (Option<usize>, Option<usize>),
        fires: impl Fn(Trigger) -> bool,
        chooser: &mut impl Chooser,
    ) -> bool {
        let unit = self.boards[side][slot];
        let at = Fired {
            side,
            slot: Some(slot),
            unit,
            friend,
            defender,
            reach: REACH_ALL,
        };
        let mut hit = false;
        for e in kinds.kinds[unit.kind as usize].effects {
            if fires(e.trigger) {
                hit |= self.apply(kinds, &at, e.action, chooser);
            }
        }
        hit
    }

    /// The attacker's "after this attacks" effects (kept out of the attack
    /// itself, which most combats run without them). True when they dealt
    /// damage.
    #[inline(never)]
    fn fire_after_attack(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        target: usize,
        chooser: &mut impl Chooser,
    ) -> bool {
        let after_attack = |t| t == Trigger::AfterAttack;
        let by = (Some(attacker), Some(target));
        self.fire_effects_at(kinds, side, attacker, by, after_attack, chooser)
    }

    /// The "after another friendly minion attacks" effects of `side`'s
    /// minions but the attacker, left to right, dying ones too (out of
    /// the attack: few combats have them). They only give bonuses and
    /// buffs, so slots stand. True when they dealt damage.
    #[inline(never)]
    fn fire_after_other_attacks(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        target: usize,
        chooser: &mut impl Chooser,
    ) -> bool {
        let attacker_tribes = kinds.tribes(&self.boards[side][attacker]);
        let heard = heard_bits(attacker_tribes);
        let fires = |t| match t {
            Trigger::AfterFriendlyAttacks { tribes } => {
                tribes == 0 || attacker_tribes & tribes != 0
            }
            _ => false,
        };
        let mut hit = false;
        for i in 0..self.lens[side] as usize {
            let listens = kinds.facts(&self.boards[side][i]).after_other_attacks & heard != 0;
            if i != attacker && listens {
                let by = (Some(attacker), Some(target));
                hit |= self.fire_effects_at(kinds, side, i, by, fires, chooser);
            }
        }
        hit
    }

    /// The death phase of the attacker's side when effect damage killed
    /// friends of the living attacker: its index afterwards, followed by
    /// a tag no other unit has.
    #[inline(never)]
    fn resolve_friends_of(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        let tag = self.boards[side][attacker].tag();
        self.boards[side][attacker].set_tag(SPARE_TAG);
        self.resolve_side(kinds, side, chooser);
        let at = self.board(side).iter().position(|u| u.tag() == SPARE_TAG)?;
        self.boards[side][at].set_tag(tag);
        Some(at)
    }

    /// The slot of `side`'s unit tagged `SPARE_TAG`, if any (rare: kept
    /// out of the attack).
    #[cold]
    #[inline(never)]
    fn spare_tag_slot(&self, side: usize) -> Option<usize> {
        self.board(side).iter().position(|u| u.tag() == SPARE_TAG)
    }

    /// The effects that fire as `attacker` (on `side`) attacks, before the
    /// damage: every other friendly minion's "whenever a friendly minion
    /// attacks", left to right, then the attacker's own (Firestone's
    /// order).
    fn fire_attack_triggers(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        defender: usize,
        chooser: &mut impl Chooser,
    ) -> bool {
        let attacker_tribes = kinds.tribes(&self.boards[side][attacker]);
        let fires = |t: Trigger, own: bool| match t {
            Trigger::Rally => own,
            Trigger::FriendlyAttacks { tribes, other } => {
                (!own || !other) && (tribes == 0 || attacker_tribes & tribes != 0)
            }
            _ => false,
        };
        // The slots whose minions listen to this attacker, found in one
        // pass (most do not); only the attacker's own rally summons (to its
        // right, after every other trigger), so these slots stand while
        // they fire.
        let heard = heard_bits(attacker_tribes);
        let mut listeners = self.board(side).iter().enumerate().fold(0u8, |m, (i, u)| {
            m | u8::from(kinds.facts(u).on_other_attacks & heard != 0) << i
        }) & !(1 << attacker);
        // The attacker's own effects fire last.
        let mut own = kinds.facts(&self.boards[side][attacker]).on_own_attacks;
        if listeners == 0 && !own {
            return false;
        }
        let mut hit = false;
        let track = kinds.any_damage_listeners;
        loop {
            let i = if listeners != 0 {
                let i = listeners.trailing_zeros() as usize;
                listeners &= listeners - 1;
                i
            } else if own {
                own = false;
                attacker
            } else {
                break;
            };
            // An earlier strike may have moved the defender (see `attack`).
            let defender = if track {
                self.spare_tag_slot(1 - side).unwrap_or(defender)
            } else {
                defender
            };
            let by = (Some(attacker), Some(defender));
            let heard = |t| fires(t, i == attacker);
            hit |= self.fire_effects_at(kinds, side, i, by, heard, chooser);
        }
        hit
    }

    /// Inserts `count` of the effect tokens of the unit at `slot` to its
    /// right while there is room, each to the right of the one before
    /// and heard before the next enters (Firestone's spawn order: a gift
    /// that grows, Lurking Leviathan's, reaches them left to right):
    /// marked attacked if that unit was passed over, else unmarked
    /// (Firestone's marks for a damaged minion's summons; a rally's
    /// attacker is never passed over).
    pub(super) fn summon_right_of(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        count: u8,
        chooser: &mut impl Chooser,
    ) {
        let kind = &kinds.kinds[self.boards[side][slot].kind as usize];
        let token_kind = kind.effect_token_kind;
        let health = kind.effect_token.health.min(i16::MAX as u16) as i16;
        let mark = if self.boards[side][slot].mark == PASSED_OVER {
            ATTACKED
        } else {
            UNMARKED
        };
        for at in slot + 1..slot + 1 + count as usize {
            let len = self.lens[side] as usize;
            // `at <= len` holds (earlier tokens sit between `slot` and
            // `at`); testing it spares the copy its bounds checks
            // (measured: 1% of a real board's instructions, via `act`).
            if len >= BOARD_SIZE || at > len {
                break;
            }
            let board = &mut self.boards[side];
            board.copy_within(at..len, at + 1);
            board[at] = kinds.entering(token_kind, health);
            board[at].mark = mark;
            self.lens[side] += 1;
            if kinds.any_stat_auras {
                let others = ((1u16 << self.lens[side]) - 1) as u8 & !(1 << at);
                self.enter_auras(kinds, side, 1 << at, others, true);
            }
            if kinds.any_summon_listeners {
                self.fire_summon_listeners(kinds, side, at, 1 << at, chooser);
            }
        }
    }

    /// One attacker's turn after `next_attacker` chose it: a target drawn
    /// from `chooser` (taunts first), a second attack with windfury while
    /// it lives and enemies remain; then the other side is up. Inlined
    /// into both engines' loops (a call costs Monte Carlo much of its
    /// speed).
    #[inline(always)]
    pub fn take_turn(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        chooser: &mut impl Chooser,
    ) {
        if kinds.any_stealth {
            self.clear_stealth_if_stuck();
        }
        self.strikes(kinds, side, attacker, chooser);
        self.finish_turn(side);
    }

    /// The attacks of one attacker's turn: a target drawn from `chooser`
    /// (taunts first), a second attack with windfury while it lives and
    /// enemies remain. Inlined into the turn (a call here costs Monte
    /// Carlo a fifth of its speed).
    #[inline(always)]
    pub(super) fn strikes(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        chooser: &mut impl Chooser,
    ) {
        let windfury = self.boards[side][attacker].keywords & WINDFURY != 0;
        let mut alive = Some(attacker);
        for strike in 0..if windfury { 2 } else { 1 } {
            let Some(i) = alive else { break };
            if strike == 1 && self.lens[1 - side] == 0 {
                break;
            }
            // Every enemy in stealth: the turn passes (Firestone).
            let Some(target) = self.nth_target(side, kinds.any_stealth, |pool| chooser.pick(pool))
            else {
                if strike == 0 {
                    chooser.hear(super::trace::Event::Pass { side, attacker: i }, self);
                }
                break;
            };
            chooser.hear(
                super::trace::Event::Attack {
                    side,
                    attacker: i,
                    target,
                },
                self,
            );
            alive = self.attack(kinds, side, i, target, chooser);
        }
    }

    /// The start-of-combat phase: a random side first, each side's
    /// start-of-combat effects left to right (a minion dead by then does
    /// not act), each followed by its death phase (Firestone's order).
    /// Does not set whose turn it is.
    pub fn start_of_combat(&mut self, kinds: &Kinds, chooser: &mut impl Chooser) {
        if !kinds.any_start_of_combat {
            return;
        }
        for side in 0..2 {
            for (i, u) in self.boards[side][..self.lens[side] as usize]
                .iter_mut()
                .enumerate()
            {
                u.set_tag(i as u8 + 1);
            }
        }
        let first = chooser.pick(2) as usize;
        for side in [first, 1 - first] {
            for tag in 1..=BOARD_SIZE as u8 {
                let Some(at) = self.board(side).iter().position(|u| u.tag() == tag) else {
                    continue;
                };
                let u = self.boards[side][at];
                if u.health <= 0 {
                    continue;
                }
                for e in kinds.kinds[u.kind as usize].effects {
                    if e.trigger != Trigger::StartOfCombat {
                        continue;
                    }
                    // The minion may have died of its own side's effect.
                    let Some(at) = self.board(side).iter().position(|u| u.tag() == tag) else {
                        break;
                    };
                    let fired = Fired {
                        side,
                        slot: Some(at),
                        unit: self.boards[side][at],
                        friend: None,
                        defender: None,
                        reach: REACH_ALL,
                    };
                    if self.apply(kinds, &fired, e.action, chooser) {
                        for s in 0..2 {
                            self.resolve_side(kinds, s, chooser);
                        }
                    }
                }
            }
        }
        for side in 0..2 {
            for u in &mut self.boards[side] {
                u.set_tag(0);
            }
        }
    }

    /// Ends the attacking minion's turn: the other side is up.
    pub fn finish_turn(&mut self, side: usize) {
        self.turn = (1 - side) as u8;
    }

    /// The survivors' "whenever a friendly minion dies" effects, before the
    /// dead leave: each listener left to right, once per dead minion of
    /// its tribes (left to right). Kept out of the death phase, which most
    /// combats run without them.
    #[inline(never)]
    fn fire_death_listeners(&mut self, kinds: &Kinds, side: usize, chooser: &mut impl Chooser) {
        let len = self.lens[side] as usize;
        for i in 0..len {
            let u = self.boards[side][i];
            let listens = kinds.facts(&u).on_friendly_death;
            if u.health <= 0 || listens == 0 {
                continue;
            }
            for d in 0..len {
                let dead = self.boards[side][d];
                if dead.health > 0 || listens & heard_bits(kinds.tribes(&dead)) == 0 {
                    continue;
                }
                let dead_tribes = kinds.tribes(&dead);
                let hears = |t| match t {
                    Trigger::FriendlyDies { tribes } => tribes == 0 || dead_tribes & tribes != 0,
                    _ => false,
                };
                self.fire_effects_at(kinds, side, i, (None, None), hears, chooser);
            }
        }
    }

    /// The side bonuses of the phase's deathrattles ("your Beetles have
    /// +5/+5 this game"), each as often as it triggers, before any token
    /// enters: Firestone raises the bonus and then summons (Turquoise
    /// Skitterer's Beetle enters with it, and a summon listener doubling
    /// its attack sees it), on the minions living then.
    #[inline(never)]
    fn deathrattle_bonuses_first(&mut self, kinds: &Kinds, side: usize, triggers: u32) {
        let dead = self.boards[side];
        for m in dead[..self.lens[side] as usize]
            .iter()
            .filter(|m| m.health <= 0)
        {
            for e in kinds.kinds[m.kind as usize].effects {
                if let (Trigger::Deathrattle, Action::SideBonus { .. }) = (e.trigger, e.action) {
                    for _ in 0..triggers {
                        self.give_side_bonus(kinds, side, e.action, false);
                    }
                }
            }
        }
    }

    /// What the deaths of a phase (the `dead` slots) count, before its
    /// deathrattles (`growth.rs`): the Eternal Knights dying, the
    /// deathrattles to fire (each as often as it triggers). The minions
    /// that count them and survive grow, and those summoned after.
    /// Firestone grows the Golems as each deathrattle fires, which nothing
    /// in the phase reads sooner.
    #[inline(never)]
    fn grow_with_deaths(&mut self, kinds: &Kinds, side: usize, dead: u8) {
        let len = self.lens[side] as usize;
        let alive = ((1u16 << len) - 1) as u8 & !dead;
        let board = &self.boards[side][..len];
        let dying = || board.iter().filter(|u| u.health <= 0);
        let knights = dying()
            .filter(|u| {
                kinds
                    .marks(u)
                    .intersects(Marks::ETERNAL_KNIGHT | Marks::GOLDEN_ETERNAL_KNIGHT)
            })
            .count() as u16;
        let deathrattles = if kinds.growths.counts(Counter::Deathrattles) {
            let minions = dying().filter(|u| kinds.has_deathrattle(u)).count() as u32;
            (minions * deathrattle_triggers(kinds, board)).min(u32::from(u16::MAX)) as u16
        } else {
            0
        };
        if knights > 0 {
            self.grow(kinds, side, Counter::KnightDeaths, knights, alive);
        }
        if deathrattles > 0 {
            self.grow(kinds, side, Counter::Deathrattles, deathrattles, alive);
        }
    }

    /// The effects that fire as the minion at `summoned` (on `side`)
    /// enters: the "whenever you summon" of every friendly minion but those
    /// in `deaf` (itself, and any that entered after it), left to right.
    #[inline(never)]
    fn fire_summon_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        summoned: usize,
        deaf: u8,
        chooser: &mut impl Chooser,
    ) {
        let tribes = kinds.tribes(&self.boards[side][summoned]);
        let heard = heard_bits(tribes);
        // The "whenever" listeners left to right, then the "after" ones.
        for after_pass in [false, true] {
            for i in 0..self.lens[side] as usize {
                let u = self.boards[side][i];
                if deaf & 1 << i != 0 || kinds.facts(&u).on_friendly_summon & heard == 0 {
                    continue;
                }
                let hears = |t| match t {
                    Trigger::FriendlySummoned {
                        tribes: wanted,
                        after,
                    } => after == after_pass && (wanted == 0 || tribes & wanted != 0),
                    _ => false,
                };
                self.fire_effects_at(kinds, side, i, (Some(summoned), None), hears, chooser);
            }
        }
    }

    /// The "after a friendly minion is reborn" effects of the minions at
    /// `side`'s slots outside `deaf`, for the copy at `reborn`.
    #[inline(never)]
    fn fire_reborn_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        reborn: usize,
        deaf: u8,
        chooser: &mut impl Chooser,
    ) {
        for i in 0..self.lens[side] as usize {
            if deaf & 1 << i != 0 || !kinds.facts(&self.boards[side][i]).on_friendly_reborn {
                continue;
            }
            let hears = |t| t == Trigger::FriendlyReborn;
            self.fire_effects_at(kinds, side, i, (Some(reborn), None), hears, chooser);
        }
    }

    /// The avenge effects of a death phase of `deaths` friendly deaths, on
    /// the board after its deathrattles: the `survivors` (bit per slot;
    /// summons start their count afresh) count every death; then, once per
    /// death, each minion whose count is done fires, left to right, and
    /// starts counting again (Firestone's counters). Avenge effects only
    /// buff: slots stand while they fire.
    #[inline(never)]
    fn fire_avenges(
        &mut self,
        kinds: &Kinds,
        side: usize,
        survivors: u8,
        deaths: u8,
        chooser: &mut impl Chooser,
    ) {
        // The survivors that avenge, and the deaths each has still to see
        // (<= 0: due).
        let avengers = (0..self.lens[side] as usize).fold(0u8, |m, i| {
            m | u8::from(kinds.facts(&self.boards[side][i]).avenge > 0) << i
        }) & survivors;
        let mut left = [0i16; BOARD_SIZE];
        let slots = |mask: u8| (0..BOARD_SIZE).filter(move |i| mask & 1 << i != 0);
        for i in slots(avengers) {
            left[i] = i16::from(self.boards[side][i].count()) - i16::from(deaths);
        }
        for _ in 0..deaths {
            for i in slots(avengers) {
                if left[i] > 0 {
                    continue;
                }
                left[i] += i16::from(kinds.facts(&self.boards[side][i]).avenge);
                let avenge = |t| matches!(t, Trigger::Avenge { .. });
                self.fire_effects_at(kinds, side, i, (None, None), avenge, chooser);
            }
        }
        for i in slots(avengers) {
            self.boards[side][i].set_count(left[i] as u8);
        }
    }

    /// The death phase of an attack on one side: the dead leave left to
    /// right; dead by dead, its deathrattle tokens enter in its slot and
    /// its deathrattle effects fire on the board as it is then (survivors
    /// and the tokens so far); then (after every deathrattle, so tokens
    /// take the room first) reborn copies return in their slots. Summons
    /// beyond 7 minions fail. Deathrattle effects act on their own side
    /// only (`cards::effects` reads no other), so the sides' order does
    /// not matter; and they add no minion, so the board is built in one
    /// pass and each effect fires afterwards on the units it would have
    /// seen (the same units in the same order: the same random picks).
    fn resolve_side(&mut self, kinds: &Kinds, side: usize, chooser: &mut impl Chooser) {
        let len = self.lens[side] as usize;
        // The dead as a bit per slot, without a branch per slot (which
        // way each goes is a coin flip to the processor).
        let dead = self.boards[side][..len]
            .iter()
            .enumerate()
            .fold(0u8, |m, (i, u)| m | u8::from(u.health <= 0) << i);
        // Without deaths the auras leaving and the death listeners have
        // nothing to do; neither brings a dying minion back.
        if dead == 0 {
            return;
        }
        if kinds.any_stat_auras {
            self.leave_auras(kinds, side);
        }
        if kinds.growths.any() {
            self.grow_with_deaths(kinds, side, dead);
        }
        if kinds.any_death_listeners {
            self.fire_death_listeners(kinds, side, chooser);
        }
        let board = &mut self.boards[side];
        let mut acting = dead;
        let mut acts = false;
        while acting != 0 {
            let i = acting.trailing_zeros() as usize;
            acting &= acting - 1;
            acts |= kinds.facts(&board[i]).acts_on_death;
        }
        if !acts {
            // Nothing happens on these deaths: close the gaps in place,
            // each unit written where the survivors so far end.
            let mut n = 0;
            for i in 0..len {
                board[n] = board[i];
                n += usize::from(dead & 1 << i == 0);
            }
            self.lens[side] = n as u8;
            if kinds.any_avenge {
                let survivors = (1u16 << n) - 1;
                self.fire_avenges(kinds, side, survivors as u8, (len - n) as u8, chooser);
            }
            return;
        }
        let triggers = deathrattle_triggers(kinds, &self.boards[side][..len]);
        if kinds.any_deathrattle_bonuses {
            self.deathrattle_bonuses_first(kinds, side, triggers);
        }
        let board = &mut self.boards[side];
        let old = *board;
        // Per slot of the new board: the mark of the dead minion a summon
        // came from, plus one (0 = a survivor).
        let mut from = [0u8; BOARD_SIZE];
        // Per slot: 0 for a survivor, else the number of the deathrattle
        // trigger (from 1: dead minions left to right, each's triggers in
        // turn) whose token it is. At most `d * (7 + 14 * (7 - d))` <= 196
        // triggers (`d` dead beside `7 - d` survivors; a card's count is at
        // most 7, two effects a card), so a `u8` holds them.
        let mut origin = [0u8; BOARD_SIZE];
        // Reborn copies to come: (survivors to the right of the dead
        // minion, dead minion); where each returns is `reborn_place`.
        let mut reborns = [(0usize, Unit::default()); BOARD_SIZE];
        let mut pending = 0;
        // Some dead minion has deathrattle effects to fire afterwards.
        let mut any_effects = false;
        let mut dead = 0u8;
        let mut n = 0;
        for (i, m) in old[..len].iter().enumerate() {
            if m.health > 0 {
                board[n] = *m;
                from[n] = 0;
                origin[n] = 0;
                n += 1;
                continue;
            }
            // Room left: the survivors not yet placed still need theirs.
            let survivors_right = old[i + 1..len].iter().filter(|x| x.health > 0).count();
            let kind = &kinds.kinds[m.kind as usize];
            let t = kind.token;
            for _ in 0..triggers {
                dead += 1;
                for _ in 0..t.count {
                    if n + survivors_right >= BOARD_SIZE {
                        break;
                    }
                    board[n] = kinds.entering(kind.token_kind, t.health as i16);
                    from[n] = if t.unmarked { FRESH } else { m.mark + 1 };
                    origin[n] = dead;
                    n += 1;
                }
            }
            any_effects |= kinds.facts(m).deathrattle_effects;
            if m.has(REBORN) {
                reborns[pending] = (survivors_right, *m);
                pending += 1;
            }
        }
        self.lens[side] = n as u8;
        if kinds.any_stat_auras {
            // Each token meets the auras of the survivors and of the
            // tokens before it.
            let tokens = (0..n).fold(0u8, |m, i| m | u8::from(from[i] != 0) << i);
            let all = ((1u16 << n) - 1) as u8;
            self.enter_auras(kinds, side, tokens, all & !tokens, true);
        }
        if kinds.any_summon_listeners {
            // Every token has entered, each heard in turn (the listeners
            // are survivors: tokens have no effects).
            for (slot, &came_from) in from[..n].iter().enumerate() {
                if came_from != 0 {
                    self.fire_summon_listeners(kinds, side, slot, 1 << slot, chooser);
                }
            }
        }
        inherit_marks(&mut self.boards[side][..n], &mut from[..n]);
        if any_effects {
            // The `d`-th dead minion's triggers are numbered
            // `d * triggers + 1 ..= (d + 1) * triggers`, as above.
            let dead_ones = old[..len].iter().filter(|m| m.health <= 0);
            for (d, m) in dead_ones.enumerate() {
                if !kinds.facts(m).deathrattle_effects {
                    continue;
                }
                for k in 1..=triggers {
                    let number = (d as u32 * triggers + k) as u8;
                    let reach = (0..n)
                        .filter(|&slot| origin[slot] <= number)
                        .fold(0u8, |reach, slot| reach | 1 << slot);
                    let at = Fired {
                        side,
                        slot: None,
                        unit: *m,
                        friend: None,
                        defender: None,
                        reach,
                    };
                    for e in kinds.kinds[m.kind as usize].effects {
                        // Side bonuses came first (`deathrattle_bonuses_first`).
                        let bonus = matches!(e.action, Action::SideBonus { .. });
                        if e.trigger == Trigger::Deathrattle && !bonus {
                            self.apply(kinds, &at, e.action, chooser);
                        }
                    }
                }
            }
        }
        if kinds.any_avenge {
            let survivors = (0..n).fold(0u8, |m, slot| m | u8::from(origin[slot] == 0) << slot);
            let deaths = old[..len].iter().filter(|m| m.health <= 0).count() as u8;
            self.fire_avenges(kinds, side, survivors, deaths, chooser);
        }
        let board = &mut self.boards[side];
        // The tokens of this phase, by slot (before any copy returns).
        let tokens = (0..n).fold(0u8, |m, slot| m | u8::from(origin[slot] != 0) << slot);
        let before_copies = n;
        // The slots the copies entered, left to right.
        let mut reborn_slots = 0u8;
        for &(survivors_right, m) in &reborns[..pending] {
            if n >= BOARD_SIZE {
                break;
            }
            let at = n - reborn_place(survivors_right, tokens, before_copies);
            board.copy_within(at..n, at + 1);
            from.copy_within(at..n, at + 1);
            board[at] = kinds.entering(kinds.kinds[m.kind as usize].reborn_kind, 1);
            from[at] = m.mark + 1;
            n += 1;
            reborn_slots |= 1 << at;
        }
        inherit_marks(&mut board[..n], &mut from[..n]);
        self.lens[side] = n as u8;
        if kinds.any_stat_auras && reborn_slots != 0 {
            let all = ((1u16 << n) - 1) as u8;
            self.enter_auras(kinds, side, reborn_slots, all & !reborn_slots, true);
        }
        // Each copy is heard by the minions there when it entered (later
        // copies are to its right: its slot stands), as summoned, then as
        // reborn.
        let mut copies = reborn_slots;
        while (kinds.any_summon_listeners || kinds.any_reborn_listeners) && copies != 0 {
            let at = copies.trailing_zeros() as usize;
            if kinds.any_summon_listeners {
                self.fire_summon_listeners(kinds, side, at, copies, chooser);
            }
            if kinds.any_reborn_listeners {
                self.fire_reborn_listeners(kinds, side, at, copies, chooser);
            }
            copies &= copies - 1;
        }
    }
}

/// How often each deathrattle of a death phase on `board` triggers: once,
/// or as often as the most a survivor's aura says (Moira Bronzebeard), and
/// once more per extra time the survivors give (Titus Rivendare); an
/// aura's minion dying in the phase gives nothing: Firestone reads the
/// board without the dead.
fn deathrattle_triggers(kinds: &Kinds, board: &[Unit]) -> u32 {
    if !kinds.any_extra_deathrattles {
        return 1;
    }
    let survivors = board.iter().filter(|m| m.health > 0);
    let (most, extra) = survivors.fold((1, 0), |(most, extra), m| {
        let f = kinds.facts(m);
        (
            most.max(u32::from(f.deathrattle_times)),
            extra + u32::from(f.extra_deathrattles),
        )
    });
    most + extra
}

/// The attack at which effects bring their minion a shield
/// (`Action::ShieldAtAttack`; 0: none).
fn shield_at_attack(effects: &[Effect]) -> u16 {
    effects
        .iter()
        .find_map(|e| match e.action {
            Action::ShieldAtAttack { attack } => Some(attack),
            _ => None,
        })
        .unwrap_or(0)
}

/// Who dealt a hit: its side, the minion as it dealt it (its kind gives
/// its tribes, read only if some minion listens), and its slot while it
/// is on the board (an effect of a dead minion has none).
#[derive(Debug, Clone, Copy)]
pub(super) struct Dealer {
    pub(super) side: usize,
    pub(super) unit: Unit,
    pub(super) slot: Option<usize>,
}

/// A minion's tribes as a listener's mask (`Facts::on_other_attacks`,
/// `on_friendly_death`, `on_friendly_summon`) meets them: its tribe bits
/// and a bit every minion has (for "a friendly minion attacks", "dies",
/// "is summoned").
fn heard_bits(tribes: u32) -> u32 {
    tribes | 1 << 31
}

/// Where a reborn copy returns, counted from the right end of the board
/// (Firestone's placement; the rules file says "in its slot"): the dead
/// minion had `survivors_right` survivors to its right; each token of the
/// phase (bit per slot of the board of `len` before any copy returns),
/// taken left to right, whose count from the right is below the running
/// count raises it by one. So a copy returns after the tokens of the
/// minions that died to its right beside it, just left of the next
/// survivor; tokens summoned beyond that survivor can move it past the
/// survivor (Firestone's loop, replayed as it is).
pub(super) fn reborn_place(survivors_right: usize, tokens: u8, len: usize) -> usize {
    let mut place = survivors_right;
    let mut rest = tokens;
    while rest != 0 {
        let slot = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if len - 1 - slot < place {
            place += 1;
        }
    }
    place
}

/// `from` of a token that enters unmarked (`Token::unmarked`): past the
/// marks plus one.
const FRESH: u8 = PASSED_OVER + 2;

/// Gives each new summon (`from` != 0) its round mark, right to left:
/// `ATTACKED` if the minion it came from was passed over, else the mark of
/// the minion now to its right (unmarked if none); unmarked when `FRESH`.
/// Marks `from` done.
fn inherit_marks(board: &mut [Unit], from: &mut [u8]) {
    for i in (0..board.len()).rev() {
        if from[i] == 0 {
            continue;
        }
        board[i].mark = if from[i] == FRESH {
            UNMARKED
        } else if from[i] - 1 == PASSED_OVER {
            ATTACKED
        } else {
            board.get(i + 1).map_or(UNMARKED, |r| r.mark)
        };
        from[i] = 0;
    }
}

/// The health of a minion poison destroyed: no buff brings it back (a
/// damaged one may be, by a buff before its death phase, as in Firestone).
pub(super) const DESTROYED: i16 = i16::MIN / 2;

/// One instance of damage; true when it landed (not absorbed, not zero).
pub(super) fn hit(m: &mut Unit, damage: u16, poison: bool) -> bool {
    if damage == 0 {
        return false;
    }
    if m.has(SHIELD) {
        m.keywords &= !SHIELD;
        return false;
    }
    m.health = m.health.saturating_sub(damage.min(i16::MAX as u16) as i16);
    if poison {
        m.health = m.health.min(DESTROYED);
    }
    true
}
