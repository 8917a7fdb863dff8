//! What an effect does once its trigger fired: the action interpreter
//! (`State::act`, one function per kind of action), the minions a buff
//! reaches (`State::for_each_buff_target`), random picks among them.
//! Effects are data (`model::Effect`: a trigger and an action, read from a
//! card's text by `cards::reader`).

use super::auras::buff;
use super::chooser::Chooser;
use super::damage::{DESTROYED, Dealer, hit};
use super::flags::Flag;
use super::kinds::Kinds;
use super::listeners::Fired;
use super::state::State;
use super::unit::{ATTACKED, PASSED_OVER, UNMARKED, Unit};
use crate::hearthstone::model::{
    Action, BOARD_SIZE, Counter, MAX_COUNT, POISON, Target, Trigger, VENOM, grower,
};

impl State {
    /// Inserts `count` of the effect tokens of the unit at `slot` to its
    /// right while there is room, each to the right of the one before
    /// and heard before the next enters (Firestone's spawn order: a gift
    /// that grows, `Action::GrowingGift`, reaches them left to right):
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
        let token = (kind.effect_token_kind, kind.effect_token.health);
        let mark = if self.boards[side][slot].mark == PASSED_OVER {
            ATTACKED
        } else {
            UNMARKED
        };
        self.insert_tokens(kinds, side, slot + 1, token, count, mark, chooser);
    }

    /// Inserts `count` units of `token` (its kind and health) from slot
    /// `first` on, each to the right of the one before, with round mark
    /// `mark`, while there is room; each meets the auras and is heard
    /// before the next enters. Returns how many entered.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn insert_tokens(
        &mut self,
        kinds: &Kinds,
        side: usize,
        first: usize,
        (token_kind, health): (u8, u16),
        count: u8,
        mark: u8,
        chooser: &mut impl Chooser,
    ) -> usize {
        let health = health.min(i16::MAX as u16) as i16;
        let mut entered = 0;
        for at in first..first + count as usize {
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
            self.entered(kinds, side, at, chooser);
            entered += 1;
        }
        entered
    }

    /// `Action::SummonCopy`: the copy of the friend at `at.friend` enters
    /// to its right while there is room, with its mark and keywords,
    /// `stats` when not 0, its count afresh.
    fn summon_copy(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        [attack, health]: [u16; 2],
        chooser: &mut impl Chooser,
    ) {
        let (side, len) = (at.side, self.lens[at.side] as usize);
        let Some(slot) = at.friend.filter(|&f| f < len && len < BOARD_SIZE) else {
            return;
        };
        let original = self.boards[side][slot];
        let mut copy = kinds.entering(original.kind, original.health);
        copy.attack = original.attack;
        copy.keywords = original.keywords;
        copy.mark = original.mark;
        if attack > 0 || health > 0 {
            copy.attack = attack;
            copy.health = health.min(i16::MAX as u16) as i16;
        }
        let board = &mut self.boards[side];
        board.copy_within(slot + 1..len, slot + 2);
        board[slot + 1] = copy;
        self.lens[side] += 1;
        self.entered(kinds, side, slot + 1, chooser);
    }

    /// `Action::SummonCopyOfBest`: a copy of `side`'s highest-attack (or
    /// highest-health) minion, a random one among equals (Firestone's
    /// `pickRandomHighestAttack`), enters to its right as it is, its
    /// round mark and count afresh. False on an empty or full board.
    pub(super) fn summon_copy_of_best(
        &mut self,
        kinds: &Kinds,
        side: usize,
        by_health: bool,
        chooser: &mut impl Chooser,
    ) -> bool {
        let len = self.lens[side] as usize;
        if len == 0 || len >= BOARD_SIZE {
            return false;
        }
        let rank = |u: &Unit| {
            if by_health {
                i32::from(u.health)
            } else {
                i32::from(u.attack)
            }
        };
        let alive = |u: &&Unit| u.health > 0;
        let Some(best) = self.board(side).iter().filter(alive).map(rank).max() else {
            return false;
        };
        let mut ties = [0u8; BOARD_SIZE];
        let mut n = 0;
        for (i, u) in self.board(side).iter().enumerate() {
            if u.health > 0 && rank(u) == best {
                ties[n] = i as u8;
                n += 1;
            }
        }
        let pick = if n > 1 {
            chooser.pick(n as u32) as usize
        } else {
            0
        };
        let slot = ties[pick] as usize;
        let original = self.boards[side][slot];
        let mut copy = kinds.entering(original.kind, original.health);
        copy.attack = original.attack;
        copy.keywords = original.keywords;
        let board = &mut self.boards[side];
        board.copy_within(slot + 1..len, slot + 2);
        board[slot + 1] = copy;
        self.lens[side] += 1;
        self.entered(kinds, side, slot + 1, chooser);
        true
    }

    /// The summoned unit at `at` entered: it meets the auras, and the
    /// summon listeners hear it.
    #[inline]
    pub(super) fn entered(
        &mut self,
        kinds: &Kinds,
        side: usize,
        at: usize,
        chooser: &mut impl Chooser,
    ) {
        if kinds.any(Flag::Auras) {
            let others = ((1u16 << self.lens[side]) - 1) as u8 & !(1 << at);
            self.enter_auras(kinds, side, 1 << at, others, true);
        }
        if kinds.any(Flag::FriendlySummoned) {
            self.fire_summon_listeners(kinds, side, at, 1 << at, chooser);
        }
    }
}

