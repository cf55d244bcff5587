//! gambit-rules: what a chess *game* is, on top of the `shakmaty` rules library.
pub use shakmaty;
