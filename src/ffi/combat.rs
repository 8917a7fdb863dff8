//! C entries for Battlegrounds combat: two boards (`oddsmith_combat`) or a
//! whole Firestone game state (`oddsmith_combat_battle_json`).

use super::guard::{FfiError, OddsmithStatus, arg, guard};
use super::progress::{OddsmithProgress, settle, watch};
use crate::budget::{Control, is_partial};
use crate::hearthstone::combat::{
    Combat, CombatMode, CombatOptions, CombatResult, GameBonuses, MAX_GAME_BONUS, Minion, Token,
    max_states_or_default, samples_or_default, simulate,
};
use crate::hearthstone::firestone::{
    CardRef, EntityFlags, OnUnmodelled, Place, UnmodelledCard, battle_from_json, minion_of_entity,
};
use crate::hearthstone::model;
use std::ffi::c_char;

/// Keyword bits of `OddsmithMinion.keywords`. This one: taunt.
pub const ODDSMITH_KW_TAUNT: u32 = 1;
/// Keyword bit: divine shield.
pub const ODDSMITH_KW_SHIELD: u32 = 2;
/// Keyword bit: poisonous.
pub const ODDSMITH_KW_POISON: u32 = 4;
/// Keyword bit: venomous.
pub const ODDSMITH_KW_VENOM: u32 = 8;
/// Keyword bit: windfury.
pub const ODDSMITH_KW_WINDFURY: u32 = 16;
/// Keyword bit: cleave (also damages the target's neighbours).
pub const ODDSMITH_KW_CLEAVE: u32 = 32;
/// Keyword bit: reborn.
pub const ODDSMITH_KW_REBORN: u32 = 64;
/// Not a target of attacks until it attacks.
pub const ODDSMITH_KW_STEALTH: u32 = 128;
/// Most minions on a board.
pub const ODDSMITH_BOARD_SIZE: usize = 7;
/// Entries of a damage distribution (damage 0..=63).
pub const ODDSMITH_DAMAGE_SLOTS: usize = 64;
/// Combat modes. Auto (the default): exact when it fits the state and time
/// budgets, else Monte Carlo.
pub const ODDSMITH_COMBAT_AUTO: u32 = 0;
/// Exact only: ODDSMITH_ERR_BUDGET_EXCEEDED past the state or time budget.
pub const ODDSMITH_COMBAT_EXACT: u32 = 1;
/// Monte Carlo only: `samples` combats, or fewer by the time budget.
pub const ODDSMITH_COMBAT_MONTE_CARLO: u32 = 2;

/// What a whole game state's entry does with what might act in combat but
/// is not modelled. This one: the entry's default (IGNORE for
/// `oddsmith_combat_battle_json`; `oddsmith_combat` always refuses).
pub const ODDSMITH_UNMODELLED_DEFAULT: u32 = 0;
/// Answer as if those effects did not exist (minions fight with their
/// stats and keywords), list them in the result and mark it approximate.
pub const ODDSMITH_UNMODELLED_IGNORE: u32 = 1;
/// INVALID_ARGUMENT naming the first one, by its JSON path and card id.
pub const ODDSMITH_UNMODELLED_REFUSE: u32 = 2;
/// Cards not modelled a result lists by id (`unmodelled_count` counts
/// them all).
pub const ODDSMITH_UNMODELLED_SLOTS: usize = 16;
/// Bytes of one listed card id, its NUL included (a longer id is cut).
pub const ODDSMITH_UNMODELLED_ID_BYTES: usize = 64;
/// Where a card not modelled was (`unmodelled_places`). This one: a
/// minion on a board (it fights with its stats and keywords).
pub const ODDSMITH_PLACE_BOARD: u32 = 1;
/// A card in a hand.
pub const ODDSMITH_PLACE_HAND: u32 = 2;
/// A hero power.
pub const ODDSMITH_PLACE_HERO_POWER: u32 = 3;
/// A trinket.
pub const ODDSMITH_PLACE_TRINKET: u32 = 4;
/// A quest reward.
pub const ODDSMITH_PLACE_QUEST_REWARD: u32 = 5;
/// A quest.
pub const ODDSMITH_PLACE_QUEST: u32 = 6;
/// An anomaly of the game.
pub const ODDSMITH_PLACE_ANOMALY: u32 = 7;
/// A secret or a lingering spell.
pub const ODDSMITH_PLACE_SECRET: u32 = 8;
/// An enchantment on a minion.
pub const ODDSMITH_PLACE_ENCHANTMENT: u32 = 9;
/// A card a minion lists as `additionalCards`.
pub const ODDSMITH_PLACE_ADDITIONAL_CARD: u32 = 10;

