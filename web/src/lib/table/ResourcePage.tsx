import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useSnackbar } from '../notify/notify';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../errorMessage';
import { ConfirmDialog } from '../form/ConfirmDialog';
import type { FormSchema, ResourceFormDialog as FormDialogOfResource } from '../form/ResourceFormDialog';
import { useResourceMutations } from '../form/useResourceMutations';
import { OpenedOnce, lazyPart } from '../lazyPart';
import { PageHeader } from '../PageHeader';
import { hasPermission } from '../session';
import { StatusSwitch } from './cells';
import type { Resource } from './resource';
import { ResourceTable } from './ResourceTable';
import type { RowAction } from './ResourceTable';
import type { TableFilter } from './tableContext';
import { useTableState } from './useTableState';

export interface ResourcePageTexts {
  title: string;
  subtitle?: string;
  add: string;
  addTitle: string;
  editTitle: string;
  emptyTitle: string;
  emptyText: string;
}

export interface ResourcePageProps<R extends GridValidRowModel, TIn extends FieldValues, TOut> {
  resource: Resource<R>;
  texts: ResourcePageTexts;
  columns: GridColDef<R>[];
  filters?: readonly TableFilter[];
  hiddenColumns?: readonly string[];
  /** What a row is called in the delete question. */
  rowName: (row: R) => string;
  /** The form's schema, or its loader (ResourceFormDialog's FormSchema). */
  schema: FormSchema<TOut, TIn>;
  /** The schema of Edit when it differs from Add's (e.g. no password). */
  editSchema?: FormSchema<TOut, TIn>;
  /** The empty form of Add. */
  defaults: DefaultValues<TIn>;
  /** A row as form values (Edit), also the body of a status toggle. */
  toValues: (row: R) => DefaultValues<TIn>;
  /** The form's fields; `row` is the row being edited, null on Add. */
  renderFields: (form: UseFormReturn<TIn, unknown, TOut>, row: R | null) => ReactNode;
  /** A boolean field shown as a switch that saves at once. */
  statusField?: keyof R & string;
  formWidth?: 'xs' | 'sm' | 'md';
  toolbarExtra?: ReactNode;
  rowActions?: readonly RowAction<R>[];
  /** Rows that offer no Edit and Delete (e.g. a converted enquiry). */
  readOnlyRow?: (row: R) => boolean;
  /** The delete question in words of the screen (e.g. when delete deactivates). */
  deleteTexts?: { title: string; text: (name: string) => string; confirm: string };
  /** After Add saved, with the row the server answered (e.g. to go on to the next step). */
  onCreated?: (row: R) => void;
}

// The form's code (react-hook-form and its resolver) comes when a form first opens: the table
// shows without it (issue 21).
const ResourceFormDialog = lazyPart(
  () => import('../form/ResourceFormDialog'),
  'ResourceFormDialog',
) as typeof FormDialogOfResource;

interface FormOpening<R> {
  open: boolean;
  row: R | null;
  /** A new form for every opening, so it starts pristine from its values. */
  seq: number;
}

/**
 * One catalogue screen: title, the resource table, the add/edit form dialog and the delete
 * question, with the notices of spec section 8. A row just added is shown at the top of the first
 * page (spec section 4) until the view changes.
 */
