//! The search's tuned numbers, named: each was set by measurement (matches or
//! `tools/bench-ab.sh` runs), so a change here changes how the engine plays and
//! `bench`'s node count. Depths are in plies, scores in centipawns.

/// Deepest remaining depth at which reverse futility pruning may cut a node.
pub(super) const REVERSE_FUTILITY_MAX_DEPTH: i32 = 7;
/// Reverse futility pruning: how far the static evaluation must stand above beta, per
/// ply of remaining depth, to return it without a search.
pub(super) const REVERSE_FUTILITY_MARGIN_PER_PLY: i32 = 75;
/// Taken off the reverse futility margin when the side to move is improving.
pub(super) const REVERSE_FUTILITY_IMPROVING: i32 = 40;

/// Shallowest depth at which null-move pruning is tried.
pub(super) const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// The null-move search's reduction before the terms below.
pub(super) const NULL_MOVE_BASE_REDUCTION: i32 = 3;
/// One more ply of null-move reduction for every this many plies of depth.
pub(super) const NULL_MOVE_DEPTH_PER_REDUCTION: i32 = 3;
/// One more ply of null-move reduction for every this much the static evaluation
/// stands above beta …
pub(super) const NULL_MOVE_EVAL_PER_REDUCTION: i32 = 200;
/// … up to this many plies.
pub(super) const NULL_MOVE_EVAL_MAX_REDUCTION: i32 = 3;

/// Internal iterative reduction: from this depth, a node without a stored move is
/// searched a ply shallower.
pub(super) const IIR_MIN_DEPTH: i32 = 4;

/// Late-move pruning applies up to this depth …
pub(super) const LATE_MOVE_MAX_DEPTH: i32 = 5;
/// … once this many quiet moves, plus depth² (halved when not improving), were tried.
pub(super) const LATE_MOVE_BASE_COUNT: i32 = 3;

/// Futility pruning of quiet moves applies up to this depth …
pub(super) const FUTILITY_MAX_DEPTH: i32 = 6;
/// … when the static evaluation plus this margin …
pub(super) const FUTILITY_BASE_MARGIN: i32 = 90;
/// … plus this much per ply of depth is still at or below alpha.
pub(super) const FUTILITY_MARGIN_PER_PLY: i32 = 85;

/// History pruning applies up to this depth: a quiet move whose history score is
/// below −[`HISTORY_PRUNING_PER_PLY`] × depth is skipped.
pub(super) const HISTORY_PRUNING_MAX_DEPTH: i32 = 3;
/// See [`HISTORY_PRUNING_MAX_DEPTH`].
pub(super) const HISTORY_PRUNING_PER_PLY: i32 = 3_000;

/// Static-exchange pruning of quiet moves applies up to this depth …
pub(super) const QUIET_SEE_MAX_DEPTH: i32 = 7;
/// … to a move that loses more than this times depth² by exchange (25 … 1 225 cp, so a
/// minor piece given up for an attack is still searched from depth 4).
pub(super) const QUIET_SEE_MARGIN_PER_PLY_SQUARED: i32 = 25;

/// Futility and static-exchange pruning of captures apply up to this depth.
pub(super) const CAPTURE_PRUNING_MAX_DEPTH: i32 = 6;
/// Capture futility: a capture is skipped when the static evaluation, plus this
/// margin …
pub(super) const CAPTURE_FUTILITY_BASE_MARGIN: i32 = 200;
/// … plus this much per ply of depth, plus the piece taken, is still at or below alpha.
pub(super) const CAPTURE_FUTILITY_MARGIN_PER_PLY: i32 = 150;
/// A capture that loses more than this times depth by exchange is skipped.
pub(super) const CAPTURE_SEE_MARGIN_PER_PLY: i32 = 95;

/// Late-move reductions apply from this depth …
pub(super) const LMR_MIN_DEPTH: i32 = 3;
/// … to moves after this many have been searched.
pub(super) const LMR_AFTER_MOVES: usize = 2;
/// A quiet move's reduction shrinks by a ply for every this much history score.
pub(super) const LMR_HISTORY_PER_PLY: i32 = 10_000;
/// The reduction table's base: `LMR_BASE + ln(depth) × ln(move number) / LMR_DIVISOR`.
pub(super) const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub(super) const LMR_DIVISOR: f64 = 2.25;

/// Aspiration windows start at this depth …
pub(super) const ASPIRATION_MIN_DEPTH: i32 = 4;
/// … this wide either side of the previous score, doubling after each failure …
pub(super) const ASPIRATION_DELTA: i32 = 20;
/// … until wider than this, when the window opens fully.
pub(super) const ASPIRATION_MAX_DELTA: i32 = 600;

/// A cut-off's history bonus is this times depth² …
pub(super) const HISTORY_BONUS_PER_PLY_SQUARED: i32 = 16;
/// … at most this.
pub(super) const HISTORY_BONUS_MAX: i32 = 1_600;

/// Quiescence search's delta pruning: how far above alpha a capture's gain may leave
/// the standing-pat score before it is skipped.
pub(super) const DELTA_MARGIN: i32 = 180;
