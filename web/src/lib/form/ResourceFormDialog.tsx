import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import i18n from '../i18n';
import { enqueueSnackbar } from '../notify/notify';
import { FormDialog } from './FormDialog';
import { formErrorMap } from './messages';

export interface ResourceFormDialogProps<TIn extends FieldValues, TOut> {
  open: boolean;
  title: string;
  /** The contract's input schema: the form is checked by it before anything is sent. */
  schema: FormSchema<TOut, TIn>;
  values: DefaultValues<TIn>;
  onSubmit: (values: TOut) => Promise<unknown>;
  onCancel: () => void;
  renderFields: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Save is offered before any change (see FormDialog). */
  submitUnchanged?: boolean;
  /** See FormDialog. */
  onExited?: () => void;
}

/**
 * A form's schema, or a function that loads it once (always the same promise): a table route
 * whose first load must not bring zod and the contract's schemas along hands its form the
 * loader, and the form waits for it when it first opens (issue 21).
 */
export type FormSchema<TOut, TIn> = z.ZodType<TOut, TIn> | (() => Promise<z.ZodType<TOut, TIn>>);

/**
 * A FormDialog with its own form, checked by a zod schema. Mount it with a new `key` for every
 * opening: the form then starts from `values` (empty for Add, the row's for Edit) and is pristine.
 */
export function ResourceFormDialog<TIn extends FieldValues, TOut>(props: ResourceFormDialogProps<TIn, TOut>) {
  const source = props.schema;
  const [loaded, setLoaded] = useState<z.ZodType<TOut, TIn> | null>(null);
  // Read when a download fails, not a reason to ask again: the page hands a new one on every render.
  const onCancel = useRef(props.onCancel);
  onCancel.current = props.onCancel;
  useEffect(() => {
    if (typeof source !== 'function') return;
    let current = true;
    source().then(
      (schema) => {
        if (current) setLoaded(() => schema);
      },
      () => {
        // Its download failed: say so and close. The page mounts a new dialog for the next
        // opening, which asks again.
        if (!current) return;
        enqueueSnackbar(i18n.t('errors.generic'), { variant: 'error' });
        onCancel.current();
      },
    );
    return () => {
      current = false;
    };
  }, [source]);
  const schema = typeof source === 'function' ? loaded : source;
  // Nothing shows until a loaded schema is here (a moment, like the dialog's own code).
  return schema === null ? null : <SchemaFormDialog {...props} schema={schema} />;
}

function SchemaFormDialog<TIn extends FieldValues, TOut>(
  props: ResourceFormDialogProps<TIn, TOut> & { schema: z.ZodType<TOut, TIn> },
) {
  const schema = props.schema;
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema, { error: formErrorMap }),
    defaultValues: props.values,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return (
    <FormDialog
      open={props.open}
      title={props.title}
      form={form}
      onSubmit={props.onSubmit}
      onCancel={props.onCancel}
      maxWidth={props.maxWidth}
      submitUnchanged={props.submitUnchanged}
      onExited={props.onExited}
    >
      {props.renderFields(form)}
    </FormDialog>
  );
}
