import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@app/contract/session';
import { hardNavigate, reloadPage } from '../../lib/navigation';
import { renderPage } from '../../test/render';
import { clearTestSession, storeTestSession, testBranches } from '../../test/session';
import { ActiveBranchSelect } from './ActiveBranchSelect';
import { BranchGate } from './BranchGate';
import { branchGate } from './branchGate';

vi.mock('../../lib/navigation', () => ({
  hardNavigate: vi.fn(),
  reloadPage: vi.fn(),
  isLeavingPage: () => false,
}));

beforeEach(() => {
  vi.mocked(hardNavigate).mockClear();
  vi.mocked(reloadPage).mockClear();
});
afterEach(clearTestSession);

describe('branchGate (spec section 4)', () => {
  const branches = [{ id: 1, name: 'North' }];

  it('opens the dialog when branches exist but none is active', () => {
    expect(branchGate('/app', branches, null)).toBe('selectBranch');
    expect(branchGate('/app/dashboard', branches, null)).toBe('selectBranch');
  });

  it('sends the browser to /app/branches when no branch is stored', () => {
    expect(branchGate('/app', [], null)).toBe('goToBranches');
    expect(branchGate('/app/users', [], { id: 1 })).toBe('goToBranches');
  });

  it('leaves /app/branches alone either way', () => {
    expect(branchGate('/app/branches', [], null)).toBe('ok');
    expect(branchGate('/app/branches/', branches, null)).toBe('ok');
  });

  it('lets the page show once a branch is active', () => {
    expect(branchGate('/app', branches, { id: 1, name: 'North' })).toBe('ok');
  });
});

function renderGate(path: string) {
  return renderPage(
    <BranchGate>
      <p>the page</p>
    </BranchGate>,
    path,
  );
}

describe('BranchGate', () => {
  it("shows 'Please select a Branch to continue' with a required 'Select Branch' dropdown", async () => {
    storeTestSession({ activeBranch: null });
    renderGate('/app');
    const dialog = await screen.findByRole('dialog', { name: 'Please select a Branch to continue' });
    expect(screen.queryByText('the page')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.activeBranch)).toBeNull();
  });

  it('Save stores the chosen branch as {id, name}, closes and reloads', async () => {
    storeTestSession({ activeBranch: null });
    renderGate('/app/dashboard');
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Select Branch/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Indiranagar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(JSON.parse(localStorage.getItem(storageKeys.activeBranch) ?? '')).toEqual({
      id: 2,
      name: 'Indiranagar',
    });
    expect(reloadPage).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not open the dialog on /app/branches', async () => {
    storeTestSession({ activeBranch: null });
    renderGate('/app/branches');
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without stored branches loads /app/branches in full', async () => {
    storeTestSession({ branches: [], activeBranch: null });
    renderGate('/app/dashboard');
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/app/branches'));
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('shows the page when a branch is active', async () => {
    storeTestSession();
    renderGate('/app');
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});

describe('Active Branch dropdown', () => {
  it('shows the active branch, and switching saves it and reloads', async () => {
    storeTestSession({ activeBranch: testBranches[0] });
    renderPage(<ActiveBranchSelect />, '/app');
    const select = await screen.findByRole('combobox', { name: 'Active Branch' });
    expect(select.textContent).toBe('Koramangala');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Indiranagar' }));
    expect(JSON.parse(localStorage.getItem(storageKeys.activeBranch) ?? '')).toEqual({
      id: 2,
      name: 'Indiranagar',
    });
    expect(reloadPage).toHaveBeenCalledOnce();
  });
});
