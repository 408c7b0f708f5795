import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { reloadPage } from '../../lib/navigation';
import { writeActiveBranch } from '../../lib/session';
import type { StoredBranch } from '../../lib/session';

/**
 * 'Please select a Branch to continue' (spec section 2). It cannot be dismissed: the page behind
 * it needs an active branch. Save stores the choice, closes and reloads.
 */
export function BranchDialog({ branches }: { branches: readonly StoredBranch[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [selected, setSelected] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = selected === '';

  const save = () => {
    setTouched(true);
    const branch = branches.find((candidate) => String(candidate.id) === selected);
    if (branch === undefined) return;
    writeActiveBranch({ id: branch.id, name: branch.name });
    setOpen(false);
    reloadPage();
  };

  return (
    <Dialog open={open} aria-labelledby="branch-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="branch-dialog-title">{t('session.selectBranchTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          required
          fullWidth
          id="branch-dialog-select"
          label={t('session.selectBranch')}
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && missing}
          helperText={touched && missing ? t('validation.required') : undefined}
          sx={{ mt: 1 }}
        >
          {branches.map((branch) => (
            <MenuItem key={branch.id} value={String(branch.id)}>
              {branch.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={save}>
          {t('session.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
