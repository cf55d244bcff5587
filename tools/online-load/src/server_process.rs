//! The server's resident memory and CPU time, read from `/proc/<pid>` (Linux).

use std::fs;

/// One reading of a process.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reading {
    /// Resident memory, in kibibytes.
    pub rss_kib: u64,
    /// User plus system CPU time, in clock ticks.
    pub cpu_ticks: u64,
}

/// The clock ticks per second of `/proc/<pid>/stat` (`sysconf(_SC_CLK_TCK)`, 100 on
/// Linux).
pub const TICKS_PER_SECOND: f64 = 100.0;

/// Reads `pid`'s memory and CPU time; `None` when the process is gone or not Linux.
pub fn read(pid: u32) -> Option<Reading> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss_kib = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())?;
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let after_name = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Reading {
        rss_kib,
        cpu_ticks: utime + stime,
    })
}
