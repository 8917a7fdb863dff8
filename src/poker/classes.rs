//! The poker hand order, computed rather than pasted: every 5-card hand
//! class gets a score whose numeric order is the poker order, and the
//! 7,462 distinct classes are numbered 1..=7462 (higher is better).

/// Hand categories, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// No pair or better: the highest cards count.
    HighCard = 0,
    /// One pair.
    Pair = 1,
    /// Two pairs.
    TwoPair = 2,
    /// Three of a kind.
    Trips = 3,
    /// Five ranks in a row (A-2-3-4-5 the lowest).
    Straight = 4,
    /// Five cards of one suit.
    Flush = 5,
    /// Three of a kind and a pair.
    FullHouse = 6,
    /// Four of a kind.
    Quads = 7,
    /// A straight in one suit (a royal flush is the highest).
    StraightFlush = 8,
}

impl Category {
    /// Every category, weakest first (`ALL[c as usize] == c`).
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::Trips,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::Quads,
        Category::StraightFlush,
    ];

    /// The category's English name, such as "Two Pair" or "Three of a Kind".
    pub fn name(self) -> &'static str {
        match self {
            Category::HighCard => "High Card",
            Category::Pair => "Pair",
            Category::TwoPair => "Two Pair",
            Category::Trips => "Three of a Kind",
            Category::Straight => "Straight",
            Category::Flush => "Flush",
            Category::FullHouse => "Full House",
            Category::Quads => "Four of a Kind",
            Category::StraightFlush => "Straight Flush",
        }
    }

    /// A short key for JSON ("high_card", "pair", ...).
    pub fn key(self) -> &'static str {
        match self {
            Category::HighCard => "high_card",
            Category::Pair => "pair",
            Category::TwoPair => "two_pair",
            Category::Trips => "trips",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full_house",
            Category::Quads => "quads",
            Category::StraightFlush => "straight_flush",
        }
    }
}

/// A comparable score: category in bits 20.., then up to five ranks
/// (0 = deuce .. 12 = ace) by importance, four bits each.
pub(crate) type Score = u32;

pub(crate) fn score(category: Category, ranks: &[u8]) -> Score {
    let mut s = (category as u32) << 20;
    for (i, &r) in ranks.iter().take(5).enumerate() {
        s |= (r as u32) << (16 - 4 * i);
    }
    s
}

pub(crate) fn category_of(score: Score) -> Category {
    Category::ALL[(score >> 20) as usize]
}

/// The top card of the best straight in a 13-bit rank mask (3 for the
/// wheel, A-2-3-4-5), if any.
pub(crate) fn straight_top(mask: u16) -> Option<u8> {
    (4..13u8)
        .rev()
        .find(|&top| (mask >> (top - 4)) & 0x1F == 0x1F)
        .or_else(|| (mask & 0x100F == 0x100F).then_some(3))
}

/// Ranks present in `mask`, highest first, skipping `except`.
fn ranks_desc(mask: u16, except: &[u8]) -> impl Iterator<Item = u8> + '_ {
    (0..13u8)
        .rev()
        .filter(move |&r| mask >> r & 1 == 1 && !except.contains(&r))
}

