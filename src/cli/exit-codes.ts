/** Exit codes of the `search` command (docs/usage.md, "Output and exit codes"; `search help exit-codes`). Only cli/main.ts sets `process.exitCode`. */
export const EXIT = {
  /** The search ran (even with zero results). */
  ok: 0,
  /** GitHub would refuse the request: 422, 415, 404, 403; the body is on stdout in JSON mode. */
  refused: 1,
  /** Bad command-line usage (unknown option, bad value). */
  usage: 2,
  /** The dump could not be read (the message names the file, record and field). */
  data: 3,
  /** An unexpected internal error (a bug: please report it with the message). */
  internal: 4,
  /** Interrupted by SIGINT. */
  interrupted: 130,
} as const;