const _: () = assert!(ODDSMITH_BOARD_SIZE == crate::hearthstone::model::BOARD_SIZE);

/// A minion: stats, keyword bits, a deathrattle summoning
/// `token_count` tokens of `token_attack`/`token_health`, and its tier; or,
/// with a `dbf_id`, a Battlegrounds card (see `oddsmith_bg_card_find`):
/// the card gives its tier (unless `tier` is set), keywords (`keywords`
/// adds to them) and modelled combat effect (the token fields must be 0),
/// and `attack`/`health` are its current stats.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithMinion {
    /// Current attack, 0 to 65535.
    pub attack: i32,
    /// Current health, 1 to 32767.
    pub health: i32,
    /// ODDSMITH_KW_* bits.
    pub keywords: u32,
    /// Attack of each deathrattle token, 0 to 65535 (anonymous minions).
    pub token_attack: i32,
    /// Health of each deathrattle token, 1 to 32767 (when token_count > 0).
    pub token_health: i32,
    /// 0 for no deathrattle, up to 7.
    pub token_count: u32,
    /// Tavern tier 1..=7 (0 means 1, or the card's tier).
    pub tier: u32,
    /// The card's dbfId, 0 for an anonymous minion.
    pub dbf_id: u32,
    /// Bit i set: `script_data[i]` is stated (0, a zeroed struct: none).
    /// Cards only.
    pub script_data_given: u32,
    /// The card minion's script numbers, Firestone's `scriptDataNum1` to
    /// `scriptDataNum4`, as a client's board state gives them: what cards
    /// whose gift grows over a game read (Hopebringer, Ultraviolet
    /// Ascendant, Showy Cyclist, Underrot Spawn; other cards ignore them).
    pub script_data: [i32; 4],
}

/// Options; a zeroed struct is the defaults, and NULL means a zeroed
/// struct.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithCombatOptions {
    /// ODDSMITH_COMBAT_AUTO (0: exact unless over the state or time budget,
    /// then Monte Carlo), _EXACT (1) or _MONTE_CARLO (2).
    pub mode: u32,
    /// Exact engine state budget: distinct states stored (under 96 bytes
    /// of memory each); 0 means 5,000,000.
    pub max_states: u64,
    /// Monte Carlo combats; 0 means 1,000,000.
    pub samples: u64,
    /// Time budget in ms; 0 means the mode's default: 200 for AUTO, no
    /// limit for EXACT and MONTE_CARLO (the same rule in every interface;
    /// UINT32_MAX for an Auto without a limit). Monte Carlo stops by then
    /// with what it sampled; exact mode fails with BUDGET_EXCEEDED; Auto
    /// gives exact four fifths of it and samples in the rest.
    pub time_budget_ms: u32,
    /// Monte Carlo seed (any value, 0 included).
    pub seed: u64,
    /// Workers of either engine by the rule of ODDSMITH_MAX_THREADS (0 =
    /// the shared pool, 1 = the caller's thread). Results depend on the
    /// seed only, not on the thread count (exact ones on nothing).
    pub threads: u32,
    /// Progress and cancel (see OddsmithProgress), or NULL for none.
    pub progress: *const OddsmithProgress,
    /// Each side's bonuses from earlier turns of the game (zeroed: none).
    pub bonuses_a: OddsmithGameBonuses,
    /// Side B's bonuses from earlier turns (zeroed: none).
    pub bonuses_b: OddsmithGameBonuses,
    /// What `oddsmith_combat_battle_json` does with what might act in
    /// combat but is not modelled: ODDSMITH_UNMODELLED_DEFAULT (0: IGNORE
    /// there), _IGNORE or _REFUSE. `oddsmith_combat` takes 0 or REFUSE:
    /// its cards are refused by their board and index.
    pub unmodelled: u32,
}

