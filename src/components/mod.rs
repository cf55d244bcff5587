//! The building blocks of the pages.

pub mod nav;
