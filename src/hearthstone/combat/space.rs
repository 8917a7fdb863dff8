//! Summons that wait for room (Firestone's summon-when-space step): a
//! hero-side card's start of combat sets its side's waiting summons
//! (`State::space`, `HeroCard::when_space`), and the step
//! summons them while the board has room, one by one, at the right end,
//! each heard as any summon. Firestone runs the step after each
//! start-of-combat phase and effect with its death phase, before each
//! attack and after each death phase; room only opens in a death phase,
//! so the engine runs it at the end of the secrets' phase, after each
//! start-of-combat death phase and after each attack's death phase (the
//! runs it skips would find no room). When both sides summon, a random
//! side goes first (Firestone's coin flip).

use super::chooser::Chooser;
use super::kinds::Kinds;
use super::state::State;
use super::unit::UNMARKED;
use crate::hearthstone::model::BOARD_SIZE;

/// The most summons one side keeps waiting (three bits in the keys).
pub(super) const MAX_WAITING: u8 = 7;

impl State {
    /// The summon-when-space step: each side with summons waiting and
    /// room on its board summons them (a random side first when both do).
    #[inline(never)]
    pub(super) fn summon_when_space(&mut self, kinds: &Kinds, chooser: &mut impl Chooser) {
        let ready =
            |s: &State, side: usize| s.space[side] > 0 && (s.lens[side] as usize) < BOARD_SIZE;
        let first = match (ready(self, 0), ready(self, 1)) {
            (false, false) => return,
            (true, false) => 0,
            (false, true) => 1,
            (true, true) => chooser.pick(2) as usize,
        };
        for side in [first, 1 - first] {
            self.summon_waiting(kinds, side, chooser);
        }
    }

    /// `side`'s waiting summons while its board has room: its first
    /// hero-side card whose summon waits gives the token.
    fn summon_waiting(&mut self, kinds: &Kinds, side: usize, chooser: &mut impl Chooser) {
        let Some(j) = kinds.heroes(side).iter().position(|c| c.when_space) else {
            return;
        };
        let token = (
            kinds.hero_tokens[side][j],
            kinds.heroes(side)[j].token.health,
        );
        while self.space[side] > 0 && (self.lens[side] as usize) < BOARD_SIZE {
            let end = self.lens[side] as usize;
            self.insert_tokens(kinds, side, end, token, 1, UNMARKED, chooser);
            self.space[side] -= 1;
        }
    }
}
