//! Combat effects as data: a trigger and an action, read from a card's
//! text into the card table's effect rows (`cards::EffectRow`) and applied
//! by the combat engine (`combat`: fired by its phases, done by `act.rs`)
//! at start of combat and on attacks.

use super::{Counter, Marks, REBORN, SHIELD};

/// Effects a minion can carry.
pub const MAX_EFFECTS: usize = 2;

/// The largest count a unit holds (`Unit::count`: four bits).
pub const MAX_COUNT: u8 = 15;

/// The most deathrattles `Target::LeftmostDeathrattles` picks.
pub const MAX_PICKED_DEATHRATTLES: u8 = 3;

/// The largest avenge count ("Avenge (N)", N at most this).
pub const MAX_AVENGE: u8 = MAX_COUNT;

/// When an effect fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Trigger {
    /// Never (an empty effect slot).
    #[default]
    Never,
    /// Once, before the first attack ("Start of Combat:").
    StartOfCombat,
    /// Whenever this minion attacks, before the damage ("Rally:").
    Rally,
    /// Whenever a friendly minion of `tribes` attacks (any tribe when 0),
    /// with some of `marks` (any minion when none: "a friendly Rally
    /// minion", `Marks::HAS_RALLY`), before the damage; this minion's own
    /// attacks too unless `other`.
    FriendlyAttacks {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// Not on this minion's own attacks.
        other: bool,
        /// Card marks the attacker must have one of (`Marks::NONE`: any).
        marks: Marks,
    },
    /// When this minion dies, in the death phase, after its deathrattle
    /// tokens entered ("Deathrattle:").
    Deathrattle,
    /// Whenever a friendly minion of `tribes` (any tribe when 0) dies: in
    /// its side's death phase, before the deathrattles, once per such dead
    /// minion, on the minions that survive the phase (Firestone's
    /// "whenever a minion dies" step; "after ... dies" self-buffs land the
    /// same). Only self-buffs are read with it.
    FriendlyDies {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
    },
    /// After a friendly minion loses its divine shield (itself too), at
    /// once: mid-attack, before the deaths (Firestone's shield update).
    FriendlyLosesShield,
    /// Whenever a friendly minion of `tribes` (any tribe when 0) is
    /// summoned (deathrattle tokens, reborn copies, rally summons), while
    /// this minion is on the board (Firestone's spawn step; only gifts to
    /// the summoned minion are read with it). The "after you summon" ones
    /// (`after`) fire once every "whenever" one has (Firestone's
    /// `afterOtherSpawned` after `onOtherSpawned`).
    FriendlySummoned {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// An "after you summon" trigger: fires once every "whenever" one has.
        after: bool,
    },
    /// After every `deaths` friendly deaths while this minion lives
    /// ("Avenge (N):"): in the death phase, after the deathrattles and
    /// before the reborn copies return, once per dead minion that completes
    /// a count (Firestone's counters: a minion summoned in the phase starts
    /// its count afresh).
    Avenge {
        /// Friendly deaths per firing, 1 to `MAX_AVENGE`.
        deaths: u8,
    },
    /// After this minion's attack dealt its damage, before the deaths
    /// ("After this attacks,"), whether it survived or not.
    AfterAttack,
    /// After another friendly minion of `tribes` (any tribe when 0)
    /// attacked: once its damage and its own "after this attacks" are
    /// done, before the deaths, each listener left to right, dying ones
    /// too (Firestone's `afterAnotherMinionAttacks`). Bonuses, buffs and
    /// a living friend's deathrattle run (`Action::TriggerDeathrattle`,
    /// whose tokens move slots: see `State::fire_after_other_attacks`)
    /// are read with it.
    AfterFriendlyAttacks {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// Only after a minion whose card has a rally (`Marks::HAS_RALLY`:
        /// "after a friendly Rally minion attacks", Firestone's
        /// `hasEntityMechanic(BACON_RALLY)`).
        rally: bool,
    },
    /// Whenever damage lands on this minion (not absorbed by a shield),
    /// at once, dying or not: after both hits of an attack's exchange,
    /// as cleave or effect damage hits it (Firestone's `onEntityDamaged`).
    /// Its summons enter to its right. With a `limit`, only its first
    /// `limit` firings of the combat count (Firestone's per-combat
    /// charges, fresh for a reborn copy: Winged Chimera's "twice per
    /// combat"), kept in its count (`Unit::count`, which no avenge or
    /// growing gift of the same minion then shares); with `survives`,
    /// only when it lives after the damage ("the first time this
    /// survives damage each combat"), a charge spent only then.
    TakesDamage {
        /// Firings per combat (0: no limit), at most `MAX_COUNT`.
        limit: u8,
        /// Only when it survives the damage.
        survives: bool,
    },
    /// Whenever damage lands on a friendly minion of `tribes` (any tribe
    /// when 0), this one too unless `other`: after the damaged minion's
    /// own effects, left to right, dying listeners too.
    FriendlyTakesDamage {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// Not when the damage lands on this minion.
        other: bool,
    },
    /// After another friendly minion of `tribes` (any tribe when 0) dealt
    /// damage that landed (not absorbed by a shield), at once: after the
    /// damaged minion's own listeners, left to right, dying listeners too
    /// (Firestone's `afterDealDamage`; an attack's two hits are heard
    /// one by one, the hit back first). Only self-gains are read with it.
    AfterFriendlyDealsDamage {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
    },
    /// Whenever a friendly minion of `tribes` (any tribe when 0) gains
    /// attack, this one too unless `other`: at once, after the buff,
    /// each listener left to right, dying ones too (Firestone's
    /// `onStatsChanged`, heard for every stat change with attack above 0:
    /// a buff, a side bonus, blood gems, what entering gives but minions'
    /// stat auras). Only health gifts to it or to itself are read with
    /// it (no gain of attack: nothing hears its own gift).
    FriendlyGainsAttack {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// Not when this minion gains attack.
        other: bool,
    },
    /// Whenever this minion gains attack from another source than itself
    /// ("from other sources": not its own effects, nor what entering
    /// gives it, which Firestone credits to the minion itself). Only
    /// health gains are read with it.
    GainsAttackFromOthers,
    /// Whenever this minion gains attack, from any source (its own
    /// effects and what entering gives it too: Firestone's
    /// `onStatsChanged` on itself). Only health gifts are read with it:
    /// to itself or to every friendly minion.
    GainsAttack,
    /// After a friendly minion's reborn copy returned (not its own): at
    /// the end of the death phase, copy by copy left to right, on the
    /// minions there when it entered (Firestone's `afterReborn`).
    FriendlyReborn,
    /// After this minion's attack killed the minion it attacked ("After
    /// this attacks and kills a minion,"): right after the exchange and
    /// the damage it was heard for, before cleave and the deaths
    /// (Firestone's `onMinionKill` of the attacker).
    KillsDefender,
    /// Each time a blood gem is played on this minion, after the gems'
    /// buff, once per gem ("whenever a blood gem is played on this":
    /// Firestone's reactions inside `playBloodGemsOn`).
    GemPlayedOnThis,
    /// When a friendly minion (a taunt one when `taunt`; this one too)
    /// is attacked, before the attacker's own attack triggers
    /// (Firestone's `applyOnBeingAttackedBuffs`): the hero-side cards'
    /// (secrets) first, in order, then the minions' left to right. Only
    /// gifts are read with it on a minion (no slot moves).
    FriendlyAttacked {
        /// Only when the attacked minion has taunt.
        taunt: bool,
    },
    /// Whenever this minion is attacked: after every
    /// `FriendlyAttacked` listener (Firestone's last step of
    /// `applyOnBeingAttackedBuffs`). Only self-gifts are read with it.
    Attacked,
    /// When its battlecry is triggered in combat ("Battlecry:"), by a
    /// friendly minion that triggers battlecries
    /// (`Action::TriggerBattlecry`), as many times as the side's
    /// battlecry auras say (`Action::BattlecriesTrigger`). Never on its
    /// own: a battlecry fires when a card is played.
    Battlecry,
    /// After a friendly battlecry was triggered in combat ("After you
    /// trigger a Battlecry,"): once per trigger, after it, each listener
    /// left to right, dying ones too (Firestone's
    /// `afterBattlecryTriggered`).
    AfterBattlecry,
    /// While this minion is on the board (an aura): never fired, read
    /// where it applies (deathrattle auras in the death phase; a stat
    /// aura, a `Buff` of `Target::Friendly`, as minions enter and leave:
    /// see `State::enter_auras`).
    Aura,
}

