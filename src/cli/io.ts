/** Where the program reads and writes: the process's streams (process-io.ts) or a test's. */

/** Where the program writes; injectable for tests. */
export interface Io {
  /** Only its `isTTY` is read: the view needs keys from a terminal. @default treated as a terminal when absent */
  stdin?: { readonly isTTY?: boolean } | undefined;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}
