//! The general solver against a naive recursion on random games, and its
//! error handling: bad lotteries, budgets, deep games; games with cycles
//! against a plain value iteration.

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
    oracle_fold(*kind, kids, |next| naive(game, next, below))
}

/// The oracles' own fold of a table node (not the solver's): each move's
/// expectation (all children one lottery at a chance node), then the best
/// for Max or Min, or the sum at a chance node.
fn oracle_fold(kind: NodeKind, kids: &[Edge], mut value_of: impl FnMut(usize) -> f64) -> f64 {
    let mut groups: Vec<(u32, f64)> = Vec::new();
    for &(m, p, r, next) in kids {
        let value = p * (r + value_of(next));
        match groups.last_mut() {
            Some((id, acc)) if *id == m || kind == NodeKind::Chance => *acc += value,
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

/// Plain Jacobi value iteration from 0 over the whole table (every node,
/// reachable or not) until nothing moves by 1e-14: the oracle for games
/// with cycles.
fn value_iteration(game: &TableGame) -> Vec<f64> {
    let mut v = vec![0.0; game.nodes.len()];
    for _ in 0..1_000_000 {
        let next: Vec<f64> = (0..game.nodes.len())
            .map(|s| {
                let (kind, kids) = &game.nodes[s];
                if let NodeKind::Terminal(t) = kind {
                    return *t;
                }
                oracle_fold(*kind, kids, |next| v[next])
            })
            .collect();
        let change = next
            .iter()
            .zip(&v)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        v = next;
        if change < 1e-14 {
            return v;
        }
    }
    panic!("the oracle did not converge");
}

/// Random games with cycles: every move (and every chance node) ends the
/// game with probability at least 0.3, the rest going anywhere, so every
/// play ends and the fixed point is unique.
fn arb_cyclic_game() -> impl Strategy<Value = TableGame> {
    (2usize..10).prop_flat_map(|n| {
        prop::collection::vec(
            (
                0u8..4,
                prop::collection::vec((0u32..3, 0usize..10, -5i32..6), 1..4),
                -9i32..10,
            ),
            n,
        )
        .prop_map(move |raw| {
            // Node n is the exit, worth the node's own terminal value on
            // the way out (as a reward).
            let exit = n;
            let mut nodes: Vec<(NodeKind, Vec<Edge>)> = raw
                .iter()
                .map(|(k, kids, term)| {
                    if *k == 0 {
                        return (NodeKind::Terminal(*term as f64), Vec::new());
                    }
                    let kind =
                        [NodeKind::Max, NodeKind::Min, NodeKind::Chance][(*k as usize - 1) % 3];
                    let mut kids = kids.clone();
                    kids.sort_by_key(|c| c.0);
                    if kind == NodeKind::Chance {
                        kids.iter_mut().for_each(|c| c.0 = 0);
                    }
                    let mut out = Vec::new();
                    let mut i = 0;
                    while i < kids.len() {
                        let id = kids[i].0;
                        let group: Vec<_> = kids[i..].iter().take_while(|c| c.0 == id).collect();
                        let share = 0.7 / group.len() as f64;
                        for c in &group {
                            out.push((id, share, c.2 as f64, c.1 % n));
                        }
                        out.push((id, 0.3, *term as f64, exit));
                        i += group.len();
                    }
                    (kind, out)
                })
                .collect();
            nodes.push((NodeKind::Terminal(0.0), Vec::new()));
            TableGame {
                nodes,
                heuristic: 0.0,
            }
        })
    })
}

/// A table game that numbers its states (`index_bound`), rightly or, for
/// the error tests, with every state at one number or out of range.
struct Numbered<'a> {
    game: &'a TableGame,
    numbering: Numbering,
}

#[derive(Clone, Copy)]
enum Numbering {
    Right,
    AllZero,
    OutOfRange,
}

impl Game for Numbered<'_> {
    type State = usize;
    fn root(&self) -> usize {
        self.game.root()
    }
    fn expand(&self, s: &usize, children: &mut Vec<Child<usize>>) -> Result<NodeKind> {
        self.game.expand(s, children)
    }
    fn index_bound(&self) -> Option<usize> {
        Some(self.game.nodes.len())
    }
    fn state_index(&self, s: &usize) -> usize {
        match self.numbering {
            Numbering::Right => *s,
            Numbering::AllZero => 0,
            Numbering::OutOfRange => *s + self.game.nodes.len(),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn cyclic_games_match_value_iteration(game in arb_cyclic_game()) {
        let truth = value_iteration(&game);
        let s = solve(&game, &Options::default()).unwrap();
        prop_assert!((s.value - truth[0]).abs() < 1e-9, "{} vs {}", s.value, truth[0]);
        // Numbered states (a flat memo) give the very same solution.
        let numbered = Numbered { game: &game, numbering: Numbering::Right };
        prop_assert_eq!(&solve(&numbered, &Options::default()).unwrap(), &s);
        prop_assert!(s.residual <= 1e-12);
        if let Some(best) = s.best_move {
            prop_assert!((best.value - s.value).abs() < 1e-9);
        }
        // A depth limit keeps the one-pass search: the depth is part of the
        // state, so no state recurs.
        let limited = Options { depth_limit: Some(3), ..Options::default() };
        let shallow = solve(&game, &limited).unwrap();
        prop_assert_eq!(shallow.iterations, 0);
    }
}

/// A table game from (kind, edges) rows.
fn table(nodes: Vec<(NodeKind, Vec<Edge>)>) -> TableGame {
    TableGame {
        nodes,
        heuristic: 0.0,
    }
}

#[test]
fn a_cycle_is_solved_with_its_precision() {
    // The dice game, but a roll of 1..3 at the reroll starts the game
    // over: a cycle through the root.
    let mut game = dice_game();
    for face in 0..3 {
        game.nodes[8].1[face] = (0, 1.0 / 6.0, 0.0, 0);
    }
    let s = solve(&game, &Options::default()).unwrap();
    let truth = value_iteration(&game);
    assert!(
        (s.value - truth[0]).abs() < 1e-12,
        "{} vs {}",
        s.value,
        truth[0]
    );
    assert!(s.iterations >= 1 && s.residual <= 1e-12);
    assert_eq!(s.states, 9);
    // A coarse tolerance stops earlier, within it.
    let coarse = Options {
        tolerance: 1e-3,
        ..Options::default()
    };
    let rough = solve(&game, &coarse).unwrap();
    assert!(rough.residual <= 1e-3 && (rough.value - truth[0]).abs() < 1e-2);
    // A bad tolerance is refused.
    let bad = Options {
        tolerance: f64::NAN,
        ..Options::default()
    };
    assert!(solve(&game, &bad).is_err());
}

#[test]
fn play_that_never_ends_is_worth_nothing() {
    // Node 0 (Max): loop (move 0) or leave for -1 (move 1): Max loops for 0.
    let loops_or_loses = table(vec![
        (NodeKind::Max, vec![(0, 1.0, 0.0, 0), (1, 1.0, 0.0, 1)]),
        (NodeKind::Terminal(-1.0), Vec::new()),
    ]);
    let s = solve(&loops_or_loses, &Options::default()).unwrap();
    assert_eq!(s.value, 0.0);
    assert_eq!(s.best_move.map(|m| m.move_id), Some(0));
    // Min (node 0) and Max (node 1) hand the move back and forth; Min may
    // leave for +1, Max for -2. Max prefers looping (0) to -2, so Min
    // prefers looping to +1: 0.
    let ping_pong = table(vec![
        (NodeKind::Min, vec![(0, 1.0, 0.0, 1), (1, 1.0, 0.0, 2)]),
        (NodeKind::Max, vec![(0, 1.0, 0.0, 0), (1, 1.0, 0.0, 3)]),
        (NodeKind::Terminal(1.0), Vec::new()),
        (NodeKind::Terminal(-2.0), Vec::new()),
    ]);
    let s = solve(&ping_pong, &Options::default()).unwrap();
    assert_eq!(s.value, 0.0);
    // A chance loop that never leaves, without rewards: 0 at once.
    let spin = table(vec![(
        NodeKind::Chance,
        vec![(0, 0.5, 0.0, 0), (0, 0.5, 0.0, 0)],
    )]);
    assert_eq!(solve(&spin, &Options::default()).unwrap().value, 0.0);
}

#[test]
fn a_cycle_that_keeps_paying_stops_at_the_iteration_cap() {
    // Each lap pays 1 and the game never ends: no fixed point.
    let forever = table(vec![
        (NodeKind::Max, vec![(0, 1.0, 1.0, 1)]),
        (NodeKind::Chance, vec![(0, 1.0, 0.0, 0)]),
    ]);
    let options = Options {
        max_iterations: 1_000,
        ..Options::default()
    };
    let err = solve(&forever, &options).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::BudgetExceeded);
    assert!(err.message().contains("did not settle"), "{err}");
    // The state budget and the time budget hold on the cyclic path too.
    let few = Options {
        max_states: 1,
        ..Options::default()
    };
    assert_eq!(
        solve(&forever, &few).unwrap_err().kind(),
        crate::ErrorKind::BudgetExceeded
    );
    let late = Options {
        control: crate::budget::Control::after(std::time::Duration::ZERO),
        ..Options::default()
    };
    assert_eq!(
        solve(&forever, &late).unwrap_err().kind(),
        crate::ErrorKind::BudgetExceeded
    );
}

#[test]
fn a_cycle_read_stale_at_two_states_is_swept_plainly() {
    // 0 -> 1 -> 2 -> {0, 1}: the walk finishes 2 before 1 and 0, so a sweep
    // reads both 0 and 1 before updating them (no single pivot).
    let exit = |reward: f64| (1, 1.0, reward, 3);
    let game = table(vec![
        (NodeKind::Max, vec![(0, 1.0, 0.5, 1), exit(1.0)]),
        (NodeKind::Chance, vec![(0, 0.5, 1.0, 2), (0, 0.5, 0.0, 3)]),
        (
            NodeKind::Min,
            vec![
                (0, 0.6, 0.0, 0),
                (0, 0.4, 2.0, 3),
                (1, 0.9, 0.0, 1),
                (1, 0.1, 0.0, 3),
            ],
        ),
        (NodeKind::Terminal(0.0), Vec::new()),
    ]);
    let s = solve(&game, &Options::default()).unwrap();
    let truth = value_iteration(&game);
    assert!(
        (s.value - truth[0]).abs() < 1e-11,
        "{} vs {}",
        s.value,
        truth[0]
    );
    assert!(s.iterations > 2 && s.residual <= 1e-12);
}

#[test]
fn a_wrong_numbering_is_an_error_not_a_wrong_answer() {
    // The dice game with a cycle through the root (so the cyclic path runs).
    let mut game = dice_game();
    game.nodes[8].1[0] = (0, 1.0 / 6.0, 0.0, 0);
    for (numbering, words) in [
        (Numbering::AllZero, "two different states"),
        (Numbering::OutOfRange, "not below"),
    ] {
        let err = solve(
            &Numbered {
                game: &game,
                numbering,
            },
            &Options::default(),
        )
        .unwrap_err();
        assert!(err.message().contains(words), "{err}");
    }
    let right = solve(
        &Numbered {
            game: &game,
            numbering: Numbering::Right,
        },
        &Options::default(),
    );
    assert_eq!(right.unwrap(), solve(&game, &Options::default()).unwrap());
}

/// A dense game given as a table: node i's children come before it (the
/// root is the last node).
struct DenseTable(Vec<(NodeKind, Vec<Edge>)>);

impl DenseGame for DenseTable {
    type Cursor = ();
    fn size(&self) -> usize {
        self.0.len()
    }
    fn root_index(&self) -> usize {
        self.0.len() - 1
    }
    fn expand_index(
        &self,
        index: usize,
        _: &mut (),
        out: &mut Vec<DenseChild>,
    ) -> Result<NodeKind> {
        let (kind, kids) = &self.0[index];
        out.extend(
            kids.iter()
                .map(|&(move_id, probability, reward, next)| DenseChild {
                    move_id,
                    probability,
                    reward,
                    next,
                }),
        );
        Ok(*kind)
    }
}

#[test]
fn terminal_values_must_be_finite_in_every_solver() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        // Dense: state 1 is the bad terminal, below a chance root.
        let dense = DenseTable(vec![
            (NodeKind::Terminal(1.0), Vec::new()),
            (NodeKind::Terminal(bad), Vec::new()),
            (NodeKind::Chance, vec![(0, 0.5, 0.0, 0), (0, 0.5, 0.0, 1)]),
        ]);
        let err = solve_dense(&dense, &Options::default()).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::InvalidArgument, "{err}");
        let named = format!("state 1: the terminal value is {bad}");
        assert!(err.message().contains(&named), "{err}");
        // The same game for the hashed solver (root first), with and
        // without a cycle (the cyclic solver): the same check, the state
        // numbered in the order met.
        let mut hashed = table(vec![
            (NodeKind::Chance, vec![(0, 0.5, 0.0, 1), (0, 0.5, 0.0, 2)]),
            (NodeKind::Terminal(1.0), Vec::new()),
            (NodeKind::Terminal(bad), Vec::new()),
        ]);
        let err = solve(&hashed, &Options::default()).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::InvalidArgument, "{err}");
        assert!(err.message().contains("the terminal value is"), "{err}");
        assert!(err.message().contains("state #3"), "{err}");
        hashed.nodes[0].1[0].3 = 0;
        let err = solve(&hashed, &Options::default()).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::InvalidArgument, "{err}");
        assert!(err.message().contains("the terminal value is"), "{err}");
    }
}

