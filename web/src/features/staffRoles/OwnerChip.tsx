import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Marks the organisation's Owner role (in the roles' and the staff's lists). */
export function OwnerChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="primary" variant="outlined" label={t('staffRoles.owner')} />;
}