/// The best non-flush 5-card score among 5 to 7 cards given as rank counts.
pub(crate) fn best_from_counts(counts: &[u8; 13]) -> Score {
    let present: u16 = (0..13)
        .filter(|&r| counts[r] > 0)
        .fold(0, |m, r| m | 1 << r);
    let with = |n: u8| -> Vec<u8> {
        (0..13u8)
            .rev()
            .filter(|&r| counts[r as usize] >= n)
            .collect()
    };
    let quads = with(4);
    let trips = with(3);
    let pairs = with(2);
    if let Some(&q) = quads.first() {
        let kicker = ranks_desc(present, &[q]).next().unwrap_or(0);
        return score(Category::Quads, &[q, kicker]);
    }
    if let Some(&t) = trips.first()
        && let Some(&p) = pairs.iter().find(|&&p| p != t)
    {
        return score(Category::FullHouse, &[t, p]);
    }
    if let Some(top) = straight_top(present) {
        return score(Category::Straight, &[top]);
    }
    if let Some(&t) = trips.first() {
        let kickers: Vec<u8> = ranks_desc(present, &[t]).take(2).collect();
        return score(Category::Trips, &[t, kickers[0], kickers[1]]);
    }
    if pairs.len() >= 2 {
        let (hi, lo) = (pairs[0], pairs[1]);
        let kicker = ranks_desc(present, &[hi, lo]).next().unwrap_or(0);
        return score(Category::TwoPair, &[hi, lo, kicker]);
    }
    if let Some(&p) = pairs.first() {
        let k: Vec<u8> = ranks_desc(present, &[p]).take(3).collect();
        return score(Category::Pair, &[p, k[0], k[1], k[2]]);
    }
    let top: Vec<u8> = ranks_desc(present, &[]).take(5).collect();
    score(Category::HighCard, &top)
}

/// The best score of a flush holding the ranks in `mask` (5+ ranks).
pub(crate) fn best_flush(mask: u16) -> Score {
    if let Some(top) = straight_top(mask) {
        return score(Category::StraightFlush, &[top]);
    }
    let top: Vec<u8> = ranks_desc(mask, &[]).take(5).collect();
    score(Category::Flush, &top)
}

/// Every distinct 5-card class score, sorted weakest first (7,462).
pub(crate) fn all_class_scores() -> Vec<Score> {
    let mut scores = Vec::with_capacity(8000);
    let mut counts = [0u8; 13];
    for_each_count_vector(5, &mut counts, 0, &mut |c| scores.push(best_from_counts(c)));
    for mask in 0u16..(1 << 13) {
        if mask.count_ones() == 5 {
            scores.push(best_flush(mask));
        }
    }
    scores.sort_unstable();
    scores.dedup();
    scores
}

/// Calls `f` with every rank-count vector (each count <= 4) summing to
/// exactly `left` more cards from rank `from` on.
pub(crate) fn for_each_count_vector(
    left: u8,
    counts: &mut [u8; 13],
    from: usize,
    f: &mut impl FnMut(&[u8; 13]),
) {
    if from == 13 {
        if left == 0 {
            f(counts);
        }
        return;
    }
    for c in 0..=left.min(4) {
        counts[from] = c;
        for_each_count_vector(left - c, counts, from + 1, f);
    }
    counts[from] = 0;
}

const RANK_NAMES: [&str; 13] = [
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const RANK_PLURALS: [&str; 13] = [
    "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];

/// "Two Pair, Kings and Sevens", "Straight, Nine high", ...
pub(crate) fn describe(score: Score) -> String {
    let r = |i: u32| ((score >> (16 - 4 * i)) & 0xF) as usize;
    match category_of(score) {
        Category::HighCard => format!("High Card, {}", RANK_NAMES[r(0)]),
        Category::Pair => format!("Pair of {}", RANK_PLURALS[r(0)]),
        Category::TwoPair => format!(
            "Two Pair, {} and {}",
            RANK_PLURALS[r(0)],
            RANK_PLURALS[r(1)]
        ),
        Category::Trips => format!("Three of a Kind, {}", RANK_PLURALS[r(0)]),
        Category::Straight => format!("Straight, {} high", RANK_NAMES[r(0)]),
        Category::Flush => format!("Flush, {} high", RANK_NAMES[r(0)]),
        Category::FullHouse => format!(
            "Full House, {} full of {}",
            RANK_PLURALS[r(0)],
            RANK_PLURALS[r(1)]
        ),
        Category::Quads => format!("Four of a Kind, {}", RANK_PLURALS[r(0)]),
        Category::StraightFlush if r(0) == 12 => "Royal Flush".to_string(),
        Category::StraightFlush => format!("Straight Flush, {} high", RANK_NAMES[r(0)]),
    }
}
