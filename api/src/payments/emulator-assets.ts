// The emulator's browser side: the checkout page (no inline script, so CSP `script-src 'self'`
// holds), the page's script, and a cashfree.js v3-compatible SDK.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

export function checkoutPageHtml(order?: { orderId: string; amount: number; customerName: string; status: string }) {
  const body = order
    ? `<p class="muted">Order <code>${escapeHtml(order.orderId)}</code>${order.customerName ? ` for ${escapeHtml(order.customerName)}` : ''}</p>
  <p class="amount">${escapeHtml(INR.format(order.amount))}</p>
  ${order.status === 'ACTIVE' ? '' : `<p class="note">This order is ${escapeHtml(order.status)}.</p>`}
  <div class="list" role="list">
    <button type="button" data-outcome="success" data-method="upi">UPI: success <small>testsuccess@gocash</small></button>
    <button type="button" data-outcome="success" data-method="card">Card: success <small>4111 1111 1111 1111</small></button>
    <button type="button" data-outcome="failure" data-method="card">Card: failure <small>4000 0000 0000 0002</small></button>
    <button type="button" data-outcome="success" data-method="netbanking">Net banking: success <small>State Bank Of India</small></button>
    <button type="button" data-outcome="dropped" data-method="upi" class="secondary">Cancel / close</button>
  </div>
  <p id="status" class="muted" role="status" aria-live="polite"></p>`
    : '<p>This payment session does not exist or has expired.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Cashfree emulator checkout</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; padding: 24px; background: #f4f6fb; color: #1f2937; }
  main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 18px; margin: 0 0 4px; }
  .badge { display: inline-block; font-size: 11px; background: #fde68a; color: #78350f; border-radius: 4px; padding: 1px 6px; margin-left: 6px; vertical-align: middle; }
  .amount { font-size: 28px; font-weight: 700; margin: 8px 0 16px; }
  .muted { color: #6b7280; }
  .note { color: #b45309; }
  .list { display: grid; gap: 8px; }
  button { text-align: left; padding: 12px 14px; border-radius: 8px; border: 1px solid #d1d5db; background: #fff; font: inherit; cursor: pointer; }
  button:hover, button:focus-visible { border-color: #6d28d9; outline: none; box-shadow: 0 0 0 2px #ddd6fe; }
  button small { display: block; color: #6b7280; }
  button.secondary { background: #f9fafb; }
  button[disabled] { opacity: .6; cursor: progress; }
</style>
</head>
<body>
<main>
  <h1>Cashfree checkout <span class="badge">EMULATOR</span></h1>
  ${body}
</main>
<script src="../checkout.js"></script>
</body>
</html>`;
}

/** Runs in the checkout page: pays through the pay endpoint and reports to the opener frame. */
export const CHECKOUT_PAGE_SCRIPT = `(function () {
  'use strict';
  var parts = location.pathname.split('/');
  var sessionId = decodeURIComponent(parts[parts.length - 1]);
  var base = location.pathname.slice(0, location.pathname.lastIndexOf('/checkout/'));
  var statusEl = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-outcome]'));
  function report(result) {
    if (window.parent && window.parent !== window) {
      window.parent.postMessage({ source: 'cashfree-emulator', sessionId: sessionId, result: result }, location.origin);
    } else if (result.return_url) {
      location.assign(result.return_url);
    } else if (statusEl) {
      statusEl.textContent = result.error ? result.error.message : 'Payment successful. You may close this page.';
    }
  }
  // Escape closes the checkout from inside it too (focus is usually here), as closing the modal does.
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape' || !window.parent || window.parent === window) return;
    window.parent.postMessage({ source: 'cashfree-emulator', sessionId: sessionId, action: 'close' }, location.origin);
  });
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      buttons.forEach(function (b) { b.disabled = true; });
      if (statusEl) statusEl.textContent = 'Processing…';
      fetch(base + '/pay/' + encodeURIComponent(sessionId), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: button.getAttribute('data-outcome'), method: button.getAttribute('data-method') })
      }).then(function (res) {
        return res.json().then(function (body) {
          if (!res.ok) return { error: { message: body.message || 'Payment failed', code: body.code || 'payment_failed' } };
          return body;
        });
      }).catch(function () {
        return { error: { message: 'Network error while paying', code: 'network_error' } };
      }).then(function (body) {
        var result = body.paymentDetails
          ? { paymentDetails: body.paymentDetails, return_url: body.return_url }
          : { error: body.error || { message: 'Payment failed', code: 'payment_failed' }, return_url: body.return_url };
        report(result);
        buttons.forEach(function (b) { b.disabled = false; });
      });
    });
  });
})();
`;

/**
 * window.Cashfree({ mode }) → { checkout({ paymentSessionId, redirectTarget }) }, as Cashfree's v3
 * SDK. With redirectTarget '_modal' it opens an overlay with the checkout page in an iframe and
 * resolves { paymentDetails: { paymentMessage, payment_method, cf_payment_id } } or
 * { error: { message, code, type } }. Other targets navigate to the checkout page and resolve
 * { redirect: true }.
 */
export const SDK_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  var sdkUrl = new URL(script && script.src ? script.src : '/emulator/cashfree/sdk/v3/cashfree.js', location.href);
  var origin = sdkUrl.origin;
  var base = sdkUrl.pathname.replace(/\\/sdk\\/v3\\/cashfree\\.js$/, '');
  function checkoutUrl(sessionId) { return origin + base + '/checkout/' + encodeURIComponent(sessionId); }

  function openModal(sessionId) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('data-cashfree-emulator', '');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', 'Cashfree checkout');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483000;background:rgba(17,24,39,.6);display:flex;align-items:center;justify-content:center;';
      var frameBox = document.createElement('div');
      frameBox.style.cssText = 'position:relative;width:min(460px,95vw);height:min(640px,92vh);background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 10px 40px rgba(0,0,0,.3);';
      var close = document.createElement('button');
      close.type = 'button';
      close.textContent = '\\u00d7';
      close.setAttribute('aria-label', 'Close checkout');
      close.style.cssText = 'position:absolute;top:6px;right:8px;z-index:1;border:0;background:transparent;font-size:24px;line-height:1;cursor:pointer;color:#374151;';
      var iframe = document.createElement('iframe');
      iframe.src = checkoutUrl(sessionId);
      iframe.title = 'Cashfree checkout';
      iframe.style.cssText = 'width:100%;height:100%;border:0;';
      // Sentinels at both ends wrap Tab around, so focus never leaves for the page behind.
      function sentinel(onFocus) {
        var el = document.createElement('span');
        el.tabIndex = 0;
        el.setAttribute('aria-hidden', 'true');
        el.addEventListener('focus', onFocus);
        return el;
      }
      frameBox.appendChild(sentinel(function () { iframe.focus(); }));
      frameBox.appendChild(close);
      frameBox.appendChild(iframe);
      frameBox.appendChild(sentinel(function () { close.focus(); }));
      overlay.appendChild(frameBox);
      document.body.appendChild(overlay);
      // Focus stays inside the checkout, as in Cashfree's: the rest of the page is inert while it
      // is open, focus starts on it, and goes back where it was when it closes.
      var returnFocus = document.activeElement;
      var madeInert = Array.prototype.filter.call(document.body.children, function (el) {
        return el !== overlay && !el.inert;
      });
      madeInert.forEach(function (el) { el.inert = true; });
      close.focus();
      iframe.addEventListener('load', function () { if (!done) iframe.focus(); });
      var done = false;
      function finish(result) {
        if (done) return;
        done = true;
        window.removeEventListener('message', onMessage);
        document.removeEventListener('keydown', onKey);
        madeInert.forEach(function (el) { el.inert = false; });
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (returnFocus && typeof returnFocus.focus === 'function' && document.contains(returnFocus)) returnFocus.focus();
        resolve(result);
      }
      function onMessage(event) {
        if (event.origin !== origin || event.source !== iframe.contentWindow) return;
        var data = event.data;
        if (!data || data.source !== 'cashfree-emulator' || data.sessionId !== sessionId) return;
        if (data.action === 'close') return abandon();
        if (!data.result) return;
        if (data.result.paymentDetails) finish({ paymentDetails: data.result.paymentDetails });
        else finish({ error: data.result.error || { message: 'Payment failed', code: 'payment_failed', type: 'payment_error' } });
      }
      function abandon() {
        // Closing the modal is a dropped payment, as with Cashfree's own checkout.
        fetch(origin + base + '/pay/' + encodeURIComponent(sessionId), {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'dropped' })
        }).catch(function () {});
        finish({ error: { message: 'Payment was cancelled by the user', code: 'payment_aborted', type: 'payment_error' } });
      }
      function onKey(event) { if (event.key === 'Escape') abandon(); }
      window.addEventListener('message', onMessage);
      document.addEventListener('keydown', onKey);
      close.addEventListener('click', abandon);
    });
  }

  function Cashfree(options) {
    var mode = (options && options.mode) || 'sandbox';
    return {
      mode: mode,
      emulated: true,
      checkout: function (opts) {
        var sessionId = opts && opts.paymentSessionId;
        if (!sessionId || typeof sessionId !== 'string') {
          return Promise.resolve({ error: { message: 'paymentSessionId is required', code: 'payment_session_id_invalid', type: 'validation_error' } });
        }
        var target = (opts && opts.redirectTarget) || '_self';
        if (target === '_modal') return openModal(sessionId);
        if (target === '_blank') window.open(checkoutUrl(sessionId), '_blank', 'noopener');
        else if (target === '_top' && window.top) window.top.location.href = checkoutUrl(sessionId);
        else location.href = checkoutUrl(sessionId);
        return Promise.resolve({ redirect: true });
      }
    };
  }
  Cashfree.version = '3-emulator';
  window.Cashfree = Cashfree;
})();
`;
