//! Per-square corrections to the rule-built piece-square tables.
//!
//! [`super::tables`] builds every table from a few rules; the Texel tuner
//! (`examples/texel.rs`) fits a correction per piece, square and phase on top of them,
//! held near zero by its prior so that a square seen in few positions keeps its rule
//! value. Indexed by `Role as usize - 1`, then by the square from White's side (a1 = 0).

use super::tapered::S;

/// The corrections the engine plays with: none yet.
pub const DEFAULT: [[S; 64]; 6] = [[S(0, 0); 64]; 6];
