/**
 * Headless Debian `chromium` for tests of what a person looks at (BRIEF: anything shown in a browser is tested in a
 * real headless browser). `findChromium()` is null where no browser is installed: callers skip with a visible reason.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--mute-audio', '--no-first-run'];

/**
 * Loads `svg` as an image in the browser, draws it on a canvas and counts the pixels close to each of `colours`
 * (#rrggbb, within ±40 per channel), plus the non-white ones. Returns null when the image fails to load (an invalid
 * SVG document), so a broken document fails the test that calls this.
 */
export function renderSvgPixels(
  chromium: string,
  svg: string,
  width: number,
  height: number,
  colours: Record<string, string>,
): { loaded: true; nonWhite: number; counts: Record<string, number> } | { loaded: false; detail: string } {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-chromium-'));
  try {
    const targets = Object.entries(colours).map(([name, hex]) => [name, parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)]);
    const page = `<html><body><script>
const targets = ${JSON.stringify(targets)};
const img = new Image();
img.onload = () => {
  const c = document.createElement('canvas'); c.width = ${width}; c.height = ${height};
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, ${width}, ${height}).data;
  const counts = {}; let nonWhite = 0;
  for (const t of targets) counts[t[0]] = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] < 245 || d[i + 1] < 245 || d[i + 2] < 245) nonWhite++;
    for (const t of targets) if (Math.abs(d[i] - t[1]) <= 40 && Math.abs(d[i + 1] - t[2]) <= 40 && Math.abs(d[i + 2] - t[3]) <= 40) counts[t[0]]++;
  }
  document.body.setAttribute('data-result', JSON.stringify({ loaded: true, nonWhite, counts }));
};
img.onerror = () => document.body.setAttribute('data-result', JSON.stringify({ loaded: false, detail: 'the SVG did not load as an image' }));
img.src = 'data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}';
</script></body></html>`;
    const file = join(dir, 'page.html');
    writeFileSync(file, page);
    const run = spawnSync(chromium, [...FLAGS, '--virtual-time-budget=10000', '--dump-dom', `file://${file}`], { encoding: 'utf8', timeout: 90_000, maxBuffer: 64 * 2 ** 20 });
    const match = /data-result="([^"]*)"/.exec(run.stdout ?? '');
    if (!match) return { loaded: false, detail: `no result from chromium (status ${run.status}): ${(run.stderr ?? '').slice(0, 500)}` };
    return JSON.parse(match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { loaded: true; nonWhite: number; counts: Record<string, number> };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PNG screenshot of `svg` (for a person to look at); false when chromium failed. */
export function screenshotSvg(chromium: string, svg: string, width: number, height: number, pngPath: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-chromium-'));
  try {
    const file = join(dir, 'plot.svg');
    writeFileSync(file, svg);
    const run = spawnSync(chromium, [...FLAGS, `--screenshot=${pngPath}`, `--window-size=${width},${height}`, `file://${file}`], { encoding: 'utf8', timeout: 90_000 });
    return run.status === 0 && existsSync(pngPath);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
