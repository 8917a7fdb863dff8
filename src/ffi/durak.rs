//! Durak for C: the best move for a client that keeps its own game state
//! (an observation in, a move out), legal moves of an observation, and a
//! handle-based game for clients that let the engine run the table.
//!
//! Cards are oddsmith card indices, `rank * 4 + suit` (ranks 2..A = 0..12,
//! suits c, d, h, s = 0..3); a card set is a `uint64_t` with bit i for
//! card i; "no card" is -1.

use super::guard::{FfiError, FfiResult, OddsmithStatus, arg, guard, write_list};
use super::handles::{HandleTable, lock};
use super::progress::{OddsmithProgress, cancelled_error, watch};
use crate::budget::Control;
use crate::cards::{Card, CardSet};
use crate::durak::game::{MAX_ATTACKS, MAX_PLAYERS};
use crate::durak::levels::level_budget;
use crate::durak::style::styled_best_move;
use crate::durak::{
    Config, Deck, Game, Move, MoveKind, MoveList, Observation, Outcome, Phase, Protocol, Variant,
};
use crate::mcts::{Budget, Rollout};
use crate::rng::Rng;

/// Most players at a table (seats 0..5).
pub const ODDSMITH_DURAK_MAX_PLAYERS: usize = 6;
/// Most attack cards in one bout.
pub const ODDSMITH_DURAK_MAX_ATTACKS: usize = 6;
/// Room for every legal move of any position.
pub const ODDSMITH_DURAK_MAX_MOVES: usize = 160;
const _: () = assert!(ODDSMITH_DURAK_MAX_PLAYERS == MAX_PLAYERS);
const _: () = assert!(ODDSMITH_DURAK_MAX_ATTACKS == MAX_ATTACKS);
const _: () = assert!(ODDSMITH_DURAK_MAX_MOVES == crate::durak::moves::MAX_MOVES);

/// Move kind: lead or throw in `card`.
pub const ODDSMITH_DURAK_ATTACK: u32 = 0;
/// Beat the attack card `target` with `card`.
pub const ODDSMITH_DURAK_DEFEND: u32 = 1;
/// The defender gives up the bout and picks up the table.
pub const ODDSMITH_DURAK_TAKE: u32 = 2;
/// A thrower adds nothing (more).
pub const ODDSMITH_DURAK_PASS: u32 = 3;
/// The defender puts down `card`, of the attack cards' rank, and the next
/// player defends (ODDSMITH_DURAK_VARIANT_TRANSFER only).
pub const ODDSMITH_DURAK_TRANSFER: u32 = 4;

/// Rules variants: podkidnoy (the default), perevodnoy (the defender may
/// transfer the bout, rule 12 of docs/src/rules/durak.md). This one:
/// podkidnoy.
pub const ODDSMITH_DURAK_VARIANT_PODKIDNOY: u32 = 0;
/// Perevodnoy: the defender may transfer the bout (rule 12).
pub const ODDSMITH_DURAK_VARIANT_TRANSFER: u32 = 1;

/// How cards reach the defender (rule 13): each card answered before the
/// next is thrown (the default), or several thrown first and the defender
/// then beats them in any order. Observations of either kind are accepted
/// under both. This one: one at a time.
pub const ODDSMITH_DURAK_ONE_AT_A_TIME: u32 = 0;
/// Several cards thrown before the defender answers them.
pub const ODDSMITH_DURAK_SEVERAL_AT_ONCE: u32 = 1;

/// Bout phase: the main attacker leads the first card.
pub const ODDSMITH_DURAK_LEAD: u32 = 0;
/// The defender answers the uncovered cards.
pub const ODDSMITH_DURAK_DEFEND_PHASE: u32 = 1;
/// Throwers may add cards (every card covered, or several at once).
pub const ODDSMITH_DURAK_THROW_IN: u32 = 2;
/// The defender takes; throwers may add cards before the pickup.
pub const ODDSMITH_DURAK_TAKING: u32 = 3;

/// Rollout policy: playouts by the greedy heuristic player (the default,
/// as in every interface: the stronger at equal time).
pub const ODDSMITH_DURAK_ROLLOUT_HEURISTIC: u32 = 0;
/// Playouts by uniformly random legal moves.
pub const ODDSMITH_DURAK_ROLLOUT_RANDOM: u32 = 1;

/// The table's rules: 2 to 6 players (0 means 2); a deck of 24, 36 or 52
/// cards (0 means 36); `variant` ODDSMITH_DURAK_VARIANT_*; `protocol`
/// ODDSMITH_DURAK_ONE_AT_A_TIME or _SEVERAL_AT_ONCE. A zeroed struct is the
/// default two-player podkidnoy game, one card at a time.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithDurakRules {
    /// 2 to 6; 0 means 2.
    pub players: u32,
    /// 24, 36 or 52; 0 means 36.
    pub deck_size: u32,
    /// ODDSMITH_DURAK_VARIANT_PODKIDNOY (0) or _TRANSFER (1).
    pub variant: u32,
    /// ODDSMITH_DURAK_ONE_AT_A_TIME (0) or _SEVERAL_AT_ONCE (1).
    pub protocol: u32,
}

