import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from '../notify/notify';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';
import { applyServerErrors } from './serverErrors';

/** The form dialog fills the screen at this width or less (spec section 9). */
export const fullScreenQuery = '(max-width:768px)';

export interface FormDialogProps<TIn extends FieldValues, TOut> {
  open: boolean;
  title: string;
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Sends the checked values; a rejection carries the server's answer (ApiError). */
  onSubmit: (values: TOut) => Promise<unknown>;
  /** The reader gave up (after confirming when there were unsaved changes). */
  onCancel: () => void;
  children: ReactNode;
  submitLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Save is offered before any change: the form was filled from other data (an enquiry being converted). */
  submitUnchanged?: boolean;
  /** The dialog has closed and left the page (its exit transition ended). */
  onExited?: () => void;
}

function submitsOnEnter(target: EventTarget): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement) return false;
  // An open list (a select, an autocomplete) takes Enter as "choose this option".
  return target.getAttribute('aria-expanded') !== 'true';
}

/**
 * A dialog around a react-hook-form form: the fields are checked by the form's resolver (the
 * contract's zod schema) before anything is sent; the server's per-field problems land on the
 * fields, anything else is shown above them. Submit stays disabled while nothing changed or while
 * sending; closing with unsaved changes asks first. Enter submits, Esc cancels.
 */
export function FormDialog<TIn extends FieldValues, TOut>(props: FormDialogProps<TIn, TOut>) {
  const { open, form, onSubmit, onCancel } = props;
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const id = useId();
  const fullScreen = useMediaQuery(fullScreenQuery);
  const [problem, setProblem] = useState<string | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const { isDirty, isSubmitting } = form.formState;
  const canSubmit = (isDirty || props.submitUnchanged === true) && !isSubmitting;

  // A long form may be scrolled away from the message at its top (e.g. a seat taken meanwhile).
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem !== null) problemRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [problem]);

  // A new opening starts without the previous one's message.
  useEffect(() => {
    if (open) {
      setProblem(null);
      setAskDiscard(false);
    }
  }, [open]);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setProblem(applyServerErrors(error, form));
    }
  });

  const giveUp = () => {
    setAskDiscard(false);
    onCancel();
    enqueueSnackbar(t('notify.canceled'), { variant: 'info' });
  };

  const cancel = () => {
    if (isSubmitting) return;
    if (isDirty) setAskDiscard(true);
    else giveUp();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!submitsOnEnter(event.target)) return;
    // Handled here for every field (switches and selects included), so the browser's own implicit
    // submission of text fields must not run a second time.
    event.preventDefault();
    if (canSubmit) void submit();
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={cancel}
        fullScreen={fullScreen}
        fullWidth
        maxWidth={props.maxWidth ?? 'sm'}
        aria-labelledby={`${id}-title`}
        scroll="paper"
        slotProps={{
          transition: { onExited: props.onExited },
          paper: {
            component: 'form',
            noValidate: true,
            onSubmit: (event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              if (canSubmit) void submit(event);
            },
            onKeyDown,
          } as object,
        }}
      >
        <DialogTitle id={`${id}-title`}>{props.title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            {problem !== null && (
              <Alert severity="error" role="alert" ref={problemRef}>
                {problem}
              </Alert>
            )}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={cancel} disabled={isSubmitting}>
            {t('resourceForm.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSubmit}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {props.submitLabel ?? t('resourceForm.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={askDiscard}
        title={t('resourceForm.discardTitle')}
        text={t('resourceForm.discardText')}
        confirmLabel={t('resourceForm.discard')}
        cancelLabel={t('resourceForm.keepEditing')}
        onConfirm={giveUp}
        onCancel={() => setAskDiscard(false)}
        destructive
      />
    </>
  );
}