/// The most minions of `tribes` (a tribe mask per slot, 0 for none) that
/// can each stand for a different tribe outside `used` (a maximum
/// matching, by augmenting paths: seven minions, ten tribes).
pub(super) fn tribe_matching(tribes: &[u32; BOARD_SIZE], used: u32) -> usize {
    // `owner[t]`: the slot standing for tribe t, if any.
    fn augment(
        tribes: &[u32; BOARD_SIZE],
        slot: usize,
        seen: &mut u32,
        owner: &mut [Option<usize>; 32],
    ) -> bool {
        let mut free = tribes[slot] & !*seen;
        while free != 0 {
            let t = free.trailing_zeros() as usize;
            free &= free - 1;
            *seen |= 1 << t;
            if owner[t].is_none_or(|o| augment(tribes, o, seen, owner)) {
                owner[t] = Some(slot);
                return true;
            }
        }
        false
    }
    let mut owner = [None; 32];
    (0..BOARD_SIZE)
        .filter(|&slot| {
            let mut seen = used;
            augment(tribes, slot, &mut seen, &mut owner)
        })
        .count()
}

/// The minions "a friendly minion of each type" reaches on `board`, in
/// the order they are drawn, and how many: as Firestone's
/// `getMinionsOfDifferentTypes`, the tribes come in a random order; each
/// takes a random minion of its tribe (dying ones too, not destroyed
/// ones) among those that leave the rest able to cover as many tribes as
/// a maximum matching promised (none when none does), until that many
/// are taken; then every All minion, in slot order. Minions without a tribe, and slots outside
/// `reach` (see `Fired::reach`), are never taken.
pub(super) fn each_tribe_picks(
    kinds: &Kinds,
    board: &[Unit],
    reach: u8,
    chooser: &mut impl Chooser,
) -> ([usize; BOARD_SIZE], usize) {
    use crate::hearthstone::model::{EVERY_TRIBE, TRIBE_ALL};
    let mut tribes = [0u32; BOARD_SIZE];
    let mut all = 0u32;
    for (i, u) in board.iter().enumerate() {
        // A dying minion too (a buff may bring it back), not a destroyed
        // one, as Firestone's board holds them until the death phase.
        if u.health <= DESTROYED || reach & (1 << i) == 0 {
            continue;
        }
        let t = kinds.tribes(u);
        if t & TRIBE_ALL != 0 {
            all |= 1 << i;
        } else {
            tribes[i] = t & EVERY_TRIBE;
        }
    }
    let promised = tribe_matching(&tribes, 0);
    let mut used = 0u32;
    let mut to_draw = tribes.iter().fold(0, |m, t| m | t);
    let mut picks = [0usize; BOARD_SIZE];
    let mut n = 0;
    while n < promised && to_draw != 0 {
        // The next tribe of a random order (the tribes no minion has
        // would take nothing: leaving them out changes no chance).
        let k = chooser.pick(to_draw.count_ones());
        let tribe = 1u32 << crate::combin::nth_set_bit(to_draw.into(), k);
        to_draw &= !tribe;
        let mut valid = [0usize; BOARD_SIZE];
        let mut m = 0;
        for i in 0..BOARD_SIZE {
            if tribes[i] & tribe != 0 {
                let mut rest = tribes;
                rest[i] = 0;
                if tribe_matching(&rest, used | tribe) + n + 1 >= promised {
                    valid[m] = i;
                    m += 1;
                }
            }
        }
        if m > 0 {
            let i = valid[chooser.pick(m as u32) as usize];
            tribes[i] = 0;
            used |= tribe;
            picks[n] = i;
            n += 1;
        }
    }
    let mut rest = all;
    while rest != 0 && n < BOARD_SIZE {
        picks[n] = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        n += 1;
    }
    (picks, n)
}

impl State {
    /// Applies `action` of the effect fired at `at`. Returns true when it
    /// dealt damage (deaths to resolve; an attack made resolves its own).
    /// Not inlined: effects are rare next to attacks, and its size would
    /// crowd the attack that calls it.
    #[inline(never)]
    pub(super) fn apply(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        action: Action,
        chooser: &mut impl Chooser,
    ) -> bool {
        let side = at.side;
        chooser.hear(
            super::trace::Event::Effect {
                side,
                slot: at.slot,
                unit: at.unit,
                action,
            },
            self,
        );
        self.act(kinds, at, action, chooser)
    }

    /// The attack and health one blood gem played on `side` gives: 1 and
    /// the side's count of blood gem bonuses (`Counter::BloodGemBonus`: of
    /// earlier turns, and won in this combat), times the most a `GemStats`
    /// aura of a minion on its board multiplies (Firestone counts every
    /// minion its board holds, dying ones too).
    pub(super) fn gem_stats(&self, kinds: &Kinds, side: usize) -> [u16; 2] {
        let times = self.boards[side][..self.lens[side] as usize]
            .iter()
            .map(|u| kinds.gem_times(u))
            .max()
            .unwrap_or(1);
        let counter = Counter::BloodGemBonus;
        // Saturating: `State::with_bonuses` may be given bonuses `Combat`
        // would refuse.
        let mut gem = kinds
            .growths()
            .earlier(side, counter)
            .map(|s| s.saturating_add(1));
        for (stat, bonus) in gem.iter_mut().zip(self.combat_count(kinds, side, counter)) {
            *stat = stat.saturating_add(bonus.into());
        }
        gem.map(|stat| stat.saturating_mul(u16::from(times.max(1))))
    }

