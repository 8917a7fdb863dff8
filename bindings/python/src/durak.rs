//! Durak: games, moves, a player's view, the search, and ranges of a
//! match's games (for `oddsmith.cluster.tournament`).

use crate::errors::{InvalidArgument, OrRaise, ParseError, about};
use crate::interrupt;
use oddsmith::cards::{Card, CardSet};
use oddsmith::durak::game::MAX_PLAYERS;
use oddsmith::durak::levels::level_budget;
use oddsmith::durak::matches::{Bot, MatchResult, SideResult, play_games};
use oddsmith::durak::style::styled_best_move;
use oddsmith::durak::{
    Config, Deck, Game as Engine, Move as EngineMove, MoveKind, MoveList, Observation as View,
    Outcome, Phase, Protocol, Variant,
};
use oddsmith::mcts::{Budget, Rollout};
use oddsmith::rng::Rng;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Move>()?;
    m.add_class::<Game>()?;
    m.add_class::<Observation>()?;
    m.add_function(wrap_pyfunction!(durak_best_move, m)?)?;
    m.add_function(wrap_pyfunction!(durak_play_games, m)?)?;
    m.add_function(wrap_pyfunction!(durak_summary, m)?)?;
    m.add_function(wrap_pyfunction!(durak_check_bot, m)?)?;
    Ok(())
}

fn config_of(players: u8, deck: u32, variant: &str, protocol: &str) -> PyResult<Config> {
    let config = Config {
        players,
        deck: match deck {
            24 => Deck::Cards24,
            36 => Deck::Cards36,
            52 => Deck::Cards52,
            n => {
                return Err(InvalidArgument::new_err(format!(
                    "deck {n}: use 24, 36 or 52"
                )));
            }
        },
        variant: match variant {
            "podkidnoy" => Variant::Podkidnoy,
            "transfer" | "perevodnoy" => Variant::Transfer,
            v => {
                return Err(InvalidArgument::new_err(format!(
                    "variant '{v}': use 'podkidnoy' or 'transfer'"
                )));
            }
        },
        protocol: match protocol {
            "one" => Protocol::OneAtATime,
            "several" => Protocol::SeveralAtOnce,
            p => {
                return Err(InvalidArgument::new_err(format!(
                    "protocol '{p}': use 'one' or 'several'"
                )));
            }
        },
    };
    config.validate().or_raise()?;
    Ok(config)
}

fn deck_size(deck: Deck) -> u32 {
    deck.size()
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Podkidnoy => "podkidnoy",
        Variant::Transfer => "transfer",
    }
}

fn protocol_name(p: Protocol) -> &'static str {
    match p {
        Protocol::OneAtATime => "one",
        Protocol::SeveralAtOnce => "several",
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Lead => "lead",
        Phase::Defend => "defend",
        Phase::ThrowIn => "throw_in",
        Phase::Taking => "taking",
        Phase::Over => "over",
    }
}

fn phase_of(name: &str) -> PyResult<Phase> {
    Ok(match name {
        "lead" => Phase::Lead,
        "defend" => Phase::Defend,
        "throw_in" => Phase::ThrowIn,
        "taking" => Phase::Taking,
        "over" => Phase::Over,
        other => {
            return Err(InvalidArgument::new_err(format!(
                "phase '{other}': use lead, defend, throw_in, taking or over"
            )));
        }
    })
}

fn card(text: &str) -> PyResult<Card> {
    Card::parse(text.trim()).or_raise()
}

/// A Durak move. `str(m)` is its notation ("attack 7h", "beat 7h with 8h",
/// "take", "pass", "transfer with 7s"), which `Move.parse` reads back.
#[pyclass(frozen, eq, hash, module = "oddsmith")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(EngineMove);

