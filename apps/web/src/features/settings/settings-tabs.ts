import { can, type TAccess, type TArea, type TRole } from '@pms/contract/permissions';

export type TSettingsTab = 'general' | 'emails' | 'team' | 'branding' | 'privacy' | 'advanced';

/** The settings tabs in the spec's order, with what the role needs to see each. */
export const settingsTabs: readonly { key: TSettingsTab; area: TArea; access: TAccess }[] = [
  { key: 'general', area: 'settings', access: 'read' },
  { key: 'emails', area: 'settings', access: 'read' },
  { key: 'team', area: 'team', access: 'read' },
  { key: 'branding', area: 'properties', access: 'write' },
  { key: 'privacy', area: 'privacy', access: 'read' },
  { key: 'advanced', area: 'advancedSettings', access: 'read' },
];

export function allowedSettingsTabs(role: TRole): TSettingsTab[] {
  return settingsTabs.filter((tab) => can(role, tab.area, tab.access)).map((tab) => tab.key);
}

/** Where /settings leads: branding, as the spec says, or the first tab the role may open. */
export function defaultSettingsTab(role: TRole): TSettingsTab | null {
  const allowed = allowedSettingsTabs(role);
  return allowed.includes('branding') ? 'branding' : (allowed[0] ?? null);
}