/// What earlier turns of the game give a side's minions in combat (the
/// cards that say "this game"): minions summoned in combat (tokens,
/// reborn copies) enter with these, and each blood gem gives its extra.
/// The minions given on the board already show them in their stats.
/// Each 0 to 1000; zeroed = none. Firestone's `globalInfo` names in
/// brackets.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OddsmithGameBonuses {
    /// Each blood gem's extra beyond +1/+1 (BloodGemAttackBonus,
    /// BloodGemHealthBonus).
    pub blood_gem_attack: u32,
    /// Each blood gem's extra health beyond +1 (BloodGemHealthBonus).
    pub blood_gem_health: u32,
    /// Every minion summoned (HauntedCarapaceAttackBonus, ...HealthBonus).
    pub summoned_attack: u32,
    /// Health every minion summoned gets (HauntedCarapaceHealthBonus).
    pub summoned_health: u32,
    /// Undead summoned (UndeadAttackBonus, UndeadHealthBonus).
    pub undead_attack: u32,
    /// Health every Undead summoned gets (UndeadHealthBonus).
    pub undead_health: u32,
    /// Beasts summoned (GoldrinnBuffAtk, GoldrinnBuffHealth).
    pub beast_attack: u32,
    /// Health every Beast summoned gets (GoldrinnBuffHealth).
    pub beast_health: u32,
    /// Beetles summoned (BeetleAttackBuff, BeetleHealthBuff).
    pub beetle_attack: u32,
    /// Health every Beetle summoned gets (BeetleHealthBuff).
    pub beetle_health: u32,
    /// Pirates summoned (PirateAttackBonus).
    pub pirate_attack: u32,
    /// Mechs summoned (MechAttackBonus).
    pub mech_attack: u32,
    /// Friendly Eternal Knights that died in earlier combats
    /// (EternalKnightsDeadThisGame): a knight summoned enters with +4/+2
    /// for each (golden +8/+4), and for each that dies in this combat.
    pub knights_died: u32,
    /// Every Eternal Knight summoned (EternalKnightAttackBuff,
    /// EternalKnightHealthBuff).
    pub knight_attack: u32,
    /// Health every Eternal Knight summoned gets (EternalKnightHealthBuff).
    pub knight_health: u32,
    /// Friendly deathrattles triggered in earlier combats
    /// (DeathrattlesTriggeredThisGame): a Falling Sky Golem summoned enters
    /// with +4/+2 for each (golden +8/+4), and for each in this combat.
    pub deathrattles: u32,
    /// Tavern spells cast this game (TavernSpellsCastThisGame): an Abyssal
    /// Bruiser summoned enters with +2/+1 for each (golden +4/+2).
    pub tavern_spells: u32,
    /// Tasty Lobster improvements (TastyLobstersBuff): each Tasty Lobster's
    /// deathrattle gives 1 + this many times its +2/+1 (golden +4/+2), and
    /// one more for each that fired before it in this combat.
    pub tasty_lobsters: u32,
    /// Ancestral Automatons summoned this game
    /// (AstralAutomatonsSummonedThisGame): one summoned enters with +3/+2
    /// for each (golden +6/+4), and each on the board gains as another is
    /// summoned in this combat.
    pub automatons: u32,
}

