import { addDays, dashboardTrendDays, todayIn, type TDashboard } from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findProperty } from '../../lib/properties.ts';
import {
  countRooms,
  selectChannelConflicts,
  selectOpenBalances,
  selectStaysOfDay,
  selectTrend,
} from './dashboard.queries.ts';

/**
 * The front desk's day: arrivals, departures, in-house guests, occupancy, rooms to clean, open balances,
 * and occupancy and revenue over the two weeks before and after it.
 */
export async function getDashboard(ctx: AppContext, actor: TActor, date?: string): Promise<TDashboard> {
  requireAccess(actor, 'dashboard', 'read');
  const { db } = ctx;
  const property = await findProperty(db, actor.propertyId);
  const day = date ?? todayIn(property.timeZone, ctx.clock.now());
  const stays = await selectStaysOfDay(db, actor.propertyId, day);
  const arrivals = stays.filter((s) => s.checkIn === day && s.status !== 'checked_out');
  const departures = stays.filter((s) => s.checkOut === day);
  const inHouse = stays.filter((s) => s.checkIn <= day && s.checkOut > day && s.status === 'checked_in');
  const totalRooms = await countRooms(db, actor.propertyId);
  const roomsToClean = await countRooms(db, actor.propertyId, { isDirty: true });
  const openBalances = await selectOpenBalances(db, actor.propertyId);
  const trend = await selectTrend(
    db,
    actor.propertyId,
    property.timeZone,
    addDays(day, -dashboardTrendDays.before),
    addDays(day, dashboardTrendDays.after),
  );
  const percentOf = (occupied: number) => (totalRooms ? Math.round((occupied / totalRooms) * 1000) / 10 : 0);
  // The day's occupancy is its night in the trend: one rule for which stays hold a room.
  const occupiedRooms = trend.find((night) => night.date === day)?.occupied ?? 0;
  return {
    date: day,
    arrivals,
    departures,
    inHouse,
    occupancy: {
      occupiedRooms,
      totalRooms,
      percent: percentOf(occupiedRooms),
    },
    guestsInHouse: inHouse.reduce((sum, s) => sum + s.occupancy, 0),
    roomsToClean,
    openBalances,
    channelConflicts: await selectChannelConflicts(db, actor.propertyId),
    trend: trend.map((night) => ({
      date: night.date,
      occupiedRooms: night.occupied,
      percent: percentOf(night.occupied),
      revenue: night.revenue,
    })),
  };
}
