//! What one combo makes on one board: its made-hand class and its draws,
//! by the definitions of `docs/src/poker-board.md` (the module docs of
//! `poker::board` repeat them).

use crate::cards::{Card, CardSet};
use crate::error::{Error, Result};
use crate::poker::Category;
use crate::poker::eval::{HandKey, HandRank};

/// A made-hand class or a draw. Made classes come first, weakest first;
/// a combo has exactly one made class and any number of draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandClass {
    /// No pair of the combo's own and an unpaired board.
    HighCard,
    /// No pair of the combo's own, but the board holds a pair or better.
    BoardPair,
    /// A pocket pair below every board rank.
    Underpair,
    /// One hole card pairs the lowest board rank.
    BottomPair,
    /// One hole card pairs a board rank between the highest and the
    /// lowest, or a pocket pair between them.
    MiddlePair,
    /// Top pair, the other hole card fifth-best or worse of the ranks not
    /// on the board.
    TopPairWeakKicker,
    /// Top pair, the other hole card second- to fourth-best of the ranks
    /// not on the board.
    TopPairGoodKicker,
    /// Top pair with the best kicker the board allows.
    TopPairTopKicker,
    /// A pocket pair above every board rank.
    Overpair,
    /// Each hole card pairs a different board rank.
    TwoPair,
    /// One hole card makes three of a kind with a board pair.
    Trips,
    /// A pocket pair makes three of a kind with one board card.
    Set,
    /// A straight the hole cards make or raise.
    Straight,
    /// A flush the hole cards make or raise.
    Flush,
    /// A full house the hole cards make or raise.
    FullHouse,
    /// Four of a kind with a hole card in it.
    Quads,
    /// A straight flush the hole cards make or raise.
    StraightFlush,
    /// Four cards to a flush, at least one of them a hole card (flop and
    /// turn).
    FlushDraw,
    /// Two or more ranks would give the hole cards a straight (open-ended
    /// and double gutshots; flop and turn).
    OpenEnded,
    /// Exactly one rank would give the hole cards a straight.
    Gutshot,
    /// A flush draw and a straight draw (open-ended or gutshot) at once.
    ComboDraw,
    /// Three cards to a flush on the flop, at least one a hole card.
    BackdoorFlushDraw,
    /// Both hole cards above every board rank, with no pair of the
    /// combo's own (high card or board pair).
    Overcards,
}

impl HandClass {
    /// Every class: the made classes weakest first, then the draws.
    pub const ALL: [HandClass; 23] = [
        HandClass::HighCard,
        HandClass::BoardPair,
        HandClass::Underpair,
        HandClass::BottomPair,
        HandClass::MiddlePair,
        HandClass::TopPairWeakKicker,
        HandClass::TopPairGoodKicker,
        HandClass::TopPairTopKicker,
        HandClass::Overpair,
        HandClass::TwoPair,
        HandClass::Trips,
        HandClass::Set,
        HandClass::Straight,
        HandClass::Flush,
        HandClass::FullHouse,
        HandClass::Quads,
        HandClass::StraightFlush,
        HandClass::FlushDraw,
        HandClass::OpenEnded,
        HandClass::Gutshot,
        HandClass::ComboDraw,
        HandClass::BackdoorFlushDraw,
        HandClass::Overcards,
    ];

    /// Whether this is a draw (else a made class).
    pub fn is_draw(self) -> bool {
        self >= HandClass::FlushDraw
    }

    /// A short key for JSON ("top_pair_top_kicker", "flush_draw", ...).
    pub fn key(self) -> &'static str {
        match self {
            HandClass::HighCard => "high_card",
            HandClass::BoardPair => "board_pair",
            HandClass::Underpair => "underpair",
            HandClass::BottomPair => "bottom_pair",
            HandClass::MiddlePair => "middle_pair",
            HandClass::TopPairWeakKicker => "top_pair_weak_kicker",
            HandClass::TopPairGoodKicker => "top_pair_good_kicker",
            HandClass::TopPairTopKicker => "top_pair_top_kicker",
            HandClass::Overpair => "overpair",
            HandClass::TwoPair => "two_pair",
            HandClass::Trips => "trips",
            HandClass::Set => "set",
            HandClass::Straight => "straight",
            HandClass::Flush => "flush",
            HandClass::FullHouse => "full_house",
            HandClass::Quads => "quads",
            HandClass::StraightFlush => "straight_flush",
            HandClass::FlushDraw => "flush_draw",
            HandClass::OpenEnded => "open_ended",
            HandClass::Gutshot => "gutshot",
            HandClass::ComboDraw => "combo_draw",
            HandClass::BackdoorFlushDraw => "backdoor_flush_draw",
            HandClass::Overcards => "overcards",
        }
    }

    /// The class's English name, as a table shows it.
    pub fn name(self) -> &'static str {
        match self {
            HandClass::HighCard => "High card",
            HandClass::BoardPair => "Board pair",
            HandClass::Underpair => "Underpair",
            HandClass::BottomPair => "Bottom pair",
            HandClass::MiddlePair => "Middle pair",
            HandClass::TopPairWeakKicker => "Top pair, weak kicker",
            HandClass::TopPairGoodKicker => "Top pair, good kicker",
            HandClass::TopPairTopKicker => "Top pair, top kicker",
            HandClass::Overpair => "Overpair",
            HandClass::TwoPair => "Two pair",
            HandClass::Trips => "Trips",
            HandClass::Set => "Set",
            HandClass::Straight => "Straight",
            HandClass::Flush => "Flush",
            HandClass::FullHouse => "Full house",
            HandClass::Quads => "Quads",
            HandClass::StraightFlush => "Straight flush",
            HandClass::FlushDraw => "Flush draw",
            HandClass::OpenEnded => "Open-ended straight draw",
            HandClass::Gutshot => "Gutshot",
            HandClass::ComboDraw => "Combo draw",
            HandClass::BackdoorFlushDraw => "Backdoor flush draw",
            HandClass::Overcards => "Overcards",
        }
    }

    fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// A set of classes: one made class and any draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClassSet(pub(crate) u32);

