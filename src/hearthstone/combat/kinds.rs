//! Kinds of minion: what never changes for a minion in one combat (its
//! card's stats, keywords, tribes, effects, tokens and reborn copy),
//! interned once as the combat is set up, with the facts the phases read
//! on their hot paths (what each kind listens to, its auras: `flags.rs`
//! folds them) and the combat's flags, which let a phase skip what no
//! minion of the combat can hear. A minion in combat is a `Unit` of some
//! kind; new kinds enter here only, as the combat is set up (tokens and
//! reborn copies included), so the engines never intern mid-combat.

use super::flags::{FLAGS, Flag, Flags, Folded, HEARD, SETS, Set};
use super::gild::Gild;
use super::growth::{Earlier, Growths};
use super::hand::Hand;
use super::state::{MAX_BONUSES, MAX_SIDE_BONUSES, State};
use super::team::Team;
use super::unit::{UNMARKED, Unit};
use crate::hearthstone::model::{
    Action, BonusTo, Counter, Effect, GameBonuses, HeroCard, MAX_EFFECTS, MAX_ENTRY_BONUSES,
    MAX_HERO_CARDS, Marks, Minion, REBORN, SHIELD, STEALTH, TAUNT, Target, Token, Trigger, VENOM,
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
    /// A minion that reads its maximum health (`Action::GiveMaxHealth`):
    /// the health it began the combat with (units of other healths are
    /// other kinds); 0 for every other kind (`max_health.rs`).
    pub(super) max_health: u16,
}

/// A `Kind::reborn_kind` that names the kind itself (`Kinds::intern`
/// puts its index there).
pub(super) const REBORN_ITSELF: u8 = u8::MAX;

/// Kinds of minion a combat can hold at most: each of 14 starting minions,
/// its reborn copy, its deathrattle token and that token's reborn copy,
/// the token's own token and its reborn copy, and its effect token (plain:
/// `cards::reader`) and that token's reborn copy (8 each, 112), rounded
/// up to a power of two.
pub(super) const MAX_KINDS: usize = 128;

/// A kind's facts for the hot paths, in one cache line (so a kind's index
/// finds them with a shift).
#[derive(Debug, Clone, Copy, Default)]
#[repr(align(64))]
pub(super) struct Facts {
    /// Its potential beyond its health and shield: its tokens and reborn
    /// copy, which no attack changes (reborn is lost only with the minion).
    pub(super) extra_potential: u32,
    pub(super) attack: u16,
    pub(super) base_keywords: u8,
    /// Its avenge count ("Avenge (N)"; 0: none).
    pub(super) avenge: u8,
    /// Firings per combat of its "whenever this takes damage" (0: no
    /// limit), counted in `Unit::count`.
    pub(super) limit: u8,
    pub(super) tribes: u32,
    pub(super) marks: Marks,
    /// What its effects do (`Flag`).
    pub(super) flags: Flags,
    /// Per listener of friends' tribes (the first `HEARD` flags): the
    /// tribes (`heard_bits`) of the friendly minions whose doing fires it
    /// (the attacker, the dead, the summoned, the damaged, the dealer).
    pub(super) heard: [u32; HEARD],
    /// Summons minions whose round mark comes from its own (dying, or
    /// damaged: "whenever this takes damage, summon").
    pub(super) summons_by_mark: bool,
    /// Dying summons something or fires an effect.
    pub(super) acts_on_death: bool,
    /// While it lives, friendly deathrattles trigger this many extra times.
    pub(super) extra_deathrattles: u8,
    /// While it lives, friendly deathrattles trigger at least this many
    /// times (0: no such aura), before the extra times.
    pub(super) deathrattle_times: u8,
    /// Its stat aura: its friends of these tribes (never itself) have
    /// +`aura_attack`/+`aura_health` while it is on the board (0: none).
    pub(super) aura_tribes: u32,
    pub(super) aura_attack: u16,
    pub(super) aura_health: u16,
    /// The attack that brings it a shield (`Action::ShieldAtAttack`; 0:
    /// none).
    pub(super) shield_at_attack: u16,
    /// Friendly blood gems give this many times their stats while it is on
    /// the board (`Action::GemStats`; 0: no such aura).
    pub(super) gem_times: u8,
    /// It gains the deathrattles of friendly deathrattle minions dying,
    /// this many copies of each (`Action::GainDeathrattles`; 0: none):
    /// its count is how many it gained (`memory.rs`).
    pub(super) remembers: u8,
}

impl Facts {
    /// Whether its effects do `flag`.
    #[inline]
    pub(super) fn has(&self, flag: Flag) -> bool {
        self.flags.has(flag)
    }

