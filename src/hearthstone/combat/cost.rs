//! What the exact engine would cost on a combat, estimated before trying
//! it, so that Auto gives its budget to sampling when exact cannot fit.
//!
//! The exact engine's work is its distinct states (a memo per layer of
//! potential, or of turns taken) and, for each, the ways its turn can go.
//! A few thousand sampled combats visit states with the very
//! probabilities the exact engine carries; how often they meet a state
//! they met before in the same layer tells how many there are. Per layer,
//! the Chao1 estimate of a population's size from a sample (the states
//! seen, plus the squared count of those seen once over twice the count
//! of those seen twice) is a lower bound in expectation, close when the
//! sample sees most of the mass and low by up to 30 times on late-game
//! boards of millions of states, whose mass is spread thin: it errs
//! toward trying exact. The ways of a turn are estimated as Knuth
//! estimates a tree's size, by the product of the options of the random
//! choices one sampled turn made.
//!
//! Measured on 56 late-game 7v7 boards against the exact engine's counts:
//! the estimated states are 1 to 28 times below them; Auto with 200 ms
//! still tries exact on the 15 that it solves within its share, and no
//! longer on 33 of the 41 others (the 8 left are estimated 4 to 28 times
//! below their states).

use super::key::{self, Key, Layout};
use super::start::first_turn;
use super::{Chooser, Combat, MAX_TURNS};
use super::{Kinds, State};
use crate::budget::Control;
use crate::rng::Rng;

/// Combats the estimate samples at first, and at most: the sample
/// doubles from the first until the estimate settles the question (the
/// caller says when), or it met every state it saw at least twice (small
/// boards, a few microseconds), or the most were sampled. The most see a
/// layer's collisions up to a few hundred thousand states (about the
/// square of the sample), within 3 to 8 ms on a late-game 7v7 board (one
/// thread).
pub const PROBE_COMBATS: [u64; 2] = [32, 2048];

/// Combats sampled between reads of the clock.
const DEADLINE_EVERY: u64 = 16;

/// The estimated work of the exact engine on a combat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactCost {
    /// Distinct states it would expand (infinite when its keys cannot
    /// hold the combat: it would give up at once, or overflow).
    pub states: f64,
    /// Ways of a turn it would enumerate, summed over those states.
    pub ways: f64,
}

impl ExactCost {
    /// A combat the exact engine cannot take.
    const OUT_OF_REACH: ExactCost = ExactCost {
        states: f64::INFINITY,
        ways: f64::INFINITY,
    };
}

/// The exact engine's cost on `c` from combats drawn from `seed`: the
/// estimate of the first `PROBE_COMBATS` that `settled` accepts (the
/// estimates grow with the sample, so one already too large is final) or
/// that met each state it saw twice or more, else of the most. `None`
/// once `deadline` passes (the estimate's own share of the budget). The
/// same seed gives the same estimate.
pub fn exact_cost(
    c: &Combat,
    seed: u64,
    deadline: &Control,
    settled: impl Fn(&ExactCost) -> bool,
) -> Option<ExactCost> {
    let (start, kinds) = if c.has_teammates() {
        super::start::setup(c).ok()?
    } else {
        let hands = [c.hands[0].as_slice(), c.hands[1].as_slice()];
        let (start, mut kinds) = State::with_hands(&c.a, &c.b, hands, &c.bonuses, 0);
        kinds.set_tiers(c.tiers);
        (start, kinds)
    };
    let layout = Layout::new(&kinds);
    if layout.words() > key::MAX_KEY_WORDS {
        return Some(ExactCost::OUT_OF_REACH);
    }
    let mut visits = Visits::default();
    let mut rng = Counting {
        rng: Rng::stream(seed, PROBE_STREAM),
        ways: 1.0,
    };
    let [first, most] = PROBE_COMBATS;
    let mut sampled = 0;
    let mut round = first;
    loop {
        while sampled < round {
            if sampled % DEADLINE_EVERY == 0 && deadline.passed() {
                return None;
            }
            if !play(c, &kinds, &layout, start, &mut rng, &mut visits) {
                return Some(ExactCost::OUT_OF_REACH);
            }
            sampled += 1;
        }
        let (cost, complete) = visits.cost();
        if complete || round >= most || settled(&cost) {
            return Some(cost);
        }
        round *= 2;
    }
}

