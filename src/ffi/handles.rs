//! Handles a C client holds for objects the library owns (Durak games), as
//! generation-checked slots rather than addresses: a handle is a slot
//! number and the slot's generation when it was made, so a freed handle, a
//! second free or a handle of a freed object whose slot now holds another
//! is told apart from a live one without touching freed memory, and never
//! drives the new object. The pointer a C client holds is that number,
//! never dereferenced.

use super::guard::{FfiError, FfiResult};
use std::sync::{Arc, Mutex, MutexGuard};

/// Low bits of a handle: its slot plus one (0 is never a handle).
const SLOT_BITS: u32 = 20;
/// Live objects of one table at once.
const MAX_SLOTS: usize = (1 << SLOT_BITS) - 1;

/// One place for an object: the generation counts the objects it has held
/// (a freed slot's next object gets the next one).
struct Slot<T> {
    generation: usize,
    object: Option<Arc<Mutex<T>>>,
}

/// The live objects of one kind, their slots reused under new generations.
pub(crate) struct HandleTable<T> {
    slots: Mutex<Vec<Slot<T>>>,
    what: &'static str,
}

impl<T> HandleTable<T> {
    /// An empty table; `what` names the kind in error messages ("game").
    pub const fn new(what: &'static str) -> Self {
        HandleTable {
            slots: Mutex::new(Vec::new()),
            what,
        }
    }

    fn slots(&self) -> MutexGuard<'_, Vec<Slot<T>>> {
        // A panic while holding the lock cannot leave a slot half written.
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores `object` and returns its handle.
    pub fn insert(&self, object: T) -> FfiResult<usize> {
        let mut slots = self.slots();
        let index = match slots.iter().position(|s| s.object.is_none()) {
            Some(i) => i,
            None if slots.len() < MAX_SLOTS => {
                slots.push(Slot {
                    generation: 0,
                    object: None,
                });
                slots.len() - 1
            }
            None => {
                return Err(FfiError::invalid(format!(
                    "{MAX_SLOTS} live {}s: free some first",
                    self.what
                )));
            }
        };
        let slot = &mut slots[index];
        // Generations wrap only after 2^44 objects in one slot (64-bit).
        slot.generation = (slot.generation + 1) & (usize::MAX >> SLOT_BITS);
        slot.object = Some(Arc::new(Mutex::new(object)));
        Ok(slot.generation << SLOT_BITS | (index + 1))
    }

    /// The live object of `handle`, or INVALID_ARGUMENT naming why not.
    pub fn get(&self, handle: usize) -> FfiResult<Arc<Mutex<T>>> {
        let slots = self.slots();
        let (index, generation) = ((handle & MAX_SLOTS).wrapping_sub(1), handle >> SLOT_BITS);
        match slots.get(index) {
            Some(Slot {
                generation: g,
                object: Some(object),
            }) if *g == generation => Ok(Arc::clone(object)),
            _ => Err(FfiError::invalid(format!(
                "the {} handle is not live: freed already, or not from this library",
                self.what
            ))),
        }
    }

    /// Frees `handle`'s object; whether it was live (a freed or foreign
    /// handle changes nothing). A call still using the object keeps it
    /// until it returns.
    pub fn remove(&self, handle: usize) -> bool {
        let mut slots = self.slots();
        let (index, generation) = ((handle & MAX_SLOTS).wrapping_sub(1), handle >> SLOT_BITS);
        match slots.get_mut(index) {
            Some(slot) if slot.generation == generation && slot.object.is_some() => {
                slot.object = None;
                true
            }
            _ => false,
        }
    }
}

/// Locks one object for a call: a handle is used by one call at a time
/// (calls on one handle from several threads take turns).
pub(crate) fn lock<T>(object: &Mutex<T>) -> MutexGuard<'_, T> {
    object.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_handles_are_told_from_live_ones() {
        let table = HandleTable::new("thing");
        let a = table.insert(1).unwrap();
        assert_eq!(*lock(&table.get(a).unwrap()), 1);
        assert!(table.remove(a));
        assert!(!table.remove(a), "a second free changes nothing");
        // The freed slot holds the next object under a new generation: the
        // old handle does not reach it.
        let b = table.insert(2).unwrap();
        assert_ne!(a, b);
        assert_eq!(b & MAX_SLOTS, a & MAX_SLOTS, "the slot is reused");
        let e = format!("{:?}", table.get(a).unwrap_err());
        assert!(e.contains("not live"), "{e}");
        assert!(!table.remove(a));
        assert_eq!(*lock(&table.get(b).unwrap()), 2);
        for foreign in [0, 1, usize::MAX, 0xdead_beef] {
            assert!(table.get(foreign).is_err(), "{foreign:#x}");
            assert!(!table.remove(foreign), "{foreign:#x}");
        }
        assert_eq!(*lock(&table.get(b).unwrap()), 2);
    }
}
