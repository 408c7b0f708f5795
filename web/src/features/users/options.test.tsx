import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage, jsonResponse, stubFetch } from '../../test/render';
import { clearTestSession, onlyPermissions, storeTestSession } from '../../test/session';
import { useRoomOptions } from './options';

function RoomNames() {
  const options = useRoomOptions();
  return <p>{options.isSuccess ? `rooms: ${options.data.length}` : 'waiting'}</p>;
}

describe('the member screens’ catalogue options (issue 14: no refused call is silent)', () => {
  beforeEach(() => clearTestSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTestSession();
  });

  it('announces a refused options call with the server’s message', async () => {
    storeTestSession();
    stubFetch(() =>
      jsonResponse(403, {
        statusCode: 403,
        reason: 'FORBIDDEN',
        message: 'You do not have permission to do this.',
        code: 'PERMISSION_REFUSED',
      }),
    );
    renderPage(<RoomNames />, '/x');
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
  });

  it('reads rooms for front-desk staff, whose users permission implies it, and asks nothing of others', async () => {
    storeTestSession({ permissions: onlyPermissions({ users: 'va' }) });
    const { calls } = stubFetch(() => jsonResponse(200, { items: [], total: 0, page: 0, pageSize: 100 }));
    renderPage(<RoomNames />, '/x');
    expect(await screen.findByText('rooms: 0')).toBeTruthy();
    expect(calls()[0]?.[0]).toContain('/api/room/getRooms');

    clearTestSession();
    storeTestSession({ permissions: onlyPermissions({ payments: 'va' }) });
    const other = stubFetch(() => jsonResponse(200, { items: [], total: 0, page: 0, pageSize: 100 }));
    renderPage(<RoomNames />, '/y');
    expect(await screen.findAllByText('waiting')).not.toHaveLength(0);
    expect(other.calls()).toHaveLength(0);
  });
});
