//! The expectimax solver: coins, Pig, and games written in Python.

use crate::errors::{InvalidArgument, OrRaise};
use crate::interrupt;
use oddsmith::budget::Control;
use oddsmith::expectimax::coins::{CoinGame, Method, solve_coins_controlled};
use oddsmith::expectimax::pig::{HOLD, PigGame, PigPosition, solve_pig};
use oddsmith::expectimax::{Child, Game, NodeKind, Options, Solution, solve};
use oddsmith::{Error, ErrorKind};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::cell::RefCell;
use std::time::{Duration, Instant};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(coins, m)?)?;
    m.add_function(wrap_pyfunction!(pig, m)?)?;
    m.add_function(wrap_pyfunction!(expectimax, m)?)?;
    Ok(())
}

fn solution_dict<'py>(
    py: Python<'py>,
    s: &Solution,
    elapsed: Duration,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("value", s.value)?;
    d.set_item(
        "root_kind",
        match s.root_kind {
            NodeKind::Max => "max",
            NodeKind::Min => "min",
            NodeKind::Chance => "chance",
            NodeKind::Terminal(_) => "terminal",
        },
    )?;
    let moves: Vec<(u32, f64)> = s.moves.iter().map(|m| (m.move_id, m.value)).collect();
    d.set_item("moves", moves)?;
    d.set_item("best_move", s.best_move.map(|m| m.move_id))?;
    d.set_item("states", s.states)?;
    d.set_item("iterations", s.iterations)?;
    d.set_item("residual", s.residual)?;
    d.set_item("elapsed_ms", elapsed.as_secs_f64() * 1e3)?;
    Ok(d)
}

#[pyfunction]
fn coins<'py>(
    py: Python<'py>,
    boxes: Vec<Vec<u32>>,
    denominations: Vec<f64>,
    hashed: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = CoinGame::new(&boxes, &denominations).or_raise()?;
    let method = if hashed {
        Method::Hashed
    } else {
        Method::Dense
    };
    let (s, elapsed) = interrupt::run(py, move |control| {
        let started = Instant::now();
        (
            solve_coins_controlled(&game, method, control),
            started.elapsed(),
        )
    })?;
    solution_dict(py, &s.or_raise()?, elapsed)
}

#[pyfunction]
fn pig<'py>(
    py: Python<'py>,
    goal: u32,
    sides: u32,
    position: (u32, u32, u32),
    tolerance: f64,
) -> PyResult<Bound<'py, PyDict>> {
    // 0 is none given: the engine's one rule, as in C.
    let game = PigGame::or_default(goal, sides).or_raise()?;
    let defaults = Options::or_defaults(0, 0, tolerance, 0).or_raise()?;
    let position = PigPosition {
        score: position.0,
        opponent: position.1,
        turn_total: position.2,
    };
    let (answer, elapsed) = interrupt::run(py, move |control| {
        let options = Options {
            control: control.clone(),
            ..defaults
        };
        let started = Instant::now();
        (solve_pig(&game, position, &options), started.elapsed())
    })?;
    let a = answer.or_raise()?;
    let d = solution_dict(py, &a.solution, elapsed)?;
    d.set_item("win_probability", a.win_probability)?;
    d.set_item(
        "decision",
        if a.best_move == HOLD { "hold" } else { "roll" },
    )?;
    d.set_item("roll", a.roll)?;
    d.set_item("hold", a.hold)?;
    Ok(d)
}

/// A game whose `root()` and `expand(state)` are Python methods. States
/// are any hashable Python values, numbered as they are met (so the solver
/// hashes numbers); the first exception a method raises is kept, stops the
/// solve, and is raised unchanged.
struct PythonGame<'py> {
    game: Bound<'py, PyAny>,
    numbers: Bound<'py, PyDict>,
    states: RefCell<Vec<Bound<'py, PyAny>>>,
    has_heuristic: bool,
    raised: RefCell<Option<PyErr>>,
}

impl<'py> PythonGame<'py> {
    fn number(&self, state: Bound<'py, PyAny>) -> PyResult<u32> {
        if let Some(n) = self.numbers.get_item(&state)? {
            return n.extract();
        }
        let mut states = self.states.borrow_mut();
        let n = u32::try_from(states.len())
            .map_err(|_| InvalidArgument::new_err("more than 4 billion states"))?;
        self.numbers.set_item(&state, n)?;
        states.push(state);
        Ok(n)
    }

