// The public surface of the settings module: what other modules and the platform use from it.
export { readGeneralSettings, readSettingValue } from './settings.service.ts';