/// A move: `kind` is ODDSMITH_DURAK_ATTACK (lead or throw in `card`),
/// _DEFEND (beat `target` with `card`), _TRANSFER (with `card`; target
/// -1), _TAKE or _PASS (cards -1).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OddsmithDurakMove {
    /// ODDSMITH_DURAK_ATTACK, _DEFEND, _TAKE, _PASS or _TRANSFER.
    pub kind: u32,
    /// The card played (0..51), or -1 for take and pass.
    pub card: i32,
    /// The attack card beaten by a defence (0..51), else -1.
    pub target: i32,
}

/// What one player (`me`) sees. `known[p]` are cards player p picked up in
/// view of all and still holds (for `me`, a subset of `hand`);
/// `table_attacks[i]` with `table_covers[i]` (-1 = not beaten), for
/// `i < table_count`; `bout_limit` = min(6, the defender's hand at the
/// bout's start); `passed_mask` = throwers who passed since the last card
/// thrown; `out_mask` = players who left; `trump_card` lies under the
/// talon while `talon_size > 0`; `bout_leader` = 1 + the seat of the player
/// who led the bout's first card, where the refill starts (0 = the
/// attacker: it differs only after a transfer). Several uncovered cards
/// are accepted in either protocol (the defender to move, or throwers still
/// adding).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OddsmithDurakObservation {
    /// The table's rules.
    pub rules: OddsmithDurakRules,
    /// The observer's seat.
    pub me: u32,
    /// The observer's cards (a card set mask).
    pub hand: u64,
    /// Per seat: the cards picked up in view of all and still held.
    pub known: [u64; ODDSMITH_DURAK_MAX_PLAYERS],
    /// Per seat: cards in hand (0 for seats not at the table).
    pub hand_sizes: [u32; ODDSMITH_DURAK_MAX_PLAYERS],
    /// Bit per seat: the players who have left the game.
    pub out_mask: u32,
    /// Cards left to draw, the turned trump card included.
    pub talon_size: u32,
    /// The card turned to show trumps (0..51).
    pub trump_card: i32,
    /// The cards beaten off the table so far (a card set mask).
    pub discard: u64,
    /// The attack cards on the table, in the order played.
    pub table_attacks: [i32; ODDSMITH_DURAK_MAX_ATTACKS],
    /// The card beating each attack card, or -1 while it is not beaten.
    pub table_covers: [i32; ODDSMITH_DURAK_MAX_ATTACKS],
    /// Attack cards on the table, 0..=ODDSMITH_DURAK_MAX_ATTACKS.
    pub table_count: u32,
    /// Attack cards allowed this bout: min(6, the defender's hand at its
    /// start).
    pub bout_limit: u32,
    /// The main attacker's seat.
    pub attacker: u32,
    /// The defender's seat.
    pub defender: u32,
    /// The seat of the player to move.
    pub to_move: u32,
    /// ODDSMITH_DURAK_LEAD, _DEFEND_PHASE, _THROW_IN or _TAKING.
    pub phase: u32,
    /// Bit per seat: the throwers who passed since the last card thrown.
    pub passed_mask: u32,
    /// 1 + the seat that led the bout's first card; 0 means the attacker.
    pub bout_leader: u32,
}

/// Search budget; a zeroed struct is the defaults, and NULL means a zeroed
/// struct. `iterations`: the total for the call, shared by the trees (0 =
/// no limit; with `time_ms` 0 too, 10,000). `time_ms`: wall-clock limit (0
/// = none). Either way every call completes at least one iteration per
/// tree, so the move is never arbitrary. `threads`: one search tree per
/// worker, by the rule of ODDSMITH_MAX_THREADS (0 = the shared pool, 1 =
/// the caller's thread: deterministic for a seed under an iteration
/// budget), never more trees than iterations. `rollout`:
/// ODDSMITH_DURAK_ROLLOUT_* (0 = heuristic, the default everywhere);
/// `exploration`: UCB constant (0 = the default
/// 0.7); `seed`: any value.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithDurakBudget {
    /// Iterations for the whole call, shared by the trees; 0 = no limit
    /// (10,000 when time_ms is 0 too).
    pub iterations: u64,
    /// Wall-clock limit in milliseconds; 0 = none.
    pub time_ms: u32,
    /// Search trees, one per worker, by the rule of ODDSMITH_MAX_THREADS.
    pub threads: u32,
    /// ODDSMITH_DURAK_ROLLOUT_HEURISTIC (0, the default) or _RANDOM (1).
    pub rollout: u32,
    /// UCB exploration constant, finite and >= 0; 0 means 0.7.
    pub exploration: f64,
    /// Seed of the search's random streams (any value).
    pub seed: u64,
    /// Progress and cancel (see OddsmithProgress), or NULL for none: a
    /// cancel stops the search with the best move so far.
    pub progress: *const OddsmithProgress,
    /// A level of play, 1 (weakest) to 10, each a point on the Elo scale
    /// of docs/src/durak.md; 0 = none, the budget as given. Levels 1 to 9
    /// fix the iterations, rollout, exploration and threads (one), and
    /// keep only `time_ms` (a cap), `seed` and `progress`; level 10 is the
    /// default search with this budget as given (as 0).
    pub level: u32,
}