/// Whom an action reaches, on the side of the minion whose effect it is
/// unless it says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Target {
    /// The minion itself.
    #[default]
    This,
    /// The friendly minion whose doing fired the trigger ("give it"): the
    /// attacker, the summoned minion, the one that lost its shield.
    Friend,
    /// Every friendly minion of `tribes` (any tribe when 0), itself too
    /// unless `other`; dying ones too (a buff may bring them back) unless
    /// `living`.
    Friendly {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// Not this minion itself.
        other: bool,
        /// Only living minions (not those dying).
        living: bool,
    },
    /// `count` distinct friendly minions of `tribes` drawn at random, not
    /// itself when `other`. With `lacking` keywords: drawn among those
    /// without them, and when `strict` only among those (else the rest
    /// when none lacks them). Never one of its own card when `different`
    /// ("a different friendly Undead": Firestone's Mummifier passes over
    /// every Mummifier).
    Random {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// Never this minion itself.
        other: bool,
        /// How many distinct minions are drawn.
        count: u8,
        /// Keyword bits: drawn among the minions without them first.
        lacking: u8,
        /// Only among the minions lacking `lacking` (none when none lacks them).
        strict: bool,
        /// Never a minion of its own card.
        different: bool,
    },
    /// A living friendly minion of `tribes` (any tribe when 0) drawn at
    /// random, not the friend whose doing fired the trigger (this minion
    /// may be drawn): Saltscale Honcho's "after you summon a Murloc, give
    /// a friendly Murloc other than it +2 Health" (Firestone's
    /// `afterOtherSpawned` candidates: every Murloc but the one summoned).
    RandomNotFriend {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
    },
    /// The living friendly minions next to it.
    Adjacent,
    /// Every minion of both boards but itself.
    AllOthers,
    /// The enemy minion the attacker is attacking (a rally's "the target").
    Defender,
    /// The defender and one of its neighbours drawn at random, or both
    /// neighbours when `both`.
    DefenderAndAdjacent {
        /// Both neighbours of the defender rather than one at random.
        both: bool,
    },
    /// A living enemy minion of the highest health, drawn at random among
    /// ties (a strike's, or a damage's: Aim High!).
    HighestHealthEnemy,
    /// "A friendly minion of each type": one friendly minion per tribe
    /// (dying ones too), as many tribes as minions can cover (each minion
    /// counting for one of its tribes), and every All minion (Firestone's
    /// `getMinionsOfDifferentTypes`: see `each_tribe_picks`).
    EachTribe,
    /// The left-most friendly minion but itself that has a deathrattle
    /// (tokens, effects, or its card's that acts outside the boards:
    /// `Marks::HAS_DEATHRATTLE`), dying ones too (Firestone's
    /// `getValidDeathrattles` over the board).
    LeftmostDeathrattle,
    /// The `count` left-most friendly minions that have a deathrattle
    /// (`Marks::HAS_DEATHRATTLE`, as `LeftmostDeathrattle`), itself too,
    /// all picked before any of their deathrattles runs (Firestone's
    /// `getValidDeathrattles` sliced: Hawkstrider Herald's "your two
    /// left-most Deathrattles"). Read only with `Action::TriggerDeathrattle`;
    /// `count` at most `MAX_PICKED_DEATHRATTLES`.
    LeftmostDeathrattles {
        /// How many minions, from the left end.
        count: u8,
    },
    /// Every living minion of both boards but friendly minions of
    /// `spare` tribes (none spared when 0), its own side first (Tunnel
    /// Blaster's "all minions", Silent Enforcer's "except friendly
    /// Demons"). A deathrattle's: the board it meets (`Fired::reach`).
    AllMinions {
        /// Tribe bits (`TRIBE_*`) of the friendly minions spared.
        spare: u32,
    },
    /// A living enemy minion drawn at random (Kaboom Bot).
    RandomEnemy,
    /// `count` distinct living enemy minions drawn at random, all drawn
    /// before any is hit (Lightning Invocation: Firestone's
    /// `pickMultipleRandomDifferent`).
    RandomEnemies {
        /// How many (fewer when fewer live).
        count: u8,
    },
    /// A living enemy minion of the lowest health, drawn at random among
    /// ties (Lighter Fighter).
    LowestHealthEnemy,
    /// The left-most living enemy minion (Aim Left!).
    LeftmostEnemy,
    /// The right-most living friendly minion whose card has a battlecry
    /// (`Marks::HAS_BATTLECRY`), picked as it fires (Greenskeeper).
    RightmostBattlecry,
    /// The friendly minions next to it whose cards have a battlecry
    /// (`Marks::HAS_BATTLECRY`), dying ones too: one drawn at random, or
    /// both when `both` (left first). A deathrattle's: those next to the
    /// place where it died, as the board stands when it fires (Rylak
    /// Metalhead).
    AdjacentBattlecry {
        /// Both neighbours with a battlecry rather than one at random.
        both: bool,
    },
    /// The `count` friendly minions to its right, nearest first, as they
    /// stand when it fires (Hateful Hag's rally).
    RightOf {
        /// How many minions, from the nearest.
        count: u8,
    },
    /// `count` shots, each at an enemy minion other than the defender
    /// drawn at random afresh from those on the board as it is fired, so
    /// one may be hit twice (a rally's "a random enemy minion other than
    /// the target", Niuzao; Firestone's `pickRandom` per shot).
    OtherEnemies {
        /// Shots, each drawn afresh.
        count: u8,
    },
    /// The `count` left-most friendly minions of `tribes` (any tribe when
    /// 0), itself too, dying ones too unless `living`, as the board stands
    /// when it fires (Thousandth Paper Drake's "your two left-most
    /// Dragons"; Firestone filters the board by tribe, not by health;
    /// Battlecruiser's deathrattle by health: `living`).
    Leftmost {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// How many minions, from the left end.
        count: u8,
        /// Only living minions (not those dying).
        living: bool,
    },
    /// The `count` right-most friendly minions of `tribes`, as `Leftmost`
    /// from the right end (Valiant Tiger's "your right-most Beast").
    Rightmost {
        /// Tribe bits (`TRIBE_*`) of the friendly minions meant; 0 for any tribe.
        tribes: u32,
        /// How many minions, from the right end.
        count: u8,
        /// Only living minions (not those dying).
        living: bool,
    },
    /// "The minion that killed this": the last minion whose damage landed
    /// on it (Firestone's `lastAffectedByEntity`), if it is still on the
    /// board. Known only where an attack killed it (`combat::killer`).
    Killer,
    /// The friendly minion at `slot` (from the left, 0 first) as the
    /// combat began: the one a hero power chose, read from the game state
    /// (Rapid Reanimation's). Only destroyed (`Action::Destroy`), by a
    /// pre-combat hero-side card, before anything moved the board.
    Chosen {
        /// Its slot as the combat began.
        slot: u8,
    },
    /// A living friendly minion of the lowest attack, drawn at random
    /// among ties (Fragrant Phylactery: Firestone's
    /// `pickRandomLowestAttack`). Read only with `Action::GiveDeathrattle`.
    LowestAttack,
}