    /// The tribes (`heard_bits`) a listener of friends' tribes hears (0:
    /// none).
    #[inline]
    pub(super) fn hears(&self, flag: Flag) -> u32 {
        debug_assert!((flag as usize) < HEARD);
        self.heard[flag as usize]
    }
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
    /// What the combat's kinds do (`Flag`): the union of their flags,
    /// and of what the combat's bonuses raise.
    any: Flags,
    /// The same flags, then the `Set`s they meet, a byte each: the hot
    /// paths test one with a single instruction (a bit of `any` costs the
    /// attack a shift and a mask, and a register: measured, a percent of
    /// the exact engine's instructions).
    on: [bool; FLAGS + SETS.len()],
    /// What each place of `State::bonus` holds, the first `slot_count`
    /// of them; a side bonus raises `Flag::Auras` (entering minions take
    /// it as an aura's bonus).
    pub(super) slots: [Slot; MAX_BONUSES],
    pub(super) slot_count: u8,
    /// The places side bonuses took (at most `MAX_SIDE_BONUSES`).
    side_bonuses: u8,
    /// Some effect gives reborn: every kind has a reborn copy (its own
    /// kind for a copy or a token), and every death may summon.
    pub(super) reborn_gifts: bool,
    /// The deathrattles passed on in this combat (`Action::PassOnBuff`),
    /// the first `pass_count`, and the tribes they reach (0: none): a
    /// unit of those tribes carries them in its count (`pass_on.rs`).
    pub(super) passes: [Action; super::pass_on::MAX_PASSES],
    pub(super) pass_count: u8,
    pub(super) holder_tribes: u32,
    /// Some minion of the combat triggers battlecries
    /// (`Action::TriggerBattlecry`): else the minions' battlecry effects
    /// and listeners are left out (`Kinds::played`).
    pub(super) battlecries: bool,
    /// Per side, what its summoned minions enter with from earlier turns
    /// (`GameBonuses::entry_bonuses`): (the minions that take it; attack;
    /// health), the first `entry_counts[side]` of them.
    pub(super) entry_bonuses: [[(BonusTo, u16, u16); MAX_ENTRY_BONUSES]; 2],
    pub(super) entry_counts: [u8; 2],
    /// The counts the sides keep all game and what grows with them in
    /// this combat (`growth.rs`), with their places in `State::bonus`.
    pub(super) growths: Growths,
    /// Each side's tavern tier (`Combat::tiers`; 0 until `set_tiers`):
    /// what `Action::TierBuff` gives.
    pub(super) tiers: [u8; 2],
    /// Each side's hero-side cards (`Combat::heroes`; none until
    /// `add_heroes`), the first `hero_counts[side]` of them.
    pub(super) heroes: [[HeroCard; MAX_HERO_CARDS]; 2],
    pub(super) hero_counts: [u8; 2],
    /// The kind of each hero-side card's token or minion (0 when it has
    /// none).
    pub(super) hero_tokens: [[u8; MAX_HERO_CARDS]; 2],
    /// Per side, the copy a hero-side card resummons when there is room
    /// (`HeroCard::resummons`: the chosen minion as the combat began) and
    /// the slot it enters counted from the right end (`add_resummons`).
    pub(super) resummon: [Option<(Unit, u8)>; 2],
    /// Per side, per starting slot, the kind of the minion there and its
    /// enchanted form, when a hero-side card of the side gives a
    /// deathrattle (`enchant.rs`).
    pub(super) enchanted: [[Option<(u8, u8)>; crate::hearthstone::model::BOARD_SIZE]; 2],
    /// Per side, what each minion summoned in combat gains from its
    /// hero-side cards as it enters (`summoned_gift`: attack, health,
    /// keywords; none when all 0), played by `State::enter_auras`.
    pub(super) summoned_gifts: [(u16, u16, u8); 2],
    /// Some hero-side card acts at the start of combat (the minions'
    /// start-of-combat effects are `Flag::StartOfCombat`).
    hero_start: bool,
    /// Some hero-side card is spent once it fired (`State::spent`).
    hero_once: bool,
    /// Per side, its hero-side card with an avenge (`Trigger::Avenge`,
    /// Broodmother), its index in `heroes`: the death phases keep its
    /// count in `State::avenge` (`deaths::fire_hero_avenge`).
    pub(super) hero_avengers: [Option<u8>; 2],
    /// Some hero-side card's summon waits for room (`State::space`), or
    /// some minion's (`Action::SummonWhenSpace`, its charges in its
    /// count): the summon-when-space step runs (`space.rs`).
    space: bool,
    /// Some hero-side card's waiting summon is a pre-combat hero power's
    /// (`HeroCard::pre_combat`): the first attacker is picked by the
    /// counts after the start of combat (`start::counted_lens`).
    space_recounts: bool,
    /// Some minion's start of combat may change the boards' sizes without
    /// the first attacker picked again (`start::keeps_first_attacker`).
    keeps_attacker: bool,
    /// Some minion's start of combat may change the boards' sizes, after
    /// which (its deaths and summons waiting for room done) Firestone
    /// picks the first attacker again (`start::may_resize`).
    start_recounts: bool,
    /// Some token of the combat attacks at once when summoned
    /// (`Marks::ATTACKS_AT_ONCE`, `at_once.rs`).
    at_once: bool,
    /// Some minion remembers deathrattles (`Facts::remembers`): the
    /// death phases keep `State::memory` (`memory.rs`).
    pub(super) remembers: bool,
    /// Some deathrattle reaches the minions next to where it died
    /// (`Target::Adjacent`): deathrattles fire with their place
    /// (`Fired::place`).
    pub(super) dead_places: bool,
    /// Some deathrattle summons from its side's hand
    /// (`Action::SummonFromHand`): the death phase places those summons.
    pub(super) hand_deathrattles: bool,
    /// Some minion destroys the minion that killed it (`Target::Killer`):
    /// an attack marks the killer (`killer.rs`).
    pub(super) destroys_killer: bool,
    /// `at_once || destroys_killer`, kept as one field: the hot path
    /// tests it after every attack (`attack_deaths_apart`).
    deaths_apart: bool,
    /// What each side's hand gives the combat (`hand.rs`).
    pub(super) hands: [Hand; 2],
    /// More kinds than `MAX_KINDS` were met (only Duos boards can hold
    /// that many: the combat is refused).
    pub(super) overflowed: bool,
    /// Duos: the teammates and the kinds as each side's player changes
    /// (`team.rs`; none in other combats).
    pub(super) team: Option<Box<Team>>,
    /// Some minion makes minions golden: what that does to each kind
    /// (`gild.rs`).
    pub(super) gilds: bool,
    pub(super) gild: [Gild; MAX_KINDS],
    /// The random summons from the card pool of the combat's kinds
    /// (`pool.rs`; none when no minion summons at random).
    pub(super) random: Option<Box<super::pool::RandomSummons>>,
}

