//! An attack, as the game runs a turn: the next attacker (the leftmost
//! that has not attacked this round), its target (a random enemy, taunts
//! first, never one in stealth), the triggers as it attacks, the exchange
//! (attacker and defender hit each other at once; cleave also hits the
//! defender's neighbours), the after-attack effects; then the death phase
//! of each side (`deaths.rs`). Windfury attacks twice.

use super::chooser::Chooser;
use super::damage::{Dealer, hit};
use super::flags::{Flag, Set, heard_bits};
use super::kinds::Kinds;
use super::state::State;
use super::unit::{ATTACKED, ATTACKER_TAG, PASSED_OVER, SPARE_TAG, UNMARKED, Unit};
use crate::hearthstone::model::{
    Action, CLEAVE, Marks, POISON, STEALTH, TAUNT, Trigger, VENOM, WINDFURY,
};

impl State {
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
    /// Inlined into the turn, as are its steps: it is the hot path of
    /// every combat.
    #[inline(always)]
    pub fn attack(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        target: usize,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        let blows = self.land_blows(kinds, side, attacker, target, chooser);
        self.deaths_of_attack(kinds, &blows, chooser)
    }

    /// `attack` where summons wait for room (out of line: few combats have
    /// them): the summon-when-space step after it, the attacker followed
    /// through it when it attacks `again` (tokens may enter left of it).
    #[inline(never)]
    fn attack_with_space(
        &mut self,
        kinds: &Kinds,
        (side, attacker, target): (usize, usize, usize),
        again: bool,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        let alive = self.attack(kinds, side, attacker, target, chooser);
        self.summon_when_space_keeping(kinds, side, alive.filter(|_| again), chooser)
    }

    /// `attack` of a token attacking at once as it enters (`space.rs`):
    /// also whether any minion died (Firestone's death phase then runs
    /// the summon-when-space step again).
    #[inline(never)]
    pub(super) fn attack_noting_deaths(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        target: usize,
        chooser: &mut impl Chooser,
    ) -> (Option<usize>, bool) {
        let blows = self.land_blows(kinds, side, attacker, target, chooser);
        let died = (self.board(0).iter().chain(self.board(1))).any(|u| u.health <= 0);
        (self.deaths_of_attack(kinds, &blows, chooser), died)
    }

    /// An attack up to its deaths: the triggers, the blows, what follows
    /// them.
    #[inline(always)]
    fn land_blows(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        target: usize,
        chooser: &mut impl Chooser,
    ) -> Blows {
        let (mut attacker, mut target) = (attacker, target);
        // Effect damage may kill minions the attack does not touch.
        let mut effects_hit = false;
        if kinds.any_of(Set::AttackTriggers) {
            // What hears the defender attacked first (Firestone's order).
            if kinds.any_attacked() {
                self.hear_attacked(kinds, 1 - side, target, chooser);
            }
            (attacker, target, effects_hit) =
                self.attack_triggers(kinds, side, attacker, target, chooser);
        }
        // The attacker as its blows begin.
        let a = self.boards[side][attacker];
        let mut blows = self.blows(&a, side, attacker, target, effects_hit);
        let listen = kinds.any_of(Set::HitListeners);
        if blows.exchange {
            self.exchange(kinds, &a, &mut blows, listen, chooser);
        }
        self.cleave(kinds, &a, &mut blows, listen, chooser);
        self.after_blows(kinds, &a, &mut blows, chooser);
        blows
    }

    /// The triggers as `attacker` attacks `target`: the attacker's and
    /// the target's slots afterwards, and whether they dealt damage. A
    /// strike may make a minion left of the target summon, which moves
    /// the target: it is found again by a tag no other unit has.
    #[inline(always)]
    fn attack_triggers(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        target: usize,
        chooser: &mut impl Chooser,
    ) -> (usize, usize, bool) {
        let enemy = 1 - side;
        let mut target = target;
        let track = kinds.any_of(Set::DamageListeners);
        let tag = self.boards[enemy][target].tag();
        if track {
            self.boards[enemy][target].set_tag(SPARE_TAG);
        }
        let (attacker, effects_hit) =
            self.fire_attack_triggers(kinds, side, attacker, target, chooser);
        if track {
            target = self.spare_tag_slot(enemy).unwrap_or(target);
            self.boards[enemy][target].set_tag(tag);
        }
        (attacker, target, effects_hit)
    }