fn to_game_bonuses(side: &str, b: &OddsmithGameBonuses) -> Result<GameBonuses, FfiError> {
    let values = [
        b.blood_gem_attack,
        b.blood_gem_health,
        b.summoned_attack,
        b.summoned_health,
        b.undead_attack,
        b.undead_health,
        b.beast_attack,
        b.beast_health,
        b.beetle_attack,
        b.beetle_health,
        b.pirate_attack,
        b.mech_attack,
        b.knights_died,
        b.knight_attack,
        b.knight_health,
        b.deathrattles,
        b.tavern_spells,
        b.tasty_lobsters,
        b.automatons,
    ];
    if values.iter().any(|&v| v > u32::from(MAX_GAME_BONUS)) {
        return Err(FfiError::invalid(format!(
            "bonuses_{side}: each must be 0 to {MAX_GAME_BONUS}"
        )));
    }
    let v = |x: u32| x as u16;
    Ok(GameBonuses {
        blood_gem: [v(b.blood_gem_attack), v(b.blood_gem_health)],
        summoned: [v(b.summoned_attack), v(b.summoned_health)],
        undead: [v(b.undead_attack), v(b.undead_health)],
        beasts: [v(b.beast_attack), v(b.beast_health)],
        beetles: [v(b.beetle_attack), v(b.beetle_health)],
        pirate_attack: v(b.pirate_attack),
        mech_attack: v(b.mech_attack),
        knights_died: v(b.knights_died),
        knights: [v(b.knight_attack), v(b.knight_health)],
        deathrattles: v(b.deathrattles),
        tavern_spells: v(b.tavern_spells),
        lobsters: v(b.tasty_lobsters),
        automatons: v(b.automatons),
    })
}

/// The answer.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithCombatResult {
    /// P(A wins).
    pub win: f64,
    /// P(draw).
    pub draw: f64,
    /// P(B wins).
    pub loss: f64,
    /// `damage_to_b[d]` = P(A wins dealing d to B's hero); capped at 63.
    pub damage_to_b: [f64; ODDSMITH_DAMAGE_SLOTS],
    /// `damage_to_a[d]` = P(B wins dealing d to A's hero); capped at 63.
    pub damage_to_a: [f64; ODDSMITH_DAMAGE_SLOTS],
    /// Expected minions of A alive at the end.
    pub survivors_a: f64,
    /// Expected minions of B alive at the end.
    pub survivors_b: f64,
    /// 1 when the answer is exact, 0 when sampled.
    pub exact: u8,
    /// States expanded (exact) or combats sampled.
    pub states: u64,
    /// Largest standard error of win, draw and loss (0 when exact). Not
    /// `stderr`: that is a macro in `<stdio.h>` (musl, MSVC).
    pub std_error: f64,
    /// 1 when the progress callback cancelled the call: Monte Carlo's
    /// answer so far, or zeros for exact work.
    pub partial: u8,
    /// 1 when something that might act in combat was left out because it
    /// is not modelled (`unmodelled_count` above 0): the answer is that
    /// of the state without it, an approximation.
    pub approximate: u8,
    /// How many cards were left out (all of them, also past the slots).
    pub unmodelled_count: u32,
    /// The first ODDSMITH_UNMODELLED_SLOTS of them, in the state's order:
    /// each card id as the state gives it, NUL-terminated.
    pub unmodelled_ids: [[c_char; ODDSMITH_UNMODELLED_ID_BYTES]; ODDSMITH_UNMODELLED_SLOTS],
    /// Where each was: ODDSMITH_PLACE_BOARD, _HAND, _HERO_POWER, ...
    pub unmodelled_places: [u32; ODDSMITH_UNMODELLED_SLOTS],
}

