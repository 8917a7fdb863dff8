//! The dice of a turn as multisets: every keep (0 to `dice` dice, 462 for
//! five six-sided dice) numbered once, the full rolls (252) first, with the
//! sparse transitions the turn's solve walks: add one die of each face,
//! take one die of each face present. Built once per rule set.

use super::rules::{Category, Counts, Rules, base_score};

/// Marks "no such keep" in the transition tables.
const NONE: u16 = u16::MAX;

/// All multisets of at most `dice` dice, largest first.
#[derive(Debug, Clone)]
pub(crate) struct DiceSpace {
    /// Faces of a die.
    pub faces: usize,
    /// The counts of each keep, by number.
    pub counts: Vec<Counts>,
    /// Keeps numbered below this are full rolls (all the dice).
    pub full: usize,
    /// For a keep that is not full: the keep with one more die of each
    /// face (`faces` entries used).
    pub add: Vec<[u16; 6]>,
    /// For each keep: the keeps with one die less (one per face present),
    /// as a range into `remove_list`.
    pub remove_start: Vec<u32>,
    /// The targets of `remove_start`.
    pub remove_list: Vec<u16>,
    /// The chance of each full roll when all the dice are rolled.
    pub probability: Vec<f64>,
    /// Per full roll: its points in each box by the box's own rule.
    pub base: Vec<[u16; 13]>,
    /// The number of each keep.
    number: hashbrown::HashMap<Counts, u16>,
}

fn multisets(size: u8, faces: usize, face: usize, prefix: &mut Counts, out: &mut Vec<Counts>) {
    if face + 1 == faces {
        prefix[face] = size;
        out.push(*prefix);
        prefix[face] = 0;
        return;
    }
    for k in (0..=size).rev() {
        prefix[face] = k;
        multisets(size - k, faces, face + 1, prefix, out);
    }
    prefix[face] = 0;
}

fn factorial(n: u8) -> f64 {
    (1..=u32::from(n)).map(f64::from).product()
}

impl DiceSpace {
    pub fn new(rules: &Rules) -> DiceSpace {
        let faces = usize::from(rules.faces);
        let mut counts = Vec::new();
        for size in (0..=rules.dice).rev() {
            multisets(size, faces, 0, &mut [0; 6], &mut counts);
        }
        let number: hashbrown::HashMap<Counts, u16> = counts
            .iter()
            .enumerate()
            .map(|(i, c)| (*c, i as u16))
            .collect();
        let size = |c: &Counts| c.iter().sum::<u8>();
        let full = counts.iter().filter(|c| size(c) == rules.dice).count();
        let mut add = vec![[NONE; 6]; counts.len()];
        let mut remove_start = vec![0u32];
        let mut remove_list = Vec::new();
        for (i, c) in counts.iter().enumerate() {
            for f in 0..faces {
                let mut more = *c;
                more[f] += 1;
                if let Some(&j) = number.get(&more) {
                    add[i][f] = j;
                }
                if c[f] > 0 {
                    let mut less = *c;
                    less[f] -= 1;
                    remove_list.push(number[&less]);
                }
            }
            remove_start.push(remove_list.len() as u32);
        }
        let rolls = f64::from(rules.faces).powi(i32::from(rules.dice));
        let probability = counts[..full]
            .iter()
            .map(|c| {
                let arrangements =
                    factorial(rules.dice) / c.iter().map(|&k| factorial(k)).product::<f64>();
                arrangements / rolls
            })
            .collect();
        let base = counts[..full]
            .iter()
            .map(|c| Category::ALL.map(|k| base_score(k, c) as u16))
            .collect();
        DiceSpace {
            base,
            number,
            faces,
            counts,
            full,
            add,
            remove_start,
            remove_list,
            probability,
        }
    }

    /// The number of keeps (462 for five six-sided dice).
    pub fn keeps(&self) -> usize {
        self.counts.len()
    }

    /// The keep with these counts.
    pub fn index_of(&self, counts: &Counts) -> Option<usize> {
        self.number.get(counts).map(|&i| usize::from(i))
    }

    /// The keeps one die smaller than keep `i`.
    pub fn smaller(&self, i: usize) -> &[u16] {
        &self.remove_list[self.remove_start[i] as usize..self.remove_start[i + 1] as usize]
    }
}
