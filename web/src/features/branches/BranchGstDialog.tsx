import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { gstSchemes, gstStateCodes, gstStates, gstinProblem, type BranchGst } from '@app/contract/gst';
import { useSnackbar } from '../../lib/notify/notify';
import { FieldRow } from '../../lib/form/FieldRow';
import { SelectInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { ResourceFormDialog } from '../../lib/form/ResourceFormDialog';
import { branchGstQueryKey, fetchBranchGst, updateBranchGst } from './branchApi';

// A branch's GST settings (issue 44, point 1). The GSTIN's check character is checked here as the
// API checks it, so a typing error shows before anything is sent; the API says the same otherwise.
const gstFormSchema = z
  .object({
    registered: z.boolean(),
    gstin: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase()),
    legalName: z.string().trim().max(200),
    stateCode: z.enum(gstStateCodes, 'validation.required'),
    scheme: z.enum(gstSchemes),
  })
  .superRefine((v, ctx) => {
    if (!v.registered) return;
    if (v.gstin === '')
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'serverErrors.GSTIN_REQUIRED' });
    else {
      const problem = gstinProblem(v.gstin);
      if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: `serverErrors.${problem}` });
      else if (v.gstin.slice(0, 2) !== v.stateCode)
        ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'serverErrors.GSTIN_OTHER_STATE' });
    }
    if (v.legalName === '')
      ctx.addIssue({ code: 'custom', path: ['legalName'], message: 'serverErrors.LEGAL_NAME_REQUIRED' });
  });
type GstFormValues = z.input<typeof gstFormSchema>;
type GstFormOutput = z.output<typeof gstFormSchema>;

const valuesOf = (gst: BranchGst): GstFormValues => ({
  registered: gst.registered,
  gstin: gst.gstin ?? '',
  legalName: gst.legalName,
  stateCode: (gst.stateCode ?? '') as GstFormValues['stateCode'],
  scheme: gst.scheme,
});

/** The GST settings dialog of one branch; mount it per opening. */
export function BranchGstDialog({
  branchId,
  name,
  onClose,
}: {
  branchId: number;
  name: string;
  onClose: () => void;
}) {
  const { data } = useQuery({
    queryKey: branchGstQueryKey(branchId),
    queryFn: ({ signal }) => fetchBranchGst(branchId, signal),
  });
  if (!data) return null;
  return <GstForm gst={data} name={name} onClose={onClose} />;
}

function GstForm({ gst, name, onClose }: { gst: BranchGst; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [values] = useState(() => valuesOf(gst));
  return (
    <ResourceFormDialog<GstFormValues, GstFormOutput>
      open
      title={t('branches.gst.title', { name })}
      schema={gstFormSchema}
      values={values}
      // Saving unchanged settings switches GST on for a branch that never had it.
      submitUnchanged={gst.onSince === null}
      onCancel={onClose}
      onSubmit={async (input) => {
        const saved = await updateBranchGst(gst.branchId, {
          ...input,
          gstin: input.registered ? input.gstin : null,
        });
        queryClient.setQueryData(branchGstQueryKey(gst.branchId), saved);
        enqueueSnackbar(t('notify.updated'), { variant: 'success' });
        onClose();
      }}
      renderFields={(form) => <GstFields form={form} onSince={gst.onSince} />}
    />
  );
}

function GstFields({
  form,
  onSince,
}: {
  form: Parameters<Parameters<typeof ResourceFormDialog<GstFormValues, GstFormOutput>>[0]['renderFields']>[0];
  onSince: string | null;
}) {
  const { t } = useTranslation();
  const registered = useWatch({ control: form.control, name: 'registered' });
  return (
    <>
      <Alert severity="info">{onSince === null ? t('branches.gst.offHint') : t('branches.gst.onHint')}</Alert>
      <SwitchInput
        control={form.control}
        name="registered"
        label={t('branches.gst.registered')}
        helperText={t('branches.gst.registeredHelp')}
      />
      <SelectInput
        control={form.control}
        name="stateCode"
        label={t('branches.gst.state')}
        helperText={t('branches.gst.stateHelp')}
        required
        options={gstStateCodes.map((code) => ({ value: code, label: `${code} · ${gstStates[code]}` }))}
      />
      {registered && (
        <>
          <FieldRow>
            <TextInput control={form.control} name="gstin" label={t('branches.gst.gstin')} required />
            <SelectInput
              control={form.control}
              name="scheme"
              label={t('branches.gst.scheme')}
              options={[
                { value: 'regular', label: t('branches.gst.regular') },
                { value: 'composition', label: t('branches.gst.composition') },
              ]}
            />
          </FieldRow>
          <TextInput control={form.control} name="legalName" label={t('branches.gst.legalName')} required />
        </>
      )}
    </>
  );
}
