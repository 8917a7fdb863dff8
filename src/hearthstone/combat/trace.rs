//! One sampled combat told attack by attack, with the effects that fired:
//! how a client shows why a board can lose (Firestone shows sample
//! battles; HDT's Bob's Buddy users ask for it). The rules tell a
//! [`Chooser`] what happens through `Chooser::hear`; the engines' choosers
//! ignore it, the recorder here keeps it.

use super::Chooser;
use super::monte_carlo::{SAMPLED_START_LIMIT, play_one};
use super::start::start_outcomes;
use super::{Combat, validate};
use super::{Kinds, Outcome, State, Unit};
use crate::budget::Control;
use crate::error::Result;
use crate::hearthstone::model::{Action, Target};
use crate::rng::Rng;

/// What happens in a combat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event {
    /// `side`'s minion at `attacker` attacks the enemy at `target` (its
    /// triggers fire next, then the damage and the deaths).
    Attack {
        /// The attacking side (0 = A, 1 = B).
        side: usize,
        /// The attacker's slot on its board, from the left (0-based).
        attacker: usize,
        /// The defender's slot on the enemy board, from the left.
        target: usize,
    },
    /// `side`'s minion at `attacker` has no target (every enemy is in
    /// stealth): its turn passes.
    Pass {
        /// The side whose turn passes (0 = A, 1 = B).
        side: usize,
        /// The minion's slot on its board, from the left (0-based).
        attacker: usize,
    },
    /// An effect of `unit` (at `slot` on `side` while it is on the board;
    /// a deathrattle's minion has left it) acts.
    Effect {
        /// The side of the minion whose effect it is (0 = A, 1 = B).
        side: usize,
        /// Its slot on the board; `None` once it left (a deathrattle).
        slot: Option<usize>,
        /// The minion as it was when the effect acted.
        unit: Unit,
        /// What the effect does.
        action: Action,
    },
    /// A hero-side card of `side` (a secret, a lingering spell) acts.
    Hero {
        /// The side whose card it is (0 = A, 1 = B).
        side: usize,
        /// The card's name.
        name: &'static str,
        /// What it does.
        action: Action,
    },
}

/// A recorded combat: each event with the state just before it, the
/// state at the end and how it ended.
#[derive(Debug, Clone)]
pub struct Trace {
    /// Every kind of minion the combat holds (what `Unit::kind` indexes).
    pub kinds: Kinds,
    /// The boards as given, before the start of combat.
    pub start: State,
    /// Each event with the state just before it.
    pub events: Vec<(Event, State)>,
    /// The state at the end.
    pub end: State,
    /// How the combat ended.
    pub outcome: Outcome,
}

/// Draws choices from a seeded stream and keeps what it hears.
struct Recorder {
    rng: Rng,
    events: Vec<(Event, State)>,
}

impl Chooser for Recorder {
    fn pick(&mut self, n: u32) -> u32 {
        self.rng.below(n)
    }

    fn hear(&mut self, event: Event, state: &State) {
        self.events.push((event, *state));
    }
}

/// The first of at most `tries` combats (seeded by `seed`) whose outcome
/// `wanted` accepts, recorded; `None` when none of them does.
pub fn sample_combat(
    c: &Combat,
    wanted: impl Fn(Outcome) -> bool,
    seed: u64,
    tries: u64,
) -> Result<Option<Trace>> {
    validate(c)?;
    let (kinds, start, outcomes) =
        start_outcomes(c, tries.min(SAMPLED_START_LIMIT) as usize, &Control::NONE)?;
    let mut recorder = Recorder {
        rng: Rng::new(seed),
        events: Vec::new(),
    };
    for _ in 0..tries {
        recorder.events.clear();
        let (end, outcome) = play_one(c, &kinds, (&start, outcomes.as_ref()), &mut recorder);
        if wanted(outcome) {
            return Ok(Some(Trace {
                kinds,
                start,
                events: std::mem::take(&mut recorder.events),
                end,
                outcome,
            }));
        }
    }
    Ok(None)
}

