//! Comparing a combat's answer with a Firestone reference (a JSON object
//! `{"samples", "win", "draw", "loss", "damage_to_b": {"3": share, ...},
//! "damage_to_a": {...}}`), for the tests of real-card boards and of real
//! game states.

use oddsmith::hearthstone::combat::CombatResult;
use serde_json::Value;

/// Whether the damage distributions are compared bin by bin or by their
/// means alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bins {
    /// Every bin within 6 standard errors, and the means.
    Each,
    /// The means alone.
    MeansOnly,
}

/// Where `ours` and a Firestone reference disagree: win, draw and loss
/// within 4 standard errors, each side's mean damage within 4, and with
/// `Bins::Each` every bin of the damage distributions within 6.
pub fn compare(name: &str, ours: &CombatResult, fs: &Value, bins: Bins) -> Vec<String> {
    let n = fs["samples"].as_f64().unwrap();
    let our_n = if ours.exact {
        f64::INFINITY
    } else {
        ours.states as f64
    };
    // A share seen 0 times still has the error of one in n.
    let var = |p: f64, n: f64| p.max(1.0 / n) * (1.0 - p).max(1.0 / n) / n;
    let se = |ours_p: f64, theirs: f64| {
        (var(theirs, n)
            + if our_n.is_finite() {
                var(ours_p, our_n)
            } else {
                0.0
            })
        .sqrt()
    };
    let mut failures = Vec::new();
    let test = |what: String, ours_p: f64, theirs: f64, sigmas: f64| {
        let se = se(ours_p, theirs);
        ((ours_p - theirs).abs() > sigmas * se).then(|| {
            format!(
                "{name}: {what} oddsmith {ours_p:.5} Firestone {theirs:.5} ({sigmas} se {:.5})",
                sigmas * se
            )
        })
    };
    failures.extend(test(
        "win".into(),
        ours.win,
        fs["win"].as_f64().unwrap(),
        4.0,
    ));
    failures.extend(test(
        "draw".into(),
        ours.draw,
        fs["draw"].as_f64().unwrap(),
        4.0,
    ));
    failures.extend(test(
        "loss".into(),
        ours.loss,
        fs["loss"].as_f64().unwrap(),
        4.0,
    ));
    for (key, our_bins) in [
        ("damage_to_b", &ours.damage_to_b),
        ("damage_to_a", &ours.damage_to_a),
    ] {
        let theirs: Vec<(usize, f64)> = fs[key]
            .as_object()
            .unwrap()
            .iter()
            .map(|(d, p)| (d.parse().unwrap(), p.as_f64().unwrap()))
            .collect();
        let top = theirs
            .iter()
            .map(|b| b.0 + 1)
            .max()
            .unwrap_or(0)
            .max(our_bins.len());
        let mut their_bins = vec![0.0; top];
        for (d, p) in theirs {
            their_bins[d] += p;
        }
        let ours_at = |d: usize| our_bins.get(d).copied().unwrap_or(0.0);
        for (d, &t) in their_bins.iter().enumerate() {
            if bins == Bins::Each && (t > 0.0 || ours_at(d) > 0.0) {
                failures.extend(test(format!("{key}[{d}]"), ours_at(d), t, 6.0));
            }
        }
        // The expected damage (0 when the side does not win), with the
        // standard error of a mean over the combats.
        let moments = |bins: &[f64]| {
            bins.iter().enumerate().fold((0.0, 0.0), |(m, m2), (d, p)| {
                (m + d as f64 * p, m2 + (d * d) as f64 * p)
            })
        };
        let (their_mean, their_m2) = moments(&their_bins);
        let (our_mean, our_m2) = moments(our_bins);
        let mut variance = (their_m2 - their_mean * their_mean).max(0.0) / n;
        if our_n.is_finite() {
            variance += (our_m2 - our_mean * our_mean).max(0.0) / our_n;
        }
        // As a share seen 0 times: one combat in n at the largest damage
        // (an exact loss of probability 1e-6 moves the mean though
        // Firestone's sample holds no such combat).
        let largest = their_bins.len().max(our_bins.len()).saturating_sub(1) as f64;
        variance = variance.max((largest / n).powi(2));
        if (our_mean - their_mean).abs() > 4.0 * variance.sqrt() + 1e-9 {
            failures.push(format!(
                "{name}: mean {key} oddsmith {our_mean:.4} Firestone {their_mean:.4} (4 se {:.4})",
                4.0 * variance.sqrt()
            ));
        }
    }
    failures
}
