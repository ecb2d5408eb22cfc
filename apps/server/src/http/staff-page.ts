// The staff app's page written by the server: the room plan comes with its first screen on it (the web
// app's own layout and plan, rendered by its server build, `@pms/web/ssr`), so that a receptionist sees
// the plan before the app has loaded. The app asks for the plan's data itself as it starts (early.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appScriptId, type TRoomPlanQuery, type TRoomPlanScreen, type TStaffRenderer } from '@pms/contract';
import { brandStyle, withInlineStyles, withStyleNonce } from './written-page.ts';

/** Where the app mounts: the written screen goes before it, over it until the app has drawn. */
const rootElement = '<div id="root"></div>';

/** The app's script (its entry, `main`), which on a written page is loaded and run by the first script. */
const appScript = /<script type="module" crossorigin src="(\/assets\/main-[^"]+\.js)"><\/script>/;

/** The web app's server renderer, or null when its server build is missing. */
async function loadRenderer(): Promise<TStaffRenderer | null> {
  try {
    return (await import('@pms/web/ssr')).renderer;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/** index.html with the room plan's first screen written into it. */
export class StaffPageWriter {
  private readonly template: string;
  private readonly renderer: TStaffRenderer;

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
    const written = withInlineStyles(template, webDist).replace(
      appScript,
      (_, src: string) => `<link rel="modulepreload" crossorigin href="${src}" id="${appScriptId}">`,
    );
    return new StaffPageWriter(written, renderer);
  }

  /** The range the app asks the plan for at `search` (the page's query) on the property's `today`. */
  roomPlanRange(search: string, today: string): TRoomPlanQuery {
    return this.renderer.roomPlanRange(search, today);
  }

  /**
   * The page with the plan's first screen before the app's root, its styles inside it with the
   * property's brand colours, allowed by the returned nonce.
   */
  async write(screen: TRoomPlanScreen): Promise<{ html: string; styleNonce: string }> {
    const markup = await this.renderer.renderRoomPlan(screen);
    const property = screen.properties.find(({ id }) => id === screen.session.propertyId);
    // Functions as replacements: the texts are inserted as they are, `$` included.
    const { html, styleNonce } = withStyleNonce(
      this.template
        .replace('<html lang="de">', () => `<html lang="${screen.language}">`)
        .replace('</head>', () => `${brandStyle(property?.branding.primaryColor ?? null)}</head>`),
    );
    return { html: html.replace(rootElement, () => `${markup}${rootElement}`), styleNonce };
  }
}
