//! Kinds of minion: what never changes for a minion in one combat (its
//! card's stats, keywords, tribes, effects, tokens and reborn copy),
//! interned once as the combat is set up, with the facts the phases read
//! on their hot paths (what each kind listens to, its auras) and the
//! combat's listener flags, which let a phase skip what no minion of the
//! combat can hear.

use super::bonuses::GameBonuses;
use super::growth::Growths;
use super::state::{MAX_BONUSES, MAX_SIDE_BONUSES};
use super::unit::{UNMARKED, Unit};
use crate::hearthstone::model::{
    Action, BonusTo, Effect, MAX_EFFECTS, Marks, Minion, REBORN, SHIELD, STEALTH, TAUNT, Target,
    Token, Trigger, VENOM,
};

/// What never changes for a kind of minion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Kind {
    pub(super) attack: u16,
    pub(super) base_keywords: u8,
    pub(super) tier: u8,
    pub(super) token: Token,
    /// The kinds of its deathrattle tokens and of its reborn copy.
    pub(super) token_kind: u8,
    pub(super) reborn_kind: u8,
    pub(super) tribes: u32,
    pub(super) marks: Marks,
    pub(super) effects: [Effect; MAX_EFFECTS],
    /// The token its effects summon, and its kind.
    pub(super) effect_token: Token,
    pub(super) effect_token_kind: u8,
    pub(super) name: Option<&'static str>,
}

/// A `Kind::reborn_kind` that names the kind itself (`Kinds::intern`
/// puts its index there).
pub(super) const REBORN_ITSELF: u8 = u8::MAX;

/// Kinds of minion a combat can hold at most: each of 14 starting minions,
/// its reborn copy, its deathrattle token and that token's reborn copy,
/// the token's own token and its reborn copy, and its effect token (plain:
/// `cards::effects`) and that token's reborn copy (8 each, 112), rounded
/// up to a power of two.
pub(super) const MAX_KINDS: usize = 128;

/// A kind's facts for the hot paths.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Facts {
    /// Its potential beyond its health and shield: its tokens and reborn
    /// copy, which no attack changes (reborn is lost only with the minion).
    pub(super) extra_potential: u32,
    pub(super) attack: u16,
    pub(super) base_keywords: u8,
    /// Summons minions whose round mark comes from its own (dying, or
    /// damaged: "whenever this takes damage, summon").
    pub(super) summons_by_mark: bool,
    /// Dying summons something or fires an effect.
    pub(super) acts_on_death: bool,
    /// Dying fires a deathrattle effect.
    pub(super) deathrattle_effects: bool,
    pub(super) tribes: u32,
    pub(super) marks: Marks,
    /// Some effect fires when another friendly minion attacks whose
    /// tribes meet this mask (`heard_bits`).
    pub(super) on_other_attacks: u32,
    /// Some effect fires when it attacks itself.
    pub(super) on_own_attacks: bool,
    /// Some effect fires when a friendly minion dies whose tribes meet
    /// this mask (`heard_bits`, read for the dead minion).
    pub(super) on_friendly_death: u32,
    /// Some effect fires when a friendly minion is summoned whose tribes
    /// meet this mask (`heard_bits`, read for the summoned minion).
    pub(super) on_friendly_summon: u32,
    /// Some effect fires after it attacked.
    pub(super) after_attack: bool,
    /// The tribes (`heard_bits`) of the other friendly attackers it
    /// listens to after their attack.
    pub(super) after_other_attacks: u32,
    /// While it lives, friendly deathrattles trigger this many extra times.
    pub(super) extra_deathrattles: u8,
    /// While it lives, friendly deathrattles trigger at least this many
    /// times (0: no such aura), before the extra times.
    pub(super) deathrattle_times: u8,
    /// Its avenge count ("Avenge (N)"; 0: none).
    pub(super) avenge: u8,
    /// It counts its gifts (`Action::GrowingGift`; never with an avenge).
    pub(super) counts_gifts: bool,
    /// Some effect fires when a friendly minion loses its shield.
    pub(super) on_shield_loss: bool,
    /// Some effect fires when damage lands on it.
    pub(super) on_damage: bool,
    /// Its stat aura: its friends of these tribes (never itself) have
    /// +`aura_attack`/+`aura_health` while it is on the board (0: none).
    pub(super) aura_tribes: u32,
    pub(super) aura_attack: u16,
    pub(super) aura_health: u16,
    /// Some effect fires when damage lands on a friendly minion whose
    /// tribes meet this mask (`heard_bits`, read for the damaged minion).
    pub(super) on_friendly_damage: u32,
    /// Some effect fires after another friendly minion whose tribes meet
    /// this mask (`heard_bits`, read for the dealer) dealt damage.
    pub(super) on_friendly_deals_damage: u32,
    /// Some effect fires after a friendly minion's reborn copy returned.
    pub(super) on_friendly_reborn: bool,
    /// Gains taunt with a shield (`Action::TauntWithShield`).
    pub(super) taunt_with_shield: bool,
    /// Some effect fires when its attack kills the minion it attacks.
    pub(super) on_kill: bool,
    /// The attack that brings it a shield (`Action::ShieldAtAttack`; 0:
    /// none).
    pub(super) shield_at_attack: u16,
    /// Friendly blood gems give this many times their stats while it is on
    /// the board (`Action::GemStats`; 0: no such aura).
    pub(super) gem_times: u8,
    /// Some effect fires when a blood gem is played on it.
    pub(super) on_gem: bool,
}

