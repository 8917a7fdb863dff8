//! Ratings on the Elo scale from pairwise results: the Bradley-Terry
//! model (P(i beats j) = g_i / (g_i + g_j)) fitted by maximum likelihood,
//! with 95% intervals from the observed information, one player anchored
//! at 0.

use crate::error::{Error, Result};

/// Elo points per unit of natural-log strength: 400 / ln 10.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;
/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// One player's rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Elo points above the anchor.
    pub elo: f64,
    /// 95% interval of `elo` (the anchor's is (0, 0): it is fixed).
    pub ci95: (f64, f64),
}

/// Bradley-Terry ratings of `points.len()` players: `points[i][j]` is
/// what `i` scored against `j` (a win 1, a draw 1/2), so the games between
/// them are `points[i][j] + points[j][i]`; `anchor` is rated 0. The
/// results must connect every player both ways (each group of players won
/// and lost something against the rest), else a rating would be infinite:
/// an error names the player.
pub fn fit(points: &[Vec<f64>], anchor: usize) -> Result<Vec<Rating>> {
    let n = points.len();
    if anchor >= n {
        return Err(Error::invalid(format!(
            "anchor {anchor}: there are {n} players"
        )));
    }
    if let Some(row) = points.iter().position(|r| r.len() != n) {
        return Err(Error::invalid(format!(
            "results row {row} has {} entries, not {n}",
            points[row].len()
        )));
    }
    if points.iter().flatten().any(|p| !p.is_finite() || *p < 0.0) {
        return Err(Error::invalid("results must be finite and at least 0"));
    }
    check_connected(points)?;
    let games = |i: usize, j: usize| points[i][j] + points[j][i];
    // Minorization-maximization (Hunter 2004): each step raises the
    // likelihood, from any start, to the unique maximum.
    let mut g = vec![1.0f64; n];
    for _ in 0..1_000_000 {
        let mut change = 0.0f64;
        for i in 0..n {
            let won: f64 = points[i].iter().sum();
            let denom: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| games(i, j) / (g[i] + g[j]))
                .sum();
            let next = won / denom;
            change = change.max((next / g[i]).ln().abs());
            g[i] = next;
        }
        let scale = g[anchor];
        g.iter_mut().for_each(|x| *x /= scale);
        if change < 1e-13 {
            break;
        }
    }
    let theta: Vec<f64> = g.iter().map(|x| x.ln()).collect();
    // Observed information of the free log-strengths (the anchor's is
    // fixed); its inverse is their covariance.
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let weight = |i: usize, j: usize| {
        let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
        games(i, j) * p * (1.0 - p)
    };
    let info: Vec<Vec<f64>> = free
        .iter()
        .map(|&i| {
            free.iter()
                .map(|&j| {
                    if i == j {
                        (0..n).filter(|&k| k != i).map(|k| weight(i, k)).sum()
                    } else {
                        -weight(i, j)
                    }
                })
                .collect()
        })
        .collect();
    let cov = invert(info).ok_or_else(|| Error::invalid("the results do not fix the ratings"))?;
    Ok((0..n)
        .map(|i| {
            let elo = theta[i] * ELO_PER_NAT;
            let half = match free.iter().position(|&f| f == i) {
                Some(k) => Z95 * cov[k][k].sqrt() * ELO_PER_NAT,
                None => 0.0,
            };
            Rating {
                elo,
                ci95: (elo - half, elo + half),
            }
        })
        .collect())
}

