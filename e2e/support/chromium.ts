import { existsSync } from 'node:fs';

/** The install command printed when Chromium is missing and cannot be installed for the user. */
export const chromiumInstallCommand =
  'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell';

/**
 * Chromium to drive: CHROME_PATH when set, else Debian's headless shell (the same Chromium built without its
 * desktop parts, as Playwright drives for headless runs: the accessibility walk took 15 % less CPU than with the
 * full browser), else Debian's full /usr/bin/chromium.
 */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

/** Flags for headless runs as root on a machine without outside network (TOOLCHAIN.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  // V8's optimising compilers off: a test's page lives seconds in a fresh context (no code cache), too short for
  // Maglev's and TurboFan's compiles to pay back, and the tier is CPU-bound. Only speed changes, never what a script
  // does. The E2E tier alone, one run each: 609 → 558 s of the machine's CPU, 329 → 305 s (session 30). The
  // benchmarks launch their own Chromium with V8 as a phone runs it.
  '--js-flags=--no-turbofan --no-maglev',
];
