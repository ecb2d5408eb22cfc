import { can, type TRole } from '@pms/contract/permissions';
import { profilePath } from './redirect.ts';

/**
 * Where main (/) leads a role: the bookings list as the spec says, or housekeeping for a role that
 * may not see bookings (cleaning), so nobody lands on a screen they are refused.
 */
export function homePathFor(role: TRole): string {
  if (can(role, 'bookings')) return '/bookings';
  if (can(role, 'housekeeping')) return '/housekeeping';
  return profilePath;
}
