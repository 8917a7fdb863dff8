//! What a game state holds that might act in combat but is not modelled,
//! and what a reading does with it: refuse the state, or leave each one
//! out and list it (the answer is then approximate).

use super::Path;
use crate::error::{Error, ErrorKind, Result};

/// What a reading does with a card that might act in combat but whose
/// effect is not modelled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnUnmodelled {
    /// An error naming the first one (the boards' entries always do this).
    #[default]
    Refuse,
    /// Answer as if its effect did not exist: a minion fights with its
    /// stats and keywords, anything else is left out; each one is listed
    /// with the answer, which is then approximate.
    Ignore,
}

impl OnUnmodelled {
    /// The policy named `ignore` or `refuse` (the CLI's and Python's
    /// spelling).
    pub fn from_name(name: &str) -> Result<Self> {
        match name {
            "ignore" => Ok(OnUnmodelled::Ignore),
            "refuse" => Ok(OnUnmodelled::Refuse),
            _ => Err(Error::invalid(format!(
                "unmodelled: '{name}' is neither 'ignore' nor 'refuse'"
            ))),
        }
    }
}

/// Where in a game state a card not modelled was met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A minion on a board (it fights with its stats and keywords).
    Board,
    /// A card in a hand.
    Hand,
    /// A hero power.
    HeroPower,
    /// A trinket.
    Trinket,
    /// A quest reward.
    QuestReward,
    /// A quest.
    Quest,
    /// An anomaly of the game.
    Anomaly,
    /// A secret or a lingering spell.
    Secret,
    /// An enchantment on a minion.
    Enchantment,
    /// A card a minion lists as `additionalCards`.
    AdditionalCard,
}

impl Place {
    /// The place in words (`"hero power"`), as the CLI and JSON say it.
    pub fn name(self) -> &'static str {
        match self {
            Place::Board => "board",
            Place::Hand => "hand",
            Place::HeroPower => "hero power",
            Place::Trinket => "trinket",
            Place::QuestReward => "quest reward",
            Place::Quest => "quest",
            Place::Anomaly => "anomaly",
            Place::Secret => "secret",
            Place::Enchantment => "enchantment",
            Place::AdditionalCard => "additional card",
        }
    }
}

/// One card of a game state left out of the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnmodelledCard {
    /// Its card id as the state gives it.
    pub id: String,
    /// Its name, when the card data knows the id.
    pub name: Option<&'static str>,
    /// Where it was.
    pub place: Place,
    /// Its JSON path in the state (`opponentBoard.board[2]`).
    pub path: String,
    /// Why it is not modelled (the refusal's message).
    pub reason: String,
}

/// A reading's policy and what it left out so far.
pub(super) struct Unmodelled {
    policy: OnUnmodelled,
    found: Vec<UnmodelledCard>,
    /// Cards (by name) read with their stats and keywords alone, though
    /// modelled, and why: the engine cannot play them beside others of
    /// the state (a refusal's culprit, `Error::culprit`).
    plain: Vec<(&'static str, String)>,
}

impl Unmodelled {
    pub(super) fn new(policy: OnUnmodelled) -> Self {
        Unmodelled {
            policy,
            found: Vec::new(),
            plain: Vec::new(),
        }
    }

    /// Under `Ignore`, a reading to start over that also leaves out the
    /// culprit of `refusal` (what the engine cannot combine): true when
    /// there is one not left out already. The list of what was met starts
    /// empty again.
    pub(super) fn leave_out_culprit(&mut self, refusal: &Error) -> bool {
        let Some(name) = refusal.culprit().filter(|_| self.ignores()) else {
            return false;
        };
        if self.plain.iter().any(|&(n, _)| n == name) {
            return false;
        }
        self.plain.push((name, refusal.message().to_string()));
        self.found.clear();
        true
    }

    /// Why the card named `name` is to be read with its stats and
    /// keywords alone though modelled (see `leave_out_culprit`), if it is.
    pub(super) fn left_out(&self, name: &str) -> Option<&str> {
        let mut reasons = self.plain.iter().filter(|&&(n, _)| n == name);
        reasons.next().map(|(_, why)| why.as_str())
    }

    /// Whether cards not modelled are left out rather than refused.
    pub(super) fn ignores(&self) -> bool {
        self.policy == OnUnmodelled::Ignore
    }

    /// Meets the card `id` at `path`, not modelled for `why` (an error
    /// already naming the card): the error itself when refusing, else
    /// noted.
    pub(super) fn meet(&mut self, id: &str, place: Place, path: &Path, why: Error) -> Result<()> {
        if !self.ignores() {
            return Err(path.error(why));
        }
        self.note(id, place, path, why.message())
    }

    /// `refused`, a check's verdict on the card `id` at `path`: a
    /// refusal of what is not modelled (an invalid-argument error) is met
    /// as `meet` does; malformed input stays an error.
    pub(super) fn meet_refusal(
        &mut self,
        refused: Result<()>,
        id: &str,
        place: Place,
        path: &Path,
    ) -> Result<()> {
        match refused {
            Err(why) if why.kind() == ErrorKind::InvalidArgument && self.ignores() => {
                self.note(id, place, path, why.message())
            }
            other => other,
        }
    }

    fn note(&mut self, id: &str, place: Place, path: &Path, why: &str) -> Result<()> {
        // The path is a field of its own; the reason is the refusal's
        // words after it.
        let at = format!("{}: ", path.text());
        let why = why.strip_prefix(at.as_str()).unwrap_or(why);
        self.found.push(UnmodelledCard {
            id: id.to_string(),
            name: crate::hearthstone::cards::by_id(id).map(|c| c.name),
            place,
            path: path.text(),
            reason: why.to_string(),
        });
        Ok(())
    }

    pub(super) fn into_list(self) -> Vec<UnmodelledCard> {
        self.found
    }
}
