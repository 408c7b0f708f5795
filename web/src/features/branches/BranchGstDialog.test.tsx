import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BranchGst } from '@app/contract/gst';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { BranchGstDialog } from './BranchGstDialog';

// The branch screen's GST settings (issue 44, point 1).
const off: BranchGst = {
  branchId: 4,
  onSince: null,
  registered: false,
  gstin: null,
  legalName: '',
  stateCode: null,
  scheme: 'regular',
};

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

function server() {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/branch/getGst')) return jsonResponse(200, off);
    if (url.startsWith('/api/branch/updateGst')) {
      const body = JSON.parse(String(init.body)) as BranchGst;
      return jsonResponse(200, { ...off, ...body, onSince: '2026-12-07T10:00:00.000Z' });
    }
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

async function fill(gstin: string) {
  fireEvent.click(await screen.findByRole('switch', { name: 'Registered for GST' }));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /State \(place of supply\)/ }));
  fireEvent.click(await screen.findByRole('option', { name: '27 · Maharashtra' }));
  fireEvent.change(screen.getByRole('textbox', { name: /GSTIN/ }), { target: { value: gstin } });
  fireEvent.change(screen.getByRole('textbox', { name: /Legal name/ }), {
    target: { value: 'Reading Room LLP' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('branch GST settings', () => {
  it("shows a GSTIN's wrong check character at the field and sends nothing", async () => {
    storeTestSession();
    const api = server();
    renderPage(
      <BranchGstDialog branchId={4} name="Koramangala" onClose={() => undefined} />,
      '/app/branches',
    );
    await fill('27AAPFU0939F1ZW');
    expect(
      await screen.findByText("This GSTIN's check character does not match: look for a typing error"),
    ).toBeTruthy();
    expect(api.calls().some(([url]) => url.startsWith('/api/branch/updateGst'))).toBe(false);
  });

  it('saves a registered branch with its GSTIN (upper case), state and legal name', async () => {
    storeTestSession();
    const api = server();
    const onClose = vi.fn();
    renderPage(<BranchGstDialog branchId={4} name="Koramangala" onClose={onClose} />, '/app/branches');
    await fill('27aapfu0939f1zv');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = api.calls().find(([u]) => u.startsWith('/api/branch/updateGst'))!;
    expect(url).toBe('/api/branch/updateGst?branchId=4');
    expect(JSON.parse(String(init?.body))).toEqual({
      registered: true,
      gstin: '27AAPFU0939F1ZV',
      legalName: 'Reading Room LLP',
      stateCode: '27',
      scheme: 'regular',
    });
  });
});
