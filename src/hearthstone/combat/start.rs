//! The start of combat: before the first attack, each side's
//! start-of-combat effects fire (a random side first, its minions left to
//! right, each effect followed by the death phase), then the side with
//! more minions attacks first (a coin flip when even). The phase is
//! enumerated once: every way it can go, with its probability (the exact
//! engine's first states), and the tree of random choices that leads to
//! each, so that Monte Carlo draws an outcome with the very picks a
//! replay of the phase would make (same random stream, same answers)
//! without replaying it every combat.

use super::Combat;
use super::flags::Flag;
use super::listeners::{Fired, Place, REACH_ALL};
use super::{Chooser, Odometer};
use super::{Kinds, State};
use crate::budget::Control;
use crate::error::Error;
use crate::error::Result;
use crate::hearthstone::model::{Action, BOARD_SIZE, Effect, Target, Trigger};

/// A node of the choice tree: a choice among `options` whose children are
/// nodes `first..first + options`, or (`options == 0`) a leaf whose
/// outcome is `first`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    options: u32,
    first: u32,
}

/// A child not reached yet (every one is reached by the end).
pub(super) const UNSET: Node = Node {
    options: u32::MAX,
    first: 0,
};

/// The ways the start-of-combat phase can go.
#[derive(Debug, Clone)]
pub struct StartOutcomes {
    /// Each end of the phase (turn not yet set) with its probability.
    pub outcomes: Vec<(State, f64)>,
    tree: Vec<Node>,
}

impl StartOutcomes {
    /// Every way the phase goes from `start`; `None` once more than
    /// `limit` ways were found or `deadline` passed (a board of minions
    /// that attack at the start of combat can go billions of ways).
    pub fn enumerate(
        start: &State,
        kinds: &Kinds,
        limit: usize,
        deadline: &Control,
    ) -> Option<StartOutcomes> {
        let mut found = StartOutcomes {
            outcomes: Vec::new(),
            tree: vec![UNSET],
        };
        if !kinds.any_start_of_combat() && kinds.team.is_none() {
            found.outcomes.push((*start, 1.0));
            found.tree[0] = Node {
                options: 0,
                first: 0,
            };
            return Some(found);
        }
        let mut odometer = Odometer::new();
        loop {
            if found.outcomes.len() >= limit || deadline.passed() {
                return None;
            }
            odometer.rewind();
            let mut s = *start;
            s.start_phase(kinds, &mut odometer);
            found.add_path(odometer.path(), found.outcomes.len() as u32);
            found.outcomes.push((s, odometer.probability()));
            if !odometer.advance() {
                return Some(found);
            }
        }
    }

    /// Files outcome `leaf` under the choices `path` ((choice, options)
    /// from the first), making the nodes it passes.
    pub(super) fn add_path(&mut self, path: &[(u32, u32)], leaf: u32) {
        let mut at = 0;
        for &(choice, options) in path {
            if self.tree[at].options == UNSET.options {
                self.tree[at] = Node {
                    options,
                    first: self.tree.len() as u32,
                };
                self.tree
                    .extend(std::iter::repeat_n(UNSET, options as usize));
            }
            debug_assert_eq!(self.tree[at].options, options);
            at = (self.tree[at].first + choice) as usize;
        }
        self.tree[at] = Node {
            options: 0,
            first: leaf,
        };
    }

    /// One outcome drawn from `chooser`, with the picks the phase itself
    /// would make.
    #[inline]
    pub fn draw(&self, chooser: &mut impl Chooser) -> &State {
        let mut node = self.tree[0];
        while node.options > 0 {
            let child = node.first + chooser.pick(node.options);
            node = self.tree[child as usize];
        }
        &self.outcomes[node.first as usize].0
    }
}

/// The combat's kinds, its state before the start of combat, and every way
/// the start of combat can go (`None` past `limit` ways or `deadline`).
pub(super) fn start_outcomes(
    c: &Combat,
    limit: usize,
    deadline: &Control,
) -> Result<(Kinds, State, Option<StartOutcomes>)> {
    let (start, kinds) = setup(c)?;
    let outcomes = StartOutcomes::enumerate(&start, &kinds, limit, deadline);
    Ok((kinds, start, outcomes))
}

