/**
 * A dump that cannot be read: names the file, the record index and the field, so a user can fix it.
 * The CLI prints `message` on one line and exits with code 3 (README, exit codes).
 */
export class DataError extends Error {
  readonly file: string | undefined;
  readonly index: number | undefined;
  readonly field: string | undefined;
  /** The message without the file/record/field prefix. */
  readonly reason: string;
  constructor(message: string, where: { file?: string; index?: number; field?: string } = {}) {
    super(DataError.format(message, where));
    this.reason = message;
    this.name = 'DataError';
    this.file = where.file;
    this.index = where.index;
    this.field = where.field;
  }

  private static format(message: string, where: { file?: string; index?: number; field?: string }): string {
    const parts: string[] = [];
    if (where.file !== undefined) parts.push(where.file);
    if (where.index !== undefined) parts.push(`record ${where.index}`);
    if (where.field !== undefined) parts.push(`field "${where.field}"`);
    return parts.length ? `${parts.join(', ')}: ${message}` : message;
  }
}
