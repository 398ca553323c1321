/** The notice for a dump without the kind searched (issue #25.6): GitHub's empty answer, and one line saying why. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Io } from './io.js';
import type { KindInvocation } from './kind-command.js';

/**
 * One stderr line when a directory dump has no file for the kind searched (`issues.json` or `issues.json.gz`): the
 * answer is GitHub's empty envelope, unchanged, and the newcomer learns why. Only looked at when nothing matched.
 */
export function missingKindNotice(invocation: KindInvocation, io: Io): void {
  const kind = invocation.request.kind;
  const file = missingKindFile(invocation.data, kind);
  if (file !== undefined) io.stderr.write(`search: notice: the dump has no ${kind}: no ${file} (or ${path.basename(file)}.gz)\n`);
}

/** `<dir>/<kind>.json` when `data` is a directory without `<kind>.json[.gz]`, else undefined (a file dump, a file there). */
export function missingKindFile(data: string, kind: string): string | undefined {
  const dir = path.resolve(data);
  try {
    if (!statSync(dir).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  const file = path.join(dir, `${kind}.json`);
  return existsSync(file) || existsSync(`${file}.gz`) ? undefined : file;
}
