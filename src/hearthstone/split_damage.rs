//! Split damage: N hits of 1 damage, each on a target chosen uniformly among
//! the targets still alive (Arcane Missiles, Mad Bomber, Avenging Wrath).
//! A divine shield absorbs the first hit on its target; a dead target is
//! never chosen; once every target is dead the remaining hits are lost.
//!
//! Exact, without enumerating hit orders. Embed the volley in continuous
//! time: every living target is hit at the events of its own rate-1 Poisson
//! clock, so the next hit is uniform among the living, as the rules say.
//! The targets are then independent, and the volley ends at the N-th event.
//! For a final state x (hits taken per target, summing to N, with a(x) > 0
//! targets alive) the chain enters x and stays an Exp(a(x)) time, so
//!
//!   P(final = x) = a(x) * Integral_0^inf prod_j P_j(x_j; t) dt,
//!
//! with P_j(k; t) = e^-t t^k / k! while alive and P(Poisson(t) >= c_j) once
//! dead (c_j = health + shield). Expanding the dead term as
//! 1 - e^-t sum_{k<c} t^k / k! makes every product a sum of t^a e^-bt terms,
//! whose integral is a! / b^(a+1). The sums over x are products of
//! per-target polynomials (see `poly`), kept in double-double arithmetic on
//! integers scaled by a!, so the alternating terms cancel exactly.
//! Per-target answers use leave-one-out products built by divide and
//! conquer; joint questions restrict the listed targets to their dead terms.

use crate::budget::Control;
use crate::error::{Error, Result};
use crate::rng::Rng;
use poly::{Factor, Poly, Terms, Weights};
use std::cell::Cell;

mod poly;

/// At most this many targets (two full boards of 7).
pub const MAX_TARGETS: usize = 14;
/// Largest health accepted, hero armor included.
pub const MAX_HEALTH: u32 = 100;
/// Largest hit count accepted. Hits beyond the targets' total health and
/// shields change nothing but the wasted-hit count; below that, the work
/// grows as hits^2 (see [`Query::max_work`]).
pub const MAX_HITS: u32 = 100_000;
/// Default work budget: about one second of one core at most (the estimate
/// is an upper bound; 14 targets of health <= 10 under 20 hits is about
/// 3e7 units and 20 ms; 14 targets of health 100 under 80 hits, the largest
/// board docs/src/split-damage.md names, 5.2e9 units and about 0.7 s).
pub const DEFAULT_MAX_WORK: u64 = 6_000_000_000;

/// The work budget as every interface takes it: 0 is none given
/// (`budget::given`), [`DEFAULT_MAX_WORK`].
pub fn max_work_or_default(given: u64) -> u64 {
    crate::budget::given(given).unwrap_or(DEFAULT_MAX_WORK)
}

/// One character that can be hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// Health, armor included for heroes; 1..=MAX_HEALTH.
    pub health: u32,
    /// A divine shield: the first hit only removes it.
    pub shield: bool,
    /// A hero (counted apart from minions in the kill distribution).
    pub hero: bool,
}

impl Target {
    /// A minion of `health` without a divine shield.
    pub fn minion(health: u32) -> Target {
        Target {
            health,
            shield: false,
            hero: false,
        }
    }

    /// A minion of `health` with a divine shield.
    pub fn shielded(health: u32) -> Target {
        Target {
            health,
            shield: true,
            hero: false,
        }
    }

    /// A hero; armor counts as extra health.
    pub fn hero(health: u32, armor: u32) -> Target {
        Target {
            health: health.saturating_add(armor),
            shield: false,
            hero: true,
        }
    }
}

