import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API the app calls through the `stripe` SDK (pointed here by
 * STRIPE_API_BASE): Checkout Sessions (create, retrieve, expire), customer portal sessions, and
 * subscription cancellation, with Stripe's form-encoded bodies, Bearer key and error JSON
 * (https://docs.stripe.com/api). It also hosts a checkout page at each session's `url` whose Pay button
 * sends the signed `checkout.session.completed` and `customer.subscription.updated` webhooks to the app
 * that created the session (the origin of its success_url), then redirects to success_url, as Stripe does.
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, decoded into nested objects (line_items[0][price] → line_items[0].price). */
  body: Record<string, unknown>;
  authorization: string | undefined;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  created: number;
  /** Not Stripe's: what the session was created with, for assertions. */
  priceId: string;
  subscriptionMetadata: Record<string, string>;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  created: number;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export interface FakeStripeOptions {
  /** A fixed port (the end-to-end suite's app is configured with it); 0 or omitted: any free port. */
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
}

/** Decodes Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A webhook body and its Stripe-Signature header, signed with the SDK's own test helper. */
export function signStripeEvent(event: object, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** An event as Stripe delivers it (API snapshot payload). */
export function stripeEvent(type: string, object: object, created = nowSeconds()) {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customersByEmail = new Map<string, string>();
  /** Webhook deliveries the Pay button made: where, which event, the app's answer. */
  const deliveries: { url: string; type: string; status: number }[] = [];
  let url = '';

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: http.ServerResponse, status: number, message: string, param?: string) =>
    answer(res, status, {
      error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
    });
  const publicSession = ({ priceId: _p, subscriptionMetadata: _m, ...session }: FakeCheckoutSession) =>
    session;

  function createSession(res: http.ServerResponse, body: Record<string, unknown>) {
    const lineItems = body.line_items as { price?: string; quantity?: string }[] | undefined;
    const priceId = lineItems?.[0]?.price;
    if (body.mode !== 'subscription' && body.mode !== 'payment' && body.mode !== 'setup')
      return stripeError(res, 400, 'Missing required param: mode.', 'mode');
    if (!priceId) return stripeError(res, 400, 'Missing required param: line_items[0][price].', 'line_items');
    if (typeof body.success_url !== 'string' || !/^https?:\/\//.test(body.success_url))
      return stripeError(res, 400, 'Not a valid URL', 'success_url');
    if (body.customer && body.customer_email)
      return stripeError(res, 400, 'You may only specify one of these parameters: customer, customer_email.');
    const id = `cs_test_${randomBytes(20).toString('hex')}`;
    const subscriptionData = (body.subscription_data ?? {}) as { metadata?: Record<string, string> };
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: String(body.mode),
      status: 'open',
      payment_status: 'unpaid',
      url: `${url}/pay/${id}`,
      success_url: body.success_url,
      cancel_url: String(body.cancel_url ?? ''),
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      customer: (body.customer as string | undefined) ?? null,
      customer_email: (body.customer_email as string | undefined) ?? null,
      subscription: null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      created: nowSeconds(),
      priceId,
      subscriptionMetadata: subscriptionData.metadata ?? {},
    };
    sessions.set(id, session);
    answer(res, 200, publicSession(session));
  }

  /** What paying does at Stripe: a customer, an active subscription, the session complete. */
  function completeSession(session: FakeCheckoutSession) {
    let customer = session.customer;
    if (!customer) {
      const email = session.customer_email ?? '';
      customer = customersByEmail.get(email) ?? newId('cus');
      customersByEmail.set(email, customer);
    }
    const start = nowSeconds();
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: session.subscriptionMetadata,
      created: start,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: session.priceId, object: 'price' },
            quantity: 1,
            current_period_start: start,
            current_period_end: start + 30 * 24 * 3600,
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
      url: null,
    });
    return subscription;
  }

  /** The events Stripe sends when a session is paid, in the order it usually sends them. */
  function completionEvents(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no fake checkout session ${sessionId}`);
    const subscription =
      session.status === 'complete' ? subscriptions.get(session.subscription!)! : completeSession(session);
    return [
      stripeEvent('checkout.session.completed', publicSession(session)),
      stripeEvent('customer.subscription.updated', subscription),
    ];
  }

  async function deliver(target: string, event: ReturnType<typeof stripeEvent>) {
    const { payload, signature } = signStripeEvent(event, webhookSecret);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
    deliveries.push({ url: target, type: event.type, status: response.status });
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  async function hostedPage(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const [, , id, action] = path.split('/');
    const session = sessions.get(id ?? '');
    if (!session || session.status !== 'open') {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      return res.end(page('This checkout is no longer available', ''));
    }
    if (req.method === 'POST' && action === 'complete') {
      // The app that created the session hears about it at its own webhook endpoint.
      const target = `${new URL(session.success_url).origin}/api/stripe/webhook`;
      for (const event of completionEvents(session.id)) await deliver(target, event);
      res.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(
      page(
        'Test checkout',
        `<p>Subscribe to ${escapeHtml(session.priceId)}</p>` +
          `<form method="post" action="/pay/${session.id}/complete"><button type="submit">Pay</button></form>` +
          `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
      ),
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (path.startsWith('/pay/')) {
        hostedPage(req, res, path).catch((err: unknown) => {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(String(err));
        });
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const body = decodeStripeForm(text);
      requests.push({ method: req.method ?? 'GET', path, body, authorization: req.headers.authorization });
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return answer(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      if (
        req.method === 'POST' &&
        !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')
      )
        return stripeError(res, 400, 'Expected a form-encoded body');

      let match: RegExpMatchArray | null;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') return createSession(res, body);
      if ((match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/))) {
        const session = sessions.get(match[1]!);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${match[1]}'`, 'session');
        if (req.method === 'GET' && !match[2]) return answer(res, 200, publicSession(session));
        if (req.method === 'POST' && match[2]) {
          if (session.status !== 'open')
            return stripeError(res, 400, 'Only Checkout Sessions with a status of open can be expired.');
          Object.assign(session, { status: 'expired', url: null });
          return answer(res, 200, publicSession(session));
        }
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        if (!body.customer) return stripeError(res, 400, 'Missing required param: customer.', 'customer');
        return answer(res, 200, {
          id: newId('bps'),
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url ?? null,
          url: `${url}/portal/${String(body.customer)}`,
        });
      }
      if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/)) && req.method === 'DELETE') {
        const subscription = subscriptions.get(match[1]!);
        if (!subscription)
          return stripeError(res, 404, `No such subscription: '${match[1]}'`, 'subscription');
        subscription.status = 'canceled';
        return answer(res, 200, subscription);
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;

  return {
    /** Use as STRIPE_API_BASE. */
    url,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    deliveries,
    /** Pays a session as the hosted page's Pay button does, and answers the events Stripe would send. */
    completionEvents,
    /** The API requests to this path (e.g. '/v1/checkout/sessions'). */
    requestsTo: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
    env(overrides: Record<string, string> = {}): Record<string, string> {
      return {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_BASE: url,
        ...overrides,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
