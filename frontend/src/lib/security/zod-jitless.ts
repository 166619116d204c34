/**
 * Makes zod use its interpreted parsers, before any zod code runs and without importing zod.
 *
 * The page policy forbids eval; zod would probe for it once to compile faster parsers, and a strict
 * policy reports that probe as a violation even though zod catches the refusal. zod keeps its
 * settings on one global object (zod/v4/core: `globalThis.__zod_globalConfig`, shared by every
 * copy of zod on the page), so setting `jitless` there is `z.config({ jitless: true })` without
 * putting zod itself on every page: the landing page uses no zod at all.
 * zod-jitless.unit.spec.ts checks that zod still reads it.
 */
export function zodJitless(target: object = globalThis): void {
  const holder = target as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
}