impl Trace {
    /// The trace as lines of text: each attack and effect, and the boards
    /// after each attack (`A: <card name> 5/6, token 1/1+taunt`).
    pub fn lines(&self) -> Vec<String> {
        let side_name = |s: usize| if s == 0 { "A" } else { "B" };
        let mut out = vec![format!("start  {}", self.boards(&self.start))];
        for (i, (event, before)) in self.events.iter().enumerate() {
            match *event {
                Event::Attack {
                    side,
                    attacker,
                    target,
                } => {
                    out.push(format!(
                        "{} {} attacks {} {}",
                        side_name(side),
                        self.unit(&before.board(side)[attacker]),
                        side_name(1 - side),
                        self.unit(&before.board(1 - side)[target]),
                    ));
                }
                Event::Pass { side, attacker } => {
                    out.push(format!(
                        "{} {} passes: every enemy is in stealth",
                        side_name(side),
                        self.unit(&before.board(side)[attacker]),
                    ));
                }
                Event::Effect {
                    side, unit, action, ..
                } => {
                    out.push(format!(
                        "  {} {}: {}",
                        side_name(side),
                        self.kinds.name(&unit).unwrap_or("token"),
                        describe(&action)
                    ));
                }
                Event::Hero { side, name, action } => {
                    out.push(format!(
                        "  {}'s hero {name}: {}",
                        side_name(side),
                        describe(&action)
                    ));
                }
            }
            // After an attack and its effects (or the start of combat's
            // effects), the boards.
            let next = self.events.get(i + 1);
            let attacks_next = matches!(
                event,
                Event::Effect {
                    action: Action::AttackNow { .. } | Action::FlanksAttack { .. },
                    ..
                } | Event::Hero {
                    action: Action::FlanksAttack { .. },
                    ..
                }
            );
            let turn_starts = |e: &Event| matches!(e, Event::Attack { .. } | Event::Pass { .. });
            if !attacks_next && next.is_none_or(|(e, _)| turn_starts(e)) {
                let after = next.map_or(&self.end, |(_, s)| s);
                out.push(format!("  -> {}", self.boards(after)));
            }
        }
        out.push(format!(
            "end: {}",
            match self.outcome {
                Outcome::AWins(d) => format!("A wins, {d} damage to B's hero"),
                Outcome::BWins(d) => format!("B wins, {d} damage to A's hero"),
                Outcome::Draw => "a draw".to_string(),
            }
        ));
        out
    }

    fn unit(&self, u: &Unit) -> String {
        let mut text = format!(
            "{} {}/{}",
            self.kinds.name(u).unwrap_or("token"),
            u.attack,
            u.health
        );
        for word in keyword_words(u.keywords) {
            text.push('+');
            text.push_str(word);
        }
        text
    }

    fn boards(&self, s: &State) -> String {
        let board = |side: usize| {
            let units: Vec<String> = s.board(side).iter().map(|u| self.unit(u)).collect();
            if units.is_empty() {
                "(empty)".to_string()
            } else {
                units.join(", ")
            }
        };
        format!("A: {} | B: {}", board(0), board(1))
    }
}

