import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../notify/notify';
import { useTranslation } from 'react-i18next';
import { del, post, put } from '../api';
import { errorMessage } from '../errorMessage';
import { removeCall, resourcePaths, updateCall } from '../table/resource';
import type { Resource } from '../table/resource';
import { resourceKey } from '../table/useResourceList';

/**
 * Create, update and delete of one resource, each followed by a refresh of every list of it and
 * the notice of spec section 8. Create and update failures are left to the form (field errors);
 * a failed delete is announced with the server's message.
 */
export function useResourceMutations<R, TInput>(resource: Resource<R>) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const paths = resourcePaths(resource);
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey(resource) });

  const create = useMutation({
    mutationFn: (input: TInput) => post<R>(paths.create, input),
    meta: { handlesError: true },
    onSuccess: () => {
      enqueueSnackbar(t('notify.saved'), { variant: 'success' });
      void refresh();
    },
  });

  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: TInput }) => {
      const call = updateCall(paths, id, input);
      return put<R>(call.path, call.body, { query: call.query });
    },
    meta: { handlesError: true },
    onSuccess: () => {
      enqueueSnackbar(t('notify.updated'), { variant: 'success' });
      void refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) => {
      const call = removeCall(paths, id);
      return del(call.path, { query: call.query });
    },
    onSuccess: () => {
      enqueueSnackbar(t('notify.removed'), { variant: 'success' });
      void refresh();
    },
    onError: (error) => {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    },
  });

  return { create, update, remove };
}