/// What the search did.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithDurakStats {
    /// Search iterations run, summed over the trees (0 when proven exactly).
    pub iterations: u64,
    /// Tree nodes made (or, when proven exactly, positions solved).
    pub nodes: u64,
    /// Wall-clock time of the search in milliseconds.
    pub elapsed_ms: f64,
    /// Visits and mean score (0..1, for the observer) of the chosen move.
    pub best_visits: u64,
    /// The chosen move's mean score for the observer, 0..1.
    pub best_mean: f64,
    /// 1 when the move was proven by the exact endgame (two players, at
    /// most the turned trump card left to draw, solved within the budget;
    /// `iterations` is then 0 and `nodes` the positions solved), 0 when
    /// searched.
    pub exact: u32,
    /// With `exact`: the observer's result under perfect play, 0 loss, 0.5
    /// draw, 1 win (also `best_mean`); else -1.
    pub proven_score: f64,
    /// 1 when the progress callback cancelled the search (the move is the
    /// best so far).
    pub partial: u32,
}

/// How a handle's game stands: `over` (0/1); when over, `loser` is the
/// durak's seat or -1 for a draw, with `drawn_mask` the players who ran
/// out together.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OddsmithDurakOutcome {
    /// 1 when the game is over, else 0.
    pub over: u32,
    /// The durak's seat; -1 for a draw or while the game goes on.
    pub loser: i32,
    /// In a draw, bit per seat: the players who ran out together.
    pub drawn_mask: u32,
}

/// A game run by the engine (opaque). A handle is not an address: it
/// names a slot of the library's table of games and the generation of the
/// game in it, so a freed handle (or one not from `oddsmith_durak_new`)
/// gives INVALID_ARGUMENT, a second free is ignored, and a stale handle
/// never reaches a newer game in the same slot.
pub struct OddsmithDurakGame {
    _opaque: [u8; 0],
}

/// The live games.
static GAMES: HandleTable<Game> = HandleTable::new("game");

/// Runs `f` on the live game of `handle` (NULL_POINTER for NULL,
/// INVALID_ARGUMENT for a handle that is not live), one call at a time per
/// game.
fn with_game<T>(
    handle: *const OddsmithDurakGame,
    f: impl FnOnce(&mut Game) -> FfiResult<T>,
) -> FfiResult<T> {
    if handle.is_null() {
        return Err(FfiError::null("game"));
    }
    let game = GAMES.get(handle as usize)?;
    f(&mut lock(&game))
}

fn rules_to_config(r: &OddsmithDurakRules) -> FfiResult<Config> {
    let deck = match r.deck_size {
        0 | 36 => Deck::Cards36,
        24 => Deck::Cards24,
        52 => Deck::Cards52,
        n => {
            return Err(FfiError::invalid(format!(
                "deck of {n} cards: use 24, 36 or 52"
            )));
        }
    };
    let players = match r.players {
        0 => 2,
        n => u8::try_from(n)
            .map_err(|_| FfiError::invalid(format!("{n} players; Durak takes 2 to 6")))?,
    };
    let variant = match r.variant {
        ODDSMITH_DURAK_VARIANT_PODKIDNOY => Variant::Podkidnoy,
        ODDSMITH_DURAK_VARIANT_TRANSFER => Variant::Transfer,
        v => {
            return Err(FfiError::invalid(format!(
                "variant {v}: use ODDSMITH_DURAK_VARIANT_PODKIDNOY (0) or _TRANSFER (1)"
            )));
        }
    };
    let protocol = match r.protocol {
        ODDSMITH_DURAK_ONE_AT_A_TIME => Protocol::OneAtATime,
        ODDSMITH_DURAK_SEVERAL_AT_ONCE => Protocol::SeveralAtOnce,
        p => {
            return Err(FfiError::invalid(format!(
                "protocol {p}: use ODDSMITH_DURAK_ONE_AT_A_TIME (0) or _SEVERAL_AT_ONCE (1)"
            )));
        }
    };
    let config = Config {
        players,
        deck,
        variant,
        protocol,
    };
    config.validate()?;
    Ok(config)
}