impl ClassSet {
    /// Whether `class` is in the set.
    pub fn contains(self, class: HandClass) -> bool {
        self.0 & class.bit() != 0
    }

    /// The made class.
    pub fn made(self) -> HandClass {
        HandClass::ALL[self.0.trailing_zeros() as usize]
    }

    /// The classes in the set, in [`HandClass::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = HandClass> {
        HandClass::ALL
            .into_iter()
            .filter(move |&c| self.contains(c))
    }

    fn with(self, class: HandClass) -> ClassSet {
        ClassSet(self.0 | class.bit())
    }
}

/// Rank bit masks by suit and rank counts of some cards.
struct Counts {
    by_rank: [u8; 13],
    ranks: u16,
    by_suit: [u8; 4],
}

impl Counts {
    fn of(cards: CardSet) -> Counts {
        let mut c = Counts {
            by_rank: [0; 13],
            ranks: 0,
            by_suit: [0; 4],
        };
        for card in cards {
            c.by_rank[card.rank() as usize] += 1;
            c.ranks |= 1 << card.rank();
            c.by_suit[card.suit() as usize] += 1;
        }
        c
    }
}

/// The highest straight's top rank among the ranks in `mask` (3 for the
/// wheel), if any.
fn straight_top(mask: u16) -> Option<u8> {
    // The ace also plays low: bit 0 of the shifted mask is the ace.
    let m = u32::from(mask) << 1 | u32::from(mask >> 12 & 1);
    let runs = m & m >> 1 & m >> 2 & m >> 3 & m >> 4;
    (runs != 0).then(|| (31 - runs.leading_zeros()) as u8 + 3)
}

/// The category of a board of fewer than five cards, by its rank counts
/// (it holds no straight or flush).
fn short_board_category(board: &Counts) -> Category {
    let most = board.by_rank.iter().copied().max().unwrap_or(0);
    let pairs = board.by_rank.iter().filter(|&&n| n == 2).count();
    match (most, pairs) {
        (4, _) => Category::Quads,
        (3, _) => Category::Trips,
        (2, 2) => Category::TwoPair,
        (2, _) => Category::Pair,
        _ => Category::HighCard,
    }
}

/// What `hole` (two cards) makes on `board` (3, 4 or 5 cards). Errors
/// (`InvalidArgument`): other card counts, or a card in both.
pub fn classify(hole: CardSet, board: CardSet) -> Result<ClassSet> {
    if hole.len() != 2 {
        return Err(Error::invalid(format!("a hand has 2 cards, not '{hole}'")));
    }
    if !(3..=5).contains(&board.len()) {
        return Err(Error::invalid(format!(
            "board '{board}' has {} cards: a flop, turn or river has 3 to 5",
            board.len()
        )));
    }
    if !hole.is_disjoint(board) {
        return Err(Error::new(
            crate::ErrorKind::DuplicateCard,
            format!(
                "{} is both in the hand and on the board",
                hole.intersection(board)
            ),
        ));
    }
    let mut cards = hole.iter();
    match (cards.next(), cards.next()) {
        (Some(a), Some(b)) => Ok(class_of([a, b], board)),
        _ => Err(Error::invalid(format!("a hand has 2 cards, not '{hole}'"))),
    }
}

/// What `hole` makes on `board` (3 to 5 cards, disjoint from it).
pub(crate) fn class_of(hole: [Card; 2], board: CardSet) -> ClassSet {
    let hole_set: CardSet = hole.into_iter().collect();
    let all = hole_set.union(board);
    let b = Counts::of(board);
    let rank = HandKey::of_set(all).rank();
    let category = rank.category();
    let board_rank = (board.len() == 5).then(|| HandKey::of_set(board).rank());
    let board_category = board_rank.map_or_else(|| short_board_category(&b), HandRank::category);
    let made = five_card_class(category, rank, board_category, board_rank)
        .unwrap_or_else(|| paired_class(hole, &b));
    let mut set = ClassSet::default().with(made);
    if board.len() < 5 {
        set = draws(set, hole, board.len(), &Counts::of(all), &b);
    }
    set
}

