/**
 * The environment the bench's children start in, as far as it moves Node's own start-up.
 *
 * Node 20 reads and parses the file named by `NODE_EXTRA_CA_CERTS` (and builds its bundled root store beside it)
 * at every start, before any JavaScript runs: on a machine whose environment sets it (CI images and sandboxes often
 * do, for a proxy's certificate) it was measured at ≈ 36 ms of `node -e 0`'s ≈ 60 ms of CPU. That is a cost of the
 * machine, not of any Node program, and it would shrink every ratio to `node -e 0` (the floor grows, the difference
 * stays). The bench therefore measures every process without the variables below, and — when one was set — also
 * times `node -e 0` with it, so the table's floor and the machine's as given are both printed.
 * Later Node versions read the extra certificates lazily (nodejs/node issue 40524, pull requests 44448 and 59856).
 */

/** Variables that change what every Node process does at start-up, before its program. */
const START_UP_VARIABLES = ['NODE_EXTRA_CA_CERTS'] as const;

/**
 * Removes the start-up variables from `env` (the bench passes `process.env`, so every child started afterwards
 * inherits their absence) and returns the ones that were set, name → value; an empty object when none was.
 */
export function withoutStartUpVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const removed: Record<string, string> = {};
  for (const name of START_UP_VARIABLES) {
    const value = env[name];
    if (value === undefined) continue;
    removed[name] = value;
    delete env[name];
  }
  return removed;
}
