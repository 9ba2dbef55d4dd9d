// Draws the PNG favicons from web/icon-sources/favicon.svg with the machine's Chromium (no image
// tools needed): node scripts/render-favicons.mjs. Why PNGs and not the SVG: docs/first-paint.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './lib/chromium.mjs';

const svg = readFileSync(new URL('../web/icon-sources/favicon.svg', import.meta.url));
const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
try {
  for (const size of [32, 48]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img width="${size}" height="${size}" src="${src}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const path = fileURLToPath(new URL(`../web/public/icons/favicon-${size}.png`, import.meta.url));
    await page.screenshot({ path, omitBackground: true });
    console.log(`wrote ${path}`);
  }
} finally {
  await browser.close();
}
