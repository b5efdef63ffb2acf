// Makes the installable app's PNG icons from the logo (client/public/favicon.svg), once, with
// headless Chromium: `node scripts/make-icons.mjs`. The PNGs are committed (client/public/icons/);
// run this again only when the logo changes. Sizes: 192 and 512 (Chrome's install and splash
// screen), a maskable 512 (Android's adaptive icon: the logo inside the 80 % safe circle on the
// theme colour) and the 180 px apple-touch-icon (iOS home screen; iOS ignores the manifest's icons
// and rounds the corners itself, so that one is a full square).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const svg = fs.readFileSync(path.join(root, "client/public/favicon.svg"), "utf8");
const outDir = path.join(root, "client/public/icons");
const THEME = "#0f766e"; // teal-700: --color-primary and the logo's own tile

/** The logo's artwork without its rounded tile, for the full-bleed square icons. */
const artwork = svg.replace(/<rect[^>]*\/>/, "");
const inner = artwork.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");

const ICONS = [
  // "any": the logo as it is (a rounded tile on a transparent ground).
  { file: "icon-192.png", size: 192, body: () => `<img src="data:image/svg+xml;base64,${b64(svg)}" width="100%" height="100%">` },
  { file: "icon-512.png", size: 512, body: () => `<img src="data:image/svg+xml;base64,${b64(svg)}" width="100%" height="100%">` },
  // maskable: a full square of the theme colour; the artwork kept inside the central 80 % circle.
  { file: "maskable-512.png", size: 512, body: () => square(0.72) },
  // apple-touch-icon: full square (iOS masks it), artwork a little larger.
  { file: "apple-touch-icon-180.png", size: 180, body: () => square(0.86) },
];

function b64(text) {
  return Buffer.from(text).toString("base64");
}

function square(scale) {
  const art = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${inner}</svg>`;
  const pct = `${scale * 100}%`;
  return `<div style="width:100%;height:100%;background:${THEME};display:flex;align-items:center;justify-content:center">
    <img src="data:image/svg+xml;base64,${b64(art)}" style="width:${pct};height:${pct}"></div>`;
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;background:transparent">${icon.body()}</body></html>`,
    );
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())));
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
    console.log(`client/public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
