//! Wall-clock times as the stored records keep them (a clock's start, a seat's
//! creation): whole milliseconds since 1970. Plain Rust, no browser API, so that the
//! fuzz targets compile it as it is.

use serde::Serializer;

/// Writes a time in wall-clock milliseconds (`Date.now()`, a whole number kept as an
/// `f64`) as a JSON integer (`#[serde(serialize_with = "…")]`): read back as an `f64`
/// as before, and with no float formatting in the page.
pub fn whole_ms<S: Serializer>(ms: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    // Saturating: a time before 1970 (none is) would be 0, never a panic.
    serializer.serialize_u64(ms.round() as u64)
}