fn to_minion(side: &str, i: usize, m: &OddsmithMinion) -> Result<Minion, FfiError> {
    let bad = |what: &str| FfiError::invalid(format!("board {side} minion {}: {what}", i + 1));
    if m.attack < 0 || m.attack > u16::MAX as i32 {
        return Err(bad("attack must be 0 to 65535"));
    }
    if m.health <= 0 || m.health > i16::MAX as i32 {
        return Err(bad("health must be 1 to 32767"));
    }
    if m.keywords & !0xFF != 0 {
        return Err(bad("unknown keyword bits"));
    }
    if m.tier > 7 {
        return Err(bad("tier must be 1 to 7"));
    }
    if m.token_count > ODDSMITH_BOARD_SIZE as u32
        || (m.token_count > 0
            && (m.token_health <= 0
                || m.token_health > i16::MAX as i32
                || m.token_attack < 0
                || m.token_attack > u16::MAX as i32))
    {
        return Err(bad(
            "deathrattle tokens need a count of 0 to 7, attack 0 to 65535 and health 1 to 32767",
        ));
    }
    if m.script_data_given > 0xf || (m.dbf_id == 0 && m.script_data_given != 0) {
        return Err(bad(
            "script numbers need a card (dbf_id) and script_data_given bits 0 to 3",
        ));
    }
    if m.dbf_id != 0 {
        if m.token_count != 0 || m.token_attack != 0 || m.token_health != 0 {
            return Err(bad(
                "a card's deathrattle comes from the card: leave the token fields 0",
            ));
        }
        // The card path every front end takes: C's keyword bits add to
        // the card's own, never take one away.
        let added = |bit: u8| (m.keywords as u8 & bit != 0).then_some(true);
        let flags = EntityFlags {
            taunt: added(model::TAUNT),
            divine_shield: added(model::SHIELD),
            poisonous: added(model::POISON),
            venomous: added(model::VENOM),
            windfury: added(model::WINDFURY),
            cleave: added(model::CLEAVE),
            reborn: added(model::REBORN),
            stealth: added(model::STEALTH),
            script_data: std::array::from_fn(|i| {
                (m.script_data_given & 1 << i != 0).then_some(m.script_data[i])
            }),
        };
        let mut minion = minion_of_entity(
            CardRef::Dbf(m.dbf_id),
            m.attack as u16,
            m.health as u16,
            &flags,
        )
        .map_err(|e| bad(e.message()))?;
        if m.tier > 0 {
            minion.tier = m.tier as u8;
        }
        return Ok(minion);
    }
    let mut minion = Minion::new(m.attack as u16, m.health as i16).with_keywords(m.keywords as u8);
    minion.tier = m.tier.max(1) as u8;
    if m.token_count > 0 {
        minion.deathrattle = Token {
            attack: m.token_attack as u16,
            health: m.token_health as u16,
            count: m.token_count as u8,
            ..Token::default()
        };
    }
    Ok(minion)
}

/// Win, draw and loss probabilities of board A (`a[0..a_count]`, left to
/// right) against board B, and the damage distributions, with tavern tiers
/// `tier_a`, `tier_b` (1..=7; 0 means 1, as for minions). Auto by default:
/// exact when it fits the state and time budgets.
///
/// Budgets (`options`): the exact engine stops at `max_states` or the time
/// budget; Monte Carlo at `samples` combats or the time budget; Auto gives
/// exact four fifths of the time and samples in the rest. Without a time
/// budget the call runs until the state budget or the samples are spent.
///
/// Errors: NULL_POINTER (out, or a board pointer that is NULL with a count
/// above 0), INVALID_ARGUMENT (more than 7 minions, attack or
/// health out of range, unknown keyword bits, a tier above 7, deathrattle
/// token fields out of range or set on a card, script_data_given without a
/// card or above 0xF, an unknown dbfId or a card whose combat effect is not
/// modelled, a game bonus over 1000, bad mode, threads over
/// ODDSMITH_MAX_THREADS, `unmodelled` IGNORE), BUDGET_EXCEEDED (exact mode over the state or
/// time budget), CANCELLED (by `options->progress`; `out->partial` = 1 with
/// Monte Carlo's answer so far, or zeros for exact work; an exact answer
/// that completed anyway is returned with ODDSMITH_OK). On other errors
/// `*out` is left unchanged. The boards and options are only read during
/// the call. Thread safety: reentrant; with a progress callback the work
/// runs on a helper thread while the calling thread waits and calls the
/// callback.
///
/// # Safety
/// `a` and `b` must point to `a_count` and `b_count` items (or be NULL with
/// a count of 0); `options` NULL or valid; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_combat(
    a: *const OddsmithMinion,
    a_count: usize,
    b: *const OddsmithMinion,
    b_count: usize,
    tier_a: u32,
    tier_b: u32,
    options: *const OddsmithCombatOptions,
    out: *mut OddsmithCombatResult,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        check_board_counts(a_count, b_count)?;
        let a = arg!(input_slice(a, a_count, "a"))?;
        let b = arg!(input_slice(b, b_count, "b"))?;
        let o = options_or_default(options)?;
        let combat = boards_combat(a, b, [tier_a, tier_b], &o)?;
        // SAFETY: `options` is NULL or valid (this entry's # Safety), so
        // is the progress it names.
        unsafe { run(combat, &o, &[], out) }
    })
}