/// Every player reaches every other through "scored against" (the
/// condition for finite maximum-likelihood ratings); else names a player
/// the others cannot reach or who cannot reach them.
fn check_connected(points: &[Vec<f64>]) -> Result<()> {
    let n = points.len();
    let reach = |forward: bool| {
        let mut seen = vec![false; n];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in 0..n {
                let scored = if forward { points[i][j] } else { points[j][i] };
                if !seen[j] && scored > 0.0 {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().position(|s| !s)
    };
    match reach(true).or_else(|| reach(false)) {
        None => Ok(()),
        Some(p) => Err(Error::invalid(format!(
            "player {p}'s rating is not fixed: some group of players won (or lost) every game against the rest"
        ))),
    }
}

/// The inverse of a symmetric positive definite matrix, by Gauss-Jordan
/// with partial pivoting; None when singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        a[col].iter_mut().for_each(|x| *x /= d);
        inv[col].iter_mut().for_each(|x| *x /= d);
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for k in 0..n {
                        a[row][k] -= f * a[col][k];
                        inv[row][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two players, 3 wins of 4: the odds are 3, so 400 log10 3 Elo; the
    /// information is n p (1 - p) = 4 * 3/4 * 1/4 = 3/4 per nat squared.
    #[test]
    fn two_players_by_hand() {
        let r = fit(&[vec![0.0, 1.0], vec![3.0, 0.0]], 0).unwrap();
        assert_eq!(r[0].elo, 0.0);
        assert_eq!(r[0].ci95, (0.0, 0.0));
        let elo = 400.0 * 3f64.log10();
        assert!((r[1].elo - elo).abs() < 1e-9, "{r:?}");
        let half = Z95 * (1.0 / 0.75f64).sqrt() * 400.0 / 10f64.ln();
        assert!((r[1].ci95.1 - r[1].elo - half).abs() < 1e-9, "{r:?}");
        assert!((r[1].elo - r[1].ci95.0 - half).abs() < 1e-9, "{r:?}");
    }

    /// Results equal to their expectations under strengths 1, 2, 4 are
    /// fitted back to exactly those strengths (the likelihood equations
    /// say observed = expected wins), whichever player is the anchor.
    #[test]
    fn expected_results_give_back_their_strengths() {
        // Pairs (0,1) 3 games: 1 and 2; (0,2) 5 games: 1 and 4; (1,2) 3
        // games: 1 and 2.
        let points = vec![
            vec![0.0, 1.0, 1.0],
            vec![2.0, 0.0, 1.0],
            vec![4.0, 2.0, 0.0],
        ];
        let step = 400.0 * 2f64.log10();
        let r = fit(&points, 0).unwrap();
        for (i, want) in [0.0, step, 2.0 * step].into_iter().enumerate() {
            assert!((r[i].elo - want).abs() < 1e-7, "{i}: {r:?}");
        }
        let from_top = fit(&points, 2).unwrap();
        assert!((from_top[0].elo + 2.0 * step).abs() < 1e-7, "{from_top:?}");
        // Intervals are centred on the rating; only the anchor's is empty.
        for x in &r[1..] {
            assert!(x.ci95.0 < x.elo && x.elo < x.ci95.1, "{r:?}");
            assert!(
                ((x.ci95.1 - x.elo) - (x.elo - x.ci95.0)).abs() < 1e-9,
                "{r:?}"
            );
        }
    }

    /// Draws count half to each side: two draws are level.
    #[test]
    fn draws_are_half_points() {
        let r = fit(&[vec![0.0, 1.0], vec![1.0, 0.0]], 0).unwrap();
        assert!(r[1].elo.abs() < 1e-12);
    }

    #[test]
    fn unbounded_and_malformed_results_are_refused() {
        // Player 1 won every game: its rating would be infinite.
        let e = fit(&[vec![0.0, 0.0], vec![5.0, 0.0]], 0).unwrap_err();
        assert!(e.message().contains("not fixed"), "{e}");
        // Two groups that never met.
        let apart = vec![
            vec![0.0, 1.0, 0.0, 0.0],
            vec![1.0, 0.0, 0.0, 0.0],
            vec![0.0, 0.0, 0.0, 1.0],
            vec![0.0, 0.0, 1.0, 0.0],
        ];
        assert!(fit(&apart, 0).is_err());
        assert!(fit(&[vec![0.0, 1.0], vec![1.0]], 0).is_err());
        assert!(fit(&[vec![0.0, 1.0], vec![1.0, 0.0]], 2).is_err());
        assert!(fit(&[vec![0.0, f64::NAN], vec![1.0, 0.0]], 0).is_err());
    }
}
