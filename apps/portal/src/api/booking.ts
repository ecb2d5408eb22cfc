// The booking's reads: property, booking, metadata, general settings.
import type {
  TPortalBooking,
  TPortalBookingMetadata,
  TPortalGeneralSettings,
  TPortalProperty,
} from '@pms/contract/portal';
import { portalJson } from './client.ts';

export const getProperty = () => portalJson<TPortalProperty>('GET', '/property');
export const getBooking = () => portalJson<TPortalBooking>('GET', '/booking');
export const getBookingMetadata = () => portalJson<TPortalBookingMetadata>('GET', '/booking_metadata');
export const getGeneralSettings = () => portalJson<TPortalGeneralSettings>('GET', '/settings/general');
