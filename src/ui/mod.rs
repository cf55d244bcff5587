//! What every page shares and no feature owns: the navigation bar and the icons.

pub mod icons;
pub mod nav;
