//! `oddsmith generate preflop-table --out FILE`: the maintainers' generator
//! of the committed heads-up preflop table (`src/poker/equity/
//! preflop_heads_up.bin`), computed with the exact engine on all cores.

use crate::output::{Failure, Outcome};
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
    }
}