/// The combat's state before the start of combat and its kinds (with the
/// Duos teammates, `team.rs`).
pub(super) fn setup(c: &Combat) -> Result<(State, Kinds)> {
    let copier = copier(c);
    let card_summoner = c.heroes.iter().flatten().find(|h| h.minion.is_some());
    if c.has_teammates() {
        if let Some(h) = copier {
            return Err(copy_refused(h, "beside Duos teammates"));
        }
        let mates = c.teammates.iter().flatten().flat_map(|t| t.heroes.iter());
        if let Some(h) = card_summoner.or_else(|| mates.clone().find(|h| h.minion.is_some())) {
            return Err(summon_refused(h, "beside Duos teammates"));
        }
        let mates = c.teammates.iter().flatten().flat_map(|t| t.heroes.iter());
        if let Some(h) = c
            .heroes
            .iter()
            .flatten()
            .chain(mates)
            .find(|h| h.when_space)
        {
            return Err(crate::error::Error::invalid(format!(
                "{} ({}): its summons waiting for room are not modelled beside Duos teammates",
                h.name, h.id
            ))
            .with_culprit(h.name));
        }
        return super::team::setup(c);
    }
    let hands = [c.hands[0].as_slice(), c.hands[1].as_slice()];
    let (mut start, mut kinds) = State::with_hands(&c.a, &c.b, hands, &c.bonuses, 0);
    kinds.set_tiers(c.tiers);
    kinds.add_heroes(&c.heroes);
    for side in 0..2 {
        if let Some(j) = kinds.hero_avengers[side] {
            start.avenge[side][0] = kinds.heroes(side)[j as usize].avenge_left;
        }
    }
    kinds.add_resummons(&start);
    kinds.add_enchanted_forms(&start);
    kinds.add_random_summons(&[&c.a, &c.b, &c.hands[0], &c.hands[1]])?;
    // Firestone picks the first attacker again after its summon, which
    // `counted_lens` follows only where the counts after the whole start
    // of combat pick it.
    if let Some(h) = card_summoner
        && kinds.counts_start_boards()
    {
        return Err(summon_refused(
            h,
            "beside a start of combat after which the first attacker is not picked again",
        ));
    }
    // Firestone takes the auras off the copy and gives them again
    // (`removeAurasFromSelf`), which the engine does not follow.
    if let Some(h) = copier.filter(|_| kinds.any(Flag::Auras)) {
        return Err(copy_refused(
            h,
            "beside stat auras or bonuses to minions summoned",
        ));
    }
    // The same for a copy resummoned: the minion as given carries its
    // auras, which the engine would give it again.
    let resummoner = c.heroes.iter().flatten().find(|h| h.resummons);
    if let Some(h) = resummoner.filter(|_| kinds.any(Flag::Auras)) {
        return Err(copy_refused(
            h,
            "beside stat auras or bonuses to minions summoned",
        ));
    }
    Ok((start, kinds))
}

/// The first hero-side card of the combat (teammates' too) that summons
/// a copy of a minion (`Action::SummonCopy`), if any.
pub(super) fn copier(c: &Combat) -> Option<&crate::hearthstone::model::HeroCard> {
    let mates = c.teammates.iter().flatten().flat_map(|t| t.heroes.iter());
    c.heroes.iter().flatten().chain(mates).find(|h| {
        matches!(
            h.effect.action,
            crate::hearthstone::model::Action::SummonCopy { .. }
                | crate::hearthstone::model::Action::SummonCopyOfBest { .. }
        )
    })
}

/// The refusal of a card `h` that summons a whole minion
/// (`HeroCard::minion`) in a combat it is not modelled in.
fn summon_refused(h: &crate::hearthstone::model::HeroCard, why: &str) -> crate::error::Error {
    crate::error::Error::invalid(format!(
        "{} ({}): its summon is not modelled {why}",
        h.name, h.id
    ))
    .with_culprit(h.name)
}

/// The refusal of a copying card `h` in a combat it is not modelled in.
fn copy_refused(h: &crate::hearthstone::model::HeroCard, why: &str) -> crate::error::Error {
    crate::error::Error::invalid(format!(
        "{} ({}): its copy of a minion is not modelled {why}",
        h.name, h.id
    ))
    .with_culprit(h.name)
}

/// The first states: each way the start of combat goes, then the side
/// with more minions attacks first (counted as `counted_lens` says);
/// equal counts give each side the first attack with probability 1/2.
pub(super) fn first_states(
    outcomes: &StartOutcomes,
    kinds: &Kinds,
    start: &State,
) -> Vec<(State, f64)> {
    let mut starts = Vec::new();
    for &(s, p) in &outcomes.outcomes {
        let with_turn = |turn| {
            let mut s = s;
            s.turn = turn;
            s
        };
        if let Some(turn) = s.forced_turn() {
            starts.push((with_turn(turn), p));
            continue;
        }
        let lens = counted_lens(kinds, start, &s);
        match lens[0].cmp(&lens[1]) {
            std::cmp::Ordering::Greater => starts.push((with_turn(0), p)),
            std::cmp::Ordering::Less => starts.push((with_turn(1), p)),
            std::cmp::Ordering::Equal => {
                starts.push((with_turn(0), 0.5 * p));
                starts.push((with_turn(1), 0.5 * p));
            }
        }
    }
    starts
}

