import { createHash } from 'node:crypto';

/**
 * The few RADIUS packets the API sends itself: RFC 5176 Disconnect-Request and its ACK/NAK. The
 * layout is RFC 2865 section 3 (code, identifier, length, 16-octet authenticator, attributes); the
 * request authenticator is computed as for Accounting-Request (RFC 2866 section 3, RFC 5176 section
 * 2.3), the answer's as a Response Authenticator over the request's.
 */
export const radiusCodes = { disconnectRequest: 40, disconnectAck: 41, disconnectNak: 42 } as const;

export const attributeTypes = {
  userName: 1,
  nasIpAddress: 4,
  framedIpAddress: 8,
  callingStationId: 31,
  acctSessionId: 44,
  eventTimestamp: 55,
  errorCause: 101,
} as const;

export type RadiusAttribute = { type: number; value: Buffer };

export type RadiusPacket = {
  code: number;
  identifier: number;
  authenticator: Buffer;
  attributes: RadiusAttribute[];
};

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

export const textAttribute = (type: number, text: string): RadiusAttribute => ({
  type,
  value: Buffer.from(text, 'utf8'),
});

export function ipv4Attribute(type: number, address: string): RadiusAttribute {
  const octets = address.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) {
    throw new Error(`Not an IPv4 address: ${address}`);
  }
  return { type, value: Buffer.from(octets) };
}

export function integerAttribute(type: number, value: number): RadiusAttribute {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return { type, value: buffer };
}

function encodeAttributes(attributes: RadiusAttribute[]): Buffer {
  return Buffer.concat(
    attributes.map(({ type, value }) => {
      if (value.length > 253) throw new Error(`Attribute ${type} is longer than 253 octets`);
      return Buffer.concat([Buffer.from([type, value.length + 2]), value]);
    }),
  );
}

function header(code: number, identifier: number, length: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt8(code, 0);
  buffer.writeUInt8(identifier & 0xff, 1);
  buffer.writeUInt16BE(length, 2);
  return buffer;
}

/** A request whose authenticator is MD5(code+id+length+16 zero octets+attributes+secret). */
export function encodeRequest(
  code: number,
  identifier: number,
  attributes: RadiusAttribute[],
  secret: string,
): Buffer {
  const body = encodeAttributes(attributes);
  const head = header(code, identifier, 20 + body.length);
  const authenticator = md5(head, Buffer.alloc(16), body, Buffer.from(secret, 'utf8'));
  return Buffer.concat([head, authenticator, body]);
}

/** An answer whose authenticator is MD5(code+id+length+request authenticator+attributes+secret). */
export function encodeResponse(
  code: number,
  request: RadiusPacket,
  attributes: RadiusAttribute[],
  secret: string,
): Buffer {
  const body = encodeAttributes(attributes);
  const head = header(code, request.identifier, 20 + body.length);
  const authenticator = md5(head, request.authenticator, body, Buffer.from(secret, 'utf8'));
  return Buffer.concat([head, authenticator, body]);
}

export function decodePacket(buffer: Buffer): RadiusPacket {
  if (buffer.length < 20) throw new Error('RADIUS packet shorter than 20 octets');
  const length = buffer.readUInt16BE(2);
  if (length < 20 || length > buffer.length) throw new Error('RADIUS length field does not fit the packet');
  const attributes: RadiusAttribute[] = [];
  for (let at = 20; at < length;) {
    const type = buffer.readUInt8(at);
    const size = buffer.readUInt8(at + 1);
    if (size < 2 || at + size > length) throw new Error('RADIUS attribute overruns the packet');
    attributes.push({ type, value: buffer.subarray(at + 2, at + size) });
    at += size;
  }
  return {
    code: buffer.readUInt8(0),
    identifier: buffer.readUInt8(1),
    authenticator: buffer.subarray(4, 20),
    attributes,
  };
}

/** Whether a request's authenticator was made with this secret (what a router checks). */
export function requestAuthenticatorValid(buffer: Buffer, secret: string): boolean {
  const length = buffer.readUInt16BE(2);
  const expected = md5(
    buffer.subarray(0, 4),
    Buffer.alloc(16),
    buffer.subarray(20, length),
    Buffer.from(secret, 'utf8'),
  );
  return expected.equals(buffer.subarray(4, 20));
}

/** Whether an answer belongs to this request and was made with this secret. */
export function responseAuthenticatorValid(response: Buffer, request: Buffer, secret: string): boolean {
  if (response.length < 20 || response.readUInt8(1) !== request.readUInt8(1)) return false;
  const length = response.readUInt16BE(2);
  const expected = md5(
    response.subarray(0, 4),
    request.subarray(4, 20),
    response.subarray(20, length),
    Buffer.from(secret, 'utf8'),
  );
  return expected.equals(response.subarray(4, 20));
}

export const attributeText = (packet: RadiusPacket, type: number): string | undefined =>
  packet.attributes.find((a) => a.type === type)?.value.toString('utf8');

export function attributeInteger(packet: RadiusPacket, type: number): number | undefined {
  const value = packet.attributes.find((a) => a.type === type)?.value;
  return value && value.length === 4 ? value.readUInt32BE(0) : undefined;
}
