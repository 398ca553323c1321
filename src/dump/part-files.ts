/**
 * The parts of a dump (shared by the dump reader and the importers) and reading one part file whole, as the
 * importers do.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { KINDS, type RawRecord } from '../kinds/kind.js';
import { DataError } from './data-error.js';
import type { SchemaName as Part } from './record-schemas.js';

/** Every part a dump directory may hold, in file-writing order: the seven kinds, then `pulls`. */
export const PARTS: readonly Part[] = [...KINDS, 'pulls'];

/**
 * Reads one part file of an existing dump (`<part>.json`, or gzip when the name ends in `.gz`).
 * @throws DataError naming the file when it cannot be read, is not JSON, or is not an array of objects.
 */
export async function readPartFile(file: string, part: Part): Promise<RawRecord[]> {
  let text: string;
  try {
    const bytes = await readFile(file);
    text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (error) {
    throw new DataError(`cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { file });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DataError(`invalid JSON: ${(error as Error).message}`, { file });
  }
  if (!Array.isArray(value)) throw new DataError(`must be a JSON array of ${part} records`, { file });
  const bad = value.findIndex((record) => record === null || typeof record !== 'object' || Array.isArray(record));
  if (bad !== -1) throw new DataError('record must be a JSON object', { file, index: bad });
  return value as RawRecord[];
}
