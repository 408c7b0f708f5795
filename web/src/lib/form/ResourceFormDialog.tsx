import type { ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from './FormDialog';
import { formErrorMap } from './messages';

export interface ResourceFormDialogProps<TIn extends FieldValues, TOut> {
  open: boolean;
  title: string;
  /** The contract's input schema: the form is checked by it before anything is sent. */
  schema: z.ZodType<TOut, TIn>;
  values: DefaultValues<TIn>;
  onSubmit: (values: TOut) => Promise<unknown>;
  onCancel: () => void;
  renderFields: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Save is offered before any change (see FormDialog). */
  submitUnchanged?: boolean;
}

/**
 * A FormDialog with its own form, checked by a zod schema. Mount it with a new `key` for every
 * opening: the form then starts from `values` (empty for Add, the row's for Edit) and is pristine.
 */
export function ResourceFormDialog<TIn extends FieldValues, TOut>(props: ResourceFormDialogProps<TIn, TOut>) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(props.schema, { error: formErrorMap }),
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
    >
      {props.renderFields(form)}
    </FormDialog>
  );
}