/// A deathrattle reaching the minions next to where it died.
fn reaches_dead_place(e: &Effect) -> bool {
    e.trigger == Trigger::Deathrattle
        && matches!(
            e.action,
            Action::BloodGems {
                target: Target::Adjacent,
                ..
            } | Action::Buff {
                target: Target::Adjacent,
                ..
            }
        )
}

/// What of `Kinds` belongs to one side's player (its tier, hero-side
/// cards, hand, bonuses from earlier turns): a Duos teammate has its own.
#[derive(Debug, Clone, Copy)]
pub(super) struct Player {
    tier: u8,
    heroes: [HeroCard; MAX_HERO_CARDS],
    hero_count: u8,
    hero_tokens: [u8; MAX_HERO_CARDS],
    pub(super) hand: Hand,
    entry_bonuses: [(BonusTo, u16, u16); MAX_ENTRY_BONUSES],
    entry_count: u8,
    earlier: Earlier,
}

/// What a place of `State::bonus` holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Slot {
    /// Stats the friendly minions it reaches enter with: a side bonus
    /// (`Action::SideBonus`), or a growing mark's growth in this combat.
    Entering(BonusTo),
    /// A count of the side in this combat, which no minion takes (an
    /// improving buff's, the blood gems' bonus).
    Count(Counter),
}

impl Kinds {
    /// No kind yet, for a combat of the minions `boards` (some effect of
    /// theirs may give reborn: every kind then has a reborn copy).
    pub(super) fn new(boards: [&[Minion]; 2]) -> Kinds {
        let [a, b] = boards;
        let mut passes = [Action::Nothing; super::pass_on::MAX_PASSES];
        let mut pass_count = 0;
        let mut holder_tribes = 0;
        for m in a.iter().chain(b) {
            if let Some(p @ Action::PassOnBuff { tribes, .. }) =
                super::pass_on::passed_on(&m.effects)
            {
                holder_tribes |= tribes;
                // `pass_on::validate_passing` refuses more.
                if !passes[..pass_count].contains(&p) && pass_count < passes.len() {
                    passes[pass_count] = p;
                    pass_count += 1;
                }
            }
        }
        Kinds {
            passes,
            pass_count: pass_count as u8,
            holder_tribes,
            kinds: Vec::new(),
            facts: [Facts::default(); MAX_KINDS],
            max_health: 1,
            max_attack: 0,
            any: Flags::default(),
            on: [false; FLAGS + SETS.len()],
            slots: [Slot::Entering(BonusTo::Tribes(0)); MAX_BONUSES],
            slot_count: 0,
            side_bonuses: 0,
            reborn_gifts: a.iter().chain(b).any(|m| {
                Folded::of(&m.effects, m.tribes)
                    .flags
                    .has(Flag::GivesReborn)
            }),
            battlecries: false,
            entry_bonuses: [[(BonusTo::Every, 0, 0); MAX_ENTRY_BONUSES]; 2],
            entry_counts: [0; 2],
            growths: Growths::default(),
            tiers: [0; 2],
            heroes: [[HeroCard::default(); MAX_HERO_CARDS]; 2],
            hero_counts: [0; 2],
            hero_tokens: [[0; MAX_HERO_CARDS]; 2],
            resummon: [None; 2],
            enchanted: [[None; crate::hearthstone::model::BOARD_SIZE]; 2],
            summoned_gifts: [(0, 0, 0); 2],
            hero_start: false,
            hero_once: false,
            hero_avengers: [None; 2],
            space: false,
            space_recounts: false,
            keeps_attacker: false,
            start_recounts: false,
            at_once: false,
            remembers: false,
            dead_places: false,
            hand_deathrattles: false,
            destroys_killer: false,
            deaths_apart: false,
            hands: [Hand::default(); 2],
            overflowed: false,
            team: None,
            gilds: false,
            gild: [Gild::Unknown; MAX_KINDS],
            random: None,
        }
    }

