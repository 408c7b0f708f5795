import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { reloadPage } from '../../lib/navigation';
import { writeActiveBranch } from '../../lib/session';
import { useSessionView } from '../../lib/useSession';

/** The top bar's 'Active Branch' dropdown: choosing saves the branch and reloads (spec section 4). */
export function ActiveBranchSelect() {
  const { t } = useTranslation();
  const { branches, activeBranch } = useSessionView();
  if (branches.length === 0) return null;
  const known = activeBranch !== null && branches.some((branch) => branch.id === activeBranch.id);

  return (
    <TextField
      select
      size="small"
      id="active-branch"
      label={t('session.activeBranch')}
      value={known ? String(activeBranch.id) : ''}
      onChange={(event) => {
        const branch = branches.find((candidate) => String(candidate.id) === event.target.value);
        if (branch === undefined || branch.id === activeBranch?.id) return;
        writeActiveBranch({ id: branch.id, name: branch.name });
        reloadPage();
      }}
      sx={{
        minWidth: { xs: 140, sm: 180 },
        maxWidth: { xs: 180, sm: 260 },
        flexShrink: 0,
        // Sits on the coloured app bar, so it takes the bar's text colour instead of the theme's.
        '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: 'inherit' },
        '& .MuiInputBase-root': { color: 'inherit' },
        '& .MuiSelect-icon': { color: 'inherit' },
        '& .MuiOutlinedInput-notchedOutline, & .MuiInputBase-root:hover .MuiOutlinedInput-notchedOutline, & .MuiInputBase-root.Mui-focused .MuiOutlinedInput-notchedOutline':
          { borderColor: 'currentColor', opacity: 0.6 },
      }}
    >
      {branches.map((branch) => (
        <MenuItem key={branch.id} value={String(branch.id)}>
          {branch.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