fn config_to_rules(c: Config) -> OddsmithDurakRules {
    OddsmithDurakRules {
        players: c.players as u32,
        deck_size: c.deck.size(),
        variant: match c.variant {
            Variant::Podkidnoy => ODDSMITH_DURAK_VARIANT_PODKIDNOY,
            Variant::Transfer => ODDSMITH_DURAK_VARIANT_TRANSFER,
        },
        protocol: match c.protocol {
            Protocol::OneAtATime => ODDSMITH_DURAK_ONE_AT_A_TIME,
            Protocol::SeveralAtOnce => ODDSMITH_DURAK_SEVERAL_AT_ONCE,
        },
    }
}

fn card_of(i: i32, what: &str) -> FfiResult<Card> {
    u8::try_from(i)
        .ok()
        .and_then(Card::new)
        .ok_or_else(|| FfiError::invalid(format!("{what}: {i} is not a card index 0..51")))
}

fn card_index(c: Option<Card>) -> i32 {
    c.map_or(-1, |c| c.index() as i32)
}

fn set_of(mask: u64, what: &str) -> FfiResult<CardSet> {
    CardSet::from_mask(mask)
        .ok_or_else(|| FfiError::invalid(format!("{what}: bits above 51 are set")))
}

fn seat(v: u32, what: &str) -> FfiResult<u8> {
    u8::try_from(v)
        .ok()
        .filter(|&s| (s as usize) < MAX_PLAYERS)
        .ok_or_else(|| FfiError::invalid(format!("{what} {v} is not a seat 0..5")))
}

/// Converts and checks an observation (`Observation::validate`).
fn to_observation(o: &OddsmithDurakObservation) -> FfiResult<Observation> {
    let config = rules_to_config(&o.rules)?;
    if o.table_count as usize > MAX_ATTACKS {
        return Err(FfiError::invalid(format!(
            "{} attack cards; a bout has at most 6",
            o.table_count
        )));
    }
    let mut table = Vec::with_capacity(o.table_count as usize);
    for i in 0..o.table_count as usize {
        let attack = card_of(o.table_attacks[i], "table_attacks")?;
        let cover = match o.table_covers[i] {
            -1 => None,
            c => Some(card_of(c, "table_covers")?),
        };
        table.push((attack, cover));
    }
    let mut known = [CardSet::EMPTY; MAX_PLAYERS];
    let mut hand_sizes = [0u8; MAX_PLAYERS];
    for p in 0..MAX_PLAYERS {
        known[p] = set_of(o.known[p], "known")?;
        hand_sizes[p] = u8::try_from(o.hand_sizes[p])
            .ok()
            .filter(|&n| n <= 52)
            .ok_or_else(|| {
                FfiError::invalid(format!("hand size {} is over 52", o.hand_sizes[p]))
            })?;
    }
    let phase = match o.phase {
        ODDSMITH_DURAK_LEAD => Phase::Lead,
        ODDSMITH_DURAK_DEFEND_PHASE => Phase::Defend,
        ODDSMITH_DURAK_THROW_IN => Phase::ThrowIn,
        ODDSMITH_DURAK_TAKING => Phase::Taking,
        p => return Err(FfiError::invalid(format!("phase {p} is not 0..3"))),
    };
    let small = |v: u32, what: &str| {
        u8::try_from(v).map_err(|_| FfiError::invalid(format!("{what} {v} is too large")))
    };
    let view = Observation {
        config,
        me: seat(o.me, "me")?,
        hand: set_of(o.hand, "hand")?,
        known,
        hand_sizes,
        out: small(o.out_mask, "out_mask")?,
        talon_len: small(o.talon_size, "talon_size")?,
        trump_card: card_of(o.trump_card, "trump_card")?,
        discard: set_of(o.discard, "discard")?,
        table,
        bout_limit: small(o.bout_limit, "bout_limit")?,
        leader: match o.bout_leader {
            0 => seat(o.attacker, "attacker")?,
            n => seat(n - 1, "bout_leader - 1")?,
        },
        attacker: seat(o.attacker, "attacker")?,
        defender: seat(o.defender, "defender")?,
        to_move: seat(o.to_move, "to_move")?,
        phase,
        passed: small(o.passed_mask, "passed_mask")?,
    };
    view.validate()?;
    Ok(view)
}

fn from_observation(v: &Observation) -> OddsmithDurakObservation {
    let mut o = OddsmithDurakObservation {
        rules: config_to_rules(v.config),
        me: v.me as u32,
        hand: v.hand.mask(),
        known: [0; MAX_PLAYERS],
        hand_sizes: [0; MAX_PLAYERS],
        out_mask: v.out as u32,
        talon_size: v.talon_len as u32,
        trump_card: v.trump_card.index() as i32,
        discard: v.discard.mask(),
        table_attacks: [-1; MAX_ATTACKS],
        table_covers: [-1; MAX_ATTACKS],
        table_count: v.table.len() as u32,
        bout_limit: v.bout_limit as u32,
        attacker: v.attacker as u32,
        defender: v.defender as u32,
        to_move: v.to_move as u32,
        phase: v.phase as u32,
        passed_mask: v.passed as u32,
        bout_leader: if v.leader == v.attacker {
            0
        } else {
            v.leader as u32 + 1
        },
    };
    for p in 0..MAX_PLAYERS {
        o.known[p] = v.known[p].mask();
        o.hand_sizes[p] = v.hand_sizes[p] as u32;
    }
    for (i, (a, c)) in v.table.iter().enumerate() {
        o.table_attacks[i] = a.index() as i32;
        o.table_covers[i] = card_index(*c);
    }
    o
}

