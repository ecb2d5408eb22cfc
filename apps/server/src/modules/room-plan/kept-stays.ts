import { bookingDisplayName, type TRoomPlanBooking } from '@pms/contract';
import type { TPlanStayRow } from './room-plan.queries.ts';

type TKeptStay = { row: TPlanStayRow; json: string; place: string };
type TKeptText = { head: string; list: string; tail: string; text: string };

/** Where the plan lists the stays of a room type that have no room yet. */
export function unassignedPlace(roomTypeId: string): string {
  return `unassigned ${roomTypeId}`;
}

/** Where the plan lists a stay: under its room, or under its room type while it has none. */
function placeOf(stay: { roomId: string | null; roomTypeId: string }): string {
  return stay.roomId ?? unassignedPlace(stay.roomTypeId);
}

function toPlanBooking(row: TPlanStayRow): TRoomPlanBooking {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    occupancy: row.occupancy,
    color: row.color,
    displayName: bookingDisplayName(row),
    isRoomFixed: row.isRoomFixed,
  };
}

/** The plan's order of stays in one place: by check-in, then code in byte order (`collate "C"`). */
function byCheckInThenCode(a: TKeptStay, b: TKeptStay): number {
  if (a.row.checkIn !== b.row.checkIn) return a.row.checkIn < b.row.checkIn ? -1 : 1;
  return a.row.code < b.row.code ? -1 : a.row.code > b.row.code ? 1 : 0;
}

/**
 * One window's stays as of a data version, each kept with its JSON and grouped by place, so that a
 * plan after a change is written from the stays that changed: each place's bookings array is written
 * once and again only when a stay in it changes.
 */
export class KeptStays {
  #version: number;
  readonly #stays = new Map<string, TKeptStay>();
  readonly #places = new Map<string, Set<TKeptStay>>();
  readonly #lists = new Map<string, string>();
  readonly #texts = new Map<string, TKeptText>();

  constructor(version: number, rows: readonly TPlanStayRow[]) {
    this.#version = version;
    for (const row of rows) this.#put(row);
  }

  get version(): number {
    return this.#version;
  }

  /**
   * Takes in what a read at `version` found for the stays changed since an earlier version: `rows`
   * for those still in the window, and every other of `changed` has left it. A read older than what
   * is kept changes nothing: its changes are kept already.
   */
  update(version: number, changed: readonly string[], rows: readonly TPlanStayRow[]): void {
    if (version <= this.#version) return;
    for (const id of changed) this.#remove(id);
    for (const row of rows) this.#put(row);
    this.#version = version;
  }

  /** The JSON array of the bookings listed at `place`, by check-in then code. */
  listOf(place: string): string {
    let list = this.#lists.get(place);
    if (list === undefined) {
      const stays = [...(this.#places.get(place) ?? [])].sort(byCheckInThenCode);
      list = `[${stays.map((stay) => stay.json).join(',')}]`;
      this.#lists.set(place, list);
    }
    return list;
  }

  /**
   * `head`, the JSON array of the bookings listed at `place`, and `tail`, as one text: the same string
   * as the last time while none of the three changed, so that what is kept of it (its compressed
   * bytes) is found again without reading it (see performance/json-parts.ts).
   */
  textOf(place: string, head: string, tail: string): string {
    const list = this.listOf(place);
    const kept = this.#texts.get(place);
    if (kept?.list === list && kept.head === head && kept.tail === tail) return kept.text;
    const text = `${head}${list}${tail}`;
    this.#texts.set(place, { head, list, tail, text });
    return text;
  }

  /** Whether any stay is listed at `place`. */
  has(place: string): boolean {
    return (this.#places.get(place)?.size ?? 0) > 0;
  }

  #put(row: TPlanStayRow): void {
    this.#remove(row.id);
    const stay = { row, json: JSON.stringify(toPlanBooking(row)), place: placeOf(row) };
    this.#stays.set(row.id, stay);
    const place = this.#places.get(stay.place);
    if (place) place.add(stay);
    else this.#places.set(stay.place, new Set([stay]));
    this.#lists.delete(stay.place);
  }

  #remove(id: string): void {
    const stay = this.#stays.get(id);
    if (!stay) return;
    this.#stays.delete(id);
    this.#places.get(stay.place)?.delete(stay);
    this.#lists.delete(stay.place);
  }
}