    /// The blows of `attacker` (`a`)'s attack on `target`, before any
    /// lands. Neighbours are fixed before any damage (their slots move
    /// only when a damaged minion summons to its right).
    #[inline(always)]
    fn blows(
        &self,
        a: &Unit,
        side: usize,
        attacker: usize,
        target: usize,
        effects_hit: bool,
    ) -> Blows {
        let enemy = 1 - side;
        let cleave = if a.has(CLEAVE) {
            [
                target.checked_sub(1),
                Some(target + 1).filter(|&i| i < self.lens[enemy] as usize),
            ]
        } else {
            [None, None]
        };
        Blows {
            side,
            attacker,
            target,
            poison: a.keywords & (POISON | VENOM),
            cleave,
            // A target its triggers killed neither takes nor deals the
            // attack's damage (Firestone); cleave still hits its
            // neighbours.
            exchange: self.boards[enemy][target].health > 0,
            landed: false,
            enemy_died: false,
            effects_hit,
        }
    }

    /// One blow of the attack on the enemy at `index` with `attack`
    /// (venom poisons every blow of the attack that spends it, cleave's
    /// included): whether it landed. Blow by blow, not through an
    /// iterator chain: this is the hottest loop of Monte Carlo.
    #[inline(always)]
    fn blow(&mut self, blows: &mut Blows, index: usize, attack: u16) -> bool {
        let victim = &mut self.boards[1 - blows.side][index];
        let hit = hit(victim, attack, blows.poison != 0);
        blows.landed |= hit;
        blows.enemy_died |= victim.health <= 0;
        hit
    }