/// Refuses a board of more than ODDSMITH_BOARD_SIZE minions, before its
/// pointer is read.
pub(super) fn check_board_counts(a_count: usize, b_count: usize) -> Result<(), FfiError> {
    for (name, count) in [("A", a_count), ("B", b_count)] {
        if count > ODDSMITH_BOARD_SIZE {
            return Err(FfiError::invalid(format!(
                "board {name} has {count} minions; at most 7"
            )));
        }
    }
    Ok(())
}

/// The combat of two boards as the boards' entries take them (tiers 0
/// meaning 1, the options' bonuses), refusing an `unmodelled` other than
/// 0 or REFUSE.
pub(super) fn boards_combat(
    a: &[OddsmithMinion],
    b: &[OddsmithMinion],
    [tier_a, tier_b]: [u32; 2],
    o: &OddsmithCombatOptions,
) -> Result<Combat, FfiError> {
    if o.unmodelled != ODDSMITH_UNMODELLED_DEFAULT && o.unmodelled != ODDSMITH_UNMODELLED_REFUSE {
        return Err(FfiError::invalid(format!(
            "options: unmodelled {} is for a whole game state (oddsmith_combat_battle_json); \
             the boards' entry takes 0 or ODDSMITH_UNMODELLED_REFUSE (2)",
            o.unmodelled
        )));
    }
    Ok(Combat {
        a: a.iter()
            .enumerate()
            .map(|(i, m)| to_minion("A", i, m))
            .collect::<Result<_, _>>()?,
        b: b.iter()
            .enumerate()
            .map(|(i, m)| to_minion("B", i, m))
            .collect::<Result<_, _>>()?,
        tiers: [tier_a.max(1), tier_b.max(1)],
        bonuses: [
            to_game_bonuses("a", &o.bonuses_a)?,
            to_game_bonuses("b", &o.bonuses_b)?,
        ],
        heroes: Default::default(),
        hands: Default::default(),
        teammates: Default::default(),
    })
}

