//! Moves: what a player can do, and a fixed-size list to enumerate them
//! into without allocating.

use crate::cards::Card;

/// What a move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// Lead or throw in `card`.
    Attack = 0,
    /// Beat the attack card `target` with `card`.
    Defend = 1,
    /// The defender gives up the bout and will pick up the table.
    Take = 2,
    /// A thrower adds nothing (more).
    Pass = 3,
    /// The defender puts down `card`, of the attack cards' rank, and the
    /// next player defends (transfer variant, rule 12).
    Transfer = 4,
}

/// A move; `card` and `target` are meaningful for the kinds that use them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// What the move does.
    pub kind: MoveKind,
    /// The card played (attack, defence or transfer; else a placeholder).
    pub card: Card,
    /// The attack card beaten (defence only; else a placeholder).
    pub target: Card,
}

/// A placeholder card for moves without one.
pub(crate) const NO_CARD: Card = match Card::new(0) {
    Some(c) => c,
    None => panic!(),
};

impl Move {
    /// Lead or throw in `card`.
    pub fn attack(card: Card) -> Move {
        Move {
            kind: MoveKind::Attack,
            card,
            target: NO_CARD,
        }
    }
    /// Beat the attack card `target` with `card`.
    pub fn defend(target: Card, card: Card) -> Move {
        Move {
            kind: MoveKind::Defend,
            card,
            target,
        }
    }
    /// Transfer the bout by putting down `card`.
    pub fn transfer(card: Card) -> Move {
        Move {
            kind: MoveKind::Transfer,
            card,
            target: NO_CARD,
        }
    }
    /// Take the table.
    pub const TAKE: Move = Move {
        kind: MoveKind::Take,
        card: NO_CARD,
        target: NO_CARD,
    };
    /// Throw in nothing (more).
    pub const PASS: Move = Move {
        kind: MoveKind::Pass,
        card: NO_CARD,
        target: NO_CARD,
    };
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            MoveKind::Attack => write!(f, "attack {}", self.card),
            MoveKind::Defend => write!(f, "beat {} with {}", self.target, self.card),
            MoveKind::Take => write!(f, "take"),
            MoveKind::Pass => write!(f, "pass"),
            MoveKind::Transfer => write!(f, "transfer with {}", self.card),
        }
    }
}

/// Room for every legal move: a card beats at most 25 others (12 higher of
/// its suit, 13 trumps), so at most 6 x 25 defences, 3 transfers and take;
/// or one move per card in hand plus pass.
pub const MAX_MOVES: usize = 160;

/// Legal moves, filled without allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    pub(crate) len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::PASS; MAX_MOVES],
            len: 0,
        }
    }
}

impl MoveList {
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
    /// The moves listed.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    /// Moves `m`, if listed, to the front; the others keep their order.
    pub(crate) fn put_first(&mut self, m: Move) {
        if let Some(i) = self.as_slice().iter().position(|&n| n == m) {
            self.moves[..=i].rotate_right(1);
        }
    }
    /// Number of moves listed.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether no move is listed (the game is over).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
