//! The combat engine on real-card boards against Firestone's simulator
//! (reference vectors made by scripts/firestone: 200 random boards of the
//! modelled pool minions, 1v1 to 7v7, golden versions and buffs included,
//! each with 100,000 Firestone combats): win, draw and loss within 4
//! standard errors (exact where the state budget allows, else 400,000
//! seeded Monte Carlo combats, whose error adds in). The damage
//! distributions are in the vectors but not compared yet: on about half
//! the boards they differ from Firestone's although the outcome agrees
//! (see the README), which is open work.
//!
//! The one deliberate rules difference (shared/rules/battlegrounds.md: a
//! token's round mark comes from its own dead minion; Firestone gives every
//! token of a death phase the mark of the last dead minion it processed)
//! shows on some boards; those carry a second reference,
//! `firestone_own_marks`, from Firestone run with that one rule changed
//! (`simulate.js --own-marks`), and must agree with it instead.

use oddsmith::budget::Control;
use oddsmith::hearthstone::combat::{Combat, combat_exact, combat_monte_carlo};
use oddsmith_cli::combat::board_from_json;
use serde_json::Value;

const VECTORS: &str = include_str!("../../tests/data/bg_firestone_vectors.json");

#[test]
fn real_boards_agree_with_firestone() {
    let vectors: Vec<Value> = serde_json::from_str(VECTORS).unwrap();
    assert!(vectors.len() >= 150, "{} vectors", vectors.len());
    let mut failures = Vec::new();
    let mut exact_boards = 0;
    for v in &vectors {
        let name = v["name"].as_str().unwrap();
        let board = |side: &str| board_from_json(&v[side].to_string()).unwrap();
        let c = Combat {
            a: board("a"),
            b: board("b"),
            tiers: [
                v["tier_a"].as_u64().unwrap() as u32,
                v["tier_b"].as_u64().unwrap() as u32,
            ],
        };
        let ours = match combat_exact(&c, 2_000_000, &Control::NONE) {
            Ok(r) => {
                exact_boards += 1;
                r
            }
            Err(_) => combat_monte_carlo(&c, 400_000, 1, 0, &Control::NONE).unwrap(),
        };
        let fs = v.get("firestone_own_marks").unwrap_or(&v["firestone"]);
        let n = fs["samples"].as_f64().unwrap();
        let our_n = if ours.exact {
            f64::INFINITY
        } else {
            ours.states as f64
        };
        // A share seen 0 times still has the error of one in n.
        let within = |what: String, ours_p: f64, theirs: f64| {
            let var = |p: f64, n: f64| p.max(1.0 / n) * (1.0 - p).max(1.0 / n) / n;
            let se = (var(theirs, n)
                + if our_n.is_finite() {
                    var(ours_p, our_n)
                } else {
                    0.0
                })
            .sqrt();
            if (ours_p - theirs).abs() > 4.0 * se {
                Some(format!(
                    "{name}: {what} oddsmith {ours_p:.5} Firestone {theirs:.5} (4 se {:.5})",
                    4.0 * se
                ))
            } else {
                None
            }
        };
        let mut check = |what: String, ours_p: f64, theirs: f64| {
            if let Some(f) = within(what, ours_p, theirs) {
                failures.push(f);
            }
        };
        check("win".into(), ours.win, fs["win"].as_f64().unwrap());
        check("draw".into(), ours.draw, fs["draw"].as_f64().unwrap());
        check("loss".into(), ours.loss, fs["loss"].as_f64().unwrap());
    }
    assert!(exact_boards > 0);
    let explained = vectors
        .iter()
        .filter(|v| v.get("firestone_own_marks").is_some())
        .count();
    assert!(
        explained * 4 < vectors.len(),
        "{explained} boards need the marks difference"
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