#[pymethods]
impl Move {
    /// Lead or throw in `card`.
    #[staticmethod]
    fn attack(card_text: &str) -> PyResult<Move> {
        Ok(Move(EngineMove::attack(card(card_text)?)))
    }
    /// Beat the attack card `target` with `card`.
    #[staticmethod]
    fn defend(target: &str, card_text: &str) -> PyResult<Move> {
        Ok(Move(EngineMove::defend(card(target)?, card(card_text)?)))
    }
    /// Pass the bout on with `card` (transfer variant).
    #[staticmethod]
    fn transfer(card_text: &str) -> PyResult<Move> {
        Ok(Move(EngineMove::transfer(card(card_text)?)))
    }
    /// The defender takes the table.
    #[staticmethod]
    fn take() -> Move {
        Move(EngineMove::TAKE)
    }
    /// A thrower adds nothing (more).
    #[staticmethod]
    #[pyo3(name = "pass_")]
    fn pass() -> Move {
        Move(EngineMove::PASS)
    }
    /// Reads a move's notation.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Move> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["attack", c] => Move::attack(c),
            ["beat", t, "with", c] => Move::defend(t, c),
            ["transfer", "with", c] | ["transfer", c] => Move::transfer(c),
            ["take"] => Ok(Move::take()),
            ["pass"] => Ok(Move::pass()),
            _ => Err(ParseError::new_err(format!(
                "move '{text}': use 'attack 7h', 'beat 7h with 8h', 'transfer with 7s', 'take' or 'pass'"
            ))),
        }
    }
    /// "attack", "defend", "take", "pass" or "transfer".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0.kind {
            MoveKind::Attack => "attack",
            MoveKind::Defend => "defend",
            MoveKind::Take => "take",
            MoveKind::Pass => "pass",
            MoveKind::Transfer => "transfer",
        }
    }
    /// The card played (None for take and pass).
    #[getter]
    fn card(&self) -> Option<String> {
        matches!(
            self.0.kind,
            MoveKind::Attack | MoveKind::Defend | MoveKind::Transfer
        )
        .then(|| self.0.card.to_string())
    }
    /// The attack card beaten (defend only).
    #[getter]
    fn target(&self) -> Option<String> {
        (self.0.kind == MoveKind::Defend).then(|| self.0.target.to_string())
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Move.parse('{}')", self.0)
    }
}

fn table_of(pairs: impl Iterator<Item = (Card, Option<Card>)>) -> Vec<(String, Option<String>)> {
    pairs
        .map(|(a, c)| (a.to_string(), c.map(|c| c.to_string())))
        .collect()
}

/// A game of Durak with every hand known: the referee's view, for playing
/// bots against each other or driving a client's game.
#[pyclass(module = "oddsmith")]
#[derive(Clone)]
pub struct Game(Engine);

