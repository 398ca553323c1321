/**
 * Topic records (`/search/topics` item shape plus `repository_count`, `logo_url`, `aliases`, `related`).
 * `repository_count` is the number of public repositories in the dump that carry the topic.
 */
import { CURATED_TOPICS, EXTRA_TOPICS } from './catalog-topics.js';
import { DAY, NOW, day, isoZ } from './ids.js';
import { Rng } from './prng.js';
import type { Repo } from './model.js';

/** A topic record (`/search/topics` item shape plus `repository_count`, `logo_url`, `aliases`, `related`). */
export type TopicRecord = {
  name: string;
  display_name: string | null;
  short_description: string | null;
  description: string | null;
  created_by: string | null;
  released: string | null;
  created_at: string;
  updated_at: string;
  featured: boolean;
  curated: boolean;
  repository_count: number;
  logo_url: string | null;
  aliases: string[];
  related: string[];
};

/** Build every topic: all topics used by repositories, plus the extra ones. Sorted by name. */
export function buildTopics(repos: readonly Repo[]): TopicRecord[] {
  const rng = new Rng('topics');
  const curated = new Map(CURATED_TOPICS.map((t) => [t[0], t]));
  /** Topic → public repositories carrying it, and the first creation instant (ms) among all that do. */
  const used = new Map<string, { count: number; firstMs: number }>();
  for (const r of repos) {
    for (const name of r.topics) {
      const entry = used.get(name) ?? { count: 0, firstMs: Infinity };
      if (!r.private) entry.count++;
      entry.firstMs = Math.min(entry.firstMs, r.createdMs);
      used.set(name, entry);
    }
  }
  for (const [name, year] of EXTRA_TOPICS) {
    if (!used.has(name)) used.set(name, { count: 0, firstMs: day(year, rng.int(1, 12), rng.int(1, 28)) });
  }
  const names = [...used.keys()].sort();
  return names.map((name): TopicRecord => {
    const { count, firstMs } = used.get(name)!;
    const c = curated.get(name);
    const createdMs = c ? Math.min(firstMs, day(2016, 12, 1) + rng.int(0, 900) * DAY) : Math.max(day(2016, 12, 1), firstMs + rng.int(0, 30) * DAY);
    const updatedMs = Math.max(createdMs + DAY, Math.min(NOW - rng.int(1, 120) * DAY - rng.int(0, 86399) * 1000, createdMs + rng.int(30, 3000) * DAY + rng.int(0, 86399) * 1000));
    return {
      name,
      display_name: c ? c[1] : null,
      short_description: c ? c[2] : null,
      description: c ? c[3] : null,
      created_by: c ? c[5] : null,
      released: c ? c[6] : null,
      created_at: isoZ(createdMs + rng.int(0, 86399) * 1000),
      updated_at: isoZ(updatedMs),
      featured: c ? c[4] : false,
      curated: Boolean(c),
      repository_count: count,
      logo_url: null,
      aliases: [],
      related: [],
    };
  });
}