    /// Calls `f` on each minion (side, slot) a buff of `target` from the
    /// effect fired at `at` reaches, in slot order, random ones drawn from
    /// `chooser` one by one (`f` acts on each before the next is drawn).
    #[inline]
    pub(super) fn for_each_buff_target<C: Chooser>(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        chooser: &mut C,
        mut f: impl FnMut(&mut State, usize, usize, &mut C),
    ) {
        let side = at.side;
        let len = self.lens[side] as usize;
        let of_tribe = |u: &Unit, tribes: u32| tribes == 0 || kinds.tribes(u) & tribes != 0;
        let is_source = |s: usize, i: usize| s == side && Some(i) == at.slot;
        let reached = |i: usize| at.reach & (1 << i) != 0;
        match target {
            Target::This => {
                if let Some(i) = at.slot {
                    f(self, side, i, chooser);
                }
            }
            Target::Friend => {
                if let Some(a) = at.friend {
                    f(self, side, a, chooser);
                }
            }
            Target::Defender => {
                if let Some(d) = at.defender {
                    f(self, 1 - side, d, chooser);
                }
            }
            Target::Friendly {
                tribes,
                other,
                living,
            } => {
                // A dying minion too: Firestone's board holds it until
                // the death phase (health may bring it back); not a
                // destroyed one.
                let least = if living { 0 } else { DESTROYED };
                for i in 0..len {
                    let u = self.boards[side][i];
                    if !(other && is_source(side, i))
                        && reached(i)
                        && u.health > least
                        && of_tribe(&u, tribes)
                    {
                        f(self, side, i, chooser);
                    }
                }
            }
            Target::Random { .. } | Target::RandomNotFriend { .. } => {
                let count = match target {
                    Target::Random { count, .. } => count,
                    _ => 1,
                };
                let mut taken = [false; BOARD_SIZE];
                for _ in 0..count {
                    let (pool, n) = self.random_pool(kinds, at, target, &taken);
                    if n == 0 {
                        break;
                    }
                    let i = pool[chooser.pick(n as u32) as usize];
                    taken[i] = true;
                    f(self, side, i, chooser);
                }
            }
            Target::Adjacent => {
                // A deathrattle's: the minions next to the place where it
                // died, as the board stands when it fires, dying ones too
                // (Firestone's `getNeighbours` from the index it died at).
                let least = if at.slot.is_none() { DESTROYED } else { 0 };
                for n in self.neighbours(at).into_iter().flatten() {
                    if self.boards[side][n].health > least {
                        f(self, side, n, chooser);
                    }
                }
            }
            Target::AllOthers => {
                for s in 0..2 {
                    for i in 0..self.lens[s] as usize {
                        if !is_source(s, i) {
                            f(self, s, i, chooser);
                        }
                    }
                }
            }
            // Slots picked before any gift lands (a gift moves no
            // minion), given in one loop: a second copy of `f` here
            // costs every caller that inlines this (callgrind).
            Target::EachTribe | Target::Leftmost { .. } | Target::Rightmost { .. } => {
                let board = &self.boards[side][..len];
                let (picks, n) = if target == Target::EachTribe {
                    each_tribe_picks(kinds, board, at.reach, chooser)
                } else {
                    self.end_picks(kinds, at, target)
                };
                for &i in &picks[..n] {
                    f(self, side, i, chooser);
                }
            }
            Target::LeftmostDeathrattle => {
                let source = |i: usize| is_source(side, i);
                if let Some(i) =
                    (0..len).find(|&i| !source(i) && kinds.has_deathrattle(&self.boards[side][i]))
                {
                    f(self, side, i, chooser);
                }
            }
            Target::AllMinions { spare } => {
                for i in 0..len {
                    let u = self.boards[side][i];
                    let spared = spare != 0 && kinds.tribes(&u) & spare != 0;
                    if reached(i) && u.health > 0 && !spared {
                        f(self, side, i, chooser);
                    }
                }
                let enemy = 1 - side;
                for i in 0..self.lens[enemy] as usize {
                    if self.boards[enemy][i].health > 0 {
                        f(self, enemy, i, chooser);
                    }
                }
            }
            Target::RandomEnemy | Target::RandomEnemies { .. } => {
                // Distinct living enemies, one by one (Firestone's
                // shuffle, then the first `count`).
                let count = match target {
                    Target::RandomEnemies { count } => count,
                    _ => 1,
                };
                let mut taken = 0u8;
                for _ in 0..count {
                    let enemy = self.board(1 - side);
                    let free = |i: usize| enemy[i].health > 0 && taken & (1 << i) == 0;
                    let left = (0..enemy.len()).filter(|&i| free(i)).count() as u32;
                    if left == 0 {
                        break;
                    }
                    let k = chooser.pick(left) as usize;
                    if let Some(i) = (0..enemy.len()).filter(|&i| free(i)).nth(k) {
                        taken |= 1 << i;
                        f(self, 1 - side, i, chooser);
                    }
                }
            }
            // One arm for the three: another call of `f` costs every
            // caller that inlines this.
            Target::LowestHealthEnemy | Target::HighestHealthEnemy | Target::LeftmostEnemy => {
                let enemy = self.board(1 - side);
                let living = |u: &&Unit| u.health > 0;
                let healths = enemy.iter().filter(living).map(|u| u.health);
                let picked = match target {
                    Target::LowestHealthEnemy => healths.min(),
                    Target::HighestHealthEnemy => healths.max(),
                    _ => enemy.iter().find(living).map(|u| u.health),
                };
                if let Some(h) = picked {
                    let ties = enemy.iter().filter(|u| u.health == h).count();
                    let k = match target {
                        Target::LeftmostEnemy => 0,
                        _ => chooser.pick(ties as u32) as usize,
                    };
                    if let Some(i) = (0..enemy.len()).filter(|&i| enemy[i].health == h).nth(k) {
                        f(self, 1 - side, i, chooser);
                    }
                }
            }
            Target::RightOf { count } => {
                if let Some(i) = at.slot {
                    for n in i + 1..(i + 1 + count as usize).min(len) {
                        f(self, side, n, chooser);
                    }
                }
            }
            Target::DefenderAndAdjacent { .. } | Target::OtherEnemies { .. } => {
                debug_assert!(false, "no buff is read with a strike's target");
            }
            // Only destroyed (`Action::Destroy`).
            Target::Killer | Target::Chosen { .. } => {
                debug_assert!(false, "no buff is read with a destroyed minion as target")
            }
            // Picked by `State::trigger_battlecries` alone (another call of
            // `f` here would cost every buff its inlining: measured).
            // The lowest-attack minion: by `State::give_deathrattle` alone.
            Target::RightmostBattlecry
            | Target::AdjacentBattlecry { .. }
            | Target::LeftmostDeathrattles { .. }
            | Target::LowestAttack => {
                debug_assert!(false, "no buff is read with a battlecry's target");
            }
        }
    }