    /// `side`'s player's part of the kinds.
    pub(super) fn player(&self, side: usize) -> Player {
        Player {
            tier: self.tiers[side],
            heroes: self.heroes[side],
            hero_count: self.hero_counts[side],
            hero_tokens: self.hero_tokens[side],
            hand: self.hands[side],
            entry_bonuses: self.entry_bonuses[side],
            entry_count: self.entry_counts[side],
            earlier: self.growths.earlier_of(side),
        }
    }

    /// Makes `p` `side`'s player (the kinds, flags and places of
    /// `State::bonus` stay: they are the whole combat's).
    pub(super) fn set_player(&mut self, side: usize, p: &Player) {
        self.tiers[side] = p.tier;
        self.heroes[side] = p.heroes;
        self.hero_counts[side] = p.hero_count;
        self.hero_tokens[side] = p.hero_tokens;
        self.hands[side] = p.hand;
        self.entry_bonuses[side] = p.entry_bonuses;
        self.entry_counts[side] = p.entry_count;
        self.growths.set_earlier(side, p.earlier);
    }

    /// Forgets both sides' hero-side cards and bonuses from earlier turns
    /// (before another player's are taken in: the flags they raised stay).
    pub(super) fn clear_players(&mut self) {
        self.hero_counts = [0; 2];
        self.hero_tokens = [[0; MAX_HERO_CARDS]; 2];
        self.entry_counts = [0; 2];
    }

    /// Orders the exact engine's states by the turns taken (a Duos
    /// teammate acting at its start of combat may raise the potential).
    pub(super) fn raise_potential(&mut self) {
        self.raise_flags(Flags::of(Flag::RaisesPotential));
    }

    /// Each side's tavern tier, for the effects that read it
    /// (`Action::TierBuff`).
    pub(super) fn set_tiers(&mut self, tiers: [u32; 2]) {
        self.tiers = tiers.map(|t| t.min(u32::from(u8::MAX)) as u8);
    }

    /// Takes in each side's hero-side cards (`Combat::heroes`, at most
    /// `MAX_HERO_CARDS` a side: more are left out, `validate` refuses
    /// them): their effects raise the combat's flags as a minion's do,
    /// but for the start of combat, which `hero_start` says.
    pub(super) fn add_heroes(&mut self, heroes: &[Vec<HeroCard>; 2]) {
        for (side, cards) in heroes.iter().enumerate() {
            let cards = &cards[..cards.len().min(MAX_HERO_CARDS)];
            self.heroes[side][..cards.len()].copy_from_slice(cards);
            self.hero_counts[side] = cards.len() as u8;
            let mut effects = Vec::new();
            for (j, card) in cards.iter().enumerate() {
                if let Some((attack, health, keywords)) = super::auras::summoned_gift(card) {
                    // Played as minions enter, as a side's bonuses are:
                    // no listener of its own.
                    let gift = &mut self.summoned_gifts[side];
                    *gift = (
                        gift.0.saturating_add(attack),
                        gift.1.saturating_add(health),
                        gift.2 | keywords,
                    );
                    self.raise_flags(Flags::of(Flag::Auras).and(Flag::ChangesUnits));
                    if health > 0 {
                        self.raise_flags(Flags::of(Flag::RaisesPotential));
                    }
                    self.max_attack = self.max_attack.saturating_add(attack);
                    self.max_health = self.max_health.saturating_add(health);
                    continue;
                }
                effects.push(card.effect);
                if let Some(minion) = &card.minion {
                    // A whole card's minion the boards lack, its kind
                    // interned as a starting minion's (its flags raised).
                    self.hero_tokens[side][j] = self.unit(minion).kind;
                    self.raise_potential();
                } else if card.token.count > 0 {
                    self.hero_tokens[side][j] = self.token(&card.token);
                }
                self.hero_once |= card.once;
                if matches!(card.effect.trigger, Trigger::Avenge { .. }) {
                    self.hero_avengers[side] = Some(j as u8);
                    // Its summons are potential the boards lack.
                    self.raise_potential();
                    // Its token's size changes as it fires: keys hold
                    // attacks.
                    if card.improving.is_some() {
                        self.raise_flags(Flags::of(Flag::ChangesUnits));
                    }
                }
                self.space |= card.when_space;
                self.space_recounts |= card.when_space && card.pre_combat;
                if card.when_space {
                    // Waiting summons are potential the boards lack.
                    self.raise_potential();
                }
            }
            let flags = Folded::of(&effects, 0).flags;
            // Reborn copies are made as the kinds are (`Kinds::new`): no
            // hero-side card gives reborn yet.
            debug_assert!(!flags.has(Flag::GivesReborn));
            self.hero_start |= flags.has(Flag::StartOfCombat);
            self.raise_flags(flags.without(Flag::StartOfCombat));
        }
    }