/// The estimate's random stream: apart from the streams sampling draws
/// from the same seed (chunk numbers), so the two are independent.
const PROBE_STREAM: u64 = u64::MAX;

/// A random chooser that also keeps the product of the options of its
/// choices since `ways` was last reset: Knuth's estimate of the leaves of
/// the tree of choices (the ways the exact engine enumerates).
struct Counting {
    rng: Rng,
    ways: f64,
}

impl Chooser for Counting {
    #[inline]
    fn pick(&mut self, n: u32) -> u32 {
        self.ways *= f64::from(n);
        self.rng.below(n)
    }
}

/// One sampled combat, each state it met before a turn filed with its
/// layer (as the exact engine orders them) and its turn's ways; `false`
/// when a state does not fit the exact engine's keys.
fn play(
    c: &Combat,
    kinds: &Kinds,
    layout: &Layout,
    mut state: State,
    rng: &mut Counting,
    visits: &mut Visits,
) -> bool {
    let by_turns = kinds.raises_potential();
    let start = state;
    state.start_phase(kinds, rng);
    state.turn = first_turn(kinds, &start, &state, rng);
    for turn in 0..MAX_TURNS {
        if state.outcome(kinds, c.tiers).is_some() {
            return true;
        }
        let (key, potential) = Key::<{ key::MAX_KEY_WORDS }>::encode(layout, kinds, &state);
        if potential == key::OVERFLOW {
            return false;
        }
        let layer = if by_turns { turn as u32 } else { potential };
        let (side, attacker) = state.next_attacker();
        rng.ways = 1.0;
        state.play_turn(kinds, side, attacker, rng);
        visits.add(layer, key.hash64(), rng.ways);
    }
    true
}

/// The states the sampled combats met, with their layers, and the ways of
/// the turns taken from them.
#[derive(Default)]
struct Visits {
    /// (layer, the state's key hash, its turn's ways) per visit.
    visits: Vec<(u32, u64, f64)>,
}

impl Visits {
    fn add(&mut self, layer: u32, hash: u64, ways: f64) {
        self.visits.push((layer, hash, ways));
    }

    /// Per layer, the distinct states estimated, and their ways as the
    /// mean of the distinct states seen. Not the mean per visit: the
    /// states combats pass most often are early ones, whose turns can go
    /// the most ways (every minion alive, every deathrattle still to
    /// fire); per visit, seven minions whose deathrattles and avenges buff
    /// random friends against seven poisonous ones averaged 44 times the
    /// ways per state of the exact engine.
    /// Also whether every state seen was seen twice or more: then the
    /// sample most likely met them all, and more would add little.
    fn cost(&mut self) -> (ExactCost, bool) {
        self.visits
            .sort_unstable_by_key(|&(layer, hash, _)| (layer, hash));
        let mut cost = ExactCost {
            states: 0.0,
            ways: 0.0,
        };
        let mut complete = true;
        for layer in self.visits.chunk_by(|x, y| x.0 == y.0) {
            let states: Vec<&[(u32, u64, f64)]> = layer.chunk_by(|x, y| x.1 == y.1).collect();
            let mean_ways = |visits: &[(u32, u64, f64)]| {
                visits.iter().map(|v| v.2).sum::<f64>() / visits.len() as f64
            };
            let ways = states.iter().map(|s| mean_ways(s)).sum::<f64>() / states.len() as f64;
            let count = chao1(states.iter().map(|s| s.len()));
            complete &= states.iter().all(|s| s.len() >= 2);
            cost.states += count;
            cost.ways += count * ways;
        }
        (cost, complete)
    }
}

