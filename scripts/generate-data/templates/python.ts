/**
 * Code templates: Python modules, tests and pyproject.toml.
 * Each export takes the naming variables of a repository and returns the file text (see ../code-templates.ts).
 */

import type { Names } from '../code-templates.js';

export const pyInit = (n: Names): string => `"""${n.product}: ${n.desc}"""

from .config import Config, read_config_file, parse_manifest

__all__ = ["Config", "read_config_file", "parse_manifest", "__version__"]

__version__ = "${n.version}"
`;

export const pyConfig = (n: Names): string => `"""Loading and validating ${n.file}."""

from __future__ import annotations

import dataclasses
import pathlib
from typing import Any

_KNOWN_KEYS = {"name", "workers", "batch_size", "timeout_seconds"}


class ConfigError(ValueError):
    """Raised when a configuration file cannot be used."""


@dataclasses.dataclass(frozen=True)
class Config:
    name: str
    workers: int = 4
    batch_size: int = 500
    timeout_seconds: float = 30.0


def read_config_file(path: str | pathlib.Path) -> Config:
    """Read and parse the configuration file at *path*."""
    text = pathlib.Path(path).read_text(encoding="utf-8")
    return parse_manifest(text)


def parse_manifest(text: str) -> Config:
    """Parse \`\`key: value\`\` lines; unknown keys are rejected to catch typos."""
    values: dict[str, Any] = {}
    for line_no, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ConfigError(f"line {line_no}: expected 'key: value'")
        key = key.strip()
        if key not in _KNOWN_KEYS:
            raise ConfigError(f"line {line_no}: unknown key {key!r}")
        values[key] = _coerce(key, value.strip())
    if "name" not in values:
        raise ConfigError("missing required key 'name'")
    return Config(**values)


def _coerce(key: str, raw: str) -> Any:
    if key in {"workers", "batch_size"}:
        return int(raw)
    if key == "timeout_seconds":
        return float(raw)
    return raw
`;

export const pyPipeline = (_n: Names): string => `"""Pipelines: a source, a chain of transforms and a sink."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any

Transform = Callable[[Any], Any]
Sink = Callable[[list[Any]], Awaitable[None]]


class Pipeline:
    """Moves records from a source to a sink in batches."""

    def __init__(self, source: AsyncIterator[Any], transforms: Iterable[Transform], sink: Sink, *, batch_size: int = 500) -> None:
        if batch_size <= 0:
            raise ValueError(f"batch size must be positive, got {batch_size}")
        self._source = source
        self._transforms = list(transforms)
        self._sink = sink
        self._batch_size = batch_size

    def _apply(self, record: Any) -> Any:
        for transform in self._transforms:
            record = transform(record)
            if record is None:
                break
        return record

    async def run(self) -> int:
        """Run until the source is exhausted; return the number of records written."""
        batch: list[Any] = []
        written = 0
        async for record in self._source:
            out = self._apply(record)
            if out is None:
                continue
            batch.append(out)
            if len(batch) >= self._batch_size:
                await self._sink(batch)
                written += len(batch)
                batch = []
        if batch:
            await self._sink(batch)
            written += len(batch)
        return written


def run_pipeline(pipeline: Pipeline) -> int:
    """Run *pipeline* on a fresh event loop (handy in scripts and tests)."""
    return asyncio.run(pipeline.run())
`;

export const pyTest = (n: Names): string => `import pytest

from ${n.pkg}.config import ConfigError, parse_manifest


def test_defaults_are_applied():
    cfg = parse_manifest("name: nightly\\n")
    assert cfg.workers == 4
    assert cfg.batch_size == 500


def test_comments_and_blank_lines_are_ignored():
    cfg = parse_manifest("# nightly job\\n\\nname: nightly  # inline\\nworkers: 8\\n")
    assert cfg.name == "nightly"
    assert cfg.workers == 8


def test_unknown_key_is_rejected():
    with pytest.raises(ConfigError, match="unknown key 'wrokers'"):
        parse_manifest("name: x\\nwrokers: 2\\n")


def test_name_is_required():
    with pytest.raises(ConfigError):
        parse_manifest("workers: 2\\n")
`;

export const pyproject = (n: Names): string => `[project]
name = "${n.cmd}"
version = "${n.version}"
description = "${n.desc.replace(/"/g, "'")}"
readme = "README.md"
requires-python = ">=3.10"
dependencies = []

[project.optional-dependencies]
test = ["pytest>=8"]

[tool.pytest.ini_options]
testpaths = ["tests"]

[tool.ruff]
line-length = 110
`;
