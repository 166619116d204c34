#!/usr/bin/env node
// Full-page screenshots of the running frontend, desktop and phone, light and dark, for looking
// at what people see. Usage:
//   node frontend/scripts/screenshots.mjs [baseUrl=http://localhost:3000] [outDir=test-results/screens] [path ...]
// A signed-in session can be used by setting SCREENSHOT_EMAIL and SCREENSHOT_PASSWORD;
// SCREENSHOT_SLICES=1 saves tall pages as viewport-high slices.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://localhost:3000', outDir = 'test-results/screens', ...paths] = process.argv.slice(2);
const pages = paths.length
  ? paths
  : ['/', '/careers', '/contact', '/privacy', '/auth/sign-in', '/auth/sign-up'];
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
];
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
try {
  for (const theme of ['light', 'dark']) {
    for (const vp of viewports) {
      const context = await browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        deviceScaleFactor: 1,
      });
      await context.addCookies([{ name: 'parley_theme', value: theme, url: baseUrl }]);
      const page = await context.newPage();
      if (process.env.SCREENSHOT_EMAIL) {
        const res = await page.request.post(`${baseUrl}/api/auth/login`, {
          data: { email: process.env.SCREENSHOT_EMAIL, password: process.env.SCREENSHOT_PASSWORD },
          headers: { origin: new URL(baseUrl).origin },
        });
        if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
      }
      for (const path of pages) {
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(400);
        const file = join(
          outDir,
          `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${vp.name}-${theme}.png`,
        );
        if (process.env.SCREENSHOT_SLICES) {
          // Tall pages as viewport-high slices, easier to look at than one long image.
          const height = await page.evaluate('document.documentElement.scrollHeight');
          for (let y = 0, i = 0; y < height; y += vp.height, i++) {
            const slice = file.replace(/\.png$/, `-${i}.png`);
            await page.screenshot({
              path: slice,
              fullPage: true,
              clip: { x: 0, y, width: vp.width, height: Math.min(vp.height, height - y) },
            });
            console.log(slice);
          }
        } else {
          await page.screenshot({ path: file, fullPage: true });
          console.log(file);
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
