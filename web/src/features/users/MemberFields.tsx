import { useEffect, useRef } from 'react';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { firstPeriodChoices, type FirstPeriodChoice, type User } from '@app/contract/users';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldRow } from '../../lib/form/FieldRow';
import {
  DateInput,
  NumberInput,
  SelectInput,
  SwitchInput,
  TextInput,
  TimeInput,
} from '../../lib/form/fields';
import { displayMessage } from '../../lib/form/messages';
import { addDays, formatDate } from '../../lib/dates';
import { readCookie } from '../../lib/session';
import { canRecordPayments } from '../payments/paymentApi';
import { useRoomOptions } from './options';
import { ResourcePicker } from '../../lib/form/ResourcePicker';
import type { FeeStructure } from '@app/contract/feeStructures';
import { feeStructureResource } from '../feeStructures/resource';
import { packageResource } from '../packages/resource';

// Offered: active records; one the member already holds keeps showing its name.
const activeOnly = { status: 'true' };
import { SeatPicker } from './SeatPicker';
import { hasPermission } from '../../lib/session';
import { useOptions } from '../../lib/table/useOptions';
import { deviceResource } from '../devices/resource';
import type { MemberForm } from './memberValues';

/** Runs `effect` when `value` changes after the first render (not for the form's starting values). */
function useOnChange<V>(value: V, effect: (value: V) => void) {
  const previous = useRef(value);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    effect(value);
    // Only a change of the value matters; the effect closes over the form, which is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
}

function SeatField({ form, member }: { form: MemberForm; member: User | null }) {
  const { control } = form;
  const [roomId, entryTime, exitTime, nextDayExit] = useWatch({
    control,
    name: ['roomId', 'entryTime', 'exitTime', 'nextDayExit'],
  });
  const { field, fieldState } = useController({ control, name: 'seatNumber' });
  // A seat belongs to its room: another room starts without one.
  useOnChange(roomId, () => form.setValue('seatNumber', null, { shouldDirty: true }));
  if (roomId === null || roomId === undefined) return null;
  return (
    <SeatPicker
      roomId={roomId}
      window={{
        entryTime: entryTime ?? '',
        exitTime: exitTime ?? '',
        nextDayExit: nextDayExit === true,
      }}
      excludeUserId={member?.userId}
      value={(field.value as number | null | undefined) ?? null}
      onChange={(seat) => {
        field.onChange(seat);
        void form.trigger('seatNumber');
      }}
      error={fieldState.error === undefined ? undefined : (displayMessage(fieldState.error.message) ?? '')}
    />
  );
}

/**
 * What happens to the first period of a member added with a fee structure (issue 41, point 2): paid
 * now (Record payment opens for it after saving), left owing (the fee becomes their dues) or paid
 * before this product. Not asked where the organisation takes no payments here.
 */
function FirstPeriodField({ form }: { form: MemberForm }) {
  const { t } = useTranslation();
  const { control } = form;
  const [feeStructureId, validFrom, validTill] = useWatch({
    control,
    name: ['feeStructureId', 'validFrom', 'validTill'],
  });
  const { field } = useController({ control, name: 'firstPeriod' });
  const paymentsOn = readCookie('paymentDisabled') !== 'true';
  const canPay = canRecordPayments();
  const chosen = feeStructureId !== null && feeStructureId !== undefined;
  // A structure asks the question (paying now proposed where the clerk may take it); none unasks it.
  useOnChange(chosen, (asked) =>
    form.setValue('firstPeriod', asked && paymentsOn ? (canPay ? 'pay' : 'owing') : null),
  );
  if (!chosen || !paymentsOn) return null;
  const period =
    validFrom && validTill
      ? t('members.firstPeriod.period', { from: formatDate(validFrom), till: formatDate(validTill) })
      : '';
  const value = (field.value as FirstPeriodChoice | null | undefined) ?? null;
  return (
    <FormControl component="fieldset" data-testid="first-period">
      <FormLabel component="legend">{t('members.firstPeriod.label', { period })}</FormLabel>
      <RadioGroup
        name={field.name}
        value={value ?? ''}
        onChange={(event) => field.onChange(event.target.value as FirstPeriodChoice)}
      >
        {firstPeriodChoices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            disabled={choice === 'pay' && !canPay}
            control={<Radio size="small" />}
            label={t(`members.firstPeriod.${choice}`)}
          />
        ))}
      </RadioGroup>
      <FormHelperText>{value === null ? '' : t(`members.firstPeriod.${value}Help`)}</FormHelperText>
    </FormControl>
  );
}

/** A chosen fee structure fills what it defines and the form does not have yet. */
function fillFromFeeStructure(form: MemberForm, chosen: FeeStructure) {
  const { getValues, setValue } = form;
  const dirty = { shouldDirty: true };
  if (getValues('packageId') === null && chosen.packageId !== null)
    setValue('packageId', chosen.packageId, dirty);
  const wholeDay = getValues('entryTime') === '00:00:00' && getValues('exitTime') === '00:00:00';
  if (wholeDay && chosen.entryTime !== null && chosen.exitTime !== null) {
    setValue('entryTime', chosen.entryTime, dirty);
    setValue('exitTime', chosen.exitTime, dirty);
    setValue('nextDayExit', chosen.nextDayExit, dirty);
  }
  const validFrom = getValues('validFrom');
  if (!getValues('validTill') && validFrom) {
    // One payment keeps a member valid for durationDays, the first day included.
    setValue('validTill', addDays(validFrom, chosen.durationDays - 1), dirty);
  }
}