/// Chao1, bias-corrected: the size of a population from how many times
/// each member seen was seen, `seen + f1 (f1 - 1) / (2 (f2 + 1))` with `f1`
/// members seen once and `f2` twice.
fn chao1(times_seen: impl Iterator<Item = usize>) -> f64 {
    let (mut seen, mut f1, mut f2) = (0.0_f64, 0.0_f64, 0.0_f64);
    for t in times_seen {
        seen += 1.0;
        match t {
            1 => f1 += 1.0,
            2 => f2 += 1.0,
            _ => {}
        }
    }
    seen + f1 * (f1 - 1.0).max(0.0) / (2.0 * (f2 + 1.0))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::hearthstone::combat::tests::combat;
    use crate::hearthstone::combat::{DEFAULT_MAX_STATES, combat_exact};

    fn estimate(c: &Combat, seed: u64) -> ExactCost {
        exact_cost(c, seed, &Control::NONE, |_| false).unwrap()
    }

    /// 7 Palescale Crocolisks against 7 poisonous Sky Pirates: each turn
    /// can go thousands of ways (a deathrattle and an avenge buff random
    /// beasts, whose deaths buff more).
    pub(crate) fn crocolisks_against_pirates() -> Combat {
        let crocolisks: Vec<String> = (0..7)
            .map(|i| format!("Palescale Crocolisk={}/{}", 4 + i, 5 + i))
            .collect();
        combat(
            &crocolisks.join(","),
            &["Sky Pirate=1/1+poison"; 7].join(","),
        )
    }

    /// The estimate against the states the exact engine stores: exact
    /// where the sample sees every state, within a few times below
    /// where it cannot (the direction that tries exact), never above.
    #[test]
    fn the_estimate_follows_the_states_the_exact_engine_counts() {
        let cases = [
            (combat("3/3,2/2+shield", "4/4,1/1+taunt"), 1.0),
            (
                combat("1/1+dr=5/5,2/2,3/3+shield", "1/1,3/9,2/2+taunt"),
                1.0,
            ),
            (
                combat(
                    "Harmless Bonehead,Risen Rider,3/4+windfury,2/6",
                    "4/4+shield,2/3+poison,1/5+taunt,5/2",
                ),
                1.0,
            ),
            (crocolisks_against_pirates(), 4.0),
        ];
        for (c, below) in cases {
            let states = combat_exact(&c, DEFAULT_MAX_STATES, &Control::NONE)
                .unwrap()
                .states as f64;
            let e = estimate(&c, 1);
            assert!(
                e.states <= 1.01 * states && e.states * below >= states,
                "{e:?} against {states} states"
            );
            assert!(e.ways >= e.states, "{e:?}");
        }
    }

    #[test]
    fn the_estimate_depends_on_the_seed_alone() {
        let c = crocolisks_against_pirates();
        assert_eq!(estimate(&c, 7), estimate(&c, 7));
        let first = exact_cost(&c, 7, &Control::NONE, |_| true).unwrap();
        assert!(first.states < estimate(&c, 7).states, "{first:?}");
        // A passed deadline or a cancel: no estimate.
        assert_eq!(
            exact_cost(&c, 7, &Control::after(std::time::Duration::ZERO), |_| false),
            None
        );
    }

    #[test]
    fn combats_the_exact_keys_cannot_hold_are_out_of_reach() {
        // Effects that change stats make full keys, with room for stats
        // to grow: huge stats need more words than the engine has.
        let big = ["Palescale Crocolisk=30000/30000"; 7].join(",");
        let c = combat(&big, &big);
        assert_eq!(estimate(&c, 1), ExactCost::OUT_OF_REACH);
        assert!(combat_exact(&c, DEFAULT_MAX_STATES, &Control::NONE).is_err());
    }
}
