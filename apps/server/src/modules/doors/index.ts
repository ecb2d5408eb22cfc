// The public surface of the doors module: what other modules and the platform use from it.
export {
  doorSettingKeys,
  hasAccessToken,
  issueAccessToken,
  listAccessPoints,
  revokeAccessToken,
  syncAccessToken,
  unlockAccessPoint,
} from './doors.service.ts';
