import { useTranslation } from 'react-i18next';
import { roles } from '@pms/contract/permissions';

/** The options of a role select, labelled in the user's language. */
export function RoleOptions() {
  const { t } = useTranslation();
  return roles.map((role) => (
    <option key={role} value={role}>
      {t(`roles.${role}`)}
    </option>
  ));
}