/**
 * The door device a member is enrolled on: a choice of the branch's devices for staff who may see
 * them (an id no device has any more stays choosable), the bare machine id for everyone else.
 */
function DeviceField({
  form,
  member,
  disabled,
}: {
  form: MemberForm;
  member: User | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const canSee = hasPermission('devices', 'view');
  const devices = useOptions(deviceResource, 'name', { enabled: canSee });
  if (!canSee || devices.isError) {
    return (
      <NumberInput
        control={form.control}
        name="biometricMachineId"
        label={t('members.biometricMachineId')}
        disabled={disabled}
      />
    );
  }
  const options = (devices.data ?? []).map((d) => ({
    value: d.id,
    label: t('members.deviceOption', { name: d.name, serial: d.serialNumber }),
  }));
  const current = member?.biometricMachineId;
  if (current != null && !options.some((o) => o.value === current)) {
    options.push({ value: current, label: t('members.deviceUnknown', { id: current }) });
  }
  return (
    <SelectInput
      control={form.control}
      name="biometricMachineId"
      label={t('members.biometricDevice')}
      options={options}
      emptyLabel={t('members.noDevice')}
      disabled={disabled}
    />
  );
}

/**
 * The member form's fields: contact, validity, daily window, seat, plan, biometric, notes.
 * `askFirstPeriod`: a new member saved through createUser, whose first period the clerk settles.
 */
export function MemberFields({
  form,
  member,
  askFirstPeriod = false,
}: {
  form: MemberForm;
  member: User | null;
  askFirstPeriod?: boolean;
}) {
  const { t } = useTranslation();
  const { control } = form;
  const rooms = useRoomOptions();

  const [biometric, roomId] = useWatch({ control, name: ['addedToBiometricMachine', 'roomId'] });
  const roomOptions = (rooms.data ?? [])
    .filter((room) => room.status || room.id === member?.roomId)
    .map((room) => ({
      value: room.id,
      label: t('members.roomOption', { name: room.name, count: room.capacity }),
    }));
  const section = (text: string) => (
    <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>
      {text}
    </Typography>
  );

  return (
    <>
      <FieldRow>
        <TextInput control={control} name="name" label={t('members.name')} required autoFocus />
        <TextInput control={control} name="mobile" label={t('members.mobile')} required autoComplete="off" />
      </FieldRow>
      <FieldRow>
        <TextInput control={control} name="email" label={t('members.email')} />
        <DateInput
          control={control}
          name="joinedOn"
          label={t('members.joinedOn')}
          helperText={t('members.joinedOnHelp')}
        />
      </FieldRow>
      <Divider />
      {section(t('members.planSection'))}
      <FieldRow>
        {/* Searchable on the server: any number of structures and packages (issue 14). */}
        <ResourcePicker
          control={control}
          name="feeStructureId"
          label={t('members.feeStructure')}
          resource={feeStructureResource}
          sort="name"
          optionLabel={(f) => f.name}
          query={activeOnly}
          helperText={t('members.feeStructureHelp')}
          onChosen={(chosen) => chosen !== null && fillFromFeeStructure(form, chosen)}
        />
        <ResourcePicker
          control={control}
          name="packageId"
          label={t('members.package')}
          resource={packageResource}
          sort="packageName"
          optionLabel={(p) => p.packageName}
          query={activeOnly}
        />
      </FieldRow>
      <FieldRow>
        <DateInput control={control} name="validFrom" label={t('members.validFrom')} required />
        <DateInput control={control} name="validTill" label={t('members.validTill')} required />
      </FieldRow>
      {askFirstPeriod && member === null && <FirstPeriodField form={form} />}
      <Divider />
      {section(t('members.seatSection'))}
      <FieldRow columns={3}>
        <TimeInput control={control} name="entryTime" label={t('members.entryTime')} />
        <TimeInput control={control} name="exitTime" label={t('members.exitTime')} />
        <SwitchInput control={control} name="nextDayExit" label={t('members.nextDayExit')} />
      </FieldRow>
      <SelectInput
        control={control}
        name="roomId"
        label={t('members.room')}
        options={roomOptions}
        emptyLabel={t('members.noRoom')}
        helperText={roomId === null || roomId === undefined ? t('members.roomHelp') : undefined}
      />
      <SeatField form={form} member={member} />
      <Divider />
      {section(t('members.moreSection'))}
      <FieldRow>
        <SwitchInput control={control} name="addedToBiometricMachine" label={t('members.biometric')} />
        <DeviceField form={form} member={member} disabled={biometric !== true} />
      </FieldRow>
      <TextInput control={control} name="address" label={t('members.address')} multiline />
      <TextInput
        control={control}
        name="gstin"
        label={t('members.gstin')}
        helperText={t('members.gstinHelp')}
      />
      <TextInput control={control} name="notes" label={t('members.notes')} multiline />
    </>
  );
}
