// The staff app's page written by the server: the room plan comes with its first screen on it (the web
// app's own layout and plan, rendered by its server build, `@pms/web/ssr`), so that a receptionist sees
// the plan before the app has loaded. The app asks for the plan's data itself as it starts (early.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { appScriptId, type TRoomPlanQuery, type TRoomPlanScreen, type TStaffRenderer } from '@pms/contract';
import { brandStyle, withInlineAssets, withStyleNonce } from './written-page.ts';

/** Where the app mounts: the written screen goes before it, over it until the app has drawn. */
const rootElement = '<div id="root"></div>';

/** The app's script (its entry, `main`), which on a written page is fetched and run by the first script. */
const appScript = /<script type="module" crossorigin src="(\/assets\/main-[^"]+\.js)"><\/script>/;

/**
 * A script the page's modules import, fetched beside the page. A module preload is compiled as soon as
 * it arrives, on the page's main thread, before the written screen's first frame; on a written page
 * the scripts are only fetched (a preload of a script, which the module's import then takes from the
 * browser's memory cache) and compiled when the app loads, after that frame (decision 205).
 */
const modulePreload = '<link rel="modulepreload" crossorigin';
const scriptPreload = '<link rel="preload" as="script" crossorigin';

/**
 * How long a property's data must stay unchanged before its screens are written again in the
 * background: after the few changes one action of a receptionist makes, not during the requests that
 * make them. A stream of changes (a channel's import) writes nothing until it pauses.
 */
const rewriteDelayMs = 250;

/** How long after it was last asked for a screen is written again after a change. */
const rewriteForMs = 10 * 60_000;

/** The web app's server renderer, or null when its server build is missing. */
async function loadRenderer(): Promise<TStaffRenderer | null> {
  try {
    return (await import('@pms/web/ssr')).renderer;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * What a page is written from: the screen without its plan, the property's today, and the plan's
 * JSON text, read only when the page is not kept.
 */
export type TRoomPlanSource = Omit<TRoomPlanScreen, 'plan'> & {
  today: string;
  plan: () => Promise<string>;
};

/** index.html with the room plan's first screen written into it. */
export class StaffPageWriter {
  private readonly template: string;
  private readonly renderer: TStaffRenderer;
  /**
   * The first screens written, by the property's data version and everything else they are drawn
   * from (user, properties, language, address, size, today): a reload without a change is answered
   * without reading the plan or rendering it again. A change of the property's data gives a new key.
   */
  private readonly screens = new LRUCache<string, string>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (markup) => markup.length,
  });

  /** The screens asked for lately (what they are drawn from, and their plan), by what they are drawn from. */
  private readonly lately = new LRUCache<string, TRoomPlanSource>({ max: 64, ttl: rewriteForMs });
  /** The pending background writes, by property. */
  private readonly rewrites = new Map<string, NodeJS.Timeout>();
  /** The background writes under way. */
  private running = 0;
  /** How many screens were rendered (for tests and logs). */
  readonly stats = { rendered: 0 };

  private constructor(template: string, renderer: TStaffRenderer) {
    this.template = template;
    this.renderer = renderer;
  }

  /**
   * The writer of a built web app, or null when its server renderer is not built or its page has no
   * root and app script to write beside (the page then loads alone, as any other).
   */
  static async load(webDist: string): Promise<StaffPageWriter | null> {
    const page = path.join(webDist, 'index.html');
    if (!existsSync(page)) return null;
    const template = readFileSync(page, 'utf8');
    if (!template.includes(rootElement) || !appScript.test(template)) return null;
    const renderer = await loadRenderer();
    if (!renderer) return null;
    const written = withInlineAssets(template, webDist)
      .replace(
        appScript,
        (_, src: string) => `<link rel="preload" as="script" crossorigin href="${src}" id="${appScriptId}">`,
      )
      .replaceAll(modulePreload, scriptPreload);
    return new StaffPageWriter(written, renderer);
  }

  /** The range the app asks the plan for at `search` (the page's query) on the property's `today`. */
  roomPlanRange(search: string, today: string): TRoomPlanQuery {
    return this.renderer.roomPlanRange(search, today);
  }

  /**
   * The page with the plan's first screen before the app's root, its styles inside it with the
   * property's brand colours, allowed by the returned nonce. The screen is kept under `dataVersion`
   * (the property's, as the request's identity knows it; none when unknown: written each time).
   */
  async write(
    dataVersion: number | null,
    source: TRoomPlanSource,
  ): Promise<{ html: string; styleNonce: string }> {
    const markup = await this.screen(dataVersion, source);
    const property = source.properties.find(({ id }) => id === source.session.propertyId);
    // Functions as replacements: the texts are inserted as they are, `$` included.
    const { html, styleNonce } = withStyleNonce(
      this.template
        .replace('<html lang="de">', () => `<html lang="${source.language}">`)
        .replace('</head>', () => `${brandStyle(property?.branding.primaryColor ?? null)}</head>`),
    );
    return { html: html.replace(rootElement, () => `${markup}${rootElement}`), styleNonce };
  }

  /**
   * After a change of the property's data, writes its screens asked for lately again in the
   * background, under the version `dataVersionOf` then gives, once the data has stayed unchanged for
   * a moment (`rewriteDelayMs`): the next page asked for is then kept, not read and rendered while
   * the receptionist waits for it. A screen that cannot be written now is left to the next request.
   */
  changed(propertyId: string, dataVersionOf: () => number | null): void {
    clearTimeout(this.rewrites.get(propertyId));
    const timer = setTimeout(() => {
      this.rewrites.delete(propertyId);
      void this.rewrite(propertyId, dataVersionOf());
    }, rewriteDelayMs);
    timer.unref();
    this.rewrites.set(propertyId, timer);
  }

  /** Ends the pending background writes. */
  close(): void {
    for (const timer of this.rewrites.values()) clearTimeout(timer);
    this.rewrites.clear();
  }

  /** Whether a background write is pending or under way. */
  get isRewriting(): boolean {
    return this.rewrites.size > 0 || this.running > 0;
  }

  private async rewrite(propertyId: string, dataVersion: number | null): Promise<void> {
    if (dataVersion === null) return;
    this.running++;
    try {
      for (const source of [...this.lately.values()])
        if (source.session.propertyId === propertyId)
          await this.screen(dataVersion, source, false).catch(() => undefined);
    } finally {
      this.running--;
    }
  }

  /** The written screen, kept under `dataVersion` and what it is drawn from. */
  private async screen(dataVersion: number | null, source: TRoomPlanSource, isAsked = true): Promise<string> {
    const { plan, ...drawnFrom } = source;
    const drawnKey = JSON.stringify(drawnFrom);
    if (isAsked) this.lately.set(drawnKey, source);
    const key = dataVersion === null ? null : `${dataVersion} ${drawnKey}`;
    let markup = key === null ? undefined : this.screens.get(key);
    if (markup === undefined) {
      markup = await this.renderer.renderRoomPlan({ ...drawnFrom, plan: await plan() });
      this.stats.rendered++;
      if (key !== null) this.screens.set(key, markup);
    }
    return markup;
  }
}