#[test]
fn a_self_loop_gives_way_to_a_move_it_ties_with() {
    // The root passes (move 0, back to itself, in one outcome or two) or
    // leaves for a terminal (move 1): the pass is worth the root's own
    // value, so the two tie; following the pass would never end the game.
    let pass_once = vec![(0, 1.0, 0.0, 0)];
    let pass_twice = vec![(0, 0.5, 0.0, 0), (0, 0.5, 0.0, 0)];
    for (kind, exit) in [(NodeKind::Max, 0.5), (NodeKind::Min, -0.5)] {
        for pass in [&pass_once, &pass_twice] {
            let mut moves = pass.clone();
            moves.push((1, 1.0, 0.0, 1));
            let game = table(vec![(kind, moves), (NodeKind::Terminal(exit), Vec::new())]);
            let s = solve(&game, &Options::default()).unwrap();
            assert_eq!(s.value, exit);
            assert_eq!(s.moves.len(), 2);
            assert_eq!(s.moves[0].value, s.moves[1].value, "a tie");
            assert_eq!(s.best_move.map(|m| m.move_id), Some(1), "{kind:?} {pass:?}");
            // Listed second, it is not chosen either.
            let mut moves = vec![(1, 1.0, 0.0, 1)];
            moves.extend(pass.iter().copied());
            let game = table(vec![(kind, moves), (NodeKind::Terminal(exit), Vec::new())]);
            let s = solve(&game, &Options::default()).unwrap();
            assert_eq!(s.best_move.map(|m| m.move_id), Some(1), "{kind:?} {pass:?}");
        }
    }
    // A move that loops only sometimes is a move like any other: the first
    // of the tied moves (0) is chosen.
    let game = table(vec![
        (
            NodeKind::Max,
            vec![(0, 0.5, 0.0, 0), (0, 0.5, 0.0, 1), (1, 1.0, 0.0, 1)],
        ),
        (NodeKind::Terminal(0.5), Vec::new()),
    ]);
    let s = solve(&game, &Options::default()).unwrap();
    assert!((s.moves[0].value - s.moves[1].value).abs() < 1e-12);
    assert_eq!(s.best_move.map(|m| m.move_id), Some(0));
}

