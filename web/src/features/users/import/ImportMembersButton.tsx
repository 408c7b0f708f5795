import { useState } from 'react';
import Button from '@mui/material/Button';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../lib/session';
import { OpenedOnce, lazyPart } from '../../../lib/lazyPart';

const ImportMembersDialog = lazyPart(() => import('./ImportMembersDialog'), 'ImportMembersDialog');

/** Toolbar button of the Active Users screen that opens the CSV import (needs users add). */
export function ImportMembersButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!hasPermission('users', 'add')) return null;
  return (
    <>
      <Button startIcon={<UploadFileOutlined />} onClick={() => setOpen(true)}>
        {t('memberImport.button')}
      </Button>
      <OpenedOnce open={open}>{open && <ImportMembersDialog onClose={() => setOpen(false)} />}</OpenedOnce>
    </>
  );
}
