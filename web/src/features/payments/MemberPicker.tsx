import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@app/contract/list';
import type { User } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import { get } from '../../lib/api';
import { readActiveBranch } from '../../lib/session';

/** What the payment dialog needs of a member: who, and the fee structure to propose. */
export type PayingMember = Pick<User, 'userId' | 'name' | 'mobile' | 'feeStructureId'>;

/** A member of the active branch, searched on the server by name or mobile as the person types. */
export function MemberPicker({
  value,
  onChange,
  error,
}: {
  value: PayingMember | null;
  onChange: (member: PayingMember | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['user', 'picker', readActiveBranch()?.id ?? null, q],
    queryFn: ({ signal }) =>
      get<ListResponse<User>>('/user/getUsers', {
        query: { q: q || undefined, pageSize: 10, sort: 'name' },
        signal,
      }),
    enabled: q.length > 0,
  });
  return (
    <Autocomplete
      value={value}
      onChange={(_event, member) => onChange(member)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      options={(found.data?.items ?? []) satisfies PayingMember[]}
      loading={found.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(member: PayingMember) => `${member.name} · ${member.mobile}`}
      isOptionEqualToValue={(a: PayingMember, b: PayingMember) => a.userId === b.userId}
      noOptionsText={q ? t('payments.dialog.noMembers') : t('payments.dialog.typeToSearch')}
      renderInput={(params) => (
        <TextField
          {...params}
          id="field-userId"
          label={t('payments.member')}
          required
          autoFocus
          error={error !== undefined}
          helperText={error}
        />
      )}
    />
  );
}