    /// The slots `Target::Leftmost` or `Target::Rightmost` reach from the
    /// effect fired at `at`, nearest the end first, dying minions too
    /// unless `living`.
    #[inline(never)]
    fn end_picks(&self, kinds: &Kinds, at: &Fired, target: Target) -> ([usize; BOARD_SIZE], usize) {
        let (Target::Leftmost {
            tribes,
            count,
            living,
        }
        | Target::Rightmost {
            tribes,
            count,
            living,
        }) = target
        else {
            return ([0; BOARD_SIZE], 0);
        };
        let side = at.side;
        let len = self.lens[side] as usize;
        let mut picks = [0usize; BOARD_SIZE];
        let mut n = 0;
        let mut take = |i: usize| {
            let u = &self.boards[side][i];
            let of_tribe = tribes == 0 || kinds.tribes(u) & tribes != 0;
            let least = if living { 0 } else { DESTROYED };
            if n < count as usize && at.reach & (1 << i) != 0 && u.health > least && of_tribe {
                picks[n] = i;
                n += 1;
            }
        };
        if matches!(target, Target::Leftmost { .. }) {
            (0..len).for_each(&mut take);
        } else {
            (0..len).rev().for_each(&mut take);
        }
        (picks, n)
    }

    /// The friendly minions a random pick of `target` (a
    /// `Target::Random`) from the effect fired at `at` may take, left to
    /// right, and how many: living, reached, of its tribes, not `taken`
    /// yet, not its source when `other`, not of its source's card when
    /// `different`; those lacking the keywords `lacking` if any do (only
    /// those when `strict`).
    fn random_pool(
        &self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        taken: &[bool; BOARD_SIZE],
    ) -> ([usize; BOARD_SIZE], usize) {
        let (tribes, other, lacking, strict, different) = match target {
            Target::Random {
                tribes,
                other,
                lacking,
                strict,
                different,
                ..
            } => (tribes, other, lacking, strict, different),
            Target::RandomNotFriend { tribes } => {
                // The friend stands out as the one "taken" already.
                let mut taken = *taken;
                if let Some(f) = at.friend {
                    taken[f] = true;
                }
                let plain = Target::one_random(tribes);
                return self.random_pool(kinds, at, plain, &taken);
            }
            _ => return ([0; BOARD_SIZE], 0),
        };
        let side = at.side;
        let source_card = kinds.name(&at.unit);
        let eligible = |i: usize, need_lacking: bool| {
            let u = &self.boards[side][i];
            !(taken[i] || other && at.slot == Some(i))
                && at.reach & (1 << i) != 0
                && u.health > 0
                && (tribes == 0 || kinds.tribes(u) & tribes != 0)
                && (!need_lacking || u.keywords & lacking == 0)
                && !(different && kinds.name(u) == source_card)
        };
        let mut pool = [0usize; BOARD_SIZE];
        let mut n = 0;
        for need in [lacking != 0, false] {
            for i in 0..self.lens[side] as usize {
                if eligible(i, need) {
                    pool[n] = i;
                    n += 1;
                }
            }
            if n > 0 || strict || lacking == 0 {
                break;
            }
        }
        (pool, n)
    }