#[pymethods]
impl Game {
    /// A new game dealt from a shuffle drawn with `seed`.
    #[new]
    #[pyo3(signature = (players=2, deck=36, variant="podkidnoy", protocol="one", seed=1))]
    fn new(players: u8, deck: u32, variant: &str, protocol: &str, seed: u64) -> PyResult<Game> {
        let config = config_of(players, deck, variant, protocol)?;
        Ok(Game(Engine::new(config, &mut Rng::new(seed)).or_raise()?))
    }
    /// Every legal move of the player to move (empty once the game is over).
    fn legal_moves(&self) -> Vec<Move> {
        let mut list = MoveList::default();
        self.0.legal_moves(&mut list);
        list.as_slice().iter().map(|&m| Move(m)).collect()
    }
    fn is_legal(&self, m: &Move) -> bool {
        self.0.is_legal(m.0)
    }
    /// Plays a move of the player to move; an illegal move raises
    /// InvalidArgument and leaves the game as it was.
    fn apply(&mut self, m: &Move) -> PyResult<()> {
        if !self.0.is_legal(m.0) {
            return Err(InvalidArgument::new_err(format!(
                "'{}' is not legal for player {} now",
                m.0,
                self.0.to_move()
            )));
        }
        self.0.apply(m.0).or_raise()
    }
    /// What `player` sees: the input of `oddsmith.durak_best_move`.
    fn observe(&self, player: u8) -> PyResult<Observation> {
        if player >= self.0.config().players {
            return Err(InvalidArgument::new_err(format!(
                "player {player}: the game has {} (counted from 0)",
                self.0.config().players
            )));
        }
        Ok(Observation(self.0.observe(player)))
    }
    fn copy(&self) -> Game {
        self.clone()
    }
    fn __copy__(&self) -> Game {
        self.clone()
    }
    #[getter]
    fn players(&self) -> u8 {
        self.0.config().players
    }
    #[getter]
    fn to_move(&self) -> u8 {
        self.0.to_move()
    }
    #[getter]
    fn attacker(&self) -> u8 {
        self.0.attacker()
    }
    #[getter]
    fn defender(&self) -> u8 {
        self.0.defender()
    }
    #[getter]
    fn phase(&self) -> &'static str {
        phase_name(self.0.phase())
    }
    #[getter]
    fn trump_card(&self) -> String {
        self.0.trump_card().to_string()
    }
    #[getter]
    fn talon_len(&self) -> u8 {
        self.0.talon_len()
    }
    #[getter]
    fn discard(&self) -> String {
        self.0.discard().to_string()
    }
    /// The attack cards in order, each with its cover (None if not beaten).
    #[getter]
    fn table(&self) -> Vec<(String, Option<String>)> {
        table_of(self.0.table())
    }
    /// A player's hand as text ("6h7hKs").
    fn hand(&self, player: u8) -> PyResult<String> {
        if player >= self.0.config().players {
            return Err(InvalidArgument::new_err(format!("no player {player}")));
        }
        Ok(self.0.hand(player).to_string())
    }
    #[getter]
    fn over(&self) -> bool {
        self.0.outcome().is_some()
    }
    /// The durak (the loser), or None while the game goes on or after a draw.
    #[getter]
    fn loser(&self) -> Option<u8> {
        match self.0.outcome() {
            Some(Outcome::Loser(p)) => Some(p),
            _ => None,
        }
    }
    /// Whether the game ended in a draw (the last players ran out together).
    #[getter]
    fn draw(&self) -> bool {
        self.0.outcome() == Some(Outcome::Draw)
    }
    /// The players who are not the durak, once the game is over (every
    /// player after a draw); empty while it goes on.
    #[getter]
    fn winners(&self) -> Vec<u32> {
        let players = 0..u32::from(self.0.config().players);
        match self.0.outcome() {
            None => Vec::new(),
            Some(Outcome::Draw) => players.collect(),
            Some(Outcome::Loser(l)) => players.filter(|&p| p != u32::from(l)).collect(),
        }
    }
    #[getter]
    fn config(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        config_dict(py, self.0.config())
    }
    fn __repr__(&self) -> String {
        format!(
            "<oddsmith.Game {} players, phase {}, player {} to move, talon {}>",
            self.0.config().players,
            phase_name(self.0.phase()),
            self.0.to_move(),
            self.0.talon_len()
        )
    }
}

fn config_dict(py: Python<'_>, c: Config) -> PyResult<Py<PyDict>> {
    let d = PyDict::new(py);
    d.set_item("players", c.players)?;
    d.set_item("deck", deck_size(c.deck))?;
    d.set_item("variant", variant_name(c.variant))?;
    d.set_item("protocol", protocol_name(c.protocol))?;
    Ok(d.unbind())
}

/// One player's view of a game in progress: what a client knows. Build it
/// from a game (`Game.observe`) or from a dict (`Observation.from_dict`,
/// the keys `to_dict` gives); either way it is checked.
#[pyclass(frozen, module = "oddsmith")]
#[derive(Clone)]
pub struct Observation(pub View);

fn seat_list<T: Copy>(values: &[T], players: u8) -> Vec<T> {
    values[..players as usize].to_vec()
}