/// What an effect does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Action {
    /// Nothing (an empty effect slot).
    #[default]
    Nothing,
    /// Stats and keywords added.
    Buff {
        /// Who gets it.
        target: Target,
        /// Attack added.
        attack: u16,
        /// Health added.
        health: u16,
        /// Keyword bits added.
        keywords: u8,
    },
    /// Damage dealt (a shield absorbs it), `times` sweeps over the same
    /// minions before any of them leaves (golden Boom-in-a-Box: "twice");
    /// a random target is drawn afresh for each (golden Kaboom Bot). The
    /// minions a sweep reaches are taken as it begins: living ones (and
    /// for `AllOthers`, at the start of combat, dying ones too).
    Damage {
        /// Who is hit.
        target: Target,
        /// Damage per hit.
        amount: u16,
        /// Sweeps over the targets.
        times: u8,
    },
    /// `amount` damage to each minion `target` reaches, each then given
    /// `attack` and `health` whether the damage landed or not, minion by
    /// minion, `times` over the same minions, with no death phase between
    /// (Irate Rooster: "deal 1 damage to adjacent minions and give them +4
    /// Attack", Firestone's order).
    DamageThenBuff {
        /// Who is hit, then buffed.
        target: Target,
        /// Damage per hit.
        amount: u16,
        /// Attack given after each hit.
        attack: u16,
        /// Health given after each hit.
        health: u16,
        /// Rounds over the targets.
        times: u8,
    },
    /// `count` blood gems played on the target, each +1/+1 plus the side's
    /// blood gem bonuses (from earlier turns, `GameBonuses::blood_gem`, and
    /// won in this combat, a side bonus to `BonusTo::BloodGems`), times the most a
    /// friendly `GemStats` aura on the board multiplies. One buff of all of
    /// them, as Firestone's `playBloodGemsOn`.
    BloodGems {
        /// Who gets the gems.
        target: Target,
        /// Gems played on each target.
        count: u8,
    },
    /// An aura: friendly blood gems played in combat give `times` their
    /// stats (Needling Crone: twice; golden: three times).
    GemStats {
        /// The multiple of a gem's stats.
        times: u8,
    },
    /// The target destroyed whatever its health and shield (Leeroy the
    /// Reckless: "destroy the minion that killed this"; Rapid
    /// Reanimation: the chosen minion); it dies in the next death pass.
    Destroy {
        /// Who is destroyed (`Target::Killer`, `Target::Chosen`).
        target: Target,
    },
    /// Keywords taken away.
    Remove {
        /// Who loses them.
        target: Target,
        /// Keyword bits taken away.
        keywords: u8,
    },
    /// `amount` damage per living friendly minion of `tribes` (itself too),
    /// counted as it fires, to the target, `times` times, a random target
    /// drawn afresh each time (Red Whelp: "deal 1 damage for each
    /// friendly Dragon to a random enemy minion", golden "twice"). No
    /// damage when none is counted.
    DamagePerFriend {
        /// Who is hit.
        target: Target,
        /// Damage per friendly minion counted.
        amount: u16,
        /// Tribe bits (`TRIBE_*`) of the friendly minions counted; 0 for any tribe.
        tribes: u32,
        /// Hits.
        times: u8,
    },
    /// +X Attack to the target, X being `times` the minion's own attack
    /// as it fires: a deathrattle's, the attack it died with (Nightbane,
    /// Ignited: "give 2 different friendly minions this minion's
    /// Attack"). Nothing when X is 0.
    GiveOwnAttack {
        /// Who gets it.
        target: Target,
        /// X as a multiple of its attack.
        times: u8,
    },
    /// +X Health to the target, X being the minion's maximum health as
    /// Firestone keeps it (`maxHealth`: the health it entered the combat
    /// with, while it gained none), drawn afresh `times` times (Impulsive
    /// Trickster: "give this minion's maximum Health to another friendly
    /// minion", golden "twice": two draws). A combat where such a minion
    /// could gain health, or enter other than as it began, is refused
    /// (`combat::max_health`): a unit keeps no maximum health.
    GiveMaxHealth {
        /// Who gets it, drawn afresh each time.
        target: Target,
        /// Gifts.
        times: u8,
    },
    /// +`attack`/+`health` to a living friendly minion of `tribes` drawn
    /// at random, which also gains this deathrattle: dying, it passes the
    /// buff and the deathrattle on again (Leapfrogger: "give a friendly
    /// Beast +1/+1 and this Deathrattle"). Gained ones stack; a unit's
    /// count keeps how many it carries (`combat::pass_on`).
    PassOnBuff {
        /// Tribe bits (`TRIBE_*`) of the minions it may reach.
        tribes: u32,
        /// Attack given.
        attack: u16,
        /// Health given.
        health: u16,
    },
    /// Damage equal to `times` the minion's attack as it fires (its poison
    /// and venom go with it, as with an attack's).
    Strike {
        /// Who is hit.
        target: Target,
        /// The damage as a multiple of the minion's attack.
        times: u8,
    },
    /// `count` copies of the minion's effect token summoned to its right
    /// (its kind's `effect_token`), unmarked (they attack this round)
    /// unless the minion was passed over this round.
    Summon {
        /// Tokens summoned.
        count: u8,
    },
    /// The minion attacks at once, `times` times (each attack as on its
    /// turn: a random target, windfury, triggers), without marks.
    AttackNow {
        /// Extra attacks made.
        times: u8,
    },
    /// The side's left-most and right-most minions (the one minion of a
    /// board of one) gain `attack`/`health`, then attack at once, the
    /// left-most first, the right-most only if it still lives (each attack
    /// as on its turn: a random target, windfury, triggers; neither is
    /// marked for the round); then the other side attacks first, whatever
    /// the rest of the start of combat does (Illidan Stormrage's Wingmen,
    /// as Firestone plays it: `soc-illidan-hero-power.ts`). Only a
    /// hero-side card plays it, in a start-of-combat pass of its own
    /// before the other hero-side cards (`State::heroes_start_of_combat`).
    FlanksAttack {
        /// Attack each gains.
        attack: u16,
        /// Health each gains.
        health: u16,
    },
    /// An aura: friendly deathrattles (tokens and effects) trigger `times`
    /// extra times while this minion lives (Titus Rivendare). Read in the
    /// death phase from the minions that survived it, as Firestone does.
    ExtraDeathrattles {
        /// Extra triggers of each friendly deathrattle.
        times: u8,
    },
    /// An aura: friendly deathrattles trigger `times` times in all while
    /// this minion lives (Moira Bronzebeard: "trigger twice"); several
    /// such auras do not add up (the most counts), extra times add to it.
    DeathrattlesTrigger {
        /// Triggers of each friendly deathrattle in all.
        times: u8,
    },
    /// The damage its attack dealt past the killed minion's health
    /// (`amount`: 0 as the card reads, the excess as it fires) dealt to
    /// one of that minion's neighbours as the attack began, drawn at
    /// random, or to both when `both`; with the attacker's poison and
    /// venom (Wildfire Elemental).
    ExcessDamage {
        /// Both neighbours rather than one at random.
        both: bool,
        /// The excess damage (0 as the card reads; set as it fires).
        amount: u16,
    },
    /// +X/+X to the right-most friendly minion of `tribes` (itself
    /// included), X being `times` the attack of the friendly minion whose
    /// doing fired the trigger (Snazzy Phantom: the reborn copy's, as it
    /// returned).
    StatsOfFriendAttack {
        /// Tribe bits of the minion buffed; 0 for any tribe.
        tribes: u32,
        /// X as a multiple of the friend's attack.
        times: u8,
    },
    /// Health equal to `times` the attack of the friendly minion whose
    /// doing fired the trigger, to it, its attack read as it fires
    /// (Wandering Wight: "give it Health equal to its Attack", golden
    /// "double its Attack", of the minion just summoned; nothing to a
    /// minion of 0 attack).
    HealthOfFriendAttack {
        /// The health as a multiple of the friend's attack.
        times: u8,
    },
    /// The attack of the friendly minion whose doing fired the trigger
    /// made `times` as much (Banana Slamma: "double its Attack" of the
    /// Beast just summoned).
    MultiplyAttack {
        /// The factor.
        times: u8,
    },
    /// Its own stats made `times` as much (Corrupted Myrmidon: "double
    /// this minion's stats", golden triple): it gains `times - 1` times its
    /// attack and health as it fires, as Firestone's `multiplyStats` (which
    /// reads its undamaged health: the same before any damage).
    MultiplyStats {
        /// The factor.
        times: u8,
    },
    /// Stats equal to its side's tavern tier to the target, `attack` and
    /// `health` times the tier (Misfit Dragonling: "gain stats equal to
    /// your Tier", golden "double your Tier"); the tier is the combat's
    /// (`Combat::tiers`), read as it fires.
    TierBuff {
        /// Who gets it.
        target: Target,
        /// Attack added per tier.
        attack: u8,
        /// Health added per tier.
        health: u8,
    },
    /// It gains `times` the attack and health of all the cards in its
    /// side's hand, summed (`Combat::hands`, as the combat began; Choral
    /// Mrrrglr).
    GainHandStats {
        /// The gain as a multiple of the hand's stats.
        times: u8,
    },
    /// It gains `times` the attack of the highest-attack minion in its
    /// side's hand (`Combat::hands`; nothing when the hand is empty:
    /// Costume Enthusiast).
    GainHandAttack {
        /// The gain as a multiple of that minion's attack.
        times: u8,
    },
    /// In its owner's hand, at the start of combat (its side's hand cards
    /// first, left to right, before its board's start of combat): a copy
    /// of it with `times` its stats in the hand is summoned at the right
    /// end of the board, the card staying in the hand (Flighty Scout). On
    /// the board, nothing.
    SummonCopyFromHand {
        /// The copy's stats as a multiple of the card's in the hand.
        times: u8,
    },
    /// A copy of the friendly minion that fired it (`Fired::friend`: the
    /// minion attacked, for a secret) to its right, as it is: its
    /// keywords, its round mark, its stats, or `attack`/`health` when not
    /// 0 (Pack Tactics' 3/3). Its count starts afresh (Firestone resets
    /// the copy's avenge).
    SummonCopy {
        /// The copy's attack (0: the minion's).
        attack: u16,
        /// The copy's health (0: the minion's).
        health: u16,
    },
    /// A copy of its side's highest-attack (or highest-health) minion, a
    /// random one among equals, to that minion's right, as it is: its
    /// stats and keywords, its round mark and count afresh (Firestone's
    /// copy of the entity, `hasAttacked` and avenge reset). Nothing on an
    /// empty or full board. As a hero-side card's summon waiting for room
    /// (`HeroCard::when_space`), once a combat (Frostwolf Fervor,
    /// Stormpike Strength).
    SummonCopyOfBest {
        /// Ranked by health rather than attack.
        by_health: bool,
    },
    /// The `count` highest-attack (or highest-health) minions of `tribes`
    /// in its side's hand not summoned yet this combat (`State::hand`; a
    /// random one among equals), one by one, each with its stats in the
    /// hand: to this minion's right (a rally: Firestone's Expert
    /// Aviator; a start of combat: Diremuck Forager's Murlocs), or in its slot as its deathrattle tokens enter
    /// (Bassgill); a summon that finds no room leaves its minion free to
    /// come later.
    SummonFromHand {
        /// Minions summoned.
        count: u8,
        /// Tribe bits of the minions it may summon; 0 for any.
        tribes: u32,
        /// Ranked by health rather than attack.
        by_health: bool,
    },
    /// It gains `times` the attack of the enemy its attack targets, as
    /// a rally fires (Heroic Underdog).
    GainDefenderAttack {
        /// The gain as a multiple of the defender's attack.
        times: u8,
    },
    /// Its own aura: once its attack reaches `attack`, it gains divine
    /// shield (Scarlet Survivor): as a buff carries it there, or entering
    /// with that much (a golden's reborn copy). A minion given with that
    /// much attack already reached it before the combat.
    ShieldAtAttack {
        /// The attack at which it gains divine shield.
        attack: u16,
    },
    /// Its own aura: it has taunt while it has divine shield, as
    /// Firestone plays it (Relentless Deflector): it gains taunt whenever
    /// it gains a shield (entering with one too), and keeps it when the
    /// shield breaks.
    TauntWithShield,
    /// Stats to the target, `1 + n` times `attack`/`health`, `n` being the
    /// side's Tasty Lobster improvements (the count
    /// `Counter::Improvements`: of earlier turns, `GameBonuses::lobsters`,
    /// and of this combat); then `n` rises by one ("Give a random friendly
    /// Beast +2/+1. Improve your future Tasty Lobsters.", as Firestone's
    /// `TastyLobstersBuff`).
    ImprovingBuff {
        /// Who gets it.
        target: Target,
        /// Attack per step (given `1 + n` times).
        attack: u16,
        /// Health per step (given `1 + n` times).
        health: u16,
    },
    /// +`attack` + `step` x (the gifts it gave since it entered) Attack to
    /// the friendly minion whose summoning fired the trigger (Lurking
    /// Leviathan: "give it +3 Attack and improve this permanently", as
    /// Firestone plays it: the number grows by `step` with each gift). The
    /// count stops at `MAX_COUNT` (four bits a unit keeps): from the 16th
    /// gift of one Leviathan in one combat on, each is as large as the
    /// 16th.
    GrowingGift {
        /// The first gift's attack.
        attack: u16,
        /// How much each gift given raises the next.
        step: u16,
    },
    /// Remembers deathrattles (Fish of N'Zoth: "after a different friendly
    /// Deathrattle minion dies in combat, gain its Deathrattle"; golden:
    /// "twice"): while it is on the board, each friendly deathrattle minion
    /// that dies but another such minion (the dead of each death pass
    /// after the pass and the deaths it caused, the last pass first: the
    /// order Firestone remembers them in) gives it that minion's
    /// deathrattle, `times` times; dying, it fires the ones it gained in
    /// the order gained, in its slot, with its own stats (`memory.rs`).
    /// Its trigger is `Trigger::Never`: no phase fires it.
    GainDeathrattles {
        /// Copies of each deathrattle gained.
        times: u8,
    },
    /// The deathrattle of the living friendly minion `target` names, run
    /// `times` times as if it died in its slot, without its death
    /// (Monstrous Macaw: "trigger your left-most Deathrattle"): each run
    /// as many times as the deathrattle auras say, its side bonuses
    /// first, then per trigger its tokens (entering to its right, free to
    /// attack this round, while there is room) and its other deathrattle
    /// effects, as the death phase runs them (`State::run_deathrattle`);
    /// no minion dies, so no avenge counts and no "whenever a friendly
    /// minion dies" hears it (Firestone's `processDeathrattleForMinion`
    /// without avenges).
    TriggerDeathrattle {
        /// Whose deathrattle.
        target: Target,
        /// Runs.
        times: u8,
    },
    /// The battlecry of the friendly minion `target` names triggered,
    /// `times` times: each time its `Trigger::Battlecry` effects fire as
    /// many times as the side's battlecry auras say, each firing heard by
    /// the "after you trigger a battlecry" listeners (Firestone's
    /// `triggerBattlecry`). With `deathrattle`, each time then runs the
    /// deathrattle of the right-most living friendly minion with one
    /// (as `TriggerDeathrattle`, once: Timewarped Greenskeeper).
    TriggerBattlecry {
        /// Whose battlecry.
        target: Target,
        /// Times triggered.
        times: u8,
        /// Each time, then the right-most living deathrattle.
        deathrattle: bool,
    },
    /// An aura: friendly battlecries triggered in combat fire `times`
    /// times in all (Brann Bronzebeard: "your battlecries trigger
    /// twice"; golden three times; Brann's Blessing); several do not add
    /// up (the most counts), as Firestone's.
    BattlecriesTrigger {
        /// Firings of each friendly battlecry triggered.
        times: u8,
    },
    /// For the rest of the combat, friendly minions of `tribes` have
    /// +`attack`/+`health`: those on the board now (dying ones too, as
    /// `Target::Friendly`) and every one entering later, whether the
    /// minion that gave it lives or not (Goldrinn's "until next turn",
    /// Humming Bird's "for the rest of this combat", Plaguerunner's "this
    /// game"; Firestone's hero-level bonuses). See `State::bonus`. A
    /// deathrattle's bonus is given before its phase's tokens enter:
    /// Turquoise Skitterer's Beetle enters with its "your Beetles have
    /// +5/+5 this game", and a summon listener sees it so.
    SideBonus {
        /// The minions that get it (or the count of the side's that it
        /// raises: its blood gems' bonus).
        to: BonusTo,
        /// Attack added.
        attack: u16,
        /// Health added.
        health: u16,
    },
    /// The target's health set to `health` (Upper Hand: "set a random
    /// enemy minion's Health to 1"; Firestone's `setEntityStats`).
    SetHealth {
        /// Whose health is set.
        target: Target,
        /// The health it then has.
        health: u16,
    },
    /// The target's stats set to `attack`/`health`, what entering gives
    /// on its side (stat auras, side bonuses) added back on top, as
    /// Firestone's `setEntityStats` takes the auras off and puts them
    /// back; no listener hears it. With a `limit`, only the first
    /// `limit` firings of the minion's combat act (Firestone's per-combat
    /// charges, fresh for a reborn copy: Transmuted Bramblewitch's "once
    /// per combat"), kept in its count (`Unit::count`, which no avenge or
    /// growing gift of the same minion then shares).
    SetStats {
        /// Whose stats are set.
        target: Target,
        /// The attack it then has (before what entering gives).
        attack: u16,
        /// The health it then has (before what entering gives).
        health: u16,
        /// Firings per combat (0: no limit), at most `MAX_COUNT`.
        limit: u8,
    },
    /// The target made golden (Sr. Tomb Diver: "make your right-most
    /// minion Golden"), as Firestone's `makeMinionGolden`: a golden one is
    /// passed over; another becomes its golden card (its kind's golden
    /// form, interned as the combat is set up: `gild.rs`), keeps its
    /// keywords (reborn too, or the golden card's), its avenge count and
    /// its buffs, and gains its normal card's attack and health, which
    /// the "whenever a friendly minion gains attack" listeners hear.
    MakeGolden {
        /// Who is made golden.
        target: Target,
    },
    /// `count` minions drawn at random from `pool`, each a chance event
    /// (equally likely cards, drawn afresh for each summon), entering as
    /// full cards with their own effects: its card's stats, or
    /// `attack`/`health` when not 0 (Sly Raptor: "set its stats to
    /// 6/6"). Only as a deathrattle: the summons enter in the dead
    /// minion's slot as its tokens would (`combat::pool`).
    SummonRandom {
        /// The cards drawn from.
        pool: Pool,
        /// Minions summoned (per tier of the pool when `per_tier`).
        count: u8,
        /// Their attack (0: the card's).
        attack: u16,
        /// Their health (0: the card's).
        health: u16,
    },
    /// Summons that wait for room, kept by the minion (Firestone's
    /// summon-when-space step, as it plays Sharptooth Snapper): its start
    /// of combat sets its charges (`Unit::count`; 0 until then, so a copy
    /// or a minion summoned later never summons) to `count`, and whenever
    /// the step runs (after each start-of-combat effect and each death
    /// phase) it summons its effect token to its right while its board
    /// has room and a charge is left. With `attacks`, each token attacks
    /// at once; that attack's deaths run the step again before the
    /// charge is spent (so tokens keep coming while their attacks kill).
    SummonWhenSpace {
        /// Charges its start of combat sets.
        count: u8,
        /// Each token attacks at once as it enters.
        attacks: bool,
    },
    /// The minion `target` names gains "Deathrattle: `deathrattle`" for
    /// the rest of the combat, fired after its own deathrattles (an
    /// enchantment's, as Firestone orders them); its reborn copy, a fresh
    /// copy of its card, does not keep it (Fragrant Phylactery). Only a
    /// pre-combat hero-side card plays it: each starting minion of its
    /// side has its enchanted form interned as the combat is set up
    /// (`combat::enchant`).
    GiveDeathrattle {
        /// Who gains it (`Target::LowestAttack`).
        target: Target,
        /// What the deathrattle does.
        deathrattle: &'static Action,
    },
    /// The minion's attack as it fires and `health` to each minion
    /// `target` reaches, one buff each ("give your other minions this
    /// minion's stats": Firestone gives its attack and its max health).
    /// `health` is 0 as a row reads it: the engine fills in the minion's
    /// health as the combat began, which is its max health where nothing
    /// may raise it (`combat::enchant` refuses the rest).
    GiveOwnStats {
        /// Who gets it.
        target: Target,
        /// The health given (its max health).
        health: u16,
    },
}