    /// Takes each side's copy a hero-side card resummons
    /// (`HeroCard::resummons`) from the board `start` the combat begins
    /// with: the minion its `Target::Chosen` names, as it stands, and its
    /// slot counted from the right end. None when no minion stands there.
    pub(super) fn add_resummons(&mut self, start: &State) {
        for side in 0..2 {
            let len = start.lens[side] as usize;
            let chosen = self
                .heroes(side)
                .iter()
                .find_map(|h| match h.effect.action {
                    Action::Destroy {
                        target: Target::Chosen { slot },
                    } if h.resummons => Some(slot as usize),
                    _ => None,
                });
            self.resummon[side] = chosen
                .filter(|&slot| slot < len)
                .map(|slot| (start.boards[side][slot], (len - 1 - slot) as u8));
        }
    }

    /// The hero-side cards of `side`, in the game state's order.
    pub(super) fn heroes(&self, side: usize) -> &[HeroCard] {
        &self.heroes[side][..self.hero_counts[side] as usize]
    }

    /// Some hero-side card acts at the start of combat.
    pub(super) fn any_hero_start(&self) -> bool {
        self.hero_start
    }

    /// Some hero-side card or minion hears a friendly minion attacked.
    #[inline]
    pub(super) fn any_attacked(&self) -> bool {
        self.any(Flag::Attacked)
    }

    /// Some hero-side card's summon waits for room: the memo keys hold
    /// `State::space`, and the summon-when-space step runs (`space.rs`).
    #[inline]
    pub(super) fn any_space(&self) -> bool {
        self.space
    }

    /// Whether the boards as the combat began pick the first attacker
    /// (`start::counted_lens`), not those after the start of combat: a
    /// minion's start of combat keeps the first attacker, or summons wait
    /// for room (Firestone's summon-when-space step does not pick again)
    /// with nothing that picks again after them: a pre-combat hero
    /// power's waiting summon (`space_recounts`) or a minion's start of
    /// combat that may change the boards (`start_recounts`).
    #[inline]
    pub(super) fn counts_start_boards(&self) -> bool {
        self.keeps_attacker || (self.space && !self.space_recounts && !self.start_recounts)
    }

    /// The token a unit's kind summons when there is room
    /// (`Action::SummonWhenSpace`): its kind and health, and whether it
    /// attacks at once.
    pub(super) fn when_space_token(&self, u: &Unit) -> Option<((u8, u16), bool)> {
        let k = &self.kinds[u.kind as usize];
        k.effects.iter().find_map(|e| match e.action {
            Action::SummonWhenSpace { attacks, .. } => {
                Some(((k.effect_token_kind, k.effect_token.health), attacks))
            }
            _ => None,
        })
    }

    /// Some side has a hero-side card with an avenge: the memo keys hold
    /// `State::avenge`.
    #[inline]
    pub(super) fn any_hero_avenger(&self) -> bool {
        self.hero_avengers != [None; 2]
    }

    /// Some hero-side card is spent once it fired: the memo keys hold
    /// `State::spent`.
    pub(super) fn any_hero_once(&self) -> bool {
        self.hero_once
    }