/// Targets from comma-separated lists of whole numbers (the CLI's
/// `--health 1,2,3 --shield 0,1,0 --hero 30 --armor 5`): minion healths,
/// left to right; each minion's divine shield, 0 or 1 (none when not
/// given); hero healths, placed after the minions; each hero's armor,
/// added to its health (0 when not given). The values themselves are
/// checked by [`split_damage`].
///
/// Each error message begins with the name of the list at fault
/// (`health`, `shield`, `hero`, `armor`), so a front end can name it its
/// own way (the CLI prefixes `--`).
pub fn parse_targets(
    health: &str,
    shield: Option<&str>,
    hero: Option<&str>,
    armor: Option<&str>,
) -> Result<Vec<Target>> {
    let healths = parse_numbers("health", health)?;
    let shields = match shield {
        Some(text) => parse_numbers("shield", text)?,
        None => vec![0; healths.len()],
    };
    if shields.len() != healths.len() || shields.iter().any(|&s| s > 1) {
        return Err(Error::parse(format!(
            "shield needs {} values of 0 or 1, one per minion",
            healths.len()
        )));
    }
    let heroes = match hero {
        Some(text) => parse_numbers("hero", text)?,
        None => Vec::new(),
    };
    let armors = match armor {
        Some(text) => parse_numbers("armor", text)?,
        None => vec![0; heroes.len()],
    };
    if armors.len() != heroes.len() {
        return Err(Error::parse(format!(
            "armor needs {} values, one per hero",
            heroes.len()
        )));
    }
    let mut targets: Vec<Target> = healths
        .iter()
        .zip(&shields)
        .map(|(&health, &shield)| Target {
            health,
            shield: shield == 1,
            hero: false,
        })
        .collect();
    targets.extend(
        heroes
            .iter()
            .zip(&armors)
            .map(|(&health, &armor)| Target::hero(health, armor)),
    );
    Ok(targets)
}

/// A comma-separated list of whole numbers >= 0 (spaces around each
/// allowed); the error begins with `name` and names the bad item,
/// counting from 1.
pub fn parse_numbers(name: &str, text: &str) -> Result<Vec<u32>> {
    text.split(',')
        .map(str::trim)
        .enumerate()
        .map(|(i, item)| {
            item.parse::<u32>().map_err(|_| {
                Error::parse(format!(
                    "{name}: item {} '{item}' is not a whole number >= 0",
                    i + 1
                ))
            })
        })
        .collect()
}

/// What to compute besides the per-target answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// Targets whose joint death `all_dead` reports; `None` means every
    /// minion ("clear the board").
    pub all_dead: Option<Vec<usize>>,
    /// The hero of "hero dies or all listed minions die"; `None` picks the
    /// first hero, if any.
    pub hero: Option<usize>,
    /// Refuse with `BudgetExceeded`, before starting, work of more than this
    /// many polynomial term updates (an upper bound; well under 1 ns each).
    pub max_work: u64,
}

impl Default for Query {
    fn default() -> Self {
        Query {
            all_dead: None,
            hero: None,
            max_work: DEFAULT_MAX_WORK,
        }
    }
}

/// The exact answers; per-target vectors are in input order.
#[derive(Debug, Clone, PartialEq)]
pub struct SplitDamage {
    /// Probability that each target dies.
    pub kill: Vec<f64>,
    /// For each target, `remaining[i][h]` = P(final health is h), h in
    /// 0..=initial health.
    pub remaining: Vec<Vec<f64>>,
    /// Probability that each target still has its divine shield (0 without).
    pub shield_kept: Vec<f64>,
    /// P(exactly k minions die), k = 0..=number of minions.
    pub kills_distribution: Vec<f64>,
    /// P(every target of the query dies).
    pub all_dead: f64,
    /// P(the query's hero dies or every listed minion dies); `None` when
    /// there is no hero.
    pub hero_or_all_dead: Option<f64>,
    /// Expected number of hits absorbed by divine shields.
    pub expected_shield_hits: f64,
    /// Expected number of hits lost because every target was dead.
    pub expected_wasted_hits: f64,
    /// Polynomial term updates done (the unit of `Query::max_work`).
    pub work: u64,
}