/// A dense game whose table would need more memory than there is: no
/// state is ever expanded (the table is reserved first).
struct HugeDense(usize);

impl DenseGame for HugeDense {
    type Cursor = ();
    fn size(&self) -> usize {
        self.0.saturating_add(1)
    }
    fn root_index(&self) -> usize {
        self.0
    }
    fn expand_index(&self, _: usize, _: &mut (), _: &mut Vec<DenseChild>) -> Result<NodeKind> {
        Ok(NodeKind::Terminal(0.0))
    }
}

#[test]
fn a_dense_table_memory_cannot_hold_is_an_error_not_an_abort() {
    let unlimited = Options {
        max_states: u64::MAX,
        ..Options::default()
    };
    // 2^47 states of 8 bytes: a pebibyte, past any address space (it
    // aborted the process: "memory allocation of ... bytes failed").
    let err = solve_dense(&HugeDense((1 << 47) - 1), &unlimited).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::BudgetExceeded, "{err}");
    assert!(err.message().contains("1125899906842624 bytes"), "{err}");
    // A table no address can hold: the size itself is impossible.
    let err = solve_dense(&HugeDense(usize::MAX - 1), &unlimited).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::InvalidArgument, "{err}");
    assert!(
        err.message().contains("147573952589676412920 bytes"),
        "{err}"
    );
}

