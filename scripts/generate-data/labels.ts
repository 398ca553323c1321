/**
 * Labels: every repository with issues gets the nine default label names (with our own colours and
 * descriptions) plus a few custom labels picked from a themed pool.
 */
import { LABEL_IDS, allocateIds } from './id-curves.js';
import { NOW, nodeId } from './ids.js';
import { Rng } from './prng.js';
import { labelUrl } from './urls.js';
import type { Label, Repo } from './model.js';

/** A label: [name, colour (six hex digits), description | null]. */
type LabelEntry = readonly [name: string, color: string, description: string | null];

/** The default label names GitHub creates in every repository, with our own colours and descriptions. */
export const DEFAULT_LABELS: readonly LabelEntry[] = [
  ['bug', 'c9383a', 'Something is broken or behaves unexpectedly'],
  ['documentation', '1f6feb', 'Docs are missing, wrong or unclear'],
  ['duplicate', 'b8c2cc', 'Already reported elsewhere'],
  ['enhancement', '8fe3f0', 'A new capability or an improvement'],
  ['good first issue', '6f42c1', 'A gentle starting point for new contributors'],
  ['help wanted', '0e8a5f', 'Maintainers would welcome a pull request'],
  ['invalid', 'dbd86e', 'Not actionable as written'],
  ['question', 'c45ab3', 'Asking for information rather than a change'],
  ['wontfix', 'f4f4f4', 'Deliberately left as it is'],
];

/** Custom labels: [name, colour, description | null]. Each repository takes a handful. */
export const CUSTOM_LABELS: readonly LabelEntry[] = [
  ['area: cli', '5319e7', 'Command-line interface'],
  ['area: api', '0052cc', 'Public programming interface'],
  ['area: docs-site', '0b7285', null],
  ['priority: high', 'b60205', 'Should land in the next release'],
  ['priority: low', 'c2e0c6', 'Nice to have'],
  ['needs triage', 'ededed', 'Not yet looked at by a maintainer'],
  ['needs repro', 'fbca04', 'We could not reproduce this yet'],
  ['breaking change', 'd93f0b', 'Changes behaviour users rely on'],
  ['dependencies', '0366a6', 'Updates a dependency'],
  ['performance', 'f9a03f', 'Speed or memory use'],
  ['security', 'ee0701', 'Has security impact'],
  ['ci', '1d76db', 'Build and test automation'],
  ['kind/regression', 'e11d21', 'Used to work in an earlier version'],
  ['status: blocked', '000000', 'Waiting on something outside this repository'],
  ['status: in progress', 'fef2c0', null],
  ['platform/windows', '7057ff', 'Only happens on Windows'],
  ['platform/macos', 'd4c5f9', 'Only happens on macOS'],
  ['accessibility', '2ea043', 'Keyboard, screen reader or contrast problems'],
  ['i18n', 'bfdadc', 'Translations and non-English text'],
  ['🚀 release', 'a2eeef', 'Tracks a release'],
  ['stale', 'cfd3d7', 'No activity for a while'],
  ['discussion', 'd876e3', 'Needs a decision before any code'],
];

/**
 * Build the labels of every repository that has issues enabled (not forks).
 * Sets `repo.labels` (default ones first) and returns all labels sorted by id.
 */
export function buildLabels(repos: readonly Repo[]): Label[] {
  const all: Label[] = [];
  for (const r of repos) {
    if (r.forkOf) {
      r.labels = [];
      continue;
    }
    const rng = new Rng(`labels:${r.fullName}`);
    const customCount = r.weight >= 5 ? rng.int(5, 8) : r.weight >= 2 ? rng.int(2, 4) : rng.int(0, 2);
    const custom = rng.sample(CUSTOM_LABELS, customCount).sort((a, b) => CUSTOM_LABELS.indexOf(a) - CUSTOM_LABELS.indexOf(b));
    r.labels = [
      ...DEFAULT_LABELS.map(([name, color, description]) => ({ name, color, description, isDefault: true })),
      ...custom.map(([name, color, description]) => ({ name, color, description, isDefault: false })),
    ].map((l, i) => ({ ...l, repo: r, createdMs: Math.min(NOW - 1000 * i, r.createdMs + (l.isDefault ? i * 1000 : (i + 1) * 86400000 * rng.int(3, 90))), id: 0 }));
    all.push(...r.labels);
  }
  allocateIds(all, LABEL_IDS, (l) => l.createdMs, new Rng('label-ids'), (l, id) => (l.id = id));
  return all.sort((a, b) => a.id - b.id);
}

/** GitHub's `label` object. */
export type LabelRecord = {
  id: number;
  node_id: string;
  url: string;
  name: string;
  color: string;
  default: boolean;
  description: string | null;
};

/** The REST record of a label (its id allocated). */
export function labelRecord(l: Label): LabelRecord {
  return {
    id: l.id,
    node_id: nodeId('Label', l.id),
    url: labelUrl(l.repo.fullName, l.name),
    name: l.name,
    color: l.color,
    default: l.isDefault,
    description: l.description,
  };
}
