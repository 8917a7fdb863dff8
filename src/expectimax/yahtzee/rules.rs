//! The scoring rules in one place: the thirteen boxes, what a roll scores
//! in each, which boxes a roll may go to (the Joker rules), and the
//! Yahtzee bonus. Everything else reads the rules through these functions.

use crate::error::{Error, Result};

/// A box of the score sheet. The first six are the upper section (the
/// face counted is the index plus one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Ones: the sum of the 1s.
    Aces,
    /// The sum of the 2s.
    Twos,
    /// The sum of the 3s.
    Threes,
    /// The sum of the 4s.
    Fours,
    /// The sum of the 5s.
    Fives,
    /// The sum of the 6s.
    Sixes,
    /// The sum of all dice when at least three show one face.
    ThreeOfAKind,
    /// The sum of all dice when at least four show one face.
    FourOfAKind,
    /// 25 for three of one face and two of another.
    FullHouse,
    /// 30 for four consecutive faces.
    SmallStraight,
    /// 40 for five consecutive faces.
    LargeStraight,
    /// 50 when all dice show one face.
    Yahtzee,
    /// The sum of all dice.
    Chance,
}

impl Category {
    /// The thirteen boxes in sheet order.
    pub const ALL: [Category; 13] = [
        Category::Aces,
        Category::Twos,
        Category::Threes,
        Category::Fours,
        Category::Fives,
        Category::Sixes,
        Category::ThreeOfAKind,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::Yahtzee,
        Category::Chance,
    ];

    /// Its position on the sheet (0 for Aces ... 12 for Chance).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The face an upper box counts (1-6), None for the lower section.
    pub fn upper_face(self) -> Option<usize> {
        (self.index() < 6).then(|| self.index() + 1)
    }

    /// Its bit in a [`CategorySet`].
    pub fn bit(self) -> u16 {
        1 << self.index()
    }

    /// The name used by the CLI and in messages (`aces`, `full-house`).
    pub fn name(self) -> &'static str {
        NAMES[self.index()]
    }

    /// A box by its name (as [`Category::name`], case-insensitive; also
    /// `ones`, `3k`, `4k`, `fh`, `ss`, `ls`).
    pub fn parse(text: &str) -> Result<Category> {
        let t = text.trim().to_ascii_lowercase().replace('_', "-");
        let alias = match t.as_str() {
            "ones" | "1s" => Some(Category::Aces),
            "2s" => Some(Category::Twos),
            "3s" => Some(Category::Threes),
            "4s" => Some(Category::Fours),
            "5s" => Some(Category::Fives),
            "6s" => Some(Category::Sixes),
            "3k" => Some(Category::ThreeOfAKind),
            "4k" => Some(Category::FourOfAKind),
            "fh" => Some(Category::FullHouse),
            "ss" => Some(Category::SmallStraight),
            "ls" => Some(Category::LargeStraight),
            _ => None,
        };
        alias
            .or_else(|| Category::ALL.into_iter().find(|c| c.name() == t))
            .ok_or_else(|| {
                Error::parse(format!(
                    "'{text}' is not a Yahtzee box (one of {})",
                    NAMES.join(", ")
                ))
            })
    }
}

const NAMES: [&str; 13] = [
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three-of-a-kind",
    "four-of-a-kind",
    "full-house",
    "small-straight",
    "large-straight",
    "yahtzee",
    "chance",
];

/// A set of boxes, one bit each (bit `Category::index`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CategorySet(pub u16);

impl CategorySet {
    /// All thirteen boxes.
    pub const ALL: CategorySet = CategorySet((1 << 13) - 1);
    /// No box.
    pub const EMPTY: CategorySet = CategorySet(0);

    /// Whether `c` is in the set.
    pub fn contains(self, c: Category) -> bool {
        self.0 & c.bit() != 0
    }

