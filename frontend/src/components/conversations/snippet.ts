/** The tag a customer site carries to load the widget (the gateway serves the loader). */
export function embedSnippet(gatewayOrigin: string, domainId: string): string {
  const origin = gatewayOrigin.replace(/\/+$/, '');
  return `<script src="${origin}/widget/loader.js" data-domain-id="${domainId}" async></script>`;
}
