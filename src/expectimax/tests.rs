//! The general solver against a naive recursion on random games, and its
//! error handling: cycles, bad lotteries, budgets, deep games.

use super::*;
use proptest::prelude::*;

/// A game given as a table: node i has a kind and children (move, p,
/// reward, next), with next > i so the graph is acyclic unless a test says.
/// (move id, probability, reward, next node)
type Edge = (u32, f64, f64, usize);

#[derive(Debug, Clone)]
struct TableGame {
    nodes: Vec<(NodeKind, Vec<Edge>)>,
    heuristic: f64,
}

impl Game for TableGame {
    type State = usize;
    fn root(&self) -> usize {
        0
    }
    fn expand(&self, s: &usize, children: &mut Vec<Child<usize>>) -> Result<NodeKind> {
        let (kind, kids) = &self.nodes[*s];
        children.extend(
            kids.iter()
                .map(|&(move_id, probability, reward, next)| Child {
                    move_id,
                    probability,
                    reward,
                    next,
                }),
        );
        Ok(*kind)
    }
    fn heuristic(&self, _: &usize) -> Result<f64> {
        Ok(self.heuristic)
    }
}

/// Plain recursion without memo: the oracle.
fn naive(game: &TableGame, s: usize, depth: Option<u32>) -> f64 {
    let (kind, kids) = &game.nodes[s];
    if let NodeKind::Terminal(v) = kind {
        return *v;
    }
    if depth == Some(0) {
        return game.heuristic;
    }
    let below = depth.map(|d| d - 1);
    let mut groups: Vec<(u32, f64)> = Vec::new();
    for &(m, p, r, next) in kids {
        let value = p * (r + naive(game, next, below));
        match groups.last_mut() {
            Some((id, acc)) if *id == m || *kind == NodeKind::Chance => *acc += value,
            _ => groups.push((m, value)),
        }
    }
    let values = groups.iter().map(|g| g.1);
    match kind {
        NodeKind::Max => values.fold(f64::NEG_INFINITY, f64::max),
        NodeKind::Min => values.fold(f64::INFINITY, f64::min),
        _ => values.sum(),
    }
}

fn arb_game() -> impl Strategy<Value = TableGame> {
    (3usize..12).prop_flat_map(|n| {
        prop::collection::vec(
            (
                0u8..4,
                prop::collection::vec((0u32..3, 1usize..4, -5i32..6), 1..4),
                -9i32..10,
            ),
            n,
        )
        .prop_map(move |raw| {
            let nodes = raw
                .iter()
                .enumerate()
                .map(|(i, (k, kids, term))| {
                    if i + 1 >= n || *k == 0 {
                        return (NodeKind::Terminal(*term as f64), Vec::new());
                    }
                    let kind =
                        [NodeKind::Max, NodeKind::Min, NodeKind::Chance][(*k as usize - 1) % 3];
                    // Group outcomes by move id; split probability evenly.
                    let mut kids: Vec<(u32, usize, i32)> = kids.clone();
                    kids.sort_by_key(|c| c.0);
                    let mut out = Vec::new();
                    let per_move = |m: u32| kids.iter().filter(|c| c.0 == m).count() as f64;
                    for &(m, hop, r) in &kids {
                        let share = if kind == NodeKind::Chance {
                            kids.len() as f64
                        } else {
                            per_move(m)
                        };
                        out.push((m, 1.0 / share, r as f64, (i + hop).min(n - 1)));
                    }
                    (kind, out)
                })
                .collect();
            TableGame {
                nodes,
                heuristic: 1.5,
            }
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn matches_naive_recursion(game in arb_game(), limit in 0u32..5) {
        let full = solve(&game, &Options::default()).unwrap();
        prop_assert!((full.value - naive(&game, 0, None)).abs() < 1e-9);
        let options = Options { depth_limit: Some(limit), ..Options::default() };
        let limited = solve(&game, &options).unwrap();
        prop_assert!((limited.value - naive(&game, 0, Some(limit))).abs() < 1e-9);
        if let Some(best) = full.best_move {
            prop_assert!((best.value - full.value).abs() < 1e-12);
        }
    }
}

/// Two dice rolls; after the first, Max may stop (taking the roll) or roll
/// again (taking the second).
fn dice_game() -> TableGame {
    let mut nodes = vec![(
        NodeKind::Chance,
        (1..=6).map(|f| (0, 1.0 / 6.0, 0.0, f)).collect(),
    )];
    for face in 1..=6 {
        nodes.push((
            NodeKind::Max,
            vec![(0, 1.0, face as f64, 7), (1, 1.0, 0.0, 8)],
        ));
    }
    nodes.push((NodeKind::Terminal(0.0), Vec::new()));
    nodes.push((
        NodeKind::Chance,
        (1..=6).map(|f| (0, 1.0 / 6.0, f as f64, 7)).collect(),
    ));
    TableGame {
        nodes,
        heuristic: 0.0,
    }
}

#[test]
fn dice_stop_or_roll_again() {
    let s = solve(&dice_game(), &Options::default()).unwrap();
    // Keep 4, 5, 6; reroll 1, 2, 3 for 3.5: (3 * 3.5 + 4 + 5 + 6) / 6.
    assert!((s.value - 4.25).abs() < 1e-12);
    assert_eq!(s.root_kind, NodeKind::Chance);
    assert!(s.best_move.is_none());
    assert!(s.moves.is_empty(), "{:?}", s.moves);
    assert_eq!(s.states, 9);
}

#[test]
fn errors_are_clear() {
    let mut cyclic = dice_game();
    cyclic.nodes[8].1[0].3 = 0;
    let err = solve(&cyclic, &Options::default()).unwrap_err();
    assert!(err.message().contains("cycle"), "{err}");

    let mut bad_p = dice_game();
    bad_p.nodes[0].1[0].1 = 0.5;
    let err = solve(&bad_p, &Options::default()).unwrap_err();
    assert!(err.message().contains("sum to"), "{err}");

    let mut empty = dice_game();
    empty.nodes[8].1.clear();
    assert!(solve(&empty, &Options::default()).is_err());

    let tight = Options {
        max_states: 3,
        ..Options::default()
    };
    assert_eq!(
        solve(&dice_game(), &tight).unwrap_err().kind(),
        crate::ErrorKind::BudgetExceeded
    );
}

/// A chain a million states deep: no machine-stack recursion.
struct Chain(usize);

impl Game for Chain {
    type State = usize;
    fn root(&self) -> usize {
        0
    }
    fn expand(&self, s: &usize, children: &mut Vec<Child<usize>>) -> Result<NodeKind> {
        if *s == self.0 {
            return Ok(NodeKind::Terminal(0.0));
        }
        children.push(Child {
            move_id: 0,
            probability: 1.0,
            reward: 1.0,
            next: s + 1,
        });
        Ok(if s.is_multiple_of(2) {
            NodeKind::Max
        } else {
            NodeKind::Min
        })
    }
}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    let s = solve(&Chain(1_000_000), &Options::default()).unwrap();
    assert_eq!(s.value, 1_000_000.0);
    assert_eq!(s.states, 1_000_001);
}