    /// The set with `c` added.
    pub fn with(self, c: Category) -> CategorySet {
        CategorySet(self.0 | c.bit())
    }

    /// The boxes of the set in sheet order.
    pub fn iter(self) -> impl Iterator<Item = Category> {
        Category::ALL.into_iter().filter(move |c| self.contains(*c))
    }

    /// How many boxes.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// A set from a list of boxes.
    pub fn of(categories: &[Category]) -> CategorySet {
        CategorySet(categories.iter().fold(0, |m, c| m | c.bit()))
    }
}

/// Most dice, faces, rolls a turn and upper-bonus threshold accepted (the
/// official game's; reduced games use less).
pub const MAX_DICE: u8 = 5;
/// Most faces of a die.
pub const MAX_FACES: u8 = 6;
/// Most rolls a turn.
pub const MAX_ROLLS: u8 = 3;
/// Largest upper-bonus threshold (the state keeps the upper total capped
/// here, in one 64-bit set of reachable totals).
pub const MAX_THRESHOLD: u32 = 63;
/// The Yahtzee bonus of each extra Yahtzee.
pub const YAHTZEE_BONUS: u32 = 100;

/// The rules of the game solved. [`Rules::official`] is Hasbro's game
/// with the forced Joker; the switches turn the Yahtzee bonus and the
/// Joker off; dice, faces, rolls, boxes and the threshold give the
/// reduced games the tests solve by brute force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Dice rolled (1-5; 5 officially). "All dice alike" is a Yahtzee.
    pub dice: u8,
    /// Faces of a die (1-6; 6 officially).
    pub faces: u8,
    /// Rolls a turn (1-3; 3 officially).
    pub rolls: u8,
    /// The boxes of the sheet (all thirteen officially).
    pub categories: CategorySet,
    /// The upper total that earns the upper bonus (1-63; 63 officially).
    pub upper_threshold: u32,
    /// The upper bonus (35 officially).
    pub upper_bonus: u32,
    /// 100 points for each Yahtzee rolled once the Yahtzee box holds 50.
    pub yahtzee_bonus: bool,
    /// The forced Joker: a Yahtzee rolled once the Yahtzee box is filled
    /// (with 50 or 0) must go to its face's upper box if that is open;
    /// otherwise to any open lower box, where full house, small and large
    /// straight score in full; with the lower section full, to any open
    /// upper box (for 0).
    pub joker: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::official()
    }
}

impl Rules {
    /// Hasbro's rules, with the Yahtzee bonus and the forced Joker.
    pub const fn official() -> Rules {
        Rules {
            dice: 5,
            faces: 6,
            rolls: 3,
            categories: CategorySet::ALL,
            upper_threshold: 63,
            upper_bonus: 35,
            yahtzee_bonus: true,
            joker: true,
        }
    }

    /// An error naming the first value out of range.
    pub fn check(&self) -> Result<()> {
        let bad = |what: &str, value: u32, range: &str| {
            Err(Error::invalid(format!(
                "Yahtzee rules: {what} {value} is out of range ({range})"
            )))
        };
        if !(1..=MAX_DICE).contains(&self.dice) {
            return bad("dice", self.dice.into(), "1-5");
        }
        if !(1..=MAX_FACES).contains(&self.faces) {
            return bad("faces", self.faces.into(), "1-6");
        }
        if !(1..=MAX_ROLLS).contains(&self.rolls) {
            return bad("rolls", self.rolls.into(), "1-3");
        }
        if !(1..=MAX_THRESHOLD).contains(&self.upper_threshold) {
            return bad("upper threshold", self.upper_threshold, "1-63");
        }
        if self.upper_bonus > 1000 {
            return bad("upper bonus", self.upper_bonus, "0-1000");
        }
        if self.categories.is_empty() || self.categories.0 & !CategorySet::ALL.0 != 0 {
            return Err(Error::invalid(format!(
                "Yahtzee rules: the boxes {:#x} must be a non-empty subset of the 13",
                self.categories.0
            )));
        }
        Ok(())
    }

