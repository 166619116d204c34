/**
 * The Porter stemmer (M. F. Porter, 1980), in its published form. Written here rather than taken
 * from npm because the maintained packages are ESM-only (the jest setup compiles only jose from
 * node_modules) and the CommonJS ones are unmaintained; the algorithm is small and fixed.
 */

const isConsonant = (w: string, i: number): boolean => {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
};

/** m in [C](VC){m}[V]: how many vowel-consonant sequences the stem has. */
const measure = (stem: string): number => {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
};

const hasVowel = (stem: string): boolean => {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
};

const endsDoubleConsonant = (w: string): boolean =>
  w.length >= 2 && w[w.length - 1] === w[w.length - 2] && isConsonant(w, w.length - 1);

/** consonant-vowel-consonant at the end, the last not w, x or y (e.g. -hop, -fil). */
const endsCvc = (w: string): boolean => {
  const n = w.length;
  if (n < 3) return false;
  if (!isConsonant(w, n - 1) || isConsonant(w, n - 2) || !isConsonant(w, n - 3)) return false;
  const last = w[n - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
};

/** Replaces the first matching suffix whose stem satisfies `when`; returns null when none matched. */
const replaceSuffix = (
  w: string,
  rules: ReadonlyArray<readonly [string, string]>,
  when: (stem: string) => boolean,
): string | null => {
  for (const [suffix, replacement] of rules) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, w.length - suffix.length);
      return when(stem) ? stem + replacement : w;
    }
  }
  return null;
};

const STEP2: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: ReadonlyArray<readonly [string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
  'ou',
];

function step1ab(w: string): string {
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1);

  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
    return w;
  }
  let stripped: string | null = null;
  if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) stripped = w.slice(0, -2);
  else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) stripped = w.slice(0, -3);
  if (stripped === null) return w;
  w = stripped;
  if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) return w + 'e';
  if (endsDoubleConsonant(w) && !/[lsz]$/.test(w)) return w.slice(0, -1);
  if (measure(w) === 1 && endsCvc(w)) return w + 'e';
  return w;
}

export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let w = step1ab(word);
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + 'i';
  w = replaceSuffix(w, STEP2, (s) => measure(s) > 0) ?? w;
  w = replaceSuffix(w, STEP3, (s) => measure(s) > 0) ?? w;
  for (const suffix of STEP4) {
    if (w.endsWith(suffix)) {
      const s = w.slice(0, w.length - suffix.length);
      const ok = measure(s) > 1 && (suffix !== 'ion' || /[st]$/.test(s));
      if (ok) w = s;
      break;
    }
  }
  if (w.endsWith('e')) {
    const s = w.slice(0, -1);
    const m = measure(s);
    if (m > 1 || (m === 1 && !endsCvc(s))) w = s;
  }
  if (measure(w) > 1 && endsDoubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}
