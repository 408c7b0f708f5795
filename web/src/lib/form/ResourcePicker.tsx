import type { ListResponse } from '@app/contract/list';
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { get } from '../api';
import { readActiveBranch } from '../session';
import { resourcePaths } from '../table/resource';
import type { Resource } from '../table/resource';
import { searchDebounceMs } from '../table/SearchBox';
import { resourceKey } from '../table/useResourceList';
import { fieldId, type FieldProps } from './fields';
import { displayMessage } from './messages';

/** One page of matches is plenty to choose from; typing narrows it on the server. */
export const pickerPageSize = 25;

export interface ResourcePickerProps<T extends FieldValues, R> extends FieldProps<T> {
  resource: Resource<R>;
  /** The list's sort field, also the name a row is shown by (e.g. 'name', 'packageName'). */
  sort: string;
  optionLabel: (row: R) => string;
  /** Extra list filters, e.g. `{ status: 'true' }` to offer active records only. */
  query?: Record<string, string>;
  /** Called with the chosen record (null when cleared), e.g. to fill in what it defines. */
  onChosen?: (row: R | null) => void;
}

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * A searchable choice of one record of a catalogue of any size (issue 14): what is typed goes to
 * the resource's list route as `q` once typing pauses, one page at a time, so the 101st fee type
 * is as easy to find as the first. The chosen record's name comes from its own read route when it
 * is not among the matches shown (an edit form opening on record 150). The form holds the id.
 */
export function ResourcePicker<T extends FieldValues, R>(props: ResourcePickerProps<T, R>) {
  const { t } = useTranslation();
  const { resource, sort, optionLabel, query, onChosen } = props;
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const id = (field.value as number | null | undefined) ?? null;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(text);
  const paths = resourcePaths(resource);
  const branchId = readActiveBranch()?.id ?? null;

  const matches = useQuery({
    queryKey: [...resourceKey(resource), 'picker', branchId, sort, q, query ?? {}],
    queryFn: ({ signal }) =>
      get<ListResponse<R>>(paths.list, {
        query: { page: 0, pageSize: pickerPageSize, sort, ...(q === '' ? {} : { q }), ...query },
        signal,
      }),
    enabled: open || id === null,
    placeholderData: keepPreviousData,
  });
  const items = matches.data?.items ?? [];
  const listed = id === null ? undefined : items.find((row) => resource.rowId(row) === id);
  const chosen = useQuery({
    queryKey: [...resourceKey(resource), 'one', branchId, id],
    queryFn: ({ signal }) => get<R>(paths.one, { query: { [paths.idParam]: id }, signal }),
    enabled: id !== null && listed === undefined,
    staleTime: 60_000,
  });
  const value = id === null ? null : (listed ?? chosen.data ?? null);
  // The chosen record stays an option, so the field can show it while other matches are listed.
  const options = value !== null && listed === undefined ? [value, ...items] : items;
  const message = displayMessage(fieldState.error?.message);

  return (
    <Autocomplete<R, false, false, false>
      id={fieldId(props.name)}
      options={options}
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      // The server has filtered already; the browser must not filter its page again.
      filterOptions={(rows) => rows}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => resource.rowId(a) === resource.rowId(b)}
      getOptionKey={(row) => resource.rowId(row)}
      onInputChange={(_event, typed, reason) => {
        // Choosing fills the box with the name: that is not a new search.
        if (reason === 'input' || reason === 'clear') setText(typed);
      }}
      onChange={(_event, row) => {
        field.onChange(row === null ? null : resource.rowId(row));
        setText('');
        onChosen?.(row);
      }}
      onBlur={field.onBlur}
      loading={matches.isFetching}
      loadingText={t('picker.loading')}
      noOptionsText={q === '' ? t('picker.empty') : t('picker.noMatches')}
      disabled={props.disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          name={field.name}
          label={props.label}
          required={props.required}
          error={message !== undefined}
          helperText={message ?? props.helperText}
          placeholder={t('picker.typeToSearch')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {matches.isFetching && open ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