/// The combat of a whole Firestone game state (`BgsBattleInfo` JSON, as
/// Firestone's app logs it before a simulation, `json[0..len]`, UTF-8, no
/// NUL needed): `playerBoard` is side A, `opponentBoard` side B, with each
/// side's tavern tier, game bonuses (`globalInfo`), hand, secrets and
/// Duos teammate from the state; `options` as for `oddsmith_combat`,
/// whose `bonuses_a`/`bonuses_b` must be zeroed (the state gives them).
///
/// What might act in combat but is not modelled (a minion's effect, an
/// unknown card, a hero power, trinket, quest reward or anomaly) is by
/// default left out: minions fight with their stats and keywords, the
/// rest is dropped, and the result lists each one (`unmodelled_count`,
/// `unmodelled_ids`, `unmodelled_places`) with `approximate` = 1.
/// `options->unmodelled` = ODDSMITH_UNMODELLED_REFUSE refuses the state
/// instead.
///
/// Errors: NULL_POINTER (out, or json NULL with `len` above 0), PARSE
/// (not UTF-8, not JSON, or a malformed value, named by its JSON path:
/// `playerBoard.board[2].health is missing`), INVALID_ARGUMENT (with
/// REFUSE, what is not modelled, named by its path and card id; what
/// combat cannot combine, either way; nonzero bonuses or a bad
/// `unmodelled` in `options`; the options' errors of `oddsmith_combat`), BUDGET_EXCEEDED
/// and CANCELLED as `oddsmith_combat`. On other errors `*out` is left
/// unchanged. The text and options are only read during the call. Thread
/// safety: reentrant; with a progress callback the work runs on a helper
/// thread while the calling thread waits and calls the callback.
///
/// # Safety
/// `json` NULL (with `len` 0) or `len` readable bytes; `options` NULL or
/// valid; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_combat_battle_json(
    json: *const u8,
    len: usize,
    options: *const OddsmithCombatOptions,
    out: *mut OddsmithCombatResult,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        let bytes = arg!(input_slice(json, len, "json"))?;
        let o = options_or_default(options)?;
        if o.bonuses_a != OddsmithGameBonuses::default()
            || o.bonuses_b != OddsmithGameBonuses::default()
        {
            return Err(FfiError::invalid(
                "options: bonuses_a and bonuses_b must be zeroed: the game state's \
                 globalInfo gives each side's bonuses",
            ));
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            FfiError::new(
                OddsmithStatus::ODDSMITH_ERR_PARSE,
                format!("the game state is not UTF-8: {e}"),
            )
        })?;
        let on_unmodelled = match o.unmodelled {
            ODDSMITH_UNMODELLED_DEFAULT | ODDSMITH_UNMODELLED_IGNORE => OnUnmodelled::Ignore,
            ODDSMITH_UNMODELLED_REFUSE => OnUnmodelled::Refuse,
            other => {
                return Err(FfiError::invalid(format!(
                    "options: unmodelled {other} is not ODDSMITH_UNMODELLED_DEFAULT (0), \
                     _IGNORE (1) or _REFUSE (2)"
                )));
            }
        };
        let battle = battle_from_json(text, on_unmodelled)?;
        // SAFETY: `options` is NULL or valid (this entry's # Safety), so
        // is the progress it names.
        unsafe { run(battle.combat, &o, &battle.unmodelled, out) }
    })
}

/// The options a caller gave, or the defaults for NULL.
pub(super) fn options_or_default(
    options: *const OddsmithCombatOptions,
) -> Result<OddsmithCombatOptions, FfiError> {
    if options.is_null() {
        return Ok(OddsmithCombatOptions::default());
    }
    Ok(*arg!(input(options, "options"))?)
}

/// The engine's options of `o` (mode, budgets, seed, threads; no
/// control yet).
pub(super) fn engine_options(o: &OddsmithCombatOptions) -> Result<CombatOptions, FfiError> {
    let mode = match o.mode {
        ODDSMITH_COMBAT_AUTO => CombatMode::Auto,
        ODDSMITH_COMBAT_EXACT => CombatMode::Exact,
        ODDSMITH_COMBAT_MONTE_CARLO => CombatMode::MonteCarlo,
        other => {
            return Err(FfiError::invalid(format!(
                "mode {other} is not ODDSMITH_COMBAT_AUTO (0), _EXACT (1) or _MONTE_CARLO (2)"
            )));
        }
    };
    Ok(CombatOptions {
        mode,
        max_states: max_states_or_default(o.max_states),
        samples: samples_or_default(o.samples),
        // 0 is none given: the engine's one rule says what that means.
        time_budget: crate::budget::given_ms(Some(u64::from(o.time_budget_ms))),
        seed: o.seed,
        threads: o.threads as usize,
        control: Control::NONE,
    })
}

/// Runs `combat` under the options `o` (mode, budgets, seed, threads,
/// progress), writing the answer to `out` by the rules of
/// `oddsmith_combat`, with `unmodelled`, what the state's reading left
/// out.
///
/// # Safety
/// `o.progress` NULL or valid for the call (the entries' contract).
unsafe fn run(
    combat: Combat,
    o: &OddsmithCombatOptions,
    unmodelled: &[UnmodelledCard],
    out: &mut OddsmithCombatResult,
) -> Result<(), FfiError> {
    let mut options = engine_options(o)?;
    // SAFETY: `o.progress` is NULL or valid (this function's # Safety).
    let watched = unsafe {
        watch(o.progress, Control::NONE, move |control| {
            options.control = control.clone();
            simulate(&combat, &options)
        })
    };
    settle(watched, |r, cancelled| {
        *out = r.map_or(EMPTY_RESULT, to_c_result);
        list_unmodelled(unmodelled, out);
        // The one rule: an exact answer is complete even when a cancel
        // came late.
        out.partial = u8::from(is_partial(cancelled, out.exact != 0));
        out.partial != 0
    })
}