fn to_c_move(m: Move) -> OddsmithDurakMove {
    match m.kind {
        MoveKind::Attack => OddsmithDurakMove {
            kind: ODDSMITH_DURAK_ATTACK,
            card: m.card.index() as i32,
            target: -1,
        },
        MoveKind::Defend => OddsmithDurakMove {
            kind: ODDSMITH_DURAK_DEFEND,
            card: m.card.index() as i32,
            target: m.target.index() as i32,
        },
        MoveKind::Take => OddsmithDurakMove {
            kind: ODDSMITH_DURAK_TAKE,
            card: -1,
            target: -1,
        },
        MoveKind::Pass => OddsmithDurakMove {
            kind: ODDSMITH_DURAK_PASS,
            card: -1,
            target: -1,
        },
        MoveKind::Transfer => OddsmithDurakMove {
            kind: ODDSMITH_DURAK_TRANSFER,
            card: m.card.index() as i32,
            target: -1,
        },
    }
}

fn from_c_move(m: &OddsmithDurakMove) -> FfiResult<Move> {
    Ok(match m.kind {
        ODDSMITH_DURAK_ATTACK => Move::attack(card_of(m.card, "move card")?),
        ODDSMITH_DURAK_DEFEND => Move::defend(
            card_of(m.target, "move target")?,
            card_of(m.card, "move card")?,
        ),
        ODDSMITH_DURAK_TAKE => Move::TAKE,
        ODDSMITH_DURAK_PASS => Move::PASS,
        ODDSMITH_DURAK_TRANSFER => Move::transfer(card_of(m.card, "move card")?),
        k => return Err(FfiError::invalid(format!("move kind {k} is not 0..4"))),
    })
}

/// Copies `moves` into the caller's buffer; `*count` gets the number of
/// moves even when the buffer is too small.
fn write_moves(moves: &[Move], buf: &mut [OddsmithDurakMove], count: &mut usize) -> FfiResult {
    write_list(
        moves,
        moves.len(),
        buf,
        count,
        "legal moves (ODDSMITH_DURAK_MAX_MOVES always fits)",
        |&m| to_c_move(m),
    )
}

/// The best move for the observer (`observation->me`, who must be the
/// player to move) by information-set MCTS within `budget` (NULL or zeroed:
/// 10,000 iterations on the shared pool, seed 0; see OddsmithDurakBudget).
/// With two players and an empty talon (or only the turned trump card left
/// in it) nothing is hidden: the endgame is
/// solved exactly when it fits half a time budget or 10 positions per
/// iteration of an iteration budget (`stats->exact` = 1, with the proven
/// result), and searched with the rest of the budget when it does
/// not (the search then solves its own endgame positions exactly where
/// they are small). A time budget is kept within about a millisecond past
/// it (and one iteration per tree). `stats` may be NULL.
///
/// Errors: NULL_POINTER (observation, out), INVALID_ARGUMENT (an
/// observation that cannot happen, with the reason: bad seats, more than 6
/// attack cards, counts that do not add up, a cover that does not beat its
/// card, the observer not to move...; a rollout other than 0 or 1, an
/// exploration constant that is negative or not finite, threads over
/// ODDSMITH_MAX_THREADS, a level over 10), DUPLICATE_CARD (a card in two places, the trump
/// card included), CANCELLED (by `budget->progress`: `out` holds the best
/// move so far, `stats->partial` = 1). On other errors `*out` and
/// `*stats` are left unchanged. The observation and budget are only read
/// during the call. Thread safety: reentrant; with a progress callback the
/// search runs on a helper thread while the calling thread waits and calls
/// the callback.
///
/// # Safety
/// `observation` and `out` valid; `budget` and `stats` NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_best_move(
    observation: *const OddsmithDurakObservation,
    budget: *const OddsmithDurakBudget,
    out: *mut OddsmithDurakMove,
    stats: *mut OddsmithDurakStats,
) -> OddsmithStatus {
    guard(|| {
        let o = arg!(input(observation, "observation"))?;
        let out = arg!(output(out, "out"))?;
        let view = to_observation(o)?;
        let b = if budget.is_null() {
            OddsmithDurakBudget::default()
        } else {
            *arg!(input(budget, "budget"))?
        };
        let rollout = match b.rollout {
            ODDSMITH_DURAK_ROLLOUT_RANDOM => Rollout::Random,
            ODDSMITH_DURAK_ROLLOUT_HEURISTIC => Rollout::Heuristic,
            r => return Err(FfiError::invalid(format!("rollout {r} is not 0 or 1"))),
        };
        // Each 0 is none given: the engine's one rule says what that means.
        let budget = Budget {
            threads: b.threads as usize,
            rollout,
            ..Budget::default()
        }
        .with_limits(b.iterations, u64::from(b.time_ms))
        .with_exploration(b.exploration);
        let (budget, style) = level_budget(b.level, &budget)?;
        // SAFETY: the caller's pointer contract (this function's # Safety).
        let watched = unsafe {
            watch(b.progress, Control::NONE, |control| {
                styled_best_move(&view, &budget, style, b.seed, control)
            })
        };
        let cancelled = watched.cancelled;
        let r = match watched.value {
            Ok(r) => r,
            // A search the callback stopped fails as cancelled, as every
            // entry with progress does, whatever the engine said.
            Err(_) if cancelled => return Err(cancelled_error()),
            Err(e) => return Err(e.into()),
        };
        *out = to_c_move(r.best);
        if !stats.is_null() {
            let chosen = r.moves.iter().find(|m| m.mv == r.best);
            *arg!(output(stats, "stats"))? = OddsmithDurakStats {
                iterations: r.iterations,
                nodes: r.nodes,
                elapsed_ms: r.elapsed.as_secs_f64() * 1e3,
                best_visits: chosen.map_or(0, |m| m.visits),
                best_mean: chosen.map_or(0.0, |m| m.mean),
                exact: u32::from(r.exact.is_some()),
                proven_score: r.exact.unwrap_or(-1.0),
                partial: u32::from(cancelled),
            };
        }
        if cancelled {
            return Err(cancelled_error());
        }
        Ok(())
    })
}