#[pymethods]
impl Observation {
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        let v = &self.0;
        let n = v.config.players;
        let d = PyDict::new(py);
        d.set_item("config", config_dict(py, v.config)?)?;
        d.set_item("me", v.me)?;
        d.set_item("hand", v.hand.to_string())?;
        let known: Vec<String> = seat_list(&v.known, n)
            .iter()
            .map(|k| k.to_string())
            .collect();
        d.set_item("known", known)?;
        let sizes: Vec<u32> = seat_list(&v.hand_sizes, n)
            .into_iter()
            .map(u32::from)
            .collect();
        d.set_item("hand_sizes", sizes)?;
        // Seat numbers as lists of ints (a Vec<u8> would become bytes).
        let out: Vec<u32> = (0..n)
            .filter(|p| v.out & (1 << p) != 0)
            .map(u32::from)
            .collect();
        d.set_item("out", out)?;
        d.set_item("talon_len", v.talon_len)?;
        d.set_item("trump_card", v.trump_card.to_string())?;
        d.set_item("discard", v.discard.to_string())?;
        d.set_item("table", table_of(v.table.iter().copied()))?;
        d.set_item("bout_limit", v.bout_limit)?;
        d.set_item("leader", v.leader)?;
        d.set_item("attacker", v.attacker)?;
        d.set_item("defender", v.defender)?;
        d.set_item("to_move", v.to_move)?;
        d.set_item("phase", phase_name(v.phase))?;
        let passed: Vec<u32> = (0..n)
            .filter(|p| v.passed & (1 << p) != 0)
            .map(u32::from)
            .collect();
        d.set_item("passed", passed)?;
        Ok(d.unbind())
    }

    /// The view a dict describes (keys as `to_dict` gives them), checked.
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyDict>) -> PyResult<Observation> {
        let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
            d.get_item(key)?
                .ok_or_else(|| InvalidArgument::new_err(format!("the observation has no '{key}'")))
        };
        let field = |key: &str, e: PyErr| InvalidArgument::new_err(format!("'{key}': {e}"));
        let cards = |key: &str| -> PyResult<CardSet> {
            let text: String = get(key)?.extract().map_err(|e| field(key, e))?;
            CardSet::parse(&text).map_err(|e| crate::errors::to_py(about(key, e)))
        };
        let number = |key: &str| -> PyResult<u8> { get(key)?.extract().map_err(|e| field(key, e)) };
        let seats = |key: &str| -> PyResult<u8> {
            let list: Vec<u8> = get(key)?.extract().map_err(|e| field(key, e))?;
            list.iter().try_fold(0u8, |bits, &p| {
                if (p as usize) < MAX_PLAYERS {
                    Ok(bits | 1 << p)
                } else {
                    Err(InvalidArgument::new_err(format!("'{key}': no seat {p}")))
                }
            })
        };
        let config: Bound<'_, PyDict> = get("config")?
            .cast_into()
            .map_err(|e| field("config", e.into()))?;
        let c = |key: &str| -> PyResult<Bound<'_, PyAny>> {
            config
                .get_item(key)?
                .ok_or_else(|| InvalidArgument::new_err(format!("the config has no '{key}'")))
        };
        let config = config_of(
            c("players")?.extract()?,
            c("deck")?.extract()?,
            &c("variant")?.extract::<String>()?,
            &c("protocol")?.extract::<String>()?,
        )?;
        let n = config.players as usize;
        let known_text: Vec<String> = get("known")?.extract().map_err(|e| field("known", e))?;
        let sizes: Vec<u8> = get("hand_sizes")?
            .extract()
            .map_err(|e| field("hand_sizes", e))?;
        if known_text.len() != n || sizes.len() != n {
            return Err(InvalidArgument::new_err(format!(
                "'known' and 'hand_sizes' need one item per player ({n})"
            )));
        }
        let mut known = [CardSet::EMPTY; MAX_PLAYERS];
        let mut hand_sizes = [0u8; MAX_PLAYERS];
        for p in 0..n {
            known[p] = CardSet::parse(&known_text[p])
                .map_err(|e| crate::errors::to_py(about(&format!("known[{p}]"), e)))?;
            hand_sizes[p] = sizes[p];
        }
        let table_items: Vec<(String, Option<String>)> =
            get("table")?.extract().map_err(|e| field("table", e))?;
        let table = table_items
            .iter()
            .map(|(a, c)| Ok((card(a)?, c.as_deref().map(card).transpose()?)))
            .collect::<PyResult<Vec<(Card, Option<Card>)>>>()?;
        let phase_text: String = get("phase")?.extract().map_err(|e| field("phase", e))?;
        let trump_text: String = get("trump_card")?
            .extract()
            .map_err(|e| field("trump_card", e))?;
        let view = View {
            config,
            me: number("me")?,
            hand: cards("hand")?,
            known,
            hand_sizes,
            out: seats("out")?,
            talon_len: number("talon_len")?,
            trump_card: card(&trump_text)?,
            discard: cards("discard")?,
            table,
            bout_limit: number("bout_limit")?,
            leader: number("leader")?,
            attacker: number("attacker")?,
            defender: number("defender")?,
            to_move: number("to_move")?,
            phase: phase_of(&phase_text)?,
            passed: seats("passed")?,
        };
        view.validate().or_raise()?;
        Ok(Observation(view))
    }

    #[getter]
    fn me(&self) -> u8 {
        self.0.me
    }
    #[getter]
    fn hand(&self) -> String {
        self.0.hand.to_string()
    }
    #[getter]
    fn to_move(&self) -> u8 {
        self.0.to_move
    }
    #[getter]
    fn phase(&self) -> &'static str {
        phase_name(self.0.phase)
    }
    #[getter]
    fn table(&self) -> Vec<(String, Option<String>)> {
        table_of(self.0.table.iter().copied())
    }
    #[getter]
    fn talon_len(&self) -> u8 {
        self.0.talon_len
    }
    #[getter]
    fn trump_card(&self) -> String {
        self.0.trump_card.to_string()
    }
    fn __eq__(&self, other: &Observation) -> bool {
        self.0 == other.0
    }
    fn __repr__(&self) -> String {
        format!(
            "<oddsmith.Observation player {} holding {}, phase {}, player {} to move>",
            self.0.me,
            self.0.hand,
            phase_name(self.0.phase),
            self.0.to_move
        )
    }
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn durak_best_move<'py>(
    py: Python<'py>,
    observation: &Observation,
    ms: Option<u64>,
    iterations: Option<u64>,
    threads: usize,
    seed: u64,
    rollout: &str,
    exact: bool,
    level: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let rollout = match rollout {
        "random" => Rollout::Random,
        "heuristic" => Rollout::Heuristic,
        r => {
            return Err(InvalidArgument::new_err(format!(
                "rollout '{r}': use 'random' or 'heuristic'"
            )));
        }
    };
    // None or 0 is none given: the engine's one rule, as in C.
    let budget = Budget {
        threads,
        rollout,
        exact,
        ..Budget::default()
    }
    .with_limits(iterations.unwrap_or(0), ms.unwrap_or(0));
    let (budget, style) = level_budget(level, &budget).or_raise()?;
    let view = observation.0.clone();
    let r = interrupt::run(py, move |control| {
        styled_best_move(&view, &budget, style, seed, control)
    })?
    .or_raise()?;
    let d = PyDict::new(py);
    d.set_item("move", Move(r.best))?;
    d.set_item("iterations", r.iterations)?;
    d.set_item("nodes", r.nodes)?;
    d.set_item("elapsed_ms", r.elapsed.as_secs_f64() * 1e3)?;
    d.set_item("exact", r.exact)?;
    let moves: Vec<(Move, u64, f64)> = r
        .moves
        .iter()
        .map(|s| (Move(s.mv), s.visits, s.mean))
        .collect();
    d.set_item("moves", moves)?;
    Ok(d)
}

