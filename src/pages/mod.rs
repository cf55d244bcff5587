//! One module per route.

pub mod analysis;
pub mod computer;
pub mod friend;
pub mod home;
pub mod not_found;
pub mod play;