/// The legal moves of the observer, who must be the player to move, into
/// `buf` (`cap` items; ODDSMITH_DURAK_MAX_MOVES always fits); `*count` gets
/// their number, also on BUFFER_TOO_SMALL.
///
/// Errors: NULL_POINTER (observation, count, or buf with `cap > 0`),
/// INVALID_ARGUMENT (as for best_move, or the observer is not to move),
/// DUPLICATE_CARD, BUFFER_TOO_SMALL (`*count` set, no move written). The
/// moves depend only on what the observer sees. Thread safety: reentrant.
///
/// # Safety
/// `observation` and `count` valid; `buf` NULL (with `cap` 0) or `cap`
/// writable items.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_legal_moves(
    observation: *const OddsmithDurakObservation,
    buf: *mut OddsmithDurakMove,
    cap: usize,
    count: *mut usize,
) -> OddsmithStatus {
    guard(|| {
        let o = arg!(input(observation, "observation"))?;
        let count = arg!(output(count, "count"))?;
        let buf = arg!(output_slice(buf, cap, "buf"))?;
        let view = to_observation(o)?;
        if view.me != view.to_move {
            return Err(FfiError::invalid(format!(
                "player {} is to move, not the observer {}",
                view.to_move, view.me
            )));
        }
        // The observer's moves depend only on what it sees.
        let game = view.determinize(&mut Rng::new(0));
        let mut list = MoveList::default();
        game.legal_moves(&mut list);
        write_moves(list.as_slice(), buf, count)
    })
}

/// A new game dealt from `seed`, for `*out` (free it with
/// `oddsmith_durak_free`).
///
/// The cards are shuffled from `seed` (equal seeds deal equal games); the
/// holder of the lowest trump leads. The game belongs to the library: the
/// handle stays valid until `oddsmith_durak_free`, and every game not freed
/// holds its memory until the process ends.
///
/// Errors: NULL_POINTER (rules, out), INVALID_ARGUMENT (players not 2..6,
/// deck not 24, 36 or 52, or too small for the players, a bad variant or
/// protocol, or 1,048,575 games already live). After any error but a NULL
/// `out`, `*out` is NULL. Thread safety: reentrant; calls on one
/// handle from several threads take turns.
///
/// # Safety
/// `rules` and `out` valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_new(
    rules: *const OddsmithDurakRules,
    seed: u64,
    out: *mut *mut OddsmithDurakGame,
) -> OddsmithStatus {
    guard(|| {
        // `*out` is NULL on every failure, a bad `rules` included.
        let out = arg!(output(out, "out"))?;
        *out = std::ptr::null_mut();
        let rules = arg!(input(rules, "rules"))?;
        let game = Game::new(rules_to_config(rules)?, &mut Rng::new(seed))?;
        *out = GAMES.insert(game)? as *mut OddsmithDurakGame;
        Ok(())
    })
}

/// Frees a game from `oddsmith_durak_new`; NULL, and a handle that is not
/// live (already freed, or not from this library), are ignored: a second
/// free is harmless. Thread safety: safe from any thread; a call still
/// using the game finishes with it first.
///
/// # Safety
/// None: `game` is only compared with the live handles, never read.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_free(game: *mut OddsmithDurakGame) {
    // In the guard like every entry (a panic in a drop stops here); its
    // status has nowhere to go.
    let _ = guard(|| {
        GAMES.remove(game as usize);
        Ok(())
    });
}

