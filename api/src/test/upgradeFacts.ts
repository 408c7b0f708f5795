// What a release's server answers about its demo data (api/src/upgrade.test.ts): read through the
// API the same way from the release that wrote a fixture and from the current one, so an upgrade is
// checked by what staff would see, not only by row counts.

export type UpgradeFacts = {
  branches: Record<
    string,
    {
      /** Every member of the branch (the list shows active and inactive ones alike). */
      members: number;
      payments: number;
      firstPayments: { receiptNumber: string; total: number; received: number; status: string }[];
      receipt: { receiptNumber: string; memberName: string; total: number; received: number };
    }
  >;
  /** Every account's balance in minor units, by its name. */
  balances: Record<string, number>;
};

type Page<T> = { items: T[]; total: number };

export async function upgradeFacts(baseUrl: string, token: string): Promise<UpgradeFacts> {
  const get = async <T>(path: string, branchId: number | null): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      headers: { authorization: `Bearer ${token}`, branchId: String(branchId) },
    });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const branchList = await get<Page<{ id: number; name: string }>>('/branch/getBranches?pageSize=100', null);
  const facts: UpgradeFacts = { branches: {}, balances: {} };
  for (const branch of [...branchList.items].sort((a, b) => a.id - b.id)) {
    // Not the active/inactive split: the expiry sweep moves members as the calendar moves on.
    const members = await get<Page<unknown>>('/user/getUsers?pageSize=5', branch.id);
    const payments = await get<
      Page<{ id: number; receiptNumber: string; total: number; received: number; status: string }>
    >('/payment/getPayments?pageSize=5&sort=receiptNumber', branch.id);
    const first = payments.items[0]!;
    const { payment } = await get<{
      payment: { receiptNumber: string; memberName: string; total: number; received: number };
    }>(`/payment/getReceipt?paymentId=${first.id}`, branch.id);
    facts.branches[branch.name] = {
      members: members.total,
      payments: payments.total,
      firstPayments: payments.items.map(({ receiptNumber, total, received, status }) => ({
        receiptNumber,
        total,
        received,
        status,
      })),
      receipt: {
        receiptNumber: payment.receiptNumber,
        memberName: payment.memberName,
        total: payment.total,
        received: payment.received,
      },
    };
    const accounts = await get<Page<{ accountName: string; balance: number }>>(
      '/bankAccount/getBankAccounts?pageSize=100',
      branch.id,
    );
    for (const a of accounts.items) facts.balances[a.accountName] = a.balance;
  }
  return facts;
}