    /// The exchange: attacker and target hit each other at once (the
    /// attacker's blow first in code, the hit back computed from the
    /// target as it was). Shields lost and damage taken are heard at once
    /// when some minion `listen`s (Firestone's order: the attacker's
    /// shield, the target's, the attacker's damage, the target's); then
    /// the attacker's kill effects.
    #[inline(always)]
    fn exchange(
        &mut self,
        kinds: &Kinds,
        a: &Unit,
        blows: &mut Blows,
        listen: bool,
        chooser: &mut impl Chooser,
    ) {
        let (side, attacker, target) = (blows.side, blows.attacker, blows.target);
        let enemy = 1 - side;
        let t = self.boards[enemy][target];
        let t_poison = t.keywords & (POISON | VENOM);
        // Summons the target's damage made to its right (its neighbour's
        // slot moves), and the enemy board's size before them.
        let mut right_shift = 0;
        let len_before = self.lens[enemy] as usize;
        let target_hit = self.blow(blows, target, a.attack);
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
                let summoned = self.hear_damage(kinds, enemy, target, blows.dealer(a), chooser);
                blows.cleave[1] = blows.cleave[1].map(|r| r + summoned);
                right_shift += summoned;
            }
        }
        if kinds.any(Flag::KillsDefender)
            && kinds.facts(a).has(Flag::KillsDefender)
            && self.boards[enemy][target].health <= 0
        {
            // Its right neighbour as the attack began.
            let right = Some(target + 1 + right_shift)
                .filter(|&i| i < self.lens[enemy] as usize)
                .filter(|_| target + 1 < len_before);
            let excess = (i32::from(a.attack) - i32::from(t.health.max(0))).max(0);
            blows.effects_hit |= self.fire_kill(
                kinds,
                (side, attacker),
                (target, right),
                excess.min(i32::from(u16::MAX)) as u16,
                chooser,
            );
        }
    }

    /// Cleave's blows on the target's neighbours, left then right, with
    /// the attacker's attack as it is by then, each heard as it lands.
    #[inline(always)]
    fn cleave(
        &mut self,
        kinds: &Kinds,
        a: &Unit,
        blows: &mut Blows,
        listen: bool,
        chooser: &mut impl Chooser,
    ) {
        let (side, attacker, enemy) = (blows.side, blows.attacker, 1 - blows.side);
        if let Some(left) = blows.cleave[0] {
            let before = self.boards[enemy][left].keywords;
            let attack = self.boards[side][attacker].attack;
            let left_hit = self.blow(blows, left, attack);
            if listen {
                self.hear_shield_lost(kinds, enemy, left, before, chooser);
                if left_hit {
                    let summoned = self.hear_damage(kinds, enemy, left, blows.dealer(a), chooser);
                    blows.target += summoned;
                    blows.cleave[1] = blows.cleave[1].map(|r| r + summoned);
                }
            }
        }
        if let Some(right) = blows.cleave[1] {
            let before = self.boards[enemy][right].keywords;
            let attack = self.boards[side][attacker].attack;
            let right_hit = self.blow(blows, right, attack);
            if listen {
                self.hear_shield_lost(kinds, enemy, right, before, chooser);
                if right_hit {
                    self.hear_damage(kinds, enemy, right, blows.dealer(a), chooser);
                }
            }
        }
    }

    /// After the blows: venom spent if one landed, stealth lost by
    /// attacking (Firestone: before its after-attack effects), then the
    /// after-attack effects.
    #[inline(always)]
    fn after_blows(
        &mut self,
        kinds: &Kinds,
        a: &Unit,
        blows: &mut Blows,
        chooser: &mut impl Chooser,
    ) {
        let (side, attacker, target) = (blows.side, blows.attacker, blows.target);
        if blows.landed && blows.poison == VENOM {
            self.boards[side][attacker].keywords &= !VENOM;
        }
        if kinds.any(Flag::Stealth) {
            self.boards[side][attacker].keywords &= !STEALTH;
        }
        if kinds.facts(a).has(Flag::AfterAttack) {
            blows.effects_hit |= self.fire_after_attack(kinds, side, attacker, target, chooser);
        }
        if kinds.any(Flag::AfterFriendlyAttacks) {
            let (at, hit) = self.fire_after_other_attacks(kinds, side, attacker, target, chooser);
            blows.attacker = at;
            blows.effects_hit |= hit;
        }
    }

    /// The death phase after an attack, side by side: summons on one
    /// board never touch the other, so the order between sides (a coin
    /// flip) changes nothing. The attacker's index afterwards if it lives.
    #[inline(always)]
    fn deaths_of_attack(
        &mut self,
        kinds: &Kinds,
        blows: &Blows,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        if kinds.attack_deaths_apart() {
            // A copy: a reference passed out of line would keep the hot
            // path's blows in memory rather than registers (measured: +2%
            // instructions on Monte Carlo).
            return self.deaths_apart(kinds, *blows, chooser);
        }
        // Where deathrattles damage, deaths follow deaths on both sides.
        let settle = kinds.any(Flag::DeathrattleDamage);
        self.deaths_of_blows(kinds, blows, settle, chooser)
    }

    /// The death phases `deaths_of_attack` keeps off its hot path: tokens
    /// that attack at once (`at_once.rs`), or a killer followed through
    /// the deaths (`killer.rs`; a destroy is damage-like, so deaths follow
    /// deaths). `validate_killer` refuses the two together.
    #[inline(never)]
    fn deaths_apart(
        &mut self,
        kinds: &Kinds,
        blows: Blows,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        if kinds.any_at_once() {
            return self.deaths_at_once(kinds, blows.side, blows.attacker, chooser);
        }
        let tag = self.mark_killer(kinds, &blows);
        let at = self.deaths_of_blows(kinds, &blows, true, chooser);
        if let Some(tag) = tag {
            self.unmark_killer(1 - blows.side, tag);
        }
        at
    }

    /// `deaths_of_attack` once the combat's kind of death phase is known
    /// (`settle`: deaths follow deaths).
    #[inline(always)]
    fn deaths_of_blows(
        &mut self,
        kinds: &Kinds,
        blows: &Blows,
        settle: bool,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        let (side, attacker) = (blows.side, blows.attacker);
        let attacker_died = self.boards[side][attacker].health <= 0;
        if blows.enemy_died || blows.effects_hit {
            if settle {
                return self.deaths_settled(kinds, side, attacker, chooser);
            }
            self.resolve_side(kinds, 1 - side, chooser);
        }
        if attacker_died {
            if settle {
                self.settle_deaths(kinds, chooser);
                return None;
            }
            self.resolve_side(kinds, side, chooser);
            // A reborn copy is a new minion: it does not finish the attack.
            return None;
        }
        if blows.effects_hit && self.board(side).iter().any(|u| u.health <= 0) {
            return self.resolve_friends_of(kinds, side, attacker, chooser);
        }
        // Only the attacker could die on its own side, so while it lives
        // its side is unchanged and its index stands.
        Some(attacker)
    }

    /// The attacker's "after this attacks" effects (kept out of the attack
    /// itself, which most combats run without them). True when they dealt
    /// damage.
    #[inline(never)]
    pub(super) fn fire_after_attack(
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
    /// the attack: few combats have them). The attacker's slot
    /// afterwards, and whether they dealt damage. A listener that runs a
    /// friend's deathrattle may summon left of later slots: the walk goes
    /// on by index over the board as it then stands, as Firestone's loop
    /// over its board array does (so a listener pushed right by tokens is
    /// met, and fires, again), and the attacker is followed by a tag.
    #[inline(never)]
    pub(super) fn fire_after_other_attacks(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        target: usize,
        chooser: &mut impl Chooser,
    ) -> (usize, bool) {
        let a = self.boards[side][attacker];
        let attacker_tribes = kinds.tribes(&a);
        let has_rally = kinds.marks(&a).intersects(Marks::HAS_RALLY);
        let heard = heard_bits(attacker_tribes);
        let fires = |t| match t {
            Trigger::AfterFriendlyAttacks { tribes, rally } => {
                (tribes == 0 || attacker_tribes & tribes != 0) && (has_rally || !rally)
            }
            _ => false,
        };
        let moves = self
            .board(side)
            .iter()
            .any(|u| kinds.facts(u).has(Flag::RunsDeathrattle));
        if moves {
            self.boards[side][attacker].set_tag(ATTACKER_TAG);
        }
        let (mut attacker, mut hit, mut i) = (attacker, false, 0);
        while i < self.lens[side] as usize {
            let listens = kinds
                .facts(&self.boards[side][i])
                .hears(Flag::AfterFriendlyAttacks)
                & heard
                != 0;
            if i != attacker && listens {
                let by = (Some(attacker), Some(target));
                hit |= self.fire_effects_at(kinds, side, i, by, fires, chooser);
                if moves {
                    let at = self
                        .board(side)
                        .iter()
                        .position(|u| u.tag() == ATTACKER_TAG);
                    attacker = at.unwrap_or(attacker);
                }
            }
            i += 1;
        }
        if moves {
            self.boards[side][attacker].set_tag(a.tag());
        }
        (attacker, hit)
    }

    /// The death phases after an attack where deathrattles damage
    /// (`State::settle_deaths`): the attacker's index afterwards if it
    /// lives, found by a tag no other unit has.
    #[inline(never)]
    fn deaths_settled(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        self.following(side, attacker, ATTACKER_TAG, |s| {
            s.settle_deaths(kinds, chooser)
        })
    }

    /// Runs `step` with the unit at `slot` of `side` tagged `marker` (a
    /// tag no other unit has meanwhile), and gives its index afterwards,
    /// its own tag back, if it is still on the board.
    #[inline(always)]
    fn following(
        &mut self,
        side: usize,
        slot: usize,
        marker: u8,
        step: impl FnOnce(&mut State),
    ) -> Option<usize> {
        let tag = self.boards[side][slot].tag();
        self.boards[side][slot].set_tag(marker);
        step(self);
        let at = self.board(side).iter().position(|u| u.tag() == marker)?;
        self.boards[side][at].set_tag(tag);
        Some(at)
    }

    /// The death phase of the attacker's side when effect damage killed
    /// friends of the living attacker: its index afterwards, followed by
    /// a tag no other unit has.
    #[inline(never)]
    pub(super) fn resolve_friends_of(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        chooser: &mut impl Chooser,
    ) -> Option<usize> {
        self.following(side, attacker, SPARE_TAG, |s| {
            s.resolve_side(kinds, side, chooser)
        })
    }

    /// The slot of `side`'s unit tagged `SPARE_TAG`, if any (rare: kept
    /// out of the attack).
    #[cold]
    #[inline(never)]
    pub(super) fn spare_tag_slot(&self, side: usize) -> Option<usize> {
        self.board(side).iter().position(|u| u.tag() == SPARE_TAG)
    }

    /// The effects that fire as `attacker` (on `side`) attacks, before the
    /// damage: every other friendly minion's "whenever a friendly minion
    /// attacks", left to right, then the attacker's own (Firestone's
    /// order). The attacker's slot afterwards (its own effects may summon
    /// to its left: a deathrattle it runs), and whether they dealt damage.
    pub(super) fn fire_attack_triggers(
        &mut self,
        kinds: &Kinds,
        side: usize,
        attacker: usize,
        defender: usize,
        chooser: &mut impl Chooser,
    ) -> (usize, bool) {
        let attacker_tribes = kinds.tribes(&self.boards[side][attacker]);
        // The slots whose minions listen to this attacker, found in one
        // pass (most do not); only the attacker's own rally summons (to its
        // right, after every other trigger), so these slots stand while
        // they fire.
        let heard = heard_bits(attacker_tribes);
        let mut listeners = self.board(side).iter().enumerate().fold(0u8, |m, (i, u)| {
            m | u8::from(kinds.facts(u).hears(Flag::FriendlyAttacks) & heard != 0) << i
        }) & !(1 << attacker);
        // The attacker's own effects fire last.
        let facts = kinds.facts(&self.boards[side][attacker]);
        let (own, moves) = (facts.has(Flag::OwnAttack), facts.has(Flag::RunsDeathrattle));
        if listeners == 0 && !own {
            return (attacker, false);
        }
        let attacker_marks = kinds.marks(&self.boards[side][attacker]);
        let fires = |t: Trigger, own: bool| match t {
            Trigger::Rally => own,
            Trigger::FriendlyAttacks {
                tribes,
                other,
                marks,
            } => {
                (!own || !other)
                    && (tribes == 0 || attacker_tribes & tribes != 0)
                    && (marks.is_empty() || attacker_marks.intersects(marks))
            }
            _ => false,
        };
        let mut hit = false;
        let track = kinds.any_of(Set::DamageListeners);
        // An earlier strike may have moved the defender (see `attack`).
        let defender = |s: &State| {
            if track {
                s.spare_tag_slot(1 - side).unwrap_or(defender)
            } else {
                defender
            }
        };
        while listeners != 0 {
            let i = listeners.trailing_zeros() as usize;
            listeners &= listeners - 1;
            let by = (Some(attacker), Some(defender(self)));
            let heard = |t| fires(t, false);
            hit |= self.fire_effects_at(kinds, side, i, by, heard, chooser);
        }
        if !own {
            return (attacker, hit);
        }
        if !moves {
            let by = (Some(attacker), Some(defender(self)));
            let heard = |t| fires(t, true);
            hit |= self.fire_effects_at(kinds, side, attacker, by, heard, chooser);
            return (attacker, hit);
        }
        // Its effects may summon to its left: found again by a tag.
        let tag = self.boards[side][attacker].tag();
        self.boards[side][attacker].set_tag(ATTACKER_TAG);
        let by = (Some(attacker), Some(defender(self)));
        let heard = |t| fires(t, true);
        hit |= self.fire_effects_at(kinds, side, attacker, by, heard, chooser);
        let board = self.board(side);
        let attacker = board
            .iter()
            .position(|u| u.tag() == ATTACKER_TAG)
            .unwrap_or(attacker);
        self.boards[side][attacker].set_tag(tag);
        (attacker, hit)
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
        if kinds.any(Flag::Stealth) {
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
            let Some(target) =
                self.nth_target(side, kinds.any(Flag::Stealth), |pool| chooser.pick(pool))
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
            alive = if kinds.any_space() {
                self.attack_with_space(kinds, (side, i, target), strike == 0 && windfury, chooser)
            } else {
                self.attack(kinds, side, i, target, chooser)
            };
        }
    }

    /// The "after this attacks and kills a minion" effects of `side`'s
    /// `attacker`, whose attack dealt `excess` damage past the health of
    /// the enemy at `target`; `right` is the slot of that minion's right
    /// neighbour as the attack began, if any (its own summons entered
    /// between). True when damage landed.
    #[inline(never)]
    pub(super) fn fire_kill(
        &mut self,
        kinds: &Kinds,
        (side, attacker): (usize, usize),
        (target, right): (usize, Option<usize>),
        excess: u16,
        chooser: &mut impl Chooser,
    ) -> bool {
        let unit = self.boards[side][attacker];
        let mut landed = false;
        for e in kinds.effects(&unit) {
            let (Trigger::KillsDefender, Action::ExcessDamage { both, .. }) = (e.trigger, e.action)
            else {
                continue;
            };
            let action = Action::ExcessDamage {
                both,
                amount: excess,
            };
            chooser.hear(
                super::trace::Event::Effect {
                    side,
                    slot: Some(attacker),
                    unit,
                    action,
                },
                self,
            );
            let mut victims = [target.checked_sub(1), right];
            if !both && let [Some(_), Some(r)] = victims {
                if chooser.pick(2) == 0 {
                    victims[1] = None;
                } else {
                    victims = [Some(r), None];
                }
            }
            let mut moved = 0;
            for i in victims.into_iter().flatten() {
                // Summons of a victim enter to its right, before the next.
                let (hit, summoned) =
                    self.damage_enemy(kinds, (side, attacker), i + moved, excess, chooser);
                moved += summoned;
                landed |= hit;
            }
        }
        landed
    }
}

/// One attack's blows as they land: the attacker (its side and slot),
/// the target (its slot, moved by summons to its left), cleave's victims,
/// and what the blows did so far.
#[derive(Clone, Copy)]
pub(super) struct Blows {
    pub(super) side: usize,
    pub(super) attacker: usize,
    pub(super) target: usize,
    /// The attacker's poison and venom bits.
    poison: u8,
    /// The target's neighbours as the attack began (cleave).
    cleave: [Option<usize>; 2],
    /// The target lives: attacker and target exchange blows.
    pub(super) exchange: bool,
    /// Some blow landed (venom is spent).
    landed: bool,
    /// Some enemy died of the blows.
    enemy_died: bool,
    /// Effects dealt damage too (deaths beyond the blows').
    effects_hit: bool,
}

impl Blows {
    /// The attacker (`a`, as its blows began) as the dealer of its blows
    /// (its slot stands: summons on its side enter to its right).
    #[inline(always)]
    fn dealer(&self, a: &Unit) -> Dealer {
        Dealer {
            side: self.side,
            unit: *a,
            slot: Some(self.attacker),
        }
    }
}
