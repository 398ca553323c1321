/**
 * JSON on a terminal coloured as gh colours it (gh's pkg/jsoncolor): keys bold blue, strings green, booleans
 * yellow, null cyan, numbers plain, brackets, commas and colons bold white. Only escapes are added: the text
 * (GitHub's two-space layout, `"score": 1.0`) stays as the serialiser wrote it, so removing the escapes gives back
 * the piped bytes.
 */

/** gh's SGR parameters (jsoncolor.go). */
const SGR = { delim: '1;37', key: '1;34', null: '36', string: '32', bool: '33' } as const;

const paint = (sgr: string, text: string): string => `\x1b[${sgr}m${text}\x1b[m`;

/**
 * Colour JSON text. Expects valid JSON (what renderJson writes); anything it does not recognise is copied as is.
 * @param json the text, UTF-16 (escapes inside strings are kept verbatim)
 */
export function colorJson(json: string): string {
  let out = '';
  let i = 0;
  const n = json.length;
  while (i < n) {
    const c = json[i]!;
    if (c === '"') {
      let end = i + 1;
      while (end < n && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const token = json.slice(i, end + 1);
      let next = end + 1;
      while (next < n && (json[next] === ' ' || json[next] === '\n' || json[next] === '\r' || json[next] === '\t')) next++;
      out += paint(json[next] === ':' ? SGR.key : SGR.string, token);
      i = end + 1;
    } else if ('{}[],:'.includes(c)) {
      out += paint(SGR.delim, c);
      i++;
    } else if (json.startsWith('true', i) || json.startsWith('false', i)) {
      const word = json[i] === 't' ? 'true' : 'false';
      out += paint(SGR.bool, word);
      i += word.length;
    } else if (json.startsWith('null', i)) {
      out += paint(SGR.null, 'null');
      i += 4;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * JSON text made safe for a terminal without changing its value: C1 controls (U+0080–U+009F), the bidi overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) and the line/paragraph separators (U+2028, U+2029) are written as `\uXXXX`
 * escapes. `JSON.stringify` escapes C0 controls (ESC included) but leaves these raw, and a terminal may act on them
 * (an 8-bit CSI, a reordered line). They can only occur inside strings, so a global replacement is exact; a pipe
 * gets the serialiser's bytes unchanged (this is applied on a terminal only).
 * @param json JSON text as the serialiser wrote it
 */
export function terminalSafeJson(json: string): string {
  return json.replace(/[\u0080-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Whether JSON written to `stdout` is coloured: a terminal, colour not turned off (`--no-color`, NO_COLOR, as gh
 * honours it) and a terminal that shows colour (TERM is not `dumb`).
 */
export function jsonColorWanted(stdout: { readonly isTTY?: boolean }, noColor: boolean, env: NodeJS.ProcessEnv): boolean {
  return stdout.isTTY === true && !noColor && env.NO_COLOR === undefined && env.TERM !== 'dumb';
}
