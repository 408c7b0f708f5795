// The member's own page, drawn on the server (issue 45, point 1): /m/<token> answers HTML made by
// React with the member's data, readable with script switched off. Its forms post here (URL-encoded,
// as a browser sends a form) and come back to the page with the result (303 See Other).
//
// Every read and write goes through the member API's own routes (app.inject, with the caller's
// address for the limits): the page shows exactly what getSummary answers, and a claim or a pause
// asked from a form is filed, checked and limited exactly as the JSON routes do it.
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { PortalSummary } from '@app/contract/portal';
import type { Pause } from '@app/contract/pauses';
import type { FreeSeats } from '@app/contract/seatHolds';
import { memberTokenHeader } from '@app/contract/portalNames';
import { languageOf } from '@app/contract/languages';
import type { Db } from '../../../db/client.ts';
import { memberCode } from '../../kiosk/codes.ts';
import { hashToken } from '../links.ts';
import type { Notice, PageExtras } from './MemberPage.tsx';
import { scriptHashes, memberPageHtml, messagePageHtml } from './render.tsx';
import { acceptedLanguage } from './texts.ts';

const publicRoute = { access: 'public' as const };
const svgOf = (text: string) => QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

type Params = { token: string };
type Form = Record<string, string>;

/** A form's fields: the URL-encoded body a browser posts (the one content type these routes read). */
function formParser(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/** The code an error answer of the member API names (a field's first, else the answer's own). */
function codeOf(res: LightMyRequestResponse): string {
  if (res.statusCode === 429) return 'TOO_MANY_REQUESTS';
  try {
    const body = res.json() as { code?: string; details?: { code?: string }[] };
    return body.details?.[0]?.code ?? body.code ?? 'generic';
  } catch {
    return 'generic';
  }
}

/** The notice a form's redirect asked the page to show (?claim=sent, ?pause=PAUSE_TOO_SHORT, ...). */
function noticeOf(query: Record<string, string | undefined>): Notice | null {
  const word = (value: string | undefined) => (value && /^[A-Za-z_]{1,40}$/.test(value) ? value : null);
  const claim = word(query.claim);
  if (claim)
    return claim === 'sent' ? { form: 'claim', ok: true } : { form: 'claim', ok: false, code: claim };
  const seat = word(query.seat);
  if (seat) return seat === 'kept' ? { form: 'seat', ok: true } : { form: 'seat', ok: false, code: seat };
  const pause = word(query.pause);
  if (pause)
    return pause === 'asked' ? { form: 'pause', ok: true } : { form: 'pause', ok: false, code: pause };
  return null;
}

/** Rupees as the member typed them ("1,234.50" or "1234,5") in paise, or null. */
function paiseOf(text: string | undefined): number | null {
  const cleaned = (text ?? '').trim().replace(/\s/g, '');
  const normal = /,\d{1,2}$/.test(cleaned)
    ? cleaned.replace(/\./g, '').replace(',', '.')
    : cleaned.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  const paise = Math.round(Number(normal) * 100);
  return paise > 0 ? paise : null;
}

/** `secret` is the server's signing secret (the check-in code's, as GET /api/portal/getCheckInCode). */
export function memberPageRoutes(app: FastifyInstance, db: Db, secret: () => string) {
  /** A call of the member API as this member, from the caller's address (its limits count it). */
  const ask = (request: FastifyRequest, token: string, url: string, payload?: object) =>
    app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { [memberTokenHeader]: token, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
      remoteAddress: request.ip,
    });

  const pageOf = (token: string) => `/m/${encodeURIComponent(token)}`;

  /** The page's answer: HTML that is never kept, whose CSP allows its one inline script. */
  function sendHtml(reply: FastifyReply, status: number, html: string) {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      void reply.header(
        'content-security-policy',
        policy.replace("script-src 'self'", `script-src 'self' ${scriptHashes}`),
      );
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  async function page(
    request: FastifyRequest<{ Params: Params; Querystring: Record<string, string> }>,
    reply: FastifyReply,
  ) {
    const { token } = request.params;
    // /m/in/<code> is the check-in page of the web's member entry; /m/in alone is not a token.
    if (token.toLowerCase() === 'in') return reply.callNotFound();
    const res = await ask(request, token, '/api/portal/getSummary');
    if (res.statusCode !== 200) {
      const language = acceptedLanguage(request.headers['accept-language']);
      // A dead link is a page that says so (as the page drawn in the browser did, status 200).
      if (res.statusCode === 404) return sendHtml(reply, 200, messagePageHtml(language, 'dead'));
      if (res.statusCode === 429) return sendHtml(reply, 429, messagePageHtml(language, 'tooMany'));
      request.log.error({ status: res.statusCode }, 'member page: summary failed');
      return sendHtml(reply, 500, messagePageHtml(language, 'generic'));
    }
    const summary = res.json() as PortalSummary;
    const renewing = (summary.upi?.offers ?? []).some((o) => o.purpose === 'renewal');
    const link = linkOf(token);
    const [qrs, checkIn, seats, pauses, found] = await Promise.all([
      Promise.all((summary.upi?.offers ?? []).map(async (o) => [o.reference, await svgOf(o.uri)] as const)),
      summary.member.active ? link.then(checkInCode) : null,
      renewing ? freeSeatsOf(request, token) : null,
      summary.member.active ? pausesOf(request, token) : [],
      link,
    ]);
    const extras: PageExtras = {
      token,
      qr: Object.fromEntries(qrs),
      checkIn,
      notice: noticeOf(request.query),
      seats,
      pauses,
      devanagariDigits: found?.devanagari_digits === true,
    };
    return sendHtml(reply, 200, memberPageHtml(summary, extras));
  }

  /** The member's own pauses (issue 45, point 4); none shown when they cannot be read. */
  async function pausesOf(request: FastifyRequest, token: string): Promise<Pause[]> {
    const res = await ask(request, token, '/api/portal/getPauses');
    return res.statusCode === 200 ? (res.json() as Pause[]) : [];
  }

  /** The seats a renewing member may choose, where the branch has rooms (issue 45, point 5). */
  async function freeSeatsOf(request: FastifyRequest, token: string): Promise<FreeSeats | null> {
    const res = await ask(request, token, '/api/portal/getFreeSeats');
    if (res.statusCode !== 200) return null;
    const seats = res.json() as FreeSeats;
    return seats.rooms.some((room) => room.seats.length > 0) ? seats : null;
  }

  /**
   * The live link (found so by the summary just before) with its organisation's digits setting
   * (issue 48, point 2: Devanagari digits for a Hindi member), read here rather than added to the
   * member API's summary, which the page alone needs it for.
   */
  async function linkOf(token: string) {
    const { rows } = await db.execute<{ id: number; token_hash: string; devanagari_digits: boolean }>(sql`
      select l.id, l.token_hash, c.devanagari_digits
      from portal_links l join clients c on c.id = l.client_id
      where l.token_hash = ${hashToken(token)} and l.revoked_at is null`);
    return rows[0] ?? null;
  }

  /**
   * The member's check-in code as GET /api/portal/getCheckInCode makes it (kiosk/codes.ts), drawn as
   * SVG; made here rather than asked for, since that route also draws it as a PNG (~20 ms) for the
   * script.
   */
  async function checkInCode(link: { id: number; token_hash: string } | null) {
    if (!link) return null;
    const code = memberCode(secret(), { id: link.id, tokenHash: link.token_hash });
    return { memberCode: code.memberCode, expiresAt: code.expiresAt, svg: await svgOf(code.memberCode) };
  }

  const pageSchema = { hide: true };
  app.get<{ Params: Params; Querystring: Record<string, string> }>('/m/:token', {
    config: publicRoute,
    schema: pageSchema,
    handler: page,
  });
  app.get<{ Params: Params; Querystring: Record<string, string> }>('/m/:token/', {
    config: publicRoute,
    schema: pageSchema,
    handler: page,
  });

  /** A receipt's PDF, opened from the page's link (the member API reads the token from a header). */
  app.get<{ Params: Params & { paymentId: string }; Querystring: { lang?: string } }>(
    '/m/:token/receipt/:paymentId',
    {
      config: publicRoute,
      schema: pageSchema,
      handler: async (request, reply) => {
        const { token, paymentId } = request.params;
        // The member's language, as the page's link names it (Hindi receipts too, issue 48).
        const lang = languageOf(request.query.lang);
        const res = await ask(
          request,
          token,
          `/api/portal/getReceiptPdf?paymentId=${encodeURIComponent(paymentId)}&lang=${lang}`,
        );
        if (res.statusCode !== 200) {
          const language = acceptedLanguage(request.headers['accept-language']);
          return sendHtml(
            reply,
            res.statusCode === 429 ? 429 : 404,
            messagePageHtml(language, res.statusCode === 429 ? 'tooMany' : 'dead'),
          );
        }
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .type('application/pdf')
          .header('content-disposition', String(res.headers['content-disposition'] ?? 'inline'))
          .send(res.rawPayload);
      },
    },
  );

  // The page's forms: URL-encoded bodies, read only by these routes.
  void app.register(async (scope) => {
    formParser(scope);

    /** A UPI claim from the page's form, filed by the member API's claim route. */
    scope.post<{ Params: Params; Body: Form }>('/m/:token/claim', {
      config: publicRoute,
      schema: pageSchema,
      handler: async (request, reply) => {
        const { token } = request.params;
        const form = request.body ?? {};
        const utr = (form.utr ?? '').trim();
        const amount = paiseOf(form.amount);
        let result: string;
        if (!/^\d{12}$/.test(utr)) result = 'utr';
        else if (amount === null) result = 'amount';
        else {
          const res = await ask(request, token, '/api/portal/claimUpiPayment', {
            amount,
            utr,
            reference: (form.reference ?? '').trim(),
          });
          // A dead link comes back to the dead-link page.
          if (res.statusCode === 404) return reply.redirect(pageOf(token), 303);
          result = res.statusCode === 201 ? 'sent' : codeOf(res);
        }
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${pageOf(token)}?claim=${result}#mp-pay`, 303);
      },
    });

    /** A seat chosen on the page's grid, held by the member API's route (issue 45, point 5). */
    scope.post<{ Params: Params; Body: Form }>('/m/:token/seat', {
      config: publicRoute,
      schema: pageSchema,
      handler: async (request, reply) => {
        const { token } = request.params;
        const res = await ask(request, token, '/api/portal/holdSeat', {
          seatId: (request.body?.seatId ?? '').trim(),
        });
        if (res.statusCode === 404) return reply.redirect(pageOf(token), 303);
        const result = res.statusCode === 200 ? 'kept' : codeOf(res);
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${pageOf(token)}?seat=${result}#mp-seats`, 303);
      },
    });

    /** A pause asked from the page's form, filed by the member API's pause route. */
    scope.post<{ Params: Params; Body: Form }>('/m/:token/pause', {
      config: publicRoute,
      schema: pageSchema,
      handler: async (request, reply) => {
        const { token } = request.params;
        const form = request.body ?? {};
        const days = Number(form.days);
        let result: string;
        if (!Number.isInteger(days) || days < 1) result = 'days';
        else {
          const res = await ask(request, token, '/api/portal/requestPause', {
            from: (form.from ?? '').trim(),
            days,
            reason: (form.reason ?? '').trim(),
          });
          if (res.statusCode === 404) return reply.redirect(pageOf(token), 303);
          result = res.statusCode === 201 ? 'asked' : codeOf(res);
        }
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${pageOf(token)}?pause=${result}#mp-pause`, 303);
      },
    });
  });
}