/// Checks a bot's text (the CLI's syntax).
#[pyfunction]
fn durak_check_bot(text: &str) -> PyResult<()> {
    Bot::parse(text).map(|_| ()).or_raise()
}

/// Games `first .. first + count` of a match (see
/// `oddsmith::durak::matches::play_games`), each as A's result.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn durak_play_games(
    py: Python<'_>,
    bot_a: &str,
    bot_b: &str,
    config: (u8, u32, String, String),
    first: u64,
    count: u64,
    seed: u64,
    threads: usize,
) -> PyResult<Vec<i8>> {
    let a = Bot::parse(bot_a).map_err(|e| crate::errors::to_py(about("bot_a", e)))?;
    let b = Bot::parse(bot_b).map_err(|e| crate::errors::to_py(about("bot_b", e)))?;
    let config = config_of(config.0, config.1, &config.2, &config.3)?;
    let end = first
        .checked_add(count)
        .ok_or_else(|| InvalidArgument::new_err("first + count overflows"))?;
    interrupt::run(py, move |control| {
        play_games(config, &a, &b, first..end, seed, threads, control)
    })?
    .or_raise()
}

fn side_dict<'py>(py: Python<'py>, s: &SideResult) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("win", s.win)?;
    d.set_item("draw", s.draw)?;
    d.set_item("loss", s.loss)?;
    d.set_item("win_ci95", s.win_ci95)?;
    d.set_item("decided_win", s.decided_win)?;
    Ok(d)
}

/// A match's shares and intervals from A's wins, draws and losses.
#[pyfunction]
fn durak_summary(
    py: Python<'_>,
    wins: u64,
    draws: u64,
    losses: u64,
) -> PyResult<Bound<'_, PyDict>> {
    let r = MatchResult::from_counts(wins, draws, losses);
    let d = PyDict::new(py);
    d.set_item("games", r.games)?;
    d.set_item("a", side_dict(py, &r.a)?)?;
    d.set_item("b", side_dict(py, &r.b)?)?;
    Ok(d)
}