/// The minion counts that pick the first attacker: the boards' once the
/// start of combat `start` went to `s` is over; in a combat with summons
/// waiting for room (`space.rs`), or with a start of combat that keeps
/// the first attacker (`keeps_first_attacker`), the boards' before it, as
/// Firestone picks it there (its summon-when-space step and those
/// effects do not pick again), unless something picks again after the
/// waiting summons (`Kinds::counts_start_boards`): a pre-combat hero
/// power's summon waiting (Ozumat's: Firestone's step then picks again at
/// the end of the start of combat), or a minion's start of combat that
/// may change the boards (damage to every other minion, say: Firestone
/// picks again once its deaths and the waiting summons they make room for
/// are done).
pub(super) fn counted_lens(kinds: &Kinds, start: &State, s: &State) -> [u8; 2] {
    if kinds.counts_start_boards() {
        start.lens
    } else {
        s.lens
    }
}

/// Who attacks first after the start of combat that went from `start`
/// to `s`, drawn as `first_states` weighs it: the side the start of
/// combat chose (`State::forced_turn`), else by the minion counts
/// (`counted_lens`).
pub(super) fn first_turn(
    kinds: &Kinds,
    start: &State,
    s: &State,
    chooser: &mut impl Chooser,
) -> u8 {
    match s.forced_turn() {
        Some(turn) => turn,
        None => first_attacker(counted_lens(kinds, start, s), chooser),
    }
}

/// Who attacks first after the start of combat, drawn as `first_states`
/// weighs it, from the minion counts `lens` (`counted_lens`).
pub(super) fn first_attacker(lens: [u8; 2], chooser: &mut impl Chooser) -> u8 {
    match lens[0].cmp(&lens[1]) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => chooser.pick(2) as u8,
    }
}

/// A start-of-combat effect that may change the boards' sizes (tokens,
/// deaths) after which Firestone does not pick the first attacker again
/// (its effect reports no recount): two left-most deathrattles
/// triggered, damage per friendly minion counted. The first attacker is then picked on the boards
/// as the combat began.
pub(super) fn keeps_first_attacker(e: &Effect) -> bool {
    e.trigger == Trigger::StartOfCombat
        && matches!(
            e.action,
            Action::TriggerDeathrattle {
                target: Target::LeftmostDeathrattles { .. },
                ..
            } | Action::DamagePerFriend { .. }
        )
}

/// A start-of-combat effect that may change the boards' sizes other than
/// those (`keeps_first_attacker`): Firestone picks the first attacker
/// again after most of them. Not a summon waiting for room: those enter
/// through the summon-when-space step, after which Firestone does not
/// pick again.
pub(super) fn may_resize(e: &Effect) -> bool {
    e.trigger == Trigger::StartOfCombat
        && !keeps_first_attacker(e)
        && !matches!(e.action, Action::SummonWhenSpace { .. })
        && (e.action.may_summon() || e.action.may_kill())
}

/// Refuses a combat where a start of combat that keeps the first attacker
/// (`keeps_first_attacker`) meets another that may change the boards'
/// sizes, a hero-side card's or a Duos teammate: which boards pick the
/// first attacker would then depend on their order, which is not
/// followed.
pub(super) fn validate_first_attacker(c: &Combat) -> Result<()> {
    let minions = || c.a.iter().chain(&c.b).chain(c.hands.iter().flatten());
    let Some(keeper) = minions().find(|m| m.effects.iter().any(keeps_first_attacker)) else {
        return Ok(());
    };
    let other = minions()
        .find(|m| m.effects.iter().any(may_resize))
        .map(|m| m.name.unwrap_or("a minion").to_string())
        .or_else(|| {
            let hero_start = c.heroes.iter().flatten().any(|h| {
                std::iter::once(&h.effect)
                    .chain(&h.token.effects)
                    .any(|e| e.trigger == Trigger::StartOfCombat)
            });
            hero_start.then(|| "a hero-side card".to_string())
        })
        .or_else(|| {
            c.teammates
                .iter()
                .flatten()
                .next()
                .map(|_| "a Duos teammate".to_string())
        });
    let name = keeper.name.unwrap_or("a minion");
    match other {
        Some(other) => Err(Error::invalid(format!(
            "{name}'s start of combat keeps the first attacker and {other} acts at the start too: their order is not followed yet"
        ))
        .with_culprit(name)),
        None => Ok(()),
    }
}

impl State {
    /// The start-of-combat phase: first the hero-side cards (`heroes`),
    /// then the minions: a random side first, each side's
    /// start-of-combat effects left to right (a minion dead by then does
    /// not act), each followed by its death phase (Firestone's order).
    /// Does not set whose turn it is.
    pub fn start_of_combat(&mut self, kinds: &Kinds, chooser: &mut impl Chooser) {
        self.start_of_combat_of(kinds, [true; 2], chooser);
    }

