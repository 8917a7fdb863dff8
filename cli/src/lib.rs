//! The `oddsmith` command line: one module per subcommand. The argument
//! parsers live here, in a library, so that fuzz targets can reach them.

pub mod bg_cards;
pub mod cards;
pub mod coins;
pub mod combat;
pub mod durak;
pub mod generate;
pub mod long_run;
pub mod output;
pub mod pig;
pub mod poker;
pub mod split_damage;
