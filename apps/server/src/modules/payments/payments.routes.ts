import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney, ZId } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { paySimulatedCheckout, takeStripeEvent } from '../../flows/guest-payment.flow.ts';
import { cancelSimulatedCheckout, getSimulatedCheckout } from './payments.service.ts';

const ZCheckoutParams = z.object({ id: ZId });

/** The simulator's page look, from this origin as the policy wants it (no inline style). */
const simulatorStyle = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:1rem 0}
.note{font-size:.875rem;color:#475569;background:#fef9c3;padding:.5rem .75rem;border-radius:.5rem}
form{margin-top:1rem}button{width:100%;padding:.875rem;font-size:1rem;border-radius:.5rem;border:0;cursor:pointer}
.pay{background:#1d4ed8;color:#fff}.cancel{background:#e2e8f0;color:#0f172a}`;

/**
 * The payment partners' side: Stripe's webhook (authenticated by its signature, so public), and the
 * built-in simulator's hosted checkout page, outside /api like a partner's own site.
 */
export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Stripe signs the body as sent: it is kept as bytes, never parsed and written again.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/stripe/:propertyId/webhook',
      {
        schema: {
          tags: ['payments'],
          params: z.object({ propertyId: ZId }),
          response: { 200: z.object({ received: z.boolean() }), ...problemResponses },
        },
        config: { access: 'public' },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await takeStripeEvent(
          ctx,
          request.params.propertyId,
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true };
      },
    );
    done();
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/payments/simulator.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(simulatorStyle),
  );
  routes.get(
    '/payments/simulator/:id',
    { schema: { hide: true, params: ZCheckoutParams } },
    async (request, reply) => {
      const { checkout, propertyName } = await getSimulatedCheckout(ctx, request.params.id);
      const amount = escapeHtml(formatMoney(checkout.amount, checkout.currency, 'de-AT'));
      const path = `/payments/simulator/${checkout.id}`;
      const actions =
        checkout.status === 'open'
          ? `<form method="post" action="${path}/pay"><button class="pay" type="submit">Bezahlen · Pay ${amount}</button></form>
<form method="post" action="${path}/cancel"><button class="cancel" type="submit">Abbrechen · Cancel</button></form>`
          : `<p>${checkout.status === 'paid' ? 'Bezahlt · Paid' : 'Abgebrochen · Canceled'}</p>`;
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Zahlung · Payment</title><link rel="stylesheet" href="/payments/simulator.css"></head>
<body><main><h1>${escapeHtml(propertyName)}</h1>
<p class="note">Simulierter Zahlungsanbieter: es wird keine Karte belastet. · Simulated payment partner: no card is charged.</p>
<p class="amount">${amount}</p>
${actions}</main></body></html>`);
    },
  );
  // The page's buttons are HTML forms: they post form-encoded bodies, which carry nothing to read.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    const formRoutes = scope.withTypeProvider<ZodTypeProvider>();
    for (const [action, apply] of [
      ['pay', paySimulatedCheckout],
      ['cancel', cancelSimulatedCheckout],
    ] as const) {
      formRoutes.post(
        `/payments/simulator/:id/${action}`,
        { schema: { hide: true, params: ZCheckoutParams } },
        async (request, reply) => {
          await apply(ctx, request.params.id);
          const { checkout, successUrl, cancelUrl } = await getSimulatedCheckout(ctx, request.params.id);
          // Back with success only when it is paid: a replaced or canceled checkout takes no payment.
          return reply.redirect(checkout.status === 'paid' ? successUrl : cancelUrl, 303);
        },
      );
    }
    done();
  });
}