/// The result of a cancelled exact combat: no numbers.
const EMPTY_RESULT: OddsmithCombatResult = OddsmithCombatResult {
    win: 0.0,
    draw: 0.0,
    loss: 0.0,
    damage_to_b: [0.0; ODDSMITH_DAMAGE_SLOTS],
    damage_to_a: [0.0; ODDSMITH_DAMAGE_SLOTS],
    survivors_a: 0.0,
    survivors_b: 0.0,
    exact: 0,
    states: 0,
    std_error: 0.0,
    partial: 0,
    approximate: 0,
    unmodelled_count: 0,
    unmodelled_ids: [[0; ODDSMITH_UNMODELLED_ID_BYTES]; ODDSMITH_UNMODELLED_SLOTS],
    unmodelled_places: [0; ODDSMITH_UNMODELLED_SLOTS],
};

/// Writes what was left out to `out`: the count, the approximate mark and
/// the first slots' ids (cut on a character's boundary to fit) and places.
fn list_unmodelled(unmodelled: &[UnmodelledCard], out: &mut OddsmithCombatResult) {
    out.approximate = u8::from(!unmodelled.is_empty());
    out.unmodelled_count = u32::try_from(unmodelled.len()).unwrap_or(u32::MAX);
    let slots = out
        .unmodelled_ids
        .iter_mut()
        .zip(&mut out.unmodelled_places);
    for (card, (id, place)) in unmodelled.iter().zip(slots) {
        let mut end = card.id.len().min(ODDSMITH_UNMODELLED_ID_BYTES - 1);
        while !card.id.is_char_boundary(end) {
            end -= 1;
        }
        *id = [0; ODDSMITH_UNMODELLED_ID_BYTES];
        for (slot, &byte) in id.iter_mut().zip(&card.id.as_bytes()[..end]) {
            *slot = byte as c_char;
        }
        *place = place_code(card.place);
    }
}

/// The ODDSMITH_PLACE_* of a place.
fn place_code(place: Place) -> u32 {
    match place {
        Place::Board => ODDSMITH_PLACE_BOARD,
        Place::Hand => ODDSMITH_PLACE_HAND,
        Place::HeroPower => ODDSMITH_PLACE_HERO_POWER,
        Place::Trinket => ODDSMITH_PLACE_TRINKET,
        Place::QuestReward => ODDSMITH_PLACE_QUEST_REWARD,
        Place::Quest => ODDSMITH_PLACE_QUEST,
        Place::Anomaly => ODDSMITH_PLACE_ANOMALY,
        Place::Secret => ODDSMITH_PLACE_SECRET,
        Place::Enchantment => ODDSMITH_PLACE_ENCHANTMENT,
        Place::AdditionalCard => ODDSMITH_PLACE_ADDITIONAL_CARD,
    }
}

fn to_c_result(r: &CombatResult) -> OddsmithCombatResult {
    let mut result = OddsmithCombatResult {
        win: r.win,
        draw: r.draw,
        loss: r.loss,
        damage_to_b: [0.0; ODDSMITH_DAMAGE_SLOTS],
        damage_to_a: [0.0; ODDSMITH_DAMAGE_SLOTS],
        survivors_a: r.survivors[0],
        survivors_b: r.survivors[1],
        exact: u8::from(r.exact),
        states: r.states,
        std_error: r.stderr,
        ..EMPTY_RESULT
    };
    for (slots, dist) in [
        (&mut result.damage_to_b, &r.damage_to_b),
        (&mut result.damage_to_a, &r.damage_to_a),
    ] {
        for (d, &p) in dist.iter().enumerate() {
            slots[d.min(ODDSMITH_DAMAGE_SLOTS - 1)] += p;
        }
    }
    result
}
