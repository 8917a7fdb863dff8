//! The death phase, after every attack and every effect that dealt
//! damage: the dead leave left to right, each one's deathrattle tokens
//! entering in its slot and its deathrattle effects firing (as many times
//! as the auras say), the survivors hear the deaths (and avenge count
//! them), and reborn copies return with 1 health once every deathrattle
//! has fired. Summons beyond seven minions fail.

use super::chooser::Chooser;
use super::flags::{Flag, heard_bits};
use super::hand::place_from_hand;
use super::kinds::Kinds;
use super::listeners::{Fired, Place, REACH_ALL};
use super::memory::{Batch, sources};
use super::state::State;
use super::unit::{
    ATTACKED, LATER_TAG, PASS_TAG, PASSED_OVER, PICKED_TAG, SPARE_TAG, UNMARKED, Unit,
};
use crate::hearthstone::model::{Action, BOARD_SIZE, REBORN, Trigger};

impl State {
    /// The survivors' "whenever a friendly minion dies" effects, before the
    /// dead leave: each listener left to right, once per dead minion of
    /// its tribes (left to right). Kept out of the death phase, which most
    /// combats run without them.
    #[inline(never)]
    pub(super) fn fire_death_listeners(
        &mut self,
        kinds: &Kinds,
        side: usize,
        chooser: &mut impl Chooser,
    ) {
        let len = self.lens[side] as usize;
        for i in 0..len {
            let u = self.boards[side][i];
            let listens = kinds.facts(&u).hears(Flag::FriendlyDies);
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

    /// The side bonuses of the phase's deathrattles (`Action::SideBonus`),
    /// each as often as it triggers, before any token enters: Firestone
    /// raises the bonus and then summons (a token the bonus reaches enters
    /// with it, and a summon listener sees it so), on the minions living
    /// then.
    #[inline(never)]
    pub(super) fn deathrattle_bonuses_first(&mut self, kinds: &Kinds, side: usize, triggers: u32) {
        let dead = self.boards[side];
        for m in dead[..self.lens[side] as usize]
            .iter()
            .filter(|m| m.health <= 0)
        {
            if kinds.remembers {
                // What it remembered too (`memory.rs`).
                let (kinds_of, n) = sources(kinds, &self.memory[side], m);
                for &kind in &kinds_of[..n] {
                    self.deathrattle_bonuses(kinds, side, &Unit { kind, ..*m }, triggers);
                }
                continue;
            }
            self.deathrattle_bonuses(kinds, side, m, triggers);
        }
    }

    /// The side bonuses of `m`'s deathrattle, `triggers` times over.
    fn deathrattle_bonuses(&mut self, kinds: &Kinds, side: usize, m: &Unit, triggers: u32) {
        for e in kinds.kinds[m.kind as usize].effects {
            if let (Trigger::Deathrattle, Action::SideBonus { .. }) = (e.trigger, e.action) {
                for _ in 0..triggers {
                    self.give_side_bonus(kinds, side, e.action, false);
                }
            }
        }
    }

    /// The deathrattle effects of the minion `at` names (`Fired::unit`),
    /// once, but its side bonuses (given first: `deathrattle_bonuses`):
    /// the one way a deathrattle's effects fire, in a death phase or run
    /// from a living minion. True when they dealt damage.
    pub(super) fn fire_deathrattle_effects(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        chooser: &mut impl Chooser,
    ) -> bool {
        let mut hit = false;
        for e in kinds.kinds[at.unit.kind as usize].effects {
            let bonus = matches!(e.action, Action::SideBonus { .. });
            if e.trigger == Trigger::Deathrattle && !bonus {
                hit |= self.apply(kinds, at, e.action, chooser);
            }
        }
        if kinds.holder_tribes != 0 {
            // Deathrattles passed on: buffs, no damage.
            self.fire_carried(kinds, at, chooser);
        }
        hit
    }

    /// The deathrattle of `side`'s living minion at `slot`, run `times`
    /// times without its death (`Action::TriggerDeathrattle`): each run
    /// triggers as often as the death phase's would on this board
    /// (`deathrattle_triggers`); its side bonuses come first, then
    /// trigger by trigger its tokens enter to its right (free to attack
    /// this round: Firestone marks only a death phase's tokens) and its
    /// effects fire, as a death phase fires them. The deathrattles count
    /// as triggered (`Counter::Deathrattles`); no avenge counts, no death
    /// listener hears. True when its effects dealt damage.
    #[inline(never)]
    pub(super) fn run_deathrattle(
        &mut self,
        kinds: &Kinds,
        side: usize,
        slot: usize,
        times: u8,
        chooser: &mut impl Chooser,
    ) -> bool {
        let m = self.boards[side][slot];
        if !kinds.has_deathrattle(&m) {
            return false;
        }
        let len = self.lens[side] as usize;
        let triggers = deathrattle_triggers(kinds, &self.boards[side][..len]) * u32::from(times);
        if kinds.growths.by_deaths() {
            self.grow_with_deathrattles(kinds, side, triggers);
        }
        self.deathrattle_bonuses(kinds, side, &m, triggers);
        let kind = &kinds.kinds[m.kind as usize];
        let token = (kind.token_kind, kind.token.health);
        let mut at = Fired {
            side,
            slot: None,
            unit: m,
            friend: None,
            defender: None,
            reach: REACH_ALL,
            place: Place::Board,
        };
        let mut hit = false;
        // Its slot (its effects' damage may summon to its left: it is
        // found again by a tag no other unit of its side has), and its
        // tokens so far to its right.
        let tag = m.tag();
        self.boards[side][slot].set_tag(SPARE_TAG);
        let (mut slot, mut tokens) = (slot, 0);
        for _ in 0..triggers {
            if kind.token.count > 0 {
                let first = slot + 1 + tokens;
                let count = kind.token.count;
                tokens += self.insert_tokens(kinds, side, first, token, count, UNMARKED, chooser);
            }
            if kinds.facts(&m).has(Flag::Deathrattle) {
                let len = self.lens[side];
                at.place = Place::Ran { slot: slot as u8 };
                hit |= self.fire_deathrattle_effects(kinds, &at, chooser);
                if self.lens[side] != len {
                    slot = self.spare_tag_slot(side).unwrap_or(slot);
                }
            }
        }
        if let Some(i) = self.spare_tag_slot(side) {
            self.boards[side][i].set_tag(tag);
        }
        hit
    }

    /// The deathrattles of `side`'s `count` left-most minions with one,
    /// all picked first, then run left to right, each `times` times
    /// (`Target::LeftmostDeathrattles`, as Firestone);
    /// the later picks carry a tag (`PICKED_TAG` up) so the tokens of
    /// earlier runs do not lose them. Whether a run dealt damage.
    pub(super) fn run_leftmost_deathrattles(
        &mut self,
        kinds: &Kinds,
        side: usize,
        count: u8,
        times: u8,
        chooser: &mut impl Chooser,
    ) -> bool {
        debug_assert!(count <= crate::hearthstone::model::MAX_PICKED_DEATHRATTLES);
        let len = self.lens[side] as usize;
        let mut picks = [0usize; BOARD_SIZE];
        let mut n = 0;
        for i in 0..len {
            if n < usize::from(count) && kinds.has_deathrattle(&self.boards[side][i]) {
                picks[n] = i;
                n += 1;
            }
        }
        let Some((&first, rest)) = picks[..n].split_first() else {
            return false;
        };
        // Each later pick's own tag, given back as its turn comes.
        let mut kept = [0u8; BOARD_SIZE];
        let later = rest.len();
        for (k, &i) in rest.iter().enumerate() {
            kept[k] = self.boards[side][i].tag();
            self.boards[side][i].set_tag(PICKED_TAG + k as u8);
        }
        let mut hit = self.run_deathrattle(kinds, side, first, times, chooser);
        for (k, &tag) in kept[..later].iter().enumerate() {
            let picked = PICKED_TAG + k as u8;
            if let Some(i) = self.board(side).iter().position(|u| u.tag() == picked) {
                self.boards[side][i].set_tag(tag);
                hit |= self.run_deathrattle(kinds, side, i, times, chooser);
            }
        }
        hit
    }

    /// The avenge effects of a death phase of `deaths` friendly deaths, on
    /// the board after its deathrattles: the `survivors` (bit per slot;
    /// summons start their count afresh) count every death; then, once per
    /// death, each minion whose count is done fires, left to right, and
    /// starts counting again (Firestone's counters). Avenge effects only
    /// buff: slots stand while they fire.
    #[inline(never)]
    pub(super) fn fire_avenges(
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
    /// only (`cards::reader` reads no other), so the sides' order does
    /// not matter; and they add no minion, so the board is built in one
    /// pass and each effect fires afterwards on the units it would have
    /// seen (the same units in the same order: the same random picks).
    pub(super) fn resolve_side(&mut self, kinds: &Kinds, side: usize, chooser: &mut impl Chooser) {
        self.resolve_side_with::<false>(kinds, side, &mut None, chooser);
    }

    /// `resolve_side` but its reborn copies: the phase, if its dead act
    /// (their copies to return, `return_reborn_copies`).
    fn deaths_before_reborn(
        &mut self,
        kinds: &Kinds,
        side: usize,
        chooser: &mut impl Chooser,
    ) -> Option<Phase> {
        let mut deferred = None;
        self.resolve_side_with::<true>(kinds, side, &mut deferred, chooser);
        deferred
    }

    /// The death phase of `side`, its reborn copies returned, or when
    /// `DEFER` left in `deferred` (the phase) for the caller to return.
    #[inline(always)]
    fn resolve_side_with<const DEFER: bool>(
        &mut self,
        kinds: &Kinds,
        side: usize,
        deferred: &mut Option<Phase>,
        chooser: &mut impl Chooser,
    ) {
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
        if kinds.any(Flag::Avenge) {
            self.count_hero_avenge(kinds, side, dead.count_ones());
        }
        if kinds.any(Flag::Auras) {
            self.leave_auras(kinds, side);
        }
        if kinds.growths.by_deaths() {
            self.grow_with_deaths(kinds, side, dead);
        }
        if kinds.any(Flag::FriendlyDies) {
            self.fire_death_listeners(kinds, side, chooser);
        }
        let mut acting = dead;
        let mut acts = false;
        while acting != 0 {
            let i = acting.trailing_zeros() as usize;
            acting &= acting - 1;
            acts |= kinds.facts(&self.boards[side][i]).acts_on_death;
        }
        if !acts {
            // Nothing acts: no deathrattle minion dies, nothing to gain.
            self.close_gaps(kinds, side, dead, chooser);
            return;
        }
        let triggers = deathrattle_triggers(kinds, &self.boards[side][..len]);
        if kinds.any(Flag::DeathrattleBonus) {
            self.deathrattle_bonuses_first(kinds, side, triggers);
        }
        if kinds.remembers {
            self.phase_remembering::<DEFER>(kinds, side, triggers, deferred, chooser);
            return;
        }
        let mut phase = self.place_tokens(kinds, side, triggers, chooser);
        self.tokens_enter(kinds, side, &mut phase, chooser);
        if phase.any_effects {
            self.fire_deathrattles(kinds, side, &mut phase, chooser);
        }
        if kinds.any_at_once() {
            self.phase_tokens_attack(kinds, side, &mut phase, chooser);
        }
        if kinds.any(Flag::Avenge) {
            let survivors =
                (0..phase.n).fold(0u8, |m, slot| m | u8::from(phase.origin[slot] == 0) << slot);
            let deaths = phase.dead().count() as u8;
            self.fire_avenges(kinds, side, survivors, deaths, chooser);
            if kinds.hero_avengers[side].is_some() {
                let (rights, n) = super::hero_avenge::dead_rights(&phase.old[..phase.len]);
                self.fire_hero_avenge(kinds, side, &rights[..n], Some(&mut phase), chooser);
            }
        }
        if DEFER {
            *deferred = Some(phase);
        } else {
            self.return_reborn_copies(kinds, side, &mut phase, chooser);
        }
    }

    /// A death phase where nothing happens on the deaths (the `dead`
    /// slots): the gaps close in place, each unit written where the
    /// survivors so far end; then the avenges count.
    #[inline(always)]
    fn close_gaps(&mut self, kinds: &Kinds, side: usize, dead: u8, chooser: &mut impl Chooser) {
        let len = self.lens[side] as usize;
        let hero_avenges = kinds.any(Flag::Avenge) && kinds.hero_avengers[side].is_some();
        let rights = if hero_avenges {
            super::hero_avenge::dead_rights(&self.boards[side][..len])
        } else {
            ([0; BOARD_SIZE], 0)
        };
        let board = &mut self.boards[side];
        let mut n = 0;
        for i in 0..len {
            board[n] = board[i];
            n += usize::from(dead & 1 << i == 0);
        }
        self.lens[side] = n as u8;
        if kinds.any(Flag::Avenge) {
            let survivors = (1u16 << n) - 1;
            self.fire_avenges(kinds, side, survivors as u8, (len - n) as u8, chooser);
            if hero_avenges {
                self.fire_hero_avenge(kinds, side, &rights.0[..rights.1], None, chooser);
            }
        }
    }

    /// The new board of a death phase: the survivors, and dead by dead
    /// each deathrattle's tokens (`triggers` times) in its slot while
    /// there is room (the survivors to its right keep theirs); the reborn
    /// copies to come are noted.
    #[inline(always)]
    fn place_tokens(
        &mut self,
        kinds: &Kinds,
        side: usize,
        triggers: u32,
        chooser: &mut impl Chooser,
    ) -> Phase {
        let len = self.lens[side] as usize;
        let board = &mut self.boards[side];
        let mut phase = Phase {
            old: *board,
            len,
            n: 0,
            from: [0; BOARD_SIZE],
            origin: [0; BOARD_SIZE],
            reborns: [(0, Unit::default()); BOARD_SIZE],
            pending: 0,
            any_effects: false,
            triggers,
        };
        let old = phase.old;
        let mut dead = 0u8;
        let mut n = 0;
        for (i, m) in old[..len].iter().enumerate() {
            if m.health > 0 {
                board[n] = *m;
                phase.from[n] = 0;
                phase.origin[n] = 0;
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
                    phase.from[n] = if t.unmarked { FRESH } else { m.mark + 1 };
                    phase.origin[n] = dead;
                    n += 1;
                }
                // Its summons from the hand (`hand.rs`).
                if kinds.hand_deathrattles {
                    let room = BOARD_SIZE - survivors_right;
                    let summoned = &mut self.hand[side];
                    let k = place_from_hand(kinds, side, m, board, summoned, n, room, chooser);
                    for j in n..n + k {
                        phase.from[j] = m.mark + 1;
                        phase.origin[j] = dead;
                    }
                    n += k;
                }
                // Its random summons from the pool (`pool.rs`), each card
                // drawn as it enters; none drawn without room.
                if let Some(random) = &kinds.random {
                    for &pool in random.draws(m.kind, side) {
                        if n + survivors_right >= BOARD_SIZE {
                            break;
                        }
                        let cards = random.pool(pool);
                        let (kind, health) = cards[chooser.pick(cards.len() as u32) as usize];
                        board[n] = kinds.entering(kind, health);
                        phase.from[n] = m.mark + 1;
                        phase.origin[n] = dead;
                        n += 1;
                    }
                }
            }
            phase.any_effects |= kinds.facts(m).has(Flag::Deathrattle);
            if m.has(REBORN) {
                phase.reborns[phase.pending] = (survivors_right, *m);
                phase.pending += 1;
            }
        }
        self.lens[side] = n as u8;
        phase.n = n;
        phase
    }

    /// The tokens of a death phase have entered: each meets the auras of
    /// the survivors and of the tokens before it, then every token is
    /// heard in turn (the listeners are survivors: tokens have no
    /// effects), then the tokens take their round marks.
    #[inline(always)]
    pub(super) fn tokens_enter(
        &mut self,
        kinds: &Kinds,
        side: usize,
        phase: &mut Phase,
        chooser: &mut impl Chooser,
    ) {
        let n = phase.n;
        if kinds.any(Flag::Auras) {
            let tokens = (0..n).fold(0u8, |m, i| m | u8::from(phase.from[i] != 0) << i);
            let all = ((1u16 << n) - 1) as u8;
            self.enter_auras(kinds, side, tokens, all & !tokens, true);
        }
        if kinds.any(Flag::FriendlySummoned) {
            for (slot, &came_from) in phase.from[..n].iter().enumerate() {
                if came_from != 0 {
                    self.fire_summon_listeners(kinds, side, slot, 1 << slot, chooser);
                }
            }
        }
        inherit_marks(&mut self.boards[side][..n], &mut phase.from[..n]);
    }

    /// The deathrattle effects of the phase's dead, each trigger on the
    /// board it would have met: the survivors and the tokens of the
    /// triggers before it. The `d`-th dead minion's triggers are numbered
    /// `d * triggers + 1 ..= (d + 1) * triggers` (`Phase::origin`).
    ///
    /// A deathrattle's damage may make its own side's damaged minions
    /// summon mid-phase (`Flag::DeathrattleDamage`): the units then carry
    /// their slot in their tags, and the phase's bookkeeping follows the
    /// board (`State::follow_summons`).
    #[inline(always)]
    fn fire_deathrattles(
        &mut self,
        kinds: &Kinds,
        side: usize,
        phase: &mut Phase,
        chooser: &mut impl Chooser,
    ) {
        if kinds.any(Flag::DeathrattleDamage) {
            self.fire_damaging_deathrattles(kinds, side, phase, chooser);
            return;
        }
        let triggers = phase.triggers;
        for (d, m) in phase.dead().enumerate() {
            if !kinds.facts(m).has(Flag::Deathrattle) {
                continue;
            }
            for k in 1..=triggers {
                let number = (d as u32 * triggers + k) as u8;
                let at = deathrattle_firing(kinds, side, phase, d, *m, number);
                // Side bonuses came first (`deathrattle_bonuses_first`).
                self.fire_deathrattle_effects(kinds, &at, chooser);
            }
        }
    }

    /// `fire_deathrattles` where deathrattles may damage: the same
    /// triggers in the same order, with the phase following any summon
    /// their damage makes on this side.
    #[inline(never)]
    fn fire_damaging_deathrattles(
        &mut self,
        kinds: &Kinds,
        side: usize,
        phase: &mut Phase,
        chooser: &mut impl Chooser,
    ) {
        // The units' own tags (a start-of-combat's), by slot; each unit
        // tagged with its slot + 1 meanwhile.
        let mut saved = [0u8; BOARD_SIZE];
        for (i, u) in self.boards[side][..phase.n].iter_mut().enumerate() {
            saved[i] = u.tag();
            u.set_tag(i as u8 + 1);
        }
        let triggers = phase.triggers;
        let (old, len) = (phase.old, phase.len);
        for (d, m) in old[..len].iter().filter(|m| m.health <= 0).enumerate() {
            if !kinds.facts(m).has(Flag::Deathrattle) {
                continue;
            }
            for k in 1..=triggers {
                let number = (d as u32 * triggers + k) as u8;
                let at = deathrattle_firing(kinds, side, phase, d, *m, number);
                self.fire_deathrattle_effects(kinds, &at, chooser);
                if self.lens[side] as usize != phase.n {
                    self.follow_summons(side, phase, number, &mut saved);
                }
            }
        }
        for i in 0..phase.n {
            let t = self.boards[side][i].tag() as usize;
            let own = if t > 0 { saved[t - 1] } else { 0 };
            self.boards[side][i].set_tag(own);
        }
    }

    /// The phase's bookkeeping after minions were summoned on `side`
    /// while trigger `number` fired: each unit found by its tag (a new
    /// one has none: it counts as that trigger's token), then tagged with
    /// its new slot.
    #[cold]
    pub(super) fn follow_summons(
        &mut self,
        side: usize,
        phase: &mut Phase,
        number: u8,
        saved: &mut [u8; BOARD_SIZE],
    ) {
        let n = self.lens[side] as usize;
        let mut origin = [0u8; BOARD_SIZE];
        let mut from = [0u8; BOARD_SIZE];
        let mut tags = [0u8; BOARD_SIZE];
        for j in 0..n {
            let t = self.boards[side][j].tag() as usize;
            if t > 0 {
                origin[j] = phase.origin[t - 1];
                from[j] = phase.from[t - 1];
                tags[j] = saved[t - 1];
            } else {
                origin[j] = number;
            }
            self.boards[side][j].set_tag(j as u8 + 1);
        }
        phase.origin = origin;
        phase.from = from;
        *saved = tags;
        phase.n = n;
    }

    /// The phase's tokens that attack at once attack (`tokens_attack`),
    /// after every deathrattle of the phase and before its avenges and
    /// reborn copies; the phase's bookkeeping then follows the board (a
    /// unit that entered meanwhile counts as a token of the phase).
    #[inline(never)]
    fn phase_tokens_attack(
        &mut self,
        kinds: &Kinds,
        side: usize,
        phase: &mut Phase,
        chooser: &mut impl Chooser,
    ) {
        let at_once = (0..phase.n).fold(0u8, |m, slot| {
            let at_once = kinds.attacks_at_once(&self.boards[side][slot]);
            m | u8::from(phase.origin[slot] != 0 && at_once) << slot
        });
        if at_once == 0 {
            return;
        }
        // Each token with the count of survivors right of its dead minion
        // as the phase began (where Firestone summons it).
        let mut spawns = [None; BOARD_SIZE];
        let triggers = phase.triggers.max(1);
        let alive_right: Vec<u8> = (0..phase.len)
            .map(|i| {
                phase.old[i + 1..phase.len]
                    .iter()
                    .filter(|m| m.health > 0)
                    .count() as u8
            })
            .collect();
        let dead_slots: Vec<usize> = (0..phase.len)
            .filter(|&i| phase.old[i].health <= 0)
            .collect();
        for (slot, spawn) in spawns[..phase.n].iter_mut().enumerate() {
            if phase.origin[slot] != 0 {
                let d = (u32::from(phase.origin[slot]) - 1) / triggers;
                *spawn = dead_slots.get(d as usize).map(|&i| alive_right[i]);
            }
        }
        let before = self.tokens_attack(kinds, side, at_once, spawns, chooser);
        let n = self.lens[side] as usize;
        let (mut origin, mut from) = ([0u8; BOARD_SIZE], [0u8; BOARD_SIZE]);
        for j in 0..n {
            let t = before[j] as usize;
            (origin[j], from[j]) = if t > 0 {
                (phase.origin[t - 1], phase.from[t - 1])
            } else {
                (u8::MAX, 0)
            };
        }
        (phase.origin, phase.from, phase.n) = (origin, from, n);
    }

    /// Both sides' death phases where tokens attack at once, `first`
    /// first: the reborn copies return once both sides' deathrattles
    /// (and the attacks they summon) are done, as Firestone returns them;
    /// the first phase follows its board meanwhile.
    #[inline(never)]
    pub(super) fn resolve_both_deferred(
        &mut self,
        kinds: &Kinds,
        first: usize,
        chooser: &mut impl Chooser,
    ) {
        let second = 1 - first;
        let mut first_phase = self.deaths_before_reborn(kinds, first, chooser);
        let second_phase = match &mut first_phase {
            Some(phase) => self.following_phase(first, phase, |s| {
                s.deaths_before_reborn(kinds, second, chooser)
            }),
            None => self.deaths_before_reborn(kinds, second, chooser),
        };
        if let Some(mut phase) = first_phase {
            self.return_reborn_copies(kinds, first, &mut phase, chooser);
        }
        if let Some(mut phase) = second_phase {
            self.return_reborn_copies(kinds, second, &mut phase, chooser);
        }
    }

    /// Runs `step`, the bookkeeping of `side`'s `phase` following its
    /// board (each unit found by its slot in its tag; one that entered
    /// meanwhile counts as a token of the phase).
    fn following_phase<R>(
        &mut self,
        side: usize,
        phase: &mut Phase,
        step: impl FnOnce(&mut State) -> R,
    ) -> R {
        let mut saved = [0u8; BOARD_SIZE];
        let n = self.lens[side] as usize;
        for (i, u) in self.boards[side][..n].iter_mut().enumerate() {
            saved[i] = u.tag();
            u.set_tag(i as u8 + 1);
        }
        let r = step(self);
        let n = self.lens[side] as usize;
        let (mut origin, mut from) = ([0u8; BOARD_SIZE], [0u8; BOARD_SIZE]);
        for j in 0..n {
            let t = self.boards[side][j].tag() as usize;
            (origin[j], from[j]) = if t > 0 {
                self.boards[side][j].set_tag(saved[t - 1]);
                (phase.origin[t - 1], phase.from[t - 1])
            } else {
                (u8::MAX, 0)
            };
        }
        (phase.origin, phase.from, phase.n) = (origin, from, n);
        r
    }

    /// Death passes until no minion is dying, where deathrattles damage
    /// (`Flag::DeathrattleDamage`): in each, the sides with dying minions
    /// have their phase, a random side first when both have (Firestone's
    /// order); the minions the first side's deathrattles leave dying on
    /// the other are not of this pass (they stand as living through the
    /// other side's phase, their damage and gains kept), but of the next.
    #[inline(never)]
    pub(super) fn settle_deaths(&mut self, kinds: &Kinds, chooser: &mut impl Chooser) {
        // Each pass's dead deathrattle minions, remembered once the passes
        // are done, the last first (`memory.rs`).
        let mut passes: Vec<[Batch; 2]> = Vec::new();
        loop {
            let dying = |s: &State, side: usize| s.board(side).iter().any(|u| u.health <= 0);
            let first = match (dying(self, 0), dying(self, 1)) {
                (false, false) => break,
                (true, false) => 0,
                (false, true) => 1,
                (true, true) => chooser.pick(2) as usize,
            };
            if kinds.remembers {
                passes.push([0, 1].map(|side| self.dying_deathrattles(kinds, side)));
            }
            let second = 1 - first;
            // The other side's dying minions of this pass, tagged (their
            // own tags kept in order).
            let mut tags = [0u8; BOARD_SIZE];
            let mut n = 0;
            for u in self.boards[second][..self.lens[second] as usize].iter_mut() {
                if u.health <= 0 {
                    tags[n] = u.tag();
                    n += 1;
                    u.set_tag(PASS_TAG);
                }
            }
            // Reborn copies return once both sides' deathrattles fired
            // (Firestone): the first side's phase follows its board
            // meanwhile, each unit tagged with its slot.
            let mut first_phase = self.deaths_before_reborn(kinds, first, chooser);
            let mut own_tags = [0u8; BOARD_SIZE];
            let first_len = self.lens[first];
            for (i, u) in self.boards[first][..first_len as usize]
                .iter_mut()
                .enumerate()
            {
                own_tags[i] = u.tag();
                u.set_tag(i as u8 + 1);
            }
            // Those dying since stand as living (their health kept aside).
            let mut later = [(0u8, 0i16); BOARD_SIZE];
            let (mut k, mut m) = (0, 0);
            for u in self.boards[second][..self.lens[second] as usize].iter_mut() {
                if u.tag() == PASS_TAG {
                    u.set_tag(tags[k]);
                    k += 1;
                } else if u.health <= 0 {
                    later[m] = (u.tag(), u.health);
                    m += 1;
                    u.health = 1;
                    u.set_tag(LATER_TAG);
                }
            }
            let second_phase = self.deaths_before_reborn(kinds, second, chooser);
            if let Some(phase) = &mut first_phase
                && self.lens[first] != first_len
            {
                self.follow_summons(first, phase, 0, &mut own_tags);
            }
            let len = self.lens[first] as usize;
            for u in self.boards[first][..len].iter_mut() {
                let t = u.tag() as usize;
                u.set_tag(if t > 0 { own_tags[t - 1] } else { 0 });
            }
            if let Some(mut phase) = first_phase {
                self.return_reborn_copies(kinds, first, &mut phase, chooser);
            }
            if let Some(mut phase) = second_phase {
                self.return_reborn_copies(kinds, second, &mut phase, chooser);
            }
            let mut j = 0;
            for u in self.boards[second][..self.lens[second] as usize].iter_mut() {
                if u.tag() == LATER_TAG {
                    let (tag, health) = later[j];
                    j += 1;
                    u.set_tag(tag);
                    u.health = health.saturating_add(u.health - 1);
                }
            }
        }
        for pass in passes.iter().rev() {
            for (side, batch) in pass.iter().enumerate() {
                self.remember(kinds, side, batch);
            }
        }
    }

    /// The reborn copies of the phase return with 1 health, left to
    /// right, where `reborn_place` says, while there is room; they take
    /// round marks, meet the auras, and each is heard by the minions
    /// there when it entered (later copies are to its right: its slot
    /// stands), as summoned, then as reborn.
    #[inline(always)]
    pub(super) fn return_reborn_copies(
        &mut self,
        kinds: &Kinds,
        side: usize,
        phase: &mut Phase,
        chooser: &mut impl Chooser,
    ) {
        let board = &mut self.boards[side];
        let mut n = phase.n;
        // The tokens of this phase, by slot (before any copy returns).
        let tokens = (0..n).fold(0u8, |m, slot| m | u8::from(phase.origin[slot] != 0) << slot);
        let before_copies = n;
        // The slots the copies entered, left to right.
        let mut reborn_slots = 0u8;
        let from = &mut phase.from;
        for &(survivors_right, m) in &phase.reborns[..phase.pending] {
            if n >= BOARD_SIZE {
                break;
            }
            // (Past the left end only when survivors to its right died
            // meanwhile, of a token's attack: Firestone's place is kept
            // from the death, at least the left end.)
            let at = n.saturating_sub(reborn_place(survivors_right, tokens, before_copies));
            board.copy_within(at..n, at + 1);
            from.copy_within(at..n, at + 1);
            board[at] = kinds.entering(kinds.kinds[m.kind as usize].reborn_kind, 1);
            from[at] = m.mark + 1;
            n += 1;
            reborn_slots |= 1 << at;
        }
        inherit_marks(&mut board[..n], &mut from[..n]);
        self.lens[side] = n as u8;
        if kinds.any(Flag::Auras) && reborn_slots != 0 {
            let all = ((1u16 << n) - 1) as u8;
            self.enter_auras(kinds, side, reborn_slots, all & !reborn_slots, true);
        }
        let mut copies = reborn_slots;
        while (kinds.any(Flag::FriendlySummoned) || kinds.any(Flag::FriendlyReborn)) && copies != 0
        {
            let at = copies.trailing_zeros() as usize;
            if kinds.any(Flag::FriendlySummoned) {
                self.fire_summon_listeners(kinds, side, at, copies, chooser);
            }
            if kinds.any(Flag::FriendlyReborn) {
                self.fire_reborn_listeners(kinds, side, at, copies, chooser);
            }
            copies &= copies - 1;
        }
    }
}

/// One death phase's bookkeeping on a side, as the new board is built.
pub(super) struct Phase {
    /// The board as the phase began.
    pub(super) old: [Unit; BOARD_SIZE],
    /// Units on it.
    pub(super) len: usize,
    /// Units on the new board so far.
    pub(super) n: usize,
    /// Per slot of the new board: the mark of the dead minion a summon
    /// came from, plus one (0 = a survivor; `FRESH`: unmarked).
    pub(super) from: [u8; BOARD_SIZE],
    /// Per slot: 0 for a survivor, else the number of the deathrattle
    /// trigger (from 1: dead minions left to right, each's triggers in
    /// turn) whose token it is. At most `d * (7 + 14 * (7 - d))` <= 196
    /// triggers (`d` dead beside `7 - d` survivors; a card's count is at
    /// most 7, two effects a card), so a `u8` holds them.
    pub(super) origin: [u8; BOARD_SIZE],
    /// Reborn copies to come (the first `pending`): (survivors to the
    /// right of the dead minion, dead minion); where each returns is
    /// `reborn_place`.
    pub(super) reborns: [(usize, Unit); BOARD_SIZE],
    pub(super) pending: usize,
    /// Some dead minion has deathrattle effects to fire.
    pub(super) any_effects: bool,
    /// How often each deathrattle triggers (`deathrattle_triggers`).
    pub(super) triggers: u32,
}

impl Phase {
    /// The phase's dead, left to right.
    pub(super) fn dead(&self) -> impl Iterator<Item = &Unit> {
        self.old[..self.len].iter().filter(|m| m.health <= 0)
    }

    /// The survivors that stood to the right of the phase's `d`-th dead
    /// minion (from 0, left to right).
    fn survivors_right_of(&self, d: usize) -> u8 {
        let old = &self.old[..self.len];
        let at = (0..old.len()).filter(|&i| old[i].health <= 0).nth(d);
        at.map_or(0, |i| {
            old[i + 1..].iter().filter(|m| m.health > 0).count() as u8
        })
    }
}

/// How often each deathrattle of a death phase on `board` triggers: once,
/// or as often as the most a survivor's aura says
/// (`Action::DeathrattlesTrigger`), and once more per extra time the
/// survivors give (`Action::ExtraDeathrattles`); an aura's minion dying in
/// the phase gives nothing: Firestone reads the board without the dead.
pub(super) fn deathrattle_triggers(kinds: &Kinds, board: &[Unit]) -> u32 {
    if !kinds.any(Flag::ExtraDeathrattles) {
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
pub(super) const FRESH: u8 = PASSED_OVER + 2;

/// Gives each new summon (`from` != 0) its round mark, right to left:
/// `ATTACKED` if the minion it came from was passed over, else the mark of
/// the minion now to its right (unmarked if none); unmarked when `FRESH`.
/// Marks `from` done.
pub(super) fn inherit_marks(board: &mut [Unit], from: &mut [u8]) {
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

/// The firing of a dead minion's deathrattle, the phase's `number`th
/// (from 1): it reaches the minions placed before it (by their origin in
/// the phase), as Firestone's board holds them when it runs.
#[inline(always)]
pub(super) fn deathrattle_firing(
    kinds: &Kinds,
    side: usize,
    phase: &Phase,
    d: usize,
    unit: Unit,
    number: u8,
) -> Fired {
    let reach = (0..phase.n)
        .filter(|&slot| phase.origin[slot] <= number)
        .fold(0u8, |reach, slot| reach | 1 << slot);
    Fired {
        side,
        slot: None,
        unit,
        friend: None,
        defender: None,
        reach,
        // Its place only where a target reads it: battlecries triggered
        // (`Target::AdjacentBattlecry`), a deathrattle's `Target::Adjacent`.
        place: if kinds.battlecries || kinds.dead_places {
            Place::Died {
                right: phase.survivors_right_of(d),
            }
        } else {
            Place::Board
        },
    }
}