/// An action in words.
fn describe(action: &Action) -> String {
    match *action {
        Action::Nothing => "nothing".to_string(),
        Action::TauntWithShield => "gains taunt with a shield".to_string(),
        Action::ShieldAtAttack { attack } => format!("gains a shield at {attack} attack"),
        Action::MultiplyAttack { times } => format!("makes its attack {times}x"),
        Action::HealthOfFriendAttack { times } => format!("gives it health of {times}x its attack"),
        Action::MultiplyStats { times } => format!("makes its stats {times}x"),
        Action::SetHealth { health, .. } => format!("sets health to {health}"),
        Action::SetStats { attack, health, .. } => format!("sets stats to {attack}/{health}"),
        Action::MakeGolden { .. } => "makes its target golden".to_string(),
        Action::TierBuff { attack, health, .. } => {
            format!("gives +{attack}/+{health} per tavern tier")
        }
        Action::GainDefenderAttack { times } => format!("gains {times}x its target's attack"),
        Action::GainHandStats { times } => format!("gains {times}x the stats of its hand"),
        Action::GainHandAttack { times } => {
            format!("gains {times}x the attack of its hand's highest-attack minion")
        }
        Action::SummonFromHand {
            count,
            tribes,
            by_health,
        } => {
            let stat = if by_health { "health" } else { "attack" };
            let of = if tribes == 0 {
                String::new()
            } else {
                format!(" of tribes {tribes:#x}")
            };
            format!("summons the {count} highest-{stat} minions{of} of its hand")
        }
        Action::SummonCopy { attack: 0, .. } => "summons a copy of it to its right".to_string(),
        Action::SummonCopy { attack, health } => {
            format!("summons a {attack}/{health} copy of it to its right")
        }
        Action::SummonCopyOfBest { by_health } => {
            let stat = if by_health { "health" } else { "attack" };
            format!("summons a copy of its side's highest-{stat} minion")
        }
        Action::SummonCopyFromHand { times } => {
            format!("summons a copy of itself from the hand with {times}x its stats")
        }
        Action::StatsOfFriendAttack { times, .. } => {
            format!("gives {times}x the attack as stats to the right-most of its tribe")
        }
        Action::ExcessDamage { both, amount } => format!(
            "deals {amount} excess damage to {}",
            if both {
                "both neighbours"
            } else {
                "a neighbour"
            }
        ),
        Action::Buff {
            attack,
            health,
            keywords,
            ..
        } => {
            let mut parts = Vec::new();
            if attack > 0 || health > 0 {
                parts.push(format!("+{attack}/+{health}"));
            }
            parts.extend(keyword_words(keywords).map(str::to_string));
            format!("gives {}", parts.join(" and "))
        }
        Action::ImprovingBuff { attack, health, .. } => {
            format!("gives +{attack}/+{health} times 1 + its side's improvements, then improves")
        }
        Action::GrowingGift { attack, step } => {
            format!("gives +{attack} Attack to the summoned minion, +{step} more each time")
        }
        Action::Damage { amount, times, .. } => format!(
            "{amount} damage to all other minions{}",
            if times > 1 { " twice" } else { "" }
        ),
        Action::DamageThenBuff {
            amount,
            attack,
            health,
            times,
            ..
        } => format!(
            "{amount} damage then +{attack}/+{health} to each target{}",
            if times > 1 { " twice" } else { "" }
        ),
        Action::Destroy {
            target: Target::Chosen { slot },
        } => format!("destroys the chosen minion (slot {})", slot + 1),
        Action::Destroy { .. } => "destroys the minion that killed it".into(),
        Action::Remove { keywords, .. } => {
            let words: Vec<&str> = keyword_words(keywords).collect();
            format!("removes {} from its target", words.join(" and "))
        }
        Action::Strike { times, .. } => {
            format!("damage equal to {times}x its attack")
        }
        Action::DamagePerFriend { amount, times, .. } => {
            format!("{amount} damage per friendly minion counted ({times}x)")
        }
        Action::GiveOwnAttack { times, .. } => format!("gives {times}x its attack"),
        Action::PassOnBuff { attack, health, .. } => {
            format!("gives +{attack}/+{health} and its deathrattle to a friend")
        }
        Action::GiveMaxHealth { times, .. } => format!("gives its maximum health {times}x"),
        Action::GiveOwnStats { health, .. } => format!("gives its attack and {health} health"),
        Action::GiveDeathrattle { .. } => "gives a deathrattle".into(),
        Action::Summon { count } => format!("summons {count}"),
        Action::SummonRandom { count, .. } => format!("summons {count} at random from the pool"),
        Action::SummonWhenSpace { count, .. } => format!("summons {count} when there is room"),
        Action::BloodGems { count, .. } => format!("plays {count} blood gem(s)"),
        Action::GemStats { times } => format!("blood gems give {times}x their stats"),
        Action::AttackNow { times } => format!("attacks at once ({times}x)"),
        Action::FlanksAttack { attack, health } => {
            format!("left- and right-most +{attack}/+{health}, attack at once")
        }
        Action::TriggerDeathrattle { times, .. } => {
            format!("triggers the left-most friendly deathrattle ({times}x)")
        }
        Action::GainDeathrattles { times } => {
            format!("gains the deathrattles of friendly deathrattle minions dying ({times}x)")
        }
        Action::ExtraDeathrattles { times } => {
            format!("deathrattles trigger {times} extra time(s)")
        }
        Action::DeathrattlesTrigger { times } => {
            format!("deathrattles trigger {times} times")
        }
        Action::TriggerBattlecry {
            times, deathrattle, ..
        } => {
            let and = if deathrattle { " and deathrattle" } else { "" };
            format!("triggers a friendly battlecry{and} ({times}x)")
        }
        Action::BattlecriesTrigger { times } => {
            format!("battlecries trigger {times} times")
        }
        Action::SideBonus {
            to: crate::hearthstone::model::BonusTo::BloodGems,
            attack,
            health,
        } => format!("blood gems give +{attack}/+{health} more"),
        Action::SideBonus { attack, health, .. } => {
            format!("+{attack}/+{health} to its tribe for the rest of the combat")
        }
    }
}

