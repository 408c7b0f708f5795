// The mixed load of reads and writes that bench:load and bench:figures send: each connection cycles
// the members list, a new member, the payments list, a payment, a member search and the dues list.
import type autocannon from 'autocannon';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** `members`: ids of the branch's members to pay for; new members get mobiles unique to this process. */
export function mixedRequests(feeStructureId: number, members: number[]): autocannon.Request[] {
  let n = 0;
  const pick = () => members[Math.floor(Math.random() * members.length)]!;
  return [
    { method: 'GET', path: '/api/user/getUsers?pageSize=25' },
    {
      method: 'POST',
      path: '/api/user/createUser',
      setupRequest: (req) => {
        n += 1;
        return {
          ...req,
          body: JSON.stringify({
            name: `Load Member ${n}`,
            mobile: `+98${String(process.pid % 10_000).padStart(4, '0')}${String(n).padStart(7, '0')}`,
            validFrom: day(-5),
            validTill: day(25),
            feeStructureId,
          }),
        };
      },
    },
    { method: 'GET', path: '/api/payment/getPayments?pageSize=25' },
    {
      method: 'POST',
      path: '/api/payment/createPayment',
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          userId: pick(),
          feeStructureId,
          lateFine: 0,
          lateFineWaiverReason: 'load',
          received: 100,
          mode: 'cash',
        }),
      }),
    },
    { method: 'GET', path: '/api/user/getUsers?pageSize=25&q=sha' },
    { method: 'GET', path: '/api/payment/getDues?pageSize=25' },
  ];
}