    /// Keeps the first Python error and hands the solver a callback error.
    fn keep(&self, e: PyErr) -> Error {
        let message = format!("the game's callback raised {e}");
        self.raised.borrow_mut().get_or_insert(e);
        Error::new(ErrorKind::Callback, message)
    }

    fn state(&self, n: u32) -> Bound<'py, PyAny> {
        self.states.borrow()[n as usize].clone()
    }

    fn expand_py(&self, state: u32, children: &mut Vec<Child<u32>>) -> PyResult<NodeKind> {
        let answer = self.game.call_method1("expand", (self.state(state),))?;
        if let Ok(value) = answer.extract::<f64>() {
            return Ok(NodeKind::Terminal(value));
        }
        let (kind, payload): (Bound<'py, PyString>, Bound<'py, PyAny>) =
            answer.extract().map_err(|_| {
                InvalidArgument::new_err(
                    "expand() must return a number (a terminal value) or (kind, children)",
                )
            })?;
        let kind = kind.to_cow()?;
        let node = match &*kind {
            "terminal" => return Ok(NodeKind::Terminal(payload.extract()?)),
            "max" => NodeKind::Max,
            "min" => NodeKind::Min,
            "chance" => NodeKind::Chance,
            other => {
                return Err(InvalidArgument::new_err(format!(
                    "node kind '{other}': use 'max', 'min', 'chance' or 'terminal'"
                )));
            }
        };
        for child in payload.try_iter()? {
            let child = child?;
            let (move_id, probability, reward, next) = if node == NodeKind::Chance {
                let (p, r, next): (f64, f64, Bound<'py, PyAny>) =
                    child.extract().map_err(|_| {
                        InvalidArgument::new_err(
                            "a chance child is (probability, reward, next_state)",
                        )
                    })?;
                (0, p, r, next)
            } else {
                child.extract::<(u32, f64, f64, Bound<'py, PyAny>)>().map_err(|_| {
                    InvalidArgument::new_err(
                        "a move's outcome is (move, probability, reward, next_state), move an int >= 0",
                    )
                })?
            };
            children.push(Child {
                move_id,
                probability,
                reward,
                next: self.number(next)?,
            });
        }
        Ok(node)
    }
}

impl Game for PythonGame<'_> {
    type State = u32;

    fn root(&self) -> u32 {
        // Numbered before the solve starts (see `expectimax`).
        0
    }

    fn expand(&self, state: &u32, children: &mut Vec<Child<u32>>) -> oddsmith::Result<NodeKind> {
        if self.raised.borrow().is_some() {
            return Err(Error::new(
                ErrorKind::Callback,
                "an earlier callback raised",
            ));
        }
        self.expand_py(*state, children).map_err(|e| self.keep(e))
    }

    fn heuristic(&self, state: &u32) -> oddsmith::Result<f64> {
        if !self.has_heuristic {
            return Ok(0.0);
        }
        self.game
            .call_method1("heuristic", (self.state(*state),))
            .and_then(|v| v.extract::<f64>())
            .map_err(|e| self.keep(e))
    }
}

/// Solves a Python game on the calling thread (its callbacks need the
/// GIL); Ctrl-C raises KeyboardInterrupt inside the callback, which ends
/// the solve like any exception.
#[pyfunction]
fn expectimax<'py>(
    py: Python<'py>,
    game: Bound<'py, PyAny>,
    max_states: u64,
    depth_limit: Option<u32>,
    tolerance: f64,
    max_iterations: u64,
    time_ms: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let has_heuristic = game.hasattr("heuristic")?;
    let g = PythonGame {
        numbers: PyDict::new(py),
        states: RefCell::new(Vec::new()),
        has_heuristic,
        raised: RefCell::new(None),
        game,
    };
    let root = g.game.call_method0("root")?;
    g.number(root)?;
    // Each 0 (or None) is none given: the engine's one rule, as in C.
    let options = Options {
        control: Control::within(oddsmith::budget::given_ms(time_ms)),
        ..Options::or_defaults(
            max_states,
            depth_limit.unwrap_or(0),
            tolerance,
            max_iterations,
        )
        .or_raise()?
    };
    let started = Instant::now();
    let solved = solve(&g, &options);
    if let Some(e) = g.raised.borrow_mut().take() {
        return Err(e);
    }
    solution_dict(py, &solved.or_raise()?, started.elapsed())
}
