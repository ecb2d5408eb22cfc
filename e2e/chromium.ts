// Debian's Chromium, as the browser journeys and the benchmarks start it: Playwright cannot download
// its own browsers here, and without the background-networking flags Chromium's connections to the
// closed network are refused at every start.
export const chromiumPath = '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