/// Keyword bits in words, in a fixed order.
fn keyword_words(keywords: u8) -> impl Iterator<Item = &'static str> {
    use crate::hearthstone::model::{
        CLEAVE, POISON, REBORN, SHIELD, STEALTH, TAUNT, VENOM, WINDFURY,
    };
    [
        (TAUNT, "taunt"),
        (SHIELD, "shield"),
        (POISON, "poison"),
        (VENOM, "venom"),
        (WINDFURY, "windfury"),
        (CLEAVE, "cleave"),
        (REBORN, "reborn"),
        (STEALTH, "stealth"),
    ]
    .into_iter()
    .filter(move |(bit, _)| keywords & bit != 0)
    .map(|(_, word)| word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hearthstone::combat::combat_exact;
    use crate::hearthstone::combat::tests::combat;

    #[test]
    fn a_sampled_combat_ends_as_asked_and_replays_its_attacks() {
        let c = combat(
            "Glim Guardian,Underrot Spawn,Flittering Bat",
            "Heroic Broodmother=3/3,Scarlet Skull,Harmless Bonehead",
        );
        let exact = combat_exact(&c, 100_000, &Control::NONE).unwrap();
        for (wanted, p) in [(0, exact.win), (1, exact.draw), (2, exact.loss)] {
            let accepts = |o: Outcome| match o {
                Outcome::AWins(_) => wanted == 0,
                Outcome::Draw => wanted == 1,
                Outcome::BWins(_) => wanted == 2,
            };
            let trace = sample_combat(&c, accepts, 7, 100_000).unwrap();
            // Every outcome of positive probability is found, no other.
            assert_eq!(trace.is_some(), p > 0.0, "outcome {wanted}");
            let Some(t) = trace else { continue };
            assert!(accepts(t.outcome));
            assert_eq!(t.end.outcome(&t.kinds, c.tiers), Some(t.outcome));
            // Each attack is by a minion of the side to move, with attack.
            for (event, before) in &t.events {
                if let Event::Attack {
                    side,
                    attacker,
                    target,
                } = *event
                {
                    assert!(before.board(side)[attacker].attack > 0);
                    assert!(target < before.board(1 - side).len());
                }
            }
            let lines = t.lines();
            assert!(lines[0].starts_with("start  A: Glim Guardian 1/4"));
            assert!(lines.last().unwrap().starts_with("end: "));
            assert!(lines.iter().any(|l| l.contains(" attacks ")));
        }
    }

    #[test]
    fn a_turn_without_a_target_is_shown_as_a_pass() {
        // A moves first (more minions) and finds only a hidden enemy.
        let c = combat("3/3,2/2", "2/2+stealth");
        let t = sample_combat(&c, |o| matches!(o, Outcome::AWins(_)), 1, 10)
            .unwrap()
            .expect("A always wins");
        let lines = t.lines();
        assert_eq!(lines[1], "A token 3/3 passes: every enemy is in stealth");
        assert!(
            lines[3].starts_with("B token 2/2+stealth attacks"),
            "{lines:?}"
        );
    }

    #[test]
    fn an_impossible_outcome_is_not_found() {
        let c = combat("10/10", "1/1");
        let loss = |o: Outcome| matches!(o, Outcome::BWins(_));
        assert!(sample_combat(&c, loss, 1, 1000).unwrap().is_none());
        let win = sample_combat(&c, |o| matches!(o, Outcome::AWins(_)), 1, 1000)
            .unwrap()
            .unwrap();
        // A's tier and its survivor's.
        assert_eq!(win.outcome, Outcome::AWins(2));
        assert_eq!(
            win.lines().last().unwrap(),
            "end: A wins, 2 damage to B's hero"
        );
    }
}