fn validate(targets: &[Target], hits: u32, query: &Query) -> Result<()> {
    if targets.is_empty() {
        return Err(Error::invalid("no targets"));
    }
    if targets.len() > MAX_TARGETS {
        return Err(Error::invalid(format!(
            "{} targets given; at most {MAX_TARGETS}",
            targets.len()
        )));
    }
    for (i, t) in targets.iter().enumerate() {
        if t.health == 0 || t.health > MAX_HEALTH {
            return Err(Error::invalid(format!(
                "target {} has health {}; it must be in 1..={MAX_HEALTH}",
                i + 1,
                t.health
            )));
        }
    }
    if hits > MAX_HITS {
        return Err(Error::invalid(format!("{hits} hits; at most {MAX_HITS}")));
    }
    if let Some(list) = &query.all_dead {
        for &i in list {
            if i >= targets.len() {
                return Err(Error::invalid(format!(
                    "all-dead target {} does not exist ({} targets given)",
                    i + 1,
                    targets.len()
                )));
            }
        }
    }
    if let Some(h) = query.hero
        && (h >= targets.len() || !targets[h].hero)
    {
        return Err(Error::invalid(format!(
            "target {} is not a hero (targets count from 1)",
            h + 1
        )));
    }
    Ok(())
}

/// Computes every answer exactly. Errors: invalid targets or hits
/// (`InvalidArgument`), or more work than `query.max_work`
/// (`BudgetExceeded`, reported before any work is done).
pub fn split_damage(targets: &[Target], hits: u32, query: &Query) -> Result<SplitDamage> {
    split_damage_controlled(targets, hits, query, &Control::NONE)
}

/// As [`split_damage`], telling `control`'s hook the share of the work
/// done and failing with `BudgetExceeded` once it passes (cancelled or out
/// of time).
pub fn split_damage_controlled(
    targets: &[Target],
    hits: u32,
    query: &Query,
    control: &Control,
) -> Result<SplitDamage> {
    validate(targets, hits, query)?;
    let n = targets.len();
    let listed: Vec<usize> = match &query.all_dead {
        Some(list) => list.clone(),
        None => (0..n).filter(|&i| !targets[i].hero).collect(),
    };
    let hero = query.hero.or_else(|| targets.iter().position(|t| t.hero));
    let capacity: u32 = targets.iter().map(|t| t.health + t.shield as u32).sum();
    if hits >= capacity || hits == 0 {
        return Ok(settled(targets, hits, capacity, hero, &listed));
    }

    let factors: Vec<Factor> = targets
        .iter()
        .map(|t| Factor {
            capacity: t.health + t.shield as u32,
            minion: !t.hero,
        })
        .collect();
    let minions = factors.iter().filter(|f| f.minion).count();
    let mut plan = Plan {
        hits,
        factors: &factors,
        weights: Weights::new(hits, n),
        control,
        products: Cell::new(0),
        products_total: 1,
    };
    let work = plan.estimate(minions);
    plan.products_total = plan.product_count();
    if work > query.max_work {
        return Err(Error::budget(format!(
            "split damage of {hits} hits on {n} targets needs about {work} units of work, over the budget of {}",
            query.max_work
        )));
    }

    // Per target: P(taken k hits) for k = 0..=capacity, by leave-one-out.
    let mut taken = vec![Vec::new(); n];
    plan.leave_one_out(0..n, Poly::one(hits, n, 1), &mut taken)?;

    let mut kill = Vec::with_capacity(n);
    let mut remaining = Vec::with_capacity(n);
    let mut shield_kept = Vec::with_capacity(n);
    for (t, dist) in targets.iter().zip(&taken) {
        let shield = t.shield as usize;
        let mut health = vec![0.0; t.health as usize + 1];
        for (k, &p) in dist.iter().enumerate() {
            // With a shield the first hit takes no health.
            let lost = k.saturating_sub(shield);
            health[t.health as usize - lost] += p;
        }
        kill.push(health[0]);
        remaining.push(health);
        shield_kept.push(if t.shield { dist[0] } else { 0.0 });
    }

    let kills_distribution = plan.dead_minion_counts(minions)?;
    let all_dead = plan.all_dead(&listed)?;
    let hero_or_all_dead = hero
        .map(|h| {
            let minions_listed: Vec<usize> = listed.iter().copied().filter(|&i| i != h).collect();
            let mut both = minions_listed.clone();
            both.push(h);
            Ok(kill[h] + plan.all_dead(&minions_listed)? - plan.all_dead(&both)?)
        })
        .transpose()?;
    let expected_shield_hits = targets
        .iter()
        .zip(&shield_kept)
        .filter(|(t, _)| t.shield)
        .fold(0.0, |sum, (_, kept)| sum + (1.0 - kept));
    Ok(SplitDamage {
        kill,
        remaining,
        shield_kept,
        kills_distribution,
        all_dead,
        hero_or_all_dead,
        expected_shield_hits,
        expected_wasted_hits: 0.0,
        work,
    })
}

