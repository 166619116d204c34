/**
 * Which precompressed copy of a file to send for a request's Accept-Encoding (RFC 9110 §12.5.3):
 * Brotli when the browser takes it, else gzip, else the file itself. A coding with q=0 is refused;
 * `*` stands for any coding not named.
 */
export type Encoding = 'br' | 'gzip';

export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const ranked = (['br', 'gzip'] as const)
    .filter((c) => available.includes(c) && weightOf(c) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  return ranked[0] ?? null;
}