impl Target {
    /// One random friend of `tribes` (0: any), the acting unit included:
    /// the plainest random pick.
    pub const fn one_random(tribes: u32) -> Target {
        Target::Random {
            tribes,
            other: false,
            count: 1,
            lacking: 0,
            strict: false,
            different: false,
        }
    }
}

impl Action {
    /// Whether acting may bring a new minion to its side's board: a
    /// summon, or deathrattles and battlecries it triggers (which may
    /// summon).
    pub fn may_summon(&self) -> bool {
        matches!(
            self,
            Action::Summon { .. }
                | Action::SummonCopy { .. }
                | Action::SummonCopyOfBest { .. }
                | Action::SummonFromHand { .. }
                | Action::SummonCopyFromHand { .. }
                | Action::SummonWhenSpace { .. }
                | Action::SummonRandom { .. }
                | Action::TriggerDeathrattle { .. }
                | Action::TriggerBattlecry { .. }
        )
    }

    /// Whether acting runs another minion's deathrattle or makes a
    /// minion remember one: a deathrattle or deathrattle-battlecry
    /// triggered, or deathrattles gained.
    pub fn runs_other_deathrattle(&self) -> bool {
        matches!(
            self,
            Action::TriggerDeathrattle { .. }
                | Action::GainDeathrattles { .. }
                | Action::TriggerBattlecry {
                    deathrattle: true,
                    ..
                }
        )
    }