    /// The kind `kind` (its index), interned: a kind met before keeps its
    /// index, a new one gets the next with its facts.
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
        // Only Duos boards can hold this many (`team.rs` refuses them).
        if self.kinds.len() >= MAX_KINDS {
            self.overflowed = true;
            return 0;
        }
        let kind = at(self.kinds.len());
        let facts = self.facts_of(&kind);
        self.remembers |= facts.remembers > 0;
        self.dead_places |= kind.effects.iter().any(reaches_dead_place);
        self.hand_deathrattles |= super::hand::deathrattle_from_hand(&kind.effects).is_some();
        self.destroys_killer |= kind.effects.iter().any(super::killer::destroys_killer);
        self.deaths_apart |= self.destroys_killer;
        self.facts[self.kinds.len()] = facts;
        self.raise_flags(facts.flags);
        self.note_side_bonuses(&kind.effects);
        self.kinds.push(kind);
        (self.kinds.len() - 1) as u8
    }

    /// A kind's potential beyond its health and shield: its tokens (and
    /// theirs) and its reborn copy, which no attack changes (reborn is
    /// lost only with the minion).
    fn extra_potential(&self, kind: &Kind) -> u32 {
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
        tokens + reborn
    }

    /// What the hot paths read of `kind` (a new kind: its growth is noted).
    fn facts_of(&mut self, kind: &Kind) -> Facts {
        let t = &kind.token;
        let sum = Folded::of(&kind.effects, kind.tribes);
        // Any minion may be given reborn: any death may summon.
        let summons = t.count > 0
            || kind.base_keywords & REBORN != 0
            || self.reborn_gifts
            || kind
                .effects
                .iter()
                .any(|e| matches!(e.action, Action::SummonRandom { .. }));
        let (aura_tribes, aura_attack, aura_health) = sum.aura.unwrap_or((0, 0, 0));
        let mut flags = sum.flags;
        let remembers = kind
            .effects
            .iter()
            .find_map(|e| match e.action {
                Action::GainDeathrattles { times } => Some(times),
                _ => None,
            })
            .unwrap_or(0);
        // Stealth changes units (lost on attacking) and lets a turn pass
        // without an attack (no target), which lowers no potential.
        if kind.base_keywords & STEALTH != 0 {
            flags = flags
                .and(Flag::Stealth)
                .and(Flag::ChangesUnits)
                .and(Flag::RaisesPotential);
        }
        // A minion that may carry deathrattles passed on acts on death
        // and may buff (`pass_on.rs`).
        if kind.tribes & self.holder_tribes != 0 {
            flags = flags
                .and(Flag::Deathrattle)
                .and(Flag::ChangesUnits)
                .and(Flag::RaisesPotential);
        }
        // Growing minions change mid-combat, in health too.
        if self.growths.note(kind.marks) {
            flags = flags.and(Flag::ChangesUnits).and(Flag::RaisesPotential);
        }
        Facts {
            extra_potential: self.extra_potential(kind),
            attack: kind.attack,
            base_keywords: kind.base_keywords,
            avenge: sum.avenge,
            limit: sum.limit,
            tribes: kind.tribes,
            marks: kind.marks,
            flags,
            heard: sum.heard,
            summons_by_mark: summons || flags.has(Flag::SummonsWhenDamaged),
            acts_on_death: summons || flags.has(Flag::Deathrattle) || remembers > 0,
            extra_deathrattles: sum.extra_deathrattles,
            deathrattle_times: sum.deathrattle_times,
            aura_tribes,
            aura_attack,
            aura_health,
            shield_at_attack: sum.shield_at_attack(),
            gem_times: sum.gem_times,
            remembers,
        }
    }

    /// Gives the side bonuses of `effects` their places in
    /// `State::bonus` (each thing a side bonus applies to, or the count it
    /// raises), and the improving buffs' count its place.
    fn note_side_bonuses(&mut self, effects: &[Effect]) {
        for e in effects {
            match e.action {
                Action::SideBonus { to, .. } => {
                    let slot = to.counter().map_or(Slot::Entering(to), Slot::Count);
                    // `combat::validate` refuses boards with more.
                    if self.slot(slot).is_none() && (self.side_bonuses as usize) < MAX_SIDE_BONUSES
                    {
                        self.side_bonuses += 1;
                        self.add_slot(slot);
                    }
                }
                Action::ImprovingBuff { .. } => {
                    let slot = Slot::Count(Counter::Improvements);
                    if self.slot(slot).is_none() {
                        self.add_slot(slot);
                    }
                }
                _ => {}
            }
        }
    }

    /// The next place of `State::bonus` holds `slot` (a count's grower
    /// takes it).
    fn add_slot(&mut self, slot: Slot) -> u8 {
        let at = self.slot_count;
        self.slots[at as usize] = slot;
        self.slot_count += 1;
        if let Slot::Count(counter) = slot {
            self.growths.note_count(counter, at);
        }
        at
    }

    /// The place of `slot` in `State::bonus`, if the combat gave it one.
    pub(super) fn slot(&self, slot: Slot) -> Option<usize> {
        self.slots[..self.slot_count as usize]
            .iter()
            .position(|&s| s == slot)
    }

    /// A minion of `marks` can enter mid-combat: the growth of its card
    /// in this combat (`growth.rs`) becomes a side bonus it enters with.
    pub(super) fn note_entering(&mut self, of: Marks) {
        self.growths.note(of);
        let mut marks = [Marks::NONE; 4];
        let mut n = 0;
        for mark in self.growths.marks_without_slot(of) {
            marks[n] = mark;
            n += 1;
        }
        for &mark in &marks[..n] {
            let at = self.add_slot(Slot::Entering(BonusTo::Marks(mark)));
            self.growths.set_slot(mark, at);
            // Entering minions take it as an aura's bonus.
            self.raise_flags(Flags::of(Flag::Auras));
        }
    }

    /// The marks that grow in this combat.
    pub(super) fn growths(&self) -> &Growths {
        &self.growths
    }

    /// A unit has a deathrattle: tokens, effects, or its card's (one that
    /// acts outside the boards too).
    pub(super) fn has_deathrattle(&self, u: &Unit) -> bool {
        let kind = &self.kinds[u.kind as usize];
        // A possible holder of deathrattles passed on has one while it
        // carries one (`pass_on.rs`), as Firestone's enchantment gives.
        let effects = if self.holder_tribes & kind.tribes != 0 {
            u.count() != 0
                || kind
                    .effects
                    .iter()
                    .any(|e| e.trigger == Trigger::Deathrattle)
        } else {
            self.facts(u).has(Flag::Deathrattle)
        };
        kind.token.count > 0 || effects || self.marks(u).intersects(Marks::HAS_DEATHRATTLE)
    }

    /// The index of a deathrattle passed on in `passes`.
    pub(super) fn pass_index(&self, pass: Action) -> usize {
        let n = self.pass_count as usize;
        self.passes[..n]
            .iter()
            .position(|&p| p == pass)
            .unwrap_or(0)
    }

    /// Some token of the combat attacks at once when summoned.
    #[inline(always)]
    pub(super) fn any_at_once(&self) -> bool {
        self.at_once
    }

    /// An attack's death phase takes a path of its own: tokens attack at
    /// once, or a minion destroys its killer. One test on the hot path
    /// for both (`State::deaths_of_attack`).
    #[inline(always)]
    pub(super) fn attack_deaths_apart(&self) -> bool {
        self.deaths_apart
    }

    /// A unit attacks at once when summoned.
    pub(super) fn attacks_at_once(&self, u: &Unit) -> bool {
        self.marks(u).intersects(Marks::ATTACKS_AT_ONCE)
    }

    /// A unit's deathrattle summons tokens that attack at once.
    pub(super) fn summons_at_once(&self, u: &Unit) -> bool {
        let k = &self.kinds[u.kind as usize];
        k.token.count > 0 && k.token.marks.intersects(Marks::ATTACKS_AT_ONCE)
    }

    /// The kind of a token (and of its reborn copy when it has reborn).
    pub(super) fn token(&mut self, t: &Token) -> u8 {
        self.note_entering(t.marks);
        self.at_once |= t.marks.intersects(Marks::ATTACKS_AT_ONCE);
        self.deaths_apart |= self.at_once;
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
            max_health: 0,
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
        let m = &self.played(m);
        let t = m.deathrattle;
        self.max_health = self.max_health.max(m.health as u16);
        self.max_attack = self.max_attack.max(m.attack);
        let token_kind = if t.count > 0 { self.token(&t) } else { 0 };
        let sum = Folded::of(&m.effects, m.tribes);
        let summons = sum.flags.has(Flag::Summons);
        let effect_token_kind = if summons {
            self.token(&m.effect_token)
        } else {
            0
        };
        self.space |= m
            .effects
            .iter()
            .any(|e| matches!(e.action, Action::SummonWhenSpace { .. }));
        self.keeps_attacker |= m.effects.iter().any(super::start::keeps_first_attacker);
        self.start_recounts |= m.effects.iter().any(super::start::may_resize);
        // The reborn copy's tokens when not the minion's own.
        let copy_token = m.reborn_deathrattle.unwrap_or(t);
        let copy_token_kind = match m.reborn_deathrattle {
            Some(own) if own.count > 0 => self.token(&own),
            Some(_) => 0,
            None => token_kind,
        };
        let (base_attack, mut base_keywords) = m.reborn_base();
        // A copy entering with the attack that brings a shield has one.
        let threshold = sum.shield_at_attack();
        if threshold > 0 && base_attack >= threshold {
            base_keywords |= SHIELD;
        }
        let copy = Kind {
            attack: base_attack,
            base_keywords: base_keywords & !REBORN,
            tier: m.tier,
            token: copy_token,
            token_kind: copy_token_kind,
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
            max_health: 0,
        };
        let reborn_kind = if m.keywords & REBORN != 0 || self.reborn_gifts {
            self.note_entering(m.marks);
            self.intern(copy)
        } else {
            0
        };
        // A minion with taunt while shielded enters shielded with taunt.
        let keywords = if sum.flags.has(Flag::TauntWithShield) && m.keywords & SHIELD != 0 {
            m.keywords | TAUNT
        } else {
            m.keywords
        };
        let kind = self.intern(Kind {
            attack: m.attack,
            base_keywords: keywords,
            reborn_kind,
            effects: m.effects,
            token: t,
            token_kind,
            max_health: super::max_health::entering_max_health(m),
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

    /// The minion as this combat plays it: without its battlecries and
    /// their listeners when no minion triggers battlecries.
    fn played(&self, m: &Minion) -> Minion {
        if self.battlecries {
            return *m;
        }
        let strip = super::battlecries::strip_battlecries;
        Minion {
            effects: strip(m.effects),
            reborn_effects: m.reborn_effects.map(strip),
            ..*m
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
                let carries = f.tribes & self.holder_tribes != 0;
                if f.has(Flag::CountsGifts) || f.remembers > 0 || carries {
                    crate::hearthstone::model::MAX_COUNT
                } else {
                    f.avenge.max(f.limit)
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
        self.any(Flag::BuffKeywords)
    }

    /// The attack that brings `u` a shield (0: none).
    #[inline]
    pub fn shield_at_attack(&self, u: &Unit) -> u16 {
        self.facts(u).shield_at_attack
    }

    /// Some effect of `u` fires when a blood gem is played on it.
    #[inline]
    pub fn on_gem(&self, u: &Unit) -> bool {
        self.facts(u).has(Flag::GemPlayedOnThis)
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
        self.facts(u).has(Flag::TauntWithShield)
    }

    /// `u` may summon minions that take their mark from its own: dying,
    /// or damaged.
    #[inline]
    pub fn summons(&self, u: &Unit) -> bool {
        self.facts(u).summons_by_mark
    }

    /// Some kind of the combat does `flag`.
    #[inline]
    pub(super) fn any(&self, flag: Flag) -> bool {
        self.on[flag as usize]
    }

    /// Some kind of the combat does one of the flags of `set`.
    #[inline]
    pub(super) fn any_of(&self, set: Set) -> bool {
        self.on[FLAGS + set as usize]
    }

    /// Adds `flags` to the combat's.
    fn raise_flags(&mut self, flags: Flags) {
        self.any = self.any.with(flags);
        for (i, on) in self.on[..FLAGS].iter_mut().enumerate() {
            *on = self.any.bits() & 1 << i != 0;
        }
        for (set, on) in SETS.iter().zip(&mut self.on[FLAGS..]) {
            *on = self.any.meets(*set);
        }
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
        self.any(Flag::ChangesUnits)
    }

    /// Some minion can have stealth.
    pub fn any_stealth(&self) -> bool {
        self.any(Flag::Stealth)
    }

    /// Effects may raise the potential during combat: the exact engine
    /// orders states by the attacks made instead.
    pub fn raises_potential(&self) -> bool {
        self.any(Flag::RaisesPotential)
    }

    /// Some minion hears a friendly minion lose its shield.
    #[inline]
    pub fn any_shield_listeners(&self) -> bool {
        self.any(Flag::FriendlyLosesShield)
    }

    /// Some minion hears damage land on itself or a friend.
    #[inline]
    pub fn any_damage_listeners(&self) -> bool {
        self.any_of(Set::DamageListeners)
    }

    /// Some minion summons from its side's hand mid-combat
    /// (`State::hand` then changes).
    pub fn summons_from_hand(&self) -> bool {
        self.hands.iter().any(|h| h.summons_mid_combat())
    }

    /// Some minion or hero-side card has a start-of-combat effect.
    pub fn any_start_of_combat(&self) -> bool {
        self.any(Flag::StartOfCombat) || self.hero_start
    }

    /// A unit's card name, if it has one (tokens have none).
    pub fn name(&self, u: &Unit) -> Option<&'static str> {
        self.kinds.get(u.kind as usize).and_then(|k| k.name)
    }

    /// A unit's maximum health as `Action::GiveMaxHealth` reads it (its
    /// kind's: `max_health.rs`).
    pub(super) fn max_health_of(&self, u: &Unit) -> u16 {
        self.kinds.get(u.kind as usize).map_or(0, |k| k.max_health)
    }

    /// Takes in each side's bonuses from earlier turns: entering minions
    /// of the tribes named grow (so memo keys hold units whole, and with
    /// health the potential may rise), and the counts of earlier turns
    /// (`Growths::earlier`).
    pub(super) fn add_game_bonuses(&mut self, bonuses: &[GameBonuses; 2]) {
        self.growths.add_game_bonuses(bonuses);
        for (side, b) in bonuses.iter().enumerate() {
            for (to, attack, health) in b.entry_bonuses() {
                let n = self.entry_counts[side] as usize;
                self.entry_bonuses[side][n] = (to, attack, health);
                self.entry_counts[side] += 1;
                self.raise_flags(Flags::of(Flag::Auras).and(Flag::ChangesUnits));
                if health > 0 {
                    self.raise_flags(Flags::of(Flag::RaisesPotential));
                }
                // Room in the keys for the grown tokens. Saturating:
                // `State::with_bonuses` may be given bonuses `Combat` would
                // refuse.
                self.max_attack = self.max_attack.saturating_add(attack);
                self.max_health = self.max_health.saturating_add(health);
            }
        }
    }

    /// The place of a side bonus to `to` in `State::bonus` (the first
    /// when the combat gave it none).
    pub(super) fn bonus_index(&self, to: BonusTo) -> usize {
        self.slot(Slot::Entering(to)).unwrap_or(0)
    }

    /// The places of `State::bonus` in use, for the memo key.
    pub(super) fn bonus_count(&self) -> usize {
        self.slot_count as usize
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

    /// Whether the place `slot` of `State::bonus` holds the side bonus
    /// to `to`.
    pub(super) fn slot_is(&self, slot: usize, to: BonusTo) -> bool {
        self.slots[slot] == Slot::Entering(to)
    }

    /// Whether the unit takes what the place `slot` of `State::bonus`
    /// holds.
    #[inline]
    pub(super) fn takes_slot(&self, u: &Unit, slot: usize) -> bool {
        match self.slots[slot] {
            Slot::Entering(to) => self.takes(u, to),
            Slot::Count(_) => false,
        }
    }

    pub(super) fn tier(&self, u: &Unit) -> u32 {
        self.kinds[u.kind as usize].tier as u32
    }
}
