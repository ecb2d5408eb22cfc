// The types of the package's `./ssr` entry, the built dist-ssr/ssr.js (made from src/ssr.tsx).
import type { TRenderPortalHome } from '@pms/contract/portal-page';

export declare const renderPortalHome: TRenderPortalHome;