    /// Whether acting deals damage (to one minion or several).
    pub fn deals_damage(&self) -> bool {
        matches!(
            self,
            Action::Damage { .. }
                | Action::DamageThenBuff { .. }
                | Action::DamagePerFriend { .. }
                | Action::Strike { .. }
        )
    }

    /// Whether acting may take a minion off the board: damage, a
    /// destroy, or an attack it makes happen.
    pub fn may_kill(&self) -> bool {
        self.deals_damage() || matches!(self, Action::Destroy { .. } | Action::AttackNow { .. })
    }
}

/// The cards a random summon draws from (`Action::SummonRandom`): the
/// minions of the card pool (`cards::pool`, the pinned card data's; a
/// golden card's normal version), non-golden, of `tribes` (an All minion
/// counts for every tribe; any tribe when 0) and with one of the card
/// trigger bits `triggers` (`cards::TRIGGER_*`: a deathrattle; any card
/// when 0), of the tiers `tiers` says, as Firestone's `CardsData` pools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pool {
    /// Tribe bits (`TRIBE_*`) of the cards drawn; 0 for any tribe.
    pub tribes: u32,
    /// Card trigger bits (`cards::TRIGGER_*`) the cards drawn have one
    /// of; 0 for any card.
    pub triggers: u32,
    /// The tiers drawn from, bit `t - 1` for tier `t`; 0: every tier up
    /// to the summoning side's tavern tier (Firestone's
    /// `getRandomMinionForTribe`).
    pub tiers: u8,
    /// One card drawn from each tier of `tiers` in turn, lowest first,
    /// rather than one among them all (Firestone's Indomitable Mount).
    pub per_tier: bool,
    /// The golden version of each card drawn is summoned.
    pub golden: bool,
    /// The summoning minion's own card (normal version) is never drawn.
    pub not_own: bool,
}

