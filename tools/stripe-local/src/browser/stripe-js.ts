/**
 * A Stripe.js-compatible script (what https://js.stripe.com/v3 provides) for the local server:
 * `Stripe(publishableKey)` with Elements (the `card` element: number, expiry, CVC and postal code
 * as real inputs rendered in the page), `confirmCardPayment`, `createPaymentMethod`,
 * `retrievePaymentIntent` and `createToken`, talking to this server's /v1 with the publishable
 * key as Stripe.js does. Enough for @stripe/react-stripe-js's <Elements>, <CardElement>,
 * useStripe and useElements. Card numbers never leave the page except to this server.
 */
export function stripeJs(apiBase: string): string {
  return `(function () {
  'use strict';
  var API = ${JSON.stringify(apiBase)};
  function encode(obj, prefix, out) {
    out = out || [];
    Object.keys(obj).forEach(function (k) {
      var v = obj[k];
      if (v === undefined || v === null) return;
      var key = prefix ? prefix + '[' + k + ']' : k;
      if (typeof v === 'object') encode(v, key, out);
      else out.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(v)));
    });
    return out.join('&');
  }
  function request(method, path, key, params) {
    var body = encode(Object.assign({ key: key }, params || {}));
    var url = API + '/v1' + path + (method === 'GET' ? '?' + body : '');
    return fetch(url, {
      method: method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : body,
    }).then(function (r) {
      return r.json().then(function (json) { return { ok: r.ok, json: json }; });
    }).catch(function () {
      return { ok: false, json: { error: { type: 'api_connection_error', message: 'We could not connect to the payment provider. Please try again.' } } };
    });
  }
  function IntegrationError(message) { var e = new Error(message); e.name = 'IntegrationError'; return e; }

  var digits = function (s) { return String(s || '').replace(/\\D+/g, ''); };
  function luhn(n) {
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function brandOf(n) {
    if (/^4/.test(n)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard';
    if (/^3[47]/.test(n)) return 'amex';
    return 'unknown';
  }

  function CardElement(options) {
    this._options = options || {};
    this._handlers = {};
    this._root = null;
    this._inputs = {};
    this._destroyed = false;
  }
  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  CardElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (h) { h(payload); });
  };
  CardElement.prototype._values = function () {
    var exp = digits(this._inputs.expiry.value);
    return {
      number: digits(this._inputs.number.value),
      expMonth: exp.slice(0, 2),
      expYear: exp.slice(2, 4),
      cvc: digits(this._inputs.cvc.value),
      postal: this._inputs.postal ? this._inputs.postal.value.trim() : '',
    };
  };
  CardElement.prototype._validate = function () {
    var v = this._values();
    var now = new Date();
    if (!v.number) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
    if (v.number.length < 13) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
    if (!luhn(v.number)) return { code: 'invalid_number', message: 'Your card number is invalid.' };
    if (v.expMonth.length < 2 || v.expYear.length < 2) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
    var m = Number(v.expMonth), y = 2000 + Number(v.expYear);
    if (m < 1 || m > 12) return { code: 'invalid_expiry_month', message: "Your card's expiration date is incomplete." };
    if (y < now.getFullYear() || (y === now.getFullYear() && m < now.getMonth() + 1)) return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
    if (v.cvc.length < 3) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    if (this._inputs.postal && !v.postal) return { code: 'incomplete_zip', message: 'Your postal code is incomplete.' };
    return null;
  };
  CardElement.prototype._changed = function () {
    var v = this._values();
    var error = this._validate();
    var empty = !v.number && !v.expMonth && !v.cvc && !v.postal;
    var shown = error && !empty && error.code.indexOf('invalid') === 0 ? error : undefined;
    this._errorEl.textContent = shown ? shown.message : '';
    this._emit('change', {
      elementType: 'card',
      empty: empty,
      complete: !error,
      brand: brandOf(v.number),
      error: shown ? { type: 'validation_error', code: shown.code, message: shown.message } : undefined,
      value: { postalCode: v.postal },
    });
  };
  CardElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw IntegrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
    var self = this;
    var style = (this._options.style && this._options.style.base) || {};
    var root = document.createElement('div');
    root.className = 'StripeElement StripeElement--local';
    root.setAttribute('data-stripe-local', 'card');
    root.style.cssText = 'display:flex;flex-wrap:wrap;gap:6px;align-items:center;width:100%;';
    function field(name, placeholder, width, mode, autocomplete, max) {
      var input = document.createElement('input');
      input.setAttribute('data-stripe-local', name);
      input.setAttribute('aria-label', placeholder);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.inputMode = mode;
      input.maxLength = max;
      input.style.cssText = 'flex:' + width + ';min-width:0;border:0;outline:0;background:transparent;font:inherit;padding:4px 2px;' +
        'color:' + (style.color || 'inherit') + ';font-size:' + (style.fontSize || '16px') + ';';
      input.addEventListener('input', function () {
        if (name === 'number') input.value = digits(input.value).replace(/(\\d{4})(?=\\d)/g, '$1 ');
        if (name === 'expiry') { var d = digits(input.value).slice(0, 4); input.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d; }
        if (name === 'cvc') input.value = digits(input.value);
        self._changed();
      });
      input.addEventListener('focus', function () { self._emit('focus', { elementType: 'card' }); });
      input.addEventListener('blur', function () { self._emit('blur', { elementType: 'card' }); });
      root.appendChild(input);
      self._inputs[name] = input;
    }
    field('number', 'Card number', '4 1 160px', 'numeric', 'cc-number', 23);
    field('expiry', 'MM / YY', '1 1 64px', 'numeric', 'cc-exp', 7);
    field('cvc', 'CVC', '1 1 48px', 'numeric', 'cc-csc', 4);
    if (!this._options.hidePostalCode) field('postal', 'ZIP', '1 1 64px', 'text', 'postal-code', 10);
    this._errorEl = document.createElement('div');
    this._errorEl.setAttribute('role', 'alert');
    this._errorEl.style.cssText = 'flex-basis:100%;color:#df1b41;font-size:13px;';
    root.appendChild(this._errorEl);
    host.appendChild(root);
    this._root = root;
    setTimeout(function () { if (!self._destroyed) self._emit('ready', { elementType: 'card' }); }, 0);
  };
  CardElement.prototype.update = function (options) { Object.assign(this._options, options || {}); };
  CardElement.prototype.clear = function () {
    var inputs = this._inputs;
    Object.keys(inputs).forEach(function (k) { inputs[k].value = ''; });
    if (this._root) this._changed();
  };
  CardElement.prototype.focus = function () { if (this._inputs.number) this._inputs.number.focus(); };
  CardElement.prototype.blur = function () { if (document.activeElement) document.activeElement.blur(); };
  CardElement.prototype.unmount = function () { if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root); };
  CardElement.prototype.destroy = function () { this.unmount(); this._destroyed = true; this._handlers = {}; };
  CardElement.prototype._paymentMethodData = function (billing) {
    var v = this._values();
    var details = Object.assign({}, billing || {});
    if (v.postal) details.address = Object.assign({}, details.address || {}, { postal_code: details.address && details.address.postal_code || v.postal });
    return { type: 'card', card: { number: v.number, exp_month: v.expMonth, exp_year: v.expYear, cvc: v.cvc }, billing_details: details };
  };

  function Elements(stripe, options) { this._stripe = stripe; this._options = options || {}; this._elements = {}; }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') throw IntegrationError('The local payment server supports the card element only, not ' + type + '.');
    if (this._elements.card) throw IntegrationError('Can only create one Element of type card.');
    var el = new CardElement(options);
    this._elements.card = el;
    return el;
  };
  // Stripe.js takes the type name or a wrapper's component (react-stripe-js's carry __elementType).
  Elements.prototype.getElement = function (type) {
    var name = type && typeof type !== 'string' && type.__elementType ? type.__elementType : type;
    var el = this._elements[name];
    return el && !el._destroyed ? el : null;
  };
  Elements.prototype.update = function (options) { Object.assign(this._options, options || {}); };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () {
    var el = this.getElement('card');
    var err = el && el._validate();
    return Promise.resolve(err ? { error: { type: 'validation_error', code: err.code, message: err.message } } : {});
  };

  function paymentMethodParams(data) {
    var pm = data && data.payment_method;
    if (typeof pm === 'string') return { payment_method: pm };
    if (pm && pm.card instanceof CardElement) {
      var err = pm.card._validate();
      if (err) return { error: { type: 'validation_error', code: err.code, message: err.message } };
      return { payment_method_data: pm.card._paymentMethodData(pm.billing_details) };
    }
    return {};
  }

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw IntegrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_...). You specified: ' + key + '.');
    this._key = key;
    this._options = options || {};
  }
  Stripe.version = 3;
  Stripe.prototype.elements = function (options) { return new Elements(this, options); };
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    var id = String(clientSecret || '').split('_secret_')[0];
    var params = paymentMethodParams(data);
    if (params.error) return Promise.resolve({ error: params.error });
    if (data && data.receipt_email) params.receipt_email = data.receipt_email;
    params.client_secret = clientSecret;
    return request('POST', '/payment_intents/' + encodeURIComponent(id) + '/confirm', this._key, params).then(function (r) {
      return r.ok ? { paymentIntent: r.json } : { error: r.json.error };
    });
  };
  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = String(clientSecret || '').split('_secret_')[0];
    return request('GET', '/payment_intents/' + encodeURIComponent(id), this._key, { client_secret: clientSecret }).then(function (r) {
      return r.ok ? { paymentIntent: r.json } : { error: r.json.error };
    });
  };
  Stripe.prototype.createPaymentMethod = function (input, maybeElement, maybeData) {
    var data = typeof input === 'string' ? Object.assign({ type: input, card: maybeElement }, maybeData || {}) : input || {};
    if (!(data.card instanceof CardElement)) return Promise.resolve({ error: { type: 'validation_error', message: 'A card element is required.' } });
    var err = data.card._validate();
    if (err) return Promise.resolve({ error: { type: 'validation_error', code: err.code, message: err.message } });
    return request('POST', '/payment_methods', this._key, data.card._paymentMethodData(data.billing_details)).then(function (r) {
      return r.ok ? { paymentMethod: r.json } : { error: r.json.error };
    });
  };
  Stripe.prototype.createToken = function (element) {
    if (!(element instanceof CardElement)) return Promise.resolve({ error: { type: 'validation_error', message: 'A card element is required.' } });
    var err = element._validate();
    if (err) return Promise.resolve({ error: { type: 'validation_error', code: err.code, message: err.message } });
    return request('POST', '/tokens', this._key, { card: element._paymentMethodData().card }).then(function (r) {
      return r.ok ? { token: r.json } : { error: r.json.error };
    });
  };
  window.Stripe = Stripe;
})();
`;
}
