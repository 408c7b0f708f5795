import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Search from '@mui/icons-material/Search';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Branch } from '@app/contract/branches';
import { ApiError } from '../../lib/api';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { EmptyState } from '../../lib/EmptyState';
import { errorMessage } from '../../lib/errorMessage';
import { PageHeader } from '../../lib/PageHeader';
import { hasPermission } from '../../lib/session';
import { useSessionView } from '../../lib/useSession';
import {
  branchGstQueryKey,
  branchesQueryKey,
  deleteBranch,
  fetchBranchGst,
  fetchBranches,
} from './branchApi';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { chooseBranch, forgetBranch } from './storedBranches';

// Add / Edit Branch (its form and schema) is downloaded when first opened, not with the list (issue 21).
const BranchFormDialog = lazyPart(() => import('./BranchFormDialog'), 'BranchFormDialog');
const BranchGstDialog = lazyPart(() => import('./BranchGstDialog'), 'BranchGstDialog');
const GstReturnDialog = lazyPart(() => import('./GstReturnDialog'), 'GstReturnDialog');

/** The card's GST line (issue 44): the GSTIN and what its payments print; nothing before GST is on. */
function useGstLine(branchId: number, enabled: boolean): { line: string; invoicing: string | null } {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: branchGstQueryKey(branchId),
    queryFn: ({ signal }) => fetchBranchGst(branchId, signal),
    enabled,
    staleTime: 60_000,
  });
  if (!data || data.onSince === null) return { line: '', invoicing: null };
  if (!data.registered) return { line: t('branches.gst.lineUnregistered'), invoicing: null };
  const line = t(data.scheme === 'regular' ? 'branches.gst.lineInvoice' : 'branches.gst.lineComposition', {
    gstin: data.gstin ?? '',
  });
  // A regular-scheme GSTIN files GSTR-1: its return can be opened from the card.
  return { line, invoicing: data.scheme === 'regular' ? data.gstin : null };
}

/** Page sizes the tables offer (spec section 9). */
const pageSizeOptions = [5, 10, 25];
const searchDelayMs = 300;

type Sort = 'name' | '-name';

/** Table state lives in the URL (ARCHITECTURE.md), so a view survives a reload. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const sizeParam = Number.parseInt(params.get('pageSize') ?? '', 10);
  const pageSize = pageSizeOptions.includes(sizeParam) ? sizeParam : 5;
  const sort: Sort = params.get('sort') === '-name' ? '-name' : 'name';
  const q = params.get('q') ?? '';
  const update = (change: Record<string, string | number | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  return { page, pageSize, sort, q, update };
}

function Detail({ icon, text }: { icon: ReactNode; text: string }) {
  if (text === '') return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
      <Box sx={{ display: 'flex', pt: '2px' }}>{icon}</Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Stack>
  );
}

interface BranchCardProps {
  branch: Pick<Branch, 'id' | 'name'> & Partial<Branch>;
  current: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** GST settings: shown on the card, and the button that edits them (settings edit). */
  gst?: { canEdit: boolean; onEdit: () => void; canReturn: boolean; onReturn: (gstin: string) => void };
}

