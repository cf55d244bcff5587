//! Real servers on loopback for Gambit's tests and its local cluster: PostgreSQL
//! ([`Postgres`]), Redis ([`Redis`]) and nginx in front of several nodes ([`Nginx`]), each started with its own free port and its own data
//! directory (removed when the value is dropped), and stopped when dropped.
//!
//! The programs are Debian's (`apt-get install postgresql redis-server nginx`); `cargo xtask test` installs
//! them when they are missing. PostgreSQL refuses to run as root, so a root process
//! runs it as the `postgres` user the package creates.

mod nginx;
mod postgres;
mod process;
mod redis;

pub use nginx::{Nginx, site};
pub use postgres::Postgres;
pub use process::free_port;
pub use redis::Redis;