    /// The start of combat and, in Duos, the teammates that come in if it
    /// wiped out a board (`team.rs`).
    pub(super) fn start_phase(&mut self, kinds: &Kinds, chooser: &mut impl Chooser) {
        self.start_of_combat(kinds, chooser);
        if kinds.team.is_some() {
            self.settle_team(kinds, chooser);
        }
    }

    /// The start-of-combat phase of the sides of `sides` (a Duos teammate
    /// coming in has its own; the coin flip for the order only when both
    /// act).
    pub(super) fn start_of_combat_of(
        &mut self,
        kinds: &Kinds,
        sides: [bool; 2],
        chooser: &mut impl Chooser,
    ) {
        if kinds.any_hero_start() {
            self.heroes_start_of_combat(kinds, sides, chooser);
        }
        if !kinds.any(Flag::StartOfCombat) {
            return;
        }
        for side in 0..2 {
            for (i, u) in self.boards[side][..self.lens[side] as usize]
                .iter_mut()
                .enumerate()
            {
                u.set_tag(i as u8 + 1);
            }
        }
        for side in super::heroes::order(sides, chooser).into_iter().flatten() {
            if self.hand_start_of_combat(kinds, side, chooser) {
                self.after_start_damage(kinds, chooser);
            }
            for tag in 1..=BOARD_SIZE as u8 {
                let Some(at) = self.board(side).iter().position(|u| u.tag() == tag) else {
                    continue;
                };
                let u = self.boards[side][at];
                if u.health <= 0 {
                    continue;
                }
                for e in kinds.kinds[u.kind as usize].effects {
                    if e.trigger != Trigger::StartOfCombat {
                        continue;
                    }
                    // The minion may have died of its own side's effect.
                    let Some(at) = self.board(side).iter().position(|u| u.tag() == tag) else {
                        break;
                    };
                    let fired = Fired {
                        side,
                        slot: Some(at),
                        unit: self.boards[side][at],
                        friend: None,
                        defender: None,
                        reach: REACH_ALL,
                        place: Place::Board,
                    };
                    if self.apply(kinds, &fired, e.action, chooser) {
                        self.after_start_damage(kinds, chooser);
                    }
                }
            }
        }
        for side in 0..2 {
            for u in &mut self.boards[side] {
                u.set_tag(0);
            }
        }
    }

    /// The deaths after a start-of-combat effect dealt damage, then the
    /// summons waiting for the room they made (`space.rs`).
    pub(super) fn after_start_damage(&mut self, kinds: &Kinds, chooser: &mut impl Chooser) {
        if kinds.any(Flag::DeathrattleDamage) {
            self.settle_deaths(kinds, chooser);
        } else if kinds.any_at_once() {
            self.resolve_both_at_once(kinds, 0, chooser);
        } else {
            for s in 0..2 {
                self.resolve_side(kinds, s, chooser);
            }
        }
        if kinds.any_space() {
            self.summon_when_space(kinds, chooser);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hearthstone::combat::parse_board;
    use crate::rng::Rng;

    /// A drawn outcome is the one a replay of the phase with the same
    /// random stream reaches, and the stream is left where the replay
    /// leaves it.
    #[test]
    pub(super) fn a_draw_makes_the_picks_of_a_replay() {
        let (start, kinds) = State::new(
            &parse_board("Amber Guardian,Tarecgosa,golden Heroic Broodmother=3/9,Glim Guardian")
                .unwrap(),
            &parse_board("Boom-in-a-Box,4/5+shield,Amber Guardian,2/2+taunt,Tarecgosa").unwrap(),
            0,
        );
        let outcomes = StartOutcomes::enumerate(&start, &kinds, 10_000, &Control::NONE).unwrap();
        assert!(outcomes.outcomes.len() > 20, "{}", outcomes.outcomes.len());
        let total: f64 = outcomes.outcomes.iter().map(|o| o.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let mut seen = std::collections::HashSet::new();
        for seed in 0..500 {
            let mut drawn = Rng::new(seed);
            let mut replayed = Rng::new(seed);
            let s = *outcomes.draw(&mut drawn);
            let mut r = start;
            r.start_of_combat(&kinds, &mut replayed);
            assert_eq!((s.boards, s.lens), (r.boards, r.lens), "seed {seed}");
            assert_eq!(drawn.below(1 << 30), replayed.below(1 << 30));
            seen.insert(format!("{:?}", s.boards));
        }
        assert!(seen.len() > 3, "{}", seen.len());
        // Past the limit: none.
        assert!(StartOutcomes::enumerate(&start, &kinds, 20, &Control::NONE).is_none());
    }
}
