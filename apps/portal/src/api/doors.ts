// The door calls: the doors the booking's key opens, and opening one.
import type { TAccessPoint } from '@pms/contract/doors';
import { portalJson } from './client.ts';

export const getAccessPoints = () => portalJson<TAccessPoint[]>('GET', '/access_points');
export const unlockAccessPoint = (id: string) =>
  portalJson<TAccessPoint>('POST', `/access_points/${id}/unlock`);