/// The class of a straight or better that the hole cards make or raise:
/// the whole hand's category is above the board's own, or equal to it and
/// ranked higher (for straights, flushes, full houses and straight
/// flushes; a higher kicker to quads on the board does not count).
fn five_card_class(
    category: Category,
    rank: HandRank,
    board_category: Category,
    board_rank: Option<HandRank>,
) -> Option<HandClass> {
    let raised = category > board_category
        || (category == board_category
            && category != Category::Quads
            && board_rank.is_some_and(|b| rank > b));
    if category < Category::Straight || !raised {
        return None;
    }
    Some(match category {
        Category::Straight => HandClass::Straight,
        Category::Flush => HandClass::Flush,
        Category::FullHouse => HandClass::FullHouse,
        Category::Quads => HandClass::Quads,
        _ => HandClass::StraightFlush,
    })
}

/// The class by the hole cards' ranks against the board's (below a
/// straight, or where the board's own straight or better plays).
fn paired_class(hole: [Card; 2], board: &Counts) -> HandClass {
    let (hi, lo) = if hole[0].rank() >= hole[1].rank() {
        (hole[0].rank(), hole[1].rank())
    } else {
        (hole[1].rank(), hole[0].rank())
    };
    let count = |r: u8| board.by_rank[r as usize];
    let top = 15 - board.ranks.leading_zeros() as u8;
    let bottom = board.ranks.trailing_zeros() as u8;
    if hi == lo {
        return match count(hi) {
            0 if hi > top => HandClass::Overpair,
            0 if hi < bottom => HandClass::Underpair,
            0 => HandClass::MiddlePair,
            1 => HandClass::Set,
            // Four of a kind with a board pair is a quads class above.
            _ => HandClass::Quads,
        };
    }
    match (count(hi), count(lo)) {
        (h, l) if h >= 2 || l >= 2 => HandClass::Trips,
        (1, 1) => HandClass::TwoPair,
        (1, 0) => pair_class(hi, lo, board, top, bottom),
        (0, 1) => pair_class(lo, hi, board, top, bottom),
        _ if board.by_rank.iter().any(|&n| n >= 2) => HandClass::BoardPair,
        _ => HandClass::HighCard,
    }
}

/// One hole card (`paired`) pairs a single board card; `kicker` is the
/// other.
fn pair_class(paired: u8, kicker: u8, board: &Counts, top: u8, bottom: u8) -> HandClass {
    if paired == bottom {
        return HandClass::BottomPair;
    }
    if paired != top {
        return HandClass::MiddlePair;
    }
    // The kicker's place among the ranks not on the board, best first.
    let better = (kicker + 1..13)
        .filter(|&r| board.ranks >> r & 1 == 0)
        .count();
    match better {
        0 => HandClass::TopPairTopKicker,
        1..=3 => HandClass::TopPairGoodKicker,
        _ => HandClass::TopPairWeakKicker,
    }
}

/// Adds the draws of a flop or turn hand whose made class is in `set`.
fn draws(
    mut set: ClassSet,
    hole: [Card; 2],
    board_len: u32,
    all: &Counts,
    board: &Counts,
) -> ClassSet {
    let made = set.made();
    let mut flush_draw = false;
    if made < HandClass::Flush {
        for suit in 0..4 {
            let mine = hole.iter().any(|c| c.suit() == suit);
            let n = all.by_suit[suit as usize];
            if mine && n == 4 {
                flush_draw = true;
                set = set.with(HandClass::FlushDraw);
            } else if mine && n == 3 && board_len == 3 {
                set = set.with(HandClass::BackdoorFlushDraw);
            }
        }
    }
    let mut straight_draw = false;
    if made < HandClass::Straight {
        let outs = (0..13u8)
            .filter(|&r| all.ranks >> r & 1 == 0)
            .filter(|&r| {
                let mine = straight_top(all.ranks | 1 << r);
                mine.is_some() && mine > straight_top(board.ranks | 1 << r)
            })
            .count();
        if outs >= 2 {
            set = set.with(HandClass::OpenEnded);
        } else if outs == 1 {
            set = set.with(HandClass::Gutshot);
        }
        straight_draw = outs > 0;
    }
    if flush_draw && straight_draw {
        set = set.with(HandClass::ComboDraw);
    }
    let board_top = 15 - board.ranks.leading_zeros() as u8;
    if matches!(made, HandClass::HighCard | HandClass::BoardPair)
        && hole.iter().all(|c| c.rank() > board_top)
    {
        set = set.with(HandClass::Overcards);
    }
    set
}
