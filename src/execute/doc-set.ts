/**
 * Set algebra over sorted, duplicate-free document lists (Uint32Array). Linear merges; no allocation beyond the
 * result.
 */
export type DocList = Uint32Array;

/** 0..n-1. */
export function universe(n: number): DocList {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Documents in both lists. */
export function intersect(a: DocList, b: DocList): DocList {
  if (a.length > b.length) [a, b] = [b, a];
  const out = new Uint32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (j < b.length && b[j] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/** Documents in either list. */
export function union(a: DocList, b: DocList): DocList {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Infinity;
    const y = j < b.length ? b[j]! : Infinity;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[n++] = x;
      i++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** Documents of `a` not in `b`. */
export function difference(a: DocList, b: DocList): DocList {
  if (b.length === 0) return a;
  const out = new Uint32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (!(j < b.length && b[j] === x)) out[n++] = x;
  }
  return out.subarray(0, n);
}

