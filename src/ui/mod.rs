//! What every page shares and no feature owns: the navigation bar, the icons and the
//! start in pieces.

pub mod icons;
pub mod nav;
pub mod start;
