// The staff app's page written by the server: the room plan comes with its first screen on it (the web
// app's own layout and plan, rendered by its server build, `@pms/web/ssr`) and with the plan's answer
// for the app to take over, so that a receptionist sees the plan before the app has loaded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstScreenDataId, type TRoomPlanScreen, type TStaffRenderer } from '@pms/contract';
import { scriptJson } from './written-page.ts';

/** Where the app mounts: the written screen goes before it, over it until the app has drawn. */
const rootElement = '<div id="root"></div>';

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

  /** The writer of a built web app, or null when its server renderer is not built (the page then loads alone). */
  static async load(webDist: string): Promise<StaffPageWriter | null> {
    const page = path.join(webDist, 'index.html');
    if (!existsSync(page)) return null;
    const template = readFileSync(page, 'utf8');
    if (!template.includes(rootElement)) throw new Error(`${page} has no ${rootElement} to write before`);
    const renderer = await loadRenderer();
    return renderer ? new StaffPageWriter(template, renderer) : null;
  }

  /** The range the app asks the plan for at `search` (the page's query) on the property's `today`. */
  roomPlanRange(search: string, today: string): { from: string; to: string } {
    return this.renderer.roomPlanRange(search, today);
  }

  /** The page with the plan's first screen before the app's root and the plan's answer at the end. */
  async write(screen: TRoomPlanScreen): Promise<string> {
    const markup = await this.renderer.renderRoomPlan(screen);
    const { from, to } = screen.range;
    const data = `<script type="application/json" id="${firstScreenDataId}" data-from="${from}" data-to="${to}">${scriptJson(screen.plan)}</script>`;
    // Functions as replacements: the texts are inserted as they are, `$` included.
    return this.template
      .replace('<html lang="de">', () => `<html lang="${screen.language}">`)
      .replace(rootElement, () => `${markup}${rootElement}`)
      .replace('</body>', () => `${data}</body>`);
  }
}
