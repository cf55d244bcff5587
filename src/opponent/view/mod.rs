//! The computer's views on the `/computer` page: its dialog, what it is doing, and the
//! evaluation bar and hint of its assistant.

pub mod assistant_tools;
pub mod computer_dialog;
pub mod engine_status;
