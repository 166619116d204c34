/** The hosted pages of the local server: Checkout, Connect onboarding and the billing portal. */

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;display:flex;justify-content:center;padding:48px 16px}
main{background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:32px;max-width:420px;width:100%}
h1{font-size:20px;margin:0 0 4px}p.sub{color:#697386;margin:0 0 20px}label{display:block;font-size:13px;color:#697386;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #e3e8ee;border-radius:6px;font:inherit}
.row{display:flex;gap:8px}.row>div{flex:1}button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}.error{color:#df1b41;margin-top:12px}.note{font-size:12px;color:#697386;margin-top:16px}
table{width:100%;border-collapse:collapse;margin-top:12px}td{padding:6px 0;border-bottom:1px solid #e3e8ee;font-size:14px}
</style></head><body><main>${body}<p class="note">Local payment server — test mode. No real money moves.</p></main></body></html>`;
}

export function checkoutPage(input: {
  id: string;
  productName: string;
  amount: string;
  email: string | null;
  error?: string;
  cancelUrl: string | null;
}): string {
  return layout(
    `Subscribe to ${input.productName}`,
    `<h1>Subscribe to ${esc(input.productName)}</h1><p class="sub">${esc(input.amount)} per month</p>
<form method="post" action="/checkout/${esc(input.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" required value="${esc(input.email)}">
<label for="name">Name on card</label><input id="name" name="name" required autocomplete="cc-name">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" placeholder="MM / YY" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" required></div></div>
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
<button type="submit">Subscribe</button></form>
${input.cancelUrl ? `<form method="get" action="${esc(input.cancelUrl)}"><button class="secondary" type="submit">Cancel</button></form>` : ''}`,
  );
}

export function onboardingPage(input: {
  account: string;
  returnUrl: string;
  refreshUrl: string | null;
}): string {
  return layout(
    'Set up payouts',
    `<h1>Set up payouts</h1><p class="sub">Connected account ${esc(input.account)}</p>
<p>Onboarding collects your business details and a bank account. The local server needs none: completing it
turns on card payments and payouts for this account.</p>
<form method="post" action="/connect/onboarding/${esc(input.account)}">
<input type="hidden" name="return_url" value="${esc(input.returnUrl)}">
<button type="submit">Complete onboarding</button></form>
${input.refreshUrl ? `<form method="get" action="${esc(input.refreshUrl)}"><button class="secondary" type="submit">Not now</button></form>` : ''}`,
  );
}

export function portalPage(input: {
  customer: string;
  email: string | null;
  returnUrl: string | null;
  subscriptions: {
    id: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    periodEnd: string;
    amount: string;
  }[];
}): string {
  const rows = input.subscriptions
    .map(
      (
        s,
      ) => `<tr><td>${esc(s.amount)}/month</td><td>${esc(s.status)}${s.cancelAtPeriodEnd ? `, ends ${esc(s.periodEnd)}` : `, renews ${esc(s.periodEnd)}`}</td>
<td>${
        s.status !== 'canceled' && !s.cancelAtPeriodEnd
          ? `<form method="post" action="/portal/${esc(input.customer)}/subscriptions/${esc(s.id)}/cancel"><input type="hidden" name="return_url" value="${esc(input.returnUrl)}"><button class="secondary" type="submit">Cancel plan</button></form>`
          : ''
      }</td></tr>`,
    )
    .join('');
  return layout(
    'Billing',
    `<h1>Billing</h1><p class="sub">${esc(input.email ?? input.customer)}</p>
<table>${rows || '<tr><td>No subscriptions</td></tr>'}</table>
${input.returnUrl ? `<form method="get" action="${esc(input.returnUrl)}"><button type="submit">Return</button></form>` : ''}`,
  );
}

export function notFoundPage(what: string): string {
  return layout('Not found', `<h1>Not found</h1><p>${esc(what)}</p>`);
}
