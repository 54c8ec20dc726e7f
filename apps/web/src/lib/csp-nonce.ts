/** The per-response CSP nonce the server wrote into index.html; antd's style tags must carry it. */
export function readCspNonce(): string | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content && content !== '__CSP_NONCE__' ? content : undefined;
}

let installed = false;

/**
 * Gives the nonce to every `<style>` element that script adds to the document without one.
 *
 * antd passes the nonce to its own style tags (ConfigProvider `csp`), but the helpers beneath it do not:
 * opening a Drawer or Modal locks the page's scroll with a `<style>` from @rc-component/portal, and the
 * scrollbar measurement of @rc-component/util adds another; the CSP (style-src 'self' 'nonce-…') blocks
 * both. Marking style elements as they are inserted fixes every such library at once. It grants nothing an
 * attacker could use: script is already limited to our own files, which can read the nonce anyway, and
 * markup injected as HTML is parsed, not inserted through these methods, so it stays blocked.
 */
export function nonceScriptInsertedStyles(nonce: string | undefined): void {
  if (!nonce || installed || typeof Node === 'undefined') return;
  installed = true;
  const mark = (node: unknown) => {
    if (node instanceof HTMLStyleElement && !node.nonce) node.nonce = nonce;
  };
  const appendChild = Node.prototype.appendChild;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    mark(node);
    return appendChild.call(this, node) as T;
  };
  const insertBefore = Node.prototype.insertBefore;
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    mark(node);
    return insertBefore.call(this, node, child) as T;
  };
  for (const method of ['append', 'prepend'] as const) {
    const original = Element.prototype[method];
    Element.prototype[method] = function (this: Element, ...nodes: (Node | string)[]) {
      nodes.forEach(mark);
      original.apply(this, nodes);
    };
  }
}
