// What `next-env.d.ts` provides after a build, so type-checking works on a fresh clone too
// (CSS modules, image imports, Next's global types).
/// <reference types="next" />
/// <reference types="next/image-types/global" />