/// A table game that claims to be enormous: its state hint and its index
/// bound are 2^50 (a pebibyte of memo reserved up front by either).
struct Claims(TableGame);

impl Game for Claims {
    type State = usize;
    fn root(&self) -> usize {
        0
    }
    fn expand(&self, s: &usize, children: &mut Vec<Child<usize>>) -> Result<NodeKind> {
        self.0.expand(s, children)
    }
    fn state_hint(&self) -> usize {
        1 << 50
    }
    fn index_bound(&self) -> Option<usize> {
        Some(1 << 50)
    }
    fn state_index(&self, s: &usize) -> usize {
        *s
    }
}

#[test]
fn estimates_and_budgets_do_not_size_allocations() {
    let unlimited = Options {
        max_states: u64::MAX,
        ..Options::default()
    };
    // Without a cycle (the hashed memo) and with one (the cyclic map and
    // values): the answer, not an abort.
    let mut cyclic = dice_game();
    cyclic.nodes[8].1[0] = (0, 1.0 / 6.0, 0.0, 0);
    for game in [dice_game(), cyclic] {
        let want = solve(&game, &Options::default()).unwrap();
        assert_eq!(solve(&Claims(game), &unlimited).unwrap(), want);
    }
}

#[test]
fn options_of_zero_are_the_defaults() {
    let o = Options::or_defaults(0, 0, 0.0, 0).unwrap();
    assert_eq!(o.max_states, DEFAULT_MAX_STATES);
    assert_eq!(o.depth_limit, None);
    assert_eq!(o.tolerance, DEFAULT_TOLERANCE);
    assert_eq!(o.max_iterations, DEFAULT_MAX_ITERATIONS);
    let o = Options::or_defaults(5, 3, 1e-6, 7).unwrap();
    assert_eq!(
        (o.max_states, o.depth_limit, o.tolerance, o.max_iterations),
        (5, Some(3), 1e-6, 7)
    );
    assert!(Options::or_defaults(0, 0, -1.0, 0).is_err());
    assert!(Options::or_defaults(0, 0, f64::NAN, 0).is_err());
}

