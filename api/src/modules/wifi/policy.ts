import { capBytesOf, type MemberWifiState } from './memberState.ts';

/**
 * What FreeRADIUS is told about a member: refuse with a reason, or accept with the package's limits.
 * Attribute names are those of FreeRADIUS's dictionaries (dictionary.mikrotik, dictionary.wispr);
 * rlm_rest reads `list:Attribute` keys (reply: goes to the router, control: stays in FreeRADIUS).
 */
export type WifiDecision =
  | { accept: false; reason: RefusalReason; message: string }
  | { accept: true; reply: Record<string, string>; control: Record<string, string> };

export type RefusalReason =
  | 'unknownMember'
  | 'expired'
  | 'deactivated'
  | 'noPackage'
  | 'dataUsedUp'
  | 'deviceLimit'
  | 'outsideWindow'
  | 'wrongPin'
  | 'paused';

const messages: Record<RefusalReason, string> = {
  unknownMember: 'Unknown user or wrong PIN.',
  wrongPin: 'Unknown user or wrong PIN.',
  expired: 'Your membership has expired.',
  deactivated: 'Your membership is not active.',
  noPackage: 'No WiFi package on your membership.',
  dataUsedUp: 'You have used all the data of your package for this period.',
  deviceLimit: 'Too many devices are signed in already.',
  outsideWindow: 'WiFi is available during your entry and exit times only.',
  paused: 'Your membership is paused.',
};

export const refuse = (reason: RefusalReason): WifiDecision => ({
  accept: false,
  reason,
  message: messages[reason],
});

const gigaword = 2 ** 32;

/** Mikrotik-Rate-Limit is rx/tx from the router's side: what it receives is the member's upload. */
export const mikrotikRateLimit = (uploadKbps: number, downloadKbps: number) =>
  `${uploadKbps}k/${downloadKbps}k`;

export function decide(state: MemberWifiState | undefined): WifiDecision {
  if (!state) return refuse('unknownMember');
  if (!state.active) return refuse(state.inactiveReason === 'deactivated' ? 'deactivated' : 'expired');
  if (state.paused) return refuse('paused');
  if (state.packageId === null || !state.packageActive) return refuse('noPackage');
  const cap = capBytesOf(state);
  if (cap !== null && state.usedBytes >= cap) return refuse('dataUsedUp');
  if (state.windowApplies && !state.insideWindow) return refuse('outsideWindow');
  if (state.liveSessions >= state.devicesPerMember) return refuse('deviceLimit');

  // Never past the end of the last valid day (nor the window's end where it applies); the
  // package's session time when shorter.
  const packageSeconds = state.sessionMinutes > 0 ? state.sessionMinutes * 60 : Infinity;
  const windowSeconds = state.windowApplies ? state.windowSecondsLeft : Infinity;
  const sessionTimeout = Math.max(1, Math.min(packageSeconds, state.secondsLeft, windowSeconds));

  const reply: Record<string, string> = {
    'reply:Mikrotik-Rate-Limit': mikrotikRateLimit(state.uploadKbps, state.downloadKbps),
    'reply:WISPr-Bandwidth-Max-Up': String(state.uploadKbps * 1000),
    'reply:WISPr-Bandwidth-Max-Down': String(state.downloadKbps * 1000),
    'reply:Session-Timeout': String(Math.floor(sessionTimeout)),
  };
  if (cap !== null) {
    const left = cap - state.usedBytes;
    // 32-bit attribute plus the count of 4 GiB words above it (RFC 2869 style, as Mikrotik reads it).
    reply['reply:Mikrotik-Total-Limit'] = String(left % gigaword);
    const words = Math.floor(left / gigaword);
    if (words > 0) reply['reply:Mikrotik-Total-Limit-Gigawords'] = String(words);
  }
  return {
    accept: true,
    reply,
    // Checked by the API itself (liveSessions above); kept in control for FreeRADIUS's own
    // session modules when an installation has one.
    control: { 'control:Simultaneous-Use': String(state.devicesPerMember) },
  };
}