/// The player to move in `*to_move` (meaningless once over). Errors:
/// NULL_POINTER (game or to_move), INVALID_ARGUMENT (a handle that is not
/// live: freed, or not from `oddsmith_durak_new`). Thread safety: safe
/// from any thread; calls on one handle take turns (each holds the game
/// for its duration).
///
/// # Safety
/// `game` NULL or any handle (a freed or foreign one gives
/// INVALID_ARGUMENT); `to_move` valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_to_move(
    game: *const OddsmithDurakGame,
    to_move: *mut u32,
) -> OddsmithStatus {
    guard(|| {
        let to_move = arg!(output(to_move, "to_move"))?;
        *to_move = with_game(game, |g| Ok(g.to_move() as u32))?;
        Ok(())
    })
}

/// The legal moves of the player to move (none once over), as for
/// `oddsmith_durak_legal_moves` (`*count` gets their number, also on
/// BUFFER_TOO_SMALL). Errors: NULL_POINTER (game, count, or buf with
/// `cap > 0`), INVALID_ARGUMENT (a handle that is not live),
/// BUFFER_TOO_SMALL. Thread safety: as `oddsmith_durak_to_move`.
///
/// # Safety
/// `game` NULL or any handle (a freed or foreign one gives
/// INVALID_ARGUMENT); `count` valid; `buf` NULL (cap 0) or `cap` items.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_game_legal_moves(
    game: *const OddsmithDurakGame,
    buf: *mut OddsmithDurakMove,
    cap: usize,
    count: *mut usize,
) -> OddsmithStatus {
    guard(|| {
        let count = arg!(output(count, "count"))?;
        let buf = arg!(output_slice(buf, cap, "buf"))?;
        let mut list = MoveList::default();
        with_game(game, |g| {
            g.legal_moves(&mut list);
            Ok(())
        })?;
        write_moves(list.as_slice(), buf, count)
    })
}

/// Plays `mv` for the player to move. Errors: NULL_POINTER (game, mv),
/// INVALID_ARGUMENT (a move kind other than 0..4 or a card index outside
/// 0..51, an illegal move, the game is over, or a handle that is not live;
/// nothing changes). Thread safety: as `oddsmith_durak_to_move`.
///
/// # Safety
/// `game` NULL or any handle (a freed or foreign one gives
/// INVALID_ARGUMENT); `mv` valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_apply(
    game: *mut OddsmithDurakGame,
    mv: *const OddsmithDurakMove,
) -> OddsmithStatus {
    guard(|| {
        let m = from_c_move(arg!(input(mv, "move"))?)?;
        with_game(game, |g| Ok(g.apply(m)?))
    })
}

/// What `player` sees, ready for `oddsmith_durak_best_move`.
///
/// Errors: NULL_POINTER (game, out), INVALID_ARGUMENT (no such seat, the
/// game is over, or a handle that is not live). Thread safety: as
/// `oddsmith_durak_to_move`.
///
/// # Safety
/// `game` NULL or any handle (a freed or foreign one gives
/// INVALID_ARGUMENT); `out` valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_observe(
    game: *const OddsmithDurakGame,
    player: u32,
    out: *mut OddsmithDurakObservation,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        *out = with_game(game, |g| {
            if player >= g.config().players as u32 {
                return Err(FfiError::invalid(format!(
                    "player {player} is not at the table"
                )));
            }
            if g.outcome().is_some() {
                return Err(FfiError::invalid("the game is over"));
            }
            Ok(from_observation(&g.observe(player as u8)))
        })?;
        Ok(())
    })
}

/// Whether the game is over, and who lost (see OddsmithDurakOutcome).
/// Errors: NULL_POINTER (game, out), INVALID_ARGUMENT (a handle that is
/// not live). Thread safety: as `oddsmith_durak_to_move`.
///
/// # Safety
/// `game` NULL or any handle (a freed or foreign one gives
/// INVALID_ARGUMENT); `out` valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oddsmith_durak_winner(
    game: *const OddsmithDurakGame,
    out: *mut OddsmithDurakOutcome,
) -> OddsmithStatus {
    guard(|| {
        let out = arg!(output(out, "out"))?;
        *out = with_game(game, |g| Ok(outcome_of(g)))?;
        Ok(())
    })
}

