import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@app/contract/devices';
import { fullPermissions } from '@app/contract/modules';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { DevicesPage } from './DevicesPage';

const device = (over: Partial<Device>): Device => ({
  id: 1,
  branchId: 1,
  serialNumber: 'CQUJ0001',
  name: 'Front door',
  status: 'accepted',
  firstContactAt: '2026-11-25T08:00:00.000Z',
  lastContactAt: new Date().toISOString(),
  lastAddress: '10.0.0.5',
  firmware: 'Ver 6.60',
  queueLength: 0,
  members: 12,
  acceptedAt: '2026-11-25T08:01:00.000Z',
  createdAt: '2026-11-25T08:00:00.000Z',
  ...over,
});
const front = device({});
const back = device({
  id: 2,
  serialNumber: 'CQUJ0002',
  name: 'Back door',
  queueLength: 3,
  lastContactAt: '2026-11-20T08:00:00.000Z',
});

function api() {
  return stubFetch(async (url, init) => {
    if (url.startsWith('/api/device/getDevices'))
      return jsonResponse(200, { items: [front, back], total: 2, page: 0, pageSize: 5 });
    if (url.startsWith('/api/device/resyncAllDevices')) return jsonResponse(200, { queued: 24 });
    if (url.startsWith('/api/device/resyncDevice')) return jsonResponse(200, { queued: 12 });
    if (url.startsWith('/api/device/acceptDevice')) {
      const body = JSON.parse(String(init.body)) as { serialNumber: string };
      if (body.serialNumber === 'NOPE')
        return jsonResponse(409, {
          statusCode: 409,
          reason: 'CONFLICT',
          message: 'No device NOPE is waiting to be accepted.',
        });
      return jsonResponse(201, device({ id: 3, serialNumber: body.serialNumber, name: 'Side door' }));
    }
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

const row = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('DevicesPage', () => {
  it('shows contact and queue per device', async () => {
    storeTestSession();
    api();
    renderPage(<DevicesPage />, '/app/devices');
    expect(await screen.findByText('Front door')).toBeTruthy();
    expect(within(row('Front door')).getByText('Online')).toBeTruthy();
    expect(within(row('Front door')).getByText('Up to date')).toBeTruthy();
    expect(within(row('Back door')).getByText('Offline')).toBeTruthy();
    expect(within(row('Back door')).getByText('3 to send')).toBeTruthy();
  });

  it("accepts a device by serial number and shows the server's refusal", async () => {
    storeTestSession();
    const server = api();
    renderPage(<DevicesPage />, '/app/devices');
    await screen.findByText('Front door');
    fireEvent.click(screen.getAllByRole('button', { name: 'Accept a device' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Accept a device' });
    fireEvent.change(within(dialog).getByLabelText(/Serial number/), { target: { value: 'NOPE' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Side door' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('No device NOPE is waiting to be accepted.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Serial number/), { target: { value: 'CQUJ0003' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept a device' })).toBeNull());
    const accepts = server.calls().filter(([url]) => url.startsWith('/api/device/acceptDevice'));
    expect(JSON.parse(String(accepts.at(-1)![1].body))).toEqual({
      serialNumber: 'CQUJ0003',
      name: 'Side door',
    });
  });

  it('re-syncs all devices after confirmation', async () => {
    storeTestSession();
    const server = api();
    renderPage(<DevicesPage />, '/app/devices');
    await screen.findByText('Front door');
    fireEvent.click(screen.getByRole('button', { name: 'Re-sync all' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Re-sync all' }));
    expect(await screen.findByText('24 members queued')).toBeTruthy();
    expect(
      server
        .calls()
        .some(([url, init]) => url.startsWith('/api/device/resyncAllDevices') && init.method === 'POST'),
    ).toBe(true);
  });

  it('offers no re-sync to a viewer', async () => {
    storeTestSession({
      permissions: fullPermissions().map((p) =>
        p.moduleUniqueName === 'devices' ? { ...p, add: false, edit: false, delete: false } : p,
      ),
    });
    api();
    renderPage(<DevicesPage />, '/app/devices');
    await screen.findByText('Front door');
    expect(screen.queryByRole('button', { name: 'Re-sync all' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Accept a device' })).toHaveLength(0);
  });
});
