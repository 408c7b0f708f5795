import { useState } from 'react';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contract/users';
import { put } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { hasPermission } from '../../lib/session';
import { memberKey } from './memberApi';

type Change = 'deactivate' | 'reactivate';

/**
 * Deactivate (users edit) an active member, or reactivate (inactiveUsers edit) an inactive one whose
 * validity has not passed; both ask first. An expired member needs a payment instead, which the
 * page explains, so no button is offered then.
 */
export function MemberStatusActions({ member, validityOver }: { member: User; validityOver: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Change | null>(null);
  const change: Change = member.status ? 'deactivate' : 'reactivate';
  const allowed = member.status
    ? hasPermission('users', 'edit')
    : hasPermission('inactiveUsers', 'edit') && !validityOver;

  const mutation = useMutation({
    mutationFn: (which: Change) =>
      put<User>(`/user/${which}User`, undefined, { query: { userId: member.userId } }),
    onSuccess: (updated, which) => {
      queryClient.setQueryData(memberKey(member.userId), updated);
      // Lists, the history and this profile all start with 'user'.
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      setAsking(null);
      enqueueSnackbar(
        t(which === 'deactivate' ? 'memberProfile.deactivated' : 'memberProfile.reactivated', {
          name: member.name,
        }),
        {
          variant: 'success',
        },
      );
    },
    onError: (error) => {
      setAsking(null);
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    },
  });

  if (!allowed) return null;
  const name = member.name;
  return (
    <>
      <Button
        variant="outlined"
        color={change === 'deactivate' ? 'error' : 'primary'}
        onClick={() => setAsking(change)}
      >
        {t(change === 'deactivate' ? 'memberProfile.deactivate' : 'memberProfile.reactivate')}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={t(
          change === 'deactivate' ? 'memberProfile.deactivateTitle' : 'memberProfile.reactivateTitle',
          { name },
        )}
        text={t(change === 'deactivate' ? 'memberProfile.deactivateText' : 'memberProfile.reactivateText', {
          name,
        })}
        confirmLabel={t(change === 'deactivate' ? 'memberProfile.deactivate' : 'memberProfile.reactivate')}
        cancelLabel={t('memberProfile.cancel')}
        destructive={change === 'deactivate'}
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate(change)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