/// The answers when nothing is random: no hits, or enough hits to kill
/// every target (the surplus is wasted).
fn settled(
    targets: &[Target],
    hits: u32,
    capacity: u32,
    hero: Option<usize>,
    listed: &[usize],
) -> SplitDamage {
    let all_die = hits >= capacity;
    let p = if all_die { 1.0 } else { 0.0 };
    // With no hits, "all of an empty list died" still holds.
    let listed_dead = |except: Option<usize>| all_die || listed.iter().all(|&i| Some(i) == except);
    let minions = targets.iter().filter(|t| !t.hero).count();
    let mut kills_distribution = vec![0.0; minions + 1];
    kills_distribution[if all_die { minions } else { 0 }] = 1.0;
    SplitDamage {
        kill: vec![p; targets.len()],
        remaining: targets
            .iter()
            .map(|t| {
                let mut d = vec![0.0; t.health as usize + 1];
                d[if all_die { 0 } else { t.health as usize }] = 1.0;
                d
            })
            .collect(),
        shield_kept: targets
            .iter()
            .map(|t| if t.shield && !all_die { 1.0 } else { 0.0 })
            .collect(),
        kills_distribution,
        all_dead: f64::from(u8::from(listed_dead(None))),
        hero_or_all_dead: hero.map(|h| f64::from(u8::from(listed_dead(Some(h))))),
        expected_shield_hits: if all_die {
            targets.iter().filter(|t| t.shield).count() as f64
        } else {
            0.0
        },
        expected_wasted_hits: hits.saturating_sub(capacity) as f64,
        work: 0,
    }
}

/// The polynomial passes of one question.
struct Plan<'a> {
    hits: u32,
    factors: &'a [Factor],
    weights: Weights,
    /// Told the share of products done; once it passes, the products stop
    /// early and the answer is refused.
    control: &'a Control,
    products: Cell<u64>,
    products_total: u64,
}

