//! The review's views: its panel (budget, progress, summary), the evaluation graph and
//! the better move's line under the board.

pub mod best_move_line;
pub mod eval_graph;
pub mod panel;
