//! The cyclic solver's map from states to their ids: a hash table, or, for
//! a game that numbers its states (`Game::index_bound`), a flat array
//! addressed by the number (one memory access where a probe takes two,
//! no hashing). The array keeps each state beside its id, so a game that
//! gives two states one number is caught, not silently merged.

use super::{CHECK_EVERY, Game, Meter, Options, reserve_table, upfront_entries};
use crate::error::{Error, Result};
use crate::memo::FixedState;
use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use std::hash::BuildHasher;

pub(super) enum Ids<S> {
    Hashed(HashTable<(S, u32)>),
    Indexed(Vec<Option<(S, u32)>>),
}

/// Largest flat array, in entries per state the budget allows: a game
/// whose numbers are sparser than this is hashed instead.
const MAX_SLOTS_PER_STATE: usize = 4;

/// Largest flat array, in bytes: a larger one is filled before the first
/// state is met, so the hash table, which grows as states are met, takes
/// over (Pig to goals over 322: 2 g^3 entries of 16 bytes).
const MAX_FLAT_BYTES: usize = 1 << 30;

/// The map, as allocation errors name it.
const IDS: &str = "the map of states to ids";

impl<S: Clone + Eq + std::hash::Hash> Ids<S> {
    /// The map for `game`: flat when it numbers its states within four
    /// entries per state of `max_states` and the array takes at most
    /// `MAX_FLAT_BYTES` (and memory gives them), else hashed, sized for
    /// `hint` up to `UPFRONT_BYTES` and grown as states are met.
    /// Filling the flat array counts as work on `meter` (one unit an
    /// entry), so the control may stop it.
    pub fn new<G: Game<State = S>>(
        game: &G,
        hint: usize,
        options: &Options,
        meter: &mut Meter,
    ) -> Result<Self> {
        let budget = usize::try_from(options.max_states).unwrap_or(usize::MAX);
        let entry = size_of::<Option<(S, u32)>>();
        if let Some(bound) = game.index_bound()
            && bound <= budget.saturating_mul(MAX_SLOTS_PER_STATE)
            && bound.saturating_mul(entry) <= MAX_FLAT_BYTES
        {
            let mut slots = Vec::new();
            // Memory short: the hash table needs only what is met.
            if slots.try_reserve_exact(bound).is_ok() {
                while slots.len() < bound {
                    let chunk = (bound - slots.len()).min(CHECK_EVERY as usize);
                    slots.resize(slots.len() + chunk, None);
                    meter.work(chunk as u64, &options.control)?;
                }
                return Ok(Ids::Indexed(slots));
            }
        }
        let mut table = HashTable::new();
        let first = hint.min(upfront_entries::<(S, u32)>(true)).max(1024);
        reserve_table(&mut table, first, rehash, IDS)?;
        Ok(Ids::Hashed(table))
    }

    /// The id of `state`, if it has one.
    #[inline(always)]
    pub fn find<G: Game<State = S>>(&self, game: &G, state: &S) -> Result<Option<u32>> {
        match self {
            Ids::Hashed(table) => {
                let hash = FixedState.hash_one(state);
                Ok(table.find(hash, |e| e.0 == *state).map(|e| e.1))
            }
            Ids::Indexed(slots) => match &slots[slot_of(game, state, slots.len())?] {
                Some((s, id)) if s == state => Ok(Some(*id)),
                Some(_) => Err(clash(game.state_index(state))),
                None => Ok(None),
            },
        }
    }

    /// The id of `state`, giving it `new_id()` if it has none.
    #[inline]
    pub fn find_or_insert<G: Game<State = S>>(
        &mut self,
        game: &G,
        state: &S,
        new_id: impl FnOnce() -> Result<u32>,
    ) -> Result<u32> {
        match self {
            Ids::Hashed(table) => {
                let hash = FixedState.hash_one(state);
                // Room first: the entry then never allocates.
                reserve_table(table, 1, rehash, IDS)?;
                match table.entry(hash, |e| e.0 == *state, rehash) {
                    Entry::Occupied(e) => Ok(e.get().1),
                    Entry::Vacant(v) => {
                        let id = new_id()?;
                        v.insert((state.clone(), id));
                        Ok(id)
                    }
                }
            }
            Ids::Indexed(slots) => {
                let slot = slot_of(game, state, slots.len())?;
                match &slots[slot] {
                    Some((s, id)) if s == state => Ok(*id),
                    Some(_) => Err(clash(slot)),
                    None => {
                        let id = new_id()?;
                        slots[slot] = Some((state.clone(), id));
                        Ok(id)
                    }
                }
            }
        }
    }
}

/// A hashed entry's hash, when the table grows.
fn rehash<S: std::hash::Hash>(e: &(S, u32)) -> u64 {
    FixedState.hash_one(&e.0)
}

#[inline]
fn slot_of<G: Game>(game: &G, state: &G::State, bound: usize) -> Result<usize> {
    let index = game.state_index(state);
    if index < bound {
        Ok(index)
    } else {
        Err(Error::invalid(format!(
            "a state's index {index} is not below the game's index bound {bound}"
        )))
    }
}

#[cold]
fn clash(index: usize) -> Error {
    Error::invalid(format!(
        "two different states have the index {index} (Game::state_index must number states one to one)"
    ))
}