function BranchCard({ branch, current, canEdit, canDelete, onEdit, onDelete, gst }: BranchCardProps) {
  const { t } = useTranslation();
  const inactive = branch.status === 'inactive';
  const { line: gstLine, invoicing } = useGstLine(branch.id, gst !== undefined);
  return (
    <Card
      variant="outlined"
      component="li"
      aria-current={current ? 'true' : undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        // A ring rather than a thicker border, so the current card's content does not shift.
        borderColor: current ? 'primary.main' : undefined,
        boxShadow: (theme) => (current ? `0 0 0 1px ${theme.palette.primary.main}` : 'none'),
      }}
    >
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
            {branch.name}
          </Typography>
          {branch.status !== undefined && (
            <Chip
              size="small"
              label={inactive ? t('branches.statusInactive') : t('branches.statusActive')}
              color={inactive ? 'default' : 'success'}
              variant="outlined"
            />
          )}
        </Stack>
        <Detail icon={<PlaceOutlined fontSize="small" aria-hidden />} text={branch.address ?? ''} />
        <Detail icon={<PhoneOutlined fontSize="small" aria-hidden />} text={branch.phone ?? ''} />
        <Detail icon={<ScheduleOutlined fontSize="small" aria-hidden />} text={branch.timezone ?? ''} />
        <Detail icon={<ReceiptLongOutlined fontSize="small" aria-hidden />} text={gstLine} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        {current ? (
          <Chip icon={<CheckCircle />} label={t('branches.current')} color="primary" />
        ) : (
          <Tooltip title={inactive ? t('branches.inactiveHint') : ''}>
            <span>
              <Button
                variant="contained"
                size="small"
                disabled={inactive}
                onClick={() => chooseBranch(branch)}
                aria-label={`${t('branches.use')}: ${branch.name}`}
              >
                {t('branches.use')}
              </Button>
            </span>
          </Tooltip>
        )}
        <Box sx={{ ml: 'auto !important', display: 'flex' }}>
          {gst?.canReturn && invoicing && (
            <Tooltip title={t('branches.gstReturn.open')}>
              <IconButton
                onClick={() => gst.onReturn(invoicing)}
                aria-label={`${t('branches.gstReturn.open')}: ${branch.name}`}
              >
                <AssessmentOutlined />
              </IconButton>
            </Tooltip>
          )}
          {gst?.canEdit && (
            <Tooltip title={t('branches.gst.edit')}>
              <IconButton onClick={gst.onEdit} aria-label={`${t('branches.gst.edit')}: ${branch.name}`}>
                <ReceiptLongOutlined />
              </IconButton>
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title={t('branches.edit')}>
              <IconButton onClick={onEdit} aria-label={`${t('branches.edit')}: ${branch.name}`}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('branches.delete')}>
              <IconButton onClick={onDelete} aria-label={`${t('branches.delete')}: ${branch.name}`}>
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      </CardActions>
    </Card>
  );
}

function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}