    /// `apply` without the trace's event: the interpreter, one function
    /// per kind of action. True when damage landed.
    pub(super) fn act(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        action: Action,
        chooser: &mut impl Chooser,
    ) -> bool {
        match action {
            // Read where they apply, never fired: auras and keywords by
            // the kinds' facts, the extra deathrattles by the death phase,
            // the excess damage by `State::fire_kill` (which knows it),
            // the deathrattles gained by the death phases (`memory.rs`).
            Action::Nothing
            | Action::GainDeathrattles { .. }
            | Action::TauntWithShield
            | Action::ShieldAtAttack { .. }
            | Action::GemStats { .. }
            | Action::ExcessDamage { .. }
            | Action::ExtraDeathrattles { .. }
            | Action::DeathrattlesTrigger { .. }
            | Action::BattlecriesTrigger { .. } => false,
            Action::BloodGems { target, count } => {
                self.play_blood_gems(kinds, at, target, count, chooser);
                false
            }
            Action::StatsOfFriendAttack { tribes, times } => {
                self.give_friend_attack(kinds, at, tribes, times);
                false
            }
            Action::GainDefenderAttack { times } => {
                if let (Some(i), Some(d)) = (at.slot, at.defender) {
                    let gain = self.boards[1 - at.side][d]
                        .attack
                        .saturating_mul(u16::from(times));
                    self.buff_at(kinds, (at.side, i), [gain, 0], 0, true);
                }
                false
            }
            Action::GainHandStats { times } => {
                if let Some(i) = at.slot {
                    let (attack, health) = kinds.hands[at.side].stats_gain(times);
                    self.buff_at(kinds, (at.side, i), [attack, health], 0, true);
                }
                false
            }
            Action::GainHandAttack { times } => {
                if let Some(i) = at.slot {
                    let attack = kinds.hands[at.side].attack_gain(times);
                    self.buff_at(kinds, (at.side, i), [attack, 0], 0, true);
                }
                false
            }
            // A deathrattle's (no slot) is placed by the death phase.
            Action::SummonFromHand {
                count,
                tribes,
                by_health,
            } => {
                let rank = super::hand::Rank { tribes, by_health };
                self.summon_from_hand_mid_combat(kinds, at, count, rank, chooser);
                false
            }
            Action::SummonCopy { attack, health } => {
                self.summon_copy(kinds, at, [attack, health], chooser);
                false
            }
            Action::SummonCopyOfBest { by_health } => {
                self.summon_copy_of_best(kinds, at.side, by_health, chooser);
                false
            }
            Action::SummonCopyFromHand { .. } => {
                self.summon_from_hand(kinds, at, chooser);
                false
            }
            Action::MultiplyAttack { times } => {
                self.multiply_friend_attack(kinds, at, times);
                false
            }
            Action::HealthOfFriendAttack { times } => {
                if let Some(f) = at.friend {
                    let gain = self.boards[at.side][f]
                        .attack
                        .saturating_mul(u16::from(times));
                    if gain > 0 {
                        self.buff_at(kinds, (at.side, f), [0, gain], 0, false);
                    }
                }
                false
            }
            Action::MultiplyStats { times } => {
                if let Some(i) = at.slot {
                    let u = &self.boards[at.side][i];
                    let more = u16::from(times).saturating_sub(1);
                    let health = u16::try_from(u.health.max(0)).unwrap_or(0);
                    let stats = [u.attack.saturating_mul(more), health.saturating_mul(more)];
                    self.buff_at(kinds, (at.side, i), stats, 0, true);
                }
                false
            }
            Action::TierBuff {
                target,
                attack,
                health,
            } => {
                let tier = u16::from(kinds.tiers[at.side]);
                let (attack, health) = (tier * u16::from(attack), tier * u16::from(health));
                self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
                    state.buff_at(kinds, (s, i), [attack, health], 0, at.is(s, i));
                });
                false
            }
            Action::Buff {
                target,
                attack,
                health,
                keywords,
            } => {
                // `buff_at` with its test taken once (the hot path of
                // rallies and attack triggers: measured, a test per
                // target costs Monte Carlo 4% on a real board).
                let listen = attack > 0 && kinds.any(Flag::GainsAttack);
                self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
                    buff(kinds, &mut state.boards[s][i], attack, health, keywords);
                    if listen {
                        state.hear_attack_gain(kinds, s, i, at.is(s, i));
                    }
                });
                false
            }
            Action::GiveOwnAttack { target, times } => {
                let attack = at.unit.attack.saturating_mul(u16::from(times));
                if attack > 0 {
                    let listen = kinds.any(Flag::GainsAttack);
                    self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
                        buff(kinds, &mut state.boards[s][i], attack, 0, 0);
                        if listen {
                            state.hear_attack_gain(kinds, s, i, at.is(s, i));
                        }
                    });
                }
                false
            }
            Action::GiveMaxHealth { target, times } => {
                // Drawn afresh for each gift (Firestone's golden picks
                // twice); health alone: no attack listener hears it.
                let health = kinds.max_health_of(&at.unit);
                if health > 0 {
                    for _ in 0..times {
                        self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
                            buff(kinds, &mut state.boards[s][i], 0, health, 0);
                        });
                    }
                }
                false
            }
            Action::GiveOwnStats { target, health } => {
                let stats = [at.unit.attack, health];
                let listen = stats[0] > 0 && kinds.any(Flag::GainsAttack);
                self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
                    buff(kinds, &mut state.boards[s][i], stats[0], stats[1], 0);
                    if listen {
                        state.hear_attack_gain(kinds, s, i, at.is(s, i));
                    }
                });
                false
            }
            Action::PassOnBuff { .. } => {
                self.pass_on(kinds, at, action, chooser);
                false
            }
            Action::GiveDeathrattle { target, .. } => {
                self.give_deathrattle(kinds, at.side, target, chooser);
                false
            }
            Action::MakeGolden { target } => {
                self.make_golden(kinds, at, target, chooser);
                false
            }
            Action::SetHealth { target, health } => {
                let health = health.min(i16::MAX as u16) as i16;
                self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
                    state.boards[s][i].health = health;
                });
                false
            }
            Action::SetStats {
                target,
                attack,
                health,
                limit,
            } => {
                self.set_stats(kinds, at, target, [attack, health], limit, chooser);
                false
            }
            Action::GrowingGift { attack, step } => {
                self.give_growing_gift(kinds, at, attack, step);
                false
            }
            Action::ImprovingBuff {
                target,
                attack,
                health,
            } => {
                self.give_improving_buff(kinds, at, target, [attack, health], chooser);
                false
            }
            Action::Destroy { target } => match target {
                Target::Killer => self.destroy_killer(at.side),
                Target::Chosen { slot } => self.destroy_chosen(at.side, slot as usize),
                _ => {
                    debug_assert!(false, "only the killer or the chosen minion is destroyed");
                    false
                }
            },
            Action::Remove { target, keywords } => {
                debug_assert_eq!(target, Target::Defender, "only the defender loses keywords");
                if let (Target::Defender, Some(d)) = (target, at.defender) {
                    self.boards[1 - at.side][d].keywords &= !keywords;
                }
                false
            }
            // Placed by the death phase with the tokens (`pool.rs`).
            Action::SummonRandom { .. } => false,
            Action::Summon { count } => {
                if let Some(i) = at.slot {
                    self.summon_right_of(kinds, at.side, i, count, chooser);
                }
                false
            }
            Action::SideBonus { .. } => {
                self.give_side_bonus(kinds, at.side, action, true);
                false
            }
            Action::AttackNow { times } => {
                self.attack_now(kinds, at, times, chooser);
                false
            }
            Action::FlanksAttack { attack, health } => {
                self.flanks_attack(kinds, at.side, [attack, health], chooser);
                false
            }
            // Its tokens' attacks settled their deaths; the step follows
            // (Firestone's death phase after the effect): true.
            Action::SummonWhenSpace { count, .. } => {
                self.start_summons_when_space(kinds, at.side, at.slot, count, chooser)
            }
            Action::TriggerDeathrattle {
                target: Target::LeftmostDeathrattles { count },
                times,
            } => self.run_leftmost_deathrattles(kinds, at.side, count, times, chooser),
            Action::TriggerDeathrattle { target, times } => {
                let mut whose = None;
                self.for_each_buff_target(kinds, at, target, chooser, |_, s, i, _| {
                    whose = Some((s, i));
                });
                whose.is_some_and(|(s, i)| self.run_deathrattle(kinds, s, i, times, chooser))
            }
            Action::TriggerBattlecry {
                target,
                times,
                deathrattle,
            } => self.trigger_battlecries(kinds, at, target, times, deathrattle, chooser),
            Action::Strike { target, times } => self.strike(kinds, at, target, times, chooser),
            Action::DamagePerFriend {
                target,
                amount,
                tribes,
                times,
            } => {
                let counted = self
                    .board(at.side)
                    .iter()
                    .filter(|u| u.health > 0 && (tribes == 0 || kinds.tribes(u) & tribes != 0))
                    .count() as u16;
                let amount = amount.saturating_mul(counted);
                amount > 0 && self.damage_targets(kinds, at, target, amount, times, [0, 0], chooser)
            }
            Action::Damage {
                target,
                amount,
                times,
            } => match target {
                Target::AllOthers => self.damage_all_others(kinds, at, amount, times, chooser),
                _ => self.damage_targets(kinds, at, target, amount, times, [0, 0], chooser),
            },
            Action::DamageThenBuff {
                target,
                amount,
                attack,
                health,
                times,
            } => self.damage_targets(kinds, at, target, amount, times, [attack, health], chooser),
        }
    }

    /// `count` blood gems played on each minion `target` reaches: minion
    /// by minion, its gems, then what they fire on it.
    fn play_blood_gems(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        count: u8,
        chooser: &mut impl Chooser,
    ) {
        let [attack, health] = self
            .gem_stats(kinds, at.side)
            .map(|stat| stat.saturating_mul(u16::from(count)));
        self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, chooser| {
            state.buff_at(kinds, (s, i), [attack, health], 0, at.is(s, i));
            if kinds.on_gem(&state.boards[s][i]) {
                let gem_played = |t| t == Trigger::GemPlayedOnThis;
                for _ in 0..count {
                    state.fire_effects_at(kinds, s, i, (None, None), gem_played, chooser);
                }
            }
        });
    }

    /// `times` the attack of the friend that fired the effect, as attack
    /// and health, to the rightmost friendly minion of `tribes`.
    fn give_friend_attack(&mut self, kinds: &Kinds, at: &Fired, tribes: u32, times: u8) {
        let side = at.side;
        let Some(friend) = at.friend else {
            return;
        };
        let x = self.boards[side][friend]
            .attack
            .saturating_mul(u16::from(times));
        let len = self.lens[side] as usize;
        let of_tribe = |u: &Unit| tribes == 0 || kinds.tribes(u) & tribes != 0;
        if x > 0
            && let Some(i) = (0..len).rev().find(|&i| of_tribe(&self.boards[side][i]))
        {
            self.buff_at(kinds, (side, i), [x, x], 0, at.is(side, i));
        }
    }

    /// The friend that fired the effect has `times` its attack: Firestone
    /// sets the attack to `times` as much with the auras taken off and
    /// then puts them back, so what entering gave counts once more.
    fn multiply_friend_attack(&mut self, kinds: &Kinds, at: &Fired, times: u8) {
        if let Some(friend) = at.friend {
            let auras = self.entry_attack(kinds, at.side, friend);
            let u = &self.boards[at.side][friend];
            let more = u.attack.saturating_mul(u16::from(times).saturating_sub(1));
            let gain = [more.saturating_add(auras), 0];
            self.buff_at(kinds, (at.side, friend), gain, 0, at.is(at.side, friend));
        }
    }

    /// `Action::SetStats`: the target's stats set, what entering gives
    /// it added back (Firestone's `setEntityStats`), unheard; with a
    /// `limit`, while the minion's count of firings is below it (a firing
    /// that reached no target spends none).
    fn set_stats(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        [attack, health]: [u16; 2],
        limit: u8,
        chooser: &mut impl Chooser,
    ) {
        let fired = at.slot.map_or(0, |i| self.boards[at.side][i].count());
        if limit > 0 && (at.slot.is_none() || fired >= limit) {
            return;
        }
        let mut reached = false;
        self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
            let [a, h] = state.entry_stats(kinds, s, i);
            let u = &mut state.boards[s][i];
            u.attack = attack.saturating_add(a);
            u.health = health.saturating_add(h).min(i16::MAX as u16) as i16;
            reached = true;
        });
        if let (true, true, Some(i)) = (limit > 0, reached, at.slot) {
            self.boards[at.side][i].set_count(fired + 1);
        }
    }

    /// A gift to the friend whose summoning fired it, `step` larger for
    /// each gift the minion gave before (its count).
    fn give_growing_gift(&mut self, kinds: &Kinds, at: &Fired, attack: u16, step: u16) {
        let side = at.side;
        if let (Some(i), Some(friend)) = (at.slot, at.friend) {
            let given = self.boards[side][i].count();
            let gift = attack.saturating_add(step.saturating_mul(u16::from(given)));
            self.buff_at(kinds, (side, friend), [gift, 0], 0, at.is(side, friend));
            self.boards[side][i].set_count((given + 1).min(MAX_COUNT));
        }
    }

    /// A buff given `1 + n` times, `n` the improvements its side counted
    /// (of earlier turns and of this combat); then the count rises.
    fn give_improving_buff(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        [attack, health]: [u16; 2],
        chooser: &mut impl Chooser,
    ) {
        let side = at.side;
        let counter = Counter::Improvements;
        let now = self.combat_count(kinds, side, counter)[0];
        let earlier = kinds.growths().earlier(side, counter)[0];
        let times = earlier.saturating_add(u16::from(now)) + 1;
        let (attack, health) = (attack.saturating_mul(times), health.saturating_mul(times));
        self.for_each_buff_target(kinds, at, target, chooser, |state, s, i, _| {
            state.buff_at(kinds, (s, i), [attack, health], 0, at.is(s, i));
        });
        self.raise(kinds, side, grower(counter), [1, 0], 0);
    }

    /// The minion attacks at once, `times` times, while it and enemies
    /// live. Deaths move its slot: it is found by its start-of-combat tag
    /// (its reborn copy, a new minion, has none).
    fn attack_now(&mut self, kinds: &Kinds, at: &Fired, times: u8, chooser: &mut impl Chooser) {
        let side = at.side;
        let tag = at.unit.tag();
        for _ in 0..times {
            let Some(i) = self
                .board(side)
                .iter()
                .position(|u| tag != 0 && u.tag() == tag)
            else {
                break;
            };
            if self.lens[1 - side] == 0 {
                break;
            }
            self.strikes(kinds, side, i, chooser);
        }
    }

    /// Damage `times` the minion's attack to the enemies `target` names:
    /// the defender and its neighbours (one at random unless `both`), or
    /// the enemy with the most health (ties at random). True when damage
    /// landed.
    fn strike(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        times: u8,
        chooser: &mut impl Chooser,
    ) -> bool {
        let side = at.side;
        let Some(slot) = at.slot else { return false };
        let source = self.boards[side][slot];
        let amount = source.attack.saturating_mul(u16::from(times));
        if let Target::OtherEnemies { count } = target {
            return self.strike_others(kinds, at, amount, count, chooser);
        }
        let mut victims = self.strike_victims(at, target, chooser);
        let mut landed = false;
        for v in 0..victims.len() {
            let i = victims[v];
            if i == usize::MAX {
                continue;
            }
            let (hit, summoned) = self.damage_enemy(kinds, (side, slot), i, amount, chooser);
            if hit {
                // Its summons enter to its right: later victims there move.
                for later in &mut victims[v + 1..] {
                    if *later != usize::MAX && *later > i {
                        *later += summoned;
                    }
                }
            }
            landed |= hit;
        }
        landed
    }

    /// `count` shots of `amount` from the minion fired at `at`, each at an
    /// enemy other than the defender drawn afresh among all on the board,
    /// dying and poisoned ones too, so a shot may be spent on a minion an
    /// earlier one killed (Firestone's `pickRandom` over the board; a
    /// shot's summons may be drawn by the next). True when damage landed.
    fn strike_others(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        amount: u16,
        count: u8,
        chooser: &mut impl Chooser,
    ) -> bool {
        let (side, enemy) = (at.side, 1 - at.side);
        let (Some(slot), Some(mut defender)) = (at.slot, at.defender) else {
            return false;
        };
        let mut landed = false;
        for _ in 0..count {
            let others = (self.lens[enemy] as usize).saturating_sub(1);
            if others == 0 {
                break;
            }
            let k = chooser.pick(others as u32) as usize;
            let i = if k < defender { k } else { k + 1 };
            let (hit, summoned) = self.damage_enemy(kinds, (side, slot), i, amount, chooser);
            if i < defender {
                defender += summoned;
            }
            landed |= hit;
        }
        landed
    }

    /// The enemies a strike from `at` hits, by slot (`usize::MAX`: none).
    fn strike_victims(&self, at: &Fired, target: Target, chooser: &mut impl Chooser) -> [usize; 3] {
        let enemy = 1 - at.side;
        let len = self.lens[enemy] as usize;
        let mut victims = [usize::MAX; 3];
        match (target, at.defender) {
            (Target::DefenderAndAdjacent { both }, Some(d)) => {
                victims[0] = d;
                let left = d.checked_sub(1);
                let right = Some(d + 1).filter(|&i| i < len);
                match (left, right) {
                    (Some(l), Some(r)) if both => victims[1..].copy_from_slice(&[l, r]),
                    (Some(l), Some(r)) => victims[1] = if chooser.pick(2) == 0 { l } else { r },
                    (Some(n), None) | (None, Some(n)) => victims[1] = n,
                    (None, None) => {}
                }
            }
            (Target::HighestHealthEnemy, _) => {
                let board = self.board(enemy);
                let top = board.iter().map(|u| u.health).max().unwrap_or(0);
                if top > 0 {
                    let ties = board.iter().filter(|u| u.health == top).count();
                    let pick = chooser.pick(ties as u32) as usize;
                    victims[0] = (0..len)
                        .filter(|&i| board[i].health == top)
                        .nth(pick)
                        .unwrap_or(0);
                }
            }
            _ => debug_assert!(false, "a strike's target is read as one of the above"),
        }
        victims
    }

    /// `amount` damage to the minions `target` reaches, `times` over:
    /// those of each sweep taken as it begins (`for_each_buff_target`:
    /// living ones, a deathrattle's within its reach), the first sweep's
    /// again for a fixed set, a fresh draw for a random one. Each hit
    /// carries the source's poison and venom (spent on the first that
    /// lands) and is heard at once; a victim's summons enter to its
    /// right, moving the slots after it. Each victim is then given `gift`
    /// (attack, health), whether the damage landed or not. True when
    /// damage landed.
    #[allow(clippy::too_many_arguments)]
    fn damage_targets(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        target: Target,
        amount: u16,
        times: u8,
        gift: [u16; 2],
        chooser: &mut impl Chooser,
    ) -> bool {
        let mut victims = [(0usize, 0usize); 2 * BOARD_SIZE];
        let mut n = 0;
        let mut landed = false;
        let keywords = at.unit.keywords;
        let mut venom = keywords & (POISON | VENOM) == VENOM;
        let poison = keywords & POISON != 0;
        let fresh = matches!(
            target,
            Target::RandomEnemy | Target::LowestHealthEnemy | Target::HighestHealthEnemy
        );
        for time in 0..times {
            if time == 0 || fresh {
                n = 0;
                self.for_each_buff_target(kinds, at, target, chooser, |_, s, i, _| {
                    victims[n] = (s, i);
                    n += 1;
                });
            }
            for v in 0..n {
                let (s, i) = victims[v];
                let before = self.boards[s][i].keywords;
                let hit = hit(&mut self.boards[s][i], amount, poison || venom);
                if kinds.any_shield_listeners() {
                    self.hear_shield_lost(kinds, s, i, before, chooser);
                }
                if hit {
                    landed = true;
                    venom = false;
                    let dealer = Dealer {
                        side: at.side,
                        unit: at.unit,
                        slot: at.slot,
                    };
                    let summoned = self.hear_damage(kinds, s, i, dealer, chooser);
                    for other in &mut victims[..n] {
                        if other.0 == s && other.1 > i {
                            other.1 += summoned;
                        }
                    }
                }
                if gift != [0, 0] {
                    self.buff_at(kinds, (s, i), gift, 0, at.is(s, i));
                }
            }
        }
        landed
    }

    /// `amount` damage to every other minion, `times` over. The source's
    /// poison reaches effect damage too, and its venom the first minion
    /// the damage lands on (Firestone's order: one board then the other,
    /// which first at random). The minions on the board as the damage
    /// begins are hit, each at its slot plus the summons entered to its
    /// left since: every sweep hits them, dead or not, and no minion
    /// summoned meanwhile (Firestone's list of targets, taken once; the
    /// dead leave after the last sweep). True when damage landed.
    fn damage_all_others(
        &mut self,
        kinds: &Kinds,
        at: &Fired,
        amount: u16,
        times: u8,
        chooser: &mut impl Chooser,
    ) -> bool {
        let side = at.side;
        let keywords = at.unit.keywords;
        let poison = keywords & POISON != 0;
        let mut venom = !poison && keywords & VENOM != 0;
        let first = if venom {
            (side + chooser.pick(2) as usize) % 2
        } else {
            side
        };
        let mut landed = false;
        // The source's slot, moved by summons to its left.
        let mut source = at.slot;
        let lens = [self.lens[0] as usize, self.lens[1] as usize];
        let mut moved = [[0usize; BOARD_SIZE]; 2];
        for s in (0..times).flat_map(|_| [first, 1 - first]) {
            for start in 0..lens[s] {
                let i = start + moved[s][start];
                if s == side && Some(i) == source {
                    continue;
                }
                let before = self.boards[s][i].keywords;
                let hit = hit(&mut self.boards[s][i], amount, poison || venom);
                if kinds.any_shield_listeners() {
                    self.hear_shield_lost(kinds, s, i, before, chooser);
                }
                if hit && venom {
                    venom = false;
                    if let Some(source) = source {
                        self.boards[side][source].keywords &= !VENOM;
                    }
                }
                if hit {
                    let dealer = Dealer {
                        side,
                        unit: at.unit,
                        slot: source,
                    };
                    let summoned = self.hear_damage(kinds, s, i, dealer, chooser);
                    // Its summons enter to its right.
                    for later in &mut moved[s][start + 1..lens[s]] {
                        *later += summoned;
                    }
                    if s == side {
                        source = source.map(|j| if j > i { j + summoned } else { j });
                    }
                }
                landed |= hit;
            }
        }
        landed
    }
}
