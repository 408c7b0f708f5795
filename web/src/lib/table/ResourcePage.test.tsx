import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { z } from 'zod';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { SwitchInput, TextInput } from '../form/fields';
import type { FormSchema } from '../form/ResourceFormDialog';
import { defineResource } from './resource';
import { ResourcePage } from './ResourcePage';

type Thing = { id: number; name: string; status: boolean };
const thingInput = z.object({
  name: z.string().trim().min(1, 'Required'),
  status: z.boolean().default(true),
});
type ThingInput = z.input<typeof thingInput>;
type ThingOutput = z.output<typeof thingInput>;

const things = defineResource<Thing>({
  name: 'thing',
  label: 'Thing',
  plural: 'Things',
  module: 'feeTypes',
  sortFields: ['name'],
});

const columns: GridColDef<Thing>[] = [
  { field: 'name', headerName: 'Name', width: 200 },
  { field: 'status', headerName: 'Status', width: 100 },
];

const stored: Thing[] = [
  { id: 1, name: 'Alpha', status: true },
  { id: 2, name: 'Beta', status: true },
];

function api() {
  return stubFetch(async (url, init) => {
    if (url.startsWith('/api/thing/getThings')) {
      return jsonResponse(200, { items: stored, total: stored.length, page: 0, pageSize: 5 });
    }
    if (url === '/api/thing/createThing') {
      const body = JSON.parse(String(init.body)) as ThingInput;
      return jsonResponse(201, { id: 9, name: body.name, status: body.status ?? true });
    }
    if (url.startsWith('/api/thing/updateThing')) {
      const body = JSON.parse(String(init.body)) as ThingInput;
      return jsonResponse(200, { id: 2, name: body.name, status: body.status ?? true });
    }
    if (url.startsWith('/api/thing/deleteThing')) return new Response(null, { status: 204 });
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

function renderThings(path = '/app/things', schema: FormSchema<ThingOutput, ThingInput> = thingInput) {
  return renderPage(
    <ResourcePage<Thing, ThingInput, ThingOutput>
      resource={things}
      texts={{
        title: 'Things',
        add: 'Add Thing',
        addTitle: 'New thing',
        editTitle: 'Change thing',
        emptyTitle: 'No things',
        emptyText: 'Add one.',
      }}
      columns={columns}
      rowName={(row) => row.name}
      schema={schema}
      defaults={{ name: '', status: true }}
      toValues={(row) => ({ name: row.name, status: row.status })}
      statusField="status"
      renderFields={(form) => (
        <>
          <TextInput control={form.control} name="name" label="Name" />
          <SwitchInput control={form.control} name="status" label="Active" />
        </>
      )}
    />,
    path,
  );
}

const gridRows = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

afterEach(clearTestSession);

describe('ResourcePage', () => {
  it('adds a row: the new one shows at the top of the first page with "Data has been saved"', async () => {
    storeTestSession();
    const server = api();
    const { router } = renderThings('/app/things?page=1');
    await screen.findByText('Alpha');
    fireEvent.click(screen.getByRole('button', { name: 'Add Thing' }));
    const dialog = await screen.findByRole('dialog', { name: 'New thing' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Zeta' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data has been saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New thing' })).toBeNull());
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(gridRows()[0]).toContain('Zeta'));
    const create = server.calls().find(([url]) => url === '/api/thing/createThing')!;
    expect(JSON.parse(String(create[1].body))).toEqual({ name: 'Zeta', status: true });
  });

  it('loads a schema handed as a loader when the form first opens, and checks the form with it', async () => {
    storeTestSession();
    const server = api();
    let release = () => {};
    const loaded = new Promise<typeof thingInput>((resolve) => {
      release = () => resolve(thingInput);
    });
    const loadSchema = vi.fn(() => loaded);
    renderThings('/app/things', loadSchema);
    await screen.findByText('Alpha');
    // The table is drawn without the schema.
    expect(loadSchema).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Add Thing' }));
    await waitFor(() => expect(loadSchema).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: 'New thing' })).toBeNull();
    release();
    await act(() => loaded);
    const dialog = await screen.findByRole('dialog', { name: 'New thing' });
    // Blank after trimming: the loaded schema refuses it.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(server.calls().some(([url]) => url === '/api/thing/createThing')).toBe(false);
  });

  it('says so and closes when a loaded schema fails to download; the next opening asks again', async () => {
    storeTestSession();
    api();
    const loadSchema = vi.fn(() => Promise.reject(new Error('chunk failed')));
    renderThings('/app/things', loadSchema);
    await screen.findByText('Alpha');
    fireEvent.click(screen.getByRole('button', { name: 'Add Thing' }));
    expect(await screen.findByText('An error occurred.')).toBeTruthy();
    // Once: the page drawing again (it closed the form) does not ask again by itself.
    expect(screen.queryByRole('dialog', { name: 'New thing' })).toBeNull();
    expect(loadSchema).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add Thing' }));
    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(2));
  });

  it('edits a row with its values and says "Data has been updated"', async () => {
    storeTestSession();
    const server = api();
    renderThings();
    await screen.findByText('Beta');
    fireEvent.click(screen.getAllByLabelText('Edit')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Change thing' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Beta');
    fireEvent.change(name, { target: { value: 'Beta 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data has been updated')).toBeTruthy();
    const update = server.calls().find(([url]) => url.startsWith('/api/thing/updateThing'))!;
    expect(update[0]).toBe('/api/thing/updateThing?thingId=2');
    expect(update[1].method).toBe('PUT');
  });

  it('asks before deleting; No sends nothing, Yes deletes with "Item has been removed"', async () => {
    storeTestSession();
    const server = api();
    renderThings();
    await screen.findByText('Alpha');
    const deletes = () => server.calls().filter(([url]) => url.startsWith('/api/thing/deleteThing'));

    fireEvent.click(screen.getAllByLabelText('Delete')[0]!);
    let question = await screen.findByRole('alertdialog');
    expect(within(question).getByText('Delete "Alpha"? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Action canceled')).toBeTruthy();
    expect(deletes()).toHaveLength(0);

    fireEvent.click(screen.getAllByLabelText('Delete')[0]!);
    question = await screen.findByRole('alertdialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item has been removed')).toBeTruthy();
    expect(deletes()).toHaveLength(1);
    expect(deletes()[0]?.[0]).toBe('/api/thing/deleteThing?thingId=1');
    expect(deletes()[0]?.[1].method).toBe('DELETE');
  });

  it('switches the status of a row at once', async () => {
    storeTestSession();
    const server = api();
    renderThings();
    await screen.findByText('Beta');
    fireEvent.click(screen.getByRole('switch', { name: 'Status of Beta' }));
    expect(await screen.findByText('Data has been updated')).toBeTruthy();
    const update = server.calls().find(([url]) => url.startsWith('/api/thing/updateThing'))!;
    expect(JSON.parse(String(update[1].body))).toEqual({ name: 'Beta', status: false });
  });
});