/// The C form of a game's outcome.
fn outcome_of(g: &Game) -> OddsmithDurakOutcome {
    {
        match g.outcome() {
            None => OddsmithDurakOutcome {
                over: 0,
                loser: -1,
                drawn_mask: 0,
            },
            Some(Outcome::Loser(p)) => OddsmithDurakOutcome {
                over: 1,
                loser: p as i32,
                drawn_mask: 0,
            },
            Some(Outcome::Draw) => OddsmithDurakOutcome {
                over: 1,
                loser: -1,
                drawn_mask: g.drawn() as u32,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A zeroed C budget is the Rust default search (heuristic rollouts,
    /// exact endgame, the default opponent model), move for move.
    #[test]
    fn a_zeroed_budget_is_the_rust_default() {
        let mut rng = Rng::new(9);
        let game = Game::new(Config::default(), &mut rng).unwrap();
        let view = game.observe(game.to_move());
        let c_view = from_observation(&view);
        let search = |b: &OddsmithDurakBudget| {
            let mut out = to_c_move(Move::PASS);
            let mut stats = OddsmithDurakStats::default();
            // SAFETY: pointers to live locals.
            let status = unsafe { oddsmith_durak_best_move(&c_view, b, &mut out, &mut stats) };
            assert_eq!(status, OddsmithStatus::ODDSMITH_OK);
            (out, stats.nodes, stats.best_visits)
        };
        let rust = |budget: Budget| {
            let r = crate::durak::best_move(&view, &budget, 4).unwrap();
            let visits = r.moves.iter().find(|m| m.mv == r.best).unwrap().visits;
            (to_c_move(r.best), r.nodes, visits)
        };
        let zeroed = OddsmithDurakBudget {
            iterations: 400,
            threads: 1,
            seed: 4,
            ..Default::default()
        };
        let default = Budget {
            iterations: 400,
            ..Budget::default()
        };
        assert_eq!(default.rollout, Rollout::Heuristic);
        assert_eq!(search(&zeroed), rust(default));
        let random = OddsmithDurakBudget {
            rollout: ODDSMITH_DURAK_ROLLOUT_RANDOM,
            ..zeroed
        };
        let random_rust = Budget {
            rollout: Rollout::Random,
            ..default
        };
        assert_eq!(search(&random), rust(random_rust));
        assert_ne!(search(&random), search(&zeroed));
        // Level 10 is the budget as given; a lower level fixes its own
        // iterations whatever the budget says.
        let top = OddsmithDurakBudget {
            level: 10,
            ..zeroed
        };
        assert_eq!(search(&top), search(&zeroed));
        let level = |n: u32, iterations: u64| {
            let b = OddsmithDurakBudget {
                level: n,
                iterations,
                ..zeroed
            };
            let mut out = to_c_move(Move::PASS);
            let mut stats = OddsmithDurakStats::default();
            // SAFETY: pointers to live locals.
            let status = unsafe { oddsmith_durak_best_move(&c_view, &b, &mut out, &mut stats) };
            (status, stats.iterations)
        };
        assert_eq!(level(5, 7), (OddsmithStatus::ODDSMITH_OK, 100));
        assert_eq!(level(5, 0), (OddsmithStatus::ODDSMITH_OK, 100));
        assert_eq!(
            level(11, 0).0,
            OddsmithStatus::ODDSMITH_ERR_INVALID_ARGUMENT
        );
    }

    #[test]
    fn observations_round_trip_and_play_through_the_handle() {
        let rules = OddsmithDurakRules {
            players: 3,
            deck_size: 36,
            ..Default::default()
        };
        let mut game = std::ptr::null_mut();
        // SAFETY: pointers to live locals, or NULL where that is the point.
        unsafe {
            assert_eq!(
                oddsmith_durak_new(&rules, 5, &mut game),
                OddsmithStatus::ODDSMITH_OK
            );
            let mut rng = Rng::new(1);
            loop {
                let mut outcome = OddsmithDurakOutcome::default();
                oddsmith_durak_winner(game, &mut outcome);
                if outcome.over == 1 {
                    break;
                }
                let mut to_move = 0;
                oddsmith_durak_to_move(game, &mut to_move);
                let mut obs = std::mem::zeroed::<OddsmithDurakObservation>();
                assert_eq!(
                    oddsmith_durak_observe(game, to_move, &mut obs),
                    OddsmithStatus::ODDSMITH_OK
                );
                let view = to_observation(&obs).unwrap();
                let observed = with_game(game, |g| Ok(g.observe(to_move as u8))).unwrap();
                assert_eq!(view, observed);
                let mut moves = [OddsmithDurakMove {
                    kind: 0,
                    card: 0,
                    target: 0,
                }; ODDSMITH_DURAK_MAX_MOVES];
                let (mut n, mut m) = (0, 0);
                oddsmith_durak_legal_moves(&obs, moves.as_mut_ptr(), moves.len(), &mut n);
                oddsmith_durak_game_legal_moves(game, moves.as_mut_ptr(), moves.len(), &mut m);
                assert_eq!(n, m);
                let pick = moves[rng.below(n as u32) as usize];
                assert_eq!(
                    oddsmith_durak_apply(game, &pick),
                    OddsmithStatus::ODDSMITH_OK
                );
            }
            oddsmith_durak_free(game);
        }
    }
}
