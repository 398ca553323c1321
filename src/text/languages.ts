/**
 * Language detection (imported files, code records without a `language`) and `language:` value
 * canonicalisation, from GitHub Linguist's own language data (npm `linguist-languages`,
 * generated from linguist's `languages.yml`), never from a hand-written table.
 *
 * Linguist's strategy order is kept where it needs no content model: exact filename, then extension (longest
 * first, case-insensitive), then the `#!` interpreter. Linguist settles the remaining ties (`.h`, `.m`, `.pl`...)
 * with content heuristics and a classifier; here they are settled by a fixed preference computed from the same
 * data, so results are deterministic: see {@link preferenceRank}.
 */
import type { Language } from 'linguist-languages';

/** What a detected language contributes: its name and what linguist counts it as. */
export interface DetectedLanguage {
  /** Linguist name, e.g. `TypeScript` (what GitHub's `language` fields and `language:` carry). */
  name: string;
  /** `programming`, `markup`, `data` or `prose`; only the first two count toward a repository's language. */
  type: string;
  /** The language whose statistics this one adds to (linguist `group`, e.g. TSX → TypeScript), else `name`. */
  group: string;
}

/** A detector built once from the linguist data (see {@link loadLanguageDetector}). */
export interface LanguageDetector {
  /**
   * The language of a file.
   * @param path repository path (`/`-separated); only its last segment is used.
   * @param head the first bytes of the file (for a `#!` line), when known.
   * @returns undefined when linguist's data names no language for it.
   */
  detect(path: string, head?: Buffer): DetectedLanguage | undefined;
}

/**
 * Orders candidate languages for one extension, best first. Criteria, in order: the extension (without dot) is one
 * of the language's aliases, or (two letters or more) its lower-cased name (`.yaml` → YAML); the language has a
 * CodeMirror mode (mainstream languages do); the extension is the language's primary one; the language lists more
 * extensions, filenames and interpreters; the older (smaller) linguist id; the name.
 */
