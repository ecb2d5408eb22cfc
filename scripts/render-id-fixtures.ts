// Renders the ID document pictures the OCR tests read (apps/server/test/fixtures/ids/): machine
// readable zones in OCR-B on card-like backgrounds, a phone-like photo of one and a picture with no
// document. Needs Debian's Chromium and its `fonts-ocr-b` package (only to regenerate: the pictures
// are committed). Run: npx node scripts/render-id-fixtures.ts
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/test/fixtures/ids');
const ocrB = readFileSync('/usr/share/fonts/opentype/ocr-b/OCRB.otf').toString('base64');

/** ICAO 9303 specimens (part 4: TD3 passport, part 5: TD1 card) and a German identity card. */
const zones = {
  td3: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  td1: ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'],
  // The companion of the portal's browser test: an Austrian passport the guest takes the details from.
  austrianPassport: [
    'P<AUTMITREISEND<<MAX<<<<<<<<<<<<<<<<<<<<<<<<',
    'P4366918<0AUT8709309M3201152<<<<<<<<<<<<<<00',
  ],
  germanId: [
    'IDD<<T220001293<<<<<<<<<<<<<<<',
    '6408125<3108011D<<<<<<<<<<<<<2',
    'MUSTERMANN<<ERIKA<<<<<<<<<<<<<',
  ],
};

type TCard = { width: number; height: number; title: string; lines: string[]; fontPx: number };

function cardHtml(card: TCard, photo: { rotateDeg: number; blurPx: number } | null): string {
  const mrz = card.lines.map((line) => `<div>${line.replaceAll('<', '&lt;')}</div>`).join('');
  const photoCss = photo
    ? `body { background: #6b5a4a; padding: 40px; }
       .card { transform: rotate(${photo.rotateDeg}deg); filter: blur(${photo.blurPx}px);
               box-shadow: 0 8px 24px rgba(0,0,0,.5); }
       .light { position: absolute; inset: 0; pointer-events: none;
                background: linear-gradient(110deg, rgba(255,255,240,.35), rgba(0,0,0,0) 45%, rgba(0,0,30,.28)); }`
    : 'body { background: #fff; }';
  return `<!doctype html><html><head><style>
    @font-face { font-family: 'OCR-B'; src: url(data:font/otf;base64,${ocrB}); }
    * { margin: 0; box-sizing: border-box; }
    body { position: relative; display: inline-block; }
    .card { position: relative; width: ${card.width}px; height: ${card.height}px; border-radius: 18px;
            overflow: hidden; font-family: sans-serif; color: #233;
            background: #e6eef0; }
    .band { position: absolute; top: 0; right: 0; width: 38%; height: 100%; background: #efe8dc; }
    .title { position: absolute; top: 18px; left: 28px; font-size: 22px; font-weight: bold; letter-spacing: 2px; }
    .photo { position: absolute; top: 62px; left: 28px; width: ${card.width * 0.24}px;
             height: ${card.height * 0.42}px; background: #b9c3c9; border-radius: 6px; }
    .data { position: absolute; top: 66px; left: ${card.width * 0.3}px; font-size: 15px; line-height: 1.7; color: #456; }
    .mrz { position: absolute; left: 0; right: 0; bottom: 0; padding: 14px 26px 18px; background: #fbfbf7;
           font-family: 'OCR-B'; font-size: ${card.fontPx}px; line-height: 1.45; color: #111; white-space: pre; }
    ${photoCss}
  </style></head><body><div class="card"><div class="band"></div>
    <div class="title">${card.title}</div><div class="photo"></div>
    <div class="data">Surname / Nom<br><b>SPECIMEN</b><br>Given names / Prénoms<br><b>SPECIMEN</b><br>Date of birth</div>
    <div class="mrz">${mrz}</div>
  </div>${photo ? '<div class="light"></div>' : ''}</body></html>`;
}

const noDocumentHtml = `<!doctype html><html><head><style>
  * { margin: 0; } body { width: 900px; height: 600px; font-family: serif; font-size: 26px; line-height: 1.6;
  padding: 48px; background: #eef2f6; color: #333; }
  h1 { font-size: 40px; margin-bottom: 24px; }
</style></head><body><h1>Welcome to the Alpine Lodge</h1>
  <p>Breakfast is served from 7:00 to 10:30 in the garden room.</p>
  <p>The sauna opens at 16:00. Towels are in the wardrobe.</p>
  <p>Wi-Fi: AlpineGuest, password on the back of your key card.</p></body></html>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1, viewport: { width: 1400, height: 1000 } });
  mkdirSync(outDir, { recursive: true });
  const shoot = async (name: string, html: string, type: 'png' | 'jpeg') => {
    await page.setContent(html);
    // The font is a data URL: the content is loaded once the page is, fonts included.
    await page.waitForFunction('document.fonts.status === "loaded"');
    const body = await page.locator('body').boundingBox();
    const picture = await page.screenshot({
      type,
      quality: type === 'jpeg' ? 72 : undefined,
      clip: { x: 0, y: 0, width: Math.ceil(body!.width), height: Math.ceil(body!.height) },
    });
    writeFileSync(path.join(outDir, name), picture);
    console.log(`${name}: ${picture.length} bytes`);
  };
  const passport: TCard = {
    width: 1000,
    height: 700,
    title: 'PASSPORT · UTOPIA',
    lines: zones.td3,
    fontPx: 26,
  };
  const idCard: TCard = {
    width: 860,
    height: 540,
    title: 'IDENTITY CARD · UTOPIA',
    lines: zones.td1,
    fontPx: 30,
  };
  const germanId: TCard = { ...idCard, title: 'BUNDESREPUBLIK DEUTSCHLAND', lines: zones.germanId };
  await shoot('td3-passport.png', cardHtml(passport, null), 'png');
  await shoot('td1-id-card.png', cardHtml(idCard, null), 'png');
  await shoot('german-id-card.png', cardHtml(germanId, null), 'png');
  const austrianPassport: TCard = {
    ...passport,
    title: 'REISEPASS · ÖSTERREICH',
    lines: zones.austrianPassport,
  };
  await shoot('austrian-passport.png', cardHtml(austrianPassport, null), 'png');
  await shoot('td3-passport-phone.jpg', cardHtml(passport, { rotateDeg: -2, blurPx: 0.7 }), 'jpeg');
  await shoot('no-document.png', noDocumentHtml, 'png');
} finally {
  await browser.close();
}