export function ResourcePage<R extends GridValidRowModel, TIn extends FieldValues, TOut>(
  props: ResourcePageProps<R, TIn, TOut>,
) {
  const { resource, texts, toValues, statusField } = props;
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const view = useTableState({ sortFields: resource.sortFields, filterNames: resource.filterNames });
  const { create, update, remove } = useResourceMutations<R, TOut>(resource);
  const [opening, setOpening] = useState<FormOpening<R>>({ open: false, row: null, seq: 0 });
  // The row stays after the question closes, so its text does not change while it fades out.
  const [deleting, setDeleting] = useState<{ row: R | null; open: boolean }>({ row: null, open: false });
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [pinned, setPinned] = useState<{ row: R; view: string } | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  const viewKey = JSON.stringify([view.sort, view.q, view.filters, view.pageSize]);
  const pinnedRow = pinned !== null && pinned.view === viewKey && view.page === 0 ? pinned.row : null;
  const canEdit = hasPermission(resource.module, 'edit');

  const openForm = (row: R | null) => setOpening((o) => ({ open: true, row, seq: o.seq + 1 }));
  const closeForm = () => setOpening((o) => ({ ...o, open: false }));
  const createdRef = useRef<R | null>(null);

  const submit = async (values: TOut) => {
    const editing = opening.row;
    if (editing === null) {
      const created = await create.mutateAsync(values);
      view.firstPage();
      setPinned({ row: created, view: viewKey });
      setHighlightId(resource.rowId(created));
      // Told once the form has left the page: a dialog opened while the form was still closing
      // stayed aria-hidden by MUI's modal manager, unreachable to a screen reader (and to tests).
      createdRef.current = created;
    } else {
      const id = resource.rowId(editing);
      const updated = await update.mutateAsync({ id, input: values });
      setPinned((p) => (p !== null && resource.rowId(p.row) === id ? { ...p, row: updated } : p));
      setHighlightId(id);
    }
    closeForm();
  };

  const confirmDelete = async () => {
    if (deleting.row === null) return;
    const id = resource.rowId(deleting.row);
    try {
      await remove.mutateAsync(id);
      setPinned((p) => (p !== null && resource.rowId(p.row) === id ? null : p));
    } catch {
      // The mutation announced the server's message.
    }
    setDeleting((d) => ({ ...d, open: false }));
  };

  const toggleStatus = async (row: R) => {
    if (statusField === undefined) return;
    const id = resource.rowId(row);
    setToggling(id);
    try {
      const body = { ...toValues(row), [statusField]: !row[statusField] } as unknown as TOut;
      const updated = await update.mutateAsync({ id, input: body });
      setPinned((p) => (p !== null && resource.rowId(p.row) === id ? { ...p, row: updated } : p));
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setToggling(null);
    }
  };

  const columns = useMemo<GridColDef<R>[]>(() => {
    if (statusField === undefined) return props.columns;
    return props.columns.map((column) =>
      column.field !== statusField
        ? column
        : {
            ...column,
            renderCell: ({ row }) => (
              <StatusSwitch
                active={row[statusField] === true}
                name={props.rowName(row)}
                busy={toggling === resource.rowId(row)}
                onToggle={canEdit ? () => void toggleStatus(row) : undefined}
              />
            ),
          },
    );
    // toggleStatus only reads state through its argument and the mutation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.columns, statusField, toggling, canEdit]);

  return (
    <>
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      <ResourceTable<R>
        resource={resource}
        title={texts.title}
        columns={columns}
        filters={props.filters}
        hiddenColumns={props.hiddenColumns}
        emptyTitle={texts.emptyTitle}
        emptyText={texts.emptyText}
        addLabel={texts.add}
        onAdd={() => openForm(null)}
        onEdit={(row) => openForm(row)}
        onDelete={(row) => setDeleting({ row, open: true })}
        highlightId={highlightId}
        pinnedRow={pinnedRow}
        toolbarExtra={props.toolbarExtra}
        rowActions={props.rowActions}
        readOnlyRow={props.readOnlyRow}
      />
      <OpenedOnce open={opening.open}>
        <ResourceFormDialog<TIn, TOut>
          key={opening.seq}
          open={opening.open}
          title={opening.row === null ? texts.addTitle : texts.editTitle}
          schema={opening.row === null ? props.schema : (props.editSchema ?? props.schema)}
          values={opening.row === null ? props.defaults : toValues(opening.row)}
          onSubmit={submit}
          onCancel={closeForm}
          renderFields={(form) => props.renderFields(form, opening.row)}
          maxWidth={props.formWidth}
          onExited={() => {
            const created = createdRef.current;
            createdRef.current = null;
            if (created !== null) props.onCreated?.(created);
          }}
        />
      </OpenedOnce>
      <ConfirmDialog
        open={deleting.open}
        title={props.deleteTexts?.title ?? t('resourceForm.deleteTitle')}
        text={
          props.deleteTexts?.text(deleting.row === null ? '' : props.rowName(deleting.row)) ??
          t('resourceForm.deleteText', { name: deleting.row === null ? '' : props.rowName(deleting.row) })
        }
        confirmLabel={props.deleteTexts?.confirm ?? t('resourceForm.delete')}
        cancelLabel={t('resourceForm.cancel')}
        busy={remove.isPending}
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting((d) => ({ ...d, open: false }));
          enqueueSnackbar(t('notify.canceled'), { variant: 'info' });
        }}
      />
    </>
  );
}