/// What a side bonus (`Action::SideBonus`, and the growth of a growing
/// card in combat: `GROWERS`) applies to: friendly minions of some tribes
/// or marks, or a count the side keeps, which no minion takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BonusTo {
    /// Every friendly minion.
    Every,
    /// Friendly minions of any of these tribe bits (`TRIBE_*`; 0 reaches
    /// none).
    Tribes(u32),
    /// Friendly minions with any of these marks ("your Beetles have ...":
    /// `Marks::BEETLE`; a growing card's count: its mark).
    Marks(Marks),
    /// The side's blood gems: each played from then on gives this much
    /// more ("your Blood Gems give an extra +2/+1 this game": the count
    /// `Counter::BloodGemBonus`).
    BloodGems,
}

impl BonusTo {
    /// Whether a minion of `tribes` with `marks` takes the bonus.
    #[inline]
    pub fn reaches(self, tribes: u32, marks: Marks) -> bool {
        match self {
            BonusTo::Every => true,
            BonusTo::Tribes(of) => tribes & of != 0,
            BonusTo::Marks(of) => marks.intersects(of),
            BonusTo::BloodGems => false,
        }
    }

    /// The count the bonus raises, if it is one (no minion takes it).
    #[inline]
    pub fn counter(self) -> Option<Counter> {
        match self {
            BonusTo::BloodGems => Some(Counter::BloodGemBonus),
            _ => None,
        }
    }
}