/// Every kind of minion a combat can hold: the starting minions, their
/// reborn copies and their deathrattle tokens (at most 3 per starting
/// minion, so a `u8` indexes them).
#[derive(Debug, Clone)]
pub struct Kinds {
    pub(super) kinds: Vec<Kind>,
    /// What the hot paths read, by kind, in one fixed array (a kind index
    /// masked to its size needs no bounds check).
    pub(super) facts: [Facts; MAX_KINDS],
    /// The most health and attack any unit starts with (effects may
    /// raise them in combat).
    pub(super) max_health: u16,
    pub(super) max_attack: u16,
    /// What the effects of the combat's minions can do (see `Effect`).
    pub(super) any_start_of_combat: bool,
    pub(super) any_attack_triggers: bool,
    /// Some kind listens after another friendly minion's attack.
    pub(super) any_after_other_attacks: bool,
    /// Some deathrattle gives a side bonus (`State::deathrattle_bonuses_first`).
    pub(super) any_deathrattle_bonuses: bool,
    pub(super) any_extra_deathrattles: bool,
    pub(super) any_death_listeners: bool,
    pub(super) any_summon_listeners: bool,
    pub(super) any_avenge: bool,
    pub(super) any_shield_listeners: bool,
    pub(super) any_damage_listeners: bool,
    /// Some kind listens to the damage a friendly minion deals.
    pub(super) any_deal_listeners: bool,
    /// Damage or deal listeners: what every hit that lands is heard by.
    pub(super) any_damage_heard: bool,
    pub(super) any_stat_auras: bool,
    pub(super) any_reborn_listeners: bool,
    /// Some kind's effect fires when its attack kills (`on_kill`).
    pub(super) any_kill_effects: bool,
    /// Some kind gains a shield at an attack or taunt with a shield
    /// (read by every buff).
    pub(super) any_buff_keywords: bool,
    /// What the side bonuses apply to (`Action::SideBonus`, the growths'
    /// and the Tasty Lobsters' count), the first `bonus_count` of them; a
    /// side bonus makes `any_stat_auras` (entering minions take it as an
    /// aura's bonus).
    pub(super) bonus_to: [BonusTo; MAX_BONUSES],
    pub(super) bonus_count: u8,
    /// Some effect gives reborn: every kind has a reborn copy (its own
    /// kind for a copy or a token), and every death may summon.
    pub(super) reborn_gifts: bool,
    /// Shield, damage or deal listeners: what an attack's hits are heard
    /// by.
    pub(super) any_hit_listeners: bool,
    /// Some minion can have stealth (`State::clear_stealth_if_stuck`).
    pub(super) any_stealth: bool,
    pub(super) changes_units: bool,
    pub(super) raises_potential: bool,
    /// Per side, what its summoned minions enter with from earlier turns
    /// (`GameBonuses::entry_bonuses`): (the minions that take it; attack;
    /// health), the first `entry_counts[side]` of them.
    pub(super) entry_bonuses: [[(BonusTo, u16, u16); MAX_ENTRY_BONUSES]; 2],
    pub(super) entry_counts: [u8; 2],
    /// The card marks that grow with a side's count (`growth.rs`), with
    /// their side bonuses for the minions entering mid-combat.
    pub(super) growths: Growths,
    /// Per side, one blood gem's attack and health before a `GemStats`
    /// aura multiplies them (1 + the game's bonus).
    pub(super) gem: [[u16; 2]; 2],
    /// Per side, the Tasty Lobster improvements of earlier turns
    /// (`GameBonuses::lobsters`).
    pub(super) lobsters: [u16; 2],
}

/// Entry bonuses a side's `GameBonuses` may hold.
pub(super) const MAX_ENTRY_BONUSES: usize = 12;

impl Kinds {
    pub(super) fn intern(&mut self, kind: Kind) -> u8 {
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
    pub(super) fn note_entering(&mut self, of: Marks) {
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
    pub(super) fn has_deathrattle(&self, u: &Unit) -> bool {
        self.kinds[u.kind as usize].token.count > 0
            || self.facts(u).deathrattle_effects
            || self.marks(u).intersects(Marks::HAS_DEATHRATTLE)
    }

    /// The kind of a token (and of its reborn copy when it has reborn).
    pub(super) fn token(&mut self, t: &Token) -> u8 {
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

    pub(super) fn unit(&mut self, m: &Minion) -> Unit {
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
    pub(super) fn entering(&self, kind: u8, health: i16) -> Unit {
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
    pub(super) fn facts(&self, u: &Unit) -> &Facts {
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
    pub(super) fn add_game_bonuses(&mut self, bonuses: &[GameBonuses; 2]) {
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
    pub(super) fn takes(&self, u: &Unit, to: BonusTo) -> bool {
        let f = self.facts(u);
        to.reaches(f.tribes, f.marks)
    }

    pub(super) fn tier(&self, u: &Unit) -> u32 {
        self.kinds[u.kind as usize].tier as u32
    }
}

/// The attack at which effects bring their minion a shield
/// (`Action::ShieldAtAttack`; 0: none).
pub(super) fn shield_at_attack(effects: &[Effect]) -> u16 {
    effects
        .iter()
        .find_map(|e| match e.action {
            Action::ShieldAtAttack { attack } => Some(attack),
            _ => None,
        })
        .unwrap_or(0)
}

/// A minion's tribes as a listener's mask (`Facts::on_other_attacks`,
/// `on_friendly_death`, `on_friendly_summon`) meets them: its tribe bits
/// and a bit every minion has (for "a friendly minion attacks", "dies",
/// "is summoned").
pub(super) fn heard_bits(tribes: u32) -> u32 {
    tribes | 1 << 31
}
