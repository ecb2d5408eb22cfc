// The types of the package's `./ssr` entry, the built dist-ssr/ssr.js (made from src/ssr.tsx).
import type { TStaffRenderer } from '@pms/contract/staff-page';

export declare const renderer: TStaffRenderer;