/// A table game on the layered dense path: index n - i is node i (the
/// exit, node n, is index 0), and `cuts` ends blocks (the last block ends
/// at the root's index + 1).
struct Layered<'a> {
    game: &'a TableGame,
    cuts: Vec<usize>,
}

impl DenseGame for Layered<'_> {
    type Cursor = ();
    fn size(&self) -> usize {
        self.game.nodes.len()
    }
    fn root_index(&self) -> usize {
        self.game.nodes.len() - 1
    }
    fn expand_index(
        &self,
        index: usize,
        _: &mut (),
        out: &mut Vec<DenseChild>,
    ) -> Result<NodeKind> {
        let last = self.game.nodes.len() - 1;
        let (kind, kids) = &self.game.nodes[last - index];
        out.extend(
            kids.iter()
                .map(|&(move_id, probability, reward, next)| DenseChild {
                    move_id,
                    probability,
                    reward,
                    next: last - next,
                }),
        );
        Ok(*kind)
    }
    fn block_end(&self, start: usize) -> usize {
        self.cuts
            .iter()
            .copied()
            .find(|&c| c > start)
            .unwrap_or(self.size())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_layered_dense_solve_matches_the_cyclic_solver(game in arb_cyclic_game()) {
        // The exit alone, then every other state in one block.
        let s = solve(&game, &Options::default()).unwrap();
        let layered = Layered { game: &game, cuts: vec![1] };
        let (d, table) = solve_dense(&layered, &Options::default()).unwrap();
        prop_assert!((d.value - s.value).abs() < 1e-11, "{} vs {}", d.value, s.value);
        prop_assert_eq!(table.len(), game.nodes.len());
        prop_assert_eq!(d.moves.len(), s.moves.len());
        for (a, b) in d.moves.iter().zip(&s.moves) {
            prop_assert_eq!(a.move_id, b.move_id);
            prop_assert!((a.value - b.value).abs() < 1e-11);
        }
        prop_assert!(d.residual <= 1e-12);
        let truth = value_iteration(&game);
        prop_assert!((d.value - truth[0]).abs() < 1e-9);
    }
}