    /// Whether the state tracks "the Yahtzee box holds 50" (only the bonus
    /// reads it).
    pub(crate) fn tracks_bonus(&self) -> bool {
        self.yahtzee_bonus && self.categories.contains(Category::Yahtzee)
    }
}

/// A roll as counts per face (index 0 is face 1).
pub type Counts = [u8; 6];

/// The face all dice show, if they all show one.
pub fn yahtzee_face(rules: &Rules, counts: &Counts) -> Option<usize> {
    counts.iter().position(|&k| k == rules.dice).map(|i| i + 1)
}

fn has_run(counts: &Counts, length: usize) -> bool {
    (0..=6 - length).any(|start| counts[start..start + length].iter().all(|&k| k > 0))
}

/// What the roll scores in `c` by the box's own rule (no Joker).
pub fn base_score(c: Category, counts: &Counts) -> u32 {
    let sum: u32 = (0..6).map(|i| u32::from(counts[i]) * (i as u32 + 1)).sum();
    let most = counts.iter().copied().max().unwrap_or(0);
    match c.upper_face() {
        Some(face) => u32::from(counts[face - 1]) * face as u32,
        None => match c {
            Category::ThreeOfAKind => {
                if most >= 3 {
                    sum
                } else {
                    0
                }
            }
            Category::FourOfAKind => {
                if most >= 4 {
                    sum
                } else {
                    0
                }
            }
            Category::FullHouse => {
                let three = counts.contains(&3);
                let two = counts.contains(&2);
                if three && two { 25 } else { 0 }
            }
            Category::SmallStraight => {
                if has_run(counts, 4) {
                    30
                } else {
                    0
                }
            }
            Category::LargeStraight => {
                if has_run(counts, 5) {
                    40
                } else {
                    0
                }
            }
            // All dice alike (five officially; fewer in a reduced game).
            Category::Yahtzee => {
                if counts.iter().filter(|&&k| k > 0).count() == 1 {
                    50
                } else {
                    0
                }
            }
            _ => sum, // Chance
        },
    }
}

/// The points of the final roll `counts` in box `c`, or None when the
/// rules do not let it go there: `c` is filled, or the Joker sends this
/// Yahtzee elsewhere. `open` is the set of boxes still open.
pub fn score_in(rules: &Rules, open: CategorySet, c: Category, counts: &Counts) -> Option<u32> {
    if !open.contains(c) {
        return None;
    }
    let joker = rules.joker
        && rules.categories.contains(Category::Yahtzee)
        && !open.contains(Category::Yahtzee);
    let face = if joker {
        yahtzee_face(rules, counts)
    } else {
        None
    };
    let Some(face) = face else {
        return Some(base_score(c, counts));
    };
    // A Yahtzee under the Joker rules.
    let own_upper = Category::ALL[face - 1];
    if open.contains(own_upper) {
        return (c == own_upper).then(|| base_score(c, counts));
    }
    let lower_open = open.0 & !0x3f != 0;
    match (c.upper_face(), lower_open) {
        (None, _) => Some(match c {
            Category::FullHouse => 25,
            Category::SmallStraight => 30,
            Category::LargeStraight => 40,
            _ => base_score(c, counts),
        }),
        (Some(_), false) => Some(base_score(c, counts)),
        (Some(_), true) => None,
    }
}

/// The Yahtzee bonus the final roll earns: 100 when it is a Yahtzee and the
/// Yahtzee box already holds 50 (`yahtzee_scored_50`).
pub fn bonus_of(rules: &Rules, yahtzee_scored_50: bool, counts: &Counts) -> u32 {
    if rules.yahtzee_bonus && yahtzee_scored_50 && yahtzee_face(rules, counts).is_some() {
        YAHTZEE_BONUS
    } else {
        0
    }
}