/** /app/branches: choose the branch to work on; add, edit and delete where permitted. */
export function BranchesPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { activeBranch, branches: storedBranches } = useSessionView();
  const { page, pageSize, sort, q, update } = useListParams();
  const [search, setSearch] = useState(q);
  const [editing, setEditing] = useState<Branch | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const canAdd = hasPermission('branches', 'add');
  const canEdit = hasPermission('branches', 'edit');
  // GST settings are the owner's books: changed with settings edit (issue 44, point 1).
  const canEditGst = hasPermission('settings', 'edit');
  const [gstBranch, setGstBranch] = useState<Branch | null>(null);
  // The month's return of a GSTIN: for those who read payments (issue 44, point 4).
  const canReadReturn = hasPermission('payments', 'view');
  const [returnGstin, setReturnGstin] = useState<string | null>(null);
  const canDelete = hasPermission('branches', 'delete');

  useEffect(() => {
    if (search.trim() === q) return;
    const timer = window.setTimeout(() => update({ q: search.trim(), page: null }), searchDelayMs);
    return () => window.clearTimeout(timer);
    // `update` is a fresh function each render; only the typed text should restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, q]);

  const query = { page, pageSize, sort, ...(q === '' ? {} : { q }) };
  const list = useQuery({
    queryKey: [...branchesQueryKey, query],
    queryFn: ({ signal }) => fetchBranches(query, signal),
    placeholderData: keepPreviousData,
    meta: { handlesError: true },
  });

  // After a delete empties the last page, step back to the page that still has rows.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  useEffect(() => {
    if (list.data !== undefined && page > lastPage) update({ page: lastPage === 0 ? null : lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, page, lastPage]);

  const confirmDelete = async () => {
    if (deleting === null) return;
    setDeleteBusy(true);
    try {
      await deleteBranch(deleting.id);
      forgetBranch(deleting.id);
      await queryClient.invalidateQueries({ queryKey: branchesQueryKey });
      enqueueSnackbar(t('notify.removed'), { variant: 'success' });
      setDeleting(null);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setDeleteBusy(false);
    }
  };

  // Without the 'branches' view permission the server lists nothing; the branches of the sign-in
  // answer are still the ones this person may use.
  const forbidden = list.error instanceof ApiError && list.error.reason === 'FORBIDDEN';
  const items = list.data?.items ?? [];

  let body: ReactNode;
  if (forbidden) {
    body = (
      <Stack spacing={2}>
        <Alert severity="info">{t('branches.fromSession')}</Alert>
        {storedBranches.length === 0 ? (
          <EmptyState title={t('branches.noBranchesTitle')} text={t('branches.noBranchesAskText')} />
        ) : (
          <CardGrid label={t('branches.title')}>
            {storedBranches.map((branch) => (
              <BranchCard
                key={branch.id}
                branch={branch}
                current={activeBranch?.id === branch.id}
                canEdit={false}
                canDelete={false}
                onEdit={() => undefined}
                onDelete={() => undefined}
              />
            ))}
          </CardGrid>
        )}
      </Stack>
    );
  } else if (list.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('errors.reload')}
          </Button>
        }
      >
        {errorMessage(list.error)}
      </Alert>
    );
  } else if (list.isPending) {
    body = (
      <CardGrid>
        {Array.from({ length: 3 }, (_, index) => (
          <Box component="li" key={index}>
            <Skeleton variant="rounded" height={170} aria-hidden />
          </Box>
        ))}
      </CardGrid>
    );
  } else if (items.length === 0) {
    body =
      q !== '' ? (
        <EmptyState title={t('branches.emptyTitle')} text={t('branches.emptyText')} />
      ) : (
        <EmptyState
          title={t('branches.noBranchesTitle')}
          text={canAdd ? t('branches.noBranchesText') : t('branches.noBranchesAskText')}
        />
      );
  } else {
    body = (
      <Stack spacing={1}>
        <CardGrid label={t('branches.title')}>
          {items.map((branch) => (
            <BranchCard
              key={branch.id}
              branch={branch}
              current={activeBranch?.id === branch.id}
              canEdit={canEdit}
              canDelete={canDelete}
              onEdit={() => setEditing(branch)}
              onDelete={() => setDeleting(branch)}
              gst={{
                canEdit: canEditGst,
                onEdit: () => setGstBranch(branch),
                canReturn: canReadReturn,
                onReturn: setReturnGstin,
              }}
            />
          ))}
        </CardGrid>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, lastPage)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={pageSizeOptions}
          onPageChange={(_event, next) => update({ page: next === 0 ? null : next })}
          onRowsPerPageChange={(event) => update({ pageSize: event.target.value, page: null })}
          labelRowsPerPage={t('branches.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('branches.displayedRows', { from, to, count })}
        />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('branches.title')} subtitle={t('branches.subtitle')} />
      {!forbidden && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <TextField
            type="search"
            size="small"
            label={t('branches.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ flex: 1, maxWidth: { sm: 360 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            id="branches-sort"
            label={t('branches.sortLabel')}
            value={sort}
            onChange={(event) =>
              update({ sort: event.target.value === '-name' ? '-name' : null, page: null })
            }
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="name">{t('branches.sortAsc')}</MenuItem>
            <MenuItem value="-name">{t('branches.sortDesc')}</MenuItem>
          </TextField>
          {canAdd && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing(null)}
              sx={{ ml: { sm: 'auto !important' } }}
            >
              {t('branches.add')}
            </Button>
          )}
        </Stack>
      )}
      {body}
      <OpenedOnce open={returnGstin !== null}>
        {returnGstin !== null && <GstReturnDialog gstin={returnGstin} onClose={() => setReturnGstin(null)} />}
      </OpenedOnce>
      <OpenedOnce open={gstBranch !== null}>
        {gstBranch !== null && (
          <BranchGstDialog branchId={gstBranch.id} name={gstBranch.name} onClose={() => setGstBranch(null)} />
        )}
      </OpenedOnce>
      <OpenedOnce open={editing !== undefined}>
        {editing !== undefined && <BranchFormDialog branch={editing} onClose={() => setEditing(undefined)} />}
      </OpenedOnce>
      <ConfirmDialog
        open={deleting !== null}
        title={t('branches.deleteTitle')}
        text={t('branches.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('branches.delete')}
        cancelLabel={t('branches.cancel')}
        busy={deleteBusy}
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(null);
          enqueueSnackbar(t('notify.canceled'), { variant: 'info' });
        }}
      />
    </>
  );
}