impl Plan<'_> {
    /// `poly` times one more factor, counted for progress; `BudgetExceeded`
    /// once the control passes (a product cut short is never used).
    fn times(&self, poly: &Poly, f: Factor, terms: Terms) -> Result<Poly> {
        let out = poly.times(f, terms, &self.weights, self.control);
        if self.control.passed() {
            return Err(Error::budget(
                "split damage stopped before the end (cancelled or out of time)",
            ));
        }
        let done = self.products.get() + 1;
        self.products.set(done);
        self.control
            .report(done as f64 / self.products_total.max(done) as f64);
        Ok(out)
    }

    /// Products of every pass: the leave-one-out tree's, then `all_dead`
    /// (up to four calls) and the kill counts, a factor each.
    fn product_count(&self) -> u64 {
        fn tree(n: u64) -> u64 {
            if n <= 1 {
                0
            } else {
                n + tree(n / 2) + tree(n - n / 2)
            }
        }
        let n = self.factors.len() as u64;
        tree(n) + 5 * n
    }

    /// Work units of every pass, for the budget check.
    fn estimate(&self, minions: usize) -> u64 {
        let n = self.factors.len() as u64;
        let per_mult: u64 = Poly::cells(self.hits, self.factors.len(), 1);
        let terms: u64 = self
            .factors
            .iter()
            .map(|f| 2 * f.capacity.min(self.hits) as u64 + 2)
            .sum::<u64>()
            / n.max(1);
        let depth = (usize::BITS - self.factors.len().leading_zeros()) as u64;
        let leave_one_out = n * depth * per_mult * terms;
        let joint = 4 * n * per_mult * terms;
        let kills = n * Poly::cells(self.hits, self.factors.len(), minions + 1) * terms;
        leave_one_out + joint + kills
    }

    /// Fills `out[i]` with P(target i took k hits), k = 0..=capacity, for
    /// every i in `range`; `outside` is the product of the other factors.
    fn leave_one_out(
        &self,
        range: std::ops::Range<usize>,
        outside: Poly,
        out: &mut [Vec<f64>],
    ) -> Result<()> {
        if range.len() == 1 {
            let i = range.start;
            out[i] = outside.finish_marginal(self.factors[i], &self.weights);
            return Ok(());
        }
        let mid = range.start + range.len() / 2;
        let mut left = outside.clone();
        for &f in &self.factors[mid..range.end] {
            left = self.times(&left, f, Terms::All)?;
        }
        let mut right = outside;
        for &f in &self.factors[range.start..mid] {
            right = self.times(&right, f, Terms::All)?;
        }
        self.leave_one_out(range.start..mid, left, out)?;
        self.leave_one_out(mid..range.end, right, out)
    }

    /// P(every target in `set` is dead).
    fn all_dead(&self, set: &[usize]) -> Result<f64> {
        let mut poly = Poly::one(self.hits, self.factors.len(), 1);
        for (i, &f) in self.factors.iter().enumerate() {
            let terms = if set.contains(&i) {
                Terms::DeadOnly
            } else {
                Terms::All
            };
            poly = self.times(&poly, f, terms)?;
        }
        Ok(poly.finish_total(&self.weights)[0])
    }

    /// P(exactly m minions die), m = 0..=minions.
    fn dead_minion_counts(&self, minions: usize) -> Result<Vec<f64>> {
        let mut poly = Poly::one(self.hits, self.factors.len(), minions + 1);
        for &f in self.factors {
            poly = self.times(&poly, f, Terms::All)?;
        }
        Ok(poly.finish_total(&self.weights))
    }
}

/// Monte Carlo estimate of each target's kill probability, for checking the
/// exact engine: `samples` independent volleys from `seed`.
pub fn simulate_kills(targets: &[Target], hits: u32, samples: u32, seed: u64) -> Result<Vec<f64>> {
    validate(targets, hits, &Query::default())?;
    let mut rng = Rng::new(seed);
    let mut deaths = vec![0u32; targets.len()];
    let mut health = vec![0u32; targets.len()];
    let mut shield = vec![false; targets.len()];
    let mut alive = Vec::with_capacity(targets.len());
    for _ in 0..samples {
        for (i, t) in targets.iter().enumerate() {
            health[i] = t.health;
            shield[i] = t.shield;
        }
        for _ in 0..hits {
            alive.clear();
            alive.extend((0..targets.len()).filter(|&i| health[i] > 0));
            if alive.is_empty() {
                break;
            }
            let i = alive[rng.below(alive.len() as u32) as usize];
            if shield[i] {
                shield[i] = false;
            } else {
                health[i] -= 1;
            }
        }
        for (i, &h) in health.iter().enumerate() {
            deaths[i] += u32::from(h == 0);
        }
    }
    Ok(deaths.iter().map(|&d| d as f64 / samples as f64).collect())
}

#[cfg(test)]
mod tests;
