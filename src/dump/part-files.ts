/**
 * The parts of a dump and the one reader of a part file, shared by the dump reader and the importers.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { KINDS, type RawRecord } from '../kinds/kind.js';
import { DataError } from './data-error.js';
import { parseJsonBytes } from './json-text.js';
import { validateRecords, type SchemaName as Part } from './record-schemas.js';

/** Every part a dump directory may hold, in file-writing order: the seven kinds, then `pulls`. */
export const PARTS: readonly Part[] = [...KINDS, 'pulls'];

/** Reads a file synchronously, turning filesystem errors into a DataError that names it. */
export function readBytesSync(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new DataError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { file });
  }
}

/** Reads a file, turning filesystem errors into a DataError that names it. */
export async function readBytes(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new DataError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { file });
  }
}

/** The records of one part: checks the top level is an array and validates every record (record-schemas.ts). */
export function checkArray(part: Part, value: unknown, file: string): RawRecord[] {
  if (!Array.isArray(value)) {
    throw new DataError(`must be a JSON array of ${part} records, got ${value === null ? 'null' : typeof value}`, { file });
  }
  validateRecords(part, value, file);
  return value as RawRecord[];
}

/**
 * The records of one part file's bytes (`<part>.json`, or gzip when the name ends in `.gz`): parsed within the
 * record limits (json-text.ts), checked to be an array and validated.
 * @throws DataError naming the file (and the record and field) when it is not a valid part
 */
export function partRecords(part: Part, bytes: Buffer, file: string): RawRecord[] {
  return checkArray(part, parseJsonBytes(bytes, file, file.endsWith('.gz'), 1), file);
}

/**
 * Reads one part file whole, as the dump reader does ({@link partRecords}); the importers read the target dump's
 * existing parts with it.
 * @throws DataError naming the file when it cannot be read or is not a valid part
 */
export async function readPartFile(file: string, part: Part): Promise<RawRecord[]> {
  return partRecords(part, await readBytes(file), file);
}
