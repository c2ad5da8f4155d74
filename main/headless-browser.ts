import { existsSync } from 'node:fs';

/** Keep a headless Chromium off the network and quiet, also in a sandboxless container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where Chromium or Chrome usually lives on Linux and macOS; KVSCOPE_BROWSER or --browser name another. */
const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** The browser to draw pictures with: the one asked for, else the first one installed; a clear error if none. */
export function findBrowser(asked: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const wanted = asked ?? env.KVSCOPE_BROWSER;
  if (wanted) {
    if (!existsSync(wanted)) throw new Error(`browser ${wanted} does not exist`);
    return wanted;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found)
    throw new Error(
      `--png draws the comparison in Chromium or Chrome, and none was found (looked in ${CANDIDATES.join(', ')}); install one or pass --browser PATH`,
    );
  return found;
}
