//! `oddsmith generate preflop-table --out FILE` and `oddsmith generate
//! bg-effects --out FILE`: the maintainers' generators of committed tables,
//! the heads-up preflop table (`src/poker/equity/preflop_heads_up.bin`,
//! computed with the exact engine on all cores) and the Battlegrounds
//! effect table (`src/hearthstone/cards/effect_table.rs`, every card read
//! from the card table and the hand-written rows).

use crate::output::{Failure, Outcome};
use oddsmith::hearthstone::cards;
use oddsmith::poker::equity::preflop;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    table: Table,
}

#[derive(clap::Subcommand)]
enum Table {
    /// Every heads-up preflop matchup up to suits (about a minute).
    PreflopTable {
        /// Where to write the table.
        #[arg(long)]
        out: String,
    },
    /// The Battlegrounds effect table: one row per card of the card table
    /// (a second).
    BgEffects {
        /// Where to write the table (src/hearthstone/cards/effect_table.rs).
        #[arg(long)]
        out: String,
    },
}

pub fn run(args: &Args) -> Outcome {
    match &args.table {
        Table::PreflopTable { out } => {
            let bytes = preflop::generate();
            std::fs::write(out, &bytes)
                .map_err(|e| Failure::Other(format!("cannot write {out}: {e}")))?;
            println!(
                "{} bytes, checksum {:#018x}",
                bytes.len(),
                preflop::checksum(&bytes)
            );
            Ok(())
        }
        Table::BgEffects { out } => {
            let source = cards::effect_table_source();
            std::fs::write(out, &source)
                .map_err(|e| Failure::Other(format!("cannot write {out}: {e}")))?;
            let modelled = cards::all()
                .iter()
                .filter(|c| cards::combat_effect(c).is_modelled())
                .count();
            println!(
                "{} rows ({} bytes); {modelled} cards modelled with the table this binary was built with",
                cards::all().len(),
                source.len()
            );
            Ok(())
        }
    }
}
