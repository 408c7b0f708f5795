import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  attributeInteger,
  attributeText,
  attributeTypes,
  decodePacket,
  encodeRequest,
  encodeResponse,
  integerAttribute,
  ipv4Attribute,
  radiusCodes,
  requestAuthenticatorValid,
  responseAuthenticatorValid,
  textAttribute,
} from './radiusPacket.ts';

describe('RADIUS packets (RFC 2865 layout, RFC 5176 authenticators)', () => {
  const secret = 'router-secret-123';
  const request = encodeRequest(
    radiusCodes.disconnectRequest,
    7,
    [
      textAttribute(attributeTypes.userName, '9876543210'),
      textAttribute(attributeTypes.acctSessionId, 'abc-1'),
      ipv4Attribute(attributeTypes.framedIpAddress, '10.5.0.9'),
    ],
    secret,
  );

  it('lays out code, identifier, length and attributes as RFC 2865 section 3 says', () => {
    expect(request[0]).toBe(40);
    expect(request[1]).toBe(7);
    expect(request.readUInt16BE(2)).toBe(request.length);
    // User-Name: type 1, length 12, the text.
    expect([...request.subarray(20, 22)]).toEqual([1, 12]);
    expect(request.subarray(22, 32).toString()).toBe('9876543210');
    const packet = decodePacket(request);
    expect(attributeText(packet, attributeTypes.acctSessionId)).toBe('abc-1');
    expect([...packet.attributes.find((a) => a.type === 8)!.value]).toEqual([10, 5, 0, 9]);
  });

  it('signs the request as MD5(code+id+length+16 zeros+attributes+secret)', () => {
    const expected = createHash('md5')
      .update(
        Buffer.concat([request.subarray(0, 4), Buffer.alloc(16), request.subarray(20), Buffer.from(secret)]),
      )
      .digest();
    expect(request.subarray(4, 20).equals(expected)).toBe(true);
    expect(requestAuthenticatorValid(request, secret)).toBe(true);
    expect(requestAuthenticatorValid(request, 'another-secret')).toBe(false);
  });

  it('checks an answer against the request and the secret', () => {
    const decoded = decodePacket(request);
    const nak = encodeResponse(
      radiusCodes.disconnectNak,
      decoded,
      [integerAttribute(attributeTypes.errorCause, 503)],
      secret,
    );
    expect(responseAuthenticatorValid(nak, request, secret)).toBe(true);
    expect(responseAuthenticatorValid(nak, request, 'wrong')).toBe(false);
    expect(attributeInteger(decodePacket(nak), attributeTypes.errorCause)).toBe(503);
    const other = encodeRequest(40, 8, [], secret);
    expect(responseAuthenticatorValid(nak, other, secret)).toBe(false);
  });

  it('refuses malformed packets and values', () => {
    expect(() => decodePacket(Buffer.alloc(10))).toThrow();
    const broken = Buffer.from(request);
    broken[21] = 200;
    expect(() => decodePacket(broken)).toThrow();
    expect(() => ipv4Attribute(8, '300.1.1.1')).toThrow();
    expect(
      () =>
        textAttribute(1, 'x'.repeat(254)) && encodeRequest(40, 1, [textAttribute(1, 'x'.repeat(254))], 's'),
    ).toThrow();
  });
});