export function preferenceRank(languages: readonly Language[], extension?: string): Language[] {
  const bare = extension?.slice(1);
  const features = (language: Language): number[] => [
    bare !== undefined &&
    ((language.aliases ?? []).includes(bare) || (bare.length >= 2 && language.name.toLowerCase() === bare))
      ? 1
      : 0,
    language.codemirrorMode ? 1 : 0,
    extension !== undefined && language.extensions?.[0]?.toLowerCase() === extension ? 1 : 0,
    (language.extensions?.length ?? 0) + (language.filenames?.length ?? 0) + (language.interpreters?.length ?? 0),
    -language.languageId,
  ];
  return [...languages].sort((a, b) => {
    const fa = features(a);
    const fb = features(b);
    for (let i = 0; i < fa.length; i++) if (fa[i] !== fb[i]) return fb[i]! - fa[i]!;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
}

/** An interpreter name without its trailing version (`python3.11` → `python`); linear, unlike `/[\d.]+$/`. */
function withoutVersion(program: string): string {
  let end = program.length;
  while (end > 0 && (program[end - 1] === '.' || (program[end - 1]! >= '0' && program[end - 1]! <= '9'))) end--;
  return program.slice(0, end);
}

/** Builds lookup maps (filename, extension, interpreter → best language) from linguist's language list. */
export function createLanguageDetector(languages: readonly Language[]): LanguageDetector {
  const collect = (keysOf: (language: Language) => readonly string[] | undefined, lower: boolean) => {
    const candidates = new Map<string, Language[]>();
    for (const language of languages) {
      for (const raw of keysOf(language) ?? []) {
        const key = lower ? raw.toLowerCase() : raw;
        const list = candidates.get(key);
        if (list) list.push(language);
        else candidates.set(key, [language]);
      }
    }
    const best = new Map<string, DetectedLanguage>();
    for (const [key, list] of candidates) {
      const top = preferenceRank(list, lower && key.startsWith('.') ? key : undefined)[0]!;
      best.set(key, { name: top.name, type: top.type, group: top.group ?? top.name });
    }
    return best;
  };
  const byFilename = collect((l) => l.filenames, false);
  const byExtension = collect((l) => l.extensions, true);
  const byInterpreter = collect((l) => l.interpreters, false);

  const fromExtension = (name: string): DetectedLanguage | undefined => {
    const lower = name.toLowerCase();
    // Every suffix starting at a dot, longest first (`.d.ts` before `.ts`); a leading dot alone is no extension.
    for (let dot = lower.indexOf('.', 1); dot !== -1; dot = lower.indexOf('.', dot + 1)) {
      const hit = byExtension.get(lower.slice(dot));
      if (hit) return hit;
    }
    return undefined;
  };

  const fromShebang = (head: Buffer | undefined): DetectedLanguage | undefined => {
    if (!head || head[0] !== 0x23 || head[1] !== 0x21) return undefined;
    const end = head.indexOf(0x0a);
    const words = head
      .subarray(2, end === -1 ? Math.min(head.length, 256) : end)
      .toString('utf8')
      .trim()
      .split(/\s+/);
    let program = words[0]?.split('/').pop() ?? '';
    if (program === 'env') program = words.slice(1).find((word) => !word.startsWith('-') && !word.includes('=')) ?? '';
    return byInterpreter.get(program) ?? byInterpreter.get(withoutVersion(program));
  };

  return {
    detect(path, head) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      return byFilename.get(name) ?? fromExtension(name) ?? fromShebang(head);
    },
  };
}

/** Lower-cased name or alias → lower-cased canonical name (`js` → `javascript`, `c++` → `c++`). */
export type AliasTable = ReadonlyMap<string, string>;

function aliasTable(languages: readonly Language[]): AliasTable {
  const table = new Map<string, string>();
  for (const language of languages) {
    const name = language.name.toLowerCase();
    table.set(name, name);
    for (const alias of language.aliases ?? []) if (!table.has(alias.toLowerCase())) table.set(alias.toLowerCase(), name);
  }
  return table;
}

let shared: Promise<LanguageDetector> | undefined;
let loaded: { detector: LanguageDetector; aliases: AliasTable } | undefined;
let loading: Promise<void> | undefined;

/**
 * Load linguist's data once (833 small modules, ~100 ms): call before the synchronous {@link detectedLanguage}
 * and {@link canonicalLanguage} are used. Searches call it only when a query has a `language:` qualifier, so other
 * searches never pay for it.
 */
export function ensureLanguages(): Promise<void> {
  loading ??= import('linguist-languages').then((module) => {
    const languages = Object.values(module as Record<string, unknown>).filter(
      (value): value is Language => typeof value === 'object' && value !== null && 'languageId' in value,
    );
    loaded = { detector: createLanguageDetector(languages), aliases: aliasTable(languages) };
  });
  return loading;
}

/** The linguist name of a path's language, or undefined (also when {@link ensureLanguages} has not run). */
export function detectedLanguage(path: string): string | undefined {
  return loaded?.detector.detect(path)?.name;
}

/**
 * True when linguist knows `value` as a language name or alias (case-insensitive). Before
 * {@link ensureLanguages} has run every value counts as known.
 */
export function isKnownLanguage(value: string): boolean {
  return loaded === undefined || loaded.aliases.has(value.trim().toLowerCase());
}

/**
 * The canonical lower-cased linguist name for a `language:` value given as a name or alias (`js` →
 * `javascript`); the lower-cased value itself when linguist does not know it or the data is not loaded.
 */
export function canonicalLanguage(value: string): string {
  const lower = value.trim().toLowerCase();
  return loaded?.aliases.get(lower) ?? lower;
}

/** The detector over the installed `linguist-languages` data, loaded lazily once (833 small modules). */
export function loadLanguageDetector(): Promise<LanguageDetector> {
  shared ??= import('linguist-languages').then((module) =>
    createLanguageDetector(
      Object.values(module as Record<string, unknown>).filter(
        (value): value is Language => typeof value === 'object' && value !== null && 'languageId' in value,
      ),
    ),
  );
  return shared;
}
