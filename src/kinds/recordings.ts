/**
 * Several records of one repository name (a test repository deleted and created again, recorded at different
 * times) or of one login: GitHub has one repository per name and one account per login at a time, so the newest
 * recording wins — for results, for `repo:` and for every lookup by name. A recording's time is the latest of its
 * created_at, updated_at and pushed_at; on a tie the later record in the dump wins.
 */
import type { RawRecord } from './kind.js';
import { toEpochMs } from './qualifier-values.js';
import type { Predicate } from './spec.js';
import type { CollectionView, Getter, ReaderSlot } from './collection-view.js';

/** When a repository or user record was recorded, as far as it tells: its latest timestamp (epoch ms; NaN when none). */
export function recordedAt(record: RawRecord): number {
  let newest = NaN;
  for (const key of ['created_at', 'updated_at', 'pushed_at']) {
    const t = toEpochMs(record[key]);
    if (t !== undefined && !(t <= newest)) newest = t;
  }
  return newest;
}

/** True when recording `a` (time, dump position) is newer than `b`. */
export function newerRecording(aTime: number, aDoc: number, bTime: number, bDoc: number): boolean {
  const a = Number.isNaN(aTime) ? -Infinity : aTime;
  const b = Number.isNaN(bTime) ? -Infinity : bTime;
  return a !== b ? a > b : aDoc > bDoc;
}

/**
 * A collection reader's repeated names, per name getter: the documents of each repeated name, newest first (names
 * recorded once are not listed). Made on first use, dropped when the reader closes.
 */
const REPEATS: ReaderSlot<Map<Getter<string | undefined>, Map<number, readonly number[]>>> = { name: 'repeated recordings', make: () => new Map() };

function repeatsOf(c: CollectionView, fullName: Getter<string | undefined>, recorded: Getter<number | undefined>): Map<number, readonly number[]> {
  const byGetter = c.memo(REPEATS);
  const known = byGetter.get(fullName);
  if (known) return known;
  const names = c.column(fullName);
  const times = c.column(recorded);
  const nameOf = (doc: number): string | undefined => {
    if (names?.type === 'strings') return names.offsets[doc + 1]! > names.offsets[doc]! ? names.dict[names.ids[names.offsets[doc]!]!] : undefined;
    return fullName(c.records[doc]!, doc, c);
  };
  const timeOf = (doc: number): number =>
    times?.type === 'number' ? times.values[doc]! : (recorded(c.records[doc]!, doc, c) ?? NaN);
  const groups = new Map<string, number[]>();
  for (let doc = 0, count = c.records.length; doc < count; doc++) {
    const name = nameOf(doc)?.toLowerCase();
    if (name === undefined) continue;
    const group = groups.get(name);
    if (group) group.push(doc);
    else groups.set(name, [doc]);
  }
  const repeats = new Map<number, readonly number[]>();
  for (const docs of groups.values()) {
    if (docs.length < 2) continue;
    const newestFirst = docs
      .map((doc) => ({ doc, time: timeOf(doc) }))
      .sort((x, y) => (newerRecording(x.time, x.doc, y.time, y.doc) ? -1 : 1))
      .map((x) => x.doc);
    for (const doc of newestFirst) repeats.set(doc, newestFirst);
  }
  byGetter.set(fullName, repeats);
  return repeats;
}

/**
 * A filter keeping, of each repeated repository name, only the newest recording `visible` lets through (so a
 * private recording the caller cannot read never hides an older public one: the answer is the dump's without it).
 */
export function newestRecordingOnly(
  c: CollectionView,
  fullName: Getter<string | undefined>,
  recorded: Getter<number | undefined>,
  visible: Predicate,
): Predicate {
  const repeats = repeatsOf(c, fullName, recorded);
  if (repeats.size === 0) return () => true;
  return (doc) => {
    const group = repeats.get(doc);
    return group === undefined || group.find(visible) === doc;
  };
}
