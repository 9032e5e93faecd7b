/**
 * The system Chromium (Debian's package) and the flags every tool starts it with: a test or
 * bench tool never downloads its own browser here, and without the background-networking
 * flags Chromium keeps trying to reach hosts this machine's network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
