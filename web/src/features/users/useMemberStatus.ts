import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/contract/users';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { put } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { resourceKey } from '../../lib/table/useResourceList';
import { activeUserResource } from './resource';

/**
 * Deactivate (PUT /user/deactivateUser) and reactivate (PUT /user/reactivateUser) a member; both
 * refresh every users list and announce the outcome, the server's message on a refusal.
 */
export function useMemberStatus() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey(activeUserResource) });
  const onError = (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' });

  const deactivate = useMutation({
    mutationFn: (user: User) =>
      put<User>('/user/deactivateUser', undefined, { query: { userId: user.userId } }),
    onSuccess: (user) => {
      enqueueSnackbar(t('members.deactivated', { name: user.name }), { variant: 'success' });
      void refresh();
    },
    onError,
  });

  const reactivate = useMutation({
    mutationFn: (user: User) =>
      put<User>('/user/reactivateUser', undefined, { query: { userId: user.userId } }),
    onSuccess: (user) => {
      enqueueSnackbar(t('members.inactive.reactivated', { name: user.name }), { variant: 'success' });
      void refresh();
    },
    onError,
  });

  return { deactivate, reactivate };
}