#[test]
fn a_child_past_its_block_is_refused() {
    // Nodes 0 (root) and 1 loop; node 2 is the exit. Index 0 is the exit,
    // 1 is node 1, 2 the root.
    let game = table(vec![
        (NodeKind::Chance, vec![(0, 0.5, 1.0, 1), (0, 0.5, 0.0, 2)]),
        (NodeKind::Chance, vec![(0, 0.5, 1.0, 0), (0, 0.5, 0.0, 2)]),
        (NodeKind::Terminal(0.0), Vec::new()),
    ]);
    // One block for the cycle: value 1 (0.5 * (1 + v) with v the same).
    let whole = Layered {
        game: &game,
        cuts: vec![1],
    };
    let (s, _) = solve_dense(&whole, &Options::default()).unwrap();
    assert!((s.value - 1.0).abs() < 1e-12 && s.iterations > 0, "{s:?}");
    // Each state its own block: node 1's child (the root) lies past it.
    let split = Layered {
        game: &game,
        cuts: vec![1, 2],
    };
    let err = solve_dense(&split, &Options::default()).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::InvalidArgument, "{err}");
    assert!(err.message().contains("child 2"), "{err}");
    // A block that ends past the table.
    let bad = Layered {
        game: &game,
        cuts: vec![1, 7],
    };
    let err = solve_dense(&bad, &Options::default()).unwrap_err();
    assert!(
        err.message().contains("the block starting at 1 ends at 7"),
        "{err}"
    );
    // A bad lottery in a block names its state.
    let mut bad = game.clone();
    bad.nodes[1].1[0].1 = 0.7;
    let err = solve_dense(
        &Layered {
            game: &bad,
            cuts: vec![1],
        },
        &Options::default(),
    )
    .unwrap_err();
    assert!(err.message().contains("state 1:"), "{err}");
}
