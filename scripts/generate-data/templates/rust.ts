/**
 * Code templates: Rust crates: library code and Cargo.toml.
 * Each export takes the naming variables of a repository and returns the file text (see ../code-templates.ts).
 */

import type { Names } from '../code-templates.js';

export const rsLib = (n: Names): string => `//! ${n.product}: ${n.desc}

#![forbid(unsafe_code)]

pub mod config;

use std::time::Duration;

/// Errors returned by ${n.product}.
#[derive(Debug)]
pub enum Error {
    /// The configuration could not be used.
    Config(String),
    /// An I/O operation failed.
    Io(std::io::Error),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Config(msg) => write!(f, "configuration error: {msg}"),
            Error::Io(err) => write!(f, "i/o error: {err}"),
        }
    }
}

impl std::error::Error for Error {}

/// Builder for the main handle.
#[derive(Debug, Clone)]
pub struct Builder {
    flush_interval: Duration,
    buffer_size: usize,
}

impl Default for Builder {
    fn default() -> Self {
        Self { flush_interval: Duration::from_secs(5), buffer_size: 1024 }
    }
}

impl Builder {
    /// How often buffered data is flushed.
    pub fn flush_interval(mut self, every: Duration) -> Self {
        self.flush_interval = every;
        self
    }

    /// Capacity of the in-memory buffer.
    pub fn buffer_size(mut self, size: usize) -> Self {
        self.buffer_size = size;
        self
    }

    /// Validate the settings.
    pub fn validate(&self) -> Result<(), Error> {
        if self.buffer_size == 0 {
            return Err(Error::Config("buffer_size must be positive".into()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_buffer_is_rejected() {
        assert!(Builder::default().buffer_size(0).validate().is_err());
    }
}
`;

export const rsModule = (n: Names): string => `//! Snapshots: a consistent, read-only view of the data at one point in time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Monotonic transaction counter shared by all handles of one ${n.product} instance.
#[derive(Debug, Default)]
pub struct Clock(AtomicU64);

impl Clock {
    /// The next transaction id.
    pub fn tick(&self) -> u64 {
        self.0.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// The last issued transaction id.
    pub fn now(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// A snapshot sees every write committed at or before \`read_ts\`.
#[derive(Debug, Clone)]
pub struct Snapshot {
    read_ts: u64,
    clock: Arc<Clock>,
}

impl Snapshot {
    /// Take a snapshot at the current time.
    pub fn take(clock: Arc<Clock>) -> Self {
        let read_ts = clock.now();
        Self { read_ts, clock }
    }

    /// Whether a version written at \`commit_ts\` is visible.
    pub fn is_visible(&self, commit_ts: u64) -> bool {
        commit_ts <= self.read_ts
    }

    /// How far behind the newest transaction this snapshot is.
    pub fn lag(&self) -> u64 {
        self.clock.now().saturating_sub(self.read_ts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_writes_are_invisible() {
        let clock = Arc::new(Clock::default());
        clock.tick();
        let snap = Snapshot::take(clock.clone());
        let later = clock.tick();
        assert!(!snap.is_visible(later));
        assert_eq!(snap.lag(), 1);
    }
}
`;

export const cargoToml = (n: Names): string => `[package]
name = "${n.cmd}"
version = "${n.version.replace(/-.*/, '')}"
edition = "2021"
description = "${n.desc.replace(/"/g, "'")}"
license = "MIT OR Apache-2.0"
repository = "https://github.com/${n.owner}/${n.repo}"

[dependencies]

[dev-dependencies]

[profile.release]
lto = "thin"
codegen-units = 1
`;