/// One combat effect of a minion: what it does, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Effect {
    /// When it fires.
    pub trigger: Trigger,
    /// What it does.
    pub action: Action,
}

impl Effect {
    /// An effect that may raise a minion's health, shield or reborn after
    /// the combat began (so the exact engine cannot order states by
    /// `Kinds::potential`).
    pub fn raises_potential(&self) -> bool {
        // A bonus at the start still reaches the minions summoned later;
        // reborn given at the start is more than its kind's potential
        // counts (a unit's shield and health count as they are).
        match self.action {
            Action::SideBonus { health, .. } => return health > 0,
            // It may raise a damaged minion's health (an enemy's too).
            Action::SetStats { .. } => return true,
            Action::StatsOfFriendAttack { .. } | Action::HealthOfFriendAttack { .. } => {
                return true;
            }
            // The deathrattle it gives raises its friends' health.
            Action::GiveDeathrattle { .. } | Action::GiveOwnStats { .. } => return true,
            Action::ShieldAtAttack { .. } => return true,
            // It raises the target's health (a golden form may summon more).
            Action::MakeGolden { .. } => return true,
            Action::Buff { keywords, .. } if keywords & REBORN != 0 => return true,
            _ => {}
        }
        self.trigger != Trigger::StartOfCombat
            && match self.action {
                Action::Buff {
                    health, keywords, ..
                } => health > 0 || keywords & (SHIELD | REBORN) != 0,
                Action::BloodGems { .. } | Action::ImprovingBuff { .. } => true,
                Action::GiveMaxHealth { .. } => true,
                Action::PassOnBuff { .. } => true,
                Action::MultiplyStats { .. } => true,
                Action::TierBuff { health, .. } => health > 0,
                Action::DamageThenBuff { health, .. } => health > 0,
                // Tokens, and whatever the deathrattle does.
                Action::TriggerDeathrattle { .. } | Action::TriggerBattlecry { .. } => true,
                // The deathrattles it gains: a golden one's twice.
                Action::GainDeathrattles { .. } => true,
                // More deathrattle tokens than a minion's potential counts.
                Action::ExtraDeathrattles { .. } | Action::DeathrattlesTrigger { .. } => true,
                action => action.may_summon(),
            }
    }

    /// Can change a minion's attack or keywords after the combat began.
    pub fn changes_units(&self) -> bool {
        self.trigger != Trigger::Never
            && !matches!(
                self.action,
                Action::Nothing
                    | Action::ExtraDeathrattles { .. }
                    | Action::DeathrattlesTrigger { .. }
                    | Action::BattlecriesTrigger { .. }
                    | Action::GemStats { .. }
            )
    }
}
