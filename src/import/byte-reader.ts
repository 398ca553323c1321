/**
 * A pull parser over a byte stream (a child process's stdout): read up to a delimiter or an exact number of
 * bytes, awaiting more input only when needed. Memory stays bounded by the largest single item read plus one
 * chunk of look-ahead.
 */

/** Reads delimited or counted pieces from any async iterable of byte chunks (e.g. a `Readable`). */
export class ByteReader {
  private readonly source: AsyncIterator<Buffer | string>;
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(stream: AsyncIterable<Buffer | string>) {
    this.source = stream[Symbol.asyncIterator]();
  }

  /** Pulls one more chunk into the buffer; false at end of stream. */
  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  /**
   * The bytes before the next `delimiter` byte (which is consumed and not returned).
   * @returns the remaining bytes when the stream ends without a delimiter (if any), undefined at end of stream.
   */
  async readUntil(delimiter: number): Promise<Buffer | undefined> {
    let searchFrom = 0;
    for (;;) {
      const at = this.buffer.indexOf(delimiter, searchFrom);
      if (at !== -1) {
        const piece = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + 1);
        return piece;
      }
      searchFrom = this.buffer.length;
      if (!(await this.fill())) {
        if (this.buffer.length === 0) return undefined;
        const rest = this.buffer;
        this.buffer = Buffer.alloc(0);
        return rest;
      }
    }
  }

  /**
   * Exactly `count` bytes.
   * @throws Error when the stream ends first (a truncated child output).
   */
  async readExactly(count: number): Promise<Buffer> {
    while (this.buffer.length < count) {
      if (!(await this.fill())) throw new Error(`unexpected end of git output (wanted ${count} more bytes)`);
    }
    const piece = Buffer.from(this.buffer.subarray(0, count));
    this.buffer = this.buffer.subarray(count);
    return piece;
  }
}
