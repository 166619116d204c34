/**
 * Letters for an avatar or a logo from a name someone typed. Names hold emoji, letters written as
 * two code points and scripts without capitals, and `[0]` or `charAt(0)` cuts an emoji's
 * surrogate pair in half (a "Z�" avatar was seen): whole graphemes only, from words that start
 * with a letter or a digit.
 */
const STARTS_WITH_LETTER = /^[\p{L}\p{N}]/u;
/** A letter with the marks that follow it, for browsers without Intl.Segmenter (Firefox before 125). */
const LETTER_AND_MARKS = /^[\p{L}\p{N}]\p{M}*/u;

let segmenter: Intl.Segmenter | null | undefined;

function firstGrapheme(word: string): string {
  segmenter ??=
    typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  const first = segmenter
    ? segmenter.segment(word)[Symbol.iterator]().next().value?.segment
    : LETTER_AND_MARKS.exec(word)?.[0];
  return (first ?? '').toLocaleUpperCase();
}

/** The words of a name, or of an e-mail address's local part ("jane.doe@x.com" -> jane, doe), that begin with a letter or digit. */
const wordsOf = (text: string): string[] =>
  text
    .normalize('NFC')
    .replace(/@.*$/su, '')
    .split(/[\s._]+/u)
    .filter((w) => STARTS_WITH_LETTER.test(w));

/** Up to two initials, of the first and the last word ("Zoë O'Brien 🙂" -> "ZO"); "?" without a letter. */
export function initialsOf(name: string): string {
  const words = wordsOf(name);
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.map(firstGrapheme).join('') || '?';
}

/** One letter for a logo ("🙂 Mug Masters" -> "M"); "?" without a letter. */
export function firstLetterOf(name: string): string {
  const first = wordsOf(name)[0];
  return first ? firstGrapheme(first) : '?';
}
