import { describe, expect, it } from 'vitest';
import {
  parseAttLog,
  parseCommandResults,
  parseTemplates,
  renderCommand,
  renderOptions,
} from './protocol.ts';

describe('the push protocol text', () => {
  it('reads ATTLOG lines and skips the ones that are not a member PIN at a real time', () => {
    const body = [
      '12\t2026-11-25 08:01:02\t0\t1\t0\t0\t0',
      '13\t2026-11-25 18:30:00\t1\t15',
      'ABC\t2026-11-25 08:00:00\t0\t1',
      '14\t2026-02-30 08:00:00\t0\t1',
      '15\t2026-11-25 24:00:00\t0\t1',
      '99999999999\t2026-11-25 08:00:00\t0\t1',
      '',
    ].join('\r\n');
    expect(parseAttLog(body)).toEqual({
      records: [
        { pin: 12, deviceTime: '2026-11-25 08:01:02', status: 0, verify: 1 },
        { pin: 13, deviceTime: '2026-11-25 18:30:00', status: 1, verify: 15 },
      ],
      skipped: 4,
    });
  });

  it('reads fingerprint templates of OPERLOG and FINGERTMP uploads, nothing else', () => {
    const body = [
      'USER PIN=12\tName=Asha\tPri=0',
      'FP PIN=12\tFID=6\tSize=8\tValid=1\tTMP=QUJDRA==',
      'PIN=13\tFID=0\tSize=4\tValid=1\tTMP=QUJD',
      'FP PIN=14\tFID=12\tSize=4\tValid=1\tTMP=QUJD',
      'FP PIN=15\tFID=1\tSize=4\tValid=1\tTMP=<script>',
      'OPLOG 4\t0\t2026-11-25 08:00:00\t0\t0\t0\t0',
    ].join('\n');
    const { templates, lines } = parseTemplates(body);
    expect(lines).toBe(6);
    expect(templates).toEqual([
      { pin: 12, fid: 6, size: 8, valid: 1, template: 'QUJDRA==' },
      { pin: 13, fid: 0, size: 4, valid: 1, template: 'QUJD' },
    ]);
  });

  it('reads command results', () => {
    expect(
      parseCommandResults('ID=7&Return=0&CMD=DATA\nID=8&Return=-1002&CMD=DATA\nID=x&Return=0\n'),
    ).toEqual([
      { id: 7, returnCode: 0, cmd: 'DATA' },
      { id: 8, returnCode: -1002, cmd: 'DATA' },
    ]);
  });

  it('writes member records that a name cannot break, refused members in group 2', () => {
    const line = renderCommand({
      id: 41,
      topic: 'user',
      kind: 'block',
      pin: 12,
      payload: {
        name: 'Asha\tRao=\nX with a very long family name',
        allowed: false,
        entryTime: '20:00:00',
        exitTime: '06:00:00',
        nextDayExit: true,
      },
    });
    expect(line).toBe(
      'C:41:DATA UPDATE USERINFO PIN=12\tName=Asha Rao X with a very l\tPri=0\tPasswd=\tCard=\tGrp=2\tWindow=20:00-06:00+1\tVerify=0',
    );
    expect(renderCommand({ id: 42, topic: 'user', kind: 'delete', pin: 12, payload: {} })).toBe(
      'C:42:DATA DELETE USERINFO PIN=12',
    );
    expect(
      renderCommand({
        id: 43,
        topic: 'fp:3',
        kind: 'template',
        pin: 12,
        payload: { fid: 3, size: 4, valid: 1, template: 'QUJD' },
      }),
    ).toBe('C:43:DATA UPDATE FINGERTMP PIN=12\tFID=3\tSize=4\tValid=1\tTMP=QUJD');
  });

  it('answers the handshake with the stamp and the time zone in hours, or minutes when not whole', () => {
    const whole = renderOptions('SN1', null, 60);
    expect(whole.split('\n')[0]).toBe('GET OPTION FROM: SN1');
    expect(whole).toContain('ATTLOGStamp=None');
    expect(whole).toContain('TimeZone=1');
    expect(renderOptions('SN1', '42', 330)).toContain('ATTLOGStamp=42\n');
    expect(renderOptions('SN1', '42', 330)).toContain('TimeZone=330');
  });
});
