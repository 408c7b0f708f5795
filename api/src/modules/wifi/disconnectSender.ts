import { createSocket } from 'node:dgram';
import { randomInt } from 'node:crypto';
import {
  attributeInteger,
  attributeTypes,
  decodePacket,
  encodeRequest,
  integerAttribute,
  ipv4Attribute,
  radiusCodes,
  responseAuthenticatorValid,
  textAttribute,
  type RadiusAttribute,
} from './radiusPacket.ts';

export type DisconnectTarget = {
  address: string;
  port: number;
  secret: string;
  username: string;
  acctSessionId: string;
  framedIp: string | null;
};

export type DisconnectAnswer =
  | { status: 'acked' }
  | { status: 'nacked'; errorCause: number | null }
  | { status: 'noAnswer'; error: string };

/**
 * Sends one RFC 5176 Disconnect-Request (User-Name, Acct-Session-Id, Framed-IP-Address when known,
 * Event-Timestamp) and waits for the ACK or NAK that matches it (identifier and Response
 * Authenticator). Retrying is the outbox's job: this tries once.
 */
export function sendDisconnect(target: DisconnectTarget, timeoutMs = 3000): Promise<DisconnectAnswer> {
  const attributes: RadiusAttribute[] = [
    textAttribute(attributeTypes.userName, target.username),
    textAttribute(attributeTypes.acctSessionId, target.acctSessionId),
    integerAttribute(attributeTypes.eventTimestamp, Math.floor(Date.now() / 1000)),
  ];
  if (target.framedIp && /^\d+\.\d+\.\d+\.\d+$/.test(target.framedIp)) {
    attributes.push(ipv4Attribute(attributeTypes.framedIpAddress, target.framedIp));
  }
  const request = encodeRequest(radiusCodes.disconnectRequest, randomInt(256), attributes, target.secret);
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    let done = false;
    const finish = (answer: DisconnectAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(
      () => finish({ status: 'noAnswer', error: `No answer from ${target.address}:${target.port}` }),
      timeoutMs,
    );
    socket.on('error', (err) => finish({ status: 'noAnswer', error: err.message }));
    socket.on('message', (message) => {
      if (!responseAuthenticatorValid(message, request, target.secret)) return;
      const packet = decodePacket(message);
      if (packet.code === radiusCodes.disconnectAck) finish({ status: 'acked' });
      else if (packet.code === radiusCodes.disconnectNak) {
        finish({ status: 'nacked', errorCause: attributeInteger(packet, attributeTypes.errorCause) ?? null });
      }
    });
    socket.send(request, target.port, target.address, (err) => {
      if (err) finish({ status: 'noAnswer', error: err.message });
    });
  });
}
